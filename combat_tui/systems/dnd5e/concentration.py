"""Concentration (2014 PHB chapter 10): one spell at a time per caster, kept through damage by a
Constitution save, lost to a failed save, to incapacitation or death, to a new concentration
spell, or by the GM's word. Its end takes that caster's chips of the spell off every target, and
only that caster's.

ref: Conditions — "Two casters who put a chip of the same name on one combatant each leave their
own chip. When two clerics cast Bless on one fighter and one cleric loses concentration, the
fighter stays blessed by the other. The effect still counts once".
ref: Damage riders on hits — Hunter's Mark's Repeat "marks the new target under the same
concentration".

The caster wears a `Concentrating` chip whose source is the spell; the spell's chips on its
targets carry the caster and the spell (`Chip.caster`, `Chip.source`). Damage, incapacitation and
death can come from any command, so `follow` runs after each one (dispatch.py): it asks the save
once per damage source (DC 10 or half the damage, whichever is higher) and ends what can no
longer be kept.
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.dnd5e.advantage import Slant, resolve
from combat_tui.systems.dnd5e.catalog import spell_of
from combat_tui.systems.dnd5e.checks import auto_fail, roll_d20, save_bonus, save_slants
from combat_tui.systems.dnd5e.conditions import add_chip, blessed, stopped_by
from combat_tui.systems.dnd5e.damage import find_actor
from combat_tui.systems.dnd5e.data.spells import Spell
from combat_tui.systems.dnd5e.events import (
    AttackRolled,
    ChipDamage,
    DamageApplied,
    DamageRolled,
    SpellAttackRolled,
    SpellDamageRolled,
)
from combat_tui.systems.dnd5e.events_turn import (
    ConcentrationEnded,
    ConcentrationSaveRolled,
    ConcentrationStarted,
)
from combat_tui.systems.dnd5e.model import Actor, Campaign, Character, Chip

CONCENTRATING = "Concentrating"
SOURCE_STARTS = (AttackRolled, DamageRolled, SpellAttackRolled, SpellDamageRolled, ChipDamage)
"""Events that begin a new damage source: a swing, a spell's damage roll (one per Magic Missile
dart), a chip's damage. The DamageApplied events after one, up to the next, are one source."""


def concentration_of(actor: Actor) -> Chip | None:
    """The `Concentrating` chip of `actor` (its source names the spell), or None."""
    for chip in actor.chips:
        if chip.name.casefold() == CONCENTRATING.casefold():
            return chip
    return None


def concentrating_on(actor: Actor) -> str:
    chip = concentration_of(actor)
    return chip.source if chip is not None else ""


def holders(state: Campaign, caster: str, spell: str) -> tuple[str, ...]:
    """Everyone who wears a chip of `caster`'s `spell` (the caster's own Concentrating chip aside)."""
    return tuple(actor.id for actor in state.characters + state.creatures
                 if any(_of_spell(chip, caster, spell) for chip in actor.chips))  # fmt: skip


def _of_spell(chip: Chip, caster: str, spell: str) -> bool:
    return bool(spell) and chip.caster == caster and chip.source == spell and chip.name != CONCENTRATING


def end(state: Campaign, ref: str, why: str, events: list, cause: str = "") -> Campaign:
    """`ref` stops concentrating: its Concentrating chip and its chips of the spell on every target go."""
    actor = state.actor(ref)
    chip = concentration_of(actor) if actor is not None else None
    if chip is None:
        return state
    state = state.with_actor(evolve(actor, chips=tuple(c for c in actor.chips if c is not chip)))
    targets = holders(state, ref, chip.source)
    for target in targets:
        holder = state.actor(target)
        state = state.with_actor(evolve(holder, chips=tuple(c for c in holder.chips if not _of_spell(c, ref, chip.source))))
    events.append(ConcentrationEnded(ref, chip.source, why, targets, cause))
    return state


def end_concentration(state: Campaign, ref: str) -> Outcome:
    """The GM's End concentration."""
    actor = find_actor(state, ref)
    if concentration_of(actor) is None:
        raise CommandRejected(f"{actor.name} is not concentrating on a spell.")
    events: list = []
    return Outcome(end(state, ref, "gm", events), tuple(events))


def before_cast(state: Campaign, caster: str, spell: Spell, events: list) -> Campaign:
    """2014 PHB: casting another concentration spell ends the one the caster concentrates on."""
    if not spell.concentration:
        return state
    return end(state, caster, "spell", events, spell.name)


