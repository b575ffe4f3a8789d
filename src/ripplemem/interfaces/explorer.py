"""The recall explorer: one offline page at ``/explorer`` that shows why each memory came back.

The page (``explorer/index.html``, its script and its style sheet, shipped in the package)
needs no key to load; everything it shows it reads from the REST API with the key typed into
it, so it sees what that key may see: a user key its own user, the admin key the user it
names. Nothing is fetched from anywhere else, and the Content-Security-Policy sent with every
file of the page says so to the browser (only this origin, for scripts, styles and requests).
"""

from __future__ import annotations

from importlib import resources

from fastapi import APIRouter
from fastapi.responses import Response
from starlette.exceptions import HTTPException

#: The page's files and their media types (nothing else under the folder is served).
ASSETS = {
    "index.html": "text/html; charset=utf-8",
    "explorer.js": "text/javascript; charset=utf-8",
    "explorer.css": "text/css; charset=utf-8",
}
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")

router = APIRouter(include_in_schema=False)


def asset(name: str) -> bytes:
    """One file of the page, read from the installed package."""
    return (resources.files(__package__ or "ripplemem.interfaces") / "explorer" / name).read_bytes()


def _answer(name: str) -> Response:
    headers = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff", "Cache-Control": "no-cache",
               "Referrer-Policy": "no-referrer"}
    return Response(asset(name), media_type=ASSETS[name], headers=headers)


@router.get("/explorer")
async def page() -> Response:
    return _answer("index.html")


@router.get("/explorer/{name}")
async def page_file(name: str) -> Response:
    if name not in ASSETS:
        raise HTTPException(404, f"the explorer has no file {name!r}")
    return _answer(name)
