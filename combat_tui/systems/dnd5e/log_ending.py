"""The travelogue lines of the end of a fight: XP, and the End combat dialog's fates, loot and
coins (issue 5)."""

from __future__ import annotations

from combat_tui.systems.dnd5e import events as ev
from combat_tui.systems.dnd5e.log_text import Context, Liner, join_names


def _fight_ended(event: ev.FightEnded, c: Context) -> list[str]:
    rounds = c.before.fight.round if c.before.fight else 0
    lines = [f"The fight ends after {rounds} round{'s' if rounds != 1 else ''}."]
    if event.party_lost and event.xp_awarded == 0:
        return lines + ["The party lost; no XP is awarded."]
    if event.xp_awarded == 0:
        return lines + ["No XP is awarded."]
    names = join_names([c.name(r) for r in event.receivers])
    text = f"XP: {event.xp_awarded} split among {len(event.receivers)} characters, {event.share} each ({names})"
    if event.leftover:
        text += f"; {event.leftover} XP left over"
    return lines + [text + "."]


def _fates_settled(event: ev.FatesSettled, c: Context) -> list[str]:
    words = {"hostile": "still hostile", "fled": "fled", "captured": "captured"}
    return ["Fates: " + ", ".join(f"{c.name(ref)} {words[fate]}" for ref, fate in event.fates) + "."]


def _loot_taken(event: ev.LootTaken, c: Context) -> list[str]:
    return [f"{c.name(event.to)} takes the loot: {', '.join(event.items)}."]


def _gold_split(event: ev.GoldSplit, c: Context) -> list[str]:
    if not event.receivers:
        return [f"Coins: {event.total} gp found; no living character takes them."]
    names = join_names([c.name(r) for r in event.receivers])
    text = f"Coins: {event.total} gp split among {len(event.receivers)} characters, {event.share} gp each ({names})"
    if event.leftover:
        text += f"; {event.leftover} gp left over"
    return [text + "."]


LINES: dict[type, Liner] = {
    ev.FightEnded: _fight_ended,
    ev.FatesSettled: _fates_settled,
    ev.LootTaken: _loot_taken,
    ev.GoldSplit: _gold_split,
}
