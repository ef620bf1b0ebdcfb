"""Class features of the Fighter, Barbarian and Rogue groups, and the class pools on rests.

ref: Action, bonus action, and reaction — Second Wind ("spends the bonus action and one use, and
the fighter regains 1d10 plus the fighter level in HP"), Action Surge ("costs no part of the turn
... one surge per turn ... A button with no use left, or a second surge in one turn, shows a toast
and spends nothing"), Rage ("spends the bonus action and one use, and it puts a Raging chip on the
barbarian for 10 rounds ... +2 up to barbarian level 8, +3 from level 9, and +4 from level 16").
ref: Evasion; ref: Cover and Sneak Attack — the Sneak Attack dice by rogue level.
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.dnd5e.abilities import class_level, modifier
from combat_tui.systems.dnd5e.conditions import add_chip, remove_chips, surprised
from combat_tui.systems.dnd5e.damage import find_actor, heal
from combat_tui.systems.dnd5e.data.classes import find_class
from combat_tui.systems.dnd5e.economy import combatant, spend, with_combatant
from combat_tui.systems.dnd5e.events import (
    ActionSurged,
    ChipAdded,
    ChipsEnded,
    ExhaustionSet,
    RageStarted,
    RestTaken,
    SecondWindUsed,
)
from combat_tui.systems.dnd5e.events_turn import HitDiceSpent, RestNoEffect
from combat_tui.systems.dnd5e.model import Actor, Campaign, Character, Chip, Pool

RAGING = "Raging"
STANDARD_RECOVERY = {"Second Wind": "short", "Action Surge": "short", "Rage": "long", "Channel Divinity": "short"}
"""The rest that brings each pool back (2014 PHB)."""


def pool(actor: Actor, name: str) -> Pool | None:
    for entry in getattr(actor, "pools", ()):
        if entry.name.casefold() == name.casefold():
            return entry
    return None


def use_pool(actor: Character, name: str) -> Character:
    """`actor` with one use of its pool `name` spent; refused when it has none left."""
    found = pool(actor, name)
    if found is None:
        raise CommandRejected(f"{actor.name} has no {name} pool.", "Add it to the character's class pools.")
    if found.uses < 1:
        raise CommandRejected(f"{actor.name} has no use of {name} left.", f"It comes back on a {found.recovery} rest.")
    pools = tuple(evolve(p, uses=p.uses - 1) if p is found else p for p in actor.pools)
    return evolve(actor, pools=pools)


def _character(state: Campaign, ref: str) -> Character:
    actor = find_actor(state, ref)
    if not isinstance(actor, Character):
        raise CommandRejected(f"{actor.name} is a creature and has no class features.")
    if actor.hp <= 0:
        raise CommandRejected(f"{actor.name} is at 0 HP and cannot act.")
    return actor


def second_wind(state: Campaign, ref: str, dice: Dice) -> Outcome:
    actor = _character(state, ref)
    level = class_level(actor, "Fighter")
    actor = use_pool(actor, "Second Wind")
    state = spend(state, ref, "bonus", False, " (Second Wind needs the bonus action)")
    roll = dice.roll(1, 10)
    hp_after = min(actor.max_hp, actor.hp + roll.total + level)
    state = state.with_actor(evolve(actor, hp=hp_after))
    return Outcome(state, (SecondWindUsed(ref, roll, level, actor.hp, hp_after),))


def action_surge(state: Campaign, ref: str) -> Outcome:
    actor = _character(state, ref)
    c = combatant(state, ref)
    if c.surged:
        raise CommandRejected(f"{actor.name} has already used Action Surge this turn.", "One surge per turn.")
    actor = use_pool(actor, "Action Surge")
    state = state.with_actor(actor)
    if c.action_used:  # "After the action is spent, the Action pip becomes free again."
        c = evolve(c, action_used=False, swings_left=0, surged=True)
    else:  # "the first action spends that pip instead, so the Action pip stays free for the second"
        c = evolve(c, extra_actions=c.extra_actions + 1, surged=True)
    return Outcome(with_combatant(state, c), (ActionSurged(ref, pool(actor, "Action Surge").uses),))


def rage_bonus(actor: Actor) -> int:
    level = class_level(actor, "Barbarian")
    return 4 if level >= 16 else 3 if level >= 9 else 2


def raging(actor: Actor) -> bool:
    return any(chip.name.casefold() == RAGING.casefold() for chip in actor.chips)


def rage(state: Campaign, ref: str) -> Outcome:
    """Feral Instinct (barbarian 7, 2014 PHB): a surprised barbarian may act on its first turn if it
    rages before doing anything else, so the rage takes off its Surprised chip."""
    actor = _character(state, ref)
    if class_level(actor, "Barbarian") < 1:
        raise CommandRejected(f"{actor.name} is not a Barbarian.")
    feral = surprised(actor) and class_level(actor, "Barbarian") >= 7
    events: list = []
    if feral:
        actor, _ = remove_chips(actor, "Surprised")
        state = state.with_actor(actor)
    actor = use_pool(actor, "Rage")
    state = spend(state.with_actor(actor), ref, "bonus", False, " (Rage needs the bonus action)")
    changed, result = add_chip(state.actor(ref), Chip(RAGING, 10, ref, "Rage"))
    state = state.with_actor(changed)
    events.append(RageStarted(ref, rage_bonus(actor), pool(actor, "Rage").uses, feral))
    if feral:
        events.append(ChipsEnded(ref, ("Surprised",), "turn"))
    events.append(ChipAdded(ref, RAGING, 10, "", result))
    return Outcome(state, tuple(events))


def sneak_attack_dice(actor: Actor) -> int:
    """ref: Cover and Sneak Attack — "The level in the class that granted the feature sets the
    count": 1d6 at rogue 1, one more every two levels (2014 PHB)."""
    level = class_level(actor, "Rogue")
    return (level + 1) // 2 if level else 0


