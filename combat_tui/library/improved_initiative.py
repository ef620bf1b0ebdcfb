"""Creatures from Improved Initiative's JSON (its `StatBlock`, common/StatBlock.ts), as 5e Creatures.

Pure: the caller reads the file (storage.travelogue_markdown.read_json); any error means nothing
is imported. Accepted, as Improved Initiative writes them: one stat block (its editor's JSON), a
list of them, a library export (`{"Creatures": [ids], "Creatures.<id>": {...}}`, with characters as
`PersistentCharacters.<id>` holding a `StatBlock`), and the user-data export, whose older
`ImprovedInitiative.Creatures.<id>` entries are JSON strings; its spells and encounters are skipped.
Attacks, save actions, Multiattack and a few traits become rules; every other line of the stat
block goes into the notes, so nothing is dropped silently.
"""

from __future__ import annotations

import json
import math
import re
from fractions import Fraction
from typing import Any

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import parse_dice
from combat_tui.core.maps import Tile
from combat_tui.library import weapons as presets
from combat_tui.systems.dnd5e.abilities import modifier, parse_challenge
from combat_tui.systems.dnd5e.checks import SHORT, SKILLS
from combat_tui.systems.dnd5e.conditions import CONDITIONS
from combat_tui.systems.dnd5e.defenses import DAMAGE_TYPES
from combat_tui.systems.dnd5e.model import ABILITIES, Abilities, Creature, CreatureAction, Weapon

SOURCE = "improved-initiative"
_LIBRARY_KEY = re.compile(r"^(ImprovedInitiative\.)?(Creatures|PersistentCharacters|PlayerCharacters)\.(.+)$")
ABILITY_KEYS = ("Str", "Dex", "Con", "Int", "Wis", "Cha")
SIZES = ("tiny", "small", "medium", "large", "huge", "gargantuan")
TYPES = ("aberration", "beast", "celestial", "construct", "dragon", "elemental", "fey", "fiend", "giant",
         "humanoid", "monstrosity", "ooze", "plant", "undead")  # fmt: skip
SECTIONS = {"Traits": "Trait", "BonusActions": "Bonus action", "Reactions": "Reaction",
            "MythicActions": "Mythic action"}  # fmt: skip
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
NATURAL = set("bite claw claws tail slam gore horn horns hooves hoof tentacle tentacles sting stinger talon talons "
              "beak tusk tusks fist ram pincer pseudopod touch rend fangs".split())
_KNOWN = set(  # the StatBlock's fields, with its listing bookkeeping (Id, Version, Path, LastUpdateMs)
    "Name Source Type HP AC Speed Abilities InitiativeModifier InitiativeSpecialRoll InitiativeAdvantage "
    "DamageVulnerabilities DamageResistances DamageImmunities ConditionImmunities Saves Skills Senses Languages "
    "Challenge Traits Actions Reactions LegendaryActions BonusActions MythicActions Description Player ImageURL "
    "Id Version Path LastUpdateMs".split()
)

_DICE = r"\d+d\d+(?:\s*[+-]\s*\d+)?"
_ATTACK = re.compile(
    r"^(?:(?P<kind>melee or ranged|melee|ranged) )?(?P<what>weapon |spell )?attack(?: roll)?:\s*(?P<hit>[+-]\d+)"
    r"(?: to hit)?,?\s*(?:reach (?P<reach>\d+) ?ft\.?)?(?:,?\s*or\s*)?"
    r"(?:ranged? (?P<normal>\d+)(?: ?ft\.?)?(?:/(?P<long>\d+))? ?ft\.?)?(?:,?[^.:]*)?\.?\s*"
    r"hit:\s*\d+ \((?P<dice>\d+d\d+)(?:\s*(?P<sign>[+-])\s*(?P<bonus>\d+))?\) (?P<type>[a-z]+) damage",
    re.IGNORECASE,
)
_EXTRA = re.compile(r"^,?\s*plus \d+ \((?P<dice>\d+d\d+)\) (?P<type>[a-z]+) damage", re.IGNORECASE)
_VERSATILE = re.compile(r"^,?\s*or \d+ \((?P<dice>\d+d\d+)(?:\s*[+-]\s*\d+)?\) [a-z]+ damage if used with two hands"
                        r"(?: to make a melee attack)?", re.IGNORECASE)  # fmt: skip
