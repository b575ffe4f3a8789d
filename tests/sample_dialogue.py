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
