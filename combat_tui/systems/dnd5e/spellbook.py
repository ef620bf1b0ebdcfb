"""A campaign's custom spells: saved (added or replaced) and deleted, with every field checked.

ref: Death saves — the Raises the dead and Stabilizes the dying boxes of a heal; ref: Resisting a
hit — Resists, Caster picks one of, and a spell that casts as a reaction. The record and what the
cast reads from it are in custom_spell.py; the cast finds it through `catalog.spell_of`.

`spell save NAME FIELD=VALUE ...` and the spell form send the same (field, text) pairs, so one
save is one command and one undo step; the pairs describe the whole spell (a field left out takes
its default), and one refusal names every bad field.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import parse_dice
from combat_tui.core.records import evolve, frozen
from combat_tui.core.system import Outcome
from combat_tui.core.text import bad_character
from combat_tui.core.text import shown as cut
from combat_tui.systems.dnd5e import field_text as ft
from combat_tui.systems.dnd5e.catalog import custom_spell as find_custom
from combat_tui.systems.dnd5e.catalog import find_spell
from combat_tui.systems.dnd5e.commands_build import DeleteSpell, SaveSpell
from combat_tui.systems.dnd5e.custom_spell import CUSTOM_KINDS, CustomSpell
from combat_tui.systems.dnd5e.defenses import DAMAGE_TYPES
from combat_tui.systems.dnd5e.editing import parse_pairs
from combat_tui.systems.dnd5e.events_build import CustomSpellDeleted, CustomSpellSaved
from combat_tui.systems.dnd5e.model import ABILITIES, Campaign

MAX_ROUNDS = 14_400
"""A day in rounds: the longest chip a spell form sets."""
MAX_TARGETS = 20
NAME_LENGTH, CHIP_LENGTH, RANGE_LENGTH, NOTE_LENGTH = 60, 60, 40, 300
MAX_SPELLS = 500
"""A campaign keeps at most this many custom spells (a runaway script stops here)."""


@frozen
class SpellField:
    key: str
    """The name typed in `spell save NAME KEY=VALUE`."""
    label: str
    attr: str
    read: Callable[[str, str], Any]
    show: Callable[[Any], str] = str


def _text(limit: int) -> Callable[[str, str], str]:
    def read(text: str, key: str) -> str:
        cleaned = " ".join(text.split())
        found = bad_character(cleaned)
        if found is not None:  # none reaches the state or the log
            raise CommandRejected(f"{key}: the text holds {found[1]} at character {found[0] + 1}.")
        if len(cleaned) > limit:
            raise CommandRejected(f"{key}: at most {limit} characters, not {len(cleaned)}.")
        return cleaned

    return read


def _num(low: int, high: int) -> Callable[[str, str], int]:
    return lambda text, key: ft.number(text, key, low, high)


def _dice(text: str, key: str) -> str:
    text = text.strip().replace(" ", "").casefold()
    if not text:
        return ""
    problem = dice_problem(text)
    if problem:
        raise CommandRejected(f"{key}: {problem}.")
    return text


def _type(text: str, key: str) -> str:
    word = text.strip().casefold()
    if word and word not in DAMAGE_TYPES:
        raise CommandRejected(f"{key}: '{cut(word)}' is not a damage type.", "Types: " + ", ".join(DAMAGE_TYPES) + ".")
    return word


def _ability(text: str, key: str) -> str:
    return ft.ability(text, key) if text.strip() else ""


def _yes(value: bool) -> str:
    return "yes" if value else "no"


FIELDS: dict[str, SpellField] = {
    f.key: f
    for f in (
        SpellField("level", "Level (0: cantrip)", "level", _num(0, 9)),
        SpellField("kind", "Kind", "kind", lambda t, k: ft.choice(t, k, CUSTOM_KINDS)),
        SpellField("dice", "Dice", "dice", _dice),
        SpellField("type", "Damage type", "damage_type", _type),
        SpellField("upcast", "Dice per slot above", "per_slot", _dice),
        SpellField("save", "Save ability", "save", _ability),
        SpellField("half", "Half damage on a save", "half_on_save", ft.flag, _yes),
        SpellField("chip", "Chip", "chip", _text(CHIP_LENGTH)),
        SpellField("rounds", "Rounds (0: until removed)", "rounds", _num(0, MAX_ROUNDS)),
        SpellField("repeat", "Save again each turn", "repeat_save", ft.flag, _yes),
        SpellField("concentration", "Concentration", "concentration", ft.flag, _yes),
        SpellField("targets", "Targets (0: any number)", "max_targets", _num(0, MAX_TARGETS)),
        SpellField("modifier", "Adds the casting modifier", "add_modifier", ft.flag, _yes),
        SpellField("scaling", "Cantrip grows at 5, 11, 17", "cantrip_scaling", ft.flag, _yes),
        SpellField("range", "Range", "range", _text(RANGE_LENGTH)),
        SpellField("raises_dead", "Raises the dead", "raises_dead", ft.flag, _yes),
        SpellField("stabilizes", "Stabilizes the dying", "stabilizes", ft.flag, _yes),
        SpellField("resists", "Resists", "resists", ft.damage_types, ft.show_list),
        SpellField("picks", "Caster picks one of", "choose_type", ft.damage_types, ft.show_list),
        SpellField("reaction", "Casts as a reaction", "reaction", ft.flag, _yes),
        SpellField("note", "Note", "note", _text(NOTE_LENGTH)),
    )
}
"""Every field of the spell form, in its order; `shown` and the readers round-trip."""
_DEFAULT = CustomSpell("")


def shown(spell: CustomSpell, key: str) -> str:
    field = FIELDS[key]
    return field.show(getattr(spell, field.attr))


def changes_of(spell: CustomSpell) -> tuple[tuple[str, str], ...]:
    """The pairs that save `spell` again: each field that differs from the blank spell's."""
    return tuple((key, shown(spell, key)) for key, f in FIELDS.items() if getattr(spell, f.attr) != getattr(_DEFAULT, f.attr))


