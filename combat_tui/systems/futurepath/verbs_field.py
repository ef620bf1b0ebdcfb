"""The text forms of the ground commands beside the round: `move`, `team`, `awareness`, and the
traps' `trap`, `spot` and `trigger` (docs/commands.md, "Commands (futurepath)")."""

from __future__ import annotations

from collections.abc import Callable

from combat_tui.core.command import CommandRejected
from combat_tui.core.text import Args, Parsed, is_count, quote, whole
from combat_tui.systems.futurepath import commands as fc
from combat_tui.systems.futurepath import verbs_roster

USAGE = {
    "trap": "trap NAME [field=value ...]",
    "spot": "spot NAME TRAP [search]",
    "trigger": "trigger TRAP on NAME[, NAME ...] [by NAME]",
    "move": "move NAME FEET [run|climb|swim|crawl] [failed]",
    "team": "team NAME",
    "awareness": "awareness [watch NAME[, NAME ...]]",
}
FEET = 1000
"""The longest move a line gives."""


def name_then_rest(a: Args) -> str:
    """The longest run of words that names someone, the rest being a weapon name."""
    from combat_tui.core.text import resolve as find

    for end in range(len(a.words), 0, -1):
        ref = find(" ".join(a.words[:end]), a.state, a.labels, strict=False)
        if ref:
            del a.words[:end]
            return ref
    return find(a.words.pop(0), a.state, a.labels, strict=True)


def who_and_trap(a: Args, needed: bool) -> tuple[str, str]:
    """A combatant's name, then (if any words are left) a trap's, as `trap` named it; the rule
    finds the trap, so a script can name one it places later."""
    if len(a.words) == 1 and not needed:
        return a.name(), ""
    if len(a.words) < 2:
        raise CommandRejected(f"'{a.verb}' needs a name and a trap.", f"Usage: {a.usage()}")
    ref = name_then_rest(a)
    if a.words and a.words[0][:1] in "+-":
        a.none()  # a bonus that is not a number: no trap is named like one
    trap = " ".join(a.words)
    if needed and not trap:
        raise CommandRejected(f"'{a.verb}' needs a trap after the name.", f"Usage: {a.usage()}")
    a.words = []
    return ref, trap


def _trap(a: Args) -> Parsed:
    head, pairs = verbs_roster.split_pairs(a, USAGE["trap"])
    if not head:
        raise CommandRejected("'trap' needs the trap's name first.", f"Usage: {USAGE['trap']}")
    return Parsed("trap", fc.AddTrap(" ".join(head), pairs))


def _spot(a: Args) -> Parsed:
    search = bool(a.words) and a.words[-1].casefold() == "search"
    if search:
        a.words.pop()
    ref, trap = who_and_trap(a, needed=True)
    return Parsed("spot", fc.SpotTrap(ref, trap, search))


def _trigger(a: Args) -> Parsed:
    lowered = [w.casefold() for w in a.words]
    by = ""
    if "by" in lowered[1:]:
        at = len(lowered) - 1 - lowered[::-1].index("by")
        by = Args(a.verb, a.words[at + 1 :], a.state).name()
        a.words, lowered = a.words[:at], lowered[:at]
    targets: list[str] = []
    if "on" in lowered[1:]:
        at = lowered.index("on", 1)
        for part in " ".join(a.words[at + 1 :]).replace(",", " , ").split(" , "):
            if part.strip():
                targets.append(Args(a.verb, part.split(), a.state).name())
        a.words = a.words[:at]
    if not a.words:
        raise CommandRejected("'trigger' needs a trap.", f"Usage: {USAGE['trigger']}")
    trap = " ".join(a.words)
    return Parsed("trigger", fc.TriggerTrap(trap, tuple(targets), by))


def _move(a: Args) -> Parsed:
    from combat_tui.systems.futurepath.movement import MODES

    failed = bool(a.words) and a.words[-1].casefold() == "failed"
    if failed:
        a.words.pop()
    mode = a.words.pop().casefold() if a.words and a.words[-1].casefold() in MODES else ""
    if len(a.words) < 2 or not is_count(a.words[-1]):
        raise CommandRejected("'move' needs a name and the feet moved.", f"Usage: {USAGE['move']}")
    feet = whole(a.words.pop(), "a distance in feet", 0, FEET, USAGE["move"])
    ref = a.name()
    return Parsed("move", fc.FPMove(ref, feet, mode, failed))


def _team_verb(a: Args) -> Parsed:
    if not a.words:
        raise CommandRejected("'team' needs the new team's name.", f"Usage: {USAGE['team']}")
    name = " ".join(a.words)
    a.words = []
    return Parsed("team", fc.AddTeam(name))


def _awareness(a: Args) -> Parsed:
    """`awareness`, or `awareness watch NAME[, NAME ...]`: those on the alert roll Perception."""
    from combat_tui.core.text import resolve

    if not a.words:
        return Parsed("awareness", fc.JudgeAwareness())
    if a.words[0].casefold() != "watch":
        raise CommandRejected(f"'awareness' takes 'watch' and names, not '{a.words[0]}'.", f"Usage: {USAGE['awareness']}")
    parts = [part.strip() for part in " ".join(a.words[1:]).replace(",", " , ").split(" , ")]
    if not any(parts):
        raise CommandRejected("'awareness watch' needs the names of those on watch.", f"Usage: {USAGE['awareness']}")
    a.words = []
    return Parsed("awareness", fc.JudgeAwareness(tuple(resolve(part, a.state, a.labels) for part in parts if part)))


VERBS: dict[str, Callable[[Args], Parsed]] = {
    "trap": _trap,
    "spot": _spot,
    "trigger": _trigger,
    "move": _move,
    "team": _team_verb,
    "awareness": _awareness,
}


def format_command(command: object, n: Callable[[str], str]) -> str | None:
    """The text form of one of these commands, or None for another command."""
    match command:
        case fc.AddTrap(name, pairs):
            return f"trap {quote(name)} {verbs_roster.pairs_text(pairs)}".strip()
        case fc.SpotTrap(ref, trap, search):
            return " ".join(filter(None, ["spot", n(ref), trap_text(trap), "search" if search else ""]))
        case fc.TriggerTrap(trap, targets, by):
            words = ["trigger", trap_text(trap), "on " + ", ".join(n(t) for t in targets) if targets else ""]
            return " ".join(filter(None, [*words, f"by {n(by)}" if by else ""]))
        case fc.FPMove(ref, feet, mode, failed):
            return " ".join(filter(None, ["move", n(ref), str(feet), mode, "failed" if failed else ""]))
        case fc.AddTeam(name):
            return f"team {quote(name)}"
        case fc.JudgeAwareness(watch):
            return "awareness" + (" watch " + ", ".join(n(ref) for ref in watch) if watch else "")
    return None


def trap_text(ref: str) -> str:
    """A trap as the line named it (its name or id), quoted when it has spaces."""
    return quote(ref) if ref else ""