_ON_HIT = re.compile(r"^(?:if the target is [^,.]+, )?(?:it|the target) must succeed on a dc (?P<dc>\d+) "
                     r"(?P<ability>[a-z]+) saving throw or (?:be knocked (?P<prone>prone)|be (?P<condition>[a-z]+))\.$",
                     re.IGNORECASE)  # fmt: skip
_SAVE = re.compile(
    r"dc (?P<dc>\d+) (?P<ability>[a-z]+) saving throw(?:, taking \d+ \((?P<dice>" + _DICE + r")\) (?P<type>[a-z]+) "
    r"damage on a failed save(?P<half>,? or half as much)?| or take \d+ \((?P<dice2>" + _DICE + r")\) "
    r"(?P<type2>[a-z]+) damage)",
    re.IGNORECASE,
)
_SAVE_2024 = re.compile(r"(?P<ability>[a-z]+) saving throw: dc (?P<dc>\d+)[^.]*\.\s*failure: \d+ \((?P<dice>"
                        + _DICE + r")\) (?P<type>[a-z]+) damage\.(?P<half>\s*success: half damage)?",
                        re.IGNORECASE)  # fmt: skip
_RECHARGE = re.compile(r"\s*\(recharge (?P<face>[4-6])(?:\s*[-–]\s*6)?\)", re.IGNORECASE)
_MULTI = re.compile(r"\bmakes (?P<count>\w+) (?:[a-z]+ ){0,2}attacks\b", re.IGNORECASE)
_PLAIN_MULTI = re.compile(r"^the [\w' -]+ makes \w+ (?:[a-z]+ ){0,2}attacks(?:: [^.]+| with its [^.]+)?\."
                          r"(?: the (?P<slow>second|third) attack has disadvantage\.)?$", re.IGNORECASE)  # fmt: skip
_LEGENDARY_COUNT = re.compile(r"can take (?P<count>\d+|one|two|three|four|five) legendary actions", re.IGNORECASE)
_PER_DAY = re.compile(r"(\d+)\s*/\s*day", re.IGNORECASE)
_SURPRISE = re.compile(r"extra \d+ \((?P<dice>\d+d\d+)\) damage", re.IGNORECASE)
_HIT_DICE = re.compile(r"^\(?\s*(\d+d\d+(?:\s*[+-]\s*\d+)?)\s*\)?$")
_WALK = re.compile(r"^(?:walk\s+)?(\d+)\s*ft\.?$", re.IGNORECASE)
_PASSIVE = re.compile(r"^passive perception (\d+)$", re.IGNORECASE)


class _Problems(list):
    """The `field: problem` lines of one stat block."""

    def number(self, value: object, where: str, low: int, high: int) -> int | None:
        value = int(value) if isinstance(value, float) and value.is_integer() else value
        if not isinstance(value, int) or isinstance(value, bool):
            self.append(f"{where}: expected a number")
            return None
        if not low <= value <= high:
            self.append(f"{where}: {value} is not a number from {low} to {high}")
            return None
        return value

    def text(self, value: object, where: str) -> str:
        if value is not None and not isinstance(value, str):
            self.append(f"{where}: expected text")
        return " ".join(value.split()) if isinstance(value, str) else ""

    def texts(self, value: object, where: str) -> list[str]:
        """A list of strings; a single string is split at commas, as Improved Initiative does."""
        value = value.split(",") if isinstance(value, str) else value
        if value is not None and not isinstance(value, list):
            self.append(f"{where}: expected a list of text")
        items = value if isinstance(value, list) else []
        return [text for index, item in enumerate(items) if (text := self.text(item, f"{where}[{index}]"))]

    def table(self, block: dict, key: str) -> dict:
        value = block.get(key)
        if value is not None and not isinstance(value, dict):
            self.append(f"{key}: expected an object")
        return value if isinstance(value, dict) else {}

    def objects(self, block: dict, key: str, parts: str) -> list[tuple[str, dict]]:
        """(`Key[i]`, object) of a list of objects such as Traits or Saves."""
        value = block.get(key)
        if value is not None and not isinstance(value, list):
            self.append(f"{key}: expected a list")
        found = []
        for index, item in enumerate(value if isinstance(value, list) else []):
            if isinstance(item, dict):
                found.append((f"{key}[{index}]", item))
            else:
                self.append(f"{key}[{index}]: expected an object with {parts}")
        return found

    def entries(self, block: dict, key: str) -> list[tuple[str, str, str]]:
        """(Name, Content, Usage) of a Traits/Actions/... list."""
        return [(self.text(item.get("Name"), f"{where}.Name"), self.text(item.get("Content"), f"{where}.Content"),
                 self.text(item.get("Usage"), f"{where}.Usage"))
                for where, item in self.objects(block, key, "Name and Content")]  # fmt: skip


