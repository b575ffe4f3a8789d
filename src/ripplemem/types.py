"""Plain records shared by every part of ripplemem. No I/O, no imports of our own modules.

Times are timezone-aware UTC ``datetime`` objects; a :class:`TimeSpan` is half-open
``[start, end)``. Vectors are ``numpy.float32`` arrays, L2-normalised by the embedder.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

Vector = npt.NDArray[np.float32]
Layer = Literal["core", "episodic", "semantic"]
Tier = Literal["long", "short"]
EventKind = Literal["ADD", "UPDATE", "SUPERSEDE", "NOOP", "DELETE"]
EdgeKind = Literal["semantic", "structural", "window", "supersedes", "consolidates"]
View = Literal["dense", "lexical", "structural"]

LAYERS: tuple[Layer, ...] = ("core", "episodic", "semantic")
EDGE_KINDS: tuple[EdgeKind, ...] = ("semantic", "structural", "window", "supersedes", "consolidates")
VIEWS: tuple[View, ...] = ("dense", "lexical", "structural")


def utc(dt: datetime) -> datetime:
    """Return ``dt`` as an aware UTC datetime; naive values are taken as UTC."""
    if dt.tzinfo is None:
        return dt.replace(tzinfo=UTC)
    return dt.astimezone(UTC)


def utcnow() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class Scope:
    """Tenancy: every memory belongs to exactly one scope; no call crosses scopes."""

    user_id: str
    agent_id: str | None = None
    run_id: str | None = None

    @property
    def key(self) -> str:
        """A stable string key for storage (unambiguous: parts are length-prefixed)."""
        parts = (self.user_id, self.agent_id or "", self.run_id or "")
        return "|".join(f"{len(p)}:{p}" for p in parts)

    def covers(self, other: Scope) -> bool:
        """Whether a query in this scope sees ``other``'s memories (narrowing, as Mem0 does):
        the same user, and the same agent and run wherever this scope names one."""
        return (
            self.user_id == other.user_id
            and (self.agent_id is None or self.agent_id == other.agent_id)
            and (self.run_id is None or self.run_id == other.run_id)
        )


@dataclass(frozen=True, slots=True)
class TimeSpan:
    """A half-open UTC interval ``[start, end)``."""

    start: datetime
    end: datetime

    def __post_init__(self) -> None:
        object.__setattr__(self, "start", utc(self.start))
        object.__setattr__(self, "end", utc(self.end))
        if self.end <= self.start:
            raise ValueError(f"empty time span: {self.start} .. {self.end}")

    @classmethod
    def day(cls, dt: datetime) -> TimeSpan:
        start = utc(dt).replace(hour=0, minute=0, second=0, microsecond=0)
        return cls(start, start + timedelta(days=1))

    def overlaps(self, other: TimeSpan) -> bool:
        return self.start < other.end and other.start < self.end

    def gap(self, other: TimeSpan) -> timedelta:
        """Distance between the two spans; zero when they overlap."""
        if self.overlaps(other):
            return timedelta(0)
        if self.end <= other.start:
            return other.start - self.end
        return self.start - other.end

    def compatibility(self, other: TimeSpan, tau_days: float = 7.0) -> float:
        """1 when the spans overlap, else ``exp(-gap / tau)``."""
        gap_days = self.gap(other).total_seconds() / 86400.0
        return 1.0 if gap_days == 0 else math.exp(-gap_days / tau_days)

    def label(self) -> str:
        """Human-readable form: one day, one month, one year, or a range."""
        s, e = self.start, self.end - timedelta(microseconds=1)
        if s.date() == e.date():
            return s.strftime("%-d %B %Y")
        if s.day == 1 and (self.end.day == 1) and s.year == e.year and s.month == e.month:
            return s.strftime("%B %Y")
        if s.month == 1 and s.day == 1 and e.month == 12 and e.day == 31 and s.year == e.year:
            return str(s.year)
        return f"{s.strftime('%-d %B %Y')} - {e.strftime('%-d %B %Y')}"


@dataclass(frozen=True, slots=True)
class Turn:
    """One raw turn of the conversation log, as the caller gave it (normalised)."""

    turn_id: str
    session_id: str
    speaker: str
    text: str
    time: datetime | None = None
    role: str | None = None
    image_caption: str | None = None
    seq: int = 0  # position in the scope's log; set by the store
    status: Literal["pending", "done", "failed"] = "pending"
    metadata: Mapping[str, Any] = field(default_factory=dict, hash=False)  # the caller's, kept on its memories

    @property
    def content(self) -> str:
        """The conversation content: text plus a shared photo's caption."""
        if self.image_caption:
            return f"{self.text} [image: {self.image_caption}]".strip()
        return self.text


