"""The scale-out store: PostgreSQL + pgvector through psycopg 3 (the ``postgres`` extra).

Importing this package does not import the driver; opening a store does, and a missing
driver is a :class:`~ripplemem.errors.ConfigError` naming the extra.
"""

from .store import PostgresStore

__all__ = ["PostgresStore"]
