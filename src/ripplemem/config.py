"""One settings object: argument > ``RIPPLEMEM_*`` environment > TOML file > default.

Nothing is read from the environment at import time: :func:`load_settings` reads it when
called. Recall budgets live in :class:`RecallSettings` (one preset, the DESIGN.md defaults).
"""

from __future__ import annotations

import dataclasses
import difflib
import os
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from .errors import ConfigError


@dataclass(frozen=True)
class RecallSettings:
    """Read-path budgets and weights (DESIGN.md defaults, fixed before evaluation)."""

    k: int = 50  # items kept by assembly (the budget usually binds first: at 1,500 tokens about 35)
    budget_tokens: int = 1500
    view_k: int = 10  # hits taken from each initial view (C0 stays small; diffusion fills in)
    rounds: int = 2  # rounds R: the planner's, then one following what it found (at most 3)
    anchors: int = 3
    hops: int = 2
    per_channel: int = 6  # best candidates kept per diffusion channel
    repeat_weight: float = 0.5  # a memory citing only turns that memories ranked above it cite weighs this
    walk_weight: float = 0.5  # a memory only an edge walk reached (no view, gateway or context) weighs this
    rrf_k: int = 60
    lambda_query: float = 0.6  # l_q: alignment with the query
    lambda_route: float = 0.3  # l_p: how (and how strongly) it was reached
    lambda_anchor: float = 0.1  # l_a: served as an anchor the question ranked first (read.engine._mark_anchors)
    spread: float = 0.5  # a hit reached through shared names scores >= spread * rho(anchor) * path (0: off)
    gateway_spread: float = 0.8  # the same floor for a hit reached through a gateway (0: off)
    polar_gateway_spread: float = 1.0  # ... in a yes/no question, whose answer is what the first hits link to
    named_gateway_spread: float = 0.9  # ... for a hit reached through a name (a person, a place, a venue), not a common noun
    superseded_penalty: float = 0.85  # a replaced value stays near its successor: "what changed" needs both (docs/benchmarks.md)
    short_tier_penalty: float = 0.85
    context_spread: float = 0.8  # a reply, answer or piece next to a top memory scores >= this * rho(top) * window weight (0: off)
    lift_tokens: int = 200  # memories lifted by the spreading floor keep it until they fill this many tokens of the ranking (0: no bound)
    lift_reach: int = 700  # ... and only where it ranks them within the ranking's first this many tokens (0: anywhere)
    context_anchors: int = 8  # ... next to one of the best this many memories
    lexical_without_times: bool = True  # the lexical view reads the question without its time expressions
    title_forms: bool = True  # the lexical view reads a title both ways ("doctor" and "Dr")
    lexical_depth: int = 150  # alignment reads lexical ranks this deep (the view keeps view_k hits)
    quoted_hits: int = 3  # memories carrying a span the question quotes word for word ("'The Power'") rank first lexically, this many per span (0: off)
    count_weight: float = 0.85  # a "how many" question: memories stating no number or date weigh this
    older_weight: float = 0.9  # a question about the present: a memory a later-said near twin restates weighs this
    twin_cosine: float = 0.8  # ... near twin: at least this cosine
    others_list_weight: float = 0.5  # a question naming people: a consolidated memory about someone else weighs this
    list_floor: float = 0.7  # a consolidated memory under this share of the best score is left out of the evidence
    asked_lists: int = 2  # a list question: at most this many consolidated lists it names (subject and topic) rank first
    user_lists_asked_only: bool = True  # a chat user's consolidated list is evidence only when the question asks for it
    single_list_weight: float = 0.8  # a consolidated list weighs this for a question that asks for one thing (1: off)
    count_frame: bool = True  # a count question's lexical view reads it without "total", "number of", "in total"
    request_frame: bool = True  # a request's lexical view reads it without "can you recommend", "any tips", "I might enjoy"
    session_support: float = 0.1  # a memory weighs up to 1 + this when the views found others of its session (0: off)
    assistant_weight: float = 0.5  # chat: weighs what the assistant said, unless the question asks about it
    dictated_weight: float = 0.5  # chat: a user's text not about the user ("The user said: <pasted page>") weighs this
    list_depth: int = 2  # each initial view reads this many times view_k, so lists do not take specific memories' places
    role_depth: int = 4  # ... and then the dense view reads this many times view_k deep for the user's own memories
    dense_relative: float = 0.5  # the dense view scores cosine / (best cosine ** this): 0 absolute, 1 relative like lexical (read.recall)
    extra_view: float = 0.1  # route strength: added per further view that found the memory
    planner_window: int = 10  # anchors are chosen among the top this many
    target_terms: int = 6  # gateway terms the rule planner adds to its target
    planner_shown: int = 15  # memories the LLM planner sees
    max_frontier: int = 50  # diffusion: nodes carried from one hop to the next (a long answer's pieces tie to dozens)
    max_reach: int = 100  # diffusion: reached nodes scored (the strongest paths); long answers cut in many pieces reach hundreds
    filter_overfetch: int = 4  # with filters, each view asks this many times its hits before filtering
    gateways: bool = True  # follow what the anchors carry that the question lacks (names, specific words)
    siblings: int = 10  # a question asking for several things: memories like its anchors a round adds (0: off)
    gateway_terms: int = 4  # gateway words per anchor (the rarest)
    gateway_hits: int = 5  # memories a round's gateways may add (the strongest links)
    gateway_per_cue: int = 3  # of which at most this many through any one cue
    bridge_hits: int = 2  # memories about the question's people nearest to what a gateway reached (0: off)
    bridge_depth: int = 20  # ... among this many nearest memories of each
    bridge_from: int = 1  # ... of a chain round's anchors a gateway reached and this many of a round's strongest gateway hits
    bridge_unnamed: int = 8  # ... and up to this many of the strongest searched by what they say: the sentences naming the gateway, no names (an embedding each; 0: off)
    name_text: bool = True  # a gateway name also reaches the memories whose text names it (not only those labelled with it)
    concept_link: float = 0.8  # a gateway through a common-noun concept links this much of a shared name
    gateway_closeness: float = 0.25  # share of a gateway link weighed by the linked memory's cosine to its anchor
    rare_cue: int = 3  # a gateway cue carried by at most this many memories links fully (4x: not at all)
    gateway_word_reach: int = 2  # a gateway word (a common noun) carried by more than this many times rare_cue memories links nothing: the conversation's topic
    named_chain: bool = True  # round 2 and on: only after a named link, unless the question is yes/no or asks for several things
    date_stop: bool = True  # the rule planner stops a "when" question whose best memory states a date
    room_fill: bool = True  # when the planner stops with room left and every candidate fits, diffuse toward the query
    unnamed_query: bool = True  # a question naming the conversation's speakers is embedded with and without their names, the two averaged
    relation_aliases: int = 10  # the structural view: memories naming a question's person by a relation alone ("Tess's great-aunt"), at most (0: off)
    missing_anchors: bool = True  # the rule planner anchors next on a memory naming a question's person or place the best ones lack
    relation_names: int = 10  # a question's relation ("Shira's sister's launch"): memories read for the name it was given ("Clodagh"), which joins the question's people (0: off)
    time_depth: int = 4  # the structural view reads this many times view_k memories of the question's time and keeps the view_k closest to the question (1: the nearest in time)
    time_specific: float = 0.5  # a memory dated wider than the question's time matches it by the share covered, to this power (0: any overlap is a full match)
    said_on_day: float = 0.5  # a found memory with no time of its own, said within the question's time, is a structural hit this strong (0: off)
    diffusion: bool = True
    structural: bool = True
    planner: bool = True

    def replace(self, **changes: Any) -> RecallSettings:
        return dataclasses.replace(self, **changes)


