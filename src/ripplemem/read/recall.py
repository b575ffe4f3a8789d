"""Three-view initial recall ``C0``: dense, lexical and structural, each hit keeping its view.

A name carried by a large share of the scope's memories does not discriminate (the main
speakers of a conversation are participants of almost everything), so it is left out of the
structural view instead of flooding it with arbitrary memories (see ``ground.salience``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import zip_longest

from ..config import GraphSettings, RecallSettings
from ..ground.relations import asked_relations, names_for, relation_aliases, says_relation
from ..ground.salience import salient
from ..store.base import Store
from ..types import Cues, Hit, MemoryUnit, Scope, TimeSpan, Vector
from .assemble import DICTATED, dictated
from .cues import says


def _hits(pairs: list[tuple[str, float]], route: str, scale: float | None = None) -> list[Hit]:
    top = scale if scale is not None else (pairs[0][1] if pairs and pairs[0][1] > 0 else 1.0)
    return [Hit(uid, route, round(max(score, 0.0) / top, 6), rank) for rank, (uid, score) in enumerate(pairs)]


def dense_scale(pairs: list[tuple[str, float]], relative: float) -> float:
    """What the dense view's cosines are divided by: the best cosine to the power ``relative``.
    The lexical view's scores are shares of its best hit's, so its first hit scores 1.0 however
    little of the question it matches; a cosine is absolute, and MiniLM's rarely pass 0.6. Kept
    absolute (0), a memory only the dense view found (the user's "started as a Marketing
    Coordinator" for "How long have I been working in my current role?", cosine 0.48 and the
    next 0.29) ranked below four memories that share "working" or "current" with the question.
    Halfway (0.5) keeps the dense view's own strength in its scores and puts the two views on
    one footing; fully relative (1) lifts a poor best match as high as a good one. With no
    lexical hit there is nothing to put it on a footing with: the cosines stay absolute, like
    the diffusion hits' matches to the target (a request whose frame alone is like the
    question's, "Can you recommend some podcasts I might find interesting?", would otherwise
    outrank the statement the answer should follow)."""
    top = pairs[0][1] if pairs and pairs[0][1] > 0 else 1.0
    return float(top**relative)


def salient_names(store: Store, scope: Scope, kind: str, names: frozenset[str], total: int, gs: GraphSettings) -> frozenset[str]:
    """The names of ``kind`` that discriminate in this scope (see ``ground.salience``)."""
    return salient(
        names, lambda ns: store.name_counts(scope, kind, ns), total,  # type: ignore[arg-type]
        share=gs.name_share, min_units=gs.name_min_units,
    )


def discriminating(store: Store, scope: Scope, cues: Cues, total: int, gs: GraphSettings) -> Cues:
    """``cues`` with only the people and places that discriminate in this scope
    (:func:`salient_names`): what the structural view and the relation lookup read, counted
    once a recall."""
    return replace(
        cues,
        participants=salient_names(store, scope, "participant", cues.participants, total, gs),
        locations=salient_names(store, scope, "location", cues.locations, total, gs),
    )


def structural_view(
    store: Store, scope: Scope, useful: Cues, k: int, gs: GraphSettings, aliases: Mapping[str, Sequence[str]] | None = None,
    qvec: Vector | None = None, time_depth: int = 1, time_specific: float = 0.0,
) -> list[Hit]:
    """Memories matching the query's participants, places and time, best first; ``useful``
    holds only the names that discriminate (:func:`discriminating`). A person is also matched
    where a memory calls them by a relation they were named with (``aliases``,
    :func:`relations`; :func:`relation_hits`). The time's memories: see :func:`of_time`."""
    score: dict[str, float] = defaultdict(float)
    weight = 0.0
    for names, w, lookup in (
        (useful.participants, gs.weight_participants, store.by_participants),
        (useful.locations, gs.weight_locations, store.by_locations),
    ):
        if not names:
            continue
        weight += w
        for name in sorted(names):
            named = [uid for uid, _ in lookup(scope, [name], k)]
            for uid in [*named, *relation_hits(store, scope, name, (aliases or {}).get(name, ()), set(named), k)]:
                score[uid] += w / len(names)
    if useful.time is not None:
        weight += gs.weight_time
        for uid, compat in of_time(store, scope, useful.time, k, qvec, time_depth, time_specific):
            score[uid] += gs.weight_time * compat
    if not score:
        return []
    ranked = sorted(score.items(), key=lambda p: (-p[1], p[0]))[:k]
    return _hits(ranked, "structural", scale=weight)


