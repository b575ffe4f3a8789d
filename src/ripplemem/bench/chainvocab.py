"""The words of the chain generator (``bench.chaingen``): people, places, things, templates.

Written for this generator, not taken from any benchmark. Templates are ``str.format``
strings; the slots a family fills are named in the comment above each block. ``{X}`` and
``{V}`` are the capitalised forms of ``{x}`` and ``{v}`` (used at the start of a sentence);
``{he}``, ``{his}``, ``{him}`` follow the person the sentence is about.
"""

from __future__ import annotations

from typing import Final

# ---------------------------------------------------------------- people and places

SPEAKERS: Final = (
    "Sam", "Maya", "Alex", "Jordan", "Nina", "Theo", "Ruth", "Ben", "Iris", "Kai", "Leah", "Owen", "Tess",
    "Milo", "Ada", "Reza", "Lotte", "Caleb", "June", "Ravi", "Elsa", "Noah", "Mira", "Finn", "Gwen", "Sana",
    "Jasper", "Lina", "Hector", "Pia", "Ivo", "Cora", "Dev", "Esme", "Joel", "Anouk",
)
WOMEN: Final = (
    "Lena", "Odile", "Priya", "Rosa", "Hana", "Ines", "Marta", "Yuki", "Nadia", "Greta", "Aisha", "Clara",
    "Freya", "Leila", "Noor", "Sofia", "Tamsin", "Vera", "Zoe", "Ingrid", "Beatriz", "Amara", "Chiara",
    "Dalia", "Elif", "Fiona", "Ilse", "Jana", "Keiko", "Lucia", "Mirela", "Orla", "Paloma", "Rhea", "Saskia",
    "Thea", "Ulla", "Wanda", "Ximena", "Yara", "Agnes", "Bettina", "Carmen", "Delphine", "Edith", "Hilde",
)
MEN: Final = (
    "Omar", "Bruno", "Jonas", "Marco", "Felix", "Rui", "Tomas", "Dmitri", "Kwame", "Luca", "Arjun", "Bastian",
    "Cyril", "Dario", "Emeka", "Farid", "Goran", "Hugo", "Idris", "Joaquin", "Kenji", "Leon", "Mateo", "Nils",
    "Oskar", "Pavel", "Quentin", "Rafael", "Stefan", "Teo", "Umar", "Viktor", "Wim", "Yusuf", "Zoltan",
    "Anton", "Bjorn", "Casimir", "Desmond", "Elias", "Gustavo", "Horace", "Ivan", "Lorenzo", "Malik",
)
# (relation, pronoun or None when either fits)
RELATIONS: Final = (
    ("stepfather", "he"), ("stepmother", "she"), ("aunt", "she"), ("uncle", "he"), ("neighbour", None),
    ("swim coach", None), ("landlady", "she"), ("landlord", "he"), ("old flatmate", None),
    ("sister-in-law", "she"), ("brother-in-law", "he"), ("godmother", "she"), ("godfather", "he"),
    ("boss", None), ("piano teacher", None), ("cousin", None), ("grandmother", "she"), ("grandfather", "he"),
    ("colleague", None), ("physio", None), ("mentor", None), ("yoga teacher", None), ("niece", "she"),
    ("nephew", "he"), ("climbing partner", None), ("team captain", None), ("former teacher", None),
    ("running buddy", None), ("tutor", None), ("bandmate", None), ("oldest friend", None), ("great-aunt", "she"),
)
VENUES: Final = (
    "Casa Verde", "the Copper Pot", "Luna Azul", "the Salt House", "Bistro Margaux", "the Juniper Room",
    "the Lantern", "Mercado 21", "Saffron Court", "the Tin Whistle", "Villa Rosa", "the Blue Door",
    "Fennel and Fig", "the Old Granary", "Kasbah Garden", "the Grain Store", "Piccolo", "the Wild Hare",
    "Bodega Sur", "Maison Brune", "the Alder Tree", "Quay Street Kitchen", "the Red Kite", "Zest",
    "the Orchard Table", "Olive and Ash", "the Fox and Fiddle", "the Ember Room", "Cafe Brio", "the Signal Box",
    "the Lighthouse", "Dill", "the Glasshouse", "Roots", "the Brass Monkey", "the Larder", "Hearth", "the Mill Race",
    "Nettle", "Bar Celeste", "the Cellar Door", "the Golden Hind", "Marlowe's", "the Yellow Awning", "Tamarind",
    "the Corner Table", "Ortolan", "the Walled Garden", "Pepper and Vine", "the Long Room", "Alma", "the Hayloft",
)
CITIES: Final = (
    "Porto", "Ghent", "Lyon", "Bologna", "Krakow", "Tallinn", "Bergen", "Seville", "Utrecht", "Trieste",
    "Valencia", "Leipzig", "Aarhus", "Ljubljana", "Salzburg", "Bilbao", "Nantes", "Graz", "Turku", "Cork",
    "Gdansk", "Brno", "Genoa", "Malaga", "Rotterdam", "Basel", "Bordeaux", "Edinburgh", "Galway", "Riga",
    "Vilnius", "Split", "Plovdiv", "Coimbra", "Innsbruck", "Dresden", "Lille", "Montpellier", "Bruges", "Antwerp",
)
OCCASIONS: Final = (
    "birthday", "anniversary", "retirement lunch", "farewell drinks", "graduation", "promotion celebration",
    "welcome-home meal", "engagement party", "fortieth", "name day", "leaving do", "sixtieth",
    "recovery celebration", "birthday brunch", "retirement dinner",
)

