"""The recall planner: ``(d, A, g, s) = Plan(q, cues, C)``.

The rule planner (no LLM) continues whenever something was found (see :func:`rule_plan`),
picks up to three anchors: the best memory, then those both well aligned with the query
and gateways (they carry cues the query lacks), and writes
the missing-support target as a statement in the style of a memory restatement, plus target
cues. The LLM planner (``read/plan_llm.py``) has the same signature and falls back to this.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ..config import RecallSettings
from ..types import Cues, MemoryUnit, Plan
from .assemble import Found
from .cues import about, asks_when, keywords

DEFAULTS = RecallSettings()

_WH = re.compile(
    r"^\s*(?:what|when|where|who|whom|whose|which|why|how(?: many| much| long| often| old)?)\b\s*"
    r"(?:(?:did|does|do|is|are|was|were|has|have|had|would|could|should|will|can|might)\b\s*)?",
    re.IGNORECASE,
)
_AUX = re.compile(r"^\s*(?:did|does|do|is|are|was|were|has|have|had|would|could|should|will|can|might)\b\s*", re.IGNORECASE)


def declarative(question: str) -> str:
    """A question rewritten as a statement ("When did Ana go to Rome?" -> "Ana go to Rome.")."""
    text = question.strip().rstrip("?").strip()
    stripped = _WH.sub("", text, count=1)
    if stripped == text:
        stripped = _AUX.sub("", text, count=1)
    stripped = stripped.strip() or text
    return stripped[0].upper() + stripped[1:] + "."


def _mentions(text: str, word: str) -> bool:
    return word[: max(4, len(word) - 2)] in text


def missing_cues(cues: Cues, evidence: Sequence[Found]) -> tuple[list[str], set[str], set[str]]:
    """Query keywords, participants and places that the evidence does not mention yet."""
    text = " ".join(f.unit.restatement.lower() for f in evidence)
    people = {p.lower() for f in evidence for p in f.unit.participants}
    places = {p.lower() for f in evidence for p in f.unit.locations}
    kw = [w for w in cues.keywords if not _mentions(text, w)]
    return kw, {p for p in cues.participants if p.lower() not in people}, {p for p in cues.locations if p.lower() not in places}


def _gateway(found: Found, cues: Cues) -> float:
    own = {p.lower() for p in found.unit.participants | found.unit.locations}
    own |= set(keywords(found.unit.restatement))
    known = {p.lower() for p in cues.participants | cues.locations} | set(cues.keywords)
    if not own:
        return 0.0
    return len(own - known) / len(own)


def choose_anchors(cues: Cues, ranked: Sequence[Found], n: int, window: int = 10, missing: Iterable[str] = ()) -> list[Found]:
    """Up to ``n`` anchors: the best memory found, then the useful (high score) gateways
    (cues the query lacks). The best is always one: it is the likeliest first piece of the
    evidence, and what it names that the question does not is the next link of the chain;
    ranked by its gateway share it lost its place to small talk that shares only a name
    with the question ("Rafael came round for tea" over "Rafael said the Blue Door").
    A memory that names one of the question's people or places the best ones lack
    (``missing``; "Clodagh", the name "Shira's sister" was given, ``Cues.related``) comes
    next: what it says of them is where the chain goes on ("Clodagh called, it's Rookery
    Manor")."""
    pool = list(ranked[:window])
    if not pool:
        return []
    top = pool[0].score or 1.0
    wanted = [re.compile(rf"(?<![\w-]){re.escape(m)}(?![\w-])") for m in sorted(set(missing))]

    def names_missing(f: Found) -> bool:
        return any(w.search(f.unit.restatement) for w in wanted)

    rest = sorted(pool[1:], key=lambda f: (not names_missing(f), -(f.score / top) * (0.5 + 0.5 * _gateway(f, cues)), f.unit.id))
    return [pool[0], *rest][:n]


def anchor_terms(anchors: Sequence[Found], cues: Cues, names: Sequence[str], n: int = 6) -> list[str]:
    """The anchors' most shared concepts that the query lacks (feedback from the anchors):
    the things they are about (``ground.concepts``), or, for a memory stored without them,
    its content words."""
    skip = set(cues.keywords) | {w.lower() for name in names for w in name.split()}
    skip |= {w.lower() for f in anchors for p in f.unit.participants for w in p.split()}
    counts: dict[str, int] = {}
    for f in anchors:
        for word in sorted(f.unit.concepts) if f.unit.concepts else keywords(f.unit.restatement):
            if word not in skip and not word.isdigit() and len(word) > 3:
                counts[word] = counts.get(word, 0) + 1
    return [w for w, _ in sorted(counts.items(), key=lambda p: (-p[1], p[0]))[:n]]


def _about_asked(unit: MemoryUnit, people: frozenset[str]) -> bool:
    """Whether ``unit`` is about one of the question's ``people`` (any memory, when it names
    none): "Kenji's tattoo appointment was on 20 March" does not date Ingrid's."""
    return not people or about(unit, {p.lower() for p in people})


def rule_plan(query: str, cues: Cues, ranked: Sequence[Found], rs: RecallSettings = DEFAULTS) -> Plan:
    """From where to look further, and for what; it stops only when nothing was found.

    That the top memories hold every word of the question says nothing of whether they hold
    the answer: "Where did Caroline move from?" is matched word for word by "Caroline has
    known these friends since she moved from her home country", and the country is named in
    another memory that shares "home country" with it. So a covered question is followed
    too (on LoCoMo, stopping there cost 0.025 of multi-hop recall at 1,500 tokens; the
    chain set's relative-time chains went from 0.73 to 0.88 complete at 400 once followed).
    The rounds stay bounded by ``rs.rounds`` and stop when a round finds nothing new.

    What does end it is the question's need met (``rs.date_stop``): a question that asks for a
    date ("When did Ana sell the car?") whose best memory states one (a grounded time, not
    "two weeks after the wedding", which is what a chain follows). On LoCoMo that took
    temporal recall at 1,500 tokens from 0.936 to 0.942; the chain set's relative-time
    chains, whose first hit is not grounded, are unchanged (docs/benchmarks.md)."""
    if not ranked:
        return Plan(False, (), "", Cues(), "no evidence to start from")
    if rs.date_stop and ranked[0].unit.time is not None and asks_when(query) and _about_asked(ranked[0].unit, cues.participants):
        return Plan(False, (), "", Cues(), "the best memory states a date, which the question asks for")
    kw, people, places = missing_cues(cues, ranked[:3])
    anchors = choose_anchors(cues, ranked, rs.anchors, rs.planner_window, people | places if rs.missing_anchors else ())
    anchor_people = {p for f in anchors for p in f.unit.participants}
    anchor_places = {p for f in anchors for p in f.unit.locations}
    target = declarative(query)
    extra = [p for p in sorted(anchor_places | anchor_people) if p.lower() not in target.lower()]
    extra += anchor_terms(anchors, cues, extra, rs.target_terms)
    if extra:
        target = f"{target[:-1]}, with {', '.join(extra)}."
    target_cues = Cues(
        participants=frozenset(cues.participants | anchor_people),
        locations=frozenset(cues.locations | anchor_places),
        time=cues.time,
        keywords=tuple(kw) or cues.keywords,
    )
    if kw or people or places:
        reason = "missing: " + ", ".join(kw + sorted(people) + sorted(places))
    else:
        reason = "words covered: following what the anchors carry"
    return Plan(True, tuple(f.unit.id for f in anchors), target, target_cues, reason)
