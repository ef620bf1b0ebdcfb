"""Space commands: frozen records whose `kind` starts with `fp-space-` (listed in
`futurepath.commands.KINDS` so the journal reads them back). Text forms: `verbs.py`, docs/commands.md.

`adv` is the GM's extra net advantage on a 2d10 roll (+ advantage, - disadvantage, §2.9)."""

from __future__ import annotations

from typing import ClassVar

from combat_tui.core.records import frozen
from combat_tui.systems.futurepath.commands import KINDS


@frozen
class SpaceStart:
    """Start a space fight with these ships (all ships if none); surprise by Passive Sensors (R102)."""

    kind: ClassVar[str] = "fp-space-start"
    ships: tuple[str, ...] = ()


@frozen
class SpaceNext:
    """End the phase: apply its results (R95, R106), then begin the next phase."""

    kind: ClassVar[str] = "fp-space-next"


@frozen
class SpaceEnd:
    kind: ClassVar[str] = "fp-space-end"


@frozen
class SetCrew:
    """Put a character (`actor`) or a named NPC in a position; both empty clears it."""

    kind: ClassVar[str] = "fp-space-crew"
    ship: str
    position: str
    actor: str = ""
    name: str = ""
    bonus: int = 0


@frozen
class CrewOut:
    """A position's crew member is out of action (R104), or back."""

    kind: ClassVar[str] = "fp-space-out"
    ship: str
    position: str
    out: bool = True


@frozen
class CrewBonus:
    """The bonus a position's crew member adds to its rolls (§2.9 rule 7), 0 included."""

    kind: ClassVar[str] = "fp-space-bonus"
    ship: str
    position: str
    bonus: int


@frozen
class SetDistance:
    kind: ClassVar[str] = "fp-space-distance"
    ship: str
    other: str
    band: str


@frozen
class SilentRunning:
    kind: ClassVar[str] = "fp-space-silent"
    ship: str
    on: bool = True


@frozen
class Surrender:
    kind: ClassVar[str] = "fp-space-surrender"
    ship: str
    back: bool = False


@frozen
class HoldForAction:
    """The Science Officer or Chief Engineer acts in the Action Phase instead (R99, R105)."""

    kind: ClassVar[str] = "fp-space-hold"
    ship: str
    position: str


@frozen
class GiveCommand:
    """Captain: Give Command to one position (§2.12); the Weapons Officer gets rerolls."""

    kind: ClassVar[str] = "fp-space-command"
    ship: str
    position: str
    adv: int = 0


@frozen
class Encourage:
    """Captain: Encourage Crew, once per combat (§2.12)."""

    kind: ClassVar[str] = "fp-space-encourage"
    ship: str
    adv: int = 0


@frozen
class Boost:
    """Science Officer (any attribute but Electronics) or Chief Engineer (Engines) (§2.12)."""

    kind: ClassVar[str] = "fp-space-boost"
    ship: str
    position: str
    attribute: str
    adv: int = 0


@frozen
class Fly:
    """Helm: offensive, defensive, feint, evasive, close, widen, intercept (§2.10, §2.12)."""

    kind: ClassVar[str] = "fp-space-fly"
    ship: str
    manoeuvre: str
    target: str = ""
    adv: int = 0


@frozen
class Ram:
    kind: ClassVar[str] = "fp-space-ram"
    ship: str
    target: str


@frozen
class Scan:
    """Sensor Officer: weakness scan against the target's Tracking DC (R117, §2.12)."""

    kind: ClassVar[str] = "fp-space-scan"
    ship: str
    target: str
    adv: int = 0
    deep: bool = False
    """A deep scan: DC 10 + the target's Shields mod, three successful rounds, the target knows (§2.12)."""


