"""A gateway word's commonness is read from the full-text probe before its stem filter
(real store, real embedder): a word the index finds in more memories than the probe asks
for is common, however many of them spell it the way the filter checks."""

from __future__ import annotations

from ripplemem import Memory
from ripplemem.read.engine import _Round
from ripplemem.types import Scope

NIGHTS = [("Ines", "the pier"), ("Marco", "a rooftop bar"), ("Priya", "a salsa club"), ("Tomas", "the harbour"),
          ("Lena", "a barn party"), ("Oscar", "the old theatre")]


def test_a_full_probe_marks_a_word_common_even_when_few_spell_it_alike(memory: Memory) -> None:
    for day, (who, where) in enumerate(NIGHTS, start=1):
        memory.add([{"role": "user", "content": f"I went dancing with {who} at {where} until midnight."}],
                   user_id="u1", session_id=f"s{day}", session_time=f"2024-03-0{day}T10:00:00")
    memory.add([{"role": "user", "content": "My sister loves to dance the tango."}],
               user_id="u1", session_id="s8", session_time="2024-03-08T10:00:00")
    memory.add([{"role": "user", "content": "The violin recital was lovely."}],
               user_id="u1", session_id="s9", session_time="2024-03-09T10:00:00")
    scope = Scope(user_id="u1")
    search = _Round(memory._read(), scope, memory.settings.recall, {}, memory.store.count_units(scope))
    # the index finds "dancing" for "dance" where the five-letter stems do not: the probe of 5
    # comes back full, so the word is at least that common, not a word of one memory
    assert len(search.concept_search("dance", 5)) == 5
    assert len(search.concept_search("violin", 5)) == 1  # a rare word: only the memory that says it
    assert search.concept_search("tango", 5) == search.concept_search("tango", 5)  # looked up once, kept
