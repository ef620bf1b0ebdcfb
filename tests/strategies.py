"""Hypothesis strategies over the sample campaign: text lines and command records.

Both cover the commands of the walking skeleton (setup, cancel, init, start, next, prev, attack,
damage, heal, end) and mix in bad input on purpose (unknown and ambiguous names, weapons one does
not carry, amounts below 1, faces a die does not have), so a sequence exercises the refusals too.
Most scripts start the fight early and end it rarely, so that attacks, defeats and dying
characters happen often.
"""

from __future__ import annotations

from hypothesis import strategies as st

from combat_tui.library.goblin_ambush import goblin_ambush
from combat_tui.systems.dnd5e import commands as cmd

SAMPLE = goblin_ambush()
ACTORS = SAMPLE.characters + SAMPLE.creatures

LABELS = (
    "Ser Aldric", "Mirelle", "Ayla", "Bren", "Goblin 1", "Goblin 2", "Goblin 3", "Goblin Boss",
    "Wolf 1", "Wolf 2",
)  # fmt: skip
"""The labels of the sample's actors before a fight, in the order of `ACTORS`."""
NAMES = LABELS + ("Goblin", "Wolf", "Nobody")
"""Labels plus two ambiguous names and one that names no one."""
REFS = tuple(actor.id for actor in ACTORS) + ("nobody",)
WEAPONS = ("Longsword", "Handaxe", "Mace", "Rapier", "Shortbow", "Quarterstaff", "Scimitar", "Javelin", "Bite", "Club")
MODES = ("", "adv", "dis")

ARMED = tuple((label, weapon.name) for label, actor in zip(LABELS, ACTORS) for weapon in actor.weapons)
"""(label, weapon) of each weapon in the sample, so that most attacks can be made."""
ARMED_REFS = tuple((actor.id, weapon.name) for actor in ACTORS for weapon in actor.weapons)

seeds = st.integers(min_value=0, max_value=2**32 - 1)
amounts = st.one_of(st.integers(min_value=-1, max_value=12), st.integers(min_value=13, max_value=60))
initiatives = st.integers(min_value=-3, max_value=25)
faces = st.lists(st.integers(min_value=1, max_value=20), min_size=1, max_size=4)
names = st.sampled_from(NAMES)
targets = st.one_of(st.sampled_from(LABELS[:8]), st.sampled_from(LABELS[:8]), names)
"""Mostly the labels of the fight's default lists, so that attacks and damage land."""
refs = st.sampled_from(REFS)
target_refs = st.one_of(st.sampled_from(REFS[:8]), st.sampled_from(REFS[:8]), refs)
weapons = st.sampled_from(WEAPONS)
modes = st.sampled_from(MODES)


def _q(label: str) -> str:
    return f"'{label}'" if " " in label else label


# -- text lines --------------------------------------------------------------------------------

