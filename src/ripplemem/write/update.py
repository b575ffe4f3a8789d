"""Update, not only add: compare a candidate with its nearest stored memories.

A near-duplicate merges into the existing memory (its sources grow). A stored memory is
closed (SUPERSEDE) only when the candidate changes the same subject's same slot to an
explicit new value, or ends it: "Ava lives in Boston" then "Ava moved to Denver";
"Caroline works as a nurse" then "Caroline no longer works as a nurse". The slots and
their verb frames are in :mod:`.slots`; a negation or another statement about the same
topic is not a reversal, and the same value restated ("Ava doesn't eat meat" after "Ava
is vegetarian") is a duplicate, never a supersession. Anything else is added. The rule
decider needs no LLM; an LLM decider with the same signature is used when one is
configured.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from ..types import Candidate, MemoryUnit
from . import slots
from .slots import Claim, Sentence

Action = Literal["ADD", "UPDATE", "SUPERSEDE", "NOOP"]

# A state restated with another value closes the old one for these slots ("lives in
# Boston" / "lives in Denver"); the others need an explicit change ("now", "switched",
# "a new ...") or an end, because a subject holds several values at once (pets, things
# owned, plans, diets like gluten-free beside vegetarian, favourites of no named kind).
_SINGLE_VALUED = {"residence", "employer", "role", "relationship", "diet", "school", "year", "count", "record",
                  "progress", "duration", "rate", "attribute", "kept", "favourite"}
_RANK = {"senior", "junior", "lead", "head", "chief", "principal", "assistant", "deputy", "staff", "associate",
         "vice", "executive", "interim", "acting", "trainee", "apprentice"}
_GENERIC = {"job", "place", "thing", "work", "position", "role", "one", "time", "new", "old"}
_NEGATION = re.compile(r"\b(?:not|no longer|never|n't|stopped|quit|anymore)\b", re.IGNORECASE)
_VAGUE = re.compile(r"^(?:a few|several|some|many|a couple(?: of)?|a lot of|lots of|a number of|a while)\b",
                    re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Decision:
    action: Action
    target: str | None = None  # the stored memory merged into or superseded
    reason: str = ""
    merged: str | None = None  # UPDATE: a restatement combining both (LLM decider only)


@lru_cache(maxsize=8192)
def _read(text: str) -> tuple[Sentence, ...]:
    return tuple(slots.read(text))


def slot_of(text: str) -> tuple[str, str, str] | None:
    """``(slot, subject, value)`` of the first current-state claim the text makes, if any."""
    for claim in (c for s in _read(text) for c in s.claims):
        if claim.mode in ("state", "change") and claim.slot != "act":
            return claim.slot, claim.subject, claim.value
    return None


# -- values ------------------------------------------------------------------------------------


def _numbers(value: str) -> frozenset[float]:
    found = set()
    for token in re.findall(r"\d[\d,]*(?:\.\d+)?k?|[a-z]+", value.lower()):
        if token[0].isdigit() or token in ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                                           "ten", "eleven", "twelve", "twenty", "thirty", "dozen", "a", "an"):
            n = slots.number_of(token)
            if n is not None and not (token in ("a", "an") and re.search(r"\d", value)):
                found.add(n)
    return frozenset(found)


def _tokens(value: str) -> frozenset[str]:
    return frozenset(slots.stem(w) for w in re.findall(r"[a-z0-9][a-z0-9&'-]*", value.lower())
                     if w not in slots.FUNCTION_WORDS or w in ("new", "old"))


def _initials(value: str) -> str:
    return "".join(w[0] for w in value.split() if w)


def same_value(a: str, b: str) -> bool:
    """Whether two values of one slot say the same thing (paraphrase, abbreviation, more detail)."""
    if a.startswith("levels:") or b.startswith("levels:"):
        return bool(set(a[7:].split(",")) & set(b[7:].split(",")))
    if a == b:
        return True
    if not a or not b:
        return False
    na, nb = _numbers(a), _numbers(b)
    if (na or nb) and na != nb:
        return False
    if a.replace(" ", "") == _initials(b) or b.replace(" ", "") == _initials(a):
        return True
    ta, tb = _tokens(a) - {"new"}, _tokens(b) - {"new"}
    if not ta or not tb:
        return a in b or b in a
    if ta <= tb or tb <= ta:
        return not ((ta ^ tb) & _RANK)
    return len(ta & tb) / len(ta | tb) >= 0.5


def _names_it(ended: str, value: str, head: bool = False) -> bool:
    """Whether an ended value ("the Honda Civic", "banker") names a stored value ("2015 honda civic").
    With ``head``, the ended value's last word must be among the shared ones ("the cat toy" does not
    name "cat luna")."""
    if not ended:
        return True
    if same_value(ended, value):
        return True
    ne, nv = _numbers(ended), _numbers(value)
    if ne and nv and not ne & nv:
        return False
    shared = (_tokens(ended) & _tokens(value)) - _GENERIC
    if head and shared:
        words = [w for w in re.findall(r"[a-z0-9][a-z0-9&'-]*", ended.lower()) if w not in slots.FUNCTION_WORDS]
        return bool(words) and slots.stem(words[-1]) in shared
    return bool(shared)


def _keys_match(slot: str, a: str, b: str) -> bool:
    if a == b:
        return True
    if slot in ("favourite", "attribute", "residence") or (slot == "count" and " " not in a + b):
        return slots.stem(a) == slots.stem(b) if a and b else False
    if slot == "relationship":
        return not a or not b
    if slot in ("duration", "count"):
        va, vb = a.split(" ", 1) + [""], b.split(" ", 1) + [""]
        return va[0] == vb[0] and (not va[1] or not vb[1] or bool(set(va[1].split()) & set(vb[1].split())))
    sa, sb = slots.content_stems(a), slots.content_stems(b)
    return not sa or not sb or bool(sa & sb)


# -- claims against claims ---------------------------------------------------------------------


def _same_subject(a: str, b: str) -> bool:
    """"john's family" keeps John's pets and homes: a household is its owner here."""
    return a == b or a.replace("'s family", "") == b.replace("'s family", "")


