"""What the combat screen's turn-tool keys do: `H` holds the current turn, `g` resumes the
inspected held combatant (or the only one), F2 and `w` open the name and note dialogs for the
inspected (or current) combatant, `T` shows or hides the turn timer."""

from __future__ import annotations

from textual.screen import Screen

from combat_tui.screens.dnd5e.fight_text_dialog import NoteDialog, RenameDialog
from combat_tui.screens.messages import CommandRequested
from combat_tui.systems.dnd5e.commands import HoldTurn, ResumeTurn
from combat_tui.systems.dnd5e.fight_view import FightView
from combat_tui.widgets.dnd5e.turn_clock import TurnClock


def turn_tool(screen: Screen, tool: str, view: FightView, inspected: str | None) -> None:
    shown = inspected or view.current_ref
    if tool == "hold":
        screen.post_message(CommandRequested(HoldTurn(view.current_ref)))
    elif tool == "resume":
        held = [c.ref for c in view.fight.combatants if c.held]
        ref = inspected if inspected in held else (held[0] if len(held) == 1 else None)
        if ref is None:
            why = "Inspect the held combatant first ([ or ])." if held else "No one is holding a turn."
            screen.notify(why, timeout=4, markup=False)
        else:
            screen.post_message(CommandRequested(ResumeTurn(ref)))
    elif tool in ("rename", "note"):
        screen.app.push_screen((RenameDialog if tool == "rename" else NoteDialog)(shown))
    elif tool == "clock":
        screen.query_one(TurnClock).toggle()
