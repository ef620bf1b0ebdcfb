"""The FuturePath text forms: each command written back by format_command parses to itself."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.core.text import format_command, parse
from combat_tui.library.space_bears import space_bears
from combat_tui.systems.futurepath import commands as fc

STATE = space_bears()


@pytest.mark.parametrize(
    "command",
    [
        fc.OpenGroundSetup(), fc.SetPresent("katie", False), fc.SetPresent("katie", True), fc.SetAware("bear-2", False),
        fc.SetInitiative("art", 3), fc.SetInitiative("art", None), fc.SetGroup("katie", "rearguard"),
        fc.SetGroup("art", ""), fc.SetTeamInitiative("bears", 4), fc.StartGround(), fc.NextStep(), fc.Join("katie"),
        fc.Join("katie", True), fc.AddCondition("bear-1", "Stunned", 1), fc.AddCondition("art", "Covered in honey"),
        fc.RemoveCondition("art", "Shaken"), fc.SetOption("odd_member", "vanguard"),
        fc.OpposedInitiative(("brandon", "bear-3")), fc.SetEnvironment("Thick fog", -2, "ranged"),
        fc.SetEnvironment("Fog", 0, "all"), fc.MarkOut("bear-4", "fled"), fc.MarkOut("bear-4", ""), fc.EndGround(),
        fc.Declare("james", "technique", "Shock", "bear-3"), fc.Declare("brandon", "hide"),
        fc.Declare("brandon", "attack", "", "bear-1", "Silenced Pistol"), fc.Declare("art", "5-ft step", rolls=True),
        fc.Declare("art", "use item", "Stim pack", rolls=False), fc.Withdraw("art"), fc.Commit(), fc.Resolve(),
        fc.Resolve("james", "Bear 3 fails its save"),
        fc.FPAttack("brandon", "bear-1", "Silenced Pistol"), fc.FPAttack("art", "bear-2", "", (("flank", 1), ("cover", -1))),
        fc.FPAttack("brandon", "bear-1", "Silenced Pistol", (("blind", -5),), force=True, touch=True),
        fc.FPAttack("katie", "bear-3", "Helix Blade", offhand=True), fc.FPDamage("art", 5),
        fc.FPDamage("art", 5, "thermal", True), fc.FPHeal("art", 3), fc.ThrowGrenade("brandon"),
        fc.ThrowGrenade("brandon", True), fc.Disarm("art"), fc.Disarm("art", 15, 3), fc.Disarm("art", 12, -1),
        fc.PlaceTrap("james"), fc.PlaceTrap("james", 2), fc.RollCheck("art", "dex", True, 15, 1),
        fc.RollCheck("art", "wis", False, 0, 0, (("help", 2), ("dark", -1))), fc.Leftover("james", "Burning"), fc.Leftover("james", "Poisoned", True),
    ],
)  # fmt: skip
def test_format_then_parse_is_the_same_command(command):
    text = format_command(command, STATE)
    assert parse(text, STATE).command == command, text


def test_the_pages_spellings_are_read():
    # ref: A41 — "Vangaurd", "Readguard"
    assert parse("group Art readguard", STATE).command == fc.SetGroup("art", "rearguard")
    assert parse("group Art Vangaurd", STATE).command == fc.SetGroup("art", "vanguard")


def test_5e_verbs_are_not_futurepath_verbs():
    with pytest.raises(CommandRejected, match="Unknown command 'deathsave'"):
        parse("deathsave Art", STATE)


def test_show_defaults_lists_every_adopted_default_with_its_option():
    from tests.systems.futurepath.helpers import run, session

    s = session(STATE)
    lines = run(s, "option odd_member vanguard", "show defaults")
    assert any(line.startswith("A10. ") and "[odd_member = vanguard (changed by the GM)]" in line for line in lines)
    assert sum(1 for line in lines if line[:1] == "A") == 41


def test_a_bad_option_is_refused_with_the_choices():
    from tests.systems.futurepath.helpers import run, session

    s = session(STATE)
    with pytest.raises(CommandRejected, match="Choices: nearest-mean, vanguard, rearguard"):
        run(s, "option odd_member middle")
    with pytest.raises(CommandRejected, match="There is no option 'colour'"):
        run(s, "option colour blue")


def test_every_example_in_the_docs_parses():
    import re
    from pathlib import Path

    text = Path(__file__).resolve().parents[3].joinpath("docs", "commands.md").read_text()
    section = text.split("## Commands (futurepath)", 1)[1]
    examples = [row.rsplit("|", 2)[-2].strip() for row in section.splitlines() if row.startswith("| `")]
    lines = [m for cell in examples for m in re.findall(r"`([^`]+)`", cell)]
    assert len(lines) >= 30
    for line in lines:
        parse(line, STATE)


def test_declare_reads_on_and_with_in_either_order():
    a = parse('declare Brandon attack with "Silenced Pistol" on "Space Bear 1"', STATE).command
    b = parse('declare Brandon attack on "Space Bear 1" with "Silenced Pistol"', STATE).command
    assert a == b == fc.Declare("brandon", "attack", "", "bear-1", "Silenced Pistol")
