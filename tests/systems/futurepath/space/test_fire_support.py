"""What else meets a Fire (notes §2.12; the wiki's Weapons Officer, Defensive Fire, Weapons Assist
and Shield Manipulation pages): hard points held back as point defence, a crew member's assist on
one failed die, the target's Shield Manipulation against the scan bonus, the pool and a hacker."""

from __future__ import annotations

from attrs import evolve

from combat_tui.core.text import parse
from combat_tui.systems.futurepath.space import events as ev
from combat_tui.systems.futurepath.space.model import HardPoint
from combat_tui.systems.futurepath.space.verbs import format_command
from tests.lines import refused
from tests.systems.futurepath.space.helpers import do, event, run, session, ship, status, to_phase, two

MIXED = (HardPoint("Laser 1", "laser"), HardPoint("Gun 2"), HardPoint("Gun 3"), HardPoint("Laser 4", "laser"))


def _mixed_against_rockets():
    s = session(evolve(ship("a"), hard_points=MIXED), ship("b", "b", weapon="rocket"))
    run(s, "space start")
    to_phase(s, "action")
    return s


def test_defensive_fire_holds_hard_points_back_as_point_defence():
    # ref: notes §2.12 — "Defensive Fire (each withheld hard point gives 1d10 of point defence at
    # −2, lasers −1)"; §2.13 point defence: "Meeting or beating destroys both missiles"
    s = _mixed_against_rockets()
    assert run(s, "space defend a 2") == [
        "A's Weapons Officer readies Defensive Fire: 2 hard point(s) held back: 2 d10 (-2, -1) meet the missiles fired "
        "at A this round."]  # fmt: skip
    assert status(s, "a").acted == ("weapons",)
    fire = event(do(s, "space fire b a", 6, 9, 8, 8, 5, 3), ev.FireRolled)  # the defence's d10s first
    assert "defensive fire 6-2 9-1" in fire.reasons  # 8 meets the 8; 4 does not
    assert [d.kind for d in fire.dice] == ["shot down", "hard point", "hard point", "hard point"] and fire.successes == 2


def test_the_weapons_officer_may_fire_the_rest_and_hold_some_back():
    # ref: Defensive Fire — "If the Weapon's Office chooses to withhold using a Projectile, Laser,
    # or Plasma Weapon Hardpoint to attack, they can instead use one of these"
    s = _mixed_against_rockets()
    entry = do(s, "space fire a b defend 1", 5, 5, 5)
    fire = event(entry, ev.FireRolled)
    assert len(fire.dice) == 3 and status(s, "a").defence == (-1,)  # Laser 4 held back
    assert entry.lines[0].startswith("A's Weapons Officer readies Defensive Fire: 1 hard point(s) held back")


def test_rockets_cannot_defend_and_defensive_fire_is_not_bombard():
    s = _mixed_against_rockets()
    assert refused(s, "space defend b") == "B has 0 hard point(s) that can defend (rockets cannot)."
    assert refused(s, "space fire a b 2 defend 3") == "Only 1 hard points are left to fire."
    assert "not with Bombard or specified targeting" in refused(s, "space fire a b at weapons defend 1")
    assert refused(s, "space defend a 5") == "A has 4 hard point(s) that can defend (rockets cannot)."


def test_weapons_assist_turns_one_failed_die_into_a_success():
    # ref: notes §2.12 — "Shield Manipulation and Weapons Assist are available to any crew member";
    # the Weapons Assist page: "an accuracy check against the target's Tracking DC ... the
    # assisting Player can choose one d10 from the pool that has failed and ... add their
    # Character's chosen Ability Modifier to turn it into a successful hit"
    s = two()
    to_phase(s, "action")
    assert do(s, "space weaponsassist a sensors b +3", 6, 5).lines == (
        "A's Sensor Officer assists the Weapons Officer against B: 2d10 6, 5 +3 = 14 vs DC 10, success: one failed d10 "
        "of the Fire on it gets +3, or a reroll at +3.",)  # fmt: skip
    entry = do(s, "space fire a b", 5, 5, 5, 2, 3, 4)
    fire = event(entry, ev.FireRolled)
    assert [d.kind for d in fire.dice] == ["hard point"] * 3 + ["assisted"] and fire.result == "Battle Damage to B"
    assert "weapons assist +3" in fire.reasons


