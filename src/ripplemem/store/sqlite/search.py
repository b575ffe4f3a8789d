"""The lexical and structural views: FTS5 BM25, the participant/location indexes and the
time index. Cold units (maintenance) are left out of the structural views; the lexical view
finds them (the cold path). Every query is bounded by an index range and a LIMIT; none scans a scope."""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Iterable
from typing import Any

from ...types import Filters, TimeSpan, metadata_key
from ..records import normalise_name, query_tokens, to_us
from .codec import MAX_TIME_CLASS

# The cost bound of the lexical view in a large scope: a query term found in more than this
# many of the scope's units is not ranked while rarer terms are (FTS5's bm25() reads the whole
# doclist of every term it ranks, for its idf); what the rare terms leave of k is filled from
# the newest units holding the common ones.
SCORE_EVERY = 5000

_PROBE = "SELECT rowid FROM units_fts WHERE units_fts MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ?"


def fts_query(text: str) -> str | None:
    """Turn arbitrary user text into a safe FTS5 expression: quoted tokens OR-ed together.

    Stopwords are dropped unless nothing else is left; ``None`` when no token remains.
    """
    content = query_tokens(text)
    return _joined(content, "OR") if content else None


def _joined(tokens: Iterable[str], op: str) -> str:
    return f" {op} ".join(f'"{t}"' for t in tokens)


def _scoped(tag: str, expression: str) -> str:
    return f'scope_tag : "{tag}" AND restatement : ({expression})'


def _common_from(conn: sqlite3.Connection, tag: str, token: str) -> int | None:
    """The unit number below the scope's :data:`SCORE_EVERY` newest units holding ``token``,
    or ``None`` when fewer hold it (walks of at most that many doclist entries, newest first:
    the whole file's, then the scope's only when the file holds that many)."""
    start: int | None = None
    for match in (f'restatement : "{token}"', _scoped(tag, f'"{token}"')):
        row = conn.execute(_PROBE, (match, SCORE_EVERY)).fetchone()
        if row is None:
            return None
        start = int(row[0])
    return start


def lexical(
    conn: sqlite3.Connection, scope_key: str, tag: str, units_n: int, text: str, k: int
) -> list[tuple[str, float]]:
    """FTS5 BM25 (Porter stems) over the scope's units; positive scores, best first.

    In a scope of at most :data:`SCORE_EVERY` units every query term is ranked (FTS5's own
    ranking, exactly). In a larger one each term is probed first: terms held by more than
    that many units are left out of the ranking while rarer ones remain (their idf is low,
    and ranking them would read every unit holding them: seconds at a million units). When the
    rarer terms match fewer than ``k`` units (or there are none), the rest is filled, below
    them, with the newest units holding all the common terms, then any of them, among each
    one's newest :data:`SCORE_EVERY`. A query so reads a bounded number of index entries
    however large the scope.
    """
    tokens = query_tokens(text)
    if not tokens or k <= 0:
        return []
    starts = {t: _common_from(conn, tag, t) for t in tokens} if units_n > SCORE_EVERY else {}
    rare = [t for t in tokens if starts.get(t) is None]
    hits: list[tuple[str, float]] = []
    if rare:  # rank inside the full-text index first, then join only the best k rows
        rows = conn.execute(
            """SELECT u.id, f.rank FROM (
                   SELECT rowid, bm25(units_fts, 0.0, 1.0) AS rank FROM units_fts
                   WHERE units_fts MATCH ? ORDER BY rank LIMIT ?
               ) AS f JOIN units u ON u.num = f.rowid
               WHERE u.scope = ? ORDER BY f.rank""",
            (_scoped(tag, _joined(rare, "OR")), k, scope_key),
        ).fetchall()
        hits = [(uid, -float(rank)) for uid, rank in rows]
    common = {t: s for t, s in starts.items() if s is not None}
    if common and len(hits) < k:  # the rare terms matched too little: fill below them
        start = max(common.values())
        floor = min((s for _, s in hits), default=2.0)
        seen = {uid for uid, _ in hits}
        fill = [p for p in _newest(conn, scope_key, tag, list(common), start, k) if p[0] not in seen]
        hits += [(uid, floor * score / 2) for uid, score in fill[: k - len(hits)]]
    return hits


