"""The pure domain: records, commands, rules, session. Imports no textual and no storage."""