@frozen
class Fire:
    """Weapons Officer: `targets` are (ship or swarm, hard points; 0 all the rest) (R112-R117).

    `system` makes it specified targeting (§2.13); `bombard` puts every weapon on one target
    with the special extra die (§2.10)."""

    kind: ClassVar[str] = "fp-space-fire"
    ship: str
    targets: tuple[tuple[str, int], ...]
    system: str = ""
    bombard: bool = False
    combined: bool = False
    """Pool short successes with the side's other ships on the target (§2.13)."""
    concentrated: bool = False
    """Concentrated Fire in specified targeting: 9s and 10s count double, the cap becomes 7 (§2.12)."""
    defend: int = 0
    """Defensive Fire: hard points held back against incoming missiles this round (-1: every one
    that can, none of them a rocket); `targets` may then be empty (§2.12)."""


@frozen
class Repair:
    """Chief Engineer: repair Battle Damage `what` (its number, 1 the oldest), `side N` for a side
    effect alone (DC 15), or a damaged system by name (§2.11)."""

    kind: ClassVar[str] = "fp-space-repair"
    ship: str
    what: str = "1"
    adv: int = 0


@frozen
class Treat:
    """Medical Officer: d20 rules, remove the conditions of a position's crew member (§2.12)."""

    kind: ClassVar[str] = "fp-space-treat"
    ship: str
    position: str
    bonus: int = 0


@frozen
class Hack:
    """Science or Sensor Officer: access, info, disrupt ATTRIBUTE, harm (§2.13)."""

    kind: ClassVar[str] = "fp-space-hack"
    ship: str
    position: str
    target: str
    mode: str = "access"
    system: str = ""
    adv: int = 0


@frozen
class CounterHack:
    kind: ClassVar[str] = "fp-space-counterhack"
    ship: str
    position: str
    hacker: str
    adv: int = 0


@frozen
class Overclock:
    """Chief Engineer: Overclock Core, DC 15 + core tech level (§2.12)."""

    kind: ClassVar[str] = "fp-space-overclock"
    ship: str
    adv: int = 0


@frozen
class Grapple:
    """Chief Engineer, acting in the Action Phase (R99): Grapple the target (§2.12)."""

    kind: ClassVar[str] = "fp-space-grapple"
    ship: str
    target: str
    adv: int = 0


@frozen
class PointDefence:
    """Ready point defence for this round against incoming rockets (§2.13)."""

    kind: ClassVar[str] = "fp-space-pointdefence"
    ship: str
    dice: int = 3


@frozen
class ChangePosition:
    """A crew member moves to an empty position: it takes the round, unless rushed with Acrobatics
    (d20 + DEX mod + `bonus` against DC 10); the Captain switches without a roll (§2.12)."""

    kind: ClassVar[str] = "fp-space-move"
    ship: str
    position: str
    to: str
    rush: bool = False
    bonus: int = 0


@frozen
class DealDamage:
    """The GM deals a Battle Damage (a chart roll 2-12, or 0 to roll it)."""

    kind: ClassVar[str] = "fp-space-damage"
    ship: str
    roll: int = 0


@frozen
class SpaceOption:
    kind: ClassVar[str] = "fp-space-option"
    name: str
    value: str


COMMANDS = (SpaceStart, SpaceNext, SpaceEnd, SetCrew, CrewOut, SetDistance, SilentRunning, Surrender, HoldForAction,
            GiveCommand, Encourage, Boost, Fly, Ram, Scan, Fire, Repair, Treat, Hack, CounterHack, DealDamage,
            SpaceOption, Overclock, Grapple, PointDefence, ChangePosition, CrewBonus)  # fmt: skip
KINDS.add(*COMMANDS)


@frozen
class AddShip:
    """Add a ship: `fields` are (field, value text) pairs read by `ship_fields.build` (a side is
    needed; hull, attributes, hard points, bays and crew have their defaults)."""

    kind: ClassVar[str] = "fp-space-add"
    name: str
    fields: tuple[tuple[str, str], ...] = ()


