"""The PostgreSQL schema as numbered migrations, applied on open and recorded in the database.

Tables live in the connection's current schema (the first one on ``search_path``) and are
named ``ripplemem_*``, so a store shares a database with other applications. Every table is
keyed by the scope (``Scope.key``, the same key the SQLite store uses), the natural
distribution column for a sharded cluster. Identifiers compare in the "C" collation, so
ordering matches SQLite's byte order.

- units: ``num`` (identity) orders them; text ``id`` is unique within the scope.
  Participants and locations are ``text[]`` three ways: as given (round trip), and as
  normalised keys with their display forms (GIN-indexed with the scope until version 3).
  Grounded time is a half-open ``tstzrange`` in UTC (GiST with the scope, via ``btree_gist``,
  until version 3).
  Full text is a generated ``tsvector`` (english: stemming, stopwords), GIN-indexed.
  Vectors are ``vector`` (any dimension, one per scope, checked on write); each dimension in
  use gets a partial HNSW cosine index over ``vector::vector(d)`` (see :func:`ensure_vector_index`).
- edges: an adjacency table, each edge stored in both directions, cascading from both ends.
- history, turns: cascade or scope-keyed like SQLite's.
- names: the per-scope name registry behind ``known_names`` / ``name_counts`` and
  ``scopes.units_n``, kept exact by statement-level triggers whatever the writer.
- terms (version 2): the BM25 statistics of the lexical view, per scope: ``terms.df`` (how
  many units hold each lexeme of ``fts``), ``scopes.fts_len`` (the positions of all of them;
  ``units_n`` is the document count). Kept exact the same way as the names.
- unit names (version 3): one row per (scope, kind, name, unit), so the newest units naming
  someone come off a btree in order; kept exact the same way (the GIN indexes it replaces
  are dropped).
- duration classes (version 3): an index on (scope, class, start, num) of the grounded times;
  the start and end indexes gain the rest of by_time's order (ties come in ranked).
- unit access (version 3): ``touch()``'s counts, one row per touched unit (keyed by its
  ``num``, which names one scope's unit), overriding the
  unit's ``access_count`` / ``last_access`` until the unit's row is written again (then the
  row is dropped by a trigger); cascades from the unit.
"""

from __future__ import annotations

from typing import Any

from ...errors import StoreError
from .driver import psycopg_modules

EXTENSIONS = ("vector", "btree_gin", "btree_gist")
_LOCK = 0x7269_7070  # pg_advisory_xact_lock key: one migrator (or index builder) at a time


def _names_of(rows: str, where: str, display: bool) -> str:
    """One row per (unit, kind, name) of the transition table ``rows``."""
    cols = "u.scope, u.num, '{kind}'::text AS kind, k.name" + (", k.display" if display else "")
    parts = []
    for kind, keys, names in (("participant", "participant_keys", "participant_names"),
                              ("location", "location_keys", "location_names")):  # fmt: skip
        source = f"unnest(u.{keys}, u.{names}) AS k(name, display)" if display else f"unnest(u.{keys}) AS k(name)"
        parts.append(f"SELECT {cols.format(kind=kind)} FROM {rows} u, {source} WHERE {where}")
    return " UNION ALL ".join(parts)


def _add_names(rows: str, where: str) -> str:
    """Register the names of ``rows``: a new name takes the display of its lowest-numbered
    unit (SQLite: the first insert wins)."""
    return f"""INSERT INTO ripplemem_names AS r (scope, kind, name, display, refs)
            SELECT scope, kind, name, (array_agg(display ORDER BY num))[1], count(*)
            FROM ({_names_of(rows, where, True)}) x GROUP BY scope, kind, name
            ON CONFLICT (scope, kind, name) DO UPDATE SET refs = r.refs + excluded.refs;"""


def _drop_names(rows: str, where: str) -> str:
    gone = f"SELECT scope, kind, name, count(*) AS c FROM ({_names_of(rows, where, False)}) x GROUP BY scope, kind, name"
    return f"""UPDATE ripplemem_names r SET refs = r.refs - g.c FROM ({gone}) g
            WHERE r.scope = g.scope AND r.kind = g.kind AND r.name = g.name;
        DELETE FROM ripplemem_names r USING ({gone}) g
            WHERE r.scope = g.scope AND r.kind = g.kind AND r.name = g.name AND r.refs <= 0;"""


