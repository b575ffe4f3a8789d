"""Exchange units: a memory may state, and cite, what two or three adjacent turns said together.

A fact is often spread over adjacent turns ("I went to a support group yesterday" / "What
happened?" / "The stories were so inspiring"). After extraction, consecutive candidates of
adjacent turns are composed into one memory when they belong together: they fit in
``max_chars``, neither is a core fact (those stay atomic and verbatim), their grounded
times do not conflict, and the second continues the first (it refers back, or they share
content words, or it speaks of what it does not name: "Caroline drew it"; see
:func:`_related`). A memory that leans on the turn before and cannot be stated with it
(that turn is a core fact, or together they would not fit) is stated after a copy of the
sentence of that turn that names what it leans on (:func:`carried`), or kept as it is: its
referent is never guessed into it. A core fact stays atomic; the other speaker's short
reply about it ("It's dairy-free and so easy") is stated after a copy of it
(:func:`replies_to_core`). A turn dropped as small talk comes as an aside (its sentences that
name a thing, ``Candidate.aside``): it is stated before the next memory when that one leans
on one of those things and cannot be stated otherwise ("Nate said: Those drawings are really
incredible! Joanna said: They're visuals of the characters ...", :func:`takes_aside`), and is
left out otherwise. So is a turn that went into the memory before when the next one leans on
what it named and the two cannot be stated together ("Tim said: John's shoes must have a lot
of stories behind them. John said: These have been with John ...", :func:`carried`). The
composed memory cites exactly the turns whose content it
states. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace

from ..config import WriteSettings
from ..ground.chatter_words import BE_FORMS, MODALS, PAST_FORMS
from ..ground.pipeline import verb_bases
from ..ground.referents import leans_on_referent, things_for, unnamed_pronouns
from ..ground.sentences import sentences
from ..ground.text import GENERIC, SPEAKER_FRAME, asked_only, keywords, refers_back, unframed
from ..types import Candidate


def _times_agree(a: Candidate, b: Candidate) -> bool:
    return a.time is None or b.time is None or a.time.overlaps(b.time)


# "The stories were so inspiring": a definite description going on about what was just said;
# "The Fox and Fiddle changed its sign" names a place and goes on about nothing.
_DEFINITE = re.compile(r"^(?:[A-Z][\w'-]*(?: [A-Z][\w'-]*)? said: )?[Tt]he (?=[a-z])")


def _content(c: Candidate) -> set[str]:
    """What ``c`` is about: the words of its concepts (the things it names: "umbrella",
    "running shoe") and places; the content words of its text only when it names no thing.
    Verbs are left out: "Ann keeps forgetting the umbrella" and "Ann keeps fit" share "keep"
    and nothing they are about."""
    names = {w.lower() for n in c.participants for w in n.split()}
    things = [*c.concepts, *c.locations]
    source = [w for t in things for w in t.lower().split()] if things else keywords(c.restatement)
    words = {w.removesuffix("'s") for w in source if not any(ch.isdigit() for ch in w)}
    return words - names - GENERIC


# "it" or "them" as an object: "it's already July", "it will be fun" are no reference back
_PRONOUN = re.compile(
    r"\b(?:it|them)\b(?!\s*(?:'s|'ll|'d|is|was|will|would|has|had|seems|looks|sounds|feels|makes|must|might|"
    r"can|could|should|does|did|gets|got|takes|took)\b)",
    re.IGNORECASE,
)
_FIRST_SENTENCE = re.compile(r"^.*?(?:[.!?](?=\s|$)|$)", re.DOTALL)


def _dangling(c: Candidate) -> bool:
    """Whether ``c``'s first sentence speaks of "it" or "them" before naming any thing of its
    own ("Nate will definitely add it to their list"): the thing is in what was said before."""
    text = unframed(c.restatement).strip()
    first = _FIRST_SENTENCE.match(text)
    sentence = (first.group() if first else text).lower()
    pronoun = _PRONOUN.search(sentence)
    if pronoun is None:
        return False
    before = sentence[: pronoun.start()]
    return not any(re.search(rf"\b{re.escape(word)}\b", before) for thing in c.concepts | c.locations for word in thing.lower().split())


def _related(a: Candidate, b: Candidate, ws: WriteSettings, next_turn: bool = True, said_last: str = "") -> bool:
    """Whether ``b`` continues ``a``: it refers back to it ("It was...", "That's why..."), or its
    first sentence speaks of a thing or group it does not name, whatever its length ("With
    their trust, John and others can do anything!" right after the veterans; see
    :func:`_leans`), when together they cite at most ``compose_referent_turns`` (the turn
    before, not an exchange before it: a third turn made long memories that crowd out
    others), or it is a short reply by the other speaker about something it does not name
    ("I'll add it to my list", see :func:`_dangling`), or, when one of them is short (a
    reply), they share a content word; longer ones must overlap by ``compose_overlap``
    (Jaccard), unless the short one is the other speaker's own news (:func:`_own_news`; its
    speaker, ``said_last``, who said the end of ``a``). A short turn that starts something
    else (its own subject, nothing shared) is not glued on: a topic change ends an exchange.
    A speaker's definite phrase ("The stories ...") goes on from their own turn only right
    after it (``next_turn``): after the other
    speaker's reply, even one not kept ("Hm, I didn't know that."), "The plan is that I'm
    renewing my passport" starts something new."""
    if refers_back(b.restatement) and not (next_turn is False and a.speaker == b.speaker and adds_item(b.restatement)):
        return True
    if len(set(a.sources) | set(b.sources)) <= ws.compose_referent_turns and _leans(a, b):
        return True  # "They've given so much and deserve John's backing" after the veterans
    if len(b.restatement) <= ws.compose_short_chars and a.speaker and b.speaker and a.speaker != b.speaker and _dangling(b):
        return True  # a reply about what was just said: "Nate will definitely add it to their list."
    short = min(len(a.restatement), len(b.restatement)) <= ws.compose_short_chars
    if short and next_turn and a.speaker and a.speaker == b.speaker and _DEFINITE.match(b.restatement):
        return True  # the same speaker going on about the same thing ("The stories were so inspiring")
    ka, kb = _content(a), _content(b)
    if not ka or not kb:
        return False
    if short:
        return bool(ka & kb) and not _own_news(said_last or a.speaker, b)
    return len(ka & kb) / len(ka | kb) >= ws.compose_overlap


