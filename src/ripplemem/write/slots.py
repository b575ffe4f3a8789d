"""The slot grammar: what a memory says about the stateful slots of its subjects.

A memory is read sentence by sentence (questions and the assistant's advice are skipped;
``"Caroline said: ..."`` switches the speaker). Each verb frame below is an English
predicate over one slot of a subject (a name, ``the user``, or a pronoun resolved to the
last subject named): where someone lives, works, studies; who they are with; what they
eat, own, keep where, plan, prefer, do by habit; how many or how far. What stands
between the sentence's subject and the frame's verb decides the claim's mode:

- ``state``   the slot's value now: "Ava lives in Boston", "Tim's favourite book is Dune"
- ``change``  an explicit new value: "moved to Denver", "now works as", "got a new job"
- ``ended``   the value stops: "no longer works as a nurse", "sold the Civic", "used to run"
- ``past``    a value that held once ("lived in Boston in 2019"): never current, never closed

A negation, a modal, a plan or a condition in front of the verb ("didn't move", "might
move", "is thinking of moving", "if the user lives in") makes no claim at all, so a
negated restatement is never read as a reversal. ``ended`` claims with no slot frame
("stopped running", "instead of taking the train") keep the content words of what ended
(slot ``act``) for the decider to find in an older memory.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

Mode = Literal["state", "change", "ended", "past"]

USER = "the user"


@dataclass(frozen=True, slots=True)
class Claim:
    slot: str  # residence, employer, role, relationship, diet, has, kept, plan, favourite, ... act
    subject: str  # normalised: "the user", "caroline", "rui's parrot kiwi"
    value: str  # the stated value, lower-cased; "" when unknown ("got a new job")
    mode: Mode
    key: str = ""  # a qualifier inside the slot: favourite kind, counted noun, possession class
    cue: str = ""  # the words that made it a change or an end


# -- words -----------------------------------------------------------------------------------

_NEG = r"(?:not|n't|never|no longer|hardly|barely|no)"
_MODAL = {"might", "may", "could", "would", "should", "can", "cannot", "must", "shall", "'d", "will", "'ll",
          "won't", "wont", "wouldn't", "shouldn't", "couldn't", "can't"}
_IRREALIS = re.compile(
    r"\b(?:if|whether|unless|wants? to|wanted to|hopes? to|hoping to|plans? to|planning to|planned to|"
    r"going to|gonna|thinking (?:of|about)|thinks?|considering|considers?|wonder(?:s|ing)?|wish(?:es)?|"
    r"trying to|tries to|try(?:ing)?|needs? to|has to|have to|about to|dreams? of|(?-i:may)|might|"
    r"could|would|should|can|cannot|can't|will|'ll|won't|must|imagine|decid(?:e|es|ed|ing) (?:to|whether)|"
    r"likely|unlikely|probably|maybe|perhaps|worried about|afraid of|scared of|nervous about|ready to|"
    r"sure|not sure|asked|asks|asking|suggest(?:s|ed)?|recommend(?:s|ed)?|advised?|told)\b", re.IGNORECASE)
_NEGATION = re.compile(rf"\b{_NEG}\b|n't\b", re.IGNORECASE)
_AUX_WORDS = {
    "is", "are", "am", "was", "were", "be", "been", "being", "has", "have", "had", "'s", "'ve", "'m", "'re",
    "does", "do", "did", "just", "now", "recently", "finally", "also", "still", "currently", "already",
    "actually", "really", "officially", "then", "eventually", "even", "only", "happily", "newly", "lately",
    "and", "so", "since", "after", "because", "when", "as", "both", "together", "all", "who", "ever", "truly",
    "definitely", "proudly", "sadly", "unfortunately", "suddenly", "apparently", "basically", "mostly",
}
_DISCOURSE = re.compile(
    r"^(?:(?:by the way|btw|also|actually|anyway|oh|well|so|and|but|plus|now|these days|nowadays|lately|"
    r"recently|finally|guess what|good news|sadly|unfortunately|in the end|at last|meanwhile|since then|"
    r"on another note|speaking of which|as of now|for now|at the moment|right now|last (?:week|month|year)|"
    r"this (?:week|month|year)|in [a-z]+ \d{4}|on \d{1,2} [a-z]+ \d{4}|yesterday|today)[,:]?\s+)+",
    re.IGNORECASE)
_CHANGE_CUE = re.compile(r"\b(?:now|these days|nowadays|instead|anymore|any more|again|no longer|switched|"
                         r"changed|new|currently|at the moment|right now|so far|just)\b", re.IGNORECASE)
_STILL = re.compile(r"\bstill\b", re.IGNORECASE)
_CAPWORD_STOP = {
    "i", "it", "this", "that", "these", "those", "there", "here", "they", "he", "she", "we", "you", "my", "his",
    "her", "their", "our", "the", "a", "an", "and", "but", "so", "if", "when", "since", "after", "before",
    "because", "while", "also", "actually", "now", "lately", "recently", "finally", "yesterday", "today", "last",
    "next", "what", "who", "how", "why", "where", "yes", "no", "oh", "wow", "hey", "hi", "thanks", "thank",
    "sounds", "glad", "great", "nice", "sure", "well", "plus", "anyway", "instead", "monday", "tuesday",
    "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february", "march", "april", "june",
    "july", "august", "september", "october", "november", "december", "speaking", "by", "on", "in", "at",
    "for", "with", "to", "from", "of", "as", "once", "every", "each", "some", "many", "most", "both", "being",
    "keep", "let", "let's", "just", "love", "life", "seems", "seem", "make", "check", "look", "looks", "looky",
    "guess", "hope", "congrats", "awesome", "cool", "amazing", "good", "bad", "gotta", "remember", "take", "try",
    "go", "get", "have", "enjoy", "stay", "don't", "can't", "please", "maybe", "perhaps", "definitely", "totally",
    "really", "absolutely", "sorry", "happy", "family", "friends", "everyone", "someone", "nothing",
    "everything", "something", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "first", "second", "third", "then", "still", "even", "not", "never", "always", "sometimes", "usually",
    "often", "kids", "people", "they're", "it's", "that's", "there's", "here's", "what's", "we're", "you're",
}
_SPEAKER = re.compile(r"(?:(?<=^)|(?<=[.!?]\s))(?P<who>[Tt]he user|[Tt]he assistant|[A-Z][\w'’-]+(?: [A-Z][\w'’-]+)?)"
                      r" (?P<verb>said|asked|replied|added|wrote|answered|shared):\s*")
_ABBREV = re.compile(r"(?:\b(?:St|Dr|Mr|Mrs|Ms|Jr|Sr|Mt|vs|etc|No|Co|Inc|Ltd|approx|e\.g|i\.e|U\.S|a\.m|p\.m)|\b[A-Z])\.$")

_NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40,
    "fifty": 50, "hundred": 100, "dozen": 12, "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5,
    "sixth": 6, "final": 99, "last": 99, "once": 1, "twice": 2,
}
_PETS = r"(?:dogs?|pups?|puppy|puppies|cats?|kitty|kitten|kittens|parrots?|birds?|rabbits?|bunny|hamsters?|guinea pigs?|turtles?|tortoises?|fish|goldfish|horses?|snakes?|lizards?|ferrets?|chickens?|guppies)"
_THINGS = (r"(?:car|truck|van|motorbike|motorcycle|bike|bicycle|scooter|phone|smartphone|iphone|laptop|computer|"
           r"pc|tablet|ipad|camera|watch|tv|television|console|boat|sailboat|house|flat|condo|apartment|piano|"
           r"guitar|violin|headphones|printer|kindle|e-reader|subscription|membership|gym membership)")
_CLASS = {"truck": "car", "van": "car", "motorbike": "motorcycle", "bicycle": "bike", "smartphone": "phone",
          "iphone": "phone", "pc": "computer", "ipad": "tablet", "television": "tv", "sailboat": "boat",
          "e-reader": "kindle"}
_OCCUPATIONS = (
    r"(?:nurse|teacher|doctor|physician|surgeon|dentist|lawyer|attorney|accountant|banker|engineer|developer|"
    r"programmer|designer|architect|manager|analyst|consultant|chef|cook|baker|barista|waiter|waitress|"
    r"bartender|cashier|pharmacist|therapist|counselor|counsellor|psychologist|social worker|scientist|"
    r"researcher|professor|lecturer|librarian|journalist|writer|editor|photographer|artist|musician|"
    r"electrician|plumber|mechanic|carpenter|firefighter|police officer|paramedic|pilot|driver|"
    r"receptionist|secretary|assistant|clerk|salesperson|realtor|real estate agent|veterinarian|vet|"
    r"student|intern|freelancer|entrepreneur|tutor|coach|trainer|technician|officer|director|"
    r"ceo|cto|founder|owner|administrator|specialist|coordinator|representative|agent|worker)")
_DIET_WORDS = {"vegan": {0}, "plant-based": {0}, "vegetarian": {1}, "veggie": {1}, "pescatarian": {2},
               "pescetarian": {2}, "omnivore": {3}}
_DIET_FOOD = {"meat": {3}, "chicken": {3}, "beef": {3}, "pork": {3}, "steak": {3}, "bacon": {3}, "fish": {2, 3},
              "seafood": {2, 3}, "eggs": {1, 2, 3}, "cheese": {1, 2, 3}, "dairy": {1, 2, 3}}
_REL_STATUS = {"single": "single", "married": "married", "engaged": "engaged", "divorced": "divorced",
               "separated": "separated", "widowed": "widowed", "dating": "dating", "seeing": "dating",
               "in a relationship": "dating", "boyfriend": "dating", "girlfriend": "dating", "partner": "dating",
               "husband": "married", "wife": "married", "fiance": "engaged", "fiancé": "engaged",
               "fiancee": "engaged", "fiancée": "engaged", "spouse": "married"}

# -- values ------------------------------------------------------------------------------------

_MONTHS = r"(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)"
_TIME_TAIL = re.compile(
    rf"(?<=\S)(?:\s*,)?\s+(?:(?:on|in|since|by|from|until|at|during|around)\s+(?:the\s+)?(?:week of\s+)?"
    rf"(?:\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTHS}|{_MONTHS}(?:\s+\d{{1,2}}(?:st|nd|rd|th)?)?|\d{{4}}|spring|summer|autumn|fall|winter|"
    rf"monday|tuesday|wednesday|thursday|friday|saturday|sunday|the (?:morning|evening|afternoon))\b|"
    r"last (?:week|month|year|night|weekend|time)|this (?:week|month|year|weekend|morning)|next (?:week|month|year)|"
    r"yesterday|today|tonight|recently|a (?:few )?(?:days?|weeks?|months?|years?) ago|\w+ (?:days?|weeks?|months?|years?) ago|"
    r"ago|now|again|instead|anymore|any more|these days|nowadays|at the moment|right now|so far|already|"
    r"after all|for now|for good|yet|too|as well)\b.*$", re.IGNORECASE)
_VALUE_STOP = re.compile(
    r"\s+(?:[-—]\s|and|but|so|because|since|after|before|while|when|where|which|who|whom|that|to (?:be|help|focus|"
    r"study|work|live|get|start|take|join|make|save|pursue|concentrate|spend)|for (?:a|an|the|his|her|their|my|"
    r"our|work|school|good|her|him|them|now)|with (?:his|her|their|my|our|a|an|two|three|the|some)|near|close to|"
    r"every|each|as (?:a|an|well)|like|or|than|if|though|although|even|because of|due to|thanks to)\b.*$",
    re.IGNORECASE)


def clean_value(text: str) -> str:
    """A frame's captured value without time phrases, trailing clauses and articles."""
    v = text.strip().strip("\"'“”‘’ ")
    v = re.sub(r"^(?:(?:a|an|the|his|her|their|my|our|its|your|some|this|that|these|those|just|only|about|"
               r"around|roughly|nearly|almost|over|close to|currently|now|still|also|really|actually|these days|"
               r"nowadays)\s+)+", "", v, flags=re.IGNORECASE)
    v = _VALUE_STOP.sub("", v)
    v = _TIME_TAIL.sub("", v)
    return re.sub(r"\s+", " ", v).strip(" ,;:-—").lower()


