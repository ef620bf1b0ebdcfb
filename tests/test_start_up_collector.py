"""The collector is off through an app's imports (issue 17: its passes over the growing heap
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


def test_after_the_imports_the_collector_is_on_and_what_they_made_is_frozen() -> None:
    gc.disable()
    try:
        cli._on_after_imports()
        assert gc.isenabled() and gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.enable()
