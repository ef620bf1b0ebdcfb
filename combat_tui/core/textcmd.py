"""The one-line text form of commands (DESIGN.md §5, docs/commands.md).

`parse(line, state)` turns a line into a `Parsed` (a command for the session, or a session verb
such as undo), resolving names as the labels the app shows, case-insensitively. A name with
spaces may be quoted; unquoted, the longest run of words that names someone is taken.
`format_command` writes a command back in the same form, for the journal and the history.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable

from attrs import evolve as attrs_evolve
from attrs import frozen

from . import commands as cmd
from .commands import CommandRejected
from .model import Campaign, CreatureAction
from .rules import get_system

VERBS = ("dice", "setup", "init", "start", "next", "prev", "attack", "damage", "heal", "deathsave",
         "stabilize", "cast", "chip", "exhaustion", "save", "check", "tray", "end", "undo", "redo", "show",
         "cancel", "parley", "surprised", "sneak", "stealth", "join", "unjoin")  # fmt: skip
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
    options: set[str] = set()
    redirect, cover = _redirect_words(a), 0
    while len(a.words) > 3:
        last = a.words[-1].casefold()
        if last in ATTACK_OPTIONS + TURN_OPTIONS:
            options.add(a.words.pop().casefold())
        elif len(a.words) > 4 and a.words[-2].casefold() == "cover" and last in COVER_WORDS:
            cover = COVER_WORDS[last]
            del a.words[-2:]
        else:
            break
    if redirect is None:
        redirect = _redirect_words(a)
    attacker = a.name(leave=2)
    target = a.name(leave=1)
    weapon = " ".join(a.words)
    uses = [use for use in ("offhand", "opportunity", "legendary") if use in options]
    if len(uses) > 1:
        raise CommandRejected(f"One swing is paid one way, not {' and '.join(uses)}.", f"Usage: {USAGE['attack']}")
    command = cmd.Attack(attacker, target, weapon, mode, "thrown" in options, "long" in options, "two-handed" in options,
                         uses[0] if uses else "", "ignore-cost" in options, cover, "sneak" in options, "pack" in options,
                         redirect or "")  # fmt: skip
    return Parsed("attack", command)


TURN_OPTIONS = ("offhand", "opportunity", "legendary", "sneak", "pack", "ignore-cost")
"""ref: Action, bonus action, and reaction (and the sections after it): what pays for a swing and its boxes."""
COVER_WORDS = {"half": 2, "three-quarters": 5, "2": 2, "5": 5}


def _redirect_words(a: _Args) -> str | None:
    """`redirect NAME` at the end of an attack: the ally a Redirect Attack swaps in."""
    lowered = [w.casefold() for w in a.words]
    if "redirect" not in lowered[3:]:
        return None
    at = len(lowered) - 1 - lowered[::-1].index("redirect")
    name = " ".join(a.words[at + 1 :])
    a.words = a.words[:at]
    if not name:
        raise CommandRejected("'redirect' needs the ally who takes the creature's place.", f"Usage: {USAGE['attack']}")
    return resolve(name, a.state, a.labels)


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

    flags = set()
    while a.words and a.words[-1].casefold() in ("ignore-cost", "repeat"):
        flags.add(a.words.pop().casefold())
    swapped = _names_after(a, "redirect") or ()  # Redirect Attack against a spell attack
    resisting = _resist_words(a)
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
    return Parsed("cast", cmd.Cast(caster, spell, level, tuple(targets), mode, ignore, option, "ignore-cost" in flags,
                                   resisting, "repeat" in flags, swapped[0] if swapped else ""))  # fmt: skip


def _resist_words(a: _Args) -> tuple[str, ...]:
    """`resist NAME[, NAME ...]` at the end: the targets that spend a legendary resistance if they fail."""
    lowered = [w.casefold() for w in a.words]
    if "resist" not in lowered[2:]:
        return ()
    at = len(lowered) - 1 - lowered[::-1].index("resist")
    names = " ".join(a.words[at + 1 :])
    a.words = a.words[:at]
    refs = tuple(resolve(name, a.state, a.labels) for name in filter(None, (p.strip() for p in names.split(","))))
    if not refs:
        raise CommandRejected("'resist' needs the name of a creature with legendary resistance.")
    return refs


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


END_WORDS = ("award", "fled", "captured", "loot", "to", "gold")


def _end(a: _Args) -> Parsed:
    """end [award XP] [fled NAME[, NAME]] [captured NAME[, NAME]] [loot all|ITEM[, ITEM] to NAME] [gold N]"""
    from .rules.dnd5e.ending import loot_items

    parts: dict[str, list[str]] = {}
    key = None
    for word in a.words:
        if word.casefold() in END_WORDS and word.casefold() not in parts:
            key = word.casefold()
            parts[key] = []
        elif key is None:
            raise CommandRejected(f"Cannot read 'end {' '.join(a.words)}'.", f"Usage: {USAGE['end']}")
        else:
            parts[key].append(word)
    award = _end_number(parts, "award", "an XP amount")
    gold = _end_number(parts, "gold", "a gp total")
    fates = []
    for fate in ("fled", "captured"):
        for name in _listed(parts.get(fate), fate):
            fates.append((resolve(name, a.state, a.labels), fate))
    loot: list[str] = []
    loot_to = ""
    if "loot" in parts:
        items = {item.label.casefold(): item.key for item in loot_items(a.state, a.labels)}
        wanted = _listed(parts["loot"], "loot")
        if [w.casefold() for w in wanted] == ["all"]:
            loot = list(items.values())
        for name in wanted if not loot else ():
            if name.casefold() not in items:
                raise CommandRejected(f"No defeated foe of this fight drops '{name}'.",
                                      "Items read as in the End combat dialog: 'Scimitar (Goblin 2)'.")  # fmt: skip
            loot.append(items[name.casefold()])
        if "to" not in parts:
            raise CommandRejected("Say who takes the loot: 'loot ITEM to NAME'.", f"Usage: {USAGE['end']}")
    if "to" in parts:
        if "loot" not in parts:
            raise CommandRejected("'to' names who takes the loot, after 'loot ITEM'.", f"Usage: {USAGE['end']}")
        loot_to = resolve(" ".join(parts["to"]), a.state, a.labels)
    return Parsed("end", cmd.EndFight(award, tuple(fates), tuple(loot), loot_to, gold))


def _end_number(parts: dict[str, list[str]], key: str, what: str) -> int:
    if key not in parts:
        return -1
    words = parts[key]
    if len(words) != 1:
        raise CommandRejected(f"'{key}' needs {what}, a whole number from 0.", f"Usage: {USAGE['end']}")
    try:
        value = int(words[0])
    except ValueError:
        raise CommandRejected(f"'{words[0]}' is not a whole number ({what}).", f"Usage: {USAGE['end']}") from None
    if value < 0:
        raise CommandRejected("The XP award cannot be negative." if key == "award" else "The gp total cannot be negative.")
    return value


def _listed(words: list[str] | None, key: str) -> list[str]:
    if words is None:
        return []
    names = [part.strip() for part in " ".join(words).split(",") if part.strip()]
    if not names:
        raise CommandRejected(f"'{key}' needs at least one name.", f"Usage: {USAGE['end']}")
    return names


def _sneak(a: _Args) -> Parsed:
    if len(a.words) != 1:
        raise CommandRejected("'sneak' takes who sneaks: none, party, foes or both.", f"Usage: {USAGE['sneak']}")
    return Parsed("sneak", cmd.SetSneakers(a.words[0].casefold()))


def _stealth(a: _Args) -> Parsed:
    if [w.casefold() for w in a.words] == ["roll"]:
        return Parsed("stealth", cmd.RollStealth())
    ref = a.name(leave=1)
    if len(a.words) == 1 and a.words[0].casefold() == "clear":
        return Parsed("stealth", cmd.SetStealth(ref, None))
    total = a.number("a Stealth total")
    a.none()
    return Parsed("stealth", cmd.SetStealth(ref, total))


def _join(a: _Args) -> Parsed:
    from .rules.dnd5e.joining import whole_group

    if a.words and a.words[0].casefold() == "group":
        a.words.pop(0)
        ref = a.name()
        a.none()
        return Parsed("join", cmd.JoinFight(whole_group(a.state, ref)))
    names = _listed(a.words, "join")
    return Parsed("join", cmd.JoinFight(tuple(resolve(name, a.state, a.labels) for name in names)))


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
    "sneak": _sneak,
    "stealth": _stealth,
    "join": _join,
    "unjoin": _one_name("unjoin", cmd.UnjoinFight),
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
    "end": "end [award XP] [fled NAME[, NAME ...]] [captured NAME[, NAME ...]] [loot all|ITEM[, ITEM ...] to NAME] [gold N]",
    "sneak": "sneak none|party|foes|both",
    "stealth": "stealth roll | stealth NAME TOTAL | stealth NAME clear",
    "join": "join NAME[, NAME ...] | join group NAME",
    "unjoin": "unjoin NAME",
    "undo": "undo",
    "redo": "redo",
    "show": "show NAME",
}


# -- the world around a fight (issue 5, item 1): the party's walk, creatures, split-off characters

DIRECTIONS = {"n": (0, -1), "s": (0, 1), "e": (1, 0), "w": (-1, 0), "ne": (1, -1), "nw": (-1, -1),
              "se": (1, 1), "sw": (-1, 1), "north": (0, -1), "south": (0, 1), "east": (1, 0), "west": (-1, 0),
              "northeast": (1, -1), "northwest": (-1, -1), "southeast": (1, 1), "southwest": (-1, 1)}  # fmt: skip
"""y grows southward, as the map panel draws it."""


def _move(a: _Args) -> Parsed:
    words = [w.casefold() for w in a.words]
    if words and words[0] in DIRECTIONS and len(words) <= 2:
        dx, dy = DIRECTIONS[words.pop(0)]
        a.words = a.words[1:]
        steps = a.number("a number of tiles") if a.words else 1
        return Parsed("move", cmd.MoveParty(dx, dy, steps))
    if len(words) == 2:
        x, y = a.number("the x of a tile"), a.number("the y of a tile")
        return Parsed("move", cmd.MovePartyTo(x, y))
    raise CommandRejected(f"Cannot read 'move {' '.join(a.words)}'.", f"Usage: {USAGE['move']}")


def _disposition(a: _Args) -> Parsed:
    if not a.words or a.words[-1].casefold() not in ("hostile", "neutral", "friendly"):
        raise CommandRejected("'disposition' ends with hostile, neutral or friendly.", f"Usage: {USAGE['disposition']}")
    disposition = a.words.pop().casefold()
    ref = a.name()
    a.none()
    return Parsed("disposition", cmd.SetDisposition(ref, disposition))


def _tile_words(a: _Args) -> tuple[str, int, int, str]:
    """(ref, x, y, map id) of `NAME X Y [MAP]`."""
    from .rules.dnd5e.world import find_map

    map_text = a.words.pop() if a.words and not a.words[-1].lstrip("-").isdigit() else ""
    if len(a.words) < 3:
        raise CommandRejected(f"'{a.verb}' needs a name, then X and Y.", f"Usage: {a.usage()}")
    y_word, x_word = a.words.pop(), a.words.pop()
    ref = a.name()
    a.none()
    a.words = [x_word, y_word]
    x, y = a.number("the x of a tile"), a.number("the y of a tile")
    return ref, x, y, find_map(a.state, map_text) if map_text else ""


def _place(a: _Args) -> Parsed:
    return Parsed("place", cmd.PlaceCreature(*_tile_words(a)))


def _split(a: _Args) -> Parsed:
    return Parsed("split", cmd.SplitCharacter(*_tile_words(a)))


def _hp(a: _Args) -> Parsed:
    ref = a.name(leave=1)
    hp = a.number("an HP value")
    a.none()
    return Parsed("hp", cmd.SetCreatureHp(ref, hp))


WORLD_HANDLERS: dict[str, Callable[[_Args], Parsed]] = {
    "move": _move,
    "disposition": _disposition,
    "place": _place,
    "hp": _hp,
    "delete": _one_name("delete", cmd.DeleteCreature),
    "split": _split,
    "rejoin": _one_name("rejoin", cmd.RejoinParty),
}
_HANDLERS.update(WORLD_HANDLERS)
VERBS += tuple(WORLD_HANDLERS)
USAGE.update({
    "move": "move DIR [TILES] | move X Y",
    "disposition": "disposition NAME hostile|neutral|friendly",
    "place": "place NAME X Y [MAP]",
    "hp": "hp NAME HP",
    "delete": "delete NAME",
    "split": "split NAME X Y [MAP]",
    "rejoin": "rejoin NAME",
})  # fmt: skip
_COMPASS = {step: word for word, step in DIRECTIONS.items() if len(word) <= 2}


# -- the turn's economy, class features and what monsters do (issue 6)


def _pip(a: _Args) -> Parsed:
    if len(a.words) < 3 or a.words[-1].casefold() not in ("used", "free") or a.words[-2].casefold() not in PIP_WORDS:
        raise CommandRejected("'pip' needs a name, the pip (action, bonus, reaction) and used or free.",
                              f"Usage: {USAGE['pip']}")  # fmt: skip
    used = a.words.pop().casefold() == "used"
    pip = PIP_WORDS[a.words.pop().casefold()]
    ref = a.name()
    a.none()
    return Parsed("pip", cmd.TogglePip(ref, pip, used))


PIP_WORDS = {"action": "action", "bonus": "bonus", "reaction": "reaction"}


def _action(a: _Args) -> Parsed:
    from .rules.dnd5e.actions import STANDARD_ACTIONS

    bonus = bool(a.words) and a.words[-1].casefold() in ("cunning", "bonus")
    if bonus:
        a.words.pop()
    names = {n.casefold(): n for n in STANDARD_ACTIONS} | {"use": "Use an Object"}
    for size in (3, 1):
        text = " ".join(a.words[-size:]).casefold()
        if len(a.words) > size and text in names:
            action = names[text]
            del a.words[-size:]
            break
    else:
        raise CommandRejected("'action' needs a name and a standard action.", f"Usage: {USAGE['action']}")
    ref = a.name()
    a.none()
    return Parsed("action", cmd.TakeAction(ref, action, bonus))


def _rest(a: _Args) -> Parsed:
    if len(a.words) != 1 or a.words[0].casefold() not in ("short", "long"):
        raise CommandRejected("'rest' takes short or long.", f"Usage: {USAGE['rest']}")
    return Parsed("rest", cmd.TakeRest(a.words[0].casefold()))


def _names_after(a: _Args, word: str) -> tuple[str, ...] | None:
    """The names after the last `word` (`on`, `resist`), comma separated; None when absent."""
    lowered = [w.casefold() for w in a.words]
    if word not in lowered[1:]:
        return None
    at = len(lowered) - 1 - lowered[::-1].index(word)
    names = " ".join(a.words[at + 1 :])
    a.words = a.words[:at]
    return tuple(resolve(name, a.state, a.labels) for name in filter(None, (p.strip() for p in names.split(","))))


def _turn_undead(a: _Args) -> Parsed:
    from .rules.dnd5e.channel_divinity import turnable

    resisting = _names_after(a, "resist") or ()
    targets = _names_after(a, "on")
    ref = a.name()
    a.none()
    if targets is None:  # "lists every undead in the fight, all ticked"
        targets = turnable(a.state) if a.state.fight is not None and a.state.fight.stage == "running" else ()
    return Parsed("turn-undead", cmd.TurnUndead(ref, targets, resisting))


def _preserve(a: _Args) -> Parsed:
    if len(a.words) < 3:
        raise CommandRejected("'preserve' needs the cleric, then NAME AMOUNT pairs.", f"Usage: {USAGE['preserve']}")
    ref = a.name(leave=2)
    shares = []
    for part in filter(None, (p.strip() for p in " ".join(a.words).split(","))):
        words = part.split()
        if len(words) < 2 or not words[-1].isdigit():
            raise CommandRejected(f"Cannot read the share '{part}'.", f"Usage: {USAGE['preserve']}")
        shares.append((resolve(" ".join(words[:-1]), a.state, a.labels), int(words[-1])))
    return Parsed("preserve", cmd.PreserveLife(ref, tuple(shares)))


def _use(a: _Args) -> Parsed:
    flags = set()
    while a.words and a.words[-1].casefold() in ("ignore-cost",):
        flags.add(a.words.pop().casefold())
    mode = _mode(a)
    resisting = _names_after(a, "resist") or ()
    targets = _names_after(a, "on")
    if not targets:
        raise CommandRejected("'use' needs its targets after 'on'.", f"Usage: {USAGE['use']}")
    ref = a.name(leave=1)
    action = " ".join(a.words)
    return Parsed("use", cmd.UseCreatureAction(ref, action, targets, mode, "ignore-cost" in flags, resisting))


def _legendary(a: _Args) -> Parsed:
    """`legendary CREATURE TARGET WEAPON ...`: an attack paid with a legendary action."""
    parsed = _attack(a)
    return Parsed("attack", attrs_evolve(parsed.command, use="legendary"))


TURN_HANDLERS: dict[str, Callable[[_Args], Parsed]] = {
    "pip": _pip,
    "action": _action,
    "secondwind": _one_name("secondwind", cmd.SecondWind),
    "surge": _one_name("surge", cmd.ActionSurge),
    "rage": _one_name("rage", cmd.Rage),
    "rest": _rest,
    "turn-undead": _turn_undead,
    "preserve": _preserve,
    "use": _use,
    "legendary": _legendary,
}
_HANDLERS.update(TURN_HANDLERS)
VERBS += tuple(TURN_HANDLERS)
USAGE.update({
    "pip": "pip NAME action|bonus|reaction used|free",
    "action": "action NAME dash|disengage|dodge|help|hide|ready|search|use [cunning]",
    "secondwind": "secondwind NAME",
    "surge": "surge NAME",
    "rage": "rage NAME",
    "rest": "rest short|long",
    "turn-undead": "turn-undead CLERIC [on UNDEAD[, UNDEAD ...]] [resist NAME[, NAME ...]]",
    "preserve": "preserve CLERIC NAME AMOUNT[, NAME AMOUNT ...]",
    "use": "use CREATURE ACTION on TARGET[, TARGET ...] [resist NAME[, ...]] [adv|dis|normal] [ignore-cost]",
    "legendary": "legendary CREATURE TARGET WEAPON [cover half|three-quarters] [adv|dis|normal] [ignore-cost]",
})  # fmt: skip
USAGE["attack"] = ("attack ATTACKER TARGET WEAPON [thrown] [long] [two-handed] [offhand|opportunity|legendary] "
                   "[cover half|three-quarters] [sneak] [pack] [ignore-cost] [redirect ALLY] [adv|dis|normal]")  # fmt: skip
USAGE["cast"] = ("cast CASTER SPELL [at LEVEL] [on TARGET[, TARGET ...]] [TYPE] [ignore-armor] [adv|dis|normal] "
                 "[resist NAME[, NAME ...]] [redirect ALLY] [ignore-cost] [repeat]")  # fmt: skip


# -- the creature dialog's action editor (issue 6, item 10; ref: Creature actions)

_ACTION_OPS = ("add", "edit", "remove")


def _creature_action(a: _Args) -> Parsed:
    """`creature-action NAME add|edit N|remove N ...`: N is the action's number or its (quoted) name."""
    lowered = [w.casefold() for w in a.words]
    at = next((i for i in range(1, len(lowered)) if lowered[i] in _ACTION_OPS), None)
    if at is None:
        raise CommandRejected("'creature-action' needs a name, then add, edit or remove.", f"Usage: {a.usage()}")
    op, rest, a.words = lowered[at], a.words[at + 1 :], a.words[:at]
    ref = a.name()
    a.none()
    index = -1
    if op != "add":
        if not rest:
            raise CommandRejected(f"'creature-action {op}' needs the action's number or name.", f"Usage: {a.usage()}")
        index = _action_index(getattr(a.state.actor(ref), "actions", ()), rest.pop(0))
    if op == "remove":
        if rest:
            raise CommandRejected(f"'creature-action remove' takes one action, but got '{' '.join(rest)}'.")
        return Parsed("creature-action", cmd.RemoveCreatureAction(ref, index))
    return Parsed("creature-action", cmd.SetCreatureAction(ref, index, _action_words(rest, a.usage())))


