"""The read path, end to end: cues -> C0 -> plan -> diffuse -> assemble, with its trace."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from time import perf_counter

import numpy as np

from ..config import GraphSettings, RecallSettings
from ..ground.text import asked_only, keywords, name_openings, refers_back
from ..ground.timeparse import bare_weekday, find_times
from ..providers.embed.base import Embedder
from ..store.base import Store
from ..types import Cues, CueWeights, Evidence, EvidenceItem, Hit, MemoryUnit, Plan, RecallTrace, Scope, Vector
from .assemble import (
    Found,
    align,
    assemble,
    bounded_lift,
    entity_path,
    merge_hits,
    named_cue,
    new_sources_first,
    ranked,
    role_weights,
    score,
    score_parts,
    session_support,
    weight_of,
)
from .consolidated import (
    about_others,
    asked_list_ids,
    asked_lists,
    list_owners,
    lists_for_one,
    members_of,
    unasked_user_lists,
    weak_lists,
    without_repeats,
)
from .cues import (
    SAID,
    about,
    asks_assistant,
    asks_count,
    asks_for_many,
    asks_present,
    asks_yes_no,
    query_cues,
    quoted,
    with_title_forms,
    without_count_frame,
    without_request_frame,
    without_times,
)
from .diffuse import diffuse
from .gateway import covers, focus, follow, stems, with_concepts
from .plan import rule_plan
from .recall import discriminating, initial_recall, own_views, relation_names, said_within, salient_names

Planner = Callable[[str, Cues, Sequence[Found], RecallSettings], Plan]


@dataclass
class ReadContext:
    store: Store
    embedder: Embedder
    planner: Planner = rule_plan
    graph: GraphSettings = field(default_factory=GraphSettings)
    touch: Callable[[Scope, list[EvidenceItem]], None] | None = None  # records the recalled (default: the store)


def _toward_query(found: Sequence[Found], n: int, query: str, cues: Cues, reason: str, planner: str) -> Plan:
    """Diffuse from the top ``n`` hits toward the question itself."""
    anchors = tuple(f.unit.id for f in found[:n])
    return Plan(bool(anchors), anchors, query, cues, reason, planner=planner)


def _blind_plan(query: str, cues: Cues, found: Sequence[Found], rs: RecallSettings) -> Plan:
    """The no-planner ablation: diffuse from the top hits toward the query itself."""
    return _toward_query(found, rs.anchors, query, cues, "no planner: top hits toward the query", "blind")


def _weights(rs: RecallSettings, query: str) -> dict[str, float]:
    """The ranking's weights by what a memory is (its chat role, whether it states a number),
    read once per recall from the question's form."""
    return role_weights(rs, asks_assistant(query), asks_count(query), asks_present(query))


def _initial(
    ctx: ReadContext, scope: Scope, query: str, as_of: datetime, rs: RecallSettings, weights: dict[str, float]
) -> tuple[Cues, Vector, dict[str, list[Hit]], dict[str, Found], int, list[str]]:
    """Cues, the query vector, the three views, the scored candidate set ``C0`` and the
    scope's size (read once per recall).

    The lexical view reads the question without the conversation's common names (its
    speakers): they are in nearly every memory, and in a short memory ("Ann said: speak
    soon, Ben!") they alone would carry the match."""
    people, places = ctx.store.known_names(scope, name_openings(query))  # those it could name
    # parsed once: the cues and the lexical question both need them. A question's bare weekday
    # ("What time did I reach the clinic on Monday?") names a day of the week, not a date: the
    # asker means the Monday they spoke of, which may be weeks back; it stays a word.
    spans = [m for m in find_times(query, as_of) if not bare_weekday(m)]
    cues = query_cues(query, as_of, people, places, spans)
    total = ctx.store.count_units(scope)
    useful = discriminating(ctx.store, scope, cues, total, ctx.graph)
    speakers = cues.participants - useful.participants
    named = relation_names(ctx.store, scope, query, total, ctx.graph, rs.relation_names) - cues.participants if rs.relation_names > 0 else frozenset()
    if named:  # "Shira's sister" was named "Clodagh": she is one of the question's people
        cues = replace(cues, participants=cues.participants | named, related=named)
        useful = replace(useful, participants=useful.participants | named)
    qvec = _query_vector(ctx, query, speakers, rs.unnamed_query)
    text = without_names(without_times(query, as_of, spans) if rs.lexical_without_times else query, speakers)
    text = without_count_frame(text) if rs.count_frame else text
    text = without_request_frame(text) if rs.request_frame else text
    text = with_title_forms(text) if rs.title_forms else text
    text = f"{text} {' '.join(sorted(named))}" if named else text
    deep = any(w < 1.0 for w in weights.values())
    views, lexical = initial_recall(ctx.store, scope, text, qvec, useful, rs, ctx.graph, deep=deep, spans=quoted(query), weights=weights)
    units = {u.id: u for u in ctx.store.get_units(scope, sorted({h.unit_id for v in views.values() for h in v}))}
    if rs.structural and (said := said_within(views, units, cues, rs.said_on_day, rs.view_k)):
        views = {**views, "said": said}
    views = own_views(views, units, weights, rs.view_k)
    hits = [h for view in views.values() for h in view]
    found: dict[str, Found] = {}
    merge_hits(found, units, hits)
    align(found, qvec, lexical, rs.rrf_k)
    score(found, rs, weights)
    return cues, qvec, views, found, total, lexical