def from_improved_initiative(data: Any) -> tuple[tuple[Creature, ...], tuple[str, ...]]:
    """(creatures, ()) or ((), errors): each error names the creature (`[1] "Goblin"`) and the field."""
    blocks, errors = _stat_blocks(data)
    creatures = []
    for index, (block, current_hp, extra_notes) in enumerate(blocks):
        name = block.get("Name") if isinstance(block, dict) else None
        label = f'[{index}] "{name}"' if isinstance(name, str) and name.strip() else f"[{index}]"
        problems = _Problems()
        if creature := _creature(block, current_hp, extra_notes, problems):
            creatures.append(creature)
        errors += [f"{label}: {problem}" for problem in problems]
    if not blocks and not errors:
        errors.append("no creatures found: expected a stat block, a list of them, or an Improved Initiative export")
    return (() if errors else tuple(creatures)), tuple(errors)


def _stat_blocks(data: Any) -> tuple[list[tuple[Any, Any, str]], list[str]]:
    """(stat block, current HP or None, notes of its wrapper) of every creature in an export."""
    if isinstance(data, list):
        return [_unwrap(item) for item in data], []
    if not isinstance(data, dict):
        return [], ["the top level: expected a stat block, a list of them, or an Improved Initiative export"]
    if "Name" in data or "StatBlock" in data:
        return [_unwrap(data)], []
    found: dict[tuple[str, str], Any] = {}
    errors = []
    for key, value in data.items():
        match = _LIBRARY_KEY.match(str(key))
        if match is None:
            continue
        legacy, listing = bool(match.group(1)), (match.group(2), match.group(3))
        try:  # localStorage entries are JSON strings
            value = json.loads(value) if isinstance(value, str) else value
        except (ValueError, RecursionError):
            errors.append(f"{key}: not a stat block (its text is not JSON)")
            continue
        if not legacy or listing not in found:  # the newer store wins over the legacy one
            found[listing] = value
    return [_unwrap(value) for value in found.values()], errors


def _unwrap(item: Any) -> tuple[Any, Any, str]:
    if isinstance(item, dict) and isinstance(item.get("StatBlock"), dict):  # a PersistentCharacter
        block = dict(item["StatBlock"])
        block.setdefault("Name", item.get("Name"))
        notes = item.get("Notes")
        return block, item.get("CurrentHP"), f"Notes: {notes}" if isinstance(notes, str) and notes.strip() else ""
    return item, None, ""


