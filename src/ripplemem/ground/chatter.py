"""Chatter: is a sentence (or a turn) content, or a pleasantry that carries no memory? Pure.

Built from the structure of English dialogue acts, not from any dataset's wording:

- **phatic formulas**: greetings ("Hey! Good to see you!"), closings ("Talk soon!", "I'll let
  you go", "Let me know"), thanks and their answers ("Thanks!", "No worries", "Anytime"),
  wellbeing and lead-in questions ("How are you?", "What's new?", "How about you?"),
  acknowledgements ("Sounds good", "Got it", "Fair enough");
- **interjections** and **fillers** ("Wow", "Haha", "Ugh", ":)", "Continue");
- **bare reactions**: evaluations, praise, sympathy and encouragement that introduce no new
  referent ("That's awesome!", "You're so brave, keep it up!", "Sorry to hear that",
  "Ugh, Mondays.");
- **follow-up questions with no referent** ("How did it go?", "What happened?");
- **bare fragments** that react to what the other speaker just told: a verbless phrase of a
  few common words that names nothing new ("Ha, legend.", "Poor thing.", "Chaos here.",
  "Nine! The audacity." after "... found nine"), opening a turn that states nothing else.

A sentence is a pleasantry when, once vocatives ("Thanks, **Nate**!"), interjections and the
formulas above are set aside, every word left belongs to a closed or evaluative class:
function words, evaluative adjectives and degree adverbs, affect and social verbs ("love",
"hope", "sound", "keep"), and nouns that refer to no thing in the world ("stuff", "one",
"day", "support", "kind words"). A name, a number or a time always makes it content. Other
words make it content too, except in two frames where English carries no new referent:

- a **reaction** that evaluates what was heard ("**Winning** a tough **game** must have been so
  thrilling!", "Your **studio** is gonna make a huge difference"): an evaluative word, no
  more than a few other words, not about the speaker ("I went", "my dog"; but "I'm so glad
  ...", "I hope ..." speak to the listener), no narration in the past tense (but "you did
  great"), and nothing introduced by "a"/"an" ("a **puppy**") or opening it (a name, a request);
- a **follow-up question** whose only other words are verbs ("How did they **react**?"): a
  noun asks about something ("Wow, you got a puppy? What **breed**?" is content; "That's
  awesome!" is not), and so does a question that opens with "where", "when", "which" or
  "how long/many/much" ("So, **where** are you going to stay?": the answer is a fact).

With the other speaker's turn just before (``previous``), words it used are no news in a
reaction ("I ran a charity race." -> "That charity race sounds great!"), and a reply to its
question is an answer, judged strictly ("Ever been to one?" -> "Nope, never."). The rules err
towards content: a pleasantry kept costs a little budget, a fact dropped is lost.

With a spaCy ``Doc`` (or ``Span``) whose tokens carry part-of-speech tags, an unknown word
tagged as an adjective, adverb or interjection counts as evaluative, a proper noun or number
as content, a verb as a verb; without tags (the NER-only pipeline) the rules read the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from .pipeline import lemma_bases, verb_bases
from .sentences import split_sentences

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span

Act = Literal["content", "greeting", "closing", "thanks", "phatic_question", "reaction", "filler"]
ACTS: tuple[Act, ...] = ("content", "greeting", "closing", "thanks", "phatic_question", "reaction", "filler")


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# ---------------------------------------------------------------- word classes

FUNCTION_WORDS = _words(
    """a an the this that these those there here it its it's itself this's that's there's here's
    i i'm i've i'd i'll me my mine myself we we're we've we'd we'll us our ours ourselves let's lets
    you you're you've you'd you'll your yours yourself yourselves ya y'all u ur
    he he's he'd he'll him his himself she she's she'd she'll her hers herself
    they they're they've they'd they'll them 'em em their theirs themselves one's
    who who's whom whose what what's whats which where where's when when's why why's how how's
    is isn't are aren't was wasn't were weren't be been being am ain't 's 're 've 'd 'll 'm
    do does did doing done don't doesn't didn't have has had having haven't hasn't hadn't
    will won't would wouldn't can can't cannot could couldn't should shouldn't shall may might must
    gonna wanna gotta gotten
    and or but nor so yet if then than because cause cuz as though although while whether
    of to in on at by for with without about from into onto out up down off over under again
    through after before around along across like unlike till until since ago
    not no never always ever just only even still already yet also too either neither else
    now today then soon later once twice anymore much many more most less least few lot lots ton tons
    others someone's everyone's
    some any all every each both other another such same own enough
    something anything everything nothing someone anyone everyone everybody somebody nobody
    people folks guys anyway anyways though sometimes often usually lately recently however away
    during throughout within among toward towards upon beside besides beyond against despite instead
    forward ahead back afterwards sometime someday somewhere anywhere everywhere nowhere further
    otherwise almost nearly rather"""
)
# Adjectives that describe no particular thing: "something new", "a little bit".
PLAIN_ADJECTIVES = _words(
    """new old little small different whole certain usual other
    red orange yellow green blue purple pink brown black white gray grey"""  # a photo's colours
)
INTERJECTIONS = _words(
    """hey hi hello hiya howdy yo heya hey-hey sup wassup greetings
    wow whoa woah woo woohoo wohoo yay yippee hooray hurray yahoo yeehaw
    oh ohh ooh oooh ah ahh aha aw aww ugh argh ew eww oops whoops phew hmm hm mm mmm um umm uh er erm
    mhm uh-huh huh ha hah haha hahaha hehe heh lol lmao rofl omg omfg gosh geez jeez golly dang darn
    damn oof ouch yikes welp meh eh yum yummy mmm yup yep yeah yea ya yah yes yess aye sure
    no nope nah nay ok okay k kk alright aight right well so hm
    bye goodbye byebye cya ttyl laters ciao cheerio toodles adios cheers congrats congratulations bravo kudos hooray
    please pls plz thx ty tysm btw fyi tbh imo imho idk ikr smh xoxo xo gg x xx xxx"""
)
# Adjectives (and a few nouns) of evaluation and feeling: what a reaction says of what it heard.
EVALUATIVE = _words(
    """good great cool nice awesome amazing wonderful fantastic fabulous terrific excellent incredible
    impressive brilliant superb lovely beautiful gorgeous stunning pretty cute sweet adorable neat
    fun funny hilarious interesting fascinating exciting excited thrilling thrilled exhilarating
    inspiring inspired inspirational motivating motivated motivational encouraging uplifting touching
    moving heartwarming heartfelt special perfect wild crazy insane epic rad dope fab fine
    unreal unbelievable remarkable outstanding phenomenal spectacular marvelous marvellous delightful
    pleasant wholesome magical breathtaking refreshing relaxing peaceful calming soothing deep
    tough hard rough sad awful terrible horrible bad scary frustrating annoying stressful unfortunate
    heartbreaking devastating upsetting disappointing bummer shame pity
    brave strong talented gifted skilled smart clever wise kind generous thoughtful caring supportive
    dedicated determined passionate creative resilient positive focused
    proud glad happy happier thrilled stoked pumped psyched delighted grateful thankful blessed lucky
    sorry bummed relieved impressed jealous envious honored honoured touched moved
    true right correct fair real valid important key vital crucial essential meaningful rewarding
    fulfilling valuable worthwhile worth powerful huge massive best better worse worst
    easier harder tougher greater nicer cooler
    delicious yummy tasty priceless vivid bold bright fancy cozy colorful colourful vibrant elegant
    busy curious typical classic predictable"""
)
# Degree, stance and hedging adverbs: they grade an evaluation and add nothing of their own.
DEGREE = _words(
    """really so very super totally absolutely completely truly quite extremely incredibly definitely
    seriously honestly literally certainly surely clearly obviously especially simply deeply
    greatly highly well sure indeed exactly precisely kinda sorta big
    actually basically probably maybe perhaps hopefully luckily fortunately unfortunately
    sooo soooo alot together"""
)
# Terms of address: "Oh man", "Thanks, buddy!".
ADDRESS = _words("man dude bro buddy pal mate girl guys friend friends fam dear hun honey sweetie")
SOCIAL_VERBS = _words(
    """thank thanks thanked appreciate appreciates appreciated love loves loved loving adore adored
    like likes liked enjoy enjoys enjoyed enjoying hope hopes hoped hoping wish wishes wished wishing
    agree agrees agreed bet guess guessed think thinks thought know knows knew known mean means meant
    say says said tell tells told hear hears heard hearing see sees seen saw seeing look looks looked
    looking sound sounds sounded seem seems seemed feel feels felt feeling keep keeps kept keeping
    go goes going gone went get gets got getting give gives gave given make makes made making
    take takes took taken care cares cared catch talk talks talked talking chat chats chatted chatting
    speak speaking share shares shared sharing help helps helped helping support supports supported
    supporting cheer cheering rock rocks rocked believe believes believed wait waiting happen happens
    happened happening stay stays stayed staying reach try tries tried trying want wants wanted
    need needs needed imagine understand understood matter matters mattered inspire inspires
    motivate motivates encourage encourages push pushing let come comes came coming put
    do does did doing done be is was are were sounds seems
    congratulate remind reminds reminded remember miss missed exist deserve deserves"""
)
# Nouns that refer to no thing in the world: the conversation itself, its feelings and
# its evaluations. A memory about "the support" or "one" is no memory.
EMPTY_NOUNS = _words(
    """thing things stuff one ones bit way ways time times day moment moments news idea ideas questions
    color colors colour colours
    experience life world words word support encouragement kindness positivity help advice tip tips
    chat talk convo conversation difference effort efforts progress success luck fun vibe vibes
    energy feelings feeling emotions emotion heart memories memory journey challenge challenges dream dreams
    inspiration motivation passion reminder sense point deal kind sort type work topic part
    friendship supporter supporters teamwork courage hope joy happiness peace gratitude
    pleasure honor honour pride
    mondays tuesdays wednesdays thursdays fridays saturdays sundays weekends"""
)
# Words that anchor a sentence in time: content even inside a reaction ("See you tomorrow!").
TIME_WORDS = _words(
    """yesterday tomorrow tonight morning afternoon evening night weekend week month year decade monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur
    thurs fri sat sun christmas easter thanksgiving"""
)
NUMBER_WORDS = _words(
    """two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen
    seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand
    million billion dozen half second third fourth fifth sixth seventh eighth ninth tenth"""
)
MONTHS = _words("january february march april may june july august september october november december")
_MONTH_NAMES = frozenset(m.capitalize() for m in MONTHS)  # "May" is a month only when capitalised
# A first-person subject followed by one of these speaks to the listener, not about oneself.
_AFFECT = _words(
    """glad happy sorry proud hope hoping bet think thought agree wish guess know knew sure can't cannot
    appreciate appreciated understand imagine impressed feel here"""
)
STANCE = _words("hope hoping wish wishing bet sure glad proud impressed appreciate enjoy")  # evaluative acts
_FIRST_PERSON = _words("i i'm i've i'd i'll me we we're we've we'd we'll my our mine ours myself ourselves")
_LIKING = _words("love like adore")
_ME_AFTER = _words("let lemme to for with tell thank thanks help helping about like of remind reminds show in on")
_VERB_AFTER = _words(
    """i you we they he she it to do does did don't didn't doesn't will would can could should might must
    is was are were be been being am have has had 's 're 've it's that's you're they're we're
    may won't wouldn't can't couldn't shouldn't you'll we'll they'll i'll it'll you'd we'd they'd
    gonna wanna gotta not never just really always also even still already let's lets and"""
)
_YES_NO = _words("yes yeah yep yup yea no nope nah definitely absolutely sure certainly never")
# Past forms: a statement in the past tense narrates an event, unless it praises what "you" did.
_PAST = _words(
    """was were had did went came saw took gave found won lost bought met ran began wrote told said felt
    left brought caught taught held built sent spent sold drove flew ate drank swam sang wore fell grew
    knew threw chose spoke broke woke rode stole shook became"""
)
_MODALS = _words("can could will would should shall might must gotta 'll")
MAX_PLEASANTRY_WORDS = 40  # a longer sentence is not small talk, whatever its words
MAX_VERBS_IN_QUESTION = 2  # verbs a follow-up question may hold and still name nothing
MAX_UNKNOWN_IN_REACTION = 4  # unknown words (not echoes) an evaluation of what was heard may hold
_BE = _words("is was are were be been being am 's 're it's that's you're they're we're")
# combinations the per-word tests read, built once (not once per word)
_COUNTS_AND_TIMES = TIME_WORDS | NUMBER_WORDS
_NOUN_MODIFIERS = DEGREE | PLAIN_ADJECTIVES
_VERB_BEFORE = _VERB_AFTER - _BE
_PLAIN_DEGREE = DEGREE - _AFFECT
LEXICON = FUNCTION_WORDS | INTERJECTIONS | PLAIN_ADJECTIVES | EVALUATIVE | DEGREE | ADDRESS | SOCIAL_VERBS | EMPTY_NOUNS

