"""Screens: one per module, each with its stylesheet beside it (rules nested under the screen)."""
