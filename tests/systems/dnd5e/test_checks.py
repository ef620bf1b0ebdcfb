"""Saves and checks from the character sheet (issue 3, item 10 in the core)."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.core.runner import run_line
from combat_tui.library.goblin_ambush import goblin_ambush
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.checks import SKILLS, check_bonus, save_bonus
from combat_tui.systems.dnd5e.model import ClassLevel
from tests.systems.dnd5e.helpers import session


def sample():
    return session(goblin_ambush())


def test_save_bonus_adds_proficiency_for_a_listed_save():
    # 2014 PHB — a saving throw adds the proficiency bonus when proficient
    state = goblin_ambush()
    aldric = state.actor("ser-aldric")
    assert save_bonus(aldric, "strength") == 4 + 3
    assert save_bonus(aldric, "dexterity") == 1


def test_check_bonus_proficiency_expertise_and_jack_of_all_trades():
    state = goblin_ambush()
    ayla = state.actor("ayla")
    assert len(SKILLS) == 18
    assert check_bonus(ayla, "stealth") == 4 + 6  # expertise doubles proficiency
    assert check_bonus(ayla, "acrobatics") == 4 + 3
    assert check_bonus(ayla, "athletics") == -1
    bard = evolve(ayla, classes=(ClassLevel("Bard", 2),), skill_proficiencies=())
    assert check_bonus(bard, "athletics") == -1 + 1  # Jack of All Trades: half of 3, rounded down


def test_a_save_and_a_check_roll_with_the_tray_and_change_nothing_but_the_log():
    s = sample()
    before = s.state
    s.dice.force([11, 9])
    assert run_line(s, "save Ser Aldric str").lines == ("Ser Aldric rolls a Strength save: d20 11 + 7 = 18.",)
    assert run_line(s, "check Ayla sleight of hand").lines == ("Ayla rolls a Sleight of Hand check: d20 9 + 7 = 16.",)
    assert s.state == before
    s.undo()
    assert s.log == ["Ser Aldric rolls a Strength save: d20 11 + 7 = 18."]


def test_a_chosen_mode_on_a_sheet_roll():
    s = sample()
    s.dice.force([4, 15])
    assert run_line(s, "save Bren int adv").lines == (
        "Bren rolls an Intelligence save: d20 15 (at advantage (dropped 4), by choice) + 7 = 22.",
    )


def test_bad_ability_and_skill_names_are_refused():
    s = sample()
    with pytest.raises(CommandRejected, match="'luck' is not an ability"):
        run_line(s, "save Ayla luck")
    with pytest.raises(CommandRejected, match="neither a skill nor an ability"):
        run_line(s, "check Ayla juggling")
    with pytest.raises(CommandRejected):
        s.execute(cmd.RollSave("ayla", "luck"))
