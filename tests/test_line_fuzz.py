"""The `:` line fuzzer (issue 14, item 5; DESIGN.md §7: bad input never crashes).

20,000 lines run through `run_line` on sessions of both samples: the 5e sample outside a fight, in
setup and in a running fight; the FuturePath sample outside a fight, in ground setup, in a running
ground fight and in a space fight. A line is a usage string of a real verb
(`attack ATTACKER TARGET WEAPON [adv|dis|normal]`) with its placeholders filled from the sample
(labels, weapons, spells, ships, fields) or with junk (huge numbers, control characters, lone
surrogates, stray quotes), sometimes mutated, sometimes a soup of words. Each line must run or be
refused with CommandRejected; a refused line leaves the state (the same object), the log and the
forced dice as they were, and no message or log line carries a character the terminal cannot show.
`export` and `import` (files) are not lines of `run_line` and are never generated.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from combat_tui.core.campaign import Campaign
from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.registry import get_system
from combat_tui.core.runner import run_line
from combat_tui.core.session import Session
from combat_tui.core.text import SESSION_USAGE, bad_character, verb_table
from combat_tui.library.goblin_ambush import goblin_ambush
from combat_tui.library.space_bears import space_bears

Pick = Callable[[Sequence], object]
"""Chooses one of a sequence: a hypothesis draw here, a seeded `random.Random` in a local sweep."""

JUNK_TEXT = ("\udcff", "\x00", "\x1b[2J", "\ufffd", "\u200b", "\t", "\x7f", "\x07", "\u202e", "é", "²", "٣", "Ⅻ",
             "½", "𝟗", "①", "\r", "\\", "'", '"', "#", ",", "=", "a=b", "hp=", "…", "x" * 300)  # fmt: skip
"""Control characters, escape sequences, surrogates (invalid UTF-8 pasted), odd digits and quotes."""
JUNK_NUMBERS = ("0", "-1", "1", "2", "3", "5", "20", "100", "1000", "100000", "100001", "-100000", "1000000",
                "9" * 30, "9" * 5000, "-" + "9" * 5000, "1e5", "+5", "-0", "0x10", "1_000", "1.5", "²", "٣",
                "999999d999999", "1d0", "0d6", "2d6+1", "d20", "1d100000", "5-6", "+3", "-2", "+99999999999")  # fmt: skip
WORDS = ("x", "foo", "Goblin", "Wolf", "Nobody", "on", "at", "to", "with", "resist", "redirect", "loot", "all",
         "award", "fled", "captured", "gold", "adv", "dis", "normal", "half", "recharge", "none", "auto", "yes",
         "no", "next", "back", "off", "rush", "cook", "cured", "stealth", "group", "+Poisoned", "-Poisoned",
         "Poisoned -3", "-3", "+flank", "-cover", "fire", "cold", "slashing", "add", "edit", "remove", "as")  # fmt: skip

FIVE_E = {
    "WEAPON": ("Longsword", "Rapier", "Scimitar", "Shortbow", "Mace", "Bite", "Claw", "Javelin", "Dagger", "Club"),
    "SPELL": ("Fire Bolt", "Magic Missile", "Cure Wounds", "Healing Word", "Sleep", "Bless", "Burning Hands",
              "Hold Person", "Sacred Flame", "Spare the Dying", "Revivify", "Raise Dead", "Protection from Energy",
              "Hunter's Mark", "Wish"),  # fmt: skip
    "CONDITION": ("Poisoned", "Prone", "Blinded", "Stunned", "Frightened", "Dodging", "Unconscious", "Marked"),
    "ACTION": ("Cold Breath", "Poison Breath", "dash", "dodge", "hide", "help", "Fire Spit", "1", "2"),
    "ITEM": ("Longsword", "Plate", "Shield", "Leather", "Scimitar (Goblin 1)", "Rapier", "all"),
    "TYPE": ("fire", "cold", "poison", "slashing", "piercing", "force", "psychic", "none"),
    "ABILITY": ("str", "dex", "con", "int", "wis", "cha", "dexterity", "stealth", "perception", "sleight of hand"),
    "CLASS": ("fighter", "cleric", "wizard", "rogue", "barbarian", "ranger"),
    "SUBCLASS": ("life", "champion", "thief", "hunter"),
    "MAP": ("greenway", "lair", "The Greenway", "nowhere"),
    "DIR": ("n", "s", "e", "w", "ne", "sw", "north", "up"),
    "FIELD": ("ac", "hp", "max_hp", "str", "cr", "weapons", "slots", "notes", "name", "xp", "classes", "spells",
              "gold", "speed", "senses", "saves", "hit_dice", "surprise_attack", "save_bonuses", "skill_bonuses",
              "resistances", "condition_immunities", "inventory", "disposition", "size"),  # fmt: skip
    "CREATURE": ("Goblin", "Wolf", "Adult Red Dragon", "Ogre", "Winter Wolf"),
    "TEMPLATE": ("Goblin", "Brute", "Ogre"),
}
FUTUREPATH = {
    "WEAPON": ("Silenced Pistol", "Shock Gloves", "Pulse Rifle", "Helix Blade", "Claws", "Laser"),
    "CONDITION": ("Shaken", "Stunned", "Burning", "Shocked", "Prone", "Bleeding"),
    "ACTION": ("attack", "move", "technique", "item", "hide", "free", "simple", "bonus-attack", "bonus-move"),
    "TYPE": ("ballistic", "thermal", "electrical", "slashing", "nodr"),
    "ABILITY": ("str", "dex", "con", "int", "wis", "cha", "strength"),
    "TEAM": ("The Party", "The Space Bears", "The Pirates", "party", "bears", "nobody"),
    "POSITION": ("captain", "science", "helm", "sensors", "weapons", "engineer", "medical", "cook"),
    "ATTRIBUTE": ("engines", "weapons", "shields", "sensors", "electronics", "structure"),
    "SYSTEM": ("engines", "weapons", "shields", "sensors"),
    "HULL": ("small", "medium", "large", "huge", "tiny"),
    "FIELD": ("hp", "team", "dex", "level", "weapon1.damage", "weapon1.crit", "weapon9.name", "init", "dr",
              "side", "size", "engines", "point1.weapon", "crew.helm", "crew.helm.bonus", "tech", "name",
              "weapon1.range", "weapon2.name", "weapon" + "9" * 40 + ".name", "point9.name", "bay1.external",
              "advantage_die", "extra_damage", "hp_now", "weapon1.multiplier", "weapon1"),  # fmt: skip
    "SUBCOMMAND": ("start", "next", "end", "show", "fire", "crew"),
    "LABEL": ("Shock", "hide", "Bolt"),
    "NOTE": ("ok", "failed", "hidden again"),
}
OPTION_VALUES = ("odd_member", "condition_penalty", "extra_damage_step", "advantage_cap", "block_below",
                 "tick_after_round0", "technique_before_item", "reroll", "crit_scan_rerolls", "scan_bonus",
                 "ram_both_above", "evasive_successes", "vanguard", "literal", "extra", "mod+1")  # fmt: skip
PEOPLE = ("NAME", "TARGET", "ATTACKER", "CASTER", "CLERIC", "ALLY", "UNDEAD")
SHIPS = ("SHIP", "HACKER")
NUMBERS = ("AMOUNT", "VALUE", "LEVEL", "COUNT", "DC", "ROUNDS", "XP", "TOTAL", "TILES", "FEET", "BONUS", "ROLL",
           "ROLLS", "HP", "N", "X", "Y", "DICE", "DAMAGE")  # fmt: skip
ALIASES = {"SAVE": "ABILITY", "SKILL": "ABILITY", "UNDEAD": "NAME"}
TOKEN = re.compile(r"\s\|\s|\[|\]|[^\s\[\]]+")
PLACEHOLDER = re.compile(r"[A-Z][A-Z_0-9]*")


def templates(state: Campaign) -> list[str]:
    """Every usage line of the campaign's verbs (and of `space`'s subcommands), one form each."""
    system = get_system(state.system)
    usage = {**SESSION_USAGE, **system.usage}
    found = [usage.get(verb, verb) for verb in verb_table(state)]
    if state.system == "futurepath":
        from combat_tui.systems.futurepath.space.verbs import USAGE as SPACE_USAGE

        found += [u if u.startswith("space ") else f"space {u}" for u in SPACE_USAGE.values()]
    return found


def expand(usage: str, pick: Pick, fill: Callable[[str], str]) -> list[str]:
    """One line's words from a usage string: `[...]` maybe, `a|b` one of them, placeholders filled."""
    tokens = TOKEN.findall(usage)
    at = 0

    def alternatives() -> list[str]:
        nonlocal at
        options = [sequence()]
        while at < len(tokens) and tokens[at].strip() == "|":
            at += 1
            options.append(sequence())
        return list(pick(options))

    def sequence() -> list[str]:
        nonlocal at
        words: list[str] = []
        while at < len(tokens) and tokens[at] != "]" and tokens[at].strip() != "|":
            token = tokens[at]
            at += 1
            if token == "[":
                inner = alternatives()
                at += 1  # the closing bracket
                words += inner if pick((True, False)) else []
            elif token == "...":
                if words and pick((True, False)):
                    words.append(words[-1])
            else:
                words.append(_word(pick(token.split("|")) if "|" in token.strip("|") else token, fill))
        return words

    return alternatives()


