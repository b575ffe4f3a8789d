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
