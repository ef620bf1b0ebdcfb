"""FuturePath commands: frozen records with a unique `kind` (all start with `fp-`).

`KINDS` lists them (and the space ones, `space/commands.py`) by kind, so the journal reads them
back; their text forms are in `verbs.py` and docs/commands.md.
"""

from __future__ import annotations

from typing import ClassVar

from combat_tui.core.command import CommandKinds
from combat_tui.core.records import frozen

KINDS = CommandKinds()
"""Every FuturePath command class by its kind, ground and space."""


@frozen
class OpenGroundSetup:
    """Open ground-combat setup: every team member present and aware."""

    kind: ClassVar[str] = "fp-setup"


@frozen
class SetPresent:
    """In setup: put a combatant in the fight or leave them out (a late joiner, R19)."""

    kind: ClassVar[str] = "fp-present"
    ref: str
    present: bool


@frozen
class SetAware:
    """In setup: aware combatants act in Round 0, unaware ones do not and are flat-footed (R24-R26)."""

    kind: ClassVar[str] = "fp-aware"
    ref: str
    aware: bool


@frozen
class SetInitiative:
    """The GM's personal Initiative score for a combatant; `None` goes back to the sheet's (R5)."""

    kind: ClassVar[str] = "fp-init"
    ref: str
    value: int | None


@frozen
class SetGroup:
    """The GM's group for a combatant, for ties and odd members (R14); `""` goes back to the rule."""

    kind: ClassVar[str] = "fp-group"
    ref: str
    group: str


@frozen
class SetTeamInitiative:
    """The GM's Team Initiative for a team in the fight; `None` goes back to the computed one."""

    kind: ClassVar[str] = "fp-teaminit"
    team: str
    value: int | None


@frozen
class StartGround:
    """Start the ground fight: Team Initiative, groups, order, then Round 0 or Round 1 (R2)."""

    kind: ClassVar[str] = "fp-start"


@frozen
class NextStep:
    """Go on: the next phase, or the next group's turn in the Action phase (R3, R11)."""

    kind: ClassVar[str] = "fp-next"


@frozen
class Join:
    """A newcomer joins at the Counter Phase (R18-R22): their team, or a new one; stealthed and
    unseen by every active enemy, they get their own Round 0 (R22)."""

    kind: ClassVar[str] = "fp-join"
    ref: str
    stealth: bool = False


@frozen
class AddCondition:
    """Put a condition on a combatant, for `rounds` rounds (0: until removed) (notes §2.5)."""

    kind: ClassVar[str] = "fp-condition"
    ref: str
    name: str
    rounds: int = 0
    owner: str = ""


@frozen
class RemoveCondition:
    kind: ClassVar[str] = "fp-uncondition"
    ref: str
    name: str


@frozen
class SetOption:
    """The GM overrides an adopted default (notes §3.2): an FPOptions field and its new value."""

    kind: ClassVar[str] = "fp-option"
    name: str
    value: str


@frozen
class OpposedInitiative:
    """Opposed Initiative checks between combatants: one winner, ties rerolled (R23)."""

    kind: ClassVar[str] = "fp-opposed"
    refs: tuple[str, ...]


@frozen
class SetEnvironment:
    """A GM-stated advantage (+) or disadvantage (-) of the surroundings (R28); 0 dice removes it."""

    kind: ClassVar[str] = "fp-env"
    name: str
    dice: int
    rolls: str = "all"


@frozen
class MarkOut:
    """A combatant who fled or surrendered (R70); an empty reason brings them back."""

    kind: ClassVar[str] = "fp-out"
    ref: str
    reason: str


@frozen
class EndGround:
    """End the ground fight (R70): leftover effects are then dealt with (R72)."""

    kind: ClassVar[str] = "fp-end"




