"""The text forms of a fight's 5e commands: setup, turns, attacks, spells, chips, the end."""

from __future__ import annotations

from collections.abc import Callable

from combat_tui.core.command import CommandRejected
from combat_tui.core.text import Args, Parsed, chip_words, is_count, is_whole, one_name, plain, resolve, shown, whole
from combat_tui.systems.dnd5e import commands as cmd

MODES = ("adv", "dis", "normal")
INITIATIVE = 100
MAX_ROUNDS = 1000
"""A timed chip lasts at most this many rounds (an hour and a half of fight)."""
MAX_XP = 10**7
"""The XP award and the gp total of an end, as the sheet's XP and gold fields take them."""
ATTACK_OPTIONS = ("thrown", "long", "two-handed")


def _init(a: Args) -> Parsed:
    ref = a.name(leave=1)
    value = a.number("an initiative value", -INITIATIVE, INITIATIVE)
    a.none()
    return Parsed("init", cmd.SetInitiative(ref, value))


def mode_word(a: Args) -> str:
    if a.words and a.words[-1].casefold() in MODES:
        return a.words.pop().casefold()
    return ""


def react_words(a: Args, usage: str) -> tuple[str, ...]:
    """`react NAME SPELL` at the end of an attack or cast line, once per dialog answered: NAME
    answers the Reaction dialog the line opens by casting SPELL (the last word of the clause;
    quote a spell of two words); without it every dialog is declined. The answers come back as
    one flat tuple of (ref, spell) pairs, in the order the line gives them."""
    found: list[tuple[str, str]] = []
    while len(a.words) > 3:  # `react` comes after the three words of an attack at least
        lowered = [w.casefold() for w in a.words]
        if "react" not in lowered[3:]:
            break
        at = len(lowered) - 1 - lowered[::-1].index("react")
        rest = a.words[at + 1 :]
        if len(rest) < 2:
            raise CommandRejected("'react' needs the combatant who reacts and its spell: react NAME SPELL.",
                                  f"Usage: {usage}")  # fmt: skip
        a.words = a.words[:at]
        found.insert(0, (resolve(" ".join(rest[:-1]), a.state, a.labels), rest[-1]))
    return tuple(word for pair in found for word in pair)


def attack_words(a: Args) -> Parsed:
    react = react_words(a, FIGHT_USAGE["attack"])
    mode = mode_word(a)
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
        raise CommandRejected(f"One swing is paid one way, not {' and '.join(uses)}.", f"Usage: {FIGHT_USAGE['attack']}")
    command = cmd.Attack(attacker, target, weapon, mode, "thrown" in options, "long" in options, "two-handed" in options,
                         uses[0] if uses else "", "ignore-cost" in options, cover, "sneak" in options, "pack" in options,
                         redirect or "", react)  # fmt: skip
    return Parsed("attack", command)


TURN_OPTIONS = ("offhand", "opportunity", "legendary", "sneak", "pack", "ignore-cost")
"""ref: Action, bonus action, and reaction (and the sections after it): what pays for a swing and its boxes."""
COVER_WORDS = {"half": 2, "three-quarters": 5, "2": 2, "5": 5}


def _redirect_words(a: Args) -> str | None:
    """`redirect NAME` at the end of an attack: the ally a Redirect Attack swaps in."""
    if len(a.words) <= 3:  # `redirect` comes after the three words of an attack at least
        return None
    lowered = [w.casefold() for w in a.words]
    if "redirect" not in lowered[3:]:
        return None
    at = len(lowered) - 1 - lowered[::-1].index("redirect")
    name = " ".join(a.words[at + 1 :])
    a.words = a.words[:at]
    if not name:
        raise CommandRejected("'redirect' needs the ally who takes the creature's place.", f"Usage: {FIGHT_USAGE['attack']}")
    return resolve(name, a.state, a.labels)



