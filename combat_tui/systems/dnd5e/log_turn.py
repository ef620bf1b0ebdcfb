"""The travelogue lines of the turn economy, class features and what monsters do (issue 6)."""

from __future__ import annotations

from combat_tui.systems.dnd5e import events as ev
from combat_tui.systems.dnd5e.creature_actions import action_summary
from combat_tui.systems.dnd5e.events_turn import (
    ConcentrationEnded,
    ConcentrationSaveRolled,
    ConcentrationStarted,
    HitDiceSpent,
    RestNoEffect,
)
from combat_tui.systems.dnd5e.log_text import Context, Liner, d20_text, join_names, signed

_PIPS = {"action": "Action", "bonus": "Bonus action", "reaction": "Reaction"}


def _pip_toggled(event: ev.PipToggled, c: Context) -> list[str]:
    return [f"{c.name(event.ref)}'s {_PIPS.get(event.pip, event.pip)} is marked {'used' if event.used else 'free'}."]


def _action_taken(event: ev.ActionTaken, c: Context) -> list[str]:
    # ref: Action, bonus action, and reaction — "Ser Aldric takes the Dash action."
    how = " as a bonus action (Cunning Action)" if event.bonus else ""
    return [f"{c.name(event.ref)} takes the {event.action} action{how}."]


def _second_wind_used(event: ev.SecondWindUsed, c: Context) -> list[str]:
    # ref: Action, bonus action, and reaction — "Ser Aldric uses Second Wind and regains 9 HP (d10 5 + 4)."
    gained = event.hp_after - event.hp_before
    return [f"{c.name(event.ref)} uses Second Wind and regains {gained} HP (d10 {event.roll.total} + {event.level})."]


def _uses(count: int) -> str:
    return f"{count} use{'s' if count != 1 else ''} left"


def _action_surged(event: ev.ActionSurged, c: Context) -> list[str]:
    return [f"{c.name(event.ref)} uses Action Surge: +1 action ({_uses(event.uses_left)})."]


def _rage_started(event: ev.RageStarted, c: Context) -> list[str]:
    lines = [f"{c.name(event.ref)} rages: Rage +{event.bonus} on STR melee hits, resistance to bludgeoning, "
             f"piercing and slashing ({_uses(event.uses_left)})."]  # fmt: skip
    if event.feral:
        lines.append(f"Feral Instinct: {c.name(event.ref)} rages first and acts on its surprised turn.")
    return lines


def _rest_taken(event: ev.RestTaken, c: Context) -> list[str]:
    if not event.recovered:
        return [f"The party takes a {event.kind} rest."]
    by_actor: dict[str, list[str]] = {}
    for ref, what in event.recovered:
        by_actor.setdefault(ref, []).append(what)
    back = "; ".join(f"{c.name(ref)} {', '.join(what)}" for ref, what in by_actor.items())
    return [f"The party takes a {event.kind} rest. Back: {back}."]


def _hit_dice_spent(event: HitDiceSpent, c: Context) -> list[str]:
    con = f" {signed(event.con_mod)}" if event.con_mod else ""
    # a die with its CON modifier gives at least 0 (2014 PHB)
    dice = ", ".join(f"d{roll.sides} {roll.total}{con}" + (" → 0" if roll.total + event.con_mod < 0 else "")
                     for roll in event.rolls)  # fmt: skip
    count = len(event.rolls)
    left = f"{event.left} hit {'die' if event.left == 1 else 'dice'} left"
    return [f"{c.name(event.ref)} spends {count} hit {'die' if count == 1 else 'dice'}: {dice} = {event.total} ({left})."]


def _rest_no_effect(event: RestNoEffect, c: Context) -> list[str]:
    # ref: Death saves — "A heal or a rest has no effect on it, and the combat log says so."
    if event.why == "dead":
        return [f"{c.name(event.ref)} is dead: the {event.kind} rest has no effect."]
    return [f"{c.name(event.ref)} is at 0 HP: a long rest needs at least 1 HP at its start, so it has no effect."]


def _concentration_started(event: ConcentrationStarted, c: Context) -> list[str]:
    return [f"{c.name(event.ref)} is concentrating on {event.spell}."]


def _concentration_save_rolled(event: ConcentrationSaveRolled, c: Context) -> list[str]:
    verb = "makes" if event.success else "fails"
    head = f"{c.name(event.ref)} {verb} the Constitution save to keep concentrating on {event.spell or 'its spell'}"
    if event.auto_fail:
        return [f"{head} automatically ({event.auto_fail}); no roll."]
    d20 = d20_text(event.d20s, event.kept, event.mode, event.slants, event.origin)
    bless = f" + 1d4 {event.bless} Bless" if event.bless else ""
    half = f" (half of {event.damage} damage)" if event.dc > 10 else ""
    return [f"{head}: {d20} {signed(event.bonus)}{bless} = {event.total} vs DC {event.dc}{half}."]


