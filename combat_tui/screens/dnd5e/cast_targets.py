"""The cast dialog's targets (ref: Cast dialog): the combatants the cursor walks, where a newly
chosen spell starts, and the keys: the cursor, ticking a target or giving a dart its target, every
foe at once for an area, and finding a combatant by name. A mixin of `CastDialog`, which holds the
settings these keys change (`targets`, `cursor`).

The walk is the fight's order, the caster's foes first, without the defeated and the dead: they
come back ticked (a spell that downed them keeps them on show until space takes them off), picked
by name (`/`, F2 in the finder shows them), or all of them for a spell that raises the dead. A new
spell starts on the likeliest target (`targets.likeliest`): the inspected card, else the nearest
foe standing for a harmful spell, the most hurt ally for a heal (a dying one first; the caster when
no one is hurt), the caster for a helpful spell, the nearest dying for Spare the Dying, the nearest
dead ally for a raise, none for a spell the GM applies by hand."""

from __future__ import annotations

from combat_tui.screens.dnd5e.cast_settings import DARTS, HARMFUL, all_standing, target_order
from combat_tui.screens.dnd5e.roll_dialog import cycle
from combat_tui.screens.dnd5e.target_finder import find_target
from combat_tui.screens.refusals import refuse
from combat_tui.systems.dnd5e.data.spells import Spell
from combat_tui.systems.dnd5e.model import Campaign
from combat_tui.systems.dnd5e.targets import is_fallen, likeliest, spell_kind
from combat_tui.systems.dnd5e.view import actor_index


class CastTargetKeys:
    """The target keys; `CastDialog` gives `targets`, `cursor`, `chosen_spell`, `limit`, `darts`,
    `caster`, `_order`, `_foes`, `_state`, `_labels`, `_label` and `_changed`."""

    def _walk_order(self, state: Campaign, spell: Spell | None = None) -> tuple[list[str], set[str]]:
        """(the combatants the cursor walks, the caster's foes): see the module's notes."""
        order, foes = target_order(state.fight, self.caster)
        spell = spell if spell is not None else self.chosen_spell
        if spell is not None and spell_kind(spell) == "raise":
            return order, foes
        actors, ticked = actor_index(state), set(self.targets)
        return [ref for ref in order if ref in ticked or not (ref in actors and is_fallen(actors[ref]))], foes

    def _likeliest(self, spell: Spell, inspected: str | None) -> list[str]:
        """Where a newly chosen spell's targets start (see the module's notes)."""
        self._order, self._foes = self._walk_order(self._state, spell)
        if inspected is not None and inspected in self._order:
            return [inspected]
        kind = spell_kind(spell)
        if kind is None:
            return []
        ref = likeliest(self._state, self.caster, kind)
        if ref is None and kind == "dying":
            ref = self.caster  # no one dying: the caster, as Spare the Dying's own card
        return [ref] if ref is not None and ref in self._order else []

    def action_cursor(self, step: int) -> None:
        if not self._order:
            refuse(self, "cursor", (step,))
            return
        self.cursor = cycle(self._order, self.cursor, step)
        self._changed("targets")

    def action_toggle(self) -> None:
        spell = self.chosen_spell
        if self.cursor is None or spell is None:
            refuse(self, "toggle")
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
            refuse(self, "dart_off")
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
            refuse(self, "all_targets")
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
        """A list of the combatants that narrows as the GM types ("g2", "boss"), the likeliest
        first; the pick gets the cursor and is ticked (one dart more for a spell of darts)."""
        spell = self.chosen_spell
        kind = (spell_kind(spell) if spell is not None else None) or "help"

        def picked(ref: str) -> None:
            self.cursor = ref
            if spell is not None and (spell.kind in DARTS or ref not in self.targets):
                self.action_toggle()
            if ref not in self._order:  # a fallen one picked by name joins the walk
                self._order, self._foes = self._walk_order(self._state)
            self._changed("targets")

        if self._state is None or self._state.fight is None:
            refuse(self, "find_target")
            return
        find_target(self, "Target", self._state, self.caster, kind, self._labels, picked)
