"""The text forms of space commands: `space SUBCOMMAND ...` (docs/commands.md, "Space combat").

`parse` is the handler of the `space` verb in the FuturePath verb table; `format_command` writes
a space command back in the same form for the journal and the history."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace

from combat_tui.core.command import CommandRejected
from combat_tui.core.text import Args, Parsed, is_count, is_whole, quote, resolve, shown, whole
from combat_tui.systems.futurepath.space import commands as sc
from combat_tui.systems.futurepath.space import verbs_advanced, verbs_ships
from combat_tui.systems.futurepath.space.crew import position_of
from combat_tui.systems.futurepath.space.labels import find_ship

USAGE = {
    "start": "space start [SHIP ...]",
    "next": "space next",
    "end": "space end",
    "crew": "space crew SHIP POSITION NAME|none [+BONUS]",
    "out": "space out SHIP POSITION",
    "bonus": "space bonus SHIP POSITION +N|-N|0",
    "back": "space back SHIP POSITION",
    "distance": "space distance SHIP SHIP short|medium|long|huge|vast|astronomical",
    "silent": "space silent SHIP [off]",
    "surrender": "space surrender SHIP [back]",
    "hold": "space hold SHIP science|engineer",
    "command": "space command SHIP POSITION [adv|dis]",
    "encourage": "space encourage SHIP [adv|dis]",
    "boost": "space boost SHIP [science|engineer] ATTRIBUTE [adv|dis]",
    "fly": "space fly SHIP offensive|defensive|feint|close|widen|intercept [TARGET] | space fly SHIP evasive",
    "ram": "space ram SHIP TARGET",
    "scan": "space scan SHIP TARGET [adv|dis]",
    "fire": "space fire SHIP TARGET [N] [, TARGET N ...] [at SYSTEM] [combined] [concentrated]",
    "bombard": "space bombard SHIP TARGET",
    "repair": "space repair SHIP [N | side N | SYSTEM] [adv|dis]",
    "treat": "space treat SHIP POSITION [+BONUS]",
    "hack": "space hack SHIP [science|sensors] TARGET access|info|harm|disrupt ATTRIBUTE [adv|dis]",
    "counterhack": "space counterhack SHIP [science|sensors|engineer] HACKER [adv|dis]",
    "overclock": "space overclock SHIP [adv|dis]",
    "grapple": "space grapple SHIP TARGET [adv|dis]",
    "pointdefence": "space pointdefence SHIP [DICE]",
    "move": "space move SHIP POSITION to POSITION [rush [+BONUS]]",
    "damage": "space damage SHIP [ROLL]",
    "option": "space option NAME VALUE",
    "show": "space show [SHIP]",
    "cloak": "space cloak SHIP [science|engineer] [off]",
    "spoof": "space spoof SHIP TARGET [adv|dis]",
    "jam": "space jam SHIP HACKER [adv|dis]",
    **verbs_ships.USAGE,
    **verbs_advanced.USAGE,
}
_ADV = {"adv": 1, "adv2": 2, "adv3": 3, "dis": -1, "dis2": -2, "dis3": -3}


def _ship(a: Args, sub: str, leave: int = 0, swarms: bool = False) -> str:
    if len(a.words) <= leave:
        raise CommandRejected(f"'space {sub}' needs a ship here.", f"Usage: {USAGE[sub]}")
    for end in range(len(a.words) - leave, 0, -1):
        ref = find_ship(a.state, " ".join(a.words[:end]), swarms=swarms)
        if ref:
            del a.words[:end]
            return ref
    raise CommandRejected(f"No ship is called '{a.words[0]}'.", "Ships are named as 'space show' lists them.")


def _adv(a: Args) -> int:
    if a.words and a.words[-1].casefold() in _ADV:
        return _ADV[a.words.pop().casefold()]
    return 0


BONUS = 100
"""The largest crew bonus a line gives; the 2d10 system's numbers are far smaller."""
DICE = 100
"""The most dice a line asks for (point defence, a share of fire)."""


