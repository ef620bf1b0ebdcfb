"""The sample campaign shows off issue 6: the goblin boss's Multiattack and Redirect Attack, the
wolves' Pack Tactics and bite, a winter wolf's Cold Breath, a young dragon's legendary actions and
resistance, a fighter's Action Surge, a barbarian's Rage, a rogue's Sneak Attack and Cunning Action."""

from __future__ import annotations

from attrs import evolve

from combat_tui.core.runner import run_line
from combat_tui.library.goblin_ambush import PARTY_TILE
from tests.systems.dnd5e.helpers import session


def lines(s, *texts):
    out = []
    for text in texts:
        out.extend(run_line(s, text).lines)
    return out


def test_the_sample_goblin_fight_with_surge_sneak_dash_and_redirect(sample):
    # ref: Action, bonus action, and reaction; ref: Redirect Attack; ref: Cover and Sneak Attack
    s = session(sample)
    lines(s, "dice 2 10 19 5 9 8 7 3", "start")  # Ayla 23 first ... Ser Aldric 3 last
    out = lines(s, "dice 15 3 2 2 1", "attack Ayla 'Goblin 2' Rapier sneak", "action Ayla dash cunning")
    assert out[1] == "Damage: 1d8 3 + 3d6 2+2+1 + 4 DEX = 12 piercing, Sneak Attack +3d6."
    assert out[-1] == "Ayla takes the Dash action as a bonus action (Cunning Action)."
    for _ in range(6):
        run_line(s, "next")
    assert s.state.fight.current().ref == "ser-aldric"
    out = lines(s, "surge 'Ser Aldric'", "dice 5 1", "attack 'Ser Aldric' 'Goblin Boss' Longsword redirect 'Goblin 3'")
    assert out[0] == "Ser Aldric uses Action Surge: +1 action (0 uses left)."
    assert out[1] == "Goblin Boss uses Redirect Attack: it swaps places with Goblin 3, who becomes the target."
    for _ in range(3):
        lines(s, "dice 5", "attack 'Ser Aldric' 'Goblin Boss' Longsword")
    assert s.state.fight.find("ser-aldric").action_used  # four swings: two actions of two


def test_the_goblin_boss_multiattack_and_a_wolf_knocking_a_character_prone(sample):
    # ref: Pack Tactics, on-hit saves, Surprise Attack, and Multiattack
    s = session(sample)
    lines(s, "dice 2 10 1 5 9 8 7 20", "start")  # the Goblin Boss first
    out = lines(s, "dice 15 1", "attack 'Goblin Boss' Ayla Scimitar", "dice 15 16 1", "attack 'Goblin Boss' Ayla Scimitar")
    assert out[-3].startswith("Goblin Boss attacks Ayla with Scimitar: d20 15 (at disadvantage (dropped 16), Multiattack disadvantage)")
    lines(s, "join Wolf 1")  # a joiner keeps the label the Nearby list gave it (labels.py)
    out = lines(s, "dice 18 3 2 2 4", "attack 'Wolf 1' Bren Bite pack ignore-cost")
    assert "Pack Tactics advantage" in out[0]
    assert out[-2:] == ["Bren fails the Strength save against Bite: d20 4 - 1 = 3 vs DC 11.", "Bren is Prone."]


def test_the_young_dragon_takes_legendary_actions_and_resists_a_save(sample):
    # ref: Legendary actions; ref: Legendary resistance; ref: Creature actions
    dragon = evolve(next(c for c in sample.creatures if c.id == "young-green-dragon"), tile=evolve(PARTY_TILE, x=6))
    state = sample.with_actor(dragon)
    state = evolve(state, creatures=tuple(c for c in state.creatures if c.id == "young-green-dragon" or c.tile != dragon.tile))
    s = session(state)
    lines(s, "dice 20 10 9 8 1", "start")  # Ser Aldric first, the dragon last
    out = lines(s, "dice 15 3 3", "legendary 'Young Green Dragon' 'Ser Aldric' Bite")
    assert out[0].startswith("Young Green Dragon attacks Ser Aldric with Bite (legendary action 1 of 3): ")
    out = lines(s, "next", "dice 1 1 1", "cast Mirelle 'Hold Person' on 'Young Green Dragon' resist 'Young Green Dragon'")
    assert out[-1] == "Young Green Dragon uses legendary resistance and succeeds instead (2 left today)."
    for _ in range(3):
        run_line(s, "next")
    assert s.state.fight.current().ref == "young-green-dragon"
    out = lines(s, "dice 6 6 6 6 6 6 6 6 6 6 6 6 20 20 20 20", "use 'Young Green Dragon' 'Poison Breath' on Ayla, Bren")
    assert out[0] == "Young Green Dragon uses Poison Breath on Ayla and Bren."
    assert not s.state.actor("young-green-dragon").actions[0].ready
