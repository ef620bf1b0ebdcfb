"""5e commands written back in their text form, for the journal and the history."""

from __future__ import annotations

from collections.abc import Callable

from combat_tui.core.text import quote
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.commands_turn import EndConcentration
from combat_tui.systems.dnd5e.ending import loot_items, timed_chips
from combat_tui.systems.dnd5e.formats_build import format_build
from combat_tui.systems.dnd5e.labels import labels as label_map
from combat_tui.systems.dnd5e.model import Campaign
from combat_tui.systems.dnd5e.verbs_tools import format_tools
from combat_tui.systems.dnd5e.verbs_world import COMPASS


def _format_creature_action(command: object, n: Callable[[str], str]) -> str:
    match command:
        case cmd.RemoveCreatureAction(ref, index):
            return f"creature-action {n(ref)} remove {index + 1}"
        case cmd.SetCreatureAction(ref, index, action):
            op = "add" if index == -1 else f"edit {index + 1}"
            return " ".join(filter(None, [f"creature-action {n(ref)} {op} {quote(action.name)} {action.save[:3]}",
                                          str(action.dc), action.damage, action.damage_type,
                                          f"recharge {action.recharge}" if action.recharge else "",
                                          "half" if action.half else ""]))  # fmt: skip
    return ""


def _format_swing(command: cmd.Attack, n: Callable[[str], str]) -> list[str]:
    cover = {2: "cover half", 5: "cover three-quarters"}.get(command.cover, "")
    return [command.use, cover, "sneak" if command.sneak else "", "pack" if command.pack else "",
            "ignore-cost" if command.ignore_cost else "", f"redirect {n(command.redirect)}" if command.redirect else ""]  # fmt: skip


def _format_react(react: tuple[str, ...], n: Callable[[str], str]) -> list[str]:
    """`react NAME SPELL`: the Reaction dialog's answer, last on an attack or cast line."""
    return [word for at in range(0, len(react) - 1, 2) for word in ("react", n(react[at]), quote(react[at + 1]))]


def _format_turn(command: object, n: Callable[[str], str], labels: dict[str, str]) -> str:
    def names(refs: tuple[str, ...]) -> str:
        return ", ".join(labels.get(ref, ref) for ref in refs)

    match command:
        case cmd.TogglePip(ref, pip, used):
            return f"pip {n(ref)} {pip} {'used' if used else 'free'}"
        case cmd.TakeAction(ref, action, bonus):
            return f"action {n(ref)} {'use' if action == 'Use an Object' else action.casefold()}" + (" cunning" if bonus else "")
        case cmd.SecondWind(ref) | cmd.ActionSurge(ref) | cmd.Rage(ref):
            return f"{command.kind} {n(ref)}"
        case cmd.TakeRest(length, spend):
            return f"rest {length}" + (" " + ", ".join(f"{labels.get(r, r)} {count}" for r, count in spend) if spend else "")
        case EndConcentration(ref):
            return f"concentration {n(ref)} end"
        case cmd.TurnUndead(ref, targets, resisting):
            return " ".join(filter(None, [f"turn-undead {n(ref)} on {names(targets)}",
                                          f"resist {names(resisting)}" if resisting else ""]))  # fmt: skip
        case cmd.PreserveLife(ref, shares):
            return f"preserve {n(ref)} " + ", ".join(f"{labels.get(r, r)} {amount}" for r, amount in shares)
        case cmd.UseCreatureAction(ref, action, targets, mode, ignore_cost, resisting):
            return " ".join(filter(None, ["use", n(ref), quote(action), "on", names(targets),
                                          f"resist {names(resisting)}" if resisting else "", mode,
                                          "ignore-cost" if ignore_cost else ""]))  # fmt: skip
    return ""


def _format_world(command: object, n: Callable[[str], str]) -> str:
    match command:
        case cmd.MoveParty(dx, dy, steps):
            return f"move {COMPASS.get((dx, dy), f'{dx},{dy}')}" + (f" {steps}" if steps != 1 else "")
        case cmd.MovePartyTo(x, y):
            return f"move {x} {y}"
        case cmd.SetDisposition(ref, disposition):
            return f"disposition {n(ref)} {disposition}"
        case cmd.PlaceCreature(ref, x, y, map_id) | cmd.SplitCharacter(ref, x, y, map_id):
            return " ".join(filter(None, [command.kind, n(ref), str(x), str(y), quote(map_id) if map_id else ""]))
        case cmd.SetCreatureHp(ref, hp):
            return f"hp {n(ref)} {hp}"
        case cmd.DeleteCreature(ref) | cmd.RejoinParty(ref):
            return f"{command.kind} {n(ref)}"
    return ""


KEPT = 64
"""Texts remembered of the commands written from the labels alone (the history writes every one)."""
_BY_LABELS = frozenset({cmd.Attack, cmd.ApplyDamage, cmd.Heal})
_texts: dict[tuple[object, int], tuple[dict[str, str], str]] = {}
"""(command, id of the labels) -> (those labels, kept so the id stays theirs; the text)."""