def has_evasion(actor: Actor) -> bool:
    """ref: Evasion — "A character with the Evasion feature (rogue 7, monk 7)"; a creature's trait
    gets no automatic change."""
    return isinstance(actor, Character) and (class_level(actor, "Rogue") >= 7 or class_level(actor, "Monk") >= 7)


def take_rest(state: Campaign, length: str, spend: tuple[tuple[str, int], ...] = (), dice: Dice | None = None) -> Outcome:
    """ref: Class feature pools — uses recover on rests (a short rest brings back the pools that
    recover on one, a long rest all of them); ref: Legendary resistance — "The uses come back when
    the party takes a long rest." ref: Death saves — "A dead character regains no HP. A heal or a
    rest has no effect on it, and the combat log says so." A rest is refused during a fight.

    2014 PHB chapter 8: at the end of a short rest a character spends hit dice, each the die plus
    its CON modifier (at least 0); a long rest brings back all HP, half the hit dice (at least
    one), every spell slot, and lowers exhaustion by one, for a character with at least 1 HP at
    its start. Time passes: the chips that count rounds run out (a short rest is 600 rounds)."""
    if length not in ("short", "long"):
        raise CommandRejected(f"'{length}' is not a rest.", "Rests: short, long.")
    if state.fight is not None and state.fight.stage == "running":
        raise CommandRejected("The party cannot rest during a fight.", "End the fight first.")
    if spend and length == "long":
        raise CommandRejected("A long rest spends no hit dice; half of them come back.", "Spend them on a short rest.")
    wanted = _check_spend(state, spend)
    dice = dice or Dice()
    recovered: list[tuple[str, str]] = []
    after: list = []
    for ref in [c.id for c in state.characters]:
        actor = state.actor(ref)
        if actor.dead or (length == "long" and actor.hp <= 0):
            after.append(RestNoEffect(ref, length, "dead" if actor.dead else "0 HP"))
            continue
        if length == "long":
            state = _long_rest(state, actor, recovered, after)
        pools = tuple(evolve(p, uses=p.max) if p.uses < p.max and (length == "long" or p.recovery == "short") else p
                      for p in actor.pools)  # fmt: skip
        back = [p.name for p, old in zip(pools, actor.pools) if p.uses != old.uses]
        if back:
            state = state.with_actor(evolve(state.actor(ref), pools=pools))
            recovered.extend((ref, name) for name in back)
        if ref in wanted:
            state = _spend_hit_dice(state, ref, wanted[ref], dice, after)
    if length == "long":
        for creature in state.creatures:
            if creature.legendary_resistance_used:
                state = state.with_actor(evolve(creature, legendary_resistance_used=0))
                recovered.append((creature.id, "Legendary Resistance"))
    state = _time_passes(state, SHORT_REST_ROUNDS if length == "short" else 0, after)
    return Outcome(state, (RestTaken(length, tuple(recovered)), *after))


SHORT_REST_ROUNDS = 600
"""A short rest is at least an hour: 600 rounds of 6 seconds."""


def hit_dice(actor: Character) -> tuple[int, ...]:
    """The sizes of a character's hit dice, biggest first: one a level of each class. The used
    ones are the first `hit_dice_used`, so a multiclass character spends its biggest dice first."""
    sizes = []
    for entry in actor.classes:
        info = find_class(entry.name)
        sizes += [info.hit_die if info else 8] * entry.level
    return tuple(sorted(sizes, reverse=True))


def hit_dice_left(actor: Character) -> int:
    return max(0, len(hit_dice(actor)) - actor.hit_dice_used)


