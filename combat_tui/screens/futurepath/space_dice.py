"""The space phase screen's faces rolled at the table (`g`): typed once, used by the next roll.

`g` opens SpaceDiceDialog: for each key the rules take now for the highlighted ship, which dice
its roll takes (a dry run of its command: the 2d10 of a crew function with a d10 per net
advantage, a Fire's d10 pool), and, as the faces are typed, where they land in each. Enter keeps
them; the next key whose command rolls dice uses them, as `dice` would, for that one command:
the faces it does not reach are dropped, and the roll after it is the app's. A key that rolls
nothing leaves them waiting. A face its die does not have (12 on a d10) is refused with a
message and nothing rolls. The Last Fire box says while faces wait.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from combat_tui.core.session import Session
from combat_tui.screens.futurepath.space_keys import Aim, SpaceKeys
from combat_tui.screens.futurepath.table_roll import check, place, plan, roll_with
from combat_tui.systems.futurepath.dice_roles import say_dice
from combat_tui.widgets.dice_field import DiceField

SKIPPED = ("next", "end", "target")
"""Keys whose faces are not typed here: the phase's end, the fight's end, the target."""
Roll = tuple[str, str, object]
"""(key, what it does, the command it sends) of a key whose command rolls dice."""
WAITING = "#space-pool"
"""Where the screen says faces are waiting."""


def rolling_keys(session: Session, keys: SpaceKeys, aim: Aim, table: tuple[tuple, ...]) -> list[tuple[Roll, str]]:
    """The screen's keys (`table`: key, action, text, ...) whose command rolls dice now, each with
    the dice it takes; a key with choices (which officer) shows its first one's."""
    found = []
    for key, action, text, *_ in table:
        call, _, args = action.partition("(")
        params = tuple(arg.strip("'") for arg in args[:-1].split(",")) if args else ()
        if call in SKIPPED or not keys.known(call):
            continue
        choices = keys.allowed(aim, call, params)
        if not choices:
            continue
        command = choices[0][1]
        dice, more, refusal = plan(session, command)
        if refusal is None and dice:
            found.append(((key, text, command), say_dice(dice) + (f"; {more}" if more else "")))
    return found


class TableFaces:
    """The faces waiting for the screen's next roll."""

    def __init__(self) -> None:
        self.faces: tuple[int, ...] = ()

    def keep(self, screen: Screen, faces: tuple[int, ...] | None) -> None:
        """The dialog's answer: new faces (empty: none wait), None: as they were."""
        if faces is not None:
            self.faces = faces
            self._show(screen)

    def send(self, screen: Screen, command: object) -> bool:
        """Roll `command` on the waiting faces: True when it was rolled or refused here, False
        when no faces wait or it rolls no dice (then it goes as any command does)."""
        app = screen.app
        if not self.faces:
            return False
        placed, _ = place(app.session, command, self.faces)
        if placed.problem:
            app.bell()
            app.notify(f"{placed.problem} g changes the faces.", title="Not rolled", severity="warning", timeout=6,
                       markup=False)  # fmt: skip
            return True
        if not placed.landed:
            return False
        if roll_with(app, command, self.faces):
            self.faces = ()
            self._show(screen)
        return True

    def _show(self, screen: Screen) -> None:
        found = screen.query(WAITING)
        if found:
            waiting = f"faces for the next roll: {' '.join(map(str, self.faces))} (g)" if self.faces else ""
            found.first().border_subtitle = waiting


class _Field(DiceField):
    """The Dice field, which also tells the dialog when it holds no faces (its check is not asked
    then): each key's line goes back to the dice its roll takes."""

    def recheck(self) -> None:
        super().recheck()
        if not self.text.strip() and isinstance(self.screen, SpaceDiceDialog):
            self.screen.show_rolls({})


class SpaceDiceDialog(ModalScreen[tuple[int, ...] | None]):
    """Faces for the next roll, with the dice each key's roll takes; dismissed with the faces
    (Enter) or None (`c`, Esc)."""

    CSS_PATH = "dice_dialog.tcss"
    BINDINGS = [
        Binding("c", "close", "Cancel", id="space-dice.close", tooltip="Close, the faces as they were"),
        Binding("escape", "close", "Cancel", show=False, priority=True, id="space-dice.close-escape"),
    ]  # fmt: skip
    """Esc closes even from the field (its own Esc would only put the faces back)."""

    def __init__(self, ship: str, rolls: list[tuple[Roll, str]], faces: tuple[int, ...]) -> None:
        super().__init__()
        self._ship = ship
        self._rolls = rolls
        self._faces = faces

    def compose(self) -> ComposeResult:
        with Vertical(id="fp-dice-box") as box:
            box.border_title = "Dice rolled at the table"
            yield Static(Text(f"The next roll of {self._ship}'s crew", style="bold"), id="fp-dice-what")
            yield Static("", id="fp-dice-rolls", markup=False)
            yield _Field(self._check, id="fp-dice-field")
            yield Static("Enter keeps them for the next key that rolls · c cancels", id="fp-dice-keys")

    def on_mount(self) -> None:
        field = self.query_one(DiceField)
        field.set_goes("The faces in the order the rules roll them; the next key that rolls takes them")
        field.set_text(" ".join(map(str, self._faces)))
        field.open()
        self.show_rolls({})

    def show_rolls(self, lands: dict[str, str]) -> None:
        """Each key's roll: the dice it takes, or where the typed faces land in it (`lands`)."""
        keys: dict[str, list[str]] = {}  # the keys whose rolls take the same dice share a line
        for (key, _, _), goes in self._rolls:
            keys.setdefault(lands.get(key) or goes, []).append(key)
        lines = [f"{' '.join(same)}: {said}" for said, same in keys.items()]
        self.query_one("#fp-dice-rolls", Static).update("\n".join(lines) or "No key rolls dice now.")

    def _check(self, faces: tuple[int, ...]) -> tuple[str, str]:
        """Where the faces land in each key's roll; refused when they fit none."""
        lands, problems = {}, []
        for (key, _, command), _ in self._rolls:
            note, problem = check(self.app.session, command, faces)
            lands[key] = note or problem
            if problem:
                problems.append(problem)
        self.show_rolls(lands)
        if self._rolls and len(problems) == len(self._rolls):
            return "", problems[0]
        return "", ""

    def on_dice_field_kept(self, event: DiceField.Kept) -> None:
        event.stop()
        self.dismiss(event.faces)

    def on_dice_field_left(self, event: DiceField.Left) -> None:
        event.stop()

    def action_close(self) -> None:
        self.dismiss(None)
