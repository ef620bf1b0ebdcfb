"""The attack action: R47-R54, R78-R80, A2-A5, A21-A27, notes §2.2-2.4."""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.futurepath import accuracy, damage
from combat_tui.systems.futurepath import events as ev
from combat_tui.systems.futurepath.conditions import has_flag
from combat_tui.systems.futurepath.labels import label
from combat_tui.systems.futurepath.model import Campaign, FPActor, FPWeapon, FuturePath
from combat_tui.systems.futurepath.stats import (
    actor,
    armor_class,
    extra_damage,
    fp_state,
    ground_fight,
    helpless,
    modifier,
    with_fp,
)

BARRED_MAIN = ("two-handed", "clunky", "heavy")
BARRED_BONUS_MELEE = ("gigantic", "clunky")
"""notes §2.4: a melee weapon with either cannot make a main-weapon Bonus Attack."""


def weapon_of(fp: FuturePath, who: FPActor, name: str) -> FPWeapon:
    if not name:
        if not who.weapons:
            raise CommandRejected(f"{label(fp, who.id)} has no weapon.")
        return who.weapons[0]
    for weapon in who.weapons:
        if weapon.name.casefold() == name.casefold():
            return weapon
    raise CommandRejected(f"{label(fp, who.id)} has no weapon called '{name}'.",
                          "Weapons: " + (", ".join(w.name for w in who.weapons) or "none") + ".")  # fmt: skip


def dual_wielding(who: FPActor) -> bool:
    return bool(who.off_hand)


def check_two_weapons(fp: FuturePath, who: FPActor, weapon: FPWeapon, offhand: bool) -> None:
    """ref: R79, notes §2.4 — dual wielding: the main weapon is not Two-Handed, Clunky or Heavy;
    the off-hand weapon is light (level 0-2) or medium (3-5) and Versatile."""
    if not dual_wielding(who):
        if offhand:
            raise CommandRejected(f"{label(fp, who.id)} has no off-hand weapon.", "Name one in the sheet's off_hand.")
        return
    main = next((w for w in who.weapons if w.name.casefold() != who.off_hand.casefold()), None)
    if main is not None:
        barred = [a for a in main.attributes if a in BARRED_MAIN]
        if barred:
            raise CommandRejected(f"{label(fp, who.id)} cannot dual wield with {main.name} ({', '.join(barred)}) as the main weapon.")
    if offhand:
        if weapon.name.casefold() != who.off_hand.casefold():
            raise CommandRejected(f"{weapon.name} is not {label(fp, who.id)}'s off-hand weapon ({who.off_hand}).")
        if not weapon.proficient:
            raise CommandRejected(f"An off-hand attack needs proficiency with {weapon.name}.")
        barred = [a for a in weapon.attributes if a in BARRED_MAIN]
        light = weapon.level <= 2 or "light" in weapon.attributes
        medium = weapon.level <= 5 and "versatile" in weapon.attributes
        if barred or not (light or medium):
            raise CommandRejected(f"{weapon.name} does not qualify as an off-hand weapon: light, or medium and Versatile.")


def main_weapon_bonus(who: FPActor, weapon: str) -> bool:
    """A Bonus Attack with the main weapon: not the off-hand weapon, nor (dual wielding) no
    weapon named, which is the off-hand one."""
    return not (who.off_hand and weapon.casefold() in ("", who.off_hand.casefold()))


def check_same_target(fp: FuturePath, who: FPActor, standard, target: str, weapon: str) -> None:
    """ref: notes §2.4 — a main-weapon Bonus Attack is made on the Standard Attack's target."""
    if standard is not None and standard.target and target and target != standard.target and main_weapon_bonus(who, weapon):
        raise CommandRejected(f"A Bonus Attack with the main weapon is made on the same target as {label(fp, who.id)}'s Standard "
                              "Attack.", "Name that target, or attack another with the off-hand weapon.")  # fmt: skip


