"""FuturePath space combat (notes §2.8-§2.13, R95-R118, A42-A56): ships and their crew, the
Support/Action/Response round, Fire and Battle Damage. The `futurepath` rule system hands every
`fp-space-*` command to `apply` here."""

from __future__ import annotations

from ....commands import CommandRejected
from ....dice import Dice
from ....model import Campaign
from ...system import Outcome
from . import commands as sc
from . import engineering, fire, functions, hacking, phases, setup


def apply(state: Campaign, command: object, dice: Dice) -> Outcome:
    match command:
        case sc.SpaceStart(ships):
            return phases.start(state, ships)
        case sc.SpaceNext():
            return phases.next_phase(state, dice)
        case sc.SpaceEnd():
            return phases.end(state)
        case sc.SetCrew(ship, position, actor, name, bonus):
            return setup.set_crew(state, ship, position, actor, name, bonus)
        case sc.CrewOut(ship, position, out):
            return setup.crew_out(state, ship, position, out)
        case sc.CrewBonus(ship, position, bonus):
            return setup.crew_bonus(state, ship, position, bonus)
        case sc.SpaceOption(name, value):
            return setup.set_option(state, name, value)
        case sc.SetDistance(ship, other, band):
            return phases.set_distance(state, ship, other, band)
        case sc.SilentRunning(ship, on):
            return phases.silent(state, ship, on)
        case sc.Surrender(ship, back):
            return phases.surrender(state, ship, back)
        case sc.HoldForAction(ship, position):
            return phases.hold(state, ship, position)
        case sc.GiveCommand():
            return functions.give_command(state, command, dice)
        case sc.Encourage():
            return functions.encourage(state, command, dice)
        case sc.Boost():
            return functions.boost(state, command, dice)
        case sc.Fly():
            return functions.fly(state, command, dice)
        case sc.Ram():
            return functions.ram(state, command, dice)
        case sc.Scan():
            return functions.scan(state, command, dice)
        case sc.Fire():
            return fire.fire(state, command, dice)
        case sc.Repair():
            return functions.repair(state, command, dice)
        case sc.Treat():
            return functions.treat(state, command, dice)
        case sc.Hack():
            return hacking.hack(state, command, dice)
        case sc.CounterHack():
            return hacking.counter_hack(state, command, dice)
        case sc.Overclock():
            return engineering.overclock(state, command, dice)
        case sc.Grapple():
            return engineering.grapple(state, command, dice)
        case sc.ChangePosition(ship, position, to, rush, bonus):
            return setup.change_position(state, ship, position, to, rush, bonus, dice)
        case sc.PointDefence(ship, count):
            return phases.point_defence(state, ship, count)
        case sc.DealDamage(ship, roll):
            return phases.gm_damage(state, ship, roll, dice)
    raise CommandRejected(f"The FuturePath space rules have no command '{getattr(command, 'kind', command)}'.")


def handles(command: object) -> bool:
    return getattr(command, "kind", "").startswith("fp-space-")
