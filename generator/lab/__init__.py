"""The playtest lab: AI players, seeded parallel self-play and balance reports (`pnp simulate`)."""
