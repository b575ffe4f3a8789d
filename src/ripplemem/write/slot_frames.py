"""The verb frames of the slot grammar (``write.slots``): English predicates over one slot of
a subject (where someone lives, works, studies; who they are with; what they eat, own, keep
where, plan, prefer, do by habit; how many or how far), each with the mode it claims when
nothing but adverbs stands before its verb."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .slot_lexicon import MONTHS, OCCUPATIONS, PETS, THINGS, Mode


@dataclass(frozen=True, slots=True)
class Frame:
    slot: str
    mode: Mode
    pattern: re.Pattern[str]
    lenient: bool = False  # the verb may follow a full predicate ("... instead of X")


def _f(slot: str, mode: Mode, pattern: str, lenient: bool = False) -> Frame:
    return Frame(slot, mode, re.compile(pattern, re.IGNORECASE), lenient)


_V = r"(?P<v>[^,;.!?]+)"
# the class word ends its noun phrase ("a new bike", not "a new bike helmet" or "the car's mats")
_NP_END = (r"(?=\s*(?:[,.;:!?)]|$)|\s+(?:and|but|or|with|for|from|at|in|on|to|that|which|named|called|because|so|"
           r"last|this|yesterday|today|recently|now|again|instead|after|before|since|a|an|the|is|was|has|had|"
           r"it|which)\b)")
DWELLING = re.compile(r"\b(?:apartment|flat|house|home|place|studio|condo|loft|dorm|room|neighbou?rhood|city|town|"
                       r"village|country|state|suburbs?|downtown|area|parents)\b", re.IGNORECASE)
TIMEWORD = re.compile(rf"\b(?:(?:next |this |last |coming |the following )?(?:{MONTHS}|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|\d{{1,2}}(?:st|nd|rd|th)?|"
                       r"next (?:week|month|year)|tomorrow|tonight|weekend|spring|summer|autumn|fall|winter|"
                       r"morning|evening|afternoon|noon|\d{1,2}(?::\d\d)? ?(?:am|pm))\b", re.IGNORECASE)

QUALIFIER = re.compile(r"\b(?:mornings?|afternoons?|evenings?|nights?|weekends?|weekdays?|mondays?|tuesdays?|"
                       r"wednesdays?|thursdays?|fridays?|saturdays?|sundays?|breakfast|lunch|dinner|commute)\b",
                       re.IGNORECASE)

FRAMES: tuple[Frame, ...] = (
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
    _f("role", "change", r"\b(?P<verb>became|becomes|become) (?:a|an) (?P<v>(?:[\w-]+ ){0,2}?" + OCCUPATIONS + r")\b"),
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
                       r"(?P<k>" + PETS + r")\b(?P<v>[^.;!?]*)"),
    _f("has", "state", r"\b(?P<verb>has|have|had|owns?|owned|drives?|driving|drove|uses?|using|rides?|shoots with|"
                       r"bought|buys|purchased) (?:a |an |the |one |his |her |their |my )?(?P<v>(?:(?!been\b|to\b|"
                       r"being\b|access\b|wanting\b|got\b)[\w-]+ ){0,3}?"
                       r"(?P<k>" + THINGS + r")\b" + _NP_END + r"|(?:\d{4} )?(?-i:[A-Z][\w-]*)(?: (?-i:[A-Z0-9][\w-]*)){0,3})"),
    _f("has", "change", r"\b(?P<verb>bought|got|purchased|picked up|ordered|has) (?:a |an |him |her |himself |herself )?"
                        r"(?:brand[- ])?new (?P<k>" + THINGS + r")\b" + _NP_END + r"(?:,? (?:a |an |the )?(?P<v>(?-i:[A-Z0-9])[^,;.!?]*))?"),
    _f("has", "change", r"\b(?P<verb>replaced) (?:the |his |her |their |my )?(?:old )?(?P<k>" + THINGS +
                        r")\b" + _NP_END + r"(?: with (?:a |an )?(?P<v>[^,;.!?]+))?"),
    _f("has", "ended", r"\b(?P<verb>sold|sells|selling|gave away|given away|donated|got rid of|get rid of|getting rid of|"
                       r"threw out|threw away|traded in|rehomed|said goodbye to|say goodbye to|put down|"
                       r"lost (?=(?:the |his |her |their |my |our )?(?:[\w-]+ )?" + PETS + r"\b))"
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
                         rf"twenty|thirty|forty|fifty)(?!\s+(?:{MONTHS}|days?|weeks?|months?|years?|hours?|minutes?)\b)"
                         r"(?: (?P<unit>dozen|hundred|thousand))? (?P<k>(?:[\w&'-]+ ){0,2}?"
                         r"[\w&'-]+?)(?=\s+(?:on|in|at|from|as|with|to|for|so far|now|already|stocked)\b|$|[,;.!?])"),
    _f("count", "state", r"\b(?P<verb>is|are|am) (?:now )?(?:close to|nearly at|almost at|at|up to) (?P<v>\d[\d,.]*k?)"
                         r" (?P<k>[\w&'-]+)"),
    _f("count", "state", r"\b(?:has|have|'ve) (?:already |now |so far |just )?(?!been\b|gained\b|added\b|lost\b|"
                         r"dropped\b|shed\b)(?P<verb>[a-z]+(?:ed|en|ne|wn|rn|"
                         r"ot|ught|ead|ied)) (?:(?P<pre>(?:[\w'&-]+ ){0,6}?[\w'&-]+) )?(?P<v>\d[\d,.]*|two|three|four|five|"
                         r"six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty)"
                         rf"(?!\s+(?:{MONTHS}|days?|weeks?|months?|years?|hours?|minutes?)\b) "
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
