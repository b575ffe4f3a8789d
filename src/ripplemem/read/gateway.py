"""Gateways: what the first hits reveal that the question lacks, and the memories behind it.

An anchor (a memory found first) often names the piece that links it to the rest of the
answer: the venue of a recommendation, the giver of a gift, the event a date is relative
to. The question does not contain it, so no view of the question finds what else is said
about it. A gateway is such a cue of an anchor: a named person or place it carries, or a
specific content word ("seafood", "violin", "marathon") of its restatement, minus the
question's own words, the conversation's common names (its speakers) and words too general
to link anything (``ground.text.GENERIC``).

Following a gateway walks the implicit memory - cue - memory graph of the cue indexes (the
full-text index for words, the name indexes for people and places): each anchor's gateways
are one BM25 query, so a rare word links strongly and a common one hardly at all, and the
best ``per_anchor`` memories become hits reached *via* that anchor. Pure over a search
callable, so it tests without a store.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

import numpy as np

from ..ground.concepts import concepts_of
from ..ground.sentences import sentences
from ..ground.text import keywords
from ..types import Cues, Hit, MemoryUnit, Vector

Search = Callable[[str, int], list[tuple[str, float]]]


def _name_words(names: Iterable[str]) -> set[str]:
    return {w.lower().strip("'") for n in names for w in n.replace("'s", "").split()}


def _stem(word: str) -> str:
    return word.lower().removesuffix("'s")[:5]


def mentions(text: str, concept: str) -> bool:
    """Whether ``text`` mentions every word of ``concept`` (by its first five letters, so
    "oysters" mentions "oyster")."""
    return covers(stems(text), concept)


def stems(text: str) -> set[str]:
    """The first five letters of each content word of ``text``."""
    return {_stem(w) for w in keywords(text)}


def covers(text_stems: set[str], concept: str) -> bool:
    """Whether ``text_stems`` (see :func:`stems`) hold every word of ``concept`` (but the
    "and" or "&" of a name such as "Olive and Ash")."""
    return all(_stem(w) in text_stems for w in concept.lower().split() if w not in _JOINERS)


_JOINERS = ("and", "&")


def compound_names(text: str, names: Sequence[str], people: Iterable[str]) -> list[str]:
    """``names`` with two of them that ``text`` joins by "and" or "&" as one ("Olive and Ash",
    "Marrow & Rye": a venue, a firm, a shop), unless both are ``people`` ("Noah and Esme").
    Each half alone is a common word or first name that many other memories carry; the
    name is what links the memories about the place."""
    people = {p.lower() for p in people}
    out = list(names)
    for a in names:
        for b in names:
            if a == b or a not in out or b not in out or (a.lower() in people and b.lower() in people):
                continue
            m = re.search(rf"\b{re.escape(a)}\s+(?:and|&)\s+{re.escape(b)}\b", text)
            if m:
                out[out.index(a)] = m.group()
                out.remove(b)
    return out


def with_concepts(units: Sequence[MemoryUnit], common: Iterable[str] = ()) -> list[MemoryUnit]:
    """``units``, those stored without concepts given them from a parse of their restatement."""
    bare = [u for u in units if not u.concepts]
    if not bare:
        return list(units)
    found = concepts_of([u.restatement for u in bare], [[*u.participants, *u.locations, *common] for u in bare])
    filled = {u.id: u.with_(concepts=frozenset(c)) for u, c in zip(bare, found, strict=True)}
    return [filled.get(u.id, u) for u in units]


def focus(text: str, words: Iterable[str]) -> str:
    """The sentences of ``text`` that share a word with ``words`` (by their first five
    letters), else the whole text: the part of a memory that matched is where its links
    to the rest of the answer are, not in what else the same turn said."""
    wanted = {_stem(w) for w in words if len(w) > 2}
    parts = sentences(text)
    hit = [p for p in parts if wanted & {_stem(w) for w in keywords(p)}]
    return " ".join(hit) if hit and len(hit) < len(parts) else text


def gateways(
    unit: MemoryUnit, cues: Cues, common: frozenset[str], n: int, via: Iterable[str] = ()
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``(names, concepts)``: the salient names of ``unit`` the question lacks (people,
    places, and proper-name concepts such as a venue the recogniser missed), and up to ``n``
    of its other concepts (neither the question's, nor a common name's, nor generic), taken
    from the sentences that matched: the question's words, or ``via``, the cue that led to
    ``unit`` in the round before. A name the question named only by a relation
    (``Cues.related``: "Bastian" for "Kai's brother-in-law") is still one it lacks: what
    else is said of him ("Bastian needed the inhaler") is the next link."""
    asked = set(cues.keywords) | _name_words((cues.participants - cues.related) | cues.locations)
    via = tuple(via)
    text = focus(unit.restatement, [*_name_words(via), *via] if via else asked).lower()
    stems = {_stem(w) for w in keywords(text)}
    names = [
        name for name in sorted(unit.locations | unit.participants)
        if name.lower() not in common and not (_name_words([name]) <= asked) and name.lower() in text
    ]
    skip = asked | _name_words(common) | _name_words(names) | {w.lower() for w in via}
    proper: list[str] = []
    words: list[str] = []
    for concept in sorted(unit.concepts):  # sorted: a frozenset's order changes with the hash seed
        parts = concept.lower().split()
        if not all(_stem(p) in stems for p in parts) or all(p in skip or _stem(p) in {_stem(a) for a in skip} for p in parts):
            continue
        if concept[:1].isupper():
            proper.append(concept)
        elif not any(ch.isdigit() for ch in concept):
            words.append(concept)
    names = compound_names(unit.restatement, list(dict.fromkeys([*names, *proper])), unit.participants)
    return tuple(names), tuple(dict.fromkeys(words))[:n]


