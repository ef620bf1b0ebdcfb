"""Hand-checked SRD 5.2 stat blocks as records, and SRD creatures playing in the sample campaign.

The numbers are the SRD 5.2 blocks' (CC-BY-4.0): Wolf, Adult Red Dragon, Owlbear, Winter Wolf,
Goblin Warrior and Goblin Boss, Mummy, Lich, Ghoul, Priest, Cat.
"""

from __future__ import annotations

from attrs import evolve

from combat_tui.core.runner import run_line
from combat_tui.library.goblin_ambush import tile
from combat_tui.library.srd import srd_creature
from combat_tui.library.srd_creatures import creature_from_srd
from combat_tui.library.srd_files import read_monster
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.abilities import xp_for_challenge
from combat_tui.systems.dnd5e.attack import attack_bonus, find_weapon, weapon_ability
from combat_tui.systems.dnd5e.checks import check_bonus, passive_perception, save_bonus
from combat_tui.systems.dnd5e.model import CreatureAction
from combat_tui.systems.dnd5e.spells import spell_attack_bonus, spell_save_dc
from tests.systems.dnd5e.helpers import hp, session


def hit(creature, name):
    """(to-hit, dice, the damage modifier, type, second part) as the block prints the attack."""
    weapon = find_weapon(creature, name)
    _, mod = weapon_ability(creature, weapon)
    second = f"{weapon.extra_damage} {weapon.extra_damage_type}".strip()
    return attack_bonus(creature, weapon), weapon.damage, mod + weapon.damage_bonus, weapon.damage_type, second


def notes(creature) -> list[str]:
    return creature.notes.splitlines()


def test_wolf():
    wolf = srd_creature("Wolf")
    assert (wolf.ac, wolf.hp, wolf.hit_dice, wolf.speed) == (12, 11, "2d8+2", 40)
    assert (wolf.challenge, wolf.size) == ("1/4", "medium")
    assert xp_for_challenge(wolf.challenge) == 50
    assert wolf.pack_tactics and wolf.creature_type == "beast"
    assert hit(wolf, "Bite") == (4, "1d6", 2, "piercing", "")
    # 5.2: the bite knocks a Medium or smaller target Prone with no save; the rules put a condition
    # on a hit only after a failed save, so it is a note, not an on-hit save
    assert find_weapon(wolf, "Bite").save_ability == ""
    assert notes(wolf) == ["Bite: If the target is a Medium or smaller creature, it has the Prone condition."]
    assert (check_bonus(wolf, "perception"), check_bonus(wolf, "stealth"), passive_perception(wolf)) == (5, 4, 15)
    assert wolf.senses == "darkvision 60 ft." and wolf.source == "srd:wolf"


def test_adult_red_dragon():
    # ref: Creature actions; ref: Legendary actions; ref: Legendary resistance
    dragon = srd_creature("adult red dragon")
    assert (dragon.ac, dragon.hp, dragon.hit_dice) == (19, 256, "19d12+133")
    assert (dragon.challenge, dragon.proficiency_bonus) == ("17", 6)
    assert dragon.actions == (CreatureAction("Fire Breath", "dexterity", 21, "17d6", "fire", recharge=5, half=True),)
    assert (dragon.legendary_actions, dragon.legendary_resistance, dragon.multiattack) == (3, 3, 3)
    assert hit(dragon, "Rend") == (14, "1d10", 8, "slashing", "2d4 fire")
    assert dragon.immunities == ("fire",) and dragon.speeds == "climb 40 ft., fly 80 ft."
    assert (save_bonus(dragon, "dexterity"), save_bonus(dragon, "wisdom"), save_bonus(dragon, "strength")) == (6, 7, 8)
    assert dragon.spellcasting == "charisma" and spell_save_dc(dragon) == 20 and spell_attack_bonus(dragon) == 12
    assert dragon.spells == ()  # Command, Detect Magic, Scorching Ray and Fireball are not in the app's list
    lines = notes(dragon)
    assert "Fire Breath (Recharge 5–6): each creature in a 60-foot Cone." in lines
    assert any(line.startswith("Spellcasting: ") and "1/Day: Fireball" in line for line in lines)
    assert (
        "Legendary action, Pounce: The adult red dragon moves up to half its Speed, and it makes one Rend attack."
        in lines
    )
    assert any(line.startswith("Multiattack: ") and "Scorching Ray" in line for line in lines)