def _check_spend(state: Campaign, spend: tuple[tuple[str, int], ...]) -> dict[str, int]:
    """Every (character, count) pair checked before anything changes."""
    wanted: dict[str, int] = {}
    for ref, count in spend:
        actor = find_actor(state, ref)
        if not isinstance(actor, Character):
            raise CommandRejected(f"{actor.name} is a creature and has no hit dice to spend.")
        if ref in wanted:
            raise CommandRejected(f"{actor.name} is named twice.", "Name each character once with its hit dice.")
        if count < 1:
            raise CommandRejected(f"{actor.name} spends at least 1 hit die, not {count}.")
        left = hit_dice_left(actor)
        if count > left and not actor.dead:
            raise CommandRejected(f"{actor.name} has {left} hit {'die' if left == 1 else 'dice'} left, not {count}.",
                                  "Half of them come back on a long rest.")  # fmt: skip
        wanted[ref] = count
    return wanted


def _spend_hit_dice(state: Campaign, ref: str, count: int, dice: Dice, events: list) -> Campaign:
    actor = state.actor(ref)
    con = modifier(actor.abilities.constitution)
    sizes = hit_dice(actor)[actor.hit_dice_used : actor.hit_dice_used + count]
    rolls = tuple(dice.roll(1, size) for size in sizes)
    total = sum(max(0, roll.total + con) for roll in rolls)
    state = state.with_actor(evolve(actor, hit_dice_used=actor.hit_dice_used + count))
    events.append(HitDiceSpent(ref, rolls, con, total, hit_dice_left(state.actor(ref))))
    if total > 0:  # ref: Death saves — "Healing from ... a rest" clears the tracker too
        healed = heal(state, ref, total)
        events.extend(healed.events)
        state = healed.state
    return state


def _long_rest(state: Campaign, actor: Character, recovered: list, events: list) -> Campaign:
    """Exhaustion first (so its HP cap lifts), then HP, half the hit dice and the spell slots."""
    from combat_tui.systems.dnd5e.building import slots_for  # building imports this module

    ref = actor.id
    if actor.exhaustion:
        events.append(ExhaustionSet(ref, actor.exhaustion, actor.exhaustion - 1))
        actor = evolve(actor, exhaustion=actor.exhaustion - 1)
        state = state.with_actor(actor)
    if actor.hp < actor.max_hp:
        state = heal(state, ref, actor.max_hp - actor.hp).state
        gained = state.actor(ref).hp - actor.hp
        if gained:
            recovered.append((ref, f"{gained} HP"))
    actor = state.actor(ref)
    back = min(actor.hit_dice_used, max(1, len(hit_dice(actor)) // 2))
    if back:
        actor = evolve(actor, hit_dice_used=actor.hit_dice_used - back)
        recovered.append((ref, f"{back} hit {'die' if back == 1 else 'dice'}"))
    table = slots_for(actor.classes) if actor.slots else ()  # empty slots are not tracked
    if table and actor.slots != table:
        actor = evolve(actor, slots=table)
        recovered.append((ref, "spell slots"))
    return state.with_actor(actor)


def _time_passes(state: Campaign, rounds: int, events: list) -> Campaign:
    """The chips that count rounds lose `rounds` of them (0: all end), and "next turn" chips end."""
    for actor in state.characters + state.creatures:
        if not any(chip.rounds or chip.until_turn_of for chip in actor.chips):
            continue
        kept, ended = [], []
        for chip in actor.chips:
            if chip.until_turn_of or (chip.rounds and (not rounds or chip.rounds <= rounds)):
                ended.append(chip.name)
            else:
                kept.append(evolve(chip, rounds=chip.rounds - rounds) if chip.rounds else chip)
        state = state.with_actor(evolve(actor, chips=tuple(kept)))
        if ended:
            events.append(ChipsEnded(actor.id, tuple(ended), "rest"))
    return state


def standard_pools(actor: Character) -> tuple[Pool, ...]:
    """The class pools a character of its classes and levels has (2014 PHB), for the sample and
    for a new character: Second Wind and Action Surge (fighter 2), Rage (3 uses, 4 from barbarian
    6, 5 from 12, 6 from 17), Channel Divinity (cleric 2: 1, 2 from 6, 3 from 18)."""
    found: list[Pool] = []
    fighter, barbarian, cleric = (class_level(actor, n) for n in ("Fighter", "Barbarian", "Cleric"))
    if fighter:
        found.append(Pool("Second Wind", 1, 1, STANDARD_RECOVERY["Second Wind"]))
    if fighter >= 2:
        surges = 2 if fighter >= 17 else 1
        found.append(Pool("Action Surge", surges, surges, STANDARD_RECOVERY["Action Surge"]))
    if barbarian:
        rages = 6 if barbarian >= 17 else 5 if barbarian >= 12 else 4 if barbarian >= 6 else 3 if barbarian >= 3 else 2
        found.append(Pool("Rage", rages, rages, STANDARD_RECOVERY["Rage"]))
    if cleric >= 2:
        uses = 3 if cleric >= 18 else 2 if cleric >= 6 else 1
        found.append(Pool("Channel Divinity", uses, uses, STANDARD_RECOVERY["Channel Divinity"]))
    return tuple(found)
