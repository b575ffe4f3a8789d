"""The word classes the pleasantry rule reads (:mod:`ripplemem.ground.chatter`). Pure data.

Closed classes of English (function words, interjections, modals, forms of "be"), and the
open-class words that carry no referent in small talk: evaluative adjectives, degree adverbs,
affect and social verbs, nouns that name no thing in the world. A sentence whose every word
falls in these classes (once its formulas are set aside) is a pleasantry.
"""

from __future__ import annotations


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
    forward ahead back afterwards afterward sometime someday somewhere anywhere everywhere nowhere further
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
    busy curious typical classic predictable favorite favourite intense challenging"""
)
# Degree, stance and hedging adverbs: they grade an evaluation and add nothing of their own.
DEGREE = _words(
    """really so very super totally absolutely completely truly quite extremely incredibly definitely
    seriously honestly literally certainly surely clearly obviously especially simply deeply
    greatly highly well sure indeed exactly precisely kinda sorta big
    actually basically probably maybe perhaps hopefully luckily fortunately unfortunately
    sooo soooo alot together"""
)
# The listener's virtues: naming one praises ("You really showed such grit"), and it names no thing.
VIRTUES = _words(
    """talent talents potential dedication determination perseverance persistence resilience commitment bravery
    courage guts grit resourcefulness willingness power ability abilities skills spirit confidence self-belief"""
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
    congratulate remind reminds reminded remember miss missed exist deserve deserves
    cherish cherishes cherished cherishing savor savour savoring savouring relish treasure treasured
    chase chasing pursue pursuing reaching continue continues continued continuing fill"""
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
    friendship supporter supporters teamwork hope joy happiness peace gratitude
    pleasure honor honour pride
    impact plans goals
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
MONTH_NAMES = frozenset(m.capitalize() for m in MONTHS)  # "May" is a month only when capitalised
# A first-person subject followed by one of these speaks to the listener, not about oneself.
AFFECT = _words(
    """glad happy sorry proud hope hoping bet think thought agree wish guess know knew sure can't cannot
    appreciate appreciated understand imagine impressed feel here"""
)
STANCE = _words("hope hoping wish wishing bet sure glad proud impressed appreciate enjoy imagine congrats congratulations kudos")  # evaluative acts
FIRST_PERSON = _words("i i'm i've i'd i'll me we we're we've we'd we'll my our mine ours myself ourselves")
LIKING = _words("love like adore")
# "like" after these is the preposition of a likeness, not a liking: "sounds like", "just like"
LIKE_PREPOSITION_AFTER = _words(
    """sound sounds sounded look looks looked seem seems seemed feel feels felt just more much exactly kinda
    sorta is was it's that's"""
)
ME_AFTER = _words("let lemme to for with tell thank thanks help helping about like of remind reminds show in on")
VERB_AFTER = _words(
    """i you we they he she it to do does did don't didn't doesn't will would can could should might must
    is was are were be been being am have has had 's 're 've it's that's you're they're we're
    may won't wouldn't can't couldn't shouldn't you'll we'll they'll i'll it'll you'd we'd they'd
    gonna wanna gotta not never just really always also even still already let's lets and"""
)
YES_NO = _words("yes yeah yep yup yea no nope nah definitely absolutely sure certainly never")
# Past forms: a statement in the past tense narrates an event, unless it praises what "you" did.
PAST_FORMS = _words(
    """was were had did went came saw took gave found won lost bought met ran began wrote told said felt
    left brought caught taught held built sent spent sold drove flew ate drank swam sang wore fell grew
    knew threw chose spoke broke woke rode stole shook became overcame"""
)
MODALS = _words("can could will would should shall might must gotta 'll")
# what follows a gerund subject: "Losing a pet **is** so painful", "Starting a business **can** be tough"
GENERIC_VERBS = _words("is isn't was wasn't can can't could must might may will would 's takes makes")
# the words a yes-no question opens with: "**Did** you like it, or not really?" asks, whatever its tag
POLAR_OPENERS = _words("is are was were am do does did have has had can could will would should shall may might ever got wanna gonna")

GET_FORMS = _words("get gets got getting gotten")  # "get involved": a participle after it is a verb
BE_FORMS = _words("is was are were be been being am 's 're it's that's you're they're we're")
# combinations the per-word tests read, built once (not once per word)
COUNTS_AND_TIMES = TIME_WORDS | NUMBER_WORDS
NOUN_MODIFIERS = DEGREE | PLAIN_ADJECTIVES
VERB_BEFORE = VERB_AFTER - BE_FORMS
PLAIN_DEGREE = DEGREE - AFFECT
LEXICON = FUNCTION_WORDS | INTERJECTIONS | PLAIN_ADJECTIVES | EVALUATIVE | DEGREE | ADDRESS | SOCIAL_VERBS | EMPTY_NOUNS | VIRTUES

LEADING = INTERJECTIONS | _words("thanks thank you good morning evening afternoon night dear my friend buddy")

# What a verbless phrase may hold besides its own words: determiners, a few prepositions and
# particles of degree ("What a mess.", "Chaos here.", "Free evening though!"). Any other
# function word (a pronoun, an auxiliary: "it's", "was") makes a clause, not a fragment.
FRAGMENT_GLUE = _words(
    """a an the this that these those some such what how here there though tho again all still too also even
    just only so and or of in on at for with from like not no much more most less every each quite rather
    other another same enough own ever"""
)
DETERMINERS = _words("the a an some this that these those any every each")

# "Remember to have fun", "you can do it", "you might discover hidden gems" are what a closing
# wishes; "make sure", "try", "you could", "you may want to" tell what to do
ADVICE_OPENINGS = (("make", "sure"), ("be", "sure"), ("don't", "forget"), ("try",), ("consider",), ("avoid",))
ADVICE_MODALS = (("should",), ("could",), ("might", "want"), ("may", "want"))
