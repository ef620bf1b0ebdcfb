"""The GM's turn tools: hold a turn and resume it later, a name and a note for the fight.

The 2014 PHB has no Delay (its Ready is a reaction); this is the Delay GMs know from other
trackers, as the issue "Fast at the table" asks:
- `hold`: only the combatant whose turn it is holds. Its turn is set aside, not ended (nothing
  that happens at the end of a turn happens), and the next combatant's turn starts. It keeps
  its place in the list, marked held; Next turn steps past that place, round after round,
  until it resumes (a hold outlasts the round).
- `resume`: a held combatant re-enters the order now, just before the combatant whose turn it
  is, with an initiative one above that combatant's, and keeps that place in later rounds. Its
  set-aside turn goes on (its turn's start already happened when it held, so nothing comes back
  twice); when it ends, the turn it cut into goes on without starting again (`Fight.interrupted`).
- `rename`: a name for this fight (the label shows it; the stored name stays, and typing it still
  finds the creature when it is the only one so called). A label names one creature, so a name
  that another label, another creature's name or a numbered label of a name ("Goblin 3") would
  share is refused. It ends with the fight, as every fight record does.
- `note`: a line of the GM's on a combatant, on its card and in `show`; it ends with the fight.
The turn timer and the round's clock are the combat screen's: rules never read the clock.
"""

from __future__ import annotations

import re

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.core.text import bad_character, is_whole, shown
from combat_tui.systems.dnd5e.economy import sneak_reset, with_combatant
from combat_tui.systems.dnd5e.events import TurnStarted
from combat_tui.systems.dnd5e.events_tools import CombatantRenamed, NoteSet, TurnHeld, TurnResumed
from combat_tui.systems.dnd5e.labels import labels
from combat_tui.systems.dnd5e.model import Campaign, Combatant
from combat_tui.systems.dnd5e.turns import can_take_turn, next_turn, running_fight

MAX_NAME = 40
MAX_NOTE = 200
MAX_INITIATIVE = 100
"""The highest initiative a combatant can have (`init`)."""
_UNREADABLE = '"#\\,'
"""Characters a name cannot hold: the command line would read them as quotes, a comment or a list."""


def hold(state: Campaign, ref: str, dice: Dice) -> Outcome:
    fight = running_fight(state)
    combatant = _combatant(state, ref)
    label = _label(state, ref)
    if fight.current().ref != ref:
        raise CommandRejected(f"It is not {label}'s turn.", "Only the combatant whose turn it is can hold it.")
    held = with_combatant(state, evolve(combatant, held=True))
    try:
        moved = next_turn(held, dice)
    except CommandRejected:
        raise CommandRejected(f"No one else can take a turn now, so {label} cannot hold.",
                              "Take the turn instead.") from None  # fmt: skip
    return Outcome(moved.state, (TurnHeld(ref), *moved.events))


def resume(state: Campaign, ref: str) -> Outcome:
    fight = running_fight(state)
    combatant = _combatant(state, ref)
    label = _label(state, ref)
    if not combatant.held:
        raise CommandRejected(f"{label} is not holding its turn.", "A combatant holds its turn on it: hold NAME.")
    if not can_take_turn(state, ref):
        raise CommandRejected(f"{label} cannot take a turn now.", "It stays held until it can act.")
    current = fight.current()
    initiative = min(MAX_INITIATIVE, current.initiative + 1)
    rest = [c for c in fight.combatants if c.ref != ref]
    at = next(i for i, c in enumerate(rest) if c.ref == current.ref)
    rest.insert(at, evolve(combatant, held=False, initiative=initiative))
    waiting = fight.interrupted if current.ref in fight.interrupted else (*fight.interrupted, current.ref)
    new = evolve(fight, combatants=tuple(rest), turn=at, death_save_rolled=False, interrupted=waiting)
    state = sneak_reset(evolve(state, fight=new))  # ref: Cover and Sneak Attack — back on any combatant's turn
    events = (TurnResumed(ref, current.ref, initiative), TurnStarted(ref, fight.round))
    return Outcome(state, events)


