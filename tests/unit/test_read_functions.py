"""Planner, diffusion and assembly as pure functions on hand-built graphs."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from graph_helpers import SCOPE, Graph, day, unit, vec
from ripplemem.config import RecallSettings
from ripplemem.ground.text import match_names, name_openings
from ripplemem.read.assemble import (
    Found,
    align,
    assemble,
    bounded_lift,
    dictated,
    new_sources_first,
    older_twins,
    role_weights,
    route_strength,
    score,
    score_parts,
    session_support,
    states_number,
)
from ripplemem.read.cues import (
    asked_things,
    asks_count,
    asks_for_many,
    asks_present,
    asks_when,
    asks_yes_no,
    quoted,
    says,
    with_title_forms,
    without_count_frame,
    without_request_frame,
    without_times,
)
from ripplemem.read.diffuse import cue_match, diffuse
from ripplemem.read.engine import _mark_anchors
from ripplemem.read.plan import declarative, rule_plan
from ripplemem.types import Cues, Hit, MemoryUnit, token_cost

# The motivating example: E1 is found by the query; E2 and E3 are not.
E1 = unit("e1", "Sam recommended Harbor Grill for dinner with Maya", vec(1, 0.2, 0, 0),
          people={"Sam", "Maya"}, places={"Harbor Grill"}, time=day(2026, 4, 23))
E2 = unit("e2", "Harbor Grill is a seafood restaurant", vec(0.3, 1, 0.2, 0), places={"Harbor Grill"})
E3 = unit("e3", "Maya is allergic to seafood", vec(0, 0.6, 1, 0), people={"Maya"}, layer="core")
E4 = unit("e4", "Sam booked a table at Harbor Grill for 7 pm", vec(0.9, 0, 0, 0.4),
          people={"Sam"}, places={"Harbor Grill"}, time=day(2026, 4, 23))
E5 = unit("e5", "Sam likes the atmosphere at Harbor Grill", vec(0.8, 0, 0, 0.6), people={"Sam"}, places={"Harbor Grill"})
GRAPH = Graph(
    [E1, E2, E3, E4, E5],
    [("e1", "e2", "structural", 0.7), ("e2", "e3", "semantic", 0.75), ("e1", "e4", "structural", 0.9),
     ("e1", "e5", "semantic", 0.8), ("e4", "e5", "structural", 0.7)],
)


def test_declarative_rewrites_questions_as_statements() -> None:
    assert declarative("When did Caroline go to the LGBTQ support group?") == "Caroline go to the LGBTQ support group."
    assert declarative("Would Caroline likely pursue writing?") == "Caroline likely pursue writing."
    assert not declarative("What is Maya allergic to?").endswith("?")


def test_diffusion_reaches_the_missing_constraint_through_the_anchor_only() -> None:
    target = vec(0.1, 0.5, 1, 0)  # "Maya cannot eat seafood" in the toy space
    cues = Cues(participants=frozenset({"Maya"}), locations=frozenset({"Harbor Grill"}))
    hits = diffuse(["e1"], target, cues, {"e1"}, GRAPH.neighbours, GRAPH.fetch, hops=2, per_channel=1)
    found = {h.unit_id for h in hits}
    assert "e3" in found  # two hops: e1 -structural-> e2 -semantic-> e3
    assert all(h.via == "e1" for h in hits)
    assert "e5" not in found and "e4" not in found  # nearby but not what is missing
    one_hop = diffuse(["e1"], target, cues, {"e1"}, GRAPH.neighbours, GRAPH.fetch, hops=1, per_channel=6)
    assert "e3" not in {h.unit_id for h in one_hop}


def test_diffusion_skips_what_is_known_and_walks_only_from_anchors() -> None:
    hits = diffuse(["e4"], vec(0, 0, 1, 0), Cues(), {"e4", "e1"}, GRAPH.neighbours, GRAPH.fetch, hops=1)
    assert {h.unit_id for h in hits} == {"e5"}  # e1 is known; e2/e3 are not adjacent to e4
    assert diffuse([], vec(1), Cues(), set(), GRAPH.neighbours, GRAPH.fetch) == []


def test_diffusion_does_not_walk_from_a_member_to_its_consolidated_list() -> None:
    lst = unit("sem", "Sam's restaurants: Harbor Grill ...", vec(0.9, 0.3, 0, 0), layer="semantic")
    graph = Graph([E1, E4, lst], [("sem", "e1", "consolidates", 1.0), ("sem", "e4", "consolidates", 1.0)])
    hits = diffuse(["e1"], vec(1, 0.2, 0, 0), Cues(), {"e1"}, graph.neighbours, graph.fetch, hops=2)
    assert hits == []  # a list is found by the views, not reached (nor its other members) along its edges


def test_diffusion_reads_only_the_strongest_reached_memories() -> None:
    """A long answer's pieces all tie to each other: only the ``max_reach`` memories at the
    end of the strongest paths are read and scored, the rest never fetched."""
    pieces = [unit(f"p{i}", f"piece {i}", vec(1, i / 10, 0, 0)) for i in range(6)]
    anchor = unit("a", "the answer", vec(1, 0, 0, 0))
    graph = Graph([anchor, *pieces], [("a", f"p{i}", "window", 1.0 - i / 10) for i in range(6)])
    fetched: list[str] = []

    def fetch(ids: list[str]) -> list:  # type: ignore[type-arg]
        fetched.extend(ids)
        return graph.fetch(ids)

    hits = diffuse(["a"], vec(0, 1, 0, 0), Cues(), {"a"}, graph.neighbours, fetch, hops=1, per_channel=6, max_reach=2)
    assert sorted(fetched) == ["p0", "p1"]  # the two strongest links; p5 would match the target best
    assert {h.unit_id for h in hits} == {"p0", "p1"}
    every = diffuse(["a"], vec(0, 1, 0, 0), Cues(), {"a"}, graph.neighbours, graph.fetch, hops=1, per_channel=1)
    assert [h.unit_id for h in every] == ["p5"]


def test_structural_channel_can_be_switched_off() -> None:
    cues = Cues(participants=frozenset({"Maya"}))
    hits = diffuse(["e1"], None, cues, {"e1"}, GRAPH.neighbours, GRAPH.fetch, structural=False)
    assert hits == []  # no target vector, and structural edges and matching are off
    assert cue_match(E3, cues) == 1.0 and cue_match(E2, cues) == 0.0


def _found(u, s: float, route: str = "dense") -> Found:  # type: ignore[no-untyped-def]
    f = Found(u, [Hit(u.id, route, s)])
    f.alignment = s
    return f


def test_rule_planner_picks_gateway_anchors_and_writes_a_statement() -> None:
    cues = Cues(participants=frozenset({"Maya", "Sam"}), locations=frozenset({"Harbor Grill"}),
                keywords=("follow", "sam's", "recommendation", "take", "maya", "harbor", "grill", "allergic"))
    ranked = [_found(E1, 0.9), _found(E4, 0.6), _found(E5, 0.5)]
    rs = RecallSettings()
    score({f.unit.id: f for f in ranked}, rs)
    plan = rule_plan("Should we follow Sam's recommendation and take Maya to Harbor Grill?", cues, ranked)
    assert plan.proceed and "e1" in plan.anchors and len(plan.anchors) <= 3
    assert not plan.target.endswith("?") and "Maya" in plan.target
    assert "Maya" in plan.target_cues.participants and "Harbor Grill" in plan.target_cues.locations


def test_the_best_memory_is_always_an_anchor_even_when_it_shares_the_questions_words() -> None:
    """Small talk that shares only a name with the question carries more words the question
    lacks than the recommendation itself; the recommendation still anchors (its venue is
    the chain's next link)."""
    best = unit("b", "Kai asked Rafael where to go for the promotion celebration: the Blue Door", vec(1, 0, 0, 0),
                people={"Kai", "Rafael"})
    chatter = [unit(f"c{i}", f"Rafael came round for tea {w} and Joel talked for hours about {w}", vec(0.9, 0.1 * i, 0, 0),
                    people={"Rafael", "Joel"}) for i, w in enumerate(("gardens", "football", "weather"))]
    cues = Cues(participants=frozenset({"Rafael", "Joel"}),
                keywords=("venue", "rafael", "suggested", "promotion", "celebration", "joel's"))
    ranked = [_found(best, 0.9), *(_found(c, 0.89) for c in chatter)]
    score({f.unit.id: f for f in ranked}, RecallSettings())
    ranked.sort(key=lambda f: -f.score)
    plan = rule_plan("Is the venue Rafael suggested good for Joel's promotion celebration?", cues, ranked)
    assert plan.anchors[0] == "b" and len(plan.anchors) == 3


def test_a_memory_naming_a_person_the_best_ones_lack_is_anchored_next() -> None:
    """"Clodagh" (the name the question's "Shira's sister" was given) is in none of the three
    best memories: the one that names her anchors next, ahead of better-scored chatter."""
    best = unit("b", "Shira asked: Guess who's giving a speech at Shira's sister Clodagh's book launch?", vec(1, 0, 0, 0),
                people={"Shira"})
    chatter = [unit(f"c{i}", f"Shira said: the {w} was lovely today", vec(0.9, 0.1 * i, 0, 0), people={"Shira"})
               for i, w in enumerate(("garden", "match", "weather", "bakery"))]
    venue = unit("v", "Shira said: Clodagh called, it's Rookery Manor.", vec(0.5, 0.5, 0, 0), people={"Shira"})
    cues = Cues(participants=frozenset({"Shira", "Clodagh"}), keywords=("shira's", "sister's", "book", "launch"),
                related=frozenset({"Clodagh"}))
    ranked = [_found(chatter[0], 0.95), *(_found(c, 0.9) for c in chatter[1:]), _found(best, 0.6), _found(venue, 0.5)]
    plan = rule_plan("Where will Shira's sister's book launch take place?", cues, ranked)
    assert plan.anchors[0] == "c0" and set(plan.anchors[1:]) == {"b", "v"}
    off = rule_plan("Where will Shira's sister's book launch take place?", cues, ranked, RecallSettings(missing_anchors=False))
    assert "v" not in off.anchors


def test_rule_planner_follows_a_question_whose_words_are_covered_and_stops_on_nothing() -> None:
    """Every word of the question in the top memory does not mean the answer is there: the
    planner still follows what the memory carries (here "seafood")."""
    cues = Cues(participants=frozenset({"Maya"}), keywords=("maya", "allergic"))
    plan = rule_plan("Is Maya allergic?", cues, [_found(E3, 0.9)])
    assert plan.proceed and plan.anchors == ("e3",) and plan.stop_reason.startswith("words covered")
    assert "seafood" in plan.target
    assert not rule_plan("anything", Cues(), []).proceed


def test_assembly_is_deterministic_merges_routes_and_respects_budget() -> None:
    rs = RecallSettings()
    found = {u.id: _found(u, s) for u, s in [(E1, 0.9), (E2, 0.5), (E3, 0.7), (E4, 0.8), (E5, 0.2)]}
    found["e3"].routes.append(Hit("e3", "diffusion:semantic", 0.9, 0, "e1", edges=("structural", "semantic")))
    found["e1"].anchor = True
    score(found, rs)
    items = assemble(found, 10_000, 30)
    assert [i.id for i in items][0] == "e1"
    assert len({i.id for i in items}) == len(items)  # one copy per memory
    e3 = next(i for i in items if i.id == "e3")
    assert any(r.startswith("diffusion") for r in e3.routes) and "dense" in e3.routes
    costs = [token_cost(i.render()) for i in items]
    budget = costs[0] + costs[1] + costs[2] - 1  # the third does not fit: passed over
    cut = assemble(found, budget, 30)
    left = budget - costs[0] - costs[1]
    later = [i.id for i, c in zip(items[3:], costs[3:], strict=True) if c <= left][:1]
    assert [i.id for i in cut][:2] == [i.id for i in items[:2]] and items[2].id not in {i.id for i in cut}
    assert [i.id for i in cut][2:3] == later  # the next that fits is taken
    assert sum(token_cost(i.render()) for i in cut) <= budget
    assert [i.id for i in assemble(found, 10_000, 2)] == [i.id for i in items[:2]]
    assert assemble(found, 10_000, 30) == items


def test_superseded_and_short_tier_rank_lower_but_stay() -> None:
    rs = RecallSettings()
    old = unit("old", "Ava lives in Boston", vec(1), valid_to=day(2024, 1, 1).start)
    new = unit("new", "Ava lives in Denver", vec(1))
    found = {"old": _found(old, 0.9), "new": _found(new, 0.9)}
    score(found, rs)
    assert found["new"].score > found["old"].score > 0
    assert route_strength([Hit("x", "dense", 0.5), Hit("x", "lexical", 0.7)]) == pytest.approx(0.8)


def test_spreading_lifts_what_a_strong_path_leads_to() -> None:
    rs = RecallSettings().replace(spread=0.8)  # the mechanism at a strong floor (the default is measured)
    found = {u.id: _found(u, s) for u, s in [(E1, 0.9), (E4, 0.8), (E5, 0.7)]}
    found["e1"].anchor = True
    e2 = Found(E2, [Hit("e2", "diffusion:structural", 0.3, 0, "e1", 1.0, ("structural",))])
    weak = Found(E3, [Hit("e3", "diffusion:semantic", 0.3, 0, "e1", 0.4, ("window", "semantic"))])
    found.update(e2=e2, e3=weak)
    score(found, rs.replace(spread=0.0))
    assert e2.score < found["e5"].score  # alone, a diffusion hit ranks under the views' hits
    score(found, rs)
    assert e2.score == pytest.approx(rs.spread * found["e1"].score)
    assert e2.score > found["e5"].score  # a strong path from the best anchor carries it in
    assert weak.score < found["e5"].score  # a weak path does not


def test_the_spreading_floor_is_weighed_like_the_memory_it_lifts() -> None:
    rs = RecallSettings()
    anchor = _found(unit("u1", "The user uses a nebulizer twice a day", vec(1), role="user"), 0.9)
    anchor.anchor = True
    link = Hit("a1", "diffusion:gateway", 0.0, 0, "u1", 1.0, ("gateway",), "daily")
    said = {"user": unit("a1", "The user keeps a daily omelet habit", vec(0, 1)),
            "assistant": unit("a1", "The assistant said: a basil omelet is a quick daily breakfast", vec(0, 1),
                              role="assistant")}
    lifted = {}
    for role, u in said.items():
        found = {"u1": anchor, "a1": Found(u, [link])}
        score(found, rs, role_weights(rs, asks_assistant=False))
        lifted[role] = found["a1"].score
    assert lifted["user"] == pytest.approx(rs.gateway_spread * anchor.score)
    # the assistant's answer a shared word reached keeps its role's weight under the floor too
    assert lifted["assistant"] == pytest.approx(rs.assistant_weight * lifted["user"])


def test_lifted_memories_keep_their_floor_only_within_the_bound() -> None:
    rs = RecallSettings()
    anchor = _found(unit("a", "Noor booked the Cellar Door for the reunion", vec(1)), 0.9)
    anchor.anchor = True
    links = {f"g{i}": Found(unit(f"g{i}", f"Memory {i} that names the Cellar Door once", vec(0, 1)),
                            [Hit(f"g{i}", "diffusion:gateway", 0.0, 0, "a", 1.0 - i / 100, ("gateway",), "Cellar Door")])
             for i in range(4)}
    direct = _found(unit("d", "Noor asked about the reunion's date", vec(1, 1)), 0.5)
    found = {"a": anchor, "d": direct, **links}
    score(found, rs)
    floors = {uid: f.score for uid, f in links.items()}
    assert all(f.lift > 0 and f.score > direct.score for f in links.values())  # each link lifted over the view's hit
    own = {uid: f.score - f.lift for uid, f in links.items()}
    cost = token_cost(links["g0"].unit.render())
    bounded_lift(found, 2 * cost)  # room for two lifted memories
    assert [uid for uid, f in links.items() if f.score == floors[uid]] == ["g0", "g1"]  # the strongest two keep it
    for uid in ("g2", "g3"):  # the rest rank by their own score, under the view's hit
        assert links[uid].score == pytest.approx(own[uid]) and links[uid].score < direct.score
    bounded_lift(found, 0)  # 0: no bound, nothing changes
    assert links["g0"].score == floors["g0"]


def test_a_lift_is_kept_only_where_it_brings_its_memory_near_the_top() -> None:
    rs = RecallSettings()
    anchor = _found(unit("a", "Noor booked the Cellar Door for the reunion", vec(1)), 0.9)
    anchor.anchor = True
    views = [_found(unit(f"v{i}", f"Noor said the reunion plan number {i} was settled", vec(1, 1)), 0.9 - i / 100)
             for i in range(6)]
    link = Found(unit("g", "The Cellar Door has a room upstairs", vec(0, 1)),
                 [Hit("g", "diffusion:gateway", 0.0, 0, "a", 0.5, ("gateway",), "Cellar Door")])
    found = {"a": anchor, "g": link, **{f.unit.id: f for f in views}}
    score(found, rs)
    assert link.lift > 0
    lifted = link.score
    ahead = sum(token_cost(f.unit.render()) for f in found.values() if f.score > lifted)
    bounded_lift(found, 10_000, ahead + token_cost(link.unit.render()))  # its floor ranks it within reach
    assert link.score == lifted
    bounded_lift(found, 10_000, ahead)  # one token short: it ranks by its own score
    assert link.lift == 0 and link.score < lifted


def test_a_link_through_a_name_keeps_more_of_its_anchor_than_one_through_a_word() -> None:
    rs = RecallSettings()
    anchor = _found(unit("a", "Sam recommends Harbor Grill for Maya's birthday", vec(1)), 0.9)
    anchor.anchor = True
    by_name = Found(unit("n", "Harbor Grill is a seafood place", vec(0, 1)),
                    [Hit("n", "diffusion:gateway", 0.0, 0, "a", 1.0, ("gateway",), "Harbor Grill")])
    by_word = Found(unit("w", "Maya's cousin loves a birthday cake", vec(0, 1)),
                    [Hit("w", "diffusion:gateway", 0.0, 0, "a", 1.0, ("gateway",), "birthday")])
    found = {"a": anchor, "n": by_name, "w": by_word}
    score(found, rs)
    assert by_name.score == pytest.approx(rs.named_gateway_spread * anchor.score)
    assert by_word.score == pytest.approx(rs.gateway_spread * anchor.score)
    score(found, rs.replace(gateway_spread=0.0))  # gateways' floor off: off for names too
    assert by_name.lift == 0 and by_name.score < rs.gateway_spread * anchor.score


def test_a_memory_whose_session_the_views_found_again_weighs_more() -> None:
    def in_session(uid: str, session: str) -> Found:
        f = Found(MemoryUnit(uid, SCOPE, uid, (uid,), session), [Hit(uid, "dense", 0.5)])
        f.score = 0.5
        return f

    found = {f.unit.id: f for f in (in_session("a1", "a"), in_session("a2", "a"), in_session("a3", "a"),
                                    in_session("b1", "b"), in_session("c1", "c"), in_session("c2", "c"))}
    views = {"dense": [Hit(u, "dense", 0.5) for u in ("a1", "a2", "a3", "b1", "c1")],
             "lexical": [Hit("a1", "lexical", 1.0)]}  # a1 twice: one memory, counted once
    # c2 was reached by diffusion only: it is lifted by c1, but does not lift it
    session_support(found, views, 0.3, most=2)
    assert found["a1"].score == found["a2"].score == pytest.approx(0.5 * 1.3)  # two others: the most
    assert found["c2"].score == pytest.approx(0.5 * 1.15)  # one other
    assert found["c1"].score == found["b1"].score == 0.5  # alone in its session among what the views found
    assert found["b1"].support == 1.0 and found["c2"].support == pytest.approx(1.15)


@pytest.mark.parametrize(
    ("query", "lexical"),
    [
        ("Can you suggest some activities I can do during my commute to work?",
         "activities I can do during my commute to work?"),
        ("Can you recommend some recent publications that I might find interesting?", "recent publications?"),
        ("I've got some free time tonight, any documentary recommendations?",
         "I've got some free time tonight, documentary?"),
        ("I was thinking about rearranging the furniture in my bedroom. Any tips?",
         "I was thinking about rearranging the furniture in my bedroom.?"),
        ("What did Melanie recommend to Caroline?", "What did Melanie recommend to Caroline?"),  # not a request
        ("Can you recommend some?", "Can you recommend some?"),  # nothing would be left to search for
        ("List all the cities Ximena visited.", "cities Ximena visited."),  # a command to list or name
        ("Name every book Florin has read.", "book Florin has read."),
        ("Please list the courses I have taken", "courses I have taken"),
        ("Tell me about my trip to Rome.", "my trip to Rome."),
        ("Remind me of the hotel we booked in Oslo?", "hotel we booked in Oslo?"),
        ("Could you list the podcasts I mentioned?", "the podcasts I mentioned?"),
        ("What is the name of Ann's dog?", "What is the name of Ann's dog?"),  # a name asked for, not a command
        ("Listening to jazz, which album did I like?", "Listening to jazz, which album did I like?"),
        ("List all?", "List all?"),
    ],
)
def test_a_request_is_searched_without_its_frame(query: str, lexical: str) -> None:
    assert without_request_frame(query) == lexical


@pytest.mark.parametrize(
    ("query", "lexical"),
    [
        ("How many different doctors did I visit?", "How many different doctors did I visit? Dr"),
        ("What did Dr. Patel say about it?", "What did Dr. Patel say about it? doctor"),
        ("Which professor taught my seminar?", "Which professor taught my seminar? Prof"),
        ("Is Dr Smith still my doctor?", "Is Dr Smith still my doctor?"),  # both forms already there
        ("Where did I drive to?", "Where did I drive to?"),  # "drive" is no title
        ("What is the doctoral thesis about?", "What is the doctoral thesis about?"),
    ],
)
def test_a_title_is_searched_in_both_its_written_forms(query: str, lexical: str) -> None:
    assert with_title_forms(query) == lexical


def test_a_memory_only_an_edge_walk_reached_weighs_less() -> None:
    rs = RecallSettings()
    assert 0 < rs.walk_weight < 1  # measured: docs/benchmarks.md
    walked = Found(E2, [Hit("e2", "diffusion:semantic", 0.6, 0, "e1", 0.8, ("semantic",))])
    viewed = Found(E2, [Hit("e2", "dense", 0.6, 0)])
    linked = Found(E2, [Hit("e2", "diffusion:gateway", 0.6, 0, "e1", 0.6, ("gateway",), "seafood")])
    both = Found(E2, [walked.routes[0], Hit("e2", "lexical", 0.6, 3)])
    for f in (walked, viewed, linked, both):
        f.alignment = 0.5
        score({"e2": f}, rs.replace(spread=0.0, gateway_spread=0.0))
    assert walked.score == pytest.approx(viewed.score * rs.walk_weight)
    assert both.score > walked.score  # a view found it too: no discount
    assert score_parts(walked, rs)["penalty"] == pytest.approx(rs.walk_weight)
    assert score_parts(linked, rs)["penalty"] == 1.0  # a gateway link is not a walk


def test_score_parts_add_up_to_the_score() -> None:
    rs = RecallSettings()
    old = unit("old", "Ava lived in Boston", vec(1), valid_to=day(2024, 1, 1).start)
    found = {u.id: _found(u, s) for u, s in [(E1, 0.9), (old, 0.6)]}
    found["e1"].anchor = found["e1"].anchor_bonus = True
    found["e2"] = Found(E2, [Hit("e2", "diffusion:structural", 0.3, 0, "e1", 1.0, ("structural",))])
    score(found, rs)
    for f in found.values():
        parts = score_parts(f, rs)
        own = (parts["query"] + parts["route"] + parts["anchor"]) * parts["penalty"]
        assert own + parts["floor"] == pytest.approx(f.score, abs=1e-5)
    assert score_parts(found["e1"], rs)["anchor"] == rs.lambda_anchor
    assert score_parts(found["old"], rs)["penalty"] == rs.superseded_penalty
    assert score_parts(found["e2"], rs)["floor"] > 0  # lifted by the spreading floor


def test_alignment_reads_lexical_ranks_deeper_than_the_view() -> None:
    """Ten pieces of one long answer fill the lexical view; the user's statement, twelfth in
    the full-text ranking, keeps a lexical rank when alignment reads deeper, and so comes
    out above a memory a little closer by cosine but absent from the full-text ranking."""
    q = vec(1, 0)
    pieces = {f"a{i}": Found(unit(f"a{i}", f"piece {i}", vec(1, 0.3 + i / 100), sources=("D1:2",))) for i in range(10)}
    mine = Found(unit("me", "my statement", vec(1, 0.45)))
    other = Found(unit("x", "unrelated", vec(1, 0.44)))  # a little closer by cosine
    found = {**pieces, "me": mine, "x": other}
    view = [f"a{i}" for i in range(10)]
    align(found, q, view, rrf_k=60)
    shallow = mine.alignment
    assert shallow < other.alignment  # by the view alone the closer one wins
    align(found, q, [*view, "y", "me"], rrf_k=60)
    assert mine.alignment > shallow and mine.alignment > other.alignment


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("What kind of painting did Ann share on October 13, 2023?", "What kind of painting did Ann share on ?"),
        ("When did Jon go to Paris in 2022?", "When did Jon go to Paris ?"),
        ("What did I buy last week?", "What did I buy ?"),
        ("Which book did Ben read?", "Which book did Ben read?"),  # no time: as asked
        ("When?", "When?"),  # nothing but the time would be left: as asked
    ],
)
def test_the_lexical_view_reads_the_question_without_its_times(query: str, expected: str) -> None:
    assert without_times(query, datetime(2023, 11, 1, tzinfo=UTC)) == expected


