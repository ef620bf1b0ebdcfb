"""Standard actions, Cunning Action, and what pays for each swing.

ref: Action, bonus action, and reaction — "The Standard actions group ... has one button for each
standard action. A button spends the action and writes a log line, such as 'Ser Aldric takes the
Dash action.' ... Dodge also puts a Dodging chip on the combatant until the start of its next turn
... A Rogue of 2nd level or higher also gets a Cunning Action (bonus action) group with Dash,
Disengage, and Hide, which spend the bonus action instead. A button whose cost the turn already
spent shows a toast and does nothing."
ref: Two-weapon fighting; ref: Reactions and opportunity attacks; ref: Legendary actions.
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.dnd5e.abilities import class_level
from combat_tui.systems.dnd5e.catalog import spell_of
from combat_tui.systems.dnd5e.commands import Attack
from combat_tui.systems.dnd5e.conditions import add_chip, stopped_by
from combat_tui.systems.dnd5e.damage import find_actor
from combat_tui.systems.dnd5e.economy import attack_swing, combatant, is_current, spend, with_combatant
from combat_tui.systems.dnd5e.events import ActionTaken, ChipAdded
from combat_tui.systems.dnd5e.model import Actor, Campaign, Character, Chip, Creature, Weapon

STANDARD_ACTIONS = ("Attack", "Dash", "Disengage", "Dodge", "Help", "Hide", "Ready", "Search", "Use an Object")
CUNNING_ACTIONS = ("Dash", "Disengage", "Hide")


def action_name(text: str) -> str:
    wanted = " ".join(text.split()).casefold()
    for name in STANDARD_ACTIONS:
        if name.casefold() == wanted or (wanted == "use" and name == "Use an Object"):
            return name
    raise CommandRejected(f"'{text}' is not a standard action.", "Actions: " + ", ".join(STANDARD_ACTIONS) + ".")


def has_cunning_action(actor: Actor) -> bool:
    return class_level(actor, "Rogue") >= 2


def take_action(state: Campaign, ref: str, text: str, bonus: bool) -> Outcome:
    actor = find_actor(state, ref)
    name = action_name(text)
    if name == "Attack":
        raise CommandRejected("The Attack action is a swing: use 'attack ATTACKER TARGET WEAPON'.")
    if stopped := stopped_by(actor):
        raise CommandRejected(f"{actor.name} is {stopped} and cannot act.")
    if bonus:
        if not has_cunning_action(actor):
            raise CommandRejected(f"{actor.name} has no Cunning Action (a Rogue of 2nd level or higher).")
        if name not in CUNNING_ACTIONS:
            raise CommandRejected(f"Cunning Action offers {', '.join(CUNNING_ACTIONS)}, not {name}.")
    state = spend(state, ref, "bonus" if bonus else "action", False)
    events: list = [ActionTaken(ref, name, bonus)]
    if name == "Dodge":
        changed, result = add_chip(state.actor(ref), Chip("Dodging", until_turn_of=ref, caster=ref, source="Dodge"))
        state = state.with_actor(changed)
        events.append(ChipAdded(ref, "Dodging", 0, ref, result))
    return Outcome(state, tuple(events))


def light_melee(weapon: Weapon) -> bool:
    return weapon.light and not weapon.ranged


def offhand_weapons(actor: Actor) -> tuple[Weapon, ...]:
    """ref: Two-weapon fighting — "A character with two light melee weapons equipped"."""
    light = tuple(w for w in actor.weapons if light_melee(w))
    return light if isinstance(actor, Character) and len(light) >= 2 else ()


def offhand_ready(state: Campaign, ref: str) -> bool:
    """ref: Two-weapon fighting — "The group shows after the character swings a light melee weapon
    with its Attack action, and only while the bonus action is unspent." """
    c = combatant(state, ref)
    return bool(offhand_weapons(find_actor(state, ref))) and c.light_swing and not c.bonus_used


