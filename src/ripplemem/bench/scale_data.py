"""Synthetic data of ``ripplemem bench scale``: memories to bulk-load, dialogues to add, questions.

Restatements come from templates, names from a pool of 200 people and 100 places, times are
spread over three years (days, months, years), and each unit gets a few window/structural/
semantic edges. Vectors are not embedded one by one (too slow at a million): each is a topic
direction (the real embedding of the topic's template) plus a person direction, a place
direction and noise, so neighbourhoods exist in the embedder's own space.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

import numpy as np
import numpy.typing as npt

from ripplemem.providers.embed.base import Embedder
from ripplemem.types import Edge, MemoryUnit, Scope, TimeSpan, Turn

PEOPLE = """Aaron Abigail Adam Adrian Aisha Alan Albert Alex Alice Amara Amelia Amir Ana Andre Andrea Angela Anika
Anna Anton Arjun Ava Beatriz Ben Bianca Boris Bruno Caleb Camila Carla Carlos Caroline Cecilia Chen Chloe Clara
Daniel Dara David Diana Diego Dmitri Elena Eli Elif Elisa Emil Emily Emma Enzo Eric Esther Ethan Eva Farah Felix
Fiona Gabriel Georgia Grace Greta Hana Hannah Harry Hassan Helen Hugo Ian Ines Ingrid Isaac Isabel Ivan Jack
Jade Jamal James Jana Javier Jin Joanna Jonas Jose Julia Julian Kai Kamala Karim Kate Kenji Kira Laila Lars Laura
Leah Leo Lena Liam Lila Lina Lucas Lucia Luis Luna Magnus Malik Marco Maria Marta Mateo Maya Mei Melanie Mia Miguel
Mila Nadia Naomi Nathan Nia Nico Nina Noah Nora Oliver Olivia Omar Oscar Owen Paolo Paula Pedro Petra Priya Quinn
Rafael Rahul Rania Ravi Rebecca Rita Robin Rosa Ruth Ryan Sam Samira Sara Sean Sofia Soren Stella Sven Tara Theo
Tomas Uma Valentina Victor Vera Viktor Wei Will Xavier Yara Yusuf Zara Zoe Ayla Bram Cyrus Dalia Ezra Freya Gideon
Hazel Idris Juno Kofi Linnea Mateus Noor Orla Pia Rohan Selma Tobias Ulla Vivian Wren Yosef Zeynep Anouk Basil Cleo
Dorian Elodie Fabian Gwen Hector Ilse""".split()
PLACES = """Amsterdam,Athens,Austin,Bangkok,Barcelona,Berlin,Bilbao,Bologna,Boston,Bristol,Brussels,Budapest,
Cairo,Cape Town,Chicago,Copenhagen,Cork,Dakar,Delhi,Denver,Dublin,Edinburgh,Florence,Geneva,Glasgow,Granada,Hamburg,
Havana,Helsinki,Hanoi,Istanbul,Kyoto,Lagos,Lima,Lisbon,Ljubljana,London,Lyon,Madrid,Malaga,Marseille,Melbourne,
Mexico City,Miami,Milan,Montreal,Mumbai,Munich,Nairobi,Naples,Nice,Oaxaca,Osaka,Oslo,Ottawa,Palermo,Paris,Porto,
Prague,Quebec,Reykjavik,Riga,Rome,Rotterdam,Salzburg,San Diego,Santiago,Seattle,Seoul,Seville,Shanghai,Singapore,
Sintra,Split,Stockholm,Sydney,Taipei,Tallinn,Tbilisi,Tokyo,Toronto,Tunis,Turin,Utrecht,Valencia,Vancouver,Venice,
Vienna,Vilnius,Warsaw,Zagreb,Zurich,Lake Tahoe,Yosemite,Banff,Harbor Grill,Central Park,Hyde Park,Mount Rainier,
Big Sur""".replace("\n", "").split(",")
MAIN_SPEAKERS = ("Maya", "Sam")  # the scope's two speakers: participants of half the memories

# (template, generic filler used to embed the topic direction). {p}/{q}: people, {l}: a place.
TOPICS: tuple[tuple[str, str], ...] = (
    ("{p} went hiking at {l} with {q}", "Someone went hiking in the mountains with a friend."),
    ("{p} started a new job at a bakery in {l}", "Someone started a new job at a bakery."),
    ("{p} adopted a puppy and named it after {q}", "Someone adopted a puppy."),
    ("{p} said that {q} is allergic to peanuts and shellfish", "Someone is allergic to peanuts."),
    ("{p} visited {q} in {l}", "Someone visited a friend in another city."),
    ("{p} is learning to play the violin with {q}", "Someone is learning to play a musical instrument."),
    ("{p} ran a charity half marathon in {l}", "Someone ran a charity race."),
    ("{p} and {q} had dinner at a seafood restaurant in {l}", "Two friends had dinner at a restaurant."),
    ("{p} painted a sunrise over the lake and showed it to {q}", "Someone painted a picture of a sunrise."),
    ("{p} read a novel about the history of {l}", "Someone read a history book."),
    ("{p} moved into a new apartment in {l}", "Someone moved into a new apartment."),
    ("{p} went to a support group meeting with {q}", "Someone went to a support group meeting."),
    ("{p} took {q} to a concert in {l}", "Someone went to a live music concert."),
    ("{p} started volunteering at an animal shelter in {l}", "Someone volunteers at an animal shelter."),
    ("{p} celebrated {q}'s birthday with a picnic in {l}", "Friends celebrated a birthday party."),
    ("{p} went camping at the beach with {q} and the kids", "A family went camping at the beach."),
    ("{p} signed up for a pottery class in {l}", "Someone signed up for a pottery class."),
    ("{p} told {q} about a promotion at work", "Someone got a promotion at work."),
    ("{p} flew to {l} for a conference on climate policy", "Someone travelled to a conference."),
    ("{p} planted tomatoes and basil in the garden with {q}", "Someone planted vegetables in the garden."),
    ("{p} recommended a book club in {l} to {q}", "Someone recommended a book club."),
    ("{p} fixed an old bicycle and rode it to {l}", "Someone repaired a bicycle."),
    ("{p} cooked a vegetarian lasagna for {q}", "Someone cooked a vegetarian dinner."),
    ("{p} is saving money to buy a house in {l}", "Someone is saving money to buy a house."),
    ("{p} and {q} watched a documentary about the ocean", "Friends watched a nature documentary."),
    ("{p} went to the doctor in {l} about a knee injury", "Someone saw a doctor about an injury."),
    ("{p} joined a choir that rehearses in {l}", "Someone sings in a choir."),
    ("{p} gave {q} a handmade scarf", "Someone gave a friend a handmade gift."),
    ("{p} went skiing near {l} with {q}", "Someone went skiing in the winter."),
    ("{p} finished a photography course in {l}", "Someone finished a photography course."),
)

# One session = four turns by the scope's two speakers; {f}: a friend, {l}/{m}: places.
DIALOGUE: tuple[tuple[str, ...], ...] = (
    ("I went hiking at {l} with {f} last Saturday, the views were amazing.",
     "That sounds great! I'm starting a new job at a bakery in {m} next month.",
     "Congratulations! Please remember that {f} is allergic to peanuts.",
     "Good to know. My brother {g} is moving to {m} in June."),
    ("{f} and I had dinner at a seafood place in {l} yesterday.",
     "Nice! I've been learning the violin for two months now.",
     "That's impressive. I adopted a puppy last week, her name is {h}.",
     "So cute! {g} wants to visit {m} with me next spring."),
    ("I ran a half marathon in {l} two weeks ago, it was for charity.",
     "Wow, well done! I painted a sunrise over the lake last weekend.",
     "I'd love to see it. {f} told me she got promoted yesterday.",
     "That's great news for {f}. I'm flying to {m} for a conference on Friday."),
    ("I started volunteering at the animal shelter in {l} this month.",
     "That's kind of you. {g} and I went camping at the beach last summer.",
     "Don't forget that my birthday party is on 14 August at {m}.",
     "I won't forget! I'm saving up to buy a house in {l}."),
)

QUESTIONS: tuple[str, ...] = (
    "When did {p} go hiking with {q}?",
    "What is {q} allergic to?",
    "Where did {p} start a new job?",
    "What did {p} do in {l} last year?",
    "Who did {p} have dinner with in {l}?",
    "What instrument is {p} learning?",
    "What did {p} paint and who saw it?",
    "Has {p} ever visited {l}?",
    "What did Maya and Sam talk about in March 2022?",
    "Which charity races has {p} run?",
    "What does {q} do on weekends?",
    "When is {q}'s birthday party?",
)

START = datetime(2021, 1, 1, tzinfo=UTC)
DAYS = 3 * 365
SESSION_UNITS = 5  # synthetic units per synthetic session (one turn each)

# ---------------------------------------------------------------- synthetic store


@dataclass
class Synth:
    """Everything needed to draw synthetic units: topic, person and place directions."""

    rng: random.Random
    topics: npt.NDArray[np.float32]
    people: dict[str, npt.NDArray[np.float32]]
    places: dict[str, npt.NDArray[np.float32]]
    recent: dict[str, list[str]] = field(default_factory=dict)  # person -> recent unit ids
    by_topic: dict[int, list[str]] = field(default_factory=dict)

    @classmethod
    def create(cls, embedder: Embedder, seed: int) -> Synth:
        nprng = np.random.default_rng(seed)

        def directions(names: Sequence[str]) -> dict[str, npt.NDArray[np.float32]]:
            raw = nprng.standard_normal((len(names), embedder.dim)).astype(np.float32)
            return dict(zip(names, raw / np.linalg.norm(raw, axis=1, keepdims=True), strict=True))

        topics = embedder.embed([generic for _, generic in TOPICS]).astype(np.float32)
        return cls(random.Random(seed), topics, directions(PEOPLE), directions(PLACES))

    def vector(self, topic: int, person: str, place: str | None, noise: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        v = self.topics[topic] + 0.35 * self.people[person] + 0.9 * noise
        if place is not None:
            v = v + 0.25 * self.places[place]
        return (v / np.linalg.norm(v)).astype(np.float32)


def _when(rng: random.Random, day: datetime) -> tuple[TimeSpan | None, str]:
    """A grounded time and its words: mostly a day, sometimes a month or a year, or none."""
    roll = rng.random()
    if roll < 0.65:
        span = TimeSpan.day(day)
        return span, "on " + day.strftime("%-d %B %Y")
    if roll < 0.75:
        first = day.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
        nxt = (first + timedelta(days=32)).replace(day=1)
        return TimeSpan(first, nxt), "in " + day.strftime("%B %Y")
    if roll < 0.80:
        year = datetime(day.year, 1, 1, tzinfo=UTC)
        return TimeSpan(year, year.replace(year=day.year + 1)), f"in {day.year}"
    return None, ""


def synth_session(
    synth: Synth, scope: Scope, index: int, noise: npt.NDArray[np.float32], now: datetime
) -> tuple[list[Turn], list[MemoryUnit], list[Edge]]:
    """One synthetic session: ``SESSION_UNITS`` turns, one unit citing each, and edges."""
    rng = synth.rng
    sid = f"syn-{index}"
    day = START + timedelta(days=rng.randrange(DAYS), hours=rng.randrange(8, 22))
    speakers = (rng.choice(MAIN_SPEAKERS), rng.choice(PEOPLE)) if rng.random() < 0.3 else MAIN_SPEAKERS
    turns: list[Turn] = []
    units: list[MemoryUnit] = []
    edges: list[Edge] = []
    for j in range(SESSION_UNITS):
        topic = rng.randrange(len(TOPICS))
        template = TOPICS[topic][0]
        p = speakers[j % 2] if rng.random() < 0.5 else rng.choice(PEOPLE)
        q = rng.choice(PEOPLE)
        place = rng.choice(PLACES) if "{l}" in template else None
        span, words = _when(rng, day - timedelta(days=rng.randrange(0, 20)))
        text = template.format(p=p, q=q, l=place or "") + (f" {words}" if words else "") + "."
        tid = f"{sid}:{j}"
        turns.append(Turn(tid, sid, speakers[j % 2], text, day))
        uid = f"syn{index:07d}u{j}"
        people = frozenset({p, q} if "{q}" in template else {p})
        units.append(MemoryUnit(
            id=uid, scope=scope, restatement=text, sources=(tid,), session_id=sid,
            vector=synth.vector(topic, p, place, noise[j]), participants=people,
            locations=frozenset({place}) if place else frozenset(), time=span,
            layer="core" if rng.random() < 0.1 else "episodic", importance=round(rng.uniform(0.3, 0.9), 3),
            facts=(words[3:],) if words else (), valid_from=day, mentioned_at=day, created_at=now, updated_at=now,
        ))  # fmt: skip
        edges.extend(_synth_edges(synth, units, topic, p))
    return turns, units, edges


def _synth_edges(synth: Synth, units: list[MemoryUnit], topic: int, person: str) -> list[Edge]:
    """A window edge to the previous unit of the session, sometimes a structural edge to a
    recent unit about the same person and a semantic one to a recent unit of the same topic."""
    rng, uid = synth.rng, units[-1].id
    edges = [Edge(units[-2].id, uid, "window", 0.8)] if len(units) > 1 else []
    mates = synth.recent.setdefault(person, [])
    if mates and rng.random() < 0.5:
        edges.append(Edge(uid, rng.choice(mates), "structural", round(rng.uniform(0.6, 0.9), 3)))
    kin = synth.by_topic.setdefault(topic, [])
    if kin and rng.random() < 0.3:
        edges.append(Edge(uid, rng.choice(kin), "semantic", round(rng.uniform(0.75, 0.9), 3)))
    for bucket in (mates, kin):
        bucket.append(uid)
        if len(bucket) > 50:
            del bucket[:25]
    return edges


Batch = tuple[list[Turn], list[MemoryUnit], list[Edge]]


def synth_batches(synth: Synth, scope: Scope, size: int, batch: int, dim: int) -> Iterator[Batch]:
    """``size`` synthetic units in batches of about ``batch``: each batch's turns (status
    ``done``, one per unit), units and edges. Edges only reach units of the same or an
    earlier batch."""
    nprng = np.random.default_rng(synth.rng.randrange(2**32))
    now = datetime.now(UTC)
    session = 0
    while session * SESSION_UNITS < size:
        sessions = min(max(1, batch // SESSION_UNITS), -(-(size - session * SESSION_UNITS) // SESSION_UNITS))
        noise = (nprng.standard_normal((sessions, SESSION_UNITS, dim)) / np.sqrt(dim)).astype(np.float32)
        turns: list[Turn] = []
        units: list[MemoryUnit] = []
        edges: list[Edge] = []
        for i in range(sessions):
            t, u, e = synth_session(synth, scope, session + i, noise[i], now)
            turns += [Turn(x.turn_id, x.session_id, x.speaker, x.text, x.time, status="done") for x in t]
            units += u
            edges += e
        session += sessions
        yield turns, units, edges


# ---------------------------------------------------------------- the timed workload's inputs


def dialogue(rng: random.Random, index: int, session_id: str) -> tuple[list[dict[str, str]], datetime]:
    """A four-turn session between the scope's speakers, with its time."""
    lines = DIALOGUE[index % len(DIALOGUE)]
    f, g, h = rng.sample(PEOPLE, 3)
    slots = {"f": f, "g": g, "h": h, "l": rng.choice(PLACES), "m": rng.choice(PLACES)}
    when = START + timedelta(days=rng.randrange(DAYS), hours=rng.randrange(8, 22))
    messages = [
        {"speaker": MAIN_SPEAKERS[k % 2], "text": line.format(**slots), "id": f"{session_id}:{k}"}
        for k, line in enumerate(lines)
    ]
    return messages, when


def question(rng: random.Random) -> str:
    p, q = rng.choice(MAIN_SPEAKERS + MAIN_SPEAKERS + tuple(PEOPLE[:20])), rng.choice(PEOPLE)
    return rng.choice(QUESTIONS).format(p=p, q=q, l=rng.choice(PLACES))
