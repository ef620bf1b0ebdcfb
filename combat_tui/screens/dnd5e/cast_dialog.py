"""CastDialog: one 5e spell cast with every term the rules will use (ref: Cast dialog).

The keyboard equivalent of the reference's cast dialog: the spell (its level and the slots left),
the slot level, the targets, the Roll mode of a spell attack or of every target's save, and the
Ignore armor box (ref: Armor proficiency — "The cast dialog offers an Ignore armor box, which
casts anyway"), shown only while the caster wears armor it is not proficient with. A spell whose
caster picks a damage type (Protection from Energy) gets a Type row.

The preview shows what the rules will use: "Spell attack +7 vs AC 15 (stat block)" with the
reasons for the d20 of the first target, or "DC 15 Dexterity save" with each target's save slant
or automatic failure; the dice at the chosen slot, half on a save, the chip the spell puts on, and
the refusal the rules would give (a dry run of the pure rules on throwaway dice), with a hint for
the Ignore armor box. Every number comes from the core; the dialog keeps no game state, only its
own settings.

Casting posts the `Cast` command; the app runs it (or shows the refusal). The dialog then shows
the travelogue lines of the cast and stays open; `r` casts again with the same settings.

Keys: s spell (S back), l slot level, t target cursor (T back), space toggles the target under the
cursor, v roll mode, i ignore armor, o damage type, r or Enter cast, u undo and U redo (the app's
letters stop at a modal screen), c or Esc close.

The rows' text is in `cast_text`, what the settings may be in `cast_settings`, and the plumbing
the attack dialog shares (rows, result box, undo and redo) in `roll_dialog`.
"""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.content import Content

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.history import Entry
from combat_tui.core.session import Session
from combat_tui.screens.dnd5e import cast_text as text
from combat_tui.screens.dnd5e.cast_settings import (
    HARMFUL,
    ROLLED,
    default_targets,
    slot_levels,
    slot_to_spend,
    spell_list,
    spell_named,
    target_order,
    usable,
)
from combat_tui.screens.dnd5e.legendary_resistance_dialog import ask_legendary_resistance
from combat_tui.screens.dnd5e.redirect_dialog import ask_redirect
from combat_tui.screens.dnd5e.roll_dialog import MODES, RollDialog, choices, cycle, next_mode, roll_keys, tick_box
from combat_tui.systems.dnd5e.armor import untrained_armor
from combat_tui.systems.dnd5e.commands import Cast
from combat_tui.systems.dnd5e.data.spells import Spell, find_spell
from combat_tui.systems.dnd5e.model import Actor, Campaign
from combat_tui.systems.dnd5e.view import actor_index

BOX_WIDTH = 78
"""The width of the dialog's box (attack_dialog.tcss's too), less on a narrower terminal."""
VALUE_INSET = 2 + 2 + 12 + 1
"""Columns of the box that the value column does not get: borders, padding, label, scrollbar."""


