"""Selection (SelMem): an importance score at write time, and the tier a memory lands in.

``importance = w_reuse*reuse + w_relevance*relevance + w_novelty*novelty + w_emphasis*emphasis``
with the article's starting weights 0.4/0.3/0.2/0.1. Explicit signals (a ``core`` candidate:
"remember", preferences, allergies, commitments) bypass the score. Low scores, and memories
that only state a question somebody asked, are kept in the short-term tier: still
searchable at lower priority (``RecallSettings.short_tier_penalty``), never dropped.
Pleasantries never get here: the extractor keeps them in the log only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..config import WriteSettings
from ..ground.text import asked_only, request_exchange
from ..types import Candidate, Layer, Tier

# What stays true after the conversation: a relation, a possession, a plan, a preference or a
# constraint ("Ann's sister", "Ben has a dog", "is planning a trip", "prefers tea", "is allergic
# to nuts"), read from the restatement (third person). One-off chatter names none of these.
_LASTING = re.compile(
    r"\b(?:(?:wife|husband|partner|boyfriend|girlfriend|fianc[eé]e?|spouse|son|daughter|kid|child|children|mom|mum|"
    r"mother|dad|father|parent|brother|sister|sibling|grand(?:ma|pa|mother|father|parent)|aunt|uncle|cousin|niece|"
    r"nephew|friend|roommate|colleague|coworker|boss|neighbou?r|pet|dog|cat)s?"
    r"|owns?|(?:has|have|had|got|bought|adopted)\s+(?:a|an|two|three|four|her|his|their)"
    r"|plans?|planning|intends?|going\s+to|will|signed\s+up|booked|scheduled"
    r"|loves?|likes?|enjoys?|prefers?|hates?|dislikes?|favou?rite"
    r"|allergic|allerg(?:y|ies)|vegan|vegetarian|intolerant|can't|cannot|never|always)\b",
    re.IGNORECASE,
)
LASTING_REUSE = 0.2  # added to the reuse likelihood of a lasting fact


def lasting(text: str) -> bool:
    """Whether a restatement states a lasting fact (relation, possession, plan, preference, constraint)."""
    return bool(_LASTING.search(text))


@dataclass(frozen=True, slots=True)
class Selection:
    importance: float
    layer: Layer
    tier: Tier
    reuse: float
    relevance: float
    novelty: float
    emphasis: float


def reuse_likelihood(candidate: Candidate) -> float:
    """How likely a memory is to be asked about again: concrete cues make it reusable, and a
    lasting fact (:func:`lasting`) more than one-off chatter."""
    score = 0.2
    if lasting(candidate.restatement) and not asked_only(candidate.restatement):
        score += LASTING_REUSE
    if candidate.time is not None:
        score += 0.25
    if candidate.facts:
        score += 0.2
    if candidate.locations:
        score += 0.15
    if len(candidate.participants) > 1:
        score += 0.1
    words = len(candidate.restatement.split())
    if words >= 8:
        score += 0.1
    return min(score, 1.0)


def relevance(candidate: Candidate, speakers: frozenset[str]) -> float:
    """Relevance to the people the memory serves: the conversation's speakers."""
    if not candidate.participants:
        return 0.4
    return 1.0 if candidate.participants & speakers else 0.6


def select(
    candidate: Candidate, novelty: float, speakers: frozenset[str], settings: WriteSettings
) -> Selection:
    """Score one candidate; ``novelty`` is 1 - its best cosine against stored memories."""
    reuse = reuse_likelihood(candidate)
    rel = relevance(candidate, speakers)
    nov = min(max(novelty, 0.0), 1.0)
    emph = min(max(candidate.emphasis, 0.0), 1.0)
    importance = (
        settings.weight_reuse * reuse
        + settings.weight_relevance * rel
        + settings.weight_novelty * nov
        + settings.weight_emphasis * emph
    )
    if candidate.layer == "core":
        return Selection(max(importance, 0.9), "core", "long", reuse, rel, nov, emph)
    tier: Tier = (
        "short"
        if importance < settings.short_tier_below or asked_only(candidate.restatement) or request_exchange(candidate.restatement)
        else "long"
    )
    return Selection(round(importance, 4), candidate.layer, tier, reuse, rel, nov, emph)
