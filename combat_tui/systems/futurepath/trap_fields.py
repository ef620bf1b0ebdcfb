"""A trap record from (field, value text) pairs, as `trap NAME field=value ...` gives them.

Each field defaults to the page's: a contact trap of level 1, detection DC 10 by construction,
disarm DC 10 ("Traps/Mines")."""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.records import evolve
from combat_tui.systems.futurepath.conditions import canonical
from combat_tui.systems.futurepath.fields import NONE, FieldRejected, dice, new_id, whole, word_list, yes_no
from combat_tui.systems.futurepath.model import FuturePath, Trap
from combat_tui.systems.futurepath.traps import TRIGGERS

LABELS = {
    "trigger": "Trigger", "level": "Trap level", "damage": "Damage", "type": "Damage type", "conditions": "Conditions",
    "rounds": "Rounds", "dc": "Detection DC", "cloaked": "Clocked mine", "stealth": "Stealth mine",
    "electronic": "Electronic", "chasing": "Chasing", "radius": "Radius ft", "disarm": "Disarm DC",
}  # fmt: skip
"""The fields of a trap and the labels their messages use."""


def build(fp: FuturePath, name: str, pairs: tuple[tuple[str, str], ...]) -> Trap:
    if not name.strip() or "=" in name:
        raise CommandRejected("A trap needs a name.", "Such as: trap 'Tripwire Mine' damage=3d6 type=thermal")
    taken = {t.id for t in fp.traps}
    trap = Trap(new_id(name.strip(), taken), name.strip())
    for key, text in pairs:
        trap = _field(trap, key, text)
    return trap


def _field(trap: Trap, key: str, text: str) -> Trap:
    label = LABELS.get(key)
    if label is None:
        raise FieldRejected(key, key, f"traps have no field '{key}'.", "Fields: " + ", ".join(LABELS) + ".")
    match key:
        case "trigger":
            word = text.strip().casefold().replace("proximity", "motion")
            if word not in TRIGGERS:
                raise FieldRejected(key, label, f"'{text}' is not a detonator.", "Detonators: " + ", ".join(TRIGGERS) + ".")
            return evolve(trap, trigger=word)
        case "level" | "rounds":
            return evolve(trap, **{key: whole(key, label, text, 0 if key == "level" else 1, 20 if key == "level" else 100)})
        case "damage":
            return evolve(trap, damage="" if text.casefold() in NONE else dice(key, label, text))
        case "type":
            return evolve(trap, damage_type=text.strip().casefold())
        case "conditions":
            return evolve(trap, conditions=tuple(canonical(w).strip() for w in word_list(text) if w not in NONE))
        case "dc":
            return evolve(trap, base_dc=whole(key, label, text, 0, 60))
        case "disarm":
            return evolve(trap, disarm_dc=whole(key, label, text, 0, 60))
        case "radius":
            feet = whole(key, label, text, 0, 200)
            if feet % 5:
                raise FieldRejected(key, label, f"{feet} ft is not in 5-ft steps.", "Areas come in 5-ft increments.")
            return evolve(trap, radius=feet)
        case _:  # cloaked, stealth, electronic, chasing
            field = {"stealth": "stealth_mine"}.get(key, key)
            return evolve(trap, **{field: yes_no(key, label, text)})


def find_trap(fp: FuturePath, text: str) -> Trap | None:
    wanted = text.strip().casefold()
    return next((t for t in fp.traps if wanted in (t.id, t.name.casefold())), None)


def trap_named(fp: FuturePath, text: str) -> Trap:
    found = find_trap(fp, text)
    if found is None:
        names = ", ".join(t.name for t in fp.traps) or "none yet"
        raise CommandRejected(f"No trap is called '{text}'.", f"Traps: {names}.")
    return found


def with_trap(fp: FuturePath, trap: Trap) -> FuturePath:
    return evolve(fp, traps=tuple(trap if t.id == trap.id else t for t in fp.traps))
