"""Sentence shapes the pleasantry rule reads (:mod:`ripplemem.ground.chatter`): whether a
sentence (its lowercased words) says what someone likes, evaluates, advises, praises the
listener, foretells what the listener is to become, speaks of an activity or a kind in
general, or states something about the speaker. Pure.
"""

from __future__ import annotations

import re

from .chatter_words import (
    ADVICE_MODALS,
    ADVICE_OPENINGS,
    AFFECT,
    DEGREE,
    EVALUATIVE,
    FIRST_PERSON,
    FUNCTION_WORDS,
    GENERIC_VERBS,
    INTERJECTIONS,
    LEXICON,
    LIKE_PREPOSITION_AFTER,
    LIKING,
    ME_AFTER,
    MODALS,
    PAST_FORMS,
    PLAIN_DEGREE,
    STANCE,
    VIRTUES,
    YES_NO,
)
from .pipeline import ing_form, lemma_bases, verb_bases

_THING_SUBJECTS = frozenset(("it", "they", "this", "that", "there"))
_BEFORE_HAVING = _THING_SUBJECTS | {"also", "really", "still", "even"}  # "It also has ..."
_HAVING = frozenset(("has", "have", "had", "offers", "offer", "serves", "serve", "sells", "sell"))
_AUXILIARY_AFTER = frozenset(("been", "to", "got", "gotten"))  # "It has been a ride", "That has to be fun"


def has_something(lows: list[str]) -> bool:
    """Whether a sentence says what a thing has, serves or sells ("It has great beaches.",
    "They serve amazing ramen."): a property of what was heard of, not how it was heard. A
    third-person subject before the verb, not the listener ("You have a great eye!")."""
    return any(w in _HAVING and i and lows[i - 1] in _BEFORE_HAVING and
               (lows[i - 1] in _THING_SUBJECTS or i > 1 and lows[i - 2] in _THING_SUBJECTS)
               and (i + 1 >= len(lows) or lows[i + 1] not in _AUXILIARY_AFTER)
               for i, w in enumerate(lows))


def likes(lows: list[str]) -> bool:
    """Whether a sentence says what someone likes: "love", "adore", or "like" as a verb; not the
    preposition of a likeness ("Sounds **like** you make a great team", "just **like** that"),
    nor "love" as a noun, after a determiner, a noun or a preposition ("family **love** and
    support is the best", "so much **love**"): a verb opens the sentence or follows its subject,
    an auxiliary or an adverb."""
    return any(
        w in LIKING and not (w == "like" and i and lows[i - 1] in LIKE_PREPOSITION_AFTER)
        and not (w == "love" and i and lows[i - 1] not in _BEFORE_A_VERB and lows[i - 1] not in DEGREE)
        for i, w in enumerate(lows)
    )


_BEFORE_A_VERB = frozenset(
    "i you we they he she who i'd you'd we'd they'd would do don't didn't does doesn't also still just always "
    "never ever will 'd to can could".split()
)


def bare_plural(low: str) -> bool:
    """Whether ``low`` is the plural of a common noun (the lemmatizer's index), which opens a
    sentence about a kind, not a name or a request: "**Injuries** are so frustrating", "**Pets**
    bring so much joy"."""
    nouns = lemma_bases("noun")
    if not low.endswith("s") or low.endswith("ss") or len(low) < 4:
        return False
    return low[:-1] in nouns or low.endswith("es") and low[:-2] in nouns or low.endswith("ies") and low[:-3] + "y" in nouns


def generic(lows: list[str]) -> bool:
    """Whether a sentence evaluates an activity in general, so that its "a" names any one of a
    kind, not one introduced: a gerund subject ("Losing a pet is always so painful", "Starting a
    business can be tough") or an evaluation of what it is to do ("It's tough starting a biz",
    "It must be hard to raise a puppy"). Not a gerund without a verb after it ("Visiting a
    friend, so fun!": what the speaker is doing), nor "it was" (an event told)."""
    start = 0
    while start < len(lows) and lows[start] in INTERJECTIONS:
        start += 1
    words = lows[start:]
    if words and ing_form(words[0], verb_bases()):
        return any(w in GENERIC_VERBS for w in words[1:])
    return _EVALUATES_DOING.match(" ".join(w for w in words if w not in DEGREE)) is not None


_EVALUATES_DOING = re.compile(
    r"(?:it's|it\s+is|it\s+can\s+be|it\s+must\s+be|it\s+must\s+have\s+been|it'll\s+be|it\s+will\s+be|it\s+would\s+be|it'd\s+be)\s+"
    r"[\w'-]+\s+(?:to\s+[\w'-]+|[\w'-]+ing)(?![\w'])"
)


