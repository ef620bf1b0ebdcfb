"""The travelogue lines of the world around a fight (world.py): the party's walk, creatures on
the map, characters split off."""

from __future__ import annotations

from combat_tui.systems.dnd5e import events as ev
from combat_tui.systems.dnd5e.log_text import Context, Liner, join_names
from combat_tui.systems.dnd5e.world import map_name


def _where(c: Context, tile) -> str:
    return f"{map_name(c.after, tile.map)} ({tile.x}, {tile.y})"


def _party_moved(event: ev.PartyMoved, c: Context) -> list[str]:
    tiles = f" {event.steps} tiles" if event.steps != 1 else ""
    lines = [f"The party moves{tiles} to {_where(c, event.end)}."]
    return lines + [f"{c.name(ref)} is with the party again." for ref in event.joined]


def _encounter_found(event: ev.EncounterFound, c: Context) -> list[str]:
    verb = "is" if len(event.foes) == 1 else "are"
    return [f"Encounter! {join_names([c.name(r) for r in event.foes])} {verb} next to the party."]


def _fight_out_of_range(event: ev.FightOutOfRange, c: Context) -> list[str]:
    return [f"No creature of the fight is left beside the party, and no foe of it within {event.nearby_range} tiles."]


def _disposition_set(event: ev.DispositionSet, c: Context) -> list[str]:
    return [f"{c.name(event.ref)} is now {event.new} (was {event.old})."]


def _creature_placed(event: ev.CreaturePlaced, c: Context) -> list[str]:
    return [f"{c.name(event.ref)} moves to {_where(c, event.new)}."]


def _creature_hp_set(event: ev.CreatureHpSet, c: Context) -> list[str]:
    return [f"{c.name(event.ref)}'s HP set to {event.new} (was {event.old})."]


def _creature_deleted(event: ev.CreatureDeleted, c: Context) -> list[str]:
    return [f"{c.name(event.ref)} is deleted from the campaign."]


def _character_split(event: ev.CharacterSplit, c: Context) -> list[str]:
    return [f"{c.name(event.ref)} splits off from the party to {_where(c, event.tile)}."]


def _character_rejoined(event: ev.CharacterRejoined, c: Context) -> list[str]:
    return [f"{c.name(event.ref)} rejoins the party at {_where(c, c.after.party_tile)}."]


LINES: dict[type, Liner] = {
    ev.PartyMoved: _party_moved,
    ev.EncounterFound: _encounter_found,
    ev.FightOutOfRange: _fight_out_of_range,
    ev.DispositionSet: _disposition_set,
    ev.CreaturePlaced: _creature_placed,
    ev.CreatureHpSet: _creature_hp_set,
    ev.CreatureDeleted: _creature_deleted,
    ev.CharacterSplit: _character_split,
    ev.CharacterRejoined: _character_rejoined,
}
