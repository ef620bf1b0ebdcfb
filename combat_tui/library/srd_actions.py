"""An SRD stat block's traits, actions, bonus actions, reactions and legendary actions as the
rules read them (save actions, Multiattack, Pack Tactics, Redirect Attack, spells), and a note
for each thing they cannot read, in the order the block lists them.
"""

from __future__ import annotations

import re

from combat_tui.core.records import frozen
from combat_tui.library.srd_attacks import Mapped
from combat_tui.library.srd_block import ABILITY, Block
from combat_tui.library.srd_files import spell_name
from combat_tui.library.srd_text import activity_ability, describe
from combat_tui.systems.dnd5e.data.spells import find_spell
from combat_tui.systems.dnd5e.model import CreatureAction

NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
           "nine": 9, "ten": 10}  # fmt: skip
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4}
KIND_LABELS = {"bonus_action": "Bonus action", "reaction": "Reaction", "legendary": "Legendary action"}
_SIMPLE_SAVE = re.compile(
    r"^\w+ Saving Throw: DC \d+, (?P<targets>[^.]+)\. Failure: \d+ \(\d+d\d+(?: [+−] \d+)?\) \w+ damage\."
    r"(?: Success: Half damage\.)?$"
)  # fmt: skip
_SIMPLE_MULTIATTACK = re.compile(
    r"^The .+? makes (\w+) (?:(?P<named>.+?) )?attacks?(?:, using (?P<using>.+?) in any combination)?\.$"
)


@frozen
class Actions:
    """What the rules read from a block beyond its weapons, and its notes in block order."""

    actions: tuple[CreatureAction, ...] = ()
    multiattack: int = 0
    multiattack_disadvantage: int = 0
    pack_tactics: bool = False
    redirect_attack: bool = False
    turn_resistance: bool = False
    surprise_attack: str = ""
    spells: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


def map_actions(block: Block, attacks: Mapped) -> Actions:
    data = block.data
    notes: list[str] = []
    found: dict = {"actions": [], "multiattack": 0, "disadvantage": 0, "pack": False, "redirect": False,
                   "turn": False, "surprise": ""}  # fmt: skip
    for trait in data.get("special_abilities") or ():
        notes += _trait(block, trait, found)
    for section in ("actions", "legendary_actions"):
        for action in data.get(section) or ():
            notes += _action(block, action, attacks, found)
    return Actions(
        tuple(found["actions"]), found["multiattack"], found["disadvantage"], found["pack"], found["redirect"],
        found["turn"], found["surprise"], known_spells(data), tuple(dict.fromkeys(n for n in notes if n)),
    )  # fmt: skip


def label(action: dict) -> str:
    """`Fire Breath (Recharge 5–6)`, `Legendary action, Pounce`, `Bonus action, Nimble Escape (1/Day)`."""
    name = action["name"]
    if recharge := action.get("recharge"):
        name += f" (Recharge {recharge.replace('-', '–')})"
    if uses := action.get("uses_per_day"):
        name += f" ({uses}/Day)"
    if cost := action.get("legendary_cost"):
        name += f" (costs {cost} actions)" if cost > 1 else ""
    kind = KIND_LABELS.get(action.get("kind", ""))
    return f"{kind}, {name}" if kind else name


def _trait(block: Block, trait: dict, found: dict) -> list[str]:
    name, mechanic = trait["name"], trait.get("mechanic") or ""
    text = describe(block, trait)
    if mechanic == "pack_tactics" or name.casefold() == "pack tactics":
        found["pack"] = True
        return []
    if mechanic == "legendary_resistance" and block.data.get("legendary_resistance_uses"):
        return []  # the record's legendary resistance per day
    if name.casefold().startswith(("turn resistance", "turn defiance")):
        found["turn"] = True
        return []
    if name.casefold().startswith("surprise attack") and (dice := re.search(r"\((\d+d\d+)\)", text)):
        found["surprise"] = dice.group(1)
        return []
    return [f"{label(trait)}: {text}"]


