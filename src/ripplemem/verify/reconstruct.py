"""Reconstruction and verification (SelMem): evidence -> a checked description.

With an LLM, the evidence is rewritten as a short description fitted to the question;
every number and name in it must appear in the evidence. On a mismatch the description is
regenerated once (told what was wrong); sentences still unsupported are marked uncertain.
With no LLM the description is the evidence itself, ordered in time.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import ProviderError
from ..ground.facts import unsupported
from ..ground.sentences import sentences
from ..prompts import reconstruct as prompt
from ..prompts.base import Prompt
from ..providers.llm.base import LLM
from ..types import Evidence

UNCERTAIN = "[uncertain] "


@dataclass(frozen=True)
class Reconstruction:
    description: str
    verified: bool  # every fact of the description is in the evidence
    regenerated: bool = False
    uncertain: tuple[str, ...] = ()  # sentences marked uncertain
    mismatches: tuple[str, ...] = ()  # facts of the first draft that the evidence lacks
    cited: tuple[str, ...] = field(default_factory=tuple)
    source: str = "evidence"  # "evidence" (no LLM) or "llm"


def reconstruct(llm: LLM | None, question: str, evidence: Evidence) -> Reconstruction:
    units = [i.unit for i in evidence.items]
    if llm is None or not units:
        return Reconstruction(evidence.render(), True, cited=tuple(u.id for u in units))
    texts = [u.render() for u in units] + [f for u in units for f in u.facts]
    rendered = prompt.render(question, [i.unit for i in evidence.in_time_order()])
    draft = rendered.ask(llm)
    wrong = unsupported(draft.description, texts)
    if not wrong:
        return Reconstruction(draft.description, True, cited=tuple(draft.cited), source="llm")
    retry = Prompt(
        rendered.name, rendered.version, rendered.system,
        rendered.user + "\n\nYour previous description stated facts that no memory states: "
        + ", ".join(wrong) + ". Write it again using only facts copied exactly from the memories.",
        rendered.schema,
    )
    try:
        second = retry.ask(llm)
    except ProviderError:
        second = draft
    marked, uncertain = [], []
    for sentence in sentences(second.description):
        if unsupported(sentence, texts):
            marked.append(UNCERTAIN + sentence)
            uncertain.append(sentence)
        else:
            marked.append(sentence)
    return Reconstruction(
        " ".join(marked), not uncertain, regenerated=True, uncertain=tuple(uncertain),
        mismatches=tuple(wrong), cited=tuple(second.cited), source="llm",
    )
