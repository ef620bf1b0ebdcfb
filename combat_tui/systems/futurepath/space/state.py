"""Small helpers that put a changed ship status, fight or ship back into the campaign."""

from __future__ import annotations

from combat_tui.core.records import evolve
from combat_tui.systems.futurepath.model import Campaign
from combat_tui.systems.futurepath.space.model import Pending, Ship, ShipStatus, SpaceFight, TakenAction
from combat_tui.systems.futurepath.stats import fp_state


def with_space(state: Campaign, space: SpaceFight | None) -> Campaign:
    return evolve(state, futurepath=evolve(fp_state(state), space=space))


def with_ship(state: Campaign, ship: Ship) -> Campaign:
    fp = fp_state(state)
    return evolve(state, futurepath=evolve(fp, ships=tuple(ship if s.id == ship.id else s for s in fp.ships)))


def with_status(space: SpaceFight, status: ShipStatus) -> SpaceFight:
    statuses = tuple(status if s.ship == status.ship else s for s in space.statuses)
    if all(s.ship != status.ship for s in space.statuses):
        statuses += (status,)
    return evolve(space, statuses=statuses)


def add_pending(space: SpaceFight, *pending: Pending) -> SpaceFight:
    return evolve(space, pending=space.pending + pending)


def taken(space: SpaceFight, ship: str, position: str, action: str, target: str = "", result: str = "") -> SpaceFight:
    """Record a position's one action this round (R103) for the phase screen."""
    st = space.status(ship)
    assert st is not None
    space = with_status(space, evolve(st, acted=st.acted + (position,)))
    return evolve(space, actions=space.actions + (TakenAction(ship, position, space.phase, action, target, result),))
