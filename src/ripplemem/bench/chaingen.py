"""Chain-shaped evaluation conversations, generated: where recall has to follow a chain.

Each conversation is a LoCoMo one-file record (``speaker_a``, ``speaker_b``,
``session_N_date_time``, ``session_N`` turns with ``dia_id`` ``D<s>:<t>``, ``qa``) between
two speakers over 20 to 40 dated sessions, with about ten questions, one per chain, from
seven families (``category`` holds the family name):

- ``constraint``: a friend recommends a venue for an occasion with a guest (E1); what the
  venue is like comes up in another session (E2); the guest's constraint in a third (E3).
  The question names the recommender, the guest and the occasion, not the venue: the
  venue is the gateway that E1 holds, so naming it would let the words find E2 directly.
- ``bridge``: a thing from a giver ("my aunt", a name); the giver's city, job, pet...
  in another session; the question asks about "the person who gave ... the blue kettle".
- ``list``: items of one kind said in 3 or 4 sessions; the question asks for all of them.
- ``relative_time``: an event dated relative to another one ("two weeks after the
  marathon"), the anchor's date in another session; the question asks when.
- ``preference_update``: a preference, then its change in a later session. The evidence
  is both turns: the update alone may answer "what now", but an evidence set that holds
  the old statement without the change is the dangerous case, and one that shows the
  change is what a reader needs to trust the answer.
- ``number``: an amount said once, with near-miss numbers said about other things.
- ``near_miss``: one fact, and distractors that share most of its words but are about
  another person or another place.

The rule every question keeps (checked as it is built, and by the tests): its content
words (speakers' names aside) are shared by exactly one of its evidence turns, the entry;
the other evidence turns are reachable only through the chain. Distractor turns that share
the question's words (other recommendations, other gifts, other people's numbers) are
planted in other sessions, among generated chatter between the same two speakers.
Everything is deterministic by seed.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from ripplemem.bench import chainvocab as vocab

FAMILIES = ("constraint", "bridge", "list", "relative_time", "preference_update", "number", "near_miss")
DEFAULT_CONVERSATIONS = 24
EXTRA_PER_CONVERSATION = 3  # questions beyond one per family, rotating through the families
SESSIONS = (20, 40)
STOPWORDS = frozenset(
    """a about above after again against all am an and any are aren aren't as at be because been before being
    below between both but by can could couldn d did didn didn't do does doesn doesn't doing don don't down during
    each few for from further had hadn has hasn have haven having he her here hers herself him himself his how i
    if in into is isn isn't it its itself just ll let m me more most my myself no nor not now o of off on once only
    or other our ours ourselves out over own re s same she should so some such t than that the their theirs them
    themselves then there these they this those through to too under until up ve very was wasn wasn't we were what
    when where which while who whom why will with won would you your yours yourself yourselves ever also much many
    kind likely might may get got go went going say said tell told think one ones""".split()
)
_TOKEN = re.compile(r"[a-z0-9]+")


class _Retry(Exception):
    """A rendering broke the one-entry rule; the family is drawn again."""


# ---------------------------------------------------------------- words


def _stem(word: str) -> str:
    for suffix in ("ations", "ation", "ions", "ion", "ings", "ing", "edly", "ed", "es", "s", "ly", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def content_words(text: str, ignore: Iterable[str] = ()) -> frozenset[str]:
    """Stems of the words of ``text`` that carry content (stop words and ``ignore`` dropped)."""
    skip = {w.lower() for w in ignore}
    words = _TOKEN.findall(text.lower())
    return frozenset(_stem(w) for w in words if len(w) > 1 and w not in STOPWORDS and w not in skip)


def shares_words(a: frozenset[str], b: frozenset[str]) -> bool:
    """Same stem, or (generously) the same first five letters of two long stems."""
    return any(x == y or (len(x) >= 5 and len(y) >= 5 and x[:5] == y[:5]) for x in a for y in b)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


_A_BEFORE_VOWEL = re.compile(r"\b([Aa]) (?=[aeiouAEIOU])(?!uk|uni|use|usu|eu|one)")


def articles(text: str) -> str:
    """``a`` -> ``an`` before a vowel sound ("an enamel mug", but "a ukulele")."""
    return _A_BEFORE_VOWEL.sub(r"\1n ", text)


# ---------------------------------------------------------------- records


@dataclass(frozen=True, slots=True)
class Line:
    speaker: int  # 0 = speaker_a, 1 = speaker_b
    text: str
    gold: bool = False


@dataclass(slots=True)
class Exchange:
    """Consecutive turns planted in one session; ``ids`` are filled when the session is laid out."""

    session: int
    lines: tuple[Line, ...]
    ids: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Chain:
    family: str
    question: str
    answer: str
    exchanges: list[Exchange]

    def evidence(self) -> list[str]:
        pairs = [(ex.session, i, line) for ex in self.exchanges for i, line in zip(ex.ids, ex.lines, strict=True)]
        return [i for _, i, line in sorted(pairs, key=lambda p: (p[0], _turn_number(p[1]))) if line.gold]


def _turn_number(dia_id: str) -> int:
    return int(dia_id.rsplit(":", 1)[1])


@dataclass(slots=True)
class Scene:
    """One conversation being drawn: its speakers, session dates and what is already used."""

    rng: random.Random
    speakers: tuple[str, str]
    dates: list[datetime]
    used: dict[str, set[str]] = field(default_factory=dict)

    def pick(self, kind: str, values: Sequence[str]) -> str:
        taken = self.used.setdefault(kind, set())
        free = [v for v in values if v not in taken]
        if not free:
            raise _Retry(kind)
        value = self.rng.choice(free)
        taken.add(value)
        return value

    def person(self, pronoun: str | None = None) -> tuple[str, str]:
        """A third party no other chain uses, and the pronoun that goes with the name."""
        pronoun = pronoun or self.rng.choice(("he", "she"))
        pool = vocab.MEN if pronoun == "he" else vocab.WOMEN
        return self.pick("person", pool), pronoun

    def relation(self) -> tuple[str, str]:
        relation = self.pick("relation", [r for r, _ in vocab.RELATIONS])
        fixed = dict(vocab.RELATIONS)[relation]
        return relation, fixed or self.rng.choice(("he", "she"))

    def sessions(self, n: int, gap: int = 2) -> list[int]:
        """``n`` session indexes in time order, at least ``gap`` apart."""
        for _ in range(200):
            chosen = sorted(self.rng.sample(range(len(self.dates)), n))
            if all(b - a >= gap for a, b in zip(chosen, chosen[1:], strict=False)):
                return chosen
        raise _Retry("sessions")

    def other_sessions(self, taken: Iterable[int], n: int) -> list[int]:
        free = [i for i in range(len(self.dates)) if i not in set(taken)]
        return [self.rng.choice(free) for _ in range(n)]

    def snapshot(self) -> dict[str, set[str]]:
        return {k: set(v) for k, v in self.used.items()}


def pronouns(pronoun: str) -> dict[str, str]:
    he, his, him = ("he", "his", "him") if pronoun == "he" else ("she", "her", "her")
    return {"he": he, "his": his, "him": him, "He": _cap(he), "His": _cap(his)}


class Guard:
    """The one-entry rule for one question: what non-entry turns must not say."""

    def __init__(self, scene: Scene, question: str) -> None:
        self.scene = scene
        self.question = question
        self.words = content_words(question, scene.speakers)

    def clear(self, text: str) -> bool:
        return not shares_words(self.words, content_words(text, self.scene.speakers))

    def entry(self, text: str) -> str:
        if self.clear(text):
            raise _Retry("entry turn does not share the question's words")
        return self.embed(text)

    def other(self, templates: Sequence[str], render: Callable[[str], str], embed: bool = True) -> str:
        """The first rendering, in random order, that shares no word with the question."""
        options = list(templates)
        self.scene.rng.shuffle(options)
        for template in options:
            text = render(template)
            if self.clear(text):
                return self.embed(text) if embed else text
        raise _Retry("no phrasing avoids the question's words")

    def embed(self, text: str) -> str:
        """Often, bury the statement in a longer turn (a filler that adds none of the question's words)."""
        rng = self.scene.rng
        if rng.random() < 0.45:
            before = rng.random() < 0.5
            filler = rng.choice(vocab.FILLERS_BEFORE if before else vocab.FILLERS_AFTER)
            if self.clear(filler):
                return f"{filler} {text}" if before else f"{text} {filler}"
        return text


def _fill(template: str, **slots: str) -> str:
    return _cap(template.format(**slots))


def _say(session: int, *lines: Line) -> Exchange:
    return Exchange(session=session, lines=tuple(lines))


def _echo(scene: Scene, sessions: Sequence[int], texts: Sequence[tuple[int, str]]) -> list[Exchange]:
    """Distractors (never gold) in the given sessions."""
    return [_say(s, Line(speaker, _cap(text))) for s, (speaker, text) in zip(sessions, texts, strict=False)]


# ---------------------------------------------------------------- 1. constraint chain


def constraint(scene: Scene) -> Chain:
    rng, speakers = scene.rng, scene.speakers
    planner = rng.randrange(2)
    axis = vocab.AXES[rng.choice(sorted(vocab.AXES))]
    fits = rng.random() < 0.25
    rec, rp = scene.person()
    desc = rng.choice(vocab.RECOMMENDERS_AS)
    rec_first = f"{desc} {rec}" if desc else rec
    venue = scene.pick("venue", vocab.VENUES)
    occ = rng.choice(vocab.OCCASIONS)
    mode = rng.choice(("speaker", "named", "related"))
    recommend = list(vocab.RECOMMEND)
    if mode == "speaker":
        guest, xo, xp, xq = speakers[1 - planner], "you", "your", f"{speakers[1 - planner]}'s"
        needs, need_speaker, x3, xpron, guest_echo = axis["need1"], 1 - planner, "", "he", ""
    else:
        relation, xpron = scene.relation()
        name, _ = scene.person(xpron)
        guest, xo, xp = f"{speakers[planner]}'s {relation} {name}", f"my {relation} {name}", f"my {relation} {name}'s"
        xq, x3 = (f"{name}'s", f"my {relation}") if mode == "named" else (f"{speakers[planner]}'s {relation}'s", name)
        needs, need_speaker = axis["need3"], planner
        guest_echo = name if mode == "named" else f"my {relation}"
    question = _fill(rng.choice(vocab.CONSTRAINT_Q), S=speakers[planner], R=rec, xq=xq, occ=occ)
    guard = Guard(scene, question)
    e1 = guard.entry(_fill(rng.choice(recommend), rec=rec_first, Rec=_cap(rec_first), rp=rp, v=venue, xo=xo, xp=xp,
                           occ=occ))
    s1, s2, s3 = rng.sample(scene.sessions(3, gap=3), 3)
    attr = axis["ok" if fits else "bad"]
    assert isinstance(attr, tuple) and isinstance(needs, tuple)
    said_by = rng.randrange(2)
    replies = [t for t in attr if t.startswith("{V} ")]
    if replies and rng.random() < 0.4:
        lead = guard.other(vocab.VENUE_LEAD, lambda t: _fill(t, v=venue), embed=False)
        opener = rng.choice(vocab.REPLY_OPENERS)
        reply = guard.other(replies, lambda t: opener + _fill(t.replace("{V} is ", "It's ").replace("{V} ", "It ")))
        venue_turns = _say(s2, Line(1 - said_by, lead, gold=True), Line(said_by, reply, gold=True))
    else:
        venue_turns = _say(s2, Line(said_by, guard.other(attr, lambda t: _fill(t, V=_cap(venue), v=venue)), gold=True))
    need = guard.other(needs, lambda t: _fill(t, X=_cap(x3), x=x3, **pronouns(xpron)))
    short = axis["ok_short" if fits else "bad_short"]
    answer = f"{'Yes' if fits else 'No'}: {venue} {short}, and {guest} {axis['need_short']}."
    exchanges = [_say(s1, Line(planner, e1, gold=True)), venue_turns, _say(s3, Line(need_speaker, need, gold=True))]
    fresh, _ = scene.person()
    echoes = [
        (rng.randrange(2), rng.choice(vocab.NEUTRAL_PERSON).format(p=rec)),
        (rng.randrange(2), rng.choice(vocab.CONSTRAINT_ECHOES).format(p=fresh, occ=occ,
                                                                       v=scene.pick("venue", vocab.VENUES))),
    ]
    if guest_echo:
        echoes.append((planner, rng.choice(vocab.NEUTRAL_PERSON).format(p=guest_echo)))
    taken = (s1, s2, s3)
    return Chain("constraint", question, answer, exchanges + _echo(scene, scene.other_sessions(taken, 3), echoes))


# ---------------------------------------------------------------- 2. bridge via a giver


def bridge(scene: Scene) -> Chain:
    rng, speakers = scene.rng, scene.speakers
    owner = rng.randrange(2)
    noun = scene.pick("thing", vocab.THING_NOUNS)
    adjective = rng.choice(vocab.THING_ADJECTIVES)
    thing, it = f"a {adjective} {noun}", f"the {adjective} {noun}"
    relation, pron = scene.relation()
    name, _ = scene.person(pron)
    form = rng.choice(("relation", "name", "both"))
    g1 = {"relation": f"my {relation}", "name": name, "both": f"my {relation} {name}"}[form]
    g2 = g1 if form != "both" else rng.choice((name, f"my {relation}"))
    attribute = rng.choice(sorted(vocab.GIVER_FACTS))
    asked, statements, shape = vocab.GIVER_FACTS[attribute]
    value = {"city": lambda: scene.pick("city", vocab.CITIES), "moving": lambda: scene.pick("city", vocab.CITIES),
             "job": lambda: scene.pick("job", vocab.JOBS), "pet": lambda: scene.pick("pet", vocab.PETS),
             "instrument": lambda: rng.choice(vocab.INSTRUMENTS)}[attribute]()
    question = _fill(asked, S=speakers[owner], it=it)
    guard = Guard(scene, question)
    e1 = guard.entry(_fill(rng.choice(vocab.GIFT), G=_cap(g1), g=g1, thing=thing, Thing=_cap(thing), it=it, noun=noun))
    e2 = guard.other(statements, lambda t: _fill(t, G=_cap(g2), g=g2, val=value, **pronouns(pron)))
    s1, s2 = rng.sample(scene.sessions(2, gap=3), 2)
    e2_speaker = owner if g2.startswith("my ") or rng.random() < 0.7 else 1 - owner
    answer = f"{_cap(shape.format(val=value))}: {it} came from {speakers[owner]}'s {relation} {name}."
    exchanges = [_say(s1, Line(owner, e1, gold=True)), _say(s2, Line(e2_speaker, e2, gold=True))]
    fresh, _ = scene.person()
    other_thing = f"a {rng.choice([a for a in vocab.THING_ADJECTIVES if a != adjective])} {noun}"
    echoes = [(1 - owner, rng.choice(vocab.BRIDGE_ECHOES).format(p=fresh, thing=other_thing, noun=noun)),
              (1 - owner, rng.choice(vocab.BRIDGE_ECHOES).format(p=fresh, thing=other_thing, noun=noun))]
    return Chain("bridge", question, answer, exchanges + _echo(scene, scene.other_sessions((s1, s2), 2), echoes))


# ---------------------------------------------------------------- 3. list completion


def list_completion(scene: Scene) -> Chain:
    rng, speakers = scene.rng, scene.speakers
    owner = rng.randrange(2)
    kind = scene.pick(f"list{owner}", sorted(vocab.LISTS))
    questions, entries, others, pool = vocab.LISTS[kind]
    n = rng.choice((3, 3, 4))
    items = rng.sample(list(pool), n + 1)
    items, spare = items[:n], items[n]
    question = _fill(rng.choice(questions), S=speakers[owner])
    guard = Guard(scene, question)
    entry_at = rng.randrange(n)
    sessions = scene.sessions(n, gap=2)
    exchanges = []
    for k, (item, session) in enumerate(zip(items, sessions, strict=True)):
        if k == entry_at:
            text = guard.entry(_fill(rng.choice(entries), i=item))
        else:
            text = guard.other(others, functools.partial(_fill, i=item))
        exchanges.append(_say(session, Line(owner, text, gold=True)))
    answer = ", ".join(items[:-1]) + " and " + items[-1]
    echoes = [(1 - owner, rng.choice(entries).format(i=spare))]
    return Chain("list", question, answer, exchanges + _echo(scene, scene.other_sessions(sessions, 1), echoes))


# ---------------------------------------------------------------- 4. relative-time chain


def _day(d: datetime) -> str:
    return f"{d.day} {d:%B}"


_SMALL = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def _relative_day(delta: int) -> str | None:
    if delta == 1:
        return "tomorrow"
    if delta == -1:
        return "yesterday"
    if abs(delta) in _SMALL:
        return f"in {_SMALL[delta]} days" if delta > 0 else f"{_SMALL[-delta]} days ago"
    return None


def relative_time(scene: Scene) -> Chain:
    rng, speakers = scene.rng, scene.speakers
    owner = rng.randrange(2)
    short, long = vocab.ANCHORS[int(scene.pick("anchor", [str(i) for i in range(len(vocab.ANCHORS))]))]
    verb, past, future = vocab.TARGETS[int(scene.pick("target", [str(i) for i in range(len(vocab.TARGETS))]))]
    city = scene.pick("city", vocab.CITIES)
    verb, past, future = (x.format(city=city) for x in (verb, past, future))
    offset, off = rng.choice(vocab.OFFSETS)
    s_anchor, s_event = rng.sample(scene.sessions(2, gap=2), 2)
    anchor_said = scene.dates[s_anchor]
    delta = rng.choice([d for d in range(-14, 15) if d != 0])
    anchor = (anchor_said + timedelta(days=delta)).replace(hour=12, minute=0)
    target = anchor + timedelta(days=offset)
    event_said = scene.dates[s_event]
    if event_said.date() == target.date():
        raise _Retry("the event falls on the day it is told")
    done = event_said.date() > target.date()
    question = _fill(rng.choice(vocab.WHEN_Q if done else vocab.WHEN_Q_FUTURE), S=speakers[owner], verb=verb)
    guard = Guard(scene, question)
    templates = vocab.RELATIVE_PAST if done else vocab.RELATIVE_FUTURE
    said = past if done else future
    e1 = guard.entry(_fill(rng.choice(templates), off=off, Off=_cap(off), a=short, target=said, Target=_cap(said)))
    relative = _relative_day(delta) if rng.random() < 0.5 else None
    phrase = {"rel": relative} if relative else {"date": rng.choice((_day(anchor), f"{anchor:%A} {_day(anchor)}"))}
    forms = [t for t in (vocab.ANCHOR_FUTURE if delta > 0 else vocab.ANCHOR_PAST) if "{" + next(iter(phrase)) + "}" in t]
    e2 = guard.other(forms, lambda t: _fill(t, A=_cap(long), a=long, **phrase))
    whose = long.replace("my ", f"{speakers[owner]}'s ").replace("our ", f"{speakers[owner]}'s ")
    answer = f"{target.day} {target:%B %Y} ({off} {whose}, on {anchor.day} {anchor:%B %Y})"
    exchanges = [_say(s_event, Line(owner, e1, gold=True)), _say(s_anchor, Line(owner, e2, gold=True))]
    fresh, pron = scene.person()
    echoes = [(1 - owner, vocab.RELATIVE_ECHOES[0].format(target=past, month=rng.choice(vocab.MONTHS))),
              (rng.randrange(2), vocab.RELATIVE_ECHOES[1].format(p=fresh, verb=verb, **pronouns(pron)))]
    return Chain("relative_time", question, answer,
                 exchanges + _echo(scene, scene.other_sessions((s_anchor, s_event), 2), echoes))


# ---------------------------------------------------------------- 5. preference update


def preference_update(scene: Scene) -> Chain:
    rng, speakers = scene.rng, scene.speakers
    owner = rng.randrange(2)
    slot = scene.pick(f"preference{owner}", sorted(vocab.PREFERENCES))
    questions, values, stated, changed = vocab.PREFERENCES[slot]
    old, new, *rest = rng.sample(list(values), len(values))
    question = _fill(rng.choice(questions), S=speakers[owner])
    guard = Guard(scene, question)
    s_old, s_new = scene.sessions(2, gap=3)
    entry_is_old = rng.random() < 0.5
    render_old: Callable[[str], str] = lambda t: _fill(t, old=old, Old=_cap(old))  # noqa: E731
    render_new: Callable[[str], str] = lambda t: _fill(t, old=old, new=new, Old=_cap(old))  # noqa: E731
    if entry_is_old:
        first = guard.entry(render_old(rng.choice(stated)))
        second = guard.other(changed, render_new)
    else:
        second = guard.entry(render_new(rng.choice(changed)))
        first = guard.other(stated, render_old)
    answer = f"{_cap(new)} (it used to be {old})."
    exchanges = [_say(s_old, Line(owner, first, gold=True)), _say(s_new, Line(owner, second, gold=True))]
    fresh, _ = scene.person()
    echoes = [(1 - owner, vocab.PREFERENCE_ECHOES[0].format(old=old)),
              (rng.randrange(2), vocab.PREFERENCE_ECHOES[1].format(p=fresh, new2=(rest or [old])[0]))]
    return Chain("preference_update", question, answer,
                 exchanges + _echo(scene, scene.other_sessions((s_old, s_new), 2), echoes))


# ---------------------------------------------------------------- 6. number fidelity


def near_numbers(n: int, rng: random.Random, count: int = 3) -> list[int]:
    """Numbers a careless memory would confuse with ``n``: swapped digits, one off, ten per cent off."""
    digits = str(n)
    candidates = {n + 1, n - 1, n + 2, n - 2, n + 3, round(n * 1.1), round(n * 0.9), n + 10, n - 10}
    if len(digits) > 1 and digits[0] != digits[1]:
        candidates.add(int(digits[1] + digits[0] + digits[2:]))
    if len(digits) > 2 and digits[-1] != "0":
        candidates.add(int(digits[:-2] + digits[-1] + digits[-2]))
    options = sorted(c for c in candidates if c != n and c > 0 and str(c)[0] != "0")
    return rng.sample(options, min(count, len(options)))


def number(scene: Scene) -> Chain:
    rng, speakers = scene.rng, scene.speakers
    owner = rng.randrange(2)
    fact = vocab.NUMBERS[int(scene.pick("number", [str(i) for i in range(len(vocab.NUMBERS))]))]
    asked, gold, distractors, unit, low, high, things = fact
    kind = "city" if things is vocab.CITIES else "relation" if "grandmother" in things else "number-thing"
    thing, other = scene.pick(kind, things), scene.pick(kind, things)
    n = rng.randint(low, high)
    question = _fill(asked, S=speakers[owner], thing=thing)
    guard = Guard(scene, question)
    entry = guard.entry(_fill(gold, thing=thing, n=str(n)))
    (session,) = scene.sessions(1)
    fresh, _ = scene.person()
    misses = near_numbers(n, rng, count=len(distractors))
    texts = [(rng.randrange(2) if "{Who}" in d else owner, d.format(Who=fresh, thing=thing, other=other, n=str(m)))
             for d, m in zip(distractors, misses, strict=False)]
    shown = f"{n} a month" if unit == "a month" else f"{n}" if unit == "years" else f"{n} {unit}"
    exchanges = [_say(session, Line(owner, entry, gold=True))]
    misleading = _echo(scene, scene.other_sessions((session,), len(texts)), texts)
    return Chain("number", question, shown, exchanges + misleading)


# ---------------------------------------------------------------- 7. adversarial near-miss


def near_miss(scene: Scene) -> Chain:
    rng = scene.rng
    asked, statements, contexts, answers, traps = vocab.NEAR_MISS[
        int(scene.pick("near-miss", [str(i) for i in range(len(vocab.NEAR_MISS))]))]
    kind = "venue" if contexts is vocab.VENUES else "city" if contexts is vocab.CITIES else "near-context"
    context, context2, context3 = (scene.pick(kind, contexts) for _ in range(3))
    person, person2, person3 = (scene.person()[0] for _ in range(3))
    value, *wrong = rng.sample(list(answers), 7)
    question = _fill(asked, P=person, C=context)
    guard = Guard(scene, question)
    gold = guard.entry(_fill(rng.choice(statements), P=person, C=context, A=value))
    (session,) = scene.sessions(1)
    swaps = ((person2, context), (person, context2), (person3, context), (person, context3))
    texts = [(rng.randrange(2), rng.choice(statements).format(P=p, C=c, A=a)) for (p, c), a in zip(swaps, wrong, strict=False)]
    texts += [(rng.randrange(2), t.format(P=person, C=context, A=a)) for t, a in zip(rng.sample(traps, 2), wrong[4:],
                                                                                    strict=False)]
    exchanges = [_say(session, Line(rng.randrange(2), gold, gold=True))]
    distractors = _echo(scene, scene.other_sessions((session,), len(texts)), texts)
    return Chain("near_miss", question, _cap(value), exchanges + distractors)


BUILDERS: dict[str, Callable[[Scene], Chain]] = {
    "constraint": constraint, "bridge": bridge, "list": list_completion, "relative_time": relative_time,
    "preference_update": preference_update, "number": number, "near_miss": near_miss,
}


def draw_chain(scene: Scene, family: str) -> Chain:
    """One chain of ``family``; a drawing that breaks the one-entry rule is drawn again."""
    for _ in range(60):
        saved = scene.snapshot()
        try:
            return BUILDERS[family](scene)
        except _Retry:
            scene.used = saved
    raise RuntimeError(f"could not draw a {family} chain that keeps the one-entry rule")


# ---------------------------------------------------------------- chatter and sessions


def _chatter(scene: Scene, starter: int, when: datetime) -> list[Line]:
    """One exchange of small talk: a statement, then a reaction or a question and its answer."""
    rng, other = scene.rng, 1 - starter
    kind = rng.random()
    if kind < 0.3:
        text = rng.choice(vocab.SMALL_TALK).format(month=f"{when:%B}")
    elif kind < 0.5:
        text = rng.choice(vocab.NEUTRAL_PERSON).format(p=rng.choice(sorted(scene.used.get("person", {"Jonas"}))))
    elif kind < 0.65:
        text = rng.choice(vocab.NEUTRAL_VENUE).format(v=rng.choice(sorted(scene.used.get("venue", {"the Lantern"}))))
    elif kind < 0.85:
        text = _stateful_person(scene)
    else:
        text = rng.choice(vocab.STATEFUL_VENUE).format(v=_stranger_venue(scene), n=str(rng.randint(14, 60)))
    lines = [Line(starter, _cap(text))]
    follow = rng.random()
    if follow < 0.55:
        lines.append(Line(other, rng.choice(vocab.REACTIONS)))
    elif follow < 0.8:
        asked = rng.randrange(len(vocab.FOLLOW_UPS))  # the two lists go in pairs
        lines += [Line(other, vocab.FOLLOW_UPS[asked]), Line(starter, vocab.FOLLOW_UP_ANSWERS[asked])]
    return lines


def _stranger(scene: Scene) -> str:
    """Someone no question is about (drawn from the names nobody in this conversation has)."""
    taken = scene.used.get("person", set())
    return scene.rng.choice([n for n in vocab.WOMEN + vocab.MEN if n not in taken])


def _stranger_venue(scene: Scene) -> str:
    taken = scene.used.get("venue", set())
    return scene.rng.choice([v for v in vocab.VENUES if v not in taken])


def _stateful_person(scene: Scene) -> str:
    rng = scene.rng
    template = rng.choice(vocab.STATEFUL_PERSON)
    nouns = [n for n in vocab.THING_NOUNS if n not in scene.used.get("thing", set())]  # never a gift asked about
    thing = f"a {rng.choice(vocab.THING_ADJECTIVES)} {rng.choice(nouns)}"
    return template.format(
        p=_stranger(scene), job=rng.choice(vocab.JOBS), city=rng.choice(vocab.CITIES), thing=thing,
        occ=rng.choice(vocab.OCCASIONS), v=_stranger_venue(scene), instr=rng.choice(vocab.INSTRUMENTS),
        n=str(rng.randint(40, 400)), km=str(rng.randint(5, 30)), animal=rng.choice(vocab.ANIMALS),
        pet=rng.choice(vocab.PETS),
    )


def _lay_out(scene: Scene, when: datetime, planted: list[Exchange]) -> list[tuple[Line, Exchange | None]]:
    """A session: greeting, chatter with the planted exchanges among it, closing."""
    rng, speakers = scene.rng, scene.speakers
    first = rng.randrange(2)
    turns: list[tuple[Line, Exchange | None]] = [
        (Line(first, rng.choice(vocab.GREETINGS).format(o=speakers[1 - first])), None),
        (Line(1 - first, rng.choice(vocab.GREETING_REPLIES).format(o=speakers[first])), None),
    ]
    blocks: list[Exchange | None] = [None] * rng.randint(2, 6)
    for exchange in planted:
        blocks.insert(rng.randint(1, len(blocks)), exchange)
    for block in blocks:
        starter = 1 - turns[-1][0].speaker
        if block is None:
            turns += [(line, None) for line in _chatter(scene, starter, when)]
            continue
        turns += [(line, block) for line in block.lines]
        if rng.random() < 0.5:
            turns.append((Line(1 - block.lines[-1].speaker, rng.choice(vocab.REACTIONS)), None))
    closer = rng.randrange(2)
    turns += [(Line(closer, rng.choice(vocab.CLOSINGS)), None), (Line(1 - closer, rng.choice(vocab.CLOSING_REPLIES)), None)]
    return turns


def _dates(rng: random.Random, n: int) -> list[datetime]:
    day = datetime(rng.randint(2021, 2024), rng.randint(1, 12), rng.randint(1, 28))
    dates = []
    for _ in range(n):
        day += timedelta(days=rng.randint(4, 15))
        dates.append(day.replace(hour=rng.randint(8, 21), minute=rng.randrange(60)))
    return dates


def session_label(when: datetime) -> str:
    """LoCoMo's session time, e.g. ``"1:56 pm on 8 May, 2023"``."""
    return f"{when.hour % 12 or 12}:{when.minute:02d} {'am' if when.hour < 12 else 'pm'} on {when.day} {when:%B}, {when.year}"


def conversation_families(index: int) -> list[str]:
    """Every family once, and ``EXTRA_PER_CONVERSATION`` more, rotating with the index."""
    extra = [FAMILIES[(EXTRA_PER_CONVERSATION * index + k) % len(FAMILIES)] for k in range(EXTRA_PER_CONVERSATION)]
    return [*FAMILIES, *extra]


def conversation(index: int, seed: int = 7, sessions: tuple[int, int] = SESSIONS) -> dict[str, Any]:
    """Conversation ``index`` of the set drawn with ``seed`` (a LoCoMo one-file record)."""
    rng = random.Random(f"ripplemem-chains:{seed}:{index}")
    speakers = tuple(rng.sample(vocab.SPEAKERS, 2))
    scene = Scene(rng=rng, speakers=(speakers[0], speakers[1]), dates=_dates(rng, rng.randint(*sessions)))
    families = conversation_families(index)
    rng.shuffle(families)
    chains = [draw_chain(scene, family) for family in families]
    planted: dict[int, list[Exchange]] = {}
    for chain in chains:
        for exchange in chain.exchanges:
            planted.setdefault(exchange.session, []).append(exchange)
    record: dict[str, Any] = {"sample_id": f"chains-{index + 1:02d}", "speaker_a": speakers[0], "speaker_b": speakers[1]}
    for s, when in enumerate(scene.dates):
        turns = _lay_out(scene, when, planted.get(s, []))
        record[f"session_{s + 1}_date_time"] = session_label(when)
        record[f"session_{s + 1}"] = []
        for t, (line, source) in enumerate(turns, 1):
            dia_id = f"D{s + 1}:{t}"
            if source is not None:
                source.ids.append(dia_id)
            record[f"session_{s + 1}"].append(
                {"speaker": speakers[line.speaker], "dia_id": dia_id, "text": articles(line.text)})
    record["qa"] = [
        {"question": articles(c.question), "answer": articles(c.answer), "evidence": c.evidence(), "category": c.family}
        for c in chains
    ]
    check_entries(record)
    return record


def build(conversations: int = DEFAULT_CONVERSATIONS, seed: int = 7,
          sessions: tuple[int, int] = SESSIONS) -> list[dict[str, Any]]:
    """The whole set: ``conversations`` records, the same for the same seed."""
    return [conversation(i, seed, sessions) for i in range(conversations)]


def check_entries(record: dict[str, Any]) -> None:
    """Raise if a question shares its content words with other than exactly one evidence turn."""
    texts = {t["dia_id"]: t["text"] for k, v in record.items() if k.startswith("session_") and isinstance(v, list)
             for t in v}
    speakers = (record["speaker_a"], record["speaker_b"])
    for qa in record["qa"]:
        words = content_words(qa["question"], speakers)
        entries = [e for e in qa["evidence"] if shares_words(words, content_words(texts[e], speakers))]
        if len(entries) != 1:
            raise RuntimeError(f"{record['sample_id']}: {qa['question']!r} is shared by evidence {entries}")
