"""Whom a declaration most likely aims at, and who is left out of the target list.

The tracker keeps no positions in a ground fight, so "nearest" is the order of the fight: the
first enemy still standing. The fallen (perished, helpless, fled, surrendered: R70) are left out
unless the GM has one highlighted. A Bonus Attack follows the Standard Attack: it starts on that
attack's target and, for a combatant with an off-hand weapon, on that weapon (notes §2.4).
"""

from __future__ import annotations

from combat_tui.systems.futurepath.model import FuturePath
from combat_tui.systems.futurepath.rounds import is_down


def target_choices(fp: FuturePath, ref: str, highlighted: str | None = None) -> list[str]:
    """The combatants `ref` may declare on, in the fight's order: the standing, and the
    highlighted one even if fallen."""
    fight = fp.fight
    return [r for r in fight.present if r != ref and (r == highlighted or not is_down(fp, fight, r))]


def likeliest_target(fp: FuturePath, ref: str, highlighted: str | None = None, slot: str = "") -> str | None:
    """The highlighted combatant when it is someone else; for a Bonus Attack (`slot` "bonus"),
    the declared Standard Attack's target while it stands; else the first enemy standing."""
    if highlighted and highlighted != ref:
        return highlighted
    fight = fp.fight
    if slot == "bonus":
        aimed = [d.target for d in fight.declarations if d.actor == ref and d.slot == "standard" and d.category == "attack"]
        if aimed and aimed[-1] and not is_down(fp, fight, aimed[-1]):
            return aimed[-1]
    team = fp.actor(ref).team
    return next((r for r in fight.present if r != ref and fp.actor(r).team != team and not is_down(fp, fight, r)), None)


def likeliest_weapon(fp: FuturePath, ref: str, slot: str = "") -> str:
    """The off-hand weapon for a Bonus Attack of a combatant that has one, else the first weapon."""
    who = fp.actor(ref)
    if slot == "bonus" and who.off_hand and any(w.name == who.off_hand for w in who.weapons):
        return who.off_hand
    return who.weapons[0].name if who.weapons else ""
