"""Starting a fight and the Surprise round: R2, R24-R27, A16, A19."""

from __future__ import annotations

from combat_tui.systems.futurepath import stats
from combat_tui.systems.futurepath.model import FPCondition
from tests.systems.futurepath.helpers import actor, campaign, fight, fighter, fighting, run, session


def two_sides():
    return campaign(fighter("x", dex=14), fighter("w"), fighter("y", "b"), fighter("z", "b"))


def test_without_surprise_the_fight_starts_at_round_1_advantages():
    # ref: R2, R3 — Initiative, then Round 1, whose first phase is Advantages/Disadvantages
    s = session(two_sides())
    lines = run(s, "setup", "start")
    assert fight(s).round == 1 and fight(s).phase == "advantages"
    assert "Round 1: Advantages/Disadvantages phase." in lines


def test_some_unaware_combatants_make_a_surprise_round_0():
    # ref: R2, R24, R25 — some but not all aware: Round 0, the aware act in the group order
    s = session(two_sides())
    lines = run(s, "setup", "unaware Y", "unaware Z", "start")
    assert fight(s).round == 0 and fight(s).phase == "action"
    assert "Surprise round (Round 0): X and W can act; Y and Z are unaware and flat-footed." in lines
    assert lines[-1] == "Team A Vanguard acts: X."


def test_only_aware_combatants_act_in_round_0():
    # ref: R25, R26 — unaware combatants cannot act in Round 0; groups with no one aware are skipped
    s = session(two_sides())
    run(s, "setup", "unaware W", "unaware Y", "unaware Z", "start")
    assert [(t.team, t.group) for t in fight(s).turns] == [("a", "vanguard")]
    lines = run(s, "next")
    assert "Round 0: Counter phase." in lines


def test_everyone_unaware_is_no_surprise():
    # ref: R24 — a surprise round needs some, but not all, aware
    s = session(two_sides())
    run(s, "setup", *[f"unaware {n}" for n in "XWYZ"], "start")
    assert fight(s).round == 1 and fight(s).unaware == ()


def test_unaware_combatants_are_flat_footed_until_the_end_of_round_0():
    # ref: R26, A19 — no DEX bonus to AC through Round 0
    s = session(two_sides())
    run(s, "setup", "unaware Y", "start")
    assert fight(s).unaware == ("y",)
    while fight(s).phase != "counters":
        run(s, "next")
    assert fight(s).round == 0 and fight(s).unaware == ("y",)
    run(s, "next")  # Round 1
    assert fight(s).unaware == ()


def test_the_advantages_phase_lists_flat_footed_in_round_0_only():
    # ref: R26, A19 — the unaware are flat-footed; the listing names it
    from combat_tui.systems.futurepath.advantage import sources

    s = session(two_sides())
    run(s, "setup", "unaware Y", "start")
    fp = s.state.futurepath
    assert any("Flat-Footed" in text for text in sources(fp, fight(s), actor(s, "y")))
    while fight(s).round == 0:
        run(s, "next")
    fp = s.state.futurepath
    assert not any("Flat-Footed" in text for text in sources(fp, fight(s), actor(s, "y")))


def test_an_aware_combatant_may_decline_to_act_in_round_0():
    # ref: R25 — they can choose not to act and remain hidden: the GM just moves on
    s = session(two_sides())
    run(s, "setup", "unaware Y", "unaware Z", "start")
    lines = run(s, "next", "next")
    assert lines == ["Team A Rearguard acts: W.", "Round 0: Counter phase."]


def test_counters_do_not_tick_after_round_0():
    # ref: A16 — after Round 0: end check and joiners, but no ticking
    s = session(campaign(fighter("x", conditions=(FPCondition("Shaken", 1),)), fighter("y", "b")))
    run(s, "setup", "unaware Y", "start")
    lines = run(s, "next")
    assert "X: Shaken counter stays at 1 (Round 0)." in lines
    assert actor(s, "x").condition("Shaken").rounds == 1


def test_the_gm_can_let_counters_tick_after_round_0():
    # ref: A16 — overridable
    s = session(campaign(fighter("x", conditions=(FPCondition("Shaken", 1),)), fighter("y", "b")))
    run(s, "option tick_after_round0 yes", "setup", "unaware Y", "start")
    lines = run(s, "next")
    assert "X is no longer Shaken." in lines


def test_awareness_is_the_gms_call_after_perception_against_stealth():
    # ref: R27 — Passive Perception against Stealth; the GM records who is unaware
    s = session(campaign(fighter("x", stealth=18), fighter("y", "b", perception=12)))
    run(s, "setup")
    assert actor(s, "x").stealth > actor(s, "y").perception
    lines = run(s, "unaware Y", "aware Y")
    assert lines == ["Y is unaware of their opponents.", "Y is aware of their opponents."]
    assert fight(s).unaware == ()


def test_flat_footed_ac_helper_drops_dex():
    # ref: R26 — flat-footed: no DEX bonus to AC
    who = fighter("x", dex=16)
    assert stats.armor_class(who, flat_footed=True) == stats.armor_class(who) - 3


def test_a_hidden_attacker_finds_its_target_flat_footed():
    # ref: A19 — Hidden keeps giving flat-footed treatment toward enemies who have not spotted it
    s = fighting(campaign(fighter("x", dex=14, conditions=(FPCondition("Hidden"),)), fighter("y", "b", dex=16)))
    s.dice.force([10, 1])
    assert "vs flat-footed AC 10" in run(s, "attack X Y")[0]
    run(s, "chip X -Hidden")
    s.dice.force([10, 1])
    assert "vs AC 13" in run(s, "attack X Y")[0]