_LEADING = INTERJECTIONS | _words("thanks thank you good morning evening afternoon night dear my friend buddy")

# ---------------------------------------------------------------- phatic formulas (matched first)

_OPT_ADV = r"(?:(?:so|really|very|super|such|truly|always|just|totally|definitely)\s+)*"
_EVAL = r"(?:good|great|nice|awesome|amazing|wonderful|lovely|cool|fantastic|fun|excellent|fab)"
_COMM = (  # what one thanks or is glad about when it is the conversation itself
    r"(?:the|your|all\s+the|all\s+your|that|this|those|these)?\s*(?:kind\s+|sweet\s+|nice\s+|great\s+|good\s+)?"
    r"(?:words?|support|help|advice|tips?|info|information|invite|invitation|encouragement|recommendations?|"
    r"suggestions?|ideas?|offer|input|feedback|compliments?|reminder|update|chat|talk|reply|answer|explanation|"
    r"everything|time|understanding|patience|kindness|love|care|concern|thoughts?|wishes|backing|belief|faith)"
)
# what a promise to report back is about when it names nothing: "(I'll let you know) how it
# turns out", "once I'm done reading it", "what I think", "my thoughts"
_HOW_IT = (
    r"(?:\s+(?:on\s+|about\s+)?(?:(?:how|what|when|once|if|whether)\s+(?:it|that|this|things|everything|they|i)"
    r"(?:'s|'m|'re|\s+(?:is|am|are))?\s+(?:goes|go|went|turns?\s+out|turned\s+out|works?\s+out|worked\s+out|"
    r"pans?\s+out|ends?\s+up|think|thought|done|finished)(?:\s+\w+ing)?(?:\s+(?:it|that|this|them))?|"
    r"(?:my|what\s+i)\s+(?:thoughts|think)))?"
)
_IT = r"(?:it|that|this|them|those|these|'em)"
_TRY_IT = (
    rf"(?:(?:i'?ll|i\s+will|will|i'?m\s+gonna|gonna|i'?m\s+going\s+to|i\s+am\s+going\s+to|i'?d\s+love\s+to|i\s+want\s+to|i\s+might|i\s+should)\s+"
    rf"{_OPT_ADV}(?:have\s+to\s+|need\s+to\s+|try\s+to\s+)?)"
    rf"(?:check\s+{_IT}\s+out|give\s+{_IT}\s+a\s+(?:try|shot|go|whirl|look|listen|read|watch)|look\s+into\s+{_IT}|"
    rf"try\s+{_IT}(?:\s+out)?|add\s+{_IT}\s+to\s+(?:my|the)\s+(?:\w+\s+)?(?:list|queue|watchlist)|look\s+{_IT}\s+up)"
)
_FORMULAS: tuple[tuple[Act, str], ...] = (
    # a greeting that calls the listener by an epithet, not a name: "Hey stranger!", "Morning, sunshine."
    ("greeting", r"(?:(?:good\s+)?(?:morning|afternoon|evening)|hey|hi|hiya|hello|howdy|yo)\W+(?:there\W+)?"
                 r"(?:stranger|sunshine|gorgeous|trouble|lovely|you|all|everyone|everybody|folks)(?=\W*$)"),
    ("greeting", r"^\W*(?:(?:hi|hey|hiya|hello|oh|ah|wow|well)\W+)*long\s+time(?=\W*$)"),  # "Hiya, long time!"
    ("greeting", r"^\W*knock\W+knock\W*$|^\W*who'?s\s+there\W*$"),  # a joke's opening exchange
    ("greeting", r"(?:good\s+(?:morning|afternoon|evening|day))"),
    ("closing", r"good\s*night|nighty\s+night|sweet\s+dreams"),
    ("greeting", rf"(?:it'?s\s+|it\s+is\s+|so\s+)?{_OPT_ADV}(?:good|great|nice|lovely|awesome|wonderful)\s+to\s+"
                 r"(?:see|hear\s+from|talk\s+to|chat\s+with|meet|catch\s+up\s+with)\s+you(?:\s+again)?"),
    ("greeting", r"(?:great|good|nice)\s+to\s+(?:chat|talk|catch\s+up)\s+again"),
    ("greeting", r"long\s+time\s+no\s+(?:see|talk|chat|speak)"),
    # an assistant's disclaimer says nothing of the conversation: "As an AI language model, I hope so too!"
    ("filler", r"as\s+an\s+ai(?:\s+(?:language\s+model|assistant|model|chatbot))?(?=\s*,)"),
    # catching up: "Haven't talked in a while!", "It's been ages since we last chatted."
    ("greeting", r"(?:(?:i|we)\s+)?(?:haven'?t|have\s+not)\s+(?:talked|chatted|spoken|seen\s+you|heard\s+from\s+you|caught\s+up)"
                 r"(?:\s+(?:in|for)\s+(?:a\s+(?:while|bit)|ages|forever|so\s+long))?"),  # "in a few days" says when
    ("greeting", r"(?:it'?s\s+been|been)\s+(?:(?:quite|such)\s+)?(?:a\s+(?:while|bit|minute)|ages|forever|so\s+long|too\s+long)"),
    ("greeting", r"how\s+(?:can|may)\s+i\s+(?:help|assist)(?:\s+you)?(?:\s+today)?"),
    ("greeting", r"what\s+can\s+i\s+(?:help|do\s+for)\s+you\s+with(?:\s+today)?|what\s+can\s+i\s+do\s+for\s+you(?:\s+today)?"),
    ("phatic_question", r"how\s+(?:are|r)\s+(?:you|u|ya|things)(?:\s+(?:doing|going))?(?:\s+(?:today|lately|these\s+days))?"),
    ("phatic_question", r"how(?:'s|\s+is|\s+was|\s+has)\s+(?:it\s+going|life(?:\s+(?:been|treating\s+you))?|your\s+(?:day|week|weekend)"
                        r"(?:\s+(?:been|going))?|everything|things|it\s+been|everything\s+going)"),
    ("phatic_question", r"how\s+(?:have|'ve)\s+(?:you|things)\s+been(?:\s+(?:lately|doing))?|how\s+you\s+been|how\s+you\s+doing"),
    ("phatic_question", r"what(?:'s|\s+is|s)\s+(?:up|new|good|happening|going\s+on|been\s+up)(?:\s+with\s+you)?"),
    ("phatic_question", r"what\s+(?:have|'ve)\s+you\s+been\s+up\s+to(?:\s+lately)?|what\s+are\s+you\s+up\s+to"),
    ("phatic_question", r"^\W*(?:anything|something)\s+(?:new|exciting|interesting|fun|cool)(?:\s+(?:going\s+on|happening|with\s+you))?\W*$"),
    ("phatic_question", r"(?:how|what)\s+about\s+(?:you|yourself)|and\s+you|^\W*you\W*$"),
    ("closing", r"(?:bye|goodbye)(?:\s+(?:for\s+now|bye))?"),
    ("closing", r"(?:i'?ll\s+|i\s+will\s+|we'?ll\s+)?(?:see|catch|talk\s+to|speak\s+to|chat\s+with)\s+(?:you|ya|u)"
                r"(?:\s+(?:later|soon|around|then|next\s+time|again|real\s+soon|in\s+a\s+bit))*"),
    ("closing", r"(?:talk|speak|chat|catch\s+up|see\s+ya|see\s+you)\s+(?:soon|later|again)(?:\s+then)?"),
    ("closing", r"catch\s+(?:you|ya)\s+later|take\s+care(?:\s+of\s+yourself)?|take\s+it\s+easy|stay\s+(?:safe|well|positive|strong)"),
    ("closing", rf"(?:have\s+|enjoy\s+)(?:a|an|the\s+rest\s+of\s+(?:your|the))\s+{_EVAL}?\s*(?:day|night|evening|weekend|week|one|time)"),
    ("closing", r"(?:i'?ll|i\s+should|i\s+gotta|i\s+have\s+to|i\s+need\s+to|i\s+must|gotta|got\s+to|better)\s+"
                r"(?:let\s+you\s+go|get\s+going|go|run|head\s+out|get\s+back\s+to\s+it|sign\s+off)(?:\s+now)?"),
    ("closing", r"(?:it\s+was\s+|it'?s\s+been\s+|was\s+)?(?:great|good|nice|lovely|fun|awesome)\s+(?:chatting|talking|catching\s+up)"
                r"(?:\s+(?:with\s+you|again))*"),
    ("closing", r"(?:let|lemme)\s+me\s+know"),
    ("closing", rf"(?:(?:i'?ll|i\s+will|will)\s+{_OPT_ADV})?keep(?:ing)?\s+(?:me|you|ya)\s+(?:posted|updated|in\s+the\s+loop){_HOW_IT}|"
                rf"(?:i'?ll|i\s+will|will)\s+{_OPT_ADV}(?:let\s+you\s+know|update\s+you){_HOW_IT}"),
    ("closing", r"(?:feel\s+free|don'?t\s+hesitate)\s+to\s+(?:reach\s+out|ask|get\s+in\s+touch|contact\s+me|let\s+me\s+know)"
                r"(?:\s+(?:to\s+me|again|any\s*time))*(?:\s+if\s+you\s+have\s+(?:any\s+)?(?:other\s+|more\s+|further\s+)?"
                r"questions?(?:\s+in\s+the\s+future)?)?"),
    ("closing", r"(?:i\s+)?hope\s+(?:this|that|it)\s+helps|is\s+there\s+anything\s+else\s+i\s+can\s+(?:help|do)(?:\s+(?:you\s+)?with)?|"
                r"if\s+you\s+have\s+any\s+(?:other\s+|more\s+|further\s+)?questions(?:\s+or\s+concerns)?"),
    ("thanks", rf"(?:thanks|thank\s+you|thx|ty|many\s+thanks)(?:\s+(?:so|very)\s+much|\s+a\s+lot|\s+a\s+bunch|\s+again)*"
               rf"(?:\s+for\s+(?:{_COMM}|(?:sharing|asking|listening|checking\s+in|being\s+there|the\s+chat|your\s+time|"
               r"reaching\s+out|letting\s+me\s+(?:know|join|be\s+part\s+of\s+it)|cheering\s+me\s+on|having\s+my\s+back)"
               r"(?:\s+(?:that|this|it|with\s+me))?))?"),
    ("thanks", rf"(?:i\s+)?(?:really\s+)?appreciate\s+(?:it|that|this|you|{_COMM})"),
    ("thanks", rf"{_COMM}\s+(?:really\s+)?(?:means?|meant)\s+(?:a\s+lot|so\s+much|the\s+world|a\s+ton)(?:\s+to\s+me)?"),
    ("thanks", r"(?:i\s+)?owe\s+you\s+(?:one|big)|(?:no\s+(?:problem|prob|probs|worries|sweat)|any\s*time|my\s+pleasure|(?:you'?re|you\s+are|ur)\s+welcome|"
               r"of\s+course|(?:happy|glad)\s+to\s+help|don'?t\s+mention\s+it|it\s+was\s+my\s+pleasure(?:\s+to\s+(?:help|assist)(?:\s+you)?)?)"),
    ("reaction", r"(?:good|great|nice|awesome|amazing|excellent|fantastic)\s+(?:job|work|one|stuff|going|news|call|point|idea|question)"),
    ("reaction", r"way\s+to\s+go|keep\s+(?:it|that)\s+up|keep\s+up\s+the\s+\w+\s+work|keep\s+(?:going|at\s+it|pushing|it\s+going)|"
                 r"(?:you'?ve|you|we'?ve|we)\s+got\s+this|go\s+for\s+it|hang\s+in\s+there|you\s+can\s+do\s+it|you\s+rock|"
                 r"never\s+give\s+up|don'?t\s+give\s+up|chase\s+(?:your|those|our)\s+dreams|dreams?\s+come\s+true"),
    # support and encouragement
    ("reaction", r"(?:i'?m|i\s+am)\s+(?:always\s+)?here\s+(?:for\s+you|to\s+help|if\s+you\s+need\s+(?:anything|me|help))|"
                 r"lend\s+(?:you\s+)?an\s+ear|(?:i'?ve\s+)?got\s+your\s+back|count\s+on\s+me|here\s+to\s+help|"
                 r"(?:i\s+)?can'?t\s+wait(?=\s+(?:to|for|till|until)\b)|wish(?:ing)?\s+you\s+(?:all\s+)?the\s+best|"
                 r"good\s+luck|best\s+of\s+luck|fingers\s+crossed|(?:i'?m\s+)?rooting\s+for\s+you|that'?s\s+the\s+spirit|"
                 r"you\s+deserve\s+(?:it|this|that)|(?:(?:had|having|have|was|what|like)\s+)?a\s+blast|spill\s+the\s+beans|"
                 r"don'?t\s+(?:get\s+discouraged|worry(?:\s+about\s+it)?|stress(?:\s+about\s+it)?|lose\s+hope)|"
                 r"(?:won'?t|don'?t|never)\s+let\s+(?:anything|anyone|it|that)\s+(?:hold\s+(?:you|me)\s+back|stop\s+(?:you|me)|"
                 r"get\s+(?:you|me)\s+down)|no\s+pressure|"
                 r"happy\s+\w+ing(?=\W*$)|every\s+little\s+bit\s+(?:counts|helps)|"
                 r"(?:make|makes|making|made)\s+a\s+(?:(?:real|big|huge)\s+)?(?:change|difference)|keep\s+(?:on\s+)?\w+ing\b"),
    # acknowledgement and agreement
    ("reaction", r"sounds\s+like\s+a\s+plan|fair\s+enough|got\s+it|i\s+see|i\s+hear\s+you|tell\s+me\s+about\s+it|"
                 r"i\s+know\s+right|same\s+here|me\s+too|you\s+too|same\s+to\s+you|same|likewise|for\s+sure|no\s+doubts?|"
                 r"sure\s+thing|you\s+bet|will\s+do|you\s+got\s+it|makes\s+sense|(?:it'?s\s+)?all\s+good|no\s+biggie|"
                 r"i\s+feel\s+you|i\s+get\s+(?:it|that)|been\s+there|it\s+happens|so\s+far\s+so\s+good|you\s+never\s+know|"
                 r"(?:i'?ll\s+)?keep\s+(?:that|this|it)\s+in\s+mind|that\s+makes\s+two\s+of\s+us|i'?m\s+all\s+ears|no\s+kidding"),
    ("reaction", r"^\W*(?:(?:ok|okay|oh|ah|alright|right)\W+)?(?:(?:duly\s+)?noted|understood|roger(?:\s+that)?|copy\s+that|gotcha)"
                 r"(?:\W+(?:thanks|thank\s+you|cheers))?\W*$"),
    # asking for news or a picture of what was just told, naming nothing: "Photo please!", "Report back."
    ("reaction", r"(?:(?:please\s+)?(?:send|show)\s+(?:me\s+|us\s+)?(?:a\s+)?(?:photo|pic|picture|selfie|video)s?|"
                 r"(?:photos?|pics?|pictures?|proof)\s+(?:please|pls|plz|or\s+it\s+didn'?t\s+happen)|"
                 r"(?:(?:i'?ll|i\s+will|will)\s+)?report\s+back|do\s+tell|tell\s+me\s+everything)(?:\s+(?:please|pls|plz))?(?=\W*$)"),
    # proverbs and idioms of small talk
    ("reaction", r"better\s+late\s+than\s+never|easier\s+said\s+than\s+done|time\s+flies|it\s+is\s+what\s+it\s+is|"
                 r"(?:what\s+a\s+|it'?s\s+a\s+)?small\s+world|great\s+minds\s+think\s+alike|speak\s+of\s+the\s+devil|"
                 r"(?:you|that|it)\s+(?:made|makes|just\s+made)\s+my\s+day|such\s+is\s+life|that'?s\s+life"),
    # a promise to try what was just recommended, named only "it": "I'll definitely check it out!"
    ("reaction", _TRY_IT),
    # how it felt, with nothing of what: "A mix of emotions for sure.", "What a rollercoaster!"
    ("reaction", r"(?:(?:such|what|quite)\s+)?an?\s+(?:(?:real|total|wild|big|huge|strange|weird)\s+)?"
                 r"(?:(?:mix|mixture|wave|flood|range|bundle|ball)(?=\s+of\s+(?:emotions?|feelings?|nerves)\b)|rollercoaster|roller\s+coaster|whirlwind)"
                 r"(?:\s+of\s+(?:emotions?|feelings?|nerves))?|"
                 r"mixed\s+(?:emotions|feelings|bag)"),
    # surprise and sympathy
    ("reaction", r"oh\s+my\s+(?:god|gosh|goodness)|my\s+god|(?:are\s+you|you'?re)\s+(?:serious|kidding|joking)|no\s+way|"
                 r"you\s+don'?t\s+say|(?:i'?m\s+)?sorry\s+to\s+hear\s+(?:that|about\s+(?:that|it|this))|that\s+sucks|"
                 r"what\s+a\s+bummer"),
    # a time of day as the whole greeting or goodnight: "Morning!", "Evening all!", "Night!"
    ("greeting", r"^\W*(?:(?:good\s+)?(?:morning|mornin'?|afternoon|evening)|hiya)(?:\s+(?:all|everyone|everybody|folks|guys|you|love))?\W*$"),
    ("closing", r"^\W*(?:night(?:\s+night)?|nighty\s+night|nite)(?:\s+(?:all|everyone|folks|guys|love))?\W*$"),
    # apologies for the silence, and how hectic things have been: "Sorry I went quiet"
    ("reaction", r"sorry\s+(?:i\s+|i'?ve\s+|for\s+)?(?:went|going|been|being|was|have\s+been)\s+(?:so\s+)?(?:quiet|mia|awol|silent|off\s+the\s+grid|slow|absent)|"
                 r"sorry\s+for\s+(?:the\s+)?(?:late|slow)\s+(?:reply|response|answer)|sorry\s+for\s+the\s+(?:delay|silence)|"
                 r"(?:things|life|it|work)\s+(?:has|have|'s|'ve)\s+been\s+(?:so\s+|a\s+bit\s+|pretty\s+|really\s+)?(?:mad|crazy|hectic|nuts|wild|manic|busy|insane)"),
    # lead-ins and wellbeing answers: "Before I forget: ...", "Got a minute?", "Can't complain."
    ("filler", r"before\s+i\s+forget|(?:have\s+you\s+)?got\s+a\s+(?:minute|moment|sec|second)|all\s+things\s+considered|"
               r"(?:i\s+)?can'?t\s+complain|(?:i\s+)?mustn'?t\s+grumble|could\s+be\s+(?:worse|better)|bless\s+you"),
    ("filler", r"^\W*(?:please\s+)?(?:continue|go\s+on|carry\s+on|more|next|proceed|go\s+ahead)(?:\s+please)?\W*$"),
    # asking a chat assistant to go on: "Could you write me one more part, please?"
    ("filler", r"^\W*(?:(?:can|could|would|will)\s+you\s+)?(?:please\s+)?(?:continue|keep\s+going|go\s+on|write|give|show|tell|generate)"
               r"(?:\s+(?:me|us))?\s+(?:(?:one|a\s+few|some|a\s+little|a\s+bit|a\s+couple)\s+)?more(?:\s+\w+)?"
               r"(?:\s+(?:parts?|ones?|chapters?|paragraphs?|sections?|examples?|lines?|pages?|options?|of\s+(?:it|that|this|them)))?"
               r"(?:\s+please)?\W*$"),
    ("filler", r"^\W*(?:please\s+)?(?:continue|keep\s+going)\s+(?:writing|with\s+(?:it|that|the\s+story)|the\s+story|"
               r"from\s+where\s+you\s+(?:left\s+off|stopped))(?:\s+please)?\W*$"),
)
# A reply's closing that speaks of the reply itself ("I hope these suggestions help you plan
# your trip!", "Do you have any other questions about the recipe?", "By following these steps,
# you'll be well on your way to ..."): whatever else it names was said before it, so the whole
# sentence is the formula, however long.
_REPLY_NOUNS = (
    r"(?:suggestions?|tips?|ideas?|options?|recommendations?|resources?|steps?|information|info|examples?|"
    r"strategies|strategy|factors|answers?|explanations?|guidelines?|pointers|insights?|points?|thoughts|"
    r"lists?|advice|instructions|resources|recipes?|considerations|techniques|scenarios|details|responses?)"
)
_THESE = r"(?:these|this|the\s+above|those|my|all\s+(?:of\s+)?(?:these|this|the\s+above))"
_REPLY_CLOSING = re.compile(
    rf"^\W*(?:(?:i\s+)?(?:really\s+|sincerely\s+|do\s+)?hope|hopefully)\s+(?:that\s+)?{_THESE}\s+(?:[\w'-]+\s+){{0,3}}?"
    rf"{_REPLY_NOUNS}(?![\w'])[^?\d]*$"
    r"|^\W*(?:do|does)\s+you\s+have\s+any\s+(?:other|more|further|additional|follow-up)\s+questions?"
    r"(?:\s+or\s+(?:concerns?|comments?|requests?))?(?![\w'])[^.!]*\?\W*$"
    rf"|^\W*(?:by\s+[\w'-]+ing|with)\s+{_THESE}\s+[^.!?]*?(?:you'?ll|you\s+will|you'?re|you\s+are)\s+(?:be\s+)?"
    r"(?:well\s+)?on\s+(?:your|the|a\s+good)\s+(?:way|path|road|track)\s+to(?![\w'])[^?]*$",
    re.I,
)
# Interrogatives that ask for a place, a time, a choice or an amount: the answer is a fact.
_FACT_QUESTION = re.compile(r"(?:where|when|which|how\s+(?:long|many|much|often|far|old|soon))(?![\w'])", re.I)
_FORMULA_RES = tuple((act, re.compile(rf"(?<![\w'])(?:{p})(?![\w'])", re.I)) for act, p in _FORMULAS)
# Any formula at all, in one pass: most sentences hold none, and then the formulas one by one
# (each a pass of its own) find nothing either.
_ANY_FORMULA = re.compile(r"(?<![\w'])(?:" + "|".join(f"(?:{p})" for _, p in _FORMULAS) + r")(?![\w'])", re.I)

