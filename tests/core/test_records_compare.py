"""`records.frozen`'s shared eq and hash compare what attrs' generated ones compare: the same
class and every eq field; the hash leaves out hash=False fields; a repr reads as attrs' repr."""

from __future__ import annotations

import attrs
from hypothesis import given
from hypothesis import strategies as st

from combat_tui.core.records import frozen
from combat_tui.library.goblin_ambush import goblin_ambush


@frozen
class _Ours:
    name: str
    tags: tuple[str, ...] = ()
    extra: dict = attrs.field(factory=dict, hash=False)
    note: str = attrs.field(default="", eq=False)


@attrs.frozen
class _Theirs:
    name: str
    tags: tuple[str, ...] = ()
    extra: dict = attrs.field(factory=dict, hash=False)
    note: str = attrs.field(default="", eq=False)


@frozen
class _One:
    only: int


@frozen
class _None:
    pass


values = st.tuples(st.sampled_from(["a", "b"]), st.lists(st.sampled_from(["x", "y"]), max_size=2).map(tuple),
                   st.dictionaries(st.integers(0, 2), st.integers(0, 2), max_size=2), st.sampled_from(["", "n"]))


@given(values, values)
def test_eq_and_hash_as_attrs_makes_them(one, other) -> None:
    ours, theirs = (_Ours(*one), _Ours(*other)), (_Theirs(*one), _Theirs(*other))
    assert (ours[0] == ours[1]) == (theirs[0] == theirs[1])
    assert (ours[0] != ours[1]) == (theirs[0] != theirs[1])
    if ours[0] == ours[1]:
        assert hash(ours[0]) == hash(ours[1])
    assert repr(ours[0]).replace("_Ours", "_Theirs") == repr(theirs[0])


def test_another_class_is_never_equal_and_small_records_compare() -> None:
    assert _Ours("a") != _Theirs("a") and not (_Ours("a") == _Theirs("a"))
    assert _One(1) == _One(1) and _One(1) != _One(2) and hash(_One(1)) == hash(_One(1))
    assert _None() == _None() and hash(_None()) == hash(_None())
    assert {_One(3): "x"}[_One(3)] == "x"


def test_a_campaign_equals_its_copy_and_not_a_changed_one() -> None:
    one, two = goblin_ambush(), goblin_ambush()
    assert one == two and hash(one.creatures[0]) == hash(two.creatures[0])
    assert one != attrs.evolve(one, name="Other")
