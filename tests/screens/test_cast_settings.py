"""What the cast dialog offers (cast_settings.py): the spells through the catalog, a creature's
save actions beside them, the darts of a spell of darts, the spell picker's groups."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.library import dnd5e_catalog
from combat_tui.screens.dnd5e.cast_settings import (
    action_spell,
    darts_on,
    find_action,
    level_groups,
    most_targets,
    spell_list,
    unknown_spells,
)
from combat_tui.systems.dnd5e.model import CreatureAction


@pytest.fixture(autouse=True)
def catalog():
    dnd5e_catalog.install()  # the SRD's spells, as the app has them once the system loads


BREATH = CreatureAction("Fire Breath", "dexterity", 13, "4d6", "fire", recharge=5)


def test_a_caster_lists_its_spells_through_the_catalog(sample):
    bren = evolve(sample.actor("bren"), spells=("Fire Bolt", "Fireball", "Not A Spell"))
    assert [s.name for s in spell_list(bren, sample)] == ["Fire Bolt", "Fireball"]
    assert unknown_spells(bren, sample) == ["Not A Spell"]
    everything = spell_list(evolve(bren, spells=()), sample)
    assert len(everything) > 300  # no list: any spell of the catalog
    assert [s.level for s in everything] == sorted(s.level for s in everything)


def test_a_creatures_ready_save_actions_come_first(sample):
    boss = evolve(sample.actor("goblin-boss"), actions=(BREATH, evolve(BREATH, name="Spent Breath", ready=False)),
                  spells=("Fire Bolt",))  # fmt: skip
    spells = spell_list(boss, sample)
    assert [s.name for s in spells] == ["Fire Breath", "Fire Bolt"]  # the spent one left the list
    assert (spells[0].kind, spells[0].save, spells[0].dice, spells[0].max_targets) == ("save", "dexterity", "4d6", 0)
    assert find_action(boss, "fire breath") is BREATH
    assert find_action(boss, "Fire Bolt") is None and find_action(sample.actor("bren"), "Fire Breath") is None
    assert level_groups(spells, ["Fire Breath"]) == [("Actions", ["Fire Breath"]), ("Cantrips", ["Fire Bolt"])]


def test_darts_land_as_the_rules_send_them(sample):
    assert darts_on(["a", "b"], 3) == {"a": 2, "b": 1}  # the darts not given go round the list
    assert darts_on(["a", "a", "b"], 3) == {"a": 2, "b": 1}
    assert darts_on([], 3) == {}
    bren = sample.actor("bren")
    missile = spell_list(evolve(bren, spells=("Magic Missile",)), sample)[0]
    assert (most_targets(missile, 1, bren), most_targets(missile, 3, bren)) == (3, 5)
    blast = spell_list(evolve(bren, spells=("Eldritch Blast",)), sample)[0]
    assert most_targets(blast, 0, bren) == 2  # a 5th-level caster's two beams
    assert action_spell(BREATH).half_on_save