_WORD = re.compile(r"(?<!<)(?<!</)[^\W_]+(?:['\-][^\W_]+)*")  # not the "3" of the emoticon "<3"
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'"})
_REPEATS = re.compile(r"(\w)\1{2,}")  # "sooo" -> "so", "Awww" -> "aw"
_RUNS = re.compile(r"(\w)\1+")
_LAUGH = re.compile(r"^(?:a?h+a+)+h*$|^(?:h+e+)+h*$|^l+o+l+$|^(?:ha|ah)+h*$", re.I)
_SENTENCE_START = frozenset(".!?:;\"(\n-–—")
_POS_EVALUATIVE = frozenset({"ADJ", "ADV", "INTJ", "PUNCT", "SYM", "DET", "PRON", "AUX", "PART", "CCONJ", "SCONJ", "ADP"})
_POS_CONTENT = frozenset({"PROPN", "NUM"})


# ---------------------------------------------------------------- the API


def dialogue_act(
    text: str, *, names: Iterable[str] = (), previous: str | None = None, doc: Doc | Span | None = None
) -> Act:
    """The dialogue act of a sentence or a turn: ``"content"`` if any sentence carries content.

    A turn that is all pleasantry gets the act of its first sentence that is not filler
    ("Thanks! Bye!" -> ``"thanks"``). ``names`` are the speakers (and their nicknames): as
    vocatives ("Thanks, Nate!") they are no content. ``previous`` is the other speaker's
    turn just before, when known: a reaction that only repeats its words introduces nothing
    ("I ran a charity race." -> "A charity race, how inspiring!"), while a reply to its
    question is an answer, judged strictly ("Ever been to one?" -> "Nope, never."). ``doc``
    is an optional spaCy ``Doc`` or ``Span`` of exactly ``text``; its part-of-speech tags,
    when the pipeline has a tagger, refine the rules.
    """
    acts = [act for _, act, _ in explain(text, names=names, previous=previous, doc=doc)]
    if not acts:
        return "filler"
    if "content" in acts:
        return "content"
    return next((a for a in acts if a != "filler"), "filler")


