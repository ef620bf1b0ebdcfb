"""Builders for the space tests: small ships, a campaign holding them, a line runner."""

from __future__ import annotations

from combat_tui.core.dice import Dice
from combat_tui.core.maps import Tile
from combat_tui.core.session import Session
from combat_tui.systems.futurepath.model import Campaign, FuturePath, Team
from combat_tui.systems.futurepath.space.model import CrewPost, HardPoint, Ship, ShipAttributes, ShipStatus
from tests.systems.futurepath.helpers import run  # noqa: F401  (re-exported for the tests)

FULL = ("captain", "science", "helm", "sensors", "weapons", "engineer", "medical")


def crew(*positions: str, bonus: int = 0, prefix: str = "") -> tuple[CrewPost, ...]:
    return tuple(CrewPost(p, name=f"{prefix}{p.capitalize()}", bonus=bonus) for p in positions)


def ship(ref: str, side: str = "a", *, size: str = "medium", points: int = 4, weapon: str = "kinetic",
         positions: tuple[str, ...] = FULL, bonus: int = 0, **attributes) -> Ship:  # fmt: skip
    """A ship with every attribute 10 unless given, `points` hard points of one weapon type."""
    return Ship(ref, ref.capitalize(), side, size, True, ShipAttributes(**attributes),
                tuple(HardPoint(f"Gun {i}", weapon) for i in range(1, points + 1)),
                crew=crew(*positions, bonus=bonus, prefix=ref.capitalize() + " "))  # fmt: skip


def campaign(*ships: Ship) -> Campaign:
    sides = sorted({s.side for s in ships})
    fp = FuturePath(teams=tuple(Team(t, f"Side {t.upper()}") for t in sides), ships=ships)
    return Campaign(name="Space", system="futurepath", party_tile=Tile("m", 0, 0), futurepath=fp)


def session(*ships: Ship, seed: int = 0) -> Session:
    return Session(campaign(*ships), dice=Dice(seed))


def two(**kwargs) -> Session:
    """Ship a (side a) against ship b (side b), both seen, started at Round 1, Support Phase."""
    a = ship("a", **kwargs.pop("a", {}))
    b = ship("b", "b", **kwargs.pop("b", {}))
    s = session(a, b, *kwargs.pop("more", ()))
    run(s, "space start")
    return s


def space(s: Session):
    fp = s.state.futurepath
    assert fp is not None and fp.space is not None
    return fp.space


def status(s: Session, ref: str) -> ShipStatus:
    found = space(s).status(ref)
    assert found is not None
    return found


def to_phase(s: Session, phase: str) -> None:
    """`space next` until the fight is in `phase`."""
    for _ in range(4):
        if space(s).phase == phase:
            return
        run(s, "space next")
    raise AssertionError(f"never reached {phase}")


def do(s: Session, line: str, *faces: int):
    """Force `faces`, run one command line, return its history entry (events and lines)."""
    from combat_tui.core.text import parse

    if faces:
        s.dice.force(faces)
    entry = s.execute(parse(line, s.state).command)
    assert not s.dice.forced, f"unused forced faces {s.dice.forced}"
    return entry


def event(entry, kind):
    return next(e for e in entry.events if isinstance(e, kind))


def events(entry, kind) -> list:
    return [e for e in entry.events if isinstance(e, kind)]
