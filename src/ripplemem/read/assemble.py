"""Assembly: a deterministic ranking of everything found, kept within the budget.

``rho(m) = l_q * a(q, m) + l_p * pi(m) + l_a * I_anchor(m)``

- ``a(q, m)``: query alignment, a reciprocal-rank fusion of the memory's rank by cosine to
  the query (over everything found) and its rank in the lexical view, scaled to 0..1;
- ``pi(m)``: route strength, the strongest way it was reached (a view's normalised score,
  or a diffusion hit's match to the planner's target), plus a little per extra view;
- ``I_anchor``: it served as an anchor the question itself ranked first (an anchor the
  planner picked for the cues it carries beyond the question is followed, not rewarded).
Memories that are no longer current and short-term-tier memories are scaled down but stay
reachable, and so are those only an edge walk reached (``walk_weight``).

One term beyond the paper's formula, the **spreading floor** (``RecallSettings.spread``,
0 turns it off): a memory reached from an anchor along structural edges only (a shared
named person or place) scores at least ``spread * rho(anchor) * path weight``, because
what a chain leads to is by construction weakly aligned with the question. Items are then
taken in rank order until ``k``, a memory that does not fit the budget passed over for the
next that does. docs/ranking.md has the
whole rule, with the engine's "room left" rule.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from ..config import RecallSettings
from ..ground.text import dictated as dictated_text
from ..types import EvidenceItem, Hit, MemoryUnit, Vector, token_cost


@dataclass(slots=True)
class Found:
    """One memory in the candidate set ``C`` with every route that reached it."""

    unit: MemoryUnit
    routes: list[Hit] = field(default_factory=list)
    anchor: bool = False  # served as an anchor: what it links to is lifted from it
    anchor_bonus: bool = False  # ... and earns the ranking's anchor term (``read.engine._mark_anchors``)
    alignment: float = 0.0
    score: float = 0.0
    older: bool = False  # a newer memory says nearly the same (read for a question about the present)
    support: float = 1.0  # the session support factor (see :func:`session_support`)
    lift: float = 0.0  # what the spreading floor added to its own score (see :func:`bounded_lift`)


def merge_hits(found: dict[str, Found], units: dict[str, MemoryUnit], hits: list[Hit]) -> list[str]:
    """Add hits to ``found`` (one entry per memory, routes merged); return the new ids."""
    new: list[str] = []
    for hit in hits:
        entry = found.get(hit.unit_id)
        if entry is None:
            unit = units.get(hit.unit_id)
            if unit is None:
                continue
            entry = found[hit.unit_id] = Found(unit)
            new.append(hit.unit_id)
        entry.routes.append(hit)
    return new


def align(found: dict[str, Found], qvec: Vector, lexical: list[str], rrf_k: int) -> None:
    """Set ``alignment`` on every found memory: RRF of its cosine rank among them and its rank
    in ``lexical`` (memory ids, best first). ``lexical`` reaches deeper than the lexical view
    (``RecallSettings.lexical_depth``): a memory the view's few hits left out still has a
    lexical rank, instead of half an alignment because a long answer's pieces filled the view.

    A specific memory's ranks count only the specific memories above it: a consolidated
    memory (a list, ``maintain.consolidate``) shares the words of every question about its
    topic, and counted it would push every memory below it down a rank, so that maintenance
    changed the order of the memories it did not touch. A list's own ranks count everything."""
    lists = {uid for uid, f in found.items() if f.unit.consolidated}
    ids = [uid for uid, f in found.items() if f.unit.vector is not None]
    dense_rank: dict[str, int] = {}
    if ids:
        sims = np.stack([found[i].unit.vector for i in ids]) @ qvec  # type: ignore[misc]
        order = [ids[j] for j in sorted(range(len(ids)), key=lambda j: (-float(sims[j]), ids[j]))]
        dense_rank = _ranks(order, lists)
    lex_rank = _ranks(lexical, lists)
    best = 2.0 / (rrf_k + 1)
    for uid, f in found.items():
        score = 0.0
        if uid in dense_rank:
            score += 1.0 / (rrf_k + 1 + dense_rank[uid])
        if uid in lex_rank:
            score += 1.0 / (rrf_k + 1 + lex_rank[uid])
        f.alignment = score / best


def _ranks(order: list[str], lists: set[str]) -> dict[str, int]:
    """Each id's rank in ``order``; an id not in ``lists`` counts only the others not in it."""
    ranks = {uid: r for r, uid in enumerate(order) if uid in lists}
    ranks.update((uid, r) for r, uid in enumerate(u for u in order if u not in lists))
    return ranks


