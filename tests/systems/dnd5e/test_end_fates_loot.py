"""End combat: the fates of the foes still standing, the loot of the defeated, and the coins."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.core.text import format_command, parse
from combat_tui.library import armor as a
from combat_tui.library import weapons as w
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.ending import coins_found, loot_items, standing_foes
from combat_tui.systems.dnd5e.labels import labels
from tests.systems.dnd5e.helpers import campaign, character, creature, running


def _goblin(number: int, **changes):
    goblin = creature(f"goblin-{number}", "Goblin", weapons=(w.SCIMITAR, w.SHORTBOW), challenge="1/4")
    return evolve(goblin, armor=a.LEATHER, shield=a.SHIELD, **changes)


def _fight():
    """Ayla and Bren against three goblins (2 gp, 5 gp, 9 gp) and a wolf; goblin 1 and the wolf fall."""
    wolf = creature("wolf", weapons=(w.WOLF_BITE,), challenge="1/4")
    state = campaign(character("ayla"), character("bren"), _goblin(1, gold=2), _goblin(2, gold=5),
                     _goblin(3, gold=9), wolf)  # fmt: skip
    s = running(state, [20, 19, 18, 17, 16, 15])
    s.execute(cmd.ApplyDamage("goblin-1", 50))
    s.execute(cmd.ApplyDamage("wolf", 50))
    return s


def test_each_hostile_foe_still_standing_gets_a_fate():
    # ref: Combat screen — "Each hostile creature that still stands gets a select with three choices."
    s = _fight()
    assert standing_foes(s.state) == ("goblin-2", "goblin-3")


def test_fled_leaves_the_story_captured_turns_neutral_still_hostile_stays():
    # ref: Combat screen — "To make a captive a foe again, set its disposition back to hostile in the
    # creature dialog. To keep a foe that fled in the story, pick Still hostile and move it"
    s = _fight()
    s.execute(cmd.EndFight(fates=(("goblin-2", "fled"), ("goblin-3", "captured"))))
    assert s.state.actor("goblin-2") is None
    assert s.state.actor("goblin-3").disposition == "neutral"
    assert "Fates: Goblin 2 fled, Goblin 3 captured." in s.log
    s.undo()
    assert s.state.actor("goblin-2") is not None and s.state.fight is not None


def test_a_foe_that_falls_while_the_dialog_is_open_gets_no_fate():
    # ref: Combat screen — "A foe that falls while the dialog is open gets no fate, so a dead foe is
    # never logged as fled."
    s = _fight()
    s.execute(cmd.ApplyDamage("goblin-2", 50))
    s.execute(cmd.EndFight(fates=(("goblin-2", "fled"),)))
    assert s.state.actor("goblin-2") is not None
    assert "Fates: Goblin 3 still hostile." in s.log
    assert not any("fled" in line for line in s.log)


def test_loot_lists_weapons_and_armor_of_each_defeated_foe_and_a_natural_weapon_drops_nothing():
    # ref: Combat screen — "Loot lists the weapons and the armor of each defeated foe, such as
    # 'Scimitar (Goblin 2)'. A natural weapon, such as a bite, drops nothing."
    s = _fight()
    items = loot_items(s.state, labels(s.state))
    assert [item.label for item in items] == [
        "Scimitar (Goblin 1)", "Shortbow (Goblin 1)", "Leather (Goblin 1)", "Shield (Goblin 1)"]  # fmt: skip


def test_ticked_items_join_the_inventory_of_the_character_picked_in_loot_goes_to():
    # ref: Combat screen — "Tick the items to keep, and pick the character who takes them in Loot goes
    # to. The items join that character's inventory. ... Each part logs one travelogue line."
    s = _fight()
    s.execute(cmd.EndFight(loot=("goblin-1/weapons/0", "goblin-1/armor"), loot_to="bren"))
    assert s.state.actor("bren").inventory == ("Scimitar", "Leather")
    goblin = s.state.actor("goblin-1")
    assert [x.name for x in goblin.weapons] == ["Shortbow"] and goblin.armor is None and goblin.shield is not None
    assert "Bren takes the loot: Scimitar (Goblin 1), Leather (Goblin 1)." in s.log


def test_total_gp_takes_the_coins_of_the_defeated_and_splits_them_evenly_rounded_down():
    # ref: Combat screen — "Total gp takes the coins found on the foes, and splits them evenly among the
    # living characters, rounded down, into the gold field of each character's Coins row."
    s = _fight()
    assert coins_found(s.state) == 2
    s.execute(cmd.ApplyDamage("goblin-3", 50))
    assert coins_found(s.state) == 11
    s.execute(cmd.EndFight())
    assert (s.state.actor("ayla").gold, s.state.actor("bren").gold) == (5, 5)
    assert s.state.actor("goblin-3").gold == 0
    assert "Coins: 11 gp split among 2 characters, 5 gp each (Ayla and Bren); 1 gp left over." in s.log


def test_the_gm_can_type_another_total_and_a_dead_character_takes_no_share():
    # ref: Combat screen — coins go to "the living characters"
    s = _fight()
    s.execute(cmd.ApplyDamage("bren", 100))  # massive damage: dead
    assert s.state.actor("bren").dead
    s.execute(cmd.EndFight(gold=30))
    assert (s.state.actor("ayla").gold, s.state.actor("bren").gold) == (30, 0)


def test_one_line_per_part_in_order_xp_fates_loot_coins():
    # ref: Combat screen — "Each part logs one travelogue line."
    s = _fight()
    s.execute(cmd.EndFight(fates=(("goblin-3", "captured"),), loot=("goblin-1/weapons/1",), loot_to="ayla"))
    tail = s.log[-5:]
    assert tail[0].startswith("The fight ends after 1 round")
    assert tail[1].startswith("XP: 100 split among 2 characters, 50 each")
    assert tail[2:] == ["Fates: Goblin 2 still hostile, Goblin 3 captured.",
                        "Ayla takes the loot: Shortbow (Goblin 1).",
                        "Coins: 2 gp split among 2 characters, 1 gp each (Ayla and Bren)."]  # fmt: skip


def test_bad_end_commands_change_nothing():
    s = _fight()
    before = s.state
    with pytest.raises(CommandRejected, match="not a fate"):
        s.execute(cmd.EndFight(fates=(("goblin-2", "eaten"),)))
    with pytest.raises(CommandRejected, match="Loot goes to"):
        s.execute(cmd.EndFight(loot=("goblin-1/weapons/0",)))
    with pytest.raises(CommandRejected, match="not an item"):
        s.execute(cmd.EndFight(loot=("goblin-2/weapons/0",), loot_to="ayla"))
    assert s.state is before


def test_end_text_form_round_trips():
    s = _fight()
    line = "end award 80 fled 'Goblin 2' captured Goblin 3 loot Scimitar (Goblin 1), Shield (Goblin 1) to Bren gold 7"
    command = parse(line, s.state).command
    assert command == cmd.EndFight(80, (("goblin-2", "fled"), ("goblin-3", "captured")),
                                   ("goblin-1/weapons/0", "goblin-1/shield"), "bren", 7)  # fmt: skip
    text = format_command(command, s.state)
    assert parse(text, s.state).command == command
    assert parse("end loot all to Ayla", s.state).command.loot == (
        "goblin-1/weapons/0", "goblin-1/weapons/1", "goblin-1/armor", "goblin-1/shield")
    assert parse("end", s.state).command == cmd.EndFight()
    assert parse("end award 10", s.state).command == cmd.EndFight(10)
    with pytest.raises(CommandRejected, match="Say who takes the loot"):
        parse("end loot all", s.state)
    with pytest.raises(CommandRejected, match="drops 'Axe'"):
        parse("end loot Axe to Ayla", s.state)
