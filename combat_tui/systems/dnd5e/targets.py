"""Whom an action offers as its targets, the likeliest first, and finding one by a few typed keys.

Every target list of the fight (the attack dialog's `t`, the cast dialog's first target, the
finders, the Damage and Heal box's typed target) asks here, so they agree:
- the defeated and the dead (`FALLEN`) are left out, unless the list asks for them (`fallen=True`,
  a "show the fallen" key) or the action wants them (a spell that raises the dead);
- the preferred side comes first: the actor's foes for a harmful action, its own side for a heal
  or a helpful spell; then the other side;
- "nearest" is the distance on the map, between the tiles of the actor and the target; combatants
  at the same distance keep the fight's order (ref: Redirect Attack — "The app tracks no
  positions" in a fight, so tiles that tie, as an ambush's do, leave the board's order);
- a heal goes to the most hurt first: a dying ally, then the lowest share of its HP; the actor
  first among equals (an unhurt party: the caster heals itself, as before);
- the inspected combatant comes first when the list holds it ("fits").

`match_label` is the type-ahead: "g2", "gob 2", "goblin 2" or "2" reach Goblin 2, "gb" Goblin
Boss, "ald" Ser Aldric. Pure functions of the state; no screen state.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Literal

from combat_tui.systems.dnd5e.data.spells import Spell
from combat_tui.systems.dnd5e.model import Actor, Campaign, Combatant
from combat_tui.systems.dnd5e.view import actor_index, actor_status

Kind = Literal["harm", "heal", "help", "raise", "dying", "any"]
"""harm: an attack, a harmful spell, damage; heal: a healing spell, the box's Heal; help: a spell
that helps (a chip such as Bless); raise: a spell that raises the dead; dying: a spell that
stabilizes; any: a chip put on by hand."""

FALLEN = ("defeated", "dead")
"""Statuses that take a combatant out of the target lists (a dying character stays in: it can be
healed, and it can still be hit)."""
HARMFUL = ("attack", "save", "missiles", "sleep", "rays", "damage")
"""Spell kinds aimed at foes."""
FAR = 10**9
"""The distance of a combatant on another map: after every one on the actor's."""


def is_fallen(actor: Actor) -> bool:
    return actor_status(actor) in FALLEN


def spell_kind(spell: Spell) -> Kind | None:
    """The target kind of a spell record; None for a spell the GM applies by hand (no target)."""
    if spell.kind in HARMFUL:
        return "harm"
    return {"heal": "heal", "raise": "raise", "stabilize": "dying", "chip": "help"}.get(spell.kind)


def target_order(state: Campaign, actor_id: str, kind: Kind = "harm", *, inspected: str | None = None,
                 fallen: bool = False) -> list[str]:  # fmt: skip
    """The combatants `actor_id` may aim an action of `kind` at, the likeliest first (see the
    module's notes). The actor is in the list (last for harm, a heal may go to itself); a caller
    that cannot target its actor (an attack) leaves it out. Outside a fight: the party, then the
    creatures, standing."""
    actors = actor_index(state)
    fight = state.fight
    if fight is None:
        refs = [a.id for a in state.characters] + [a.id for a in state.creatures]
        order = [ref for ref in refs if fallen or not is_fallen(actors[ref])]
        return _inspected_first(order, inspected)
    board = [c for c in fight.combatants if c.ref in actors]
    me = fight.find(actor_id)
    side = me.side if me is not None else "party"
    near = _nearness(board, actors, actors.get(actor_id))
    ours = sorted((c for c in board if c.side == side), key=near)
    theirs = sorted((c for c in board if c.side != side), key=near)
    up = [c for c in ours if not is_fallen(actors[c.ref])], [c for c in theirs if not is_fallen(actors[c.ref])]
    if kind == "harm":
        first = up[1]
        rest = [c for c in up[0] if c.ref != actor_id] + [c for c in up[0] if c.ref == actor_id]
    elif kind == "heal":
        first = sorted(up[0], key=lambda c: (*_hurt(actors[c.ref]), c.ref != actor_id, near(c)))
        rest = up[1]
    elif kind == "raise":
        first = [c for c in ours if is_fallen(actors[c.ref])]
        rest = [c for c in theirs if is_fallen(actors[c.ref])]
    elif kind == "dying":
        first = [c for c in ours + theirs if actor_status(actors[c.ref]) == "dying"]
        rest = _me_first(up[0], actor_id) + up[1]
    elif kind == "help":
        first, rest = _me_first(up[0], actor_id), up[1]
    else:  # any: everyone standing, nearest first, the actor first
        first, rest = _me_first(sorted(up[0] + up[1], key=near), actor_id), []
    order = list(dict.fromkeys(c.ref for c in first + rest))
    if fallen:
        order += [c.ref for c in sorted(board, key=near) if c.ref not in order and is_fallen(actors[c.ref])]
    return _inspected_first(order, inspected)


