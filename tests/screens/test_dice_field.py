"""DiceField, the shared field of faces rolled at the table: it takes digits, spaces and commas,
leaves every other key to the screen, checks the faces as they are typed, keeps them on Enter and
puts the earlier ones back on Esc.

ref: Issue "Fast at the table", item 3 — "an input of faces like "17" or "17 4 3", validated
against the die sizes as typed, with a clear message for a bad face".
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding

from combat_tui.widgets.dice_field import DiceField


def d20_then_d6(faces: tuple[int, ...]) -> tuple[str, str]:
    """A check as a dialog gives it: a d20, then a d6."""
    for at, (face, sides) in enumerate(zip(faces, (20, 6), strict=False)):
        if face > sides:
            return "", f"Face {at + 1}, {face}, is not on a d{sides}."
    return "Rolls " + ", ".join(f"d{s} {f}" for s, f in zip((20, 6), faces, strict=False)), ""


class FieldApp(App):
    BINDINGS = [Binding("x", "mark", "Mark", id="test.mark")]

    def __init__(self) -> None:
        super().__init__()
        self.marks = 0
        self.kept: list[tuple[int, ...]] = []

    def compose(self) -> ComposeResult:
        yield DiceField(d20_then_d6)

    def action_mark(self) -> None:
        self.marks += 1

    def on_dice_field_kept(self, event: DiceField.Kept) -> None:
        self.kept.append(event.faces)


async def test_digits_go_in_and_every_other_key_goes_on_to_the_screen():
    app = FieldApp()
    async with app.run_test() as pilot:
        field = app.query_one(DiceField)
        field.open()
        await pilot.press("1", "7", "comma", "space", "4", "x")
        await pilot.pause()
        assert field.text == "17, 4" and app.marks == 1
        assert field.faces == (17, 4) and field.shown[1] == "Rolls d20 17, d6 4"


async def test_a_bad_face_is_named_and_enter_keeps_the_keys():
    app = FieldApp()
    async with app.run_test() as pilot:
        field = app.query_one(DiceField)
        field.open()
        await pilot.press("1", "2", "space", "9", "enter")
        await pilot.pause()
        assert field.problem == "Face 2, 9, is not on a d6." and field.faces == ()
        assert field.has_focus_within and app.kept == []
        await pilot.press("backspace", "0")
        await pilot.pause()
        assert field.problem == "'0' is not a die face. Faces are whole numbers from 1 to 1000."


async def test_enter_keeps_the_faces_and_esc_puts_the_kept_ones_back():
    app = FieldApp()
    async with app.run_test() as pilot:
        field = app.query_one(DiceField)
        field.open()
        await pilot.press("1", "2", "enter")
        await pilot.pause()
        assert app.kept == [(12,)] and app.focused is None
        field.open()
        await pilot.press("space", "3", "escape")
        await pilot.pause()
        assert field.text == "12" and app.focused is None and app.kept == [(12,)]
