"""Numbers read off a ship: Core System Attribute modifiers with Boosts and damage, and the
secondary attributes (notes §2.8): Reflectors, Damage Resistance, BD-DC, Tracking DC, Passive
Sensors, Detection and Stealth DC, initiative and movement."""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.systems.futurepath.model import Campaign
from combat_tui.systems.futurepath.space.model import ATTRIBUTES, Ship, ShipStatus, SpaceFight
from combat_tui.systems.futurepath.space.tables import space_tables
from combat_tui.systems.futurepath.stats import fp_state


def ships(state: Campaign) -> tuple[Ship, ...]:
    return fp_state(state).ships


def ship(state: Campaign, ref: str) -> Ship:
    for found in fp_state(state).ships:
        if found.id == ref:
            return found
    raise CommandRejected(f"No ship has the id '{ref}'.")


def fight(state: Campaign) -> SpaceFight:
    space = fp_state(state).space
    if space is None:
        raise CommandRejected("No space fight is running.", "Start one with 'space start'.")
    return space


def status(space: SpaceFight | None, ref: str) -> ShipStatus:
    found = space.status(ref) if space is not None else None
    return found if found is not None else ShipStatus(ref)


def spoofed(space: SpaceFight | None, target: str) -> int:
    """ref: §2.12 Sensor Spoofing — the disadvantage an enemy's scan or targeting check against
    `target` takes this round."""
    return 1 if space is not None and status(space, target).spoofed == space.round else 0


def modifier(score: int) -> int:
    """ref: §2.8 — floor((score - 10) / 2)."""
    return (score - 10) // 2


def score(who: Ship, attribute: str, st: ShipStatus | None = None) -> int:
    """The score less specified-targeting damage on it (§2.13: a CSA's "HP" is its score)."""
    if attribute not in ATTRIBUTES:
        raise CommandRejected(f"'{attribute}' is not a Core System Attribute.", "They are: " + ", ".join(ATTRIBUTES) + ".")
    base = getattr(who.attributes, attribute)
    if st is not None:
        base -= sum(d.points for d in st.systems if d.system == attribute)
    return base


def mod(who: Ship, attribute: str, st: ShipStatus | None = None, round_: int = 0) -> int:
    """The modifier with this round's Boosts and disruptions (§2.12, §2.13)."""
    value = modifier(score(who, attribute, st))
    if st is not None:
        value += sum(change for name, change, last in st.boosts if name == attribute and last >= round_)
    return value


def side_effects(st: ShipStatus | None, round_: int) -> tuple[str, ...]:
    """The chart effects in force on a ship (R107, A46)."""
    if st is None:
        return ()
    tables = space_tables()
    return tuple(tables.row(d.roll).effect for d in st.damage if d.armed and not d.side_repaired and d.ends >= round_)


def active_damage(st: ShipStatus | None, round_: int) -> tuple:
    """The Battle Damage whose side effects are in force."""
    if st is None:
        return ()
    return tuple(d for d in st.damage if d.armed and not d.side_repaired and d.ends >= round_)


def shields_up(st: ShipStatus | None, round_: int) -> bool:
    return st is None or not (st.silent or st.shields_back > round_)


def shield_mod(who: Ship, st: ShipStatus | None, round_: int) -> int:
    return mod(who, "shields", st, round_) if shields_up(st, round_) else 0


def reflectors(who: Ship, st: ShipStatus | None = None, round_: int = 0) -> int:
    """ref: §2.8 — 4 + Shield mod: the per-die threshold of a Fire against this ship (R114)."""
    return 4 + shield_mod(who, st, round_)


def resistance(who: Ship, st: ShipStatus | None = None, round_: int = 0) -> int:
    """ref: §2.8, A42 — 4 + Structure mod: the successes a Fire needs (R114)."""
    return 4 + mod(who, "structure", st, round_)


def tactical_mobility(who: Ship, st: ShipStatus | None = None, round_: int = 0) -> int:
    if "eps" in side_effects(st, round_):
        return 0  # chart 10: the Engines' bonus to Tracking DC is lost
    if st is not None and any(last >= round_ for _, last in st.grappled_by):
        return 0  # grappled: the same
    value = mod(who, "engines", st, round_)
    return min(value, who.pilot_skill) if who.pilot_skill else value


def band_bonus(space: SpaceFight | None, a: str, b: str) -> int:
    if space is None:
        return 0
    from combat_tui.systems.futurepath.space.distance import band_of

    return space_tables().band(band_of(space, a, b)).bonus


