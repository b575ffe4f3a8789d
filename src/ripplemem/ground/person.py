"""First and second person -> the people meant, with verb agreement read from spaCy's parse.

A memory is stated in the third person: speaker Caroline says "I like pizza", the memory
reads "Caroline likes pizza.". :func:`person_edits` reads an already parsed spaCy ``Doc``
(or a ``Span`` of one sentence inside it) and returns character edits; :func:`restate_person`
applies them to the span's text. Every word that is not a pronoun or an agreeing verb is
kept as written. The pipeline must have run :data:`PIPES` (tagger and parser); nothing
here parses again except :func:`restate_text`, the convenience for plain
strings. spaCy is imported lazily, only by :func:`restate_text`.

Conventions (documented choices):

- "I", "me" -> the speaker; "you" -> the addressee ("the user" / "the assistant" in chat
  data); ``None`` leaves that person as written. A replacement that starts a sentence (or
  the span) is capitalised ("The user likes pizza.").
- The finite verb of a clause whose subject became a name agrees with it: the first
  auxiliary, else the verb itself ("like" -> "likes", "have"/"'ve" -> "has", "do" ->
  "does", "am"/"'m"/"are"/"'re" -> "is", "were" -> "was", "don't" -> "doesn't", "ain't" ->
  "isn't"/"hasn't"); "'d" is "had" before a past participle or "better", else "would";
  "'ll" is "will"; modals and past tenses stay. Inverted questions agree the same way
  ("do you like" -> "does Melanie like"). Verbs coordinated under the same subject agree
  too ("cooks and cleans"); a coordinated subject ("my sister and I") keeps its plural
  verb; a bare infinitive or "to" infinitive stays ("let Melanie know", "lucky Melanie to
  have"). Imperatives keep their form ("Call Caroline tomorrow").
- "we"/"us" -> "<speaker> and <addressee>" only where the pair is clearly meant: a
  proposal ("we should/shall/could", "shall/should/can we", "let's" in the span), a
  question about "we" ("Did we meet?"), "remember when we", talking together ("since we
  last talked"), "our friendship/conversation/chat"; otherwise "<speaker> and others" (in
  dialogue "we" is mostly the speaker's family, so "each other" and "we both" do not
  decide it: "We both helped with the painting" was a mother and her child). The choice holds for the whole span. Verbs stay plural ("we're" ->
  "Caroline and others are"). "our"/"ours" -> "Caroline and Melanie's" for the pair,
  "Caroline's" (the speaker's household) otherwise; but "our" before a place or body many
  people share is "the" ("our community" -> "the community", "our planet"), before what a
  group does or strives for the group's ("Our actions matter" -> "Caroline and others'
  actions matter"), and before "minds", "hearts", "lives" ... each one's own ("their"). "you guys/all/two/both" -> "Melanie
  and others". "Let's" itself stays as said. A speaker with no group of its own (an
  assistant, ``speaker_group=False``) says "we" of the pair where the pair is meant, else
  of people in general ("when we are stressed, our muscles tighten"): kept as written.
- A second reference to the subject of the same clause is a pronoun, not the name again,
  when no other person is named between the two: with the hint ``"she"`` "I miss my mom"
  -> "Caroline misses her mom", "I hurt myself" -> "Caroline hurt herself", "I took it
  with me" -> "... with her"; the hints ``"he"`` and ``"they"`` give his/him/himself and
  their/them/themself. Without a hint no gender is guessed: "their own" and "themself"
  are unambiguous ("Caroline visited the neighbours and walked their own dog", "Caroline hurt
  themself"); "their" alone where no plural noun or pronoun stands between the name and it
  ("Caroline misses their mom", "Caroline lost theirs"), "with me"
  becomes "with them", or the name where a noun between could take "them" ("shelters near
  Caroline"). A plural group takes "their"/"theirs"/"them"/"themselves". An object that
  is not a reflexive becomes a pronoun only in the subject's own clause or an infinitive
  of it, not in a coordinated or relative clause ("a painting to remind Caroline"); a
  reflexive with no such subject becomes the name ("Be yourself" -> "Be Melanie"; the
  speaker's, their reflexive: "a reminder to express myself" -> "... express themself"; a
  group's, "themselves": "to be ourselves" -> "to be themselves"), and so
  does a pronoun inside a hyphenated word ("me-time" -> "Caroline-time").
- Chat leaves out "I": a statement in the past tense (or "been" + a verb) with no subject,
  led only by adverbs, gets the speaker back ("Just got back from the lake!" -> "Caroline
  just got back from the lake!", "Been" -> "Caroline has been"), and so does a statement
  that is an "-ing" clause ("Looking forward to it!" -> "Caroline is looking forward to
  it!"); the speaker is that
  clause's subject for what follows ("Finally finished my painting" -> "... their
  painting"). Questions, imperatives ("Take care") and bare participles ("Made with love")
  keep their form.
- An impersonal "you" or "we" (a general statement about anyone: "You never know", "It
  helps you relax", "Showing off our true selves is the best"; see :mod:`ground.impersonal`)
  stays as written.
- Text inside quotation marks is reported speech and stays as written. The fillers
  "you know," and "I mean," stay as written; so do "World War I" and "the US".
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, NamedTuple, cast

from ..errors import ConfigError
from .elided import SUBJECTS as _SUBJECTS
from .elided import TALK as _PAIR_VERBS
from .elided import elided_stances as _elided_stances
from .elided import elided_subjects as _elided_subjects
from .elided import elided_verb as _elided_verb
from .elided import match_case as _match_case
from .elided import sentences_of as _sentences_of
from .elided import third_person as third_person
from .impersonal import impersonal
from .pipeline import MODEL, doc_text, load

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc, Span, Token

Pronoun = Literal["she", "he", "they"]
PIPES = ("tok2vec", "tagger", "parser")
"""The components :func:`person_edits` reads: fine-grained tags and dependencies (no ``pos_``,
so the attribute ruler, about as costly as the parser, need not run)."""


class Edit(NamedTuple):
    """Replace the characters ``[start, end)`` of the Doc's text by ``text``."""

    start: int
    end: int
    text: str


