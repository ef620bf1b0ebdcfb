"""The cast dialog's preview rows (ref: Cast dialog): the roll, the d20's reasons or each target's
save, the dice at the chosen slot or the darts, the chip, what the GM applies by hand, and the
refusal the rules would give (a dry run of the pure rules on throwaway dice). A mixin of
`CastDialog`; every number comes from the core."""

from __future__ import annotations

from textual.content import Content

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.screens.dnd5e import cast_text as text
from combat_tui.screens.dnd5e.cast_settings import DARTS, HARMFUL, darts_on, usable
from combat_tui.screens.dnd5e.roll_dialog import tick_box
from combat_tui.systems.dnd5e.armor import untrained_armor
from combat_tui.systems.dnd5e.data.spells import Spell
from combat_tui.systems.dnd5e.model import Actor, Campaign
from combat_tui.systems.dnd5e.spell_text import by_hand, needs_target
from combat_tui.systems.dnd5e.view import actor_index


class CastPreview:
    """The preview; `CastDialog` gives the settings and the row plumbing of `RollDialog`."""

    def _preview(self, state: Campaign, caster: Actor | None, spell: Spell | None) -> None:
        if spell is None or caster is None:
            for row in ("roll", "d20", "dice", "chip", "note"):
                self._set(row, "")
            self._set("problem", f"{self._label(self.caster)} knows no spells.", "-problem")
            return
        actors = actor_index(state)
        targets = [actors[ref] for ref in self.targets if ref in actors]
        self._label_row("roll", {"attack": "Attack", "rays": "Attack", "save": "Save"}.get(spell.kind, "Kind"))
        action = self.chosen_action
        roll, reasons = text.roll_texts(state, caster, spell, targets, self.mode, self._label,
                                        action.dc if action is not None else 0)  # fmt: skip
        self._label_row("d20", "d20" if spell.kind in ("attack", "rays") else "Saves")
        self._set("roll", roll)
        self._set("d20", reasons)
        darts = self.darts()
        self._label_row("dice", "Darts" if spell.kind == "missiles" else "Rays" if darts else text.dice_label(spell))
        if darts:
            landed = darts_on(self.targets, darts)
            self._set("dice", text.darts_text(spell, darts, landed, self._label))
        else:
            self._set("dice", text.dice_text(caster, spell, self.slot()))
        self._label_row("chip", "Chip")
        self._set("chip", text.chip_text(spell, self.option))
        self._set("note", by_hand(spell), "-note")
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
        if not self.targets and needs_target(spell):
            return "No target: t moves the cursor, space picks."
        if spell.kind in HARMFUL:
            actors = actor_index(state)
            out = list(dict.fromkeys(self._label(ref) for ref in self.targets
                                     if ref in self._foes and not usable(actors, ref)))  # fmt: skip
            if out and spell.kind in DARTS:
                names = out[0] if len(out) == 1 else f"{', '.join(out[:-1])} and {out[-1]}"
                verb = "is" if len(out) == 1 else "are"
                return f"{names} {verb} defeated: - takes a dart off the one under the cursor."
            if len(out) == 1:
                return f"{out[0]} is defeated: space on it takes it off."
            if out:
                return (f"{', '.join(out[:-1])} and {out[-1]} are defeated: space on each takes it off"
                        + (", a ticks the ones standing." if self.limit() != 1 and spell.kind not in DARTS else "."))
        try:
            self._system.apply(state, self.command(), Dice(0))
        except CommandRejected as error:
            if untrained_armor(caster) and not self.ignore_armor:
                return f"{error.reason} i ticks Ignore armor to cast anyway."
            return error.reason
        return ""