def test_a_memory_that_adds_no_new_turn_ranks_below_the_next_that_does() -> None:
    first = unit("a", "Ava booked the Lisbon flight", vec(1), sources=("t1",))
    piece = unit("b", "Ava paid with miles", vec(1), sources=("t1",))  # another piece of turn t1
    other = unit("c", "Ava's sister lives in Porto", vec(1), sources=("t2",))
    found = {"a": _found(first, 0.9), "b": _found(piece, 0.8), "c": _found(other, 0.7)}
    for f, s in zip(found.values(), (0.9, 0.8, 0.7), strict=True):
        f.score = s
    new_sources_first(found, 1.0)
    assert [f.unit.id for f in sorted(found.values(), key=lambda f: -f.score)] == ["a", "b", "c"]
    new_sources_first(found, RecallSettings().repeat_weight)
    assert [f.unit.id for f in sorted(found.values(), key=lambda f: -f.score)] == ["a", "c", "b"]
    assert found["b"].score == pytest.approx(0.8 * RecallSettings().repeat_weight)  # still found, lower


def test_a_list_above_its_member_does_not_count_as_citing_the_members_turns() -> None:
    from dataclasses import replace

    listed = replace(unit("l", "Ava's trips: the Lisbon flight; Porto", vec(1), sources=("t1", "t2")), layer="semantic")
    member = unit("m", "Ava booked the Lisbon flight", vec(1), sources=("t1",))
    found = {"l": _found(listed, 0.9), "m": _found(member, 0.8)}
    for f, s in zip(found.values(), (0.9, 0.8), strict=True):
        f.score = s
    new_sources_first(found, RecallSettings().repeat_weight)
    assert (found["l"].score, found["m"].score) == (0.9, 0.8)  # which of them goes in is assembly's call