def number_of(word: str) -> float | None:
    w = word.lower().strip(",.")
    if w in _NUMBER_WORDS:
        return float(_NUMBER_WORDS[w])
    w = w.replace(",", "")
    m = re.fullmatch(r"(\d+(?:\.\d+)?)(?:k)?", w)
    if m:
        return float(m.group(1)) * (1000 if w.endswith("k") else 1)
    return None


_IRREGULAR = {
    "ran": "run", "running": "run", "sold": "sell", "gave": "give", "given": "give", "bought": "buy",
    "got": "get", "gotten": "get", "went": "go", "gone": "go", "goes": "go", "taught": "teach", "drove": "drive",
    "driven": "drive", "stuck": "stick", "wore": "wear", "worn": "wear", "had": "have", "has": "have",
    "is": "be", "are": "be", "was": "be", "were": "be", "been": "be", "am": "be", "left": "leave", "lost": "lose",
    "took": "take", "taken": "take", "ate": "eat", "eaten": "eat", "made": "make", "kept": "keep", "felt": "feel",
    "saw": "see", "seen": "see", "did": "do", "does": "do", "done": "do", "said": "say", "told": "tell",
    "thought": "think", "brought": "bring", "wrote": "write", "written": "write", "read": "read", "met": "meet",
    "flew": "fly", "flying": "fly", "flies": "fly", "swam": "swim", "swimming": "swim", "rode": "ride",
    "ridden": "ride", "grew": "grow", "grown": "grow", "began": "begin", "begun": "begin", "children": "child",
    "kids": "kid", "people": "person", "men": "man", "women": "woman", "lives": "live", "living": "live",
    "lived": "live", "studies": "study", "studied": "study", "studying": "study", "using": "use", "doing": "do",
    "being": "be", "going": "go", "dying": "die", "lying": "lie", "tying": "tie",
}


def stem(word: str) -> str:
    """A crude, consistent stem: both sides of a comparison go through the same cuts."""
    w = word.lower().strip("'’.,;:!?\"()")
    if w.endswith(("'s", "’s")):
        w = w[:-2]
    if w in _IRREGULAR:
        w = _IRREGULAR[w]
    elif len(w) > 4 and w.endswith("ies"):
        w = w[:-3] + "y"
    elif len(w) > 5 and w.endswith("ing"):
        w = w[:-3]
    elif len(w) > 4 and w.endswith("ed"):
        w = w[:-2]
    elif len(w) > 4 and w.endswith("es"):
        w = w[:-2]
    elif len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
        w = w[:-1]
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "aeiouls":
        w = w[:-1]
    return w


FUNCTION_WORDS = {
    "the", "a", "an", "my", "his", "her", "their", "our", "your", "its", "to", "of", "in", "on", "at", "for",
    "with", "from", "by", "about", "and", "or", "some", "any", "all", "just", "really", "very", "also", "still",
    "again", "now", "anymore", "more", "much", "so", "that", "this", "these", "those", "it", "them", "they",
    "he", "she", "i", "we", "you", "user", "be", "have", "do", "get", "go", "like", "love", "enjoy", "prefer",
    "want", "thing", "stuff", "lot", "lots", "one", "ones", "no", "not", "longer", "never", "usual", "old",
    "own", "up", "out", "off", "into", "over", "as", "than", "too", "even", "other", "back", "day", "lately",
    "regularly", "every", "instead", "way", "there", "here", "was", "were", "is", "are", "been", "had",
    "has", "'s", "s", "d", "ll", "re", "ve", "t", "don", "doesn", "didn", "isn", "won", "used",
}


def content_stems(text: str) -> frozenset[str]:
    words = re.findall(r"[a-z0-9][a-z0-9&'’-]*", text.lower())
    return frozenset(stem(w) for w in words if w not in FUNCTION_WORDS and len(w) > 1) - {""}


# -- sentences and subjects ---------------------------------------------------------------------


def _sentences(text: str) -> list[tuple[str | None, str]]:
    """``(speaker, sentence)`` for the asserted sentences (questions dropped, also from ``X asked:``)."""
    out: list[tuple[str | None, str]] = []
    pos, speaker = 0, None
    marks = list(_SPEAKER.finditer(text))
    bounds = [(m.start(), m.end(), m.group("who"), m.group("verb")) for m in marks] + [(len(text), len(text), None, None)]
    for start, end, who, _verb in bounds:
        out.extend((speaker, s) for s in _split_sentences(text[pos:start]))  # questions are dropped there
        pos, speaker = end, (who.lower() if who else None)
    return out


def _split_sentences(segment: str) -> list[str]:
    pieces, buf = [], ""
    for part in re.split(r"(?<=[.!?])\s+", segment.strip()):
        buf = f"{buf} {part}".strip() if buf else part
        if _ABBREV.search(buf):
            continue
        pieces.append(buf)
        buf = ""
    if buf:
        pieces.append(buf)
    out: list[str] = []
    for piece in pieces:
        if piece.rstrip("\"'”’ )").endswith("?"):  # keep a statement before a dash: "X - does Y?"
            parts = re.split(r"\s[-—]\s", piece)
            out.extend(part for part in parts[:-1] if part.strip())
        elif piece:
            out.append(piece)
    return out


_SUBORDINATE = re.compile(r"^(?:(?:ever )?since|after|because|now that|as)\s+", re.IGNORECASE)
_PRED_STOP = {
    "is", "are", "am", "was", "were", "be", "has", "have", "had", "will", "would", "can", "could", "might", "may",
    "should", "must", "does", "do", "did", "now", "these", "currently", "still", "also", "just", "recently",
    "finally", "already", "really", "actually", "so", "never", "no", "not", "always", "usually", "often", "and",
    "but", "who", "which", "that", "'s", "isn't", "wasn't", "doesn't", "didn't", "hasn't", "won't", "used",
    "lately", "again", "officially", "ends", "passed", "died", "went", "rose", "increased", "dropped", "fell",
    "jumped", "got", "gets", "keeps", "lives", "works", "moved", "plays", "eats", "drinks", "runs", "goes",
}


@dataclass(frozen=True, slots=True)
class _Subject:
    name: str  # "the user", "caroline", "tim's favourite book", "the team offsite"
    owner: str  # the person it belongs to ("tim"), or the name itself
    head: str  # "favourite book", or ""
    end: int  # where the NP ends in the sentence
    partner: str = ""  # "Emma" in "the user and Emma"


