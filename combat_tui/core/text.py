"""The system-neutral half of the text form of commands (DESIGN.md §5, docs/commands.md).

`parse(line, state)` splits a line into words (quotes keep a name with spaces together, `#`
starts a comment) and hands them to the verb's handler: the session verbs here (`dice`, `undo`,
`redo`, `show`), or the campaign's rule system's own table (`verbs`); a unique prefix names a
verb too (`dam` for `damage`). A handler reads its words through `Args`, which resolves names as
the labels the app shows, case-insensitively; unquoted, the longest run of words that names
someone is taken. `format_command` writes a command back in the same form, for the journal and
the history, through the rule system.

Bad input is refused before any handler sees it (DESIGN.md §7): a line over `MAX_LINE`
characters, a control character, a lone surrogate or U+FFFD (the traces of pasted bytes that are
not UTF-8), a direction override. Numbers are ASCII digits within a bound (`whole`), so a
5,000-digit number is refused by name instead of reaching a rule.
"""

from __future__ import annotations

import re
import shlex
import unicodedata
from collections.abc import Callable, Iterable, Mapping

from combat_tui.core.records import frozen

from .campaign import Campaign
from .command import CommandRejected
from .registry import get_system

SESSION_USAGE = {"dice": "dice N [N ...]", "undo": "undo", "redo": "redo", "show": "show NAME"}
LIMIT = 100_000
"""The largest whole number a line takes where its verb knows no tighter bound."""
MAX_LINE = 10_000
"""The longest line read, in characters (a `creature add` with every field is far shorter)."""
MAX_FACE = 1000
_NUMBER = re.compile(r"[+-]?[0-9]+")
_SPACES = str.maketrans({"\t": " ", "\n": " ", "\r": " ", "\v": " ", "\f": " "})
_OVERRIDES = frozenset("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Direction marks and overrides: invisible, and they reorder what the terminal shows."""


@frozen
class Parsed:
    """`verb` is the first word; `command` is set for verbs that change the campaign."""

    verb: str
    command: object | None = None
    faces: tuple[int, ...] = ()
    ref: str = ""


Handler = Callable[["Args"], Parsed]


def parse(line: str, state: Campaign) -> Parsed:
    line = readable(line)
    try:
        words = split_words(line)
    except ValueError as error:
        raise CommandRejected(f"Cannot read that line: {error}.") from None
    if not words:
        raise CommandRejected("The line is empty.", "Type a command such as 'next' or 'damage Goblin 5'.")
    verbs, verb = get_system(state.system).verbs, words[0].casefold()
    handler = verbs.get(verb) or _SESSION_VERBS.get(verb)  # a whole verb, without the merged table
    if handler is None:
        handlers = verb_table(state)
        verb = verb_named(words[0], handlers)
        handler = handlers[verb]
    return handler(Args(verb, words[1:], state))


_PLAIN_WORD = re.compile(r'(?:[^ \t\r\n"]+|"[^"]*")+')


def split_words(line: str) -> list[str]:
    """The words of `line` as `shlex.split(line, comments=True)` reads them; a line with only
    double quotes (every script line) is read by one regular expression, five times faster."""
    if "'" in line or "\\" in line or "#" in line or line.count('"') % 2:
        return shlex.split(line, comments=True)
    return [word.replace('"', "") for word in _PLAIN_WORD.findall(line)]


def verb_named(word: str, verbs: Iterable[str]) -> str:
    """The verb `word` names: a whole verb, else the one verb it begins (`dam` for `damage`);
    a whole verb wins over a longer one it begins (`team`, not `teaminit`)."""
    wanted = word.casefold()
    verbs = list(verbs)
    if wanted in verbs:
        return wanted
    found = [verb for verb in verbs if verb.startswith(wanted)] if wanted else []
    if len(found) == 1:
        return found[0]
    if found:
        raise CommandRejected(f"'{shown(word)}' could be {', '.join(sorted(found))}.", "Type more of the command.")
    raise CommandRejected(f"Unknown command '{shown(word)}'.", "Known: " + ", ".join(verbs) + ".")


def readable(line: str) -> str:
    """`line` with tabs and line breaks as spaces; CommandRejected if it holds what is not text."""
    if len(line) > MAX_LINE:
        raise CommandRejected(f"The line is {len(line)} characters long; a line has at most {MAX_LINE}.")
    if line.isascii() and line.isprintable():  # no tab or break to turn, nothing to refuse
        return line
    line = line.translate(_SPACES)
    found = bad_character(line)
    if found is not None:
        at, what = found
        raise CommandRejected(f"The line holds {what} at character {at + 1}.", "Type the line again without it.")
    return line


def bad_character(text: str) -> tuple[int, str] | None:
    """(index, description) of the first character that is not text to show, or None."""
    if text.isascii() and text.isprintable():  # the common case, without a loop
        return None
    for at, char in enumerate(text):
        code = f"U+{ord(char):04X}"
        category = unicodedata.category(char)
        if category == "Cc":
            return at, f"a control character ({code})"
        if category == "Cs":
            return at, f"a lone surrogate ({code}, from pasted bytes that are not UTF-8)"
        if char == "\ufffd":
            return at, f"a character that cannot be shown ({code}: a control character or bytes that are not UTF-8)"
        if char in _OVERRIDES:
            return at, f"a text direction mark ({code})"
    return None


def printable(text: str) -> str:
    """`text` as the prompt may show it: whitespace as spaces, anything else `bad_character`
    finds as U+FFFD, which the terminal can always draw and the parser refuses by position."""
    text = text.translate(_SPACES)
    if bad_character(text) is None:
        return text
    return "".join("\ufffd" if bad_character(char) else char for char in text)


def shown(word: str, width: int = 24) -> str:
    """A word as a message quotes it: a long one cut short, with its length."""
    if len(word) <= width:
        return word
    return f"{word[: width - 4]}… ({len(word)} characters)"


def is_count(word: str) -> bool:
    """True for ASCII digits only: `12`, not `+12`, `²`, `٣` or `1_000` (which int() reads)."""
    return word.isascii() and word.isdigit()


def is_whole(word: str) -> bool:
    """True for an optional sign and ASCII digits: `12`, `+2`, `-3`."""
    return _NUMBER.fullmatch(word) is not None


def whole(word: str, what: str, low: int = -LIMIT, high: int = LIMIT, usage: str = "") -> int:
    """The whole number `word` from `low` to `high`, or CommandRejected naming it and `what`."""
    detail = f"Usage: {usage}" if usage else ""
    if not is_whole(word):
        raise CommandRejected(f"'{shown(word)}' is not a whole number ({what}).", detail)
    digits = word.lstrip("+-").lstrip("0")
    if len(digits) > len(str(max(abs(low), abs(high)))):  # no int() of 5,000 digits
        raise CommandRejected(f"'{shown(word)}' is too large for {what} ({low} to {high}).", detail)
    value = int(word)
    if not low <= value <= high:
        raise CommandRejected(f"{value} is out of range for {what} ({low} to {high}).", detail)
    return value


def verb_table(state: Campaign) -> dict[str, Handler]:
    """The session verbs, then the campaign's rule system's verbs (a system's own `show` wins)."""
    return {**_SESSION_VERBS, **get_system(state.system).verbs}


class Args:
    """The words of one line after its verb, read left to right by a handler."""

    def __init__(self, verb: str, words: list[str], state: Campaign) -> None:
        self.verb, self.words, self.state = verb, words, state
        self.system = get_system(state.system)
        self.labels = self.system.labels(state)

    def none(self) -> None:
        if self.words:
            raise CommandRejected(f"'{self.verb}' takes no arguments, but got '{' '.join(self.words)}'.")

    def usage(self) -> str:
        return {**SESSION_USAGE, **self.system.usage}.get(self.verb, self.verb)

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

    def number(self, what: str, low: int = -LIMIT, high: int = LIMIT) -> int:
        if not self.words:
            raise CommandRejected(f"'{self.verb}' needs {what}.", f"Usage: {self.usage()}")
        word = self.words.pop(0)
        try:
            return whole(word, what, low, high)
        except CommandRejected as refused:  # the usage only for a refusal: it merges every verb's
            raise CommandRejected(refused.reason, f"Usage: {self.usage()}") from None


_last_folded: list = [None, {}]


def _folded(labels: Mapping[str, str]) -> dict[str, tuple[str, ...]]:
    """Each casefolded label and the ids it names, kept for the last labels asked (the systems
    cache their labels, so a line's names are looked up in one dict)."""
    if _last_folded[0] is not labels:
        folded: dict[str, tuple[str, ...]] = {}
        for ref, label in labels.items():
            key = label.casefold()
            folded[key] = (*folded.get(key, ()), ref)
        _last_folded[:] = [labels, folded]
    return _last_folded[1]


def resolve(text: str, state: Campaign, labels: Mapping[str, str], strict: bool = True) -> str:
    """The id of the one labelled `text` (or named so, when the name is unique)."""
    wanted = text.casefold()
    found = list(_folded(labels).get(wanted, ()))
    if not found:
        names = get_system(state.system).names(state)
        found = [ref for ref, name in names.items() if name.casefold() == wanted or ref.casefold() == wanted]
    if len(found) == 1:
        return found[0]
    if not strict:
        return ""
    if found:
        choices = ", ".join(sorted(labels[ref] for ref in found))
        raise CommandRejected(f"'{text}' could mean more than one: {choices}.", "Use the numbered label.")
    raise CommandRejected(f"No one here is called '{shown(text, 60)}'.", "Names are the labels the app shows.")


def chip_words(a: Args, usage: str) -> tuple[str, str, list[str]]:
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


def dice(a: Args) -> Parsed:
    if not a.words:
        raise CommandRejected("'dice' needs at least one face.", f"Usage: {SESSION_USAGE['dice']}")
    faces = []
    for word in a.words:
        if not is_count(word) or len(word) > 6 or not 1 <= int(word) <= MAX_FACE:
            raise CommandRejected(f"'{shown(word)}' is not a die face.", f"Faces are whole numbers from 1 to {MAX_FACE}.")
        faces.append(int(word))
    return Parsed("dice", faces=tuple(faces))


def show(a: Args) -> Parsed:
    ref = a.name()
    a.none()
    return Parsed("show", ref=ref)


def plain(verb: str, command: object | None) -> Handler:
    """A verb that takes no words and always gives the same command."""

    def handler(a: Args) -> Parsed:
        a.none()
        return Parsed(verb, command)

    return handler


def one_name(verb: str, make: Callable[[str], object]) -> Handler:
    """A verb that takes one name: `deathsave NAME`."""

    def handler(a: Args) -> Parsed:
        ref = a.name()
        a.none()
        return Parsed(verb, make(ref))

    return handler


_SESSION_VERBS: dict[str, Handler] = {"dice": dice, "undo": plain("undo", None), "redo": plain("redo", None),
                                      "show": show}  # fmt: skip


def quote(label: str) -> str:
    if "'" in label and '"' not in label:
        return f'"{label}"'  # reads better than shlex's '...'"'"'...'
    return shlex.quote(label) if " " in label or "'" in label else label


def format_command(command: object, state: Campaign) -> str:
    """The text form of a command, with the labels of `state` (the state it ran on)."""
    return get_system(state.system).format_command(command, state)