def route_strength(routes: list[Hit], extra_view: float = 0.1) -> float:
    """The strongest view or diffusion match, plus ``extra_view`` per further view. A gateway
    link is not a match to anything the question or the target says: it ranks through the
    spreading floor only."""
    views = {h.route for h in routes if not h.diffusion}
    strongest = max((h.score for h in routes if "gateway" not in h.edges), default=0.0)
    return min(1.0, strongest + extra_view * max(len(views) - 1, 0))


def score(found: dict[str, Found], rs: RecallSettings, role_weight: dict[str, float] | None = None) -> None:
    """``rho`` of every found memory, then the spreading floor (see :func:`_spread`).
    ``role_weight``: a factor for the memories one chat role said (see :func:`role_weights`)."""
    _own_scores(found, rs, role_weight or {})
    if rs.spread > 0 or rs.gateway_spread > 0:
        named = max(rs.named_gateway_spread, rs.gateway_spread) if rs.gateway_spread > 0 else 0.0
        _spread(found, rs.spread, (rs.gateway_spread, named), role_weight or {})


def walked_only(routes: list[Hit]) -> bool:
    """Reached only by diffusion along stored edges: no view, gateway or context found it.
    On LoCoMo, 16 of the 5,540 such memories in the 1,500-token contexts held a gold turn
    (0.3%; the views' 3.6%), on the chain set 1 of 425: they weigh ``walk_weight``."""
    return bool(routes) and all(h.route in ("diffusion:semantic", "diffusion:structural") for h in routes)


def entity_path(hit: Hit) -> bool:
    """A diffusion hit that walked structural or gateway links only (a shared named person or
    place, a shared specific word): a chain, not a resemblance."""
    return bool(hit.edges) and all(kind in ("structural", "gateway") for kind in hit.edges)


def named_cue(cue: str | None) -> bool:
    """Whether a gateway cue is a name (a person, a place, a venue: "Harbor Grill", "Aunt
    Rosa"), not a common noun ("walk", "seafood")."""
    return (cue or "")[:1].isupper()


def _spread(
    found: dict[str, Found], decay: float, gateway_decay: tuple[float, float], role_weight: dict[str, float],
    passes: int = 3,
) -> None:
    """A memory reached from an anchor through shared names, places or specific words only
    scores at least ``decay * rho(anchor) * path weight``: what such a chain leads to is
    ranked by how strong its anchor and links are, not only by its own (by construction weak)
    alignment with the question. A chain of rounds (E1 -> E2 -> E3) is lifted link by link.
    Similarity and adjacency paths are not lifted. ``gateway_decay`` is ``(word, name)``: a
    gateway hit's decay when its cue is a common noun, and when it is a name, which says
    more surely that the two memories speak of the same thing; each link of a chain pays it
    once, so a third link through names keeps more of its anchor's rank (on the second chain
    set, three-link chains complete at 400 tokens 0.074 -> 0.481 with 0.9 for names; the
    seed-7 and seed-11 sets unchanged; docs/benchmarks.md). The floor is weighed like the
    memory's own score (:func:`weight_of`): a link does not undo what its role says of it
    (in a chat, the assistant's answer a shared word reached would otherwise outrank the
    user's own statement)."""
    own = {uid: f.score for uid, f in found.items()}
    word, name = gateway_decay
    for _ in range(passes):
        anchors = {uid: f.score for uid, f in found.items() if f.anchor}
        changed = False
        for f in found.values():
            lifted = weight_of(f.unit, role_weight) * max(
                (((name if named_cue(h.cue) else word) if "gateway" in h.edges else decay) * anchors[h.via] * h.path
                 for h in f.routes if h.via in anchors and entity_path(h)),
                default=0.0,
            )
            if lifted > f.score + 1e-9:
                f.score = round(lifted, 6)
                f.lift = round(f.score - own[f.unit.id], 6)
                changed = True
        if not changed:
            return


def bounded_lift(found: dict[str, Found], tokens: int, reach: int = 0) -> None:
    """In rank order, the lifted memories (:func:`_spread`) keep their floor until they fill
    ``tokens``; the rest rank by their own score. A chain needs a few links, and within a
    small budget every lifted memory is kept where its floor put it; in a large one the
    links past the first few are the anchors' other neighbours, and ranked above the views'
    own weaker hits they only take their places.

    With ``reach``, a floor is kept only where it ranks its memory within the first
    ``reach`` tokens of the ranking (counting the memories kept above it): a lift is for
    bringing the next link of a chain to the top. One that leaves its memory further down
    only swaps it for a view's weaker hit or a top memory's neighbour, which in LoCoMo's
    1,500-token contexts held a gold turn more often (0.5% of 1,856 lifted gateway
    memories between 400 and 1,500 tokens, against 1.0% of the neighbours and 1.6% of the
    view hits there; docs/benchmarks.md)."""
    if tokens <= 0:
        return
    used = above = 0
    for f in ranked(found):
        cost = token_cost(f.unit.render())
        if f.lift <= 0:
            above += cost
            continue
        used += cost
        if used > tokens or (reach > 0 and above + cost > reach):
            f.score = round(f.score - f.lift, 6)
            f.lift = 0.0
        else:
            above += cost


