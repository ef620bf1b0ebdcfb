"""The fields of a ship as the editing commands carry them: (field, value text) pairs.

`FIELDS` are the ship's own (hull, side, the six Core System Attributes, notes §2.8); a hard point
is `pointN.name` / `pointN.weapon`, a bay `bayN.name` / `bayN.external` (N counts from 1 in the
list as it was before the command; the next N adds one, `pointN=none` removes one); a crew post is
`crew.POSITION` (a character's label, or an NPC's name; none empties it) with `.bonus`, `.wisdex`
and `.out`. `build` applies pairs and checks the ship as a whole: the hull's hard points and bays.
"""

from __future__ import annotations

from collections.abc import Mapping

from combat_tui.core.records import evolve
from combat_tui.systems.futurepath.combatant_fields import name_text, team_ref
from combat_tui.systems.futurepath.fields import (
    NONE,
    FieldRejected,
    FieldSpec,
    item_key,
    unknown,
    whole,
    yes_no,
    yes_text,
)
from combat_tui.systems.futurepath.model import FuturePath
from combat_tui.systems.futurepath.space.crew import TITLES
from combat_tui.systems.futurepath.space.model import ATTRIBUTES, POSITIONS, Bay, CrewPost, HardPoint, Ship
from combat_tui.systems.futurepath.space.stats import CLOAKS, cloak_fits
from combat_tui.systems.futurepath.space.tables import space_tables

FIELDS = (
    FieldSpec("name", "Name", "a name"),
    FieldSpec("side", "Side", "a team"),
    FieldSpec("size", "Hull", "medium"),
    FieldSpec("military", "Military", kind="yesno"),
    FieldSpec("tech", "Tech level", "1-4", "number"),
    FieldSpec("pilot", "Pilot skill", "0 no cap", "number"),
    *(FieldSpec(name, name.capitalize(), "10", "number") for name in ATTRIBUTES),
    FieldSpec("swarm", "Swarm", "none"),
    FieldSpec("silent", "Silent", kind="yesno"),
    FieldSpec("cloak", "Cloak", "none, absorbent, emitter, hybrid"),
)  # fmt: skip
"""The ship's own fields, in the order a form shows them."""
POINT_FIELDS = (FieldSpec("name", "Name", "by its weapon"), FieldSpec("weapon", "Weapon", "laser, plasma, kinetic, rocket"))
BAY_FIELDS = (FieldSpec("name", "Name", "a name"), FieldSpec("external", "External", kind="yesno"))
CREW_FIELDS = (
    FieldSpec("", "Crew", "a character or an NPC's name"),
    FieldSpec("bonus", "Bonus", "0", "number"),
    FieldSpec("wisdex", "WIS/DEX mod", "0", "number"),
    FieldSpec("out", "Out of action", kind="yesno"),
)  # fmt: skip
"""A crew post's fields: `crew.helm` (who), `crew.helm.bonus` ..."""

KEYS = tuple(spec.key for spec in FIELDS)
LABELS = {spec.key: spec.label for spec in FIELDS}
ITEMS = {"point": ("Hard point", {s.key: s.label for s in POINT_FIELDS}), "bay": ("Bay", {s.key: s.label for s in BAY_FIELDS})}
CREW_LABELS = {spec.key: spec.label for spec in CREW_FIELDS}


def read(fp: FuturePath, ship: Ship, key: str) -> str:
    """A field's value as the text a form shows."""
    if key in ATTRIBUTES:
        return str(getattr(ship.attributes, key))
    team = fp.team(ship.side)
    texts = {"name": ship.name, "side": team.name if team else ship.side, "size": ship.size, "military": yes_text(ship.military),
             "tech": str(ship.tech_level), "pilot": str(ship.pilot_skill), "swarm": ship.swarm, "silent": yes_text(ship.silent),
             "cloak": ship.cloak or "none"}  # fmt: skip
    return texts[key]


def read_crew(ship: Ship, position: str, sub: str, names: Mapping[str, str]) -> str:
    """A crew post's field as text; `names` are the characters' labels (who sits there)."""
    post = ship.post(position) or CrewPost(position)
    texts = {"": names.get(post.actor, post.actor) if post.actor else post.name, "bonus": str(post.bonus),
             "wisdex": str(post.wis_dex), "out": yes_text(post.out)}  # fmt: skip
    return texts[sub]


def point_line(point: HardPoint) -> str:
    return f"{point.name} ({point.weapon})"


def bay_line(bay: Bay) -> str:
    return bay.name + (" (external)" if bay.external else "")


def limits(ship: Ship) -> tuple[int, int]:
    """(hard points, bays) the hull holds (notes §2.8: by size, military or civilian)."""
    hull = space_tables().hull(ship.size)
    return hull.military if ship.military else hull.civilian