def _bonus(a: Args) -> int:
    if a.words and a.words[-1][:1] in "+-" and is_count(a.words[-1][1:]):
        return whole(a.words.pop(), "a bonus", -BONUS, BONUS)
    return 0


def _done(a: Args, sub: str) -> None:
    if a.words:
        raise CommandRejected(f"'space {sub}' does not understand '{' '.join(a.words)}'.", f"Usage: {USAGE[sub]}")


def _position(a: Args, sub: str) -> str:
    if not a.words:
        raise CommandRejected(f"'space {sub}' needs a crew position.", f"Usage: {USAGE[sub]}")
    return position_of(a.words.pop(0))


def _start(a: Args) -> object:
    refs = []
    while a.words:
        refs.append(_ship(a, "start"))
    return sc.SpaceStart(tuple(refs))


def _crew(a: Args) -> object:
    bonus = _bonus(a)
    ship = _ship(a, "crew", leave=2)
    position = _position(a, "crew")
    who = " ".join(a.words)
    a.words = []
    if not who:
        raise CommandRejected("'space crew' needs a name (or none).", f"Usage: {USAGE['crew']}")
    if who.casefold() == "none":
        return sc.SetCrew(ship, position)
    actor = resolve(who, a.state, a.labels, strict=False)
    return sc.SetCrew(ship, position, actor, "" if actor else who, bonus)


def _crew_bonus(a: Args) -> object:
    word = a.words.pop() if a.words else ""
    if not is_whole(word):
        raise CommandRejected("'space bonus' needs the bonus as a number, such as +2 or 0.", f"Usage: {USAGE['bonus']}")
    bonus = whole(word, "a bonus", -BONUS, BONUS, USAGE["bonus"])
    ship = _ship(a, "bonus", leave=1)
    position = _position(a, "bonus")
    _done(a, "bonus")
    return sc.CrewBonus(ship, position, bonus)


def _out(back: bool) -> Callable[[Args], object]:
    def make(a: Args) -> object:
        sub = "back" if back else "out"
        ship = _ship(a, sub, leave=1)
        position = _position(a, sub)
        _done(a, sub)
        return sc.CrewOut(ship, position, not back)

    return make


def _distance(a: Args) -> object:
    band = a.words.pop().casefold() if a.words else ""
    one = _ship(a, "distance", leave=1)
    other = _ship(a, "distance")
    _done(a, "distance")
    return sc.SetDistance(one, other, band)


def _flag(sub: str, word: str, make) -> Callable[[Args], object]:
    def handler(a: Args) -> object:
        flag = bool(a.words) and a.words[-1].casefold() == word
        if flag:
            a.words.pop()
        ship = _ship(a, sub, swarms=sub == "surrender")
        _done(a, sub)
        return make(ship, flag)

    return handler


def _hold(a: Args) -> object:
    ship = _ship(a, "hold", leave=1)
    position = _position(a, "hold")
    _done(a, "hold")
    return sc.HoldForAction(ship, position)


def _command(a: Args) -> object:
    adv = _adv(a)
    ship = _ship(a, "command", leave=1)
    position = _position(a, "command")
    _done(a, "command")
    return sc.GiveCommand(ship, position, adv)


def _encourage(a: Args) -> object:
    adv = _adv(a)
    ship = _ship(a, "encourage")
    _done(a, "encourage")
    return sc.Encourage(ship, adv)


def _boost(a: Args) -> object:
    adv = _adv(a)
    attribute = a.words.pop().casefold() if a.words else ""
    ship = _ship(a, "boost")
    position = _position(a, "boost") if a.words else "science"
    _done(a, "boost")
    return sc.Boost(ship, position, attribute, adv)


def _fly(a: Args) -> object:
    adv = _adv(a)
    ship = _ship(a, "fly", leave=1)
    manoeuvre = a.words.pop(0).casefold()
    target = _ship(a, "fly", swarms=True) if a.words else ""
    _done(a, "fly")
    return sc.Fly(ship, manoeuvre, target, adv)


def _pair(sub: str, make, ships_only: bool = False) -> Callable[[Args], object]:
    def handler(a: Args) -> object:
        adv = _adv(a)
        ship = _ship(a, sub, leave=1, swarms=sub == "bombard")
        target = _ship(a, sub, swarms=not ships_only)
        _done(a, sub)
        return make(ship, target, adv)

    return handler


