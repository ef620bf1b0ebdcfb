"""The fields of a FuturePath combatant as the editing commands carry them: (field, value text).

`FIELDS` are the sheet's own fields (the ones accuracy, AC, Initiative, damage, DR, the Advantage
Die and Extra Damage read, notes §2.1-§2.7); `WEAPON_FIELDS` are those of one weapon, keyed
`weaponN.FIELD` (N counts from 1 in the list as it was before the command; the next N adds one,
`weaponN=none` removes one). `read` gives a field's value as text, `build` applies pairs to a
record and refuses a bad value with the field named (`FieldRejected`).
"""

from __future__ import annotations

import re

from combat_tui.core.records import evolve
from combat_tui.core.text import bad_character, is_count
from combat_tui.systems.futurepath.fields import (  # fmt: skip
    NONE,
    FieldRejected,
    FieldSpec,
    dice,
    item_key,
    unknown,
    whole,
    word_list,
    yes_no,
    yes_text,
)
from combat_tui.systems.futurepath.model import DamageReduction, FPActor, FPWeapon, FuturePath
from combat_tui.systems.futurepath.tables import tables

ABILITIES = {"str": "strength", "dex": "dexterity", "con": "constitution", "int": "intelligence", "wis": "wisdom",
             "cha": "charisma"}  # fmt: skip
AC_PARTS = {"armor": "armor", "natural": "natural", "size": "size", "ac_misc": "misc"}

FIELDS = (
    FieldSpec("name", "Name", "a name"),
    FieldSpec("team", "Team", "a team"),
    FieldSpec("hp", "HP", "max, 1+", "number"),
    FieldSpec("hp_now", "HP now", "full", "number"),
    FieldSpec("player", "Player", "none"),
    FieldSpec("creature", "Creature", kind="yesno"),
    FieldSpec("path", "Path", "none"),
    FieldSpec("level", "Level", "1-20", "number"),
    *(FieldSpec(key, key.upper(), "10", "number") for key in ABILITIES),
    FieldSpec("init", "Initiative MISC", "0", "number"),
    FieldSpec("armor", "Armor", "0", "number"),
    FieldSpec("natural", "Natural armor", "0", "number"),
    FieldSpec("size", "Size mod", "0", "number"),
    FieldSpec("ac_misc", "AC misc", "0", "number"),
    FieldSpec("dr", "DR", "none"),
    FieldSpec("extra_damage", "Extra Damage", "auto"),
    FieldSpec("advantage_die", "Advantage Die", "by lvl"),
    FieldSpec("die_level", "Die level", "0 auto", "number"),
    FieldSpec("stealth", "Stealth", "0", "number"),
    FieldSpec("perception", "Perception", "0", "number"),
    FieldSpec("walk", "Walk speed", "15 ft", "number"),
    FieldSpec("off_hand", "Off-hand weapon", "none"),
)  # fmt: skip
"""The sheet's fields, in the order a form shows them."""

WEAPON_FIELDS = (
    FieldSpec("name", "Name", "a name"),
    FieldSpec("damage", "Damage", "1d8+1"),
    FieldSpec("type", "Type", "none"),
    FieldSpec("accuracy", "Accuracy", "0", "number"),
    FieldSpec("crit", "Crit range", "20 or 19-20"),
    FieldSpec("multiplier", "Multiplier", "2", "number"),
    FieldSpec("level", "Level", "0-2 light", "number"),
    FieldSpec("ranged", "Ranged", kind="yesno"),
    FieldSpec("range", "Range ft", "0", "number"),
    FieldSpec("proficient", "Proficient", kind="yesno"),
    FieldSpec("short", "Levels short", "1", "number"),
    FieldSpec("attributes", "Attributes", "none (light, versatile ...)"),
)  # fmt: skip
"""One weapon's fields (notes §2.2-§2.4): `weapon1.crit=19-20`."""

KEYS = tuple(spec.key for spec in FIELDS)
WEAPON_KEYS = tuple(spec.key for spec in WEAPON_FIELDS)
LABELS = {spec.key: spec.label for spec in FIELDS}
WEAPON_LABELS = {spec.key: spec.label for spec in WEAPON_FIELDS}
_CRIT = re.compile(r"([0-9]{1,3})(?:-([0-9]{1,3}))?(?:/?x([0-9]{1,3}))?")  # a few ASCII digits for int()


