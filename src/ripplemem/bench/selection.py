"""``ripplemem bench selection``: does the pleasantry rule drop chatter and keep what matters?

Two measurements, both over the shared data (the texts are read from it; the repository
holds only ids and labels):

1. **Labelled turns** (``labels/pleasantry.json``): turns of LoCoMo and LongMemEval that a
   person labelled ``content`` or ``pleasantry`` by reading them. Precision and recall of the
   pleasantry decision are reported per half: ``dev`` (even positions, read while the rules
   were written) and ``check`` (odd positions, never tuned on). A second development set
   (``labels/pleasantry_dev2.json``, drawn the same way with another seed, none of the first
   set's turns) is all ``dev2``: a file whose ``half`` is set puts every entry in that half.
2. **The hard rule**: no gold evidence turn may be classified a pleasantry. Evidence turns are
   LoCoMo's ``qa[].evidence`` (every category) and LongMemEval's ``has_answer`` turns, each
   counted once. The share kept must be at least :data:`EVIDENCE_KEPT_MIN`.

A turn is a pleasantry when it shares no photo and :func:`~ripplemem.ground.chatter.is_pleasantry`
says so of its text, with the conversation's speakers as the names that may be vocatives and
the other speaker's turn just before (text and photo caption) as what was heard, as the rule
extractor calls it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import click

from ripplemem.errors import InputError, RippleMemError
from ripplemem.formats import Conversation, DialogueTurn, Session, load_locomo, load_longmemeval
from ripplemem.ground.chatter import is_pleasantry
from ripplemem.ground.text import CHAT_USER
from ripplemem.write.extract_fields import CHAT_ROLES

LABELS = "pleasantry.json"
LABELS_DEV2 = "pleasantry_dev2.json"  # a second development set: every entry in the half "dev2"
LOCOMO_DIR = "locomo"
LONGMEMEVAL_FILE = "longmemeval/longmemeval_s_dev.json.gz"
EVIDENCE_KEPT_MIN = 0.99
SHORT_WORDS = 12  # the sample over-draws turns of at most this many words
LABEL_VALUES = ("content", "pleasantry")
HALVES = ("dev", "check")  # the parity halves of LABELS
ALL_HALVES = (*HALVES, "dev2")


@dataclass(frozen=True, slots=True)
class Label:
    """One labelled turn: where it is (``source`` + ``key``) and what a reader said it is."""

    source: str  # "locomo/26.json" or "longmemeval/longmemeval_s_dev.json.gz"
    key: str  # LoCoMo "D3:7"; LongMemEval "<question_id>/<session_index>:<turn_index>"
    label: str
    half: str
    session_id: str | None = None  # LongMemEval: the haystack session id, checked on lookup
    note: str | None = None


@dataclass(frozen=True, slots=True)
class Turn:
    """A turn as the bench needs it: its text, its photo, and who may be addressed in it."""

    text: str
    caption: str | None
    names: tuple[str, ...]
    previous: str | None = None  # the other speaker's turn just before, in the same session
    to_assistant: bool = False  # a chat user's turn (LongMemEval): what it asks is content, as the extractor reads it


@dataclass(slots=True)
class Score:
    """Precision and recall of the pleasantry decision on one half."""

    half: str
    total: int = 0
    gold: int = 0  # labelled pleasantry
    predicted: int = 0
    hits: int = 0  # labelled and predicted pleasantry
    wrong: list[tuple[Label, bool]] = field(default_factory=list)  # (label, predicted pleasantry)

    @property
    def precision(self) -> float:
        return self.hits / self.predicted if self.predicted else 1.0

    @property
    def recall(self) -> float:
        return self.hits / self.gold if self.gold else 1.0


@dataclass(slots=True)
class EvidenceCheck:
    total: int = 0
    misses: list[tuple[str, str]] = field(default_factory=list)  # (source, key)

    @property
    def kept(self) -> float:
        return 1 - len(self.misses) / self.total if self.total else 1.0


# ---------------------------------------------------------------- labels and turns


def read_labels(path: Path | str | None = None) -> list[Label]:
    """The labelled turns, in file order; the half is the file's ``half`` when it names one
    (``"dev2"``), else the position's parity (even: dev). ``path``: a file, the name of a packaged
    one (``LABELS_DEV2``), or ``None`` for :data:`LABELS`."""
    if path is None or isinstance(path, str):
        raw = resources.files("ripplemem.bench").joinpath("labels", path or LABELS).read_text(encoding="utf-8")
    else:
        raw = path.read_text(encoding="utf-8")
    loaded = json.loads(raw)
    entries, whole = loaded["entries"], loaded.get("half")
    if whole is not None and whole not in ALL_HALVES:
        raise InputError(f"labels: half must be one of {ALL_HALVES}, got {whole!r}")
    labels = []
    for i, e in enumerate(entries):
        if e.get("label") not in LABEL_VALUES:
            raise InputError(f"label entry {i}: label must be one of {LABEL_VALUES}, got {e.get('label')!r}")
        try:
            if "turn" in e:
                key, session = str(e["turn"]), None
            else:
                key, session = f"{e['question_id']}/{e['session_index']}:{e['turn_index']}", str(e["session_id"])
            source = str(e["source"])
        except KeyError as exc:
            raise InputError(f"label entry {i}: missing {exc}") from exc
        labels.append(Label(source, key, e["label"], whole or HALVES[i % 2], session, e.get("note")))
    return labels


def load_sources(data: Path, sources: Iterable[str]) -> dict[str, list[Conversation]]:
    """The shared data files the labels name, loaded once each."""
    loaded: dict[str, list[Conversation]] = {}
    for source in sorted(set(sources)):
        path = data / source
        if not path.is_file():
            raise InputError(f"{path}: not found (the shared data folder is --data)")
        loaded[source] = load_longmemeval(path) if source.endswith(".json.gz") else load_locomo([path])
    return loaded


def turn_index(source: str, conversations: Sequence[Conversation]) -> dict[str, tuple[Turn, str]]:
    """Every turn of a source by its label key, with its session's label."""
    out: dict[str, tuple[Turn, str]] = {}
    longmemeval = source.endswith(".json.gz")
    for conv in conversations:
        names = () if longmemeval else conv.speakers
        for session in conv.sessions:
            for t, turn in zip(session.turns, session_turns(session, names), strict=True):
                key = f"{conv.id}/{t.turn_id}" if longmemeval else t.turn_id
                out[key] = (turn, session.label or session.session_id)
    return out


