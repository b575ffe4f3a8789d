"""The search views on PostgreSQL: pgvector cosine, BM25-ranked full text, the name arrays, the
time ranges. Every query names the scope and is bounded by a LIMIT; the scoring follows
the SQLite store's conventions (see :mod:`ripplemem.store.sqlite.search`)."""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from typing import Any

import numpy as np

from ...errors import EmbedderMismatchError
from ...types import Filters, Scope, TimeSpan, Vector
from ..records import normalise_name, query_tokens, to_us
from .schema import MAX_TIME_CLASS, TERM_FREQUENCY
from .writes import scope_dim

# -- dense --------------------------------------------------------------------------------


def dense(conn: Any, scope: Scope, vector: Vector, k: int, *, ann: bool) -> list[tuple[str, float]]:
    """Cosine similarity ``1 - (a <=> b)``, best first.

    Exact (a scan of the scope's rows) below the ANN threshold, as SQLite's in-memory
    matrix; from it on, the dimension's HNSW index with pgvector's iterative scan (so the
    scope filter still fills ``k``), re-sorted by score.
    """
    query = np.asarray(vector, dtype=np.float32).ravel()
    if k <= 0:
        return []
    dim = scope_dim(conn, scope)
    if dim is None:
        return []
    if query.size != dim:
        raise EmbedderMismatchError(f"query vector has dimension {query.size}, the store holds dimension {dim}")
    if not ann:
        rows = conn.execute(
            """SELECT id, 1 - (vector <=> %s) AS score FROM ripplemem_units
               WHERE scope = %s AND dim = %s ORDER BY vector <=> %s, num LIMIT %s""",
            (query, scope.key, dim, query, k),
        ).fetchall()
        return [(uid, _finite(score)) for uid, score in rows]
    set_ann_search(conn, k)
    rows = conn.execute(ann_sql(dim), (query, scope.key, query, k)).fetchall()
    hits = [(uid, _finite(score)) for uid, score in rows]
    hits.sort(key=lambda hit: -hit[1])
    return hits


def set_ann_search(conn: Any, k: int) -> None:
    """For this transaction: a search list of at least ``2k``, and an iterative scan that
    keeps walking the graph until ``k`` rows of the scope pass the filter."""
    conn.execute("SELECT set_config('hnsw.ef_search', %s, true)", (str(min(1000, max(64, 2 * k))),))
    conn.execute("SELECT set_config('hnsw.iterative_scan', 'relaxed_order', true)")


def ann_sql(dim: int) -> str:
    """The nearest ``%s`` units of a scope through the partial HNSW index of ``dim``
    (parameters: query vector, scope key, query vector, k)."""
    return (
        f"SELECT id, 1 - (vector::vector({dim}) <=> %s::vector({dim})) AS score FROM ripplemem_units "
        f"WHERE scope = %s AND dim = {dim} ORDER BY vector::vector({dim}) <=> %s::vector({dim}) LIMIT %s"
    )


def _finite(score: float | None) -> float:
    """A zero vector has no direction: pgvector says NaN, the SQLite store says 0."""
    return 0.0 if score is None or math.isnan(score) else float(score)


# -- lexical -------------------------------------------------------------------------------


# Okapi BM25 as FTS5's bm25(): its constants, its idf and the floor it gives a term found in
# half the documents or more (a non-positive idf).
BM25_K1 = 1.2
BM25_B = 0.75
IDF_FLOOR = 1e-6
# The cost bound: the rarest query lexemes, up to this many units in all, have every unit
# holding them scored; each commoner one only its newest max(NEWEST, 10k) (as by_names).
SCORE_EVERY = 5000
NEWEST = 200

_QUERY_TERMS = """SELECT x.lexeme, count(*), t.df, s.units_n, s.fts_len
    FROM unnest(%(tokens)s::text[]) AS tok(token), unnest(to_tsvector('english', tok.token)) AS x,
         ripplemem_terms t, ripplemem_scopes s
    WHERE t.scope = %(scope)s AND t.lexeme = x.lexeme AND s.key = %(scope)s
    GROUP BY x.lexeme, t.df, s.units_n, s.fts_len"""

