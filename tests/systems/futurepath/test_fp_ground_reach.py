"""Ground rules reached by commands (issue 19, "Unreachable"): two-weapon fighting from the
sample, movement with the distance moved, traps and mines, a third party joining as its own
team, and awareness by Passive Perception against Stealth."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.runner import run_line
from combat_tui.core.session import Session
from combat_tui.library.space_bears import space_bears
from combat_tui.systems.futurepath import commands as fc
from tests.systems.futurepath.helpers import actor, campaign, fight, fighter, run, session


def sample(*lines: str) -> Session:
    s = Session(space_bears(), dice=Dice(3))
    run(s, *lines)
    return s


def refused(s: Session, line: str) -> str:
    before = s.state
    with pytest.raises(CommandRejected) as caught:
        run_line(s, line)
    assert s.state is before
    return caught.value.reason


# Two-Weapon Fighting


def test_a_dual_wielder_from_the_sheet_gets_the_off_hand_attack_after_a_miss():
    # ref: Two Weapon Fighting — "This is granted to you even if you do not succeed at your
    # Standard Attack action."
    s = sample("edit Katie weapon2.name=Knife weapon2.damage=1d4 weapon2.attributes=light off_hand=Knife",
               "setup", "start", "next")  # fmt: skip
    from combat_tui.systems.futurepath.rounds import acting

    while "katie" not in acting(s.state.futurepath, fight(s)):
        run(s, "next")
    run(s, "declare Katie attack on 'Space Bear 1' with 'Helix Blade'",
        "declare Katie bonus-attack on 'Space Bear 1' with Knife", "commit")  # fmt: skip
    s.dice.force([2, 1])
    assert "miss." in run(s, "attack Katie 'Space Bear 1' 'Helix Blade'")[0]
    s.dice.force([15, 3])
    assert run(s, "attack Katie 'Space Bear 1' Knife offhand")[0].startswith("Katie attacks Space Bear 1 with Knife")


# Standard Move Actions


def mover(**kw) -> Session:
    s = session(campaign(fighter("m", dex=14, **kw), fighter("f", "b")))
    run(s, "setup", "start", "next")
    assert fight(s).turns[fight(s).turn].team == "a"
    return s


def test_a_standard_move_runs_twice_the_walk_speed():
    # ref: Standard Move Actions — "In Combat, it is assumed that all characters are running. Run
    # speed is two times the walk or 30ft."
    s = mover()
    run(s, "declare M move")
    assert refused(s, "move M 35") == "M can move 30 ft with this move, not 35 ft."
    assert run(s, "move M 30") == ["M runs 30 ft of 30.", "M's move is resolved: ran 30 ft."]


def test_moves_come_in_5_ft_squares():
    # ref: Standard Move Actions — "all movement is in increments of 5ft"
    s = mover()
    run(s, "declare M move")
    assert "5-ft squares" in refused(s, "move M 12")


def test_climbing_takes_half_speed():
    # ref: Standard Move Actions — "Climbing, swimming, or crawling all take half (round down) of
    # movement speed. In combat, this is 15ft"
    s = mover()
    run(s, "declare M climb")
    assert "climb 15 ft" in refused(s, "move M 20")
    assert run(s, "move M 15")[0] == "M climbs 15 ft of 15 (climbing: half speed)."


def test_the_bonus_move_repeats_the_distance_and_the_character_sprints():
    # ref: Standard Move Actions — "A Standard Move action grants a Bonus Move Action that allows
    # the Character to move at the same speed ... the Character is considered to be Sprinting."
    s = mover()
    run(s, "declare M move", "declare M bonus-move", "move M 30")
    assert run(s, "move M 30")[0] == "M runs 30 ft of 30 as a Bonus Move, sprinting: 60 ft in all."


def test_a_bonus_climb_keeps_the_climbing_speed():
    # ref: Standard Move Actions — "This is possible with normal movement as well as climbing"
    s = mover()
    run(s, "declare M climb", "declare M bonus-move", "move M 15")
    assert "climb 15 ft" in refused(s, "move M 30")


def test_a_failed_movement_check_grants_no_bonus_move():
    # ref: Standard Move Actions — difficult terrain or Zero-G: "roll a Dexterity Ability Check or
    # an Acrobatics Skill check to see if they make it all the way"
    s = mover()
    run(s, "declare M move", "declare M bonus-move", "move M 10 failed")
    assert "successful Standard Move" in refused(s, "move M 10")


def test_a_species_walk_speed_and_half_speed_conditions_set_the_run():
    # ref: Standard Move Actions — "The default Walk speed is determined by Species"; notes §2.5
    s = mover(walk=20)
    run(s, "declare M move", "chip M +Encumbered")
    assert refused(s, "move M 25") == "M can move 20 ft with this move (Encumbered: half speed), not 25 ft."


def test_a_move_needs_a_declared_move():
    s = mover()
    assert refused(s, "move M 10") == "M has no Move declared."


# Traps/Mines


def trapped(*fields: str) -> Session:
    s = sample("setup", "absent Katie", "trap Mine " + " ".join(fields))
    return s


def test_detection_dc_comes_from_the_construction_and_clocked_and_stealth_mines():
    # ref: Detecting Traps and Mines — "Simple mechanical traps might be DC 10, while high-tech
    # explosives like Clocked-Mines (+5 DC) or Stealth Mines (+2 DC) are significantly harder to spot."
    assert fp_trap(trapped()).detection_dc == 10
    assert fp_trap(trapped("cloaked=yes")).detection_dc == 15
    assert fp_trap(trapped("stealth=yes")).detection_dc == 12


def fp_trap(s: Session):
    return s.state.futurepath.traps[0]


def test_passive_perception_finds_a_trap_it_meets():
    # ref: Detecting Traps and Mines — "Passive Perception: Used as a default as characters move"
    s = trapped("dc=12")
    assert run(s, "spot James Mine") == ["James looks for the Mine: Passive Perception 12 vs DC 12, finds it."]
    assert fp_trap(s).spotted == ("james",)


def test_an_active_search_rolls_perception():
    # ref: Detecting Traps and Mines — "Active Perception: Requires a Standard Action"
    s = trapped("dc=14")
    s.dice.force([13])
    assert run(s, "spot Brandon Mine search") == [
        "Brandon looks for the Mine: searches: d20 13, 15 vs DC 14, finds it."]  # Passive 12: +2


def test_engineers_sense_traps_and_electro_mancers_get_a_die_on_electronic_ones():
    # ref: Trap Sense — "Engineers gain a +2 bonus to Perception within 20ft of traps ...
    # Electro-Mancers gain an Advantage Die when detecting electronic traps."
    s = trapped("dc=13", "electronic=yes")
    run(s, "edit Art path=Engineer")
    assert "Passive Perception 13 (Trap Sense +2) vs DC 13, finds it." in run(s, "spot Art Mine")[0]  # 11 + 2
    s.dice.force([10, 1])  # James is an Electo-Mancer: d20 10 + 1d2 (1) + 2
    assert "(Trap Sense +1Ad)" in run(s, "spot James Mine search")[0]


def test_a_triggered_trap_gives_a_reflex_save_for_half_damage():
    # ref: Triggering and Effects — "Targets usually receive a Reflex saving throw to take half
    # damage. The DC is 10 + Trap Level."
    s = trapped("level=3", "damage=2d6", "type=thermal")
    s.dice.force([4, 6, 12, 9])  # 10 damage; Brandon DEX +4: 12 + 4 = 16 saves; James DEX +2: 9 + 2 fails
    lines = run(s, "trigger Mine on Brandon, James")
    assert lines[0] == "The Mine goes off: 4+6 = 10 damage."
    assert lines[1] == "Brandon saves (DEX): d20 12, 16 vs DC 13, saved (half damage, no condition)."
    assert actor(s, "brandon").hp == 18 - 5 and actor(s, "james").hp == 16 - 10
    assert fp_trap(s).status == "triggered"


def test_a_chasing_mine_adds_5_to_the_save_dc():
    # ref: Triggering and Effects — "Chasing Mines ... adding +5 to the DC to avoid its damage."
    assert fp_trap(trapped("level=2", "chasing=yes")).save_dc == 17


def test_some_traps_apply_conditions_instead_of_damage():
    # ref: Triggering and Effects — "Some traps deal no damage but instead apply Conditions, such
    # as Stunned, Shaken, or Entangled."
    s = trapped("conditions=Stunned", "rounds=2")
    s.dice.force([2])
    lines = run(s, "trigger Mine on James")
    assert lines[-1] == "James is Stunned for 2 rounds." and actor(s, "james").condition("Stunned").rounds == 2


def test_a_remote_trap_is_set_off_by_its_operator():
    # ref: Triggering and Effects — "Remote: Triggered by an operator as a Standard Action"
    s = trapped("trigger=remote", "damage=1d6")
    assert "by NAME" in str(pytest.raises(CommandRejected, run_line, s, "trigger Mine on James").value.detail)
    s.dice.force([3, 20])
    assert run(s, "trigger Mine on James by 'Space Bear 1'")[0] == "The Mine goes off, set off by Space Bear 1: 3 = 3 damage."


def test_a_trap_is_disarmed_only_once_found_and_a_bad_failure_sets_it_off():
    # ref: Disarming and Sabotage — "Once a trap is detected, it can be bypassed or disabled ...
    # Failing a disarm check by 5 or more immediately triggers the trap."
    s = trapped("dc=10", "damage=1d6", "disarm=15")
    assert refused(s, "disarm James Mine") == "James has not found the Mine."
    run(s, "spot James Mine")
    s.dice.force([6, 4, 20])  # 6 vs DC 15: failed by 9, the mine goes off on James (4 damage, saved)
    lines = run(s, "disarm James Mine")
    assert "the trap goes off" in lines[0] and lines[1] == "The Mine goes off: 4 = 4 damage."


def test_a_disarmed_trap_stays_disarmed():
    s = trapped("dc=10")
    run(s, "spot James Mine")
    s.dice.force([12])
    assert run(s, "disarm James Mine")[-1] == "The Mine is disarmed."
    assert "disarmed" in refused(s, "trigger Mine on James")


def test_a_failure_by_less_than_5_waits_a_round_in_combat():
    # ref: Disarming and Sabotage — "If the check fails by 4 or less, the character can try again
    # ... after waiting 1 round in combat."; "the check is made with Disadvantage"
    s = trapped("dc=10")
    run(s, "spot James Mine", "start")
    s.dice.force([8, 1])
    assert "try again after 1 round" in run(s, "disarm James Mine")[0]
    assert refused(s, "disarm James Mine") == "James must wait 1 round before trying the Mine again."


def test_a_placed_trap_takes_the_setting_check_as_its_detection_dc():
    # ref: Placing Traps — "The result of the character's skill check ... determines the DC for
    # enemies to detect the trap."
    s = trapped()
    s.dice.force([14])
    run(s, "placetrap Art Mine")
    trap = fp_trap(s)
    assert (trap.detection_dc, trap.team) == (16, "party")  # d20 14 + INT +2
    assert "already knows" in refused(s, "spot James Mine")


def test_a_critical_failure_placing_a_trap_explodes_in_the_placers_hands():
    # ref: Placing Traps — "A critical failure causes the device to explode in the character's hands."
    s = trapped("damage=1d4")
    s.dice.force([1, 3, 5])
    lines = run(s, "placetrap Art Mine")
    assert "explodes in their hands" in lines[0] and lines[1] == "The Mine goes off: 3 = 3 damage."


# Joining a Battle


def test_a_third_party_joins_as_a_new_team_placed_by_its_initiative():
    # ref: Joining a Battle — "If they are a third party and not part of any Team his or her
    # Initiative is compared to the other Teams."
    s = sample("setup", "absent Katie", "start", "team Scavengers", "add Scav team=Scavengers hp=10 dex=18 wis=18")
    lines = run(s, "join Scav")
    while fight(s).phase != "counters":
        lines += run(s, "next")
    assert "Scav joins as a new team, Scavengers, in its Vanguard." in lines
    assert [t.team for t in fight(s).teams] == ["scavengers", "party", "bears"]  # Initiative 8 goes first
    run(s, "next", "next")
    assert fight(s).round == 2 and fight(s).turns[0].team == "scavengers"


def test_a_team_name_is_not_taken_twice():
    assert refused(sample(), "team 'The Party'") == "A team is already called 'The Party'."


# Surprise


def test_passive_perception_against_stealth_decides_who_is_unaware():
    # ref: Surprise — "if an enemy is in stealth, the combatants should be able to use Passive
    # Perception against the enemy's stealth to not be surprised."
    s = sample("setup")
    lines = run(s, "awareness")
    assert fight(s).unaware == ("bear-1", "bear-2", "bear-3", "bear-4")  # Brandon's Stealth 18 beats their 10
    assert lines[0].startswith("Passive Perception against Stealth: Space Bear 1 does not see Brandon;")
    run(s, "edit 'Space Bear 2' perception=18", "awareness")
    assert "bear-2" not in fight(s).unaware


def test_awareness_is_judged_in_setup():
    assert refused(sample(), "awareness") == "Awareness is judged in ground setup."


# Text forms


@pytest.mark.parametrize("command", [
    fc.FPMove("brandon", 30), fc.FPMove("james", 15, "climb"), fc.FPMove("art", 10, "run", True),
    fc.AddTeam("The Scavengers"), fc.JudgeAwareness(),
    fc.AddTrap("Tripwire Mine", (("damage", "2d6"), ("type", "thermal"), ("cloaked", "yes"))),
    fc.SpotTrap("james", "Tripwire Mine"), fc.SpotTrap("james", "mine", True),
    fc.TriggerTrap("Tripwire Mine", ("brandon", "bear-1")), fc.TriggerTrap("mine", ("james",), "bear-2"),
    fc.Disarm("katie", 0, 3, "Tripwire Mine"), fc.Disarm("katie", 14, 0, "mine"), fc.PlaceTrap("james", 2, "Tripwire Mine"),
])  # fmt: skip
def test_format_then_parse_is_the_same_command(command):
    from combat_tui.core.text import format_command, parse

    state = space_bears()
    text = format_command(command, state)
    assert parse(text, state).command == command, text
