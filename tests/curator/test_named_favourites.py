"""A name's favourite or dislike is that person's ("Miriams Lieblingsblume ist die Tulpe",
"Omar's favourite band is Blur", "sie mag keinen Rosenkohl"), also after "merk dir"; never
the speaker's note, and nothing for a kin word, a question, a negation or a pet."""

from __future__ import annotations

import pytest

from curator.rules import Known
from tests.curator.test_extract import facts, ops_of

ME = "person:me"
KNOWN = Known(
    aliases={"greta": "person:greta"},
    facts=[
        {
            "id": "11111111-1111-1111-1111-111111111111",
            "subject_ref": "person:greta",
            "predicate": "relation_to_user",
            "value": "sister",
            "object_ref": None,
        }
    ],
)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Gretas Lieblingsfarbe ist Grün.", "Grün"),
        ("Merk dir: Gretas Lieblingsfarbe ist Grün", "Grün"),
        ("Greta's favourite colour is green.", "green"),
        ("Remember that Greta's favourite colour is green", "green"),
        ("Die Lieblingsfarbe von Greta ist Grün.", "Grün"),
    ],
)
def test_a_names_favourite_is_that_persons(text, value):
    made = [o for o in ops_of(text, known=KNOWN) if o["op"] == "assert_fact"]
    assert [(o["subject_ref"], o["predicate"], o["object_value"]) for o in made] == [
        ("person:greta", "prefers", value)
    ]


def test_a_name_the_window_introduces_with_an_english_genitive_is_a_person():
    assert ("person:omar", "prefers", "Blur") in facts("Omar's favourite band is Blur")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Gretas Lieblingsfarbe ist Grün, und sie mag keinen Rosenkohl.", "Rosenkohl"),
        ("Greta mag keine Oliven.", "Oliven"),
        ("Greta hates olives.", "olives"),
        ("My sister Greta is great, she doesn't like jazz though.", "jazz"),
    ],
)
def test_someone_elses_dislike_is_theirs(text, value):
    found = facts(text, known=KNOWN)
    assert ("person:greta", "dislikes", value) in found
    assert not [f for f in found if f[0] == ME]


@pytest.mark.parametrize(
    "text",
    [
        "Mum's favourite flower is the rose.",
        "Is Greta's favourite colour green?",
        "Gretas Lieblingsfarbe ist nicht Grün.",
        "Does Greta hate olives?",
        "Greta hates it when I'm late.",
        "Luna mag keinen Fisch.",
        # what one does without is no dislike
        "Greta isst kein Fleisch.",
    ],
)
def test_a_kin_word_a_question_a_negation_or_a_pet_gives_no_taste(text):
    known = Known(
        aliases={**KNOWN.aliases, "luna": "pet:luna"},
        facts=KNOWN.facts,
    )
    assert not [f for f in facts(text, known=known) if f[1] in ("prefers", "dislikes", "note")]