def explain(
    text: str, *, names: Iterable[str] = (), previous: str | None = None, doc: Doc | Span | None = None
) -> list[tuple[str, Act, str]]:
    """Each sentence of ``text`` with its act and why: the word that makes it content, or the rule."""
    clean = text.translate(_APOSTROPHES)
    context = _context(_name_set(names), previous)
    found = []
    for i, (a, b) in enumerate(split_sentences(clean)):
        act, why = _sentence_act(clean[a:b], _tags(doc, a, b - a), context, first=i == 0)
        found.append((clean[a:b], act, why))
    return _fragments(found, context) if context.reacting or context.phatic else found


_TRY_IT_RE = re.compile(rf"(?<![\w'])(?:{_TRY_IT})(?![\w'])", re.I)


def promises_to_try(sentence: str) -> bool:
    """Whether ``sentence`` promises to try a thing it calls only "it" ("I'll definitely check
    it out!", "Gonna add it to my reading list"): small talk after what the other speaker
    recommended, a plan when the speaker named the thing just before."""
    return _TRY_IT_RE.search(sentence.translate(_APOSTROPHES)) is not None


def is_pleasantry(
    text: str, *, names: Iterable[str] = (), previous: str | None = None, doc: Doc | Span | None = None
) -> bool:
    """Whether ``text`` (a sentence or a whole turn) carries no memory: see :func:`dialogue_act`."""
    return dialogue_act(text, names=names, previous=previous, doc=doc) != "content"