def lexical_all(conn: sqlite3.Connection, scope_key: str, tag: str, text: str, k: int) -> list[str]:
    """The newest ``k`` units holding every query term of ``text``: the full-text index's
    AND of them, walked newest first and stopped at ``k`` (no ranking, so no doclist is read
    whole however common its term)."""
    tokens = query_tokens(text)
    if not tokens or k <= 0:
        return []
    rows = conn.execute(
        """SELECT u.id FROM (
               SELECT rowid FROM units_fts WHERE units_fts MATCH ? ORDER BY rowid DESC LIMIT ?
           ) AS f JOIN units u ON u.num = f.rowid
           WHERE u.scope = ? ORDER BY f.rowid DESC""",
        (_scoped(tag, _joined(tokens, "AND")), k, scope_key),
    )
    return [uid for (uid,) in rows]


def _newest(
    conn: sqlite3.Connection, scope_key: str, tag: str, tokens: list[str], start: int, k: int
) -> list[tuple[str, float]]:
    """Units numbered above ``start`` holding all ``tokens`` (score 1), then any (0.5), newest first."""
    found: dict[str, float] = {}
    for op, score in (("AND", 1.0), ("OR", 0.5)):
        if len(found) >= k:
            break
        rows = conn.execute(
            """SELECT u.id FROM (
                   SELECT rowid FROM units_fts WHERE units_fts MATCH ? AND rowid > ? ORDER BY rowid DESC LIMIT ?
               ) AS f JOIN units u ON u.num = f.rowid
               WHERE u.scope = ? ORDER BY f.rowid DESC""",
            (_scoped(tag, _joined(tokens, op)), start, k, scope_key),
        )
        for (uid,) in rows:
            found.setdefault(uid, score)
    return list(found.items())[:k]


def name_counts(conn: sqlite3.Connection, scope_key: str, kind: str, names: Iterable[str]) -> dict[str, int]:
    """How many of the scope's units carry each name (kept exact by triggers)."""
    out: dict[str, int] = {}
    for name in set(names):
        row = conn.execute(
            "SELECT refs FROM scope_names WHERE scope = ? AND kind = ? AND name = ?",
            (scope_key, kind, normalise_name(name)),
        ).fetchone()
        out[name] = int(row[0]) if row else 0
    return out


def by_names(
    conn: sqlite3.Connection, table: str, scope_key: str, names: Iterable[str], k: int
) -> list[tuple[str, float]]:
    """Units naming any of ``names``; score = how many matched, ties newest first.

    Each name contributes at most its ``max(200, 10k)`` newest units, so a name on every
    unit of a large scope costs a bounded index range, not a scan.
    """
    wanted = sorted({normalise_name(n) for n in names} - {""})
    if not wanted or k <= 0:
        return []
    per_name = max(200, 10 * k)
    counts: dict[int, int] = {}
    ids: dict[int, str] = {}
    for name in wanted:
        rows = conn.execute(
            f"""SELECT p.unit_num, u.id FROM {table} p JOIN units u ON u.num = p.unit_num
                WHERE p.scope = ? AND p.name = ? AND u.cold_vector IS NULL ORDER BY p.unit_num DESC LIMIT ?""",
            (scope_key, name, per_name),
        )
        for num, uid in rows:
            counts[num] = counts.get(num, 0) + 1
            ids[num] = uid
    ranked = sorted(counts, key=lambda num: (-counts[num], -num))[:k]
    return [(ids[num], float(counts[num])) for num in ranked]


def known_names(
    conn: sqlite3.Connection, scope_key: str, first_words: Iterable[str] | None = None
) -> tuple[set[str], set[str]]:
    """The scope's names (with ``first_words``, those starting with one of them: per word and
    kind, one range of the registry's primary key: the name itself and the names "word ...")."""
    participants: set[str] = set()
    locations: set[str] = set()
    if first_words is None:
        rows: Iterable[tuple[str, str]] = conn.execute(
            "SELECT kind, display FROM scope_names WHERE scope = ?", (scope_key,)
        ).fetchall()
    else:
        rows = [
            row
            for word in sorted({normalise_name(w) for w in first_words} - {""})
            if " " not in word
            for kind in ("participant", "location")
            for row in conn.execute(
                "SELECT kind, display FROM scope_names WHERE scope = ? AND kind = ? AND name >= ? AND name < ?",
                (scope_key, kind, word, word + "!"),  # the word itself, and "word ..." (a space sorts below "!")
            )
        ]
    for kind, display in rows:
        (participants if kind == "participant" else locations).add(display)
    return participants, locations


