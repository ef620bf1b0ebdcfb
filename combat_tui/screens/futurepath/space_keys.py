"""The commands behind each key of the space phase screen, and the rules' answer to them.

For the cursor's ship and its target, a key offers one command or a few (`choices`: a crew
position, an attribute, a Battle Damage); the core's `refusal` says which the rules would refuse
and why. A key whose every choice is refused is dimmed and, pressed, says the first refusal; a
dialog lists only the choices the rules take. Answers are kept until the state, the ship or the
target changes, so a repaint of the footer runs no rule twice.
"""

from __future__ import annotations

from collections.abc import Callable

from combat_tui.core.command import CommandRejected
from combat_tui.systems.futurepath.model import Campaign
from combat_tui.systems.futurepath.space import commands as sc
from combat_tui.systems.futurepath.space.crew import TITLES, check_may_act
from combat_tui.systems.futurepath.space.model import ATTRIBUTES, POSITIONS, SpaceFight
from combat_tui.systems.futurepath.space.refusal import refusal
from combat_tui.systems.futurepath.space.stats import ship, status

Choice = tuple[str, object]
"""(what a dialog shows, the command)."""
OFFICERS = ("science", "helm", "sensors", "weapons", "engineer", "medical")


class Aim:
    """Who acts and at whom: the cursor's ship, its target (a ship or a swarm), the target's ship."""

    def __init__(self, state: Campaign, space: SpaceFight, ref: str, target: str) -> None:
        self.state, self.space, self.ref, self.target = state, space, ref, target
        swarm = next((s for s in space.swarms if s.id == target), None)
        self.single = swarm.ships[0] if swarm else target
        """A swarm's first ship stands for it where one ship is needed (a scan, a manoeuvre)."""
        self.fleet = next((s.id for s in space.swarms if ref in s.ships), ref)
        """The cursor's ship, or its swarm: a swarm's ship fires with the swarm (§2.13)."""


def _targeted(make: Callable[[Aim], list[Choice]]) -> Callable[[Aim], list[Choice]]:
    return lambda aim: make(aim) if aim.target else []


def _repairs(aim: Aim) -> list[Choice]:
    st = status(aim.space, aim.ref)
    choices: list[Choice] = [(f"{d.name} (DC {d.dc or '-'}, {d.progress}/2)", sc.Repair(aim.ref, str(i)))
                             for i, d in enumerate(st.damage, 1)]  # fmt: skip
    choices += [(f"side effect of {d.name} (DC 15)", sc.Repair(aim.ref, f"side {i}"))
                for i, d in enumerate(st.damage, 1) if d.ends == 0 and not d.side_repaired]  # fmt: skip
    return choices + [(f"{d.system} (DC {d.dc})", sc.Repair(aim.ref, d.system)) for d in status(aim.space, aim.ref).systems]


def _defend(aim: Aim) -> list[Choice]:
    able = sum(1 for p in ship(aim.state, aim.ref).hard_points if p.weapon != "rocket")
    choices: list[Choice] = []
    if aim.target:
        name = _name(aim, aim.target)
        choices = [(f"Hold back {n}, fire the rest at {name}", sc.Fire(aim.ref, ((aim.target, 0),), defend=n))
                   for n in range(1, able)]  # fmt: skip
    return choices + [("Hold back all that can, no Fire", sc.Fire(aim.ref, (), defend=-1))]


def _name(aim: Aim, ref: str) -> str:
    from combat_tui.systems.futurepath.space.labels import ship_labels

    return ship_labels(aim.state).get(ref, ref)


def _boost(aim: Aim) -> list[Choice]:
    science = [(a.capitalize(), sc.Boost(aim.ref, "science", a)) for a in ATTRIBUTES if a in ("engines", "weapons", "shields", "sensors")]
    return [("Engines (Chief Engineer)", sc.Boost(aim.ref, "engineer", "engines")), *science]


def _treat(aim: Aim) -> list[Choice]:
    return [(TITLES[p], sc.Treat(aim.ref, p)) for p in sorted({c.position for c in status(aim.space, aim.ref).conditions})]


def _assist(aim: Aim) -> list[Choice]:
    return [*((TITLES[p], sc.DirectAssistance(aim.ref, p)) for p in OFFICERS),
            ("Back to the Captain's chair", sc.DirectAssistance(aim.ref, ""))]  # fmt: skip


def _jam(aim: Aim) -> list[Choice]:
    return [("Its sensors (its scans)", sc.Jam(aim.ref, aim.single, mode="sensors")),
            ("Its missile launchers", sc.Jam(aim.ref, aim.single, mode="missiles")),
            ("Its hacker in our systems", sc.Jam(aim.ref, aim.single))]  # fmt: skip


def _spoof(aim: Aim) -> list[Choice]:
    return [("False signatures (its scans)", sc.Spoof(aim.ref, aim.single)),
            ("Chaff decoys (its missiles)", sc.Spoof(aim.ref, aim.single, decoys=True))]  # fmt: skip


