"""Reaction spells the rules offer at the moment they matter: Shield against a hit.

ref: Shield against a hit — "When an attack roll hits a combatant whose reaction spell raises its
AC, such as Shield, a Reaction dialog opens before the damage. The dialog names the roll and the
AC, and the AC that the spell really adds. A floor such as Barkskin can take up part of the bonus,
so Shield on a combatant at AC 16 from Barkskin over a base of 12 adds only +1. The dialog opens
only when the higher AC would turn the hit into a miss, so it never opens on a natural 20, which
hits whatever the AC." "Press Cast Shield to cast the spell at the lowest slot that the combatant
can spend. The cast spends the reaction, and the attack then rolls against the new AC. The log
line of the attack names the spell beside the AC." "Against Magic Missile, the spell blocks every
dart. A combatant that already has Shield takes no Magic Missile darts, and no dialog opens."

The dialog's answer rides on the command as `react` (NAME's ref, SPELL): a line without it (a
script) declines. An answer given where no dialog opens changes nothing, so a script line stays
valid whatever its dice roll; an answer that names a combatant or a spell the dialog could never
offer is refused.
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.records import evolve, frozen
from combat_tui.systems.dnd5e.armor import armor_class
from combat_tui.systems.dnd5e.conditions import add_chip, stopped_by
from combat_tui.systems.dnd5e.economy import pips, spend
from combat_tui.systems.dnd5e.events import ChipAdded, ReactionOffered, SpellCast
from combat_tui.systems.dnd5e.model import Actor, Campaign, Chip

SHIELD = "Shield"
SHIELD_BONUS = 5
"""2014 PHB Shield: +5 AC until the start of the caster's next turn, and no damage from Magic Missile."""
BARKSKIN_FLOOR = 16
"""SRD 5.1 Barkskin: the target's AC cannot be less than 16."""
AC_SPELLS = frozenset({"shield"})
"""The reaction spells that raise the caster's AC against a hit."""


def has_chip(actor: Actor, name: str) -> bool:
    return any(chip.name.strip().casefold() == name.casefold() for chip in actor.chips)


def _with_floor(ac: int, actor: Actor) -> int:
    return max(ac, BARKSKIN_FLOOR) if has_chip(actor, "barkskin") else ac


def defended_ac(actor: Actor) -> tuple[int, str]:
    """(AC against an attack roll, how it is made up): the sheet's AC, a Shield chip's +5, and a
    Barkskin chip's floor of 16 under both."""
    ac, how = armor_class(actor)
    shielded = ac + SHIELD_BONUS if has_chip(actor, SHIELD) else ac
    total = _with_floor(shielded, actor)
    if shielded != ac:
        how = f"{how} + Shield {SHIELD_BONUS}"
    if total != shielded:
        how = f"{how}, Barkskin floor {BARKSKIN_FLOOR}"
    return total, how


def shield_bonus(actor: Actor) -> int:
    """The AC that Shield really adds to `actor` (ref: Shield against a hit — over a Barkskin
    floor of 16 on a base of 12 it adds only +1); 0 while a Shield is already up."""
    if has_chip(actor, SHIELD):
        return 0
    ac, _ = armor_class(actor)
    return _with_floor(ac + SHIELD_BONUS, actor) - _with_floor(ac, actor)


def knows(actor: Actor, spell: str) -> bool:
    return spell.casefold() in {s.casefold() for s in actor.spells}


def lowest_slot(actor: Actor) -> int:
    """The lowest slot level (1st or higher) the combatant can spend; 0 when none is left."""
    return next((index + 1 for index, left in enumerate(actor.slots) if left > 0), 0)


def can_react(state: Campaign, ref: str) -> bool:
    """In a running fight, able to act, with its reaction unspent."""
    fight = state.fight
    actor = state.actor(ref)
    if fight is None or fight.stage != "running" or fight.find(ref) is None or actor is None:
        return False
    return actor.hp > 0 and not stopped_by(actor) and not pips(state, ref).reaction


def can_cast_shield(state: Campaign, ref: str) -> bool:
    actor = state.actor(ref)
    return (actor is not None and knows(actor, SHIELD) and not has_chip(actor, SHIELD) and lowest_slot(actor) > 0
            and can_react(state, ref))  # fmt: skip


@frozen
class ShieldOffer:
    """What the Reaction dialog names: the roll, the AC, and the AC Shield really adds."""

    ref: str
    total: int
    ac: int
    bonus: int
    slot: int


