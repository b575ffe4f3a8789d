"""``ripplemem bench supersede``: precision and recall of SUPERSEDE on labelled memory pairs.

``labels/supersede.json`` holds pairs of an old stored memory and a new candidate, written
in the extractor's restatement style, each labelled ``supersede`` (the same subject's same
slot changes or ends) or one of ``duplicate``, ``compatible``, ``negation``, ``unrelated``.
A fixed rule splits them: a pair is in the check half when ``sha256(id)`` is odd, else in
the dev half (tune on dev, report check).

Each pair is decided twice with the real embedder's cosines: alone (the decider sees the
old memory and its cosine) and in a pool (beside it, the four nearest old memories of the
same half about other subjects, so closing a memory about someone else is a false positive;
the hand-written pairs share subjects such as "the user", so a pool of any four neighbours
would count right supersessions of another pair's memory as errors).
The rule decider always runs; the LLM decider runs when ``--llm-base-url`` is given.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any

import click
import numpy as np

LABELS = "labels/supersede.json"
Decider = Callable[[Any, list[tuple[Any, float]]], Any]


@dataclass(frozen=True)
class Pair:
    id: str
    label: str
    old: str
    new: str
    source: str
    old_said: str
    new_said: str

    @property
    def half(self) -> str:
        return "check" if int(hashlib.sha256(self.id.encode()).hexdigest(), 16) % 2 else "dev"

    @property
    def positive(self) -> bool:
        return self.label == "supersede"


@dataclass
class Score:
    pairs: int = 0
    positives: int = 0
    true_pos: int = 0
    false_pos: int = 0
    errors: list[dict[str, str]] = field(default_factory=list)

    @property
    def precision(self) -> float:
        called = self.true_pos + self.false_pos
        return self.true_pos / called if called else 1.0

    @property
    def recall(self) -> float:
        return self.true_pos / self.positives if self.positives else 1.0

    def row(self) -> dict[str, Any]:
        return {"pairs": self.pairs, "supersede": self.positives, "tp": self.true_pos, "fp": self.false_pos,
                "fn": self.positives - self.true_pos, "precision": round(self.precision, 3),
                "recall": round(self.recall, 3)}


def load_pairs(path: Path | None = None) -> list[Pair]:
    """The labelled pairs (the packaged file unless ``path`` is given)."""
    text = path.read_text(encoding="utf-8") if path else (resources.files("ripplemem.bench") / LABELS).read_text(
        encoding="utf-8")
    doc = json.loads(text)
    return [Pair(p["id"], p["label"], p["old"], p["new"], p.get("source", "hand"), p.get("old_said", "2024-01-10"),
                 p.get("new_said", "2024-04-02")) for p in doc["pairs"]]


def _day(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def build_units(pairs: Sequence[Pair], embed: Callable[[list[str]], np.ndarray]) -> tuple[list[Any], list[Any], np.ndarray]:
    """The old memories as stored units, the new ones as candidates, and their cosine matrix."""
    from ripplemem.types import Candidate, MemoryUnit, Scope

    old_vecs = embed([p.old for p in pairs])
    new_vecs = embed([p.new for p in pairs])
    units = [MemoryUnit(f"old:{p.id}", Scope("bench"), p.old, (f"{p.id}:old",), "s-old", vector=v,
                        mentioned_at=_day(p.old_said), valid_from=_day(p.old_said))
             for p, v in zip(pairs, old_vecs, strict=True)]
    cands = [Candidate(p.new, (f"{p.id}:new",), "s-new", mentioned_at=_day(p.new_said)) for p in pairs]
    return units, cands, new_vecs @ old_vecs.T


def evaluate(pairs: Sequence[Pair], decider: Decider, units: list[Any], cands: list[Any], cos: np.ndarray,
             pool: int = 0) -> dict[str, Score]:
    """Scores per half. ``pool`` > 0: the candidate also sees the ``pool - 1`` nearest old memories of its
    half that are about other subjects; closing one of them is a false positive."""
    scores = {"dev": Score(), "check": Score()}
    subjects = [_subjects(p.old) | _subjects(p.new) for p in pairs]
    for i, pair in enumerate(pairs):
        if pool:
            others = [j for j, other in enumerate(pairs) if other.half == pair.half and j != i
                      and subjects[j].isdisjoint(subjects[i])]
            near = [i, *sorted(others, key=lambda j: -cos[i, j])[:pool - 1]]
            neighbours = sorted(((units[j], float(cos[i, j])) for j in near), key=lambda p: -p[1])
        else:
            neighbours = [(units[i], float(cos[i, i]))]
        decision = decider(cands[i], neighbours)
        score = scores[pair.half]
        score.pairs += 1
        score.positives += pair.positive
        called = decision.action == "SUPERSEDE"
        right = called and decision.target == units[i].id
        if pair.positive and right:
            score.true_pos += 1
        elif called:
            score.false_pos += 1
        if called != pair.positive or (called and not right):
            score.errors.append({"id": pair.id, "label": pair.label, "action": decision.action,
                                 "target": str(decision.target), "reason": decision.reason,
                                 "cos": f"{cos[i, i]:.2f}", "old": pair.old, "new": pair.new})
    return scores


def _subjects(text: str) -> frozenset[str]:
    """Who a memory is about, so pool distractors are memories about someone else."""
    from ripplemem.write.slots import read

    return frozenset(s.owner.split("'s")[0] for s in read(text) if s.owner) or frozenset({text.split()[0].lower()})


def rule_decider(duplicate_cosine: float, supersede_cosine: float) -> Decider:
    from ripplemem.write.update import decide

    return lambda cand, near: decide(cand, near, duplicate_cosine=duplicate_cosine, supersede_cosine=supersede_cosine)


def llm_decider(base_url: str, model: str, api_key: str, timeout: float) -> Any:
    from ripplemem.config import WriteSettings
    from ripplemem.providers.llm.openai import OpenAILLM
    from ripplemem.write.update_llm import LLMDecider

    llm = OpenAILLM(base_url=base_url, model=model, api_key=api_key or "none", timeout=timeout, retries=0)
    return LLMDecider(llm, WriteSettings(), ask_above=0.0)


def report(results: dict[str, dict[str, Score]]) -> str:
    lines = ["| decider | view | half | pairs | supersede | TP | FP | FN | precision | recall |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for name, scores in results.items():
        decider, view = name.split("/")
        for half in ("dev", "check"):
            r = scores[half].row()
            lines.append(f"| {decider} | {view} | {half} | {r['pairs']} | {r['supersede']} | {r['tp']} | {r['fp']} | "
                         f"{r['fn']} | {r['precision']:.3f} | {r['recall']:.3f} |")
    return "\n".join(lines)


@click.command("supersede")
@click.option("--labels", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
              help="A labelled pairs file (default: the packaged labels/supersede.json).")
@click.option("--llm-base-url", default="", help="Also run the LLM decider against this OpenAI-compatible server.")
@click.option("--llm-model", default="m", show_default=True, help="Model name for --llm-base-url.")
@click.option("--llm-api-key", default="", help="API key for --llm-base-url.")
@click.option("--llm-timeout", type=float, default=60.0, show_default=True, help="Seconds per LLM call.")
@click.option("--errors", type=click.Choice(("none", "dev", "check", "all")), default="none", show_default=True,
              help="Also list the rule decider's mistakes of this half.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None, help="Write the scores as JSON.")
def supersede_command(labels: Path | None, llm_base_url: str, llm_model: str, llm_api_key: str, llm_timeout: float,
                      errors: str, out: Path | None) -> None:
    """Precision and recall of SUPERSEDE on labelled memory pairs, per half (dev, check)."""
    from ripplemem.config import Settings
    from ripplemem.providers.embed import make_embedder

    settings = Settings()
    pairs = load_pairs(labels)
    embedder = make_embedder(settings)
    units, cands, cos = build_units(pairs, embedder.embed)
    ws = settings.write
    deciders: dict[str, Decider] = {"rule": rule_decider(ws.duplicate_cosine, ws.supersede_cosine)}
    if llm_base_url:
        deciders["llm"] = llm_decider(llm_base_url, llm_model, llm_api_key, llm_timeout)
    results: dict[str, dict[str, Score]] = {}
    for name, decider in deciders.items():
        results[f"{name}/pair"] = evaluate(pairs, decider, units, cands, cos)
        results[f"{name}/pool"] = evaluate(pairs, decider, units, cands, cos, pool=5)
    sizes = {h: sum(p.half == h for p in pairs) for h in ("dev", "check")}
    click.echo(f"{len(pairs)} pairs (dev {sizes['dev']}, check {sizes['check']}); embedder {embedder.name}\n")
    click.echo(report(results))
    if "llm" in deciders:
        click.echo(f"\nLLM decider fell back to the rule {getattr(deciders['llm'], 'failures', 0)} times")
    if errors != "none":
        for half in (("dev", "check") if errors == "all" else (errors,)):
            pool_wrong = [e for e in results["rule/pool"][half].errors if e["action"] == "SUPERSEDE"
                          and e["target"] != f"old:{e['id']}"]
            for e in results["rule/pair"][half].errors + pool_wrong:
                click.echo(f"\n[{half}] {e['id']} ({e['label']}) -> {e['action']} {e['target']} {e['reason']}\n"
                           f"  old: {e['old']}\n  new: {e['new']}")
    if out is not None:
        out.write_text(json.dumps({k: {h: s.row() for h, s in v.items()} for k, v in results.items()}, indent=1) + "\n",
                       encoding="utf-8")
