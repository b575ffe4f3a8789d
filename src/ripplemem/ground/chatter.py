"""Chatter: is a sentence (or a turn) content, or a pleasantry that carries no memory? Pure.

Built from the structure of English dialogue acts, not from any dataset's wording:

- **phatic formulas**: greetings ("Hey! Good to see you!"), closings ("Talk soon!", "I'll let
  you go", "Let me know"), thanks and their answers ("Thanks!", "No worries", "Anytime"),
  wellbeing and lead-in questions ("How are you?", "What's new?", "How about you?"),
  acknowledgements ("Sounds good", "Got it", "Fair enough");
- **interjections** and **fillers** ("Wow", "Haha", "Ugh", ":)", "Continue");
- **bare reactions**: evaluations, praise, sympathy and encouragement that introduce no new
  referent ("That's awesome!", "You're so brave, keep it up!", "Sorry to hear that",
  "Ugh, Mondays.");
- **follow-up questions with no referent** ("How did it go?", "What happened?");
- **bare fragments** that react to what the other speaker just told: a verbless phrase of a
  few common words that names nothing new ("Ha, legend.", "Poor thing.", "Chaos here.",
  "Nine! The audacity." after "... found nine"), opening a turn that states nothing else.

A sentence is a pleasantry when, once vocatives ("Thanks, **Nate**!"), interjections and the
formulas above are set aside, every word left belongs to a closed or evaluative class:
function words, evaluative adjectives and degree adverbs, affect and social verbs ("love",
"hope", "sound", "keep"), and nouns that refer to no thing in the world ("stuff", "one",
"day", "support", "kind words"). A name, a number or a time always makes it content. Other
words make it content too, except in two frames where English carries no new referent:

- a **reaction** that evaluates what was heard ("**Winning** a tough **game** must have been so
  thrilling!", "Your **studio** is gonna make a huge difference"): an evaluative word, no
  more than a few other words, not about the speaker ("I went", "my dog"; but "I'm so glad
  ...", "I hope ..." speak to the listener), no narration in the past tense (but "you did
  great"), and nothing introduced by "a"/"an" ("a **puppy**") or opening it (a name, a request);
- a **follow-up question** whose only other words are verbs ("How did they **react**?"): a
  noun asks about something ("Wow, you got a puppy? What **breed**?" is content; "That's
  awesome!" is not), and so does a question that opens with "where", "when", "which" or
  "how long/many/much" ("So, **where** are you going to stay?": the answer is a fact).

With the other speaker's turn just before (``previous``), words it used are no news in a
reaction ("I ran a charity race." -> "That charity race sounds great!"), and a reply to its
question is an answer, judged strictly ("Ever been to one?" -> "Nope, never."). The rules err
towards content: a pleasantry kept costs a little budget, a fact dropped is lost.

With a spaCy ``Doc`` (or ``Span``) whose tokens carry part-of-speech tags, an unknown word
tagged as an adjective, adverb or interjection counts as evaluative, a proper noun or number
as content, a verb as a verb; without tags (the NER-only pipeline) the rules read the text.

The word classes are in :mod:`ripplemem.ground.chatter_words`, the formulas in
:mod:`ripplemem.ground.chatter_formulas`, how one word is read in
:mod:`ripplemem.ground.chatter_tokens`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import chatter_shapes as shapes
from .chatter_formulas import (
    ACTS,
    ANSWER_OFFER,
    ANY_FORMULA,
    FACT_QUESTION,
    FORMULA_RES,
    INPUT_REQUEST,
    REPLY_CLOSING,
    STATEMENT_TAG,
    TAG_QUESTION,
    TRY_IT_RE,
    Act,
)
from .chatter_tokens import LAUGH as _LAUGH
from .chatter_tokens import REPEATS as _REPEATS
from .chatter_tokens import WORD as _WORD
from .chatter_tokens import common_noun_after_interjection as _common_noun_after_interjection
from .chatter_tokens import elongated as _elongated
from .chatter_tokens import kind as _kind
from .chatter_tokens import opens as _opens
from .chatter_tokens import participle as _participle
from .chatter_tokens import stem as _stem
from .chatter_tokens import tags as _tags
from .chatter_tokens import vocatives as _vocatives
from .chatter_words import (
    ADDRESS,
    BE_FORMS,
    DEGREE,
    DETERMINERS,
    EMPTY_NOUNS,
    EVALUATIVE,
    FRAGMENT_GLUE,
    GET_FORMS,
    INTERJECTIONS,
    LEXICON,
    NOUN_MODIFIERS,
    PAST_FORMS,
    PLAIN_ADJECTIVES,
    POLAR_OPENERS,
    VERB_BEFORE,
    VIRTUES,
    YES_NO,
)
from .elided import WH_WORDS
from .pipeline import lemma_bases, verb_bases
from .sentences import split_sentences

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span

__all__ = [
    "ACTS", "Act", "asks_for_input", "dialogue_act", "explain", "is_pleasantry", "promises_to_try", "statement_tag", "tagged_statement",
]

MAX_PLEASANTRY_WORDS = 40  # a longer sentence is not small talk, whatever its words
MAX_VERBS_IN_QUESTION = 2  # verbs a follow-up question may hold and still name nothing
MAX_UNKNOWN_IN_REACTION = 4  # unknown words (not echoes) an evaluation of what was heard may hold

_PAIRED = frozenset(("two", "both"))
_PAIR_PRONOUNS = frozenset(("you", "us", "we"))
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'"})


# ---------------------------------------------------------------- the API


def dialogue_act(
    text: str, *, names: Iterable[str] = (), previous: str | None = None, doc: Doc | Span | None = None,
    to_assistant: bool = False,
) -> Act:
    """The dialogue act of a sentence or a turn: ``"content"`` if any sentence carries content.

    A turn that is all pleasantry gets the act of its first sentence that is not filler
    ("Thanks! Bye!" -> ``"thanks"``). ``names`` are the speakers (and their nicknames): as
    vocatives ("Thanks, Nate!") they are no content. ``previous`` is the other speaker's
    turn just before, when known: a reaction that only repeats its words introduces nothing
    ("I ran a charity race." -> "A charity race, how inspiring!"), while a reply to its
    question is an answer, judged strictly ("Ever been to one?" -> "Nope, never."). ``doc``
    is an optional spaCy ``Doc`` or ``Span`` of exactly ``text``; its part-of-speech tags,
    when the pipeline has a tagger, refine the rules.
    """
    acts = [act for _, act, _ in explain(text, names=names, previous=previous, doc=doc, to_assistant=to_assistant)]
    if not acts:
        return "filler"
    if "content" in acts:
        return "content"
    return next((a for a in acts if a != "filler"), "filler")


def explain(
    text: str, *, names: Iterable[str] = (), previous: str | None = None, doc: Doc | Span | None = None,
    to_assistant: bool = False,
) -> list[tuple[str, Act, str]]:
    """Each sentence of ``text`` with its act and why: the word that makes it content, or the rule.

    ``to_assistant``: a chat user's turn. What the user asks or tells the assistant is content
    whenever it holds words of its own ("how can a creative incorporate group fitness into
    their work", "Can you make it shorter?"): the lenient reading, by which a reaction of a few
    unknown words between two people says nothing ("Aww, childhood memories can be so
    powerful!"), is not applied to its questions nor to its statements of two such words or
    more (:func:`_requests`); its formulas ("Thanks, that's really helpful!", "Got it, great.")
    are small talk as before."""
    clean = text.translate(_APOSTROPHES)
    context = _context(_name_set(names), previous)
    found = []
    for i, (a, b) in enumerate(split_sentences(clean)):
        if to_assistant:
            act, why = _sentence_act(clean[a:b], _tags(doc, a, b - a), context, first=i == 0)
        else:
            act, why = _dashed_act(clean, a, b, doc, context, first=i == 0)
        found.append((clean[a:b], act, why))
    found = _fragments(found, context) if context.reacting or context.phatic else found
    if to_assistant:
        found = [(s, "content" if _requests(act, why) else act, why) for s, act, why in found]
    return found


def _dashed_act(text: str, a: int, b: int, doc: Doc | Span | None, context: _Context, *, first: bool) -> tuple[Act, str]:
    """The act of the sentence ``text[a:b]`` and why, a statement and a question joined by a dash
    judged as two sentences ("Winning after that game must have felt amazing - what was it
    like?": a reaction and a follow-up question): content when either part is."""
    m = _DASHED_QUESTION.search(text, a, b)
    if m is None or m.start() == a:
        return _sentence_act(text[a:b], _tags(doc, a, b - a), context, first=first)
    judged = [
        _sentence_act(text[x:y], _tags(doc, x, y - x), context, first=first and x == a) for x, y in ((a, m.start()), (m.start(1), b))
    ]
    content = next((why for act, why in judged if act == "content"), None)
    if content is not None:
        return "content", content
    words = " ".join(why[len(LENIENT) :].strip() for _, why in judged if why.startswith(LENIENT))
    return next((act for act, _ in judged if act != "filler"), "filler"), f"{LENIENT} {words}" if words else "all words empty"


_DASHED_QUESTION = re.compile(
    r"\s+[-\u2013\u2014]+\s+((?:what|how|why|who|did|do|does|was|were|is|are|have|has|had|will|would|can|could)(?:'s|'re)?(?![\w'])"
    r"[^-\u2013\u2014?]*\?)\s*$",
    re.I,
)


def _requests(act: Act, why: str) -> bool:
    """Whether a chat user's sentence read leniently as small talk asks or tells the assistant
    something: a question with a word of its own ("Can you make it shorter?"), or a statement
    with two ("how can a creative incorporate group fitness into their work"); not thanks with
    one ("Thanks, that's really helpful!")."""
    if not why.startswith(LENIENT):
        return False
    words = why[len(LENIENT) :].split()
    return act == "phatic_question" and len(words) >= 1 or act == "reaction" and len(words) >= 2


LENIENT = "leniently:"  # the reason given when a sentence of unknown words was read as small talk


def asks_for_input(sentence: str) -> bool:
    """Whether ``sentence``, said by a chat assistant, asks for the material it is to work on
    ("Please provide me with the cover letter and I'll get started.", "Could you paste the
    text here?") or offers help naming nothing ("Sure, I can help with that.", which after
    "Can you help me ...?" reads as an answer): nothing is known yet. Not advice ("Send your
    resume to the hiring manager."); read in an assistant's turn only."""
    return bool(INPUT_REQUEST.match(sentence.translate(_APOSTROPHES)))


def offers_help(sentence: str) -> bool:
    """Whether ``sentence`` offers more help, as an answer closes ("I'd be happy to help you
    with more tips.", "Just let me know what you're interested in, and I'll do my best to
    assist you!"); read at the end of an assistant's answer only."""
    return bool(ANSWER_OFFER.match(sentence.translate(_APOSTROPHES)))


def promises_to_try(sentence: str) -> bool:
    """Whether ``sentence`` promises to try a thing it calls only "it" ("I'll definitely check
    it out!", "Gonna add it to my reading list"): small talk after what the other speaker
    recommended, a plan when the speaker named the thing just before."""
    return TRY_IT_RE.search(sentence.translate(_APOSTROPHES)) is not None


def tagged_statement(sentence: str) -> bool:
    """Whether ``sentence`` is a statement with a question tagged on: it asks for no answer,
    and what it says is said ("My tutor gave it to me, isn't it lovely?", a bare tag without
    its comma too: "It's all about practice isn't it?", see :func:`statement_tag`). Not a
    question that opens as one ("Did you like it, or not really?")."""
    m = TAG_QUESTION.search(sentence.translate(_APOSTROPHES))
    return m is not None and _states(sentence[: m.start()]) or statement_tag(sentence) is not None


def statement_tag(sentence: str) -> int | None:
    """Where a bare tag closing the statement ``sentence`` starts (its comma or the space
    before it), or ``None``: "I really should start a cork board of my own shouldn't I." ->
    at " shouldn't I.". The tag asks nothing the statement does not say, and restated it is
    broken English ("Nate should start one, shouldn't Nate."). Not a question that opens as
    one ("Did you like it, right?", "Why shouldn't I?"), nor a tag that says more ("..., isn't
    it lovely?")."""
    m = STATEMENT_TAG.search(sentence.translate(_APOSTROPHES))
    return m.start() if m is not None and _states(sentence[: m.start()]) else None


def _states(before_tag: str) -> bool:
    """Whether the words before a tag open as a statement: a first word that is neither an
    auxiliary opening a yes/no question nor a wh-word ("Did you ...", "Why shouldn't I")."""
    head = [w.lower() for w in _WORD.findall(before_tag)[:1]]
    return bool(head) and head[0] not in POLAR_OPENERS and head[0].split("'")[0] not in WH_WORDS


def is_pleasantry(
    text: str, *, names: Iterable[str] = (), previous: str | None = None, doc: Doc | Span | None = None,
    to_assistant: bool = False,
) -> bool:
    """Whether ``text`` (a sentence or a whole turn) carries no memory: see :func:`dialogue_act`
    (``to_assistant``: see :func:`explain`)."""
    return dialogue_act(text, names=names, previous=previous, doc=doc, to_assistant=to_assistant) != "content"


# ---------------------------------------------------------------- bare fragments

MAX_FRAGMENT_WORDS = 3  # words of its own a bare fragment may hold: "Very sensible stockpiling."
MAX_FRAGMENT_SPAN = 6  # words in all, formulas and interjections too: "Oh wow, congrats on the promotion!"
# What leaves something open for the reply to fill: a question put inside a statement ("I
# can't decide what to cook", "Guess who I saw"), or a call for ideas ("Give me ideas"): a
# fragment after it is an answer ("Lasagne."). A relative "who" ("a man who sings") opens nothing.
_OPENS_GAP = re.compile(
    r"(?<![\w'])(?:(?:guess|wonder\w*|decid\w*|idea|sure|know|knows|knew|figure\s+out|find\s+out|work\s+out|tell\s+me|"
    r"ask\w*|remember|forget|forgot)\s+(?:\w+\s+)??(?:what|which|who|whom|whose|where|when|why|how|whether|if)|"
    r"ideas|suggestions?|recommend\w*|advice|tips)(?![\w'])",
    re.I,
)
_REFERS = re.compile(r"(?<![\w'])(?:it|its|they|them|these|those)(?![\w'])", re.I)


def _fragments(found: list[tuple[str, Act, str]], context: _Context) -> list[tuple[str, Act, str]]:
    """A turn that opens by reacting to what the other speaker just told with bare fragments:
    a verbless phrase of a few words that names nothing new ("Ha, legend.", "Poor thing.",
    "Total chaos here.", "Nightmare. When's someone coming?") is a reaction, as an elongated
    interjection is; so is an assessment answering how one is ("How's your week been?" ->
    "Long. Yours?"). What it evaluates was said in the turn before. Not when the turn states
    something of its own besides ("Pancakes! Made them this morning.": the fragment is what it
    tells of), nor after something the speaker said first ("Remember the interview? Total
    disaster.": it evaluates that), nor when a question after it refers to it ("Pancakes! Were
    they good?"). Only between people, whose ``names`` are known: a chat user's short phrase
    after the assistant's answer ("more details", "in a table", "Japanese") asks for something."""
    fragments = [_fragment(s, context) if act == "content" else "" for s, act, _ in found]
    if any(act == "content" and not _asks(s) and not f for (s, act, _), f in zip(found, fragments, strict=True)):
        return found
    out = list(found)
    for i, ((s, act, _), words) in enumerate(zip(found, fragments, strict=True)):
        if act != "content":
            continue
        if not words or any(_asks(later) and _REFERS.search(later) for later, _, _ in found[i + 1 :]):
            break  # what the speaker goes on to say is their own
        out[i] = (s, "phatic_question" if _asks(s) else "reaction", "fragment: " + words)
    return out


def _asks(sentence: str) -> bool:
    return sentence.rstrip().rstrip("!").endswith("?")


def _fragment(sentence: str, context: _Context) -> str:
    """The words of ``sentence`` when it is a bare fragment, else "".

    A fragment holds no verb and no pronoun, and at most :data:`MAX_FRAGMENT_WORDS` words of its
    own besides interjections, the speakers' names, determiners and evaluative words, each a common
    English word (the lemmatizer's noun, adjective or adverb index: "chaos", "legend",
    "realistic", "adulting"), not a name, a number or a time unless the turn before said it
    ("Nine! The audacity." after "... found nine") in an exclamation or a question ("For only
    a week." specifies it). A word that can only be a verb ("Define level.", "Faith restored.")
    makes it an instruction or a clause. A question is a fragment only when it repeats what
    was just said and nothing else ("A lunge??"): "Stress?" asks about something new.
    """
    question = _asks(sentence)
    text, acts = _mask_formulas(sentence)
    if question and acts or len(_WORD.findall(sentence)) > MAX_FRAGMENT_SPAN:
        return ""  # "How are things going with the new team?": it asks about the team
    exclaims = question or sentence.rstrip().endswith("!")
    spans = [(m.group(), m.start()) for m in _WORD.finditer(text)]
    vocative = _vocatives(text, names=context.names, alone=len(spans) == 1)
    own: list[str] = []
    for i, (word, at) in enumerate(spans):
        low = word.lower()
        if at in vocative and low in context.names or low in INTERJECTIONS or _elongated(word) in INTERJECTIONS or _LAUGH.match(low):
            continue  # "Wow, a marathon!": an interjection, though "wow" is a verb too
        if not own and i + 1 < len(spans) and low in verb_bases() and spans[i + 1][0].lower() in DETERMINERS:
            return ""  # "Check the boiler.": an instruction about a thing
        if question and low in ("what", "how"):
            return ""  # "How short?" asks how much: the answer is a fact
        if low in FRAGMENT_GLUE or low in DEGREE or low in EVALUATIVE or low in PLAIN_ADJECTIVES or low in ADDRESS or low in EMPTY_NOUNS or low in VIRTUES:
            continue
        echo = _stem(word) in context.echo
        if not echo and (low in LEXICON or low in PAST_FORMS):
            return ""  # a pronoun, an auxiliary, a verb
        if not (echo and exclaims) and _kind(word, None, initial=_opens(text, at), shouting=False) == "content":
            return ""  # a name, a number or a time
        if not echo and not _common(low):
            return ""  # "Ouagadougou!", "Tilly!": a word no dictionary lists is a name
        own.append(low)
    if not own or len(own) > MAX_FRAGMENT_WORDS or question and not all(_stem(w) in context.echo for w in own):
        return ""
    if not context.reacting and not all(_assesses(w) for w in own):
        return ""  # "How's your week been?" -> "Snow!": news, not how it has been
    return " ".join(own)


def _assesses(low: str) -> bool:
    """Whether ``low`` can be an adjective or an adverb: "Long.", "Mad busy." say how it went."""
    return low in lemma_bases("adj") or low in lemma_bases("adv")


def _common(low: str) -> bool:
    """Whether ``low`` is a common English noun, adjective or adverb (or an inflection of one),
    and not a word that can only be a verb ("define", "restored")."""
    if "-" in low:
        return all(_common(part) for part in low.split("-") if part)
    nouns, adjectives, adverbs = lemma_bases("noun"), lemma_bases("adj"), lemma_bases("adv")
    forms = [low]
    for suffix, base in (("ies", "y"), ("es", ""), ("s", ""), ("ing", ""), ("ing", "e")):
        if low.endswith(suffix) and len(low) - len(suffix) >= 3:
            forms.append(low[: -len(suffix)] + base)
    forms += [_BRITISH.sub(lambda m: _AMERICAN[m.group()], f) for f in forms]  # "behaviour" is "behavior"
    return any(f in nouns or f in adjectives or f in adverbs for f in forms)


_AMERICAN = {"our": "or", "tre": "ter", "ise": "ize", "yse": "yze", "ogue": "og"}
_BRITISH = re.compile(r"(?:our|tre|ise|yse|ogue)(?=[sd]?$)")


# ---------------------------------------------------------------- one sentence


@dataclass(frozen=True, slots=True)
class _Context:
    names: frozenset[str]  # lowercased speaker names and first names
    echo: frozenset[str]  # stems of the previous turn's words (when it asked nothing)
    answering: bool  # the previous turn ended with a question that is not a formula
    reacting: bool = False  # the previous turn told something and left nothing open (see :func:`_fragment`)
    phatic: bool = False  # ... or asked only how one is ("How's your week been?"): an assessment answers it


def _name_set(names: Iterable[str]) -> frozenset[str]:
    found: set[str] = set()
    for name in names:
        parts = name.split()
        if parts:
            found.add(name.lower())
            found.add(parts[0].lower())
    return frozenset(found)


def _context(names: frozenset[str], previous: str | None) -> _Context:
    if not previous:
        return _Context(names, frozenset(), False)
    clean = previous.translate(_APOSTROPHES)
    told = []
    phatic = False
    for a, b in split_sentences(clean):
        masked, _ = _mask_formulas(clean[a:b])
        if _asks(clean[a:b]):
            if any(w.lower() not in INTERJECTIONS and w.lower() not in names for w in _WORD.findall(masked)):
                return _Context(names, frozenset(), True)  # it asked something: what follows answers
            phatic = True
        told.append(masked)
    echo = frozenset(_stem(w) for w in _WORD.findall(clean) if w.lower() not in LEXICON)
    open_ = not names or any(_OPENS_GAP.search(t) for t in told)  # a chat's roles are not names: see _fragments
    return _Context(names, echo, False, not open_ and not phatic, not open_ and phatic)


def _mask_formulas(sentence: str) -> tuple[str, list[Act]]:
    """The sentence with every phatic formula blanked out (offsets kept), and their acts."""
    acts: list[Act] = []
    text = sentence
    if not ANY_FORMULA.search(sentence):
        return text, acts
    for act, pattern in FORMULA_RES:
        for m in pattern.finditer(text):
            acts.append(act)
            text = text[: m.start()] + " " * (m.end() - m.start()) + text[m.end() :]
    return text, acts


def _sentence_act(sentence: str, tags: dict[int, str], context: _Context, *, first: bool) -> tuple[Act, str]:
    """The act of one sentence and why: the word that makes it content, or the rule."""
    if not _WORD.search(sentence):
        return "filler", "no words"  # ":)", "...", "?!"
    if REPLY_CLOSING.match(sentence.translate(_APOSTROPHES)):
        return "closing", "closes a reply, speaking of the reply"
    words = [(m.group(), m.start(), m.end()) for m in _WORD.finditer(sentence)]
    if len(words) > MAX_PLEASANTRY_WORDS:
        return "content", "too long for a formula"
    if context.answering and first and words[0][0].lower() in YES_NO:
        return "content", "answers a question"  # "Nope, never been to one."
    text, acts = _mask_formulas(sentence)
    vocative = _vocatives(text, names=context.names, alone=len(words) == 1)
    question = sentence.rstrip().endswith("?") and not tagged_statement(sentence)  # "..., right?" states
    if question and (asked := _asks_for_fact(text)):
        return "content", asked  # "So, where are you going to stay?": the answer is a place
    shouting = sum(map(str.isupper, sentence)) > sum(map(str.islower, sentence))
    unknown: list[tuple[str, str]] = []  # (word, "verb" | "noun" | "new": what it may be)
    before = ""
    article = False  # inside a noun phrase opened by "a"/"an": it introduces something
    lows = [w.lower() for w, _, _ in words]
    valued = shapes.values_kind(lows)  # "A safe home is key": its subject is any one of a kind
    generic = valued or shapes.generic(lows)  # ... unless it names any one of a kind
    opening = True  # no word yet but interjections
    for i, (word, a, b) in enumerate(words):
        if text[a:b] != word or a in vocative:
            before, article = "", False
            continue  # inside a formula, or a vocative
        low = word.lower()
        kind = _kind(word, tags.get(a), initial=i == 0 or _opens(sentence, a), shouting=shouting, answering=context.answering)
        if kind == "content" and not (low in _PAIRED and before in _PAIR_PRONOUNS):
            return "content", word  # but "you two", "us two": the pair, no count
        if kind == "unknown":
            unknown.append((low, _role(word, before, tags.get(a), question, context, article=article, initial=opening and not valued, interjected=opening and i > 0)))
        if low not in DEGREE:
            before = low  # "it actually **works**": a stance adverb stands between subject and verb
        # "a puppy", "a new puppy" introduce something; "a tough game", "an awesome mom" evaluate
        article = not generic and (low in ("a", "an") or article and (low in NOUN_MODIFIERS or kind == "unknown"))
        opening = opening and low in INTERJECTIONS
    if unknown and not _lenient(sentence, unknown, acts, question, context):
        return "content", " ".join(w for w, _ in unknown)
    why = f"{LENIENT} " + " ".join(w for w, _ in unknown) if unknown else "all words empty"
    if acts:
        return acts[0], why
    rest = [w.lower() for w, a, b in words if text[a:b] == w and a not in vocative]
    if not rest or all(_REPEATS.sub(r"\1", w) in INTERJECTIONS or _elongated(w) in INTERJECTIONS or _LAUGH.match(w) for w in rest):
        return "filler", why
    return ("phatic_question" if question else "reaction"), why


def _asks_for_fact(text: str) -> str:
    """The interrogative that opens a question asking for a place, a time, a choice or an amount
    ("Oh, **where** did you go?", "And **how long** did it take?"); not a "when" inside a
    question ("Isn't it great when it works?"). ``text`` has its formulas blanked out."""
    for m in _WORD.finditer(text):
        low = m.group().lower()
        if low in INTERJECTIONS or low in ("and", "but", "then", "also"):
            continue
        found = FACT_QUESTION.match(text, m.start())
        return found.group() if found else ""
    return ""


def _lenient(sentence: str, unknown: list[tuple[str, str]], acts: list[Act], question: bool, context: _Context) -> bool:
    """Whether a sentence with a few unknown words is still a reaction or a follow-up question.

    Never when it replies to a question (that is an answer) or when the speaker tells of
    themselves ("I went", "my dog"; "I'm so glad ...", "I hope ..." and "we can ..." speak to
    the listener). A follow-up question may hold a verb or two ("How did they **react**?") but
    no noun: a noun asks about something ("What **breed**?"). A statement may hold a few words
    when it evaluates what it heard ("**Winning** a tough **game** must have been thrilling!"),
    or guesses how it was ("That must have been a **surprise**", "You must have been **elated**":
    what follows is no new thing, nor a past told), but not when it narrates in the past
    tense, unless it praises what "you" did.
    """
    if context.answering:
        return False
    lows = [w.lower() for w in _WORD.findall(sentence)]
    if not question and (shapes.thanks_for_support(lows) or shapes.praises_pair(lows)):
        return True  # "You're the best for supporting me in my writing journey", "We rock as a team!"
    guessed = not question and shapes.infers_how_it_was(lows)  # "That must have been a surprise."
    if shapes.speaks_of_self(lows) or not guessed and any(role == "new" for _, role in unknown):
        return False
    if question:
        return len(unknown) <= MAX_VERBS_IN_QUESTION and all(role == "verb" for _, role in unknown)
    fresh = [w for w, role in unknown if role != "echo"]  # what was just heard is no news
    if len(fresh) > MAX_UNKNOWN_IN_REACTION or not (acts or guessed or shapes.evaluates(lows) or shapes.generic_claim(lows)):
        return False
    if fresh and shapes.advises(lows):
        return False  # "Make sure you stretch before each run": what to do, not how it was heard
    if shapes.likes(lows) and any(role == "noun" for _, role in unknown):
        return False  # "I love it when you make coconut ice cream": what is liked is named
    if shapes.has_something(lows) and any(role == "noun" for _, role in unknown):
        return False  # "It has great beaches.": what the thing heard of has is a fact about it
    if shapes.foretells_role(lows) and any(role == "noun" for _, role in unknown):
        return False  # "You'll be an awesome mom!": what the listener is to become, an opinion one asks about
    past = [i for i, w in enumerate(lows) if shapes.is_past(w)]
    return guessed or all(shapes.reacts_in_past(lows, i) for i in past)  # "you did great", "it must have felt amazing"


def _role(
    word: str, before: str, tag: str | None, question: bool, context: _Context, *, article: bool, initial: bool, interjected: bool = False
) -> str:
    """What an unknown word may be: ``"echo"`` (a word of the turn just heard), ``"verb"``,
    ``"noun"``, or ``"new"`` (it introduces something: "a **puppy**"; "**Tilly** helps me"
    may open with a name). A question that names a thing asks about it, even one just heard."""
    low = word.lower()
    if not question and _stem(word) in context.echo:
        return "echo"  # "A road **trip**, how fun!" after "We're taking a road trip": taken up, not introduced
    if article:
        return "new"  # "a house **track**": what was not heard is introduced
    if initial and not _participle(low) and not shapes.bare_plural(low) and not _common_noun_after_interjection(word, interjected):
        return "new"  # "**Tilly** helps me", "**include** the costs": a name, or a request
    if tag == "VERB" or before in VERB_BEFORE or (before in BE_FORMS or before in GET_FORMS) and _participle(low):
        return "verb"  # "did they **react**", "is it **called**"; but "what is **artifice**"
    return "verb" if not question and _participle(low) else "noun"