def _query_vector(ctx: ReadContext, query: str, speakers: frozenset[str], unnamed: bool) -> Vector:
    """The question's vector. With ``unnamed``, a question that names the conversation's
    speakers is embedded with and without their names and the two averaged: the small
    embedder weighs a name heavily, and a speaker's name is in nearly every memory, so
    embedded as asked the question's nearest memories were short ones that only name the
    speaker ("Shira said: Brutal." for "Which courses did Shira do?"); without the names at
    all, whose memory it is would be lost ("Does Fiona's tip for June's party work out?")."""
    if not (unnamed and speakers) or (bare := without_names(query, speakers)) == query:
        return ctx.embedder.embed([query])[0]
    named, plain = ctx.embedder.embed([query, bare])
    mixed = named + plain
    return (mixed / max(float(np.linalg.norm(mixed)), 1e-9)).astype(np.float32)


def without_names(text: str, names: Iterable[str]) -> str:
    """``text`` with the words of ``names`` removed (and their possessives); the text itself
    when nothing else would be left."""
    words = {w.lower() for n in names for w in n.split()}
    if not words:
        return text
    kept = [t for t in text.split() if t.lower().strip("?!.,;:'\"").removesuffix("'s") not in words]
    return " ".join(kept) if any(keywords(" ".join(kept))) else text


def _common(ctx: ReadContext, scope: Scope, found: dict[str, Found], total: int) -> frozenset[str]:
    """The names carried by the found memories that do not discriminate in this scope."""
    names = frozenset(p for f in found.values() for p in f.unit.participants)
    return frozenset(n.lower() for n in names - salient_names(ctx.store, scope, "participant", names, total, ctx.graph))


