"""Short and long rests: hit dice, HP, spell slots, class pools, exhaustion, legendary resistance.

The reference states the pools and legendary resistance (ref: Action, bonus action, and
reaction; ref: Legendary resistance) and that a rest does nothing for the dead (ref: Death
saves); the rest follows the 2014 PHB (chapter 8, "Resting"), cited as such.
"""

from __future__ import annotations

import json

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.core.text import format_command, parse
from combat_tui.storage.converter import command_from_data, command_to_data
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.features import hit_dice, hit_dice_left
from combat_tui.systems.dnd5e.model import Abilities, Chip, ClassLevel, Pool
from tests.systems.dnd5e.helpers import campaign, character, creature, running, session


def cleric(hp=10, max_hp=38, constitution=14, **changes):
    """Mirelle, a 5th-level cleric: five d8 hit dice, CON +2, slots (4, 3, 2) when rested."""
    base = character("mirelle", "Mirelle", hp=hp, max_hp=max_hp)
    fields = {"abilities": Abilities(constitution=constitution, wisdom=16), "classes": (ClassLevel("Cleric", 5),),
              "spellcasting": "wisdom", "slots": (1, 0, 0), "pools": (Pool("Channel Divinity", 0, 1, "short"),)}
    return evolve(base, **{**fields, **changes})


def fighter(hp=20, **changes):
    base = character("ser-aldric", "Ser Aldric", hp=hp, max_hp=44)
    fields = {"classes": (ClassLevel("Fighter", 4),), "pools": (Pool("Second Wind", 0, 1, "short"),)}
    return evolve(base, **{**fields, **changes})


def test_a_short_rest_spends_the_hit_dice_the_gm_names():
    # ref: Death saves — "Healing from ... a rest" (2014 PHB: each hit die spent rolls the die plus the CON modifier)
    s = session(campaign(cleric(), fighter()))
    s.dice.force([5, 3])
    lines = s.execute(cmd.TakeRest("short", (("mirelle", 2),))).lines
    assert lines == ("The party takes a short rest. Back: Mirelle Channel Divinity; Ser Aldric Second Wind.",
                     "Mirelle spends 2 hit dice: d8 5 + 2, d8 3 + 2 = 12 (3 hit dice left).",
                     "Mirelle regains 12 HP (10 → 22 HP).")  # fmt: skip
    mirelle = s.state.actor("mirelle")
    assert (mirelle.hp, mirelle.hit_dice_used, hit_dice_left(mirelle)) == (22, 2, 3)
    assert s.state.actor("ser-aldric").hp == 20  # named no dice, spent none
    assert mirelle.slots == (1, 0, 0)  # slots wait for a long rest


def test_a_hit_die_with_a_low_con_gives_at_least_0():
    # ref: Death saves — healing from a rest (2014 PHB: "regains hit points equal to the total (minimum of 0)")
    s = session(campaign(cleric(constitution=6)))
    s.dice.force([1, 6])
    lines = s.execute(cmd.TakeRest("short", (("mirelle", 2),))).lines
    assert lines[1:] == ("Mirelle spends 2 hit dice: d8 1 - 2 → 0, d8 6 - 2 = 4 (3 hit dice left).",
                         "Mirelle regains 4 HP (10 → 14 HP).")  # fmt: skip


def test_hit_dice_heal_no_more_than_the_max():
    # ref: Death saves — healing stops at the HP maximum (2014 PHB)
    s = session(campaign(cleric(hp=36)))
    s.dice.force([8])
    s.execute(cmd.TakeRest("short", (("mirelle", 1),)))
    assert s.state.actor("mirelle").hp == 38


def test_a_multiclass_character_spends_its_biggest_hit_dice_first():
    # ref: Action, bonus action, and reaction — the class levels (2014 PHB "Multiclassing": each class's own hit dice)
    mixed = evolve(fighter(), classes=(ClassLevel("Wizard", 2), ClassLevel("Fighter", 1)))
    assert hit_dice(mixed) == (10, 6, 6)
    s = session(campaign(mixed))
    s.dice.force([7, 4])
    lines = s.execute(cmd.TakeRest("short", (("ser-aldric", 2),))).lines
    assert lines[1] == "Ser Aldric spends 2 hit dice: d10 7, d6 4 = 11 (1 hit die left)."


