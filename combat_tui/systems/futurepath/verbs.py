"""The text forms of FuturePath commands (docs/commands.md, "Commands (futurepath)").

`VERBS` maps each verb to a handler the shared parser calls; `format_command` writes a command
back in the same form for the journal and the history.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from combat_tui.core.command import CommandRejected
from combat_tui.core.text import Args, Parsed, chip_words, is_count, is_whole, one_name, plain, quote, shown, whole
from combat_tui.systems.futurepath import commands as fc
from combat_tui.systems.futurepath import verbs_field, verbs_roster
from combat_tui.systems.futurepath.phases import KIND_WORDS
from combat_tui.systems.futurepath.space import verbs as space_verbs
from combat_tui.systems.futurepath.tables import tables
from combat_tui.systems.futurepath.verbs_field import name_then_rest, trap_text, who_and_trap

USAGE = {
    "setup": "setup",
    "cancel": "cancel",
    "present": "present NAME",
    "absent": "absent NAME",
    "aware": "aware NAME",
    "unaware": "unaware NAME",
    "init": "init NAME VALUE|auto",
    "group": "group NAME vanguard|rearguard|auto",
    "teaminit": "teaminit TEAM VALUE|auto",
    "start": "start",
    "next": "next",
    "join": "join NAME [stealth]",
    "chip": "chip NAME +CONDITION [ROUNDS] | chip NAME -CONDITION",
    "option": "option NAME VALUE",
    "opposed": "opposed NAME NAME [NAME ...]",
    "env": "env NAME +N|-N|0 [ROLLS]",
    "out": "out NAME fled|surrendered|back",
    "end": "end",
    "declare": "declare NAME ACTION [LABEL] [on TARGET] [with WEAPON] [at FEET] [roll|noroll]",
    "withdraw": "withdraw NAME",
    "commit": "commit",
    "resolve": "resolve [NAME] [ok|failed|NOTE]",
    "attack": "attack ATTACKER TARGET [WEAPON] [offhand] [touch] [force] [+flank|-cover|-heavy-cover|+opportunity|+NAME|-2NAME ...]",
    "damage": "damage TARGET AMOUNT [TYPE] [nodr]",
    "heal": "heal TARGET AMOUNT",
    "throw": "throw NAME [FEET] [cook] [on TARGET] | throw NAME at FEET [cook] [on TARGET]",
    "disarm": "disarm NAME [TRAP] [DC] [+BONUS]",
    "placetrap": "placetrap NAME [TRAP] [+BONUS]",
    "leftover": "leftover NAME CONDITION [cured]",
    "save": "save NAME ABILITY [DC] [+BONUS] [+NAME|-NAME ...]",
    "check": "check NAME ABILITY [DC] [+BONUS] [+NAME|-NAME ...]",
    "show": "show NAME | show defaults | show teams | show round | show area radius|cone|line FEET",
    "space": "space SUBCOMMAND ... (space start, next, crew, command, boost, fly, scan, fire, repair, add, edit ...)",
    **verbs_roster.USAGE,
    **verbs_field.USAGE,
}


INITIATIVE = 100
MAX_ROUNDS = 1000
BONUS = 100
"""The largest bonus or DC a roll takes from a line; a d20 roll's numbers are far smaller."""
DICE = 20
"""The most advantage or environment dice a line gives (the cap is 3 by default)."""
FEET = 1000
"""The longest area `show area` counts (a 1000-ft radius is some 125,000 squares)."""
THROW = 10_000
"""The farthest throw a line gives; the rule refuses one past the thrower's maximum range."""


def _value(a: Args, what: str) -> int | None:
    if a.words and a.words[0].casefold() == "auto":
        a.words.pop(0)
        return None
    return a.number(what, -INITIATIVE, INITIATIVE)


def _init(a: Args) -> Parsed:
    ref = a.name(leave=1)
    value = _value(a, "an Initiative score or auto")
    a.none()
    return Parsed("init", fc.SetInitiative(ref, value))


def _group(a: Args) -> Parsed:
    ref = a.name(leave=1)
    word = a.words.pop(0).casefold() if a.words else ""
    group = {"vanguard": "vanguard", "vangaurd": "vanguard", "rearguard": "rearguard", "readguard": "rearguard",
             "auto": ""}.get(word)  # fmt: skip  # A41: the page's spellings
    if group is None:
        raise CommandRejected(f"'{word}' is not a group.", f"Usage: {USAGE['group']}")
    a.none()
    return Parsed("group", fc.SetGroup(ref, group))