@frozen
class EditShip:
    """Change fields of a ship, its hard points, bays and crew: all of the pairs or none (one undo)."""

    kind: ClassVar[str] = "fp-space-edit"
    ship: str
    fields: tuple[tuple[str, str], ...]


@frozen
class RemoveShip:
    kind: ClassVar[str] = "fp-space-remove"
    ship: str


COMMANDS = COMMANDS + (AddShip, EditShip, RemoveShip)
KINDS.add(AddShip, EditShip, RemoveShip)


@frozen
class Cloak:
    """Science Officer (or a held Chief Engineer): activate the ship's cloak, in force from the next
    round; `on` False switches it off (notes §2.12, the wiki's Cloak page)."""

    kind: ClassVar[str] = "fp-space-cloak"
    ship: str
    position: str = "science"
    on: bool = True


@frozen
class Spoof:
    """Sensor Officer: Sensor Spoofing against DC 10 + the target's Sensors mod (§2.12)."""

    kind: ClassVar[str] = "fp-space-spoof"
    ship: str
    target: str
    adv: int = 0
    decoys: bool = False
    """Chaff decoys instead of false signatures: guided missiles at the ship have a 50 % chance to miss."""


@frozen
class Jam:
    """Sensor Officer: Jam, Disrupt Hacking: a hacker inside this ship forfeits a turn (§2.12)."""

    kind: ClassVar[str] = "fp-space-jam"
    ship: str
    hacker: str
    """The hacker's ship, or the ship whose sensors or missile launchers are jammed."""
    adv: int = 0
    mode: str = "hacking"
    """hacking (Disrupt Hacking), sensors (Jam Opponent Sensor Array), missiles (Jam Missile Launcher)."""


COMMANDS = COMMANDS + (Cloak, Spoof, Jam)
KINDS.add(Cloak, Spoof, Jam)


@frozen
class Crypto:
    """Science Officer (or the Sensor Officer in the Action Phase): decipher a ship's intercepted
    communications; what its Captain ordered this round (§2.12, the wiki's Crypto page)."""

    kind: ClassVar[str] = "fp-space-crypto"
    ship: str
    target: str
    position: str = "science"
    adv: int = 0


@frozen
class DirectAssistance:
    """Captain: Direct Assistance to one officer, this round's Give Command roll with an extra
    advantage; `position` empty: the Captain returns to the chair, which takes the round (§2.12)."""

    kind: ClassVar[str] = "fp-space-assist"
    ship: str
    position: str
    adv: int = 0


@frozen
class CommandingPresence:
    """Captain's feat: Commanding Presence, half the Charisma score on the crew's rolls for
    1 + Charisma mod rounds, once a day; `charisma` 0 reads the character's score (§2.12)."""

    kind: ClassVar[str] = "fp-space-presence"
    ship: str
    charisma: int = 0


@frozen
class ShieldManipulation:
    """Any crew member: Shield Manipulation against one enemy ship (the wiki's page): 2d10 + Shields
    mod, opposing its scan (or cancelling d10s of its Fire) and its hacker's checks."""

    kind: ClassVar[str] = "fp-space-manipulate"
    ship: str
    position: str
    target: str
    adv: int = 0


@frozen
class WeaponsAssist:
    """Any crew member but the Weapons Officer, in the Action Phase: an accuracy check against the
    target's Tracking DC; on a success one failed d10 of the ship's Fire on it gets `modifier`
    (None: the character's DEX mod) (the wiki's Weapons Assist page)."""

    kind: ClassVar[str] = "fp-space-weaponsassist"
    ship: str
    position: str
    target: str
    modifier: int | None = None
    adv: int = 0


COMMANDS = COMMANDS + (Crypto, DirectAssistance, CommandingPresence, ShieldManipulation, WeaponsAssist)
KINDS.add(Crypto, DirectAssistance, CommandingPresence, ShieldManipulation, WeaponsAssist)
