"""The `futurepath` rule system: FuturePath ground and space combat. `system.py` holds the object
the registry loads; `space/` holds the space combat, in the same shape as this package."""
