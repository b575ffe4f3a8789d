"""providers/embed."""
