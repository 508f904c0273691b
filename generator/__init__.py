"""siege-pnp: print-and-play kit generator and rules engine for Siege of Armagh."""

__version__ = "0.1.0"
