"""How often small talk reaches the first five memories recall returns, over LoCoMo's questions.

    python scripts/smalltalk_rank.py ../shared/data/locomo STORES/locomo

Stores written by ``scripts/readpath.py ingest``. Each recalled memory's text, with its
"X said:" labels and photo sentences set aside, is judged by ``ground.chatter.dialogue_act``;
a memory that is only a photo counts as content. Recall settings come from ``RIPPLEMEM_*``.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from ripplemem import Memory
from ripplemem.formats import load_locomo
from ripplemem.ground.chatter import dialogue_act

SAID = re.compile(r"^[A-Z][\w'-]*(?: [A-Z][\w'-]*)? (?:said|asked|answered): ")
TOP = 5


def small_talk(restatement: str) -> bool:
    parts = [SAID.sub("", p) for p in re.split(r"(?<=[.!?])\s+", restatement) if "shared a photo" not in p]
    text = " ".join(parts).strip()
    return bool(text) and dialogue_act(text) != "content"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("folder", type=Path)
    ap.add_argument("stores", type=Path)
    a = ap.parse_args()
    questions = asked = items = chatter = 0
    examples: list[str] = []
    for conv in load_locomo(sorted(a.folder.glob("*.json"))):
        with Memory.open(str(a.stores / f"{conv.id}.db")) as mem:
            for q in conv.questions:
                if not (q.scored and q.gold):
                    continue
                top = mem.recall(q.question, user_id=conv.id, budget_tokens=100_000, as_of=q.as_of).items[:TOP]
                flags = [small_talk(i.unit.restatement) for i in top]
                examples += [i.unit.restatement for i, f in zip(top, flags, strict=True) if f][: 10 - len(examples)]
                questions, items = questions + 1, items + len(top)
                asked, chatter = asked + any(flags), chatter + sum(flags)
    print(f"questions {questions}; with small talk in the first {TOP}: {asked} ({asked / questions:.3f}); "
          f"memories ranked in the first {TOP} that are small talk: {chatter}/{items} ({chatter / items:.3f})")
    for text in examples:
        print("  ", text[:160])


if __name__ == "__main__":
    main()
