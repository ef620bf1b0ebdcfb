"""Small builders for the core tests: hand-made campaigns, and sessions with a fight running.

The sample campaign (`goblin_ambush()`) covers the whole fight; these builders make the one
character and the one creature that a single rule needs, so each outcome is certain.
"""

from __future__ import annotations

from combat_tui.core.dice import Dice
from combat_tui.core.maps import Tile
from combat_tui.core.session import Session
from combat_tui.library import weapons as w
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.model import Abilities, Campaign, Character, Creature, Weapon

HERE = Tile("m", 5, 5)
"""The party's tile in the hand-made campaigns."""


def at(dx: int, dy: int, map_id: str = "m") -> Tile:
    """The tile `dx`, `dy` away from the party's tile."""
    return Tile(map_id, HERE.x + dx, HERE.y + dy)


def character(
    ref: str,
    name: str | None = None,
    *,
    strength: int = 10,
    dexterity: int = 10,
    hp: int = 20,
    max_hp: int | None = None,
    ac: int = 10,
    proficiency: int = 2,
    proficiencies: tuple[str, ...] = ("simple", "martial"),
    weapons: tuple[Weapon, ...] = (w.LONGSWORD,),
    tile: Tile = HERE,
    bonus_hp: int = 0,
    xp: int = 0,
) -> Character:
    return Character(
        ref,
        name or ref.capitalize(),
        tile,
        Abilities(strength=strength, dexterity=dexterity),
        max_hp if max_hp is not None else hp,
        hp,
        ac,
        proficiency,
        weapon_proficiencies=proficiencies,
        weapons=weapons,
        bonus_hp=bonus_hp,
        xp=xp,
    )


def creature(
    ref: str,
    name: str | None = None,
    *,
    strength: int = 10,
    dexterity: int = 10,
    hp: int = 10,
    max_hp: int | None = None,
    ac: int = 10,
    proficiency: int = 2,
    weapons: tuple[Weapon, ...] = (w.SCIMITAR,),
    tile: Tile | None = None,
    disposition: str = "hostile",
    npc: bool = False,
    challenge: str = "",
    bonus_hp: int = 0,
) -> Creature:
    return Creature(
        ref,
        name or ref.capitalize(),
        tile if tile is not None else at(1, 0),
        Abilities(strength=strength, dexterity=dexterity),
        max_hp if max_hp is not None else hp,
        hp,
        ac,
        disposition,  # type: ignore[arg-type]
        npc,
        challenge,
        proficiency,
        weapons,
        bonus_hp,
    )


def campaign(*actors: Character | Creature, party_tile: Tile = HERE) -> Campaign:
    return Campaign(
        name="Test",
        system="dnd5e",
        party_tile=party_tile,
        characters=tuple(a for a in actors if isinstance(a, Character)),
        creatures=tuple(a for a in actors if isinstance(a, Creature)),
    )


def session(state: Campaign, seed: int = 0, **kwargs) -> Session:
    return Session(state, dice=Dice(seed), **kwargs)


def running(state: Campaign, initiative: list[int] | tuple[int, ...] | None = None, seed: int = 0) -> Session:
    """A session whose fight has started; `initiative` forces the setup d20s in roll order
    (the party side in list order, then the foes); by default each rolls 20, 19, 18, ..."""
    s = session(state, seed)
    if initiative is None:
        party_and_foes = len(state.characters) + len(state.creatures)
        initiative = [max(1, 20 - i) for i in range(party_and_foes)]
    s.dice.force(initiative)
    s.execute(cmd.StartFight())
    s.dice.clear_forced()
    return s


def current(s: Session) -> str:
    fight = s.state.fight
    assert fight is not None and fight.current() is not None
    return fight.current().ref


def order(s: Session) -> list[str]:
    assert s.state.fight is not None
    return [c.ref for c in s.state.fight.combatants]


def hp(s: Session, ref: str) -> int:
    actor = s.state.actor(ref)
    assert actor is not None
    return actor.hp
