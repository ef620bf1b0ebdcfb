"""combat-tui: a keyboard-only terminal combat tracker."""