# ---------------------------------------------------------------- 1. constraint chain
# E1 slots: {rec} recommender (first mention), {Rec} capitalised, {rp} recommender pronoun,
# {v} venue, {xo} the guest as object ("you", "my stepfather Bruno"), {xp} the guest's
# possessive ("your", "my stepfather Bruno's"), {occ} the occasion.
RECOMMEND: Final = (
    "{Rec} recommended {v} for {xp} {occ}, {rp} says the place never disappoints.",
    "{Rec} thinks we should take {xo} to {v} for the {occ}.",
    "I asked {rec} where to go for {xp} {occ} and {rp} said {v}, no hesitation.",
    "{Rec} keeps telling me {v} would be perfect for {xp} {occ}.",
    "Guess what {rec} suggested for {xp} {occ}: {v}. Very sure about it, too.",
    "So for {xp} {occ}, {rec} put forward {v}, {rp} goes there all the time.",
    "{Rec} has a tip for {xp} {occ}: book {v}, apparently it's lovely in the evening.",
    "If we're doing something for {xp} {occ}, {rec} says {v} is the one.",
    "{Rec} sent me a link to {v}, {rp} reckons it's just the spot for {xp} {occ}.",
    "Planning {xp} {occ} is stressing me out, but {rec} recommended {v}, so that's one idea.",
    "Quick update on {xp} {occ}: {rec} swears by {v} and offered to call them for us.",
    "{Rec} was raving about {v} again and said we should go there for {xp} {occ}.",
)
RECOMMENDERS_AS: Final = ("my friend", "my barber", "my sister's friend", "our friend", "")  # never a RELATIONS word
# the question: {R} recommender's name, {xq} the guest's possessive ("Maya's", "Sam's stepfather's"), {occ}
CONSTRAINT_Q: Final = (
    "Is {R}'s suggestion a good fit for {xq} {occ}?",
    "Should {S} follow {R}'s recommendation for {xq} {occ}?",
    "Would the place {R} recommended suit {xq} {occ}?",
    "Is the venue {R} suggested a sensible choice for {xq} {occ}?",
    "Does {R}'s tip for {xq} {occ} work out?",
    "Is {R}'s idea for {xq} {occ} a good one?",
    "Can {S} go ahead with {R}'s pick for {xq} {occ}?",
)
# the other speaker asks about the venue; the answer (E2) no longer names it
VENUE_LEAD: Final = (
    "Have you ever been to {v}?",
    "Do you know {v}, by the way?",
    "What's {v} like? I keep walking past it.",
    "Someone mentioned {v} to me, any good?",
    "Wait, is {v} that place near the station?",
)
REPLY_OPENERS: Final = ("Once, for a work lunch. ", "Yes! ", "Ages ago. ", "Only once. ", "Oh, I know it. ", "")
# axis: (bad: the venue clashes, ok: it does not, bad_short, ok_short, need_short,
#        need3: the constraint of a named or related guest, need1: said by the guest)
AXES: Final[dict[str, dict[str, tuple[str, ...] | str]]] = {
    "seafood": {
        "bad": ("{V} is a seafood place, basically everything on the menu comes out of the sea.",
                "The menu at {v} is all shellfish and fish, there's nothing else on it.",
                "{V} does oysters, crab and mussels, that's the whole menu.",
                "I went to {v} once, it's strictly fish and shellfish, even the starters."),
        "ok": ("{V} has no fish or shellfish at all, it's a vegetable kitchen.",
               "Nothing from the sea at {v}, it's all grilled vegetables and grains."),
        "need3": ("{X} is seriously allergic to seafood, {he} carries an EpiPen everywhere.",
                  "{X} had a reaction to prawns last month, turns out {he}'s allergic to all shellfish.",
                  "Cooking for {x} is a puzzle, {he} can't eat any fish or shellfish because of an allergy.",
                  "{X} ended up in A&E after one bite of a crab cake, the seafood allergy is no joke."),
        "need1": ("I found out I'm allergic to seafood, so no more prawns for me.",
                  "The allergist confirmed it: shellfish and fish are off the menu for me for good.",
                  "I can't touch seafood anymore, my throat closed up after some mussels."),
        "bad_short": "serves almost only seafood", "ok_short": "serves no seafood",
        "need_short": "is allergic to seafood",
    },
    "peanut": {
        "bad": ("{V} puts peanuts in nearly everything, satay, crushed nuts on every plate.",
                "At {v} even the salads come covered in peanut sauce.",
                "{V} is a satay house, the peanut dressing is their whole thing."),
        "ok": ("{V} is completely nut-free, they're strict about it in the kitchen.",
               "They banned nuts at {v} years ago, not a single peanut in the building."),
        "need3": ("{X} has a bad peanut allergy, even a trace sets {him} off.",
                  "{X} can't be anywhere near peanuts, {he} reacts to the smell alone.",
                  "We always check labels for {x}, {his} nut allergy is severe."),
        "need1": ("My peanut allergy is getting worse, a trace of satay sauce gave me hives.",
                  "I have to carry my EpiPen because of peanuts, even a crumb is a problem."),
        "bad_short": "puts peanuts in almost every dish", "ok_short": "is completely nut-free",
        "need_short": "has a peanut allergy",
    },
    "vegetarian": {
        "bad": ("{V} is a steakhouse, the only green thing on the plate is parsley.",
                "At {v} it's all grilled meat, there's not one vegetarian main.",
                "{V} is a barbecue joint, ribs and brisket and nothing else really."),
        "ok": ("{V} is fully vegetarian, not a scrap of meat on the menu.",
               "Everything at {v} is plant-based, even the gravy."),
        "need3": ("{X} went vegetarian years ago and won't eat anything that had a face.",
                  "{X} doesn't eat meat at all, {he}'s been strict about it since university.",
                  "Don't offer {x} a burger, {he} is a committed vegetarian."),
        "need1": ("I've stopped eating meat completely, vegetarian for a year now.",
                  "No meat for me anymore, I'm fully vegetarian these days."),
        "bad_short": "serves almost only meat", "ok_short": "is fully vegetarian",
        "need_short": "is vegetarian",
    },
    "gluten": {
        "bad": ("{V} is all fresh pasta and bread, they don't do anything gluten-free.",
                "At {v} everything is wheat: pizza, pasta, focaccia, and they can't swap it.",
                "{V} is a bakery cafe, it's pastry and sandwiches from morning to close."),
        "ok": ("The whole kitchen at {v} is gluten-free, even the cakes.",
               "{V} is certified gluten-free, they're really careful."),
        "need3": ("{X} was diagnosed with coeliac disease, so no wheat at all for {him}.",
                  "{X} gets really ill from gluten, a bit of bread crumb is enough.",
                  "Baking for {x} is tricky now, {he} can't have any gluten."),
        "need1": ("The doctor says I'm coeliac, so bread and pasta are out for me.",
                  "I found out gluten is what's been making me ill, I have to cut wheat completely."),
        "bad_short": "has nothing gluten-free", "ok_short": "is entirely gluten-free",
        "need_short": "has coeliac disease",
    },
    "dairy": {
        "bad": ("{V} is a fondue place, melted cheese on everything.",
                "At {v} every dish comes with cream or cheese, it's a dairy festival.",
                "{V} is basically a cheese bar, forty kinds on the board."),
        "ok": ("{V} cooks without any dairy, they use oat milk for everything.",
               "There's no milk, butter or cheese in anything at {v}."),
        "need3": ("{X} is badly lactose intolerant, a bit of cheese and {he}'s ill for a day.",
                  "{X} can't have any milk products, doctor's orders.",
                  "Remember that {x} can't do dairy, not even butter."),
        "need1": ("Turns out I'm lactose intolerant, so cheese is a no for me now.",
                  "I've had to cut out dairy entirely, milk makes me really unwell."),
        "bad_short": "is built around cheese and cream", "ok_short": "uses no dairy",
        "need_short": "is badly lactose intolerant",
    },
    "spice": {
        "bad": ("{V} is a Sichuan hot pot place, everything is fiery, the chilli is the point.",
                "At {v} the mildest dish still makes me cry, they don't tone it down.",
                "{V} does those extra hot curries, there's no mild option."),
        "ok": ("Everything at {v} is gentle, they don't really use chilli.",
               "{V} is mild home cooking, nothing hot at all."),
        "need3": ("{X} can't handle any chilli, {his} stomach ulcer flares up straight away.",
                  "{X} has reflux and has to avoid spicy food completely.",
                  "Even a pinch of pepper is too hot for {x}, {he} needs everything mild."),
        "need1": ("Since the ulcer I can't eat anything spicy, not even a little chilli.",
                  "My stomach has given up on hot food, mild only for me now."),
        "bad_short": "only serves very hot, spicy food", "ok_short": "serves only mild food",
        "need_short": "cannot eat spicy food",
    },
    "stairs": {
        "bad": ("{V} is up three flights of stairs and there's no lift.",
                "You reach {v} by a steep spiral staircase, nothing step-free.",
                "The dining room at {v} is in the basement, down a narrow staircase, no ramp.",
                "{V} is lovely but it's a first-floor walk-up with no lift at all."),
        "ok": ("{V} is step-free, there's a ramp and a big lift.",
               "Everything at {v} is on the ground floor, no steps anywhere."),
        "need3": ("{X} uses a wheelchair since the accident, so we plan everything around ramps.",
                  "{X} is in a wheelchair for the next few months after the knee operation.",
                  "{X} can't manage steps anymore, {he} uses a wheelchair outside the house.",
                  "Getting {x} anywhere takes planning now, {he}'s in a wheelchair."),
        "need1": ("I'm in a wheelchair for a while after the surgery, so steps are impossible for me.",
                  "Since the fall I've been using a wheelchair, ramps are my new obsession."),
        "bad_short": "can only be reached by stairs", "ok_short": "is step-free",
        "need_short": "uses a wheelchair",
    },
    "noise": {
        "bad": ("{V} has a live band every night, you have to shout to be heard.",
                "It's so loud at {v}, a DJ plays from seven until close.",
                "{V} is fun but deafening, music blaring and people yelling over it."),
        "ok": ("{V} is really quiet, soft music and thick carpets, you can whisper.",
               "You can actually hear each other at {v}, no music at all."),
        "need3": ("{X} hates loud places, {he} leaves as soon as the music gets going.",
                  "{X} has a hearing aid and noisy rooms are torture for {him}.",
                  "{X} gets migraines from noise, so any crowded, booming room is out."),
        "need1": ("I can't stand noisy places anymore, the racket gives me a headache.",
                  "My hearing aid turns every busy room into a roar, I avoid loud places now."),
        "bad_short": "is very loud, with live music every night", "ok_short": "is very quiet",
        "need_short": "cannot stand loud places",
    },
    "price": {
        "bad": ("{V} is a tasting-menu place, about 180 a head before wine.",
                "The bill at {v} is eye-watering, nothing under fifty for a main.",
                "{V} is the fanciest place in town, the prices are ridiculous."),
        "ok": ("{V} is really cheap, two courses for twelve.",
               "You can eat well at {v} for under fifteen, it's a bargain."),
        "need3": ("{X} is saving every penny for the house deposit, {he} won't spend on meals out.",
                  "{X} lost {his} job in spring, money is really tight for {him}.",
                  "{X} is on a strict budget this year, the student loan is brutal."),
        "need1": ("Money is really tight for me until the new contract starts, I'm watching every cent.",
                  "I'm saving for a deposit, so expensive meals out are off for me."),
        "bad_short": "is very expensive", "ok_short": "is cheap",
        "need_short": "is on a very tight budget",
    },
    "dress": {
        "bad": ("{V} has a strict dress code, jacket and tie or they turn you away.",
                "At {v} they insist on formal wear, no trainers, no jeans."),
        "ok": ("{V} is super casual, people turn up in shorts.",
               "Nobody dresses up at {v}, jeans are totally fine."),
        "need3": ("{X} refuses to wear a suit, {he} owns exactly one pair of jeans and trainers.",
                  "{X} hates dressing up, {he} walked out of a wedding because of a tie rule."),
        "need1": ("I refuse to dress up anymore, if it's not jeans I'm not going.",
                  "I gave away my last suit, formal clothes are not for me."),
        "bad_short": "has a strict formal dress code", "ok_short": "is casual",
        "need_short": "refuses to dress up",
    },
    "alcohol": {
        "bad": ("{V} is a cocktail bar really, drinking is the whole point of the place.",
                "At {v} it's all wine pairings, they push the bottles hard."),
        "ok": ("{V} is alcohol-free, great juices and mocktails.",
               "They don't serve any alcohol at {v}, it's a dry cafe."),
        "need3": ("{X} has been sober for two years, {he} stays away from bars.",
                  "{X} doesn't touch alcohol, and a room full of drinkers makes {him} uneasy."),
        "need1": ("I've been sober for eighteen months, so I keep away from bars.",
                  "I quit alcohol completely, being around heavy drinking is hard for me."),
        "bad_short": "is all about drinking", "ok_short": "serves no alcohol",
        "need_short": "does not drink alcohol",
    },
    "distance": {
        "bad": ("{V} is an hour's drive out of town and there's no bus.",
                "You can only get to {v} by car, it's up a lane in the hills."),
        "ok": ("{V} is right next to the tram stop, easy to reach.",
               "It's a short walk from the station to {v}, no car needed."),
        "need3": ("{X} doesn't drive and gets horribly carsick on any long ride.",
                  "{X} lost {his} licence after the eye problems, so no driving for {him}."),
        "need1": ("I don't drive, and long car rides make me sick.",
                  "My licence is suspended for a year, so it's trains and buses for me."),
        "bad_short": "is only reachable by car", "ok_short": "is easy to reach by public transport",
        "need_short": "cannot drive or travel by car",
    },
    "scent": {
        "bad": ("{V} burns incense and candles everywhere, the smoke hangs in the air.",
                "At {v} the air is thick with scented candles, it's their signature."),
        "ok": ("{V} keeps the air clean, no candles, big open windows.",
               "There's nothing smoky at {v}, it's airy and fresh."),
        "need3": ("{X} has severe asthma, smoke or strong perfume sets {him} off.",
                  "{X} ended up needing the inhaler after one whiff of incense, the asthma is bad."),
        "need1": ("My asthma is terrible this year, any smoke and I'm wheezing.",
                  "I had an asthma attack in a shop full of candles, I avoid smoky rooms now."),
        "bad_short": "is full of incense and candle smoke", "ok_short": "has clean, fresh air",
        "need_short": "has severe asthma",
    },
}