@frozen
class Declare:
    """A combatant of the acting group declares an action (R34-R42, R56-R59): `action` is a name
    from the action menu (actions.toml) or a kind word (free, simple, move, attack, technique,
    item, bonus-move, bonus-attack) with `label` naming it; `rolls` None takes the menu's;
    `feet` is how far a grenade is thrown (0: not said)."""

    kind: ClassVar[str] = "fp-declare"
    actor: str
    action: str
    label: str = ""
    target: str = ""
    weapon: str = ""
    rolls: bool | None = None
    feet: int = 0


@frozen
class Withdraw:
    """Take back a combatant's last unresolved declaration (before the group commits)."""

    kind: ClassVar[str] = "fp-withdraw"
    actor: str


@frozen
class Commit:
    """Everyone in the acting group has committed: rolls may start (R64)."""

    kind: ClassVar[str] = "fp-commit"


@frozen
class Resolve:
    """Resolve the next action of the queue (R60-R64), or `actor`'s next one; `result` is the
    GM's word on it (ok, failed, or any note)."""

    kind: ClassVar[str] = "fp-resolve"
    actor: str = ""
    result: str = "ok"


COMMANDS = (
    OpenGroundSetup, SetPresent, SetAware, SetInitiative, SetGroup, SetTeamInitiative, StartGround,
    NextStep, Join, AddCondition, RemoveCondition, SetOption, OpposedInitiative, SetEnvironment,
    MarkOut, EndGround, Declare, Withdraw, Commit, Resolve,
)  # fmt: skip
KINDS.add(*COMMANDS)


@frozen
class FPAttack:
    """An attack (R47-R53): accuracy with net Advantage Dice, then the hit tier and damage.

    `situations` are the GM's named sources, such as ("flank", 1) or ("cover", -1); `force`
    rolls an attack that more than 3 disadvantages would block (A4); `offhand` is the off-hand
    Bonus Attack of two-weapon fighting (R78); `touch` aims at touch AC (a syringe, R54)."""

    kind: ClassVar[str] = "fp-attack"
    attacker: str
    target: str
    weapon: str = ""
    situations: tuple[tuple[str, int], ...] = ()
    force: bool = False
    offhand: bool = False
    touch: bool = False


@frozen
class FPDamage:
    """The GM's damage: typed damage goes through DR; `ignore_dr` skips it (Bleeding)."""

    kind: ClassVar[str] = "fp-damage"
    target: str
    amount: int
    damage_type: str = ""
    ignore_dr: bool = False


@frozen
class FPHeal:
    kind: ClassVar[str] = "fp-heal"
    target: str
    amount: int


COMMANDS = COMMANDS + (FPAttack, FPDamage, FPHeal)
KINDS.add(FPAttack, FPDamage, FPHeal)


@frozen
class ThrowGrenade:
    """Throw a grenade (R81-R84): 2d10, left/right then short/long; `cook` first rolls WIS
    against DC 25 so it goes off at the start of the target's turn. `feet` (no farther than the
    maximum range) and `target` (the creature aimed at) default to the declaration's."""

    kind: ClassVar[str] = "fp-throw"
    thrower: str
    cook: bool = False
    feet: int = 0
    target: str = ""


@frozen
class Disarm:
    """Disarm a trap (R88-R90): d20 + `bonus` against `dc`, with disadvantage in combat; `trap`
    names the trap (its disarm DC when `dc` is 0), which then is disarmed or goes off."""

    kind: ClassVar[str] = "fp-disarm"
    ref: str
    dc: int = 10
    bonus: int = 0
    trap: str = ""


@frozen
class PlaceTrap:
    """Set a trap or mine (R93, R94): INT or Demolitions, DC 5; the result is its detection DC.
    `trap` names the trap record it arms for the placer's team."""

    kind: ClassVar[str] = "fp-placetrap"
    ref: str
    bonus: int = 0
    trap: str = ""


@frozen
class Leftover:
    """After combat (R72, R73): one round of a leftover effect passes (a failed cure also uses a
    round), or `cured` ends it."""

    kind: ClassVar[str] = "fp-leftover"
    ref: str
    name: str
    cured: bool = False


