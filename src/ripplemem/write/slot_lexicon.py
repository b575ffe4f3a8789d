"""The words the slot grammar reads (``write.slots``): what makes a sentence irrealis or
negated, what stands between a subject and its verb, the classes of things owned, kept and
eaten, and how a stated value is cleaned, counted and stemmed. Plain data and small pure
functions; the claim record and its modes are here too, so that every part of the grammar
can name them."""

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
MODAL = {"might", "may", "could", "would", "should", "can", "cannot", "must", "shall", "'d", "will", "'ll",
          "won't", "wont", "wouldn't", "shouldn't", "couldn't", "can't"}
IRREALIS = re.compile(
    r"\b(?:if|whether|unless|wants? to|wanted to|hopes? to|hoping to|plans? to|planning to|planned to|"
    r"going to|gonna|thinking (?:of|about)|thinks?|considering|considers?|wonder(?:s|ing)?|wish(?:es)?|"
    r"trying to|tries to|try(?:ing)?|needs? to|has to|have to|about to|dreams? of|(?-i:may)|might|"
    r"could|would|should|can|cannot|can't|will|'ll|won't|must|imagine|decid(?:e|es|ed|ing) (?:to|whether)|"
    r"likely|unlikely|probably|maybe|perhaps|worried about|afraid of|scared of|nervous about|ready to|"
    r"sure|not sure|asked|asks|asking|suggest(?:s|ed)?|recommend(?:s|ed)?|advised?|told)\b", re.IGNORECASE)
NEGATION = re.compile(rf"\b{_NEG}\b|n't\b", re.IGNORECASE)
AUX_WORDS = {
    "is", "are", "am", "was", "were", "be", "been", "being", "has", "have", "had", "'s", "'ve", "'m", "'re",
    "does", "do", "did", "just", "now", "recently", "finally", "also", "still", "currently", "already",
    "actually", "really", "officially", "then", "eventually", "even", "only", "happily", "newly", "lately",
    "and", "so", "since", "after", "because", "when", "as", "both", "together", "all", "who", "ever", "truly",
    "definitely", "proudly", "sadly", "unfortunately", "suddenly", "apparently", "basically", "mostly",
}
DISCOURSE = re.compile(
    r"^(?:(?:by the way|btw|also|actually|anyway|oh|well|so|and|but|plus|now|these days|nowadays|lately|"
    r"recently|finally|guess what|good news|sadly|unfortunately|in the end|at last|meanwhile|since then|"
    r"on another note|speaking of which|as of now|for now|at the moment|right now|last (?:week|month|year)|"
    r"this (?:week|month|year)|in [a-z]+ \d{4}|on \d{1,2} [a-z]+ \d{4}|yesterday|today)[,:]?\s+)+",
    re.IGNORECASE)
CHANGE_CUE = re.compile(r"\b(?:now|these days|nowadays|instead|anymore|any more|again|no longer|switched|"
                         r"changed|new|currently|at the moment|right now|so far|just)\b", re.IGNORECASE)
STILL = re.compile(r"\bstill\b", re.IGNORECASE)
CAPWORD_STOP = {
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
SPEAKER = re.compile(r"(?:(?<=^)|(?<=[.!?]\s))(?P<who>[Tt]he user|[Tt]he assistant|[A-Z][\w'’-]+(?: [A-Z][\w'’-]+)?)"
                      r" (?P<verb>said|asked|replied|added|wrote|answered|shared):\s*")
ABBREV = re.compile(r"(?:\b(?:St|Dr|Mr|Mrs|Ms|Jr|Sr|Mt|vs|etc|No|Co|Inc|Ltd|approx|e\.g|i\.e|U\.S|a\.m|p\.m)|\b[A-Z])\.$")

_NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40,
    "fifty": 50, "hundred": 100, "dozen": 12, "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5,
    "sixth": 6, "final": 99, "last": 99, "once": 1, "twice": 2,
}
PETS = r"(?:dogs?|pups?|puppy|puppies|cats?|kitty|kitten|kittens|parrots?|birds?|rabbits?|bunny|hamsters?|guinea pigs?|turtles?|tortoises?|fish|goldfish|horses?|snakes?|lizards?|ferrets?|chickens?|guppies)"
THINGS = (r"(?:car|truck|van|motorbike|motorcycle|bike|bicycle|scooter|phone|smartphone|iphone|laptop|computer|"
           r"pc|tablet|ipad|camera|watch|tv|television|console|boat|sailboat|house|flat|condo|apartment|piano|"
           r"guitar|violin|headphones|printer|kindle|e-reader|subscription|membership|gym membership)")