def _chip(a: Args) -> Parsed:
    ref, sign, rest = chip_words(a, FIGHT_USAGE['chip'])
    rounds, until = 0, ""
    if sign == "+" and len(rest) > 1 and rest[-1].casefold() == "next":
        rest.pop()
        current = a.state.fight.current() if a.state.fight else None
        if current is None:
            raise CommandRejected("'next' needs a running fight: the chip ends at the start of the next turn of "
                                  "whoever's turn it is.")  # fmt: skip
        until = current.ref
    elif sign == "+" and len(rest) > 1 and is_whole(rest[-1]):  # `+Poisoned -3` is a bad count, not a name
        rounds = whole(rest.pop(), "a number of rounds", -MAX_ROUNDS, MAX_ROUNDS, FIGHT_USAGE["chip"])
        if rounds < 1:
            raise CommandRejected("A timed chip lasts at least 1 round.")
    name = " ".join(word for word in rest if word)
    if not name:
        raise CommandRejected("The chip needs a name after the sign.", f"Usage: {FIGHT_USAGE['chip']}")
    if sign == "-":
        return Parsed("chip", cmd.RemoveChip(ref, name))
    return Parsed("chip", cmd.AddChip(ref, name, rounds, until))


def _cast(a: Args) -> Parsed:
    """cast CASTER SPELL [at LEVEL] [on TARGET[, TARGET ...]] [TYPE] [ignore-armor] [adv|dis|normal]"""
    from combat_tui.systems.dnd5e.defenses import DAMAGE_TYPES

    react = react_words(a, FIGHT_USAGE["cast"])
    flags = set()
    while a.words and a.words[-1].casefold() in ("ignore-cost", "repeat"):
        flags.add(a.words.pop().casefold())
    swapped = names_after(a, "redirect") or ()  # Redirect Attack against a spell attack
    sculpted = names_after(a, "sculpt") or ()  # an evoker's Sculpt Spells
    resisting = _resist_words(a)
    mode = mode_word(a)
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
        if not is_count(word):
            raise CommandRejected(f"'{shown(a.words[-1])}' is not a slot level.", f"Usage: {FIGHT_USAGE['cast']}")
        level = whole(word, "a slot level", 1, 9, FIGHT_USAGE["cast"])
        del a.words[-2:]
    caster = a.name(leave=1)
    spell = " ".join(a.words)
    if not spell:
        raise CommandRejected("'cast' needs a spell.", f"Usage: {FIGHT_USAGE['cast']}")
    return Parsed("cast", cmd.Cast(caster, spell, level, tuple(targets), mode, ignore, option, "ignore-cost" in flags,
                                   resisting, "repeat" in flags, swapped[0] if swapped else "", react,
                                   sculpted))  # fmt: skip


def _resist_words(a: Args) -> tuple[str, ...]:
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


def _exhaustion(a: Args) -> Parsed:
    ref = a.name(leave=1)
    level = a.number("a level from 0 to 6")
    a.none()
    return Parsed("exhaustion", cmd.SetExhaustion(ref, level))


def _save(a: Args) -> Parsed:
    from combat_tui.systems.dnd5e.checks import ability_name

    mode = mode_word(a)
    ref = a.name(leave=1)
    ability = ability_name(" ".join(a.words))
    return Parsed("save", cmd.RollSave(ref, ability, mode))


def _check(a: Args) -> Parsed:
    from combat_tui.systems.dnd5e.checks import check_name

    mode = mode_word(a)
    ref = a.name(leave=1)
    name = check_name(" ".join(a.words))
    return Parsed("check", cmd.RollCheck(ref, name, mode))


def _surprised(a: Args) -> Parsed:
    flag = True
    if a.words and a.words[-1].casefold() in ("on", "off"):
        flag = a.words.pop().casefold() == "on"
    ref = a.name()
    a.none()
    return Parsed("surprised", cmd.SetSurprised(ref, flag))


def _tray(a: Args) -> Parsed:
    if len(a.words) != 1 or a.words[0].casefold() not in MODES:
        raise CommandRejected("'tray' takes one mode: normal, adv or dis.", f"Usage: {FIGHT_USAGE['tray']}")
    return Parsed("tray", cmd.SetTrayMode(a.words[0].casefold()))


