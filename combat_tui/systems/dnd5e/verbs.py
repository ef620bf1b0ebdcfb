"""The text forms of the 5e commands (DESIGN.md §5, docs/commands.md): verb -> handler.

The kernel (`core/text.py`) splits a line and hands its words to the handler of its verb; the
fight's verbs are in `verbs_fight.py`, the world's in `verbs_world.py`, the turn economy's in
`verbs_turn.py`, and `formats.py` writes a command back in the same form.
"""

from __future__ import annotations

from collections.abc import Callable

from combat_tui.core.text import Args, Parsed
from combat_tui.systems.dnd5e.formats import format_command
from combat_tui.systems.dnd5e.verbs_build import BUILD_USAGE, BUILD_VERBS
from combat_tui.systems.dnd5e.verbs_fight import FIGHT_USAGE, FIGHT_VERBS
from combat_tui.systems.dnd5e.verbs_tools import TOOL_USAGE, TOOL_VERBS
from combat_tui.systems.dnd5e.verbs_turn import TURN_USAGE, TURN_VERBS
from combat_tui.systems.dnd5e.verbs_world import WORLD_USAGE, WORLD_VERBS

VERBS: dict[str, Callable[[Args], Parsed]] = {**FIGHT_VERBS, **WORLD_VERBS, **TURN_VERBS, **BUILD_VERBS, **TOOL_VERBS}
USAGE: dict[str, str] = {**FIGHT_USAGE, **WORLD_USAGE, **TURN_USAGE, **BUILD_USAGE, **TOOL_USAGE}

__all__ = ["USAGE", "VERBS", "format_command"]
