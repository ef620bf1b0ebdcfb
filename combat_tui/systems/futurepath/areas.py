"""Areas of effect on the 5-ft grid: R74-R77, A33-A35. Squares are (x, y) grid cells."""

from __future__ import annotations

from combat_tui.core.command import CommandRejected

Square = tuple[int, int]


def _increments(feet: int) -> int:
    """ref: R74 — areas come in 5-ft increments."""
    if feet <= 0 or feet % 5:
        raise CommandRejected(f"{feet} ft is not a whole number of 5-ft increments.")
    return feet // 5


def radius(feet: int) -> tuple[Square, ...]:
    """ref: R75, A33 — anchored on the grid corner at (0, 0): every square whose centre lies within
    the radius (4 squares at 5 ft, 12 at 10 ft)."""
    n = _increments(feet)
    squares = []
    for x in range(-n, n):
        for y in range(-n, n):
            cx, cy = (x + 0.5) * 5, (y + 0.5) * 5
            if cx * cx + cy * cy <= feet * feet:
                squares.append((x, y))
    return tuple(squares)


def cone(feet: int, direction: Square = (1, 0)) -> tuple[Square, ...]:
    """ref: R76, A34 — starts on one square; each 5-ft increment is a row 2 squares wider
    (1, 3, 5 ...), so a 15-ft cone covers 9 squares. Diagonal cones use the same row counts."""
    n = _increments(feet)
    dx, dy = direction
    if (dx, dy) == (0, 0) or abs(dx) > 1 or abs(dy) > 1:
        raise CommandRejected("A cone points along one of the 8 grid directions.")
    squares = []
    for row in range(n):
        cx, cy = dx * row, dy * row
        side = (-dy, dx)
        for k in range(-row, row + 1):
            squares.append((cx + side[0] * k, cy + side[1] * k))
    return tuple(squares)


def line(feet: int, target: Square) -> tuple[Square, ...]:
    """ref: R77, A35 — every square from the origin out to the range, 1 square wide, traced
    Bresenham-style toward `target`."""
    n = _increments(feet)
    tx, ty = target
    steps = max(abs(tx), abs(ty))
    if steps == 0:
        raise CommandRejected("A line needs a direction other than its own square.")
    squares = []
    for i in range(1, n + 1):
        squares.append((round(tx * i / steps), round(ty * i / steps)))
    return tuple(squares)


def count(shape: str, feet: int) -> int:
    """The square-count helper the GM asks for (`show area radius 10`)."""
    shapes = {"radius": radius, "cone": cone, "line": lambda f: line(f, (1, 0))}
    if shape not in shapes:
        raise CommandRejected(f"'{shape}' is not an area shape.", "Shapes: radius, cone, line.")
    return len(shapes[shape](feet))