def read(fp: FuturePath, who: FPActor, key: str) -> str:
    """A field's value as the text a form shows (and an edit writes)."""
    if key in ABILITIES:
        return str(getattr(who.abilities, ABILITIES[key]))
    if key in AC_PARTS:
        return str(getattr(who.ac, AC_PARTS[key]))
    team = fp.team(who.team)
    texts = {
        "name": who.name, "team": team.name if team else who.team, "hp": str(who.max_hp), "hp_now": str(who.hp),
        "player": who.player, "creature": yes_text(who.creature), "path": who.path, "level": str(who.level),
        "init": str(who.initiative_misc), "dr": dr_text(who.dr),
        "extra_damage": "auto" if who.extra_damage is None else str(who.extra_damage),
        "advantage_die": who.advantage_die, "die_level": str(who.advantage_die_level), "stealth": str(who.stealth),
        "perception": str(who.perception), "off_hand": who.off_hand, "walk": str(who.walk),
    }  # fmt: skip
    return texts[key]


def read_weapon(weapon: FPWeapon, key: str) -> str:
    texts = {
        "name": weapon.name, "damage": weapon.damage, "type": weapon.damage_type, "accuracy": str(weapon.accuracy),
        "crit": crit_text(weapon), "multiplier": str(weapon.crit_multiplier), "level": str(weapon.level),
        "ranged": yes_text(weapon.ranged), "range": str(weapon.range_ft), "proficient": yes_text(weapon.proficient),
        "short": str(weapon.levels_short), "attributes": ", ".join(weapon.attributes),
    }  # fmt: skip
    return texts[key]


def crit_text(weapon: FPWeapon) -> str:
    return "20" if weapon.crit_from == 20 else f"{weapon.crit_from}-20"


def dr_text(entries: tuple[DamageReduction, ...]) -> str:
    return ", ".join(str(d.amount) if d.damage_type == "all" else f"{d.amount} {d.damage_type}" for d in entries)


def weapon_line(weapon: FPWeapon) -> str:
    """`Helix Blade 1d10 slashing · 19-20/x2 · acc +0 · level 4 · melee · versatile`."""
    parts = [f"{weapon.name} {weapon.damage} {weapon.damage_type}".strip(), f"{crit_text(weapon)}/x{weapon.crit_multiplier}"]
    if weapon.accuracy:
        parts.append(f"acc {weapon.accuracy:+d}")
    parts.append(f"level {weapon.level}")
    parts.append(f"ranged {weapon.range_ft} ft" if weapon.ranged else "melee")
    if not weapon.proficient:
        parts.append(f"not proficient ({weapon.levels_short} short)")
    if weapon.attributes:
        parts.append(", ".join(weapon.attributes))
    return " · ".join(parts)


BLANK = FPActor("", "", "", 0, 0)
"""What a new combatant starts from: every field at its default, no team and no HP yet."""


def build(fp: FuturePath, base: FPActor, pairs: tuple[tuple[str, str], ...], *, new: bool = False) -> FPActor:
    """`base` with the pairs applied in order, then checked as a whole."""
    who, weapons, removed = base, list(base.weapons), set()
    given: set[str] = set()
    for key, text in pairs:
        item = item_key(key, "weapon")
        if item is not None:
            _weapon_pair(weapons, removed, key, item, text, len(base.weapons))
            continue
        if key not in LABELS:
            raise unknown(key, KEYS + tuple(f"weapon1.{k}" for k in WEAPON_KEYS), "Combatants")
        who = _write(fp, who, key, text)
        given.add(key)
    for index, weapon in enumerate(weapons, 1):
        if index not in removed:
            _check_weapon(weapon, index, weapons, removed)
    who = evolve(who, weapons=tuple(w for i, w in enumerate(weapons, 1) if i not in removed))
    return _whole(fp, base, who, given, new)