# each candidate's score: the sum, over the query lexemes it holds, of
# weight * tf * (k1 + 1) / (tf + k1 * (1 - b + b * len / avgdl)), len its positions
_SCORED = f"""SELECT h.id, (
        SELECT sum(w.weight * d.tf * {BM25_K1 + 1} / (d.tf + {BM25_K1} * ({1 - BM25_B} + {BM25_B} * d.len / %(avgdl)s)))
        FROM (SELECT x.lexeme, {TERM_FREQUENCY}::float8 AS tf, sum({TERM_FREQUENCY}) OVER ()::float8 AS len
              FROM unnest(h.fts) AS x) d
        JOIN unnest(%(lexemes)s::text[], %(weights)s::float8[]) AS w(lexeme, weight) ON w.lexeme = d.lexeme
    ) AS score
    FROM ({{hits}}) h ORDER BY score DESC NULLS LAST, h.num DESC LIMIT %(k)s"""
_RARE = "SELECT num, id, fts FROM ripplemem_units WHERE scope = %(scope)s AND fts @@ %(rare)s::tsquery"
_NEWEST = """(SELECT num, id, fts FROM ripplemem_units WHERE scope = %(scope)s AND fts @@ %(common{i})s::tsquery
    ORDER BY num DESC LIMIT %(newest)s)"""


def _tsquery_term(lexeme: str) -> str:
    """A lexeme as tsquery input, quoted, quotes and backslashes doubled (a lexeme of a
    letters-and-digits token has neither, but no tsquery is built from unescaped text)."""
    return "'" + lexeme.replace("\\", "\\\\").replace("'", "''") + "'"


def lexical(conn: Any, scope: Scope, text: str, k: int) -> list[tuple[str, float]]:
    """Stemmed full text (english) ranked by Okapi BM25 over the scope's exact statistics
    (``ripplemem_terms``, ``scopes.fts_len``, ``units_n``); positive scores, best first, ties
    newest first. Scores follow FTS5's ``bm25()`` (k1 1.2, b 0.75, the idf and its floor,
    a lexeme counted once per query token that stems to it); they differ from the SQLite
    store's by the document lengths (no stopwords here, and FTS5 counts the scope tag) and
    the stemmer (Snowball here, Porter there).

    Cost, two round trips: a primary-key probe per query lexeme for its df, then each
    candidate unit is scored (its ``fts`` unnested once, some 15 µs). The candidates: every
    unit holding one of the rarest query lexemes, as long as those hold :data:`SCORE_EVERY`
    units in all (one GIN scan), and for each commoner lexeme only its newest
    ``max(NEWEST, 10k)`` units. A query so costs at most ``SCORE_EVERY + lexemes *
    max(NEWEST, 10k)`` scorings however large the scope, and ranks exactly as FTS5 whenever
    its lexemes hold at most :data:`SCORE_EVERY` units all told; beyond that, an older unit
    holding only common lexemes can be missed (a common lexeme adds little: its idf is low).
    """
    tokens = query_tokens(text)
    if not tokens or k <= 0:
        return []
    terms = conn.execute(_QUERY_TERMS, {"scope": scope.key, "tokens": tokens}).fetchall()
    if not terms:
        return []
    n, total = int(terms[0][3]), int(terms[0][4])
    terms.sort(key=lambda t: (t[2], t[0]))  # rarest first
    params: dict[str, Any] = {
        "scope": scope.key,
        "k": k,
        "newest": max(NEWEST, 10 * k),
        "avgdl": total / n,
        "lexemes": [t[0] for t in terms],
        "weights": [qf * _idf(n, df) for _, qf, df, _, _ in terms],
    }
    hits = _candidates([(t[0], int(t[2])) for t in terms], params)
    rows = conn.execute(_SCORED.format(hits=hits), params).fetchall()
    return [(uid, float(score)) for uid, score in rows if score > 0]


def lexical_all(conn: Any, scope: Scope, text: str, k: int) -> list[str]:
    """The newest ``k`` units holding every query lexeme of ``text`` (``plainto_tsquery``
    over its query tokens: their AND), unranked: the scope's units walked newest first and
    stopped at ``k``, or the GIN index's matches when they are few (the planner's choice)."""
    tokens = query_tokens(text)
    if not tokens or k <= 0:
        return []
    rows = conn.execute(
        """SELECT id FROM ripplemem_units WHERE scope = %s AND fts @@ plainto_tsquery('english', %s)
           ORDER BY num DESC LIMIT %s""",
        (scope.key, " ".join(tokens), k),
    ).fetchall()
    return [uid for (uid,) in rows]


