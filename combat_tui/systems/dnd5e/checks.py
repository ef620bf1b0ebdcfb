"""Saving throws and ability checks rolled from the character sheet, with every rule that slants them.

ref: Conditions — the conditions apply to "a save or a check rolled from the character sheet";
"A save that fails at once never reaches the dice, and the log names the chip that failed it."
ref: Armor proficiency — "Every STR and DEX save or check from the sheet rolls at disadvantage. The
log says 'not proficient' and names the armor."
ref: Exhaustion — level 1: disadvantage on ability checks; level 3: on saving throws too.
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.system import Outcome
from combat_tui.systems.dnd5e.abilities import class_level, modifier
from combat_tui.systems.dnd5e.advantage import Slant, resolve
from combat_tui.systems.dnd5e.armor import stealth_disadvantage, untrained_armor
from combat_tui.systems.dnd5e.conditions import blessed, conditions_of
from combat_tui.systems.dnd5e.damage import find_actor
from combat_tui.systems.dnd5e.events import CheckRolled, SaveRolled
from combat_tui.systems.dnd5e.model import ABILITIES, Actor, Campaign, Character

SKILLS: dict[str, str] = {
    "acrobatics": "dexterity", "animal handling": "wisdom", "arcana": "intelligence",
    "athletics": "strength", "deception": "charisma", "history": "intelligence",
    "insight": "wisdom", "intimidation": "charisma", "investigation": "intelligence",
    "medicine": "wisdom", "nature": "intelligence", "perception": "wisdom",
    "performance": "charisma", "persuasion": "charisma", "religion": "intelligence",
    "sleight of hand": "dexterity", "stealth": "dexterity", "survival": "wisdom",
}  # fmt: skip
SHORT = {"str": "strength", "dex": "dexterity", "con": "constitution", "int": "intelligence",
         "wis": "wisdom", "cha": "charisma"}  # fmt: skip


def ability_name(text: str) -> str:
    """`dex`, `Dexterity` -> `dexterity`; anything else is refused."""
    word = text.strip().casefold()
    word = SHORT.get(word, word)
    if word not in ABILITIES:
        raise CommandRejected(f"'{text}' is not an ability.", "Abilities: str, dex, con, int, wis, cha.")
    return word


def check_name(text: str) -> str:
    """A skill (`sleight of hand`) or an ability (`str`) as a check's name."""
    word = " ".join(text.split()).casefold()
    if word in SKILLS:
        return word
    try:
        return ability_name(word)
    except CommandRejected:
        raise CommandRejected(f"'{text}' is neither a skill nor an ability.",
                              "Skills: " + ", ".join(SKILLS) + ".") from None  # fmt: skip


def save_bonus(actor: Actor, ability: str) -> int:
    """The ability modifier, plus proficiency for a listed save; a creature's printed save bonus
    wins, since a stat block's numbers are the creature's (as for skills below)."""
    printed = dict(getattr(actor, "save_bonuses", ()))
    if ability in printed:
        return printed[ability]
    bonus = modifier(getattr(actor.abilities, ability))
    if ability in actor.save_proficiencies:
        bonus += actor.proficiency_bonus
    return bonus


def check_bonus(actor: Actor, name: str) -> int:
    """An ability or skill check: the modifier, plus proficiency (twice with expertise), or half of
    it (rounded down) from a bard's Jack of All Trades when not proficient."""
    printed = dict(getattr(actor, "skill_bonuses", ()))
    if name in printed:  # a creature's stat block number is the creature's own
        return printed[name]
    ability = SKILLS.get(name, name)
    bonus = modifier(getattr(actor.abilities, ability))
    if name in SKILLS and name in actor.skill_proficiencies:
        expert = isinstance(actor, Character) and name in actor.expertise
        return bonus + actor.proficiency_bonus * (2 if expert else 1)
    if class_level(actor, "Bard") >= 2:
        bonus += actor.proficiency_bonus // 2
    return bonus


def passive_perception(actor: Actor) -> int:
    """10 + the Perception bonus, or the stat block's printed number."""
    return getattr(actor, "passive_perception", 0) or 10 + check_bonus(actor, "perception")


def save_slants(actor: Actor, ability: str) -> tuple[Slant, ...]:
    """Sources of advantage or disadvantage on a save of `ability` (weapon, spell or sheet)."""
    slants = []
    for condition in conditions_of(actor):
        if ability in condition.save_dis:
            slants.append(Slant("dis", condition.name))
        if ability in condition.save_adv:
            slants.append(Slant("adv", condition.name))
    if actor.exhaustion >= 3:
        slants.append(Slant("dis", f"Exhaustion {actor.exhaustion}"))
    if ability in ("strength", "dexterity"):
        slants.extend(Slant("dis", f"not proficient with {name}") for name in untrained_armor(actor))
    return tuple(slants)


def check_slants(actor: Actor, name: str) -> tuple[Slant, ...]:
    ability = SKILLS.get(name, name)
    slants = [Slant("dis", c.name) for c in conditions_of(actor) if c.checks_dis]
    slants += [Slant("adv", c.name) for c in conditions_of(actor) if ability in c.check_adv]  # Raging
    if actor.exhaustion >= 1:
        slants.append(Slant("dis", f"Exhaustion {actor.exhaustion}"))
    if ability in ("strength", "dexterity"):
        slants.extend(Slant("dis", f"not proficient with {piece}") for piece in untrained_armor(actor))
    if name == "stealth" and (armor := stealth_disadvantage(actor)):
        slants.append(Slant("dis", f"{armor} (stealth)"))
    return tuple(slants)


def auto_fail(actor: Actor, ability: str) -> str:
    """The condition that fails this save without a roll, or empty."""
    for condition in conditions_of(actor):
        if ability in condition.auto_fail_saves:
            return condition.name
    return ""


def roll_d20(dice: Dice, mode: str) -> tuple[tuple[int, ...], int]:
    if mode in ("adv", "dis"):
        faces = (dice.d20(), dice.d20())
        return faces, max(faces) if mode == "adv" else min(faces)
    face = dice.d20()
    return (face,), face


def roll_save(state: Campaign, ref: str, ability: str, chosen: str, dice: Dice) -> Outcome:
    actor = find_actor(state, ref)
    ability = ability_name(ability)
    failed_by = auto_fail(actor, ability)
    if failed_by:
        return Outcome(state, (SaveRolled(ref, ability, (), 0, "", 0, 0, (), "auto", failed_by),))
    resolved = resolve(save_slants(actor, ability), chosen, state.d20_mode)
    faces, kept = roll_d20(dice, resolved.mode)
    bonus = save_bonus(actor, ability)
    bless = dice.roll(1, 4).total if blessed(actor) else 0
    total = kept + bonus + bless
    event = SaveRolled(ref, ability, faces, kept, resolved.mode, bonus, total, resolved.slants, resolved.origin, "", bless)
    return Outcome(state, (event,))


def roll_check(state: Campaign, ref: str, name: str, chosen: str, dice: Dice) -> Outcome:
    actor = find_actor(state, ref)
    name = check_name(name)
    resolved = resolve(check_slants(actor, name), chosen, state.d20_mode)
    faces, kept = roll_d20(dice, resolved.mode)
    bonus = check_bonus(actor, name)
    event = CheckRolled(ref, name, faces, kept, resolved.mode, bonus, kept + bonus, resolved.slants, resolved.origin)
    return Outcome(state, (event,))