def likeliest(state: Campaign, actor_id: str, kind: Kind, inspected: str | None = None) -> str | None:
    """The target an action of `kind` starts on: the inspected combatant when the list holds it,
    else the first of the preferred group (the nearest foe standing for harm, the most hurt ally
    for a heal, the actor for help, the nearest dying for a stabilize, the nearest fallen ally for
    a raise); None when that group is empty."""
    order = target_order(state, actor_id, kind)
    if inspected is not None and inspected in order:
        return inspected
    actors = actor_index(state)
    fight = state.fight
    me = fight.find(actor_id) if fight is not None else None
    side = me.side if me is not None else "party"
    sides = {c.ref: c.side for c in fight.combatants} if fight is not None else {}
    for ref in order:
        if kind == "harm" and (sides.get(ref) == side or ref == actor_id):
            continue  # the other side only: no foe standing starts on no one
        if kind == "dying" and actor_status(actors[ref]) != "dying":
            continue
        if kind == "raise" and sides.get(ref) != side:
            continue
        return ref
    return None


def gm_targets(state: Campaign, inspected: str | None = None) -> list[str]:
    """The GM's Damage and Heal box's list, in the fight's order: the combatants standing, and the
    inspected one even when it has fallen (inspecting it asks for it)."""
    fight, actors = state.fight, actor_index(state)
    if fight is None:
        return []
    return [c.ref for c in fight.combatants if c.ref in actors and (c.ref == inspected or not is_fallen(actors[c.ref]))]


def gm_order(state: Campaign, current: str, kind: str, inspected: str | None = None) -> list[str]:
    """The box's targets for a typed start (`damage` or `heal`), the likeliest first: the inspected
    one, then as `target_order` has them from the current combatant (its foes standing nearest
    first for damage, the most hurt of its side for a heal)."""
    listed = set(gm_targets(state, inspected))
    order = [ref for ref in target_order(state, current, "harm" if kind == "damage" else "heal", inspected=inspected)
             if ref in listed]  # fmt: skip
    if inspected in listed and inspected not in order:
        order.insert(0, inspected)  # fallen: no action offers it, but the GM inspected it
    return order


def _nearness(board: Sequence[Combatant], actors: Mapping[str, Actor], me: Actor | None):
    places = {c.ref: i for i, c in enumerate(board)}

    def key(combatant: Combatant) -> tuple[int, int]:
        there = actors[combatant.ref]
        distance = me.tile.distance(there.tile) if me is not None else 0
        return (FAR if distance is None else distance, places[combatant.ref])

    return key


def _hurt(actor: Actor) -> tuple[int, float]:
    """Dying first, then the lowest share of the HP."""
    return (actor_status(actor) != "dying", actor.hp / actor.max_hp if actor.max_hp > 0 else 1.0)


def _me_first(combatants: list[Combatant], actor_id: str) -> list[Combatant]:
    return [c for c in combatants if c.ref == actor_id] + [c for c in combatants if c.ref != actor_id]


def _inspected_first(order: list[str], inspected: str | None) -> list[str]:
    if inspected is None or inspected not in order:
        return order
    return [inspected] + [ref for ref in order if ref != inspected]


# -- type-ahead ----------------------------------------------------------------------------------

_WORD = re.compile(r"[^\W\d_]+|\d+")


def words(text: str) -> list[str]:
    """The words and numbers of a label or of typed text, folded: "Goblin 2" -> goblin, 2;
    "g2" -> g, 2."""
    return _WORD.findall(text.casefold())


def match_label(labels: Mapping[str, str] | Iterable[tuple[str, str]], typed: str) -> list[str]:
    """The refs whose label fits what was typed, best first: the label itself, then a label the
    typed text starts (its first word), then one it fits further in ("boss" for Goblin Boss);
    within each, the order given (the likeliest first). Typed letters are the start of a word, or
    run on over the starts of the next words ("gb" is Goblin Boss); a typed number is a whole
    number of the label ("1" is not Goblin 12). Empty text fits every label."""
    pairs = list(labels.items()) if isinstance(labels, Mapping) else list(labels)
    ranked = [(rank, index, ref) for index, (ref, label) in enumerate(pairs)
              if (rank := label_rank(label, typed)) is not None]  # fmt: skip
    return [ref for _, _, ref in sorted(ranked)]


def label_rank(label: str, typed: str) -> int | None:
    """How well `typed` fits `label` (see `match_label`): 0 the label itself (or nothing typed),
    1 from its first word, 2 further in; None when it does not fit."""
    tokens = words(typed)
    if not tokens:
        return 0
    label_words = words(label)
    start = _fit(tokens, label_words, 0)
    if start is None:
        return None
    return 0 if tokens == label_words else (1 if start == 0 else 2)


def _fit(tokens: Sequence[str], label_words: Sequence[str], at: int) -> int | None:
    """The index of the first word the tokens fit from word `at` on (the lowest), or None."""
    if not tokens:
        return at
    token, more = tokens[0], tokens[1:]
    for start in range(at, len(label_words)):
        for end in _spans(token, label_words, start):
            if _fit(more, label_words, end) is not None:
                return start
    return None


def _spans(token: str, label_words: Sequence[str], start: int) -> Iterable[int]:
    """Where `token` can end if it starts at word `start`: a number fills one whole number; letters
    fill the start of one word, or the starts of several words in a row."""
    if token.isdigit():
        if label_words[start] == token:
            yield start + 1
        return
    found = []

    def spread(rest: str, at: int) -> None:
        if not rest:
            found.append(at)
            return
        if at >= len(label_words) or label_words[at].isdigit():
            return
        word = label_words[at]
        for size in range(min(len(rest), len(word)), 0, -1):
            if word.startswith(rest[:size]):
                spread(rest[size:], at + 1)

    spread(token, start)
    yield from dict.fromkeys(found)
