"""Compare two bench reports (without and with ``--maintain``) question by question.

    python scripts/maintain_compare.py locomo ../shared/data/locomo base.json maint.json
    python scripts/maintain_compare.py longmemeval ../shared/data/longmemeval/longmemeval_s_dev.json.gz \
        base.json maint.json --limit 10

Prints evidence recall at the run's budget and at 1,500 tokens (the report's curve) per
category and for the aggregation-style questions: "what activities / which books ..."
(a question that asks for a plural list of things), "how many ...", and LongMemEval's
multi-session questions. The question texts come from the dataset (reports carry ids only).
"""

from __future__ import annotations

import argparse
import json
import re
import sqlite3
from pathlib import Path
from statistics import mean

from ripplemem.formats import load_locomo, load_longmemeval

LOCOMO_NAMES = {"1": "multi-hop", "2": "temporal", "3": "open-domain", "4": "single-hop", "5": "adversarial"}
AGGREGATION = re.compile(
    r"^(?:what|which)\s+(?:\w+\s+){0,3}?(?:activities|books|hobbies|events|things|places|pets|sports|instruments|"
    r"games|kinds|types|items|countries|cities|artists|bands|songs|movies|shows|paintings|symbols|ways|subjects|"
    r"classes|foods|gifts|projects|plans|causes|martial arts|musicians|names|animals|states|destinations)\b"
    r"|^how many\b|\bwhat (?:are|were) (?:some|all)\b",
    re.IGNORECASE,
)


def aggregation(question: str, category: str) -> bool:
    return category == "multi-session" or bool(AGGREGATION.search(question.strip()))



def unused(db: Path) -> None:
    """Clear the record of use (access counts, last access) of a SQLite store's copy. An
    evaluation's own recalls write it into the stores they read, and maintenance reads it
    (promotion of what was asked about, heat): a store maintained for a measurement must look
    like one nobody has asked anything yet, as it does in ``bench ... --maintain``."""
    with sqlite3.connect(db) as con:
        con.execute("UPDATE units SET access_count = 0, last_access_us = NULL")

def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("dataset", choices=("locomo", "longmemeval"))
    parser.add_argument("data", type=Path)
    parser.add_argument("base", type=Path)
    parser.add_argument("maint", type=Path)
    parser.add_argument("--limit", type=int, default=None)
    args = parser.parse_args()
    if args.dataset == "locomo":
        conversations = load_locomo([args.data])
    else:
        conversations = load_longmemeval(args.data, limit=args.limit)
    texts = {q.id: q.question for c in conversations for q in c.questions}
    reports = [json.loads(p.read_text(encoding="utf-8")) for p in (args.base, args.maint)]
    budget = reports[0]["settings"]["budget_tokens"]
    rows = [{r["id"]: r for r in rep["per_question"] if r["scored"]} for rep in reports]
    groups: dict[str, list[str]] = {}
    for qid, row in rows[0].items():
        cat = row["category"]
        if args.dataset == "locomo" and cat in LOCOMO_NAMES:
            groups.setdefault(LOCOMO_NAMES[cat], []).append(qid)
            if cat != "5":
                groups.setdefault("overall", []).append(qid)
        else:
            groups.setdefault(cat, []).append(qid)
            groups.setdefault("overall", []).append(qid)
        if aggregation(texts.get(qid, ""), cat) and cat != "5":
            groups.setdefault("aggregation-style", []).append(qid)
    print(f"| group | questions | recall@{budget} without | with | change | recall@1500 without | with | change |")
    print("|---|---|---|---|---|---|---|---|")
    order = ["overall", *sorted(g for g in groups if g not in ("overall", "aggregation-style")), "aggregation-style"]
    for name in order:
        ids = [q for q in groups.get(name, []) if q in rows[1]]
        if not ids:
            continue
        at = [mean(rows[i][q]["recall"] for q in ids) for i in (0, 1)]
        wide = [mean(rows[i][q]["curve"]["1500"] for q in ids) for i in (0, 1)]
        print(f"| {name} | {len(ids)} | {at[0]:.3f} | {at[1]:.3f} | {at[1] - at[0]:+.3f} "
              f"| {wide[0]:.3f} | {wide[1]:.3f} | {wide[1] - wide[0]:+.3f} |")
    for label, rep in zip(("without", "with"), reports, strict=True):
        maintenance = rep["settings"].get("maintenance")
        if maintenance:
            print(f"\nmaintenance ({label}): {json.dumps(maintenance)}")


if __name__ == "__main__":
    main()
