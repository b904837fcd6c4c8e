"""A relative first met by the kin word alone and named afterwards with the name before the
naming words ("Renate heißt sie übrigens", "Hannah's her name"): what was said of "meine
Mutter" or "my sister" is said of the one so named; a firm or an animal named that way
("Pixelwerk heißt die") and a name after a fronted time ("seit der Hochzeit heißt sie Meier")
name no relative."""

from __future__ import annotations

import pytest

from curator.extract.fronted_names import pronoun_first
from tests.curator.reading import asserted_triples


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (
            ("meine Mutter wohnt in Köln. Renate heißt sie übrigens",),
            {("person:renate", "relation_to_user", "mother"), ("person:renate", "lives_in")},
        ),
        (
            ("mein Bruder arbeitet als Koch in Hamburg, Jonas heißt er",),
            {("person:jonas", "relation_to_user", "brother"), ("person:jonas", "works_as")},
        ),
        (
            ("meine oma wohnt noch allein in Celle 🙈 Irmgard heißt sie",),
            {("person:irmgard", "relation_to_user", "grandmother"), ("person:irmgard", "lives_in")},
        ),
        (
            ("my sister is a nurse in Leeds. Hannah's her name",),
            {("person:hannah", "relation_to_user", "sister"), ("person:hannah", "works_as")},
        ),
        (
            ("my dad's a plumber in Derby", "Mick is his name btw"),
            {("person:mick", "relation_to_user", "father"), ("person:mick", "lives_in")},
        ),
        (
            ("my aunt lives in Cork now", "Siobhan's her name, you'd love her"),
            {("person:siobhan", "relation_to_user", "aunt"), ("person:siobhan", "lives_in")},
        ),
    ],
)
def test_a_name_said_before_the_naming_words_names_the_relative(texts, expected):
    found = asserted_triples(*texts)
    shortened = {t[:2] for t in found} | found
    assert expected <= shortened, found


@pytest.mark.parametrize(
    "text",
    [
        "meine Schwester heißt seit der Hochzeit Meier",
        "Goldi heißt die",
        "Wie heißt er?",
        "my name is Tom, what's hers?",
    ],
)
def test_no_fronted_naming_is_turned_round(text):
    assert pronoun_first(text) == text


def test_the_turned_clause_keeps_its_length():
    for text in ("Klaus heißt er, wohnt in Siegen", "Janet's her name btw", "Ava is her name"):
        turned = pronoun_first(text)
        assert turned != text
        assert len(turned) == len(text)
