"""The finders the fight's dialogs open: a target by a few typed keys, a spell by its start.

TargetFinder: the combatants an action offers, in groups ("Foes", "Allies"), the likeliest first
(the caller orders them with `systems.dnd5e.targets`). Typing narrows them with `match_label`
("g2", "gob 2", "boss"), the highlight starts on the best fit, Enter picks. The defeated and the
dead are left out until F2 shows them (or until what is typed fits no one else).

SpellFinder: the caster's spells; the highlight goes to the first spell that begins with the
typed text (a spell that only holds it comes after), and `/` picks it and goes straight on to
its target, so Healing Word on Ayla is `f h / a Enter`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping

from rich.text import Text
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from combat_tui.screens.dnd5e.name_picker import SHOWN, Groups, NamePicker
from combat_tui.screens.refusals import tell
from combat_tui.systems.dnd5e.model import Campaign
from combat_tui.systems.dnd5e.targets import Kind, label_rank, match_label, target_order

FALLEN_HEADING = "Fallen"


def find_target(screen: Screen, title: str, state: Campaign, actor_id: str, kind: Kind, labels: Mapping[str, str],
                picked: Callable[[str], None], *, leave_out: Collection[str] = (), first: str | None = None) -> None:  # fmt: skip
    """Open a TargetFinder on the targets an action of `kind` by `actor_id` offers (`first` at the
    top when it fits), and call `picked` with the ref of the pick."""
    order = [ref for ref in target_order(state, actor_id, kind, inspected=first) if ref not in leave_out]
    everyone = target_order(state, actor_id, kind, fallen=True)
    fallen = [ref for ref in everyone if ref not in order and ref not in leave_out]
    if not order and not fallen:
        tell(screen, "No combatant can be picked for this.")
        return
    fight = state.fight
    sides = {c.ref: c.side for c in fight.combatants} if fight is not None else {}
    mine = sides.get(actor_id, "party")
    groups: dict[str, list[str]] = {}
    for ref in order:
        heading = ("Allies" if sides.get(ref, "party") == mine else "Foes") if sides else ""
        groups.setdefault(heading, []).append(labels.get(ref, ref))
    by_label = {labels.get(ref, ref): ref for ref in order + fallen}

    def chosen(label: str | None) -> None:
        if label in by_label:
            picked(by_label[label])

    fallen_labels = [(FALLEN_HEADING, [labels.get(ref, ref) for ref in fallen])] if fallen else []
    screen.app.push_screen(TargetFinder(title, list(groups.items()), fallen_labels), chosen)


class TargetFinder(NamePicker):
    """Dismissed with the picked label, or None; `fallen` are the groups F2 adds."""

    BINDINGS = [
        Binding("f2", "toggle_fallen", "Show the fallen", id="targets.fallen",
                tooltip="List the defeated and the dead too (again: hide them)"),
    ]  # fmt: skip

    def __init__(self, title: str, groups: Groups, fallen: Groups = (), *, show_fallen: bool = False) -> None:
        super().__init__(title, groups, note="type g2 or a name · ↑↓ · Enter picks · F2 the fallen · Esc")
        self.fallen = [(heading, list(names)) for heading, names in fallen]
        self.show_fallen = show_fallen

    def action_toggle_fallen(self) -> None:
        self.show_fallen = not self.show_fallen
        self._fill(self.query_one("#picker-filter").value)

    def _fill(self, typed: str) -> None:
        fits = [(heading, _fitting(names, typed)) for heading, names in self.groups]
        fallen = [(heading or FALLEN_HEADING, _fitting(names, typed)) for heading, names in self.fallen]
        shown = fits + fallen if self.show_fallen or not any(names for _, names in fits) else fits
        options: list[Option] = []
        self._names = []
        best: tuple[int, int] | None = None  # (rank, option index) of the best fit over the groups
        for heading, names in shown:
            if not names:
                continue
            if heading:
                options.append(Option(Text(heading, style="bold"), disabled=True))
            for rank, name in names[: SHOWN - len(self._names)]:
                if best is None or rank < best[0]:
                    best = (rank, len(options))
                options.append(Option(name, id=str(len(self._names))))
                self._names.append(name)
        if not options:
            options.append(Option(Text("No one fits that.", style="italic"), disabled=True))
        listing = self.query_one("#picker-names", OptionList)
        listing.set_options(options)
        listing.highlighted = best[1] if best is not None else None


def _fitting(names: list[str], typed: str) -> list[tuple[int, str]]:
    """The names that fit, best first, each with how well (`label_rank`)."""
    return [(label_rank(name, typed) or 0, name) for name in match_label([(name, name) for name in names], typed)]


class SpellFinder(NamePicker):
    """The spell picker of the cast dialog; `then_target` tells it `/` picked the spell."""

    BINDINGS = [
        Binding("slash", "pick_then_target", "Pick, then its target", key_display="/", priority=True,
                id="spells.then-target", tooltip="Pick the highlighted spell and go on to find its target"),
    ]  # fmt: skip

    def __init__(self, title: str, groups: Groups) -> None:
        super().__init__(title, groups, note="↑↓ choose · Enter picks · / picks, then its target · Esc")
        self.then_target = False

    def _fill(self, typed: str) -> None:
        super()._fill(typed)
        wanted = typed.strip().casefold()
        if not wanted:
            return
        listing = self.query_one("#picker-names", OptionList)
        for index, option in enumerate(listing.options):
            if option.id is not None and self._names[int(option.id)].casefold().startswith(wanted):
                listing.highlighted = index
                return

    def action_pick_then_target(self) -> None:
        listing = self.query_one("#picker-names", OptionList)
        at = listing.highlighted
        option = listing.get_option_at_index(at) if at is not None else None
        if option is None or option.disabled or option.id is None:
            tell(self, "No name is highlighted: type part of one, or pick one under a heading.")
            return
        self.then_target = True
        self.dismiss(self._names[int(option.id)])
