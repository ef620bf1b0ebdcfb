"""The text forms of the turn's economy, class features and what monsters do (issue 6), and of
the creature dialog's action editor (issue 6, item 10; ref: Creature actions)."""

from __future__ import annotations

from collections.abc import Callable

from combat_tui.core.command import CommandRejected
from combat_tui.core.records import evolve
from combat_tui.core.text import LIMIT, Args, Parsed, is_count, one_name, resolve, shown, whole
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.commands_turn import EndConcentration
from combat_tui.systems.dnd5e.model import CreatureAction
from combat_tui.systems.dnd5e.verbs_fight import attack_words, mode_word, names_after


def _pip(a: Args) -> Parsed:
    if len(a.words) < 3 or a.words[-1].casefold() not in ("used", "free") or a.words[-2].casefold() not in PIP_WORDS:
        raise CommandRejected("'pip' needs a name, the pip (action, bonus, reaction) and used or free.",
                              f"Usage: {TURN_USAGE['pip']}")  # fmt: skip
    used = a.words.pop().casefold() == "used"
    pip = PIP_WORDS[a.words.pop().casefold()]
    ref = a.name()
    a.none()
    return Parsed("pip", cmd.TogglePip(ref, pip, used))


PIP_WORDS = {"action": "action", "bonus": "bonus", "reaction": "reaction"}


def _action(a: Args) -> Parsed:
    from combat_tui.systems.dnd5e.actions import STANDARD_ACTIONS

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
        raise CommandRejected("'action' needs a name and a standard action.", f"Usage: {TURN_USAGE['action']}")
    ref = a.name()
    a.none()
    return Parsed("action", cmd.TakeAction(ref, action, bonus))


MAX_HIT_DICE = 20
"""A character has at most 20 hit dice (one a level)."""


def _rest(a: Args) -> Parsed:
    """`rest short [NAME N[, NAME N ...]]`: each named character spends N hit dice; `rest long`."""
    usage = f"Usage: {TURN_USAGE['rest']}"
    if not a.words or a.words[0].casefold() not in ("short", "long"):
        raise CommandRejected("'rest' takes short or long.", usage)
    length = a.words.pop(0).casefold()
    if a.words and length == "long":
        raise CommandRejected("'rest long' takes nothing more: a long rest spends no hit dice.", usage)
    spend = []
    for part in filter(None, (p.strip() for p in " ".join(a.words).split(","))):
        words = part.split()
        if len(words) < 2 or not is_count(words[-1]):
            raise CommandRejected(f"Cannot read '{shown(part, 60)}': give a name and a number of hit dice.", usage)
        count = whole(words[-1], "a number of hit dice", 1, MAX_HIT_DICE, TURN_USAGE["rest"])
        spend.append((resolve(" ".join(words[:-1]), a.state, a.labels), count))
    return Parsed("rest", cmd.TakeRest(length, tuple(spend)))


def _concentration(a: Args) -> Parsed:
    """`concentration NAME end`: the GM's End concentration."""
    if len(a.words) < 2 or a.words[-1].casefold() != "end":
        raise CommandRejected("'concentration' needs a name, then end.", f"Usage: {TURN_USAGE['concentration']}")
    a.words.pop()
    ref = a.name()
    a.none()
    return Parsed("concentration", EndConcentration(ref))



def _turn_undead(a: Args) -> Parsed:
    from combat_tui.systems.dnd5e.channel_divinity import turnable

    resisting = names_after(a, "resist") or ()
    targets = names_after(a, "on")
    ref = a.name()
    a.none()
    if targets is None:  # "lists every undead in the fight, all ticked"
        targets = turnable(a.state) if a.state.fight is not None and a.state.fight.stage == "running" else ()
    return Parsed("turn-undead", cmd.TurnUndead(ref, targets, resisting))


def _preserve(a: Args) -> Parsed:
    if len(a.words) < 3:
        raise CommandRejected("'preserve' needs the cleric, then NAME AMOUNT pairs.", f"Usage: {TURN_USAGE['preserve']}")
    ref = a.name(leave=2)
    shares = []
    for part in filter(None, (p.strip() for p in " ".join(a.words).split(","))):
        words = part.split()
        if len(words) < 2 or not is_count(words[-1]):
            raise CommandRejected(f"Cannot read the share '{shown(part, 60)}'.", f"Usage: {TURN_USAGE['preserve']}")
        amount = whole(words[-1], "a share of HP", 0, LIMIT, TURN_USAGE["preserve"])
        shares.append((resolve(" ".join(words[:-1]), a.state, a.labels), amount))
    return Parsed("preserve", cmd.PreserveLife(ref, tuple(shares)))


