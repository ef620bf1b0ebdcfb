"""The campaign envelope: what every campaign record has, whatever its rule system.

A rule system's campaign record extends it with that system's state (`systems/dnd5e/model.py`,
`systems/futurepath/model.py`); the kernel reads only these two fields. The file's
`schema_version` and `journal_seq` are storage's, not the record's.
"""

from __future__ import annotations

from combat_tui.core.records import frozen


@frozen
class Campaign:
    name: str
    """The campaign's title, as the picker and the banner show it."""
    system: str
    """The id of its rule system (`dnd5e`, `futurepath`): the registry finds the rules by it."""
