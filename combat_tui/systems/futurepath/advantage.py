"""Advantage and disadvantage sources (R28-R33): what the Advantages/Disadvantages phase lists."""

from __future__ import annotations

from combat_tui.systems.futurepath.conditions import effective
from combat_tui.systems.futurepath.model import FPActor, FuturePath, GroundFight


def _signed(number: int) -> str:
    return f"+{number}Ad" if number > 0 else f"{number}Ad"


def sources(fp: FuturePath, fight: GroundFight, who: FPActor) -> tuple[str, ...]:
    """ref: R29-R31 — every source that slants this combatant's rolls: conditions, weapon
    proficiency, and the GM's environment entries (R28)."""
    result: list[str] = []
    for rule in effective(who):
        parts = [f"{_signed(n)} {kind}" for kind, n in rule.dice]
        parts += [f"{n:+d} {kind}" for kind, n in rule.flat]
        if rule.no_advantage:
            parts.append("no advantage")
        if rule.loses_dex:
            parts.append("no DEX to AC")
        if rule.cannot_act:
            parts.append("cannot act")
        elif rule.cannot_attack:
            parts.append("cannot attack")
        if rule.attackers:
            parts.append(f"attackers {_signed(rule.attackers)}")
        if parts:
            result.append(f"{rule.name} ({', '.join(parts)})")
    if fight.round == 0 and who.id in fight.unaware:
        result.append("Flat-Footed (unaware in Round 0: no DEX to AC)")
    for weapon in who.weapons:
        if weapon.proficient:
            result.append(f"proficient with {weapon.name} (+1Ad accuracy)")
        else:
            dice = weapon.levels_short * fp.options.nonproficient_per_level
            result.append(f"not proficient with {weapon.name} ({_signed(-dice)} accuracy)")
    return tuple(result)
