"""A screen's breakpoint classes (`-narrow`, `-wide`) given before it is first styled.

Textual gives them when the screen's first layout sends it a Resize: every screen was styled
whole, laid out, then styled whole again with the class and laid out again (about 20 ms of the
campaign screen's first frame). Given at push from the app's size, that Resize changes nothing.
"""

from __future__ import annotations

from textual.app import App
from textual.screen import Screen


def take_breakpoints(app: App, screen: Screen) -> None:
    """Set on `screen` the classes Textual's Screen would set on its first Resize."""
    width, height = app.size
    if not width or not height:
        return
    horizontal = (app.HORIZONTAL_BREAKPOINTS if screen.HORIZONTAL_BREAKPOINTS is None else screen.HORIZONTAL_BREAKPOINTS) or []
    vertical = (app.VERTICAL_BREAKPOINTS if screen.VERTICAL_BREAKPOINTS is None else screen.VERTICAL_BREAKPOINTS) or []
    if not horizontal and not vertical:
        return
    classes = {name: False for _, name in horizontal + vertical}
    for dimension, breakpoints in ((width, horizontal), (height, vertical)):
        classes.update(dict.fromkeys(screen._get_breakpoint_classes(dimension, breakpoints), True))  # Textual's own pick
    screen.update_classes(classes, update=False)
