"""Condition chips: the eleven 5e conditions with rules (2014 PHB, appendix A), and chip upkeep.

ref: Conditions — "Eleven condition names have rules. The app applies them to every roll that
they affect." "A chip that you type matches a row when it spells one of the names above. Case does
not matter. Any other chip has no rule." "Charmed, Deafened, and Grappled have no rule."
"Timed conditions count down at the start of each round and end on their own." "Such a chip shows
'next turn'." "From one caster, a combatant keeps one chip of each name." "The effect still
counts once."
"""

from __future__ import annotations

from combat_tui.core.records import evolve, frozen
from combat_tui.systems.dnd5e.model import Actor, Chip

STR_DEX = frozenset({"strength", "dexterity"})


@frozen
class Condition:
    name: str
    text: str
    """What it does, as the chip's tooltip says it."""
    incapacitated: bool = False
    attacks: str = ""
    """Its own attack rolls: `adv` or `dis`."""
    attacked: str = ""
    """Attack rolls against it: `adv`, `dis`, or `prone` (melee advantage, ranged disadvantage)."""
    auto_fail_saves: frozenset[str] = frozenset()
    save_dis: frozenset[str] = frozenset()
    save_adv: frozenset[str] = frozenset()
    checks_dis: bool = False
    melee_crit: bool = False
    """A melee hit against it is a critical hit (the attacker is within 5 feet)."""
    resists_all: bool = False
    bless: bool = False
    no_actions: bool = False
    """Spends no action, bonus action or reaction while it lasts (Surprised)."""
    check_adv: frozenset[str] = frozenset()
    """Abilities whose checks it rolls at advantage (Raging: strength)."""
    """Adds 1d4 to its attack rolls and saving throws (death saves too)."""


# The 2014 rules of each condition; the app tracks no distance, so a melee attack counts as
# "within 5 feet" and a ranged one (a shot or a throw) as farther.
_TABLE = (
    Condition("Blinded", "Attack rolls against it have advantage; its attack rolls have disadvantage. "
              "It fails checks that need sight (decide at the table).", attacks="dis", attacked="adv"),
    Condition("Frightened", "Disadvantage on ability checks and attack rolls while the source is in sight.",
              attacks="dis", checks_dis=True),
    Condition("Incapacitated", "Takes no actions or reactions: it loses its turns.", incapacitated=True),
    Condition("Invisible", "Its attack rolls have advantage; attack rolls against it have disadvantage.",
              attacks="adv", attacked="dis"),
    Condition("Paralyzed", "Incapacitated; fails STR and DEX saves; attack rolls against it have advantage, "
              "and a melee hit is a critical hit.", incapacitated=True, attacked="adv",
              auto_fail_saves=STR_DEX, melee_crit=True),
    Condition("Petrified", "Incapacitated; fails STR and DEX saves; attack rolls against it have advantage; "
              "resistance to all damage; immune to poison.", incapacitated=True, attacked="adv",
              auto_fail_saves=STR_DEX, resists_all=True),
    Condition("Poisoned", "Disadvantage on attack rolls and ability checks.", attacks="dis", checks_dis=True),
    Condition("Prone", "Its attack rolls have disadvantage; a melee attack against it has advantage, a ranged "
              "one (a throw too) disadvantage.", attacks="dis", attacked="prone"),
    Condition("Restrained", "Attack rolls against it have advantage; its attack rolls and DEX saves have "
              "disadvantage.", attacks="dis", attacked="adv", save_dis=frozenset({"dexterity"})),
    Condition("Stunned", "Incapacitated; fails STR and DEX saves; attack rolls against it have advantage.",
              incapacitated=True, attacked="adv", auto_fail_saves=STR_DEX),
    Condition("Unconscious", "Incapacitated and prone; fails STR and DEX saves; attack rolls against it have "
              "advantage, and a melee hit is a critical hit.", incapacitated=True, attacked="adv",
              auto_fail_saves=STR_DEX, melee_crit=True),
    # ref: Surprise — "Until its first turn ends, its Reaction pip is spent. On that first turn, the
    # Action and Bonus action pips are spent too ... At the end of that turn the chip ends"
    Condition("Surprised", "Surprised: no action, bonus action or reaction until its first turn ends, when the "
              "chip ends; it keeps its place.", no_actions=True),
    # ref: Death saves — "A Bless chip still adds its die." (2014 PHB Bless: attack rolls and saves)
    Condition("Bless", "Adds 1d4 to its attack rolls and saving throws, death saves too.", bless=True),
    # ref: Action, bonus action, and reaction — the Dodge action's chip.
    Condition("Dodging", "Attack rolls against it have disadvantage; its DEX saves have advantage. Ends at "
              "the start of its next turn.", attacked="dis", save_adv=frozenset({"dexterity"})),
    # ref: Action, bonus action, and reaction — Rage: "rolls STR checks and STR saves at advantage"
    # (its damage bonus is in riders.py, its resistance in defenses.py).
    Condition("Raging", "Rage: +damage on STR melee hits; resistance to bludgeoning, piercing and slashing; "
              "advantage on STR checks and saves.", save_adv=frozenset({"strength"}),
              check_adv=frozenset({"strength"})),
    # ref: Action, bonus action, and reaction — Turn Undead: "Damage ends the chip, and a Turned
    # creature takes no reactions. It keeps its turns" (economy.py, damage.py).
    Condition("Turned", "Turned: takes no reactions; damage ends it. The GM moves it away or has it Dodge."),
)  # fmt: skip
CONDITIONS: dict[str, Condition] = {c.name.casefold(): c for c in _TABLE}
CONDITIONS["blessed"] = CONDITIONS["bless"]
NO_RULE = ("Charmed", "Deafened", "Grappled")
"""5e conditions the app knows but applies no rule for (ref: Conditions)."""


