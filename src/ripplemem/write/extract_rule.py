"""The rule extractor: windows -> candidates without an LLM (the offline default). A turn's
sentences are read by :mod:`.extract_sentences`, a candidate's fields (people, places,
concepts, time, facts) by :mod:`.extract_fields`; a kept sentence is restated by
:mod:`.restate`, and a long answer past its parsed opening is kept as said by :mod:`.answer_tail`.

For every NEW turn of a window (the overlap turns are context only):

1. Split it into sentences; strip leading interjections and forms of address ("Wow,",
   "Hey Mel!", "..., Caroline!"); drop sentences without content (pleasantries: "How are
   you?", "That's awesome!", "Thanks!").
2. A question with content is kept ("Did you see that band?" says there was a band); a
   phatic one ("How are you?") is small talk. Between people a question is its own unit
   (composition later states it with the answer that follows); in a chat with an assistant
   the user's request keeps its context. A question answered shortly in the next turn is
   stated with that answer instead (step 3).
3. A short reply ("Yes, twice!", "Since 2016.") to a question of the previous turn becomes
   one unit that states both ("Melanie asked: ... Caroline answered: ...") and cites both
   turns: the only case where a unit cites a neighbour.
4. Rewrite each kept sentence: relative times -> absolute dates against the session time
   (``timeparse``), "I"/"you" -> names with verb agreement read from the turn's parse
   (``ground.person``); "we" becomes "<speaker> and others" (never an invented "and her
   family"), or "<speaker> and <addressee>" where the pair is clearly meant ("Should we
   meet?"); "our" "<speaker>'s". Both rewritings read the original sentence and are applied
   together. With chat roles the speakers are "the user" and "the assistant" ("they"). A
   unit that does not name its speaker is attributed: "Melanie said: So cool Caroline
   found such a group."
5. Group consecutive sentences into units: a sentence that refers back ("It was ...",
   "That ...") or is short joins the previous one; units never exceed ``max_chars``
   (long assistant answers are cut at sentence boundaries, or at clause/word boundaries
   for a single overlong sentence). A shared photo adds "<speaker> shared a photo of
   <caption>." to the turn's last unit (or is its own unit).

Fields: ``participants`` = the speaker when they speak of themselves, the addressee when
"you" is used, and PERSON entities that are not forms of address (nicknames of speakers,
such as "Mel", map to the speaker's name). ``locations`` = GPE/LOC/FAC entities, and ORG
entities right after "at"/"in" ("at Harbor Grill"); other ORGs are not places. ``time`` =
the most specific time expression (ties: the first); None when nothing grounds it, never
the session date (that is ``mentioned_at``). ``facts`` = verbatim entity, number and
absolute date spans that appear in the restatement. Explicit signals ("remember",
"important", "I love/hate/prefer ...", allergies, "my favourite", "always/never",
commitments "I will/I promise") set ``layer="core"`` and a high ``emphasis``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING

from ..ground.chatter import asks_for_input, is_pleasantry
from ..ground.chatter_words import POLAR_OPENERS
from ..ground.layout import blank_code, item_extent
from ..ground.referents import leans_on_referent
from ..ground.text import refers_back as refers_back_to  # the loop below names its own flag refers_back
from ..ground.timeparse import TimeMention, restate_times
from ..types import Candidate, Turn, Window
from . import nlp as _nlp
from .answer_tail import answer_tail, parse_cut
from .answer_tail import cut as _cut
from .answer_tail import leads_in as _leads_in
from .asking import asks_about_a_thing, opens_on_a_thing
from .extract_fields import (
    CHAT_ROLES,
    Roles,
    Sentence,
    Unit,
    cap,
    ended,
    entities,
    facts_of,
    just_past,
    log_only,
    most_specific,
    photo_statement,
    roles_of,
    speaker_for,
    speaker_name,
    unit_concepts,
    word_list,
)
from .extract_sentences import (
    REFERS_BACK,
    address_names,
    names_a_thing_in,
    normalise,
    read_sentences,
)
from .restate import doc_script as _doc_script
from .restate import quoted as _quoted
from .restate import restate as _restate

if TYPE_CHECKING:
    from spacy.tokens import Doc

# The words a yes/no question opens with ("Is taking care of them tough?", "Ever been to one?").
_YES_NO = frozenset("yes yeah yep yup no nope twice once never always definitely sure absolutely".split())
_BACKREF = re.compile(
    r"^(?:it|it's|its|this|that|that's|these|those|they|they're|them|he|she|his|her|there|so|and|but|also|"
    r"which|plus|then|too|as|because|cause|both|such|the\s+(?:same|other))\b",
    re.I,
)
_SHIFT = re.compile(
    r"^(?:by\s+the\s+way|btw|anyway|anyways|speaking\s+of|on\s+another\s+note|in\s+other\s+news|besides|"
    r"other\s+than\s+that|guess\s+what|oh,?\s+and)\b",
    re.I,
)
_SIGNALS: tuple[tuple[re.Pattern[str], float], ...] = tuple(
    (re.compile(p, re.I), w)
    for p, w in (
        (r"\b(?:remember|don't\s+forget|do\s+not\s+forget|never\s+forget|keep\s+in\s+mind|important)\b", 0.9),
        (r"\ballerg(?:y|ic|ies)\b|\b(?:I'm|I\s+am)\s+(?:a\s+)?(?:vegan|vegetarian|lactose|gluten)", 0.9),
        (r"\b(?:I|we)\s+(?:really\s+|absolutely\s+|just\s+|totally\s+)?(?:love|adore|hate|prefer|dislike|"
         r"detest|can't\s+stand|cannot\s+stand)\s+(?!(?:it|that|this|those|these|you|them|him|her)\b)", 0.8),
        (r"\bmy\s+favou?rite\b", 0.8),
        (r"\b(?:I|we)\s+(?:will|promise|swear|vow)\b|\bI'm\s+committed\b|"
         r"\b(?:I|we)'ll\s+(?!(?:try|see|think|check|let|keep|talk|look|have\s+to)\b)", 0.7),
        (r"\b(?:I|we)\s+(?:always|never)\b", 0.6),
    )
)


def has_content(text: str) -> bool:
    """Whether a sentence says anything beyond pleasantries ("That's awesome!" does not): see
    :mod:`ripplemem.ground.chatter`."""
    return not is_pleasantry(text)


class RuleExtractor:
    """Extract candidates from windows with rules and spaCy NER only (no LLM).

    ``max_chars`` bounds every restatement (long turns are cut at sentence boundaries);
    ``unit_chars`` is the size at which a unit stops taking new, self-contained sentences;
    ``short_reply_words``: a reply this short to a question is stated together with it.
    ``answer_ner_chars``: in a chat, the entity recogniser reads an assistant turn's first
    this many characters only (0: all; see :func:`.nlp.pipe_limited`).
    ``answer_parse_chars``: in a chat, an assistant turn is parsed and restated up to the
    last sentence that ends within this many characters; the rest is kept as said, in
    pieces (:func:`answer_tail`; 0: all of it is parsed).
    ``dictation_chars``: a chat user's turn at least this long that never says "I", "me" or
    "my" is a text the user handed over (an article, a draft, instructions to follow): its
    statements are kept as written, its "you" the text's reader, not the assistant
    (:func:`handed_over`; 0: every turn is restated). Its questions are still put to the
    assistant.
    ``aside_chars``: a turn between people kept for no memory (small talk) yields its
    sentences that name a thing, restated, as an aside of at most this many characters
    (``Candidate.aside``: composition may state it before the next memory when that one
    leans on what it names, ``write.compose``; never stored alone; 0: none).
    """

    def __init__(
        self, max_chars: int = 600, *, unit_chars: int = 360, short_reply_words: int = 6, model: str = _nlp.MODEL,
        answer_ner_chars: int = 0, answer_parse_chars: int = 0, dictation_chars: int = 0, aside_chars: int = 0,
    ) -> None:
        if max_chars < 80:
            raise ValueError("max_chars must be at least 80")
        self.max_chars = max_chars
        self.unit_chars = unit_chars  # a unit grows past this only with sentences that refer back
        self.short_reply_words = short_reply_words
        self.model = model
        self.answer_ner_chars = answer_ner_chars  # an assistant turn's entities: in its first this many characters (0: all)
        self.answer_parse_chars = answer_parse_chars  # an assistant turn parsed: its first this many characters (0: all)
        self.dictation_chars = dictation_chars  # a chat user's turn this long without "I"/"me"/"my" is handed over (0: off)
        self.aside_chars = aside_chars  # a small-talk turn's sentences naming a thing, up to this long, as an aside (0: none)
        self.failures = 0  # the extractor interface counts failed windows; rules do not fail

    def extract(self, window: Window) -> list[Candidate]:
        """Candidates for the NEW turns of ``window``."""
        return self.extract_many([window])[0]

    def extract_many(self, windows: Sequence[Window]) -> list[list[Candidate]]:
        """Candidates for many windows, running spaCy over all their new turns in one batch."""
        jobs = [(w, i) for w in windows for i, t in enumerate(w.turns) if t.turn_id in w.new and not log_only(t)]
        answers = [speaker_name(w.turns[i].speaker, w.turns[i].role) == "the assistant" for w, i in jobs]
        heads: list[str] = []
        tails: list[str] = []
        for (w, i), answer in zip(jobs, answers, strict=True):
            text = normalise(w.turns[i].text)
            cut = parse_cut(text, self.answer_parse_chars) if answer else None
            heads.append(text if cut is None else text[:cut].rstrip())
            tails.append("" if cut is None else text[cut:].strip())
        upto = [self.answer_ner_chars if answer else 0 for answer in answers]
        read = [blank_code(h) for h in heads]  # code is kept as written: not parsed (``ground.layout``)
        docs = _nlp.pipe_limited(read, upto, model=self.model) if any(upto) else _nlp.pipe(read, model=self.model)
        out: dict[int, list[Candidate]] = {id(w): [] for w in windows}
        for (window, i), text, tail, doc in zip(jobs, heads, tails, docs, strict=True):
            out[id(window)].extend(self._turn(window, i, text, doc))
            if tail:
                turn = window.turns[i]
                out[id(window)].extend(
                    Candidate(restatement=piece, sources=(turn.turn_id,), session_id=turn.session_id, role="assistant",
                              mentioned_at=window.session_time or turn.time, speaker=turn.speaker)
                    for piece in answer_tail(tail, self.unit_chars, self.max_chars))
        return [out[id(w)] for w in windows]

    # ------------------------------------------------------------ one turn

    def _turn(self, window: Window, index: int, text: str, doc: Doc) -> list[Candidate]:
        turn = window.turns[index]
        roles = roles_of(turn, window)
        anchor = window.session_time or turn.time
        names = address_names(doc, window)
        previous = window.turns[index - 1] if index > 0 else None
        heard = previous.content if previous is not None and previous.speaker != turn.speaker else None  # text and photo
        to_assistant = roles.chat and roles.name == CHAT_ROLES["user"]  # a request is content (``ground.chatter.explain``)
        sentences = read_sentences(text, names, {n for n in names if speaker_for(n, window)}, heard, doc, to_assistant)
        if roles.chat and roles.name == CHAT_ROLES["assistant"]:  # "Please paste the text here.": nothing known yet
            sentences = [replace(s, content=False) if s.content and asks_for_input(s.text) else s for s in sentences]
        reply = self._short_reply(window, turn, previous, sentences, roles, anchor)
        if reply is not None:
            return [reply]
        # a question with content is kept ("Did you see that band?" says there was a band):
        # phatic questions ("How are you?") were already marked as without content
        kept = [s for s in sentences if s.content]
        if kept and kept[-1].question and self._answered_shortly(window, index):
            kept = [s for s in kept if not s.question]  # the reply's unit states the question with its answer
        verbatim = roles.chat and handed_over(roles.name, text, self.dictation_chars)
        units = self._units(kept, roles, anchor, doc, verbatim=verbatim)
        for unit in units if verbatim else ():
            if unit.sentences and not unit.sentences[0].question:  # attributed whole, as said (``ground.text.dictated``)
                unit.parts[0] = f"{cap(roles.name)} said: {unit.parts[0]}"
        photo = photo_statement(turn, roles)
        said = len(roles.name) + 7  # "Maria said: ", should the unit need it
        if photo and units and sum(len(p) + 1 for p in units[-1].parts) + len(photo) + said <= self.max_chars:
            units[-1].photo = photo
            photo = None
        asked = self._unstated_question(window, turn, previous, text, units, anchor)
        found = [self._candidate(window, turn, u, roles, doc, anchor, (turn.turn_id,)) for u in units]
        if asked is not None:
            question, asker, heard_turn = asked
            first = found[0]
            found[0] = replace(
                first, restatement=f"{question} {first.restatement}"[: self.max_chars],
                sources=(heard_turn.turn_id, turn.turn_id), speaker="",
                participants=first.participants if asker.chat else first.participants | {asker.speaker, roles.speaker},
            )
        if photo:
            found.append(self._photo_candidate(window, turn, photo, roles, anchor))
        if not found and self.aside_chars and not roles.chat:
            return self._aside(window, turn, sentences, roles, doc, anchor)
        return found

    def _aside(
        self, window: Window, turn: Turn, sentences: list[Sentence], roles: Roles, doc: Doc, anchor: datetime | None
    ) -> list[Candidate]:
        """A turn kept for no memory, as an aside: its sentences that name a thing
        (``ground.referents.names_a_thing``: "Wow Joanna, those drawings are really
        incredible!", not "What inspired you to create them?"), restated, when they fit in
        ``aside_chars``. The next turn may speak of that thing without naming it ("They're
        visuals of the characters"); composition states the aside before it then, or leaves
        it out (``write.compose``). No emphasis: what is said in passing is no core fact."""
        named = [s for s in sentences if s.text and not s.block.code and names_a_thing_in(doc, s, window.speakers)]
        if not named:
            return []
        unit = Unit()
        for part in self._units([replace(s, content=True) for s in named], roles, anchor, doc):
            unit.parts += part.parts
            unit.sentences += part.sentences
            unit.times += part.times
        cand = self._candidate(window, turn, unit, roles, doc, anchor, (turn.turn_id,))
        if not unit.parts or len(cand.restatement) > self.aside_chars:
            return []
        return [replace(cand, aside=True, layer="episodic", emphasis=0.0)]

    def _unstated_question(
        self, window: Window, turn: Turn, previous: Turn | None, text: str, units: list[Unit], anchor: datetime | None
    ) -> tuple[str, Roles, Turn] | None:
        """The other speaker's question that this turn answers yes or no to, restated ("Joanna asked:
        Is taking care of them tough?"), when no memory states it (a follow-up question is small
        talk) and the answer's first memory is a statement: "No, not really. Just keep their area
        clean ..." alone was "Nate said: Not really. Just keep their area clean ...". So too a
        wh-question about a thing answered by a reply that calls it "it" ("What's the new one
        about?" / "It's about a woman ...": ``write.asking``). With the asker's roles and turn
        (the memory cites it)."""
        if previous is None or previous.speaker == turn.speaker or not units or not units[0].sentences:
            return None
        first = units[0].sentences[0]
        yes_no = word_list(text)[:1] in ([w] for w in _YES_NO)
        if first.question or not yes_no and not opens_on_a_thing(first.text):
            return None
        heard = [s for s in read_sentences(normalise(previous.text), set(window.speakers)) if s.text]
        if not heard or not heard[-1].question or heard[-1].content:
            return None
        if yes_no and word_list(heard[-1].text)[:1] not in ([w] for w in POLAR_OPENERS):
            return None  # a tag question ("..., right?") asks for no answer
        if not yes_no and not asks_about_a_thing(_nlp.load_nlp(self.model)(heard[-1].text)):
            return None  # "How are you?" / "It's been a long week": no thing asked about
        asker = roles_of(previous, window)
        question, _ = _restate(heard[-1].text, asker, anchor)
        return f"{cap(asker.name)} asked: {cap(question)}", asker, previous

    def _units(
        self, sentences: list[Sentence], roles: Roles, anchor: datetime | None, doc: Doc, *, verbatim: bool = False
    ) -> list[Unit]:
        """Group sentences: a new unit at a new event (another time, "By the way ...") or
        when the unit is full; a sentence that refers back may fill it up to ``max_chars``.
        With ``verbatim`` (a text handed over) statements are kept as written.
        In a text laid out in blocks a heading opens a unit, a list item that would not fit
        whole opens one, and an item's own sentences fill it up to ``max_chars``."""
        units: list[Unit] = []
        soft = min(self.max_chars, self.unit_chars)
        layout = [s.block for s in sentences]
        for i, s in enumerate(sentences):
            pieces, times = self._pieces(s, roles, anchor, doc, verbatim=verbatim)
            refers_back = bool(_BACKREF.match(s.text)) or len(word_list(s.text)) < 6 or s.block.code
            for n, piece in enumerate(pieces):
                cur = units[-1] if units else None
                size = sum(len(p) + 1 for p in cur.parts) if cur else 0
                held = cur is not None and any(not x.block.heading for x in cur.sentences)  # more than headings
                other_time = cur is not None and _new_time(times, cur.times) and not refers_back
                # between people a question is its own memory; a user's request keeps its context,
                # and so does what the asker goes on to say of the thing asked about ("What's
                # Nettle like? I keep walking past it.": "it" is Nettle)
                after = bool(cur and cur.sentences and cur.sentences[-1].question)
                grouped = s.question and after and n == 0  # "What's her name? Do they get along?": one request
                asked = not roles.chat and (
                    s.question and not grouped
                    or after and not s.question and not (n == 0 and (REFERS_BACK.search(s.text) or refers_back_to(s.text)))
                )
                limit = self.max_chars if refers_back or (n == 0 and _in_item(cur, s)) else soft
                if n == 0 and s.block.heading:
                    opens = held
                elif n == 0 and s.block.item is not None:
                    whole = sum(len(x.text) + 1 for x in sentences[i : item_extent(layout, i)])
                    opens = held and size + whole > soft
                elif n == 0 and s.block.paragraph and cur is not None and any(x.block.item is not None for x in cur.sentences):
                    opens = True  # a paragraph after a list: the list's items are not its lead-in
                else:
                    opens = cur is None or other_time or asked or bool(_SHIFT.match(s.text)) or size + len(piece) > limit
                    if opens and cur is not None and n == 0 and not asked and not _SHIFT.match(s.text) and not verbatim:
                        # "... my old hiking boots. I'm thinking of taking them to the Lakes next month":
                        # "them" are the boots, whatever the time and however long (up to max_chars)
                        people = [who for who in (roles.name, roles.other_name) if who]
                        opens = size + len(piece) > self.max_chars or not leans_on_referent(s.text, people)
                if cur is None or opens:
                    lead = _lead_in(cur)
                    cur = Unit(lead[0], lead[1])
                    units.append(cur)
                elif grouped:
                    piece = piece.removeprefix(cap(f"{roles.name} asked: "))  # the asker named once: "Ben asked: A? B?"
                cur.parts.append(piece)
                cur.sentences.append(s)
                cur.times.extend(times)
                times = []
        return [u for u in units if _stated(u)]

    def _pieces(
        self, s: Sentence, roles: Roles, anchor: datetime | None, doc: Doc, *, verbatim: bool
    ) -> tuple[list[str], list[TimeMention]]:
        """A sentence as it is stated (in pieces of at most ``max_chars``), and its times: code
        as written (no person or time edits, no capital), a text handed over as written, else
        restated, a question framed as asked and a prose sentence ended."""
        if s.block.code:
            return _cut(s.text, self.max_chars), []
        if verbatim and not s.question:
            return _cut(cap(s.text), self.max_chars), []
        restated, times = _restate(s.text, roles, anchor, doc, s.start)
        if s.question and not any(a <= s.start < b for a, b in _doc_script(doc)) and not _listed_answer(s, roles):
            restated = f"{roles.name} asked: {cap(restated)}"  # not a character's question in a script
        laid_out = s.block.heading or s.block.item is not None
        return _cut(cap(restated if laid_out else ended(restated, s.question)), self.max_chars), times

    def _answered_shortly(self, window: Window, index: int) -> bool:
        """Whether the next turn is another speaker's short reply without a question of its own."""
        if index + 1 >= len(window.turns):
            return False
        nxt, turn = window.turns[index + 1], window.turns[index]
        text = normalise(nxt.text)
        if nxt.speaker == turn.speaker or "?" in text or not 0 < len(word_list(text)) <= self.short_reply_words:
            return False
        # a reaction ("Oh wow.") states no answer, so the question stays with its own turn
        return _answers(text.strip(), turn.text, window, window.session_time or nxt.time)

    def _short_reply(
        self,
        window: Window,
        turn: Turn,
        previous: Turn | None,
        sentences: list[Sentence],
        roles: Roles,
        anchor: datetime | None,
    ) -> Candidate | None:
        """A short answer to the previous turn's question, stated with its question."""
        if previous is None or previous.speaker == turn.speaker:
            return None
        words = [w for s in sentences if not s.question for w in word_list(s.text)]
        if not words or len(words) > self.short_reply_words or any(s.question for s in sentences):
            return None
        asked = [s for s in read_sentences(normalise(previous.text), set(window.speakers)) if s.question and s.content]
        if not asked:
            return None
        answer = normalise(turn.text).strip()
        if not _answers(answer, previous.text, window, anchor):
            return None
        asker = roles_of(previous, window)
        question, q_times = _restate(asked[-1].text, asker, anchor)
        reply, a_times = _restate(answer, roles, anchor)
        text = f"{cap(asker.name)} asked: {cap(question)} {cap(roles.name)} answered: {cap(reply)}"
        unit = Unit([text], [asked[-1], *sentences], a_times + q_times)
        sources = (previous.turn_id, turn.turn_id)
        cand = self._candidate(window, turn, unit, roles, None, anchor, sources, attribute=False)
        if asker.chat:
            return cand
        return replace(cand, participants=cand.participants | {asker.speaker, roles.speaker})

    # ------------------------------------------------------------ building a candidate

    def _candidate(
        self,
        window: Window,
        turn: Turn,
        unit: Unit,
        roles: Roles,
        doc: Doc | None,
        anchor: datetime | None,
        sources: tuple[str, ...],
        *,
        attribute: bool = True,
    ) -> Candidate:
        parts = unit.parts
        if roles.chat and roles.name == CHAT_ROLES["assistant"]:
            # inside an answer a question is the answer's own ("Is it to impress others, or do
            # you value the item?", a cited title "How does training affect health?"): not asked
            frame = cap(f"{roles.name} asked: ")
            parts = [*parts[:1], *(p.removeprefix(frame) for p in parts[1:])]
        text = " ".join(parts)
        opens = text.lower().startswith(f"{roles.name.lower()} ")  # "The assistant asked: ...", "The assistant said: ..."
        # whose words these are is read from the first sentence: "Let's create a positivity
        # ripple! ... Maria and John's community" names the speaker only in its last one, and
        # the photo line ("Maria shared a photo of ...") names them but says nothing they said
        first = unit.parts[0].lower() if unit.parts else ""
        if attribute and (roles.name.lower() not in first or _quoted(doc, roles) and not opens or not opens and _commands(doc, unit)):
            text = f"{cap(roles.name)} said: {text}"
        text = cap(f"{text} {unit.photo}" if unit.photo else text)[: self.max_chars]
        original = " ".join(s.text for s in unit.sentences)
        people, places, entity_facts = entities(doc, unit, window, roles)
        if not roles.chat and re.search(r"\b(?:I|me|my|mine|myself|we|us|our|ours)\b|\bI'", original, re.I):
            people.add(roles.speaker)
        if not roles.chat and roles.other and re.search(r"\b(?:you|your|yours|yourself)\b", original, re.I):
            people.add(roles.other)
        # The signals are a speaker's own emphasis ("remember", "I always", "my favourite"). In a
        # chat the assistant's "remember to check the opening hours" is advice, not the user's
        # core fact, so what the assistant says is never core.
        assistant = roles.chat and roles.name == CHAT_ROLES["assistant"]
        emphasis = 0.0 if assistant else max((w for p, w in _SIGNALS if p.search(original)), default=0.0)
        people_low = {p.lower() for p in people} | {s.lower() for s in window.speakers}
        places = {p for p in places if p.lower() not in people_low}  # a person is not a place
        return Candidate(
            concepts=unit_concepts(doc, unit, people | places | set(window.speakers)),
            role=roles.name.removeprefix("the ") if roles.chat else "",
            restatement=text,
            sources=sources,
            session_id=window.session_id,
            participants=frozenset(people),
            locations=frozenset(places),
            time=most_specific(unit.times) or just_past(doc, unit, anchor),
            facts=facts_of(text, entity_facts, unit.times),
            layer="core" if emphasis >= 0.6 else "episodic",
            emphasis=emphasis,
            mentioned_at=anchor,
            speaker=roles.speaker if len(sources) == 1 else "",
            code=all(s.block.code for s in unit.sentences) and bool(unit.sentences),
        )

    def _photo_candidate(
        self, window: Window, turn: Turn, photo: str, roles: Roles, anchor: datetime | None
    ) -> Candidate:
        return Candidate(
            restatement=photo[: self.max_chars],
            sources=(turn.turn_id,),
            session_id=window.session_id,
            participants=frozenset() if roles.chat else frozenset({roles.speaker}),
            mentioned_at=anchor,
            speaker=roles.speaker,
        )


# ---------------------------------------------------------------- helpers


def _new_time(times: list[TimeMention], before: list[TimeMention]) -> bool:
    """Whether the sentence's times are all outside the unit's: another event."""
    return bool(times and before) and not any(a.span.overlaps(b.span) for a in times for b in before)


_FIRST_SINGULAR = re.compile(r"\bI\b|\bI'|\b(?:me|my|mine|myself)\b", re.I)


def handed_over(name: str, text: str, chars: int) -> bool:
    """Whether a chat user's turn ``text`` is a text handed over rather than said of oneself:
    at least ``chars`` long (0: never) and without "I", "me" or "my". A user who tells of
    themselves says "I" within a few sentences; a pasted article, a draft to edit or a list
    of instructions speaks to its own reader ("After you have built your emergency fund,
    you can ..."), and restated, that reader became the assistant."""
    return chars > 0 and name == CHAT_ROLES["user"] and len(text) >= chars and not _FIRST_SINGULAR.search(text)


def _commands(doc: Doc | None, unit: Unit) -> bool:
    """Whether ``unit`` opens by telling the listener what to do, a bare verb first: its
    speaker's name in it is no subject ("Take comfort in knowing Caroline has got a community cheering her on, Melanie
    included" is Melanie's advice, and needs "Melanie said:")."""
    said = unit.sentences[0] if unit.sentences else None
    if doc is None or said is None or said.question:
        return False
    span = doc.char_span(said.start, said.start + len(said.text), alignment_mode="expand")
    tokens = list(span or ())
    comma = next((i for i, t in enumerate(tokens[:_OPENER_WORDS + 1]) if t.text == ","), None)
    if comma is not None and tokens[0].tag_ in ("IN", "RB"):
        tokens = tokens[comma + 1 :]  # "In the meantime, let's work together ...": an adverbial opens it
    words = [t for t in tokens if not t.is_punct and t.dep_ != "intj" and t.lower_ != "please"]
    return bool(words) and words[0].tag_ == "VB" and not any(c.dep_ in ("nsubj", "nsubjpass") for c in words[0].children)


_OPENER_WORDS = 4  # an adverbial before the bare verb ("In the meantime,", "Anyway,") holds at most this many words


def _listed_answer(sentence: Sentence, roles: Roles) -> bool:
    """Whether ``sentence`` is a question the assistant lists in an answer (a quiz's questions,
    "2. User engagement: How are users engaging with the product?"): what it says, not a
    question it asks the user."""
    return roles.chat and roles.name == CHAT_ROLES["assistant"] and sentence.block.item is not None


def _answers(reply: str, heard: str, window: Window, anchor: datetime | None) -> bool:
    """Whether a short ``reply`` to ``heard`` states an answer: not a pleasantry ("Oh wow."),
    or one that says yes or no or when ("Yes, twice!", "Last May.")."""
    if not is_pleasantry(reply, names=window.speakers, previous=heard):
        return True
    words = set(word_list(" ".join(s.text for s in read_sentences(reply, set(window.speakers)) if not s.question)))
    return bool(words & _YES_NO or (anchor is not None and restate_times(reply, anchor)[1]))


def _lead_in(unit: Unit | None) -> tuple[list[str], list[Sentence]]:
    """A heading or lead-in that ends a full unit ("**Foreign LLC:**", "Here are some
    options:") belongs with what follows it: taken off ``unit`` for the next one. A unit that
    holds nothing but the lead-in moves whole (left empty, it is not stated): alone it was a
    memory that announces what it does not say ("The assistant said: Here are ten more
    questions for the quiz:", 1,325 of LongMemEval's memories)."""
    parts: list[str] = []
    sentences: list[Sentence] = []
    while unit is not None and unit.parts and _leads_in(unit.parts[-1]):
        if len(unit.parts) == 1 and len(unit.sentences) != 1:
            break  # one sentence cut in pieces: its last piece is no lead-in of its own
        paired = len(unit.sentences) == len(unit.parts)
        parts.insert(0, unit.parts.pop())
        if paired:
            sentences.insert(0, unit.sentences.pop())
        # "Here are some techniques:" then "1. Wax resistance:": both lead to the paragraph after
    return parts, sentences


def _in_item(unit: Unit | None, sentence: Sentence) -> bool:
    """Whether ``sentence`` goes on a list item that ``unit`` opened (a sub-point, a further
    sentence): no heading and no item as far out since."""
    if unit is None or sentence.block.heading or (sentence.block.paragraph and sentence.block.item is None):
        return False
    for s in reversed(unit.sentences):
        if s.block.heading:
            return False
        if s.block.item is not None:
            return sentence.block.item is None or sentence.block.item > s.block.item
    return False


def _stated(unit: Unit) -> bool:
    """A unit says something: not headings alone ("**Common Pitfalls:**" with nothing after it)."""
    return any(not s.block.heading for s in unit.sentences) or len(unit.sentences) < len(unit.parts)
