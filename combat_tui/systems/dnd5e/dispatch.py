"""Which rule carries out which 5e command: a table, command class -> rule function.

Each entry takes (state, command, dice) and returns an Outcome; a new command is one entry here.
"""

from __future__ import annotations

from collections.abc import Callable

from combat_tui.core.dice import Dice
from combat_tui.core.system import Outcome
from combat_tui.systems.dnd5e import (
    actions,
    attack,
    channel_divinity,
    checks,
    chips,
    concentration,
    creature_actions,
    damage,
    death,
    economy,
    ending,
    exhaustion,
    features,
    joining,
    legendary,
    monsters,
    party,
    recharge,
    riders,
    roster,
    setup,
    spellbook,
    spells,
    stealth,
    tray,
    turn_tools,
    turns,
    world,
)
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.commands import KINDS
from combat_tui.systems.dnd5e.commands_turn import EndConcentration
from combat_tui.systems.dnd5e.model import Campaign

Rule = Callable[[Campaign, object, Dice], Outcome]


def _end_fight(s: Campaign, c: cmd.EndFight, d: Dice) -> Outcome:
    return recharge.after_fight(ending.end_fight(s, c.award, d, c.fates, c.loot, c.loot_to, c.gold, c.keep))


def _cast(s: Campaign, c: cmd.Cast, d: Dice) -> Outcome:
    if c.repeat:
        return riders.repeat_mark(s, c.caster, c.targets, c.ignore_cost)
    legendary.check_resist(s, c.resist, c.targets)
    paid = actions.pay_for_cast(s, c.caster, c.spell, c.ignore_cost)
    paid, c, swapped = monsters.redirect_cast(paid, c)
    cast = spells.cast(paid, c, d)
    return Outcome(cast.state, swapped + cast.events)


