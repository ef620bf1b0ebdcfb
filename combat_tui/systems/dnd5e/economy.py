"""The turn's economy: the Action, Bonus action and Reaction pips, Extra Attack's swings, and
what comes back when a turn starts.

ref: Action, bonus action, and reaction — "The whole turn comes back when the turn of that
combatant starts again. The reaction comes back at the same time, not at the top of the round. A
combatant that the turn order steps past because it cannot act ... gets its reaction and its
legendary actions back, and keeps the rest of what it spent. A combatant that is dead or defeated
gets nothing back." "The pips never block a button. Instead, the dialog refuses a swing or a cast
that the turn cannot pay for. The dialog then offers an Ignore action cost box that goes ahead
anyway." "Press a free pip to mark that cost used ... Press a used pip to mark it free again ...
The combat log records each press."
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.records import evolve, frozen
from combat_tui.core.system import Outcome
from combat_tui.systems.dnd5e.abilities import class_level
from combat_tui.systems.dnd5e.conditions import surprised
from combat_tui.systems.dnd5e.damage import find_actor
from combat_tui.systems.dnd5e.events import PipToggled
from combat_tui.systems.dnd5e.model import Actor, Campaign, Character, Combatant, Creature
from combat_tui.systems.dnd5e.turns import running_fight

PIPS = ("action", "bonus", "reaction")
PIP_NAMES = {"action": "Action", "bonus": "Bonus action", "reaction": "Reaction"}


def attacks_per_action(actor: Actor) -> int:
    """Swings of one Attack action: Extra Attack (2014 PHB: fighter 5/11/20; barbarian, monk,
    paladin and ranger 5) or a creature's Multiattack."""
    if isinstance(actor, Creature):
        return max(1, actor.multiattack)
    fighter = class_level(actor, "Fighter")
    if fighter >= 20:
        return 4
    if fighter >= 11:
        return 3
    if fighter >= 5 or any(class_level(actor, name) >= 5 for name in ("Barbarian", "Monk", "Paladin", "Ranger")):
        return 2
    return 1


def combatant(state: Campaign, ref: str) -> Combatant:
    fight = running_fight(state)
    found = fight.find(ref)
    if found is None:
        actor = state.actor(ref)
        raise CommandRejected(f"{actor.name if actor else ref} is not in this fight.")
    return found


def with_combatant(state: Campaign, new: Combatant) -> Campaign:
    fight = state.fight
    combatants = tuple(new if c.ref == new.ref else c for c in fight.combatants)
    return evolve(state, fight=evolve(fight, combatants=combatants))


def is_current(state: Campaign, ref: str) -> bool:
    current = state.fight.current() if state.fight else None
    return current is not None and current.ref == ref


@frozen
class Pips:
    """What the Actions heading shows for one combatant."""

    action: bool
    """True: spent."""
    bonus: bool
    reaction: bool
    extra_actions: int
    """Action Surge's "+1 action (Action Surge)" pip, free."""
    swings_left: int
    per_action: int


def pips(state: Campaign, ref: str) -> Pips:
    """The pips of `ref`; a surprised combatant's are spent (ref: Surprise — "Until its first turn
    ends, its Reaction pip is spent. On that first turn, the Action and Bonus action pips are spent too")."""
    c = combatant(state, ref)
    actor = find_actor(state, ref)
    held = surprised(actor)
    return Pips(c.action_used or held and "action" not in c.freed, c.bonus_used or held and "bonus" not in c.freed,
                c.reaction_used or held and "reaction" not in c.freed or _turned(actor),
                c.extra_actions, c.swings_left, attacks_per_action(actor))  # fmt: skip


def _turned(actor: Actor) -> bool:
    """ref: Channel Divinity — "a Turned creature takes no reactions"."""
    return any(chip.name.casefold() == "turned" for chip in actor.chips)


def toggle_pip(state: Campaign, ref: str, pip: str, used: bool) -> Outcome:
    if pip not in PIPS:
        raise CommandRejected(f"'{pip}' is not a pip.", "Pips: action, bonus, reaction.")
    c = combatant(state, ref)
    field = f"{pip}_used"
    if surprised(find_actor(state, ref)) and not getattr(c, field) and (pip in c.freed) == used:
        # The Surprised chip holds this pip: pressing it frees it (or holds it again).
        freed = tuple(p for p in c.freed if p != pip) if used else (*c.freed, pip)
        return Outcome(with_combatant(state, evolve(c, freed=freed)), (PipToggled(ref, pip, used),))
    if getattr(c, field) == used:
        actor = find_actor(state, ref)
        raise CommandRejected(f"{_label(state, actor)}'s {PIP_NAMES[pip]} is already {'used' if used else 'free'}.")
    changed = evolve(c, **{field: used})
    if pip == "action" and not used:
        changed = evolve(changed, swings_left=0)  # a freed action starts a new Attack action
    return Outcome(with_combatant(state, changed), (PipToggled(ref, pip, used),))


