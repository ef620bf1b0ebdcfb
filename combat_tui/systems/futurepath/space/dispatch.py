"""Which rule carries out which FuturePath space command: a table, command class -> rule.

Each entry takes (state, command, dice) and returns an Outcome; a new command is one entry here.
"""

from __future__ import annotations

from collections.abc import Callable

from combat_tui.core.dice import Dice
from combat_tui.core.system import Outcome
from combat_tui.systems.futurepath.model import Campaign
from combat_tui.systems.futurepath.space import (
    advanced,
    captain,
    comms,
    engineering,
    fire,
    functions,
    hacking,
    phases,
    setup,
    ships,
    universal,
)
from combat_tui.systems.futurepath.space import commands as sc

Rule = Callable[[Campaign, object, Dice], Outcome]

SPACE_RULES: dict[type, Rule] = {
    sc.SpaceStart: lambda s, c, d: phases.start(s, c.ships),
    sc.SpaceNext: lambda s, c, d: phases.next_phase(s, d),
    sc.SpaceEnd: lambda s, c, d: phases.end(s),
    sc.SetCrew: lambda s, c, d: setup.set_crew(s, c.ship, c.position, c.actor, c.name, c.bonus),
    sc.CrewOut: lambda s, c, d: setup.crew_out(s, c.ship, c.position, c.out),
    sc.CrewBonus: lambda s, c, d: setup.crew_bonus(s, c.ship, c.position, c.bonus),
    sc.SpaceOption: lambda s, c, d: setup.set_option(s, c.name, c.value),
    sc.SetDistance: lambda s, c, d: phases.set_distance(s, c.ship, c.other, c.band),
    sc.SilentRunning: lambda s, c, d: phases.silent(s, c.ship, c.on),
    sc.Surrender: lambda s, c, d: phases.surrender(s, c.ship, c.back),
    sc.HoldForAction: lambda s, c, d: phases.hold(s, c.ship, c.position),
    sc.GiveCommand: lambda s, c, d: functions.give_command(s, c, d),
    sc.Encourage: lambda s, c, d: functions.encourage(s, c, d),
    sc.Boost: lambda s, c, d: functions.boost(s, c, d),
    sc.Fly: lambda s, c, d: functions.fly(s, c, d),
    sc.Ram: lambda s, c, d: functions.ram(s, c, d),
    sc.Scan: lambda s, c, d: comms.deep_scan(s, c, d) if c.deep else functions.scan(s, c, d),
    sc.Fire: lambda s, c, d: fire.fire(s, c, d),
    sc.Repair: lambda s, c, d: functions.repair(s, c, d),
    sc.Treat: lambda s, c, d: functions.treat(s, c, d),
    sc.Hack: lambda s, c, d: hacking.hack(s, c, d),
    sc.CounterHack: lambda s, c, d: hacking.counter_hack(s, c, d),
    sc.Overclock: lambda s, c, d: engineering.overclock(s, c, d),
    sc.Grapple: lambda s, c, d: engineering.grapple(s, c, d),
    sc.ChangePosition: lambda s, c, d: setup.change_position(s, c.ship, c.position, c.to, c.rush, c.bonus, d),
    sc.PointDefence: lambda s, c, d: phases.point_defence(s, c.ship, c.dice),
    sc.DealDamage: lambda s, c, d: phases.gm_damage(s, c.ship, c.roll, d),
    sc.Cloak: lambda s, c, d: advanced.cloak(s, c, d),
    sc.Spoof: lambda s, c, d: advanced.spoof(s, c, d),
    sc.Jam: lambda s, c, d: comms.jam(s, c, d),
    sc.Crypto: lambda s, c, d: comms.crypto(s, c, d),
    sc.DirectAssistance: lambda s, c, d: captain.direct_assistance(s, c, d),
    sc.CommandingPresence: lambda s, c, d: captain.commanding_presence(s, c, d),
    sc.ShieldManipulation: lambda s, c, d: universal.shield_manipulation(s, c, d),
    sc.WeaponsAssist: lambda s, c, d: universal.weapons_assist(s, c, d),
    sc.AddShip: lambda s, c, d: ships.add_ship(s, c.name, c.fields),
    sc.EditShip: lambda s, c, d: ships.edit_ship(s, c.ship, c.fields),
    sc.RemoveShip: lambda s, c, d: ships.remove_ship(s, c.ship),
}