def by_time(
    conn: sqlite3.Connection, scope_key: str, span: TimeSpan, k: int, tau_days: float
) -> list[tuple[str, float]]:
    """Units with grounded time nearest to ``span``: overlapping (score 1) first, then by
    gap (``exp(-gap_days / tau)``). Candidates come from bounded index ranges:
    the ``k`` starting at or after the span's start, the ``k`` ending at or before it, and
    per duration class the ``k`` that contain the span's start."""
    if k <= 0:
        return []
    start, end = to_us(span.start), to_us(span.end)
    assert start is not None and end is not None
    cols = "num, id, t_start_us, t_end_us"
    found: dict[int, tuple[str, int, int]] = {}
    after = conn.execute(
        f"""SELECT {cols} FROM units WHERE scope = ? AND t_start_us >= ? AND cold_vector IS NULL
            ORDER BY t_start_us LIMIT ?""",
        (scope_key, start, k),
    )
    before = conn.execute(
        f"""SELECT {cols} FROM units WHERE scope = ? AND t_end_us <= ? AND t_end_us IS NOT NULL
            AND cold_vector IS NULL ORDER BY t_end_us DESC LIMIT ?""",
        (scope_key, start, k),
    )
    for rows in (after, before, _containing(conn, scope_key, start, k)):
        for num, uid, s, e in rows:
            found[num] = (uid, s, e)
    scored = []
    for num, (uid, s, e) in found.items():
        gap_us = max(0, s - end, start - e)
        score = 1.0 if gap_us == 0 else math.exp(-(gap_us / 8.64e10) / tau_days)
        scored.append((-score, abs(s - start), -num, uid))
    scored.sort()
    return [(uid, -neg) for neg, _, _, uid in scored[:k]]


def _containing(conn: sqlite3.Connection, scope_key: str, start: int, k: int) -> list[tuple[int, str, int, int]]:
    """Units that begin before ``start`` and end after it, one bounded range per class:
    a unit of class ``c`` lasts at most ``2**c`` hours, so it began after ``start - 2**c h``."""
    rows: list[tuple[int, str, int, int]] = []
    for cls in range(MAX_TIME_CLASS + 1):
        lower = start - int(2**cls * 3.6e9) if cls < MAX_TIME_CLASS else -(2**62)
        rows.extend(
            conn.execute(
                """SELECT num, id, t_start_us, t_end_us FROM units
                   WHERE scope = ? AND t_class = ? AND t_start_us >= ? AND t_start_us < ? AND t_end_us > ?
                   AND cold_vector IS NULL ORDER BY t_start_us DESC LIMIT ?""",
                (scope_key, cls, lower, start, start, k),
            )
        )
    return rows


def filter_sql(filters: Filters) -> tuple[str, list[Any]]:
    """``Filters`` as SQL over ``units`` (`` AND ...``, and its arguments): the metadata
    through the ``unit_metadata`` index rows, the rest on the unit's own columns. The same
    rule as :meth:`Filters.matches`."""
    parts: list[str] = []
    args: list[Any] = []
    if filters.current_only:
        parts.append("valid_to_us IS NULL")
    if filters.layers:
        parts.append(f"layer IN ({','.join('?' * len(filters.layers))})")
        args += filters.layers
    for key, values in filters.metadata:
        parts.append(
            "num IN (SELECT unit_num FROM unit_metadata m WHERE m.scope = units.scope AND m.key = ? "
            f"AND m.value IN ({','.join('?' * len(values))}))"
        )
        args += [key, *(metadata_key(v) for v in values)]
    if filters.since is not None or filters.until is not None:
        lo = to_us(filters.since) if filters.since is not None else -(2**62)
        hi = to_us(filters.until) if filters.until is not None else 2**62
        parts.append(
            "((t_start_us IS NOT NULL AND t_start_us < ? AND t_end_us > ?)"
            " OR (t_start_us IS NULL AND mentioned_at_us >= ? AND mentioned_at_us < ?))"
        )
        args += [hi, lo, lo, hi]
    return "".join(f" AND {p}" for p in parts), args
