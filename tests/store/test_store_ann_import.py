"""The ANN library is loaded in an order that does not crash the embedder's runtime."""

from __future__ import annotations

import subprocess
import sys


def test_usearch_then_embedder_does_not_crash() -> None:
    code = (
        "from ripplemem.store.ann import usearch_index\n"
        "usearch_index()\n"
        "from ripplemem.providers.embed import make_embedder\n"
        "from ripplemem.config import load_settings\n"
        "print(make_embedder(load_settings(env={})).embed(['ok']).shape)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-500:]
    assert "(1, 384)" in done.stdout
