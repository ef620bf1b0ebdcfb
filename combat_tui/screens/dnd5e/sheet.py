"""SheetScreen: one character's sheet, its numbers, HP, chips, death saves, exhaustion and rolls.

The top line names the character with its AC (and how it is made up), its speed (after armor and
exhaustion) and its exhaustion level. Below: HP with the stepper's amount for heal and damage,
the death-save tracker at 0 HP, the chips (the chip dialog on `p`), the exhaustion pips, the armor
worn with "not proficient" warnings, and the two roll tables. The arrows pick an ability check,
a save or a skill check and `r` (or Enter) rolls it with every rule that slants it (ref:
Conditions, Armor proficiency, Exhaustion); `v` sets the roll mode, and the bottom line shows how
the picked roll will come out and the last roll's log line. The gear panel under the abilities
shows the weapons, the coins and the inventory (loot joins it).

`i` opens the sheet editor (CharacterForm), `L` levels up, `w` puts on a weapon, armor or shield
(from the inventory or the library) and `W` takes one off; the rules refuse what they must.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Static

from combat_tui.core.history import Entry
from combat_tui.core.session import Session
from combat_tui.screens.dnd5e import key_reasons
from combat_tui.screens.dnd5e.chip_dialog import ChipDialog
from combat_tui.screens.dnd5e.name_picker import NamePicker
from combat_tui.screens.dnd5e.sheet_inventory import GearPanel, equip_command, equip_groups, worn
from combat_tui.screens.messages import CommandRequested
from combat_tui.screens.refusals import Reason, refuse
from combat_tui.systems.dnd5e import armor as armor_rules
from combat_tui.systems.dnd5e import exhaustion as exhaustion_rules
from combat_tui.systems.dnd5e.advantage import describe, resolve
from combat_tui.systems.dnd5e.checks import SKILLS, auto_fail, check_bonus, check_slants, save_bonus, save_slants
from combat_tui.systems.dnd5e.commands import ApplyDamage, Heal, RollCheck, RollSave, SetExhaustion, Stabilize, Unequip
from combat_tui.systems.dnd5e.conditions import chip_label
from combat_tui.systems.dnd5e.model import Actor, Character
from combat_tui.systems.dnd5e.view import actor_status
from combat_tui.widgets.dnd5e.death_save_tracker import DeathSaveTracker
from combat_tui.widgets.dnd5e.exhaustion_pips import ExhaustionPips
from combat_tui.widgets.dnd5e.hp_stepper import HpStepper
from combat_tui.widgets.dnd5e.roll_tables import AbilityTable, SkillTable, skill_title
from combat_tui.widgets.key_footer import KeyFooter
from combat_tui.widgets.travelogue import Travelogue

MODES = ("", "adv", "dis", "normal")
MODE_NAMES = {"": "Auto", "adv": "Advantage", "dis": "Disadvantage", "normal": "Normal"}
SIDE_WORDS = {"adv": "at advantage", "dis": "at disadvantage", "": "with one d20"}


class SheetScreen(Screen):
    """The sheet of the character (or creature) `ref`; `b` or `c` goes back."""

    CSS_PATH = "sheet.tcss"
    AUTO_FOCUS = "#abilities"

    BINDINGS = [
        Binding("r", "roll", "Roll", id="sheet.roll", tooltip="Roll the check or save picked in the tables"),
        Binding("v", "roll_mode", "Mode", id="sheet.roll-mode",
                tooltip="Roll mode: Auto, Advantage, Disadvantage, Normal"),
        Binding("h", "heal", "Heal", id="sheet.heal", tooltip="Heal by the amount"),
        Binding("d", "damage", "Damage", id="sheet.damage", tooltip="Damage by the amount (untyped)"),
        Binding("p", "chips", "Chips", show=False, id="sheet.chips",
                tooltip="Open the chip dialog: read, add, remove chips"),
        Binding("e", "exhaustion(1)", "Exhaustion", show=False, id="sheet.exhaustion-up",
                tooltip="Raise the exhaustion level by one (6 kills: it asks first)"),
        Binding("E", "exhaustion(-1)", "Exhaustion -1", show=False, key_display="E",
                id="sheet.exhaustion-down", tooltip="Lower the exhaustion level by one"),
        Binding("i", "edit", "Edit", id="sheet.edit", tooltip="Open the sheet editor: every field of the character"),
        Binding("L", "level_up", "Level up", key_display="L", id="sheet.level-up",
                tooltip="One more level in a class (between fights)"),
        Binding("w", "equip", "Equip", id="sheet.equip",
                tooltip="Put on a weapon, armor or shield from the inventory or the library"),
        Binding("W", "unequip", "Unequip", show=False, key_display="W", id="sheet.unequip",
                tooltip="Take off a weapon, armor or shield: it joins the inventory"),
        Binding("b,c", "back", "Back", id="sheet.back", tooltip="Back to the campaign"),
        Binding("z", "stabilize", "Stabilize", id="sheet.stabilize", tooltip="Stabilize the dying character"),
        Binding("escape", "back", "Back", show=False, id="sheet.back-escape"),
        Binding("plus,equals_sign", "step(1)", "Amount +1", show=False, key_display="+", id="sheet.amount-up"),
        Binding("minus", "step(-1)", "Amount -1", show=False, key_display="-", id="sheet.amount-down"),
        Binding("backspace", "backspace", "Amount: erase a digit", show=False, id="sheet.amount-erase"),
        *(Binding(digit, f"digit('{digit}')", "Amount: type it", show=False, id=f"sheet.digit-{digit}",
                  group=Binding.Group("Amount: type it")) for digit in "0123456789"),
    ]  # fmt: skip
    """Every action is a letter; digits and +/- set the HP amount; the arrows pick a roll."""

    def __init__(self, ref: str) -> None:
        super().__init__()
        self.ref = ref
        self._mode = ""
        self._actor: Actor | None = None
        self._state = None
        self._labels: dict[str, str] = {}
        self._table: AbilityTable | SkillTable | None = None
        """The roll table picked last: `r` rolls its cursor's roll."""
        self._last_roll: Entry | None = None
        """The history entry of this sheet's last roll, for its log line."""

    def compose(self) -> ComposeResult:
        yield Static("", id="sheet-top", classes="title-bar")
        with Horizontal(id="sheet-body"):
            with Vertical(id="sheet-info", classes="box"):
                yield HpStepper(id="hp")
                yield DeathSaveTracker(id="death-saves")
                yield Static("", id="sheet-chips")
                yield ExhaustionPips(id="exhaustion")
                yield Static("", id="sheet-armor")
            with Horizontal(id="sheet-rolls"):  # wide: a grid, the gear under the abilities
                yield AbilityTable(id="abilities", classes="box")
                yield SkillTable(id="skills", classes="box")
                yield GearPanel(id="sheet-gear", classes="box")
        yield Travelogue(id="sheet-log", classes="box")
        yield Static("", id="roll-bar")
        footer = KeyFooter()
        footer.compact = True  # the sheet's keys fit 80 columns
        yield footer

    def on_mount(self) -> None:
        self.query_one("#sheet-info").border_title = "Status"
        self.query_one("#abilities").border_title = "Abilities"
        self.query_one("#skills").border_title = "Skills"
        self.query_one("#skills").border_subtitle = "● proficient ●● expertise"
        self.query_one("#abilities").border_subtitle = "● proficient save"
        self.query_one("#sheet-log").border_title = "Log"
        self.query_one("#sheet-gear").border_title = "Gear"
        self.query_one("#sheet-gear").border_subtitle = "w equip · W unequip"
        self._table = self.query_one(AbilityTable)
        self.app.state_changed.subscribe(self, self._state_changed)
        self._state_changed(self.app.session)

    def on_show(self) -> None:
        """Lay out again once shown: the first push of the sheet reads its stylesheet, and the
        narrow layout that the breakpoint class asks for was not laid out in a real terminal."""
        self.call_after_refresh(self.refresh, layout=True)
        self.call_after_refresh(self._paint_gear)

    def on_resize(self) -> None:
        self.call_after_refresh(self._paint_gear)  # one name a line in the narrow column

    def _paint_gear(self) -> None:
        if self._actor is not None:
            self.query_one(GearPanel).show(self._actor)

    # -- state down --------------------------------------------------------------------------

    def _state_changed(self, session: Session) -> None:
        state = session.state
        actor = state.actor(self.ref)
        if actor is None:  # an undo took it away
            if self.is_current:
                self.app.pop_screen()
            return
        self._state, self._actor = state, actor
        self._labels = session.system.labels(state)
        if self._last_roll is not None and session.history.peek_redo() is self._last_roll:
            self._last_roll = None  # the roll was undone
        entry = session.history.peek_undo()
        if entry is not None and any(
            isinstance(command, (RollSave, RollCheck)) and command.ref == self.ref for command in entry.commands
        ):
            self._last_roll = entry
        self._paint()
        log = self.query_one(Travelogue)
        if log.display:
            log.show(session.log)
        self.refresh_bindings()

    def _paint(self) -> None:
        actor = self._actor
        self.query_one("#sheet-top", Static).update(self._top_line(actor))
        self.query_one(HpStepper).show(actor)
        self.query_one(DeathSaveTracker).show(actor, "z")
        self.query_one("#sheet-chips", Static).update(self._chips_line(actor))
        self.query_one(ExhaustionPips).show(actor.exhaustion, "e/E")
        self.query_one("#sheet-armor", Static).update(self._armor_line(actor))
        self.query_one(GearPanel).show(actor)
        self._paint_rolls()

    def _paint_rolls(self) -> None:
        tray = self._state.d20_mode
        self.query_one(AbilityTable).show(self._actor, self._mode, tray)
        self.query_one(SkillTable).show(self._actor, self._mode, tray)
        self._paint_roll_bar()

    def _top_line(self, actor: Actor) -> Text:
        text = Text(self._labels.get(actor.id, actor.name), style="bold")
        if isinstance(actor, Character):
            classes = " / ".join(
                f"{c.name} {c.level}" + (f" ({c.subclass})" if c.subclass else "") for c in actor.classes
            )
            for part in (actor.race, classes, f"prof +{actor.proficiency_bonus}", f"XP {actor.xp}"):
                if part:
                    text.append(f" · {part}")
        text.append("\n")
        ac, how = armor_rules.armor_class(actor)
        text.append(f"AC {ac}", style="bold")
        text.append(f" ({'no armor: the number on the sheet' if how == 'sheet' else how})")
        text.append(" · ")
        text.append(f"Speed {exhaustion_rules.speed(actor)} ft", style="bold")
        why = _speed_note(actor)
        if why:
            text.append(f" ({why})")
        if actor.exhaustion:
            text.append(" · ")
            text.append(f"Exhaustion {actor.exhaustion}", style="bold reverse")
        return text

    def _chips_line(self, actor: Actor) -> Text:
        text = Text("Chips ", style="bold")
        text.append("(p) ", style="dim")
        if not actor.chips:
            text.append("none", style="italic")
        for index, chip in enumerate(actor.chips):
            if index:
                text.append(" · ")
            text.append(chip_label(chip))
        return text

    def _armor_line(self, actor: Actor) -> Text:
        text = Text("Armor ", style="bold")
        if not isinstance(actor, Character):
            return text.append("stat block; a creature takes no armor penalties")
        pieces = []
        if actor.armor is not None:
            body = actor.armor
            traits = [f"{body.category} {body.base}"]
            if body.strength:
                traits.append(f"STR {body.strength}")
            if body.stealth_disadvantage:
                traits.append("Stealth disadvantage")
            pieces.append(f"{body.name} ({', '.join(traits)})")
        if actor.shield is not None:
            pieces.append(f"{actor.shield.name} (+{actor.shield.base})")
        text.append(" · ".join(pieces) if pieces else "none")
        untrained = armor_rules.untrained_armor(actor)
        if untrained:
            text.append("\n")
            text.append(f" not proficient: {', '.join(untrained)} ", style="bold reverse")
            text.append(" STR and DEX saves, checks and attacks at disadvantage; no spells")
        return text

    def _paint_roll_bar(self) -> None:
        actor, table = self._actor, self._table
        kind, name = table.selected
        text = Text("(r) ", style="dim")
        if kind == "save":
            text.append(f"{name.capitalize()} save {save_bonus(actor, name):+d}", style="bold")
            fails = auto_fail(actor, name)
            slants = save_slants(actor, name)
        else:
            what = skill_title(name) if name in SKILLS else name.capitalize()
            text.append(f"{what} check {check_bonus(actor, name):+d}", style="bold")
            fails, slants = "", check_slants(actor, name)
        text.append(" · ")
        text.append("(v) ", style="dim")
        text.append(MODE_NAMES[self._mode], style="bold")
        if fails:
            text.append(f": fails without a roll ({fails})")
        else:
            resolved = resolve(slants, self._mode, self._state.d20_mode)
            text.append(f": {SIDE_WORDS[resolved.mode]}")
            note = describe(resolved)
            if note:
                text.append(f" ({note})")
        text.append("\nLast roll ", style="bold")
        if self._last_roll is not None and self._last_roll.lines:
            text.append(self._last_roll.lines[-1])
        else:
            text.append("none yet", style="italic")
        self.query_one("#roll-bar", Static).update(text)

    @on(DataTable.CellHighlighted, "#abilities")
    @on(DataTable.RowHighlighted, "#skills")
    def _picked(self, event) -> None:
        if not event.data_table.has_focus:
            return  # a table filling itself, not the GM's pick
        self._table = event.data_table
        if self._actor is not None:
            self._paint_roll_bar()

    def on_descendant_focus(self, event) -> None:
        if isinstance(event.widget, (AbilityTable, SkillTable)) and event.widget is not self._table:
            self._table = event.widget
            if self._actor is not None:
                self._paint_roll_bar()

    # -- commands up -------------------------------------------------------------------------

    @on(DataTable.CellSelected, "#abilities")
    @on(DataTable.RowSelected, "#skills")
    def _selected(self, event) -> None:
        """Enter on a roll rolls it."""
        self._table = event.data_table
        self.action_roll()

    def action_roll(self) -> None:
        kind, name = self._table.selected
        command = RollSave(self.ref, name, self._mode) if kind == "save" else RollCheck(self.ref, name, self._mode)
        self.post_message(CommandRequested(command))

    def action_roll_mode(self) -> None:
        self._mode = MODES[(MODES.index(self._mode) + 1) % len(MODES)]
        self._paint_rolls()

    def action_heal(self) -> None:
        stepper = self.query_one(HpStepper)
        stepper.used()
        self.post_message(CommandRequested(Heal(self.ref, stepper.amount)))

    def action_damage(self) -> None:
        stepper = self.query_one(HpStepper)
        stepper.used()
        self.post_message(CommandRequested(ApplyDamage(self.ref, stepper.amount)))

    def action_step(self, delta: int) -> None:
        self.query_one(HpStepper).step(delta)

    def action_digit(self, digit: str) -> None:
        self.query_one(HpStepper).type_digit(digit)

    def action_backspace(self) -> None:
        self.query_one(HpStepper).backspace()

    def action_chips(self) -> None:
        self.app.push_screen(ChipDialog(self.ref))

    def action_exhaustion(self, step: int) -> None:
        level = self._actor.exhaustion + step
        if not 0 <= level <= 6:
            refuse(self, "exhaustion", (step,))
            return
        if level == 6:
            name = self._labels.get(self.ref, self._actor.name)
            self.app.push_screen(ConfirmDialog(_death_question(self._actor, name)), self._confirmed_six)
            return
        self.post_message(CommandRequested(SetExhaustion(self.ref, level)))

    def _confirmed_six(self, yes: bool | None) -> None:
        if yes:
            self.post_message(CommandRequested(SetExhaustion(self.ref, 6)))

    def action_stabilize(self) -> None:
        self.post_message(CommandRequested(Stabilize(self.ref)))

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_edit(self) -> None:
        from combat_tui.screens.dnd5e.character_form import CharacterForm  # its stylesheet on first use

        self.app.push_screen(CharacterForm(self.ref))

    def action_level_up(self) -> None:
        from combat_tui.screens.dnd5e.level_up_dialog import LevelUpDialog

        self.app.push_screen(LevelUpDialog(self._actor, self._labels.get(self.ref, self._actor.name)))

    def action_equip(self) -> None:
        name = self._labels.get(self.ref, self._actor.name)
        picker = NamePicker(f"Equip · {name}", equip_groups(self._actor),
                            note="↑↓ choose · Enter puts it on · Esc cancels")  # fmt: skip
        self.app.push_screen(picker, self._equip_picked)

    def _equip_picked(self, item: str | None) -> None:
        if not item:
            return
        command = equip_command(self.ref, item)
        if command is None:
            self.notify(f"{item} is not a weapon, armor or shield.", severity="warning", markup=False)
            return
        self.post_message(CommandRequested(command))

    def action_unequip(self) -> None:
        names = worn(self._actor)
        if not names:
            refuse(self, "unequip")
            return
        label = self._labels.get(self.ref, self._actor.name)
        picker = NamePicker(f"Unequip · {label}", [("", names)],
                            note="↑↓ choose · Enter takes it off · Esc cancels")  # fmt: skip
        self.app.push_screen(picker, self._unequip_picked)

    def _unequip_picked(self, item: str | None) -> None:
        if item:
            self.post_message(CommandRequested(Unequip(self.ref, item)))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.is_mounted or self._actor is None:
            return True
        if action in ("edit", "level_up"):  # a creature's stat block has its own form
            return isinstance(self._actor, Character)
        if action == "unequip":
            return True if worn(self._actor) else None
        if action == "stabilize":  # shown only while the character is dying
            return actor_status(self._actor) == "dying"
        if action == "exhaustion":
            level = self._actor.exhaustion + parameters[0]
            return True if 0 <= level <= 6 else None
        return True

    def refusal(self, action: str, parameters: tuple[object, ...]) -> Reason:
        """Why a key is refused now (screens/refusals.py shows it when pressed)."""
        return key_reasons.sheet(self, action, parameters)


