"""The one private cattrs converter, for the TOML snapshot and the JSON journal.

Defaults are omitted (TOML has no null, and hand-edited files stay short); unknown keys are
refused, so a typo in a hand edit is reported instead of silently dropped.
"""

from __future__ import annotations

from typing import Any

from cattrs import ClassValidationError, IterableValidationError, transform_error
from cattrs.gen import make_dict_unstructure_fn
from cattrs.preconf.tomllib import make_converter

from ..core.commands import BY_KIND
from ..core.model import Abilities, Campaign
from ..core.rules import system_ids

_converter = make_converter(omit_if_default=True, forbid_extra_keys=True)
# All six scores always written: a reader of the file should not have to know the default is 10.
_converter.register_unstructure_hook(
    Abilities, make_dict_unstructure_fn(Abilities, _converter, _cattrs_omit_if_default=False)
)


def campaign_to_data(campaign: Campaign) -> dict[str, Any]:
    return _converter.unstructure(campaign)


def campaign_from_data(data: dict[str, Any]) -> Campaign:
    """Structure a campaign; raises ValueError with `path: problem` lines on bad data."""
    try:
        return _converter.structure(data, Campaign)
    except (ClassValidationError, IterableValidationError) as error:
        raise ValueError("; ".join(_readable(line) for line in transform_error(error))) from None


def command_to_data(command: object) -> dict[str, Any]:
    return {"kind": type(command).kind, **_converter.unstructure(command)}


def command_from_data(data: dict[str, Any]) -> object:
    data = dict(data)
    kind = data.pop("kind", None)
    system_ids()  # loads every rule system, so their own commands are in BY_KIND
    cls = BY_KIND.get(kind)
    if cls is None:
        raise ValueError(f"unknown command kind {kind!r}")
    try:
        return _converter.structure(data, cls)
    except (ClassValidationError, IterableValidationError) as error:
        raise ValueError("; ".join(_readable(line) for line in transform_error(error))) from None


def _readable(line: str) -> str:
    """cattrs says `invalid value for type, expected int @ $.characters[0].hp`; put the path first."""
    message, _, path = line.rpartition(" @ ")
    if not message:
        return line
    path = path.removeprefix("$").lstrip(".") or "the top level"
    return f"{path}: {message}"