# ---------------------------------------------------------------- bare fragments

MAX_FRAGMENT_WORDS = 3  # words of its own a bare fragment may hold: "Very sensible stockpiling."
MAX_FRAGMENT_SPAN = 6  # words in all, formulas and interjections too: "Oh wow, congrats on the promotion!"
# What a verbless phrase may hold besides its own words: determiners, a few prepositions and
# particles of degree ("What a mess.", "Chaos here.", "Free evening though!"). Any other
# function word (a pronoun, an auxiliary: "it's", "was") makes a clause, not a fragment.
_FRAGMENT_GLUE = _words(
    """a an the this that these those some such what how here there though tho again all still too also even
    just only so and or of in on at for with from like not no much more most less every each quite rather
    other another same enough own ever"""
)
# What leaves something open for the reply to fill: a question put inside a statement ("I
# can't decide what to cook", "Guess who I saw"), or a call for ideas ("Give me ideas"): a
# fragment after it is an answer ("Lasagne."). A relative "who" ("a man who sings") opens nothing.
_OPENS_GAP = re.compile(
    r"(?<![\w'])(?:(?:guess|wonder\w*|decid\w*|idea|sure|know|knows|knew|figure\s+out|find\s+out|work\s+out|tell\s+me|"
    r"ask\w*|remember|forget|forgot)\s+(?:\w+\s+)??(?:what|which|who|whom|whose|where|when|why|how|whether|if)|"
    r"ideas|suggestions?|recommend\w*|advice|tips)(?![\w'])",
    re.I,
)
_REFERS = re.compile(r"(?<![\w'])(?:it|its|they|them|these|those)(?![\w'])", re.I)