def dice_problem(text: str) -> str:
    """Why `text` is not dice a spell rolls (`2d6`, `1d4+1`), or ""."""
    try:
        expr = parse_dice(text)
    except CommandRejected as error:
        return f"'{cut(text)}' is not dice such as 2d6 or 1d4+1 ({error.detail or error.reason})"
    if expr.count > 40 or expr.sides not in (4, 6, 8, 10, 12, 20, 100) or abs(expr.modifier) > 50:
        return f"'{cut(text)}' is not dice a spell rolls: 1 to 40 of d4, d6, d8, d10, d12, d20 or d100, adding at most 50"
    return ""


def _clean_name(name: str) -> str:
    return _text(NAME_LENGTH)(name, "name")


def build(name: str, changes: tuple[tuple[str, str], ...]) -> CustomSpell:
    """The spell the pairs describe; one refusal names every bad field."""
    errors: list[str] = []
    values: dict[str, Any] = {}
    try:
        name = _clean_name(name)
        if not name:
            errors.append("name: a spell needs a name.")
        elif "=" in name:  # the text form reads NAME=VALUE as a field
            errors.append("name: a spell's name cannot hold '='.")
    except CommandRejected as error:
        errors.append(error.reason)
    unknown = []
    for key, text in changes:
        field = FIELDS.get(key.casefold())
        if field is None:
            unknown.append(key)
            continue
        try:
            values[field.attr] = field.read(text, field.key)
        except CommandRejected as error:
            errors.append(error.reason)
    if unknown:
        errors.append(f"'{cut(unknown[0])}' is not a field of a spell.")
    if errors:
        detail = "Fields: " + ", ".join(FIELDS) + "." if unknown else ""
        raise CommandRejected(" ".join(errors), detail)
    spell = CustomSpell(name, **values)
    wrong = spell_problems(spell)
    if wrong:
        raise CommandRejected(" ".join(f"{key}: {what}." for key, what in wrong))
    return spell