# ---------------------------------------------------------------- public API


def _titled(tok: Token) -> bool:
    """A capitalised "You", "My", "We"... next to another capitalised word inside a sentence
    is part of a title or a name ("Crawl Before You Walk", "My Little Pony"), not the speaker
    talking: it is left as written."""
    if not tok.text[:1].isupper() or tok.is_sent_start:
        return False
    if tok.i > 0 and tok.nbor(-1).text in (":", "*", "-", "–", "—"):
        return False  # a clause opens after a label: "**Registration**: Your LLC will ..."
    near = [tok.nbor(-1)] if tok.i > 0 else []
    near += [tok.nbor(1)] if tok.i + 1 < len(tok.doc) else []
    capital = [t.is_alpha and t.text[:1].isupper() and not t.is_sent_start for t in near]
    if tok.lower_ == "i":  # always written with its capital: a title only between two ("The Last Time I Lied")
        return len(capital) == 2 and all(capital)
    return any(capital)


def person_edits(
    tokens: Doc | Span,
    speaker: str | None,
    addressee: str | None = None,
    *,
    speaker_pronoun: Pronoun | None = None,
    addressee_pronoun: Pronoun | None = None,
    speaker_group: bool = True,
) -> list[Edit]:
    """Edits (offsets in the Doc's text) that restate ``tokens`` in the third person. Without
    ``speaker_group`` the speaker belongs to no group of its own (an assistant): "we" is the
    speaker and the addressee where the pair is meant, else kept as written (people in
    general: "when we are stressed, our muscles tighten")."""
    doc = cast("Doc", getattr(tokens, "doc", tokens))  # a Span's Doc, or the Doc itself
    if not (doc.has_annotation("TAG") and doc.has_annotation("DEP")):
        raise ConfigError(f"person rewriting needs a parsed Doc: enable the pipes {', '.join(PIPES)}")
    quoted = _quoted_mask(tokens)
    words = [t for t, q in zip(tokens, quoted, strict=True) if not q]
    pair = addressee is not None and _pair_meant(words)
    people = {
        "1": _Person(speaker, speaker_pronoun),
        "2": _Person(addressee, addressee_pronoun),
        "we": _Person(_group(speaker, addressee if pair else None) if pair or speaker_group else None, "they",
                      plural=True, pair=pair),
        "you+": _Person(_group(addressee, None), "they", plural=True),
    }
    edits: dict[int, Edit] = {}
    for tok in words:
        ref = _reference(tok)
        if ref is None or people[ref[0]].name is None or _filler(tok) or _titled(tok) or _own_body(tok):
            continue
        if ref[0] != "1" and impersonal(tok):
            continue  # "You can't always control what happens": anyone, not the listener
        key, form = ref
        who = people[key]
        last = tok.nbor() if key == "you+" and tok.lower_ == "you" else tok
        first = tok
        if key == "we" and who.pair:
            first, last = _counted_pair(tok)  # "us two", "the two of us": the pair's names say the count
        edits[tok.i] = Edit(first.idx, last.idx + len(last), _cased(first, _form(tok, key, form, who, people)))
        if form == "subj":
            _agree(tok, who, edits)
        elif key == "2" and (verb := _elided_clause_verb(tok)) is not None:
            _inflect(verb, who, edits, lexical=True)  # "Any flooring you like?" -> "... Jon likes?"
        _glued(tok, who, edits)
    if not len(tokens):
        return []
    if speaker is not None:
        sents = _sentences_of(tokens)
        inside = {t.i for t, q in zip(tokens, quoted, strict=True) if q}
        pair_name = _group(people["1"].name or speaker, addressee) if addressee is not None else None
        for tok, text in _elided_subjects(sents, inside, people["1"].name or speaker, tokens[0].i, tokens[-1].i + 1, pair_name):
            edits.setdefault(tok.i, Edit(tok.idx, tok.idx + len(tok), text))
        for tok, text in _elided_stances(sents, inside, people["1"].name or speaker):
            edits.setdefault(tok.i, Edit(tok.idx, tok.idx + len(tok), text))
    for tok in [t for t in words if t.i in edits]:
        if (clause := _bare_clause_after(tok)) is not None:
            old = edits.get(clause.i)
            edits[clause.i] = Edit(clause.idx, old.end if old else clause.idx, "that " + (old.text if old else ""))
    lo, hi = tokens[0].idx, tokens[-1].idx + len(tokens[-1])
    found = sorted(e for e in edits.values() if lo <= e.start and e.end <= hi)  # a verb may lie outside a span
    found = _separated(found, doc_text(doc))
    if found and found[0].start == lo:  # the span starts a sentence
        found[0] = found[0]._replace(text=found[0].text[:1].upper() + found[0].text[1:])
    return found


