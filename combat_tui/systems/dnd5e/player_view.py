"""What a player's seat shows of a 5e fight, and what a bound seat may do: pure functions.

The GM sees every number; a player sees the party's cards in full, the foes only as a label, a
health word and their conditions, and the travelogue with the GM's hidden numbers taken out of
the lines about foes. The record is plain data (dicts, lists, strings, numbers), ready for JSON.

Rules (one test each in tests/systems/dnd5e/test_player_view.py):
- a foe shows `unhurt` (full HP), `wounded` (above half), `bloodied` (half or below) or `down`
  (0 HP), never its HP, AC or stat block;
- a foe's chips are its conditions and exhaustion; the GM's free-text notes stay hidden;
- a foe that is Invisible or Hidden is not on the seat at all, and its turn reads as `someone`;
- creatures outside the fight are not on the seat;
- log: a foe's HP change keeps the amount and drops `(11 → 4 HP)`; a foe's HP set by the GM is
  dropped; `vs AC N` of an attack on a foe is dropped; a foe's roll keeps its total, not its
  bonuses; `vs DC N` of a save against a foe's spell or action is dropped; every other line is
  kept as it is.
A bound seat may run `attack`, `cast`, `pip` and `next` for its own character on its own turn,
`deathsave` for its own character, and `dice` on its own turn or while it is dying.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.exhaustion import max_hp
from combat_tui.systems.dnd5e.labels import labels
from combat_tui.systems.dnd5e.model import Actor, Campaign, Character
from combat_tui.systems.dnd5e.view import actor_status, chip_parts

UNSEEN = frozenset({"invisible", "hidden"})
"""Chips that keep a foe off the seats: the party does not see it."""
SEEN_KINDS = ("stop", "rule", "exhaustion")
"""Chip kinds a seat shows of a foe; `note` is the GM's free text."""
UNSEEN_LABEL = "someone"


def health(actor: Actor) -> str:
    """The word a seat shows instead of a foe's HP."""
    top = max(1, max_hp(actor))
    if actor.hp <= 0:
        return "down"
    if actor.hp >= top:
        return "unhurt"
    return "wounded" if actor.hp * 2 > top else "bloodied"


def unseen(actor: Actor) -> bool:
    return any(chip.name.casefold() in UNSEEN for chip in actor.chips)


def player_view(state: Campaign, character: str | None = None) -> dict:
    """The record a seat paints (without the log, which `player_log` filters)."""
    fight = state.fight
    names = labels(state)
    party: list[dict] = []
    foes: list[dict] = []
    order: list[list] = []
    if fight is not None:
        current = fight.current()
        for combatant in fight.combatants:
            actor = state.actor(combatant.ref)
            if actor is None:
                continue
            label = names.get(combatant.ref, combatant.ref)
            now = current is not None and current.ref == combatant.ref
            if combatant.side == "party":
                party.append(_member(actor, label))
            elif unseen(actor):
                if now:
                    order.append([UNSEEN_LABEL, "foes", True])
                continue
            else:
                foes.append({"ref": actor.id, "label": label, "health": health(actor),
                             "status": actor_status(actor),
                             "chips": [text for text, kind in chip_parts(actor, card=True) if kind in SEEN_KINDS]})  # fmt: skip
            order.append([label, combatant.side, now])
    else:
        party = [_member(actor, names.get(actor.id, actor.name)) for actor in state.characters]
    view = {
        "campaign": state.name,
        "stage": fight.stage if fight is not None else "",
        "round": fight.round if fight is not None else 0,
        "order": order,
        "party": party,
        "foes": foes,
    }
    if character is not None:
        view["me"] = character
        view["my_turn"] = _my_turn(state, character)
    return view


def _member(actor: Actor, label: str) -> dict:
    saves = [actor.death_successes, actor.death_failures] if isinstance(actor, Character) else [0, 0]
    return {"ref": actor.id, "label": label, "hp": actor.hp, "max_hp": max_hp(actor),
            "status": actor_status(actor), "saves": saves,
            "chips": [text for text, _ in chip_parts(actor, card=True)]}  # fmt: skip


def _my_turn(state: Campaign, ref: str) -> bool:
    fight = state.fight
    current = fight.current() if fight is not None else None
    return current is not None and current.ref == ref


