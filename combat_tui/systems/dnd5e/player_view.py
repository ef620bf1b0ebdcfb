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
- the map: the party's map with the party, its split-off characters on that map, and the
  creatures in the fight or within the nearby range of the party's tile, unseen ones left out;
- log: a foe's HP change keeps the amount and drops `(11 → 4 HP)`; a foe's HP set by the GM is
  dropped; `vs AC N` of an attack on a foe is dropped; a foe's roll (attack, save, check) keeps
  its total, not its bonuses; the damage line after a foe's hit or spell keeps its total, not the
  dice and modifier; `vs DC N` of a save against a foe's spell or action is dropped; an unseen
  foe is named `someone` (its HP set is dropped); every other line is kept as it is.
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
    view["map"] = party_map(state)
    if character is not None:
        view["me"] = character
        view["my_turn"] = _my_turn(state, character)
        me = state.actor(character)
        if me is not None:  # its own sheet's choices, for the seat's attack and cast dialogs
            view["my_weapons"] = [weapon.name for weapon in me.weapons]
            view["my_spells"] = list(me.spells)
            view["my_slots"] = list(me.slots)
    return view


def party_map(state: Campaign) -> dict:
    """The party's map as the party knows it: `[x, y, glyph, kind]` marks (kind `party`,
    `character`, a disposition or `defeated`), the party's tile last so it is drawn on top."""
    here = state.party_tile
    info = next((m for m in state.maps if m.id == here.map), None)
    fighting = {c.ref for c in state.fight.combatants} if state.fight is not None else set()
    marks: list[list] = []
    for actor in state.characters:
        if actor.tile.map == here.map and actor.tile != here:
            marks.append([actor.tile.x, actor.tile.y, actor.name[:1].upper(), "character"])
    for creature in state.creatures:
        distance = creature.tile.distance(here)
        if distance is None or unseen(creature):
            continue
        if creature.id in fighting or distance <= state.nearby_range:
            kind = creature.disposition if creature.hp > 0 else "defeated"
            glyph = creature.name[:1].lower() if creature.hp > 0 else "%"
            marks.append([creature.tile.x, creature.tile.y, glyph, kind])
    marks.append([here.x, here.y, "@", "party"])
    return {"name": info.name if info is not None else here.map,
            "width": info.width if info is not None else max(m[0] for m in marks) + 1,
            "height": info.height if info is not None else max(m[1] for m in marks) + 1,
            "party": [here.x, here.y], "marks": marks}  # fmt: skip


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


def unseen_labels(state: Campaign) -> frozenset[str]:
    """The labels of the creatures the party does not see (Invisible or Hidden)."""
    names = labels(state)
    return frozenset(names.get(c.id, c.name) for c in state.creatures if unseen(c))


# -- the travelogue ----------------------------------------------------------------------------

_HP_CHANGE = re.compile(r" \(-?\d+ → -?\d+ HP\)")
_VS_AC = re.compile(r" vs AC \d+(?: \([^)]*\))?")
_VS_DC = re.compile(r" vs DC \d+")
_ATTACK = re.compile(r"^(?P<who>.+?) attacks (?P<target>.+?) with (?P<weapon>.+?): (?P<terms>.+?) = (?P<total>-?\d+)")
_SPELL_ATTACK = re.compile(r"^.+? \(spell attack\) on (?P<target>.+?): ")
_CASTS = re.compile(r"^(?P<who>.+?) (?:casts|uses) ")
_SAVE = re.compile(r"^(?P<who>.+?) (?:succeeds|fails|makes) the \w+ save")
_HP_SET = re.compile(r"^(?P<who>.+?)'s HP set to ")
_ROLL = re.compile(r": d20 \d+.*? = (?P<total>-?\d+)")
_DAMAGE = re.compile(r"^(?P<head>[^:]+?(?:\([^)]*\))?): (?P<terms>[^=]+?) = (?P<total>-?\d+)")


def _starts_with(line: str, names: Iterable[str]) -> str:
    for name in names:
        if line.startswith((name + " ", name + "'s ")):
            return name
    return ""


class LogFilter:
    """Filters travelogue lines one at a time; it remembers whether the last caster was a foe, so
    the save lines that follow a foe's spell lose their DC."""

    def __init__(self, foes: Iterable[str], unseen: Iterable[str] = ()) -> None:
        self.foes: tuple[str, ...] = ()
        self.unseen: re.Pattern[str] | None = None
        self.set_foes(foes, unseen)
        self.foe_source = False

    def set_foes(self, foes: Iterable[str], unseen: Iterable[str] = ()) -> None:
        """The foes' labels change as creatures join or leave; longest first ("Goblin 10" first).
        `unseen`: the labels of the creatures the party does not see, named `someone`."""
        self.foes = tuple(sorted(set(foes), key=len, reverse=True))
        hidden = sorted(set(unseen), key=len, reverse=True)
        self.unseen = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, hidden)) + r")(?!\w)") if hidden else None

    def line(self, line: str) -> str | None:
        """The line as a seat shows it; None: the seat does not see it."""
        who = _starts_with(line, self.foes)
        if _CASTS.match(line):
            self.foe_source = bool(who)
        if who and _HP_SET.match(line):
            return None
        if line.startswith("Damage") and self.foe_source:
            damage = _DAMAGE.match(line)  # the dice and modifier of a foe's hit: its total only
            if damage:
                line = f"{damage['head']}: {damage['total']}" + line[damage.end() :]
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
            if not attack:  # a foe's save or check: its total, not its bonuses
                line = _ROLL.sub(lambda roll: f": {roll['total']}", line, count=1)
        if self.foe_source and _SAVE.match(line):
            line = _VS_DC.sub("", line)
        if self.unseen is not None:
            line = self.unseen.sub(UNSEEN_LABEL, line)
            if line.startswith(UNSEEN_LABEL):
                line = line[0].upper() + line[1:]
        return line


def player_log(lines: Sequence[str], state: Campaign) -> list[str]:
    """The travelogue lines a seat may read, in order."""
    keep = LogFilter(foe_labels(state), unseen_labels(state))
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
    if not turn and not _a_reaction(state, command):
        return "It is not your turn."
    return ""


def _a_reaction(state: Campaign, command: object) -> bool:
    """A reaction between turns, which a player may take for its own character (ref: Reactions and
    opportunity attacks — the Reaction row shows when "You can act for that combatant"): an
    opportunity attack, or a spell that casts as a reaction (Shield)."""
    from combat_tui.systems.dnd5e.catalog import spell_of

    if isinstance(command, cmd.Attack):
        return command.use == "opportunity"
    if isinstance(command, cmd.Cast):
        spell = spell_of(state, command.spell)
        return spell is not None and spell.casting == "reaction"
    return False
