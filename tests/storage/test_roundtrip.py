"""Save then load gives an equal campaign, for any campaign (hypothesis)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from combat_tui.core.maps import MapInfo, Tile
from combat_tui.storage import read_snapshot, write_snapshot
from combat_tui.systems.dnd5e.model import (  # fmt: skip
    Abilities,
    Armor,
    Campaign,
    Character,
    Chip,
    ClassLevel,
    Combatant,
    Creature,
    Fight,
    Weapon,
)

text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)
small = st.integers(-5, 40)
tiles = st.builds(Tile, st.sampled_from(["m1", "m2"]), st.integers(0, 30), st.integers(0, 30))
abilities = st.builds(Abilities, *[st.integers(1, 30)] * 6)
weapons = st.builds(
    Weapon, text, st.sampled_from(["1d4", "2d6", "1d8+1"]), st.sampled_from(["", "fire", "slashing"]),
    st.sampled_from(["simple", "martial", "natural"]), st.booleans(), st.booleans(), st.booleans(),
    st.booleans(), st.booleans(), st.integers(0, 120), st.integers(0, 600), st.sampled_from(["", "1d10"]),
)  # fmt: skip
armors = st.builds(Armor, text, st.sampled_from(["light", "medium", "heavy", "shield"]), st.integers(0, 20),
                   st.integers(0, 18), st.booleans())  # fmt: skip
chips = st.builds(Chip, text.filter(str.strip), st.integers(0, 10), st.sampled_from(["", "c0", "m1"]), text, st.sampled_from(["", "c0"]))


@st.composite
def actors(draw, kind, ident):
    max_hp = draw(st.integers(1, 200))
    hp = draw(st.integers(0, max_hp))
    common = dict(
        id=ident, name=draw(text), tile=draw(tiles), abilities=draw(abilities), max_hp=max_hp, hp=hp,
        ac=draw(st.integers(5, 25)), proficiency_bonus=draw(st.integers(2, 9)),
        weapons=tuple(draw(st.lists(weapons, max_size=2))), bonus_hp=draw(st.integers(0, 20)),
        chips=tuple(draw(st.lists(chips, max_size=3))), exhaustion=draw(st.integers(0, 6)),
        condition_immunities=tuple(draw(st.lists(st.sampled_from(["poisoned", "prone"]), max_size=2))),
        save_proficiencies=tuple(draw(st.lists(st.sampled_from(["strength", "wisdom"]), max_size=2))),
        skill_proficiencies=tuple(draw(st.lists(st.sampled_from(["stealth", "perception"]), max_size=2))),
        speed=draw(st.integers(0, 60)),
    )  # fmt: skip
    if kind is Character:
        return Character(
            **common, race=draw(text), xp=draw(st.integers(0, 10**6)),
            classes=tuple(draw(st.lists(st.builds(ClassLevel, text, st.integers(1, 20), text), max_size=2))),
            weapon_proficiencies=tuple(draw(st.lists(text, max_size=3))),
            death_successes=draw(st.integers(0, 2)), death_failures=draw(st.integers(0, 3)), stable=draw(st.booleans()),
            armor=draw(st.none() | armors), shield=draw(st.none() | armors), feats=tuple(draw(st.lists(text, max_size=2))),
            armor_proficiencies=tuple(draw(st.lists(text, max_size=2))), expertise=tuple(draw(st.lists(text, max_size=1))),
        )  # fmt: skip
    return Creature(
        **common, disposition=draw(st.sampled_from(["hostile", "neutral", "friendly"])), npc=draw(st.booleans()),
        challenge=draw(st.sampled_from(["", "0", "1/8", "1/4", "1/2", "1", "5", "30"])),
        resistances=tuple(draw(st.lists(st.sampled_from(["fire", "cold", "poison"]), max_size=2))),
        vulnerabilities=tuple(draw(st.lists(st.sampled_from(["radiant", "thunder"]), max_size=1))),
        immunities=tuple(draw(st.lists(st.sampled_from(["poison", "necrotic"]), max_size=1))),
    )  # fmt: skip


@st.composite
def campaigns(draw):
    n_chars, n_creatures = draw(st.integers(0, 4)), draw(st.integers(0, 6))
    characters = tuple(draw(actors(Character, f"c{i}")) for i in range(n_chars))
    creatures = tuple(draw(actors(Creature, f"m{i}")) for i in range(n_creatures))
    fight = None
    refs = [a.id for a in characters + creatures]
    if refs and draw(st.booleans()):
        chosen = draw(st.lists(st.sampled_from(refs), min_size=1, unique=True))
        combatants = tuple(
            Combatant(ref, draw(st.sampled_from(["party", "foes"])), draw(st.integers(-5, 40)), draw(small)) for ref in chosen
        )
        fight = Fight(draw(st.sampled_from(["setup", "running"])), combatants,
                      draw(st.integers(0, len(combatants) - 1)), draw(st.integers(0, 50)))  # fmt: skip
    return Campaign(
        name=draw(text), system="dnd5e", party_tile=draw(tiles),
        maps=tuple(draw(st.lists(st.builds(MapInfo, text, text, st.integers(1, 99), st.integers(1, 99)), max_size=2))),
        characters=characters, creatures=creatures, fight=fight, nearby_range=draw(st.integers(1, 20)),
        d20_mode=draw(st.sampled_from(["normal", "adv", "dis"])),
    )  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(campaigns(), st.integers(0, 10**6))
def test_save_then_load_is_equal(campaign: Campaign, seq: int):
    with tempfile.TemporaryDirectory() as folder:
        write_snapshot(Path(folder), campaign, seq)
        assert read_snapshot(Path(folder)) == (campaign, seq)
