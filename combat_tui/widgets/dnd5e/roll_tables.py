"""The sheet's two roll tables: the six abilities with their checks and saves, and the 18 skills.

Each cell shows the bonus and how the roll would come out with the sheet's roll mode: `dis`,
`adv`, or `fails` for a save that a condition fails without a roll (ref: Conditions). ● marks a
proficient save or skill, ●● expertise. The arrows pick a roll: up and down the rows, left and
right between the check and the save, and across from one table to the other.
"""

from __future__ import annotations

from rich.text import Text
from textual.coordinate import Coordinate
from textual.widgets import DataTable

from combat_tui.systems.dnd5e.advantage import resolve
from combat_tui.systems.dnd5e.checks import SKILLS, auto_fail, check_bonus, check_slants, save_bonus, save_slants
from combat_tui.systems.dnd5e.model import ABILITIES, Actor, Character

SHORT = {ability: ability[:3].upper() for ability in ABILITIES}
"""`strength` -> `STR`."""
ROLL_COLUMNS = (1, 2)
"""The ability table's columns a cursor may rest on: Check and Save."""


def skill_title(name: str) -> str:
    """`sleight of hand` -> `Sleight of Hand`."""
    return " ".join(word if word == "of" else word.capitalize() for word in name.split())


def roll_word(slants: tuple, chosen: str, tray: str, fails: str = "") -> str:
    """`fails`, `adv`, `dis`, or empty for one d20, as the roll would come out."""
    if fails:
        return "fails"
    return resolve(slants, chosen, tray).mode


def bonus_cell(bonus: int, word: str, mark: str | None = None) -> Text:
    """`●● +10 dis`: the proficiency mark (None: the column has none), the bonus, the slant."""
    text = Text(justify="left", no_wrap=True)
    if mark is not None:
        text.append(f"{mark:>2}", style="bold")
    text.append(f"{bonus:>+4d}" if mark is not None else f"{bonus:>+3d}")
    if word:
        text.append(f" {word}", style="bold italic")
    return text


class AbilityTable(DataTable):
    """STR 14 | Check +2 | Save ● +5: the cursor rests on a check or a save."""


    DEFAULT_CSS = """
    AbilityTable { height: auto; width: auto; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(cursor_type="cell", zebra_stripes=False, id=id, classes=classes)
        self._built = False

    def show(self, actor: Actor, chosen: str, tray: str) -> None:
        if not self._built:
            self._built = True
            for key, label in (("ability", "Ability"), ("check", "Check"), ("save", "Save")):
                self.add_column(label, key=key)
            for ability in ABILITIES:
                self.add_row("", "", "", key=ability)
            self.cursor_coordinate = Coordinate(0, ROLL_COLUMNS[0])
        for ability in ABILITIES:
            score = getattr(actor.abilities, ability)
            check = bonus_cell(check_bonus(actor, ability), roll_word(check_slants(actor, ability), chosen, tray))
            fails = auto_fail(actor, ability)
            word = roll_word(save_slants(actor, ability), chosen, tray, fails)
            mark = "●" if ability in actor.save_proficiencies else ""
            save = bonus_cell(save_bonus(actor, ability), word, mark)
            name = Text(SHORT[ability], style="bold")
            name.append(f" {score:>2}", style="not bold")
            for column, value in (("ability", name), ("check", check), ("save", save)):
                self.update_cell(ability, column, value, update_width=True)

    @property
    def selected(self) -> tuple[str, str]:
        """(`check` or `save`, the ability) under the cursor."""
        row, column = self.cursor_coordinate
        return ("save" if column == ROLL_COLUMNS[1] else "check"), ABILITIES[row]

    def validate_cursor_coordinate(self, value: Coordinate) -> Coordinate:
        row, column = super().validate_cursor_coordinate(value)
        return Coordinate(row, max(column, ROLL_COLUMNS[0]) if len(self.columns) > ROLL_COLUMNS[0] else column)

    def action_cursor_right(self) -> None:
        if self.cursor_coordinate.column >= ROLL_COLUMNS[1]:
            self.screen.focus_next(SkillTable)
        else:
            super().action_cursor_right()


class SkillTable(DataTable):
    """Perception WIS | ●● | +11: one row per skill; left goes back to the abilities."""

    DEFAULT_CSS = """
    SkillTable { height: auto; width: auto; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(cursor_type="row", zebra_stripes=False, id=id, classes=classes)
        self._built = False

    def show(self, actor: Actor, chosen: str, tray: str) -> None:
        if not self._built:
            self._built = True
            self.add_column("Skill", key="skill")
            self.add_column("Bonus", key="bonus")
            for skill, ability in SKILLS.items():
                name = Text(skill_title(skill), no_wrap=True)
                name.append(f" {SHORT[ability]}", style="dim")
                self.add_row(name, "", key=skill)
        expertise = actor.expertise if isinstance(actor, Character) else ()
        for skill in SKILLS:
            mark = "●●" if skill in expertise else ("●" if skill in actor.skill_proficiencies else "")
            word = roll_word(check_slants(actor, skill), chosen, tray)
            self.update_cell(skill, "bonus", bonus_cell(check_bonus(actor, skill), word, mark), update_width=True)

    @property
    def selected(self) -> tuple[str, str]:
        return "check", list(SKILLS)[self.cursor_row]

    def action_cursor_left(self) -> None:
        self.screen.focus_previous(AbilityTable)