_CHANGED = (
    "(o.participant_keys, o.participant_names, o.location_keys, o.location_names)"
    " IS DISTINCT FROM (n.participant_keys, n.participant_names, n.location_keys, n.location_names)"
)

_V1: tuple[str, ...] = (
    """CREATE TABLE ripplemem_meta (key text COLLATE "C" PRIMARY KEY, value text NOT NULL)""",
    """CREATE TABLE ripplemem_scopes (
        key text COLLATE "C" PRIMARY KEY,
        user_id text COLLATE "C" NOT NULL,
        agent_id text COLLATE "C",
        run_id text COLLATE "C",
        units_n bigint NOT NULL DEFAULT 0
    )""",
    "CREATE INDEX ripplemem_scopes_user ON ripplemem_scopes (user_id)",
    """CREATE TABLE ripplemem_turns (
        num bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        scope text COLLATE "C" NOT NULL REFERENCES ripplemem_scopes (key),
        session_id text COLLATE "C" NOT NULL,
        turn_id text COLLATE "C" NOT NULL,
        seq bigint NOT NULL,
        speaker text NOT NULL,
        role text,
        text text NOT NULL,
        image_caption text,
        time timestamptz,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
        UNIQUE (scope, session_id, turn_id)
    )""",
    "CREATE INDEX ripplemem_turns_seq ON ripplemem_turns (scope, seq)",
    "CREATE INDEX ripplemem_turns_id ON ripplemem_turns (scope, turn_id)",
    "CREATE INDEX ripplemem_turns_session ON ripplemem_turns (scope, session_id, seq)",
    "CREATE INDEX ripplemem_turns_open ON ripplemem_turns (scope) WHERE status <> 'done'",
    """CREATE TABLE ripplemem_units (
        num bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        scope text COLLATE "C" NOT NULL REFERENCES ripplemem_scopes (key),
        id text COLLATE "C" NOT NULL CHECK (length(id) > 0),
        restatement text NOT NULL,
        fts tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, restatement)) STORED,
        session_id text NOT NULL,
        sources text[] COLLATE "C" NOT NULL CHECK (cardinality(sources) > 0),
        participants text[] NOT NULL DEFAULT '{}',
        locations text[] NOT NULL DEFAULT '{}',
        participant_keys text[] COLLATE "C" NOT NULL DEFAULT '{}',
        participant_names text[] NOT NULL DEFAULT '{}',
        location_keys text[] COLLATE "C" NOT NULL DEFAULT '{}',
        location_names text[] NOT NULL DEFAULT '{}',
        span tstzrange CHECK (span IS NULL OR (NOT isempty(span) AND lower_inc(span) AND NOT upper_inc(span)
                                               AND NOT lower_inf(span) AND NOT upper_inf(span))),
        layer text NOT NULL CHECK (layer IN ('core', 'episodic', 'semantic')),
        tier text NOT NULL CHECK (tier IN ('long', 'short')),
        importance double precision NOT NULL,
        facts text[] NOT NULL DEFAULT '{}',
        valid_from timestamptz,
        valid_to timestamptz,
        mentioned_at timestamptz,
        created_at timestamptz,
        updated_at timestamptz,
        access_count bigint NOT NULL DEFAULT 0,
        last_access timestamptz,
        pinned boolean NOT NULL DEFAULT false,
        vector vector,
        dim integer GENERATED ALWAYS AS (vector_dims(vector)) STORED,
        UNIQUE (scope, id)
    )""",
    "CREATE INDEX ripplemem_units_scope_num ON ripplemem_units (scope, num)",
    "CREATE INDEX ripplemem_units_created ON ripplemem_units (scope, created_at DESC NULLS LAST, num DESC)",
    "CREATE INDEX ripplemem_units_fts ON ripplemem_units USING gin (scope, fts)",
    "CREATE INDEX ripplemem_units_sources ON ripplemem_units USING gin (scope, sources)",
    "CREATE INDEX ripplemem_units_participants ON ripplemem_units USING gin (scope, participant_keys)",
    "CREATE INDEX ripplemem_units_locations ON ripplemem_units USING gin (scope, location_keys)",
    "CREATE INDEX ripplemem_units_span ON ripplemem_units USING gist (scope, span) WHERE span IS NOT NULL",
    "CREATE INDEX ripplemem_units_span_start ON ripplemem_units (scope, lower(span)) WHERE span IS NOT NULL",
    "CREATE INDEX ripplemem_units_span_end ON ripplemem_units (scope, upper(span)) WHERE span IS NOT NULL",
    "CREATE INDEX ripplemem_units_dim ON ripplemem_units (scope, dim) WHERE dim IS NOT NULL",
    """CREATE TABLE ripplemem_edges (
        scope text COLLATE "C" NOT NULL,
        src text COLLATE "C" NOT NULL,
        dst text COLLATE "C" NOT NULL,
        kind text COLLATE "C" NOT NULL
            CHECK (kind IN ('semantic', 'structural', 'window', 'supersedes', 'consolidates')),
        weight double precision NOT NULL,
        PRIMARY KEY (scope, src, dst, kind),
        FOREIGN KEY (scope, src) REFERENCES ripplemem_units (scope, id) ON DELETE CASCADE,
        FOREIGN KEY (scope, dst) REFERENCES ripplemem_units (scope, id) ON DELETE CASCADE
    )""",
    "CREATE INDEX ripplemem_edges_dst ON ripplemem_edges (scope, dst)",
    """CREATE TABLE ripplemem_history (
        num bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        scope text COLLATE "C" NOT NULL,
        unit_id text COLLATE "C" NOT NULL,
        event text NOT NULL CHECK (event IN ('ADD', 'UPDATE', 'SUPERSEDE', 'NOOP', 'DELETE')),
        at timestamptz NOT NULL,
        old_text text,
        new_text text,
        detail text NOT NULL DEFAULT '',
        FOREIGN KEY (scope, unit_id) REFERENCES ripplemem_units (scope, id) ON DELETE CASCADE
    )""",
    "CREATE INDEX ripplemem_history_unit ON ripplemem_history (scope, unit_id, at, num)",
    """CREATE TABLE ripplemem_names (
        scope text COLLATE "C" NOT NULL,
        kind text NOT NULL CHECK (kind IN ('participant', 'location')),
        name text COLLATE "C" NOT NULL,
        display text NOT NULL,
        refs bigint NOT NULL,
        PRIMARY KEY (scope, kind, name)
    )""",
    """CREATE TABLE ripplemem_vector_indexes (dim integer PRIMARY KEY, created_at timestamptz NOT NULL DEFAULT now())""",
    """CREATE FUNCTION ripplemem_units_added() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        UPDATE ripplemem_scopes s SET units_n = s.units_n + n.c
            FROM (SELECT scope, count(*) AS c FROM new_units GROUP BY scope) n WHERE s.key = n.scope;
        {add_names}
        RETURN NULL;
    END $$""".format(add_names=_add_names("new_units", "true")),
    """CREATE FUNCTION ripplemem_units_removed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        UPDATE ripplemem_scopes s SET units_n = s.units_n - n.c
            FROM (SELECT scope, count(*) AS c FROM old_units GROUP BY scope) n WHERE s.key = n.scope;
        {drop_names}
        RETURN NULL;
    END $$""".format(drop_names=_drop_names("old_units", "true")),
    # only rows whose names changed move the registry (touch() changes none)
    """CREATE FUNCTION ripplemem_units_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF NOT EXISTS (SELECT 1 FROM old_units o JOIN new_units n USING (num) WHERE {changed}) THEN
            RETURN NULL;
        END IF;
        {drop_names}
        {add_names}
        RETURN NULL;
    END $$""".format(
        changed=_CHANGED,
        drop_names=_drop_names("old_units", f"u.num IN (SELECT o.num FROM old_units o JOIN new_units n USING (num) WHERE {_CHANGED})"),
        add_names=_add_names("new_units", f"u.num IN (SELECT o.num FROM old_units o JOIN new_units n USING (num) WHERE {_CHANGED})"),
    ),
    """CREATE TRIGGER ripplemem_units_ai AFTER INSERT ON ripplemem_units
        REFERENCING NEW TABLE AS new_units FOR EACH STATEMENT EXECUTE FUNCTION ripplemem_units_added()""",
    """CREATE TRIGGER ripplemem_units_ad AFTER DELETE ON ripplemem_units
        REFERENCING OLD TABLE AS old_units FOR EACH STATEMENT EXECUTE FUNCTION ripplemem_units_removed()""",
    """CREATE TRIGGER ripplemem_units_au AFTER UPDATE ON ripplemem_units
        REFERENCING OLD TABLE AS old_units NEW TABLE AS new_units
        FOR EACH STATEMENT EXECUTE FUNCTION ripplemem_units_changed()""",
)


