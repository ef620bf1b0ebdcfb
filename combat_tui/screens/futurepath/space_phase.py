"""SpacePhaseScreen: a running FuturePath space fight, phase by phase.

The top line says the round and the phase; the ships table shows each ship's Battle Damage,
BD-DC, Tracking DC, Passive Sensors and what is wrong with it (the cursor row is the ship whose
crew the keys act for); beside it, that ship's seven positions with who holds them and what
each did this round; below, the last Fire's d10 pool with its successes, rerolls and chart
result, then the log. Every key is a `space` command (docs/commands.md, "Space combat"); the
target of a scan, a manoeuvre or a Fire is the enemy shown as Target, which t changes. A key
the rules would refuse now is dimmed, and pressed it says the rules' reason (`space_keys.py`).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import DataTable, Static

from combat_tui.core.command import CommandRejected
from combat_tui.core.session import Session
from combat_tui.screens.futurepath.confirm_dialog import FPConfirmDialog
from combat_tui.screens.futurepath.space_choice import SpaceChoiceDialog
from combat_tui.screens.futurepath.space_dice import SpaceDiceDialog, TableFaces, rolling_keys
from combat_tui.screens.futurepath.space_keys import Aim, SpaceKeys
from combat_tui.screens.futurepath.space_view import pool, positions, ship_row, title
from combat_tui.screens.in_place import set_border, update_static
from combat_tui.screens.messages import CommandRequested
from combat_tui.screens.one_frame import OneFrameScreen
from combat_tui.screens.refusals import refuse
from combat_tui.systems.futurepath.space import commands as sc
from combat_tui.systems.futurepath.space.labels import ship_labels
from combat_tui.systems.futurepath.space.model import SpaceFight
from combat_tui.systems.futurepath.space.stats import ship, status
from combat_tui.systems.futurepath.stats import fp_state
from combat_tui.widgets.key_footer import KeyFooter
from combat_tui.widgets.travelogue import Travelogue

COLUMNS = ("Ship", "BD", "BD-DC", "Trk", "PS", "State")
KEYS = (
    ("n", "next", "Next phase", True, "next", "Land this phase's results and begin the next"),
    ("t", "target", "Target", True, "target", "The next enemy ship as the target"),
    ("c", "command", "Command", True, "command", "Captain: Give Command to an officer"),
    ("b", "boost", "Boost", True, "boost", "Science Officer (or the Engineer): Boost an attribute"),
    ("o", "fly('offensive')", "Offensive", True, "offensive", "Helm: fly offensively at the target"),
    ("d", "fly('defensive')", "Defensive", False, "defensive", "Helm: fly defensively"),
    ("v", "fly('evasive')", "Evasive", False, "evasive", "Helm: emergency evasive thrusters"),
    ("i", "fly('intercept')", "Intercept", False, "intercept", "Helm: intercept the target"),
    ("k", "fly('close')", "Close", False, "close", "Helm: close the distance"),
    ("w", "fly('widen')", "Widen", False, "widen", "Helm: widen the distance"),
    ("s", "scan", "Scan", True, "scan", "Sensor Officer: scan the target for a weakness"),
    ("S", "deep", "Deep scan", False, "deep", "Sensor Officer: a deep scan of the target, three rounds"),
    ("j", "jam", "Jam", False, "jam", "Sensor Officer: jam the target's sensors or missiles, or a hacker"),
    ("x", "spoof", "Spoof", False, "spoof", "Sensor Officer: Sensor Spoofing, false signatures or chaff decoys"),
    ("y", "crypto", "Crypto", False, "crypto", "Science or Sensor Officer: read the target's communications"),
    ("K", "cloak", "Cloak", False, "cloak", "Science Officer (or a held Chief Engineer): activate the cloak, or switch it off"),
    ("f", "fire", "Fire", True, "fire", "Weapons Officer: every hard point on the target"),
    ("B", "bombard", "Bombard", False, "bombard", "Weapons Officer: Bombard the target"),
    ("D", "defend", "Defensive Fire", False, "defend", "Weapons Officer: hold hard points back against missiles"),
    ("A", "weaponsassist", "Weapons Assist", False, "weapons-assist",
     "Any crew member but the Weapons Officer: help the Fire on the target"),
    ("M", "manipulate", "Shields", False, "manipulate", "Any crew member: Shield Manipulation against the target"),
    ("r", "repair", "Repair", True, "repair", "Chief Engineer: repair a Battle Damage"),
    ("m", "treat", "Medic", False, "treat", "Medical Officer: treat a crew member"),
    ("e", "encourage", "Encourage", False, "encourage", "Captain: Encourage Crew"),
    ("a", "assist", "Assist", False, "assist", "Captain: Direct Assistance to one officer, or back to the chair"),
    ("p", "presence", "Presence", False, "presence", "Captain: Commanding Presence (a feat), once a day"),
    ("h", "hold", "Hold", False, "hold", "Science Officer or Chief Engineer acts in the Action Phase (declare before any roll)"),
    ("R", "ram", "Ram", False, "ram", "Helm: ram the target"),
    ("X", "end", "End fight", False, "end", "The GM ends the space fight, asking first (undo brings it back)"),
)  # fmt: skip
"""(key, action, description, on the footer, id, tooltip) of every key; each but Target has a
twin that runs when the rules refuse it and says why."""
ASK = {"command", "treat", "hold", "assist", "manipulate", "weaponsassist", "jam", "spoof", "defend", "cloak"}
"""Keys that ask even when the rules leave one choice: who acts, or which of a function's kinds."""
TITLES_ = {"command": "Give Command to", "boost": "Boost", "repair": "Repair", "treat": "Treat",
           "hold": "Act in the Action Phase", "assist": "Direct Assistance to", "crypto": "Crypto by",
           "jam": "Jam", "spoof": "Sensor Spoofing", "cloak": "Cloak", "defend": "Defensive Fire", "manipulate": "Shield Manipulation by",
           "weaponsassist": "Weapons Assist by"}  # fmt: skip