def pay_for_swing(state: Campaign, attacker: Actor, weapon: Weapon, command: Attack) -> tuple[Campaign, int, str]:
    """(the state with the swing paid for, the swing's number in its Attack action (0 when another
    cost paid), the log's mark for the swing). A swing out of the attacker's turn that names no
    cost is the GM's own call and spends nothing."""
    ref, ignore = attacker.id, command.ignore_cost
    thrown = command.thrown
    if command.use == "offhand":
        if not any(w.name == weapon.name for w in offhand_weapons(attacker)) or thrown:
            raise CommandRejected(f"An off-hand swing needs two light melee weapons; {weapon.name} is not one of them."
                                  if not thrown else "An off-hand swing is a melee swing, not a throw.")  # fmt: skip
        if not combatant(state, ref).light_swing and not ignore:
            raise CommandRejected(f"{attacker.name} has not swung a light melee weapon with its Attack action this turn.",
                                  "Add ignore-cost to swing anyway.")  # fmt: skip
        return spend(state, ref, "bonus", ignore, " (the off-hand swing needs it)"), 0, "off-hand"
    if command.use == "opportunity":
        if weapon.ranged or thrown:
            raise CommandRejected(f"An opportunity attack is a melee swing; {weapon.name} is not swung in melee here.")
        if is_current(state, ref) and not ignore:
            raise CommandRejected(f"It is {attacker.name}'s own turn: an opportunity attack comes between its turns.")
        return spend(state, ref, "reaction", ignore), 0, "opportunity attack"
    if command.use == "legendary":
        return _legendary(state, attacker, ignore)
    if not is_current(state, ref):
        return state, 0, ""
    state, number = attack_swing(state, ref, ignore)
    if light_melee(weapon) and not thrown:
        state = with_combatant(state, evolve(combatant(state, ref), light_swing=True))
    return state, number, ""


def _legendary(state: Campaign, attacker: Actor, ignore: bool) -> tuple[Campaign, int, str]:
    """ref: Legendary actions — "the swing costs one legendary action instead of the Attack action
    ... The log marks each swing with its number, as in 'legendary action 2 of 3'."""
    if not isinstance(attacker, Creature) or attacker.legendary_actions < 1:
        raise CommandRejected(f"{attacker.name} has no legendary actions.")
    if is_current(state, attacker.id) and not ignore:
        raise CommandRejected(f"It is {attacker.name}'s own turn: a legendary action comes at the end of another's turn.")
    c = combatant(state, attacker.id)
    if c.legendary_used >= attacker.legendary_actions and not ignore:
        raise CommandRejected(f"{attacker.name} has no legendary action left this round.",
                              "They come back when its turn starts; add ignore-cost to go ahead anyway.")  # fmt: skip
    used = c.legendary_used + 1
    state = with_combatant(state, evolve(c, legendary_used=used))
    return state, 0, f"legendary action {used} of {max(used, attacker.legendary_actions)}"


UNITS = {"minute": "minute", "hour": "hour", "special": "special casting time"}


def spell_cost(spell: str, state: Campaign | None = None) -> str:
    """What the cast spends, from the spell's casting time: `bonus`, `reaction` or `action`
    (a longer casting time is `long`; an unknown spell costs the action). `state`: the campaign
    whose custom spells come first."""
    found = spell_of(state, spell)
    casting = found.casting if found is not None else "action"
    return casting if casting in ("action", "bonus", "reaction") else "long"


def casting_text(spell: str, state: Campaign | None = None) -> str:
    """`1 hour`, `10 minutes`: a casting time longer than a turn, as the refusal says it."""
    found = spell_of(state, spell)
    if found is None:
        return ""
    unit = UNITS.get(found.casting, found.casting)
    if found.casting == "special":
        return unit
    return f"{found.casting_amount} {unit}{'s' * (found.casting_amount != 1)}"


def swift_kind(spell: str, state: Campaign | None = None) -> str:
    """How a spell counts for the 2014 bonus-action spell rule: `bonus` (a bonus-action spell),
    `cantrip` (a cantrip with a casting time of 1 action) or `other`."""
    found = spell_of(state, spell)
    if found is None:
        return "other"
    if found.casting == "bonus":
        return "bonus"
    return "cantrip" if found.level == 0 and found.casting == "action" else "other"