# -- version 2: BM25 statistics --------------------------------------------------------------

# one row per (unit, lexeme) of ``rows``: tf is the lexeme's positions in the unit, a unit's
# length the sum of its tf (stripped lexemes, which have none, count once)
TERM_FREQUENCY = "coalesce(cardinality(x.positions), 1)"


def _terms_of(rows: str, where: str) -> str:
    return f"SELECT u.scope, x.lexeme, {TERM_FREQUENCY} AS tf FROM {rows} u, unnest(u.fts) AS x WHERE {where}"


def _add_terms(rows: str, where: str) -> str:
    return f"""WITH t AS MATERIALIZED ({_terms_of(rows, where)}),
            df AS (INSERT INTO ripplemem_terms AS r (scope, lexeme, df)
                SELECT scope, lexeme, count(*) FROM t GROUP BY scope, lexeme
                ON CONFLICT (scope, lexeme) DO UPDATE SET df = r.df + excluded.df)
        UPDATE ripplemem_scopes s SET fts_len = s.fts_len + n.len
            FROM (SELECT scope, sum(tf) AS len FROM t GROUP BY scope) n WHERE s.key = n.scope;"""


def _drop_terms(rows: str, where: str) -> str:
    """Two statements, as for the names: the second sees the counts the first lowered."""
    gone = f"SELECT scope, lexeme, count(*) AS c, sum(tf) AS len FROM ({_terms_of(rows, where)}) x GROUP BY scope, lexeme"
    return f"""WITH g AS MATERIALIZED ({gone}),
            df AS (UPDATE ripplemem_terms r SET df = r.df - g.c FROM g WHERE r.scope = g.scope AND r.lexeme = g.lexeme)
        UPDATE ripplemem_scopes s SET fts_len = s.fts_len - n.len
            FROM (SELECT scope, sum(len) AS len FROM g GROUP BY scope) n WHERE s.key = n.scope;
        DELETE FROM ripplemem_terms r USING (SELECT DISTINCT u.scope, x.lexeme FROM {rows} u, unnest(u.fts) AS x
                                             WHERE {where}) g
            WHERE r.scope = g.scope AND r.lexeme = g.lexeme AND r.df <= 0;"""


