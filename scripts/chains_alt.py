"""A second, independently written generator of chain questions over long two-person chats.

    python scripts/chains_alt.py OUT_DIR [--conversations 24] [--seed 5]
    python scripts/chains_alt.py OUT_DIR --run [--method hybrid] [--out report.json]  # and score methods

Writes ``OUT_DIR/alt-01.json`` ... one LoCoMo-style conversation per file: two speakers, 20-35
dated sessions of 12-30 alternating turns (``dia_id`` ``D<session>:<turn>``), and about ten
questions (``qa``) whose ``evidence`` lists every turn needed to answer them.

The questions test recall, not reading: the question's content words meet exactly ONE evidence
turn (the entry); every other evidence turn is reachable only through something the entry says
(a venue, a person, an object, an event) or, for lists, only by meaning. ``one_entry_ok`` is the
rule, checked on every question while it is built (a rendering that breaks it is drawn again).

Families (``category``): constraint, bridge, list, relative_time, preference_update, number,
near_miss, multi_hop_person and deep_chain (relation -> person -> venue -> where the venue is).
Everything comes from ``random.Random`` seeded per conversation; standard library only.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path
from random import Random
from typing import Any

# --------------------------------------------------------------------------------------------
# The one-entry rule
# --------------------------------------------------------------------------------------------

STOPWORDS = frozenset(
    """
    a about above after again against all also am an and any anyone anything are aren around as at
    back be because been before being below between both but by can cannot could couldn d did didn
    do does doesn doing don done down during each either else even ever every few for from further
    get gets getting got had hadn has hasn have haven having he her here hers herself him himself his
    how i if in into is isn it its itself just know last least let ll m ma me mention mentioned
    mentions more most much must my myself need new no nor not now of off on once one only or other
    our ours ourselves out over own re really s said same say says she should shouldn so some still
    such t tell than that the their theirs them themselves then there these they this those thing
    things through to too told under until up us ve very want was wasn way we well were weren what
    when where whether which while who whom whose why will with won would wouldn y you your yours
    yourself yourselves currently days lately recently right these time times ok okay oh yeah
    """.split()
)

_TOKEN = re.compile(r"[a-z0-9]+")


def stem(word: str) -> str:
    """A light suffix stemmer: plurals, -ing, -ed, a final -e (move, moved, moving -> mov)."""
    w = word
    if len(w) > 4 and w.endswith("ies"):
        w = w[:-3] + "y"
    elif len(w) > 5 and w.endswith("ing"):
        w = w[:-3]
    elif len(w) > 4 and w.endswith("ed"):
        w = w[:-2]
    elif len(w) > 4 and w.endswith("es") and not w.endswith("ses"):
        w = w[:-2]
    elif len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
        w = w[:-1]
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    return w


def content_words(text: str, names: Sequence[str] = ()) -> set[str]:
    """Lowercase alphanumeric tokens minus stopwords and ``names``, stemmed."""
    drop = {n.lower() for n in names}
    return {stem(t) for t in _TOKEN.findall(text.lower()) if t not in STOPWORDS and t not in drop}


def overlaps(question: str, texts: Sequence[str], names: Sequence[str]) -> list[set[str]]:
    """The question's content words each text shares."""
    q = content_words(question, names)
    return [q & content_words(t, names) for t in texts]


def one_entry_ok(question: str, texts: Sequence[str], names: Sequence[str], entry: int | None = 0) -> bool:
    """True when exactly one of ``texts`` shares content words with ``question`` (and, unless
    ``entry`` is None, that one is ``texts[entry]``)."""
    shared = [i for i, words in enumerate(overlaps(question, texts, names)) if words]
    return len(shared) == 1 and (entry is None or shared[0] == entry)


# --------------------------------------------------------------------------------------------
# Vocabulary: people, places, things
# --------------------------------------------------------------------------------------------

FEMALE = """
Nadia Amara Ines Sofia Yuki Priya Leila Chiara Freya Zanele Mei Aroha Dagny Marisol Olena Farida Noor
Ingrid Thandiwe Keiko Ayesha Svetlana Niamh Esi Fatou Hana Ilse Rosalind Beatriz Anouk Katarzyna
Mirela Tamar Salome Nia Adaeze Kalinda Sunniva Rasa Zeynep Elif Parisa Shira Ximena Valentina Maja
Linnea Oona Ayla Jia Lakshmi Anjali Daria Veronika Greta Clodagh Bronwen Malia Leilani Amina Yara
Rania Ottilie Paloma Renata Sigrid Tove Dilnoza Gulnara Ama Wanjiru Kaveri Ngozi Folake Saoirse
Astrid Emiko Mahsa Roya Linh Ewa Halina Marit Solveig Ilona Beatrix Aurelie Manon Lior Tsering
Pema Kiri Mereana Anahera Yasmin Soraya Nilufar Gwen Eluned Morwenna Ione Delphine Camille Agnieszka
""".split()

MALE = """
Tomas Kwame Dario Rafael Hiroshi Arjun Mateus Oskar Emeka Luka Pavel Tariq Jonas Idris Bongani Wei
Kenji Santiago Ibrahim Mikkel Aleksander Cormac Dmitri Yusuf Ravi Tevita Anders Nikolai Bartek Levan
Giorgi Omar Amir Eitan Felipe Joaquin Haruto Sandeep Vikram Kofi Chidi Malik Thiago Ruben Lars Eero
Teodor Florin Vuk Stellan Callum Rhys Fintan Ronan Tane Keanu Nikhil Arash Dawit Tesfaye Baptiste
Anselm Matteo Lorenzo Sipho Thabo Kazuki Ren Duc Minh Bao Farhan Imran Zoltan Bela Istvan Aurelio
Cosmin Radu Ilya Gustav Henrik Torvald Ewan Dafydd Emrys Niall Declan Tiago Paulo Jarrah Wiremu
Hemi Sione Koa Mattias Yannick Lucien Ignatius Bram Joost Wouter Kasimir Piotr Ozan Emre Cem
""".split()

CITIES = """
Porto Tbilisi Ljubljana Valparaiso Tromso Gdansk Oaxaca Kyoto Marrakesh Tallinn Cluj Bergen Hobart
Cuenca Plovdiv Trieste Hanoi Montevideo Galway Izmir Zanzibar Riga Aarhus Palermo Bilbao Quito
Kotor Lyon Brno Tartu Hue Penang Arequipa Salzburg Dunedin Ghent Bologna Sarajevo Yerevan Baku
Wellington Halifax Cork Seville Kaunas Split Nafplio Matera Colmar Luang_Prabang
""".split()
CITIES = [c.replace("_", " ") for c in CITIES]

COUNTRIES = ["Chile", "Georgia", "Vietnam", "Iceland", "Namibia", "Peru", "Japan", "Albania", "Oman", "Mongolia",
             "Portugal", "Tanzania", "Norway", "Uzbekistan", "Colombia", "Slovenia", "Sri Lanka", "Jordan"]

VENUE_NAMES = """
Suliko|The Brass Lantern|Cafe Okapi|Marrow & Rye|Kiln House|Tavola Nera|The Quiet Heron|Bodega Alcaraz|
Smokehouse Dunmore|Zima|Ferment & Co|The Tin Whistle|Osteria Lupa|Halden Hall|Saltmarsh|Koji Table|Muna|
The Gilded Pike|Yerba|Cedar & Sumac|Ojo de Agua|The Drowsy Fox|Txoko Berri|Nakama|Dal Roti Club|Granary 41|
The Orchard Loft|Blue Ox|Matryoshka|Hoppers Lane|The Lamplighter|Pimienta|Vesper Room|Little Anchor|
Bramble & Bone|Casa Ondina|The Wren's Nest|Ivy Canteen|Pomegranate Hall|Umami Shack|The Copper Kettle|
Sabzi|Atelier Nord|Fenwick's|The Salt Cellar|Mangrove|Lumen|Olive & Ash|Kestrel Kitchen|Tamarind Yard|
The Velvet Ram|Skerries|Basalt|Peppercorn Row|Hollow Oak|The Ferryman|Lantana|Nido|Sorrel|Kalimera|
The Moth & Moon|Driftwood|Ember Street|Juniper Bar|Oyster Loft|Mirabelle|Gaslight|The Gannet
""".replace("\n", "").split("|")

EVENT_VENUES = [
    ("Harrowgate Mill", "an old converted mill"), ("Ashcombe Barn", "a barn on a vineyard"),
    ("The Glasshouse at Penwood", "a glasshouse in a botanical garden"), ("Larchfield Boathouse", "a Victorian boathouse"),
    ("Old Tram Depot", "a former tram depot"), ("Saltcote Lighthouse", "an old lighthouse keeper's cottage"),
    ("Kingsfold Orangery", "an orangery in a walled garden"), ("Brackenridge Hall", "a manor house with peacocks"),
    ("Millbrook Chapel", "a restored chapel"), ("Corran House", "a Georgian townhouse"),
    ("Quarry Yard", "a converted stone quarry"), ("Northgate Observatory", "an old observatory on a hill"),
    ("The Pumphouse", "a Victorian pumping station"), ("Lindqvist Gallery", "an art gallery in an old warehouse"),
    ("The Old Courthouse", "a former courthouse"), ("Gorse Hill Farm", "a working farm with a huge barn"),
    ("Carraway Lodge", "a hunting lodge in the woods"), ("Sandpiper Pavilion", "a seaside pavilion"),
    ("Rookery Manor", "a crumbling manor house"), ("Wyvern Court", "a medieval courtyard house"),
    ("Tamsin Gardens", "a walled garden with a greenhouse"), ("Holloway Mill", "a converted watermill"),
    ("The Granary at Elm Farm", "a converted granary"), ("The Boathouse at Fen Reach", "a boathouse on the river"),
]

TOWNS = ["Ashby", "Keswick", "Lewes", "Rye", "Ludlow", "Totnes", "Hexham", "Wells", "Frome", "Tain", "Kelso",
         "Bude", "Hay", "Dinan", "Annecy", "Sintra", "Ronda", "Bled", "Cesky Krumlov", "Hallstatt", "Portree",
         "Stroud", "Ely", "Alnwick", "Whitby", "Oban", "Dingle", "Kinsale", "Hoi An", "Takayama"]

STREETS = ["Kessel Street", "Linden Road", "Marrow Lane", "Fenwick Street", "Alder Row", "Quayside",
           "Harrow Street", "Oriel Road", "Tanners Lane", "Cobb Street", "Pell Street", "Vine Street",
           "Cordwainer Lane", "Mercer Road", "Ropewalk", "Juniper Street"]

COMPANIES = ["Halvorsen & Pike", "Brightwater Labs", "Orrin Logistics", "Kettleby Design", "Nimbus Health",
             "Tallis Print", "Greyfield Energy", "Mossgiel Foods", "Vantage Rail", "Quillfeather Books",
             "Ardent Robotics", "Lowmoor Studio", "Pellucid Software", "Stonechat Insurance"]

GYMS = ["IronHouse", "Flex Social", "The Foundry Gym", "Kinetic Works", "Summit Fitness", "Pulse Lab",
        "Oaktree Strength", "Glide Climbing", "Riverside Leisure Centre", "Form & Function"]

NEIGHBOURHOODS = ["Harbourside", "Old Town", "Brickfields", "Northcliffe", "St Jude's", "Millbank",
                  "Canal Quarter", "Elm Park", "Fernhill", "Westgate", "Kingsmead", "Copperfield"]

BOOKS = [("The Salt Archivist", "Mira Volkova"), ("Lanterns of Ostrava", "Petr Hasek"),
         ("A Tender Ledger", "June Okafor"), ("The Orchard Thief", "Callum Reyes"),
         ("Nine Winters in Tarn", "Ilse Bauer"), ("What the Ferryman Owed", "Deborah Ansel"),
         ("Small Gods of Lisbon", "Rui Tavares"), ("The Glass Cartographer", "Hanne Solberg"),
         ("Harrow & Hymn", "Oyelaran Bello"), ("The Weight of Kites", "Nell Ferris"),
         ("Brine", "Kaito Mori"), ("The Lost Grammar", "Sadia Rahman"), ("Quiet Engines", "Tom Alder"),
         ("Moth Season", "Greer McAllister"), ("A House Beneath Halden", "Ana Lucic"),
         ("The Understudy's Daughter", "Pilar Nunez"), ("Copper and Clay", "Jomo Kariuki"),
         ("The Last Lighthouse Keeper of Vik", "Sigrun Ola")]

BANDS = ["The Paper Kites of Hull", "Marrowbone Choir", "Vela Kova", "Sister Tarantula", "The Gorse Collective",
         "Kid Monsoon", "Halcyon Static", "Odessa Rain", "The Velvet Ferns", "Bruno & the Moths",
         "Lanterna", "The Okapi Three", "Nightjar Parade", "Dolores Quartz", "Fen Harbour", "Juniper Wolves"]

FILMS = ["The Cartographer's Son", "Low Tide at Dunmore", "Nine Lanterns", "A Quiet Orbit", "The Fig Thief",
         "Saltwater Hymns", "Red Kite Summer", "The Ninth Passenger", "Ghosts of Ostend", "Paper Moons",
         "The Long Ferry", "Winter in Tarn"]

PEAKS = ["Ben Alder", "Slieve Donard", "Triglav", "Mount Kazbek's lower ridge", "Scafell Pike", "Pic du Midi",
         "Galdhopiggen", "Mount Olympus", "Aonach Eagach", "Rysy", "Snowdon", "Monte Cinto"]

COURSES = ["pottery", "first aid", "conversational Italian", "woodwork", "sign language", "sourdough baking",
           "life drawing", "salsa", "beginner welding", "bookbinding", "darkroom photography", "upholstery",
           "stand-up comedy", "beekeeping", "Arabic calligraphy"]

JOBS = ["sound engineer", "paramedic", "tree surgeon", "sommelier", "patent lawyer", "midwife", "ferry pilot",
        "glassblower", "court stenographer", "zookeeper", "landscape architect", "hospital chaplain",
        "stonemason", "air traffic controller", "piano tuner", "forensic accountant", "beekeeper",
        "train driver", "museum conservator", "dog groomer"]

CAREERS = ["a ballet dancer", "a submarine engineer", "a stockbroker", "a professional chess player", "a nun",
           "a circus acrobat", "a chef on cruise ships", "a police diver", "a session drummer",
           "a Formula 3 mechanic", "a war photographer", "a primary school headteacher"]

PETS = [("greyhound", "dog"), ("three-legged cat", "cat"), ("tortoise", "tortoise"), ("parrot", "parrot"),
        ("pair of ferrets", "ferrets"), ("rescue lurcher", "dog"), ("bearded dragon", "lizard"),
        ("Maine Coon kitten", "cat"), ("axolotl", "axolotl"), ("retired racing pigeon", "pigeon")]

PET_NAMES = ["Biscuit", "Pickle", "Moss", "Admiral", "Turnip", "Olive", "Bramble", "Noodle", "Waffles",
             "Sergeant", "Clementine", "Pudding", "Otis", "Marzipan"]

BREEDS = ["whippet", "Bernese mountain dog", "dachshund", "border collie", "Shiba Inu", "vizsla", "pug",
          "Irish wolfhound", "corgi", "Dalmatian", "Samoyed", "beagle"]

PASTRIES = ["cardamom buns", "cinnamon knots", "almond croissants", "pasteis de nata", "rye sourdough",
            "pistachio escargots", "cheese scones", "poppy seed rolls", "brioche doughnuts", "apple turnovers"]

CARS = ["Volvo estate", "Fiat Panda", "Skoda Octavia", "Mini", "Land Rover", "Saab", "Renault Clio", "Kia van"]
COLOURS = ["mustard yellow", "bottle green", "pale blue", "cherry red", "silver", "matte black", "orange"]

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"]
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

SHOWS = ["Copper Valley", "Night Ferry", "Tidewater", "The Lighthouse Keepers", "Saltburn Road", "Glasshouse",
         "The Quiet Coast", "Fennimore", "Harbour Lights", "The Understudies", "Brass Monkeys", "Low Country"]
TEAMS = ["the Kestrels", "Rovers", "the Harbour Hawks", "Athletic", "the Vipers", "United", "the Mariners",
         "Wanderers"]
DISHES = ["a mushroom risotto", "dal with rice", "shakshuka", "a giant lasagne", "fish tacos", "pad see ew",
          "a chickpea stew", "gnocchi with brown butter", "jollof rice", "a Thai green curry", "pierogi",
          "a tray bake with whatever was in the fridge", "ramen from scratch", "bibimbap", "a leek pie"]
GAMES = ["Catan", "Wingspan", "Codenames", "Ticket to Ride", "Azul", "Carcassonne", "Scrabble", "Dixit"]
PROJECTS = ["migration", "rebrand", "audit", "website relaunch", "budget review", "client pitch", "Q3 report"]
PODCAST_TOPICS = ["shipwrecks", "medieval medicine", "unsolved art heists", "the history of salt",
                  "deep-sea fish", "failed utopias", "fungi", "the postal service"]

RELATIONS_F = ["niece", "grandmother", "aunt", "mother-in-law", "goddaughter", "sister-in-law", "stepmum"]
RELATIONS_M = ["nephew", "grandad", "uncle", "father-in-law", "godson", "brother-in-law", "stepdad"]
RELATIONS_ANY = ["boss", "flatmate", "cousin", "mentor", "best friend", "oldest friend"]

# --------------------------------------------------------------------------------------------
# Small helpers
# --------------------------------------------------------------------------------------------


def pronouns(gender: str) -> dict[str, str]:
    if gender == "f":
        p = {"he": "she", "him": "her", "his": "her", "hes": "she's", "himself": "herself"}
    else:
        p = {"he": "he", "him": "him", "his": "his", "hes": "he's", "himself": "himself"}
    p.update({k[0].upper() + k[1:]: v[0].upper() + v[1:] for k, v in list(p.items())})
    return p


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def art(noun: str) -> str:
    return articles("a " + noun)


def poss(name: str) -> str:
    return name + "'s"


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def fmt_day(d: date) -> str:
    return f"{d.day} {MONTHS[d.month - 1]} {d.year}"


def fmt_session(t: datetime) -> str:
    hour = t.hour % 12 or 12
    return f"{hour}:{t.minute:02d} {'am' if t.hour < 12 else 'pm'} on {t.day} {MONTHS[t.month - 1]}, {t.year}"


_AN = re.compile(r"\b([Aa]) (?=(?:8|11|18|80)\b|MRI\b|Xperia\b|[aeiAEI]|[oO](?!ne)|[uU](?!ni|s|k|K))")


_THE_THE = re.compile(r"\b([Tt]he) The\b")


def articles(text: str) -> str:
    """``a`` before a vowel sound becomes ``an``; ``the The Okapi Three`` loses one ``the``."""
    return _THE_THE.sub(r"\1", _AN.sub(r"\1n ", text))


def fill(template: str, **slots: Any) -> str:
    """``template`` with its slots filled (``a`` fixed to ``an`` where needed); a leading
    lowercase letter is capitalised."""
    return cap(articles(template.format(**slots)))


def money(cur: str, amount: int) -> str:
    return f"{cur}{amount:,}"


TYPOS = {
    "definitely": "definately", "because": "becuase", "really": "realy", "tomorrow": "tomorow",
    "though": "tho", "probably": "prob", "weird": "wierd", "until": "untill", "which": "wich",
    "I'm": "Im", "don't": "dont", "can't": "cant", "it's": "its", "that's": "thats", "separate": "seperate",
    "you": "u", "literally": "literaly", "honestly": "honesty",
    "apparently": "apparantly", "recommend": "reccomend", "tonight": "tonite",
}

PRE = ["Ugh, what a week.", "Okay, random update.", "So, news.", "Right, where was I.", "Long day here, but anyway.",
       "Before I forget -", "Oh, meant to say.", "Quick one.", "Not to change the subject, but",
       "The heating's been off all day, I'm typing in gloves.", "Work's been chaos, we're two people down.",
       "I've just sat down for the first time since seven.", "The cat is sitting on my keyboard so excuse typos.",
       "Mad morning.", "Sat in a cafe pretending to work.", "On the bus, so this might be garbled.",
       "Finally some peace and quiet.", "It's pouring here, by the way.", "Okay so.", "Random thought.",
       "Update from my end.", "This week has lasted a month.", "I'm eating cereal for dinner, no judgement.",
       "Just got in from the shops.", "Half asleep but", "Lunch break, quickly:", "Oh! Also.",
       "Brace yourself.", "I forgot to tell you last time.", "Small news, big feelings."]