def foe_labels(state: Campaign) -> frozenset[str]:
    """The labels of the creatures a seat must not see the numbers of: every hostile one."""
    names = labels(state)
    return frozenset(names.get(c.id, c.name) for c in state.creatures if c.disposition == "hostile")


# -- the travelogue ----------------------------------------------------------------------------

_HP_CHANGE = re.compile(r" \(-?\d+ → -?\d+ HP\)")
_VS_AC = re.compile(r" vs AC \d+(?: \([^)]*\))?")
_VS_DC = re.compile(r" vs DC \d+")
_ATTACK = re.compile(r"^(?P<who>.+?) attacks (?P<target>.+?) with (?P<weapon>.+?): (?P<terms>.+?) = (?P<total>-?\d+)")
_SPELL_ATTACK = re.compile(r"^.+? \(spell attack\) on (?P<target>.+?): ")
_CASTS = re.compile(r"^(?P<who>.+?) (?:casts|uses) ")
_SAVE = re.compile(r"^(?P<who>.+?) (?:succeeds|fails|makes) the \w+ save")
_HP_SET = re.compile(r"^(?P<who>.+?)'s HP set to ")


def _starts_with(line: str, names: Iterable[str]) -> str:
    for name in names:
        if line.startswith((name + " ", name + "'s ")):
            return name
    return ""


class LogFilter:
    """Filters travelogue lines one at a time; it remembers whether the last caster was a foe, so
    the save lines that follow a foe's spell lose their DC."""

    def __init__(self, foes: Iterable[str]) -> None:
        self.foes: tuple[str, ...] = ()
        self.set_foes(foes)
        self.foe_source = False

    def set_foes(self, foes: Iterable[str]) -> None:
        """The foes' labels change as creatures join or leave; longest first ("Goblin 10" first)."""
        self.foes = tuple(sorted(set(foes), key=len, reverse=True))

    def line(self, line: str) -> str | None:
        """The line as a seat shows it; None: the seat does not see it."""
        who = _starts_with(line, self.foes)
        if _CASTS.match(line):
            self.foe_source = bool(who)
        if who and _HP_SET.match(line):
            return None
        attack = _ATTACK.match(line)
        if attack:
            self.foe_source = bool(who)
            if who:  # a foe's roll: its total, not the bonuses of its stat block
                line = f"{attack['who']} attacks {attack['target']} with {attack['weapon']}: " \
                       f"{attack['total']}" + line[attack.end():]  # fmt: skip
            if attack["target"] in self.foes:
                line = _VS_AC.sub("", line)
        spell_attack = _SPELL_ATTACK.match(line)
        if spell_attack and spell_attack["target"] in self.foes:
            line = _VS_AC.sub("", line)
        if who:
            line = _HP_CHANGE.sub("", line)
        if self.foe_source and _SAVE.match(line):
            line = _VS_DC.sub("", line)
        return line


def player_log(lines: Sequence[str], state: Campaign) -> list[str]:
    """The travelogue lines a seat may read, in order."""
    keep = LogFilter(foe_labels(state))
    return [shown for line in lines if (shown := keep.line(line)) is not None]


# -- what a bound seat may do ------------------------------------------------------------------

SEAT_VERBS = ("attack", "cast", "pip", "next", "deathsave", "dice")


def seat_refusal(state: Campaign, me: str, verb: str, command: object | None) -> str:
    """Why a seat bound to `me` may not run this parsed line; empty: it may."""
    if verb not in SEAT_VERBS:
        return f"A player's seat cannot run '{verb}'; ask the GM."
    actor = state.actor(me)
    dying = isinstance(actor, Character) and actor.dying
    turn = _my_turn(state, me)
    if verb == "dice":
        return "" if turn or dying else "Roll your dice on your own turn."
    if isinstance(command, cmd.RollDeathSave):
        return "" if command.ref == me else "Roll only your own death save."
    own = {cmd.Attack: "attacker", cmd.Cast: "caster", cmd.TogglePip: "ref"}
    field = next((name for kind, name in own.items() if isinstance(command, kind)), None)
    if field is not None and getattr(command, field) != me:
        return "Act only for your own character."
    if not turn:
        return "It is not your turn."
    return ""
