"""``ripplemem bench scale``: insert cost and recall latency as a scope grows.

For each size a fresh SQLite file is bulk-loaded with synthetic memories straight through
the store (``Store.log_turns`` + ``Store.apply`` in batches): restatements from templates,
names from a pool of 200 people and 100 places, times spread over three years (days,
months, years), a few window/structural/semantic edges per unit. Their vectors are not
embedded one by one (too slow at 100k): each is a topic direction (the real embedding of
the topic's template) plus a person direction and noise, so neighbourhoods exist in the
embedder's own space. The store then records the real default embedder, and ``Memory``
opens it like any other: the timed ``add()`` calls (a four-turn dialogue session each) and
``recall()`` calls (no LLM) run the real write and read paths on a real file.

Above ``ann_threshold`` units the dense view is an HNSW index built on a background
thread; it is built (and timed) before the timed calls start.

``--locomo PATH`` also ingests one LoCoMo conversation through ``Memory.add`` and times
recalls of its questions.
"""

from __future__ import annotations

import cProfile
import json
import os
import platform
import random
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import click
import numpy as np
import numpy.typing as npt
from rich.console import Console

from ripplemem.config import Settings
from ripplemem.errors import RippleMemError
from ripplemem.providers.embed.base import Embedder
from ripplemem.store.base import Store, WriteBatch
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


# ---------------------------------------------------------------- timing helpers


class TimedEmbedder:
    """Wraps an embedder and adds up the time spent embedding (same name and dim)."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self.name = inner.name
        self.dim = inner.dim
        self.max_chars = inner.max_chars
        self.seconds = 0.0

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        start = time.perf_counter()
        try:
            return self.inner.embed(texts)
        finally:
            self.seconds += time.perf_counter() - start


@dataclass
class Samples:
    """Wall times of repeated calls, the share of each spent embedding, and the process's
    CPU time per call (all threads; less sensitive than wall time to other jobs on the machine)."""

    total: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    embed: list[float] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        if not self.total:
            return {"n": 0}
        rest = [t - e for t, e in zip(self.total, self.embed, strict=True)]
        return {
            "n": len(self.total),
            "p50_ms": _ms(statistics.median(self.total)),
            "p95_ms": _ms(percentile(self.total, 95)),
            "mean_ms": _ms(statistics.fmean(self.total)),
            "max_ms": _ms(max(self.total)),
            "embed_p50_ms": _ms(statistics.median(self.embed)),
            "rest_p50_ms": _ms(statistics.median(rest)),
            "rest_p95_ms": _ms(percentile(rest, 95)),
            "cpu_p50_ms": _ms(statistics.median(self.cpu)),
            "cpu_p95_ms": _ms(percentile(self.cpu, 95)),
            "mean_count": round(statistics.fmean(self.counts), 2) if self.counts else None,
        }


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (no interpolation): a value that was actually measured."""
    ordered = sorted(values)
    rank = max(1, int(np.ceil(q / 100 * len(ordered))))
    return ordered[rank - 1]


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


def loadavg() -> list[float]:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return []


@contextmanager
def profiled(path: Path | None) -> Iterator[None]:
    if path is None:
        yield
        return
    prof = cProfile.Profile()
    prof.enable()
    try:
        yield
    finally:
        prof.disable()
        path.parent.mkdir(parents=True, exist_ok=True)
        prof.dump_stats(str(path))


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


