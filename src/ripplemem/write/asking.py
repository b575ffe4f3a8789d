"""How a speaker's questions hold together with what is said around them (pure, over text and parses).

Between people a question is a memory of its own, stated later with the answer that follows
it (``write.compose``). Three shapes of English keep a question with its neighbours instead:

- questions asked one after another in one turn are one request ("What's her name? Do she
  and your other dog get along?"): stated apart, the first was answered by nobody and the
  answer went with the second (``write.extract_rule``: the asker named once);
- a question the speaker goes on from with a statement that refers back to it ("Remember
  that block in the final? He chased the ball down ...") is a lead-in, not a question left
  for the other to answer: the statement alone said "He" of nobody (``ground.text.refers_back``);
- a question about a thing that no memory states (a follow-up taken for small talk: "What's
  the new one about?") answered by a reply that calls the thing "it" ("It's about a woman
  ...") is stated with that reply (:func:`asks_about_a_thing`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..ground.elided import WH_WORDS
from ..ground.text import refers_back

if TYPE_CHECKING:
    from spacy.tokens import Doc

# a reply that goes on about a thing: a pronoun or demonstrative as its subject ("It's about ...",
# "That one is ...", "They were ..."), not a connective or a bare yes ("So ...", "Yes ...")
_THING_OPENERS = frozenset("it it's its this that that's these those they they're".split())
_NOUN_TAGS = frozenset({"NN", "NNS"})


def opens_on_a_thing(sentence: str) -> bool:
    """Whether ``sentence`` opens with a pronoun or demonstrative that stands for a thing said
    before ("It's about a woman on a journey", "Those were the best days"), not a subject that
    stands for nothing ("It's been a long week", "There's a cafe")."""
    first = sentence.replace("\u2019", "'").lstrip(" \"'(").split(" ", 1)[0].lower().rstrip(",.!?")
    return first in _THING_OPENERS and refers_back(sentence)


def asks_about_a_thing(question: Doc) -> bool:
    """Whether the parsed ``question`` is a wh-question about a thing it names with a common noun
    ("What's the new one about?", "How was the trip?"), not a formula about the addressee ("How
    are you?", "What's up?", "How's it going?")."""
    words = [t for t in question if not t.is_punct and not t.is_space]
    if not words or words[0].lower_.split("'")[0] not in WH_WORDS:
        return False
    return any(t.tag_ in _NOUN_TAGS for t in words[1:])
