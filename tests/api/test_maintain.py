"""Maintenance through the public API, on both backends with the real embedder: consolidation
(packed, linked, refreshed, de-duplicated in recall), forgetting without deleting (cold memories
found by the lexical view, warm again once recalled), pins, batched access counts, the
short-term tier re-scored, scheduling, bad input, and maintenance beside adds and recalls."""

from __future__ import annotations

import threading

import pytest

from ripplemem import InputError, MaintainSettings, Memory, NotFoundError
from ripplemem.maintain.consolidate import short_date

SESSIONS = [
    ("2024-01-10T10:00:00", [("Ana", "I started a pottery class last week and I really love shaping clay."),
                             ("Ben", "That sounds fun! How is work going?"),
                             ("Ana", "Work is busy, but pottery keeps me calm.")]),
    ("2024-02-14T10:00:00", [("Ana", "I went hiking in the mountains with my sister on Saturday."),
                             ("Ben", "Nice, I baked sourdough bread this weekend.")]),
    ("2024-03-20T10:00:00", [("Ana", "I joined a running club and ran my first 10k race."),
                             ("Ben", "Congrats! Did you read anything good lately?"),
                             ("Ana", "Yes, I read the novel Piranesi, a wonderful book.")]),
]
WIDE = MaintainSettings(max_chars=600)  # room for three packed statements of this dialogue
LATER = ("2024-05-02T10:00:00", [("Ana", "I took up swimming at the lake every morning this month.")])


def _add(mem: Memory, sessions=SESSIONS, start: int = 0, user: str = "u") -> None:  # type: ignore[no-untyped-def]
    for i, (when, turns) in enumerate(sessions, start):
        mem.add([{"speaker": sp, "text": tx, "id": f"s{i}:{j}"} for j, (sp, tx) in enumerate(turns)],
                user_id=user, session_id=f"s{i}", session_time=when)


def _semantic(mem: Memory, user: str = "u") -> list:  # type: ignore[type-arg]
    return [u for u in mem.list(user_id=user, limit=1000) if u.layer == "semantic"]


def test_consolidation_packs_links_and_keeps_the_members(open_memory) -> None:  # type: ignore[no-untyped-def]
    mem = open_memory(maintain=WIDE)
    _add(mem)
    before = {u.id: u for u in mem.list(user_id="u", limit=1000)}
    report = mem.maintain(user_id="u", as_of="2024-04-01")
    assert report.consolidated_added == 1 and report.hot_after == report.hot_before  # the list is not hot
    (sem,) = _semantic(mem)
    assert sem.cold and not any(u.cold for u in before.values())  # found by its words (the full-text view)
    assert sem.restatement.startswith("Ana's activities and hobbies: ")
    members = {e.dst: u for e, u in mem.neighbours(sem.id, user_id="u") if e.kind == "consolidates"}
    assert len(members) == 3 and set(members) <= set(before)
    for member in members.values():  # faithful: each member's statement (cut) and date, its sources cited
        assert " ".join(member.restatement.split()[:4]) in sem.restatement
        assert short_date(member) in sem.restatement
        assert set(member.sources) <= set(sem.sources)
    assert {"activity", "hobby", "pottery"} <= sem.concepts  # what it is a list of
    # the members stay stored and searchable
    assert {u.id for u in mem.list(user_id="u", limit=1000)} == set(before) | {sem.id}
    hits = {i.unit.id for i in mem.search("running club 10k race", user_id="u", limit=5)}
    assert any(m in hits for m in members)
    # a second run with nothing new writes nothing
    again = mem.maintain(user_id="u", as_of="2024-04-01")
    assert (again.consolidated_added, again.consolidated_refreshed) == (0, 0)


def test_recall_does_not_pay_twice_for_a_semantic_memory_and_its_members(open_memory) -> None:  # type: ignore[no-untyped-def]
    mem = open_memory(maintain=WIDE)
    _add(mem)
    mem.maintain(user_id="u", as_of="2024-04-01")
    (sem,) = _semantic(mem)
    members = {e.dst for e, _ in mem.neighbours(sem.id, user_id="u") if e.kind == "consolidates"}
    ev = mem.recall("What activities does Ana do?", user_id="u", as_of="2024-04-01", budget_tokens=1500)
    ids = [i.unit.id for i in ev.items]
    assert sem.id in ids
    below = ids[ids.index(sem.id) + 1 :]
    assert not members & set(below)  # its members ranked below it are left out
    assert members - set(ids[: ids.index(sem.id)])  # and it brings a member not above it
    mem.flush_access()
    assert next(u for u in _semantic(mem) if u.id == sem.id).cold  # recalled, a list stays out of the hot indexes