def _fragments(found: list[tuple[str, Act, str]], context: _Context) -> list[tuple[str, Act, str]]:
    """A turn that opens by reacting to what the other speaker just told with bare fragments:
    a verbless phrase of a few words that names nothing new ("Ha, legend.", "Poor thing.",
    "Total chaos here.", "Nightmare. When's someone coming?") is a reaction, as an elongated
    interjection is; so is an assessment answering how one is ("How's your week been?" ->
    "Long. Yours?"). What it evaluates was said in the turn before. Not when the turn states
    something of its own besides ("Pancakes! Made them this morning.": the fragment is what it
    tells of), nor after something the speaker said first ("Remember the interview? Total
    disaster.": it evaluates that), nor when a question after it refers to it ("Pancakes! Were
    they good?"). Only between people, whose ``names`` are known: a chat user's short phrase
    after the assistant's answer ("more details", "in a table", "Japanese") asks for something."""
    fragments = [_fragment(s, context) if act == "content" else "" for s, act, _ in found]
    if any(act == "content" and not _asks(s) and not f for (s, act, _), f in zip(found, fragments, strict=True)):
        return found
    out = list(found)
    for i, ((s, act, _), words) in enumerate(zip(found, fragments, strict=True)):
        if act != "content":
            continue
        if not words or any(_asks(later) and _REFERS.search(later) for later, _, _ in found[i + 1 :]):
            break  # what the speaker goes on to say is their own
        out[i] = (s, "phatic_question" if _asks(s) else "reaction", "fragment: " + words)
    return out


def _asks(sentence: str) -> bool:
    return sentence.rstrip().rstrip("!").endswith("?")


def _fragment(sentence: str, context: _Context) -> str:
    """The words of ``sentence`` when it is a bare fragment, else "".

    A fragment holds no verb and no pronoun, and at most :data:`MAX_FRAGMENT_WORDS` words of its
    own besides interjections, the speakers' names, determiners and evaluative words, each a common
    English word (the lemmatizer's noun, adjective or adverb index: "chaos", "legend",
    "realistic", "adulting"), not a name, a number or a time unless the turn before said it
    ("Nine! The audacity." after "... found nine") in an exclamation or a question ("For only
    a week." specifies it). A word that can only be a verb ("Define level.", "Faith restored.")
    makes it an instruction or a clause. A question is a fragment only when it repeats what
    was just said and nothing else ("A lunge??"): "Stress?" asks about something new.
    """
    question = _asks(sentence)
    text, acts = _mask_formulas(sentence)
    if question and acts or len(_WORD.findall(sentence)) > MAX_FRAGMENT_SPAN:
        return ""  # "How are things going with the new team?": it asks about the team
    exclaims = question or sentence.rstrip().endswith("!")
    spans = [(m.group(), m.start()) for m in _WORD.finditer(text)]
    vocative = _vocatives(text, names=context.names, alone=len(spans) == 1)
    own: list[str] = []
    for i, (word, at) in enumerate(spans):
        if not own and i + 1 < len(spans) and word.lower() in verb_bases() and spans[i + 1][0].lower() in _DETERMINERS:
            return ""  # "Check the boiler.": an instruction about a thing
        low = word.lower()
        if at in vocative and low in context.names or low in INTERJECTIONS or _elongated(word) in INTERJECTIONS or _LAUGH.match(low):
            continue
        if question and low in ("what", "how"):
            return ""  # "How short?" asks how much: the answer is a fact
        if low in _FRAGMENT_GLUE or low in DEGREE or low in EVALUATIVE or low in PLAIN_ADJECTIVES or low in ADDRESS or low in EMPTY_NOUNS:
            continue
        echo = _stem(word) in context.echo
        if not echo and (low in LEXICON or low in _PAST):
            return ""  # a pronoun, an auxiliary, a verb
        if not (echo and exclaims) and _kind(word, None, initial=_opens(text, at), shouting=False) == "content":
            return ""  # a name, a number or a time
        if not echo and not _common(low):
            return ""  # "Ouagadougou!", "Tilly!": a word no dictionary lists is a name
        own.append(low)
    if not own or len(own) > MAX_FRAGMENT_WORDS or question and not all(_stem(w) in context.echo for w in own):
        return ""
    if not context.reacting and not all(_assesses(w) for w in own):
        return ""  # "How's your week been?" -> "Snow!": news, not how it has been
    return " ".join(own)


def _assesses(low: str) -> bool:
    """Whether ``low`` can be an adjective or an adverb: "Long.", "Mad busy." say how it went."""
    return low in lemma_bases("adj") or low in lemma_bases("adv")


def _common(low: str) -> bool:
    """Whether ``low`` is a common English noun, adjective or adverb (or an inflection of one),
    and not a word that can only be a verb ("define", "restored")."""
    if "-" in low:
        return all(_common(part) for part in low.split("-") if part)
    nouns, adjectives, adverbs = lemma_bases("noun"), lemma_bases("adj"), lemma_bases("adv")
    forms = [low]
    for suffix, base in (("ies", "y"), ("es", ""), ("s", ""), ("ing", ""), ("ing", "e")):
        if low.endswith(suffix) and len(low) - len(suffix) >= 3:
            forms.append(low[: -len(suffix)] + base)
    forms += [_BRITISH.sub(lambda m: _AMERICAN[m.group()], f) for f in forms]  # "behaviour" is "behavior"
    return any(f in nouns or f in adjectives or f in adverbs for f in forms)


_AMERICAN = {"our": "or", "tre": "ter", "ise": "ize", "yse": "yze", "ogue": "og"}
_BRITISH = re.compile(r"(?:our|tre|ise|yse|ogue)(?=[sd]?$)")
_DETERMINERS = _words("the a an some this that these those any every each")


# ---------------------------------------------------------------- one sentence


@dataclass(frozen=True, slots=True)
class _Context:
    names: frozenset[str]  # lowercased speaker names and first names
    echo: frozenset[str]  # stems of the previous turn's words (when it asked nothing)
    answering: bool  # the previous turn ended with a question that is not a formula
    reacting: bool = False  # the previous turn told something and left nothing open (see :func:`_fragment`)
    phatic: bool = False  # ... or asked only how one is ("How's your week been?"): an assessment answers it


def _name_set(names: Iterable[str]) -> frozenset[str]:
    found: set[str] = set()
    for name in names:
        parts = name.split()
        if parts:
            found.add(name.lower())
            found.add(parts[0].lower())
    return frozenset(found)


