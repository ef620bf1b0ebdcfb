"""Tab completion of the `:` prompt (core/completion.py) and unique verb prefixes (core/text.py)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from combat_tui.core.command import CommandRejected
from combat_tui.core.completion import complete
from combat_tui.core.text import parse
from combat_tui.library.space_bears import space_bears


def words(line, state):
    return complete(line, state).candidates


def test_verbs_complete_from_their_first_letters(sample):
    assert words("dam", sample) == ("damage",)
    assert {"dice", "damage", "deathsave"} <= set(words("d", sample))
    assert "undo" in words("", sample)


def test_names_are_the_labels_quoted_when_they_have_spaces(sample):
    got = complete("damage gob", sample)
    assert got.start == len("damage ")
    assert got.candidates == ("'Goblin 1'", "'Goblin 2'", "'Goblin 3'", "'Goblin Boss'")
    assert words("show ser", sample) == ("'Ser Aldric'",)
    assert words("show 'Ser", sample) == ("'Ser Aldric'",)  # an open quote is part of the word


def test_a_name_of_unquoted_words_completes_from_its_first_word(sample):
    got = complete("damage Goblin 2", sample)
    assert (got.start, got.candidates) == (len("damage "), ("'Goblin 2'",))
    assert got.fill("damage Goblin 2") == "damage 'Goblin 2' "  # one candidate: the space after it


def test_the_attackers_weapons_then_the_options(sample):
    assert words("attack Ayla 'Goblin 2' ", sample) == ("Rapier", "Shortbow")
    assert words("attack Ayla Goblin 2 sh", sample) == ("Shortbow",)
    options = words("attack Ayla 'Goblin 2' Rapier ", sample)
    assert {"adv", "dis", "react", "thrown", "offhand"} <= set(options)
    assert words("attack Ayla 'Goblin 2' Rapier adv d", sample) == ()  # one of adv|dis|normal
    assert words("attack Ayla 'Goblin 2' Rapier adv s", sample) == ("sneak",)


def test_the_casters_spells_and_who_they_go_on(sample):
    assert words("cast Mirelle heal", sample) == ("'Healing Word'",)
    assert {"at", "on"} <= set(words("cast Mirelle 'Healing Word' ", sample))
    assert words("cast Mirelle 'Healing Word' on br", sample) == ("Bren", "'Brother Oswin'")
    assert words("cast Mirelle 'Magic Missile' on Bren, gob", sample)[0] == "'Goblin 1'"
    # react NAME SPELL: the spells of the one who reacts
    assert "'Healing Word'" in words("attack Ayla 'Goblin 2' Rapier react Mirelle ", sample)


def test_conditions_damage_types_and_fixed_words(sample):
    assert words("chip Bren +poi", sample) == ("+Poisoned",)
    assert words("damage Bren 5 fi", sample) == ("fire",)
    assert words("tray ", sample) == ("normal", "adv", "dis")
    assert "roll" in words("stealth ", sample)  # `stealth roll | stealth NAME TOTAL`


def test_futurepath_weapons_actions_and_conditions():
    state = space_bears()
    assert words("att", state) == ("attack",)
    assert words("declare Brandon att", state) == ("attack",)
    assert words("declare Brandon attack on Bearclaw with ", state) == ("'Silenced Pistol'",)
    assert "'Space Bear 2'" in words("attack Brandon space", state)
    assert words("chip Brandon +blin", state) == ("+Blinded",)


def test_nothing_to_offer_is_an_empty_completion(sample):
    assert words("fireball ", sample) == ()
    assert words("damage Bren ", sample) == ()  # AMOUNT: a number


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(alphabet=st.sampled_from("ad mgo'\",+-2 Brenck|[]"), max_size=30))
def test_completion_never_raises(sample, line):
    for state in (sample, space_bears()):
        complete(line, state)
        complete("attack " + line, state)


# -- unique prefixes at parse ---------------------------------------------------------------


def test_a_unique_prefix_names_the_verb(sample):
    assert parse("dam 'Goblin 2' 5", sample).verb == "damage"
    assert parse("sho Bren", sample).verb == "show"


def test_an_ambiguous_prefix_names_the_candidates(sample):
    with pytest.raises(CommandRejected) as refused:
        parse("de Bren", sample)
    assert refused.value.reason == "'de' could be deathsave, delete."


def test_a_whole_verb_wins_over_a_longer_one():
    assert parse("team Brandon", space_bears()).verb == "team"  # not teaminit
    assert parse("next", space_bears()).verb == "next"


def test_an_unknown_word_is_still_unknown(sample):
    with pytest.raises(CommandRejected) as refused:
        parse("fireball everyone", sample)
    assert refused.value.reason == "Unknown command 'fireball'."


class _Label(str):
    """A label that counts the comparisons made with it."""

    compared = 0

    def __eq__(self, other):
        _Label.compared += 1
        return str.__eq__(self, other)

    __hash__ = str.__hash__


def test_the_names_offered_cost_comparisons_linear_in_the_labels():
    """Issue 17 (every rule on the key path linear or better): each label was looked for in the
    list of those already offered, 125,000 comparisons for 500 creatures on one Tab."""
    from combat_tui.core.completion import _names_for

    labels = {f"goblin-{n}": _Label(f"Goblin {n}") for n in range(500)}
    labels["again"] = _Label("Goblin 7")  # two refs with one label: offered once
    _Label.compared = 0
    names = _names_for("gob", labels)
    assert len(names) == 500 and names[:2] == ("'Goblin 0'", "'Goblin 1'")
    assert _Label.compared < 3 * len(labels)
