"""The rule extractor: windows -> candidates without an LLM (the offline default).

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
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import lru_cache
from typing import TYPE_CHECKING

from ..ground.chatter import LENIENT, Act, explain, is_pleasantry, promises_to_try, tagged_statement
from ..ground.chatter_words import POLAR_OPENERS
from ..ground.concepts import concepts
from ..ground.layout import Block, blank_code, blocks, item_extent, script_lines
from ..ground.person import Edit, Pronoun, apply_edits, instructs, person_edits, quoted_spans
from ..ground.pipeline import doc_text, ing_form, verb_bases
from ..ground.recent import just_happened
from ..ground.referents import names_a_thing
from ..ground.sentences import split_sentences
from ..ground.text import CHAT_ASSISTANT
from ..ground.text import refers_back as refers_back_to  # the loop below names its own flag refers_back
from ..ground.timeparse import TimeMention, restate_times, span_label
from ..ground.timeslot import as_noun, stands_as_noun
from ..types import Candidate, TimeSpan, Turn, Window
from . import nlp as _nlp
from .asking import asks_about_a_thing, opens_on_a_thing

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span

_CHAT_ROLES = {"user": "the user", "human": "the user", "assistant": "the assistant", "ai": "the assistant"}
_BARE_INTERJECTIONS = r"hey|hi|hello|hiya|wow|whoa|oh|ooh|ah|aw+|yeah|yes|yep|yup|haha|lol|omg|hmm|um|uh|yay|bye"
_INTERJECTIONS = (  # these only when a comma or "!" follows: "So, ..." but not "So many people ..."
    r"no|nope|ok|okay|well|so|thanks|thank\s+you|thx|congrats|congratulations|sure|totally|absolutely|"
    r"definitely|indeed|cool|awesome|great|nice|amazing|sweet|good\s+morning|good\s+night|man|dude|gosh|"
    r"true|right|exactly|agreed|totally\s+agree|i\s+agree|me\s+too|same\s+here|you\s+too"
)
_INTERJECTION_RE = re.compile(
    rf"^(?:(?:{_BARE_INTERJECTIONS})\b[\s,!.]*|(?:{_INTERJECTIONS})\s*[,!.]+\s*)+", re.I
)
_THANKS = re.compile(r"\bthank", re.I)
_FILLERS = re.compile(r"(?:^|,\s*)(?:you\s+know|i\s+mean)(?:\s*,|(?=\s*[.!?]*$))", re.I)
_LOG_ONLY_ROLES = frozenset({"system", "developer", "tool", "function"})  # instructions and tool output: log only
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
_PLAIN = Block()
_FACT_LABELS = frozenset(
    "DATE TIME MONEY PERCENT QUANTITY CARDINAL ORDINAL PERSON GPE LOC FAC ORG NORP EVENT WORK_OF_ART PRODUCT "
    "LANGUAGE LAW".split()
)
_NUMBER = re.compile(r"[$€£]?\d[\d,.]*%?")
_CAPTION_PREFIX = re.compile(
    r"^(?:there\s+is\s+)?(?:a|an)\s+(?:photo|photograph|photography|picture|image|close\s+up)\s+of\s+", re.I
)
_PERSON_NAME = re.compile(r"[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*)*")
_NOT_NAMES = frozenset(
    "Last Next This Past Mon Tue Tues Wed Thu Thur Thurs Fri Sat Sun "
    # interjections the small NER model sometimes tags as PERSON
    "Congrats Congratulations Wow Whoa Hey Hi Hello Thanks Thank Yeah Yes Yay Omg Lol Aww Awesome Sure Cheers Bye".split()
)


@dataclass
class _Sentence:
    text: str  # the original sentence with interjections and address stripped
    start: int  # offsets of ``text`` in the turn text
    end: int
    question: bool
    content: bool
    block: Block = _PLAIN  # its place in the turn's layout (heading, list item)


@dataclass
class _Unit:
    parts: list[str] = field(default_factory=list)  # restated sentences
    sentences: list[_Sentence] = field(default_factory=list)
    times: list[TimeMention] = field(default_factory=list)
    photo: str = ""  # "<speaker> shared a photo of ...": stated after the parts, not part of what was said


@dataclass
class _Roles:
    """Who speaks (``name`` as written, ``speaker`` as stored) and who "you" is."""

    speaker: str
    name: str
    other: str | None
    other_name: str | None
    chat: bool


def speaker_name(speaker: str, role: str | None) -> str:
    """How a turn's speaker is named in a memory: the name, or "the user" / "the assistant"."""
    return _CHAT_ROLES.get((role or speaker).lower(), speaker)


def _roles(turn: Turn, window: Window) -> _Roles:
    name = speaker_name(turn.speaker, turn.role)
    chat = name in ("the user", "the assistant")
    if chat:
        other_name = "the assistant" if name == "the user" else "the user"
        partner = next((t.speaker for t in window.turns if speaker_name(t.speaker, t.role) == other_name), other_name[4:])
        return _Roles(turn.speaker, name, partner, other_name, True)
    speakers = [s for s in window.speakers if s.lower() not in _LOG_ONLY_ROLES]  # a system prompt is nobody
    people = [s for s in speakers if s != turn.speaker]
    other = people[0] if len(speakers) == 2 and len(people) == 1 else None
    return _Roles(turn.speaker, name, other, other, False)


