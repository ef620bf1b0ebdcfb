"""The travelogue lines of attacks, damage, healing and death."""

from __future__ import annotations

from combat_tui.systems.dnd5e import events as ev
from combat_tui.systems.dnd5e.log_text import Context, Liner, d20_text, join_names


def _attack_rolled(event: ev.AttackRolled, c: Context) -> list[str]:
    d20 = d20_text(event.d20s, event.kept, event.mode, event.slants, event.origin)
    sign = "-" if event.ability_mod < 0 else "+"
    terms = f"{d20} {sign} {abs(event.ability_mod)} {event.ability}"
    if event.proficient:
        terms += f" + {event.proficiency} proficiency"
    else:
        terms += " (not proficient)"
    if event.bonus:
        terms += f" {'-' if event.bonus < 0 else '+'} {abs(event.bonus)} bonus"
    if event.bless:
        terms += f" + 1d4 {event.bless} Bless"
    if event.critical and event.auto_crit:
        verdict = f"hit, a critical hit ({event.auto_crit} target within 5 feet)!"
    elif event.critical:
        feature = f" ({event.crit_feature})" if event.crit_feature else ""
        verdict = f"natural {event.natural}, a critical hit{feature}!"
    elif event.natural == "1":
        verdict = "natural 1, a miss."
    else:
        verdict = "hit." if event.hit else "miss."
    marks = ", ".join(filter(None, [event.use, event.reach]))
    reach = f" ({marks})" if marks else ""
    # ref: Cover and Sneak Attack — "The log prints both numbers, such as vs AC 12 (10 half cover +2)."
    cover = {2: "half cover", 5: "three-quarters cover"}.get(event.cover, "cover")
    ac = f"{event.ac} ({event.ac - event.cover} {cover} +{event.cover})" if event.cover else f"{event.ac}"
    if event.shield:  # ref: Shield against a hit — "The log line of the attack names the spell beside the AC."
        ac = f"{ac} (Shield +{event.shield})"
    return [
        f"{c.name(event.attacker)} attacks {c.name(event.target)} with {event.weapon}{reach}: "
        f"{terms} = {event.total} vs AC {ac}, {verdict}"
    ]


def _damage_rolled(event: ev.DamageRolled, c: Context) -> list[str]:
    dice = " + ".join(str(roll) for roll in event.rolls)
    mod = f" {'+' if event.modifier >= 0 else '-'} {abs(event.modifier)} {event.ability}" if event.modifier else ""
    kind = f" {event.damage_type}" if event.damage_type else ""
    crit = " (critical hit: every die rolled twice)" if event.critical else ""
    extra = f", extra critical dice {event.extra}" if event.extra else ""
    extra += "".join(f", {rider}" for rider in event.riders)
    return [f"Damage{crit}: {dice}{mod} = {event.amount}{kind}{extra}."]


def _damage_applied(event: ev.DamageApplied, c: Context) -> list[str]:
    kind = f" {event.damage_type}" if event.damage_type else ""
    absorbed = f", {event.absorbed} absorbed by bonus HP" if event.absorbed else ""
    if event.defenses:
        absorbed = f" ({'; '.join(event.defenses)})" + absorbed
    return [
        f"{c.name(event.target)} takes {event.amount}{kind} damage{absorbed} "
        f"({event.hp_before} → {event.hp_after} HP)."
    ]


def _healed(event: ev.Healed, c: Context) -> list[str]:
    gained = event.hp_after - event.hp_before
    name = c.name(event.target)
    lines = [f"{name} regains {gained} HP ({event.hp_before} → {event.hp_after} HP)."]
    if event.woke:
        lines.append(f"{name} is no longer Unconscious; Prone stays until removed.")
    if event.exhaustion_lowered:
        lines.append(f"{name} comes back with exhaustion 5 (was 6).")
    return lines


def _combatant_defeated(event: ev.CombatantDefeated, c: Context) -> list[str]:
    return [f"{c.name(event.ref)} is defeated."]


def _character_dying(event: ev.CharacterDying, c: Context) -> list[str]:
    chips = f" ({join_names(list(event.chips))})" if event.chips else ""
    return [f"{c.name(event.ref)} drops to 0 HP and is dying{chips}."]


def _death_save_rolled(event: ev.DeathSaveRolled, c: Context) -> list[str]:
    name = c.name(event.ref)
    if event.d20 == 20:
        return [f"{name} rolls a death save: d20 20, a natural 20."]
    kind = "a natural 1, two failures" if event.d20 == 1 else ("a success" if event.success else "a failure")
    roll = f"d20 {event.d20} + 1d4 {event.bless} Bless = {event.d20 + event.bless}" if event.bless else f"d20 {event.d20}"
    return [f"{name} rolls a death save: {roll}, {kind} (successes {event.successes}, failures {event.failures})."]


def _death_save_failed_by_damage(event: ev.DeathSaveFailedByDamage, c: Context) -> list[str]:
    what = "two failed death saves (a critical hit)" if event.failures_added == 2 else "a failed death save"
    return [f"The damage costs {c.name(event.ref)} {what} (failures {event.failures})."]


def _character_stabilized(event: ev.CharacterStabilized, c: Context) -> list[str]:
    return [f"{c.name(event.ref)} is stable: 0 HP and unconscious, and rolls no more death saves."]


def _character_revived(event: ev.CharacterRevived, c: Context) -> list[str]:
    return [f"{c.name(event.ref)} regains 1 HP and wakes up."]


def _character_died(event: ev.CharacterDied, c: Context) -> list[str]:
    if event.reason == "exhaustion":
        return [f"{c.name(event.ref)} dies of exhaustion (three failed death saves, HP unchanged)."]
    if event.reason == "massive":
        return [f"{c.name(event.ref)} dies at once: the damage past 0 HP is at least the HP maximum."]
    return [f"{c.name(event.ref)} dies after three failed death saves."]


def _heal_refused(event: ev.HealRefused, c: Context) -> list[str]:
    return [f"{c.name(event.ref)} is dead and regains no HP."]


LINES: dict[type, Liner] = {
    ev.AttackRolled: _attack_rolled,
    ev.DamageRolled: _damage_rolled,
    ev.DamageApplied: _damage_applied,
    ev.Healed: _healed,
    ev.CombatantDefeated: _combatant_defeated,
    ev.CharacterDying: _character_dying,
    ev.DeathSaveRolled: _death_save_rolled,
    ev.DeathSaveFailedByDamage: _death_save_failed_by_damage,
    ev.CharacterStabilized: _character_stabilized,
    ev.CharacterRevived: _character_revived,
    ev.CharacterDied: _character_died,
    ev.HealRefused: _heal_refused,
}
