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

from .slot_clauses import (
    AUX_RE,
    BOUNDARY,
    PAST_FORM,
    Context,
    Local,
    Subject,
    clause_mode,
    locate_verb,
    said_sentences,
    subject_of,
)
from .slot_frames import DWELLING, FRAMES, QUALIFIER, TIMEWORD, Frame
from .slot_lexicon import (
    CAPWORD_STOP,
    CLASS,
    DIET_FOOD,
    DIET_WORDS,
    FUNCTION_WORDS,
    IRREALIS,
    NEGATION,
    PETS,
    REL_STATUS,
    STILL,
    THINGS,
    TIME_TAIL,
    USER,
    VALUE_STOP,
    Claim,
    Mode,
    clean_value,
    content_stems,
    number_of,
    stem,
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
    names = re.findall(r"(?-i:[A-Z][\w'-]*(?: (?:[A-Z][\w'-]*|of\b|de\b|la\b|upon\b))*)", VALUE_STOP.sub("", raw))
    names = [n for n in names if n.lower() not in CAPWORD_STOP]
    if names:
        return "place", " ".join(names).lower()
    if DWELLING.search(value):
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


def _relationship(mode: Mode, m: re.Match[str], subject: Subject, cue: str) -> list[Claim]:
    verb, raw = m.group("verb").lower(), _g(m, "v").lower()
    if subject.head and _PARTNER_HEAD.match(subject.head):
        subject = Subject(subject.owner, subject.owner, "", subject.end, subject.head)
    partner = (_g(m, "p") or (subject.partner if subject.partner[:1].isupper() else "")).lower()
    if mode == "ended" or verb in ("broke up", "split up", "called off", "broke off", "ended"):
        return [Claim("relationship", subject.name, "single", "change", partner, cue=verb)]
    if verb in ("had", "held", "celebrated", "married"):
        status = "married"
    elif raw == "not in a relationship":
        status = "single"
    else:
        status = REL_STATUS.get(raw) or REL_STATUS.get(raw.split()[0], "dating")
    return [Claim("relationship", subject.name, status, mode, partner, cue=cue)]


def _diet(mode: Mode, m: re.Match[str], subject: str, cue: str) -> list[Claim]:
    raw, verb = _g(m, "v").lower(), m.group("verb").lower()
    if raw in _DIET_PLANS:
        return [Claim("diet-plan", subject, raw, mode, cue=cue)]
    if raw in DIET_WORDS:
        levels = frozenset(DIET_WORDS[raw])
    else:
        foods = re.findall(r"meat|chicken|beef|pork|steak|bacon|fish|seafood|eggs|cheese|dairy|animal products", raw)
        levels = _ALL_LEVELS
        for food in foods:
            levels = levels & frozenset(DIET_FOOD.get(food, {3}))
        if verb in ("does not", "doesn't", "do not", "don't", "never"):
            levels = _ALL_LEVELS - frozenset().union(*(DIET_FOOD.get(f, {3}) for f in foods))
    if verb in ("became", "become", "went", "turned"):
        mode = "change"
    if mode == "ended":
        levels, mode = _ALL_LEVELS - levels, "change"
    return [Claim("diet", subject, _levels(levels), mode, cue=cue)] if levels else []


def _has(mode: Mode, m: re.Match[str], subject: str, cue: str) -> list[Claim]:
    verb, key = m.group("verb").lower(), _g(m, "k").lower()
    if re.fullmatch(PETS, key or "-"):
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
    cls = CLASS.get(key, key) if key else ("car" if verb.startswith(("driv", "drove")) else "")
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
    words = [w.lower() for w in AUX_RE.findall(predicate)]
    words = [w for w in words if w not in ("recently", "just", "finally", "also", "now", "lately", "actually")]
    if not words or words[0] in ("has", "have", "'ve", "is", "are", "am", "had"):
        return bool(re.search(r"\b(?:try|tries|tried|trying|once|for a change)\b", predicate, re.IGNORECASE))
    if words[0] in ("started", "began", "switched", "moved", "changed", "decided", "chose", "opted", "went"):
        return False
    return bool(PAST_FORM.match(words[0])) or bool(re.search(r"\b(?:try|tries|tried|trying|once)\b", predicate,
                                                              re.IGNORECASE))


def _act(m: re.Match[str], local: Local, ctx: Context) -> list[Claim]:
    verb = m.group("verb").lower()
    raw = _g(m, "v")
    subject = local.subject.name
    if verb == "used to":
        who = _g(m, "s")
        owner = subject_of(who, Context(ctx.speaker, ctx.last)) if who else None
        subject = owner.name if owner else subject
        raw = f"{raw} {_g(m, 'obj')}".strip()
    if verb == "no longer":
        if re.match(r"(?:be(?:ing)?|feels?|felt|seems?|looks?|sounds?|nervous|afraid|scared|worried|sure|alone|"
                    r"happy|sad|angry|upset|excited|interested|into|a fan|as |so |that |very |too |able|needs?|"
                    r"has to|have to)\b", raw, re.IGNORECASE):
            return []
    if verb not in ("instead of", "used to") and local.irrealis:
        return []
    if local.negated and not NEGATION.search(m.group(0)):
        return []
    if verb == "instead of" and (local.negated or local.irrealis or _one_off(local.aux)
                                 or IRREALIS.search(local.prefix)):
        return []
    raw = re.sub(r"^(?:be |being |want to |wants to |like to |really |just |even |ever |actually )+", "", raw.strip(),
                 flags=re.IGNORECASE)
    value = VALUE_STOP.sub("", raw) if verb not in ("instead of",) else raw
    value = TIME_TAIL.sub("", value).strip().lower()
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


def _claims(frame: Frame, m: re.Match[str], local: Local, ctx: Context) -> list[Claim]:
    if frame.slot == "act":
        return _act(m, local, ctx)
    mode = clause_mode(frame.mode, local, _g(m, "verb"))
    if mode is None:
        return []
    subject, cue = local.subject.name, local.cue
    if STILL.search(local.aux):
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


def _head_claims(np: Subject, body: str, ctx: Context) -> list[Claim]:
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
    local = Local(np, aux, raw)
    mode = clause_mode("state", local, verb)
    if verb in ("went up to", "went down to", "rose to", "increased to", "jumped to", "dropped to", "fell to",
                "decreased to", "changed to", "became"):
        mode = "change"
    if mode is None:
        return []
    if verb in ("was", "were") and re.search(r"\bbut now\b", m.group("v"), re.IGNORECASE):
        mode = "ended"
    cue = "still" if STILL.search(aux) else local.cue
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
        status = REL_STATUS.get(partner.group("r").replace("é", "e"), "dating")
        name = partner.group("p") or (value if raw.strip()[:1].isupper() and len(value.split()) == 1 else "")
        return [Claim("relationship", owner, status, "state", name, cue=cue)]
    if _HOME_HEAD.match(head) and re.match(r"\s*(?:in|on|at|near)\b", raw):
        found = _place(re.sub(r"^\s*(?:in|on|at|near)\s+", "", raw), mode)
        return [Claim("residence", owner, found[1], mode, found[0], cue=cue)] if found else []
    if _JOB_HEAD.match(head) and re.match(r"\s*(?:at|with|as|for)\b", raw):
        role, org = _job_parts(raw)
        return ([Claim("role", owner, role, mode, cue=cue)] if role else []) + (
            [Claim("employer", owner, org, mode, cue=cue)] if org else [])
    thing = re.search(r"\b" + THINGS + r"$", head)
    if thing and re.match(r"\s*(?:a|an|the)?\s*\S", raw):
        cls = CLASS.get(thing.group(0), thing.group(0))
        return [Claim("has", owner, value, mode, cls, cue=cue)] if value else []
    return []


def _inverted(chunk: str, ctx: Context) -> list[Claim]:
    """"Harry Potter is still Tim's favourite book" / "Acting was Joanna's first passion, but now ..."."""
    m = _INVERTED.match(chunk.strip())
    if not m:
        return []
    owner = subject_of(m.group("o"), ctx)
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


def _clause_flags(body: str, np: Subject | None) -> tuple[bool, bool]:
    """``(asserted, past)`` for matching an ended act against this sentence."""
    pred = body[np.end:] if np is not None else body
    if NEGATION.search(pred) or re.search(r"\b(?:[Ii]f|[Ww]hether|might|may|could|would|should|maybe|perhaps)\b",
                                           pred):
        return False, False
    words = AUX_RE.findall(pred)
    lead = [w.lower() for w in words[:3]]
    perfect = any(w in ("has", "have", "'ve", "is", "are", "am", "will") for w in lead[:2])
    past = not perfect and bool(lead) and bool(PAST_FORM.match(lead[0]) or lead[0] in ("was", "were", "had"))
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
    ctx = Context(None)
    out: list[Sentence] = []
    for speaker, raw in said_sentences(text.replace("’", "'")):
        if speaker == "the assistant":
            continue
        if speaker:
            ctx.speaker, ctx.last = speaker, speaker
        body = raw.strip()
        np = subject_of(body, ctx)
        claims: list[Claim] = []
        for frame in FRAMES:
            for m in frame.pattern.finditer(body):
                local = locate_verb(body, m.start(), m.end(), np, ctx, frame.lenient)
                if local is not None:
                    claims.extend(_claims(frame, m, local, ctx))
        chunks = [(0, body)] + [(b.end(), body[b.end():]) for b in BOUNDARY.finditer(body)]
        for start, chunk in chunks:
            sub = np if start == 0 else subject_of(chunk, ctx, offset=start)
            if sub is not None:
                claims.extend(_head_claims(sub, body, ctx))
            claims.extend(_inverted(chunk, ctx))
        asserted, past = _clause_flags(body, np)
        subject = np.name if np else (ctx.last or "")
        owner = np.owner if np else subject
        out.append(Sentence(subject, owner, content_stems(body), tuple(dict.fromkeys(claims)), asserted, past, body))
    return out