def goes_on(state: Campaign, ref: str) -> tuple[Campaign, bool]:
    """Next turn reaching `ref`: True (and `ref` off the list) when its turn had begun before a
    resumed combatant cut into it, so its start is not run again."""
    fight = state.fight
    if ref not in fight.interrupted:
        return state, False
    waiting = tuple(r for r in fight.interrupted if r != ref)
    return evolve(state, fight=evolve(fight, interrupted=waiting)), True


def rename(state: Campaign, ref: str, name: str) -> Outcome:
    combatant = _combatant(state, ref, _any_fight(state))
    actor = state.actor(ref)
    label = _label(state, ref)
    new = name.strip()
    problem = name_problem(new)
    if problem:
        raise CommandRejected(problem, "Choose another name.")
    plain = labels(with_combatant(state, evolve(combatant, alias="")))[ref] if combatant.alias else label
    alias = "" if new.casefold() in (actor.name.casefold(), plain.casefold()) else new
    if alias == combatant.alias:
        raise CommandRejected(f"That changes nothing: {label} keeps its name.")
    if alias:
        clash = _clash(state, ref, alias)
        if clash:
            raise CommandRejected(clash, "A label names one creature: choose another name.")
    after = with_combatant(state, evolve(combatant, alias=alias))
    return Outcome(after, (CombatantRenamed(ref, labels(after)[ref], cleared=not alias),))


def set_note(state: Campaign, ref: str, text: str) -> Outcome:
    combatant = _combatant(state, ref, _any_fight(state))
    label = _label(state, ref)
    text = text.strip()
    if len(text) > MAX_NOTE:
        raise CommandRejected(f"A note has at most {MAX_NOTE} characters; this one has {len(text)}.")
    found = bad_character(text)
    if found is not None:
        raise CommandRejected(f"The note holds {found[1]}.", "Type it again without it.")
    if text == combatant.note:
        raise CommandRejected(f"{label} has no note to clear." if not text else f"{label} has that note already.")
    after = with_combatant(state, evolve(combatant, note=text))
    return Outcome(after, (NoteSet(ref, cleared=not text),))


def name_problem(name: str) -> str:
    """Why `name` cannot be a fight name, in plain words; empty when it can."""
    if not name:
        return "The new name is empty."
    if len(name) > MAX_NAME:
        return f"A name has at most {MAX_NAME} characters; this one has {len(name)}."
    found = bad_character(name)
    if found is not None:
        return f"The name holds {found[1]}."
    odd = next((char for char in name if char in _UNREADABLE), "")
    if odd:
        return f"A name cannot hold {odd}: the command line reads it otherwise."
    if is_whole(name) or any(word[0] in "+-" for word in name.split()):
        return f"'{shown(name)}' reads as a number or a chip, not a name."
    return ""


def _clash(state: Campaign, ref: str, alias: str) -> str:
    """Why `alias` would share a label, now or when another of a name comes in; empty if not."""
    wanted = alias.casefold()
    for other, label in labels(state).items():
        if other != ref and label.casefold() == wanted:
            return f"{label} is already called that."
    actors = [*state.characters, *state.creatures]
    for actor in actors:
        if actor.id != ref and actor.name.casefold() == wanted:
            return f"'{shown(alias)}' is the name of another one here."
    numbered = re.fullmatch(r"(.+) ([0-9]+)", alias)
    if numbered and any(actor.name.casefold() == numbered[1].casefold() for actor in actors):
        return f"'{shown(alias)}' is how a {numbered[1]} is numbered."
    return ""


def hold_choices(state: Campaign, verb: str) -> list[str]:
    """The labels `hold` (the combatant whose turn it is) and `resume` (the held ones) take."""
    fight = state.fight
    if fight is None or fight.stage != "running":
        return []
    names = labels(state)
    if verb == "hold":
        return [names.get(fight.current().ref, fight.current().ref)]
    return [names.get(c.ref, c.ref) for c in fight.combatants if c.held]


def _any_fight(state: Campaign):
    if state.fight is None:
        raise CommandRejected("No fight is running.", "A fight name or a note lasts for one fight: open setup first.")
    return state.fight


def _combatant(state: Campaign, ref: str, fight=None) -> Combatant:
    found = (fight or state.fight).find(ref)
    if found is None:
        raise CommandRejected(f"{_label(state, ref)} is not in this fight.")
    return found


def _label(state: Campaign, ref: str) -> str:
    return labels(state).get(ref, ref)
