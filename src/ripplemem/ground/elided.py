"""Chat's left-out subjects: "Just got back from the lake!", "Been a busy week", "Love that
painting!" leave out "I" (or "It has"); the speaker is put back before the first word
(:func:`elided_subjects`, :func:`elided_stances`). Read from spaCy's tags and dependencies
of the sentences a restated span has words in (:func:`sentences_of`); used by
:mod:`.person`, with the third-person verb forms both read (:func:`third_person`)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

SUBJECTS = frozenset(("nsubj", "nsubjpass"))


def sentences_of(tokens: Doc | Span) -> list[Span]:
    """The sentences ``tokens`` has words in, in order, each once: the first word's sentence,
    then each next one from where the last ends (one ``Token.sent`` per sentence, not per word)."""
    if not len(tokens):
        return []
    doc = cast("Doc", getattr(tokens, "doc", tokens))
    end = tokens[-1].i + 1
    sents = [tokens[0].sent]
    while sents[-1].end < end:
        sents.append(doc[sents[-1].end].sent)
    return sents


def elided_subjects(
    sents: list[Span], inside: set[int], speaker: str, lo: int, hi: int, pair: str | None = None
) -> Iterator[tuple[Token, str]]:
    """Sentences that leave out their subject "I", as chat does ("Just got back from the lake!",
    "Wanted to let you know ...", "Been painting a lot lately."): the first word, with the
    speaker put before it ("Caroline just got back ..."; "Been" -> "Caroline has been").
    ``sents``: the sentences of the words restated, ``lo`` to ``hi`` (token indexes); ``inside``:
    the indexes of the words inside quotation marks. What left out "we" is the two speakers'
    (``pair``, "Caroline and Melanie"): talking together with no one else named ("Haven't
    talked in ages!", "Haven't caught up since May"; not "Talked to my mom")."""
    for whole in sents:
        # only the words restated: "Hey John! Haven't talked in days" was parsed as one
        # sentence with "John" the subject; the vocative is cut from the span
        sent = whole.doc[max(whole.start, lo) : min(whole.end, hi)]
        verb = elided_verb(sent)
        if verb is None or verb.i in inside:
            continue
        first = _lead(sent)
        rest = first.text[:1].lower() + first.text[1:] if first.text[1:2].islower() or len(first) == 1 else first.text
        if verb.lower_ == "been" and _time_complement(verb):
            yield first, f"It has {rest}" if first.i == verb.i else f"it has {rest}"  # "Been a busy week" -> "It has been ..."
            continue
        if pair is not None and _talked_together(verb.head if verb.dep_ == "aux" else verb):
            aux = "have " if verb.lower_ == "been" else "are " if verb.tag_ == "VBG" else ""
            yield first, f"{pair} {aux}{rest}"  # "Haven't talked in ages" -> "Jon and Gina haven't talked ..."
            continue
        if first.i == verb.i and verb.lower_ == "have":
            rest = "has"  # "Haven't seen Joanna since ..." -> "Nate hasn't seen Joanna since ..."
        aux = "has " if verb.lower_ == "been" else "is " if verb.tag_ == "VBG" else ""
        yield first, f"{speaker} {aux}{rest}"


TALK = frozenset("talk talked talking chat chatted chatting speak spoke spoken speaking".split())  # talking together ("since we last talked")
_TOGETHER = frozenset((("caught", "up"), ("catching", "up"), ("hung", "out"), ("hanging", "out"), ("met", "up")))


def _talked_together(verb: Token) -> bool:
    """Talking, catching up or hanging out with no one named to do it with, no object: what
    a left-out "we" did ("Haven't talked in a while"), not "I" ("Talked to my mom", "Caught up
    with Jen", "Spoke Spanish all day")."""
    particles = {c.lower_ for c in verb.children if c.dep_ == "prt"}
    if verb.lower_ not in TALK and not any((verb.lower_, p) in _TOGETHER for p in particles):
        return False
    return not any(c.dep_ in ("dobj", "dative") or c.dep_ == "prep" and c.lower_ in ("to", "with") for c in verb.children)


_STANCE_VERBS = frozenset("love hope wish miss need guess bet appreciate reckon figure".split())
_FEELINGS = frozenset(
    "glad happy sorry proud excited thrilled stoked grateful thankful pumped sad bummed curious".split()
)
WH_WORDS = frozenset("who what where when which how why whose".split())  # the words a wh-question opens with
_DEGREE_LEADS = frozenset("so really super very soo sooo totally".split())
_FEELING_OPENERS = frozenset(
    "to that for about of with when because it you he she they we this everything all your the our my his her".split()
)  # "Glad to hear ...", "Proud of you": a feeling with its cause, not "Happy birthday!"


def elided_stances(sents: list[Span], inside: set[int], speaker: str) -> Iterator[tuple[Token, str]]:
    """Chat leaves out "I" before a verb or adjective of stance too: "Love that painting!",
    "Hope your script gets picked up.", "Can't wait to see it.", "So glad you came.": the
    speaker goes back in ("Melanie loves that painting!", "... can't wait ...", "Melanie is
    so glad ..."). Read from the words (the parser takes "Hope" and "Glad" for names here):
    the sentence's first word after interjections, a statement of at least three words, no
    heading or list label, not inside a quotation, and not an imperative to the listener
    ("Love yourself!"). ``sents`` and ``inside`` as for :func:`elided_subjects`."""
    for sent in sents:
        lead = _lead(sent)
        text = sent.text.rstrip()
        words = list(islice((t for t in sent[lead.i - sent.start :] if not t.is_punct), 4))  # all the tests read
        if lead.i in inside or text.endswith("?") or ":" in text or "*" in text or len(words) < 3:
            continue
        low, nxt = lead.lower_, words[1]
        if any(t.lower_ in ("yourself", "yourselves") for t in words[1:3]) or nxt.lower_ in WH_WORDS:
            continue  # "Love yourself!", "Guess who's back!": said to the listener
        if low in _STANCE_VERBS and lead.tag_ not in ("VBD", "VBN", "VBG", "NNS") and _verb_follows(nxt):
            verb = third_person(low) if lead.text[1:2].islower() or len(lead.text) == 1 else lead.text
            yield lead, f"{speaker} {verb}"
        elif low in ("ca", "can", "cannot") and (low == "cannot" or nxt.lower_ == "n't") and words[2 if low != "cannot" else 1].tag_ == "VB":
            yield lead, f"{speaker} {low}"
        elif low in _FEELINGS and nxt.lower_ in _FEELING_OPENERS:
            yield lead, f"{speaker} is {low}"
        elif low in _DEGREE_LEADS and nxt.lower_ in _FEELINGS and len(words) > 3 and words[2].lower_ in _FEELING_OPENERS:
            yield lead, f"{speaker} is {low}"


def _verb_follows(nxt: Token) -> bool:
    """Whether a stance word is a verb here: not the subject of a verb ("Love is ...") nor
    coordinated with a noun ("Love and acceptance ...")."""
    return nxt.lower_ not in ("and", "or", ",", "'s", "is", "was") and nxt.tag_ not in ("VBZ", "VBD", "MD")


_SPANS_OF_TIME = frozenset(
    "while week weeks day days month months year years time ages forever minute minutes hour hours weekend summer".split()
)


def _time_complement(been: Token) -> bool:
    """ "Been a busy week", "Been ages", "Been a while": what was left out is "It has", not "I have"."""
    words = [t.lower_ for t in been.doc[been.i + 1 : been.i + 5]]
    if words[:1] and words[0] in ("ages", "forever"):
        return True
    if not words or words[0] not in ("a", "an", "such", "quite", "one", "another"):
        return False
    return any(w in _SPANS_OF_TIME for w in words[1:4])


def elided_verb(sent: Span) -> Token | None:
    """The main verb of a statement that leaves out its subject "I": in the past tense, or
    "been" + a verb, or "have"/"had" + a participle, with no subject and led by nothing but adverbs after any interjection;
    never a question, an imperative ("Take care") or a bare participle ("Made with love")."""
    lead = _lead(sent)
    if sent.text.rstrip().endswith("?") or lead.is_punct or any(t.text in ("(", "[") for t in sent[: lead.i - sent.start]):
        return None  # "(Paid)" after a list item is a note, not "I paid"
    verb = next((t for t in sent[lead.i - sent.start :] if t.tag_ != "RB"), None)
    if verb is None or any(t.tag_ != "RB" for t in sent[lead.i - sent.start : verb.i - sent.start]):
        return None
    perfect = verb.lower_ in ("have", "had") and verb.dep_ == "aux" and verb.head.tag_ == "VBN"
    root = verb.head if verb.lower_ == "been" and verb.dep_ == "aux" or perfect else verb
    if root.dep_ != "ROOT" or any((c.dep_ in SUBJECTS or c.dep_ in ("csubj", "expl")) and c.i >= sent.start for c in root.children):
        return None
    if _speaker_as_object(root):
        return None  # "Made me laugh": what was left out is "It", not "I" (that would be "myself")
    if verb.lower_ == "been" or perfect:
        return verb
    if verb.tag_ == "VBG" and verb.i == lead.i and _progressive_statement(sent, verb):
        return verb  # "Hoping my script gets noticed!" -> "Joanna is hoping ..."
    if _past(verb) and (verb.tag_ != "VBN" or any(c.dep_ in _OBJECTS for c in verb.children) or _led_by_adverb(verb)):
        return verb
    return None


def _led_by_adverb(verb: Token) -> bool:
    """A participle with an adverb before it is an action told ("Just skyped with my friend",
    "Finally moved to a new flat"), not a bare participle ("Made with love")."""
    return any(c.dep_ == "advmod" and c.tag_ == "RB" and c.i < verb.i for c in verb.children)


_OBJECTS = frozenset(("dobj", "xcomp", "ccomp", "prt", "dative", "attr", "acomp"))


def _speaker_as_object(root: Token) -> bool:
    """ "me" as the object of the main verb ("Sent me a card", "Been telling me to rest") or as
    the subject of its complement ("Made me think"): its own subject cannot be "I"."""
    for c in root.children:
        if c.lower_ == "me" and c.dep_ in ("dobj", "dative", "iobj"):
            return True
        if c.dep_ in ("ccomp", "xcomp") and any(g.lower_ == "me" and g.dep_ in SUBJECTS for g in c.children):
            return True
    return False
_NOT_PROGRESSIVE = frozenset(
    "including regarding concerning according considering following depending speaking assuming excluding "
    "barring pending notwithstanding using".split()
)  # "-ing" words that open a phrase, not an action of the speaker ("Including the dog.")


def _progressive_statement(sent: Span, verb: Token) -> bool:
    """A sentence that is an "-ing" clause with "I am" left out, as chat writes it ("Looking
    forward to the trip!"): a whole statement ending in "." or "!", not a heading or a list
    label (no colon, no markup) and not a phrase opener ("Including ...")."""
    text = sent.text.rstrip()
    if text[-1:] not in (".", "!") or ":" in text or "*" in text or verb.lower_ in _NOT_PROGRESSIVE:
        return False
    if any(c.dep_ == "conj" and c.tag_ == "VBG" for c in verb.children):
        return False  # "Writing and hanging out with friends!": a list of activities, an answer
    if any(c.dep_ == "ccomp" for c in verb.children) and verb.lower_ not in _CLAUSE_TAKING:
        return False  # "Seeing these figures makes me happy": parsed as "Hoping my script gets picked", a subject
    for tok in sent:  # "Trying new flavors has been a blast": the "-ing" clause is a subject after all
        if tok.tag_ in ("VBZ", "VBD", "VBP", "MD") and tok.i != verb.i:
            heads = (tok, tok.head) if tok.dep_ in ("aux", "auxpass") else (tok,)
            # a verb joined to the "-ing" word by "and" is the speaker's too ("Packing and went"),
            # unless it agrees with no "I": "Taking care of myself, and mentally helps me" (a
            # long subject the parser read as coordinated)
            joined = tok.dep_ == "conj" and tok.tag_ != "VBZ"
            subjects = [c for h in heads for c in h.children if c.dep_ in SUBJECTS or c.dep_ in ("csubj", "expl")]
            if not joined and not any(not _list_tail(c) for c in subjects):
                return False
    return True


def _list_tail(subject: Token) -> bool:
    """A bare noun right after "and", "or" or a comma, read as a subject: the last item of a
    list the parser cut off ("Trying flavors like chocolate, raspberry, and coconut has been a
    blast": "coconut has been"), not a clause of its own ("..., and the car is packed")."""
    return (subject.tag_ in ("NN", "NNS") and subject.i > 0 and subject.nbor(-1).lower_ in ("and", "or", ",")
            and not any(c.dep_ in ("det", "poss", "nummod") for c in subject.children))


_CLAUSE_TAKING = frozenset("hoping thinking wondering guessing wishing praying figuring betting".split())


def _lead(sent: Span) -> Token:
    """The first word of a sentence after interjections, vocative commas and punctuation."""
    for t in sent:
        if not (t.is_punct or t.tag_ in ("UH", "_SP", "SP")):
            return t
    return sent[0]


def _past(verb: Token) -> bool:
    """A past-tense verb, also where the tagger reads a fronted one as an imperative ("Got a
    puppy!", "Took this pic")."""
    if verb.tag_ in ("VBD", "VBN"):
        return True
    if verb.tag_ == "VB" and verb.lower_ in _SAME_AS_BASE and any(
        c.dep_ == "conj" and c.tag_ == "VB" and not _past(c) for c in verb.children
    ):
        return False  # "Read lots and try out different genres": "try" says it is an imperative
    return verb.tag_ == "VB" and (verb.lower_ in _PAST_FORMS or verb.lower_.endswith("ed") and not verb.lower_.endswith("eed"))


_SAME_AS_BASE = frozenset("read put cut set hit let quit shut cost hurt".split())  # the past spelled as the base form


_PAST_FORMS = frozenset(
    """went came saw took gave got found won lost bought met ran began wrote told said felt left brought caught
    taught held built sent spent sold drove flew ate drank swam sang wore fell grew knew threw chose spoke broke
    woke rode stole shook became made had did heard read thought""".split()
)


IRREGULAR = {"have": "has", "do": "does", "go": "goes", "be": "is", "wanna": "wants to", "gotta": "has to"}


def third_person(verb: str) -> str:
    """The third-person singular present of a base-form verb: "love" -> "loves"."""
    low = verb.lower()
    if low in IRREGULAR:
        return match_case(verb, IRREGULAR[low])
    if low.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if low.endswith("y") and len(low) > 1 and low[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def match_case(original: str, new: str) -> str:
    if original[:1].isupper() and not new[:1].isupper():
        return new[:1].upper() + new[1:]
    return new
