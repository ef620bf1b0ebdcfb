"""The FuturePath widgets: the roster and the phase panel of the round screen."""
