"""Casting a spell: slots, armor, spell attacks and spell saves with every rule that slants them.

ref: Conditions — the conditions apply to "a weapon attack, a spell attack, a spell save".
ref: Armor proficiency — "The character cannot cast a spell. The refusal names the armor and
spends nothing. The cast dialog offers an Ignore armor box, which casts anyway." "A spell that
forces a STR or DEX save makes the wearer roll that save at disadvantage."
ref: Damage and damage defenses — a save halves first, the defenses apply after.
ref: Death saves — healing, Revivify and Raise Dead, Spare the Dying; "A cast that puts
Unconscious on a target, such as Sleep, also adds Prone."
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.dnd5e import concentration
from combat_tui.systems.dnd5e import spell_features as subclass
from combat_tui.systems.dnd5e.advantage import resolve
from combat_tui.systems.dnd5e.armor import untrained_armor
from combat_tui.systems.dnd5e.attack import attack_slants
from combat_tui.systems.dnd5e.catalog import spell_of
from combat_tui.systems.dnd5e.checks import auto_fail, roll_d20, save_bonus, save_slants
from combat_tui.systems.dnd5e.commands import Cast
from combat_tui.systems.dnd5e.conditions import add_chip, blessed, is_immune, stopped_by
from combat_tui.systems.dnd5e.damage import apply_damage, find_actor
from combat_tui.systems.dnd5e.data.spells import Spell
from combat_tui.systems.dnd5e.defenses import apply_defenses
from combat_tui.systems.dnd5e.events import (
    ChipAdded,
    DamageApplied,
    SpellAttackRolled,
    SpellCast,
    SpellDamageRolled,
    SpellNoEffect,
    SpellSaveRolled,
)
from combat_tui.systems.dnd5e.features import has_evasion
from combat_tui.systems.dnd5e.legendary import resist as legendary_resist
from combat_tui.systems.dnd5e.model import Actor, Campaign, Character, Chip
from combat_tui.systems.dnd5e.reaction_spells import answer_shield, blocks_darts, check_answer, defended_ac
from combat_tui.systems.dnd5e.resist_spells import answer_resist
from combat_tui.systems.dnd5e.spell_healing import blessed_healer, heal_spell, raise_dead, spare_the_dying
from combat_tui.systems.dnd5e.spell_numbers import (  # noqa: F401 — the cast's numbers, imported from here by others
    caster_level,
    roll_text,
    spell_attack_bonus,
    spell_dice,
    spell_modifier,
    spell_save_dc,
)


def cast(state: Campaign, command: Cast, dice: Dice) -> Outcome:
    caster = find_actor(state, command.caster)
    spell = spell_of(state, command.spell)  # the campaign's custom spell first
    if spell is None:
        raise CommandRejected(f"There is no spell called '{command.spell}' in the app's list.")
    _check_known(caster, spell, command.ignore_cost)
    if caster.hp <= 0:
        raise CommandRejected(f"{caster.name} is at 0 HP and cannot cast.")
    if stopped := stopped_by(caster):
        raise CommandRejected(f"{caster.name} is {stopped} and cannot act.")
    armor = untrained_armor(caster)
    if armor and not command.ignore_armor:
        raise CommandRejected(
            f"{caster.name} cannot cast a spell in armor it is not proficient with ({', '.join(armor)}).",
            "Add ignore-armor to cast anyway.",
        )
    targets = tuple(find_actor(state, ref) for ref in command.targets)
    if not targets and spell.range == "Self" and not spell.area:
        targets = (caster,)  # a spell on its caster (Shield)
    if state.fight is not None and state.fight.stage == "running":
        for actor in (caster, *targets):
            if state.fight.find(actor.id) is None:
                raise CommandRejected(f"{actor.name} is not in this fight.")
    _check_targets(spell, targets, command)
    if spell.kind in ("attack", "rays", "missiles"):  # ref: Shield against a hit
        check_answer(state, command.react, tuple(t.id for t in targets), spell.name)
    elif spell.kind in ("save", "damage") and spell.damage_type:  # ref: Resisting a hit
        check_answer(state, command.react, tuple(t.id for t in targets), spell.name, shield=False)
    elif command.react:
        raise CommandRejected(f"{spell.name} opens no Reaction dialog.", "Drop 'react'.")
    state, slot = _spend_slot(state, caster, spell, command.level, command.ignore_cost)
    spell = _at_cast(spell, slot, targets, command, caster)
    _check_sculpt(caster, spell, slot, targets, command.sculpt)
    caster = state.actor(caster.id)
    events: list = [SpellCast(caster.id, spell.name, slot, tuple(t.id for t in targets), command.option, spell.note)]
    state = concentration.before_cast(state, caster.id, spell, events)
    match spell.kind:
        case "attack":
            state = _spell_attack(state, caster, spell, slot, targets[0], command.mode, dice, events, command.react)
        case "save":
            state = _spell_save(state, caster, spell, slot, targets, command.mode, dice, events, command.resist,
                                command.react, command.sculpt)
        case "heal":
            for target in targets:
                state = heal_spell(state, caster, spell, slot, state.actor(target.id), dice, events)
            state = blessed_healer(state, caster, slot, targets, events)
        case "chip":
            state = _chips(state, caster, spell, targets, command.option, events)
        case "raise":
            state = raise_dead(state, spell, targets[0], events)
        case "stabilize":
            state = spare_the_dying(state, spell, targets[0], events)
        case "sleep":
            state = _sleep(state, caster, spell, slot, targets, dice, events)
        case "missiles":
            state = _missiles(state, caster, spell, slot, targets, dice, events, command.react)
        case "rays":
            state = _rays(state, caster, spell, slot, targets, command.mode, dice, events, command.react)
        case "damage":
            state = _plain_damage(state, caster, spell, slot, targets, dice, events, command.react)
    state = concentration.after_cast(state, caster.id, spell, events)
    return Outcome(state, tuple(events))


def _check_targets(spell: Spell, targets: tuple[Actor, ...], command: Cast) -> None:
    if not targets and spell.kind != "utility":
        raise CommandRejected(f"{spell.name} needs a target.", "Add: on NAME")
    if spell.max_targets and not spell.targets_per_slot and len(targets) > spell.max_targets:
        raise CommandRejected(f"{spell.name} takes at most {spell.max_targets} target{'s' * (spell.max_targets > 1)}.")
    if len({t.id for t in targets}) != len(targets) and spell.kind not in ("missiles", "rays"):
        raise CommandRejected("A target is named twice.")
    if spell.kind in ("attack", "save", "missiles", "sleep", "rays", "damage"):
        for target in targets:
            if target.hp <= 0 and not isinstance(target, Character):
                raise CommandRejected(f"{target.name} is already defeated.")
    if spell.choose_type and command.option not in spell.choose_type:
        raise CommandRejected(f"{spell.name} needs the damage type the caster picks.", "One of: " + ", ".join(spell.choose_type) + ".")
    if command.level and command.level < spell.level:
        raise CommandRejected(f"{spell.name} is a level {spell.level} spell; it cannot be cast at level {command.level}.")
    if command.level > 9:
        raise CommandRejected("Spell slots go up to level 9.")


def _check_sculpt(caster: Actor, spell: Spell, slot: int, targets: tuple[Actor, ...], sculpt: tuple[str, ...]) -> None:
    """2014 PHB, School of Evocation 2, Sculpt Spells: 1 + the spell's level of its targets, for an
    evocation spell of an evoker."""
    if not sculpt:
        return
    limit = subclass.sculpt_limit(caster, spell, slot)
    if not limit or spell.kind != "save":
        raise CommandRejected(f"{caster.name} cannot sculpt {spell.name}.",
                              "Sculpt Spells is an evocation wizard's, for an evocation spell with a save.")  # fmt: skip
    names = {t.id: t.name for t in targets}
    for ref in sculpt:
        if ref not in names:
            raise CommandRejected(f"'{ref}' is not a target of {spell.name}, so there is nothing to sculpt.")
    if len(set(sculpt)) > limit:
        raise CommandRejected(f"Sculpt Spells shields at most {limit} creatures from {spell.name} at level {slot}.")


def _check_known(caster: Actor, spell: Spell, ignore_cost: bool) -> None:
    """A caster casts only the spells of its list (a character's sheet, a creature's stat block).
    A caster with no list names nothing it cannot cast when it has slots (the slot check still
    holds); with neither, ignore-cost casts what the app does not model (a scroll, an innate spell)."""
    if spell.name.casefold() in {s.casefold() for s in caster.spells}:
        return
    if not caster.spells and (caster.slots or ignore_cost):
        return
    if not caster.spells:
        raise CommandRejected(f"{caster.name} has no spells and no spell slots.",
                              "Give the sheet its spells first, or add ignore-cost.")  # fmt: skip
    raise CommandRejected(f"{caster.name} does not have {spell.name}.", "Spells: " + ", ".join(caster.spells) + ".")


def _spend_slot(state: Campaign, caster: Actor, spell: Spell, wanted: int,
                ignore_cost: bool = False) -> tuple[Campaign, int]:  # fmt: skip
    """(state with the slot spent, the slot level). Cantrips spend nothing; otherwise the lowest
    slot left at or above the spell's level (or `wanted`), refused when none is left. A character
    with no slots on its sheet is refused unless ignore-cost (what the app does not model: a
    scroll, Pact Magic); a creature without tracked slots spends none."""
    if spell.level == 0:
        return state, 0
    if not caster.slots and (ignore_cost or not isinstance(caster, Character)):
        return state, wanted or spell.level
    levels = [wanted] if wanted else range(spell.level, len(caster.slots) + 1)
    for level in levels:
        if 1 <= level <= len(caster.slots) and caster.slots[level - 1] > 0:
            slots = caster.slots[: level - 1] + (caster.slots[level - 1] - 1,) + caster.slots[level:]
            return state.with_actor(evolve(caster, slots=slots)), level
    at = f"level {wanted}" if wanted else f"level {spell.level} or higher"
    if not caster.slots:
        raise CommandRejected(f"{caster.name} has no spell slots for {spell.name} (level {spell.level}).",
                              "Give the sheet its slots, or add ignore-cost to cast it anyway.")  # fmt: skip
    raise CommandRejected(f"{caster.name} has no spell slot left at {at}.")


def damage_through_defenses(state: Campaign, target: Actor, amount: int, damage_type: str, events: list,
            halved: bool = False, critical: bool = False) -> Campaign:  # fmt: skip
    """Spell damage through the target's defenses (a save halves first), then HP."""
    defended = apply_defenses(target, ((damage_type, amount),), halved=halved)
    if defended.amount <= 0 and not defended.notes:
        return state
    if defended.amount <= 0:
        events.append(SpellNoEffect(target.id, "; ".join(defended.notes)))
        return state
    applied = apply_damage(state, target.id, defended.amount, critical=critical)
    first, *rest = applied.events
    events.append(evolve(first, damage_type=damage_type, dealt=amount, defenses=defended.notes))
    events.extend(rest)
    return applied.state


