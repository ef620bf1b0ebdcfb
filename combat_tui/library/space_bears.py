"""The sample FuturePath campaign "Space Bears": the Combat page's example encounter.

Brandon (Tracer), James (Electro-Mancer) and Art (Xenophile) against four Space Bears; Katie
(Helix Warrior) is in the other room and joins late. The numbers are chosen so the example plays
as the page tells it: the party's Team Initiative beats the bears' only without Katie; Brandon and
James form the Vanguard and Art the Rearguard; Katie's Initiative is in line with Art's.
"""

from __future__ import annotations

from ..core.futurepath_model import ArmorParts, DamageReduction, FPAbilities, FPActor, FPWeapon, FuturePath, Team
from ..core.model import Campaign, MapInfo, Tile

MAP = MapInfo("den", "The Space Bear Den", 16, 12)

SILENCED_PISTOL = FPWeapon("Silenced Pistol", "1d8", "ballistic", ranged=True, level=1, range_ft=60,
                           attributes=("light",))  # fmt: skip
SHOCK_GLOVES = FPWeapon("Shock Gloves", "1d6", "electrical", level=1, attributes=("light",))
PULSE_RIFLE = FPWeapon("Pulse Rifle", "1d6+1", "thermal", ranged=True, level=3, range_ft=90,
                       attributes=("two-handed",))  # fmt: skip
HELIX_BLADE = FPWeapon("Helix Blade", "1d10", "slashing", level=4, crit_from=19, attributes=("versatile",))
BEAR_CLAWS = FPWeapon("Claws", "1d6+1", "slashing", level=2)


def actors() -> tuple[FPActor, ...]:
    party = (
        FPActor("brandon", "Brandon", "party", 18, 18, FPAbilities(12, 18, 12, 12, 14, 10), path="Tracer",
                player="Brandon", ac=ArmorParts(armor=2), weapons=(SILENCED_PISTOL,), stealth=18, perception=12),
        FPActor("james", "James", "party", 16, 16, FPAbilities(10, 14, 12, 16, 14, 12), path="Electro-Mancer",
                player="James", ac=ArmorParts(armor=1), weapons=(SHOCK_GLOVES,), perception=12),
        FPActor("art", "Art", "party", 17, 17, FPAbilities(12, 12, 12, 14, 12, 14), path="Xenophile",
                player="Art", ac=ArmorParts(armor=2), weapons=(PULSE_RIFLE,), perception=11),
        FPActor("katie", "Katie", "party", 24, 24, FPAbilities(16, 8, 16, 10, 6, 10), path="Helix Warrior",
                player="Katie", ac=ArmorParts(armor=4), weapons=(HELIX_BLADE,), perception=8),
    )  # fmt: skip
    bears = tuple(
        FPActor(f"bear-{i}", "Space Bear", "bears", 30, 30, FPAbilities(14, 14, 16, 4, 12, 6), path="Creature",
                level=3, ac=ArmorParts(natural=2), dr=(DamageReduction(1),), weapons=(BEAR_CLAWS,),
                creature=True, perception=11)
        for i in range(1, 5)
    )  # fmt: skip
    return party + bears


def space_bears() -> Campaign:
    fp = FuturePath(actors=actors(), teams=(Team("party", "The Party"), Team("bears", "The Space Bears")))
    return Campaign(name="Space Bears", system="futurepath", party_tile=Tile(MAP.id, 2, 6), maps=(MAP,), futurepath=fp)