@pytest.mark.parametrize(
    ("query", "many"),
    [
        ("What instruments has Lena tried out?", True),
        ("Which countries did Omar visit last year?", True),
        ("What board games does Priya own?", True),
        ("What are Tomasz's favourite films?", True),
        ("Which of her cousins came to the wedding?", True),
        ("How many pets does Ines have?", True),
        ("How often does Raj go swimming?", True),
        ("What kinds of cheese did we buy at the market?", True),
        ("Can you list the recipes I saved?", True),
        ("In what ways has Ada helped the shelter?", True),
        ("What kind of music does Theo listen to now?", False),
        ("How many weeks passed between the two trips?", False),
        ("What is the total number of cousins Mei has?", True),
        ("What was the number of days between the two trips?", False),
        ("How many years has Kofi lived in Leeds?", False),
        ("When did Mei adopt the kittens?", False),
        ("Where does Hugo's sister live?", False),
        ("What did Sara say about the concert?", False),
        ("Who gave Ben the old violin?", False),
        ("Is the Red Kite a good place for Tom's birthday?", False),
        ("How many months have passed since I last went to the zoo?", True),  # the last of several visits
        ("When was the last time Nadia called her brother?", True),
        ("Which did I repair first, the bike or the kettle?", True),
        ("What genre is Joanna's first novel?", False),  # one novel, the first
        ("What did Ravi do last weekend?", False),
    ],
)
def test_a_question_that_asks_for_several_things_is_told_by_its_form(query: str, many: bool) -> None:
    assert asks_for_many(query) is many


