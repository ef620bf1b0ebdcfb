"""The text forms of a GM's own table (issue 13; DESIGN.md §5 fixes `spawn`, `equip`, `unequip`):

    spawn CREATURE [COUNT] [at X Y [MAP]] [rolled]
    creature add NAME [at X Y [MAP]] [FIELD=VALUE ...]
    character add NAME [FIELD=VALUE ...] | character delete NAME
    edit NAME FIELD=VALUE ...
    template save NAME [as TEMPLATE] | template edit TEMPLATE FIELD=VALUE ... | template delete TEMPLATE
    levelup NAME [CLASS [SUBCLASS]]
    equip NAME ITEM | unequip NAME ITEM
    spell save NAME [from OLD] FIELD=VALUE ... | spell delete NAME
"""

from __future__ import annotations

from collections.abc import Callable

from combat_tui.core.command import CommandRejected
from combat_tui.core.maps import Tile
from combat_tui.core.text import Args, Parsed, is_count, is_whole, resolve, shown, whole
from combat_tui.systems.dnd5e import catalog
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e import commands_build as cb
from combat_tui.systems.dnd5e.editing import parse_pairs
from combat_tui.systems.dnd5e.model import Armor


def _tile(a: Args, words: list[str]) -> Tile | None:
    """`at X Y [MAP]` taken off the end of `words` (changed in place), or None."""
    from combat_tui.systems.dnd5e.world import find_map

    low = [w.casefold() for w in words]
    if "at" not in low:
        return None
    at = len(low) - 1 - low[::-1].index("at")
    tail = words[at + 1 :]
    del words[at:]
    if len(tail) not in (2, 3) or not all(is_whole(w) for w in tail[:2]):
        raise CommandRejected("'at' reads X Y [MAP], such as 'at 4 5'.", f"Usage: {a.usage()}")
    x, y = (whole(w, f"the {axis} of a tile", usage=a.usage()) for w, axis in zip(tail, "xy"))
    map_id = find_map(a.state, tail[2]) if len(tail) == 3 else a.state.party_tile.map
    return Tile(map_id, x, y)


def _spawn(a: Args) -> Parsed:
    words = list(a.words)
    rolled = bool(words) and words[-1].casefold() == "rolled"
    if rolled:
        words.pop()
    tile = _tile(a, words)
    count = whole(words.pop(), "a count", usage=a.usage()) if len(words) > 1 and is_count(words[-1]) else 1
    name = " ".join(words)
    if not name:
        raise CommandRejected("'spawn' needs a creature's name.", f"Usage: {a.usage()}")
    creature = catalog.find_creature(a.state, name)
    if creature is None:
        raise CommandRejected(f"No library creature or template is called '{shown(name, 60)}'.",
                              "Open the library (l) to search it.")  # fmt: skip
    return Parsed("spawn", cmd.SpawnCreatures(creature, count, tile, rolled))


def _split_pairs(a: Args) -> tuple[list[str], tuple[tuple[str, str], ...]]:
    first = next((i for i, w in enumerate(a.words) if "=" in w), len(a.words))
    return a.words[:first], parse_pairs(a.words[first:], a.verb)


def _creature(a: Args) -> Parsed:
    if not a.words or a.words[0].casefold() != "add":
        raise CommandRejected("'creature' reads 'creature add NAME ...'.", f"Usage: {a.usage()}")
    a.words = a.words[1:]
    head, pairs = _split_pairs(a)
    tile = _tile(a, head)
    if not head:
        raise CommandRejected("'creature add' needs a name.", f"Usage: {a.usage()}")
    return Parsed("creature", cmd.AddCreature(" ".join(head), pairs, tile))


def _character(a: Args) -> Parsed:
    sub = a.words[0].casefold() if a.words else ""
    a.words = a.words[1:]
    if sub == "add":
        head, pairs = _split_pairs(a)
        if not head:
            raise CommandRejected("'character add' needs a name.", f"Usage: {a.usage()}")
        return Parsed("character", cmd.AddCharacter(" ".join(head), pairs))
    if sub == "delete":
        ref = a.name()
        a.none()
        return Parsed("character", cmd.DeleteCharacter(ref))
    raise CommandRejected("'character' reads 'character add NAME ...' or 'character delete NAME'.", f"Usage: {a.usage()}")


def _edit(a: Args) -> Parsed:
    head, pairs = _split_pairs(a)
    if not pairs:
        raise CommandRejected("'edit' needs FIELD=VALUE after the name, such as ac=15.", f"Usage: {a.usage()}")
    a.words = head
    ref = a.name()
    a.none()
    return Parsed("edit", cmd.EditActor(ref, pairs))


