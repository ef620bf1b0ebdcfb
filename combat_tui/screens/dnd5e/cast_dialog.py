"""CastDialog: one 5e spell cast with every term the rules will use (ref: Cast dialog).

The keyboard equivalent of the reference's cast dialog: the spell (its level and the slots left;
any spell of the catalog, the SRD's and the app's own), its casting time, range, area, duration
and concentration, the slot level (a higher one upcasts), the targets, the Roll mode of a spell
attack or of every target's save, and the Ignore armor box (ref: Armor proficiency — "The cast
dialog offers an Ignore armor box, which casts anyway"), shown only while the caster wears armor
it is not proficient with. A spell whose caster picks a damage type (Protection from Energy) gets
a Type row. A creature's ready save actions are listed before its spells (ref: Creature actions —
"It opens the cast dialog with the DC of the action, spends no slot, and costs the Action").

The targets are a checklist: `t` moves the cursor, space ticks, `a` ticks every foe standing
(an area such as Fireball: one save each), `/` finds a combatant by typing its name. A spell of
darts or rays (Magic Missile, Scorching Ray, Eldritch Blast) gives each dart its target: space
adds a dart on the combatant under the cursor, `-` takes one off, and the darts not given go
round the targets in order, as the rules send them.

The preview shows what the rules will use: "Spell attack +7 vs AC 15 (stat block)" with the
reasons for the d20 of the first target, or "DC 15 Dexterity save" with each target's save slant
or automatic failure; the dice at the chosen slot (a cantrip's at the caster's level), half on a
save, the chip the spell puts on, what the GM applies by hand (the record's note), and the
refusal the rules would give (a dry run of the pure rules on throwaway dice), with a hint for the
Ignore armor box. Every number comes from the core; the dialog keeps no game state, only its own
settings.

Casting posts the `Cast` command (a creature action: `UseCreatureAction`) through `_post_cast`,
the one place the dialog hands a final command to the session; the app runs it (or shows the
refusal). The dialog then shows the travelogue lines of the cast and stays open; `r` casts again
with the same settings.

Keys: s spell (S back), f finds a spell by name, l slot level, t target cursor (T back), space
ticks the target under the cursor (a dart more for a spell of darts), - a dart less, a every foe,
/ finds a target, v roll mode, i ignore armor, o damage type, d the dice rolled at the table (a
save spell's go to the targets' saves in order: `cast_faces`), r or Enter cast, u undo and U redo
(the app's letters stop at a modal screen), c or Esc close.

The rows' text is in `cast_text`, what the settings may be in `cast_settings`, and the plumbing
the attack dialog shares (rows, result box, undo and redo) in `roll_dialog`.
"""

from __future__ import annotations

from attrs import evolve
from textual import events
from textual.binding import Binding
from textual.content import Content

from combat_tui.core.history import Entry
from combat_tui.core.session import Session
from combat_tui.screens.dnd5e import cast_text as text
from combat_tui.screens.dnd5e import key_reasons
from combat_tui.screens.dnd5e.cast_faces import CastFaces
from combat_tui.screens.dnd5e.cast_preview import CastPreview
from combat_tui.screens.dnd5e.cast_settings import (
    DARTS,
    HARMFUL,
    ROLLED,
    darts_on,
    find_action,
    level_groups,
    most_targets,
    slot_levels,
    slot_to_spend,
    spell_list,
    spell_named,
    unknown_spells,
)
from combat_tui.screens.dnd5e.cast_targets import CastTargetKeys
from combat_tui.screens.dnd5e.legendary_resistance_dialog import ask_legendary_resistance
from combat_tui.screens.dnd5e.redirect_dialog import ask_redirect
from combat_tui.screens.dnd5e.roll_dialog import MODES, RollDialog, choices, cycle, next_mode, roll_keys, tick_box
from combat_tui.screens.dnd5e.roll_faces import faces_key
from combat_tui.screens.dnd5e.target_finder import SpellFinder
from combat_tui.screens.refusals import Reason, refuse
from combat_tui.systems.dnd5e.armor import untrained_armor
from combat_tui.systems.dnd5e.catalog import spell_of
from combat_tui.systems.dnd5e.commands import Cast, UseCreatureAction
from combat_tui.systems.dnd5e.concentration import concentrating_on
from combat_tui.systems.dnd5e.data.spells import Spell
from combat_tui.systems.dnd5e.model import Actor, CreatureAction
from combat_tui.systems.dnd5e.spell_text import described, needs_target
from combat_tui.systems.dnd5e.view import actor_index

BOX_WIDTH = 78
"""The width of the dialog's box (attack_dialog.tcss's too), less on a narrower terminal."""
VALUE_INSET = 2 + 2 + 12 + 1
"""Columns of the box that the value column does not get: borders, padding, label, scrollbar."""