# ---------------------------------------------------------------- 2. bridge via a giver
THING_ADJECTIVES: Final = (  # colours and looks that suit any of the nouns
    "blue", "green", "red", "yellow", "orange", "purple", "navy", "grey", "pink", "striped", "spotted", "vintage",
    "hand-painted", "second-hand", "tiny", "enormous", "mustard", "turquoise",
)
THING_NOUNS: Final = (
    "kettle", "teapot", "scarf", "notebook", "lamp", "clock", "bowl", "vase", "camera", "chess set", "umbrella",
    "backpack", "mug", "jumper", "radio", "telescope", "fountain pen", "picture frame", "cookbook", "bike bell",
    "music box", "wallet", "hip flask", "bread tin", "candle holder", "jewellery box", "compass", "watering can",
)
# {g} the giver as E1 names them ("my aunt Rosa", "Rosa"), {G} capitalised, {thing} "a blue kettle",
# {it} "the blue kettle"
GIFT: Final = (
    "{G} gave me {thing} for no reason at all, I use it every day.",
    "This {noun}? {G} gave it to me, isn't it lovely?",
    "I finally unwrapped the parcel from {g}: {thing}, gorgeous.",
    "{Thing} arrived in the post, a present from {g}.",
    "Got {thing} as a thank-you from {g} after I helped with the move.",
    "{G} surprised me with {thing} when I got the new job.",
    "My favourite thing in the flat right now is {it} that {g} gave me.",
    "{G} made a card and gave me {thing} with it, so sweet.",
)
# attribute: (question, E2 statements with {G}/{g}, {val}; answer template)
GIVER_FACTS: Final[dict[str, tuple[str, tuple[str, ...], str]]] = {
    "city": (
        "Which city does the person who gave {S} {it} live in?",
        ("{G} moved to {val} last spring, {he} loves it there.", "{G} has a flat in {val} now, near the old harbour.",
         "{G} is based in {val} these days.", "{G} settled in {val} after retiring, I should visit."),
        "{val}",
    ),
    "job": (
        "What does the person who gave {S} {it} do for work?",
        ("{G} is a {val}, has been for twenty years.", "{G} trained as a {val} and still loves it.",
         "{G} finally qualified as a {val} this year."),
        "a {val}",
    ),
    "moving": (
        "Where is the person who gave {S} {it} moving to?",
        ("{G} is relocating to {val} in the autumn.", "{G} got a transfer to {val}, leaving in a month.",
         "Big news from {g}: {he}'s off to {val} for good next year."),
        "{val}",
    ),
    "pet": (
        "What is the name of the pet of the person who gave {S} {it}?",
        ("{G} adopted a scruffy terrier called {val}.", "{G}'s cat {val} knocked a vase off the shelf again.",
         "{G} got a rescue greyhound and called him {val}."),
        "{val}",
    ),
    "instrument": (
        "Which instrument does the person who gave {S} {it} play?",
        ("{G} is in a little band, on the {val}.", "{G} has taken up the {val} and practises every night.",
         "{G} has been on the {val} in the local orchestra for years."),
        "the {val}",
    ),
}
JOBS: Final = (
    "paediatric nurse", "sound engineer", "tax lawyer", "marine biologist", "primary school teacher",
    "structural engineer", "pastry chef", "train driver", "vet", "architect", "midwife", "carpenter",
    "translator", "pharmacist", "firefighter", "librarian", "air traffic controller", "tailor", "geologist",
    "radio producer",
)
PETS: Final = ("Biscuit", "Pepper", "Mochi", "Ziggy", "Noodle", "Juniper", "Pickle", "Waffles", "Bramble", "Olive",
               "Tofu", "Rascal", "Clementine", "Dumpling", "Maple", "Pretzel")
