"""A request to the assistant ("Can you recommend some ... I might enjoy?") is searched by what
it asks about, not by the words that make it a request (``RecallSettings.request_frame``): in
a chat every earlier request of the user shares those, and the statement the answer should
follow (what the user said of their work or tastes) shares none of them. A real store on
both backends and the real embedder."""

from __future__ import annotations

from ripplemem import Memory

SESSIONS = [
    [  # the preference the answer should follow
        {"role": "user", "content": "I work on deep learning for medical image analysis, mostly MRI segmentation."},
        {"role": "assistant", "content": "That is a fast-moving field with a lot of new work every year."},
    ],
    [  # earlier requests, about other things
        {"role": "user", "content": "Can you recommend some hiking trails near Denver that I might find interesting?"},
        {"role": "assistant", "content": "Mount Falcon and Red Rocks have short scenic loops."},
    ],
    [
        {"role": "user", "content": "Could you suggest some board games that I might enjoy with my family?"},
        {"role": "assistant", "content": "Ticket to Ride and Carcassonne are easy to learn."},
    ],
    [
        {"role": "user", "content": "Can you recommend some podcasts I might find interesting for my commute?"},
        {"role": "assistant", "content": "Hardcore History and Radiolab are popular picks."},
    ],
]
QUESTION = "Can you recommend some recent publications that I might find interesting?"


def _first(memory: Memory, **changes: object) -> str:
    rs = memory.settings.recall.replace(**changes)
    ev = memory.recall(QUESTION, user_id="u", budget_tokens=100_000, settings=rs)
    return ev.items[0].unit.restatement


def test_a_request_finds_the_statement_it_should_follow_not_the_other_requests(memory: Memory) -> None:
    for n, turns in enumerate(SESSIONS):
        memory.add(turns, user_id="u", session_id=f"s{n}", session_time=f"2024-05-{n + 1:02d}T10:00:00Z")
    assert "medical image" in _first(memory)
    assert "medical image" not in _first(memory, request_frame=False)  # the frame matches the other requests
