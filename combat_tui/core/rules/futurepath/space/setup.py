"""Crew assignment (notes §2.12), positions out of action (R104) and the GM's space options."""

from __future__ import annotations

from attrs import evolve, fields

from ....commands import CommandRejected
from ....futurepath_space_model import CrewPost, SpaceFight, SpaceOptions
from ....model import Campaign
from ...system import Outcome
from ..stats import fp_state
from . import events as ev
from .crew import who_name
from .state import with_ship, with_space
from .stats import ship


def set_crew(state: Campaign, ref: str, position: str, actor: str, name: str, bonus: int) -> Outcome:
    who = ship(state, ref)
    if actor and fp_state(state).actor(actor) is None:
        raise CommandRejected(f"No character has the id '{actor}'.")
    old = who.post(position)
    crew = tuple(p for p in who.crew if p.position != position)
    post = None
    if actor or name:
        post = CrewPost(position, actor, name, bonus if bonus else (old.bonus if old else 0), old.wis_dex if old else 0)
        crew = tuple(sorted(crew + (post,), key=lambda p: _ORDER.index(p.position)))
    state = with_ship(state, evolve(who, crew=crew))
    return Outcome(state, (ev.CrewSet(ref, position, who_name(state, post)),))


def crew_out(state: Campaign, ref: str, position: str, out: bool) -> Outcome:
    who = ship(state, ref)
    post = who.post(position)
    if post is None:
        raise CommandRejected(f"{who.name} has no one in that position.")
    crew = tuple(evolve(p, out=out) if p.position == position else p for p in who.crew)
    return Outcome(with_ship(state, evolve(who, crew=crew)), (ev.CrewOutSet(ref, position, out),))


def set_option(state: Campaign, name: str, value: str) -> Outcome:
    known = {f.name: f for f in fields(SpaceOptions)}
    if name not in known:
        raise CommandRejected(f"No space option '{name}'.", "Options: " + ", ".join(known) + ".")
    current = fp_state(state).space
    options = current.options if current else SpaceOptions()
    typed: object = value
    if isinstance(getattr(options, name), int):
        try:
            typed = int(value)
        except ValueError:
            raise CommandRejected(f"'{value}' is not a whole number.") from None
    else:
        allowed = {"reroll": ("extra", "literal"), "scan_bonus": ("mod", "mod+1")}[name]
        if value not in allowed:
            raise CommandRejected(f"'{value}' is not a choice for {name}.", "Choices: " + ", ".join(allowed) + ".")
    options = evolve(options, **{name: typed})
    space = evolve(current, options=options) if current else SpaceFight(stage="ended", options=options)
    return Outcome(with_space(state, space), (ev.SpaceOptionSet(name, value),))


_ORDER = ("captain", "science", "helm", "sensors", "weapons", "engineer", "medical")
