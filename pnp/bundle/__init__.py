"""The data a `pnp` installation carries: the bundled games' cards, the layouts and the
starter decks (in a checkout these are links to the repository's ``cards/``, ``layouts/`` and
``examples/decks/``; a wheel holds copies, read through importlib.resources)."""
