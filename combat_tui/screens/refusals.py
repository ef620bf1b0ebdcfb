"""A refused key says why: the one place every screen's dimmed or hidden key is answered.

Textual runs a key's binding only when the binding's node says yes in `check_action`; when every
binding of the key says no (False hides it from the footer, None dims it), Textual passes the
key over without a sound. `RefusedKeys` (mixed into the apps) catches such a key as it reaches
the app, after the focused widget and the screen had their turn, and shows a message with the
reason: the `refusal(action, parameters)` of the node the binding belongs to (a screen, a
dialog, the app). A reason that is a rule comes from the core: `core_reason` runs the command
as the key would send it, on the state as it is, and keeps only the refusal (`Session.preview`).

The dry run below follows Textual 8's own key path (`App._check_bindings`, `dispatch_key`), so a
binding added to any screen is covered without more code.
"""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.dom import DOMNode

from combat_tui.core.command import CommandRejected

Reason = str | CommandRejected | None


def said(why: Reason) -> str:
    """A reason as one line of plain words."""
    if isinstance(why, CommandRejected):
        return f"{why.reason} {why.detail}".strip()
    return why or ""


def core_reason(session, command: object) -> CommandRejected | None:
    """The refusal the rules would give `command` now, or None when they would carry it out.
    Nothing is kept: the outcome is thrown away and the dice are put back."""
    if session is None:
        return CommandRejected("No campaign is open.")
    try:
        session.preview(command)
    except CommandRejected as error:
        return error
    return None


def fallback(binding: Binding) -> str:
    """The words for a refused key whose node gives no reason (to be avoided: the tests look)."""
    return f"{binding.description or 'That key'} cannot be used here now."


def reason(node: DOMNode, action: str, parameters: tuple, binding: Binding | None = None) -> str:
    """Why `node` refuses `action` now, in its own words (its `refusal`), else the fallback."""
    ask = getattr(node, "refusal", None)
    text = said(ask(action, parameters)) if callable(ask) else ""
    return text or fallback(binding or Binding("", action, ""))


def refused_key(app, event: events.Key) -> str | None:
    """The reason to show for a key every binding of which is refused now, or None when a
    binding or a key handler will take the key (or nothing binds it)."""
    screen = app.screen
    chain = screen._modal_binding_chain  # Textual's own order: the focused widget up to the modal screen
    first = None
    for namespace, bindings in chain:
        for binding in bindings.key_to_bindings.get(event.key, ()):
            target, name, parameters = app._parse_action(binding.action, namespace)
            if target.check_action(name, parameters):
                return None  # this binding runs (a priority one ran already, so none is left)
            if first is None:
                first = (target, name, parameters, binding)
    if first is None:
        return None
    nodes = [node for node, _ in chain] + [app]
    # a screen's `key_escape` takes the key (Textual's own `_key_escape` only clears a selection)
    for alias in event.name_aliases:
        if any(getattr(node, f"key_{alias}", None) for node in nodes):
            return None
    return reason(*first)


def tell(node: DOMNode, why: Reason) -> None:
    """Show a refusal the way a refused key shows it (for an action that finds nothing to act on)."""
    text = said(why)
    if text:
        node.app.notify(text, severity="warning", timeout=5, markup=False)


def refuse(node: DOMNode, action: str, parameters: tuple = ()) -> None:
    """Say why `node` cannot do `action` now: its `refusal`, as a refused key would say it."""
    tell(node, reason(node, action, parameters))


class RefusedKeys:
    """Mixed into an App (before `App` in its bases): a key whose every binding is refused
    shows the reason instead of being passed over."""

    def on_key(self, event: events.Key) -> None:
        text = refused_key(self, event)
        if text:
            event.prevent_default()  # Textual's App._on_key would look for the binding again
            event.stop()
            tell(self, text)