def _template(a: Args) -> Parsed:
    sub = a.words[0].casefold() if a.words else ""
    a.words = a.words[1:]
    if sub == "save":
        low = [w.casefold() for w in a.words]
        name = ""
        if "as" in low[1:]:
            at = len(low) - 1 - low[::-1].index("as")
            name, a.words = " ".join(a.words[at + 1 :]), a.words[:at]
        ref = a.name()
        a.none()
        return Parsed("template", cmd.SaveTemplate(ref, name))
    if sub == "edit":
        head, pairs = _split_pairs(a)
        if not head or not pairs:
            raise CommandRejected("'template edit' needs a template's name, then FIELD=VALUE.", f"Usage: {a.usage()}")
        return Parsed("template", cmd.EditTemplate(" ".join(head), pairs))
    if sub == "delete" and a.words:
        return Parsed("template", cmd.DeleteTemplate(" ".join(a.words)))
    raise CommandRejected("'template' reads save, edit or delete.", f"Usage: {a.usage()}")


def _levelup(a: Args) -> Parsed:
    ref = a.name()
    class_name = a.words.pop(0) if a.words else ""
    subclass = " ".join(a.words)
    return Parsed("levelup", cmd.LevelUp(ref, class_name, subclass))


def _item_words(a: Args) -> tuple[str, str]:
    if len(a.words) < 2:
        raise CommandRejected(f"'{a.verb}' needs a name, then an item.", f"Usage: {a.usage()}")
    for end in range(len(a.words) - 1, 0, -1):
        ref = resolve(" ".join(a.words[:end]), a.state, a.labels, strict=False)
        if ref:
            return ref, " ".join(a.words[end:])
    resolve(a.words[0], a.state, a.labels, strict=True)
    raise CommandRejected(f"Cannot read '{a.verb} {' '.join(a.words)}'.")


def _equip(a: Args) -> Parsed:
    ref, name = _item_words(a)
    item = catalog.find_item(name)
    if item is None:
        raise CommandRejected(f"No weapon, armor or shield is called '{name}'.",
                              "Use a 2014 preset name (Plate, Longsword) or the SRD's (Plate Armor).")  # fmt: skip
    if isinstance(item, Armor):
        return Parsed("equip", cmd.Equip(ref, armor=item))
    return Parsed("equip", cmd.Equip(ref, weapon=item))


def _unequip(a: Args) -> Parsed:
    ref, name = _item_words(a)
    return Parsed("unequip", cmd.Unequip(ref, name))


def _spell(a: Args) -> Parsed:
    """A campaign's custom spell (spellbook.py): the pairs describe the whole spell."""
    from combat_tui.systems.dnd5e.spellbook import parse_spell_words

    sub = a.words[0].casefold() if a.words else ""
    if sub == "save":
        name, pairs, was = parse_spell_words(a.words[1:], "spell save")
        if not name:
            raise CommandRejected("'spell save' needs the spell's name, then FIELD=VALUE.", f"Usage: {a.usage()}")
        return Parsed("spell", cb.SaveSpell(name, pairs, was))
    if sub == "delete" and a.words[1:]:
        return Parsed("spell", cb.DeleteSpell(" ".join(a.words[1:])))
    raise CommandRejected("'spell' reads 'spell save NAME FIELD=VALUE ...' or 'spell delete NAME'.", f"Usage: {a.usage()}")


BUILD_VERBS: dict[str, Callable[[Args], Parsed]] = {
    "spawn": _spawn,
    "creature": _creature,
    "character": _character,
    "edit": _edit,
    "template": _template,
    "levelup": _levelup,
    "equip": _equip,
    "unequip": _unequip,
    "spell": _spell,
}
BUILD_USAGE = {
    "spawn": "spawn CREATURE [COUNT] [at X Y [MAP]] [rolled]",
    "creature": "creature add NAME [at X Y [MAP]] [FIELD=VALUE ...]",
    "character": "character add NAME [FIELD=VALUE ...] | character delete NAME",
    "edit": "edit NAME FIELD=VALUE ...",
    "template": "template save NAME [as TEMPLATE] | template edit TEMPLATE FIELD=VALUE ... | template delete TEMPLATE",
    "levelup": "levelup NAME [CLASS [SUBCLASS]]",
    "equip": "equip NAME ITEM",
    "unequip": "unequip NAME ITEM",
    "spell": "spell save NAME [from OLD] FIELD=VALUE ... | spell delete NAME",
}  # fmt: skip