@dataclass(frozen=True)
class GraphSettings:
    semantic_threshold: float = 0.75  # MiniLM: the 99th percentile of pairwise cosine (docs/benchmarks.md)
    semantic_max: int = 6
    structural_threshold: float = 0.60
    structural_max: int = 6
    pool: int = 20
    tau_days: float = 7.0
    weight_participants: float = 0.45
    weight_locations: float = 0.25
    weight_time: float = 0.30
    window_links: bool = True
    window_gap: int = 2  # window edges: source turns at most this far apart in one session
    name_share: float = 0.2  # a name on more than this share of a scope's memories is not a cue
    name_min_units: int = 10  # ... once the scope holds at least this many memories
    structural: bool = True


@dataclass(frozen=True)
class WriteSettings:
    window_size: int = 6
    window_overlap: int = 2
    max_unit_chars: int = 600  # the embedder reads ~256 wordpieces whole
    answer_parse_chars: int = 2500  # an assistant turn is parsed and restated up to its first this many characters, the rest kept as said (0: all)
    answer_ner_chars: int = 600  # the entity recogniser reads an assistant turn's first this many characters (about its embedded memory; 0: all)
    dictation_chars: int = 300  # a chat user's turn this long that never says "I", "me" or "my" is a text handed over: its statements kept as written (0: off)
    answer_dense_units: int = 1  # an assistant turn's memories embedded (its first ones); the rest are stored without a vector, out of the dense view (write.dense; 0: all)
    embed_code: bool = False  # a turn's memories that are all code as written (fenced blocks) are embedded too (write.dense)
    compose_chars: int = 420  # exchange units: adjacent turns stated together, up to this size (0: off)
    fidelity: bool = True  # a memory stating a number or name its turns do not is kept as said (write.fidelity)
    compose_question_chars: int = 120  # ... a question this short does not count toward compose_chars beside its answer (0: it counts)
    compose_turns: int = 3  # an exchange unit cites at most this many turns
    compose_gap: int = 2  # ... at most this far apart (a bare question in between does not separate)
    compose_short_chars: int = 140  # a candidate this short (a reply) composes with its neighbour
    compose_referent_turns: int = 2  # a candidate whose first sentence leans on a thing it does not name ("They've given so much") is stated with the turn before when together they cite at most this many turns (ground.referents; 0: off)
    compose_aside_chars: int = 200  # a turn dropped as small talk, its sentences that name a thing (at most this long), is stated before the next memory when that memory leans on one of those things and names none of them (ground.referents; 0: off)
    compose_carry_chars: int = 200  # a memory leaning on what the turn before named, that turn already in the memory before, is stated after a copy of the sentence naming it, at most this long (write.compose.carried; 0: off)
    compose_overlap: float = 0.12  # longer ones compose when their content words overlap this much (Jaccard)
    weight_reuse: float = 0.4
    weight_relevance: float = 0.3
    weight_novelty: float = 0.2
    weight_emphasis: float = 0.1
    short_tier_below: float = 0.25  # importance under this goes to the short-term tier
    duplicate_cosine: float = 0.95
    supersede_cosine: float = 0.80
    nearest: int = 5  # stored memories an update decision compares a candidate with
    llm_decide_above: float = 0.6  # the LLM decider is asked only when a stored memory is this close (cosine)
    decide_retries: int = 2  # an LLM decider is asked with no lock held; rounds of deciding again when another write changed its memories meanwhile, before it is asked holding the scope's lock
    heal_batch: int = 200  # left pending or failed (a crash, a failure): turns an add() to the scope retries (0: off)
    bulk_ahead: int = 8  # bulk import (add_sessions): sessions logged and extracted ahead of the one being written
    bulk_part_chars: int = 20_000  # bulk import: a session with this many characters per worker is extracted in parts
    max_turn_chars: int = 32_000  # a longer turn (text and image caption) is an InputError: bounds one add's work (0: off; turns.py keeps 100k)


