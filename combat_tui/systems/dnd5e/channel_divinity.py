"""A cleric's Channel Divinity: Turn Undead (with Destroy Undead) and Preserve Life.

ref: Action, bonus action, and reaction — "A Cleric of 2nd level or higher gets a Channel Divinity
group." Turn Undead: "Each ticked undead rolls a Wisdom save against the spell save DC of the
cleric. An undead with the Turn Resistance box in its creature form rolls the save with advantage.
On a failure, it gets a Turned chip for 1 minute. Damage ends the chip, and a Turned creature takes
no reactions." "From cleric level 5, Destroy Undead destroys an undead of a low enough CR instead
(CR 1/2 at level 5, 1 at 8, 2 at 11, 3 at 14, 4 at 17). An unrated undead is only turned."
Preserve Life: "shares out 5 times the cleric level in HP among the allies in the fight ... one
amount per ally below half its max HP, and each amount stops at half the max HP. Undead and
constructs get no row. A share-out over a limit shows a toast and spends nothing."
Both take the cleric's action (2014 PHB) and one use of the Channel Divinity pool.
"""

from __future__ import annotations

from fractions import Fraction

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.dnd5e.abilities import class_level, parse_challenge
from combat_tui.systems.dnd5e.advantage import Slant, resolve
from combat_tui.systems.dnd5e.checks import auto_fail, roll_d20, save_bonus, save_slants
from combat_tui.systems.dnd5e.conditions import add_chip, blessed
from combat_tui.systems.dnd5e.damage import find_actor, heal
from combat_tui.systems.dnd5e.economy import spend
from combat_tui.systems.dnd5e.events import (
    ChannelDivinityUsed,
    ChipAdded,
    CombatantDefeated,
    SpellSaveRolled,
    UndeadDestroyed,
)
from combat_tui.systems.dnd5e.features import pool, use_pool
from combat_tui.systems.dnd5e.legendary import check_resist, resist
from combat_tui.systems.dnd5e.model import Actor, Campaign, Character, Chip, Creature
from combat_tui.systems.dnd5e.spells import spell_save_dc
from combat_tui.systems.dnd5e.turns import running_fight

TURNED = "Turned"
DESTROY = ((17, Fraction(4)), (14, Fraction(3)), (11, Fraction(2)), (8, Fraction(1)), (5, Fraction(1, 2)))


def destroy_threshold(level: int) -> Fraction | None:
    """The highest CR that Destroy Undead destroys at this cleric level (None below 5)."""
    for at, challenge in DESTROY:
        if level >= at:
            return challenge
    return None


def is_undead(actor: Actor) -> bool:
    return isinstance(actor, Creature) and actor.creature_type.casefold() == "undead"


def turnable(state: Campaign) -> tuple[str, ...]:
    """Every undead in the fight that is not down: the dialog's list, all ticked."""
    return tuple(c.ref for c in state.fight.combatants if is_undead(a := state.actor(c.ref)) and a.hp > 0)


def _cleric(state: Campaign, ref: str) -> Character:
    actor = find_actor(state, ref)
    if running_fight(state).find(actor.id) is None:  # both read the fight's sides and list
        raise CommandRejected(f"{actor.name} is not in this fight.")
    if not isinstance(actor, Character) or class_level(actor, "Cleric") < 2:
        raise CommandRejected(f"{actor.name} has no Channel Divinity (a Cleric of 2nd level or higher).")
    if actor.hp <= 0:
        raise CommandRejected(f"{actor.name} is at 0 HP and cannot act.")
    if pool(actor, "Channel Divinity") is None:
        raise CommandRejected(f"{actor.name} has no Channel Divinity pool.")
    return actor


def _spend(state: Campaign, cleric: Character, feature: str, events: list) -> Campaign:
    cleric = use_pool(cleric, "Channel Divinity")
    state = spend(state.with_actor(cleric), cleric.id, "action", False, f" ({feature} takes the action)")
    events.append(ChannelDivinityUsed(cleric.id, feature, pool(cleric, "Channel Divinity").uses))
    return state


