"""The layout of a long text: which sentences are headings and which open list items. Pure.

A long answer is written in blocks: a heading ("**Best Practices:**", "## Setup", "Tips:") names
what follows it, and a list item ("3. **Data Quality**:" with its sub-points) is one thought.
A memory cut from such a text should start at a block's start and hold whole items, so it
neither ends with the next section's heading nor starts in the middle of an item. This module
only reads the layout; the extractor decides where units end.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

_ITEM = re.compile(r"(?P<indent>[ \t]*)(?:(?P<number>(?:\*\*)?\d{1,3}[.)])|(?P<bullet>[-*•+]))\s+")
_FENCE = re.compile(r"[ \t]*(?:```|~~~)")
_HASH_HEADING = re.compile(r"#{1,6}\s+\S")
_BOLD_LINE = re.compile(r"\*\*[^*\n]+\*\*\s*:?|__[^_\n]+__\s*:?")  # "**Tips:**", "**Tips**:"
_LABEL_MAX = 80  # a line ending with a colon is a heading when it is at most this long
_TAB = 4


@dataclass(frozen=True)
class Block:
    """Where a sentence stands in its text's layout."""

    heading: bool = False  # a line of its own that names what follows
    item: int | None = None  # the list depth of an item's first sentence (0 = the outer list)
    line_start: bool = False  # the sentence opens a line
    paragraph: bool = False  # the sentence opens a paragraph: a blank line (or the text's start) before it
    code: bool = False  # inside a fenced code block, its fences included: kept as written


def blocks(text: str, spans: Sequence[tuple[int, int]]) -> list[Block]:
    """The :class:`Block` of each sentence span ``(start, end)`` of ``text``."""
    fenced = fenced_code(text)
    lines: list[tuple[bool, tuple[int, str] | None, bool, bool, bool]] = []
    for start, end in spans:
        line_at = text.rfind("\n", 0, start) + 1
        before = text[line_at:start]
        line_start = not before.strip() or bool(_ITEM.fullmatch(before))  # the sentence opens its line
        line_end = text.find("\n", end)
        whole_line = line_start and not text[end : len(text) if line_end < 0 else line_end].strip()
        code = any(a <= start < b for a, b in fenced)
        marker = _ITEM.match(text, line_at) if line_start and not code else None  # "# note" in code is no heading
        key = None
        if marker is not None:
            key = (len(marker.group("indent").expandtabs(_TAB)), "number" if marker.group("number") else "bullet")
        heading = whole_line and not code and _heading(text[start:end], key is not None)
        previous_line = text[text.rfind("\n", 0, max(line_at - 1, 0)) + 1 : max(line_at - 1, 0)]
        paragraph = line_start and (line_at == 0 or not previous_line.strip())
        lines.append((heading, key, line_start, paragraph, code))
    order: list[tuple[int, str]] = []
    for _, key, *_ in lines:
        if key is not None and key not in order:
            order.append(key)
    # depth: items further in are deeper; at one indent, the kind of marker met first is the outer list
    first = {k: i for i, k in enumerate(order)}
    order.sort(key=lambda k: (k[0], first[k]))
    return [
        Block(heading, None if key is None else order.index(key), line_start, paragraph, code)
        for heading, key, line_start, paragraph, code in lines
    ]


def fenced_code(text: str) -> list[tuple[int, int]]:
    """The ``(start, end)`` of each fenced code block (an unclosed fence runs to the end)."""
    found: list[tuple[int, int]] = []
    opened: int | None = None
    at = 0
    for line in text.splitlines(keepends=True):
        if _FENCE.match(line):
            if opened is None:
                opened = at
            else:
                found.append((opened, at + len(line)))
                opened = None
        at += len(line)
    if opened is not None:
        found.append((opened, len(text)))
    return found


def blank_code(text: str) -> str:
    """``text`` with each fenced code block, its fences included, turned into spaces: what the
    language model reads of a turn, at the same offsets. Code is kept as written (a sentence
    inside a block is restated by no rule), so its parse, entities and concepts were never
    used for its own memories; parsed, they cost as much as prose (half of the text of a chat
    about programming) and gave the prose around it names read from code."""
    spans = fenced_code(text) if "```" in text or "~~~" in text else []
    if not spans:
        return text
    out, at = [], 0
    for start, end in spans:
        out += [text[at:start], " " * (end - start)]
        at = end
    out.append(text[at:])
    return "".join(out)


def _heading(sentence: str, item: bool) -> bool:
    """Whether a whole line names what follows: a Markdown heading, a bold line, or a short
    label ending with a colon ("Here are some options:"); a list item is an item, not a heading."""
    line = sentence.strip()
    if item:
        return False
    if _HASH_HEADING.match(line) or _BOLD_LINE.fullmatch(line):
        return True
    return line.endswith(":") and len(line) <= _LABEL_MAX


def item_extent(items: Sequence[Block], index: int) -> int:
    """The index after the last sentence of the item opened at ``index``: the next heading or
    the next item at the same depth or further out ends it."""
    depth = items[index].item
    end = index + 1
    while end < len(items):
        b = items[end]
        if b.heading or (b.item is not None and depth is not None and b.item <= depth):
            break
        end += 1
    return end


_SPEAKER_LINE = re.compile(r"^[ \t]*(?P<label>[A-Z][A-Za-z'.-]*(?: [A-Z][A-Za-z'.-]*)?):[ \t]+\S", re.MULTILINE)


def script_lines(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of the lines a character speaks in a script written inside the text
    ("Mother: We need to go.", "Daughter: Bye bye!"): a text is a script when two labels or
    more open its lines and one of them opens two lines or more; then every line a label
    opens is a character's. Their "I", "you" and "we" are the characters', not the speaker's
    or the listener's."""
    found = [(m.start(), m["label"]) for m in _SPEAKER_LINE.finditer(text)]
    labels = [label for _, label in found]
    if len(set(labels)) < 2 or all(labels.count(label) < 2 for label in labels):
        return []
    out = []
    for start, _ in found:
        end = text.find("\n", start)
        out.append((start, len(text) if end < 0 else end))
    return out