def rule_of(chip_name: str) -> Condition | None:
    """The condition a chip's name spells, ignoring case and spaces around it; None for no rule."""
    return CONDITIONS.get(chip_name.strip().casefold())


def canonical(chip_name: str) -> str:
    rule = rule_of(chip_name)
    return rule.name if rule else chip_name.strip()


def conditions_of(actor: Actor) -> tuple[Condition, ...]:
    """The conditions with rules that `actor` has, each once however many chips carry it."""
    seen: dict[str, Condition] = {}
    for chip in actor.chips:
        rule = rule_of(chip.name)
        if rule is not None:
            seen.setdefault(rule.name, rule)
    if "Petrified" in seen:
        seen.pop("Poisoned", None)  # a petrified creature's poison is suspended (2014 PHB)
    return tuple(seen.values())


def has_condition(actor: Actor, name: str) -> bool:
    return any(c.name == canonical(name) for c in conditions_of(actor))


def blessed(actor: Actor) -> bool:
    """Whether a Bless chip adds its d4 (once, however many clerics cast it)."""
    return any(c.bless for c in conditions_of(actor))


def surprised(actor: Actor) -> bool:
    return any(c.no_actions for c in conditions_of(actor))


def stopped_by(actor: Actor) -> str:
    """The condition that keeps `actor` from acting, or empty."""
    for condition in conditions_of(actor):
        if condition.incapacitated:
            return condition.name
    return ""


def is_immune(actor: Actor, chip_name: str) -> bool:
    wanted = canonical(chip_name).casefold()
    return any(name.casefold() == wanted for name in actor.condition_immunities)


def _longer(a: Chip, b: Chip) -> bool:
    """Whether chip `a` lasts longer than `b` (a chip with no count lasts longest)."""
    if a.until_turn_of or b.until_turn_of:
        return not a.until_turn_of and bool(b.until_turn_of)
    if a.rounds == 0 or b.rounds == 0:
        return a.rounds == 0 and b.rounds != 0
    return a.rounds > b.rounds


def add_chip(actor: Actor, chip: Chip) -> tuple[Actor, str]:
    """`actor` with `chip`, and what happened: `added`, `replaced` (the new one lasts longer),
    or `kept` (the caster's chip of that name already lasts as long). Chips of other casters stay.
    """
    wanted = canonical(chip.name).casefold()
    chip = evolve(chip, name=canonical(chip.name))
    for index, old in enumerate(actor.chips):
        if old.caster == chip.caster and canonical(old.name).casefold() == wanted:
            if _longer(chip, old):
                return evolve(actor, chips=actor.chips[:index] + (chip,) + actor.chips[index + 1 :]), "replaced"
            return actor, "kept"
    return evolve(actor, chips=actor.chips + (chip,)), "added"


