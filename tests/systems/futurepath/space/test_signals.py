"""The Sensor and Science Officers' signal work (notes §2.12; the wiki's Scan, Crypto, Jam and
Comms Officer pages): the deep scan, Crypto, Jam's sensor and missile actions, Sensor Spoofing's
decoys against guided missiles."""

from __future__ import annotations

from attrs import evolve

from combat_tui.core.text import parse
from combat_tui.systems.futurepath.space import events as ev
from combat_tui.systems.futurepath.space.model import Bay
from combat_tui.systems.futurepath.space.verbs import format_command
from tests.lines import refused
from tests.systems.futurepath.space.helpers import do, event, run, session, ship, status, to_phase, two


def _rounds(s, count: int) -> None:
    for _ in range(count):
        to_phase(s, "response")
        run(s, "space next")
    to_phase(s, "action")


def test_a_deep_scan_takes_three_rounds_the_target_knows_and_it_tells_everything():
    # ref: notes §2.12 — 'A "deep" scan takes 3 turns and the target notices it; in combat its DC
    # is 10 + target Shields mod'; the Scan page: "it provides all possible information about a ship"
    s = two(b={"shields": 14})
    to_phase(s, "action")
    first = do(s, "space scan a b deep", 6, 6)
    assert first.lines == ("A's Sensor Officer deep-scans B: 2d10 6, 6 = 12 vs DC 12, success: 1 of 3 rounds; B knows it "
                           "is being scanned, and from where.",)  # fmt: skip
    assert "a" in status(s, "b").found  # "stealth is normally impossible"
    _rounds(s, 1)
    assert not event(do(s, "space scan a b deep", 1, 2), ev.Rolled).success
    _rounds(s, 1)
    do(s, "space scan a b deep", 7, 6)
    _rounds(s, 1)
    done = event(do(s, "space scan a b deep", 8, 6), ev.Rolled).result
    assert done.startswith("complete: B: Battle Damage 0 of 3; Medium military") and "Shi 14 (+2)" in done
    assert "crew: Captain B Captain" in done
    _rounds(s, 1)
    assert refused(s, "space scan a b deep") == "A has deep-scanned B already."


def test_a_deep_scan_is_of_one_ship_and_not_while_running_silent():
    s = two()
    run(s, "space silent a")
    to_phase(s, "action")
    assert refused(s, "space scan a b deep") == "A is running silent: no scans."


def test_crypto_reads_an_unencrypted_ships_orders_without_a_roll():
    # ref: the Combat page — the Science Officer "operates Clocking or Crypto functions"; the
    # Crypto page: "Communications can also be intercepted; this can be done without this module"
    s = two()
    do(s, "space command b helm", 6, 5)
    assert run(s, "space crypto a b") == [
        "A's Science Officer reads the communications of B: not encrypted: B's Captain ordered: the Helm Officer +1."]


def test_crypto_deciphers_only_a_lesser_crypto_machine():
    # ref: the Crypto page — "If the intercepted communications are encrypted, this function can
    # attempt to decipher them"; "it becomes impossible to decrypt ... unless the enemy ship also
    # has a Crypto bay at a higher masterwork level"
    s = two(more=())
    b_crypto = evolve(ship("b", "b"), bays=(Bay("Crypto"),))
    s = session(ship("a"), b_crypto)
    run(s, "space start")
    assert "only a better one deciphers them" in refused(s, "space crypto a b")
    s = session(evolve(ship("a"), bays=(Bay("Crypto 1"),)), b_crypto)
    run(s, "space start")
    do(s, "space command b weapons", 9, 9)
    entry = do(s, "space crypto a b", 6, 5)  # DC 10 + Electronics 0 + the machine's 1
    assert entry.lines == ("A's Science Officer reads the communications of B: 2d10 6, 5 = 11 vs DC 11, success: "
                           "deciphered: B's Captain ordered: the Weapons Officer 3 reroll(s).",)  # fmt: skip
    to_phase(s, "action")
    assert "Sensor Officer" in do(s, "space crypto a sensors b", 6, 5).lines[0]  # "can also do this action"


def test_a_crypto_machine_raises_a_hackers_gather_information_dc():
    # ref: the Crypto page — "the Hacker DC for Gather Information increases by 1, and +1 for every
    # Classification level of the Crypto Bay"
    s = session(ship("a"), evolve(ship("b", "b"), bays=(Bay("Crypto 2"),)))
    run(s, "space start")
    do(s, "space hack a b access", 6, 6)
    to_phase(s, "response")
    run(s, "space next")  # round 2's Support Phase
    assert event(do(s, "space hack a b info", 9, 9), ev.Rolled).dc == 10 + 1 + 3  # a round inside, the machine


