"""Crew assignment (notes §2.12), positions out of action (R104) and the GM's space options."""

from __future__ import annotations

from attrs import evolve, fields

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.system import Outcome
from combat_tui.systems.futurepath.model import Campaign
from combat_tui.systems.futurepath.space import events as ev
from combat_tui.systems.futurepath.space.check import OPTION_CHOICES, option_problem
from combat_tui.systems.futurepath.space.crew import who_name
from combat_tui.systems.futurepath.space.model import CrewPost, SpaceFight, SpaceOptions
from combat_tui.systems.futurepath.space.state import with_ship, with_space, with_status
from combat_tui.systems.futurepath.space.stats import fight, ship, side_effects, status
from combat_tui.systems.futurepath.stats import fp_state


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


def change_position(state: Campaign, ref: str, position: str, to: str, rush: bool, bonus: int, dice: Dice) -> Outcome:
    """ref: §2.12 Change Position — it takes one round; Acrobatics DC 10 rushes it; the Captain
    switches without a roll. A crew member who has acted this round cannot move (R103)."""
    space = fight(state)
    who = ship(state, ref)
    post, there = who.post(position), who.post(to)
    if post is None or not (post.actor or post.name):
        raise CommandRejected(f"{who.name} has no one at that post.")
    if there is not None and (there.actor or there.name) and not there.out:
        raise CommandRejected(f"{who.name}'s {to} post is taken.", "Move someone only to an empty post.")
    st = status(space, ref)
    if position in st.acted:
        raise CommandRejected(f"{who_name(state, post)} has already acted this round.")
    if position == "captain":  # ref: §2.12 Direct Assistance — the Captain loses Change Position
        from combat_tui.systems.futurepath.space.captain import refuse_if_assisting

        refuse_if_assisting(space, who, "change position")
    d20 = total = 0
    arrives, moved = position == "captain", True
    # ref: §2.11 chart 4 — with life support damaged (gravity out) every move needs Acrobatics DC 15
    dc = 15 if "gravity" in side_effects(st, space.round) else 10
    if (rush and not arrives) or dc == 15:
        actor = fp_state(state).actor(post.actor) if post.actor else None
        d20 = dice.die(20)
        total = d20 + (actor.abilities.dexterity // 2 - 5 if actor else 0) + bonus
        moved = total >= dc
        arrives = moved and (arrives or rush)
    name = who_name(state, post)
    if not moved:
        space = with_status(space, evolve(st, acted=st.acted + (position,)))
        return Outcome(with_space(state, space), (ev.PositionChanged(ref, name, position, to, False, d20, total, dc, False),))
    crew = tuple(p for p in who.crew if p.position not in (position, to)) + (evolve(post, position=to),)
    state = with_ship(state, evolve(who, crew=tuple(sorted(crew, key=lambda p: _ORDER.index(p.position)))))
    st = evolve(st, acted=st.acted + ((position,) if arrives else (position, to)))
    space = with_status(space, st)
    return Outcome(with_space(state, space), (ev.PositionChanged(ref, name, position, to, arrives, d20, total, dc),))


def crew_bonus(state: Campaign, ref: str, position: str, bonus: int) -> Outcome:
    """ref: §2.9 rule 7 — the static bonus a crew member adds: trained +1, +1 a competency level."""
    who = ship(state, ref)
    post = who.post(position)
    if post is None or not (post.actor or post.name):
        raise CommandRejected(f"{who.name} has no one in that position.")
    crew = tuple(evolve(p, bonus=bonus) if p.position == position else p for p in who.crew)
    return Outcome(with_ship(state, evolve(who, crew=crew)), (ev.CrewBonusSet(ref, position, bonus),))


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
        if problem := option_problem(name, typed):  # the campaign file's range too
            raise CommandRejected(f"Space option {name}: {problem}.")
    else:
        allowed = OPTION_CHOICES[name]
        if value not in allowed:
            raise CommandRejected(f"'{value}' is not a choice for {name}.", "Choices: " + ", ".join(allowed) + ".")
    options = evolve(options, **{name: typed})
    space = evolve(current, options=options) if current else SpaceFight(stage="ended", options=options)
    return Outcome(with_space(state, space), (ev.SpaceOptionSet(name, value),))


_ORDER = ("captain", "science", "helm", "sensors", "weapons", "engineer", "medical")