INSTRUMENTS: Final = ("cello", "ukulele", "trumpet", "harp", "banjo", "accordion", "clarinet", "double bass",
                      "mandolin", "flute", "saxophone", "oboe", "viola", "trombone", "bagpipes", "tuba")

# ---------------------------------------------------------------- 3. list completion
# kind: (question templates, entry statements (use the question's words), other statements, items)
LISTS: Final[dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]]] = {
    "instruments": (
        ("Which instruments has {S} tried?", "What instruments has {S} tried out?"),
        ("I tried the {i} at a workshop on Saturday, harder than it looks.",
         "I tried out the {i} in a taster lesson, loved it."),
        ("Had my first {i} lesson today, my fingers are sore.",
         "I've been borrowing a friend's {i}, I can squeak out three notes now.",
         "Signed up for beginner {i} at the community centre.",
         "Spent the whole evening practising the {i}, the neighbours must hate me."),
        INSTRUMENTS,
    ),
    "hikes": (
        ("Which hikes has {S} done?", "What hikes has {S} completed?"),
        ("We did the {i} hike on Saturday, fourteen kilometres.",
         "Completed the {i} hike at last, the view from the top was unreal."),
        ("Walked the whole {i} with my brother, my legs are dead.",
         "Made it to the end of the {i} before the rain came in.",
         "Spent Sunday on the {i}, took a flask and sandwiches.",
         "The {i} was muddy but so worth it."),
        ("Ridge Loop", "Falls Trail", "Hollow Gap path", "Crow's Peak route", "Larch Valley trail",
         "Old Quarry circuit", "Saddleback ridge", "Heron Lake loop", "Black Combe path", "Granite Steps trail",
         "Fox Gully walk", "Lantern Hill route"),
    ),
    "books": (
        ("Which books has {S} read?", "What books has {S} finished reading?"),
        ("I finished reading '{i}' last night, what an ending.", "Just read '{i}' in two sittings."),
        ("Stayed up far too late with '{i}', couldn't put it down.",
         "'{i}' was such a strange, lovely novel.",
         "My copy of '{i}' is full of underlining now.",
         "Got to the last page of '{i}' on the train and almost cried."),
        ("The Salt Road", "Night Ferry", "A Map of Small Rooms", "The Glass Orchard", "Winter Tenants",
         "Paper Lanterns", "The Quiet Engine", "Borrowed Light", "The Lighthouse Keeper's Sums", "Tidewater",
         "An Almanac of Birds", "The Last Tram to Nowhere"),
    ),
    "games": (
        ("Which board games has {S} bought?", "What board games has {S} bought?"),
        ("I bought a board game called {i}, we played it all night.", "Bought {i}, the board game everyone talks about."),
        ("Opened {i} at last, the rules took an hour to read.", "Picked up a copy of {i} in the sale.",
         "{i} arrived, the little wooden pieces are adorable.", "Our {i} evening ended in a huge argument, ha."),
        ("Harbour Lights", "Tiny Kingdoms", "Salt and Sail", "The Lost Orchard", "Night Market", "Copper Rails",
         "Beekeepers", "Tidepool", "Moonlit Manor", "Grand Bazaar", "Lantern Fleet", "Wild Meadows"),
    ),
    "classes": (
        ("Which classes has {S} signed up for?", "What classes has {S} joined?"),
        ("I signed up for a {i} class on Tuesday nights.", "Joined a {i} class at the adult college."),
        ("First {i} session tonight, wish me luck.", "The {i} teacher says I'm a natural, ha.",
         "Booked ten weeks of {i} at the community hall.", "My {i} course starts on Monday."),
        ("pottery", "salsa", "life drawing", "Spanish", "first aid", "sourdough baking", "improv", "calligraphy",
         "woodwork", "photography", "bouldering", "Italian"),
    ),
    "dishes": (
        ("Which dishes has {S} learned to cook?", "What dishes has {S} learned to make?"),
        ("I learned to cook {i} from a video, turned out great.", "Finally learned to make proper {i}."),
        ("Made {i} from scratch for the first time, the kitchen is a disaster.",
         "My {i} came out perfect on the second attempt.", "Practised {i} all weekend, I'm getting the hang of it.",
         "Nailed the {i} recipe my grandmother used to do."),
        ("risotto", "dumplings", "paella", "pad thai", "lasagne", "pierogi", "tagine", "ramen", "gnocchi",
         "shakshuka", "moussaka", "curry laksa"),
    ),
    "plants": (
        ("What has {S} planted in the garden?", "Which plants has {S} put in the garden?"),
        ("Planted {i} in the garden this morning.", "Put some {i} in the garden beds."),
        ("The {i} are already sprouting by the fence.", "Dug a new bed for {i} on Sunday, my back hurts.",
         "The {i} seedlings survived the frost, miracle.", "My {i} are finally coming up."),
        ("tomatoes", "sunflowers", "courgettes", "lavender bushes", "runner beans", "strawberries", "sweet peas",
         "dahlias", "potatoes", "rosemary cuttings", "chillies", "tulips"),
    ),
}

