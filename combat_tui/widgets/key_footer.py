"""KeyFooter: Textual's Footer, recomposed only when the keys it shows change.

Textual's Footer rebuilds all its key widgets on every `refresh_bindings()`, which the screens
call after each command (undo may become possible, Damage may lose its target). That rebuild
was most of the time of a key press; here it happens only when a shown key or its description
changed. When only the dimming changed (Damage losing its target on Next turn), the keys are
dimmed or lit in place: a rebuild takes frames of its own after the key's frame and a layout.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class KeyFooter(Footer):
    """The key bar at the bottom of a screen."""

    def __init__(self) -> None:
        super().__init__()
        self._shown: tuple | None = None
        """The (key, description, enabled) of every shown binding when the footer last rebuilt."""

    def bindings_changed(self, screen: Screen) -> None:
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            active = screen.active_bindings
            shown = tuple(
                (key, binding.binding.description, binding.enabled)
                for key, binding in active.items()
                if binding.binding.show
            )
            if shown == self._shown:
                return
            old, self._shown = self._shown, shown
            if old is not None and [s[:2] for s in old] == [s[:2] for s in shown] and self._dim_in_place(active):
                return
        super().bindings_changed(screen)

    def _dim_in_place(self, active) -> bool:
        """Dim or light the keys already shown; False when they are not all plain keys here."""
        keys = list(self.children)
        if not keys or not all(isinstance(key, FooterKey) and key.key in active for key in keys):
            return False  # groups, or not built yet: rebuild
        for key in keys:
            disabled = not active[key.key].enabled
            key._disabled = disabled  # what FooterKey's click checks; the class is what shows
            key.set_class(disabled, "-disabled")
        return True