def _action(block: Block, action: dict, attacks: Mapped, found: dict) -> list[str]:
    name = action["name"]
    kinds = [a.get("kind") for a in action.get("activities") or ()]
    text = describe(block, action)
    legendary = action.get("kind") == "legendary"
    if name.casefold().startswith("multiattack"):
        return _multiattack(text, action, attacks, found)
    notes = [f"{name_}: {note}" for name_, note in attacks.notes if name_ == name or name_.startswith(f"{name} (")]
    if "attack" in kinds and name in attacks.names:
        # the weapon carries the roll; a legendary or limited swing also needs its rule in words
        if legendary or action.get("recharge") or action.get("uses_per_day"):
            notes.append(f"{label(action)}: {text}")
        return notes
    if "attack" in kinds:
        return notes  # the reason it is no weapon, with its text
    if name.casefold().startswith("redirect attack"):
        found["redirect"] = True
        return [f"{label(action)}: {text}"]
    saved = _save_action(block, action) if action.get("kind") in ("action", "bonus_action", "legendary") else None
    if saved is None:
        return [f"{label(action)}: {text}"]
    found["actions"].append(saved)
    simple = _SIMPLE_SAVE.fullmatch(text)
    plain = (simple is not None and kinds == ["save"] and "Reference[" not in action.get("description", "")
             and not action.get("uses_per_day") and not legendary)  # fmt: skip
    return [f"{label(action)}: {simple.group('targets')}." if plain else f"{label(action)}: {text}"]


def _save_action(block: Block, action: dict) -> CreatureAction | None:
    """ref: Creature actions — a save that deals damage: its save, DC, first damage part, recharge
    face and whether a save halves it. None for a save with no damage (it lives in the notes)."""
    for activity in action.get("activities") or ():
        if activity.get("kind") != "save":
            continue
        parts = block.parts(activity, block.mod(activity_ability(block, activity)), adds_mod=False)
        abilities = (activity.get("save") or {}).get("ability") or []
        dc = block.save_dc(activity)
        dice = [p for p in parts if not p.flat and not p.formula]
        if not dice or not abilities or not dc or abilities[0] not in ABILITY:
            continue
        first = dice[0]
        bonus = f"{first.bonus:+d}" if first.bonus else ""
        on_save = (activity.get("damage") or {}).get("on_save") or "none"
        return CreatureAction(action["name"], ABILITY[abilities[0]], dc, f"{first.dice}{bonus}",
                              first.types[0] if first.types else "", recharge_face(action.get("recharge")),
                              half=on_save == "half")  # fmt: skip
    return None


def recharge_face(recharge: str | None) -> int:
    """`5-6` -> 5, `6` -> 6, `4-6` -> 4; none -> 0."""
    match = re.match(r"\s*(\d)", recharge or "")
    return int(match.group(1)) if match else 0


def _multiattack(text: str, action: dict, attacks: Mapped, found: dict) -> list[str]:
    """ref: Pack Tactics, on-hit saves, Surprise Attack, and Multiattack — the swings of the
    Attack action, counted from the first sentence (`makes one Bite attack and two Claw
    attacks` is three); a note unless it is only swings of weapons the record has."""
    first = re.split(r"\.(?:\s+|(?=[A-Z]))", text, maxsplit=1)[0]
    words = re.findall(r"\b(\w+)\b", first.casefold())
    count = sum(NUMBERS[w] for i, w in enumerate(words) if w in NUMBERS and (i == 0 or words[i - 1] != "replace"))
    found["multiattack"] = max(found["multiattack"], count)
    if ordinal := re.search(r"\b(first|second|third|fourth)\b[^.]*Disadvantage", text):
        found["disadvantage"] = ORDINALS[ordinal.group(1)]
    simple = _SIMPLE_MULTIATTACK.fullmatch(text)
    named = (
        re.split(r", or |, and |, | or | and ", (simple.group("named") or simple.group("using") or ""))
        if simple
        else []
    )
    if simple and count >= 2 and all(n in attacks.names for n in named if n) and not found["disadvantage"]:
        return []
    return [f"{label(action)}: {text}"]


def known_spells(data: dict) -> tuple[str, ...]:
    """The spells a block casts that the app's spell rules know (`Fire Bolt`), in block order."""
    names = []
    for section in ("actions", "legendary_actions", "special_abilities"):
        for action in data.get(section) or ():
            for activity in action.get("activities") or ():
                name = (
                    spell_name((activity.get("spell") or {}).get("uuid") or "")
                    if activity.get("kind") == "cast"
                    else ""
                )
                spell = find_spell(name) if name else None
                if spell is not None and spell.name not in names:
                    names.append(spell.name)
    return tuple(names)
