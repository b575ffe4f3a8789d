"""The recall explorer in a real browser (headless Chromium from Debian, driven by Playwright)
against a real server on 127.0.0.1, with every other address blocked."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from browser_helpers import Opened, chromium, explorer_page
from ripplemem.interfaces.explorer import ASSETS, CSP, asset
from ripplemem.interfaces.keys import KeyStore
from ripplemem.interfaces.server import create_app
from ripplemem.providers.embed.base import Embedder
from sample_dialogue import CHAIN_QUESTION, SESSION_1, chain_sessions
from serving_helpers import ADMIN_KEY, open_memory, running


class Site:
    def __init__(self, url: str, alice: str, bob_memory: str) -> None:
        self.url, self.alice, self.bob_memory = url, alice, bob_memory

    def recall(self, key: str, body: dict[str, Any]) -> dict[str, Any]:
        with httpx.Client(base_url=self.url, headers={"Authorization": f"Bearer {key}"}, timeout=60) as client:
            response = client.post("/v1/recall", json=body)
            assert response.status_code == 200, response.text
            return dict(response.json())


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, embedder: Embedder) -> Iterator[Site]:
    """Alice's chain conversation and one memory of bob's, served on 127.0.0.1."""
    db = tmp_path_factory.mktemp("explorer") / "memory.db"
    memory = open_memory(db, embedder)
    for day, session in enumerate(chain_sessions(), 1):
        memory.add(session, user_id="alice", session_id=f"s{day}", session_time=f"2026-03-{day:02d}T10:00:00")
    memory.add(SESSION_1, user_id="bob", session_id="b1", session_time="2023-05-08T13:56:00")
    keys = KeyStore(str(db), admin_key=ADMIN_KEY)
    alice = keys.create("alice")[1]
    try:
        with running(create_app(memory, keys)) as url:
            yield Site(url, alice, memory.list(user_id="bob")[0].id)
    finally:
        keys.close()
        memory.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as b:
        yield b


@pytest.fixture
def opened(browser: Browser, site: Site) -> Iterator[Opened]:
    with explorer_page(browser, site.url, site.alice) as o:
        yield o
        assert not o.blocked, o.blocked  # nothing asked of any other address
        assert all(u.startswith(site.url + "/") for u in o.requests)
        assert not o.console, o.console


def ids(page: Page, selector: str) -> list[str]:
    return [str(x) for x in page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.memoryId)")]


def run_recall(page: Page, question: str) -> None:
    page.fill("#question", question)
    page.click("#recall-form button")
    page.wait_for_selector("#trace")


def test_the_page_ships_offline_with_a_strict_policy(site: Site) -> None:
    with httpx.Client(base_url=site.url) as anon:
        for name, media in ASSETS.items():
            response = anon.get("/explorer" if name == "index.html" else f"/explorer/{name}")
            assert response.status_code == 200 and response.headers["content-type"] == media
            assert response.headers["content-security-policy"] == CSP and "connect-src 'self'" in CSP
            assert response.content == asset(name)
            external = set(re.findall(r"(?:https?:)?//[\w.-]+\.[a-z]{2,}", response.text)) - {"http://www.w3.org"}
            assert not external, (name, external)  # no CDN, no font service: every asset is ours
        missing = anon.get("/explorer/secret.py")
        assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"
        assert anon.get("/v1/memories").status_code == 401  # the page is open; the data needs a key


def test_a_user_key_loads_the_page_for_its_own_user(opened: Opened) -> None:
    page = opened.page
    assert page.inner_text("#who") == "user alice"
    assert page.is_hidden("#user")  # only the admin key is asked for a user
    page.click("[data-nav=timeline]")
    page.wait_for_selector("#tl-count")
    assert page.locator(".tl li").count() > 10 and page.locator("section.group").count() == len(chain_sessions())


def test_no_request_leaves_the_server(opened: Opened, site: Site) -> None:
    page = opened.page
    run_recall(page, CHAIN_QUESTION)
    page.click("svg.graph a.node >> nth=0")
    page.wait_for_selector("#memory")
    page.click("[data-nav=timeline]")
    page.wait_for_selector("#tl-count")
    paths = {u.removeprefix(site.url).split("?")[0] for u in opened.requests}
    assert {"/explorer", "/explorer/explorer.js", "/explorer/explorer.css", "/v1/whoami", "/v1/recall",
            "/v1/memories"} <= paths
    assert all(u.startswith(site.url + "/") for u in opened.requests) and not opened.blocked
    outside = page.evaluate("fetch('http://explorer.invalid/x').then(() => 'reached', () => 'refused')")
    assert outside == "refused"  # the page's policy and the blocked network both stop it
    opened.console.clear()  # the refusal is logged: it is the point of this check


def test_recall_shows_the_evidence_its_turns_and_the_trace(opened: Opened, site: Site) -> None:
    page = opened.page
    run_recall(page, CHAIN_QUESTION)
    want = site.recall(site.alice, {"query": CHAIN_QUESTION, "trace": True})
    trace = want["trace"]
    assert ids(page, ".evidence li.item") == [i["id"] for i in want["items"]]  # in assembly order
    turns = page.eval_on_selector_all(".evidence [data-turn-id]", "els => els.map(e => e.dataset.turnId)")
    assert set(turns) == {t for i in want["items"] for t in i["sources"]} and "C1" in turns
    assert "Maya" in page.inner_text(".evidence [data-turn-id=C1]")  # speaker, time and text of the turn
    assert "2026" in page.inner_text(".evidence [data-turn-id=C1] .when")
    for view, hits in trace["initial"].items():
        assert ids(page, f"[data-view={view}] a.mem") == [h["id"] for h in hits[:6]]
    anchors = trace["plans"][0]["anchors"]
    assert ids(page, "[data-round='1'] a.anchor") == anchors
    gateways = page.eval_on_selector_all("[data-round] .chip.gateway", "els => els.map(e => e.textContent)")
    assert gateways and set(gateways) <= {g for p in trace["plans"] for g in p["gateways"]}
    reached = {d["id"] for d in trace["diffusion"]}
    drawn = set(ids(page, "svg.graph a.node"))
    assert set(anchors) <= drawn and drawn - set(anchors) <= reached and drawn & reached
    labels = page.eval_on_selector_all("svg.graph text.elabel", "els => els.map(e => e.textContent)")
    assert labels and all(any(k in label for k in ("semantic", "structural", "window", "gateway")) for label in labels)
    assert ids(page, ".srow") == [i["id"] for i in want["items"]]  # a score-parts row per memory
    assert page.locator(".srow .part.query").count() == len(want["items"])
    assert ids(page, "#not-included a.cutcard") == trace["not_included"][:24]
    stages = page.eval_on_selector_all("[data-stage]", "els => els.map(e => e.dataset.stage)")
    assert stages == list(trace["timings_ms"])


def test_a_path_leads_to_the_memory_it_reached(opened: Opened, site: Site) -> None:
    page = opened.page
    run_recall(page, CHAIN_QUESTION)
    reached = page.locator("svg.graph a.node:not(.anchor)").first
    target = reached.get_attribute("data-memory-id")
    assert target
    reached.click()
    page.wait_for_selector("#memory")
    assert page.get_attribute("#memory", "data-memory-id") == target
    assert page.locator(".turns [data-turn-id]").count() >= 1  # its source turns
    assert page.locator(".history .event").first.inner_text().startswith("ADD")
    assert page.locator("#memory ~ .columns svg.graph path.edge").count() >= 1  # its neighbourhood
    page.go_back()
    page.wait_for_selector("#trace")  # back to the same recall, drawn again
    assert target in ids(page, "svg.graph a.node")


def test_another_users_memory_is_not_found(opened: Opened, site: Site) -> None:
    page = opened.page
    page.evaluate(f"location.hash = '#/memory/{site.bob_memory}'")
    page.wait_for_selector("#not-found")
    assert "Memory not found" in page.inner_text("#not-found")
    assert site.bob_memory in page.inner_text("#not-found")


def test_the_timeline_searches_and_filters(opened: Opened) -> None:
    page = opened.page
    page.click("[data-nav=timeline]")
    page.wait_for_selector("#tl-count")
    total = page.locator(".tl li").count()
    page.fill("#tl-search", "seafood")
    assert 0 < page.locator(".tl li").count() < total
    assert all("seafood" in t.lower() for t in page.locator(".tl li .mem").all_inner_texts())
    assert page.locator(".tl mark").count() >= 1
    page.fill("#tl-search", "")
    page.select_option("#tl-person", "Omar")
    assert 0 < page.locator(".tl li").count() < total
    assert all("Omar" in t for t in page.locator(".tl li .mem").all_inner_texts())
    page.select_option("#tl-person", "")
    page.select_option("#tl-by", "day")
    assert page.locator("section.group").count() >= 3


def test_the_admin_key_picks_the_user(browser: Browser, site: Site) -> None:
    with explorer_page(browser, site.url, ADMIN_KEY, user="bob") as o:
        page = o.page
        assert page.inner_text("#who") == "admin key · user bob"
        page.evaluate(f"location.hash = '#/memory/{site.bob_memory}'")
        page.wait_for_selector("#memory")
        assert page.get_attribute("#memory", "data-memory-id") == site.bob_memory
        assert not o.blocked and not o.console
