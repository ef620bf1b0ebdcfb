"""Battle Damage Chart side effects that act on the crew (notes §2.11): Rocked ship's critical
failure throws a crew member from the console, Plasma containment failure burns the Engineer
working on it each turn, and with Life support damaged moving between stations needs Acrobatics
DC 15. Forced dice throughout."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.core.session import Session
from combat_tui.library.space_bears import space_bears
from combat_tui.systems.futurepath.space import events as ev
from tests.systems.futurepath.space.helpers import do, event, run, space, status, to_phase, two
from tests.systems.futurepath.space.test_battle_damage import hit


def rocked(first_d20: int = 1) -> tuple[Session, list[str]]:
    """B takes a Rocked ship (chart 5) with no successes beyond the need (DC 15); its side effect
    arms at the end of Round 1's Response Phase: the Captain rolls `first_d20` (then a d6 on a
    1), the six others 20."""
    s = two(a={"weapons": 14})
    to_phase(s, "action")
    do(s, "space fire a b", 4, 4, 4, 4, 1, 1, 1, 4)
    to_phase(s, "response")
    faces = [first_d20, 4] if first_d20 == 1 else [first_d20]
    lines = run(s, "dice " + " ".join(map(str, [*faces, 20, 20, 20, 20, 20, 20])), "space next")
    return s, lines


def test_chart_5_rocked_ship_a_critical_failure_throws_the_crew_member_from_the_console():
    # ref: §2.11 chart 5 Rocked ship — on a critical failure the crew member is thrown from the
    # console, takes 1d6 and loses a turn returning
    s, lines = rocked(1)
    assert ("B's Captain is Thrown (rocked ship, a critical failure: 1d6 4 damage, returning to the console in "
            "round 2).") in lines  # fmt: skip
    assert [(c.position, c.name) for c in status(s, "b").conditions] == [("captain", "Shaken"), ("captain", "Thrown")]
    assert space(s).round == 2 and space(s).phase == "support"
    with pytest.raises(CommandRejected, match="thrown from the console and spends this round returning"):
        do(s, "space command b helm")
    to_phase(s, "response")
    lines = run(s, "space next")
    assert "B's Captain is no longer Thrown." in lines and status(s, "b").conditions == ()
    do(s, "space command b helm", 5, 5)  # round 3: back at the console
    assert status(s, "b").acted == ("captain",)


def test_chart_5_rocked_ship_a_plain_failure_only_shakes():
    # ref: §2.11 chart 5 Rocked ship — a failed save that is not a 1 is Shaken for 1 round only
    s, lines = rocked(2)
    assert [(c.position, c.name) for c in status(s, "b").conditions] == [("captain", "Shaken")]
    assert not any("Thrown" in line for line in lines)


def test_chart_5_a_thrown_character_takes_the_d6_from_their_hit_points():
    # ref: §2.11 chart 5 Rocked ship — the 1d6 comes off a character's HP
    s = Session(space_bears())
    run(s, "space start", "space next", "space damage Bearclaw 5")
    to_phase(s, "response")
    hp = s.state.futurepath.actor("art").hp
    run(s, "dice 1 5 20 20 20 20 20 20", "space next")  # Art, the Captain, rolls the 1 (seven crew)
    assert s.state.futurepath.actor("art").hp == hp - 5


def plasma(**kwargs) -> Session:
    """B takes a Plasma containment failure (chart 2) in Round 1's Action Phase."""
    s, _ = hit(2, **kwargs)
    return s