class _Round:
    """One round's search around its anchors: diffusion along edges and gateways."""

    def __init__(self, ctx: ReadContext, scope: Scope, rs: RecallSettings, found: dict[str, Found], total: int) -> None:
        self.ctx, self.scope, self.rs, self.found, self.total = ctx, scope, rs, found, total
        self.reached: dict[str, MemoryUnit] = {}
        self.led_by: dict[str, str] = {}  # memory -> the gateway cue that reached it
        self._stems: dict[str, set[str]] = {}  # memory -> its words' stems (concept lookups)
        self._concepts: dict[tuple[str, int], list[tuple[str, float]]] = {}  # one lookup per concept a recall

    def fetch(self, ids: list[str]) -> list[MemoryUnit]:
        units = self.ctx.store.get_units(self.scope, ids)
        self.reached.update((u.id, u) for u in units)  # kept, so the hits need no second read
        return units

    def vectors(self, ids: list[str]) -> dict[str, Vector]:
        """The vectors of the memories ``ids`` (read once and kept)."""
        self._have(ids)
        out: dict[str, Vector] = {}
        for uid in ids:
            unit = self.found[uid].unit if uid in self.found else self.reached.get(uid)
            if unit is not None and unit.vector is not None:
                out[uid] = unit.vector
        return out

    def concept_search(self, concept: str, n: int) -> list[tuple[str, float]]:
        """Memories that mention ``concept`` (every word of it, by its first five letters):
        at most ``n`` of those the full-text index finds holding all its words (a bounded
        probe, unranked: what counts is how many carry it, and which), kept only when the
        words are really there. Looked up once a recall: anchors of one story share their
        words, and rounds their anchors."""
        key = (concept, n)
        if key not in self._concepts:
            self._concepts[key] = self._concept_search(concept, n)
        return self._concepts[key]

    def _concept_search(self, concept: str, n: int) -> list[tuple[str, float]]:
        """A probe that comes back full is returned whole: the cue is at least that common.
        Filtered first, a common word looked rare: the index matches "dancing" for "dance"
        where the five-letter stems do not, so a full probe of 14 could keep 8, and a word
        in a hundred memories linked as one in eight (on LoCoMo, recall@1500 0.879 -> 0.882
        once counted whole; docs/benchmarks.md)."""
        pairs = self.specific(lambda k: [(uid, 1.0) for uid in self.ctx.store.lexical_all(self.scope, concept, k)], n)
        if sum(1 for _, w in pairs if w > 0) >= n:
            return pairs  # a full probe: at least this common, however many the filter below would keep
        kept: list[tuple[str, float]] = []
        for uid, weight in pairs:
            if uid not in self._stems:
                unit = self.unit(uid)
                self._stems[uid] = stems(unit.restatement) if unit is not None else set()
            if covers(self._stems[uid], concept):
                kept.append((uid, weight))
        return kept

    def name_search(self, name: str, n: int) -> list[tuple[str, float]]:
        """Memories carrying ``name`` as a participant or a place (see :meth:`specific`), and,
        with ``rs.name_text``, those whose text names it: the recogniser does not label a
        name the same way in every sentence ("Ingrid says Casa Verde is the one" holds a
        person "Casa Verde"; "Casa Verde does oysters, crab and mussels" none), so the name
        indexes alone link a venue to the one memory that labelled it."""
        pairs = self.specific(lambda k: _by_names(self.ctx.store, self.scope, [name], k), n)
        linked = {uid: 1.0 if w > 0 else 0.0 for uid, w in pairs}
        if self.rs.name_text:
            for uid, w in self.concept_search(name, n):
                linked[uid] = max(linked.get(uid, 0.0), 1.0 if w > 0 else 0.0)
        return list(linked.items())

    def unit(self, uid: str) -> MemoryUnit | None:
        return self.found[uid].unit if uid in self.found else self.reached.get(uid)

    def specific(self, lookup: Callable[[int], list[tuple[str, float]]], n: int) -> list[tuple[str, float]]:
        """``lookup(n)``, its consolidated memories (lists, ``maintain.consolidate``) weighed 0:
        they are linked like any other, but do not count among the memories that carry the
        cue (``gateway.follow``'s document frequency), and take none of the ``n`` places
        (asked again for as many more as it returned lists, once). A list restates its
        members, so counting it would make every cue of its members look commoner than it is,
        and a gateway is a cue few memories carry (with maintenance, the chain set's "Pia
        keeps fit with tennis" lost its link through "tennis" to "Pia is done with tennis" to
        the two lists that repeat both)."""
        pairs = lookup(n)
        self._have([uid for uid, _ in pairs])
        lists = sum(1 for uid, _ in pairs if self._is_list(uid))
        if not lists:
            return pairs
        if len(pairs) >= n:  # full: the lists took places another memory may fill
            pairs = lookup(n + lists)
            self._have([uid for uid, _ in pairs])
        kept = [(uid, w) for uid, w in pairs if not self._is_list(uid)][:n]
        return kept + [(uid, 0.0) for uid, _ in pairs if self._is_list(uid)]

    def _have(self, ids: Sequence[str]) -> None:
        """Read the memories of ``ids`` not read yet (kept in ``reached``)."""
        missing = [uid for uid in ids if uid not in self.found and uid not in self.reached]
        if missing:
            self.fetch(missing)

    def _is_list(self, uid: str) -> bool:
        unit = self.unit(uid)
        return unit is not None and unit.consolidated

    def standing(self, anchors: Sequence[str]) -> Callable[[str], float]:
        """Each anchor's score relative to the best of them (1 for the best)."""
        scores = {a: self.found[a].score for a in anchors if a in self.found}
        top = max(scores.values(), default=0.0)
        return lambda a: scores.get(a, top) / top if top > 0 else 1.0

    def siblings(self, best: Sequence[str], qvec: Vector, skip: set[str]) -> list[Hit]:
        """Memories like the best ones found, for a question that asks for several things
        ("What instruments has Hector tried?"): the first hits show how one of the things was
        said, and the rest are said like it rather than like the question ("Signed up for
        beginner trumpet" shares no word with it). One dense search with the question plus
        the mean vector of ``best``; each hit, skipping ``skip``, is weighed like a dense-view
        hit, by its cosine to the question. On LoCoMo it took multi-hop recall at 1,500 tokens
        from 0.700 to 0.717, on the chain set's list family complete@1500 from 0.41 to 0.68
        (docs/benchmarks.md)."""
        vecs = list(self.vectors(list(best)).values())
        if not vecs:
            return []
        probe = qvec + np.mean(np.stack(vecs), axis=0)
        probe = probe / (float(np.linalg.norm(probe)) or 1.0)
        pairs = [p for p in self.ctx.store.dense_search(self.scope, probe, self.rs.siblings + len(skip)) if p[0] not in skip]
        ids = [uid for uid, _ in pairs[: self.rs.siblings]]
        vecs_of = self.vectors(ids)
        return [
            Hit(uid, "diffusion:siblings", round(max(float(vecs_of[uid] @ qvec), 0.0), 6), rank)
            for rank, uid in enumerate(ids) if uid in vecs_of
        ]

    def bridge(self, sources: dict[str, tuple[str, float]], people: frozenset[str], skip: set[str]) -> list[Hit]:
        """What bears on a link of the chain for the people the question is about: a memory
        a gateway reached (the venue's menu: "Casa Verde does oysters, crab and mussels") is
        searched densely, and its nearest memories about one of the question's people ("Finn
        is allergic to seafood"; a person's own words, "Finn said: ...", are not about Finn)
        become hits of the chain, ``bridge_hits`` at most. The two share no word and no name:
        what joins them is what they mean to each other, and the question's person ties that
        to the chain. ``sources``: memory -> (the anchor it hangs off, the link's strength so
        far); the new link is that strength times the cosine, so the spreading floor lifts
        it link by link (E1 -> E2 -> E3). Each source is searched by its stored vector and
        (``bridge_unnamed``) by what it says, :func:`_unnamed`; the hits are taken from the two
        searches in turn."""
        rs = self.rs
        names = {p.lower() for p in people}
        stored = self.vectors(list(sources))
        ways = [stored]
        if rs.bridge_unnamed > 0 and stored:
            # and by what the memory says, without who says it or is in it: the small embedder
            # weighs names heavily ("Kai was just thinking about Joel" is nearer "Kai said: Joel
            # reaches Nettle by a steep spiral staircase" than "Kai has been using a wheelchair");
            # the strongest sources only (an embedding each)
            strongest = sorted(stored, key=lambda a: (-sources[a][1], a))[: rs.bridge_unnamed]
            units = [u for u in (self.unit(a) for a in strongest) if u is not None]
            said = [_unnamed(u, people, self.led_by.get(u.id, "").lstrip("~")) for u in units]
            ways.insert(0, dict(zip([u.id for u in units], self.ctx.embedder.embed(said), strict=True)))
        found = [sorted(self._bridged(vecs, sources, names, skip).values(), key=lambda h: (-h.path, h.unit_id)) for vecs in ways]
        best: dict[str, Hit] = {}
        for turn in range(max(map(len, found), default=0)):  # each way in turn: the unnamed search's best first
            for hits in found:
                if turn < len(hits) and len(best) < rs.bridge_hits and hits[turn].unit_id not in best:
                    best[hits[turn].unit_id] = hits[turn]
        return [replace(h, rank=r) for r, h in enumerate(best.values())]

    def _bridged(
        self, vecs: dict[str, Vector], sources: dict[str, tuple[str, float]], names: set[str], skip: set[str]
    ) -> dict[str, Hit]:
        """The bridge's candidates from one search per source (see :meth:`bridge`)."""
        out: dict[str, Hit] = {}
        for anchor, vec in vecs.items():
            pairs = [p for p in self.ctx.store.dense_search(self.scope, vec, self.rs.bridge_depth + 1) if p[0] != anchor]
            self._have([uid for uid, _ in pairs])
            cue = self.led_by.get(anchor, "").lstrip("~").lower()
            for uid, cosine in pairs:
                unit = self.unit(uid)
                if uid in skip or unit is None or unit.consolidated or not about(unit, names):
                    continue
                if cue and cue in unit.restatement.lower():
                    continue  # another mention of the same gateway: the gateway reaches it, the bridge is for what shares none
                via, strength = sources[anchor]
                link = round(max(float(cosine), 0.0) * strength, 6)
                if uid not in out or link > out[uid].path:
                    out[uid] = Hit(uid, "diffusion:gateway", link, 0, via, link, ("gateway",), "~" + self.led_by[anchor])
        return out

    def run(
        self, plan: Plan, query: str, qvec: Vector, cues: Cues, common: frozenset[str], selected: set[str]
    ) -> tuple[list[Hit], Plan]:
        ctx, store, scope, rs = self.ctx, self.ctx.store, self.scope, self.rs
        tvec = qvec if plan.target in ("", query) else ctx.embedder.embed([plan.target])[0]
        total = self.total
        target_cues = Cues(
            participants=salient_names(store, scope, "participant", plan.target_cues.participants, total, ctx.graph),
            locations=salient_names(store, scope, "location", plan.target_cues.locations, total, ctx.graph),
            time=plan.target_cues.time,
            keywords=plan.target_cues.keywords,
        )
        g = ctx.graph
        hits = diffuse(
            plan.anchors, tvec, target_cues, selected, lambda ids: store.edges(scope, ids), self.fetch,
            hops=rs.hops, per_channel=rs.per_channel, structural=rs.structural,
            weights=CueWeights(g.weight_participants, g.weight_locations, g.weight_time),
            tau_days=g.tau_days, max_frontier=rs.max_frontier, max_reach=rs.max_reach,
            query_vec=None if tvec is qvec else qvec,
        )
        if plan.many and rs.siblings > 0:
            hits += self.siblings([f.unit.id for f in ranked(self.found)[: rs.anchors]], qvec, selected)
        if rs.gateways and plan.planner not in ("room left", "blind"):
            anchors = [self.found[a].unit if a in self.found else self.reached[a] for a in plan.anchors
                       if a in self.found or a in self.reached]
            anchors = with_concepts(anchors, common)
            self.reached.update((u.id, u) for u in anchors if u.id in self.reached)  # keep their concepts
            more, used = follow(
                anchors, cues, common, self.concept_search,
                self.name_search, self.vectors, self.standing(plan.anchors),
                rare=rs.rare_cue, word_reach=rs.gateway_word_reach, closeness_share=rs.gateway_closeness,
                concept_link=rs.concept_link, per_cue=rs.gateway_per_cue,
                terms=rs.gateway_terms, limit=rs.gateway_hits, skip=set(plan.anchors), known=selected, led_by=self.led_by,
            )
            missing = sorted({h.unit_id for h in more} - set(self.found) - set(self.reached))
            if missing:
                self.fetch(missing)
            hits += more
            self.led_by.update((h.unit_id, h.cue) for h in more)
            if rs.bridge_hits > 0 and cues.participants:
                sources = {a: (a, 1.0) for a in plan.anchors if a in self.led_by}
                for h in sorted(more, key=lambda h: (-h.path, h.unit_id))[: rs.bridge_from]:
                    sources.setdefault(h.unit_id, (h.via or h.unit_id, h.path))
                hits += self.bridge(sources, cues.participants, selected | {h.unit_id for h in hits})
            plan = replace(plan, gateways=tuple(dict.fromkeys(c for cue in used.values() for c in cue)))
        return hits, plan


