"""Ingest cost along a long chat, then query latency and the cost of one more add.

    python scripts/long_chat.py DB CHAT --ingest [--passes 2] [--adds 5]   # (under /usr/bin/time -v)
    python scripts/long_chat.py DB CHAT                                     # DB already holds CHAT

``--ingest`` adds the chat's sessions to ``DB`` as ``ripplemem ingest`` does (one
``add_sessions`` call, streamed), printing every ``--every`` sessions the messages so far,
the seconds of that stretch per message and the process's peak RSS: whether an add costs
the same at the end of the chat as at its start.

``CHAT`` is a BEAM chat folder (``scripts/beam_long.py`` and ``scripts/lme_as_beam.py`` make
long ones); its scope in ``DB`` is the chat id, as ``ripplemem ingest`` names it. Every probing
question (and with ``--longmemeval DATA`` every question of that file, as further queries) is recalled
``passes`` times (1,500-token budget; the first pass warms caches and is not timed unless
there is only one); then ``adds`` one-exchange sessions are added at the end of the chat,
one after another, each timed. Printed: memories and edges of the scope, recall p50 / p95
(ms, wall), add p50 / max (ms, wall), and the process's peak RSS. The added sessions stay in
``DB`` (use a copy).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import time
from datetime import timedelta

from ripplemem import Memory
from ripplemem.formats import BeamChat, session_messages
from ripplemem.formats.longmemeval import load_longmemeval

EXCHANGE = [
    ("user", "Quick update: I moved the weekly backup job from Sunday night to Wednesday at 6 am, "
             "because the Sunday run kept colliding with the report export."),
    ("assistant", "Noted. Running it Wednesday at 6 am avoids the export window; keep an eye on the "
                  "first run's duration so it finishes before people start work."),
]


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def _rss() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def ingest(db: str, chat: BeamChat, every: int) -> None:
    start = mark = time.perf_counter()
    done = [0, 0, 0]  # sessions, messages, messages at the last mark

    def sessions():  # type: ignore[no-untyped-def]
        nonlocal mark
        for session in chat.sessions():
            yield {"messages": session_messages(session), "session_id": session.session_id, "session_time": session.time}
            done[0] += 1
            done[1] += len(session.turns)
            if done[0] % every == 0:
                now = time.perf_counter()
                per = (now - mark) / max(done[1] - done[2], 1) * 1000
                print(f"  {done[0]} sessions, {done[1]} messages, {now - start:.0f} s; {per:.1f} ms a message "
                      f"since the last line; peak RSS {_rss():.0f} MiB", flush=True)
                mark, done[2] = now, done[1]

    with Memory.open(db) as mem:
        result = mem.add_sessions(sessions(), user_id=chat.id)
    print(f"ingest: {done[0]} sessions, {done[1]} messages, {result.turns_added} turns added in "
          f"{time.perf_counter() - start:.1f} s; peak RSS {_rss():.0f} MiB", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("db")
    parser.add_argument("chat")
    parser.add_argument("--passes", type=int, default=2)
    parser.add_argument("--adds", type=int, default=5)
    parser.add_argument("--longmemeval", help="also time the questions of this LongMemEval file (their text only)")
    parser.add_argument("--ingest", action="store_true", help="ingest CHAT into DB first")
    parser.add_argument("--every", type=int, default=400, help="--ingest: report every this many sessions")
    args = parser.parse_args()
    chat = BeamChat.at(args.chat)
    if args.ingest:
        ingest(args.db, chat, args.every)
    conversation = chat.conversation(None)
    last = max(s.time for s in conversation.sessions if s.time)
    asked = [q.question for q in conversation.questions]
    if args.longmemeval:
        asked += [q.question for c in load_longmemeval(args.longmemeval) for q in c.questions]
    with Memory.open(args.db) as mem:
        stats = mem.stats(user_id=chat.id)
        print(f"{chat.id}: {stats}")
        timings: list[float] = []
        for n in range(args.passes):
            for question in asked:
                start = time.perf_counter()
                mem.recall(question, user_id=chat.id, budget_tokens=1500, as_of=last)
                if n > 0 or args.passes == 1:
                    timings.append((time.perf_counter() - start) * 1000)
        print(f"recall: {len(timings)} calls, p50 {statistics.median(timings):.1f} ms, "
              f"p95 {_pct(timings, 0.95):.1f} ms")
        adds: list[float] = []
        for n in range(args.adds):
            messages = [{"role": r, "content": t} for r, t in EXCHANGE]
            start = time.perf_counter()
            mem.add(messages, user_id=chat.id, session_id=f"extra-{time.time_ns()}-{n}", session_time=last + timedelta(days=n + 1))
            adds.append((time.perf_counter() - start) * 1000)
        if adds:
            print(f"one more add (a two-message session): {len(adds)} calls, p50 {statistics.median(adds):.1f} ms, "
                  f"max {max(adds):.1f} ms")
    print(f"peak RSS of this process: {_rss():.0f} MiB")


if __name__ == "__main__":
    main()