_LOST = {
    "save": "{name} loses concentration on {spell}",
    "incapacitated": "{name} is {cause} and loses concentration on {spell}",
    "dead": "{name} is dead and loses concentration on {spell}",
    "defeated": "{name} is defeated and loses concentration on {spell}",
    "down": "{name} is at 0 HP and loses concentration on {spell}",
    "gm": "{name} ends concentration on {spell}",
    "spell": "{name} stops concentrating on {spell} to cast {cause}",
    "spent": "{spell} is on no one any more, so {name} stops concentrating on it",
}


def _concentration_ended(event: ConcentrationEnded, c: Context) -> list[str]:
    name, spell = c.name(event.ref), event.spell or "its spell"
    if event.why == "spell" and event.cause == event.spell:
        head, ends = f"{name} casts {spell} again", f"the earlier {spell} ends on"
    else:
        head, ends = _LOST.get(event.why, _LOST["gm"]).format(name=name, spell=spell, cause=event.cause), f"{spell} ends on"
    targets = f"; {ends} {join_names([c.name(ref) for ref in event.targets])}" if event.targets else ""
    return [f"{head}{targets}."]


def _channel_divinity_used(event: ev.ChannelDivinityUsed, c: Context) -> list[str]:
    return [f"{c.name(event.ref)} uses Channel Divinity: {event.feature} ({_uses(event.uses_left)})."]


def _undead_destroyed(event: ev.UndeadDestroyed, c: Context) -> list[str]:
    return [f"{c.name(event.ref)} is destroyed (Destroy Undead, CR {event.challenge})."]


def _attack_redirected(event: ev.AttackRedirected, c: Context) -> list[str]:
    return [f"{c.name(event.creature)} uses Redirect Attack: it swaps places with {c.name(event.ally)}, "
            f"who becomes the target."]  # fmt: skip


def _legendary_resistance_used(event: ev.LegendaryResistanceUsed, c: Context) -> list[str]:
    return [f"{c.name(event.ref)} uses legendary resistance and succeeds instead ({event.left} left today)."]


def _action_recharge(event: ev.ActionRecharge, c: Context) -> list[str]:
    face = "6" if event.needed == 6 else f"{event.needed}-6"
    result = "ready again" if event.ready else "still spent"
    return [f"{c.name(event.ref)} rolls to recharge {event.action}: d6 {event.face} (recharge {face}), {result}."]


def _actions_readied(event: ev.ActionsReadied, c: Context) -> list[str]:
    return [f"Every spent action is ready again ({join_names([c.name(r) for r in event.refs])})."]


def _creature_action_used(event: ev.CreatureActionUsed, c: Context) -> list[str]:
    on = f" on {join_names([c.name(r) for r in event.targets])}" if event.targets else ""
    return [f"{c.name(event.ref)} uses {event.action}{on}."]


def _creature_action_set(event: ev.CreatureActionSet, c: Context) -> list[str]:
    new, summary = event.new, action_summary(event.new)
    if event.old is None:
        return [f"{c.name(event.ref)} gains {new.name} ({summary})."]
    if event.old.name != new.name:
        return [f"{c.name(event.ref)}'s {event.old.name} is now {new.name} ({summary})."]
    return [f"{c.name(event.ref)}'s {new.name} is now {summary}."]


def _creature_action_removed(event: ev.CreatureActionRemoved, c: Context) -> list[str]:
    return [f"{c.name(event.ref)} loses {event.action.name}."]


LINES: dict[type, Liner] = {
    ev.PipToggled: _pip_toggled,
    ev.ActionTaken: _action_taken,
    ev.SecondWindUsed: _second_wind_used,
    ev.ActionSurged: _action_surged,
    ev.RageStarted: _rage_started,
    ev.RestTaken: _rest_taken,
    HitDiceSpent: _hit_dice_spent,
    RestNoEffect: _rest_no_effect,
    ConcentrationStarted: _concentration_started,
    ConcentrationSaveRolled: _concentration_save_rolled,
    ConcentrationEnded: _concentration_ended,
    ev.ChannelDivinityUsed: _channel_divinity_used,
    ev.UndeadDestroyed: _undead_destroyed,
    ev.AttackRedirected: _attack_redirected,
    ev.LegendaryResistanceUsed: _legendary_resistance_used,
    ev.ActionRecharge: _action_recharge,
    ev.ActionsReadied: _actions_readied,
    ev.CreatureActionUsed: _creature_action_used,
    ev.CreatureActionSet: _creature_action_set,
    ev.CreatureActionRemoved: _creature_action_removed,
}