def _unnamed(unit: MemoryUnit, people: Iterable[str], cue: str = "") -> str:
    """``unit``'s text without its speaker frames and the names of its people and ``people``;
    with ``cue``, its sentences that name the cue only (see :func:`.gateway.focus`): "And
    it's pouring outside." after a venue's staircase is not what bears on a guest."""
    text = SAID.sub(" ", focus(unit.restatement, cue.split()) if cue else unit.restatement)
    for name in sorted({*unit.participants, *people}, key=len, reverse=True):
        text = re.sub(rf"\b{re.escape(name)}(?:'s)?\b", " ", text)
    return " ".join(text.split()) or unit.restatement


def _by_names(store: Store, scope: Scope, names: list[str], k: int) -> list[tuple[str, float]]:
    """Memories carrying any of ``names`` as a participant or a place."""
    found = dict(store.by_participants(scope, names, k))
    for uid, weight in store.by_locations(scope, names, k):
        found[uid] = found.get(uid, 0.0) + weight
    return sorted(found.items(), key=lambda p: (-p[1], p[0]))[:k]


def recall(
    ctx: ReadContext, scope: Scope, query: str, as_of: datetime, rs: RecallSettings, budget_tokens: int, k: int
) -> Evidence:
    """Cues, the three views, then up to ``rs.rounds`` rounds: the planner's anchors (round 1)
    or the previous round's best new memories (later rounds, following the chain), diffusion
    and gateways from them, re-ranking; then assembly within the budget."""
    clock = perf_counter()
    polar = asks_yes_no(query)
    if rs.gateway_spread > 0 and polar:
        rs = rs.replace(gateway_spread=max(rs.gateway_spread, rs.polar_gateway_spread))
    asks_many = asks_for_many(query)
    weights = _weights(rs, query)
    cues, qvec, views, found, total, lexical = _initial(ctx, scope, query, as_of, rs, weights)
    trace = RecallTrace(cues=cues, initial=views)
    trace.timings_ms["initial"] = _ms(clock)
    trace.stop_reason = "diffusion off" if not rs.diffusion else "round budget spent"
    common = _common(ctx, scope, found, total)
    search = _Round(ctx, scope, rs, found, total)
    planner: Planner = ctx.planner if rs.planner else _blind_plan
    frontier: list[str] = []
    many = rs.siblings > 0 and rs.diffusion and rs.planner and asks_many
    for round_no in range(rs.rounds if rs.diffusion else 0):
        clock = perf_counter()
        order = ranked(found)
        assembled = {i.id for i in assemble(found, budget_tokens, k)}  # what the evidence holds now
        plan = _plan(planner, query, cues, order, frontier, found, rs, round_no, trace.plans[-1] if trace.plans else None)
        if round_no > 0 and plan.proceed and rs.named_chain and not (many or polar) and not _named_link(search, frontier):
            plan = replace(plan, proceed=False, stop_reason="no named link to follow: the answer is not spread")
        if many and plan.proceed and plan.planner not in ("room left", "blind"):
            plan = replace(plan, many=True)
        if round_no == 0 and rs.room_fill and not plan.proceed and order and len(assembled) == len(found) < k:
            # covered, but every candidate is in and there is room: fill it near the top hits
            reason = f"{plan.stop_reason}; room left: filling toward the query"
            plan = replace(_toward_query(order, rs.anchors, query, cues, reason, "room left"), fallback=plan.fallback)
        if not plan.proceed or not plan.anchors:
            trace.plans.append(plan)
            trace.stop_reason = plan.stop_reason or "planner stopped"
            break
        _mark_anchors(found, plan.anchors, order[: rs.anchors] if round_no == 0 else ())
        new_hits, plan = search.run(plan, query, qvec, cues, common, assembled | set(plan.anchors))
        trace.plans.append(plan)
        trace.diffusion.extend(new_hits)
        frontier = merge_hits(found, search.reached | {u: f.unit for u, f in found.items()}, new_hits)
        align(found, qvec, lexical, rs.rrf_k)
        score(found, rs, weights)
        trace.rounds.append(frontier)
        trace.timings_ms[f"round {round_no + 1}"] = _ms(clock)
        if not frontier:
            trace.stop_reason = "no new support"
            break
    clock = perf_counter()
    if rs.context_spread > 0:
        _context(ctx, scope, found, rs, qvec, lexical, weights)
        trace.timings_ms["context"] = _ms(clock)
        clock = perf_counter()
    bounded_lift(found, rs.lift_tokens, rs.lift_reach)
    if rs.session_support > 0:
        session_support(found, views, rs.session_support)
    about_others(found, cues.participants, rs.others_list_weight)
    asked = _asked_lists(ctx, scope, found, cues.participants, query, rs.asked_lists) if asks_many else set()
    new_sources_first(found, rs.repeat_weight)
    evidence = unasked_user_lists(found, asked) if rs.user_lists_asked_only else found
    if not asks_many:
        lists_for_one(evidence, rs.single_list_weight)
    items = assemble(_without_repeats(ctx, scope, evidence, rs.list_floor), budget_tokens, k)
    order = ranked(found)
    trace.scores = {f.unit.id: f.score for f in order}
    trace.score_parts = {f.unit.id: score_parts(f, rs, weights) for f in order}
    kept = {i.id for i in items}
    trace.not_included = [f.unit.id for f in order if f.unit.id not in kept]
    store_touch(ctx, scope, items)
    trace.timings_ms["assembly"] = _ms(clock)
    return Evidence(query, items, budget_tokens, trace)