def _label(state: Campaign, actor) -> str:
    """The name the app shows ("Goblin 3", not the stored "Goblin"), for a refusal."""
    from combat_tui.systems.dnd5e.labels import labels

    return labels(state).get(actor.id, actor.name)


def spend_action(state: Campaign, ref: str, ignore_cost: bool, what: str = "") -> Campaign:
    """Spend the Action (Action Surge's extra one first); refuse a spent one unless ignored."""
    c = combatant(state, ref)
    actor = find_actor(state, ref)
    _check_not_surprised(actor, c, "action", ignore_cost)
    if c.extra_actions:
        return with_combatant(state, evolve(c, extra_actions=c.extra_actions - 1))
    if c.action_used:
        if ignore_cost:
            return state
        raise CommandRejected(f"{_label(state, actor)}'s Action is spent{what}.",
                              "Press the Action pip to free it, or add ignore-cost to go ahead anyway.")  # fmt: skip
    return with_combatant(state, evolve(c, action_used=True))


def spend(state: Campaign, ref: str, pip: str, ignore_cost: bool, what: str = "") -> Campaign:
    """Spend the bonus action or the reaction; refuse a spent one unless ignored."""
    if pip == "action":
        return spend_action(state, ref, ignore_cost, what)
    c = combatant(state, ref)
    actor = find_actor(state, ref)
    _check_not_surprised(actor, c, pip, ignore_cost)
    if pip == "reaction" and _turned(actor) and not ignore_cost:
        raise CommandRejected(f"{_label(state, actor)} is Turned and takes no reactions.")
    if getattr(c, f"{pip}_used"):
        if ignore_cost:
            return state
        raise CommandRejected(f"{_label(state, actor)}'s {PIP_NAMES[pip]} is spent{what}.",
                              f"Press the {PIP_NAMES[pip]} pip to free it, or add ignore-cost to go ahead anyway.")  # fmt: skip
    return with_combatant(state, evolve(c, **{f"{pip}_used": True}))


def _check_not_surprised(actor: Actor, c: Combatant, pip: str, ignore_cost: bool) -> None:
    if surprised(actor) and pip not in c.freed and not ignore_cost:
        raise CommandRejected(f"{actor.name} is surprised: no action or reaction until its first turn ends.",
                              f"Press the {PIP_NAMES[pip]} pip to mark it free, or add ignore-cost.")  # fmt: skip


def attack_swing(state: Campaign, ref: str, ignore_cost: bool) -> tuple[Campaign, int]:
    """Pay for one swing of the Attack action: a swing left in the spent action, or a new action
    (Extra Attack and Multiattack give it its swings). Returns the state and the swing's number
    within its action (1 for the first)."""
    c = combatant(state, ref)
    per_action = attacks_per_action(find_actor(state, ref))
    if c.swings_left > 0:
        state = with_combatant(state, evolve(c, swings_left=c.swings_left - 1))
        return state, per_action - c.swings_left + 1
    state = spend_action(state, ref, ignore_cost, " (no swing left in its Attack action)" if per_action > 1 else "")
    c = combatant(state, ref)
    return with_combatant(state, evolve(c, swings_left=per_action - 1)), 1


def turn_reset(state: Campaign, ref: str, taken: bool) -> Campaign:
    """A turn starts (taken) or is stepped past: what comes back (see the module's ref)."""
    c = state.fight.find(ref) if state.fight else None
    actor = state.actor(ref)
    if c is None or actor is None:
        return state
    if (isinstance(actor, Creature) and actor.hp <= 0) or (isinstance(actor, Character) and (actor.dead or actor.hp <= 0 and not taken)):
        return state  # dead or defeated: nothing comes back
    if taken:
        new = evolve(c, action_used=False, bonus_used=False, reaction_used=False, swings_left=0, extra_actions=0,
                     surged=False, legendary_used=0, light_swing=False, turn_spells=())  # fmt: skip
    else:
        new = evolve(c, reaction_used=False, legendary_used=0)
    return with_combatant(state, new) if new != c else state


def sneak_reset(state: Campaign) -> Campaign:
    """ref: Cover and Sneak Attack — the box "comes back on the next turn of any combatant"."""
    fight = state.fight
    if not any(c.sneak_used for c in fight.combatants):
        return state
    return evolve(state, fight=evolve(fight, combatants=tuple(evolve(c, sneak_used=False) for c in fight.combatants)))