def check_fighters(fp: FuturePath, fight, attacker: FPActor, target: FPActor) -> None:
    """Both sides of an attack are in the fight, and no one attacks themselves."""
    if attacker.id == target.id:
        raise CommandRejected(f"{label(fp, attacker.id)} cannot attack themselves.", "Name someone else as the target.")
    for who in (attacker, target):
        if who.id not in fight.present:
            waiting = " yet: they join at the Counter phase" if who.id in fight.joiners else ""
            raise CommandRejected(f"{label(fp, who.id)} is not in the fight{waiting}.", "Bring them in with 'join'.")


def attack(state: Campaign, command, dice: Dice) -> Outcome:
    fp = fp_state(state)
    fight = ground_fight(fp, "attack")
    attacker, target = actor(fp, command.attacker), actor(fp, command.target)
    check_fighters(fp, fight, attacker, target)
    weapon = weapon_of(fp, attacker, command.weapon or (attacker.off_hand if command.offhand else ""))
    check_two_weapons(fp, attacker, weapon, command.offhand)
    events: list = []
    if has_flag(attacker, "cannot_act") or has_flag(attacker, "cannot_attack"):
        # A12: warn, do not block (the example's Stunned bear still attacks).
        events.append(ev.Warning(attacker.id, "cannot attack (a condition); the GM lets the attack stand."))
    pending = _declaration(fp, fight, command)
    bonus = pending is not None and fight.declarations[pending].slot == "bonus" and not command.offhand
    if bonus:
        _check_main_bonus(fp, fight, attacker, target, weapon)
    penalised = command.offhand or bonus  # notes §2.4: the main-weapon Bonus Attack has the off-hand penalties
    if pending is None and fight is not None and fight.phase == "action":
        from combat_tui.systems.futurepath.rounds import acting

        if attacker.id not in acting(fp, fight):
            events.append(ev.Warning(attacker.id, "is not in the acting group; the GM lets the attack stand."))
    # ref: A4 — zero forbidden advantage, cancel, cap, block below -3 unless overridden.
    sources = accuracy.attack_sources(fp, fight, attacker, target, weapon, command.situations, command.offhand)
    forbid = accuracy.forbidders(attacker, command.offhand)
    if bonus:
        # notes §2.4: no advantage of any kind (proficiency included); ranged takes disadvantage.
        forbid += ("Bonus Attack",)
        if weapon.ranged:
            sources.append(accuracy.Source("ranged Bonus Attack", -1))
    net = accuracy.net_advantage(fp, sources, forbid)
    if net.blocked and not command.force:
        raise CommandRejected(f"{label(fp, attacker.id)} has {-net.raw} disadvantage dice: more than 3, so the attack cannot be made.",
                              "Add 'force' to roll it anyway.")  # fmt: skip
    d20 = dice.d20()
    adv = accuracy.roll_advantage(attacker, net.net, dice)
    ability = "DEX" if weapon.ranged else "STR"
    ability_mod = modifier(attacker.abilities.dexterity if weapon.ranged else attacker.abilities.strength)
    flat = accuracy.flat_modifiers(attacker, weapon)
    total = d20 + adv.total + ability_mod + weapon.accuracy + sum(v for _, v in flat)
    flat_footed = fight is not None and (
        (fight.round == 0 and target.id in fight.unaware)  # R26
        or (fight.joiner_round and attacker.id in fight.surprise and target.team != attacker.team)  # R22
    )
    if attacker.condition("Hidden") is not None and target.team != attacker.team:
        flat_footed = True  # A19, notes §2.5: Hidden keeps flat-footed treatment toward enemies
    ac = armor_class(target, touch=command.touch, flat_footed=flat_footed)
    ac_kind = "touch AC" if command.touch else ("flat-footed AC" if flat_footed else "AC")
    ed_count = 0 if penalised or has_flag(attacker, "no_extra_damage") else extra_damage(attacker)
    judged = damage.judge(fp.options, d20, total, ac, weapon, ed_count, dual_wielding(attacker),
                          no_major=has_flag(attacker, "no_extra_damage") or penalised)  # fmt: skip
    if judged.tier not in ("critical", "fumble") and helpless(target) and target.hp > 0 and not weapon.ranged:
        # notes §2.3: a coup de grace on a helpless target with HP left is an automatic critical.
        judged = damage.Judgement("critical", judged.margin, ed_count)
    events.append(ev.FPAttackRolled(
        attacker.id, target.id, weapon.name, d20, tuple((s.name, s.dice, s.cancelled) for s in net.sources), net.net,
        adv.expr, adv.rolls, ability, ability_mod, weapon.accuracy, tuple(flat), total, ac, ac_kind, judged.tier,
        judged.extra_damage, command.force and net.blocked, net.forbidden_by,
    ))  # fmt: skip
    rolls = _damage_rolls(fp.options, attacker, weapon, judged, dice, penalised, events)
    if rolls:
        amount = sum(r.total for r in rolls)
        applied = len(rolls) - 1 if judged.extra_damage else 0  # a natural 1 in the crit chain cancels some
        state, taken = take_damage(state, target.id, amount, weapon.damage_type, applied)
        events.append(taken)
    if pending is not None:
        from combat_tui.systems.futurepath.phases import mark_resolved

        result = {"fumble": "critical failure", "miss": "miss", "hit": "hit", "minor": "Minor Hit",
                  "major": "Major Hit", "critical": "critical"}[judged.tier]  # fmt: skip
        return mark_resolved(state, pending, result, tuple(events))
    return Outcome(state, tuple(events))