armed = st.one_of(st.sampled_from(ARMED), st.sampled_from(ARMED), st.tuples(names, weapons))
turn_lines = st.sampled_from(["next"] * 6 + ["prev"] * 2 + ["setup", "cancel", "start", "end", "end award 0", "end award 101"])
attack_lines = st.builds(lambda aw, t, m: " ".join(filter(None, ["attack", _q(aw[0]), _q(t), aw[1], m])), armed, targets, modes)
damage_lines = st.builds(lambda t, n: f"damage {_q(t)} {n}", targets, amounts)
heal_lines = st.builds(lambda t, n: f"heal {_q(t)} {n}", targets, amounts)
init_lines = st.builds(lambda t, n: f"init {_q(t)} {n}", names, initiatives)
dice_lines = st.builds(lambda fs: "dice " + " ".join(map(str, fs)), faces)
CHIPS = ("Poisoned", "prone", "Stunned", "Invisible", "Paralyzed", "Blessed")
chip_lines = st.builds(
    lambda t, sign, c, n: f"chip {_q(t)} {sign}{c}" + (f" {n}" if sign == "+" and n else ""),
    targets, st.sampled_from("++-"), st.sampled_from(CHIPS), st.sampled_from(["", "", "1", "3", "next"]),
)  # fmt: skip
other_lines = st.one_of(
    st.builds(lambda t, n: f"exhaustion {_q(t)} {n}", targets, st.integers(-1, 7)),
    st.builds(lambda t, a, m: f"save {_q(t)} {a} {m}".strip(), targets, st.sampled_from(["str", "dex", "wis"]), modes),
    st.builds(lambda t, a: f"check {_q(t)} {a}", targets, st.sampled_from(["stealth", "athletics", "int"])),
    st.sampled_from(["tray adv", "tray normal", "tray dis"]),
    st.builds(lambda c, sp, t: f"cast {c} {sp} on {_q(t)}", st.sampled_from(["Bren", "Mirelle"]),
              st.sampled_from(["'Fire Bolt'", "'Burning Hands'", "'Hold Person'", "'Cure Wounds'", "'Acid Arrow'",
                               "Sleep", "Bless", "'Spare the Dying'", "Revivify", "'Magic Missile'"]), targets),
)  # fmt: skip

stealth_lines = st.one_of(
    st.sampled_from(["sneak party", "sneak foes", "sneak both", "sneak none", "stealth roll", "join group 'Wolf 2'",
                     "parley"]),
    st.builds(lambda t, n: f"stealth {_q(t)} {n}", targets, st.one_of(st.integers(-2, 30), st.just("clear"))),
    st.builds(lambda t: f"join {_q(t)}", st.sampled_from(["Wolf 1", "Wolf 2", "Wolf 3", "Ayla", "Nobody"])),
    st.builds(lambda t: f"unjoin {_q(t)}", st.sampled_from(["Wolf 1", "Wolf 2", "Goblin 1"])),
)  # fmt: skip
"""Setup's Stealth contest and join lists (issue 5)."""
end_lines = st.sampled_from([
    "end fled 'Goblin 1' captured 'Goblin 2'", "end loot all to Ayla gold 9", "end award 5 gold 0",
    "end captured 'Goblin Boss' loot all to Bren", "end fled Nobody",
])  # fmt: skip

setup_lines = st.one_of(st.sampled_from(["setup", "cancel"]), init_lines, damage_lines, heal_lines, dice_lines,
                        stealth_lines, stealth_lines)  # fmt: skip
"""A line that makes sense before the fight starts."""

command_lines = st.one_of(
    turn_lines, turn_lines, attack_lines, attack_lines, attack_lines, damage_lines, heal_lines, init_lines, dice_lines,
    chip_lines, other_lines, end_lines, st.sampled_from(["join 'Wolf 1'", "join group 'Wolf 2'"]),
)
"""One text line of a command over the sample campaign (which may be refused, with a reason)."""

session_lines = st.one_of(*[command_lines] * 6, st.sampled_from(["undo", "redo"]))
"""A command line, or now and then an undo or a redo."""


def line_scripts(max_size: int = 30) -> st.SearchStrategy[list[str]]:
    """A script: a few setup lines, most often `start`, then lines of the fight."""
    return st.builds(
        lambda before, start, lines: before + (["start"] if start else []) + lines,
        st.lists(setup_lines, max_size=3),
        st.sampled_from([True, True, True, False]),
        st.lists(session_lines, min_size=min(4, max_size), max_size=max_size),
    )


# -- command records ---------------------------------------------------------------------------

