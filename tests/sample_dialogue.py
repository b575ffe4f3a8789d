"""A small hand-written dialogue used by the API, CLI and server tests."""

SESSION_1 = [
    {"speaker": "Caroline", "text": "I went to a LGBTQ support group yesterday and it was so powerful.", "id": "D1:3"},
    {"speaker": "Melanie", "text": "Wow, that's cool, Caroline! What happened that was so awesome?", "id": "D1:4"},
    {"speaker": "Caroline", "text": "The transgender stories were so inspiring! I was so happy and thankful.", "id": "D1:5"},
    {"speaker": "Melanie", "text": "I painted a sunrise over the lake last week. Painting helps me relax.", "id": "D1:6",
     "image_caption": "a painting of a sunrise over a lake"},
]
SESSION_2 = [
    {"speaker": "Caroline", "text": "I'm going to a transgender conference in Boston next month.", "id": "D2:1"},
    {"speaker": "Melanie", "text": "My kids and I went camping at the beach two weekends ago.", "id": "D2:2"},
]

#: A question whose answer is a chain (Sam's restaurant, seafood, Maya's allergy) among distractors,
#: so the first views cannot hold every memory and diffusion has somewhere to go.
CHAIN_QUESTION = "Should Maya take Sam's recommendation for her birthday dinner?"
CHAIN = [
    [
        {"speaker": "Sam", "text": "For your birthday dinner next week, I recommend Harbor Grill. I can book a table for 7 pm.", "id": "A1"},
        {"speaker": "Maya", "text": "Let me think about it. Is it far from the station?", "id": "A2"},
    ],
    [
        {"speaker": "Sam", "text": "I tried Harbor Grill downtown on Saturday. It's a seafood restaurant on the pier.", "id": "B1"},
        {"speaker": "Maya", "text": "My cousin Nina lives near the pier in Porto.", "id": "B2"},
    ],
    [
        {"speaker": "Maya", "text": "Turns out I'm allergic to seafood, shellfish especially.", "id": "C1"},
        {"speaker": "Sam", "text": "Good to know, I will keep that in mind for dinners.", "id": "C2"},
    ],
]
FILLER = [
    ("Sam", "I watched a film about {t} with my friend {f} last night."),
    ("Maya", "My colleague {f} is learning to paint {t} on weekends."),
    ("Sam", "{f} lent me a book about {t}, it is long but good."),
    ("Maya", "We talked about {t} at lunch, {f} had strong opinions."),
]
TOPICS = ["glaciers", "jazz", "chess", "volcanoes", "tea", "trains", "owls", "bridges", "tango", "comets"]
FRIENDS = ["Omar", "Lisa", "Priya", "Jonas", "Elena", "Aiko", "Felix", "Hana"]


def chain_sessions() -> list[list[dict[str, str]]]:
    """The three sessions of :data:`CHAIN` with twelve sessions of distractors among them."""
    sessions = list(CHAIN)
    for n in range(12):
        lines = [FILLER[(n + i) % 4] for i in range(3)]
        sessions.insert(1 + n % 3, [
            {"speaker": who, "text": text.format(t=TOPICS[(n + i) % 10], f=FRIENDS[(n * 3 + i) % 8]), "id": f"X{n}:{i}"}
            for i, (who, text) in enumerate(lines)
        ])
    return sessions


# Everyday statements, none about anything a test asks: distractor sessions for the recall tests.
EVERYDAY = [
    "We went hiking up Snowdon on Saturday and the view was clear all the way.",
    "I bought a second-hand bicycle for commuting, a green one with a basket.",
    "My dog Pepper learned to fetch the newspaper from the porch.",
    "I'm planning to repaint the kitchen yellow next month.",
    "My brother Tom is moving to Glasgow for a nursing job.",
    "The plumber finally fixed the leak under the bathroom sink.",
    "I signed up for a Spanish course that meets on Thursday evenings.",
    "Our neighbours adopted two kittens from the rescue centre.",
    "I ran my first 10k race in 58 minutes along the river.",
    "The bakery on Mill Street now sells sourdough on Fridays.",
    "I'm saving up for a trip to Iceland to see the northern lights.",
    "My grandmother turned ninety and we threw her a garden party.",
    "I switched to a standing desk and my back feels much better.",
    "We planted tomatoes, basil and three kinds of chillies in the allotment.",
    "I got a promotion to team lead at the logistics firm.",
    "The car needs new brake pads before the winter.",
    "I joined a choir that sings at the cathedral at Christmas.",
    "My sister Jo is expecting a baby girl in August.",
    "We booked a cottage in Cornwall for the second week of June.",
    "I learned to make fresh pasta from a video my cousin sent.",
    "The library is closing early on Mondays because of staff cuts.",
    "I've been volunteering at the food bank every other Sunday.",
    "My laptop screen cracked, so I'm using my old tablet for now.",
    "We watched the meteor shower from the hill behind the farm.",
]
