"""Magic Missile's darts (and a `rays` spell's rays) split among the named targets: each named
entry is one dart, a target named twice takes two, and fewer entries go round the list in order.

ref: §5 of the design — `cast CASTER "Magic Missile" on A, A, B`: a target named once per dart or ray.
"""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.core.runner import run_line
from combat_tui.core.text import format_command, parse
from combat_tui.library.goblin_ambush import goblin_ambush
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.data.spells import Spell
from combat_tui.systems.dnd5e.spells import dart_count
from tests.systems.dnd5e.helpers import hp, running


def goblins(s):
    return hp(s, "goblin-1"), hp(s, "goblin-2")


def test_a_target_named_twice_takes_two_darts(sample):
    s = running(sample)
    before = goblins(s)
    s.dice.force([1, 2, 3])  # darts of 2, 3 and 4 force
    entry = run_line(s, "cast Bren 'Magic Missile' on 'Goblin 1', 'Goblin 1', 'Goblin 2' ignore-cost")
    assert goblins(s) == (before[0] - 5, before[1] - 4)
    assert "Magic Missile dart 1" in " ".join(entry.lines) and "dart 3" in " ".join(entry.lines)


def test_the_text_form_keeps_the_repeats_and_round_trips(sample):
    s = running(sample)
    parsed = parse('cast Bren "Magic Missile" on Goblin 1, Goblin 1, Goblin 2', s.state)
    assert parsed.command == cmd.Cast("bren", "Magic Missile", 0, ("goblin-1", "goblin-1", "goblin-2"))
    assert parse(format_command(parsed.command, s.state), s.state).command == parsed.command


def test_more_entries_than_darts_is_refused_and_spends_nothing(sample):
    s = running(sample)
    slots = s.state.actor("bren").slots
    with pytest.raises(CommandRejected, match="3 darts at level 1; 4 targets"):
        run_line(s, "cast Bren 'Magic Missile' on Goblin 1, Goblin 1, Goblin 2, Goblin 2 ignore-cost")
    assert s.state.actor("bren").slots == slots
    s.dice.force([1, 1, 1, 1])  # a 2nd-level slot has four darts
    run_line(s, "cast Bren 'Magic Missile' at 2 on Goblin 1, Goblin 1, Goblin 2, Goblin 2 ignore-cost")


def test_fewer_entries_go_round_the_list_in_order(sample):
    # Documented choice: on A, B with three darts is A, B, A (the darts go round the list).
    s = running(sample)
    before = goblins(s)
    s.dice.force([4, 1, 4])  # 5, 2 and 5 force
    run_line(s, "cast Bren 'Magic Missile' on Goblin 1, Goblin 2 ignore-cost")
    assert goblins(s) == (max(0, before[0] - 10), before[1] - 2)


def test_a_dart_on_a_foe_already_dropped_is_lost(sample):
    s = running(sample)
    s.execute(cmd.ApplyDamage("goblin-1", hp(s, "goblin-1") - 1))
    s.dice.force([4, 4, 4])
    run_line(s, "cast Bren 'Magic Missile' on Goblin 1, Goblin 1, Goblin 1 ignore-cost")
    assert hp(s, "goblin-1") == 0


def test_other_spells_still_refuse_a_repeat(sample):
    s = running(sample)
    with pytest.raises(CommandRejected, match="named twice"):
        run_line(s, "cast Bren 'Burning Hands' on Goblin 1, Goblin 1 ignore-cost")


def test_dart_and_ray_counts():
    missile = Spell("Magic Missile", 1, "missiles", "1d4+1", "force", max_targets=0)
    ray = Spell("Scorching Ray", 2, "rays", "2d6", "fire", rays=3, max_targets=0)
    bren = goblin_ambush().actor("bren")
    assert [dart_count(missile, slot, bren) for slot in (1, 2, 3)] == [3, 4, 5]
    assert [dart_count(ray, slot, bren) for slot in (2, 3)] == [3, 4]
    blast = evolve(ray, level=0, rays=1, cantrip_scaling=True)
    assert dart_count(blast, 0, bren) == 1 + (sum(c.level for c in bren.classes) >= 5)
