"""Reconstruction and verification (SelMem): evidence -> a checked description.

With an LLM, the evidence is rewritten as a short description fitted to the question;
every number and name in it must appear in the evidence. On a mismatch the description is
regenerated once (told what was wrong); sentences still unsupported are marked uncertain.
``regenerated`` is true only when that second description came back; when the retry fails
the first draft is checked and marked instead. When the first request fails, or the
description shares no content word with the evidence (a small model may answer with a
memory's id in braces, which no fact check catches), the description is the evidence,
``source`` says ``"evidence"`` and ``error`` says why. With no LLM the description is the
evidence itself, ordered in time.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import ProviderError
from ..ground.concepts import shares_content_word
from ..ground.facts import unsupported
from ..ground.sentences import sentences
from ..prompts import reconstruct as prompt
from ..prompts.base import Prompt
from ..providers.llm.base import LLM
from ..types import Evidence, LLMUsage

UNCERTAIN = "[uncertain] "


@dataclass(frozen=True)
class Reconstruction:
    description: str
    verified: bool  # every fact of the description is in the evidence
    regenerated: bool = False
    uncertain: tuple[str, ...] = ()  # sentences marked uncertain
    mismatches: tuple[str, ...] = ()  # facts of the first draft that the evidence lacks
    cited: tuple[str, ...] = field(default_factory=tuple)
    source: str = "evidence"  # "evidence" (no LLM, or it failed: see error) or "llm"
    error: str = ""  # why the LLM could not be used (the first draft or the retry failed)
    llm_usage: LLMUsage = field(default_factory=dict)  # per role (set by Memory.reconstruct)


def reconstruct(llm: LLM | None, question: str, evidence: Evidence) -> Reconstruction:
    units = [i.unit for i in evidence.items]
    if llm is None or not units:
        return Reconstruction(evidence.render(), True, cited=tuple(u.id for u in units))
    texts = [u.render() for u in units] + [f for u in units for f in u.facts]
    rendered = prompt.render(question, [i.unit for i in evidence.in_time_order()])
    try:
        draft = rendered.ask(llm)
    except ProviderError as exc:
        return Reconstruction(evidence.render(), True, cited=tuple(u.id for u in units), error=_reason(exc))
    wrong = unsupported(draft.description, texts)
    if not wrong and not shares_content_word(draft.description, texts):
        return _off_topic(evidence)
    if not wrong:
        return Reconstruction(draft.description, True, cited=tuple(draft.cited), source="llm")
    retry = Prompt(
        rendered.name, rendered.version, rendered.system,
        rendered.user + "\n\nYour previous description stated facts that no memory states: "
        + ", ".join(wrong) + ". Write it again using only facts copied exactly from the memories.",
        rendered.schema,
    )
    error = ""
    try:
        second, regenerated = retry.ask(llm), True
    except ProviderError as exc:
        second, regenerated, error = draft, False, _reason(exc)
    if not shares_content_word(second.description, texts):
        return _off_topic(evidence, tuple(wrong))  # what the first draft got wrong is still said
    marked, uncertain = [], []
    for sentence in sentences(second.description):
        if unsupported(sentence, texts):
            marked.append(UNCERTAIN + sentence)
            uncertain.append(sentence)
        else:
            marked.append(sentence)
    return Reconstruction(
        " ".join(marked), not uncertain, regenerated=regenerated, uncertain=tuple(uncertain),
        mismatches=tuple(wrong), cited=tuple(second.cited), source="llm", error=error,
    )


OFF_TOPIC = "the description shares no word with the evidence"


def _off_topic(evidence: Evidence, mismatches: tuple[str, ...] = ()) -> Reconstruction:
    units = [i.unit for i in evidence.items]
    return Reconstruction(evidence.render(), True, mismatches=mismatches, cited=tuple(u.id for u in units),
                          error=OFF_TOPIC)


def _reason(exc: ProviderError) -> str:
    return f"{type(exc).__name__}: {exc}"
