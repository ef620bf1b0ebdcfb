"""Creatures brought in and changed (issue 13): spawns from the library or a template, a creature
made by hand, edits of any character or creature, and the campaign's templates.

ref: Combat setup — "Combatants that share a name get a number after it ... The numbers follow the
order of the creature list": a spawn appends to that list and counts on past the highest number
of its name, so three wolves beside four read Wolf 5 to Wolf 7 (labels.py).
ref: Creature actions — "A template that you save from a creature keeps its actions, and a
creature spawned from the template gets them."
"""

from __future__ import annotations

import re

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.maps import Tile
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.dnd5e import commands_build as cb
from combat_tui.systems.dnd5e.damage import find_actor
from combat_tui.systems.dnd5e.editing import CREATURE_FIELDS, apply_changes, fields_of
from combat_tui.systems.dnd5e.events import (
    ActorEdited,
    CreaturesSpawned,
    FightJoined,
    InitiativeRolled,
    TemplateDeleted,
    TemplateEdited,
    TemplateSaved,
    TemplatesImported,
)
from combat_tui.systems.dnd5e.initiative import initiative_modifier, roll_initiative, with_combatants
from combat_tui.systems.dnd5e.labels import counted, next_number, with_joiners
from combat_tui.systems.dnd5e.model import Abilities, Campaign, Combatant, Creature
from combat_tui.systems.dnd5e.weapon_text import DICE

MAX_SPAWN = 20
"""The most creatures one spawn makes: a typo of 300 wolves is refused, not obeyed."""


def new_id(state: Campaign, name: str, taken: set[str] | None = None) -> str:
    """A fresh id from the name (`wolf-4`): never one a character or creature already has."""
    taken = taken if taken is not None else {a.id for a in state.characters} | {a.id for a in state.creatures}
    stem = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-") or "creature"
    number = 1
    while f"{stem}-{number}" in taken:
        number += 1
    return f"{stem}-{number}"


def _check_tile(state: Campaign, tile: Tile) -> None:
    info = next((m for m in state.maps if m.id == tile.map), None)
    if info is None:
        raise CommandRejected(f"There is no map '{tile.map}'.")
    width, height = getattr(info, "width", 0), getattr(info, "height", 0)
    if (width and not 0 <= tile.x < width) or (height and not 0 <= tile.y < height) or tile.x < 0 or tile.y < 0:
        raise CommandRejected(f"({tile.x}, {tile.y}) is off the map {info.name}.")


def roll_hp(hit_dice: str, dice: Dice) -> tuple[int, str]:
    """HP rolled from hit dice such as `2d8+2` (at least 1), and how the log shows the roll."""
    text = hit_dice.replace(" ", "")
    base, sign, rest = re.match(r"^(\d+d\d+)([+-]?)(\d*)$", text).groups()
    match = DICE.match(base)
    roll = dice.roll(int(match[1]), int(match[2]))
    bonus = int(rest or 0) * (-1 if sign == "-" else 1)
    total = max(1, roll.total + bonus)
    faces = " + ".join(map(str, roll.faces))
    return total, f"{text}: {faces}" + (f" {sign} {rest}" if rest else "") + f" = {total}"


def spawn(state: Campaign, command: cb.SpawnCreatures, dice: Dice) -> Outcome:
    if not 1 <= command.count <= MAX_SPAWN:
        raise CommandRejected(f"A spawn makes 1 to {MAX_SPAWN} creatures, not {command.count}.")
    tile = command.tile or state.party_tile
    _check_tile(state, tile)
    base = command.creature
    if command.rolled and not (base.hit_dice and re.match(r"^\d+d\d+([+-]\d+)?$", base.hit_dice.replace(" ", ""))):
        raise CommandRejected(f"{base.name} has no hit dice to roll its HP from.", "Spawn it without 'rolled'.")
    taken = {a.id for a in state.characters} | {a.id for a in state.creatures}
    first = next_number(state, base.name)  # ref: Combat setup — the count goes on past the highest
    made, shown = [], []
    for index in range(command.count):
        ref = new_id(state, base.name, taken)
        taken.add(ref)
        hp, how = roll_hp(base.hit_dice, dice) if command.rolled else (base.max_hp, str(base.max_hp))
        made.append(evolve(base, id=ref, tile=tile, hp=hp, max_hp=hp, chips=(), legendary_resistance_used=0,
                           actions=tuple(evolve(a, ready=True) for a in base.actions), number=first + index))
        shown.append(how)
    state = evolve(state, creatures=state.creatures + tuple(made))
    events: list = [CreaturesSpawned(tuple(c.id for c in made), base.name, tile, tuple(shown))]
    if state.fight is not None:
        state, joined = _join(state, made, dice)
        events += joined
    return Outcome(state, tuple(events))


def _join(state: Campaign, made: list[Creature], dice: Dice) -> tuple[Campaign, list]:
    """ref: Combat setup — a joined foe rolls initiative with the others (Add to fight)."""
    fight = state.fight
    rolls, added = [], []
    for creature in made:
        roll = roll_initiative(creature, dice, state.d20_mode)
        rolls.append(roll)
        side = "foes" if creature.disposition == "hostile" else "party"
        added.append(Combatant(creature.id, side, roll.value, initiative_modifier(creature), joined=True))
    running = fight.stage == "running"
    state = evolve(state, fight=with_combatants(state, fight, fight.combatants + tuple(added)))
    state = with_joiners(state, tuple(c.ref for c in added))
    return state, [FightJoined(tuple(c.ref for c in added), running), InitiativeRolled(tuple(rolls))]


