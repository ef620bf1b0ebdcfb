"""The Action phase: slots (R34-R42, R56-R59, A32) and the resolution queue (R60-R64, A29-A31)."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.systems.futurepath.model import FPCondition
from combat_tui.systems.futurepath.phases import queue
from combat_tui.systems.futurepath.tables import tables
from tests.systems.futurepath.helpers import KNIFE, PISTOL, campaign, fight, fighter, run, session


def acting(*extra, **kw):
    """A, B and B1 all in Team A's Vanguard (the GM's choice, R14), whose turn is on."""
    s = session(campaign(fighter("a", dex=16, weapons=(PISTOL, KNIFE), **kw), fighter("b", dex=14),
                         fighter("b1", dex=14), *extra, fighter("y", "b")))  # fmt: skip
    run(s, "setup", "group B vanguard", "group B1 vanguard", "start", "next")
    return s


def order(s):
    f = fight(s)
    return [(f.declarations[i].actor, f.declarations[i].name) for i in queue(s.state.futurepath, f)]


def test_four_action_types():
    # ref: R34 — Free, Simple, Standard, Bonus
    assert {a.slot for a in tables().actions} == {"free", "simple", "standard", "bonus"}


def test_free_actions_have_no_count_but_do_not_repeat_a_change():
    # ref: R35, A32 — speak and drop an object and drop prone, but not drop prone twice
    s = acting()
    run(s, "declare A speak", "declare A drop", "declare A 'drop prone'")
    with pytest.raises(CommandRejected, match="already did 'drop prone'"):
        run(s, "declare A 'drop prone'")


def test_a_prone_combatant_cannot_drop_prone():
    # ref: R35 — "if they go prone, they cannot go prone again"
    s = acting(conditions=(FPCondition("Prone"),))
    with pytest.raises(CommandRejected, match="already prone"):
        run(s, "declare A 'drop prone'")


def test_one_simple_action_before_or_after_the_standard():
    # ref: R36 — 1 Simple action per Action phase, before or after the Standard action
    s = acting()
    run(s, "declare A '5-ft step'")
    with pytest.raises(CommandRejected, match="already has a Simple action"):
        run(s, "declare A 'draw weapon'")
    run(s, "declare A reload")
    assert fight(s).declarations[0].before_standard
    t = acting()
    run(t, "declare A reload", "declare A '5-ft step'")
    assert not fight(t).declarations[1].before_standard


def test_one_standard_action_of_move_attack_technique_or_item():
    # ref: R37
    s = acting()
    run(s, "declare A attack on Y with Pistol")
    with pytest.raises(CommandRejected, match="already has a Standard action"):
        run(s, "declare A technique Trip on Y")


def test_a_simple_action_first_rules_out_the_bonus_action():
    # ref: R38
    s = acting()
    run(s, "declare A 'draw weapon'", "declare A move")
    with pytest.raises(CommandRejected, match="rules out the Bonus action"):
        run(s, "declare A bonus-move")


def test_a_bonus_action_rules_out_a_later_simple_action():
    # ref: R38
    s = acting()
    run(s, "declare A move", "declare A sprint")
    with pytest.raises(CommandRejected, match="no Simple action after it"):
        run(s, "declare A '5-ft step'")


def test_a_bonus_action_needs_a_standard_first():
    # ref: R38 — the Bonus action takes the Simple slot after the Standard action
    s = acting()
    with pytest.raises(CommandRejected, match="has none yet"):
        run(s, "declare A bonus-attack")


def test_a_standard_move_grants_a_bonus_move():
    # ref: R39, A28 — a Bonus Move at the same speed (Sprint)
    s = acting()
    run(s, "declare A run", "declare A 'bonus move'")
    assert [d.slot for d in fight(s).declarations] == ["standard", "bonus"]


def test_a_standard_attack_grants_a_bonus_attack_not_a_bonus_move():
    # ref: R40, R53
    s = acting()
    run(s, "declare A attack on Y with Pistol")
    with pytest.raises(CommandRejected, match="grants a Bonus Attack"):
        run(s, "declare A bonus-move")
    run(s, "declare A 'off-hand attack' on Y with Knife")


def test_techniques_grant_no_bonus_action():
    # ref: R41
    s = acting()
    run(s, "declare A technique Trip on Y")
    with pytest.raises(CommandRejected, match="grants no Bonus action"):
        run(s, "declare A bonus-attack")


def test_an_exhausted_combatant_takes_no_bonus_action():
    # ref: notes §2.5 — Exhausted: no bonus actions
    s = acting(conditions=(FPCondition("Exhausted"),))
    run(s, "declare A move")
    with pytest.raises(CommandRejected, match="Exhausted"):
        run(s, "declare A sprint")


@pytest.mark.parametrize(
    ("name", "slot", "category"),
    [
        ("drop an object", "free", ""), ("speak", "free", ""), ("drop prone", "free", ""),
        ("5-ft step", "simple", ""), ("draw weapon", "simple", ""), ("pick up an item", "simple", ""),
        ("get quick-access item", "simple", ""), ("open unlocked door", "simple", ""),
        ("move", "standard", "move"), ("climb", "standard", "move"), ("reload", "standard", "move"),
        ("switch weapons", "standard", "move"), ("draw from a pack", "standard", "move"),
        ("attack", "standard", "attack"), ("attack with item", "standard", "attack"),
        ("technique", "standard", "technique"), ("use item", "standard", "item"), ("use a skill", "standard", "item"),
        ("treat injury", "standard", "item"), ("bonus move", "bonus", "move"), ("bonus attack", "bonus", "attack"),
    ],
)  # fmt: skip
def test_the_action_menu(name, slot, category):
    # ref: R42 — the example action menu
    # ref: R56 — quick access Simple, a pack Standard Move
    # ref: R57 — reload is a Standard Move
    # ref: R58 — Treat Injury is a Standard Use Item action
    # ref: R59 — draw from a holster Simple, from a bag Standard Move
    rule = tables().action(name)
    assert (rule.slot, rule.category) == (slot, category)


def test_disarming_in_combat_takes_the_simple_and_the_standard():
    # ref: R89 — a Simple and a Standard action together
    s = acting()
    run(s, "declare A disarm")
    with pytest.raises(CommandRejected, match="already has a Simple action"):
        run(s, "declare A '5-ft step'")


def test_only_the_acting_group_declares():
    # ref: R16 — it is the group's turn
    s = acting()
    with pytest.raises(CommandRejected, match="not in the acting group"):
        run(s, "declare Y move")


def test_no_roll_actions_resolve_first():
    # ref: R60, A29 — an action no roll decides resolves before any rolled one
    s = acting()
    run(s, "declare A attack on Y with Pistol", "declare B 'use item' Stimpack")
    assert order(s) == [("b", "Stimpack"), ("a", "attack")]


def test_simple_before_the_standard_goes_first_and_after_it_goes_last():
    # ref: R61 — (both rolled, so R60 does not decide)
    s = acting()
    run(s, "declare A 'draw weapon' roll", "declare A attack on Y with Pistol", "declare B attack on Y",
        "declare B '5-ft step' roll")  # fmt: skip
    assert order(s) == [("a", "draw weapon"), ("a", "attack"), ("b", "attack"), ("b", "5-ft step")]


def test_standard_actions_resolve_move_attack_technique_use_item():
    # ref: R62, A31
    s = acting()
    run(s, "declare A 'use a skill' Hide", "declare B technique Shock on Y", "declare B1 attack on Y roll")
    assert order(s) == [("b1", "attack"), ("b", "Shock"), ("a", "Hide")]


def test_a_grenade_resolves_in_the_use_item_slot():
    # ref: R62 — a thrown grenade is an Attack that resolves as Use Item
    s = acting()
    run(s, "declare A grenade on Y", "declare B 'use a skill' Hide", "declare B1 technique Trip on Y")
    assert order(s) == [("b1", "Trip"), ("a", "grenade"), ("b", "Hide")]


def test_the_gm_can_resolve_techniques_last():
    # ref: A31 — the Techniques page's "resolved last": option technique_before_item no
    s = acting()
    run(s, "option technique_before_item no", "declare A 'use a skill' Hide", "declare B technique Shock on Y")
    assert order(s) == [("a", "Hide"), ("b", "Shock")]


def test_post_standard_bonus_actions_come_after_every_standard():
    # ref: A30 — all Standards first, then post-Standard Simple/Bonus in category order
    s = acting()
    run(s, "declare A attack on Y", "declare A bonus-attack on Y", "declare B technique Trip on Y")
    assert order(s) == [("a", "attack"), ("b", "Trip"), ("a", "bonus attack")]
    run(s, "option bonus_after_standards no")
    assert order(s) == [("a", "attack"), ("a", "bonus attack"), ("b", "Trip")]


def test_remaining_ties_go_by_personal_initiative():
    # ref: R63 — A has the higher Initiative
    s = acting()
    run(s, "declare B attack on Y", "declare A attack on Y")
    assert order(s) == [("a", "attack"), ("b", "attack")]


def test_no_one_rolls_before_everyone_commits():
    # ref: R64 — rolled actions wait for every no-roll action and for the commit
    s = acting()
    run(s, "declare A attack on Y", "declare B move")
    with pytest.raises(CommandRejected, match="resolves first"):
        run(s, "resolve A")
    run(s, "resolve")
    with pytest.raises(CommandRejected, match="committed"):
        run(s, "resolve")
    lines = run(s, "commit", "resolve A missed")
    assert lines == ["Everyone has committed. Resolution order: 1. A: attack.", "A's attack is resolved: missed."]


def test_after_the_commit_only_bonus_actions_can_be_declared():
    s = acting()
    run(s, "declare A attack on Y", "commit")
    with pytest.raises(CommandRejected, match="committed"):
        run(s, "declare B move")
    run(s, "declare A bonus-attack on Y")


def test_a_declaration_can_be_taken_back_before_the_commit():
    s = acting()
    run(s, "declare A attack on Y")
    assert run(s, "withdraw A") == ["A takes back attack."]
    run(s, "declare A technique Trip on Y")


def test_unresolved_actions_are_noted_when_the_turn_ends():
    s = acting()
    run(s, "declare A move")
    assert run(s, "next")[0] == "Note: A did not resolve move."


def test_declarations_are_made_in_the_action_phase_only():
    s = session(campaign(fighter("a"), fighter("y", "b")))
    run(s, "setup", "start")
    with pytest.raises(CommandRejected, match="Action phase"):
        run(s, "declare A move")


def test_show_round_lists_the_acting_group_and_the_queue():
    # ref: R60, R64 — the order everyone can see before rolling
    s = acting()
    run(s, "declare A attack on Y", "declare B move", "commit")
    assert run(s, "show round") == [
        "Round 1, Action phase.", "Team A Vanguard acts: A, B, B1 (committed).", "1. B: move", "2. A: attack (rolls)",
    ]
