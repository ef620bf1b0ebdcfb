"""The one-line text form of commands (DESIGN.md §5, docs/commands.md).

`parse(line, state)` turns a line into a `Parsed` (a command for the session, or a session verb
such as undo), resolving names as the labels the app shows, case-insensitively. A name with
spaces may be quoted; unquoted, the longest run of words that names someone is taken.
`format_command` writes a command back in the same form, for the journal and the history.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable

from attrs import frozen

from . import commands as cmd
from .commands import CommandRejected
from .model import Campaign
from .rules import get_system

VERBS = ("dice", "setup", "init", "start", "next", "prev", "attack", "damage", "heal", "deathsave",
         "stabilize", "cast", "chip", "exhaustion", "save", "check", "tray", "end", "undo", "redo", "show",
         "cancel", "parley", "surprised")  # fmt: skip
MODES = ("adv", "dis", "normal")
ATTACK_OPTIONS = ("thrown", "long", "two-handed")


@frozen
class Parsed:
    """`verb` is the first word; `command` is set for verbs that change the campaign."""

    verb: str
    command: object | None = None
    faces: tuple[int, ...] = ()
    ref: str = ""


def parse(line: str, state: Campaign) -> Parsed:
    try:
        words = shlex.split(line, comments=True)
    except ValueError as error:
        raise CommandRejected(f"Cannot read that line: {error}.") from None
    if not words:
        raise CommandRejected("The line is empty.", "Type a command such as 'next' or 'damage Goblin 5'.")
    verb, args = words[0].casefold(), words[1:]
    handlers, known = _system_verbs(state)
    handler = handlers.get(verb)
    if handler is None:
        raise CommandRejected(f"Unknown command '{words[0]}'.", "Known: " + ", ".join(known) + ".")
    return handler(_Args(verb, args, state))


def _system_verbs(state: Campaign) -> tuple[dict[str, Callable[[_Args], Parsed]], tuple[str, ...]]:
    """The verbs of the campaign's rule system: a system with its own table (`verbs`, `usage`)
    gets those plus the session verbs `dice`, `undo` and `redo`; dnd5e uses the table here."""
    system = get_system(state.system)
    own = getattr(system, "verbs", None)
    if own is None:
        return _HANDLERS, VERBS
    handlers = {"dice": _dice, "undo": _plain("undo", None), "redo": _plain("redo", None), **own}
    return handlers, tuple(handlers)


class _Args:
    def __init__(self, verb: str, words: list[str], state: Campaign) -> None:
        self.verb, self.words, self.state = verb, words, state
        self.labels = get_system(state.system).labels(state)

    def none(self) -> None:
        if self.words:
            raise CommandRejected(f"'{self.verb}' takes no arguments, but got '{' '.join(self.words)}'.")

    def usage(self) -> str:
        own = getattr(get_system(self.state.system), "usage", None)
        return (own or USAGE).get(self.verb, self.verb)

    def name(self, leave: int = 0) -> str:
        """Take the longest run of words that names someone, leaving at least `leave` words."""
        if len(self.words) <= leave:
            raise CommandRejected(f"'{self.verb}' needs a name here.", f"Usage: {self.usage()}")
        for end in range(len(self.words) - leave, 0, -1):
            ref = resolve(" ".join(self.words[:end]), self.state, self.labels, strict=False)
            if ref:
                del self.words[:end]
                return ref
        return resolve(self.words[0], self.state, self.labels, strict=True)

    def number(self, what: str) -> int:
        if not self.words:
            raise CommandRejected(f"'{self.verb}' needs {what}.", f"Usage: {self.usage()}")
        word = self.words.pop(0)
        try:
            return int(word)
        except ValueError:
            raise CommandRejected(f"'{word}' is not a whole number ({what}).", f"Usage: {self.usage()}") from None


def resolve(text: str, state: Campaign, labels: dict[str, str], strict: bool = True) -> str:
    """The id of the actor labelled `text` (or named so, when the name is unique)."""
    wanted = text.casefold()
    found = [ref for ref, label in labels.items() if label.casefold() == wanted]
    if not found:
        actors = state.characters + state.creatures
        found = [a.id for a in actors if a.name.casefold() == wanted or a.id.casefold() == wanted]
    if len(found) == 1:
        return found[0]
    if not strict:
        return ""
    if found:
        choices = ", ".join(sorted(labels[ref] for ref in found))
        raise CommandRejected(f"'{text}' could mean more than one: {choices}.", "Use the numbered label.")
    raise CommandRejected(f"No one here is called '{text}'.", "Names are the labels the app shows.")


def _dice(a: _Args) -> Parsed:
    if not a.words:
        raise CommandRejected("'dice' needs at least one face.", f"Usage: {USAGE['dice']}")
    faces = []
    for word in a.words:
        if not word.isdigit() or int(word) < 1:
            raise CommandRejected(f"'{word}' is not a die face.", "Faces are whole numbers from 1.")
        faces.append(int(word))
    return Parsed("dice", faces=tuple(faces))


def _init(a: _Args) -> Parsed:
    ref = a.name(leave=1)
    value = a.number("an initiative value")
    a.none()
    return Parsed("init", cmd.SetInitiative(ref, value))


def _mode(a: _Args) -> str:
    if a.words and a.words[-1].casefold() in MODES:
        return a.words.pop().casefold()
    return ""


def _attack(a: _Args) -> Parsed:
    mode = _mode(a)
    options = set()
    while len(a.words) > 3 and a.words[-1].casefold() in ATTACK_OPTIONS:
        options.add(a.words.pop().casefold())
    attacker = a.name(leave=2)
    target = a.name(leave=1)
    weapon = " ".join(a.words)
    command = cmd.Attack(attacker, target, weapon, mode, "thrown" in options, "long" in options, "two-handed" in options)
    return Parsed("attack", command)


def chip_words(a: _Args, usage: str) -> tuple[str, str, list[str]]:
    """(ref, sign, the words after the sign) of `NAME +CONDITION ...` or `NAME -CONDITION`."""
    signed = next((i for i, word in enumerate(a.words) if word[:1] in "+-" and i > 0), None)
    if signed is None:
        raise CommandRejected("'chip' needs +CONDITION or -CONDITION after the name.", f"Usage: {usage}")
    rest = a.words[signed:]
    a.words = a.words[:signed]
    ref = a.name()
    a.none()
    sign, rest[0] = rest[0][0], rest[0][1:]
    return ref, sign, rest


def _chip(a: _Args) -> Parsed:
    ref, sign, rest = chip_words(a, USAGE['chip'])
    rounds, until = 0, ""
    if sign == "+" and len(rest) > 1 and rest[-1].casefold() == "next":
        rest.pop()
        current = a.state.fight.current() if a.state.fight else None
        if current is None:
            raise CommandRejected("'next' needs a running fight: the chip ends at the start of the next turn of "
                                  "whoever's turn it is.")  # fmt: skip
        until = current.ref
    elif sign == "+" and len(rest) > 1 and rest[-1].isdigit():
        rounds = int(rest.pop())
        if rounds < 1:
            raise CommandRejected("A timed chip lasts at least 1 round.")
    name = " ".join(word for word in rest if word)
    if not name:
        raise CommandRejected("The chip needs a name after the sign.", f"Usage: {USAGE['chip']}")
    if sign == "-":
        return Parsed("chip", cmd.RemoveChip(ref, name))
    return Parsed("chip", cmd.AddChip(ref, name, rounds, until))


def _cast(a: _Args) -> Parsed:
    """cast CASTER SPELL [at LEVEL] [on TARGET[, TARGET ...]] [TYPE] [ignore-armor] [adv|dis|normal]"""
    from .rules.dnd5e.defenses import DAMAGE_TYPES

    mode = _mode(a)
    ignore = bool(a.words) and a.words[-1].casefold() == "ignore-armor"
    if ignore:
        a.words.pop()
    option = a.words.pop().casefold() if a.words and a.words[-1].casefold() in DAMAGE_TYPES else ""
    lowered = [w.casefold() for w in a.words]
    targets: list[str] = []
    if "on" in lowered[1:]:
        at = len(lowered) - 1 - lowered[::-1].index("on")
        names = " ".join(a.words[at + 1 :])
        a.words = a.words[:at]
        for name in filter(None, (part.strip() for part in names.split(","))):
            targets.append(resolve(name, a.state, a.labels))
    level = 0
    lowered = [w.casefold() for w in a.words]
    if len(lowered) >= 3 and lowered[-2] == "at":
        word = a.words[-1].casefold().rstrip("stndrh") or a.words[-1]
        try:
            level = int(word)
        except ValueError:
            raise CommandRejected(f"'{a.words[-1]}' is not a slot level.", f"Usage: {USAGE['cast']}") from None
        del a.words[-2:]
    caster = a.name(leave=1)
    spell = " ".join(a.words)
    if not spell:
        raise CommandRejected("'cast' needs a spell.", f"Usage: {USAGE['cast']}")
    return Parsed("cast", cmd.Cast(caster, spell, level, tuple(targets), mode, ignore, option))


def _exhaustion(a: _Args) -> Parsed:
    ref = a.name(leave=1)
    level = a.number("a level from 0 to 6")
    a.none()
    return Parsed("exhaustion", cmd.SetExhaustion(ref, level))


def _save(a: _Args) -> Parsed:
    from .rules.dnd5e.checks import ability_name

    mode = _mode(a)
    ref = a.name(leave=1)
    ability = ability_name(" ".join(a.words))
    return Parsed("save", cmd.RollSave(ref, ability, mode))


def _check(a: _Args) -> Parsed:
    from .rules.dnd5e.checks import check_name

    mode = _mode(a)
    ref = a.name(leave=1)
    name = check_name(" ".join(a.words))
    return Parsed("check", cmd.RollCheck(ref, name, mode))


def _surprised(a: _Args) -> Parsed:
    flag = True
    if a.words and a.words[-1].casefold() in ("on", "off"):
        flag = a.words.pop().casefold() == "on"
    ref = a.name()
    a.none()
    return Parsed("surprised", cmd.SetSurprised(ref, flag))


def _tray(a: _Args) -> Parsed:
    if len(a.words) != 1 or a.words[0].casefold() not in MODES:
        raise CommandRejected("'tray' takes one mode: normal, adv or dis.", f"Usage: {USAGE['tray']}")
    return Parsed("tray", cmd.SetTrayMode(a.words[0].casefold()))


def _damage(a: _Args) -> Parsed:
    damage_type = ""
    if len(a.words) >= 3 and not a.words[-1].lstrip("-").isdigit():
        damage_type = a.words.pop().casefold()
    ref = a.name(leave=1)
    amount = a.number("an amount")
    a.none()
    return Parsed("damage", cmd.ApplyDamage(ref, amount, damage_type))


def _heal(a: _Args) -> Parsed:
    ref = a.name(leave=1)
    amount = a.number("an amount")
    a.none()
    return Parsed("heal", cmd.Heal(ref, amount))


def _one_name(verb: str, make: Callable[[str], object]) -> Callable[[_Args], Parsed]:
    def handler(a: _Args) -> Parsed:
        ref = a.name()
        a.none()
        return Parsed(verb, make(ref))

    return handler


def _end(a: _Args) -> Parsed:
    if not a.words:
        return Parsed("end", cmd.EndFight())
    if a.words[0].casefold() != "award" or len(a.words) != 2:
        raise CommandRejected(f"Cannot read 'end {' '.join(a.words)}'.", f"Usage: {USAGE['end']}")
    a.words.pop(0)
    amount = a.number("an XP amount")
    if amount < 0:
        raise CommandRejected("The XP award cannot be negative.")
    return Parsed("end", cmd.EndFight(amount))


def _show(a: _Args) -> Parsed:
    ref = a.name()
    a.none()
    return Parsed("show", ref=ref)


def _plain(verb: str, command: object | None) -> Callable[[_Args], Parsed]:
    def handler(a: _Args) -> Parsed:
        a.none()
        return Parsed(verb, command)

    return handler


_HANDLERS: dict[str, Callable[[_Args], Parsed]] = {
    "dice": _dice,
    "setup": _plain("setup", cmd.OpenSetup()),
    "cancel": _plain("cancel", cmd.CancelSetup()),
    "parley": _plain("parley", cmd.Parley()),
    "surprised": _surprised,
    "init": _init,
    "start": _plain("start", cmd.StartFight()),
    "next": _plain("next", cmd.NextTurn()),
    "prev": _plain("prev", cmd.PrevTurn()),
    "attack": _attack,
    "damage": _damage,
    "heal": _heal,
    "deathsave": _one_name("deathsave", cmd.RollDeathSave),
    "stabilize": _one_name("stabilize", cmd.Stabilize),
    "cast": _cast,
    "chip": _chip,
    "exhaustion": _exhaustion,
    "save": _save,
    "check": _check,
    "tray": _tray,
    "end": _end,
    "undo": _plain("undo", None),
    "redo": _plain("redo", None),
    "show": _show,
}

USAGE = {
    "dice": "dice N [N ...]",
    "setup": "setup",
    "cancel": "cancel",
    "parley": "parley",
    "surprised": "surprised NAME [on|off]",
    "init": "init NAME VALUE",
    "start": "start",
    "next": "next",
    "prev": "prev",
    "attack": "attack ATTACKER TARGET WEAPON [thrown] [long] [two-handed] [adv|dis|normal]",
    "cast": "cast CASTER SPELL [at LEVEL] [on TARGET[, TARGET ...]] [TYPE] [ignore-armor] [adv|dis|normal]",
    "chip": "chip NAME +CONDITION [ROUNDS|next] | chip NAME -CONDITION",
    "exhaustion": "exhaustion NAME LEVEL",
    "save": "save NAME ABILITY [adv|dis|normal]",
    "check": "check NAME SKILL|ABILITY [adv|dis|normal]",
    "tray": "tray normal|adv|dis",
    "damage": "damage TARGET AMOUNT [TYPE]",
    "heal": "heal TARGET AMOUNT",
    "deathsave": "deathsave NAME",
    "stabilize": "stabilize NAME",
    "end": "end [award XP]",
    "undo": "undo",
    "redo": "redo",
    "show": "show NAME",
}


def quote(label: str) -> str:
    if "'" in label and '"' not in label:
        return f'"{label}"'  # reads better than shlex's '...'"'"'...'
    return shlex.quote(label) if " " in label or "'" in label else label


def format_command(command: object, state: Campaign) -> str:
    """The text form of a command, with the labels of `state` (the state it ran on)."""
    labels = get_system(state.system).labels(state)

    def n(ref: str) -> str:
        return quote(labels.get(ref, ref))

    match command:
        case cmd.SetInitiative(ref, value):
            return f"init {n(ref)} {value}"
        case cmd.Attack(attacker, target, weapon, mode, thrown, long_range, two_handed):
            options = ["thrown" if thrown else "", "long" if long_range else "", "two-handed" if two_handed else ""]
            return " ".join(filter(None, ["attack", n(attacker), n(target), quote(weapon), *options, mode]))
        case cmd.AddChip(ref, name, rounds, until_turn_of):
            when = "next" if until_turn_of else (str(rounds) if rounds else "")
            return " ".join(filter(None, ["chip", n(ref), quote("+" + name), when]))
        case cmd.RemoveChip(ref, name):
            return f"chip {n(ref)} {quote('-' + name)}"
        case cmd.SetExhaustion(ref, level):
            return f"exhaustion {n(ref)} {level}"
        case cmd.RollSave(ref, ability, mode):
            return " ".join(filter(None, ["save", n(ref), ability[:3], mode]))
        case cmd.RollCheck(ref, name, mode):
            return " ".join(filter(None, ["check", n(ref), quote(name), mode]))
        case cmd.SetSurprised(ref, flag):
            return f"surprised {n(ref)}" + ("" if flag else " off")
        case cmd.SetTrayMode(mode):
            return f"tray {mode}"
        case cmd.Cast(caster, spell, level, targets, mode, ignore_armor, option):
            on = "on " + ", ".join(labels.get(ref, ref) for ref in targets) if targets else ""
            parts = ["cast", n(caster), quote(spell), f"at {level}" if level else "", on, option,
                     "ignore-armor" if ignore_armor else "", mode]  # fmt: skip
            return " ".join(filter(None, parts))
        case cmd.ApplyDamage(target, amount, damage_type):
            return " ".join(filter(None, ["damage", n(target), str(amount), damage_type]))
        case cmd.Heal(target, amount):
            return f"heal {n(target)} {amount}"
        case cmd.RollDeathSave(ref):
            return f"deathsave {n(ref)}"
        case cmd.Stabilize(ref):
            return f"stabilize {n(ref)}"
        case cmd.EndFight(award):
            return "end" if award < 0 else f"end award {award}"
        case cmd.CancelSetup():
            return "cancel"
    own = getattr(get_system(state.system), "format_command", None)
    if own is not None:
        return own(command, n)
    return type(command).kind
