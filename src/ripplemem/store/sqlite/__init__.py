"""store/sqlite."""
