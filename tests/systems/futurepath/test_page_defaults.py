"""Defaults that follow the Combat page (A7, A9), their old behaviour kept as options, and the
table of every default in docs/futurepath-defaults.md."""

from __future__ import annotations

from pathlib import Path

import attrs

from combat_tui.systems.futurepath.model import FPCondition, FPOptions
from tests.lines import refused
from tests.systems.futurepath.helpers import campaign, fight, fighter, run, session

DOC = Path(__file__).resolve().parents[3] / "docs" / "futurepath-defaults.md"


def tied_on_the_highest_dex(*lines: str):
    """Team A (DEX 16 and 11) and Team B (DEX 16 and 12), both at Team Initiative 0."""
    s = session(campaign(fighter("x", dex=16, misc=-3), fighter("w", dex=11, wis=12),
                         fighter("y", "b", dex=16, misc=-3), fighter("z", "b", dex=12, wis=10)))  # fmt: skip
    s.dice.force([7, 4])
    return s, run(s, *lines, "setup", "start")


def test_equal_highest_dex_scores_roll_initiative_checks():
    # ref: Combat page, "The Initiative Phase": "If there is a tie, the Team that has a Character
    # with the higher Dex score goes first. If that is still a tie, then Initiative checks are
    # rolled between the opposing teams until the tie is resolved."
    s, lines = tied_on_the_highest_dex()
    assert "Team Initiative tie between Team A and Team B: opposed checks Team A d20 7 = 7, Team B d20 4 = 4." in lines
    assert [t.team for t in fight(s).teams] == ["a", "b"]


def test_the_team_with_the_highest_dex_score_goes_first_without_a_roll():
    # ref: Combat page, "The Initiative Phase": "the Team that has a Character with the higher
    # Dex score goes first"
    s = session(campaign(fighter("x", dex=13, wis=12), fighter("w", dex=8, wis=8), fighter("y", "b", dex=12, wis=12),
                         fighter("z", "b", dex=8, wis=8)))  # fmt: skip  # both at Team Initiative 0
    lines = run(s, "setup", "start")
    assert "Team Initiative tie between Team A and Team B: the team with the highest DEX score goes first." in lines
    assert [t.team for t in fight(s).teams] == ["a", "b"]


def test_the_gm_can_compare_the_next_highest_dex_scores():
    # ref: A9 — the old default stays as the option dex_tie next-highest
    s, lines = tied_on_the_highest_dex("option dex_tie next-highest")
    assert "Team Initiative tie between Team A and Team B: the higher DEX scores go first, the highest, then the next." in lines
    assert [t.team for t in fight(s).teams] == ["b", "a"]


def test_team_initiative_is_simply_the_average_by_default():
    # ref: Combat page, "The Initiative Phase": "The Team Initiative is simply the average
    # Initiative score round down." (A7: no -1 per condition unless the option is on)
    s = session(campaign(fighter("x", dex=14, conditions=(FPCondition("Shaken", 1),)), fighter("y", "b")))
    lines = run(s, "setup", "start")
    assert "Team Initiative of Team A: 2 (average of X 2 = 2)." in lines


def test_a_choice_option_is_refused_outside_its_choices():
    # ref: A9, A38 — options are checked when set, with the choices in the message
    s = session(campaign(fighter("x"), fighter("y", "b")))
    assert refused(s, "option dex_tie sideways") == "'sideways' is not a choice of dex_tie."
    assert refused(s, "option grenade_at_target maybe") == "'maybe' is not yes or no."
    assert refused(s, "option extra_damage_step 0").startswith("Option extra_damage_step: ")


def test_the_defaults_table_names_every_option_with_its_default():
    # ref: notes §3.2 — every adopted default with the GM's way to change it
    text = DOC.read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip(" `"): line for line in text.splitlines() if line.startswith("| `")}
    for field in attrs.fields(FPOptions):
        assert field.name in rows, field.name
        default = field.default if not isinstance(field.default, bool) else ("yes" if field.default else "no")
        assert f"| `{default}` |" in rows[field.name], field.name
