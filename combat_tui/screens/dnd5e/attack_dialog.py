"""AttackDialog: one weapon attack with every term the rules will use (ref: Attack dialog).

The dialog shows what the rules use: the to-hit terms (the d20, the ability modifier, the
proficiency bonus or "not proficient"), the AC of the target and where it comes from, the sources
of advantage and disadvantage and how they combine, and the damage. The Roll mode (Auto,
Advantage, Disadvantage, Normal) overrides the automatic d20 mode (ref: Attack rolls — "A Roll
value other than Auto still overrides it"). Every term comes from `attack.preview`; the dialog
computes no rule and keeps no game state, only its own settings.

Rolling posts the `Attack` command; the app runs it (or shows the refusal). The dialog then shows
the travelogue lines of that roll and stays open, so the table can read them; `r` rolls again with
the same settings, `c` closes. A problem that the rules would refuse (a Stunned attacker) shows in
the error colour; rolling still posts, and the app names the refusal.

Keys: t target, w weapon, v roll mode, h throw, l long range, 2 two-handed, d the dice rolled at
the table (the d20, then the damage: `roll_faces`), r or Enter roll, u undo and U redo (the app's
letters stop at a modal screen), c or Esc close.

Issue 6: the Costs row names what pays for the swing (the Action, a swing left of Extra Attack or
Multiattack, the bonus action of an off-hand swing, the reaction of an opportunity attack, a
legendary action) and the refusal when the turn cannot pay; i ticks Ignore action cost. o cycles
cover (half +2, three-quarters +5), s ticks Sneak Attack (its dice by rogue level; not at
disadvantage; gone once used this turn), k ticks Pack Tactics. A target with Redirect Attack and
its reaction opens the Redirect Attack dialog before the roll.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.content import Content

from combat_tui.core.command import CommandRejected
from combat_tui.core.session import Session
from combat_tui.screens.dnd5e import key_reasons
from combat_tui.screens.dnd5e.redirect_dialog import ask_redirect
from combat_tui.screens.dnd5e.roll_dialog import (
    KEY,
    MODES,
    OUT,
    RollDialog,
    choices,
    cycle,
    d20_text,
    next_mode,
    roll_keys,
    tick_box,
)
from combat_tui.screens.dnd5e.roll_faces import faces_key
from combat_tui.screens.dnd5e.target_finder import find_target
from combat_tui.screens.refusals import Reason, refuse
from combat_tui.systems.dnd5e.actions import swing_cost
from combat_tui.systems.dnd5e.attack import AttackPreview, preview
from combat_tui.systems.dnd5e.commands import Attack
from combat_tui.systems.dnd5e.features import sneak_attack_dice
from combat_tui.systems.dnd5e.model import Campaign, Creature, Weapon
from combat_tui.systems.dnd5e.targets import target_order
from combat_tui.systems.dnd5e.view import actor_index, actor_status


def _signed(value: int) -> str:
    return f"{'+' if value >= 0 else '-'} {abs(value)}"


def to_hit_text(p: AttackPreview) -> str:
    """`d20 + 4 DEX + 3 proficiency = +7`, or `d20 + 2 STR (not proficient) = +2`."""
    terms = f"d20 {_signed(p.ability_mod)} {p.ability}"
    terms += f" {_signed(p.proficiency)} proficiency" if p.proficient else " (not proficient)"
    if p.weapon_bonus:  # a +1 weapon, or a stat block's to-hit beyond the sum
        terms += f" {_signed(p.weapon_bonus)} weapon"
    return f"{terms} = {p.bonus:+d}"


class AttackDialog(RollDialog):
    """An attack by one combatant; dismissed with the weapon last chosen (the screen keeps it)."""

    CSS_PATH = "attack_dialog.tcss"
    PREFIX = "attack"
    ROW_ID = "row-"
    RESULT = ("Last roll", 4)
    ROWS = (
        ("target", "Target", "t"), ("weapon", "Weapon", "w"), ("mode", "Roll mode", "v"),
        ("options", "Options", ""), ("boxes", "Turn", ""), ("costs", "Costs", ""),
        ("hit", "To hit", ""), ("d20", "d20", ""), ("damage", "Damage", ""), ("note", "", ""), ("faces", "Dice", "d"),
        ("problem", "", ""),
    )  # fmt: skip

    BINDINGS = [
        Binding("t", "target", "Target", id="attack.target", tooltip="The next combatant that can be attacked"),
        Binding("slash", "find_target", "Find target", show=False, key_display="/", id="attack.find-target",
                tooltip="Pick the target by typing part of its name (g2, gob 2); F2 there shows the fallen"),
        Binding("w", "weapon", "Weapon", id="attack.weapon", tooltip="The attacker's next weapon"),
        Binding("v", "mode", "Roll mode", id="attack.mode", tooltip="Auto, Advantage, Disadvantage, Normal"),
        Binding("h", "throw", "Throw", id="attack.throw", tooltip="Throw the weapon: a ranged attack"),
        Binding("l", "long_range", "Long range", id="attack.long-range",
                tooltip="The target is past the normal range: disadvantage"),
        Binding("2", "two_handed", "Two-handed", id="attack.two-handed",
                tooltip="Hold the versatile weapon in two hands: its larger die"),
        Binding("o", "cover", "Cover", id="attack.cover", tooltip="No cover, half cover (+2 AC), three-quarters (+5 AC)"),
        Binding("s", "sneak", "Sneak Attack", id="attack.sneak", tooltip="Add Sneak Attack's dice on a hit"),
        Binding("k", "pack", "Pack Tactics", id="attack.pack", tooltip="An ally is within 5 feet of the target"),
        Binding("i", "ignore_cost", "Ignore action cost", id="attack.ignore-cost",
                tooltip="Swing although the turn cannot pay for it (a rule the app does not model)"),
        faces_key("attack"),
        *roll_keys("attack", "roll", "Roll", "Roll the attack (again after a roll)", "the roll"),
    ]  # fmt: skip
    READY_ACTION = "roll"  # the r of roll_keys: dimmed while the settings make no command

    def __init__(self, attacker: str, weapon: str | None = None, target: str | None = None, use: str = "") -> None:
        super().__init__()
        self.attacker = attacker
        self.use = use
        """`offhand`, `opportunity`, `legendary`, or empty for the Attack action."""
        self.cover = 0
        self.sneak = False
        self.pack = False
        self.ignore_cost = False
        self.weapon = weapon or ""
        self.target = target
        self.mode = ""
        self.thrown = False
        self.long_range = False
        self.two_handed = False
        self._weapons: tuple[Weapon, ...] = ()
        self._targets: list[str] = []
        """The combatants `t` cycles, the likeliest first: the foes standing nearest first, then the
        attacker's side (`targets.target_order`)."""

    # -- state down --------------------------------------------------------------------------

    def _take_state(self, session: Session, first: bool) -> None:
        state = session.state
        attacker = actor_index(state).get(self.attacker)
        weapons = attacker.weapons if attacker is not None else ()
        if self.use in ("opportunity", "offhand"):  # a melee swing; the off-hand one light too
            weapons = tuple(w for w in weapons if not w.ranged and (self.use != "offhand" or w.light))
        if weapons != self._weapons:
            self._weapons = weapons
            names = [w.name for w in weapons]
            if self.weapon not in names:
                self._choose_weapon(names[0] if names else "")
        self._targets = self._target_cycle(state)
        if first and self.target not in self._targets:  # not the inspected card: the first foe
            self.target = self._targets[0] if self._targets else None

    def _target_cycle(self, state: Campaign) -> list[str]:
        """The defeated and the dead are left out; `/` and F2 reach them by name."""
        return [ref for ref in target_order(state, self.attacker, "harm") if ref != self.attacker]

    # -- settings ----------------------------------------------------------------------------

    @property
    def chosen_weapon(self) -> Weapon | None:
        return next((w for w in self._weapons if w.name == self.weapon), None)

    def _choose_weapon(self, name: str) -> None:
        """A new weapon starts with its throw, long range and grip off."""
        self.weapon, self.thrown, self.long_range, self.two_handed = name, False, False, False

    def can_throw(self) -> bool:
        weapon = self.chosen_weapon
        return weapon is not None and weapon.thrown and not weapon.ranged

    def can_long_range(self) -> bool:
        weapon = self.chosen_weapon
        return weapon is not None and bool(weapon.long_range) and (weapon.ranged or self.thrown)

    def can_two_hand(self) -> bool:
        weapon = self.chosen_weapon
        return weapon is not None and bool(weapon.versatile)

    def command(self) -> Attack | None:
        """The Attack command the dialog's settings make, or None without a target or weapon."""
        if not self.target or not self.weapon:
            return None
        return Attack(
            self.attacker, self.target, self.weapon, self.mode,  # type: ignore[arg-type]
            self.thrown, self.long_range and self.can_long_range(), self.two_handed,
            self.use, self.ignore_cost, self.cover, self.sneak and self.can_sneak(), self.pack and self.can_pack(),  # type: ignore[arg-type]
        )  # fmt: skip

    def can_sneak(self) -> bool:
        """ref: Cover and Sneak Attack — "The Sneak Attack box shows when the attacker has the
        feature and has not used it this turn." """
        if self._state is None:
            return False
        attacker = actor_index(self._state).get(self.attacker)
        mine = self._state.fight.find(self.attacker) if self._state.fight else None
        return attacker is not None and sneak_attack_dice(attacker) > 0 and mine is not None and not mine.sneak_used

    def can_pack(self) -> bool:
        attacker = actor_index(self._state).get(self.attacker) if self._state else None
        return isinstance(attacker, Creature) and attacker.pack_tactics

    # -- showing -----------------------------------------------------------------------------

    def _show(self) -> None:
        state = self._state
        if state is None:
            return
        box = self.query_one("#attack-box")
        title = {"legendary": "Legendary action: attack with", "opportunity": "Opportunity attack with",
                 "offhand": "Off-hand attack with"}.get(self.use, "Attack with")  # fmt: skip
        box.border_title = f"{title} {self.weapon}" if self.weapon else title
        box.border_subtitle = self._labels.get(self.attacker, self.attacker)
        self._set("target", self._target_text(state))
        self._set("weapon", choices([(w.name, w.name) for w in self._weapons], self.weapon) or "No weapons")
        self._set("mode", choices(MODES, self.mode))
        self._set("options", self._options_text())
        self._set("boxes", self._boxes_text())
        command = self.command()
        cost, refusal = swing_cost(state, command) if command is not None else ("", "")
        self._set("costs", cost or (f"{refusal} Tick i Ignore action cost to go ahead." if refusal else ""),
                  "" if cost else "-problem")  # fmt: skip
        self._preview(state, command)
        self._set_ready(command is not None)

    def _preview(self, state: Campaign, command: Attack | None) -> None:
        """The rows of what the rules will use, from `attack.preview`, or the problem."""
        shown: AttackPreview | None = None
        problem = ""
        if command is None:
            problem = "No one to attack." if not self.target else f"{self._label(self.attacker)} has no weapon."
        else:
            try:
                shown = preview(state, command)
            except CommandRejected as error:
                problem = error.reason
        if shown is not None:
            ac = f"vs AC {shown.ac} ({shown.ac_how})" if shown.ac_how else f"vs AC {shown.ac}"
            self._set("hit", f"{to_hit_text(shown)} {ac}")
            self._set("d20", d20_text(shown.resolved))
            self._set("damage", shown.damage)
            note = f"{shown.auto_crit} target: a melee hit is a critical hit." if shown.auto_crit else ""
            self._set("note", note, "-note")
            problem = shown.problem
        else:
            for row in ("hit", "d20", "damage", "note"):
                self._set(row, "")
        target = actor_index(state).get(self.target) if self.target else None
        if not problem and target is not None and actor_status(target) in OUT:
            problem = f"{self._label(self.target)} is {actor_status(target)}: t picks another target."
        self._set("problem", problem, "-problem")

    def _faces_goes(self, command: Attack | None) -> str:
        """`d20 for the attack, then 1d8 + 4 piercing on a hit` (two d20s at advantage)."""
        if command is None or self._state is None:
            return "No attack to roll"
        try:
            shown = preview(self._state, command)
        except CommandRejected as error:
            return error.reason
        d20 = {"adv": "2 d20 (advantage)", "dis": "2 d20 (disadvantage)"}.get(shown.resolved.mode, "d20")
        return f"{d20} for the attack, then {shown.damage} on a hit"

    def _target_text(self, state: Campaign) -> Content | str:
        if not self.target:
            return "No one"
        actor = actor_index(state).get(self.target)
        if actor is None:
            return self._label(self.target)
        status = actor_status(actor)
        more = f"{actor.hp}/{actor.max_hp} HP" + (f", {status}" if status else "")
        at = self._targets.index(self.target) + 1 if self.target in self._targets else 0
        count = f"   ({at} of {len(self._targets)})" if at and len(self._targets) > 1 else ""
        return Content.assemble((self._label(self.target), "bold"), (f"  {more}{count}", "$text-muted"))

    def _options_text(self) -> Content | str:
        parts: list = []
        for shown, on, key, name in (
            (self.can_throw(), self.thrown, "h", "Throw"),
            (self.can_long_range(), self.long_range, "l", "Long range"),
            (self.can_two_hand(), self.two_handed, "2", "Two-handed"),
        ):
            if shown:
                parts += [*tick_box(on, key, name), "   "]
        return Content.assemble(*parts).rstrip() if parts else ""

    def _boxes_text(self) -> Content:
        """Issue 6's boxes: Sneak Attack, Pack Tactics, Ignore action cost, and the cover."""
        parts: list = []
        attacker = actor_index(self._state).get(self.attacker) if self._state else None
        dice = sneak_attack_dice(attacker) if attacker is not None else 0
        sneak = f"Sneak Attack (+{dice}d6)" if self.mode != "dis" else "Sneak Attack (not at disadvantage)"
        cover = {0: "No cover", 2: "Half cover +2", 5: "Three-quarters cover +5"}[self.cover]
        for shown, on, key, name in (
            (self.can_sneak(), self.sneak and self.mode != "dis", "s", sneak),
            (self.can_pack(), self.pack, "k", "Pack Tactics"),
            (True, self.ignore_cost, "i", "Ignore action cost"),
        ):
            if shown:
                parts += [*tick_box(on, key, name), "   "]
        parts.extend((("o", KEY), f" {cover}"))
        return Content.assemble(*parts)

    # -- keys --------------------------------------------------------------------------------

    def _changed(self, bindings: bool = False) -> None:
        self._show()
        self._show_faces()
        if bindings:
            self.refresh_bindings()

    def action_target(self) -> None:
        if not self._targets:
            refuse(self, "target")
            return
        self.target = cycle(self._targets, self.target)
        self._changed()

    def action_find_target(self) -> None:
        def picked(ref: str) -> None:
            self.target = ref
            self._changed()

        if self._state is not None:
            find_target(self, f"Target of {self._label(self.attacker)}", self._state, self.attacker, "harm",
                        self._labels, picked, leave_out=(self.attacker,), first=self.target)  # fmt: skip

    def action_weapon(self) -> None:
        names = [w.name for w in self._weapons]
        if len(names) < 2:
            refuse(self, "weapon")
            return
        self._choose_weapon(cycle(names, self.weapon))
        self._changed(bindings=True)

    def action_mode(self) -> None:
        self.mode = next_mode(self.mode)
        self._changed()

    def action_throw(self) -> None:
        self.thrown = not self.thrown
        if self.thrown:
            self.two_handed = False  # a weapon is not thrown two-handed
        elif not self.can_long_range():
            self.long_range = False
        self._changed(bindings=True)

    def action_long_range(self) -> None:
        self.long_range = not self.long_range
        self._changed()

    def action_two_handed(self) -> None:
        self.two_handed = not self.two_handed
        if self.two_handed and self.thrown:
            self.thrown = self.long_range = False
        self._changed(bindings=True)

    def action_cover(self) -> None:
        self.cover = {0: 2, 2: 5, 5: 0}[self.cover]
        self._changed()

    def action_sneak(self) -> None:
        if self.mode == "dis":  # "When you pick Disadvantage in the dialog, the box is disabled"
            refuse(self, "sneak")
            return
        self.sneak = not self.sneak
        self._changed()

    def action_pack(self) -> None:
        self.pack = not self.pack
        self._changed()

    def action_ignore_cost(self) -> None:
        self.ignore_cost = not self.ignore_cost
        self._changed()

    def action_roll(self) -> None:
        command = self.command()
        if command is None:
            refuse(self, "roll")
            return
        state = self._state
        target = actor_index(state).get(command.target) if state else None
        # ref: Redirect Attack — the dialog before the roll (the app runs as the GM's tab)
        if not ask_redirect(self, state, target, self.attacker, command, self._label, self._post):
            self._post(command)

    def action_close(self) -> None:
        self.dismiss(self.weapon or None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "throw":
            return self.can_throw()
        if action == "long_range":
            return self.can_long_range()
        if action == "two_handed":
            return self.can_two_hand()
        if action == "sneak":
            return self.can_sneak()
        if action == "pack":
            return self.can_pack()
        return super().check_action(action, parameters)

    def refusal(self, action: str, parameters: tuple[object, ...]) -> Reason:
        """Why a key is refused now (screens/refusals.py shows it when pressed)."""
        return key_reasons.attack(self, action, parameters)
