"""The whole performance table of issue 17 in one command.

    python benchmarks/table.py [--quick] [--runs N] [--keys N] [--sizes 20,200,2000]
                               [--attacks N] [--only startup,keys,prompt,storage,formats,script]

Everything runs the way a GM runs it. The app is the real command (`python -m combat_tui FOLDER`)
in a pseudo-terminal of 120x40 whose output is read and replayed on a small terminal emulator
(`_term.py`), so a time is when the text was on the screen, not when the app thought it drew it.
Each terminal figure stands beside a bare Textual app (`_bare_app.py`) run the same way, the two
interleaved run by run, with the ratio. Bytecode is cached by a warm-up run of each before any
figure is taken.

- start-up: process start to the first screen that shows the campaign's content (its name, its
  tables and the last travelogue line), and to the effect of a first key (`:`, the prompt) typed
  as soon as the app has the terminal; the 5e sample, a large 5e campaign, the FuturePath sample;
- keys: Next turn in a fight of 20 / 200 / 2,000 combatants opened from a campaign folder, so the
  journal (fsynced) and the snapshots every 25 commands are on; each key is sent once the screen
  has been still for a moment, as a GM types, with the turn clock hidden (`T`: its tick each
  second would count as a late change of whichever key it follows); median and p99 to the first
  read that changed the screen and to the last one (a second frame counts), bytes sent to the
  terminal per key, and the app's RSS after the keys;
- prompt: the `:` prompt opened and closed (F3) in the 20-combatant fight, the screen still
  between keys; median to the first change and bytes, beside the bare app's `:`;
- storage: snapshot save (atomic, fsynced) in the JSON form a session writes most often and as
  TOML and JSON, each a few commands after the last as a session writes them (reusing the text of
  the records those commands left alone), and the whole state serialized afresh (a session's
  first); load (snapshot and journal), one journal append;
- formats: the snapshot's text written and parsed as TOML and as JSON (and msgpack or orjson
  when installed), beside the structuring that follows either;
- script: `combat-tui script` on 10,000 attacks (each followed by a heal, so no one dies).

Figures taken on a busy machine move; run it twice and read the ratios first.
"""

from __future__ import annotations

import argparse
import compileall
import gc
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(HERE), str(ROOT)]

from _term import Term, key_frames  # noqa: E402

BARE = ("bare Textual app", [sys.executable, str(HERE / "_bare_app.py")])
SAMPLE_SHOWS = ("Goblin Ambush", "Ser Aldric", "Goblin Boss", "Set up")
LARGE_SHOWS = ("Goblin Ambush", "Ser Aldric", "Goblin 53 attacks Ayla", "Set up")
"""The large campaign's last travelogue line is record 5,000's: Goblin 5000 % 97."""
FP_SHOWS = ("Space Bears", "Brandon", "Space Bear 4")
BARE_SHOWS = ("A bare Textual app.",)
PROMPT_SHOWS = ("a command, such as: next",)
BARE_KEY_SHOWS = ("Key 1.",)
FIGHT_SHOWS = ("Round 1",)
rows: list[tuple[str, str, str, str]] = []


def app_argv(folder: Path) -> list[str]:
    return [sys.executable, "-m", "combat_tui", str(folder), "--seed", "1"]


def spawn(argv: list[str], env: dict | None = None) -> Term:
    return Term(argv, env={"PYTHONPATH": str(ROOT), **(env or {})}, cwd=ROOT)


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))] if ordered else float("nan")


def ratio(app: float, bare: float) -> str:
    return f"{app / bare:.1f} x" if bare and bare == bare and app == app else ""


def add(metric: str, bare: str, app: str, rate: str = "") -> None:
    rows.append((metric, bare, app, rate))
    print(f"  {metric:58} {bare:>14} {app:>18} {rate:>8}", flush=True)


# -- start-up -----------------------------------------------------------------------------------


def first_content(argv: list[str], shows: tuple[str, ...]) -> float:
    term = spawn(argv)
    at = term.read_until_showing(shows)
    term.close()
    return (at - term.started) * 1000 if at else float("nan")


def first_key(argv: list[str], key: bytes, shows: tuple[str, ...]) -> float:
    """The key is typed as soon as the app has put the terminal in its mode (its first output)."""
    term = spawn(argv)
    term.read_until(time.monotonic() + 20, quiet=0.0, min_bytes=1)
    term.send(key)
    at = term.read_until_showing(shows)
    term.close()
    return (at - term.started) * 1000 if at else float("nan")


