"""The declare dialog's likeliest target and its list (issue "Fast at the table": targets start on
the likeliest and leave the fallen out; the fallen are those the page's R70 counts down)."""

from __future__ import annotations

from combat_tui.systems.futurepath.targets import likeliest_target, likeliest_weapon, target_choices
from tests.systems.futurepath.helpers import KNIFE, PISTOL, campaign, fight, fighter, fighting, run, session


def _fight():
    s = fighting(campaign(fighter("ann"), fighter("bob"), fighter("cat", "b"), fighter("dan", "b")))
    return s, s.state.futurepath


def test_the_first_enemy_standing_is_the_likeliest() -> None:
    s, fp = _fight()
    first = next(r for r in fight(s).present if fp.actor(r).team == "b")
    assert likeliest_target(fp, "ann") == first


def test_a_highlighted_combatant_wins_and_the_declarer_never() -> None:
    s, fp = _fight()
    assert likeliest_target(fp, "ann", "bob") == "bob"
    assert likeliest_target(fp, "ann", "ann") != "ann"


def test_the_fallen_leave_the_list_unless_highlighted() -> None:
    s, _ = _fight()
    run(s, "damage cat 40")
    fp = s.state.futurepath
    assert "cat" not in target_choices(fp, "ann")
    assert "cat" in target_choices(fp, "ann", "cat")
    assert likeliest_target(fp, "ann") == "dan"


def test_a_bonus_attack_starts_on_the_standard_attacks_target_and_the_off_hand() -> None:
    # ref: notes §2.4 — a main-weapon Bonus Attack follows a successful Standard Attack on the same
    # target; the off-hand weapon makes the two-weapon Bonus Attack
    ann = fighter("ann", dex=16, weapons=(PISTOL, KNIFE), off_hand="Knife")
    s = session(campaign(ann, fighter("cat", "b"), fighter("dan", "b")))
    run(s, "setup", "start", "next", "declare Ann attack on Dan with Pistol")
    fp = s.state.futurepath
    assert likeliest_target(fp, "ann", None, "bonus") == "dan"
    assert likeliest_target(fp, "ann", "cat", "bonus") == "cat"  # the GM's highlight still wins
    assert likeliest_weapon(fp, "ann", "bonus") == "Knife" and likeliest_weapon(fp, "ann") == "Pistol"
    run(s, "damage Dan 40")
    assert likeliest_target(s.state.futurepath, "ann", None, "bonus") == "cat"  # the fallen: the next enemy
