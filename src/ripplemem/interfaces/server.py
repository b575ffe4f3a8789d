"""The REST server (FastAPI): thin, it parses, checks the key's scope, calls the API, formats.

Every endpoint but ``/health``, the OpenAPI document (``/openapi.json``, ``/docs``) and the
explorer page's files (``/explorer``, see :mod:`.explorer`) needs
``Authorization: Bearer <key>``. A user key acts only for the user it is bound to (any
agent_id / run_id under it); the admin key (``RIPPLEMEM_ADMIN_KEY``) acts for any user,
named by ``user_id``, and mints keys. Errors are ``{"error": {"code", "message"}}`` with a
stable code (see :data:`ERROR_CODES`); anything unexpected is a 500 ``internal_error``
whose message names no internals (the traceback goes to the server's log only).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Mapping, MutableMapping
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI, Path, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from .. import __version__
from ..aio import AsyncMemory
from ..errors import ConfigError, InputError, NotFoundError, ProviderError, RippleMemError, StoreError
from ..memory import MAX_COUNT, Memory
from ..types import Scope
from . import explorer
from . import schemas as s
from .keys import KeyStore, Principal
from .render import evidence_json, trace_ids
from .request_log import RequestLog, note_scope, note_usage

MAX_BODY_BYTES = 2 * 1024 * 1024
log = logging.getLogger(__name__)

#: Library errors -> (HTTP status, stable code); the first match in this order wins.
ERROR_CODES: tuple[tuple[type[RippleMemError], int, str], ...] = (
    (InputError, 400, "invalid_input"),
    (NotFoundError, 404, "not_found"),
    (StoreError, 500, "store_error"),
    (ProviderError, 502, "provider_error"),
    (ConfigError, 500, "config_error"),
    (RippleMemError, 500, "internal_error"),
)
_HTTP_CODES = {400: "invalid_input", 401: "unauthorized", 403: "forbidden", 404: "not_found", 405: "method_not_allowed",
               413: "too_large"}


class ApiError(Exception):
    """An error answered as ``{"error": {"code", "message"}}`` with this status."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def error_response(status: int, code: str, message: str, headers: Mapping[str, str] | None = None) -> JSONResponse:
    headers = {**(headers or {}), **({"WWW-Authenticate": "Bearer"} if status == 401 else {})}
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status, headers=headers or None)


@dataclass
class ServerState:
    memory: AsyncMemory
    keys: KeyStore


# -- request size limit (pure ASGI, so it also bounds chunked bodies) -------------------

Scope_ = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


