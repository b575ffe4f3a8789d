"""A conversation's own speakers are never a structural cue (a real store, both backends)."""

from __future__ import annotations

from ripplemem import Memory

DIALOGUE = [
    {"speaker": "Ann", "text": "I adopted a puppy from the shelter, a beagle called Rex."},
    {"speaker": "Ben", "text": "Oh, and I finally booked the flights to Lisbon for the conference."},
    {"speaker": "Ann", "text": "I have started restoring an old rowing boat in the garage."},
    {"speaker": "Ben", "text": "My sister Clara is visiting us from Oslo at Easter."},
]


def test_memories_sharing_only_a_speaker_are_not_structurally_linked(memory: Memory) -> None:
    """Before the share rule can call a name common (a few memories only), "Ann" alone
    linked Ann's puppy to Ann's boat; the speakers of the conversation are no cue now. A
    third person named in a turn still is."""
    memory.add(DIALOGUE, user_id="u", session_id="s1", session_time="2024-03-02T10:00:00Z")
    units = memory.list(user_id="u")
    by_text = {u.restatement: u for u in units}
    puppy = next(u for t, u in by_text.items() if "puppy" in t)
    boat = next(u for t, u in by_text.items() if "boat" in t)
    assert "Ann" in puppy.participants and "Ann" in boat.participants
    structural = [(e, u) for e, u in memory.neighbours(puppy.id, user_id="u") if e.kind == "structural"]
    assert boat.id not in {u.id for _, u in structural}
    assert not structural  # nothing else in this dialogue names a person other than the speakers
