"""FPRoundScreen: a running FuturePath ground fight, round by round.

The top lines say the round, the phase and the group order with the acting group; the roster
shows everyone with group, HP, AC, Initiative and conditions (the cursor row is the one the keys
act on); the phase panel shows the declared actions and the resolution queue (or the phase's
sources or counters) and the traps in the area; the log is below. Every key is a FuturePath
command; the move, traps and new-team dialogs ask the details first.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Input, Label, Static

from combat_tui.core.command import CommandRejected
from combat_tui.core.session import Session
from combat_tui.screens.futurepath.condition_dialog import FPConditionDialog
from combat_tui.screens.futurepath.confirm_dialog import FPConfirmDialog
from combat_tui.screens.futurepath.declare_dialog import FPDeclareDialog
from combat_tui.screens.futurepath.dice_dialog import open_head_dice
from combat_tui.screens.futurepath.environment_dialog import FPEnvironmentDialog
from combat_tui.screens.futurepath.ground_screen import StageScreen
from combat_tui.screens.futurepath.initiative import FPInitiativeScreen
from combat_tui.screens.futurepath.move_dialog import FPMoveDialog
from combat_tui.screens.futurepath.run_here import tell_refusal
from combat_tui.screens.futurepath.team_dialog import FPTeamDialog
from combat_tui.screens.futurepath.trap_dialog import FPTrapsDialog
from combat_tui.screens.in_place import set_border, update_static
from combat_tui.systems.futurepath import commands as fc
from combat_tui.systems.futurepath import initiative
from combat_tui.systems.futurepath.labels import team_names
from combat_tui.systems.futurepath.model import FuturePath
from combat_tui.systems.futurepath.phases import queue
from combat_tui.systems.futurepath.round_keys import step_refusal
from combat_tui.systems.futurepath.round_view import declarer, is_movement, move_view, mover
from combat_tui.systems.futurepath.rounds import acting
from combat_tui.systems.futurepath.stats import fp_state
from combat_tui.widgets.futurepath.phase_panel import FPPhasePanel
from combat_tui.widgets.futurepath.roster import FPRoster
from combat_tui.widgets.key_footer import KeyFooter
from combat_tui.widgets.number_input import NumberInput
from combat_tui.widgets.travelogue import Travelogue

PHASES = {"advantages": "Advantages/Disadvantages phase", "action": "Action phase", "counters": "Counter phase"}


class FPRoundScreen(StageScreen):
    """The round: phase, acting group, declarations and queue, counters, roster and log."""

    CSS_PATH = ["round.tcss", "declare_dialog.tcss", "condition_dialog.tcss", "initiative.tcss",
                "environment_dialog.tcss", "move_dialog.tcss", "trap_dialog.tcss", "team_dialog.tcss",
                "editor_form.tcss", "trap_form.tcss"]
    """The dialogs' and the initiative screen's CSS are read with this one, so they open at once."""
    AUTO_FOCUS = "#fp-roster"

    BINDINGS = [
        Binding("n", "next", "Next", id="fp-round.next",
                tooltip="Go on: the next phase, or the next group's turn in the Action phase"),
        Binding("d", "declare", "Declare", id="fp-round.declare",
                tooltip="The highlighted member of the acting group declares an action"),
        Binding("c", "commit", "Commit", id="fp-round.commit", tooltip="Everyone in the group has committed: rolls may start"),
        Binding("r", "resolve", "Resolve", id="fp-round.resolve",
                tooltip="Resolve the head of the queue: roll its attack, throw its grenade, ask a move's feet, or mark it done"),
        Binding("f", "fail", "Failed", show=False, id="fp-round.fail", tooltip="Resolve the head of the queue as failed"),
        Binding("g", "dice", "Table dice", show=False, id="fp-round.dice",
                tooltip="Type the faces rolled at the table for the head of the queue's roll, then roll it with them"),
        Binding("w", "withdraw", "Withdraw", show=False, id="fp-round.withdraw",
                tooltip="Take back the highlighted combatant's last declared action"),
        Binding("x", "conditions", "Conditions", id="fp-round.conditions",
                tooltip="Add or remove a condition of the highlighted combatant"),
        Binding("D", "damage", "Damage", show=False, id="fp-round.damage", tooltip="Damage the highlighted combatant by the Amount"),
        Binding("h", "heal", "Heal", show=False, id="fp-round.heal", tooltip="Heal the highlighted combatant by the Amount"),
        Binding("j", "join", "Join", show=False, id="fp-round.join",
                tooltip="The highlighted combatant joins the fight (in the Counter phase; earlier, they wait for it)"),
        Binding("J", "join_stealth", "Join stealthed", show=False, id="fp-round.join-stealth",
                tooltip="Join unseen by every enemy: their own Round 0"),
        Binding("v", "environment", "Environment", show=False, id="fp-round.environment",
                tooltip="State an advantage or disadvantage of the surroundings, or remove one"),
        Binding("o", "out", "Fled/surrendered", show=False, id="fp-round.out",
                tooltip="The highlighted combatant fled, then surrendered, then is back"),
        Binding("t", "initiative", "Team Init", id="fp-round.initiative",
                tooltip="Team Initiative with its breakdown, the groups and their order, editable"),
        Binding("e", "end", "End fight", show=False, id="fp-round.end", tooltip="End the fight (asks first)"),
        Binding("m", "move", "Move", id="fp-round.move",
                tooltip="Resolve a declared Move or Bonus Move: the feet moved and the way (r does it at the head too)"),
        Binding("p", "traps", "Traps", id="fp-round.traps",
                tooltip="The traps and mines in the area: place, spot, search, trigger, disarm, set"),
        Binding("T", "new_team", "New team", show=False, id="fp-round.new-team",
                tooltip="A third party: make a new team and pick who joins the fight on it"),
        *(Binding(digit, f"amount('{digit}')", "Amount: type it", show=False, id=f"fp-round.digit-{digit}",
                  group=Binding.Group("Amount: type it")) for digit in "0123456789"),
    ]  # fmt: skip
    """Digits type the Amount for D (damage) and h (heal)."""

    def __init__(self) -> None:
        super().__init__()
        self._fp: FuturePath | None = None
        self._turn: tuple | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="fp-round-status", classes="title-bar")
        yield Static("", id="fp-round-order")
        with Horizontal(id="fp-round-body"):
            yield FPRoster(id="fp-roster", classes="box")
            with VerticalScroll(id="fp-phase-box", classes="box"):
                yield FPPhasePanel(id="fp-phase")
        with Horizontal(id="fp-amount-row"):
            yield Label("Amount (D damages, h heals the highlighted row): ", id="fp-amount-label")
            yield NumberInput(id="fp-amount")
        yield Travelogue(id="fp-round-log", classes="box")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#fp-roster").border_title = "Combatants"
        self.query_one("#fp-round-log").border_title = "Log"
        self.query_one("#fp-amount-row").display = False
        self.follow_session()

    # -- state down --------------------------------------------------------------------------

    def paint(self, session: Session) -> None:
        fp = fp_state(session.state)
        fight = fp.fight
        if fight is None or fight.stage != "running":
            return  # the fight ended or was undone; the app is taking this screen away
        self._fp = fp
        labels, teams = session.system.labels(session.state), team_names(session.state)
        update_static(self.query_one("#fp-round-status", Static), Text(_status(fp, labels, teams)))
        update_static(self.query_one("#fp-round-order", Static), Text(_order(fp, teams)))
        roster = self.query_one(FPRoster)
        roster.show(fp, labels, teams)
        self.query_one(FPPhasePanel).show(fp, labels, teams)
        set_border(self.query_one("#fp-phase-box"), title=self.query_one(FPPhasePanel).border_title)
        turn = (fight.round, fight.phase, fight.turn)
        if turn != self._turn:
            self._turn = turn
            if fight.phase == "action" and fight.turn < len(fight.turns) and acting(fp, fight):
                roster.point_at(acting(fp, fight)[0])  # a new group's turn: its first member
        self.query_one(Travelogue).show(session.log)
        self.refresh_bindings()

    # -- commands up -------------------------------------------------------------------------

    @property
    def _row(self) -> str | None:
        return self.query_one(FPRoster).highlighted

    def action_next(self) -> None:
        self.send(fc.NextStep())

    def action_declare(self) -> None:
        ref = declarer(self._fp, self._fp.fight, self._row)
        if ref is None:
            return
        self.app.push_screen(FPDeclareDialog(ref, self._row if self._row != ref else None), self.send)

    def action_withdraw(self) -> None:
        if self._row is not None:
            self.send(fc.Withdraw(self._row))

    def action_commit(self) -> None:
        self.send(fc.Commit())

    def action_resolve(self) -> None:
        """The head of the queue: a declared attack rolls it (which resolves it), a grenade is
        thrown, a movement asks the feet moved, anything else is marked resolved."""
        fight = self._fp.fight
        order = queue(self._fp, fight)
        if not order:
            self.send(fc.Resolve())  # the core says why nothing is waiting
            return
        head = fight.declarations[order[0]]
        if is_movement(head):
            self._open_move(head.actor)
        elif head.grenade and fight.committed:
            self.send(fc.ThrowGrenade(head.actor))
        elif head.category == "attack" and head.target and head.rolls and fight.committed:
            off_hand = self._fp.actor(head.actor).off_hand.casefold()
            # a Bonus Attack with the off-hand weapon is two-weapon fighting's (R78)
            offhand = head.slot == "bonus" and bool(off_hand) and head.weapon.casefold() in ("", off_hand)
            self.send(fc.FPAttack(head.actor, head.target, head.weapon, offhand=offhand))
        else:
            self.send(fc.Resolve())

    def action_dice(self) -> None:
        """The head of the queue's roll with the faces rolled at the table (the dice dialog)."""
        open_head_dice(self.app, self._fp)

    def action_move(self) -> None:
        ref = mover(self._fp, self._fp.fight, self._row)
        if ref is not None:
            self._open_move(ref)

    def _open_move(self, ref: str) -> None:
        """The move dialog of `ref`, with the rules' distance for each way; a movement that
        cannot resolve now gets the rules' reason instead."""
        session = self.app.session
        try:
            view = move_view(session.state, ref)
        except CommandRejected as error:
            tell_refusal(self.app, error)
            return
        label = session.system.labels(session.state).get(ref, ref)
        self.app.push_screen(FPMoveDialog(view, label), self.send)

    def action_traps(self) -> None:
        self.app.push_screen(FPTrapsDialog(self._row))

    def action_new_team(self) -> None:
        self.app.push_screen(FPTeamDialog())

    def action_fail(self) -> None:
        self.send(fc.Resolve("", "failed"))

    def action_conditions(self) -> None:
        if self._row is not None:
            self.app.push_screen(FPConditionDialog(self._row), self.send)

    def action_amount(self, digit: str) -> None:
        self.query_one("#fp-amount-row").display = True
        self.query_one("#fp-amount", NumberInput).type_over(digit)

    def _amount(self) -> int | None:
        field = self.query_one("#fp-amount", NumberInput)
        try:
            return int(field.value)
        except ValueError:
            self.notify("Type the amount first (digits), then D or h.", timeout=4, markup=False)
            return None

    def action_damage(self) -> None:
        amount = self._amount()
        if amount is not None and self._row is not None:
            self.send(fc.FPDamage(self._row, amount))
            self._clear_amount()

    def action_heal(self) -> None:
        amount = self._amount()
        if amount is not None and self._row is not None:
            self.send(fc.FPHeal(self._row, amount))
            self._clear_amount()

    def _clear_amount(self) -> None:
        self.query_one("#fp-amount", NumberInput).value = ""
        self.query_one("#fp-amount-row").display = False
        self.query_one(FPRoster).focus()

    def key_escape(self) -> None:
        if self.query_one("#fp-amount-row").display:
            self._clear_amount()

    @on(Input.Submitted, "#fp-amount")
    def _amount_entered(self, event: Input.Submitted) -> None:
        event.stop()
        self.query_one(FPRoster).focus()

    def action_join(self, stealth: bool = False) -> None:
        if self._row is not None:
            self.send(fc.Join(self._row, stealth))

    def action_join_stealth(self) -> None:
        self.action_join(True)

    def action_initiative(self) -> None:
        self.app.push_screen(FPInitiativeScreen())

    def action_environment(self) -> None:
        self.app.push_screen(FPEnvironmentDialog(), self.send)

    def action_out(self) -> None:
        """Cycle the highlighted combatant: in the fight -> fled -> surrendered -> back."""
        ref = self._row
        if ref is not None:
            now = dict(self._fp.fight.out).get(ref, "")
            self.send(fc.MarkOut(ref, {"": "fled", "fled": "surrendered"}.get(now, "")))

    def action_end(self) -> None:
        self.app.push_screen(FPConfirmDialog("End the ground fight?"),
                             lambda yes: self.send(fc.EndGround() if yes else None))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self._fp is None:
            return True
        return None if step_refusal(self._fp, action) else True  # dimmed, and pressed it says why

    def refusal(self, action: str, parameters: tuple[object, ...]) -> CommandRejected | None:
        """Why a key is refused now (screens/refusals.py shows it when pressed)."""
        return step_refusal(self._fp, action) if self._fp is not None else None


