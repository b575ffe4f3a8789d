"""Impersonal "you" and "we": a general statement about anyone, not about the listener.

"You can't always control what happens", "It's great when you find your people", "Nature
helps you relax", "Showing off our true selves is the best thing" speak of people in
general. Restated with the listener's name ("Melanie can't always control ...") they would
state a fact about Melanie that nobody said. :func:`impersonal` tells such a pronoun from the
parse, and :mod:`ground.person` leaves it as written (the memory is then attributed: "Caroline
said: You can't always control what happens.").

Read from the clause the pronoun belongs to, never from the words of a conversation:

- the clause states a general present: a present verb, or "can"/"could"/"may"/"might"/
  "must"/"should" with a base verb; no past, perfect, progressive or future, no question,
  nobody in it is "I" or "me" (who speaks to whom is particular: "You always make me
  laugh"), and it is not what "I" think or what someone did ("I guess you could always ...");
- and one of:

  * its subject "you" goes with a modal and "always", "never" or "ever" ("you can't always
    get what you want"; "You never miss a match" is said of the listener);
  * it is a "when"/"whenever" clause of a general present whose subject is a thing or
    "you" ("It's amazing when you see them grow", "When you love your job, you never work"),
    or a "where" clause of a thing or place with "you" its subject ("a strategy game where
    you build settlements", "a cafe where you can read for hours"), or "you" reaching a
    place by some way ("You reach Nettle by a steep spiral staircase", "you get in through
    the side gate");
  * in a main clause, "you" is the object, or the subject of the bare complement, of a verb
    whose subject is a thing: a gerund, a bare noun or "it" ("It helps you see new things",
    "Music makes you feel alive"); "us" only after a gerund ("Taking care of ourselves
    helps us be creative") or a kind, a plural noun with no determiner, which also takes a
    "how we ..." clause ("Books can shift how we think", "Friends help us through it"; not
    "The kids make us laugh", nor the past "Books changed how we think"); or the subject of
    the complement of a causing participle with no subject of its own ("..., making you
    think about the implications");
  * the pronoun is inside a gerund with no subject of its own that is the subject of a
    general present ("Showing off our true selves is the best thing ever"), or the object
    of a preposition after an adjective said of a thing ("Yoga is great for clearing your
    mind": what it is good for), or inside an infinitive on the noun a thing is said to be
    ("Music is a great way to express who you are"; not "Your music is ..."), or inside an
    infinitive after "it is" that speaks of anyone's self or own ("It's important to take
    care of yourself", "to do our own thing and follow our dreams"; not "It's sweet to see
    your love for your family").

A pronoun in a clause under an impersonal one is impersonal too when the clause has no
subject of its own, or the same person or a relative pronoun as its subject ("It's hard to
run a business when you don't believe in yourself", "Surrounding ourselves with things that
bring us joy"); a clause with another subject stops the search ("It's great to hear that
your sister is safe").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .chatter_formulas import TAG_QUESTION

if TYPE_CHECKING:
    from spacy.tokens import Token

_ANY_OF = frozenset(("all", "many", "most", "some", "none", "each", "any"))  # "all of us": not the pair
_GENERAL_MODALS = frozenset(("can", "ca", "could", "may", "might", "must", "should"))
_UNIVERSAL = frozenset(("always", "never", "ever"))
_WHEN = frozenset(("when", "whenever"))
_SUBJECTS = frozenset(("nsubj", "nsubjpass"))
_FIRST_SINGULAR = frozenset(("i", "me", "my", "mine", "myself"))
_SECOND = frozenset(("you", "your", "yours", "yourself", "yourselves"))
_FIRST_PLURAL = frozenset(("we", "us", "our", "ours", "ourselves"))
_OWN_SELVES = frozenset(("yourself", "yourselves", "ourselves"))
_PERSONS = _FIRST_SINGULAR | _SECOND | _FIRST_PLURAL | {"he", "she", "they", "him", "her", "them"}


def impersonal(tok: Token) -> bool:
    """Whether the "you"/"your"/"we"/"our"... ``tok`` speaks of people in general (module docstring)."""
    low = tok.lower_.replace("\u2019", "'")
    if low not in _SECOND | _FIRST_PLURAL or _asks(tok.sent.text):
        return False
    if low == "us" and tok.head.lower_ == "of" and tok.head.head.lower_ in _ANY_OF:
        return True  # "not just for our kids, but for all of us": everyone
    clause = _clause(tok)
    while clause is not None:
        if _impersonal_clause(clause, second=low in _SECOND):
            return True
        subject = _subject(clause)
        if clause.head.i == clause.i or subject is not None and not _same_or_relative(subject, tok):
            return False  # a clause with a subject of its own ("It's great to hear that you're ...") ends the search
        clause = _clause(clause.head)
    return False


def _asks(sentence: str) -> bool:
    """A question, not a statement with a question tagged on ("It's wild how small things can
    have such an effect on our happiness, right?" states what it says)."""
    return sentence.rstrip().endswith("?") and TAG_QUESTION.search(sentence.replace("\u2019", "'")) is None


def _same_or_relative(subject: Token, tok: Token) -> bool:
    """A subject that lets the search go up: ``tok`` itself, the same person ("you ... in
    yourself"), or a relative pronoun ("things that bring us joy")."""
    if subject.tag_ in ("WDT", "WP"):
        return True
    group = _SECOND if tok.lower_ in _SECOND else _FIRST_PLURAL
    return subject.i == tok.i or subject.lower_ in group


def _clause(tok: Token) -> Token | None:
    """The verb of the clause ``tok`` is in (``tok`` itself when it is a verb)."""
    node = tok
    while not _verbal(node):
        if node.head.i == node.i:
            return None
        node = node.head
    return node


def _verbal(tok: Token) -> bool:
    return tok.tag_.startswith("VB") and tok.dep_ not in ("aux", "auxpass")


def _impersonal_clause(verb: Token, *, second: bool) -> bool:
    if _subject_clause(verb):
        return True  # "Showing off our true selves is ...", "It's important to take care of yourself"
    if second and (you := _subject(verb)) is not None and you.lower_ == "you" and _caused(verb):
        return True  # "sci-fi can take today's issues into the future, making you think": anyone
    if not _general(verb):
        return False
    subject = _subject(verb)
    if subject is None and verb.dep_ == "conj":
        subject = _subject(verb.head)  # "it's grippy but still lets you move": the subject is shared
    if second and subject is not None and subject.lower_ == "you":
        modal = any(c.dep_ == "aux" and c.tag_ == "MD" for c in verb.children)
        if modal and any(c.dep_ in ("advmod", "neg") and c.lower_ in _UNIVERSAL for c in verb.children):
            return True  # "You can't always control what happens", "you can never have too many"
        if _where_clause(verb):
            return True  # "a strategy game where you build settlements", "a cafe where you can read"
        if _way_in(verb):
            return True  # "You reach Nettle by a steep spiral staircase": how anyone gets there
        # "It's amazing when you see them grow"; "When you love your job, you never work"
        return _when_clause(verb) or any(_when_clause(c) for c in verb.children)
    if subject is not None and _stated(verb) and _thing(subject, gerund_only=not second):
        return any(_you_of(c) for c in verb.children)  # "It helps you see", "Music makes you feel alive"
    if not second and subject is not None and _stated(verb) and _kind(subject):
        # "Books can shift how we think", "Pets make us happier": what a kind does to people
        if any(_you_of(c) or _how_we(c) for c in verb.children):
            return True
    if not second and subject is not None and (_kind(subject) or _any_one(subject)):
        # "A good book can change our whole outlook", "how something like stretching can have
        # such an effect on our wellbeing": what any one of a kind does to anyone's
        return any(_ours(c) for c in verb.children if c.dep_ not in _SUBJECTS and c.dep_ not in ("advcl", "conj", "relcl"))
    return False


def _stated(verb: Token) -> bool:
    """A clause stated as such: a main clause, one coordinated with it, or the "how" clause
    of an exclamation ("It's so cool how taking care of ourselves helps us be creative")."""
    if verb.dep_ in ("ROOT", "conj"):
        return True
    return verb.dep_ == "ccomp" and any(c.dep_ == "advmod" and c.lower_ == "how" for c in verb.children)


def _any_one(subject: Token) -> bool:
    """A subject that names any one of a kind: a singular common noun introduced by "a" or
    "an" ("A good book", "a certain activity"), or "something" / "anything" like a thing
    named ("something like stretching"; not "something like that": a thing said before)."""
    if subject.tag_ == "NN" and subject.lower_ in ("something", "anything"):
        return any(
            c.dep_ == "prep" and c.lower_ == "like" and any(g.dep_ in ("pobj", "pcomp") and g.tag_ in ("NN", "NNS", "VBG") for g in c.children)
            for c in subject.children
        )
    dets = [c.lower_ for c in subject.children if c.dep_ in ("det", "poss")]
    return subject.tag_ == "NN" and dets in (["a"], ["an"])


def _ours(child: Token) -> bool:
    """``child`` (an argument of the clause, not its subject) holds "us", "our" or "ourselves"."""
    return any(t.lower_ in ("us", "our", "ourselves") for t in child.subtree)


_ACCESS = frozenset(("reach", "get", "enter", "access", "go", "come"))
_MEANS = frozenset(("by", "via", "through"))


def _way_in(verb: Token) -> bool:
    """How a place is reached, said of anyone: "you" reaches, gets (there), enters or
    accesses it by, via or through something ("You reach Nettle by a steep spiral staircase",
    "you get in through the side gate"); "should" and "must" are advice to the listener."""
    if verb.lower_ not in _ACCESS or any(c.tag_ == "MD" and c.lower_ in ("should", "must") for c in verb.children):
        return False
    return any(c.dep_ == "prep" and c.lower_ in _MEANS for c in verb.children)


def _when_clause(verb: Token) -> bool:
    """A "when"/"whenever" clause of a general present whose subject is a thing or "you"."""
    if verb.dep_ != "advcl" or not any(c.dep_ == "advmod" and c.lower_ in _WHEN for c in verb.children):
        return False
    main = verb.head
    if not _general(main):
        return False
    subject = _subject(main)
    return subject is not None and (subject.lower_ == "you" or _thing(subject))


def _where_clause(verb: Token) -> bool:
    """A "where" clause of a general present describing a kind of thing or place: what one
    can do there ("a cafe where you can read"), or what one does in such a thing ("a game
    where you build settlements"); not the listener's own ("the town where you live", and
    "the bakery where you bought the cake" is past)."""
    noun = verb.head
    if verb.dep_ != "relcl" or noun.tag_ not in ("NN", "NNS"):
        return False
    if not any(c.dep_ == "advmod" and c.lower_ == "where" for c in verb.children):
        return False
    if any(c.dep_ in _SUBJECTS and c.lower_ == "you" for c in noun.head.children):
        return False  # "you found a group where you can have an impact": the listener's group
    if any(c.dep_ == "aux" and c.lower_ in ("can", "ca", "could") for c in verb.children):
        return True
    dets = [c.lower_ for c in noun.children if c.dep_ in ("det", "poss")]
    return dets in (["a"], ["an"]) or not dets and noun.tag_ == "NNS"


_CAUSING = frozenset(("making", "letting", "helping", "allowing", "leaving", "getting"))


def _caused(verb: Token) -> bool:
    """``verb``'s subject "you" is what a participle clause without a subject of its own causes
    ("..., making you think about the implications"): the effect of what the sentence tells,
    on anyone, not something the listener did."""
    head = verb.head
    return (
        verb.dep_ in ("ccomp", "xcomp") and head.tag_ == "VBG" and head.lower_ in _CAUSING
        and head.dep_ in ("advcl", "xcomp", "conj") and _subject(head) is None
    )


def _you_of(child: Token) -> bool:
    """``child`` is "you"/"us" as an object, or a complement whose subject is "you"/"us"."""
    if child.lower_ in ("you", "us") and child.dep_ in ("dobj", "dative"):
        return True  # "Nature gives you peace"
    if child.dep_ not in ("ccomp", "xcomp") or child.tag_ not in ("VB", "JJ", "JJR"):
        return False  # "It shows you care": a finite clause about the listener
    return any(g.lower_ in ("you", "us") and g.dep_ in _SUBJECTS for g in child.children)


def _subject_clause(verb: Token) -> bool:
    """A clause with no subject of its own that is the subject of a general present:
    "Showing off our true selves is ...", or extraposed after "it": "It's important to ..."."""
    if _subject(verb) is not None or verb.tag_ not in ("VBG", "VB"):
        return False
    if verb.dep_ == "csubj" or verb.dep_ in _SUBJECTS and verb.tag_ == "VBG":
        return _general(verb.head) and not _personal(verb.head)
    if verb.tag_ == "VBG" and verb.dep_ in ("pcomp", "pobj"):
        prep = verb.head  # "Dance is awesome for expressing yourself": what a thing is good for, anyone's
        adjective = prep.head if prep.dep_ == "prep" else None
        main = adjective.head if adjective is not None and adjective.tag_ == "JJ" and adjective.dep_ in ("acomp", "attr") else None
        if main is None:
            return False
        subject = _subject(main)
        return subject is not None and _thing(subject) and _general(main) and not _personal(main)
    if verb.tag_ == "VB" and verb.dep_ in ("relcl", "acl") and any(c.tag_ == "TO" for c in verb.children):
        noun = verb.head  # "Music is a great way to express who you are": what a thing is a way to, anyone's
        while noun.dep_ == "conj":
            noun = noun.head  # "Art can be so healing and a way to connect with who you are"
        main = noun.head if noun.dep_ in ("attr", "acomp") else None
        subject = _subject(main) if main is not None else None
        return main is not None and subject is not None and _thing(subject) and _general(main) and not _personal(main)
    if verb.tag_ == "VB" and verb.dep_ in ("xcomp", "ccomp") and any(c.tag_ == "TO" for c in verb.children):
        main = verb.head
        if main.lower_ in ("'s", "is"):
            it = _subject(main)
            if it is None or it.lower_ != "it" or not _general(main) or _personal(main):
                return False
            return any(t.lower_ in _OWN_SELVES or t.lower_ == "own" for t in verb.subtree)  # "to be ourselves"
    return False


# nouns said bare of one person, as a name is ("Mom makes us pancakes", "coach had us run laps")
_BARE_PERSONS = frozenset(
    """mom mum mommy mummy mama ma dad daddy papa pa grandma grandpa granny gran nana grandad auntie
    coach boss teacher doc sis bro babe honey everyone everybody someone somebody anyone anybody nobody
    something anything nothing everything""".split()  # "something like that": a thing said before (_any_one)
)


def _kind(subject: Token) -> bool:
    """A subject that names a kind of thing: a common noun in the plural with no determiner
    ("Books", "Pets"; not "Our kids", "The dogs"), or in the singular, which English says bare
    only of a mass or a kind ("Nature has a way of reminding us ...", "Music brings us
    together"; not "Mom makes us pancakes", a person said as by name)."""
    if subject.tag_ == "NN" and subject.lower_ in _BARE_PERSONS:
        return False
    return subject.tag_ in ("NNS", "NN") and _thing(subject)


def _how_we(child: Token) -> bool:
    """``child`` is a clause of how or what "we" are, think or do ("how we think", "who we
    really are"), its subject "we"."""
    return child.dep_ == "ccomp" and any(c.tag_ in ("WRB", "WP") for c in child.children) and any(
        g.lower_ == "we" and g.dep_ in _SUBJECTS for g in child.children
    )


def _subject(verb: Token) -> Token | None:
    return next((c for c in verb.children if c.dep_ in _SUBJECTS or c.dep_ in ("csubj", "expl")), None)


def _thing(subject: Token, *, gerund_only: bool = False) -> bool:
    """A subject that is no person: a gerund, "it", or a noun without a determiner ("Music");
    with ``gerund_only`` a gerund only ("Taking care of ourselves helps us be creative")."""
    if subject.lower_ in _PERSONS or subject.tag_ in ("NNP", "NNPS"):
        return False
    if subject.tag_ == "VBG" or subject.dep_ == "csubj":
        return True
    if gerund_only:
        return False
    if subject.lower_ == "it":
        return True
    # a determiner across a dash is the parser's, not the noun's: "Got your back - dance is awesome ..."
    owned = any(c.dep_ in ("det", "poss") and not any(t.is_punct for t in subject.doc[c.i + 1 : subject.i]) for c in subject.children)
    return subject.tag_ in ("NN", "NNS") and not owned


def _general(verb: Token) -> bool:
    """A general present: a present verb, or a modal of possibility or duty with a base verb;
    no past, perfect, progressive or future, and no "I"/"me" in the clause."""
    if _personal(verb) or verb.dep_ == "ccomp" and (verb.head.tag_ == "VBD" or _personal(verb.head)):
        return False  # "I figured you could always look back on it": said to the listener
    auxes = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    if any(a.tag_ == "MD" and a.lower_ not in _GENERAL_MODALS for a in auxes):
        return False  # "will", "would", "'ll": a particular occasion
    if any(a.tag_ in ("VBD", "VBN") or a.lower_ in ("have", "has", "'ve") for a in auxes):
        return False
    if verb.tag_ in ("VBP", "VBZ"):
        return True
    if verb.tag_ == "VB":
        return any(a.tag_ == "MD" for a in auxes) or any(a.tag_ in ("VBP", "VBZ") and a.lower_ in ("do", "does") for a in auxes)
    return False


def _personal(verb: Token) -> bool:
    """Whether "I"/"me"/"my" is among the words of the clause's own arguments."""
    return any(t.lower_ in _FIRST_SINGULAR for c in verb.children if c.dep_ not in ("advcl", "conj", "relcl") for t in c.subtree)