@pytest.mark.parametrize(
    ("query", "polar"),
    [
        ("Should we follow Sam's recommendation and take Maya to Harbor Grill?", True),
        ("Would the place Noor suggested suit Ivan's birthday?", True),
        ("Is the Red Kite a good choice for the leaving do?", True),
        ("Can Tom's grandmother get up to the terrace at Casa Lupo?", True),
        ("Does Pia still eat meat?", True),
        ("Didn't Raj sell his bike last spring?", True),
        ("So, will the cottage take dogs?", True),
        ("Do you remember where I parked the van?", False),
        ("What did Sam recommend for Maya's dinner?", False),
        ("When is Maya's birthday?", False),
        ("Where should we take Maya?", False),
        ("Isabel's sister lives where?", False),
    ],
)
def test_a_yes_no_question_is_told_by_its_opening(query: str, polar: bool) -> None:
    assert asks_yes_no(query) is polar


@pytest.mark.parametrize(
    ("query", "counts"),
    [
        ("How many rare coins do I have?", True),
        ("How much did Ivo spend on the bike?", True),
        ("How many days passed between the two concerts?", True),
        ("So how many times has Ana been to Lisbon?", True),
        ("How often does Raj swim?", False),
        ("What did Ana buy in Lisbon?", False),
        ("What is the total number of cousins Mei has?", True),
        ("What was the combined cost of both flights?", True),
        ("Did the number of guests at the wedding go up?", True),
        ("What is Ivo's phone number?", False),
        ("In total, what did the reunion teach Ana?", False),
    ],
)
def test_a_question_that_asks_for_a_number_is_told_by_its_form(query: str, counts: bool) -> None:
    assert asks_count(query) is counts


