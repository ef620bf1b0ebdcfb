"""The travelogue lines of 5e events, in the words the reference quotes."""

from __future__ import annotations

from functools import singledispatch

from combat_tui.systems.dnd5e import events as ev
from combat_tui.systems.dnd5e.model import Campaign, Character
from combat_tui.systems.dnd5e import advantage
from combat_tui.systems.dnd5e.stealth import Contest, outcome_line


def describe(events: tuple, before: Campaign, after: Campaign, names: dict[str, str]) -> tuple[str, ...]:
    context = _Context(before, after, names)
    lines: list[str] = []
    for event in events:
        lines.extend(line(event, context))
    return tuple(lines)


class _Context:
    def __init__(self, before: Campaign, after: Campaign, names: dict[str, str]) -> None:
        self.before, self.after, self.names = before, after, names

    def name(self, ref: str) -> str:
        return self.names.get(ref, ref)


def _join(names: list[str]) -> str:
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


@singledispatch
def line(event, context: _Context) -> list[str]:
    return []


@line.register
def _(event: ev.SetupOpened, c: _Context) -> list[str]:
    party = _join([c.name(r) for r in event.party]) or "no one"
    return [f"Combat setup: {party} against {_join([c.name(r) for r in event.foes])}."]


@line.register
def _(event: ev.InitiativeRolled, c: _Context) -> list[str]:
    rolled = ", ".join(f"{c.name(r.ref)} {r.value}{_initiative_note(r)}" for r in event.rolls)
    return [f"Initiative rolled: {rolled}"]


def _initiative_note(roll: ev.InitiativeRoll) -> str:
    """ref: Initiative — "Mirelle 6 (at disadvantage (dropped 15), Poisoned disadvantage)" """
    note = _d20(roll.d20s or (roll.d20,), roll.d20, roll.mode, roll.slants, roll.origin)
    return note[len(f"d20 {roll.d20}") :]


@line.register
def _(event: ev.SetupCancelled, c: _Context) -> list[str]:
    return ["Combat setup closed without a fight."]


@line.register
def _(event: ev.SurpriseSet, c: _Context) -> list[str]:
    return [f"{c.name(event.ref)} will be surprised." if event.surprised else f"{c.name(event.ref)} is no longer marked surprised."]


@line.register
def _(event: ev.Surprised, c: _Context) -> list[str]:
    return [f"{c.name(event.ref)} is surprised."]


@line.register
def _(event: ev.Parleyed, c: _Context) -> list[str]:
    foes = _join([c.name(r) for r in event.foes])
    return [f"The party parleys with {foes} and settles the encounter without a fight; they stand down and turn neutral."]


@line.register
def _(event: ev.InitiativeSet, c: _Context) -> list[str]:
    return [f"Initiative of {c.name(event.ref)} set to {event.new} (was {event.old})."]


@line.register
def _(event: ev.FightStarted, c: _Context) -> list[str]:
    fight = c.after.fight
    order = ", ".join(f"{c.name(x.ref)} {x.initiative}" for x in fight.combatants)
    return [f"The fight begins. Order: {order}."]


@line.register
def _(event: ev.TurnStarted, c: _Context) -> list[str]:
    name = c.name(event.ref)
    text = f"Round {event.round}: {name}'s turn." if event.new_round else f"{name}'s turn."
    actor = c.after.actor(event.ref)
    if isinstance(actor, Character) and actor.dying:
        return [text, f"{name} is dying. Roll a death save."]
    return [text]


@line.register
def _(event: ev.TurnReverted, c: _Context) -> list[str]:
    return [f"Back to {c.name(event.ref)}'s turn (round {event.round})."]


def _d20(d20s: tuple[int, ...], kept: int, mode: str, slants: tuple, origin: str) -> str:
    """`d20 5 (at disadvantage (dropped 15), Poisoned disadvantage, long range disadvantage)`."""
    notes = []
    if mode:
        kind = "advantage" if mode == "adv" else "disadvantage"
        dropped = [face for face in d20s if face != kept] or [kept]
        notes.append(f"at {kind} (dropped {dropped[0]})")
    why = advantage.describe(advantage.Resolved(mode, slants, origin))  # type: ignore[arg-type]
    if why:
        notes.append(why)
    return f"d20 {kept}" + (f" ({', '.join(notes)})" if notes else "")


