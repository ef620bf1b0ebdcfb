"""The `:` prompt's example line names the open campaign's own creatures, in forms that parse."""

from __future__ import annotations

import pytest

from combat_tui.core.examples import FIXED, example_line
from combat_tui.core.text import parse
from combat_tui.library.space_bears import space_bears


def test_the_5e_sample_line_names_its_party_its_foes_and_a_weapon_of_the_attacker(sample):
    assert example_line(sample) == (
        "next · attack 'Ser Aldric' 'Young Green Dragon' Longsword · damage 'Young Green Dragon' 5"
        " · heal 'Ser Aldric' 4 · undo"
    )


def test_a_futurepath_campaign_names_its_own_people_not_the_5e_sample():
    line = example_line(space_bears())
    assert "Brandon" in line and "'Silenced Pistol'" in line
    assert "Ayla" not in line and "Goblin" not in line


@pytest.mark.parametrize("make", ["sample", "space_bears"])
def test_every_example_parses_as_a_command_of_that_campaign(make, sample):
    state = sample if make == "sample" else space_bears()
    for part in example_line(state).split(" · "):
        parse(part, state)  # raises CommandRejected if the example is not a command here


def test_a_campaign_with_no_one_in_it_shows_only_what_names_no_one(sample):
    from attrs import evolve

    empty = evolve(sample, characters=(), creatures=())
    assert example_line(empty) == "next · undo"


def test_without_a_campaign_the_line_is_the_fixed_one():
    assert example_line(None) == FIXED