_WH = ("WP", "WDT", "WP$", "WRB")


def _bare_clause_after(obj: Token) -> Token | None:
    """The first word of a clause that follows a restated object without "that": "tell you I
    started" would read "tell Maria John started", two names run together. A ``ccomp`` of
    the object's verb with no ``mark``, starting right after the object."""
    if obj.dep_ not in ("dobj", "dative") or obj.i + 1 >= len(obj.doc):
        return None
    nxt = obj.nbor()
    for clause in obj.head.children:
        if clause.dep_ == "ccomp" and clause.i > obj.i and not any(c.dep_ == "mark" for c in clause.children):
            if clause.left_edge.i == nxt.i and nxt.dep_ in ("nsubj", "nsubjpass", "poss", "det") and nxt.tag_ not in _WH:
                return nxt  # not "tell me what got you ...": a question word needs no "that"
    return None


_OWN_PLURALS = frozenset("minds hearts lives bodies souls heads hands feet eyes selves spirits".split())
# what "our" shares with many people, not the speaker's household: "our community" is the
# community, "our planet" the planet
_SHARED_PLACES = frozenset(
    """community communities neighborhood neighbourhood neighborhoods neighbourhoods area town city country
    nation planet earth world state region county village streets schools veterans military troops government
    infrastructure economy democracy environment youth citizens""".split()
)
# what a group does or strives for together: "our actions", "our impact" are the group's
_GROUP_DOINGS = frozenset(
    """actions efforts impact mission cause goals dreams hopes voices values strengths unity
    achievements progress contributions""".split()
)


def _separated(edits: list[Edit], text: str) -> list[Edit]:
    """"For me I just ..." restates as "For Nate Nate just ...": when one person's name ends
    an edit and begins the next with only a space between, the first gets a comma."""
    out = list(edits)
    for i in range(len(out) - 1):
        a, b = out[i], out[i + 1]
        first, second = a.text.split(" ")[-1], b.text.split(" ")[0]
        if text[a.end : b.start] == " " and first and first == second:
            out[i] = a._replace(text=a.text + ",")
    return out


def restate_person(
    tokens: Doc | Span,
    speaker: str | None,
    addressee: str | None = None,
    *,
    speaker_pronoun: Pronoun | None = None,
    addressee_pronoun: Pronoun | None = None,
) -> str:
    """The text of ``tokens`` with "I"/"you"/"we" restated as the people meant.

    >>> restate_person(nlp("I don't like jazz."), "Caroline", "Melanie")  # doctest: +SKIP
    "Caroline doesn't like jazz."
    """
    edits = person_edits(
        tokens, speaker, addressee, speaker_pronoun=speaker_pronoun, addressee_pronoun=addressee_pronoun
    )
    start = tokens[0].idx if len(tokens) else 0
    text = tokens.text
    return apply_edits(text, [Edit(e.start - start, e.end - start, e.text) for e in edits])


def restate_text(
    text: str,
    speaker: str | None,
    addressee: str | None = None,
    *,
    nlp: Language | None = None,
    speaker_pronoun: Pronoun | None = None,
    addressee_pronoun: Pronoun | None = None,
) -> str:
    """:func:`restate_person` on a plain string, parsed with ``nlp`` (default: :data:`MODEL`)."""
    doc = (nlp or _pipeline())(text)
    return restate_person(doc, speaker, addressee, speaker_pronoun=speaker_pronoun, addressee_pronoun=addressee_pronoun)


def apply_edits(text: str, edits: Iterable[Edit]) -> str:
    """``text`` with non-overlapping ``edits`` (offsets in ``text``) applied."""
    out: list[str] = []
    pos = 0
    for e in sorted(edits):
        if e.start < pos:
            continue  # overlaps an earlier edit
        out += [text[pos : e.start], e.text]
        pos = e.end
    out.append(text[pos:])
    return "".join(out)


def _pipeline() -> Language:
    return load(MODEL, ("ner", "lemmatizer", "senter", "attribute_ruler"))


# ---------------------------------------------------------------- who is meant

_FORMS = {
    "i": ("1", "subj"), "me": ("1", "obj"), "my": ("1", "det"), "mine": ("1", "poss"), "myself": ("1", "refl"),
    "we": ("we", "subj"), "us": ("we", "obj"), "our": ("we", "det"), "ours": ("we", "poss"),
    "ourselves": ("we", "refl"), "you": ("2", "subj"), "your": ("2", "det"), "yours": ("2", "poss"),
    "yourself": ("2", "refl"), "yourselves": ("you+", "refl"),
}  # fmt: skip
_NUMBERED = frozenset("War Part Phase Chapter Volume Act Type Class Level Stage Season Episode Book Round".split())
_PAIR_WORDS = frozenset("friendship conversation conversations chat chats talk talks catch-up".split())
_PROPOSALS = frozenset(("should", "shall", "could"))
_YOU_PLURAL = frozenset(("guys", "all", "folks", "two", "both"))


