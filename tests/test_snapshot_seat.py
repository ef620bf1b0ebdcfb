"""SVG snapshots of a player's seat (combat-tui seat): Ayla's seat on her turn, fed with one fixed
view record and its log (no socket, no GM). The foes show a health word, never their HP."""

from __future__ import annotations

import pytest

from combat_tui.seats.app import SeatApp

SIZES = [(80, 24), (160, 48)]
SIZE_IDS = ["80x24", "160x48"]

VIEW = {
    "campaign": "Goblin Ambush",
    "stage": "running",
    "round": 2,
    "order": [["Ayla", "party", True], ["Goblin 1", "foes", False], ["Ser Aldric", "party", False],
              ["Goblin 2", "foes", False], ["Mirelle", "party", False], ["someone", "foes", False]],  # fmt: skip
    "party": [
        {"ref": "ayla", "label": "Ayla", "hp": 18, "max_hp": 22, "status": "", "saves": [0, 0], "chips": []},
        {"ref": "aldric", "label": "Ser Aldric", "hp": 31, "max_hp": 34, "status": "", "saves": [0, 0],
         "chips": ["Blessed"]},  # fmt: skip
        {"ref": "mirelle", "label": "Mirelle", "hp": 0, "max_hp": 19, "status": "dying", "saves": [1, 1],
         "chips": ["Unconscious", "Prone"]},  # fmt: skip
    ],
    "foes": [
        {"ref": "goblin-1", "label": "Goblin 1", "health": "bloodied", "status": "", "chips": ["Poisoned"]},
        {"ref": "goblin-2", "label": "Goblin 2", "health": "unhurt", "status": "", "chips": []},
    ],
    "map": {"name": "Forest Road", "width": 30, "height": 20, "party": [10, 8],
            "marks": [[12, 7, "A", "character"], [11, 8, "g", "hostile"], [13, 9, "g", "hostile"],
                      [6, 5, "o", "neutral"], [10, 8, "@", "party"]]},  # fmt: skip
    "me": "ayla",
    "my_turn": True,
}
LOG = [
    "Round 2.",
    "Goblin 1 attacks Mirelle with Scimitar: 17 vs AC 12, hit.",
    "Damage: 6 slashing.",
    "Mirelle takes 6 slashing damage (6 → 0 HP).",
    "Mirelle drops to 0 HP and is dying (Unconscious, Prone).",
    "Goblin 2 rolls a Dexterity save: 9.",
    "Ayla's turn.",
]


def seat() -> SeatApp:
    app = SeatApp("/nowhere/goblin-ambush", "Ayla", connect=False)
    app.status = "connected"
    return app


async def fed(pilot) -> None:
    app = pilot.app
    app.receive({"t": "welcome", "me": "ayla", "label": "Ayla", "locked": False})
    app.receive({"t": "view", "view": VIEW, "keep": 0, "reset": True, "log": LOG})
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_seat_screen(snap_compare, size):
    assert snap_compare(seat(), run_before=fed, terminal_size=size)