def _fire(a: Args) -> object:
    flags = set()
    while a.words and a.words[-1].casefold() in ("combined", "concentrated"):
        flags.add(a.words.pop().casefold())
    combined = "combined" in flags
    system = ""
    lowered = [w.casefold() for w in a.words]
    if "at" in lowered[1:]:
        at = len(lowered) - 1 - lowered[::-1].index("at")
        system, a.words = " ".join(a.words[at + 1 :]), a.words[:at]
    ship = _ship(a, "fire", leave=1, swarms=True)
    text = " ".join(a.words).replace(",", " , ")
    targets = []
    for part in " ".join(text.split()).split(" , "):
        words = part.split()
        count = 0
        if len(words) > 1 and is_count(words[-1]) and not find_ship(a.state, " ".join(words)):
            count = whole(words.pop(), "a number of hard points", 1, DICE, USAGE["fire"])  # 0 would mean all of them
        sub = Args(a.verb, words, a.state)
        targets.append((_ship(sub, "fire", swarms=True), count))
        _done(sub, "fire")
    a.words = []
    return sc.Fire(ship, tuple(targets), system, False, combined, "concentrated" in flags)


def _repair(a: Args) -> object:
    adv = _adv(a)
    ship = _ship(a, "repair")
    what = " ".join(a.words) or "1"
    a.words = []
    return sc.Repair(ship, what, adv)


def _treat(a: Args) -> object:
    bonus = _bonus(a)
    ship = _ship(a, "treat", leave=1)
    position = _position(a, "treat")
    _done(a, "treat")
    return sc.Treat(ship, position, bonus)


def _hack(a: Args) -> object:
    adv = _adv(a)
    system = ""
    if len(a.words) > 2 and a.words[-2].casefold() == "disrupt":
        system = a.words.pop().casefold()
    mode = a.words.pop().casefold() if a.words else ""
    ship = _ship(a, "hack", leave=1)
    position = "science"
    if a.words and a.words[0].casefold() in ("science", "sensors", "sensor", "comms", "sci"):
        position = position_of(a.words.pop(0))
    target = _ship(a, "hack")
    _done(a, "hack")
    return sc.Hack(ship, position, target, mode, system, adv)


def _counterhack(a: Args) -> object:
    adv = _adv(a)
    ship = _ship(a, "counterhack", leave=1)
    position = "science"
    if a.words and a.words[0].casefold() in ("science", "sensors", "engineer", "sci", "sensor", "comms", "eng"):
        position = position_of(a.words.pop(0))
    hacker = _ship(a, "counterhack")
    _done(a, "counterhack")
    return sc.CounterHack(ship, position, hacker, adv)


def _overclock(a: Args) -> object:
    adv = _adv(a)
    ship = _ship(a, "overclock")
    _done(a, "overclock")
    return sc.Overclock(ship, adv)


def _move(a: Args) -> object:
    bonus = _bonus(a)
    rush = bool(a.words) and a.words[-1].casefold() == "rush"
    if rush:
        a.words.pop()
    ship = _ship(a, "move", leave=2)
    position = _position(a, "move")
    if a.words and a.words[0].casefold() == "to":
        a.words.pop(0)
    to = _position(a, "move")
    _done(a, "move")
    return sc.ChangePosition(ship, position, to, rush, bonus)


def _pointdefence(a: Args) -> object:
    count = 3
    if len(a.words) > 1 and is_count(a.words[-1]):
        count = whole(a.words.pop(), "a number of dice", 0, DICE, USAGE["pointdefence"])
    ship = _ship(a, "pointdefence")
    _done(a, "pointdefence")
    return sc.PointDefence(ship, count)


def _damage(a: Args) -> object:
    roll = 0
    if len(a.words) > 1 and is_count(a.words[-1]):
        roll = whole(a.words.pop(), "a chart roll", 0, DICE, USAGE["damage"])
    ship = _ship(a, "damage")
    _done(a, "damage")
    return sc.DealDamage(ship, roll)


