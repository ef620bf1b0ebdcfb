"""The travelogue lines of chips (conditions and notes), exhaustion, saves, checks and the dice tray."""

from __future__ import annotations

from combat_tui.systems.dnd5e import events as ev
from combat_tui.systems.dnd5e.conditions import NO_RULE, rule_of
from combat_tui.systems.dnd5e.exhaustion import EFFECTS
from combat_tui.systems.dnd5e.log_text import Context, Liner, d20_text, join_names, signed


def _rounds(event: ev.ChipAdded, c: Context) -> str:
    if event.until_turn_of:
        return f" until the start of {c.name(event.until_turn_of)}'s next turn"
    if event.rounds:
        return f" for {event.rounds} round{'s' if event.rounds != 1 else ''}"
    return ""


def _chip_added(event: ev.ChipAdded, c: Context) -> list[str]:
    name = c.name(event.ref)
    if event.result == "kept":
        return [f"{name} already has a {event.name} chip that lasts as long; it stays as it was."]
    verb = "now lasts" if event.result == "replaced" else "is"
    if event.result == "replaced":
        return [f"{name}'s {event.name} chip {verb}{_rounds(event, c) or ' until removed'}."]
    return [f"{name} is {event.name}{_rounds(event, c)}." if _is_condition(event.name)
            else f"{name} gets the chip {event.name}{_rounds(event, c)}."]  # fmt: skip


def _is_condition(name: str) -> bool:
    rule = rule_of(name)
    return (rule is not None and not rule.bless) or name.casefold() in {n.casefold() for n in NO_RULE}


def _chip_removed(event: ev.ChipRemoved, c: Context) -> list[str]:
    many = f" ({event.count} chips)" if event.count > 1 else ""
    return [f"{c.name(event.ref)} is no longer {event.name}{many}." if _is_condition(event.name)
            else f"{c.name(event.ref)} loses the chip {event.name}{many}."]  # fmt: skip


def _chips_ended(event: ev.ChipsEnded, c: Context) -> list[str]:
    names = join_names(list(event.names))
    if event.why == "save":
        return [f"The save ends {names} on {c.name(event.ref)}."]
    return [f"{names} on {c.name(event.ref)} {'ends' if len(event.names) == 1 else 'end'}."]


def _chip_damage(event: ev.ChipDamage, c: Context) -> list[str]:
    dice = " + ".join(str(roll) for roll in event.rolls)
    when = "as the fight ends (owed)" if event.owed else "at the end of the turn"
    return [f"{event.chip} deals {dice} = {event.amount} {event.damage_type} to {c.name(event.ref)} {when}."]


def _condition_immune(event: ev.ConditionImmune, c: Context) -> list[str]:
    return [f"{c.name(event.ref)} is immune to {event.condition}; its chips stay as they were."]


def _exhaustion_set(event: ev.ExhaustionSet, c: Context) -> list[str]:
    name = c.name(event.ref)
    if event.new == 0:
        return [f"{name} is no longer exhausted (was exhaustion {event.old})."]
    return [f"{name} is at exhaustion {event.new} (was {event.old}): {EFFECTS[event.new]}."]


def _save_rolled(event: ev.SaveRolled, c: Context) -> list[str]:
    name, ability = c.name(event.ref), event.ability.capitalize()
    if event.auto_fail:
        return [f"{name} fails the {ability} save automatically ({event.auto_fail}); no roll."]
    d20 = d20_text(event.d20s, event.kept, event.mode, event.slants, event.origin)
    article = "an" if ability[0] in "AEIOU" else "a"
    bless = f" + 1d4 {event.bless} Bless" if event.bless else ""
    return [f"{name} rolls {article} {ability} save: {d20} {signed(event.bonus)}{bless} = {event.total}."]


def _check_rolled(event: ev.CheckRolled, c: Context) -> list[str]:
    what = " ".join(w if w == "of" else w.capitalize() for w in event.name.split())
    article = "an" if what[0] in "AEIOU" else "a"
    d20 = d20_text(event.d20s, event.kept, event.mode, event.slants, event.origin)
    return [f"{c.name(event.ref)} rolls {article} {what} check: {d20} {signed(event.bonus)} = {event.total}."]


def _tray_mode_set(event: ev.TrayModeSet, c: Context) -> list[str]:
    words = {"normal": "normal", "adv": "advantage", "dis": "disadvantage"}
    return [f"Dice tray: d20 mode set to {words[event.new]} (was {words[event.old]})."]


LINES: dict[type, Liner] = {
    ev.ChipAdded: _chip_added,
    ev.ChipRemoved: _chip_removed,
    ev.ChipsEnded: _chips_ended,
    ev.ChipDamage: _chip_damage,
    ev.ConditionImmune: _condition_immune,
    ev.ExhaustionSet: _exhaustion_set,
    ev.SaveRolled: _save_rolled,
    ev.CheckRolled: _check_rolled,
    ev.TrayModeSet: _tray_mode_set,
}