def _context(
    ctx: ReadContext, scope: Scope, found: dict[str, Found], rs: RecallSettings, qvec: Vector,
    lexical: list[str], weights: dict[str, float],
) -> None:
    """The memories next to the best ones (window neighbours of the top ``context_anchors``)
    join the candidates, ranked on their own like any other. Those that only make sense with
    their neighbour also get a floor: a reply that opens by referring back ("It taught Ann
    self-acceptance", after the book's title), or the answer after a top memory that only
    states a question ("Ben asked: what did you take from it?"). Such a memory often shares
    no word with the question, and sits next to the one that does; it scores at least
    ``context_spread * rho(top) * window weight``, weighed like its own score
    (:func:`.assemble.weight_of`): in a chat, the assistant's long answer after the user's
    question is the question's neighbour, and held at 0.8 of the question's rank its pieces
    took the places of the user's own statements in the first ten turns (LongMemEval turn
    recall_all@10 0.853 -> 0.884 once weighed; docs/benchmarks.md). A neighbour that starts something of its
    own gets no floor (on the chain set, lifting every neighbour displaced a second piece of
    evidence at 400 tokens: complete 0.628 -> 0.605), and neither does another piece of the
    same turn (the pieces of a long chat answer filled LongMemEval's 1,500 tokens: recall
    0.836 -> 0.745; docs/benchmarks.md)."""
    top = {f.unit.id: f for f in ranked(found)[: rs.context_anchors]}
    edges = [e for e in ctx.store.edges(scope, sorted(top)) if e.kind == "window" and e.src in top]
    if not edges:
        return
    missing = sorted({e.dst for e in edges} - set(found))
    units = {u.id: u for u in ctx.store.get_units(scope, missing)} if missing else {}
    floors: dict[str, float] = {}
    for e in edges:
        unit = found[e.dst].unit if e.dst in found else units.get(e.dst)
        anchor = top[e.src]
        if unit is None or not (refers_back(unit.restatement) or asked_only(anchor.unit.restatement)):
            continue
        floor = rs.context_spread * anchor.score * e.weight * weight_of(unit, weights)
        floors[e.dst] = max(floors.get(e.dst, 0.0), floor)
    merge_hits(found, units, [Hit(e.dst, "context", 0.0, 0, e.src, e.weight, ("window",)) for e in edges])
    align(found, qvec, lexical, rs.rrf_k)
    score(found, rs, weights)
    for uid, floor in floors.items():
        if floor > found[uid].score:  # held by its neighbour, not by a lift (read.assemble.bounded_lift)
            found[uid].score, found[uid].lift = round(floor, 6), 0.0


