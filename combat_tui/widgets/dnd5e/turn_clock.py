"""TurnClock: how long the current turn has run and the round's time so far, `Turn 1:05 · Round 3 4:30`.

The combat screen's, not the rules' (rules never read the clock): it stamps `time.monotonic()`
when the screen tells it the turn or the round changed (`saw`), and a one-second timer repaints
this one line, nothing else. It shows after its first second, and starts hidden in a headless run
(tests and their pictures must not change by the second); `T` shows or hides it (`toggle`).
"""

from __future__ import annotations

from time import monotonic

from textual.widgets import Static


def elapsed(seconds: float) -> str:
    """`m:ss` (`h:mm:ss` from an hour)."""
    whole = max(0, int(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class TurnClock(Static):
    DEFAULT_CSS = """
    TurnClock { height: 1; width: 1fr; padding: 0 1; color: $text-muted; display: none; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__("", **kwargs)
        self.clock = monotonic
        """Where the time comes from (a test gives its own)."""
        self.on = False
        self._turn: object = None
        self._round = 0
        self._turn_at = self._round_at = 0.0
        self._shown = ""

    def on_mount(self) -> None:
        self.on = not self.app.is_headless
        self._timer = self.set_interval(1, self.tick, pause=not self.on)

    def saw(self, round_: int, turn: object) -> None:
        """The screen's fight state: `turn` is whatever tells one turn from the next."""
        now = self.clock()
        if round_ != self._round:
            self._round, self._round_at = round_, now
        if turn != self._turn:
            self._turn, self._turn_at = turn, now

    def tick(self) -> None:
        if not self.on:
            return
        now = self.clock()
        text = f"Turn {elapsed(now - self._turn_at)} · Round {self._round} {elapsed(now - self._round_at)}"
        if text != self._shown:
            self._shown = text
            self.update(text, layout=False)  # one line of a fixed size
        if not self.display:
            self.display = True

    def toggle(self) -> None:
        self.on = not self.on
        if self.on:
            self._timer.resume()
            self.tick()
        else:
            self._timer.pause()
            self.display = False