CLASS = {"truck": "car", "van": "car", "motorbike": "motorcycle", "bicycle": "bike", "smartphone": "phone",
          "iphone": "phone", "pc": "computer", "ipad": "tablet", "television": "tv", "sailboat": "boat",
          "e-reader": "kindle"}
OCCUPATIONS = (
    r"(?:nurse|teacher|doctor|physician|surgeon|dentist|lawyer|attorney|accountant|banker|engineer|developer|"
    r"programmer|designer|architect|manager|analyst|consultant|chef|cook|baker|barista|waiter|waitress|"
    r"bartender|cashier|pharmacist|therapist|counselor|counsellor|psychologist|social worker|scientist|"
    r"researcher|professor|lecturer|librarian|journalist|writer|editor|photographer|artist|musician|"
    r"electrician|plumber|mechanic|carpenter|firefighter|police officer|paramedic|pilot|driver|"
    r"receptionist|secretary|assistant|clerk|salesperson|realtor|real estate agent|veterinarian|vet|"
    r"student|intern|freelancer|entrepreneur|tutor|coach|trainer|technician|officer|director|"
    r"ceo|cto|founder|owner|administrator|specialist|coordinator|representative|agent|worker)")
DIET_WORDS = {"vegan": {0}, "plant-based": {0}, "vegetarian": {1}, "veggie": {1}, "pescatarian": {2},
               "pescetarian": {2}, "omnivore": {3}}
DIET_FOOD = {"meat": {3}, "chicken": {3}, "beef": {3}, "pork": {3}, "steak": {3}, "bacon": {3}, "fish": {2, 3},
              "seafood": {2, 3}, "eggs": {1, 2, 3}, "cheese": {1, 2, 3}, "dairy": {1, 2, 3}}
REL_STATUS = {"single": "single", "married": "married", "engaged": "engaged", "divorced": "divorced",
               "separated": "separated", "widowed": "widowed", "dating": "dating", "seeing": "dating",
               "in a relationship": "dating", "boyfriend": "dating", "girlfriend": "dating", "partner": "dating",
               "husband": "married", "wife": "married", "fiance": "engaged", "fiancé": "engaged",
               "fiancee": "engaged", "fiancée": "engaged", "spouse": "married"}

# -- values ------------------------------------------------------------------------------------

MONTHS = r"(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)"
TIME_TAIL = re.compile(
    rf"(?<=\S)(?:\s*,)?\s+(?:(?:on|in|since|by|from|until|at|during|around)\s+(?:the\s+)?(?:week of\s+)?"
    rf"(?:\d{{1,2}}(?:st|nd|rd|th)?\s+{MONTHS}|{MONTHS}(?:\s+\d{{1,2}}(?:st|nd|rd|th)?)?|\d{{4}}|spring|summer|autumn|fall|winter|"
    rf"monday|tuesday|wednesday|thursday|friday|saturday|sunday|the (?:morning|evening|afternoon))\b|"
    r"last (?:week|month|year|night|weekend|time)|this (?:week|month|year|weekend|morning)|next (?:week|month|year)|"
    r"yesterday|today|tonight|recently|a (?:few )?(?:days?|weeks?|months?|years?) ago|\w+ (?:days?|weeks?|months?|years?) ago|"
    r"ago|now|again|instead|anymore|any more|these days|nowadays|at the moment|right now|so far|already|"
    r"after all|for now|for good|yet|too|as well)\b.*$", re.IGNORECASE)
VALUE_STOP = re.compile(
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
    v = VALUE_STOP.sub("", v)
    v = TIME_TAIL.sub("", v)
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


IRREGULAR = {
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
    if w in IRREGULAR:
        w = IRREGULAR[w]
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
