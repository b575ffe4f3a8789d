"""One word of a sentence as the pleasantry rule reads it (:mod:`ripplemem.ground.chatter`). Pure.

What a word is: a name, a number or a time is content; a word of the closed or evaluative
classes (:mod:`ripplemem.ground.chatter_words`), a laugh or a word drawn out for effect
("Noooo") is empty; any other is unknown, and the sentence's frame decides. Its shape, read
without a tagger: a participle, a stem to match the words of the turn just heard, a common
noun after an interjection (neither a name nor a request). Where it stands: opening a
sentence, or addressing the listener ("Thanks, **Nate**!"). And its part of speech, when the
pipeline has a tagger.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .chatter_words import COUNTS_AND_TIMES, INTERJECTIONS, LEADING, LEXICON, MONTH_NAMES
from .pipeline import lemma_bases, verb_bases

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span

WORD = re.compile(r"(?<!<)(?<!</)[^\W_]+(?:['\-][^\W_]+)*")  # not the "3" of the emoticon "<3"
REPEATS = re.compile(r"(\w)\1{2,}")  # "sooo" -> "so", "Awww" -> "aw"
_RUNS = re.compile(r"(\w)\1+")
LAUGH = re.compile(r"^(?:a?h+a+)+h*$|^(?:h+e+)+h*$|^l+o+l+$|^(?:ha|ah)+h*$", re.I)
_SENTENCE_START = frozenset(".!?:;\"(\n-–—")
_POS_EVALUATIVE = frozenset({"ADJ", "ADV", "INTJ", "PUNCT", "SYM", "DET", "PRON", "AUX", "PART", "CCONJ", "SCONJ", "ADP"})
_POS_CONTENT = frozenset({"PROPN", "NUM"})


def common_noun_after_interjection(word: str, interjected: bool) -> bool:
    """Whether ``word``, opening a sentence after an interjection, is a common noun, neither a
    name nor a request: written in lower case ("Aww, **childhood** memories can be so
    powerful!"), a noun of the lemmatizer's index that is no verb. Not "Aww, **Tilly** is so
    sweet" (a name) nor "Oh, **include** the costs" (a request)."""
    low = word.lower()
    return interjected and word == low and low in lemma_bases("noun") and low not in verb_bases()


def kind(word: str, tag: str | None, *, initial: bool, shouting: bool, answering: bool = False) -> str:
    """``"empty"`` (no content), ``"content"`` (a name, number or time) or ``"unknown"``."""
    if any(c.isdigit() for c in word):
        return "content"
    if word in MONTH_NAMES and not initial:
        return "content"  # "We moved in **May**": the month, not the modal
    low = REPEATS.sub(r"\1\1", word.lower())
    if _empty_word(low) or elongated(word) in INTERJECTIONS:
        return "empty"  # "Noooo", "Hiiii", "Byeee": an interjection drawn out
    if low.partition("'")[0] in COUNTS_AND_TIMES:
        return "content"
    if word[:1].isupper() and not initial and not shouting and word != "I" and not word.startswith("I'"):
        return "content"  # a name: "We met Jon at Harbor Grill"
    if tag == "PROPN" and initial and not answering and low in lemma_bases("adj"):
        return "empty"  # "Brutal.", "Classic!": capitalised as the sentence opens, tagged a name (an answer, "Mexican.", is judged as usual)
    if tag in _POS_CONTENT:
        return "content"  # with a tagger: "**Tilly** helps me"
    if tag in _POS_EVALUATIVE:
        return "empty"  # with a tagger: "so **groovy**"
    return "unknown"


def elongated(word: str) -> str:
    """A word drawn out for effect, each run of a letter said once ("Noooo" -> "no", "Heyyy" ->
    "hey"); "" when no letter is said three times or more ("good", "hmm" are as written)."""
    return _RUNS.sub(r"\1", word.lower()) if REPEATS.search(word.lower()) else ""


def _empty_word(low: str) -> bool:
    if low in LEXICON or REPEATS.sub(r"\1", low) in LEXICON or LAUGH.match(low):
        return True
    if low.endswith("in") and low + "g" in LEXICON:
        return True  # "movin'", "nothin'": the "g" dropped, as spoken
    if "-" in low:
        return all(_empty_word(part) for part in low.split("-") if part)
    if "'" in low:  # "that'll", "nothing's": the base word decides
        base, _, clitic = low.partition("'")
        return clitic in ("s", "re", "ll", "ve", "d", "m", "t") and base in LEXICON
    return False


def participle(low: str) -> bool:
    """"thrilled", "winning" (not "breed", "thing"): the shape of a verb form, without a tagger."""
    return low.endswith("ing") and len(low) >= 6 or low.endswith("ed") and not low.endswith("eed") and len(low) >= 5


def opens(sentence: str, at: int) -> bool:
    """Whether position ``at`` opens a sentence-like unit (after a quote, a colon, a dash ...)."""
    before = sentence[:at].rstrip()
    return not before or before[-1] in _SENTENCE_START


def stem(word: str) -> str:
    low = word.lower().partition("'")[0]
    for suffix in ("ing", "ies", "ed", "es", "s"):
        if low.endswith(suffix) and len(low) - len(suffix) >= 3:
            low = low[: -len(suffix)]
            break
    return low.rstrip("e")


def vocatives(text: str, *, names: frozenset[str], alone: bool) -> set[int]:
    """Start offsets of the words that address the listener: "Hey **Mel**!", "**Jon**, ...", "..., **Caroline**!".

    ``text`` has its formulas blanked out already. A capitalised word is a vocative when it
    opens what is left (after any interjections: "Thanks **Nate**!", "Wow, **Jon**, ...") or
    closes it after a comma ("..., **Caroline**!"), and is set off by punctuation. A known name
    (a speaker) is one wherever it opens or closes what is left ("Got it **Nate**, ...",
    "See you later **Joanna**!").
    """
    spans = [(m.start(), m.end()) for m in WORD.finditer(text)]
    found: set[int] = set()
    opening = 0
    while opening < len(spans) and text[spans[opening][0] : spans[opening][1]].lower() in LEADING:
        opening += 1
    for i, (a, b) in enumerate(spans):
        word = text[a:b]
        low = word.lower()
        if not word[:1].isupper() or word == "I" or low in LEXICON and low not in names:
            continue
        before = text[:a].rstrip()
        after = text[b:].lstrip()
        set_off = not after or after[0] in ",!?.;:)"
        closes = i == len(spans) - 1
        if low in names and (i == opening or closes):
            found.add(a)
        elif set_off and not alone and len(word) > 1 and (i == opening or closes and before.endswith(",")):
            found.add(a)
    return found


def tags(doc: Doc | Span | None, offset: int, length: int) -> dict[int, str]:
    """Part-of-speech tags by character offset within the sentence (none without a tagger)."""
    if doc is None:
        return {}
    base = doc.start_char if hasattr(doc, "start_char") else 0
    out: dict[int, str] = {}
    for tok in doc:
        at = tok.idx - base - offset
        if 0 <= at < length and tok.pos_:
            out[at] = tok.pos_
    return out