def startup(runs: int, sample: Path, large: Path, futurepath: Path) -> None:
    targets = [
        ("sample campaign", app_argv(sample), SAMPLE_SHOWS),
        ("500 creatures, 20,000-line travelogue", app_argv(large), LARGE_SHOWS),
        ("FuturePath sample", app_argv(futurepath), FP_SHOWS),
    ]
    first_content(BARE[1], BARE_SHOWS)  # bytecode caches, disk caches
    for _, argv, shows in targets:
        first_content(argv, shows)
    content = {name: [] for name in [BARE[0], *(target[0] for target in targets)]}
    keyed = {name: [] for name in content}
    for run in range(runs):
        order = [(BARE[0], BARE[1], BARE_SHOWS), *targets]
        for name, argv, shows in order[run % len(order) :] + order[: run % len(order)]:
            content[name].append(first_content(argv, shows))
            key, effect = (b"n", BARE_KEY_SHOWS) if name == BARE[0] else (b":", PROMPT_SHOWS)
            keyed[name].append(first_key(argv, key, effect))
    bare_c, bare_k = median(content[BARE[0]]), median(keyed[BARE[0]])
    print(f"start-up, median of {runs} runs (ms)")
    for name, _, _ in targets:
        app_c, app_k = median(content[name]), median(keyed[name])
        add(f"first screen with content: {name}", f"{bare_c:.0f} ms", f"{app_c:.0f} ms", ratio(app_c, bare_c))
        add(f"first key's effect (':' typed at once): {name}", f"{bare_k:.0f} ms", f"{app_k:.0f} ms", ratio(app_k, bare_k))


# -- keys ---------------------------------------------------------------------------------------


def key_run(
    argv: list[str], shows: tuple[str, ...], presses: list[bytes], env: dict | None = None, quiet: float = 0.15
) -> tuple[list, float]:
    """Each of `presses` sent once the screen has been still for `quiet` s; the frames of each
    (`key_frames`) and the RSS after them."""
    term = spawn(argv, env)
    term.read_until_showing(shows, timeout=60)
    term.read(1.0)  # the warm-up after the first screen
    if shows == FIGHT_SHOWS:
        term.send(b"T")  # hide the turn clock: its second ticks are no key's effect
        term.read(0.5)
    sent = []
    for key in presses:
        sent.append(term.send(key))
        term.read_until(time.monotonic() + 2.0, quiet=quiet, min_bytes=1)
    end = time.monotonic()
    rss = term.rss_mib()
    term.close()
    return key_frames(term.chunks, sent, end), rss