# ---------------------------------------------------------------- 4. relative-time chain
# anchor events: (noun phrase as used in E1 "after {a}", E2 statements)
ANCHORS: Final = (
    ("the marathon", "the marathon"), ("my sister's wedding", "my sister's wedding"),
    ("the move", "the move to the new flat"), ("my surgery", "my knee surgery"), ("the exam", "my driving exam"),
    ("the retirement party", "Dad's retirement party"), ("the housewarming", "our housewarming"),
    ("the festival", "the folk festival"), ("the interview", "my interview at the bank"),
    ("the open day", "the open day at the school"), ("the recital", "my cello recital"),
    ("the half marathon", "the half marathon"),
)
# anchor date said in E2; {a} anchor phrase, {date} "14 May" / "Saturday the 14th" ...
ANCHOR_FUTURE: Final = ("{A} is on {date}, I'm already nervous.", "Just confirmed: {a} is on {date}.",
                        "Mark your calendar, {a} is on {date}.", "{A} is {rel}, can you believe it?")
ANCHOR_PAST: Final = ("{A} was on {date}, still recovering.", "{A} finally happened on {date}, what a day.",
                      "So {a} was {rel}, it all went fine.")
# target events: (question verb phrase, past statement, future statement) with {city}
TARGETS: Final = (
    ("start the new job", "I started the new job", "I'm starting the new job"),
    ("fly to {city}", "I flew to {city}", "I'm flying to {city}"),
    ("adopt the kitten", "we adopted the kitten", "we're adopting the kitten"),
    ("paint the kitchen", "we painted the kitchen", "we're painting the kitchen"),
    ("go back to the office", "I went back to the office", "I'm going back to the office"),
    ("sell the old car", "I sold the old car", "I'm selling the old car"),
    ("buy the bike", "I bought the bike", "I'm buying the bike"),
    ("visit the grandparents in {city}", "I visited the grandparents in {city}",
     "I'm visiting the grandparents in {city}"),
    ("renew the passport", "I renewed my passport", "I'm renewing my passport"),
    ("get the tattoo", "I got the tattoo", "I'm getting the tattoo"),
)
OFFSETS: Final = (
    (1, "the day after"), (2, "two days after"), (3, "three days after"), (7, "a week after"),
    (10, "ten days after"), (14, "two weeks after"), (21, "three weeks after"), (-1, "the day before"),
    (-2, "two days before"), (-7, "a week before"), (5, "five days after"),
)
RELATIVE_PAST: Final = ("{off} {a}, {target}.", "{Off} {a} {target}, it felt great.",
                        "So, {target} {off} {a}, just as planned.")