def _word(token: str, fill: Callable[[str], str]) -> str:
    token = "FIELD=VALUE" if token == "field=value" else token  # FuturePath's usage writes the pair in lower case
    filled = PLACEHOLDER.sub(lambda m: fill(m[0]), token)
    if " " in filled and filled[:1] not in "'\"":
        return "'" + filled.replace("'", "") + "'" if "'" in filled else f"'{filled}'"
    return filled


def line(state: Campaign, pick: Pick) -> str:
    """A line for `state`: mostly a filled usage string, sometimes mutated, sometimes word soup."""
    system = get_system(state.system)
    labels = list(system.labels(state).values()) or ["Nobody"]
    table = FIVE_E if state.system == "dnd5e" else FUTUREPATH
    ships = _ships(state)

    def fill(name: str) -> str:
        name = ALIASES.get(name, name)
        kind = pick(("real", "real", "real", "junk"))
        if kind == "junk":
            return str(pick(pick((JUNK_TEXT, JUNK_NUMBERS, WORDS))))
        if name in PEOPLE:
            return str(pick(labels))
        if name == "CREATURE":
            return str(pick(labels + list(FIVE_E["CREATURE"])))
        if name in SHIPS:
            return str(pick(ships or labels))
        if name in NUMBERS:
            return str(pick(JUNK_NUMBERS))
        if name in table:
            return str(pick(table[name]))
        if name in FIVE_E:
            return str(pick(FIVE_E[name]))
        return str(pick(WORDS + OPTION_VALUES))

    how = pick(("usage", "usage", "usage", "usage", "mutated", "mutated", "soup"))
    if how == "soup":
        words = [str(pick(list(verb_table(state))))]
        for _ in range(int(pick(range(6)))):
            words.append(str(pick(pick((labels, WORDS, JUNK_TEXT, JUNK_NUMBERS, OPTION_VALUES)))))
        return " ".join(words)
    words = expand(str(pick(templates(state))), pick, fill)
    if how == "mutated" and words:
        at = int(pick(range(len(words) + 1)))
        change = pick(("insert", "replace", "drop", "splice"))
        junk = str(pick(pick((JUNK_TEXT, JUNK_NUMBERS, WORDS))))
        if change == "insert":
            words.insert(at, junk)
        elif change == "replace" and at < len(words):
            words[at] = junk
        elif change == "drop" and at < len(words):
            del words[at]
        elif words:
            word = words[min(at, len(words) - 1)]
            cut = int(pick(range(len(word) + 1)))
            words[min(at, len(words) - 1)] = word[:cut] + junk + word[cut:]
    return " ".join(words)