def keys_table(sizes: list[int], keys: int, repeat: int, tmp: Path, truecolor: bool) -> None:
    from large import running_fight

    from combat_tui.storage import write_snapshot

    print(f"key -> screen, Next turn, {keys} keys x {repeat}, journal and snapshots on")
    variants = [(size, {}) for size in sizes]
    if truecolor:
        variants.append((sizes[len(sizes) // 2], {"COLORTERM": "truecolor"}))
    for size, env in variants:
        folder = tmp / f"fight-{size}"
        app, bare, rss = [], [], []
        for run in range(repeat):
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)
            write_snapshot(folder, running_fight(size), 0)
            pair = [("app", app_argv(folder), FIGHT_SHOWS), ("bare", BARE[1], BARE_SHOWS)]
            for name, argv, shows in pair if run % 2 == 0 else pair[::-1]:
                frames, mib = key_run(argv, shows, [b"n"] * keys, env)
                (app if name == "app" else bare).extend(frames)
                if name == "app":
                    rss.append(mib)
        colour = " truecolor" if env else ""
        for label, column in (("first change", 0), ("last change", 1)):
            b = [frame[column] for frame in bare]
            a = [frame[column] for frame in app]
            add(f"{size:5} combatants{colour}: median {label}", f"{median(b):.1f} ms", f"{median(a):.1f} ms", ratio(median(a), median(b)))
            add(f"{size:5} combatants{colour}: p99 {label}", f"{p99(b):.1f} ms", f"{p99(a):.1f} ms", ratio(p99(a), p99(b)))
        b = [frame[2] for frame in bare]
        a = [frame[2] for frame in app]
        add(f"{size:5} combatants{colour}: bytes per key (median)", f"{median(b):.0f} B", f"{median(a):.0f} B", ratio(median(a), median(b)))
        add(f"{size:5} combatants{colour}: keys that changed the screen", f"{len(bare)}", f"{len(app)}")
        add(f"{size:5} combatants{colour}: RSS after the keys", "", f"{max(rss):.1f} MiB")


def prompt_table(rounds: int, tmp: Path) -> None:
    from large import running_fight

    from combat_tui.storage import write_snapshot

    folder = tmp / "fight-prompt"
    folder.mkdir(parents=True, exist_ok=True)
    write_snapshot(folder, running_fight(20), 0)
    print(f"the : prompt, opened and closed {rounds} times, 20 combatants")
    app, _ = key_run(app_argv(folder), FIGHT_SHOWS, [b":", b"\x1bOR"] * rounds, quiet=0.2)  # F3: Esc waits for a sequence
    bare, _ = key_run(BARE[1], BARE_SHOWS, [b":", b":"] * rounds, quiet=0.2)
    for index, what in ((0, "opened"), (1, "closed")):
        a, b = app[index::2], bare[index::2]
        add(f"prompt {what}: median first change", f"{median([f[0] for f in b]):.1f} ms", f"{median([f[0] for f in a]):.1f} ms")
        add(f"prompt {what}: bytes (median)", f"{median([f[2] for f in b]):.0f} B", f"{median([f[2] for f in a]):.0f} B")


# -- storage and formats ------------------------------------------------------------------------


def timed(action, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def storage(large: Path, repeat: int, tmp: Path) -> None:
    from large import running_fight
    from storage_bench import session_states

    from combat_tui.core.session import JournalRecord
    from combat_tui.storage import load_session, write_snapshot
    from combat_tui.storage.fast_snapshot import FastSnapshot, write_fast_snapshot
    from combat_tui.storage.folder import JOURNAL_FILE, snapshot_data
    from combat_tui.storage.journal import JournalWriter
    from combat_tui.systems.dnd5e.commands import NextTurn

    print(f"storage, median of {repeat}")
    session, records, length, _ = load_session(large)
    add("load: 500 creatures + 20,000-line journal", "", f"{timed(lambda: load_session(large), repeat):.1f} ms")
    fight = running_fight(2000)
    folder = tmp / "save-2000"
    folder.mkdir()
    for what, where, state, seq in (("500 creatures", large, session.state, records), ("2,000-combatant fight", folder, fight, 0)):
        # As a session writes them: a few commands apart (storage_bench.BETWEEN), each snapshot
        # reusing the text of the records the commands left alone (FastSnapshot).
        toml = write_snapshot(where, state, seq)
        fast = FastSnapshot()
        fast.write(where, toml, state, seq)
        later = iter(session_states(state, repeat))
        json_only = timed(lambda: fast.write(where, toml, next(later), seq), repeat)
        add(f"snapshot save, JSON form (7 in 8; atomic, fsync): {what}", "", f"{json_only:.1f} ms")
        later = iter(session_states(state, repeat))
        both = timed(lambda: write_snapshot(where, next(later), seq, fast), repeat)
        add(f"snapshot save, TOML and JSON (1 in 8, and on quit): {what}", "", f"{both:.1f} ms")
        whole = timed(lambda: write_fast_snapshot(where, toml, snapshot_data(state, seq)), repeat)
        add(f"  the JSON form of the whole state again (a session's first): {what}", "", f"{whole:.1f} ms")
    writer = JournalWriter(large / JOURNAL_FILE, records, length)
    record = JournalRecord("cmd", "next", (NextTurn(),), lines=("Ayla's turn.",))
    add("journal append (fsync), median of 50", "", f"{timed(lambda: writer.append(record), 50):.2f} ms")
    writer.close()


def formats(large: Path, repeat: int) -> None:
    import tomllib

    import tomli_w
    from large import running_fight

    from combat_tui.storage import read_snapshot
    from combat_tui.storage.converter import campaign_from_data, campaign_to_data

    print(f"snapshot formats, median of {repeat} (text only; structuring is the same for each)")
    for name, campaign in (("500 creatures", read_snapshot(large)[0]), ("2,000 fight", running_fight(2000))):
        data = campaign_to_data(campaign)
        add(f"{name}: unstructure (records -> data)", "", f"{timed(lambda: campaign_to_data(campaign), repeat):.1f} ms")
        add(f"{name}: structure (data -> records)", "", f"{timed(lambda: campaign_from_data(data), repeat):.1f} ms")
        toml = tomli_w.dumps(data)
        add(f"{name}: TOML write / parse ({len(toml) / 1e6:.2f} MB)", "",
            f"{timed(lambda: tomli_w.dumps(data), repeat):.1f} / {timed(lambda: tomllib.loads(toml), repeat):.1f} ms")  # fmt: skip
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        add(f"{name}: JSON write / parse ({len(text) / 1e6:.2f} MB)", "",
            f"{timed(lambda: json.dumps(data, ensure_ascii=False, separators=(',', ':')), repeat):.1f} / {timed(lambda: json.loads(text), repeat):.1f} ms")  # fmt: skip
        for module in ("orjson", "msgpack"):
            if importlib.util.find_spec(module) is None:
                continue
            lib = __import__(module)
            dump, load = (lib.dumps, lib.loads) if module == "orjson" else (lib.packb, lib.unpackb)
            blob = dump(data)
            add(f"{name}: {module} write / parse", "", f"{timed(lambda: dump(data), repeat):.1f} / {timed(lambda: load(blob), repeat):.1f} ms")


# -- script -------------------------------------------------------------------------------------


def script(attacks: int, tmp: Path, runs: int) -> None:
    from combat_tui.storage import sample_dir

    folder = tmp / "script-campaign"
    shutil.copytree(sample_dir() / "goblin-ambush", folder)
    file = tmp / "attacks.txt"
    file.write_text("start\n" + 'attack Ayla "Goblin Boss" Rapier\nheal "Goblin Boss" 30\n' * attacks)
    argv = [sys.executable, "-m", "combat_tui", "script", str(folder), str(file), "--seed", "1"]
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(argv, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)  # fmt: skip
        times.append(time.perf_counter() - start)
        if done.returncode != 0:
            add(f"combat-tui script, {attacks:,} attacks", "", f"failed: {done.stderr.strip()[:60]}")
            return
    add(f"combat-tui script, {attacks:,} attacks (+ {attacks:,} heals), median of {runs}", "", f"{median(times):.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs and keys: a minute or two")
    parser.add_argument("--runs", type=int, default=None, help="start-up runs of each (5; quick 2)")
    parser.add_argument("--keys", type=int, default=None, help="keys a run (200; quick 40)")
    parser.add_argument("--repeat", type=int, default=None, help="runs of each fight size (2; quick 1)")
    parser.add_argument("--sizes", default=None, help="fight sizes (20,200,2000)")
    parser.add_argument("--attacks", type=int, default=None, help="script attacks (10000; quick 2000)")
    parser.add_argument("--only", default="startup,keys,prompt,storage,formats,script")
    args = parser.parse_args()
    quick = args.quick
    runs = args.runs or (2 if quick else 5)
    keys = args.keys or (40 if quick else 200)
    repeat = args.repeat or (1 if quick else 2)
    sizes = [int(size) for size in (args.sizes or "20,200,2000").split(",")]
    attacks = args.attacks or (2000 if quick else 10_000)
    only = set(args.only.split(","))
    from large import write_large_folder

    from combat_tui.storage import sample_dir

    # As on a user's machine, the app's bytecode is cached: an environment that says not to
    # write it (PYTHONDONTWRITEBYTECODE) would have every run compile 150 modules first.
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    compileall.compile_dir(ROOT / "combat_tui", quiet=1)
    print(f"combat-tui performance table ({ROOT}), Python {sys.version.split()[0]}")
    print(f"  {'metric':58} {'bare Textual':>14} {'combat-tui':>18} {'ratio':>8}")
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        sample = tmp / "sample"
        shutil.copytree(sample_dir() / "goblin-ambush", sample)
        futurepath = tmp / "futurepath"
        shutil.copytree(sample_dir() / "space-bears", futurepath)
        large = write_large_folder(tmp / "large", 500, 20_000)
        if "startup" in only:
            startup(runs, sample, large, futurepath)
        if "keys" in only:
            keys_table(sizes, keys, repeat, tmp, truecolor=not quick)
        if "prompt" in only:
            prompt_table(8 if quick else 30, tmp)
        if "storage" in only:
            storage(write_large_folder(tmp / "large-storage", 500, 20_000), 3 if quick else 7, tmp)
        if "formats" in only:
            formats(large, 3 if quick else 7)
        if "script" in only:
            script(attacks, tmp, 1 if quick else 3)
    print()
    print("| metric | bare Textual | combat-tui | ratio |")
    print("| --- | --- | --- | --- |")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
