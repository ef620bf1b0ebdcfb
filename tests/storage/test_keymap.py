"""The keymap file: `keymap.toml` in the config folder, binding id = keys; a file that cannot be
used gives one message and no keys at all (the defaults stay)."""

from __future__ import annotations

import pytest

from combat_tui.__main__ import main
from combat_tui.screens.key_list import is_key
from combat_tui.storage.keymap import keymap_path, read_keymap, unknown_ids


def write(text: str, encoding: str = "utf-8"):
    path = keymap_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode(encoding))
    return path


def test_the_file_lives_in_the_config_folder(isolated_home, monkeypatch, tmp_path):
    assert keymap_path() == isolated_home / "keymap.toml"
    monkeypatch.delenv("COMBAT_TUI_HOME")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert keymap_path() == tmp_path / "combat-tui" / "keymap.toml"


def test_no_file_is_no_keymap_and_no_problem():
    assert read_keymap() == ({}, "")


def test_ids_with_keys_as_a_string_a_list_or_dotted_tables():
    write('"combat.next-turn" = "n, space"\n"app.quit" = ["q", "f10"]\ncombat.attack = "x"\n[setup]\nstart = "S"\n')
    assert read_keymap(is_key=is_key) == (
        {"combat.next-turn": "n,space", "app.quit": "q,f10", "combat.attack": "x", "setup.start": "S"},
        "",
    )


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('"combat.next-turn = "n"\n', "it is not valid TOML"),
        ('"combat.next-turn" = 5\n', '"combat.next-turn" needs a string of keys'),
        ('"combat.next-turn" = ["n", 5]\n', '"combat.next-turn" needs a string of keys'),
        ('"combat.next-turn" = ""\n', '"combat.next-turn" has no key'),
        ('"combat.next-turn" = "n,banana"\n', '"banana" is not a key name'),
        ('"combat.next-turn" = "hyper+ctrl+"\n', 'is not a key name'),
        ('"combat.next-turn" = "cmd+n"\n', '"cmd+n" is not a key name'),
    ],
)
def test_a_bad_file_is_one_message_naming_the_file_and_no_keys(text, problem):
    path = write(text)
    keymap, message = read_keymap(is_key=is_key)
    assert keymap == {}
    assert message.startswith(f"{path}: ") and problem in message and message.endswith("The default keys are in use.")


def test_a_file_that_is_not_utf8():
    write('"app.quit" = "é"\n', encoding="latin-1")
    assert "it is not UTF-8 text" in read_keymap()[1]


def test_key_names():
    assert all(is_key(key) for key in ["n", "N", "?", "space", "f5", "ctrl+n", "question_mark", "colon",
                                       "right_square_bracket", "plus", "shift+tab", "pagedown", "é"])  # fmt: skip
    assert not any(is_key(key) for key in ["", " ", "banana", "ctrl+", "cmd+n", "spacebar"])


def test_unknown_ids_are_the_ones_no_binding_has():
    assert unknown_ids({"combat.next-turn": "n", "combat.next": "x"}, {"combat.next-turn"}) == ["combat.next"]


def test_keys_lists_every_screen_with_ids_keys_and_the_file(capsys):
    path = write('"combat.next-turn" = "n,space"\n"combat.nxet" = "x"\n')
    assert main(["keys"]) == 1  # the unknown id
    out, err = capsys.readouterr()
    assert f"Keymap file: {path} (in use)" in out
    assert "\nCombatScreen (screens/dnd5e/combat.py)\n" in out and "\nFPRoundScreen (screens/futurepath/round.py)\n" in out
    line = next(line for line in out.splitlines() if line.startswith("  combat.next-turn "))
    assert line.split() == ["combat.next-turn", "n", "space", "*", "Next", "turn"]
    assert "combat.nxet" in err


def test_keys_with_no_file_says_where_it_goes(capsys):
    assert main(["keys"]) == 0
    assert f"Keymap file: {keymap_path()} (not there yet)" in capsys.readouterr().out
