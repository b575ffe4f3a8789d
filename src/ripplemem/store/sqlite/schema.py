"""The SQLite schema as numbered migrations, applied on open and recorded in the database.

Times are INTEGER microseconds since the Unix epoch (exact round trips, indexable).
Units carry an integer ``num`` (stable, never reused thanks to AUTOINCREMENT) that keys the
full-text index and the ANN index; everything the caller sees uses the unit's text ``id``,
which is unique within its scope. Child rows cascade from their unit, so deleting a unit
removes its sources, cue index rows, edges (both directions), history and FTS row.

Triggers keep the derived state in step with ``units`` whatever the writer:
the contentless FTS5 table, the per-scope unit count and vector generation (the ANN
staleness counter), and the per-scope name registry behind ``known_names``.
"""

from __future__ import annotations

import sqlite3
import time

_V1: tuple[str, ...] = (
    """CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)""",
    """CREATE TABLE scopes (
        key TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        agent_id TEXT,
        run_id TEXT,
        tag TEXT NOT NULL UNIQUE,
        units_n INTEGER NOT NULL DEFAULT 0,
        vector_gen INTEGER NOT NULL DEFAULT 0
    )""",
    "CREATE INDEX scopes_user ON scopes(user_id)",
    """CREATE TABLE turns (
        num INTEGER PRIMARY KEY,
        scope TEXT NOT NULL REFERENCES scopes(key),
        session_id TEXT NOT NULL,
        turn_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        speaker TEXT NOT NULL,
        role TEXT,
        text TEXT NOT NULL,
        image_caption TEXT,
        time_us INTEGER,
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
        UNIQUE (scope, session_id, turn_id)
    )""",
    "CREATE INDEX turns_seq ON turns(scope, seq)",
    "CREATE INDEX turns_id ON turns(scope, turn_id)",
    "CREATE INDEX turns_status ON turns(status, scope)",
    """CREATE TABLE units (
        num INTEGER PRIMARY KEY AUTOINCREMENT,
        scope TEXT NOT NULL REFERENCES scopes(key),
        id TEXT NOT NULL CHECK (length(id) > 0),
        restatement TEXT NOT NULL,
        session_id TEXT NOT NULL,
        sources TEXT NOT NULL CHECK (json_array_length(sources) > 0),
        participants TEXT NOT NULL DEFAULT '[]',
        locations TEXT NOT NULL DEFAULT '[]',
        t_start_us INTEGER,
        t_end_us INTEGER,
        t_class INTEGER,
        layer TEXT NOT NULL CHECK (layer IN ('core', 'episodic', 'semantic')),
        tier TEXT NOT NULL CHECK (tier IN ('long', 'short')),
        importance REAL NOT NULL,
        facts TEXT NOT NULL DEFAULT '[]',
        valid_from_us INTEGER,
        valid_to_us INTEGER,
        mentioned_at_us INTEGER,
        created_us INTEGER,
        updated_us INTEGER,
        access_count INTEGER NOT NULL DEFAULT 0,
        last_access_us INTEGER,
        pinned INTEGER NOT NULL DEFAULT 0,
        vector BLOB,
        UNIQUE (scope, id),
        CHECK ((t_start_us IS NULL) = (t_end_us IS NULL)),
        CHECK (t_start_us IS NULL OR t_start_us < t_end_us)
    )""",
    "CREATE INDEX units_created ON units(scope, created_us)",
    "CREATE INDEX units_t_start ON units(scope, t_start_us) WHERE t_start_us IS NOT NULL",
    "CREATE INDEX units_t_end ON units(scope, t_end_us) WHERE t_end_us IS NOT NULL",
    "CREATE INDEX units_t_class ON units(scope, t_class, t_start_us) WHERE t_class IS NOT NULL",
    """CREATE TABLE unit_sources (
        unit_num INTEGER NOT NULL REFERENCES units(num) ON DELETE CASCADE,
        scope TEXT NOT NULL,
        turn_id TEXT NOT NULL,
        PRIMARY KEY (scope, turn_id, unit_num)
    ) WITHOUT ROWID""",
    "CREATE INDEX unit_sources_unit ON unit_sources(unit_num)",
    """CREATE TABLE unit_participants (
        unit_num INTEGER NOT NULL REFERENCES units(num) ON DELETE CASCADE,
        scope TEXT NOT NULL,
        name TEXT NOT NULL,
        display TEXT NOT NULL,
        PRIMARY KEY (scope, name, unit_num)
    ) WITHOUT ROWID""",
    "CREATE INDEX unit_participants_unit ON unit_participants(unit_num)",
    """CREATE TABLE unit_locations (
        unit_num INTEGER NOT NULL REFERENCES units(num) ON DELETE CASCADE,
        scope TEXT NOT NULL,
        name TEXT NOT NULL,
        display TEXT NOT NULL,
        PRIMARY KEY (scope, name, unit_num)
    ) WITHOUT ROWID""",
    "CREATE INDEX unit_locations_unit ON unit_locations(unit_num)",
    """CREATE TABLE scope_names (
        scope TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('participant', 'location')),
        name TEXT NOT NULL,
        display TEXT NOT NULL,
        refs INTEGER NOT NULL,
        PRIMARY KEY (scope, kind, name)
    ) WITHOUT ROWID""",
    """CREATE TABLE edges (
        scope TEXT NOT NULL,
        src TEXT NOT NULL,
        dst TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('semantic', 'structural', 'window', 'supersedes', 'consolidates')),
        weight REAL NOT NULL,
        PRIMARY KEY (scope, src, dst, kind),
        FOREIGN KEY (scope, src) REFERENCES units(scope, id) ON DELETE CASCADE,
        FOREIGN KEY (scope, dst) REFERENCES units(scope, id) ON DELETE CASCADE
    ) WITHOUT ROWID""",
    "CREATE INDEX edges_dst ON edges(scope, dst)",
    """CREATE TABLE history (
        num INTEGER PRIMARY KEY,
        scope TEXT NOT NULL,
        unit_id TEXT NOT NULL,
        event TEXT NOT NULL CHECK (event IN ('ADD', 'UPDATE', 'SUPERSEDE', 'NOOP', 'DELETE')),
        at_us INTEGER NOT NULL,
        old_text TEXT,
        new_text TEXT,
        detail TEXT NOT NULL DEFAULT '',
        FOREIGN KEY (scope, unit_id) REFERENCES units(scope, id) ON DELETE CASCADE
    )""",
    "CREATE INDEX history_unit ON history(scope, unit_id)",
    # Contentless: the text lives in ``units``; deletes hand FTS5 the original values.
    """CREATE VIRTUAL TABLE units_fts USING fts5(
        scope_tag, restatement, content='', tokenize='porter unicode61'
    )""",
    """CREATE TRIGGER units_ai AFTER INSERT ON units BEGIN
        INSERT INTO units_fts(rowid, scope_tag, restatement)
            VALUES (new.num, (SELECT tag FROM scopes WHERE key = new.scope), new.restatement);
        UPDATE scopes SET units_n = units_n + 1, vector_gen = vector_gen + 1 WHERE key = new.scope;
    END""",
    """CREATE TRIGGER units_ad AFTER DELETE ON units BEGIN
        INSERT INTO units_fts(units_fts, rowid, scope_tag, restatement)
            VALUES ('delete', old.num, (SELECT tag FROM scopes WHERE key = old.scope), old.restatement);
        UPDATE scopes SET units_n = units_n - 1, vector_gen = vector_gen + 1 WHERE key = old.scope;
    END""",
    """CREATE TRIGGER units_au_text AFTER UPDATE OF restatement ON units BEGIN
        INSERT INTO units_fts(units_fts, rowid, scope_tag, restatement)
            VALUES ('delete', old.num, (SELECT tag FROM scopes WHERE key = old.scope), old.restatement);
        INSERT INTO units_fts(rowid, scope_tag, restatement)
            VALUES (new.num, (SELECT tag FROM scopes WHERE key = new.scope), new.restatement);
    END""",
    """CREATE TRIGGER units_au_vector AFTER UPDATE OF vector ON units BEGIN
        UPDATE scopes SET vector_gen = vector_gen + 1 WHERE key = new.scope;
    END""",
)


