"""Adding, editing and removing ships (`space add`, `space edit`, `space remove`): hull, the Core
System Attributes, hard points within the hull's count, bays, crew posts; refusals that name the
field and change nothing, undo, the text forms and the journal (notes §2.8)."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.core.text import format_command, parse
from combat_tui.library.space_bears import space_bears
from combat_tui.storage.converter import command_from_data, command_to_data
from combat_tui.systems.futurepath.fields import FieldRejected
from combat_tui.systems.futurepath.space import commands as sc
from combat_tui.systems.futurepath.space.ships import ship_line
from tests.systems.futurepath.helpers import run, session

VULTURE = ("space add Vulture side=pirates size=small engines=14 shields=12 point1.weapon=laser point2.name=Railgun "
           "bay1.name=Brig crew.helm=Skar crew.helm.bonus=2 crew.captain=Art")  # fmt: skip


def ship(s, ref: str):
    return next(x for x in s.state.futurepath.ships if x.id == ref)


def test_add_makes_a_ship_with_its_hull_attributes_hard_points_bays_and_crew():
    s = session(space_bears())
    lines = run(s, VULTURE)
    vulture = ship(s, "vulture")
    assert (vulture.side, vulture.size, vulture.military, vulture.attributes.engines, vulture.attributes.shields) == \
        ("pirates", "small", True, 14, 12)  # fmt: skip
    assert [(p.name, p.weapon) for p in vulture.hard_points] == [("Laser 1", "laser"), ("Railgun", "kinetic")]
    assert [b.name for b in vulture.bays] == ["Brig"]
    assert [(p.position, p.actor, p.name, p.bonus) for p in vulture.crew] == [("captain", "art", "", 0), ("helm", "", "Skar", 2)]
    assert lines == ["Vulture is added to the ships of The Pirates: a small military hull, 2 hard points, 1 bay, crew of 2."]
    # ref: notes §2.8 — Tracking DC 11 (small) + Engines mod 2 + Shield mod 1; Reflectors 4 + 1
    assert ship_line(vulture) == "BD-DC 4,5 · Track 14 · BD max 2 · Init +2 · hard points 2/6 · bays 1/2"


def test_an_edit_is_one_command_one_undo():
    s = session(space_bears())
    start = s.state
    lines = run(s, "space edit Bearclaw engines=14 point5.weapon=plasma point1=none crew.captain=Ursa crew.medical=none")
    bearclaw = ship(s, "bearclaw")
    assert [p.weapon for p in bearclaw.hard_points] == ["laser", "kinetic", "kinetic", "plasma"]
    assert bearclaw.post("captain").name == "Ursa" and bearclaw.post("medical") is None
    assert lines == ["Bearclaw is edited: Engines 12 -> 14; hard point Laser 1 (laser) removed; new hard point: Plasma 5 (plasma); "
                     "Captain Art -> Ursa; Medical Officer Doc Kodiak -> (none)."]  # fmt: skip
    s.undo()
    assert s.state == start and not s.can_undo


@pytest.mark.parametrize(
    "line, field, reason",
    [
        # ref: notes §2.8 — a medium military hull has 6 hard points, a diminutive one 3
        ("space edit Bearclaw point5.weapon=laser point6.weapon=laser point7.weapon=laser", "point7",
         "Hard point 7: a medium military hull has 6 hard points, and this ship would have 7."),
        ("space edit Bearclaw size=diminutive", "size", "Hull: a diminutive military hull has 3 hard points"),
        ("space edit Bearclaw military=no point5.weapon=laser", "point5", "Hard point 5: a medium civilian hull has 4 hard points"),
        ("space edit Bearclaw bay3.name=Lab bay4.name=Gym", "bay4", "Bay 4: a medium military hull has 3 bays"),
        ("space edit Bearclaw point9.weapon=laser", "point9.weapon", "Hard point 9: there is no hard point 9."),
        ("space edit Bearclaw point1.weapon=phaser", "point1.weapon", "Hard point 1 weapon: 'phaser' is not a weapon type."),
        ("space edit Bearclaw side=Nobody", "side", "Side: no team is called 'Nobody'."),
        ("space edit Bearclaw size=enormous", "size", "Hull: 'enormous' is not a hull size."),
        ("space edit Bearclaw engines=0", "engines", "Engines: 0 is not from 1 to 30."),
        ("space edit Bearclaw tech=5", "tech", "Tech level: 5 is not from 1 to 4."),
        ("space edit Bearclaw crew.cook=Bob", "crew.cook", "crew.cook: 'cook' is not a crew position."),
        ("space edit Bearclaw crew.medical=none crew.medical.bonus=2", "crew.medical.bonus",
         "Medical Officer bonus: no one holds the post."),
        ("space edit Bearclaw crew.helm.bonus=x", "crew.helm.bonus", "Helm Officer bonus: 'x' is not a whole number."),
        ("space edit Bearclaw wings=2", "wings", "wings: Ships have no field 'wings'."),
        ("space add Vulture size=small", "side", "Side: a new ship needs a side."),
    ],
)  # fmt: skip
def test_a_bad_value_is_refused_with_its_field_and_changes_nothing(line, field, reason):
    s = session(space_bears())
    start = s.state
    with pytest.raises(FieldRejected) as refused:
        run(s, line)
    assert refused.value.field == field and refused.value.reason.startswith(reason), refused.value.reason
    assert s.state is start and not s.can_undo


def test_a_ship_in_the_running_fight_keeps_its_side_and_stays():
    s = session(space_bears())
    run(s, "space start")
    with pytest.raises(FieldRejected, match="Side: Bearclaw is in the running space fight"):
        run(s, "space edit Bearclaw side=pirates")
    with pytest.raises(CommandRejected, match="Bearclaw is in the running space fight"):
        run(s, "space remove Bearclaw")
    run(s, "space edit Bearclaw crew.helm.bonus=3")  # the GM's fix of a number is fine
    assert ship(s, "bearclaw").post("helm").bonus == 3


def test_remove_and_undo():
    s = session(space_bears())
    start = s.state
    assert run(s, "space remove 'Fighter 4'") == ["Fighter 4 is removed from the campaign's ships."]
    assert [x.id for x in s.state.futurepath.ships][-1] == "fighter-3"
    s.undo()
    assert s.state == start


def test_a_ship_never_takes_a_combatants_id():
    # labels are looked up by id across combatants and ships
    s = session(space_bears())
    run(s, "space add Art side=party")
    assert ship(s, "art-2").name == "Art"


@pytest.mark.parametrize(
    "command",
    [
        sc.AddShip("Vulture", (("side", "pirates"), ("size", "small"), ("point1.weapon", "laser"), ("crew.helm", "Skar"))),
        sc.AddShip("Big One", (("side", "The Pirates"), ("swarm", "Raiders"))),
        sc.EditShip("bearclaw", (("engines", "14"), ("point1", "none"), ("crew.captain", "Professor Grizzly"), ("bay3.external", "yes"))),
        sc.RemoveShip("marauder"),
    ],
)  # fmt: skip
def test_the_text_form_and_the_journal_give_the_command_back(command):
    state = space_bears()
    text = format_command(command, state)
    assert parse(text, state).command == command, text
    assert command_from_data(command_to_data(command), "futurepath") == command
