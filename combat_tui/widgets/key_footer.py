"""KeyFooter: Textual's Footer, recomposed only when the keys it shows change.

Textual's Footer rebuilds all its key widgets on every `refresh_bindings()`, which the screens
call after each command (undo may become possible, Damage may lose its target). That rebuild
was most of the time of a key press; here it happens only when a shown key or its description
changed. When only the dimming changed (Damage losing its target on Next turn), the keys are
dimmed or lit in place: a rebuild takes frames of its own after the key's frame and a layout.
`keep_keymap_order` keeps a key the GM's keymap rebinds in its place on the footer.
"""

from __future__ import annotations

from textual.binding import BindingsMap
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class KeyFooter(Footer):
    """The key bar at the bottom of a screen."""

    def __init__(self, *, early: bool = False) -> None:
        super().__init__()
        self._early = early
        """Build the keys in the first compose (`compose`): for a screen whose keys are known
        when it composes, not one that learns its state when it mounts."""
        self._shown: tuple | None = None
        """The (key, description, enabled) of every shown binding when the footer last rebuilt."""

    def compose(self):
        """Textual's keys, each told the footer's `compact` before it mounts: a FooterKey starts
        compact and is then bound to the footer's False, which restyled every key twice (two
        stylesheet passes a key, on every rebuild of the footer). The palette's key is not bound
        and stays compact, as Textual leaves it.

        An early footer builds its keys in the first compose: Textual's waits for the screen's
        first bindings signal and rebuilds after the next refresh, so the first screen's keys came
        a frame (about 20 ms) after its content. The keys it shows are remembered, so that signal
        finds nothing changed. Screens whose keys depend on what they load when mounted (a fight's
        Damage, a death save) keep Textual's way: built early, their keys would flicker."""
        if self._early and not self._bindings_ready and self.is_attached:
            self._bindings_ready = True
            self._shown = _shown(self.screen.active_bindings)
        for widget in super().compose():
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(self.compact, "-compact", update=False)
            yield widget

    def bindings_changed(self, screen: Screen) -> None:
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            active = screen.active_bindings
            shown = _shown(active)
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


def _shown(active) -> tuple:
    return tuple(
        (key, binding.binding.description, binding.enabled) for key, binding in active.items() if binding.binding.show
    )


def keep_keymap_order() -> None:
    """Keep a key the GM's keymap rebinds where its binding is declared.

    Textual's keymap moves a rebound key to the end of its screen's bindings, so the footer showed
    it last (off an 80-column footer, for the most used key of all). Installed once, and only when
    a keymap is in use: the original runs first, then its result is put back in declared order.
    """
    if getattr(BindingsMap.apply_keymap, "keeps_order", False):
        return
    apply = BindingsMap.apply_keymap

    def apply_keymap(self: BindingsMap, keymap):
        key_place = {key: index for index, key in enumerate(self.key_to_bindings)}
        id_place: dict[str, int] = {}
        for key, listed in self.key_to_bindings.items():
            for binding in listed:
                if binding.id:
                    id_place.setdefault(binding.id, key_place[key])
        result = apply(self, keymap)

        def place(item: tuple[str, list]) -> int:
            key, listed = item
            places = [id_place[binding.id] for binding in listed if binding.id in id_place]
            return min(places) if places else key_place.get(key, len(key_place))

        ordered = sorted(self.key_to_bindings.items(), key=place)  # stable: a binding's keys keep their order
        self.key_to_bindings.clear()
        self.key_to_bindings.update(ordered)
        return result

    apply_keymap.keeps_order = True
    BindingsMap.apply_keymap = apply_keymap
