"""The `dnd5e` rule system: D&D 5e (2014 rules) as the GM reference of the tracker states them."""

from __future__ import annotations

from ... import commands as cmd
from ...commands import CommandRejected
from attrs import evolve

from ...dice import Dice
from ...events import TrayModeSet
from ...model import Campaign
from ..system import Outcome
from . import joining, stealth
from . import world
from . import attack, checks, chips, damage, death, ending, exhaustion, setup, spells, turns
from . import actions, channel_divinity, economy, features, legendary, monsters, recharge, riders
from . import creature_actions
from .abilities import parse_challenge
from .defenses import DAMAGE_TYPES
from ....library.spells import find_spell
from ...model import ABILITIES
from .labels import labels
from .log import describe
from .summary import summary


class Dnd5e:
    id = "dnd5e"
    name = "D&D 5e (2014)"

    def apply(self, state: Campaign, command: object, dice: Dice) -> Outcome:
        match command:
            case cmd.OpenSetup():
                return setup.open_setup(state, dice)
            case cmd.CancelSetup():
                return setup.cancel_setup(state)
            case cmd.SetSurprised(ref, surprised):
                return setup.set_surprised(state, ref, surprised)
            case cmd.Parley():
                return setup.parley(state)
            case cmd.SetInitiative(ref, value):
                return setup.set_initiative(state, ref, value)
            case cmd.StartFight():
                return setup.start_fight(state, dice)
            case cmd.NextTurn():
                return turns.next_turn(state, dice)
            case cmd.PrevTurn():
                return turns.prev_turn(state)
            case cmd.Attack():
                return attack.attack(state, command, dice)
            case cmd.ApplyDamage(target, amount, damage_type):
                return damage.apply_damage(state, target, amount, damage_type)
            case cmd.Heal(target, amount):
                return damage.heal(state, target, amount)
            case cmd.RollDeathSave(ref):
                return death.roll_death_save(state, ref, dice)
            case cmd.Stabilize(ref):
                return death.stabilize(state, ref)
            case cmd.EndFight(award, fates, loot, loot_to, gold):
                return recharge.after_fight(ending.end_fight(state, award, dice, fates, loot, loot_to, gold))
            case cmd.SetSneakers(who):
                return stealth.set_sneakers(state, who)
            case cmd.SetStealth(ref, total):
                return stealth.set_stealth(state, ref, total)
            case cmd.RollStealth():
                return stealth.roll_stealth(state, dice)
            case cmd.JoinFight(refs):
                return joining.join(state, refs, dice)
            case cmd.UnjoinFight(ref):
                return joining.unjoin(state, ref)
            case cmd.AddChip():
                return chips.put_chip(state, command)
            case cmd.RemoveChip():
                return chips.take_chip(state, command)
            case cmd.SetExhaustion(ref, level):
                return exhaustion.set_exhaustion(state, ref, level)
            case cmd.RollSave(ref, ability, mode):
                return checks.roll_save(state, ref, ability, mode, dice)
            case cmd.RollCheck(ref, name, mode):
                return checks.roll_check(state, ref, name, mode, dice)
            case cmd.Cast() if command.repeat:
                return riders.repeat_mark(state, command.caster, command.targets, command.ignore_cost)
            case cmd.Cast():
                legendary.check_resist(state, command.resist, command.targets)
                paid = actions.pay_for_cast(state, command.caster, command.spell, command.ignore_cost)
                paid, command, swapped = monsters.redirect_cast(paid, command)
                cast = spells.cast(paid, command, dice)
                return Outcome(cast.state, swapped + cast.events)
            case cmd.TogglePip(ref, pip, used):
                return economy.toggle_pip(state, ref, pip, used)
            case cmd.TakeAction(ref, action, bonus):
                return actions.take_action(state, ref, action, bonus)
            case cmd.SecondWind(ref):
                return features.second_wind(state, ref, dice)
            case cmd.ActionSurge(ref):
                return features.action_surge(state, ref)
            case cmd.Rage(ref):
                return features.rage(state, ref)
            case cmd.TakeRest(length):
                return features.take_rest(state, length)
            case cmd.TurnUndead(ref, targets, resist):
                return channel_divinity.turn_undead(state, ref, targets, resist, dice)
            case cmd.PreserveLife(ref, shares):
                return channel_divinity.preserve_life(state, ref, shares)
            case cmd.UseCreatureAction():
                return recharge.use_action(state, command, dice)
            case cmd.SetCreatureAction():
                return creature_actions.set_action(state, command)
            case cmd.RemoveCreatureAction():
                return creature_actions.remove_action(state, command)
            case cmd.MoveParty(dx, dy, steps):
                return world.move_party(state, dx, dy, steps, dice)
            case cmd.MovePartyTo(x, y):
                return world.move_party_to(state, x, y, dice)
            case cmd.SetDisposition(ref, disposition):
                return world.set_disposition(state, ref, disposition, dice)
            case cmd.PlaceCreature(ref, x, y, map_id):
                return world.place_creature(state, ref, x, y, map_id, dice)
            case cmd.SetCreatureHp(ref, hp):
                return world.set_creature_hp(state, ref, hp)
            case cmd.DeleteCreature(ref):
                return world.delete_creature(state, ref, dice)
            case cmd.SplitCharacter(ref, x, y, map_id):
                return world.split_character(state, ref, x, y, map_id)
            case cmd.RejoinParty(ref):
                return world.rejoin_party(state, ref)
            case cmd.SetTrayMode(mode):
                return set_tray_mode(state, mode)
        raise CommandRejected(f"The 5e rules have no command '{getattr(command, 'kind', command)}'.")

    def describe(self, events: tuple, before: Campaign, after: Campaign) -> tuple[str, ...]:
        # The labels the GM saw when giving the command: outside a fight they shift as soon as
        # a foe falls (it leaves the fight that Start would begin). New actors take their new label.
        # (before first: the cache keeps one state, and the next command reads `after`.)
        seen = labels(before)
        names = {**labels(after), **seen}
        return describe(events, before, after, names)

    def labels(self, state: Campaign) -> dict[str, str]:
        return labels(state)

    def show(self, state: Campaign, ref: str) -> str:
        return summary(state, ref)

    def check(self, state: Campaign) -> list[tuple[str, str]]:
        problems = []
        for group in ("characters", "creatures"):
            for index, actor in enumerate(getattr(state, group)):
                if not 0 <= actor.exhaustion <= 6:
                    problems.append((f"{group}[{index}].exhaustion", f"{actor.exhaustion} is not a level from 0 to 6"))
                if actor.spellcasting and actor.spellcasting not in ABILITIES:
                    problems.append((f"{group}[{index}].spellcasting", f"'{actor.spellcasting}' is not an ability"))
                for position, name in enumerate(actor.spells):
                    if find_spell(name) is None:
                        problems.append((f"{group}[{index}].spells[{position}]", f"'{name}' is not a spell the app knows"))
                for position, chip in enumerate(actor.chips):
                    if chip.rounds < 0:
                        problems.append((f"{group}[{index}].chips[{position}].rounds", "a chip's rounds cannot be negative"))
                    if not chip.name.strip():
                        problems.append((f"{group}[{index}].chips[{position}].name", "a chip needs a name"))
        for index, creature in enumerate(state.creatures):
            for field in ("resistances", "vulnerabilities", "immunities"):
                for position, name in enumerate(getattr(creature, field)):
                    if name not in DAMAGE_TYPES:
                        problems.append((f"creatures[{index}].{field}[{position}]", f"'{name}' is not a damage type"))
            try:
                parse_challenge(creature.challenge)
            except (ValueError, ZeroDivisionError):
                problems.append((f"creatures[{index}].challenge", f"'{creature.challenge}' is not a challenge rating "
                                 "(0, 1/8, 1/4, 1/2 or a whole number up to 30, or empty)"))  # fmt: skip
        return problems


def set_tray_mode(state: Campaign, mode: str) -> Outcome:
    """ref: Advantage and disadvantage — "The mode changes only when you click it." """
    if mode not in ("normal", "adv", "dis"):
        raise CommandRejected(f"'{mode}' is not a d20 mode.", "Modes: normal, adv, dis.")
    if mode == state.d20_mode:
        raise CommandRejected(f"The dice tray is already at {mode}.")
    return Outcome(evolve(state, d20_mode=mode), (TrayModeSet(state.d20_mode, mode),))


DND5E = Dnd5e()
