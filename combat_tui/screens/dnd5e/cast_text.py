"""The text of the cast dialog's rows (ref: Cast dialog).

What the cast dialog shows for its settings (the spell, its casting time and range, the slot, the
targets, the cursor) and its preview (the roll, the dice at the chosen slot, the chip the spell
puts on, what the GM applies by hand). Every number comes from the core; these functions only
word it, from what the dialog passes in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from textual.content import Content

from combat_tui.screens.dnd5e.roll_dialog import CHOSEN, OUT, choices, d20_text
from combat_tui.systems.dnd5e.advantage import resolve
from combat_tui.systems.dnd5e.armor import armor_class
from combat_tui.systems.dnd5e.attack import attack_slants
from combat_tui.systems.dnd5e.checks import auto_fail, save_slants
from combat_tui.systems.dnd5e.conditions import blessed
from combat_tui.systems.dnd5e.data.spells import Spell
from combat_tui.systems.dnd5e.model import Actor, Campaign, CreatureAction
from combat_tui.systems.dnd5e.spell_text import about_text, level_text, ordinal
from combat_tui.systems.dnd5e.spell_text import targets_text as reach_text
from combat_tui.systems.dnd5e.spells import caster_level, spell_attack_bonus, spell_dice, spell_modifier, spell_save_dc
from combat_tui.systems.dnd5e.view import actor_status

KINDS = {
    "attack": "Spell attack",
    "save": "Saving throw",
    "heal": "Healing spell",
    "chip": "Chip spell",
    "raise": "Raises the dead",
    "stabilize": "Stabilizes the dying",
    "sleep": "Sleep: a pool of hit points",
    "missiles": "Darts that always hit",
    "rays": "A spell attack per ray",
    "damage": "Damage with no attack roll or save",
    "utility": "The GM applies it by hand",
}
"""What the Kind row says of a spell that rolls no d20."""


# -- the settings ----------------------------------------------------------------------------


def spell_text(spell: Spell, spells: Sequence[Spell], no_slot_left: bool, slot: int = 0,
               action: CreatureAction | None = None) -> Content:  # fmt: skip
    """The spell's name, level and targets, where it stands in the caster's list (`action`: the
    creature's save action the entry stands for)."""
    at = next((i for i, s in enumerate(spells) if s.name == spell.name), -1) + 1
    count = f"   ({at} of {len(spells)})" if at and len(spells) > 1 else ""
    if action is not None:
        recharge = f", recharge {action.recharge}–6" if action.recharge and action.recharge < 6 else ""
        recharge = ", recharge 6" if action.recharge == 6 else recharge
        more = f"  creature action{recharge}, any number of targets"
    else:
        more = f"  {level_text(spell)}, {reach_text(spell, slot)}"
    parts: list = [(spell.name, "bold"), (more, "$text-muted")]
    if no_slot_left:
        parts.append((", no slot left", "$text-warning"))
    parts.append((count, "$text-muted"))
    return Content.assemble(*parts)


def about_row(spell: Spell, concentrating: str, action: CreatureAction | None = None) -> Content | str:
    """The casting time, range and area, duration and concentration (`1 action · 150 feet, 20-foot
    sphere · Instantaneous`); a warning when the cast ends the caster's concentration on
    `concentrating`."""
    if action is not None:
        return "1 action (the creature's Action)"
    about = about_text(spell)
    if spell.concentration and concentrating:
        ends = f"ends its concentration on {concentrating}"
        return Content.assemble(about, ("\n" if about else "", ""), (ends[:1].upper() + ends[1:], "$text-warning"))
    return about


def slot_text(spell: Spell, caster: Actor, levels: Sequence[int], chosen: int, action: bool = False) -> Content | str:
    """The slot levels `l` cycles with the slots left, the chosen one lit."""
    if action:
        return Content.styled("None: a creature action spends no slot", "$text-muted")
    if spell.level == 0:
        return Content.styled("None: a cantrip spends no slot", "$text-muted")
    if not levels:
        return Content.styled(f"No slot left at {ordinal(spell.level)} level or higher", "$text-warning")
    if not caster.slots:
        return Content.assemble((f"◉ {ordinal(chosen)}", CHOSEN), ("   (slots not tracked; l raises it)", "$text-muted"))
    return choices([(level, f"{ordinal(level)}  {caster.slots[level - 1]} left") for level in levels], chosen)


def targets_text(order: Sequence[str], targets: Sequence[str], cursor: str | None, actors: Mapping[str, Actor],
                 label: Callable[[str], str], width: int,
                 darts: Mapping[str, int] | None = None) -> Content | str:  # fmt: skip
    """Every combatant as a box, ticked when chosen (with its number of darts or rays for a spell
    of darts: `[2]`), the cursor's lit; laid out in lines of `width` (a wrap would split a name)."""
    if not order:
        return "No one"
    lines: list[list] = [[]]
    used = 0
    for ref in order:
        if darts is not None:
            box = f"[{darts[ref]}]" if darts.get(ref) else "[ ]"
        else:
            box = "[x]" if ref in targets else "[ ]"
        text = f"{box} {label(ref)}"
        need = len(text) + (2 if used else 0)
        if used and used + need > width:
            lines.append([])
            used, need = 0, len(text)
        if used:
            lines[-1].append("  ")
        style = _target_style(ref in targets, actors.get(ref), ref == cursor)
        lines[-1].append((text, style) if style else text)
        used += need
    parts: list = []
    for line in lines:
        if parts:
            parts.append("\n")
        parts.extend(line)
    return Content.assemble(*parts)


def _target_style(ticked: bool, actor: Actor | None, under_cursor: bool) -> str:
    """Bold when ticked; struck out when down (in the error colour when ticked); the cursor reversed."""
    style = "bold" if ticked else ""
    if actor is None or actor_status(actor) in OUT:
        style = "$text-muted strike" if not ticked else "bold $text-error"
    return f"{style} reverse".strip() if under_cursor else style


def cursor_text(actor: Actor, name: str, spell: Spell | None, chosen: int, limit: int = -1,
                darts: tuple[int, int, str] | None = None) -> Content:  # fmt: skip
    """The combatant under the cursor: HP, status and chips, and how many targets are chosen
    (`limit`: the most the cast takes, 0 for any number; `darts`: (on this one, in all, `dart`
    or `ray`) for a spell of darts)."""
    status = actor_status(actor)
    about = [f"{actor.hp}/{actor.max_hp} HP"] + ([status] if status else [])
    about += [chip.name for chip in actor.chips]
    if limit < 0:
        limit = spell.max_targets if spell is not None else 1
    if darts is not None:
        here, total, what = darts
        count = f"   {here} of {total} {what}{'s' * (total != 1)} on it"
    elif spell is None or limit == 1:
        count = ""
    elif limit == 0:
        count = f"   {chosen} chosen"
    else:
        count = f"   {chosen} of {limit} chosen"
    return Content.assemble(("▸ ", "$text-muted"), (name, "bold"),
                            (f"  {', '.join(about)}", "$text-muted"), count)  # fmt: skip


# -- the preview -----------------------------------------------------------------------------


def roll_texts(state: Campaign, caster: Actor, spell: Spell, targets: Sequence[Actor], mode: str,
               label: Callable[[str], str], dc: int = 0) -> tuple[str, str]:  # fmt: skip
    """(the roll: "Spell attack +7 vs AC 15 (stat block)" or "DC 15 Dexterity save", the d20
    of the first target or each target's save; `dc`: a creature action's own DC)."""
    if spell.kind == "attack":
        bonus = spell_attack_bonus(caster)
        bless = " + d4 Bless" if blessed(caster) else ""
        if not targets:
            return f"Spell attack {bonus:+d}{bless}", ""
        ac, how = armor_class(targets[0])
        resolved = resolve(attack_slants(caster, targets[0], True, False), mode, state.d20_mode)
        return f"Spell attack {bonus:+d}{bless} vs AC {ac} ({how})", d20_text(resolved)
    if spell.kind == "rays":
        bonus = spell_attack_bonus(caster)
        bless = " + d4 Bless" if blessed(caster) else ""
        return f"Spell attack {bonus:+d}{bless}, a roll per ray", _rays_text(state, caster, targets, mode, label)
    if spell.kind == "save":
        roll = f"DC {dc or spell_save_dc(caster)} {spell.save.capitalize()} save"
        return roll, _saves_text(spell.save, targets, mode, label)
    return KINDS.get(spell.kind, "Spell"), ""


def _rays_text(state: Campaign, caster: Actor, targets: Sequence[Actor], mode: str, label: Callable[[str], str]) -> str:
    """Each target's AC and the d20 of the rays at it, one line a target."""
    lines = []
    for target in dict.fromkeys(targets):
        ac, how = armor_class(target)
        resolved = resolve(attack_slants(caster, target, True, False), mode, state.d20_mode)
        lines.append(f"{label(target.id)}: AC {ac} ({how}), {d20_text(resolved)}")
    return "\n".join(lines)


def _saves_text(ability: str, targets: Sequence[Actor], mode: str, label: Callable[[str], str]) -> str:
    """Each target's save slant or automatic failure, the targets that share one on one line."""
    groups: dict[str, list[str]] = {}
    for target in targets:
        failed_by = auto_fail(target, ability)
        if failed_by:
            text = f"fails automatically ({failed_by}), no roll"
        else:
            text = d20_text(resolve(save_slants(target, ability), mode, "normal"))
            text += ", + d4 Bless" if blessed(target) else ""
        groups.setdefault(text, []).append(label(target.id))
    return "\n".join(f"{', '.join(names)}: {text}" for text, names in groups.items())


def dice_label(spell: Spell) -> str:
    """The dice row's label."""
    if spell.kind == "heal":
        return "Healing"
    if spell.kind in ("chip", "raise", "stabilize", "utility"):
        return "Effect"
    return "Damage" if spell.damage_type else "Dice"


def dice_text(caster: Actor, spell: Spell, slot: int) -> str:
    """The dice at the chosen slot and what they do (a cantrip's at the caster's level)."""
    dice = spell_dice(spell, spell.dice, slot, caster)
    kind = spell.kind
    scaled = f" (caster level {caster_level(caster)})" if spell.cantrip_scaling and dice != spell.dice else ""
    if kind == "attack":
        text = f"{dice} {spell.damage_type} on a hit".replace("  ", " ")
        if spell.add_modifier:
            text = text.replace(" on a hit", f" + {spell_modifier(caster)} modifier on a hit")
        if spell.later:
            later = spell_dice(spell, spell.later, slot, caster)
            text += f" (half on a miss), then {later} {spell.damage_type} at the end of the target's next turn"
        return text + scaled if dice else ""
    if kind == "save":
        if not dice:
            return ""
        return f"{dice} {spell.damage_type}, {'half' if spell.half_on_save else 'none'} on a save{scaled}"
    if kind == "heal":
        return _healing_text(caster, spell, dice)
    if kind == "damage":
        return f"{dice} {spell.damage_type} on each target, no roll" if dice else ""
    return {
        "sleep": f"{dice} hit points: the targets fall asleep lowest HP first while the pool lasts",
        "raise": "A dead target comes back at 1 HP",
        "stabilize": "A dying character becomes stable",
    }.get(kind, "")


def darts_text(spell: Spell, count: int, landed: Mapping[str, int], label: Callable[[str], str]) -> str:
    """`3 darts of 1d4+1 force: 2 on Goblin 2, 1 on Goblin 1`; the rays of a ray spell alike."""
    what = "dart" if spell.kind == "missiles" else "ray"
    each = f"{spell.dice} {spell.damage_type}".strip()
    head = f"{count} {what}{'s' * (count != 1)} of {each}" if each else f"{count} {what}{'s' * (count != 1)}"
    if not landed:
        return head
    return head + ": " + ", ".join(f"{n} on {label(ref)}" for ref, n in landed.items())


def _healing_text(caster: Actor, spell: Spell, dice: str) -> str:
    if not spell.add_modifier:
        return f"{dice} (none for a creature at 0 HP)"
    ability = (caster.spellcasting or "wisdom")[:3].upper()
    bonus = spell_modifier(caster)
    return f"{dice} {'+' if bonus >= 0 else '-'} {abs(bonus)} {ability} (none for a creature at 0 HP)"


def chip_text(spell: Spell, option: str) -> str:
    """The chip the spell puts on, how long, and on whom (`option`: the damage type picked)."""
    if not spell.chip:
        return ""
    if spell.rounds:
        lasts = f" for {spell.rounds} rounds"
    elif spell.until_next_turn:
        lasts = " until the start of the caster's next turn"
    else:
        lasts = ""
    if spell.kind == "save":
        again = "; a new save at the end of each of its turns" if spell.repeat_save else ""
        return f"{spell.chip}{lasts} on a failed save{again}"
    if spell.kind == "sleep":
        return f"{spell.chip}{lasts}, and Prone"
    if spell.kind in ("attack", "rays"):
        return f"{spell.chip}{lasts} on a hit"
    name = f"{spell.chip} ({option})" if spell.choose_type and option else spell.chip
    return f"{name}{lasts} on each target" if spell.max_targets != 1 else f"{name}{lasts}"
