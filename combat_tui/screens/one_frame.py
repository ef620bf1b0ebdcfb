"""OneFrameScreen: a layout's scrollbars paint in its own frame, not in a second one.

A layout (a log that grew by a line needs one) refreshes the scrollbars whose window changed
while it runs, after Textual took the frame's list of what to paint, so they waited for a frame of
their own about a tick later: a second write to the terminal per key, and one that re-rendered
every widget between the two scrollbars. Here the frame that follows a layout takes them too.

A layout can also show or hide a scrollbar (a table's horizontal bar takes the row its last line
needed, so the vertical one comes, and goes again once its height follows): Textual placed the
bars before it decided, so the frame showed the old ones over the content and a second layout
~30 ms later moved them (at start-up the party table's last column came a frame late). A frame
whose map places a bar other than the widget now shows is laid out again first.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.scrollbar import ScrollBar

from combat_tui.screens.changed_only import ChangedOnlyCompositor


class OneFrameScreen(Screen):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._compositor = ChangedOnlyCompositor()  # nothing has used Textual's own yet
        self._relaying = False
        self._checked: dict | None = None
        """The compositor map last checked: a map is checked once, so a widget whose bars no layout
        settles costs one layout more per layout, not per frame."""

    def _compositor_refresh(self) -> None:
        if self is self.app.screen:
            if not self._relaying and self._bars_misplaced():
                self._relaying = True  # once: a bar that came and went with every layout stops here
                try:
                    self._refresh_layout()  # its frame (now, or once a batch ends) has the bars right
                finally:
                    self._relaying = False
                    self._checked = self._placed()  # what that layout made is not laid out again
                return
            late = {w for w in self._compositor.visible_widgets if w._repaint_required and isinstance(w, ScrollBar)}
            if late:
                for bar in late:
                    bar._repaint_required = False  # painted now: no Update message after this frame
                self._compositor.update_widgets(late)
        super()._compositor_refresh()

    def _bars_misplaced(self) -> bool:
        """True if the compositor's map places a scrollbar its widget no longer shows, or lacks one
        it shows."""
        placed = self._placed()
        if placed is self._checked:
            return False
        self._checked = placed
        for widget, (region, _) in self._compositor.visible_widgets.items():
            if not widget.is_scrollable or isinstance(widget, ScrollBar) or min(region.size) <= 2:
                continue  # a widget too small for a bar is given none
            vertical, horizontal = _shown(widget)
            if vertical != (widget._vertical_scrollbar in placed) or horizontal != (
                widget._horizontal_scrollbar in placed
            ):
                return True
        return False

    def _placed(self) -> dict:
        compositor = self._compositor
        return compositor._visible_map if compositor._visible_map is not None else compositor._full_map


def _shown(widget) -> tuple[bool, bool]:
    """The bars Textual's arrangement gives `widget` now (`Widget._arrange_scrollbars`)."""
    if widget.styles.scrollbar_visibility != "visible":
        return False, False
    vertical, horizontal = widget.scrollbars_enabled
    return (
        bool(vertical and widget.scrollbar_size_vertical),
        bool(horizontal and widget.scrollbar_size_horizontal),
    )