@dataclass(frozen=True, slots=True)
class Window:
    """Consecutive turns of one session handed to an extractor.

    ``turns`` includes the overlap with the previous window (context); ``new`` holds the ids
    of the turns this window is responsible for. Extractors may read every turn but should
    emit units whose sources include at least one id of ``new`` (so nothing is stated twice).
    """

    session_id: str
    session_time: datetime | None
    turns: tuple[Turn, ...]
    new: frozenset[str]
    speakers: tuple[str, ...]  # everyone who speaks in the session, in order of first turn


@dataclass(frozen=True, slots=True)
class Candidate:
    """An extracted memory before selection and storage."""

    restatement: str
    sources: tuple[str, ...]
    session_id: str
    participants: frozenset[str] = frozenset()
    locations: frozenset[str] = frozenset()
    time: TimeSpan | None = None
    facts: tuple[str, ...] = ()
    concepts: frozenset[str] = frozenset()  # specific things it is about (``ground.concepts``)
    role: str = ""  # "user" or "assistant" when every source turn is one chat role's
    layer: Layer = "episodic"
    emphasis: float = 0.0  # 0..1, explicit "remember this" / preferences / commitments
    mentioned_at: datetime | None = None  # when it was said (the session time)
    speaker: str = ""  # who said it, when one speaker did (composition keeps a speaker's continuation)
    code: bool = False  # all of it a fenced code block's text, as written: found by its words, not embedded
    aside: bool = False  # a turn kept as small talk: composition may state it before a memory leaning on what it names, never alone


@dataclass(frozen=True, slots=True)
class MemoryUnit:
    """``m = (r, v, P, L, T)`` plus bookkeeping (see DESIGN.md, "Memory unit")."""

    id: str
    scope: Scope
    restatement: str
    sources: tuple[str, ...]
    session_id: str
    vector: Vector | None = field(default=None, compare=False, repr=False)
    participants: frozenset[str] = frozenset()
    locations: frozenset[str] = frozenset()
    time: TimeSpan | None = None
    layer: Layer = "episodic"
    tier: Tier = "long"
    importance: float = 0.5
    facts: tuple[str, ...] = ()
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    mentioned_at: datetime | None = None
    created_at: datetime | None = None
    updated_at: datetime | None = None
    access_count: int = 0
    last_access: datetime | None = None
    pinned: bool = False
    concepts: frozenset[str] = frozenset()  # specific things it is about (``ground.concepts``)
    role: str = ""  # "user" or "assistant" when every source turn is one chat role's
    metadata: Mapping[str, Any] = field(default_factory=dict, hash=False)  # the caller's (JSON object), from add
    cold: bool = False  # out of the hot indexes (vector, cue views); found by the lexical view

    @property
    def current(self) -> bool:
        return self.valid_to is None

    @property
    def consolidated(self) -> bool:
        """A consolidated list (the semantic layer, written by maintenance), not a statement."""
        return self.layer == "semantic"

    def with_(self, **changes: object) -> MemoryUnit:
        return replace(self, **changes)  # type: ignore[arg-type]

    def date_label(self) -> str:
        """The date a rendered memory carries: its grounded time, else when it was said."""
        if self.time is not None:
            return self.time.label()
        if self.mentioned_at is not None:
            return self.mentioned_at.strftime("%-d %B %Y")
        return "undated"

    def render(self) -> str:
        text = f"[{self.date_label()}] {self.restatement}"
        if not self.current:
            text += " (no longer current)"
        return text


