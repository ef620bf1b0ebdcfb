"""Adding, editing and removing FuturePath combatants: the GM's roster outside the campaign file.

Each command carries (field, value text) pairs (`combatant_fields.py`): the pairs are applied in
order to a copy of the record, the copy is checked as a whole, and only then does it replace the
record, so a refused value changes nothing and one edit is one undo step. `check` and `draft` let
a form ask the same rules before it sends the command.
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.core.text import quote
from combat_tui.systems.futurepath import commands as fc
from combat_tui.systems.futurepath import events as ev
from combat_tui.systems.futurepath.combatant_fields import (  # fmt: skip
    BLANK,
    FIELDS,
    WEAPON_FIELDS,
    build,
    name_text,
    read,
    read_weapon,
    weapon_line,
)
from combat_tui.systems.futurepath.fields import NONE, FieldRejected, item_key, new_id
from combat_tui.systems.futurepath.labels import label
from combat_tui.systems.futurepath.model import Campaign, FPActor, FuturePath, GroundFight
from combat_tui.systems.futurepath.stats import (
    actor,
    advantage_die,
    armor_class,
    extra_damage,
    fp_state,
    initiative_score,
    with_fp,
)

Pairs = tuple[tuple[str, str], ...]


def taken_ids(fp: FuturePath) -> set[str]:
    """Ids a new combatant or ship may not take: labels are looked up by id across both."""
    swarms = {s.swarm.casefold().replace(" ", "-") for s in fp.ships if s.swarm}
    return {a.id for a in fp.actors} | {s.id for s in fp.ships} | swarms


def add_combatant(state: Campaign, name: str, pairs: Pairs) -> Outcome:
    fp = fp_state(state)
    who = _new(fp, name, pairs)
    fp = evolve(fp, actors=fp.actors + (who,))
    fight = fp.fight
    if fight is not None and fight.stage == "setup":
        fp = evolve(fp, fight=evolve(fight, present=fight.present + (who.id,)))  # setup: every team member present
    joins = fight is not None and fight.stage == "running"
    weapons = tuple(f"{w.name} {w.damage}" for w in who.weapons)
    event = ev.CombatantAdded(who.id, who.team, who.max_hp, armor_class(who), initiative_score(who, fp.options), weapons, joins)
    return Outcome(with_fp(state, fp), (event,))


def _new(fp: FuturePath, name: str, pairs: Pairs) -> FPActor:
    who = build(fp, evolve(BLANK, name=name_text("name", "Name", name, "a combatant")), pairs, new=True)
    return evolve(who, id=new_id(who.name, taken_ids(fp)))


def edit_combatant(state: Campaign, ref: str, pairs: Pairs) -> Outcome:
    fp = fp_state(state)
    old = actor(fp, ref)
    new = _edited(fp, old, pairs)
    changes = _changes(fp, old, new, pairs)
    if not changes:
        raise CommandRejected(f"Nothing changes for {label(fp, ref)}: every field already has that value.")
    return Outcome(with_fp(state, fp.with_actor(new)), (ev.CombatantEdited(ref, changes),))


def _edited(fp: FuturePath, old: FPActor, pairs: Pairs) -> FPActor:
    if not pairs:
        raise CommandRejected("'edit' needs at least one field=value.", "Such as: edit Katie hp=26 weapon1.crit=18-20")
    new = build(fp, old, pairs)
    fight = fp.fight
    if new.team != old.team and fight is not None and fight.stage == "running" and old.id in fight.present + fight.joiners:
        raise FieldRejected("team", "Team", f"{label(fp, old.id)} is in the running ground fight, on their team.",
                            "End the fight first (teams are fixed at its start).")  # fmt: skip
    return new


def _changes(fp: FuturePath, old: FPActor, new: FPActor, pairs: Pairs) -> tuple[tuple[str, str, str], ...]:
    """(what, old, new) for each field whose text changed; weapons by their place before the edit."""
    changes = [(spec.label, read(fp, old, spec.key), read(fp, new, spec.key)) for spec in FIELDS]
    changes = [change for change in changes if change[1] != change[2]]
    removed = {item[0] for key, text in pairs if (item := item_key(key, "weapon")) and not item[1]
               and text.strip().casefold() in NONE}  # fmt: skip
    kept = [w for i, w in enumerate(old.weapons, 1) if i not in removed]
    for before, after in zip(kept, new.weapons, strict=False):
        for spec in WEAPON_FIELDS:
            a, b = read_weapon(before, spec.key), read_weapon(after, spec.key)
            if a != b:
                changes.append((f"{before.name} {spec.label.lower()}", a, b))
    changes += [("weapon", weapon_line(w), "") for i, w in enumerate(old.weapons, 1) if i in removed]
    changes += [("weapon", "", weapon_line(w)) for w in new.weapons[len(kept) :]]
    return tuple(changes)


def remove_combatant(state: Campaign, ref: str) -> Outcome:
    fp = fp_state(state)
    actor(fp, ref)
    fight = fp.fight
    if fight is not None and fight.stage == "running" and ref in fight.present + fight.joiners:
        shown = label(fp, ref)
        raise CommandRejected(f"{shown} is in the running ground fight.",
                              f"Mark them out with 'out {quote(shown)} fled', or end the fight first.")  # fmt: skip
    posts = tuple((s.id, p.position) for s in fp.ships for p in s.crew if p.actor == ref)
    ships = tuple(evolve(s, crew=tuple(p for p in s.crew if p.actor != ref)) for s in fp.ships)
    actors = tuple(a for a in fp.actors if a.id != ref)
    fp = evolve(fp, actors=actors, ships=ships, fight=_without(fight, ref) if fight is not None else None)
    return Outcome(with_fp(state, fp), (ev.CombatantRemoved(ref, posts),))


def _without(fight: GroundFight, ref: str) -> GroundFight:
    """The fight record with no trace of `ref` (setup, or an ended fight's lists)."""

    def drop(refs: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(r for r in refs if r != ref)

    teams = tuple(evolve(t, vanguard=drop(t.vanguard), rearguard=drop(t.rearguard)) for t in fight.teams)
    return evolve(fight, present=drop(fight.present), unaware=drop(fight.unaware), acted=drop(fight.acted),
                  joiners=drop(fight.joiners), surprise=drop(fight.surprise), teams=teams,
                  initiative_fix=tuple(f for f in fight.initiative_fix if f[0] != ref),
                  group_fix=tuple(f for f in fight.group_fix if f[0] != ref),
                  out=tuple(o for o in fight.out if o[0] != ref))  # fmt: skip


def draft(state: Campaign, command: object) -> FPActor:
    """The record an add or edit command would make, or its refusal: for a form's preview."""
    fp = fp_state(state)
    match command:
        case fc.AddCombatant(name, pairs):
            return evolve(_new(fp, name, pairs), id="")
        case fc.EditCombatant(ref, pairs):
            return _edited(fp, actor(fp, ref), pairs)
    raise TypeError(command)


def check(state: Campaign, command: object) -> None:
    """Refuse the command as the session would, changing nothing."""
    match command:
        case fc.AddCombatant(name, pairs):
            add_combatant(state, name, pairs)
        case fc.EditCombatant(ref, pairs):
            edit_combatant(state, ref, pairs)
        case fc.RemoveCombatant(ref):
            remove_combatant(state, ref)


def sheet_line(state: Campaign, who: FPActor) -> str:
    """`AC 12 (touch 10, flat-footed 12) · Initiative +1 · Ad 1d4 · Extra Damage 0`: what the
    rules make of a sheet (notes §2.1, §2.2, §2.7)."""
    options = fp_state(state).options
    ac = f"AC {armor_class(who)} (touch {armor_class(who, touch=True)}, flat-footed {armor_class(who, flat_footed=True)})"
    return f"{ac} · Initiative {initiative_score(who, options):+d} · Ad {advantage_die(who)} · Extra Damage {extra_damage(who)}"
