"""Numbers read off a FuturePath sheet: modifiers, AC and its parts, Initiative, the Advantage
Die and the Extra Damage count (notes §2.1, §2.2, §2.7)."""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.systems.futurepath.model import Campaign, FPActor, FPOptions, FuturePath, GroundFight
from combat_tui.systems.futurepath.tables import tables


def fp_state(state: Campaign) -> FuturePath:
    """The campaign's FuturePath part (an empty one if the file has none yet)."""
    return state.futurepath if state.futurepath is not None else FuturePath()


def actor(fp: FuturePath, ref: str) -> FPActor:
    found = fp.actor(ref)
    if found is None:
        raise CommandRejected(f"No combatant has the id '{ref}'.")
    return found


def modifier(score: int) -> int:
    """floor(score / 2) - 5 (notes §2.7)."""
    return score // 2 - 5


def initiative_score(who: FPActor, options: FPOptions) -> int:
    """ref: R5, A6 — Initiative = DEX + WIS + MISC, from modifiers by default."""
    dex, wis = who.abilities.dexterity, who.abilities.wisdom
    if options.initiative_from == "modifiers":
        dex, wis = modifier(dex), modifier(wis)
    return dex + wis + who.initiative_misc


def loses_dex(who: FPActor) -> bool:
    """A condition that takes the DEX bonus off AC (Flat-Footed, Stunned, Cowering ...)."""
    return any((rule := tables().condition(c.name)) is not None and rule.loses_dex for c in who.conditions)


def helpless(who: FPActor) -> bool:
    return any((rule := tables().condition(c.name)) is not None and rule.helpless for c in who.conditions)


def armor_class(who: FPActor, *, touch: bool = False, flat_footed: bool = False) -> int:
    """10 + armor + DEX mod + size + natural + misc; touch drops armor and natural armor,
    flat-footed drops DEX (notes §2.2); a helpless target's AC is 5 + size (§2.5)."""
    parts = who.ac
    if helpless(who):
        return 5 + parts.size
    dex = modifier(who.abilities.dexterity)
    if flat_footed or loses_dex(who):
        dex = min(dex, 0)  # only the DEX *bonus* is lost
    armor = 0 if touch else parts.armor + parts.natural
    return 10 + armor + dex + parts.size + parts.misc


def advantage_die(who: FPActor) -> str:
    """ref: A1 — the expression itself, else the die level's, else the Path table's by level."""
    if who.advantage_die:
        return who.advantage_die
    table = tables()
    level = who.advantage_die_level or table.path(who.path).advantage_die_level[_level(who) - 1]
    return table.advantage_die[level]


def die_level(who: FPActor) -> int:
    table = tables()
    return who.advantage_die_level or table.path(who.path).advantage_die_level[_level(who) - 1]


def extra_damage(who: FPActor) -> int:
    """Extra Damage count: the sheet's, else one per schedule level reached (5, 11, 17)."""
    if who.extra_damage is not None:
        return who.extra_damage
    return sum(1 for level in tables().path(who.path).extra_damage_levels if who.level >= level)


def _level(who: FPActor) -> int:
    return min(max(who.level, 1), 20)


def with_fp(state: Campaign, fp: FuturePath) -> Campaign:
    from attrs import evolve

    return evolve(state, futurepath=fp)


def ground_fight(fp: FuturePath, what: str, stages: tuple[str, ...] = ("running",)):
    """The ground fight `what` (a verb: attack, damage ...) needs, at one of `stages`, or a
    refusal that says why: none open, or only a space fight, whose crews follow its own rules."""
    fight = fp.fight
    if fight is not None and fight.stage in stages:
        return fight
    if fp.space is not None and fp.space.stage == "running":
        raise CommandRejected(f"'{what}' is for a ground fight, and only a space fight is running.",
                              "In space, crews take damage and conditions from the space rules.")  # fmt: skip
    when = "ground setup or a running ground fight" if "setup" in stages else "a running ground fight"
    if fight is not None and fight.stage == "setup" and "setup" not in stages:
        raise CommandRejected("Ground setup is open: the fight has not started.", "Start it with 'start'.")
    raise CommandRejected(f"'{what}' needs {when}.", "Open setup with 'setup', then 'start'.")


def running_fight(fp: FuturePath):
    """The running ground fight, or a refusal saying there is none."""
    if fp.fight is None or fp.fight.stage != "running":
        raise CommandRejected("No ground fight is running.", "Open setup with 'setup', then 'start'.")
    return fp.fight


def personal(fp: FuturePath, fight: GroundFight | None, ref: str) -> int:
    """A combatant's Initiative score: the GM's fix, else DEX + WIS + MISC (R5, A6)."""
    if fight is not None:
        for who, value in fight.initiative_fix:
            if who == ref:
                return value
    found = fp.actor(ref)
    assert found is not None
    return initiative_score(found, fp.options)