NO_NUMBER = "states no number"  # a key of the weights: memories that state no quantity or date
_NUMBER = re.compile(
    r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|"
    r"hundred|thousand|dozen|once|twice|several|couple)\b",
    re.IGNORECASE,
)


def states_number(unit: MemoryUnit) -> bool:
    """Whether ``unit`` states a quantity or a date (a digit or a number word in its text, or a
    grounded time): what a "how many" question counts or reckons from."""
    return unit.time is not None or bool(_NUMBER.search(unit.restatement))


DICTATED = "the user's text, not about the user"  # a key of the weights (see :func:`dictated`)


def dictated(unit: MemoryUnit) -> bool:
    """Whether ``unit`` is what a chat user pasted or dictated (``ground.text.dictated``)."""
    return dictated_text(unit.role, unit.restatement)


def weight_of(unit: MemoryUnit, weights: dict[str, float]) -> float:
    """The product of the weights that apply to ``unit``: its chat role, :data:`NO_NUMBER`,
    :data:`DICTATED`."""
    w = weights.get(unit.role, 1.0)
    if NO_NUMBER in weights and not states_number(unit):
        w *= weights[NO_NUMBER]
    if DICTATED in weights and dictated(unit):
        w *= weights[DICTATED]
    return w


def role_weights(rs: RecallSettings, asks_assistant: bool, counts: bool = False, present: bool = False) -> dict[str, float]:
    """What the assistant said weighs ``assistant_weight`` unless the question asks about it:
    in a chat, the user's memory is what the user said (their facts, plans and preferences);
    the assistant's answers are kept and found, but a long answer is cut into many memories
    that share the question's words and can crowd out the user's one statement. On
    LongMemEval's 100 questions, 0.5 with the deeper views of ``role_depth`` took turn
    recall_all@10 from 0.716 to 0.821 and recall@1500 from 0.836 to 0.920
    (docs/benchmarks.md). A scope without roles (two named speakers) is unchanged.
    ``counts`` (the question asks "how many" or "how much"): memories that state no number
    or date weigh ``count_weight`` (:data:`NO_NUMBER`); the count is made from those that do."""
    weights = {} if asks_assistant else {"assistant": rs.assistant_weight}
    if counts and rs.count_weight < 1.0:
        weights[NO_NUMBER] = rs.count_weight
    if rs.dictated_weight < 1.0:
        weights[DICTATED] = rs.dictated_weight
    if present and rs.older_weight < 1.0:
        weights[PRESENT] = rs.older_weight
    return weights


PRESENT = "asks about the present"  # a key of the weights (see :func:`older_twins`)


def older_twins(found: dict[str, Found], cosine: float) -> set[str]:
    """The memories of which a later-said memory among ``found`` is a near twin (cosine at
    least ``cosine``): "The user has read 120 pages of the book" once "The user has read 280
    pages" was said. For a question about the present ("How many pages have I read so far?",
    "Where do I keep my sneakers now?") the newer statement is the answer and the older one
    its history, whether or not the write path saw the change as a replacement."""
    dated = [f for f in found.values() if f.unit.vector is not None and f.unit.mentioned_at is not None]
    if len(dated) < 2:
        return set()
    vecs = np.stack([f.unit.vector for f in dated if f.unit.vector is not None]).astype(np.float32)
    vecs /= np.maximum(np.linalg.norm(vecs, axis=1, keepdims=True), 1e-9)
    said = np.array([f.unit.mentioned_at.timestamp() for f in dated if f.unit.mentioned_at is not None])
    newer_twin = ((vecs @ vecs.T) >= cosine) & (said[None, :] > said[:, None])  # [i, j]: j is i's later twin
    rows = [bool(x) for x in np.asarray(newer_twin.any(axis=1)).ravel()]
    return {f.unit.id for f, has in zip(dated, rows, strict=True) if has}


def _own_scores(found: dict[str, Found], rs: RecallSettings, role_weight: dict[str, float]) -> None:
    older = older_twins(found, rs.twin_cosine) if PRESENT in role_weight else set()
    for f in found.values():
        f.older = f.unit.id in older
        f.lift = 0.0
        rho = (
            rs.lambda_query * f.alignment
            + rs.lambda_route * route_strength(f.routes, rs.extra_view)
            + rs.lambda_anchor * (1.0 if f.anchor_bonus else 0.0)
        )
        if not f.unit.current:
            rho *= rs.superseded_penalty
        if f.unit.tier == "short":
            rho *= rs.short_tier_penalty
        rho *= weight_of(f.unit, role_weight)
        if f.older:
            rho *= role_weight[PRESENT]
        if walked_only(f.routes):
            rho *= rs.walk_weight
        f.score = round(rho, 6)


