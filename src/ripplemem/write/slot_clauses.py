"""Who a sentence of a memory speaks of and what stands before its verb (``write.slots``).

A memory is cut into asserted sentences, each with its speaker (``"Caroline said: ..."``
switches it; questions are dropped). A sentence's subject is a name, ``the user``, or a
pronoun resolved to the last subject named (:class:`Context`); the clause a frame's verb sits
in (:func:`locate_verb`) tells whether a negation, a modal, a plan or a condition stands
before it, and so the claim's mode (:func:`clause_mode`)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .slot_lexicon import (
    ABBREV,
    AUX_WORDS,
    CAPWORD_STOP,
    CHANGE_CUE,
    DISCOURSE,
    IRREALIS,
    IRREGULAR,
    MODAL,
    SPEAKER,
    USER,
    Mode,
)


def said_sentences(text: str) -> list[tuple[str | None, str]]:
    """``(speaker, sentence)`` for the asserted sentences (questions dropped, also from ``X asked:``)."""
    out: list[tuple[str | None, str]] = []
    pos, speaker = 0, None
    marks = list(SPEAKER.finditer(text))
    bounds = [(m.start(), m.end(), m.group("who"), m.group("verb")) for m in marks] + [(len(text), len(text), None, None)]
    for start, end, who, _verb in bounds:
        out.extend((speaker, s) for s in _split_sentences(text[pos:start]))  # questions are dropped there
        pos, speaker = end, (who.lower() if who else None)
    return out


def _split_sentences(segment: str) -> list[str]:
    pieces, buf = [], ""
    for part in re.split(r"(?<=[.!?])\s+", segment.strip()):
        buf = f"{buf} {part}".strip() if buf else part
        if ABBREV.search(buf):
            continue
        pieces.append(buf)
        buf = ""
    if buf:
        pieces.append(buf)
    out: list[str] = []
    for piece in pieces:
        if piece.rstrip("\"'”’ )").endswith("?"):  # keep a statement before a dash: "X - does Y?"
            parts = re.split(r"\s[-—]\s", piece)
            out.extend(part for part in parts[:-1] if part.strip())
        elif piece:
            out.append(piece)
    return out


_SUBORDINATE = re.compile(r"^(?:(?:ever )?since|after|because|now that|as)\s+", re.IGNORECASE)
_PRED_STOP = {
    "is", "are", "am", "was", "were", "be", "has", "have", "had", "will", "would", "can", "could", "might", "may",
    "should", "must", "does", "do", "did", "now", "these", "currently", "still", "also", "just", "recently",
    "finally", "already", "really", "actually", "so", "never", "no", "not", "always", "usually", "often", "and",
    "but", "who", "which", "that", "'s", "isn't", "wasn't", "doesn't", "didn't", "hasn't", "won't", "used",
    "lately", "again", "officially", "ends", "passed", "died", "went", "rose", "increased", "dropped", "fell",
    "jumped", "got", "gets", "keeps", "lives", "works", "moved", "plays", "eats", "drinks", "runs", "goes",
}


@dataclass(frozen=True, slots=True)
class Subject:
    name: str  # "the user", "caroline", "tim's favourite book", "the team offsite"
    owner: str  # the person it belongs to ("tim"), or the name itself
    head: str  # "favourite book", or ""
    end: int  # where the NP ends in the sentence
    partner: str = ""  # "Emma" in "the user and Emma"


@dataclass
class Context:
    speaker: str | None
    last: str | None = None  # the last person named: pronouns resolve to it


def _not_a_name(word: str) -> bool:
    """A capitalised word at a sentence start that reads as a verb or adverb ("Loved", "Seeing")."""
    return word.endswith(("ed", "ly")) or (word.endswith("ing") and len(word) > 5)


def _words_from(text: str, pos: int) -> list[tuple[str, int]]:
    """The words after ``pos`` that follow one another with only spaces between them."""
    out: list[tuple[str, int]] = []
    for m in re.finditer(r"\s+([\w'&-]+)", text[pos:]):
        if out and m.start() != out[-1][1] - pos:
            break
        if not out and m.start() != 0:
            break
        out.append((m.group(1), pos + m.end()))
    return out


def _strip_lead(text: str) -> tuple[str, int]:
    """The text without leading discourse markers and factual subordinators, and how much was cut."""
    out = text
    for _ in range(3):
        new = _SUBORDINATE.sub("", DISCOURSE.sub("", out))
        if new == out:
            break
        out = new
    return out, len(text) - len(out)


def subject_of(text: str, ctx: Context, offset: int = 0) -> Subject | None:
    """The subject NP at the start of ``text``: a name, the user, a pronoun, or a possessed thing."""
    body, cut = _strip_lead(text)
    m = re.match(r"(?P<own>(?i:the user|user|i|we|he|she|they|my|our|his|her|their|the)|[A-Z][a-zA-Z-]*(?: [A-Z][a-zA-Z-]*){0,2})"
                 r"(?P<pos>'s|s')?(?=\s|$|,)", body)
    if not m:
        return None
    own = m.group("own")
    low = own.lower()
    possessive = bool(m.group("pos")) or low in ("my", "our", "his", "her", "their")
    if low in ("the user", "user", "i", "we", "my", "our"):
        owner: str | None = USER
    elif low in ("he", "she", "they", "his", "her", "their"):
        owner = ctx.last or ctx.speaker
    elif low == "the":
        owner, possessive = "the", True
    elif low.split()[0] not in CAPWORD_STOP and not _not_a_name(low.split()[0]):
        owner = low
    else:
        return None
    if owner is None:
        return None
    pos = m.end()
    head_words: list[str] = []
    if possessive:
        for word, w_end in _words_from(body, pos):
            lw = word.lower()
            if lw in _PRED_STOP or (lw.endswith("ed") and len(lw) > 4) or lw in IRREGULAR or len(head_words) >= 7:
                break
            head_words.append(lw)
            pos = w_end
            if body[pos:pos + 1] in (",", ";", ".", "!", ":"):
                break
    if owner == "the" and not head_words:
        return None
    partner = ""
    pm = re.match(r"\s+and\s+(?P<p>others|the kids|the family|(?:his|her|their|my) \w+|[A-Z]\w+)(?=\s)", body[pos:])
    if pm:
        partner = pm.group("p")
        pos += pm.end()
    head = " ".join(head_words)
    if owner == "the":
        name = owner_name = f"the {head}"
        head = ""
    else:
        name, owner_name = (f"{owner}'s {head}" if head else owner), owner
    if not head and owner_name != "the" and not name.startswith("the "):
        ctx.last = owner_name
    elif head:
        ctx.last = owner_name
    return Subject(name, owner_name, head, offset + cut + pos, partner)


# -- the clause a frame's verb sits in ------------------------------------------------------------

BOUNDARY = re.compile(r"(?:[,;:]|\s[-—]\s|\b(?:and|but|so|then|while|whereas|although|though|because)\b)\s*",
                       re.IGNORECASE)
AUX_RE = re.compile(r"[a-z']+", re.IGNORECASE)
PAST_FORM = re.compile(r"^(?:\w+ed|was|were|had|did|went|got|left|lost|sold|gave|bought|took|ran|drove|ate|wore|"
                        r"kept|made|taught|quit|stuck|flew|met|began|became|found|held|told|saw|felt)$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Local:
    subject: Subject
    aux: str  # the words between the subject and the frame's verb
    after: str  # the rest of the clause after the match
    span: str = ""  # the match itself
    prefix: str = ""  # the sentence before the match

    def has(self, pattern: str) -> bool:
        return re.search(pattern, self.aux, re.IGNORECASE) is not None

    @property
    def negated(self) -> bool:
        text = self.aux.lower().replace("no longer", "")
        return bool(re.search(r"\b(?:not|never|no|hardly|barely)\b|n't\b", text))

    @property
    def irrealis(self) -> bool:
        return bool(IRREALIS.search(self.aux.replace("used to", "")))

    @property
    def cue(self) -> str:
        for text in (self.aux, self.span, self.after):
            m = CHANGE_CUE.search(text)
            if m:
                return m.group(0).lower()
        return ""

    @property
    def anymore(self) -> bool:
        return bool(re.search(r"\b(?:anymore|any more|any longer)\b", f"{self.aux} {self.span} {self.after}",
                              re.IGNORECASE))

    @property
    def aspect(self) -> str:
        """``start`` or ``stop`` when an aspect verb carries the frame ("started eating", "stopped working")."""
        if self.has(r"\b(?:started|starting|starts|began|begun|resumed|took up)\b"):
            return "start"
        if self.has(r"\b(?:stopped|stops|quit|gave up|given up)\b"):
            return "stop"
        return ""


_FACTIVE = re.compile(
    r"\s*(?:(?:the user|i|we|he|she|they|(?-i:[A-Z])[\w'-]*(?: (?-i:[A-Z])[\w'-]*)?)\s+)?"
    r"(?:(?:just|also|finally|suddenly|recently|now|is|am|are|was|'s|'m|happy|glad|proud|excited|to)\s+)*"
    r"(?:realized|realised|realizes|noticed|found out|remembered|learned|learnt|discovered|report|reported|"
    r"admitted|admits|confirmed|confirms|announced|mentioned|knows|knew)\s+(?:that\s+)?", re.IGNORECASE)


def locate_verb(body: str, start: int, end: int, np: Subject | None, ctx: Context, lenient: bool) -> Local | None:
    """The subject and auxiliaries of the clause the match at ``start`` sits in, or ``None`` when
    the verb is embedded (a subordinate clause, a complement, a question) rather than asserted."""
    region = np.end if np is not None and np.end <= start else 0
    pre = body[region:start]
    bounds = list(BOUNDARY.finditer(pre))
    subject = np if region else None
    aux = pre
    cut = region + bounds[-1].end() if bounds else region
    lead = _FACTIVE.match(body, cut, start)
    if lead:  # "the user just realized (that) the user has been ...": the complement is asserted
        cut, bounds, region = lead.end(), [lead], -1
    if bounds:
        tail = body[cut:start]
        sub = subject_of(tail, ctx, offset=cut)
        if sub is not None and sub.end <= start:
            subject, aux = sub, body[sub.end:start]
        else:
            aux = tail
    elif not region:
        sub = subject_of(pre, ctx)
        if sub is not None and sub.end <= start:
            subject, aux = sub, body[sub.end:start]
    if subject is None and np is not None and np.end > start:
        subject, aux = np, ""
    if subject is None:
        return None
    if not lenient:
        words = [w.lower() for w in AUX_RE.findall(aux)]
        allowed = AUX_WORDS | MODAL | {"not", "n't", "never", "no", "longer", "used", "to", "hardly", "barely",
                                         "doesn't", "don't", "didn't", "isn't", "aren't", "hasn't", "haven't",
                                         "won't", "wasn't", "weren't", "can't", "ever", "these", "days", "nowadays",
                                         "right", "at", "the", "moment", "for", "good", "newly", "first",
                                         "started", "starting", "starts", "began", "begun", "resumed", "stopped",
                                         "stops", "quit", "gave", "given", "up", "took", "had", "going"}
        if any(w not in allowed for w in words):
            return None
    nxt = BOUNDARY.search(body, end)
    after = body[end:nxt.start()] if nxt else body[end:]
    return Local(subject, aux, after, body[start:end], body[:start])


def clause_mode(base: Mode, local: Local, verb: str = "") -> Mode | None:
    """The claim's mode from what precedes the verb, or ``None`` when it asserts nothing."""
    if local.has(r"(?<!getting )(?<!get )(?<!gets )(?<!got )(?<!be )(?<!been )\bused to\b"):
        return "ended" if base == "state" else None
    if local.has(r"\bused to\b"):
        return None
    if local.has(r"\bno longer\b"):
        return "ended" if base == "state" else None
    if local.negated:
        return "ended" if base == "state" and local.anymore else None
    if local.irrealis:
        return None
    if base == "state" and local.aspect:
        return "change" if local.aspect == "start" else "ended"
    if base == "state":
        present = local.has(r"\b(?:has|have|'ve|is|are|am|'s|'m|'re|been|will)\b") or bool(
            re.match(r"(?:has|have|'ve|is|are|am)\b", local.span, re.IGNORECASE))
        if not present and (local.has(r"\b(?:was|were|had)\b") or (verb and PAST_FORM.match(verb))):
            return "past"
        if local.cue in ("now", "these days", "nowadays", "instead", "currently", "at the moment", "right now",
                         "switched", "changed", "new", "again"):
            return "change"
    return base
