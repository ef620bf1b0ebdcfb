"""Field texts: what the editing commands carry. A combatant or a ship is edited as (field, value
text) pairs (`combatant_fields.py`, `space/ship_fields.py`); this module reads one value text,
refusing it with a reason that names the field, and writes a value back as the text a form shows.
"""

from __future__ import annotations

import re

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import parse_dice
from combat_tui.core.records import frozen
from combat_tui.core.text import is_whole, shown

YES = ("yes", "y", "true", "on", "1")
NO = ("no", "n", "false", "off", "0")
NONE = ("", "none")
"""A value that empties a field or removes an entry (`weapon2=none`)."""


class FieldRejected(CommandRejected):
    """A value that cannot go in its field: the reason starts with the field's label, and `field`
    is its key, so a form can put the cursor on it."""

    def __init__(self, field: str, label: str, problem: str, detail: str = "") -> None:
        super().__init__(f"{label}: {problem}", detail)
        self.field = field


@frozen
class FieldSpec:
    """One editable field: its key in the pairs, the label a form and the messages use, a hint
    (the form's placeholder), and its kind: text, number or yesno (a tick box in a form)."""

    key: str
    label: str
    hint: str = ""
    kind: str = "text"


def whole(key: str, label: str, text: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number within [low, high]; the sign is optional (`+2`)."""
    word = text.strip()
    if not is_whole(word):
        raise FieldRejected(key, label, f"'{shown(word)}' is not a whole number.")
    if len(word.lstrip("+-").lstrip("0")) > 12:  # no int() of 5,000 digits
        raise FieldRejected(key, label, f"'{shown(word)}' is too large.")
    value = int(word)
    if low is not None and value < low:
        raise FieldRejected(key, label, f"{value} is below {low}." if high is None else f"{value} is not from {low} to {high}.")
    if high is not None and value > high:
        raise FieldRejected(key, label, f"{value} is above {high}." if low is None else f"{value} is not from {low} to {high}.")
    return value


def yes_no(key: str, label: str, text: str) -> bool:
    word = text.strip().casefold()
    if word in YES:
        return True
    if word in NO:
        return False
    raise FieldRejected(key, label, f"'{text}' is not yes or no.")


def dice(key: str, label: str, text: str) -> str:
    """A dice expression such as 1d8+1, as typed (spaces dropped)."""
    compact = text.replace(" ", "")
    try:
        parse_dice(compact)
    except CommandRejected as error:
        raise FieldRejected(key, label, error.reason, error.detail) from None
    return compact


def word_list(text: str) -> tuple[str, ...]:
    """`two-handed, heavy` or `two-handed heavy`: lower-case words, in order, once each."""
    words = [w.casefold() for w in re.split(r"[,\s]+", text.strip()) if w]
    return tuple(dict.fromkeys(words))


def yes_text(value: bool) -> str:
    return "yes" if value else "no"


def item_key(key: str, group: str) -> tuple[int, str] | None:
    """`weapon2.damage` -> (2, "damage"); `weapon2` -> (2, ""); another key -> None."""
    match = re.fullmatch(rf"{group}([0-9]{{1,4}})(?:\.([a-z_]+))?", key)  # a few ASCII digits for int()
    if match is None:
        return None
    return int(match.group(1)), match.group(2) or ""


def new_id(name: str, taken: set[str]) -> str:
    """An id made from the name (`Space Bear` -> `space-bear`), numbered when it is taken."""
    base = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-") or "new"
    ref, n = base, 1
    while ref in taken:
        n += 1
        ref = f"{base}-{n}"
    return ref


def unknown(key: str, keys: tuple[str, ...], what: str) -> FieldRejected:
    """The refusal of a key that names no field of `what` (combatants, ships)."""
    return FieldRejected(key, key, f"{what} have no field '{key}'.", "Fields: " + ", ".join(keys) + ".")
