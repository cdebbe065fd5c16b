"""The scoring engine (registry added once every game module exists)."""