@pytest.mark.parametrize(
    ("query", "lexical"),
    [
        ("What is the total number of cousins Mei has?", "What is the cousins Mei has?"),
        ("How many board games have I bought in total?", "How many board games have I bought ?"),
        ("What was the combined cost of both flights?", "What was the cost of both flights?"),
        ("What is Ivo's phone number?", "What is Ivo's phone number?"),  # no count asked: as it is
        ("How many in total?", "How many in total?"),  # nothing would be left to search for
    ],
)
def test_a_count_question_is_searched_without_its_frame(query: str, lexical: str) -> None:
    assert without_count_frame(query) == lexical


def test_in_a_chat_what_the_user_hands_over_weighs_less_than_what_they_say_of_themselves() -> None:
    rs = RecallSettings(dictated_weight=0.5)
    own = unit("a", "The user has been a nurse at the county clinic for two years.", vec(1), role="user")
    pasted = unit("b", "The user said: Agenda for the clinic meeting: staffing, rota, budget.", vec(1), role="user")
    named = unit("c", "Ann said: The clinic rota changes on Monday.", vec(1))  # named speakers: never dictated
    assert not dictated(own) and dictated(pasted) and not dictated(named)
    found = {u.id: _found(u, 0.0) for u in (own, pasted, named)}
    for f in found.values():
        f.alignment = 0.8
    score(found, rs, role_weights(rs, False))
    assert found["b"].score == pytest.approx(found["a"].score * 0.5)
    assert found["c"].score == found["a"].score
    assert score_parts(found["b"], rs, role_weights(rs, False))["penalty"] == pytest.approx(0.5)
    score(found, RecallSettings(dictated_weight=1.0), role_weights(RecallSettings(dictated_weight=1.0), False))
    assert found["b"].score == found["a"].score  # off