def _closeness(
    anchor: MemoryUnit, kept: Sequence[tuple[int, int, str, list[str]]], vecs: dict[str, Vector]
) -> dict[str, float]:
    """How well each linked memory fits the anchor's story: its cosine to the anchor, or,
    when higher, to a memory linked through another of the anchor's cues (two pieces that
    bear on each other, as a venue's menu and a guest's allergy do, support each other)."""
    out: dict[str, float] = {}
    ids = [uid for uid in dict.fromkeys(u for c in kept for u in c[3]) if uid in vecs]
    if not ids:
        return out
    matrix = np.stack([vecs[u] for u in ids])
    to_anchor = matrix @ anchor.vector if anchor.vector is not None else np.zeros(len(ids))
    pairs = matrix @ matrix.T
    cue_of = {uid: {c[2] for c in kept if uid in c[3]} for uid in ids}
    for i, uid in enumerate(ids):
        others = [j for j, v in enumerate(ids) if cue_of[v] - cue_of[uid] and v != uid]
        support = float(pairs[i, others].max()) if others else 0.0
        out[uid] = max(float(to_anchor[i]), support)
    return out


def follow(
    anchors: Sequence[MemoryUnit],
    cues: Cues,
    common: frozenset[str],
    search: Search,
    names: Search,
    vectors: Callable[[list[str]], dict[str, Vector]],
    standing: Callable[[str], float] = lambda _: 1.0,
    *,
    rare: int,
    terms: int,
    word_reach: int = 4,
    closeness_share: float = 0.5,
    concept_link: float = 1.0,
    per_cue: int = 2,
    limit: int,
    skip: set[str],
    known: frozenset[str] | set[str] = frozenset(),
    led_by: dict[str, str] | None = None,
) -> tuple[list[Hit], dict[str, tuple[str, ...]]]:
    """Hits reached through each anchor's gateways, and the gateways used per anchor.

    Each gateway cue (a name through the name indexes, a word through the full-text index)
    is looked up on its own, at most ``4 * rare`` memories deep; a lookup's hit weighs 1,
    or 0 when it restates other hits and is not to be counted. A cue carried by ``df``
    other memories links them with ``sqrt(rare / df)``, capped at 1: a cue shared by two or
    three memories is a full link, one shared by a dozen a weak one, and one shared by more
    than ``4 * rare`` (too common to mean anything) links nothing; nor does a word only the
    anchor uses, or one more than ``word_reach * rare`` carry: a name shared by a dozen
    memories is still one person, a common noun the conversation's topic ("class",
    "school" between two dancers; on LoCoMo @1500 0.906 -> 0.908 with 2 against 4,
    chain sets the same but one question; docs/benchmarks.md). Of the anchor's words the ``terms`` rarest are kept. A link is then
    weighed by how well the linked memory fits the anchor's story (``1 - c + c * fit``, ``c`` =
    ``closeness_share``; ``fit`` its cosine to the anchor or to a memory linked through
    another of the anchor's cues, whichever is higher), so that
    of two memories sharing a rare word the one about the same matter comes first, and by
    the anchor's ``standing`` (its score relative to the best anchor's). A memory
    keeps its strongest link; the ``limit`` strongest of the round become hits (at most
    ``per_cue`` through any one cue, so that one cue cannot claim them all), ``path``
    carrying the strength for ranking. The limit bounds how much of the evidence a round of
    gateways may claim: a memory in ``known`` (already a candidate, found weakly by a view)
    is linked too, so that the link lifts it, but takes none of the ``limit`` new places.
    """
    used: dict[str, tuple[str, ...]] = {}
    depth = 4 * rare
    links: dict[str, tuple[float, int, str, str]] = {}  # uid -> (strength, -anchor rank, anchor, cue)
    for a_rank, anchor in enumerate(anchors):
        lead = (led_by or {}).get(anchor.id)
        people_places, words = gateways(anchor, cues, common, 2 * terms, (lead,) if lead else ())
        if concept_link <= 0:
            words = ()  # concepts off: names only
        shared: list[tuple[int, int, str, list[str]]] = []  # (is word, df, cue, linked)
        indexed = anchor.participants | anchor.locations
        for cue, lookup, is_word in [
            *((n, names if n in indexed else search, 0) for n in people_places), *((w, search, 1) for w in words)
        ]:
            found = [(uid, w) for uid, w in lookup(cue, depth + 2) if uid != anchor.id]  # +2: the anchor itself
            df = round(sum(w for _, w in found))  # a hit of weight 0 (a list restating others) is linked, not counted
            if 0 < df <= (word_reach * rare if is_word else depth):
                shared.append((is_word, df, cue, [uid for uid, _ in found]))
        names_kept = [c for c in shared if not c[0]]
        words_kept = sorted((c for c in shared if c[0]), key=lambda c: (c[1], c[2]))[:terms]
        kept = names_kept + words_kept
        if not kept:
            continue
        used[anchor.id] = tuple(c[2] for c in kept)
        near = _closeness(anchor, kept, vectors(sorted({uid for c in kept for uid in c[3]})))
        trust = standing(anchor.id)
        for is_word, df, cue, linked in kept:
            link = min(1.0, (rare / df) ** 0.5) * trust * (concept_link if is_word else 1.0)
            for uid in linked:
                weight = round(link * (1 - closeness_share + closeness_share * max(near.get(uid, 0.0), 0.0)), 6)
                if uid not in skip and (uid not in links or (weight, -a_rank) > links[uid][:2]):
                    links[uid] = (weight, -a_rank, anchor.id, cue)
    best: list[tuple[str, tuple[float, int, str, str]]] = []
    per: dict[str, int] = {}
    for uid, link in sorted(links.items(), key=lambda p: (-p[1][0], -p[1][1], p[0])):
        if uid in known:
            best.append((uid, link))  # already a candidate: the link lifts it, and claims no new place
        elif sum(u not in known for u, _ in best) < limit and per.get(link[3], 0) < per_cue:
            best.append((uid, link))
            per[link[3]] = per.get(link[3], 0) + 1
    hits = [
        Hit(uid, "diffusion:gateway", w, rank, via, w, ("gateway",), cue)
        for rank, (uid, (w, _, via, cue)) in enumerate(best)
    ]
    return hits, used
