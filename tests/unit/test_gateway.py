"""Gateways: the cues an anchor carries that the question lacks, and the links they make."""

from __future__ import annotations

from datetime import UTC, datetime

from ripplemem.read.gateway import follow, gateways, mentions, with_concepts
from ripplemem.types import Cues, MemoryUnit, Scope

SCOPE = Scope("u")
NOW = datetime(2026, 5, 1, tzinfo=UTC)


def unit(uid: str, text: str, people: tuple[str, ...] = (), places: tuple[str, ...] = ()) -> MemoryUnit:
    """A memory with the concepts the real parse gives it (as the extractor stores them)."""
    bare = MemoryUnit(
        id=uid, scope=SCOPE, restatement=text, sources=(uid,), session_id="s",
        participants=frozenset(people), locations=frozenset(places), valid_from=NOW,
    )
    return with_concepts([bare])[0]


E1 = unit("e1", "Sam recommends Harbor Grill for Maya's birthday dinner.", ("Sam", "Maya"), ("Harbor Grill",))
E2 = unit("e2", "Sam said Harbor Grill is a seafood restaurant on the pier.", ("Sam",), ("Harbor Grill",))
E3 = unit("e3", "Maya is allergic to seafood, shellfish especially.", ("Maya",))
QUESTION = Cues(participants=frozenset({"Maya", "Sam"}), keywords=("maya", "sam's", "recommendation", "birthday", "dinner"))
COMMON = frozenset({"maya", "sam"})


def test_gateways_are_what_the_anchor_adds_to_the_question() -> None:
    names, words = gateways(E1, QUESTION, COMMON, 8)
    assert names == ("Harbor Grill",)  # the speakers and the question's own words are not gateways
    assert "birthday" not in words and "dinner" not in words and "maya" not in words
    _, words = gateways(E2, QUESTION, COMMON, 8)
    assert "seafood" in words and "said" not in words  # generic verbs of saying are not
    assert "harbor" not in words  # a name's words come through the name


def _index(units: list[MemoryUnit]):  # type: ignore[no-untyped-def]
    def words(text: str, k: int) -> list[tuple[str, float]]:
        return [(u.id, 1.0) for u in units if text.lower() in u.restatement.lower()][:k]

    def names(name: str, k: int) -> list[tuple[str, float]]:
        return [(u.id, 1.0) for u in units if name in u.participants | u.locations][:k]

    return words, names


def test_a_rare_shared_cue_is_a_full_link_and_a_common_one_none() -> None:
    noise = [unit(f"n{i}", f"Someone had a restaurant dinner number {i}.") for i in range(20)]
    words, names = _index([E1, E2, E3, *noise])
    hits, used = follow([E2], QUESTION, COMMON, words, names, lambda ids: {}, rare=3, terms=8, limit=3, skip=set())
    by_id = {h.unit_id: h for h in hits}
    assert by_id["e3"].score == 0.5 and by_id["e3"].via == "e2" and by_id["e3"].edges == ("gateway",)
    assert "restaurant" not in used["e2"]  # shared by 20 memories: too common to link
    assert not any(h.unit_id.startswith("n") for h in hits)


def test_a_hit_weighed_zero_is_linked_but_not_counted() -> None:
    lists = [unit(f"l{i}", f"Maya's foods: seafood platter {i}; seafood again.") for i in range(20)]
    words, names = _index([E1, E2, E3, *lists])

    def weighed(text: str, k: int) -> list[tuple[str, float]]:  # the lists restate others: weight 0
        return [(uid, 0.0 if uid.startswith("l") else w) for uid, w in words(text, k + len(lists))]

    hits, used = follow([E2], QUESTION, COMMON, weighed, names, lambda ids: {}, rare=3, terms=8, limit=30, skip=set())
    assert "seafood" in used["e2"]  # carried by e3 alone among the memories that count
    assert {h.unit_id for h in hits} >= {"e3", "l0"}
    hits, used = follow([E2], QUESTION, COMMON, words, names, lambda ids: {}, rare=3, terms=8, limit=30, skip=set())
    assert "seafood" not in used.get("e2", ())  # counted, 21 memories carry it: too common


def test_links_are_bounded_and_skip_what_is_already_in() -> None:
    words, names = _index([E1, E2, E3])
    hits, _ = follow([E1, E2], QUESTION, COMMON, words, names, lambda ids: {}, rare=3, terms=8, limit=1, skip={"e3"})
    assert [h.unit_id for h in hits] == ["e2"]  # one link at most; e3 is already in the evidence


