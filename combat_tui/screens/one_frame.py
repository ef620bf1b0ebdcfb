"""OneFrameScreen: a key's scrollbars paint in the key's frame, not in a second one.

A layout (a log that grew by a line needs one) refreshes the scrollbars whose window changed
while it runs, after Textual took the frame's list of what to paint, so they waited for a frame of
their own about a tick later: a second write to the terminal per key, and one that re-rendered
every widget between the two scrollbars. Here the frame that follows a layout takes them too.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.scrollbar import ScrollBar

from combat_tui.screens.changed_only import ChangedOnlyCompositor


class OneFrameScreen(Screen):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._compositor = ChangedOnlyCompositor()  # nothing has used Textual's own yet

    def _compositor_refresh(self) -> None:
        if self is self.app.screen:
            late = {w for w in self._compositor.visible_widgets if w._repaint_required and isinstance(w, ScrollBar)}
            if late:
                for bar in late:
                    bar._repaint_required = False  # painted now: no Update message after this frame
                self._compositor.update_widgets(late)
        super()._compositor_refresh()