def test_a_question_about_the_present_weighs_a_memory_its_later_twin_restates() -> None:
    rs = RecallSettings(older_weight=0.9, twin_cosine=0.8)
    old = unit("a", "The user has read 120 pages of the history book.", vec(1, 0.1)).with_(mentioned_at=datetime(2023, 3, 1, tzinfo=UTC))
    new = unit("b", "The user has read 280 pages of the history book.", vec(1, 0.12)).with_(mentioned_at=datetime(2023, 5, 1, tzinfo=UTC))
    other = unit("c", "The user bought a lamp.", vec(0, 1)).with_(mentioned_at=datetime(2023, 6, 1, tzinfo=UTC))
    found = {u.id: _found(u, 0.8) for u in (old, new, other)}
    assert older_twins(found, 0.8) == {"a"}  # the lamp is no twin of either
    score(found, rs, role_weights(rs, False, present=True))
    assert found["a"].score == pytest.approx(found["b"].score * 0.9) and found["a"].older
    assert score_parts(found["a"], rs, role_weights(rs, False, present=True))["penalty"] == pytest.approx(0.9)
    score(found, rs, role_weights(rs, False))  # a question not about the present: the history counts the same
    assert found["a"].score == found["b"].score


@pytest.mark.parametrize(
    ("query", "present"),
    [
        ("How many pages have I read so far?", True),
        ("Where do I keep my old sneakers now?", True),
        ("What is my current highest score?", True),
        ("How many pages had I read in March?", False),
        ("Where did I keep the sneakers before the move?", False),
    ],
)
def test_a_question_about_the_present_is_told_by_its_words(query: str, present: bool) -> None:
    assert asks_present(query) is present


def test_in_a_count_question_memories_that_state_no_number_weigh_less() -> None:
    rs = RecallSettings(count_weight=0.8)
    coins = unit("a", "The user keeps 25 rare coins in a safe.", vec(1))
    talk = unit("b", "The user loves talking about rare coins with friends.", vec(1))
    dated = unit("c", "The user bought a rare coin at the fair.", vec(1), time=day(2024, 5, 3))
    assert states_number(coins) and states_number(dated) and not states_number(talk)
    found = {u.id: _found(u, 0.0) for u in (coins, talk, dated)}
    for f in found.values():
        f.alignment = 0.8
    score(found, rs, role_weights(rs, False, counts=True))
    assert found["b"].score == pytest.approx(found["a"].score * 0.8)
    assert found["c"].score == found["a"].score
    score(found, rs, role_weights(rs, False, counts=False))  # another question: no weight
    assert found["b"].score == found["a"].score


@pytest.mark.parametrize(
    ("query", "when"),
    [
        ("When did Ana move to Porto?", True),
        ("On what date was Kai due to renew the passport?", True),
        ("In what year did Ben start the band?", True),
        ("So when is the wedding?", True),
        ("What time did I reach the clinic?", False),
        ("Where did Ana move after Porto?", False),
        ("How long has Nate had the turtles?", False),
    ],
)
def test_a_question_that_asks_for_a_date_is_told_by_its_opening(query: str, when: bool) -> None:
    assert asks_when(query) is when