def test_an_assisted_die_that_still_fails_is_rerolled_and_cannot_be_rerolled_again():
    # ref: Weapons Assist — "if that isn't enough, they can try to re-roll the d10 ... If the Die
    # becomes a success because of the Weapons Assist function, it cannot be 'Exploded' or the
    # target of a re-roll"
    s = two(a={"weapons": 12})  # one reroll, for successful dice only
    to_phase(s, "action")
    do(s, "space weaponsassist a helm b +1", 6, 5)
    fire = event(do(s, "space fire a b", 1, 1, 1, 1, 5), ev.FireRolled)
    assisted = [d for d in fire.dice if d.kind == "assisted"]
    assert assisted[0].faces == (1, 5) and assisted[0].success
    assert not [d for d in fire.dice if d.kind == "reroll"] and fire.successes == 1


def test_weapons_assist_is_not_the_weapons_officers_and_only_in_the_action_phase():
    s = two()
    assert refused(s, "space weaponsassist a sensors b") == "Weapons Assist is taken in the Action Phase."
    to_phase(s, "action")
    assert refused(s, "space weaponsassist a weapons b") == "The Weapons Officer fires; Weapons Assist is another crew member's."
    run(s, "dice 1 1 1 1", "space fire a b")
    assert refused(s, "space weaponsassist a helm b") == "A has fired on B already this round."


def test_shield_manipulation_cuts_the_scan_bonus_of_the_enemy_it_opposes():
    # ref: the Shield Manipulation page — "This roll opposes an enemy's Scan action. If you meet or
    # beat the opposing roll ... the bonus given to the Enemy's Battle Pool is reduced by 1 +1 for
    # every 4 the opposing roll is beaten. This cannot go negative."
    s = two(a={"sensors": 14})
    assert do(s, "space manipulate b science a", 9, 9).lines == (
        "B's Science Officer manipulates the shields against A: 2d10 9, 9 = 18, success: 18 opposes A's scans and "
        "hacker this round; without a scan, it cancels d10s of its Fire on B.",)  # fmt: skip
    to_phase(s, "action")
    assert event(do(s, "space scan a b", 6, 4), ev.Rolled).success  # 12: the scan still succeeds
    fire = event(do(s, "space fire a b", 3, 3, 3, 3), ev.FireRolled)
    assert "scan +0 a die" in fire.reasons and "shield manipulation -2 a die" in fire.reasons
    assert fire.successes == 0


def test_without_a_scan_shield_manipulation_cancels_dice_of_the_pool():
    # ref: Shield Manipulation — "If the enemy doesn't attempt a Scan, then the DC is equal to 8 +
    # Number of Active Hard Points aimed at your Ship + Weapon's Officer's Dex or Wis Modifier ...
    # cancel one d10 from the Battle Pool before re-rolls are done. For every 4 the DC is beaten,
    # choose another d10 to cancel"
    s = two()
    do(s, "space manipulate b science a", 9, 9)
    to_phase(s, "action")
    fire = event(do(s, "space fire a b", 5, 6, 5, 5), ev.FireRolled)  # DC 8 + 4: 18 cancels 2
    assert "shield manipulation 18 vs DC 12: 2 d10 cancelled" in fire.reasons
    assert [d.kind for d in fire.dice].count("cancelled") == 2 and fire.successes == 2


def test_shield_manipulation_blocks_a_hackers_information_and_raises_its_dcs():
    # ref: Shield Manipulation — "This can block Gather Information"; "This can increase the DC for
    # a Hacker to stay connected to the hack by 1 +1 for every 4 the opposing roll is beaten, max +5"
    s = two()
    do(s, "space hack a b access", 6, 6)  # inside B, its last roll 12
    to_phase(s, "response")
    run(s, "space next")
    do(s, "space manipulate b science a", 9, 9)
    info = event(do(s, "space hack a b info", 7, 7), ev.Rolled)
    assert info.dc == 10 + 1 + 2 and info.result == "B's Shield Manipulation (18) blocks the information"


def test_shield_manipulation_needs_the_shields_up_and_comes_before_the_enemys_fire():
    s = two()
    run(s, "space silent b")
    assert refused(s, "space manipulate b science a") == "B's shields are down: there is nothing to manipulate."
    s = two()
    to_phase(s, "action")
    run(s, "dice 1 1 1 1", "space fire a b")
    assert refused(s, "space manipulate b helm a") == "A has fired on B this round already: Shield Manipulation comes first."
    to_phase(s, "response")
    assert "Support or Action Phase" in refused(s, "space manipulate b engineer a")


def test_the_text_forms_read_back():
    s = two()
    for line in ("space defend a", "space defend a 2", "space fire a b defend 1", "space fire a b 2 defend",
                 "space weaponsassist a sensors b", "space weaponsassist a helm b +2 adv",
                 "space manipulate b science a", "space manipulate b helm a dis"):
        assert format_command(parse(line, s.state).command, lambda ref: ref) == line