def generic_claim(lows: list[str]) -> bool:
    """Whether a sentence says what an activity can do for anyone: a gerund subject with a modal
    of possibility ("Running can really boost your mood", "Reading can take you anywhere"): a
    truism said back to what was heard, however plain its verb. Not a gerund that is what the
    speaker is doing ("Running today, so tired"), nor one with no modal ("Running boosts my mood")."""
    start = 0
    while start < len(lows) and lows[start] in INTERJECTIONS:
        start += 1
    words = lows[start:]
    if not words or not ing_form(words[0], verb_bases()):
        return False
    return any(w in _POSSIBLE for w in words[1:_GERUND_REACH])


_GERUND_REACH = 4  # the modal follows the gerund's phrase: "Getting outside (more) can help"
_POSSIBLE = frozenset({"can", "could", "may", "might", "will", "'ll"})


def foretells_role(lows: list[str]) -> bool:
    """Whether a sentence foretells what the listener is to become: "you'll be a", "you will make
    an", "you're going to be such a" (a role follows: "You'll be an awesome mom!" to one who is
    adopting). Not a wish for a hypothetical ("You'd be a great counselor!": praise) nor "it'll be great"."""
    text = " ".join(w for w in lows if w not in DEGREE)
    return _FORETOLD.search(text) is not None


_FORETOLD = re.compile(
    r"(?<![\w'])(?:you'll|you\s+will|(?:you're|you\s+are)\s+(?:going\s+to|gonna))\s+(?:be|make)\s+(?:a|an|such)(?![\w'])"
)


def advises(lows: list[str]) -> bool:
    """Whether a sentence tells the listener what to do: an imperative of advice ("Make sure
    you ...", "Try the ...", "Don't forget to ...") or "you" with a modal of advice ("You could
    also try ...", "you should ...", "you may want to ..."). Its "sure" or "easier" does not
    make it an evaluation."""
    start = 0
    while start < len(lows) and (lows[start] in INTERJECTIONS or lows[start] in ("and", "but", "so", "also", "maybe", "perhaps")):
        start += 1  # "Oh, and maybe try ..."
    words = lows[start:]
    if any(tuple(words[: len(o)]) == o for o in ADVICE_OPENINGS):
        return True
    return any(w == "you" and tuple(words[i + 1 : i + 1 + len(m)]) == m for i, w in enumerate(words) for m in ADVICE_MODALS)


def evaluates(lows: list[str]) -> bool:
    """Whether a sentence evaluates: an evaluative or stance word, a virtue it names ("You
    really showed such grit"), what the listener did, praised by its degree (:func:`praises_doing`),
    or "I love how you ..."."""
    if any(w in EVALUATIVE or w in STANCE or w in VIRTUES for w in lows) or praises_doing(lows):
        return True
    liked = (lows[i + 2 :] for i, w in enumerate(lows[:-1]) if w == "i" and lows[i + 1] in LIKING)
    return any(praises_listener(rest, doing=True) for rest in liked)


_YOU_DID = frozenset(("you", "you've", "you'd"))
_PERFECT = frozenset(("have", "'ve", "had", "'d"))
_HOW_MUCH = frozenset(("really", "truly", "so", "such", "much", "lot", "hard", "definitely", "totally"))


def praises_doing(lows: list[str]) -> bool:
    """Whether the listener is praised for what they did: "you" with a past or perfect verb and
    a word of degree ("You really stepped up", "You've gained so much from your own
    experience", "You've worked so hard and accomplished a lot"). What they did is what was
    heard; a thing it introduces ("You really bought a new car") is judged as such."""
    for i, w in enumerate(lows):
        if w not in _YOU_DID:
            continue
        j = i + 1
        while j < len(lows) and (lows[j] in DEGREE or lows[j] in _PERFECT):
            j += 1
        if j < len(lows) and is_past(lows[j]) and any(x in _HOW_MUCH for x in lows[i + 1 :]):
            return True
    return False


def praises_listener(rest: list[str], *, doing: bool = False) -> bool:
    """Whether what follows "I love" is the listener's doing: "(it) when/how/that you ...";
    with ``doing``, only "(it) when/how you ..." ("that painting you made" names a thing)."""
    rest = rest[1:] if rest[:1] == ["it"] else rest
    if doing:
        return rest[:1] in (["when"], ["how"]) and "you" in rest[1:3]
    return rest[:1] in (["when"], ["how"], ["that"], ["the"]) and "you" in rest[1:4] or rest[:1] in (["your"], ["you"])