@dataclass(frozen=True)
class _Person:
    name: str | None
    pronoun: Pronoun | None
    plural: bool = False
    pair: bool = False


def _group(first: str | None, second: str | None) -> str | None:
    if first is None:
        return None
    return f"{first} and {second}" if second is not None else f"{first} and others"


def _reference(tok: Token) -> tuple[str, str] | None:
    """``(person, form)`` of a first- or second-person pronoun, else ``None``."""
    low = _norm(tok.lower_)
    if low not in _FORMS or tok.text == "US":
        return None
    if low in ("i", "me", "we", "us", "you", "my", "our", "your") and tok.tag_ not in ("PRP", "PRP$"):
        return None  # "World War I", a "my" that the tagger reads as an interjection
    if low == "mine" and any(c.dep_ == "det" for c in tok.children):
        return None  # "a gold mine"
    if tok.text == "I" and tok.i > 0 and tok.nbor(-1).text in _NUMBERED:
        return None  # "World War I", "Part I"
    if _in_hyphened_word(tok):
        return None  # "some me-time", "an all-you-can-eat buffet": a word, not a reference
    key, form = _FORMS[low]
    if low == "you":
        nxt = tok.nbor() if tok.i + 1 < len(tok.doc) else None
        after = nxt.nbor().lower_ if nxt is not None and nxt.i + 1 < len(tok.doc) else ""
        if nxt is not None and nxt.lower_ in _YOU_PLURAL and nxt.dep_ != "advmod" and after != "right":
            key = "you+"  # "you guys", "you all" (not "are you all right?")
        form = "subj" if tok.dep_ in _SUBJECTS else "obj"
    return key, form


_BODY = frozenset(
    """back legs leg arms arm hands hand feet foot knees knee head shoulders shoulder hips hip elbows elbow
    core spine chest neck eyes eye body toes fingers wrists wrist ankles ankle stomach abs glutes muscles
    breath heels palms forearms thighs""".split()
)


def _own_body(tok: Token) -> bool:
    """ "your" before a part of the body in an instruction ("Lie on your back, raise your legs"):
    the listener's own body, which "the user's back" would make someone else's. Kept as said."""
    if tok.lower_ != "your" or tok.head.lower_ not in _BODY:
        return False
    node = tok.head
    while node.head.i != node.i and not node.tag_.startswith("VB"):
        node = node.head
    while node.dep_ == "conj" and node.head.i != node.i:
        node = node.head
    return node.tag_ == "VB" and not any(c.dep_ in _SUBJECTS for c in node.children)


def _filler(tok: Token) -> bool:
    """ "you know," / "I mean," as a filler, set off by commas or ending the sentence."""
    low = tok.lower_
    if low not in ("you", "i") or tok.i + 1 >= len(tok.doc):
        return False
    verb = tok.nbor()
    if (low, verb.lower_) not in (("you", "know"), ("i", "mean")):
        return False
    after = verb.nbor().text if verb.i + 1 < len(tok.doc) else ""
    before = tok.nbor(-1).text if tok.i > 0 else ""
    return after == "," or before == "," and after in ("", "?", ".", "!")


def _counted_pair(tok: Token) -> tuple[Token, Token]:
    """The words that say "the two of us" around ``tok`` ("we"/"us"): "us two", "we two", "the
    two of us"; else ``tok`` alone."""
    doc = tok.doc
    if tok.i + 1 < len(doc) and doc[tok.i + 1].lower_ == "two":
        return tok, doc[tok.i + 1]
    if tok.lower_ == "us" and tok.i >= 3 and [t.lower_ for t in doc[tok.i - 3 : tok.i]] == ["the", "two", "of"]:
        return doc[tok.i - 3], tok
    return tok, tok


_COUNTED_PAIR = (" us two ", " we two ", " two of us ", " both of us ", " us both ", " we both ")


def _pair_meant(words: list[Token]) -> bool:
    """Whether "we" in these words means the speaker and the addressee (module docstring)."""
    low = [_norm(t.lower_) for t in words]
    text = f" {' '.join(low)} "
    if " let 's " in text or " remember when we " in text or any(c in text for c in _COUNTED_PAIR):
        return True  # a proposal to the addressee; a shared memory; "just us two"
    question = bool(low) and low[-1] == "?"
    for i, t in enumerate(words):
        if low[i] == "our" and t.head.lower_ in _PAIR_WORDS:
            return True  # "our last chat"
        if low[i] != "we" or t.dep_ not in _SUBJECTS:
            continue
        if question or t.head.lower_ in _PAIR_VERBS:
            return True  # "Did we meet?", "since we last talked"
        auxes = [c for c in t.head.children if c.dep_ in ("aux", "auxpass")]
        if any(a.lower_ in _PROPOSALS and not _negated(a) or a.lower_ == "can" and a.i < t.i for a in auxes):
            return True  # "we should", "shall we", "can we"
    return False


_ENDING = frozenset(("best", "most", "more", "less", "now", "lately", "too", "?"))
_AUX_BEFORE = frozenset("do does did don't can will would could should have has".split())