def resolve(labels: Sequence[Label], data: Path) -> list[Turn]:
    """The turn of every label, checked against the shared data."""
    loaded = load_sources(data, (lb.source for lb in labels))
    indexes = {source: turn_index(source, convs) for source, convs in loaded.items()}
    turns = []
    for lb in labels:
        found = indexes[lb.source].get(lb.key)
        if found is None:
            raise InputError(f"{lb.source} has no turn {lb.key}")
        if lb.session_id is not None and found[1] != lb.session_id:
            raise InputError(f"{lb.source} {lb.key}: session is {found[1]!r}, the label says {lb.session_id!r}")
        turns.append(found[0])
    return turns


def session_turns(session: Session, names: Sequence[str]) -> list[Turn]:
    """The session's turns, each with the other speaker's turn just before it."""
    out = []
    for i, t in enumerate(session.turns):
        before = session.turns[i - 1] if i else None
        previous = heard(before) if before is not None and before.speaker != t.speaker else None
        out.append(Turn(t.text, t.image_caption, tuple(names), previous, CHAT_ROLES.get((t.role or "").lower()) == CHAT_USER))
    return out


def heard(turn: DialogueTurn) -> str:
    """What the other speaker said and showed: the text, and the photo's caption."""
    return f"{turn.text} {turn.image_caption}" if turn.image_caption else turn.text


