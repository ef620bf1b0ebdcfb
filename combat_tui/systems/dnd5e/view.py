"""What the screens show that is more than a field: status words, chips, the nearby list, and the
view record of a combatant that the combat screen's card, row and ribbon chip read.

Pure functions over the records, cheap enough for every key press: `actor_status` looks at one
record (the screens call it per changed row, never `summary.status`, which searches the state).
`fight_views` builds a combatant's `CombatantView` on its first read and keeps it for the state,
so a key press pays only for the rows it repaints; `card_view` adds the turn economy for the card.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from combat_tui.core.records import frozen
from combat_tui.systems.dnd5e import economy, legendary, reactions
from combat_tui.systems.dnd5e.campaign_view import actor_status, nearby_creatures  # noqa: F401  (their home was here)
from combat_tui.systems.dnd5e.conditions import chip_label, has_rule, rule_of, stopped_by
from combat_tui.systems.dnd5e.economy import Pips
from combat_tui.systems.dnd5e.exhaustion import max_hp
from combat_tui.systems.dnd5e.model import Actor, Campaign, Character, Combatant, Creature
from combat_tui.systems.dnd5e.reaction_spells import defended_ac  # Shield's +5 and Barkskin's floor show on the card

EXHAUSTION_PIPS = 6
Part = tuple[str, str]
"""A chip as the widgets lay it out: (label, kind); kinds, most pressing first: `status`, `stop`,
`rule`, `exhaustion`, `note`."""
HOSTILE_GM_ONLY = frozenset({"hp", "max_hp"})
"""What a player must not see of a hostile creature: its exact HP."""


def chip_parts(actor: Actor, *, card: bool = False) -> list[Part]:
    """What a combatant's chips cell lists, most pressing first.

    The status word comes first in a table row (a card shows it beside the initiative instead).
    Exhaustion reads as six pips in a row; on a card, `Exhaustion ●●○○○○` for a creature and
    `Exhaustion N` for a character (as its sheet names it).
    """
    parts: list[Part] = []
    word = actor_status(actor)
    if word and not card:
        parts.append((word, "status"))
    stops: list[Part] = []
    rules: list[Part] = []
    notes: list[Part] = []
    for chip in actor.chips:
        rule = rule_of(chip.name)
        label = chip_label(chip)
        if rule is not None and rule.incapacitated:
            stops.append((label, "stop"))
        elif has_rule(chip.name):
            rules.append((label, "rule"))
        else:
            notes.append((label, "note"))
    parts += stops + rules
    if actor.exhaustion > 0:
        parts.append((exhaustion_label(actor, card=card), "exhaustion"))
    return parts + notes


def exhaustion_label(actor: Actor, *, card: bool = False) -> str:
    """`●●○○○○` in a row; on a card `Exhaustion ●●○○○○` for a creature, `Exhaustion 2` for a
    character."""
    if card and isinstance(actor, Character):
        return f"Exhaustion {actor.exhaustion}"
    level = max(0, min(EXHAUSTION_PIPS, actor.exhaustion))
    pips = "●" * level + "○" * (EXHAUSTION_PIPS - level)
    return f"Exhaustion {pips}" if card else pips


@frozen
class CombatantView:
    """What the combat screen shows of one combatant in one state: its card, row and ribbon chip.
    The card adds the turn economy (`CardView`)."""

    ref: str
    label: str
    side: str
    """`party` or `foes`."""
    current: bool
    """Its turn now."""
    hp: int
    max_hp: int
    """The HP maximum with exhaustion applied (halved from exhaustion 4)."""
    ac: int
    initiative: int
    status: str
    """`dying`, `stable`, `dead`, `defeated` or empty (`actor_status`)."""
    stopped: str
    """The condition that takes its turns (Stunned ...), or empty; set even beside a status word."""
    death_saves: tuple[int, int]
    """(successes, failures); (0, 0) for a creature."""
    weapons: tuple[str, ...]
    """Its weapons' names (the buttons of the legendary row)."""
    chips: tuple[Part, ...]
    """The chips of its table row: the status word first, exhaustion as six pips."""
    card_chips: tuple[Part, ...]
    """The chips of its card: no status word, exhaustion spelt out."""
    gm_only: frozenset[str]
    """Names of the fields only the GM sees (a player's seat hides them; the GM's screens show all)."""


