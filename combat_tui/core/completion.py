"""Tab completion for the `:` prompt: what the word being typed may become (docs/commands.md).

`complete(line, state)` looks at the last word of `line` (the text before the cursor) and offers
what fits there, read from the verb's usage line (`RuleSystem.usage`): the verbs first (a unique
prefix is enough for a verb, as `text.parse` takes it), then, slot by slot, the labels the app
shows for NAME, TARGET, CASTER and the other names (quoted when they have spaces), and after the
fixed words the verb's options (`adv`, `dis`, `react`, `at`, `on`, ...). Words only a rule system
knows (the attacker's weapons, the caster's spells, conditions, damage types) come from its
optional `choices` (`system.py`).

Pure: no screen, no file. The usage line is the grammar, so a verb added to a system completes
without a change here; a usage line this reader cannot follow only gives fewer candidates.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from importlib import import_module

from attrs import field

from combat_tui.core.records import frozen

from .campaign import Campaign
from .command import CommandRejected
from .registry import get_system
from .text import SESSION_USAGE, quote, verb_named, verb_table

MAX_CANDIDATES = 200
"""At most this many candidates are offered (a caster with no list of its own casts from hundreds)."""
NAME_SLOTS = frozenset({"NAME", "ATTACKER", "TARGET", "CASTER", "ALLY", "CLERIC", "UNDEAD", "CREATURE", "OLD"})
"""Placeholders that name someone the app labels (unless the system's `choices` says otherwise)."""
_LITERAL = re.compile(r"[+-]?[a-z0-9][a-z0-9-]*")
_LAST_REF = frozenset({"SPELL", "-CONDITION"})
"""Placeholders about the one named just before (`react NAME SPELL`); the rest are about the
first one named (the attacker's WEAPON in `attack ATTACKER TARGET WEAPON`)."""


@frozen
class Completion:
    """The candidates for the word of the line that starts at `start` (quoted as they go in)."""

    start: int
    candidates: tuple[str, ...] = ()

    def fill(self, line: str, index: int = 0) -> str:
        """`line` with its last word replaced by candidate `index`; a lone candidate gets the
        space after it, so the next Tab goes on to the next word."""
        word = self.candidates[index % len(self.candidates)]
        return line[: self.start] + word + (" " if len(self.candidates) == 1 else "")


Choices = Callable[[Campaign, str, str, str], Sequence[str] | None]
"""`choices(state, verb, placeholder, owner)`, as `system.py` describes it."""


def complete(line: str, state: Campaign, extra: Mapping[str, str] | None = None) -> Completion:
    """The completion of the last word of `line`; `extra` adds verbs with their usage lines that
    the text form runs outside `text.parse` (the app's `export` and `import`)."""
    tokens, partial, start, starts = split(line)
    system = get_system(state.system)
    usage = {**SESSION_USAGE, **system.usage, **(extra or {})}
    verbs = [*verb_table(state), *(extra or {})]
    if not tokens:
        return Completion(start, _prefixed(partial, verbs))
    try:
        verb = verb_named(tokens[0], verbs)
    except CommandRejected:
        return Completion(start)
    labels = system.labels(state)
    walker = _Walker(verb, state, labels, _choices(state.system), starts[1:])
    found: list[str] = []
    at = None
    for alternative in _grammar(verb, usage.get(verb, verb)):
        result = walker.walk(alternative, tokens[1:], partial, start)
        if result is None or not result[1] or (at is not None and result[0] != at):
            continue  # (forms that read the words differently and agree on where the word starts)
        at = result[0]
        found += [word for word in result[1] if word not in found]
    return Completion(start if at is None else at, tuple(found[:MAX_CANDIDATES]))


def split(line: str) -> tuple[list[str], str, int, list[int]]:
    """(the whole words before the last, the last word as typed, where it starts, where each whole
    word starts), reading quotes as `text.parse` does; an open quote belongs to the last word."""
    tokens: list[str] = []
    starts: list[int] = []
    at = 0
    while True:
        while at < len(line) and line[at] == " ":
            at += 1
        start = at
        word, quoting = [], ""
        while at < len(line) and (quoting or line[at] != " "):
            char = line[at]
            if quoting and char == quoting:
                quoting = ""
            elif not quoting and char in "'\"":
                quoting = char
            else:
                word.append(char)
            at += 1
        if at >= len(line):
            return tokens, "".join(word), start, starts
        tokens.append("".join(word))
        starts.append(start)


# -- the grammar of a usage line ------------------------------------------------------------


@frozen
class Slot:
    """One word of a usage line: its alternatives (`adv|dis|normal`, `ROUNDS|next`)."""

    alternatives: tuple[str, ...]
    repeats: bool = False
    """`TARGET[, TARGET ...]`: the slot takes another word after one that ends with a comma."""

    @property
    def literals(self) -> tuple[str, ...]:
        return tuple(word for word in self.alternatives if _LITERAL.fullmatch(word))

    @property
    def placeholders(self) -> tuple[str, ...]:
        return tuple(word for word in self.alternatives if not _LITERAL.fullmatch(word))


@frozen
class Grammar:
    """One form of a usage line, as completion reads it."""

    positional: tuple[Slot, ...] = ()
    optional: tuple[Slot, ...] = ()
    """Optional slots without a keyword (`[TYPE]` after `damage TARGET AMOUNT`)."""
    keywords: Mapping[str, tuple[Slot, ...]] = field(factory=dict)
    """`[on TARGET[, TARGET ...]]`: the word, then its slots."""
    flags: tuple[tuple[str, ...], ...] = ()
    """Groups of words that stand alone, one of a group at most (`adv|dis|normal`)."""


@cache
def _grammar(verb: str, usage: str) -> tuple[Grammar, ...]:
    """The alternatives of a usage line (`stealth roll | stealth NAME TOTAL`), each read once."""
    found: list[str] = []
    for part in usage.split(" | "):
        words = part.split(maxsplit=1)
        if words and words[0] == verb:
            found.append(words[1] if len(words) > 1 else "")
        elif found:
            found[-1] += " " + part  # `... [a | b]` inside one form
    return tuple(_read(text) for text in found or [""])


def _read(text: str) -> Grammar:
    positional: list[Slot] = []
    optional: list[Slot] = []
    keywords: dict[str, tuple[Slot, ...]] = {}
    flags: list[tuple[str, ...]] = []
    for item in _items(text):
        if isinstance(item, Slot):
            positional.append(item)
            continue
        if not item:
            continue
        head = item[0]
        if not head.placeholders and len(item) > 1:
            for word in head.literals:
                keywords.setdefault(word, tuple(item[1:]))
        else:
            if head.placeholders:
                optional += item[:1]
            if head.literals:
                flags.append(head.literals)
    return Grammar(tuple(positional), tuple(optional), keywords, tuple(flags))


def _items(text: str) -> list[Slot | list[Slot]]:
    """Top-level words as slots, and each bracketed group as the list of its slots."""
    items: list[Slot | list[Slot]] = []
    depth, group = 0, ""
    for piece in re.findall(r"\[|\]|[^\[\]\s]+", text):
        if piece == "[":
            depth += 1
            if depth > 1:
                group += " [ "
            continue
        if piece == "]":
            depth -= 1
            if depth == 0:
                items.append(_group(group))
                group = ""
            else:
                group += " ] "
            continue
        if depth:
            group += " " + piece
        else:
            items.append(_slot(piece))
    return items


def _group(text: str) -> list[Slot]:
    """The slots of a group; `[, TARGET ...]` marks the slot before it as repeating."""
    slots: list[Slot] = []
    words = text.split()
    skipping = 0
    for index, word in enumerate(words):
        if word == "[" and index + 1 < len(words) and words[index + 1].startswith(","):
            skipping = 1
            if slots:
                slots[-1] = Slot(slots[-1].alternatives, repeats=True)
            continue
        if skipping:
            if word == "]":
                skipping = 0
            continue
        if word in ("[", "]", "...") or word.startswith(","):
            continue
        slots.append(_slot(word))
    return slots


def _slot(word: str) -> Slot:
    word = word.strip("(),")
    return Slot(tuple(part for part in word.split("|") if part and part != "..."), word.endswith("..."))


# -- walking the typed words ----------------------------------------------------------------


class _Walker:
    """Reads the typed words against one alternative of a usage line."""

    def __init__(self, verb: str, state: Campaign, labels: Mapping[str, str], choices: Choices | None,
                 starts: list[int]) -> None:  # fmt: skip
        self.verb, self.state, self.labels, self.choices = verb, state, labels, choices
        self.starts = starts
        """Where each word after the verb starts in the line."""
        self.by_text = _label_index(state, labels)

    def walk(self, grammar: Grammar, words: list[str], partial: str, start: int) -> tuple[int, tuple[str, ...]] | None:
        """(start, candidates) for `partial` after `words`, or None if the words do not fit."""
        positional, optional = list(grammar.positional), list(grammar.optional)
        pending: list[Slot] = []
        used: set[str] = set()
        refs: list[str] = []
        at = 0
        while at < len(words):
            queue = pending or positional
            slot = queue[0] if queue else None
            word = words[at].casefold()
            if slot is None:
                if word in grammar.keywords and word not in used:
                    used.add(word)
                    pending = list(grammar.keywords[word])
                    at += 1
                    continue
                group = next((group for group in grammar.flags if word in group), None)
                if group is not None:
                    used.update(group)
                    at += 1
                    continue
                if not optional:
                    at += 1
                    continue
                slot, queue = optional[0], optional
            if self._names(slot) and self._open_name(words[at:], partial):
                return self.starts[at], _names_for(" ".join([*words[at:], partial]), self.labels)
            if not slot.placeholders and word.rstrip(",") not in slot.literals:
                if queue is positional:
                    return None  # `stealth roll` does not read `stealth Bren 12`
                queue.pop(0)
                continue
            taken, ref = self._take(slot, words[at:])
            if ref:
                refs.append(ref)
            at += taken
            if not (slot.repeats and words[at - 1].endswith(",")):
                queue.pop(0)
        queue = pending or positional
        if queue:
            return start, self._offer(queue[0], partial, refs)
        # The keywords first (`on`, `at`: what a line most often goes on with), then what may
        # stand without one (`damage TARGET AMOUNT [TYPE]`), then the flags.
        offered = [w for w in grammar.keywords if w not in used]
        if optional:
            offered += [w for w in self._offer(optional[0], partial, refs) if w not in offered]
        offered += [w for group in grammar.flags for w in group if w not in used and w not in offered]
        return start, _prefixed(partial, offered)

    def _names(self, slot: Slot) -> bool:
        return any(self._is_name(word) for word in slot.placeholders)

    def _is_name(self, placeholder: str) -> bool:
        return placeholder in NAME_SLOTS

    def _take(self, slot: Slot, words: list[str]) -> tuple[int, str]:
        """(words taken, the id they name) for a slot: a name may be several unquoted words."""
        if not self._names(slot):
            return 1, ""
        run = _until_comma(words)
        for end in range(len(run), 0, -1):
            ref = self.by_text.get(" ".join(run[:end]).rstrip(",").casefold())
            if ref:
                return end, ref
        return 1, ""

    def _open_name(self, words: list[str], partial: str) -> bool:
        """True when the words left and the last one are the start of a name not yet whole
        (`damage Goblin 2` before Tab: `Goblin 2` is one name being typed)."""
        if not words or any(word.endswith(",") for word in words):
            return False
        typed = " ".join([*words, partial]).casefold()
        if " ".join(words).casefold() in self.by_text:
            return False
        return any(_starts(label, typed) for label in self.labels.values())

    def _offer(self, slot: Slot, partial: str, refs: list[str]) -> tuple[str, ...]:
        offered: list[str] = []
        names: list[str] = []
        for word in slot.alternatives:
            if _LITERAL.fullmatch(word):
                offered.append(word)
                continue
            sign = word[0] if word[0] in "+-" else ""
            got = None
            if self.choices is not None:
                owner = (refs[-1] if word in _LAST_REF else refs[0]) if refs else ""
                got = self.choices(self.state, self.verb, word, owner)
            if got is not None:
                offered += [sign + quote(choice) for choice in got]
            elif self._is_name(word):
                names += _names_for(partial, self.labels)
        return (*names, *_prefixed(partial, offered))


def _until_comma(words: list[str]) -> list[str]:
    for index, word in enumerate(words):
        if word.endswith(","):
            return words[: index + 1]
    return words


def _label_index(state: Campaign, labels: Mapping[str, str]) -> dict[str, str]:
    """Casefolded label (and unique plain name) -> id, as `text.resolve` reads a name."""
    index: dict[str, str] = {}
    for ref, label in labels.items():
        index.setdefault(label.casefold(), ref)
    counts: dict[str, list[str]] = {}
    for ref, name in get_system(state.system).names(state).items():
        counts.setdefault(name.casefold(), []).append(ref)
    for name, refs in counts.items():
        if len(refs) == 1:
            index.setdefault(name, refs[0])
    return index


def _names_for(typed: str, labels: Mapping[str, str]) -> tuple[str, ...]:
    wanted = typed.casefold()
    seen: dict[str, None] = {}  # in order, each once: a list's `in` made 500 creatures 125,000 comparisons
    for label in labels.values():
        if label not in seen and _starts(label, wanted):
            seen[label] = None
    return tuple(quote(label) for label in seen)


def _starts(label: str, typed: str) -> bool:
    """`typed` begins `label`, or each of its words begins the label's words in turn (`gob 2`)."""
    label = label.casefold()
    if label.startswith(typed):
        return True
    words, have = typed.split(), label.split()
    return 1 < len(words) <= len(have) and all(h.startswith(w) for w, h in zip(words, have))


def _prefixed(partial: str, words: Iterable[str]) -> tuple[str, ...]:
    wanted = partial.casefold()
    found: list[str] = []
    for word in words:
        bare = word.strip("'\"").casefold()
        if (bare.startswith(wanted) or word.casefold().startswith(wanted)) and word not in found:
            found.append(word)
    return tuple(found)


@cache
def _choices(system_id: str) -> Choices | None:
    """The system's `choices`: a method of its object, or `choices` in a `completion` module of
    its package (a system keeps its words beside its rules)."""
    system = get_system(system_id)
    found = getattr(system, "choices", None)
    if found is not None:
        return found
    package = type(system).__module__.rpartition(".")[0]
    try:
        return import_module(f"{package}.completion").choices
    except (ImportError, AttributeError):
        return None
