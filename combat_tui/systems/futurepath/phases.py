"""The Action phase inside a group's turn: declared actions in slots (R34-R42), and the queue
that resolves them (R60-R64, A29-A32)."""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.futurepath import events as ev
from combat_tui.systems.futurepath import initiative
from combat_tui.systems.futurepath.conditions import has_flag
from combat_tui.systems.futurepath.labels import label as label_of
from combat_tui.systems.futurepath.model import Campaign, Declaration, FuturePath, GroundFight
from combat_tui.systems.futurepath.rounds import acting
from combat_tui.systems.futurepath.stats import actor, fp_state, running_fight, with_fp
from combat_tui.systems.futurepath.tables import ActionRule, tables

KIND_WORDS = {
    "free": ActionRule("free", "free"),
    "simple": ActionRule("simple", "simple"),
    "move": ActionRule("move", "standard", "move"),
    "attack": ActionRule("attack", "standard", "attack", rolls=True),
    "technique": ActionRule("technique", "standard", "technique", rolls=True),
    "item": ActionRule("item", "standard", "item"),
    "bonus-move": ActionRule("bonus move", "bonus", "move"),
    "bonus-attack": ActionRule("bonus attack", "bonus", "attack", rolls=True),
}
CATEGORY_ORDER = ("move", "attack", "technique", "item")


def _action_fight(fp: FuturePath) -> GroundFight:
    fight = running_fight(fp)
    if fight.phase != "action":
        raise CommandRejected("Actions are declared in the Action phase.", "Go on with 'next'.")
    return fight


def rule_for(action: str) -> ActionRule:
    rule = KIND_WORDS.get(action.casefold()) or tables().action(action)
    if rule is None:
        raise CommandRejected(f"'{action}' is not an action of the menu.",
                              "Use a kind (free, simple, move, attack, technique, item, bonus-move, bonus-attack) "
                              "and a name, or an action of actions.toml.")  # fmt: skip
    return rule


def declare(state: Campaign, ref: str, action: str, label: str, target: str, weapon: str, rolls: bool | None,
            feet: int = 0) -> Outcome:  # fmt: skip
    """ref: R34-R38 — one Standard (Move, Attack, Technique or Use Item), one Simple before or
    after it, or a Bonus action after a Standard that grants one instead of the Simple; Free
    actions without a count, but no repeated state change (A32). `feet`: a grenade's throw,
    no farther than its maximum range (R81)."""
    fp = fp_state(state)
    fight = _action_fight(fp)
    who = actor(fp, ref)
    if ref not in acting(fp, fight):
        raise CommandRejected(f"{label_of(fp, ref)} is not in the acting group.", "Only the group whose turn it is declares.")
    rule = rule_for(action)
    mine = [d for d in fight.declarations if d.actor == ref]
    if fight.committed and rule.slot != "bonus":
        raise CommandRejected("The group has committed its actions.", "Only a Bonus action can still be declared.")
    standard = next((d for d in mine if d.slot == "standard"), None)
    name = label or (rule.name if action.casefold() in KIND_WORDS else action.strip())
    _check_slot(label_of(fp, ref), rule, name, mine, standard, who)
    if target:
        aimed = actor(fp, target)
        if target not in fight.present:
            raise CommandRejected(f"{label_of(fp, aimed.id)} is not in the fight.", "Only someone in the fight can be a target.")
        if target == ref and (rule.category == "attack" or rule.grenade):
            raise CommandRejected(f"{label_of(fp, ref)} cannot attack themselves.", "Name someone else after 'on'.")
    if weapon and not any(w.name.casefold() == weapon.casefold() for w in who.weapons):
        raise CommandRejected(f"{label_of(fp, ref)} has no weapon called '{weapon}'.")
    if rule.slot == "bonus" and rule.category == "attack":
        from combat_tui.systems.futurepath.attack import check_same_target

        check_same_target(fp, who, standard, target, weapon)
    if feet:
        from combat_tui.systems.futurepath.grenades import check_range

        if not rule.grenade:
            raise CommandRejected("A distance is given for a grenade throw only.", "Leave out 'at FEET'.")
        check_range(fp, who, feet)
    declared = Declaration(
        ref, rule.slot, name, rule.category, rule.rolls if rolls is None else rolls,  # type: ignore[arg-type]
        before_standard=standard is None and rule.slot in ("free", "simple"), target=target, weapon=weapon,
        grenade=rule.grenade, feet=feet,
    )  # fmt: skip
    added = (declared,)
    if rule.also:
        # R89: disarming in combat takes a Simple and a Standard action together.
        added += (Declaration(ref, rule.also, f"{name} (also)", "", False, before_standard=False, resolved=True),)  # type: ignore[arg-type]
    fight = evolve(fight, declarations=fight.declarations + added)
    events: tuple = (ev.ActionDeclared(declared),)
    barred = "cannot_act" if has_flag(who, "cannot_act") else ("cannot_attack" if rule.category == "attack" else "cannot_move")
    if rule.category in ("attack", "move") and has_flag(who, barred):
        # A12: warn, do not block, when a Stunned or Paralyzed combatant attacks or moves.
        events += (ev.Warning(ref, f"cannot {'act' if barred == 'cannot_act' else rule.category} (a condition); the GM decides."),)
    return Outcome(with_fp(state, evolve(fp, fight=fight)), events)