def test_jamming_the_sensors_fails_a_scan_that_does_not_beat_it():
    # ref: the Jam page — "Jam Opponent Sensor Array ... This is an opposing roll against the
    # enemy's Scan roll. If successful, the scan fails. This doesn't stop the ship from being
    # detected if the enemy ship's Passive Sensors are better"
    s = two()
    to_phase(s, "action")
    assert do(s, "space jam b a sensors", 6, 6).lines == (
        "B's Sensor Officer jams the sensors of A: 2d10 6, 6 = 12, success: A's scans this round fail unless above 12 "
        "(its Passive Sensors still see).",)  # fmt: skip
    scan = event(do(s, "space scan a b", 6, 6), ev.Rolled)
    assert not scan.success and scan.result == "an enemy Jam of 12 meets or beats it, so the scan fails"
    assert status(s, "a").scans == ()
    assert event(do(s, "space fire a b", 1, 1, 1, 1), ev.FireRolled)  # still seen: it can fire, without the scan bonus
    s = two()
    to_phase(s, "action")
    do(s, "space jam b a sensors", 6, 6)
    assert event(do(s, "space scan a b", 7, 6), ev.Rolled).success


def test_a_sensor_jam_comes_before_the_scan():
    s = two()
    to_phase(s, "action")
    do(s, "space scan a b", 6, 6)
    assert refused(s, "space jam b a sensors") == "A's Sensor Officer has scanned already this round: a Jam must come first."


def test_jamming_missile_launchers_meets_the_missiles_like_point_defence():
    # ref: the Jam page — "Jam Missile Launcher: Specify a target to attempt to disrupt missile
    # launch systems and guided missiles. This acts similarly to point defense and provides 1d10
    # per Missile launched at the ship, up to 3"
    s = two(b={"weapon": "rocket"})
    to_phase(s, "action")
    assert run(s, "space jam a b missiles") == [
        "A's Sensor Officer jams the missile launchers of B: 1d10 a missile (up to 3) meets B's missiles at A this round."]
    fire = event(do(s, "space fire b a", 9, 2, 2, 8, 5, 5, 5), ev.FireRolled)  # the jam's 3 d10, then 4 rockets
    assert [d.kind for d in fire.dice] == ["shot down", "hard point", "hard point", "hard point"]
    assert fire.successes == 3 and "jamming 9 2 2" in fire.reasons


def test_sensor_spoofing_with_decoys_gives_guided_missiles_a_50_percent_chance_to_miss():
    # ref: notes §2.12 — Sensor Spoofing "(DC 10 + target Sensors mod → enemy scans and targeting
    # at disadvantage for 1 round, or a 50 % miss chance for guided missiles)"
    s = two(b={"weapon": "rocket"})
    to_phase(s, "action")
    assert do(s, "space spoof a b decoys", 6, 5).lines == (
        "A's Sensor Officer launches chaff decoys against B: 2d10 6, 5 = 11 vs DC 10, success: in round 2 guided "
        "missiles fired at A have a 50 % chance to miss.",)  # fmt: skip
    _rounds(s, 1)
    entry = do(s, "space fire b a", 9, 9, 9, 9, 10, 60, 1, 70)  # a d% for each missile that hit
    fire = event(entry, ev.FireRolled)
    assert [d.kind for d in fire.dice] == ["decoyed", "hard point", "decoyed", "hard point"]
    assert fire.successes == 2 and fire.result == "no Battle Damage"
    assert "decoys d% 10 60 1 70 (50 or less misses)" in entry.lines[0]


def test_decoys_leave_other_weapons_alone():
    s = two()
    to_phase(s, "action")
    do(s, "space spoof a b decoys", 6, 5)
    _rounds(s, 1)
    assert event(do(s, "space fire b a", 9, 9, 9, 9, 3, 4), ev.FireRolled).successes == 4  # kinetic: no d% rolled


def test_the_text_forms_read_back():
    s = two()
    for line in ("space scan a b deep", "space scan a b deep adv", "space crypto a b", "space crypto a sensors b dis",
                 "space jam a b sensors", "space jam a b missiles adv", "space jam a b", "space spoof a b decoys"):
        assert format_command(parse(line, s.state).command, lambda ref: ref) == line
