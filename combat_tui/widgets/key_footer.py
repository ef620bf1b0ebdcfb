"""KeyFooter: Textual's Footer, recomposed only when the keys it shows change.

Textual's Footer rebuilds all its key widgets on every `refresh_bindings()`, which the screens
call after each command (undo may become possible, Damage may lose its target). That rebuild
was most of the time of a key press; here it happens only when a shown key, its description or
its dimming actually changed.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer


class KeyFooter(Footer):
    """The key bar at the bottom of a screen."""

    def __init__(self) -> None:
        super().__init__()
        self._shown: tuple | None = None
        """The (key, description, enabled) of every shown binding when the footer last rebuilt."""

    def bindings_changed(self, screen: Screen) -> None:
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            shown = tuple(
                (key, active.binding.description, active.enabled)
                for key, active in screen.active_bindings.items()
                if active.binding.show
            )
            if shown == self._shown:
                return
            self._shown = shown
        super().bindings_changed(screen)