_TEXT_CHANGED = "(o.scope, o.restatement) IS DISTINCT FROM (n.scope, n.restatement)"
_TEXT_CHANGED_ROWS = f"u.num IN (SELECT o.num FROM old_units o JOIN new_units n USING (num) WHERE {_TEXT_CHANGED})"

_V2: tuple[str, ...] = (
    # writers wait until the backfill below commits, then the new triggers see their rows
    "LOCK TABLE ripplemem_units IN SHARE ROW EXCLUSIVE MODE",
    "ALTER TABLE ripplemem_scopes ADD COLUMN fts_len bigint NOT NULL DEFAULT 0",
    """CREATE TABLE ripplemem_terms (
        scope text COLLATE "C" NOT NULL,
        lexeme text COLLATE "C" NOT NULL,
        df bigint NOT NULL,
        PRIMARY KEY (scope, lexeme)
    )""",
    """CREATE FUNCTION ripplemem_units_terms_added() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        {add_terms}
        RETURN NULL;
    END $$""".format(add_terms=_add_terms("new_units", "true")),
    """CREATE FUNCTION ripplemem_units_terms_removed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        {drop_terms}
        RETURN NULL;
    END $$""".format(drop_terms=_drop_terms("old_units", "true")),
    # only rows whose text changed move the statistics (touch() and name edits change none)
    """CREATE FUNCTION ripplemem_units_terms_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF NOT EXISTS (SELECT 1 FROM old_units o JOIN new_units n USING (num) WHERE {changed}) THEN
            RETURN NULL;
        END IF;
        {drop_terms}
        {add_terms}
        RETURN NULL;
    END $$""".format(
        changed=_TEXT_CHANGED,
        drop_terms=_drop_terms("old_units", _TEXT_CHANGED_ROWS),
        add_terms=_add_terms("new_units", _TEXT_CHANGED_ROWS),
    ),
    """CREATE TRIGGER ripplemem_units_terms_ai AFTER INSERT ON ripplemem_units
        REFERENCING NEW TABLE AS new_units FOR EACH STATEMENT EXECUTE FUNCTION ripplemem_units_terms_added()""",
    """CREATE TRIGGER ripplemem_units_terms_ad AFTER DELETE ON ripplemem_units
        REFERENCING OLD TABLE AS old_units FOR EACH STATEMENT EXECUTE FUNCTION ripplemem_units_terms_removed()""",
    """CREATE TRIGGER ripplemem_units_terms_au AFTER UPDATE ON ripplemem_units
        REFERENCING OLD TABLE AS old_units NEW TABLE AS new_units
        FOR EACH STATEMENT EXECUTE FUNCTION ripplemem_units_terms_changed()""",
    # the units stored before this version
    f"""INSERT INTO ripplemem_terms (scope, lexeme, df)
        SELECT scope, lexeme, count(*) FROM ({_terms_of("ripplemem_units", "true")}) t GROUP BY scope, lexeme""",
    f"""UPDATE ripplemem_scopes s SET fts_len = n.len
        FROM (SELECT scope, sum(tf) AS len FROM ({_terms_of("ripplemem_units", "true")}) t GROUP BY scope) n
        WHERE s.key = n.scope""",
)


