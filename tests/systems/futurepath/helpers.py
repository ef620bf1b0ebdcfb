"""Builders for the FuturePath core tests: small hand-made campaigns and a line runner."""

from __future__ import annotations

from combat_tui.core.dice import Dice
from combat_tui.core.maps import Tile
from combat_tui.core.runner import run_line
from combat_tui.core.session import Session
from combat_tui.systems.futurepath.model import (
    ArmorParts,
    Campaign,
    FPAbilities,
    FPActor,
    FPCondition,
    FPWeapon,
    FuturePath,
    Team,
)

PISTOL = FPWeapon("Pistol", "1d8", "ballistic", ranged=True, level=1)
KNIFE = FPWeapon("Knife", "1d4", "slashing", level=0, attributes=("light",))


def fighter(
    ref: str,
    team: str = "a",
    *,
    name: str | None = None,
    dex: int = 10,
    wis: int = 10,
    strength: int = 10,
    misc: int = 0,
    hp: int = 20,
    level: int = 1,
    path: str = "",
    conditions: tuple[FPCondition, ...] = (),
    weapons: tuple[FPWeapon, ...] = (PISTOL,),
    ac: ArmorParts = ArmorParts(),
    **more,
) -> FPActor:
    return FPActor(
        ref, name or ref.capitalize(), team, hp, hp, FPAbilities(strength=strength, dexterity=dex, wisdom=wis),
        path=path, level=level, initiative_misc=misc, conditions=conditions, weapons=weapons, ac=ac, **more,
    )  # fmt: skip


def campaign(*actors: FPActor, teams: tuple[str, ...] = ("a", "b", "c")) -> Campaign:
    used = [t for t in teams if any(a.team == t for a in actors)]
    fp = FuturePath(actors=actors, teams=tuple(Team(t, f"Team {t.upper()}") for t in used))
    return Campaign(name="Test", system="futurepath", party_tile=Tile("m", 0, 0), futurepath=fp)


def session(state: Campaign, seed: int = 0) -> Session:
    return Session(state, dice=Dice(seed))


def fighting(state: Campaign, seed: int = 0) -> Session:
    """A session whose ground fight has started (attacks, damage and conditions need one)."""
    s = session(state, seed)
    run(s, "setup", "start")
    return s


def run(s: Session, *lines: str) -> list[str]:
    """Run text lines; return the travelogue lines they wrote (and `show` output)."""
    out: list[str] = []
    for line in lines:
        result = run_line(s, line)
        out.extend(result.lines)
        if result.output and result.verb == "show":
            out.extend(result.output.splitlines())
    return out


def fight(s: Session):
    fp = s.state.futurepath
    assert fp is not None and fp.fight is not None
    return fp.fight


def actor(s: Session, ref: str) -> FPActor:
    found = s.state.futurepath.actor(ref)  # type: ignore[union-attr]
    assert found is not None
    return found