def tracking_dc(who: Ship, st: ShipStatus | None = None, round_: int = 0, bonus: int = 0) -> int:
    """ref: §2.8 — 10 + (Tactical Mobility + Shield mod) - Structure mod + size mod; Feint +4."""
    hull = space_tables().hull(who.size)
    value = 10 + tactical_mobility(who, st, round_) + shield_mod(who, st, round_) - mod(who, "structure", st, round_)
    value += hull.size_mod + bonus
    if st is not None and st.helm == "feint":
        value += 4
    return value


def passive_sensors(who: Ship, st: ShipStatus | None = None, round_: int = 0) -> int:
    """ref: §2.8 — 10 + Sensor mod, minimum 9 unless the sensors are damaged."""
    value = 10 + mod(who, "sensors", st, round_)
    damaged = st is not None and (any(d.system == "sensors" for d in st.systems) or "sensor-array" in side_effects(st, round_))
    return value if damaged else max(9, value)


def detection_dc(who: Ship, st: ShipStatus | None = None, round_: int = 0, bonus: int = 0) -> int:
    """ref: §2.8 — the hull's Detection DC, -1 per +2 Shield mod while shields are up; silent
    running adds the Electronics mod if positive (Stealth DC, §2.13); plus the band's bonus."""
    value = space_tables().hull(who.size).detection_dc + bonus
    if shields_up(st, round_):
        value -= max(0, shield_mod(who, st, round_)) // 2
    if st is not None and st.silent:
        value += max(0, mod(who, "electronics", st, round_))
    return value + cloak_bonus(who, st, round_)


CLOAKS = ("absorbent", "emitter", "hybrid")
"""The cloaking devices of the wiki's Cloak page: Frequency Absorbent Material (passive, +1),
Wave Disrupting Emitter (2 + Electronics mod, +3 with the shields down) and Hybrid Full Spectrum
(4 + Electronics mod, shields down, tech level 3 or more); an activated one takes a round."""


def cloak_fits(who: Ship) -> str:
    """Why this ship cannot carry its cloak (empty: it can): not smaller than Small, not Colossal,
    the hybrid on a tech level 3 ship or higher."""
    tables = space_tables()
    if tables.step(who.size) > tables.step("small") or who.size == "colossal":
        return f"a {who.size.capitalize()} ship cannot carry a cloak (Small to Gargantuan only)"
    if who.cloak == "hybrid" and who.tech_level < 3:
        return "a hybrid cloak needs a ship of tech level 3 or more"
    return ""


def cloak_bonus(who: Ship, st: ShipStatus | None, round_: int) -> int:
    """ref: §2.12 Cloak — what the ship's cloak adds to its Detection DC this round."""
    if not who.cloak or cloak_fits(who):
        return 0
    if who.cloak == "absorbent":
        return 1
    if st is None or not st.cloak or st.cloak > round_:
        return 0
    down = not shields_up(st, round_)
    electronics = mod(who, "electronics", st, round_)
    if who.cloak == "hybrid":
        return max(0, 4 + electronics) if down else 0
    return max(0, 2 + electronics) + (3 if down else 0)


def initiative(who: Ship, st: ShipStatus | None = None, round_: int = 0) -> int:
    """ref: §2.8 — (Engines + Sensors) - Structure, by modifiers."""
    return mod(who, "engines", st, round_) + mod(who, "sensors", st, round_) - mod(who, "structure", st, round_)


def movement(who: Ship, st: ShipStatus | None = None, round_: int = 0) -> int:
    return 4 + mod(who, "engines", st, round_)


def max_damage(who: Ship) -> int:
    """ref: R109 — 0 to 5 by hull size."""
    return space_tables().hull(who.size).max_damage


def size_steps(attacker: Ship, target: Ship) -> int:
    """How many sizes larger the target is (negative: smaller)."""
    tables = space_tables()
    return tables.step(attacker.size) - tables.step(target.size)


def crypto_level(who: Ship) -> int | None:
    """ref: the wiki's Crypto page — "A Crypto machine is installed in a Bay": a bay named Crypto,
    its Classification level the number ending its name (`Crypto 2`), else 0; None: no machine."""
    for bay in who.bays:
        words = bay.name.casefold().split()
        if words and words[0] == "crypto":
            return int(words[-1]) if len(words) > 1 and words[-1].isdecimal() and len(words[-1]) < 4 else 0
    return None


def crypto_bonus(who: Ship) -> int:
    """ref: Crypto — "the Hacker DC for Gather Information increases by 1, and +1 for every
    Classification level of the Crypto Bay"."""
    level = crypto_level(who)
    return 0 if level is None else 1 + level
