"""Schemathesis over the live OpenAPI document: a real REST server on 127.0.0.1 (a SQLite
store in a temp dir, the real embedder, API keys as the other REST tests make them) serves
``/openapi.json``; schemathesis loads it from there and runs its phases over every operation
(the document's examples, the coverage phase's boundary and invalid cases, then generated
cases that follow the document or break it), checking each response.

``RIPPLEMEM_SCHEMATHESIS_EXAMPLES`` sets the generated cases per operation (default 10), on
top of the coverage phase's. Generation is derandomized, so a run is repeatable;
``RIPPLEMEM_SCHEMATHESIS_SEED`` makes another (repeatable) run. ``-s`` prints the figures.

Schemathesis runs through its engine (what ``schemathesis run`` drives), not its pytest
plugin: the plugin's fixture-loaded schema does not work with this pytest (it sets
``Function._nodeid``, which pytest 9.2 no longer has), and the plugin is off for the suite
(``-p no:schemathesis`` in pyproject.toml).
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from schemathesis.config import SchemathesisConfig
from schemathesis.engine import events, from_schema

from ripplemem.interfaces.keys import KeyStore
from ripplemem.interfaces.server import create_app
from ripplemem.providers.embed.base import Embedder
from sample_dialogue import SESSION_1
from serving_helpers import ADMIN_KEY, open_memory, running

EXAMPLES = int(os.environ.get("RIPPLEMEM_SCHEMATHESIS_EXAMPLES", "10"))
SEED = os.environ.get("RIPPLEMEM_SCHEMATHESIS_SEED")

#: The checks run on every response (schemathesis' names).
CHECKS = (
    "not_a_server_error",  # no 5xx, whatever is sent
    "status_code_conformance",  # every status sent is documented for the operation
    "content_type_conformance",  # the Content-Type sent is the documented one
    "response_schema_conformance",  # the body validates against the documented schema
    "response_headers_conformance",  # documented response headers are sent
    "positive_data_acceptance",  # a request that follows the document is not refused with 400
    "negative_data_rejection",  # a request that breaks the document is refused (4xx)
    "ignored_auth",  # an operation that documents the bearer key refuses a request without one
    "unsupported_method",  # a method the document does not list at a path is 405 with Allow
    "allow_header_conformance",  # the Allow header of an OPTIONS answer names the documented methods
)
#: Not run: ``use_after_free`` and ``ensure_resource_availability`` follow links between
#: operations in the stateful phase, which is off (the document declares no links);
#: ``missing_required_header`` has no header parameter to drop (the key is a security scheme,
#: which ``ignored_auth`` covers); ``object_level_authorization`` needs a second identity in
#: schemathesis' auth settings; tests/interfaces/test_tenancy.py checks that one user's key
#: reaches nothing of another's.

#: What ``positive_data_acceptance`` cannot judge: refusals the document states in words because
#: JSON Schema cannot express them. Each is a 400 ``invalid_input`` whose message names the rule;
#: only that check's verdict on such a refusal is set aside (the case's other checks still run),
#: and each kind is counted and printed.
#:
#: - ``time``: every time (``as_of``, ``session_time``, a turn's ``time``, ``filters.since`` and
#:   ``until``) is a string read by the time reader: ISO 8601, the LoCoMo and LongMemEval forms,
#:   years 1000 to 8999 (and ``until`` after ``since``), as the field's description says. A grammar
#:   this loose has no JSON Schema, so a generated string it cannot read is refused.
#: - ``duplicate id``: turn ids are unique within a call (the id's description); JSON Schema's
#:   ``uniqueItems`` compares whole turns, not one key of them.
#: - ``turn too long``: ``write.max_turn_chars`` bounds a turn's text and image caption together;
#:   the document bounds each.
DOCUMENTED_REFUSALS = {
    "time": re.compile(r"(as_of|session_time|messages\[\d+\]\.time|filters\.since|filters\.until): "
                       r"(cannot read .* as a date-time|\S+ is outside the years 1000 to 8999)"
                       r"|filters: until must be after since", re.DOTALL),
    "duplicate id": re.compile(r"messages\[\d+\]\.id: .* appears twice in one call", re.DOTALL),
    "turn too long": re.compile(r"messages\[\d+\]: \d+ characters, more than write\.max_turn_chars \(\d+\); "
                                r"split it into several turns"),
}


def documented_refusal(failure: Any, response: Any) -> str | None:
    """The kind of a schema-valid request refused by a rule the document states in words (above)."""
    if "positive_data_acceptance" not in failure.checks or response.status_code != 400:
        return None
    error = response.json().get("error", {})
    if error.get("code") != "invalid_input":
        return None
    return next((kind for kind, rule in DOCUMENTED_REFUSALS.items() if rule.fullmatch(error.get("message", ""))), None)


def config() -> SchemathesisConfig:
    return SchemathesisConfig.from_dict({
        **({"seed": int(SEED)} if SEED else {}),
        "generation": {"max-examples": EXAMPLES, "deterministic": not SEED, "mode": "all"},
        "phases": {"examples": {"enabled": True}, "coverage": {"enabled": True}, "fuzzing": {"enabled": True},
                   "stateful": {"enabled": False}},
        "checks": {"enabled": False, **{name: {"enabled": True} for name in CHECKS}},
        "workers": 1,
        # half the user_ids generated name the key's own user (the others get 403), so more requests get through
        "dictionaries": {"users": {"values": ["alice"]}},
        "parameters": {f"{where}.user_id": {"dictionary": "users", "probability": 0.5} for where in ("query", "body")},
    })


@dataclass
class Run:
    """What one schemathesis run saw."""

    cases: Counter[str] = field(default_factory=Counter)
    statuses: Counter[int] = field(default_factory=Counter)
    set_aside: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def record(self, event: events.EngineEvent) -> None:
        if isinstance(event, events.ScenarioFinished):
            recorder = event.recorder
            self.cases[recorder.label] += len(recorder.cases)
            self.statuses.update(i.response.status_code for i in recorder.interactions.values() if i.response)
            for case_id, checks in recorder.checks.items():
                for check in checks:
                    if check.failure_info is not None:
                        self.failures.append(describe(check.name, check.failure_info,
                                                      recorder.find_response(case_id=case_id)))
        elif isinstance(event, events.NonFatalError):
            self.errors.append(f"{event.label}: {event.info.format()}")
        elif isinstance(event, events.FatalError):
            self.errors.append(f"fatal: {event.exception!r}")

    def report(self, name: str) -> None:
        print(f"\nschemathesis ({name}): {len(self.cases)} operations, {sum(self.cases.values())} cases, "
              f"{len(self.failures)} failures, {len(self.errors)} errors; statuses {dict(sorted(self.statuses.items()))}; "
              f"refusals set aside {dict(self.set_aside)}")
        if self.errors or self.failures:
            pytest.fail("\n\n".join(self.errors + self.failures), pytrace=False)


def describe(check: str, info: Any, response: Any) -> str:
    failure = info.failure
    answer = f"{response.status_code} {response.text[:500]}" if response is not None else "no response"
    return f"{failure.operation} [{check}] {failure.title}\n{failure.message}\n-> {answer}\n{info.code_sample[:3000]}"


@dataclass
class Live:
    """The server under test, and a key for alice."""

    url: str
    keys: KeyStore
    alice: str

    def alice_key(self) -> str:
        """Alice's key, minted again when a generated request deleted her or revoked it."""
        if self.keys.verify(self.alice) is None:
            self.alice = self.keys.create("alice")[1]
        return self.alice


