"""Crew positions: who holds each, who may act in which phase, one action a round, the small-crew
rules, and the advantage and bonus a position rolls with (notes §2.12, R97-R105)."""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.systems.futurepath.model import Campaign
from combat_tui.systems.futurepath.space.model import POSITIONS, CrewPost, Ship, ShipStatus, SpaceFight
from combat_tui.systems.futurepath.space.stats import active_damage, side_effects
from combat_tui.systems.futurepath.space.tables import space_tables

TITLES = {"captain": "Captain", "science": "Science Officer", "helm": "Helm Officer", "sensors": "Sensor Officer",
          "weapons": "Weapons Officer", "engineer": "Chief Engineer", "medical": "Medical Officer"}  # fmt: skip
ALIASES = {"capt": "captain", "commander": "captain", "sci": "science", "scientist": "science", "pilot": "helm",
           "sensor": "sensors", "comms": "sensors", "communications": "sensors", "weapon": "weapons",
           "gunner": "weapons", "engineering": "engineer", "eng": "engineer", "medic": "medical", "doctor": "medical"}  # fmt: skip
PHASES = {"captain": ("support",), "science": ("support", "action"), "helm": ("action",), "sensors": ("action",),
          "weapons": ("action",), "engineer": ("response", "action"), "medical": ("response",)}  # fmt: skip
SMALL_ACTION = ("helm", "sensors", "weapons")


def position_of(word: str) -> str:
    key = word.casefold()
    key = ALIASES.get(key, key)
    if key not in POSITIONS:
        raise CommandRejected(f"'{word}' is not a crew position.", "Positions: " + ", ".join(POSITIONS) + ".")
    return key


def manned(post: CrewPost | None) -> bool:
    return post is not None and bool(post.actor or post.name)


def identity(post: CrewPost) -> str:
    return post.actor or post.name


def crew_size(ship: Ship) -> int:
    return len({identity(p) for p in ship.crew if manned(p)})


def small_crew(ship: Ship) -> bool:
    """ref: §2.13 — a crew of 1 or 2: no Captain; the pilot covers the other stations."""
    return 0 < crew_size(ship) <= 2 and manned(ship.post("helm"))


def holder(ship: Ship, position: str) -> CrewPost | None:
    """Who acts for a position: its own crew member, or a small crew's pilot (§2.13)."""
    post = ship.post(position)
    if manned(post):
        return post
    if small_crew(ship) and position in ("science", "sensors", "weapons", "engineer"):
        return ship.post("helm")
    return None


def who_name(state: Campaign, post: CrewPost | None) -> str:
    if post is None or not manned(post):
        return ""
    if post.actor:
        from combat_tui.systems.futurepath.labels import labels

        return labels(state).get(post.actor, post.actor)
    return post.name


def phase_positions(ship: Ship, st: ShipStatus, phase: str) -> tuple[str, ...]:
    """The positions that may act in a phase (R97-R100), empty or out ones left out (R104)."""
    result = []
    for position in POSITIONS:
        post = holder(ship, position)
        if post is None or post.out:
            continue
        if position == "captain" and small_crew(ship):
            continue
        if phase == "surprise":
            if position in SMALL_ACTION:
                result.append(position)
            continue
        if phase not in PHASES[position]:
            continue
        held = position in st.in_action
        if position == "science" and phase == "action" and not held:
            continue
        if position == "engineer" and ((phase == "action") != held):
            continue
        result.append(position)
    return tuple(result)


def skipped(ship: Ship, phase: str) -> tuple[str, ...]:
    """Positions of this phase with no one in them or out of action (R104)."""
    own = {"support": ("captain", "science"), "action": ("helm", "sensors", "weapons"),
           "response": ("engineer", "medical"), "surprise": ("helm", "sensors", "weapons")}[phase]  # fmt: skip
    result = []
    for position in own:
        post = holder(ship, position)
        if position == "captain" and small_crew(ship):
            continue
        if post is None or post.out:
            result.append(position)
    return tuple(result)