RELATIVE_FUTURE: Final = ("{target} {off} {a}, all booked.", "The plan is that {target} {off} {a}.",
                          "{Target} {off} {a}, fingers crossed.")
WHEN_Q: Final = ("When did {S} {verb}?", "On what date did {S} {verb}?")
WHEN_Q_FUTURE: Final = ("When was {S} planning to {verb}?", "On what date was {S} due to {verb}?")

# ---------------------------------------------------------------- 5. preference update
# slot: (question templates, values, stated templates {old}, changed templates {old} {new})
PREFERENCES: Final[dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]]] = {
    "morning drink": (
        ("What does {S} drink in the morning these days?", "What is {S}'s morning drink now?"),
        ("coffee", "black tea", "green tea", "matcha", "hot chocolate", "yerba mate"),
        ("I'm a {old} person, can't start the morning without it.", "Honestly, {old} is what gets me out of bed.",
         "Two cups of {old} before nine, every single day."),
        ("I've gone off {old}, it's {new} only now.", "Switched from {old} to {new} last month and I feel great.",
         "No more {old} for me, I'm all about {new}."),
    ),
    "commute": (
        ("How does {S} get to work now?", "How is {S} commuting these days?"),
        ("the bike", "the train", "the bus", "the tram", "the car", "the ferry"),
        ("I take {old} to work, rain or shine.", "{Old} every morning to the office, it's the only way I stay sane.",
         "My commute is all {old}, forty minutes each way."),
        ("I've given up {old}, it's {new} for me now.", "It's {new} these days, {old} was getting too much.",
         "No more {old} in the mornings, I switched to {new} in March."),
    ),
    "exercise": (
        ("What sport does {S} do to keep fit now?", "How does {S} keep fit these days?"),
        ("running", "swimming", "yoga", "climbing", "rowing", "cycling classes", "boxing", "tennis"),
        ("{Old} is my thing, three times a week.", "I'm hooked on {old}, I never miss a session.",
         "I keep fit with {old}, always have."),
        ("I've dropped {old} and taken up {new} instead.", "Gave up {old}, {new} suits me much better now.",
         "I'm done with {old}, it's {new} from here on."),
    ),
    "reading": (
        ("How does {S} read books now?", "In what format does {S} read books these days?"),
        ("paper books", "an e-reader", "audiobooks", "library books", "a tablet"),
        ("I'm all about {old}, nothing else for me.", "For me it's {old} every time.",
         "{Old}, always, I'm a creature of habit."),
        ("I've switched from {old} to {new}, way more practical.", "Ditched {old}, it's {new} now.",
         "Changed my mind about {old}, I'm on {new} now."),
    ),
    "holidays": (
        ("What kind of holidays does {S} prefer now?", "Where does {S} like to go on holiday these days?"),
        ("beach holidays", "mountain trips", "city breaks", "camping", "cruises", "walking tours"),
        ("{Old} all the way for me, every summer.", "Give me {old}, nothing else comes close.",
         "I always book {old}, it's my favourite."),
        ("I'm over {old}, {new} are what I want now.", "After the last trip I switched to {new}, no more {old}.",
         "Bored of {old}, I've fallen for {new}."),
    ),
    "sleep": (
        ("Is {S} a night owl or an early bird now?", "When does {S} like to get up these days?"),
        ("a night owl", "an early bird"),
        ("I'm {old}, always have been.", "Being {old} suits me fine.", "Everyone knows I'm {old}."),
        ("I used to be {old}, but I've turned into {new}.", "Weirdly I'm {new} now, not {old} anymore.",
         "The new job turned me from {old} into {new}."),
    ),
    "music": (
        ("What music is {S} into now?", "What kind of music does {S} listen to these days?"),
        ("jazz", "techno", "folk", "opera", "hip hop", "classical piano", "punk", "bossa nova"),
        ("{Old} is all I put on, all day.", "I'm obsessed with {old}, always have it on.",
         "I've got {old} on repeat every evening."),
        ("I've gone right off {old}, it's {new} all day now.", "Swapped {old} for {new}, much happier.",
         "No more {old} for me, I've discovered {new}."),
    ),
}

