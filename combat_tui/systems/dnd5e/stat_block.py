"""A creature's stat block as plain lines, for the library's preview (and any screen that shows one).

Pure: every number comes from the rule that uses it (the to-hit from `attack.attack_bonus`, the
XP from `abilities.xp_for_challenge`, saves and skills from `checks`), so the preview says what a
roll will add. Printed stat-block bonuses win over the sums, as they do in the rules.
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import parse_dice
from combat_tui.systems.dnd5e.abilities import modifier, parse_challenge, xp_for_challenge
from combat_tui.systems.dnd5e.attack import attack_bonus, damage_modifier
from combat_tui.systems.dnd5e.checks import check_bonus, passive_perception, save_bonus
from combat_tui.systems.dnd5e.creature_actions import action_summary
from combat_tui.systems.dnd5e.model import ABILITIES, Creature, Weapon

SHORT = {name: name[:3].upper() for name in ABILITIES}


def stat_block(creature: Creature) -> list[str]:
    """The preview lines, top to bottom; a line with nothing to say is left out."""
    lines = [_kind(creature), _defense(creature), _speed(creature), *_scores(creature)]
    lines += [_saves(creature), _skills(creature), *_senses(creature)]
    if creature.languages:
        lines.append(f"Languages {creature.languages}")
    lines += _defenses(creature)
    lines.append(_challenge(creature))
    lines += _traits(creature)
    if creature.weapons:
        lines.append("Weapons")
        lines += [f"  {weapon_line(creature, weapon)}" for weapon in creature.weapons]
    if creature.actions:
        lines.append("Save actions")
        lines += [f"  {action.name}: {action_summary(action)}" for action in creature.actions]
    lines += _legendary(creature)
    if creature.spells:
        lines.append(f"Spells ({creature.spellcasting[:3].upper() or '-'}) " + ", ".join(creature.spells))
    if creature.notes:
        lines.append("Notes")
        lines += [f"  {line}" for line in creature.notes.splitlines() if line.strip()]
    return [line for line in lines if line]


def weapon_line(creature: Creature, weapon: Weapon) -> str:
    """`Bite +4 to hit, 2d4+2 piercing, reach 5 ft.; DC 11 STR save or Prone`."""
    try:
        dice = parse_dice(weapon.damage)
    except CommandRejected:  # shown as typed rather than hidden
        damage = weapon.damage
    else:
        bonus = damage_modifier(creature, weapon)
        damage = f"{dice.count}d{dice.sides}" + (f"{bonus:+d}" if bonus else "")
    parts = [f"{weapon.name} {attack_bonus(creature, weapon):+d} to hit", " ".join(filter(None, [damage, weapon.damage_type]))]
    if weapon.extra_damage:
        parts[-1] += f" plus {weapon.extra_damage} {weapon.extra_damage_type}".rstrip()
    if weapon.ranged or weapon.thrown:
        parts.append(f"range {weapon.normal_range}/{weapon.long_range} ft." if weapon.normal_range else "ranged")
    if not weapon.ranged:
        parts.append(f"reach {weapon.reach} ft.")
    line = ", ".join(parts)
    if weapon.save_ability:
        line += f"; DC {weapon.save_dc} {SHORT[weapon.save_ability]} save or {weapon.save_condition}"
    return line


def _kind(creature: Creature) -> str:
    words = [creature.size.capitalize(), creature.creature_type]
    text = " ".join(word for word in words if word) or "Creature"
    return text + (" · NPC" if creature.npc else "")


def _defense(creature: Creature) -> str:
    ac = f"AC {creature.ac}" + (f" ({creature.ac_source})" if creature.ac_source else "")
    hp = f"HP {creature.max_hp}" + (f" ({creature.hit_dice})" if creature.hit_dice else "")
    return f"{ac} · {hp}"


def _speed(creature: Creature) -> str:
    return f"Speed {creature.speed} ft." + (f", {creature.speeds}" if creature.speeds else "")


def _scores(creature: Creature) -> list[str]:
    """The six scores as a small table (names, scores, modifiers): it fits a narrow preview."""
    scores = [getattr(creature.abilities, name) for name in ABILITIES]
    return ["".join(f"{SHORT[name]:>5}" for name in ABILITIES), "".join(f"{score:>5}" for score in scores),
            "".join(f"{modifier(score):>+5d}" for score in scores)]  # fmt: skip


def _saves(creature: Creature) -> str:
    printed = dict(creature.save_bonuses)
    listed = [name for name in ABILITIES if name in printed or name in creature.save_proficiencies]
    if not listed:
        return ""
    return "Saves " + ", ".join(f"{SHORT[name].capitalize()} {printed.get(name, save_bonus(creature, name)):+d}"
                                for name in listed)  # fmt: skip


def _skills(creature: Creature) -> str:
    names = list(dict.fromkeys([name for name, _ in creature.skill_bonuses] + list(creature.skill_proficiencies)))
    if not names:
        return ""
    return "Skills " + ", ".join(f"{name.title()} {check_bonus(creature, name):+d}" for name in sorted(names))


def _senses(creature: Creature) -> list[str]:
    return [f"Senses {creature.senses}" if creature.senses else "", f"Passive Perception {passive_perception(creature)}"]


def _defenses(creature: Creature) -> list[str]:
    rows = (("Resistances", creature.resistances), ("Vulnerabilities", creature.vulnerabilities),
            ("Immunities", creature.immunities), ("Condition immunities", creature.condition_immunities))  # fmt: skip
    return [f"{label} {', '.join(values)}" for label, values in rows if values]


def _challenge(creature: Creature) -> str:
    try:
        known = parse_challenge(creature.challenge) is not None
    except ValueError:  # a hand-made creature's odd CR: shown, worth no XP
        return f"CR {creature.challenge} · proficiency +{creature.proficiency_bonus}"
    if not known:
        return f"No CR · proficiency +{creature.proficiency_bonus}"
    xp = xp_for_challenge(creature.challenge)
    return f"CR {creature.challenge} ({xp:,} XP) · proficiency +{creature.proficiency_bonus}"


def _traits(creature: Creature) -> list[str]:
    traits = []
    if creature.multiattack > 1:
        slow = f", swing {creature.multiattack_disadvantage} at disadvantage" if creature.multiattack_disadvantage else ""
        traits.append(f"Multiattack ({creature.multiattack} swings{slow})")
    if creature.pack_tactics:
        traits.append("Pack Tactics")
    if creature.surprise_attack:
        traits.append(f"Surprise Attack (+{creature.surprise_attack})")
    if creature.redirect_attack:
        traits.append("Redirect Attack")
    if creature.turn_resistance:
        traits.append("Turn Resistance")
    return ["Traits " + ", ".join(traits)] if traits else []


def _legendary(creature: Creature) -> list[str]:
    parts = []
    if creature.legendary_actions:
        parts.append(f"{creature.legendary_actions} legendary actions a round")
    if creature.legendary_resistance:
        parts.append(f"Legendary Resistance {creature.legendary_resistance}/day")
    return ["Legendary " + " · ".join(parts)] if parts else []
