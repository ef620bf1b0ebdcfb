"""Saving throws and ability or skill checks with net Advantage Dice (notes §2.1: the Advantage
Die applies to accuracy checks, skill checks and saving throws; R28, R31, A4)."""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.records import frozen
from combat_tui.core.system import Outcome
from combat_tui.systems.futurepath import events as ev
from combat_tui.systems.futurepath.accuracy import Source, net_advantage, roll_advantage
from combat_tui.systems.futurepath.conditions import effective
from combat_tui.systems.futurepath.labels import label
from combat_tui.systems.futurepath.model import Campaign, FPActor, FuturePath
from combat_tui.systems.futurepath.stats import actor, fp_state, modifier

ABILITIES = {"str": "strength", "dex": "dexterity", "con": "constitution", "int": "intelligence",
             "wis": "wisdom", "cha": "charisma"}  # fmt: skip


def ability_key(text: str) -> str:
    word = text.strip().casefold()
    for key, name in ABILITIES.items():
        if word in (key, name):
            return key
    raise CommandRejected(f"'{text}' is not an ability.", "Abilities: str, dex, con, int, wis, cha.")


@frozen
class D20Roll:
    d20: int
    sources: tuple[Source, ...]
    net: int
    expr: str
    adv_rolls: tuple[int, ...]
    flat: int
    total: int
    forbidden_by: str


def roll_d20(fp: FuturePath, who: FPActor, kinds: tuple[str, ...], extra: list[Source], static: int, dice: Dice,
             force: bool = False) -> D20Roll:  # fmt: skip
    """d20 +/- the net Advantage Dice of the bearer's conditions, the GM's environment and
    `extra` sources for these roll kinds, + `static` and the conditions' flat modifiers."""
    sources: list[Source] = []
    for rule in effective(who):
        dice_count = sum(n for kind, n in rule.dice if kind in kinds)
        if dice_count:
            sources.append(Source(rule.name, dice_count))
    fight = fp.fight if fp.fight is not None and fp.fight.stage == "running" else None
    if fight is not None:
        sources += [Source(e.name, e.dice) for e in fight.environment if e.rolls in kinds]
    sources += extra
    forbid = tuple(rule.name for rule in effective(who) if rule.no_advantage)
    net = net_advantage(fp, sources, forbid)
    if net.blocked and not force:
        raise CommandRejected(f"{label(fp, who.id)} has {-net.raw} disadvantage dice: more than 3, so it cannot be attempted.",
                              "Add 'force' to roll it anyway.")  # fmt: skip
    d20 = dice.d20()
    adv = roll_advantage(who, net.net, dice)
    flat = sum(n for rule in effective(who) for kind, n in rule.flat if kind in kinds)
    return D20Roll(d20, net.sources, net.net, adv.expr, adv.rolls, flat, d20 + adv.total + static + flat, net.forbidden_by)


def roll_check(state: Campaign, ref: str, save: bool, ability: str, dc: int, bonus: int,
               situations: tuple[tuple[str, int], ...], dice: Dice) -> Outcome:  # fmt: skip
    fp = fp_state(state)
    who = actor(fp, ref)
    key = ability_key(ability)
    kinds = ("all", "save" if save else "skill", key)
    mod = modifier(getattr(who.abilities, ABILITIES[key]))
    extra = [Source(name, n) for name, n in situations]
    rolled = roll_d20(fp, who, kinds, extra, mod + bonus, dice)
    event = ev.CheckRolled(
        ref, "save" if save else "check", key, rolled.d20, tuple((s.name, s.dice, s.cancelled) for s in rolled.sources),
        rolled.net, rolled.expr, rolled.adv_rolls, mod, bonus + rolled.flat, rolled.total, dc,
    )  # fmt: skip
    return Outcome(state, (event,))
