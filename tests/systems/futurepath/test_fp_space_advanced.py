"""The advanced space functions (notes §2.12): Cloak, Sensor Spoofing, Jam; and a ship that ship
setup starts running silent (§2.13)."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.core.text import parse
from combat_tui.systems.futurepath.space import commands as sc
from combat_tui.systems.futurepath.space import events as ev
from combat_tui.systems.futurepath.space.detect import detected
from combat_tui.systems.futurepath.space.stats import detection_dc
from combat_tui.systems.futurepath.space.verbs import format_command
from tests.systems.futurepath.space.helpers import do, event, run, session, ship, space, status, to_phase


def _fight(a_fields: dict | None = None, b_fields: dict | None = None, **a_attributes):
    a = evolve(ship("a", **a_attributes), **(a_fields or {}))
    b = evolve(ship("b", "b"), **(b_fields or {}))
    s = session(a, b)
    run(s, "space start")
    return s


def _dc(s, ref: str) -> int:
    who = next(x for x in s.state.futurepath.ships if x.id == ref)
    return detection_dc(who, status(s, ref), space(s).round)


def _next_round(s) -> None:
    for _ in range(3):
        run(s, "space next")


def test_cloak_takes_the_round_then_raises_the_detection_dc():
    # ref: Space Combat — "The Science Officer performs hacking actions and operates Clocking or
    # Crypto functions"; the Cloak page: a Wave Disrupting Emitter "has to be activated, takes one
    # round", Detection DC bonus "2 + Electronics Mod"
    s = _fight({"cloak": "emitter"}, electronics=14)
    assert _dc(s, "a") == 9
    assert run(s, "space cloak A") == [
        "A's Science Officer activates the cloak: it takes the round; from round 2 its Detection DC is +4."]
    assert _dc(s, "a") == 9 and detected(s.state, space(s), "a", "b")
    _next_round(s)
    assert _dc(s, "a") == 13
    # the enemy's Passive Sensors (10) no longer see it: it can be fired on only after a scan (R116)
    assert not detected(s.state, space(s), "a", "b")
    assert run(s, "space cloak A off") == ["A's Science Officer switches the cloak off: its Detection DC is back to normal."]
    assert _dc(s, "a") == 9


def test_an_emitter_adds_three_with_the_shields_down_and_a_hybrid_needs_them_down():
    # ref: Cloak — emitter: "If shields are disabled as well, then add +3"; hybrid: "Requires that
    # shields be disabled", "4 + Electronics Mod", a tech 3 ship or higher
    s = _fight({"cloak": "emitter"}, electronics=14)
    run(s, "space silent A")
    run(s, "space cloak A")
    _next_round(s)
    assert _dc(s, "a") == 9 + 2 + 4 + 3  # silent: + Electronics mod; the cloak 2 + 2, shields down +3
    h = _fight({"cloak": "hybrid", "tech_level": 3}, electronics=12)
    with pytest.raises(CommandRejected, match="hybrid cloak needs its shields down"):
        do(h, "space cloak A")
    run(h, "space silent A")
    run(h, "space cloak A")
    _next_round(h)
    assert _dc(h, "a") == 9 + 1 + 5


def test_cloak_refusals_and_the_passive_absorbent_cloak():
    # ref: Cloak — "Frequency Absorbent Material: Is passive and doesn't need to be activated",
    # +1; "Cloaking cannot be installed on any ship smaller than Small"
    s = _fight({"cloak": "absorbent"})
    assert _dc(s, "a") == 10
    with pytest.raises(CommandRejected, match="passive"):
        do(s, "space cloak A")
    with pytest.raises(CommandRejected, match="no cloaking device"):
        do(s, "space cloak B")
    with pytest.raises(CommandRejected, match="Tiny ship cannot carry a cloak"):
        run(s, "space add Gnat side=a size=tiny cloak=emitter")
    e = _fight({"cloak": "emitter"})
    with pytest.raises(CommandRejected, match="only when held for the Action Phase"):
        do(e, "space cloak A engineer")
    to_phase(e, "action")
    run(e, "space hold A engineer")
    assert "from round 2" in run(e, "space cloak A engineer")[0]


def test_sensor_spoofing_gives_enemy_scans_a_disadvantage_for_a_round():
    # ref: Space Combat — the Sensor Officer "normally operates scanners"; the Comms Officer page:
    # Sensor Spoofing "(DC 10 + Target Sensors Mod). On a success, all scanning and targeting
    # checks against your ship take a disadvantage for 1 round"
    s = _fight()
    to_phase(s, "action")
    entry = do(s, "space spoof A B", 6, 5)
    assert entry.lines == (("A's Sensor Officer spoofs the sensors of B: 2d10 6, 5 = 11 vs DC 10, success: "
                            "in round 2 enemy scans and targeting against A take a disadvantage."),)  # fmt: skip
    _next_round(s)
    to_phase(s, "action")
    scan = event(do(s, "space scan B A", 9, 8, 2), ev.Rolled)
    assert scan.roll.net == -1 and scan.roll.total == 8 and not scan.success  # keep 8, 2; -2
    with pytest.raises(CommandRejected, match="running silent"):
        s2 = _fight()
        run(s2, "space silent A")
        to_phase(s2, "action")
        do(s2, "space spoof A B")


def test_jam_makes_an_exposed_hacker_forfeit_a_turn():
    # ref: Space Combat — the Sensor Officer helps with "Hacking or Counter hacking, Cryptology and
    # signal Jamming"; the Jam page: Disrupt Hacking "temporarily de-syncs a hacker ... causing
    # them to forfeit a turn. The DC is 7 + Target Ship's Sensor Mod + Target Ship's Electronics Mod"
    s = _fight()
    with pytest.raises(CommandRejected, match="knows of no hacker"):
        to_phase(s, "action")
        do(s, "space jam A B")
    s = _fight()
    do(s, "space hack B A access", 6, 6)
    to_phase(s, "action")
    do(s, "space hack B sensors A info", 1, 2)  # a failure inside alerts A's crew
    entry = do(s, "space jam A B", 4, 4)
    assert entry.lines == (("A's Sensor Officer jams the hacker of B: 2d10 4, 4 = 8 vs DC 7, success: "
                            "B's hacker loses its connection: no hacking of A in round 2."),)  # fmt: skip
    to_phase(s, "support")
    with pytest.raises(CommandRejected, match="forfeits this round"):
        do(s, "space hack B A info")
    to_phase(s, "action")
    to_phase(s, "support")
    assert "information gathered" in do(s, "space hack B A info", 9, 9).lines[0]


def test_the_text_forms_read_back():
    s = _fight({"cloak": "emitter"})
    for line in ("space cloak A", "space cloak A engineer off", "space spoof A B adv", "space jam A B"):
        command = parse(line, s.state).command
        assert format_command(command, lambda ref: ref.upper()) == line
    assert parse("space cloak A off", s.state).command == sc.Cloak("a", "science", False)


def test_ship_setup_starts_a_ship_running_silent():
    # ref: §2.13 silent running — "shields off ... no outgoing signals or scans"; ship setup's
    # `silent` field starts the ship that way
    s = session(ship("a"), ship("b", "b"))
    run(s, "space add Ghost side=b silent=yes crew.sensors=Ann")
    run(s, "space start")
    ghost = status(s, "ghost")
    assert ghost.silent and not status(s, "a").silent
    to_phase(s, "action")
    with pytest.raises(CommandRejected, match="running silent"):
        do(s, "space scan Ghost A")


def test_a_saved_ship_with_an_unknown_cloak_is_named_by_the_load_check():
    from combat_tui.systems.futurepath.space.check import check
    from tests.systems.futurepath.space.helpers import campaign

    bad = campaign(evolve(ship("a"), cloak="mirror"), ship("b", "b"))
    assert ("futurepath.ships[0].cloak", "'mirror' is not a cloak (absorbent, emitter, hybrid)") in check(bad)