def _job_family(slot: str) -> str:
    return "job" if slot in ("job", "employer", "role") else slot


def _against(new: Claim, old: Claim) -> str | None:
    """Why ``new`` closes ``old`` (same subject, same slot), or ``None``."""
    if old.mode not in ("state", "change") or not _same_subject(new.subject, old.subject):
        return None
    if _job_family(new.slot) != _job_family(old.slot):
        return None
    if new.slot == "job" or old.slot == "job":  # an ended or new job without a named facet
        if new.mode == "ended":
            return f"ended job {new.value or ''}".strip() if _names_it(new.value, old.value) else None
        if new.mode == "change" and not new.value and old.value:
            return "a new job"
        return None
    if new.slot != old.slot or not _keys_match(new.slot, new.key, old.key):
        if not (new.slot == old.slot == "has" and new.mode == "ended"):  # a thing ended is matched by name
            return None
    if (_VAGUE.search(new.value) or _VAGUE.search(old.value)) and new.mode != "ended":
        return None  # "for a few weeks" is no explicit value to change from or to
    label = f"{new.slot}{':' + new.key if new.key and new.slot != 'relationship' else ''} of {new.subject}"
    if new.mode == "ended":
        return f"ended {label} ({old.value})" if _names_it(new.value, old.value, head=new.slot == "has") else None
    if new.slot == "relationship":
        if new.value != old.value:
            return f"{label}: {old.value} -> {new.value}"
        if new.key and old.key and new.key != old.key:
            return f"{label}: partner {old.key} -> {new.key}"
        return None
    if same_value(new.value, old.value):
        return None
    if not new.value:
        return f"{label}: new value" if new.mode == "change" and old.value else None
    strict = new.slot in _SINGLE_VALUED and not (new.slot == "favourite" and not new.key)
    if strict or new.mode == "change":
        if new.slot == "has" and not new.key:
            return None
        return f"{label}: {old.value} -> {new.value}"
    return None


def _resumed(new: Claim, old: Claim) -> str | None:
    """A state that an old memory said had ended is back: "stopped drinking" then "drinks again"."""
    if old.mode != "ended" or new.mode not in ("state", "change") or not _same_subject(new.subject, old.subject):
        return None
    if new.slot == old.slot and new.slot != "act" and _names_it(old.value, new.value) and old.value:
        return f"{new.slot} of {new.subject} again: {new.value}"
    return None


# -- an ended act against the sentences of a stored memory -------------------------------------


def _act_ends(new: Claim, sentence: Sentence) -> bool:
    """Whether an ended act ("stopped running", "instead of taking the train") is what the stored
    sentence asserts now ("the user runs every morning")."""
    if not sentence.asserted or sentence.past:
        return False
    owners = {sentence.subject, sentence.owner}
    if new.subject not in owners and not any(o.startswith(new.subject + "'s") for o in owners):
        return False
    need = slots.content_stems(new.value)
    have = sentence.stems
    scope = {slots.stem(q.lower()) for q in slots.QUALIFIER.findall(new.value)}
    if not need or not scope <= have:
        return False
    need -= scope
    if not need:  # the time itself ended: "on Thursdays now instead of Mondays"
        return True
    if new.key == "v":
        words = re.findall(r"[a-z][a-z'-]*", new.value)
        verb = slots.stem(words[0]) if words else ""
        objects = need - {verb}
        return verb in have and (not objects or len(objects & have) * 2 >= len(objects))
    return len(need & have) * 2 >= len(need) and bool(need & have)


