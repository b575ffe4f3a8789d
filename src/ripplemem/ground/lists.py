"""What a consolidated list is called, so that the write side (``maintain``) and the read side
agree without importing each other: its id, from its subject and topic; the topics
(:data:`TOPICS`, and :data:`USER_TOPICS` for a chat user); a thing's English plural, which names a thing's list ("tournaments"). A
question that asks for a subject's things can then look the list up by id. Pure."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from .concepts import singular
from .text import CHAT_USER

# topic -> the concepts (``ground.concepts``, singular nouns and two-word phrases' heads) that
# put a memory in it
TOPICS: dict[str, frozenset[str]] = {
    "activities and hobbies": frozenset(
        "pottery painting paint camping camp hike hiking running run marathon swimming swim yoga dance dancing "
        "guitar piano violin singing drawing photography gardening garden cooking baking knitting surfing ski "
        "skiing climbing fishing cycling biking bike hobby sport game volunteering volunteer class workshop "
        "art music instrument tennis soccer football basketball chess meditation club race".split()
    ),
    "books and reading": frozenset("book novel reading author library poem poetry series reader".split()),
    "family": frozenset(
        "kid child son daughter husband wife family fam mom dad mother father grandma grandpa brother sister "
        "parent baby partner".split()
    ),
    "pets and animals": frozenset("dog cat pet puppy kitten horse bird turtle fish animal".split()),
    "career, work and studies": frozenset(
        "career job work counseling school study degree business company project internship office boss "
        "colleague course education".split()
    ),
    "trips and places": frozenset("trip travel vacation beach mountain museum city visit tour park country".split()),
    "events": frozenset("parade conference festival concert event party wedding birthday ceremony meeting".split()),
    "food and cooking": frozenset("food recipe restaurant dish cake dinner meal bread cookie pie".split()),
}

# A kind of thing and the things of that kind a list states instead: asked for "siblings", a
# family list that names a sister and a brother holds them. English categories, read by the
# read side when a question asks for a kind (``read.consolidated``).
KINDS: dict[str, frozenset[str]] = {
    kind: frozenset(members.split()) for kind, members in {
        "sibling": "sister brother",
        "parent": "mother father mom dad stepmother stepfather",
        "child": "son daughter kid baby stepson stepdaughter",
        "kid": "son daughter child baby",
        "grandparent": "grandmother grandfather grandma grandpa",
        "grandchild": "grandson granddaughter",
        "relative": "aunt uncle cousin niece nephew grandmother grandfather grandma grandpa sister brother",
        "pet": "dog cat puppy kitten bird fish turtle hamster rabbit parrot horse",
        "vehicle": "car truck motorcycle bike bicycle scooter van",
        "instrument": "guitar piano violin drum flute cello saxophone trumpet ukulele harp clarinet",
        "sport": "soccer football basketball tennis baseball volleyball hockey golf swimming running cycling "
                 "rugby cricket boxing skiing surfing climbing badminton",
        "doctor": "physician specialist dermatologist dentist therapist surgeon pediatrician cardiologist "
                  "optometrist chiropractor allergist",
    }.items()
}


def with_kinds(things: frozenset[str]) -> frozenset[str]:
    """``things`` and, for each kind among them, the things of that kind (:data:`KINDS`)."""
    return things.union(*(KINDS.get(t, frozenset()) for t in things))


# A chat user's lists are read only when a question asks for them (``recall.user_lists_asked_only``),
# so a chat user has more topics, of a chat's own domains, at no cost to the questions that do
# not ask: in a conversation between two people every list is found like any memory, and a list
# of podcasts or cafes named in passing takes an evidence's place.
USER_TOPICS: dict[str, frozenset[str]] = {
    "food and cooking": frozenset("cuisine snack lunch breakfast soup salad dessert cafe bakery".split()),
    "health and medical care": frozenset(
        "doctor physician specialist dermatologist dentist therapist surgeon nurse clinic hospital checkup "
        "diagnosis prescription medication medicine treatment surgery vaccine pharmacy physiotherapist "
        "allergist pediatrician cardiologist optometrist chiropractor".split()
    ),
    "devices and technology": frozenset(
        "phone smartphone laptop computer tablet device gadget camera headphone earbud speaker console "
        "smartwatch tracker monitor printer router".split()
    ),
    "films, shows and music": frozenset(
        "movie film series episode podcast album documentary playlist".split()
    ),
    "home and household": frozenset("apartment furniture sofa couch appliance houseplant".split()),
    "vehicles": frozenset("car truck motorcycle scooter van vehicle".split()),
    "money and purchases": frozenset(
        "purchase budget saving loan mortgage investment bill expense salary discount coupon refund".split()
    ),
}


# the chat user's topics: a topic in both takes the words of both
_CHAT_USER_TOPICS: dict[str, frozenset[str]] = {
    t: TOPICS.get(t, frozenset()) | USER_TOPICS.get(t, frozenset()) for t in {**TOPICS, **USER_TOPICS}
}


def topics_for(subject: str) -> dict[str, frozenset[str]]:
    """The topics a subject's lists are made of: :data:`TOPICS`, and for the chat user
    :data:`USER_TOPICS` besides."""
    return _CHAT_USER_TOPICS if subject == CHAT_USER else TOPICS


def consolidated_id(subject: str, topic: str) -> str:
    return "sem-" + hashlib.sha256(f"{subject.lower()}|{topic}".encode()).hexdigest()[:24]


def plural(noun: str) -> str:
    """An English plural by spelling ("city" -> "cities", "match" -> "matches", "book" -> "books")."""
    if noun.endswith("y") and noun[-2:-1] not in tuple("aeiou"):
        return noun[:-1] + "ies"
    if noun.endswith(("s", "x", "z", "ch", "sh")):
        return noun + "es"
    return noun + "s"


def list_header(subject: str, topic: str) -> str:
    """A consolidated memory's header: "Caroline's books and reading: ", "The user's games: "."""
    return f"{subject[:1].upper()}{subject[1:]}'s {topic}: "


def list_topic(restatement: str) -> str:
    """The topic a consolidated memory's header names ("The user's activities and hobbies: ..."
    -> "activities and hobbies", :func:`list_header`); "" for none."""
    head, sep, _ = restatement.partition(": ")
    _, own, topic = head.partition("'s ")
    return topic if sep and own else ""


MEMBER_SEP = "; "  # between a consolidated memory's packed statements


def list_members(restatement: str) -> list[str]:
    """The packed statements of a consolidated memory, after its header, each with its date
    ("Ana won a chess tournament. (1 Jan 2024)"; ``maintain.consolidate.pack``)."""
    _, sep, body = restatement.partition(": ")
    return [p.strip() for p in body.split(MEMBER_SEP)] if sep else []


def topic_nouns(topic: str) -> frozenset[str]:
    """The nouns of a topic's name, singular ("activities and hobbies" -> activity, hobby)."""
    return frozenset(singular(w.strip(",")) for w in topic.split() if w not in ("and", "or"))


def list_ids(subjects: Iterable[str], things: Iterable[str]) -> list[str]:
    """The ids the lists of ``subjects`` about ``things`` (singular nouns) would have: a thing's
    own list ("tournaments") and each topic whose name or words hold it ("activities and
    hobbies" for "hobby" or "yoga")."""
    things = frozenset(things)
    return list(dict.fromkeys(
        consolidated_id(s, name) for s in subjects
        for name in [*(plural(t) for t in sorted(things)),
                     *(t for t, terms in topics_for(s).items() if things & (terms | topic_nouns(t)))]))