def test_a_new_member_refreshes_the_same_memory(open_memory) -> None:  # type: ignore[no-untyped-def]
    mem = open_memory(maintain=WIDE)
    _add(mem)
    mem.maintain(user_id="u", as_of="2024-04-01")
    (first,) = _semantic(mem)
    _add(mem, [LATER], start=3)
    report = mem.maintain(user_id="u", as_of="2024-05-10")
    assert report.consolidated_refreshed == 1 and report.consolidated_added == 0
    (sem,) = _semantic(mem)
    assert sem.id == first.id and "swimming" in sem.restatement and "s3:0" in sem.sources
    assert [h.event for h in mem.history(sem.id, user_id="u")] == ["ADD", "UPDATE"]


def test_forgetting_cools_without_deleting_and_a_recalled_memory_warms(open_memory) -> None:  # type: ignore[no-untyped-def]
    mem = open_memory(maintain=MaintainSettings(consolidate=False, half_life_days=30, cold_below=0.2))
    _add(mem)
    units = mem.list(user_id="u", limit=1000)
    pinned = next(u for u in units if "Piranesi" in u.restatement)
    mem.pin(pinned.id, user_id="u")
    report = mem.maintain(user_id="u", as_of="2026-06-01")  # two years on, nothing used
    after = {u.id: u for u in mem.list(user_id="u", limit=1000)}
    assert set(after) == {u.id for u in units}  # nothing deleted
    cold = [u for u in after.values() if u.cold]
    assert cold and report.cooled == len(cold) and report.hot_after == report.hot_before - len(cold)
    assert all(u.layer == "episodic" and not u.pinned for u in cold)  # core and pinned never decay
    assert not after[pinned.id].cold
    sourdough = next(u for u in cold if "sourdough" in u.restatement)
    ev = mem.recall("sourdough bread", user_id="u", as_of="2026-06-01")
    assert sourdough.id in [i.unit.id for i in ev.items]  # the cold path: found by the lexical view
    recalled_cold = {i.unit.id for i in ev.items if i.unit.cold}
    mem.flush_access()
    warmed = mem.get(sourdough.id, user_id="u")
    assert not warmed.cold and warmed.access_count == 1
    assert mem.store.hot_count(warmed.scope) == report.hot_after + len(recalled_cold)


def test_access_counts_are_written_in_batches(open_memory) -> None:  # type: ignore[no-untyped-def]
    mem = open_memory(maintain=MaintainSettings(touch_batch=1000))
    _add(mem)
    for _ in range(3):
        mem.recall("Who baked sourdough bread?", user_id="u", as_of="2024-04-01", k=2)
    assert all(u.access_count == 0 for u in mem.list(user_id="u", limit=1000))  # buffered, not written
    mem.flush_access()
    counts = sorted(u.access_count for u in mem.list(user_id="u", limit=1000) if u.access_count)
    assert counts and max(counts) == 3


def test_a_short_term_memory_asked_about_is_promoted(open_memory) -> None:  # type: ignore[no-untyped-def]
    mem = open_memory(maintain=MaintainSettings(consolidate=False))
    mem.add([{"speaker": "Ana", "text": "Ben, what do you think about a trip to Oslo?", "id": "q:0"}],
            user_id="u", session_id="q", session_time="2024-01-01T10:00:00")
    (short,) = [u for u in mem.list(user_id="u") if u.tier == "short"]
    ev = mem.recall("Did Ana ask about a trip to Oslo?", user_id="u", as_of="2024-01-02")
    assert short.id in [i.unit.id for i in ev.items]
    report = mem.maintain(user_id="u", as_of="2024-01-02")
    promoted = mem.get(short.id, user_id="u")
    assert report.promoted == 1 and promoted.tier == "long" and promoted.importance >= 0.3