def _check_slot(who_name: str, rule: ActionRule, name: str, mine: list[Declaration], standard, who) -> None:
    simple = [d for d in mine if d.slot == "simple"]
    bonus = [d for d in mine if d.slot == "bonus"]
    if rule.slot == "free":
        # R35, A32: as many as reasonable (speak again and again), but a change of state cannot
        # be made twice: the same object dropped twice, prone twice.
        if rule.changes and any(d.slot == "free" and _changed(d.name) == _changed(name) for d in mine):
            raise CommandRejected(f"{who_name} already did '{name}' this turn.", "A free action cannot repeat its change.")
        if rule.name == "drop prone" and who.condition("Prone") is not None:
            raise CommandRejected(f"{who_name} is already prone.")
        return
    if rule.slot == "standard" or rule.also == "standard":
        if standard is not None:
            raise CommandRejected(f"{who_name} already has a Standard action ({standard.name}).",
                                  "One Standard action per Action phase.")  # fmt: skip
    if rule.slot == "simple" or rule.also == "simple":
        if simple:
            raise CommandRejected(f"{who_name} already has a Simple action ({simple[0].name}).",
                                  "One Simple action per Action phase.")  # fmt: skip
        if bonus:
            raise CommandRejected(f"{who_name} took a Bonus action: no Simple action after it.")
    if rule.slot == "bonus":
        if bonus:
            raise CommandRejected(f"{who_name} already has a Bonus action ({bonus[0].name}).")
        if simple:
            raise CommandRejected(f"{who_name} took a Simple action: it rules out the Bonus action.")
        if standard is None:
            raise CommandRejected(f"A Bonus action follows a Standard action; {who_name} has none yet.")
        if standard.category != rule.category:
            grants = {"move": "a Bonus Move", "attack": "a Bonus Attack"}.get(standard.category, "no Bonus action")
            raise CommandRejected(f"{who_name}'s {standard.category.capitalize()} action grants {grants}.")
        if who.condition("Exhausted") is not None:
            raise CommandRejected(f"{who_name} is Exhausted: no bonus actions.")
        if any(d.name.casefold() == "stand up" for d in mine):
            raise CommandRejected(f"{who_name} stood up from Prone this round: no Bonus action.")


def _changed(name: str) -> str:
    """What a Free action changes: its menu entry (`go prone` is `drop prone`), or its label (the
    object dropped)."""
    rule = tables().action(name)
    return rule.name if rule is not None else name.casefold()


def withdraw(state: Campaign, ref: str) -> Outcome:
    fp = fp_state(state)
    fight = _action_fight(fp)
    actor(fp, ref)
    if fight.committed:
        raise CommandRejected("The group has committed its actions.")
    indices = [i for i, d in enumerate(fight.declarations) if d.actor == ref and not d.resolved]
    if not indices:
        raise CommandRejected(f"{label_of(fp, ref)} has no declared action to take back.")
    gone = fight.declarations[indices[-1]]
    kept = tuple(d for i, d in enumerate(fight.declarations) if i != indices[-1]
                 and not (d.actor == ref and d.name == f"{gone.name} (also)"))  # fmt: skip
    fight = evolve(fight, declarations=kept)
    return Outcome(with_fp(state, evolve(fp, fight=fight)), (ev.ActionWithdrawn(ref, gone.name),))


def commit(state: Campaign) -> Outcome:
    """ref: R64 — every player has committed: the rolls may start, in the queue's order."""
    fp = fp_state(state)
    fight = _action_fight(fp)
    if fight.committed:
        raise CommandRejected("The group has already committed.")
    fight = evolve(fight, committed=True)
    order = tuple(fight.declarations[i] for i in queue(fp, fight))
    return Outcome(with_fp(state, evolve(fp, fight=fight)), (ev.GroupCommitted(order),))


