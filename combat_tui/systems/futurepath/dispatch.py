"""Which rule carries out which FuturePath ground command: a table, command class -> rule.

Each entry takes (state, command, dice) and returns an Outcome; a new command is one entry here.
The space commands have their own table (`space/dispatch.py`).
"""

from __future__ import annotations

from collections.abc import Callable

from combat_tui.core.dice import Dice
from combat_tui.core.system import Outcome
from combat_tui.systems.futurepath import (
    attack,
    awareness,
    checks,
    combatants,
    conditions,
    grenades,
    movement,
    options,
    phases,
    rounds,
    setup,
    teams,
    trap_effects,
    traps,
)
from combat_tui.systems.futurepath import commands as fc
from combat_tui.systems.futurepath.model import Campaign
from combat_tui.systems.futurepath.space.dispatch import SPACE_RULES

Rule = Callable[[Campaign, object, Dice], Outcome]

GROUND_RULES: dict[type, Rule] = {
    fc.OpenGroundSetup: lambda s, c, d: setup.open_setup(s),
    fc.CancelGroundSetup: lambda s, c, d: setup.cancel_setup(s),
    fc.SetPresent: lambda s, c, d: setup.set_present(s, c.ref, c.present),
    fc.SetAware: lambda s, c, d: setup.set_aware(s, c.ref, c.aware),
    fc.SetInitiative: lambda s, c, d: setup.set_initiative(s, c.ref, c.value),
    fc.SetGroup: lambda s, c, d: setup.set_group(s, c.ref, c.group),
    fc.SetTeamInitiative: lambda s, c, d: setup.set_team_initiative(s, c.team, c.value),
    fc.StartGround: lambda s, c, d: setup.start(s, d),
    fc.NextStep: lambda s, c, d: rounds.next_step(s, d),
    fc.Join: lambda s, c, d: rounds.join(s, c.ref, c.stealth),
    fc.AddCondition: lambda s, c, d: conditions.add_condition(s, c.ref, c.name, c.rounds, c.owner),
    fc.RemoveCondition: lambda s, c, d: conditions.remove_condition(s, c.ref, c.name),
    fc.SetOption: lambda s, c, d: options.set_option(s, c.name, c.value),
    fc.OpposedInitiative: lambda s, c, d: rounds.opposed(s, c.refs, d),
    fc.SetEnvironment: lambda s, c, d: rounds.set_environment(s, c.name, c.dice, c.rolls),
    fc.MarkOut: lambda s, c, d: rounds.mark_out(s, c.ref, c.reason),
    fc.EndGround: lambda s, c, d: rounds.end_fight(s),
    fc.Declare: lambda s, c, d: phases.declare(s, c.actor, c.action, c.label, c.target, c.weapon, c.rolls, c.feet),
    fc.Withdraw: lambda s, c, d: phases.withdraw(s, c.actor),
    fc.Commit: lambda s, c, d: phases.commit(s),
    fc.Resolve: lambda s, c, d: phases.resolve(s, c.actor, c.result),
    fc.FPAttack: lambda s, c, d: attack.attack(s, c, d),
    fc.FPDamage: lambda s, c, d: attack.apply_damage(s, c.target, c.amount, c.damage_type, c.ignore_dr),
    fc.FPHeal: lambda s, c, d: attack.heal(s, c.target, c.amount),
    fc.ThrowGrenade: lambda s, c, d: grenades.throw(s, c.thrower, c.cook, d, c.feet, c.target),
    fc.Disarm: lambda s, c, d: traps.disarm(s, c.ref, c.dc, c.bonus, d, c.trap),
    fc.PlaceTrap: lambda s, c, d: traps.place(s, c.ref, c.bonus, d, c.trap),
    fc.AddTrap: lambda s, c, d: trap_effects.add_trap(s, c.name, c.fields),
    fc.SpotTrap: lambda s, c, d: trap_effects.spot(s, c.ref, c.trap, c.search, d),
    fc.TriggerTrap: lambda s, c, d: trap_effects.trigger(s, c.trap, c.targets, c.by, d),
    fc.FPMove: lambda s, c, d: movement.move(s, c.ref, c.feet, c.mode, c.failed),
    fc.AddTeam: lambda s, c, d: teams.add_team(s, c.name),
    fc.JudgeAwareness: lambda s, c, d: awareness.judge(s, c.watch, d),
    fc.RollCheck: lambda s, c, d: checks.roll_check(s, c.ref, c.save, c.ability, c.dc, c.bonus, c.situations, d),
    fc.Leftover: lambda s, c, d: rounds.leftover(s, c.ref, c.name, c.cured, d),
    fc.AddCombatant: lambda s, c, d: combatants.add_combatant(s, c.name, c.fields),
    fc.EditCombatant: lambda s, c, d: combatants.edit_combatant(s, c.ref, c.fields),
    fc.RemoveCombatant: lambda s, c, d: combatants.remove_combatant(s, c.ref),
}

RULES: dict[type, Rule] = {**GROUND_RULES, **SPACE_RULES}
