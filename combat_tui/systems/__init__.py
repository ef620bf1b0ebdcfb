"""One package per rule system, each of the same shape (docs/architecture.md): pure records,
commands, rules, events and text forms; no textual, no files, no other system."""