class CastDialog(RollDialog):
    """A spell cast by one combatant; dismissed with the spell last chosen (the screen keeps it)."""

    CSS_PATH = "cast_dialog.tcss"
    PREFIX = "cast"
    ROW_ID = "cast-row-"
    RESULT = ("Last cast", 8)
    ROWS = (
        ("spell", "Spell", "s"), ("slot", "Slot", "l"), ("targets", "Targets", "t"), ("cursor", "", ""),
        ("mode", "Roll mode", "v"), ("armor", "", ""), ("option", "Type", "o"), ("cost", "", ""),
        ("roll", "", ""), ("d20", "", ""), ("dice", "", ""), ("chip", "", ""), ("problem", "", ""),
    )  # fmt: skip

    BINDINGS = [
        Binding("s", "spell(1)", "Spell", id="cast.spell", tooltip="The caster's next spell"),
        Binding("S", "spell(-1)", "Previous spell", show=False, id="cast.spell-back"),
        Binding("l", "slot", "Slot", id="cast.slot", tooltip="The next slot level with a slot left"),
        Binding("t", "cursor(1)", "Target", id="cast.cursor", tooltip="Move the target cursor to the next combatant"),
        Binding("T", "cursor(-1)", "Previous target", show=False, id="cast.cursor-back"),
        Binding("space", "toggle", "Toggle", key_display="space", id="cast.toggle",
                tooltip="Add or take off the combatant under the cursor as a target"),
        Binding("v", "mode", "Roll mode", id="cast.mode", tooltip="Auto, Advantage, Disadvantage, Normal"),
        Binding("i", "ignore_armor", "Ignore armor", show=False, id="cast.ignore-armor",
                tooltip="Cast although the caster wears armor it is not proficient with"),
        Binding("o", "option", "Type", show=False, id="cast.option", tooltip="The damage type the caster picks"),
        Binding("p", "repeat", "Repeat (no slot)", show=False, id="cast.repeat",
                tooltip="Hunter's Mark: move the caster's mark to the target for a bonus action and no slot"),
        Binding("x", "ignore_cost", "Ignore action cost", show=False, id="cast.ignore-cost",
                tooltip="Cast although the turn cannot pay for it, or the casting time is longer than a turn"),
        *roll_keys("cast", "cast", "Cast", "Cast the spell (again after a cast)", "the cast"),
    ]  # fmt: skip
    """`i` and `o` are shown on their own rows, which appear only when they apply; the key bar
    keeps to what fits 80 columns."""
    READY_ACTION = "cast"  # the r of roll_keys: dimmed while the settings make no command

    def __init__(self, caster: str, spell: str | None = None, target: str | None = None) -> None:
        super().__init__()
        self.caster = caster
        self.spell = spell or ""
        """The chosen spell's name."""
        self.level = 0
        """The chosen slot level; 0 is the lowest with a slot left."""
        self.targets: list[str] = []
        """The chosen targets, in the order they were ticked (Magic Missile's darts follow it)."""
        self.cursor: str | None = None
        self.mode = ""
        self.ignore_armor = False
        self.option = ""
        self.ignore_cost = False
        self.repeat = False
        """Hunter's Mark's Repeat (no slot)."""
        self.resist: tuple[str, ...] = ()
        """Targets that spend a legendary resistance (the GM's Succeed instead)."""
        self._inspected = target
        self._system = None
        self._spells: list[Spell] = []
        self._order: list[str] = []
        """The combatants the cursor walks: the caster's foes first, then its side, in turn order."""
        self._foes: set[str] = set()

    # -- state down --------------------------------------------------------------------------

    def _take_state(self, session: Session, first: bool) -> None:
        self._system = session.system
        self._spells = spell_list(self.caster_actor)
        self._order, self._foes = target_order(session.state.fight, self.caster)
        if first:
            self._choose_spell(spell_named(self._spells, self.spell), first=True)
        if self.level and self.chosen_spell is not None and self.level not in self.slot_levels():
            self.level = 0  # the chosen level ran out: back to the lowest left

    def _result_arrived(self, session: Session, entry: Entry) -> None:
        self.resist = ()  # a Succeed instead counts for that one cast only
        ask_legendary_resistance(self, session, entry, self._label, self._recast)

    def _recast(self, command: Cast) -> None:
        """Cast again, on the forced dice, with the creatures that spend a legendary resistance."""
        self.resist = command.resist
        self._post(command)

    # -- settings ----------------------------------------------------------------------------

    @property
    def caster_actor(self) -> Actor | None:
        return actor_index(self._state).get(self.caster) if self._state is not None else None

    @property
    def chosen_spell(self) -> Spell | None:
        return find_spell(self.spell) if self.spell else None

    def slot_levels(self) -> list[int]:
        """The levels `l` cycles (see `cast_settings.slot_levels`)."""
        return slot_levels(self.chosen_spell, self.caster_actor)

    def slot(self) -> int:
        """The slot level the cast will spend (the lowest left when none was chosen)."""
        return slot_to_spend(self.chosen_spell, self.slot_levels(), self.level)

    def _choose_spell(self, name: str, first: bool = False) -> None:
        """A new spell starts at its lowest slot. Its targets stay while they suit it (a foe for a
        harmful spell, a friend for a helpful one), cut to the number it takes."""
        before = self.chosen_spell
        self.spell, self.level = name, 0
        spell = self.chosen_spell
        if spell is None:
            return
        harmful = spell.kind in HARMFUL
        if first:
            self.targets = self._default_targets(spell, self._inspected)
        elif before is None or (before.kind in HARMFUL) != harmful or not self.targets:
            inspected = self._inspected
            if inspected is not None and (inspected in self._foes) != harmful:
                inspected = None
            self.targets = self._default_targets(spell, inspected)
        if spell.max_targets:
            self.targets = self.targets[: spell.max_targets]
        if spell.choose_type and self.option not in spell.choose_type:
            self.option = spell.choose_type[0]
        if self.targets:
            self.cursor = self.targets[0]
        elif self.cursor is None and self._order:
            self.cursor = self._order[0]

    def _default_targets(self, spell: Spell, inspected: str | None) -> list[str]:
        actors = actor_index(self._state)
        return default_targets(spell, inspected, self._order, self._foes, actors, self.caster)

    def command(self) -> Cast | None:
        """The Cast command the dialog's settings make, or None without a spell or a target."""
        spell = self.chosen_spell
        if spell is None or not self.targets:
            return None
        return Cast(
            self.caster, spell.name, self.level, tuple(self.targets),
            self.mode if spell.kind in ROLLED else "",  # type: ignore[arg-type]
            self.ignore_armor and bool(untrained_armor(self.caster_actor)),
            self.option if spell.choose_type else "",
            self.ignore_cost, tuple(ref for ref in self.resist if ref in self.targets),
            self.repeat and self.can_repeat(),
        )  # fmt: skip

    def can_repeat(self) -> bool:
        spell = self.chosen_spell
        return spell is not None and spell.name == "Hunter's Mark"

    # -- showing -----------------------------------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        """The target list is laid out in lines for the box's width."""
        self._show()

    def _show(self) -> None:
        state = self._state
        if state is None or not self.is_mounted:
            return
        caster = self.caster_actor
        spell = self.chosen_spell
        box = self.query_one("#cast-box")
        box.border_title = f"Cast {spell.name}" if spell else "Cast a spell"
        box.border_subtitle = self._label(self.caster)
        self._show_settings(caster, spell)
        self._preview(state, caster, spell)
        self._set_ready(self.command() is not None)

    def _show_settings(self, caster: Actor | None, spell: Spell | None) -> None:
        """The rows of what the GM picks: spell, slot, targets, Roll mode, Ignore armor, Type."""
        if spell is not None:
            self._set("spell", text.spell_text(spell, self._spells, bool(spell.level and not self.slot_levels())))
        else:
            self._set("spell", "No spells")
        self._set("slot", text.slot_text(spell, caster, self.slot_levels(), self.slot()) if spell else "")
        width = max(20, min(BOX_WIDTH, self.app.size.width) - VALUE_INSET)
        actors = actor_index(self._state)
        self._set("targets", text.targets_text(self._order, self.targets, self.cursor, actors, self._label, width))
        under = actors.get(self.cursor) if self.cursor is not None else None
        if under is not None:
            self._set("cursor", text.cursor_text(under, self._label(self.cursor), spell, len(self.targets)))
        else:
            self._set("cursor", "")
        rolled = spell is not None and spell.kind in ROLLED
        self._set("mode", choices(MODES, self.mode) if rolled else "")
        armor = untrained_armor(caster) if caster is not None else ()
        ticked = tick_box(self.ignore_armor, "i", f"Ignore armor ({', '.join(armor)})")
        self._set("armor", Content.assemble(*ticked) if armor else "")
        if spell is not None and spell.choose_type:
            self._set("option", choices([(t, t) for t in spell.choose_type], self.option))
        else:
            self._set("option", "")

    # -- the preview -------------------------------------------------------------------------

    def _preview(self, state: Campaign, caster: Actor | None, spell: Spell | None) -> None:
        if spell is None or caster is None:
            for row in ("roll", "d20", "dice", "chip"):
                self._set(row, "")
            self._set("problem", f"{self._label(self.caster)} knows no spells.", "-problem")
            return
        actors = actor_index(state)
        targets = [actors[ref] for ref in self.targets if ref in actors]
        self._label_row("roll", {"attack": "Attack", "save": "Save"}.get(spell.kind, "Kind"))
        roll, reasons = text.roll_texts(state, caster, spell, targets, self.mode, self._label)
        self._label_row("d20", "d20" if spell.kind == "attack" else "Saves")
        self._set("roll", roll)
        self._set("d20", reasons)
        self._label_row("dice", text.dice_label(spell))
        self._set("dice", text.dice_text(caster, spell, self.slot()))
        self._label_row("chip", "Chip")
        self._set("chip", text.chip_text(spell, self.option))
        self._show_cost(self._problem(state, caster, spell))

    def _show_cost(self, problem: str) -> None:
        """ref: Action, bonus action, and reaction — the dialog refuses a cast the turn cannot pay
        for and offers Ignore action cost (x); the box shows once it is needed or ticked."""
        costly = "spent" in problem or "longer than a turn" in problem
        parts: list = []
        if self.can_repeat():  # ref: Damage riders on hits — "pick Repeat (no slot)"
            parts += [*tick_box(self.repeat, "p", "Repeat (no slot)"), "   "]
        if costly or self.ignore_cost:
            parts += tick_box(self.ignore_cost, "x", "Ignore action cost")
        self._set("cost", Content.assemble(*parts).rstrip() if parts else "")
        self._set("problem", problem + (" x ticks Ignore action cost." if costly else ""), "-problem")

    def _problem(self, state: Campaign, caster: Actor, spell: Spell) -> str:
        """What the rules would refuse, from a dry run of the pure rules on throwaway dice."""
        if not self.targets:
            return "No target: t moves the cursor, space picks."
        if spell.kind in HARMFUL:
            actors = actor_index(state)
            out = [self._label(ref) for ref in self.targets if ref in self._foes and not usable(actors, ref)]
            if len(out) == 1:
                return f"{out[0]} is defeated: space on it takes it off."
            if out:
                return f"{', '.join(out[:-1])} and {out[-1]} are defeated: space on each takes it off."
        try:
            self._system.apply(state, self.command(), Dice(0))
        except CommandRejected as error:
            if untrained_armor(caster) and not self.ignore_armor:
                return f"{error.reason} i ticks Ignore armor to cast anyway."
            return error.reason
        return ""

    # -- keys --------------------------------------------------------------------------------

    def _changed(self, row: str, bindings: bool = False) -> None:
        """Show the change, and scroll its row into view (a cast's result may have scrolled the
        settings off a short terminal)."""
        self._show()
        if bindings:
            self.refresh_bindings()
        box = self.query_one("#cast-box")
        if box.max_scroll_y:
            box.scroll_to_widget(self.query_one(f"#cast-row-{row}"), animate=False, immediate=True)

    def action_spell(self, step: int) -> None:
        if len(self._spells) < 2:
            self.app.bell()
            return
        self._choose_spell(cycle([s.name for s in self._spells], self.spell, step))
        self._changed("spell", bindings=True)

    def action_slot(self) -> None:
        levels = self.slot_levels()
        if len(levels) < 2:
            self.app.bell()
            return
        self.level = cycle(levels, self.slot())
        self._changed("slot")

    def action_cursor(self, step: int) -> None:
        if not self._order:
            self.app.bell()
            return
        self.cursor = cycle(self._order, self.cursor, step)
        self._changed("targets")

    def action_toggle(self) -> None:
        spell = self.chosen_spell
        if self.cursor is None or spell is None:
            self.app.bell()
            return
        if self.cursor in self.targets:
            self.targets.remove(self.cursor)
        elif spell.max_targets == 1:
            self.targets = [self.cursor]  # one target: space picks it instead
        elif spell.max_targets and len(self.targets) >= spell.max_targets:
            self.app.bell()
            self.notify(f"{spell.name} takes at most {spell.max_targets} targets: space takes one off first.",
                        timeout=4, markup=False)  # fmt: skip
            return
        else:
            self.targets.append(self.cursor)
        self._changed("targets", bindings=True)

    def action_mode(self) -> None:
        self.mode = next_mode(self.mode)
        self._changed("mode")

    def action_repeat(self) -> None:
        self.repeat = not self.repeat
        self._changed("cost")

    def action_ignore_cost(self) -> None:
        self.ignore_cost = not self.ignore_cost
        self._changed("cost")

    def action_ignore_armor(self) -> None:
        self.ignore_armor = not self.ignore_armor
        self._changed("armor")

    def action_option(self) -> None:
        spell = self.chosen_spell
        if spell is None or not spell.choose_type:
            return
        self.option = cycle(spell.choose_type, self.option)
        self._changed("option")

    def action_cast(self) -> None:
        command = self.command()
        if command is None:
            self.app.bell()
            return
        spell, state = self.chosen_spell, self._state
        target = state.actor(command.targets[0]) if state is not None and len(command.targets) == 1 else None
        # ref: Redirect Attack — the dialog opens for an attack spell too, before the roll
        attack_spell = spell is not None and spell.kind == "attack"
        if not ask_redirect(self, state, target if attack_spell else None, self.caster, command, self._label, self._post):
            self._post(command)

    def action_close(self) -> None:
        self.dismiss(self.spell or None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.is_mounted or self._state is None:
            return True
        spell = self.chosen_spell
        if action == "slot":
            return spell is not None and spell.level > 0
        if action == "mode":
            return spell is not None and spell.kind in ROLLED
        if action == "ignore_armor":
            return bool(untrained_armor(self.caster_actor))
        if action == "ignore_cost":
            return True
        if action == "repeat":
            return self.can_repeat()
        if action == "option":
            return spell is not None and bool(spell.choose_type)
        return super().check_action(action, parameters)
