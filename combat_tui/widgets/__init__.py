"""Widgets: one public widget per module; they render records and post their own messages."""