def _own_news(before: str, b: Candidate) -> bool:
    """Whether ``b``, said by another speaker than ``before`` (who said the end of the memory
    it would join), opens on its own speaker as subject (the speaker's name, alone or with
    others: "Melanie's kids and Melanie just finished another painting" after Caroline's
    painting): a thing of their own, not more of that memory, whatever word the two share."""
    if not (before and b.speaker and before != b.speaker):
        return False
    return unframed(b.restatement).startswith(b.speaker)


# "And", "also", "plus" opening a speaker's turn, with a clause of its own after them: another
# thing told ("Oh, and five-a-side was cancelled ...", "Also, the cat has decided 5am is
# breakfast time"), not more of the last ("And biscuits.", "And some old friends too").
_ADDITIVE = re.compile(r"^(?:and|also|plus)\b[,\s]*", re.IGNORECASE)
_FINITE = BE_FORMS | MODALS | PAST_FORMS | frozenset(
    "has have had does do did isn't wasn't aren't weren't hasn't haven't hadn't doesn't don't didn't won't can't".split()
)
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")


def adds_item(restatement: str) -> bool:
    """Whether ``restatement`` opens with an additive connective ("and", "also", "plus") and
    goes on with a clause of its own: a finite verb in its first sentence (a form of "be",
    "have" or "do", a modal, an irregular past, or the "-ed" form of a verb: "And Daria has
    returned the same jacket twice", "And went to a market and came home with cheese").
    Said by the same speaker after the other speaker's reply, it tells another thing; a bare
    phrase after it ("And biscuits.", "And takeaways.") is more of the last."""
    said = unframed(restatement).strip()
    m = _ADDITIVE.match(said)
    if m is None:
        return False
    rest = said[m.end() :]
    first = _FIRST_SENTENCE.match(rest)
    words = [w.lower() for w in _WORD.findall(first.group() if first else rest)]
    if refers_back(rest) or not words:
        return False  # "And it was so much fun": what came before, still
    bases = verb_bases()
    return any(
        w in _FINITE or w.endswith("ed") and (w[:-2] in bases or w[:-1] in bases or w[:-3] in bases and w[-3] == w[-4])
        for w in words
    )


