"""maintain."""
