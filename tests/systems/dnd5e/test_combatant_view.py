"""The view record of a combatant: what the combat screen's card, row and ribbon chip show of it,
computed once per state from the rules (no textual here)."""

from __future__ import annotations

import attrs
import pytest
from attrs import evolve

from combat_tui.core.session import Session
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.armor import armor_class
from combat_tui.systems.dnd5e.conditions import stopped_by
from combat_tui.systems.dnd5e.economy import pips
from combat_tui.systems.dnd5e.exhaustion import max_hp
from combat_tui.systems.dnd5e.fight_view import FightView
from combat_tui.systems.dnd5e.legendary import legendary_row
from combat_tui.systems.dnd5e.model import Campaign
from combat_tui.systems.dnd5e.reactions import reaction_row
from combat_tui.systems.dnd5e.view import actor_status, card_view, combatant_view, fight_views
from tests.systems.dnd5e.helpers import campaign, character, creature, current, running, session


def _ambush(sample: Campaign) -> Session:
    """The sample's fight, Goblin 2 surprised; Goblin 1's turn first. Ser Aldric wears Bless,
    Shield of Faith and a note, at exhaustion 4; Mirelle is dying."""
    s = session(sample)
    s.execute(cmd.OpenSetup())
    s.execute(cmd.SetSurprised("goblin-2", True))
    s.dice.force([20, 19, 18, 17, 16, 15, 14, 13])
    s.execute(cmd.StartFight())
    s.dice.clear_forced()
    s.execute(cmd.AddChip("ser-aldric", "Bless", 10, caster="mirelle"))
    s.execute(cmd.AddChip("ser-aldric", "Shield of Faith", caster="mirelle"))
    s.execute(cmd.AddChip("ser-aldric", "Owes Bren a drink"))
    s.execute(cmd.SetExhaustion("ser-aldric", 4))
    s.execute(cmd.ApplyDamage("mirelle", 60))
    return s


def _views(s: Session):
    return fight_views(s.state, s.system.labels(s.state))


def _card(s: Session, ref: str):
    return card_view(s.state, ref, s.system.labels(s.state))


def test_a_character_with_chips_and_exhaustion(sample):
    # ref: Exhaustion — level 4 halves the HP maximum; Shield of Faith adds 2 to the AC.
    s = _ambush(sample)
    aldric = _views(s)["ser-aldric"]
    assert (aldric.ref, aldric.label, aldric.side, aldric.current) == ("ser-aldric", "Ser Aldric", "party", False)
    assert (aldric.hp, aldric.max_hp, aldric.ac) == (24, 24, 20)
    assert aldric.initiative == s.state.fight.find("ser-aldric").initiative
    assert (aldric.status, aldric.stopped, aldric.death_saves) == ("", "", (0, 0))
    assert aldric.chips == (("Bless 10", "rule"), ("Shield of Faith", "rule"), ("●●●●○○", "exhaustion"),
                            ("Owes Bren a drink", "note"))  # fmt: skip
    assert aldric.card_chips == (("Bless 10", "rule"), ("Shield of Faith", "rule"), ("Exhaustion 4", "exhaustion"),
                                 ("Owes Bren a drink", "note"))  # fmt: skip
    card = _card(s, "ser-aldric")
    assert card.combatant is aldric
    p = card.pips
    assert (p.action, p.bonus, p.reaction, p.per_action) == (False, False, False, 2)  # Extra Attack
    assert card.reaction_row == ("Longsword", "Handaxe")  # not his turn: his opportunity attacks
    assert (card.legendary_left, card.legendary_row) == (0, ())
    assert aldric.gm_only == frozenset()


def test_a_surprised_goblin(sample):
    # ref: Surprise — "Until its first turn ends, its Reaction pip is spent."
    s = _ambush(sample)
    goblin = _views(s)["goblin-2"]
    assert (goblin.label, goblin.side, goblin.hp, goblin.max_hp, goblin.ac) == ("Goblin 2", "foes", 7, 7, 15)
    assert (goblin.status, goblin.stopped) == ("", "")
    assert goblin.chips == goblin.card_chips == (("Surprised", "rule"),)
    card = _card(s, "goblin-2")
    assert (card.pips.action, card.pips.bonus, card.pips.reaction) == (True, True, True)
    assert card.reaction_row == ()
    assert goblin.gm_only == frozenset({"hp", "max_hp"})  # a hostile creature's exact HP