def _elided_clause_verb(you: Token) -> Token | None:
    """The verb of a question's last clause that the parser missed: "Any particular type of
    flooring you like?", "Something you want?" (no "do", no "that": "you" was read as an
    object). A present verb right after "you", then only an adverb or two before the "?"."""
    doc = you.doc
    if you.lower_ != "you" or you.i + 2 >= len(doc) or you.i == 0:
        return None
    verb = doc[you.i + 1]
    if not verb.is_alpha or not verb.is_lower or verb.lower_ in _BE:
        return None
    if verb.tag_ not in ("VBP", "VB") and not (verb.tag_ in ("IN", "UH") and verb.lower_ == "like"):
        return None  # "the festival I told you about?": a preposition; "like" is read as one
    end = next((t.i for t in doc[you.i + 2 :] if t.is_sent_end or t.text in ".!?"), doc[-1].i)
    tail = [t.lower_ for t in doc[you.i + 2 : end + 1]]
    if not tail or tail[-1] != "?" or any(w not in _ENDING for w in tail):
        return None
    return verb if doc[you.i - 1].tag_ not in ("MD", "TO") and doc[you.i - 1].lower_ not in _AUX_BEFORE else None


def _negated(aux: Token) -> bool:
    return any(c.dep_ == "neg" for c in aux.head.children)


_HYPHENS = ("-", "\u2010", "\u2011")


def _in_hyphened_word(tok: Token) -> bool:
    """Whether ``tok`` is joined by a hyphen, without spaces, to a word before or after it."""
    doc = tok.doc
    after = not tok.whitespace_ and tok.i + 2 < len(doc) and doc[tok.i + 1].text in _HYPHENS and not doc[tok.i + 1].whitespace_
    before = tok.i >= 2 and doc[tok.i - 1].text in _HYPHENS and not doc[tok.i - 1].whitespace_ and not doc[tok.i - 2].whitespace_
    return after or before


# ---------------------------------------------------------------- the replacement


def _form(tok: Token, key: str, form: str, who: _Person, people: dict[str, _Person]) -> str:
    """What the pronoun ``tok`` becomes."""
    name = who.name or ""
    if form == "subj":
        return name
    hyphened = not tok.whitespace_ and tok.i + 1 < len(tok.doc) and tok.nbor().text in _HYPHENS
    second = not hyphened and (form != "obj" or tok.dep_ not in ("compound", "nmod", "npadvmod", "amod"))  # "me-time"
    subj = _same_subject(tok, key, people, direct=form == "obj") if second else None
    if subj is not None or form == "refl" and _emphatic(tok, key):
        forms = _PRONOUNS["plural" if who.plural else who.pronoun]
        if form == "obj" and tok.dep_ == "pobj":  # "with me" -> "with her"
            if who.pronoun is None and not who.plural and subj is not None and _noun_between(subj, tok):
                return name  # "shelters near them" would point at the shelters
            return forms["obj"]
        if form == "obj":  # "I bought me a car", "I can be me" -> "herself"
            return forms["refl"]
        if who.pronoun is None and not who.plural and form in ("det", "poss") and not _plural_between(subj, tok):
            forms = _PRONOUNS["they"]  # "Caroline misses their mom": no one else "their" could mean
        if form == "det" and tok.i + 1 < len(tok.doc) and tok.nbor().lower_ in ("own", "best"):
            return forms["det"].removesuffix(" own")  # "my own journey" -> "their own journey"; "do their best"
        return forms[form]
    if form == "refl" and who.plural:
        return "themselves"  # "to be ourselves": a group's name twice ("be Gina and others") is no English
    if form == "refl" and key == "1":
        return _PRONOUNS[who.pronoun]["refl"]  # "a reminder to express myself": the speaker, not "express Gina"
    if form == "refl" and key == "2" and _without_subject(tok):
        return "oneself"  # "Familiarize yourself with the rules": not "Familiarize the user", nor "... themself"
    if form in ("obj", "refl"):
        return name
    if who.plural and not who.pair and key == "we":
        if form == "det" and tok.i + 1 < len(tok.doc) and tok.nbor().lower_ in _OWN_PLURALS:
            return "their"  # "taking care of our minds": each one's own, not "Caroline's minds"
        if form == "det" and tok.head.lower_ in _SHARED_PLACES:
            return "the"  # "doing our community a service": the place they share, no one's own
        if form == "det" and tok.head.lower_ in _GROUP_DOINGS:
            return f"{name}'"  # "Our actions matter" -> "Caroline and others' actions": the group's
        return f"{people['1'].name}'s"  # "our kids" -> "Caroline's kids": the speaker's household
    return f"{name}'s"


def _noun_between(first: Token, last: Token) -> bool:
    return any(t.tag_.startswith("NN") for t in first.doc[first.i + 1 : last.i])


def _plural_between(first: Token | None, last: Token) -> bool:
    """Whether a plural noun or pronoun stands between the subject and its possessive, so
    that a bare "their" could point at it ("visited the neighbours and walked their own dog")."""
    if first is None:
        return True
    return any(t.tag_ in ("NNS", "NNPS") or t.lower_ in _PLURAL_PRONOUNS for t in first.doc[first.i + 1 : last.i])


_PLURAL_PRONOUNS = frozenset(("they", "them", "their", "theirs", "we", "us", "our", "ours", "you"))