def speaks_of_self(lows: list[str]) -> bool:
    """Whether the speaker states something about themselves ("I went", "my dog", "we're
    moving"); ``lows``: the sentence's words, lowercased."""
    for i, w in enumerate(lows):
        if w not in FIRST_PERSON:
            continue
        rest = [x for x in lows[i + 1 :] if x not in PLAIN_DEGREE and x != "am"]
        nxt = rest[0] if rest else ""
        if w in ("my", "our", "mine", "ours", "myself", "ourselves"):
            return True
        if w == "me":
            if i and lows[i - 1] not in ME_AFTER and not {"you", "your"} & set(lows[:i]):
                return True  # "they give me strength": about the speaker; "let me know" is not
            continue
        if w == "i" and nxt in LIKING and praises_listener(lows[i + 2 :]):
            continue  # "I love how you ...", "I love it when you ...": praise, not a preference
        stance = [x for x in rest[1:] if x not in _FOCUS]  # "I can just imagine", "I can only imagine"
        if w == "i" and nxt in MODALS and stance[:1] and stance[0] in AFFECT:
            continue  # "I can imagine ...", "I would think ...": a stance towards what was heard
        if w in ("we", "we'll", "we'd") and (nxt in MODALS or w == "we'll"):
            continue  # "we can do it", "we'll get there": the two of us, urged on
        if w == "we" and any(x in EVALUATIVE for x in lows[max(i - 2, 0) : i]) and nxt not in PAST_FORMS:
            continue  # "it's important (that) we support them": urged, not told
        if nxt and nxt not in AFFECT and nxt not in EVALUATIVE:
            return True
    return False


_GUESSED = frozenset(("it", "that", "this", "you", "those", "these"))
_MUST = (["must", "have", "been"], ["must've", "been"], ["must", "be"], ["must", "have", "felt"], ["must've", "felt"], ["must", "feel"])
_PLACED = frozenset("in at on under near inside behind with from by for into".split())


def infers_how_it_was(lows: list[str]) -> bool:
    """Whether a sentence guesses how what was heard was, or how the listener felt: "it",
    "that" or "you" with "must have been" / "must be" / "must have felt" and no place after it
    ("That must have been a surprise", "You must have been elated up there with that trophy";
    not "It must be in the car")."""
    if any(lows[: len(frame)] == frame for frame in _MUST):
        lows = ["it", *lows]  # "Must have been quite an atmosphere.": its "it" left out
    for i, w in enumerate(lows):
        if w not in _GUESSED:
            continue
        rest = lows[i + 1 :]
        for frame in _MUST:
            if rest[: len(frame)] == frame:
                after = rest[len(frame) :]
                return bool(after) and after[0] not in _PLACED
    return False


def reacts_in_past(lows: list[str], at: int) -> bool:
    """Whether the past form at ``at`` tells no event of its own: what "you" did, praised ("You
    (really) showed such grit", "you did great"); how it must have been ("It must have felt
    amazing", "must've been hard"); or what was heard, under a stance towards it ("Glad it all
    worked out", "I can imagine that it felt good", "I bet it felt great", "Sorry it went that
    way": the first past after the stance), and a participle after "get" or "be" under such a
    stance ("I can imagine it felt good to get lost in nature"); a participle after a linking
    verb, a state ("Feeling fulfilled must be amazing", "That sounds complicated"); a past
    coordinated with one of these ("you've worked so hard and accomplished a lot"). Not a past
    the speaker tells ("It rained all day", "we went to the lake"), which
    :func:`speaks_of_self` finds for the first person."""
    j = at - 1
    while j >= 0 and lows[j] in DEGREE:
        j -= 1
    if j >= 0 and lows[j] in ("you", "you've", "you'd"):
        return True
    if j >= 1 and lows[j] in ("have", "'ve") and lows[j - 1] in MODALS or j >= 0 and lows[j] in _MODAL_PERFECT:
        return True
    if j >= 0 and lows[j] in ("and", "or"):
        earlier = [i for i in range(j) if is_past(lows[i])]
        if earlier:
            return reacts_in_past(lows, earlier[-1])  # "you've worked so hard and accomplished a lot": one subject
    if j >= 0 and lows[j] in _LINKING:
        return True  # "feeling fulfilled", "it sounds complicated": a state, not an event told
    if j >= 0 and lows[j] in _PARTICIPLE_AFTER:
        return any(w in _REACTING for w in lows[:j])  # "(I can imagine ...) get lost": a participle, no tense of its own
    for w in reversed(lows[:at]):
        if w in _REACTING:
            return True
        if is_past(w):
            return False  # the stance governs the first past after it: "I bet it rained, it rained here all day"
    return False


