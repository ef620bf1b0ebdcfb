"""Custom spells (issue 15, item 1): saved in the campaign, found by the cast before the catalog,
and the reference's boxes — Raises the dead, Stabilizes the dying, Resists, Caster picks one of,
casts as a reaction."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.core.text import format_command, parse
from combat_tui.storage import read_snapshot, write_snapshot
from combat_tui.storage.converter import campaign_from_data, campaign_to_data, command_from_data, command_to_data
from combat_tui.systems.dnd5e import catalog
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.check import check
from combat_tui.systems.dnd5e.commands_build import DeleteSpell, SaveSpell
from combat_tui.systems.dnd5e.custom_spell import CustomSpell
from combat_tui.systems.dnd5e.economy import pips
from combat_tui.systems.dnd5e.model import Abilities, ClassLevel
from tests.systems.dnd5e.helpers import campaign, character, creature, running, session


def wizard(**changes):
    base = evolve(character("wiz", "Wiz", hp=20), abilities=Abilities(intelligence=16), spellcasting="intelligence",
                  classes=(ClassLevel("Wizard", 5),), slots=(4, 3, 2))  # fmt: skip
    return evolve(base, **changes)


def run(s, line):
    return s.execute(parse(line, s.state).command)


DAWN = 'spell save "Second Dawn" level=3 kind=heal raises_dead=yes'
MERCY = 'spell save Mercy level=0 kind=heal stabilizes=yes'
WARD = 'spell save "Frost Ward" level=1 kind=chip resists=cold reaction=yes range=Self rounds=1'


def test_save_replace_rename_delete_and_undo():
    s = session(campaign(wizard()))
    assert run(s, DAWN).lines == ("The custom spell Second Dawn is saved.",)
    assert s.state.custom_spells == (CustomSpell("Second Dawn", 3, "heal", raises_dead=True),)
    # a save of the same name (any case) replaces the whole spell, in its place
    assert run(s, 'spell save "second dawn" level=2 kind=heal dice=2d4').lines == (
        "The custom spell second dawn is saved over the old one.",)
    assert s.state.custom_spells == (CustomSpell("second dawn", 2, "heal", dice="2d4"),)
    assert run(s, 'spell save Dawn from "Second Dawn" level=2 kind=heal dice=2d4').lines == (
        "The custom spell second dawn is saved as Dawn.",)
    assert [spell.name for spell in s.state.custom_spells] == ["Dawn"]
    assert run(s, "spell delete dawn").lines == ("The custom spell Dawn is deleted.",)
    assert s.state.custom_spells == ()
    s.undo()
    assert [spell.name for spell in s.state.custom_spells] == ["Dawn"]
    s.undo()
    s.undo()
    assert s.state.custom_spells == (CustomSpell("Second Dawn", 3, "heal", raises_dead=True),)
    s.redo()
    assert s.state.custom_spells[0].dice == "2d4"


@pytest.mark.parametrize(("line", "reason"), [
    ("spell save X level=10 kind=heal dice=1d8", "level: .10. is too large; it is 0 to 9"),
    ("spell save X kind=damage dice=2d6 type=sonic", "type: 'sonic' is not a damage type"),
    ("spell save X kind=save dice=2d6 type=fire save=luck", "save: 'luck' is not an ability"),
    ("spell save X kind=chip resists=fire, wind", "resists: 'wind' is not a damage type"),
    ("spell save X kind=attack raises_dead=yes dice=1d6 type=fire", "raises_dead: the box is for a heal"),
    ("spell save X kind=heal raises_dead=yes stabilizes=yes", "not both"),
    ("spell save X kind=save dice=8d6 type=fire", "save: a save spell needs the save's ability"),
    ("spell save X kind=damage dice=99d6 type=fire", "dice: '99d6' is not dice a spell rolls"),
    ("spell save X kind=chip rounds=99999", "rounds: must be at most 14400"),
    ("spell save X colour=blue", "'colour' is not a field of a spell"),
    ("spell save X=Y kind=utility", "needs the spell's name"),
    ("spell delete Nothing", "There is no custom spell called 'Nothing'"),
])  # fmt: skip
def test_bad_input_is_refused_and_changes_nothing(line, reason):
    s = session(campaign(wizard()))
    run(s, MERCY)
    before = s.state
    with pytest.raises(CommandRejected, match=reason):
        run(s, line)
    assert s.state is before


def test_every_bad_field_is_named_in_one_refusal():
    s = session(campaign(wizard()))
    with pytest.raises(CommandRejected) as refused:
        run(s, "spell save X level=12 kind=zap type=sonic")
    assert all(key in refused.value.reason for key in ("level:", "kind:", "type:"))


@pytest.mark.parametrize("line", [
    DAWN, MERCY, WARD,
    "spell save 'Prism Bolt' level=1 kind=attack dice=3d8 upcast=1d8 picks=fire, cold",
    "spell save Word from 'Old Word' kind=utility \"note=apply by hand: the target's speed is 0\"",
    "spell save \"Grim's Due\" level=2 kind=save dice=4d6 type=necrotic save=con half=yes",
    "spell delete 'Frost Ward'",
])  # fmt: skip
def test_the_text_form_round_trips(line):
    s = session(campaign(wizard()))
    command = parse(line, s.state).command
    text = format_command(command, s.state)
    assert parse(text, s.state).command == command
    assert command_from_data(command_to_data(command), "dnd5e") == command  # the journal's record


def test_a_custom_spell_wins_over_the_catalog_when_cast():
    s = running(campaign(wizard(), creature("orc", hp=30)))
    run(s, "spell save 'Cure Wounds' level=1 kind=heal dice=2d4")
    s.execute(cmd.ApplyDamage("wiz", 10))
    s.dice.force([1, 1])
    entry = s.execute(cmd.Cast("wiz", "cure wounds", targets=("wiz",), ignore_cost=True))
    assert entry.lines[1:] == ("Healing: 2d4 1+1 = 2.", "Wiz regains 2 HP (10 → 12 HP).")  # not 1d8 + modifier
    assert catalog.spell_of(s.state, "Cure Wounds").dice == "2d4"
    assert catalog.spell_of(None, "Cure Wounds").dice == "1d8"


def test_raises_the_dead_revives_the_dead_only():
    # ref: Death saves — "Only a spell that raises the dead brings a dead character back. [...] Each clears the tracker and heals the character to 1 HP. Neither has an effect on a character that is not dead, a dying one included. In a custom spell, the Raises the dead box of a heal gives the same rule."
    dead = evolve(character("al", "Al", hp=0, max_hp=20), death_failures=3, death_successes=1)
    dying = evolve(character("bo", "Bo", hp=0, max_hp=20), death_failures=1)
    s = session(campaign(wizard(), dead, dying))
    run(s, DAWN)
    entry = s.execute(cmd.Cast("wiz", "Second Dawn", targets=("al",)))
    assert entry.lines[-1] == "Al returns to life with 1 HP."
    al = s.state.actor("al")
    assert (al.hp, al.death_successes, al.death_failures, al.dead) == (1, 0, 0, False)
    s.execute(cmd.Cast("wiz", "Second Dawn", targets=("bo",)))
    assert (s.state.actor("bo").hp, s.state.actor("bo").death_failures) == (0, 1)
    assert s.state.actor("wiz").slots == (4, 3, 0)  # each cast spent its 3rd-level slot


def test_stabilizes_the_dying_only():
    # ref: Death saves — "Spare the Dying stabilizes a dying character [...] It has no effect on a character that is not dying, or on a creature. In a custom spell, the Stabilizes the dying box of a heal gives the same rule."
    dying = evolve(character("bo", "Bo", hp=0, max_hp=20), death_failures=1)
    s = session(campaign(wizard(), dying, character("cy", "Cy"), creature("orc", hp=0)))
    run(s, MERCY)
    s.execute(cmd.Cast("wiz", "Mercy", targets=("bo",)))
    assert s.state.actor("bo").stable
    before = s.state.actor("cy")
    s.execute(cmd.Cast("wiz", "Mercy", targets=("cy",)))
    assert s.state.actor("cy") == before
    s.execute(cmd.Cast("wiz", "Mercy", targets=("orc",)))
    assert s.state.actor("orc").hp == 0


def test_caster_picks_one_of_names_the_chip_and_the_damage():
    # ref: Damage and damage defenses — "Protection from Energy resists the one type that the caster picks at the cast."
    # ref: Resisting a hit — "its chip resists the type through Resists or Caster picks one of"
    s = session(campaign(wizard(), creature("orc", hp=40)))
    run(s, "spell save 'Elemental Veil' level=1 kind=chip picks=fire, cold rounds=10")
    with pytest.raises(CommandRejected, match="needs the damage type the caster picks"):
        run(s, "cast Wiz 'Elemental Veil' on Wiz")
    run(s, "cast Wiz 'Elemental Veil' on Wiz fire")
    assert [chip.name for chip in s.state.actor("wiz").chips] == ["Elemental Veil (fire)"]
    run(s, "spell save 'Prism Bolt' level=1 kind=attack dice=2d8 picks=fire, cold")
    s.dice.force([15, 4, 4])
    entry = run(s, "cast Wiz 'Prism Bolt' on Orc cold")
    assert entry.lines[-1] == "Orc takes 8 cold damage (40 → 32 HP)."


def test_resists_puts_on_a_chip_that_names_its_types():
    # ref: Resisting a hit — "The spell is a buff that casts as a reaction, and its chip resists the type through Resists"
    s = session(campaign(wizard()))
    run(s, WARD)
    assert catalog.spell_of(s.state, "frost ward").resists == ("cold",)
    entry = run(s, "cast Wiz 'Frost Ward'")  # range Self: on its caster
    assert entry.lines == ("Wiz casts Frost Ward at 1st level on Wiz.", "Wiz gets the chip Frost Ward (cold) for 1 round.")


def test_casts_as_a_reaction_spends_the_reaction():
    # ref: Action, bonus action, and reaction — a spell costs its casting time; ref: Resisting a hit — a spell that "casts as a reaction"
    s = running(campaign(wizard(spells=("Frost Ward",)), creature("orc", hp=30)))
    run(s, WARD)
    s.execute(cmd.Cast("wiz", "Frost Ward"))
    p = pips(s.state, "wiz")
    assert (p.action, p.bonus, p.reaction) == (False, False, True)


def test_save_then_load_is_equal_and_an_old_file_loads(tmp_path):
    s = session(campaign(wizard(spells=("Second Dawn", "Frost Ward"))))
    for line in (DAWN, MERCY, WARD, "spell save 'Grim Due' level=2 kind=save dice=4d6 type=necrotic save=con half=yes"):
        run(s, line)
    write_snapshot(tmp_path, s.state)
    loaded, _ = read_snapshot(tmp_path)
    assert loaded == s.state
    assert check(loaded) == []  # the sheet's custom spells are spells the app knows
    old = campaign_to_data(campaign(wizard()))
    assert "custom_spells" not in old  # empty: not written, so an older file reads the same
    assert campaign_from_data(old).custom_spells == ()


def test_a_hand_edited_spell_is_named_on_load_and_a_known_one_is_not_deleted():
    s = session(campaign(wizard(spells=("Mercy",))))
    run(s, MERCY)
    with pytest.raises(CommandRejected, match="Mercy cannot be deleted: Wiz knows it"):
        run(s, "spell delete Mercy")
    edited = evolve(s.state, custom_spells=(evolve(s.state.custom_spells[0], level=40, damage_type="sonic"),))
    assert ("custom_spells[0].level", "a level is 0 to 9, not 40") in check(edited)
    assert ("custom_spells[0].damage_type", "'sonic' is not a damage type") in check(edited)


def test_the_commands_are_data():
    assert SaveSpell("X").kind == "spell-save" and DeleteSpell("X").kind == "spell-delete"
