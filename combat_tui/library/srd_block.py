"""The numbers of an SRD 5.2 stat block that its JSON leaves as formulas: ability modifiers, save
DCs, an attack's to-hit and its damage parts.

The data is translated from Foundry VTT's SRD actors, which print an attack as `[[/attack]]` and
let the program compute it. These functions compute it the way that program does for the 5.2
blocks: proficiency plus the attack's ability, where an unnamed ability is STR for a melee
weapon, DEX for a ranged one, and the higher of the two for a finesse or a natural weapon; the
first damage part of a weapon adds the same modifier.
"""

from __future__ import annotations

import re
from fractions import Fraction

from combat_tui.core.records import frozen
from combat_tui.library.srd_files import weapon_item

ABILITY = {"str": "strength", "dex": "dexterity", "con": "constitution", "int": "intelligence",
           "wis": "wisdom", "cha": "charisma"}  # fmt: skip
SKILL_CODES = {
    "acr": "acrobatics", "ani": "animal handling", "arc": "arcana", "ath": "athletics", "dec": "deception",
    "his": "history", "ins": "insight", "itm": "intimidation", "inv": "investigation", "med": "medicine",
    "nat": "nature", "prc": "perception", "prf": "performance", "per": "persuasion", "rel": "religion",
    "slt": "sleight of hand", "ste": "stealth", "sur": "survival",
}  # fmt: skip
SKILL_ABILITY = {"acrobatics": "dex", "animal handling": "wis", "arcana": "int", "athletics": "str",
                 "deception": "cha", "history": "int", "insight": "wis", "intimidation": "cha",
                 "investigation": "int", "medicine": "wis", "nature": "int", "perception": "wis",
                 "performance": "cha", "persuasion": "cha", "religion": "int", "sleight of hand": "dex",
                 "stealth": "dex", "survival": "wis"}  # fmt: skip
RANGED_NAMES = ("bow", "longbow", "shortbow", "crossbow", "sling", "pistol", "musket")
"""A last word that makes a weapon the SRD items do not list a ranged one (a gnoll's Bone Bow)."""
_PRINTED_HIT = re.compile(r"Attack Roll:\s*([+\-−]\s*\d+)")
_PRINTED_DAMAGE = re.compile(r"Hit:\s*\d+\s*\((\d+)d(\d+)(?:\s*([+\-−])\s*(\d+))?\)")


def challenge_text(cr: float | None) -> str:
    """0.25 -> `1/4`, 0.125 -> `1/8`, 5.0 -> `5`; None -> empty."""
    if cr is None:
        return ""
    return str(Fraction(cr).limit_denominator(8))


def signed(text: str) -> int:
    return int(text.replace("−", "-").replace(" ", ""))


@frozen
class Part:
    """One damage part: `number`d`sides` + `bonus` of `types`; `flat` has no dice; `formula` is
    a formula the data leaves to the summoning spell (no number can be given)."""

    number: int
    sides: int
    bonus: int
    types: tuple[str, ...]
    flat: bool = False
    formula: str = ""

    @property
    def dice(self) -> str:
        return f"{self.number}d{self.sides}"

    @property
    def average(self) -> int:
        return (self.number * (self.sides + 1)) // 2 + self.bonus if not self.flat else self.bonus

    def text(self) -> str:
        """`5 (1d6 + 2) Piercing`, as a 5.2 block prints a damage part."""
        kind = " or ".join(t.capitalize() for t in self.types)
        if self.formula:
            return f"{self.formula} {kind}".strip()
        if self.flat:
            return f"{self.bonus} {kind}".strip()
        bonus = f" {'+' if self.bonus >= 0 else '−'} {abs(self.bonus)}" if self.bonus else ""
        return f"{self.average} ({self.dice}{bonus}) {kind}".strip()


@frozen
class AttackNumbers:
    """An attack activity as the block prints it."""

    to_hit: int
    ability: str
    """The ability code it uses (`str`), empty for none."""
    ranged: bool
    parts: tuple[Part, ...]
    item: dict | None
    """The SRD weapon it is, if any (`scimitar`): its properties and ranges."""
    printed: bool = False
    """The description prints the numbers (they win over the computed ones)."""


def item_slug(name: str) -> str:
    """`Longbow (Humanoid or Hybrid Form Only)` -> `longbow`."""
    name = name.split(" (")[0].strip().casefold()
    return re.sub(r"[^a-z0-9]+", "-", name.replace("'", "")).strip("-")