def _team(a: Args) -> str:
    from combat_tui.systems.futurepath.stats import fp_state

    if not a.words:
        raise CommandRejected(f"'{a.verb}' needs a team.", f"Usage: {a.usage()}")
    for end in range(len(a.words), 0, -1):
        wanted = " ".join(a.words[:end]).casefold()
        for team in fp_state(a.state).teams:
            if wanted in (team.name.casefold(), team.id.casefold()):
                del a.words[:end]
                return team.id
    raise CommandRejected(f"No team is called '{' '.join(a.words)}'.")


def _teaminit(a: Args) -> Parsed:
    last = a.words.pop() if a.words else ""
    team = _team(a)
    a.words = [last]
    value = _value(a, "a Team Initiative or auto")
    return Parsed("teaminit", fc.SetTeamInitiative(team, value))


def _join(a: Args) -> Parsed:
    stealth = bool(a.words) and a.words[-1].casefold() == "stealth"
    if stealth:
        a.words.pop()
    ref = a.name()
    a.none()
    return Parsed("join", fc.Join(ref, stealth))


def _chip(a: Args) -> Parsed:
    ref, sign, rest = chip_words(a, USAGE['chip'])
    rounds = 0
    if sign == "+" and len(rest) > 1 and is_whole(rest[-1]):  # `+Shaken -3` is a bad count, not a name
        rounds = whole(rest.pop(), "a number of rounds", 0, MAX_ROUNDS, USAGE["chip"])  # 0: the catalog's
    name = " ".join(word for word in rest if word)
    if not name:
        raise CommandRejected("The condition needs a name after the sign.", f"Usage: {USAGE['chip']}")
    if sign == "-":
        return Parsed("chip", fc.RemoveCondition(ref, name))
    return Parsed("chip", fc.AddCondition(ref, name, rounds))


def _option(a: Args) -> Parsed:
    if len(a.words) != 2:
        raise CommandRejected("'option' takes a name and a value.", f"Usage: {USAGE['option']}")
    name, value = a.words
    if is_whole(value):  # a sane number here; the rule refuses one outside the option's range
        whole(value, f"option {shown(name)}", usage=USAGE["option"])
    return Parsed("option", fc.SetOption(name, value))


def _opposed(a: Args) -> Parsed:
    refs = []
    while a.words:
        refs.append(a.name())
    if len(refs) < 2:
        raise CommandRejected("'opposed' needs two or more names.", f"Usage: {USAGE['opposed']}")
    return Parsed("opposed", fc.OpposedInitiative(tuple(refs)))


def _env(a: Args) -> Parsed:
    rolls = "all"
    from combat_tui.systems.futurepath.tables import ROLL_KINDS

    if a.words and a.words[-1].casefold() in ROLL_KINDS:
        rolls = a.words.pop().casefold()
    if len(a.words) < 2:
        raise CommandRejected("'env' needs a name and a number of dice.", f"Usage: {USAGE['env']}")
    number = a.words.pop()
    if not is_whole(number):
        raise CommandRejected(f"'{shown(number)}' is not a number of dice such as +1 or -2.", f"Usage: {USAGE['env']}")
    dice = whole(number, "a number of dice", -DICE, DICE, USAGE["env"])
    return Parsed("env", fc.SetEnvironment(" ".join(a.words), dice, rolls))


def _out(a: Args) -> Parsed:
    reason = a.words.pop().casefold() if len(a.words) > 1 else ""
    if reason not in ("fled", "surrendered", "back"):
        raise CommandRejected("'out' needs fled, surrendered or back after the name.", f"Usage: {USAGE['out']}")
    ref = a.name()
    a.none()
    return Parsed("out", fc.MarkOut(ref, "" if reason == "back" else reason))


def _declare(a: Args) -> Parsed:
    rolls: bool | None = None
    if a.words and a.words[-1].casefold() in ("roll", "noroll"):
        rolls = a.words.pop().casefold() == "roll"
    feet = _at_feet(a)
    weapon = target = ""
    while True:  # `on TARGET` and `with WEAPON`, in either order: the later one first
        lowered = [w.casefold() for w in a.words]
        at = max((i for i, w in enumerate(lowered) if i > 1 and w in ("on", "with")), default=None)
        if at is None:
            break
        rest, a.words = a.words[at + 1 :], a.words[:at]
        if lowered[at] == "with" and not weapon:
            weapon = " ".join(rest)
        elif lowered[at] == "on" and not target:
            target = Args(a.verb, rest, a.state).name()
        else:
            raise CommandRejected(f"'{lowered[at]}' is given twice.", f"Usage: {USAGE['declare']}")
    feet = feet or _at_feet(a)  # `at FEET` before `on TARGET` too
    ref = a.name(leave=1)
    action, label = a.words[0], " ".join(a.words[1:])
    if action.casefold() not in KIND_WORDS and tables().action(action) is None and label:
        action, label = " ".join(a.words), ""
    return Parsed("declare", fc.Declare(ref, action, label, target, weapon, rolls, feet))


