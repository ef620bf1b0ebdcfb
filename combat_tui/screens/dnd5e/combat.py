"""CombatScreen: one running fight (ref: Combat screen).

The ribbon shows the turn order; a card per combatant (a table row) with its HP bar and chips;
the left column shows the current turn, or the inspected combatant with "Back to current turn";
the current combatant's weapons, each a button that opens the attack dialog (`a` opens it with the
weapon last used); the GM's Damage and Heal box; the log. `C` opens the cast dialog of the current
combatant (with the spell it last cast). Inspection moves along the order with `]` and `[` (or the
cards' cursor), `c` returns, and Next turn returns it too. The inspected card is the attack and cast
dialogs' first target.
"""

from __future__ import annotations

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable

from combat_tui.core.session import Session
from combat_tui.screens.dnd5e import key_reasons
from combat_tui.screens.dnd5e.attack_dialog import AttackDialog
from combat_tui.screens.dnd5e.cast_dialog import CastDialog
from combat_tui.screens.dnd5e.end_combat import EndCombatDialog
from combat_tui.screens.dnd5e.nearby_dialog import NearbyDialog
from combat_tui.screens.dnd5e.walk_dialog import WalkDialog
from combat_tui.screens.in_place import set_border
from combat_tui.screens.messages import CommandRequested
from combat_tui.screens.one_frame import OneFrameScreen
from combat_tui.screens.refusals import Reason, refuse
from combat_tui.systems.dnd5e.attack import attack_bonus
from combat_tui.systems.dnd5e.commands import (
    ApplyDamage,
    Heal,
    NextTurn,
    PrevTurn,
    RollDeathSave,
    SetTrayMode,
    Stabilize,
)
from combat_tui.systems.dnd5e.fight_view import FightView
from combat_tui.systems.dnd5e.reactions import attack_cost_spent
from combat_tui.systems.dnd5e.targets import gm_order, gm_targets
from combat_tui.systems.dnd5e.view import actor_status
from combat_tui.widgets.dnd5e.attack_box import AttackBox
from combat_tui.widgets.dnd5e.combatant_card import CombatantCard
from combat_tui.widgets.dnd5e.combatant_table import CombatantTable
from combat_tui.widgets.dnd5e.damage_heal_box import DamageHealBox
from combat_tui.widgets.dnd5e.initiative_ribbon import InitiativeRibbon
from combat_tui.widgets.dnd5e.turn_clock import TurnClock
from combat_tui.widgets.key_footer import KeyFooter
from combat_tui.widgets.travelogue import Travelogue

TRAY = {"adv": "[b]Dice tray: Advantage[/b] (v)", "dis": "[b]Dice tray: Disadvantage[/b] (v)"}
"""The dice tray's d20 mode under the combatants, shown only when it is not Normal."""