class Block:
    """One stat block's JSON with the numbers its formulas need."""

    def __init__(self, data: dict) -> None:
        self.data = data
        self.name: str = data["name"]
        self.prof: int = data.get("proficiency_bonus") or 2
        self.scores: dict[str, int] = data["ability_scores"]
        self.spell_ability: str = data.get("spellcasting_ability") or ""

    def mod(self, code: str) -> int:
        return (self.scores.get(code, 10) - 10) // 2

    def ability_dc(self, code: str) -> int:
        return 8 + self.prof + self.mod(code)

    def spell_dc(self) -> int:
        return self.ability_dc(self.spell_ability or "int")

    def skill(self, name: str) -> int:
        """A skill bonus: the printed one, else the ability modifier."""
        printed = (self.data.get("skills") or {}).get(name.replace(" ", "_"))
        return printed if printed is not None else self.mod(SKILL_ABILITY.get(name, "wis"))

    def formula(self, text: str, mod: int = 0) -> int | None:
        """A bonus formula (`8 + @mod + @prof`, `@abilities.dex.mod`, `2`); None if it names more
        than these (a summoning spell's level)."""
        text = (text or "").replace(" ", "")
        if not text:
            return 0
        total = 0
        for sign, term in re.findall(r"([+-]?)([^+-]+)", text):
            if term.isdigit():
                value = int(term)
            elif term == "@mod":
                value = mod
            elif term == "@prof":
                value = self.prof
            elif m := re.fullmatch(r"@abilities\.(\w+)\.mod", term):
                value = self.mod(m.group(1))
            else:
                return None
            total += -value if sign == "-" else value
        return total

    def save_dc(self, activity: dict) -> int | None:
        """ref: Creature actions — the DC a save asks for: 8 + proficiency + the named ability's
        modifier (`calculation`), else the formula as written."""
        dc = (activity.get("save") or {}).get("dc") or {}
        calculation = dc.get("calculation") or ""
        if calculation == "spellcasting":
            return self.spell_dc()
        if calculation in ABILITY:
            return self.ability_dc(calculation)
        return self.formula(dc.get("formula") or "", 0)

    def attack(self, action: dict, activity: dict) -> AttackNumbers:
        attack = activity.get("attack") or {}
        kind = attack.get("type") or {}
        item = weapon_item(item_slug(action["name"]))
        ranged = _is_ranged(action["name"], kind.get("value") or "", item)
        code = self._attack_ability(activity, item, ranged, action["name"])
        mod = self.mod(code) if code else 0
        bonus = self.formula(attack.get("bonus") or "", mod) or 0
        to_hit = bonus if attack.get("flat") else mod + self.prof + bonus
        parts = self.parts(activity, mod, adds_mod=code != "" and not _feature_attack(activity, item))
        text = action.get("description") or ""
        printed = _PRINTED_HIT.search(text)
        if printed:
            to_hit = signed(printed.group(1))
        damage = _PRINTED_DAMAGE.search(text)
        if damage and parts and (int(damage.group(1)), int(damage.group(2))) == (parts[0].number, parts[0].sides):
            shown = signed(f"{damage.group(3) or '+'}{damage.group(4) or 0}")  # the printed `(1d8 + 3)`
            parts = (Part(parts[0].number, parts[0].sides, shown, parts[0].types),) + parts[1:]
        return AttackNumbers(to_hit, code, ranged, parts, item, bool(printed))

    def _attack_ability(self, activity: dict, item: dict | None, ranged: bool, name: str) -> str:
        attack = activity.get("attack") or {}
        named = attack.get("ability") or ""
        if named == "none":
            return ""
        if named == "spellcasting" or (not named and (attack.get("type") or {}).get("classification") == "spell"):
            return self.spell_ability
        if named in ABILITY:
            return named
        if _feature_attack(activity, item):  # a feature's attack knows no finesse
            return "dex" if ranged else "str"
        if item is not None and "finesse" not in item.get("properties", ()):
            return "dex" if ranged else "str"
        if item is None and item_slug(name).split("-")[-1] in RANGED_NAMES:
            return "dex"
        # a finesse weapon, or a natural one (a bite, a claw): the higher of the two, STR on a tie
        return "dex" if self.mod("dex") > self.mod("str") else "str"

    def parts(self, activity: dict, mod: int, adds_mod: bool = True) -> tuple[Part, ...]:
        """The damage parts; a weapon's first part (its own damage) adds `mod` unless it names it."""
        damage = activity.get("damage") or {}
        found = []
        for index, raw in enumerate(damage.get("parts") or ()):
            types = tuple(t.casefold() for t in raw.get("types") or ())
            custom = raw.get("custom") or {}
            if custom.get("enabled"):
                found.append(Part(0, 0, 0, types, formula=_summon_formula(custom.get("formula") or "")))
                continue
            number, sides, text = raw.get("number") or 0, raw.get("denomination") or 0, raw.get("bonus") or ""
            bonus = self.formula(text, mod)
            if bonus is None:
                found.append(Part(0, 0, 0, types, formula=_summon_formula(f"{number}d{sides} + {text}")))
                continue
            if not (number and sides):
                if text:  # a flat amount, such as a cat's 1 Slashing; no modifier is added to it
                    found.append(Part(0, 0, bonus, types, flat=True))
                continue  # an empty base part: the weapon's damage is all in the parts after it
            first = index == 0 and damage.get("include_base", True)
            if first and adds_mod and "@" not in text:
                bonus += mod
            found.append(Part(number, sides, bonus, types))
        return tuple(found)


def _is_ranged(name: str, value: str, item: dict | None) -> bool:
    if item is not None:
        return (item.get("range") or {}).get("kind") == "ranged"
    return value == "ranged" or item_slug(name).split("-")[-1] in RANGED_NAMES


def _feature_attack(activity: dict, item: dict | None) -> bool:
    """An attack the data marks as a weapon attack with its own range that is no SRD weapon: a
    feature (a specter's Life Drain), whose damage adds no modifier unless its formula names one."""
    kind = (activity.get("attack") or {}).get("type") or {}
    reach = (activity.get("range") or {}).get("value")
    return item is None and kind.get("classification") == "weapon" and bool(kind.get("value")) and bool(reach)


def _summon_formula(text: str) -> str:
    """`(@flags.dnd5e.summon.level - 3)d12 + @mod` -> `(spell level - 3)d12 + mod`, for a note."""
    text = text.replace("@flags.dnd5e.summon.level", "spell level").replace("@flags.dnd5e.summon.mod", "spell bonus")
    return text.replace("@mod", "mod").replace("@prof", "prof")