@frozen
class CardView:
    """What the combatant card shows: the combatant's view and its turn economy.

    Apart from `CombatantView` because the rules behind the economy search the state: too slow
    for every row of a 2,000-row table (about 0.5 s), and only the card shows it.
    """

    combatant: CombatantView
    pips: Pips
    """The Action, Bonus action and Reaction pips, Action Surge and the swings left."""
    reaction_row: tuple[str, ...]
    """The melee weapons of its Reaction row (opportunity attacks); empty: no row."""
    legendary_left: int
    """Legendary actions its row offers now; 0: no row."""
    legendary_row: tuple[str, ...]
    """The buttons of its "Legendary action (N left)" row; empty: no row."""
    reaction_spells: tuple[str, ...] = ()
    """The reaction spells of its Reaction row ("Cast Shield"), each castable now; empty: none."""


def _combatant_view(state: Campaign, actor: Actor, combatant: Combatant, current: bool, label: str) -> CombatantView:
    hostile = isinstance(actor, Creature) and actor.disposition == "hostile"
    return CombatantView(
        ref=combatant.ref, label=label, side=combatant.side, current=current,
        hp=actor.hp, max_hp=max_hp(actor), ac=defended_ac(actor)[0], initiative=combatant.initiative,
        status=actor_status(actor), stopped=stopped_by(actor),
        death_saves=(actor.death_successes, actor.death_failures) if isinstance(actor, Character) else (0, 0),
        weapons=tuple(weapon.name for weapon in actor.weapons),
        chips=tuple(chip_parts(actor)), card_chips=tuple(chip_parts(actor, card=True)),
        gm_only=HOSTILE_GM_ONLY if hostile else frozenset(),
    )  # fmt: skip


class _LazyViews(Mapping[str, CombatantView]):
    """The fight's combatants by ref; each record is built on its first read, then kept."""

    def __init__(self, state: Campaign, labels: Mapping[str, str]) -> None:
        self._state, self._labels = state, labels
        fight = state.fight
        self._combatants = fight.combatants if fight is not None else ()
        self._turn = fight.turn if fight is not None else -1
        self._positions = position_index(self._combatants)
        self._actors = actor_index(state)
        self._built: dict[str, CombatantView] = {}

    def __getitem__(self, ref: str) -> CombatantView:
        view = self._built.get(ref)
        if view is None:
            index = self._positions[ref]
            combatant, actor = self._combatants[index], self._actors[ref]
            label = self._labels.get(ref, ref)
            view = self._built[ref] = _combatant_view(self._state, actor, combatant, index == self._turn, label)
        return view

    def __iter__(self) -> Iterator[str]:
        return iter(self._positions)

    def __len__(self) -> int:
        return len(self._positions)


_views_cache: list = [None, None, None]  # state, labels, views: by identity


def fight_views(state: Campaign, labels: Mapping[str, str]) -> Mapping[str, CombatantView]:
    """The view of every combatant of the fight by ref: the same mapping back for the same state."""
    if _views_cache[0] is not state or _views_cache[1] is not labels:
        _views_cache[:] = [state, labels, _LazyViews(state, labels)]
    return _views_cache[2]


def combatant_view(state: Campaign, ref: str, labels: Mapping[str, str]) -> CombatantView:
    """The view of the combatant `ref` of the fight (KeyError when it is not in the fight)."""
    return fight_views(state, labels)[ref]


_card_cache: list = [None, None, None]  # state, ref, card: by identity (one card is on show)


def card_view(state: Campaign, ref: str, labels: Mapping[str, str]) -> CardView:
    """What the card shows of `ref`: the same record back for the same state and combatant."""
    if _card_cache[0] is not state or _card_cache[1] != ref:
        shown = combatant_view(state, ref, labels)
        left = legendary.legendary_row(state, ref)
        card = CardView(shown, economy.pips(state, ref), reactions.reaction_row(state, ref), left,
                        shown.weapons if left else (), reactions.reaction_spells(state, ref))  # fmt: skip
        _card_cache[:] = [state, ref, card]
    return _card_cache[2]


# The id indexes: `Campaign.actor` and `Fight.find` walk every record, too slow per row with 2,000
# combatants. Cached by the identity of the tuples they index, so Next turn rebuilds nothing.
_actors_cache: list = [None, None, {}]
_positions_cache: list = [None, {}]


def actor_index(state: Campaign) -> Mapping[str, Actor]:
    """Every character and creature by id."""
    if _actors_cache[0] is not state.characters or _actors_cache[1] is not state.creatures:
        index = {actor.id: actor for actor in state.characters}
        index.update((actor.id, actor) for actor in state.creatures)
        _actors_cache[:] = [state.characters, state.creatures, index]
    return _actors_cache[2]


def position_index(combatants: tuple[Combatant, ...]) -> Mapping[str, int]:
    """The place of each ref in the turn order."""
    if _positions_cache[0] is not combatants:
        _positions_cache[:] = [combatants, {c.ref: i for i, c in enumerate(combatants)}]
    return _positions_cache[1]
