"""An SRD description as one readable line: its Foundry enrichers and lookups written out.

`[[/attack extended]]` becomes `Melee Attack Roll: +4`, `[[/damage average]]` becomes
`5 (1d6 + 2) Piercing`, `[[lookup @save.dc.value activity=...]]` the DC, `&Reference[Prone]`
the word Prone, and so on, so a creature's notes read like its stat block.
"""

from __future__ import annotations

import html
import re

from combat_tui.library.srd_block import ABILITY, SKILL_CODES, Block, Part, item_slug
from combat_tui.library.srd_files import spell_name, weapon_item

_INLINE = re.compile(r"\[\[(.*?)\]\](?:\{([^}]*)\})?")
_REFERENCE = re.compile(r"&Reference\[([^\]}]+?)[\]}](?:\{([^}]*)\})?")
_SPELL_ID = re.compile(r"\bphbspl\w+")


def activities(action: dict) -> dict[str, dict]:
    return {activity.get("id", ""): activity for activity in action.get("activities") or ()}


def _first(action: dict, kinds: tuple[str, ...], wanted: str = "") -> dict:
    found = activities(action)
    if wanted in found:
        return found[wanted]
    for activity in action.get("activities") or ():
        if activity.get("kind") in kinds:
            return activity
    return {}


def damage_text(block: Block, action: dict, activity: dict) -> str:
    """`5 (1d6 + 2) Piercing damage plus 5 (2d4) Fire damage` (the word `damage` after the last)."""
    if activity.get("kind") == "attack":
        parts = block.attack(action, activity).parts
    else:
        parts = block.parts(activity, block.mod(activity_ability(block, activity)), adds_mod=False)
    return " plus ".join(f"{part.text()} damage" for part in parts)


def activity_ability(block: Block, activity: dict) -> str:
    """The ability a save or damage activity's `@mod` means: its DC's ability, else STR or DEX."""
    calculation = ((activity.get("save") or {}).get("dc") or {}).get("calculation") or ""
    if calculation in ABILITY:
        return calculation
    if calculation == "spellcasting":
        return block.spell_ability
    return "dex" if block.mod("dex") > block.mod("str") else "str"


def render(text: str, block: Block, action: dict) -> str:
    """The description as one line of plain text."""

    def inline(match: re.Match) -> str:
        body, label = match.group(1).strip(), match.group(2)
        args = dict(re.findall(r"(\w+)=(\S+)", body))
        wanted = args.get("activity", "")
        if body.startswith("lookup "):
            value = _lookup(body.split()[1], body, block, action, wanted)
            return value or (label or ("…" if value is None else ""))
        if body.startswith("/attack"):
            activity = _first(action, ("attack",), wanted)
            if not activity:
                return label or "an attack roll"
            numbers = block.attack(action, activity)
            thrown = numbers.item is not None and "thrown" in numbers.item.get("properties", ())
            kind = "Ranged" if numbers.ranged else "Melee or Ranged" if thrown else "Melee"
            return f"{kind} Attack Roll: {numbers.to_hit:+d}" if "extended" in body else f"{numbers.to_hit:+d}"
        if body.startswith("/damage"):
            words = body.split()[1:]
            dice = next((w for w in words if re.fullmatch(r"\d+d\d+([+-]\d+)?", w)), "")
            if dice:
                kind = args.get("type") or next(
                    (w for w in words if w.isalpha() and w not in ("average", "extended")), ""
                )
                number, sides = (int(x) for x in re.match(r"(\d+)d(\d+)", dice).groups())
                return Part(number, sides, 0, (kind,) if kind else ()).text()
            activity = _first(action, ("attack", "save", "damage"), wanted)
            shown = damage_text(block, action, activity)
            if "extended" in body:
                return f"Hit: {shown}" if activity.get("kind") == "attack" else shown
            return shown.removesuffix(" damage")
        if body.startswith("/healing"):
            healing = _first(action, ("heal",), wanted).get("healing") or {}
            if healing.get("number") and healing.get("denomination"):
                bonus = block.formula(healing.get("bonus") or "", 0) or 0
                part = Part(healing["number"], healing["denomination"], bonus, ())
                return part.text() + (" Temporary Hit Points" if "temp" in body else " Hit Points")
            return label or "Hit Points"
        if body.startswith("/save"):
            activity = _first(action, ("save",), wanted)
            abilities = (activity.get("save") or {}).get("ability") or []
            names = " or ".join(ABILITY.get(a, a).capitalize() for a in abilities) or "a"
            return f"{names} Saving Throw: DC {block.save_dc(activity)}"
        if body.startswith("/check"):
            return _check(body, args, block, action, wanted)
        if body.startswith("/item"):
            reference = body[len("/item") :].strip()
            if label:
                return label
            if not reference:
                return "…"  # the data leaves the name out
            if reference.startswith(".") or re.fullmatch(r"mm[A-Z]\w*", reference):
                return _referenced(reference, block)
            return reference
        if body.startswith("/r"):
            return label or body[2:].split("#")[0].strip()
        return label or ""

    text = html.unescape(text or "")
    text = _INLINE.sub(inline, text)
    text = _REFERENCE.sub(_reference, text)
    text = _SPELL_ID.sub(lambda m: spell_name(m.group(0)) or m.group(0), text)
    text = re.sub(r"\bmm[A-Z]\w*?0+\b", lambda m: _referenced(m.group(0), block), text)  # a bare item id
    text = re.sub(r"\{\w+\}", "…", text)  # a placeholder the data left unfilled
    text = re.sub(r"<[^>]+>", " ", text)
    text = re.sub(r"(?<=[^\s.:;!?])\s*\n\s*\n\s*", "; ", text)  # a paragraph with no full stop (a spell list)
    text = re.sub(r"\s+", " ", text).strip()
    return text.replace(" .", ".").replace("..", ".").replace(" ,", ",").replace("check check", "check")


