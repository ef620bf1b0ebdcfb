"""A table of one's own, from nothing (issue 13, done-when): an empty campaign, a party of four
made with the text forms, three SRD wolves and an Owlbear, a fight, its end, and a level up."""

from __future__ import annotations

from pathlib import Path

from combat_tui.__main__ import main
from combat_tui.storage import read_snapshot

PARTY = """\
character add Brom race=hill dwarf "classes=Fighter 1" str=16 dex=12 con=15 int=10 wis=11 cha=8 skills=athletics, perception
equip Brom "Chain Mail"
equip Brom Longsword
equip Brom Shield
character add Ilsa race=human "classes=Cleric 1 (Life)" str=14 dex=10 con=14 int=10 wis=16 cha=12
equip Ilsa Mace
equip Ilsa "Scale Mail"
equip Ilsa Shield
character add Nim race=lightfoot halfling "classes=Rogue 1" str=8 dex=17 con=12 int=13 wis=12 cha=14 expertise=stealth, perception skills=stealth, perception, acrobatics, deception
equip Nim Rapier
equip Nim "Leather Armor"
character add Vex race=tiefling "classes=Wizard 1" str=8 dex=14 con=13 int=16 wis=12 cha=10 "spells=Fire Bolt, Magic Missile"
equip Vex Quarterstaff
"""

FIGHT = """\
spawn Wolf 3 at 11 10
spawn Owlbear at 11 11
start
damage "Wolf 1" 50
damage "Wolf 2" 50
damage "Wolf 3" 50
damage Owlbear 100
end
levelup Brom
levelup Ilsa
levelup Nim
levelup Vex
"""


def test_a_party_of_four_fights_srd_creatures_on_an_empty_campaign(tmp_path: Path, capsys):
    folder = tmp_path / "thursday"
    assert main(["new", str(folder), "--system", "dnd5e", "--name", "Thursday"]) == 0
    empty, _ = read_snapshot(folder)
    assert (empty.characters, empty.creatures, len(empty.maps)) == ((), (), 1)
    script = tmp_path / "table.txt"
    script.write_text(PARTY + FIGHT)
    assert main(["script", str(folder), str(script), "--seed", "3", "--save"]) == 0
    out = capsys.readouterr().out
    assert "Wolf 1, Wolf 2 and Wolf 3 appear" in out and "Owlbear appears" in out
    state, _ = read_snapshot(folder)
    party = {c.name: c for c in state.characters}
    assert sorted(party) == ["Brom", "Ilsa", "Nim", "Vex"]
    assert all(sum(level.level for level in c.classes) == 2 for c in party.values())
    brom = party["Brom"]
    assert brom.armor.name == "Chain mail" and brom.shield is not None and brom.ac == 18
    assert brom.max_hp == 10 + 2 + 6 + 2 + 2  # d10 at level 1, then the fixed 6, CON +2 each, hill dwarf +1 each
    assert brom.xp > 0
    assert state.fight is None


def test_new_with_a_system_makes_an_empty_futurepath_campaign(tmp_path: Path):
    folder = tmp_path / "void"
    assert main(["new", str(folder), "--system", "futurepath"]) == 0
    state, _ = read_snapshot(folder)
    assert state.system == "futurepath" and state.futurepath.actors == ()


def test_new_with_an_unknown_system_says_so_and_makes_nothing(tmp_path: Path, capsys):
    assert main(["new", str(tmp_path / "x"), "--system", "gurps"]) == 2
    assert "Unknown rule system 'gurps'" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()
