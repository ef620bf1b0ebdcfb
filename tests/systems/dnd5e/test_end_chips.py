"""The end of the fight ends the chips that count rounds."""

from __future__ import annotations

from combat_tui.core.text import format_command, parse
from combat_tui.systems.dnd5e import commands as cmd
from tests.systems.dnd5e.helpers import campaign, character, creature, running


def fight():
    s = running(campaign(character("ayla", "Ayla"), creature("orc", "Orc")))
    s.execute(cmd.AddChip("ayla", "Bless", 10))
    s.execute(cmd.AddChip("orc", "Poisoned", 3))
    s.execute(cmd.AddChip("orc", "Prone"))
    return s


def names(s, ref):
    return [c.name for c in s.state.actor(ref).chips]


def test_end_ends_every_chip_that_counts_rounds():
    # ref: Ending a fight — the fight's timed chips end with it
    s = fight()
    entry = s.execute(cmd.EndFight())
    assert names(s, "ayla") == [] and names(s, "orc") == ["Prone"]  # Prone counts no rounds
    assert "Bless on Ayla ends." in entry.lines


def test_a_kept_chip_outlasts_the_fight_and_the_text_form_round_trips():
    s = fight()
    parsed = parse("end keep 'Bless (Ayla)'", s.state)
    assert parsed.command == cmd.EndFight(keep=("ayla/Bless",))
    assert format_command(parsed.command, s.state) == "end keep 'Bless (Ayla)'"
    s.execute(parsed.command)
    assert names(s, "ayla") == ["Bless"] and names(s, "orc") == ["Prone"]


def test_plain_end_text_ends_them_all():
    s = fight()
    s.execute(parse("end", s.state).command)
    assert names(s, "ayla") == []
