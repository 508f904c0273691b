"""`python -m generator ...`: the same as `pnp ...`."""

from .cli import main

main()