BLANK = Creature("", "", Tile("", 0, 0), Abilities(), 1, 1, 10, challenge="0", notes="")


def add_creature(state: Campaign, command: cb.AddCreature, dice: Dice) -> Outcome:
    creature = apply_changes(evolve(BLANK, name=command.name), (("name", command.name), *command.changes))
    if not any(key == "hp" for key, _ in command.changes):
        creature = evolve(creature, hp=creature.max_hp)
    return spawn(state, cb.SpawnCreatures(creature, 1, command.tile), dice)


def _changed_labels(before, after) -> tuple[str, ...]:
    table = fields_of(before)
    out = []
    for field in table.values():
        attr = field.attr
        old = getattr(before.abilities, attr) if hasattr(before.abilities, attr) else getattr(before, attr)
        new = getattr(after.abilities, attr) if hasattr(after.abilities, attr) else getattr(after, attr)
        if old != new:
            out.append(field.label)
    return tuple(out)


def edit_actor(state: Campaign, command: cb.EditActor) -> Outcome:
    actor = find_actor(state, command.ref)
    if not command.changes:
        raise CommandRejected("Name a field to change, such as ac=15.")
    new = apply_changes(actor, command.changes)
    if isinstance(new, type(actor)) and hasattr(new, "classes"):
        from combat_tui.systems.dnd5e.party import rederive  # a character's derived numbers follow its edit

        new = rederive(actor, new, tuple(key.casefold() for key, _ in command.changes))
    changed = _changed_labels(actor, new)
    if not changed:
        raise CommandRejected(f"Nothing changes: {actor.name} already has those values.")
    if isinstance(new, Creature) and new.name.casefold() != actor.name.casefold():
        return Outcome(_renamed(state, new), (ActorEdited(actor.id, changed),))
    return Outcome(state.with_actor(new), (ActorEdited(actor.id, changed),))


def _renamed(state: Campaign, creature: Creature) -> Campaign:
    """A renamed creature enters the count of its new name; the others keep their numbers."""
    state = counted(state)
    state = state.with_actor(evolve(creature, number=next_number(state, creature.name, but=creature.id)))
    if state.fight is not None and state.fight.find(creature.id) is not None:
        state = with_joiners(state, (creature.id,))
    return state


def _template_of(creature: Creature, name: str) -> Creature:
    return evolve(creature, id=name, name=name, tile=Tile("", 0, 0), hp=creature.max_hp, chips=(),
                  legendary_resistance_used=0, exhaustion=0, bonus_hp=0, number=0,
                  actions=tuple(evolve(a, ready=True) for a in creature.actions))


def _with_template(state: Campaign, template: Creature) -> tuple[Campaign, bool]:
    kept = tuple(t for t in state.templates if t.name.casefold() != template.name.casefold())
    return evolve(state, templates=kept + (template,)), len(kept) != len(state.templates)


def save_template(state: Campaign, command: cb.SaveTemplate) -> Outcome:
    creature = find_actor(state, command.ref)
    if not isinstance(creature, Creature):
        raise CommandRejected(f"{creature.name} is a character; only a creature can be a template.")
    name = " ".join((command.name or creature.name).split())
    if not name:
        raise CommandRejected("A template needs a name.")
    state, replaced = _with_template(state, _template_of(creature, name))
    return Outcome(state, (TemplateSaved(name, replaced, creature.id),))


def find_template(state: Campaign, name: str) -> Creature:
    wanted = name.casefold()
    found = next((t for t in state.templates if t.name.casefold() == wanted), None)
    if found is None:
        known = ", ".join(t.name for t in state.templates) or "none yet"
        raise CommandRejected(f"There is no template called '{name}'.", f"Templates: {known}.")
    return found


def edit_template(state: Campaign, command: cb.EditTemplate) -> Outcome:
    old = find_template(state, command.name)
    new = apply_changes(old, command.changes)
    new = evolve(new, id=new.name, hp=new.max_hp)
    if new.name.casefold() != old.name.casefold() and any(t.name.casefold() == new.name.casefold() for t in state.templates):
        raise CommandRejected(f"name: a template called '{new.name}' exists already.")
    changed = _changed_labels(old, new)
    if not changed:
        raise CommandRejected(f"Nothing changes: the template {old.name} already has those values.")
    templates = tuple(new if t is old else t for t in state.templates)
    return Outcome(evolve(state, templates=templates), (TemplateEdited(old.name, changed),))


def delete_template(state: Campaign, command: cb.DeleteTemplate) -> Outcome:
    old = find_template(state, command.name)
    return Outcome(evolve(state, templates=tuple(t for t in state.templates if t is not old)), (TemplateDeleted(old.name),))


def import_templates(state: Campaign, command: cb.ImportTemplates) -> Outcome:
    if not command.creatures:
        raise CommandRejected("The file holds no creature to import.")
    names = []
    for creature in command.creatures:
        check = apply_changes(creature, (("name", creature.name),))  # a name the forms accept
        state, _ = _with_template(state, _template_of(check, check.name))
        names.append(check.name)
    return Outcome(state, (TemplatesImported(tuple(names), command.source),))


__all__ = ["CREATURE_FIELDS", "MAX_SPAWN", "add_creature", "delete_template", "edit_actor", "edit_template",
           "find_template", "import_templates", "new_id", "roll_hp", "save_template", "spawn"]  # fmt: skip
