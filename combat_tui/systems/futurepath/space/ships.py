"""Adding, editing and removing ships: hull, attributes, hard points, bays and crew (notes §2.8).

As with combatants (`futurepath/combatants.py`), a command's (field, value text) pairs are
applied to a copy of the ship, the copy is checked as a whole (a hard point the hull lacks is
refused), and only then does it replace the ship: a refusal changes nothing, an edit is one undo.
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.futurepath.combatants import taken_ids
from combat_tui.systems.futurepath.fields import NONE, FieldRejected, item_key, new_id
from combat_tui.systems.futurepath.labels import labels
from combat_tui.systems.futurepath.model import Campaign, FuturePath
from combat_tui.systems.futurepath.space import commands as sc
from combat_tui.systems.futurepath.space import events as ev
from combat_tui.systems.futurepath.space.crew import TITLES, crew_size
from combat_tui.systems.futurepath.space.model import POSITIONS, Ship, SpaceFight
from combat_tui.systems.futurepath.space.ship_fields import (  # fmt: skip
    BAY_FIELDS,
    CREW_FIELDS,
    FIELDS,
    POINT_FIELDS,
    bay_line,
    build,
    limits,
    point_line,
    read,
    read_crew,
)
from combat_tui.systems.futurepath.space.stats import initiative, max_damage, reflectors, resistance, ship, tracking_dc
from combat_tui.systems.futurepath.stats import fp_state, with_fp

Pairs = tuple[tuple[str, str], ...]


def add_ship(state: Campaign, name: str, pairs: Pairs) -> Outcome:
    fp = fp_state(state)
    new = _new(state, name, pairs)
    hull = f"{new.size} {'military' if new.military else 'civilian'}"
    event = ev.ShipAdded(new.id, new.side, hull, len(new.hard_points), len(new.bays), crew_size(new))
    return Outcome(with_fp(state, evolve(fp, ships=fp.ships + (new,))), (event,))


def _new(state: Campaign, name: str, pairs: Pairs) -> Ship:
    fp = fp_state(state)
    new = build(fp, Ship("", name, ""), (("name", name), *pairs), labels(state), new=True)
    return evolve(new, id=new_id(new.name, taken_ids(fp)))


def edit_ship(state: Campaign, ref: str, pairs: Pairs) -> Outcome:
    fp = fp_state(state)
    old = ship(state, ref)
    new = _edited(state, old, pairs)
    changes = _changes(state, old, new, pairs)
    if not changes:
        raise CommandRejected(f"Nothing changes on {old.name}: every field already has that value.")
    ships = tuple(new if s.id == ref else s for s in fp.ships)
    return Outcome(with_fp(state, evolve(fp, ships=ships)), (ev.ShipEdited(ref, changes),))


def _edited(state: Campaign, old: Ship, pairs: Pairs) -> Ship:
    if not pairs:
        raise CommandRejected("'space edit' needs at least one field=value.", "Such as: space edit Bearclaw engines=14")
    fp = fp_state(state)
    new = build(fp, old, pairs, labels(state))
    if new.side != old.side and _fighting(fp, old.id):
        raise FieldRejected("side", "Side", f"{old.name} is in the running space fight.", "End it first ('space end').")
    return new


def _fighting(fp: FuturePath, ref: str) -> bool:
    return fp.space is not None and fp.space.stage == "running" and ref in fp.space.ships


def _changes(state: Campaign, old: Ship, new: Ship, pairs: Pairs) -> tuple[tuple[str, str, str], ...]:
    fp, names = fp_state(state), labels(state)
    changes = [(spec.label, read(fp, old, spec.key), read(fp, new, spec.key)) for spec in FIELDS]
    for group, title, before, after, specs, line in (
        ("point", "hard point", old.hard_points, new.hard_points, POINT_FIELDS, point_line),
        ("bay", "bay", old.bays, new.bays, BAY_FIELDS, bay_line),
    ):  # fmt: skip
        removed = {item[0] for key, text in pairs if (item := item_key(key, group)) and not item[1]
                   and text.strip().casefold() in NONE}  # fmt: skip
        kept = [x for i, x in enumerate(before, 1) if i not in removed]
        for was, now in zip(kept, after, strict=False):
            changes += [(f"{was.name} {s.label.lower()}", _text(was, s.key), _text(now, s.key)) for s in specs]
        changes += [(title, line(x), "") for i, x in enumerate(before, 1) if i in removed]
        changes += [(title, "", line(x)) for x in after[len(kept) :]]
    for position in POSITIONS:
        emptied = not read_crew(new, position, "", names)
        for spec in CREW_FIELDS:
            if emptied and spec.key:
                continue  # an emptied post's bonus and the like go with it
            what = f"{TITLES[position]} {spec.label.lower()}" if spec.key else TITLES[position]
            changes.append((what, read_crew(old, position, spec.key, names), read_crew(new, position, spec.key, names)))
    return tuple(change for change in changes if change[1] != change[2])


def _text(item: object, key: str) -> str:
    value = getattr(item, key)
    return ("yes" if value else "no") if isinstance(value, bool) else str(value)


def remove_ship(state: Campaign, ref: str) -> Outcome:
    fp = fp_state(state)
    who = ship(state, ref)
    if _fighting(fp, ref):
        raise CommandRejected(f"{who.name} is in the running space fight.", "Surrender it ('space surrender') or end the fight first.")
    space = _without(fp.space, ref) if fp.space is not None else None
    fp = evolve(fp, ships=tuple(s for s in fp.ships if s.id != ref), space=space)
    return Outcome(with_fp(state, fp), (ev.ShipRemoved(ref),))


def _without(space: SpaceFight, ref: str) -> SpaceFight:
    """An ended fight's record with no trace of the ship (its options stay)."""
    return evolve(space, ships=tuple(s for s in space.ships if s != ref), statuses=tuple(s for s in space.statuses if s.ship != ref),
                  surprise=tuple(s for s in space.surprise if s != ref),
                  distances=tuple(d for d in space.distances if ref not in d[:2]))  # fmt: skip


def draft(state: Campaign, command: object) -> Ship:
    """The ship an add or edit command would make, or its refusal: for a form's preview."""
    match command:
        case sc.AddShip(name, pairs):
            return evolve(_new(state, name, pairs), id="")
        case sc.EditShip(ref, pairs):
            return _edited(state, ship(state, ref), pairs)
    raise TypeError(command)


def check(state: Campaign, command: object) -> None:
    """Refuse the command as the session would, changing nothing."""
    match command:
        case sc.AddShip(name, pairs):
            add_ship(state, name, pairs)
        case sc.EditShip(ref, pairs):
            edit_ship(state, ref, pairs)
        case sc.RemoveShip(ref):
            remove_ship(state, ref)


def ship_line(who: Ship) -> str:
    """`BD-DC 4,5 · Track 12 · BD max 3 · Init +1 · hard points 4/6 · bays 2/3`: the hull's room too."""
    points, bays = limits(who)
    return (f"BD-DC {resistance(who)},{reflectors(who)} · Track {tracking_dc(who)} · BD max {max_damage(who)} · "
            f"Init {initiative(who):+d} · hard points {len(who.hard_points)}/{points} · bays {len(who.bays)}/{bays}")  # fmt: skip
