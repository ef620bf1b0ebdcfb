"""The app side of app_bench.py: runs one app in the pty the bench gives it and records frames.

    python _app_child.py MODE OUT [ARG]

MODE `bare` (a minimal Textual app, the yardstick), `open` (CombatApp on the campaign folder
ARG), or `fight` (CombatApp on an in-memory fight of ARG combatants). Every write to the
terminal is timestamped with the monotonic clock (shared with the parent) and, at exit, written
to OUT as JSON with the time of the first paint.
"""

from __future__ import annotations

import inspect
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from textual.app import App, ComposeResult  # noqa: E402
from textual.widgets import Static  # noqa: E402

MODE, OUT = sys.argv[1], Path(sys.argv[2])
ARG = sys.argv[3] if len(sys.argv) > 3 else ""
writes: list[tuple[float, int]] = []
marks: dict[str, float] = {}


def instrumented(base: type[App], exit_after_paint: bool) -> type[App]:
    """`base` recording every terminal write and marking the first paint of its first screen."""

    css = base.CSS_PATH
    if isinstance(css, str):  # Textual resolves a relative CSS_PATH beside the subclass's module
        css = str(Path(inspect.getfile(base)).parent / css)

    class Timed(base):  # type: ignore[misc, valid-type]
        CSS_PATH = css

        def on_mount(self) -> None:  # Textual calls every class's own on_mount along the MRO
            original = self._driver.write

            def write(data: str) -> None:
                original(data)
                writes.append((time.monotonic(), len(data.encode("utf-8"))))

            self._driver.write = write
            self.call_after_refresh(self._painted)

        def _painted(self) -> None:
            if self.screen.id == "_default" and base is not Bare:
                self.call_after_refresh(self._painted)  # the first real screen is not up yet
                return
            marks["first_paint_wall"] = time.time()
            marks["first_paint"] = time.monotonic()
            if exit_after_paint:
                self.call_after_refresh(self.exit)

    return Timed


class Bare(App):
    def compose(self) -> ComposeResult:
        yield Static("A bare Textual app.")


def make_app(exit_after_paint: bool) -> App:
    if MODE == "bare":
        return instrumented(Bare, exit_after_paint)()
    from combat_tui.app import CombatApp

    timed = instrumented(CombatApp, exit_after_paint)
    if MODE == "open":
        return timed(Path(ARG))
    from large import running_fight

    from combat_tui.core.dice import Dice
    from combat_tui.core.session import Session

    return timed(session=Session(running_fight(int(ARG)), dice=Dice(1)))


def main() -> None:
    exit_after_paint = "--exit-after-paint" in sys.argv
    app = make_app(exit_after_paint)
    app.run(mouse=False)
    OUT.write_text(json.dumps({"writes": writes, **marks}))


if __name__ == "__main__":
    main()
