"""The Session: the only mutator of a campaign.

It holds the state, the history, the dice, the rule system and the travelogue. Every change goes
through `execute`, `undo` or `redo`; each hands a `JournalRecord` to the journal hook *before*
the new state is taken, so a command that cannot be written (a full disk) changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Literal

from combat_tui.core.campaign import Campaign
from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.history import Entry, History
from combat_tui.core.records import frozen
from combat_tui.core.registry import RuleSystem, get_system
from combat_tui.core.text import format_command

Op = Literal["cmd", "undo", "redo"]


@frozen
class JournalRecord:
    """One line of the journal: what was done, the dice it rolled and the lines it logged.

    Undo and redo carry the state they lead to, so a replay past a snapshot can follow them even
    when the entry they undo was executed before that snapshot.
    """

    op: Op
    label: str
    commands: tuple = ()
    faces: tuple[int, ...] = ()
    lines: tuple[str, ...] = ()
    dropped: int = 0
    state: Campaign | None = None


Journal = Callable[[JournalRecord], None]


class Session:
    def __init__(
        self,
        state: Campaign,
        *,
        dice: Dice | None = None,
        log: list[str] | None = None,
        history_cap: int = 500,
        journal: Journal | None = None,
        describe: Callable[[object, Campaign], str] | None = None,
    ) -> None:
        self.state = state
        self.system: RuleSystem = get_system(state.system)
        self.dice = dice or Dice()
        self.log: list[str] = log if log is not None else []
        self.history = History(history_cap)
        self.journal = journal
        self.earlier: Callable[[Campaign], list[Entry]] | None = None
        """Rebuilds the entries that led to the history's first state (storage replays the journal
        from an older snapshot), asked once, when an undo reaches that state: undo after a restart."""
        self._describe_command = describe or format_command
        self._group: list | None = None
        self._group_depth = 0

    # -- doing -------------------------------------------------------------------------------

    def execute(self, command: object) -> Entry:
        """Apply one command, journal it, take the new state; CommandRejected leaves all as it was."""
        mark = self.dice.begin()
        before = self.state
        try:
            outcome = self.system.apply(before, command, self.dice)
        except CommandRejected:
            self.dice.rewind(mark)
            raise
        lines = self.system.describe(outcome.events, before, outcome.state)
        entry = Entry(
            label=self._describe_command(command, before),
            commands=(command,),
            before=before,
            after=outcome.state,
            events=outcome.events,
            lines=tuple(lines),
            faces=tuple(self.dice.used),
        )
        if self._group is not None:
            self._group.append(entry)
            self.state = entry.after
            self.log.extend(entry.lines)
            return entry
        if self.journal is not None:
            self._write(JournalRecord("cmd", entry.label, entry.commands, entry.faces, entry.lines), mark)
        self._commit(entry)
        return entry

    def preview(self, command: object):
        """The outcome `command` would have, on the dice it would roll, with nothing kept: the
        screen reads from it the questions the line would ask (a Reaction dialog) before posting.
        CommandRejected passes through."""
        mark = self.dice.begin()
        try:
            return self.system.apply(self.state, command, self.dice)
        finally:
            self.dice.rewind(mark)

    @contextmanager
    def group(self, label: str) -> Iterator[None]:
        """Run several commands as one history entry (an area spell on five targets).

        If any command is refused, every command of the group is taken back.
        """
        self._group_depth += 1
        outer = self._group is None
        if outer:
            self._group = []
            start_state, start_log = self.state, len(self.log)
            mark = self.dice.begin()
        try:
            yield
        except BaseException:
            if outer:
                self._group = None
                self.state = start_state
                del self.log[start_log:]
                self.dice.rewind(mark)
            raise
        finally:
            self._group_depth -= 1
        if not outer:
            return
        parts, self._group = self._group, None
        if not parts:
            return
        entry = Entry(
            label=label,
            commands=tuple(command for part in parts for command in part.commands),
            before=start_state,
            after=self.state,
            events=tuple(event for part in parts for event in part.events),
            lines=tuple(line for part in parts for line in part.lines),
            faces=tuple(face for part in parts for face in part.faces),
        )
        self.state, self.log[start_log:] = start_state, []
        try:
            self._write(JournalRecord("cmd", label, entry.commands, entry.faces, entry.lines), None)
        except CommandRejected:
            self.dice.rewind(mark)
            raise
        self._commit(entry)

    def undo(self) -> Entry:
        if not self.history.can_undo and self.earlier is not None:
            earlier, self.earlier = self.earlier, None
            self.history.graft(earlier(self.history.first_state(self.state)))
        entry = self.history.peek_undo()
        if entry is None:
            raise CommandRejected("Nothing to undo.")
        self._write(JournalRecord("undo", entry.label, dropped=len(entry.lines), state=entry.before), None)
        self.history.undo()
        self.state = entry.before
        if entry.lines:
            del self.log[-len(entry.lines) :]
        return entry

    def redo(self) -> Entry:
        entry = self.history.peek_redo()
        if entry is None:
            raise CommandRejected("Nothing to redo.")
        self._write(JournalRecord("redo", entry.label, lines=entry.lines, state=entry.after), None)
        self.history.redo()
        self.state = entry.after
        self.log.extend(entry.lines)
        return entry

    # -- replay (opening a campaign) ---------------------------------------------------------

    def replay(self, record: JournalRecord) -> None:
        """Follow one journal record without writing it again (the journal already holds it)."""
        journal, self.journal = self.journal, None
        try:
            if record.op == "cmd":
                self._replay_commands(record)
            elif record.op == "undo":
                if self.history.can_undo:
                    self.undo()
                else:
                    self._jump(record.state, drop=record.dropped)
            elif self.history.can_redo:
                self.redo()
            else:
                self._jump(record.state, add=record.lines)
        finally:
            self.journal = journal

    def _replay_commands(self, record: JournalRecord) -> None:
        """Apply the record's commands with its dice, as one entry (a group is one record); the
        label and the log lines are the record's, so only the rules run again."""
        if not record.commands:
            raise CommandRejected("The record holds no command.")
        self.dice.clear_forced()
        self.dice.force(record.faces)
        self.dice.begin()
        state, events = self.state, []
        try:
            for command in record.commands:
                outcome = self.system.apply(state, command, self.dice)
                state = outcome.state
                events.extend(outcome.events)
            faces = tuple(self.dice.used)
        finally:
            self.dice.clear_forced()
        if faces != record.faces:  # a replay must roll exactly what was rolled
            raise CommandRejected(f"The record rolled {list(record.faces)}, its replay {list(faces)}.")
        self._commit(Entry(record.label, record.commands, self.state, state, tuple(events), record.lines, faces))

    def _jump(self, state: Campaign | None, drop: int = 0, add: tuple[str, ...] = ()) -> None:
        if state is None:
            raise CommandRejected("The journal has an undo or redo without its state.")
        self.history.clear()
        self.state = state
        if drop:
            del self.log[-drop:]
        self.log.extend(add)

    # -- inside ------------------------------------------------------------------------------

    def _write(self, record: JournalRecord, mark: tuple | None) -> None:
        if self.journal is None:
            return
        try:
            self.journal(record)
        except (OSError, ValueError) as error:  # a full disk, a folder gone; a record JSON cannot hold
            if mark is not None:
                self.dice.rewind(mark)
            raise CommandRejected(
                "The command was not saved, so it was not applied.", f"Writing the journal failed: {error}."
            ) from error

    def _commit(self, entry: Entry) -> None:
        self.history.push(entry)
        self.state = entry.after
        self.log.extend(entry.lines)

    @property
    def can_undo(self) -> bool:
        return self.history.can_undo or self.earlier is not None

    @property
    def can_redo(self) -> bool:
        return self.history.can_redo
