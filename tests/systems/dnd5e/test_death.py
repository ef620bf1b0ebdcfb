"""Death saves of a party character at 0 HP (issue 3, item 4)."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.runner import run_line
from combat_tui.core.session import Session
from combat_tui.library.goblin_ambush import goblin_ambush

# With these initiative faces the order is Ser Aldric, Ayla, Bren, the goblins, Mirelle.
START = ["dice 20 1 1 1 1 1 1 1", "setup", "start"]


def fight(*lines: str) -> Session:
    session = Session(goblin_ambush(), dice=Dice(1))
    for line in START + list(lines):
        run_line(session, line)
    return session


def to_brens_turn(session: Session) -> None:
    while session.state.fight.current().ref != "bren":
        run_line(session, "next")


def bren(session: Session):
    return session.state.actor("bren")


def test_dropping_to_zero_costs_no_failure_and_the_turn_prompts_a_save():
    # ref: Death saves — "The hit that drops the character to 0 HP costs no failure."; the turn prompt
    s = fight("damage Bren 32")
    assert bren(s).dying and bren(s).death_failures == 0
    to_brens_turn(s)
    assert s.log[-1] == "Bren is dying. Roll a death save."


@pytest.mark.parametrize(("face", "successes", "failures"), [(10, 1, 0), (19, 1, 0), (9, 0, 1), (2, 0, 1), (1, 0, 2)])
def test_a_save_is_a_plain_d20_against_dc_10(face, successes, failures):
    # ref: Death saves — "The save is 1d20 against DC 10, with no ability modifier" / "A natural 1 counts as two failures."
    s = fight("damage Bren 32")
    to_brens_turn(s)
    run_line(s, f"dice {face}")
    run_line(s, "deathsave Bren")
    assert (bren(s).death_successes, bren(s).death_failures) == (successes, failures)


def test_a_natural_20_wakes_the_character_at_1_hp():
    # ref: Death saves — "A natural 20 wakes the character at 1 HP."
    s = fight("damage Bren 32")
    to_brens_turn(s)
    run_line(s, "dice 20")
    result = run_line(s, "deathsave Bren")
    assert bren(s).hp == 1 and not bren(s).dying
    assert result.lines[-1] == "Bren regains 1 HP and wakes up."


def test_one_save_per_turn_and_only_on_its_own_turn():
    # ref: Death saves — "The Roll death save button shows only on that turn ... the character rolls once per turn."
    s = fight("damage Bren 32")
    with pytest.raises(CommandRejected, match="not Bren's turn"):
        run_line(s, "deathsave Bren")
    to_brens_turn(s)
    run_line(s, "dice 12")
    run_line(s, "deathsave Bren")
    with pytest.raises(CommandRejected, match="already rolled"):
        run_line(s, "deathsave Bren")


def test_three_successes_stabilize_and_the_stable_lose_their_turns():
    # ref: Death saves — "Three successes stabilize the character ... it rolls no more saves." "A stable or dead character loses its turns."
    s = fight("damage Bren 32")
    for _ in range(3):
        to_brens_turn(s)
        run_line(s, "dice 15")
        run_line(s, "deathsave Bren")
        run_line(s, "next")
    assert bren(s).stable and bren(s).hp == 0
    for _ in range(12):
        run_line(s, "next")
        assert s.state.fight.current().ref != "bren"


def test_three_failures_kill():
    # ref: Death saves — "Three failures kill the character. The app says so and changes nothing else"
    s = fight("damage Bren 32")
    to_brens_turn(s)
    run_line(s, "dice 1")
    run_line(s, "deathsave Bren")
    run_line(s, "next")
    to_brens_turn(s)
    run_line(s, "dice 4")
    result = run_line(s, "deathsave Bren")
    assert bren(s).dead and bren(s).hp == 0
    assert result.lines[-1] == "Bren dies after three failed death saves."


def test_damage_at_zero_is_a_failure_and_a_critical_hit_two():
    # ref: Death saves — "Any damage at 0 HP is an automatic failure, with no roll. A critical hit counts as two failures."
    s = fight("damage Bren 32", "damage Bren 1")
    assert bren(s).death_failures == 1
    run_line(s, "dice 20 1")
    run_line(s, "attack 'Ser Aldric' Bren Longsword")
    assert bren(s).dead


def test_damage_on_a_stable_character_starts_the_saves_again():
    # ref: Death saves — "Damage on a stable character starts the saves again."
    s = fight("damage Bren 32", "stabilize Bren", "damage Bren 2")
    assert not bren(s).stable and bren(s).death_failures == 1 and bren(s).dying


@pytest.mark.parametrize(("lines", "dead"), [(["damage Bren 63"], False), (["damage Bren 64"], True),
                                             (["damage Bren 32", "damage Bren 32"], True)])  # fmt: skip
def test_massive_damage_kills_at_once(lines, dead):
    # ref: Death saves — "If the damage left over past 0 HP is at least the HP maximum, the character dies at once."
    s = fight(*lines)
    assert bren(s).dead is dead


def test_bonus_hp_absorbs_the_hit_before_massive_damage():
    # ref: Death saves — "Bonus HP absorbs the hit first."
    from attrs import evolve

    s = fight()
    s.state = s.state.with_actor(evolve(bren(s), bonus_hp=10))
    run_line(s, "damage Bren 70")  # 60 through: 28 past 0, below 32
    assert bren(s).dying


def test_healing_clears_the_tracker_and_the_dead_regain_nothing():
    # ref: Death saves — "Any healing above 0 HP clears the tracker" / "A dead character regains no HP ... the combat log says so."
    s = fight("damage Bren 32", "damage Bren 1", "heal Bren 4")
    assert bren(s).hp == 4 and bren(s).death_failures == 0
    s = fight("damage Bren 100", "heal Bren 4")
    assert bren(s).hp == 0 and s.log[-1] == "Bren is dead and regains no HP."


def test_stabilize_works_on_any_turn_and_not_on_a_creature():
    # ref: Death saves — "The GM sees Stabilize on any turn" / "An encounter and an NPC have no death saves."
    s = fight("damage Bren 32", "stabilize Bren")
    assert bren(s).stable
    with pytest.raises(CommandRejected, match="roll no death saves"):
        run_line(s, "stabilize 'Goblin 1'")
    with pytest.raises(CommandRejected, match="is stable"):
        run_line(s, "stabilize Bren")


def test_the_dead_get_no_xp_share():
    # ref: Combat screen — "The XP is split evenly among the living characters"
    s = fight("damage Bren 100", "damage 'Goblin 1' 7")
    result = run_line(s, "end")
    assert "XP: 50 split among 3 characters, 16 each (Ser Aldric, Mirelle and Ayla); 2 XP left over." in result.lines


def test_dropping_to_0_adds_unconscious_and_prone_and_a_heal_takes_off_only_unconscious():
    # ref: Death saves — "It gets ... the Unconscious and Prone chips. A heal takes off Unconscious, and Prone stays until you remove it"
    from combat_tui.systems.dnd5e import commands as cmd_
    from tests.systems.dnd5e.helpers import campaign, character, creature, running

    s = running(campaign(character("hero", hp=10), creature("orc", hp=5)))
    s.execute(cmd_.ApplyDamage("hero", 10))
    assert [c.name for c in s.state.actor("hero").chips] == ["Unconscious", "Prone"]
    entry = s.execute(cmd_.Heal("hero", 3))
    assert [c.name for c in s.state.actor("hero").chips] == ["Prone"]
    assert entry.lines == ("Hero regains 3 HP (0 → 3 HP).", "Hero is no longer Unconscious; Prone stays until removed.")
    s.execute(cmd_.ApplyDamage("orc", 5))
    assert s.state.actor("orc").chips == ()  # ref: Death saves — creatures have no death saves (and no dying chips)


def test_a_natural_20_wakes_the_character_without_unconscious():
    # ref: Death saves — "A natural 20 wakes the character at 1 HP."
    from combat_tui.systems.dnd5e import commands as cmd_
    from tests.systems.dnd5e.helpers import campaign, character, creature, running

    s = running(campaign(character("hero", hp=10), creature("orc", hp=5)))
    s.execute(cmd_.ApplyDamage("hero", 10))
    s.dice.force([20])
    s.execute(cmd_.RollDeathSave("hero"))
    assert [c.name for c in s.state.actor("hero").chips] == ["Prone"]
