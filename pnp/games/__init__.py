"""Each game's home on the printing side (issue 26): for now its rulebook tables, the names its
card models (``pnp.data.games``) and its effect vocabulary (``pnp.effects``) both read, kept
below both so that neither imports the other's module to get them."""
