"""The GM's overrides of the adopted defaults (notes §3.2); data/defaults.toml says what each is."""

from __future__ import annotations

import typing

import attrs

from combat_tui.core.bounds import bound_problem
from combat_tui.core.command import CommandRejected
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.futurepath import events as ev
from combat_tui.systems.futurepath.check import OPTION_BOUNDS
from combat_tui.systems.futurepath.model import Campaign, FPOptions
from combat_tui.systems.futurepath.stats import fp_state, with_fp
from combat_tui.systems.futurepath.tables import tables

_TRUE, _FALSE = ("yes", "true", "on", "1"), ("no", "false", "off", "0")


def _convert(name: str, text: str, kind) -> object:
    word = text.strip().casefold()
    if kind is bool:
        if word in _TRUE:
            return True
        if word in _FALSE:
            return False
        raise CommandRejected(f"'{text}' is not yes or no.", f"Option {name} is yes or no.")
    if kind is int:
        try:
            number = int(word)
        except ValueError:
            raise CommandRejected(f"'{text}' is not a whole number.", f"Option {name} is a number.") from None
        problems = bound_problem(number, OPTION_BOUNDS[name], name)  # the campaign file's range too
        if problems:
            raise CommandRejected(f"Option {name}: {problems[0][1]}.")
        return number
    choices = typing.get_args(kind)
    if word not in choices:
        raise CommandRejected(f"'{text}' is not a choice of {name}.", "Choices: " + ", ".join(choices) + ".")
    return word


def set_option(state: Campaign, name: str, value: str) -> Outcome:
    fp = fp_state(state)
    hints = typing.get_type_hints(FPOptions)
    key = name.strip().casefold().replace("-", "_")
    if key not in hints:
        raise CommandRejected(f"There is no option '{name}'.", "Options: " + ", ".join(sorted(hints)) + ".")
    new = _convert(key, value, hints[key])
    old = getattr(fp.options, key)
    default = attrs.fields_dict(FPOptions)[key].default
    fp = evolve(fp, options=evolve(fp.options, **{key: new}))
    return Outcome(with_fp(state, fp), (ev.OptionSet(key, _text(old), _text(new), _text(default)),))


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def report(state: Campaign) -> str:
    """Every adopted default with its A-number and, when it has an option, the value in force."""
    options = fp_state(state).options
    lines = []
    for number, entry in sorted(tables().defaults.items(), key=lambda item: int(item[0][1:])):
        option = entry.get("option", "")
        value = ""
        if option:
            current, default = getattr(options, option), attrs.fields_dict(FPOptions)[option].default
            changed = " (changed by the GM)" if current != default else ""
            value = f" [{option} = {_text(current)}{changed}]"
        lines.append(f"{number}. {entry.get('text', '')}{value}")
    return "\n".join(lines)
