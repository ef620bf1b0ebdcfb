"""Advantage and disadvantage (issue 3, item 6) and the attack roll's range rules (item 2)."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.library import weapons as w
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.advantage import Slant, resolve
from tests.systems.dnd5e.helpers import campaign, character, creature, running


def fight(**hero_changes):
    hero = evolve(character("hero", strength=16, dexterity=14, hp=20, ac=15, weapons=(w.LONGSWORD, w.SHORTBOW, w.DAGGER)),
                  **hero_changes)  # fmt: skip
    return running(campaign(hero, creature("orc", hp=30, ac=13, weapons=(w.SCIMITAR, w.JAVELIN))))


ADV, DIS = Slant("adv", "Invisible"), Slant("dis", "Poisoned")


@pytest.mark.parametrize(
    ("slants", "mode", "origin"),
    [((), "", "tray"), ((ADV,), "adv", "auto"), ((DIS,), "dis", "auto"), ((ADV, DIS), "", "cancel"),
     ((ADV, DIS, Slant("dis", "long range")), "", "cancel"), ((DIS, Slant("dis", "Prone")), "dis", "auto")],
)  # fmt: skip
def test_any_number_of_sources_combine_by_the_5e_rule(slants, mode, origin):
    # ref: Advantage and disadvantage — "If both are present, the roll is normal. Otherwise, the one kind that is present applies."
    resolved = resolve(slants)
    assert (resolved.mode, resolved.origin) == (mode, origin)
    assert resolved.slants == slants


def test_a_roll_mode_other_than_auto_overrides_the_sources():
    # ref: Attack rolls — "A Roll value other than Auto still overrides it."
    assert resolve((DIS,), "normal").mode == ""
    assert resolve((DIS,), "adv").mode == "adv"
    assert resolve((), "dis").mode == "dis"


def test_a_roll_no_chip_affects_uses_the_tray_mode():
    # ref: Advantage and disadvantage — "A roll that no chip affects uses the d20 mode of the dice tray."
    assert resolve((), "", "adv").mode == "adv"
    assert resolve((DIS,), "", "adv").mode == "dis"


def test_the_log_names_cancelled_chips_too():
    # ref: Advantage and disadvantage — "The log names every chip that affected the roll, including the ones that cancelled."
    s = fight()
    s.execute(cmd.AddChip("hero", "Invisible"))
    s.execute(cmd.AddChip("hero", "Poisoned"))
    s.dice.force([12])
    line = s.execute(cmd.Attack("hero", "orc", "Longsword")).lines[0]
    assert "d20 12 (advantage and disadvantage cancel: Invisible advantage, Poisoned disadvantage)" in line


def test_the_tray_mode_slants_only_unaffected_rolls_and_a_chip_does_not_change_it():
    # ref: Advantage and disadvantage — "A roll that a chip affects does not change the d20 mode. The mode changes only when you click it."
    s = fight()
    assert s.execute(cmd.SetTrayMode("adv")).lines == ("Dice tray: d20 mode set to advantage (was normal).",)
    s.dice.force([4, 16])
    assert "d20 16 (at advantage (dropped 4), dice tray at advantage)" in s.execute(cmd.Attack("hero", "orc", "Longsword")).lines[0]
    s.execute(cmd.AddChip("hero", "Poisoned"))
    s.dice.force([4, 16])
    assert "d20 4 (at disadvantage (dropped 16), Poisoned disadvantage)" in s.execute(cmd.Attack("hero", "orc", "Longsword", ignore_cost=True)).lines[0]
    assert s.state.d20_mode == "adv"
    with pytest.raises(CommandRejected, match="already at adv"):
        s.execute(cmd.SetTrayMode("adv"))


def test_long_range_gives_disadvantage_which_combines_with_chips():
    # ref: Attack rolls — "A shot at long range takes disadvantage, which combines with the condition chips."
    s = fight()
    s.dice.force([15, 5])
    line = s.execute(cmd.Attack("hero", "orc", "Shortbow", long_range=True)).lines[0]
    assert line.startswith("Hero attacks Orc with Shortbow (long range): d20 5 (at disadvantage (dropped 15), long range disadvantage)")
    s.execute(cmd.AddChip("hero", "Invisible"))
    s.dice.force([15])
    line = s.execute(cmd.Attack("hero", "orc", "Shortbow", long_range=True, ignore_cost=True)).lines[0]
    assert "d20 15 (advantage and disadvantage cancel: Invisible advantage, long range disadvantage)" in line


def test_long_range_is_overridden_by_a_chosen_roll_mode():
    # ref: Attack rolls — "A Roll value other than Auto still overrides it."
    s = fight()
    s.dice.force([15, 1])
    line = s.execute(cmd.Attack("hero", "orc", "Shortbow", mode="normal", long_range=True)).lines[0]
    assert "d20 15 (normal roll by choice, over long range disadvantage)" in line


def test_a_thrown_melee_weapon_counts_as_ranged_when_thrown_and_keeps_its_ability():
    # ref: Attack rolls — "A thrown melee weapon, such as a dagger ... The throws count as ranged attacks."
    s = fight()
    s.execute(cmd.AddChip("orc", "Prone"))
    s.dice.force([3, 17, 2])
    swing = s.execute(cmd.Attack("hero", "orc", "Dagger")).lines[0]
    assert "(at advantage (dropped 3), Prone target advantage)" in swing
    s.dice.force([3, 17])
    throw = s.execute(cmd.Attack("hero", "orc", "Dagger", thrown=True, long_range=True, ignore_cost=True)).lines[0]
    assert throw.startswith("Hero attacks Orc with Dagger (thrown, long range): d20 3 (at disadvantage (dropped 17), "
                            "long range disadvantage, Prone target disadvantage) + 3 STR")  # fmt: skip


def test_reach_options_are_refused_where_they_do_not_apply():
    s = fight()
    with pytest.raises(CommandRejected, match="Longsword is not a thrown weapon"):
        s.execute(cmd.Attack("hero", "orc", "Longsword", thrown=True))
    with pytest.raises(CommandRejected, match="swung in melee and has no long range"):
        s.execute(cmd.Attack("hero", "orc", "Dagger", long_range=True))
    with pytest.raises(CommandRejected, match="Shortbow is not versatile"):
        s.execute(cmd.Attack("hero", "orc", "Shortbow", two_handed=True))


def test_a_versatile_weapon_in_two_hands_rolls_its_larger_die():
    # ref: issue 3 item 1 — weapons carry versatile (2014 PHB: the damage in parentheses with two hands)
    s = fight()
    s.dice.force([15, 9])
    entry = s.execute(cmd.Attack("hero", "orc", "Longsword", two_handed=True))
    assert entry.lines[1] == "Damage: 1d10 9 + 3 STR = 12 slashing."


def test_armor_the_character_is_not_trained_for_gives_disadvantage_on_every_attack():
    # ref: Attack rolls — "Armor that the character is not trained for gives disadvantage on every attack roll."
    from combat_tui.library.armor import CHAIN_MAIL, SHIELD

    s = fight(armor=CHAIN_MAIL, shield=SHIELD, armor_proficiencies=("light", "medium", "heavy"))
    s.dice.force([15, 5])
    line = s.execute(cmd.Attack("hero", "orc", "Longsword")).lines[0]
    assert "d20 5 (at disadvantage (dropped 15), not proficient with Shield disadvantage)" in line
    # ref: Armor proficiency — "These penalties combine with the condition chips, so an advantage chip cancels them."
    s.execute(cmd.AddChip("hero", "Invisible"))
    s.dice.force([15])
    assert "advantage and disadvantage cancel" in s.execute(cmd.Attack("hero", "orc", "Longsword", ignore_cost=True)).lines[0]


def test_a_creature_never_takes_armor_penalties():
    # ref: Armor proficiency — "A creature has no proficiency lists and never takes these penalties."
    s = fight()
    s.dice.force([15])
    assert "d20 15 +" in s.execute(cmd.Attack("orc", "hero", "Scimitar")).lines[0]
