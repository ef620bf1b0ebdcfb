"""Saving and loading a large campaign: 500 creatures and a 20,000-line travelogue.

    python benchmarks/storage_bench.py [--creatures 500] [--lines 20000] [--records 20000] [--repeat 5]
                                       [--fight 2000] [--only saves]

Prints the median of each step: the TOML snapshot write (atomic, fsynced), opening the folder
(snapshot + journal read and folded), and appending one journal record (fsynced). Then, for a
journal of `--records` replayable records with an undo base (`.undo.toml`) 600 records back and
10 records past the snapshot: opening it, and the first undo past the opening point, which
rebuilds the history from the base.

`saves` (also alone, with `--only saves`): the snapshots a session writes, for the campaign of
`--creatures` and a fight of `--fight` combatants, each after a few real commands (next, damage,
heal), as the snapshot thread writes them (`FastSnapshot` and its `TomlSnapshot`, which reuse
the text of the records that did not change), beside the whole state serialized again (as
before them), and the parts of one: building the text, the atomic write with its fsyncs, the
TOML's digest.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from large import big_campaign, running_fight, write_large_folder  # noqa: E402

from combat_tui.core.command import CommandRejected  # noqa: E402
from combat_tui.core.dice import Dice  # noqa: E402
from combat_tui.core.runner import run_line  # noqa: E402
from combat_tui.core.session import JournalRecord, Session  # noqa: E402
from combat_tui.storage import load_session, write_snapshot  # noqa: E402
from combat_tui.storage.fast_snapshot import FAST_FILE, FastSnapshot, digest, write_fast_snapshot  # noqa: E402
from combat_tui.storage.files import atomic_write  # noqa: E402
from combat_tui.storage.folder import BASE_FILE, JOURNAL_FILE, snapshot_data, snapshot_text  # noqa: E402
from combat_tui.storage.journal import JournalWriter, read_journal, record_to_json  # noqa: E402
from combat_tui.systems.dnd5e.commands import NextTurn  # noqa: E402


def median_ms(action, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def write_replayable_folder(folder: Path, creatures: int, records: int, back: int = 600, tail: int = 10) -> Path:
    """A journal of `records` real records (damage Ayla 1, heal Ayla 1, again and again), the
    snapshot `tail` records before its end and the undo base `back` records before that."""
    folder.mkdir(parents=True)
    campaign = big_campaign(creatures)
    session = Session(campaign, dice=Dice(1))
    made: list[JournalRecord] = []
    session.journal = made.append
    run_line(session, "damage Ayla 1")
    run_line(session, "heal Ayla 1")
    assert session.state == campaign  # the pair leaves the campaign as it was: any even seq has it
    with open(folder / JOURNAL_FILE, "w", encoding="utf-8") as journal:
        for seq in range(1, records + 1):
            journal.write(record_to_json(made[(seq - 1) % 2], seq) + "\n")
    snap = records - tail - (records - tail) % 2
    write_snapshot(folder, campaign, snap)
    (folder / BASE_FILE).write_text(snapshot_text(campaign, snap - back), encoding="utf-8")
    return folder


BETWEEN = ("next", "damage 'Goblin 7' 1", "next", "heal 'Goblin 7' 1")
"""The commands played between two snapshots (a creature hit and healed, the turn moved on)."""


def session_states(campaign, count: int) -> list:
    """`count` states a session goes through, BETWEEN apart (a campaign with no fight stays put
    on `next`, which is refused)."""
    session = Session(campaign, dice=Dice(1))
    states = []
    for _ in range(count):
        for line in BETWEEN:
            try:
                run_line(session, line)
            except CommandRejected:
                pass
        states.append(session.state)
    return states


def saves(tmp: Path, creatures: int, fight: int, repeat: int) -> None:
    for what, campaign in ((f"{creatures} creatures", big_campaign(creatures)), (f"{fight:,}-combatant fight", running_fight(fight))):
        folder = tmp / f"saves-{what.split()[0]}"
        folder.mkdir()
        toml = write_snapshot(folder, campaign, 0)
        states = session_states(campaign, repeat + 1)
        fast = FastSnapshot()
        first = median_ms(lambda: fast.write(folder, toml, states[0], 0), 1)
        later = iter(states[1:])
        session = median_ms(lambda: fast.write(folder, toml, next(later), 0), repeat)
        whole = median_ms(lambda: write_fast_snapshot(folder, toml, snapshot_data(states[-1], 0)), repeat)
        later = iter(session_states(campaign, repeat))
        build = median_ms(lambda: fast.body(toml, next(later), 0), repeat)
        body = fast.body(toml, states[-1], 0)
        write = median_ms(lambda: atomic_write(folder / FAST_FILE, body), repeat)
        later = iter(session_states(campaign, repeat))
        both = median_ms(lambda: write_snapshot(folder, next(later), 0, fast), repeat)
        whole_toml = median_ms(lambda: write_snapshot(folder, states[-1], 0), repeat)
        toml_text = (folder / "campaign.toml").read_bytes()
        hashed = median_ms(lambda: digest(toml_text), repeat)
        print(f"{what}: JSON {len(body) / 1e6:.2f} MB, TOML {len(toml_text) / 1e6:.2f} MB")
        print(f"  session snapshot, JSON form (7 in 8):   {session:7.1f} ms  (the first of a session: {first:.1f} ms)")
        print(f"    of which the text / the atomic write: {build:7.1f} / {write:.1f} ms (write, fsync, rename, fsync the folder)")
        print(f"  the whole state serialized again:       {whole:7.1f} ms  (the JSON form before FastSnapshot)")
        print(f"  session snapshot, TOML and JSON (1 in 8): {both:5.1f} ms  (of which the TOML's digest {hashed:.1f} ms)")
        print(f"  the whole state serialized again:       {whole_toml:7.1f} ms  (the TOML and JSON before TomlSnapshot)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--creatures", type=int, default=500)
    parser.add_argument("--lines", type=int, default=20_000)
    parser.add_argument("--records", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--fight", type=int, default=2000)
    parser.add_argument("--only", choices=["saves"], default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        saves(Path(tmp), args.creatures, args.fight, max(args.repeat, 5))
        if args.only:
            return
        folder = write_large_folder(Path(tmp) / "large", args.creatures, args.lines)
        session, records, length, _ = load_session(folder)
        size = (folder / "campaign.toml").stat().st_size + (folder / JOURNAL_FILE).stat().st_size
        print(f"campaign: {args.creatures} creatures, {len(session.log)} log lines, {records} records, {size / 1e6:.1f} MB")
        print(f"save snapshot (TOML, atomic, fsync): {median_ms(lambda: write_snapshot(folder, session.state, records), args.repeat):7.1f} ms")
        print(f"read the journal (checked):           {median_ms(lambda: read_journal(folder / JOURNAL_FILE), args.repeat):7.1f} ms")
        print(f"load (snapshot + journal):            {median_ms(lambda: load_session(folder), args.repeat):7.1f} ms")
        writer = JournalWriter(folder / JOURNAL_FILE, records, length)
        record = JournalRecord("cmd", "next", (NextTurn(),), lines=("Ayla's turn.",))
        print(f"append one journal record (fsync):    {median_ms(lambda: writer.append(record), 50):7.2f} ms")
        writer.close()

        replayable = write_replayable_folder(Path(tmp) / "replayable", args.creatures, args.records)
        size = (replayable / JOURNAL_FILE).stat().st_size
        print(f"replayable journal: {args.records} records, {size / 1e6:.1f} MB, 10 past the snapshot, undo base 610 back")
        print(f"load (snapshot + 10 replayed):        {median_ms(lambda: load_session(replayable), args.repeat):7.1f} ms")

        def first_undo_past_the_open() -> None:
            opened_session = load_session(replayable)[0]
            for _ in range(11):  # 10 from the replayed tail, then one from the rebuilt history
                opened_session.undo()

        load = median_ms(lambda: load_session(replayable), args.repeat)
        both = median_ms(first_undo_past_the_open, max(1, args.repeat // 2))
        print(f"first undo past the open (rebuild):   {both - load:7.1f} ms (600 records replayed from the base)")


if __name__ == "__main__":
    main()