def format_command(command: object, state: Campaign) -> str:
    """The text form of a command, with the labels of `state` (the state it ran on)."""
    labels = label_map(state)
    if type(command) not in _BY_LABELS:
        return _format(command, state, labels)
    key = (command, id(labels))  # the labels are cached by what they depend on, so a repeat finds them
    held = _texts.get(key)
    if held is not None and held[0] is labels:
        return held[1]
    text = _format(command, state, labels)
    if len(_texts) >= KEPT:
        _texts.clear()
    _texts[key] = (labels, text)
    return text


def _format(command: object, state: Campaign, labels: dict[str, str]) -> str:
    def n(ref: str) -> str:
        return quote(labels.get(ref, ref))

    match command:
        case cmd.SetInitiative(ref, value):
            return f"init {n(ref)} {value}"
        case cmd.Attack(attacker, target, weapon, mode, thrown, long_range, two_handed):
            options = ["thrown" if thrown else "", "long" if long_range else "", "two-handed" if two_handed else ""]
            options += _format_swing(command, n)
            return " ".join(filter(None, ["attack", n(attacker), n(target), quote(weapon), *options, mode,
                                          *_format_react(command.react, n)]))  # fmt: skip
        case cmd.AddChip(ref, name, rounds, until_turn_of):
            when = "next" if until_turn_of else (str(rounds) if rounds else "")
            return " ".join(filter(None, ["chip", n(ref), quote("+" + name), when]))
        case cmd.RemoveChip(ref, name):
            return f"chip {n(ref)} {quote('-' + name)}"
        case cmd.SetExhaustion(ref, level):
            return f"exhaustion {n(ref)} {level}"
        case cmd.RollSave(ref, ability, mode):
            return " ".join(filter(None, ["save", n(ref), ability[:3], mode]))
        case cmd.RollCheck(ref, name, mode):
            return " ".join(filter(None, ["check", n(ref), quote(name), mode]))
        case cmd.SetSurprised(ref, flag):
            return f"surprised {n(ref)}" + ("" if flag else " off")
        case cmd.SetTrayMode(mode):
            return f"tray {mode}"
        case cmd.Cast(caster, spell, level, targets, mode, ignore_armor, option):
            on = "on " + ", ".join(labels.get(ref, ref) for ref in targets) if targets else ""
            parts = ["cast", n(caster), quote(spell), f"at {level}" if level else "", on, option,
                     "ignore-armor" if ignore_armor else "", mode]  # fmt: skip
            if command.resist:
                parts += ["resist", ", ".join(labels.get(ref, ref) for ref in command.resist)]
            if command.sculpt:
                parts += ["sculpt", ", ".join(labels.get(ref, ref) for ref in command.sculpt)]
            if command.redirect:
                parts += ["redirect", labels.get(command.redirect, command.redirect)]
            parts += ["ignore-cost" if command.ignore_cost else "", "repeat" if command.repeat else ""]
            parts += _format_react(command.react, n)
            return " ".join(filter(None, parts))
        case cmd.ApplyDamage(target, amount, damage_type):
            return " ".join(filter(None, ["damage", n(target), str(amount), damage_type]))
        case cmd.Heal(target, amount):
            return f"heal {n(target)} {amount}"
        case cmd.RollDeathSave(ref):
            return f"deathsave {n(ref)}"
        case cmd.Stabilize(ref):
            return f"stabilize {n(ref)}"
        case cmd.EndFight():
            return _format_end(command, state, labels)
        case cmd.SetSneakers(who):
            return f"sneak {who}"
        case cmd.SetStealth(ref, total):
            return f"stealth {n(ref)} {'clear' if total is None else total}"
        case cmd.RollStealth():
            return "stealth roll"
        case cmd.JoinFight(refs):
            return "join " + ", ".join(labels.get(ref, ref) for ref in refs)
        case cmd.UnjoinFight(ref):
            return f"unjoin {n(ref)}"
        case cmd.CancelSetup():
            return "cancel"
    world = (_format_world(command, n) or _format_turn(command, n, labels) or _format_creature_action(command, n)
             or format_build(command, n, state) or format_tools(command, n))
    if world:
        return world
    return type(command).kind  # a command without words: next, start, setup


def _format_end(command: cmd.EndFight, state: Campaign, labels: dict[str, str]) -> str:
    parts = ["end"]
    if command.award >= 0:
        parts.append(f"award {command.award}")
    for fate in ("fled", "captured"):
        names = [labels.get(ref, ref) for ref, chosen in command.fates if chosen == fate]
        if names:
            parts.append(f"{fate} " + ", ".join(quote(name) for name in names))
    if command.loot:
        items = {item.key: item.label for item in loot_items(state, labels)}
        parts.append("loot " + ", ".join(quote(items.get(key, key)) for key in command.loot))
        parts.append(f"to {quote(labels.get(command.loot_to, command.loot_to))}")
    if command.gold >= 0:
        parts.append(f"gold {command.gold}")
    if command.keep:
        chips = {chip.key: chip.label for chip in timed_chips(state, labels)}
        parts.append("keep " + ", ".join(quote(chips.get(key, key)) for key in command.keep))
    return " ".join(parts)