def turn_is_pleasantry(turn: Turn) -> bool:
    """The turn-level decision: no shared photo, and nothing but pleasantry in the text."""
    return not turn.caption and is_pleasantry(turn.text, names=turn.names, previous=turn.previous, to_assistant=turn.to_assistant)


# ---------------------------------------------------------------- the two measurements


def score(labels: Sequence[Label], turns: Sequence[Turn]) -> dict[str, Score]:
    """Precision and recall per half, for every half the labels hold (both parity halves always)."""
    present = {lb.half for lb in labels}
    scores = {half: Score(half) for half in ALL_HALVES if half in HALVES or half in present}
    for lb, turn in zip(labels, turns, strict=True):
        s = scores[lb.half]
        gold = lb.label == "pleasantry"
        predicted = turn_is_pleasantry(turn)
        s.total += 1
        s.gold += gold
        s.predicted += predicted
        s.hits += gold and predicted
        if gold != predicted:
            s.wrong.append((lb, predicted))
    return scores


def evidence_check(data: Path) -> EvidenceCheck:
    """Gold evidence turns classified as pleasantry: LoCoMo ``evidence``, LongMemEval ``has_answer``."""
    check = EvidenceCheck()
    seen: set[tuple[str, str]] = set()
    sources = [f"{LOCOMO_DIR}/{p.name}" for p in sorted((data / LOCOMO_DIR).glob("*.json"))]
    if (data / LONGMEMEVAL_FILE).is_file():
        sources.append(LONGMEMEVAL_FILE)
    for source, conversations in load_sources(data, sources).items():
        longmemeval = source.endswith(".json.gz")
        for conv in conversations:
            names = () if longmemeval else conv.speakers
            turns = {
                t.turn_id: (turn, s.label)
                for s in conv.sessions
                for t, turn in zip(s.turns, session_turns(s, names), strict=True)
            }
            for turn_id in dict.fromkeys(g for q in conv.questions for g in q.gold):
                turn, session = turns[turn_id]
                # LongMemEval haystacks share sessions: count a turn once per (session id, position)
                ident = (source, f"{session}#{turn_id.split(':')[1]}" if longmemeval else f"{conv.id}/{turn_id}")
                if ident in seen:
                    continue
                seen.add(ident)
                check.total += 1
                if turn_is_pleasantry(turn):
                    check.misses.append((source, f"{conv.id}/{turn_id}" if longmemeval else turn_id))
    return check


# ---------------------------------------------------------------- how the labelled set was drawn


def draw_sample(
    data: Path, seed: int, sizes: tuple[int, int, int, int] = (130, 130, 70, 70), exclude: Iterable[dict[str, Any]] = ()
) -> list[dict[str, Any]]:
    """The ids of the labelled sample: short and long LoCoMo turns, short and long LongMemEval
    turns (``sizes``), drawn with ``random.Random(seed)`` and then shuffled; none of the turns
    of ``exclude`` (entries of another label file). Reproduces the entries of
    ``labels/pleasantry.json`` (seed 20240607) and ``labels/pleasantry_dev2.json`` (seed
    20261207, sizes (120, 80, 50, 50), excluding the first file), without their labels."""
    taken = {_ident(e) for e in exclude}
    rng = random.Random(seed)
    locomo: list[tuple[dict[str, Any], str]] = []
    for path in sorted((data / LOCOMO_DIR).glob("*.json")):
        for conv in load_locomo([path]):
            for s in conv.sessions:
                locomo += [({"source": f"{LOCOMO_DIR}/{path.name}", "turn": t.turn_id}, t.text) for t in s.turns]
    lme: dict[tuple[str, int], tuple[dict[str, Any], str]] = {}
    for conv in sorted(load_longmemeval(data / LONGMEMEVAL_FILE), key=lambda c: c.id):
        for si, s in enumerate(conv.sessions):
            for ti, t in enumerate(s.turns):
                ref = {"source": LONGMEMEVAL_FILE, "question_id": conv.id, "session_id": s.label,
                       "session_index": si, "turn_index": ti}
                lme.setdefault((s.label, ti), (ref, t.text))
    locomo = [(ref, text) for ref, text in locomo if _ident(ref) not in taken]
    lme = {k: v for k, v in lme.items() if _ident(v[0]) not in taken}
    picked: list[dict[str, Any]] = []
    for pool, n_short, n_long in ((locomo, sizes[0], sizes[1]), (list(lme.values()), sizes[2], sizes[3])):
        short = [ref for ref, text in pool if len(text.split()) <= SHORT_WORDS]
        long_ = [ref for ref, text in pool if len(text.split()) > SHORT_WORDS]
        picked += rng.sample(short, n_short) + rng.sample(long_, n_long)
    rng.shuffle(picked)
    return picked


