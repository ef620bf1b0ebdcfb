"""The SRD library's index, its lookups by key, slug or name, and its search order."""

from __future__ import annotations

from combat_tui.library.srd import LibraryEntry, search, srd_creature, srd_entries


def names(found: list[LibraryEntry]) -> list[str]:
    return [entry.name for entry in found]


def test_the_index_lists_each_creature_once_by_name_and_is_kept():
    entries = srd_entries()
    assert len(entries) == 341 and srd_entries() is entries
    assert names(list(entries)) == sorted(names(list(entries)), key=str.casefold)
    wolf = next(entry for entry in entries if entry.key == "srd:wolf")
    assert wolf == LibraryEntry("srd:wolf", "Wolf", "beast", "1/4", "medium")
    assert {entry.challenge for entry in entries} >= {"0", "1/8", "1/4", "1/2", "1", "30"}


def test_a_creature_is_found_by_key_slug_or_name_in_any_case_and_kept():
    wolf = srd_creature("srd:wolf")
    assert wolf is not None and wolf.name == "Wolf"
    assert srd_creature("wolf") is wolf and srd_creature("  WOLF ") is wolf
    dragon = srd_creature("Adult Red Dragon")
    assert dragon is srd_creature("adult-red-dragon") is srd_creature("srd:adult-red-dragon")
    assert srd_creature("Tarrasque Jr") is None and srd_creature("") is None


def test_search_ranks_name_prefix_then_word_prefix_then_substring():
    entries = srd_entries()
    assert names(search(entries, "owlbear")) == ["Owlbear"]
    assert names(search(entries, "bear")) == ["Bearded Devil", "Black Bear", "Brown Bear", "Polar Bear",
                                             "Bugbear Stalker", "Bugbear Warrior", "Owlbear", "Werebear"]  # fmt: skip
    assert names(search(entries, "WOLF"))[:4] == ["Wolf", "Dire Wolf", "Giant Wolf Spider", "Winter Wolf"]
    assert names(search(entries, "red dragon")) == ["Red Dragon Wyrmling", "Adult Red Dragon", "Ancient Red Dragon",
                                                   "Young Red Dragon"]  # fmt: skip


def test_search_matches_the_type_and_the_challenge_rating():
    entries = srd_entries()
    oozes = search(entries, "ooze")
    assert names(oozes)[0] == "Gray Ooze" and {e.creature_type for e in oozes[1:]} == {"ooze"}
    quarter = search(entries, "1/4")
    assert quarter and {entry.challenge for entry in quarter} == {"1/4"} and "Wolf" in names(quarter)
    assert names(search(entries, "cr 17")) == [
        "Adult Gold Dragon",
        "Adult Red Dragon",
        "Dragon Turtle",
        "Sphinx of Valor",
    ]
    assert search(entries, "zzz") == []


def test_an_empty_query_lists_all_by_name():
    entries = srd_entries()
    assert search(entries, "  ") == sorted(entries, key=lambda e: e.name.casefold())
    assert search(list(entries)[:3], "") == list(entries)[:3]