@dataclass
class _Context:
    speaker: str | None
    last: str | None = None  # the last person named: pronouns resolve to it


def _not_a_name(word: str) -> bool:
    """A capitalised word at a sentence start that reads as a verb or adverb ("Loved", "Seeing")."""
    return word.endswith(("ed", "ly")) or (word.endswith("ing") and len(word) > 5)


def _words_from(text: str, pos: int) -> list[tuple[str, int]]:
    """The words after ``pos`` that follow one another with only spaces between them."""
    out: list[tuple[str, int]] = []
    for m in re.finditer(r"\s+([\w'&-]+)", text[pos:]):
        if out and m.start() != out[-1][1] - pos:
            break
        if not out and m.start() != 0:
            break
        out.append((m.group(1), pos + m.end()))
    return out


def _strip_lead(text: str) -> tuple[str, int]:
    """The text without leading discourse markers and factual subordinators, and how much was cut."""
    out = text
    for _ in range(3):
        new = _SUBORDINATE.sub("", _DISCOURSE.sub("", out))
        if new == out:
            break
        out = new
    return out, len(text) - len(out)


def _subject(text: str, ctx: _Context, offset: int = 0) -> _Subject | None:
    """The subject NP at the start of ``text``: a name, the user, a pronoun, or a possessed thing."""
    body, cut = _strip_lead(text)
    m = re.match(r"(?P<own>(?i:the user|user|i|we|he|she|they|my|our|his|her|their|the)|[A-Z][a-zA-Z-]*(?: [A-Z][a-zA-Z-]*){0,2})"
                 r"(?P<pos>'s|s')?(?=\s|$|,)", body)
    if not m:
        return None
    own = m.group("own")
    low = own.lower()
    possessive = bool(m.group("pos")) or low in ("my", "our", "his", "her", "their")
    if low in ("the user", "user", "i", "we", "my", "our"):
        owner: str | None = USER
    elif low in ("he", "she", "they", "his", "her", "their"):
        owner = ctx.last or ctx.speaker
    elif low == "the":
        owner, possessive = "the", True
    elif low.split()[0] not in _CAPWORD_STOP and not _not_a_name(low.split()[0]):
        owner = low
    else:
        return None
    if owner is None:
        return None
    pos = m.end()
    head_words: list[str] = []
    if possessive:
        for word, w_end in _words_from(body, pos):
            lw = word.lower()
            if lw in _PRED_STOP or (lw.endswith("ed") and len(lw) > 4) or lw in _IRREGULAR or len(head_words) >= 7:
                break
            head_words.append(lw)
            pos = w_end
            if body[pos:pos + 1] in (",", ";", ".", "!", ":"):
                break
    if owner == "the" and not head_words:
        return None
    partner = ""
    pm = re.match(r"\s+and\s+(?P<p>others|the kids|the family|(?:his|her|their|my) \w+|[A-Z]\w+)(?=\s)", body[pos:])
    if pm:
        partner = pm.group("p")
        pos += pm.end()
    head = " ".join(head_words)
    if owner == "the":
        name = owner_name = f"the {head}"
        head = ""
    else:
        name, owner_name = (f"{owner}'s {head}" if head else owner), owner
    if not head and owner_name != "the" and not name.startswith("the "):
        ctx.last = owner_name
    elif head:
        ctx.last = owner_name
    return _Subject(name, owner_name, head, offset + cut + pos, partner)


# -- the clause a frame's verb sits in ------------------------------------------------------------

_BOUNDARY = re.compile(r"(?:[,;:]|\s[-—]\s|\b(?:and|but|so|then|while|whereas|although|though|because)\b)\s*",
                       re.IGNORECASE)
