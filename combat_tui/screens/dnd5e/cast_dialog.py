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
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import evolve as attrs_evolve
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from combat_tui.systems.dnd5e.commands import Cast
from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.systems.dnd5e.events import SpellSaveRolled
from combat_tui.core.history import Entry
from combat_tui.systems.dnd5e.model import Actor, Campaign
from combat_tui.systems.dnd5e.advantage import resolve
from combat_tui.systems.dnd5e.armor import armor_class, untrained_armor
from combat_tui.systems.dnd5e.attack import attack_slants
from combat_tui.systems.dnd5e.checks import auto_fail, save_slants
from combat_tui.systems.dnd5e.conditions import blessed
from combat_tui.systems.dnd5e.legendary import resistance_left
from combat_tui.systems.dnd5e.spells import spell_attack_bonus, spell_dice, spell_modifier, spell_save_dc
from combat_tui.systems.dnd5e.view import actor_status
from combat_tui.core.session import Session
from combat_tui.systems.dnd5e.data.spells import SPELLS, Spell, find_spell
from combat_tui.widgets.key_footer import KeyFooter
from combat_tui.widgets.result_lines import ResultLines
from combat_tui.widgets.dnd5e.view import actor_index
from combat_tui.screens.dnd5e.attack_dialog import CHOSEN, KEY, MODES, d20_text
from combat_tui.screens.dnd5e.legendary_resistance_dialog import LegendaryResistanceDialog
from combat_tui.screens.dnd5e.redirect_dialog import ask_redirect
from combat_tui.screens.messages import CommandRequested

HARMFUL = ("attack", "save", "missiles", "sleep")
"""Spell kinds aimed at foes: they start on the first foe, and a defeated creature is no target."""
ROLLED = ("attack", "save")
"""Spell kinds with a d20 that the Roll mode slants."""
OUT = ("defeated", "dead")
BOX_WIDTH = 78
"""The width of the dialog's box (attack_dialog.tcss's too), less on a narrower terminal."""
VALUE_INSET = 2 + 2 + 12 + 1
"""Columns of the box that the value column does not get: borders, padding, label, scrollbar."""

KINDS = {
    "attack": "Spell attack",
    "save": "Saving throw",
    "heal": "Healing spell",
    "chip": "Chip spell",
    "raise": "Raises the dead",
    "stabilize": "Stabilizes the dying",
    "sleep": "Sleep: a pool of hit points",
    "missiles": "Darts that always hit",
}


def ordinal(level: int) -> str:
    """`1st`, `2nd`, `3rd`, `4th` ... (slot levels go up to 9)."""
    return f"{level}" + {1: "st", 2: "nd", 3: "rd"}.get(level, "th")


def level_text(spell: Spell) -> str:
    return "cantrip" if spell.level == 0 else f"{ordinal(spell.level)} level"


def target_count_text(spell: Spell) -> str:
    if spell.max_targets == 0:
        return "any number of targets"
    return "one target" if spell.max_targets == 1 else f"up to {spell.max_targets} targets"