def shield_offer(state: Campaign, ref: str, total: int, ac: int, hit: bool, natural_hit: bool) -> ShieldOffer | None:
    """The Shield dialog for a hit of `total` against `ac` on `ref`, or None when it does not
    open: a miss, a hit whatever the AC (a natural 20), no Shield to cast, or a bonus too small
    to turn the hit into a miss."""
    if not hit or natural_hit or not can_cast_shield(state, ref):
        return None
    actor = state.actor(ref)
    bonus = shield_bonus(actor)
    if bonus <= 0 or total >= ac + bonus:
        return None
    return ShieldOffer(ref, total, ac, bonus, lowest_slot(actor))


def answer_pairs(react: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The answers of a line, (ref, spell) each: `react A Shield react B "Absorb Elements"`."""
    return tuple((react[at], react[at + 1]) for at in range(0, len(react) - 1, 2))


def answers(react: tuple[str, ...], ref: str, spell: str) -> bool:
    """Whether the line answers `ref`'s dialog for `spell` by casting it (the first dialog that
    asks `ref` about `spell`; a dialog declined on screen leaves the pair out)."""
    return any(who == ref and what.casefold() == spell.casefold() for who, what in answer_pairs(react))


def check_answer(state: Campaign, react: tuple[str, ...], defenders: tuple[str, ...], what: str,
                 shield: bool = True) -> None:  # fmt: skip
    """Refuse a `react NAME SPELL` that no dialog of this line could ever ask: NAME must be one of
    `defenders` and know SPELL, and SPELL must be a reaction spell the rules offer here (Shield
    against an attack roll when `shield`, a resisting spell against damage)."""
    from combat_tui.systems.dnd5e.resist_spells import is_resist_spell

    offered = ("Shield, " if shield else "") + "a reaction spell that resists the damage (Absorb Elements)"
    for ref, spell in answer_pairs(react):
        actor = state.actor(ref)
        if actor is None:
            raise CommandRejected(f"'{ref}' is not a combatant.")
        if not ((shield and spell.casefold() in AC_SPELLS) or is_resist_spell(spell, state)):
            raise CommandRejected(f"{spell or 'That spell'} is not a reaction the app offers against {what}.",
                                  f"Offered: {offered}.")  # fmt: skip
        if ref not in defenders:
            raise CommandRejected(f"{actor.name} is not the target of {what}, so it cannot answer with {spell}.")
        if not knows(actor, spell):
            raise CommandRejected(f"{actor.name} does not have {spell}.")


def answers_shield(react: tuple[str, ...], ref: str) -> bool:
    return answers(react, ref, SHIELD)


def cast_shield(state: Campaign, ref: str, events: list) -> Campaign:
    """Cast Shield as a reaction: spend the reaction and the lowest slot, and put the Shield chip
    on, until the start of the caster's next turn."""
    state = spend(state, ref, "reaction", False, " (Shield)")
    actor = state.actor(ref)
    slot = lowest_slot(actor)
    slots = actor.slots[: slot - 1] + (actor.slots[slot - 1] - 1,) + actor.slots[slot:]
    changed, result = add_chip(evolve(actor, slots=slots), Chip(SHIELD, 0, ref, SHIELD, ref))
    events.append(SpellCast(ref, SHIELD, slot, ()))
    events.append(ChipAdded(ref, SHIELD, 0, ref, result))
    return state.with_actor(changed)


def answer_shield(state: Campaign, react: tuple[str, ...], ref: str, total: int, ac: int, hit: bool,
                  natural_hit: bool, events: list, by: str = "", means: str = "") -> tuple[Campaign, int]:  # fmt: skip
    """The Shield dialog's answer for one hit: (the state, the AC Shield added; 0 when declined or
    when no dialog opens). A dialog that opens and is declined leaves a `ReactionOffered`, which
    the screen reads from a dry run to ask the question."""
    offer = shield_offer(state, ref, total, ac, hit, natural_hit)
    if offer is None:
        return state, 0
    if not answers_shield(react, ref):
        events.append(ReactionOffered(ref, SHIELD, "shield", total, ac, offer.bonus, offer.slot, by=by, means=means))
        return state, 0
    return cast_shield(state, ref, events), offer.bonus


def blocks_darts(state: Campaign, react: tuple[str, ...], ref: str, events: list, by: str = "",
                 means: str = "") -> tuple[Campaign, bool]:  # fmt: skip
    """Magic Missile on `ref`: (the state, whether its Shield blocks the dart). A Shield already up
    blocks with no dialog; otherwise the dialog opens when the target can cast Shield."""
    actor = state.actor(ref)
    if has_chip(actor, SHIELD):
        return state, True
    if can_cast_shield(state, ref):
        if answers_shield(react, ref):
            return cast_shield(state, ref, events), True
        events.append(ReactionOffered(ref, SHIELD, "darts", 0, 0, 0, lowest_slot(actor), by=by, means=means))
    return state, False
