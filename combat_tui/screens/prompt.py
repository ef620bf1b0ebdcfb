"""CommandPrompt: the `:` line that takes the text form of commands (DESIGN.md §5).

Tab completes the word before the cursor from `core.completion` (verbs, names, weapons, spells,
options), and a second Tab goes on to the next candidate; the candidates show under the line.
Up and down walk the earlier lines, which the GM's app keeps across restarts (`keep`).
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from combat_tui.core.completion import Completion, complete
from combat_tui.core.examples import example_line
from combat_tui.core.text import printable

HINT = "Enter runs it · Tab completes · ↑↓ earlier lines · an empty line or Esc closes"


class LineInput(Input):
    """The prompt's field: whatever is typed or pasted is shown as text the terminal can draw.

    A control character, an escape sequence's ESC or a lone surrogate (pasted bytes that are not
    UTF-8) would garble the shared screen or stop the app writing to it; each becomes U+FFFD,
    one character for one, and the parser refuses the line naming its position."""

    BINDINGS = [
        Binding("tab", "complete(1)", "Complete", show=False, id="prompt.complete"),
        Binding("shift+tab", "complete(-1)", "Previous completion", show=False, id="prompt.complete-back"),
    ]
    """The field's own (not the screen's priority keys): a Tab typed in one burst with the letters
    before it (SSH sends a fast typist's keys together) waits for them, where a priority key ran
    first and completed the line as it was (`ne` Tab gave `dicene`). Bound here, Tab does not move
    the focus either."""

    def replace(self, text: str, start: int, end: int) -> None:
        super().replace(printable(text), start, end)

    def action_complete(self, step: int) -> None:
        self.screen.action_complete(step)


class CommandPrompt(ModalScreen[str | None]):
    """A one-line prompt at the bottom; dismisses with the line typed (None when closed)."""

    CSS_PATH = "prompt.tcss"

    BINDINGS = [
        Binding("escape", "close", "Close", show=False, id="prompt.close"),
        Binding("f3", "close", "Close", show=False, id="prompt.close-f3"),
        Binding("up", "recall(-1)", "Earlier line", show=False, id="prompt.earlier"),
        Binding("down", "recall(1)", "Later line", show=False, id="prompt.later"),
    ]
    """Enter runs the line, Tab completes it (the field's own keys: `LineInput`); these close it
    and walk the history."""

    def __init__(self, history: list[str], *, keep: bool = False, start: str = "") -> None:
        super().__init__()
        self.history = history
        """Earlier lines, oldest first; shared with the app so it lasts between prompts."""
        self.keep = keep
        """Read the history from the user's folder and write each new line back (the GM's app)."""
        if keep:
            recall_kept(history)
        self._at = len(history)
        self._begun = start
        self._cycle: tuple[str, str, Completion, int] | None = None
        """(the text before and after the cursor, the completion, the candidate shown) while Tab
        cycles."""
        self._shown = ""
        """The line as the last Tab left it: a change to anything else ends the cycle."""

    def compose(self) -> ComposeResult:
        with Vertical(id="prompt-box"):
            session = getattr(self.app, "session", None)
            yield Static(example_line(session.state if session is not None else None), id="prompt-examples")
            yield LineInput(self._begun, placeholder="a command, such as: next", compact=True, id="prompt-input")
            yield Static("", id="prompt-choices")
            yield Static(HINT, id="prompt-hint")

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        line = printable(event.value).strip()
        if line:
            remember(self.history, line, self.keep)
        self.dismiss(line or None)

    @on(Input.Changed)
    def _typed(self, event: Input.Changed) -> None:
        if event.value != self._shown:  # typed or recalled: the candidates no longer apply
            self._cycle = None
            self._show_choices("")

    def action_close(self) -> None:
        self.dismiss(None)

    def action_recall(self, step: int) -> None:
        if not self.history:
            return
        self._at = max(0, min(len(self.history), self._at + step))
        field = self.query_one(Input)
        field.value = self.history[self._at] if self._at < len(self.history) else ""
        field.cursor_position = len(field.value)

    def action_complete(self, step: int) -> None:
        field = self.query_one(Input)
        if self._cycle is not None and field.value == self._shown:
            before, after, completion, index = self._cycle
            index = (index + step) % len(completion.candidates)
        else:
            before, after = field.value[: field.cursor_position], field.value[field.cursor_position :]
            completion = self._completion(before)
            if completion is None or not completion.candidates:
                self._cycle = None
                self._show_choices("Nothing to complete here." if completion is not None else "")
                return
            index = 0 if step > 0 else len(completion.candidates) - 1
        line = completion.fill(before, index)
        self._shown = line + after
        field.value = self._shown
        field.cursor_position = len(line)
        if len(completion.candidates) == 1:
            self._cycle = None
            self._show_choices("")
        else:
            self._cycle = (before, after, completion, index)
            self._show_choices(choices_line(completion.candidates, index, self._width()))

    def _completion(self, before: str) -> Completion | None:
        """The completion of the text before the cursor; None without a campaign (a seat)."""
        session = getattr(self.app, "session", None)
        if session is None:
            return None
        return complete(before, session.state, file_verbs())

    def _width(self) -> int:
        return max(20, self.query_one("#prompt-choices").size.width or self.app.size.width - 4)

    def _show_choices(self, text: str | Text) -> None:
        choices = self.query_one("#prompt-choices", Static)
        if not text and not choices.display:
            return  # every key typed comes here: no repaint when nothing shows
        choices.update(text)
        choices.display = bool(text)


def choices_line(candidates: tuple[str, ...], index: int, width: int) -> Text:
    """The candidates in one line of `width` cells, the one shown in reverse; a list too long
    shows the stretch around it, with … where more are."""
    gap = "  "
    pages: list[list[int]] = [[]]
    used = 0
    room = width - len(f"… … {len(candidates)} in all")  # the marks of more before and after
    for at, word in enumerate(candidates):
        size = len(word) + len(gap)
        if pages[-1] and used + size > room:
            pages.append([])
            used = 0
        pages[-1].append(at)
        used += size
    page = next(p for p in pages if index in p)
    line = Text("… " if page[0] > 0 else "", style="dim")
    for at in page:
        line.append(candidates[at], style="reverse" if at == index else "")
        line.append(gap)
    if page[-1] < len(candidates) - 1:
        line.append(f"… {len(candidates)} in all", style="dim")
    return line


def recall_kept(history: list[str]) -> None:
    """Fill an empty history from the user's folder (the app keeps it non-empty once read)."""
    if not history:
        from combat_tui.storage.prompt_history import read_history

        history.extend(read_history())


def remember(history: list[str], line: str, keep: bool) -> None:
    """Add a line run at the prompt (or typed in the palette); a repeat of the last is not added.
    With `keep`, the history is written back to the user's folder."""
    if keep:
        recall_kept(history)  # first, or the file's lines would be lost
    if history and history[-1] == line:
        return
    history.append(line)
    if keep:
        from combat_tui.storage.prompt_history import KEEP, write_history

        del history[:-KEEP]
        write_history(history)


def file_verbs() -> dict[str, str]:
    """`export` and `import` with their usage lines: verbs the app runs beside the text form."""
    from combat_tui.library.sharing import USAGE

    verbs: dict[str, str] = {}
    for form in USAGE.split(" | "):
        verb = form.split()[0]
        verbs[verb] = f"{verbs[verb]} | {form}" if verb in verbs else form
    return verbs