RULES: dict[type, Rule] = {
    # setup and the turn order
    cmd.OpenSetup: lambda s, c, d: setup.open_setup(s, d),
    cmd.CancelSetup: lambda s, c, d: setup.cancel_setup(s),
    cmd.SetSurprised: lambda s, c, d: setup.set_surprised(s, c.ref, c.surprised),
    cmd.Parley: lambda s, c, d: setup.parley(s),
    cmd.SetInitiative: lambda s, c, d: setup.set_initiative(s, c.ref, c.value),
    cmd.StartFight: lambda s, c, d: setup.start_fight(s, d),
    cmd.NextTurn: lambda s, c, d: turns.next_turn(s, d),
    cmd.PrevTurn: lambda s, c, d: turns.prev_turn(s),
    cmd.EndFight: _end_fight,
    cmd.SetSneakers: lambda s, c, d: stealth.set_sneakers(s, c.who),
    cmd.SetStealth: lambda s, c, d: stealth.set_stealth(s, c.ref, c.total),
    cmd.RollStealth: lambda s, c, d: stealth.roll_stealth(s, d),
    cmd.JoinFight: lambda s, c, d: joining.join(s, c.refs, d),
    cmd.UnjoinFight: lambda s, c, d: joining.unjoin(s, c.ref),
    # the GM's turn tools: hold and resume a turn, a fight name, a note
    cmd.HoldTurn: lambda s, c, d: turn_tools.hold(s, c.ref, d),
    cmd.ResumeTurn: lambda s, c, d: turn_tools.resume(s, c.ref),
    cmd.RenameCombatant: lambda s, c, d: turn_tools.rename(s, c.ref, c.name),
    cmd.SetNote: lambda s, c, d: turn_tools.set_note(s, c.ref, c.text),
    # attacks, damage, death
    cmd.Attack: lambda s, c, d: attack.attack(s, c, d),
    cmd.ApplyDamage: lambda s, c, d: damage.apply_damage(s, c.target, c.amount, c.damage_type),
    cmd.Heal: lambda s, c, d: damage.heal(s, c.target, c.amount),
    cmd.RollDeathSave: lambda s, c, d: death.roll_death_save(s, c.ref, d),
    cmd.Stabilize: lambda s, c, d: death.stabilize(s, c.ref),
    # chips, checks, the dice tray
    cmd.AddChip: lambda s, c, d: chips.put_chip(s, c),
    cmd.RemoveChip: lambda s, c, d: chips.take_chip(s, c),
    cmd.SetExhaustion: lambda s, c, d: exhaustion.set_exhaustion(s, c.ref, c.level),
    cmd.RollSave: lambda s, c, d: checks.roll_save(s, c.ref, c.ability, c.mode, d),
    cmd.RollCheck: lambda s, c, d: checks.roll_check(s, c.ref, c.name, c.mode, d),
    cmd.SetTrayMode: lambda s, c, d: tray.set_tray_mode(s, c.mode),
    # spells, the action economy, class features, creature actions
    cmd.Cast: _cast,
    cmd.TogglePip: lambda s, c, d: economy.toggle_pip(s, c.ref, c.pip, c.used),
    cmd.TakeAction: lambda s, c, d: actions.take_action(s, c.ref, c.action, c.bonus),
    cmd.SecondWind: lambda s, c, d: features.second_wind(s, c.ref, d),
    cmd.ActionSurge: lambda s, c, d: features.action_surge(s, c.ref),
    cmd.Rage: lambda s, c, d: features.rage(s, c.ref),
    cmd.TakeRest: lambda s, c, d: features.take_rest(s, c.length, c.spend, d),
    EndConcentration: lambda s, c, d: concentration.end_concentration(s, c.ref),
    cmd.TurnUndead: lambda s, c, d: channel_divinity.turn_undead(s, c.ref, c.targets, c.resist, d),
    cmd.PreserveLife: lambda s, c, d: channel_divinity.preserve_life(s, c.ref, c.shares),
    cmd.UseCreatureAction: lambda s, c, d: recharge.use_action(s, c, d),
    cmd.SetCreatureAction: lambda s, c, d: creature_actions.set_action(s, c),
    cmd.RemoveCreatureAction: lambda s, c, d: creature_actions.remove_action(s, c),
    # the world around a fight
    cmd.MoveParty: lambda s, c, d: world.move_party(s, c.dx, c.dy, c.steps, d),
    cmd.MovePartyTo: lambda s, c, d: world.move_party_to(s, c.x, c.y, d),
    cmd.SetDisposition: lambda s, c, d: world.set_disposition(s, c.ref, c.disposition, d),
    cmd.PlaceCreature: lambda s, c, d: world.place_creature(s, c.ref, c.x, c.y, c.map, d),
    cmd.SetCreatureHp: lambda s, c, d: world.set_creature_hp(s, c.ref, c.hp),
    cmd.DeleteCreature: lambda s, c, d: world.delete_creature(s, c.ref, d),
    cmd.SplitCharacter: lambda s, c, d: world.split_character(s, c.ref, c.x, c.y, c.map),
    cmd.RejoinParty: lambda s, c, d: world.rejoin_party(s, c.ref),
    # a GM's own table: the library, templates, characters, equipment (issue 13)
    cmd.SpawnCreatures: roster.spawn,
    cmd.AddCreature: roster.add_creature,
    cmd.EditActor: lambda s, c, d: roster.edit_actor(s, c),
    cmd.SaveTemplate: lambda s, c, d: roster.save_template(s, c),
    cmd.EditTemplate: lambda s, c, d: roster.edit_template(s, c),
    cmd.DeleteTemplate: lambda s, c, d: roster.delete_template(s, c),
    cmd.ImportTemplates: lambda s, c, d: roster.import_templates(s, c),
    cmd.AddCharacter: lambda s, c, d: party.add_character(s, c),
    cmd.ImportCharacters: lambda s, c, d: party.import_characters(s, c),
    cmd.DeleteCharacter: lambda s, c, d: party.delete_character(s, c),
    cmd.LevelUp: lambda s, c, d: party.level_up(s, c),
    cmd.Equip: lambda s, c, d: party.equip(s, c),
    cmd.Unequip: lambda s, c, d: party.unequip(s, c),
    **spellbook.SPELL_RULES,  # the campaign's custom spells (issue 15)
}
KINDS.add(EndConcentration)  # its journal kind, registered beside its rule


def _watched(rule: Rule) -> Rule:
    def run(state: Campaign, command: object, dice: Dice) -> Outcome:
        return concentration.follow(rule(state, command, dice), dice)

    return run


# Damage, incapacitation and death can come from any command, so each one ends with the
# concentration check (ref: Conditions — a cleric who loses concentration; concentration.py).
RULES = {kind: _watched(rule) for kind, rule in RULES.items()}