# -- version 3: name postings, access statistics beside the units ---------------------------


def _postings_of(rows: str, where: str) -> str:
    """One row per distinct (scope, kind, name, unit) of ``rows``."""
    return f"SELECT DISTINCT scope, kind, name, num FROM ({_names_of(rows, where, False)}) x"


def _add_postings(rows: str, where: str) -> str:
    return f"""INSERT INTO ripplemem_unit_names (scope, kind, name, num) {_postings_of(rows, where)}
            ON CONFLICT DO NOTHING;"""


def _drop_postings(rows: str, where: str) -> str:
    return f"""DELETE FROM ripplemem_unit_names p USING ({_postings_of(rows, where)}) g
            WHERE (p.scope, p.kind, p.name, p.num) = (g.scope, g.kind, g.name, g.num);"""


_KEYS_CHANGED = (
    "(o.scope, o.participant_keys, o.location_keys) IS DISTINCT FROM (n.scope, n.participant_keys, n.location_keys)"
)
_KEYS_CHANGED_ROWS = f"u.num IN (SELECT o.num FROM old_units o JOIN new_units n USING (num) WHERE {_KEYS_CHANGED})"

# by_time's duration classes, as SQLite's ``t_class``: class c lasts at most 2**c hours (the
# last class takes the longer spans), so a unit of class c holding an instant began less
# than 2**c hours before it: one bounded index range per class
MAX_TIME_CLASS = 20
_CLASS_BOUNDS = ", ".join(f"'{2**c} hours'::interval" for c in range(MAX_TIME_CLASS))

