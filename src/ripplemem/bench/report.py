"""report.json (the literal shape of issue 5) and its Markdown summary.

Besides the fields the issue fixes, a report carries ``recall_curve``: evidence recall at
each budget of ``CURVE_BUDGETS`` (per category, same rule), which ``bench plot`` draws,
and each ``per_question`` row keeps its own ``curve`` so a plot can be re-cut.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ripplemem.bench import metrics
from ripplemem.bench.runner import CURVE_BUDGETS, K_CUTS, SESSION_KS, TURN_KS, RunResult
from ripplemem.types import RoleUsage

LOCOMO_OVERALL = ("1", "2", "3", "4")  # "5" (adversarial) is reported beside overall
QA_KEYS = ("j", "f1", "bleu1")


def _overall(dataset: str) -> tuple[str, ...] | None:
    return LOCOMO_OVERALL if dataset == "locomo" else None


def _per_category(rows: Iterable[dict[str, Any]], value: Any, dataset: str) -> dict[str, float]:
    return metrics.by_category(((r["category"], float(value(r))) for r in rows), _overall(dataset))


def _longmemeval_ranks(rows: list[dict[str, Any]]) -> dict[str, Any]:
    sessions = [r["session"] for r in rows if r.get("scored_sessions")]
    turns = [r["turn"] for r in rows if r.get("scored_sessions") and "turn" in r]
    session_keys = [f"recall_all@{k}" for k in SESSION_KS] + [f"ndcg_any@{k}" for k in SESSION_KS]
    return {
        "session": {key: round(metrics.mean([s[key] for s in sessions]), 4) for key in session_keys},
        "turn": {f"recall_all@{k}": round(metrics.mean([t[f"recall_all@{k}"] for t in turns]), 4) for k in TURN_KS},
        "session_questions": len(sessions),
        "turn_questions": len(turns),
    }


def _qa(rows: list[dict[str, Any]], dataset: str) -> dict[str, Any]:
    answered = [r for r in rows if "qa" in r]
    out: dict[str, Any] = {}
    for key in QA_KEYS:
        scored = [r for r in answered if r["qa"].get(key) is not None]
        out[key] = _per_category(scored, lambda r, key=key: r["qa"][key], dataset)
    out["questions"] = len(answered)
    return out


def build_report(result: RunResult, *, dataset: str, method: str, settings: dict[str, Any]) -> dict[str, Any]:
    """The report.json dictionary."""
    rows = result.rows
    scored = [r for r in rows if r["scored"]]
    counts = result.sources_per_item
    report: dict[str, Any] = {
        "dataset": dataset,
        "method": method,
        "settings": settings,
        "questions": result.questions,
        "skipped_no_evidence": result.skipped_no_evidence,
        "scored_questions": len(scored),
        "ingest_seconds": round(result.ingest_seconds, 2),
        "query_ms": {
            "p50": round(metrics.percentile(result.query_ms, 50), 2),
            "p95": round(metrics.percentile(result.query_ms, 95), 2),
        },
        "context_tokens": {"mean": round(metrics.mean([float(r["context_tokens"]) for r in rows]), 1)},
        "sources_per_memory": {"mean": round(metrics.mean([float(c) for c in counts]), 3), "max": max(counts, default=0)},
        "recall_at_budget": _per_category(scored, lambda r: r["recall"], dataset),
        "complete_evidence_rate": _per_category(scored, lambda r: r["complete"], dataset),
        "recall_at_k": {str(k): _per_category(scored, lambda r, k=k: r["recall_at_k"][str(k)], dataset) for k in K_CUTS},
        "recall_curve": {str(b): _per_category(scored, lambda r, b=b: r["curve"][str(b)], dataset) for b in CURVE_BUDGETS},
    }
    if dataset == "longmemeval":
        report.update(_longmemeval_ranks(rows))
    if any("qa" in r for r in rows):
        report["qa"] = _qa(rows, dataset)
    if result.llm_usage:
        report["llm_usage"] = llm_usage_block(result)
    report["per_question"] = rows
    return report


def llm_usage_block(result: RunResult) -> dict[str, Any]:
    """Per role: calls, requests, failures, tokens, wall time; and the mean ingestion cost of a conversation."""
    per_conversation = [sum((u for u in c.values()), RoleUsage()) for c in result.ingest_usage]
    n = len(per_conversation)
    return {
        "roles": {role: u.as_dict() for role, u in result.llm_usage.items()},
        "ingest_per_conversation": {
            "conversations": n,
            "prompt_tokens": round(metrics.mean([float(u.prompt_tokens) for u in per_conversation]), 1),
            "completion_tokens": round(metrics.mean([float(u.completion_tokens) for u in per_conversation]), 1),
            "tokens": round(metrics.mean([float(u.tokens) for u in per_conversation]), 1),
            "calls": round(metrics.mean([float(u.calls) for u in per_conversation]), 1),
            "wall_ms": round(metrics.mean([u.wall_ms for u in per_conversation]), 1),
        },
    }


def _usage_lines(block: dict[str, Any]) -> list[str]:
    lines = ["", "| LLM role | calls | requests | failures | prompt tokens | completion tokens | wall s |",
             "|---|---|---|---|---|---|---|"]
    for role, u in block["roles"].items():
        lines.append(f"| {role} | {u['calls']} | {u['requests']} | {u['failures']} | {u['prompt_tokens']} | "
                     f"{u['completion_tokens']} | {u['wall_ms'] / 1000:.1f} |")
    ing = block["ingest_per_conversation"]
    lines += ["", f"ingestion per conversation ({ing['conversations']}): {ing['tokens']:.0f} LLM tokens "
              f"({ing['prompt_tokens']:.0f} prompt, {ing['completion_tokens']:.0f} completion) in "
              f"{ing['calls']:.0f} calls, {ing['wall_ms'] / 1000:.1f} s"]
    return lines


def method_label(report: dict[str, Any]) -> str:
    settings = report.get("settings", {})
    off = [name for name in ("diffusion", "structural", "planner") if settings.get(name) is False]
    return report["method"] + "".join(f" no-{name}" for name in off)


def _table(rows: list[tuple[str, dict[str, float]]], columns: list[str]) -> list[str]:
    lines = ["| metric | " + " | ".join(columns) + " |", "|---|" + "---|" * len(columns)]
    for name, values in rows:
        cells = [f"{values[c]:.3f}" if c in values else "" for c in columns]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return lines


def markdown(report: dict[str, Any]) -> str:
    """A Markdown summary: run facts, then one table per category."""
    budget = report["settings"].get("budget_tokens")
    categories = sorted({c for block in [report["recall_at_budget"]] for c in block if c != "overall"})
    columns = ["overall", *categories]
    rows: list[tuple[str, dict[str, float]]] = [
        (f"recall@{budget} tokens", report["recall_at_budget"]),
        ("complete evidence", report["complete_evidence_rate"]),
    ]
    rows += [(f"recall@{k} items", report["recall_at_k"][k]) for k in report["recall_at_k"]]
    for key in QA_KEYS if "qa" in report else ():
        rows.append((f"qa {key}", report["qa"][key]))
    lines = [
        f"### {report['dataset']} · {method_label(report)} · {budget} tokens",
        "",
        f"questions {report['questions']} (scored {report['scored_questions']}, skipped_no_evidence "
        f"{report['skipped_no_evidence']}) · ingest {report['ingest_seconds']:.1f} s · query p50 "
        f"{report['query_ms']['p50']:.1f} ms, p95 {report['query_ms']['p95']:.1f} ms · context "
        f"{report['context_tokens']['mean']:.0f} tokens · sources/memory {report['sources_per_memory']['mean']:.2f} "
        f"(max {report['sources_per_memory']['max']})",
        "",
        *_table(rows, columns),
    ]
    if report["dataset"] == "longmemeval":
        ranks = {**{f"session {k}": v for k, v in report["session"].items()}, **{f"turn {k}": v for k, v in report["turn"].items()}}
        lines += ["", *_table([("rank metrics", ranks)], list(ranks))]
    if "llm_usage" in report:
        lines += _usage_lines(report["llm_usage"])
    return "\n".join(lines) + "\n"
