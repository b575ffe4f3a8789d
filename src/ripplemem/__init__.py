"""ripplemem: long-term memory for LLM agents.

Evidence-conditioned associative recall over selective, verifiable memories::

    import ripplemem
    mem = ripplemem.Memory.open("memory.db")
    mem.add([{"speaker": "Ana", "text": "I moved to Lisbon last week."}], user_id="u1")
    print(mem.recall("Where does Ana live?", user_id="u1").render())
"""

from .aio import AsyncMemory
from .config import (
    PRESETS,
    GraphSettings,
    MaintainSettings,
    RecallSettings,
    Settings,
    WriteSettings,
    load_settings,
    preset,
)
from .errors import (
    ConfigError,
    EmbedderMismatchError,
    InputError,
    LLMOutputError,
    NotFoundError,
    ProviderError,
    RippleMemError,
    StoreError,
)
from .maintain import MaintainReport
from .memory import Memory
from .types import (
    AddResult,
    Cues,
    Edge,
    Evidence,
    EvidenceItem,
    Filters,
    HistoryEntry,
    MemoryEvent,
    MemoryUnit,
    Plan,
    RecallTrace,
    Scope,
    TimeSpan,
    Turn,
)

__version__ = "0.1.0"

__all__ = [
    "AddResult",
    "AsyncMemory",
    "ConfigError",
    "Cues",
    "Edge",
    "EmbedderMismatchError",
    "Evidence",
    "EvidenceItem",
    "Filters",
    "GraphSettings",
    "HistoryEntry",
    "InputError",
    "LLMOutputError",
    "MaintainReport",
    "MaintainSettings",
    "Memory",
    "MemoryEvent",
    "MemoryUnit",
    "NotFoundError",
    "PRESETS",
    "Plan",
    "ProviderError",
    "RecallSettings",
    "RecallTrace",
    "RippleMemError",
    "Scope",
    "Settings",
    "StoreError",
    "TimeSpan",
    "Turn",
    "WriteSettings",
    "__version__",
    "load_settings",
    "preset",
]
