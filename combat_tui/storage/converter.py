"""The one private cattrs converter, for the TOML snapshot, the JSON journal and shared files.

Defaults are omitted (TOML has no null, and hand-edited files stay short); unknown keys are
refused, so a typo in a hand edit is reported instead of silently dropped. A campaign is
structured into its rule system's record (`campaign_type`), found by the `system` field, so
only that system is imported.

Structuring is strict: a value must already have its field's type. cattrs would turn `48.9`
into 48, `"no"` into True and `5` into "5"; here each is refused with its field path
(`characters[1].hp: expected an int`), so a file never loads with data other than it says.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, get_args, get_origin

import attrs
from cattrs import Converter, ForbiddenExtraKeysError, IterableValidationError, transform_error
from cattrs.errors import IterableValidationNote
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn
from cattrs.preconf.tomllib import make_converter
from cattrs.v import format_exception

from combat_tui.core.campaign import Campaign
from combat_tui.core.registry import RuleSystem, get_system

_converter = make_converter(omit_if_default=True, forbid_extra_keys=True)
_hooked: set[str] = set()
_skeleton_converter = None
"""`_converter` with each tuple of records unstructured to `Records` (made again when a system's
hooks are added, so it has them too)."""


class StructureError(ValueError):
    """Data that is not the record it should be: every (field path, problem), path "" for the
    top; `str()` is `path: problem` of the first few, joined by "; "."""

    SHOWN = 10
    """A hostile file can hold thousands of bad values: the message names the first ones."""

    def __init__(self, problems: tuple[tuple[str, str], ...]) -> None:
        self.problems = problems
        text = "; ".join(f"{where or 'the top level'}: {problem}" for where, problem in problems[: self.SHOWN])
        more = len(problems) - self.SHOWN
        super().__init__(text + (f"; and {more} more" if more > 0 else ""))


class _Refused(ValueError):
    """A value of the wrong type; its text is the problem as a person editing the file reads it."""


def _int(value: object, _: type) -> int:
    if type(value) is int:  # not a bool, not a float
        return value
    raise _Refused("expected an int")


def _str(value: object, _: type) -> str:
    if type(value) is str:
        return value
    raise _Refused("expected a string")


def _bool(value: object, _: type) -> bool:
    if type(value) is bool:
        return value
    raise _Refused("expected true or false")


def _literal(hint: Any) -> Callable[[object, type], object]:
    options = get_args(hint)
    expected = "expected one of " + ", ".join(repr(option) for option in options)

    def structure(value: object, _: type) -> object:
        for option in options:  # by type too: 1 == True, and a list is not hashable
            if type(value) is type(option) and value == option:
                return option
        raise _Refused(expected)

    return structure


def _tuple(hint: Any, converter: Converter) -> Callable[[object, type], tuple]:
    """An array of the right items; a string or a table is not iterated into one."""
    args = get_args(hint)
    same = len(args) == 2 and args[1] is Ellipsis
    fixed = None if same else len(args)
    hooks = [(arg, converter.get_structure_hook(arg)) for arg in args[:1 if same else None]]

    def structure(value: object, _: type) -> tuple:
        if not isinstance(value, list | tuple):
            raise _Refused("expected an array")
        if fixed is not None and len(value) != fixed:
            raise _Refused(f"expected an array of {fixed} items")
        items, errors = [], []
        for index, item in enumerate(value):
            item_type, hook = hooks[0 if same else index]
            try:
                items.append(hook(item, item_type))
            except Exception as error:  # gathered, as cattrs does, so every bad item is named
                note = IterableValidationNote(f"Structuring {hint} @ index {index}", index, item_type)
                error.__notes__ = [*getattr(error, "__notes__", []), note]
                errors.append(error)
        if errors:
            raise IterableValidationError(f"While structuring {hint!r}", errors, hint)
        return tuple(items)

    return structure


def _record(cls: type, converter: Converter) -> Callable[[object, type], object]:
    """A record is a table: anything else is refused at its own path, not at each of its fields."""
    inner = make_dict_structure_fn(cls, converter)

    def structure(value: object, _: type) -> object:
        if not isinstance(value, dict):
            raise _Refused("expected a table")
        return inner(value, cls)

    return structure


_converter.register_structure_hook(int, _int)
_converter.register_structure_hook(str, _str)
_converter.register_structure_hook(bool, _bool)
_converter.register_structure_hook_factory(lambda hint: get_origin(hint) is Literal, _literal)
_converter.register_structure_hook_factory(lambda hint: get_origin(hint) is tuple, _tuple)
_converter.register_structure_hook_factory(attrs.has, _record)
_quick = _converter.copy(detailed_validation=False)
"""The same hooks, without cattrs' detailed validation, for data that is right (nearly all of
it): its generated code is less than half the size, and compiling the code of a campaign's
records was 20 ms of every start-up. A refusal is structured again by `_converter`, which names
every bad field."""


def _system(system_id: object) -> RuleSystem:
    """The rule system a campaign names, with its records' hooks in the converter."""
    global _skeleton_converter
    if system_id is None:
        raise StructureError((("system", "required field missing"),))
    if type(system_id) is not str:
        raise StructureError((("system", "expected a string"),))
    system = get_system(system_id)
    if system.id not in _hooked:
        # e.g. all six ability scores always written: a reader of the file should not have to
        # know that the default is 10.
        for record in system.full_records:
            _converter.register_unstructure_hook(
                record, make_dict_unstructure_fn(record, _converter, _cattrs_omit_if_default=False)
            )
        _hooked.add(system.id)
        _skeleton_converter = None
    return system


