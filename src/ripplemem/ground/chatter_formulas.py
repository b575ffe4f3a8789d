"""The phatic formulas of English dialogue (:mod:`ripplemem.ground.chatter`): greetings,
closings, thanks and their answers, wellbeing questions, acknowledgements, encouragement and
sympathy, matched before the words of a sentence are read. Pure data: each formula is a
regular expression with the dialogue act it performs.
"""

from __future__ import annotations

import re
from typing import Literal

Act = Literal["content", "greeting", "closing", "thanks", "phatic_question", "reaction", "filler"]
ACTS: tuple[Act, ...] = ("content", "greeting", "closing", "thanks", "phatic_question", "reaction", "filler")

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
# the time since the last talk, as a lead-in's tail: "(Been a busy week) since we talked"
_SINCE_WE_TALKED = r"(?:\s+since\s+(?:we|i)\s+(?:last\s+)?(?:talked|chatted|spoke|caught\s+up))"
_TRY_IT = (
    rf"(?:(?:i'?ll|i\s+will|will|i'?m\s+gonna|gonna|i'?m\s+going\s+to|i\s+am\s+going\s+to|i'?d\s+love\s+to|i\s+want\s+to|i\s+might|i\s+should)\s+"
    rf"{_OPT_ADV}(?:have\s+to\s+|need\s+to\s+|try\s+to\s+)?)"
    rf"(?:check\s+{_IT}\s+out|give\s+{_IT}\s+a\s+(?:try|shot|go|whirl|look|listen|read|watch)|look\s+into\s+{_IT}|"
    rf"try\s+{_IT}(?:\s+out)?|add\s+{_IT}\s+to\s+(?:my|the)\s+(?:\w+\s+)?(?:list|queue|watchlist)|look\s+{_IT}\s+up)"
)
_HELP_OFFERED = (
    r"^\W*(?:(?:sure|yes|absolutely|certainly|of\s+course|ok|okay)\W+)?(?:i\s+can\s+(?:definitely\s+|certainly\s+)?|"
    r"i'?d\s+be\s+(?:happy|glad|delighted)\s+to\s+|(?:i'?m\s+)?(?:happy|glad)\s+to\s+)help"
    r"(?:\s+(?:you|out))?(?:\s+with\s+(?:that|this|it))?\W*$"
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
    # how the time since the last talk has been, and that things happened, with nothing of what:
    # "Been a busy week since we talked.", "Crazy stuff's been happening since we last chatted."
    ("filler", r"(?:it'?s\s+|it\s+has\s+|has\s+)?been\s+(?:(?:a|such\s+a|quite\s+a)\s+)?(?:(?:really|super|pretty|so)\s+)?"
               r"(?:busy|crazy|hectic|long|wild|rough|tough|strange|weird|eventful|mad)\s+(?:few\s+)?(?:day|week|weekend|month|days|weeks|months)"
               rf"{_SINCE_WE_TALKED}?(?=\W*$)"),
    ("filler", r"(?:(?:so\s+much|a\s+lot|lots)|(?:crazy|wild|big|exciting|interesting|cool)\s+(?:stuff|things))\s*"
               rf"(?:'s|has|have|'ve)\s+(?:been\s+(?:going\s+on|happening)|happened){_SINCE_WE_TALKED}?"),
    ("greeting", r"how\s+(?:can|may)\s+i\s+(?:help|assist)(?:\s+you)?(?:\s+today)?"),
    ("greeting", r"what\s+can\s+i\s+(?:help|do\s+for)\s+you\s+with(?:\s+today)?|what\s+can\s+i\s+do\s+for\s+you(?:\s+today)?"),
    ("phatic_question", r"how\s+(?:are|r)\s+(?:you|u|ya|things)(?:\s+(?:doing|going|holding\s+up|keeping|getting\s+on))?"
                        r"(?:\s+(?:today|lately|these\s+days))?"),
    ("phatic_question", r"how(?:'s|\s+is|\s+was|\s+has)\s+(?:it\s+going|life(?:\s+(?:been|treating\s+you))?|your\s+(?:day|week|weekend)"
                        r"(?:\s+(?:been|going))?|everything|things|it\s+been|everything\s+going)(?:\s+so\s+far)?"),
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
    # a wish for the listener's journey: "Have a safe trip!", "Safe travels!"
    ("closing", r"have\s+a\s+safe\s+(?:trip|flight|journey|drive|ride|trip\s+home|flight\s+home)|safe\s+(?:travels|trip|flight|journey)"),
    ("closing", r"(?:i'?ll|i\s+should|i\s+gotta|i\s+have\s+to|i\s+need\s+to|i\s+must|gotta|got\s+to|better)\s+"
                r"(?:let\s+you\s+go|let\s+you\s+get\s+back\s+to\s+(?:it|work|your\s+[\w'-]+)|get\s+going|go|run|head\s+out|"
                r"get\s+back\s+to\s+it|sign\s+off)(?:\s+now)?"),
    ("closing", r"(?:it\s+was\s+|it'?s\s+been\s+|was\s+)?(?:great|good|nice|lovely|fun|awesome)\s+(?:chatting|talking|catching\s+up)"
                r"(?:\s+(?:with\s+you|again))*"),
    ("closing", r"(?:let|lemme)\s+me\s+know"),
    ("closing", rf"(?:(?:i'?ll|i\s+will|will)\s+{_OPT_ADV})?keep(?:ing)?\s+(?:me|you|ya)\s+(?:posted|updated|in\s+the\s+loop){_HOW_IT}|"
                rf"(?:i'?ll|i\s+will|will)\s+{_OPT_ADV}(?:let\s+you\s+know|update\s+you){_HOW_IT}|"
                r"(?:you'?ll|you\s+will)\s+be\s+the\s+first\s+(?:one\s+)?to\s+know(?=\W*$)"),
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
    # an exclamative of a noun alone, anywhere in a turn: "What a view.", "What an adventure!"
    ("reaction", r"^\W*what\s+an?\s+(?:[\w'-]+\s+)?[\w'-]+\W*$"),
    ("reaction", r"way\s+to\s+go|keep\s+(?:it|that)\s+up|keep\s+up\s+the\s+\w+\s+work|keep\s+(?:going|at\s+it|pushing|it\s+going)|"
                 r"(?:you'?ve|you|we'?ve|we)\s+got\s+this|go\s+for\s+it|hang\s+in\s+there|you\s+can\s+do\s+it|you\s+rock|"
                 r"never\s+give\s+up|don'?t\s+give\s+up|(?:chase|follow|pursue|reach\s+for)\s+(?:your|those|our)\s+dreams|dreams?\s+come\s+true|"
                 r"(?:(?:never|don'?t)\s+stop\s+|keep\s+)?believ(?:e|ing)\s+in\s+yourself|"
                 r"(?:you'?re\s+(?:gonna|going\s+to)|you'?ll|you\s+will|go)\s+(?:totally\s+)?(?:kill|crush|nail|ace|smash|rock)\s+(?:it|this|that)|"
                 r"go\s+you|(?:you'?ll|you\s+will|you'?re\s+(?:gonna|going\s+to))\s+(?:totally\s+|definitely\s+|surely\s+)?get\s+there"),
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
                 r"(?:make|makes|making|made|have|has|having|had)\s+(?:a|an|such\s+an?)\s+(?:(?:real|big|huge|positive|lasting)\s+)?"
                 r"(?:change|difference|impact)|keep\s+(?:on\s+)?\w+ing\b"),
    # acknowledgement and agreement
    ("reaction", r"sounds\s+like\s+a\s+plan|fair\s+enough|got\s+it|i\s+see|i\s+hear\s+you|tell\s+me\s+about\s+it|"
                 r"i\s+know\s+right|same\s+here|me\s+too|you\s+too|same\s+to\s+you|same|likewise|for\s+sure|no\s+doubts?|"
                 r"sure\s+thing|you\s+bet|will\s+do|you\s+got\s+it|makes\s+sense|(?:it'?s\s+)?all\s+good|no\s+biggie|"
                 r"i\s+feel\s+you|i\s+get\s+(?:it|that)|been\s+there|it\s+happens|so\s+far\s+so\s+good|you\s+never\s+know|"
                 r"(?:i'?ll\s+)?keep\s+(?:that|this|it)\s+in\s+mind|that\s+makes\s+two\s+of\s+us|i'?m\s+all\s+ears|no\s+kidding"),
    ("reaction", r"^\W*(?:(?:ok|okay|oh|ah|alright|right)\W+)?(?:(?:duly\s+)?noted|understood|roger(?:\s+that)?|copy\s+that|gotcha)"
                 r"(?:\W+(?:thanks|thank\s+you|cheers))?\W*$"),
    # help offered with nothing named, the whole sentence: "Sure, I can help with that.", "Happy to help!"
    ("reaction", _HELP_OFFERED),
    # the answer found helpful, naming nothing, the whole sentence: "That's really helpful!", "Super useful, thanks."
    ("reaction", r"^\W*(?:(?:wow|oh|ok|okay|great|thanks|thank\s+you)\W+)?(?:(?:that|this|it)(?:'?s|\s+is|\s+was)\s+)?"
                 r"(?:(?:really|very|so|super|extremely|incredibly|quite|all|such)\s+)?"
                 r"(?:helpful|useful|informative|insightful|handy|enlightening|reassuring)"
                 r"(?:\s+(?:to\s+know|advice|information|info|tips?|stuff))?(?:\W+(?:thanks|thank\s+you|cheers)(?:\s+so\s+much)?)?\W*$"),
    # understanding what was asked, the whole sentence: "I understand the task.", "I completely understand your concern."
    ("reaction", r"^\W*(?:(?:ok|okay|sure|yes|alright)\W+)?i\s+(?:fully\s+|completely\s+|totally\s+|now\s+)?understand"
                 r"(?:\s+(?:the|your|this|that)\s+(?:task|request|question|instructions?|assignment|requirements?|concerns?|point|"
                 r"situation|frustration|feelings?|goal|brief))?\W*$"),
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
                 r"what\s+a\s+bummer|sending\s+(?:you\s+)?(?:lots\s+of\s+|so\s+much\s+|all\s+(?:my|the)\s+|big\s+|virtual\s+)?"
                 r"(?:love|hugs?|good\s+vibes|positive\s+vibes|prayers|strength|healing\s+vibes)"
                 r"(?:\s+and\s+(?:love|hugs?|prayers|strength))?(?:\s+your\s+way)?"),
    # a time of day as the whole greeting or goodnight: "Morning!", "Evening all!", "Night!"
    ("greeting", r"^\W*(?:(?:good\s+)?(?:morning|mornin'?|afternoon|evening)|hiya)(?:\s+(?:all|everyone|everybody|folks|guys|you|love))?\W*$"),
    ("closing", r"^\W*(?:night(?:\s+night)?|nighty\s+night|nite)(?:\s+(?:all|everyone|folks|guys|love))?\W*$"),
    # apologies for the silence, and how hectic things have been: "Sorry I went quiet"
    ("reaction", r"sorry\s+(?:i\s+|i'?ve\s+|for\s+)?(?:went|going|been|being|was|have\s+been)\s+(?:so\s+)?(?:quiet|mia|awol|silent|off\s+the\s+grid|slow|absent)|"
                 r"sorry\s+for\s+(?:the\s+)?(?:late|slow)\s+(?:reply|response|answer)|sorry\s+for\s+the\s+(?:delay|silence)|"
                 r"(?:things|life|it|work)\s+(?:has|have|'s|'ve)\s+been\s+(?:so\s+|a\s+bit\s+|pretty\s+|really\s+)?(?:mad|crazy|hectic|nuts|wild|manic|busy|insane)"),
    # lead-ins and wellbeing answers: "Before I forget: ...", "Got a minute?", "Can't complain."
    ("filler", r"before\s+i\s+forget|(?:have\s+you\s+)?got\s+a\s+(?:minute|moment|sec|second)|all\s+things\s+considered|"
               r"(?:i\s+)?can'?t\s+complain|(?:i\s+)?mustn'?t\s+grumble|could\s+be\s+(?:worse|better)|bless\s+you|trust\s+me|believe\s+me"),
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
_OFFER = (
    r"(?:i'?d|i\s+would|i'?ll|i\s+will|i'?m|i\s+am)\s+(?:be\s+)?(?:more\s+than\s+|always\s+|also\s+|just\s+)?"
    r"(?:happy|glad|delighted|here|available|do\s+my\s+best)\s+to\s+(?:help|assist)"
)
REPLY_CLOSING = re.compile(
    rf"^\W*(?:(?:i\s+)?(?:really\s+|sincerely\s+|do\s+)?hope|hopefully)\s+(?:that\s+)?{_THESE}\s+(?:[\w'-]+\s+){{0,3}}?"
    rf"{_REPLY_NOUNS}(?![\w'])[^?\d]*$"
    r"|^\W*(?:do|does)\s+you\s+have\s+any\s+(?:other|more|further|additional|follow-up)\s+questions?"
    r"(?:\s+or\s+(?:concerns?|comments?|requests?))?(?![\w'])[^.!]*\?\W*$"
    rf"|^\W*(?:by\s+[\w'-]+ing|with)\s+{_THESE}\s+[^.!?]*?(?:you'?ll|you\s+will|you'?re|you\s+are)\s+(?:be\s+)?"
    r"(?:well\s+)?on\s+(?:your|the|a\s+good)\s+(?:way|path|road|track)\s+to(?![\w'])[^?]*$"
    # "Let me know if there's anything else I can assist you with.": an offer to end on
    r"|^\W*(?:just\s+|please\s+)?let\s+me\s+know\s+if\s+(?:there'?s|there\s+is)\s+anything(?:\s+else)?\s+(?:i\s+can|you\s+need)(?![\w'])[^?\d]*$"
    # "I hope this helps you get started!": the reply helping, whatever with
    rf"|^\W*(?:i\s+)?(?:really\s+)?hope\s+(?:that\s+)?(?:this|that|{_THESE}\s+{_REPLY_NOUNS})\s+(?:helps?|is\s+helpful|was\s+helpful)(?![\w'])[^?\d]*$",
    re.I,
)
# An answer's closing offer of more help: "As for your trip, I'd be happy to help you with more
# tips.", "Just let me know what you're interested in, and I'll do my best to assist you!". Only
# at the end of an assistant's answer (``write.answer_tail``): between two people
# "I'd be happy to help you paint the fence on Saturday!" is a plan.
ANSWER_OFFER = re.compile(
    rf"^\W*(?:(?:and|so|also|as\s+for\s+[^,.!?]{{1,60}},)\s*)?{_OFFER}(?![\w'])[^?\d]*$"
    rf"|^\W*(?:just\s+|please\s+)?let\s+me\s+know\b[^.!?\d]*?(?:{_OFFER}|\b(?:help|assist)\s+(?:you|further))(?![\w'])[^?\d]*$",
    re.I,
)
# An assistant asking for the material it is to work on ("Please provide me with the cover letter
# and I'll get started.", "Could you paste the text here?", "Send me the draft when you're
# ready."): the answer has not begun, and nothing is known yet. Only in an assistant's turn
# (``write.extract_rule``): the user's "Please provide me with a cover letter template" asks for
# content.
_MATERIAL = (
    r"(?:text|draft|details?|information|info|letter|document|file|code|passage|article|essay|list|data|content|"
    r"link|script|paragraph|resume|cv|story|poem|email|message|question|prompt|description|requirements|specifics|"
    r"context|material|transcript|report|summary|outline|notes?|excerpt|lyrics|dataset|table|spreadsheet|"
    r"screenshot|output|error\s+message|errors?|logs?|input|sentences?|words?|topic)s?"
)
INPUT_REQUEST = re.compile(
    _HELP_OFFERED + r"|"  # "Sure, I can help with that.": after "Can you help me ...?" it answers, and says nothing
    r"^\W*(?:(?:could|can|would|will)\s+you\s+)?(?:please\s+|kindly\s+)?"
    r"(?:provide|share|send|paste|give|upload|attach|forward|post|copy|tell)\s+(?:(?:me|us)\s+)?(?:with\s+)?"
    r"(?:the|your|some|more|any|additional|further|a\s+copy\s+of\s+(?:the|your))\s+(?:[\w'-]+\s+){0,4}?"
    rf"{_MATERIAL}(?![\w'])(?:\s+(?:about|on|of|for)\s+(?:(?!\s(?:with|to|from)\s)[^.!?,:]){{1,40}}?)?"
    r"(?:\s+(?:here|below|now|first|again|please|in\s+full|when\s+you'?re\s+ready|if\s+you\s+(?:can|like|want|have\s+(?:it|them)))"
    r"|\s*,?\s*(?:and|so(?:\s+that)?)\s+i(?:\s+(?:can|will|could)|'ll)\s+[^.!?]*)*\W*$",
    re.I,
)
# Interrogatives that ask for a place, a time, a choice or an amount: the answer is a fact.
FACT_QUESTION = re.compile(r"(?:where|when|which|how\s+(?:long|many|much|often|far|old|soon))(?![\w'])", re.I)
FORMULA_RES = tuple((act, re.compile(rf"(?<![\w'])(?:{p})(?![\w'])", re.I)) for act, p in _FORMULAS)
# Any formula at all, in one pass: most sentences hold none, and then the formulas one by one
# (each a pass of its own) find nothing either.
ANY_FORMULA = re.compile(r"(?<![\w'])(?:" + "|".join(f"(?:{p})" for _, p in _FORMULAS) + r")(?![\w'])", re.I)

