"""pnp: print-and-play PDFs and rules checking for four tabletop games."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("pnp-tabletop")  # the distribution's name (pyproject.toml)
except PackageNotFoundError:  # pragma: no cover - run from a checkout that was never installed
    __version__ = "0+unknown"
