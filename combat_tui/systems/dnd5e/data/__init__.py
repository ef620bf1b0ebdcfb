"""The 5e tables the rules read: the spells they automate (2014 numbers)."""
