"""SpacePhaseScreen: a running FuturePath space fight, phase by phase.

The top line says the round and the phase; the ships table shows each ship's Battle Damage,
BD-DC, Tracking DC, Passive Sensors and what is wrong with it (the cursor row is the ship whose
crew the keys act for); beside it, that ship's seven positions with who holds them and what
each did this round; below, the last Fire's d10 pool with its successes, rerolls and chart
result, then the log. Every key is a `space` command (docs/commands.md, "Space combat"); the
target of a scan, a manoeuvre or a Fire is the enemy shown as Target, which t changes.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Static

from combat_tui.core.session import Session
from combat_tui.screens.futurepath.confirm_dialog import FPConfirmDialog
from combat_tui.screens.futurepath.space_choice import SpaceChoiceDialog
from combat_tui.screens.futurepath.space_view import pool, positions, ship_row, title
from combat_tui.screens.messages import CommandRequested
from combat_tui.systems.futurepath.space import commands as sc
from combat_tui.systems.futurepath.space.crew import TITLES, may_act
from combat_tui.systems.futurepath.space.labels import ship_labels
from combat_tui.systems.futurepath.space.model import ATTRIBUTES, SpaceFight
from combat_tui.systems.futurepath.space.stats import ship, status
from combat_tui.systems.futurepath.stats import fp_state
from combat_tui.widgets.key_footer import KeyFooter
from combat_tui.widgets.travelogue import Travelogue

COLUMNS = ("Ship", "BD", "BD-DC", "Trk", "PS", "State")


class SpacePhaseScreen(Screen):
    """Ships, positions, the Fire pool and the log of a space fight; keys act for the cursor's ship."""

    CSS_PATH = "space_phase.tcss"
    AUTO_FOCUS = "#space-ships"

    BINDINGS = [
        Binding("n", "next", "Next phase", id="space.next", tooltip="Land this phase's results and begin the next"),
        Binding("t", "target", "Target", id="space.target", tooltip="The next enemy ship as the target"),
        Binding("c", "command", "Command", id="space.command", tooltip="Captain: Give Command to an officer"),
        Binding("b", "boost", "Boost", id="space.boost", tooltip="Science Officer (or the Engineer): Boost an attribute"),
        Binding("o", "fly('offensive')", "Offensive", id="space.offensive", tooltip="Helm: fly offensively at the target"),
        Binding("d", "fly('defensive')", "Defensive", show=False, id="space.defensive", tooltip="Helm: fly defensively"),
        Binding("v", "fly('evasive')", "Evasive", show=False, id="space.evasive", tooltip="Helm: emergency evasive thrusters"),
        Binding("i", "fly('intercept')", "Intercept", show=False, id="space.intercept", tooltip="Helm: intercept the target"),
        Binding("k", "fly('close')", "Close", show=False, id="space.close", tooltip="Helm: close the distance"),
        Binding("w", "fly('widen')", "Widen", show=False, id="space.widen", tooltip="Helm: widen the distance"),
        Binding("s", "scan", "Scan", id="space.scan", tooltip="Sensor Officer: scan the target for a weakness"),
        Binding("f", "fire", "Fire", id="space.fire", tooltip="Weapons Officer: every hard point on the target"),
        Binding("B", "bombard", "Bombard", show=False, id="space.bombard", tooltip="Weapons Officer: Bombard the target"),
        Binding("r", "repair", "Repair", id="space.repair", tooltip="Chief Engineer: repair a Battle Damage"),
        Binding("m", "treat", "Medic", show=False, id="space.treat", tooltip="Medical Officer: treat a crew member"),
        Binding("e", "encourage", "Encourage", show=False, id="space.encourage", tooltip="Captain: Encourage Crew"),
        Binding("h", "hold", "Hold", show=False, id="space.hold",
                tooltip="Science Officer or Chief Engineer acts in the Action Phase (declare before any roll)"),
        Binding("R", "ram", "Ram", show=False, id="space.ram", tooltip="Helm: ram the target"),
        Binding("X", "end", "End fight", show=False, id="space.end",
                tooltip="The GM ends the space fight, asking first (undo brings it back)"),
    ]  # fmt: skip

    def __init__(self) -> None:
        super().__init__()
        self._space: SpaceFight | None = None
        self._target = ""
        self._rows: tuple[str, ...] = ()

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
        self.query_one("#space-title", Static).update(Text(title(state, space)))
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
        self.query_one("#space-pool", Static).update(pool(space.pools[-1] if space.pools else None, labels))
        self.query_one(Travelogue).show(session.log)
        self.refresh_bindings()

    def _paint_crew(self, session: Session) -> None:
        ref = self._ship
        if ref is None or self._space is None:
            return
        labels = ship_labels(session.state)
        self._aim()
        box = self.query_one("#space-crew-box")
        box.border_title = f"{labels[ref]} · target {labels.get(self._target, 'none')}"
        compact = self.size.width < 100
        self.query_one("#space-crew", Static).update(positions(session.state, self._space, ref, labels, compact=compact))

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
        if command is not None:
            self.post_message(CommandRequested(command))

    def _can(self, position: str) -> bool:
        """The cursor's ship has this position free to act in this phase (else the key is dimmed)."""
        space, ref = self._space, self._ship
        if space is None or ref is None or space.stage != "running":
            return False
        return may_act(self.app.session.state, space, ship(self.app.session.state, ref), position)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        needs = {"command": "captain", "encourage": "captain", "fly": "helm", "ram": "helm", "scan": "sensors",
                 "fire": "weapons", "bombard": "weapons", "repair": "engineer", "treat": "medical"}  # fmt: skip
        if action in ("fly", "scan") and self._ship is not None and status(self._space, self._ship).silent:
            return None  # running silent: no Engine-based functions, no scans (§2.13)
        if action in needs:
            return True if self._can(needs[action]) else None
        if action == "boost":
            return True if self._can("science") or self._can("engineer") else None
        if action == "hold":
            return True if self._space is not None and self._space.phase == "action" else None
        if action in ("next", "target", "end"):
            return True if self._space is not None and self._space.stage == "running" else None
        return True

    def action_next(self) -> None:
        self._send(sc.SpaceNext())

    def action_end(self) -> None:
        self.app.push_screen(FPConfirmDialog("End the space fight?"),
                             lambda yes: self._send(sc.SpaceEnd() if yes else None))

    def action_target(self) -> None:
        enemies = self._enemies()
        if enemies:
            at = enemies.index(self._target) if self._target in enemies else -1
            self._target = enemies[(at + 1) % len(enemies)]
            self._paint_crew(self.app.session)

    def action_fly(self, manoeuvre: str) -> None:
        self._aim()
        if manoeuvre == "evasive":
            target = ""
        elif manoeuvre in ("close", "widen", "intercept"):
            target = self._single_target()
        else:
            target = self._target  # a swarm is one opponent to a pilot (§2.13)
        if manoeuvre == "evasive" or target:
            self._send(sc.Fly(self._ship, manoeuvre, target))

    def _single_target(self) -> str:
        """A swarm's first ship stands for it where one ship is needed (a scan, a manoeuvre)."""
        swarm = next((s for s in self._space.swarms if s.id == self._target), None) if self._space else None
        return swarm.ships[0] if swarm else self._target

    def action_scan(self) -> None:
        self._aim()
        if self._target:
            self._send(sc.Scan(self._ship, self._single_target()))

    def action_fire(self) -> None:
        self._aim()
        if self._target:  # a swarm's ship fires with the swarm: one pool, a reroll a ship (§2.13)
            swarm = next((s.id for s in self._space.swarms if self._ship in s.ships), self._ship)
            self._send(sc.Fire(swarm, ((self._target, 0),)))

    def action_bombard(self) -> None:
        self._aim()
        if self._target:
            self._send(sc.Fire(self._ship, ((self._target, 0),), bombard=True))

    def action_ram(self) -> None:
        self._aim()
        if self._target:
            self._send(sc.Ram(self._ship, self._single_target()))

    def action_encourage(self) -> None:
        self._send(sc.Encourage(self._ship))

    def action_command(self) -> None:
        ref = self._ship
        choices = [(p, TITLES[p]) for p in ("science", "helm", "sensors", "weapons", "engineer", "medical")]
        self.app.push_screen(SpaceChoiceDialog("Give Command to", choices),
                             lambda p: self._send(sc.GiveCommand(ref, p)) if p else None)  # fmt: skip

    def action_boost(self) -> None:
        ref = self._ship
        if self._can("engineer"):
            self._send(sc.Boost(ref, "engineer", "engines"))
            return
        choices = [(a, a.capitalize()) for a in ATTRIBUTES if a in ("engines", "weapons", "shields", "sensors")]
        self.app.push_screen(SpaceChoiceDialog("Boost", choices),
                             lambda a: self._send(sc.Boost(ref, "science", a)) if a else None)  # fmt: skip

    def action_repair(self) -> None:
        ref = self._ship
        st = status(self._space, ref)
        choices = [(str(i), f"{d.name} (DC {d.dc or '-'}, {d.progress}/2)") for i, d in enumerate(st.damage, 1)]
        choices += [(f"side {i}", f"side effect of {d.name} (DC 15)") for i, d in enumerate(st.damage, 1)
                    if d.ends == 0 and not d.side_repaired]  # fmt: skip
        choices += [(d.system, f"{d.system} (DC {d.dc})") for d in st.systems]
        if not choices:
            self.notify("Nothing to repair.", severity="information", timeout=3)
            return
        if len(choices) == 1:
            self._send(sc.Repair(ref, choices[0][0]))
            return
        self.app.push_screen(SpaceChoiceDialog("Repair", choices),
                             lambda what: self._send(sc.Repair(ref, what)) if what else None)  # fmt: skip

    def action_treat(self) -> None:
        ref = self._ship
        st = status(self._space, ref)
        positions_ = sorted({c.position for c in st.conditions})
        if not positions_:
            self.notify("No one aboard has a condition to treat.", severity="information", timeout=3)
            return
        choices = [(p, TITLES[p]) for p in positions_]
        self.app.push_screen(SpaceChoiceDialog("Treat", choices),
                             lambda p: self._send(sc.Treat(ref, p)) if p else None)  # fmt: skip

    def action_hold(self) -> None:
        ref = self._ship
        choices = [("engineer", "Chief Engineer (gives up the Response Phase)"), ("science", "Science Officer")]
        self.app.push_screen(SpaceChoiceDialog("Act in the Action Phase", choices),
                             lambda p: self._send(sc.HoldForAction(ref, p)) if p else None)  # fmt: skip
