"""End combat: the XP of the defeated foes, split among the living characters.

ref: Combat screen — "Unless the party lost, End combat offers the XP of the defeated foes. The XP
is split evenly among the living characters and rounded down, and the dialog states any XP that
the split leaves over. A foe with no challenge rating is worth nothing. You can change the amount."
"""

from __future__ import annotations

from attrs import evolve, frozen

from ...commands import CommandRejected
from ...dice import Dice
from ...events import FightEnded
from ...model import Campaign, Creature
from ..system import Outcome
from .abilities import xp_for_challenge
from .turn_end import owed_damage


@frozen
class XpOffer:
    offered: int
    receivers: tuple[str, ...]
    party_lost: bool

    def split(self, amount: int) -> tuple[int, int]:
        """(share per character, leftover) for an award of `amount`."""
        if not self.receivers:
            return 0, amount
        share = amount // len(self.receivers)
        return share, amount - share * len(self.receivers)


def xp_offer(state: Campaign) -> XpOffer:
    """What the End combat dialog offers for the fight as it stands."""
    fight = state.fight
    if fight is None:
        return XpOffer(0, (), False)
    actors = [state.actor(c.ref) for c in fight.combatants]
    in_fight = {c.ref for c in fight.combatants}
    characters = [c for c in state.characters if c.id in in_fight]  # the party's order
    receivers = tuple(c.id for c in characters if not c.dead)  # dying and stable are living
    party_lost = bool(characters) and all(c.hp <= 0 for c in characters)
    foes = {c.ref for c in fight.combatants if c.side == "foes"}
    defeated = [a for a in actors if isinstance(a, Creature) and a.id in foes and a.hp <= 0]
    offered = 0 if party_lost else sum(_xp(c) for c in defeated)
    return XpOffer(offered, receivers, party_lost)


def _xp(foe: Creature) -> int:
    try:
        return xp_for_challenge(foe.challenge)
    except (ValueError, ZeroDivisionError):
        raise CommandRejected(
            f"{foe.name} has the challenge rating '{foe.challenge}', which is not one.",
            "Use 0, 1/8, 1/4, 1/2 or a whole number up to 30, or leave it empty.",
        ) from None


def end_fight(state: Campaign, award: int, dice: Dice | None = None) -> Outcome:
    if state.fight is None:
        raise CommandRejected("No fight is running.")
    if state.fight.stage != "running":
        raise CommandRejected("The fight has not started.", "Start it, or close setup instead.")
    # ref: Conditions — "When the fight ends, the damage that such a chip still owes lands at once."
    owed: list = []
    state = owed_damage(state, dice or Dice(), owed)
    offer = xp_offer(state)
    amount = offer.offered if award < 0 else award
    if amount > 10_000_000:
        raise CommandRejected(f"{amount} XP is more than any fight awards.")
    share, leftover = offer.split(amount)
    for ref in offer.receivers:
        character = state.actor(ref)
        state = state.with_actor(evolve(character, xp=character.xp + share))
    event = FightEnded(offer.offered, amount, share, leftover, offer.receivers, offer.party_lost)
    return Outcome(evolve(state, fight=None), (*owed, event))
