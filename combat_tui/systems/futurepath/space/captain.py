"""The Captain's advanced functions (notes §2.12, the wiki's Captain page): Direct Assistance and
Commanding Presence; and what Direct Assistance keeps the Captain from doing.

Direct Assistance: "A person who is the target of Direct Assistance gets an Advantage on all their
actions. Each round, the Captain rolls for Give Command to the target of the Direct Assistance
every turn with an extra Advantage. Even if the Captain fails (unless it's a natural 2), the person
receiving the Direct Assistance still gains the advantage". The Captain "cannot do any other
action", loses Change Position, and must "sacrifice one round" to return to the chair.

Commanding Presence: "a passive bonus equal to ½ their Charisma score, rounded up", not on the
Captain, "1 + Charisma Mod rounds per day"; on a critical failure the Captain rolls "a Charisma
Check DC15 + (the amount they failed by)" to keep it."""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.futurepath.model import Campaign
from combat_tui.systems.futurepath.space import commands as sc
from combat_tui.systems.futurepath.space import events as ev
from combat_tui.systems.futurepath.space.crew import TITLES, check_may_act, holder
from combat_tui.systems.futurepath.space.model import CrewPost, Pending, Ship, SpaceFight
from combat_tui.systems.futurepath.space.roll import function_roll, succeeded
from combat_tui.systems.futurepath.space.state import add_pending, taken, with_space, with_status
from combat_tui.systems.futurepath.space.stats import fight, ship, status
from combat_tui.systems.futurepath.space.tables import space_tables
from combat_tui.systems.futurepath.space.twod10 import TwoD10
from combat_tui.systems.futurepath.stats import fp_state

PRESENCE_KEEP_DC = 15
"""The Charisma check that keeps Commanding Presence after a critical failure: 15 + the miss."""


def refuse_if_assisting(space: SpaceFight, who: Ship, doing: str) -> None:
    """ref: Direct Assistance — the Captain "cannot do any other action" while assisting."""
    st = status(space, who.id)
    if st.assisting:
        raise CommandRejected(f"{who.name}'s Captain is giving Direct Assistance to the {TITLES[st.assisting]}, so "
                              f"cannot {doing}.", f"'space assist {who.name} off' returns the Captain to the chair "
                              "(it takes the round).")  # fmt: skip


def captain_dc(who: Ship, base: int) -> int:
    """ref: §2.12 — Captain DCs rise by +1 per size step above Medium."""
    tables = space_tables()
    return base + max(0, tables.step("medium") - tables.step(who.size)) * tables.dc("captain_size_step")


def command_roll(space: SpaceFight, dice: Dice, who: Ship, post: CrewPost, position: str,
                 adv: int) -> tuple[TwoD10, int, bool, str, SpaceFight]:  # fmt: skip
    """ref: §2.12 Give Command — DC 10: +1 and +1 per 4 over to that officer this round; to the
    Weapons Officer 1 reroll and 1 more per 3 over. It lands when the phase ends (R95)."""
    tables = space_tables()
    dc = captain_dc(who, tables.dc("give_command_dc"))
    roll = function_roll(dice, space, who, "captain", post, 0, adv)
    ok = succeeded(roll, dc)
    over = max(0, roll.total - dc)
    if position == "weapons":
        amount, kind = 1 + over // tables.dc("give_command_reroll_step"), "rerolls"
    else:
        amount, kind = 1 + over // tables.dc("give_command_step"), "bonus"
    result = "failed"
    if ok:
        space = add_pending(space, Pending("command", who.id, position=position, amount=amount, detail=kind))
        result = f"{TITLES[position]} gets " + (f"{amount} reroll(s)" if kind == "rerolls" else f"+{amount}") + " this round"
    return roll, dc, ok, result, space


