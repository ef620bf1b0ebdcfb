"""A spell record in words (spell_text.py): casting time, range and area, duration and
concentration, the targets a cast takes, and what the GM applies by hand."""

from __future__ import annotations

from attrs import evolve

from combat_tui.systems.dnd5e import spell_text as st
from combat_tui.systems.dnd5e.data.spells import Spell, find_spell

FIREBALL = Spell("Fireball", 3, "save", "8d6", "fire", "1d6", save="dexterity", half_on_save=True, max_targets=0,
                 school="evocation", range="150 feet", area="20-foot sphere", duration="Instantaneous",
                 components="V, S, M")  # fmt: skip


def test_casting_time_in_words_and_its_kind():
    assert (st.casting_text(FIREBALL), st.casting_kind(FIREBALL)) == ("1 action", "action")
    healing_word = evolve(FIREBALL, casting="bonus")
    assert (st.casting_text(healing_word), st.casting_kind(healing_word)) == ("1 bonus action", "bonus action")
    assert st.casting_kind(find_spell("Shield")) == "reaction"
    ritual = evolve(FIREBALL, casting="minute", casting_amount=10)
    assert (st.casting_text(ritual), st.casting_kind(ritual)) == ("10 minutes", "longer")
    assert st.casting_text(evolve(FIREBALL, casting="hour")) == "1 hour"
    assert st.casting_kind(evolve(FIREBALL, casting="special")) == "longer"


def test_about_line_names_range_area_duration_and_concentration():
    assert st.about_text(FIREBALL) == "1 action · 150 feet, 20-foot sphere · Instantaneous"
    bless = Spell("Bless", 1, "chip", chip="Bless", concentration=True, range="30 feet", duration="1 minute")
    assert st.about_text(bless) == "1 action · 30 feet · 1 minute, concentration"
    bare = Spell("Hold Person", 2, "save", save="wisdom", concentration=True)
    assert st.about_text(bare) == "1 action · Concentration"
    assert st.about_text(evolve(bless, ritual=True)).endswith(" · ritual")


def test_the_library_fills_what_the_own_table_leaves_empty():
    own = Spell("Burning Hands", 1, "save", "3d6", "fire", save="dexterity", range="")
    library = evolve(FIREBALL, name="Burning Hands", range="Self", area="15-foot cone", dice="9d9", school="evocation")
    shown = st.with_library_fields(own, library)
    assert (shown.range, shown.area, shown.school, shown.dice) == ("Self", "15-foot cone", "evocation", "3d6")
    assert st.with_library_fields(own, None) is own
    assert st.described(FIREBALL) is FIREBALL  # nothing to fill


def test_targets_a_cast_takes_by_slot():
    hold = Spell("Hold Person", 2, "save", save="wisdom", max_targets=1, targets_per_slot=1)
    assert (st.target_limit(hold, 2), st.target_limit(hold, 4)) == (1, 3)
    assert st.targets_text(hold, 4) == "up to 3 targets"
    assert st.targets_text(hold) == "one target"
    assert st.targets_text(FIREBALL) == "any number of targets"
    assert st.target_limit(FIREBALL, 5) == 0
    assert st.targets_text(Spell("Magic Missile", 1, "missiles", max_targets=0)) == "a target per dart"
    assert st.targets_text(Spell("Scorching Ray", 2, "rays", max_targets=0)) == "a target per ray"
    misty = Spell("Misty Step", 2, "utility", range="Self")
    assert st.targets_text(misty) == "on the caster"
    assert not st.needs_target(misty)
    assert not st.needs_target(Spell("Shield", 1, "chip", range="Self"))
    assert st.needs_target(evolve(FIREBALL, range="Self", area="15-foot cone"))  # Burning Hands: an area


def test_by_hand_is_the_note_without_its_lead_in():
    grease = Spell("Grease", 1, "save", note="apply by hand: the area is difficult terrain")
    assert st.by_hand(grease) == "The area is difficult terrain"
    assert st.by_hand(FIREBALL) == ""
    assert st.by_hand(evolve(FIREBALL, note="roll the fire by hand")) == "Roll the fire by hand"
    assert (st.level_text(FIREBALL), st.level_text(evolve(FIREBALL, level=0))) == ("3rd level", "cantrip")
    assert st.ordinal(2) == "2nd"
