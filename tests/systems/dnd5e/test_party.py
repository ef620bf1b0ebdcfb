"""Characters made, edited, levelled and equipped with the text forms (issue 13, item 4)."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.core.runner import run_line
from combat_tui.systems.dnd5e.economy import attacks_per_action
from tests.systems.dnd5e.helpers import session


def run(s, *lines):
    out = []
    for line in lines:
        out += run_line(s, line).lines
    return out


def brom(s):
    return next(c for c in s.state.characters if c.name == "Brom")


def test_a_new_fighter_has_the_numbers_of_its_class_race_and_scores(sample):
    # ref: 2014 PHB, Fighter — d10 hit die, STR and CON saves; Hit Points at 1st level
    s = session(sample)
    lines = run(s, 'character add Brom race=hill dwarf "classes=Fighter 1" str=16 dex=12 con=15')
    b = brom(s)
    assert lines == ["Brom joins the party."]
    assert (b.max_hp, b.hp, b.proficiency_bonus) == (10 + 2 + 1, 13, 2)  # hill dwarf: +1 HP a level
    assert set(b.save_proficiencies) == {"strength", "constitution"}
    assert "martial" in b.weapon_proficiencies and "heavy" in b.armor_proficiencies
    assert b.speed == 25 and b.tile == s.state.party_tile
    assert [p.name for p in b.pools] == ["Second Wind"]


def test_level_up_derives_what_depends_on_level(sample):
    # ref: 2014 PHB, Fighter — Extra Attack at 5th level; proficiency +3 from 5th
    s = session(sample)
    run(s, 'character add Brom race=human "classes=Fighter 4" str=16 con=14')
    before = brom(s)
    lines = run(s, "levelup Brom")
    after = brom(s)
    assert after.classes[0].level == 5 and after.proficiency_bonus == 3
    assert after.max_hp == before.max_hp + 6 + 2
    assert attacks_per_action(after) == 2
    assert lines == ["Brom reaches Fighter level 5 (character level 5), +8 max HP."]
    run(s, "levelup Brom Wizard")
    assert [(c.name, c.level) for c in brom(s).classes] == [("Fighter", 5), ("Wizard", 1)]
    assert brom(s).slots == (2,)


def test_level_up_waits_for_the_end_of_the_fight(sample):
    s = session(sample)
    run(s, "start")
    with pytest.raises(CommandRejected, match="Level up between fights"):
        run(s, 'levelup "Ser Aldric"')


def test_equip_body_armor_takes_off_the_old_and_a_shield_goes_beside(sample):
    s = session(sample)
    run(s, 'character add Brom "classes=Fighter 1" dex=14')
    assert brom(s).ac == 12
    run(s, 'equip Brom "Chain Mail"')
    assert (brom(s).armor.name, brom(s).ac) == ("Chain mail", 16)
    lines = run(s, "equip Brom plate armor", "equip Brom Shield")
    assert brom(s).armor.name == "Plate" and brom(s).shield.name == "Shield" and brom(s).ac == 20
    assert "Chain mail" in brom(s).inventory
    assert "Brom equips the Plate, taking off the Chain mail." in lines
    run(s, "unequip Brom Shield")
    assert brom(s).shield is None and brom(s).ac == 18 and "Shield" in brom(s).inventory


def test_bad_character_fields_are_named_and_change_nothing(sample):
    s = session(sample)
    before = s.state
    with pytest.raises(CommandRejected) as error:
        run(s, 'character add Brom "classes=Fightr 3" str=0')
    assert "classes" in str(error.value) and "str: must be at least 1" in str(error.value)
    with pytest.raises(CommandRejected, match="No weapon, armor or shield is called 'Banana'"):
        run(s, "equip Ayla Banana")
    assert s.state is before


def test_an_edit_of_the_classes_derives_again_and_undo_returns_all(sample):
    s = session(sample)
    start = s.state
    run(s, 'edit "Ser Aldric" "classes=Fighter 6"')
    aldric = s.state.actor("ser-aldric")
    assert aldric.classes[0].level == 6 and aldric.proficiency_bonus == 3
    run(s, "undo")
    assert s.state == start
