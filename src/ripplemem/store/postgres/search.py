"""The search views on PostgreSQL: pgvector cosine, ranked full text, the name arrays, the
time ranges. Every query names the scope and is bounded by a LIMIT; the scoring follows
the SQLite store's conventions (see :mod:`ripplemem.store.sqlite.search`)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import numpy as np

from ...errors import EmbedderMismatchError
from ...types import Scope, TimeSpan, Vector
from ..records import normalise_name, query_tokens, to_us
from .writes import scope_dim

NAME_COLUMNS = {"participant": "participant_keys", "location": "location_keys"}


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


def tsquery_text(text: str) -> str | None:
    """Arbitrary user text as a safe ``to_tsquery`` expression: quoted tokens OR-ed together.

    Tokens are runs of letters and digits (nothing ``to_tsquery`` could read as syntax);
    stopwords are dropped unless nothing else is left; ``None`` when no token remains.
    """
    content = query_tokens(text)
    if not content:
        return None
    return " | ".join(f"'{t}'" for t in content)


def lexical(conn: Any, scope: Scope, text: str, k: int) -> list[tuple[str, float]]:
    """Stemmed full text (english), ranked by cover density; positive scores, best first."""
    query = tsquery_text(text)
    if query is None or k <= 0:
        return []
    rows = conn.execute(
        """SELECT u.id, ts_rank_cd(u.fts, q) AS rank
           FROM ripplemem_units u, to_tsquery('english', %s) AS q
           WHERE u.scope = %s AND u.fts @@ q ORDER BY rank DESC, u.num DESC LIMIT %s""",
        (query, scope.key, k),
    ).fetchall()
    return [(uid, float(rank)) for uid, rank in rows if rank > 0]


# -- names --------------------------------------------------------------------------------


def by_names(conn: Any, kind: str, scope: Scope, names: Iterable[str], k: int) -> list[tuple[str, float]]:
    """Units naming any of ``names``; score = how many matched, ties newest first.

    As in SQLite, each name contributes at most its ``max(200, 10k)`` newest units.
    """
    column = NAME_COLUMNS[kind]
    wanted = sorted({normalise_name(n) for n in names} - {""})
    if not wanted or k <= 0:
        return []
    rows = conn.execute(
        f"""SELECT hit.num, hit.id FROM unnest(%s::text[]) AS w(name), LATERAL (
                SELECT num, id FROM ripplemem_units
                WHERE scope = %s AND {column} @> ARRAY[w.name] ORDER BY num DESC LIMIT %s
            ) AS hit""",
        (wanted, scope.key, max(200, 10 * k)),
    ).fetchall()
    counts: dict[int, int] = {}
    ids: dict[int, str] = {}
    for num, uid in rows:
        counts[num] = counts.get(num, 0) + 1
        ids[num] = uid
    ranked = sorted(counts, key=lambda num: (-counts[num], -num))[:k]
    return [(ids[num], float(counts[num])) for num in ranked]


def name_counts(conn: Any, scope: Scope, kind: str, names: Iterable[str]) -> dict[str, int]:
    """How many of the scope's units carry each name (the registry is kept exact by triggers)."""
    wanted = sorted(set(names))
    rows = conn.execute(
        "SELECT name, refs FROM ripplemem_names WHERE scope = %s AND kind = %s AND name = ANY(%s::text[])",
        (scope.key, kind, [normalise_name(n) for n in wanted]),
    ).fetchall()
    refs = {name: int(n) for name, n in rows}
    return {name: refs.get(normalise_name(name), 0) for name in wanted}


def known_names(conn: Any, scope: Scope) -> tuple[set[str], set[str]]:
    participants: set[str] = set()
    locations: set[str] = set()
    for kind, display in conn.execute("SELECT kind, display FROM ripplemem_names WHERE scope = %s", (scope.key,)):
        (participants if kind == "participant" else locations).add(display)
    return participants, locations


# -- time ---------------------------------------------------------------------------------


def by_time(conn: Any, scope: Scope, span: TimeSpan, k: int, tau_days: float) -> list[tuple[str, float]]:
    """Units with grounded time nearest to ``span``: overlapping or touching (score 1) first,
    nearest start first; then by gap (``exp(-gap_days / tau)``). Three bounded candidate
    sets: the ``k`` overlapping ranges (GiST) nearest the span's start, the ``k`` starting
    at or after its end, the ``k`` ending at or before its start."""
    if k <= 0:
        return []
    start, end = span.start, span.end
    cols = "num, id, lower(span), upper(span)"
    rows = conn.execute(
        f"""(SELECT {cols} FROM ripplemem_units WHERE scope = %(scope)s AND span && tstzrange(%(s)s, %(e)s, '[)')
             ORDER BY abs(extract(epoch FROM lower(span) - %(s)s)), num DESC LIMIT %(k)s)
            UNION ALL
            (SELECT {cols} FROM ripplemem_units WHERE scope = %(scope)s AND lower(span) >= %(e)s
             ORDER BY lower(span) LIMIT %(k)s)
            UNION ALL
            (SELECT {cols} FROM ripplemem_units WHERE scope = %(scope)s AND upper(span) <= %(s)s
             ORDER BY upper(span) DESC LIMIT %(k)s)""",
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
