"""Reactions between turns: the Reaction row of a board card, and the standard and class controls
of the action bar, each with the cost it needs (what the screens show; the rules live elsewhere).

ref: Reactions and opportunity attacks — "A card shows a Reaction row when all of these conditions
are true: The card is not the current turn. You can act for that combatant. The combatant can
still act. Its reaction is unspent. The row has one button per melee weapon, as in Opportunity
attack: Rapier. It also has one button per spell that casts as a reaction, as in Cast Shield."
"Its defender starts as the combatant that takes the turn".
ref: Action, bonus action, and reaction — "A button that needs a spent cost has a muted label ...
and its tooltip names the cost, as in 'Action spent'."
"""

from __future__ import annotations

from combat_tui.core.records import frozen
from combat_tui.systems.dnd5e.abilities import class_level
from combat_tui.systems.dnd5e.actions import (
    CUNNING_ACTIONS,
    STANDARD_ACTIONS,
    has_cunning_action,
    offhand_ready,
    offhand_weapons,
)
from combat_tui.systems.dnd5e.catalog import spell_of
from combat_tui.systems.dnd5e.channel_divinity import turnable
from combat_tui.systems.dnd5e.commands import ActionSurge, Rage, SecondWind, TakeAction
from combat_tui.systems.dnd5e.conditions import stopped_by
from combat_tui.systems.dnd5e.economy import PIP_NAMES, pips
from combat_tui.systems.dnd5e.features import pool
from combat_tui.systems.dnd5e.model import Actor, Campaign, Character, Creature
from combat_tui.systems.dnd5e.recharge import ready_actions


def can_still_act(actor: Actor) -> bool:
    return actor.hp > 0 and not stopped_by(actor)  # a surprised one's Reaction pip is spent (pips)


def _row_shows(state: Campaign, ref: str) -> Actor | None:
    """The actor of `ref` when its card shows a Reaction row: not its turn, able to act, its
    reaction unspent (the GM acts for every combatant); else None."""
    fight = state.fight
    current = fight.current() if fight else None
    actor = state.actor(ref)
    if current is None or current.ref == ref or actor is None or not can_still_act(actor):
        return None
    return None if pips(state, ref).reaction else actor


def reaction_row(state: Campaign, ref: str) -> tuple[str, ...]:
    """The melee weapons of the Reaction row of `ref`'s card; empty when the row does not show."""
    actor = _row_shows(state, ref)
    return tuple(w.name for w in actor.weapons if not w.ranged) if actor is not None else ()


def reaction_spells(state: Campaign, ref: str) -> tuple[str, ...]:
    """The spells of the Reaction row of `ref`'s card ("Cast Shield"), in the order of its list:
    each spell it knows whose casting time is a reaction and that it can cast now, a cantrip or a
    slot left at the spell's level or higher (a creature whose slots the app does not track needs
    none; a character without slots casts none). Empty when the row does not show."""
    actor = _row_shows(state, ref)
    if actor is None:
        return ()
    found = []
    for name in actor.spells:
        spell = spell_of(state, name)  # a campaign's custom spell first
        if spell is None or spell.casting != "reaction" or spell.name in found:
            continue
        if spell.level == 0 or _slot_left(actor, spell.level):
            found.append(spell.name)
    return tuple(found)


def _slot_left(actor: Actor, level: int) -> bool:
    if not actor.slots:
        return isinstance(actor, Creature)  # a stat block's spells without tracked slots
    return any(left > 0 for left in actor.slots[level - 1 :])


def opportunity_defender(state: Campaign) -> str:
    """The combatant whose turn the reaction interrupts."""
    current = state.fight.current() if state.fight else None
    return current.ref if current else ""


@frozen
class Control:
    """One control of the action bar: what it runs, and the cost it needs when that is spent."""

    group: str
    name: str
    command: object | None
    """The command it runs; None when the screen asks for more first (`needs`)."""
    spent: str = ""
    """`Action spent`, `Bonus action spent`, `No use left`: the control refuses (muted)."""
    needs: str = ""
    """What the screen asks before the command: `offhand` (the attack dialog), `target` (a save
    action's targets: the inspected card), `channel` (the Channel Divinity dialog)."""
    value: str = ""
    """The weapon or action name the `needs` is about."""


def controls(state: Campaign, ref: str) -> tuple[Control, ...]:
    """The action bar's groups for the current combatant `ref` (ref: Action, bonus action, and
    reaction): Standard actions, Cunning Action, the class groups, Off-hand, creature actions."""
    actor = state.actor(ref)
    p = pips(state, ref)
    action_spent = "Action spent" if p.action and not p.extra_actions else ""
    bonus_spent = "Bonus action spent" if p.bonus else ""
    found = [Control("Standard actions", name, TakeAction(ref, name), action_spent)
             for name in STANDARD_ACTIONS if name != "Attack"]  # fmt: skip
    if has_cunning_action(actor):
        found += [Control("Cunning Action (bonus action)", name, TakeAction(ref, name, True), bonus_spent)
                  for name in CUNNING_ACTIONS]  # fmt: skip
    if isinstance(actor, Character):
        found += _class_controls(state, actor, action_spent, bonus_spent)
        if offhand_ready(state, ref):
            found += [Control("Off-hand (bonus action)", w.name, None, "", "offhand", w.name) for w in offhand_weapons(actor)]
    if isinstance(actor, Creature):
        found += [Control("Actions", a.name, None, action_spent, "target", a.name) for a in ready_actions(actor)]
    return tuple(found)


def _class_controls(state: Campaign, actor: Character, action_spent: str, bonus_spent: str) -> list[Control]:
    found = []

    def uses(name: str) -> tuple[str, str]:
        entry = pool(actor, name)
        return (f"{name} ({entry.uses} left)", "" if entry.uses else "No use left") if entry else ("", "")

    ref = actor.id
    for name, cost in (("Second Wind", bonus_spent), ("Action Surge", "")):
        title, empty = uses(name)
        if title:
            surged = "One surge per turn" if name == "Action Surge" and state.fight.find(ref).surged else ""
            command = SecondWind(ref) if name == "Second Wind" else ActionSurge(ref)
            found.append(Control("Fighter", title, command, empty or surged or cost))
    title, empty = uses("Rage")
    if title:
        found.append(Control("Barbarian", title, Rage(ref), empty or bonus_spent))
    title, empty = uses("Channel Divinity")
    if title and class_level(actor, "Cleric") >= 2:
        undead = turnable(state)
        left = title[len("Channel Divinity ") :]
        found.append(Control("Channel Divinity", f"Turn Undead {left}", None,
                             empty or ("" if undead else "No undead in the fight") or action_spent,
                             "channel", "Turn Undead"))  # fmt: skip
        if class_level(actor, "Cleric", "Life Domain") >= 2:
            found.append(Control("Channel Divinity", f"Preserve Life {left}", None, empty or action_spent,
                                 "channel", "Preserve Life"))  # fmt: skip
    return found


__all__ = ["Control", "PIP_NAMES", "can_still_act", "controls", "opportunity_defender", "reaction_row", "reaction_spells"]


def attack_cost_spent(state: Campaign, ref: str) -> str:
    """`Action spent` when the current combatant's weapon buttons need an Action it no longer has
    (no swing left, no Action Surge action), else empty."""
    p = pips(state, ref)
    return "Action spent" if p.action and not p.extra_actions and not p.swings_left else ""
