"""``make demo``: ingest a real conversation, recall the evidence for a few of its questions,
and show each memory with its source turns.

Uses the LoCoMo conversation ``../shared/data/locomo/26.json`` when it is there, else the
small sample conversation bundled with the package.
"""

from __future__ import annotations

import sys
import time
from importlib import resources
from pathlib import Path

from .formats import load_locomo, session_messages
from .memory import Memory

LOCOMO = Path.cwd().parent / "shared" / "data" / "locomo" / "26.json"  # beside the clone
QUESTIONS_PER_CATEGORY = {"1": 1, "2": 1, "4": 1}


def _source() -> Path:
    if LOCOMO.exists():
        return LOCOMO.resolve()
    return Path(str(resources.files("ripplemem") / "data" / "sample_conversation.json"))


def main(argv: list[str] | None = None) -> int:
    args = argv if argv is not None else sys.argv[1:]
    path = Path(args[0]) if args else _source()
    db = Path(args[1]) if len(args) > 1 else Path(".demo") / "ripplemem-demo.db"
    db.parent.mkdir(parents=True, exist_ok=True)
    conv = load_locomo([path])[0]
    print(f"conversation {conv.id} from {path}: {sum(len(s.turns) for s in conv.sessions)} turns, "
          f"{len(conv.sessions)} sessions; store {db}")
    with Memory.open(str(db)) as mem:
        mem.embedder.embed(["warm up"])
        start = time.perf_counter()
        added = units = 0
        for session in conv.sessions:
            result = mem.add(session_messages(session), user_id=conv.id, session_id=session.session_id,
                             session_time=session.time)
            added += result.turns_added
            units += sum(1 for e in result.events if e.event in ("ADD", "SUPERSEDE"))
        print(f"ingested {added} new turns into {units} new memories in {time.perf_counter() - start:.1f} s "
              f"(turns already stored are skipped)\n")
        wanted = dict(QUESTIONS_PER_CATEGORY)
        for q in conv.questions:
            if wanted.get(q.category, 0) <= 0 or not q.gold:
                continue
            wanted[q.category] -= 1
            ev = mem.recall(q.question, user_id=conv.id, as_of=q.as_of, budget_tokens=1500)
            turns = mem.source_turns(ev.sources, user_id=conv.id)
            found = [g for g in q.gold if g in set(ev.sources)]
            print(f"Q ({'multi-hop' if q.category == '1' else 'temporal' if q.category == '2' else 'single-hop'}): "
                  f"{q.question}")
            print(f"   gold answer: {q.answer}   gold turns: {', '.join(q.gold)}   "
                  f"found in the evidence: {len(found)}/{len(q.gold)}")
            print(f"   evidence: {len(ev.items)} memories, {ev.tokens} tokens; the top 5:")
            for item in ev.items[:5]:
                print(f"   - {item.render()}")
                for sid in item.sources:
                    t = turns.get(sid)
                    if t:
                        print(f"       {sid} {t.speaker}: {t.content[:140]}")
            print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