class BodyLimit:
    """Answers 413 ``too_large`` to a request whose body exceeds ``max_bytes``."""

    def __init__(self, app: Callable[[Scope_, Receive, Send], Awaitable[None]], max_bytes: int) -> None:
        self.app, self.max_bytes = app, max_bytes

    async def __call__(self, scope: Scope_, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            await self._too_large(scope, receive, send)
            return
        chunks: list[bytes] = []
        size, more = 0, True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            more = bool(message.get("more_body"))
            if size > self.max_bytes:
                await self._too_large(scope, receive, send)
                return
        replay = [{"type": "http.request", "body": b"".join(chunks), "more_body": False}]

        async def replayed() -> MutableMapping[str, Any]:
            return replay.pop() if replay else await receive()

        await self.app(scope, replayed, send)

    async def _too_large(self, scope: Scope_, receive: Receive, send: Send) -> None:
        response = error_response(413, "too_large", f"request body over the limit of {self.max_bytes} bytes")
        await response(scope, receive, send)


class CatchAll:
    """Answers 500 ``internal_error`` to anything the application lets escape: the
    traceback goes to the log, the client gets no internals, and (not re-raised) the
    connection stays usable."""

    def __init__(self, app: Callable[[Scope_, Receive, Send], Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: Scope_, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def watched(message: MutableMapping[str, Any]) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except Exception:
            log.exception("unexpected error answering %s %s", scope.get("method"), scope.get("path"))
            if started:  # too late for an error body: let the server drop the connection
                raise
            response = error_response(500, "internal_error", "the server failed; the error is in its log")
            await response(scope, receive, send)


# -- authentication and scopes ---------------------------------------------------------

_bearer = HTTPBearer(auto_error=False, description="An API key: `ripplemem keys create --user U`, or the admin key.")


def _state(request: Request) -> ServerState:
    state: ServerState = request.app.state.ripplemem
    return state


def authenticate(
    request: Request, creds: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]
) -> Principal:
    if creds is None:
        raise ApiError(401, "unauthorized", "missing header Authorization: Bearer <key>")
    who = _state(request).keys.verify(creds.credentials)
    if who is None:
        raise ApiError(401, "unauthorized", "unknown or revoked API key")
    return who


Who = Annotated[Principal, Depends(authenticate)]


def user_for(who: Principal, user_id: str | None) -> str:
    """The user a call acts for: the key's own, or (admin key) the one the request names."""
    if who.admin:
        if not user_id:
            raise ApiError(400, "invalid_input", "user_id: required with the admin key")
        return user_id
    if user_id is not None and user_id != who.user_id:
        raise ApiError(403, "forbidden", "this API key may not act for that user_id")
    assert who.user_id is not None
    return who.user_id


def require_admin(who: Principal) -> None:
    if not who.admin:
        raise ApiError(403, "forbidden", "this needs the admin key")


#: An id given as a query parameter (absent: not given) or a path segment: not blank.
IdQuery = Annotated[str | None, Query(min_length=1, pattern=s.NON_BLANK)]
IdPath = Annotated[str, Path(pattern=s.NON_BLANK)]


def scope_query(who: Who, user_id: IdQuery = None, agent_id: IdQuery = None, run_id: IdQuery = None) -> Scope:
    scope = Scope(user_for(who, user_id), agent_id, run_id)
    note_scope(scope)
    return scope


InScope = Annotated[Scope, Depends(scope_query)]


def _body_scope(who: Principal, body: s.ScopeIn) -> dict[str, Any]:
    user = user_for(who, body.user_id)
    note_scope(Scope(user, body.agent_id, body.run_id))
    return {"user_id": user, "agent_id": body.agent_id, "run_id": body.run_id}


def _where(scope: Scope) -> dict[str, Any]:
    return {"user_id": scope.user_id, "agent_id": scope.agent_id, "run_id": scope.run_id}


# -- endpoints ---------------------------------------------------------------------------

router = APIRouter(prefix="/v1", responses={
    400: {"model": s.ErrorOut, "description": "invalid_input"},
    401: {"model": s.ErrorOut, "description": "unauthorized: no key, or an unknown one"},
    403: {"model": s.ErrorOut, "description": "forbidden: the key may not act on that scope"},
    413: {"model": s.ErrorOut, "description": "too_large"},
})


def _memory(request: Request) -> AsyncMemory:
    return _state(request).memory


Mem = Annotated[AsyncMemory, Depends(_memory)]


@router.post("/memories", status_code=201, response_model=s.AddOut, tags=["memories"])
async def add_turns(body: s.AddIn, who: Who, mem: Mem) -> s.AddOut:
    """Remember turns of a conversation (re-adding a stored turn id is a no-op)."""
    result = await mem.add(body.turns(), session_id=body.session_id, session_time=body.session_time,
                           infer=body.infer, metadata=body.metadata, **_body_scope(who, body))
    note_usage(result.llm_usage, result.extraction_failures + result.decider_fallbacks)
    return s.AddOut.of(result)


@router.post("/recall", response_model=s.EvidenceOut, response_model_exclude_none=True, tags=["read"])
async def recall(body: s.RecallIn, who: Who, mem: Mem) -> s.EvidenceOut:
    """The evidence set for a question: ranked memories within a token budget, with their source turns."""
    where = _body_scope(who, body)
    ev = await mem.recall(body.query, budget_tokens=body.budget_tokens, k=body.k, as_of=body.as_of,
                          filters=_kept(body.filters), **where)
    note_usage(ev.trace.llm_usage, ev.trace.fallbacks)
    turns = await mem.source_turns(ev.sources, **where)
    named = {u.id: u for u in await mem.get_many(trace_ids(ev), **where)} if body.trace else None
    return s.EvidenceOut.model_validate(evidence_json(ev, turns, body.trace, named))


@router.post("/search", response_model=list[s.SearchItemOut], tags=["read"])
async def search(body: s.SearchIn, who: Who, mem: Mem) -> list[s.SearchItemOut]:
    """Ranked memories for a query (three views fused; no planner, no budget)."""
    items = await mem.search(body.query, limit=body.limit, as_of=body.as_of, filters=_kept(body.filters),
                             **_body_scope(who, body))
    return [s.SearchItemOut(score=i.score, routes=list(i.routes), memory=s.MemoryOut.of(i.unit)) for i in items]


@router.get("/memories", response_model=list[s.MemoryOut], tags=["memories"])
async def list_memories(
    scope: InScope, mem: Mem, limit: Annotated[int, Query(gt=0, le=1000)] = 100,
    offset: Annotated[int, Query(ge=0, le=MAX_COUNT)] = 0,
    filters: Annotated[str | None, Query(description="A FiltersIn object as JSON text: " + s.FILTERS)] = None,
) -> list[s.MemoryOut]:
    """The newest memories of a scope and the scopes under it (narrowing), those the filters keep."""
    kept = _filters(filters) if filters is not None else None
    return [s.MemoryOut.of(u) for u in await mem.list(limit=limit, offset=offset, filters=kept, **_where(scope))]


def _kept(filters: s.FiltersIn | None) -> dict[str, Any] | None:
    """A body's ``filters`` as the API takes them."""
    return None if filters is None else filters.as_dict()


def _filters(text: str) -> dict[str, Any]:
    """The ``filters`` query parameter: JSON text of a :class:`~.schemas.FiltersIn`."""
    try:
        value = json.loads(text)
    except ValueError as exc:
        raise ApiError(400, "invalid_input", f"filters: not JSON ({exc})") from exc
    if not isinstance(value, dict):
        raise ApiError(400, "invalid_input", "filters: expected a JSON object")
    try:
        return s.FiltersIn.model_validate(value).as_dict()
    except ValidationError as exc:
        raise ApiError(400, "invalid_input", "; ".join(_problems(exc.errors(), "filters"))) from exc


@router.get("/scopes", response_model=list[s.ScopeOut], tags=["memories"])
async def list_scopes(who: Who, mem: Mem, user_id: IdQuery = None) -> list[s.ScopeOut]:
    """The scopes the store holds: every one (the admin key; ``user_id`` narrows), or the key's user's."""
    user = user_id if who.admin else user_for(who, user_id)
    return [s.ScopeOut.of(sc) for sc in await mem.list_scopes(user_id=user)]


@router.get("/memories/{memory_id}", response_model=s.MemoryOut, tags=["memories"],
            responses={404: {"model": s.ErrorOut}})
async def get_memory(memory_id: IdPath, scope: InScope, mem: Mem) -> s.MemoryOut:
    return s.MemoryOut.of(await mem.get(memory_id, **_where(scope)))


@router.get("/memories/{memory_id}/history", response_model=list[s.HistoryOut], tags=["memories"],
            responses={404: {"model": s.ErrorOut}})
async def memory_history(memory_id: IdPath, scope: InScope, mem: Mem) -> list[s.HistoryOut]:
    """What happened to one memory, oldest first."""
    return [s.HistoryOut.of(h) for h in await mem.history(memory_id, **_where(scope))]


@router.get("/memories/{memory_id}/neighbours", response_model=list[s.NeighbourOut], tags=["memories"],
            responses={404: {"model": s.ErrorOut}})
async def memory_neighbours(memory_id: IdPath, scope: InScope, mem: Mem) -> list[s.NeighbourOut]:
    """The graph around one memory: each edge leaving it, strongest first, with the memory it reaches."""
    return [s.NeighbourOut.of(e, u) for e, u in await mem.neighbours(memory_id, **_where(scope))]


@router.get("/memories/{memory_id}/sources", response_model=list[s.SourceTurnOut], tags=["memories"],
            responses={404: {"model": s.ErrorOut}})
async def memory_sources(memory_id: IdPath, scope: InScope, mem: Mem) -> list[s.SourceTurnOut]:
    """The raw turns one memory was extracted from, in the memory's order."""
    unit = await mem.get(memory_id, **_where(scope))
    turns = await mem.source_turns(unit.sources, **_where(scope))
    return [s.SourceTurnOut.of(turns[t]) for t in unit.sources if t in turns]


@router.patch("/memories/{memory_id}", response_model=s.MemoryOut, tags=["memories"],
              responses={404: {"model": s.ErrorOut}})
async def update_memory(memory_id: IdPath, body: s.UpdateIn, who: Who, mem: Mem) -> s.MemoryOut:
    """Correct one memory by hand: its text (re-embedded, sources kept, history kept) and/or its metadata."""
    unit = await mem.update(memory_id, body.text, metadata=body.metadata, **_body_scope(who, body))
    return s.MemoryOut.of(unit)


@router.delete("/memories/{memory_id}", response_model=s.DeletedOut, tags=["memories"],
               responses={404: {"model": s.ErrorOut}})
async def delete_memory(memory_id: IdPath, scope: InScope, mem: Mem) -> s.DeletedOut:
    """Delete one memory everywhere (row, vector, edges, history)."""
    await mem.delete(memory_id, **_where(scope))
    return s.DeletedOut(deleted=memory_id)


@router.put("/memories/{memory_id}/pin", response_model=s.MemoryOut, tags=["memories"],
            responses={404: {"model": s.ErrorOut}})
async def pin_memory(memory_id: IdPath, scope: InScope, mem: Mem) -> s.MemoryOut:
    """Pin one memory: it never decays (and is back in the hot indexes if it was cold)."""
    return s.MemoryOut.of(await mem.pin(memory_id, **_where(scope)))


@router.delete("/memories/{memory_id}/pin", response_model=s.MemoryOut, tags=["memories"],
               responses={404: {"model": s.ErrorOut}})
async def unpin_memory(memory_id: IdPath, scope: InScope, mem: Mem) -> s.MemoryOut:
    """Unpin one memory: it decays again like any other."""
    return s.MemoryOut.of(await mem.unpin(memory_id, **_where(scope)))


@router.post("/maintain", response_model=dict[str, Any], tags=["memories"])
async def maintain(body: s.MaintainIn, who: Who, mem: Mem) -> dict[str, Any]:
    """Consolidate, re-score and forget one scope's newest memories (bounded); the run's report."""
    report = await mem.maintain(as_of=body.as_of, **_body_scope(who, body))
    return report.as_dict()


@router.delete("/users/{user_id}", response_model=s.DeleteUserOut, tags=["users"])
async def delete_user(user_id: IdPath, who: Who, mem: Mem, request: Request) -> s.DeleteUserOut:
    """Delete everything of a user: API keys (first: none authenticates again), memories,
    vectors, edges, raw turns, history."""
    user = user_for(who, user_id)
    _state(request).keys.delete_user(user)
    return s.DeleteUserOut.of(user, await mem.delete_user(user))


@router.post("/reindex", response_model=s.ReindexOut, tags=["admin"])
async def reindex(who: Who, mem: Mem, body: s.ReindexIn | None = None) -> s.ReindexOut:
    """Extract pending or failed turns again, or rebuild everything (admin key: it spans every user)."""
    require_admin(who)
    done = await mem.reindex(rebuild=bool(body and body.rebuild))
    return s.ReindexOut(**done)


@router.get("/stats", response_model=dict[str, Any], tags=["admin"])
async def stats(who: Who, mem: Mem, user_id: IdQuery = None) -> dict[str, Any]:
    """Counts of turns, memories and edges: of one user (a user key: its own), or of all (admin)."""
    if who.admin:
        return await mem.stats(user_id=user_id)
    found = await mem.stats(user_id=user_for(who, user_id))
    return {k: v for k, v in found.items() if k not in ("db_bytes", "file_bytes")}


def _key_out(info: Any, secret: str | None = None) -> s.KeyOut:
    return s.KeyOut(id=info.id, user_id=info.user_id, label=info.label, created_at=info.created_at,
                    revoked_at=info.revoked_at, key=secret)


@router.get("/whoami", response_model=s.WhoAmIOut, tags=["keys"])
async def whoami(who: Who) -> s.WhoAmIOut:
    """What the key is: the admin key, or a key bound to one user."""
    return s.WhoAmIOut(admin=who.admin, user_id=who.user_id)


@router.post("/keys", status_code=201, response_model=s.KeyOut, tags=["keys"])
async def create_key(body: s.KeyIn, who: Who, request: Request) -> s.KeyOut:
    """Mint a key bound to a user (admin key). The secret is in this response only."""
    require_admin(who)
    info, secret = _state(request).keys.create(body.user_id, body.label)
    return _key_out(info, secret)


@router.get("/keys", response_model=list[s.KeyOut], tags=["keys"])
async def list_keys(who: Who, request: Request, user_id: IdQuery = None) -> list[s.KeyOut]:
    """Keys (never their secrets): the caller's user's, or (admin) everyone's."""
    user = user_id if who.admin else user_for(who, user_id)
    return [_key_out(k) for k in _state(request).keys.list(user)]


@router.delete("/keys/{key_id}", response_model=s.DeletedOut, tags=["keys"], responses={404: {"model": s.ErrorOut}})
async def revoke_key(key_id: IdPath, who: Who, request: Request) -> s.DeletedOut:
    """Revoke a key (a user key may revoke its own user's keys)."""
    if not _state(request).keys.revoke(key_id, None if who.admin else who.user_id):
        raise ApiError(404, "not_found", f"no active key {key_id!r}")
    return s.DeletedOut(deleted=key_id)


# -- the application -----------------------------------------------------------------------


def _install_error_handlers(app: FastAPI) -> None:
    async def api_error(_: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, ApiError)
        return error_response(exc.status, exc.code, exc.message)

    async def library_error(_: Request, exc: Exception) -> JSONResponse:
        status, code = next((st, c) for kind, st, c in ERROR_CODES if isinstance(exc, kind))
        return error_response(status, code, str(exc))

    async def invalid_request(_: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        return error_response(400, "invalid_input", "; ".join(_problems(exc.errors())) or "invalid request")

    async def http_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, StarletteHTTPException)
        headers = dict(exc.headers or {})
        if exc.status_code == 405:
            headers["Allow"] = _allowed(request)
        return error_response(exc.status_code, _HTTP_CODES.get(exc.status_code, "http_error"), str(exc.detail),
                              headers)

    app.add_exception_handler(ApiError, api_error)
    app.add_exception_handler(RippleMemError, library_error)
    app.add_exception_handler(RequestValidationError, invalid_request)
    app.add_exception_handler(StarletteHTTPException, http_error)


def _problems(errors: Any, *prefix: str) -> list[str]:
    """pydantic's errors as ``where: what`` lines."""
    return [f"{'.'.join(str(p) for p in (*prefix, *e.get('loc', ())))}: {e.get('msg', '')}" for e in errors]


def _allowed(request: Request) -> str:
    """Every method some route serves at this path (Starlette names only the first route's)."""
    methods: set[str] = set()
    for route in [*router.routes, *request.app.routes]:
        match, _ = route.matches(request.scope)
        if match is not Match.NONE:
            methods |= set(getattr(route, "methods", None) or ())
    return ", ".join(sorted(methods))


def _document_as_sent(app: FastAPI, max_turn_chars: int) -> None:
    """The OpenAPI document as the server answers, where FastAPI's own would differ: no 422 (a
    body or parameter that does not validate is answered 400 ``invalid_input``, documented on
    every route); the ``filters`` query parameter as what it is, a JSON-encoded ``FiltersIn``;
    a turn's text bounded by this server's ``write.max_turn_chars``."""
    build = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            doc = build()
            for path in doc.get("paths", {}).values():
                for operation in path.values():
                    if isinstance(operation, dict):
                        operation.get("responses", {}).pop("422", None)
                        _json_query(operation, "filters", "#/components/schemas/FiltersIn")
            schemas = doc.get("components", {}).get("schemas", {})
            for name in ("HTTPValidationError", "ValidationError"):
                schemas.pop(name, None)
            _bound_turns(schemas, max_turn_chars)
            app.openapi_schema = doc
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def _json_query(operation: dict[str, Any], name: str, ref: str) -> None:
    """Document the query parameter ``name`` as JSON text of the schema at ``ref`` (OpenAPI's
    ``content`` form of a parameter), not as any string."""
    for parameter in operation.get("parameters", []):
        if parameter.get("in") == "query" and parameter.get("name") == name:
            parameter.pop("schema", None)
            parameter["content"] = {"application/json": {"schema": {"$ref": ref}}}


def _bound_turns(schemas: dict[str, Any], max_turn_chars: int) -> None:
    """A turn given as one string, and each text of a turn object, at most ``max_turn_chars``
    (0: only the fixed limit of ``write/turns.py``)."""
    if max_turn_chars <= 0:
        return
    for option in schemas["AddIn"]["properties"]["messages"]["anyOf"]:
        if option.get("type") == "string":
            option["maxLength"] = min(option["maxLength"], max_turn_chars)
    for key in ("text", "content", "image_caption", "blip_caption"):
        for option in schemas["TurnIn"]["properties"][key]["anyOf"]:
            if option.get("type") == "string":
                option["maxLength"] = min(option["maxLength"], max_turn_chars)


def create_app(
    memory: Memory | AsyncMemory, keys: KeyStore, *, max_body_bytes: int = MAX_BODY_BYTES, request_log: bool = False
) -> FastAPI:
    """The REST application over one open memory and its key table (the caller closes both).
    With ``request_log``, one JSON line per request on the ``ripplemem.requests`` logger."""
    app = FastAPI(
        title="ripplemem", version=__version__, docs_url=None, redoc_url=None,
        description="Long-term memory for LLM agents: add turns, recall verifiable evidence.",
    )
    _install_docs(app)
    amem = memory if isinstance(memory, AsyncMemory) else AsyncMemory(memory)
    app.state.ripplemem = ServerState(amem, keys)
    _install_error_handlers(app)

    @app.get("/health", response_model=s.HealthOut, tags=["health"])
    async def health() -> s.HealthOut:
        """Liveness; needs no key."""
        return s.HealthOut(version=__version__)

    app.include_router(router)
    app.include_router(explorer.router)
    _document_as_sent(app, amem.settings.write.max_turn_chars)
    app.add_middleware(BodyLimit, max_bytes=max_body_bytes)
    app.add_middleware(CatchAll)  # it also covers BodyLimit
    if request_log:
        app.add_middleware(RequestLog)  # outermost: it logs the status CatchAll answered
    return app


DOCS_ASSETS = "/docs/assets"


def _install_docs(app: FastAPI) -> None:
    """``/docs``: Swagger UI over ``/openapi.json``, its script and style served from the
    ``swagger-ui-bundle-v2`` package (Swagger UI 5, which reads OpenAPI 3.1) (no CDN: the page works offline)."""
    from fastapi.openapi.docs import get_swagger_ui_html
    from starlette.staticfiles import StaticFiles
    from swagger_ui_bundle import swagger_ui_path

    app.mount(DOCS_ASSETS, StaticFiles(directory=str(swagger_ui_path)), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    async def docs() -> Any:
        return get_swagger_ui_html(
            openapi_url=app.openapi_url or "/openapi.json", title="ripplemem API",
            swagger_js_url=f"{DOCS_ASSETS}/swagger-ui-bundle.js", swagger_css_url=f"{DOCS_ASSETS}/swagger-ui.css",
            swagger_favicon_url=f"{DOCS_ASSETS}/favicon-32x32.png",
        )


def uvicorn_config(app: Any, host: str = "127.0.0.1", port: int = 8765, **options: Any) -> Any:
    """A uvicorn config for our apps: HTTP only (no websockets); lifespan events off unless asked."""
    import uvicorn

    options.setdefault("log_level", "info")
    options.setdefault("lifespan", "off")
    return uvicorn.Config(app, host=host, port=port, ws="none", **options)


def serve(memory: Memory, keys: KeyStore, host: str = "127.0.0.1", port: int = 8765, **options: Any) -> None:
    """Run the REST server until interrupted."""
    import uvicorn

    uvicorn.Server(uvicorn_config(create_app(memory, keys), host, port, **options)).run()