# ---------------------------------------------------------------- 6. number fidelity
# fact: (question, gold statement, distractor statement about something or someone else,
#        unit, low, high); {n} the number, {thing} the subject, {who} someone else
NUMBERS: Final = (
    ("How much did {S} pay for the {thing}?", "The {thing} came to {n} euros in the end, more than I wanted to spend.",
     ("{Who} paid {n} euros for a {thing} too, can you believe it?", "The {other} cost me {n} euros, ouch.",
      "The first quote for the {other} was {n} euros.",
      "I almost paid {n} euros for a {thing} at the other shop, glad I waited.",
      "The {thing} was listed at {n} euros before the sale."), "euros", 120, 990,
     ("sofa", "bookcase", "boiler repair", "coat", "desk", "camera lens", "mattress", "washing machine")),
    ("How many guests came to {S}'s {thing}?", "We had {n} people at the {thing} in the end, packed.",
     ("{Who} had {n} people at their {thing}, a proper crowd.", "There were about {n} at the {other}, quieter.",
      "We invited {n} to the {other} but half cancelled.",
      "We planned for {n} people at the {thing}, then more turned up.",
      "{Who} thought there were {n} at my {thing}, not even close."), "people", 12, 95,
     ("housewarming", "birthday party", "garden party", "book launch", "leaving do", "quiz night")),
    ("How far did {S} run in the {thing}?", "I ran {n} kilometres in the {thing}, a personal best.",
     ("{Who} did {n} kilometres in the {thing} as well.", "In the {other} I only managed {n} kilometres.",
      "The {other} route is {n} kilometres, hilly.", "I was aiming for {n} kilometres in the {thing}.",
      "{Who} bet I would only manage {n} kilometres in the {thing}."), "kilometres", 5, 42,
     ("charity run", "park race", "night run", "trail race", "fun run")),
    ("How long was {S}'s flight to {thing}?", "The flight to {thing} took {n} hours, I watched four films.",
     ("{Who}'s flight to {thing} was {n} hours, with a stopover.", "Flying to {other} is {n} hours from here.",
      "The train to {other} takes {n} hours.", "The flight to {thing} was meant to be {n} hours, then the delays.",
      "The return flight from {thing} was {n} hours."), "hours", 3, 16, CITIES),
    ("How much is {S}'s monthly rent on the {thing}?", "Rent on the {thing} is {n} a month, bills included.",
     ("{Who} pays {n} a month for a {thing} nearby.", "The {other} we viewed was {n} a month.",
      "The landlord wanted {n} for the {other}.", "{Who} guessed the rent on my {thing} was {n}, ha.",
      "The agent first asked {n} a month for the {thing}."), "a month", 450, 1900,
     ("new flat", "studio", "garden flat", "attic room")),
    ("How old is {S}'s {thing}?", "My {thing} turns {n} on Sunday, we're planning a surprise.",
     ("{Who}'s {thing} is {n}, still cycling everywhere.", "My {other} will be {n} in June.",
      "Can you believe my {other} is {n}?", "My {thing} jokes about being {n} forever.",
      "{Who} guessed my {thing} was {n}, so wrong."), "years", 55, 99,
     ("grandmother", "grandfather", "great-aunt", "godfather")),
    ("How much did {S} raise for the {thing}?", "We raised {n} pounds for the {thing}, amazing.",
     ("{Who} raised {n} pounds for the {thing} last year.", "The {other} brought in {n} pounds.",
      "Our target for the {other} is {n} pounds.", "We were hoping to raise {n} pounds for the {thing}.",
      "The organisers guessed we would raise {n} pounds for the {thing}."), "pounds", 300, 4800,
     ("animal shelter", "food bank", "hospice", "school library", "rowing club")),
)

# ---------------------------------------------------------------- 7. adversarial near-miss
# fact: (question with {P} {C}, statements with {P} {C} {A}, contexts, answers,
#        traps: every word of the question, but not the fact it asks for)
NEAR_MISS: Final = (
    ("What is the name of the {C} that {P} adopted?",
     ("{P} adopted a {C} called {A}, tiny and furious.", "{P} finally adopted that {C}, named it {A}."),
     ("kitten", "puppy", "rabbit", "tortoise", "parrot"), PETS,
     ("{P} almost adopted a {C} called {A}, but someone else got there first.",
      "{P} wants to adopt a second {C}, maybe called {A}.",
      "The shelter had a {C} called {A} that {P} loved, but it went to another family.")),
    ("Which company did {P} join in {C}?",
     ("{P} joined {A} in {C}, starting in the design team.", "{P} has a new job at {A} over in {C}."),
     CITIES, ("Northwind", "Bluefin Labs", "Orbis", "Halden & Co", "Quarry Systems", "Lumen Works", "Atlas Rail",
              "Greywater", "Pinecone Studio", "Fathom"),
     ("{P} interviewed at {A} in {C} but turned them down.", "{P} nearly joined {A} in {C}, the offer fell through.",
      "{P} says {A} in {C} keeps calling, but no.")),
    ("What did {P} order at {C}?",
     ("{P} ordered the {A} at {C} and didn't share a bite.", "At {C}, {P} went for the {A}, as always."),
     VENUES, ("duck confit", "mushroom risotto", "lamb tagine", "fish stew", "aubergine parmigiana",
              "chicken katsu", "beetroot tart", "pork belly", "gnocchi", "lentil dal"),
     ("{P} almost ordered the {A} at {C}, then changed their mind.",
      "{P} says the {A} at {C} is overrated and never orders it.", "Next time at {C}, {P} wants to try the {A}.")),
    ("What is {P} studying in {C}?",
     ("{P} is studying {A} in {C}, second year now.", "{P} started a degree in {A} up in {C}."),
     CITIES, ("marine biology", "architecture", "law", "music", "veterinary science", "economics",
              "film", "nursing", "geology", "linguistics"),
     ("{P} thought about studying {A} in {C}, but didn't apply.", "{P}'s flatmate in {C} is studying {A}.",
      "{P} dropped {A} in {C} after one term.")),
    ("What does {P} play in the {C}?",
     ("{P} plays the {A} in the {C}, you should hear it.", "In the {C}, {P} is on {A}."),
     ("jazz band", "orchestra", "folk group", "brass band", "church choir band"), INSTRUMENTS,
     ("{P} used to play the {A} in the {C}, years ago.", "The {C} needs someone on {A}, {P} keeps saying.",
      "{P} tried the {A} at a {C} rehearsal once, a disaster.")),
    ("What was {P}'s time in the {C}?",
     ("{P} finished the {C} in {A}, brilliant.", "{P}'s time in the {C} was {A}."),
     ("city marathon", "hill race", "half marathon", "park relay", "triathlon"),
     ("3 hours 41", "4 hours 02", "1 hour 55", "2 hours 18", "58 minutes", "3 hours 12", "1 hour 47", "2 hours 51",
      "1 hour 09"),
     ("{P} was hoping for {A} in the {C}, but missed it.", "{P}'s target for the {C} was {A}.",
      "{P} predicted {A} for the {C}, way off.")),
)

