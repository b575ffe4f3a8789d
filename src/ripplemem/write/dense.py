"""Which candidates the vector index holds: embed what is worth embedding.

Embedding is most of what writing costs, and in a chat with an assistant most of what is
embedded is the assistant's long answers: one answer of 3,000 characters is cut into six
or more memories, and on LongMemEval-S the assistant's memories are five sixths of the
text the embedder reads. An answer's first ``write.answer_dense_units`` memories are
embedded (they say what it is about, as a raw-turn index's first 1,000 characters of a turn
do); the memories after them are stored without a vector. They are out of the dense view
only: the lexical view and the cue views find them, window edges tie them to their answer's
first memories (diffusion reaches them from there), and their update decision has no
nearest memories to weigh (they are added, as new). What the user says, a conversation
without chat roles, and exchanges stated together (several turns) are embedded, except a memory
that is all code, kept as written (a fenced block's pieces, ``Candidate.code``): its
identifiers are words the lexical view matches exactly, and in a chat about programming such
pieces were a third of what the embedder read (``write.embed_code`` embeds them too). A
memory that holds code and prose ("Here is the user's login route: ```python ...```") is
embedded by its prose (:func:`embed_text`): what it says of the code, not the code.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

import numpy as np

from ..config import WriteSettings
from ..providers.embed.base import Embedder
from ..types import Candidate, Vector

Vectors = list[Vector | None]  # one per candidate: ``None`` for one kept out of the vector index


_FENCE = re.compile(r"```|~~~")
_FENCED = re.compile(r"(?:```|~~~).*?(?:```|~~~)", re.DOTALL)  # a whole fenced block as a memory states it
_LEAST_WORDS = 5  # prose shorter than this ("The user said:") is no summary of its code


def embed_text(restatement: str, ws: WriteSettings) -> str:
    """What the embedder reads of a memory: its text without the fenced code blocks it holds
    whole (unless ``write.embed_code``). All of it when too little prose is left to stand for
    the code, or when a block runs in from the memory before or on into the next (an odd
    number of fences: which side is code is not written in the piece)."""
    fences = len(_FENCE.findall(restatement))
    if ws.embed_code or not fences or fences % 2:
        return restatement
    prose = " ".join(_FENCED.sub(" ", restatement).split())
    return prose if len(prose.split()) >= _LEAST_WORDS else restatement


def dense_mask(candidates: Sequence[Candidate], ws: WriteSettings) -> list[bool]:
    """For each candidate, whether it is embedded: all but an assistant turn's memories after
    its first ``write.answer_dense_units`` (in the order given; 0: all) and, unless
    ``write.embed_code``, one turn's memories that are all code."""
    per_answer = ws.answer_dense_units
    seen: Counter[tuple[str, str]] = Counter()
    mask = []
    for c in candidates:
        if c.code and len(c.sources) == 1 and not ws.embed_code:
            mask.append(False)
            continue
        if per_answer <= 0 or c.role != "assistant" or len(c.sources) != 1:
            mask.append(True)
            continue
        key = (c.session_id, c.sources[0])
        mask.append(seen[key] < per_answer)
        seen[key] += 1
    return mask


def dense_texts(candidates: Sequence[Candidate], ws: WriteSettings) -> list[str | None]:
    """For each candidate, what the embedder reads of it (:func:`embed_text`), ``None`` for one
    :func:`dense_mask` leaves out."""
    return [embed_text(c.restatement, ws) if d else None for c, d in zip(candidates, dense_mask(candidates, ws), strict=True)]


def embed_candidates(embedder: Embedder, candidates: Sequence[Candidate], ws: WriteSettings) -> Vectors | None:
    """The candidates' vectors (``None`` for those :func:`dense_mask` leaves out); ``None``
    when there are no candidates."""
    if not candidates:
        return None
    texts = dense_texts(candidates, ws)
    read = [t for t in texts if t is not None]
    rows = iter(embedder.embed(read) if read else np.zeros((0, embedder.dim), dtype=np.float32))
    return [None if t is None else next(rows) for t in texts]
