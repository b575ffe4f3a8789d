"""LongMemEval read-path figures on a chosen subset, over a store written once.

    python scripts/lme_subset.py ingest DATA.json.gz DB --ids ID,ID,... [--workers 2]
    python scripts/lme_subset.py eval DATA.json.gz DB --ids ID,ID,... [-v] [--maintain] [--json OUT]

``--ids all`` takes every question. ``ingest`` writes every chosen question's haystack into
``DB`` (scope = the question id): one add per session, or with ``--workers`` above 1 the bulk
import (``Memory.add_sessions``, the same memories and edges) with extraction in that many
worker processes;
``eval`` recalls each question (``k`` of the settings, no budget cut) and prints turn recall_all@10 over
the cited turns in rank order, session recall_all@5 over their sessions, and recall inside
1,500 tokens (ceil(chars / 4) per item; the JSON rows also inside 400). Recall settings come from ``RIPPLEMEM_*`` as usual,
so a read-path variant is measured on the same store without writing it again.
``--maintain`` evaluates a copy of ``DB`` (in a temporary folder; the store is left as it is)
after one ``maintain`` run per haystack as of its last session. ``--json`` writes every
question's row: its category, the three figures, and for a knowledge-update question whose
evidence spans sessions, whether the newest session's evidence ranks above the older
(``current_first``).
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
import time
from pathlib import Path

from maintain_compare import unused

from ripplemem import Memory
from ripplemem.bench import metrics
from ripplemem.formats import session_messages
from ripplemem.formats.longmemeval import load_longmemeval
from ripplemem.types import token_cost


def chosen(path: str, ids: str):  # type: ignore[no-untyped-def]
    convs = {c.id: c for c in load_longmemeval(path)}
    wanted = list(convs) if ids == "all" else [i.strip() for i in ids.split(",") if i.strip()]
    missing = [i for i in wanted if i not in convs]
    if missing:
        raise SystemExit(f"not in {path}: {', '.join(missing)}")
    return [convs[i] for i in wanted]


def ingest(path: str, db: str, ids: str, workers: int = 1) -> None:
    start = time.time()
    with Memory.open(db) as mem:
        for conv in chosen(path, ids):
            if workers > 1:
                mem.add_sessions(({"messages": session_messages(s), "session_id": s.session_id, "session_time": s.time}
                                  for s in conv.sessions if session_messages(s)), user_id=conv.id, workers=workers)
                print(conv.id, f"{time.time() - start:.0f} s", flush=True)
                continue
            for s in conv.sessions:
                messages = [m for m in session_messages(s) if str(m.get("content", m.get("text", ""))).strip()]
                if messages:  # a haystack holds a few empty messages, which add() refuses
                    mem.add(messages, user_id=conv.id, session_id=s.session_id, session_time=s.time)
            print(conv.id, f"{time.time() - start:.0f} s", flush=True)


def evaluate(path: str, db: str, ids: str, verbose: bool, maintain: bool = False, out: str | None = None) -> None:
    t10 = s5 = r15 = 0.0
    n = ns = 0
    rows: list[dict[str, object]] = []
    hot = [0, 0]  # memories in the vector index before and after maintenance
    copies = Path(tempfile.mkdtemp(prefix="lme-subset-")) if maintain else None
    if copies is not None:
        db = shutil.copy(db, copies / Path(db).name)
        unused(Path(db))
    with Memory.open(db) as mem:
        for conv in chosen(path, ids):
            if maintain:
                last = max((s.time for s in conv.sessions if s.time is not None), default=None)
                report = mem.maintain(user_id=conv.id, as_of=last)
                hot[0] += report.hot_before
                hot[1] += report.hot_after
            session_of = {t.turn_id: s.label for s in conv.sessions for t in s.turns}
            for q in conv.questions:
                ev = mem.recall(q.question, user_id=conv.id, budget_tokens=10**6, as_of=q.as_of)
                cited = list(dict.fromkeys(t for it in ev.items for t in it.unit.sources))
                sessions = list(dict.fromkeys(session_of[t] for t in cited if t in session_of))
                turn = sess = inside_recall = at400 = None
                if q.gold_sessions:
                    ns += 1
                    sess = metrics.recall_all_at_k(sessions, q.gold_sessions, 5)
                    s5 += sess
                if q.gold:
                    n += 1
                    turn = metrics.recall_all_at_k(cited, q.gold, 10)
                    t10 += turn
                    inside_recall = _inside(ev.items, q.gold, 1500)
                    at400 = _inside(ev.items, q.gold, 400)
                    r15 += inside_recall
                rows.append({"id": conv.id, "category": q.category, "turn@10": turn, "session@5": sess,
                             "recall@1500": inside_recall, "recall@400": at400, "current_first": _current_first(q.gold, session_of, conv, cited)
                             if q.category == "knowledge-update" else None})
                if verbose:
                    ranks = [cited.index(g) if g in cited else None for g in q.gold]
                    print(f"{conv.id:14} {q.category:26} turn@10={turn} session@5={sess} gold turn ranks={ranks}")
    print(f"turn recall_all@10 {t10 / max(n, 1):.3f} (n={n})  session recall_all@5 {s5 / max(ns, 1):.3f} (n={ns})"
          f"  recall@1500 {r15 / max(n, 1):.3f}")
    if maintain:
        print(f"hot index (memories in the vector index): {hot[0]} before maintenance, {hot[1]} after")
    if out is not None:
        Path(out).write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    if copies is not None:
        shutil.rmtree(copies)


def _inside(items, gold, budget):  # type: ignore[no-untyped-def]
    """Evidence recall of the items that fit ``budget`` tokens, in rank order (one that does
    not fit is passed over for the next that does, as assembly does)."""
    used, inside = 0, []
    for it in items:
        cost = token_cost(it.unit.render())
        if used + cost <= budget:
            used += cost
            inside += it.unit.sources
    return metrics.evidence_recall(gold, inside)


def _current_first(gold, session_of, conv, cited):  # type: ignore[no-untyped-def]
    """For evidence in two or more sessions: whether a turn of the newest session is cited
    before every turn of the older ones (None when the evidence is in one session)."""
    order = {s.label: i for i, s in enumerate(conv.sessions)}
    by_session = {session_of[g] for g in gold if g in session_of}
    if len(by_session) < 2:
        return None
    newest = max(by_session, key=lambda lab: order.get(lab, -1))
    rank = {t: i for i, t in enumerate(cited)}
    new = min((rank[g] for g in gold if session_of.get(g) == newest and g in rank), default=None)
    old = min((rank[g] for g in gold if session_of.get(g) != newest and g in rank), default=None)
    return new is not None and (old is None or new < old)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=["ingest", "eval"])
    ap.add_argument("data")
    ap.add_argument("db")
    ap.add_argument("--ids", required=True, help="ID,ID,... or all")
    ap.add_argument("--workers", type=int, default=1, help="ingest: worker processes of the bulk import")
    ap.add_argument("-v", action="store_true")
    ap.add_argument("--maintain", action="store_true", help="eval: on a copy, after one maintenance run per haystack")
    ap.add_argument("--json", default=None, help="eval: write every question's row here")
    a = ap.parse_args()
    if a.mode == "ingest":
        ingest(a.data, a.db, a.ids, a.workers)
    else:
        evaluate(a.data, a.db, a.ids, a.v, a.maintain, a.json)


if __name__ == "__main__":
    main()
