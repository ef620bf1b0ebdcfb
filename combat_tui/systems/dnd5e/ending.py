"""End combat: the XP of the defeated foes, split among the living characters; the fates of the
foes still standing; the loot and the coins of the defeated.

ref: Combat screen — "Unless the party lost, End combat offers the XP of the defeated foes. The XP
is split evenly among the living characters and rounded down, and the dialog states any XP that
the split leaves over. A foe with no challenge rating is worth nothing. You can change the amount."
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.records import evolve, frozen
from combat_tui.core.system import Outcome
from combat_tui.systems.dnd5e.abilities import xp_for_challenge
from combat_tui.systems.dnd5e.events import ChipsEnded, FatesSettled, FightEnded, GoldSplit, LootTaken
from combat_tui.systems.dnd5e.labels import counted, labels
from combat_tui.systems.dnd5e.model import Campaign, Character, Chip, Creature
from combat_tui.systems.dnd5e.turn_end import owed_damage


@frozen
class XpOffer:
    offered: int
    receivers: tuple[str, ...]
    party_lost: bool

    def split(self, amount: int) -> tuple[int, int]:
        """(share per character, leftover) for an award of `amount`."""
        if not self.receivers:
            return 0, amount
        share = amount // len(self.receivers)
        return share, amount - share * len(self.receivers)


def xp_offer(state: Campaign) -> XpOffer:
    """What the End combat dialog offers for the fight as it stands."""
    fight = state.fight
    if fight is None:
        return XpOffer(0, (), False)
    actors = [state.actor(c.ref) for c in fight.combatants]
    in_fight = {c.ref for c in fight.combatants}
    characters = [c for c in state.characters if c.id in in_fight]  # the party's order
    receivers = tuple(c.id for c in characters if not c.dead)  # dying and stable are living
    party_lost = bool(characters) and all(c.hp <= 0 for c in characters)
    foes = {c.ref for c in fight.combatants if c.side == "foes"}
    defeated = [a for a in actors if isinstance(a, Creature) and a.id in foes and a.hp <= 0]
    offered = 0 if party_lost else sum(_xp(c) for c in defeated)
    return XpOffer(offered, receivers, party_lost)


def _xp(foe: Creature) -> int:
    try:
        return xp_for_challenge(foe.challenge)
    except (ValueError, ZeroDivisionError):
        raise CommandRejected(
            f"{foe.name} has the challenge rating '{foe.challenge}', which is not one.",
            "Use 0, 1/8, 1/4, 1/2 or a whole number up to 30, or leave it empty.",
        ) from None


FATES = ("hostile", "fled", "captured")
"""ref: Combat screen — "Each hostile creature that still stands gets a select with three choices":
Still hostile (it stays where it is), Fled (it leaves the story; to keep it, pick Still hostile and
move it), Captured (it turns neutral: "To make a captive a foe again, set its disposition back to
hostile")."""


@frozen
class LootItem:
    key: str
    """`creature-id/weapons/N`, `creature-id/armor` or `creature-id/shield`."""
    name: str
    label: str
    """ref: Combat screen — "Loot lists the weapons and the armor of each defeated foe, such as
    'Scimitar (Goblin 2)'." """


def standing_foes(state: Campaign) -> tuple[str, ...]:
    """The hostile foes of the fight still standing: the ones that get a fate."""
    fight = state.fight
    if fight is None:
        return ()
    foes = {c.ref for c in fight.combatants if c.side == "foes"}
    # In the order of the creature list, as the labels count them.
    return tuple(c.id for c in state.creatures if c.id in foes and c.hp > 0 and c.disposition == "hostile")


def _defeated_foes(state: Campaign) -> list[Creature]:
    fight = state.fight
    if fight is None:
        return []
    foes = {c.ref for c in fight.combatants if c.side == "foes"}
    return [c for c in state.creatures if c.id in foes and c.hp <= 0]  # the creature list's order


def loot_items(state: Campaign, labels: dict[str, str]) -> tuple[LootItem, ...]:
    """ref: Combat screen — "A natural weapon, such as a bite, drops nothing." """
    items = []
    for foe in _defeated_foes(state):
        label = labels.get(foe.id, foe.name)
        for index, weapon in enumerate(foe.weapons):
            if weapon.category != "natural":
                items.append(LootItem(f"{foe.id}/weapons/{index}", weapon.name, f"{weapon.name} ({label})"))
        for part in ("armor", "shield"):
            piece = getattr(foe, part)
            if piece is not None:
                items.append(LootItem(f"{foe.id}/{part}", piece.name, f"{piece.name} ({label})"))
    return tuple(items)


def coins_found(state: Campaign) -> int:
    """ref: Combat screen — "Total gp takes the coins found on the foes"."""
    return sum(foe.gold for foe in _defeated_foes(state))


@frozen
class TimedChip:
    key: str
    """`holder-id/chip name`."""
    label: str
    """`Bless (Goblin 2)`, as the End combat dialog and the text form name it."""


def timed(chip: Chip) -> bool:
    """A chip that counts rounds, or that waits for a turn that the end of the fight never brings."""
    return chip.rounds > 0 or bool(chip.until_turn_of)


def timed_chips(state: Campaign, labels: dict[str, str]) -> tuple[TimedChip, ...]:
    """The timed chips that End combat ends, in the order of the characters, then the creatures."""
    found: dict[str, TimedChip] = {}
    for actor in (*state.characters, *state.creatures):
        for chip in actor.chips:
            key = f"{actor.id}/{chip.name}"
            if timed(chip) and key not in found:
                found[key] = TimedChip(key, f"{chip.name} ({labels.get(actor.id, actor.name)})")
    return tuple(found.values())


def end_timed_chips(state: Campaign, keep: tuple[str, ...] = ()) -> tuple[Campaign, tuple]:
    """ref: Ending a fight — every chip that counts rounds ends with the fight, but the ones kept."""
    events: list = []
    for actor in (*state.characters, *state.creatures):
        gone = [c for c in actor.chips if timed(c) and f"{actor.id}/{c.name}" not in keep]
        if gone:
            state = state.with_actor(evolve(actor, chips=tuple(c for c in actor.chips if c not in gone)))
            events.append(ChipsEnded(actor.id, tuple(dict.fromkeys(c.name for c in gone)), "fight"))
    return state, tuple(events)


def end_fight(state: Campaign, award: int, dice: Dice | None = None, fates: tuple = (), loot: tuple = (),
              loot_to: str = "", gold: int = -1, keep: tuple[str, ...] = ()) -> Outcome:  # fmt: skip
    if state.fight is None:
        raise CommandRejected("No fight is running.")
    if state.fight.stage != "running":
        raise CommandRejected("The fight has not started.", "Start it, or close setup instead.")
    # ref: Conditions — "When the fight ends, the damage that such a chip still owes lands at once."
    owed: list = []
    state = owed_damage(state, dice or Dice(), owed)
    offer = xp_offer(state)
    amount = offer.offered if award < 0 else award
    if amount > 10_000_000:
        raise CommandRejected(f"{amount} XP is more than any fight awards.")
    share, leftover = offer.split(amount)
    for ref in offer.receivers:
        character = state.actor(ref)
        state = state.with_actor(evolve(character, xp=character.xp + share))
    event = FightEnded(offer.offered, amount, share, leftover, offer.receivers, offer.party_lost)
    state, after = _settle(state, fates, loot, loot_to, gold, offer.receivers, labels(state))
    state, chips = end_timed_chips(state, keep)
    return Outcome(evolve(state, fight=None), (*owed, event, *chips, *after))


def _settle(state: Campaign, fates: tuple, loot: tuple, loot_to: str, gold: int,
            receivers: tuple[str, ...], labels: dict[str, str]) -> tuple[Campaign, tuple]:  # fmt: skip
    """The fates, the loot and the coins, each checked before any is applied; one event per part."""
    standing = standing_foes(state)
    chosen = {}
    for ref, fate in fates:
        if fate not in FATES:
            raise CommandRejected(f"'{fate}' is not a fate.", "Fates: hostile, fled, captured.")
        if ref in standing:  # ref: Combat screen — "A foe that falls while the dialog is open gets no fate"
            chosen[ref] = fate
    items = {item.key: item for item in loot_items(state, labels)}
    picked = [items[key] for key in dict.fromkeys(loot) if key in items]
    if len(picked) != len(set(loot)):
        missing = next(key for key in loot if key not in items)
        raise CommandRejected(f"'{missing}' is not an item on a defeated foe of this fight.")
    taker = state.actor(loot_to) if loot_to else None
    if picked and not isinstance(taker, Character):
        raise CommandRejected("Pick the character who takes the loot (Loot goes to).")
    total = coins_found(state) if gold < 0 else gold
    if total > 10_000_000:
        raise CommandRejected(f"{total} gp is more than any fight yields.")
    events: list = []
    if standing:
        state = _apply_fates(state, standing, chosen)
        events.append(FatesSettled(tuple((ref, chosen.get(ref, "hostile")) for ref in standing)))
    if picked:
        state = _take_loot(state, picked, taker)
        events.append(LootTaken(taker.id, tuple(item.label for item in picked)))
    if total or coins_found(state):
        state, split = _split_gold(state, total, receivers)
        events.append(split)
    return state, tuple(events)


def _apply_fates(state: Campaign, standing: tuple[str, ...], chosen: dict[str, str]) -> Campaign:
    for ref in standing:
        fate = chosen.get(ref, "hostile")
        if fate == "fled":
            state = counted(state)  # the others keep their numbers (labels.py)
            state = evolve(state, creatures=tuple(c for c in state.creatures if c.id != ref))
        elif fate == "captured":
            state = state.with_actor(evolve(state.actor(ref), disposition="neutral"))
    return state


def _take_loot(state: Campaign, picked: list[LootItem], taker: Character) -> Campaign:
    """The ticked items leave the foe and join the taker's inventory."""
    gone: dict[str, set[str]] = {}
    for item in picked:
        ref, part = item.key.split("/", 1)
        gone.setdefault(ref, set()).add(part)
    for ref, parts in gone.items():
        foe = state.actor(ref)
        weapons = tuple(w for i, w in enumerate(foe.weapons) if f"weapons/{i}" not in parts)
        state = state.with_actor(evolve(foe, weapons=weapons,
                                        armor=None if "armor" in parts else foe.armor,
                                        shield=None if "shield" in parts else foe.shield))  # fmt: skip
    taker = state.actor(taker.id)
    return state.with_actor(evolve(taker, inventory=taker.inventory + tuple(item.name for item in picked)))


def _split_gold(state: Campaign, total: int, receivers: tuple[str, ...]) -> tuple[Campaign, GoldSplit]:
    """ref: Combat screen — "splits them evenly among the living characters, rounded down, into the
    gold field of each character's Coins row". The foes' coins are taken either way."""
    for foe in _defeated_foes(state):
        if foe.gold:
            state = state.with_actor(evolve(foe, gold=0))
    share = total // len(receivers) if receivers else 0
    for ref in receivers:
        character = state.actor(ref)
        state = state.with_actor(evolve(character, gold=character.gold + share))
    return state, GoldSplit(total, share, total - share * len(receivers), receivers)
