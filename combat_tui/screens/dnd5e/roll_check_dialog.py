"""RollCheckDialog: a saving throw, an ability or skill check, or a death save, rolled with the
faces a player rolled at the table (ref: Character sheet — saves and checks; ref: Death saves).

The rows: the combatant, what is rolled (Saving throw, Ability check, Death save for a dying
character), the ability or skill, the Roll mode, the bonus and the d20's reasons, and the Dice row
of typed faces (`roll_faces`). Rolling posts the line the `save`, `check` and `deathsave` verbs
make (`save NAME ABILITY [adv|dis|normal]`; the verbs take no DC, so the GM compares the total);
the dialog keeps the result on show, as the attack dialog does. Opened on the dying character
whose turn it is, it starts on the death save with the Dice field taking the keys: type "14",
Enter rolls it and the dialog closes (the fight's log shows the line).

Keys: w combatant (W back), k what is rolled, a ability or skill (A back), / finds one by name,
v roll mode, d the dice rolled at the table, r or Enter roll, u undo and U redo, c or Esc close.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.content import Content

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.history import Entry
from combat_tui.core.session import Session
from combat_tui.screens.dnd5e import key_reasons
from combat_tui.screens.dnd5e.name_picker import NamePicker
from combat_tui.screens.dnd5e.roll_dialog import (
    KEY,
    MODES,
    OUT,
    RollDialog,
    choices,
    cycle,
    d20_text,
    next_mode,
    roll_keys,
)
from combat_tui.screens.dnd5e.roll_faces import faces_key
from combat_tui.screens.refusals import Reason, refuse
from combat_tui.systems.dnd5e.advantage import resolve
from combat_tui.systems.dnd5e.checks import SKILLS, auto_fail, check_bonus, check_slants, save_bonus, save_slants
from combat_tui.systems.dnd5e.commands import RollCheck, RollDeathSave, RollSave
from combat_tui.systems.dnd5e.conditions import blessed
from combat_tui.systems.dnd5e.model import ABILITIES, Character
from combat_tui.systems.dnd5e.view import actor_index, actor_status

KINDS = (("save", "Saving throw"), ("check", "Ability check"), ("death", "Death save"))
CHECKS = ABILITIES + tuple(sorted(SKILLS))
"""What a check rolls: an ability, or a skill."""


def title(name: str) -> str:
    """`sleight of hand` -> `Sleight of Hand`."""
    return " ".join(word if word == "of" else word.capitalize() for word in name.split())


class RollCheckDialog(RollDialog):
    """A save, check or death save of one combatant; dismissed with None."""

    CSS_PATH = "roll_check_dialog.tcss"
    PREFIX = "check"
    ROW_ID = "check-row-"
    RESULT = ("Last roll", 2)
    ROWS = (
        ("who", "Who", "w"), ("kind", "Roll", "k"), ("what", "Ability", "a"), ("mode", "Roll mode", "v"),
        ("bonus", "Bonus", ""), ("d20", "d20", ""), ("faces", "Dice", "d"), ("problem", "", ""),
    )  # fmt: skip

    BINDINGS = [
        Binding("w", "who(1)", "Who", id="check.who", tooltip="The next combatant in the turn order"),
        Binding("W", "who(-1)", "Previous combatant", show=False, id="check.who-back"),
        Binding("k", "kind", "Save/check", id="check.kind",
                tooltip="Saving throw, ability check, or a dying character's death save"),
        Binding("a", "what(1)", "Ability", id="check.what", tooltip="The next ability (or skill, for a check)"),
        Binding("A", "what(-1)", "Previous ability", show=False, id="check.what-back"),
        Binding("slash", "find", "Find", show=False, key_display="/", id="check.find",
                tooltip="Pick the ability or skill by typing part of its name"),
        Binding("v", "mode", "Roll mode", id="check.mode", tooltip="Auto, Advantage, Disadvantage, Normal"),
        faces_key("check"),
        *roll_keys("check", "roll", "Roll", "Roll it (again after a roll)", "the roll"),
    ]  # fmt: skip
    READY_ACTION = "roll"

    def __init__(self, ref: str, kind: str = "save", what: str = "dexterity") -> None:
        super().__init__()
        self.ref = ref
        self.kind = kind
        self.what = what
        """The ability of a save; the ability or skill of a check."""
        self.mode = ""
        self._order: list[str] = []

    # -- state down --------------------------------------------------------------------------

    def on_mount(self) -> None:
        super().on_mount()
        if self.kind == "death":
            self.call_after_refresh(self.action_faces)  # the player's d20 is typed at once

    def _take_state(self, session: Session, first: bool) -> None:
        actors = actor_index(session.state)
        self._order = [c.ref for c in session.state.fight.combatants
                       if c.ref in actors and actor_status(actors[c.ref]) not in OUT]  # fmt: skip
        if self.ref not in self._order and self._order:
            self.ref = self._order[0]
        if self.kind == "death" and not self.can_death_save():
            self.kind = "save"

    def _result_arrived(self, session: Session, entry: Entry) -> None:
        if isinstance(entry.commands[0], RollDeathSave):
            self.dismiss(None)  # rolled once a turn: nothing more to do here

    # -- settings ----------------------------------------------------------------------------

    @property
    def actor(self):
        return actor_index(self._state).get(self.ref) if self._state is not None else None

    def can_death_save(self) -> bool:
        actor = self.actor
        return isinstance(actor, Character) and actor_status(actor) == "dying"

    def kinds(self) -> list[str]:
        return [kind for kind, _ in KINDS if kind != "death" or self.can_death_save()]

    def choices_now(self) -> tuple[str, ...]:
        return CHECKS if self.kind == "check" else ABILITIES

    def command(self) -> RollSave | RollCheck | RollDeathSave | None:
        if self.actor is None:
            return None
        if self.kind == "death":
            return RollDeathSave(self.ref)
        if self.kind == "check":
            return RollCheck(self.ref, self.what, self.mode)  # type: ignore[arg-type]
        return RollSave(self.ref, self.what, self.mode)  # type: ignore[arg-type]

    # -- showing -----------------------------------------------------------------------------

    def _show(self) -> None:
        actor = self.actor
        if actor is None:
            return
        box = self.query_one("#check-box")
        box.border_title = dict(KINDS)[self.kind]
        box.border_subtitle = self._label(self.ref)
        at = self._order.index(self.ref) + 1 if self.ref in self._order else 0
        self._set("who", f"{self._label(self.ref)}  {actor.hp}/{actor.max_hp} HP   ({at} of {len(self._order)})")
        self._set("kind", choices([(k, name) for k, name in KINDS if k in self.kinds()], self.kind))
        death = self.kind == "death"
        named = "Skill" if self.kind == "check" and self.what in SKILLS else "Ability"
        self._label_row("what", Content.assemble(("a", KEY), f" {named}"))
        self._set("what", "" if death else title(self.what))
        self._set("mode", "" if death else choices(MODES, self.mode))
        self._set("bonus", "" if death else self._bonus_text(actor))
        self._set("d20", self._d20_text(actor))
        self._set("problem", self._problem(), "-problem")
        self._set_ready(self.command() is not None)

    def _bonus_text(self, actor) -> str:
        if self.kind == "check":
            return f"{check_bonus(actor, self.what):+d}"
        bless = ", + d4 Bless" if blessed(actor) else ""
        return f"{save_bonus(actor, self.what):+d}{bless}"

    def _d20_text(self, actor) -> str:
        if self.kind == "death":
            return "d20 against DC 10, no modifier: a 1 counts as two failures, a 20 wakes at 1 HP"
        if self.kind == "save" and (failed_by := auto_fail(actor, self.what)):
            return f"Fails automatically ({failed_by}), no roll"
        slants = check_slants(actor, self.what) if self.kind == "check" else save_slants(actor, self.what)
        return d20_text(resolve(slants, self.mode, self._state.d20_mode))

    def _problem(self) -> str:
        """What the rules would refuse, from a dry run on throwaway dice."""
        command = self.command()
        if command is None:
            return "No one to roll for."
        try:
            self.app.session.system.apply(self._state, command, Dice(0))
        except CommandRejected as error:
            return error.reason
        return ""

    def _faces_goes(self, command: object | None) -> str:
        actor = self.actor
        if command is None or actor is None:
            return "Nothing to roll"
        if self.kind == "death":
            return "d20 for the death save: type it, Enter rolls"
        if self.kind == "save" and auto_fail(actor, self.what):
            return "No roll: the save fails automatically"
        slants = check_slants(actor, self.what) if self.kind == "check" else save_slants(actor, self.what)
        mode = resolve(slants, self.mode, self._state.d20_mode).mode
        d20 = {"adv": "2 d20 (advantage)", "dis": "2 d20 (disadvantage)"}.get(mode, "d20")
        bless = ", then d4 for Bless" if self.kind == "save" and blessed(actor) else ""
        return f"{d20} for the {'check' if self.kind == 'check' else 'save'}{bless}"

    # -- keys --------------------------------------------------------------------------------

    def _changed(self) -> None:
        self._show()
        self._show_faces()

    def action_who(self, step: int) -> None:
        if len(self._order) < 2:
            refuse(self, "who", (step,))
            return
        self.ref = cycle(self._order, self.ref, step)
        if self.kind == "death" and not self.can_death_save():
            self.kind = "save"
        self._changed()
        self.refresh_bindings()

    def action_kind(self) -> None:
        self.kind = cycle(self.kinds(), self.kind)
        if self.what not in self.choices_now():
            self.what = "dexterity"
        self._changed()
        self.refresh_bindings()

    def action_what(self, step: int) -> None:
        if self.kind == "death":
            refuse(self, "mode")
            return
        self.what = cycle(self.choices_now(), self.what, step)
        self._changed()

    def action_find(self) -> None:
        if self.kind == "death":
            refuse(self, "mode")
            return
        groups = [("Abilities", [title(a) for a in ABILITIES])]
        if self.kind == "check":
            groups.append(("Skills", [title(s) for s in sorted(SKILLS)]))

        def picked(name: str | None) -> None:
            if name:
                self.what = name.casefold()
                self._changed()

        self.app.push_screen(NamePicker("Save" if self.kind == "save" else "Check", groups), picked)

    def action_mode(self) -> None:
        if self.kind == "death":
            refuse(self, "mode")
            return
        self.mode = next_mode(self.mode)
        self._changed()

    def _faces_kept(self, faces: tuple[int, ...]) -> None:
        if self.kind == "death" and faces:
            self.action_roll()  # the death save's route: S, the face, Enter

    def action_roll(self) -> None:
        command = self.command()
        if command is None:
            refuse(self, "roll")
            return
        self._post(command)

    def action_close(self) -> None:
        self.dismiss(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("what", "find", "mode"):
            return self.kind != "death"
        return super().check_action(action, parameters)

    def refusal(self, action: str, parameters: tuple[object, ...]) -> Reason:
        """Why a key is refused now (screens/refusals.py shows it when pressed)."""
        return key_reasons.check(self, action, parameters)
