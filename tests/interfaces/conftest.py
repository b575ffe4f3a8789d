"""Fixtures for the servers: a real uvicorn on 127.0.0.1, a real store (a SQLite file or a
PostgreSQL schema on the session's test server), the real embedder."""

from __future__ import annotations



