"""The collector is off through an app's start-up (issue 17: its passes over the growing heap
cost 30 ms before the first screen and found next to nothing), and on for everything else."""

from __future__ import annotations

import gc

import pytest

import combat_tui.__main__ as cli


@pytest.fixture
def seen(monkeypatch):
    calls: list[tuple[str, bool]] = []
    for name in ("_play", "_seat", "_check"):
        monkeypatch.setattr(cli, name, lambda args, name=name: calls.append((name, gc.isenabled())) or 0)
    yield calls
    gc.enable()


@pytest.mark.parametrize(
    ("argv", "expected"),
    [([], ("_play", False)), (["play", "somewhere"], ("_play", False)), (["seat", "somewhere", "--watch"], ("_seat", False)),
     (["check", "somewhere"], ("_check", True))],
)  # fmt: skip
def test_the_collector_is_off_from_the_start_of_an_app_only(seen, argv, expected) -> None:
    gc.enable()
    assert cli.main(argv) == 0
    assert seen == [expected]


def test_the_apps_turn_the_collector_back_on_or_collect_when_idle() -> None:
    """What a start-up turned off comes back: the seat's freeze enables it, and the GM's app
    collects in its idle ticks (its own choice) and enables it when it ends."""
    from combat_tui.seats.app import _freeze

    gc.disable()
    try:
        _freeze()
        assert gc.isenabled()
    finally:
        gc.unfreeze()
        gc.enable()