def _damage(a: Args) -> Parsed:
    damage_type = ""
    if len(a.words) >= 3 and not a.words[-1].lstrip("-").isdigit():
        damage_type = a.words.pop().casefold()
    ref = a.name(leave=1)
    amount = a.number("an amount")
    a.none()
    return Parsed("damage", cmd.ApplyDamage(ref, amount, damage_type))


def _heal(a: Args) -> Parsed:
    ref = a.name(leave=1)
    amount = a.number("an amount")
    a.none()
    return Parsed("heal", cmd.Heal(ref, amount))



END_WORDS = ("award", "fled", "captured", "loot", "to", "gold", "keep")


def _end(a: Args) -> Parsed:
    """end [award XP] [fled NAME[, NAME]] [captured NAME[, NAME]] [loot all|ITEM[, ITEM] to NAME] [gold N]"""
    from combat_tui.systems.dnd5e.ending import loot_items

    parts: dict[str, list[str]] = {}
    key = None
    for word in a.words:
        if word.casefold() in END_WORDS and word.casefold() not in parts:
            key = word.casefold()
            parts[key] = []
        elif key is None:
            raise CommandRejected(f"Cannot read 'end {' '.join(a.words)}'.", f"Usage: {FIGHT_USAGE['end']}")
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
            raise CommandRejected("Say who takes the loot: 'loot ITEM to NAME'.", f"Usage: {FIGHT_USAGE['end']}")
    if "to" in parts:
        if "loot" not in parts:
            raise CommandRejected("'to' names who takes the loot, after 'loot ITEM'.", f"Usage: {FIGHT_USAGE['end']}")
        loot_to = resolve(" ".join(parts["to"]), a.state, a.labels)
    return Parsed("end", cmd.EndFight(award, tuple(fates), tuple(loot), loot_to, gold, _end_keep(a, parts)))


def _end_keep(a: Args, parts: dict[str, list[str]]) -> tuple[str, ...]:
    """`keep CHIP (NAME)[, ...]`: the timed chips that outlast the fight; `end` ends the rest."""
    from combat_tui.systems.dnd5e.ending import timed_chips

    if "keep" not in parts:
        return ()
    chips = {chip.label.casefold(): chip.key for chip in timed_chips(a.state, a.labels)}
    keep = []
    for name in _listed(parts["keep"], "keep"):
        if name.casefold() not in chips:
            raise CommandRejected(f"No timed chip '{name}' ends with this fight.",
                                  "Chips read as in the End combat dialog: 'Bless (Goblin 2)'.")  # fmt: skip
        keep.append(chips[name.casefold()])
    return tuple(keep)


def _end_number(parts: dict[str, list[str]], key: str, what: str) -> int:
    if key not in parts:
        return -1
    words = parts[key]
    if len(words) != 1:
        raise CommandRejected(f"'{key}' needs {what}, a whole number from 0.", f"Usage: {FIGHT_USAGE['end']}")
    value = whole(words[0], what, -MAX_XP, MAX_XP, FIGHT_USAGE["end"])
    if value < 0:
        raise CommandRejected("The XP award cannot be negative." if key == "award" else "The gp total cannot be negative.")
    return value


def _listed(words: list[str] | None, key: str) -> list[str]:
    if words is None:
        return []
    names = [part.strip() for part in " ".join(words).split(",") if part.strip()]
    if not names:
        raise CommandRejected(f"'{key}' needs at least one name.", f"Usage: {FIGHT_USAGE['end']}")
    return names


def _sneak(a: Args) -> Parsed:
    if len(a.words) != 1:
        raise CommandRejected("'sneak' takes who sneaks: none, party, foes or both.", f"Usage: {FIGHT_USAGE['sneak']}")
    return Parsed("sneak", cmd.SetSneakers(a.words[0].casefold()))


