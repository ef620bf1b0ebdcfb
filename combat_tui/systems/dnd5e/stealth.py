"""The Stealth contest of combat setup: who sneaks, the totals, passive Perception, surprise.

ref: Stealth contest — "A watcher notices the threat when its passive Perception is higher than at
least one total. A total equal to the passive Perception stays hidden. A watcher that notices no
sneaker is surprised. Each change to a total runs the contest again. It ticks Surprised on each
watcher that notices no one, and it clears the box on each watcher that notices. The boxes of the
sneaking side do not change."
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.records import evolve, frozen
from combat_tui.core.system import Outcome
from combat_tui.systems.dnd5e.advantage import resolve
from combat_tui.systems.dnd5e.checks import check_bonus, check_slants, passive_perception, roll_d20
from combat_tui.systems.dnd5e.events import CheckRolled, SneakersSet, StealthSet, SurpriseSet
from combat_tui.systems.dnd5e.labels import labels
from combat_tui.systems.dnd5e.model import Campaign, Combatant, Fight

SNEAKERS = ("none", "party", "foes", "both")
SIDES = {"none": (), "party": ("party",), "foes": ("foes",), "both": ("party", "foes")}
OTHER = {"party": "foes", "foes": "party"}


@frozen
class Contest:
    """One side's attempt: its totals, and the watchers of the other side it surprises."""

    side: str
    totals: tuple[tuple[str, int], ...]
    surprised: tuple[str, ...]
    noticed: tuple[str, ...]


def contest_rows(fight: Fight, side: str) -> tuple[Combatant, ...]:
    """ref: Combat setup — "The Stealth contest covers only the rows above the list": a row brought
    in from Party members elsewhere or Add nearby foes takes no part."""
    return tuple(c for c in fight.combatants if c.side == side and not c.joined)


def sneakers(fight: Fight) -> tuple[Combatant, ...]:
    return tuple(c for side in SIDES[fight.sneaks] for c in contest_rows(fight, side))


def contests(state: Campaign) -> tuple[Contest, ...]:
    """One contest per sneaking side that has at least one total ("A row with no total takes no part")."""
    fight = state.fight
    if fight is None or fight.stage != "setup":
        return ()
    found = []
    for side in SIDES[fight.sneaks]:
        totals = tuple((c.ref, c.stealth) for c in contest_rows(fight, side) if c.stealth is not None)
        if not totals:
            continue
        lowest = min(total for _, total in totals)
        watchers = contest_rows(fight, OTHER[side])
        noticed = tuple(w.ref for w in watchers if passive_perception(state.actor(w.ref)) > lowest)
        surprised = tuple(w.ref for w in watchers if w.ref not in noticed)
        found.append(Contest(side, totals, surprised, noticed))
    return tuple(found)


def outcome_line(contest: Contest, names: dict[str, str]) -> str:
    """ref: Stealth contest — "The party sneaks (Stealth Ayla 16, Bren 11). Goblin 1 and Goblin 2
    are surprised." """
    who = "The party sneaks" if contest.side == "party" else "The foes sneak"
    totals = ", ".join(f"{names.get(ref, ref)} {total}" for ref, total in contest.totals)
    surprised = [names.get(ref, ref) for ref in contest.surprised]
    if not surprised:
        verdict = "No one is surprised."
    elif len(surprised) == 1:
        verdict = f"{surprised[0]} is surprised."
    else:
        verdict = f"{', '.join(surprised[:-1])} and {surprised[-1]} are surprised."
    return f"{who} (Stealth {totals}). {verdict}"


def _setup(state: Campaign) -> Fight:
    fight = state.fight
    if fight is None or fight.stage != "setup":
        raise CommandRejected("The Stealth contest runs in setup, before Start.", "Open setup first.")
    return fight


def _rerun(state: Campaign) -> tuple[Campaign, tuple]:
    """Tick Surprised on the watchers that notice no one and clear it on those that notice."""
    wanted: dict[str, bool] = {}
    for contest in contests(state):
        wanted.update({ref: True for ref in contest.surprised})
        wanted.update({ref: False for ref in contest.noticed})
    fight, events = state.fight, []
    changed = []
    for combatant in fight.combatants:
        flag = wanted.get(combatant.ref, combatant.surprised)
        if flag != combatant.surprised:
            combatant = evolve(combatant, surprised=flag)
            events.append(SurpriseSet(combatant.ref, flag))
        changed.append(combatant)
    return evolve(state, fight=evolve(fight, combatants=tuple(changed))), tuple(events)


