"""The TOML snapshot's text from the kept text of each record in a tuple of records, as
`fast_snapshot.FastSnapshot` does for the JSON form: `tomli_w.dumps` of a 2,000-creature state
takes some 150 ms, nearly all of it the `[[creatures]]` tables, which rarely change.

The text is `tomli_w.dumps(snapshot_data(campaign, seq))` to the byte: this walks the tables as
tomli_w's `gen_table_chunks` does and has tomli_w's own functions write each record, so a
record's text is what tomli_w writes for it in place. Where tomli_w's writer is not the one this
was made for (or a record is where only tomli_w's own walk reaches), `TomlSnapshot.text` is
`tomli_w.dumps` of the whole state.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import tomli_w

from combat_tui.core.campaign import Campaign
from combat_tui.storage.converter import Records, campaign_skeleton, campaign_to_data, record_data
from combat_tui.storage.migrations import CURRENT_VERSION

try:  # tomli_w's writer, a private module
    from tomli_w._writer import (
        MAX_LINE_LENGTH,
        Context,
        format_inline_table,
        format_key_part,
        format_literal,
        gen_table_chunks,
        is_aot,
        is_suitable_inline_table,
    )
except ImportError:  # pragma: no cover - another tomli_w: the whole state is dumped
    Context = None


class _Held:
    """A record's texts, made when first asked for: its `[[name]]` tables, its inline table."""

    __slots__ = ("record", "data", "name", "tables", "inline")

    def __init__(self, record: object) -> None:
        self.record = record
        self.data: dict | None = None
        self.name = self.tables = self.inline = None

    def table_data(self) -> dict:
        if self.data is None:
            self.data = record_data(self.record)
        return self.data

    def inline_text(self, ctx: Context) -> str:
        if self.inline is None:  # a fresh context: tomli_w caches inline tables by id()
            self.inline = format_inline_table(self.table_data(), Context(ctx.allow_multiline, len(ctx.indent_str)))
        return self.inline

    def tables_text(self, ctx: Context, name: str) -> str:
        if self.name != name:
            fresh = Context(ctx.allow_multiline, len(ctx.indent_str))
            self.tables = "".join(gen_table_chunks(self.table_data(), fresh, name=name, inside_aot=True))
            self.name = name
        self.data = None  # both texts made (or never needed): the data is not kept
        return self.tables


class TomlSnapshot:
    """The TOML text of a session's snapshots. Used from one thread, as FastSnapshot is."""

    def __init__(self) -> None:
        self._held: dict[int, _Held] = {}
        """id of a record -> its texts: the records of the last snapshot only (held, so that an
        id is never another object's)."""

    def text(self, campaign: Campaign, seq: int) -> str:
        """`tomli_w.dumps(snapshot_data(campaign, seq))`, to the byte."""
        if Context is not None:
            data = {"schema_version": CURRENT_VERSION, "journal_seq": seq, **campaign_skeleton(campaign)}
            used: dict[int, _Held] = {}
            try:
                text = "".join(self._chunks(data, Context(False, 4), "", False, used))
            except TypeError:  # records in an array of arrays, which tomli_w's functions cannot write
                pass
            else:
                self._held = used
                return text
        return tomli_w.dumps({"schema_version": CURRENT_VERSION, "journal_seq": seq, **campaign_to_data(campaign)})

    def _get(self, record: object, used: dict) -> _Held:
        key = id(record)
        held = self._held.get(key)
        if held is None or held.record is not record:
            held = _Held(record)
        used[key] = held
        return held

    def _chunks(self, table: Mapping, ctx: Context, name: str, inside_aot: bool, used: dict) -> Iterator[str]:
        """tomli_w's `gen_table_chunks`, for a table that may hold `Records` (in its tables)."""
        yielded = False
        literals: list[tuple[str, Any]] = []
        tables: list[tuple[str, Any, bool]] = []
        for k, v in table.items():
            if type(v) is Records:
                held = [self._get(record, used) for record in v]
                if v and not all(self._suitable(one, ctx) for one in held):
                    tables.extend((k, one, True) for one in held)
                else:
                    literals.append((k, held))
            elif isinstance(v, Mapping):
                tables.append((k, v, False))
            elif is_aot(v) and not all(is_suitable_inline_table(t, ctx) for t in v):
                tables.extend((k, t, True) for t in v)
            else:
                literals.append((k, v))
        if inside_aot or name and (literals or not tables):
            yielded = True
            yield f"[[{name}]]\n" if inside_aot else f"[{name}]\n"
        for k, v in literals:
            yielded = True
            yield f"{format_key_part(k)} = {self._literal(v, ctx)}\n"
        for k, v, in_aot in tables:
            if yielded:
                yield "\n"
            else:
                yielded = True
            key_part = format_key_part(k)
            display_name = f"{name}.{key_part}" if name else key_part
            if type(v) is _Held:
                yield v.tables_text(ctx, display_name)
            else:
                yield from self._chunks(v, ctx, display_name, in_aot, used)

    def _literal(self, value: Any, ctx: Context) -> str:
        """tomli_w's `format_literal`, for a list of held records too (an inline array at the top:
        a `Records` list is a literal only in a table's own lines)."""
        if type(value) is not list or not value or type(value[0]) is not _Held:
            return format_literal(value, ctx)
        indent = ctx.indent_str
        return "[\n" + ",\n".join(indent + held.inline_text(ctx) for held in value) + ",\n]"

    @staticmethod
    def _suitable(held: _Held, ctx: Context) -> bool:
        """tomli_w's `is_suitable_inline_table` of the record."""
        rendered = f"{ctx.indent_str}{held.inline_text(ctx)},"
        return len(rendered) <= MAX_LINE_LENGTH and "\n" not in rendered
