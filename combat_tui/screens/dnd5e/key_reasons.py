"""Why a key of a 5e screen or dialog cannot be used now, in a player's words.

Each screen's `refusal(action, parameters)` hands over to one function here, so the screens keep
their size; `screens/refusals.py` shows the reason when the key is pressed. A reason that is a
rule is the core's own refusal of the command the key would send (`core_reason`); the rest say
what the screen is missing (a target, an Amount, a spell with slots).
"""

from __future__ import annotations

from combat_tui.screens.refusals import Reason, core_reason
from combat_tui.systems.dnd5e.commands import RollDeathSave, SetExhaustion, Stabilize
from combat_tui.systems.dnd5e.model import Character
from combat_tui.systems.dnd5e.view import actor_status


def combat(screen, action: str, parameters: tuple) -> Reason:
    """The fight screen (`CombatScreen`)."""
    view = screen._view
    if view is None:
        return ""
    session, current = screen.app.session, view.current_ref
    name = view.label(current)
    if action == "attack":  # a dying character has no action bar (ref: Death saves)
        status = actor_status(view.actors[current])
        return f"{name} {f'is {status}' if status else 'has no weapons'} and cannot attack."
    if action == "cast":
        return f"{name} is {actor_status(view.actors[current])} and cannot cast."
    if action in ("damage", "heal"):
        from combat_tui.widgets.dnd5e.damage_heal_box import DamageHealBox

        box = screen.query_one(DamageHealBox)
        if box.aim(action) is None:
            return f"No one to {action}: t chooses the target, or type the Amount and the start of a name (7 g d)."
        return "Type the Amount first: a whole number of 1 or more."
    if action == "death_save":
        return core_reason(session, RollDeathSave(current))
    if action == "stabilize":
        return core_reason(session, Stabilize(screen._inspected or current))
    if action == "back_to_current":
        return f"The column shows the current turn already ({name}): [ and ] inspect another combatant."
    return ""


def sheet(screen, action: str, parameters: tuple) -> Reason:
    """The character sheet (`SheetScreen`)."""
    actor = screen._actor
    if actor is None:
        return ""
    name = screen._labels.get(screen.ref, actor.name)
    if action in ("edit", "level_up") and not isinstance(actor, Character):
        return f"{name} is a creature: its stat block is edited in the creature dialog (e on the campaign screen)."
    if action == "unequip":
        return f"{name} wears and wields nothing to take off: w puts something on."
    if action == "stabilize":
        return core_reason(screen.app.session, Stabilize(screen.ref))
    if action == "exhaustion":
        return core_reason(screen.app.session, SetExhaustion(screen.ref, actor.exhaustion + parameters[0]))
    return ""


def chips(dialog, action: str, parameters: tuple) -> Reason:
    """The chip dialog (`ChipDialog`)."""
    if action == "remove":
        return "No chip is highlighted: there is none to remove (a adds one)."
    if action == "toggle_next_turn":
        return "A chip ends on a combatant's next turn only in a running fight."
    return ""


def attack(dialog, action: str, parameters: tuple) -> Reason:
    """The attack dialog (`AttackDialog`)."""
    weapon = dialog.weapon or "no weapon"
    if action == "throw":
        return f"The {weapon} is not a thrown melee weapon: it cannot be thrown."
    if action == "long_range":
        return f"The {weapon} has no long range here: only a ranged or thrown weapon's attack has one."
    if action == "two_handed":
        return f"The {weapon} is not versatile: it has no two-handed grip."
    name = dialog._label(dialog.attacker)
    if action == "target":
        return f"No one can be attacked by {name}: / finds a fallen combatant by name."
    if action == "weapon":
        return f"{name} has no other weapon to switch to." if dialog.weapon else f"{name} has no weapons."
    if action == "sneak" and dialog.mode == "dis" and dialog.can_sneak():
        return "Sneak Attack is never added at disadvantage: v changes the Roll mode."
    if action == "sneak":
        from combat_tui.systems.dnd5e.features import sneak_attack_dice
        from combat_tui.systems.dnd5e.view import actor_index

        attacker = actor_index(dialog._state).get(dialog.attacker) if dialog._state is not None else None
        if attacker is not None and sneak_attack_dice(attacker) > 0:
            return f"{name} has used Sneak Attack this turn: it adds its dice once a turn."
        return f"{name} has no Sneak Attack."
    if action == "pack":
        return f"{name} has no Pack Tactics."
    if action == "roll":
        return "No one to attack: t picks a target." if not dialog.target else f"{name} has no weapon to attack with."
    return roll(dialog, action)


def cast(dialog, action: str, parameters: tuple) -> Reason:
    """The cast dialog (`CastDialog`)."""
    spell, caster = dialog.chosen_spell, dialog._label(dialog.caster)
    if action == "spell":
        return f"{caster} has no other spell to switch to." if dialog._spells else f"{caster} has no spells."
    if action == "cursor":
        return "No one is left to target: / finds a fallen combatant by name."
    if action == "find_target":
        return "Targets are picked in a running fight."
    what = spell.name if spell is not None else ""
    if spell is None and action not in ("ignore_armor", "undo", "redo"):
        return "No spell is chosen: s picks one of the caster's spells."
    if action == "slot":
        if spell.level > 0:
            return f"{caster} has no other slot level with a slot left for {what}."
        return f"{what} is a cantrip: it takes no slot."
    if action == "toggle":
        return "No combatant is under the cursor: t moves it."
    if action == "mode":
        return f"{what} rolls no attack and asks no save: it has no Roll mode."
    if action == "ignore_armor":
        return f"{caster} wears no armor it is untrained in: nothing to ignore."
    if action == "repeat":
        return "Only Hunter's Mark moves its mark with Repeat."
    if action == "option":
        return f"{what} has no damage type for the caster to pick."
    if action == "dart_off":
        from combat_tui.screens.dnd5e.cast_settings import DARTS

        if spell.kind in DARTS:
            return "The combatant under the cursor has no dart or ray to take off: space gives it one."
        return f"{what} sends no darts or rays to take off."
    if action == "all_targets":
        from combat_tui.screens.dnd5e.cast_settings import DARTS

        if spell.kind in DARTS:
            return f"{what} gives each dart or ray its target: space adds one on the combatant under the cursor."
        return f"{what} takes one target: space picks the one under the cursor."
    if action == "cast":
        return "Tick a target first: t moves the cursor, space ticks."
    return roll(dialog, action)


def check(dialog, action: str, parameters: tuple) -> Reason:
    """The save/check dialog (`RollCheckDialog`)."""
    if action in ("what", "find", "mode"):
        return "A death save is a plain d20: it has no ability and no Roll mode (k picks a save or check)."
    if action == "who":
        return "No one else in the fight is standing to roll for."
    return roll(dialog, action)


def roll(dialog, action: str) -> Reason:
    """What every roll dialog shares: undo, redo (the app's words), the roll with nothing to roll."""
    if action in ("undo", "redo"):
        return dialog.app.refusal(action, ())
    if action == dialog.READY_ACTION:
        return "Nothing to roll yet: the combatant is gone (w picks another)."
    return ""