@dataclass(frozen=True)
class MaintainSettings:
    """Maintenance (``Memory.maintain``): consolidation, re-scoring and forgetting, and when it runs."""

    every_adds: int = 0  # run after every this many adds of a scope (0: only on demand)
    max_units: int = 2000  # memories one run reads and re-scores at most (the newest first)
    max_groups: int = 50  # consolidated memories one run writes or refreshes at most
    consolidate: bool = True
    min_members: int = 2  # memories of one subject and topic before they are gathered
    min_sessions: int = 3  # sessions a subject speaks of a thing in before it is a topic of its own (0: topics only)
    max_members: int = 10  # statements packed into one consolidated memory (one per session)
    statement_chars: int = 50  # a packed member's sentence is cut to about this many characters (around the topic's word)
    max_chars: int = 400  # a consolidated memory's length (docs/benchmarks.md, "Maintenance": 300 and 500 measured)
    llm_summary: bool = True  # with an LLM: a verified summary instead of the packing (when it fits)
    forget: bool = True
    half_life_days: float = 180.0  # heat halves over this long without a mention or a use
    cold_below: float = 0.02  # heat under this leaves the hot indexes (0: nothing goes cold)
    use_boost: float = 0.5  # heat gained per recorded use, as a share of importance (log-scaled)
    promote: bool = True  # re-score the short-term tier: a memory asked about or mentioned again moves up
    promote_to: float = 0.3  # the importance a promoted memory gets at least
    short_cold_days: float = 30.0  # a short-term memory neither asked about nor promoted this long goes cold (0: never)
    touch_batch: int = 64  # recalled memories buffered before their access counts are written