class CastDialog(ModalScreen[str | None]):
    """A spell cast by one combatant; dismissed with the spell last chosen (the screen keeps it)."""

    CSS_PATH = "cast_dialog.tcss"

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
        Binding("r", "cast", "Cast", id="cast.cast", tooltip="Cast the spell (again after a cast)"),
        Binding("enter", "cast", "Cast", show=False, id="cast.cast-enter"),
        Binding("u", "undo", "Undo", show=False, id="cast.undo", tooltip="Take back the last change (the cast)"),
        Binding("U", "redo", "Redo", show=False, id="cast.redo", tooltip="Do again what was undone"),
        Binding("c", "close", "Close", id="cast.close", tooltip="Back to the fight"),
        Binding("escape", "close", "Close", show=False, id="cast.close-escape"),
    ]  # fmt: skip
    """`i` and `o` are shown on their own rows, which appear only when they apply; the key bar
    keeps to what fits 80 columns."""

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
        self._state: Campaign | None = None
        self._system = None
        self._labels: dict[str, str] = {}
        self._spells: list[Spell] = []
        self._order: list[str] = []
        """The combatants the cursor walks: the caster's foes first, then its side, in turn order."""
        self._foes: set[str] = set()
        self._pending: Cast | None = None
        """The command posted by the last cast, until its history entry shows up."""
        self._result: Entry | None = None
        self._shown: dict[str, object] = {}
        """What each row shows, so a key updates only the rows it changed."""
        self._can_cast = True

    # -- layout ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Vertical(id="cast-box"):
            for row, label, key in (
                ("spell", "Spell", "s"),
                ("slot", "Slot", "l"),
                ("targets", "Targets", "t"),
                ("cursor", "", ""),
                ("mode", "Roll mode", "v"),
                ("armor", "", ""),
                ("option", "Type", "o"),
                ("cost", "", ""),
                ("roll", "", ""),
                ("d20", "", ""),
                ("dice", "", ""),
                ("chip", "", ""),
                ("problem", "", ""),
            ):
                with Horizontal(id=f"cast-row-{row}", classes="cast-row"):
                    yield Label(Content.assemble((key, KEY), " " if key else "", label), classes="cast-label")
                    yield Static("", id=f"cast-{row}", classes="cast-value", markup=False)
            yield ResultLines("Last cast", rows=8, id="cast-result")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.app.state_changed.subscribe(self, self._state_changed)
        self._state_changed(self.app.session, first=True)

    def on_unmount(self) -> None:
        self.app.state_changed.unsubscribe(self)

    def on_resize(self, event: events.Resize) -> None:
        """The target list is laid out in lines for the box's width."""
        self._show()

    # -- state down --------------------------------------------------------------------------

    def _state_changed(self, session: Session, first: bool = False) -> None:
        state = session.state
        if state.fight is None or state.fight.stage != "running":
            return  # the fight ended or was undone; the app is taking the fight's screens away
        self._state, self._system = state, session.system
        self._labels = session.system.labels(state)
        caster = self.caster_actor
        self._spells = self._spell_list(caster)
        self._order, self._foes = self._target_order(state)
        if first:
            names = [s.name.casefold() for s in self._spells]
            if self.spell.casefold() not in names:
                self.spell = self._spells[0].name if self._spells else ""
            else:
                self.spell = self._spells[names.index(self.spell.casefold())].name
            self._choose_spell(self.spell, first=True)
        spell = self.chosen_spell
        if self.level and spell is not None and self.level not in self.slot_levels():
            self.level = 0  # the chosen level ran out: back to the lowest left
        entry = session.history.peek_undo()
        if self._pending is not None and entry is not None and entry.commands and entry.commands[0] is self._pending:
            self._result, self._pending = entry, None
            self.resist = ()  # a Succeed instead counts for that one cast only
            self._ask_legendary_resistance(session, entry)
        self._show_result(session)
        self._show()
        if first:
            self.refresh_bindings()

    @staticmethod
    def _spell_list(caster: Actor | None) -> list[Spell]:
        """The caster's spells in its order; a caster with no list may cast any spell of the app."""
        if caster is None:
            return []
        if not caster.spells:
            return sorted(SPELLS.values(), key=lambda s: (s.level, s.name))
        return [spell for name in caster.spells if (spell := find_spell(name)) is not None]

    def _target_order(self, state: Campaign) -> tuple[list[str], set[str]]:
        fight = state.fight
        mine = fight.find(self.caster)
        side = mine.side if mine is not None else "party"
        theirs = [c.ref for c in fight.combatants if c.side != side]
        ours = [c.ref for c in fight.combatants if c.side == side]
        return theirs + ours, set(theirs)

    # -- settings ----------------------------------------------------------------------------

    @property
    def caster_actor(self) -> Actor | None:
        return actor_index(self._state).get(self.caster) if self._state is not None else None

    @property
    def chosen_spell(self) -> Spell | None:
        return find_spell(self.spell) if self.spell else None

    def slot_levels(self) -> list[int]:
        """The levels `l` cycles: those with a slot left at or above the spell's; none for a
        cantrip; every level from the spell's up when the caster's slots are not tracked."""
        spell, caster = self.chosen_spell, self.caster_actor
        if spell is None or caster is None or spell.level == 0:
            return []
        if not caster.slots:
            return list(range(spell.level, 10))
        return [level for level in range(spell.level, len(caster.slots) + 1) if caster.slots[level - 1] > 0]

    def slot(self) -> int:
        """The slot level the cast will spend (the lowest left when none was chosen)."""
        spell = self.chosen_spell
        if spell is None or spell.level == 0:
            return 0
        levels = self.slot_levels()
        if self.level in levels:
            return self.level
        return levels[0] if levels else spell.level

    def _usable(self, ref: str) -> bool:
        actor = actor_index(self._state).get(ref)
        return actor is not None and actor_status(actor) not in OUT

    def _default_targets(self, spell: Spell, inspected: str | None) -> list[str]:
        """The inspected card; else the first foe standing for a harmful spell, the first dying
        combatant for Spare the Dying, the first dead of the caster's side for a raise, and the
        caster for a heal or a chip."""
        if inspected is not None and inspected in self._order:
            return [inspected]
        if spell.kind in HARMFUL:
            return next(([ref] for ref in self._order if ref in self._foes and self._usable(ref)), [])
        actors = actor_index(self._state)
        if spell.kind == "stabilize":
            return next(([ref] for ref in self._order if actor_status(actors[ref]) == "dying"), [self.caster])
        if spell.kind == "raise":
            ours = [ref for ref in self._order if ref not in self._foes]
            return next(([ref] for ref in ours if actor_status(actors[ref]) in OUT), [])
        return [self.caster] if self.caster in self._order else []

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

    def _set(self, row: str, content: str | Content, style: str = "") -> None:
        """Show `content` in a row (hidden when empty), touching the widgets only on a change
        (of the text or of its styles: two Contents of one text compare equal)."""
        key = (content, tuple(content.spans) if isinstance(content, Content) else (), style)
        if self._shown.get(row) == key:
            return
        was = self._shown.get(row)
        self._shown[row] = key
        if content:
            self.query_one(f"#cast-{row}", Static).update(Content(content) if isinstance(content, str) else content)
            self.query_one(f"#cast-{row}").set_classes(f"cast-value {style}".strip())
        shown = bool(content)
        if was is None or bool(was[0]) != shown:
            self.query_one(f"#cast-row-{row}").display = shown

    def _label_row(self, row: str, label: str) -> None:
        key = ("label", label)
        if self._shown.get(f"{row}-label") != key:
            self._shown[f"{row}-label"] = key
            self.query_one(f"#cast-row-{row} .cast-label", Label).update(label)

    def _label(self, ref: str) -> str:
        return self._labels.get(ref, ref)

    def _show(self) -> None:
        state = self._state
        if state is None or not self.is_mounted:
            return
        caster = self.caster_actor
        spell = self.chosen_spell
        box = self.query_one("#cast-box")
        box.border_title = f"Cast {spell.name}" if spell else "Cast a spell"
        box.border_subtitle = self._label(self.caster)
        self._set("spell", self._spell_text(spell) if spell else "No spells")
        self._set("slot", self._slot_text(spell) if spell else "")
        self._set("targets", self._targets_text())
        self._set("cursor", self._cursor_text(spell))
        rolled = spell is not None and spell.kind in ROLLED
        self._set("mode", self._choices(MODES, self.mode) if rolled else "")
        armor = untrained_armor(caster) if caster is not None else ()
        if armor:
            on = "[x] " if self.ignore_armor else "[ ] "
            self._set("armor", Content.assemble(on, ("i", KEY), f" Ignore armor ({', '.join(armor)})"))
        else:
            self._set("armor", "")
        if spell is not None and spell.choose_type:
            self._set("option", self._choices([(t, t) for t in spell.choose_type], self.option))
        else:
            self._set("option", "")
        self._preview(state, caster, spell)
        command = self.command()
        can_cast = command is not None
        if can_cast != self._can_cast:
            self._can_cast = can_cast
            self.refresh_bindings()

    def _spell_text(self, spell: Spell) -> Content:
        at = next((i for i, s in enumerate(self._spells) if s.name == spell.name), -1) + 1
        count = f"   ({at} of {len(self._spells)})" if at and len(self._spells) > 1 else ""
        more = f"  {level_text(spell)}, {target_count_text(spell)}"
        parts: list = [(spell.name, "bold"), (more, "$text-muted")]
        if spell.level and not self.slot_levels():
            parts.append((", no slot left", "$text-warning"))
        parts.append((count, "$text-muted"))
        return Content.assemble(*parts)

    def _slot_text(self, spell: Spell) -> Content | str:
        caster = self.caster_actor
        if spell.level == 0:
            return Content.styled("None: a cantrip spends no slot", "$text-muted")
        levels = self.slot_levels()
        if not levels:
            return Content.styled(f"No slot left at {ordinal(spell.level)} level or higher", "$text-warning")
        chosen = self.slot()
        if not caster.slots:
            return Content.assemble((f"◉ {ordinal(chosen)}", CHOSEN), ("   (slots not tracked; l raises it)", "$text-muted"))
        return self._choices([(level, f"{ordinal(level)}  {caster.slots[level - 1]} left") for level in levels], chosen)

    def _targets_text(self) -> Content | str:
        """Every combatant as a box, ticked when chosen, the cursor's lit; laid out in lines for
        the width of the box (a wrap would split a name)."""
        if not self._order:
            return "No one"
        actors = actor_index(self._state)
        width = max(20, min(BOX_WIDTH, self.app.size.width) - VALUE_INSET)
        lines: list[list] = [[]]
        used = 0
        for ref in self._order:
            text = f"{'[x]' if ref in self.targets else '[ ]'} {self._label(ref)}"
            actor = actors.get(ref)
            style = "bold" if ref in self.targets else ""
            if actor is None or actor_status(actor) in OUT:
                style = "$text-muted strike" if ref not in self.targets else "bold $text-error"
            if ref == self.cursor:
                style = f"{style} reverse".strip()
            need = len(text) + (2 if used else 0)
            if used and used + need > width:
                lines.append([])
                used, need = 0, len(text)
            if used:
                lines[-1].append("  ")
            lines[-1].append((text, style) if style else text)
            used += need
        parts: list = []
        for line in lines:
            if parts:
                parts.append("\n")
            parts.extend(line)
        return Content.assemble(*parts)

    def _cursor_text(self, spell: Spell | None) -> Content | str:
        if self.cursor is None or self._state is None:
            return ""
        actor = actor_index(self._state).get(self.cursor)
        if actor is None:
            return ""
        status = actor_status(actor)
        about = [f"{actor.hp}/{actor.max_hp} HP"] + ([status] if status else [])
        about += [chip.name for chip in actor.chips]
        chosen = len(self.targets)
        if spell is None or spell.max_targets == 1:
            count = ""
        elif spell.max_targets == 0:
            count = f"   {chosen} chosen"
        else:
            count = f"   {chosen} of {spell.max_targets} chosen"
        return Content.assemble(("▸ ", "$text-muted"), (self._label(self.cursor), "bold"),
                                (f"  {', '.join(about)}", "$text-muted"), count)  # fmt: skip

    @staticmethod
    def _choices(choices: Sequence[tuple[object, str]], chosen: object) -> Content:
        """Every choice on one line, the chosen one lit."""
        parts: list = []
        for value, name in choices:
            if parts:
                parts.append("   ")
            parts.append((f"◉ {name}", CHOSEN) if value == chosen else (f"○ {name}", "$text-muted"))
        return Content.assemble(*parts)

    # -- the preview -------------------------------------------------------------------------

    def _preview(self, state: Campaign, caster: Actor | None, spell: Spell | None) -> None:
        if spell is None or caster is None:
            for row in ("roll", "d20", "dice", "chip"):
                self._set(row, "")
            self._set("problem", f"{self._label(self.caster)} knows no spells.", "-problem")
            return
        actors = actor_index(state)
        targets = [actors[ref] for ref in self.targets if ref in actors]
        slot = self.slot()
        self._label_row("roll", {"attack": "Attack", "save": "Save"}.get(spell.kind, "Kind"))
        roll, reasons = self._roll_texts(state, caster, spell, targets)
        self._label_row("d20", "d20" if spell.kind == "attack" else "Saves")
        self._set("roll", roll)
        self._set("d20", reasons)
        self._label_row("dice", "Healing" if spell.kind == "heal" else "Effect" if spell.kind in ("chip", "raise",
                        "stabilize") else "Damage" if spell.damage_type else "Dice")  # fmt: skip
        self._set("dice", self._dice_text(caster, spell, slot))
        self._label_row("chip", "Chip")
        self._set("chip", self._chip_text(spell))
        problem = self._problem(state, caster, spell)
        # ref: Action, bonus action, and reaction — the dialog refuses a cast the turn cannot pay for
        # and offers Ignore action cost (x); the box shows once it is needed or ticked
        costly = "spent" in problem or "longer than a turn" in problem
        parts: list = []
        if self.can_repeat():  # ref: Damage riders on hits — "pick Repeat (no slot)"
            parts += ["[x] " if self.repeat else "[ ] ", ("p", KEY), " Repeat (no slot)   "]
        if costly or self.ignore_cost:
            parts += ["[x] " if self.ignore_cost else "[ ] ", ("x", KEY), " Ignore action cost"]
        self._set("cost", Content.assemble(*parts).rstrip() if parts else "")
        self._set("problem", problem + (" x ticks Ignore action cost." if costly else ""), "-problem")

    def _roll_texts(self, state: Campaign, caster: Actor, spell: Spell, targets: list[Actor]) -> tuple[str, str]:
        """(the roll: "Spell attack +7 vs AC 15 (stat block)" or "DC 15 Dexterity save", the d20
        of the first target or each target's save)."""
        if spell.kind == "attack":
            bonus = spell_attack_bonus(caster)
            bless = " + d4 Bless" if blessed(caster) else ""
            if not targets:
                return f"Spell attack {bonus:+d}{bless}", ""
            ac, how = armor_class(targets[0])
            resolved = resolve(attack_slants(caster, targets[0], True, False), self.mode, state.d20_mode)
            return f"Spell attack {bonus:+d}{bless} vs AC {ac} ({how})", d20_text(resolved)
        if spell.kind == "save":
            ability = spell.save
            roll = f"DC {spell_save_dc(caster)} {ability.capitalize()} save"
            groups: dict[str, list[str]] = {}
            for target in targets:
                failed_by = auto_fail(target, ability)
                if failed_by:
                    text = f"fails automatically ({failed_by}), no roll"
                else:
                    text = d20_text(resolve(save_slants(target, ability), self.mode, "normal"))
                    text += ", + d4 Bless" if blessed(target) else ""
                groups.setdefault(text, []).append(self._label(target.id))
            return roll, "\n".join(f"{', '.join(names)}: {text}" for text, names in groups.items())
        return KINDS[spell.kind], ""

    def _dice_text(self, caster: Actor, spell: Spell, slot: int) -> str:
        dice = spell_dice(spell, spell.dice, slot, caster)
        kind = spell.kind
        if kind == "attack":
            text = f"{dice} {spell.damage_type} on a hit"
            if spell.later:
                later = spell_dice(spell, spell.later, slot, caster)
                text += f" (half on a miss), then {later} {spell.damage_type} at the end of the target's next turn"
            return text
        if kind == "save":
            if not dice:
                return ""
            return f"{dice} {spell.damage_type}" + (", half on a save" if spell.half_on_save else ", none on a save")
        if kind == "heal":
            if not spell.add_modifier:
                return f"{dice} (none for a creature at 0 HP)"
            ability = (caster.spellcasting or "wisdom")[:3].upper()
            bonus = spell_modifier(caster)
            return f"{dice} {'+' if bonus >= 0 else '-'} {abs(bonus)} {ability} (none for a creature at 0 HP)"
        if kind == "missiles":
            darts = 3 + max(0, slot - spell.level)  # 2014 PHB: one more dart a slot level above 1st
            return f"{darts} darts of {dice} {spell.damage_type}, round the targets in order"
        if kind == "sleep":
            return f"{dice} hit points: the targets fall asleep lowest HP first while the pool lasts"
        if kind == "raise":
            return "A dead target comes back at 1 HP"
        if kind == "stabilize":
            return "A dying character becomes stable"
        return ""

    def _chip_text(self, spell: Spell) -> str:
        if not spell.chip:
            return ""
        lasts = f" for {spell.rounds} rounds" if spell.rounds else ""
        if spell.kind == "save":
            again = "; a new save at the end of each of its turns" if spell.repeat_save else ""
            return f"{spell.chip}{lasts} on a failed save{again}"
        if spell.kind == "sleep":
            return f"{spell.chip}{lasts}, and Prone"
        name = f"{spell.chip} ({self.option})" if spell.choose_type and self.option else spell.chip
        return f"{name}{lasts} on each target" if spell.max_targets != 1 else f"{name}{lasts}"

    def _problem(self, state: Campaign, caster: Actor, spell: Spell) -> str:
        """What the rules would refuse, from a dry run of the pure rules on throwaway dice."""
        if not self.targets:
            return "No target: t moves the cursor, space picks."
        if spell.kind in HARMFUL:
            out = [self._label(ref) for ref in self.targets if ref in self._foes and not self._usable(ref)]
            if len(out) == 1:
                return f"{out[0]} is defeated: space on it takes it off."
            if out:
                return f"{', '.join(out[:-1])} and {out[-1]} are defeated: space on each takes it off."
        command = self.command()
        try:
            self._system.apply(state, command, Dice(0))
        except CommandRejected as error:
            if untrained_armor(caster) and not self.ignore_armor:
                return f"{error.reason} i ticks Ignore armor to cast anyway."
            return error.reason
        return ""

    def _show_result(self, session: Session) -> None:
        entry = self._result
        box = self.query_one("#cast-result", ResultLines)
        if entry is None:
            box.display = False
            return
        undone = not any(done is entry for done in reversed(session.history.entries[: session.history.pointer]))
        if box.show(entry.lines or ("(no lines)",), undone):
            self.query_one("#cast-box").scroll_end(animate=False)  # a short terminal shows the result first

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
        names = [s.name for s in self._spells]
        at = names.index(self.spell) if self.spell in names else -1
        self._choose_spell(names[(at + step) % len(names)])
        self._changed("spell", bindings=True)

    def action_slot(self) -> None:
        levels = self.slot_levels()
        if len(levels) < 2:
            self.app.bell()
            return
        at = levels.index(self.slot()) if self.slot() in levels else -1
        self.level = levels[(at + 1) % len(levels)]
        self._changed("slot")

    def action_cursor(self, step: int) -> None:
        if not self._order:
            self.app.bell()
            return
        at = self._order.index(self.cursor) if self.cursor in self._order else -1
        self.cursor = self._order[(at + step) % len(self._order)]
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
        values = [value for value, _ in MODES]
        self.mode = values[(values.index(self.mode) + 1) % len(values)]
        self._changed("mode")

    def _ask_legendary_resistance(self, session: Session, entry: Entry) -> None:
        """ref: Legendary resistance — a failed save of a creature with uses left asks "Use
        legendary resistance? N left today"; Succeed instead undoes the cast and casts it again
        with the same dice, the creature named in `resist`."""
        command = entry.commands[0]
        for event in entry.events:
            if not isinstance(event, SpellSaveRolled) or event.success or event.ref in command.resist:
                continue
            actor = session.state.actor(event.ref)
            left = resistance_left(actor) if actor is not None else 0
            if not left:
                continue
            line = next((text for text in entry.lines if text.startswith(f"{self._label(event.ref)} fails")), "")

            def answered(succeed: bool | None, ref: str = event.ref) -> None:
                if not succeed:
                    return
                self.app.action_undo()
                self.resist = tuple(dict.fromkeys(command.resist + (ref,)))
                again = attrs_evolve(command, resist=self.resist)
                self.app.session.dice.force(entry.faces)
                self._pending = again
                self.post_message(CommandRequested(again))

            self.app.push_screen(LegendaryResistanceDialog(self._label(event.ref), left, line), answered)
            return  # one question per cast; a second creature is asked after the recast

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
        types = spell.choose_type
        self.option = types[(types.index(self.option) + 1) % len(types)] if self.option in types else types[0]
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

    def _post(self, command: Cast) -> None:
        self._pending = command
        self.post_message(CommandRequested(command))

    def action_undo(self) -> None:
        self.app.action_undo()  # the app's letters do not reach past a modal screen

    def action_redo(self) -> None:
        self.app.action_redo()

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
        if action in ("undo", "redo"):
            return self.app.check_action(action, parameters)
        if action == "cast":
            return True if self._can_cast else None
        return True