def test_owlbear_multiattack():
    owlbear = srd_creature("owlbear")
    assert owlbear.multiattack == 2 and owlbear.multiattack_disadvantage == 0
    assert hit(owlbear, "Rend") == (7, "2d8", 5, "slashing", "")
    assert owlbear.notes == ""  # "two Rend attacks" is all the rules need


def test_winter_wolf_cold_breath():
    winter = srd_creature("Winter Wolf")
    assert winter.actions == (CreatureAction("Cold Breath", "constitution", 12, "4d8", "cold", recharge=5, half=True),)
    assert winter.immunities == ("cold",) and winter.pack_tactics
    assert hit(winter, "Bite") == (6, "2d6", 4, "piercing", "")


def test_goblins():
    warrior = srd_creature("goblin-warrior")
    assert hit(warrior, "Scimitar") == (4, "1d6", 2, "slashing", "")
    assert find_weapon(warrior, "Scimitar").finesse
    bow = find_weapon(warrior, "Shortbow")
    assert bow.ranged and (bow.normal_range, bow.long_range) == (80, 320) and attack_bonus(warrior, bow) == 4
    assert hit(warrior, "Scimitar (Attack with Advantage)") == (4, "1d6", 2, "slashing", "1d4 slashing")
    assert "Bonus action, Nimble Escape: The goblin warrior takes the Disengage or Hide action." in notes(warrior)
    boss = srd_creature("Goblin Boss")
    assert boss.redirect_attack and boss.multiattack == 2
    assert any("Redirect Attack" in line and "Small or Medium ally within 5 feet" in line for line in notes(boss))


def test_defenses_and_condition_immunities():
    mummy = srd_creature("mummy")
    assert (mummy.resistances, mummy.vulnerabilities, mummy.immunities) == ((), ("fire",), ("necrotic", "poison"))
    assert mummy.condition_immunities == ("Charmed", "Exhaustion", "Frightened", "Paralyzed", "Poisoned")
    assert hit(mummy, "Rotting Fist") == (5, "1d10", 3, "bludgeoning", "3d6 necrotic")
    assert any(line.startswith("Multiattack: ") and "Dreadful Glare" in line for line in notes(mummy))
    assert any(line.startswith("Rotting Fist: If the target is a creature, it is cursed.") for line in notes(mummy))
    lich = srd_creature("Lich")
    assert lich.resistances == ("cold", "lightning") and lich.legendary_resistance == 4
    assert hit(lich, "Eldritch Burst") == (12, "4d12", 5, "force", "")  # INT, as its block says


def test_an_on_hit_save_with_a_condition():
    # ref: Pack Tactics, on-hit saves, Surprise Attack, and Multiattack — "A creature weapon can force a save on each hit"
    claw = find_weapon(srd_creature("Ghoul"), "Claw")
    assert (claw.save_ability, claw.save_dc, claw.save_condition) == ("constitution", 10, "Paralyzed")


def test_a_spellcaster():
    priest = srd_creature("Priest")
    assert priest.spellcasting == "wisdom" and priest.spells == ("Bless", "Healing Word")
    assert spell_save_dc(priest) == 13
    assert any(line.startswith("Spellcasting: ") and "Spirit Guardians" in line for line in notes(priest))
    assert hit(srd_creature("Cultist Fanatic"), "Pact Blade")[0] == 4
    assert srd_creature("Cultist Fanatic").spells == ("Hold Person",)


def test_flat_damage_is_a_note_not_a_weapon():
    cat = srd_creature("Cat")
    assert cat.weapons == ()
    assert (
        "Scratch: flat damage the rules cannot roll as dice; Melee Attack Roll: +4. Hit: 1 Slashing damage."
        in notes(cat)
    )


