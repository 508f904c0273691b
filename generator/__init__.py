"""siege-pnp: a print-and-play generator (kits, rulebooks with examples checked by rules engines,
a playtest lab) with games as packages under `generator.games`."""

__version__ = "0.1.0"
