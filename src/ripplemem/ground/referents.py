"""A memory that leans on a referent it does not name: "They've given so much", "Caroline drew it".

A memory is read alone, long after the conversation. "They've given so much and deserve
John's backing" was said right after a turn about veterans; stated alone it does not say
who "they" are. :func:`leans_on_referent` tells such a memory from its parse (tagger and
parser, :func:`ground.pipeline.parsed`), so that composition can state it with the turn
before it (``write.compose``). It never guesses the referent: a wrong one would be a
confident wrong memory.

Read from the first sentence of what was said (after a speaker frame such as "John said:"),
which is what a reader meets first; later sentences may go on from it. The memory leans on
a referent when that sentence has a pronoun that stands for a thing or group:

- "it", "they", "them" as a subject or an object (of a verb or a preposition);
- "this", "that", "these", "those" standing alone as a subject or an object ("This seemed
  like the perfect way", not "this week"; not a relative or a conjunction "that");
- "their" before a noun anywhere ("With their trust, ..."), "its" in the subject ("Its
  colours are bright");

and nothing before it in the same sentence could be what it stands for: no noun of its
number. For "it", "its", "this" and "that" a singular noun or a name that is not a person's
(``people`` are the names of the persons the memory is about: "Caroline drew it"), a gerund,
or a clause said before the pronoun's own ("John has been training hard and it's paying
off"; not "Caroline drew it", whose verb governs the pronoun); a demonstrative may stand for
any noun. For "they", "them", "their", "these" and "those" any noun (a family, the kids) or
a pronoun of a person or group; a person's name only for "their" and "them", which memories
say of a person whose gender is not known ("Nate will add it to their list"), and for
"they" only names joined by "and" ("Luna and Oliver! They are so sweet", not "Ben admires
what they did"). The first sentence is read with the next one when it has no
verb ("Thanks, Maria! It means a lot."; "Wow, the veterans! They gave so much.").

Not a reference (the rule is conservative: a doubtful case is no reference):

- "it" that stands for nothing: a subject or object whose clause goes on in an extraposed
  clause ("It's great to see you", "It seems that Ben forgot", "Ann finds it hard to
  believe that ...", "It's been so long since ..."), the weather and the hour ("It's
  raining", "It's cold", "It's late"), and "make it" (arrive, manage: "Ann made it to the
  finals"; not of a thing made with or from something: "Ann makes it with almond flour");
- a pronoun named in its own clause: the subject of "be" with a complement naming a
  particular thing (a name, a number, a possessive: "This is my dog Max", "It was Ann who
  called") or, for "it", a time ("It's been a long week"), or one a relative clause
  describes ("those who came"); not one that only says what it was like ("It was a blast",
  "That's a great idea");
- "they" of people in general ("They say Ann is the best baker in town");
- the object of a command ("Check this out!", "Just do it!": an idiom, or what comes next);
- a pronoun inside quotation marks (words quoted, not said of anything here); a quoted
  title before a pronoun may be what it stands for.

What another turn names that such a pronoun could stand for (:func:`things_for`: "those
drawings" for "They're visuals of the characters") is read the same way, by number: a
singular noun, a name that is not a person's or a gerund for "it", "its", "this", "that"; a
plural noun or nouns joined by "and" for "they", "them", "their", "these", "those"; never a
time ("a long week"), nor a noun that names no particular thing ("a lot", "the idea").

Pure over the parse; spaCy is loaded lazily, once, by :mod:`ground.pipeline`.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import lru_cache
from typing import TYPE_CHECKING

from .pipeline import MODEL, parsed
from .sentences import sentences
from .text import SPEAKER_FRAME, unframed

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

_SINGULAR = frozenset(("it", "this", "that"))
_PLURAL = frozenset(("they", "them", "these", "those"))
_DEMONSTRATIVE = frozenset(("this", "that", "these", "those"))
_ARGUMENT = frozenset(("nsubj", "nsubjpass", "dobj", "pobj", "dative"))
_SUBJECT = frozenset(("nsubj", "nsubjpass"))
_NOUN = frozenset(("NN", "NNS", "NNP", "NNPS"))
_PERSONAL = frozenset(("he", "she", "him", "her", "we", "us", "you", "they", "them"))  # never "I": "I took them" leans on what "them" are
# a clause that an "it" before it stands for: "It's great to see you", "It seems that ..."
_EXTRAPOSED = frozenset(("xcomp", "ccomp", "csubj", "advcl", "acl"))
_CLAUSE_OPENERS = frozenset(("to", "that", "if", "whether", "when", "since", "how", "what", "because"))
# weather and the hour: "It's raining", "It's so cold", "It's late"
_WEATHER = frozenset(
    """rain rains rained raining snow snows snowed snowing pour pours poured pouring drizzle drizzling hail
    hailing sunny rainy snowy cloudy windy foggy stormy cold hot warm chilly freezing humid dark light late
    early""".split()
)
_TIMES = frozenset(
    """second seconds minute minutes hour hours day days night nights week weeks weekend weekends month months
    year years while ages time times morning afternoon evening summer winter spring autumn season""".split()
)
_MAKE = frozenset(("make", "makes", "made", "making"))
_MADE_OF = frozenset(("with", "from", "out", "of"))  # "make it" of a thing made: "made it out of clay"
_SAY = frozenset(("say", "call"))  # "They say it helps", "what they call ..."
_QUOTES = "\"“”"
# nouns that name no particular thing: "a lot", "the way", "the idea to paint it", "a bit"
_EMPTY = frozenset(
    """thing things stuff something anything everything nothing lot lots bit bits way ways kind kinds sort
    sorts idea ideas part parts bunch deal sense matter point course fact case thanks congrats sounds""".split()
)
# where a noun names a thing: an argument, a complement, a conjunct, a fragment ("Those
# drawings!"); not an adverbial ("No doubt ...") nor an interjection the tagger took for a name ("Ugh, ...")
_THING_DEPS = frozenset((*_ARGUMENT, "attr", "conj", "appos", "oprd", "ROOT"))
_GERUND_DEPS = frozenset(("nsubj", "nsubjpass", "csubj", "dobj", "pobj"))
_ONE = frozenset(("one", "ones"))  # a thing only as what an adjective says it is: "loved ones", not "the other one"
_FRAMES = re.compile(rf"(?:^|(?<=\s)){SPEAKER_FRAME.pattern[1:]}")  # "Ann said:" anywhere in a composed text
# a cheap look before parsing: the memory's first sentence has one of the pronouns
_ANY = re.compile(r"\b(?:it|its|they|them|their|this|that|these|those)\b", re.IGNORECASE)


def lead(restatement: str) -> list[str]:
    """What a memory's reader meets first: its first two sentences, without "<speaker> said:"
    (the second is read only when the first has no verb: "Thanks, Maria!", "Wow, the veterans!")."""
    text = unframed(restatement).strip()
    return (sentences(text) or [text])[:2]


def leans_on_referent(restatement: str, people: Collection[str] = (), *, model: str = MODEL) -> bool:
    """Whether ``restatement``'s first sentence has a pronoun standing for a thing or group it
    does not name before it (see the module docstring); ``people`` are the names of persons
    (a "Caroline" before "it" is not what "it" stands for)."""
    return bool(unnamed_pronouns(restatement, people, model=model))


def unnamed_pronouns(restatement: str, people: Collection[str] = (), *, model: str = MODEL) -> tuple[str, ...]:
    """The pronouns of ``restatement``'s first sentence that stand for what it does not name
    (:func:`leans_on_referent` is whether there is one)."""
    said = lead(restatement)
    if not _ANY.search(" ".join(said)):
        return ()
    names = frozenset(w.lower() for name in people for w in name.split())
    return _unnamed_in(tuple(said), names, model)


@lru_cache(maxsize=8192)
def _unnamed_in(said: tuple[str, ...], names: frozenset[str], model: str) -> tuple[str, ...]:
    doc = parsed(said[0], model)
    if len(said) > 1 and not any(t.tag_.startswith("VB") or t.tag_ == "MD" for t in doc):
        doc = parsed(f"{said[0]} {said[1]}", model)  # "Wow, the veterans! They gave so much."
    quoted = _quoted(doc[:])
    return tuple(tok.text for tok in doc if tok.i not in quoted and _unnamed(tok, names, quoted))


def _unnamed(tok: Token, names: frozenset[str], quoted: frozenset[int]) -> bool:
    """Whether ``tok`` is a pronoun standing for a thing or group that nothing before it names."""
    word = tok.lower_
    if not _referring(tok, word):
        return False
    if word in ("it", "its") and _dummy_it(tok):
        return False
    if word in _PLURAL | {"their"} and _general_they(tok):
        return False
    if _named_in_clause(tok) or _imperative_object(tok):
        return False
    before = tok.doc[: tok.i]
    if word in _SINGULAR or word == "its":
        return not any(t.i in quoted or _singular_antecedent(t, tok, names) for t in before)
    return not any(t.i in quoted or _plural_antecedent(t, word, names) for t in before)


def _referring(tok: Token, word: str) -> bool:
    """Whether ``tok`` is one of the pronouns the rule reads, in a place where it refers."""
    if word in ("it", "they", "them"):
        return tok.tag_ == "PRP" and tok.dep_ in _ARGUMENT
    if word in _DEMONSTRATIVE:
        return tok.tag_ == "DT" and tok.dep_ in _ARGUMENT  # standing alone, not "this week"
    if word == "their":
        return tok.tag_ == "PRP$"
    if word == "its":
        return tok.tag_ == "PRP$" and tok.head.dep_ in _SUBJECT
    return False


def _dummy_it(tok: Token) -> bool:
    """"it" that stands for nothing: an extraposed clause goes on after it, the weather or
    the hour, "make it"."""
    head = tok.head
    if tok.dep_ == "dobj" and head.lower_ in _MAKE:  # "Ann made it to the finals"; not "Ann makes it with almond flour"
        return not any(c.dep_ == "prep" and c.lower_ in _MADE_OF and c.i > tok.i for c in head.children)
    around = [head, *(c for c in head.children if c.dep_ in ("acomp", "attr", "oprd", "ccomp"))]
    if any(t.lower_ in _WEATHER for t in around):
        return True
    for word in around:
        for clause in word.children:
            if clause.dep_ in _EXTRAPOSED and clause.i > tok.i and _opens_clause(clause):
                return True
    return False


def _opens_clause(verb: Token) -> bool:
    """Whether ``verb`` heads a clause opened by "to", "that", "since"... or is a gerund."""
    if verb.tag_ == "VBG":
        return True
    first = verb.doc[verb.left_edge.i]
    return first.lower_ in _CLAUSE_OPENERS or any(c.dep_ in ("aux", "mark") and c.lower_ in _CLAUSE_OPENERS for c in verb.children)


def _imperative_object(tok: Token) -> bool:
    """The object of a command: "Check this out!", "Just do it!", "Keep it up!" (an idiom, or
    what comes next: no reference back)."""
    verb = tok.head
    return (
        tok.dep_ == "dobj"
        and verb.tag_ == "VB"
        and verb.dep_ == "ROOT"
        and not any(c.dep_ in ("nsubj", "nsubjpass", "aux") for c in verb.children)
    )


def _general_they(tok: Token) -> bool:
    """"they" of people in general: the subject of "say" or "call" in the present."""
    return tok.lower_ == "they" and tok.dep_ == "nsubj" and tok.head.lower_ in _SAY and tok.head.tag_ == "VBP"


def _named_in_clause(tok: Token) -> bool:
    """Whether the clause names what ``tok`` stands for: a relative clause on the pronoun
    ("those who came"), or the pronoun is the subject of "be" with a complement that names
    a particular thing ("This is my dog Max", "It's Ann's new bike", "It was Ann who called")
    or, for "it", a time ("It's been a long week", "It's 5 o'clock"); not one that only
    says what it was like ("It was a blast", "That's a great idea")."""
    if any(c.dep_ in ("relcl", "acl") for c in tok.children):
        return True
    if tok.dep_ not in _SUBJECT:
        return False
    for attr in (c for c in tok.head.children if c.dep_ == "attr" and c.i > tok.i):
        if attr.tag_ in ("NNP", "NNPS", "CD") or any(c.dep_ in ("relcl", "poss", "nummod") for c in attr.children):
            return True
        if tok.lower_ == "it" and attr.lower_ in _TIMES:
            return True
    return False


def _singular_antecedent(t: Token, tok: Token, names: frozenset[str]) -> bool:
    """Whether ``t`` could be what the pronoun ``tok`` ("it", "its", "this", "that") stands
    for: a singular noun or any name that is not a person's, a gerund, any noun for a
    demonstrative, or a clause said before the pronoun's own ("Ann quit, that was brave",
    "John has been training hard and it's paying off"; not "Caroline drew it", whose verb
    governs the pronoun)."""
    if t.tag_ in ("NN", "NNP", "NNPS") and t.lower_ not in names:
        return True  # a name of any number: "Nate watched Little Women, and it was great"
    if t.tag_ == "VBG" and t.dep_ in _ARGUMENT | {"pcomp"}:
        return True  # "Ann loves swimming, it relaxes her"
    if tok.lower_ in _DEMONSTRATIVE and t.tag_ in _NOUN and t.lower_ not in names:
        return True
    return t.tag_.startswith("VB") and t.dep_ not in ("aux", "auxpass") and not _governs(t, tok)


def _plural_antecedent(t: Token, word: str, names: frozenset[str]) -> bool:
    """Whether ``t`` could be what ``word`` ("they", "them", "their", "these", "those") stands
    for: any noun (a family, a team, the kids), or a pronoun of a person or group; a person's
    name only for "their" and "them", which memories say of a person whose gender is not known
    ("Nate will add it to their list", "Ann took the dog with them"); for "they" only names
    joined by "and" ("Luna and Oliver! They are so sweet"), not one ("Ben admires what they
    did")."""
    if t.tag_ == "PRP":
        return t.lower_ in _PERSONAL
    if t.tag_ not in _NOUN:
        return False
    if t.lower_ not in names or word in ("their", "them"):
        return True
    return word == "they" and (t.dep_ == "conj" or any(c.dep_ == "conj" for c in t.children))  # "Luna and Oliver"


def _governs(verb: Token, tok: Token) -> bool:
    """Whether ``tok`` is in the clause of ``verb`` or one of its complements, not in a clause
    coordinated with it ("Ann swam and it was great")."""
    node = tok
    while node.i != node.head.i:
        if node.dep_ in ("conj", "parataxis"):
            return False
        node = node.head
        if node.i == verb.i:
            return True
    return False


def _quoted(span: Span) -> frozenset[int]:
    """The token indices inside quotation marks ("..." or “...”) of ``span``."""
    inside, out = False, set()
    for t in span:
        if t.text in _QUOTES or t.text == "''" or t.text == "``":
            inside = not inside
            continue
        if inside:
            out.add(t.i)
    return frozenset(out)


def names_a_thing(span: Span, people: Collection[str] = ()) -> bool:
    """Whether ``span`` (a sentence of a parsed turn) names a thing of either number that a
    pronoun could stand for (see :func:`things_for`): "Those drawings are incredible!", not
    "Wow, that's so cool!" nor "How have you been these days?"."""
    names = frozenset(w.lower() for name in people for w in name.split())
    return any(_thing(t, names, singular=True) or _thing(t, names, singular=False) for t in span)


def things_for(text: str, pronouns: Collection[str], people: Collection[str] = (), *, model: str = MODEL) -> tuple[str, ...]:
    """The things ``text`` names (their lemmas, in order) that one of ``pronouns`` (those a
    memory leans on, :func:`unnamed_pronouns`) could stand for, by number: for "it", "its",
    "this", "that" a singular noun, a name that is not one of ``people``'s or a gerund ("Making
    videos"); for "they", "them", "their", "these", "those" a plural noun or nouns joined by
    "and" ("Stories and connections"). Not a time nor a noun that names no particular thing."""
    words = {p.lower() for p in pronouns}
    singular, plural = bool(words & (_SINGULAR | {"its"})), bool(words & (_PLURAL | {"their"}))
    if not (singular or plural):
        return ()
    names = frozenset(w.lower() for name in people for w in name.split())
    found = (
        t.lower_
        for part in _FRAMES.split(text) if part.strip()  # each speaker's words parsed alone: "Ann said:" misleads the parser
        for t in parsed(part.strip(), model)
        if singular and _thing(t, names, singular=True) or plural and _thing(t, names, singular=False)
    )
    return tuple(dict.fromkeys(found))


def _thing(t: Token, names: frozenset[str], *, singular: bool) -> bool:
    """Whether ``t`` names a thing a pronoun of that number could stand for (see :func:`things_for`)."""
    if t.lower_ in names or t.lower_ in _TIMES or t.lower_ in _EMPTY or t.ent_type_ == "PERSON":
        return False
    if t.lower_ in _ONE and not any(c.dep_ in ("amod", "compound") for c in t.children):
        return False
    if singular and t.tag_ == "VBG":  # "Making videos ... that's awesome", not "how brave you're being"
        return t.dep_ in _GERUND_DEPS and t.lower_ not in ("being", "having")
    if t.dep_ not in _THING_DEPS:
        return False
    if singular:
        return t.tag_ in ("NN", "NNP")
    if t.tag_ in ("NNS", "NNPS"):
        return True
    return t.tag_ in _NOUN and (t.dep_ == "conj" and t.head.tag_ in _NOUN or any(c.dep_ == "conj" and c.tag_ in _NOUN for c in t.children))
