"""Metadata on add (per call and per turn), filters on search / recall / list, narrowing
scopes and ``list_scopes``: on a real store (SQLite and PostgreSQL) with the real embedder."""

from __future__ import annotations

import json

import pytest

from ripplemem import Filters, InputError, Memory, NotFoundError, Scope
from sample_dialogue import SESSION_1, SESSION_2


def tagged(memory: Memory, user: str = "u1") -> None:
    """SESSION_1 tagged topic=support (its painting turn: topic=art), SESSION_2 topic=travel."""
    first = [dict(m) for m in SESSION_1]
    first[3]["metadata"] = {"topic": "art", "mood": "calm"}
    memory.add(first, user_id=user, session_id="s1", session_time="2023-05-08T13:56:00",
               metadata={"topic": "support", "source": "chat", "n": 1})
    memory.add(SESSION_2, user_id=user, session_id="s2", session_time="2023-06-09T10:00:00",
               metadata={"topic": "travel", "source": "chat", "n": 2})


def test_metadata_is_kept_on_the_memories_the_turns_produce(memory: Memory) -> None:
    tagged(memory)
    units = memory.list(user_id="u1")
    assert units and all(u.metadata.get("source") == "chat" for u in units)
    painting = next(u for u in units if "sunrise" in u.restatement or "paint" in u.restatement.lower())
    assert painting.metadata == {"topic": "art", "mood": "calm", "source": "chat", "n": 1}  # the turn's wins
    group = next(u for u in units if "support group" in u.restatement)
    assert group.metadata == {"topic": "support", "source": "chat", "n": 1}
    assert memory.get(group.id, user_id="u1").metadata == group.metadata
    assert {u.metadata["topic"] for u in memory.list(user_id="u1")} >= {"support", "art", "travel"}


def test_search_recall_and_list_filter_on_metadata(memory: Memory) -> None:
    tagged(memory)
    travel = {"metadata": {"topic": "travel"}}
    found = memory.search("Caroline support group", user_id="u1", limit=20, filters=travel)
    assert found and all(i.unit.metadata["topic"] == "travel" for i in found)
    ev = memory.recall("What did Caroline and Melanie do?", user_id="u1", filters=travel)
    assert ev.items and all(i.unit.metadata["topic"] == "travel" for i in ev.items)
    assert set(ev.sources) <= {"D2:1", "D2:2"}
    both = memory.list(user_id="u1", filters={"metadata": {"topic": {"in": ["travel", "art"]}}})
    assert {u.metadata["topic"] for u in both} == {"travel", "art"}
    assert memory.list(user_id="u1", filters={"metadata": {"n": 2}}) == memory.list(user_id="u1", filters=travel)
    assert memory.list(user_id="u1", filters={"metadata": {"n": "2"}}) == []  # a string is not the number
    assert memory.list(user_id="u1", filters={"metadata": {"missing": None}}) == []


def test_list_filters_agree_with_the_rule_on_every_backend(memory: Memory) -> None:
    """The stores' SQL and :meth:`Filters.matches` keep the same memories."""
    tagged(memory)
    every = memory.list(user_id="u1", limit=1000)
    cases = [
        {"metadata": {"topic": "support", "source": "chat"}},
        {"metadata": {"mood": {"in": ["calm", "angry"]}}},
        {"since": "2023-06-01", "until": "2023-07-01"},
        {"until": "2023-05-08"},
        {"layer": ["core", "semantic"]},
        {"layer": "episodic", "current_only": True},
        {"metadata": {"n": 1.0}, "since": "2023-05-01"},
    ]
    from ripplemem.memory import _filters

    for raw in cases:
        rule = _filters(raw)
        assert [u.id for u in memory.list(user_id="u1", limit=1000, filters=raw)] == [
            u.id for u in every if rule.matches(u)], raw  # fmt: skip
    assert any(memory.list(user_id="u1", filters=c) for c in cases[:3])