def check_swift_rule(state: Campaign, caster: str, spell: str, ignore_cost: bool) -> None:
    """ref: Action, bonus action, and reaction — 2014 PHB, Casting Time, Bonus Action: "A spell
    cast with a bonus action is especially swift ... You can't cast another spell during the same
    turn, except for a cantrip with a casting time of 1 action." Checked both ways round, on the
    caster's own turn."""
    if ignore_cost:
        return
    kind = swift_kind(spell, state)
    earlier = combatant(state, caster).turn_spells
    name = find_actor(state, caster).name
    swift = next((s for s in earlier if swift_kind(s, state) == "bonus"), "")
    if swift and kind != "cantrip":
        raise CommandRejected(f"{name} cast {swift}, a bonus-action spell, this turn: the only other spell "
                              "this turn is a cantrip with a casting time of 1 action.",
                              "Add ignore-cost to cast anyway.")  # fmt: skip
    other = next((s for s in earlier if swift_kind(s, state) != "cantrip"), "")
    if kind == "bonus" and other:
        raise CommandRejected(f"{name} cast {other} this turn: a bonus-action spell allows no other spell that "
                              "turn except a cantrip with a casting time of 1 action.",
                              "Add ignore-cost to cast anyway.")  # fmt: skip


def pay_for_cast(state: Campaign, caster: str, spell: str, ignore_cost: bool, casting: bool = True) -> Campaign:
    """Spend what the cast costs (the spell's casting time); a cast out of the caster's turn
    spends its reaction for a reaction spell and nothing otherwise (the GM's call). Outside a
    running fight, nothing.

    ref: Action, bonus action, and reaction — "A casting time longer than a turn, such as a
    ten-minute ritual, is refused in a fight in the same way, and it offers the same box." """
    if state.fight is None or state.fight.stage != "running" or state.fight.find(caster) is None:
        return state
    cost = spell_cost(spell, state)
    if cost == "long":
        if not ignore_cost:
            raise CommandRejected(f"{spell} takes {casting_text(spell, state)} to cast, longer than a turn.",
                                  "Add ignore-cost to cast it anyway.")  # fmt: skip
        return state
    if not is_current(state, caster):
        return spend(state, caster, cost, ignore_cost, f" (casting {spell} needs it)") if cost == "reaction" else state
    if not casting:  # Hunter's Mark's Repeat: a bonus action, but no spell is cast
        return spend(state, caster, cost, ignore_cost, f" (moving {spell} needs it)")
    check_swift_rule(state, caster, spell, ignore_cost)
    state = spend(state, caster, cost, ignore_cost, f" (casting {spell} needs it)")
    c = combatant(state, caster)
    return with_combatant(state, evolve(c, turn_spells=(*c.turn_spells, spell)))


def swing_cost(state: Campaign, command: Attack) -> tuple[str, str]:
    """(what the swing costs, the refusal when the turn cannot pay) for the attack dialog, by a
    dry run of `pay_for_swing` (nothing is kept)."""
    from combat_tui.systems.dnd5e.economy import attacks_per_action

    attacker = find_actor(state, command.attacker)
    weapon = next((w for w in attacker.weapons if w.name.casefold() == command.weapon.casefold()), None)
    if weapon is None or state.fight is None or state.fight.find(attacker.id) is None:
        return "", ""
    before = combatant(state, attacker.id)
    try:
        _, number, use = pay_for_swing(state, attacker, weapon, command)
    except CommandRejected as error:
        return "", error.reason
    per = attacks_per_action(attacker)
    if command.use == "offhand":
        return "the Bonus action (off-hand)", ""
    if command.use == "opportunity":
        return "the Reaction (opportunity attack)", ""
    if command.use == "legendary":
        return f"a legendary action ({use})", ""
    if not number:
        return "nothing: out of its turn", ""
    if number > 1:
        return f"swing {number} of {per} of its Attack action", ""
    action = "the +1 action (Action Surge)" if before.extra_actions else "the Action"
    if before.action_used and not before.extra_actions and command.ignore_cost:
        action = "nothing (Ignore action cost)"
    return action + (f", swing 1 of {per}" if per > 1 else ""), ""