def of_time(
    store: Store, scope: Scope, span: TimeSpan, k: int, qvec: Vector | None, depth: int, specific: float = 0.0
) -> list[tuple[str, float]]:
    """``k`` memories of the question's time ``span`` with their match: read ``depth`` times
    deeper, those nearest in time first and, among as near, those closest to the question
    (``qvec``). A memory whose time is wider than ``span`` matches it by the share of its time
    the span covers, to the power ``specific``: "April 2023", let alone "the 2020s", holds last
    Saturday but does not say it was then. Nearest in time alone, the ``k`` are whatever else
    was said that day or dated vaguely: in a chat history a dozen sessions share a date, and
    "Who did I go with to the music event last Saturday?" took a month-dated answer on picture
    frames, a decade-dated answer and that Saturday's airbrush compressor."""
    timed = store.by_time(scope, span, k * max(depth, 1))
    if len(timed) <= k and specific <= 0:
        return timed
    units = {u.id: u for u in store.get_units(scope, [uid for uid, _ in timed])}
    wide = span.end - span.start

    def matched(uid: str, compat: float) -> float:
        own = units[uid].time if uid in units else None
        if own is None or specific <= 0 or own.end - own.start <= wide:
            return compat
        return compat * (wide / (own.end - own.start)) ** specific

    def close(uid: str) -> float:
        vec = units[uid].vector if uid in units else None
        return float(vec @ qvec) if vec is not None and qvec is not None else -1.0

    scored = [(uid, matched(uid, compat)) for uid, compat in timed]
    return sorted(scored, key=lambda p: (-round(p[1], 2), -close(p[0]), p[0]))[:k]


def relations(store: Store, scope: Scope, useful: Cues, k: int) -> dict[str, tuple[str, ...]]:
    """The relations the question's people were named with ("Tess's great-aunt" for Marta,
    from "... for Tess's great-aunt Marta's retirement lunch"; ``ground.relations``), read
    from the ``k`` memories labelled with each name and the ``2k`` whose text holds it (a
    name beside a possessive, "Marta's retirement lunch", often escapes the recogniser, or
    is taken for a place). Only names that discriminate (``useful``, :func:`discriminating`);
    at most :data:`MAX_ALIASES` each."""
    out: dict[str, tuple[str, ...]] = {}
    for names, lookup in ((useful.participants, store.by_participants), (useful.locations, store.by_locations)):
        for name in sorted(names):
            said = dict.fromkeys([*(uid for uid, _ in lookup(scope, [name], k)), *store.lexical_all(scope, name, 2 * k)])
            found = relation_aliases([u.restatement for u in store.get_units(scope, list(said))], name)
            if found:
                out[name] = tuple(found[:MAX_ALIASES])
    return out


MAX_ALIASES = 3  # relations read per person (one is usual: "Tess's great-aunt")
MAX_RELATIONS = 4  # relation phrases of a question read for their names


def relation_names(store: Store, scope: Scope, query: str, total: int, gs: GraphSettings, k: int) -> frozenset[str]:
    """The names the question's relations were given ("Where will Shira's sister's book launch
    be?" -> "Clodagh", from "... at Shira's sister Clodagh's book launch"; ``ground.relations``),
    read from the ``k`` newest memories holding each relation's words; only names that
    discriminate (:func:`salient_names`). A chain through a relation (the sister, then what
    the sister said of the venue) is then followed by the name, which the question lacks."""
    found: list[str] = []
    for relation in asked_relations(query)[:MAX_RELATIONS]:
        probe = store.lexical_all(scope, relation.replace("'s ", " "), k)
        found += [n for n in names_for([u.restatement for u in store.get_units(scope, probe)], relation) if n not in found]
    return salient_names(store, scope, "participant", frozenset(found[:MAX_ALIASES]), total, gs) if found else frozenset()


def with_relations(query: str, aliases: Mapping[str, Sequence[str]]) -> str:
    """The lexical question with the relation words of its people added ("Marta's lunch" ->
    "... great-aunt"): what is said of Marta by the relation alone shares no other word with
    the question."""
    words = [a.rpartition("'s ")[2] for found in aliases.values() for a in found]
    return f"{query} {' '.join(words)}" if words else query


