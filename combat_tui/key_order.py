"""KeysInOrder: a priority key waits for the keys typed before it.

Textual runs a priority binding as its key reaches the app, while the keys before it may still be
waiting in the focused field's queue: a burst (SSH sends a fast typist's keys together, as does
tmux's send-keys) of `Bren` and ctrl+s saved the form before the name was in it. Such a key, and
every key and paste after it, is held until the field and the widgets its keys bubble through
have handled what they had, then handled in the order typed.
"""

from __future__ import annotations

from textual import events
from textual.app import App

ROUNDS = 20
"""Waits at most for one held key: what a field is still doing (a Changed message bubbling up
after each letter) is waited for too, but a widget kept busy by a timer does not hold keys."""


class KeysInOrder(App):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._held_keys: list[events.Event] | None = None
        """The keys (and pastes) waiting, in the order typed; None when none waits."""

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, (events.Key, events.Paste)) and not event.is_forwarded:
            if self._held_keys is not None:
                self._held_keys.append(event)
                return
            if isinstance(event, events.Key) and self._busy() is not None and self._is_priority_key(event.key):
                self._hold([event], 1)
                return
        await super().on_event(event)

    def _busy(self):
        """The nearest of the focused widget and its ancestors (to the screen) that has messages
        waiting, or None."""
        node = self.focused
        while node is not None and node is not self:
            if node.message_queue_size:
                return node
            node = node.parent
        return None

    def _is_priority_key(self, key: str) -> bool:
        try:
            chain = self.screen._binding_chain
        except Exception:  # no screen yet: nothing is bound
            return False
        return any(binding.priority for _, bindings in chain for binding in bindings.key_to_bindings.get(key, ()))

    def _hold(self, held: list[events.Event], rounds: int) -> None:
        self._held_keys = held
        self._busy().call_later(self.call_later, self._release_keys, rounds)  # after what it has to handle

    async def _release_keys(self, rounds: int) -> None:
        held, self._held_keys = self._held_keys or [], None
        if rounds < ROUNDS and self._busy() is not None:
            self._hold(held, rounds + 1)
            return
        await super().on_event(held[0])  # it has waited: not held again
        for index, event in enumerate(held[1:], 1):
            await self.on_event(event)
            if self._held_keys is not None:  # it waits in turn: the rest behind it
                self._held_keys.extend(held[index + 1 :])
                return
