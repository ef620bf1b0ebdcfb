"""The text forms of the advanced space functions (docs/commands.md, "Space combat"): the deep
scan, Sensor Spoofing's decoys, Jam's actions, Defensive Fire, Crypto, Direct Assistance,
Commanding Presence, Shield Manipulation and Weapons Assist.

`subverbs(h)` gives their handlers; `h` carries the helpers of `verbs.py` (ship, adv, done,
position, bonus, fire), as `verbs_ships.subverbs` gets its ship reader."""

from __future__ import annotations

from collections.abc import Callable

from combat_tui.core.command import CommandRejected
from combat_tui.core.records import evolve
from combat_tui.core.text import Args, is_count, whole
from combat_tui.systems.futurepath.space import commands as sc
from combat_tui.systems.futurepath.space.crew import position_of

USAGE = {
    "scan": "space scan SHIP TARGET [deep] [adv|dis]",
    "spoof": "space spoof SHIP TARGET [decoys] [adv|dis]",
    "jam": "space jam SHIP TARGET [sensors|missiles] [adv|dis]",
    "fire": "space fire SHIP TARGET [N] [, TARGET N ...] [at SYSTEM] [combined] [concentrated] [defend [N]]",
    "defend": "space defend SHIP [N]",
    "crypto": "space crypto SHIP [science|sensors] TARGET [adv|dis]",
    "assist": "space assist SHIP POSITION|off [adv|dis]",
    "presence": "space presence SHIP [CHARISMA]",
    "manipulate": "space manipulate SHIP POSITION ENEMY [adv|dis]",
    "weaponsassist": "space weaponsassist SHIP POSITION TARGET [+MOD] [adv|dis]",
}
JAMS = {"sensors": "sensors", "sensor": "sensors", "missiles": "missiles", "missile": "missiles",
        "hacking": "hacking", "hacker": "hacking"}  # fmt: skip
CHARISMA = 40
"""The highest Charisma score a line gives."""


def _flag(a: Args, *words: str) -> str:
    """The last word if it is one of `words` (and a ship and a target are left before it)."""
    if len(a.words) > 2 and a.words[-1].casefold() in words:
        return a.words.pop().casefold()
    return ""


def _count(a: Args, sub: str, what: str, low: int, high: int) -> int | None:
    if len(a.words) > 1 and is_count(a.words[-1]):
        return whole(a.words.pop(), what, low, high, USAGE[sub])
    return None


def subverbs(h) -> dict[str, Callable[[Args], object]]:
    def scan(a: Args) -> object:
        adv = h.adv(a)
        deep = bool(_flag(a, "deep"))
        ship = h.ship(a, "scan", leave=1)
        target = h.ship(a, "scan", swarms=True)
        h.done(a, "scan")
        return sc.Scan(ship, target, adv, deep)

    def spoof(a: Args) -> object:
        adv = h.adv(a)
        decoys = bool(_flag(a, "decoys", "decoy", "chaff"))
        ship = h.ship(a, "spoof", leave=1)
        target = h.ship(a, "spoof")
        h.done(a, "spoof")
        return sc.Spoof(ship, target, adv, decoys)

    def jam(a: Args) -> object:
        adv = h.adv(a)
        mode = JAMS.get(_flag(a, *JAMS), "hacking")
        ship = h.ship(a, "jam", leave=1)
        target = h.ship(a, "jam")
        h.done(a, "jam")
        return sc.Jam(ship, target, adv, mode)

    def fire(a: Args) -> object:
        defend = 0
        lowered = [w.casefold() for w in a.words]
        if "defend" in lowered[1:]:
            at = len(lowered) - 1 - lowered[::-1].index("defend")
            tail, a.words = a.words[at + 1 :], a.words[:at]
            if len(tail) > 1 or (tail and not is_count(tail[0])):
                raise CommandRejected(f"'defend' takes a number of hard points, not '{' '.join(tail)}'.",
                                      f"Usage: {USAGE['fire']}")  # fmt: skip
            defend = whole(tail[0], "a number of hard points", 1, h.dice, USAGE["fire"]) if tail else -1
        return evolve(h.fire(a), defend=defend)

    def defend(a: Args) -> object:
        count = _count(a, "defend", "a number of hard points", 1, h.dice)
        ship = h.ship(a, "defend")
        h.done(a, "defend")
        return sc.Fire(ship, (), defend=-1 if count is None else count)

    def crypto(a: Args) -> object:
        adv = h.adv(a)
        ship = h.ship(a, "crypto", leave=1)
        position = "science"
        if len(a.words) > 1 and a.words[0].casefold() in ("science", "sci", "sensors", "sensor", "comms"):
            position = position_of(a.words.pop(0))
        target = h.ship(a, "crypto")
        h.done(a, "crypto")
        return sc.Crypto(ship, target, position, adv)

    def assist(a: Args) -> object:
        adv = h.adv(a)
        ship = h.ship(a, "assist", leave=1)
        word = a.words.pop(0) if a.words else ""
        position = "" if word.casefold() == "off" else position_of(word) if word else ""
        if not word:
            raise CommandRejected("'space assist' needs a crew position (or off).", f"Usage: {USAGE['assist']}")
        h.done(a, "assist")
        return sc.DirectAssistance(ship, position, adv)

    def presence(a: Args) -> object:
        score = _count(a, "presence", "a Charisma score", 1, CHARISMA)
        ship = h.ship(a, "presence")
        h.done(a, "presence")
        return sc.CommandingPresence(ship, score or 0)

    def manipulate(a: Args) -> object:
        adv = h.adv(a)
        ship = h.ship(a, "manipulate", leave=2)
        position = h.position(a, "manipulate")
        target = h.ship(a, "manipulate")
        h.done(a, "manipulate")
        return sc.ShieldManipulation(ship, position, target, adv)

    def weaponsassist(a: Args) -> object:
        adv = h.adv(a)
        given = bool(a.words) and a.words[-1][:1] in "+-"
        modifier = h.bonus(a) if given else None
        ship = h.ship(a, "weaponsassist", leave=2)
        position = h.position(a, "weaponsassist")
        target = h.ship(a, "weaponsassist", swarms=True)
        h.done(a, "weaponsassist")
        return sc.WeaponsAssist(ship, position, target, modifier, adv)

    return {"scan": scan, "spoof": spoof, "jam": jam, "fire": fire, "defend": defend, "crypto": crypto, "assist": assist,
            "presence": presence, "manipulate": manipulate, "weaponsassist": weaponsassist}  # fmt: skip


def format_command(command: object, n: Callable[[str], str], adv_word: Callable[[int], str]) -> str | None:
    """The text form of an advanced function's command; None for any other command."""
    match command:
        case sc.Fire(ship, (), defend=defend) if defend:
            words = ["space defend", n(ship), str(defend) if defend > 0 else ""]
        case sc.Crypto(ship, target, position, adv):
            words = ["space crypto", n(ship), position if position != "science" else "", n(target), adv_word(adv)]
        case sc.DirectAssistance(ship, position, adv):
            words = ["space assist", n(ship), position or "off", adv_word(adv)]
        case sc.CommandingPresence(ship, charisma):
            words = ["space presence", n(ship), str(charisma) if charisma else ""]
        case sc.ShieldManipulation(ship, position, target, adv):
            words = ["space manipulate", n(ship), position, n(target), adv_word(adv)]
        case sc.WeaponsAssist(ship, position, target, modifier, adv):
            words = ["space weaponsassist", n(ship), position, n(target), "" if modifier is None else f"{modifier:+d}",
                     adv_word(adv)]  # fmt: skip
        case _:
            return None
    return " ".join(filter(None, words))