def _action_index(actions: tuple, word: str) -> int:
    if word.isdigit():
        return int(word) - 1
    for i, action in enumerate(actions):
        if action.name.casefold() == word.casefold():
            return i
    have = ", ".join(action.name for action in actions) or "none"
    raise CommandRejected(f"No action is called '{word}'.", f"Actions: {have}.")


def _action_words(words: list[str], usage: str) -> CreatureAction:
    """`NAME SAVE DC DAMAGE [TYPE] [recharge FACE] [half]`, read from the end (the name may be several words)."""
    from .rules.dnd5e.checks import ability_name
    from .rules.dnd5e.defenses import DAMAGE_TYPES

    words = list(words)
    half = bool(words) and words[-1].casefold() == "half"
    if half:
        words.pop()
    recharge = 0
    if len(words) >= 2 and words[-2].casefold() == "recharge":
        face = words.pop()
        words.pop()
        if not face.split("-")[0].isdigit():
            raise CommandRejected(f"'{face}' is not a recharge face.", "Use 6, 5 (5-6) or 4 (4-6).")
        recharge = int(face.split("-")[0])
    damage_type = words.pop().casefold() if words and words[-1].casefold() in DAMAGE_TYPES else ""
    if len(words) < 4 or not words[-2].isdigit():
        raise CommandRejected("An action needs a name, a save, a DC and its damage dice.", f"Usage: {usage}")
    damage, dc, save = words.pop(), int(words.pop()), ability_name(words.pop())
    return CreatureAction(" ".join(words), save, dc, damage, damage_type, recharge, half)


