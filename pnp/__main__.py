"""``python -m pnp``: the same as the ``pnp`` command."""

from .cli import app

app(prog_name="pnp")
