"""The `futurepath` rule system: FuturePath ground combat (spec/002_...txt, the Combat page, and
spec/futurepath-notes.md for the rules it points to). Rule numbers R1-R94 and defaults A1-A41
are those of the notes; every table is a data file in `data/`."""

from __future__ import annotations

from ...commands import CommandRejected
from ...dice import Dice
from ...model import Campaign
from ..system import Outcome
from . import commands as fc
from . import attack, checks, conditions, grenades, options, phases, rounds, setup, space, traps
from .space import log as _space_log  # noqa: F401  (registers the space log lines)
from .space.labels import ship_labels
from .space.summary import show as space_show
from .labels import labels
from .log import describe
from .summary import show
from .verbs import USAGE, VERBS, format_command


class FuturePathSystem:
    id = "futurepath"
    name = "FuturePath (ground combat)"
    verbs = VERBS
    usage = USAGE

    def apply(self, state: Campaign, command: object, dice: Dice) -> Outcome:
        if space.handles(command):
            return space.apply(state, command, dice)
        match command:
            case fc.OpenGroundSetup():
                return setup.open_setup(state)
            case fc.CancelGroundSetup():
                return setup.cancel_setup(state)
            case fc.SetPresent(ref, present):
                return setup.set_present(state, ref, present)
            case fc.SetAware(ref, aware):
                return setup.set_aware(state, ref, aware)
            case fc.SetInitiative(ref, value):
                return setup.set_initiative(state, ref, value)
            case fc.SetGroup(ref, group):
                return setup.set_group(state, ref, group)
            case fc.SetTeamInitiative(team, value):
                return setup.set_team_initiative(state, team, value)
            case fc.StartGround():
                return setup.start(state, dice)
            case fc.NextStep():
                return rounds.next_step(state, dice)
            case fc.Join(ref, stealth):
                return rounds.join(state, ref, stealth)
            case fc.AddCondition(ref, name, count, owner):
                return conditions.add_condition(state, ref, name, count, owner)
            case fc.RemoveCondition(ref, name):
                return conditions.remove_condition(state, ref, name)
            case fc.SetOption(name, value):
                return options.set_option(state, name, value)
            case fc.OpposedInitiative(refs):
                return rounds.opposed(state, refs, dice)
            case fc.SetEnvironment(name, count, rolls):
                return rounds.set_environment(state, name, count, rolls)
            case fc.MarkOut(ref, reason):
                return rounds.mark_out(state, ref, reason)
            case fc.EndGround():
                return rounds.end_fight(state)
            case fc.Declare(ref, action, label, target, weapon, rolls):
                return phases.declare(state, ref, action, label, target, weapon, rolls)
            case fc.Withdraw(ref):
                return phases.withdraw(state, ref)
            case fc.Commit():
                return phases.commit(state)
            case fc.Resolve(ref, result):
                return phases.resolve(state, ref, result)
            case fc.FPAttack():
                return attack.attack(state, command, dice)
            case fc.FPDamage(target, amount, damage_type, ignore_dr):
                return attack.apply_damage(state, target, amount, damage_type, ignore_dr)
            case fc.FPHeal(target, amount):
                return attack.heal(state, target, amount)
            case fc.ThrowGrenade(thrower, cook):
                return grenades.throw(state, thrower, cook, dice)
            case fc.Disarm(ref, dc, bonus):
                return traps.disarm(state, ref, dc, bonus, dice)
            case fc.PlaceTrap(ref, bonus):
                return traps.place(state, ref, bonus, dice)
            case fc.RollCheck(ref, ability, save, dc, bonus, situations):
                return checks.roll_check(state, ref, save, ability, dc, bonus, situations, dice)
            case fc.Leftover(ref, name, cured):
                return rounds.leftover(state, ref, name, cured, dice)
        raise CommandRejected(f"The FuturePath rules have no command '{getattr(command, 'kind', command)}'.")

    def describe(self, events: tuple, before: Campaign, after: Campaign) -> tuple[str, ...]:
        names = {**labels(after), **labels(before), **ship_labels(after), **ship_labels(before)}
        return describe(events, before, after, names)

    def labels(self, state: Campaign) -> dict[str, str]:
        return {**labels(state), **ship_labels(state)}

    def show(self, state: Campaign, ref: str) -> str:
        if ref == "space" or ref.startswith("ship:"):
            return space_show(state, ref)
        return show(state, ref)

    def format_command(self, command: object, n) -> str:
        return format_command(command, n)

    def check(self, state: Campaign) -> list[tuple[str, str]]:
        from .check import check
        from .space.check import check as check_ships

        return check(state) + (check_ships(state) if state.futurepath is not None else [])


FUTUREPATH = FuturePathSystem()
