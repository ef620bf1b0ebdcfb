"""The 2d10 system (notes §2.9, R96, A53, A54): used for every ship function.

Roll 2d10 (plus 1d10 per net advantage or disadvantage, at most 3), explode each 10 once (the die
is 10 + its reroll), keep the top two (the lowest two for disadvantage), judge the criticals on
the kept dice, then add +2 per advantage (-2 per disadvantage) and the static modifiers.
"""

from __future__ import annotations

from combat_tui.core.dice import Dice
from combat_tui.core.records import frozen

CAP = 3


@frozen
class TwoD10:
    dice: tuple[tuple[int, ...], ...]
    """Every die rolled: (face,) or (10, reroll) when it exploded."""
    kept: tuple[int, ...]
    """Indexes of the two kept dice."""
    net: int
    static: int
    total: int
    critical: str = ""
    """success, failure or empty."""

    @property
    def natural(self) -> int:
        return sum(sum(self.dice[i]) for i in self.kept)

    def text(self) -> str:
        """`2d10 10+5, 3 (kept 15, 3) +2 adv +1 = 21`."""
        faces = ", ".join("+".join(map(str, d)) for d in self.dice)
        parts = [f"2d10 {faces}"]
        if len(self.dice) > 2:
            parts.append(f"(kept {', '.join(str(sum(self.dice[i])) for i in self.kept)})")
        if self.net:
            parts.append(f"{2 * self.net:+d} {'adv' if self.net > 0 else 'dis'}")
        if self.static:
            parts.append(f"{self.static:+d}")
        text = " ".join(parts) + f" = {self.total}"
        if self.critical:
            text += f", critical {self.critical}"
        return text


def roll_2d10(dice: Dice, net: int, static: int) -> TwoD10:
    """ref: §2.9 — the pool, explosions, keep two, criticals before the static bonuses."""
    net = max(-CAP, min(CAP, net))
    rolled: list[tuple[int, ...]] = []
    for _ in range(2 + abs(net)):
        face = dice.die(10)
        rolled.append((face, dice.die(10)) if face == 10 else (face,))
    order = sorted(range(len(rolled)), key=lambda i: sum(rolled[i]), reverse=net >= 0)
    kept = tuple(sorted(order[:2]))
    natural = sum(sum(rolled[i]) for i in kept)
    critical = ""
    if all(d == (1,) for d in rolled):
        critical = "failure"
    elif any(len(rolled[i]) == 2 for i in kept) and natural > 20:
        critical = "success"
    return TwoD10(tuple(rolled), kept, net, static, natural + 2 * net + static, critical)
