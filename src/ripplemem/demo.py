"""``make demo``: ingest a real conversation, recall the evidence for a few of its questions,
and show each memory with its source turns. ``--llm`` (``make demo-llm``): the first turns
through the rule extractor and the configured LLM side by side.

Uses the LoCoMo conversation ``../shared/data/locomo/26.json`` when it is there, else the
small sample conversation bundled with the package.
"""

from __future__ import annotations

import dataclasses
import sys
import tempfile
import time
from importlib import resources
from pathlib import Path

from .config import load_settings
from .formats import Conversation, load_locomo, session_messages
from .memory import Memory
from .types import AddResult, RoleUsage

LOCOMO = Path.cwd().parent / "shared" / "data" / "locomo" / "26.json"  # beside the clone
QUESTIONS_PER_CATEGORY = {"1": 1, "2": 1, "4": 1}


def _source() -> Path:
    if LOCOMO.exists():
        return LOCOMO.resolve()
    return Path(str(resources.files("ripplemem") / "data" / "sample_conversation.json"))


def main(argv: list[str] | None = None) -> int:
    args = argv if argv is not None else sys.argv[1:]
    if args[:1] == ["--llm"]:
        return main_llm(args[1:])
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


def _by_turn(results: list[AddResult]) -> dict[str, list[str]]:
    cited: dict[str, list[str]] = {}
    for result in results:
        for event in result.events:
            if event.event in ("ADD", "UPDATE", "SUPERSEDE"):
                for sid in event.sources:
                    cited.setdefault(sid, []).append(event.memory)
    return cited


def _usage_line(role: str, u: RoleUsage) -> str:
    return (f"   {role}: {u.calls} calls ({u.requests} requests, {u.failures} fell back), "
            f"{u.prompt_tokens} prompt + {u.completion_tokens} completion tokens, {u.wall_ms / 1000:.1f} s")


def main_llm(args: list[str]) -> int:
    """``make demo-llm``: the same turns through the rule extractor and the configured LLM
    (``RIPPLEMEM_LLM_BASE_URL``, ``RIPPLEMEM_LLM_MODEL``), side by side, then one question
    reconstructed and answered; every LLM role's tokens and time."""
    turns_wanted = int(args[0]) if args else 12
    conv = load_locomo([_source()])[0]
    settings = load_settings()
    if not settings.llm_configured:
        print("demo --llm needs RIPPLEMEM_LLM_BASE_URL and RIPPLEMEM_LLM_MODEL (make demo-llm sets them)")
        return 2
    sessions, left = [], turns_wanted
    for session in conv.sessions:
        if left <= 0:
            break
        sessions.append(dataclasses.replace(session, turns=session.turns[:left]))
        left -= len(sessions[-1].turns)
    folder = Path(tempfile.mkdtemp(prefix="ripplemem-demo-llm-"))
    results: dict[str, list[AddResult]] = {}
    embedder = None
    for kind in ("rule", "llm"):
        with Memory.open(settings=settings.replace(db=str(folder / f"{kind}.db"), extractor=kind),
                         embedder=embedder) as mem:
            embedder = mem.embedder
            start = time.perf_counter()
            results[kind] = [mem.add(session_messages(s), user_id=conv.id, session_id=s.session_id,
                                     session_time=s.time) for s in sessions]
            print(f"{kind} extractor: {sum(len(r.events) for r in results[kind])} events in "
                  f"{time.perf_counter() - start:.1f} s")
            if kind == "llm":
                _ask(mem, conv)
    rule, llm = _by_turn(results["rule"]), _by_turn(results["llm"])
    print(f"\nmodel {settings.llm_model} at {settings.llm_base_url}; the first {turns_wanted} turns of {conv.id}\n")
    for session in sessions:
        for turn in session.turns:
            print(f"{turn.turn_id} {turn.speaker}: {turn.text[:150]}")
            for label, found in (("rule", rule), ("llm ", llm)):
                for text in found.get(turn.turn_id, []) or ["(no memory cites this turn)"]:
                    print(f"   {label} | {text}")
    spent: dict[str, RoleUsage] = {}
    for result in results["llm"]:
        for role, u in result.llm_usage.items():
            spent[role] = spent.get(role, RoleUsage()) + u
    failures = sum(r.extraction_failures for r in results["llm"])
    print(f"\nLLM ingestion ({failures} windows fell back to the rules):")
    for role, u in sorted(spent.items()):
        print(_usage_line(role, u))
    return 0


def _ask(mem: Memory, conv: Conversation) -> None:
    question = next((q for q in conv.questions if q.gold), None)
    if question is None:
        return
    ans = mem.answer(question.question, user_id=conv.id, as_of=question.as_of)
    rec = mem.reconstruct(question.question, ans.evidence)
    print(f"\nQ: {question.question}   (gold: {question.answer})")
    print(f"   answer: {ans.text}" + (f"   [degraded: {ans.error}]" if ans.degraded else ""))
    print(f"   reconstruction ({rec.source}{', regenerated' if rec.regenerated else ''}): {rec.description[:400]}")
    for role, u in sorted({**ans.llm_usage, **rec.llm_usage}.items()):
        print(_usage_line(role, u))


if __name__ == "__main__":
    raise SystemExit(main())
