"""Adding, editing and removing FuturePath combatants (`add`, `edit`, `remove`): the fields the
rules read, one command per form, refusals that name the field and change nothing, undo, the
text forms and the journal."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.core.text import format_command, parse
from combat_tui.library.space_bears import space_bears
from combat_tui.storage.converter import command_from_data, command_to_data
from combat_tui.systems.futurepath import commands as fc
from combat_tui.systems.futurepath.fields import FieldRejected
from combat_tui.systems.futurepath.model import FPWeapon
from tests.systems.futurepath.helpers import actor, campaign, fighter, fighting, run, session

ZED = ('add Zed team=pirates hp=12 dex=14 wis=12 init=1 armor=2 path=Tracer level=5 weapon1.name="Laser Pistol" '
       "weapon1.damage=1d8+1 weapon1.type=thermal weapon1.ranged=yes weapon1.range=60 weapon1.crit=19-20/x3 weapon1.accuracy=1")  # fmt: skip


def test_add_makes_a_combatant_with_every_field_the_rules_read():
    # ref: notes §2.2, §2.3, §2.7 — AC parts, Initiative DEX + WIS + MISC, crit range and multiplier
    s = session(space_bears())
    lines = run(s, ZED)
    zed = actor(s, "zed")
    assert (zed.team, zed.max_hp, zed.hp, zed.abilities.dexterity, zed.initiative_misc, zed.ac.armor) == ("pirates", 12, 12, 14, 1, 2)
    weapon = zed.weapons[0]
    assert (weapon.name, weapon.damage, weapon.damage_type, weapon.crit_from, weapon.crit_multiplier) == ("Laser Pistol", "1d8+1", "thermal", 19, 3)
    assert (weapon.ranged, weapon.range_ft, weapon.accuracy, weapon.proficient) == (True, 60, 1, True)
    assert lines == ["Zed is added to The Pirates: HP 12, AC 14, Initiative +4, Laser Pistol 1d8+1."]
    # ref: notes §2.2 — Extra Damage from the Path table at level 5
    assert run(s, "show Zed") == ["Zed: HP 12/12, AC 14 (touch 12, flat-footed 12), Initiative 4, Advantage Die 1d4+2, "
                                  "Extra Damage 1, The Pirates"]  # fmt: skip


def test_a_second_one_of_a_name_gets_its_own_id_and_a_number():
    s = session(space_bears())
    run(s, "add 'Space Bear' team=bears hp=30", "add 'Space Bear' team='The Space Bears' hp=30")
    ids = [a.id for a in s.state.futurepath.actors]
    assert ids[-2:] == ["space-bear", "space-bear-2"]
    assert run(s, "show 'Space Bear 6'")[0].startswith("Space Bear 6: HP 30/30")


def test_an_edit_is_one_command_one_undo_and_the_rules_read_it():
    # ref: notes §2.3 — a widened crit range (18-20) and a higher multiplier
    s = session(space_bears())
    start = s.state
    lines = run(s, "edit Katie hp=30 armor=6 weapon1.crit=18-20 weapon1.multiplier=3 'path=Helix Warrior' level=11")
    katie = actor(s, "katie")
    assert (katie.max_hp, katie.hp, katie.ac.armor, katie.level, katie.weapons[0].crit_from, katie.weapons[0].crit_multiplier) == \
        (30, 30, 6, 11, 18, 3)  # fmt: skip
    assert lines == ["Katie is edited: HP 24 -> 30; HP now 24 -> 30; Level 5 -> 11; Armor 4 -> 6; "
                     "Helix Blade crit range 19-20 -> 18-20; Helix Blade multiplier 2 -> 3."]  # fmt: skip
    s.undo()
    assert s.state == start and not s.can_undo  # the whole edit was one step
    s.redo()
    assert actor(s, "katie").max_hp == 30


def test_an_edited_crit_range_makes_an_attack_critical():
    # ref: R52, notes §2.3 — a natural 18 in an 18-20 range is a Critical Success
    club = FPWeapon("Club", "1d6+1", "bludgeoning", proficient=False, levels_short=0)
    s = fighting(campaign(fighter("a", weapons=(club,)), fighter("t", "b", hp=100)))
    run(s, "edit A weapon1.crit=18-20/x3")
    s.dice.force([18, 3, 6])
    lines = run(s, "attack A T Club")
    assert "Critical Success." in lines[0] and lines[1] == "Damage (critical): 3+6 (higher of two x3) + 1 = 19."


def test_hp_of_a_wounded_combatant_keeps_the_wound():
    s = session(space_bears())
    run(s, "setup", "damage Katie 10", "edit Katie hp=30")
    assert (actor(s, "katie").hp, actor(s, "katie").max_hp) == (14, 30)
    run(s, "edit Katie hp=10")
    assert actor(s, "katie").hp == 10
    run(s, "edit Katie hp_now=4")
    assert actor(s, "katie").hp == 4


def test_weapons_are_added_changed_and_removed_by_their_place():
    s = session(space_bears())
    lines = run(s, "edit Katie weapon2.name=Knife weapon2.damage=1d4 weapon2.type=slashing weapon2.attributes='light, thrown' "
                   "off_hand=knife")  # fmt: skip
    katie = actor(s, "katie")
    assert [w.name for w in katie.weapons] == ["Helix Blade", "Knife"] and katie.off_hand == "Knife"
    assert katie.weapons[1].attributes == ("light", "thrown")
    assert lines == ["Katie is edited: Off-hand weapon (none) -> Knife; new weapon: Knife 1d4 slashing · 20/x2 · level 0 · "
                     "melee · light, thrown."]  # fmt: skip
    lines = run(s, "edit Katie weapon1=none weapon2.damage=1d6")
    assert [(w.name, w.damage) for w in actor(s, "katie").weapons] == [("Knife", "1d6")]
    assert lines == ["Katie is edited: Knife damage 1d4 -> 1d6; weapon Helix Blade 1d10 slashing · 19-20/x2 · level 4 · melee · "
                     "versatile removed."]  # fmt: skip


def test_a_proficiency_and_levels_short_are_weapon_fields():
    # ref: R29, R30, A5 — without proficiency, disadvantage by the levels short
    s = session(space_bears())
    run(s, "edit Brandon weapon1.proficient=no weapon1.short=2")
    weapon = actor(s, "brandon").weapons[0]
    assert (weapon.proficient, weapon.levels_short) == (False, 2)


@pytest.mark.parametrize(
    "line, field, reason",
    [
        ("edit Katie team=Pirats", "team", "Team: no team is called 'Pirats'."),
        ("edit Katie hp=0", "hp", "HP: 0 is below 1."),
        ("edit Katie hp_now=30", "hp_now", "HP now: 30 is above the HP of 24."),
        ("edit Katie weapon1.damage=1dx", "weapon1.damage", "Weapon 1 damage: '1dx' is not a dice expression."),
        ("edit Katie weapon1.crit=21-20", "weapon1.crit", "Weapon 1 crit range: '21-20' is outside the d20"),
        ("edit Katie weapon1.crit=1-20", "weapon1.crit", "Weapon 1 crit range: '1-20' is outside the d20"),
        ("edit Katie weapon1.crit=19-21", "weapon1.crit", "Weapon 1 crit range: '19-21' is outside the d20"),
        ("edit Katie weapon1.multiplier=0", "weapon1.multiplier", "Weapon 1 multiplier: 0 is not from 1 to 10."),
        ("edit Katie weapon3.name=Gun", "weapon3.name", "Weapon 3: there is no weapon 3."),
        ("edit Katie weapon2.name=Gun", "weapon2.damage", "Weapon 2 damage: a weapon needs its damage dice"),
        ("edit Katie weapon2.name='Helix Blade' weapon2.damage=1d4", "weapon2.name", "Weapon 2 name: 'Helix Blade' is weapon 1 too."),
        ("edit Katie off_hand=Gun", "off_hand", "Off-hand weapon: 'Gun' is not one of its weapons."),
        ("edit Katie level=21", "level", "Level: 21 is not from 1 to 20."),
        ("edit Katie str=0", "str", "STR: 0 is not from 1 to 50."),
        ("edit Katie die_level=99", "die_level", "Die level: 99 is not a die level."),
        ("edit Katie advantage_die=d", "advantage_die", "Advantage Die: 'd' is not a dice expression."),
        ("edit Katie dr='2 thermal, x'", "dr", "DR: 'x' is not an amount"),
        ("edit Katie creature=maybe", "creature", "Creature: 'maybe' is not yes or no."),
        ("edit Katie colour=red", "colour", "colour: Combatants have no field 'colour'."),
        ("edit Katie name=a=b", "name", "Name: 'a=b' holds '='"),
        ("add Zed hp=5", "team", "Team: a new combatant needs a team."),
        ("add Zed team=party", "hp", "HP: a new combatant needs its HP (1 or more)."),
        ("add Zed team=party hp=-3", "hp", "HP: -3 is below 1."),
    ],
)  # fmt: skip
def test_a_bad_value_is_refused_with_its_field_and_changes_nothing(line, field, reason):
    s = session(space_bears())
    start = s.state
    with pytest.raises(FieldRejected) as refused:
        run(s, line)
    assert refused.value.field == field and refused.value.reason.startswith(reason), refused.value.reason
    assert s.state is start and not s.can_undo


def test_an_edit_that_changes_nothing_is_refused():
    s = session(space_bears())
    with pytest.raises(CommandRejected, match="Nothing changes for Katie"):
        run(s, "edit Katie hp=24")
    with pytest.raises(CommandRejected, match="needs at least one field=value"):
        run(s, "edit Katie")


def test_setup_puts_a_new_combatant_in_and_a_running_fight_waits_for_join():
    # ref: R18, R19 — a newcomer joins at the Counter Phase
    s = session(space_bears())
    run(s, "setup", "add Zed team=pirates hp=5")
    assert "zed" in s.state.futurepath.fight.present
    run(s, "remove Zed", "start")
    lines = run(s, "add Zed team=pirates hp=5")
    assert lines[0].endswith("Not in the running fight: 'join Zed' brings them in.")
    assert "zed" not in s.state.futurepath.fight.present


def test_a_team_is_fixed_while_its_fight_runs_and_no_one_in_it_is_removed():
    # ref: R7 — Team Initiative is fixed at the start
    s = session(space_bears())
    run(s, "start")
    with pytest.raises(FieldRejected, match="Team: Katie is in the running ground fight"):
        run(s, "edit Katie team=bears")
    with pytest.raises(CommandRejected, match="Katie is in the running ground fight"):
        run(s, "remove Katie")
    run(s, "edit Katie hp=26")  # the GM's fix of a number is fine
    assert actor(s, "katie").max_hp == 26


def test_remove_takes_them_out_of_setup_and_their_crew_posts_and_undo_brings_all_back():
    s = session(space_bears())
    run(s, "setup", "init Art 7")
    start = s.state
    lines = run(s, "remove Art")
    fp = s.state.futurepath
    assert fp.actor("art") is None and "art" not in fp.fight.present and fp.fight.initiative_fix == ()
    assert fp.ships[0].post("captain") is None
    assert lines == ["Art is removed from the campaign and leaves Bearclaw's Captain post."]
    s.undo()
    assert s.state == start


@pytest.mark.parametrize(
    "command",
    [
        fc.AddCombatant("Zed", (("team", "pirates"), ("hp", "12"), ("weapon1.name", "Laser Pistol"), ("weapon1.damage", "1d8+1"))),
        fc.AddCombatant("Zed Kane", (("team", "The Pirates"), ("hp", "12"), ("path", "Helix Warrior"))),
        fc.EditCombatant("katie", (("hp", "30"), ("weapon1.crit", "18-20/x3"), ("weapon2", "none"))),
        fc.EditCombatant("bear-2", (("player", ""), ("dr", "1, 2 thermal"), ("path", "Rock #2"))),
        fc.EditCombatant("art", (("weapon1.name", "Art's \"Rifle\""),)),
        fc.RemoveCombatant("bear-4"),
    ],
)  # fmt: skip
def test_the_text_form_and_the_journal_give_the_command_back(command):
    state = space_bears()
    text = format_command(command, state)
    assert parse(text, state).command == command, text
    assert command_from_data(command_to_data(command), "futurepath") == command


def test_the_text_forms_read_unquoted_values_with_spaces():
    state = space_bears()
    assert parse("edit Katie path=Helix Warrior level=6", state).command == \
        fc.EditCombatant("katie", (("path", "Helix Warrior"), ("level", "6")))  # fmt: skip
    assert parse("add Zed Kane team=The Pirates hp=9", state).command == \
        fc.AddCombatant("Zed Kane", (("team", "The Pirates"), ("hp", "9")))  # fmt: skip
    assert parse("remove 'space bear 2'", state).command == fc.RemoveCombatant("bear-2")