def remove_chips(actor: Actor, name: str, caster: str | None = None) -> tuple[Actor, int]:
    """`actor` without its chips called `name` (only `caster`'s when given), and how many went."""
    wanted = canonical(name).casefold()
    kept = tuple(
        chip
        for chip in actor.chips
        if not (canonical(chip.name).casefold() == wanted and (caster is None or chip.caster == caster))
    )
    return evolve(actor, chips=kept), len(actor.chips) - len(kept)


def count_down(actor: Actor) -> tuple[Actor, tuple[str, ...]]:
    """The start of a round: each timed chip loses a round; those at zero end (their names)."""
    if not any(chip.rounds for chip in actor.chips):
        return actor, ()
    kept, ended = [], []
    for chip in actor.chips:
        if chip.rounds == 0:
            kept.append(chip)
        elif chip.rounds == 1:
            ended.append(chip.name)
        else:
            kept.append(evolve(chip, rounds=chip.rounds - 1))
    return evolve(actor, chips=tuple(kept)), tuple(ended)


def end_turn_chips(actor: Actor, turn_of: str) -> tuple[Actor, tuple[str, ...]]:
    """The start of `turn_of`'s turn: the chips that last until then end (their names)."""
    if not any(chip.until_turn_of == turn_of for chip in actor.chips):
        return actor, ()
    ended = tuple(chip.name for chip in actor.chips if chip.until_turn_of == turn_of)
    return evolve(actor, chips=tuple(c for c in actor.chips if c.until_turn_of != turn_of)), ended


EFFECT_CHIPS = ("stoneskin", "shield of faith", "concentrating")
"""Chips with a rule that are not conditions (besides `Protection from Energy (TYPE)`)."""


def has_rule(chip_name: str) -> bool:
    """Whether the app applies a rule for a chip of this name: a condition or an effect chip."""
    name = chip_name.strip().casefold()
    return rule_of(name) is not None or name in EFFECT_CHIPS or name.startswith("protection from energy")


def chip_tooltip(chip: Chip, names: dict[str, str]) -> str:
    """What a chip does and when it ends, for its tooltip key."""
    rule = rule_of(chip.name)
    lowered = chip.name.strip().casefold()
    if rule is not None:
        does = rule.text
    elif lowered == "shield of faith":
        does = "+2 AC (once, however many casters)."
    elif lowered == "concentrating":
        does = (f"Concentrating on {chip.source or 'a spell'}: damage asks for a CON save (DC 10 or half the "
                "damage); a failed save, incapacitation or 0 HP ends the spell on every target.")
    elif lowered == "stoneskin":
        does = "Resistance to bludgeoning, piercing and slashing from nonmagical weapons; spells get through."
    elif lowered.startswith("protection from energy"):
        does = "Resistance to the damage type named in the chip, such as Protection from Energy (fire)."
    elif chip.name.strip().casefold() in {n.casefold() for n in NO_RULE}:
        does = "No rule in the app: decide its effects at the table."
    else:
        does = "No rule: a note for the table."
    if chip.until_turn_of:
        ends = f"Ends at the start of {names.get(chip.until_turn_of, chip.until_turn_of)}'s next turn."
    elif chip.rounds:
        ends = f"Ends in {chip.rounds} round{'s' if chip.rounds != 1 else ''} (counts down at the start of each round)."
    else:
        ends = "Lasts until removed."
    by = ""
    if chip.caster or chip.source:
        who = names.get(chip.caster, chip.caster) if chip.caster else ""
        by = " From " + " ".join(filter(None, [who, f"({chip.source})" if chip.source else ""])) + "."
    return f"{chip.name}: {does} {ends}{by}"


def chip_label(chip: Chip) -> str:
    """How a chip reads on a card: `Poisoned 3`, `Blinded next turn`, `Prone`."""
    if chip.until_turn_of:
        return f"{chip.name} next turn"
    if chip.rounds:
        return f"{chip.name} {chip.rounds}"
    return chip.name