def _speed_note(actor: Actor) -> str:
    """Why the speed is not the sheet's: heavy armor without its Strength, exhaustion."""
    notes = []
    if armor_rules.speed(actor) < actor.speed:
        notes.append(f"{actor.speed} - 10: {actor.armor.name} needs STR {actor.armor.strength}")
    if actor.exhaustion >= 5:
        notes.append("exhaustion 5")
    elif actor.exhaustion >= 2:
        notes.append(f"{armor_rules.speed(actor)} halved")
    return "; ".join(notes)


def _death_question(actor: Actor, name: str) -> str:
    if isinstance(actor, Character):
        then = "three failed death saves and unconscious; the HP stays"
    else:
        then = "0 HP and out of the fight"
    return f"Exhaustion 6 kills {name} ({then}). Set it?"


class ConfirmDialog(ModalScreen[bool]):
    """A yes/no question: `y` answers yes, `n` (or Esc) no."""

    DEFAULT_CSS = """
    ConfirmDialog {
        align: center middle;
        background: $background 60%;
    }
    ConfirmDialog #confirm-box {
        width: 60;
        max-width: 100%;
        height: auto;
        border: thick $error;
        background: $surface;
        padding: 1 2;
    }
    ConfirmDialog #confirm-keys {
        margin-top: 1;
        color: $text-muted;
    }
    """

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="confirm.yes"),
        Binding("n", "answer(False)", "No", id="confirm.no"),
        Binding("escape", "answer(False)", "No", show=False, id="confirm.no-escape"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(Text(self.question), id="confirm-question")
            yield Static("y yes · n no", id="confirm-keys")

    def on_mount(self) -> None:
        self.query_one("#confirm-box").border_title = "Are you sure?"

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
