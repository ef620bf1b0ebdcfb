"""The travelogue lines of a GM's own table brought in (roster.py, party.py)."""

from __future__ import annotations

from combat_tui.systems.dnd5e import events as ev
from combat_tui.systems.dnd5e.events_build import CustomSpellDeleted, CustomSpellSaved
from combat_tui.systems.dnd5e.log_text import Context, Liner, join_names
from combat_tui.systems.dnd5e.world import map_name


def _spawned(event: ev.CreaturesSpawned, c: Context) -> list[str]:
    names = join_names([c.name(ref) for ref in event.refs])
    where = f"{map_name(c.after, event.tile.map)} ({event.tile.x}, {event.tile.y})"
    lines = [f"{names} {'appears' if len(event.refs) == 1 else 'appear'} at {where}."]
    if any(":" in hp for hp in event.hp):
        lines += [f"{c.name(ref)} rolls HP {hp}." for ref, hp in zip(event.refs, event.hp)]
    return lines


def _edited(event: ev.ActorEdited, c: Context) -> list[str]:
    return [f"{c.name(event.ref)} is edited: {', '.join(event.fields)}."]


def _template_saved(event: ev.TemplateSaved, c: Context) -> list[str]:
    verb = "replaces the template" if event.replaced else "is saved as the template"
    who = c.name(event.ref) if event.ref else event.name
    return [f"{who} {verb} {event.name}."]


def _template_edited(event: ev.TemplateEdited, c: Context) -> list[str]:
    return [f"The template {event.name} is edited: {', '.join(event.fields)}."]


def _template_deleted(event: ev.TemplateDeleted, c: Context) -> list[str]:
    return [f"The template {event.name} is deleted."]


def _imported(event: ev.TemplatesImported, c: Context) -> list[str]:
    source = f" from {event.source}" if event.source else ""
    return [f"Imported {len(event.names)} template{'s' if len(event.names) != 1 else ''}{source}: {', '.join(event.names)}."]


def _character_added(event: ev.CharacterAdded, c: Context) -> list[str]:
    return [f"{c.name(event.ref)} joins the party."]


def _characters_imported(event: ev.CharactersImported, c: Context) -> list[str]:
    source = f" from {event.source}" if event.source else ""
    return [f"{join_names([c.name(ref) for ref in event.refs])} {'joins' if len(event.refs) == 1 else 'join'} the party{source}."]


def _character_deleted(event: ev.CharacterDeleted, c: Context) -> list[str]:
    return [f"{event.name} leaves the party."]


def _level_gained(event: ev.LevelGained, c: Context) -> list[str]:
    return [f"{c.name(event.ref)} reaches {event.class_name} level {event.level} (character level {event.total}), "
            f"+{event.hp_gain} max HP."]


def _equipped(event: ev.ItemEquipped, c: Context) -> list[str]:
    off = f", taking off the {event.replaced}" if event.replaced else ""
    return [f"{c.name(event.ref)} equips the {event.item}{off}."]


def _unequipped(event: ev.ItemUnequipped, c: Context) -> list[str]:
    return [f"{c.name(event.ref)} puts the {event.item} away."]


def _spell_saved(event: CustomSpellSaved, c: Context) -> list[str]:
    if not event.replaced:
        return [f"The custom spell {event.name} is saved."]
    if event.replaced.casefold() == event.name.casefold():
        return [f"The custom spell {event.name} is saved over the old one."]
    return [f"The custom spell {event.replaced} is saved as {event.name}."]


def _spell_deleted(event: CustomSpellDeleted, c: Context) -> list[str]:
    return [f"The custom spell {event.name} is deleted."]


LINES: dict[type, Liner] = {
    ev.CreaturesSpawned: _spawned,
    ev.ActorEdited: _edited,
    ev.TemplateSaved: _template_saved,
    ev.TemplateEdited: _template_edited,
    ev.TemplateDeleted: _template_deleted,
    ev.TemplatesImported: _imported,
    ev.CharacterAdded: _character_added,
    ev.CharactersImported: _characters_imported,
    ev.CharacterDeleted: _character_deleted,
    ev.LevelGained: _level_gained,
    ev.ItemEquipped: _equipped,
    ev.ItemUnequipped: _unequipped,
    CustomSpellSaved: _spell_saved,
    CustomSpellDeleted: _spell_deleted,
}
