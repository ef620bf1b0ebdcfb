"""ReactionDialog: a reaction spell's question before an attack or cast lands (ref: Shield against a
hit, Resisting a hit).

The rules resolve a line whole, so the screen asks first: `ask_reactions` runs the line dry on the
dice it would roll (`Session.preview`), finds the first dialog the line would open (a
`ReactionOffered`), asks it, and runs it dry again with the answer added (`react NAME SPELL`),
until no unasked dialog is left; then the line is posted once, with every answer. Faces typed in
the roll dialog's Dice row go into every dry run (`dry`) as into the posted line, so the question
is about the roll that will land. So the dialogs
come in the order the rules meet them: the Shield dialog before the damage, then one resist dialog
per combatant in target order; a combatant that cast Shield has no reaction left for a second.

Keys: c or Enter Cast, t or Esc Take the hit (or the damage).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import replace

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from combat_tui.core.command import CommandRejected
from combat_tui.systems.dnd5e.reaction_text import answered as with_answer
from combat_tui.systems.dnd5e.reaction_text import answered_already, next_offer, question
from combat_tui.widgets.key_footer import KeyFooter


class ReactionDialog(ModalScreen[bool]):
    """Dismissed with True for Cast, False for Take the hit."""

    DEFAULT_CSS = """
    ReactionDialog { align: center middle; }
    ReactionDialog #reaction-box { width: 64; max-width: 100%; height: auto; border: round $warning;
        background: $surface; padding: 0 1; }
    ReactionDialog #reaction-does { color: $text-muted; }
    """

    def __init__(self, who: str, spell: str, happened: str, does: str, take: str) -> None:
        super().__init__()
        self.who, self.spell, self.happened, self.does, self.take = who, spell, happened, does, take
        names = {"cast": f"Cast {spell}", "take": take}  # the footer names the spell and what is taken
        for key, bindings in self._bindings.key_to_bindings.items():
            self._bindings.key_to_bindings[key] = [replace(b, description=names.get(b.action, b.description))
                                                   for b in bindings]  # fmt: skip

    BINDINGS = [
        Binding("c,enter", "cast", "Cast", id="reaction.cast"),
        Binding("t,escape", "take", "Take it", id="reaction.take"),
    ]

    asked_at_seat = False
    """The GM's dialog was sent to the defender's seat too."""
    by_seat = False
    """The seat answered it."""
    question_id: object = None
    """On a seat: the GM's question this dialog answers."""

    def compose(self) -> ComposeResult:
        with Vertical(id="reaction-box"):
            yield Static(self.happened, id="reaction-happened", markup=False)
            yield Static(self.does, id="reaction-does", markup=False)
            if self.asked_at_seat:
                yield Static(f"{self.who}'s seat is asked too; the first answer counts.", id="reaction-seat",
                             markup=False)  # fmt: skip
        yield KeyFooter()

    def answer(self, cast: bool, by: str) -> None:
        """The seat's answer to the GM's dialog (ignored once the GM has answered)."""
        if self.is_attached and not self.by_seat:
            self.by_seat = True
            self.app.notify(f"{self.who}: {by} chose {'Cast ' + self.spell if cast else self.take}.", timeout=3)
            self.dismiss(cast)

    def on_mount(self) -> None:
        self.query_one("#reaction-box").border_title = f"{self.who}: Reaction"

    def action_cast(self) -> None:
        self.dismiss(True)

    def action_take(self) -> None:
        self.dismiss(False)


def ask_reactions(screen: Screen, command: object, post: Callable[[object], None], label: Callable[[str], str],
                  dry: Callable[[object], AbstractContextManager] | None = None) -> None:  # fmt: skip
    """Ask every Reaction dialog `command` opens, then `post` it once with the answers. A line the
    rules refuse is posted as it is, so the refusal shows where it always does. `dry(line)`: what
    each dry run of a line runs inside (the typed faces queued for it)."""
    app = screen.app
    if not hasattr(command, "react") or getattr(command, "resist", ()):
        post(command)  # a legendary resistance recast: its dialogs were asked before
        return
    asked = answered_already(command.react)

    def step(line: object) -> None:
        try:
            with dry(line) if dry is not None else nullcontext():
                outcome = app.session.preview(line)
        except CommandRejected:
            post(line)
            return
        offer = next_offer(outcome.events, asked)
        if offer is None:
            post(line)
            return
        asked.add((offer.ref, offer.spell.casefold()))

        texts = (label(offer.ref), offer.spell, *question(offer, label))
        dialog = ReactionDialog(*texts)
        seats = getattr(app, "seats", None)
        asked_at = None
        if seats is not None:  # the defender's bound seat may answer too; the first answer counts
            keys = dict(zip(("who", "spell", "happened", "does", "take"), texts, strict=True))
            asked_at = seats.forward(offer.ref, keys, lambda cast: dialog.answer(cast, "its player"))
            if asked_at is not None:
                dialog.asked_at_seat = True

        def answered(cast: bool | None) -> None:
            if asked_at is not None and not dialog.by_seat:
                seats.withdraw(asked_at)
            step(with_answer(line, offer, bool(cast)))

        app.push_screen(dialog, answered)

    step(command)