def test_every_n_adds_runs_maintenance(open_memory) -> None:  # type: ignore[no-untyped-def]
    mem = open_memory(maintain=MaintainSettings(every_adds=3, max_chars=600))
    _add(mem, SESSIONS[:2])
    assert not _semantic(mem)
    _add(mem, SESSIONS[2:], start=2)  # the third add
    assert len(_semantic(mem)) == 1


def test_bad_input_is_an_input_error_and_changes_nothing(open_memory) -> None:  # type: ignore[no-untyped-def]
    mem = open_memory()
    _add(mem)
    before = [(u.id, u.pinned, u.cold, u.tier) for u in mem.list(user_id="u", limit=1000)]
    with pytest.raises(InputError):
        mem.maintain(user_id="")
    with pytest.raises(InputError):
        mem.maintain(user_id="u", as_of="not a date")
    with pytest.raises(InputError):
        mem.pin("", user_id="u")
    with pytest.raises(NotFoundError):
        mem.pin("no-such-memory", user_id="u")
    with pytest.raises(NotFoundError):
        mem.unpin(before[0][0], user_id="someone-else")
    assert [(u.id, u.pinned, u.cold, u.tier) for u in mem.list(user_id="u", limit=1000)] == before


def test_pin_and_unpin_round_trip(open_memory) -> None:  # type: ignore[no-untyped-def]
    mem = open_memory()
    _add(mem)
    uid = mem.list(user_id="u")[0].id
    assert mem.pin(uid, user_id="u").pinned and mem.get(uid, user_id="u").pinned
    assert not mem.unpin(uid, user_id="u").pinned and not mem.get(uid, user_id="u").pinned


def test_maintenance_beside_adds_and_recalls(open_memory) -> None:  # type: ignore[no-untyped-def]
    mem = open_memory(maintain=MaintainSettings(touch_batch=2, max_chars=600))
    _add(mem)
    errors: list[BaseException] = []
    stop = threading.Event()

    def maintain_loop() -> None:
        try:
            while not stop.is_set():
                mem.maintain(user_id="u", as_of="2024-06-01")
        except BaseException as exc:  # noqa: BLE001 (reported by the test)
            errors.append(exc)

    def recall_loop() -> None:
        try:
            while not stop.is_set():
                mem.recall("What does Ana do for fun?", user_id="u", as_of="2024-06-01")
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    threads = [threading.Thread(target=maintain_loop), threading.Thread(target=recall_loop)]
    for t in threads:
        t.start()
    try:
        for i in range(4):
            mem.add([{"speaker": "Ana", "text": f"I painted a watercolour of the harbour, number {i}.",
                      "id": f"c{i}"}], user_id="u", session_id=f"c{i}", session_time=f"2024-04-0{i + 1}T10:00:00")
    finally:
        stop.set()
        for t in threads:
            t.join()
    assert not errors
    mem.maintain(user_id="u", as_of="2024-06-01")
    texts = " ".join(u.restatement for u in mem.list(user_id="u", limit=1000))
    assert all(f"number {i}" in texts for i in range(4))
    assert len(_semantic(mem)) >= 1


def test_with_an_llm_a_verified_summary_replaces_the_packing(open_memory, scripted_llm) -> None:  # type: ignore[no-untyped-def]
    from ripplemem.providers.llm.openai import OpenAILLM

    mem = open_memory(extractor="rule", maintain=WIDE)
    _add(mem)
    mem.llm = OpenAILLM(base_url=scripted_llm.url, model="m", timeout=5.0, retries=0)
    scripted_llm.reply_json({"description": "Ana took a pottery class, went hiking and ran a 10k race.", "cited": []})
    report = mem.maintain(user_id="u", as_of="2024-04-01")
    (sem,) = _semantic(mem)
    assert report.summarised == 1
    assert sem.restatement == "Ana's activities and hobbies: Ana took a pottery class, went hiking and ran a 10k race."
    assert len([e for e, _ in mem.neighbours(sem.id, user_id="u") if e.kind == "consolidates"]) == 3
    calls = len(scripted_llm.chat_requests)
    assert mem.maintain(user_id="u", as_of="2024-04-01").consolidated_refreshed == 0
    assert len(scripted_llm.chat_requests) == calls  # nothing new: not summarised again