def _option(a: Args) -> object:
    if len(a.words) != 2:
        raise CommandRejected("'space option' takes a name and a value.", f"Usage: {USAGE['option']}")
    name, value = a.words
    a.words = []
    if is_whole(value):
        whole(value, f"space option {shown(name)}", usage=USAGE["option"])  # the rule checks the range
    return sc.SpaceOption(name, value)


def _cloak(a: Args) -> object:
    on = not (a.words and a.words[-1].casefold() == "off")
    if not on:
        a.words.pop()
    position = "science"
    if len(a.words) > 1 and a.words[-1].casefold() in ("science", "sci", "engineer", "eng", "engineering"):
        position = position_of(a.words.pop())
    ship = _ship(a, "cloak")
    _done(a, "cloak")
    return sc.Cloak(ship, position, on)


SUBVERBS: dict[str, Callable[[Args], object]] = {
    "start": _start,
    "next": lambda a: (_done(a, "next"), sc.SpaceNext())[1],
    "end": lambda a: (_done(a, "end"), sc.SpaceEnd())[1],
    "crew": _crew,
    "out": _out(False),
    "bonus": _crew_bonus,
    "back": _out(True),
    "distance": _distance,
    "silent": _flag("silent", "off", lambda ship, off: sc.SilentRunning(ship, not off)),
    "surrender": _flag("surrender", "back", lambda ship, back: sc.Surrender(ship, back)),
    "hold": _hold,
    "command": _command,
    "encourage": _encourage,
    "boost": _boost,
    "fly": _fly,
    "ram": _pair("ram", lambda ship, target, adv: sc.Ram(ship, target)),
    "scan": _pair("scan", lambda ship, target, adv: sc.Scan(ship, target, adv)),
    "fire": _fire,
    "bombard": _pair("bombard", lambda ship, target, adv: sc.Fire(ship, ((target, 0),), bombard=True)),
    "repair": _repair,
    "treat": _treat,
    "hack": _hack,
    "counterhack": _counterhack,
    "damage": _damage,
    "option": _option,
    "overclock": _overclock,
    "pointdefence": _pointdefence,
    "move": _move,
    "grapple": _pair("grapple", lambda ship, target, adv: sc.Grapple(ship, target, adv)),
    "cloak": _cloak,
    "spoof": _pair("spoof", lambda ship, target, adv: sc.Spoof(ship, target, adv), ships_only=True),
    "jam": _pair("jam", lambda ship, target, adv: sc.Jam(ship, target, adv), ships_only=True),
    **verbs_ships.subverbs(lambda a, sub: _ship(a, sub)),
    **verbs_advanced.subverbs(SimpleNamespace(ship=_ship, adv=_adv, done=_done, position=_position, bonus=_bonus,
                                              fire=_fire, dice=DICE)),  # fmt: skip
}


def parse(a: Args) -> Parsed:
    if not a.words:
        raise CommandRejected("'space' needs a subcommand.", "Subcommands: " + ", ".join([*SUBVERBS, "show"]) + ".")
    sub = a.words.pop(0).casefold()
    if sub == "show":
        if not a.words:
            return Parsed("show", ref="space")
        ref = _ship(a, "show")
        _done(a, "show")
        return Parsed("show", ref="ship:" + ref)
    handler = SUBVERBS.get(sub)
    if handler is None:
        raise CommandRejected(f"Unknown space command '{sub}'.", "Subcommands: " + ", ".join([*SUBVERBS, "show"]) + ".")
    return Parsed("space", handler(a))


def _adv_word(adv: int) -> str:
    return next((word for word, n in _ADV.items() if n == adv), "")


