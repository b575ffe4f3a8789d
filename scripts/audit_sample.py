"""Draw memories for a hand audit and print each beside its source turns (and the turn before).

    python scripts/audit_sample.py STORES/locomo --seed 22           # a folder of stores: all of them
    python scripts/audit_sample.py STORES/lme_s1.db --seed 23 -n 25  # one store, every scope in it

Only current memories are drawn (``random.sample`` over them in store, scope and insertion
order). The judging itself is by reading: grammatical, right subject, faithful, one topic,
self-contained (docs/benchmarks.md, "Hand audit").
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
from pathlib import Path

MEMORIES = ("select num, restatement, sources, session_id, scope from units "
            "where valid_to_us is null order by scope, num")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("stores", type=Path, help="a SQLite store, or a folder of them")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("-n", type=int, default=25)
    a = ap.parse_args()
    paths = sorted(a.stores.glob("*.db")) if a.stores.is_dir() else [a.stores]
    rows = [(p, *r) for p in paths for r in sqlite3.connect(f"file:{p}?mode=ro", uri=True).execute(MEMORIES)]
    random.seed(a.seed)
    for i, (path, num, text, sources, session, scope) in enumerate(random.sample(rows, min(a.n, len(rows))), 1):
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        print(f"=== [{i}] {path.name} #{num}\nMEM: {text}")
        for n, cited in enumerate(json.loads(sources)):
            turn_id, sid = cited if isinstance(cited, list) else (cited, session)
            row = con.execute("select seq, speaker, text, image_caption from turns "
                              "where scope = ? and session_id = ? and turn_id = ?", (scope, sid, turn_id)).fetchone()
            if row is None:
                print(f"  -- {turn_id}: not in the log")
                continue
            seq, speaker, said, caption = row
            if n == 0:
                before = con.execute("select speaker, text from turns where scope = ? and session_id = ? and seq < ? "
                                     "order by seq desc limit 1", (scope, sid, seq)).fetchone()
                if before:
                    print(f"  (before) {before[0]}: {before[1][:300]}")
            print(f"  -- {turn_id} {speaker}: {said[:1500]}" + (f" [photo: {caption}]" if caption else ""))


if __name__ == "__main__":
    main()