def describe(block: Block, action: dict) -> str:
    """The action's description as one line, without a leading repeat of its name."""
    text = render(action.get("description", ""), block, action)
    name = action.get("name", "")
    return text[len(name) + 1 :].strip() if name and text.startswith(f"{name}.") else text


def _reference(match: re.Match) -> str:
    """`&Reference[Prone apply=false]` -> `Prone`; `&Reference[opportunityattacks]{Opportunity Attack}` -> its label."""
    if match.group(2):
        return match.group(2)
    return match.group(1).split(" ")[0] if "=" in match.group(1) else match.group(1)


def _referenced(reference: str, block: Block) -> str:
    """`[[/item .mmSpellcasting00.Activity.ID]]`: the spell that cast activity casts."""
    wanted = reference.rsplit(".", 1)[-1]
    for section in ("actions", "legendary_actions", "special_abilities"):
        for action in block.data.get(section) or ():
            activity = activities(action).get(wanted)
            if activity is not None:
                uuid = (activity.get("spell") or {}).get("uuid") or ""
                return spell_name(uuid) or action.get("name", "")
    # `.mmSlam0000000000`: an item id, its name cut to 14 letters and padded with zeros
    stem = re.sub(r"0+$", "", reference.lstrip(".").split(".")[0]).removeprefix("mm").casefold()
    for section in ("actions", "legendary_actions", "special_abilities"):
        for action in block.data.get(section) or ():
            if stem and re.sub(r"[^a-z]", "", action.get("name", "").casefold()).startswith(stem):
                return action.get("name", "")
    return "it"


def _check(body: str, args: dict[str, str], block: Block, action: dict, wanted: str) -> str:
    check = _first(action, ("check",), wanted).get("check") or {}
    skill = SKILL_CODES.get(args.get("skill", ""), "")
    codes = check.get("associated") or []
    if not skill and codes:
        skill = " or ".join(SKILL_CODES.get(code, code).title() for code in codes)
    ability = ABILITY.get(args.get("ability", ""), "")
    dc_text = args.get("dc") or ((check.get("dc") or {}).get("formula") or "")
    dc = _dc(dc_text, block)
    name = f"{ability.capitalize()} ({skill.title()})" if ability and skill else (skill.title() or ability.capitalize())
    prefix = f"DC {dc} " if dc else ""
    return f"{prefix}{name} check".strip()


def _dc(text: str, block: Block) -> int | None:
    if text.isdigit():
        return int(text)
    if m := re.fullmatch(r"@abilities\.(\w+)\.dc", text):
        return block.ability_dc(m.group(1))
    if m := re.fullmatch(r"@skills\.(\w+)\.passive", text):
        return 10 + block.skill(SKILL_CODES.get(m.group(1), ""))
    return None


def _lookup(path: str, body: str, block: Block, action: dict, wanted: str) -> str | None:
    """`@name`, `@save.dc.value`, `@range.value`, `@target.template.size` ... as text; None for
    a field the data does not have."""
    if path == "@name":
        name = block.name
        return name.casefold() if "lowercase" in body else name
    if path == "@attributes.spell.dc":
        return str(block.spell_dc())
    if m := re.fullmatch(r"@abilities\.(\w+)\.dc", path):
        return str(block.ability_dc(m.group(1)))
    if path.startswith("@skills."):
        dc = _dc(path, block)
        return str(dc) if dc is not None else ""
    if path in ("@item.range.value", "@item.range.long"):
        item = weapon_item(item_slug(action.get("name", "")))
        found = (item or {}).get("range", {}).get(path.rsplit(".", 1)[-1])
        return str(found) if found else "…"
    if path.startswith("@item."):
        return "…"  # the Foundry item's own field, which the data leaves out
    activity = _first(action, ("save", "attack", "check", "damage", "heal", "utility", "cast", "summon"), wanted)
    if path == "@save.dc.value" or path == "@save.dc.formula":
        return str(block.save_dc(_first(action, ("save",), wanted)) or "")
    if path == "@check.dc.value":
        dc = _dc(((activity.get("check") or {}).get("dc") or {}).get("formula") or "", block)
        return str(dc) if dc else ""
    if path == "@target.affects.labels.statblock":
        return _targets(activity)
    if path == "@damage.onSave":
        return str((activity.get("damage") or {}).get("on_save") or "")
    if path == "@healing.formula":
        healing = activity.get("healing") or {}
        return f"{healing.get('number') or ''}d{healing.get('denomination')}" if healing.get("denomination") else ""
    value = activity
    for key in path.lstrip("@").split("."):
        value = value.get(key) if isinstance(value, dict) else None
    if value is None:
        return None
    text = str(value)
    return text.capitalize() if "capitalize" in body else text


def _targets(activity: dict) -> str:
    """`each creature in a 60-foot Cone`, `one creature`."""
    target = activity.get("target") or {}
    affects, template = target.get("affects") or {}, target.get("template") or {}
    kind = affects.get("type") or "creature"
    if template.get("type") and template.get("size"):
        return f"each {kind} in a {template['size']}-foot {template['type'].capitalize()}"
    count = affects.get("count") or ""
    return f"one {kind}" if count in ("", "1") else f"up to {count} {kind}s"
