"""Plugs the 5e library into the 5e text forms (`spawn`, `equip`) and rules (`cast`): the registry
calls `install` when the system loads. The SRD files are read on the first lookup, not at start-up."""

from __future__ import annotations

from combat_tui.systems.dnd5e import catalog


def _creature(name: str):
    from combat_tui.library.srd import srd_creature

    return srd_creature(name)


def _item(name: str):
    from combat_tui.library.items import find_item

    return find_item(name)


def _spell(name: str):
    from combat_tui.library.srd_spells import srd_spell

    return srd_spell(name)


def _spell_names() -> tuple[str, ...]:
    from combat_tui.library.srd_spells import srd_spell_names

    return srd_spell_names()


def install() -> None:
    catalog.install(creature=_creature, item=_item, spell=_spell, spell_names=_spell_names)