armed_refs = st.one_of(st.sampled_from(ARMED_REFS), st.sampled_from(ARMED_REFS), st.tuples(refs, weapons))
turn_records = st.sampled_from(
    [cmd.NextTurn()] * 6 + [cmd.PrevTurn()] * 2
    + [cmd.OpenSetup(), cmd.CancelSetup(), cmd.StartFight(), cmd.EndFight(), cmd.EndFight(0), cmd.EndFight(101)]
)  # fmt: skip
attack_records = st.builds(
    lambda aw, t, m, thrown, far: cmd.Attack(aw[0], t, aw[1], m, thrown, far),
    armed_refs, target_refs, st.sampled_from(MODES + ("normal",)), st.booleans(), st.booleans(),
)  # fmt: skip

command_records = st.one_of(
    turn_records,
    turn_records,
    attack_records,
    attack_records,
    attack_records,
    st.builds(cmd.ApplyDamage, target_refs, amounts),
    st.builds(cmd.Heal, target_refs, amounts),
    st.builds(cmd.SetInitiative, refs, initiatives),
    st.builds(cmd.AddChip, target_refs, st.sampled_from(CHIPS), st.integers(0, 3)),
    st.builds(cmd.RemoveChip, target_refs, st.sampled_from(CHIPS)),
    st.builds(cmd.SetExhaustion, target_refs, st.integers(-1, 7)),
    st.builds(cmd.RollSave, target_refs, st.sampled_from(["strength", "dexterity"]), modes),
    st.builds(cmd.SetTrayMode, st.sampled_from(["normal", "adv", "dis"])),
    st.builds(cmd.SetSneakers, st.sampled_from(["none", "party", "foes", "both", "all"])),
    st.builds(cmd.SetStealth, target_refs, st.one_of(st.none(), st.integers(-2, 30))),
    st.just(cmd.RollStealth()),
    st.builds(lambda r: cmd.JoinFight((r,)), st.sampled_from(["wolf-1", "wolf-2", "ayla", "nobody"])),
    st.builds(cmd.UnjoinFight, st.sampled_from(["wolf-1", "goblin-1"])),
    st.builds(lambda f, fate, take: cmd.EndFight(-1, ((f, fate),), ("goblin-1/weapons/0",) if take else (),
                                                  "ayla" if take else "", -1),
              target_refs, st.sampled_from(["fled", "captured", "hostile"]), st.booleans()),
    st.builds(lambda c, sp, t: cmd.Cast(c, sp, 0, (t,)), st.sampled_from(["bren", "mirelle"]),
              st.sampled_from(["Fire Bolt", "Burning Hands", "Hold Person", "Cure Wounds", "Acid Arrow", "Sleep"]),
              target_refs),
)  # fmt: skip
"""One command record over the sample campaign's ids (and one id that names no one)."""


def command_scripts(max_size: int = 30) -> st.SearchStrategy[list[object]]:
    """A list of command records, most often starting the fight first."""
    return st.builds(
        lambda start, commands: ([cmd.StartFight()] if start else []) + commands,
        st.sampled_from([True, True, True, False]),
        st.lists(command_records, min_size=min(4, max_size), max_size=max_size),
    )


# -- labels through one fight (issue 14) -------------------------------------------------------

SPAWNED = tuple(next(c for c in SAMPLE.creatures if c.id == ref) for ref in ("wolf-1", "goblin-1", "winter-wolf"))
"""Stat blocks a spawn copies: one of a name the fight has, one it may have, one of a lone name."""

label_ops = st.one_of(
    st.tuples(st.just("join"), st.integers(0, 40)),
    st.tuples(st.just("join"), st.integers(0, 40)),
    st.tuples(st.just("damage"), st.integers(0, 40), st.integers(1, 15)),
    st.tuples(st.just("damage"), st.integers(0, 40), st.integers(1, 15)),
    st.tuples(st.just("spawn"), st.sampled_from(SPAWNED), st.integers(1, 3), st.booleans()),
    st.tuples(st.just("delete"), st.integers(0, 40)),
    st.tuples(st.just("undo")),
    st.tuples(st.just("next")),
)
"""One step of a fight that changes who is in it or standing: a creature is picked by its place
in the creature list (modulo its length), so spawned ones are picked too."""