def _at_feet(a: Args) -> int:
    """A trailing `at FEET` (a grenade's distance); `at` before anything but a number is a label's."""
    if len(a.words) > 3 and a.words[-2].casefold() == "at" and is_count(a.words[-1]):
        feet = whole(a.words.pop(), "a distance in feet", 1, THROW, a.usage())
        a.words.pop()
        return feet
    return 0


def _resolve(a: Args) -> Parsed:
    if not a.words:
        return Parsed("resolve", fc.Resolve())
    ref = ""
    for end in range(len(a.words), 0, -1):
        from combat_tui.core.text import resolve as find

        ref = find(" ".join(a.words[:end]), a.state, a.labels, strict=False)
        if ref:
            del a.words[:end]
            break
    return Parsed("resolve", fc.Resolve(ref, " ".join(a.words) or "ok"))


_SIT = re.compile(r"^([+-])(\d*)([a-z][a-z0-9-]*)$")
_ATTACK_FLAGS = ("offhand", "touch", "force")


def _attack(a: Args) -> Parsed:
    from combat_tui.systems.futurepath.accuracy import SITUATIONS

    flags: set[str] = set()
    situations: list[tuple[str, int]] = []
    while len(a.words) > 2:
        word = a.words[-1].casefold()
        match = _SIT.match(word)
        if word in _ATTACK_FLAGS:
            flags.add(word)
        elif word in ("adv", "dis"):
            situations.insert(0, (word, SITUATIONS[word]))
        elif match:
            sign, number, name = match.groups()
            size = whole(number, "a number of dice", 0, DICE) if number else abs(SITUATIONS.get(name, 1))
            situations.insert(0, (name, size if sign == "+" else -size))
        else:
            break
        a.words.pop()
    attacker = a.name(leave=1)
    target = a.name() if len(a.words) == 1 else name_then_rest(a)
    weapon = " ".join(a.words)
    return Parsed("attack", fc.FPAttack(attacker, target, weapon, tuple(situations), "force" in flags,
                                        "offhand" in flags, "touch" in flags))  # fmt: skip


def _damage(a: Args) -> Parsed:
    ignore = bool(a.words) and a.words[-1].casefold() == "nodr"
    if ignore:
        a.words.pop()
    damage_type = ""
    if len(a.words) >= 3 and not a.words[-1].lstrip("-").isdigit():
        damage_type = a.words.pop().casefold()
    ref = a.name(leave=1)
    amount = a.number("an amount")
    a.none()
    return Parsed("damage", fc.FPDamage(ref, amount, damage_type, ignore))


def _heal(a: Args) -> Parsed:
    ref = a.name(leave=1)
    amount = a.number("an amount")
    a.none()
    return Parsed("heal", fc.FPHeal(ref, amount))


def _throw(a: Args) -> Parsed:
    target = ""
    lowered = [w.casefold() for w in a.words]
    at = max((i for i, w in enumerate(lowered) if i > 0 and w == "on"), default=None)
    if at is not None:
        rest, a.words = a.words[at + 1 :], a.words[:at]
        target = Args(a.verb, rest, a.state).name()
    ref = a.name()
    feet, cook = 0, False
    for word in [w.casefold() for w in a.words]:  # `[at] FEET` and `cook`, in either order
        if word == "cook" and not cook:
            cook = True
        elif is_count(word) and not feet:
            feet = whole(word, "a distance in feet", 1, THROW, USAGE["throw"])
        elif word != "at" or feet:
            raise CommandRejected(f"'{shown(word)}' is not a distance or cook.", f"Usage: {USAGE['throw']}")
    return Parsed("throw", fc.ThrowGrenade(ref, cook, feet, target))


def _bonus(a: Args) -> int:
    if a.words and a.words[-1][:1] in "+-" and is_count(a.words[-1][1:]):
        return whole(a.words.pop(), "a bonus", -BONUS, BONUS, a.usage())
    return 0


