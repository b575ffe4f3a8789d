"""An event told as just past: "I just saw them live", "we've just got back from Lisbon". Pure.

A speaker who says they *just* did something tells when it happened without a time phrase:
on the day they say it. Read from the parse that person rewriting already needs
(:data:`ripplemem.ground.person.PIPES`): the adverb "just" modifying a verb in the simple
past ("just finished", ``VBD``) or in the present perfect ("have just moved": a past
participle whose auxiliary is "have" in the present). Not an event:

- "just" with a verb of wanting, thinking, feeling or saying ("I just wanted to say hi",
  "I just thought you'd like it"): there "just" means *only*, and the verb is no event;
- the past perfect ("I had just finished when ..."): it is just past *another* time;
- a question ("Did you just get back?") and a condition ("if you just asked her"): nothing
  is told as having happened.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["NOT_EVENTS", "just_happened"]

# past forms of verbs that "just" modifies as *only*, or that name no event (the extractor's
# pipeline runs no lemmatizer, so the forms are listed)
NOT_EVENTS = frozenset(
    """wanted wished hoped needed thought felt meant wondered guessed supposed knew known liked loved hated
    said told asked seemed figured assumed imagined believed expected cared minded appreciated""".split()
)
_PRESENT_HAVE = frozenset(("have", "has", "'ve", "’ve", "'s", "’s", "ve"))
_CONDITIONS = frozenset(("if", "unless", "whether"))


def _event(verb: Token) -> bool:
    if verb.lower_ in NOT_EVENTS:
        return False
    children = list(verb.children)
    if any(c.dep_ == "mark" and c.lower_ in _CONDITIONS for c in children):
        return False
    if verb.tag_ == "VBD":
        return not any(c.dep_ in ("aux", "auxpass") for c in children)  # "did you just get": no VBD
    if verb.tag_ == "VBN":
        aux = [c for c in children if c.dep_ in ("aux", "auxpass")]
        return any(c.lower_ in _PRESENT_HAVE for c in aux) and all(c.lower_ in _PRESENT_HAVE or c.lower_ == "been" for c in aux)
    return False


def just_happened(tokens: Iterable[Token]) -> bool:
    """Whether ``tokens`` (one sentence or several, not a question) tell an event as just past."""
    for tok in tokens:
        if tok.lower_ == "just" and tok.dep_ == "advmod" and tok.head is not tok and _event(tok.head):
            return True
    return False