def bulk_load(store: Store, synth: Synth, scope: Scope, size: int, batch: int, dim: int) -> float:
    """Fill ``scope`` with ``size`` synthetic units (turns logged and marked done); seconds."""
    start = time.perf_counter()
    nprng = np.random.default_rng(synth.rng.randrange(2**32))
    now = datetime.now(UTC)
    session = 0
    while session * SESSION_UNITS < size:
        sessions = min(batch // SESSION_UNITS, -(-(size - session * SESSION_UNITS) // SESSION_UNITS))
        noise = (nprng.standard_normal((sessions, SESSION_UNITS, dim)) / np.sqrt(dim)).astype(np.float32)
        turns: list[Turn] = []
        wb = WriteBatch()
        for i in range(sessions):
            t, u, e = synth_session(synth, scope, session + i, noise[i], now)
            turns += t
            wb.add += u
            wb.edges += e
        session += sessions
        store.log_turns(scope, turns)
        wb.done_turns = [t.turn_id for t in turns]
        store.apply(scope, wb)
    return time.perf_counter() - start


# ---------------------------------------------------------------- timed workload


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


def time_calls(calls: int, timed: TimedEmbedder, one: Callable[[int], int]) -> Samples:
    """Run ``one(i)`` ``calls`` times; ``one`` returns a count (units written, items)."""
    samples = Samples()
    for i in range(calls):
        before = timed.seconds
        cpu, start = time.process_time(), time.perf_counter()
        count = one(i)
        samples.total.append(time.perf_counter() - start)
        samples.cpu.append(time.process_time() - cpu)
        samples.embed.append(timed.seconds - before)
        samples.counts.append(count)
    return samples


AS_OF = datetime(2024, 1, 15, tzinfo=UTC)


def workload(memory: Any, timed: TimedEmbedder, user: str, inserts: int, recalls: int, seed: int,
             warm: int = 3) -> tuple[Samples, Samples]:
    """``warm`` untimed calls, then ``inserts`` timed ``add()`` and ``recalls`` timed ``recall()``.

    Every session is new (its ids carry ``seed``): no call is a re-add of stored turns."""
    rng = random.Random(seed)
    done = [0]

    def add(_: int) -> int:
        index = done[0]
        done[0] += 1
        session_id = f"bench-{seed}-{index}"
        messages, when = dialogue(rng, index, session_id)
        result = memory.add(messages, user_id=user, session_id=session_id, session_time=when)
        if result.turns_added != len(messages):
            raise RuntimeError(f"session {session_id} was not new: {result.turns_skipped} turns skipped")
        return sum(1 for e in result.events if e.event in ("ADD", "SUPERSEDE"))

    def recall(_: int) -> int:
        return len(memory.recall(question(rng), user_id=user, as_of=AS_OF).items)

    time_calls(warm, timed, add)
    time_calls(warm, timed, recall)
    return time_calls(inserts, timed, add), time_calls(recalls, timed, recall)


def db_bytes(path: Path) -> int:
    files = [path, Path(f"{path}-wal")]
    ann = Path(f"{path}.ann")
    if ann.is_dir():
        files += list(ann.iterdir())
    return sum(p.stat().st_size for p in files if p.is_file())


# ---------------------------------------------------------------- one size


@dataclass(frozen=True)
class ScaleConfig:
    inserts: int = 200
    recalls: int = 200
    batch: int = 2000
    seed: int = 7
    ann_threshold: int = Settings().ann_threshold
    profile_dir: Path | None = None
    profile_calls: int = 20


def run_size(size: int, workdir: Path, cfg: ScaleConfig, embedder: Embedder) -> dict[str, Any]:
    """Bulk-load a fresh file to ``size`` units, then time ``add`` and ``recall`` on it."""
    from ripplemem.memory import Memory
    from ripplemem.store import open_store

    path = workdir / f"scale-{size}.db"
    for old in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        old.unlink(missing_ok=True)
    shutil.rmtree(f"{path}.ann", ignore_errors=True)
    settings = Settings(db=str(path), ann_threshold=cfg.ann_threshold)
    scope = Scope(f"scale-{size}")
    store = open_store(path, settings)
    try:
        store.set_meta("embedder", embedder.name)
        store.set_meta("embedding_dim", str(embedder.dim))
        load_s = bulk_load(store, Synth.create(embedder, cfg.seed + size), scope, size, cfg.batch, embedder.dim)
    finally:
        store.close()
    timed = TimedEmbedder(embedder)
    memory = Memory.open(settings=settings, embedder=timed)
    try:
        index = _warm_index(memory.store, scope, embedder)
        inserts, recalls = workload(memory, timed, scope.user_id, cfg.inserts, cfg.recalls, cfg.seed)
        if cfg.profile_dir is not None:
            with profiled(cfg.profile_dir / f"insert-{size}.prof"):
                workload(memory, timed, scope.user_id, cfg.profile_calls, 0, cfg.seed + 1, warm=0)
            with profiled(cfg.profile_dir / f"recall-{size}.prof"):
                workload(memory, timed, scope.user_id, 0, cfg.profile_calls, cfg.seed + 2, warm=0)
        units_after = memory.store.count_units(scope)
    finally:
        memory.close()
    return {
        "size": size, "units_after": units_after, "bulk_load_s": round(load_s, 2), **index,
        "db_bytes": db_bytes(path), "insert": inserts.summary(), "recall": recalls.summary(), "loadavg": loadavg(),
    }  # fmt: skip


def _warm_index(store: Store, scope: Scope, embedder: Embedder) -> dict[str, Any]:
    """Load the scope's vectors (first dense search) and wait for an ANN build, timing both."""
    probe = embedder.embed(["warming up the vector index"])[0]
    start = time.perf_counter()
    store.dense_search(scope, probe, 1)
    loaded = time.perf_counter()
    flush = getattr(store, "flush_indexes", None)
    if callable(flush):
        flush()
    built = time.perf_counter()
    state_of = getattr(store, "vector_index_state", None)
    state = state_of(scope) if callable(state_of) else {}
    mode = str(state.get("mode", "?"))
    return {
        "vector_load_s": round(loaded - start, 2),
        "ann_build_s": round(built - loaded, 2) if mode == "ann" else None,
        "index_mode": mode,
    }


# ---------------------------------------------------------------- one LoCoMo conversation


def run_locomo(path: Path, workdir: Path, cfg: ScaleConfig, embedder: Embedder) -> dict[str, Any]:
    """Ingest the first conversation of ``path`` session by session; time recalls of its questions."""
    from ripplemem.bench.datasets import load_locomo
    from ripplemem.bench.ripple import session_messages
    from ripplemem.memory import Memory

    conversation = load_locomo([path])[0]
    db = workdir / "scale-locomo.db"
    for old in (db, Path(f"{db}-wal"), Path(f"{db}-shm")):
        old.unlink(missing_ok=True)
    timed = TimedEmbedder(embedder)
    memory = Memory.open(settings=Settings(db=str(db), ann_threshold=cfg.ann_threshold), embedder=timed)
    user = conversation.id
    try:
        ingest = time_calls(len(conversation.sessions), timed, lambda i: len(memory.add(
            session_messages(conversation.sessions[i]), user_id=user,
            session_id=conversation.sessions[i].session_id, session_time=conversation.sessions[i].time)))
        questions = conversation.questions[: cfg.recalls] if cfg.recalls else conversation.questions
        recalls = time_calls(len(questions), timed, lambda i: len(memory.recall(
            questions[i].question, user_id=user, as_of=questions[i].as_of).items))
        units = memory.store.count_units(Scope(user))
    finally:
        memory.close()
    turns = sum(len(s.turns) for s in conversation.sessions)
    return {
        "conversation": conversation.id, "sessions": len(conversation.sessions), "turns": turns, "units": units,
        "ingest_s": round(sum(ingest.total), 2), "session_add": ingest.summary(), "recall": recalls.summary(),
        "db_bytes": db_bytes(db), "loadavg": loadavg(),
    }  # fmt: skip


# ---------------------------------------------------------------- the whole run


def run_scale(
    sizes: Sequence[int], cfg: ScaleConfig, *, workdir: Path | None = None, locomo: Path | None = None,
    progress: Callable[[str], None] = lambda _: None,
) -> dict[str, Any]:
    """Every size (in order), then the LoCoMo conversation; the report as a JSON-able dict."""
    from ripplemem.providers.embed import make_embedder

    embedder = make_embedder(Settings())
    embedder.embed(["load the model"])
    report: dict[str, Any] = {
        "benchmark": "scale",
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version(),
                    "loadavg_start": loadavg()},
        "settings": {"inserts": cfg.inserts, "recalls": cfg.recalls, "batch": cfg.batch, "seed": cfg.seed,
                     "ann_threshold": cfg.ann_threshold, "embedder": embedder.name, "turns_per_add": 4,
                     "pool": Settings().graph.pool, "as_of": AS_OF.isoformat()},
        "sizes": [],
    }  # fmt: skip
    with _workdir(workdir) as where:
        for size in sizes:
            progress(f"size {size}: bulk load, index, {cfg.inserts} inserts, {cfg.recalls} recalls")
            report["sizes"].append(run_size(size, where, cfg, embedder))
        if locomo is not None:
            progress(f"LoCoMo: {locomo}")
            report["locomo"] = run_locomo(locomo, where, cfg, embedder)
    report["machine"]["loadavg_end"] = loadavg()
    return report