def set_sneakers(state: Campaign, who: str) -> Outcome:
    """ref: Stealth contest — "With Who sneaks at No one, the dialog shows no Stealth controls. Pick
    the side that sneaks ... Pick Both sides when each side tries to sneak up on the other." """
    fight = _setup(state)
    if who not in SNEAKERS:
        raise CommandRejected(f"'{who}' is not a choice of Who sneaks.", "Choose none, party, foes or both.")
    if who == fight.sneaks:
        raise CommandRejected(f"Who sneaks is already '{who}'.")
    # A side that stops sneaking keeps its totals out of the contest but not lost, so that
    # stepping through the choices (w cycles them) to Both sides keeps what was rolled.
    state = evolve(state, fight=evolve(fight, sneaks=who))
    state, ticks = _rerun(state)
    return Outcome(state, (SneakersSet(fight.sneaks, who), *ticks))


def set_stealth(state: Campaign, ref: str, total: int | None) -> Outcome:
    """ref: Stealth contest — "You can type a total in any sneaker row instead of rolling." """
    fight = _setup(state)
    row = _sneaker(state, fight, ref)
    if total is not None and not -20 <= total <= 60:
        raise CommandRejected(f"A Stealth total of {total} is out of range.", "Give a total from -20 to 60.")
    if row.stealth == total:
        raise CommandRejected("That Stealth total is already set." if total is not None else "That row has no Stealth total.")
    rows = tuple(evolve(c, stealth=total) if c.ref == ref else c for c in fight.combatants)
    state = evolve(state, fight=evolve(fight, combatants=rows))
    state, ticks = _rerun(state)
    return Outcome(state, (StealthSet(ref, row.stealth, total), *ticks))


def roll_stealth(state: Campaign, dice: Dice) -> Outcome:
    """ref: Stealth contest — "Roll Stealth rolls d20 plus the Stealth bonus for each sneaker. A
    character uses its sheet bonus, and a creature uses its stat block. The chips of the roller
    slant the roll. For a character, armor with stealth disadvantage and armor that the character is
    not proficient with also give disadvantage." A row that already has a total keeps it."""
    fight = _setup(state)
    if fight.sneaks == "none":
        raise CommandRejected("No one sneaks.", "Pick who sneaks first: sneak party|foes|both.")
    rolling = [c for c in sneakers(fight) if c.stealth is None]
    if not rolling:
        raise CommandRejected("Every sneaker has a Stealth total already.",
                              "Clear one (stealth NAME clear) to roll it again.")  # fmt: skip
    events, totals = [], {}
    for combatant in rolling:
        actor = state.actor(combatant.ref)
        resolved = resolve(check_slants(actor, "stealth"), "", state.d20_mode)
        faces, kept = roll_d20(dice, resolved.mode)
        bonus = check_bonus(actor, "stealth")
        totals[combatant.ref] = kept + bonus
        events.append(CheckRolled(actor.id, "stealth", faces, kept, resolved.mode, bonus, kept + bonus,
                                  resolved.slants, resolved.origin))  # fmt: skip
    rows = tuple(evolve(c, stealth=totals[c.ref]) if c.ref in totals else c for c in fight.combatants)
    state = evolve(state, fight=evolve(fight, combatants=rows))
    state, ticks = _rerun(state)
    return Outcome(state, (*events, *ticks))


def _sneaker(state: Campaign, fight: Fight, ref: str) -> Combatant:
    row = fight.find(ref)
    actor = state.actor(ref)
    name = labels(state).get(ref, actor.name if actor else ref)
    if row is None:
        raise CommandRejected(f"{name} is not in this setup.")
    if row.joined:
        raise CommandRejected(f"{name} joined from the lists below, so it takes no part in the Stealth contest.")
    if row.side not in SIDES[fight.sneaks]:
        side = "the party" if row.side == "party" else "the foes"
        raise CommandRejected(f"{name} is not sneaking: Who sneaks does not include {side}.",
                              "Pick who sneaks first: sneak party|foes|both.")  # fmt: skip
    return row


def roles(fight: Fight) -> dict[str, tuple[bool, bool]]:
    """(sneaker, watcher) for each row of setup: a sneaker shows a Stealth total, a watcher its PP.

    ref: Stealth contest — "Pick the side that sneaks, and each row of that side shows a Stealth
    total. Each row of the other side shows its passive Perception (PP). ... Then every row shows a
    Stealth total and its PP." """
    sneaking = SIDES[fight.sneaks]
    watching = {OTHER[side] for side in sneaking}
    return {c.ref: (not c.joined and c.side in sneaking, not c.joined and c.side in watching) for c in fight.combatants}