def score_parts(f: Found, rs: RecallSettings, role_weight: dict[str, float] | None = None) -> dict[str, float]:
    """The terms of a memory's score, for the trace: the weighted alignment, route strength and
    anchor terms, the penalty factor (1 when none applies; the session support, above 1,
    counts in it too), and ``floor``, what the spreading and context floors added on top of
    ``(query + route + anchor) * penalty``."""
    parts = {
        "query": rs.lambda_query * f.alignment,
        "route": rs.lambda_route * route_strength(f.routes, rs.extra_view),
        "anchor": rs.lambda_anchor * (1.0 if f.anchor_bonus else 0.0),
        "penalty": (1.0 if f.unit.current else rs.superseded_penalty)
        * (rs.short_tier_penalty if f.unit.tier == "short" else 1.0)
        * weight_of(f.unit, role_weight or {})
        * ((role_weight or {}).get(PRESENT, 1.0) if f.older else 1.0)
        * (rs.walk_weight if walked_only(f.routes) else 1.0)
        * f.support,
    }
    own = (parts["query"] + parts["route"] + parts["anchor"]) * parts["penalty"]
    parts["floor"] = max(f.score - own, 0.0)
    return {name: round(value, 6) for name, value in parts.items()}


def new_sources_first(found: dict[str, Found], weight: float) -> None:
    """Once, in rank order: a memory whose source turns are all cited by memories ranked
    above it weighs ``weight``. It adds no turn to the evidence (another piece of a long turn,
    a restatement of what a better memory already cites) and stays reachable below the next
    memory that does. On LongMemEval's 100 questions 0.5 took recall@1500 from 0.920 to 0.936,
    on LoCoMo from 0.868 to 0.872 (multi-hop 0.689 -> 0.700); the chain set is unchanged
    (docs/benchmarks.md). A consolidated list neither weighs less nor counts as citing its
    members' turns: whether a list and its members both go in is assembly's decision
    (``consolidated.without_repeats``), and a list ranked above a member and then left out
    would otherwise have pushed the member down for nothing."""
    if weight >= 1.0:
        return
    cited: set[str] = set()
    for f in ranked(found):
        if f.unit.consolidated:
            continue
        if f.unit.sources and set(f.unit.sources) <= cited:
            f.score = round(f.score * weight, 6)
        cited.update(f.unit.sources)


def session_support(found: dict[str, Found], views: dict[str, list[Hit]], weight: float, most: int = 3) -> None:
    """A memory whose session holds other memories the question's own views found (dense,
    lexical, structural: not diffusion or context, which reach a found memory's neighbours
    by construction) weighs up to ``1 + weight``, by how many of them (at most ``most``). A
    conversation about what the question asks says it more than once; a memory that shares
    a common word with the question ("recently", "visit") stands alone in a conversation
    about something else. On LongMemEval's 100 questions 0.1 took session recall_all@5 from
    0.920 to 0.930, on LoCoMo recall at 400 tokens from 0.698 to 0.714 (docs/benchmarks.md)."""
    viewed: dict[str, set[str]] = {}
    for view in views.values():
        for hit in view:
            f = found.get(hit.unit_id)
            if f is not None and f.unit.session_id:
                viewed.setdefault(f.unit.session_id, set()).add(hit.unit_id)
    for f in found.values():
        others = len(viewed.get(f.unit.session_id, set()) - {f.unit.id}) if f.unit.session_id else 0
        if others:
            f.support = 1.0 + weight * min(others, most) / most
            f.score = round(f.score * f.support, 6)


def ranked(found: dict[str, Found]) -> list[Found]:
    return sorted(found.values(), key=lambda f: (-f.score, f.unit.id))


def assemble(found: dict[str, Found], budget_tokens: int, k: int) -> list[EvidenceItem]:
    """At most ``k`` memories in rank order within ``budget_tokens``: one that does not fit
    is passed over and the next that does is taken, so that a small budget is filled with
    the shorter memories ranked below a long one instead of left half empty."""
    items: list[EvidenceItem] = []
    used = 0
    for f in ranked(found):
        if len(items) >= k:
            break
        cost = token_cost(f.unit.render())
        if used + cost > budget_tokens:
            continue
        used += cost
        routes = tuple(dict.fromkeys(h.label for h in f.routes))
        items.append(EvidenceItem(f.unit, f.score, routes, f.anchor))
    return items