@contextmanager
def _workdir(path: Path | None) -> Iterator[Path]:
    if path is not None:
        path.mkdir(parents=True, exist_ok=True)
        yield path
        return
    with tempfile.TemporaryDirectory(prefix="ripplemem-scale-") as tmp:
        yield Path(tmp)


def markdown(report: dict[str, Any]) -> str:
    """The report as Markdown tables (medians and nearest-rank p95, milliseconds)."""
    m = report["machine"]
    lines = [
        f"Scale benchmark: {report['settings']['inserts']} inserts (4-turn sessions), "
        f"{report['settings']['recalls']} recalls (no LLM) per size; {m['cpus']} CPUs; "
        f"load average at start {_load(m['loadavg_start'])}, at end {_load(m.get('loadavg_end', []))}.",
        "",
    ]
    if report["sizes"]:
        lines += [
            "| units in scope | insert p50 ms | insert p95 ms | of which embed p50 ms | units/insert "
            "| insert CPU p50 ms | recall p50 ms | recall p95 ms | of which embed p50 ms | recall CPU p50 ms "
            "| bulk load s | vectors load s | ANN build s | db MB | load avg |",
            "|" + "---|" * 15,
        ]
        for row in report["sizes"]:
            ins, rec = row["insert"], row["recall"]
            ann = "exact" if row["ann_build_s"] is None else f"{row['ann_build_s']:.1f}"
            lines.append(
                f"| {row['size']:,} | {ins.get('p50_ms', '-')} | {ins.get('p95_ms', '-')} | {ins.get('embed_p50_ms', '-')} "
                f"| {ins.get('mean_count', '-')} | {ins.get('cpu_p50_ms', '-')} | {rec.get('p50_ms', '-')} "
                f"| {rec.get('p95_ms', '-')} | {rec.get('embed_p50_ms', '-')} | {rec.get('cpu_p50_ms', '-')} "
                f"| {row['bulk_load_s']:.1f} | {row['vector_load_s']:.2f} | {ann} "
                f"| {row['db_bytes'] / 1e6:.1f} | {_load(row['loadavg'])} |"
            )
    loc = report.get("locomo")
    if loc:
        add, rec = loc["session_add"], loc["recall"]
        lines += [
            "",
            "| LoCoMo conversation | sessions | turns | units | ingest s | add p50 ms (per session) "
            "| recall n | recall p50 ms | recall p95 ms | of which embed p50 ms |",
            "|" + "---|" * 10,
            f"| {loc['conversation']} | {loc['sessions']} | {loc['turns']} | {loc['units']} | {loc['ingest_s']} "
            f"| {add.get('p50_ms', '-')} | {rec['n']} | {rec.get('p50_ms', '-')} | {rec.get('p95_ms', '-')} "
            f"| {rec.get('embed_p50_ms', '-')} |",
        ]
    return "\n".join(lines)