def format_command(command: object, n: Callable[[str], str]) -> str:
    """The text form of a space command; `n` gives a quoted label for an id."""
    ships = verbs_ships.format_command(command, n)
    if ships is not None:
        return ships
    advanced = verbs_advanced.format_command(command, n, _adv_word)
    if advanced is not None:
        return advanced
    match command:
        case sc.SpaceStart(ships):
            words = ["space start", *(n(s) for s in ships)]
        case sc.SpaceNext():
            words = ["space next"]
        case sc.SpaceEnd():
            words = ["space end"]
        case sc.SetCrew(ship, position, actor, name, bonus):
            who = n(actor) if actor else (quote(name) if name else "none")
            words = ["space crew", n(ship), position, who, f"{bonus:+d}" if bonus else ""]
        case sc.CrewOut(ship, position, out):
            words = ["space out" if out else "space back", n(ship), position]
        case sc.CrewBonus(ship, position, bonus):
            words = ["space bonus", n(ship), position, f"{bonus:+d}" if bonus else "0"]
        case sc.SetDistance(ship, other, band):
            words = ["space distance", n(ship), n(other), band]
        case sc.SilentRunning(ship, on):
            words = ["space silent", n(ship), "" if on else "off"]
        case sc.Surrender(ship, back):
            words = ["space surrender", n(ship), "back" if back else ""]
        case sc.HoldForAction(ship, position):
            words = ["space hold", n(ship), position]
        case sc.GiveCommand(ship, position, adv):
            words = ["space command", n(ship), position, _adv_word(adv)]
        case sc.Encourage(ship, adv):
            words = ["space encourage", n(ship), _adv_word(adv)]
        case sc.Boost(ship, position, attribute, adv):
            words = ["space boost", n(ship), position, attribute, _adv_word(adv)]
        case sc.Fly(ship, manoeuvre, target, adv):
            words = ["space fly", n(ship), manoeuvre, n(target) if target else "", _adv_word(adv)]
        case sc.Ram(ship, target):
            words = ["space ram", n(ship), n(target)]
        case sc.Scan(ship, target, adv, deep):
            words = ["space scan", n(ship), n(target), "deep" if deep else "", _adv_word(adv)]
        case sc.Fire(ship, targets, system, bombard, combined, concentrated, defend):
            if bombard:
                words = ["space bombard", n(ship), n(targets[0][0])]
            else:
                parts = ", ".join(f"{n(t)} {count}" if count else n(t) for t, count in targets)
                words = ["space fire", n(ship), parts, f"at {quote(system)}" if system else "", "combined" if combined else "",
                         "concentrated" if concentrated else "", "defend" if defend else "",
                         str(defend) if defend > 0 else ""]  # fmt: skip
        case sc.Repair(ship, what, adv):
            words = ["space repair", n(ship), what, _adv_word(adv)]
        case sc.Treat(ship, position, bonus):
            words = ["space treat", n(ship), position, f"{bonus:+d}" if bonus else ""]
        case sc.Hack(ship, position, target, mode, system, adv):
            words = ["space hack", n(ship), position, n(target), mode, system, _adv_word(adv)]
        case sc.CounterHack(ship, position, hacker, adv):
            words = ["space counterhack", n(ship), position, n(hacker), _adv_word(adv)]
        case sc.DealDamage(ship, roll):
            words = ["space damage", n(ship), str(roll) if roll else ""]
        case sc.ChangePosition(ship, position, to, rush, bonus):
            words = ["space move", n(ship), position, "to", to, "rush" if rush else "", f"{bonus:+d}" if bonus else ""]
        case sc.PointDefence(ship, count):
            words = ["space pointdefence", n(ship), str(count) if count != 3 else ""]
        case sc.Overclock(ship, adv):
            words = ["space overclock", n(ship), _adv_word(adv)]
        case sc.Grapple(ship, target, adv):
            words = ["space grapple", n(ship), n(target), _adv_word(adv)]
        case sc.Cloak(ship, position, on):
            words = ["space cloak", n(ship), position if position != "science" else "", "" if on else "off"]
        case sc.Spoof(ship, target, adv, decoys):
            words = ["space spoof", n(ship), n(target), "decoys" if decoys else "", _adv_word(adv)]
        case sc.Jam(ship, hacker, adv, mode):
            words = ["space jam", n(ship), n(hacker), mode if mode != "hacking" else "", _adv_word(adv)]
        case sc.SpaceOption(name, value):
            words = ["space option", name, value]
        case _:
            return type(command).kind
    return " ".join(filter(None, words))
