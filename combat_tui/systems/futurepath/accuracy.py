"""Net Advantage Dice and the accuracy check: R29-R31, R47, R48, A1-A5, notes §2.1 and §2.4."""

from __future__ import annotations

from combat_tui.core.dice import Dice, parse_dice
from combat_tui.core.records import frozen
from combat_tui.systems.futurepath.conditions import effective
from combat_tui.systems.futurepath.model import FPActor, FPWeapon, FuturePath, GroundFight
from combat_tui.systems.futurepath.stats import advantage_die

SITUATIONS = {"flank": 1, "flanking": 1, "opportunity": 1, "cover": -1, "heavy-cover": -2, "adv": 1, "dis": -1}
"""Situational sources the GM names on an attack (notes §2.4): flanking +1, Tactical Opportunity
+1, partial cover -1, heavy cover -2; `adv`/`dis` for anything else."""


@frozen
class Source:
    name: str
    dice: int
    cancelled: bool = False
    """Zeroed because a condition forbids advantage (A4 step 1)."""


@frozen
class NetAdvantage:
    """ref: A4 — the sources, then the net after zeroing, cancelling and capping."""

    sources: tuple[Source, ...]
    raw: int
    """Advantages minus disadvantages, after zeroing forbidden advantage."""
    net: int
    """`raw` capped at +cap (never below: a net under the floor blocks the roll instead)."""
    blocked: bool
    forbidden_by: str = ""


def roll_kinds(weapon: FPWeapon) -> tuple[str, ...]:
    return ("all", "attack", "ranged" if weapon.ranged else "melee")


def attack_sources(
    fp: FuturePath, fight: GroundFight | None, attacker: FPActor, target: FPActor, weapon: FPWeapon,
    situations: tuple[tuple[str, int], ...] = (), offhand: bool = False,
) -> list[Source]:  # fmt: skip
    """ref: R29, R30, R31, R48, A2, A5 — proficiency (+1; without it 1 per level short),
    the attacker's conditions, the target's conditions toward attackers, the GM's environment
    and situation, and the off-hand rules (no advantage of any kind; ranged takes disadvantage)."""
    kinds = roll_kinds(weapon)
    sources: list[Source] = []
    if weapon.proficient:
        sources.append(Source(f"proficient with {weapon.name}", 1))
    elif weapon.levels_short * fp.options.nonproficient_per_level:
        sources.append(Source(f"not proficient with {weapon.name}", -weapon.levels_short * fp.options.nonproficient_per_level))
    for rule in effective(attacker):
        dice = sum(n for kind, n in rule.dice if kind in kinds)
        if dice:
            sources.append(Source(rule.name, dice))
    for rule in effective(target):
        if rule.attackers:
            sources.append(Source(f"target {rule.name}", rule.attackers))
    if fight is not None:
        for entry in fight.environment:
            if entry.rolls in kinds:
                sources.append(Source(entry.name, entry.dice))
    for name, dice in situations:
        sources.append(Source(name, dice))
    if offhand and weapon.ranged:
        sources.append(Source("off-hand ranged attack", -1))
    return sources


def net_advantage(fp: FuturePath, sources: list[Source], forbidders: tuple[str, ...] = ()) -> NetAdvantage:
    """ref: A4 — (1) zero advantages a condition forbids, (2) cancel one for one, (3) cap the net
    at +3, (4) below -3 the action is blocked (the GM may override)."""
    options = fp.options
    if forbidders:
        sources = [Source(s.name, s.dice, True) if s.dice > 0 else s for s in sources]
    raw = sum(s.dice for s in sources if not s.cancelled)
    net = min(raw, options.advantage_cap)
    return NetAdvantage(tuple(sources), raw, net, raw < options.block_below, ", ".join(forbidders))


def forbidders(attacker: FPActor, offhand: bool = False) -> tuple[str, ...]:
    """Why advantage cannot be gained: Dazed, Nauseated, Blinded ... (A4 step 1), off-hand (§2.4)."""
    found = tuple(rule.name for rule in effective(attacker) if rule.no_advantage)
    return found + (("off-hand attack",) if offhand else ())


def flat_modifiers(attacker: FPActor, weapon: FPWeapon) -> list[tuple[str, int]]:
    kinds = roll_kinds(weapon)
    result = []
    for rule in effective(attacker):
        value = sum(n for kind, n in rule.flat if kind in kinds)
        if value:
            result.append((rule.name, value))
    return result


@frozen
class AdvantageRoll:
    """The Advantage Dice of one roll: each die the expression's faces plus its flat part."""

    expr: str
    count: int
    """Net dice: positive adds, negative subtracts."""
    rolls: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.rolls) if self.count >= 0 else -sum(self.rolls)


def roll_advantage(who: FPActor, net: int, dice: Dice) -> AdvantageRoll:
    """ref: A1, notes §2.1 — roll the whole expression once per net die (`1d2` odd = 1, even = 2;
    a two-die expression such as 2d8+8 is one Advantage Die)."""
    expr = advantage_die(who)
    parsed = parse_dice(expr)
    rolls = tuple(max(0, dice.roll(parsed.count, parsed.sides).total + parsed.modifier) for _ in range(abs(net)))
    return AdvantageRoll(expr, net, rolls)
