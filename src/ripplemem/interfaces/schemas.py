"""Request and response models of the REST API (pydantic), and their conversion from ours."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, ClassVar, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StringConstraints,
    ValidationInfo,
    field_validator,
)

from ..store.base import DeleteReport
from ..types import AddResult, Edge, HistoryEntry, Layer, MemoryUnit, Scope, Turn
from ..write.turns import MAX_TURN_CHARS, MAX_TURNS_PER_CALL
from .render import add_json

#: What the API asks of an id, a name or a query: a character besides white space (a blank one
#: is refused). White space is what ``str.strip`` removes, spelled out: ``\S`` differs between
#: regex dialects (JSON Schema's ECMA-262, Python's, pydantic's Rust), e.g. on U+0085 and U+001C.
NON_BLANK = r"[^\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]"
Text = Field(min_length=1, max_length=100_000, pattern=NON_BLANK)
NonBlank = Annotated[str, StringConstraints(min_length=1, pattern=NON_BLANK)]


def _json_integer(value: Any) -> Any:
    """A JSON integer (``5`` or ``5.0``) passes on to pydantic; its lax mode would also take
    ``"5"`` and ``true``, which the document (``type: integer``) does not allow."""
    if isinstance(value, str | bool):
        raise ValueError("expected an integer")
    return value


#: The JSON types as the document states them: no "5" or true for an integer, no 0 or "yes"
#: for a boolean. (An integer with bounds is checked by :meth:`_In._integers` instead: pydantic
#: writes the bounds of an ``Integer`` as ``gt``/``le``, which JSON Schema does not know.)
Integer = Annotated[int, BeforeValidator(_json_integer)]
Flag = StrictBool
#: A JSON object's keys: non-empty strings.
JsonObject = dict[Annotated[str, StringConstraints(min_length=1)], Any]
TIME = ("ISO 8601 (e.g. 2023-05-08T13:56:00, a date, or with an offset), or as LoCoMo and LongMemEval write it "
        "(1:56 pm on 8 May, 2023); years 1000 to 8999. Empty: not given.")


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")
    #: The fields that are integers with bounds (see :data:`Integer`).
    INTEGERS: ClassVar[tuple[str, ...]] = ()

    @field_validator("*", mode="before")
    @classmethod
    def _integers(cls, value: Any, info: ValidationInfo) -> Any:
        return _json_integer(value) if info.field_name in cls.INTEGERS else value


class ScopeIn(_In):
    user_id: NonBlank | None = Field(None, description="The user; implied by a user key, required with the admin key.")
    agent_id: NonBlank | None = None
    run_id: NonBlank | None = None


METADATA = "A JSON object kept on the memories; search, recall and list filter on it."
FILTERS = ("What to keep: {metadata: {key: value | {in: [values]}}, since, until (ISO 8601: the memory's time, "
           "else when it was said), layer (core, episodic, semantic, or a list), current_only (drop superseded)}.")

Scalar = str | int | float | bool | None


class ValuesIn(_In):
    """``{in: [values]}``: any of these."""

    in_: list[Scalar] = Field(alias="in", min_length=1)


class FiltersIn(_In):
    """What search, recall and list keep besides the scope; every part optional, all must hold."""

    metadata: dict[Annotated[str, StringConstraints(min_length=1)], Scalar | ValuesIn] | None = Field(
        None, description="Top-level metadata key -> the value it must have, or {in: [values]}.")
    since: str | None = Field(None, description="The memory's time (else when it was said) ends after this. " + TIME)
    until: str | None = Field(None, description="... and starts before this (after since). " + TIME)
    layer: Layer | list[Layer] | None = None
    current_only: Flag = Field(False, description="Drop superseded memories.")

    def as_dict(self) -> dict[str, Any]:
        return self.model_dump(by_alias=True, exclude_unset=True)


def _given(key: str) -> dict[str, Any]:
    """JSON Schema: ``key`` is present, a string with something besides white space."""
    return {"required": [key], "properties": {key: {"type": "string", "pattern": NON_BLANK}}}


def _unset(key: str) -> dict[str, Any]:
    """JSON Schema: ``key`` is absent, null or empty (the next key is read in its place)."""
    return {"not": {"required": [key], "properties": {key: {"type": "string", "minLength": 1}}}}


TurnId = NonBlank | Integer
#: A name read in turn with others (speaker, name, role): empty passes to the next one.
Alias = Annotated[str, StringConstraints(pattern=f"^$|{NON_BLANK}")]


class TurnIn(BaseModel):
    """One turn. The names of several dataset formats are read: the speaker is the first of
    speaker, name and role that is given and not empty; the text is text when the key is there
    (even null), else content; the image caption is image_caption, else blip_caption. A turn
    needs a speaker, and a text or a caption that is not blank. The id is id when the key is
    there, else dia_id; ids are unique within a call. Other keys are ignored."""

    model_config = ConfigDict(extra="allow", json_schema_extra={"allOf": [
        {"anyOf": [_given("speaker"), {"allOf": [_unset("speaker"), _given("name")]},
                   {"allOf": [_unset("speaker"), _unset("name"), _given("role")]}]},
        {"anyOf": [_given("text"), {"allOf": [{"not": {"required": ["text"]}}, _given("content")]},
                   _given("image_caption"), {"allOf": [_unset("image_caption"), _given("blip_caption")]}]},
    ]})

    speaker: Alias | None = None
    name: Alias | None = None
    role: Alias | None = None
    text: str | None = Field(None, max_length=MAX_TURN_CHARS)
    content: str | None = Field(None, max_length=MAX_TURN_CHARS)
    image_caption: str | None = Field(None, max_length=MAX_TURN_CHARS)
    blip_caption: str | None = Field(None, max_length=MAX_TURN_CHARS)
    id: TurnId | None = Field(None, description="Unique within the call; re-adding a stored id is a no-op.")
    dia_id: TurnId | None = None
    time: str | None = Field(None, description="When it was said (default: the session's time). " + TIME)
    metadata: JsonObject | None = Field(None, description="Its own metadata, over the call's.")


class AddIn(ScopeIn):
    messages: Annotated[list[TurnIn], Field(min_length=1, max_length=MAX_TURNS_PER_CALL)] | Annotated[
        str, StringConstraints(min_length=1, max_length=MAX_TURN_CHARS, pattern=NON_BLANK)] = Field(
        description="Turns, each {speaker, text} or {role, content}, with optional id, time, image_caption and "
        "metadata (its own, over the call's); or one string (a user turn). A turn's text and image caption hold "
        "at most the server's write.max_turn_chars characters together (default 32,000).",
    )
    session_id: NonBlank | None = None
    session_time: str | None = Field(None, description="When the session took place. " + TIME)
    infer: Flag = Field(True, description="Extract memories; false stores each turn as written.")
    metadata: JsonObject | None = Field(None, description=METADATA)

    def turns(self) -> list[dict[str, Any]] | str:
        """The messages as the API reads them."""
        if isinstance(self.messages, str):
            return self.messages
        return [t.model_dump(exclude_unset=True) for t in self.messages]


class RecallIn(ScopeIn):
    INTEGERS = ("budget_tokens", "k")

    query: str = Text
    budget_tokens: int | None = Field(None, gt=0, le=100_000)
    k: int | None = Field(None, gt=0, le=500)
    as_of: str | None = Field(None, description="The question's date (resolves 'last week'); default now. " + TIME)
    trace: Flag = Field(False, description="Include the recall trace (views, plans, diffusion).")
    filters: FiltersIn | None = None


class SearchIn(ScopeIn):
    INTEGERS = ("limit",)

    query: str = Text
    limit: int = Field(10, gt=0, le=500)
    as_of: str | None = Field(None, description="The date the search is made on; default now. " + TIME)
    filters: FiltersIn | None = None


class UpdateIn(ScopeIn):
    """Give text, metadata or both."""

    model_config = ConfigDict(json_schema_extra={"anyOf": [
        {"required": ["text"], "properties": {"text": {"type": "string"}}},
        {"required": ["metadata"], "properties": {"metadata": {"type": "object"}}},
    ]})

    text: str | None = Field(None, min_length=1, max_length=100_000, pattern=NON_BLANK,
                             description="The new text (re-embedded).")
    metadata: JsonObject | None = Field(None, description="Replaces the memory's metadata.")


class MaintainIn(ScopeIn):
    as_of: str | None = Field(None, description="The time ages are counted to; default now. " + TIME)


class ReindexIn(_In):
    rebuild: Flag = False


class KeyIn(_In):
    user_id: str = Field(min_length=1, max_length=1000, pattern=NON_BLANK)
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
