"""Damage and Heal from the GM's box: bonus HP first, 0 HP, untyped damage, the heal cap."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.events import CharacterDying, CombatantDefeated, DamageApplied
from combat_tui.systems.dnd5e.summary import status
from combat_tui.systems.dnd5e.turns import can_take_turn
from tests.systems.dnd5e.helpers import campaign, character, creature, current, hp, running, session


def fight(**hero):
    """Hero (20 HP), Orc (10 HP), Guard (an NPC, 10 HP): in that order."""
    return running(
        campaign(character("hero", "Hero", **hero), creature("orc", "Orc"), creature("guard", "Guard", npc=True)),
        [20, 15, 10],
    )


def test_damage_takes_hp_and_logs_it():
    # ref: Damage and damage defenses
    s = fight()
    entry = s.execute(cmd.ApplyDamage("orc", 4))
    assert hp(s, "orc") == 6
    assert entry.lines == ("Orc takes 4 damage (10 → 6 HP).",)


def test_bonus_hp_go_first():
    # ref: Damage and damage defenses
    s = fight(bonus_hp=5)
    entry = s.execute(cmd.ApplyDamage("hero", 3))
    assert (hp(s, "hero"), s.state.actor("hero").bonus_hp) == (20, 2)
    assert entry.lines == ("Hero takes 3 damage, 3 absorbed by bonus HP (20 → 20 HP).",)
    entry = s.execute(cmd.ApplyDamage("hero", 6))
    assert (hp(s, "hero"), s.state.actor("hero").bonus_hp) == (16, 0)
    assert entry.lines == ("Hero takes 6 damage, 2 absorbed by bonus HP (20 → 16 HP).",)


def test_a_creature_loses_bonus_hp_first_too():
    # ref: Damage and damage defenses
    s = running(campaign(character("hero"), creature("orc", "Orc", hp=10, bonus_hp=4)), [20, 10])
    s.execute(cmd.ApplyDamage("orc", 13))
    assert (hp(s, "orc"), s.state.actor("orc").bonus_hp) == (1, 0)


@pytest.mark.parametrize("ref, label", [("orc", "Orc"), ("guard", "Guard")])
def test_a_creature_or_an_npc_is_defeated_at_0_hp(ref, label):
    # ref: Damage and damage defenses
    s = fight()
    entry = s.execute(cmd.ApplyDamage(ref, 25))
    assert hp(s, ref) == 0  # never below 0
    assert entry.lines == (f"{label} takes 25 damage (10 → 0 HP).", f"{label} is defeated.")
    assert CombatantDefeated(ref) in entry.events
    assert status(s.state, ref) == "defeated"
    assert not can_take_turn(s.state, ref)


def test_damage_to_a_defeated_creature_logs_no_second_defeat():
    # ref: Death saves
    s = fight()
    s.execute(cmd.ApplyDamage("orc", 10))
    entry = s.execute(cmd.ApplyDamage("orc", 3))
    assert entry.lines == ("Orc takes 3 damage (0 → 0 HP).",)


def test_a_character_at_0_hp_is_dying_and_stays_in_the_order():
    # ref: Death saves
    s = fight()
    entry = s.execute(cmd.ApplyDamage("hero", 20))
    assert hp(s, "hero") == 0
    assert entry.lines == ("Hero takes 20 damage (20 → 0 HP).", "Hero drops to 0 HP and is dying (Unconscious and Prone).")
    assert CharacterDying("hero", ("Unconscious", "Prone")) in entry.events
    assert CombatantDefeated("hero") not in entry.events
    assert status(s.state, "hero") == "dying"
    assert s.state.fight.find("hero") is not None
    assert can_take_turn(s.state, "hero")
    s.execute(cmd.NextTurn())
    s.execute(cmd.NextTurn())
    s.execute(cmd.NextTurn())
    assert current(s) == "hero"


def test_untyped_damage_applies_no_defense():
    # ref: Damage and damage defenses
    s = fight()
    entry = s.execute(cmd.ApplyDamage("orc", 7))
    applied = next(e for e in entry.events if isinstance(e, DamageApplied))
    assert (applied.amount, applied.damage_type, applied.hp_before - applied.hp_after) == (7, "", 7)


def test_heal_restores_hp_up_to_the_maximum():
    # ref: Death saves
    s = fight(hp=10, max_hp=20)
    entry = s.execute(cmd.Heal("hero", 4))
    assert hp(s, "hero") == 14
    assert entry.lines == ("Hero regains 4 HP (10 → 14 HP).",)
    entry = s.execute(cmd.Heal("hero", 50))
    assert hp(s, "hero") == 20
    assert entry.lines == ("Hero regains 6 HP (14 → 20 HP).",)


def test_heal_does_not_touch_bonus_hp():
    # ref: Damage and damage defenses
    s = fight(hp=10, max_hp=20, bonus_hp=3)
    s.execute(cmd.Heal("hero", 5))
    assert (hp(s, "hero"), s.state.actor("hero").bonus_hp) == (15, 3)


def test_heal_brings_a_creature_at_0_back():
    # ref: Death saves
    s = fight()
    s.execute(cmd.ApplyDamage("guard", 10))
    entry = s.execute(cmd.Heal("guard", 3))
    assert hp(s, "guard") == 3 and status(s.state, "guard") == ""
    assert entry.lines == ("Guard regains 3 HP (0 → 3 HP).",)
    assert can_take_turn(s.state, "guard")


def test_heal_brings_a_dying_character_back():
    # ref: Death saves
    s = fight()
    s.execute(cmd.ApplyDamage("hero", 30))
    s.execute(cmd.Heal("hero", 2))
    assert hp(s, "hero") == 2 and status(s.state, "hero") == ""


def test_damage_and_heal_also_work_outside_a_fight(sample):
    # ref: Damage and damage defenses
    s = session(sample)
    s.execute(cmd.ApplyDamage("bren", 5))
    s.execute(cmd.Heal("bren", 2))
    assert hp(s, "bren") == 29
    assert s.log == ["Bren takes 5 damage (32 → 27 HP).", "Bren regains 2 HP (27 → 29 HP)."]


@pytest.mark.parametrize("amount", [0, -1, -20])
@pytest.mark.parametrize("make", [lambda a: cmd.ApplyDamage("orc", a), lambda a: cmd.Heal("orc", a)])
def test_an_amount_below_1_is_rejected(make, amount):
    # ref: Combat screen
    s = fight()
    before, log = s.state, list(s.log)
    with pytest.raises(CommandRejected) as refused:
        s.execute(make(amount))
    assert refused.value.reason == f"The amount must be at least 1, not {amount}."
    assert s.state is before and s.log == log


@pytest.mark.parametrize("command", [cmd.ApplyDamage("nobody", 3), cmd.Heal("nobody", 3)])
def test_an_unknown_target_is_rejected(command):
    # ref: Damage and damage defenses
    s = fight()
    before = s.state
    with pytest.raises(CommandRejected, match="no one called 'nobody'"):
        s.execute(command)
    assert s.state is before