def turn_undead(state: Campaign, ref: str, targets: tuple[str, ...], resisting: tuple[str, ...], dice: Dice) -> Outcome:
    cleric = _cleric(state, ref)
    if not targets:
        raise CommandRejected("Turn Undead needs at least one undead.")
    for target in targets:
        actor = find_actor(state, target)
        if not is_undead(actor):
            raise CommandRejected(f"{actor.name} is not undead.", "Set its creature type to undead.")
        if state.fight.find(target) is None or actor.hp <= 0:
            raise CommandRejected(f"{actor.name} is not standing in this fight.")
    check_resist(state, resisting, targets)
    events: list = []
    state = _spend(state, cleric, "Turn Undead", events)
    dc = spell_save_dc(cleric)
    threshold = destroy_threshold(class_level(cleric, "Cleric"))
    for target in targets:
        undead = state.actor(target)
        if _save(undead, dc, dice, events):
            continue
        state, resisted = resist(state, target, resisting, events)
        if resisted:
            continue
        undead = state.actor(target)
        challenge = parse_challenge(undead.challenge)
        if threshold is not None and challenge is not None and challenge <= threshold:
            state = state.with_actor(evolve(undead, hp=0))
            events += [UndeadDestroyed(target, undead.challenge), CombatantDefeated(target)]
            continue
        changed, result = add_chip(undead, Chip(TURNED, 10, ref, "Turn Undead"))
        state = state.with_actor(changed)
        events.append(ChipAdded(target, TURNED, 10, "", result))
    return Outcome(state, tuple(events))


def _save(undead: Creature, dc: int, dice: Dice, events: list) -> bool:
    ability = "wisdom"
    failed_by = auto_fail(undead, ability)
    if failed_by:
        events.append(SpellSaveRolled(undead.id, "Turn Undead", ability, (), 0, "", 0, 0, dc, False, (), "auto", failed_by))
        return False
    slants = save_slants(undead, ability) + ((Slant("adv", "Turn Resistance"),) if undead.turn_resistance else ())
    resolved = resolve(slants, "", "normal")
    faces, kept = roll_d20(dice, resolved.mode)
    bless = dice.roll(1, 4).total if blessed(undead) else 0
    bonus = save_bonus(undead, ability)
    total = kept + bonus + bless
    success = total >= dc
    events.append(SpellSaveRolled(undead.id, "Turn Undead", ability, faces, kept, resolved.mode, bonus, total, dc,
                                  success, resolved.slants, resolved.origin, "", bless))  # fmt: skip
    return success


def preserve_rows(state: Campaign, ref: str) -> tuple[tuple[str, int], ...]:
    """(ally, most HP it may get) for each ally below half its max HP; no undead or constructs."""
    side = state.fight.find(ref).side
    rows = []
    for c in state.fight.combatants:
        actor = state.actor(c.ref)
        if c.side != side or actor is None or _no_row(actor):
            continue
        if actor.hp < actor.max_hp // 2 and not (isinstance(actor, Character) and actor.dead):
            rows.append((c.ref, actor.max_hp // 2 - actor.hp))
    return tuple(rows)


def _no_row(actor: Actor) -> bool:
    return isinstance(actor, Creature) and actor.creature_type.casefold() in ("undead", "construct")


def preserve_life(state: Campaign, ref: str, shares: tuple[tuple[str, int], ...]) -> Outcome:
    cleric = _cleric(state, ref)
    if class_level(cleric, "Cleric", "Life Domain") < 2:
        raise CommandRejected(f"{cleric.name} has no Preserve Life (Life Domain).")
    budget = 5 * class_level(cleric, "Cleric")
    rows = dict(preserve_rows(state, ref))
    if not shares:
        raise CommandRejected("Preserve Life needs at least one ally and an amount.")
    for target, amount in shares:
        actor = find_actor(state, target)
        if target not in rows:
            raise CommandRejected(f"{actor.name} gets no share: only allies below half their max HP, "
                                  "and no undead or construct.")  # fmt: skip
        if amount < 1:
            raise CommandRejected(f"A share must be at least 1 HP, not {amount}.")
        if amount > rows[target]:
            raise CommandRejected(f"{actor.name} can take at most {rows[target]} HP: a share stops at half its max HP.")
    total = sum(amount for _, amount in shares)
    if total > budget:
        raise CommandRejected(f"The shares add up to {total} HP, over the {budget} HP that Preserve Life gives.")
    events: list = []
    state = _spend(state, cleric, "Preserve Life", events)
    for target, amount in shares:
        healed = heal(state, target, amount)
        state = healed.state
        events.extend(healed.events)
    return Outcome(state, tuple(events))
