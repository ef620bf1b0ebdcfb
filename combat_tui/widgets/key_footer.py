"""KeyFooter: the key bar at the bottom of a screen, drawn as Textual's Footer draws it, as one widget.

Textual's Footer is a container of one widget a key (ten on the campaign screen), each mounted,
styled (twice: a key's two parts are styles of their own) and laid out; at start-up that was
about 20 ms of the first screen. Here the keys are one line of text, drawn from the screen's
active bindings when the widget renders, and redrawn when a shown key, its description or its
dimming changes. The look is Textual's: the same theme variables, paddings, margins (adjacent
margins collapse, as Textual's horizontal layout does), key groups and the palette's key docked
right behind its separator. `keep_keymap_order` keeps a key the GM's keymap rebinds in its place.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import groupby

from rich.style import Style
from rich.text import Text
from textual.binding import BindingsMap
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget

Box = tuple[int, Text, int]
"""(margin left, the drawn text, margin right) of one key, key group or group label."""


class KeyFooter(Widget, can_focus=False):
    """The key bar at the bottom of a screen."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"key-footer--key", "key-footer--description", "key-footer--separator"}
    DEFAULT_CSS = """
    KeyFooter {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        text-wrap: nowrap;
        .key-footer--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .key-footer--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .key-footer--separator {
            color: $foreground 20%;
        }
    }
    """

    compact = reactive(False)
    """Textual's compact footer: no padding around a key, a space between keys."""

    def __init__(self) -> None:
        super().__init__()
        self._shown: tuple | None = None
        """What the last drawing showed (`_shown`): a bindings change redraws only when it differs."""

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen) -> None:
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            if _shown(screen.active_bindings) != self._shown:
                self.refresh()

    def render(self) -> Text:
        active = self.screen.active_bindings
        self._shown = _shown(active)
        base = self.rich_style
        styles = (self.get_component_rich_style("key-footer--key"), self.get_component_rich_style("key-footer--description"))
        line = _laid_out(self._boxes(active, base, styles), base)
        palette = self._palette(active, base, styles)
        room = max(0, self.size.width - palette.cell_len)
        line.truncate(room)
        if palette:
            line.pad_right(room - line.cell_len)
            line.append_text(palette)
        return line

    def _boxes(self, active, base: Style, styles: tuple[Style, Style]) -> list[Box]:
        """Footer.compose's keys: the first key of each action, consecutive actions of one group as
        a key group and its label."""
        actions: defaultdict[str, list] = defaultdict(list)
        for _, binding, enabled, _ in active.values():
            if binding.show:
                actions[binding.action].append((binding, enabled))
        boxes: list[Box] = []
        for group, listed in groupby(actions.values(), lambda keys: keys[0][0].group):
            listed = list(listed)
            if group is not None and len(listed) > 1:
                keys = [(0 if group.compact else 1, self._key(keys[0], "", base, styles), 0 if group.compact else 1) for keys in listed]
                boxes.append((0, _laid_out(keys, base, pad_left=1 if group.compact else 0), 1 if group.compact else 0))
                boxes.append((0, Text(group.description, styles[1]), 0 if self.compact else 1))
            else:
                boxes.extend((0, self._key(keys[0], None, base, styles), 1 if self.compact else 0) for keys in listed)
        return boxes

    def _key(self, item, description: str | None, base: Style, styles: tuple[Style, Style], compact: bool | None = None) -> Text:
        """FooterKey.render: the key and its description, padded as Textual pads them, over the
        key's own style (dimmed when its action cannot run now)."""
        binding, enabled = item
        compact = self.compact if compact is None else compact
        description = binding.description if description is None else description
        shown = self.app.get_key_display(binding)
        if description:
            text = Text.assemble(
                (shown if compact else f" {shown} ", styles[0]),
                (f" {description}" if compact else f"{description} ", styles[1]),
            )
        else:
            text = Text.assemble((shown, styles[0]))
        text.stylize_before(base + Style(dim=True) if not enabled else base)
        return text

    def _palette(self, active, base: Style, styles: tuple[Style, Style]) -> Text:
        """The command palette's key, docked right behind a separator, as compact as Textual leaves it."""
        if not self.app.ENABLE_COMMAND_PALETTE or self.app.COMMAND_PALETTE_BINDING not in active:
            return Text()
        _, binding, enabled, _ = active[self.app.COMMAND_PALETTE_BINDING]
        separator = self.get_component_rich_style("key-footer--separator")
        text = Text.assemble(("▏", base + separator), self._key((binding, enabled), None, base, styles, compact=True))
        text.append(" ", base)  # its padding; on a compact footer, its margin
        return text

    def watch_compact(self) -> None:
        self.refresh()


def _laid_out(boxes: list[Box], base: Style, pad_left: int = 0) -> Text:
    """Boxes side by side, each gap the larger of the two margins that meet (Textual's horizontal
    layout), the first box's left margin and the last's right one kept."""
    line = Text(" " * pad_left, base)
    right = 0
    for index, (left, text, margin) in enumerate(boxes):
        line.append(" " * (left if index == 0 else max(left, right)), base)
        line.append_text(text)
        right = margin
    if boxes:
        line.append(" " * right, base)
    return line


def _shown(active) -> tuple:
    return tuple(
        (key, binding.description, enabled, binding.group) for key, (_, binding, enabled, _) in active.items() if binding.show
    )


def keep_keymap_order() -> None:
    """Keep a key the GM's keymap rebinds where its binding is declared.

    Textual's keymap moves a rebound key to the end of its screen's bindings, so the footer showed
    it last (off an 80-column footer, for the most used key of all). Installed once, and only when
    a keymap is in use: the original runs first, then its result is put back in declared order.
    """
    if getattr(BindingsMap.apply_keymap, "keeps_order", False):
        return
    apply = BindingsMap.apply_keymap

    def apply_keymap(self: BindingsMap, keymap):
        key_place = {key: index for index, key in enumerate(self.key_to_bindings)}
        id_place: dict[str, int] = {}
        for key, listed in self.key_to_bindings.items():
            for binding in listed:
                if binding.id:
                    id_place.setdefault(binding.id, key_place[key])
        result = apply(self, keymap)

        def place(item: tuple[str, list]) -> int:
            key, listed = item
            places = [id_place[binding.id] for binding in listed if binding.id in id_place]
            return min(places) if places else key_place.get(key, len(key_place))

        ordered = sorted(self.key_to_bindings.items(), key=place)  # stable: a binding's keys keep their order
        self.key_to_bindings.clear()
        self.key_to_bindings.update(ordered)
        return result

    apply_keymap.keeps_order = True
    BindingsMap.apply_keymap = apply_keymap