def _leans(a: Candidate, b: Candidate) -> bool:
    """Whether ``b``'s first sentence speaks of a thing or group it does not name
    (:func:`ground.referents.leans_on_referent`; the persons of both and their speakers are
    no such thing: "Caroline drew it")."""
    people = a.participants | b.participants | {s for s in (a.speaker, b.speaker) if s}
    return leans_on_referent(b.restatement, people)


def _adjacent(a: Candidate, b: Candidate, position: Mapping[str, int], gap: int) -> bool:
    pa = [position[s] for s in a.sources if s in position]
    pb = [position[s] for s in b.sources if s in position]
    return bool(pa and pb) and 1 <= min(pb) - max(pa) <= gap


def can_compose(
    a: Candidate, b: Candidate, position: Mapping[str, int], ws: WriteSettings, last: Candidate | None = None
) -> bool:
    """Whether ``b`` is stated together with ``a``. A question is stated with the answer that
    follows it, never glued onto what came before; one left without an answer stays a
    memory of its own (in the short-term tier). ``last`` is the last candidate composed into
    ``a`` (``a`` itself by default): whether ``a`` still asks is read from it, so a question
    stated with its answer takes nothing more without a relation. A core fact stays atomic,
    except as the answer to a question about a thing it does not name ("Will you show me the
    presentation?" / "Sure, I will send it to you later"): it keeps its layer."""
    last = last or a
    question = asked_only(last.restatement)
    reply = bool(last.speaker and b.speaker and last.speaker != b.speaker) and _dangling(b)
    return (
        a.session_id == b.session_id
        and not asked_only(b.restatement)
        and (not question or last.speaker != b.speaker)
        and a.layer != "core"
        and (b.layer != "core" or question and reply)
        and _fits(a, b, question, ws)
        and len(set(a.sources) | set(b.sources)) <= ws.compose_turns
        and _adjacent(a, b, position, ws.compose_gap)
        and _times_agree(a, b)
        and (question or _related(a, b, ws, _adjacent(last, b, position, 1), last.speaker))
    )


def _fits(a: Candidate, b: Candidate, question: bool, ws: WriteSettings) -> bool:
    """Whether ``b`` stated after ``a`` keeps within ``compose_chars``. A question of at most
    ``compose_question_chars`` does not count: the answer is stated with the short question
    it answers whenever the answer itself fits ("Maria asked: Joining the fire brigade? How's
    it been so far?" with an answer of 400 characters); left apart, the question says nothing
    ("How's it been so far?") and the answer does not say what it answers (LoCoMo @1500
    0.902 -> 0.903, temporal 0.957 -> 0.963; docs/benchmarks.md). Not an assistant's answer
    in a chat: there the user's question is the user's memory and the answer the assistant's,
    each weighed by its role (``recall.assistant_weight``), and a long answer is cut in pieces
    anyway."""
    size = len(unframed(b.restatement))  # what it says: a part after another speaker's gets the frame whether or not it had one
    if not (question and len(a.restatement) <= ws.compose_question_chars and b.role != "assistant"):
        size += len(a.restatement) + 1
    return size <= ws.compose_chars


