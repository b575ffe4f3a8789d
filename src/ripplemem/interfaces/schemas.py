"""Request and response models of the REST API (pydantic), and their conversion from ours."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..store.base import DeleteReport
from ..types import AddResult, Edge, HistoryEntry, MemoryUnit, Scope, Turn
from .render import add_json

Text = Field(min_length=1, max_length=100_000)


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ScopeIn(_In):
    user_id: str | None = Field(None, min_length=1,
                                description="The user; implied by a user key, required with the admin key.")
    agent_id: str | None = Field(None, min_length=1)
    run_id: str | None = Field(None, min_length=1)


METADATA = "A JSON object kept on the memories; search, recall and list filter on it."
FILTERS = ("What to keep: {metadata: {key: value | {in: [values]}}, since, until (ISO 8601: the memory's time, "
           "else when it was said), layer (core, episodic, semantic, or a list), current_only (drop superseded)}.")


class AddIn(ScopeIn):
    messages: list[dict[str, Any]] | str = Field(
        description="Turns, each {speaker, text} or {role, content}, with optional id, time, image_caption and "
        "metadata (its own, over the call's); or one string (a user turn).",
    )
    session_id: str | None = None
    session_time: str | None = Field(None, description="When the session took place (ISO 8601).")
    infer: bool = Field(True, description="Extract memories; false stores each turn as written.")
    metadata: dict[str, Any] | None = Field(None, description=METADATA)


class RecallIn(ScopeIn):
    query: str = Text
    budget_tokens: int | None = Field(None, gt=0, le=100_000)
    k: int | None = Field(None, gt=0, le=500)
    as_of: str | None = Field(None, description="The question's date (resolves 'last week'); default now.")
    trace: bool = Field(False, description="Include the recall trace (views, plans, diffusion).")
    filters: dict[str, Any] | None = Field(None, description=FILTERS)


class SearchIn(ScopeIn):
    query: str = Text
    limit: int = Field(10, gt=0, le=500)
    as_of: str | None = None
    filters: dict[str, Any] | None = Field(None, description=FILTERS)


class UpdateIn(ScopeIn):
    text: str | None = Field(None, min_length=1, max_length=100_000, description="The new text (re-embedded).")
    metadata: dict[str, Any] | None = Field(None, description="Replaces the memory's metadata.")


class MaintainIn(ScopeIn):
    as_of: str | None = Field(None, description="The time ages are counted to (ISO 8601); default now.")


class ReindexIn(_In):
    rebuild: bool = False


class KeyIn(_In):
    user_id: str = Field(min_length=1, max_length=1000)
    label: str = Field("", max_length=200)


# -- responses ------------------------------------------------------------------------


class ErrorBody(BaseModel):
    code: str = Field(description="Stable: invalid_input, unauthorized, forbidden, not_found, too_large, "
                                  "store_error, provider_error, ...")
    message: str


class ErrorOut(BaseModel):
    error: ErrorBody


class HealthOut(BaseModel):
    status: Literal["ok"] = "ok"
    version: str


class EventOut(BaseModel):
    id: str
    event: str
    memory: str
    previous: str | None = None
    sources: list[str]


class AddOut(BaseModel):
    events: list[EventOut]
    turns_added: int
    turns_skipped: int
    extraction_failures: int
    healed: int = Field(description="Earlier turns of the scope left pending or failed that this call extracted.")
    llm_usage: dict[str, dict[str, float]] = Field(
        description="Per LLM role: calls, requests, failures, repairs, prompt_tokens, completion_tokens, wall_ms "
        "(empty without an LLM).")

    @classmethod
    def of(cls, result: AddResult) -> AddOut:
        return cls.model_validate(add_json(result))


class SourceTurnOut(BaseModel):
    id: str
    session_id: str
    speaker: str
    text: str
    time: str | None = Field(None, description="When it was said (ISO 8601), when known.")

    @classmethod
    def of(cls, t: Turn) -> SourceTurnOut:
        return cls(id=t.turn_id, session_id=t.session_id, speaker=t.speaker, text=t.content,
                   time=t.time.isoformat() if t.time else None)


class ScopeOut(BaseModel):
    user_id: str
    agent_id: str | None = None  # left out of a response when the memory has none
    run_id: str | None = None

    @classmethod
    def of(cls, scope: Scope) -> ScopeOut:
        return cls(user_id=scope.user_id, agent_id=scope.agent_id, run_id=scope.run_id)


class EvidenceItemOut(BaseModel):
    id: str
    text: str
    rendered: str
    score: float
    routes: list[str]
    anchor: bool
    layer: str
    sources: list[str]
    time: list[str] | None = Field(None, description="The grounded time span [start, end]; left out when unknown.")
    participants: list[str]
    places: list[str]
    metadata: dict[str, Any]
    scope: ScopeOut
    source_turns: dict[str, SourceTurnOut]


class EvidenceOut(BaseModel):
    """The shape of ``ripplemem recall --json``."""

    query: str
    budget_tokens: int
    tokens: int
    context: str = Field(description="The items ordered in time, one per line: the context for an answering LLM.")
    items: list[EvidenceItemOut]
    trace: dict[str, Any] | None = None


class MemoryOut(BaseModel):
    id: str
    text: str
    rendered: str
    scope: ScopeOut
    layer: str
    tier: str
    importance: float
    sources: list[str]
    session_id: str
    participants: list[str]
    places: list[str]
    time: list[datetime] | None
    facts: list[str]
    metadata: dict[str, Any]
    current: bool
    valid_from: datetime | None
    valid_to: datetime | None
    mentioned_at: datetime | None
    created_at: datetime | None
    updated_at: datetime | None
    pinned: bool = Field(False, description="Pinned memories never decay.")
    cold: bool = Field(False, description="Out of the hot indexes (maintenance); found by the lexical view.")

    @classmethod
    def of(cls, u: MemoryUnit) -> MemoryOut:
        return cls(
            id=u.id, text=u.restatement, rendered=u.render(),
            scope=ScopeOut(user_id=u.scope.user_id, agent_id=u.scope.agent_id, run_id=u.scope.run_id),
            layer=u.layer, tier=u.tier, importance=u.importance, sources=list(u.sources), session_id=u.session_id,
            participants=sorted(u.participants), places=sorted(u.locations),
            time=[u.time.start, u.time.end] if u.time else None, facts=list(u.facts), metadata=dict(u.metadata),
            current=u.current,
            valid_from=u.valid_from, valid_to=u.valid_to, mentioned_at=u.mentioned_at,
            created_at=u.created_at, updated_at=u.updated_at, pinned=u.pinned, cold=u.cold,
        )


class SearchItemOut(BaseModel):
    score: float
    routes: list[str]
    memory: MemoryOut


class NeighbourOut(BaseModel):
    """One edge leaving a memory, with the memory it reaches."""

    kind: str = Field(description="semantic, structural, window, supersedes or consolidates")
    weight: float
    memory: MemoryOut

    @classmethod
    def of(cls, edge: Edge, unit: MemoryUnit) -> NeighbourOut:
        return cls(kind=edge.kind, weight=edge.weight, memory=MemoryOut.of(unit))


class WhoAmIOut(BaseModel):
    admin: bool
    user_id: str | None = Field(description="The user a user key is bound to; null for the admin key.")


class HistoryOut(BaseModel):
    unit_id: str
    event: str
    at: datetime
    old_text: str | None
    new_text: str | None
    detail: str

    @classmethod
    def of(cls, h: HistoryEntry) -> HistoryOut:
        return cls(unit_id=h.unit_id, event=h.event, at=h.at, old_text=h.old_text, new_text=h.new_text,
                   detail=h.detail)


class DeletedOut(BaseModel):
    deleted: str


class DeleteUserOut(BaseModel):
    user_id: str
    units: int
    turns: int
    edges: int
    history: int

    @classmethod
    def of(cls, user_id: str, r: DeleteReport) -> DeleteUserOut:
        return cls(user_id=user_id, units=r.units, turns=r.turns, edges=r.edges, history=r.history)


class ReindexOut(BaseModel):
    scopes: int
    turns: int


class KeyOut(BaseModel):
    id: str
    user_id: str
    label: str
    created_at: str
    revoked_at: str | None = None
    key: str | None = Field(None, description="The secret: returned once, when the key is created.")
