"""A turn's sentences as the rule extractor reads them: interjections and forms of address
stripped, each marked content or small talk (``ground.chatter``; a chat user's requests are
content), a bare fragment that names a place or a person kept, a reaction kept when the next
sentence calls what it names "it", a question told with a rising tone stated. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING

from ..ground.chatter import LENIENT, Act, explain, promises_to_try, tagged_statement
from ..ground.layout import Block, blocks
from ..ground.person import quoted_spans
from ..ground.pipeline import doc_text
from ..ground.referents import names_a_thing
from ..ground.sentences import split_sentences
from ..types import Window
from .extract_fields import FRAGMENT_NAMES, Sentence, ents, word_list

if TYPE_CHECKING:
    from spacy.tokens import Doc

BARE_INTERJECTIONS = r"hey|hi|hello|hiya|wow|whoa|oh|ooh|ah|aw+|yeah|yes|yep|yup|haha|lol|omg|hmm|um|uh|yay|bye"


INTERJECTIONS = (  # these only when a comma or "!" follows: "So, ..." but not "So many people ..."
    r"no|nope|ok|okay|well|so|thanks|thank\s+you|thx|congrats|congratulations|sure|totally|absolutely|"
    r"definitely|indeed|cool|awesome|great|nice|amazing|sweet|good\s+morning|good\s+night|man|dude|gosh|"
    r"true|right|exactly|agreed|totally\s+agree|i\s+agree|me\s+too|same\s+here|you\s+too"
)


INTERJECTION_RE = re.compile(
    rf"^(?:(?:{BARE_INTERJECTIONS})\b[\s,!.]*|(?:{INTERJECTIONS})\s*[,!.]+\s*)+", re.I
)


THANKS = re.compile(r"\bthank", re.I)


FILLERS = re.compile(r"(?:^|,\s*)(?:you\s+know|i\s+mean)(?:\s*,|(?=\s*[.!?]*$))", re.I)


# A contraction glued to the punctuation before it ("happening--I'm", "new…you're"): the
# tokenizer splits "I'm" only as a word of its own, so it stayed "I'm" in the restatement.
_GLUED_CONTRACTION = re.compile(r"(--|[\u2014\u2013]|\.{2,}|\u2026|[!?])(?=[A-Za-z]+'[a-z]+\b)")


def normalise(text: str) -> str:
    return _GLUED_CONTRACTION.sub(r"\1 ", text.replace("\u2019", "'").replace("\u2018", "'"))


def address_names(doc: Doc, window: Window) -> set[str]:
    """Names that may be used as forms of address: speakers, their nicknames, PERSONs."""
    names = {s for s in window.speakers if s[:1].isupper()}
    names |= {n.split()[0] for n in list(names) if " " in n}
    names |= {text for text, label, _, _ in ents(doc) if label == "PERSON"}
    for word in re.findall(r"\b[A-Z][a-z]{2,}\b", doc_text(doc)):
        if any(s.startswith(word) and s != word for s in window.speakers):
            names.add(word)  # "Mel" for Melanie
    return names


def read_sentences(
    text: str, names: set[str], speakers: set[str] | None = None, heard: str | None = None, doc: Doc | None = None,
    to_assistant: bool = False,
) -> list[Sentence]:
    """The turn's sentences, stripped of interjections and forms of address; a pleasantry
    (``ground.chatter``: greetings, thanks, bare reactions ...) has ``content=False``.
    ``speakers`` are the names that may be vocatives, ``heard`` the other speaker's turn
    just before (a reaction that only repeats it adds nothing). With the turn's ``doc``, a
    bare fragment the recogniser reads as a name ("Paris!") is content (:func:`named_fragments`).
    ``to_assistant``: a chat user's turn, whose requests are content (``ground.chatter.explain``)."""
    explained = explain(text, names=names if speakers is None else speakers, previous=heard, to_assistant=to_assistant)
    acts = [act for _, act, _ in explained]
    if doc is not None:
        acts = named_fragments(acts, [why for _, _, why in explained], split_sentences(text), doc)
    lead, tail = address_patterns(tuple(sorted(names, key=lambda n: (-len(n), n))))
    found: list[Sentence] = []
    spans = split_sentences(text)
    quotes = quoted_spans(text)
    for (start, end), act, block in zip(spans, acts, blocks(text, spans), strict=True):
        raw = text[start:end]
        cut = 0
        while True:
            m = lead.match(raw, cut) or INTERJECTION_RE.match(raw, cut)
            if not m or m.end() == cut:
                break
            cut = m.end()
        thanks = THANKS.search(raw, 0, cut)
        if thanks is not None and re.match(r"for\b", raw[cut:], re.I):
            cut = thanks.start()  # "Thanks, Ann, for the lift": what one thanks for needs the thanks
        body = raw[cut:]
        body = tail.sub("", body)
        body = FILLERS.sub("", body).strip()
        asked = _ASKED.search(raw) or unmarked_question(raw, block)  # "?" after a word: "| FarmFresh | -$?? |" asks nothing
        # a quoted question is not asked, nor one that ends inside a quote ('Say something like, "Would you ...?')
        question = asked is not None and not any(a < start < b or a <= start + asked.start() < b for a, b in quotes)
        rising = told_rising(raw)
        question = question and not tagged_statement(raw) and not rising  # "My tutor gave it to me, isn't it lovely?" states
        if rising and not question and body.endswith("?"):
            body = body[:-1] + "."  # "I'm weirdly good at pottery?" is told: stated with a full stop
        content = bool(body) and (act == "content" or block.code)  # "});" is code, not small talk
        found.append(Sentence(body, start + cut, start + cut + len(body), question, content, block))
    return antecedents(found, [why for _, _, why in explained])