def _mark_anchors(found: dict[str, Found], anchors: Sequence[str], leading: Sequence[Found]) -> None:
    """Mark ``anchors`` (their links are lifted from them, :func:`.assemble.score`). The
    ranking's anchor term goes to those the question itself ranked first: in round 1 the
    ``leading`` memories, in later rounds the chain's next links. A round-1 anchor the
    planner picked for what it carries beyond the question (``plan.choose_anchors``) is
    followed but earns no bonus: rewarded for it, the memories least about the question
    rose (on LoCoMo, temporal recall@400 0.845 -> 0.851 without it; docs/benchmarks.md)."""
    first = {f.unit.id for f in leading}
    for uid in anchors:
        if uid in found:
            found[uid].anchor = True
            found[uid].anchor_bonus = not leading or uid in first


def _named_link(search: _Round, frontier: Sequence[str]) -> bool:
    """Whether the round before reached one of ``frontier`` through a named gateway (a person,
    a place, a proper name: "Harbor Grill", "Aunt Rosa"), not a common noun ("walk", "game").
    A named link is the next piece of a chain; a shared common noun from an anchor off the
    question's topic is not worth a second round."""
    return any(named_cue(search.led_by.get(uid)) for uid in frontier)


def _plan(
    planner: Planner, query: str, cues: Cues, order: list[Found], frontier: list[str],
    found: dict[str, Found], rs: RecallSettings, round_no: int, previous: Plan | None,
) -> Plan:
    """Round 1: the planner decides. Later rounds follow the chain: the best memories the
    previous round found become the anchors, toward the same target, those it reached through
    a shared name or concept first (the next link of a chain hangs off them). A consolidated
    list is not one: it carries the cues of all its members, so what hangs off it is
    everything they touch (with maintenance, a list reached in round 1 displaced the anchor
    that led from "the person who gave Tess the music box" to where he is moving)."""
    if round_no == 0:
        return planner(query, cues, order, rs)
    if previous is None or previous.planner in ("room left", "blind"):
        return Plan(False, (), "", Cues(), "no chain to follow: the first round filled toward the query", planner="chain")
    new = [found[u] for u in frontier if u in found and not found[u].unit.consolidated]  # a list links to everything
    best = sorted(new, key=lambda f: (not any(entity_path(h) for h in f.routes), -f.score, f.unit.id))[: rs.anchors]
    anchors = tuple(f.unit.id for f in best)
    return Plan(bool(anchors), anchors, query, cues,
                f"round {round_no + 1}: following what round {round_no} found, linked memories first", planner="chain")