_HANDLERS["creature-action"] = _creature_action
VERBS += ("creature-action",)
USAGE["creature-action"] = ("creature-action CREATURE add|edit N|remove N [ACTION SAVE DC DAMAGE [TYPE] "
                            "[recharge 6|5|4] [half]]")  # fmt: skip


def _format_creature_action(command: object, n: Callable[[str], str]) -> str:
    match command:
        case cmd.RemoveCreatureAction(ref, index):
            return f"creature-action {n(ref)} remove {index + 1}"
        case cmd.SetCreatureAction(ref, index, action):
            op = "add" if index == -1 else f"edit {index + 1}"
            return " ".join(filter(None, [f"creature-action {n(ref)} {op} {quote(action.name)} {action.save[:3]}",
                                          str(action.dc), action.damage, action.damage_type,
                                          f"recharge {action.recharge}" if action.recharge else "",
                                          "half" if action.half else ""]))  # fmt: skip
    return ""


def _format_swing(command: cmd.Attack, n: Callable[[str], str]) -> list[str]:
    cover = {2: "cover half", 5: "cover three-quarters"}.get(command.cover, "")
    return [command.use, cover, "sneak" if command.sneak else "", "pack" if command.pack else "",
            "ignore-cost" if command.ignore_cost else "", f"redirect {n(command.redirect)}" if command.redirect else ""]  # fmt: skip


