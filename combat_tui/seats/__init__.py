"""Player seats: the GM's process serves a player view of the live campaign over a local socket,
and `combat-tui seat` paints it (DESIGN.md §5)."""