def instructs(doc: Doc) -> bool:
    """Whether a text tells its listener what to do in any of its sentences (see
    :func:`_imperative`): a how-to, a recipe, advice. "Lie on your back" cannot be restated
    in the third person ("Lie on the user's back" is someone else's back), and a rewriting
    that leaves those and changes the rest says "your back" in one sentence and "the user's
    glutes" in the next: such a text is best quoted as said."""
    return any(_imperative(sent) for sent in doc.sents)


def _imperative(sent: Span) -> bool:
    """Whether ``sent`` tells the listener what to do: not a question, and a bare verb heads it
    (or a clause after a label, "1. **Child's Pose**: Kneel on the ground") with no subject,
    no "to" and no modal ("Lie on your back", "Make sure you stretch"; not "You should lie",
    "to lie")."""
    if sent.text.rstrip().endswith("?"):
        return False
    for t in sent:
        if t.tag_ != "VB" or any(c.dep_ in ("aux", "auxpass", "mark", *_SUBJECTS) or c.tag_ in ("TO", "MD") for c in t.children):
            continue
        if t.dep_ in ("ROOT", "dep", "appos", "parataxis") and _without_subject(t):
            return True
        if t.dep_ == "conj" and (_result(t) or t.head.tag_ == "VB" and _without_subject(t)):
            return True  # "If you feel pain, stop and rest": the main clause after the "if" clause
    return False


def _without_subject(tok: Token) -> bool:
    """Whether no clause from ``tok`` up to its sentence's root names a subject: an imperative
    or an infinitive, whose subject is the person addressed ("Ask yourself questions"). Its
    reflexive is that unspoken subject: the person's name would be someone else ("Familiarize
    the user with the rules"), and "themself" after an imperative is no English ("Be gentle
    with themself"); "oneself" keeps the advice's form ("Be gentle with oneself")."""
    node = tok
    while True:
        if any(c.dep_ in _SUBJECTS for c in node.children):
            return False
        if node.head.i == node.i:
            return True
        node = node.head


def _emphatic(tok: Token, key: str) -> bool:
    """ "I myself": a reflexive in apposition to the same person."""
    ref = _reference(tok.head) if tok.dep_ == "appos" else None
    return ref is not None and ref[0] == key


_PRONOUNS: dict[str | None, dict[str, str]] = {
    "she": {"obj": "her", "det": "her", "poss": "hers", "refl": "herself"},
    "he": {"obj": "him", "det": "his", "poss": "his", "refl": "himself"},
    "they": {"obj": "them", "det": "their", "poss": "theirs", "refl": "themself"},
    None: {"obj": "them", "det": "their own", "poss": "their own", "refl": "themself"},  # no gender guessed
    "plural": {"obj": "them", "det": "their", "poss": "theirs", "refl": "themselves"},
}


def _same_subject(tok: Token, key: str, people: dict[str, _Person], *, direct: bool = False) -> Token | None:
    """The subject of ``tok``'s clause when it is the same person, earlier, with no other
    person between them; else ``None``. A clause without a subject of its own shares its
    parent's ("went camping with my kids"); with ``direct`` only an infinitive does ("lucky
    to have everyone with us"), not a coordinated or relative clause ("shoot me a question",
    "a painting to remind me")."""
    node = tok
    while node.head.i != node.i:
        if direct and _verbal(node) and node.dep_ not in ("xcomp", "aux", "auxpass"):
            return None
        child, node = node, node.head
        subjects = [c for c in node.children if c.dep_ in _SUBJECTS]
        if child in subjects or any(c.i > tok.i for c in subjects):
            return None  # tok is inside the subject, or the subject comes after it
        if subjects:
            subj = subjects[0]
            ref = _reference(subj)
            if ref is None or ref[0] != key or ref[1] not in ("subj", "obj") or people[key].name is None:
                return None  # an object form may be the subject: "lets us be ourselves"
            between = tok.doc[subj.i + 1 : tok.i]
            if any(_other_person(t, key) for t in between):
                return None
            return subj
    verb = _elided_verb(node.sent) if key == "1" and people[key].name is not None else None
    if verb is not None and verb.i < tok.i and not any(_other_person(t, key) for t in tok.doc[verb.i + 1 : tok.i]):
        return verb  # "Finally finished my painting" -> "... finished their painting": the speaker is its subject
    return None


def _verbal(tok: Token) -> bool:
    return tok.tag_.startswith("VB") or tok.tag_ == "MD"


def _other_person(tok: Token, key: str) -> bool:
    if tok.tag_ in ("NNP", "NNPS"):
        return True
    if tok.tag_ not in ("PRP", "PRP$") or tok.lower_ in ("it", "its", "itself"):
        return False
    ref = _reference(tok)
    return ref is None or ref[0] != key


def _cased(tok: Token, text: str) -> str:
    """``text`` capitalised where ``tok`` starts a sentence (or was capitalised itself)."""
    if not text:
        return text
    if _starts_sentence(tok) or tok.text[:1].isupper() and tok.lower_ != "i":
        return text[:1].upper() + text[1:]
    return text


def _starts_sentence(tok: Token) -> bool:
    i = tok.i - 1
    while i >= 0 and tok.doc[i].is_space:
        i -= 1
    return i < 0 or tok.doc[i].text in (".", "!", "?", "...", "\n") or tok.doc[i].text.endswith(("!", "?"))