def attributed(text: str, speaker: str, previous: str) -> str:
    """``text`` as the next part of a composed memory: a part whose speaker differs from the
    part before gets "<speaker> said:" unless it opens with its speaker's name or a label of
    its own. "Tim asked: Did John have any trouble? Sorry to hear about the job ... John's
    trip went okay" reads as Tim's; with "John said:" the reply is John's. Chat parts (role
    names) and parts whose speaker is unknown are left as they are."""
    if speaker and speaker == previous and text.startswith(f"{speaker} said: "):
        return text[len(speaker) + 7 :]  # the same speaker going on: said once
    if not speaker or not previous or speaker == previous or text.startswith(speaker) or SPEAKER_FRAME.match(text):
        return text
    return f"{speaker} said: {text}"


def combine(a: Candidate, b: Candidate, previous: str = "") -> Candidate:
    """``b`` stated after ``a``; ``previous`` is who spoke the last part of ``a`` (see :func:`attributed`)."""
    text = attributed(b.restatement, b.speaker if not b.role else "", previous if not a.role else "")
    return Candidate(
        restatement=f"{a.restatement} {text}",
        sources=tuple(dict.fromkeys(a.sources + b.sources)),
        session_id=a.session_id,
        participants=a.participants | b.participants,
        locations=a.locations | b.locations,
        time=a.time or b.time,
        facts=tuple(dict.fromkeys(a.facts + b.facts)),
        concepts=a.concepts | b.concepts,
        role=a.role if a.role == b.role else "",
        layer="core" if "core" in (a.layer, b.layer) else a.layer,
        emphasis=max(a.emphasis, b.emphasis),
        mentioned_at=a.mentioned_at or b.mentioned_at,
        speaker=a.speaker if a.speaker == b.speaker else "",
        code=a.code and b.code,
    )


def takes_aside(aside: Candidate, b: Candidate, position: Mapping[str, int], ws: WriteSettings) -> bool:
    """Whether ``b`` is stated after ``aside``, a turn dropped as small talk just before it:
    ``b``'s first sentence leans on a thing or group it does not name (:func:`_leans`) and
    the aside names something of the pronoun's number that ``b`` does not
    (``ground.referents.things_for``: "those drawings" for "They're visuals of the
    characters", "a positive impact" for "That's why Maria loves volunteering"), within
    ``compose_referent_turns`` and ``compose_chars``. Not a question (asked, it is stated with
    its answer), nor a memory that names what it speaks of, nor one whose "it" the aside
    cannot stand for ("They look like they enjoy fruit" names no "them"): no referent is
    guessed into a memory. A core fact keeps its layer, as an answer to a question does."""
    if not (
        aside.aside
        and not b.aside
        and aside.session_id == b.session_id
        and len(set(aside.sources) | set(b.sources)) <= min(ws.compose_referent_turns, ws.compose_turns)
        and not asked_only(b.restatement)
        and _adjacent(aside, b, position, 1)
        and _times_agree(aside, b)
        and _fits(aside, b, False, ws)
    ):
        return False
    return bool(_named_for(aside, b))


def _named_for(a: Candidate, b: Candidate) -> list[str]:
    """What ``a`` names that ``b``'s first sentence could speak of without naming it
    (``ground.referents.things_for``) and ``b`` does not name anywhere."""
    people = a.participants | b.participants | {s for s in (a.speaker, b.speaker) if s}
    pronouns = unnamed_pronouns(b.restatement, people)
    if not pronouns:
        return []
    said = set(re.findall(r"[a-z]+", b.restatement.lower()))
    return [thing for thing in things_for(a.restatement, pronouns, people) if thing not in said]


