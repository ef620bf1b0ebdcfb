"""The screens' helpers: status words and the nearby list (no textual here)."""

from attrs import evolve

from combat_tui.core.maps import Tile
from combat_tui.library.goblin_ambush import goblin_ambush
from combat_tui.systems.dnd5e.summary import status
from combat_tui.systems.dnd5e.view import actor_status, nearby_creatures


def test_actor_status_agrees_with_summary_status():
    # ref: Death saves — a character at 0 HP is dying; an encounter creature is defeated.
    state = goblin_ambush()
    state = state.with_actor(evolve(state.actor("mirelle"), hp=0))
    state = state.with_actor(evolve(state.actor("goblin-2"), hp=0))
    for actor in state.characters + state.creatures:
        assert actor_status(actor) == status(state, actor.id)
    assert actor_status(state.actor("mirelle")) == "dying"
    assert actor_status(state.actor("goblin-2")) == "defeated"
    assert actor_status(state.actor("ayla")) == ""


def test_nearby_creatures_nearest_first_with_distance():
    # ref: Combat setup — nearby foes are listed nearest first, with the distance in tiles.
    nearby = nearby_creatures(goblin_ambush())
    assert [(c.id, d) for c, d in nearby] == [
        ("goblin-1", 1), ("goblin-2", 1), ("goblin-3", 1), ("goblin-boss", 1), ("brother-oswin", 2),
        ("wolf-1", 4), ("wolf-2", 4), ("wolf-3", 8), ("wolf-4", 8),
    ]  # fmt: skip


def test_nearby_creatures_leaves_out_the_far_and_other_maps():
    state = goblin_ambush()
    state = state.with_actor(evolve(state.actor("wolf-1"), tile=Tile("greenway", 5, 14)))
    state = state.with_actor(evolve(state.actor("wolf-2"), tile=Tile("elsewhere", 5, 5)))
    refs = [c.id for c, _ in nearby_creatures(state)]
    assert "wolf-1" not in refs and "wolf-2" not in refs
    assert [c.id for c, _ in nearby_creatures(evolve(state, nearby_range=9))][-1] == "wolf-1"