@line.register
def _(event: ev.AttackRolled, c: _Context) -> list[str]:
    d20 = _d20(event.d20s, event.kept, event.mode, event.slants, event.origin)
    sign = "-" if event.ability_mod < 0 else "+"
    terms = f"{d20} {sign} {abs(event.ability_mod)} {event.ability}"
    if event.proficient:
        terms += f" + {event.proficiency} proficiency"
    else:
        terms += " (not proficient)"
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
    return [
        f"{c.name(event.attacker)} attacks {c.name(event.target)} with {event.weapon}{reach}: "
        f"{terms} = {event.total} vs AC {ac}, {verdict}"
    ]


@line.register
def _(event: ev.DamageRolled, c: _Context) -> list[str]:
    dice = " + ".join(str(roll) for roll in event.rolls)
    mod = f" {'+' if event.modifier >= 0 else '-'} {abs(event.modifier)} {event.ability}" if event.modifier else ""
    kind = f" {event.damage_type}" if event.damage_type else ""
    crit = " (critical hit: every die rolled twice)" if event.critical else ""
    extra = f", extra critical dice {event.extra}" if event.extra else ""
    extra += "".join(f", {rider}" for rider in event.riders)
    return [f"Damage{crit}: {dice}{mod} = {event.amount}{kind}{extra}."]


@line.register
def _(event: ev.DamageApplied, c: _Context) -> list[str]:
    kind = f" {event.damage_type}" if event.damage_type else ""
    absorbed = f", {event.absorbed} absorbed by bonus HP" if event.absorbed else ""
    if event.defenses:
        absorbed = f" ({'; '.join(event.defenses)})" + absorbed
    return [
        f"{c.name(event.target)} takes {event.amount}{kind} damage{absorbed} "
        f"({event.hp_before} → {event.hp_after} HP)."
    ]


@line.register
def _(event: ev.Healed, c: _Context) -> list[str]:
    gained = event.hp_after - event.hp_before
    name = c.name(event.target)
    lines = [f"{name} regains {gained} HP ({event.hp_before} → {event.hp_after} HP)."]
    if event.woke:
        lines.append(f"{name} is no longer Unconscious; Prone stays until removed.")
    if event.exhaustion_lowered:
        lines.append(f"{name} comes back with exhaustion 5 (was 6).")
    return lines


@line.register
def _(event: ev.CombatantDefeated, c: _Context) -> list[str]:
    return [f"{c.name(event.ref)} is defeated."]


@line.register
def _(event: ev.CharacterDying, c: _Context) -> list[str]:
    chips = f" ({_join(list(event.chips))})" if event.chips else ""
    return [f"{c.name(event.ref)} drops to 0 HP and is dying{chips}."]


@line.register
def _(event: ev.DeathSaveRolled, c: _Context) -> list[str]:
    name = c.name(event.ref)
    if event.d20 == 20:
        return [f"{name} rolls a death save: d20 20, a natural 20."]
    kind = "a natural 1, two failures" if event.d20 == 1 else ("a success" if event.success else "a failure")
    roll = f"d20 {event.d20} + 1d4 {event.bless} Bless = {event.d20 + event.bless}" if event.bless else f"d20 {event.d20}"
    return [f"{name} rolls a death save: {roll}, {kind} (successes {event.successes}, failures {event.failures})."]


@line.register
def _(event: ev.DeathSaveFailedByDamage, c: _Context) -> list[str]:
    what = "two failed death saves (a critical hit)" if event.failures_added == 2 else "a failed death save"
    return [f"The damage costs {c.name(event.ref)} {what} (failures {event.failures})."]


@line.register
def _(event: ev.CharacterStabilized, c: _Context) -> list[str]:
    return [f"{c.name(event.ref)} is stable: 0 HP and unconscious, and rolls no more death saves."]


@line.register
def _(event: ev.CharacterRevived, c: _Context) -> list[str]:
    return [f"{c.name(event.ref)} regains 1 HP and wakes up."]