def carried(last: Candidate, b: Candidate, first: Candidate, position: Mapping[str, int], ws: WriteSettings) -> Candidate | None:
    """The memory ``b`` (``first`` its first part) stated after a copy of the sentence of
    ``last`` that names what ``b``'s first sentence speaks of without naming it
    (:func:`_named_for`); ``last`` is the turn right before it, by another speaker, stated at
    the end of the memory before. The last such sentence, at most ``compose_carry_chars``
    long, framed with its speaker when it does not open with them; the two within
    ``max_unit_chars``. ``None`` when there is none: "Joanna won't let this bring Joanna
    down" after "Ugh, that's so frustrating" stays as it is. A question is carried with its
    answer ("Melanie said: Melanie painted a lake at sunrise last year. Caroline asked: What
    made Melanie paint it? Melanie said: ..."). Not in chats (a user's turn and the
    assistant's answer each stand alone there), nor for a core fact (it stays atomic)."""
    if not (
        ws.compose_carry_chars > 0
        and ws.compose_referent_turns > 0
        and last.speaker and last.speaker != first.speaker  # first's "": a question stated with its answer
        and not last.role and not first.role
        and first.layer != "core"
        and last.session_id == b.session_id
        and _adjacent(last, first, position, 1)
        and _times_agree(last, b)
    ):
        return None
    things = _named_for(last, b)
    if not things:
        return None
    naming = [s.strip() for s in sentences(last.restatement)
              if any(re.search(rf"\b{re.escape(t)}\b", s, re.IGNORECASE) for t in things)]
    if not naming:
        return None
    text = naming[-1]
    if not SPEAKER_FRAME.match(text) and not text.startswith(last.speaker):
        text = f"{last.speaker} said: {text}"
    if len(text) > ws.compose_carry_chars or len(text) + 1 + len(b.restatement) > ws.max_unit_chars:
        return None
    both = combine(replace(_part(last, text), sources=last.sources[-1:]), b, last.speaker)
    return replace(
        both, restatement=f"{text} {attributed(b.restatement, first.speaker, last.speaker)}", layer=b.layer,
        facts=b.facts, emphasis=b.emphasis, mentioned_at=b.mentioned_at or both.mentioned_at, speaker=b.speaker,
    )


def replies_to_core(core: Candidate, b: Candidate, position: Mapping[str, int], ws: WriteSettings) -> bool:
    """Whether ``b`` is the other speaker's short reply about what the core fact ``core`` just
    said ("I love your ice cream!" / "It's dairy-free and so easy"): stated alone, "it" would
    be nothing. The core fact stays atomic; the reply is stated after a copy of it."""
    return (
        core.layer == "core"
        and b.layer != "core"
        and core.session_id == b.session_id
        and bool(core.speaker and b.speaker and core.speaker != b.speaker)
        and len(b.restatement) <= ws.compose_short_chars
        and not asked_only(b.restatement)
        and (refers_back(b.restatement) or _dangling(b))
        and len(core.restatement) + 1 + len(b.restatement) <= ws.compose_chars
        and _adjacent(core, b, position, 1)
        and _times_agree(core, b)
    )


_QUESTION_SPLIT = re.compile(r"(?<=\?)\s+(?=\S)")


def _questions(c: Candidate) -> tuple[str, list[str]] | None:
    """``c``'s frame ("Ann asked:") and its questions, when it states two or more questions
    of one speaker and nothing else ("Ann asked: What is her name? Does she like cats?")."""
    frame = SPEAKER_FRAME.match(c.restatement)
    if frame is None or len(c.sources) != 1 or not asked_only(c.restatement):
        return None
    asked = _QUESTION_SPLIT.split(c.restatement[frame.end() :].strip())
    if len(asked) < 2 or not all(q.endswith("?") for q in asked):
        return None
    return frame.group(), asked


def _part(c: Candidate, text: str) -> Candidate:
    """``c`` stating only ``text`` (a part of what it said): the facts, things and places it still names."""
    low = text.lower()
    return replace(
        c,
        restatement=text,
        facts=tuple(f for f in c.facts if f in text),
        concepts=frozenset(t for t in c.concepts if t.lower() in low),
        locations=frozenset(p for p in c.locations if p in text),
    )