def _write(fp: FuturePath, who: FPActor, key: str, text: str) -> FPActor:
    label = LABELS[key]
    text = text.strip()
    if key in ABILITIES:
        score = whole(key, label, text, 1, 50)
        return evolve(who, abilities=evolve(who.abilities, **{ABILITIES[key]: score}))
    if key in AC_PARTS:
        return evolve(who, ac=evolve(who.ac, **{AC_PARTS[key]: whole(key, label, text, -20, 40)}))
    match key:
        case "name":
            return evolve(who, name=name_text(key, label, text, "a combatant"))
        case "team":
            return evolve(who, team=team_ref(fp, text))
        case "hp":
            return evolve(who, max_hp=whole(key, label, text, 1))
        case "hp_now":
            return evolve(who, hp=whole(key, label, text, 0))
        case "player":
            return evolve(who, player=text)
        case "creature":
            return evolve(who, creature=yes_no(key, label, text))
        case "path":
            return evolve(who, path=text)
        case "level":
            return evolve(who, level=whole(key, label, text, 1, 20))
        case "init":
            return evolve(who, initiative_misc=whole(key, label, text, -20, 20))
        case "dr":
            return evolve(who, dr=_dr(text))
        case "extra_damage":
            count = None if text.casefold() in ("auto", "") else whole(key, label, text, 0, 10)
            return evolve(who, extra_damage=count)
        case "advantage_die":
            return evolve(who, advantage_die="" if text.casefold() in (*NONE, "auto") else dice(key, label, text))
        case "die_level":
            level = whole(key, label, text or "0", 0)
            if level and level not in tables().advantage_die:
                levels = sorted(tables().advantage_die)
                raise FieldRejected(key, label, f"{level} is not a die level.", f"Die levels: {levels[0]} to {levels[-1]}; 0 by Path level.")
            return evolve(who, advantage_die_level=level)
        case "stealth" | "perception":
            return evolve(who, **{key: whole(key, label, text or "0", 0, 99)})
        case "walk":  # movement comes in 5-ft squares (the page's Standard Move Actions)
            feet = whole(key, label, text or "15", 0, 1000)
            if feet % 5:
                raise FieldRejected(key, label, f"{feet} ft is not in 5-ft steps.", "Such as 15, 20 or 30.")
            return evolve(who, walk=feet)
        case _:  # off_hand: checked against the weapons at the end
            return evolve(who, off_hand="" if text.casefold() in NONE else text)


def name_text(key: str, label: str, text: str, what: str) -> str:
    """A name as the text forms can write it back: not empty, no `=` (which starts a pair)."""
    if not text.strip():
        raise FieldRejected(key, label, f"{what} needs a name.")
    if "=" in text:
        raise FieldRejected(key, label, f"'{text.strip()}' holds '=', which the text forms read as field=value.")
    found = bad_character(text)
    if found is not None:  # a form's pasted text reaches no state or log with a control character
        raise FieldRejected(key, label, f"the name holds {found[1]} at character {found[0] + 1}.")
    return " ".join(text.split())


def team_ref(fp: FuturePath, text: str, key: str = "team", label: str = "Team") -> str:
    """The id of the team named (or with the id) `text`, any case."""
    wanted = text.strip().casefold()
    for team in fp.teams:
        if wanted in (team.id.casefold(), team.name.casefold()):
            return team.id
    names = ", ".join(team.name for team in fp.teams) or "none yet"
    raise FieldRejected(key, label, f"no team is called '{text.strip()}'.", f"Teams: {names}.")


def _dr(text: str) -> tuple[DamageReduction, ...]:
    if text.casefold() in NONE:
        return ()
    entries = []
    for part in text.split(","):
        words = part.split()
        if not words or not is_count(words[0]) or len(words[0]) > 6 or len(words) > 2 or int(words[0]) < 1:
            raise FieldRejected("dr", "DR", f"'{part.strip()}' is not an amount with an optional type, such as 2 thermal.")
        entries.append(DamageReduction(int(words[0]), words[1].casefold() if len(words) > 1 else "all"))
    return tuple(entries)


def _weapon_pair(weapons: list[FPWeapon], removed: set[int], key: str, item: tuple[int, str], text: str, had: int) -> None:
    index, sub = item
    label = f"Weapon {index}"
    if index < 1 or index > len(weapons) + 1:
        raise FieldRejected(key, label, f"there is no weapon {index}.", f"The next new one is weapon{len(weapons) + 1}.")
    if index == len(weapons) + 1:
        weapons.append(FPWeapon("", ""))
    if not sub:
        if text.strip().casefold() not in NONE:
            raise FieldRejected(key, label, f"'{text}' is not none: weapon{index}=none removes it.",
                                f"Set one field with weapon{index}.FIELD=VALUE.")  # fmt: skip
        removed.add(index)
        return
    if sub not in WEAPON_LABELS:
        raise unknown(key, tuple(f"weapon{index}.{k}" for k in WEAPON_KEYS), "Weapons")
    weapons[index - 1] = write_weapon(weapons[index - 1], index, sub, text)