def _disarm(a: Args) -> Parsed:
    bonus = _bonus(a)
    dc = whole(a.words.pop(), "a DC", 0, BONUS, a.usage()) if len(a.words) > 1 and is_count(a.words[-1]) else 0
    ref, trap = who_and_trap(a, needed=False)
    return Parsed("disarm", fc.Disarm(ref, dc or (0 if trap else 10), bonus, trap))


def _placetrap(a: Args) -> Parsed:
    bonus = _bonus(a)
    ref, trap = who_and_trap(a, needed=False)
    return Parsed("placetrap", fc.PlaceTrap(ref, bonus, trap))


def _leftover(a: Args) -> Parsed:
    cured = bool(a.words) and a.words[-1].casefold() == "cured"
    if cured:
        a.words.pop()
    ref = a.name(leave=1)
    return Parsed("leftover", fc.Leftover(ref, " ".join(a.words), cured))


def _roll_check(save: bool) -> Callable[[Args], Parsed]:
    def handler(a: Args) -> Parsed:
        from combat_tui.systems.futurepath.checks import ABILITIES

        situations: list[tuple[str, int]] = []
        bonus, dc = 0, 0
        while len(a.words) > 2:
            word = a.words[-1].casefold()
            match = _SIT.match(word)
            if word[:1] in "+-" and is_count(word[1:]):
                bonus += whole(word, "a bonus", -BONUS, BONUS, USAGE[a.verb])
            elif match:
                sign, number, name = match.groups()
                size = whole(number, "a number of dice", 0, DICE, USAGE[a.verb]) if number else 1
                situations.insert(0, (name, size * (1 if sign == "+" else -1)))
            elif is_count(word):
                dc = whole(word, "a DC", 0, BONUS, USAGE[a.verb])
            else:
                break
            a.words.pop()
        if not a.words or a.words[-1].casefold() not in (*ABILITIES, *ABILITIES.values()):
            raise CommandRejected(f"'{a.verb}' needs an ability after the name.", f"Usage: {USAGE[a.verb]}")
        ability = a.words.pop().casefold()[:3]
        ref = a.name()
        a.none()
        return Parsed(a.verb, fc.RollCheck(ref, ability, save, dc, bonus, tuple(situations)))

    return handler


def _show(a: Args) -> Parsed:
    if len(a.words) == 1 and a.words[0].casefold() in ("defaults", "teams", "round"):
        return Parsed("show", ref=a.words[0].casefold())
    if len(a.words) == 3 and a.words[0].casefold() == "area":
        shape, feet = a.words[1].casefold(), a.words[2]
        if shape not in ("radius", "cone", "line"):
            raise CommandRejected(f"'{shown(a.words[1])}' is not an area: radius, cone or line.", f"Usage: {USAGE['show']}")
        return Parsed("show", ref=f"area {shape} {whole(feet, 'a length in feet', 0, FEET, USAGE['show'])}")
    ref = a.name()
    a.none()
    return Parsed("show", ref=ref)


VERBS: dict[str, Callable[[Args], Parsed]] = {
    "setup": plain("setup", fc.OpenGroundSetup()),
    "cancel": plain("cancel", fc.CancelGroundSetup()),
    "present": one_name("present", lambda ref: fc.SetPresent(ref, True)),
    "absent": one_name("absent", lambda ref: fc.SetPresent(ref, False)),
    "aware": one_name("aware", lambda ref: fc.SetAware(ref, True)),
    "unaware": one_name("unaware", lambda ref: fc.SetAware(ref, False)),
    "init": _init,
    "group": _group,
    "teaminit": _teaminit,
    "start": plain("start", fc.StartGround()),
    "next": plain("next", fc.NextStep()),
    "join": _join,
    "chip": _chip,
    "option": _option,
    "opposed": _opposed,
    "env": _env,
    "out": _out,
    "end": plain("end", fc.EndGround()),
    "declare": _declare,
    "withdraw": one_name("withdraw", fc.Withdraw),
    "commit": plain("commit", fc.Commit()),
    "resolve": _resolve,
    "attack": _attack,
    "damage": _damage,
    "heal": _heal,
    "throw": _throw,
    "disarm": _disarm,
    "placetrap": _placetrap,
    "leftover": _leftover,
    "save": _roll_check(True),
    "check": _roll_check(False),
    "show": _show,
    "space": space_verbs.parse,
    **verbs_roster.VERBS,
    **verbs_field.VERBS,
}