def _split_for_answer(
    asked: Candidate, answer: Candidate, position: Mapping[str, int], ws: WriteSettings
) -> tuple[Candidate, Candidate] | None:
    """A speaker's questions asked one after another are one memory, but with a long answer
    they may not fit in ``compose_chars`` together: then the last questions that fit are
    stated with the answer, and the ones before stay a memory of their own ("Ann asked: What
    is her name?" / "Ann asked: Does she like cats? Ben said: She loves them, ..."), as each
    question was stated before they were grouped. ``None`` when not even the last one fits."""
    found = _questions(asked)
    if found is None:
        return None
    frame, questions = found
    for cut in range(1, len(questions)):
        head = _part(asked, f"{frame} {' '.join(questions[:cut])}")
        tail = _part(asked, f"{frame} {' '.join(questions[cut:])}")
        if can_compose(tail, answer, position, ws):
            return head, tail
    return None


def compose(candidates: Sequence[Candidate], position: Mapping[str, int], ws: WriteSettings) -> list[Candidate]:
    """Compose consecutive candidates of adjacent turns (in the order given); ``compose_chars`` 0
    is off. Asides (``Candidate.aside``) are stated only before a memory that takes them
    (:func:`takes_aside`), never alone. Then a memory that leans on what the end of the memory
    before names is stated after a copy of it (:func:`carried`)."""
    out: list[Candidate] = []
    firsts: list[Candidate] = []  # the first part of each memory of ``out``
    last: Candidate | None = None  # the last part of out[-1]
    ends: list[Candidate] = []  # the last part of each memory of ``out``
    aside: Candidate | None = None  # a turn dropped as small talk, just before ``cand``
    for cand in candidates:
        if cand.aside:
            aside = cand
            continue
        joins = bool(out) and last is not None and ws.compose_chars > 0 and can_compose(out[-1], cand, position, ws, last)
        # the turn right before names what ``cand`` speaks of, the one further back nothing it could be
        took = aside is not None and ws.compose_chars > 0 and takes_aside(aside, cand, position, ws) and not (
            joins and _named_for(out[-1], cand))
        split = None
        if not took and out and last is out[-1] and ws.compose_chars > 0 and not joins:
            split = _split_for_answer(out[-1], cand, position, ws)
        if aside is not None and took:
            out.append(combine(aside, cand, aside.speaker))
            firsts.append(aside)
        elif split is not None:
            out[-1] = firsts[-1] = ends[-1] = split[0]
            out.append(combine(split[1], cand, split[1].speaker))
            firsts.append(split[1])
        elif joins and last is not None:
            out[-1] = combine(out[-1], cand, last.speaker)
            ends.pop()
        elif out and ws.compose_chars > 0 and replies_to_core(out[-1], cand, position, ws):
            reply = combine(out[-1], cand, out[-1].speaker)
            out.append(replace(reply, layer=cand.layer, facts=cand.facts, emphasis=cand.emphasis,
                               mentioned_at=cand.mentioned_at or reply.mentioned_at))
            firsts.append(out[-2])
        else:
            out.append(cand)
            firsts.append(cand)
        ends.append(cand)
        last, aside = cand, None
    if ws.compose_chars <= 0:
        return out
    kept: list[Candidate] = out[:1]
    for i in range(1, len(out)):
        carry = carried(ends[i - 1], out[i], firsts[i], position, ws)
        if carry is not None and out[i - 1] is ends[i - 1] and out[i - 1].layer != "core" and carry.restatement.startswith(
            out[i - 1].restatement
        ) and kept and kept[-1] is out[i - 1]:
            kept.pop()  # the memory before was that one sentence, now stated with what leans on it
            carry = replace(carry, facts=tuple(dict.fromkeys(out[i - 1].facts + carry.facts)))
        kept.append(carry or out[i])
    return kept