def check_may_act(state: Campaign, space: SpaceFight, ship: Ship, position: str, *, any_phase: bool = False) -> CrewPost:
    """Refuse an action the position cannot take now; give the crew member who takes it.
    `any_phase`: a function any crew member may take in this phase (Weapons Assist, Shield
    Manipulation), still one action a round."""
    from combat_tui.systems.futurepath.space.stats import status

    st = status(space, ship.id)
    title = f"{ship.name}'s {TITLES[position]}"
    if space.stage != "running":
        raise CommandRejected("The space fight is over.")
    if st.adrift or st.exploded or st.surrendered:
        raise CommandRejected(f"{ship.name} is {'adrift' if st.adrift else 'out of the fight'}: its crew cannot act.")
    post = holder(ship, position)
    if post is None or (position == "captain" and small_crew(ship)):
        raise CommandRejected(f"{ship.name} has no {TITLES[position]}: the position is skipped.")
    if post.out:
        raise CommandRejected(f"{title} is out of action: the position is skipped.")
    if space.phase == "surprise" and ship.id not in space.surprise:
        raise CommandRejected(f"{ship.name} was detected, so it does not act in the surprise Action Phase.")
    if not any_phase and position not in phase_positions(ship, st, space.phase):
        when = ", ".join(PHASES[position]) if position not in ("science", "engineer") else (
            "support (or action if held)" if position == "science" else "response (or action if held)")
        raise CommandRejected(f"{title} does not act in the {space.phase.capitalize()} Phase (acts in: {when}).",
                              "Each position acts in its own phases; to move the Science Officer or Chief Engineer to "
                              "the Action Phase, say 'space hold SHIP science|engineer' at its start.")  # fmt: skip
    if position in st.acted:
        raise CommandRejected(f"{title} has already acted this round.")
    if any(c.position == post.position and c.name == "Thrown" for c in st.conditions):
        raise CommandRejected(f"{who_name(state, post)} was thrown from the console and spends this round returning "
                              "(chart 5, Rocked ship).")  # fmt: skip
    me = identity(post)
    mine = [p for p in st.acted if (h := holder(ship, p)) is not None and identity(h) == me]
    if mine:
        pilot_trio = small_crew(ship) and space.phase in ("action", "surprise") and position in SMALL_ACTION and \
            all(p in SMALL_ACTION for p in mine) and identity(ship.post("helm")) == me  # fmt: skip
        if not pilot_trio:
            raise CommandRejected(f"{who_name(state, post)} has already acted this round as {TITLES[mine[0]]}.")
    return post


def may_act(state: Campaign, space: SpaceFight, ship: Ship, position: str) -> bool:
    """The position can act now (what `check_may_act` would let through): for the phase screen's
    marks and keys, so a crew member who acted at another post is not offered again (R103)."""
    try:
        check_may_act(state, space, ship, position)
    except CommandRejected:
        return False
    return True


def advantage(ship: Ship, st: ShipStatus, position: str, round_: int, *, electronics: bool = False) -> tuple[int, list[str]]:
    """Net advantage from the ship's state (§2.11, §2.12): no Captain on a Huge or larger hull,
    chart side effects, a Shaken crew member."""
    net, why = 0, []
    effects = side_effects(st, round_)
    tables = space_tables()
    if position != "captain" and not manned(ship.post("captain")) and tables.step(ship.size) <= tables.step("huge"):
        net -= 1
        why.append("no Captain -1")
    for damage in active_damage(st, round_):
        effect = tables.row(damage.roll).effect
        if (electronics and effect == "electronics-disadvantage") or (position == "helm" and effect == "helm-disadvantage"):
            size = 2 if damage.excess >= 4 else 1  # 2Ad when the attack beat the threshold by 4
            net -= size
            why.append(f"{damage.name} -{size}")
    if position == "sensors" and "sensor-array" in effects:
        net -= 2
        why.append("sensor array -2")
    for condition in st.conditions:
        if condition.position == position and condition.name.casefold() == "shaken":
            net -= 1
            why.append("Shaken -1")
    if assisted(ship, st, position, round_):
        net += 1
        why.append("Direct Assistance +1")
    return net, why


def command_bonus(st: ShipStatus, position: str, kind: str = "bonus") -> int:
    return sum(amount for where, amount, what in st.commands if where == position and what == kind)


def assisted(ship: Ship, st: ShipStatus, position: str, round_: int) -> bool:
    """ref: §2.12 Direct Assistance — the officer the Captain assists "gets an Advantage on all
    their actions", unless a natural 2 on the Captain's roll lost it this round."""
    captain = ship.post("captain")
    return bool(st.assisting) and st.assisting == position and st.assist_lost != round_ and manned(captain) and \
        not captain.out  # type: ignore[union-attr]  # fmt: skip


def presence_bonus(st: ShipStatus, position: str, round_: int) -> int:
    """ref: §2.12 Commanding Presence — half the Captain's Charisma score, rounded up, on the rolls
    of every crew member but the Captain, while it lasts; Direct Assistance negates it."""
    if position == "captain" or not st.presence or st.presence_until < round_ or st.assisting:
        return 0
    return (st.presence + 1) // 2

