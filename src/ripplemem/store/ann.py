"""Loading the ANN library safely.

Importing ``onnxruntime`` after ``usearch.index`` in one process crashes the interpreter
(a segmentation fault inside onnxruntime's native module, seen with onnxruntime 1.32 and
usearch 2.26 on Linux x86-64); the other order is fine. The default embedder needs
onnxruntime, so it is imported first whenever it is installed.
"""

from __future__ import annotations

import importlib
from typing import Any


def usearch_index() -> Any:
    """The ``usearch.index.Index`` class, with onnxruntime loaded before it."""
    try:
        importlib.import_module("onnxruntime")
    except ImportError:
        pass
    return importlib.import_module("usearch.index").Index