def _ident(entry: dict[str, Any]) -> tuple[str, str]:
    """A turn's identity across label files: LoCoMo's file and turn, LongMemEval's session and
    position (its haystacks share sessions, drawn once each)."""
    if "turn" in entry:
        return str(entry["source"]), str(entry["turn"])
    return str(entry["session_id"]), str(entry["turn_index"])


# ---------------------------------------------------------------- the command


def _show(lb: Label, turn: Turn | None, predicted: bool, width: int) -> str:
    line = f"  {lb.source} {lb.key}: labelled {lb.label}, classified {'pleasantry' if predicted else 'content'}"
    if lb.note:
        line += f" ({lb.note})"
    if turn is not None and width:
        text = " ".join(turn.text.split())
        line += f"\n      {text[:width]!r}"
    return line


@click.command("selection")
@click.option("--data", type=click.Path(exists=True, file_okay=False, path_type=Path), default=Path("../shared/data"),
              show_default=True, help="The shared data folder (locomo/, longmemeval/).")
@click.option("--labels", "labels_paths", type=click.Path(exists=True, dir_okay=False, path_type=Path), multiple=True,
              help="A labels file instead of the packaged ones (repeatable).")
@click.option("--show-text", type=click.IntRange(min=0), default=0, help="Print this many characters of each miss.")
@click.option("--half", "halves", type=click.Choice(ALL_HALVES), multiple=True,
              help="List the misclassified turns of this half only (default: all).")
def selection_command(data: Path, labels_paths: tuple[Path, ...], show_text: int, halves: tuple[str, ...]) -> None:
    """Precision and recall of the pleasantry rule on labelled turns; gold evidence kept."""
    sources: tuple[Path | str | None, ...] = labels_paths or (None, LABELS_DEV2)
    try:
        labels = [lb for source in sources for lb in read_labels(source)]
        turns = resolve(labels, data)
        scores = score(labels, turns)
        evidence = evidence_check(data)
    except RippleMemError as exc:
        raise click.ClickException(str(exc)) from exc
    by_label = dict(zip(labels, turns, strict=True))
    click.echo("| half | turns | pleasantry (gold) | classified pleasantry | precision | recall |")
    click.echo("|---|---|---|---|---|---|")
    for s in scores.values():
        click.echo(f"| {s.half} | {s.total} | {s.gold} | {s.predicted} | {s.precision:.3f} | {s.recall:.3f} |")
    for s in scores.values():
        if halves and s.half not in halves:
            continue
        click.echo(f"\nmisclassified ({s.half}): {len(s.wrong)}")
        for lb, predicted in s.wrong:
            click.echo(_show(lb, by_label[lb], predicted, show_text))
    verdict = "ok" if evidence.kept >= EVIDENCE_KEPT_MIN else f"BELOW {EVIDENCE_KEPT_MIN}"
    click.echo(f"\ngold evidence turns kept: {evidence.total - len(evidence.misses)}/{evidence.total} "
               f"= {evidence.kept:.4f} ({verdict})")
    for source, key in evidence.misses:
        click.echo(f"  {source} {key}")
