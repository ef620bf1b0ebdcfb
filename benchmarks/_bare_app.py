"""The yardstick: a bare Textual app, run in the same pty and the same way as combat-tui.

It shows one line of text, and each `n` (or `:`) rewrites it, so a key's effect can be seen on
screen as the app's is. Run with mouse=False, as combat-tui is.
"""

from textual.app import App, ComposeResult
from textual.widgets import Static


class Bare(App):
    BINDINGS = [("n", "bump", "Next"), ("colon", "bump", "Prompt")]

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def compose(self) -> ComposeResult:
        yield Static("A bare Textual app.", id="line")

    def action_bump(self) -> None:
        self.count += 1
        self.query_one("#line", Static).update(f"A bare Textual app. Key {self.count}.")


if __name__ == "__main__":
    Bare().run(mouse=False)