def relation_hits(store: Store, scope: Scope, name: str, aliases: Sequence[str], named: set[str], k: int) -> list[str]:
    """Memories that speak of ``name`` by one of its ``aliases`` alone ("Tess's great-aunt
    doesn't touch alcohol"; ``ground.relations.says_relation``), not among ``named``: at most
    ``k``, each alias read from a full-text probe of its words. A question names the person
    ("Is the Lighthouse right for Marta's lunch?"); what is said about her is often said by
    the relation, and shares no word with the question."""
    out: list[str] = []
    for alias in aliases:
        probe = store.lexical_all(scope, alias.replace("'s ", " "), 4 * k)
        out += [u.id for u in store.get_units(scope, probe)
                if u.id not in named and u.id not in out and says_relation(u.restatement, alias, name)]
    return out[:k]


def said_within(
    views: dict[str, list[Hit]], units: Mapping[str, MemoryUnit], cues: Cues, strength: float, k: int
) -> list[Hit]:
    """Structural hits (a view of their own, ``k`` at most) for the memories the other views
    found that carry no time of their own but were said within the question's time ("What
    dish did Nate make on 9 November?": "Nate tried out some cooking ... Look at this coconut
    ice cream!", told that day). What a speaker tells is mostly what they did that day or
    just before; the store's time index holds only the memories that name a time, so these
    are read from the found ones (best other-view rank first), at ``strength`` (a memory that
    names the question's time scores 1)."""
    if cues.time is None or strength <= 0:
        return []
    span = cues.time
    best: dict[str, int] = {}
    for name, hits in views.items():
        if name == "structural":
            continue
        for h in hits:
            unit = units.get(h.unit_id)
            said = unit.mentioned_at if unit is not None else None
            if unit is not None and unit.time is None and said is not None and span.start <= said < span.end:
                best[h.unit_id] = min(best.get(h.unit_id, h.rank), h.rank)
    ranked = sorted(best, key=lambda uid: (best[uid], uid))[:k]
    return [Hit(uid, "structural", strength, rank) for rank, uid in enumerate(ranked)]


def initial_recall(
    store: Store, scope: Scope, query: str, qvec: Vector, useful: Cues, rs: RecallSettings, gs: GraphSettings,
    deep: bool = False, spans: Sequence[str] = (), weights: Mapping[str, float] | None = None,
) -> tuple[dict[str, list[Hit]], list[str]]:
    """The three views, and the lexical ranking ``lexical_depth`` deep (memory ids, best
    first) that alignment reads: one full-text query serves both, the view being its head.
    ``deep``: the dense view reads ``role_depth`` times ``view_k`` and the lexical view all of
    ``lexical_depth``, for :func:`own_views` to trim. Otherwise the dense and lexical views
    read ``list_depth`` times ``view_k``, so that :func:`own_views` can keep ``view_k`` specific memories however
    many consolidated memories (lists) rank among them. ``useful``: the question's cues with
    only the names that discriminate (:func:`discriminating`). ``spans``: what the question
    put in quotes (:func:`.cues.quoted`), whose word-for-word carriers rank first lexically
    (:func:`quoted_first`; ``weights``: the roles' weights, see :func:`.assemble.role_weights`)."""
    aliases = relations(store, scope, useful, rs.relation_aliases) if rs.relation_aliases > 0 else {}
    lexical = store.lexical_search(scope, with_relations(query, aliases), max(rs.view_k, rs.lexical_depth))
    if spans and rs.quoted_hits > 0:
        lexical = quoted_first(store, scope, lexical, spans, rs.quoted_hits, rs.lexical_depth, weights or {})
    wide = rs.view_k * max(rs.list_depth, 1)
    depth = max(rs.view_k * max(rs.role_depth, 1), wide) if deep else wide
    dense = store.dense_search(scope, qvec, depth)
    views: dict[str, list[Hit]] = {
        "dense": _hits(dense, "dense", scale=dense_scale(dense, rs.dense_relative if lexical else 0.0)),
        "lexical": _hits(lexical if deep else lexical[:wide], "lexical"),
    }
    if rs.structural:
        views["structural"] = structural_view(store, scope, useful, rs.view_k, gs, aliases, qvec, rs.time_depth, rs.time_specific)
    return views, [uid for uid, _ in lexical]


