"""Card names as players write them: the rules checker's name of `pnp.data.names`.

Matching and suggestions live in the core (`pnp.data.names`) so the generator, the effect
language and every engine share them; this module keeps the checker's older imports working.
"""

from __future__ import annotations

from pnp.data.names import closest, did_you_mean, normalise

__all__ = ["closest", "did_you_mean", "normalise"]