COMMANDS = COMMANDS + (ThrowGrenade, Disarm, PlaceTrap, Leftover)
KINDS.add(ThrowGrenade, Disarm, PlaceTrap, Leftover)


@frozen
class CancelGroundSetup:
    """Close ground-combat setup without a fight."""

    kind: ClassVar[str] = "fp-cancel"


COMMANDS = COMMANDS + (CancelGroundSetup,)
KINDS.add(CancelGroundSetup)


@frozen
class RollCheck:
    """A saving throw (`save`) or an ability or skill check with net Advantage Dice (notes §2.1):
    `bonus` is the skill's or anything else the GM adds; `dc` 0 means none given."""

    kind: ClassVar[str] = "fp-check"
    ref: str
    ability: str
    save: bool = False
    dc: int = 0
    bonus: int = 0
    situations: tuple[tuple[str, int], ...] = ()


COMMANDS = COMMANDS + (RollCheck,)
KINDS.add(RollCheck)


@frozen
class AddCombatant:
    """Add a combatant to the campaign: `fields` are (field, value text) pairs read by
    `combatant_fields.build` (team and HP are needed; every other field has its default)."""

    kind: ClassVar[str] = "fp-add"
    name: str
    fields: tuple[tuple[str, str], ...] = ()


@frozen
class EditCombatant:
    """Change fields of a combatant: (field, value text) pairs, all of them or none (one undo)."""

    kind: ClassVar[str] = "fp-edit"
    ref: str
    fields: tuple[tuple[str, str], ...]


@frozen
class RemoveCombatant:
    """Take a combatant out of the campaign (and out of the crew posts they hold)."""

    kind: ClassVar[str] = "fp-remove"
    ref: str


COMMANDS = COMMANDS + (AddCombatant, EditCombatant, RemoveCombatant)
KINDS.add(AddCombatant, EditCombatant, RemoveCombatant)


@frozen
class FPMove:
    """Resolve a declared Move or Bonus Move with the feet moved (the page's Standard Move
    Actions): `mode` run, climb, swim or crawl ("" from the declaration); `failed` when the GM's
    movement check (difficult terrain, zero-G) failed."""

    kind: ClassVar[str] = "fp-move"
    ref: str
    feet: int
    mode: str = ""
    failed: bool = False


@frozen
class AddTeam:
    """A new team, for a third party that joins a fight as its own team (Adding new Combatants)."""

    kind: ClassVar[str] = "fp-team"
    name: str


@frozen
class JudgeAwareness:
    """In setup: mark unaware everyone whose Passive Perception does not beat the Stealth of a
    stealthed enemy (the page's Surprise: "use Passive Perception against the enemy's stealth");
    those on `watch` ("on the alert") roll a Perception check instead."""

    kind: ClassVar[str] = "fp-awareness"
    watch: tuple[str, ...] = ()


@frozen
class AddTrap:
    """Put a trap or mine in the area: `fields` are (field, value text) pairs (`trap_fields.py`)."""

    kind: ClassVar[str] = "fp-trap"
    name: str
    fields: tuple[tuple[str, str], ...] = ()


@frozen
class SpotTrap:
    """Look for a trap (R85-R87): Passive Perception, or an active search (a Standard action)."""

    kind: ClassVar[str] = "fp-spot"
    ref: str
    trap: str
    search: bool = False


@frozen
class TriggerTrap:
    """A trap goes off on `targets` (R91, R92): each makes a DEX save against DC 10 + Trap Level
    (+5 Chasing) for half damage, or to shake off its conditions; `by` is a remote trap's operator."""

    kind: ClassVar[str] = "fp-trigger"
    trap: str
    targets: tuple[str, ...] = ()
    by: str = ""


COMMANDS = COMMANDS + (FPMove, AddTeam, JudgeAwareness, AddTrap, SpotTrap, TriggerTrap)
KINDS.add(FPMove, AddTeam, JudgeAwareness, AddTrap, SpotTrap, TriggerTrap)
