"""A crew function's 2d10 roll with its advantage and static bonus (§2.9, §2.12)."""

from __future__ import annotations

from combat_tui.core.dice import Dice
from combat_tui.systems.futurepath.space.crew import advantage, command_bonus, presence_bonus
from combat_tui.systems.futurepath.space.model import CrewPost, Ship, SpaceFight
from combat_tui.systems.futurepath.space.stats import status
from combat_tui.systems.futurepath.space.twod10 import TwoD10, roll_2d10


def function_roll(dice: Dice, space: SpaceFight, who: Ship, position: str, post: CrewPost, static: int, adv: int,
                  *, electronics: bool = False) -> TwoD10:  # fmt: skip
    """2d10 + the ship's attribute `static` + the crew member's bonus + the Captain's command and
    Commanding Presence, with the GM's `adv` and the ship's own advantage and disadvantage."""
    st = status(space, who.id)
    net, _ = advantage(who, st, position, space.round, electronics=electronics)
    bonus = post.bonus + command_bonus(st, position) + presence_bonus(st, position, space.round)
    return roll_2d10(dice, net + adv, static + bonus)


def succeeded(roll: TwoD10, dc: int) -> bool:
    """A critical failure always fails, a critical success always succeeds (§2.9)."""
    if roll.critical:
        return roll.critical == "success"
    return roll.total >= dc