def test_an_srd_wolf_plays_in_the_sample_campaign(sample):
    # ref: Attack rolls — "A creature is always proficient with its own weapon, like a 5e stat block."
    wolf = evolve(srd_creature("Wolf"), id="srd-wolf", tile=tile(6, 5))  # beside the party, with the goblins
    s = session(evolve(sample, creatures=sample.creatures + (wolf,)))
    run_line(s, "dice 2 10 19 5 9 8 7 3 20")  # the party, the goblins and the boss, then the SRD wolf: 20 + 2
    assert run_line(s, "start").lines[-2].startswith("The fight begins. Order: Ayla 23, Wolf 22,")
    run_line(s, "next")
    assert s.state.fight.current().ref == "srd-wolf"
    s.dice.force([15, 4])
    entry = s.execute(cmd.Attack("srd-wolf", "bren", "Bite"))
    assert entry.lines[0].endswith("with Bite: d20 15 + 2 STR + 2 proficiency = 19 vs AC 12, hit.")
    assert entry.lines[1:] == ("Damage: 1d6 4 + 2 STR = 6 piercing.", "Bren takes 6 piercing damage (32 → 26 HP).")
    assert hp(s, "bren") == 26


def test_an_srd_dragons_rend_and_fire_breath_meet_a_tieflings_resistance(sample):
    # ref: Damage and damage defenses — "Each damage type in the hit changes separately."
    # ref: Creature actions — "Each target rolls its save, and the damage goes through the defenses"
    dragon = evolve(srd_creature("Adult Red Dragon"), id="red", tile=tile(6, 5))
    s = session(evolve(sample, creatures=(dragon,)))
    run_line(s, "dice 2 10 19 5 20")
    run_line(s, "start")
    run_line(s, "next")
    s.dice.force([15, 6, 3, 4])
    lines = s.execute(cmd.Attack("red", "bren", "Rend")).lines
    assert lines == (
        "Adult Red Dragon attacks Bren with Rend: d20 15 + 8 STR + 6 proficiency = 29 vs AC 12, hit.",
        "Damage: 1d10 6 + 8 STR = 14 slashing, plus 2d4 (7 fire).",
        "Bren takes 14 slashing damage (32 → 18 HP).",
        "Bren takes 3 fire damage (resistance to fire (Tiefling): 7 → 3) (18 → 15 HP).",
    )
    s.execute(cmd.TogglePip("red", "action", False))
    s.dice.force([1] * 17 + [10])
    lines = s.execute(cmd.UseCreatureAction("red", "Fire Breath", ("bren",))).lines
    assert lines[-2:] == ("Bren fails the Dexterity save against Fire Breath: d20 10 + 2 = 12 vs DC 21.",
                          "Bren takes 8 fire damage (resistance to fire (Tiefling): 17 → 8) (15 → 7 HP).")  # fmt: skip
    assert not s.state.actor("red").actions[0].ready  # Recharge 5–6: spent until a 5 or 6


def test_traits_the_5_2_data_does_not_use_still_map():
    # The 2014 blocks' Surprise Attack, Turn Resistance and a Multiattack swing at disadvantage
    # (ref: Pack Tactics, on-hit saves, Surprise Attack, and Multiattack; ref: Action, bonus
    # action, and reaction — Turn Undead) have no 5.2 block; a block that has them maps them.
    data = read_monster("goblin-boss")
    trait = {"name": "", "kind": "special", "description": "", "activities": [], "mechanic": None, "recharge": None,
             "legendary_cost": None, "uses_per_day": None, "slug": ""}  # fmt: skip
    data["special_abilities"] = [
        {**trait, "name": "Surprise Attack", "description": "It deals an extra [[/damage 2d6 average]] damage."},
        {**trait, "name": "Turn Resistance", "description": "Advantage on saves against Turn Undead."},
    ]
    multiattack = next(a for a in data["actions"] if a["name"] == "Multiattack")
    multiattack["description"] = "The goblin boss makes two Scimitar attacks. The second attack has Disadvantage."
    boss = creature_from_srd(data, "srd:goblin-boss")
    assert (boss.surprise_attack, boss.turn_resistance) == ("2d6", True)
    assert (boss.multiattack, boss.multiattack_disadvantage) == (2, 2)
    assert any(line.startswith("Multiattack: ") and "Disadvantage" in line for line in notes(boss))
