"""The cast dialog's Dice row (ref: Cast dialog): which rolls the faces typed at the table go to.

A spell attack takes them in the order the rules roll: the d20, then the damage on a hit; a spell
of rays ray by ray. A save spell's faces go to the saves alone, one d20 per target in target order
(two for a target that rolls at advantage or disadvantage; none for one that fails without a
roll): the players roll their saves, the app rolls the damage, which the rules roll once before
the saves. Darts take their dice dart by dart, a healing or damage spell its dice. A mixin of
`CastDialog`, which gives `chosen_spell`, `caster_actor`, `slot`, `mode`, `_state` and `_label`.
"""

from __future__ import annotations

from combat_tui.systems.dnd5e.advantage import resolve
from combat_tui.systems.dnd5e.attack import attack_slants
from combat_tui.systems.dnd5e.checks import auto_fail, save_slants
from combat_tui.systems.dnd5e.spell_numbers import spell_dice
from combat_tui.systems.dnd5e.view import actor_index

TWO = {"adv": "2 d20, advantage", "dis": "2 d20, disadvantage"}


class CastFaces:
    """`_faces_goes` and `_d20s_only` of `roll_faces.TypedFaces`, for a cast."""

    def _d20s_only(self, command: object) -> bool:
        spell = self.chosen_spell
        return spell is not None and spell.kind == "save"

    def _faces_goes(self, command: object | None) -> str:
        spell, caster, state = self.chosen_spell, self.caster_actor, self._state
        if command is None or spell is None or caster is None or state is None:
            return "No cast to roll"
        actors = actor_index(state)
        targets = [actors[ref] for ref in command.targets if ref in actors]
        dice = spell_dice(spell, spell.dice, self.slot(), caster)
        damage = f"{dice} {spell.damage_type}".strip()
        if spell.kind == "attack":
            slants = attack_slants(caster, targets[0], True, False) if targets else ()
            mode = resolve(slants, self.mode, state.d20_mode).mode
            return f"{TWO.get(mode, 'd20')} for the spell attack, then {damage} on a hit"
        if spell.kind == "rays":
            return f"Ray by ray, in target order: its d20, then {damage} on a hit"
        if spell.kind == "save":
            return self._saves_go(targets, damage if dice else "")
        if spell.kind == "missiles":
            return f"The darts' dice ({spell.dice} each), dart by dart in target order"
        if dice:
            return f"The spell's dice: {damage}"
        return "This spell rolls no dice"

    def _saves_go(self, targets: list, damage: str) -> str:
        """`The saves' d20s, in target order: Goblin 1, Goblin 2 (2 d20, advantage); the app
        rolls 8d6 fire`."""
        rolling, failing = [], []
        for target in targets:
            if auto_fail(target, self.chosen_spell.save):
                failing.append(self._label(target.id))
                continue
            mode = resolve(save_slants(target, self.chosen_spell.save), self.mode, "normal").mode
            rolling.append(self._label(target.id) + (f" ({TWO[mode]})" if mode in TWO else ""))
        text = f"The saves' d20s, in target order: {', '.join(rolling)}" if rolling else "No save is rolled"
        if failing:
            text += f"; {', '.join(failing)} {'fails' if len(failing) == 1 else 'fail'} without a roll"
        return text + (f"; the app rolls {damage}" if damage else "")