def test_chart_2_plasma_burns_the_engineer_who_works_on_it_while_it_is_in_force():
    # ref: §2.11 chart 2 Plasma containment failure — X hit dice (1 + level / 4) per turn while
    # working on it, DEX save DC 15 for half; not before the side effect takes hold (R107)
    s = plasma()
    to_phase(s, "response")
    entry = do(s, "space repair b 1", 5, 5)  # dealt this round: the side effect is not in force yet
    assert not any(isinstance(e, ev.CrewHurt) for e in entry.events)
    run(s, "space next")
    to_phase(s, "response")
    entry = do(s, "space repair b 1", 5, 5, 5, 10)
    hurt = event(entry, ev.CrewHurt)
    assert (hurt.position, hurt.faces, hurt.saved, hurt.amount) == ("engineer", (5,), False, 5)
    assert ("B's Chief Engineer takes 5 damage from the plasma containment failure (1d6 5; DEX save 10+0 vs DC 15: "
            "failed).") in entry.lines  # fmt: skip


def test_chart_2_a_dex_save_halves_the_plasma_burn():
    # ref: §2.11 chart 2 Plasma containment failure — DEX save DC 15 for half (rounded down)
    s = plasma()
    to_phase(s, "response")
    run(s, "space next")
    to_phase(s, "response")
    entry = do(s, "space repair b 1", 1, 2, 5, 15)  # a failed repair burns too: the work was done
    assert event(entry, ev.CrewHurt).amount == 2


def test_chart_2_a_character_engineer_takes_x_hit_dice_by_level():
    # ref: §2.11 chart 2 — X = 1 + floor(level / 4): Katie (level 5) takes 2d6; DEX 8 (-1)
    s = Session(space_bears())
    run(s, "space crew Bearclaw engineer Katie", "space start", "space next", "space damage Bearclaw 2")
    to_phase(s, "response")
    run(s, "space next")
    to_phase(s, "response")
    hp = s.state.futurepath.actor("katie").hp
    entry = do(s, "space repair Bearclaw 1", 5, 5, 3, 4, 15)
    hurt = event(entry, ev.CrewHurt)
    assert (hurt.faces, hurt.dex, hurt.saved, hurt.amount) == ((3, 4), -1, False, 7)
    assert s.state.futurepath.actor("katie").hp == hp - 7


def gravity_out() -> Session:
    """B (no Science Officer) with Life support damaged (chart 4) in force from Round 2."""
    s, _ = hit(4, b={"positions": ("captain", "helm", "sensors", "weapons", "engineer", "medical")})
    to_phase(s, "response")
    run(s, "space next")
    assert space(s).round == 2
    return s


def test_chart_4_life_support_a_failed_acrobatics_check_leaves_the_crew_member_at_the_post():
    # ref: §2.11 chart 4 Life support damaged — gravity out: moving between stations needs
    # Acrobatics DC 15; failing, the crew member stays and the round is spent
    s = gravity_out()
    entry = do(s, "space move b engineer to science", 14)
    assert list(entry.lines) == ["B Engineer tries to move from Chief Engineer to Science Officer with the gravity out "
                                 "(Acrobatics d20 14 = 14 vs DC 15): stays at the Chief Engineer's post, and the round "
                                 "is spent."]  # fmt: skip
    who = s.state.futurepath.ships[1]
    assert who.post("engineer").name == "B Engineer" and who.post("science") is None
    assert status(s, "b").acted == ("engineer",)


def test_chart_4_life_support_a_move_that_makes_dc_15_goes_as_usual():
    # ref: §2.11 chart 4 — a success moves as without gravity: it takes the round unless rushed
    s = gravity_out()
    entry = do(s, "space move b engineer to science", 15)
    assert "(Acrobatics d20 15 = 15 vs DC 15): it takes the round" in entry.lines[0]
    assert s.state.futurepath.ships[1].post("science").name == "B Engineer"
    s = gravity_out()
    entry = do(s, "space move b engineer to science rush", 15)
    assert "vs DC 15): now B's Science Officer." in entry.lines[0]
    assert status(s, "b").acted == ("engineer",)


def test_chart_4_without_the_side_effect_a_move_needs_no_roll():
    # ref: §2.12 Change Position — no roll unless rushed (DC 10) while life support works
    s = two(b={"positions": ("captain", "helm", "sensors", "weapons", "engineer", "medical")})
    entry = do(s, "space move b engineer to science")
    assert "Acrobatics" not in entry.lines[0]