def spell_problems(spell: CustomSpell) -> list[tuple[str, str]]:
    """(field key, problem) for what no single field can say, and for a hand-edited file's values."""
    found: list[tuple[str, str]] = []
    if not spell.name.strip() or len(spell.name) > NAME_LENGTH:
        found.append(("name", f"a name of 1 to {NAME_LENGTH} characters"))
    if not 0 <= spell.level <= 9:
        found.append(("level", f"a level is 0 to 9, not {spell.level}"))
    if not 0 <= spell.rounds <= MAX_ROUNDS:
        found.append(("rounds", f"rounds are 0 to {MAX_ROUNDS}, not {spell.rounds}"))
    if not 0 <= spell.max_targets <= MAX_TARGETS:
        found.append(("targets", f"targets are 0 to {MAX_TARGETS}, not {spell.max_targets}"))
    for key, text in (("dice", spell.dice), ("upcast", spell.per_slot)):
        if text and (problem := dice_problem(text)):
            found.append((key, problem))
    for key, types in (("type", (spell.damage_type,) if spell.damage_type else ()), ("resists", spell.resists),
                       ("picks", spell.choose_type)):  # fmt: skip
        bad = [t for t in types if t not in DAMAGE_TYPES]
        if bad:
            found.append((key, f"'{cut(bad[0])}' is not a damage type"))
    if spell.save and spell.save not in ABILITIES:
        found.append(("save", f"'{cut(spell.save)}' is not an ability"))
    return found + _whole_problems(spell)


def _whole_problems(spell: CustomSpell) -> list[tuple[str, str]]:
    """The fields that only make sense together (what the cast would otherwise misread)."""
    kind, found = spell.kind, []
    boxes = [key for key, on in (("raises_dead", spell.raises_dead), ("stabilizes", spell.stabilizes)) if on]
    if boxes and kind != "heal":
        found.append((boxes[0], "the box is for a heal (kind=heal)"))
    if len(boxes) == 2:
        found.append(("stabilizes", "a heal raises the dead or stabilizes the dying, not both"))
    if kind == "heal" and not boxes and not spell.dice:
        found.append(("dice", "a heal needs its dice, such as 1d8 (or the Raises the dead or Stabilizes the dying box)"))
    if kind == "heal" and spell.damage_type:
        found.append(("type", "a heal deals no damage type"))
    if kind in ("attack", "save", "damage") and spell.dice and not (spell.damage_type or spell.choose_type):
        found.append(("type", "damage dice need a damage type (or Caster picks one of)"))
    if kind in ("attack", "save", "damage") and spell.damage_type and spell.choose_type:
        found.append(("type", "leave the damage type empty when the caster picks one"))
    if kind == "damage" and not spell.dice:
        found.append(("dice", "a damage spell needs its dice"))
    if kind in ("attack", "save") and not (spell.dice or spell.chip):
        found.append(("dice", f"{'an attack' if kind == 'attack' else 'a save'} spell needs dice or a chip"))
    if kind == "save" and not spell.save:
        found.append(("save", "a save spell needs the save's ability, such as dex"))
    if kind != "save" and (spell.save or spell.half_on_save or spell.repeat_save):
        key = "save" if spell.save else "half" if spell.half_on_save else "repeat"
        found.append((key, "only a save spell (kind=save) has a save"))
    if spell.repeat_save and not spell.chip:
        found.append(("repeat", "a repeated save ends a chip: name the chip"))
    if spell.resists and kind != "chip":
        found.append(("resists", "only a chip spell (kind=chip) puts on a chip that resists"))
    if spell.choose_type and kind not in ("chip", "attack", "save", "damage"):
        found.append(("picks", "the caster picks a type for a chip or for damage"))
    if spell.per_slot and spell.level == 0:
        found.append(("upcast", "a cantrip takes no slot; use scaling=yes"))
    if spell.cantrip_scaling and spell.level != 0:
        found.append(("scaling", "only a cantrip (level=0) grows with the caster's level"))
    if spell.per_slot and not spell.dice:
        found.append(("upcast", "dice per slot add to the spell's dice: set dice"))
    if spell.add_modifier and kind not in ("heal", "attack"):
        found.append(("modifier", "the casting modifier adds to a heal or a spell attack's damage"))
    return found


