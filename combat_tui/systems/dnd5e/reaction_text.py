"""The Reaction dialog's words (ref: Shield against a hit, Resisting a hit), for the GM's dialog and
a seat's alike, and the pick of the next question a dry run of a line leaves."""

from __future__ import annotations

from collections.abc import Callable

from combat_tui.systems.dnd5e.events import ReactionOffered


def ordinal(level: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(level, f"{level}th")


def question(offer: ReactionOffered, label: Callable[[str], str]) -> tuple[str, str, str]:
    """(what happened, what the spell would do, the Take key's name): the dialog names the roll and
    the AC and the AC the spell really adds (Shield), or the damage before resistance and, for a
    save spell, the save result (a resisting spell)."""
    who = label(offer.ref)
    source = f"{label(offer.by)}'s {offer.means}" if offer.by else offer.means or "The attack"
    cost = f"It spends {who}'s reaction" + (f" and a {ordinal(offer.slot)}-level slot." if offer.slot else ".")
    if offer.kind == "shield":
        return (f"{source} rolls {offer.total} against {who}'s AC {offer.ac}: a hit.",
                f"Shield adds +{offer.bonus} (AC {offer.ac + offer.bonus}), so the hit becomes a miss. {cost}",
                "Take the hit")  # fmt: skip
    if offer.kind == "darts":
        return f"{source} sends its darts at {who}.", f"Shield blocks every dart. {cost}", "Take the darts"
    if offer.save:
        verb = "fails" if offer.save == "fails" else "succeeds on"
        happened = f"{who} {verb} the save against {offer.means} and takes {offer.amount} damage."
    else:
        happened = f"{source} hits {who} for {offer.amount} {offer.damage_type} damage."
    return happened, f"{offer.spell} gives resistance to {offer.damage_type}, halving it. {cost}", "Take the damage"


def answered_already(react: tuple[str, ...]) -> set[tuple[str, str]]:
    """The (ref, spell) dialogs a line's `react` answers already."""
    return {(react[at], react[at + 1].casefold()) for at in range(0, len(react) - 1, 2)}


def next_offer(events: tuple, asked: set[tuple[str, str]], only: str | None = None) -> ReactionOffered | None:
    """The first dialog of a dry run not asked yet (for `only`'s combatant, when given: a seat
    answers its own character's dialogs only)."""
    return next((event for event in events if isinstance(event, ReactionOffered)
                 and (event.ref, event.spell.casefold()) not in asked
                 and (only is None or event.ref == only)), None)  # fmt: skip


def answered(command, offer: ReactionOffered, cast: bool):
    """The line with the dialog's answer: Cast adds `react NAME SPELL`, Take leaves it as it was."""
    from attrs import evolve

    return evolve(command, react=(*command.react, offer.ref, offer.spell)) if cast else command