def test_hit_dice_spending_is_checked_before_anything_changes():
    # ref: Death saves — only characters have death saves and hit dice (2014 PHB: hit dice left = level - spent)
    s = session(campaign(cleric(hit_dice_used=4), fighter(), creature("gob", "Goblin")))
    with pytest.raises(CommandRejected, match="Mirelle has 1 hit die left, not 2"):
        s.execute(cmd.TakeRest("short", (("ser-aldric", 1), ("mirelle", 2))))
    with pytest.raises(CommandRejected, match="Goblin is a creature and has no hit dice"):
        s.execute(cmd.TakeRest("short", (("gob", 1),)))
    with pytest.raises(CommandRejected, match="Mirelle is named twice"):
        s.execute(cmd.TakeRest("short", (("mirelle", 1), ("mirelle", 1))))
    with pytest.raises(CommandRejected, match="A long rest spends no hit dice"):
        s.execute(cmd.TakeRest("long", (("mirelle", 1),)))
    assert s.state.actor("ser-aldric").hit_dice_used == 0


def test_no_rest_during_a_fight():
    # ref: Legendary resistance — "The uses come back when the party takes a long rest" (not in the middle of a fight)
    s = running(campaign(cleric(), creature("gob", "Goblin")))
    for length in ("short", "long"):
        with pytest.raises(CommandRejected, match="cannot rest during a fight"):
            s.execute(cmd.TakeRest(length))


def test_hit_dice_bring_a_dying_character_back():
    # ref: Death saves — "Any healing above 0 HP clears the tracker of a dying or stable character. Healing from ... a rest all count."
    dying = cleric(hp=0, death_failures=2, chips=(Chip("Unconscious"), Chip("Prone")))
    s = session(campaign(dying))
    s.dice.force([4])
    lines = s.execute(cmd.TakeRest("short", (("mirelle", 1),))).lines
    assert lines[-1] == "Mirelle is no longer Unconscious; Prone stays until removed."
    mirelle = s.state.actor("mirelle")
    assert (mirelle.hp, mirelle.death_failures) == (6, 0)


def test_a_long_rest_restores_hp_half_the_hit_dice_slots_pools_and_legendary_resistance():
    # ref: Legendary resistance — "The uses come back when the party takes a long rest." (2014 PHB: all HP, half the hit dice, every slot)
    dragon = evolve(creature("dragon", "Dragon", hp=100), legendary_resistance=3, legendary_resistance_used=2)
    s = session(campaign(cleric(hit_dice_used=4), dragon))
    lines = s.execute(cmd.TakeRest("long")).lines
    assert lines == (("The party takes a long rest. Back: Mirelle 28 HP, 2 hit dice, spell slots, Channel Divinity; "
                      "Dragon Legendary Resistance."),)  # fmt: skip
    mirelle = s.state.actor("mirelle")
    assert (mirelle.hp, mirelle.hit_dice_used, mirelle.slots) == (38, 2, (4, 3, 2))
    assert mirelle.pools[0].uses == 1
    assert s.state.actor("dragon").legendary_resistance_used == 0


def test_a_long_rest_brings_back_at_least_one_hit_die():
    # ref: Death saves — a rest heals (2014 PHB: "up to a number of dice equal to half of the character's total number of them (minimum of one die)")
    first = evolve(fighter(hp=44), classes=(ClassLevel("Fighter", 1),), hit_dice_used=1, pools=())
    s = session(campaign(first))
    assert s.execute(cmd.TakeRest("long")).lines == ("The party takes a long rest. Back: Ser Aldric 1 hit die.",)
    assert s.state.actor("ser-aldric").hit_dice_used == 0


def test_a_long_rest_lowers_exhaustion_by_one_first():
    # ref: Exhaustion — level 4 halves the HP maximum (2014 PHB: a long rest lowers the level by one)
    s = session(campaign(cleric(hp=10, exhaustion=4, pools=())))
    lines = s.execute(cmd.TakeRest("long")).lines
    assert lines == ("The party takes a long rest. Back: Mirelle 28 HP, spell slots.",
                     "Mirelle is at exhaustion 3 (was 4): disadvantage on attack rolls and saving throws.")  # fmt: skip
    assert s.state.actor("mirelle").hp == 38
    s.execute(cmd.SetExhaustion("mirelle", 5))
    s.execute(cmd.TakeRest("long"))
    assert s.state.actor("mirelle").exhaustion == 4


