"""The sample's Katie has reached the first Extra Damage level, so a fight can show one."""

from __future__ import annotations

from combat_tui.library.space_bears import space_bears
from combat_tui.systems.futurepath.stats import extra_damage


def test_katie_at_level_5_has_one_extra_damage_and_the_others_none():
    # ref: R51 — Extra Damage by Path level (notes §2.2: one at levels 5, 11 and 17)
    actors = {a.id: a for a in space_bears().futurepath.actors}
    assert extra_damage(actors["katie"]) == 1
    assert [extra_damage(actors[ref]) for ref in ("brandon", "james", "art")] == [0, 0, 0]