def test_with_an_llm_a_tampered_summary_falls_back_to_the_packing(open_memory, scripted_llm) -> None:  # type: ignore[no-untyped-def]
    from ripplemem.providers.llm.openai import OpenAILLM

    mem = open_memory(extractor="rule", maintain=WIDE)
    _add(mem)
    mem.llm = OpenAILLM(base_url=scripted_llm.url, model="m", timeout=5.0, retries=0)
    scripted_llm.reply_json({"description": "Ana ran 37 km in Lisbon.", "cited": []})  # 37, Lisbon: unstated
    scripted_llm.reply_json({"description": "Ana ran 37 km in a race.", "cited": []})  # the regeneration still tampers
    report = mem.maintain(user_id="u", as_of="2024-04-01")
    (sem,) = _semantic(mem)
    assert report.summarised == 0 and "37 km" not in sem.restatement and "running club" in sem.restatement


TOURNAMENTS = [
    ("2024-01-10T10:00:00", [("Ana", "I won my first chess tournament yesterday, so exciting!"),
                             ("Ben", "Congrats! I adopted a puppy called Rex.")]),
    ("2024-02-14T10:00:00", [("Ben", "How did the weekend go?"),
                             ("Ana", "I lost in the final of the regional tournament, but I learned a lot.")]),
    ("2024-03-20T10:00:00", [("Ana", "I have played four tournaments this year and won the city tournament on Sunday."),
                             ("Ben", "Rex chewed my shoes again.")]),
]


def test_a_list_question_gets_the_subjects_list_first(open_memory) -> None:  # type: ignore[no-untyped-def]
    mem = open_memory()
    _add(mem, TOURNAMENTS)
    mem.maintain(user_id="u", as_of="2024-04-01")
    lists = {u.restatement.split(":")[0]: u for u in _semantic(mem)}
    sem = lists["Ana's tournaments"]
    assert {"s0:0", "s1:1", "s2:0"} <= set(sem.sources) and sem.concepts == frozenset({"tournament"})
    ev = mem.recall("How many tournaments has Ana played?", user_id="u", as_of="2024-04-01", budget_tokens=400)
    assert ev.items[0].unit.id == sem.id  # the list it asks for, first
    one = mem.recall("What did Ben's puppy chew?", user_id="u", as_of="2024-04-01", budget_tokens=400)
    assert sem.id not in {i.unit.id for i in one.items[:1]}


CHAT = [
    ("2024-01-10T10:00:00", [("user", "I played my first chess tournament on Saturday and finished third."),
                             ("assistant", "Congratulations! Local tournaments are a great way to improve.")]),
    ("2024-02-14T10:00:00", [("user", "Can you proofread this? 'Our club hosts tournaments every spring.'"),
                             ("assistant", "Sure, it reads well."),
                             ("user", "I entered two online tournaments this month and won one of them.")]),
    ("2024-03-20T10:00:00", [("user", "My sister came to watch my tournament in Leeds, which I won."),
                             ("assistant", "Many players prepare for tournaments with opening drills.")]),
]


def test_a_chat_users_own_memories_make_the_users_list(open_memory) -> None:  # type: ignore[no-untyped-def]
    mem = open_memory()
    for i, (when, turns) in enumerate(CHAT):
        mem.add([{"role": role, "content": text, "id": f"c{i}:{j}"} for j, (role, text) in enumerate(turns)],
                user_id="u", session_id=f"c{i}", session_time=when)
    mem.maintain(user_id="u", as_of="2024-04-01")
    lists = {u.restatement.split(":")[0]: u for u in _semantic(mem)}
    sem = lists["The user's tournaments"]
    assert sem.participants == frozenset({"the user"})
    # what the user said of themselves, from each session; not the assistant's words, nor the text the user pasted
    assert {"c0:0", "c1:2", "c2:0"} <= set(sem.sources)
    said = sem.restatement.lower()
    assert "entered two online tournaments" in said and "leeds" in said
    assert not any(w in said for w in ("local tournaments", "opening drills", "club hosts"))
    ev = mem.recall("How many tournaments have I won?", user_id="u", as_of="2024-04-01", budget_tokens=400)
    assert ev.items[0].unit.id == sem.id  # a question in the first person asks for the user's list
