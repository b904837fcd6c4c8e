"""A field of study said in more than one word is stored whole: English nouns after the first
("computer science", "mechanical engineering"), German a noun after its adjective ("Soziale
Arbeit"); a word saying how or when ("part time", "next year") or where ("at", "in") ends it,
and the university after it is still found."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples


@pytest.mark.parametrize(
    ("text", "who", "field"),
    [
        ("my cousin Ana studies computer science in Leeds", "person:ana", "computer science"),
        (
            "my flatmate Raj is studying mechanical engineering at Leeds University",
            "person:raj",
            "mechanical engineering",
        ),
        (
            "my friend Oona is doing her PhD in marine biology at the University of Galway",
            "person:oona",
            "marine biology",
        ),
        ("meine Schwester Jana studiert Soziale Arbeit in Köln", "person:jana", "Soziale Arbeit"),
        (
            "mein Sohn Tim studiert Internationale Beziehungen an der Uni Passau",
            "person:tim",
            "Internationale Beziehungen",
        ),
        (
            "meine Cousine Ida studiert Erneuerbare Energien in Aachen",
            "person:ida",
            "Erneuerbare Energien",
        ),
    ],
)
def test_a_field_in_several_words_is_stored_whole(text, who, field):
    found = asserted_triples(text)
    assert (who, "studies", field) in found, found


def test_a_word_of_when_or_where_ends_the_field():
    found = asserted_triples("my niece Lea studies law at Durham")
    assert ("person:lea", "studies", "law") in found, found
    found = asserted_triples("my nephew Sam studies history part time")
    assert ("person:sam", "studies", "history") in found, found
    found = asserted_triples("mein Cousin Ben studiert Maschinenbau in Aachen")
    assert ("person:ben", "studies", "Maschinenbau") in found, found


def test_the_university_after_a_long_field_is_found():
    found = asserted_triples(
        "my flatmate Raj is studying mechanical engineering at Leeds University"
    )
    assert ("person:raj", "studies_at", "org:leeds-university") in found, found