def _stealth(a: Args) -> Parsed:
    if [w.casefold() for w in a.words] == ["roll"]:
        return Parsed("stealth", cmd.RollStealth())
    ref = a.name(leave=1)
    if len(a.words) == 1 and a.words[0].casefold() == "clear":
        return Parsed("stealth", cmd.SetStealth(ref, None))
    total = a.number("a Stealth total", -100, 100)
    a.none()
    return Parsed("stealth", cmd.SetStealth(ref, total))


def _join(a: Args) -> Parsed:
    from combat_tui.systems.dnd5e.joining import whole_group

    if a.words and a.words[0].casefold() == "group":
        a.words.pop(0)
        ref = a.name()
        a.none()
        return Parsed("join", cmd.JoinFight(whole_group(a.state, ref)))
    names = _listed(a.words, "join")
    return Parsed("join", cmd.JoinFight(tuple(resolve(name, a.state, a.labels) for name in names)))




FIGHT_VERBS: dict[str, Callable[[Args], Parsed]] = {
    "setup": plain("setup", cmd.OpenSetup()),
    "cancel": plain("cancel", cmd.CancelSetup()),
    "parley": plain("parley", cmd.Parley()),
    "surprised": _surprised,
    "init": _init,
    "start": plain("start", cmd.StartFight()),
    "next": plain("next", cmd.NextTurn()),
    "prev": plain("prev", cmd.PrevTurn()),
    "attack": attack_words,
    "damage": _damage,
    "heal": _heal,
    "deathsave": one_name("deathsave", cmd.RollDeathSave),
    "stabilize": one_name("stabilize", cmd.Stabilize),
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
    "unjoin": one_name("unjoin", cmd.UnjoinFight),
}


FIGHT_USAGE = {
    "setup": "setup",
    "cancel": "cancel",
    "parley": "parley",
    "surprised": "surprised NAME [on|off]",
    "init": "init NAME VALUE",
    "start": "start",
    "next": "next",
    "prev": "prev",
    "attack": ("attack ATTACKER TARGET WEAPON [thrown] [long] [two-handed] [offhand|opportunity|legendary] "
              "[cover half|three-quarters] [sneak] [pack] [ignore-cost] [redirect ALLY] [adv|dis|normal] "
              "[react NAME SPELL]"),
    "cast": ("cast CASTER SPELL [at LEVEL] [on TARGET[, TARGET ...]] [TYPE] [ignore-armor] [adv|dis|normal] "
            "[resist NAME[, NAME ...]] [sculpt NAME[, NAME ...]] [redirect ALLY] [ignore-cost] [repeat] [react NAME SPELL]"),
    "chip": "chip NAME +CONDITION [ROUNDS|next] | chip NAME -CONDITION",
    "exhaustion": "exhaustion NAME LEVEL",
    "save": "save NAME ABILITY [adv|dis|normal]",
    "check": "check NAME SKILL|ABILITY [adv|dis|normal]",
    "tray": "tray normal|adv|dis",
    "damage": "damage TARGET AMOUNT [TYPE]",
    "heal": "heal TARGET AMOUNT",
    "deathsave": "deathsave NAME",
    "stabilize": "stabilize NAME",
    "end": "end [award XP] [fled NAME[, NAME ...]] [captured NAME[, NAME ...]] [loot all|ITEM[, ITEM ...] to NAME] [gold N] "
           "[keep CHIP (NAME)[, ...]]",
    "sneak": "sneak none|party|foes|both",
    "stealth": "stealth roll | stealth NAME TOTAL | stealth NAME clear",
    "join": "join NAME[, NAME ...] | join group NAME",
    "unjoin": "unjoin NAME",
}

def names_after(a: Args, word: str) -> tuple[str, ...] | None:
    """The names after the last `word` (`on`, `resist`), comma separated; None when absent."""
    lowered = [w.casefold() for w in a.words]
    if word not in lowered[1:]:
        return None
    at = len(lowered) - 1 - lowered[::-1].index(word)
    names = " ".join(a.words[at + 1 :])
    a.words = a.words[:at]
    return tuple(resolve(name, a.state, a.labels) for name in filter(None, (p.strip() for p in names.split(","))))