MAKERS: dict[str, Callable[[Aim], list[Choice]]] = {
    "next": lambda aim: [("", sc.SpaceNext())],
    "end": lambda aim: [("", sc.SpaceEnd())],
    "command": lambda aim: [(TITLES[p], sc.GiveCommand(aim.ref, p)) for p in OFFICERS],
    "encourage": lambda aim: [("", sc.Encourage(aim.ref))],
    "boost": _boost,
    "scan": _targeted(lambda aim: [("", sc.Scan(aim.ref, aim.single))]),
    "deep": _targeted(lambda aim: [("", sc.Scan(aim.ref, aim.single, deep=True))]),
    "fire": _targeted(lambda aim: [("", sc.Fire(aim.fleet, ((aim.target, 0),)))]),
    "bombard": _targeted(lambda aim: [("", sc.Fire(aim.ref, ((aim.target, 0),), bombard=True))]),
    "ram": _targeted(lambda aim: [("", sc.Ram(aim.ref, aim.single))]),
    "repair": _repairs,
    "treat": _treat,
    "hold": lambda aim: [("Chief Engineer (gives up the Response Phase)", sc.HoldForAction(aim.ref, "engineer")),
                         ("Science Officer", sc.HoldForAction(aim.ref, "science"))],
    "assist": _assist,
    "presence": lambda aim: [("", sc.CommandingPresence(aim.ref))],
    "crypto": _targeted(lambda aim: [(TITLES[p], sc.Crypto(aim.ref, aim.single, p)) for p in ("science", "sensors")]),
    "jam": _targeted(_jam),
    "spoof": _targeted(_spoof),
    "cloak": lambda aim: [("Science Officer: cloak on", sc.Cloak(aim.ref, "science")),
                          ("Chief Engineer (held): cloak on", sc.Cloak(aim.ref, "engineer")),
                          ("Switch the cloak off", sc.Cloak(aim.ref, on=False))],
    "defend": _defend,
    "manipulate": _targeted(lambda aim: [(TITLES[p], sc.ShieldManipulation(aim.ref, p, aim.single)) for p in POSITIONS]),
    "weaponsassist": _targeted(lambda aim: [(TITLES[p], sc.WeaponsAssist(aim.ref, p, aim.target)) for p in POSITIONS
                                            if p != "weapons"]),
}  # fmt: skip
FLY = {"close", "widen", "intercept"}
"""Manoeuvres that need one ship; a swarm is one opponent to the rest (§2.13)."""
NO_TARGET = CommandRejected("There is no enemy ship to aim at.", "Every enemy ship is out of the fight.")
EMPTY = {"repair": ("engineer", CommandRejected("Nothing to repair.")),
         "treat": ("medical", CommandRejected("No one aboard has a condition to treat."))}  # fmt: skip
"""A key with nothing to offer: its position's refusal if it cannot act, else this."""


def _fly(aim: Aim, manoeuvre: str) -> list[Choice]:
    if manoeuvre == "evasive":
        return [("", sc.Fly(aim.ref, "evasive"))]
    if not aim.target:
        return []
    return [("", sc.Fly(aim.ref, manoeuvre, aim.single if manoeuvre in FLY else aim.target))]


class SpaceKeys:
    """The rules' answers for the keys of one screen. Dimming a key needs one choice the rules
    take; a pressed key needs them all: each is worked out when first asked for."""

    def __init__(self) -> None:
        self._state: Campaign | None = None
        self._at: tuple = ()
        self._answers: dict[tuple, tuple[list[Choice], CommandRejected | None, bool]] = {}

    def _answer(self, aim: Aim, action: str, params: tuple, every: bool) -> tuple[list[Choice], CommandRejected | None]:
        if aim.state is not self._state or (aim.ref, aim.target) != self._at:
            self._state, self._at, self._answers = aim.state, (aim.ref, aim.target), {}
        key = (action, params)
        known = self._answers.get(key)
        if known is None or (every and not known[2]):
            known = self._answers[key] = self._judge(aim, action, params, every)
        return known[0], known[1]

    def _judge(self, aim: Aim, action: str, params: tuple, every: bool) -> tuple[list[Choice], CommandRejected | None, bool]:
        choices = _fly(aim, str(params[0]) if params else "offensive") if action == "fly" else MAKERS[action](aim)
        if not choices and action in EMPTY:
            position, nothing = EMPTY[action]
            try:
                check_may_act(aim.state, aim.space, ship(aim.state, aim.ref), position)
            except CommandRejected as error:
                return [], error, True
            return [], nothing, True
        if action == "fire":  # the cursor's own Weapons Officer, even when its swarm fires as one
            try:
                check_may_act(aim.state, aim.space, ship(aim.state, aim.ref), "weapons")
            except CommandRejected as error:
                return [], error, True
        taken, refused = [], []
        for index, (text, command) in enumerate(choices):
            why = refusal(aim.state, command)
            if why is None:
                taken.append((text, command))
                if not every:
                    return taken, None, index == len(choices) - 1
            else:
                refused.append(why)
        if taken or not refused:
            return taken, None, True
        reasons = [why.reason for why in refused]  # the reason most choices share says the most
        return taken, max(refused, key=lambda why: reasons.count(why.reason)), True

    def any(self, aim: Aim, action: str, params: tuple = ()) -> bool:
        """The rules would carry out one of the key's choices now."""
        return bool(self._answer(aim, action, params, False)[0])

    def allowed(self, aim: Aim, action: str, params: tuple = ()) -> list[Choice]:
        """The choices the rules would carry out now."""
        return self._answer(aim, action, params, True)[0]

    def why_not(self, aim: Aim, action: str, params: tuple = ()) -> CommandRejected:
        """The rules' reason for refusing every choice of the key."""
        return self._answer(aim, action, params, True)[1] or NO_TARGET

    def known(self, action: str) -> bool:
        return action == "fly" or action in MAKERS