def _declaration(fp, fight, command) -> int | None:
    """The attacker's declared attack this group turn, which this roll resolves (R64)."""
    if fight is None or fight.phase != "action":
        return None
    from combat_tui.systems.futurepath.phases import queue, step

    order = queue(fp, fight)
    slot = "bonus" if command.offhand else None
    mine = [i for i in order if fight.declarations[i].actor == command.attacker and fight.declarations[i].category == "attack"
            and not fight.declarations[i].grenade and (slot is None or fight.declarations[i].slot == slot)]  # fmt: skip
    if not mine:
        return None
    first = fight.declarations[mine[0]]
    if first.slot == "bonus" and not command.offhand:
        # A27, notes §2.4: a main-weapon Bonus Attack only after a successful Standard Attack;
        # the off-hand one is granted even when it fails (R78).
        standard = next((d for d in fight.declarations if d.actor == command.attacker and d.slot == "standard"), None)
        succeeded = ("hit", "Major Hit", "critical") + (("Minor Hit",) if fp.options.minor_hit_succeeds else ())
        if standard is None or not standard.resolved or standard.result not in succeeded:
            raise CommandRejected("A main-weapon Bonus Attack follows a successful Standard Attack only.",
                                  "An off-hand weapon can attack anyway: add 'offhand'.")  # fmt: skip
    if not fight.committed:
        raise CommandRejected("No one rolls until everyone in the group has committed.", "Say 'commit' first.")
    if step(fp, fight, mine[0]) != step(fp, fight, order[0]):
        first = fight.declarations[order[0]]
        raise CommandRejected(f"{first.name} of {label(fp, first.actor)} resolves first.")
    return mine[0]


def _check_main_bonus(fp: FuturePath, fight, attacker: FPActor, target: FPActor, weapon: FPWeapon) -> None:
    """ref: notes §2.4 — the main-weapon Bonus Attack: on the Standard Attack's target; a melee
    weapon neither Gigantic nor Clunky."""
    standard = next((d for d in fight.declarations if d.actor == attacker.id and d.slot == "standard"), None)
    if standard is not None and standard.target and standard.target != target.id:
        raise CommandRejected(f"A Bonus Attack with the main weapon is made on the same target as {label(fp, attacker.id)}'s "
                              "Standard Attack.", "Attack that target, or add 'offhand' for the off-hand weapon.")  # fmt: skip
    barred = [a for a in weapon.attributes if a in BARRED_BONUS_MELEE]
    if barred and not weapon.ranged:
        raise CommandRejected(f"{weapon.name} ({', '.join(barred)}) cannot make a Bonus Attack.")