def after_cast(state: Campaign, caster: str, spell: Spell, events: list) -> Campaign:
    """The caster concentrates on the spell it cast, unless its effect landed on no one (every
    target saved or was immune): there is then nothing to keep."""
    if not spell.concentration or (spell.chip and not holders(state, caster, spell.name)):
        return state
    actor = state.actor(caster)
    changed, _ = add_chip(actor, Chip(CONCENTRATING, spell.rounds, caster, spell.name))
    events.append(ConcentrationStarted(caster, spell.name))
    return state.with_actor(changed)


def lost_by(actor: Actor) -> tuple[str, str]:
    """(why, cause) `actor` can no longer concentrate, or ("", "")."""
    if isinstance(actor, Character) and actor.dead:
        return "dead", ""
    if not isinstance(actor, Character) and actor.hp <= 0:
        return "defeated", ""
    stopped = stopped_by(actor)
    if stopped:
        return "incapacitated", stopped
    if actor.hp <= 0:
        return "down", ""
    return "", ""


def damage_sources(events: tuple) -> list[tuple[str, int]]:
    """(target, damage taken) per damage source, in order; bonus HP that absorbed it counts."""
    taken: dict[tuple[int, str], int] = {}
    source = 0
    for event in events:
        if isinstance(event, SOURCE_STARTS):
            source += 1
        elif isinstance(event, DamageApplied) and event.amount > 0:
            key = (source, event.target)
            taken[key] = taken.get(key, 0) + event.amount
    return [(target, amount) for (_, target), amount in taken.items()]


def has_war_caster(actor: Actor) -> bool:
    return isinstance(actor, Character) and any(" ".join(f.split()).casefold() == "war caster" for f in actor.feats)


def save_dc(damage: int) -> int:
    """2014 PHB: DC 10 or half the damage taken, whichever number is higher."""
    return max(10, damage // 2)


def roll_concentration_save(state: Campaign, ref: str, damage: int, dice: Dice, events: list) -> Campaign:
    """The CON save of a concentrating caster that took `damage` from one source; a failure ends it."""
    actor = state.actor(ref)
    spell, dc = concentrating_on(actor), save_dc(damage)
    failed_by = auto_fail(actor, "constitution")
    if failed_by:
        events.append(ConcentrationSaveRolled(ref, spell, (), 0, "", 0, 0, dc, damage, False, auto_fail=failed_by))
        return end(state, ref, "save", events)
    slants = save_slants(actor, "constitution")
    if has_war_caster(actor):
        slants += (Slant("adv", "War Caster"),)
    resolved = resolve(slants, "", state.d20_mode)
    faces, kept = roll_d20(dice, resolved.mode)
    bless = dice.roll(1, 4).total if blessed(actor) else 0
    bonus = save_bonus(actor, "constitution")
    total = kept + bonus + bless
    success = total >= dc
    events.append(ConcentrationSaveRolled(ref, spell, faces, kept, resolved.mode, bonus, total, dc, damage, success,
                                          resolved.slants, resolved.origin, bless))  # fmt: skip
    return state if success else end(state, ref, "save", events)


def _spent(state: Campaign, actor: Actor, spell: str) -> bool:
    """The spell lives in chips and none is left (the last target saved, the chips were taken off)."""
    found = spell_of(state, spell) if spell else None
    return found is not None and bool(found.chip) and not holders(state, actor.id, spell)


def follow(outcome: Outcome, dice: Dice) -> Outcome:
    """After any command: each damage source asks its concentrating target for the save, then
    concentration ends for whoever is dead, defeated, down or incapacitated, or has no chip left."""
    state = outcome.state
    if not any(map(concentration_of, state.characters)) and not any(map(concentration_of, state.creatures)):
        return outcome
    events = list(outcome.events)
    for ref, damage in damage_sources(outcome.events):
        actor = state.actor(ref)
        if actor is not None and concentration_of(actor) is not None and not lost_by(actor)[0]:
            state = roll_concentration_save(state, ref, damage, dice, events)
    for ref in [actor.id for actor in state.characters + state.creatures]:
        actor = state.actor(ref)  # an earlier end may have changed it
        chip = concentration_of(actor)
        if chip is None:
            continue
        why, cause = lost_by(actor)
        if not why and _spent(state, actor, chip.source):
            why = "spent"
        if why:
            state = end(state, actor.id, why, events, cause)
    if len(events) == len(outcome.events):
        return outcome
    return Outcome(state, tuple(events))
