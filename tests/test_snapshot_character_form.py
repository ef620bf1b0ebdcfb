"""SVG snapshots of the sheet editor open on Ser Aldric at 80x24 and 160x48: from the campaign
screen, `c` opens his sheet and `i` the form.

Review the report before `--snapshot-update`: a changed snapshot is a changed screen.
"""

from __future__ import annotations

import pytest
from screens.helpers import make_app

SIZES = [(80, 24), (160, 48)]
SIZE_IDS = ["80x24", "160x48"]


async def open_the_form(pilot) -> None:
    await pilot.press("c")
    await pilot.pause()
    await pilot.press("i")
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_character_form_on_ser_aldric(snap_compare, size):
    assert snap_compare(make_app(), run_before=open_the_form, terminal_size=size)
