"""What the screens show of traps (trap_view.py): the form's fields and the `trap` pairs it gives,
one line per trap in the area, and how a command names a trap."""

from __future__ import annotations

from combat_tui.systems.futurepath.trap_fields import LABELS
from combat_tui.systems.futurepath.trap_view import TRAP_FIELDS, area_lines, trap_line, trap_pairs, trap_ref, trap_texts
from tests.lines import played
from tests.systems.futurepath.helpers import campaign, fighter

LABELS_OF = {"ann": "Ann", "bob": "Bob"}
TEAMS = {"a": "Team A", "b": "Team B"}


def _state():
    return campaign(fighter("ann", "a", perception=12), fighter("bob", "b", perception=8))


def test_the_form_has_every_field_the_trap_line_reads():
    # ref: Combat page, "Traps/Mines": detonator, Trap Level, damage or conditions, the DCs
    assert [spec.key for spec in TRAP_FIELDS] == ["name", *LABELS]
    kinds = {spec.key: spec.kind for spec in TRAP_FIELDS}
    assert kinds["cloaked"] == kinds["chasing"] == "yesno" and kinds["level"] == kinds["disarm"] == "number"


def test_a_new_trap_starts_at_the_pages_defaults_and_gives_only_what_differs():
    # ref: Combat page, "Traps/Mines": "Simple mechanical traps might be DC 10"; "Disarm DC: The
    # default DC is 10"
    texts = trap_texts()
    assert (texts["trigger"], texts["level"], texts["dc"], texts["disarm"], texts["cloaked"]) == ("contact", "1", "10", "10", "no")
    assert trap_pairs(texts) == ()
    texts.update(name="Mine", damage="2d6", type="thermal", cloaked="yes", dc=" 10 ", trigger="Contact")
    assert trap_pairs(texts) == (("damage", "2d6"), ("type", "thermal"), ("cloaked", "yes"))


def test_a_trap_line_says_its_dcs_what_it_does_who_armed_it_and_who_found_it():
    # ref: Combat page, "Traps/Mines": "Clocked-Mines (+5 DC)"; "Reflex Save ... The DC is 10 + Trap
    # Level"; "The result of the character's skill check ... determines the DC for enemies to detect"
    s = played(_state(), "trap Mine damage=2d6 type=thermal cloaked=yes level=2", "spot Ann Mine")
    fp = s.state.futurepath
    line = trap_line(fp.traps[0], LABELS_OF, TEAMS)
    assert line == "Mine: contact · DC 15 to detect · save DC 12 · 2d6 thermal · 5 ft · armed · not found"
    s = played(_state(), "trap Mine", "spot Ann Mine", "dice 10", "placetrap Bob Mine")
    assert trap_line(s.state.futurepath.traps[0], LABELS_OF, TEAMS).endswith("DC 10 to detect · save DC 11 · "
                                                                            "no effect given · 5 ft · armed by Team B · not found")  # fmt: skip
    s = played(_state(), "trap Mine", "spot Ann Mine")
    assert trap_line(s.state.futurepath.traps[0], LABELS_OF, TEAMS).endswith("armed · found by Ann")


def test_the_area_lists_armed_traps_and_counts_the_spent_ones():
    # ref: Combat page, "Traps/Mines": a trap that went off or was disarmed is no longer a hazard
    s = played(_state(), "trap Mine damage=1d6", "trap Wire trigger=tripwire", "dice 3 1 1", "trigger Mine on Ann")
    fp = s.state.futurepath
    assert area_lines(fp, LABELS_OF, TEAMS) == (trap_line(fp.traps[1], LABELS_OF, TEAMS), "1 gone off or disarmed")
    assert area_lines(played(_state()).state.futurepath, LABELS_OF, TEAMS) == ()


def test_a_trap_is_named_by_its_name_or_by_its_id_when_two_share_a_name():
    s = played(_state(), "trap Mine", "trap Mine")
    fp = s.state.futurepath
    assert [trap_ref(fp, t) for t in fp.traps] == ["Mine", fp.traps[1].id]
    assert fp.traps[1].id != "Mine"
