"""Hit tiers, damage, Extra Damage, criticals and DR: R49-R52, R80, A21-A26, notes §2.2, §2.3."""

from __future__ import annotations

from typing import Literal

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice, parse_dice
from combat_tui.core.records import evolve, frozen
from combat_tui.systems.futurepath.model import FPActor, FPOptions, FPWeapon

Tier = Literal["miss", "minor", "hit", "major", "critical", "fumble"]


@frozen
class Judgement:
    """What the accuracy total and the natural d20 mean against an AC."""

    tier: Tier
    margin: int
    """Total minus AC."""
    extra_damage: int = 0
    """Extra Damage applied (0 for a plain hit or a Major Hit without ED)."""
    step: int = 4


def threshold_step(options: FPOptions, dual: bool) -> int:
    """ref: R80, A23 — the k-th ED at AC + 4k; dual wielding raises the step by 1 (AC + 5k)."""
    if options.extra_damage_step < 1:  # a margin is divided by it
        raise CommandRejected(f"Option extra_damage_step is {options.extra_damage_step}; it must be 1 or more.",
                              "Set it again, such as 'option extra_damage_step 4'.")  # fmt: skip
    return options.extra_damage_step + (1 if dual else 0)


def judge(options: FPOptions, natural: int, total: int, ac: int, weapon: FPWeapon, ed_count: int,
          dual: bool = False, no_major: bool = False) -> Judgement:  # fmt: skip
    """ref: R49-R52, A21, A24, A25 — a natural 1 fails; a natural in the crit range is a critical
    and hits; meeting AC hits; missing by 1-2 is a Minor Hit; beating AC by the step (4, or 5 dual
    wielding) is a Major Hit, with one Extra Damage per step reached if the attacker has ED."""
    margin = total - ac
    if natural == 1 and options.natural1_fails:
        return Judgement("fumble", margin)
    in_range = natural >= weapon.crit_from
    if (natural == 20 and options.natural20_autohit) or (natural < 20 and in_range and options.crit_range_autohit):
        return Judgement("critical", margin, ed_count)
    if margin < -2:
        return Judgement("miss", margin)
    if margin < 0:
        return Judgement("minor", margin)
    step = threshold_step(options, dual and options.dual_wield_major) if not ed_count else threshold_step(options, dual)
    reached = margin // step
    if reached < 1 or no_major:
        return Judgement("hit", margin, 0, step)
    if not ed_count:
        return Judgement("major", margin, 0, step)
    return Judgement("major", margin, min(reached, ed_count), step)


@frozen
class DamageRoll:
    """One damage roll: the kept dice total, static bonus, and how it was multiplied or halved."""

    faces: tuple[int, ...]
    """Every face rolled (twice the dice when the higher of two rolls is kept)."""
    dice: int
    """The dice total kept."""
    static: int
    multiplier: int = 1
    total: int = 0


def split(weapon: FPWeapon) -> tuple[int, int, int]:
    parsed = parse_dice(weapon.damage)
    return parsed.count, parsed.sides, parsed.modifier


def roll_damage(weapon: FPWeapon, static: int, dice: Dice, *, twice: bool = False, multiplier: int = 1) -> DamageRoll:
    """ref: R50, R52, A26 — the weapon dice (the higher of two rolls when `twice`), times the crit
    multiplier, then the static bonus (weapon bonus and STR for melee)."""
    count, sides, _ = split(weapon)
    first = dice.roll(count, sides)
    faces, kept = first.faces, first.total
    if twice:
        second = dice.roll(count, sides)
        faces, kept = first.faces + second.faces, max(first.total, second.total)
    return DamageRoll(faces, kept, static, multiplier, kept * multiplier + static)


def minor(roll: DamageRoll, options: FPOptions) -> DamageRoll:
    """ref: R49, A22 — halved, rounded down; static bonus added before halving (the wiki), or
    left out (the page's "no bonus damage") when the GM turns that off."""
    base = roll.dice + (roll.static if options.minor_static_bonus else 0)
    return evolve(roll, total=max(0, base // 2))


def damage_reduction(target: FPActor, damage_type: str, extra_damage: int) -> int:
    """ref: notes §2.2 — matching DR entries (an untyped entry counts as ALL), raised by half the
    base DR (rounded up) for each Extra Damage applied. DR 2, 1 ED, 10 damage -> 7."""
    base = sum(d.amount for d in target.dr if d.damage_type in ("all", "") or d.damage_type == damage_type)
    return base + extra_damage * -(-base // 2)


DIE_LADDER = (2, 3, 4, 6, 8, 10, 12)


def one_die_level_down(weapon: FPWeapon) -> FPWeapon:
    """ref: notes §2.4 — an off-hand melee attack's damage drops one die level (d6 -> d4)."""
    count, sides, bonus = split(weapon)
    lower = max((s for s in DIE_LADDER if s < sides), default=sides)
    text = f"{count}d{lower}" + (f"{bonus:+d}" if bonus else "")
    return evolve(weapon, damage=text)
