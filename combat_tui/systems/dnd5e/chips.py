"""The chip commands: put a chip on a combatant, take it off.

ref: Conditions — "A chip that you type matches a row when it spells one of the names above. Case
does not matter." "Two casters who put a chip of the same name on one combatant each leave their
own chip." "From one caster, a combatant keeps one chip of each name. A longer chip ... stays."
ref: On-hit saves — "A creature immune to the condition keeps its chips, and the log says so."
"""

from __future__ import annotations

import re

from combat_tui.core.command import CommandRejected
from combat_tui.core.system import Outcome
from combat_tui.core.text import bad_character
from combat_tui.systems.dnd5e.commands import AddChip, RemoveChip
from combat_tui.systems.dnd5e.concentration import CONCENTRATING, concentration_of, end_concentration
from combat_tui.systems.dnd5e.conditions import add_chip, canonical, is_immune, remove_chips
from combat_tui.systems.dnd5e.damage import find_actor
from combat_tui.systems.dnd5e.events import ChipAdded, ChipRemoved
from combat_tui.systems.dnd5e.model import Campaign, Chip

MAX_NAME = 60
COUNT_AT_END = re.compile(r"\s[+-]\d+$")
"""`Poisoned -3`: a count of rounds typed into the name."""


def put_chip(state: Campaign, command: AddChip) -> Outcome:
    actor = find_actor(state, command.ref)
    name = canonical(command.name)
    if not name:
        raise CommandRejected("A chip needs a name.", "Usage: chip NAME +CONDITION [ROUNDS|next]")
    check_chip_name(name)
    if command.rounds < 0:
        raise CommandRejected(f"A chip lasts a number of rounds from 1, not {command.rounds}.")
    if command.until_turn_of and (state.fight is None or state.fight.find(command.until_turn_of) is None):
        raise CommandRejected("A 'next turn' chip needs a running fight.", "Give a number of rounds instead.")
    if is_immune(actor, name):
        raise CommandRejected(f"{actor.name} is immune to {name}; it keeps its chips.")
    chip = Chip(name, command.rounds, command.caster, "", command.until_turn_of)
    changed, result = add_chip(actor, chip)
    event = ChipAdded(actor.id, name, command.rounds, command.until_turn_of, result)
    return Outcome(state.with_actor(changed) if result != "kept" else state, (event,))


def check_chip_name(name: str) -> None:
    """A chip's name is shown on the card and logged: text only, no count of rounds in it."""
    found = bad_character(name)
    if found is not None:
        raise CommandRejected(f"The chip's name holds {found[1]}.", "Type the name again without it.")
    if len(name) > MAX_NAME:
        raise CommandRejected(f"A chip's name has at most {MAX_NAME} characters.")
    if COUNT_AT_END.search(name):
        raise CommandRejected(f"'{name}' ends in a signed number: a chip lasts a number of rounds from 1.",
                              "Write the rounds apart: chip NAME +Poisoned 3.")  # fmt: skip


def take_chip(state: Campaign, command: RemoveChip) -> Outcome:
    actor = find_actor(state, command.ref)
    if canonical(command.name).casefold() == CONCENTRATING.casefold() and concentration_of(actor) is not None:
        return end_concentration(state, actor.id)  # the chip is the concentration: its spell ends with it
    changed, count = remove_chips(actor, command.name, command.caster)
    if count == 0:
        have = ", ".join(chip.name for chip in actor.chips) or "none"
        raise CommandRejected(f"{actor.name} has no chip called '{command.name}'.", f"Chips: {have}.")
    return Outcome(state.with_actor(changed), (ChipRemoved(actor.id, canonical(command.name), count),))