def _creature(block: Any, current_hp: Any, extra_notes: str, p: _Problems) -> Creature | None:
    if not isinstance(block, dict):
        p.append("expected a stat block (a JSON object)")
        return None
    name = p.text(block.get("Name"), "Name")
    if not name and "Name: expected text" not in p:
        p.append("Name: expected a name")
    notes: list[str] = []
    abilities = _abilities(p.table(block, "Abilities"), p)
    hp_table, ac_table = p.table(block, "HP"), p.table(block, "AC")
    max_hp = p.number(hp_table.get("Value", 1), "HP.Value", 1, 100_000) or 1
    ac = p.number(ac_table.get("Value", 10), "AC.Value", 0, 99) or 0
    hp = max_hp if current_hp is None else min(max_hp, max(0, p.number(current_hp, "CurrentHP", -999, 99_999) or 0))
    hp_notes, hit_dice = p.text(hp_table.get("Notes"), "HP.Notes"), ""
    if match := _HIT_DICE.match(hp_notes):
        hit_dice = re.sub(r"\s+", "", match.group(1))
    elif hp_notes:
        notes.append(f"HP: {hp_notes}")
    player = p.text(block.get("Player"), "Player")
    challenge, proficiency = _challenge(block.get("Challenge"), player, p, notes)
    size, creature_type = _type(p.text(block.get("Type"), "Type"), notes)
    speed, speeds = _speed(p.texts(block.get("Speed"), "Speed"))
    senses, passive = _senses(p.texts(block.get("Senses"), "Senses"))
    fields: dict[str, Any] = dict(
        challenge=challenge, proficiency_bonus=proficiency, size=size, creature_type=creature_type, speed=speed,
        speeds=speeds, senses=senses, passive_perception=passive, hit_dice=hit_dice,
        ac_source=p.text(ac_table.get("Notes"), "AC.Notes").strip("()"),
        languages=", ".join(p.texts(block.get("Languages"), "Languages")),
        condition_immunities=tuple(map(str.casefold, p.texts(block.get("ConditionImmunities"), "ConditionImmunities"))),
        save_bonuses=_bonuses(block, "Saves", p, notes), skill_bonuses=_bonuses(block, "Skills", p, notes),
    )  # fmt: skip
    fields["save_proficiencies"] = tuple(ability for ability, _ in fields["save_bonuses"])
    for key, field, label in (("DamageVulnerabilities", "vulnerabilities", "Damage vulnerabilities"),
                              ("DamageResistances", "resistances", "Damage resistances"),
                              ("DamageImmunities", "immunities", "Damage immunities")):  # fmt: skip
        fields[field] = _defenses(p.texts(block.get(key), key), label, notes)
    fields |= _features(p, block, ("Traits",), notes)
    fields |= _actions(p.entries(block, "Actions"), abilities, proficiency, notes)
    fields |= _features(p, block, ("BonusActions", "Reactions"), notes)
    fields |= _legendary(p.entries(block, "LegendaryActions"), p.text(block.get("Description"), "Description"), notes)
    fields |= _features(p, block, ("MythicActions",), notes)
    notes += _rest(block, p, abilities) + ([extra_notes] if extra_notes else [])
    if p:
        return None
    return Creature(
        "", name, Tile("", 0, 0), abilities, max_hp, hp, ac, disposition="friendly" if player else "hostile",
        notes="\n".join(notes), source=SOURCE, **fields,
    )  # fmt: skip


def _abilities(table: dict, p: _Problems) -> Abilities:
    scores = [p.number(table.get(key, 10), f"Abilities.{key}", 0, 30) for key in ABILITY_KEYS]
    return Abilities(*(10 if score is None else score for score in scores))


