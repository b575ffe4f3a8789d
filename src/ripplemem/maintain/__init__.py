"""Maintenance (SelMem): consolidation, re-scoring and forgetting over a store.

- :mod:`.consolidate`: a subject's memories about one topic packed into one semantic memory;
- :mod:`.heat`: importance decaying with age and disuse; cold memories leave the hot indexes;
- :mod:`.run`: one bounded run over one scope, with its report.
"""

from .run import MaintainReport, maintain_scope

__all__ = ["MaintainReport", "maintain_scope"]