def _use(a: Args) -> Parsed:
    flags = set()
    while a.words and a.words[-1].casefold() in ("ignore-cost",):
        flags.add(a.words.pop().casefold())
    mode = mode_word(a)
    resisting = names_after(a, "resist") or ()
    targets = names_after(a, "on")
    if not targets:
        raise CommandRejected("'use' needs its targets after 'on'.", f"Usage: {TURN_USAGE['use']}")
    ref = a.name(leave=1)
    action = " ".join(a.words)
    return Parsed("use", cmd.UseCreatureAction(ref, action, targets, mode, "ignore-cost" in flags, resisting))


def _legendary(a: Args) -> Parsed:
    """`legendary CREATURE TARGET WEAPON ...`: an attack paid with a legendary action."""
    parsed = attack_words(a)
    return Parsed("attack", evolve(parsed.command, use="legendary"))


TURN_VERBS: dict[str, Callable[[Args], Parsed]] = {
    "pip": _pip,
    "action": _action,
    "secondwind": one_name("secondwind", cmd.SecondWind),
    "surge": one_name("surge", cmd.ActionSurge),
    "rage": one_name("rage", cmd.Rage),
    "rest": _rest,
    "concentration": _concentration,
    "turn-undead": _turn_undead,
    "preserve": _preserve,
    "use": _use,
    "legendary": _legendary,
}
TURN_USAGE = {
    "pip": "pip NAME action|bonus|reaction used|free",
    "action": "action NAME dash|disengage|dodge|help|hide|ready|search|use [cunning]",
    "secondwind": "secondwind NAME",
    "surge": "surge NAME",
    "rage": "rage NAME",
    "rest": "rest short [NAME DICE[, NAME DICE ...]] | rest long",
    "concentration": "concentration NAME end",
    "turn-undead": "turn-undead CLERIC [on UNDEAD[, UNDEAD ...]] [resist NAME[, NAME ...]]",
    "preserve": "preserve CLERIC NAME AMOUNT[, NAME AMOUNT ...]",
    "use": "use CREATURE ACTION on TARGET[, TARGET ...] [resist NAME[, ...]] [adv|dis|normal] [ignore-cost]",
    "legendary": "legendary CREATURE TARGET WEAPON [cover half|three-quarters] [adv|dis|normal] [ignore-cost]",
}  # fmt: skip
# -- the creature dialog's action editor (issue 6, item 10; ref: Creature actions)

_ACTION_OPS = ("add", "edit", "remove")
MAX_ACTIONS = 100


def _creature_action(a: Args) -> Parsed:
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
    if is_count(word):
        return whole(word, "an action number", 1, MAX_ACTIONS) - 1
    for i, action in enumerate(actions):
        if action.name.casefold() == word.casefold():
            return i
    have = ", ".join(action.name for action in actions) or "none"
    raise CommandRejected(f"No action is called '{word}'.", f"Actions: {have}.")


def _action_words(words: list[str], usage: str) -> CreatureAction:
    """`NAME SAVE DC DAMAGE [TYPE] [recharge FACE] [half]`, read from the end (the name may be several words)."""
    from combat_tui.systems.dnd5e.checks import ability_name
    from combat_tui.systems.dnd5e.defenses import DAMAGE_TYPES

    words = list(words)
    half = bool(words) and words[-1].casefold() == "half"
    if half:
        words.pop()
    recharge = 0
    if len(words) >= 2 and words[-2].casefold() == "recharge":
        face = words.pop()
        words.pop()
        if not is_count(face.split("-")[0]) or len(face.split("-")[0]) > 1:
            raise CommandRejected(f"'{shown(face)}' is not a recharge face.", "Use 6, 5 (5-6) or 4 (4-6).")
        recharge = int(face.split("-")[0])
    damage_type = words.pop().casefold() if words and words[-1].casefold() in DAMAGE_TYPES else ""
    if len(words) < 4 or not is_count(words[-2]):
        raise CommandRejected("An action needs a name, a save, a DC and its damage dice.", f"Usage: {usage}")
    damage, dc, save = words.pop(), whole(words.pop(), "a DC", usage=usage), ability_name(words.pop())
    return CreatureAction(" ".join(words), save, dc, damage, damage_type, recharge, half)




TURN_VERBS["creature-action"] = _creature_action
TURN_USAGE["creature-action"] = ("creature-action CREATURE add|edit N|remove N [ACTION SAVE DC DAMAGE [TYPE] "
                                 "[recharge 6|5|4] [half]]")  # fmt: skip
