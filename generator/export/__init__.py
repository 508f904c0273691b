"""Exports of a game for other tables (`pnp export`)."""
