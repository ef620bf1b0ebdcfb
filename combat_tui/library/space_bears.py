"""The sample FuturePath campaign "Space Bears": the Combat page's example encounter.

Brandon (Tracer), James (Electro-Mancer) and Art (Xenophile) against four Space Bears; Katie
(Helix Warrior) is in the other room and joins late. The numbers are chosen so the example plays
as the page tells it: the party's Team Initiative beats the bears' only without Katie; Brandon and
James form the Vanguard and Art the Rearguard; Katie's Initiative is in line with Art's.

In space the four crew the Bearclaw against the pirate Marauder and its swarm of four fighters
(example-space-fight.txt).
"""

from __future__ import annotations

from combat_tui.core.maps import MapInfo, Tile
from combat_tui.systems.futurepath.model import (
    ArmorParts,
    Campaign,
    DamageReduction,
    FPAbilities,
    FPActor,
    FPWeapon,
    FuturePath,
    Team,
)
from combat_tui.systems.futurepath.space.model import Bay, CrewPost, HardPoint, Ship, ShipAttributes

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
        FPActor("katie", "Katie", "party", 24, 24, FPAbilities(16, 8, 16, 10, 6, 10), path="Helix Warrior", level=5,
                player="Katie", ac=ArmorParts(armor=4), weapons=(HELIX_BLADE,), perception=8),
    )  # fmt: skip
    bears = tuple(
        FPActor(f"bear-{i}", "Space Bear", "bears", 30, 30, FPAbilities(14, 14, 16, 4, 12, 6), path="Creature",
                level=3, ac=ArmorParts(natural=2), dr=(DamageReduction(1),), weapons=(BEAR_CLAWS,),
                creature=True, perception=11)
        for i in range(1, 5)
    )  # fmt: skip
    return party + bears


def ships() -> tuple[Ship, ...]:
    """The party's ship against a pirate ship and a swarm of four fighters (issue 7).

    The Marauder runs silent: its Stealth DC 12 (Detection DC 9 + Electronics +3) beats the
    Bearclaw's Passive Sensors 11, so it gets the surprise Action Phase (R102); the fighters'
    Detection DC 11 does not, so they are seen. Four Diminutive fighters are more than 2 sizes
    smaller than the Medium Bearclaw: a swarm (§2.13).
    """
    bearclaw = Ship(
        "bearclaw", "Bearclaw", "party", "medium", True, ShipAttributes(12, 12, 10, 12, 12, 12),
        (HardPoint("Laser 1", "laser"), HardPoint("Laser 2", "laser"), HardPoint("Railgun 1"), HardPoint("Railgun 2")),
        (Bay("Cargo"), Bay("Hangar", external=True)),
        (CrewPost("captain", "art", bonus=2), CrewPost("science", name="Professor Grizzly", bonus=2),
         CrewPost("helm", "brandon", bonus=2), CrewPost("sensors", "james", bonus=1),
         CrewPost("weapons", "katie", bonus=1, wis_dex=-1), CrewPost("engineer", name="Ursa", bonus=2),
         CrewPost("medical", name="Doc Kodiak", bonus=3)),
        tech_level=2,
    )
    marauder = Ship(
        "marauder", "Marauder", "pirates", "small", True, ShipAttributes(12, 12, 10, 10, 16, 10),
        (HardPoint("Autocannon 1"), HardPoint("Autocannon 2"), HardPoint("Autocannon 3"),
         HardPoint("Pulse Laser 1", "laser"), HardPoint("Pulse Laser 2", "laser")),
        (Bay("Brig"),),
        (CrewPost("captain", name="Vex", bonus=1), CrewPost("helm", name="Skar", bonus=1),
         CrewPost("sensors", name="Nim", bonus=1), CrewPost("weapons", name="Rook", bonus=1, wis_dex=1),
         CrewPost("engineer", name="Grease", bonus=1)),
        silent=True,
    )
    fighters = tuple(
        Ship(f"fighter-{i}", "Fighter", "pirates", "diminutive", True, ShipAttributes(14, 10, 10, 10, 10, 10),
             (HardPoint("Nose Laser", "laser"),), crew=(CrewPost("helm", name=f"Raider {i}"),), swarm="Raiders")
        for i in range(1, 5)
    )
    return (bearclaw, marauder, *fighters)  # fmt: skip


def space_bears() -> Campaign:
    fp = FuturePath(actors=actors(), teams=(Team("party", "The Party"), Team("bears", "The Space Bears"),
                                            Team("pirates", "The Pirates")), ships=ships())  # fmt: skip
    return Campaign(name="Space Bears", system="futurepath", party_tile=Tile(MAP.id, 2, 6), maps=(MAP,), futurepath=fp)