def _format_turn(command: object, n: Callable[[str], str], labels: dict[str, str]) -> str:
    def names(refs: tuple[str, ...]) -> str:
        return ", ".join(labels.get(ref, ref) for ref in refs)

    match command:
        case cmd.TogglePip(ref, pip, used):
            return f"pip {n(ref)} {pip} {'used' if used else 'free'}"
        case cmd.TakeAction(ref, action, bonus):
            return f"action {n(ref)} {'use' if action == 'Use an Object' else action.casefold()}" + (" cunning" if bonus else "")
        case cmd.SecondWind(ref) | cmd.ActionSurge(ref) | cmd.Rage(ref):
            return f"{command.kind} {n(ref)}"
        case cmd.TakeRest(length):
            return f"rest {length}"
        case cmd.TurnUndead(ref, targets, resisting):
            return " ".join(filter(None, [f"turn-undead {n(ref)} on {names(targets)}",
                                          f"resist {names(resisting)}" if resisting else ""]))  # fmt: skip
        case cmd.PreserveLife(ref, shares):
            return f"preserve {n(ref)} " + ", ".join(f"{labels.get(r, r)} {amount}" for r, amount in shares)
        case cmd.UseCreatureAction(ref, action, targets, mode, ignore_cost, resisting):
            return " ".join(filter(None, ["use", n(ref), quote(action), "on", names(targets),
                                          f"resist {names(resisting)}" if resisting else "", mode,
                                          "ignore-cost" if ignore_cost else ""]))  # fmt: skip
    return ""