def _spell_attack(state, caster, spell, slot, target, mode, dice, events, react=()) -> Campaign:
    resolved = resolve(attack_slants(caster, target, True, False), mode, state.d20_mode)
    faces, kept = roll_d20(dice, resolved.mode)
    bless = dice.roll(1, 4).total if blessed(caster) else 0
    bonus = spell_attack_bonus(caster)
    ac, _ = defended_ac(target)
    critical = kept == 20
    hit = critical or (kept != 1 and kept + bonus + bless >= ac)
    state, shield = answer_shield(state, react, target.id, kept + bonus + bless, ac, hit, critical, events,
                                  caster.id, spell.name)  # fmt: skip
    hit = hit and not shield  # ref: Shield against a hit — the attack rolls against the new AC
    events.append(SpellAttackRolled(caster.id, target.id, spell.name, faces, kept, resolved.mode, bonus,
                                    kept + bonus + bless, ac + shield, hit, critical, resolved.slants, resolved.origin,
                                    bless, shield))  # fmt: skip
    text = spell_dice(spell, spell.dice, slot, caster)
    if not hit and not spell.later:
        return state
    if not text:  # a hit that deals no damage puts its chip on (Ray of Enfeeblement)
        return _chip_on(state, caster, spell, target, events)
    roll, amount = roll_text(dice, text, critical)
    if spell.add_modifier:  # Spiritual Weapon: the dice plus the caster's spellcasting modifier
        amount += spell_modifier(caster)
    amount += subclass.empowered_evocation(caster, spell)
    if not hit:  # Acid Arrow: half the first damage on a miss, and nothing later
        events.append(SpellDamageRolled(target.id, spell.name, (roll,), amount, spell.damage_type, False, "half on a miss"))
        state = answer_resist(state, react, target.id, ((spell.damage_type, amount // 2),), events, caster.id, spell.name)
        return damage_through_defenses(state, state.actor(target.id), amount, spell.damage_type, events, halved=True)
    events.append(SpellDamageRolled(target.id, spell.name, (roll,), amount, spell.damage_type, critical,
                                    f"+ {spell_modifier(caster)} modifier" if spell.add_modifier else ""))  # fmt: skip
    state = answer_resist(state, react, target.id, ((spell.damage_type, amount),), events, caster.id, spell.name)
    target = state.actor(target.id)
    state = damage_through_defenses(state, target, amount, spell.damage_type, events, critical=critical)
    if spell.chip and state.actor(target.id).hp > 0:
        state = _chip_on(state, caster, spell, target, events)
    if spell.later:
        later = spell_dice(spell, spell.later, slot, caster)
        current = state.fight.current() if state.fight else None
        own_turn = current is not None and current.ref == target.id
        chip = Chip(spell.name, 0, caster.id, spell.name, damage=later, damage_type=spell.damage_type, pending=own_turn)
        state = _put(state, target.id, chip, events)
    return state


def _spell_save(state, caster, spell, slot, targets, mode, dice, events, resisting=(), react=(), sculpt=()) -> Campaign:
    dc = spell_save_dc(caster)
    text = spell_dice(spell, spell.dice, slot, caster)
    roll = amount = None
    if text:  # one damage roll for every target (an area)
        roll, amount = roll_text(dice, text)
        empowered = subclass.empowered_evocation(caster, spell)
        amount += empowered
        note = f"+ {empowered} Empowered Evocation" if empowered else ""
        events.append(SpellDamageRolled("", spell.name, (roll,), amount, spell.damage_type, False, note))
    if subclass.potent_cantrip(caster, spell) and not spell.half_on_save:  # a success takes half
        spell = evolve(spell, half_on_save=True)
    for target in targets:
        target = state.actor(target.id)
        if target.id in sculpt:  # Sculpt Spells: a success, and no damage where a success takes half
            events.append(SpellNoEffect(target.id, "Sculpt Spells: it succeeds on the save and takes no damage"))
            continue
        success = spell_save(target, spell.save, dc, spell.name, mode, dice, events)
        if not success:  # ref: Legendary resistance — the GM's answer rides on the command
            state, success = legendary_resist(state, target.id, resisting, events)
            target = state.actor(target.id)
        evasion = spell.half_on_save and spell.save == "dexterity" and has_evasion(target)
        if amount is not None and not (evasion and success) and (not success or spell.half_on_save):
            taken = amount // 2 if success or evasion else amount  # ref: Resisting a hit — before resistance
            state = answer_resist(state, react, target.id, ((spell.damage_type, taken),), events, caster.id,
                                  spell.name, "succeeds" if success else "fails")  # fmt: skip
            target = state.actor(target.id)
        if evasion and success and amount is not None:  # ref: Evasion — no damage on a success
            events.append(SpellNoEffect(target.id, "Evasion"))
        elif evasion and amount is not None:  # ref: Evasion — half on a failure, "Evasion" after the damage
            start = len(events)
            state = damage_through_defenses(state, target, amount, spell.damage_type, events, halved=True)
            for index in range(start, len(events)):
                if isinstance(events[index], DamageApplied):
                    events[index] = evolve(events[index], defenses=events[index].defenses + ("Evasion",))
        elif amount is not None and (not success or spell.half_on_save):
            state = damage_through_defenses(state, target, amount, spell.damage_type, events, halved=success)
        if spell.chip and not success and state.actor(target.id).hp > 0:
            chip = Chip(spell.chip, spell.rounds, caster.id, spell.name, caster.id if spell.until_next_turn else "",
                        save_ability=spell.save if spell.repeat_save else "", save_dc=dc if spell.repeat_save else 0)  # fmt: skip
            state = _put(state, target.id, chip, events)
    return state


def spell_save(target: Actor, ability: str, dc: int, against: str, mode: str, dice: Dice, events: list) -> bool:
    """One target's save against a spell: an automatic failure rolls nothing and names the chip."""
    failed_by = auto_fail(target, ability)
    if failed_by:
        events.append(SpellSaveRolled(target.id, against, ability, (), 0, "", 0, 0, dc, False, (), "auto", failed_by))
        return False
    resolved = resolve(save_slants(target, ability), mode, "normal")
    faces, kept = roll_d20(dice, resolved.mode)
    bless = dice.roll(1, 4).total if blessed(target) else 0
    bonus = save_bonus(target, ability)
    total = kept + bonus + bless
    success = total >= dc
    events.append(SpellSaveRolled(target.id, against, ability, faces, kept, resolved.mode, bonus, total, dc, success,
                                  resolved.slants, resolved.origin, "", bless))  # fmt: skip
    return success


def _put(state: Campaign, ref: str, chip: Chip, events: list) -> Campaign:
    target = state.actor(ref)
    if is_immune(target, chip.name):
        events.append(SpellNoEffect(ref, f"immune to {chip.name}"))
        return state
    changed, result = add_chip(target, chip)
    events.append(ChipAdded(ref, chip.name, chip.rounds, chip.until_turn_of, result))
    return state.with_actor(changed)


def _chips(state, caster, spell, targets, option, events) -> Campaign:
    name = f"{spell.chip} ({option})" if option else spell.chip
    for target in targets:
        until = caster.id if spell.until_next_turn else ""
        state = _put(state, target.id, Chip(name, spell.rounds, caster.id, spell.name, until), events)
    return state


def _sleep(state, caster, spell, slot, targets, dice, events) -> Campaign:
    """2014 PHB Sleep: 5d8 HP (+2d8 a slot), creatures in ascending order of current HP fall
    Unconscious while the pool lasts; the cast adds Prone too (ref: Death saves)."""
    roll, pool = roll_text(dice, spell_dice(spell, spell.dice, slot, caster))
    events.append(SpellDamageRolled("", spell.name, (roll,), pool, "hit points", False))
    for target in sorted(targets, key=lambda t: t.hp):
        if target.hp > pool:
            events.append(SpellNoEffect(target.id, f"{target.hp} HP is more than the {pool} left"))
            continue
        if is_immune(target, spell.chip):
            events.append(SpellNoEffect(target.id, f"immune to {spell.chip}"))
            continue
        pool -= target.hp
        until = caster.id if spell.until_next_turn else ""  # Color Spray's Blinded
        state = _put(state, target.id, Chip(spell.chip, spell.rounds, caster.id, spell.name, until), events)
        if spell.chip == "Unconscious":
            state = _put(state, target.id, Chip("Prone", 0, caster.id, spell.name), events)
    return state


def _missiles(state, caster, spell, slot, targets, dice, events, react=()) -> Campaign:
    """2014 PHB Magic Missile: three darts (one more a slot), each 1d4 + 1 force, that always hit.
    Each named entry is one dart, so a target named twice takes two (`on A, A, B`); more entries
    than darts is refused (`_at_cast`), and fewer send the darts round the list in order (`on A`:
    every dart on A; `on A, B` with three darts: A, B, A)."""
    darts = dart_count(spell, slot, caster)
    for index in range(darts):
        target = state.actor(targets[index % len(targets)].id)
        state, blocked = blocks_darts(state, react, target.id, events, caster.id, spell.name)
        if blocked:  # ref: Shield against a hit — "Against Magic Missile, the spell blocks every dart."
            events.append(SpellNoEffect(target.id, f"{spell.name} dart {index + 1} blocked by Shield"))
            continue
        roll, amount = roll_text(dice, spell.dice)
        events.append(SpellDamageRolled(target.id, f"{spell.name} dart {index + 1}", (roll,), amount, "force", False))
        if target.hp > 0 or isinstance(target, Character):
            state = damage_through_defenses(state, target, amount, "force", events)
    return state


def dart_count(spell: Spell, slot: int, caster: Actor) -> int:
    """Magic Missile's darts (three, one more a slot level above 1st), or a `rays` spell's rays
    (one more a slot level above, or a cantrip's at caster levels 5, 11 and 17)."""
    if spell.kind == "missiles":
        return 3 + max(0, slot - spell.level)
    if spell.cantrip_scaling:
        level = caster_level(caster)
        return max(1, spell.rays + (level >= 5) + (level >= 11) + (level >= 17))
    return max(1, spell.rays + max(0, slot - spell.level))


def _at_cast(spell: Spell, slot: int, targets: tuple[Actor, ...], command: Cast, caster: Actor) -> Spell:
    """The spell as this cast resolves it: the targets a higher slot allows (Hold Person: one more
    a slot level), and the damage type the caster picked (Chromatic Orb)."""
    if spell.targets_per_slot and spell.max_targets:
        limit = spell.max_targets + spell.targets_per_slot * max(0, slot - spell.level)
        if len(targets) > limit:
            raise CommandRejected(f"{spell.name} takes at most {limit} target{'s' * (limit > 1)} at level {slot}.")
    if spell.kind in ("missiles", "rays") and len(targets) > (count := dart_count(spell, slot, caster)):
        what = "darts" if spell.kind == "missiles" else "rays"
        raise CommandRejected(f"{spell.name} has {count} {what} at level {slot}; {len(targets)} targets are named.",
                              f"Name a target once per {what[:-1]}.")  # fmt: skip
    if spell.choose_type and spell.kind != "chip" and command.option in spell.choose_type:
        return evolve(spell, damage_type=command.option)
    return spell


def _chip_on(state: Campaign, caster: Actor, spell: Spell, target: Actor, events: list) -> Campaign:
    """The chip a spell attack's hit puts on its target (Guiding Bolt, Chill Touch)."""
    if not spell.chip:
        return state
    until = caster.id if spell.until_next_turn else ""
    return _put(state, target.id, Chip(spell.chip, spell.rounds, caster.id, spell.name, until), events)


def _rays(state, caster, spell, slot, targets, mode, dice, events, react=()) -> Campaign:
    """Scorching Ray, Eldritch Blast: one spell attack per ray (`dart_count`); each named entry
    is one ray, and fewer entries than rays go round the list in order, as Magic Missile's darts."""
    count = dart_count(spell, slot, caster)
    ray = evolve(spell, kind="attack", per_slot="", cantrip_scaling=False)
    for index in range(count):
        target = state.actor(targets[index % len(targets)].id)
        if target.hp > 0 or isinstance(target, Character):
            state = _spell_attack(state, caster, ray, slot, target, mode, dice, events, react)
    return state


def _plain_damage(state, caster, spell, slot, targets, dice, events, react=()) -> Campaign:
    """Damage with no attack roll and no save (Heat Metal, Divine Smite): one roll for every target."""
    roll, amount = roll_text(dice, spell_dice(spell, spell.dice, slot, caster))
    events.append(SpellDamageRolled("" if len(targets) > 1 else targets[0].id, spell.name, (roll,), amount,
                                    spell.damage_type, False))  # fmt: skip
    for target in targets:
        state = answer_resist(state, react, target.id, ((spell.damage_type, amount),), events, caster.id, spell.name)
        state = damage_through_defenses(state, state.actor(target.id), amount, spell.damage_type, events)
        if spell.chip and state.actor(target.id).hp > 0:
            state = _chip_on(state, caster, spell, target, events)
    return state