POST = ["Anyway, how are you?", "Life, eh.", "That's my news.", "Such is life.", "Anyway, enough about that.",
        "Don't get me started.", "Ha. Anyway.", "Right, I need a cup of tea.", "Tell me something normal.",
        "The kettle's just boiled, brb.", "No idea why I'm telling you this at 11pm.", "Just so you know.",
        "Random, I know.", "Thought you'd appreciate that.", "Make of that what you will.", "Anyway!",
        "More on that later.", "So yeah.", "That's all.", "Carry on.", "Sorry, tangent.", "Okay, back to work.",
        "Filing that under 'things I never expected'.", "Moving on.", "Just needed to tell someone."]

REACT = {
    "neu": ["Huh.", "Really?", "Good to know.", "Ha, okay.", "Makes sense.", "Wait, seriously?", "Oh, interesting.",
            "Noted!", "Ha, of course.", "Huh, didn't know that.", "Right, right.", "Oh yeah?"],
    "pos": ["Nice!", "Love that.", "Ooh!", "Amazing.", "That's brilliant.", "Oh I'm so pleased.", "Yesss.",
            "Good for you!", "Ha, love it.", "Ooh, fancy."],
    "q": ["Hmm, not sure.", "Ha, good question.", "Honestly? No idea.", "Don't ask me!", "Ha, not me.",
          "Depends, I guess.", "Hmm, rings a bell?"],
    "neg": ["Oh no!", "Ouch.", "Ugh, sorry.", "That's rough.", "Oh no, poor thing.", "Yikes.", "Oof.",
            "That's awful.", "Oh man."],
}

HANDOVER = ["Anyway, what's new with you?", "How about you, anything new?", "Enough about me. You?",
            "What's going on your end?", "Your turn, any news?", "And you? Tell me things.", "How's your week been?",
            "Anyway! You?", "How's everything with you?", "So what's your news?"]


# --------------------------------------------------------------------------------------------
# Conversation state
# --------------------------------------------------------------------------------------------


@dataclass
class Person:
    name: str
    gender: str

    @property
    def p(self) -> dict[str, str]:
        return pronouns(self.gender)


@dataclass
class Line:
    speaker: int
    text: str
    tag: tuple[int, int] | None = None


@dataclass
class Question:
    question: str
    answer: str
    category: str
    tags: list[tuple[int, int]] = field(default_factory=list)


# lead-ins the other speaker may say before an evidence turn, by (category, evidence slot)
PROMPTS: dict[tuple[str, int], list[str]] = {
    ("constraint", 1): ["Tried anywhere new lately?", "Eaten anywhere good?", "Any restaurant gossip?"],
    ("constraint", 2): ["How's the family?", "How is everyone?", "Any news from your lot?"],
    ("bridge", 0): ["How's your week been?", "What's new?", "Anything nice happen lately?"],
    ("bridge", 1): ["Heard from anyone lately?", "Any gossip?", "How are your people doing?"],
    ("list", 0): ["What have you been up to?", "What's new?", "How's life?"],
    ("list", 1): ["What have you been up to?", "How've you been?", "Tell me everything."],
    ("list", 2): ["How's life?", "What's new?", "How've you been?"],
    ("list", 3): ["And you?", "Busy week?", "What's new with you?"],
    ("relative_time", 0): ["Anything coming up?", "What's on your calendar?", "Busy month?"],
    ("relative_time", 1): ["Big week?", "What's new?", "How've you been?"],
    ("preference_update", 0): ["What's your routine like these days?", "Tell me something I don't know about you."],
    ("preference_update", 1): ["Anything different with you?", "Any changes your end?", "What's new?"],
    ("number", 0): ["Go on, tell me.", "Any news?", "What's new?"],
    ("near_miss", 0): ["How's the family?", "Tell me something random.", "What's new?"],
    ("multi_hop_person", 0): ["How was your week?", "What's new?", "How's everything?"],
    ("multi_hop_person", 1): ["Any gossip?", "Heard anything interesting lately?"],
    ("deep_chain", 0): ["Any family news?", "Anything exciting coming up?"],
    ("deep_chain", 1): ["Any update on the plans?", "How's the planning going?"],
}


