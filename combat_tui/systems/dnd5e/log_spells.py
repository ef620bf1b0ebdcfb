"""The travelogue lines of casting a spell: its attack, damage, saves and what it could not do."""

from __future__ import annotations

from combat_tui.systems.dnd5e import events as ev
from combat_tui.systems.dnd5e.log_text import Context, Liner, d20_text, join_names, signed


def _ordinal(level: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(level, f"{level}th")


def _spell_cast(event: ev.SpellCast, c: Context) -> list[str]:
    on = f" on {join_names([c.name(r) for r in event.targets])}" if event.targets else ""
    slot = f" at {_ordinal(event.slot)} level" if event.slot else ""
    option = f" ({event.option})" if event.option else ""
    lines = [f"{c.name(event.caster)} casts {event.spell}{option}{slot}{on}."]
    if event.note:
        lines.append(f"{event.spell}: {event.note}.")
    return lines


def _spell_attack_rolled(event: ev.SpellAttackRolled, c: Context) -> list[str]:
    d20 = d20_text(event.d20s, event.kept, event.mode, event.slants, event.origin)
    bless = f" + 1d4 {event.bless} Bless" if event.bless else ""
    if event.critical:
        verdict = "natural 20, a critical hit!"
    elif event.kept == 1:
        verdict = "natural 1, a miss."
    else:
        verdict = "hit." if event.hit else "miss."
    return [f"{event.spell} (spell attack) on {c.name(event.target)}: {d20} {signed(event.bonus)}{bless} = "
            f"{event.total} vs AC {event.ac}{f' (Shield +{event.shield})' if event.shield else ''}, {verdict}"]  # fmt: skip


def _spell_damage_rolled(event: ev.SpellDamageRolled, c: Context) -> list[str]:
    dice = " + ".join(str(roll) for roll in event.rolls)
    crit = " (critical hit: every die rolled twice)" if event.critical else ""
    note = f" {event.note}" if event.note and event.note.startswith("+") else ""
    why = f" ({event.note})" if event.note and not note else ""
    kind = f" {event.damage_type}" if event.damage_type else ""
    what = "Healing" if event.damage_type == "healing" else event.spell if "dart" in event.spell else "Damage"
    if event.damage_type == "hit points":
        what = event.spell
    if event.damage_type in ("healing", "hit points"):
        kind = "" if event.damage_type == "healing" else " hit points"
    if not event.rolls:  # a feature's fixed amount (Blessed Healer)
        return [f"{what}: {event.spell}{why} = {event.amount}{kind}."]
    return [f"{what}{crit}: {dice}{note} = {event.amount}{kind}{why}."]


def _spell_save_rolled(event: ev.SpellSaveRolled, c: Context) -> list[str]:
    name, ability = c.name(event.ref), event.ability.capitalize()
    if event.auto_fail:
        return [f"{name} fails the {ability} save against {event.spell} automatically ({event.auto_fail}); no roll."]
    d20 = d20_text(event.d20s, event.kept, event.mode, event.slants, event.origin)
    bless = f" + 1d4 {event.bless} Bless" if event.bless else ""
    result = "succeeds" if event.success else "fails"
    return [f"{name} {result} the {ability} save against {event.spell}: {d20} {signed(event.bonus)}{bless} = "
            f"{event.total} vs DC {event.dc}."]  # fmt: skip


def _spell_no_effect(event: ev.SpellNoEffect, c: Context) -> list[str]:
    return [f"It has no effect on {c.name(event.ref)} ({event.why})."]


def _character_raised(event: ev.CharacterRaised, c: Context) -> list[str]:
    return [f"{c.name(event.ref)} returns to life with 1 HP."]


LINES: dict[type, Liner] = {
    ev.SpellCast: _spell_cast,
    ev.SpellAttackRolled: _spell_attack_rolled,
    ev.SpellDamageRolled: _spell_damage_rolled,
    ev.SpellSaveRolled: _spell_save_rolled,
    ev.SpellNoEffect: _spell_no_effect,
    ev.CharacterRaised: _character_raised,
}