def test_time_and_validity_filters(memory: Memory) -> None:
    memory.add([{"speaker": "Ava", "text": "I live in Lisbon.", "id": "A1"}], user_id="u1", session_time="2024-01-10")
    memory.add([{"speaker": "Ava", "text": "I live in Porto now.", "id": "A2"}], user_id="u1", session_time="2024-03-10")
    units = memory.list(user_id="u1")
    assert len(units) == 2 and sum(u.current for u in units) == 1
    current = memory.search("Where does Ava live?", user_id="u1", filters={"current_only": True})
    assert [i.unit.current for i in current] == [True]
    early = memory.search("Where does Ava live?", user_id="u1", filters={"until": "2024-02-01"})
    assert [i.unit.sources for i in early] == [("A1",)]
    late = memory.recall("Where does Ava live?", user_id="u1", filters={"since": "2024-02-01T00:00:00Z"})
    assert late.sources == ["A2"]


@pytest.mark.parametrize("filters, word", [
    ({"colour": "red"}, "unknown key"),
    ({"metadata": {"k": [1, 2]}}, "compare with"),
    ({"metadata": {"k": {"in": []}}}, "in"),
    ({"metadata": {"k": {"gt": 1}}}, "in"),
    ({"metadata": "topic"}, "expected an object"),
    ({"layer": "dream"}, "filters.layer"),
    ({"current_only": "yes"}, "current_only"),
    ({"since": "2024-05-01", "until": "2024-04-01"}, "until must be after since"),
    ({"since": "not a date"}, "filters.since"),
    ("topic=food", "filters"),
])
def test_bad_filters_are_input_errors(memory: Memory, filters: object, word: str) -> None:
    tagged(memory)
    for call in (lambda: memory.search("x", user_id="u1", filters=filters),  # type: ignore[arg-type]
                 lambda: memory.recall("x", user_id="u1", filters=filters),  # type: ignore[arg-type]
                 lambda: memory.list(user_id="u1", filters=filters)):  # type: ignore[arg-type]
        with pytest.raises(InputError, match=word):
            call()


@pytest.mark.parametrize("metadata, word", [
    ("topic", "expected an object"),
    ({1: "x"}, "non-empty string"),
    ({"k": object()}, "JSON"),
    ({"k": float("nan")}, "JSON"),
    ({"k": "x" * 20_000}, "limit"),
])
def test_bad_metadata_is_an_input_error_and_stores_nothing(memory: Memory, metadata: object, word: str) -> None:
    with pytest.raises(InputError, match=word):
        memory.add(SESSION_2, user_id="u1", metadata=metadata)  # type: ignore[arg-type]
    with pytest.raises(InputError, match=word):
        memory.add([{**SESSION_2[0], "metadata": metadata}], user_id="u1")
    assert memory.stats(user_id="u1")["turns"]["total"] == 0


def test_update_replaces_metadata_and_keeps_the_text(memory: Memory) -> None:
    tagged(memory)
    unit = next(u for u in memory.list(user_id="u1") if "support group" in u.restatement)
    vector = memory.get(unit.id, user_id="u1").vector
    done = memory.update(unit.id, metadata={"topic": "reviewed"}, user_id="u1")
    assert done.restatement == unit.restatement and done.metadata == {"topic": "reviewed"}
    stored = memory.get(unit.id, user_id="u1")
    assert stored.metadata == {"topic": "reviewed"} and stored.vector is not None and vector is not None
    assert (stored.vector == vector).all()  # the text did not change: not re-embedded
    last = memory.history(unit.id, user_id="u1")[-1]
    assert (last.event, last.detail) == ("UPDATE", "manual update: metadata")
    assert [u.id for u in memory.list(user_id="u1", filters={"metadata": {"topic": "reviewed"}})] == [unit.id]
    both = memory.update(unit.id, "Caroline went to a support group.", metadata={}, user_id="u1")
    assert both.metadata == {} and memory.history(unit.id, user_id="u1")[-1].detail == "manual update: text, metadata"
    with pytest.raises(InputError, match="give text, metadata or both"):
        memory.update(unit.id, user_id="u1")
    with pytest.raises(InputError, match="metadata"):
        memory.update(unit.id, metadata=["x"], user_id="u1")  # type: ignore[arg-type]
    assert memory.get(unit.id, user_id="u1").metadata == {}


def test_metadata_survives_export_and_import(memory: Memory, open_memory) -> None:  # type: ignore[no-untyped-def]
    tagged(memory)
    records = list(memory.export())
    assert all("metadata" in r for r in records if r["kind"] in ("unit", "turn"))
    copy = open_memory("copy.db")
    copy.import_records(json.loads(json.dumps(records)))
    assert list(copy.export()) == records
    assert copy.list(user_id="u1", filters={"metadata": {"topic": "art"}})


