"""FuturePath space combat (notes §2.8-§2.13, R95-R118, A42-A56): ships and their crew, the
Support/Action/Response round, Fire and Battle Damage. `dispatch.py` hands every `fp-space-*`
command to its rule."""
