"""Schema migrations: a campaign file's data is moved up one version at a time.

A released step is never edited; each step gets a fixture file of its old version and a test.
Version 1 is the first release, so there is no step yet: `STEPS[n]` turns version n into n + 1.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

CURRENT_VERSION = 1

Data = dict[str, Any]
STEPS: dict[int, Callable[[Data], Data]] = {}


def migrate(data: Data, steps: dict[int, Callable[[Data], Data]] | None = None, current: int = CURRENT_VERSION) -> Data:
    """Bring `data` up to `current`; raises ValueError for a version this build cannot read."""
    steps = STEPS if steps is None else steps
    version = data.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise ValueError("schema_version is missing or not a whole number")
    if version > current:
        raise ValueError(f"schema_version {version} is newer than this combat-tui reads ({current}); update combat-tui")
    while version < current:
        step = steps.get(version)
        if step is None:
            raise ValueError(f"no migration from schema_version {version}")
        data = step(dict(data))
        version += 1
        data["schema_version"] = version
    return data
