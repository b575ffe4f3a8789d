"""LongMemEval read-path figures on a chosen subset, over a store written once.

    python scripts/lme_subset.py ingest DATA.json.gz DB --ids ID,ID,...   # one add per session
    python scripts/lme_subset.py eval DATA.json.gz DB --ids ID,ID,... [-v]

``ingest`` writes every chosen question's haystack into ``DB`` (scope = the question id);
``eval`` recalls each question (``k`` of the settings, no budget cut) and prints turn recall_all@10 over
the cited turns in rank order, session recall_all@5 over their sessions, and recall inside
1,500 tokens (ceil(chars / 4) per item). Recall settings come from ``RIPPLEMEM_*`` as usual,
so a read-path variant is measured on the same store without writing it again.
"""

from __future__ import annotations

import argparse
import time

from ripplemem import Memory
from ripplemem.bench import metrics
from ripplemem.formats import session_messages
from ripplemem.formats.longmemeval import load_longmemeval
from ripplemem.types import token_cost


def chosen(path: str, ids: str):  # type: ignore[no-untyped-def]
    wanted = [i.strip() for i in ids.split(",") if i.strip()]
    convs = {c.id: c for c in load_longmemeval(path)}
    missing = [i for i in wanted if i not in convs]
    if missing:
        raise SystemExit(f"not in {path}: {', '.join(missing)}")
    return [convs[i] for i in wanted]


def ingest(path: str, db: str, ids: str) -> None:
    start = time.time()
    with Memory.open(db) as mem:
        for conv in chosen(path, ids):
            for s in conv.sessions:
                messages = [m for m in session_messages(s) if str(m.get("content", m.get("text", ""))).strip()]
                if messages:  # a haystack holds a few empty messages, which add() refuses
                    mem.add(messages, user_id=conv.id, session_id=s.session_id, session_time=s.time)
            print(conv.id, f"{time.time() - start:.0f} s", flush=True)


def evaluate(path: str, db: str, ids: str, verbose: bool) -> None:
    t10 = s5 = r15 = 0.0
    n = ns = 0
    with Memory.open(db) as mem:
        for conv in chosen(path, ids):
            session_of = {t.turn_id: s.label for s in conv.sessions for t in s.turns}
            for q in conv.questions:
                ev = mem.recall(q.question, user_id=conv.id, budget_tokens=10**6, as_of=q.as_of)
                cited = list(dict.fromkeys(t for it in ev.items for t in it.unit.sources))
                sessions = list(dict.fromkeys(session_of[t] for t in cited if t in session_of))
                turn = sess = None
                if q.gold_sessions:
                    ns += 1
                    sess = metrics.recall_all_at_k(sessions, q.gold_sessions, 5)
                    s5 += sess
                if q.gold:
                    n += 1
                    turn = metrics.recall_all_at_k(cited, q.gold, 10)
                    t10 += turn
                    used, inside = 0, []
                    for it in ev.items:
                        cost = token_cost(it.unit.render())
                        if used + cost <= 1500:
                            used += cost
                            inside += it.unit.sources
                    r15 += metrics.evidence_recall(q.gold, inside)
                if verbose:
                    ranks = [cited.index(g) if g in cited else None for g in q.gold]
                    print(f"{conv.id:14} {q.category:26} turn@10={turn} session@5={sess} gold turn ranks={ranks}")
    print(f"turn recall_all@10 {t10 / max(n, 1):.3f} (n={n})  session recall_all@5 {s5 / max(ns, 1):.3f} (n={ns})"
          f"  recall@1500 {r15 / max(n, 1):.3f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=["ingest", "eval"])
    ap.add_argument("data")
    ap.add_argument("db")
    ap.add_argument("--ids", required=True)
    ap.add_argument("-v", action="store_true")
    a = ap.parse_args()
    if a.mode == "ingest":
        ingest(a.data, a.db, a.ids)
    else:
        evaluate(a.data, a.db, a.ids, a.v)


if __name__ == "__main__":
    main()
