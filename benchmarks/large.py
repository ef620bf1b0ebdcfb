"""A large campaign for the benchmarks: N creatures around the party and a long travelogue."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from attrs import evolve

from combat_tui.core.maps import Tile
from combat_tui.library.goblin_ambush import goblin, goblin_ambush
from combat_tui.storage import write_snapshot
from combat_tui.systems.dnd5e.model import Campaign, Combatant, Fight


def big_campaign(creatures: int = 500) -> Campaign:
    """The sample with `creatures` goblins spread on and around the party's tile."""
    base = goblin_ambush()
    tiles = [Tile(base.party_tile.map, 5 + dx, 5 + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    extra = tuple(evolve(goblin(0, tiles[i % len(tiles)]), id=f"goblin-x{i}") for i in range(creatures))
    return evolve(base, creatures=extra)


def running_fight(combatants: int) -> Campaign:
    """A fight in progress with `combatants` in the order (the four characters among them)."""
    campaign = big_campaign(max(0, combatants - 4))
    refs = [(c.id, "party") for c in campaign.characters] + [(c.id, "foes") for c in campaign.creatures]
    order = tuple(Combatant(ref, side, 30 - i % 30, 2) for i, (ref, side) in enumerate(refs[:combatants]))
    return evolve(campaign, fight=Fight("running", order, 0, 1))


def write_large_folder(folder: Path, creatures: int = 500, log_lines: int = 20_000) -> Path:
    """A campaign folder with `creatures` creatures and a `log_lines`-line travelogue."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    records = log_lines // 4
    with open(folder / "travelogue.jsonl", "w", encoding="utf-8") as journal:
        for seq in range(1, records + 1):
            lines = [f"Goblin {seq % 97} attacks Ayla with Scimitar: d20 {seq % 20 + 1} + 2 DEX + 2 proficiency = 13 vs AC 15, miss."] * 4
            journal.write(json.dumps({"seq": seq, "op": "cmd", "label": "next", "commands": [{"kind": "next"}], "lines": lines}) + "\n")
    write_snapshot(folder, big_campaign(creatures), records)
    return folder