_AUX_RE = re.compile(r"[a-z']+", re.IGNORECASE)
_PAST_FORM = re.compile(r"^(?:\w+ed|was|were|had|did|went|got|left|lost|sold|gave|bought|took|ran|drove|ate|wore|"
                        r"kept|made|taught|quit|stuck|flew|met|began|became|found|held|told|saw|felt)$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class _Local:
    subject: _Subject
    aux: str  # the words between the subject and the frame's verb
    after: str  # the rest of the clause after the match
    span: str = ""  # the match itself
    prefix: str = ""  # the sentence before the match

    def has(self, pattern: str) -> bool:
        return re.search(pattern, self.aux, re.IGNORECASE) is not None

    @property
    def negated(self) -> bool:
        text = self.aux.lower().replace("no longer", "")
        return bool(re.search(r"\b(?:not|never|no|hardly|barely)\b|n't\b", text))

    @property
    def irrealis(self) -> bool:
        return bool(_IRREALIS.search(self.aux.replace("used to", "")))

    @property
    def cue(self) -> str:
        for text in (self.aux, self.span, self.after):
            m = _CHANGE_CUE.search(text)
            if m:
                return m.group(0).lower()
        return ""

    @property
    def anymore(self) -> bool:
        return bool(re.search(r"\b(?:anymore|any more|any longer)\b", f"{self.aux} {self.span} {self.after}",
                              re.IGNORECASE))

    @property
    def aspect(self) -> str:
        """``start`` or ``stop`` when an aspect verb carries the frame ("started eating", "stopped working")."""
        if self.has(r"\b(?:started|starting|starts|began|begun|resumed|took up)\b"):
            return "start"
        if self.has(r"\b(?:stopped|stops|quit|gave up|given up)\b"):
            return "stop"
        return ""


_FACTIVE = re.compile(
    r"\s*(?:(?:the user|i|we|he|she|they|(?-i:[A-Z])[\w'-]*(?: (?-i:[A-Z])[\w'-]*)?)\s+)?"
    r"(?:(?:just|also|finally|suddenly|recently|now|is|am|are|was|'s|'m|happy|glad|proud|excited|to)\s+)*"
    r"(?:realized|realised|realizes|noticed|found out|remembered|learned|learnt|discovered|report|reported|"
    r"admitted|admits|confirmed|confirms|announced|mentioned|knows|knew)\s+(?:that\s+)?", re.IGNORECASE)


def _locate(body: str, start: int, end: int, np: _Subject | None, ctx: _Context, lenient: bool) -> _Local | None:
    """The subject and auxiliaries of the clause the match at ``start`` sits in, or ``None`` when
    the verb is embedded (a subordinate clause, a complement, a question) rather than asserted."""
    region = np.end if np is not None and np.end <= start else 0
    pre = body[region:start]
    bounds = list(_BOUNDARY.finditer(pre))
    subject = np if region else None
    aux = pre
    cut = region + bounds[-1].end() if bounds else region
    lead = _FACTIVE.match(body, cut, start)
    if lead:  # "the user just realized (that) the user has been ...": the complement is asserted
        cut, bounds, region = lead.end(), [lead], -1
    if bounds:
        tail = body[cut:start]
        sub = _subject(tail, ctx, offset=cut)
        if sub is not None and sub.end <= start:
            subject, aux = sub, body[sub.end:start]
        else:
            aux = tail
    elif not region:
        sub = _subject(pre, ctx)
        if sub is not None and sub.end <= start:
            subject, aux = sub, body[sub.end:start]
    if subject is None and np is not None and np.end > start:
        subject, aux = np, ""
    if subject is None:
        return None
    if not lenient:
        words = [w.lower() for w in _AUX_RE.findall(aux)]
        allowed = _AUX_WORDS | _MODAL | {"not", "n't", "never", "no", "longer", "used", "to", "hardly", "barely",
                                         "doesn't", "don't", "didn't", "isn't", "aren't", "hasn't", "haven't",
                                         "won't", "wasn't", "weren't", "can't", "ever", "these", "days", "nowadays",
                                         "right", "at", "the", "moment", "for", "good", "newly", "first",
                                         "started", "starting", "starts", "began", "begun", "resumed", "stopped",
                                         "stops", "quit", "gave", "given", "up", "took", "had", "going"}
        if any(w not in allowed for w in words):
            return None
    nxt = _BOUNDARY.search(body, end)
    after = body[end:nxt.start()] if nxt else body[end:]
    return _Local(subject, aux, after, body[start:end], body[:start])


def _mode(base: Mode, local: _Local, verb: str = "") -> Mode | None:
    """The claim's mode from what precedes the verb, or ``None`` when it asserts nothing."""
    if local.has(r"(?<!getting )(?<!get )(?<!gets )(?<!got )(?<!be )(?<!been )\bused to\b"):
        return "ended" if base == "state" else None
    if local.has(r"\bused to\b"):
        return None
    if local.has(r"\bno longer\b"):
        return "ended" if base == "state" else None
    if local.negated:
        return "ended" if base == "state" and local.anymore else None
    if local.irrealis:
        return None
    if base == "state" and local.aspect:
        return "change" if local.aspect == "start" else "ended"
    if base == "state":
        present = local.has(r"\b(?:has|have|'ve|is|are|am|'s|'m|'re|been|will)\b") or bool(
            re.match(r"(?:has|have|'ve|is|are|am)\b", local.span, re.IGNORECASE))
        if not present and (local.has(r"\b(?:was|were|had)\b") or (verb and _PAST_FORM.match(verb))):
            return "past"
        if local.cue in ("now", "these days", "nowadays", "instead", "currently", "at the moment", "right now",
                         "switched", "changed", "new", "again"):
            return "change"
    return base


# -- frames --------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class _Frame:
    slot: str
    mode: Mode
    pattern: re.Pattern[str]
    lenient: bool = False  # the verb may follow a full predicate ("... instead of X")


def _f(slot: str, mode: Mode, pattern: str, lenient: bool = False) -> _Frame:
    return _Frame(slot, mode, re.compile(pattern, re.IGNORECASE), lenient)


_V = r"(?P<v>[^,;.!?]+)"
# the class word ends its noun phrase ("a new bike", not "a new bike helmet" or "the car's mats")
_NP_END = (r"(?=\s*(?:[,.;:!?)]|$)|\s+(?:and|but|or|with|for|from|at|in|on|to|that|which|named|called|because|so|"
           r"last|this|yesterday|today|recently|now|again|instead|after|before|since|a|an|the|is|was|has|had|"
           r"it|which)\b)")
_DWELLING = re.compile(r"\b(?:apartment|flat|house|home|place|studio|condo|loft|dorm|room|neighbou?rhood|city|town|"
                       r"village|country|state|suburbs?|downtown|area|parents)\b", re.IGNORECASE)
TIMEWORD = re.compile(rf"\b(?:(?:next |this |last |coming |the following )?(?:{_MONTHS}|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|\d{{1,2}}(?:st|nd|rd|th)?|"
                       r"next (?:week|month|year)|tomorrow|tonight|weekend|spring|summer|autumn|fall|winter|"
                       r"morning|evening|afternoon|noon|\d{1,2}(?::\d\d)? ?(?:am|pm))\b", re.IGNORECASE)

QUALIFIER = re.compile(r"\b(?:mornings?|afternoons?|evenings?|nights?|weekends?|weekdays?|mondays?|tuesdays?|"
                       r"wednesdays?|thursdays?|fridays?|saturdays?|sundays?|breakfast|lunch|dinner|commute)\b",
                       re.IGNORECASE)

FRAMES: tuple[_Frame, ...] = (
    # residence
    _f("residence", "state", r"\b(?P<verb>lives?|living|lived|resides?|residing|resided|based|live)"
                             r"(?: (?:alone|together|with [\w' ]{1,30}?))? in " + _V),
    _f("residence", "state", r"\b(?P<verb>rents?|renting|rented|owns?) (?:a|an|the) (?:[\w-]+ ){0,3}?(?:apartment|flat|"
                             r"house|condo|studio|loft|room|place) in " + _V),
    _f("residence", "change", r"\b(?P<verb>moved|moving|moves|relocated|relocating|relocates|settled)"
                              r"(?: back| away| out| off campus| across town| abroad| home| over)?(?: here)? (?:to|into|in) "
                              + _V),
    _f("residence", "ended", r"\b(?P<verb>moved|moving) (?:away )?(?:out of|away from|from) (?P<v>[^,;.!?]+?)"
                             r"(?: and into (?P<v2>[^,;.!?]+))?(?=[,;.!?]|$)"),
    # job: role, employer, a new job, an ended job
    _f("role", "state", r"\b(?P<verb>works?|working|worked|employed|hired) (?:part[- ]time |full[- ]time |remotely )?as "
                        r"(?:a |an )?" + _V),
    _f("employer", "state", r"\b(?P<verb>works?|working|worked|employed) (?:part[- ]time |full[- ]time |remotely )?"
                            r"(?:at|for|by) " + _V),
    _f("role", "state", r"\b(?P<verb>is|am|are|was|were|be|'s|been) (?:a|an) (?P<v>(?:(?!great|good|real|true|amazing|"
                        r"awesome|wonderful|fantastic|natural|such|big|huge)[\w-]+ ){0,2}?(?:nurse|teacher|doctor|"
                        r"physician|surgeon|dentist|lawyer|attorney|accountant|banker|engineer|developer|programmer|"
                        r"designer|architect|manager|analyst|consultant|chef|barista|pharmacist|therapist|counselor|"
                        r"counsellor|psychologist|scientist|professor|lecturer|librarian|journalist|electrician|plumber|"
                        r"mechanic|firefighter|police officer|paramedic|pilot|receptionist|accountant|veterinarian|"
                        r"realtor|data scientist)(?: (?:at|for|with) [^,;.!?]+)?)(?=[,;.!?]|$| and| but| since| for)"),
    _f("employer", "state", r"\b(?P<verb>teaches|teaching|taught) (?:[\w ]{1,20}? )?at " + _V),
    _f("job", "change", r"\b(?P<verb>started|starting|starts|began|got|landed|found|accepted|took|has started|"
                        r"took on) (?:a |an |his |her |their |my )?new (?:job|position|role|gig)(?P<v>[^,;.!?]*)"),
    _f("job", "change", r"\b(?P<verb>started|starting|began) (?:working|work) (?:at|for|as) " + _V),
    _f("job", "change", r"\b(?P<verb>was|got|has been) (?:hired|employed) (?:by|at|as) " + _V),
    _f("role", "change", r"\b(?P<verb>became|becomes|become) (?:a|an) (?P<v>(?:[\w-]+ ){0,2}?" + _OCCUPATIONS + r")\b"),
    _f("role", "change", r"\b(?P<verb>was|got|been|is) promoted(?: to (?:a |an )?(?P<v>[^,;.!?]+))?"),
    _f("job", "change", r"\b(?P<verb>switched|changed) careers?(?P<v>)"),
    _f("job", "ended", r"\b(?P<verb>quit|quitting|quits|left|leaving|lost|losing|resigned from|retired from|"
                       r"was fired from|got fired from|was laid off from|got laid off from|stepped down from) "
                       r"(?:(?:his|her|their|my|the|a|our) )?(?P<mod>(?:[\w-]+ ){0,2}?)(?:job|position|role|post)"
                       r"(?: (?:as (?:a |an )?|at |with |in )(?P<v>[^,;.!?]+))?"),
    _f("job", "ended", r"\b(?P<verb>resigned|retired|quit|left)(?: from)? (?P<v>(?-i:[A-Z])[\w&' -]*|the [\w&' -]+)"),
    _f("job", "ended", r"\b(?P<verb>retired)(?P<v>)(?=[,;.!?]|$| last| in| this| after| two| a )"),
    _f("job", "ended", r"\b(?P<verb>stopped) working (?:at|for|as) " + _V),
    # relationship
    _f("relationship", "state", r"\b(?P<verb>is|am|are|was|were|be|'s|been) (?:now |still |happily |newly |officially |"
                                r"single |)*(?P<v>single|married|engaged|divorced|separated|widowed)"
                                r"(?: to (?P<p>(?-i:[A-Z])\w+))?(?!\w)"),
    _f("relationship", "state", r"\b(?P<verb>is|am|are|'s|been) (?:now )?(?P<v>dating|seeing|in a relationship with|"
                                r"together with|going out with) (?:(?:a |an )?(?:guy|girl|man|woman|someone|somebody|person|new guy|new "
                                r"girl) (?:named|called) )?(?P<p>(?-i:[A-Z])\w+)"),
    _f("relationship", "state", r"\b(?P<verb>is|am|are|'s|been) (?:now )?(?P<v>in a (?:new )?relationship)(?! with)"),
    _f("relationship", "state", r"\b(?P<verb>is|am|are|'s) (?P<v>not in a relationship)"),
    _f("relationship", "state", r"\b(?P<verb>has|have|had) (?:a |an )?(?:new )?(?P<v>boyfriend|girlfriend|partner|husband|"
                                r"wife|fianc[ée]e?)(?:[^.;!?]*?\b(?:named|called) (?P<p>(?-i:[A-Z])\w+))?"),
    _f("relationship", "change", r"\b(?P<verb>got|gets) (?P<v>married|engaged|divorced|separated)"
                                 r"(?: to (?P<p>(?-i:[A-Z])\w+))?"),
    _f("relationship", "change", r"\b(?P<verb>married) (?P<p>(?-i:[A-Z])\w+|(?:his|her|their) (?:girlfriend|boyfriend|"
                                 r"partner|fianc[ée]e?))(?P<v>)"),
    _f("relationship", "change", r"\b(?P<verb>had|held|celebrated) (?:a |an |their |his |her )?(?:(?!at\b|the\b|to\b|"
                                 r"for\b|time\b)[\w-]+ ){0,4}?wedding(?: ceremony)?(?P<v>)\b"),
    _f("relationship", "ended", r"\b(?P<verb>broke up|split up|separated|divorced)(?: with (?P<p>(?-i:[A-Z])\w+))?(?P<v>)"),
    _f("relationship", "ended", r"\b(?P<verb>called off|broke off|ended) (?:the |their |his |her |my )?engagement(?P<v>)"),
    # diet
    _f("diet", "state", r"\b(?P<verb>is|am|are|was|were|be|'s|been|became|become|went|turned) (?:now |still |fully |"
                        r"strictly |mostly |a |an )*(?P<v>vegan|vegetarian|veggie|pescatarian|pescetarian|plant-based)\b"),
    _f("diet", "state", r"\b(?P<verb>follows?|following|followed|eats?|eating|is on|on) (?:a |an |the )?(?:strict )?"
                        r"(?P<v>vegan|vegetarian|pescatarian|plant-based|keto|ketogenic|paleo|low-carb|mediterranean|"
                        r"gluten-free|whole30) diet\b"),
    _f("diet", "state", r"\b(?P<verb>eats?|eating|ate) (?P<v>(?:meat|chicken|beef|pork|steak|bacon|fish|seafood|eggs|"
                        r"cheese|dairy)(?:(?:,| and| or) (?:meat|chicken|beef|pork|steak|bacon|fish|seafood|eggs|"
                        r"cheese|dairy))*)\b"),
    _f("diet", "state", r"\b(?P<verb>does not|doesn't|do not|don't|never) eat (?P<v>meat|fish|seafood|animal products)\b"),
    # pets and possessions
    _f("has", "state", r"\b(?P<verb>has|have|had|owns?|owned|got|adopted|adopts|rescued) (?:(?P<q>a|an|one|two|three|"
                       r"four|five|\d+|another|a new|pet|some) )?(?:(?:pet|little|new|old|rescue|[\w-]+) ){0,2}?"
                       r"(?P<k>" + _PETS + r")\b(?P<v>[^.;!?]*)"),
    _f("has", "state", r"\b(?P<verb>has|have|had|owns?|owned|drives?|driving|drove|uses?|using|rides?|shoots with|"
                       r"bought|buys|purchased) (?:a |an |the |one |his |her |their |my )?(?P<v>(?:(?!been\b|to\b|"
                       r"being\b|access\b|wanting\b|got\b)[\w-]+ ){0,3}?"
                       r"(?P<k>" + _THINGS + r")\b" + _NP_END + r"|(?:\d{4} )?(?-i:[A-Z][\w-]*)(?: (?-i:[A-Z0-9][\w-]*)){0,3})"),
    _f("has", "change", r"\b(?P<verb>bought|got|purchased|picked up|ordered|has) (?:a |an |him |her |himself |herself )?"
                        r"(?:brand[- ])?new (?P<k>" + _THINGS + r")\b" + _NP_END + r"(?:,? (?:a |an |the )?(?P<v>(?-i:[A-Z0-9])[^,;.!?]*))?"),
    _f("has", "change", r"\b(?P<verb>replaced) (?:the |his |her |their |my )?(?:old )?(?P<k>" + _THINGS +
                        r")\b" + _NP_END + r"(?: with (?:a |an )?(?P<v>[^,;.!?]+))?"),
    _f("has", "ended", r"\b(?P<verb>sold|sells|selling|gave away|given away|donated|got rid of|get rid of|getting rid of|"
                       r"threw out|threw away|traded in|rehomed|said goodbye to|say goodbye to|put down|"
                       r"lost (?=(?:the |his |her |their |my |our )?(?:[\w-]+ )?" + _PETS + r"\b))"
                       r"(?P<v>(?:the |his |her |their |my |our |an? )?[^,;.!?]+?)(?:, (?P<app>(?:the |a |an )?"
                       r"(?-i:[A-Z])[^,;.!?]*),)?(?= to | because | for | at | on | and | after |[,;.!?]|$)"),
    _f("has", "ended", r"\b(?P<verb>gave|given) (?P<v>(?-i:[A-Z])\w+|(?:his|her|their|my|the) \w+(?: \w+)?) away\b"),
    _f("kept", "state", r"\b(?P<verb>keeps|keeping|kept|stores|storing|stored|parks|parked) (?P<k>(?:the |his |her |"
                        r"their |my |its )?(?:[\w'-]+ ){0,2}?(?![\w'-]+ing\b)[\w'-]+) (?P<v>(?:in|on|under|inside|behind|next to|"
                        r"at) [^,;.!?]+)"),
    # plans and dates
    _f("plan", "change", r"\b(?P<verb>moved|rescheduled|postponed|pushed back|pushed|delayed|brought forward|shifted|"
                         r"changed|bumped) (?P<k>(?:the |his |her |their |our |my )[\w' -]+?) (?:back )?(?:to|until|"
                         r"till) (?P<v>[^,;.!?]+)"),
    _f("plan", "change", r"\b(?P<verb>was|were|has been|have been|got|is) (?P<k>)(?:postponed|rescheduled|moved|"
                         r"pushed back|delayed|brought forward) (?:to|until|till) (?P<v>[^,;.!?]+)"),
    _f("attribute", "change", r"\b(?P<verb>got|has|gave|set up) (?:a |an )?new (?P<k>phone number|number|email(?: address)?|"
                              r"address|bank account)(?:,? (?:ending in|of|:|is|which is) (?P<v>[^,;.!?]+))?"),
    # preferences (several at once: only an explicit change replaces one)
    _f("preference", "state", r"\b(?P<verb>prefers?|preferred|likes|liked|loves?|loved|enjoys?|enjoyed|favou?rs) "
                              r"(?!to\b|it\b|that\b|the idea\b|how\b|when\b|what\b|being\b|ones\b)" + _V),
    # school
    _f("school", "state", r"\b(?P<verb>studies|studying|studied|study) (?:[\w ]{1,30}? )?at (?P<v>(?-i:[A-Z])[^,;.!?]*)"),
    _f("school", "state", r"\b(?P<verb>attends?|attending|attended|goes to|going to|go to|went to) (?P<v>(?-i:[A-Z])"
                          r"[\w' .-]*?(?-i:School|Elementary|Academy|University|College|High|Institute|Kindergarten|"
                          r"Preschool)\b[^,;.!?]*)"),
    _f("school", "state", r"\b(?P<verb>is|are|am|'s|was) (?:a |an )?(?:[\w-]+ )?student at (?P<v>[^,;.!?]+)"),
    _f("school", "change", r"\b(?P<verb>transferred|transfers|transferring) to (?P<v>(?-i:[A-Z])[^,;.!?]*)"),
    _f("school", "change", r"\b(?P<verb>switched|changed) schools(?P<v>)"),
    _f("school", "ended", r"\b(?P<verb>graduated from|dropped out of) (?P<v>[^,;.!?]+)"),
    _f("year", "state", r"\b(?P<verb>is|are|am|'s|was) (?:now |currently )?in (?:his|her|their|my|the) "
                        r"(?P<v>first|second|third|fourth|fifth|final|last|\d+(?:st|nd|rd|th)) year"
                        r"(?: of| at| in)? (?P<k>[^,;.!?]*)"),
    # counts, records, progress, durations, rates
    _f("count", "state", r"\b(?P<verb>has|have|had|owns?|leads?|manages?|runs?|supervises?) (?:a total of |about |"
                         r"around |over |nearly |almost |close to |more than |exactly |only |just |a team of )?"
                         r"(?P<v>\d[\d,.]*k?|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|"
                         rf"twenty|thirty|forty|fifty)(?!\s+(?:{_MONTHS}|days?|weeks?|months?|years?|hours?|minutes?)\b)"
                         r"(?: (?P<unit>dozen|hundred|thousand))? (?P<k>(?:[\w&'-]+ ){0,2}?"
                         r"[\w&'-]+?)(?=\s+(?:on|in|at|from|as|with|to|for|so far|now|already|stocked)\b|$|[,;.!?])"),
    _f("count", "state", r"\b(?P<verb>is|are|am) (?:now )?(?:close to|nearly at|almost at|at|up to) (?P<v>\d[\d,.]*k?)"
                         r" (?P<k>[\w&'-]+)"),
    _f("count", "state", r"\b(?:has|have|'ve) (?:already |now |so far |just )?(?!been\b|gained\b|added\b|lost\b|"
                         r"dropped\b|shed\b)(?P<verb>[a-z]+(?:ed|en|ne|wn|rn|"
                         r"ot|ught|ead|ied)) (?:(?P<pre>(?:[\w'&-]+ ){0,6}?[\w'&-]+) )?(?P<v>\d[\d,.]*|two|three|four|five|"
                         r"six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty)"
                         rf"(?!\s+(?:{_MONTHS}|days?|weeks?|months?|years?|hours?|minutes?)\b) "
                         r"(?:(?:different|new|more|other|separate) )?"
                         r"(?P<k>(?:[\w&'-]+ ){0,2}?[\w&'-]+?)(?=\s+(?:from|in|at|on|as|with|so far|already|now)\b|$|"
                         r"[,;.!?])"),
    _f("record", "change", r"\b(?P<verb>set|got|achieved|hit|reached|beat|broke|has|with|finished|completed)\b[^,;.!?]*?"
                           r"(?:a |an |her |his |my |their )?(?:new )?(?P<k>[\w-]+ )?(?:personal best|personal record|"
                           r"highest score|high score|best score|best time|record)(?: time)?(?: in (?P<k2>[^,;.!?:]+?))?"
                           r"(?:,| of|:| is| was| -| –| —| at)? (?P<v>\d[^,;.!?]*)"),
    _f("progress", "state", r"\b(?P<verb>is|are|am|'s) (?:now |currently |already )?on (?P<k>page|chapter|episode|level|"
                            r"lesson|season|week|day|book|volume|part|step|module) (?P<v>\d+|one|two|three|four|five|six|"
                            r"seven|eight|nine|ten)(?: of (?P<k2>[^,;.!?]+))?"),
    _f("duration", "state", r"\b(?:has|have|had|'ve)(?: been)? (?P<verb>\w+)(?P<k>[^,;.!?]*?) for (?P<v>(?:\d+|a|an|a few|"
                            r"several|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) (?:days?|weeks?|"
                            r"months?|years?))\b"),
    _f("duration", "state", r"\b(?:has|have|had|'ve)(?: been)? (?P<verb>\w+)(?P<k>[^,;.!?]*?) for (?:about|around|almost|"
                            r"nearly|over|more than|roughly|close to) (?P<v>(?:\d+|a|an|a few|several|one|two|three|four|five|"
                            r"six|seven|eight|nine|ten|eleven|twelve) (?:days?|weeks?|months?|years?))\b"),
    _f("rate", "state", r"\b(?P<verb>)(?P<v>\d+|one|two|three|four|five|six|seven|eight|nine|ten|a couple of) (?P<unit>cups?|"
                        r"glasses?|bottles?|cans?|shots?|hours?|servings?|slices?|cigarettes?|miles?|kilomet(?:re|er)s?|"
                        r"km|steps?|times)(?: of (?P<k>[\w -]+?))? (?:a|per|each|every) (?P<per>day|week|month|night|"
                        r"morning|evening)\b", lenient=True),
    # generic ends of an action, a habit or a plan ("act")
    _f("act", "ended", r"\b(?P<verb>no longer) (?P<v>[^,;.!?]+)"),
    _f("act", "ended", r"\b(?P<verb>(?:does|do|did|is|are|am|was|were|has|have|will|would|can)(?: not|n't)|won't|"
                       r"doesn't|don't|isn't|aren't|hasn't|haven't|can't|never|hardly(?: ever)?) (?P<v>[^,;.!?]+?)"
                       r" (?:anymore|any more(?=\s*(?:[,.;!?]|$|(?:and|but|because|since|so|now|either)\b))|"
                       r"any longer)\b"),
    _f("act", "ended", r"\b(?P<verb>stopped|quit|quitting|gave up|given up|giving up|dropped out of) (?!by\b|at\b|in\b|"
                       r"for\b|to\b|on\b|off\b|over\b|working\b)(?P<v>[^,;.!?]+)"),
    _f("act", "ended", r"(?:(?P<obj>(?:the|those|these) (?:[\w'-]+ ){0,3}?[\w'-]+) (?:that |which )?)?(?P<s>(?-i:[A-Z])\w+|the user|they|"
                       r"he|she|i|we) (?P<verb>used to) (?P<v>[^,;.!?]+)", lenient=True),
    _f("act", "ended", r"\b(?P<verb>instead of) (?P<v>[^,;.!?]+)", lenient=True),
    _f("act", "ended", r"\b(?P<verb>switched|changed|went|converted|transitioned|upgraded|downgraded|moved|cut back|"
                       r"cut down)(?: (?P<k>(?:the |his |her |their |my )?[\w' -]+?))? from (?P<v>[^,;.!?]+?) to "
                       r"(?P<v2>[^,;.!?]+)"),
    _f("act", "ended", r"\b(?P<verb>changed) (?:his|her|their|my|the user's) mind about (?P<v>[^,;.!?]+)"),
    _f("act", "ended", r"\b(?P<verb>cancel+ed|canceling|cancelling|called off|scrapped|terminated) (?P<v>[^,;.!?]+)"),
)


# -- building claims from frame matches ----------------------------------------------------------

_ALL_LEVELS = frozenset({0, 1, 2, 3})
_DIET_PLANS = {"keto", "ketogenic", "paleo", "low-carb", "mediterranean", "gluten-free", "whole30"}
_BAD_EMPLOYER = re.compile(r"^(?:\d|home\b|night\b|the moment\b|it\b|that\b|least\b|times\b|all\b|once\b|some\b)")
_NOT_PLACE = re.compile(r"^(?:together|fear|the moment|peace|harmony|tears|style|love|a hurry|touch|the past|"
                        r"the future|the middle)\b")


def _g(m: re.Match[str], name: str) -> str:
    return (m.groupdict().get(name) or "").strip()


def _levels(values: set[int] | frozenset[int]) -> str:
    return "levels:" + ",".join(str(v) for v in sorted(values))


def _place(raw: str, mode: Mode) -> tuple[str, str] | None:
    """``(facet, value)`` of a residence: a named place, or a kind of dwelling (value "" when only new)."""
    value = clean_value(raw)
    if not value or _NOT_PLACE.match(value):
        return None
    names = re.findall(r"(?-i:[A-Z][\w'-]*(?: (?:[A-Z][\w'-]*|of\b|de\b|la\b|upon\b))*)", _VALUE_STOP.sub("", raw))
    names = [n for n in names if n.lower() not in _CAPWORD_STOP]
    if names:
        return "place", " ".join(names).lower()
    if _DWELLING.search(value):
        if mode == "change" and re.search(r"\b(?:new|different|another|shared|bigger|smaller)\b", value):
            generic = re.sub(r"\b(?:new|different|another|bigger|smaller)\b\s*", "", value).strip()
            if re.fullmatch(r"(?:city|town|country|state|place|home|neighbou?rhood|area)", generic):
                return "place", ""
            return "dwelling", ""
        return "dwelling", value
    return None


def _job_parts(raw: str) -> tuple[str, str]:
    """``(role, employer)`` from "a nurse at the county hospital" or "Siemens as a project manager"."""
    text = raw.strip()
    role, org = "", ""
    m = re.search(r"\b(?:as) (?:a |an )?(?P<r>[^,;.!?]+?)(?= at | for | with |$)", text, re.IGNORECASE)
    if m:
        role = m.group("r")
        text = (text[:m.start()] + " " + text[m.end():]).strip()
    m = re.search(r"\b(?:at|for|with) (?P<o>[^,;.!?]+)$", text, re.IGNORECASE)
    if m:
        org = m.group("o")
        text = text[:m.start()].strip()
    if text and not role and not text.lower().startswith(("at ", "for ", "with ")):
        role = text
    return clean_value(role), clean_value(org)


def _job(slot: str, mode: Mode, m: re.Match[str], subject: str, cue: str) -> list[Claim]:
    raw = _g(m, "v")
    if slot == "job" and mode == "ended":
        value = clean_value(" ".join(x for x in (_g(m, "mod"), raw) if x))
        return [Claim("job", subject, value, mode, cue=cue)]
    if slot == "employer":
        org, role = _job_parts("at " + raw)[1], _job_parts("at " + raw)[0]
        if not org or _BAD_EMPLOYER.match(org):
            return []
        claims = [Claim("employer", subject, org, mode, cue=cue)]
        return claims + ([Claim("role", subject, role, mode, cue=cue)] if role else [])
    raw = re.split(r"\s+(?:and|but|so|because|while|since|when|who|which)\s+", raw, maxsplit=1)[0]
    role, org = _job_parts(raw)
    if m.group("verb").lower() in ("hired", "employed") or raw.lower().startswith(("by ", "at ")):
        role, org = _job_parts(raw if not raw.lower().startswith("by ") else "at " + raw[3:])
    claims = [Claim("role", subject, role, mode, cue=cue)] if role else []
    claims += [Claim("employer", subject, org, mode, cue=cue)] if org and not _BAD_EMPLOYER.match(org) else []
    if not claims and mode == "change":
        claims = [Claim("job", subject, "", mode, cue=cue)]
    return claims


def _relationship(mode: Mode, m: re.Match[str], subject: _Subject, cue: str) -> list[Claim]:
    verb, raw = m.group("verb").lower(), _g(m, "v").lower()
    if subject.head and _PARTNER_HEAD.match(subject.head):
        subject = _Subject(subject.owner, subject.owner, "", subject.end, subject.head)
    partner = (_g(m, "p") or (subject.partner if subject.partner[:1].isupper() else "")).lower()
    if mode == "ended" or verb in ("broke up", "split up", "called off", "broke off", "ended"):
        return [Claim("relationship", subject.name, "single", "change", partner, cue=verb)]
    if verb in ("had", "held", "celebrated", "married"):
        status = "married"
    elif raw == "not in a relationship":
        status = "single"
    else:
        status = _REL_STATUS.get(raw) or _REL_STATUS.get(raw.split()[0], "dating")
    return [Claim("relationship", subject.name, status, mode, partner, cue=cue)]


def _diet(mode: Mode, m: re.Match[str], subject: str, cue: str) -> list[Claim]:
    raw, verb = _g(m, "v").lower(), m.group("verb").lower()
    if raw in _DIET_PLANS:
        return [Claim("diet-plan", subject, raw, mode, cue=cue)]
    if raw in _DIET_WORDS:
        levels = frozenset(_DIET_WORDS[raw])
    else:
        foods = re.findall(r"meat|chicken|beef|pork|steak|bacon|fish|seafood|eggs|cheese|dairy|animal products", raw)
        levels = _ALL_LEVELS
        for food in foods:
            levels = levels & frozenset(_DIET_FOOD.get(food, {3}))
        if verb in ("does not", "doesn't", "do not", "don't", "never"):
            levels = _ALL_LEVELS - frozenset().union(*(_DIET_FOOD.get(f, {3}) for f in foods))
    if verb in ("became", "become", "went", "turned"):
        mode = "change"
    if mode == "ended":
        levels, mode = _ALL_LEVELS - levels, "change"
    return [Claim("diet", subject, _levels(levels), mode, cue=cue)] if levels else []


def _has(mode: Mode, m: re.Match[str], subject: str, cue: str) -> list[Claim]:
    verb, key = m.group("verb").lower(), _g(m, "k").lower()
    if re.fullmatch(_PETS, key or "-"):
        rest = _g(m, "v")
        if verb in ("got", "adopted", "rescued") and mode == "past":
            mode = "state"
        names = re.findall(r"(?:named|called) ((?-i:[A-Z])\w+)|, ((?-i:[A-Z])\w+(?: and (?-i:[A-Z])\w+)?)", rest)
        name = " ".join(a or b for a, b in names).lower()
        claims = [Claim("has", subject, clean_value(f"{key} {name}"), mode, stem(key), cue=cue)]
        count = number_of(_g(m, "q"))
        if count and count >= 2:
            claims.append(Claim("count", subject, str(count), mode, stem(key), cue=cue))
        return claims
    value = clean_value(" ".join(x for x in (_g(m, "v"), _g(m, "app")) if x))
    cls = _CLASS.get(key, key) if key else ("car" if verb.startswith(("driv", "drove")) else "")
    if mode == "ended":
        return [Claim("has", subject, value, mode, cls, cue=verb)] if value else []
    if verb in ("bought", "buys", "purchased", "got", "adopted", "rescued") and mode == "past":
        mode = "state"  # one more thing owned: nothing it replaces
    if mode != "change" and re.search(r"\bnew\b", value):
        return []  # the frame for "a new X" reads it
    if mode == "change" and value == cls:
        value = ""
    if not value and mode != "change":
        return []
    return [Claim("has", subject, value, mode, cls, cue=cue or verb)]


def _numeric(slot: str, mode: Mode, m: re.Match[str], subject: str, cue: str) -> list[Claim]:
    raw, key = _g(m, "v").lower(), _g(m, "k").lower()
    if slot == "count":
        noun = clean_value(key)
        if not noun or noun in ("times", "time") and not _g(m, "pre"):
            return []
        if noun in ("times", "time"):
            noun = " ".join([stem(m.group("verb")), *sorted(content_stems(_g(m, "pre")))])
        else:
            noun = stem(noun.split()[-1])
        amount = number_of(raw)
        return [Claim("count", subject, str(amount) if amount is not None else raw, mode, noun, cue=cue)]
    if slot == "record":
        event = " ".join(sorted(content_stems(f"{_g(m, 'k')} {_g(m, 'k2')}") - {"new", "charity", "time", "score"}))
        return [Claim("record", subject, clean_value(raw), "state", event, cue=cue)]
    if slot == "progress":
        return [Claim("progress", subject, raw, mode, key, cue=cue)]
    if slot == "duration":
        verb = stem(m.group("verb"))
        return [Claim("duration", subject, raw, mode, " ".join([verb, *sorted(content_stems(key))]), cue=cue)]
    if slot == "rate":
        thing = stem(key.split()[-1]) if key else stem(_g(m, "unit"))
        return [Claim("rate", subject, f"{raw} per {_g(m, 'per')}", mode, thing, cue=cue)]
    return []


def _one_off(predicate: str) -> bool:
    """A single past event or a trial ("tried matcha instead of coffee once"), not a new habit."""
    words = [w.lower() for w in _AUX_RE.findall(predicate)]
    words = [w for w in words if w not in ("recently", "just", "finally", "also", "now", "lately", "actually")]
    if not words or words[0] in ("has", "have", "'ve", "is", "are", "am", "had"):
        return bool(re.search(r"\b(?:try|tries|tried|trying|once|for a change)\b", predicate, re.IGNORECASE))
    if words[0] in ("started", "began", "switched", "moved", "changed", "decided", "chose", "opted", "went"):
        return False
    return bool(_PAST_FORM.match(words[0])) or bool(re.search(r"\b(?:try|tries|tried|trying|once)\b", predicate,
                                                              re.IGNORECASE))


def _act(m: re.Match[str], local: _Local, ctx: _Context) -> list[Claim]:
    verb = m.group("verb").lower()
    raw = _g(m, "v")
    subject = local.subject.name
    if verb == "used to":
        who = _g(m, "s")
        owner = _subject(who, _Context(ctx.speaker, ctx.last)) if who else None
        subject = owner.name if owner else subject
        raw = f"{raw} {_g(m, 'obj')}".strip()
    if verb == "no longer":
        if re.match(r"(?:be(?:ing)?|feels?|felt|seems?|looks?|sounds?|nervous|afraid|scared|worried|sure|alone|"
                    r"happy|sad|angry|upset|excited|interested|into|a fan|as |so |that |very |too |able|needs?|"
                    r"has to|have to)\b", raw, re.IGNORECASE):
            return []
    if verb not in ("instead of", "used to") and local.irrealis:
        return []
    if local.negated and not _NEGATION.search(m.group(0)):
        return []
    if verb == "instead of" and (local.negated or local.irrealis or _one_off(local.aux)
                                 or _IRREALIS.search(local.prefix)):
        return []
    raw = re.sub(r"^(?:be |being |want to |wants to |like to |really |just |even |ever |actually )+", "", raw.strip(),
                 flags=re.IGNORECASE)
    value = _VALUE_STOP.sub("", raw) if verb not in ("instead of",) else raw
    value = _TIME_TAIL.sub("", value).strip().lower()
    if not value:
        return []
    first = value.split()[0]
    verb_led = verb in ("no longer", "used to") or first.endswith("ing") or (
        verb not in ("instead of", "cancelled", "canceled", "called off", "scrapped", "terminated", "changed",
                     "switched", "went", "converted", "transitioned", "upgraded", "downgraded", "moved", "cut back",
                     "cut down", "stopped", "quit", "quitting", "gave up", "given up", "giving up")
        and first not in FUNCTION_WORDS)
    key = "v" if verb_led else "n"
    if verb == "instead of" and not QUALIFIER.search(value):
        # the change holds when the clause says ("tea instead of coffee in the afternoons"), unless the
        # time is what changed ("on Thursdays instead of Mondays")
        scope = QUALIFIER.findall(f"{local.aux} {local.after} {m.group(0)}")
        value = " ".join([value, *(q.lower() for q in scope if q.lower() not in value)])
    claims = [Claim("act", subject, value, "ended", key, cue=verb)]
    if _g(m, "v2"):
        claims.append(Claim("act", subject, clean_value(_g(m, "v2")), "change", "n", cue=verb))
    return claims


def _claims(frame: _Frame, m: re.Match[str], local: _Local, ctx: _Context) -> list[Claim]:
    if frame.slot == "act":
        return _act(m, local, ctx)
    mode = _mode(frame.mode, local, _g(m, "verb"))
    if mode is None:
        return []
    subject, cue = local.subject.name, local.cue
    if _STILL.search(local.aux):
        cue = "still"
    slot = frame.slot
    if slot == "residence":
        found = _place(_g(m, "v"), mode)
        claims = [Claim("residence", subject, found[1], mode, found[0], cue=cue)] if found else []
        if _g(m, "v2"):
            again = _place(_g(m, "v2"), "change")
            claims += [Claim("residence", subject, again[1], "change", again[0], cue=cue)] if again else []
        return claims
    if slot in ("role", "employer", "job"):
        return _job(slot, mode, m, subject, cue)
    if slot == "relationship":
        return _relationship(mode, m, local.subject, cue)
    if slot == "diet":
        return _diet(mode, m, subject, cue)
    if slot == "has":
        return _has(mode, m, subject, cue)
    if slot == "kept":
        key = clean_value(_g(m, "k"))
        return [Claim("kept", subject, clean_value(_g(m, "v")), mode, key, cue=cue)] if key else []
    if slot == "plan":
        value = _g(m, "v")
        if not TIMEWORD.search(value):
            return []
        key = clean_value(_g(m, "k")) or (local.subject.head or local.subject.name)
        return [Claim("plan", subject, value.lower(), "change", key, cue=m.group("verb").lower())]
    if slot in ("school", "year"):
        value = clean_value(_g(m, "v"))
        key = clean_value(_g(m, "k")) if slot == "year" else ""
        if slot == "school" and mode == "ended":
            return [Claim("school", subject, value, mode, cue=cue)]
        return [Claim(slot, subject, value, mode, key, cue=cue)] if value or mode == "change" else []
    if slot == "attribute":
        key = clean_value(_g(m, "k"))
        return [Claim("attribute", subject, clean_value(_g(m, "v")), mode, key, cue=cue)]
    if slot == "preference":
        if m.group("verb").lower() in ("prefer", "love", "enjoy") and subject != USER:
            return []
        if mode == "change" and cue not in ("now", "these days", "nowadays", "instead", "currently"):
            mode = "state"
        value = clean_value(re.split(r"\s+(?:over|rather than|more than|than|instead of|on|in|at|for|during|with|"
                                     r"when|because)\s+", _g(m, "v"), maxsplit=1, flags=re.IGNORECASE)[0])
        words = [w for w in value.split() if w not in FUNCTION_WORDS]
        return [Claim("preference", subject, value, mode, stem(words[-1]), cue=cue)] if words else []
    return _numeric(slot, mode, m, subject, cue)


# -- possessed heads: "Tim's favourite book is ...", "the user's rent went up to ..." ---------------

_FAV_HEAD = re.compile(r"^(?:new |current |all-time |absolute |first |true |old )?(?:favou?rites?|faves?|go-to|preferred)"
                       r"(?: (?P<k>[\w -]+))?$|^(?:first |true |biggest |real )?(?P<p>passion|love)$")
_ATTR_HEAD = re.compile(r"^(?:monthly |new |current )?(?P<k>rent|salary|wage|pay|phone number|number|address|email"
                        r"(?: address)?|commute|weight|age|height|budget|mortgage|bedtime|(?:[\w-]+ )?limit)$")
_RECORD_HEAD = re.compile(r"^(?:new |current |all-time )?(?:(?P<e1>[\w-]+) )?(?:personal best|pb|pr|personal record|"
                          r"highest score|high score|best score|best time|fastest time|best|record)(?: (?P<e2>[\w-]+))?"
                          r"(?: time| score)?(?: (?:in|for|at|on) (?P<k>.+))?$")
_PARTNER_HEAD = re.compile(r"^(?:new )?(?P<r>husband|wife|boyfriend|girlfriend|partner|fianc[ée]e?|spouse)"
                           r"(?: (?P<p>[a-z]+))?$")
_HOME_HEAD = re.compile(r"^(?:new )?(?:home|place|apartment|flat|house|address)$")
_JOB_HEAD = re.compile(r"^(?:new )?(?:job|work|employer|position)$")
_COPULA = re.compile(r"^\s*(?P<aux>(?:(?:now|these days|nowadays|currently|still|also|just|so far|at the moment|"
                     r"really|officially|finally|already|actually|,)\s*)*)(?P<verb>is|are|was|were|'s|has been|"
                     r"will be|went up to|went down to|rose to|increased to|jumped to|dropped to|fell to|"
                     r"decreased to|changed to|ends in|ended in|stands at|became)\s+(?P<v>[^;.!?]+)", re.IGNORECASE)
_INVERTED = re.compile(r"^(?P<v>[^,;]+?) (?P<verb>is|are|was|were) (?P<aux>(?:still |now |also |currently |"
                       r"definitely )*)(?P<o>the user|(?-i:[A-Z])\w+)(?:'s|s') (?P<h>(?:new |current |first |all-time |"
                       r"true |absolute )?(?:favou?rites?|faves?|passion|go-to \w+|favou?rite [\w -]+?))"
                       r"(?=[,;.!?]|$| and | but | because | too)", re.IGNORECASE)


_GONE = re.compile(r"^\s*(?:sadly |recently |just |finally )*(?:passed away|died|was put down|had to be put down|"
                   r"ran away|went missing|was rehomed)\b", re.IGNORECASE)


def _head_claims(np: _Subject, body: str, ctx: _Context) -> list[Claim]:
    """Claims whose slot is named by the possessed head of the subject NP."""
    if not np.head and not np.name.startswith("the "):
        return []
    if np.head and _GONE.match(body[np.end:]):
        return [Claim("has", np.owner, np.head, "ended", cue="gone")]
    m = _COPULA.match(body[np.end:])
    if not m:
        return []
    aux, verb = m.group("aux"), m.group("verb").lower()
    raw = re.split(r",(?=\s)|\s(?:but|because|so|although)\s", m.group("v"))[0]
    local = _Local(np, aux, raw)
    mode = _mode("state", local, verb)
    if verb in ("went up to", "went down to", "rose to", "increased to", "jumped to", "dropped to", "fell to",
                "decreased to", "changed to", "became"):
        mode = "change"
    if mode is None:
        return []
    if verb in ("was", "were") and re.search(r"\bbut now\b", m.group("v"), re.IGNORECASE):
        mode = "ended"
    cue = "still" if _STILL.search(aux) else local.cue
    head, owner = np.head, np.owner
    if head:
        return _possessed(head, owner, raw, mode, cue)
    return []


def _possessed(head: str, owner: str, raw: str, mode: Mode, cue: str) -> list[Claim]:
    value = clean_value(raw)
    fav = _FAV_HEAD.match(head)
    if fav:
        kind = "passion" if fav.group("p") else clean_value(fav.group("k") or "")
        return [Claim("favourite", owner, value, mode, kind, cue=cue)] if value else []
    if _ATTR_HEAD.match(head):
        return [Claim("attribute", owner, value, mode, _ATTR_HEAD.match(head).group("k"), cue=cue)]  # type: ignore[union-attr]
    rec = _RECORD_HEAD.match(head)
    if rec:
        words = " ".join(rec.group(g) or "" for g in ("e1", "e2", "k"))
        event = " ".join(sorted(content_stems(words) - {"new", "charity", "time", "score"}))
        return [Claim("record", owner, value, mode, event, cue=cue)]
    partner = _PARTNER_HEAD.match(head)
    if partner:
        status = _REL_STATUS.get(partner.group("r").replace("é", "e"), "dating")
        name = partner.group("p") or (value if raw.strip()[:1].isupper() and len(value.split()) == 1 else "")
        return [Claim("relationship", owner, status, "state", name, cue=cue)]
    if _HOME_HEAD.match(head) and re.match(r"\s*(?:in|on|at|near)\b", raw):
        found = _place(re.sub(r"^\s*(?:in|on|at|near)\s+", "", raw), mode)
        return [Claim("residence", owner, found[1], mode, found[0], cue=cue)] if found else []
    if _JOB_HEAD.match(head) and re.match(r"\s*(?:at|with|as|for)\b", raw):
        role, org = _job_parts(raw)
        return ([Claim("role", owner, role, mode, cue=cue)] if role else []) + (
            [Claim("employer", owner, org, mode, cue=cue)] if org else [])
    thing = re.search(r"\b" + _THINGS + r"$", head)
    if thing and re.match(r"\s*(?:a|an|the)?\s*\S", raw):
        cls = _CLASS.get(thing.group(0), thing.group(0))
        return [Claim("has", owner, value, mode, cls, cue=cue)] if value else []
    return []


def _inverted(chunk: str, ctx: _Context) -> list[Claim]:
    """"Harry Potter is still Tim's favourite book" / "Acting was Joanna's first passion, but now ..."."""
    m = _INVERTED.match(chunk.strip())
    if not m:
        return []
    owner = _subject(m.group("o"), ctx)
    if owner is None:
        return []
    value = clean_value(m.group("v"))
    verb = m.group("verb").lower()
    mode: Mode = "state"
    if verb in ("was", "were"):
        mode = "ended" if re.search(r"\bbut now\b", chunk, re.IGNORECASE) else "past"
    cue = "still" if "still" in m.group("aux").lower() else ("now" if "now" in m.group("aux").lower() else "")
    head = m.group("h").lower()
    fav = _FAV_HEAD.match(head) or _FAV_HEAD.match(re.sub(r"^(?:new|current|first|all-time|true|absolute) ", "", head))
    if not fav or not value:
        return []
    kind = "passion" if fav.group("p") else clean_value(fav.group("k") or "")
    return [Claim("favourite", owner.name, value, mode, kind, cue=cue)]


# -- reading a memory ------------------------------------------------------------------------------


def _clause_flags(body: str, np: _Subject | None) -> tuple[bool, bool]:
    """``(asserted, past)`` for matching an ended act against this sentence."""
    pred = body[np.end:] if np is not None else body
    if _NEGATION.search(pred) or re.search(r"\b(?:[Ii]f|[Ww]hether|might|may|could|would|should|maybe|perhaps)\b",
                                           pred):
        return False, False
    words = _AUX_RE.findall(pred)
    lead = [w.lower() for w in words[:3]]
    perfect = any(w in ("has", "have", "'ve", "is", "are", "am", "will") for w in lead[:2])
    past = not perfect and bool(lead) and bool(_PAST_FORM.match(lead[0]) or lead[0] in ("was", "were", "had"))
    return True, past


@dataclass(frozen=True, slots=True)
class Sentence:
    """What one asserted sentence of a memory says: its subject, claims, and (for ended acts) its
    word stems, whether it is asserted (not negated, not hypothetical) and whether it is past."""

    subject: str
    owner: str
    stems: frozenset[str]
    claims: tuple[Claim, ...]
    asserted: bool
    past: bool
    text: str


def read(text: str) -> list[Sentence]:
    """The asserted sentences of a memory and the slot claims each makes."""
    ctx = _Context(None)
    out: list[Sentence] = []
    for speaker, raw in _sentences(text.replace("’", "'")):
        if speaker == "the assistant":
            continue
        if speaker:
            ctx.speaker, ctx.last = speaker, speaker
        body = raw.strip()
        np = _subject(body, ctx)
        claims: list[Claim] = []
        for frame in FRAMES:
            for m in frame.pattern.finditer(body):
                local = _locate(body, m.start(), m.end(), np, ctx, frame.lenient)
                if local is not None:
                    claims.extend(_claims(frame, m, local, ctx))
        chunks = [(0, body)] + [(b.end(), body[b.end():]) for b in _BOUNDARY.finditer(body)]
        for start, chunk in chunks:
            sub = np if start == 0 else _subject(chunk, ctx, offset=start)
            if sub is not None:
                claims.extend(_head_claims(sub, body, ctx))
            claims.extend(_inverted(chunk, ctx))
        asserted, past = _clause_flags(body, np)
        subject = np.name if np else (ctx.last or "")
        owner = np.owner if np else subject
        out.append(Sentence(subject, owner, content_stems(body), tuple(dict.fromkeys(claims)), asserted, past, body))
    return out