def test_a_rest_has_no_effect_on_the_dead_and_the_log_says_so():
    # ref: Death saves — "A dead character regains no HP. A heal or a rest has no effect on it, and the combat log says so."
    dead = cleric(hp=0, death_failures=3)
    s = session(campaign(dead, fighter(hp=44)))
    lines = s.execute(cmd.TakeRest("short", (("mirelle", 2),))).lines
    assert lines == ("The party takes a short rest. Back: Ser Aldric Second Wind.",
                     "Mirelle is dead: the short rest has no effect.")  # fmt: skip
    lines = s.execute(cmd.TakeRest("long")).lines
    assert lines == ("The party takes a long rest.", "Mirelle is dead: the long rest has no effect.")
    mirelle = s.state.actor("mirelle")
    assert (mirelle.hp, mirelle.hit_dice_used, mirelle.slots, mirelle.pools[0].uses) == (0, 0, (1, 0, 0), 0)


def test_a_long_rest_needs_at_least_1_hp_at_its_start():
    # ref: Death saves — "A stable or dead character loses its turns" (2014 PHB: a long rest needs at least 1 HP at its start)
    stable = cleric(hp=0, stable=True, chips=(Chip("Unconscious"),))
    s = session(campaign(stable))
    lines = s.execute(cmd.TakeRest("long")).lines
    assert lines == ("The party takes a long rest.",
                     "Mirelle is at 0 HP: a long rest needs at least 1 HP at its start, so it has no effect.")  # fmt: skip
    assert s.state.actor("mirelle").hp == 0


def test_time_passes_and_timed_chips_run_out():
    # ref: Conditions — "Timed conditions count down at the start of each round and end on their own." (a short rest is an hour)
    chips = (Chip("Bless", 10, "x", "Bless"), Chip("Poisoned"), Chip("Long Watch", 900), Chip("Blinded", 0, until_turn_of="x"))
    s = session(campaign(fighter(hp=44, pools=(), chips=chips)))
    lines = s.execute(cmd.TakeRest("short")).lines
    assert lines == ("The party takes a short rest.", "Bless and Blinded on Ser Aldric end.")
    assert [(c.name, c.rounds) for c in s.state.actor("ser-aldric").chips] == [("Poisoned", 0), ("Long Watch", 300)]
    assert s.execute(cmd.TakeRest("long")).lines[-1] == "Long Watch on Ser Aldric ends."


def test_a_rest_ends_concentration_with_the_spell():
    # ref: Conditions — a spell's chips end on their own (2014 PHB: Bless lasts a minute, Concentrating with it)
    blesser = evolve(cleric(hp=38), spells=("Bless",))
    s = session(campaign(blesser, fighter(hp=44)))
    s.execute(cmd.Cast("mirelle", "Bless", targets=("ser-aldric",)))
    s.execute(cmd.TakeRest("short"))
    assert s.state.actor("mirelle").chips == () and s.state.actor("ser-aldric").chips == ()


@pytest.mark.parametrize(
    "line, command",
    [
        ("rest short", cmd.TakeRest("short")),
        ("rest long", cmd.TakeRest("long")),
        ("rest short Mirelle 2", cmd.TakeRest("short", (("mirelle", 2),))),
        ("rest short Mirelle 2, Ser Aldric 1", cmd.TakeRest("short", (("mirelle", 2), ("ser-aldric", 1)))),
    ],
)
def test_the_rest_text_forms_round_trip(line, command):
    # ref: DESIGN.md §5 — every action has a one-line text form
    state = campaign(cleric(), fighter())
    assert parse(line, state).command == command
    assert parse(format_command(command, state), state).command == command
    data = json.loads(json.dumps(command_to_data(command)))
    assert command_from_data(data, "dnd5e") == command


@pytest.mark.parametrize(
    "line, message",
    [
        ("rest", "'rest' takes short or long"),
        ("rest forever", "'rest' takes short or long"),
        ("rest long Mirelle 2", "a long rest spends no hit dice"),
        ("rest short Mirelle", "give a name and a number of hit dice"),
        ("rest short Mirelle 0", "out of range for a number of hit dice"),
        ("rest short Nobody 2", "Nobody"),
    ],
)
def test_bad_rest_lines_are_refused(line, message):
    # ref: DESIGN.md §7 — "a bad command gets a message naming what is wrong"
    with pytest.raises(CommandRejected, match=message):
        parse(line, campaign(cleric(), fighter()))
