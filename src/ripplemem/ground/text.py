"""Words and names: the one stop-word list, content keywords, known names found in a text, and
two shapes of a restatement (one that refers back, one that only states a question). Pure."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from .sentences import sentences

STOPWORDS = frozenset(
    """a about above after again against all am an and any are aren't as at be because been before
    being below between both but by can could did didn't do does doesn't doing don't down during each
    few for from further had has have having he her here hers herself him himself his how i if in into
    is isn't it its itself just let me more most my myself no nor not now of off on once only or other
    our ours ourselves out over own same she should so some such than that the their theirs them
    themselves then there these they this those through to too under until up very was wasn't we were
    what when where which while who whom why will with would you your yours yourself yourselves
    ever also much many kind kinds likely might may get got go went going say said tell told think""".split()
)

_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'-]*")

# A restatement that leans on what was said just before: it opens (after "Ann said: ") with a
# pronoun, a connective or a bare yes/no ("It taught Ann self-acceptance", "So she went back").
SPEAKER_FRAME = re.compile(r"^[A-Z][\w'-]*(?: [A-Z][\w'-]*)? (?:said|asked|answered):")  # "Ann said:", before what she said
_FRAME = rf"^(?:{SPEAKER_FRAME.pattern[1:]} )?"
_BACKREF = re.compile(
    _FRAME + r"(?:it|it's|that|that's|this|these|those|they|they're|them|he|she|there|so|and|but|also|then|too|"
    r"which|because|yes|yeah|no|sure|definitely|exactly|same|both)\b",
    re.IGNORECASE,
)
# ... but not a subject that stands for nothing: "It's been a tough week", "It's great to see
# you", "It was so inspiring to work with them", "It's raining", "There's a new cafe in town"
_NOT_FOLLOWED = "next close similar due up going related used supposed about equal compared near home all just only".split()
_DUMMY = re.compile(
    _FRAME + r"(?:it(?:'s| is| was| has| had)(?: been)? (?:(?:a|an|such a) )?(?:\w+ )?"
    r"(?:week|weekend|day|month|year|while|ages|forever|time|minute|morning|night|summer|winter)s?\b"
    r"|it(?:'s| is| was)(?: been)? (?:(?:so|really|very|quite|pretty|just|always|also|truly|super|too|such) )*"
    rf"(?!(?:{'|'.join(_NOT_FOLLOWED)})\b)[a-z]+ (?:to|that|how|seeing|being|hearing|knowing|watching|having|getting|working)\b"
    r"|it(?:'s| is| was) (?:raining|snowing|pouring|sunny|freezing|cold|hot|warm|windy)\b"
    r"|there(?:'s| is| are| was| were)\b)",
    re.IGNORECASE,
)
# a memory that only states a question someone asked ("Ann asked: ..."), no answer with it
_ASKED = re.compile(r"^[^.!?]{1,60}? asked: ")
_CAPTION = re.compile(r"^[^.!?]{1,60}? shared a photo of ")  # as the extractor states a shared image
_POINTING = re.compile(_FRAME + r"(?:this|these)\b", re.IGNORECASE)  # "This is my book collection" + a photo
_SHOWN = re.compile(r"(?:^|[.!?] )[^.!?]{1,60}? shared a photo of ")


# chat roles are named "the user" and "the assistant" in memories (write.extract_rule)
CHAT_USER = "the user"
CHAT_ASSISTANT = "the assistant"
# a chat user's request answered by the assistant, as the write path states it
_REQUEST = re.compile(r"^The user asked: .+? The assistant (?:said|answered): ", re.DOTALL)


def dictated(role: str, restatement: str) -> bool:
    """Whether a memory is what a chat user pasted or dictated rather than said of themselves:
    a user turn restated without the user as its subject ("The user said: Agents names below:
    ...", a story to edit, a table to fix). What the user tells of themselves is restated with
    "the user" as the subject ("The user has been in marketing for ..."); a text the user hands
    over is attributed whole. Memories of named speakers are never dictated."""
    return role == "user" and restatement.startswith(f"{CHAT_USER.capitalize()} said:")


def request_exchange(restatement: str) -> bool:
    """A chat user's question stated with the assistant's answer ("The user asked: Can the
    assistant recommend some podcasts ...? The assistant said: ..."): what the assistant gave on
    request, which goes to the short-term tier as a bare question does. As a fact of the long
    tier it outranked what the user said of themselves (``tests/api/test_recall_requests.py``);
    as the assistant's, the user's own words in the request were lost (LongMemEval preference
    questions: "I'm looking for mid-century modern inspiration for a new dresser ...")."""
    return bool(_REQUEST.match(restatement))


def unframed(text: str) -> str:
    """``text`` without its opening "<speaker> said:" (or "asked:", "answered:")."""
    frame = SPEAKER_FRAME.match(text)
    return text[frame.end() :].lstrip() if frame else text


def refers_back(restatement: str) -> bool:
    """Whether a restatement opens by referring to what came before ("It was...", "That's why..."),
    not with a subject that stands for nothing ("It's been a long week", "There's a cafe") nor
    with "this"/"these" pointing at the photo the speaker shares with it."""
    if _POINTING.match(restatement) and _SHOWN.search(restatement):
        return False  # "This is Tim's book collection so far. Tim shared a photo of a bookshelf": the photo
    return bool(_BACKREF.match(restatement)) and not _DUMMY.match(restatement)


def asked_only(restatement: str) -> bool:
    """A restatement that only states a question somebody asked ("Ann asked: ..."), no answer:
    after the question, nothing but more questions (and a shared photo's caption). An answer
    with it, however introduced ("Ben answered: The 42.", "Ben said: ...", or its own
    statement: "Ann asked: How long has Ben had them? Ben has had them for 3 years"), makes it
    a statement of fact."""
    lead = _ASKED.match(restatement)
    if lead is None:
        return False
    said = sentences(restatement[lead.end():].strip())
    return all(s.rstrip().endswith("?") or _CAPTION.search(s) for s in said)


def keywords(text: str) -> tuple[str, ...]:
    """Content words of ``text``, lowercased, stopwords removed, in order, unique."""
    words = (w.lower().strip("'-") for w in _WORD.findall(text))
    return tuple(dict.fromkeys(w for w in words if w and w not in STOPWORDS and len(w) > 1))


def match_names(text: str, names: Iterable[str]) -> frozenset[str]:
    """Known names mentioned in ``text`` (whole words, case-insensitive; first names too,
    when written with their capital: "Music" of "Music Hall" is a name, "music" a word).
    A name whose first word is not a word of ``text`` is passed over unread: a long chat
    knows thousands of names, and a question mentions a few."""
    low = f" {_plain(text)} "
    words = set(low.split())
    found = set()
    for name in names:
        n = _plain(name).strip()
        if not n:
            continue
        first = n.split(" ", 1)[0]
        if first not in words:
            continue  # neither the whole name nor its first name is in the text
        if f" {n} " in low:
            found.add(name)
            continue
        if " " in n and len(first) > 2 and first not in STOPWORDS:
            written = name.split()[0]
            if not written[:1].isupper() or re.search(rf"(?<!\w){re.escape(written)}(?!\w)", text):
                found.add(name)
    return frozenset(found)


def name_openings(text: str) -> frozenset[str]:
    """The words a known name mentioned in ``text`` can start with, lowercased: each word of
    the text as written (with and without the punctuation around it and a possessive), each
    of its plain words, with a period ("St." of "St Louis") and joined to the next one by a
    hyphen, period or apostrophe ("Jean-Luc" of "Jean Luc", "O'Brien" of "O Brien"). So
    :func:`match_names` over the names starting with one of them finds what it finds over
    all of them, and a store can be asked for those alone."""
    plain = _plain(text).split()
    out = set(plain) | {f"{w}." for w in plain}
    out.update(f"{a}{sep}{b}" for a, b in zip(plain, plain[1:], strict=False) for sep in "-.'’&")
    for token in text.lower().split():
        bare = token.strip(_EDGE_PUNCT)
        out.update((token, bare, bare.removesuffix("'s").removesuffix("’s")))
    return frozenset(w for w in out if w)


_EDGE_PUNCT = "\"'()[]{}<>,.;:!?“”‘’"


@lru_cache(maxsize=65536)
def _plain(text: str) -> str:
    """``text`` lowercased, every character but a-z, 0-9 and space a space."""
    return _NOT_PLAIN.sub(" ", text.lower())


_NOT_PLAIN = re.compile(r"[^a-z0-9 ]+")


# Words too general to link two memories: conversation's verbs of saying, feeling and doing,
# evaluations, vague nouns, and the calendar (times are cues of their own). Not stop words:
# they stay searchable; they are only never a gateway.
GENERIC = frozenset(
    """said says saying asked asks told tells talk talked talking mentioned mention shared share sharing
    thanks thank sorry glad happy excited sure maybe really actually pretty quite definitely totally
    anyway anyways though still even also just like liked likes love loved loves want wanted wants
    need needed needs feel feels felt feeling know knew knows think thought thinks make made makes
    take took takes give gave gives come came comes look looked looks looking seem seems seemed keep kept
    start started starting trying tried tries getting great good nice cool awesome amazing wonderful
    fantastic lovely beautiful best better fun interesting incredible super thing things stuff something
    anything everything nothing someone anyone everyone people person time times lot lots kind sort way
    ways part place places today tonight yesterday tomorrow morning evening night week weeks weekend
    month months year years day days ago soon later recently lately last next first second other another
    every each much many more most some other same different new old little big long right left well
    january february march april june july august september october november december monday tuesday
    wednesday thursday friday saturday sunday spring summer autumn fall winter
    user assistant others""".split()
)