# ---------------------------------------------------------------- verb agreement

_PAST_ENDINGS = (
    "got", "did", "had", "went", "made", "said", "came", "saw", "took", "gave", "knew", "told", "felt", "found",
    "ought", "aught",
)  # fmt: skip


def _past_form(low: str) -> bool:
    """A past form the tagger read as present ("forgot", "retook"); "need", "feed" are present."""
    return low.endswith(_PAST_ENDINGS) or low.endswith("ed") and not low.endswith("eed") or low in ("gon", "wan")


_BE_PRESENT = frozenset(("am", "'m", "m", "are", "'re", "re"))
_CLITICS = frozenset(("'m", "'re", "'ve", "'d", "'ll", "'s", "m", "re", "ve", "d", "ll"))
_BE = _BE_PRESENT | {"was", "were", "be", "is", "'s"}
_GOING = frozenset(("gon", "going", "wan", "got", "gotta", "have", "has"))  # "gonna chat, get ..., gather ..."
_NOMINAL = frozenset(("dobj", "pobj", "attr", "npadvmod", "compound", "amod", "nmod", "appos", "oprd", "poss"))


def _agree(subj: Token, who: _Person, edits: dict[int, Edit]) -> None:
    """Make the finite verb(s) of ``subj``'s clause agree with the new subject ``who``."""
    if subj.dep_ not in _SUBJECTS or any(c.dep_ == "conj" for c in subj.children):
        return  # not a subject, or "I and my sister": the verb stays plural
    if subj.i + 1 < len(subj.doc) and subj.nbor().lower_ in ("and", "or", "&"):
        return  # "are you and your husband going?" (misparsed as two subjects)
    verb = subj.head
    if any(c.tag_ == "TO" and c.dep_ == "aux" for c in verb.children):
        return  # "lucky you to have": an infinitive does not agree
    if verb.dep_ in _NOMINAL:
        return  # "wishing you luck": the parse made a noun the verb
    finite = _finite(verb)
    if finite is verb and verb.tag_ == "VB" and verb.dep_ != "ROOT":
        return  # "let you know", "made you laugh": a bare infinitive (a present verb is VBP)
    misread = finite is verb and verb.tag_ == "IN" and verb.is_alpha  # "I especially like": "like" tagged a preposition
    _inflect(finite, who, edits, lexical=misread)
    for conj in _conjuncts(verb):
        own = _finite(conj)
        if own is not conj:
            _inflect(own, who, edits)  # "I'm tired and am going home"
        elif finite is verb and not who.plural and verb.lower_ not in _BE and _verbal(verb) and _verb_like(conj) and not _result(conj):
            _inflect(conj, who, edits, lexical=True)  # "I cook and clean"
        elif finite is not verb and not who.plural and conj.tag_ == "VBP" and verb.lower_ not in _GOING:
            # "I'm packing and want ...": a present verb, not a base form that shares the auxiliary
            # ("I don't drink or eat meat", "I'm gonna chat and get support")
            _inflect(conj, who, edits, lexical=True)


def _result(conj: Token) -> bool:
    """A base-form verb after "so" is an imperative of its own: "I love to help, so just shoot
    me a question" (not "so just shoots"); so is a bare verb after the comma that ends an "if"
    or "when" clause the parse took for the main one ("If you feel pain, stop and rest": not
    "stops and rests")."""
    if conj.tag_ not in ("VB", "VBP"):
        return False
    head = conj.head
    while head.dep_ == "conj" and head.head.i != head.i:
        head = head.head
    if conj.tag_ == "VB" and any(c.dep_ == "mark" for c in head.children) and any(t.text == "," for t in conj.doc[head.i : conj.i]):
        return True
    for t in reversed(conj.doc[max(0, conj.i - 3) : conj.i]):
        if t.lower_ == "so":
            return t.dep_ == "cc" or t.i > 0 and t.nbor(-1).text == ","
        if t.tag_ != "RB":
            return False
    return False


def _glued(subj: Token, who: _Person, edits: dict[int, Edit]) -> None:
    """A clitic written onto the pronoun ("I'm", "you've", "I'd") is that pronoun's verb
    whatever the parse says ("today and I'm in the mood", where "I" was read as a conjunct
    of "today"): it agrees even when :func:`_agree` found no clause to follow."""
    if subj.whitespace_ or subj.i + 1 >= len(subj.doc) or subj.lower_ not in ("i", "you", "we"):
        return
    nxt = subj.nbor()
    if nxt.i not in edits and _norm(nxt.lower_) in _CLITICS - {"'s", "s"}:
        joined = subj.dep_ == "conj" or any(c.dep_ == "conj" for c in subj.children)  # "me and you're"
        _inflect(nxt, dataclasses.replace(who, plural=True) if joined else who, edits)


def _finite(verb: Token) -> Token:
    auxes = [c for c in verb.children if c.dep_ in ("aux", "auxpass") and c.tag_ != "TO"]
    return min(auxes, key=lambda t: t.i) if auxes else verb


def _conjuncts(verb: Token) -> Iterator[Token]:
    """Verbs coordinated with ``verb`` that have no subject of their own."""
    for c in verb.children:
        if c.dep_ == "conj" and not any(g.dep_ in _SUBJECTS for g in c.children):
            yield c
            yield from _conjuncts(c)