_QUOTED_SPANS = 4  # at most this many quoted spans are searched (a full-text search each)


def quoted_first(
    store: Store, scope: Scope, lexical: list[tuple[str, float]], spans: Sequence[str], per_span: int, depth: int,
    weights: Mapping[str, float],
) -> list[tuple[str, float]]:
    """``lexical`` (memory ids and scores, best first) with the memories that carry a quoted
    span word for word first, at the best score: up to ``per_span`` for each span, taken in
    turn (each span's best first, then each span's second). A span's carriers are read from
    a full-text search of the span alone ``depth`` deep and ordered by how they carry it
    (:func:`.cues.says`: marked off as a title first, then with its capitals), then by their
    role's weight (``weights``: in a chat, what the user said before what the assistant
    listed), then by their rank in ``lexical``. "How many weeks did I spend on 'The Nightingale', 'Sapiens' and 'The
    Power'?": "power" is a common word, and the one memory that says the user listened to
    "The Power" ranked 21st under the other titles' memories and those that share "weeks" or
    "spent"; a title in quotes is words the memory repeats, and each title is one part of
    the answer."""
    rank = {uid: r for r, (uid, _) in enumerate(lexical)}
    per: list[list[str]] = []
    for span in spans[:_QUOTED_SPANS]:
        probe = [uid for uid, _ in store.lexical_search(scope, span, depth)]
        at = {uid: i for i, uid in enumerate(probe)}
        how = {
            u.id: (h, -weights.get(u.role, 1.0), rank.get(u.id, len(rank)), at[u.id])
            for u in store.get_units(scope, sorted(at)) if (h := says(u.restatement, span)) is not None
        }
        per.append(sorted(how, key=how.__getitem__)[:per_span])
    first = list(dict.fromkeys(uid for tier in zip_longest(*per) for uid in tier if uid is not None))
    if not first:
        return lexical
    top = lexical[0][1] if lexical else 1.0
    lead = set(first)
    return [(uid, top) for uid in first] + [p for p in lexical if p[0] not in lead]


def own_views(
    views: dict[str, list[Hit]], units: Mapping[str, MemoryUnit], weights: Mapping[str, float], k: int
) -> dict[str, list[Hit]]:
    """Each view cut to its first ``k`` hits, then on until it holds ``k`` memories of the
    roles at full weight that are not consolidated memories. In a chat the assistant's long
    answers are cut into many memories (on LongMemEval, 84% of them) that share the question's
    words; the user's one statement of the fact ranks 15th and never enters the candidates,
    however the ranking weighs it. A list (``maintain.consolidate``) shares the words of every
    question about its topic; counted, it took the place of the specific memory the question
    asks about (on LoCoMo, 3 temporal questions lost a gold turn once the lists were written).
    For the same reason a list neither takes a specific memory's rank nor sets the scale of a
    view whose scores are relative to its best hit (lexical): the specific memories' ranks
    and scores are what they would be without the lists."""
    out: dict[str, list[Hit]] = {}
    for name, hits in views.items():
        kept: list[Hit] = []
        own = 0
        for h in hits:
            unit = units.get(h.unit_id)
            full = (unit is not None and not unit.consolidated and weights.get(unit.role, 1.0) >= 1.0
                    and not (DICTATED in weights and dictated(unit)))
            if h.rank < k or (full and own < k):
                kept.append(h)
                own += full
        out[name] = _without_lists(kept, units, relative=name in RELATIVE_VIEWS)
    return out


RELATIVE_VIEWS = frozenset({"lexical"})  # views whose hit scores are shares of the best hit's


def _without_lists(hits: list[Hit], units: Mapping[str, MemoryUnit], relative: bool) -> list[Hit]:
    """``hits`` with the specific memories' ranks (and, in a ``relative`` view, scores) as if
    the consolidated memories among them were not there."""
    lists = {h.unit_id for h in hits if (u := units.get(h.unit_id)) is not None and u.consolidated}
    if not lists:
        return hits
    own = [h for h in hits if h.unit_id not in lists]
    top = max((h.score for h in own), default=0.0)
    scale = 1.0 / top if relative and top > 0 else 1.0
    renumbered = {h.unit_id: replace(h, rank=r, score=round(min(h.score * scale, 1.0), 6)) for r, h in enumerate(own)}
    return [renumbered.get(h.unit_id, h) for h in hits]
