"""ChangedOnlyCompositor: a key's frame draws the widgets it changed, not every widget in between.

Textual draws a partial frame from the rectangle around everything that changed: a Next turn
changes the ribbon at the top and the log at the bottom right, so every widget on the screen was
asked for its lines, the Damage and Heal box, its buttons and fields and the key bar among them,
though none had changed (about a tenth of the frame). The terminal is sent only the changed
cells, and a widget that overlaps none of them adds nothing to what is sent, so it is left out.
"""

from __future__ import annotations

from textual._compositor import ChopsUpdate, Compositor


class ChangedOnlyCompositor(Compositor):
    def render_partial_update(self) -> ChopsUpdate | None:
        everything = self.visible_widgets
        changed = list(self._dirty_regions)
        if not changed:
            return super().render_partial_update()
        self.cuts  # worked out from every widget before the draw leaves some out (they are kept)
        drawn = {
            widget: (region, clip)
            for widget, (region, clip) in everything.items()
            if any(area.overlaps(region.intersection(clip)) for area in changed)
        }
        self._visible_widgets = drawn
        try:
            return super().render_partial_update()
        finally:
            if self._visible_widgets is drawn:  # else a reflow during the draw: its own map stands
                self._visible_widgets = everything
