"""BM25 in the lexical view: a rare word outranks a common name on both backends; on
PostgreSQL the per-scope statistics stay equal to a recount through every kind of write
(and the migration backfills them), the scores equal FTS5's formula recomputed here from
the stored vectors, the order agrees with SQLite's ``bm25()``, and past the cost budget a
common lexeme brings only its newest units."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable

import psycopg
import pytest
from store_helpers import pg_rows, unit

from ripplemem.store import Store, open_store
from ripplemem.store.base import WriteBatch
from ripplemem.store.postgres import PostgresStore, search
from ripplemem.store.postgres.schema import MIGRATIONS
from ripplemem.store.records import query_tokens
from ripplemem.types import Scope

ALICE = Scope("alice")
BOB = Scope("bob")

# twelve units of 1 to 12 words, none a stopword: "Caroline" in eight (more than half: idf
# at the floor), "group" in five, "guitar" in one; no two share a length, so no scores tie
CORPUS = {
    "c8": "Caroline",
    "m4": "Melanie group",
    "m3": "Melanie read novel",
    "c3": "Caroline bought guitar strings",
    "c4": "Caroline group hike planned Saturday",
    "c1": "Caroline joined support group meetings weekly",
    "c2": "Caroline visited museum downtown yesterday afternoon alone",
    "c5": "Caroline painted sunset lake scene carefully using watercolors",
    "c6": "Caroline support group friends gathered evening sharing stories together",
    "c7": "Caroline mentioned adoption agency interview tomorrow morning downtown office visit",
    "m1": "Melanie group pottery class painting bowls mugs plates glazes kiln Thursday",
    "m2": "Melanie camping trip mountains family children tents fire marshmallows stars lake hiking",
}


def _corpus(scope: Scope) -> list:  # type: ignore[type-arg]
    return [unit(scope, uid, text) for uid, text in CORPUS.items()]




# -- the statistics ----------------------------------------------------------------------

_STORED = """SELECT 'df', scope, lexeme, df FROM ripplemem_terms
             UNION ALL SELECT 'len', key, '', fts_len FROM ripplemem_scopes ORDER BY 1, 2, 3"""
_RECOUNT = """SELECT 'df', u.scope, x.lexeme, count(*) FROM ripplemem_units u, unnest(u.fts) AS x GROUP BY 2, 3
              UNION ALL SELECT 'len', s.key, '', (SELECT coalesce(sum(cardinality(x.positions)), 0)
                  FROM ripplemem_units u, unnest(u.fts) AS x WHERE u.scope = s.key)
              FROM ripplemem_scopes s ORDER BY 1, 2, 3"""


def _assert_exact(store: PostgresStore, url: str) -> None:
    assert pg_rows(url, _STORED) == pg_rows(url, _RECOUNT)
    assert store.integrity_check() == "ok"


def test_statistics_stay_exact_through_every_write(pg_store: PostgresStore, pg_url: str) -> None:
    store, url = pg_store, pg_url
    store.apply(ALICE, WriteBatch(add=_corpus(ALICE)))
    store.apply(BOB, WriteBatch(add=[unit(BOB, "b1", "Caroline guitar guitar lessons"), unit(BOB, "b2", "the a")]))
    _assert_exact(store, url)
    assert pg_rows(url, "SELECT df FROM ripplemem_terms WHERE scope = %s AND lexeme = 'carolin'", (ALICE.key,)) == [(8,)]
    # an update that rewrites the text, one that keeps it, a touch, a delete
    c3 = store.get_units(ALICE, ["c3"])[0]
    c4 = store.get_units(ALICE, ["c4"])[0]
    store.apply(ALICE, WriteBatch(update=[dataclasses.replace(c3, restatement="Melanie tuned violin strings"),
                                          dataclasses.replace(c4, importance=0.9)]))  # fmt: skip
    _assert_exact(store, url)
    store.touch(ALICE, ["c1", "c2"])
    store.delete_unit(ALICE, "c5")
    _assert_exact(store, url)
    records = list(store.export(ALICE))
    store.reset_units(ALICE)
    _assert_exact(store, url)
    assert pg_rows(url, "SELECT count(*) FROM ripplemem_terms WHERE scope = %s", (ALICE.key,)) == [(0,)]
    assert store.import_records(records)["unit"] == 11
    _assert_exact(store, url)
    assert store.import_records(records)["unit"] == 0  # existing units are skipped
    _assert_exact(store, url)
    store.delete_user("bob")
    _assert_exact(store, url)
    assert pg_rows(url, "SELECT count(*) FROM ripplemem_terms WHERE scope = %s", (BOB.key,)) == [(0,)]


def test_integrity_check_sees_drifted_statistics(pg_store: PostgresStore, pg_url: str) -> None:
    pg_store.apply(ALICE, WriteBatch(add=_corpus(ALICE)))
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("UPDATE ripplemem_terms SET df = df + 1 WHERE lexeme = 'guitar'")
        assert pg_store.integrity_check() == "term statistics: 'guitar' is inconsistent"
        conn.execute("UPDATE ripplemem_terms SET df = df - 1 WHERE lexeme = 'guitar'")
        conn.execute("UPDATE ripplemem_scopes SET fts_len = fts_len + 1")
        assert pg_store.integrity_check().startswith("document lengths:")


def test_the_migration_backfills_units_stored_before_it(pg_url: str) -> None:
    url = pg_url
    store = open_store(url)
    store.apply(ALICE, WriteBatch(add=_corpus(ALICE)))
    store.close()
    assert MIGRATIONS[1][0] == 2
    with psycopg.connect(url, autocommit=True) as conn:  # back to version 1, units kept
        conn.execute("DROP TABLE ripplemem_terms")
        for event in ("ai", "ad", "au"):
            conn.execute(f"DROP TRIGGER ripplemem_units_terms_{event} ON ripplemem_units")
        for verb in ("added", "removed", "changed"):
            conn.execute(f"DROP FUNCTION ripplemem_units_terms_{verb}()")
        conn.execute("ALTER TABLE ripplemem_scopes DROP COLUMN fts_len")
        conn.execute("DELETE FROM ripplemem_schema_version WHERE version = 2")
    store = open_store(url)
    try:
        assert isinstance(store, PostgresStore)
        _assert_exact(store, url)
        assert store.lexical_search(ALICE, "guitar", 3)[0][0] == "c3"
    finally:
        store.close()


# -- the ranking -------------------------------------------------------------------------


def test_a_rare_word_outranks_a_common_name(store: Store) -> None:
    store.apply(ALICE, WriteBatch(add=_corpus(ALICE)))
    got = store.lexical_search(ALICE, "What did Caroline do with the guitar?", 5)
    assert got[0][0] == "c3"
    assert all(score > 0 for _, score in got)
    assert all(a[1] >= b[1] for a, b in zip(got, got[1:], strict=False))
    # "group" (5 of 12 units) weighs more than "Caroline" (8 of 12, at the idf floor): the
    # shortest unit with "group" first, though it lacks "Caroline"
    assert [i for i, _ in store.lexical_search(ALICE, "Caroline group", 4)] == ["m4", "c4", "c1", "c6"]


def _reference(url: str, scope: Scope, text: str, k: int) -> list[tuple[str, float]]:
    """FTS5's bm25() over the stored vectors, recomputed in Python."""
    docs: dict[tuple[int, str], dict[str, int]] = {}
    sql = "SELECT u.num, u.id, x.lexeme, cardinality(x.positions) FROM ripplemem_units u, unnest(u.fts) AS x WHERE u.scope = %s"
    for num, uid, lexeme, tf in pg_rows(url, sql, (scope.key,)):
        docs.setdefault((int(num), str(uid)), {})[str(lexeme)] = int(tf)  # type: ignore[call-overload]
    n = int(pg_rows(url, "SELECT count(*) FROM ripplemem_units WHERE scope = %s", (scope.key,))[0][0])  # type: ignore[call-overload]
    avgdl = sum(sum(d.values()) for d in docs.values()) / n
    lexemes = [str(r[0]) for t in query_tokens(text) for r in pg_rows(url, "SELECT lexeme FROM unnest(to_tsvector('english', %s))", (t,))]
    scored = []
    for (num, uid), terms in docs.items():
        if not any(q in terms for q in lexemes):
            continue
        length = sum(terms.values())
        score = 0.0
        for q in lexemes:
            df = sum(1 for d in docs.values() if q in d)
            idf = math.log((n - df + 0.5) / (df + 0.5))
            tf = terms.get(q, 0)
            score += (idf if idf > 0 else 1e-6) * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * length / avgdl))
        scored.append((-score, -num, uid))
    return [(uid, -neg) for neg, _, uid in sorted(scored)[:k]]