def _asked_lists(
    ctx: ReadContext, scope: Scope, found: dict[str, Found], names: Iterable[str], query: str, n: int
) -> set[str]:
    """The lists the question asks for, first (:func:`.consolidated.asked_lists`), those not
    found by the views looked up by id (:func:`.consolidated.asked_list_ids`)."""
    owners = list_owners(names, query)
    fetched = [u for u in ctx.store.get_units(scope, [i for i in asked_list_ids(owners, query) if i not in found])
               if u.consolidated] if n > 0 else []
    for unit in fetched:
        found[unit.id] = Found(unit)
    asked = asked_lists(found, owners, query, n)
    for unit in fetched:
        if unit.id not in asked:
            del found[unit.id]
    return asked


def _without_repeats(ctx: ReadContext, scope: Scope, found: dict[str, Found], floor: float) -> dict[str, Found]:
    """``found`` without the consolidated memories under ``floor`` times the best score, and
    without the members of a consolidated memory kept above them (see :mod:`.consolidated`)."""
    semantic = [uid for uid, f in found.items() if f.unit.consolidated]
    if not semantic:
        return found
    found = weak_lists(found, floor)
    return without_repeats(found, members_of(ctx.store.edges(scope, semantic)))


def store_touch(ctx: ReadContext, scope: Scope, items: list[EvidenceItem]) -> None:
    if ctx.touch is not None:
        ctx.touch(scope, items)
        return
    ctx.store.touch(scope, [i.id for i in items])


def _ms(start: float) -> float:
    return round((perf_counter() - start) * 1000, 3)


def search(
    ctx: ReadContext, scope: Scope, query: str, as_of: datetime, rs: RecallSettings, limit: int
) -> list[Found]:
    """Plain ranked search: initial recall and ranking, no planner, no budget."""
    return ranked(_initial(ctx, scope, query, as_of, rs, _weights(rs, query))[3])[:limit]
