"""Reaction spells that resist a hit's damage: Absorb Elements, and any custom spell that casts as
a reaction and whose chip resists the type.

ref: Resisting a hit — "When a weapon hit, a spell attack hit, or a save spell deals a damage type
that a combatant's reaction spell can resist, a Reaction dialog opens after the damage roll and
before the damage lands. The spell is a buff that casts as a reaction, and its chip resists the
type through Resists or Caster picks one of. The dialog names the damage before resistance, and
for a save spell it names the save result too [...] Press Cast to cast it with that type picked,
so the damage of that type is halved. Press Take the damage to let the damage land as rolled."
"A spell that damages several combatants, such as Burning Hands, opens one dialog for each
combatant that can react, in target order. When the spell attack also offers Shield, the Shield
dialog comes first. A combatant that casts Shield has no reaction left, so it gets no second
dialog."

As for Shield, the answer rides on the command (`react NAME SPELL`); a line without it declines,
and the dialog that would open leaves a `ReactionOffered` for the screen's dry run.
"""

from __future__ import annotations

from combat_tui.core.records import evolve
from combat_tui.systems.dnd5e.conditions import add_chip
from combat_tui.systems.dnd5e.economy import spend
from combat_tui.systems.dnd5e.events import ChipAdded, ReactionOffered, SpellCast
from combat_tui.systems.dnd5e.model import Actor, Campaign, Chip
from combat_tui.systems.dnd5e.reaction_spells import answers, can_react


def _record(name: str, state: Campaign | None = None):
    from combat_tui.systems.dnd5e.catalog import spell_of

    return spell_of(state, name)  # the campaign's custom spell first


def is_resist_spell(name: str, state: Campaign | None = None) -> bool:
    """A spell that casts as a reaction and whose chip resists a damage type."""
    record = _record(name, state)
    return record is not None and record.casting == "reaction" and bool(record.resists or record.choose_type)


def slot_from(actor: Actor, level: int) -> int:
    """The lowest slot of `level` or higher that `actor` can spend; 0 when none is left."""
    return next((index + 1 for index, left in enumerate(actor.slots) if left > 0 and index + 1 >= level), 0)


def _resisted(actor: Actor, damage_type: str) -> bool:
    """Already resistant or immune: the spell would halve nothing, so no dialog opens."""
    from combat_tui.systems.dnd5e.defenses import chip_resistances, defenses_of

    resist, _, immune = defenses_of(actor)
    return damage_type in resist or damage_type in immune or damage_type in chip_resistances(actor, None)


def resist_offer(state: Campaign, ref: str, parts: tuple[tuple[str, int], ...]) -> tuple[str, str, int, int] | None:
    """The dialog for damage `parts` ((type, amount) before resistance) about to land on `ref`:
    (spell, the type it would resist, the amount of that type, the slot), or None when none opens."""
    actor = state.actor(ref)
    if actor is None or not actor.spells or not can_react(state, ref):  # most take no dialog: no spells
        return None
    for name in actor.spells:
        if not is_resist_spell(name, state):
            continue
        record = _record(name, state)
        slot = slot_from(actor, record.level) if record.level else 0
        if record.level and not slot:
            continue
        for damage_type, amount in parts:
            if amount > 0 and damage_type in (*record.resists, *record.choose_type) and not _resisted(actor, damage_type):
                return record.name, damage_type, amount, slot
    return None


def answer_resist(state: Campaign, react: tuple[str, ...], ref: str, parts: tuple[tuple[str, int], ...],
                  events: list, by: str = "", means: str = "", save: str = "") -> Campaign:  # fmt: skip
    """Cast the resisting spell when the line answers the dialog, before the damage lands; leave a
    `ReactionOffered` when the dialog opens unanswered."""
    offer = resist_offer(state, ref, parts)
    if offer is None:
        return state
    spell, damage_type, amount, slot = offer
    if not answers(react, ref, spell):
        events.append(ReactionOffered(ref, spell, "resist", slot=slot, amount=amount, damage_type=damage_type,
                                      by=by, means=means, save=save))  # fmt: skip
        return state
    return cast_resist(state, ref, spell, damage_type, slot, events)


def cast_resist(state: Campaign, ref: str, spell: str, damage_type: str, slot: int, events: list) -> Campaign:
    """Spend the reaction and the slot, and put the spell's chip on with the type picked (a spell
    whose chip resists fixed types names them: `Frost Ward (cold)`, which the defenses read)."""
    record = _record(spell, state)
    state = spend(state, ref, "reaction", False, f" ({spell})")
    actor = state.actor(ref)
    if slot:
        actor = evolve(actor, slots=actor.slots[: slot - 1] + (actor.slots[slot - 1] - 1,) + actor.slots[slot:])
    chip_name = record.chip or record.name
    picked = damage_type if damage_type in record.choose_type else ", ".join(record.resists)
    name = f"{chip_name} ({picked})" if picked and "(" not in chip_name else chip_name
    until = ref if record.until_next_turn else ""
    changed, result = add_chip(actor, Chip(name, record.rounds, ref, record.name, until))
    events.append(SpellCast(ref, record.name, slot, (ref,), picked, record.note))
    events.append(ChipAdded(ref, name, record.rounds, until, result))
    return state.with_actor(changed)
