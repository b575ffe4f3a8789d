"""``/docs`` works offline: Swagger UI from the ``swagger-ui-bundle-v2`` package (Swagger UI 5, which reads OpenAPI 3.1), rendered in a
real browser (Debian's Chromium) with every address but the server's blocked."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from browser_helpers import chromium
from ripplemem.interfaces.keys import KeyStore
from ripplemem.interfaces.server import DOCS_ASSETS, create_app
from ripplemem.providers.embed.base import Embedder
from serving_helpers import ADMIN_KEY, open_memory, running


@pytest.fixture
def docs_url(tmp_path: Path, embedder: Embedder) -> Iterator[str]:
    memory = open_memory(tmp_path / "memory.db", embedder)
    keys = KeyStore(str(tmp_path / "memory.db"), admin_key=ADMIN_KEY)
    try:
        with running(create_app(memory, keys)) as url:
            yield url
    finally:
        keys.close()
        memory.close()


def test_docs_page_names_only_its_own_assets(docs_url: str) -> None:
    with httpx.Client(base_url=docs_url) as anon:
        page = anon.get("/docs")
        assert page.status_code == 200 and "cdn" not in page.text.lower()
        assert f"{DOCS_ASSETS}/swagger-ui-bundle.js" in page.text and f"{DOCS_ASSETS}/swagger-ui.css" in page.text
        script = anon.get(f"{DOCS_ASSETS}/swagger-ui-bundle.js")
        assert script.status_code == 200 and "SwaggerUIBundle" in script.text
        assert anon.get(f"{DOCS_ASSETS}/swagger-ui.css").status_code == 200
        assert anon.get("/redoc").status_code == 404  # ReDoc would load from a CDN: not served


def test_swagger_ui_renders_with_the_network_blocked(docs_url: str) -> None:
    asked: list[str] = []
    blocked: list[str] = []
    with chromium() as browser:
        page = browser.new_page()

        def only_ours(route):  # type: ignore[no-untyped-def]
            asked.append(route.request.url)
            if route.request.url.startswith(docs_url + "/"):
                route.continue_()
            else:
                blocked.append(route.request.url)
                route.abort()

        page.route("**/*", only_ours)
        page.goto(f"{docs_url}/docs")
        page.wait_for_selector(".swagger-ui .info .title", timeout=30_000)
        title = page.inner_text(".swagger-ui .info .title")
        operations = page.locator(".opblock").count()
    doc = httpx.get(f"{docs_url}/openapi.json").json()
    assert title.startswith("ripplemem") and operations == sum(len(ops) for ops in doc["paths"].values())
    assert not blocked, blocked
    assert f"{docs_url}/openapi.json" in asked
