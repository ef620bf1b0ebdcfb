"""The text forms that read or write a file a GM shares (issue 13, item 6):

    export travelogue FILE            the travelogue as Markdown (any system)
    export templates FILE             the campaign's templates as a shared TOML file (5e)
    export party FILE                 the party's characters (5e)
    export creature NAME FILE         one creature (5e)
    import FILE                       a shared TOML file (templates, creatures: as templates;
                                      a party: its characters join), or Improved Initiative's
                                      exported JSON (its creatures become templates)

The pure text forms never touch files, so the app's `:` prompt and the script runner ask
`run_file_verb` first. Reading happens here; what changes the campaign is still one command
through the session (`ImportTemplates`, `ImportCharacters`), so undo and the journal hold it.
An import with errors imports nothing and lists every error with its place.
"""

from __future__ import annotations

import shlex
from pathlib import Path

from combat_tui.core.command import CommandRejected
from combat_tui.core.runner import LineResult
from combat_tui.core.session import Session
from combat_tui.core.text import readable, resolve
from combat_tui.storage.errors import CampaignError

FILE_VERBS = ("export", "import")
USAGE = ("export travelogue FILE | export templates FILE | export party FILE | export creature NAME FILE"
         " | import FILE")  # fmt: skip


def is_file_verb(line: str) -> bool:
    first = line.strip().split(maxsplit=1)
    return bool(first) and first[0].casefold() in FILE_VERBS


def run_file_verb(session: Session, line: str) -> LineResult:
    """Run an `export` or `import` line; bad input raises CommandRejected, nothing half done."""
    line = readable(line)  # no NUL or control character reaches a file name
    try:
        words = shlex.split(line, comments=True)
    except ValueError as error:
        raise CommandRejected(f"Cannot read that line: {error}.") from None
    verb, rest = words[0].casefold(), words[1:]
    try:
        if verb == "export":
            return _export(session, rest)
        return _import(session, rest)
    except CampaignError as error:
        raise CommandRejected(str(error)) from None


def _export(session: Session, words: list[str]) -> LineResult:
    what = words[0].casefold() if words else ""
    if what == "travelogue" and len(words) == 2:
        from combat_tui.storage.travelogue_markdown import write_travelogue_markdown

        write_travelogue_markdown(Path(words[1]), session.state.name, session.log)
        return LineResult("export", output=f"The travelogue ({len(session.log)} lines) is in {words[1]}.")
    state = session.state
    if state.system != "dnd5e" or what not in ("templates", "party", "creature"):
        raise CommandRejected(f"Cannot read 'export {' '.join(words)}'.", f"Usage: {USAGE}")
    from combat_tui.storage.exchange import write_records

    if what == "creature":
        if len(words) < 3:
            raise CommandRejected("'export creature' needs a name, then a file.", f"Usage: {USAGE}")
        ref = resolve(" ".join(words[1:-1]), state, session.system.labels(state))
        records, kind, path = (state.actor(ref),), "creatures", words[-1]
        if not hasattr(records[0], "challenge"):
            raise CommandRejected(f"{records[0].name} is a character: 'export party FILE' shares the party.")
    elif len(words) != 2:
        raise CommandRejected(f"'export {what}' needs one file.", f"Usage: {USAGE}")
    else:
        records, kind, path = (state.templates if what == "templates" else state.characters), (
            "templates" if what == "templates" else "party"), words[1]  # fmt: skip
    if not records:
        raise CommandRejected(f"There is nothing to export: the campaign has no {what}.")
    write_records(Path(path), state.system, kind, tuple(records))
    return LineResult("export", output=f"{len(records)} {kind} written to {path}.")


def _import(session: Session, words: list[str]) -> LineResult:
    if len(words) != 1:
        raise CommandRejected("'import' needs one file.", f"Usage: {USAGE}")
    state = session.state
    if state.system != "dnd5e":
        raise CommandRejected("Only a 5e campaign imports shared creatures and parties so far.")
    from combat_tui.systems.dnd5e.commands import ImportCharacters, ImportTemplates
    from combat_tui.systems.dnd5e.model import Character, Creature

    path = Path(words[0])
    if path.suffix.casefold() == ".json":
        command = ImportTemplates(_improved_initiative(path), path.name)
    else:
        from combat_tui.storage.exchange import read_kind, read_records

        kind = read_kind(path)
        if kind == "party":
            command = ImportCharacters(read_records(path, Character, system="dnd5e", kind="party"), path.name)
        else:
            command = ImportTemplates(read_records(path, Creature, system="dnd5e", kind=kind), path.name)
    _check_ranges(path, command.creatures if hasattr(command, "creatures") else command.characters)
    entry = session.execute(command)
    return LineResult("import", lines=entry.lines, changed=True)


def _check_ranges(path: Path, records) -> None:
    """The load check's ranges: an imported number the campaign file would refuse is refused now."""
    from combat_tui.systems.dnd5e.check import BOUNDS, out_of_range

    problems = [(f"[{i}]{where}", what) for i, record in enumerate(records)
                for where, what in out_of_range(record, BOUNDS, "")]  # fmt: skip
    if problems:
        shown = "; ".join(f"{where}: {what}" for where, what in problems[:8])
        raise CommandRejected(f"{path.name}: nothing was imported: {shown}")


def _improved_initiative(path: Path):
    from combat_tui.library.improved_initiative import from_improved_initiative
    from combat_tui.storage.travelogue_markdown import read_json

    creatures, errors = from_improved_initiative(read_json(path))
    if errors:
        shown = "; ".join(errors[:8]) + (f"; and {len(errors) - 8} more" if len(errors) > 8 else "")
        raise CommandRejected(f"{path.name}: nothing was imported: {shown}")
    return creatures