def _context(names: frozenset[str], previous: str | None) -> _Context:
    if not previous:
        return _Context(names, frozenset(), False)
    clean = previous.translate(_APOSTROPHES)
    told = []
    phatic = False
    for a, b in split_sentences(clean):
        masked, _ = _mask_formulas(clean[a:b])
        if _asks(clean[a:b]):
            if any(w.lower() not in INTERJECTIONS and w.lower() not in names for w in _WORD.findall(masked)):
                return _Context(names, frozenset(), True)  # it asked something: what follows answers
            phatic = True
        told.append(masked)
    echo = frozenset(_stem(w) for w in _WORD.findall(clean) if w.lower() not in LEXICON)
    open_ = not names or any(_OPENS_GAP.search(t) for t in told)  # a chat's roles are not names: see _fragments
    return _Context(names, echo, False, not open_ and not phatic, not open_ and phatic)


def _mask_formulas(sentence: str) -> tuple[str, list[Act]]:
    """The sentence with every phatic formula blanked out (offsets kept), and their acts."""
    acts: list[Act] = []
    text = sentence
    if not _ANY_FORMULA.search(sentence):
        return text, acts
    for act, pattern in _FORMULA_RES:
        for m in pattern.finditer(text):
            acts.append(act)
            text = text[: m.start()] + " " * (m.end() - m.start()) + text[m.end() :]
    return text, acts


def _sentence_act(sentence: str, tags: dict[int, str], context: _Context, *, first: bool) -> tuple[Act, str]:
    """The act of one sentence and why: the word that makes it content, or the rule."""
    if not _WORD.search(sentence):
        return "filler", "no words"  # ":)", "...", "?!"
    if _REPLY_CLOSING.match(sentence.translate(_APOSTROPHES)):
        return "closing", "closes a reply, speaking of the reply"
    words = [(m.group(), m.start(), m.end()) for m in _WORD.finditer(sentence)]
    if len(words) > MAX_PLEASANTRY_WORDS:
        return "content", "too long for a formula"
    if context.answering and first and words[0][0].lower() in _YES_NO:
        return "content", "answers a question"  # "Nope, never been to one."
    text, acts = _mask_formulas(sentence)
    vocative = _vocatives(text, names=context.names, alone=len(words) == 1)
    question = sentence.rstrip().endswith("?")
    if question and (asked := _asks_for_fact(text)):
        return "content", asked  # "So, where are you going to stay?": the answer is a place
    shouting = sum(map(str.isupper, sentence)) > sum(map(str.islower, sentence))
    unknown: list[tuple[str, str]] = []  # (word, "verb" | "noun" | "new": what it may be)
    before = ""
    article = False  # inside a noun phrase opened by "a"/"an": it introduces something
    opening = True  # no word yet but interjections
    for i, (word, a, b) in enumerate(words):
        if text[a:b] != word or a in vocative:
            before, article = "", False
            continue  # inside a formula, or a vocative
        low = word.lower()
        kind = _kind(word, tags.get(a), initial=i == 0 or _opens(sentence, a), shouting=shouting, answering=context.answering)
        if kind == "content":
            return "content", word
        if kind == "unknown":
            unknown.append((low, _role(word, before, tags.get(a), question, context, article=article, initial=opening)))
        if low not in DEGREE:
            before = low  # "it actually **works**": a stance adverb stands between subject and verb
        # "a puppy", "a new puppy" introduce something; "a tough game", "an awesome mom" evaluate
        article = low in ("a", "an") or article and (low in _NOUN_MODIFIERS or kind == "unknown")
        opening = opening and low in INTERJECTIONS
    if unknown and not _lenient(sentence, unknown, acts, question, context):
        return "content", " ".join(w for w, _ in unknown)
    why = "leniently: " + " ".join(w for w, _ in unknown) if unknown else "all words empty"
    if acts:
        return acts[0], why
    rest = [w.lower() for w, a, b in words if text[a:b] == w and a not in vocative]
    if not rest or all(_REPEATS.sub(r"\1", w) in INTERJECTIONS or _elongated(w) in INTERJECTIONS or _LAUGH.match(w) for w in rest):
        return "filler", why
    return ("phatic_question" if question else "reaction"), why


def _asks_for_fact(text: str) -> str:
    """The interrogative that opens a question asking for a place, a time, a choice or an amount
    ("Oh, **where** did you go?", "And **how long** did it take?"); not a "when" inside a
    question ("Isn't it great when it works?"). ``text`` has its formulas blanked out."""
    for m in _WORD.finditer(text):
        low = m.group().lower()
        if low in INTERJECTIONS or low in ("and", "but", "then", "also"):
            continue
        found = _FACT_QUESTION.match(text, m.start())
        return found.group() if found else ""
    return ""


def _lenient(sentence: str, unknown: list[tuple[str, str]], acts: list[Act], question: bool, context: _Context) -> bool:
    """Whether a sentence with a few unknown words is still a reaction or a follow-up question.

    Never when it replies to a question (that is an answer) or when the speaker tells of
    themselves ("I went", "my dog"; "I'm so glad ...", "I hope ..." and "we can ..." speak to
    the listener). A follow-up question may hold a verb or two ("How did they **react**?") but
    no noun: a noun asks about something ("What **breed**?"). A statement may hold a few words
    when it evaluates what it heard ("**Winning** a tough **game** must have been thrilling!"),
    but not when it narrates in the past tense, unless it praises what "you" did.
    """
    if context.answering or _speaks_of_self(sentence) or any(role == "new" for _, role in unknown):
        return False
    if question:
        return len(unknown) <= MAX_VERBS_IN_QUESTION and all(role == "verb" for _, role in unknown)
    lows = [w.lower() for w in _WORD.findall(sentence)]
    fresh = [w for w, role in unknown if role != "echo"]  # what was just heard is no news
    if len(fresh) > MAX_UNKNOWN_IN_REACTION or not (acts or _evaluates(lows)):
        return False
    if fresh and _advises(lows):
        return False  # "Make sure you stretch before each run": what to do, not how it was heard
    if any(w in _LIKING for w in lows) and any(role == "noun" for _, role in unknown):
        return False  # "I love it when you make coconut ice cream": what is liked is named
    past = [i for i, w in enumerate(lows) if w in _PAST or _participle(w) and w.endswith("ed") and w not in LEXICON]
    return all(i > 0 and lows[i - 1] in ("you", "you've", "you'd") for i in past)  # "you did great"


def _role(word: str, before: str, tag: str | None, question: bool, context: _Context, *, article: bool, initial: bool) -> str:
    """What an unknown word may be: ``"echo"`` (a word of the turn just heard), ``"verb"``,
    ``"noun"``, or ``"new"`` (it introduces something: "a **puppy**"; "**Tilly** helps me"
    may open with a name). A question that names a thing asks about it, even one just heard."""
    low = word.lower()
    if article:
        return "new"  # "a **house** track": introduced, even when it was mentioned before
    if not question and _stem(word) in context.echo:
        return "echo"
    if initial and not _participle(low):
        return "new"  # "**Tilly** helps me", "**include** the costs": a name, or a request
    if tag == "VERB" or before in _VERB_BEFORE or before in _BE and _participle(low):
        return "verb"  # "did they **react**", "is it **called**"; but "what is **artifice**"
    return "verb" if not question and _participle(low) else "noun"


# "Remember to have fun", "you can do it", "you might discover hidden gems" are what a closing
# wishes; "make sure", "try", "you could", "you may want to" tell what to do
_ADVICE_OPENINGS = (("make", "sure"), ("be", "sure"), ("don't", "forget"), ("try",), ("consider",), ("avoid",))
_ADVICE_MODALS = (("should",), ("could",), ("might", "want"), ("may", "want"))


