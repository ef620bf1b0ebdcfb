"""The cast dialog's target keys (ref: Cast dialog): the cursor, ticking a target or giving a dart
its target, every foe at once for an area, and finding a combatant by name. A mixin of
`CastDialog`, which holds the settings these keys change (`targets`, `cursor`)."""

from __future__ import annotations

from combat_tui.screens.dnd5e.cast_settings import DARTS, HARMFUL, all_standing
from combat_tui.screens.dnd5e.name_picker import NamePicker
from combat_tui.screens.dnd5e.roll_dialog import cycle
from combat_tui.systems.dnd5e.data.spells import Spell
from combat_tui.systems.dnd5e.view import actor_index


class CastTargetKeys:
    """The target keys; `CastDialog` gives `targets`, `cursor`, `chosen_spell`, `limit`, `darts`,
    `_order`, `_foes`, `_state`, `_label` and `_changed`."""

    def action_cursor(self, step: int) -> None:
        if not self._order:
            self.app.bell()
            return
        self.cursor = cycle(self._order, self.cursor, step)
        self._changed("targets")

    def action_toggle(self) -> None:
        spell = self.chosen_spell
        if self.cursor is None or spell is None:
            self.app.bell()
            return
        if spell.kind in DARTS:
            self._add_dart(spell)
            return
        limit = self.limit()
        if self.cursor in self.targets:
            self.targets.remove(self.cursor)
        elif limit == 1:
            self.targets = [self.cursor]  # one target: space picks it instead
        elif limit and len(self.targets) >= limit:
            self.app.bell()
            self.notify(f"{spell.name} takes at most {limit} targets: space takes one off first.",
                        timeout=4, markup=False)  # fmt: skip
            return
        else:
            self.targets.append(self.cursor)
        self._changed("targets", bindings=True)

    def _add_dart(self, spell: Spell) -> None:
        """One more dart (or ray) on the combatant under the cursor, while some are not given."""
        darts, what = self.darts(), "darts" if spell.kind == "missiles" else "rays"
        if len(self.targets) >= darts:
            self.app.bell()
            self.notify(f"All {darts} {what} have a target: - takes one off the target under the cursor.",
                        timeout=4, markup=False)  # fmt: skip
            return
        self.targets.append(self.cursor)
        self._changed("targets", bindings=True)

    def action_dart_off(self) -> None:
        spell = self.chosen_spell
        if spell is None or spell.kind not in DARTS or self.cursor not in self.targets:
            self.app.bell()
            return
        at = len(self.targets) - 1 - self.targets[::-1].index(self.cursor)
        del self.targets[at]
        self._changed("targets", bindings=True)

    def action_all_targets(self) -> None:
        """Tick every combatant standing on the spell's side, and only them (an area: a save
        for each; the defeated drop off); when exactly they are ticked already, untick them."""
        spell = self.chosen_spell
        limit = self.limit()
        if spell is None or spell.kind in DARTS or limit == 1:
            self.app.bell()
            return
        standing = all_standing(self._order, self._foes, actor_index(self._state), spell.kind in HARMFUL)
        if set(standing) == set(self.targets):
            self.targets = []
        else:
            self.targets = standing
            if limit and len(self.targets) > limit:
                self.targets = self.targets[:limit]
                self.notify(f"{spell.name} takes at most {limit} targets: the first {limit} are ticked.",
                            timeout=4, markup=False)  # fmt: skip
        self._changed("targets", bindings=True)

    def action_find_target(self) -> None:
        """A list of the combatants that narrows as the GM types; the pick gets the cursor and is
        ticked (one dart more for a spell of darts)."""
        if not self._order:
            self.app.bell()
            return
        by_label = {self._label(ref): ref for ref in self._order}
        foes = [name for name, ref in by_label.items() if ref in self._foes]
        ours = [name for name, ref in by_label.items() if ref not in self._foes]

        def picked(name: str | None) -> None:
            ref = by_label.get(name or "")
            if ref is None:
                return
            self.cursor = ref
            spell = self.chosen_spell
            if spell is not None and (spell.kind in DARTS or ref not in self.targets):
                self.action_toggle()
            else:
                self._changed("targets")

        self.app.push_screen(NamePicker("Target", [("Foes", foes), ("Allies", ours)]), picked)