def metadata_key(value: Any) -> str:
    """The canonical JSON text of a metadata value: what equality filters compare (so 1,
    "1" and true are three different values on every backend; 1.0 is the integer 1, as
    PostgreSQL's jsonb compares numbers)."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True, slots=True)
class Filters:
    """What ``search``, ``recall`` and ``list`` keep, besides the scope (every part optional,
    all of them must hold).

    ``metadata`` maps a top-level metadata key to the values it may take (one value: equality;
    several: ``in``). ``since`` / ``until`` bound the memory's grounded time (the span must
    overlap ``[since, until)``) or, when it has none, when it was said. ``layers`` keeps those
    layers; ``current_only`` drops superseded memories.
    """

    metadata: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    since: datetime | None = None
    until: datetime | None = None
    layers: tuple[Layer, ...] = ()
    current_only: bool = False

    @property
    def empty(self) -> bool:
        return not (self.metadata or self.since or self.until or self.layers or self.current_only)

    def in_time(self, unit: MemoryUnit) -> bool:
        if self.since is None and self.until is None:
            return True
        lo = self.since or datetime.min.replace(tzinfo=UTC)
        hi = self.until or datetime.max.replace(tzinfo=UTC)
        if unit.time is not None:
            return unit.time.start < hi and lo < unit.time.end
        return unit.mentioned_at is not None and lo <= unit.mentioned_at < hi

    def matches(self, unit: MemoryUnit) -> bool:
        """The same rule every store applies in SQL (``list``)."""
        if self.current_only and not unit.current:
            return False
        if self.layers and unit.layer not in self.layers:
            return False
        for key, values in self.metadata:
            if key not in unit.metadata or metadata_key(unit.metadata[key]) not in {metadata_key(v) for v in values}:
                return False
        return self.in_time(unit)


@dataclass(frozen=True, slots=True)
class Edge:
    src: str
    dst: str
    kind: EdgeKind
    weight: float


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    unit_id: str
    event: EventKind
    at: datetime
    old_text: str | None = None
    new_text: str | None = None
    detail: str = ""


@dataclass(frozen=True, slots=True)
class MemoryEvent:
    """What one ``add()`` did to one memory, as Mem0 users expect."""

    id: str
    event: EventKind
    memory: str
    previous: str | None = None
    sources: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RoleUsage:
    """What one LLM role spent: its asks, the HTTP requests they took, tokens and wall time.

    ``calls`` counts the role's questions (one per window, decision, plan...); ``requests``
    the chat requests they needed (a repair or a structured-output mode the server refused
    adds one); ``failures`` the calls whose answer could not be used, so the rule path (or the
    evidence) stood in; ``repairs`` the replies that did not validate the first time.
    Tokens are the server's own ``usage`` counts (0 when it reports none).
    """

    calls: int = 0
    requests: int = 0
    failures: int = 0
    repairs: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    wall_ms: float = 0.0

    def __add__(self, other: RoleUsage) -> RoleUsage:
        return RoleUsage(
            self.calls + other.calls, self.requests + other.requests, self.failures + other.failures,
            self.repairs + other.repairs, self.prompt_tokens + other.prompt_tokens,
            self.completion_tokens + other.completion_tokens, self.wall_ms + other.wall_ms,
        )

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    def as_dict(self) -> dict[str, float | int]:
        return {
            "calls": self.calls, "requests": self.requests, "failures": self.failures, "repairs": self.repairs,
            "prompt_tokens": self.prompt_tokens, "completion_tokens": self.completion_tokens,
            "wall_ms": round(self.wall_ms, 1),
        }


LLMUsage = dict[str, RoleUsage]  # role ("extract", "update", "plan", "reconstruct", "answer", "judge") -> usage


@dataclass(frozen=True, slots=True)
class AddResult:
    """The outcome of ``Memory.add``: the unit events plus what happened to the turns."""

    events: tuple[MemoryEvent, ...]
    turns_added: int
    turns_skipped: int
    extraction_failures: int = 0  # this call's windows whose LLM extraction failed and the rules extracted
    decider_fallbacks: int = 0  # this call's update decisions whose LLM call failed and the rules decided
    healed: int = 0  # earlier turns of the scope left pending or failed that this call extracted (events first)
    llm_usage: LLMUsage = field(default_factory=dict)  # per role: calls, tokens, wall time (empty without an LLM)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.events)

    def __len__(self) -> int:
        return len(self.events)


@dataclass(frozen=True, slots=True)
class CueWeights:
    """Per-cue weights of structural matching (``GraphSettings.weight_*``), both paths."""

    participants: float = 0.45
    locations: float = 0.25
    time: float = 0.30


@dataclass(frozen=True, slots=True)
class Cues:
    """Cues of a query or a planner target."""

    participants: frozenset[str] = frozenset()
    locations: frozenset[str] = frozenset()
    time: TimeSpan | None = None
    keywords: tuple[str, ...] = ()
    related: frozenset[str] = frozenset()  # names the query's relations were given ("Shira's sister" -> "Clodagh"), in participants too

    @property
    def empty(self) -> bool:
        return not (self.participants or self.locations or self.time or self.keywords)


@dataclass(frozen=True, slots=True)
class Hit:
    """One memory found by one view or one diffusion channel."""

    unit_id: str
    route: str  # the view or channel: "dense", "lexical", "structural", "diffusion:semantic", "diffusion:structural"
    score: float  # normalised to 0..1 within its route
    rank: int = 0
    via: str | None = None  # anchor id for diffusion hits
    path: float = 0.0  # diffusion hits: product of the edge weights from the anchor
    edges: tuple[str, ...] = ()  # diffusion hits: the edge kinds walked from the anchor, in order
    cue: str = ""  # gateway hits: the name or word shared with the anchor

    @property
    def diffusion(self) -> bool:
        return bool(self.edges) or self.route.startswith("diffusion")

    @property
    def label(self) -> str:
        """How it was reached, for people: ``diffusion:semantic/structural>window<-anchor``."""
        text = f"{self.route}/{'>'.join(self.edges)}" if self.edges else self.route
        return text if self.via is None else f"{text}<-{self.via}"


@dataclass(frozen=True, slots=True)
class Plan:
    """``(d, A, g, s) = Plan(q, cues, C)``: the recall planner's decision."""

    proceed: bool
    anchors: tuple[str, ...]
    target: str
    target_cues: Cues
    stop_reason: str = ""
    planner: str = "rule"  # which planner decided: "rule", "llm", "blind", "room left", or a fallback
    fallback: bool = False  # the configured planner failed and the rule planner decided
    gateways: tuple[str, ...] = ()  # what the anchors carry that the question lacks
    many: bool = False  # the question asks for several things: the round also looks for more like the anchors