def _damage_rolls(options, attacker: FPActor, weapon: FPWeapon, judged, dice: Dice, offhand: bool, events: list):
    """ref: R49-R52, A22, A26, notes §2.3 — the damage rolls of each tier; `offhand`: the
    halved bonus damage and lower melee die of an off-hand or main-weapon Bonus Attack (§2.4)."""
    if judged.tier in ("miss", "fumble"):
        return []
    _, _, bonus = damage.split(weapon)
    static = bonus + (0 if weapon.ranged else modifier(attacker.abilities.strength))
    if offhand:
        static //= 2  # notes §2.4: all bonus damage is halved on an off-hand attack
        if not weapon.ranged:
            weapon = damage.one_die_level_down(weapon)  # notes §2.4: melee drops one die level
    rolls: list[damage.DamageRoll] = []

    def add(what: str, roll: damage.DamageRoll) -> None:
        rolls.append(roll)
        events.append(ev.DamageRolled(what, roll.faces, roll.dice, roll.static, roll.multiplier, roll.total))

    if judged.tier == "minor":
        add("minor", damage.minor(damage.roll_damage(weapon, static, dice), options))
    elif judged.tier == "hit":
        add("normal", damage.roll_damage(weapon, static, dice))
    elif judged.tier == "major" and not judged.extra_damage:
        add("major", damage.roll_damage(weapon, static, dice, twice=True))
    elif judged.tier == "major":
        for index in range(1 + judged.extra_damage):
            add("normal" if index == 0 else f"extra {index}", damage.roll_damage(weapon, static, dice))
    else:
        add("critical", damage.roll_damage(weapon, static, dice, twice=True, multiplier=weapon.crit_multiplier))
        multiply = True
        for index in range(1, judged.extra_damage + 1):
            if multiply:
                d20 = dice.d20()
                if d20 >= weapon.crit_from:
                    outcome = "multiplied"
                elif d20 == 1:
                    events.append(ev.CritChainRolled(index, d20, "cancelled"))
                    break
                else:
                    outcome, multiply = "unmultiplied", False
                events.append(ev.CritChainRolled(index, d20, outcome))
            mult = weapon.crit_multiplier if multiply else 1
            add(f"extra {index}", damage.roll_damage(weapon, static, dice, twice=multiply, multiplier=mult))
    return rolls


def take_damage(state: Campaign, ref: str, amount: int, damage_type: str, extra: int = 0, ignore_dr: bool = False):
    """ref: notes §2.2 — DR is subtracted last; HP does not go below 0 (Dying at 0, §2.5)."""
    fp = fp_state(state)
    target = actor(fp, ref)
    dr = 0 if ignore_dr else damage.damage_reduction(target, damage_type, extra)
    taken = max(0, amount - dr)
    hp = max(0, target.hp - taken)
    fp = fp.with_actor(evolve(target, hp=hp))
    return with_fp(state, fp), ev.FPDamageTaken(ref, amount, dr, taken, hp, damage_type)


def apply_damage(state: Campaign, ref: str, amount: int, damage_type: str, ignore_dr: bool) -> Outcome:
    ground_fight(fp_state(state), "damage", ("setup", "running"))  # setup: a trap can go off before Round 0
    if amount < 0:
        raise CommandRejected("Damage cannot be negative.", "Use 'heal' to give HP back.")
    state, taken = take_damage(state, ref, amount, damage_type, 0, ignore_dr)
    return Outcome(state, (taken,))


def heal(state: Campaign, ref: str, amount: int) -> Outcome:
    ground_fight(fp_state(state), "heal", ("setup", "running"))
    if amount < 0:
        raise CommandRejected("Healing cannot be negative.")
    fp = fp_state(state)
    who = actor(fp, ref)
    hp = min(who.max_hp, who.hp + amount)
    # notes §2.5: Bleeding ends on any healing.
    conditions = tuple(c for c in who.conditions if c.name != "Bleeding")
    fp = fp.with_actor(evolve(who, hp=hp, conditions=conditions))
    return Outcome(with_fp(state, fp), (ev.FPHealed(ref, amount, hp),))