@pytest.mark.parametrize(
    ("text", "k"),
    [
        ("guitar", 3),
        ("Caroline guitar", 1),
        ("Caroline guitar", 6),  # past the guitar unit, the floored name orders by length
        ("Caroline", 5),  # only a floored word
        ("Caroline group support", 4),
        ("groups supported painting Melanie Caroline", 12),
        ("Caroline caroline's CAROLINE group", 3),  # one lexeme from three tokens counts three times
        ("zebra", 3),
    ],
)
def test_scores_are_fts5_bm25_over_the_scope(pg_store: PostgresStore, pg_url: str, text: str, k: int) -> None:
    pg_store.apply(ALICE, WriteBatch(add=_corpus(ALICE)))
    pg_store.apply(BOB, WriteBatch(add=[unit(BOB, f"b{i}", "guitar") for i in range(20)]))  # another scope's df
    got = pg_store.lexical_search(ALICE, text, k)
    expected = _reference(pg_url, ALICE, text, k)
    assert [i for i, _ in got] == [i for i, _ in expected]
    assert [s for _, s in got] == pytest.approx([s for _, s in expected], rel=1e-9)


def test_the_order_agrees_with_sqlite_fts5(
    pg_store: PostgresStore, sqlite_factory: Callable[..., Store]
) -> None:
    """The same units in both stores, one scope each. The scores differ a little (FTS5 also
    counts the scope tag's tokens in every unit's length, and stems with Porter), so the
    corpus has no stopwords, words both stemmers reduce alike, and no tied lengths."""
    sqlite = sqlite_factory()
    for store in (sqlite, pg_store):
        store.apply(ALICE, WriteBatch(add=_corpus(ALICE)))
    for text, k in (("Caroline guitar", 5), ("Caroline group", 6), ("support group", 4), ("Melanie group", 5),
                    ("Caroline", 8), ("museum adoption camping", 3)):  # fmt: skip
        got = [i for i, _ in pg_store.lexical_search(ALICE, text, k)]
        assert got == [i for i, _ in sqlite.lexical_search(ALICE, text, k)], text


