"""Read-path figures on LoCoMo-format files (LoCoMo itself, or the chain set), over stores written once.

    python scripts/readpath.py ingest DIR STORES [--json F] # one store per file, written through add_sessions
    python scripts/readpath.py eval DIR STORES [--json F]   # recall every scored question, print the table
    python scripts/readpath.py eval DIR STORES --maintain   # ... on copies maintained as of their last session
    python scripts/readpath.py latency DIR STORES [--warm 10]  # recall wall time per question: p50, p95

``ingest`` writes each ``DIR/*.json`` (or the one file DIR) into ``STORES/<name>.db`` with the
current settings, exactly as ``ripplemem bench locomo|chains`` does (a fresh store, one bulk
import). With an LLM configured (``RIPPLEMEM_LLM_BASE_URL``, ``RIPPLEMEM_LLM_MODEL``) it
extracts and decides updates with it, and prints (``--json``: writes) each conversation's
wall time, windows that fell back to the rules, decisions the rule took over, and per LLM role
the calls, requests, failures, repairs, prompt and completion tokens and wall time.
``eval`` recalls each scored question once (``k`` of the settings) and applies the benches' budget rule
(ceil(chars / 4) per item, rank order, stop at the first item that does not fit) at 400
and 1,500 tokens. Recall settings come from ``RIPPLEMEM_*`` as usual, so a read-path
variant or ablation (``RIPPLEMEM_RECALL_STRUCTURAL=false``, ``..._PLANNER=false``,
``..._DIFFUSION=false``, ``..._GATEWAYS=false``) is measured on the same stores without writing
them again. ``--maintain`` evaluates copies of the stores (in a temporary folder; the stores
are not changed) after one maintenance run each as of its last session, as ``bench
--maintain`` does, with the ``RIPPLEMEM_MAINTAIN_*`` settings. Rows: each category (LoCoMo's
1-5, or the chain families), ``overall`` over LoCoMo's categories 1-4 (the benches' overall),
``aggregation`` (categories 1-4, the list and count questions of ``maintain_compare.py``),
``multi`` over questions with two or more evidence turns, and ``all``.
``latency`` times ``Memory.recall`` (1,500 tokens) over every scored question of each store,
after ``--warm`` untimed recalls, on a copy whose access counts are not kept between runs, and
prints each conversation's median and 95th percentile in milliseconds.
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
import time
from pathlib import Path

from maintain_compare import aggregation, unused

from ripplemem import Memory
from ripplemem.bench import metrics
from ripplemem.bench.runner import score_question
from ripplemem.config import load_settings
from ripplemem.formats import load_locomo, session_messages

BUDGETS = (400, 1500)
LOCOMO_OVERALL = ("1", "2", "3", "4")


def files(folder: Path) -> list[Path]:
    return [folder] if folder.is_file() else sorted(folder.glob("*.json"))


def ingest(folder: Path, stores: Path, out: Path | None) -> None:
    stores.mkdir(parents=True, exist_ok=True)
    settings = load_settings()
    report = []
    for conv in load_locomo(files(folder)):
        db = stores / f"{conv.id}.db"
        if db.exists():
            db.unlink()
        started = time.perf_counter()
        with Memory.open(str(db), settings=settings.replace(db=str(db))) as mem:
            added = mem.add_sessions(({"messages": session_messages(s), "session_id": s.session_id,
                                       "session_time": s.time} for s in conv.sessions), user_id=conv.id)
            memories = len(mem.list(user_id=conv.id, limit=100_000))
        seconds = time.perf_counter() - started
        print(conv.id, f"{seconds:.0f} s", flush=True)
        row = {"conversation": conv.id, "turns": added.turns_added, "memories": memories, "seconds": round(seconds, 1),
               "extraction_fallbacks": added.extraction_failures, "decider_fallbacks": added.decider_fallbacks,
               "llm_usage": {role: u.as_dict() for role, u in added.llm_usage.items()}}
        report.append(row)
        if added.llm_usage:
            print(json.dumps(row), flush=True)
    if out is not None:
        out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")


def evaluate(folder: Path, stores: Path, out: Path | None, maintain: bool = False) -> None:
    settings = load_settings()
    rows = []
    hot = [0, 0]  # memories in the vector index before and after maintenance
    copies = Path(tempfile.mkdtemp(prefix="readpath-")) if maintain else None
    for conv in load_locomo(files(folder)):
        db = stores / f"{conv.id}.db"
        if copies is not None:
            db = Path(shutil.copy(db, copies / db.name))
            unused(db)
        with Memory.open(str(db), settings=settings.replace(db=str(db))) as mem:
            if maintain:
                last = max((s.time for s in conv.sessions if s.time is not None), default=None)
                report = mem.maintain(user_id=conv.id, as_of=last)
                hot[0] += report.hot_before
                hot[1] += report.hot_after
            for q in conv.questions:
                if not (q.scored and q.gold):
                    continue
                ev = mem.recall(q.question, user_id=conv.id, budget_tokens=100_000, as_of=q.as_of)
                ranked = [metrics.RankedItem(text=i.render(), sources=tuple(i.sources), time=None) for i in ev.items]
                row = {"id": q.id, "category": q.category, "gold": len(q.gold),
                       "aggregation": q.category in LOCOMO_OVERALL and aggregation(q.question, q.category)}
                for b in BUDGETS:
                    scored = score_question(q, ranked, b)
                    row[f"recall@{b}"], row[f"complete@{b}"] = scored["recall"], float(scored["complete"])
                rows.append(row)
    groups: dict[str, list[dict]] = {}  # type: ignore[type-arg]
    for r in rows:
        groups.setdefault(r["category"], []).append(r)
    if any(r["category"] in LOCOMO_OVERALL for r in rows):
        groups["overall"] = [r for r in rows if r["category"] in LOCOMO_OVERALL]
        groups["aggregation"] = [r for r in rows if r["aggregation"]]
    groups["multi"] = [r for r in rows if r["gold"] >= 2]
    groups["all"] = rows
    cols = [f"{m}@{b}" for m in ("recall", "complete") for b in BUDGETS]
    print("| group | n | " + " | ".join(cols) + " |")
    print("|---|---|" + "---|" * len(cols))
    for name, members in groups.items():
        cells = " | ".join(f"{metrics.mean([r[c] for r in members]):.3f}" for c in cols)
        print(f"| {name} | {len(members)} | {cells} |")
    if maintain:
        print(f"hot index (memories in the vector index): {hot[0]} before maintenance, {hot[1]} after")
    if out is not None:
        out.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    if copies is not None:
        shutil.rmtree(copies)


def latency(folder: Path, stores: Path, warm: int) -> None:
    settings = load_settings()
    copies = Path(tempfile.mkdtemp(prefix="readpath-"))
    for conv in load_locomo(files(folder)):
        db = Path(shutil.copy(stores / f"{conv.id}.db", copies / f"{conv.id}.db"))
        questions = [q for q in conv.questions if q.scored and q.gold]
        with Memory.open(str(db), settings=settings.replace(db=str(db))) as mem:
            for q in questions[:warm]:
                mem.recall(q.question, user_id=conv.id, budget_tokens=1500, as_of=q.as_of)
            times = []
            for q in questions:
                clock = time.perf_counter()
                mem.recall(q.question, user_id=conv.id, budget_tokens=1500, as_of=q.as_of)
                times.append((time.perf_counter() - clock) * 1000)
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"{conv.id}: {len(times)} recalls, p50 {times[len(times) // 2]:.1f} ms, p95 {p95:.1f} ms")
    shutil.rmtree(copies)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=["ingest", "eval", "latency"])
    ap.add_argument("folder", type=Path)
    ap.add_argument("stores", type=Path)
    ap.add_argument("--json", type=Path, default=None,
                    help="ingest: write each conversation's figures here; eval: every question's row")
    ap.add_argument("--maintain", action="store_true", help="eval: on copies, after one maintenance run each")
    ap.add_argument("--warm", type=int, default=10, help="latency: untimed recalls first")
    a = ap.parse_args()
    if a.mode == "ingest":
        ingest(a.folder, a.stores, a.json)
    elif a.mode == "latency":
        latency(a.folder, a.stores, a.warm)
    else:
        evaluate(a.folder, a.stores, a.json, a.maintain)


if __name__ == "__main__":
    main()