def campaign_to_data(campaign: Campaign) -> dict[str, Any]:
    _system(campaign.system)
    return _converter.unstructure(campaign)


def campaign_from_data(data: object) -> Campaign:
    """Structure a campaign; raises StructureError (a ValueError) naming every bad field (and
    CommandRejected for a rule system the app does not know)."""
    if not isinstance(data, dict):
        raise StructureError((("", "expected a table"),))
    system = _system(data.get("system"))
    return structure(data, system.campaign_type)


class Records(list):
    """The records of a tuple of records, left whole in `campaign_skeleton`."""


def _is_record_tuple(hint: Any) -> bool:
    args = get_args(hint)
    return get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis and attrs.has(args[0])


def _records(hint: Any) -> Callable[[tuple], object]:
    item = get_args(hint)[0]
    whole = _converter.get_unstructure_hook(hint)

    def unstructure(value: tuple) -> object:
        for record in value:
            if type(record) is not item:  # a subclass is unstructured as `item`: left to cattrs
                return whole(value)
        return Records(value)

    return unstructure


def campaign_skeleton(campaign: Campaign) -> dict[str, Any]:
    """`campaign_to_data`, but each tuple of records is a `Records` list of the records themselves,
    each of which `record_data` unstructures: the JSON snapshot serializes a record once and
    reuses its text while the record is in the state (`fast_snapshot.py`)."""
    global _skeleton_converter
    _system(campaign.system)
    skeleton = _skeleton_converter
    if skeleton is None:
        skeleton = _converter.copy()
        skeleton.register_unstructure_hook_factory(_is_record_tuple, _records)
        _skeleton_converter = skeleton
    return skeleton.unstructure(campaign)


def record_data(record: object) -> dict[str, Any]:
    """One record of a `Records` list, as `campaign_to_data` writes it in that list."""
    return _converter.unstructure(record, type(record))


def command_to_data(command: object) -> dict[str, Any]:
    return {"kind": type(command).kind, **_converter.unstructure(command)}


def command_from_data(data: object, system_id: str) -> object:
    """A journal's command record, as strict as the campaign file; StructureError if it is bad."""
    if not isinstance(data, dict):
        raise StructureError((("", "a command must be a table (a JSON object)"),))
    data = dict(data)
    kind = data.pop("kind", None)
    cls = _system(system_id).commands.get(kind) if type(kind) is str else None
    if cls is None:
        raise StructureError((("kind", f"unknown command kind {shorten(repr(kind))}"),))
    return structure(data, cls)


def record_to_data(record: object, system_id: str) -> dict[str, Any]:
    """One record of a system's campaign (a creature, a character) as its campaign file writes it."""
    _system(system_id)
    return _converter.unstructure(record)


def record_from_data(data: object, record_type: type) -> tuple[object | None, tuple[tuple[str, str], ...]]:
    """(the record, ()) or (None, the (field path, problem) of every bad field, path "" for the record)."""
    try:
        return structure(data, record_type), ()
    except StructureError as error:
        return None, error.problems


def structure(data: object, record_type: type) -> Any:
    """`data` as a `record_type`, strictly; StructureError names every bad field. The one entry
    point for anything read from a file (the snapshot, journal records, shared files)."""
    try:
        return _quick.structure(data, record_type)
    except RecursionError:
        raise StructureError((("", "nested too deeply"),)) from None
    except Exception:  # something is wrong: the detailed converter says what, and where
        pass
    try:
        return _converter.structure(data, record_type)
    except RecursionError:
        raise StructureError((("", "nested too deeply"),)) from None
    except Exception as error:  # cattrs raises its own errors and the hooks' ValueError/TypeError
        raise StructureError(tuple(_place(line) for line in transform_error(error, format_exception=_problem))) from None


def _problem(error: BaseException, hint: Any) -> str:
    """An error in the words of a person editing the file."""
    if isinstance(error, _Refused):
        return str(error)
    if isinstance(error, ForbiddenExtraKeysError):
        return "unknown fields (" + ", ".join(sorted(shorten(str(key)) for key in error.extra_fields)) + ")"
    text = format_exception(error, hint)
    if text.startswith("invalid value for type, expected "):
        return "expected " + text.removeprefix("invalid value for type, expected ")
    return shorten(text)


def _place(line: str) -> tuple[str, str]:
    """cattrs says `expected an int @ $.characters[0].hp`: (`characters[0].hp`, `expected an int`)."""
    message, _, path = line.rpartition(" @ ")
    if not message:
        return "", line
    return path.removeprefix("$").lstrip("."), message


def shorten(text: str, limit: int = 60) -> str:
    """A text a message quotes, cut short: a hostile file can hold a key of a million characters."""
    return text if len(text) <= limit else text[:limit] + "..."