def _restates(new_claims: list[Claim], sentence: Sentence) -> bool:
    """The stored sentence already tells the same change: it names the new value ("upgraded the RAM
    from 8GB to 16GB" twice), or itself says the value ended."""
    for claim in new_claims:
        if claim.slot == "act" and claim.mode == "change" and claim.value:
            if slots.content_stems(claim.value) <= sentence.stems:
                return True
    return any(c.slot == "act" and c.mode == "ended" for c in sentence.claims)


def _plan_moved(new: Claim, sentence: Sentence) -> bool:
    """Whether a moved or postponed plan ("moved the wedding to June 20") is the one the stored
    sentence dates ("the wedding is planned for May 12")."""
    if not sentence.asserted:
        return False
    if new.subject not in (sentence.subject, sentence.owner) and not sentence.subject.endswith(new.key):
        return False
    key = slots.content_stems(new.key)
    if not key or not key & sentence.stems:
        return False
    old_times = set(slots.TIMEWORD.findall(sentence.text.lower()))
    new_times = set(slots.TIMEWORD.findall(new.value))
    return bool(old_times) and bool(new_times) and not old_times >= new_times


def supersedes(candidate_text: str, unit_text: str) -> str | None:
    """Why the candidate closes the stored memory, or ``None`` (the slot rule, no cosine)."""
    new = _read(candidate_text)
    new_claims = [c for s in new for c in s.claims if c.cue != "still"]
    if not new_claims:
        return None
    old = _read(unit_text)
    old_claims = [c for s in old for c in s.claims]
    # a slot whose stored value the candidate restates is not changed by another value beside it
    # ("works as a nurse and as a tutor" after "works as a nurse")
    kept = {(o.slot, o.subject) for o in old_claims for c in new_claims
            if c.mode in ("state", "change") and o.mode in ("state", "change") and (c.slot, c.subject) ==
            (o.slot, o.subject) and same_value(c.value, o.value)}
    for claim in new_claims:
        for other in old_claims:
            if (claim.slot, claim.subject) in kept and claim.mode != "ended":
                continue
            reason = _against(claim, other) or _resumed(claim, other)
            if reason:
                return reason
        if claim.slot == "act" and claim.mode == "ended":
            for sentence in old:
                if _act_ends(claim, sentence) and not _restates(new_claims, sentence):
                    return f"no longer: {claim.value}"
        if claim.slot == "plan":
            for sentence in old:
                if _plan_moved(claim, sentence):
                    return f"plan moved: {claim.key} -> {claim.value}"
    return None


# -- the decision ------------------------------------------------------------------------------


def _times_compatible(candidate: Candidate, unit: MemoryUnit) -> bool:
    if candidate.time is None or unit.time is None:
        return True
    return candidate.time.overlaps(unit.time)


def _facts_compatible(candidate: Candidate, unit: MemoryUnit) -> bool:
    a, b = set(candidate.facts), set(unit.facts)
    return a <= b or b <= a


def _negation_flip(a: str, b: str) -> bool:
    return bool(_NEGATION.search(a)) != bool(_NEGATION.search(b))


def may_close(candidate: Candidate, unit: MemoryUnit) -> bool:
    """A candidate closes only what was said before it, about a state its change comes after."""
    said = unit.mentioned_at or unit.valid_from
    if candidate.mentioned_at is not None and said is not None and candidate.mentioned_at < said:
        return False
    return not (candidate.time is not None and said is not None and candidate.time.end <= said)


def decide(
    candidate: Candidate,
    neighbours: list[tuple[MemoryUnit, float]],
    *,
    duplicate_cosine: float,
    supersede_cosine: float = 0.0,
) -> Decision:
    """Rule decision for one candidate against its nearest current memories (best first).

    ``supersede_cosine`` is accepted for compatibility and not used: a supersession needs
    the same slot of the same subject to change, which cosine cannot tell (a negated
    restatement is as close as a real change).
    """
    current = [(u, s) for u, s in neighbours if u.current]
    for unit, sim in current:
        if may_close(candidate, unit):
            reason = supersedes(candidate.restatement, unit.restatement)
            if reason:
                return Decision("SUPERSEDE", unit.id, f"{reason} (cos {sim:.2f})")
        if sim < duplicate_cosine:
            continue
        if not (_times_compatible(candidate, unit) and _facts_compatible(candidate, unit)):
            continue
        if _negation_flip(candidate.restatement, unit.restatement):
            continue
        if set(candidate.sources) <= set(unit.sources):
            return Decision("NOOP", unit.id, "already stored from the same turns")
        return Decision("UPDATE", unit.id, f"near-duplicate (cos {sim:.2f})")
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
        concepts=unit.concepts | candidate.concepts,
        role=unit.role if unit.role == candidate.role else "",
        time=unit.time or candidate.time,
        importance=max(unit.importance, importance),
        layer="core" if "core" in (unit.layer, candidate.layer) else unit.layer,
        tier="long" if candidate.layer == "core" else unit.tier,
    )