def test_a_when_question_stops_once_its_best_memory_states_a_date_and_follows_one_that_does_not() -> None:
    """"When did Ana sell the car?" is answered by a memory that states the date; one that
    says "two weeks after the wedding" is the first link of a chain, and the planner goes on."""
    cues = Cues(participants=frozenset({"Ana"}), keywords=("ana", "sell", "car"))
    dated = unit("d", "Ana sold the old car on 3 May 2024.", vec(1, 0, 0, 0), people={"Ana"}, time=day(2024, 5, 3))
    relative = unit("r", "Ana sold the old car two weeks after the wedding.", vec(1, 0, 0, 0), people={"Ana"})
    other = unit("o", "Ana's wedding was in the Douro valley.", vec(0.5, 0.5, 0, 0), people={"Ana"})
    stop = rule_plan("When did Ana sell the car?", cues, [_found(dated, 0.9), _found(other, 0.5)])
    assert not stop.proceed and "date" in stop.stop_reason
    go = rule_plan("When did Ana sell the car?", cues, [_found(relative, 0.9), _found(other, 0.5)])
    assert go.proceed and go.anchors[0] == "r"
    assert rule_plan("What did Ana sell?", cues, [_found(dated, 0.9)]).proceed  # no date asked: followed
    assert rule_plan("When did Ana sell the car?", cues, [_found(dated, 0.9)], RecallSettings(date_stop=False)).proceed
    # a date about someone else answers nothing: "Kenji sold his car on 3 May" does not date Ana's sale
    kenji = unit("k", "Kenji sold his old car on 3 May 2024.", vec(1, 0, 0, 0), people={"Kenji"}, time=day(2024, 5, 3))
    assert rule_plan("When did Ana sell the car?", cues, [_found(kenji, 0.9), _found(other, 0.5)]).proceed


def test_the_form_of_a_long_question_is_read_from_its_opening() -> None:
    pasted = " ".join(["The quarterly report lists revenue, costs and margins for every region."] * 2000)
    assert asks_for_many("Which regions grew fastest? " + pasted)
    assert not asks_for_many("When did the report come out? " + pasted)


def test_a_second_round_follows_a_named_link_only() -> None:
    """Round 2 follows what round 1 reached through a name ("Harbor Grill"), not through a
    common noun an off-topic anchor carried ("walk")."""
    from ripplemem.read.engine import _named_link

    class _Search:
        led_by = {"a": "Harbor Grill", "b": "walk", "c": "seafood"}

    assert _named_link(_Search(), ["b", "a"])  # type: ignore[arg-type]
    assert not _named_link(_Search(), ["b", "c", "z"])  # type: ignore[arg-type]


def test_a_known_name_is_matched_whole_or_by_its_capitalised_first_word() -> None:
    known = ["Music Hall of Williamsburg", "Melanie Smith", "Harbor Grill"]
    assert match_names("Who did I go with to the music event?", known) == frozenset()  # a word, not the venue
    assert match_names("What did Melanie cook?", known) == {"Melanie Smith"}
    assert match_names("what did melanie smith cook?", known) == {"Melanie Smith"}
    assert match_names("Was the Music Hall loud?", known) == {"Music Hall of Williamsburg"}


@pytest.mark.parametrize(
    "text",
    [
        "What did Melanie cook?",
        "Was the Music Hall loud, Melanie?",
        "Did I tell Jean Luc about O Brien's band?",
        "Did Jean-Luc meet O'Brien at St Louis?",
        "Is Dr. Smith's clinic near Pokémon Center?",
        "\"Harbor Grill\" (or the Grill) - who went?",
        "nothing named here",
    ],
)
def test_names_starting_with_an_opening_are_all_a_text_can_name(text: str) -> None:
    known = [
        "Music Hall of Williamsburg", "Melanie Smith", "Harbor Grill", "Jean-Luc Picard", "O'Brien",
        "St. Louis", "Dr. Smith", "Pokémon Center", "Grill", "Luc", "Smith",
    ]
    openings = name_openings(text)
    starting = [n for n in known if " ".join(n.split()).lower().split(" ")[0] in openings]
    assert match_names(text, starting) == match_names(text, known)


@pytest.mark.parametrize(
    ("query", "things"),
    [
        ("What activities does Priya enjoy on weekends?", {"activity"}),
        ("How many kayaks has Omar bought from the shop he works at?", {"kayak"}),
        ("What are Lena's hobbies?", {"hobby"}),
        ("What kinds of bread has Tomas baked?", {"bread"}),
        ("Which cities did the user visit in spring?", {"city"}),
        ("What are the names of Gil's cats?", {"cat"}),
        ("How many times has Ines been to Lisbon?", set()),
        ("What does Ines do to unwind?", set()),
        ("In what ways has Bo helped his neighbours?", set()),
        ("Which board games does Kemi own?", {"board", "game"}),
        ("What is the total number of cousins Rafa has?", {"cousin"}),  # the second opening names them
        ("What is Rafa's favourite colour?", set()),
    ],
)
def test_the_things_a_question_asks_for_are_the_nouns_of_its_wh_phrase(query: str, things: set[str]) -> None:
    assert asked_things(query) == things


def test_a_list_asked_for_by_its_noun_ranks_first_and_no_list_of_another_word() -> None:
    from ripplemem.read.assemble import Found, ranked
    from ripplemem.read.consolidated import asked_lists
    from ripplemem.types import MemoryUnit, Scope

    def found(uid: str, score: float, layer: str, concepts: str) -> Found:
        unit = MemoryUnit(uid, Scope("u"), uid, (uid,), "s", participants=frozenset({"Omar"}), layer=layer,
                          concepts=frozenset(concepts.split()))
        return Found(unit, score=score)

    pool = {f.unit.id: f for f in (found("a", 0.9, "episodic", ""), found("shops", 0.5, "semantic", "shop"),
                                    found("kayaks", 0.4, "semantic", "kayak"))}
    asked_lists(pool, {"Omar"}, "How many kayaks has Omar bought from the shop he works at?", 1)
    assert ranked(pool)[0].unit.id == "kayaks"
    asked_lists(pool, {"Omar"}, "How many paddles did Omar buy at the shop?", 1)  # no list of paddles: none
    assert ranked(pool)[0].unit.id == "kayaks" and pool["shops"].score == 0.5
    asked_lists(pool, {"Omar"}, "What does Omar do at the shop?", 1)  # names no thing asked for: a word of it
    assert ranked(pool)[0].unit.id == "shops"