class CombatScreen(OneFrameScreen):
    """The fight; every key here becomes a command or moves the inspection."""

    CSS_PATH = ["combat.tcss", "attack_dialog.tcss", "cast_dialog.tcss", "nearby_dialog.tcss",
                "walk_dialog.tcss", "fight_text_dialog.tcss", "roll_check_dialog.tcss"]
    """The attack and cast dialogs' CSS is read with the fight's: a screen whose CSS file is new to
    the stylesheet reparses all of it when pushed, and `a` or `C` should open the dialog at once."""
    AUTO_FOCUS = "#cards"

    BINDINGS = [
        Binding("n", "next_turn", "Next turn", id="combat.next-turn"),
        Binding("p", "prev_turn", "Prev turn", id="combat.prev-turn"),
        Binding("a", "attack", "Attack", id="combat.attack", tooltip="Open the attack dialog of the current combatant"),
        Binding("C", "cast", "Cast", id="combat.cast",
                tooltip="Open the cast dialog of the current combatant"),
        Binding("d", "damage", "Damage", id="combat.damage", tooltip="Damage the box's target by the Amount"),
        Binding("h", "heal", "Heal", id="combat.heal", tooltip="Heal the box's target by the Amount"),
        Binding("e", "end_combat", "End combat", id="combat.end", tooltip="Open the End combat dialog"),
        Binding("W", "walk", "Walk", show=False, id="combat.walk",
                tooltip="The map: walk the party (a walk out of range ends the fight)"),
        Binding("N", "nearby", "Nearby", id="combat.nearby",
                tooltip="The nearby encounters: Add to fight a hostile creature not in the fight"),
        Binding("r", "death_save", "Roll death save", id="combat.death-save",
                tooltip="The dying combatant's death save, on its turn, once"),
        Binding("S", "roll_check", "Save/check", show=False, id="combat.roll-check",
                tooltip="A save, check or death save of the inspected (or current) combatant, dice typed in"),
        Binding("z", "stabilize", "Stabilize", show=False, id="combat.stabilize",
                tooltip="Stabilize the inspected (or current) dying character without a roll"),
        Binding("right_square_bracket,j", "inspect(1)", "Inspect next", show=False, key_display="]",
                id="combat.inspect-next"),
        Binding("left_square_bracket,k", "inspect(-1)", "Inspect previous", show=False, key_display="[",
                id="combat.inspect-previous"),
        Binding("c", "back_to_current", "Back to current turn", show=False, id="combat.back-to-current"),
        Binding("x", "chips", "Chips", id="combat.chips",
                tooltip="The chips of the inspected (or current) combatant: add, remove, read what each does"),
        Binding("s", "sheet", "Sheet", id="combat.sheet",
                tooltip="The sheet of the inspected (or current) combatant: saves, checks, HP, exhaustion"),
        Binding("v", "tray_mode", "Dice tray d20 mode", show=False, id="combat.tray",
                tooltip="Cycle the dice tray's d20 mode (normal, advantage, disadvantage) for rolls nothing slants"),
        Binding("o", "actions", "Actions", id="combat.actions",
                tooltip="The action bar's groups: standard actions, Cunning Action, class features, off-hand"),
        Binding("O", "reaction", "Opportunity attack", show=False, id="combat.opportunity",
                tooltip="The inspected combatant's opportunity attack on the combatant whose turn it is"),
        Binding("R", "reaction_spell", "Reaction spell", show=False, id="combat.reaction-spell",
                tooltip="The inspected combatant casts a reaction spell of its Reaction row (Cast Shield)"),
        Binding("L", "legendary", "Legendary action", show=False, id="combat.legendary",
                tooltip="The inspected creature's legendary action: an attack"),
        Binding("exclamation_mark", "pip('action')", "Action pip", show=False, key_display="!", id="combat.pip-action"),
        Binding("at", "pip('bonus')", "Bonus action pip", show=False, key_display="@", id="combat.pip-bonus"),
        Binding("number_sign", "pip('reaction')", "Reaction pip", show=False, key_display="#", id="combat.pip-reaction"),
        # priority: a name typed right after `l` reaches the library (a field that takes letters keeps them)
        Binding("l", "library", "Library", show=False, id="combat.library", priority=True,
                tooltip="The creature library: spawned creatures join the fight and roll initiative"),
        Binding("t", "focus_target", "Choose the Damage/Heal target", show=False, id="combat.target"),
        Binding("H", "turn_tool('hold')", "Hold turn", show=False, id="combat.hold",
                tooltip="The current combatant holds its turn (a Delay); g brings it back later"),
        Binding("g", "turn_tool('resume')", "Resume held turn", show=False, id="combat.resume",
                tooltip="The inspected held combatant (or the only one) takes its turn now, before the current one"),
        Binding("f2", "turn_tool('rename')", "Rename for the fight", show=False, id="combat.rename",
                tooltip="The inspected (or current) combatant's name for this fight"),
        Binding("w", "turn_tool('note')", "Note", show=False, id="combat.note",
                tooltip="The GM's note on the inspected (or current) combatant, on its card"),
        Binding("T", "turn_tool('clock')", "Turn timer", show=False, id="combat.clock",
                tooltip="Show or hide how long the turn and the round have run"),
        Binding("m", "focus_amount", "Type the Amount", show=False, id="combat.amount"),
        *(Binding(digit, f"amount_digit('{digit}')", "Amount: type it", show=False, id=f"combat.digit-{digit}",
                  group=Binding.Group("Amount: type it")) for digit in "0123456789"),
    ]  # fmt: skip
    """The fight's keys; digits start typing the Damage/Heal Amount."""

    def __init__(self) -> None:
        super().__init__()
        self._view: FightView | None = None
        self._inspected: str | None = None
        self._turn: tuple | None = None
        self._attacker: str | None = None
        self._order: tuple | None = None
        self._last_weapon: dict[str, str] = {}
        """The weapon each attacker last closed the attack dialog with: `a` opens with it."""
        self._last_spell: dict[str, str] = {}
        """The spell each caster last closed the cast dialog with: `C` opens with it."""

    def compose(self) -> ComposeResult:
        yield InitiativeRibbon(id="ribbon")
        with Horizontal(id="combat-body"):
            with Vertical(id="left-column"):
                yield TurnClock(id="turn-clock")
                yield CombatantCard(id="card", classes="box")
                yield AttackBox(id="attacks", classes="box")
                yield DamageHealBox(id="damage-heal", classes="box")
            with Vertical(id="right-column"):
                yield CombatantTable(id="cards", classes="box")
                yield Travelogue(id="combat-log", classes="box")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#damage-heal").border_title = "Damage and Heal (GM)"
        self.query_one("#cards").border_title = "Combatants"
        self.query_one("#combat-log").border_title = "Log"
        self.query_one(DamageHealBox).set_order(self._box_order)
        self.app.state_changed.subscribe(self, self._state_changed)
        self._state_changed(self.app.session)

    # -- state down --------------------------------------------------------------------------

    def _state_changed(self, session: Session) -> None:
        state = session.state
        if state.fight is None or state.fight.stage != "running":
            return  # the fight ended or was undone; the app is taking this screen away
        view = FightView.of(state, session.system.labels(state))
        self._view = view
        self._order = view.fight.combatants
        self._set_targets(view)  # each change: a fall takes a target off the box's list
        turn = (view.fight.round, view.fight.turn, view.current_ref)  # a resume keeps the index
        self.query_one(TurnClock).saw(view.fight.round, turn)
        if turn != self._turn:
            self._turn = turn
            self._new_turn(view)
        elif self._inspected is not None and self._inspected not in view.positions:
            self._inspect(None)
        self._paint()
        set_border(self.query_one("#cards"), subtitle=TRAY.get(state.d20_mode, ""))
        self.query_one(Travelogue).show(session.log)
        self.refresh_bindings()

    def _set_targets(self, view: FightView) -> None:
        refs = gm_targets(view.state, self._inspected)  # the standing, and the inspected one even fallen
        self.query_one(DamageHealBox).set_targets([(view.label(ref), ref) for ref in refs])

    def _box_order(self, kind: str) -> list[tuple[str, str]]:
        view = self._view  # the typed target's order, the likeliest first
        return [(ref, view.label(ref)) for ref in gm_order(view.state, view.current_ref, kind, self._inspected)]

    def on_key(self, event: events.Key) -> None:
        if self.query_one(DamageHealBox).take_key(event):  # "7 g 2 d": before the fight's letter keys
            event.stop()
            event.prevent_default()

    def _new_turn(self, view: FightView) -> None:
        """Next turn returns the column to the current turn and clears the targets."""
        if actor_status(view.actors[view.current_ref]) == "dying":
            # ref: Death saves — "When its turn starts, the log and a toast say ..."
            self.notify(f"{view.label(view.current_ref)} is dying. Roll a death save.", timeout=6, markup=False)
        self._inspected = None
        self.query_one(DamageHealBox).set_target(None)
        if view.current_ref != self._attacker:
            self._attacker = view.current_ref
            actor = view.actors[view.current_ref]
            weapons = [(f"{w.name} {attack_bonus(actor, w):+d} {w.damage} {w.damage_type}".strip(), w.name)
                       for w in actor.weapons]  # fmt: skip
            self.query_one(AttackBox).set_attacker(view.label(view.current_ref), weapons)

    def _paint(self) -> None:
        view = self._view
        shown = self._inspected or view.current_ref
        self.query_one(AttackBox).set_class(bool(actor_status(view.actors[view.current_ref])), "-down")
        self.query_one(AttackBox).set_spent(attack_cost_spent(view.state, view.current_ref))
        self.query_one(InitiativeRibbon).show(view, self._inspected)
        self.query_one(CombatantTable).show(view, shown)
        self.query_one(CombatantCard).show(view, shown, inspecting=self._inspected is not None)

    # -- inspection --------------------------------------------------------------------------

    def _inspect(self, ref: str | None) -> None:
        """Inspect `ref` (None, or the current turn's combatant, goes back to the current turn)."""
        if self._view is None:
            return
        if ref == self._view.current_ref:
            ref = None
        if ref == self._inspected:
            return
        self._inspected = ref
        self._set_targets(self._view)  # a fallen one inspected is the box's target too
        self.query_one(DamageHealBox).set_target(ref)
        self._paint()
        self.refresh_bindings()

    def action_inspect(self, step: int) -> None:
        view = self._view
        at = view.positions.get(self._inspected, view.fight.turn) if self._inspected else view.fight.turn
        combatants = view.fight.combatants
        self._inspect(combatants[(at + step) % len(combatants)].ref)

    def action_back_to_current(self) -> None:
        self._inspect(None)

    @on(DataTable.RowHighlighted, "#cards")
    def _card_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._inspect(event.row_key.value)

    @on(DataTable.RowSelected, "#cards")
    def _card_selected(self, event: DataTable.RowSelected) -> None:
        """Enter on the inspected card returns to the current turn (as a click on it would)."""
        if event.row_key.value == self._inspected:
            self._inspect(None)

    # -- commands up -------------------------------------------------------------------------

    def action_next_turn(self) -> None:
        self.post_message(CommandRequested(NextTurn()))

    def action_prev_turn(self) -> None:
        self.post_message(CommandRequested(PrevTurn()))

    def action_attack(self, weapon: str | None = None) -> None:
        """Open the attack dialog for the current combatant, on the inspected card if any."""
        attacker = self._view.current_ref
        weapon = weapon or self._last_weapon.get(attacker)

        def closed(last: str | None) -> None:
            if last:
                self._last_weapon[attacker] = last

        self.app.push_screen(AttackDialog(attacker, weapon, self._inspected), closed)

    def action_cast(self) -> None:
        """Open the cast dialog for the current combatant, on the inspected card if any."""
        caster = self._view.current_ref

        def closed(last: str | None) -> None:
            if last:
                self._last_spell[caster] = last

        self.app.push_screen(CastDialog(caster, self._last_spell.get(caster), self._inspected), closed)

    @on(AttackBox.WeaponChosen)
    def _weapon_chosen(self, event: AttackBox.WeaponChosen) -> None:
        event.stop()
        if self.check_action("attack", ()) is True:
            self.action_attack(event.weapon)
        else:
            refuse(self, "attack")

    def action_damage(self) -> None:
        self.query_one(DamageHealBox).action_press("damage")

    def action_heal(self) -> None:
        self.query_one(DamageHealBox).action_press("heal")

    @on(DamageHealBox.Requested)
    def _damage_or_heal(self, event: DamageHealBox.Requested) -> None:
        event.stop()
        make = ApplyDamage if event.kind == "damage" else Heal
        self.post_message(CommandRequested(make(event.target, event.amount)))

    @on(DamageHealBox.Finished)
    def _box_finished(self, event: DamageHealBox.Finished) -> None:
        event.stop()
        table = self.query_one(CombatantTable)
        if not table.has_focus:  # focus() repaints the whole table even when it has focus already
            table.focus()

    def action_focus_target(self) -> None:
        self.query_one("#dh-target").focus()

    def action_focus_amount(self) -> None:
        self.query_one("#amount").focus()

    def action_amount_digit(self, digit: str) -> None:
        self.query_one(DamageHealBox).type_digit(digit)

    def action_death_save(self) -> None:
        self.post_message(CommandRequested(RollDeathSave(self._view.current_ref)))

    def action_stabilize(self) -> None:
        self.post_message(CommandRequested(Stabilize(self._inspected or self._view.current_ref)))

    def action_chips(self) -> None:
        from combat_tui.screens.dnd5e.chip_dialog import ChipDialog

        self.app.push_screen(ChipDialog(self._inspected or self._view.current_ref))

    def action_sheet(self) -> None:
        from combat_tui.screens.dnd5e.sheet import SheetScreen

        self.app.push_screen(SheetScreen(self._inspected or self._view.current_ref))

    def action_tray_mode(self) -> None:
        modes = ("normal", "adv", "dis")
        now = self.app.session.state.d20_mode
        self.post_message(CommandRequested(SetTrayMode(modes[(modes.index(now) + 1) % 3])))

    # -- the turn's economy (issue 6) ---------------------------------------------------------

    def action_pip(self, pip: str) -> None:
        """ref: Action, bonus action, and reaction — "Press a free pip to mark that cost used ...
        Press a used pip to mark it free again"."""
        from combat_tui.systems.dnd5e.commands import TogglePip

        ref = self._inspected or self._view.current_ref
        spent = getattr(self._view.card(ref).pips, pip)  # the pips of the card on show
        self.post_message(CommandRequested(TogglePip(ref, pip, not spent)))  # type: ignore[arg-type]

    def action_actions(self) -> None:
        from combat_tui.screens.dnd5e.actions_dialog import ActionsDialog
        from combat_tui.systems.dnd5e.commands import UseCreatureAction

        me = self._view.current_ref
        target = self._inspected

        def closed(control) -> None:
            if control is None:
                return
            if control.needs == "offhand":
                self.app.push_screen(AttackDialog(me, control.value, target, use="offhand"))
            elif control.needs == "channel":
                from combat_tui.screens.dnd5e.channel_divinity_dialog import ChannelDivinityDialog

                self.app.push_screen(ChannelDivinityDialog(me, control.value))
            elif control.needs == "target":  # a save action: on the inspected card
                if target is None:
                    self.notify(f"{control.value}: inspect a target first ([ or ]).", timeout=4, markup=False)
                else:
                    self.post_message(CommandRequested(UseCreatureAction(me, control.value, (target,))))

        self.app.push_screen(ActionsDialog(me), closed)

    def action_reaction(self) -> None:
        """ref: Reactions and opportunity attacks — the inspected card's Reaction row; "Its defender
        starts as the combatant that takes the turn"."""
        ref = self._inspected
        weapons = self._view.card(ref).reaction_row if ref else ()
        if not weapons:
            self.notify("Inspect a combatant with a Reaction row first ([ or ]).", timeout=4, markup=False)
            return
        self.app.push_screen(AttackDialog(ref, weapons[0], self._view.current_ref, use="opportunity"))

    def action_reaction_spell(self) -> None:
        """ref: Reactions and opportunity attacks — "A reaction spell opens the usual cast dialog and
        spends the reaction instead of the action": the inspected card's spell, picked from a list
        when its row has several; a harmful one starts on the combatant that takes the turn."""
        ref = self._inspected
        spells = self._view.card(ref).reaction_spells if ref else ()
        if not spells:
            self.notify("Inspect a combatant with a reaction spell on its Reaction row first ([ or ]).",
                        timeout=4, markup=False)  # fmt: skip
            return
        from combat_tui.screens.dnd5e.cast_settings import HARMFUL
        from combat_tui.screens.dnd5e.reaction_spell_picker import ReactionSpellPicker
        from combat_tui.systems.dnd5e.catalog import find_spell

        turn = self._view.current_ref

        def cast(name: str | None) -> None:
            if name:
                spell = find_spell(name)
                target = turn if spell is not None and spell.kind in HARMFUL else ref
                self.app.push_screen(CastDialog(ref, name, target))

        if len(spells) == 1:
            cast(spells[0])
        else:
            self.app.push_screen(ReactionSpellPicker(self._view.label(ref), spells), cast)

    def action_legendary(self) -> None:
        ref = self._inspected
        if not ref or not self._view.card(ref).legendary_left:
            self.notify("Inspect a creature with a Legendary action row first ([ or ]).", timeout=4, markup=False)
            return
        self.app.push_screen(AttackDialog(ref, None, self._view.current_ref, use="legendary"))

    def action_turn_tool(self, tool: str) -> None:
        """The GM's turn tools: hold, resume, rename, note, the timer (turn_tool_keys.py)."""
        from combat_tui.screens.dnd5e.turn_tool_keys import turn_tool

        turn_tool(self, tool, self._view, self._inspected)

    def action_end_combat(self) -> None:
        self.app.push_screen(EndCombatDialog())

    def action_nearby(self) -> None:
        self.app.push_screen(NearbyDialog())

    def action_library(self) -> None:
        from combat_tui.screens.dnd5e.library import open_library

        open_library(self.app)

    def action_walk(self) -> None:
        self.app.push_screen(WalkDialog())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.is_mounted or self._view is None:
            return True
        if action in ("damage", "heal"):
            return True if self.query_one(DamageHealBox).ready else None
        if action == "attack":
            current = self._view.actors[self._view.current_ref]
            # a dying character has no action bar (ref: Death saves); `a` then says why (`refusal`)
            return not actor_status(current) and bool(current.weapons)
        if action == "cast":  # a dying or defeated combatant casts nothing; `C` then says why
            return not actor_status(self._view.actors[self._view.current_ref])
        if action == "death_save":  # shown only on the dying character's turn, until it rolls
            current = self._view.actors[self._view.current_ref]
            return actor_status(current) == "dying" and not self._view.fight.death_save_rolled
        if action == "stabilize":
            shown = self._view.actors[self._inspected or self._view.current_ref]
            return True if actor_status(shown) == "dying" else None
        if action == "back_to_current":
            return True if self._inspected is not None else None
        return True

    def refusal(self, action: str, parameters: tuple[object, ...]) -> Reason:
        """Why a key is refused now (screens/refusals.py shows it when pressed)."""
        return key_reasons.combat(self, action, parameters)

    def action_roll_check(self) -> None:
        """The save or check dialog of the inspected (or current) combatant; on the dying
        character's turn, its death save with the Dice field ready for the player's d20."""
        from combat_tui.screens.dnd5e.roll_check_dialog import RollCheckDialog

        ref = self._inspected or self._view.current_ref
        dying = ref == self._view.current_ref and self.check_action("death_save", ()) is True
        self.app.push_screen(RollCheckDialog(ref, "death" if dying else "save"))