def _name_triggers(table: str, kind: str) -> tuple[str, ...]:
    return (
        f"""CREATE TRIGGER {table}_ai AFTER INSERT ON {table} BEGIN
            INSERT INTO scope_names(scope, kind, name, display, refs)
                VALUES (new.scope, '{kind}', new.name, new.display, 1)
                ON CONFLICT (scope, kind, name) DO UPDATE SET refs = refs + 1;
        END""",
        f"""CREATE TRIGGER {table}_ad AFTER DELETE ON {table} BEGIN
            UPDATE scope_names SET refs = refs - 1
                WHERE scope = old.scope AND kind = '{kind}' AND name = old.name;
            DELETE FROM scope_names
                WHERE scope = old.scope AND kind = '{kind}' AND name = old.name AND refs <= 0;
        END""",
    )


_V1 = _V1 + _name_triggers("unit_participants", "participant") + _name_triggers("unit_locations", "location")

# (version, statements); append new versions, never edit an applied one.
_V2: tuple[str, ...] = (
    # one session's turns without walking the whole scope's log (the write path asks on every add)
    "CREATE INDEX turns_session ON turns(scope, session_id, seq)",
)
_V3: tuple[str, ...] = (
    # the time view's "containing" ranges filter on the end too: read it from the index, not
    # from each row (at a million units: p50 19 -> 1.6 ms, p95 76 -> 4.7 ms, docs/scaling.md)
    "DROP INDEX units_t_class",
    "CREATE INDEX units_t_class ON units(scope, t_class, t_start_us, t_end_us) WHERE t_class IS NOT NULL",
)
_V4: tuple[str, ...] = (
    # a unit's concepts (ground.concepts), read with it; memories written before have none
    # and are given them from a parse when a recall needs them
    "ALTER TABLE units ADD COLUMN concepts TEXT NOT NULL DEFAULT '[]'",
    # the chat role that said it ('' when unknown or mixed)
    "ALTER TABLE units ADD COLUMN role TEXT NOT NULL DEFAULT ''",
)
_V5: tuple[str, ...] = (
    # the caller's metadata (a JSON object) on each memory and on each logged turn (a turn
    # extracted later still hands its metadata to its memories); older rows have none
    "ALTER TABLE units ADD COLUMN metadata TEXT NOT NULL DEFAULT '{}'",
    "ALTER TABLE turns ADD COLUMN metadata TEXT NOT NULL DEFAULT '{}'",
    # the metadata filters' index: one row per (unit, top-level key), the value as canonical
    # JSON text (types.metadata_key), cascading from the unit like the name rows
    """CREATE TABLE unit_metadata (
        unit_num INTEGER NOT NULL REFERENCES units(num) ON DELETE CASCADE,
        scope TEXT NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (scope, key, value, unit_num)
    ) WITHOUT ROWID""",
    "CREATE INDEX unit_metadata_unit ON unit_metadata(unit_num)",
)
_V6: tuple[str, ...] = (
    # a cold unit's vector (maintenance): ``vector`` is NULL, so the unit is out of the ANN
    # index and the dense view; the cue views skip it; the full-text index keeps it
    "ALTER TABLE units ADD COLUMN cold_vector BLOB",
)
_V7: tuple[str, ...] = (
    # a session's speakers in order of first turn, one index seek per speaker (Store.session_speakers)
    "CREATE INDEX IF NOT EXISTS turns_speaker ON turns(scope, session_id, speaker, seq)",
)
MIGRATIONS: tuple[tuple[int, tuple[str, ...]], ...] = ((1, _V1), (2, _V2), (3, _V3), (4, _V4), (5, _V5), (6, _V6), (7, _V7))

SCHEMA_VERSION = MIGRATIONS[-1][0]


def current_version(conn: sqlite3.Connection) -> int:
    row = conn.execute("SELECT max(version) FROM schema_version").fetchone()
    return int(row[0] or 0)


def migrate(conn: sqlite3.Connection) -> int:
    """Apply the missing migrations (each version not recorded, in order), each in its own
    transaction; return the version.

    The connection must be in autocommit mode (``isolation_level=None``). Two processes
    opening a new file at once are serialised by ``BEGIN IMMEDIATE``.
    """
    conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_us INTEGER NOT NULL)")
    for version, statements in MIGRATIONS:
        conn.execute("BEGIN IMMEDIATE")
        try:
            applied = {int(r[0]) for r in conn.execute("SELECT version FROM schema_version")}
            if version not in applied:
                for statement in statements:
                    conn.execute(statement)
                conn.execute(
                    "INSERT INTO schema_version(version, applied_us) VALUES (?, ?)",
                    (version, time.time_ns() // 1000),
                )
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    return current_version(conn)