def test_a_view_keeps_k_specific_memories_past_the_lists_among_them() -> None:
    from ripplemem.read.recall import own_views
    from ripplemem.types import Hit, MemoryUnit, Scope

    layers = {"l1": "semantic", "e1": "episodic", "l2": "semantic", "e2": "episodic", "e3": "episodic"}
    units = {uid: MemoryUnit(uid, Scope("u"), "text", (uid,), "s", layer=layer) for uid, layer in layers.items()}
    dense = [Hit(uid, "dense", 1.0 - rank / 10, rank) for rank, uid in enumerate(layers)]
    kept = own_views({"dense": dense}, units, {}, 2)["dense"]
    assert [h.unit_id for h in kept] == ["l1", "e1", "e2"]  # the list among the first two stays; two specific memories too


def test_a_list_takes_neither_the_rank_nor_the_scale_of_the_specific_memories() -> None:
    """Maintenance writes lists; the memories it did not touch keep the ranks, scores and
    alignment they had without them (the list ranks and scores on its own)."""
    from ripplemem.read.recall import own_views
    from ripplemem.types import Hit, MemoryUnit, Scope

    layers = {"l1": "semantic", "e1": "episodic", "e2": "episodic"}
    units = {uid: MemoryUnit(uid, Scope("u"), "text", (uid,), "s", layer=layer) for uid, layer in layers.items()}
    lexical = [Hit("l1", "lexical", 1.0, 0), Hit("e1", "lexical", 0.8, 1), Hit("e2", "lexical", 0.4, 2)]
    kept = {h.unit_id: h for h in own_views({"lexical": lexical}, units, {}, 3)["lexical"]}
    assert (kept["e1"].rank, kept["e1"].score) == (0, 1.0)  # as if the list were not there
    assert (kept["e2"].rank, kept["e2"].score) == (1, 0.5)
    assert (kept["l1"].rank, kept["l1"].score) == (0, 1.0)
    dense = [Hit("l1", "dense", 0.9, 0), Hit("e1", "dense", 0.7, 1)]  # cosines: never rescaled
    assert [h.score for h in own_views({"dense": dense}, units, {}, 3)["dense"]] == [0.9, 0.7]

    q = vec(1, 0)
    plain = {"e1": Found(unit("e1", "one", vec(1, 0.1))), "e2": Found(unit("e2", "two", vec(1, 0.2)))}
    align(plain, q, ["e1", "e2"], rrf_k=60)
    before = {uid: f.alignment for uid, f in plain.items()}
    listed = unit("l1", "a list", vec(1, 0))
    with_list = {"l1": Found(replace(listed, layer="semantic")), **plain}
    align(with_list, q, ["l1", "e1", "e2"], rrf_k=60)
    assert {uid: with_list[uid].alignment for uid in before} == before
    assert with_list["l1"].alignment == pytest.approx(1.0)


def test_only_anchors_the_question_ranked_first_earn_the_anchor_term() -> None:
    """An anchor the planner picked for the cues it carries beyond the question is followed
    (its links are lifted from it) but not ranked up for it; later rounds' anchors, the
    chain's next links, earn the term."""
    rs = RecallSettings()
    found = {u.id: _found(u, s) for u, s in [(E1, 0.9), (E2, 0.8), (E3, 0.7), (E4, 0.6), (E5, 0.5)]}
    leading = [found["e1"], found["e2"]]
    _mark_anchors(found, ("e1", "e4"), leading)
    assert found["e1"].anchor and found["e4"].anchor  # both followed
    assert found["e1"].anchor_bonus and not found["e4"].anchor_bonus
    score(found, rs)
    assert score_parts(found["e4"], rs)["anchor"] == 0.0 and score_parts(found["e1"], rs)["anchor"] == rs.lambda_anchor
    _mark_anchors(found, ("e5",), ())  # a later round: the chain's next link
    assert found["e5"].anchor and found["e5"].anchor_bonus


@pytest.mark.parametrize(
    ("query", "spans"),
    [
        ("Which book did I finish first, 'The Hate U Give' or 'The Nightingale'?", ("The Hate U Give", "The Nightingale")),
        ('When did Ana read the book "nothing is impossible"?', ("nothing is impossible",)),
        ("Would Ana like \u201cThe Four Seasons\u201d by Vivaldi?", ("The Four Seasons",)),
        ("What did Ana's kids' teacher say about 'Blue Hour'?", ("Blue Hour",)),  # apostrophes open nothing
        ("What did Ana's dog do?", ()),
        ("What did I say about 'x'?", ()),  # one letter: no span
        ("Is '42' the answer?", ()),  # no letter
        ("What did I mean by 'one two three four five six seven eight nine ten eleven'?", ()),  # a quoted text
    ],
)
def test_the_spans_a_question_quotes(query: str, spans: tuple[str, ...]) -> None:
    assert quoted(query) == spans


@pytest.mark.parametrize(
    ("text", "span", "how"),
    [
        ("The user just finished listening to 'The Power' by Naomi Alderman.", "The Power", 0),
        ("2. **The Power** by Naomi Alderman", "The Power", 0),
        ("Is The Power of Habit worth it?", "The Power", 1),
        ("the power of small habits", "The Power", 2),
        ("Ana read Nothing Is Impossible twice.", "nothing is impossible", 2),
        ("Sapiens:A Brief History of Humankind", "Sapiens: A Brief History of Humankind", 1),
        ("empowering and powerful", "The Power", None),
        ("The Nightingale", "The Power", None),
    ],
)
def test_how_a_memory_says_a_quoted_span(text: str, span: str, how: int | None) -> None:
    assert says(text, span) == how
