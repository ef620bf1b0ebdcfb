"""The SRD spell catalog: every spell file maps onto the Spell record, keeps the data's numbers
(where the 2014 override table does not replace them), notes what it cannot automate, and casts."""

from __future__ import annotations

import subprocess
import sys
from typing import get_args

import pytest
from attrs import evolve, fields

from combat_tui.core.dice import parse_dice
from combat_tui.library.srd_spells import (
    SHAPES,
    read_spell,
    spell_index,
    srd_spell,
    srd_spell_names,
    with_overrides,
)
from combat_tui.library.srd_spells_map import (
    ABILITIES,
    main_activity,
    map_spell,
    plain_text,
)
from combat_tui.systems.dnd5e import catalog
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.conditions import has_rule
from combat_tui.systems.dnd5e.data.spell_overrides import OVERRIDES
from combat_tui.systems.dnd5e.data.spells import SPELLS, SpellKind
from combat_tui.systems.dnd5e.model import Abilities, ClassLevel
from tests.systems.dnd5e.helpers import campaign, character, creature, running

SLUGS = sorted(slug for slug, _ in spell_index().values())
RULES_FIELDS = ("kind", "dice", "damage_type", "per_slot", "save", "half_on_save", "chip", "rounds", "repeat_save",
                "later", "add_modifier", "max_targets", "cantrip_scaling", "choose_type", "concentration")  # fmt: skip
DAMAGE_TYPES = {"acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic", "piercing", "poison",
                "psychic", "radiant", "slashing", "thunder"}  # fmt: skip


def changed(name: str) -> set[str]:
    """The fields the override table (or the shapes table) replaces for this spell."""
    key = name.casefold()
    return set(OVERRIDES.get(key, {})) | set(SHAPES.get(key, {}))


def parts(activity: dict) -> list[dict]:
    return list((activity.get("damage") or {}).get("parts") or ())


def test_the_index_holds_every_spell_file_once_and_the_names_are_sorted():
    names = srd_spell_names()
    assert len(SLUGS) == len(names) == 339
    assert list(names) == sorted(names, key=str.casefold)
    assert "Fireball" in names and "Shield" in names


@pytest.mark.parametrize("slug", SLUGS)
def test_each_spell_maps_onto_the_record(slug):
    data = read_spell(slug)
    spell = srd_spell(data["name"])
    assert spell is not None and spell.name == data["name"] and spell.level == data["level"]
    assert spell.kind in get_args(SpellKind)
    assert spell.school and spell.casting in ("action", "bonus", "reaction", "minute", "hour", "special")
    assert spell.casting_amount >= 1 and spell.components and spell.duration
    for text in (spell.dice, spell.per_slot, spell.later):
        if text:
            parse_dice(text)
    assert set(spell.choose_type) <= DAMAGE_TYPES and (not spell.damage_type or spell.damage_type in DAMAGE_TYPES)
    if spell.kind == "save":
        assert spell.save in ABILITIES.values()
    if spell.kind in ("attack", "damage", "missiles", "rays", "sleep", "heal"):
        assert spell.dice or spell.chip or spell.note, "a roll with nothing to roll"
    if spell.kind in ("attack", "damage", "rays", "missiles") and spell.dice:
        assert spell.damage_type or spell.choose_type
    assert spell.level == 0 or not spell.cantrip_scaling or spell.kind == "rays"
    assert not spell.note or spell.note.startswith("apply by hand: ")


@pytest.mark.parametrize("slug", SLUGS)
def test_the_numbers_agree_with_the_data_where_no_override_replaces_them(slug):
    data = read_spell(slug)
    raw = map_spell(data)
    main = main_activity(data["activities"])
    if main is not None and raw.dice and main.get("kind") in ("attack", "save", "damage"):
        first = parts(main)[0]
        assert raw.dice.split("+")[0] == f"{first['number']}d{first['denomination']}"
        scaling = first.get("scaling") or {}
        if data["level"] and scaling.get("mode") == "whole":
            assert raw.per_slot == f"{scaling.get('number') or 1}d{first['denomination']}"
        if data["level"] == 0:
            assert raw.cantrip_scaling == (scaling.get("mode") == "whole")
        if len(first["types"]) == 1:
            assert raw.damage_type == first["types"][0]
    if raw.kind == "save":
        wanted = (main.get("save") or {}).get("ability") or ["wis"]
        assert raw.save == ABILITIES[wanted[0]]
        assert raw.half_on_save == (bool(raw.dice) and main["damage"].get("on_save") == "half")
    if raw.kind == "heal":
        healing = main["healing"]
        assert raw.dice.split("+")[0] == f"{healing['number']}d{healing['denomination']}"
        assert raw.add_modifier == (healing.get("bonus") == "@mod")
    assert raw.concentration == data["concentration"] and raw.ritual == data["ritual"]
    # The catalog's record is the data's, but for the fields the 2014 table (or the shapes) names.
    final = srd_spell(data["name"])
    for field in fields(type(raw)):
        if field.name not in changed(data["name"]):
            assert getattr(final, field.name) == getattr(raw, field.name), field.name