def _load(values: Sequence[float]) -> str:
    return "/".join(f"{v:.2f}" for v in values) if values else "n/a"


# ---------------------------------------------------------------- the command


def _sizes(_ctx: click.Context, _param: click.Parameter, value: str) -> list[int]:
    try:
        sizes = [int(part.replace("_", "")) for part in value.split(",") if part.strip()]
    except ValueError as exc:
        raise click.BadParameter(f"expected comma-separated unit counts, got {value!r}") from exc
    if any(n <= 0 for n in sizes):
        raise click.BadParameter("sizes must be positive")
    return sizes


@click.command("scale")
@click.option("--sizes", default="1000,10000,100000", show_default=True, callback=_sizes,
              help="Units bulk-loaded into the scope before timing, comma-separated ('' for none).")
@click.option("--inserts", type=click.IntRange(min=1), default=200, show_default=True,
              help="Timed add() calls per size (one 4-turn session each).")
@click.option("--recalls", type=click.IntRange(min=1), default=200, show_default=True,
              help="Timed recall() calls per size (and at most this many LoCoMo questions).")
@click.option("--batch", type=click.IntRange(min=SESSION_UNITS), default=2000, show_default=True,
              help="Units per bulk-load transaction.")
@click.option("--ann-threshold", type=click.IntRange(min=1), default=Settings().ann_threshold, show_default=True,
              help="Units in a scope before the ANN index replaces exact search.")
@click.option("--locomo", type=click.Path(exists=True, path_type=Path), default=None,
              help="Also ingest the first conversation of this LoCoMo file and time recalls of its questions.")
@click.option("--workdir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Keep the database files here (default: a temporary folder, removed afterwards).")
@click.option("--profile", "profile_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Also write cProfile stats of 20 extra inserts and recalls per size to this folder.")
@click.option("--seed", type=int, default=7, show_default=True, help="Seed of the synthetic data and workload.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None, help="Write the JSON report here.")
def scale_command(sizes: list[int], out: Path | None, workdir: Path | None, locomo: Path | None, **opts: Any) -> None:
    """Insert cost and recall latency on scopes of growing size (synthetic bulk load)."""
    cfg = ScaleConfig(**opts)
    if not sizes and locomo is None:
        raise click.UsageError("nothing to run: give --sizes or --locomo")
    console = Console(stderr=True)
    try:
        report = run_scale(sizes, cfg, workdir=workdir, locomo=locomo, progress=console.log)
    except RippleMemError as exc:
        raise click.ClickException(str(exc)) from exc
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    click.echo(markdown(report))