_V3: tuple[str, ...] = (
    "LOCK TABLE ripplemem_units IN SHARE ROW EXCLUSIVE MODE",
    # the smallest c with duration <= 2**c hours: how many bounds lie below the duration
    f"""CREATE FUNCTION ripplemem_time_class(span tstzrange) RETURNS integer
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        RETURN width_bucket(upper(span) - lower(span) - interval '1 microsecond', ARRAY[{_CLASS_BOUNDS}])""",
    # with num in the keys, ties on the start come in by_time's order: a LIMIT stops the walk
    """CREATE INDEX ripplemem_units_span_class ON ripplemem_units (scope, ripplemem_time_class(span), lower(span), num)
        WHERE span IS NOT NULL""",
    """CREATE INDEX ripplemem_units_span_start_num ON ripplemem_units (scope, lower(span), num DESC)
        WHERE span IS NOT NULL""",
    """CREATE INDEX ripplemem_units_span_end_num ON ripplemem_units (scope, upper(span), lower(span), num)
        WHERE span IS NOT NULL""",
    # ... and replace the GiST index of the old overlap query (nothing else asks it)
    "DROP INDEX ripplemem_units_span_start, ripplemem_units_span_end, ripplemem_units_span",
    # by_names reads each name's newest units off this primary key (GIN returns no order)
    """CREATE TABLE ripplemem_unit_names (
        scope text COLLATE "C" NOT NULL,
        kind text NOT NULL CHECK (kind IN ('participant', 'location')),
        name text COLLATE "C" NOT NULL,
        num bigint NOT NULL,
        PRIMARY KEY (scope, kind, name, num)
    )""",
    """CREATE FUNCTION ripplemem_units_postings_added() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        {add}
        RETURN NULL;
    END $$""".format(add=_add_postings("new_units", "true")),
    """CREATE FUNCTION ripplemem_units_postings_removed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        {drop}
        RETURN NULL;
    END $$""".format(drop=_drop_postings("old_units", "true")),
    """CREATE FUNCTION ripplemem_units_postings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF NOT EXISTS (SELECT 1 FROM old_units o JOIN new_units n USING (num) WHERE {changed}) THEN
            RETURN NULL;
        END IF;
        {drop}
        {add}
        RETURN NULL;
    END $$""".format(
        changed=_KEYS_CHANGED,
        drop=_drop_postings("old_units", _KEYS_CHANGED_ROWS),
        add=_add_postings("new_units", _KEYS_CHANGED_ROWS),
    ),
    """CREATE TRIGGER ripplemem_units_postings_ai AFTER INSERT ON ripplemem_units
        REFERENCING NEW TABLE AS new_units FOR EACH STATEMENT EXECUTE FUNCTION ripplemem_units_postings_added()""",
    """CREATE TRIGGER ripplemem_units_postings_ad AFTER DELETE ON ripplemem_units
        REFERENCING OLD TABLE AS old_units FOR EACH STATEMENT EXECUTE FUNCTION ripplemem_units_postings_removed()""",
    """CREATE TRIGGER ripplemem_units_postings_au AFTER UPDATE ON ripplemem_units
        REFERENCING OLD TABLE AS old_units NEW TABLE AS new_units
        FOR EACH STATEMENT EXECUTE FUNCTION ripplemem_units_postings_changed()""",
    f"INSERT INTO ripplemem_unit_names (scope, kind, name, num) {_postings_of('ripplemem_units', 'true')}",
    # the postings replace the GIN indexes on the key arrays (nothing else searched them)
    "DROP INDEX ripplemem_units_participants",
    "DROP INDEX ripplemem_units_locations",
    # touch() writes here, not to the units row: updating a unit's row inserts a new entry in
    # every index of the table (HNSW and GIN included) unless the update is HOT
    """CREATE TABLE ripplemem_unit_access (
        num bigint PRIMARY KEY REFERENCES ripplemem_units (num) ON DELETE CASCADE,
        access_count bigint NOT NULL,
        last_access timestamptz NOT NULL
    ) WITH (fillfactor = 50)""",
    # a write of the unit's row (apply's update) sets its access columns again
    """CREATE FUNCTION ripplemem_units_access_rewritten() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        DELETE FROM ripplemem_unit_access a USING new_units n WHERE a.num = n.num;
        RETURN NULL;
    END $$""",
    """CREATE TRIGGER ripplemem_units_access_au AFTER UPDATE ON ripplemem_units
        REFERENCING NEW TABLE AS new_units FOR EACH STATEMENT EXECUTE FUNCTION ripplemem_units_access_rewritten()""",
)