def _candidates(terms: list[tuple[str, int]], params: dict[str, Any]) -> str:
    """The units to score, for ``terms`` (lexeme, df) rarest first: every unit of the
    rarest while their df add up to at most :data:`SCORE_EVERY`, the newest of each other.
    Each tsquery is a bound value, so the planner sees it (a GIN scan for the rare ones, a
    walk down the scope's newest units for a lexeme in most of them)."""
    parts: list[str] = []
    rare: list[str] = []
    seen = 0
    for lexeme, df in terms:
        seen += df
        if seen <= SCORE_EVERY:
            rare.append(_tsquery_term(lexeme))
        else:
            params[f"common{len(parts)}"] = _tsquery_term(lexeme)
            parts.append(_NEWEST.format(i=len(parts)))
    if rare:
        params["rare"] = " | ".join(rare)
        parts.append(_RARE)
    return " UNION ".join(parts)


def _idf(n: int, df: int) -> float:
    idf = math.log((n - df + 0.5) / (df + 0.5))
    return idf if idf > 0 else IDF_FLOOR


# -- names --------------------------------------------------------------------------------


def by_names(conn: Any, kind: str, scope: Scope, names: Iterable[str], k: int) -> list[tuple[str, float]]:
    """Units naming any of ``names``; score = how many matched, ties newest first.

    As in SQLite, each name contributes at most its ``max(200, 10k)`` newest units: a
    backward walk of the name's postings (``ripplemem_unit_names``), whatever its count.
    """
    wanted = sorted({normalise_name(n) for n in names} - {""})
    if not wanted or k <= 0:
        return []
    rows = conn.execute(
        """SELECT u.id, hit.c FROM (
                SELECT p.num, count(*) AS c FROM unnest(%s::text[]) AS w(name), LATERAL (
                    SELECT n.num FROM ripplemem_unit_names n JOIN ripplemem_units c ON c.num = n.num
                    WHERE n.scope = %s AND n.kind = %s AND n.name = w.name AND c.cold_vector IS NULL
                    ORDER BY n.num DESC LIMIT %s
                ) AS p GROUP BY p.num ORDER BY c DESC, p.num DESC LIMIT %s
            ) AS hit JOIN ripplemem_units u ON u.num = hit.num ORDER BY hit.c DESC, hit.num DESC""",
        (wanted, scope.key, kind, max(200, 10 * k), k),
    ).fetchall()
    return [(uid, float(c)) for uid, c in rows]


def name_counts(conn: Any, scope: Scope, kind: str, names: Iterable[str]) -> dict[str, int]:
    """How many of the scope's units carry each name (the registry is kept exact by triggers)."""
    wanted = sorted(set(names))
    rows = conn.execute(
        "SELECT name, refs FROM ripplemem_names WHERE scope = %s AND kind = %s AND name = ANY(%s::text[])",
        (scope.key, kind, [normalise_name(n) for n in wanted]),
    ).fetchall()
    refs = {name: int(n) for name, n in rows}
    return {name: refs.get(normalise_name(name), 0) for name in wanted}


def known_names(conn: Any, scope: Scope, first_words: Iterable[str] | None = None) -> tuple[set[str], set[str]]:
    """The scope's names (with ``first_words``, those whose first word is one of them: the
    registry's rows of the scope filtered on the server)."""
    participants: set[str] = set()
    locations: set[str] = set()
    if first_words is None:
        rows = conn.execute("SELECT kind, display FROM ripplemem_names WHERE scope = %s", (scope.key,))
    else:
        words = sorted({normalise_name(w) for w in first_words} - {""})
        rows = conn.execute(
            "SELECT kind, display FROM ripplemem_names WHERE scope = %s AND split_part(name, ' ', 1) = ANY(%s)",
            (scope.key, words),
        )
    for kind, display in rows:
        (participants if kind == "participant" else locations).add(display)
    return participants, locations


# -- time ---------------------------------------------------------------------------------


