"""Schema-valid rates per LLM role: N calls of each role through ripplemem's own client.

    python scripts/llama_server.py run -- python scripts/llm_rates.py [LOCOMO_JSON] [--calls 20] [--out F.json]

Inputs come from one LoCoMo conversation (the bundled sample when none is given): its
windows for extraction, its questions with their recalled evidence for the planner,
reconstruction, answering and the judge, and pairs of stored memories for the update
decider. Each call counts as valid first time, valid after the one repair, or failed
(what the role would then fall back from); tokens and wall time are the server's and the
clock's. For extraction a valid reply is also checked as the extractor checks it
(``write.extract_llm.to_candidates``): "kept" counts the replies that give the window at least
one unit (or rightly none), the rest fall back to the rules. Needs RIPPLEMEM_LLM_BASE_URL and
RIPPLEMEM_LLM_MODEL.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import tempfile
from collections.abc import Callable, Iterator
from importlib import resources
from pathlib import Path
from typing import Any

from ripplemem import Memory, load_settings
from ripplemem.errors import ProviderError
from ripplemem.formats import load_locomo, session_messages
from ripplemem.prompts import answer, extract, judge, plan, reconstruct, update
from ripplemem.prompts.base import Prompt
from ripplemem.providers.llm import make_llm, usage
from ripplemem.types import Candidate, Turn
from ripplemem.write.extract_llm import to_candidates
from ripplemem.write.window import make_windows

Kept = Callable[[Any], bool] | None  # whether a valid reply is one the role uses (None: every valid one)


def kept_by_extractor(window: Any) -> Kept:
    return lambda out: not out.units or bool(to_candidates(out, window))


def prompts_for(mem: Memory, conv: Any, user: str) -> dict[str, Iterator[tuple[Prompt[Any], Kept]]]:
    """An endless supply of real prompts per role, cycling over the conversation."""
    ws = mem.settings.write
    windows = []
    for session in conv.sessions:
        turns = [Turn(t.turn_id, session.session_id, t.speaker, t.text, session.time) for t in session.turns]
        windows += make_windows(turns, session.time, ws.window_size, ws.window_overlap)
    asked = [q for q in conv.questions if q.question]
    evidence = [(q, mem.recall(q.question, user_id=user, as_of=q.as_of)) for q in asked]
    units = mem.list(user_id=user, limit=1000)
    pairs = [(a, b) for a, b in zip(units, units[1:], strict=False)]

    def candidate(unit: Any) -> Candidate:
        return Candidate(unit.restatement, unit.sources, "s", unit.participants, unit.locations, unit.time,
                         mentioned_at=unit.mentioned_at)

    supply: dict[str, Iterator[Prompt[Any]]] = {
        "update": (update.render(candidate(b), [a]) for a, b in itertools.cycle(pairs)),
        "plan": (plan.render(q.question, ev.trace.cues, [i.unit for i in ev.items[:15]])
                 for q, ev in itertools.cycle(evidence)),
        "reconstruct": (reconstruct.render(q.question, [i.unit for i in ev.in_time_order()])
                        for q, ev in itertools.cycle(evidence)),
        "answer": (answer.render(q.question, [i.unit for i in ev.in_time_order()], q.as_of)
                   for q, ev in itertools.cycle(evidence)),
        "judge": (judge.render(q.question, q.answer, ev.items[0].text if ev.items else "I don't know")
                  for q, ev in itertools.cycle(evidence)),
    }
    roles = {role: ((p, None) for p in prompts) for role, prompts in supply.items()}
    return {"extract": ((extract.render(w), kept_by_extractor(w)) for w in itertools.cycle(windows)), **roles}


def measure(llm: Any, supply: Iterator[tuple[Prompt[Any], Kept]], calls: int) -> dict[str, Any]:
    first = repaired = failed = kept = 0
    with usage.metering() as meter:
        for prompt, keeps in itertools.islice(supply, calls):
            before = meter.snapshot().get(prompt.name)
            try:
                out = prompt.ask(llm)
            except ProviderError as exc:
                failed += 1
                print(f"  {prompt.name} failed: {exc}"[:300], file=sys.stderr, flush=True)
                continue
            kept += keeps is None or keeps(out)
            after = meter.snapshot()[prompt.name]
            if after.repairs > (before.repairs if before else 0):
                repaired += 1
            else:
                first += 1
    spent = next(iter(meter.snapshot().values()))
    return {
        "calls": calls, "valid_first_time": first, "valid_after_repair": repaired, "failed": failed,
        "schema_valid_rate": round((first + repaired) / calls, 3), "kept": kept,
        "prompt_tokens_per_call": round(spent.prompt_tokens / calls, 1),
        "completion_tokens_per_call": round(spent.completion_tokens / calls, 1),
        "seconds_per_call": round(spent.wall_ms / calls / 1000, 2),
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("locomo", nargs="?", help="a LoCoMo JSON file (default: the bundled sample)")
    parser.add_argument("--calls", type=int, default=20)
    parser.add_argument("--roles", default="extract,update,plan,reconstruct,answer,judge")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    source = Path(args.locomo) if args.locomo else Path(str(resources.files("ripplemem") / "data" / "sample_conversation.json"))
    conv = load_locomo([source])[0]
    settings = load_settings()
    llm = make_llm(settings)
    if llm is None:
        print("needs RIPPLEMEM_LLM_BASE_URL and RIPPLEMEM_LLM_MODEL", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as folder:
        rule = settings.replace(db=str(Path(folder) / "rates.db"), extractor="rule", llm_base_url="", llm_model="")
        with Memory.open(settings=rule) as mem:
            for session in conv.sessions:
                mem.add(session_messages(session), user_id=conv.id, session_id=session.session_id,
                        session_time=session.time)
            supply = prompts_for(mem, conv, conv.id)
            roles: dict[str, dict[str, Any]] = {}
            for role in args.roles.split(","):
                roles[role] = measure(llm, supply[role], args.calls)
                print(role, json.dumps(roles[role]), flush=True)
    report: dict[str, Any] = {"model": settings.llm_model, "conversation": conv.id, "roles": roles}
    report["structured_mode"] = getattr(llm, "structured_mode", "")
    if args.out:
        args.out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print("\n| role | calls | valid first time | after repair | failed | valid rate | kept | prompt tok/call | "
          "completion tok/call | s/call |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for role, r in roles.items():
        print(f"| {role} | {r['calls']} | {r['valid_first_time']} | {r['valid_after_repair']} | {r['failed']} | "
              f"{r['schema_valid_rate']:.2f} | {r['kept']} | {r['prompt_tokens_per_call']} | "
              f"{r['completion_tokens_per_call']} | {r['seconds_per_call']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