def build(fp: FuturePath, base: Ship, pairs: tuple[tuple[str, str], ...], names: Mapping[str, str], *,
          new: bool = False) -> Ship:  # fmt: skip
    """`base` with the pairs applied in order, then checked as a whole."""
    ship = base
    lists: dict[str, list] = {"point": list(base.hard_points), "bay": list(base.bays)}
    removed: dict[str, set[int]] = {"point": set(), "bay": set()}
    posts = {p.position: p for p in base.crew}
    touched: set[tuple[str, str]] = set()
    given: set[str] = set()
    for key, text in pairs:
        group = next((g for g in ITEMS if item_key(key, g) is not None), None)
        if group is not None:
            _item_pair(lists[group], removed[group], group, key, item_key(key, group), text)  # type: ignore[arg-type]
        elif key.startswith("crew."):
            position, _, sub = key.removeprefix("crew.").partition(".")
            posts[position] = _crew_pair(fp, posts.get(position, CrewPost(position)), key, position, sub, text, names)
            touched.add((position, sub))
        elif key in LABELS:
            ship = _write(fp, ship, key, text)
            given.add(key)
        else:
            raise unknown(key, KEYS + ("point1.name", "point1.weapon", "bay1.name", "bay1.external", "crew.helm",
                                       "crew.helm.bonus", "crew.helm.wisdex", "crew.helm.out"), "Ships")  # fmt: skip
    points = [_point(p, i) for i, p in enumerate(lists["point"], 1) if i not in removed["point"]]
    bays = [_bay(b, i) for i, b in enumerate(lists["bay"], 1) if i not in removed["bay"]]
    crew = []
    for position in POSITIONS:
        post = posts.get(position)
        if post is not None and (post.actor or post.name):
            crew.append(post)
        elif any((position, sub) in touched for sub in ("bonus", "wisdex", "out")):
            sub = next(sub for sub in ("bonus", "wisdex", "out") if (position, sub) in touched)
            raise FieldRejected(f"crew.{position}.{sub}", f"{TITLES[position]} {CREW_LABELS[sub].lower()}",
                                "no one holds the post.", f"Put someone there with crew.{position}=NAME.")  # fmt: skip
    ship = evolve(ship, hard_points=tuple(points), bays=tuple(bays), crew=tuple(crew))
    if new and "side" not in given:
        raise FieldRejected("side", "Side", "a new ship needs a side.", "Teams: " + ", ".join(t.name for t in fp.teams) + ".")
    _check_hull(ship, pairs)
    if ship.cloak and (why := cloak_fits(ship)):
        raise FieldRejected("cloak", LABELS["cloak"], f"{why}.")
    return ship


def _write(fp: FuturePath, ship: Ship, key: str, text: str) -> Ship:
    label, text = LABELS[key], text.strip()
    if key in ATTRIBUTES:
        return evolve(ship, attributes=evolve(ship.attributes, **{key: whole(key, label, text, 1, 30)}))
    match key:
        case "name":
            return evolve(ship, name=name_text(key, label, text, "a ship"))
        case "side":
            return evolve(ship, side=team_ref(fp, text, "side", label))
        case "size":
            sizes = [hull.name for hull in space_tables().hulls]
            if text.casefold() not in sizes:
                raise FieldRejected(key, label, f"'{text}' is not a hull size.", "Sizes: " + ", ".join(sizes) + ".")
            return evolve(ship, size=text.casefold())
        case "military" | "silent":
            return evolve(ship, **{key: yes_no(key, label, text)})
        case "tech":
            return evolve(ship, tech_level=whole(key, label, text, 1, 4))
        case "pilot":
            return evolve(ship, pilot_skill=whole(key, label, text or "0", 0, 20))
        case "cloak":
            if text.casefold() in NONE:
                return evolve(ship, cloak="")
            if text.casefold() not in CLOAKS:
                raise FieldRejected(key, label, f"'{text}' is not a cloak.", "Cloaks: none, " + ", ".join(CLOAKS) + ".")
            return evolve(ship, cloak=text.casefold())
        case _:  # swarm
            return evolve(ship, swarm="" if text.casefold() in NONE else text)


def _item_pair(items: list, removed: set[int], group: str, key: str, item: tuple[int, str], text: str) -> None:
    index, sub = item
    title, labels = ITEMS[group]
    if index < 1 or index > len(items) + 1:
        raise FieldRejected(key, f"{title} {index}", f"there is no {title.lower()} {index}.",
                            f"The next new one is {group}{len(items) + 1}.")  # fmt: skip
    if index == len(items) + 1:
        items.append(HardPoint("") if group == "point" else Bay(""))
    if not sub:
        if text.strip().casefold() not in NONE:
            raise FieldRejected(key, f"{title} {index}", f"'{text}' is not none: {group}{index}=none removes it.")
        removed.add(index)
        return
    if sub not in labels:
        raise unknown(key, tuple(f"{group}{index}.{k}" for k in labels), f"{title}s")
    label, text = f"{title} {index} {labels[sub].lower()}", text.strip()
    if sub == "name":
        items[index - 1] = evolve(items[index - 1], name=text)
    elif sub == "external":
        items[index - 1] = evolve(items[index - 1], external=yes_no(key, label, text))
    else:
        types = [w.name for w in space_tables().weapons]
        if text.casefold() not in types:
            raise FieldRejected(key, label, f"'{text}' is not a weapon type.", "Types: " + ", ".join(types) + ".")
        items[index - 1] = evolve(items[index - 1], weapon=text.casefold())


