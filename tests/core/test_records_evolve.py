"""`records.evolve` makes what `attrs.evolve` makes: every field kept but the changed ones, with
the class's converters and validators run, private names by their alias, and bad names refused."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from combat_tui.core.records import evolve, frozen
from combat_tui.library.goblin_ambush import goblin_ambush


@frozen
class _Tagged:
    name: str
    tags: tuple[str, ...] = attrs.field(default=(), converter=tuple)
    _hidden: int = 0
    level: int = attrs.field(default=1, validator=attrs.validators.ge(1))
    derived: int = attrs.field(init=False, default=7)


@frozen
class _Single:
    only: int


@frozen
class _Empty:
    pass


@given(st.text(), st.lists(st.text(), max_size=3), st.integers(), st.integers(min_value=1))
def test_the_same_as_attrs_evolve(name, tags, hidden, level) -> None:
    start = _Tagged("x", ("a",), 3, 2)
    changes = {"name": name, "tags": tags, "hidden": hidden, "level": level}
    for size in range(len(changes) + 1):
        some = dict(list(changes.items())[:size])
        assert evolve(start, **some) == attrs.evolve(start, **some)
    assert evolve(start, tags=["b"]).tags == ("b",)  # the converter ran


def test_a_validator_runs_and_an_unknown_name_is_refused() -> None:
    with pytest.raises(ValueError):
        evolve(_Tagged("x"), level=0)
    with pytest.raises(TypeError):
        evolve(_Tagged("x"), colour="red")
    assert evolve(_Single(1), only=2) == _Single(2) and evolve(_Empty()) == _Empty()


def test_a_campaign_and_its_creatures_evolve_alike() -> None:
    campaign = goblin_ambush()
    creature = campaign.creatures[0]
    assert evolve(creature, hp=1) == attrs.evolve(creature, hp=1)
    assert evolve(campaign, name="Other") == attrs.evolve(campaign, name="Other")


@frozen
class _Keyword:
    name: str
    size: int = attrs.field(default=1, kw_only=True)


def test_a_keyword_only_field_is_passed_by_keyword() -> None:
    start = _Keyword("x", size=3)
    assert evolve(start, name="y") == attrs.evolve(start, name="y") == _Keyword("y", size=3)
    assert evolve(start, size=5) == _Keyword("x", size=5)