class CastDialog(CastFaces, CastPreview, CastTargetKeys, RollDialog):
    """A spell cast by one combatant; dismissed with the spell last chosen (the screen keeps it)."""

    CSS_PATH = "cast_dialog.tcss"
    PREFIX = "cast"
    ROW_ID = "cast-row-"
    RESULT = ("Last cast", 8)
    ROWS = (
        ("spell", "Spell", "s"), ("about", "Casting", ""), ("slot", "Slot", "l"), ("targets", "Targets", "t"),
        ("cursor", "", ""), ("mode", "Roll mode", "v"), ("armor", "", ""), ("option", "Type", "o"), ("cost", "", ""),
        ("roll", "", ""), ("d20", "", ""), ("dice", "", ""), ("chip", "", ""), ("note", "By hand", ""),
        ("faces", "Dice", "d"), ("problem", "", ""),
    )  # fmt: skip

    BINDINGS = [
        Binding("s", "spell(1)", "Spell", id="cast.spell", tooltip="The caster's next spell"),
        Binding("S", "spell(-1)", "Previous spell", show=False, id="cast.spell-back"),
        Binding("f", "find_spell", "Find spell", show=False, id="cast.find-spell",
                tooltip="Pick one of the caster's spells by typing part of its name"),
        Binding("l", "slot", "Slot", id="cast.slot", tooltip="The next slot level with a slot left"),
        Binding("t", "cursor(1)", "Target", id="cast.cursor", tooltip="Move the target cursor to the next combatant"),
        Binding("T", "cursor(-1)", "Previous target", show=False, id="cast.cursor-back"),
        Binding("space", "toggle", "Toggle", key_display="space", id="cast.toggle",
                tooltip="Tick or untick the combatant under the cursor (a dart more on it for darts and rays)"),
        Binding("minus,backspace", "dart_off", "Dart off", show=False, key_display="-", id="cast.dart-off",
                tooltip="Take one dart or ray off the combatant under the cursor"),
        Binding("a", "all_targets", "All", id="cast.all",
                tooltip="Tick every foe still standing (every ally for a helpful spell); again unticks them"),
        Binding("slash", "find_target", "Find target", show=False, key_display="/", id="cast.find-target",
                tooltip="Move the cursor to a combatant by typing its name, and tick it"),
        Binding("v", "mode", "Roll mode", id="cast.mode", tooltip="Auto, Advantage, Disadvantage, Normal"),
        Binding("i", "ignore_armor", "Ignore armor", show=False, id="cast.ignore-armor",
                tooltip="Cast although the caster wears armor it is not proficient with"),
        Binding("o", "option", "Type", show=False, id="cast.option", tooltip="The damage type the caster picks"),
        Binding("p", "repeat", "Repeat (no slot)", show=False, id="cast.repeat",
                tooltip="Hunter's Mark: move the caster's mark to the target for a bonus action and no slot"),
        Binding("x", "ignore_cost", "Ignore action cost", show=False, id="cast.ignore-cost",
                tooltip="Cast although the turn cannot pay for it, or the casting time is longer than a turn"),
        faces_key("cast", show=False),
        *roll_keys("cast", "cast", "Cast", "Cast the spell (again after a cast)", "the cast"),
    ]  # fmt: skip
    """`i` and `o` are shown on their own rows, which appear only when they apply, and `a` only
    for a spell of several targets; `d` (Dice) is named on its row once opened; `-` is named when
    every dart has a target; the key bar keeps to what fits 80 columns (the palette lists every key)."""
    READY_ACTION = "cast"  # the r of roll_keys: dimmed while the settings make no command

    def __init__(self, caster: str, spell: str | None = None, target: str | None = None) -> None:
        super().__init__()
        self.caster = caster
        self.spell = spell or ""
        """The chosen spell's name (or the creature action's)."""
        self.level = 0
        """The chosen slot level; 0 is the lowest with a slot left."""
        self.targets: list[str] = []
        """The chosen targets, in the order they were ticked; for a spell of darts or rays one
        entry a dart, a target named once per dart it takes (`on A, A, B`)."""
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
        self._spells = spell_list(self.caster_actor, session.state)
        self._order, self._foes = self._walk_order(session.state)
        if first:
            self._choose_spell(spell_named(self._spells, self.spell), first=True)
            unknown = unknown_spells(self.caster_actor, session.state)
            if unknown:
                self.notify(f"Not in the spell list of the app: {', '.join(unknown)}.", timeout=4, markup=False)
        elif self.spell and self.spell not in [s.name for s in self._spells]:
            self._choose_spell(spell_named(self._spells, self.spell))  # a recharging action left the list
            self.refresh_bindings()
        if self.level and self.chosen_spell is not None and self.level not in self.slot_levels():
            self.level = 0  # the chosen level ran out: back to the lowest left
        self._fit_darts()

    def _result_arrived(self, session: Session, entry: Entry) -> None:
        self.resist = ()  # a Succeed instead counts for that one cast only
        ask_legendary_resistance(self, session, entry, self._label, self._recast)

    def _recast(self, command: Cast | UseCreatureAction) -> None:
        """Cast again, on the forced dice, with the creatures that spend a legendary resistance
        (the command keeps every other answer it was posted with)."""
        self.resist = command.resist
        self._post_cast(command)

    # -- settings ----------------------------------------------------------------------------

    @property
    def caster_actor(self) -> Actor | None:
        return actor_index(self._state).get(self.caster) if self._state is not None else None

    @property
    def chosen_action(self) -> CreatureAction | None:
        """The creature's save action chosen instead of a spell, or None."""
        return find_action(self.caster_actor, self.spell) if self.spell else None

    @property
    def chosen_spell(self) -> Spell | None:
        """The chosen spell's record as the rules read it (a creature action as a spell-like one)."""
        if not self.spell:
            return None
        if self.chosen_action is not None:
            return next((s for s in self._spells if s.name == self.chosen_action.name), None)
        return spell_of(self._state, self.spell)

    def slot_levels(self) -> list[int]:
        """The levels `l` cycles (see `cast_settings.slot_levels`)."""
        return slot_levels(self.chosen_spell, self.caster_actor)

    def slot(self) -> int:
        """The slot level the cast will spend (the lowest left when none was chosen)."""
        return slot_to_spend(self.chosen_spell, self.slot_levels(), self.level)

    def limit(self) -> int:
        """How many entries the target list may hold now (0: any number)."""
        spell = self.chosen_spell
        return most_targets(spell, self.slot(), self.caster_actor) if spell is not None else 1

    def darts(self) -> int:
        """How many darts or rays the cast sends (0 for a spell of neither)."""
        spell = self.chosen_spell
        return self.limit() if spell is not None and spell.kind in DARTS else 0

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
        elif before is None or (before.kind in HARMFUL) != harmful or not self.targets or spell.kind == "utility":
            inspected = self._inspected
            if inspected is not None and (inspected in self._foes) != harmful:
                inspected = None
            self.targets = self._default_targets(spell, inspected)
        if spell.kind not in DARTS:
            self.targets = list(dict.fromkeys(self.targets))  # a dart spell's repeats are one target each
        self._fit_darts()
        if spell.max_targets and spell.kind not in DARTS:
            self.targets = self.targets[: self.limit()]
        if spell.choose_type and self.option not in spell.choose_type:
            self.option = spell.choose_type[0]
        if self.targets:
            self.cursor = self.targets[0]
        elif self.cursor is None and self._order:
            self.cursor = self._order[0]

    def _fit_darts(self) -> None:
        """No more entries than darts (a lower slot sends fewer)."""
        darts = self.darts()
        if darts and len(self.targets) > darts:
            del self.targets[darts:]

    def _default_targets(self, spell: Spell, inspected: str | None) -> list[str]:
        return self._likeliest(spell, inspected)  # cast_targets: the likeliest target first

    def command(self) -> Cast | UseCreatureAction | None:
        """The command the dialog's settings make, or None without a spell or a target it needs."""
        spell = self.chosen_spell
        if spell is None or (not self.targets and needs_target(spell)):
            return None
        mode = self.mode if spell.kind in ROLLED else ""
        resist = tuple(ref for ref in self.resist if ref in self.targets)
        action = self.chosen_action
        if action is not None:
            return UseCreatureAction(self.caster, action.name, tuple(self.targets), mode,  # type: ignore[arg-type]
                                     self.ignore_cost, resist)  # fmt: skip
        return Cast(
            self.caster, spell.name, self.level, tuple(self.targets), mode,  # type: ignore[arg-type]
            ignore_armor=self.ignore_armor and bool(untrained_armor(self.caster_actor)),
            option=self.option if spell.choose_type else "",
            ignore_cost=self.ignore_cost, resist=resist, repeat=self.repeat and self.can_repeat(),
        )  # fmt: skip

    def can_repeat(self) -> bool:
        spell = self.chosen_spell
        return spell is not None and spell.name == "Hunter's Mark"

    def _shown_spell(self, spell: Spell) -> Spell:
        """The record as the rows show it: the library's description filled in, the picked type."""
        if self.chosen_action is None:
            spell = described(spell)
        if spell.choose_type and spell.kind != "chip" and self.option in spell.choose_type:
            spell = evolve(spell, damage_type=self.option)
        return spell

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
        shown = self._shown_spell(spell) if spell is not None else None
        self._show_settings(caster, shown)
        self._preview(state, caster, shown)
        self._set_ready(self.command() is not None)

    def _show_settings(self, caster: Actor | None, spell: Spell | None) -> None:
        """The rows of what the GM picks: spell, slot, targets, Roll mode, Ignore armor, Type."""
        action = self.chosen_action
        if spell is not None:
            no_slot = bool(spell.level and not self.slot_levels())
            self._set("spell", text.spell_text(spell, self._spells, no_slot, self.slot(), action))
            concentrating = concentrating_on(caster) if caster is not None else ""
            self._set("about", text.about_row(spell, concentrating, action))
        else:
            self._set("spell", "No spells")
            self._set("about", "")
        slot = text.slot_text(spell, caster, self.slot_levels(), self.slot(), action is not None) if spell else ""
        self._set("slot", slot)
        width = max(20, min(BOX_WIDTH, self.app.size.width) - VALUE_INSET)
        actors = actor_index(self._state)
        darts = self.darts()
        landed = darts_on(self.targets, darts) if darts else None
        listed = text.targets_text(self._order, self.targets, self.cursor, actors, self._label, width, landed)
        self._set("targets", listed)
        under = actors.get(self.cursor) if self.cursor is not None else None
        if under is not None:
            what = ("dart" if spell.kind == "missiles" else "ray") if darts and spell is not None else ""
            counted = (landed.get(self.cursor, 0), darts, what) if landed is not None else None
            unique = len(set(self.targets))
            self._set("cursor", text.cursor_text(under, self._label(self.cursor), spell, unique, self.limit(), counted))
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

    # -- keys --------------------------------------------------------------------------------

    def _changed(self, row: str, bindings: bool = False) -> None:
        """Show the change, and scroll its row into view (a cast's result may have scrolled the
        settings off a short terminal)."""
        self._show()
        self._show_faces()
        if bindings:
            self.refresh_bindings()
        box = self.query_one("#cast-box")
        if box.max_scroll_y:
            box.scroll_to_widget(self.query_one(f"#cast-row-{row}"), animate=False, immediate=True)

    def action_spell(self, step: int) -> None:
        if len(self._spells) < 2:
            refuse(self, "spell", (step,))
            return
        self._choose_spell(cycle([s.name for s in self._spells], self.spell, step))
        self._changed("spell", bindings=True)

    def action_find_spell(self) -> None:
        """The caster's spells by level in a list that narrows as the GM types."""
        if not self._spells:
            refuse(self, "spell", (1,))
            return
        caster = self.caster_actor
        actions = [a.name for a in getattr(caster, "actions", ()) if a.ready]
        groups = level_groups(self._spells, actions)

        finder = SpellFinder(f"Spell of {self._label(self.caster)}", groups)

        def picked(name: str | None) -> None:
            if name:
                self._choose_spell(name)
                self._changed("spell", bindings=True)
                if finder.then_target:  # `/` in the finder: on to the spell's target
                    self.action_find_target()

        self.app.push_screen(finder, picked)

    def action_slot(self) -> None:
        levels = self.slot_levels()
        if len(levels) < 2:
            refuse(self, "slot")
            return
        self.level = cycle(levels, self.slot())
        self._fit_darts()
        limit = self.limit()
        if limit and self.darts() == 0 and len(self.targets) > limit:
            del self.targets[limit:]  # a lower slot takes fewer (Command: one more a slot level)
        self._changed("slot", bindings=True)

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
            refuse(self, "cast")
            return
        spell, state = self.chosen_spell, self._state
        target = state.actor(command.targets[0]) if state is not None and len(command.targets) == 1 else None
        # ref: Redirect Attack — the dialog opens for an attack spell too, before the roll
        attack_spell = isinstance(command, Cast) and spell is not None and spell.kind == "attack"
        if not ask_redirect(self, state, target if attack_spell else None, self.caster, command, self._label,
                            self._post_cast):  # fmt: skip
            self._post_cast(command)

    def _post_cast(self, command: Cast | UseCreatureAction) -> None:
        """The one place the dialog hands its final command to the session: a cast (or a
        creature's save action) with every answer the GM gave before it (the Redirect Attack
        swap, the legendary resistances of a recast). The dialog then waits for its history
        entry to show the result."""
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
        if action == "dart_off":
            return spell is not None and spell.kind in DARTS
        if action == "all_targets":  # shown for a spell of several targets only
            return spell is not None and spell.kind not in DARTS and self.limit() != 1
        return super().check_action(action, parameters)

    def refusal(self, action: str, parameters: tuple[object, ...]) -> Reason:
        """Why a key is refused now (screens/refusals.py shows it when pressed)."""
        return key_reasons.cast(self, action, parameters)
