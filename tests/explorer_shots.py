"""``make explorer-shots``: the screenshots of the explorer in docs/, taken on LoCoMo conversation 26.

Ingests the conversation into a fresh store, serves it on 127.0.0.1, and photographs the three
views in headless Chromium (the browser of the tests, network blocked but for the server)::

    python tests/explorer_shots.py [LOCOMO_FILE] [OUT_DIR]
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from browser_helpers import chromium, explorer_page
from ripplemem import Memory
from ripplemem.formats import load_locomo, session_messages
from ripplemem.interfaces.keys import KeyStore
from ripplemem.interfaces.server import create_app
from serving_helpers import running

LOCOMO = Path(__file__).resolve().parents[2] / "shared" / "data" / "locomo" / "26.json"
QUESTION = "What activities does Melanie partake in?"
AS_OF, BUDGET = "2023-10-22", "300"
SEARCH = "pottery"


def main(argv: list[str]) -> int:
    source = Path(argv[0]) if argv else LOCOMO
    out = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parents[1] / "docs"
    conv = load_locomo([source])[0]
    with tempfile.TemporaryDirectory() as tmp, Memory.open(str(Path(tmp) / "memory.db")) as mem:
        user = f"locomo-{conv.id}"
        for session in conv.sessions:
            mem.add(session_messages(session), user_id=user, session_id=session.session_id, session_time=session.time)
        keys = KeyStore(str(Path(tmp) / "memory.db"))
        key = keys.create(user, "screenshots")[1]
        with running(create_app(mem, keys)) as url, chromium() as browser, \
                explorer_page(browser, url, key, width=1480, height=1000) as opened:
            page = opened.page
            page.fill("#question", QUESTION)
            page.fill("#as-of", AS_OF)
            page.fill("#budget", BUDGET)
            page.click("#recall-form button")
            page.wait_for_selector("#trace")
            top = page.locator("#recall-out .columns").bounding_box()
            assert top is not None
            page.screenshot(path=str(out / "explorer-recall.png"), full_page=True,
                            clip={"x": 0, "y": 0, "width": 1480, "height": top["y"] + top["height"] + 4})
            page.locator("#recall-out .wide").screenshot(path=str(out / "explorer-recall-trace.png"))
            kept = page.locator("svg.graph a.node.kept:not(.anchor)")  # a memory diffusion brought in
            (kept if kept.count() else page.locator("svg.graph a.node:not(.anchor)")).first.click()
            page.wait_for_selector("#memory")
            page.screenshot(path=str(out / "explorer-memory.png"), full_page=True)
            page.click("[data-nav=timeline]")
            page.wait_for_selector("#tl-count")
            page.fill("#tl-search", SEARCH)
            page.screenshot(path=str(out / "explorer-timeline.png"), full_page=True)
            assert not opened.blocked and not opened.console, (opened.blocked, opened.console)
        keys.close()
    print(f"screenshots of conversation {conv.id} in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