def names_a_thing_in(doc: Doc, sentence: Sentence, speakers: Sequence[str]) -> bool:
    span = doc.char_span(sentence.start, sentence.end, alignment_mode="expand")
    return span is not None and names_a_thing(span, speakers)


def named_fragments(acts: list[Act], whys: list[str], spans: list[tuple[int, int]], doc: Doc) -> list[Act]:
    """``acts`` with a bare fragment (``ground.chatter``: "fragment: ...") that holds a name the
    recogniser found ("Paris!", "Kyoto, lovely.") made content: a word the dictionary lists may
    still name a place or a person."""
    named = [(a, b) for _, label, a, b in ents(doc) if label in FRAGMENT_NAMES]
    return [
        "content" if why.startswith("fragment:") and any(a < end and start < b for a, b in named) else act
        for act, why, (start, end) in zip(acts, whys, spans, strict=True)
    ]


# "it" or "them" as an object, "its": what refers to a thing named before. A subject "it" is
# too often no reference at all ("It's so cool how ...", "it sounds like ...", "it's hard to").
REFERS_BACK = re.compile(  # on normalised text: apostrophes are "'"
    r"\b(?:its|them)\b|\bit\b(?!\s*'|\s+(?:is|was|seems|seemed|sounds|sounded|looks|looked|feels|felt|must|might|can|could|would|will)\b)",
    re.IGNORECASE,
)


# "these little guys", "those", "they": what stands for things (or people) named just before
_THESE = re.compile(r"\b(?:these|those|they)\b", re.IGNORECASE)


