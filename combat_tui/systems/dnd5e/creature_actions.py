"""The creature dialog's action editor: add, change and remove a creature's save actions.

ref: Creature actions — "The action dialog asks for a name, the saving throw, the DC, one damage
term (dice, die, and type), a Recharge face, and whether a save halves the damage. To change or
remove an action, pick it in the list and click Open."
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import parse_dice
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.dnd5e.commands import RemoveCreatureAction, SetCreatureAction
from combat_tui.systems.dnd5e.damage import find_actor
from combat_tui.systems.dnd5e.defenses import DAMAGE_TYPES
from combat_tui.systems.dnd5e.events import CreatureActionRemoved, CreatureActionSet
from combat_tui.systems.dnd5e.model import ABILITIES, Campaign, Creature, CreatureAction
from combat_tui.systems.dnd5e.recharge import RECHARGE_FACES


def _creature(state: Campaign, ref: str) -> Creature:
    creature = find_actor(state, ref)
    if not isinstance(creature, Creature):
        raise CommandRejected(f"{creature.name} is a character; save actions belong to creatures.")
    return creature


def check_action(action: CreatureAction) -> CreatureAction:
    """The action as kept (its name trimmed, its type lower case), or a reason it cannot be."""
    name = " ".join(action.name.split())
    if not name:
        raise CommandRejected("An action needs a name.")
    if action.save not in ABILITIES:
        raise CommandRejected(f"'{action.save}' is not an ability.", "Abilities: str, dex, con, int, wis, cha.")
    if not 1 <= action.dc <= 30:
        raise CommandRejected(f"The DC of {name} can be 1 to 30, not {action.dc}.")
    parse_dice(action.damage)
    damage_type = action.damage_type.strip().casefold()
    if damage_type and damage_type not in DAMAGE_TYPES:
        raise CommandRejected(f"'{action.damage_type}' is not a damage type.", f"Types: {', '.join(DAMAGE_TYPES)}.")
    if action.recharge not in RECHARGE_FACES:
        raise CommandRejected(f"Recharge {action.recharge} is not a face.", "Use 6, 5 (5-6), 4 (4-6), or 0 for none.")
    return evolve(action, name=name, damage=action.damage.strip().casefold(), damage_type=damage_type)


def set_action(state: Campaign, command: SetCreatureAction) -> Outcome:
    creature = _creature(state, command.ref)
    actions = creature.actions
    if command.index != -1 and not 0 <= command.index < len(actions):
        raise CommandRejected(f"{creature.name} has no action number {command.index + 1}.")
    old = actions[command.index] if command.index != -1 else None
    new = check_action(command.action)
    # A change keeps a spent action spent (it recharges as before); a new one is ready.
    new = evolve(new, ready=old.ready if old is not None and new.recharge else True)
    clash = [a for i, a in enumerate(actions) if i != command.index and a.name.casefold() == new.name.casefold()]
    if clash:
        raise CommandRejected(f"{creature.name} already has an action called {clash[0].name}.")
    if new == old:
        raise CommandRejected(f"{creature.name}'s {new.name} is already so.")
    kept = actions + (new,) if old is None else tuple(new if i == command.index else a for i, a in enumerate(actions))
    return Outcome(state.with_actor(evolve(creature, actions=kept)), (CreatureActionSet(creature.id, old, new),))


def remove_action(state: Campaign, command: RemoveCreatureAction) -> Outcome:
    creature = _creature(state, command.ref)
    if not 0 <= command.index < len(creature.actions):
        raise CommandRejected(f"{creature.name} has no action number {command.index + 1}.")
    action = creature.actions[command.index]
    kept = tuple(a for i, a in enumerate(creature.actions) if i != command.index)
    return Outcome(state.with_actor(evolve(creature, actions=kept)), (CreatureActionRemoved(creature.id, action),))


def action_summary(action: CreatureAction) -> str:
    """`DC 13 CON, 4d8 cold, recharge 5-6, half on a save` (the log and the dialog's list)."""
    parts = [f"DC {action.dc} {action.save[:3].upper()}", " ".join(filter(None, [action.damage, action.damage_type]))]
    if action.recharge:
        parts.append("recharge 6" if action.recharge == 6 else f"recharge {action.recharge}-6")
    parts.append("half on a save" if action.half else "none on a save")
    return ", ".join(parts)
