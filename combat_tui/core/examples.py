"""The example line the `:` prompt shows: the text forms with the open campaign's own names.

A fixed line named the 5e sample's party (Ayla, Goblin 2) in every campaign, FuturePath's too.
The names and the weapon come from Tab completion (`core.completion`), so they are the labels the
app shows, quoted as they are typed, and a verb the campaign's rule system lacks is left out.
It fits one row at 120 columns for most names (Textual wraps it on a narrower terminal).
Pure: no screen, no file.
"""

from __future__ import annotations

from combat_tui.core.campaign import Campaign
from combat_tui.core.completion import complete

FIXED = "next · attack Ayla 'Goblin 2' rapier · damage 'Goblin 2' 5 · heal Mirelle 4 · show Bren · undo"
"""The line without a campaign to name (a player's seat)."""


def example_line(state: Campaign | None) -> str:
    """`next · attack WHO FOE WEAPON · damage FOE 5 · heal WHO 4 · undo`, each part
    only when the system has the verb and the campaign someone to name. WHO is the first name
    completion offers for a target (the party comes first), FOE the last one it offers."""
    if state is None:
        return FIXED
    verbs = set(complete("", state).candidates)
    slot = next((verb for verb in ("damage", "heal", "attack") if verb in verbs), None)
    names = complete(f"{slot} ", state).candidates if slot else ()  # a TARGET: names only
    who = names[0] if names else None
    foe = names[-1] if len(names) > 1 else None
    parts = ["next"] if "next" in verbs else []
    if "attack" in verbs and who and foe:
        weapons = complete(f"attack {who} {foe} ", state).candidates
        if weapons:
            parts.append(f"attack {who} {foe} {weapons[0]}")
    if "damage" in verbs and foe:
        parts.append(f"damage {foe} 5")
    if "heal" in verbs and who:
        parts.append(f"heal {who} 4")
    parts.append("undo")
    return " · ".join(parts)
