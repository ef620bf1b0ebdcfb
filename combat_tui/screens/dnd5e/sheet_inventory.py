"""The sheet's gear panel (weapons in hand, coins, what is carried) and its equip and unequip
pickers: `w` lists what the character carries and the library's weapons, armor and shields, `W`
what it has on. The rules move the pieces (`equipment.py`): what is put on leaves the inventory,
what is taken off joins it.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from combat_tui.screens.dnd5e.name_picker import Groups
from combat_tui.systems.dnd5e.commands import Equip, Unequip
from combat_tui.systems.dnd5e.model import Actor, Armor

COINS = (("gold", "gp"), ("silver", "sp"), ("copper", "cp"), ("platinum", "pp"))


def gear_text(actor: Actor, one_a_line: bool = False) -> Text:
    """`12 gp 3 sp 0 cp 0 pp` / `Wields Longsword, Handaxe` / `Carries Scimitar, Rope`; in a
    narrow column each name on a line of its own."""
    text = Text()
    for index, (field, unit) in enumerate(COINS):
        if hasattr(actor, field):
            text.append(("\n" if one_a_line and index == 2 else " ") if index else "")
            text.append(str(getattr(actor, field)), style="bold")
            text.append(f" {unit}")
    between = "\n " if one_a_line else ", "
    lists = [("Wields", [weapon.name for weapon in actor.weapons])]
    if hasattr(actor, "inventory"):
        lists.append(("Carries", list(actor.inventory)))
    for title, names in lists:
        text.append(f"\n{title}", style="bold")
        text.append("\n " if one_a_line and names else " ")
        if names:
            text.append(between.join(names))
        else:
            text.append("nothing", style="italic")
    return text


class GearPanel(Static):
    """Weapons, coins and inventory of the sheet's character; `w`/`W` equip and unequip."""

    WRAP = 22
    """The abilities' inner width: a long list wraps there rather than widen the column."""

    def get_content_width(self, container, viewport) -> int:
        return min(super().get_content_width(container, viewport), self.WRAP)

    def show(self, actor: Actor) -> None:
        self.update(gear_text(actor, one_a_line=self.screen.has_class("-narrow")))


def equip_groups(actor: Actor) -> Groups:
    """What `w` offers: the inventory first (loot is put on from there), then the library."""
    from combat_tui.library.items import item_names

    carried = list(dict.fromkeys(getattr(actor, "inventory", ())))
    return [("Carried", carried), ("Library", list(item_names()))]


def worn(actor: Actor) -> list[str]:
    """What `W` offers: the weapons, the body armor and the shield it has on."""
    names = [weapon.name for weapon in actor.weapons]
    names += [piece.name for piece in (actor.armor, actor.shield) if piece is not None]
    return names


def equip_command(ref: str, name: str) -> Equip | None:
    """The Equip of the weapon, armor or shield called `name`; None when no item has that name
    (an inventory entry such as `Rope`)."""
    from combat_tui.library.items import find_item

    item = find_item(name)
    if item is None:
        return None
    return Equip(ref, armor=item) if isinstance(item, Armor) else Equip(ref, weapon=item)


def unequip_command(ref: str, name: str) -> Unequip:
    return Unequip(ref, name)