@dataclass(slots=True)
class RecallTrace:
    """Everything the read path did, for ``recall --trace`` and for tests."""

    cues: Cues = field(default_factory=Cues)
    initial: dict[str, list[Hit]] = field(default_factory=dict)
    plans: list[Plan] = field(default_factory=list)
    diffusion: list[Hit] = field(default_factory=list)
    scores: dict[str, float] = field(default_factory=dict)
    stop_reason: str = ""
    rounds: list[list[str]] = field(default_factory=list)  # new memory ids found per round
    timings_ms: dict[str, float] = field(default_factory=dict)  # per stage
    not_included: list[str] = field(default_factory=list)  # ranked ids the budget or k cut off
    score_parts: dict[str, dict[str, float]] = field(default_factory=dict)  # id -> the terms of its score
    llm_usage: LLMUsage = field(default_factory=dict)  # the planner's calls, tokens and wall time

    @property
    def fallbacks(self) -> int:
        return sum(1 for p in self.plans if p.fallback)


@dataclass(frozen=True, slots=True)
class EvidenceItem:
    unit: MemoryUnit
    score: float
    routes: tuple[str, ...]
    anchor: bool = False

    @property
    def id(self) -> str:
        return self.unit.id

    @property
    def text(self) -> str:
        return self.unit.restatement

    @property
    def sources(self) -> tuple[str, ...]:
        return self.unit.sources

    def render(self) -> str:
        return self.unit.render()


def token_cost(text: str) -> int:
    """The one token rule used everywhere: ceil(chars / 4)."""
    return (len(text) + 3) // 4


@dataclass(slots=True)
class Evidence:
    """The evidence set ``recall`` returns: ranked items inside the token budget."""

    query: str
    items: list[EvidenceItem]
    budget_tokens: int
    trace: RecallTrace = field(default_factory=RecallTrace)

    @property
    def sources(self) -> list[str]:
        seen: dict[str, None] = {}
        for item in self.items:
            for s in item.sources:
                seen.setdefault(s, None)
        return list(seen)

    @property
    def tokens(self) -> int:
        return sum(token_cost(item.render()) for item in self.items)

    def in_time_order(self) -> list[EvidenceItem]:
        """The items ordered by when they happened (undated last)."""
        far = datetime.max.replace(tzinfo=UTC)

        def when(item: EvidenceItem) -> datetime:
            u = item.unit
            return u.time.start if u.time else (u.mentioned_at or far)

        return sorted(self.items, key=when)

    def render(self) -> str:
        """The context string an answering LLM gets: the items ordered in time."""
        return "\n".join(i.render() for i in self.in_time_order())
