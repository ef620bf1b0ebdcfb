"""The `dnd5e` rule system: D&D 5e (2014 rules). `system.py` holds the object the registry loads."""
