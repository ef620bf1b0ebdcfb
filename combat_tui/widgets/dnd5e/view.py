"""The combat widgets' view of a fight; it lives with the rules now (pure data), named here too."""

from __future__ import annotations

from combat_tui.systems.dnd5e.fight_view import FightView
from combat_tui.systems.dnd5e.view import actor_index, position_index

__all__ = ["FightView", "actor_index", "position_index"]