# ---------------------------------------------------------------- chatter
GREETINGS: Final = (
    "Hey {o}! How's your week going?", "Hi! Sorry I went quiet, things have been mad.", "Morning! Did you survive the weekend?",
    "Hey you, long time no chat!", "Evening! Got a minute?", "Hi {o}, hope you're well!", "Hey! Guess who finally has a day off.",
    "Hello hello! What's new?",
)
GREETING_REPLIES: Final = (
    "Hey! Not bad, busy but fine.", "Hi! Good to hear from you.", "All good here, just tired.", "Hey {o}! Always.",
    "Barely survived, ha. You?", "Hi! I was just thinking about you.", "Hey! Same old, same old.",
)
CLOSINGS: Final = (
    "Anyway, I should get going, talk soon!", "Right, dinner's ready. Speak later!", "I have to run, catch you later!",
    "Okay, bedtime for me. Night!", "Gotta go, the meeting is starting.", "Let's catch up properly soon, bye!",
)
CLOSING_REPLIES: Final = ("Bye! Take care.", "Talk soon!", "Night night!", "Good luck, bye!", "Catch you later!", "Speak soon x")
REACTIONS: Final = (
    "Oh nice!", "No way.", "Haha, classic.", "Ooh, tell me more.", "Oh really?", "Wow, really?", "Ha, of course.",
    "Fair enough.", "Interesting!", "Noted, ha.", "Hm, I didn't know that.", "Oh wow.", "Ha! Typical.",
)
FOLLOW_UPS: Final = ("How did that go?", "Wait, when was this?", "Did you take photos?", "And how do you feel about it?",
                     "Was it busy?", "Who else was there?")
FOLLOW_UP_ANSWERS: Final = (
    "Pretty well, all things considered.", "Last week, I think. The days blur.", "Too many, I'll show you sometime.",
    "Mixed, honestly. Ask me again in a week.", "Rammed, we waited ages.", "Just the usual crowd.",
)
# neutral: safe to say about anyone or any place of the conversation (no facts a question asks about)
NEUTRAL_PERSON: Final = (
    "{p} helped me move a wardrobe yesterday, what a hero.", "I bumped into {p} at the supermarket.",
    "{p} has been sending me memes all week.", "{p} came round for tea and we talked for hours.",
    "{p} says hi, by the way.", "I owe {p} a favour after last weekend.", "{p} was in a great mood on Friday.",
    "Had a long phone call with {p}, we put the world to rights.", "{p} lent me an umbrella, I keep forgetting to give it back.",
    "I recommended a podcast to {p}, apparently it's a hit.", "{p} suggested a film for tonight, a slow French one.",
)
NEUTRAL_VENUE: Final = (
    "I walked past {v} yesterday, there was a queue out the door.", "{v} changed its sign, it looks smart now.",
    "Someone left a bike outside {v} for a week.", "I met a friend outside {v} for a quick chat.",
    "{v} is doing a quiz night on Thursdays now.", "There's a new mural next to {v}.",
)
# stateful: only about people and places no question is about
STATEFUL_PERSON: Final = (
    "{p} is allergic to cats, so their visit is always a sneezing fest.", "{p} just got a job as a {job}.",
    "{p} is moving to {city} for a year.", "{p} gave me {thing} for helping with the garden.",
    "It's {p}'s {occ} on Friday, we're doing something small.", "{p} recommended {v}, I haven't been yet.",
    "{p} can't do steps since the ankle thing, poor soul.", "{p} tried the {instr} and gave up after a week.",
    "{p} paid {n} for concert tickets, madness.", "{p} went vegetarian, then gave up after a month.",
    "{p} ran {km} kilometres on Sunday, a new record.", "{p} adopted a {animal} called {pet}.",
)
STATEFUL_VENUE: Final = (
    "{v} does a great seafood platter, the prawns are huge.", "{v} has a lift now, they finally put one in.",
    "{v} is so loud on Fridays, there's a band.", "A main at {v} is about {n} now, prices have gone crazy.",
    "{v} has a dress code now, my cousin got turned away.", "{v} went completely gluten-free.",
    "The peanut noodles at {v} are dangerously good.", "{v} opened a terrace, sunny all afternoon.",
)
SMALL_TALK: Final = (
    "The weather has been ridiculous, sun then hail in an hour.", "Work is a lot right now, three deadlines at once.",
    "I've been binge-watching that detective series, I'm hooked.", "The bus was forty minutes late again.",
    "I made soup out of everything left in the fridge, it worked.", "My phone screen cracked, third time this year.",
    "The neighbours are renovating and the drilling starts at eight.", "I've been trying to drink more water, ha.",
    "I'm thinking about repainting the bedroom, maybe dark green.", "We had a power cut last night, candles and cards.",
    "My back is killing me, I need a better chair.", "I finally cleared my inbox, a small miracle.",
    "Traffic on the ring road was a nightmare this morning.", "I can't believe it's already {month}.",
    "I signed a petition about the park, they want to build flats on it.", "I lost my keys twice this week.",
)
FILLERS_BEFORE: Final = (
    "Ugh, what a week.", "Anyway.", "Sorry, I was half asleep earlier.", "The plumber finally came this morning.",
    "Long day, but a good one.", "Random thought, but here goes.", "I'm typing this on the bus.", "Before I forget:",
    "Right, where was I.", "Sorry for the late reply.", "Oh, before I forget.", "So, news.",
)
FILLERS_AFTER: Final = (
    "Anyway, enough about that.", "Oh, and it's pouring outside.", "My tea's gone cold, typical.",
    "Also, I got my haircut.", "The plumber finally came this morning, by the way.", "Long day, but a good one.",
    "Sorry, the cat is walking on the keyboard.", "Anyway, how are you?",
)
ANIMALS: Final = ("kitten", "puppy", "rabbit", "tortoise", "parrot", "hamster", "ferret")
MONTHS: Final = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                 "November", "December")

# ---------------------------------------------------------------- echoes: near-misses of a question's words
CONSTRAINT_ECHOES: Final = (
    "It's {p}'s {occ} soon, we're keeping it small this year.", "{p} recommended {v} to me for lunch, I haven't been yet.",
    "For {p}'s {occ} last year we just went bowling.", "{p} suggested a weekend away for the {occ}, too pricey.",
)
BRIDGE_ECHOES: Final = (
    "{p} gave me {thing} last year, it's still in the box.", "My {noun} finally gave up, I need a new one.",
    "I nearly bought {thing} at the market, but it was chipped.", "{p}'s {noun} is exactly like yours, funny.",
)
RELATIVE_ECHOES: Final = ("{target} back in {month}, long before all this.", "{p} says {he} wants to {verb} too.")
PREFERENCE_ECHOES: Final = ("I could never give up {old}, not in a million years.", "{p} has gone the other way, {new2} all the time.")