def antecedents(sentences: list[Sentence], whys: list[str]) -> list[Sentence]:
    """A reaction that names what it evaluates is kept when the next sentence, kept, calls that
    thing "it", "its", "them", "they" or "these ...": "Yep, that movie is awesome. I first
    watched it 3 years ago." stated alone, the second said "Joanna first watched it around 2019", and what was watched was in
    the sentence left out. A reaction's unknown word (``ground.chatter``'s lenient rule) is the
    thing it evaluates. A promise to try "it" (``ground.chatter.promises_to_try``) after a
    statement of the speaker's own is a plan about what that statement named, kept with it."""
    out = list(sentences)
    for i in range(len(out) - 1):
        s, nxt = out[i], out[i + 1]
        if s.content or s.question or not s.text or not whys[i].startswith(LENIENT):
            continue
        if nxt.content and not nxt.question and (REFERS_BACK.search(nxt.text) or _THESE.search(nxt.text)):
            out[i] = replace(s, content=True)
    for i in range(1, len(out)):
        s, before = out[i], out[i - 1]
        if not s.content and before.content and not before.question and promises_to_try(s.text):
            out[i] = replace(s, content=True)  # "There's a new cafe on Elm Street. I'll check it out!": a plan
    return out


@lru_cache(maxsize=256)
def address_patterns(names: tuple[str, ...]) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The patterns of a form of address to ``names`` (longest first) opening and closing a
    sentence: built once per set of names, not once per turn."""
    name_re = "|".join(re.escape(n) for n in names) or r"(?!x)x"
    lead = re.compile(rf"^(?:(?:{BARE_INTERJECTIONS}|{INTERJECTIONS})\b[\s,]*)*(?:{name_re})\b\s*[,!?.:;]+\s*|^(?:{name_re}),\s*", re.I)
    tail = re.compile(rf",\s*(?:my\s+friend\s+)?(?:{name_re})\s*(?=[!?.]*$)")
    return lead, tail


_ASKED = re.compile(r"[\w'\")\]]\s*\?+\s*$")  # question marks after a word, a quote or a bracket end it ("Paris?!" exclaims)

_AUX = r"(?:is|are|am|was|were|do|does|did|can|could|should|would|will|shall|have|has|had)(?:n't)?"
# a question typed without its mark: an interrogative before an auxiliary ("what should we
# include ...") or asking which or how much ("which of these", "how long"), or an auxiliary
# before its subject ("can you give me ...", "may I ..."); not a wish ("May this tradition
# live on"), nor a clause ("What you said is true.": it is marked)
_INVERTED = re.compile(
    rf"^(?:(?:what|how|where|when|why|which|who|whom|whose)(?:'s|'re)?\s+(?:{_AUX}|might|must|may)\b"
    r"|(?:which|what|who)\s+(?:(?:kinds?|types?|sorts?)\s+)?of\b|how\s+(?:many|much|long|often|far|old)\b"
    rf"|{_AUX}\s+(?:i|you|we|they|he|she|it|there|this|that|these|those|anyone|anybody|someone|somebody)\b"
    r"|may\s+(?:i|we)\b)",
    re.I,
)
_UNMARKED = re.compile(r"[\w)\"']\s*$")  # the sentence ends on a word: no stop, no mark


def unmarked_question(raw: str, block: Block) -> re.Match[str] | None:
    """The end of a question typed without its question mark, in prose (not a heading: "How
    vaccines work", "What Is a Roth IRA" name what follows)."""
    if block.heading or block.code or not _INVERTED.match(raw.lstrip()):
        return None
    return _UNMARKED.search(raw)


# A statement with a question tagged on: "..., isn't it lovely?", "..., don't you think?", "..., right?"
_TOLD_AFTER_I = frozenset("am was have had got just really actually kinda totally finally".split())


def told_rising(sentence: str) -> bool:
    """A speaker's own news told with a rising tone: "I'm weirdly good at pottery? Who knew.",
    "I finally finished it?": the word order of a statement about the speaker, not of a
    question ("Am I late?", "I can come too?" asks leave, a modal)."""
    words = word_list(sentence.replace("\u2019", "'"))[:2]
    if not words or not sentence.rstrip().endswith("?"):
        return False
    if words[0] in ("i'm", "i've", "im", "ive"):
        return True
    return words[0] == "i" and len(words) > 1 and (words[1] in _TOLD_AFTER_I or words[1].endswith("ed"))