# a promise to try what was recommended, alone: see chatter.promises_to_try
TRY_IT_RE = re.compile(rf"(?<![\w'])(?:{_TRY_IT})(?![\w'])", re.I)
# a bare tag closing a statement, which a restatement leaves out: an auxiliary's negation and
# a pronoun, with or without its comma and question mark ("I should start one, shouldn't I?",
# "I really should start one shouldn't I."), or ", right?", ", huh?", ", don't you think?"
STATEMENT_TAG = re.compile(
    r"(?:,\s*|\s+)(?:(?:is|are|was|were|do|does|did|have|has|had|can|could|would|should|must|might|need)n't|won't|ain't|shan't)"
    r"\s+(?:i|it|he|she|they|you|we|that|there|this)\s*[?.!]*\s*$"
    r"|,\s*(?:right|huh|eh|no|don't\s+you\s+think|you\s+know)\s*\?+\s*$",
    re.IGNORECASE,
)
# a question tagged on a statement: ", isn't it?", ", don't you think?", ", right?", ", huh?"
TAG_QUESTION = re.compile(
    r",\s*(?:(?:is|are|was|were|do|does|did|have|has|had|can|could|will|would|should)n't\s+"
    r"(?:i|it|he|she|they|you|we|that|there|this)(?:\s+[a-z]+)?|don't\s+you\s+think|right|huh|eh|no)\s*\?+\s*$",
    re.IGNORECASE,
)