def _status(fp: FuturePath, labels: dict[str, str], teams: dict[str, str]) -> str:
    fight = fp.fight
    where = "Surprise round (Round 0)" if fight.round == 0 else f"Round {fight.round}"
    text = f"{where} · {PHASES[fight.phase]}"
    if fight.joiner_round:
        text += " · the joiners' own Round 0"
    if fight.phase == "action" and fight.turn < len(fight.turns):
        turn = fight.turns[fight.turn]
        who = ", ".join(labels.get(r, r) for r in acting(fp, fight)) or "no one"
        text += f" · {teams.get(turn.team, turn.team)} {turn.group.capitalize()}: {who}"
    return text


def _order(fp: FuturePath, teams: dict[str, str]) -> str:
    """This round's group turns with the acting one marked (R11)."""
    fight = fp.fight
    turns = fight.turns or initiative.turns(fight.teams)
    parts = []
    for index, turn in enumerate(turns):
        name = f"{teams.get(turn.team, turn.team)} {'Van' if turn.group == 'vanguard' else 'Rear'}"
        now = fight.phase == "action" and index == fight.turn
        parts.append(f"▶{name}◀" if now else name)
    values = " · ".join(f"{teams.get(t.team, t.team)} {t.initiative.value}" for t in fight.teams)
    return "Order: " + " → ".join(parts) + f"   (Team Initiative: {values})"
