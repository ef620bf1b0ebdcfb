"""Damage over time, leftover effects after combat, and the remaining structure rules:
R1, R4, R17, R22, R32, R33, R55, R68, R72, R73."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.systems.futurepath.model import DamageReduction, FPCondition
from tests.systems.futurepath.helpers import actor, campaign, fighter, fighting, run, session


def test_burning_deals_damage_at_the_start_of_the_bearers_turn():
    # ref: R68, notes §2.5 — Burning 1d6 Thermal each turn
    s = session(campaign(fighter("x", dex=14, conditions=(FPCondition("Burning", 3),)), fighter("y", "b")))
    run(s, "setup", "start")
    s.dice.force([4])
    lines = run(s, "next")
    assert lines[-2:] == ["X is Burning: 4.", "X takes 4 thermal damage, HP 16."]


def test_bleeding_ignores_dr():
    # ref: notes §2.5
    s = session(campaign(fighter("x", dex=14, conditions=(FPCondition("Bleeding", 2),), dr=(DamageReduction(5),)),
                         fighter("y", "b")))  # fmt: skip
    run(s, "setup", "start")
    s.dice.force([3])
    assert run(s, "next")[-1] == "X takes 3 damage, HP 17."


def test_leftover_rounds_are_applied_after_the_fight():
    # ref: R72 — each remaining round is applied, one check per round
    s = session(campaign(fighter("x", dex=14, conditions=(FPCondition("Burning", 2),)), fighter("y", "b")))
    run(s, "setup", "start", "end")
    s.dice.force([2])
    assert run(s, "leftover X Burning") == ["X is Burning: 2.", "X takes 2 thermal damage, HP 18.",
                                            "A round of Burning passes for X: 1 left."]  # fmt: skip
    s.dice.force([1])
    assert run(s, "leftover X Burning")[-1] == "A round of Burning passes for X: it is over."
    assert actor(s, "x").conditions == ()


def test_a_cure_ends_a_leftover_and_a_failed_one_uses_a_round():
    # ref: R73 — each failed attempt is a turn of the effect; a success ends it
    s = session(campaign(fighter("x", dex=14, conditions=(FPCondition("Poisoned", 3),)), fighter("y", "b")))
    run(s, "setup", "start", "end")
    assert run(s, "leftover X Poisoned") == ["A round of Poisoned passes for X: 2 left."]
    assert run(s, "leftover X Poisoned cured") == ["X is no longer Poisoned."]


def test_leftovers_wait_for_the_end_of_the_fight():
    s = session(campaign(fighter("x", conditions=(FPCondition("Burning", 2),)), fighter("y", "b")))
    run(s, "setup", "start")
    with pytest.raises(CommandRejected, match="after the fight"):
        run(s, "leftover X Burning")


def test_the_sheet_shows_initiative_beside_the_advantage_die():
    # ref: R17 — the Initiative value is recorded next to the Advantage (Affinity) Die
    s = session(campaign(fighter("x", dex=14, wis=12), fighter("y", "b")))
    assert "Initiative 3, Advantage Die 1d2" in run(s, "show X")[0]


def test_a_stealthed_newcomer_is_marked_for_a_surprise_round_of_their_own():
    # ref: R22 — entering stealthed and unseen by every active enemy
    s = session(campaign(fighter("x", dex=14), fighter("k"), fighter("y", "b")))
    run(s, "setup", "absent K", "start", "next", "next", "next")
    assert run(s, "join K stealth") == ["K joins Team A's Rearguard, unseen: a Round 0 of their own."]


def test_techniques_are_declared_with_their_name_and_target():
    # ref: R55 — the player declares the technique to the GM
    s = session(campaign(fighter("x", dex=14), fighter("y", "b")))
    lines = run(s, "setup", "start", "next", "declare X technique Trip on Y")
    assert lines[-1] == "X declares Trip (Standard Technique, rolls) on Y."


def test_the_advantages_phase_runs_every_round():
    # ref: R32, R33 — it lists the public sources each round; the GM may just go on
    s = session(campaign(fighter("x", dex=14), fighter("y", "b")))
    run(s, "setup", "start")
    lines = run(s, "next", "next", "next", "next")
    assert "Round 2: Advantages/Disadvantages phase." in lines


def test_futurepath_is_ground_combat_of_the_two_modes():
    # ref: R1, R4 — two modes, Ground and Space (space is a later issue); a round is about 3 s
    from combat_tui.core.registry import get_system

    assert "ground" in get_system("futurepath").name


def test_a_stealthed_newcomer_gets_a_round_0_of_their_own():
    # ref: R22 — only they act; then the next round starts
    s = session(campaign(fighter("x", dex=14), fighter("k"), fighter("y", "b")))
    run(s, "setup", "absent K", "start", "next", "next", "next", "join K stealth")
    lines = run(s, "next")
    assert lines == ["Round 0 of the newcomers: only K can act, unseen.", "Team A Rearguard acts: K."]
    s.dice.force([10, 1])
    assert "vs flat-footed AC 10" in run(s, "attack K Y")[0]
    lines = run(s, "next")
    assert "Round 2 starts." in lines and s.state.futurepath.fight.surprise == ()


def test_a_stunned_combatant_declaring_an_attack_is_warned_not_refused():
    # ref: A12 — warn, do not block
    s = session(campaign(fighter("x", dex=14, conditions=(FPCondition("Stunned", 1),)), fighter("y", "b")))
    lines = run(s, "setup", "start", "next", "declare X attack on Y")
    assert lines[-1] == "Note: X cannot attack (a condition); the GM decides."


def test_a_coup_de_grace_on_a_helpless_target_is_a_critical():
    # ref: notes §2.3 — against a helpless target with HP remaining
    from combat_tui.systems.futurepath.model import FPWeapon

    club = FPWeapon("Club", "1d6", proficient=False, levels_short=0)
    s = fighting(campaign(fighter("x", weapons=(club,)), fighter("y", "b", conditions=(FPCondition("Unconscious"),))))
    s.dice.force([5, 2, 3])
    assert "Critical Success." in run(s, "attack X Y")[0]


def test_saves_and_checks_use_net_advantage_dice():
    # ref: R28, R31, notes §2.1 — the Advantage Die applies to skill checks and saving throws;
    # Shaken gives disadvantage on saves and skill checks
    s = session(campaign(fighter("x", dex=12, conditions=(FPCondition("Shaken", 1),)), fighter("y", "b")))
    s.dice.force([12, 2])
    assert run(s, "save X dex 15 +1") == [
        "X rolls a DEX save: d20 12 - 1Ad (1d2: 2) + 1 DEX + 1 = 12 vs DC 15, failure. Advantage: Shaken -1; net -1."
    ]
    s.dice.force([12, 1, 2])
    assert "+ 1Ad (1d2: 1) = 13 vs DC 10, success. Advantage: Shaken -1, help +2; net +1." in run(s, "check X wis 10 +2help")[0]


def test_conditions_slant_the_disarm_roll_too():
    # ref: R89 — in combat with disadvantage, on top of Shaken's
    s = session(campaign(fighter("x", dex=14, conditions=(FPCondition("Shaken", 1),)), fighter("y", "b")))
    run(s, "setup", "start")
    s.dice.force([15, 1, 2])
    assert run(s, "disarm X") == ["X disarms a trap: d20 15 - 2Ad (1 2) = 12 vs DC 10, disarmed."]