def _ships(state: Campaign) -> list[str]:
    if state.system != "futurepath":
        return []
    from combat_tui.systems.futurepath.space.labels import ship_labels

    return list(ship_labels(state).values()) + ["Raiders", "Nowhere"]


# -- the sessions ------------------------------------------------------------------------------

CONTEXTS = {
    "5e outside a fight": (goblin_ambush, ()),
    "5e setup": (goblin_ambush, ("setup",)),
    "5e running fight": (goblin_ambush, ("dice 2 10 19 5 9 8 7 3", "start")),
    "futurepath outside a fight": (space_bears, ()),
    "futurepath ground setup": (space_bears, ("setup",)),
    "futurepath ground fight": (space_bears, ("setup", "start")),
    "futurepath space fight": (space_bears, ("space start",)),
}
EXAMPLES = {"5e outside a fight": 700, "5e setup": 700, "5e running fight": 800, "futurepath outside a fight": 650,
            "futurepath ground setup": 650, "futurepath ground fight": 750, "futurepath space fight": 750}  # fmt: skip
LINES = 4
"""Lines per example: 5,000 examples of 4 lines are the 20,000 lines."""


@cache
def base(context: str) -> Campaign:
    """The state the context starts from (states are frozen, so every example shares it)."""
    make, lines = CONTEXTS[context]
    session = Session(make(), dice=Dice(0))
    for text in lines:
        run_line(session, text)
    return session.state


