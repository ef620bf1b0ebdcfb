"""The one-line summary of `show NAME`: the label, then HP as current/max, then the rest."""

from __future__ import annotations

from combat_tui.systems.dnd5e.armor import armor_class
from combat_tui.systems.dnd5e.conditions import chip_label
from combat_tui.systems.dnd5e.exhaustion import max_hp
from combat_tui.systems.dnd5e.labels import labels
from combat_tui.systems.dnd5e.model import Campaign, Character, Creature
from combat_tui.systems.dnd5e.turns import can_take_turn
from combat_tui.systems.dnd5e.view import actor_status


def status(state: Campaign, ref: str) -> str:
    """`defeated`, `dying`, `stable`, `dead`, or empty: the word the screens and `show` use."""
    actor = state.actor(ref)
    return "" if actor is None else actor_status(actor)


def summary(state: Campaign, ref: str) -> str:
    actor = state.actor(ref)
    label = labels(state).get(ref, actor.name)
    parts = [f"{label}: HP {actor.hp}/{max_hp(actor)}"]
    if actor.bonus_hp:
        parts.append(f"bonus HP {actor.bonus_hp}")
    parts.append(f"AC {armor_class(actor)[0]}")
    fight = state.fight
    combatant = fight.find(ref) if fight else None
    if combatant is not None:
        parts.append(f"initiative {combatant.initiative}")
        parts.append("party side" if combatant.side == "party" else "foe")
        current = fight.current()
        if current is not None and current.ref == ref:
            parts.append("current turn")
        if combatant.held:
            parts.append("holding its turn")
        if combatant.alias:
            parts.append(f"renamed from {actor.name}")
    elif isinstance(actor, Creature):
        parts.append(actor.disposition)
    if isinstance(actor, Character):
        parts.append(f"XP {actor.xp}")
    word = status(state, ref)
    if word:
        parts.append(word)
    if isinstance(actor, Character) and word == "dying":
        parts.append(f"death saves {actor.death_successes} succeeded, {actor.death_failures} failed")
    elif fight is not None and combatant is not None and not can_take_turn(state, ref):
        parts.append("loses its turns")
    if actor.chips:
        parts.append("chips " + "; ".join(chip_label(chip) for chip in actor.chips))
    if actor.exhaustion:
        parts.append(f"exhaustion {actor.exhaustion}")
    if combatant is not None and combatant.note:
        parts.append(f"note: {combatant.note}")
    return ", ".join(parts)
