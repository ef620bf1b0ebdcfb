"""Setters that touch a widget only when what it shows changes.

Textual repaints a widget whenever its border title is set or a Static is updated, even to the
same text, and a Static's update also asks for a layout. The screens set these after every
command; on a Next turn that repainted the whole combatant table (its border subtitle) for
nothing.
"""

from __future__ import annotations

from textual.widget import Widget
from textual.widgets import Static

_NOTHING = object()


def set_border(widget: Widget, *, title: str | None = None, subtitle: str | None = None) -> None:
    """Set the border's title and subtitle (None leaves one as it is), each only if it changed."""
    shown = widget.__dict__.setdefault("_border_shown", {})
    for name, value in (("border_title", title), ("border_subtitle", subtitle)):
        if value is not None and shown.get(name) != value:
            shown[name] = value
            setattr(widget, name, value)


def update_static(static: Static, content) -> None:
    """`static.update(content)` unless it already shows an equal content."""
    if static.__dict__.get("_content_shown", _NOTHING) == content:
        return
    static.__dict__["_content_shown"] = content
    static.update(content)

