"""What creatures do on a swing: Multiattack's disadvantaged swing, Pack Tactics, Redirect Attack,
and the save a weapon forces on a hit.

ref: Pack Tactics, on-hit saves, Surprise Attack, and Multiattack — "The app counts the swings of
the Attack action and adds the disadvantage to that swing, and the attack line of the log names
Multiattack disadvantage. An advantage chip cancels it, and a roll mode that you pick in the dialog
replaces it." "tick the Pack Tactics box when the condition is met. The attack line of the log
names Pack Tactics advantage." "After the damage lands, the target rolls the save with its own
bonus and chips. The log names the total, the DC, and the result. A target that fails gains the
condition, and a target that the hit dropped to 0 HP rolls nothing. A creature immune to the
condition keeps its chips, and the log says so."
ref: Redirect Attack — "It swaps places with an ally, and the ally becomes the target ... A
redirect spends the reaction, and the log names the swap."
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.records import evolve
from combat_tui.systems.dnd5e.advantage import Slant, resolve
from combat_tui.systems.dnd5e.catalog import spell_of
from combat_tui.systems.dnd5e.checks import auto_fail, roll_d20, save_bonus, save_slants
from combat_tui.systems.dnd5e.commands import Attack, Cast
from combat_tui.systems.dnd5e.conditions import add_chip, blessed, canonical, is_immune, stopped_by
from combat_tui.systems.dnd5e.damage import find_actor
from combat_tui.systems.dnd5e.economy import combatant, spend
from combat_tui.systems.dnd5e.events import AttackRedirected, ChipAdded, ConditionImmune, SpellSaveRolled
from combat_tui.systems.dnd5e.model import Actor, Campaign, Chip, Creature, Weapon


def swing_slants(attacker: Actor, command: Attack, swing: int) -> tuple[Slant, ...]:
    slants = []
    if command.pack:
        if not (isinstance(attacker, Creature) and attacker.pack_tactics):
            raise CommandRejected(f"{attacker.name} has no Pack Tactics.")
        slants.append(Slant("adv", "Pack Tactics"))
    if (isinstance(attacker, Creature) and attacker.multiattack > 1 and swing
            and attacker.multiattack_disadvantage == swing):  # fmt: skip
        slants.append(Slant("dis", "Multiattack"))
    return tuple(slants)


def can_redirect(state: Campaign, target: Actor) -> bool:
    """ref: Redirect Attack — "It opens only while the creature has its reaction and can act"."""
    if not (isinstance(target, Creature) and target.redirect_attack) or target.hp <= 0 or stopped_by(target):
        return False
    found = state.fight.find(target.id) if state.fight else None
    return found is not None and not found.reaction_used


def redirect_allies(state: Campaign, target: Actor) -> tuple[str, ...]:
    """"every ally of the creature in the fight that is not down" (the GM picks one that qualifies)."""
    side = state.fight.find(target.id).side
    return tuple(c.ref for c in state.fight.combatants
                 if c.side == side and c.ref != target.id and (a := state.actor(c.ref)) is not None and a.hp > 0)  # fmt: skip


def redirect(state: Campaign, attacker: Actor, target: Actor, ally_ref: str, events: list) -> tuple[Campaign, Actor]:
    if not (isinstance(target, Creature) and target.redirect_attack):
        raise CommandRejected(f"{target.name} has no Redirect Attack.")
    if not can_redirect(state, target):
        raise CommandRejected(f"{target.name} cannot redirect now: its reaction is spent or it cannot act.")
    ally = find_actor(state, ally_ref)
    if ally.id not in redirect_allies(state, target) or ally.id == attacker.id:
        raise CommandRejected(f"{ally.name} is not an ally of {target.name} that can take its place.")
    state = spend(state, target.id, "reaction", False)
    state = state.with_actor(evolve(state.actor(target.id), tile=ally.tile)).with_actor(evolve(ally, tile=target.tile))
    events.append(AttackRedirected(target.id, ally.id))
    return state, state.actor(ally.id)


def on_hit_save(state: Campaign, ref: str, weapon: Weapon, dice: Dice, events: list) -> Campaign:
    """The save a creature weapon forces on each hit (the wolf bite's DC 11 STR or Prone)."""
    target = state.actor(ref)
    if not weapon.save_ability or target is None or target.hp <= 0:
        return state
    ability = weapon.save_ability
    failed_by = auto_fail(target, ability)
    if failed_by:
        events.append(SpellSaveRolled(ref, weapon.name, ability, (), 0, "", 0, 0, weapon.save_dc, False, (), "auto", failed_by))
        success = False
    else:
        resolved = resolve(save_slants(target, ability), "", "normal")
        faces, kept = roll_d20(dice, resolved.mode)
        bless = dice.roll(1, 4).total if blessed(target) else 0
        bonus = save_bonus(target, ability)
        total = kept + bonus + bless
        success = total >= weapon.save_dc
        events.append(SpellSaveRolled(ref, weapon.name, ability, faces, kept, resolved.mode, bonus, total, weapon.save_dc,
                                      success, resolved.slants, resolved.origin, "", bless))  # fmt: skip
    if success or not weapon.save_condition:
        return state
    if is_immune(target, weapon.save_condition):
        events.append(ConditionImmune(ref, weapon.save_condition))
        return state
    changed, result = add_chip(target, Chip(weapon.save_condition, source=weapon.name))
    events.append(ChipAdded(ref, canonical(weapon.save_condition), 0, "", result))
    return state.with_actor(changed)


def surprise_attack_applies(state: Campaign, attacker: Actor, target: Actor) -> bool:
    """ref: Pack Tactics, on-hit saves, Surprise Attack, and Multiattack — "adds its dice to a hit
    in round 1 when the target is still surprised"."""
    return (isinstance(attacker, Creature) and bool(attacker.surprise_attack) and state.fight.round == 1
            and any(chip.name == "Surprised" for chip in target.chips))  # fmt: skip


def is_multiattack(actor: Actor) -> bool:
    return isinstance(actor, Creature) and actor.multiattack > 1


__all__ = ["can_redirect", "combatant", "is_multiattack", "on_hit_save", "redirect", "redirect_allies",
           "surprise_attack_applies", "swing_slants"]  # fmt: skip


def redirect_cast(state: Campaign, command: Cast) -> tuple[Campaign, Cast, tuple]:
    """ref: Redirect Attack — "The dialog opens for a weapon attack and for an attack spell, such as
    Fire Bolt, but not for a save spell." The spell's one target becomes the ally."""
    if not command.redirect:
        return state, command, ()
    spell = spell_of(state, command.spell)
    if spell is None or spell.kind != "attack":
        raise CommandRejected("Redirect Attack works against a weapon attack or an attack spell, not a save spell.")
    if len(command.targets) != 1:
        raise CommandRejected("Redirect Attack needs the spell's one target.")
    events: list = []
    caster, target = find_actor(state, command.caster), find_actor(state, command.targets[0])
    state, ally = redirect(state, caster, target, command.redirect, events)
    return state, evolve(command, targets=(ally.id,), redirect=""), tuple(events)