def _format_world(command: object, n: Callable[[str], str]) -> str:
    match command:
        case cmd.MoveParty(dx, dy, steps):
            return f"move {_COMPASS.get((dx, dy), f'{dx},{dy}')}" + (f" {steps}" if steps != 1 else "")
        case cmd.MovePartyTo(x, y):
            return f"move {x} {y}"
        case cmd.SetDisposition(ref, disposition):
            return f"disposition {n(ref)} {disposition}"
        case cmd.PlaceCreature(ref, x, y, map_id) | cmd.SplitCharacter(ref, x, y, map_id):
            return " ".join(filter(None, [command.kind, n(ref), str(x), str(y), quote(map_id) if map_id else ""]))
        case cmd.SetCreatureHp(ref, hp):
            return f"hp {n(ref)} {hp}"
        case cmd.DeleteCreature(ref) | cmd.RejoinParty(ref):
            return f"{command.kind} {n(ref)}"
    return ""


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
            options += _format_swing(command, n)
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
            if command.resist:
                parts += ["resist", ", ".join(labels.get(ref, ref) for ref in command.resist)]
            if command.redirect:
                parts += ["redirect", labels.get(command.redirect, command.redirect)]
            parts += ["ignore-cost" if command.ignore_cost else "", "repeat" if command.repeat else ""]
            return " ".join(filter(None, parts))
        case cmd.ApplyDamage(target, amount, damage_type):
            return " ".join(filter(None, ["damage", n(target), str(amount), damage_type]))
        case cmd.Heal(target, amount):
            return f"heal {n(target)} {amount}"
        case cmd.RollDeathSave(ref):
            return f"deathsave {n(ref)}"
        case cmd.Stabilize(ref):
            return f"stabilize {n(ref)}"
        case cmd.EndFight():
            return _format_end(command, state, labels)
        case cmd.SetSneakers(who):
            return f"sneak {who}"
        case cmd.SetStealth(ref, total):
            return f"stealth {n(ref)} {'clear' if total is None else total}"
        case cmd.RollStealth():
            return "stealth roll"
        case cmd.JoinFight(refs):
            return "join " + ", ".join(labels.get(ref, ref) for ref in refs)
        case cmd.UnjoinFight(ref):
            return f"unjoin {n(ref)}"
        case cmd.CancelSetup():
            return "cancel"
    world = _format_world(command, n) or _format_turn(command, n, labels) or _format_creature_action(command, n)
    if world:
        return world
    own = getattr(get_system(state.system), "format_command", None)
    if own is not None:
        return own(command, n)
    return type(command).kind


def _format_end(command: cmd.EndFight, state: Campaign, labels: dict[str, str]) -> str:
    from .rules.dnd5e.ending import loot_items

    parts = ["end"]
    if command.award >= 0:
        parts.append(f"award {command.award}")
    for fate in ("fled", "captured"):
        names = [labels.get(ref, ref) for ref, chosen in command.fates if chosen == fate]
        if names:
            parts.append(f"{fate} " + ", ".join(quote(name) for name in names))
    if command.loot:
        items = {item.key: item.label for item in loot_items(state, labels)}
        parts.append("loot " + ", ".join(quote(items.get(key, key)) for key in command.loot))
        parts.append(f"to {quote(labels.get(command.loot_to, command.loot_to))}")
    if command.gold >= 0:
        parts.append(f"gold {command.gold}")
    return " ".join(parts)