def _challenge(value: Any, player: str, p: _Problems, notes: list[str]) -> tuple[str, int]:
    """(challenge rating as text, proficiency bonus); a player's Challenge is its level."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        value = str(Fraction(value).limit_denominator(8))
    full = p.text(value, "Challenge")
    if player:  # Improved Initiative keeps a character's level here ("Fighter 3 / Rogue 2")
        notes.append(f"Player character in Improved Initiative (Player: {player}; level: {full or '?'}).")
        level = sum(int(digits) for digits in re.findall(r"\d+", full)[:20])
        return "", 2 + max(0, level - 1) // 4
    text = full.split(" ")[0]
    try:
        rating = parse_challenge(text)
    except (ValueError, ZeroDivisionError):
        p.append(f"Challenge: '{full}' is not a challenge rating (0, 1/8, 1/4, 1/2 or 1 to 30)")
        return "", 2
    if full != text:
        notes.append(f"Challenge: {full}")
    return text, 2 + max(0, math.ceil(rating or 0) - 1) // 4


def _type(text: str, notes: list[str]) -> tuple[str, str]:
    words = text.casefold().split()
    size = words[0] if words and words[0] in SIZES else ""
    kind = next((t for t in TYPES if re.search(rf"\b{t}s?\b", text.casefold())), "")
    if text and text.casefold() != f"{size} {kind}".strip():
        notes.append(f"Type: {text}")
    return size, kind


def _speed(entries: list[str]) -> tuple[int, str]:
    pieces = [piece.strip() for entry in entries for piece in entry.split(",") if piece.strip()]
    walk = next((int(m.group(1)) for piece in pieces if (m := _WALK.match(piece))), None)
    others = [piece for piece in pieces if not _WALK.match(piece)]
    return (30 if not pieces else 0) if walk is None else walk, ", ".join(others)


def _senses(entries: list[str]) -> tuple[str, int]:
    passive = next((int(m.group(1)) for entry in entries if (m := _PASSIVE.match(entry))), 0)
    return ", ".join(entry for entry in entries if not _PASSIVE.match(entry)), passive


def _bonuses(block: dict, key: str, p: _Problems, notes: list[str]) -> tuple[tuple[str, int], ...]:
    found = []
    for where, item in p.objects(block, key, "Name and Modifier"):
        name = p.text(item.get("Name"), f"{where}.Name")
        bonus = p.number(item.get("Modifier"), f"{where}.Modifier", -30, 60)
        word = SHORT.get(name.casefold(), name.casefold())
        if bonus is None:
            continue
        if (key == "Saves" and word in ABILITIES) or (key == "Skills" and word in SKILLS):
            found.append((word, bonus))
        elif key == "Saves":
            p.append(f"{where}.Name: '{name}' is not an ability")
        else:  # a skill of another game or a homebrew one
            notes.append(f"Skill: {name} {bonus:+d}")
    return tuple(found)


def _defenses(entries: list[str], label: str, notes: list[str]) -> tuple[str, ...]:
    """Plain damage types into the list; a condition (`... from nonmagical attacks`) into the notes,
    with the plain types that Improved Initiative split off it at its commas."""
    pieces = [piece.strip() for entry in entries for piece in entry.split(";") if piece.strip()]
    kept, pending = [], []
    for piece in pieces:
        word = piece.casefold()
        if word in DAMAGE_TYPES and word in ("bludgeoning", "piercing", "slashing"):
            pending.append(word)
        elif word in DAMAGE_TYPES:
            kept += pending + [word]
            pending = []
        else:
            notes.append(f"{label}: {', '.join(pending + [piece])}")
            pending = []
    return tuple(dict.fromkeys(kept + pending))


def _features(p: _Problems, block: dict, keys: tuple[str, ...], notes: list[str]) -> dict[str, Any]:
    """The traits and reactions the rules know by name; the others are notes."""
    fields: dict[str, Any] = {}
    for key, (name, content, usage) in ((k, entry) for k in keys for entry in p.entries(block, k)):
        word, surprise = name.casefold(), _SURPRISE.search(content)
        if word == "pack tactics":
            fields["pack_tactics"] = True
        elif word == "turn resistance":
            fields["turn_resistance"] = True
        elif word.startswith("legendary resistance"):
            count = _PER_DAY.search(f"{name} {usage} {content}")
            fields["legendary_resistance"] = int(count.group(1)) if count else 3
        elif word == "surprise attack" and surprise:
            fields["surprise_attack"] = surprise.group("dice")
        elif word == "redirect attack":
            fields["redirect_attack"] = True
        else:
            notes.append(_note(SECTIONS[key], name, content, usage))
    return fields


def _actions(entries: list[tuple[str, str, str]], abilities: Abilities, proficiency: int,
             notes: list[str]) -> dict[str, Any]:  # fmt: skip
    weapons, actions, fields = [], [], {}
    for name, content, usage in entries:
        plain = _tidy(content)
        if name.casefold() == "multiattack" and (count := _MULTI.search(plain)):
            fields["multiattack"] = _count(count.group("count"))
            shape = _PLAIN_MULTI.match(plain)
            if shape and shape.group("slow"):
                fields["multiattack_disadvantage"] = 2 if shape.group("slow").casefold() == "second" else 3
            if shape is None or usage:
                notes.append(_note("Action", name, content, usage))
        elif weapon := _weapon(name, plain, abilities, proficiency):
            weapons.append(weapon[0])
            if weapon[1] or usage:
                notes.append(_note("Action", name, content, usage))
        elif action := _save_action(name, usage, plain):
            actions.append(action)
            notes.append(_note("Action", name, content, usage))
        else:
            notes.append(_note("Action", name, content, usage))
    return fields | {"weapons": tuple(weapons), "actions": tuple(actions)}


def _tidy(content: str) -> str:
    """The text with the slips of hand-typed stat blocks mended (`1 d6`, `5 ft .`, markdown stars)."""
    content = content.replace("*", "").replace("_", "").replace("−", "-").replace("–", "-")
    content = re.sub(r"(\d+) ?d ?(\d+)", r"\1d\2", content)
    return re.sub(r"\bft ?\.", "ft.", content)


def _dice(text: str) -> bool:
    """A dice term the attack rules can roll (`0d6` matches the pattern but is no roll)."""
    try:
        return parse_dice(text).count > 0
    except CommandRejected:
        return False


def _count(word: str) -> int:
    return NUMBERS.get(word.casefold(), 0) or (int(word) if word.isdigit() else 0)


def _weapon(name: str, content: str, abilities: Abilities, proficiency: int) -> tuple[Weapon, bool] | None:
    """(the weapon, whether its text says more than the weapon holds), or None if not an attack."""
    match = _ATTACK.match(content)
    if match is None or match.group("type").casefold() not in DAMAGE_TYPES or not _dice(match.group("dice")):
        return None
    kind = (match.group("kind") or ("melee" if match.group("reach") else "ranged")).casefold()
    ranged, thrown = kind == "ranged", kind == "melee or ranged"
    preset = next((w for w in vars(presets).values() if isinstance(w, Weapon) and w.category != "natural"
                   and w.name.casefold() == name.casefold()), None)  # fmt: skip
    hit = int(match.group("hit"))
    bonus = int(match.group("bonus") or 0) * (-1 if match.group("sign") == "-" else 1)
    finesse, to_hit, damage = _fit(ranged, preset is not None and preset.finesse, abilities, proficiency, hit, bonus)
    normal = int(match.group("normal") or 0)
    natural = name.casefold().split()[-1:] in ([word] for word in NATURAL)
    fields: dict[str, Any] = dict(
        damage_type=match.group("type").casefold(), ranged=ranged,
        thrown=thrown or (preset is not None and preset.thrown),
        finesse=finesse, normal_range=normal, long_range=int(match.group("long") or normal),
        reach=int(match.group("reach") or 5), to_hit_bonus=to_hit, damage_bonus=damage,
        magical=(match.group("what") or "").casefold().strip() == "spell",
        category=preset.category if preset else ("natural" if natural else "simple"),
        light=preset is not None and preset.light,
    )  # fmt: skip
    rest = content[match.end():].strip()
    if extra := _EXTRA.match(rest):
        if extra.group("type").casefold() in DAMAGE_TYPES and _dice(extra.group("dice")):
            fields |= {"extra_damage": extra.group("dice"), "extra_damage_type": extra.group("type").casefold()}
            rest = rest[extra.end():].strip()
    if (versatile := _VERSATILE.match(rest)) and _dice(versatile.group("dice")):
        fields["versatile"] = versatile.group("dice")
        rest = rest[versatile.end():].strip()
    rest = rest.removeprefix(".").strip()
    if (on_hit := _ON_HIT.match(rest)) and (ability := SHORT.get(on_hit.group("ability")[:3].casefold())):
        condition = "Prone" if on_hit.group("prone") else on_hit.group("condition").casefold()
        if condition == "Prone" or condition in CONDITIONS:
            fields |= {"save_ability": ability, "save_dc": int(on_hit.group("dc")), "save_condition": condition.title()}
            rest = ""
    return Weapon(name, match.group("dice"), **fields), bool(rest)


def _fit(ranged: bool, finesse: bool, abilities: Abilities, proficiency: int, hit: int,
         bonus: int) -> tuple[bool, int, int]:  # fmt: skip
    """(finesse, to_hit_bonus, damage_bonus) so that the attack rules reach the printed numbers: the
    to-hit is ability mod + proficiency + to_hit_bonus, the damage bonus ability mod + damage_bonus.
    A melee weapon uses STR, or the higher of STR and DEX when finesse: pick what fits best."""
    strength, dexterity = modifier(abilities.strength), modifier(abilities.dexterity)
    if ranged:
        return finesse, hit - dexterity - proficiency, bonus - dexterity
    options = [(True, max(strength, dexterity))] if finesse else [(False, strength), (True, max(strength, dexterity))]
    best, mod = min(options, key=lambda o: (abs(hit - o[1] - proficiency) + abs(bonus - o[1]), o[0]))
    return best, hit - mod - proficiency, bonus - mod


def _save_action(name: str, usage: str, content: str) -> CreatureAction | None:
    if content.casefold().count("saving throw") != 1:  # lair actions, eye rays: a choice of several
        return None
    match = _SAVE.search(content) or _SAVE_2024.search(content)
    if match is None:
        return None
    ability = SHORT.get(match.group("ability")[:3].casefold())
    groups = match.groupdict()
    dice = re.sub(r"\s+", "", groups.get("dice") or groups.get("dice2") or "")
    damage_type = (groups.get("type") or groups.get("type2") or "").casefold()
    if ability is None or damage_type not in DAMAGE_TYPES or not _dice(dice):
        return None
    recharge = _RECHARGE.search(f"{name} ({usage})" if usage and not usage.startswith("(") else f"{name} {usage}")
    return CreatureAction(
        _RECHARGE.sub("", name).strip(), ability, int(match.group("dc")), dice, damage_type,
        recharge=int(recharge.group("face")) if recharge else 0, half=bool(groups.get("half")),
    )  # fmt: skip


def _legendary(entries: list[tuple[str, str, str]], description: str, notes: list[str]) -> dict[str, Any]:
    """Legendary actions per round from the header text if there is one, else 3 (as Improved
    Initiative counts them); the options themselves are notes."""
    if not entries:
        return {}
    count = 0
    for name, content, usage in entries:
        if header := _LEGENDARY_COUNT.search(f"{name} {content}"):
            count = _count(header.group("count"))
            notes.append(f"Legendary actions: {content}")
        else:
            notes.append(_note("Legendary action", name, content, usage))
    if not count and (header := _LEGENDARY_COUNT.search(description)):
        count = _count(header.group("count"))
    return {"legendary_actions": count or 3}


def _rest(block: dict, p: _Problems, abilities: Abilities) -> list[str]:
    """The notes of the fields no rule reads, and of fields this file format does not know."""
    notes = []
    initiative = block.get("InitiativeModifier")
    value = None if initiative in (None, 0) else p.number(initiative, "InitiativeModifier", -30, 60)
    if value is not None and value != modifier(abilities.dexterity):  # the rules roll with the DEX modifier
        notes.append(f"Initiative modifier: {value:+d}")
    if block.get("InitiativeAdvantage") is True:
        notes.append("Initiative: advantage")
    if special := p.text(block.get("InitiativeSpecialRoll"), "InitiativeSpecialRoll"):
        notes.append(f"Initiative: {special}")
    for key, label in (("Description", "Description"), ("Source", "Source"), ("ImageURL", "Image")):
        if text := p.text(block.get(key), key):
            notes.append(f"{label}: {text}")
    for key in block:
        if key not in _KNOWN and block[key] not in (None, "", [], {}):
            try:
                notes.append(f"{key}: {json.dumps(block[key], ensure_ascii=False)[:500]}")
            except (ValueError, TypeError, RecursionError):
                notes.append(f"{key}: (a value too deep to show)")
    return notes


def _note(section: str, name: str, content: str, usage: str) -> str:
    usage = f" ({usage})" if usage else ""
    return f"{section}: {name}{usage}. {content}" if content else f"{section}: {name}{usage}."


__all__ = ["SOURCE", "from_improved_initiative"]