MAX_LLM_CONCURRENCY = 32


@dataclass(frozen=True)
class Settings:
    db: str = "./ripplemem.db"
    embedder: str = "local"  # local | openai
    embed_model: str = ""
    embed_base_url: str = ""
    embed_api_key: str = ""
    embed_dim: int = 0
    llm_base_url: str = ""
    llm_model: str = ""
    llm_api_key: str = ""
    llm_timeout: float = 60.0
    llm_retries: int = 2  # retries through the SDK's own backoff (honours Retry-After)
    llm_max_tokens: int = 2048  # completion tokens per request (0: the server's default); the prompt schemas fit it
    llm_structured: str = "auto"  # auto | json_schema | json_object_schema | json_object | prompt (the first mode tried)
    llm_concurrency: int = 2  # LLM calls in flight during one add (windows extracted in parallel), 1..32
    embed_timeout: float = 60.0
    embed_retries: int = 2
    embed_cache: int = 4096  # texts whose vectors are kept in memory (a question, a memory's words without names): recall embeds many again; 0: off
    extractor: str = "auto"  # auto (llm when configured) | rule | llm
    ann_threshold: int = 5000  # units in a scope before the ANN index replaces exact search
    reembed: bool = False
    recall: RecallSettings = field(default_factory=RecallSettings)
    graph: GraphSettings = field(default_factory=GraphSettings)
    write: WriteSettings = field(default_factory=WriteSettings)
    maintain: MaintainSettings = field(default_factory=MaintainSettings)

    def __post_init__(self) -> None:
        if not 1 <= self.llm_concurrency <= MAX_LLM_CONCURRENCY:
            raise ConfigError(f"llm_concurrency: expected 1..{MAX_LLM_CONCURRENCY}, got {self.llm_concurrency}")
        if self.llm_max_tokens < 0:
            raise ConfigError(f"llm_max_tokens: expected 0 or more, got {self.llm_max_tokens}")
        if self.embed_cache < 0:
            raise ConfigError(f"embed_cache: expected 0 (off) or more, got {self.embed_cache}")

    @property
    def llm_configured(self) -> bool:
        return bool(self.llm_base_url and self.llm_model)

    def replace(self, **changes: Any) -> Settings:
        return dataclasses.replace(self, **changes)


_NESTED = {"recall": RecallSettings, "graph": GraphSettings, "write": WriteSettings, "maintain": MaintainSettings}
# RIPPLEMEM_* variables that are not settings: read by the CLI, the server and the tests
RESERVED_ENV = frozenset({"config", "admin_key", "test_pg_url"})

# Named recall presets (the ablations are presets): data, applied with ``preset()``.
PRESETS: dict[str, dict[str, Any]] = {
    "default": {},
    "no-diffusion": {"diffusion": False},
    "no-structural": {"structural": False},
    "no-planner": {"planner": False},
    "no-room-fill": {"room_fill": False},
    "no-gateways": {"gateways": False},
    "no-concepts": {"concept_link": 0.0},
    "no-context": {"context_spread": 0.0},
    "no-siblings": {"siblings": 0},
    "one-round": {"rounds": 1},
    "one-view": {"structural": False, "diffusion": False},
}


def preset(name: str, base: RecallSettings | None = None) -> RecallSettings:
    """The recall settings of a named preset (on top of ``base``, default the defaults)."""
    if name not in PRESETS:
        raise ConfigError(f"unknown recall preset {name!r}{_closest(name, PRESETS)}")
    return (base or RecallSettings()).replace(**PRESETS[name])


def _closest(name: str, valid: Iterable[str], prefix: str = "") -> str:
    match = difflib.get_close_matches(name, list(valid), n=1, cutoff=0.6)
    return f" (did you mean {prefix + match[0]!r}?)" if match else ""