def _post_standard(d: Declaration) -> bool:
    """A Bonus action, or a Simple or Free action taken after the Standard (R61)."""
    return d.slot == "bonus" or (d.slot in ("free", "simple") and not d.before_standard)


def sort_key(fp: FuturePath, fight: GroundFight, index: int) -> tuple:
    """ref: R60-R63, A29-A31 — no-roll actions first; Simple and Free actions before the
    Standard; Standard actions by category Move, Attack, Technique, Use Item (a grenade in the
    Use Item slot); post-Standard Simple and Bonus actions last, even those no roll decides
    (the page: "it is resolved last"), again no-roll first and in category order; then
    personal Initiative, then declaration order. The key is (last, rolls, bucket, category
    place, -Initiative, index)."""
    options = fp.options
    d = fight.declarations[index]
    rank = CATEGORY_ORDER if options.technique_before_item else ("move", "attack", "item", "technique")
    own = next((i for i, s in enumerate(fight.declarations) if s.actor == d.actor and s.slot == "standard"), None)
    standard = None if own is None else fight.declarations[own]
    category = "item" if d.grenade else d.category
    if not category and not d.before_standard:
        category = "item" if standard is not None and standard.grenade else (standard.category if standard else "")
    place = rank.index(category) if category in rank else len(rank)
    rolls = 1 if d.rolls else 0
    initiative_key = -initiative.personal(fp, fight, d.actor)
    if _post_standard(d) and (d.slot != "bonus" or options.bonus_after_standards):
        return (1, rolls, 2, place, initiative_key, index)
    if d.slot == "bonus" and own is not None:
        # A30 off: a Bonus action goes with the Standards by category, but never before the
        # Standard that grants it (a rolled Move before its no-roll Bonus Move).
        granted_by = sort_key(fp, fight, own)
        return (0, max(rolls, granted_by[1]), 1, max(place, granted_by[3]), initiative_key, index)
    bucket = 0 if d.before_standard and d.slot in ("free", "simple") else 1
    return (0, rolls, bucket, place, initiative_key, index)


def step(fp: FuturePath, fight: GroundFight, index: int) -> tuple:
    """The place of a declaration in the queue up to the ties R63 leaves to the players: two
    actions of the same step may resolve in either order."""
    return sort_key(fp, fight, index)[:4]


def queue(fp: FuturePath, fight: GroundFight) -> tuple[int, ...]:
    """The unresolved declarations in resolution order (indices into `fight.declarations`)."""
    pending = [i for i, d in enumerate(fight.declarations) if not d.resolved]
    return tuple(sorted(pending, key=lambda i: sort_key(fp, fight, i)))


def resolve(state: Campaign, ref: str, result: str) -> Outcome:
    """Resolve the head of the queue (or `ref`'s first queued action, if it is the head's equal):
    a rolled action only once every no-roll action is resolved and the group committed (R64)."""
    fp = fp_state(state)
    fight = _action_fight(fp)
    order = queue(fp, fight)
    if not order:
        raise CommandRejected("No declared action is waiting.", "Declare one with 'declare', or go on with 'next'.")
    index = order[0]
    if ref:
        mine = [i for i in order if fight.declarations[i].actor == ref]
        if not mine:
            raise CommandRejected(f"{label_of(fp, ref)} has no action waiting.")
        if step(fp, fight, mine[0]) != step(fp, fight, order[0]):
            first = fight.declarations[order[0]]
            raise CommandRejected(f"{first.name} of {label_of(fp, first.actor)} resolves first.")
        index = mine[0]
    declared = fight.declarations[index]
    if declared.rolls and not fight.committed:
        raise CommandRejected("No one rolls until everyone in the group has committed.", "Say 'commit' first.")
    return mark_resolved(state, index, result)


def mark_resolved(state: Campaign, index: int, result: str, events: tuple = ()) -> Outcome:
    fp = fp_state(state)
    fight = fp.fight
    assert fight is not None
    declared = evolve(fight.declarations[index], resolved=True, result=result)
    declarations = fight.declarations[:index] + (declared,) + fight.declarations[index + 1 :]
    fight = evolve(fight, declarations=declarations)
    return Outcome(with_fp(state, evolve(fp, fight=fight)), events + (ev.ActionResolved(declared),))
