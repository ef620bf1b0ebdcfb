"""Initiative: d20 + DEX modifier, the default 10 + modifier, and the turn order.

ref: Initiative — "Initiative uses the DEX modifier, which is floor((DEX - 10) / 2) ... The default
initiative value is 10 plus the modifier. On a tie, the combatant with the higher DEX modifier
goes first, and then the name decides."
"""

from __future__ import annotations

from ...dice import Dice
from ...events import InitiativeRoll
from ...model import Actor, Campaign, Combatant
from .abilities import dex_mod


def initiative_modifier(actor: Actor) -> int:
    return dex_mod(actor.abilities)


def default_initiative(actor: Actor) -> int:
    """The value a GM gets without rolling: 10 plus the modifier."""
    return 10 + initiative_modifier(actor)


def roll_initiative(actor: Actor, dice: Dice) -> InitiativeRoll:
    modifier = initiative_modifier(actor)
    face = dice.d20()
    return InitiativeRoll(ref=actor.id, d20=face, modifier=modifier, value=face + modifier)


def sort_order(state: Campaign, combatants: tuple[Combatant, ...]) -> tuple[Combatant, ...]:
    """Highest initiative first; ties by DEX modifier, then by name (then list order)."""
    position = {actor.id: index for index, actor in enumerate(state.characters + state.creatures)}

    def key(combatant: Combatant):
        actor = state.actor(combatant.ref)
        name = actor.name.casefold() if actor else combatant.ref
        return (-combatant.initiative, -combatant.dex_mod, name, position.get(combatant.ref, 0))

    return tuple(sorted(combatants, key=key))
