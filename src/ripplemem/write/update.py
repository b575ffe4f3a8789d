"""Update, not only add: compare a candidate with its nearest stored memories.

A near-duplicate merges into the existing memory (its sources grow); a contradiction of the
same slot ("Ava lives in Boston" then "Ava lives in Denver") closes the old memory's validity
and adds the new one; anything else is added. The rule decider below needs no LLM; an LLM
decider with the same signature is used when one is configured.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from ..types import Candidate, MemoryUnit

Action = Literal["ADD", "UPDATE", "SUPERSEDE", "NOOP"]


@dataclass(frozen=True, slots=True)
class Decision:
    action: Action
    target: str | None = None  # the stored memory merged into or superseded
    reason: str = ""
    merged: str | None = None  # UPDATE: a restatement combining both (LLM decider only)


# Stateful predicates: a new value replaces the old one. (slot name, pattern capturing
# the subject and the value). Kept narrow on purpose: "Caroline is excited" and "Caroline
# is tired" are not a contradiction.
_SLOTS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(pattern, re.IGNORECASE))
    for name, pattern in (
        ("residence", r"^(?P<s>[A-Z][\w'-]*(?: [A-Z][\w'-]*)?) (?:now )?(?:lives|is living|moved|has moved|relocated) (?:in|to) (?P<v>[^,.;]+)"),
        ("job", r"^(?P<s>[A-Z][\w'-]*(?: [A-Z][\w'-]*)?) (?:now )?(?:works|is working) (?:at|for|as) (?P<v>[^,.;]+)"),
        ("favorite", r"^(?P<s>[A-Z][\w'-]*(?: [A-Z][\w'-]*)?)'s (?:new )?favou?rite (?P<k>\w+) is (?:now )?(?P<v>[^,.;]+)"),
        ("diet", r"^(?P<s>[A-Z][\w'-]*(?: [A-Z][\w'-]*)?) (?P<v>(?:is|was|has become|became) (?:no longer |not |now )?(?:a )?(?:vegetarian|vegan|pescatarian)|eats (?:meat|fish|chicken)(?: again)?|(?:stopped|started) eating (?:meat|fish))"),
        ("relationship", r"^(?P<s>[A-Z][\w'-]*(?: [A-Z][\w'-]*)?) (?:is|got|has been) (?:now )?(?P<v>married|single|engaged|divorced|separated)"),
    )
)

_NEGATION = re.compile(r"\b(?:not|no longer|never|n't|stopped|quit|anymore)\b", re.IGNORECASE)


def slot_of(text: str) -> tuple[str, str, str] | None:
    """``(slot, subject, value)`` when the text states a stateful predicate."""
    for name, pattern in _SLOTS:
        m = pattern.search(text.strip())
        if m:
            key = name + (":" + m.group("k").lower() if "k" in m.groupdict() and m.group("k") else "")
            return key, m.group("s").lower(), _norm(m.group("v"))
    return None


def _norm(value: str) -> str:
    value = re.sub(r"\b(?:on|in|since) \d{1,2} \w+ \d{4}\b.*$", "", value)
    return re.sub(r"\s+", " ", value.strip().lower().rstrip("."))


def _times_compatible(candidate: Candidate, unit: MemoryUnit) -> bool:
    if candidate.time is None or unit.time is None:
        return True
    return candidate.time.overlaps(unit.time)


def _facts_compatible(candidate: Candidate, unit: MemoryUnit) -> bool:
    a, b = set(candidate.facts), set(unit.facts)
    return a <= b or b <= a


def _negation_flip(a: str, b: str) -> bool:
    return bool(_NEGATION.search(a)) != bool(_NEGATION.search(b))


def decide(
    candidate: Candidate,
    neighbours: list[tuple[MemoryUnit, float]],
    *,
    duplicate_cosine: float,
    supersede_cosine: float,
) -> Decision:
    """Rule decision for one candidate against its nearest current memories (best first)."""
    current = [(u, s) for u, s in neighbours if u.current]
    for unit, sim in current:
        if sim < duplicate_cosine:
            break
        if not (_times_compatible(candidate, unit) and _facts_compatible(candidate, unit)):
            continue
        if _negation_flip(candidate.restatement, unit.restatement):
            return Decision("SUPERSEDE", unit.id, f"negation flip (cos {sim:.2f})")
        if set(candidate.sources) <= set(unit.sources):
            return Decision("NOOP", unit.id, "already stored from the same turns")
        return Decision("UPDATE", unit.id, f"near-duplicate (cos {sim:.2f})")
    slot = slot_of(candidate.restatement)
    if slot is not None:
        for unit, _sim in current:
            other = slot_of(unit.restatement)
            if other and other[:2] == slot[:2] and other[2] != slot[2]:
                return Decision("SUPERSEDE", unit.id, f"new value for {slot[0]} of {slot[1]}")
    for unit, sim in current:
        if sim < supersede_cosine:
            break
        if (
            _negation_flip(candidate.restatement, unit.restatement)
            and candidate.participants == unit.participants
            and _times_compatible(candidate, unit)
        ):
            return Decision("SUPERSEDE", unit.id, f"negation flip (cos {sim:.2f})")
    return Decision("ADD", None, "new")


def merge(unit: MemoryUnit, candidate: Candidate, importance: float) -> MemoryUnit:
    """The stored memory after a near-duplicate merged into it."""
    sources = tuple(dict.fromkeys(unit.sources + candidate.sources))
    facts = tuple(dict.fromkeys(unit.facts + candidate.facts))
    return unit.with_(
        sources=sources,
        facts=facts,
        participants=unit.participants | candidate.participants,
        locations=unit.locations | candidate.locations,
        time=unit.time or candidate.time,
        importance=max(unit.importance, importance),
        layer="core" if "core" in (unit.layer, candidate.layer) else unit.layer,
        tier="long" if candidate.layer == "core" else unit.tier,
    )
