"""Chain-shaped questions among distractors: where diffusion has to earn its place.

The hand-written conversation ``data/chains.json`` holds eight questions whose evidence is
a chain (a recommendation, what the place serves, who is allergic; a gift, who gave it,
where that person is moving; a list spread over sessions; a date given relative to another
event). Alone it is small enough that the question finds everything directly, so this
command interleaves it with generated distractor sessions between the same two speakers
(other friends, restaurants, gifts, birthdays, trips, instruments) until the first views
can no longer hold every memory, then runs the harness on it like any LoCoMo file.
"""

from __future__ import annotations

import json
import random
from datetime import datetime
from importlib import resources
from pathlib import Path
from typing import Any

import click

FRIENDS = ["Tom", "Lisa", "Omar", "Priya", "Jonas", "Elena", "Marco", "Aiko", "Felix", "Hana", "Rui", "Zoe"]
PLACES = ["Luigi's", "Green Leaf Cafe", "the Blue Note", "Casa Verde", "the Old Mill", "Sunset Diner",
          "Noodle Bar 9", "the Rooftop", "Cafe Lumen", "Harbor Books"]
CITIES = ["Porto", "Madrid", "Berlin", "Oslo", "Vienna", "Lyon", "Kyoto", "Seville", "Ghent", "Bologna"]
THINGS = ["a scarf", "a cookbook", "a plant", "a watch", "a board game", "a mug", "a poster", "a candle"]
TEMPLATES = [
    ("Sam", "My friend {f} recommended {p} for lunch, {f} says the soup is great."),
    ("Maya", "I had dinner at {p} with {f} on Friday, the dessert was lovely."),
    ("Sam", "{f} celebrated a birthday at {p} last weekend, we stayed until midnight."),
    ("Maya", "{f} gave me {t} as a thank-you present, so thoughtful."),
    ("Sam", "{f} is moving to {c} in the autumn for work."),
    ("Maya", "{f} just started learning the violin, the first lessons sound rough."),
    ("Sam", "I booked a table at {p} for {f}'s farewell dinner."),
    ("Maya", "I took some photos of {f} at {p}, the light was beautiful."),
    ("Sam", "{f} adopted a cat named Biscuit from the shelter."),
    ("Maya", "My pottery teacher showed us how {f} glazes bowls in {c}."),
    ("Sam", "{f} and I went to a concert at {p}, the band was fantastic."),
    ("Maya", "{f} recommended a novel about {c}, I started it yesterday."),
]
REPLIES = ["Sounds fun!", "Oh nice, tell me more.", "That's great news.", "Wow, really?", "Haha, typical."]


def _distractor_sessions(n_sessions: int, turns_per_session: int, seed: int) -> list[list[dict[str, str]]]:
    rng = random.Random(seed)
    sessions = []
    for _ in range(n_sessions):
        turns: list[dict[str, str]] = []
        while len(turns) < turns_per_session:
            speaker, text = rng.choice(TEMPLATES)
            line = text.format(f=rng.choice(FRIENDS), p=rng.choice(PLACES), c=rng.choice(CITIES), t=rng.choice(THINGS))
            turns.append({"speaker": speaker, "text": line})
            turns.append({"speaker": "Maya" if speaker == "Sam" else "Sam", "text": rng.choice(REPLIES)})
        sessions.append(turns)
    return sessions


def _label(dt: datetime) -> str:
    return dt.strftime("%-I:%M %p on %-d %B, %Y").lower()


def build(distractor_sessions: int = 40, turns_per_session: int = 8, seed: int = 7) -> dict[str, Any]:
    """The chain conversation with distractor sessions interleaved (LoCoMo one-file layout)."""
    base = json.loads((resources.files("ripplemem") / "data" / "chains.json").read_text(encoding="utf-8"))
    real = sorted(int(k.split("_")[1]) for k in base if k.startswith("session_") and not k.endswith("date_time"))
    start, end = datetime(2026, 1, 5, 10, 0), datetime(2026, 4, 22, 18, 0)
    extra = _distractor_sessions(distractor_sessions, turns_per_session, seed)
    step = (end - start) / max(len(extra), 1)
    timeline: list[tuple[datetime, str, list[dict[str, str]]]] = []
    for i, turns in enumerate(extra):
        timeline.append((start + step * i, "distractor", turns))
    for n in real:
        when = datetime.strptime(base[f"session_{n}_date_time"].replace(",", ""), "%I:%M %p on %d %B %Y")
        timeline.append((when, f"D{n}", base[f"session_{n}"]))
    timeline.sort(key=lambda item: item[0])
    out: dict[str, Any] = {"speaker_a": base["speaker_a"], "speaker_b": base["speaker_b"], "qa": base["qa"]}
    for index, (when, tag, turns) in enumerate(timeline, 1):
        out[f"session_{index}_date_time"] = _label(when)
        if tag == "distractor":
            out[f"session_{index}"] = [{**t, "dia_id": f"X{index}:{j + 1}"} for j, t in enumerate(turns)]
        else:
            out[f"session_{index}"] = turns  # the real turns keep their ids, so the gold evidence holds
    return out


def write(path: Path, distractor_sessions: int = 40, turns_per_session: int = 8, seed: int = 7) -> Path:
    path.write_text(json.dumps(build(distractor_sessions, turns_per_session, seed), indent=1), encoding="utf-8")
    return path


@click.command("chains")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), required=True, help="Where to write the file.")
@click.option("--distractors", type=click.IntRange(0), default=40, show_default=True, help="Distractor sessions.")
@click.option("--turns", type=click.IntRange(2), default=8, show_default=True, help="Turns per distractor session.")
@click.option("--seed", type=int, default=7, show_default=True, help="Seed of the distractors.")
def chains_command(out: Path, distractors: int, turns: int, seed: int) -> None:
    """Write the chain-question conversation with distractors (a LoCoMo file for `bench locomo`)."""
    write(out, distractors, turns, seed)
    click.echo(f"wrote {out}")