@line.register
def _(event: ev.CharacterDied, c: _Context) -> list[str]:
    if event.reason == "exhaustion":
        return [f"{c.name(event.ref)} dies of exhaustion (three failed death saves, HP unchanged)."]
    if event.reason == "massive":
        return [f"{c.name(event.ref)} dies at once: the damage past 0 HP is at least the HP maximum."]
    return [f"{c.name(event.ref)} dies after three failed death saves."]


@line.register
def _(event: ev.HealRefused, c: _Context) -> list[str]:
    return [f"{c.name(event.ref)} is dead and regains no HP."]


@line.register
def _(event: ev.FightEnded, c: _Context) -> list[str]:
    rounds = c.before.fight.round if c.before.fight else 0
    lines = [f"The fight ends after {rounds} round{'s' if rounds != 1 else ''}."]
    if event.party_lost and event.xp_awarded == 0:
        return lines + ["The party lost; no XP is awarded."]
    if event.xp_awarded == 0:
        return lines + ["No XP is awarded."]
    names = _join([c.name(r) for r in event.receivers])
    text = f"XP: {event.xp_awarded} split among {len(event.receivers)} characters, {event.share} each ({names})"
    if event.leftover:
        text += f"; {event.leftover} XP left over"
    return lines + [text + "."]


def _rounds(event: ev.ChipAdded, c: _Context) -> str:
    if event.until_turn_of:
        return f" until the start of {c.name(event.until_turn_of)}'s next turn"
    if event.rounds:
        return f" for {event.rounds} round{'s' if event.rounds != 1 else ''}"
    return ""


@line.register
def _(event: ev.ChipAdded, c: _Context) -> list[str]:
    name = c.name(event.ref)
    if event.result == "kept":
        return [f"{name} already has a {event.name} chip that lasts as long; it stays as it was."]
    verb = "now lasts" if event.result == "replaced" else "is"
    if event.result == "replaced":
        return [f"{name}'s {event.name} chip {verb}{_rounds(event, c) or ' until removed'}."]
    return [f"{name} is {event.name}{_rounds(event, c)}." if _is_condition(event.name)
            else f"{name} gets the chip {event.name}{_rounds(event, c)}."]  # fmt: skip


def _is_condition(name: str) -> bool:
    from combat_tui.systems.dnd5e.conditions import NO_RULE, rule_of

    rule = rule_of(name)
    return (rule is not None and not rule.bless) or name.casefold() in {n.casefold() for n in NO_RULE}


@line.register
def _(event: ev.ChipRemoved, c: _Context) -> list[str]:
    many = f" ({event.count} chips)" if event.count > 1 else ""
    return [f"{c.name(event.ref)} is no longer {event.name}{many}." if _is_condition(event.name)
            else f"{c.name(event.ref)} loses the chip {event.name}{many}."]  # fmt: skip


@line.register
def _(event: ev.ChipsEnded, c: _Context) -> list[str]:
    names = _join(list(event.names))
    if event.why == "save":
        return [f"The save ends {names} on {c.name(event.ref)}."]
    return [f"{names} on {c.name(event.ref)} {'ends' if len(event.names) == 1 else 'end'}."]


@line.register
def _(event: ev.ExhaustionSet, c: _Context) -> list[str]:
    from combat_tui.systems.dnd5e.exhaustion import EFFECTS

    name = c.name(event.ref)
    if event.new == 0:
        return [f"{name} is no longer exhausted (was exhaustion {event.old})."]
    return [f"{name} is at exhaustion {event.new} (was {event.old}): {EFFECTS[event.new]}."]


def _signed(bonus: int) -> str:
    return f"{'-' if bonus < 0 else '+'} {abs(bonus)}"


@line.register
def _(event: ev.SaveRolled, c: _Context) -> list[str]:
    name, ability = c.name(event.ref), event.ability.capitalize()
    if event.auto_fail:
        return [f"{name} fails the {ability} save automatically ({event.auto_fail}); no roll."]
    d20 = _d20(event.d20s, event.kept, event.mode, event.slants, event.origin)
    article = "an" if ability[0] in "AEIOU" else "a"
    bless = f" + 1d4 {event.bless} Bless" if event.bless else ""
    return [f"{name} rolls {article} {ability} save: {d20} {_signed(event.bonus)}{bless} = {event.total}."]