def _words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z0-9]+(?:'[A-Za-z]+)?", text.lower())


def has_content(text: str) -> bool:
    """Whether a sentence says anything beyond pleasantries ("That's awesome!" does not): see
    :mod:`ripplemem.ground.chatter`."""
    return not is_pleasantry(text)


def _log_only(turn: Turn) -> bool:
    """System prompts and tool output are logged, never remembered as what someone said."""
    return (turn.role or turn.speaker).lower() in _LOG_ONLY_ROLES


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
        jobs = [(w, i) for w in windows for i, t in enumerate(w.turns) if t.turn_id in w.new and not _log_only(t)]
        answers = [speaker_name(w.turns[i].speaker, w.turns[i].role) == "the assistant" for w, i in jobs]
        heads: list[str] = []
        tails: list[str] = []
        for (w, i), answer in zip(jobs, answers, strict=True):
            text = _normalise(w.turns[i].text)
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
        roles = _roles(turn, window)
        anchor = window.session_time or turn.time
        names = _address_names(doc, window)
        previous = window.turns[index - 1] if index > 0 else None
        heard = previous.content if previous is not None and previous.speaker != turn.speaker else None  # text and photo
        to_assistant = roles.chat and roles.name == _CHAT_ROLES["user"]  # a request is content (``ground.chatter.explain``)
        sentences = _sentences(text, names, {n for n in names if _speaker_for(n, window)}, heard, doc, to_assistant)
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
                unit.parts[0] = f"{_cap(roles.name)} said: {unit.parts[0]}"
        photo = _photo(turn, roles)
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
        self, window: Window, turn: Turn, sentences: list[_Sentence], roles: _Roles, doc: Doc, anchor: datetime | None
    ) -> list[Candidate]:
        """A turn kept for no memory, as an aside: its sentences that name a thing
        (``ground.referents.names_a_thing``: "Wow Joanna, those drawings are really
        incredible!", not "What inspired you to create them?"), restated, when they fit in
        ``aside_chars``. The next turn may speak of that thing without naming it ("They're
        visuals of the characters"); composition states the aside before it then, or leaves
        it out (``write.compose``). No emphasis: what is said in passing is no core fact."""
        named = [s for s in sentences if s.text and not s.block.code and _names_a_thing(doc, s, window.speakers)]
        if not named:
            return []
        unit = _Unit()
        for part in self._units([replace(s, content=True) for s in named], roles, anchor, doc):
            unit.parts += part.parts
            unit.sentences += part.sentences
            unit.times += part.times
        cand = self._candidate(window, turn, unit, roles, doc, anchor, (turn.turn_id,))
        if not unit.parts or len(cand.restatement) > self.aside_chars:
            return []
        return [replace(cand, aside=True, layer="episodic", emphasis=0.0)]

    def _unstated_question(
        self, window: Window, turn: Turn, previous: Turn | None, text: str, units: list[_Unit], anchor: datetime | None
    ) -> tuple[str, _Roles, Turn] | None:
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
        yes_no = _words(text)[:1] in ([w] for w in _YES_NO)
        if first.question or not yes_no and not opens_on_a_thing(first.text):
            return None
        heard = [s for s in _sentences(_normalise(previous.text), set(window.speakers)) if s.text]
        if not heard or not heard[-1].question or heard[-1].content:
            return None
        if yes_no and _words(heard[-1].text)[:1] not in ([w] for w in POLAR_OPENERS):
            return None  # a tag question ("..., right?") asks for no answer
        if not yes_no and not asks_about_a_thing(_nlp.load_nlp(self.model)(heard[-1].text)):
            return None  # "How are you?" / "It's been a long week": no thing asked about
        asker = _roles(previous, window)
        question, _ = _restate(heard[-1].text, asker, anchor)
        return f"{_cap(asker.name)} asked: {_cap(question)}", asker, previous

    def _units(
        self, sentences: list[_Sentence], roles: _Roles, anchor: datetime | None, doc: Doc, *, verbatim: bool = False
    ) -> list[_Unit]:
        """Group sentences: a new unit at a new event (another time, "By the way ...") or
        when the unit is full; a sentence that refers back may fill it up to ``max_chars``.
        With ``verbatim`` (a text handed over) statements are kept as written.
        In a text laid out in blocks a heading opens a unit, a list item that would not fit
        whole opens one, and an item's own sentences fill it up to ``max_chars``."""
        units: list[_Unit] = []
        soft = min(self.max_chars, self.unit_chars)
        layout = [s.block for s in sentences]
        for i, s in enumerate(sentences):
            times: list[TimeMention] = []
            if s.block.code:  # code is kept as written: no person or time edits, no capital
                pieces = _cut(s.text, self.max_chars)
            elif verbatim and not s.question:
                pieces = _cut(_cap(s.text), self.max_chars)
            else:
                restated, times = _restate(s.text, roles, anchor, doc, s.start)
                if s.question and not any(a <= s.start < b for a, b in _doc_script(doc)) and not _listed_answer(s, roles):
                    restated = f"{roles.name} asked: {_cap(restated)}"  # not a character's question in a script
                pieces = _cut(_cap(restated), self.max_chars)
            refers_back = bool(_BACKREF.match(s.text)) or len(_words(s.text)) < 6 or s.block.code
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
                    or after and not s.question and not (n == 0 and (_REFERS_BACK.search(s.text) or refers_back_to(s.text)))
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
                if cur is None or opens:
                    lead = _lead_in(cur)
                    cur = _Unit(lead[0], lead[1])
                    units.append(cur)
                elif grouped:
                    piece = piece.removeprefix(_cap(f"{roles.name} asked: "))  # the asker named once: "Ben asked: A? B?"
                cur.parts.append(piece)
                cur.sentences.append(s)
                cur.times.extend(times)
                times = []
        return [u for u in units if _stated(u)]

    def _answered_shortly(self, window: Window, index: int) -> bool:
        """Whether the next turn is another speaker's short reply without a question of its own."""
        if index + 1 >= len(window.turns):
            return False
        nxt, turn = window.turns[index + 1], window.turns[index]
        text = _normalise(nxt.text)
        if nxt.speaker == turn.speaker or "?" in text or not 0 < len(_words(text)) <= self.short_reply_words:
            return False
        # a reaction ("Oh wow.") states no answer, so the question stays with its own turn
        return _answers(text.strip(), turn.text, window, window.session_time or nxt.time)

    def _short_reply(
        self,
        window: Window,
        turn: Turn,
        previous: Turn | None,
        sentences: list[_Sentence],
        roles: _Roles,
        anchor: datetime | None,
    ) -> Candidate | None:
        """A short answer to the previous turn's question, stated with its question."""
        if previous is None or previous.speaker == turn.speaker:
            return None
        words = [w for s in sentences if not s.question for w in _words(s.text)]
        if not words or len(words) > self.short_reply_words or any(s.question for s in sentences):
            return None
        asked = [s for s in _sentences(_normalise(previous.text), set(window.speakers)) if s.question and s.content]
        if not asked:
            return None
        answer = _normalise(turn.text).strip()
        if not _answers(answer, previous.text, window, anchor):
            return None
        asker = _roles(previous, window)
        question, q_times = _restate(asked[-1].text, asker, anchor)
        reply, a_times = _restate(answer, roles, anchor)
        text = f"{_cap(asker.name)} asked: {_cap(question)} {_cap(roles.name)} answered: {_cap(reply)}"
        unit = _Unit([text], [asked[-1], *sentences], a_times + q_times)
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
        unit: _Unit,
        roles: _Roles,
        doc: Doc | None,
        anchor: datetime | None,
        sources: tuple[str, ...],
        *,
        attribute: bool = True,
    ) -> Candidate:
        text = " ".join(unit.parts)
        opens = text.lower().startswith(f"{roles.name.lower()} ")  # "The assistant asked: ...", "The assistant said: ..."
        # whose words these are is read from the first sentence: "Let's create a positivity
        # ripple! ... Maria and John's community" names the speaker only in its last one, and
        # the photo line ("Maria shared a photo of ...") names them but says nothing they said
        first = unit.parts[0].lower() if unit.parts else ""
        if attribute and (roles.name.lower() not in first or _quoted(doc, roles) and not opens):
            text = f"{_cap(roles.name)} said: {text}"
        text = _cap(f"{text} {unit.photo}" if unit.photo else text)[: self.max_chars]
        original = " ".join(s.text for s in unit.sentences)
        people, places, entity_facts = _entities(doc, unit, window, roles)
        if not roles.chat and re.search(r"\b(?:I|me|my|mine|myself|we|us|our|ours)\b|\bI'", original, re.I):
            people.add(roles.speaker)
        if not roles.chat and roles.other and re.search(r"\b(?:you|your|yours|yourself)\b", original, re.I):
            people.add(roles.other)
        # The signals are a speaker's own emphasis ("remember", "I always", "my favourite"). In a
        # chat the assistant's "remember to check the opening hours" is advice, not the user's
        # core fact, so what the assistant says is never core.
        assistant = roles.chat and roles.name == _CHAT_ROLES["assistant"]
        emphasis = 0.0 if assistant else max((w for p, w in _SIGNALS if p.search(original)), default=0.0)
        people_low = {p.lower() for p in people} | {s.lower() for s in window.speakers}
        places = {p for p in places if p.lower() not in people_low}  # a person is not a place
        return Candidate(
            concepts=_concepts(doc, unit, people | places | set(window.speakers)),
            role=roles.name.removeprefix("the ") if roles.chat else "",
            restatement=text,
            sources=sources,
            session_id=window.session_id,
            participants=frozenset(people),
            locations=frozenset(places),
            time=_most_specific(unit.times) or _just_past(doc, unit, anchor),
            facts=_facts(text, entity_facts, unit.times),
            layer="core" if emphasis >= 0.6 else "episodic",
            emphasis=emphasis,
            mentioned_at=anchor,
            speaker=roles.speaker if len(sources) == 1 else "",
            code=all(s.block.code for s in unit.sentences) and bool(unit.sentences),
        )

    def _photo_candidate(
        self, window: Window, turn: Turn, photo: str, roles: _Roles, anchor: datetime | None
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


# A contraction glued to the punctuation before it ("happening--I'm", "new…you're"): the
# tokenizer splits "I'm" only as a word of its own, so it stayed "I'm" in the restatement.
_GLUED_CONTRACTION = re.compile(r"(--|[\u2014\u2013]|\.{2,}|\u2026|[!?])(?=[A-Za-z]+'[a-z]+\b)")


def _normalise(text: str) -> str:
    return _GLUED_CONTRACTION.sub(r"\1 ", text.replace("\u2019", "'").replace("\u2018", "'"))


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def _new_time(times: list[TimeMention], before: list[TimeMention]) -> bool:
    """Whether the sentence's times are all outside the unit's: another event."""
    return bool(times and before) and not any(a.span.overlaps(b.span) for a in times for b in before)


def _address_names(doc: Doc, window: Window) -> set[str]:
    """Names that may be used as forms of address: speakers, their nicknames, PERSONs."""
    names = {s for s in window.speakers if s[:1].isupper()}
    names |= {n.split()[0] for n in list(names) if " " in n}
    names |= {text for text, label, _, _ in _ents(doc) if label == "PERSON"}
    for word in re.findall(r"\b[A-Z][a-z]{2,}\b", doc_text(doc)):
        if any(s.startswith(word) and s != word for s in window.speakers):
            names.add(word)  # "Mel" for Melanie
    return names


def _sentences(
    text: str, names: set[str], speakers: set[str] | None = None, heard: str | None = None, doc: Doc | None = None,
    to_assistant: bool = False,
) -> list[_Sentence]:
    """The turn's sentences, stripped of interjections and forms of address; a pleasantry
    (``ground.chatter``: greetings, thanks, bare reactions ...) has ``content=False``.
    ``speakers`` are the names that may be vocatives, ``heard`` the other speaker's turn
    just before (a reaction that only repeats it adds nothing). With the turn's ``doc``, a
    bare fragment the recogniser reads as a name ("Paris!") is content (:func:`_named`).
    ``to_assistant``: a chat user's turn, whose requests are content (``ground.chatter.explain``)."""
    explained = explain(text, names=names if speakers is None else speakers, previous=heard, to_assistant=to_assistant)
    acts = [act for _, act, _ in explained]
    if doc is not None:
        acts = _named(acts, [why for _, _, why in explained], split_sentences(text), doc)
    lead, tail = _address_patterns(tuple(sorted(names, key=lambda n: (-len(n), n))))
    found: list[_Sentence] = []
    spans = split_sentences(text)
    quotes = quoted_spans(text)
    for (start, end), act, block in zip(spans, acts, blocks(text, spans), strict=True):
        raw = text[start:end]
        cut = 0
        while True:
            m = lead.match(raw, cut) or _INTERJECTION_RE.match(raw, cut)
            if not m or m.end() == cut:
                break
            cut = m.end()
        thanks = _THANKS.search(raw, 0, cut)
        if thanks is not None and re.match(r"for\b", raw[cut:], re.I):
            cut = thanks.start()  # "Thanks, Ann, for the lift": what one thanks for needs the thanks
        body = raw[cut:]
        body = tail.sub("", body)
        body = _FILLERS.sub("", body).strip()
        question = raw.rstrip().endswith("?") and not any(a < start < b for a, b in quotes)  # a quoted question is not asked
        rising = _told_rising(raw)
        question = question and not tagged_statement(raw) and not rising  # "My tutor gave it to me, isn't it lovely?" states
        if rising and not question and body.endswith("?"):
            body = body[:-1] + "."  # "I'm weirdly good at pottery?" is told: stated with a full stop
        content = bool(body) and (act == "content" or block.code)  # "});" is code, not small talk
        found.append(_Sentence(body, start + cut, start + cut + len(body), question, content, block))
    return _antecedents(found, [why for _, _, why in explained])


def _names_a_thing(doc: Doc, sentence: _Sentence, speakers: Sequence[str]) -> bool:
    span = doc.char_span(sentence.start, sentence.end, alignment_mode="expand")
    return span is not None and names_a_thing(span, speakers)


def _named(acts: list[Act], whys: list[str], spans: list[tuple[int, int]], doc: Doc) -> list[Act]:
    """``acts`` with a bare fragment (``ground.chatter``: "fragment: ...") that holds a name the
    recogniser found ("Paris!", "Kyoto, lovely.") made content: a word the dictionary lists may
    still name a place or a person."""
    named = [(a, b) for _, label, a, b in _ents(doc) if label in _FRAGMENT_NAMES]
    return [
        "content" if why.startswith("fragment:") and any(a < end and start < b for a, b in named) else act
        for act, why, (start, end) in zip(acts, whys, spans, strict=True)
    ]


# "it" or "them" as an object, "its": what refers to a thing named before. A subject "it" is
# too often no reference at all ("It's so cool how ...", "it sounds like ...", "it's hard to").
_REFERS_BACK = re.compile(  # on normalised text: apostrophes are "'"
    r"\b(?:its|them)\b|\bit\b(?!\s*'|\s+(?:is|was|seems|seemed|sounds|sounded|looks|looked|feels|felt|must|might|can|could|would|will)\b)",
    re.IGNORECASE,
)


# "these little guys", "those", "they": what stands for things (or people) named just before
_THESE = re.compile(r"\b(?:these|those|they)\b", re.IGNORECASE)


def _antecedents(sentences: list[_Sentence], whys: list[str]) -> list[_Sentence]:
    """A reaction that names what it evaluates is kept when the next sentence, kept, calls that
    thing "it", "its", "them", "they" or "these ...": "Yep, that movie is awesome. I first
    watched it 3 years ago." stated alone, the second said "Joanna first watched it around 2019", and what was watched was in
    the sentence left out. A reaction's unknown word (``ground.chatter``'s lenient rule) is the
    thing it evaluates. A promise to try "it" (``ground.chatter.promises_to_try``) after a
    statement of the speaker's own is a plan about what that statement named, kept with it."""
    out = list(sentences)
    for i in range(len(out) - 1):
        s, nxt = out[i], out[i + 1]
        if s.content or s.question or not s.text or not whys[i].startswith(LENIENT):
            continue
        if nxt.content and not nxt.question and (_REFERS_BACK.search(nxt.text) or _THESE.search(nxt.text)):
            out[i] = replace(s, content=True)
    for i in range(1, len(out)):
        s, before = out[i], out[i - 1]
        if not s.content and before.content and not before.question and promises_to_try(s.text):
            out[i] = replace(s, content=True)  # "There's a new cafe on Elm Street. I'll check it out!": a plan
    return out


@lru_cache(maxsize=256)
def _address_patterns(names: tuple[str, ...]) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The patterns of a form of address to ``names`` (longest first) opening and closing a
    sentence: built once per set of names, not once per turn."""
    name_re = "|".join(re.escape(n) for n in names) or r"(?!x)x"
    lead = re.compile(rf"^(?:(?:{_BARE_INTERJECTIONS}|{_INTERJECTIONS})\b[\s,]*)*(?:{name_re})\b\s*[,!?.:;]+\s*|^(?:{name_re}),\s*", re.I)
    tail = re.compile(rf",\s*(?:my\s+friend\s+)?(?:{name_re})\s*(?=[!?.]*$)")
    return lead, tail


_FIRST_SINGULAR = re.compile(r"\bI\b|\bI'|\b(?:me|my|mine|myself)\b", re.I)


def handed_over(name: str, text: str, chars: int) -> bool:
    """Whether a chat user's turn ``text`` is a text handed over rather than said of oneself:
    at least ``chars`` long (0: never) and without "I", "me" or "my". A user who tells of
    themselves says "I" within a few sentences; a pasted article, a draft to edit or a list
    of instructions speaks to its own reader ("After you have built your emergency fund,
    you can ..."), and restated, that reader became the assistant."""
    return chars > 0 and name == _CHAT_ROLES["user"] and len(text) >= chars and not _FIRST_SINGULAR.search(text)


def _restate(
    text: str, roles: _Roles, anchor: datetime | None, doc: Doc | None = None, start: int = 0
) -> tuple[str, list[TimeMention]]:
    """``text`` with relative times made absolute and "I"/"you"/"we" restated as the people.

    Both rewritings read the original sentence: time phrases are found in ``text``, person
    edits in the turn's parse ``doc`` (``text`` starts at ``start`` in it; parsed here when
    there is none), and both sets of edits are applied at once (a time phrase wins where
    they overlap), so no other word of the sentence changes. A time inside a quotation is
    left as quoted, as its pronouns are: "Tomorrow, I'll present a solution" in an example
    the assistant wrote is no date of the conversation.
    """
    times = restate_times(text, anchor)[1] if anchor is not None else []
    if doc is None:
        doc, start = _nlp.load_nlp()(text), 0
    quotes = _doc_quotes(doc)
    times = [m for m in times if not any(a < start + m.start and start + m.end <= b for a, b in quotes)]
    where, _ = _aligned(text, doc, start)
    at = {v: k for k, v in where.items()}  # offset in text -> in doc.text
    edits = []
    for m in times:
        phrase = doc.char_span(at[m.start], at[m.end]) if m.start in at and m.end in at else None
        edits.append(Edit(m.start, m.end, as_noun(m.restated) if phrase is not None and stands_as_noun(phrase) else m.restated))
    for e in _person_edits(text, doc, start, roles):
        if not any(e.start < m.end and m.start < e.end for m in times):
            edits.append(e)
    return apply_edits(text, edits), times


def _person_edits(text: str, doc: Doc, start: int, roles: _Roles) -> list[Edit]:
    """Person edits of the sentence ``text``, read from the turn's ``doc`` and moved to
    offsets in ``text`` (which may have lost a filler or a form of address). None in a turn
    quoted as said (:func:`_quoted`)."""
    if _quoted(doc, roles):
        return []
    where, kept = _aligned(text, doc, start)
    if not kept:
        return []
    pronoun: Pronoun | None = "they" if roles.chat else None  # "the user", "the assistant": "they"
    span = doc[kept[0] : kept[-1] + 1]
    found = person_edits(span, roles.name, roles.other_name, speaker_pronoun=pronoun, addressee_pronoun=pronoun,
                         speaker_group=roles.name != CHAT_ASSISTANT)  # an assistant's "we" is anyone, or the pair
    quotes = [q for q in _doc_quotes(doc) if q[0] < span.end_char and span.start_char < q[1]]
    found = [e for e in found if not any(a < e.start < b for a, b in quotes)]  # a quotation of several sentences stays as said
    found = [e for e in found if not any(a <= e.start < b for a, b in _doc_script(doc))]  # a character's line too
    source, base = span.text, span.start_char
    return [
        Edit(where[e.start], where[e.end], e.text)
        for e in found
        if e.start in where and e.end in where and text[where[e.start] : where[e.end]] == source[e.start - base : e.end - base]
    ]


def _aligned(text: str, doc: Doc, start: int) -> tuple[dict[int, int], list[int]]:
    """Where the sentence ``text`` (from ``start`` in the turn's ``doc``, perhaps without a
    filler or a form of address) has each token of the parse: the offset of a token's start
    or end in ``doc.text`` -> in ``text``, and the indexes of the tokens it kept."""
    where: dict[int, int] = {}
    kept = []
    pos = 0
    end = doc[-1].idx + len(doc[-1]) if len(doc) else 0  # not len(doc.text): that joins every token
    for tok in doc.char_span(start, end, alignment_mode="expand") or ():
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos >= len(text):
            break
        if text.startswith(tok.text, pos):  # else the token was cut out of the sentence
            where[tok.idx], where[tok.idx + len(tok)] = pos, pos + len(tok)
            kept.append(tok.i)
            pos += len(tok)
    return where, kept


def _quoted(doc: Doc | None, roles: _Roles) -> bool:
    """Whether the turn is an assistant's instructions (:func:`ground.person.instructs`), quoted
    as said with its "I" and "you" ("The assistant said: Lie on your back with your knees bent
    ... I'd start with five reps"): restated, "your back" had to stay while "your glutes"
    became "the user's glutes" in the same sentence."""
    return doc is not None and roles.name == CHAT_ASSISTANT and _instructs(doc)


def _instructs(doc: Doc) -> bool:
    """:func:`ground.person.instructs` of the turn, read once per Doc."""
    found = doc.user_data.get("ripplemem_instructs")
    if found is None:
        found = doc.user_data["ripplemem_instructs"] = instructs(doc)
    return bool(found)


def _doc_quotes(doc: Doc) -> list[tuple[int, int]]:
    """The quoted passages of the turn, found once per Doc (not once per sentence: a long turn
    was scanned whole for each of its sentences)."""
    spans = doc.user_data.get("ripplemem_quotes")
    if spans is None:
        spans = doc.user_data["ripplemem_quotes"] = quoted_spans(doc_text(doc))
    return list(spans)


def _doc_script(doc: Doc) -> list[tuple[int, int]]:
    """The lines characters speak in a script inside the turn (``ground.layout.script_lines``), found once per Doc."""
    spans = doc.user_data.get("ripplemem_script")
    if spans is None:
        spans = doc.user_data["ripplemem_script"] = script_lines(doc_text(doc))
    return list(spans)


def _listed_answer(sentence: _Sentence, roles: _Roles) -> bool:
    """Whether ``sentence`` is a question the assistant lists in an answer (a quiz's questions,
    "2. User engagement: How are users engaging with the product?"): what it says, not a
    question it asks the user."""
    return roles.chat and roles.name == _CHAT_ROLES["assistant"] and sentence.block.item is not None


# A statement with a question tagged on: "..., isn't it lovely?", "..., don't you think?", "..., right?"
_TOLD_AFTER_I = frozenset("am was have had got just really actually kinda totally finally".split())


def _told_rising(sentence: str) -> bool:
    """A speaker's own news told with a rising tone: "I'm weirdly good at pottery? Who knew.",
    "I finally finished it?": the word order of a statement about the speaker, not of a
    question ("Am I late?", "I can come too?" asks leave, a modal)."""
    words = _words(sentence.replace("\u2019", "'"))[:2]
    if not words or not sentence.rstrip().endswith("?"):
        return False
    if words[0] in ("i'm", "i've", "im", "ive"):
        return True
    return words[0] == "i" and len(words) > 1 and (words[1] in _TOLD_AFTER_I or words[1].endswith("ed"))


def _answers(reply: str, heard: str, window: Window, anchor: datetime | None) -> bool:
    """Whether a short ``reply`` to ``heard`` states an answer: not a pleasantry ("Oh wow."),
    or one that says yes or no or when ("Yes, twice!", "Last May.")."""
    if not is_pleasantry(reply, names=window.speakers, previous=heard):
        return True
    words = set(_words(" ".join(s.text for s in _sentences(reply, set(window.speakers)) if not s.question)))
    return bool(words & _YES_NO or (anchor is not None and restate_times(reply, anchor)[1]))


def _lead_in(unit: _Unit | None) -> tuple[list[str], list[_Sentence]]:
    """A heading or lead-in that ends a full unit ("**Foreign LLC:**", "Here are some
    options:") belongs with what follows it: taken off ``unit`` for the next one. A unit that
    holds nothing but the lead-in moves whole (left empty, it is not stated): alone it was a
    memory that announces what it does not say ("The assistant said: Here are ten more
    questions for the quiz:", 1,325 of LongMemEval's memories)."""
    parts: list[str] = []
    sentences: list[_Sentence] = []
    while unit is not None and unit.parts and _leads_in(unit.parts[-1]):
        if len(unit.parts) == 1 and len(unit.sentences) != 1:
            break  # one sentence cut in pieces: its last piece is no lead-in of its own
        paired = len(unit.sentences) == len(unit.parts)
        parts.insert(0, unit.parts.pop())
        if paired:
            sentences.insert(0, unit.sentences.pop())
        # "Here are some techniques:" then "1. Wax resistance:": both lead to the paragraph after
    return parts, sentences


def _leads_in(text: str) -> bool:
    """Whether ``text`` ends as a lead-in or a heading does: with a colon (bold or not)."""
    return text.rstrip("* ").endswith(":")


def _in_item(unit: _Unit | None, sentence: _Sentence) -> bool:
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


def _stated(unit: _Unit) -> bool:
    """A unit says something: not headings alone ("**Common Pitfalls:**" with nothing after it)."""
    return any(not s.block.heading for s in unit.sentences) or len(unit.sentences) < len(unit.parts)


def parse_cut(text: str, limit: int) -> int | None:
    """Where an answer's parsed opening ends: after the last sentence that ends within
    ``limit`` characters and does not lead in to what follows (a colon), when the answer is
    longer than 1.25 times ``limit`` (``None``: parse it all; also when ``limit`` <= 0 or no
    sentence ends in time)."""
    if limit <= 0 or len(text) <= limit * 5 // 4:
        return None
    ends = [end for start, end in split_sentences(text) if end <= limit and not _leads_in(text[start:end])]
    return ends[-1] if ends else None  # a lead-in goes with what it leads to


_TAIL_LEAD = f"{_CHAT_ROLES['assistant'].capitalize()} said: "


def answer_tail(text: str, unit_chars: int, max_chars: int) -> list[str]:
    """A long answer past its parsed opening, kept as said: its sentences gathered into pieces
    of about ``unit_chars`` (a longer sentence cut at clause boundaries, :func:`_cut`; a lead-in
    that ends with a colon takes what follows up to ``max_chars``), each "The assistant said: ...". Nothing is inferred: no pronoun, time or name is rewritten, and
    nothing in it is left out as small talk but the answer's closing: the pleasantries it ends
    with ("I hope this helps!", "Let me know if you need anything else."). The pieces are found
    by their words (an answer's later memories are out of the vector index, ``write.dense``),
    and they cite the answer's turn."""
    pieces: list[str] = []
    room = max_chars - len(_TAIL_LEAD)
    spans = split_sentences(text)
    while spans and is_pleasantry(text[spans[-1][0] : spans[-1][1]]):
        spans.pop()
    for a, b in spans:
        for part in _cut(text[a:b], room):
            if pieces and len(pieces[-1]) + 1 + len(part) <= (room if _leads_in(pieces[-1]) else unit_chars):
                pieces[-1] += " " + part
            else:
                pieces.append(part)
    return [_TAIL_LEAD + p for p in pieces]


def _cut(text: str, limit: int) -> list[str]:
    """Cut one overlong sentence at clause boundaries, else at spaces."""
    pieces: list[str] = []
    while len(text) > limit:
        head = text[:limit]
        at = max(head.rfind("; "), head.rfind(", "), head.rfind(": "))
        at = at + 1 if at > limit // 3 else head.rfind(" ")
        at = at if at > 0 else limit
        pieces.append(text[:at].strip())
        text = text[at:].strip()
    if text:
        pieces.append(text)
    return pieces


def _photo(turn: Turn, roles: _Roles) -> str | None:
    caption = (turn.image_caption or "").strip().rstrip(".")
    if not caption:
        return None
    return f"{_cap(roles.name)} shared a photo of {_CAPTION_PREFIX.sub('', caption)}."


def _entities(doc: Doc | None, unit: _Unit, window: Window, roles: _Roles) -> tuple[set[str], set[str], list[str]]:
    """Participants, locations and entity facts inside the unit's sentences."""
    people: set[str] = set()
    places: set[str] = set()
    facts: list[str] = []
    if doc is None:
        return people, places, facts
    ranges = [(s.start, s.end) for s in unit.sentences]
    for text, label, start, end in _ents(doc):
        if not any(a <= start and end <= b for a, b in ranges):
            continue
        if label == "PERSON":
            if not _PERSON_NAME.fullmatch(text) or text.split()[0] in _NOT_NAMES:
                continue  # "kinda nerve", "Last Fri": not names
            people.add(_speaker_for(text, window) or text)
        elif label in ("GPE", "LOC", "FAC") or label == "ORG" and _at_place(doc_text(doc), start):
            places.add(text)
        if label in _FACT_LABELS:
            facts.append(text)
    text_of_doc = doc_text(doc)
    for a, b in ranges:
        for m in re.finditer(r"\b[A-Z][a-z]{2,}\b", text_of_doc[a:b]):
            who = _speaker_for(m.group(), window)
            if who is not None and (m.group() == who.split()[0] or m.start() > 0):
                people.add(who)  # a speaker named in the content, or a nickname ("Mel")
        for m in _VENUE.finditer(text_of_doc, a, b):
            venue = m.group().strip()
            places.add(venue)  # the small NER model misses or mislabels most venue names
            people = {p for p in people if p not in venue}
    return people, places, facts


def _concepts(doc: Doc | None, unit: _Unit, names: set[str]) -> frozenset[str]:
    """The concepts of the unit's sentences (``ground.concepts``), its names left out."""
    if doc is None:
        return frozenset()
    found: list[str] = []
    for s in unit.sentences:
        span = doc.char_span(s.start, s.end, alignment_mode="expand")
        if span is not None:
            found += concepts(list(span), names)
    return frozenset(found)


# A capitalised name ending in a venue noun: "Harbor Grill", "Green Leaf Cafe", "Lincoln Park".
_VENUE = re.compile(
    r"\b(?:[A-Z][\w'&-]*\s){1,3}(?:Grill|Cafe|Café|Restaurant|Bar|Diner|Bistro|Pub|Tavern|Inn|Hotel|Bakery|"
    r"Kitchen|Pizzeria|Steakhouse|Market|Mall|Park|Museum|Gallery|Theater|Theatre|Cinema|Stadium|Arena|Club|Gym|"
    r"Library|Center|Centre|Hospital|Clinic|School|Academy|University|College|Church|Temple|Beach|Lake|Trail|"
    r"Garden|Gardens|Zoo|Studio|Hall|Pier|Bay|Island|Mountain|Falls)\b"
)


_AT_PLACE = re.compile(r"\b(?:at|in)\s+(?:the\s+)?$")


def _at_place(text: str, start: int) -> bool:
    """Whether "at" or "in" (and maybe "the") comes just before ``start`` (``_AT_PLACE``
    ending there). Searched from where such a phrase can begin, the "at" before the last
    one or two runs of whitespace, not from the start of the turn: each entity of a long
    answer searched its whole text before it."""
    begin = start
    while begin > 0 and text[begin - 1].isspace():
        begin -= 1
    if text.endswith("the", 0, begin):
        begin -= 3
        while begin > 0 and text[begin - 1].isspace():
            begin -= 1
    return _AT_PLACE.search(text, max(0, begin - 2), start) is not None


def _ents(doc: Doc) -> list[tuple[str, str, int, int]]:
    """The document's entities as plain tuples, computed once per document, names without
    the verb the small NER model sometimes takes into them (see :func:`_name_span`)."""
    cached = doc.user_data.get("ripplemem_ents")
    if cached is None:
        cached = []
        for e in doc.ents:
            span = _name_span(e) if e.label_ in _NAME_LABELS else e
            if len(span):
                cached.append((span.text, e.label_, span.start_char, span.end_char))
        doc.user_data["ripplemem_ents"] = cached
    return cached


_NAME_LABELS = frozenset({"PERSON", "GPE", "LOC", "FAC", "ORG"})
_FRAGMENT_NAMES = _NAME_LABELS | {"NORP", "EVENT", "WORK_OF_ART", "PRODUCT", "LANGUAGE"}
_NOT_NAME_TAGS = frozenset({"RB", "UH", "IN", "MD", "WRB", "CC"})  # adverbs, interjections, particles


def _name_span(span: Span) -> Span:
    """``span`` without leading words that are not part of a name: a verb, adverb or
    interjection ("Tell Marco", "Honestly Jane"), or the "-ing" form of a verb opening the
    sentence, which the tagger read as a name ("Getting Freya anywhere takes planning",
    "Meeting Anna was great"; "Irving Berlin" stays). A one-word span is kept as it is."""
    bases = verb_bases()
    while len(span) > 1:
        first = span[0]
        tagged_verb = first.tag_.startswith("VB")
        verb = ing_form(first.text, bases) or tagged_verb and first.text.lower() in bases
        # a verb tag alone is not enough: "Sterling" of "Sterling Archer" is no verb the model knows
        if not (first.tag_ in _NOT_NAME_TAGS or verb and (tagged_verb or first.is_sent_start)):
            break
        span = span[1:]
    return span


def _speaker_for(name: str, window: Window) -> str | None:
    first = name.split()[0]
    return next((s for s in window.speakers if s == name or s.startswith(first) and len(first) >= 3), None)


def _just_past(doc: Doc | None, unit: _Unit, anchor: datetime | None) -> TimeSpan | None:
    """The day of ``anchor`` when the unit tells an event as just past and names no time
    ("I just saw them live": ``ground.recent``); questions tell nothing."""
    if doc is None or anchor is None:
        return None
    for s in unit.sentences:
        span = None if s.question else doc.char_span(s.start, s.end, alignment_mode="expand")
        if span is not None and just_happened(span):
            return TimeSpan.day(anchor)
    return None


def _most_specific(times: list[TimeMention]) -> TimeSpan | None:
    if not times:
        return None
    return min(times, key=lambda m: m.span.end - m.span.start).span


def _facts(text: str, entity_facts: list[str], times: list[TimeMention]) -> tuple[str, ...]:
    found = [f for f in entity_facts if f in text]
    found += [span_label(m.span) for m in times if m.relative and span_label(m.span) in text]
    found += [m.group() for m in _NUMBER.finditer(text) if m.group().strip(".,")]
    unique = list(dict.fromkeys(f.strip(" .,") for f in found if f.strip(" .,")))
    return tuple(f for f in unique if not any(f != g and _inside(f, g) for g in unique))


def _word(ch: str) -> bool:
    return ch.isalnum() or ch == "_"  # what the regular expression ``\w`` matches


def _inside(part: str, whole: str) -> bool:
    r"""Whether ``part`` stands in ``whole`` as its own fact (``(?<![\w$])part(?!\w)``),
    without building a pattern per pair of facts."""
    at = whole.find(part)
    while at >= 0:
        before, after = whole[at - 1 : at] if at else "", whole[at + len(part) : at + len(part) + 1]
        if not (before and (_word(before) or before == "$")) and not (after and _word(after)):
            return True
        at = whole.find(part, at + 1)
    return False