def _names(cls: type) -> list[str]:
    return [f.name for f in fields(cls)]


def _all_env_names() -> list[str]:
    """Every flat settings name as the environment spells it after ``RIPPLEMEM_``."""
    out = [n for n in _names(Settings) if n not in _NESTED]
    out += [f"{group}_{n}" for group, cls in _NESTED.items() for n in _names(cls)]
    return out


def _check_mapping(layer: Mapping[str, Any], cls: type, origin: str, section: str = "") -> None:
    """Unknown keys (nested sections included) are an error naming the closest valid key."""
    valid = _names(cls)
    for key, value in layer.items():
        if key not in valid:
            raise ConfigError(f"unknown setting {section + key!r}{origin}{_closest(key, valid, section)}")
        if key in _NESTED and isinstance(value, Mapping):
            _check_mapping(value, _NESTED[key], origin, f"{section}{key}.")


def _check_env(env_layer: Mapping[str, Any]) -> None:
    valid = _all_env_names()
    for key in env_layer:
        if key not in valid and key not in RESERVED_ENV:
            upper = [f"RIPPLEMEM_{v.upper()}" for v in valid]
            match = difflib.get_close_matches(f"RIPPLEMEM_{key.upper()}", upper, n=1, cutoff=0.6)
            hint = f" (did you mean {match[0]}?)" if match else ""
            raise ConfigError(f"unknown setting RIPPLEMEM_{key.upper()} in the environment{hint}")


def _coerce(name: str, raw: Any, default: Any) -> Any:
    kind = type(default)
    try:
        if kind is bool and isinstance(raw, str):
            low = raw.strip().lower()
            if low in ("1", "true", "yes", "on"):
                return True
            if low in ("0", "false", "no", "off"):
                return False
            raise ValueError(raw)
        return kind(raw)
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"setting {name!r}: cannot read {raw!r} as {kind.__name__}") from exc


def _build(cls: type, layers: list[Mapping[str, Any]], prefix: str) -> Any:
    values: dict[str, Any] = {}
    for f in fields(cls):
        if f.name in _NESTED:
            sub = [dict(layer.get(f.name) or {}) for layer in layers]
            env_sub = [{k[len(f.name) + 1 :]: v for k, v in layer.items() if k.startswith(f.name + "_")} for layer in layers]
            values[f.name] = _build(_NESTED[f.name], [m for pair in zip(sub, env_sub, strict=True) for m in pair], f"{prefix}{f.name}.")
            continue
        default = f.default if f.default is not dataclasses.MISSING else None
        for layer in layers:
            if f.name in layer and layer[f.name] is not None and not isinstance(layer[f.name], Mapping):
                values[f.name] = _coerce(prefix + f.name, layer[f.name], default)
                break
    return cls(**values)


def load_settings(
    overrides: Mapping[str, Any] | None = None,
    *,
    env: Mapping[str, str] | None = None,
    file: str | os.PathLike[str] | None = None,
) -> Settings:
    """Resolve settings: ``overrides`` > ``RIPPLEMEM_*`` env > TOML file > defaults.

    The TOML file is ``file``, else ``$RIPPLEMEM_CONFIG``, else none. Nested sections
    (``[recall]``, ``[graph]``, ``[write]``) map to the nested settings; in the environment
    they are spelled ``RIPPLEMEM_RECALL_K=20``.
    """
    environ = os.environ if env is None else env
    env_layer = {k[len("RIPPLEMEM_") :].lower(): v for k, v in environ.items() if k.startswith("RIPPLEMEM_")}
    path = file or env_layer.pop("config", None)
    file_layer: dict[str, Any] = {}
    if path:
        try:
            file_layer = tomllib.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise ConfigError(f"cannot read config file {path}: {exc}") from exc
        _check_mapping(file_layer, Settings, f" in {path}")
    _check_env(env_layer)
    given = {k: v for k, v in (overrides or {}).items() if v is not None}
    _check_mapping({k: v for k, v in given.items() if not isinstance(v, tuple(_NESTED.values()))}, Settings, " given")
    ready = {k: given.pop(k) for k in list(given) if k in _NESTED and isinstance(given[k], _NESTED[k])}
    settings: Settings = _build(Settings, [given, env_layer, file_layer], "")
    return settings.replace(**ready) if ready else settings