_MODAL_PERFECT = frozenset({"must've", "might've", "could've", "would've", "should've", "may've"})


def is_past(low: str) -> bool:
    """Whether ``low`` has the form of a past tense: an irregular past ("went", "felt") or a
    word in "-ed" that is no word of the lexicon ("worked", "rained"; not "need", "bed")."""
    return low in PAST_FORMS or low.endswith("ed") and not low.endswith("eed") and len(low) >= 5 and low not in LEXICON


_PARTICIPLE_AFTER = frozenset({"get", "gets", "getting", "be", "been", "being"})
_REACTING = frozenset({"glad", "happy", "sorry", "imagine", "bet"})  # a stance whose clause is what was heard
_LINKING = frozenset("feel feels feeling seem seems seeming look looks looking sound sounds".split())  # a participle after them is a state
_FOCUS = frozenset({"just", "only"})  # between a modal and a stance: "I can just imagine", "I can only imagine"


def _opening_stripped(lows: list[str]) -> str:
    """The sentence's words after any interjections and yes-words that open it, joined."""
    start = 0
    while start < len(lows) and (lows[start] in INTERJECTIONS or lows[start] in YES_NO):
        start += 1
    return " ".join(lows[start:])


def values_kind(lows: list[str]) -> bool:
    """Whether a sentence says only that a kind of thing matters, its subject bare or introduced
    by "a": "Communication is key", "A safe home is key", "Self-care is so important". Its
    subject names any one of a kind, and the sentence ends on the adjective: not "A safe home is
    key for our puppy", nor a subject determined ("The garden is key", "My passport is
    essential", "Dad's insulin is vital": a particular thing)."""
    m = _VALUES_KIND.match(_opening_stripped(lows))
    return m is not None and not any(w in FUNCTION_WORDS or "'" in w for w in m.group(1).split())


_IMPORTANT = r"(?:key|important|essential|crucial|vital)"
_VALUES_KIND = re.compile(
    r"(?:an?\s+)?((?:[\w-]+\s+){0,2}[\w-]+)\s+(?:is|are)\s+(?:(?:so|really|very|super|absolutely|just|always|truly|definitely)\s+)*"
    + _IMPORTANT + "$"
)


def thanks_for_support(lows: list[str]) -> bool:
    """Whether a sentence praises or thanks the listener for no more than backing the speaker:
    "You're the best for supporting me in my writing journey", "Thanks for always believing in
    me", "You're amazing for cheering me on". What the listener did is support itself, or help
    along the speaker's way ("... in my journey"); not a thing done, lent or given ("You're the
    best for lending me your car", "... for helping me with the garage sale")."""
    return _SUPPORT.match(_opening_stripped(lows)) is not None


_SUPPORT = re.compile(
    r"(?:(?:you're|you\s+are)\s+(?:(?:so|the|such|really|truly|just|an?|absolutely|always)\s+)*"
    r"(?:best|amazing|awesome|great|wonderful|sweetest|kindest|star|angel|gem)|thanks|thank\s+you(?:\s+so\s+much)?)"
    r"\s+for\s+(?:(?:always|all|constantly)\s+)?"
    r"(?:(?:supporting|encouraging|believing\s+in|being\s+there\s+for|backing|helping|motivating|inspiring)\s+me|cheering\s+me\s+on)"
    r"(?:\s+(?:in|on|through|along|with)\s+(?:my|this|the)\s+(?:[\w-]+\s+)?(?:journey|path|way|dreams?|goals?))?"
    r"(?:\s+(?:always|so\s+much|every\s+step\s+of\s+the\s+way|like\s+this))?$"
)


def praises_pair(lows: list[str]) -> bool:
    """Whether a sentence praises the speaker and the listener as a pair, and says nothing else:
    "We rock as a team!", "We make such a great team", "We really are a good team". Not what the
    two did or will do ("We rock climbed in Utah", "We make a great team at the pub quiz")."""
    return _PAIR.match(_opening_stripped(lows)) is not None


_PAIR = re.compile(
    r"we\s+(?:(?:really|totally|so|just|definitely)\s+)?"
    r"(?:rock|make\s+(?:a|such\s+a)\s+(?:great|good|awesome|amazing|fantastic)\s+team|"
    r"are\s+(?:a|such\s+a)\s+(?:great|good|awesome|amazing|fantastic)\s+team)"
    r"(?:\s+as\s+a\s+team|\s+together)?$"
)
