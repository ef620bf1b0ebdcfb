"""Detection (notes §2.8, §2.13, R102, R116): a ship is seen when one of the enemy's Passive
Sensors meets its Detection DC (Stealth DC when silent running), at the band's distance."""

from __future__ import annotations

from combat_tui.systems.futurepath.model import Campaign
from combat_tui.systems.futurepath.space.model import SpaceFight
from combat_tui.systems.futurepath.space.stats import band_bonus, detection_dc, passive_sensors, ship, status


def enemies(state: Campaign, space: SpaceFight, ref: str) -> tuple[str, ...]:
    side = ship(state, ref).side
    return tuple(r for r in space.ships if ship(state, r).side != side)


def spotted_by(state: Campaign, space: SpaceFight, target: str) -> tuple[str, int, int]:
    """(the enemy ship with the best Passive Sensors against it, that value, the target's DC)."""
    who = ship(state, target)
    best = ("", 0, detection_dc(who, status(space, target), space.round))
    for ref in enemies(state, space, target):
        st = status(space, ref)
        if st.exploded:
            continue
        dc = detection_dc(who, status(space, target), space.round, band_bonus(space, ref, target))
        value = passive_sensors(ship(state, ref), st, space.round)
        if not best[0] or value - dc > best[1] - best[2]:
            best = (ref, value, dc)
    return best


def detected(state: Campaign, space: SpaceFight, target: str, by_side_of: str = "") -> bool:
    """ref: R116 — detectable by Passive Sensors, or found by a scan of the firing side."""
    _, value, dc = spotted_by(state, space, target)
    if value >= dc:
        return True
    side = ship(state, by_side_of).side if by_side_of else ""
    return any(target in status(space, r).found for r in space.ships if not side or ship(state, r).side == side)


def surprise_preview(state: Campaign, refs: tuple[str, ...]) -> dict[str, tuple[str, int, int]]:
    """ref: R102 — before `space start`: for each ship, `spotted_by` in a fight of these ships
    (silent ones running silent), so ship setup can show who would get the surprise phase."""
    from combat_tui.systems.futurepath.space.model import ShipStatus

    space = SpaceFight(ships=refs, statuses=tuple(ShipStatus(r, silent=ship(state, r).silent) for r in refs))
    return {ref: spotted_by(state, space, ref) for ref in refs}