def by_time(conn: Any, scope: Scope, span: TimeSpan, k: int, tau_days: float) -> list[tuple[str, float]]:
    """Units with grounded time nearest to ``span``: overlapping or touching (score 1) first,
    nearest start first; then by gap (``exp(-gap_days / tau)``); ties newest first.
    Bounded candidate sets, the first ``k`` of each in that order, each an index range
    walked in order: starting inside the span, holding its start (one range per duration
    class, as SQLite: a unit of class c began less than ``2**c`` hours before), starting at
    or after its end, ending at or before its start. Their union holds the best ``k``."""
    if k <= 0:
        return []
    start, end = span.start, span.end
    cols = "num, id, lower(span), upper(span)"
    rows = conn.execute(
        f"""(SELECT {cols} FROM ripplemem_units WHERE scope = %(scope)s AND lower(span) >= %(s)s AND lower(span) < %(e)s AND cold_vector IS NULL
             ORDER BY lower(span), num DESC LIMIT %(k)s)
            UNION ALL
            (SELECT {cols} FROM ripplemem_units WHERE scope = %(scope)s AND lower(span) >= %(e)s AND cold_vector IS NULL
             ORDER BY lower(span), num DESC LIMIT %(k)s)
            UNION ALL
            (SELECT {cols} FROM ripplemem_units WHERE scope = %(scope)s AND upper(span) <= %(s)s AND cold_vector IS NULL
             ORDER BY upper(span) DESC, lower(span) DESC, num DESC LIMIT %(k)s)
            UNION ALL
            SELECT held.* FROM generate_series(0, {MAX_TIME_CLASS}) AS c(class), LATERAL (
                SELECT {cols} FROM ripplemem_units
                WHERE scope = %(scope)s AND ripplemem_time_class(span) = c.class
                  AND lower(span) >= CASE WHEN c.class < {MAX_TIME_CLASS}
                                          THEN %(s)s - make_interval(hours => 1 << c.class) ELSE '-infinity' END
                  AND lower(span) < %(s)s AND upper(span) > %(s)s AND cold_vector IS NULL
                ORDER BY lower(span) DESC, num DESC LIMIT %(k)s) AS held""",
        {"scope": scope.key, "s": start, "e": end, "k": k},
    ).fetchall()
    start_us, end_us = to_us(start), to_us(end)
    assert start_us is not None and end_us is not None
    found: dict[int, tuple[str, int, int]] = {}
    for num, uid, s, e in rows:
        s_us, e_us = to_us(s), to_us(e)
        assert s_us is not None and e_us is not None
        found[num] = (uid, s_us, e_us)
    scored = []
    for num, (uid, s, e) in found.items():
        gap_us = max(0, s - end_us, start_us - e)
        score = 1.0 if gap_us == 0 else math.exp(-(gap_us / 8.64e10) / tau_days)
        scored.append((-score, abs(s - start_us), -num, uid))
    scored.sort()
    return [(uid, -neg) for neg, _, _, uid in scored[:k]]


def filter_sql(filters: Filters) -> tuple[str, list[Any]]:
    """``Filters`` as SQL over ``ripplemem_units u`` (`` AND ...``, and its arguments): the
    metadata by containment (``@>``, the GIN index), the rest on the unit's own columns. The
    same rule as :meth:`Filters.matches`: a value equals, it is not found inside an array."""
    parts: list[str] = []
    args: list[Any] = []
    if filters.current_only:
        parts.append("u.valid_to IS NULL")
    if filters.layers:
        parts.append("u.layer = ANY(%s::text[])")
        args.append(list(filters.layers))
    for key, values in filters.metadata:
        contained = " OR ".join("u.metadata @> %s::jsonb" for _ in values)
        parts.append(f"({contained}) AND jsonb_typeof(u.metadata -> %s) <> 'array'")
        args += [json.dumps({key: _plain(v)}) for v in values]
        args.append(key)
    if filters.since is not None or filters.until is not None:
        parts.append(
            "((u.span IS NOT NULL AND u.span && tstzrange(%s, %s, '[)'))"
            " OR (u.span IS NULL AND u.mentioned_at >= coalesce(%s, '-infinity'::timestamptz)"
            " AND u.mentioned_at < coalesce(%s, 'infinity'::timestamptz)))"
        )
        args += [filters.since, filters.until, filters.since, filters.until]
    return "".join(f" AND {p}" for p in parts), args


def _plain(value: Any) -> Any:
    """A filter value as jsonb compares it (an integral float is the integer)."""
    return int(value) if isinstance(value, float) and value.is_integer() else value