def _refused(action: str) -> str:
    """`fly('offensive')` -> `refused('fly', 'offensive')`."""
    name, _, args = action.partition("(")
    return f"refused('{name}', {args[:-1]})" if args else f"refused('{name}')"


class SpacePhaseScreen(OneFrameScreen):
    """Ships, positions, the Fire pool and the log of a space fight; keys act for the cursor's ship."""

    CSS_PATH = "space_phase.tcss"
    AUTO_FOCUS = "#space-ships"

    BINDINGS = [Binding(key, action, text, show=shown, id=f"space.{name}", tooltip=tip)
                for key, action, text, shown, name, tip in KEYS] + [
        Binding(key, _refused(action), text, show=False, id=f"space.{name}-refused", tooltip="Says why it cannot be done now")
        for key, action, text, _, name, _ in KEYS if name != "target"] + [
        Binding("g", "dice", "Table dice", show=False, id="space-phase.dice",
                tooltip="Type the faces rolled at the table for the next roll, with the dice each key's roll takes")]

    def __init__(self) -> None:
        super().__init__()
        self._space: SpaceFight | None = None
        self._target = ""
        self._rows: tuple[str, ...] = ()
        self._keys = SpaceKeys()
        self._faces = TableFaces()

    def compose(self) -> ComposeResult:
        yield Static("", id="space-title", classes="title-bar")
        with Horizontal(id="space-body"):
            yield DataTable(id="space-ships", classes="box", cursor_type="row", zebra_stripes=False)
            with VerticalScroll(id="space-crew-box", classes="box"):
                yield Static("", id="space-crew")
        yield Static("", id="space-pool", classes="box")
        yield Travelogue(id="space-log", classes="box")
        yield KeyFooter()

    def on_mount(self) -> None:
        table = self.query_one("#space-ships", DataTable)
        table.border_title = "Ships"
        for column in COLUMNS:
            table.add_column(column, key=column)
        self.query_one("#space-pool").border_title = "Last Fire"
        self.query_one("#space-log").border_title = "Log"
        self.app.state_changed.subscribe(self, self._state_changed)
        self._state_changed(self.app.session)

    # -- state down --------------------------------------------------------------------------

    def _state_changed(self, session: Session) -> None:
        space = fp_state(session.state).space
        if space is None:
            return
        self._space = space
        state, labels = session.state, ship_labels(session.state)
        update_static(self.query_one("#space-title", Static), Text(title(state, space)))
        table = self.query_one("#space-ships", DataTable)
        if self._rows != space.ships:  # a new fight: the rows once, then cells in place
            table.clear()
            for ref in space.ships:
                table.add_row(*ship_row(state, space, ref, labels[ref]), key=ref)
            self._rows = space.ships
        else:
            for ref in space.ships:
                for column, value in zip(COLUMNS, ship_row(state, space, ref, labels[ref])):
                    table.update_cell(ref, column, value)
        self._paint_crew(session)
        update_static(self.query_one("#space-pool", Static), pool(space.pools[-1] if space.pools else None, labels))
        self.query_one(Travelogue).show(session.log)
        self.refresh_bindings()

    def _paint_crew(self, session: Session) -> None:
        ref = self._ship
        if ref is None or self._space is None:
            return
        labels = ship_labels(session.state)
        self._aim()
        set_border(self.query_one("#space-crew-box"), title=f"{labels[ref]} · target {labels.get(self._target, 'none')}")
        compact = self.size.width < 100
        update_static(self.query_one("#space-crew", Static), positions(session.state, self._space, ref, labels, compact=compact))

    def on_resize(self) -> None:
        if self._space is not None:
            self._paint_crew(self.app.session)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if self._space is not None:
            self._paint_crew(self.app.session)
            self.refresh_bindings()

    @property
    def _ship(self) -> str | None:
        table = self.query_one("#space-ships", DataTable)
        if not self._rows or table.cursor_row is None or not 0 <= table.cursor_row < len(self._rows):
            return None
        return self._rows[table.cursor_row]

    def _aim(self) -> str:
        """The target, kept an enemy of the cursor's ship: a key right after a cursor move comes
        before the move's RowHighlighted, so each targeted action checks it too."""
        enemies = self._enemies()
        if self._target not in enemies:
            self._target = enemies[0] if enemies else ""
        return self._target

    def _enemies(self) -> list[str]:
        state, space, ref = self.app.session.state, self._space, self._ship
        if space is None or ref is None:
            return []
        side = ship(state, ref).side
        alive = [r for r in space.ships if ship(state, r).side != side and not (st := status(space, r)).exploded
                 and not st.adrift and not st.surrendered]  # fmt: skip
        swarms = [s.id for s in space.swarms if any(m in alive for m in s.ships)]
        return [r for r in alive if not any(r in s.ships for s in space.swarms)] + swarms

    # -- commands up -------------------------------------------------------------------------

    def _send(self, command: object | None) -> None:
        if command is not None and not self._faces.send(self, command):  # faces typed with g go first
            self.post_message(CommandRequested(command))

    def action_dice(self) -> None:
        """The faces rolled at the table for the next roll, shown with what each key's roll takes."""
        aim = self._aim_now()
        if aim is not None:
            label = ship_labels(self.app.session.state).get(aim.ref, aim.ref)
            rolls = rolling_keys(self.app.session, self._keys, aim, KEYS)
            self.app.push_screen(SpaceDiceDialog(label, rolls, self._faces.faces), lambda faces: self._faces.keep(self, faces))

    def _aim_now(self) -> Aim | None:
        if self._space is None or self._ship is None:
            return None
        self._aim()
        return Aim(self.app.session.state, self._space, self._ship, self._target)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("refused",):
            return True
        if action == "target":
            return True if self._space is not None and self._space.stage == "running" else None
        if not self._keys.known(action):
            return True
        aim = self._aim_now()
        return True if aim is not None and self._keys.any(aim, action, parameters) else None

    def action_refused(self, action: str, *params: object) -> None:
        """A dimmed key: the rules' reason, as the command line would give it."""
        refuse(self, action, params)

    def refusal(self, action: str, parameters: tuple[object, ...]) -> CommandRejected | str | None:
        """Why a key is refused now: the rules' reason (screens/refusals.py shows it)."""
        if action == "target":
            return "The space fight is over: there is no target to pick."
        if not self._keys.known(action):
            return None
        aim = self._aim_now()
        if aim is None:
            return "No ship is highlighted: the arrows pick the ship whose crew acts."
        return self._keys.why_not(aim, action, parameters)

    def _run(self, action: str, *params: object) -> None:
        """Send the key's command; ask first when there is a choice (or who acts, `ASK`)."""
        aim = self._aim_now()
        if aim is None:
            return
        choices = self._keys.allowed(aim, action, params)
        if not choices:
            self.action_refused(action, *params)
        elif len(choices) == 1 and action not in ASK:
            self._send(choices[0][1])
        else:
            options = [(str(i), text) for i, (text, _) in enumerate(choices)]
            self.app.push_screen(SpaceChoiceDialog(TITLES_.get(action, action), options),
                                 lambda i: self._send(choices[int(i)][1]) if i is not None else None)  # fmt: skip

    def action_next(self) -> None:
        self._run("next")

    def action_end(self) -> None:
        self.app.push_screen(FPConfirmDialog("End the space fight?"),
                             lambda yes: self._send(sc.SpaceEnd() if yes else None))

    def action_target(self) -> None:
        enemies = self._enemies()
        if enemies:
            at = enemies.index(self._target) if self._target in enemies else -1
            self._target = enemies[(at + 1) % len(enemies)]
            self._paint_crew(self.app.session)
            self.refresh_bindings()

    def action_fly(self, manoeuvre: str) -> None:
        self._run("fly", manoeuvre)

    def action_scan(self) -> None:
        self._run("scan")

    def action_deep(self) -> None:
        self._run("deep")

    def action_jam(self) -> None:
        self._run("jam")

    def action_spoof(self) -> None:
        self._run("spoof")

    def action_cloak(self) -> None:
        self._run("cloak")

    def action_crypto(self) -> None:
        self._run("crypto")

    def action_fire(self) -> None:
        self._run("fire")

    def action_bombard(self) -> None:
        self._run("bombard")

    def action_defend(self) -> None:
        self._run("defend")

    def action_weaponsassist(self) -> None:
        self._run("weaponsassist")

    def action_manipulate(self) -> None:
        self._run("manipulate")

    def action_ram(self) -> None:
        self._run("ram")

    def action_encourage(self) -> None:
        self._run("encourage")

    def action_command(self) -> None:
        self._run("command")

    def action_assist(self) -> None:
        self._run("assist")

    def action_presence(self) -> None:
        self._run("presence")

    def action_boost(self) -> None:
        self._run("boost")

    def action_repair(self) -> None:
        self._run("repair")

    def action_treat(self) -> None:
        self._run("treat")

    def action_hold(self) -> None:
        self._run("hold")