@pytest.mark.parametrize("slug", SLUGS)
def test_nothing_is_dropped_without_a_note(slug):
    data = read_spell(slug)
    raw = map_spell(data)
    note = raw.note
    main = main_activity(data["activities"])
    for activity in data["activities"]:
        if activity is main:
            continue
        carries = parts(activity) or activity.get("healing") or activity.get("save") or activity.get("effects")
        if carries:
            assert (activity.get("name") or activity["kind"].capitalize()) in note, activity.get("name")
    if main is not None:
        for part in parts(main)[1:]:
            assert "as well" in note
        if len(main.get("effects") or ()) > 1:
            assert "one of" in note or "by slot level" in note
        if main["kind"] == "summon":
            assert "conjures" in note or "its effect" in note
    if raw.chip and not has_rule(raw.chip):
        assert f"what the {raw.chip} chip does" in note
    if raw.kind == "utility" or (raw.kind == "save" and not raw.dice and not raw.chip):
        assert note


NOT_IN_SRD = {"Absorb Elements"}
"""The app's own spells that the SRD does not carry (Xanathar's Guide)."""


def test_the_app_s_own_spells_win_and_the_catalog_agrees_with_them():
    catalog.install(spell=srd_spell, spell_names=srd_spell_names)
    for own in SPELLS.values():
        found = catalog.find_spell(own.name.upper())
        # the own record wins; the catalog only lends it a casting time it leaves at the default
        assert {f: getattr(found, f) for f in RULES_FIELDS} == {f: getattr(own, f) for f in RULES_FIELDS}, own.name
        from_srd = srd_spell(own.name)
        if own.name in NOT_IN_SRD:
            assert from_srd is None, own.name
            continue
        assert from_srd is not None, own.name
        assert {f: getattr(from_srd, f) for f in RULES_FIELDS} == {f: getattr(own, f) for f in RULES_FIELDS}, own.name


def test_the_lookup_finds_a_catalog_spell_in_any_case_and_keeps_it():
    catalog.install(spell=srd_spell, spell_names=srd_spell_names)
    fireball = catalog.find_spell("  FIREBALL ")
    assert fireball is not None and fireball is catalog.find_spell("fireball")
    assert catalog.find_spell("Wibble") is None
    names = catalog.spell_names()
    assert len(names) == 340 and "Cure Wounds" in names and "Wish" in names  # the SRD 339 and Absorb Elements


def test_loading_the_system_reads_no_spell_file():
    code = ("import sys; from combat_tui.core.registry import get_system; get_system('dnd5e'); "
            "print('combat_tui.library.srd_spells' in sys.modules)")  # fmt: skip
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_plain_text_drops_the_markup():
    text = "<p>Each creature has the &amp;Reference[paralyzed apply=false] condition in [[lookup @x]] the area.</p>"
    assert plain_text(text) == "Each creature has the paralyzed condition in the area."


def test_with_overrides_changes_only_what_the_table_names():
    raw = map_spell(read_spell("cure-wounds"))
    assert (raw.dice, raw.per_slot) == ("2d8", "2d8")
    assert with_overrides(raw) == evolve(raw, dice="1d8", per_slot="1d8")


def wizard(spell: str, level: int = 17):
    wiz = character("wiz", "Wiz", hp=40)
    return evolve(wiz, abilities=Abilities(intelligence=18), spellcasting="intelligence",
                  classes=(ClassLevel("Wizard", level),), slots=(4, 3, 3, 3, 3, 2, 2, 1, 1), spells=(spell,))  # fmt: skip


def cast(name: str, targets=("orc",), level: int = 0, option: str = "", wizard_level: int = 17, faces=()):
    s = running(campaign(wizard(name, wizard_level), creature("orc", hp=200, ac=13), creature("gob", "Goblin", hp=7)),
                seed=7)  # fmt: skip
    if faces:
        s.dice.force(list(faces))
    return s, s.execute(cmd.Cast("wiz", name, level, tuple(targets), option=option, ignore_cost=True))


