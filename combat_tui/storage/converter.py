"""The one private cattrs converter, for the TOML snapshot and the JSON journal.

Defaults are omitted (TOML has no null, and hand-edited files stay short); unknown keys are
refused, so a typo in a hand edit is reported instead of silently dropped. A campaign is
structured into its rule system's record (`campaign_type`), found by the `system` field, so
only that system is imported.
"""

from __future__ import annotations

from typing import Any

from cattrs import ClassValidationError, IterableValidationError, transform_error
from cattrs.gen import make_dict_unstructure_fn
from cattrs.preconf.tomllib import make_converter

from combat_tui.core.campaign import Campaign
from combat_tui.core.registry import RuleSystem, get_system

_converter = make_converter(omit_if_default=True, forbid_extra_keys=True)
_hooked: set[str] = set()


def _system(system_id: object) -> RuleSystem:
    """The rule system a campaign names, with its records' hooks in the converter."""
    if system_id is None:
        raise ValueError("system: required field missing")
    if not isinstance(system_id, str):
        raise ValueError("system: invalid value for type, expected str")
    system = get_system(system_id)
    if system.id not in _hooked:
        # e.g. all six ability scores always written: a reader of the file should not have to
        # know that the default is 10.
        for record in system.full_records:
            _converter.register_unstructure_hook(
                record, make_dict_unstructure_fn(record, _converter, _cattrs_omit_if_default=False)
            )
        _hooked.add(system.id)
    return system


def campaign_to_data(campaign: Campaign) -> dict[str, Any]:
    _system(campaign.system)
    return _converter.unstructure(campaign)


def campaign_from_data(data: dict[str, Any]) -> Campaign:
    """Structure a campaign; raises ValueError with `path: problem` lines on bad data (and
    CommandRejected for a rule system the app does not know)."""
    system = _system(data.get("system"))
    try:
        return _converter.structure(data, system.campaign_type)
    except (ClassValidationError, IterableValidationError) as error:
        raise ValueError("; ".join(_readable(line) for line in transform_error(error))) from None


def command_to_data(command: object) -> dict[str, Any]:
    return {"kind": type(command).kind, **_converter.unstructure(command)}


def command_from_data(data: dict[str, Any], system_id: str) -> object:
    data = dict(data)
    kind = data.pop("kind", None)
    cls = _system(system_id).commands.get(kind)
    if cls is None:
        raise ValueError(f"unknown command kind {kind!r}")
    try:
        return _converter.structure(data, cls)
    except (ClassValidationError, IterableValidationError) as error:
        raise ValueError("; ".join(_readable(line) for line in transform_error(error))) from None


def record_to_data(record: object, system_id: str) -> dict[str, Any]:
    """One record of a system's campaign (a creature, a character) as its campaign file writes it."""
    _system(system_id)
    return _converter.unstructure(record)


def record_from_data(data: object, record_type: type) -> tuple[object | None, tuple[tuple[str, str], ...]]:
    """(the record, ()) or (None, the (field path, problem) of every bad field, path "" for the record)."""
    try:
        return _converter.structure(data, record_type), ()
    except Exception as error:  # cattrs raises its own errors and the hooks' ValueError/TypeError
        return None, tuple(_place(line) for line in transform_error(error))


def _place(line: str) -> tuple[str, str]:
    message, _, path = line.rpartition(" @ ")
    if not message:
        return "", line
    return path.removeprefix("$").lstrip("."), message


def _readable(line: str) -> str:
    """cattrs says `invalid value for type, expected int @ $.characters[0].hp`; put the path first."""
    message, _, path = line.rpartition(" @ ")
    if not message:
        return line
    path = path.removeprefix("$").lstrip(".") or "the top level"
    return f"{path}: {message}"