def save_spell(state: Campaign, command: SaveSpell) -> Outcome:
    spell = build(command.name, command.changes)
    was = find_custom(state, command.was) if command.was else None
    if command.was and was is None:
        raise CommandRejected(f"There is no custom spell called '{cut(command.was, 60)}' to rename.")
    same = find_custom(state, spell.name)
    if same is not None and was is not None and same is not was:
        raise CommandRejected(f"A custom spell is already called {same.name}.", "Pick another name, or delete that one first.")
    old = was or same
    if old is not None and old.name.casefold() != spell.name.casefold():
        _check_unknown(state, old.name, "renamed")
    if old is None and len(state.custom_spells) >= MAX_SPELLS:
        raise CommandRejected(f"A campaign keeps at most {MAX_SPELLS} custom spells.")
    kept = tuple(s for s in state.custom_spells if s is not old)
    at = state.custom_spells.index(old) if old is not None else len(kept)
    spells = kept[:at] + (spell,) + kept[at:]
    return Outcome(evolve(state, custom_spells=spells), (CustomSpellSaved(spell.name, old.name if old else ""),))


def delete_spell(state: Campaign, command: DeleteSpell) -> Outcome:
    old = find_custom(state, command.name)
    if old is None:
        names = ", ".join(s.name for s in state.custom_spells) or "none"
        raise CommandRejected(f"There is no custom spell called '{cut(command.name, 60)}'.", f"Custom spells: {names}.")
    _check_unknown(state, old.name, "deleted")
    kept = tuple(s for s in state.custom_spells if s is not old)
    return Outcome(evolve(state, custom_spells=kept), (CustomSpellDeleted(old.name),))


def _check_unknown(state: Campaign, name: str, verb: str) -> None:
    """A spell that a sheet or stat block lists must stay findable, or the campaign would not open
    again (check.py names every spell no list knows); the catalog's own spell of that name is enough."""
    if find_spell(name) is not None:
        return
    wanted = name.casefold()
    knowers = [a.name for a in (*state.characters, *state.creatures, *state.templates)
               if any(s.casefold() == wanted for s in a.spells)]  # fmt: skip
    if knowers:
        raise CommandRejected(f"{name} cannot be {verb}: {', '.join(dict.fromkeys(knowers))} "
                              f"{'knows' if len(knowers) == 1 else 'know'} it.",
                              "Take it off their spell lists first.")  # fmt: skip


def problems(state: Campaign) -> list[tuple[str, str]]:
    """The load check of the custom spells (a hand edit): (field path, problem) pairs."""
    found: list[tuple[str, str]] = []
    seen: set[str] = set()
    for index, spell in enumerate(state.custom_spells):
        for key, what in spell_problems(spell):
            found.append((f"custom_spells[{index}].{FIELDS[key].attr if key in FIELDS else key}", what))
        if spell.name.casefold() in seen:
            found.append((f"custom_spells[{index}].name", f"a second custom spell called {cut(spell.name, 60)}"))
        seen.add(spell.name.casefold())
    if len(state.custom_spells) > MAX_SPELLS:
        found.append(("custom_spells", f"at most {MAX_SPELLS} custom spells"))
    return found


def parse_spell_words(words: list[str], verb: str) -> tuple[str, tuple[tuple[str, str], ...], str]:
    """`NAME [from OLD] FIELD=VALUE ...` -> (name, pairs, old name)."""
    first = next((i for i, w in enumerate(words) if "=" in w), len(words))
    head, pairs = words[:first], parse_pairs(words[first:], verb)
    low = [w.casefold() for w in head]
    was = ""
    if "from" in low[1:]:
        at = len(low) - 1 - low[::-1].index("from")
        was, head = " ".join(head[at + 1 :]), head[:at]
    return " ".join(head), pairs, was


SPELL_RULES = {
    SaveSpell: lambda s, c, d: save_spell(s, c),
    DeleteSpell: lambda s, c, d: delete_spell(s, c),
}
"""The rules of the custom-spell commands, for dispatch.py."""