def test_common_lexemes_beyond_the_budget_bring_only_their_newest_units(
    pg_store: PostgresStore, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past ``SCORE_EVERY`` units, a common lexeme's candidates are its newest ``max(NEWEST,
    10k)`` units: the best of those are ranked exactly, an older, shorter one is missed."""
    monkeypatch.setattr(search, "SCORE_EVERY", 5)
    monkeypatch.setattr(search, "NEWEST", 0)  # so max(NEWEST, 10k) = 10 for k = 1
    old = [unit(ALICE, "old", "Caroline")]  # the best Caroline-only unit, and the oldest
    rest = [unit(ALICE, f"n{i:02d}", "Caroline " + " ".join(f"w{i}x{j}" for j in range(1 + i % 4))) for i in range(30)]
    pg_store.apply(ALICE, WriteBatch(add=old + rest + [unit(ALICE, "guitar", "Caroline bought guitar strings")]))
    assert [i for i, _ in pg_store.lexical_search(ALICE, "Caroline guitar", 1)] == ["guitar"]
    newest = {f"n{i:02d}" for i in range(21, 30)} | {"guitar"}  # the ten newest holding "carolin"
    got = pg_store.lexical_search(ALICE, "Caroline", 1)
    expected = [hit for hit in _reference(pg_url, ALICE, "Caroline", 40) if hit[0] in newest][:1]
    assert got == [(expected[0][0], pytest.approx(expected[0][1], rel=1e-9))]
    assert _reference(pg_url, ALICE, "Caroline", 1)[0][0] == "old"  # what FTS5 would rank first
    monkeypatch.setattr(search, "SCORE_EVERY", 5000)
    assert [i for i, _ in pg_store.lexical_search(ALICE, "Caroline", 1)] == ["old"]


def test_a_lexeme_is_quoted_for_tsquery_input(pg_url: str) -> None:
    """One lexeme, whatever it holds: no operator, prefix or weight syntax gets through."""
    for lexeme in ("guitar", "it's", "back\\slash", "a | b", "x:*", "!(a & b)"):
        term = search._tsquery_term(lexeme)
        nodes, text = pg_rows(pg_url, "SELECT numnode(%s::tsquery), querytree(%s::tsquery)", (term, term))[0]
        assert (nodes, text) == (1, term)