def _advises(lows: list[str]) -> bool:
    """Whether a sentence tells the listener what to do: an imperative of advice ("Make sure
    you ...", "Try the ...", "Don't forget to ...") or "you" with a modal of advice ("You could
    also try ...", "you should ...", "you may want to ..."). Its "sure" or "easier" does not
    make it an evaluation."""
    start = 0
    while start < len(lows) and (lows[start] in INTERJECTIONS or lows[start] in ("and", "but", "so", "also", "maybe", "perhaps")):
        start += 1  # "Oh, and maybe try ..."
    words = lows[start:]
    if any(tuple(words[: len(o)]) == o for o in _ADVICE_OPENINGS):
        return True
    return any(w == "you" and tuple(words[i + 1 : i + 1 + len(m)]) == m for i, w in enumerate(words) for m in _ADVICE_MODALS)


def _evaluates(lows: list[str]) -> bool:
    """Whether a sentence evaluates: an evaluative or stance word, or "I love how you ..."."""
    if any(w in EVALUATIVE or w in STANCE for w in lows):
        return True
    liked = (lows[i + 2 :] for i, w in enumerate(lows[:-1]) if w == "i" and lows[i + 1] in _LIKING)
    return any(_praises_listener(rest, doing=True) for rest in liked)


def _praises_listener(rest: list[str], *, doing: bool = False) -> bool:
    """Whether what follows "I love" is the listener's doing: "(it) when/how/that you ...";
    with ``doing``, only "(it) when/how you ..." ("that painting you made" names a thing)."""
    rest = rest[1:] if rest[:1] == ["it"] else rest
    if doing:
        return rest[:1] in (["when"], ["how"]) and "you" in rest[1:3]
    return rest[:1] in (["when"], ["how"], ["that"], ["the"]) and "you" in rest[1:4] or rest[:1] in (["your"], ["you"])


def _speaks_of_self(sentence: str) -> bool:
    """Whether the speaker states something about themselves ("I went", "my dog", "we're moving")."""
    lows = [w.lower() for w in _WORD.findall(sentence)]
    for i, w in enumerate(lows):
        if w not in _FIRST_PERSON:
            continue
        nxt = next((x for x in lows[i + 1 :] if x not in _PLAIN_DEGREE and x != "am"), "")
        if w in ("my", "our", "mine", "ours", "myself", "ourselves"):
            return True
        if w == "me":
            if i and lows[i - 1] not in _ME_AFTER and not {"you", "your"} & set(lows[:i]):
                return True  # "they give me strength": about the speaker; "let me know" is not
            continue
        if w == "i" and nxt in _LIKING and _praises_listener(lows[i + 2 :]):
            continue  # "I love how you ...", "I love it when you ...": praise, not a preference
        if w in ("we", "we'll", "we'd") and (nxt in _MODALS or w == "we'll"):
            continue  # "we can do it", "we'll get there": the two of us, urged on
        if w == "we" and any(x in EVALUATIVE for x in lows[max(i - 2, 0) : i]) and nxt not in _PAST:
            continue  # "it's important (that) we support them": urged, not told
        if nxt and nxt not in _AFFECT and nxt not in EVALUATIVE:
            return True
    return False


def _kind(word: str, tag: str | None, *, initial: bool, shouting: bool, answering: bool = False) -> str:
    """``"empty"`` (no content), ``"content"`` (a name, number or time) or ``"unknown"``."""
    if any(c.isdigit() for c in word):
        return "content"
    if word in _MONTH_NAMES and not initial:
        return "content"  # "We moved in **May**": the month, not the modal
    low = _REPEATS.sub(r"\1\1", word.lower())
    if _empty_word(low) or _elongated(word) in INTERJECTIONS:
        return "empty"  # "Noooo", "Hiiii", "Byeee": an interjection drawn out
    if low.partition("'")[0] in _COUNTS_AND_TIMES:
        return "content"
    if word[:1].isupper() and not initial and not shouting and word != "I" and not word.startswith("I'"):
        return "content"  # a name: "We met Jon at Harbor Grill"
    if tag == "PROPN" and initial and not answering and low in lemma_bases("adj"):
        return "empty"  # "Brutal.", "Classic!": capitalised as the sentence opens, tagged a name (an answer, "Mexican.", is judged as usual)
    if tag in _POS_CONTENT:
        return "content"  # with a tagger: "**Tilly** helps me"
    if tag in _POS_EVALUATIVE:
        return "empty"  # with a tagger: "so **groovy**"
    return "unknown"


def _elongated(word: str) -> str:
    """A word drawn out for effect, each run of a letter said once ("Noooo" -> "no", "Heyyy" ->
    "hey"); "" when no letter is said three times or more ("good", "hmm" are as written)."""
    return _RUNS.sub(r"\1", word.lower()) if _REPEATS.search(word.lower()) else ""


def _empty_word(low: str) -> bool:
    if low in LEXICON or _REPEATS.sub(r"\1", low) in LEXICON or _LAUGH.match(low):
        return True
    if "-" in low:
        return all(_empty_word(part) for part in low.split("-") if part)
    if "'" in low:  # "that'll", "nothing's": the base word decides
        base, _, clitic = low.partition("'")
        return clitic in ("s", "re", "ll", "ve", "d", "m", "t") and base in LEXICON
    return False


def _participle(low: str) -> bool:
    """"thrilled", "winning" (not "breed", "thing"): the shape of a verb form, without a tagger."""
    return low.endswith("ing") and len(low) >= 6 or low.endswith("ed") and not low.endswith("eed") and len(low) >= 5


def _opens(sentence: str, at: int) -> bool:
    """Whether position ``at`` opens a sentence-like unit (after a quote, a colon, a dash ...)."""
    before = sentence[:at].rstrip()
    return not before or before[-1] in _SENTENCE_START


def _stem(word: str) -> str:
    low = word.lower().partition("'")[0]
    for suffix in ("ing", "ies", "ed", "es", "s"):
        if low.endswith(suffix) and len(low) - len(suffix) >= 3:
            low = low[: -len(suffix)]
            break
    return low.rstrip("e")


def _vocatives(text: str, *, names: frozenset[str], alone: bool) -> set[int]:
    """Start offsets of the words that address the listener: "Hey **Mel**!", "**Jon**, ...", "..., **Caroline**!".

    ``text`` has its formulas blanked out already. A capitalised word is a vocative when it
    opens what is left (after any interjections: "Thanks **Nate**!", "Wow, **Jon**, ...") or
    closes it after a comma ("..., **Caroline**!"), and is set off by punctuation. A known name
    (a speaker) is one wherever it opens or closes what is left ("Got it **Nate**, ...",
    "See you later **Joanna**!").
    """
    spans = [(m.start(), m.end()) for m in _WORD.finditer(text)]
    found: set[int] = set()
    opening = 0
    while opening < len(spans) and text[spans[opening][0] : spans[opening][1]].lower() in _LEADING:
        opening += 1
    for i, (a, b) in enumerate(spans):
        word = text[a:b]
        low = word.lower()
        if not word[:1].isupper() or word == "I" or low in LEXICON and low not in names:
            continue
        before = text[:a].rstrip()
        after = text[b:].lstrip()
        set_off = not after or after[0] in ",!?.;:)"
        closes = i == len(spans) - 1
        if low in names and (i == opening or closes):
            found.add(a)
        elif set_off and not alone and len(word) > 1 and (i == opening or closes and before.endswith(",")):
            found.add(a)
    return found


def _tags(doc: Doc | Span | None, offset: int, length: int) -> dict[int, str]:
    """Part-of-speech tags by character offset within the sentence (none without a tagger)."""
    if doc is None:
        return {}
    base = doc.start_char if hasattr(doc, "start_char") else 0
    out: dict[int, str] = {}
    for tok in doc:
        at = tok.idx - base - offset
        if 0 <= at < length and tok.pos_:
            out[at] = tok.pos_
    return out