@pytest.fixture
def live(tmp_path: Path, embedder: Embedder) -> Iterator[Live]:
    db = tmp_path / "memory.db"
    memory = open_memory(db, embedder)
    keys = KeyStore(str(db), admin_key=ADMIN_KEY)
    memory.add(SESSION_1, user_id="alice", session_id="s1", session_time="2023-05-08T13:56:00")
    try:
        # errors only: schemathesis probes whether the server takes a NUL byte in a header, which uvicorn logs
        with running(create_app(memory, keys), log_level="error") as url:
            yield Live(url, keys, keys.create("alice")[1])
    finally:
        keys.close()
        memory.close()


def run_schemathesis(live: Live, key: Any, tags: list[str] | None = None) -> Run:
    """Schemathesis over the operations of the live document (those with one of ``tags``),
    each request carrying ``Authorization: Bearer <key()>``."""
    schema: schemathesis.BaseSchema = schemathesis.openapi.from_url(f"{live.url}/openapi.json", config=config())
    if tags:
        schema = schema.include(tag=tags)

    class BearerKey:
        def get(self, case: Any, ctx: Any) -> str:
            return str(key())

        def set(self, case: Any, data: str, ctx: Any) -> None:
            case.headers = {**(case.headers or {}), "Authorization": f"Bearer {data}"}

    schema.auth(refresh_interval=None)(BearerKey)  # no cache: every case asks for a key that works
    run = Run()

    @schema.hook("filter_failure")
    def filter_failure(ctx: Any, failure: Any, case: Any, response: Any) -> bool:
        kind = documented_refusal(failure, response)
        if kind is not None:
            run.set_aside[kind] += 1
        return kind is None

    for event in from_schema(schema).execute():
        run.record(event)
    return run


def test_every_operation_answers_as_its_document_says(live: Live) -> None:
    """With a user key (alice's), over every operation of the document."""
    run_schemathesis(live, live.alice_key).report("alice's key")


def test_the_admin_operations_answer_as_documented_to_the_admin_key(live: Live) -> None:
    """With the admin key, over what it alone may do (keys, reindex, stats of all, deleting any user)."""
    run_schemathesis(live, lambda: ADMIN_KEY, tags=["keys", "admin", "users"]).report("admin key")
