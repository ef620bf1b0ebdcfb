"""CreatureDialog: one creature's disposition, tile and HP, its deletion, and the way to its
creature form and to a template.

ref: Ending a fight — "set its disposition back to hostile in the creature dialog ... move it to
its new tile in the creature dialog." ref: Combat setup — "To fight a friendly or neutral
creature, set its disposition to hostile first." `h`, `n` and `f` set the disposition at once;
the X, Y and HP fields take digits, and Enter in one applies it; `m` picks another map for the
tile; `x` deletes the creature after a question. Each change is one command, so each undoes.

`e` opens the creature form with every field the rules read (AC, the damage defenses, Turn
Resistance, legendary actions ...), whose Save is one command. ref: Creature actions — "A template
that you save from a creature keeps its actions": `t` asks for the template's name (the
creature's own, to start with) and saves it.

ref: Creature actions — the Actions section lists the creature's save actions: `a` adds one and
`o` (or Enter on the list) opens the highlighted one in the action editor, whose Done posts the
change; `r` removes the highlighted one (undo brings it back).
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from combat_tui.core.session import Session
from combat_tui.screens.messages import CommandRequested
from combat_tui.screens.refusals import tell
from combat_tui.systems.dnd5e.commands import (  # fmt: skip
    DeleteCreature,
    PlaceCreature,
    RemoveCreatureAction,
    SaveTemplate,
    SetCreatureAction,
    SetCreatureHp,
    SetDisposition,
)
from combat_tui.systems.dnd5e.creature_actions import action_summary
from combat_tui.systems.dnd5e.model import Campaign, Creature, CreatureAction
from combat_tui.systems.dnd5e.world import DISPOSITIONS, map_name
from combat_tui.widgets.number_input import NumberInput

HINT = ("h hostile · n neutral · f friendly · Tab next field · Enter applies it · m map · e edit all fields"
        " · t save as template · x delete · c close")


class CreatureDialog(ModalScreen[None]):
    """The creature `ref`; it follows the app's state while open, and closes if the creature goes."""

    CSS_PATH = "creature_dialog.tcss"
    AUTO_FOCUS = "#creature-hp"

    BINDINGS = [
        Binding("h", "disposition('hostile')", "Hostile", id="creature.hostile", tooltip="Set the disposition to hostile"),
        Binding("n", "disposition('neutral')", "Neutral", id="creature.neutral", tooltip="Set the disposition to neutral"),
        Binding("f", "disposition('friendly')", "Friendly", id="creature.friendly",
                tooltip="Set the disposition to friendly"),
        Binding("m", "next_map", "Map", show=False, id="creature.map", tooltip="Put the tile on the next map"),
        Binding("x", "delete", "Delete", id="creature.delete", tooltip="Delete the creature (asks first)"),
        Binding("e", "edit_all", "Edit all fields", id="creature.edit-all",
                tooltip="Open the creature form: every field of the creature, saved as one change"),
        Binding("t", "save_template", "Save as template", id="creature.save-template",
                tooltip="Save the creature, with its save actions, as a template (asks for the name)"),
        Binding("a", "add_action", "Add action", id="creature.add-action", tooltip="Add a save action"),
        Binding("o", "open_action", "Open action", id="creature.open-action",
                tooltip="Change the highlighted save action"),
        Binding("r", "remove_action", "Remove action", id="creature.remove-action",
                tooltip="Remove the highlighted save action (undo brings it back)"),
        Binding("c", "close", "Close", id="creature.close"),
        Binding("escape", "close", "Close", show=False, id="creature.close-escape"),
    ]  # fmt: skip
    """Letters act from every field: the fields take digits only."""

    def __init__(self, ref: str) -> None:
        super().__init__()
        self.ref = ref
        self._shown: Creature | None = None
        """The record the fields were last filled from: a field keeps the GM's typing until it changes."""
        self._map = ""
        """The map the tile fields are on (`m` steps through the campaign's maps)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="creature-box"):
            yield Static("", id="creature-facts")
            with Horizontal(classes="creature-row"):
                yield Label("Disposition ", classes="creature-label")
                yield Static("", id="creature-disposition")
            with Horizontal(classes="creature-row"):
                yield Label("Tile ", classes="creature-label")
                yield Label("x ")
                yield NumberInput("", id="creature-x")
                yield Label(" y ")
                yield NumberInput("", id="creature-y")
                yield Static("", id="creature-map")
            with Horizontal(classes="creature-row"):
                yield Label("HP ", classes="creature-label")
                yield NumberInput("", id="creature-hp")
                yield Static("", id="creature-max")
            yield Label("Actions  a add · o open · r remove", classes="creature-label", id="creature-actions-title")
            yield OptionList(id="creature-actions", compact=True)
            yield Static(HINT, id="creature-hint", classes="hint")

    def on_mount(self) -> None:
        self.app.state_changed.subscribe(self, self._state_changed)
        self._state_changed(self.app.session)

    # -- state down --------------------------------------------------------------------------

    def _state_changed(self, session: Session) -> None:
        state = session.state
        creature = state.actor(self.ref)
        if not isinstance(creature, Creature):  # deleted, or an undo took it away
            self.dismiss(None)
            return
        label = session.system.labels(state).get(self.ref, creature.name)
        self.query_one("#creature-box").border_title = f"Creature · {label}"
        self.query_one("#creature-facts", Static).update(_facts(state, creature))
        self.query_one("#creature-disposition", Static).update(_dispositions(creature.disposition))
        self.query_one("#creature-max", Static).update(f" / {creature.max_hp}")
        old, self._shown = self._shown, creature
        if old is None or old.tile != creature.tile:
            self._map = creature.tile.map
            self._fill("#creature-x", creature.tile.x)
            self._fill("#creature-y", creature.tile.y)
        if old is None or old.hp != creature.hp:
            self._fill("#creature-hp", creature.hp)
        self._show_map(state)
        if old is None or old.actions != creature.actions:
            self._list_actions(creature)

    def _list_actions(self, creature: Creature) -> None:
        listing = self.query_one("#creature-actions", OptionList)
        at = listing.highlighted or 0
        listing.clear_options()
        if not creature.actions:
            listing.add_option(Option(Text("No save actions (a: add one).", style="italic"), disabled=True))
            return
        listing.add_options([Option(_action_row(action)) for action in creature.actions])
        listing.highlighted = min(at, len(creature.actions) - 1)

    def _fill(self, selector: str, value: int) -> None:
        field = self.query_one(selector, Input)
        field.value = str(value)
        field.cursor_position = len(field.value)

    def _show_map(self, state: Campaign) -> None:
        text = f" on {map_name(state, self._map)}" + (" (m: next map)" if len(state.maps) > 1 else "")
        self.query_one("#creature-map", Static).update(text)

    # -- commands up -------------------------------------------------------------------------

    def action_disposition(self, disposition: str) -> None:
        self.post_message(CommandRequested(SetDisposition(self.ref, disposition)))

    @on(Input.Submitted, "#creature-x")
    @on(Input.Submitted, "#creature-y")
    def _place(self, event: Input.Submitted) -> None:
        x, y = _number(self.query_one("#creature-x", Input)), _number(self.query_one("#creature-y", Input))
        if x is None or y is None:
            tell(self, "Type the tile as two whole numbers, x and y.")
            return
        creature = self._shown
        same_map = creature is not None and self._map == creature.tile.map
        self.post_message(CommandRequested(PlaceCreature(self.ref, x, y, "" if same_map else self._map)))

    @on(Input.Submitted, "#creature-hp")
    def _hp(self, event: Input.Submitted) -> None:
        hp = _number(event.input)
        if hp is None:
            tell(self, "Type the HP as a whole number.")
            return
        self.post_message(CommandRequested(SetCreatureHp(self.ref, hp)))

    def action_next_map(self) -> None:
        maps = [info.id for info in self.app.session.state.maps]
        if len(maps) < 2:
            tell(self, "The campaign has one map: there is no other to put the tile on.")
            return
        self._map = maps[(maps.index(self._map) + 1) % len(maps)] if self._map in maps else maps[0]
        self._show_map(self.app.session.state)

    def action_delete(self) -> None:
        from combat_tui.screens.dnd5e.sheet import ConfirmDialog

        label = self.query_one("#creature-box").border_title.removeprefix("Creature · ")
        question = f"Delete {label} from the campaign (and from its fight)? Undo brings it back."
        self.app.push_screen(ConfirmDialog(question), self._delete_answered)

    def _delete_answered(self, yes: bool | None) -> None:
        if yes:
            self.post_message(CommandRequested(DeleteCreature(self.ref)))

    def action_close(self) -> None:
        self.dismiss(None)

    def action_edit_all(self) -> None:
        from combat_tui.screens.dnd5e.creature_form import CreatureForm

        self.app.push_screen(CreatureForm(ref=self.ref))

    def action_save_template(self) -> None:
        name = self._shown.name if self._shown is not None else ""
        self.app.push_screen(TemplateNameDialog(name), self._template_named)

    def _template_named(self, name: str | None) -> None:
        if name is not None:
            self.post_message(CommandRequested(SaveTemplate(self.ref, name)))

    # -- the save actions (ref: Creature actions) --------------------------------------------

    def _highlighted(self) -> int | None:
        creature = self._shown
        at = self.query_one("#creature-actions", OptionList).highlighted
        if creature is None or at is None or not 0 <= at < len(creature.actions):
            tell(self, "No save action is highlighted: a adds one.")
            return None
        return at

    def action_add_action(self) -> None:
        from combat_tui.screens.dnd5e.action_editor import ActionEditor

        self.app.push_screen(ActionEditor(f"New action · {self._label()}"), lambda done: self._edited(-1, done))

    @on(OptionList.OptionSelected, "#creature-actions")
    def action_open_action(self) -> None:
        from combat_tui.screens.dnd5e.action_editor import ActionEditor

        at = self._highlighted()
        if at is None or self._shown is None:
            return
        action = self._shown.actions[at]
        editor = ActionEditor(f"{action.name} · {self._label()}", action)
        self.app.push_screen(editor, lambda done: self._edited(at, done))

    def _edited(self, index: int, action: CreatureAction | None) -> None:
        if action is not None:
            self.post_message(CommandRequested(SetCreatureAction(self.ref, index, action)))

    def action_remove_action(self) -> None:
        at = self._highlighted()
        if at is not None:
            self.post_message(CommandRequested(RemoveCreatureAction(self.ref, at)))

    def _label(self) -> str:
        return str(self.query_one("#creature-box").border_title).removeprefix("Creature · ")


class TemplateNameDialog(ModalScreen[str | None]):
    """The name to save a template under: Enter saves (an emptied field: the creature's own name),
    Esc or F3 cancels (letters go into the field)."""

    AUTO_FOCUS = "#template-name"
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="template-name.cancel"),
        Binding("f3", "cancel", "Cancel", show=False, id="template-name.cancel-f3"),
    ]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.default = name

    def compose(self) -> ComposeResult:
        with Vertical(id="template-name-box") as box:
            box.border_title = "Save as template"
            yield Label("Template name (a template of that name is replaced)", classes="hint")
            yield Input(self.default, placeholder=self.default or "a name", compact=True, id="template-name")
            yield Static("Enter saves · Esc or F3 cancels", classes="hint")

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)


def _number(field: Input) -> int | None:
    try:
        return int(field.value.strip())
    except ValueError:
        return None


def _facts(state: Campaign, creature: Creature) -> Text:
    """`Goblin · CR 1/4 · AC 15 · 1 tile from the party` (an NPC says so)."""
    distance = creature.tile.distance(state.party_tile)
    where = "on another map" if distance is None else (
        "on the party's tile" if distance == 0 else f"{distance} tile{'s' if distance != 1 else ''} from the party"
    )  # fmt: skip
    parts = [creature.name, "NPC" if creature.npc else "", f"CR {creature.challenge}" if creature.challenge else "",
             f"AC {creature.ac}", where, "defeated" if creature.hp <= 0 else ""]  # fmt: skip
    return Text(" · ".join(part for part in parts if part))


def _action_row(action: CreatureAction) -> Text:
    """`Cold Breath · DC 13 CON, 4d8 cold, recharge 5-6, half on a save` (spent ones say so)."""
    text = Text(action.name, style="bold")
    text.append(f" · {action_summary(action)}")
    if not action.ready:
        text.append(" · spent", style="italic")
    return text


def _dispositions(current: str) -> Text:
    """The three choices with their keys, the current one reversed."""
    text = Text()
    for disposition in DISPOSITIONS:
        chosen = disposition == current
        text.append(f" {disposition[0]} {disposition} ", style="reverse bold" if chosen else "")
        text.append(" ")
    return text