def test_a_proper_name_the_recogniser_missed_is_a_gateway_and_links_by_its_words() -> None:
    anchor = unit("a", "Sofia suggested Mercado 21 for Nadia's recovery celebration.", ("Sofia", "Nadia"))
    other = unit("b", "Is Mercado 21 that place near the station? It is completely nut-free.")
    dated = unit("c", "On 21 March the market was closed.")
    cues = Cues(participants=frozenset({"Sofia", "Nadia"}), keywords=("sofia's", "pick", "nadia's", "recovery", "celebration"))
    names, _ = gateways(anchor, cues, frozenset(), 8)
    assert "Mercado 21" in names
    assert mentions(other.restatement, "Mercado 21") and not mentions(dated.restatement, "Mercado 21")
    words, by_name = _index([anchor, other, dated])
    hits, used = follow([anchor], cues, frozenset(), lambda t, k: [p for p in words(t, k)], by_name,
                        lambda ids: {}, rare=3, terms=8, limit=3, skip=set())
    assert [h.unit_id for h in hits] == ["b"] and hits[0].cue == "Mercado 21"


def test_a_common_noun_concept_links_less_than_a_name() -> None:
    anchor = unit("a", "Sam recommends Harbor Grill for the seafood.", ("Sam",), ("Harbor Grill",))
    by_place = unit("p", "Harbor Grill is on the pier.", (), ("Harbor Grill",))
    by_word = unit("w", "Maya cannot eat seafood.", ("Maya",))
    words, names = _index([anchor, by_place, by_word])
    hits, _ = follow([anchor], Cues(keywords=("recommends",)), frozenset(), words, names, lambda ids: {},
                     rare=3, terms=8, limit=3, skip=set(), closeness_share=0.0, concept_link=0.8)
    weight = {h.unit_id: h.score for h in hits}
    assert weight["p"] == 1.0 and weight["w"] == 0.8


def test_a_link_to_a_memory_already_found_lifts_it_and_takes_no_new_place() -> None:
    words, names = _index([E1, E2, E3])
    hits, _ = follow([E1, E2], QUESTION, COMMON, words, names, lambda ids: {}, rare=3, terms=8, limit=1,
                     skip=set(), known={"e2"})
    linked = {h.unit_id for h in hits}
    assert "e2" in linked  # already a candidate: linked (its floor can lift it) ...
    assert len(linked - {"e2"}) == 1  # ... and the one new place is still free for another


def test_a_word_many_memories_carry_is_the_topic_while_a_name_still_links() -> None:
    topic = [unit(f"t{i}", f"Maya's seafood class number {i} at the Grill School.", ("Maya",)) for i in range(8)]
    grill = [unit(f"g{i}", f"Harbor Grill hired a new chef, story {i}.", (), ("Harbor Grill",)) for i in range(8)]
    words, names = _index([E1, E2, E3, *topic, *grill])
    # "seafood" is carried by 9 memories: within 4 x 3 it links (weakly), beyond 2 x 3 it is the topic
    _, loose = follow([E2], QUESTION, COMMON, words, names, lambda ids: {}, rare=3, terms=8, limit=30, skip=set())
    _, used = follow([E2], QUESTION, COMMON, words, names, lambda ids: {}, rare=3, terms=8, word_reach=2, limit=30, skip=set())
    assert "seafood" in loose["e2"] and "seafood" not in used["e2"]
    assert "Harbor Grill" in used["e2"]  # a name carried by as many still links: it is one place


def test_a_name_joined_by_and_is_one_gateway_unless_it_is_two_people() -> None:
    venue = unit("v", "Ines says Olive and Ash would be perfect for Vera's party.", ("Ines", "Ash"))
    names, _ = gateways(venue, Cues(keywords=("party",)), COMMON, 8)
    assert "Olive and Ash" in names and "Olive" not in names and "Ash" not in names  # "Ash" taken for a person
    shop = unit("s", "Bought the lamp at Marrow & Rye on Sunday.")
    assert "Marrow & Rye" in gateways(shop, Cues(keywords=("lamp",)), COMMON, 8)[0]
    pair = unit("p", "Noah and Esme went to the lake.", ("Noah", "Esme"))
    assert gateways(pair, Cues(keywords=("lake",)), COMMON, 8)[0] == ("Esme", "Noah")  # two people stay two
    assert mentions("Has Esme been to Olive and Ash? It's alcohol-free.", "Olive and Ash")  # its "and" is no word to find