def _point(point: HardPoint, index: int) -> HardPoint:
    return point if point.name else evolve(point, name=f"{point.weapon.capitalize()} {index}")


def _bay(bay: Bay, index: int) -> Bay:
    return bay if bay.name else evolve(bay, name=f"Bay {index}")


def _crew_pair(fp: FuturePath, post: CrewPost, key: str, position: str, sub: str, text: str,
               names: Mapping[str, str]) -> CrewPost:  # fmt: skip
    if position not in POSITIONS:
        raise FieldRejected(key, key, f"'{position}' is not a crew position.", "Positions: " + ", ".join(POSITIONS) + ".")
    if sub not in CREW_LABELS:
        raise unknown(key, tuple(f"crew.{position}.{k}" for k in CREW_LABELS if k), "Crew posts")
    label, text = f"{TITLES[position]} {CREW_LABELS[sub].lower()}".strip(), text.strip()
    match sub:
        case "":
            if text.casefold() in NONE:
                return CrewPost(position)
            wanted = text.casefold()
            actor = next((ref for ref, shown in names.items() if wanted in (shown.casefold(), ref.casefold())), "")
            return evolve(post, actor=actor, name="" if actor else text)
        case "bonus":
            return evolve(post, bonus=whole(key, label, text or "0", -10, 20))
        case "wisdex":
            return evolve(post, wis_dex=whole(key, label, text or "0", -10, 10))
        case _:
            return evolve(post, out=yes_no(key, label, text))


def _check_hull(ship: Ship, pairs: tuple[tuple[str, str], ...]) -> None:
    """ref: notes §2.8 — the hull holds so many hard points and bays, by size, military or civilian."""
    hull = space_tables().hull(ship.size)
    points, bays = limits(ship)
    kind = "military" if ship.military else "civilian"
    keys = [key for key, _ in pairs]
    for group, count, most, title in (("point", len(ship.hard_points), points, "hard point"), ("bay", len(ship.bays), bays, "bay")):
        if count <= most:
            continue
        if any(item_key(key, group) for key in keys):
            field, label = f"{group}{most + 1}", f"{title.capitalize()} {most + 1}"
        else:
            field, label = ("size", "Hull") if "size" in keys or "military" not in keys else ("military", "Military")
        has = f"{most} {title}s" if most != 1 else f"1 {title}"
        raise FieldRejected(field, label, f"a {hull.name} {kind} hull has {has}, and this ship would have {count}.",
                            f"Remove one with {group}N=none, or take a larger hull.")  # fmt: skip


def texts(fp: FuturePath, ship: Ship | None) -> dict[str, str]:
    """Every field's text, as a form fills itself: a ship's, or a new one's defaults."""
    return {spec.key: read(fp, ship or Ship("", "", ""), spec.key) for spec in FIELDS}


def point_texts(point: HardPoint | None) -> dict[str, str]:
    point = point or HardPoint("")
    return {"name": point.name, "weapon": point.weapon}


def bay_texts(bay: Bay | None) -> dict[str, str]:
    bay = bay or Bay("")
    return {"name": bay.name, "external": yes_text(bay.external)}


def crew_texts(ship: Ship | None, position: str, names: Mapping[str, str]) -> dict[str, str]:
    return {spec.key: read_crew(ship or Ship("", "", ""), position, spec.key, names) for spec in CREW_FIELDS}


def check_item(fp: FuturePath, key: str, values: dict[str, str], names: Mapping[str, str]) -> None:
    """Refuse one hard point's, bay's (`point3`, `bay1`) or crew post's (`crew.helm`) texts as
    `build` would; the hull's limits are checked with the whole ship."""
    base = Ship("", "", "", "colossal", True)  # the largest hull: room for any entry
    group = "crew" if key.startswith("crew.") else next(g for g in ITEMS if item_key(key, g) is not None)
    if group == "crew":
        if not values.get("", "").strip():
            values = {"": ""}  # an empty post has no bonus to check
        build(fp, base, tuple((f"{key}.{sub}" if sub else key, text) for sub, text in values.items()), names)
        return
    index = item_key(key, group)[0]  # type: ignore[index]
    lists = [HardPoint("")] * (index - 1) if group == "point" else [Bay("")] * (index - 1)
    base = evolve(base, **{"hard_points" if group == "point" else "bays": tuple(lists)})
    build(fp, base, tuple((f"{key}.{sub}", text) for sub, text in values.items()), names)