def run_checked(session: Session, text: str) -> bool:
    """Run one line; True if it ran. Anything but a clean refusal fails with the line in its notes."""
    before, log, forced = session.state, list(session.log), session.dice.forced
    try:
        result = run_line(session, text)
    except CommandRejected as error:
        assert session.state is before, f"a refused line changed the state: {text!r}"
        assert session.log == log, f"a refused line changed the log: {text!r}"
        assert session.dice.forced == forced, f"a refused line used forced dice: {text!r}"
        assert error.reason, f"a refusal without a reason: {text!r}"
        assert bad_character(error.reason + error.detail) is None, f"a message shows what is not text: {text!r}"
        return False
    except Exception as error:
        error.add_note(f"the line: {text!r}")
        raise
    shown = [*session.log[len(log) :], result.output.replace("\n", " ")]  # `show` answers on several lines
    assert all(bad_character(line) is None for line in shown), f"the log shows what is not text: {text!r}"
    return True


@cache
def index(size: int) -> st.SearchStrategy[int]:
    """One strategy per size: building a strategy per draw would cost more than the line."""
    return st.integers(0, size - 1)


@pytest.mark.parametrize("context", list(CONTEXTS))
def test_no_line_crashes_and_a_refused_line_changes_nothing(context):
    @settings(max_examples=EXAMPLES[context], derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))  # fmt: skip
    @given(st.data())
    def lines(data):
        session = Session(base(context), dice=Dice(0))
        pick = lambda options: options[data.draw(index(len(options)))]  # noqa: E731
        for _ in range(LINES):
            run_checked(session, line(session.state, pick))

    lines()


def test_the_examples_sum_to_twenty_thousand_lines():
    assert sum(EXAMPLES.values()) * LINES == 20_000


# -- the prompt ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("paste", "shown", "at"), [
    ("chip Ayla +\x1b[2JBlind", "chip Ayla +\ufffd[2JBlind", 12),
    ("show Ayla\udcff", "show Ayla\ufffd", 10),
    ("heal Ayla\x00 3", "heal Ayla\ufffd 3", 10),
])  # fmt: skip
async def test_the_prompt_shows_pasted_control_characters_as_marks_and_refuses_the_line(paste, shown, at):
    from textual import events
    from textual.widgets import Input

    from tests.screens.helpers import make_app, record_notes

    app = make_app()
    notes = record_notes(app)
    before = app.session.state
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("colon")
        field = app.screen.query_one(Input)
        field.post_message(events.Paste(paste))
        await pilot.pause()
        assert field.value == shown  # a lone surrogate or an ESC never reaches the terminal
        await pilot.press("enter")
        await pilot.pause()
    assert notes[-1].startswith("The line holds a character that cannot be shown (U+FFFD")
    assert f"at character {at}." in notes[-1]
    assert app.session.state is before