@pytest.mark.parametrize("slug", SLUGS)
def test_each_spell_casts_on_a_dummy_target(slug):
    name = read_spell(slug)["name"]
    spell = catalog.find_spell(name)
    assert spell is not None
    targets = ("wiz",) if spell.range == "Self" and not spell.area else ("orc",)
    s, entry = cast(name, targets, option=spell.choose_type[0] if spell.choose_type else "")
    assert entry.lines[0].startswith(f"Wiz casts {spell.name}")
    if spell.note:
        assert entry.lines[1] == f"{spell.name}: {spell.note}."
    if spell.level:
        assert sum(s.state.actor("wiz").slots) == sum((4, 3, 3, 3, 3, 2, 2, 1, 1)) - 1


def test_a_note_shows_in_the_cast_and_a_utility_spell_needs_no_target():
    _, entry = cast("Misty Step", ())
    assert entry.lines == ("Wiz casts Misty Step at 2nd level on Wiz.",
                           "Misty Step: apply by hand: its effect (Briefly surrounded by silvery mist, you teleport up "
                           "to 30 feet to an unoccupied space you can see.).")  # fmt: skip
    s, entry = cast("Darkness", ())
    assert entry.lines[0] == "Wiz casts Darkness at 2nd level." and s.state.actor("wiz").slots[1] == 2


def test_a_self_spell_lands_on_its_caster_until_its_next_turn():
    s, entry = cast("Shield", ())
    chip = s.state.actor("wiz").chips[0]
    assert (chip.name, chip.until_turn_of, chip.rounds) == ("Shield", "wiz", 0)
    assert entry.lines[0] == "Wiz casts Shield at 1st level on Wiz."


def test_rays_attack_once_each_and_a_higher_slot_adds_one():
    _, entry = cast("Scorching Ray", ("orc", "gob"), level=3)
    assert sum("(spell attack)" in line for line in entry.lines) == 4
    _, entry = cast("Eldritch Blast", ("orc",), wizard_level=5)
    assert sum("(spell attack)" in line for line in entry.lines) == 2


def test_the_caster_picks_the_damage_type():
    s, entry = cast("Chromatic Orb", option="cold", faces=(15, 8, 8, 8))
    assert "24 cold" in entry.lines[2] and s.state.actor("orc").hp == 176


def test_a_higher_slot_allows_more_targets():
    with pytest.raises(Exception, match="at most 1 target at level 5"):
        cast("Hold Monster", ("orc", "gob"), level=5)
    _, entry = cast("Hold Monster", ("orc", "gob"), level=6)
    assert entry.lines[0] == "Wiz casts Hold Monster at 6th level on Orc and Goblin."


def test_damage_with_no_roll_and_a_chip_on_a_hit():
    s, entry = cast("Heat Metal", faces=(3, 4))
    assert "Damage: 2d8 3+4 = 7 fire." in entry.lines and s.state.actor("orc").hp == 193
    s, entry = cast("Guiding Bolt", faces=(15, 1, 1, 1, 1))
    assert [(c.name, c.until_turn_of) for c in s.state.actor("orc").chips] == [("Guiding Bolt", "wiz")]


def test_a_spell_found_by_its_slug_is_the_one_the_index_names():
    """The one-file lookup (`fire-bolt.json` for Fire Bolt) reads the file the index would, or
    falls back to the index; it never finds another spell."""
    from combat_tui.library.srd_spells import _guessed

    for key, (slug, _name) in spell_index().items():
        found = _guessed(key)
        assert found is None or found == read_spell(slug)
    assert _guessed("no such spell") is None
    assert srd_spell("Tenser's Floating Disk") is None or srd_spell("Floating Disk") is not None


def test_the_load_check_reads_no_library_file_for_the_apps_own_spells(monkeypatch):
    """A campaign's check asks only whether its spells exist: the app's own spells answer that
    without the SRD (whose index reads all 339 files)."""
    calls = []
    monkeypatch.setitem(catalog.LOOKUPS, "spell", lambda name: calls.append(name))
    state = campaign(evolve(character("c1", "Mirelle"), spells=("Cure Wounds", "Bless")))
    assert catalog.spell_known(state, "Cure Wounds") and catalog.spell_known(state, "bless")
    assert calls == []
    assert not catalog.spell_known(state, "Not A Spell") and calls == ["Not A Spell"]
