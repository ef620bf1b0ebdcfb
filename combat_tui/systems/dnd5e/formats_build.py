"""The text forms of the issue-13 commands written back, for the journal and the history."""

from __future__ import annotations

from collections.abc import Callable

from combat_tui.core.text import quote
from combat_tui.systems.dnd5e import commands_build as cb
from combat_tui.systems.dnd5e.world import map_name


def _pairs(changes) -> list[str]:
    return [quote(f"{key}={value}") for key, value in changes]


def _at(tile, state) -> list[str]:
    if tile is None:
        return []
    where = ["at", str(tile.x), str(tile.y)]
    return where + ([quote(map_name(state, tile.map))] if tile.map != state.party_tile.map else [])


def format_build(command: object, n: Callable[[str], str], state) -> str:
    match command:
        case cb.SpawnCreatures(creature, count, tile, rolled):
            return " ".join(["spawn", quote(creature.name), *([str(count)] if count != 1 else []), *_at(tile, state),
                             *(["rolled"] if rolled else [])])  # fmt: skip
        case cb.AddCreature(name, changes, tile):
            return " ".join(["creature add", quote(name), *_at(tile, state), *_pairs(changes)])
        case cb.EditActor(ref, changes):
            return " ".join(["edit", n(ref), *_pairs(changes)])
        case cb.SaveTemplate(ref, name):
            return " ".join(["template save", n(ref), *(["as", quote(name)] if name else [])])
        case cb.EditTemplate(name, changes):
            return " ".join(["template edit", quote(name), *_pairs(changes)])
        case cb.DeleteTemplate(name):
            return f"template delete {quote(name)}"
        case cb.ImportTemplates(creatures, source):
            return f"import {quote(source)}" if source else f"template import ({len(creatures)} creatures)"
        case cb.ImportCharacters(characters, source):
            return f"import {quote(source)}" if source else f"character import ({len(characters)} characters)"
        case cb.AddCharacter(name, changes):
            return " ".join(["character add", quote(name), *_pairs(changes)])
        case cb.DeleteCharacter(ref):
            return f"character delete {n(ref)}"
        case cb.LevelUp(ref, class_name, subclass):
            return " ".join(filter(None, ["levelup", n(ref), quote(class_name) if class_name else "", quote(subclass) if subclass else ""]))
        case cb.Equip(ref, weapon, armor):
            return f"equip {n(ref)} {quote((weapon or armor).name)}"
        case cb.Unequip(ref, item):
            return f"unequip {n(ref)} {quote(item)}"
        case cb.SaveSpell(name, changes, was):
            return " ".join(["spell save", quote(name), *(["from", quote(was)] if was else []), *_pairs(changes)])
        case cb.DeleteSpell(name):
            return f"spell delete {quote(name)}"
    return ""