# (version, statements); append new versions, never edit an applied one.
_V4: tuple[str, ...] = (
    # a unit's concepts (ground.concepts), read with it; memories written before have none
    # and are given them from a parse when a recall needs them
    "ALTER TABLE ripplemem_units ADD COLUMN concepts text[] NOT NULL DEFAULT '{}'",
    # the chat role that said it ('' when unknown or mixed)
    "ALTER TABLE ripplemem_units ADD COLUMN role text NOT NULL DEFAULT ''",
)
_V5: tuple[str, ...] = (
    # the caller's metadata (a JSON object) on each memory and on each logged turn (a turn
    # extracted later still hands its metadata to its memories); older rows have none
    "ALTER TABLE ripplemem_units ADD COLUMN metadata jsonb NOT NULL DEFAULT '{}'",
    "ALTER TABLE ripplemem_turns ADD COLUMN metadata jsonb NOT NULL DEFAULT '{}'",
    # the metadata filters (containment, @>) within a scope
    "CREATE INDEX ripplemem_units_metadata ON ripplemem_units USING gin (scope, metadata jsonb_path_ops)",
)
_V6: tuple[str, ...] = (
    # a cold unit's vector (maintenance): ``vector`` is NULL, so ``dim`` is too and the unit is
    # out of every partial HNSW index and the dense view; the cue views skip it; full text keeps it
    "ALTER TABLE ripplemem_units ADD COLUMN cold_vector vector",
)
_V7: tuple[str, ...] = (
    # a session's speakers in order of first turn, one index seek per speaker (Store.session_speakers)
    "CREATE INDEX IF NOT EXISTS ripplemem_turns_speaker ON ripplemem_turns (scope, session_id, speaker, seq)",
)
MIGRATIONS: tuple[tuple[int, tuple[str, ...]], ...] = ((1, _V1), (2, _V2), (3, _V3), (4, _V4), (5, _V5), (6, _V6), (7, _V7))
SCHEMA_VERSION = MIGRATIONS[-1][0]


def ensure_extensions(conn: Any) -> None:
    """Create the extensions the schema needs unless the database already has them."""
    psycopg, _ = psycopg_modules()
    present = {r[0] for r in conn.execute("SELECT extname FROM pg_extension WHERE extname = ANY(%s)", (list(EXTENSIONS),))}
    for name in EXTENSIONS:
        if name not in present:
            try:
                conn.execute(f"CREATE EXTENSION IF NOT EXISTS {name}")
            except psycopg.Error as exc:
                raise StoreError(
                    f"the PostgreSQL store needs the {name!r} extension, and it could not be created "
                    f"(a superuser can run: CREATE EXTENSION {name}): {exc}"
                ) from exc


def current_version(conn: Any) -> int:
    row = conn.execute("SELECT max(version) FROM ripplemem_schema_version").fetchone()
    return int(row[0] or 0)


def migrate(conn: Any) -> int:
    """Apply the missing migrations (each version not recorded, in order) in one transaction
    under an advisory lock; return the version.

    ``conn`` is a fresh connection outside any transaction; it is committed here.
    """
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK,))
        ensure_extensions(conn)
        conn.execute(
            "CREATE TABLE IF NOT EXISTS ripplemem_schema_version"
            " (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"
        )
        applied = {int(r[0]) for r in conn.execute("SELECT version FROM ripplemem_schema_version")}
        for number, statements in MIGRATIONS:
            if number not in applied:
                for statement in statements:
                    conn.execute(statement)
                conn.execute("INSERT INTO ripplemem_schema_version (version) VALUES (%s)", (number,))
        return current_version(conn)


def index_name(dim: int) -> str:
    return f"ripplemem_units_hnsw_{dim}"


def ensure_vector_index(conn: Any, dim: int) -> None:
    """Inside the caller's transaction: a partial HNSW cosine index for vectors of ``dim``.

    pgvector indexes a typed ``vector(d)``; the column holds any dimension, so each dimension
    in use gets an expression index over ``vector::vector(d)`` restricted to ``dim = d``.
    Created once, the first time a unit (or ``embedding_dim`` meta) brings the dimension.
    """
    if conn.execute("SELECT 1 FROM ripplemem_vector_indexes WHERE dim = %s", (dim,)).fetchone():
        return
    conn.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK,))
    if conn.execute("SELECT 1 FROM ripplemem_vector_indexes WHERE dim = %s", (dim,)).fetchone():
        return
    conn.execute(
        f"CREATE INDEX IF NOT EXISTS {index_name(dim)} ON ripplemem_units USING hnsw "
        f"((vector::vector({dim})) vector_cosine_ops) WHERE dim = {dim}"
    )
    conn.execute("INSERT INTO ripplemem_vector_indexes (dim) VALUES (%s)", (dim,))
