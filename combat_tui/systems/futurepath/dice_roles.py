"""What each die of a FuturePath roll is for, read off the events the roll wrote, so a dialog that
takes the faces rolled at the table can say which face goes to which die ("d20 for Brandon's
attack, then d6 for Advantage, then d8 for damage").

A roll's dice come out in the order the rules roll them: an accuracy check's d20, then its net
Advantage Dice (notes §2.1: the Advantage Die expression once per net die), then the damage; a
grenade's WIS check to cook it, then its two d10 (left/right, short/long, R82); a crew function's
2d10 with a d10 per net advantage and a reroll of each 10 (§2.9); a Fire's d10 pool (R112). The
events keep the faces, and `roles` lays them over the sides the dry run noted; when they do not
account for every die, no die is named rather than one named wrong.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import parse_dice
from combat_tui.core.records import frozen
from combat_tui.systems.futurepath import events as ev
from combat_tui.systems.futurepath.space import events as sev
from combat_tui.systems.futurepath.space.crew import TITLES

ANY = 0
"""A die whose sides the event does not keep (damage dice): it matches a die of any size."""
MORE = -1
"""Zero or more dice the event does not count (the Advantage Dice of a cooked grenade's check)."""
ADVANTAGE = "Advantage"
DISADVANTAGE = "Disadvantage"
"""The roles of the Advantage Dice, added to the roll, and the Disadvantage Dice, taken off it."""
DAMAGE = "damage"
REROLL_10 = "the reroll of a 10"
REROLL = "a reroll"
CHART = "the Battle Damage chart"
CHAIN = "the chain to Extra Damage"


@frozen
class Die:
    """One die of a roll: its sides and what it is for ("" when the events do not say)."""

    sides: int
    role: str = ""


def _advantage(net: int, expression: str) -> list[tuple[int, str]]:
    """ref: notes §2.1 — the whole expression once per net die (2d8+8 is one Advantage Die)."""
    if not net:
        return []
    role = ADVANTAGE if net > 0 else DISADVANTAGE
    try:
        parsed = parse_dice(expression)
    except CommandRejected:
        return [(MORE, role)]
    return [(parsed.sides, role)] * (parsed.count * abs(net))


def _damage_role(what: str) -> str:
    """`extra 1` -> `Extra Damage 1`; normal, minor, major, critical: the damage."""
    return f"Extra Damage {what.removeprefix('extra ')}" if what.startswith("extra ") else DAMAGE


def _ground(event: object, name: Mapping[str, str]) -> list[tuple[int, str]] | None:
    if isinstance(event, ev.FPAttackRolled):
        return [(20, f"{name.get(event.attacker, event.attacker)}'s attack"), *_advantage(event.net, event.advantage_die)]
    if isinstance(event, ev.CheckRolled):
        who = name.get(event.ref, event.ref)
        return [(20, f"{who}'s {event.ability.upper()} {event.what}"), *_advantage(event.net, event.advantage_die)]
    if isinstance(event, ev.DamageRolled):
        return [(ANY, _damage_role(event.what))] * len(event.faces)
    if isinstance(event, ev.CritChainRolled):
        return [(20, f"the chain to Extra Damage {event.index}")]
    if isinstance(event, ev.GrenadeThrown):
        dice = [(20, "the WIS check to cook it"), (MORE, ADVANTAGE)] if event.cook else []
        return dice + ([(10, "left or right"), (10, "short or long")] if event.faces != (0, 0) else [])
    return None


def _space(event: object, name: Mapping[str, str]) -> list[tuple[int, str]] | None:
    if isinstance(event, sev.Rolled):
        title = TITLES.get(event.position, event.position)
        dice: list[tuple[int, str]] = []
        if event.roll is not None:
            extra = "advantage" if event.roll.net > 0 else "disadvantage"
            for index, rolled in enumerate(event.roll.dice):
                dice.append((10, f"the {title}" if index < 2 else f"{extra}, one more d10"))
                dice += [(10, REROLL_10)] * (len(rolled) - 1)
        if event.d20[0]:
            dice.append((20, f"the {title}"))
        return dice
    if isinstance(event, sev.FireRolled):
        kinds = {"special": "the special die", "reroll": REROLL}
        return [(10, kinds.get(die.kind, "the Fire pool")) for die in event.dice for _ in die.faces]
    if isinstance(event, sev.DamageRolled):
        return [(ANY, CHART)] * len(event.faces)
    return None


def _expected(events: Iterable[object], name: Mapping[str, str]) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    for event in events:
        dice = _ground(event, name)
        if dice is None:
            dice = _space(event, name)
        found += dice or []
    return found


def _fits(sides: Sequence[int], expected: Sequence[tuple[int, str]]) -> bool:
    return len(sides) == len(expected) and all(want in (ANY, got) for got, (want, _) in zip(sides, expected))


def roles(sides: Sequence[int], events: Iterable[object], name: Mapping[str, str]) -> tuple[Die, ...]:
    """Each die the roll rolled (`sides`, in order) with what it is for, by the events the roll
    wrote (`name`: labels by id); every role "" when the events account for other dice."""
    expected = _expected(events, name)
    more = [i for i, (want, _) in enumerate(expected) if want == MORE]
    if len(more) == 1:  # the uncounted dice fill the gap between the dice before and after them
        at = more[0]
        before, after = expected[:at], expected[at + 1 :]
        count = len(sides) - len(before) - len(after)
        if count >= 0:
            expected = [*before, *[(sides[len(before) + i], expected[at][1]) for i in range(count)], *after]
    if not _fits(sides, expected):
        return tuple(Die(s) for s in sides)
    return tuple(Die(s, role) for s, (_, role) in zip(sides, expected))


def say_dice(dice: Sequence[Die]) -> str:
    """`d20 for Brandon's attack, then d2 for Advantage, then 2d6 for damage`: runs of
    one role and size together, in the order rolled."""
    runs: list[list] = []
    for die in dice:
        if runs and runs[-1][0] == die:
            runs[-1][1] += 1
        else:
            runs.append([die, 1])
    parts = [f"{'' if count == 1 else count}d{die.sides}" + (f" for {die.role}" if die.role else "") for die, count in runs]
    return ", then ".join(parts)


def say_faces(dice: Sequence[Die], faces: Sequence[int]) -> str:
    """Where each typed face lands, runs of one role and size together:
    `d20 17 (Brandon's attack), d2 2 (Advantage), d10 9, 9, 1 (the Fire pool)`."""
    runs: list[tuple[Die, list[int]]] = []
    for die, face in zip(dice, faces):
        if runs and runs[-1][0] == die:
            runs[-1][1].append(face)
        else:
            runs.append((die, [face]))
    return ", ".join(f"d{die.sides} {', '.join(map(str, got))}" + (f" ({die.role})" if die.role else "") for die, got in runs)