def test_a_dying_character(sample):
    # ref: Death saves — at 0 HP a character is dying, Unconscious and Prone, and rolls on its turn.
    s = _ambush(sample)
    while current(s) != "mirelle":
        s.execute(cmd.NextTurn())
    s.dice.force([5])
    s.execute(cmd.RollDeathSave("mirelle"))
    mirelle = _views(s)["mirelle"]
    assert (mirelle.hp, mirelle.max_hp, mirelle.current) == (0, 48, True)
    assert (mirelle.status, mirelle.stopped, mirelle.death_saves) == ("dying", "Unconscious", (0, 1))
    assert mirelle.chips == (("dying", "status"), ("Unconscious", "stop"), ("Prone", "rule"))
    assert mirelle.card_chips == (("Unconscious", "stop"), ("Prone", "rule"))  # the card shows the word apart
    assert _card(s, "mirelle").reaction_row == ()
    assert mirelle.gm_only == frozenset()


def test_a_legendary_creature_offers_its_row_off_its_turn():
    # ref: Legendary actions — the "Legendary action (N left)" row, off the creature's turn.
    dragon = evolve(creature("dragon"), legendary_actions=3)
    s = running(campaign(character("hero"), dragon))
    assert current(s) == "hero"
    view = _card(s, "dragon")
    assert (view.legendary_left, view.legendary_row) == (3, ("Scimitar",))
    assert _card(s, "hero").legendary_row == ()


def test_every_field_agrees_with_the_rules(sample):
    s = _ambush(sample)
    state, views = s.state, _views(s)
    assert set(views) == {c.ref for c in state.fight.combatants}
    for ref, view in views.items():
        actor = state.actor(ref)
        assert (view.hp, view.max_hp, view.ac) == (actor.hp, max_hp(actor), armor_class(actor)[0])
        assert (view.status, view.stopped) == (actor_status(actor), stopped_by(actor))
        card = _card(s, ref)
        assert card.combatant is view
        assert card.pips == pips(state, ref)
        assert card.reaction_row == reaction_row(state, ref)
        assert card.legendary_left == legendary_row(state, ref)


def test_the_views_are_computed_once_per_state(sample):
    s = _ambush(sample)
    state, labels = s.state, s.system.labels(s.state)
    views = fight_views(state, labels)
    assert fight_views(state, labels) is views
    assert views["goblin-1"] is views["goblin-1"]
    assert combatant_view(state, "goblin-1", labels) is views["goblin-1"]
    assert card_view(state, "goblin-1", labels) is card_view(state, "goblin-1", labels)
    assert FightView.of(state, labels).views is views


def test_the_views_are_rebuilt_after_a_change(sample):
    s = _ambush(sample)
    before = _views(s)
    old = before["goblin-1"]
    s.execute(cmd.ApplyDamage("goblin-1", 3))
    after = _views(s)
    assert after is not before
    assert (old.hp, after["goblin-1"].hp) == (7, 4)
    s.undo()
    assert _views(s)["goblin-1"].hp == 7


def test_the_record_is_frozen_and_a_ref_outside_the_fight_has_none(sample):
    s = _ambush(sample)
    view = _views(s)["ayla"]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        view.hp = 1  # type: ignore[misc]
    assert _views(s).get("korg") is None  # Korg is elsewhere, not in the fight


def test_the_card_is_rebuilt_after_a_change(sample):
    # ref: Action, bonus action, and reaction — taking the Dodge action spends the Action pip.
    s = _ambush(sample)
    ref = current(s)
    before = _card(s, ref)
    assert before.pips.action is False
    s.execute(cmd.TakeAction(ref, "Dodge"))
    after = _card(s, ref)
    assert after is not before and after.pips.action is True