def write_weapon(weapon: FPWeapon, index: int, sub: str, text: str) -> FPWeapon:
    key, label, text = f"weapon{index}.{sub}", f"Weapon {index} {WEAPON_LABELS[sub].lower()}", text.strip()
    match sub:
        case "name":
            return evolve(weapon, name=text)
        case "damage":
            return evolve(weapon, damage=dice(key, label, text) if text else "")
        case "type":
            return evolve(weapon, damage_type=text.casefold())
        case "accuracy":
            return evolve(weapon, accuracy=whole(key, label, text or "0", -10, 10))
        case "crit":
            return _crit(weapon, key, label, text)
        case "multiplier":
            return evolve(weapon, crit_multiplier=whole(key, label, text.casefold().lstrip("x"), 1, 10))
        case "level":
            return evolve(weapon, level=whole(key, label, text or "0", 0, 20))
        case "ranged":
            return evolve(weapon, ranged=yes_no(key, label, text))
        case "range":
            return evolve(weapon, range_ft=whole(key, label, text or "0", 0, 10000))
        case "proficient":
            return evolve(weapon, proficient=yes_no(key, label, text))
        case "short":
            return evolve(weapon, levels_short=whole(key, label, text or "1", 1, 10))
        case _:
            return evolve(weapon, attributes=word_list(text))


def _crit(weapon: FPWeapon, key: str, label: str, text: str) -> FPWeapon:
    """ref: notes §2.3 — a crit range such as 19-20 (its lowest natural d20), with /x3 optional."""
    match = _CRIT.fullmatch(text.replace(" ", "").casefold())
    if match is None:
        raise FieldRejected(key, label, f"'{text}' is not a crit range such as 20, 19-20 or 19-20/x3.")
    low, high, times = int(match.group(1)), match.group(2), match.group(3)
    if not 2 <= low <= 20 or (high is not None and int(high) != 20):
        raise FieldRejected(key, label, f"'{text}' is outside the d20: a crit range runs from 2-20 up to 20.")
    if times is not None:
        weapon = evolve(weapon, crit_multiplier=whole(key, label, times, 1, 10))
    return evolve(weapon, crit_from=low)


def _check_weapon(weapon: FPWeapon, index: int, weapons: list[FPWeapon], removed: set[int]) -> None:
    if not weapon.name:
        raise FieldRejected(f"weapon{index}.name", f"Weapon {index} name", "a weapon needs a name.")
    if not weapon.damage:
        raise FieldRejected(f"weapon{index}.damage", f"Weapon {index} damage", "a weapon needs its damage dice, such as 1d8.")
    for other, twin in enumerate(weapons[: index - 1], 1):
        if other not in removed and twin.name.casefold() == weapon.name.casefold():
            raise FieldRejected(f"weapon{index}.name", f"Weapon {index} name", f"'{weapon.name}' is weapon {other} too.",
                                "Attacks name the weapon: give each its own name.")  # fmt: skip


def _whole(fp: FuturePath, base: FPActor, who: FPActor, given: set[str], new: bool) -> FPActor:
    """The checks of the record as a whole: team and HP of a new one, HP now within HP, off-hand."""
    if new and "team" not in given:
        raise FieldRejected("team", "Team", "a new combatant needs a team.", "Teams: " + ", ".join(t.name for t in fp.teams) + ".")
    if new and "hp" not in given:
        raise FieldRejected("hp", "HP", "a new combatant needs its HP (1 or more).")
    if "hp_now" not in given:
        full = new or base.hp >= base.max_hp
        who = evolve(who, hp=who.max_hp if full else min(base.hp, who.max_hp))
    elif who.hp > who.max_hp:
        raise FieldRejected("hp_now", "HP now", f"{who.hp} is above the HP of {who.max_hp}.")
    if who.off_hand:
        match = next((w for w in who.weapons if w.name.casefold() == who.off_hand.casefold()), None)
        if match is None:
            raise FieldRejected("off_hand", "Off-hand weapon", f"'{who.off_hand}' is not one of its weapons.")
        who = evolve(who, off_hand=match.name)
    return who



def texts(fp: FuturePath, who: FPActor | None) -> dict[str, str]:
    """Every field's text, as a form fills itself: a combatant's, or a new one's (no HP yet)."""
    found = {spec.key: read(fp, who or BLANK, spec.key) for spec in FIELDS}
    if who is None:
        found.update(hp="", hp_now="")
    return found


def weapon_texts(weapon: FPWeapon | None) -> dict[str, str]:
    """A weapon's fields as text; a new weapon's defaults for None."""
    return {spec.key: read_weapon(weapon or FPWeapon("", ""), spec.key) for spec in WEAPON_FIELDS}


def check_weapon(index: int, values: dict[str, str]) -> None:
    """Refuse one weapon's texts as `build` would (its own fields; names shared with another
    weapon are refused when the whole combatant is)."""
    weapon = FPWeapon("", "")
    for key, text in values.items():
        weapon = write_weapon(weapon, index, key, text)
    _check_weapon(weapon, index, [FPWeapon("", "")] * (index - 1) + [weapon], set())
