"""A real browser for the explorer's tests and screenshots: Debian's Chromium (``make browser``
installs it), driven by Playwright through its executable path; Playwright downloads nothing.

Every page opened here has the network blocked but for the server under test: each request
is recorded, and any to another origin is aborted (and Chromium resolves no host name but
127.0.0.1 anyway), so a test can check that the page asked nothing of anyone else."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Browser, Page, Route, sync_playwright

CHROMIUM = "/usr/bin/chromium"
#: Headless, as root, with Chromium's own background traffic off and every host name but
#: 127.0.0.1 unresolvable.
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-default-apps", "--disable-extensions",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]


@contextmanager
def chromium() -> Iterator[Browser]:
    """Headless Chromium; it fails (never skips) when the browser is not installed."""
    path = shutil.which("chromium") or CHROMIUM
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, args=ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


@dataclass
class Opened:
    page: Page
    requests: list[str] = field(default_factory=list)  # every URL the page asked for
    blocked: list[str] = field(default_factory=list)  # those to another origin (aborted)
    console: list[str] = field(default_factory=list)  # script errors: console.error and uncaught exceptions


@contextmanager
def explorer_page(browser: Browser, base_url: str, key: str, *, width: int = 1400, height: int = 900,
                  user: str | None = None) -> Iterator[Opened]:
    """The explorer at ``base_url``, signed in with ``key`` (and ``user``, for the admin key)."""
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=1,
                                  service_workers="block")
    opened = Opened(context.new_page())

    def only_ours(route: Route) -> None:
        url = route.request.url
        opened.requests.append(url)
        if url.startswith(base_url + "/"):
            route.continue_()
        else:
            opened.blocked.append(url)
            route.abort()

    def on_console(message: Any) -> None:
        if message.type == "error" and not message.text.startswith("Failed to load resource"):  # a 404 is data
            opened.console.append(message.text)

    context.route("**/*", only_ours)
    opened.page.on("console", on_console)
    opened.page.on("pageerror", lambda exc: opened.console.append(str(exc)))
    try:
        opened.page.goto(f"{base_url}/explorer#/recall")
        opened.page.fill("#key", key)
        opened.page.click("#signin button")
        if user is not None:
            opened.page.wait_for_selector("#user:not([hidden])")
            opened.page.fill("#user", user)
            opened.page.click("#signin button")
        opened.page.wait_for_selector("#question")
        yield opened
    finally:
        context.close()
