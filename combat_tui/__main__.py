"""The command line: play (the default), script, check, new.

    combat-tui [play] [CAMPAIGN] [--seed N]      open the app (the sample campaign by default)
    combat-tui script CAMPAIGN FILE [--seed N] [--save]
    combat-tui check CAMPAIGN                    read a campaign folder and report what is wrong
    combat-tui new FOLDER [--name NAME] [--from SAMPLE | --system dnd5e|futurepath]
    combat-tui seat CAMPAIGN [--as CHARACTER | --watch]   a player view of the GM's live campaign
    combat-tui keys                              every key of every screen, its id, and the keymap file
"""

from __future__ import annotations

import argparse
import gc
import sys
from pathlib import Path

SUBCOMMANDS = ("play", "script", "check", "new", "seat", "keys")
APPS = ("play", "seat")


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] not in SUBCOMMANDS + ("-h", "--help"):
        argv.insert(0, "play")
    if argv[0] in APPS:
        gc.disable()  # through the app's imports (`_on_after_imports`)
        from combat_tui import start_cache

        start_cache.install()  # before the imports whose generated code it keeps; done after the first screen
    from combat_tui.core.command import CommandRejected
    from combat_tui.storage import CampaignError  # imported here: after the collector is off

    args = _parser().parse_args(argv)
    try:
        return args.run(args)
    except CampaignError as error:
        print(f"combat-tui: {error}", file=sys.stderr)
        return 1
    except CommandRejected as error:  # an unknown system and the like: a message, never a traceback
        print(f"combat-tui: {error}", file=sys.stderr)
        return 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="combat-tui", description="A keyboard-only combat tracker for GMs.")
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="open the app (the default)")
    play.add_argument("campaign", nargs="?", type=Path, help="a campaign folder; the sample by default")
    play.add_argument("--seed", type=int, default=None, help="seed the dice")
    play.add_argument("--pick", action="store_true", help="start on the campaign picker")
    play.set_defaults(run=_play)
    script = sub.add_parser("script", help="run a file of text commands headless")
    script.add_argument("campaign", type=Path)
    script.add_argument("file", type=Path, help="one command a line; '-' reads standard input")
    script.add_argument("--seed", type=int, default=None)
    script.add_argument("--save", action="store_true", help="keep what the script did (all or nothing)")
    script.set_defaults(run=_script)
    check = sub.add_parser("check", help="read a campaign folder and report what is wrong")
    check.add_argument("campaign", type=Path)
    check.set_defaults(run=_check)
    new = sub.add_parser("new", help="create a campaign folder from a sample")
    new.add_argument("folder", type=Path)
    new.add_argument("--name", default=None)
    new.add_argument("--from", dest="sample", default="goblin-ambush")
    new.add_argument("--system", default=None, help="an empty campaign of this rule system (dnd5e, futurepath)")
    new.set_defaults(run=_new)
    seat = sub.add_parser("seat", help="a player view of the campaign the GM has open")
    seat.add_argument("campaign", type=Path)
    who = seat.add_mutually_exclusive_group(required=True)
    who.add_argument("--as", dest="character", help="the party character this seat plays")
    who.add_argument("--watch", action="store_true", help="look only")
    seat.set_defaults(run=_seat)
    keys = sub.add_parser("keys", help="list every key of every screen with its id, and the keymap file that rebinds them")
    keys.set_defaults(run=_keys)
    return parser


def _on_after_imports() -> None:
    """The collector, off through an app's imports, is turned on with what they made frozen.

    Imports keep nearly all they make (modules, classes, styles), and the collector's passes over
    that growing heap found next to nothing: ~30 ms before the first screen, one full pass of
    18 ms inside the first render. Frozen, those objects are never scanned again; the collector is
    on for what opening the campaign makes (left off until the first screen, the start-up's
    garbage of a 2,000-combatant fight was freed only then, and the app stayed 4 MiB larger)."""
    gc.freeze()
    gc.enable()


def _play(args: argparse.Namespace) -> int:
    from combat_tui.app import CombatApp
    from combat_tui.storage import prepare_sample

    _on_after_imports()

    campaign = None if args.pick else (args.campaign or prepare_sample("goblin-ambush"))
    CombatApp(campaign, seed=args.seed).run(mouse=False)
    return 0


def _seat(args: argparse.Namespace) -> int:
    from combat_tui.seats.app import SeatApp
    from combat_tui.storage import CampaignError

    _on_after_imports()

    if not args.campaign.is_dir():
        raise CampaignError(args.campaign, "no campaign folder here")
    SeatApp(args.campaign, None if args.watch else args.character).run(mouse=False)
    return 0


def _keys(args: argparse.Namespace) -> int:
    from combat_tui.screens.key_list import is_key, known_ids, listing
    from combat_tui.storage.keymap import keymap_path, read_keymap, unknown_ids

    path = keymap_path()
    keymap, problem = read_keymap(path, is_key)
    state = "in use" if keymap else "not there yet" if not path.exists() else "no keys in it"
    print(f"Keymap file: {path} ({state}). A line rebinds a key by its id:  \"combat.next-turn\" = \"n,space\"")
    print("Keys the file changed are marked *.")
    print("\n".join(listing(keymap)))
    unknown = unknown_ids(keymap, known_ids())
    if unknown:
        print(f"combat-tui: {path}: no key has the id {', '.join(unknown)}; those lines change nothing.", file=sys.stderr)
    if problem:
        print(f"combat-tui: {problem}", file=sys.stderr)
    return 1 if problem or unknown else 0


def _script(args: argparse.Namespace) -> int:
    from combat_tui.script import run_script

    return run_script(args.campaign, args.file, seed=args.seed, save=args.save)


def _check(args: argparse.Namespace) -> int:
    from combat_tui.storage import load_session

    session, records, _, _ = load_session(args.campaign)
    stage = session.system.stage(session.state)
    state = "no fight" if stage is None else f"a fight in {stage}"
    print(f"{args.campaign}: {session.state.name} ({session.state.system}), {records} journal records, {state}.")
    return 0


def _new(args: argparse.Namespace) -> int:
    import attrs

    from combat_tui.storage import CampaignError, read_snapshot, sample_dir, write_snapshot

    if (args.folder / "campaign.toml").exists():
        raise CampaignError(args.folder, "a campaign already exists here; nothing was changed")
    if args.system:
        from combat_tui.core.registry import get_system

        campaign = get_system(args.system).empty(args.name or args.folder.name)
    else:
        campaign, _ = read_snapshot(sample_dir() / args.sample)
    if args.name:
        campaign = attrs.evolve(campaign, name=args.name)
    args.folder.mkdir(parents=True, exist_ok=True)
    write_snapshot(args.folder, campaign, 0)
    print(f"Created {args.folder} ({campaign.name}).")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Exception as error:  # a last guard: a refusal is a message, never a traceback
        from combat_tui.core.command import CommandRejected

        if not isinstance(error, CommandRejected):
            raise
        print(f"combat-tui: {error}", file=sys.stderr)
        sys.exit(2)