def format_command(command: object, n: Callable[[str], str]) -> str:
    """The text form of a FuturePath command; `n` gives a quoted label for an id."""
    if type(command).kind.startswith("fp-space-"):
        return space_verbs.format_command(command, n)
    roster = verbs_roster.format_command(command, n) or verbs_field.format_command(command, n)
    if roster is not None:
        return roster
    match command:
        case fc.SetPresent(ref, present):
            return f"{'present' if present else 'absent'} {n(ref)}"
        case fc.SetAware(ref, aware):
            return f"{'aware' if aware else 'unaware'} {n(ref)}"
        case fc.SetInitiative(ref, value):
            return f"init {n(ref)} {'auto' if value is None else value}"
        case fc.SetGroup(ref, group):
            return f"group {n(ref)} {group or 'auto'}"
        case fc.SetTeamInitiative(team, value):
            return f"teaminit {quote(team)} {'auto' if value is None else value}"
        case fc.Join(ref, stealth):
            return f"join {n(ref)}" + (" stealth" if stealth else "")
        case fc.AddCondition(ref, name, rounds):
            return " ".join(filter(None, ["chip", n(ref), quote("+" + name), str(rounds) if rounds else ""]))
        case fc.RemoveCondition(ref, name):
            return f"chip {n(ref)} {quote('-' + name)}"
        case fc.SetOption(name, value):
            return f"option {name} {value}"
        case fc.OpposedInitiative(refs):
            return "opposed " + " ".join(n(ref) for ref in refs)
        case fc.SetEnvironment(name, dice, rolls):
            return f"env {quote(name)} {dice:+d} {rolls}" if dice else f"env {quote(name)} 0 {rolls}"
        case fc.MarkOut(ref, reason):
            return f"out {n(ref)} {reason or 'back'}"
        case fc.Declare(ref, action, label, target, weapon, rolls, feet):
            words = ["declare", n(ref), quote(action), quote(label) if label else ""]
            words += [f"on {n(target)}" if target else "", f"with {quote(weapon)}" if weapon else ""]
            words += [f"at {feet}" if feet else "", "" if rolls is None else ("roll" if rolls else "noroll")]
            return " ".join(filter(None, words))
        case fc.FPAttack(attacker, target, weapon, situations, force, offhand, touch):
            words = ["attack", n(attacker), n(target), quote(weapon) if weapon else ""]
            words += [f"{'+' if dice > 0 else '-'}{abs(dice)}{name}" for name, dice in situations]
            words += ["offhand" if offhand else "", "touch" if touch else "", "force" if force else ""]
            return " ".join(filter(None, words))
        case fc.FPDamage(target, amount, damage_type, ignore_dr):
            return " ".join(filter(None, ["damage", n(target), str(amount), damage_type, "nodr" if ignore_dr else ""]))
        case fc.FPHeal(target, amount):
            return f"heal {n(target)} {amount}"
        case fc.ThrowGrenade(ref, cook, feet, target):
            words = ["throw", n(ref), f"at {feet}" if feet else "", "cook" if cook else "", f"on {n(target)}" if target else ""]
            return " ".join(filter(None, words))
        case fc.Disarm(ref, dc, bonus, trap):
            return " ".join(filter(None, ["disarm", n(ref), trap_text(trap), str(dc) if dc else "", f"{bonus:+d}" if bonus else ""]))
        case fc.PlaceTrap(ref, bonus, trap):
            return " ".join(filter(None, ["placetrap", n(ref), trap_text(trap), f"{bonus:+d}" if bonus else ""]))
        case fc.Leftover(ref, name, cured):
            return f"leftover {n(ref)} {quote(name)}" + (" cured" if cured else "")
        case fc.RollCheck(ref, ability, save, dc, bonus, situations):
            words = ["save" if save else "check", n(ref), ability, str(dc) if dc else "", f"{bonus:+d}" if bonus else ""]
            words += [f"{'+' if d > 0 else '-'}{abs(d)}{name}" for name, d in situations]
            return " ".join(filter(None, words))
        case fc.Withdraw(ref):
            return f"withdraw {n(ref)}"
        case fc.Resolve(ref, result):
            return " ".join(filter(None, ["resolve", n(ref) if ref else "", quote(result) if result != "ok" else ""]))
    names = {fc.OpenGroundSetup: "setup", fc.StartGround: "start", fc.NextStep: "next", fc.EndGround: "end",
             fc.Commit: "commit", fc.CancelGroundSetup: "cancel"}  # fmt: skip
    return names.get(type(command), type(command).kind)