def test_a_turn_extracted_later_keeps_its_metadata(memory: Memory) -> None:
    """Turns left pending (here: marked failed by hand) are extracted by the next add with
    the metadata they were logged with."""
    scope = Scope("u1")
    memory.store.log_turns(scope, memory_turns(SESSION_2, {"topic": "travel"}))
    memory.store.mark_turns(scope, [("s2", "D2:1"), ("s2", "D2:2")], "failed")
    result = memory.add(SESSION_1, user_id="u1", session_id="s1", session_time="2023-05-08T13:56:00",
                        metadata={"topic": "support"})
    assert result.healed == 2
    topics = {u.sources[0][:2]: u.metadata.get("topic") for u in memory.list(user_id="u1")}
    assert topics == {"D1": "support", "D2": "travel"}


def memory_turns(messages: list[dict[str, str]], metadata: dict[str, str]):  # type: ignore[no-untyped-def]
    from ripplemem.write.turns import to_turns

    return to_turns(messages, "s2", None, metadata)


def test_narrowing_user_sees_every_agent_and_run_agent_its_runs(memory: Memory) -> None:
    memory.add(SESSION_1, user_id="u1", session_time="2023-05-08T13:56:00")
    memory.add(SESSION_2[:1], user_id="u1", agent_id="coach", session_time="2023-06-09")
    memory.add(SESSION_2[1:], user_id="u1", agent_id="coach", run_id="r1", session_time="2023-06-09")
    memory.add(SESSION_2, user_id="u2", session_time="2023-06-09")

    def sources(**scope: str) -> set[str]:
        return {s for u in memory.list(user_id="u1", limit=1000, **scope) for s in u.sources}

    assert {"D1:3", "D2:1", "D2:2"} <= sources()
    assert sources(agent_id="coach") == {"D2:1", "D2:2"}
    assert sources(agent_id="coach", run_id="r1") == {"D2:2"}
    assert sources(run_id="r1") == {"D2:2"}
    assert sources(agent_id="other") == set()
    found = memory.search("camping at the beach", user_id="u1", limit=5)
    assert found[0].unit.sources == ("D2:2",) and found[0].unit.scope == Scope("u1", "coach", "r1")
    ev = memory.recall("Where did Melanie go camping?", user_id="u1", as_of="2023-07-01")
    assert "D2:2" in ev.sources and all(i.unit.scope.user_id == "u1" for i in ev.items)
    assert "D2:2" in memory.source_turns(["D2:2"], user_id="u1")
    camp = found[0].unit.id
    assert memory.get(camp, user_id="u1").id == camp and memory.history(camp, user_id="u1")
    with pytest.raises(NotFoundError):
        memory.get(camp, user_id="u1", agent_id="coach", run_id="r2")
    with pytest.raises(NotFoundError):
        memory.get(camp, user_id="u2")
    memory.update(camp, "Melanie went camping at the beach with her kids.", user_id="u1", agent_id="coach")
    assert memory.get(camp, user_id="u1", agent_id="coach", run_id="r1").restatement.startswith("Melanie went")
    memory.delete(camp, user_id="u1")
    with pytest.raises(NotFoundError):
        memory.get(camp, user_id="u1", agent_id="coach", run_id="r1")


def test_list_scopes(memory: Memory) -> None:
    memory.add(SESSION_2, user_id="u1")
    memory.add(SESSION_2, user_id="u1", agent_id="coach", run_id="r1")
    memory.add(SESSION_2, user_id="u2")
    assert memory.list_scopes(user_id="u1") == [Scope("u1"), Scope("u1", "coach", "r1")]
    assert set(memory.list_scopes()) == {Scope("u1"), Scope("u1", "coach", "r1"), Scope("u2")}
    assert memory.list_scopes(user_id="nobody") == []
    with pytest.raises(InputError):
        memory.list_scopes(user_id="")


def test_filters_record_is_accepted_as_is(memory: Memory) -> None:
    tagged(memory)
    rule = Filters(metadata=(("topic", ("travel",)),))
    assert memory.list(user_id="u1", filters=rule) == memory.list(user_id="u1", filters={"metadata": {"topic": "travel"}})
