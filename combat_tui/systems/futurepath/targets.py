"""Whom a declaration most likely aims at, and who is left out of the target list.

The tracker keeps no positions in a ground fight, so "nearest" is the order of the fight: the
first enemy still standing. The fallen (perished, helpless, fled, surrendered: R70) are left out
unless the GM has one highlighted.
"""

from __future__ import annotations

from combat_tui.systems.futurepath.model import FuturePath
from combat_tui.systems.futurepath.rounds import is_down


def target_choices(fp: FuturePath, ref: str, highlighted: str | None = None) -> list[str]:
    """The combatants `ref` may declare on, in the fight's order: the standing, and the
    highlighted one even if fallen."""
    fight = fp.fight
    return [r for r in fight.present if r != ref and (r == highlighted or not is_down(fp, fight, r))]


def likeliest_target(fp: FuturePath, ref: str, highlighted: str | None = None) -> str | None:
    """The highlighted combatant when it is someone else, else the first enemy standing."""
    if highlighted and highlighted != ref:
        return highlighted
    team = fp.actor(ref).team
    fight = fp.fight
    return next((r for r in fight.present if r != ref and fp.actor(r).team != team and not is_down(fp, fight, r)), None)