@line.register
def _(event: ev.CheckRolled, c: _Context) -> list[str]:
    what = " ".join(w if w == "of" else w.capitalize() for w in event.name.split())
    article = "an" if what[0] in "AEIOU" else "a"
    d20 = _d20(event.d20s, event.kept, event.mode, event.slants, event.origin)
    return [f"{c.name(event.ref)} rolls {article} {what} check: {d20} {_signed(event.bonus)} = {event.total}."]


@line.register
def _(event: ev.TrayModeSet, c: _Context) -> list[str]:
    words = {"normal": "normal", "adv": "advantage", "dis": "disadvantage"}
    return [f"Dice tray: d20 mode set to {words[event.new]} (was {words[event.old]})."]


def _ordinal(level: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(level, f"{level}th")


@line.register
def _(event: ev.SpellCast, c: _Context) -> list[str]:
    on = f" on {_join([c.name(r) for r in event.targets])}" if event.targets else ""
    slot = f" at {_ordinal(event.slot)} level" if event.slot else ""
    option = f" ({event.option})" if event.option else ""
    return [f"{c.name(event.caster)} casts {event.spell}{option}{slot}{on}."]


@line.register
def _(event: ev.SpellAttackRolled, c: _Context) -> list[str]:
    d20 = _d20(event.d20s, event.kept, event.mode, event.slants, event.origin)
    bless = f" + 1d4 {event.bless} Bless" if event.bless else ""
    if event.critical:
        verdict = "natural 20, a critical hit!"
    elif event.kept == 1:
        verdict = "natural 1, a miss."
    else:
        verdict = "hit." if event.hit else "miss."
    return [f"{event.spell} (spell attack) on {c.name(event.target)}: {d20} {_signed(event.bonus)}{bless} = "
            f"{event.total} vs AC {event.ac}, {verdict}"]  # fmt: skip


@line.register
def _(event: ev.SpellDamageRolled, c: _Context) -> list[str]:
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
    return [f"{what}{crit}: {dice}{note} = {event.amount}{kind}{why}."]


@line.register
def _(event: ev.SpellSaveRolled, c: _Context) -> list[str]:
    name, ability = c.name(event.ref), event.ability.capitalize()
    if event.auto_fail:
        return [f"{name} fails the {ability} save against {event.spell} automatically ({event.auto_fail}); no roll."]
    d20 = _d20(event.d20s, event.kept, event.mode, event.slants, event.origin)
    bless = f" + 1d4 {event.bless} Bless" if event.bless else ""
    result = "succeeds" if event.success else "fails"
    return [f"{name} {result} the {ability} save against {event.spell}: {d20} {_signed(event.bonus)}{bless} = "
            f"{event.total} vs DC {event.dc}."]  # fmt: skip


@line.register
def _(event: ev.SpellNoEffect, c: _Context) -> list[str]:
    return [f"It has no effect on {c.name(event.ref)} ({event.why})."]


@line.register
def _(event: ev.CharacterRaised, c: _Context) -> list[str]:
    return [f"{c.name(event.ref)} returns to life with 1 HP."]


@line.register
def _(event: ev.ChipDamage, c: _Context) -> list[str]:
    dice = " + ".join(str(roll) for roll in event.rolls)
    when = "as the fight ends (owed)" if event.owed else "at the end of the turn"
    return [f"{event.chip} deals {dice} = {event.amount} {event.damage_type} to {c.name(event.ref)} {when}."]


# -- setup's lists and Stealth contest; the End combat dialog's fates, loot and coins (issue 5)


@line.register
def _(event: ev.SneakersSet, c: _Context) -> list[str]:
    words = {"none": "No one sneaks.", "party": "The party sneaks.", "foes": "The foes sneak.",
             "both": "Both sides sneak."}  # fmt: skip
    return [f"Stealth contest: {words[event.new][0].lower()}{words[event.new][1:]}"]


@line.register
def _(event: ev.StealthSet, c: _Context) -> list[str]:
    if event.new is None:
        return [f"Stealth total of {c.name(event.ref)} cleared."]
    return [f"Stealth total of {c.name(event.ref)} set to {event.new}."]


@line.register
def _(event: ev.StealthOutcome, c: _Context) -> list[str]:
    return [outcome_line(Contest(event.side, event.totals, event.surprised, ()), c.names)]


@line.register
def _(event: ev.FightJoined, c: _Context) -> list[str]:
    names = _join([c.name(r) for r in event.refs])
    verb = "joins" if len(event.refs) == 1 else "join"
    return [f"{names} {verb} the fight."]


@line.register
def _(event: ev.JoinUndone, c: _Context) -> list[str]:
    return [f"{c.name(event.ref)} no longer joins the fight."]


@line.register
def _(event: ev.FatesSettled, c: _Context) -> list[str]:
    words = {"hostile": "still hostile", "fled": "fled", "captured": "captured"}
    return ["Fates: " + ", ".join(f"{c.name(ref)} {words[fate]}" for ref, fate in event.fates) + "."]


@line.register
def _(event: ev.LootTaken, c: _Context) -> list[str]:
    return [f"{c.name(event.to)} takes the loot: {', '.join(event.items)}."]


@line.register
def _(event: ev.GoldSplit, c: _Context) -> list[str]:
    if not event.receivers:
        return [f"Coins: {event.total} gp found; no living character takes them."]
    names = _join([c.name(r) for r in event.receivers])
    text = f"Coins: {event.total} gp split among {len(event.receivers)} characters, {event.share} gp each ({names})"
    if event.leftover:
        text += f"; {event.leftover} gp left over"
    return [text + "."]


# -- the world around a fight (world.py)


def _where(c: _Context, tile) -> str:
    from combat_tui.systems.dnd5e.world import map_name

    return f"{map_name(c.after, tile.map)} ({tile.x}, {tile.y})"


@line.register
def _(event: ev.PartyMoved, c: _Context) -> list[str]:
    tiles = f" {event.steps} tiles" if event.steps != 1 else ""
    lines = [f"The party moves{tiles} to {_where(c, event.end)}."]
    return lines + [f"{c.name(ref)} is with the party again." for ref in event.joined]


@line.register
def _(event: ev.EncounterFound, c: _Context) -> list[str]:
    verb = "is" if len(event.foes) == 1 else "are"
    return [f"Encounter! {_join([c.name(r) for r in event.foes])} {verb} next to the party."]


@line.register
def _(event: ev.FightOutOfRange, c: _Context) -> list[str]:
    return [f"No creature of the fight is left beside the party, and no foe of it within {event.nearby_range} tiles."]


@line.register
def _(event: ev.DispositionSet, c: _Context) -> list[str]:
    return [f"{c.name(event.ref)} is now {event.new} (was {event.old})."]


@line.register
def _(event: ev.CreaturePlaced, c: _Context) -> list[str]:
    return [f"{c.name(event.ref)} moves to {_where(c, event.new)}."]


@line.register
def _(event: ev.CreatureHpSet, c: _Context) -> list[str]:
    return [f"{c.name(event.ref)}'s HP set to {event.new} (was {event.old})."]


@line.register
def _(event: ev.CreatureDeleted, c: _Context) -> list[str]:
    return [f"{c.name(event.ref)} is deleted from the campaign."]


@line.register
def _(event: ev.CharacterSplit, c: _Context) -> list[str]:
    return [f"{c.name(event.ref)} splits off from the party to {_where(c, event.tile)}."]


@line.register
def _(event: ev.CharacterRejoined, c: _Context) -> list[str]:
    return [f"{c.name(event.ref)} rejoins the party at {_where(c, c.after.party_tile)}."]


_PIPS = {"action": "Action", "bonus": "Bonus action", "reaction": "Reaction"}


@line.register
def _(event: ev.PipToggled, c: _Context) -> list[str]:
    return [f"{c.name(event.ref)}'s {_PIPS.get(event.pip, event.pip)} is marked {'used' if event.used else 'free'}."]


@line.register
def _(event: ev.ActionTaken, c: _Context) -> list[str]:
    # ref: Action, bonus action, and reaction — "Ser Aldric takes the Dash action."
    how = " as a bonus action (Cunning Action)" if event.bonus else ""
    return [f"{c.name(event.ref)} takes the {event.action} action{how}."]


@line.register
def _(event: ev.SecondWindUsed, c: _Context) -> list[str]:
    # ref: Action, bonus action, and reaction — "Ser Aldric uses Second Wind and regains 9 HP (d10 5 + 4)."
    gained = event.hp_after - event.hp_before
    return [f"{c.name(event.ref)} uses Second Wind and regains {gained} HP (d10 {event.roll.total} + {event.level})."]


def _uses(count: int) -> str:
    return f"{count} use{'s' if count != 1 else ''} left"


@line.register
def _(event: ev.ActionSurged, c: _Context) -> list[str]:
    return [f"{c.name(event.ref)} uses Action Surge: +1 action ({_uses(event.uses_left)})."]


@line.register
def _(event: ev.RageStarted, c: _Context) -> list[str]:
    lines = [f"{c.name(event.ref)} rages: Rage +{event.bonus} on STR melee hits, resistance to bludgeoning, "
             f"piercing and slashing ({_uses(event.uses_left)})."]  # fmt: skip
    if event.feral:
        lines.append(f"Feral Instinct: {c.name(event.ref)} rages first and acts on its surprised turn.")
    return lines


@line.register
def _(event: ev.RestTaken, c: _Context) -> list[str]:
    if not event.recovered:
        return [f"The party takes a {event.kind} rest; nothing comes back."]
    back = "; ".join(f"{c.name(ref)} {what}" for ref, what in event.recovered)
    return [f"The party takes a {event.kind} rest. Back: {back}."]


@line.register
def _(event: ev.ChannelDivinityUsed, c: _Context) -> list[str]:
    return [f"{c.name(event.ref)} uses Channel Divinity: {event.feature} ({_uses(event.uses_left)})."]


@line.register
def _(event: ev.UndeadDestroyed, c: _Context) -> list[str]:
    return [f"{c.name(event.ref)} is destroyed (Destroy Undead, CR {event.challenge})."]


@line.register
def _(event: ev.ConditionImmune, c: _Context) -> list[str]:
    return [f"{c.name(event.ref)} is immune to {event.condition}; its chips stay as they were."]


@line.register
def _(event: ev.AttackRedirected, c: _Context) -> list[str]:
    return [f"{c.name(event.creature)} uses Redirect Attack: it swaps places with {c.name(event.ally)}, "
            f"who becomes the target."]  # fmt: skip


@line.register
def _(event: ev.LegendaryResistanceUsed, c: _Context) -> list[str]:
    return [f"{c.name(event.ref)} uses legendary resistance and succeeds instead ({event.left} left today)."]


@line.register
def _(event: ev.ActionRecharge, c: _Context) -> list[str]:
    face = "6" if event.needed == 6 else f"{event.needed}-6"
    result = "ready again" if event.ready else "still spent"
    return [f"{c.name(event.ref)} rolls to recharge {event.action}: d6 {event.face} (recharge {face}), {result}."]


@line.register
def _(event: ev.ActionsReadied, c: _Context) -> list[str]:
    return [f"Every spent action is ready again ({_join([c.name(r) for r in event.refs])})."]


@line.register
def _(event: ev.CreatureActionUsed, c: _Context) -> list[str]:
    on = f" on {_join([c.name(r) for r in event.targets])}" if event.targets else ""
    return [f"{c.name(event.ref)} uses {event.action}{on}."]


@line.register
def _(event: ev.CreatureActionSet, c: _Context) -> list[str]:
    from combat_tui.systems.dnd5e.creature_actions import action_summary

    new, summary = event.new, action_summary(event.new)
    if event.old is None:
        return [f"{c.name(event.ref)} gains {new.name} ({summary})."]
    if event.old.name != new.name:
        return [f"{c.name(event.ref)}'s {event.old.name} is now {new.name} ({summary})."]
    return [f"{c.name(event.ref)}'s {new.name} is now {summary}."]


@line.register
def _(event: ev.CreatureActionRemoved, c: _Context) -> list[str]:
    return [f"{c.name(event.ref)} loses {event.action.name}."]