def _verb_like(tok: Token) -> bool:
    """A word coordinated with a verb that is a present verb, or one the tagger misread
    ("I cook and clean": "clean"/JJ; "I run, swim and bike": "swim", "bike"/NN)."""
    if tok.tag_ in ("VBP", "VB"):
        return True
    return tok.tag_ in ("JJ", "NN") and not any(
        c.dep_ in ("det", "amod", "poss", "compound", "nummod") for c in tok.children
    )


def _inflect(tok: Token, who: _Person, edits: dict[int, Edit], *, lexical: bool = False) -> None:
    """Record the third-person form of the verb ``tok`` (plural groups only expand clitics)."""
    low = _norm(tok.lower_)
    new = _agreeing(tok, low, who.plural, lexical)
    if new is None or new == tok.text:
        return
    if low in _CLITICS and tok.i > 0 and not tok.doc[tok.i - 1].whitespace_:
        new = " " + new  # "I'm" -> "Caroline is"
    end = tok.idx + len(tok)
    if low in ("wan", "got") and tok.i + 1 < len(tok.doc) and tok.nbor().lower_ in ("na", "ta") and not tok.whitespace_:
        end = tok.nbor().idx + len(tok.nbor())  # "wanna" split as "wan" + "na"
    new = _match_case(tok.text, new)
    if _starts_sentence(tok):
        new = new[:1].upper() + new[1:]
    edits[tok.i] = Edit(tok.idx, end, new)


def _agreeing(tok: Token, low: str, plural: bool, lexical: bool) -> str | None:
    nxt = tok.nbor() if tok.i + 1 < len(tok.doc) else None
    if low in ("'d", "d") and tok.tag_ in ("MD", "VBD"):
        return "had" if _had(tok) else "would"
    if low in ("'ll", "ll"):
        return "will"
    if plural:
        return {"'re": "are", "re": "are", "'ve": "have", "ve": "have", "'m": "are"}.get(low)
    if tok.tag_ == "MD":
        return None
    if low in _BE_PRESENT:
        return "is"
    if low == "were":
        return "was"
    if low in ("'ve", "ve"):
        return "has"
    if low == "ai":
        return "has" if tok.head.tag_ == "VBN" else "is"
    if nxt is not None and not tok.whitespace_ and (low, nxt.lower_) in (("wan", "na"), ("got", "ta")):
        return "wants to" if low == "wan" else "has to"
    if (tok.tag_ in ("VBP", "VB") or lexical) and not _past_form(low):
        return third_person(tok.text) if tok.is_alpha else None
    return None


def _had(tok: Token) -> bool:
    """ "'d" is "had" before a past participle ("I'd been") or "better", else "would"."""
    head = tok.head
    if any(c.dep_ in ("aux", "auxpass") and c.i > tok.i and c.tag_ == "VB" for c in head.children):
        return False  # "I'd have gone", "we'd get married"
    nxt = tok.nbor() if tok.i + 1 < len(tok.doc) else None
    return head.tag_ == "VBN" or nxt is not None and (nxt.lower_ == "better" or nxt.tag_ == "VBN")  # "I'd been wanting"


# ---------------------------------------------------------------- text helpers


def _norm(word: str) -> str:
    return word.replace("\u2019", "'").replace("\u2018", "'")


_QUOTES = {'"': '"', "\u201c": "\u201d", "'": "'", "\u2018": "\u2019"}


def _quoted_mask(tokens: Doc | Span) -> list[bool]:
    """For each token of ``tokens``: whether it is inside quotation marks (reported speech)."""
    if not len(tokens):
        return []
    text = tokens.text
    if not any(q in text for q in _QUOTES):
        return [False] * len(tokens)
    base = tokens[0].idx
    ranges = list(_quote_ranges(text))
    return [any(a < t.idx - base < b for a, b in ranges) for t in tokens]


def quoted_spans(text: str) -> list[tuple[int, int]]:
    """``(open, close)`` offsets of the quotation marks around the quoted passages of ``text``
    (a quotation may hold several sentences: a quoted post, a line of a song)."""
    return list(_quote_ranges(text))


_QUOTE_MARK = re.compile("[" + "".join(_QUOTES) + "]")


def _quote_ranges(text: str) -> Iterator[tuple[int, int]]:
    """``(open, close)`` offsets of the quotation marks around quoted passages (the marks
    found by search, not by a step through every character: most turns have none)."""
    i = 0
    while (m := _QUOTE_MARK.search(text, i)) is not None:
        i = m.start()
        if not _opens(text, i):
            i += 1
            continue
        close = _QUOTES[text[i]]
        j = text.find(close, i + 1)
        while j >= 0 and not _closes(text, j):
            j = text.find(close, j + 1)
        if j < 0:
            i += 1
            continue
        yield i, j
        i = j + 1


def _opens(text: str, i: int) -> bool:
    before = text[i - 1] if i > 0 else " "
    after = text[i + 1] if i + 1 < len(text) else " "
    return (before.isspace() or before in "([{:,") and not after.isspace()


def _closes(text: str, j: int) -> bool:
    before = text[j - 1]
    after = text[j + 1] if j + 1 < len(text) else " "
    return not before.isspace() and not after.isalnum()