def direct_assistance(state: Campaign, command: sc.DirectAssistance, dice: Dice) -> Outcome:
    space = fight(state)
    who = ship(state, command.ship)
    st = status(space, who.id)
    post = check_may_act(state, space, who, "captain")
    if not command.position:
        if not st.assisting:
            raise CommandRejected(f"{who.name}'s Captain is not giving Direct Assistance.")
        space = with_status(space, evolve(st, assisting=""))
        result = "back in the Captain's chair; the round is spent returning"
        space = taken(space, who.id, "captain", "return to the chair", "", result)
        return Outcome(with_space(state, space), (ev.Rolled(who.id, "captain", "return to the chair", "", None, 0, True,
                                                            result),))  # fmt: skip
    if command.position == "captain":
        raise CommandRejected("The Captain assists another officer.")
    if st.assisting and st.assisting != command.position:
        raise CommandRejected(f"{who.name}'s Captain is assisting the {TITLES[st.assisting]} already.",
                              f"Return to the chair first: 'space assist {who.name} off'.")  # fmt: skip
    roll, dc, ok, result, space = command_roll(space, dice, who, post, command.position, command.adv + 1)
    st = evolve(status(space, who.id), assisting=command.position)
    lost = roll.critical == "failure"  # the natural 2: both dice show 1
    if lost:
        st = evolve(st, assist_lost=space.round)
    space = with_status(space, st)
    result = ("a natural 2: no Direct Assistance advantage this round" if lost else
              f"the {TITLES[command.position]} has advantage on every roll") + ("; " + result if ok else "")  # fmt: skip
    space, keep = presence_kept(state, space, dice, who, roll, dc)
    result += keep
    space = taken(space, who.id, "captain", "direct assistance", TITLES[command.position], result)
    event = ev.Rolled(who.id, "captain", "direct assistance", TITLES[command.position], roll, dc, ok, result)
    return Outcome(with_space(state, space), (event,))


def charisma(state: Campaign, who: Ship, given: int) -> int:
    post = who.post("captain")
    actor = fp_state(state).actor(post.actor) if post is not None and post.actor else None
    return given or (actor.abilities.charisma if actor is not None else 0)


def commanding_presence(state: Campaign, command: sc.CommandingPresence, dice: Dice) -> Outcome:
    space = fight(state)
    who = ship(state, command.ship)
    if space.stage != "running":
        raise CommandRejected("The space fight is over.")
    st = status(space, who.id)
    post = holder(who, "captain")
    if post is None or post.out or st.adrift or st.exploded or st.surrendered:
        raise CommandRejected(f"{who.name} has no Captain who can lead the crew now.")
    if st.presence_until:
        raise CommandRejected(f"{who.name}'s Captain has used Commanding Presence today (once a day).")
    if space.phase != "support":
        raise CommandRejected("Commanding Presence starts in the Support Phase, when the Captain leads.")
    refuse_if_assisting(space, who, "use Commanding Presence (Direct Assistance negates it)")
    score = charisma(state, who, command.charisma)
    if not score:
        raise CommandRejected(f"{who.name}'s Captain has no Charisma score here.",
                              f"Give it: 'space presence {who.name} 14'.")  # fmt: skip
    rounds = 1 + (score // 2 - 5)
    if rounds < 1:
        raise CommandRejected(f"A Charisma of {score} gives Commanding Presence no rounds (1 + Charisma mod).")
    last = space.round + rounds - 1
    space = with_status(space, evolve(st, presence=score, presence_until=last))
    result = f"+{(score + 1) // 2} on every crew member's rolls but the Captain's, through round {last}"
    return Outcome(with_space(state, space), (ev.Rolled(who.id, "captain", "commanding presence", "", None, 0, True, result),))


def presence_kept(state: Campaign, space: SpaceFight, dice: Dice, who: Ship, roll: TwoD10, dc: int) -> tuple[SpaceFight, str]:
    """After a Captain's roll: on a critical failure with Commanding Presence in force, a d20 +
    Charisma mod against 15 + the amount it failed by; failing it ends Commanding Presence."""
    st = status(space, who.id)
    if roll.critical != "failure" or not st.presence or st.presence_until < space.round:
        return space, ""
    need = PRESENCE_KEEP_DC + max(0, dc - roll.total)
    face = dice.die(20)
    total = face + st.presence // 2 - 5
    if total >= need:
        return space, f"; Charisma d20 {face} = {total} vs DC {need}: Commanding Presence holds"
    space = with_status(space, evolve(st, presence=0))
    return space, f"; Charisma d20 {face} = {total} vs DC {need}: Commanding Presence is lost"

