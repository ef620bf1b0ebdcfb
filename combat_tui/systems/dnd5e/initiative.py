"""Initiative: d20 + DEX modifier, the default 10 + modifier, and the turn order.

ref: Initiative — "Initiative uses the DEX modifier, which is floor((DEX - 10) / 2) ... The default
initiative value is 10 plus the modifier. On a tie, the combatant with the higher DEX modifier
goes first, and then the name decides."
"""

from __future__ import annotations

from combat_tui.core.dice import Dice
from combat_tui.core.records import evolve
from combat_tui.systems.dnd5e.abilities import class_level, dex_mod
from combat_tui.systems.dnd5e.advantage import Slant, resolve
from combat_tui.systems.dnd5e.checks import check_slants, roll_d20
from combat_tui.systems.dnd5e.events import InitiativeRoll
from combat_tui.systems.dnd5e.model import Actor, Campaign, Character, Combatant, Fight


def initiative_modifier(actor: Actor) -> int:
    """ref: Initiative — the DEX modifier; "Jack of All Trades (bard 2) adds half the proficiency
    bonus, rounded down. Remarkable Athlete (Champion 7) adds half, rounded up, and the larger of
    the two applies. The Alert feat adds 5." """
    modifier = dex_mod(actor.abilities)
    if not isinstance(actor, Character):
        return modifier
    half = 0
    if class_level(actor, "Bard") >= 2:
        half = actor.proficiency_bonus // 2
    if class_level(actor, "Fighter", "Champion") >= 7:
        half = max(half, -(-actor.proficiency_bonus // 2))
    alert = 5 if any(feat.casefold() == "alert" for feat in actor.feats) else 0
    return modifier + half + alert


def initiative_slants(actor: Actor) -> tuple[Slant, ...]:
    """ref: Initiative — "Initiative is a Dexterity check, and it rolls as one": the chips that
    affect checks, armor the character is not trained for and exhaustion 1+ give disadvantage;
    "Feral Instinct (barbarian 7) gives advantage." """
    slants = check_slants(actor, "dexterity")
    if class_level(actor, "Barbarian") >= 7:
        slants += (Slant("adv", "Feral Instinct"),)
    return slants


def default_initiative(actor: Actor) -> int:
    """The value a GM gets without rolling: 10 plus the modifier."""
    return 10 + initiative_modifier(actor)


def roll_initiative(actor: Actor, dice: Dice, tray: str = "normal") -> InitiativeRoll:
    modifier = initiative_modifier(actor)
    resolved = resolve(initiative_slants(actor), "", tray)
    faces, kept = roll_d20(dice, resolved.mode)
    return InitiativeRoll(actor.id, kept, modifier, kept + modifier, faces, resolved.mode, resolved.slants, resolved.origin)


def sort_order(state: Campaign, combatants: tuple[Combatant, ...]) -> tuple[Combatant, ...]:
    """Highest initiative first; ties by DEX modifier, then by name (then list order)."""
    position = {actor.id: index for index, actor in enumerate(state.characters + state.creatures)}

    def key(combatant: Combatant):
        actor = state.actor(combatant.ref)
        name = actor.name.casefold() if actor else combatant.ref
        return (-combatant.initiative, -combatant.dex_mod, name, position.get(combatant.ref, 0))

    return tuple(sorted(combatants, key=key))


def with_combatants(state: Campaign, fight: Fight, combatants: tuple[Combatant, ...]) -> Fight:
    """The fight with new combatants: in setup as given; once running, re-sorted by initiative with
    the turn staying on whoever has it (ref: Initiative — the GM's fix; Combat setup — Add to fight
    "puts the foe into the order")."""
    if fight.stage != "running":
        return evolve(fight, combatants=combatants)
    current = fight.current().ref
    ordered = sort_order(state, combatants)
    return evolve(fight, combatants=ordered, turn=next(i for i, c in enumerate(ordered) if c.ref == current))
