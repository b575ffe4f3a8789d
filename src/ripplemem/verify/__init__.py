"""Reconstruction and verification: evidence -> checked description."""
