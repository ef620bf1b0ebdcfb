"""Critical-hit features of the attacker (issue 3, item 2 in part)."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.core.dice import Dice
from combat_tui.core.session import Session
from combat_tui.library import weapons as w
from combat_tui.library.goblin_ambush import goblin_ambush
from combat_tui.systems.dnd5e.attack import critical_range, extra_critical_dice
from combat_tui.systems.dnd5e.commands import Attack
from combat_tui.systems.dnd5e.model import ClassLevel, Combatant, Fight


def with_aldric(**changes) -> Session:
    campaign = goblin_ambush()
    aldric = evolve(campaign.characters[0], **changes)
    campaign = campaign.with_actor(aldric)
    fight = Fight("running", (Combatant("ser-aldric", "party", 20), Combatant("goblin-boss", "foes", 10)), 0, 1)
    return Session(evolve(campaign, fight=fight), dice=Dice(1))


@pytest.mark.parametrize(
    ("classes", "threshold"),
    [((ClassLevel("Fighter", 2, "Champion"),), 20), ((ClassLevel("Fighter", 3, "Champion"),), 19),
     ((ClassLevel("Fighter", 15, "Champion"),), 18), ((ClassLevel("Fighter", 15, "Battle Master"),), 20)],
)  # fmt: skip
def test_champion_critical_range(classes, threshold):
    # ref: Attack rolls — "a natural 19 or 20 from level 3 (Improved Critical), and ... 18 to 20 from level 15 (Superior Critical)"
    session = with_aldric(classes=classes)
    assert critical_range(session.state.actor("ser-aldric"))[0] == threshold


def test_an_improved_critical_hits_whatever_the_ac_and_doubles_the_dice():
    # ref: Attack rolls — "Such a roll also hits whatever the AC is."
    session = with_aldric()
    session.state = session.state.with_actor(evolve(session.state.actor("goblin-boss"), ac=30))
    session.dice.force([19, 3, 4])
    entry = session.execute(Attack("ser-aldric", "goblin-boss", "Longsword"))
    assert entry.lines[0].endswith("= 26 vs AC 30, natural 19, a critical hit (Improved Critical)!")
    assert entry.lines[1].startswith("Damage (critical hit: every die rolled twice): 2d8 3+4")


@pytest.mark.parametrize(("level", "race", "extra"), [(8, "Human", 0), (9, "Human", 1), (13, "Human", 2),
                                                      (17, "Human", 3), (1, "Half-Orc", 1), (17, "Half-Orc", 4)])  # fmt: skip
def test_brutal_critical_and_savage_attacks_add_dice(level, race, extra):
    # ref: Attack rolls — "Brutal Critical adds one die at barbarian level 9, two at 13, and three at 17, and the half-orc Savage Attacks trait adds one."
    session = with_aldric(classes=(ClassLevel("Barbarian", level),), race=race)
    assert extra_critical_dice(session.state.actor("ser-aldric"), w.LONGSWORD) == extra
    assert extra_critical_dice(session.state.actor("ser-aldric"), w.SHORTBOW) == 0  # melee only


def test_extra_critical_dice_do_not_double_and_are_named_in_the_damage_line():
    # ref: Attack rolls — "adds more weapon damage dice that do not double ... The damage line of the log names them, as in , extra critical dice +2d12."
    session = with_aldric(classes=(ClassLevel("Barbarian", 13),), race="Human")
    session.dice.force([20, 1, 2, 3, 4])
    entry = session.execute(Attack("ser-aldric", "goblin-boss", "Longsword"))
    assert entry.lines[1] == ("Damage (critical hit: every die rolled twice): 2d8 1+2 + 2d8 3+4 + 4 STR = 14 slashing, "
                              "extra critical dice +2d8.")  # fmt: skip
