"""store/postgres."""
