"""KeysInOrder: keys are handled in the order typed, each by the screen they were typed for.

SSH sends a fast typist's keys together, as does tmux's send-keys, and Textual hands each key of
a burst to the focused widget as it reaches the app, while the key before it may still be on its
way: a key bubbles up through the widget's parents, one queue at a time, to the screen's and the
app's bindings. So `:next` sent `next` to the screen under the prompt before `:` opened it, and a
priority key ran before the letters ahead of it were in their field (`ne` Tab completed the empty
line; `Bren` then ctrl+s saved the form without the name).

Here a key that comes while the one before it is on its way waits, and every key and paste after
it waits behind it; the one on its way is followed by a callback through the same queues (each
is first in, first out, so the callback reaches the app after the key, and after what the app's
binding did with it), and once a screen that was pushed is mounted the waiting keys are handled
in the order typed. A key typed alone waits for nothing.
"""

from __future__ import annotations

from time import monotonic

from textual import events
from textual.app import App

ROUNDS = 20
"""Relays at most for one key waiting on a screen that is not mounted."""
MAX_WAIT = 0.5
"""Seconds after which waiting keys are handled anyway (a widget removed on the way drops the
relay): a lost relay costs this, never a key."""


class KeysInOrder(App):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._held_keys: list[events.Event] | None = None
        """While a key is on its way: the keys (and pastes) that came after it, in order; else None."""
        self._flight = 0
        """The key on its way, counted: a relay or a timer of an earlier one is stale."""
        self._held_since = 0.0

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, (events.Key, events.Paste)) and not event.is_forwarded:
            if self._held_keys is not None:
                if not self._held_keys:
                    self._held_since = monotonic()
                    self.set_timer(MAX_WAIT, self._overdue)
                self._held_keys.append(event)
                return
            await super().on_event(event)
            self._on_its_way()
            return
        await super().on_event(event)

    def _on_its_way(self) -> None:
        self._held_keys = []
        self._flight += 1
        node = self.focused
        chain: list = []
        while node is not None and node is not self:  # the focused widget up to its screen
            chain.append(node)
            node = node.parent
        if not chain:
            try:
                chain.append(self.screen)
            except Exception:  # no screen yet
                pass
        self._relay([*chain, self], self._flight, 0)

    def _relay(self, nodes: list, flight: int, rounds: int) -> None:
        for index, node in enumerate(nodes):
            if node.call_later(self._relay_on, nodes[index + 1 :], flight, rounds):
                return
        self.call_later(self._landed, flight, rounds)  # every node closed: straight to the app

    async def _relay_on(self, nodes: list, flight: int, rounds: int) -> None:
        if nodes:
            self._relay(nodes, flight, rounds)
        else:  # in the app's queue, behind the key
            await self._landed(flight, rounds)

    async def _landed(self, flight: int, rounds: int) -> None:
        if flight != self._flight or self._held_keys is None:
            return
        try:
            screen = self.screen
        except Exception:
            screen = None
        if screen is not None and not screen.is_mounted and rounds < ROUNDS:
            self._relay([screen, self], flight, rounds + 1)  # its mount comes first in its queue
            return
        await self._release()

    async def _overdue(self) -> None:
        if self._held_keys and monotonic() - self._held_since >= MAX_WAIT * 0.9:
            await self._release()

    async def _release(self) -> None:
        held, self._held_keys = self._held_keys or [], None
        for event in held:
            await self.on_event(event)  # the first goes on its way, the rest wait behind it again