class Conv:
    """One conversation under construction."""

    def __init__(self, seed: int, index: int) -> None:
        self.rng = Random(seed * 1_000_003 + index * 7919 + 17)
        self.index = index
        self.used: set[str] = set()
        g1, g2 = self.rng.choice(["f", "m"]), self.rng.choice(["f", "m"])
        self.spk = [self.person(g1), self.person(g2)]
        self.names = [p.name for p in self.spk]
        self.n = self.rng.randint(20, 35)
        start = datetime(self.rng.randint(2021, 2024), self.rng.randint(1, 12), self.rng.randint(1, 28),
                         self.rng.randint(7, 22), self.rng.choice(range(0, 60)))
        self.times: list[datetime] = []
        t = start
        for _ in range(self.n):
            self.times.append(t)
            t = t + timedelta(days=self.rng.randint(2, 24))
            t = t.replace(hour=self.rng.randint(7, 22), minute=self.rng.randint(0, 59))
        self.blocks: list[list[list[Line]]] = [[] for _ in range(self.n)]
        self.load = [0] * self.n
        self.questions: list[Question] = []
        self.currency = self.rng.choice(["\u20ac", "\u00a3", "$"])
        self.tags: set[str] = set()  # topics the questions own: filler stays off them
        self.colleagues = [self.person(self.rng.choice("fm")).name for _ in range(3)]
        self.filler_used: set[str] = set()
        self.last_opener = ""

    # --- drawing
    def person(self, gender: str | None = None) -> Person:
        g = gender or self.rng.choice("fm")
        pool = FEMALE if g == "f" else MALE
        for _ in range(1000):
            name = self.rng.choice(pool)
            if name not in self.used:
                self.used.add(name)
                return Person(name, g)
        raise RuntimeError("name pool exhausted")

    def fresh(self, pool: Sequence[Any], key: Callable[[Any], str] = str) -> Any:
        for _ in range(2000):
            item = self.rng.choice(pool)
            k = key(item)
            if k not in self.used:
                self.used.add(k)
                return item
        raise RuntimeError("pool exhausted")

    def pick(self, pool: Sequence[Any]) -> Any:
        return self.rng.choice(pool)

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    # --- sessions
    def sessions(self, k: int, ordered: bool = False, max_days: int | None = None) -> list[int]:
        """``k`` distinct sessions far apart (at most ``max_days`` from first to last when given,
        relaxed if nothing fits), shuffled unless ``ordered``."""
        gap = max(4, self.n // (k + 2))
        for attempt in range(4000):
            if attempt and attempt % 800 == 0:
                gap = max(3, gap - 1)
            if max_days is not None:
                gap = min(gap, 4)
            picks = sorted(self.rng.sample(range(self.n), k))
            span = (self.times[picks[-1]] - self.times[picks[0]]).days
            if all(b - a >= gap for a, b in zip(picks, picks[1:], strict=False)) and all(
                self.load[s] < 3 for s in picks
            ) and (max_days is None or span <= max_days or attempt > 3000):
                break
        else:
            raise RuntimeError("no room for the evidence")
        for s in picks:
            self.load[s] += 1
        if not ordered:
            self.rng.shuffle(picks)
        return picks

    def free_session(self, avoid: Sequence[int] = ()) -> int:
        for _ in range(500):
            s = self.rng.randrange(self.n)
            if s not in avoid and sum(len(b) for b in self.blocks[s]) < 12:
                return s
        return self.rng.randrange(self.n)

    # --- rendering
    def casual(self, text: str) -> str:
        """Occasional typos, a dropped full stop, a lowercase start."""
        if self.chance(0.08):
            words = text.split(" ")
            spots = [i for i, w in enumerate(words) if w.strip(",.!?") in TYPOS]
            if spots:
                i = self.pick(spots)
                w = words[i]
                core = w.strip(",.!?")
                words[i] = w.replace(core, TYPOS[core])
                text = " ".join(words)
        if self.chance(0.12) and text.endswith(".") and not text.endswith(".."):
            text = text[:-1]
        if self.chance(0.07) and text[:1].isupper() and not text.startswith(("I ", "I'")):
            first = text.split(" ")[0].strip(",.!?'")
            if first.lower() in STOPWORDS or first.lower() in {"so", "ok", "anyway", "just", "honestly"}:
                text = text[0].lower() + text[1:]
        return text

    def bury(self, text: str, p: float = 0.25) -> str:
        """Sometimes wraps a fact in chatter, so it sits mid-turn."""
        if self.chance(p):
            pre = self.pick(PRE)
            first = text.split(" ")[0]
            proper = first == "I" or first.startswith("I'") or any(text.startswith(u) for u in self.used)
            if pre[-1] not in ".!?-" and not proper:
                text = text[:1].lower() + text[1:]
            text = f"{pre} {text}"
        if self.chance(p):
            text = f"{text} {self.pick(POST)}"
        return text

    def finish(self, text: str, p: float = 0.25) -> str:
        return self.casual(self.bury(articles(text), p))

    # --- planting
    def plant(self, session: int, speaker: int, text: str, tag: tuple[int, int] | None,
              prompt: str | None = None, react: str | None = "neu", p_prompt: float = 0.5) -> None:
        """Plants ``text`` (spoken by ``speaker``) with an optional lead-in from the other speaker
        and an optional reaction after it."""
        lines: list[Line] = []
        if prompt and self.chance(p_prompt):
            lines.append(Line(1 - speaker, self.casual(prompt)))
        lines.append(Line(speaker, text, tag))
        if text.rstrip().endswith("?"):
            lines.append(Line(1 - speaker, self.casual(self.pick(REACT["q"]))))
        elif react and self.chance(0.6):
            lines.append(Line(1 - speaker, self.casual(self.pick(REACT[react]))))
        self.blocks[session].append(lines)

    def distract(self, speaker: int, text: str, avoid: Sequence[int] = (), react: str | None = "neu") -> None:
        self.plant(self.free_session(avoid), speaker, self.finish(text), None, react=react)

    def ask(self, question: Question, parts: Sequence[tuple[int, int, str, str | None, str | None]]) -> None:
        """Registers ``question``; ``parts`` are (session, speaker, text, prompt, reaction) in
        evidence order, entry first."""
        qi = len(self.questions)
        for slot, (session, speaker, text, prompt, react) in enumerate(parts):
            if prompt is None and (question.category, slot) in PROMPTS and self.chance(0.6):
                prompt = self.pick(PROMPTS[(question.category, slot)])
            self.plant(session, speaker, text, (qi, slot), prompt=prompt, react=react)
            question.tags.append((qi, slot))
        self.questions.append(question)


def render(conv: Conv, build: Callable[[], tuple[str, list[str]]], tries: int = 400) -> tuple[str, list[str]]:
    """Draws (question, evidence texts) from ``build`` until the one-entry rule holds."""
    for _ in range(tries):
        question, texts = build()
        texts = [conv.finish(t) for t in texts]
        if one_entry_ok(question, texts, conv.names):
            return question, texts
    raise RuntimeError("no rendering satisfies the one-entry rule")


# --------------------------------------------------------------------------------------------
# 1. constraint: a pick for an occasion (entry) -> what the place is like -> the person's constraint
# --------------------------------------------------------------------------------------------

CONSTRAINTS: dict[str, dict[str, Any]] = {
    "mobility": {
        "short": "can't manage stairs",
        "kinds": ["bistro", "wine bar", "Lebanese place", "dumpling place", "gallery cafe", "tapas bar"],
        "who": [
            "{name} has been in a wheelchair since the accident, so stairs are a no-go.",
            "{name}'s knees are shot. {He} can't do stairs at all anymore.",
            "Poor {name}, after the hip operation {he} can't manage steps, not even two or three.",
            "{name} uses a wheelchair full-time now, it's been about a year.",
            "Did I tell you {name} is on crutches for months? Anything with steps is out.",
            "{name} has really bad arthritis, {he} can barely get up a kerb.",
            "{name} can't climb stairs these days, the physio said not to even try.",
            "{name} gets around with a walker now. Slowly. Steps are the enemy.",
        ],
        "bad": ["it's up four flights of stairs and there's no lift",
                "you have to climb this narrow spiral staircase to get in, no lift",
                "the dining room is on the third floor, stairs only",
                "it's down a steep set of stone steps, basically a cellar",
                "there are about sixty steps up from the street, I counted"],
        "bad_short": "is only reachable by stairs",
        "good": ["it's all on the ground floor, ramp at the door, wide aisles",
                 "it's completely step-free, there's even a lift down to the loos",
                 "they redid the entrance, it's flat all the way in, not a single step"],
        "good_short": "is fully step-free",
    },
    "nuts": {
        "short": "has a severe nut allergy",
        "kinds": ["Indonesian place", "Georgian place", "bakery cafe", "Thai place", "Sicilian place"],
        "who": [
            "{name} carries an EpiPen everywhere because of peanuts.",
            "{name} is seriously allergic to nuts, like hospital-level allergic.",
            "Remember {name} ended up in A&E? Cashews. Tiny amount.",
            "{name} can't be near anything with nuts in it, even the dust sets {him} off.",
            "{name}'s nut allergy is no joke, {he} had a reaction from a shared spoon once.",
            "{name} has to read every label, one walnut and {he}'s in trouble.",
            "So {name} found out {he}'s anaphylactic to tree nuts. Terrifying.",
        ],
        "bad": ["half the menu is satay and peanut sauce", "they put walnut sauce on basically everything",
                "every dish comes with a crushed pistachio crumb", "the signature thing is a cashew cream curry",
                "they grind their own almond pesto, it's in nearly every plate"],
        "bad_short": "puts nuts in nearly every dish",
        "good": ["the whole kitchen is certified nut-free", "they're strictly nut-free, it says so on the door",
                 "no nuts anywhere in the building, the owner's kid is allergic"],
        "good_short": "is completely nut-free",
    },
    "heights": {
        "short": "is terrified of heights",
        "kinds": ["rooftop bar", "sky lounge", "treetop adventure park", "observation deck restaurant"],
        "who": [
            "{name} gets dizzy on a stepladder. Proper vertigo.",
            "{name} won't even stand on a balcony, {he}'s that scared of heights.",
            "{name} had a panic attack on a Ferris wheel once, never again {he} says.",
            "Heights and {name} do not mix. {He} crawled across a glass bridge in Zhangjiajie.",
            "{name} refuses to go above the second floor of anything. Genuinely.",
            "{name} has this massive fear of heights, can't look out of a plane window.",
        ],
        "bad": ["it's on the 38th floor with glass walls and a glass floor panel",
                "you sit right on the edge of the roof, thirty storeys up",
                "the whole thing is a rope course thirty metres up in the trees",
                "the tables are on a cantilevered deck hanging off the cliff"],
        "bad_short": "is very high up",
        "good": ["it's in a basement, cosy, no windows even", "it's all at ground level in an old courtyard"],
        "good_short": "is at ground level",
    },
    "noise": {
        "short": "can't cope with loud noise",
        "kinds": ["Balkan bar", "samba club", "brewery", "karaoke place", "beer hall"],
        "who": [
            "{name} has hyperacusis, loud rooms are actual torture for {him}.",
            "{name}'s hearing aids make noisy places unbearable, {he} just switches them off and sulks.",
            "Loud noise gives {name} migraines, like knock-out migraines.",
            "{name} wears earplugs at the cinema. Even at the cinema.",
            "{name} can't handle noise at all since the concussion.",
            "{name} walked out of a pub quiz because the speakers were too loud for {him}.",
        ],
        "bad": ["there's a live brass band every night and you can't hear yourself think",
                "the DJ starts at eight and it is LOUD", "it's basically a nightclub with food",
                "they have drummers going table to table"],
        "bad_short": "is extremely loud",
        "good": ["it's really quiet, they even have a no-music policy", "it's hushed, carpets and little booths"],
        "good_short": "is very quiet",
    },
    "schedule": {
        "short": "goes to bed very early for work",
        "kinds": ["late-night jazz club", "supper club", "cocktail den", "midnight ramen bar"],
        "who": [
            "{name} starts work at 4am, so {he}'s in bed by nine every night.",
            "{name} does the early shift at the bakery. Asleep by half eight, no exceptions.",
            "{name}'s a postie, up at 3:30. Evenings basically don't exist for {him}.",
            "{name} can't do anything late, {he} opens the cafe at five every morning.",
            "{name} is on earlies at the hospital all month, lights out by nine.",
        ],
        "bad": ["it only opens at 10pm", "the first sitting is at eleven at night",
                "nothing really gets going there before midnight", "the kitchen opens at half ten in the evening"],
        "bad_short": "only opens late at night",
        "good": ["it's a brunch spot, closes at three in the afternoon", "it's lunch only, shut by four"],
        "good_short": "is a daytime-only place",
    },
    "budget": {
        "short": "is on a very tight budget",
        "kinds": ["tasting-menu place", "French place", "omakase counter", "steak restaurant"],
        "who": [
            "{name} is saving every penny for a deposit, proper tight budget.",
            "{name}'s on a student loan and hates being paid for.",
            "{name} lost {his} job in spring, so money is really tight at the moment.",
            "{name} is counting every coin this year, {he} told me {his} weekly budget and I nearly cried.",
            "Money's really tight for {name}, {he} won't even get a takeaway.",
        ],
        "bad": ["it's tasting menu only, 180 a head before wine", "the cheapest main is sixty quid",
                "you can't get out of there for under two hundred each", "the bill for two was over four hundred"],
        "bad_short": "is very expensive",
        "good": ["it's dirt cheap, nothing on the menu over twelve", "mains are like eight quid, it's a steal"],
        "good_short": "is very cheap",
    },
    "vegan": {
        "short": "is vegan",
        "kinds": ["steakhouse", "Argentinian grill", "Korean barbecue place", "smokehouse"],
        "who": [
            "{name} went fully vegan last year, no exceptions.",
            "{name} doesn't eat any animal products at all now.",
            "{name} is strict about the vegan thing, won't even do honey.",
            "{name} has been plant-based for years, it's a whole identity.",
            "{name} gave up meat, dairy, eggs, all of it.",
        ],
        "bad": ["it's basically a steakhouse, nothing on the menu without meat",
                "even the salads come with pork crackling", "the veg sides are cooked in beef dripping",
                "everything is grilled meat, they laughed when I asked about veggie options"],
        "bad_short": "has nothing without meat",
        "good": ["the menu's entirely plant-based", "there's not a single animal product on the menu"],
        "good_short": "is fully plant-based",
    },
    "coeliac": {
        "short": "is coeliac",
        "kinds": ["pasta bar", "pizzeria", "bakery", "dumpling house"],
        "who": [
            "{name} is coeliac, even crumbs make {him} ill.",
            "{name} got diagnosed coeliac, so gluten is completely off the table.",
            "{name} can't touch gluten, {he} was sick for a week after a croissant.",
            "{name} has coeliac disease, the proper kind, not the trendy kind.",
        ],
        "bad": ["all they do is fresh pasta and bread", "everything is wheat, they don't even have rice",
                "the whole menu is dumplings and noodles made from wheat flour"],
        "bad_short": "serves almost nothing but wheat",
        "good": ["the kitchen is a hundred percent gluten-free", "they're fully gluten-free, even the beer"],
        "good_short": "is fully gluten-free",
    },
    "seasick": {
        "short": "gets badly seasick",
        "kinds": ["boat restaurant", "floating bar", "dinner cruise", "houseboat cafe"],
        "who": [
            "{name} gets seasick on a pedalo.",
            "{name} threw up on the ferry to the island. Twice. It was calm.",
            "{name} can't be on water at all, motion sickness is brutal for {him}.",
            "{name} goes green just looking at boats.",
            "{name} took three tablets for a ferry once and was still sick.",
        ],
        "bad": ["it's on a boat that actually cruises around the bay during dinner",
                "it's a barge and it rocks quite a lot when the wind's up",
                "the whole place is a ship that goes out to sea for three hours"],
        "bad_short": "is on a moving boat",
        "good": ["it's a boat but it's bolted to the quay, you don't feel a thing",
                 "it looks like a ship but it's actually on dry land"],
        "good_short": "doesn't move at all",
    },
    "dogs": {
        "short": "is frightened of dogs",
        "kinds": ["farm cafe", "dog-friendly pub", "countryside tea room"],
        "who": [
            "{name} has been terrified of dogs since {he} was bitten as a kid.",
            "{name} crosses the road if a spaniel walks past. Real phobia.",
            "{name} is scared stiff of dogs, even tiny ones.",
            "Dogs make {name} panic, {he} can't help it.",
        ],
        "bad": ["there are four resident dogs that wander between the tables",
                "the owner's huskies basically run the place", "it's packed with dogs, they even have a dog menu"],
        "bad_short": "is full of dogs",
        "good": ["they're strict about it, no dogs inside at all", "it's a strictly no-dogs place"],
        "good_short": "allows no dogs",
    },
    "claustro": {
        "short": "is claustrophobic",
        "kinds": ["cellar bar", "escape room", "cave restaurant", "speakeasy"],
        "who": [
            "{name} is claustrophobic. Lifts, tunnels, no way.",
            "{name} had to get out of an MRI halfway through, {he} can't do small spaces.",
            "Small rooms freak {name} out, {he} needs a window or {he} panics.",
            "{name} won't take the tube, {he} walks everywhere because of the tunnels.",
        ],
        "bad": ["it's in an old cellar, tiny, no windows, you crawl through a low tunnel to get in",
                "they lock you in a small room for an hour", "it's literally carved into a cave, really low ceilings"],
        "bad_short": "is a cramped windowless space",
        "good": ["it's huge and airy, floor-to-ceiling windows", "it's basically a glass box, really open"],
        "good_short": "is big and open",
    },
    "sober": {
        "short": "doesn't drink alcohol",
        "kinds": ["cocktail bar", "wine cellar", "whisky bar", "cider house"],
        "who": [
            "{name} has been sober eight years now.",
            "{name} doesn't drink, hasn't since {his} twenties.",
            "{name} quit alcohol completely, AA and everything, really proud of {him}.",
            "{name} is teetotal, always has been.",
        ],
        "bad": ["there's literally nothing non-alcoholic on the menu, not even juice",
                "it's a wine tasting thing, six glasses included", "the whole point is the whisky flight"],
        "bad_short": "is built around alcohol",
        "good": ["they have an amazing zero-proof menu, better than the real cocktails",
                 "half the menu is alcohol-free and it's genuinely good"],
        "good_short": "has a great alcohol-free menu",
    },
    "spice": {
        "short": "can't handle spicy food",
        "kinds": ["Sichuan place", "hot chicken joint", "Hunan place", "Thai place"],
        "who": [
            "{name} can't handle any spice at all, black pepper is too much for {him}.",
            "{name} cried at a korma once. A korma.",
            "Chilli does terrible things to {name}'s stomach, {he} avoids it completely.",
            "{name} has reflux, so anything spicy is off limits.",
        ],
        "bad": ["it's proper Sichuan, chilli oil on everything", "the mildest dish is still a four-chilli rating",
                "they pride themselves on being the hottest food in town"],
        "bad_short": "makes everything very spicy",
        "good": ["they do everything mild unless you ask", "nothing on the menu is spicy, it's all very gentle"],
        "good_short": "keeps everything mild",
    },
    "smoke": {
        "short": "has asthma that smoke sets off",
        "kinds": ["wood-fired grill", "shisha lounge", "smokehouse", "fire-pit terrace"],
        "who": [
            "{name}'s asthma flares up with any smoke at all.",
            "{name} ended up on a nebuliser after a bonfire. Smoke is a big no.",
            "{name} has bad asthma, even a candle going out can set {him} off.",
            "{name}'s lungs are rubbish, {he} can't be anywhere smoky.",
        ],
        "bad": ["the whole room is smoky from the open fire pits", "everyone smokes shisha inside, it's hazy",
                "they cook over open wood fires in the middle of the room, the air is thick with it"],
        "bad_short": "is full of smoke",
        "good": ["the kitchen is all electric, no open flames anywhere"],
        "good_short": "has no smoke at all",
    },
}

OCCASIONS = ["graduation", "70th birthday", "60th birthday", "40th birthday", "30th birthday", "retirement",
             "promotion", "engagement", "leaving do", "PhD celebration", "citizenship celebration",
             "welcome-home dinner", "21st", "book launch"]
OLDER = {"grandmother", "grandad", "mother-in-law", "father-in-law", "stepmum", "stepdad"}
YOUNGER = {"niece", "nephew", "goddaughter", "godson"}
OCCASIONS_OLDER = ["70th birthday", "60th birthday", "retirement", "citizenship celebration", "welcome-home dinner",
                   "book launch", "80th birthday"]
OCCASIONS_YOUNGER = ["graduation", "21st", "30th birthday", "engagement", "PhD celebration", "leaving do",
                     "promotion", "18th"]
OCCASIONS_ANY = ["40th birthday", "30th birthday", "promotion", "engagement", "leaving do", "citizenship celebration",
                 "welcome-home dinner", "book launch", "50th birthday"]


def occasions_for(rel: str) -> list[str]:
    return OCCASIONS_OLDER if rel in OLDER else OCCASIONS_YOUNGER if rel in YOUNGER else OCCASIONS_ANY

CONSTRAINT_OWN = [
    "For my {rel} {name}'s {occ} I've booked {venue}, that little {kind} by the station.",
    "My {rel} {name}'s {occ} is sorted, by the way: {venue}, the {kind}.",
    "I think I'm taking my {rel} {name} to {venue} for {his} {occ}. It's a {kind}, {he}'s never been.",
    "Ok so for my {rel}'s {occ} ({name}'s, I mean) I went with {venue}. Bit of a gamble.",
    "You know the {kind} {venue}? That's where I'm taking my {rel} {name} for the {occ}.",
    "Long story short, {venue} for my {rel} {name}'s {occ}. I booked it at midnight after three glasses of wine.",
    "Booked! {venue} for {name}'s {occ}. My {rel} deserves something nice after the year {he}'s had.",
    "My {rel} {name} has {his} {occ} coming up and I've settled on {venue}, the {kind} near the river.",
    "I've been agonising over my {rel} {name}'s {occ} and I think {venue} is the answer. Cute {kind}.",
    "Deposit's paid: my {rel} {name}'s {occ} is happening at {venue}.",
]

CONSTRAINT_OTHER = [
    "For your {rel} {name}'s {occ}? Take {him} to {venue}. Trust me.",
    "If it were my call I'd do {venue} for your {rel}'s {occ}. {name} would love it, it's a {kind}.",
    "Oh, {venue}! For your {rel} {name}'s {occ}, definitely.",
    "I'd recommend {venue} for your {rel} {name}'s {occ}, we went last spring and it was great.",
    "Honestly just book {venue} for your {rel}'s {occ}. It's a {kind}, {name} can't complain.",
    "What about {venue}? For your {rel} {name}'s {occ} I mean. Lovely {kind}.",
    "My vote for {name}'s {occ}: {venue}. Your {rel} will thank you.",
    "Have you thought about {venue} for your {rel} {name}'s {occ}? Cute {kind}, not too far.",
    "For a {occ} like your {rel} {name}'s, {venue} is the obvious choice. That {kind} is magic.",
]

CONSTRAINT_PROMPT_OWN = ["Did you decide where you're doing the {occ}?", "So what's the plan for the big day?",
                         "Any news on the party front?", "How's the planning going?",
                         "Where are you taking {him}?"]
CONSTRAINT_PROMPT_OTHER = ["I need ideas. {name}'s {occ} is coming up and I'm blank.",
                           "Where would you go for a {occ}? I'm stuck.", "Help me plan something for my {rel}?",
                           "Okay, restaurant brain, I need you."]

CONSTRAINT_WRAP = ["Family update: {fact}", "Not sure if I told you. {fact}", "{fact} It makes everything complicated.",
                   "{fact} We have to plan everything around it now.", "So, a thing I learned this week: {fact}",
                   "{fact} Honestly it's been a lot for everyone.", "Can I vent for a sec? {fact}",
                   "{fact} I worry about it more than I let on."]

PLACE_FRAMES = [
    "Went past {venue} yesterday: {prop}. Didn't go in.",
    "Have you ever been to {venue}? Apparently {prop}.",
    "Fun fact about {venue}: {prop}. Learned that the hard way on Saturday.",
    "{venue} got a write-up in the local paper this week, {prop}.",
    "We ended up at {venue} after the cinema. Thing is, {prop}.",
    "Random, but I was reading reviews of {venue}, and {prop}.",
    "Someone at the office was raving about {venue}; {prop}, apparently.",
    "Oh, and {venue}? {Prop}. Wild.",
    "Had lunch at {venue}. {Prop}. The lamb was unreal though.",
    "I finally tried {venue} on Friday and {prop}, which I did not expect.",
    "A mate of mine waits tables at {venue} and says {prop}.",
    "Note to self, {venue}: {prop}.",
]

CONSTRAINT_Q_OWN = [
    "Will the place {r} picked for {rhis} {rel}'s {occ} suit the {rel}?",
    "Is {r}'s choice for {rhis} {rel}'s {occ} a good fit for {him}?",
    "{r} has booked somewhere for {rhis} {rel}'s {occ}. Will it work for the {rel}?",
    "Does the {occ} plan {r} made for {rhis} {rel} suit {him}?",
    "Is there any problem with where {r} is taking {rhis} {rel} for the {occ}?",
    "Would {r}'s {rel} be comfortable at the spot picked for {his} {occ}?",
]
CONSTRAINT_Q_OTHER = [
    "Would the place {r} recommended for {o}'s {rel}'s {occ} suit the {rel}?",
    "{r} suggested somewhere for {o}'s {rel}'s {occ}. Is it a good fit for {him}?",
    "Is {r}'s recommendation for the {occ} of {o}'s {rel} a good idea for {him}?",
    "Will {o}'s {rel} be okay at the spot {r} suggested for the {occ}?",
    "Does {r}'s suggestion for {o}'s {rel}'s {occ} work for the {rel}?",
]

OTHER_PICKS = [
    "For my {rel}'s {occ} I suggested {venue}, the {kind}, but nobody listened.",
    "We did my {rel}'s {occ} at {venue} last year, it was fine, nothing special.",
    "Someone recommended {venue} for a {occ}, have you heard of it?",
    "{venue} was where we had the {occ} for my {rel}, and the service was a disaster.",
]


def relation(conv: Conv) -> tuple[str, str]:
    """A relation word and its gender."""
    roll = conv.rng.random()
    if roll < 0.4:
        return conv.pick(RELATIONS_F), "f"
    if roll < 0.8:
        return conv.pick(RELATIONS_M), "m"
    return conv.pick(RELATIONS_ANY), conv.pick("fm")


def q_constraint(conv: Conv) -> None:
    rng = conv.rng
    kind_key = conv.fresh(sorted(CONSTRAINTS), key=lambda k: "constraint:" + k)
    spec = CONSTRAINTS[kind_key]
    owner = rng.randrange(2)  # whose relative
    recommender = owner if conv.chance(0.5) else 1 - owner
    rel, g = relation(conv)
    third = conv.person(g)
    venue = conv.fresh(VENUE_NAMES)
    kind = conv.pick(spec["kinds"])
    occ = conv.fresh(occasions_for(rel))
    good = conv.chance(0.3) and bool(spec["good"])
    sess = conv.sessions(3)
    r, o = conv.spk[recommender], conv.spk[owner]
    slots = {"rel": rel, "name": third.name, "venue": venue, "kind": kind, "occ": occ, **third.p}

    def build() -> tuple[str, list[str]]:
        if recommender == owner:
            entry = fill(conv.pick(CONSTRAINT_OWN), **slots)
            q = fill(conv.pick(CONSTRAINT_Q_OWN), r=r.name, rhis=r.p["his"], **slots)
        else:
            entry = fill(conv.pick(CONSTRAINT_OTHER), **slots)
            q = fill(conv.pick(CONSTRAINT_Q_OTHER), r=r.name, o=o.name, **slots)
        prop = conv.pick(spec["good"] if good else spec["bad"])
        place = fill(conv.pick(PLACE_FRAMES), venue=venue, prop=prop, Prop=cap(prop))
        who = fill(conv.pick(spec["who"]), **slots)
        if conv.chance(0.5):
            who = fill(conv.pick(CONSTRAINT_WRAP), fact=who)
        return q, [entry, place, who]

    question, texts = render(conv, build)
    if good:
        answer = f"Good fit: {venue} {spec['good_short']}, which matters because {third.name} {spec['short']}."
    else:
        answer = f"Poor fit: {venue} {spec['bad_short']}, and {third.name} {spec['short']}."
    prompt_pool = CONSTRAINT_PROMPT_OWN if recommender == owner else CONSTRAINT_PROMPT_OTHER
    prompt = fill(conv.pick(prompt_pool), **slots)
    conv.ask(Question(question, answer, "constraint"), [
        (sess[0], recommender, texts[0], prompt, "pos"),
        (sess[1], rng.randrange(2), texts[1], None, "neu"),
        (sess[2], owner, texts[2], None, "neg"),
    ])
    # distractors: other picks for other occasions, another venue's quirks, someone else's constraint
    for _ in range(2):
        orel, _g = relation(conv)
        conv.distract(rng.randrange(2), fill(conv.pick(OTHER_PICKS), rel=orel, occ=conv.pick(occasions_for(orel)),
                                             venue=conv.fresh(VENUE_NAMES), kind=conv.pick(spec["kinds"])), sess)
    other_key = conv.pick([k for k in sorted(CONSTRAINTS) if k != kind_key])
    other_spec = CONSTRAINTS[other_key]
    prop = conv.pick(other_spec["bad"])
    conv.distract(rng.randrange(2), fill(conv.pick(PLACE_FRAMES), venue=conv.fresh(VENUE_NAMES), prop=prop,
                                         Prop=cap(prop)), sess)
    stranger = conv.person()
    conv.distract(rng.randrange(2), fill(conv.pick(spec["who"]), name=stranger.name, **stranger.p), sess, "neg")


# --------------------------------------------------------------------------------------------
# 2. bridge: an object or favour from someone described by relation (entry) -> news about them
# --------------------------------------------------------------------------------------------

GIVERS = [("my godmother {name}", "f"), ("my godfather {name}", "m"), ("a coworker named {name}", ""),
          ("my old landlady {name}", "f"), ("my old landlord {name}", "m"), ("{name} from my running club", ""),
          ("my neighbour {name}", ""), ("my great-aunt {name}", "f"), ("my uncle {name}", "m"),
          ("an old uni friend called {name}", ""), ("my former boss {name}", ""),
          ("{name} from the allotments", ""), ("my stepsister {name}", "f"), ("my grandad's friend {name}", "m"),
          ("a guy from my choir called {name}", "m"), ("a woman from my pilates class called {name}", "f")]

GIFT_OBJECTS = ["fountain pen", "cast-iron pan", "record player", "vintage camera", "chess set", "ukulele",
                "espresso machine", "leather satchel", "bonsai tree", "telescope", "sewing machine",
                "brass compass", "typewriter", "pasta machine", "mandolin", "pair of binoculars", "bread knife"]
MADE_OBJECTS = ["patchwork quilt", "hand-thrown teapot", "wooden stool", "knitted jumper", "silver ring",
                "stained-glass lamp", "bookshelf", "set of mugs", "walnut chopping board", "wool scarf"]
FAVOURS = [("fixed my bike", "fixed {s}'s bike"), ("drove me to the airport at 4am", "drove {s} to the airport"),
           ("looked after my cat for two weeks", "looked after {s}'s cat"),
           ("helped me move flats", "helped {s} move flats"),
           ("rewired my lamp", "rewired {s}'s lamp"), ("got me the interview", "got {s} the interview"),
           ("lent me a suit for the wedding", "lent {s} a suit for the wedding"),
           ("taught me to drive", "taught {s} to drive")]

GIFT_ENTRY = [
    "This {obj}? {Giver} gave it to me when I finished uni.",
    "{Giver} gave me {a_obj} for my birthday and I'm obsessed.",
    "I've been using the {obj} {giver} gave me every single day.",
    "Fun story: the {obj} on my shelf was a present from {giver}.",
    "{Giver} just handed me {a_obj} out of nowhere, said {he} didn't need it anymore.",
    "Got {a_obj} from {giver}, totally unexpected. Still in shock.",
    "You know my {obj}? Gift from {giver}. Best present I've ever had.",
    "The {obj} came from {giver}, {he} found it at a flea market and thought of me.",
]
LENT_ENTRY = [
    "{Giver} lent me {his} {obj} for the month.",
    "The {obj} I've got at the moment is on loan from {giver}.",
    "I'm borrowing {a_obj} from {giver} until I can afford my own.",
    "{Giver} lent me {a_obj}, so I'm being very careful with it.",
    "Oh the {obj}? Not mine. {Giver} lent it to me, I have to give it back in spring.",
    "Currently terrified of breaking the {obj} {giver} lent me.",
]
MADE_ENTRY = [
    "{Giver} made me {a_obj}. By hand!",
    "Look at this {obj}. {Giver} made it for me, took {him} weeks.",
    "The {obj} {giver} made me is the nicest thing I own.",
    "I'm wearing out the {obj} {giver} made for me.",
    "{Giver} spent the whole winter making me {a_obj}, I nearly cried.",
    "Did I show you the {obj}? Handmade, by {giver}.",
]
FAVOUR_ENTRY = [
    "{Giver} {favour}, what a legend.",
    "I owe {giver} big time, {he} {favour}.",
    "Shout out to {giver}, who {favour}.",
    "Honestly {giver} {favour} and wouldn't take a penny.",
    "So {giver} {favour}. I need to buy {him} something nice.",
    "Remind me to thank {giver} again, {he} {favour} without me even asking.",
]

PERSON_FACTS: list[dict[str, Any]] = [
    {"kind": "city", "pool": CITIES,
     "say": ["{name} finally moved to {x}, says the rent is insane.", "Had a call with {name}, {he}'s in {x} now. For good.",
             "{name} relocated to {x} last month.", "Guess who's living in {x} now? {name}!",
             "{name} got a transfer to {x}, {he} leaves in a fortnight.",
             "{name} sent me photos from the new flat in {x}. Tiny kitchen, huge windows.",
             "So {name} has packed up and gone to {x}. Just like that."],
     "q": ["Which city is the person who {how} {s} {obj} living in now?", "Where did the person who {how} {s} {obj} move?",
           "What city is the person who {how} {s} {obj} based in these days?"],
     "a": "{x}"},
    {"kind": "job", "pool": JOBS,
     "say": ["{name} has retrained as a {x}, can you believe it.", "{name} got hired as a {x}! Starts in May.",
             "{name}'s new gig: {x}. Out of nowhere.", "{name} quit banking and is a {x} now.",
             "Ran into {name}, turns out {he} works as a {x} these days.",
             "{name} finally qualified as a {x}, there was a little ceremony and everything."],
     "q": ["What is the new job of the person who {how} {s} {obj}?", "What does the person who {how} {s} {obj} do for a living now?",
           "What work does the person who {how} {s} {obj} do nowadays?"],
     "a": "{He}'s a {x} now"},
    {"kind": "pet", "pool": PETS,
     "say": ["{name} adopted a {x0} called {pn}.", "{name} came home with a {x0}. A {x0}!",
             "Did you see {name}'s new {x0}? {pn}. Absolute chaos.", "{name} has a {x0} now, {pn}, and won't shut up about it.",
             "{name} rescued a {x0} from the shelter, named it {pn}.", "There's a {x0} living with {name} now. Called {pn}."],
     "q": ["What animal did the person who {how} {s} {obj} get?", "What kind of pet does the person who {how} {s} {obj} have?",
           "Which animal joined the household of the person who {how} {s} {obj}?"],
     "a": "A {x0} called {pn}"},
    {"kind": "injury", "pool": ["broke {his} collarbone skiing", "tore {his} Achilles playing squash",
                                "fractured {his} wrist falling off a ladder", "dislocated {his} shoulder surfing",
                                "cracked two ribs falling down the stairs"],
     "say": ["{name} {x}. Ouch.", "Poor {name} {x}, {he}'s out of action for weeks.",
             "Did you hear {name} {x}? Six weeks in a sling.", "So {name} {x} and is being very brave about it. Not.",
             "{name} {x} on Saturday, ambulance and everything."],
     "q": ["What happened to the person who {how} {s} {obj}?", "How did the person who {how} {s} {obj} get hurt?",
           "What injury did the person who {how} {s} {obj} have?"],
     "a": "{He} {x}"},
    {"kind": "trip", "pool": COUNTRIES,
     "say": ["{name} is off to {x} for six weeks, lucky thing.", "{name} just flew out to {x}, backpack and everything.",
             "{name}'s doing a big solo trip around {x}.", "{name} sent me a postcard from {x}!",
             "{name} took a sabbatical to go hiking in {x}."],
     "q": ["Where is the person who {how} {s} {obj} travelling?", "Which country did the person who {how} {s} {obj} go to?",
           "Where has the person who {how} {s} {obj} gone on a trip?"],
     "a": "{x}"},
    {"kind": "hobby", "pool": ["competitive ballroom dancing", "open-water swimming", "falconry", "roller derby",
                               "bell-ringing", "taxidermy classes", "amateur boxing", "ice sculpture"],
     "say": ["{name} has taken up {x}, of all things.", "{name} is really into {x} now, it's all {he} talks about.",
             "Apparently {name} does {x} every weekend now.", "{name} won a local {x} thing! A medal!",
             "{name} has gone full {x}. There's kit everywhere."],
     "q": ["What hobby has the person who {how} {s} {obj} picked up?", "What has the person who {how} {s} {obj} got into lately?",
           "Which pastime is the person who {how} {s} {obj} doing now?"],
     "a": "{x}"},
]


def q_bridge(conv: Conv) -> None:
    rng = conv.rng
    s = rng.randrange(2)
    S = conv.spk[s]
    giver_t, gg = conv.pick(GIVERS)
    giver = conv.person(gg or None)
    gp = giver.p
    giver_phrase = giver_t.format(name=giver.name)
    mode = conv.pick(["gift", "gift", "lent", "made", "favour"])
    if mode == "favour":
        favour, favour_q = conv.fresh(FAVOURS, key=lambda f: "favour:" + f[0])
        obj = ""
    else:
        obj = conv.fresh(MADE_OBJECTS if mode == "made" else GIFT_OBJECTS)
    fact = conv.pick(PERSON_FACTS)
    x = conv.pick(fact["pool"])
    extra: dict[str, str] = {}
    if fact["kind"] == "pet":
        extra = {"x0": x[0], "pn": conv.fresh(PET_NAMES)}
    elif fact["kind"] == "injury":
        x = x.format(**gp)
    sess = conv.sessions(2)

    def build() -> tuple[str, list[str]]:
        if mode == "favour":
            entry = fill(conv.pick(FAVOUR_ENTRY), giver=giver_phrase, Giver=cap(giver_phrase), favour=favour, **gp)
            how, thing = "", ""
            qt = conv.pick(fact["q"]).replace("{how} {s} {obj}", favour_q)
        else:
            pool = {"gift": GIFT_ENTRY, "lent": LENT_ENTRY, "made": MADE_ENTRY}[mode]
            entry = fill(conv.pick(pool), giver=giver_phrase, Giver=cap(giver_phrase), obj=obj, a_obj=art(obj), **gp)
            how = {"gift": conv.pick(["gave", "gave", "gifted"]), "lent": "lent", "made": "made"}[mode]
            thing = "the " + obj
            if mode == "made":
                qt = conv.pick(fact["q"]).replace("{how} {s} {obj}", "made {s} the " + obj)
            else:
                qt = conv.pick(fact["q"])
        q = fill(qt, how=how, s=S.name, obj=thing)
        said = fill(conv.pick(fact["say"]), name=giver.name, x=x, **extra, **gp)
        return q, [entry, said]

    question, texts = render(conv, build)
    answer = fill(fact["a"], x=x, **extra, **gp) + f" (the person is {giver.name})"
    conv.ask(Question(question, answer, "bridge"), [
        (sess[0], s, texts[0], None, "pos"),
        (sess[1], s, texts[1], None, "neg" if fact["kind"] == "injury" else "neu"),
    ])
    # distractors: other things from other people; news about someone else of the same kind
    other_t, og = conv.pick(GIVERS)
    other = conv.person(og or None)
    other_phrase = other_t.format(name=other.name)
    conv.distract(s, fill(conv.pick(GIFT_ENTRY), giver=other_phrase, Giver=cap(other_phrase),
                          obj=(o := conv.fresh(GIFT_OBJECTS)), a_obj=art(o), **other.p), sess)
    conv.distract(1 - s, fill(conv.pick(LENT_ENTRY), giver=other_phrase, Giver=cap(other_phrase),
                              obj=(o := conv.fresh(GIFT_OBJECTS)), a_obj=art(o), **other.p), sess)
    if mode == "favour":
        helper_t, hg = conv.pick(GIVERS)
        helper = conv.person(hg or None)
        conv.distract(1 - s, fill(conv.pick(FAVOUR_ENTRY), giver=helper_t.format(name=helper.name),
                                  Giver=cap(helper_t.format(name=helper.name)), favour=favour, **helper.p), sess)
    else:
        conv.distract(rng.randrange(2), conv.pick([f"Saw {art(obj)} in a charity shop for a fiver, nearly bought it.",
                                                   f"I've always wanted {art(obj)}, honestly.",
                                                   f"Does anyone actually use {art(obj)} these days?"]), sess)
    third = conv.person()
    y = conv.pick(fact["pool"])
    extra2: dict[str, str] = {}
    if fact["kind"] == "pet":
        extra2 = {"x0": y[0], "pn": conv.fresh(PET_NAMES)}
    elif fact["kind"] == "injury":
        y = y.format(**third.p)
    conv.distract(rng.randrange(2), fill(conv.pick(fact["say"]), name=third.name, x=y, **extra2, **third.p), sess)


# --------------------------------------------------------------------------------------------
# 3. list: items of one kind over 3-4 sessions, only one mention uses the question's words
# --------------------------------------------------------------------------------------------

INJURIES = {
    "a sprained ankle": ["I sprained my ankle stepping off a kerb.",
                         "My ankle is the size of a grapefruit, went over on it at five-a-side.",
                         "Rolled my ankle on the stairs, it's gone purple."],
    "a broken toe": ["Broke my little toe on the bed frame.", "I stubbed my toe so hard it's actually broken.",
                     "My toe is fractured. From a door. A door!"],
    "a pulled hamstring": ["Pulled my hamstring sprinting for the bus.", "My hamstring went pop at the gym.",
                           "Can't bend down, hamstring's pulled."],
    "a cracked rib": ["I cracked a rib falling off my bike.", "Cracked a rib coughing, which I didn't know was possible.",
                      "My rib is cracked, laughing hurts."],
    "a dislocated finger": ["Dislocated my finger playing volleyball.",
                            "My finger popped out of its socket catching a ball."],
    "tennis elbow": ["I've got tennis elbow from painting the fence.",
                     "My elbow's inflamed, the physio says tennis elbow. I don't even play tennis."],
    "a burnt hand": ["Burnt my hand on the oven tray, massive blister.", "Grabbed a hot pan handle, my palm is blistered."],
    "stitches in the thumb": ["Sliced my thumb open chopping onions, four stitches.",
                              "Got stitches in my thumb after a fight with a bagel."],
    "whiplash": ["Got whiplash when someone rear-ended me at the lights.",
                 "My neck's wrecked, mild whiplash from a fender bender."],
}

LISTS: dict[str, dict[str, Any]] = {
    "books": {
        "items": lambda conv: conv.fresh(BOOKS, key=lambda b: b[0]),
        "name": lambda it: it[0],
        "slots": lambda it: {"t": it[0], "au": it[1]},
        "entry": ["Just finished reading {t}. What a book.", "The book I'm reading right now is {t} by {au}.",
                  "I read {t} on the plane, best book I've read all year.", "Book update: {t}. Recommend, with caveats.",
                  "My book club made us read {t} and I actually liked it.", "Reading {t} at the moment, the one by {au}.",
                  "Another book down: {t}."],
        "other": ["Finished {t} last night and I'm emotionally destroyed.", "{t} kept me up till 2am. That last chapter!",
                  "Halfway through {t}. The narrator is insufferable but I can't stop.",
                  "Started {t} on Sunday, done by Tuesday.", "Devoured {t} this week, {au} is a genius.",
                  "Got through {t} in two sittings on the train.", "{t} made me cry on the tram, which was embarrassing.",
                  "Just turned the last page of {t}. Need a minute.",
                  "{au}'s {t}: gorgeous sentences, zero plot. Loved it anyway."],
        "q": ["Which books has {s} read?", "What books has {s} mentioned reading?", "Name every book {s} has read.",
              "What has {s} been reading, book-wise?"],
        "theirs": ["I read {t} and hated it, sorry.", "Reading {t} at the moment, the one everyone's on about.",
                   "My book this month is {t}."],
        "tag": "books",
    },
    "cities": {
        "items": lambda conv: conv.fresh(CITIES),
        "name": lambda it: it,
        "slots": lambda it: {"c": it},
        "entry": ["Visited {c} last month, absolutely loved it.", "We did a long weekend visiting {c}.",
                  "My trip to {c} was the best thing I did all year.", "I visited {c} for work but snuck in some sightseeing.",
                  "Travel update: {c}! Finally visited.", "Just got back from a trip to {c}."],
        "other": ["Just back from {c}! The food was unreal.", "Spent four days in {c}, walked about eighty kilometres.",
                  "{c} was freezing but gorgeous.", "We landed in {c} at 2am and the hostel had given our room away.",
                  "The market in {c}, oh my god.", "Three nights in {c}. Too short.",
                  "Still dreaming about that bakery in {c}.", "Got sunburnt in {c} on day one, classic me."],
        "q": ["Which cities has {s} visited?", "What cities did {s} go to on trips?", "List all the cities {s} visited.",
              "Where has {s} travelled to (cities)?"],
        "theirs": ["I visited {c} years ago, didn't love it.", "My trip to {c} got cancelled, gutted.",
                   "We're thinking of visiting {c} next year."],
        "tag": "travel",
    },
    "injuries": {
        "items": lambda conv: conv.fresh(sorted(INJURIES)),
        "name": lambda it: it,
        "slots": lambda it: {},
        "entry": ["Another injury for the collection: {p}", "Add it to the injury list. {p}",
                  "I'm so injury-prone this year. {p}", "Latest injury: {p}", "Injury news, brace yourself. {p}"],
        "other": ["{p}"],
        "phrases": lambda it: INJURIES[it],
        "q": ["What injuries has {s} had?", "Which injuries did {s} mention?", "List every injury {s} picked up."],
        "theirs": ["I've got an injury too, pulled a muscle lifting a sofa.",
                   "My only injury this year is a paper cut, I'm boring."],
        "tag": "injury",
    },
    "courses": {
        "items": lambda conv: conv.fresh(COURSES),
        "name": lambda it: it,
        "slots": lambda it: {"x": it},
        "entry": ["I'm taking a {x} course at the community college.", "Started a new course: {x}.",
                  "The {x} course I booked starts Monday.", "Another course done! {x}, this time.",
                  "Did a short course in {x}, loved it."],
        "other": ["Signed up for {x} on Tuesday evenings, the first one was great.",
                  "Just did a weekend of {x} and I'm exhausted.",
                  "Finished eight weeks of {x}, got a little certificate and everything.",
                  "Tonight's {x} session was chaos, the teacher was off sick.",
                  "The {x} workshop was so much better than I expected.", "I'm weirdly good at {x}? Who knew.",
                  "Week three of {x}. Starting to get the hang of it."],
        "q": ["What courses has {s} taken?", "Which courses did {s} do?", "List the courses {s} has been on."],
        "theirs": ["I did a {x} course once, hated it.", "Thinking of a {x} course, any good?"],
        "tag": "course",
    },
    "concerts": {
        "items": lambda conv: conv.fresh(BANDS),
        "name": lambda it: it,
        "slots": lambda it: {"b": it},
        "entry": ["The {b} concert on Friday was incredible.", "Went to a concert! {b}, front row.",
                  "Best concert of my life: {b}.", "{b} in concert, finally, after years of trying to get tickets."],
        "other": ["Saw {b} live on Friday, my ears are still ringing.",
                  "{b} played a two-hour set and I lost my voice singing.", "Got home at 1am after {b}. Worth it.",
                  "{b}'s encore was twenty minutes long, I'm not even exaggerating.",
                  "Caught {b} at the Roundhouse, the crowd was wild.",
                  "The support act was better than {b}, honestly. Still fun though."],
        "q": ["Which concerts has {s} been to?", "What concerts did {s} go to?", "Name the concerts {s} attended."],
        "theirs": ["I went to a {b} concert once, fell asleep.", "The {b} concert sold out in four minutes, I missed it."],
        "tag": "music",
    },
    "films": {
        "items": lambda conv: conv.fresh(FILMS),
        "name": lambda it: it,
        "slots": lambda it: {"f": it},
        "entry": ["Went to the cinema to see {f}, the big screen was worth it.", "Cinema trip: {f}. Loved it.",
                  "Saw {f} at the cinema, the sound was insane.", "Finally made it to the cinema for {f}."],
        "other": ["Watched {f} on the big screen last night, that twist!", "{f} in IMAX, I'm still shaking.",
                  "The popcorn cost more than the ticket for {f}, but fine.",
                  "Someone's phone went off during the best bit of {f}.",
                  "Caught the late showing of {f}, only six of us in there."],
        "q": ["Which films has {s} seen at the cinema?", "What films did {s} go to the cinema for?",
              "List the films {s} saw in cinemas."],
        "theirs": ["I saw {f} at the cinema too, walked out.", "Is {f} still on at the cinema?"],
        "tag": "film",
    },
    "peaks": {
        "items": lambda conv: conv.fresh(PEAKS),
        "name": lambda it: it,
        "slots": lambda it: {"m": it},
        "entry": ["Climbed {m} on Saturday, what a mountain.", "My latest mountain: {m}.",
                  "We climbed {m} in the fog, saw nothing, loved it.", "Mountain number whatever: {m}. Done."],
        "other": ["Made it to the top of {m}, legs are jelly.", "Summited {m} at sunrise, best morning of the year.",
                  "{m} nearly broke me, that last scramble!",
                  "Got rained off halfway up {m}, went back the next day and finished it."],
        "q": ["Which mountains has {s} climbed?", "What mountains did {s} climb?", "List the mountains {s} has climbed."],
        "theirs": ["I climbed {m} once, never again.", "We're planning to climb {m} next summer."],
        "tag": "hiking",
    },
}


def q_list(conv: Conv) -> None:
    rng = conv.rng
    key = conv.fresh(sorted(LISTS), key=lambda k: "list:" + k)
    spec = LISTS[key]
    conv.tags.add(spec["tag"])
    s = rng.randrange(2)
    S = conv.spk[s]
    k = rng.choice([3, 3, 4])
    items = [spec["items"](conv) for _ in range(k)]
    sess = conv.sessions(k)

    def say(item: Any, pool: list[str]) -> str:
        slots = dict(spec["slots"](item))
        if "phrases" in spec:
            slots["p"] = conv.pick(spec["phrases"](item))
        return fill(conv.pick(pool), **slots)

    def build() -> tuple[str, list[str]]:
        q = fill(conv.pick(spec["q"]), s=S.name)
        return q, [say(items[0], spec["entry"])] + [say(it, spec["other"]) for it in items[1:]]

    question, texts = render(conv, build)
    order = sorted(range(k), key=lambda i: sess[i])
    answer = ", ".join(spec["name"](items[i]) for i in order)
    react = "neg" if key == "injuries" else "pos"
    conv.ask(Question(question, answer, "list"), [(sess[i], s, texts[i], None, react) for i in range(k)])
    # distractors: the other speaker's items of the same kind, in the question's words
    for _ in range(2):
        it = spec["items"](conv)
        conv.distract(1 - s, say(it, spec["theirs"]), sess)


# --------------------------------------------------------------------------------------------
# 4. relative_time: an event dated relative to an anchor (entry) -> the anchor's date
# --------------------------------------------------------------------------------------------

TIMED_EVENTS = ["driving test", "dentist appointment", "job interview", "flat viewing", "tattoo appointment",
                "eye test", "piano exam", "citizenship interview", "MRI scan", "mortgage meeting",
                "first pottery exhibition", "blood donation slot", "allotment inspection", "guitar recital"]

ANCHORS = [
    {"entry": "my sister's wedding", "turn": ["{n}'s wedding", "my sister's wedding", "{n} and {m}'s wedding"],
     "ans": "{s_his} sister's wedding"},
    {"entry": "the marathon", "turn": ["the marathon", "race day", "the city marathon"], "ans": "the marathon"},
    {"entry": "my mum's sixtieth", "turn": ["Mum's sixtieth", "Mum's big party", "my mum's 60th"],
     "ans": "{s_his} mum's sixtieth"},
    {"entry": "moving day", "turn": ["moving day", "the move", "the day we get the keys"], "ans": "moving day"},
    {"entry": "the conference in {c}", "turn": ["the {c} conference", "the conference"],
     "ans": "the conference in {c}"},
    {"entry": "my brother's graduation", "turn": ["{n}'s graduation", "my brother's graduation ceremony"],
     "ans": "{s_his} brother's graduation"},
    {"entry": "our anniversary", "turn": ["our anniversary", "the anniversary"], "ans": "{s_his} anniversary"},
    {"entry": "the big product launch", "turn": ["the launch", "launch day", "the product launch"],
     "ans": "the product launch"},
    {"entry": "my thesis defence", "turn": ["the defence", "my viva", "the thesis defence"], "ans": "{s_his} thesis defence"},
    {"entry": "the choir concert", "turn": ["the choir concert", "our concert"], "ans": "the choir concert"},
    {"entry": "{n}'s baby shower", "turn": ["{n}'s baby shower", "the baby shower"], "ans": "{n}'s baby shower"},
    {"entry": "the work offsite", "turn": ["the offsite", "the work away-day"], "ans": "the work offsite"},
]

OFFSETS = [(1, "the day after"), (2, "two days after"), (3, "three days after"), (7, "a week after"),
           (14, "two weeks after"), (-1, "the day before"), (-2, "two days before"), (-7, "a week before")]

REL_FUTURE = [
    "My {ev} is {rel} {anchor}. Great timing, me.",
    "I've got my {ev} {rel} {anchor}, so I'll be a wreck that week.",
    "Booked my {ev} for {rel} {anchor}!",
    "{rel} {anchor}, that's when my {ev} is.",
    "So the {ev} is happening {rel} {anchor}. Wish me luck.",
    "They moved my {ev} to {rel} {anchor}, which is annoying.",
    "Can't do that weekend, my {ev} is {rel} {anchor}.",
    "Guess who scheduled the {ev} for {rel} {anchor}? This genius.",
]
REL_PAST = [
    "Had my {ev} {rel} {anchor}. {outcome}",
    "My {ev} was {rel} {anchor}, and {low}.",
    "{rel} {anchor} I finally had the {ev}. {outcome}",
    "Remember I had the {ev} {rel} {anchor}? {outcome}",
    "So my {ev} ({rel} {anchor}, naturally) went okay in the end.",
    "The {ev} was {rel} {anchor}. {outcome}",
]
OUTCOMES = ["Went fine!", "Total disaster.", "Not as bad as I thought.", "Never again.", "Nailed it, I think.",
            "I was shaking the whole time."]
LOW_OUTCOMES = ["it went fine", "it was a total disaster", "it wasn't as bad as I thought", "I survived"]

ANCHOR_FUTURE = ["{A} is {when}, I'm a nervous wreck.", "Can't believe {a} is {when} already.",
                 "Just confirmed: {a}, {when}.", "Reminder to self: {a} is {when}. Need to sort an outfit.",
                 "So {a} is happening {when}, assuming nothing goes wrong.", "Counting the days. {A} is {when}.",
                 "{A}? {When}. Eek."]
ANCHOR_PAST = ["{A} was {when}. Still recovering.", "{When}, {a} happened, and what a day.",
               "Did I tell you how {a} went? It was {when}, and it was perfect.", "Survived {a} {when}. Barely.",
               "{A} {when} was amazing, honestly.", "{A} was {when} and I've only just slept it off."]

EVENT_Q = ["When was {s}'s {ev}?", "On what date did {s} have {shis} {ev}?", "What date was {s}'s {ev}?"]
EVENT_Q_FUT = ["When is {s}'s {ev}?", "On what date is {s}'s {ev}?", "What date is {s}'s {ev} on?"]


def when_phrase(rng: Random, said: date, event: date) -> str:
    """How someone speaking on ``said`` would name ``event`` (a different day)."""
    delta = (event - said).days
    opts: list[str] = [f"on {event.day} {MONTHS[event.month - 1]}"]
    if delta > 0:
        if delta == 1:
            opts.append("tomorrow")
        if delta == 2:
            opts.append("the day after tomorrow")
        if delta <= 6:
            opts.append(f"this {WEEKDAYS[event.weekday()]}")
            opts.append(f"this coming {WEEKDAYS[event.weekday()]}")
        if delta <= 25 and event.month == said.month:
            opts.append(f"on the {ordinal(event.day)}")
        if 3 <= delta <= 14:
            opts.append(f"in {delta} days")
    else:
        if delta == -1:
            opts.append("yesterday")
        if delta >= -6:
            opts.append(f"last {WEEKDAYS[event.weekday()]}")
        if delta >= -25 and event.month == said.month:
            opts.append(f"on the {ordinal(event.day)}")
        if -10 <= delta <= -2:
            opts.append(f"{-delta} days ago")
    return rng.choice(opts)


def q_relative_time(conv: Conv) -> None:
    rng = conv.rng
    s = rng.randrange(2)
    S = conv.spk[s]
    ev = conv.fresh(TIMED_EVENTS)
    anchor = conv.fresh(ANCHORS, key=lambda a: "anchor:" + a["entry"])
    sibling = conv.person("f" if "sister" in anchor["entry"] else "m" if "brother" in anchor["entry"] else None)
    spouse = conv.person()
    city = conv.fresh(CITIES)
    sess = conv.sessions(2, max_days=80)
    i, j = sess  # entry session, anchor session
    said_i, said_j = conv.times[i].date(), conv.times[j].date()
    for _ in range(200):
        delta = rng.choice([d for d in range(-6, 15) if d != 0])
        anchor_day = said_j + timedelta(days=delta)
        off, rel = rng.choice(OFFSETS)
        event_day = anchor_day + timedelta(days=off)
        if event_day != said_i:
            break
    names = {"n": sibling.name, "m": spouse.name, "c": city, "s_his": S.name + "'s"}
    anchor_entry = anchor["entry"].format(**names)
    event_last = conv.times[-1].date()

    def build() -> tuple[str, list[str]]:
        slots = {"ev": ev, "rel": rel, "anchor": anchor_entry, "outcome": conv.pick(OUTCOMES), "low": conv.pick(LOW_OUTCOMES)}
        entry = fill(conv.pick(REL_FUTURE if event_day > said_i else REL_PAST), **slots)
        a = conv.pick(anchor["turn"]).format(**names)
        when = when_phrase(rng, said_j, anchor_day)
        turn = fill(conv.pick(ANCHOR_FUTURE if anchor_day > said_j else ANCHOR_PAST), a=a, A=cap(a), when=when, When=cap(when))
        qpool = EVENT_Q if event_day < event_last else EVENT_Q_FUT
        q = fill(conv.pick(qpool), s=S.name, shis=S.p["his"], ev=ev)
        return q, [entry, turn]

    question, texts = render(conv, build)
    answer = (f"{WEEKDAYS[event_day.weekday()]} {fmt_day(event_day)}: {rel} "
              f"{anchor['ans'].format(**names)}, which was on {fmt_day(anchor_day)}")
    conv.ask(Question(question, answer, "relative_time"), [
        (i, s, texts[0], None, "neu"),
        (j, s, texts[1], None, "pos"),
    ])
    # distractors: the other speaker's event of the same kind with a plain date; another of S's appointments
    other_day = anchor_day + timedelta(days=rng.choice([-4, -3, 3, 4, 5]))
    where = conv.free_session(sess)
    on = f"{other_day.day} {MONTHS[other_day.month - 1]}"
    mine = (f"My {ev} is on {on}, so that's fun." if other_day > conv.times[where].date()
            else f"My {ev} was on {on}, glad that's over.")
    conv.plant(where, 1 - s, conv.finish(mine), None)
    conv.distract(s, conv.pick([f"My last {ev} was a nightmare, years ago.", f"I've been dreading the {ev} for weeks.",
                                f"Does anyone actually enjoy a {ev}?"]), sess)
    ev2 = conv.fresh(TIMED_EVENTS)
    conv.distract(s, fill(conv.pick(REL_FUTURE), ev=ev2, rel=conv.pick(OFFSETS)[1], anchor="the bank holiday",
                          outcome="", low=""), sess)


# --------------------------------------------------------------------------------------------
# 5. preference_update: a habit (entry) -> later change, naming the old habit but not the topic
# --------------------------------------------------------------------------------------------


def _vals(*items: str | tuple[str, ...]) -> list[dict[str, str]]:
    out = []
    for it in items:
        parts = (it,) if isinstance(it, str) else it
        d = {"v": parts[0], "short": parts[1] if len(parts) > 1 else parts[0]}
        if len(parts) > 2:
            d["ing"] = parts[2]
        out.append(d)
    return out


PREFS: dict[str, dict[str, Any]] = {
    "coffee": {
        "group": "coffee",
        "values": _vals(("oat milk", "oat"), ("soy milk", "soy"), ("almond milk", "almond"), ("whole milk", "whole"),
                        ("lactose-free milk", "lactose-free"), ("cashew milk", "cashew"), ("coconut milk", "coconut")),
        "entry": ["I only take {old} in my coffee.", "Coffee for me is always with {old}, non-negotiable.",
                  "{Old} in my coffee or nothing.", "My coffee order? Flat white with {old}.",
                  "I can't drink coffee without {old}.", "Every coffee I make is with {old}, it's a whole ritual.",
                  "The barista knows me: coffee, {old}, extra hot."],
        "update": ["I've switched from {old} to {new}.", "No more {old} for me, it's {new} now.",
                   "Ditched the {olds} stuff. Team {news} now.", "Gave up on {old}, {new} froths way better.",
                   "Changed my order: {new} instead of {old}.",
                   "Turns out {old} was giving me stomach aches, so {new} it is.", "{Old}? Not anymore. {New} all the way.",
                   "I've gone over to {new}. {Old} is dead to me."],
        "q": ["What does {s} put in {his} coffee these days?", "How does {s} take {his} coffee now?",
              "What goes in {s}'s coffee at the moment?"],
        "a": "{New} (switched from {old})",
        "theirs": ["I just take my coffee black, always have.", "Coffee for me is two sugars and whole milk, don't judge."],
    },
    "commute": {
        "group": "work",
        "values": _vals(("cycle", "the bike", "cycling"), ("take the tram", "the tram", "taking the tram"),
                        ("take the bus", "the bus", "getting the bus"), ("drive", "the car", "driving"),
                        ("walk", "walking", "walking"), ("get the train", "the train", "getting the train"),
                        ("ride an e-scooter", "the scooter", "riding an e-scooter")),
        "entry": ["I {old} to work every day, rain or shine.", "My commute to work? I {old}. Forty minutes each way.",
                  "I always {old} to work, it's my thinking time.", "Getting to work is easy, I just {old}.",
                  "To work? I {old}, same as ever.", "I {old} to work, it's the only exercise I get."],
        "update": ["I've stopped {old_ing}, I {new} now.", "No more {old_ing} for me, {new_ing} these days.",
                   "Gave up {old_ing} after the third soaking in a week. {New_ing} now.",
                   "Since we moved I {new}, {old_ing} was taking forever.", "{Old_ing}? Not anymore. I {new}.",
                   "I've switched: {new_ing} instead of {old_ing}.",
                   "Honestly {new_ing} has changed my life, I don't miss {old_ing} at all."],
        "q": ["How does {s} get to work these days?", "How does {s} commute to work now?",
              "What's {s}'s way of getting to work at the moment?"],
        "a": "{New_ing} (no longer {old_ing})",
        "theirs": ["I drive to work, the traffic is soul-destroying.", "I walk to work, twenty minutes, love it."],
    },
    "diet": {
        "group": "diet",
        "pairs": [("vegetarian", "eating fish again"), ("vegetarian", "eating meat again"),
                  ("vegan", "eating eggs and cheese again"), ("vegan", "eating fish again")],
        "entry": ["I'm {old}, have been for years.", "Being {old} in this town is easy, so many options.",
                  "As a {old}, I'm begging for one decent sandwich at the station.",
                  "I've been {old} since I was sixteen.", "{Old} life: I made a lentil roast and it was glorious."],
        "update": ["I've started {new}, the doctor said my iron's rubbish.", "So I'm {new}. Don't tell anyone.",
                   "Confession: I'm {new}. Felt weird at first.", "After twelve years, I'm {new}. Mostly for my energy.",
                   "Not that strict anymore. I'm {new}.", "Big change: I'm {new}, my body was begging for it."],
        "q": ["Is {s} still {old}?", "Does {s} still follow a {old} diet?", "Is {s} still {old} these days?"],
        "a": "No, {he}'s {new} now",
        "theirs": ["I could never go {old}, I love bacon too much.", "My cousin went {old} and won't shut up about it."],
    },
    "running": {
        "group": "running",
        "values": _vals(("at six in the morning", "early mornings"), ("in my lunch break", "lunchtimes"),
                        ("after dinner", "evenings"), ("late at night", "late nights")),
        "entry": ["I go running {old}, every single day.", "My runs are always {old}.",
                  "I run {old}, it's the only time the park is empty.", "Running {old} keeps me sane.",
                  "If I don't run {old} I'm unbearable, ask anyone."],
        "update": ["Not {old} anymore, {new} now.", "I've moved my sessions to {new}, so much better.",
                   "{Olds}? Done with them. {News} from now on.", "Switched to {news}, {olds} were killing me.",
                   "New routine: {new}. {Olds} are history."],
        "q": ["When does {s} go running these days?", "What time of day does {s} run now?"],
        "a": "{News} (no longer {olds})",
        "theirs": ["I only run when something's chasing me.", "I tried running at 5am once. Once."],
    },
    "phone": {
        "group": "phone",
        "values": _vals("Pixel", "iPhone", "Fairphone", "Galaxy", "Nokia flip phone", "Xperia"),
        "entry": ["My phone is an ancient {old} held together with tape.", "I've had the same {old} phone for five years.",
                  "The {old} is the best phone I've ever had, fight me.", "My phone's a {old}, the camera's decent.",
                  "Phone's dying again. The {old} battery is a joke."],
        "update": ["Finally ditched the {old}. Got a {new}!", "The {old} is gone, I'm on a {new} now.",
                   "Caved and bought a {new}. RIP {old}.", "Traded in the {old} for a {new} and I'm confused by everything.",
                   "A {new}, finally. The {old} went in the drawer of shame."],
        "q": ["What phone does {s} use now?", "Which phone has {s} got at the moment?", "What's {s}'s current phone?"],
        "a": "A {new} (replaced the {old})",
        "theirs": ["My phone is a brick, it's fine.", "I'm due a phone upgrade, mine's cracked everywhere."],
    },
    "language": {
        "group": "language",
        "values": _vals("Portuguese", "Japanese", "Welsh", "Korean", "Turkish", "Swahili", "Icelandic", "Greek"),
        "entry": ["I'm learning {old}, twenty minutes a day on the app.", "{Old} lessons are going well, I can order coffee now.",
                  "Learning {old} is humbling.", "My {old} teacher says my accent is terrible.",
                  "Been learning {old} since January."],
        "update": ["Gave up on {old}, I'm doing {new} now.", "{Old}'s on hold. {New} classes started this week.",
                   "Swapped {old} for {new}, don't ask.", "Dropped the {old}, it's all {new} now.",
                   "No more {old}. I've signed up for {new} instead."],
        "q": ["Which language is {s} learning?", "What language is {s} studying these days?",
              "What language is {s} trying to learn now?"],
        "a": "{New} (dropped {old})",
        "theirs": ["I tried learning a language once, lasted a week.", "My language app keeps guilt-tripping me."],
    },
    "home": {
        "group": "home",
        "values": _vals(*NEIGHBOURHOODS),
        "entry": ["I live in {old}, right by the canal.", "Living in {old} has its moments.",
                  "Our flat in {old} is tiny but we love it.", "I've lived in {old} for six years now.",
                  "The thing about living in {old} is the noise."],
        "update": ["We moved! {New}, two bedrooms.", "Said goodbye to {old}, we're in {new} now.",
                   "The van's unpacked. {New}, finally.", "{Old} is behind us, hello {new}.",
                   "Got the keys to the place in {new}, out of {old} for good."],
        "q": ["Which neighbourhood does {s} live in?", "Where does {s} live now?", "What area is {s} living in these days?"],
        "a": "{New} (moved from {old})",
        "theirs": ["I've lived in the same place for ten years, can't imagine moving.", "My street is so noisy at night."],
    },
    "job": {
        "group": "work",
        "values": _vals(*COMPANIES),
        "entry": ["I work at {old}, in the design team.", "Work at {old} is fine, nothing exciting.",
                  "{Old} is where I work, for my sins.", "I've been working at {old} for three years.",
                  "Another week at work at {old}, another reorg."],
        "update": ["Handed in my notice at {old}! Starting at {new} on Monday.", "Last day at {old} today. {New} from next week.",
                   "I've left {old}. {New} made me an offer I couldn't refuse.", "So long {old}, hello {new}.",
                   "Signed the contract with {new}. {Old} didn't even counter."],
        "q": ["Where does {s} work now?", "Which company does {s} work for?", "Who is {s}'s employer these days?"],
        "a": "{New} (left {old})",
        "theirs": ["My work is a circus at the moment.", "I've been at my work for ages, probably too long."],
    },
    "instrument": {
        "group": "instrument",
        "values": _vals("cello", "drums", "trumpet", "banjo", "harp", "bass guitar", "accordion", "saxophone"),
        "entry": ["I play the {old} in a community orchestra.", "Practising the {old} every night, the neighbours love me.",
                  "I've played the {old} since I was eight.", "My {old} lesson ran over again.",
                  "Playing the {old} is my therapy."],
        "update": ["Sold the {old}. It's {new} lessons now.", "I've moved on from the {old}, I'm learning the {new}.",
                   "The {old} is gathering dust, I'm all about the {new}.",
                   "Swapped the {old} for the {new}, the neighbours are thrilled. Not.",
                   "{New} now. The {old} went to a kid down the road."],
        "q": ["What instrument does {s} play now?", "Which instrument is {s} playing these days?"],
        "a": "The {new} (gave up the {old})",
        "theirs": ["I played the recorder at school, that's my musical career.", "I wish I could play an instrument."],
    },
    "smoking": {
        "group": "smoking",
        "values": _vals("smoker"),
        "entry": ["I smoke about ten a day, I know, I know.", "Went outside for a smoke and missed the whole speech.",
                  "Smoking's my one vice.", "I've smoked since I was seventeen.", "Had a cheeky smoke behind the office."],
        "update": ["{n} weeks without a cigarette!", "I've quit. Patches and everything. {n} weeks.",
                   "Not touched a cigarette in {n} weeks.", "Threw my last pack in the bin {n} weeks ago.",
                   "Cigarettes? Done. {n} weeks clean."],
        "q": ["Does {s} still smoke?", "Is {s} still a smoker?"],
        "a": "No, {he} quit cigarettes",
        "theirs": ["I never smoked, the smell makes me gag.", "My dad smoked for forty years and quit overnight."],
    },
    "car": {
        "group": "car",
        "values": _vals(*CARS),
        "entry": ["I drive an old {old}, it's held together by rust.", "My car's a {old}, nothing fancy.",
                  "The {old} needs new tyres again, this car hates me.", "Driving the {old} up the coast was a mistake.",
                  "Car's in the garage, the {old} strikes again."],
        "update": ["The {old} is gone, I got a {new}!", "Sold the {old}. Say hello to my {new}.",
                   "Traded the {old} in for a {new}.", "New wheels: a {new}. Bye bye {old}.",
                   "{Old} finally died, so it's a {new} now."],
        "q": ["What car does {s} drive?", "What car has {s} got now?"],
        "a": "A {new} (replaced the {old})",
        "theirs": ["My car is a tin can on wheels.", "I don't drive, never learned."],
    },
    "gym": {
        "group": "gym",
        "values": _vals(*GYMS),
        "entry": ["My gym is {old}, it's always rammed.", "{Old} is my gym, the showers are grim.",
                  "I go to the gym at {old} three times a week.", "Went to the gym at {old}, the squat rack was taken for an hour.",
                  "The gym, {old}, put the price up again."],
        "update": ["Cancelled at {old}, I'm at {new} now.", "Switched to {new}, {old} was a zoo.",
                   "I've left {old}. {New} is cheaper and has a sauna.", "Joined {new}, so goodbye {old}.",
                   "{New} is where I train now, {old} is history."],
        "q": ["Which gym does {s} go to now?", "What gym is {s} a member of these days?"],
        "a": "{New} (left {old})",
        "theirs": ["I joined a gym in January, went twice.", "My gym membership is basically a donation."],
    },
}


def _forms(prefix: str, d: dict[str, str]) -> dict[str, str]:
    out = {prefix: d["v"], cap(prefix): cap(d["v"]), prefix + "s": d["short"], cap(prefix) + "s": cap(d["short"])}
    if "ing" in d:
        out[prefix + "_ing"] = d["ing"]
        out[cap(prefix) + "_ing"] = cap(d["ing"])
    return out


def q_preference_update(conv: Conv) -> None:
    rng = conv.rng
    key = conv.fresh(sorted(PREFS), key=lambda k: "pref-group:" + PREFS[k]["group"])
    spec = PREFS[key]
    conv.tags.add(spec["group"])
    s = rng.randrange(2)
    S = conv.spk[s]
    if "pairs" in spec:
        o, nw = conv.pick(spec["pairs"])
        old, new = {"v": o, "short": o}, {"v": nw, "short": nw}
    elif len(spec["values"]) == 1:
        old = new = spec["values"][0]
    else:
        old, new = rng.sample(spec["values"], 2)
    slots = {**_forms("old", old), **_forms("new", new), "n": str(rng.randint(3, 11)), **S.p}
    sess = conv.sessions(2, ordered=True)

    def build() -> tuple[str, list[str]]:
        q = fill(conv.pick(spec["q"]), s=S.name, **slots)
        return q, [fill(conv.pick(spec["entry"]), **slots), fill(conv.pick(spec["update"]), **slots)]

    question, texts = render(conv, build)
    conv.ask(Question(question, fill(spec["a"], **slots), "preference_update"), [
        (sess[0], s, texts[0], None, "neu"),
        (sess[1], s, texts[1], None, "pos"),
    ])
    for line in spec["theirs"]:
        conv.distract(1 - s, fill(line, **slots), sess)


# --------------------------------------------------------------------------------------------
# 6. number: one amount, near-miss amounts about other things elsewhere
# --------------------------------------------------------------------------------------------

NUMBERS: dict[str, dict[str, Any]] = {
    "deposit": {
        "value": lambda r: r.randrange(1200, 4800, 50), "show": "money",
        "entry": ["The deposit on the new flat was {v}. I feel sick.", "Paid the deposit on the flat today: {v}.",
                  "{v} for the flat deposit, and that's before the first month's rent.",
                  "They wanted {v} as a deposit for the flat, so that's my savings gone.",
                  "Guess how much the deposit on our new flat was? {v}!", "Flat deposit: {v}. Landlords are vampires."],
        "q": ["How much was {s}'s deposit on the new flat?", "What did {s} pay as a deposit for the flat?"],
        "a": "{v}",
        "near": ["My brother put down {v} as a deposit on his flat, which seemed a lot.",
                 "The deposit on my old flat was {v}, and I never got it back."],
    },
    "marathon": {
        "value": lambda r: (r.randint(3, 5), r.randint(0, 59), r.randint(0, 59)), "show": "time",
        "entry": ["Finished the marathon in {v}!", "My marathon time was {v}. Official and everything.",
                  "{v} for the marathon. My legs no longer work.", "Chip time for the marathon: {v}.",
                  "Crossed the marathon finish line at {v}, cried a bit."],
        "q": ["What was {s}'s marathon finishing time?", "How long did the marathon take {s}?"],
        "a": "{v}",
        "near": ["My cousin ran the marathon in {v}, show-off.", "The marathon winner did it in {v}, inhuman."],
    },
    "dog": {
        "value": lambda r: r.randint(6, 48), "show": "kg",
        "entry": ["The dog weighs {v} now, the vet says that's perfect.", "Weighed the dog at the vet's: {v}.",
                  "{v} of pure dog. He's a unit.", "Our dog is {v}, which explains my back.",
                  "Vet says the dog is {v}, so no more treats."],
        "q": ["How much does {s}'s dog weigh?", "What is the weight of {s}'s dog?"],
        "a": "{v}",
        "near": ["My neighbour's dog weighs {v}, it's basically a pony.", "Our old dog was {v} at her heaviest."],
    },
    "guests": {
        "value": lambda r: r.randint(14, 140), "show": "int",
        "entry": ["We've got {v} people coming to the housewarming. {v}!", "Housewarming headcount: {v}.",
                  "I invited {v} people to the housewarming, what was I thinking.",
                  "{v} people said yes to the housewarming, I need more chairs."],
        "q": ["How many people are coming to {s}'s housewarming?", "What's the headcount for {s}'s housewarming?"],
        "a": "{v} people",
        "near": ["My sister had {v} people at her housewarming and the floor gave way.",
                 "Last year's housewarming at my mate's had {v} people, chaos."],
    },
    "bike": {
        "value": lambda r: r.randrange(400, 3200, 10), "show": "money",
        "entry": ["The new bike cost {v}, don't tell anyone.", "Bought the bike! {v}, ouch.",
                  "{v} for a bike. A bike!", "My bike came to {v} with the lights and lock.",
                  "Finally bought the bike, {v} on the credit card."],
        "q": ["How much did {s}'s new bike cost?", "What did {s} pay for the bike?"],
        "a": "{v}",
        "near": ["My flatmate's bike cost {v} and it got nicked in a week.", "The bike I wanted was {v}, too much."],
    },
    "thesis": {
        "value": lambda r: r.randrange(38000, 98000, 500), "show": "words",
        "entry": ["My thesis is at {v} now, the limit's a hundred thousand.", "Thesis word count: {v}.",
                  "{v} on the thesis and I still haven't written the conclusion.",
                  "The thesis stands at {v}, my supervisor wants it shorter."],
        "q": ["How long is {s}'s thesis?", "What's the word count of {s}'s thesis?"],
        "a": "{v}",
        "near": ["My thesis was {v} and I thought that was long.", "The best thesis in our department was only {v}."],
    },
    "raise": {
        "value": lambda r: r.randint(3, 18), "show": "pct",
        "entry": ["Got a {v} pay rise! Finally!", "My raise came through: {v}.", "{v} raise, after two years of asking.",
                  "They gave me a {v} pay bump, I did a little dance in the loo."],
        "q": ["How big was {s}'s pay rise?", "What raise did {s} get?"],
        "a": "{v}",
        "near": ["Everyone on my team got a {v} rise except me.", "My partner got a {v} raise, I'm jealous."],
    },
    "plants": {
        "value": lambda r: r.randint(11, 64), "show": "int",
        "entry": ["I counted my houseplants: {v}. I have a problem.", "{v} houseplants and counting.",
                  "The houseplant count is up to {v}.", "My houseplants number {v}, the flat's a jungle."],
        "q": ["How many houseplants does {s} have?", "What's {s}'s houseplant count?"],
        "a": "{v}",
        "near": ["My mum has {v} houseplants and names every one.", "The cafe downstairs has {v} houseplants."],
    },
    "bill": {
        "value": lambda r: r.randrange(180, 950, 1), "show": "money",
        "entry": ["The electricity bill for the quarter was {v}.", "Electricity bill just landed: {v}. Unreal.",
                  "{v} for electricity, three months. I'm living in the dark from now on.",
                  "Opened the electricity bill. {v}. Closed it again."],
        "q": ["How much was {s}'s electricity bill?", "What did {s}'s quarterly electricity bill come to?"],
        "a": "{v}",
        "near": ["Our neighbours' electricity bill was {v}, they've got a hot tub.", "My electricity bill last winter was {v}."],
    },
    "climb": {
        "value": lambda r: r.randrange(900, 4200, 1), "show": "m",
        "entry": ["The summit was {v} up, I could barely breathe.", "Highest point of the trek: {v}.",
                  "We topped out at {v}, highest I've ever been on foot.", "{v} at the summit, snow in August."],
        "q": ["How high was the summit {s} reached on the trek?", "What altitude did {s} reach on the trek?"],
        "a": "{v}",
        "near": ["My uncle once reached {v} on a trek and got altitude sickness.", "The pass on that trek was {v}."],
    },
}


def show_number(conv: Conv, how: str, v: Any) -> str:
    if how == "money":
        return money(conv.currency, v)
    if how == "time":
        return f"{v[0]}:{v[1]:02d}:{v[2]:02d}"
    if how == "kg":
        return f"{v} kilos"
    if how == "words":
        return f"{v:,} words"
    if how == "pct":
        return f"{v}%"
    if how == "m":
        return f"{v:,} metres"
    return str(v)


def near_value(conv: Conv, how: str, v: Any) -> Any:
    r = conv.rng
    if how == "time":
        return (v[0], (v[1] + r.choice([-7, -3, 4, 9])) % 60, r.randint(0, 59))
    if isinstance(v, int):
        step = max(1, v // 12)
        return max(1, v + r.choice([-3, -2, -1, 1, 2, 3]) * step)
    return v


def q_number(conv: Conv) -> None:
    rng = conv.rng
    key = conv.fresh(sorted(NUMBERS), key=lambda k: "number:" + k)
    spec = NUMBERS[key]
    s = rng.randrange(2)
    S = conv.spk[s]
    v = spec["value"](rng)
    shown = show_number(conv, spec["show"], v)
    sess = conv.sessions(1)

    def build() -> tuple[str, list[str]]:
        return fill(conv.pick(spec["q"]), s=S.name), [fill(conv.pick(spec["entry"]), v=shown)]

    question, texts = render(conv, build)
    conv.ask(Question(question, fill(spec["a"], v=shown), "number"), [(sess[0], s, texts[0], None, "neu")])
    # near misses: the same thing for someone else, and S's other numbers close to this one
    for t in rng.sample(spec["near"], 2):
        conv.distract(rng.randrange(2), fill(t, v=show_number(conv, spec["show"], near_value(conv, spec["show"], v))), sess)
    others = [k for k in sorted(NUMBERS) if k != key and "number:" + k not in conv.used and NUMBERS[k]["show"] == spec["show"]]
    if not others:
        others = [k for k in sorted(NUMBERS) if k != key and "number:" + k not in conv.used]
    okey = conv.pick(others)
    conv.used.add("number:" + okey)
    ospec = NUMBERS[okey]
    ov = near_value(conv, ospec["show"], v) if ospec["show"] == spec["show"] else ospec["value"](rng)
    conv.distract(s, fill(conv.pick(ospec["entry"]), v=show_number(conv, ospec["show"], ov)), sess)


# --------------------------------------------------------------------------------------------
# 7. near_miss: one fact; distractors repeat its words about another person or place
# --------------------------------------------------------------------------------------------

FAMILY_RELS = [("sister", "f"), ("brother", "m"), ("cousin", ""), ("brother-in-law", "m"), ("aunt", "f"),
               ("uncle", "m"), ("stepdad", "m"), ("stepmum", "f"), ("best mate", ""), ("oldest friend", "")]
PARENT_RELS = [("dad", "m"), ("mum", "f"), ("grandma", "f"), ("grandad", "m"), ("brother", "m"), ("sister", "f")]

NEAR: dict[str, dict[str, Any]] = {
    "job": {
        "holder": "rel", "pool": JOBS, "rels": FAMILY_RELS,
        "say": ["My {rel} works as a {x} in {place}.", "My {rel}'s a {x}, over in {place}.",
                "My {rel} got a job as a {x} in {place}.", "You know my {rel} is a {x}? In {place}. Long hours.",
                "My {rel} has been a {x} in {place} for ages.", "My {rel} started as a {x} in {place} last year."],
        "q": ["What does {s}'s {rel} do for work?", "What is {s}'s {rel}'s job?", "What does {s}'s {rel} work as?"],
        "a": "{He}'s a {x} (in {place})",
    },
    "bakery": {
        "holder": "place", "pool": PASTRIES,
        "say": ["The bakery on {place} does the best {x}, I'd fight anyone on that.",
                "If you're ever on {place}, that bakery's {x} are the best in town.",
                "Best {x} in the city? The bakery on {place}.",
                "The little bakery on {place} has these {x} that are unreal.",
                "Went to the bakery on {place} for their {x}, queue round the block."],
        "q": ["What is the bakery on {place} best for, according to {s}?",
              "What does {s} say to get at the bakery on {place}?",
              "Which bake does {s} rave about at the bakery on {place}?"],
        "a": "The {x}",
    },
    "dog": {
        "holder": "name", "pool": BREEDS,
        "say": ["Our neighbour {name} has a {x} called {pn}.", "{name} next door got a {x}, {pn}, and it howls all day.",
                "Met {name}'s dog in the hallway, a {x} named {pn}. Our neighbour spoils it rotten.",
                "The {x} next door, {pn}, belongs to {name}, our neighbour.",
                "{name}, our neighbour, walks {his} {x} at 6am every single day."],
        "q": ["What breed is the dog of {s}'s neighbour {name}?", "What kind of dog does {s}'s neighbour {name} have?"],
        "a": "A {x} (called {pn})",
    },
    "city": {
        "holder": "rel", "pool": CITIES, "rels": FAMILY_RELS, "blocks": "list:cities",
        "say": ["My {rel} lives in {x}, I visit when I can.", "My {rel}'s in {x} these days, has been for years.",
                "My {rel}'s flat in {x} is gorgeous, I'm so jealous.", "My {rel} has lived in {x} since uni.",
                "My {rel} lives in {x} now, it's a six-hour train."],
        "q": ["Where does {s}'s {rel} live?", "Which city does {s}'s {rel} live in?"],
        "a": "{x}",
    },
    "car": {
        "holder": "name", "pool": COLOURS,
        "say": ["My friend {name} drives a {x} {car}, you can't miss it.", "{name}'s car is a {x} {car}. My friend has no taste.",
                "My mate {name} picked me up in {his} {x} {car}.",
                "You'd know {name}'s car, the {x} {car}, my friend parks it terribly."],
        "q": ["What colour is the car of {s}'s friend {name}?", "What colour car does {s}'s friend {name} drive?"],
        "a": "{x} (a {car})",
    },
    "birthday": {
        "holder": "rel", "pool": MONTHS, "rels": PARENT_RELS,
        "say": ["My {rel}'s birthday is in {x}, I always forget.", "{x} is my {rel}'s birthday month, the gift panic begins.",
                "My {rel}'s birthday falls in {x} every year and I'm never ready.",
                "Need a present for my {rel}, the birthday's in {x}.", "My {rel} was born in {x}, a proper {x} birthday person."],
        "q": ["What month is {s}'s {rel}'s birthday?", "When is {s}'s {rel}'s birthday?"],
        "a": "{x}",
    },
}


def q_near_miss(conv: Conv) -> None:
    rng = conv.rng
    choices = [k for k in sorted(NEAR) if NEAR[k].get("blocks", "") not in conv.used]
    key = conv.fresh(choices, key=lambda k: "near:" + k)
    spec = NEAR[key]
    if "blocks" in spec:
        conv.used.add(spec["blocks"])
    s = rng.randrange(2)
    S = conv.spk[s]
    vals = rng.sample(spec["pool"], 4)
    car = conv.pick(CARS)

    def holder(i: int) -> dict[str, str]:
        if spec["holder"] == "rel":
            rel, g = rels[i]
            p = pronouns(g or rng.choice("fm"))
            return {"rel": rel, "Rel": cap(rel), "place": conv.pick(CITIES), **p}
        if spec["holder"] == "place":
            return {"place": streets[i]}
        who = people[i]
        return {"name": who.name, "pn": conv.fresh(PET_NAMES), **who.p}

    rel_pool = [r for r in spec.get("rels", FAMILY_RELS) if "nearrel:" + r[0] not in conv.used]
    rels = rng.sample(rel_pool, 2)
    conv.used.add("nearrel:" + rels[0][0])
    streets = rng.sample(STREETS, 2)
    people = [conv.person(), conv.person(), conv.person()]
    main = holder(0)
    sess = conv.sessions(1)

    def build() -> tuple[str, list[str]]:
        q = fill(conv.pick(spec["q"]), s=S.name, **main)
        return q, [fill(conv.pick(spec["say"]), x=vals[0], car=car, **main)]

    question, texts = render(conv, build)
    conv.ask(Question(question, fill(spec["a"], x=vals[0], car=car, **main), "near_miss"),
             [(sess[0], s, texts[0], None, "neu")])
    # the same words about someone else: the other speaker's same holder, S's other holder
    if spec["holder"] == "rel":
        same_other = dict(main, place=conv.pick(CITIES))
        conv.distract(1 - s, fill(conv.pick(spec["say"]), x=vals[1], car=car, **same_other), sess)
        conv.distract(s, fill(conv.pick(spec["say"]), x=vals[2], car=car, **holder(1)), sess)
    elif spec["holder"] == "place":
        conv.distract(1 - s, fill(conv.pick(spec["say"]), x=vals[1], **holder(1)), sess)
        conv.distract(s, f"The cafe on {streets[0]} does decent {vals[2]} too, but not as good.", sess)
    else:
        conv.distract(s, fill(conv.pick(spec["say"]), x=vals[1], car=car, **holder(1)), sess)
        conv.distract(1 - s, fill(conv.pick(spec["say"]), x=vals[2], car=car, **holder(2)), sess)


# --------------------------------------------------------------------------------------------
# 8. multi_hop_person: S's role-person is named (entry) -> a fact about that name elsewhere
# --------------------------------------------------------------------------------------------

# (role, remarks about a session with them, in the third person)
ROLES: list[tuple[str, list[str]]] = [
    ("pottery teacher", ["says my bowls are 'getting there'", "made me redo my whole vase", "let me use the big wheel"]),
    ("physio", ["says my shoulder is finally improving", "gave me exercises that hurt more than the injury",
                "laughed at my posture"]),
    ("driving instructor", ["made me do the roundabout six times", "says I brake like a nervous cat",
                            "reckons I'm nearly test-ready"]),
    ("landlord", ["is finally fixing the damp", "came round unannounced again", "put the rent up, naturally"]),
    ("piano teacher", ["made me play scales for forty minutes", "says my left hand is lazy",
                       "gave me a Chopin piece, which is ambitious"]),
    ("personal trainer", ["made me do burpees until I saw God", "says my squat is 'promising'",
                          "has me on a ridiculous protein plan"]),
    ("Spanish tutor", ["made me order a pretend pizza for half an hour", "says my accent is improving",
                       "gave me so much homework"]),
    ("dentist", ["says I brush too hard", "found no fillings needed, miracle", "told me off about the coffee stains"]),
    ("mechanic", ["says the car has 'a personality'", "found a bird's nest in the engine",
                  "only charged me for half the work"]),
    ("climbing coach", ["made me fall off on purpose twenty times", "says my footwork is sloppy",
                        "got me up my first overhang"]),
    ("hairdresser", ["talked me out of a fringe", "did something amazing with the colour",
                     "told me my whole life story in one cut, well, theirs"]),
    ("book club organiser", ["picked a nine-hundred-page monster this month", "runs it like a military operation",
                             "brings the best snacks"]),
    ("choir director", ["gave me a solo, I'm terrified", "made us sing the same bar forty times",
                        "says the altos are carrying us"]),
    ("swimming coach", ["says I swim like a shopping trolley", "got me doing tumble turns",
                        "made us do twenty lengths of butterfly"]),
    ("accountant", ["found me a refund, legend", "sighed at my receipts shoebox", "sorted my tax return in an hour"]),
]

ROLE_ENTRY = [
    "My {role}, {name}, {remark}.", "{name}, my {role}, {remark}.", "New {role}! {name}. Already {remark}.",
    "Saw {name}, my {role}, today. {He} {remark}.", "My {role} is this {guy} called {name}, {he} {remark}.",
    "So my {role} {name} {remark}. Typical.", "I really like my new {role}, {name}. {He} {remark}.",
    "{name} is the best {role} I've ever had, honestly. {He} {remark}.",
]

ROLE_FACTS: list[dict[str, Any]] = [
    {"pool": CITIES + COUNTRIES,
     "say": ["{name} grew up in {x}, that's why {he}'s unbothered by anything.", "{name} is from {x} originally.",
             "Turns out {name} was born in {x}. Didn't expect that.", "{name} spent {his} whole childhood in {x}.",
             "{name} was raised in {x}, {he} still has the accent."],
     "q": ["Where did {s}'s {role} grow up?", "Where is {s}'s {role} originally from?",
           "Which place does {s}'s {role} come from?"],
     "a": "{x}"},
    {"pool": CAREERS,
     "say": ["{name} used to be {x}, would you believe.", "Before all this, {name} was {x}.",
             "{name} told me {he} was {x} for ten years.", "Fun fact: {name}? Former {xs}.",
             "{name} had a whole previous life as {x}."],
     "q": ["What did {s}'s {role} do before?", "What was the previous career of {s}'s {role}?",
           "What was {s}'s {role}'s earlier job?"],
     "a": "{He} was {x}"},
    {"pool": ["Finnish", "Tagalog", "Yoruba", "Basque", "Mandarin", "Amharic", "Hungarian", "Gaelic", "Farsi"],
     "say": ["{name} speaks {x} at home, it's {his} first language.", "{name} switched to {x} on the phone to {his} mum.",
             "Heard {name} swearing in {x} yesterday.", "{name} grew up speaking {x}, English came later."],
     "q": ["What language does {s}'s {role} speak at home?", "Which language is the first language of {s}'s {role}?"],
     "a": "{x}"},
    {"pool": ["plays bass in a covers band", "races pigeons", "runs a vintage clothes stall",
              "does stand-up on Thursdays", "breeds tortoises", "referees rugby at weekends", "builds harpsichords"],
     "say": ["{name} {x}, as a side thing.", "On weekends {name} {x}. Absolute legend.",
             "Apparently {name} also {x}.", "{name} {x}, I saw the photos."],
     "q": ["What does {s}'s {role} do on the side?", "What's the side hustle of {s}'s {role}?"],
     "a": "{He} {x}"},
    {"pool": ["an identical twin", "five sisters", "a famous grandmother", "triplets at home"],
     "say": ["{name} has {x}, I had no idea.", "Met {name}'s family at the market: {x}!",
             "Turns out {name} has {x}.", "{name} mentioned {he} has {x}, which explains a lot."],
     "q": ["What's unusual about the family of {s}'s {role}?", "What did {s} learn about the family of {s}'s {role}?"],
     "a": "{He} has {x}"},
]


def q_multi_hop_person(conv: Conv) -> None:
    rng = conv.rng
    s = rng.randrange(2)
    S = conv.spk[s]
    role, remarks = conv.fresh(ROLES, key=lambda r: "role:" + r[0])
    who = conv.person()
    fact = conv.pick(ROLE_FACTS)
    x = conv.pick(fact["pool"])
    slots = {"role": role, "name": who.name, "x": x, "xs": x.split(" ", 1)[1] if x.startswith(("a ", "an ")) else x,
             "guy": "woman" if who.gender == "f" else "guy", **who.p}
    sess = conv.sessions(2)

    def build() -> tuple[str, list[str]]:
        q = fill(conv.pick(fact["q"]), s=S.name, role=role)
        return q, [fill(conv.pick(ROLE_ENTRY), remark=conv.pick(remarks), **slots), fill(conv.pick(fact["say"]), **slots)]

    question, texts = render(conv, build)
    answer = fill(fact["a"], **slots) + f" ({S.name}'s {role} is {who.name})"
    conv.ask(Question(question, answer, "multi_hop_person"), [
        (sess[0], s, texts[0], None, "neu"),
        (sess[1], s, texts[1], None, "neu"),
    ])
    # distractors: the other speaker's person in the same role; another named person's fact
    other = conv.person()
    conv.distract(1 - s, fill(conv.pick(ROLE_ENTRY), role=role, name=other.name, remark=conv.pick(remarks),
                              guy="woman" if other.gender == "f" else "guy", **other.p), sess)
    conv.distract(s, conv.pick([f"My last {role} moved away, so I had to find a new one.",
                                f"Finding a good {role} is harder than finding a partner, honestly.",
                                f"My old {role} used to cancel on me every other week."]), sess)
    y = conv.pick(fact["pool"])
    conv.distract(1 - s, fill(conv.pick(fact["say"]), name=other.name, x=y,
                              xs=y.split(" ", 1)[1] if y.startswith(("a ", "an ")) else y, **other.p), sess)


# --------------------------------------------------------------------------------------------
# 9. deep_chain (own family): relation's event (entry) -> name books a venue -> where the venue is
# --------------------------------------------------------------------------------------------

DEEP_EVENTS = ["wedding", "40th birthday party", "retirement party", "book launch", "engagement party",
               "50th", "exhibition opening", "vow renewal", "fundraiser gala", "naming ceremony"]
DEEP_RELS = [("cousin", ""), ("sister", "f"), ("brother", "m"), ("best friend", ""), ("aunt", "f"),
             ("uncle", "m"), ("old flatmate", ""), ("godmother", "f"), ("stepbrother", "m")]

DEEP_ENTRY = [
    "My {rel} {name}'s {event} is finally happening, next spring.",
    "Save the date came through for my {rel} {name}'s {event}!",
    "I've been roped into helping with my {rel} {name}'s {event}.",
    "My {rel} {name} is planning {his} {event} and it's already chaos.",
    "Guess who's giving a speech at my {rel} {name}'s {event}? Me. Help.",
    "{name}'s {event} is on, my {rel} has been planning it for a year.",
    "Just got the invite to my {rel} {name}'s {event}, gold envelope and everything.",
]
DEEP_BOOK = [
    "{name} has booked {venue} for the big day.", "{name} went with {venue} in the end.",
    "{name} put the money down on {venue} yesterday.", "So {name} picked {venue}, which I'd never heard of.",
    "{name} and {partner} settled on {venue}, apparently it was that or a marquee.",
    "It's going to be at {venue}, {name} sent me the link.", "{name} called, it's {venue}. Decision made.",
]
DEEP_WHERE = [
    "{venue} is {desc} {loc} {town}.", "Looked up {venue}: {desc} {loc} {town}.",
    "Have you seen {venue}? It's {desc} {loc} {town}, gorgeous.", "{venue}, for the record, is {desc} {loc} {town}.",
    "Someone told me {venue} is {desc} {loc} {town}, parking's a nightmare.",
    "Drove past {venue} once, {desc} {loc} {town}. Very fancy.",
]
DEEP_LOC = ["just outside", "on the edge of", "up in the hills above", "right on the harbour in", "twenty minutes from",
            "in the middle of", "on the road into"]
DEEP_Q = ["Where is {s}'s {rel}'s {event} being held?", "Where will {s}'s {rel}'s {event} take place?",
          "In which town is the {event} of {s}'s {rel}?", "What sort of place is {s}'s {rel}'s {event} at, and where?"]


def q_deep_chain(conv: Conv) -> None:
    rng = conv.rng
    s = rng.randrange(2)
    S = conv.spk[s]
    rel, g = conv.fresh(DEEP_RELS, key=lambda r: "deep:" + r[0])
    who = conv.person(g or None)
    partner = conv.person()
    event = conv.pick(DEEP_EVENTS)
    venue, desc = conv.fresh(EVENT_VENUES, key=lambda v: v[0])
    town = conv.fresh(TOWNS)
    loc = conv.pick(DEEP_LOC)
    slots = {"rel": rel, "name": who.name, "partner": partner.name, "event": event, "venue": venue, "town": town,
             "desc": desc, "loc": loc, **who.p}
    ordered = conv.sessions(3, ordered=True)
    sess = [ordered[i] for i in conv.pick([(0, 1, 2), (0, 2, 1), (1, 2, 0)])]  # the entry before the booking

    def build() -> tuple[str, list[str]]:
        q = fill(conv.pick(DEEP_Q), s=S.name, rel=rel, event=event)
        return q, [fill(conv.pick(DEEP_ENTRY), **slots), fill(conv.pick(DEEP_BOOK), **slots),
                   fill(conv.pick(DEEP_WHERE), **slots)]

    question, texts = render(conv, build)
    answer = f"At {venue}, {desc} {loc} {town}"
    conv.ask(Question(question, answer, "deep_chain"), [
        (sess[0], s, texts[0], None, "pos"),
        (sess[1], s, texts[1], None, "neu"),
        (sess[2], rng.randrange(2), texts[2], None, "neu"),
    ])
    # distractors: someone else's event at another venue, another venue's location
    other = conv.person()
    v2, _d2 = conv.fresh(EVENT_VENUES, key=lambda v: v[0])
    conv.distract(1 - s, f"My friend {other.name}'s {conv.pick(DEEP_EVENTS)} was at {v2}, lovely day.", sess)
    v4, _d4 = conv.fresh(EVENT_VENUES, key=lambda v: v[0])
    conv.distract(1 - s, f"My {rel}'s {event} was at {v4} a few years back, the food was cold.", sess)
    rel2 = conv.pick([r for r, _g in DEEP_RELS if r != rel])
    conv.distract(s, conv.pick([f"Went to my {rel2}'s {conv.pick(DEEP_EVENTS)} at the weekend, too much cake.",
                                f"My {rel2} wants a {event} too now, heaven help us."]), sess)
    v3, d3 = conv.fresh(EVENT_VENUES, key=lambda v: v[0])
    conv.distract(rng.randrange(2), fill(conv.pick(DEEP_WHERE), venue=v3, desc=d3, loc=conv.pick(DEEP_LOC),
                                         town=conv.fresh(TOWNS)), sess)


# --------------------------------------------------------------------------------------------
# Filler: small talk and substantive off-topic exchanges between the same two people
# --------------------------------------------------------------------------------------------

# (tag, turns); each turn lists alternatives separated by " | "; speakers alternate.
FILLER: list[tuple[str, list[str]]] = [
    ("weather", ["It has not stopped raining here in three days. | The weather is doing my head in. | Is it as grim there as it is here? Grey all day.",
                 "Same here, I've forgotten what the sun looks like. | Ugh, yeah. My socks are permanently damp. | Grim. Properly grim.",
                 "I'm this close to booking a random flight somewhere warm. | I've started a daylight lamp regime. Not sure it's working. | The forecast says sun on {day}, but they always lie.",
                 "Do it. Take me with you. | Ha, the lamp. Very Scandinavian of you. | I'll believe it when I see it."]),
    ("weather", ["It's {temp} degrees in my flat. I'm melting. | Why is it so hot?? I slept with a wet flannel on my face.",
                 "Fans are sold out everywhere, I checked three shops. | Freeze a water bottle and put it in front of the fan, game changer.",
                 "I've been lying on the kitchen tiles like a dog. | Noted. I've been sitting in a cold bath reading emails, which is not a good look.",
                 "Honestly that's the correct response. | Living the dream."]),
    ("weather", ["Snow! Actual snow! | Did you get the snow? | The whole street is iced over, someone fell outside the shop.",
                 "Only a dusting here, it turned to slush in an hour. | Yeah, and the buses just gave up. | Ouch. Are they okay?",
                 "The kids next door built a snowman that looks like a tax inspector. | Everyone's working from home, the office is a ghost town. | They're fine, mostly embarrassed.",
                 "Ha, send a photo. | The dream. | Poor thing."]),
    ("show", ["Have you started {show} yet? | Okay, I caved and watched {show}. | Are you still watching {show}?",
              "Two episodes in. Not sure about the lead. | And? Worth the hype? | Finished it! Don't spoil it for the others though.",
              "Stick with it, episode four is where it gets good. | It's so good, the soundtrack alone. | The ending of the first season, I actually yelled.",
              "Fine, fine, I'll give it till episode four. | Adding it to the list. The list is enormous. | Ha, I believe it."]),
    ("show", ["We've been rewatching {show} from the start. | Is it just me or has every show become eight episodes of set-up?",
              "The early seasons hold up? | Ha, yes. And then a cliffhanger and it gets cancelled.",
              "Mostly. The haircuts don't. | I'm still angry about {show2}.",
              "Ha! Fair. | Justice for {show2}."]),
    ("show", ["Did you watch the baking thing last night? | I'm obsessed with this programme where people restore old furniture.",
              "The one where the guy's meringue collapsed? I felt that. | Oh I love those, it's so soothing.",
              "He was so calm about it. I would have thrown the tray. | There was a woman who fixed a rocking chair and cried, I cried too.",
              "Same, honestly. | Peak television."]),
    ("sport", ["Did you see {team} last night? | {team} lost again. I don't want to talk about it. | That {team} match!",
               "Only the second half. That penalty was never a penalty. | Ha, I saw. Brutal. | I fell asleep at half-time, what happened?",
               "The ref should be investigated, honestly. | Three nil down at home. Embarrassing. | Last-minute equaliser, the whole pub went mad.",
               "You say that every week. | Next season, right? | Love it."]),
    ("sport", ["Are you watching the tennis? | The cycling is on and I'm pretending to work.",
               "On and off. The fifth set was ridiculous. | Who's winning?",
               "Four hours! My nerves. | No idea, they all look the same in the helmets.",
               "Ha, same. | Ha, fair."]),
    ("cooking", ["What are you making tonight? | Made {dish} last night, first attempt. | I have no idea what to cook, give me ideas.",
                 "{Dish}, if I can be bothered. | How'd it turn out? | {Dish}? Easy and cheap.",
                 "Ooh. Save me some. | Honestly better than expected, bit too much salt. | That's genius, I've got everything for that.",
                 "Ha, come round then. | Glad to hear it. | Report back."]),
    ("cooking", ["I've been trying to get better at cooking rice. How is it so hard? | My oven has decided it only does one temperature now: volcano.",
                 "Rinse it! Then the finger trick for the water. | Ha, have you called the landlord?",
                 "The what trick? | Three times. He says 'just adjust'.",
                 "Water up to the first knuckle above the rice. My grandmother swears by it. | Adjust! Amazing.",
                 "I'll try it. If it works I owe her a card. | Landlords, honestly."]),
    ("cooking", ["Have you got a good soup recipe? I'm poorly-adjacent. | I made too much chilli again. There's enough for a small village.",
                 "Lentil and lemon. Onion, garlic, red lentils, stock, lemon at the end. Twenty minutes. | Freeze it in portions, future you will be grateful.",
                 "That sounds like exactly what I need. | Good shout, I never think of that.",
                 "Send me a photo of the result. | Ha, future me says thank you."]),
    ("work", ["Had a two-hour meeting today that could have been an email. | {coll} scheduled a meeting at half four on a Friday. Who does that?",
              "Classic. Who ran it? | Sadist behaviour. Were there at least biscuits?",
              "{coll}, of course. Forty slides. | No biscuits. Not even the bad ones.",
              "Forty?? | Criminal."]),
    ("work", ["The {project} deadline got moved up a week. | We're launching the new {project} on Monday and nothing works.",
              "Noooo. Is that even possible? | Oh no. Are you going to make it? | Classic.",
              "Depends if {coll} actually sends me the numbers. | We'll see. Lots of coffee. I've told my family I'm dead until Tuesday.",
              "Good luck. Eat something that isn't crisps. | Fingers crossed for you."]),
    ("work", ["I had my first performance review with the new manager. | Work is weird at the moment, everyone's whispering about restructuring.",
              "How'd it go? | Ugh, that's the worst, the rumour mill. | Oh no, are you worried?",
              "Fine, I think? She used the word 'synergy' twice, so. | A little. Mostly I'm just tired of the vague emails.",
              "Ha, run. | Hope it settles down soon."]),
    ("work", ["The printer at work has been broken for three weeks and nobody will own it. | I accidentally replied-all to the whole company today.",
              "That's every office ever. | NO. What did it say? | Oh no. How bad?",
              "{coll} put a sign on it that says 'I know.' | Just 'thanks!!' with two exclamation marks. To four hundred people. | Bad enough that {coll} sent me a gif.",
              "Ha, legend. | I'm dying. That's not even that bad. | Ha. You'll survive."]),
    ("neighbours", ["The upstairs neighbours have started what sounds like furniture-moving at midnight. | There's a car alarm on my street that goes off every night at three.",
                    "Every night? | Have you left a note?",
                    "Every. Night. I've started imagining what they're building. | I've drafted four notes. All too passive-aggressive.",
                    "A boat. They're building a boat. | Ha, send the fifth one."]),
    ("home", ["The boiler is broken again. Cold showers all week. | We've got a leak under the sink and I've been using a saucepan as a bucket.",
              "Nightmare. When's someone coming? | Classic. Plumber booked?",
              "{day}, allegedly. | Allegedly next {day}. I'm not holding my breath.",
              "Fingers crossed. | Tradespeople and their 'between eight and six'."]),
    ("home", ["I finally put up the shelves! Only took me four months. | We painted the hallway. Three coats. I never want to see a roller again.",
              "Are they level? | What colour in the end?",
              "Define level. | Some kind of green called 'Forest Whisper'. It's basically grey.",
              "Ha. Photo please. | Forest Whisper, amazing."]),
    ("garden", ["The tomatoes are finally going red! | Something is eating my lettuces and I intend to find out what.",
                "Ooh. How many? | Snails. It's always snails.",
                "About a dozen. Feels like a harvest festival. | I went out with a torch at eleven last night, found nine.",
                "Very wholesome. | Nine! The audacity."]),
    ("shopping", ["I've returned the same jacket twice now. | We've been sofa shopping. Every sofa is either ugly or costs a kidney.",
                  "Why twice? | Go secondhand, honestly.",
                  "First wrong size, then wrong colour, then I realised I didn't even need a jacket. | We looked. Everything secondhand smells of someone's dog.",
                  "Ha, very you. | Fair point."]),
    ("family", ["My dad has discovered voice notes. Eight-minute voice notes. | My mum's joined the village Facebook group and now she's beefing with a man called Derek.",
                "Ha! About what? | Oh no. What's Derek done?",
                "Mostly about the bins. Sometimes about the weather. It's all the bins really. | Parked across someone's driveway, allegedly. Mum's taken it personally.",
                "I love him. | Go on Mum."]),
    ("family", ["It's my parents' fortieth wedding anniversary soon, any gift ideas? | My little cousin just started secondary school and is suddenly too cool to talk to me.",
                "Traditionally it's ruby, I think? | Ha, the age.",
                "Ruby! That's helpful actually. | Last year I was her hero. Now I'm 'cringe'.",
                "Happy to help. | Welcome to being old."]),
    ("games", ["We played {game} on Sunday and it nearly ended a friendship. | Game night at ours on Saturday? I'll bring {game}.",
               "Ha, who flipped the table? | Ooh yes, I'm in.",
               "{coll}. Metaphorically. Mostly. | Bring snacks. I'm rubbish at {game} so I need fuel.",
               "Ha, classic. | Deal."]),
    ("tech", ["My laptop updated overnight and now nothing works. | Why does every app need a subscription now?",
              "Classic. Have you tried turning it off and on again? | I know. I'm paying for four things I don't remember signing up for.",
              "Three times. It just sulks. | Go through your statements, it's horrifying.",
              "Ha, typical. | I'm scared to."]),
    ("sleep", ["I slept eleven hours last night and I feel drugged. | I've been waking up at 4am every night for a week.",
               "Your body needed it. | Ugh, that's the worst. Stress?",
               "Apparently. I'm still yawning. | Probably. Or the streetlight outside.",
               "Early night tonight? | Get some blackout blinds."]),
    ("pets", ["The cat has decided 5am is breakfast time. | The cat brought a whole frog in last night. Alive.",
              "Don't give in! | NO. What did you do?",
              "I always give in. She sits on my face. | Chased it round the kitchen with a mug for twenty minutes.",
              "Ha, you're done for. | Ha, the frog won."]),
    ("podcast", ["I've been listening to this podcast about {podcast}. | Any podcast recommendations? My commute is so dull.",
                 "That's very specific. Good? | There's a great one about {podcast}.",
                 "Weirdly gripping. Three episodes in a row last night. | Oh that sounds niche enough to be good.",
                 "I'll give it a go. | It is, trust me."]),
    ("errands", ["The self-checkout accused me of stealing a banana. | Spent an hour on hold with the bank today.",
                 "Unexpected item in bagging area? | What for?",
                 "Exactly. The banana was the unexpected item. | To change my address. An hour!",
                 "Ha, criminal. | Unbelievable."]),
    ("errands", ["Got a parking ticket outside the pharmacy. Six minutes! | The post office queue went out the door today.",
                 "Six minutes?! | Classic. Christmas-level?",
                 "I'm appealing. I have photos. | Worse. One window open.",
                 "Go get them. | Ugh, of course."]),
    ("haircut", ["Got a haircut. It's... short. | I'm thinking about cutting my hair really short.",
                 "How short? | Do it! It'll grow back.",
                 "Shorter than I asked. Much. | That's what everyone says and then it takes a year.",
                 "It'll grow. | Ha, fair."]),
    ("news", ["They're finally fixing the bridge into town. | Did you see they're opening a new library round the corner?",
              "About time. How long will it take? | No! Oh that's great.",
              "Eighteen months, the sign says. So three years. | With a cafe and everything.",
              "Ha, realistic. | Love that for you."]),
    ("quiz", ["Our pub quiz team came second again. | We won the pub quiz! Forty quid bar tab.",
              "Second again! What was the killer question? | Amazing! What round won it?",
              "The capital of Burkina Faso. We said Bamako. | The music round, weirdly. {coll} knew every eighties song.",
              "Ouagadougou! Everyone knows that. | Ha, hidden talent."]),
    ("health", ["I've got a stinking cold. | Half my office is off with the flu.",
                "Oh no. Honey and lemon? | Stay away from them!",
                "And biscuits. It's medicinal. | I'm sitting in the corner with a scarf over my face.",
                "Obviously. | Very wise."]),
    ("chores", ["I spent the whole of Sunday cleaning the oven. | I did six loads of laundry today and I've got nothing to show for it.",
                "Voluntarily? | Where does it all come from?",
                "The smoke alarm made the decision for me. | I don't know. We're two people. Two!",
                "Ha. | The sock drawer of doom."]),
    ("laundry", ["I washed a red sock with all the whites. | The washing machine ate my favourite jumper.",
                 "Oh no, pink? | How?",
                 "Everything's pink. My work shirts are pink. | It came out child-sized. A toddler could wear it.",
                 "Own it. | RIP jumper."]),
    ("nature", ["There's a heron in the canal outside again. | I saw a fox in broad daylight this morning, bold as anything.",
                "The same one? | Just strolling?",
                "I think so. I've named him Gerald. | Trotting down the middle of the road like it pays rent.",
                "Hi Gerald. | Ha, city foxes."]),
    ("call", ["Mum tried to video call me from her ear again. | Had a two-hour call with my grandma about her new phone.",
              "Ha, classic. | Did she figure it out?",
              "I got forty minutes of ceiling and a lecture about my hair. | She can now send stickers. Only stickers. So many stickers.",
              "Peak parent. | Ha, worth it."]),
    ("money", ["Did my budget for the month and I'm horrified. | Why is everything so expensive now? A sandwich was nine quid.",
               "Coffees? | Nine?!",
               "Coffees. And takeaways. And some mysterious thing called 'misc'. | With crisps. But still.",
               "The mystery of misc. | Daylight robbery."]),
    ("weekend", ["Any plans for the weekend? | What did you get up to at the weekend?",
                 "Nothing at all, and I'm thrilled about it. | Absolutely nothing. It was glorious.",
                 "Love that. | Same. I didn't leave the sofa.",
                 "Good for you. | Sofa life."]),
    ("weekend", ["We finally went to that flea market by the docks. | I did a jigsaw. A thousand pieces. All day Saturday.",
                 "Find anything? | Who are you?",
                 "A lamp shaped like a duck. Don't ask. | A very relaxed person, thank you.",
                 "I need to see the duck lamp. | Ha, fair enough."]),
]

# (tag, statement, replies) two-turn exchanges; replies are alternatives separated by " | ".
MINI: list[tuple[str, str, str]] = [
    ("work", "{coll} brought in homemade brownies today and the whole floor went feral.", "Ha, as they should. | Save me one next time."),
    ("work", "My inbox hit four hundred unread. I'm declaring bankruptcy.", "Select all, archive, start again. | Bold. I respect it."),
    ("work", "Someone microwaved fish in the office kitchen again.", "A war crime. | Name and shame."),
    ("work", "The wifi at work went down for three hours and honestly it was the most productive I've been all year.", "Ha, there's a lesson there. | Unplug everything, permanently."),
    ("work", "We had a fire drill in the rain. Forty minutes in a car park.", "Classic timing. | Did anyone at least bring an umbrella?"),
    ("work", "I got put on the {project} team. No idea what it involves yet.", "Sounds important! | Congrats? I think?"),
    ("work", "Our new manager does 'energisers' at the start of meetings. We had to do a lunge.", "A lunge?? | I'd quit on the spot."),
    ("work", "I spent the whole day fighting a spreadsheet and the spreadsheet won.", "Spreadsheets always win. | Pour one out for you."),
    ("work", "Client cancelled the meeting ten minutes after it was supposed to start.", "So rude. | Free hour though!"),
    ("work", "{coll} is leaving and I'm weirdly devastated, we only ever talked about the weather.", "Weather friends are real friends. | Ha, that's a real bond though."),
    ("weather", "The wind nearly took my umbrella and my dignity this morning.", "Ha, which one went first? | Classic."),
    ("weather", "Finally a sunny day. I sat outside at lunch like a lizard.", "Lizard life. | Love that."),
    ("weather", "It's so foggy here I can't see the end of the street.", "Very atmospheric. | Spooky."),
    ("weather", "The thunder last night was unreal, the windows were rattling.", "Did you sleep at all? | Love a good storm, honestly."),
    ("weather", "Frost on the car this morning. Scraped it with a library card.", "Resourceful. | Winter's coming for us all."),
    ("food", "I've eaten toast for three meals in a row. Living my best life.", "Honestly respect. | Toast is a complete food group."),
    ("food", "Tried making bread. It's a brick. A lovely-smelling brick.", "Doorstop bread! | Toast it, it'll be fine."),
    ("food", "We got a takeaway and they forgot the rice. Curry soup for dinner.", "Tragic. | Dip bread in it!"),
    ("food", "I made {dish} for six people and it actually worked.", "Look at you, a host! | Chef!"),
    ("food", "The good crisps were on offer so I bought nine bags.", "Very sensible stockpiling. | Nine is a normal number."),
    ("food", "Burnt the porridge. How do you burn porridge.", "It takes talent. | Ha, I've done that."),
    ("food", "Went to a market and came home with four kinds of cheese and no vegetables.", "Perfectly balanced. | Cheese is a vegetable if you believe."),
    ("show", "Stayed up until two finishing {show}. No regrets. Some regrets.", "Was the finale good? | Classic. Worth it though?"),
    ("show", "I've watched the first episode of {show} three times because I keep falling asleep.", "It's a sign. | Ha, comfort TV."),
    ("show", "There's a documentary about {podcast}, it's weirdly moving.", "Ooh, send me the name. | That's very you."),
    ("show", "Why does every detective in every show have a tragic past and a drink problem?", "It's in the contract. | Ha, it's required."),
    ("sport", "{team} won! First time in about a month.", "Finally! | Celebrations all round."),
    ("sport", "Went to watch {team} in the freezing cold. They drew nil-nil.", "The dedication. | That's love."),
    ("sport", "Did a park run this morning. Came second to last, behind a man pushing a pram.", "Still counts! | Ha, the pram guy is a legend."),
    ("sport", "Five-a-side was cancelled because someone's dog ran off with the ball.", "Best reason ever. | Ha, good dog."),
    ("home", "The smoke alarm went off because I made toast. Again.", "It's got a grudge. | Ha, it's keeping you honest."),
    ("home", "Found a spider the size of my hand in the bath.", "NOPE. | Move house."),
    ("home", "Finally fixed the wobbly table with a folded beer mat.", "Engineering. | The classic fix."),
    ("home", "The landlord is 'coming round to look at the damp' for the fourth time.", "Ugh, the damp. | Fourth time lucky?"),
    ("home", "I rearranged the whole living room at midnight. It looks exactly the same.", "Ha, the midnight urge. | Feng shui is a journey."),
    ("home", "The new neighbours invited us for drinks. They seem normal. Suspiciously normal.", "Give it time. | Ha, wait for the drum kit."),
    ("errands", "Queued for twenty minutes at the post office to send one tiny parcel.", "The post office is a time vortex. | Classic."),
    ("errands", "Renewed my passport. The photo looks like a mugshot.", "They all do. | Ha, it's tradition."),
    ("errands", "The car wash ripped off the windscreen wiper.", "Oh no. | How?!"),
    ("errands", "Got to the supermarket and forgot what I went in for. Came home with flowers.", "Honestly a win. | Flowers are always right."),
    ("family", "My dad is learning to use emojis and it's terrifying. He sent me an aubergine.", "NO. | Ha, someone needs to tell him."),
    ("family", "Mum sent me a newspaper clipping in the post. An actual clipping.", "Iconic. | What was it about?"),
    ("family", "Family group chat is at war over where to have Christmas.", "Already? | Stay neutral. Stay alive."),
    ("family", "My grandma beat me at cards again, she's ninety and ruthless.", "Legend. | Never play her for money."),
    ("tech", "My phone autocorrected 'meeting' to 'meatball' in an email to a client.", "Ha, did they notice? | Honestly better."),
    ("tech", "Spent the evening trying to connect the printer. Lost.", "The printer always wins. | Printers are evil."),
    ("tech", "Accidentally liked a photo from six years ago while stalking an old classmate.", "Change your name and move. | Ha, the deep scroll."),
    ("tech", "The smart speaker started playing whale sounds at 3am.", "Why?? | Haunted."),
    ("nature", "A seagull stole a chip right out of my hand.", "Ha, brutal. | Seagulls are criminals."),
    ("nature", "The magpies in the garden have started a feud with the cat.", "Who's winning? | My money's on the magpies."),
    ("nature", "Saw a rainbow on the way home, a double one.", "What does it mean?! | Lovely."),
    ("nature", "There's a squirrel that sits on our windowsill and stares at us.", "Give it a name. | It's judging you."),
    ("money", "Found a tenner in an old coat. Best day of the month.", "Ha, past you is a hero. | Treat yourself."),
    ("money", "Cancelled three subscriptions and felt like a financial genius.", "Look at you. | Adulting."),
    ("money", "The parking meter took my coins and gave me nothing.", "Robbery. | Classic meter behaviour."),
    ("misc", "I've started doing the crossword on the train. I get about three clues.", "Three is good! | It's about the journey."),
    ("misc", "My jigsaw is missing the last piece. A thousand pieces. The LAST one.", "Check the hoover. | Heartbreaking."),
    ("misc", "I bought a plant for the office and named it {coll} Junior.", "Ha, does {coll} know? | Iconic."),
    ("misc", "Tried meditation. Fell asleep in four minutes.", "That counts. | Deep relaxation achieved."),
    ("misc", "Got a library card and I'm drunk with power.", "Ha, borrow everything. | Libraries are the best."),
    ("misc", "Did a karaoke duet with a stranger at a birthday do. We were terrible.", "What song? | Ha, amazing."),
    ("misc", "I'm growing a beard. Or trying to. It's patchy.", "Commit to it. | Patchy is in."),
    ("misc", "Someone left a sofa on the pavement with a sign saying 'free, bit haunted'.", "Did you take it? | Ha, honesty."),
    ("misc", "Spent an hour in a bookshop and bought a postcard.", "Restraint. | Ha, classic."),
    ("misc", "The bus driver sang happy birthday to someone over the speaker this morning.", "That's lovely. | Faith in humanity restored."),
    ("misc", "I keep a list of every dog I've met this week. Seventeen.", "That's a great list. | Top dog?"),
    ("health", "Walked into a glass door at the bank. In front of everyone.", "Ouch! | Ha, sorry but."),
    ("misc", "Went to a wedding fair with a friend for the free cake. No shame.", "Free cake is free cake. | Ha, smart."),
    ("misc", "I'm trying to drink more water so I've got a bottle with times on it. I'm behind.", "Drink faster. | Ha, hydrate."),
    ("misc", "The clocks went forward and I was an hour early for everything.", "Better than late. | Ha, every year."),
    ("misc", "Did a pottery painting thing with the kids next door. I painted a frog.", "Show me the frog. | Cute."),
    ("misc", "Got stuck in a lift for twelve minutes with a man eating an egg sandwich.", "Nightmare. | The smell!"),
    ("misc", "I cleaned out the junk drawer and found six keys to nothing.", "The mystery keys. | Keep them, just in case."),
    ("misc", "Spent the evening building flat-pack furniture. There's a screw left over.", "It's fine. Probably. | Structural."),
    ("misc", "I've been learning to juggle with satsumas. Three satsumas down.", "Ha, fruit casualties. | Impressive."),
    ("misc", "The local paper's front page was about a lost tortoise. Best news all week.", "Did they find it? | Ha, small-town journalism."),
    ("misc", "Took a wrong turn on a walk and ended up in the next village.", "Adventure! | Ha, classic."),
    ("misc", "Got my flu jab. Arm's dead.", "Brave soldier. | Same, mine hurt for days."),
]
TRANSITIONS = ["Oh, totally unrelated, but", "Also,", "Random, but", "Oh, and", "Speaking of nothing,", "Side note:",
               "Ooh, forgot:", "In other news,", "Meanwhile,", "So anyway,"]

# (when, first, reply): when is "" (any time), "am", "pm" (noon to five), "eve" (five onwards) or "fri"
OPENERS = [("", "Hey! How's things?", "Hey you! Not bad, busy. You?"), ("", "Hiya, long time!", "I know, sorry, life happened."),
           ("am", "Morning! Survived the week?", "Barely. You?"), ("", "Hello hello.", "Hi! I was just thinking about you."),
           ("", "Hey, got a sec?", "Always. What's up?"), ("eve", "Evening!", "Hey! Good day?"),
           ("", "Oi, you never replied to my message.", "I know, sorry! Chaos here."),
           ("", "Hiiii.", "Hey! How are you doing?"), ("", "Sorry for the radio silence.", "No worries at all! How are you?"),
           ("", "Right, catch-up time.", "Yes! Go."), ("", "Are you alive?", "Just about! You?"),
           ("am", "Good morning, sunshine.", "Is it? Morning."), ("", "Hey stranger.", "Hey! I know, it's been ages."),
           ("", "You free to chat?", "For you, always."), ("fri", "Happy Friday!", "Is it Friday? Oh thank god."),
           ("", "Yo.", "Yo yo. What's new?"), ("eve", "Hello from the sofa.", "Hello from the kitchen floor."),
           ("", "Knock knock.", "Who's there? Ha. Hi."), ("", "How's your week going?", "Long. Yours?"),
           ("pm", "Afternoon! Quick catch-up?", "Yes please, I need distraction."),
           ("pm", "Lunch break chat?", "Go on then, I've got ten minutes.")]
CLOSERS = [("eve", "Anyway, I should go, dinner's burning.", "Go! Talk soon."), ("eve", "Right, bedtime for me.", "Night! Speak soon."),
           ("", "I have to run, meeting in five.", "Go go go. Later!"), ("", "Okay, train's here, talk later?", "Yep, bye!"),
           ("", "Got to go, the cat's being sick.", "Ha, good luck. Bye!"), ("", "Speak soon?", "Definitely. Take care."),
           ("", "Battery's dying, talk later.", "Okay, bye!"), ("", "Right, I'm off to the shops.", "Have fun. Bye!"),
           ("pm", "That's my lunch break gone. Bye!", "Ha, bye!"), ("eve", "Okay I'm falling asleep mid-sentence.", "Go to bed! Night."),
           ("", "Love chatting to you. Laters.", "Same. Laters!"), ("", "Must dash, the oven's beeping.", "Go! Speak soon.")]


def fits(when: str, t: datetime) -> bool:
    return (when == "" or (when == "am" and t.hour < 12) or (when == "pm" and 12 <= t.hour < 17)
            or (when == "eve" and t.hour >= 17) or (when == "fri" and t.weekday() == 4))


FILLER_SLOTS: dict[str, list[str]] = {
    "show": SHOWS, "show2": SHOWS, "team": TEAMS, "dish": DISHES, "game": GAMES, "project": PROJECTS,
    "podcast": PODCAST_TOPICS, "day": WEEKDAYS, "temp": ["29", "31", "33", "34", "36"],
}
BLOCKED_FILLER = {"health": {"injury"}, "home": {"home"}, "food": {"diet"}, "cooking": {"diet"},
                  "show": {"film"}, "sport": {"running"}}


def filler_exchange(conv: Conv, first: int) -> list[Line]:
    """One filler exchange of an even number of turns, starting with ``first``; variants already
    used in this conversation are avoided while fresh ones remain."""
    slots: dict[str, str] = {k: conv.pick(v) for k, v in FILLER_SLOTS.items()}
    slots["coll"] = conv.pick(conv.colleagues)
    slots.update({k[0].upper() + k[1:]: cap(v) for k, v in list(slots.items())})
    texts: list[str] = []
    for _ in range(60):
        if conv.chance(0.45):
            i = conv.rng.randrange(len(MINI))
            tag, said, replies = MINI[i]
            key = f"mini:{i}"
            texts = [said, conv.pick(replies.split(" | "))]
        else:
            i = conv.rng.randrange(len(FILLER))
            tag, turns = FILLER[i]
            width = min(len(t.split(" | ")) for t in turns[:2])
            col = conv.rng.randrange(max(1, width))
            key = f"filler:{i}:{col}"
            texts = []
            for turn in turns:
                alts = turn.split(" | ")
                texts.append(alts[col] if col < len(alts) else alts[-1])
        if tag in conv.tags or BLOCKED_FILLER.get(tag, set()) & conv.tags:
            continue
        if key not in conv.filler_used:
            break
    conv.filler_used.add(key)
    lines = [Line((first + i) % 2, conv.casual(text.format(**slots))) for i, text in enumerate(texts)]
    if conv.chance(0.2):
        lead = lines[0].text
        first_word = lead.split(" ")[0].strip(",.!?'")
        proper = first_word in conv.used or first_word == "I" or first_word.startswith("I'")
        if not proper and not any(lead.startswith(n) for n in SHOWS + TEAMS):
            lead = lead[0].lower() + lead[1:]
        lines[0].text = f"{conv.pick(TRANSITIONS)} {lead}"
    if len(lines) % 2:
        lines.append(Line((first + len(lines)) % 2, conv.casual(conv.pick(REACT["neu"]))))
    return lines


# --------------------------------------------------------------------------------------------
# Assembly
# --------------------------------------------------------------------------------------------

FAMILIES: list[tuple[str, Callable[[Conv], None]]] = [
    ("constraint", q_constraint), ("bridge", q_bridge), ("list", q_list), ("relative_time", q_relative_time),
    ("preference_update", q_preference_update), ("number", q_number), ("near_miss", q_near_miss),
    ("multi_hop_person", q_multi_hop_person), ("deep_chain", q_deep_chain),
]
CATEGORIES = [name for name, _ in FAMILIES]
QUESTIONS_PER_CONVERSATION = 10


def assemble_session(conv: Conv, si: int) -> list[Line]:
    """Session ``si``: an opener, its planted blocks in random order, filler exchanges between
    them up to a drawn length, sometimes a closer; speakers alternate throughout."""
    rng = conv.rng
    blocks = list(conv.blocks[si])
    rng.shuffle(blocks)
    first = rng.randrange(2)
    at = conv.times[si]
    hello = conv.pick([o[1:] for o in OPENERS if fits(o[0], at) and o[1] != conv.last_opener])
    conv.last_opener = hello[0]
    segments: list[list[Line]] = [[Line(first, conv.casual(hello[0])), Line(1 - first, conv.casual(hello[1]))]]
    expected = first
    for block in blocks:
        seg: list[Line] = []
        if block[0].speaker != expected:
            seg.append(Line(expected, conv.casual(conv.pick(HANDOVER))))
        seg.extend(block)
        segments.append(seg)
        expected = 1 - seg[-1].speaker
    closer = conv.chance(0.55)
    if closer:
        bye = conv.pick([c[1:] for c in CLOSERS if fits(c[0], at)])
        segments.append([Line(expected, conv.casual(bye[0])), Line(1 - expected, conv.casual(bye[1]))])
    total = sum(len(seg) for seg in segments)
    target = rng.randint(12, 30)
    while total < target:
        pos = rng.randint(1, len(segments) - (1 if closer else 0))
        speaker = 1 - segments[pos - 1][-1].speaker
        exchange = filler_exchange(conv, speaker)
        if total + len(exchange) > 30:
            exchange = exchange[:2]
        if total + len(exchange) > 30:
            break
        segments.insert(pos, exchange)
        total += len(exchange)
    return [line for seg in segments for line in seg]


def build_conversation(seed: int, index: int, questions: int = QUESTIONS_PER_CONVERSATION) -> dict[str, Any]:
    """Conversation ``index`` (0-based) for ``seed``: every family once, the rest drawn at random."""
    conv = Conv(seed, index)
    plan = list(FAMILIES)
    plan += [conv.pick(FAMILIES) for _ in range(max(0, questions - len(plan)))]
    plan = plan[:questions]
    conv.rng.shuffle(plan)
    for name, make in plan:
        for attempt in range(6):
            try:
                make(conv)
                break
            except RuntimeError:
                if attempt == 5:
                    raise RuntimeError(f"could not build a {name} question for conversation {index + 1}") from None
    out: dict[str, Any] = {"sample_id": f"alt-{index + 1:02d}", "speaker_a": conv.names[0], "speaker_b": conv.names[1]}
    where: dict[tuple[int, int], tuple[int, int]] = {}
    for si in range(conv.n):
        lines = assemble_session(conv, si)
        turns = []
        for ti, line in enumerate(lines, start=1):
            turns.append({"speaker": conv.names[line.speaker], "dia_id": f"D{si + 1}:{ti}", "text": line.text})
            if line.tag is not None:
                where[line.tag] = (si + 1, ti)
        out[f"session_{si + 1}_date_time"] = fmt_session(conv.times[si])
        out[f"session_{si + 1}"] = turns
    qa = []
    for q in conv.questions:
        spots = sorted(where[tag] for tag in q.tags)
        qa.append({"question": q.question, "answer": q.answer, "evidence": [f"D{s}:{t}" for s, t in spots],
                   "category": q.category})
    out["qa"] = qa
    return out


def generate(out_dir: Path, conversations: int = 24, seed: int = 5) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for i in range(conversations):
        data = build_conversation(seed, i)
        path = out_dir / f"{data['sample_id']}.json"
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        paths.append(path)
    return paths


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--conversations", type=int, default=24)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--run", action="store_true", help="also score methods on the set (ripplemem's chains bench)")
    parser.add_argument("--method", action="append", choices=("ripple", "bm25", "dense", "hybrid", "full"),
                        help="with --run: a method (repeatable; default ripple and hybrid)")
    parser.add_argument("--out", type=Path, help="with --run: write the JSON report here")
    args = parser.parse_args(argv)
    paths = generate(args.out_dir, args.conversations, args.seed)
    counts: dict[str, int] = {c: 0 for c in CATEGORIES}
    sessions = turns = 0
    for path in paths:
        data = json.loads(path.read_text(encoding="utf-8"))
        for q in data["qa"]:
            counts[q["category"]] += 1
        keys = [k for k in data if re.fullmatch(r"session_\d+", k)]
        sessions += len(keys)
        turns += sum(len(data[k]) for k in keys)
    total = sum(counts.values())
    print(f"wrote {len(paths)} conversations to {args.out_dir}: {sessions} sessions, {turns} turns, {total} questions")
    for c in CATEGORIES:
        print(f"  {c:18} {counts[c]}")
    if args.run:
        from ripplemem.bench.chains import markdown, run_set

        report = run_set(paths, args.method or ["ripple", "hybrid"], seed=args.seed)
        report["dataset"] = "chains_alt"
        print(markdown(report))
        if args.out:
            args.out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
