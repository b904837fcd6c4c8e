"""The writer's town said in passing: among the items of a self-introduction after the name
("kev here, from bolton", "ich bin Jens, 52, dachdecker aus Husum", "its rhona, leeds
uk") and after "here in"/"hier in" written in lower case ("it's pouring here in
cardiff"); an item of what the writer did ("just back from spain") or a word after "here in"
that names no town ("here in winter") gives none."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples

ME = "person:me"


def _homes(*texts: str) -> set[str]:
    return {o for s, p, o in asserted_triples(*texts) if s == ME and p == "lives_in"}


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("hi! kev here, from bolton. can you help me with a cover letter", "place:bolton"),
        ("moin, ich bin Jens, 52, dachdecker aus Husum. ich brauch hilfe bei ner rechnung",
         "place:husum"),
        ("evening, its rhona, leeds uk. quick question about sourdough", "place:leeds"),
        ("hiya, mo here, self-employed electrician in wigan. need a quote template",
         "place:wigan"),
        ("howdy, Earl here, out in Amarillo, Texas. need help with a letter", "place:amarillo"),
        ("kia ora, hemi here from just outside Taupo. our dog got out again", "place:taupo"),
    ],
)  # fmt: skip
def test_a_town_among_the_introductions_items_is_the_home(text, place):
    assert place in _homes(text)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("it's pouring here in cardiff again, any tips for drying washing indoors?",
         "place:cardiff"),
        ("die mieten hier in leipzig steigen echt jedes jahr", "place:leipzig"),
        ("i fix boilers here in kansas city, any tips for invoices?", "place:kansas-city"),
    ],
)  # fmt: skip
def test_a_lower_case_town_after_here_in_is_the_home(text, place):
    assert place in _homes(text)


@pytest.mark.parametrize(
    "text",
    [
        "hi, i'm tom, just back from spain. can you help me unpack faster",
        "hey its mia, 34, obviously tired. can you help",
        "it's cold here in winter, any tips for the garden?",
        "here in comparison the old flat was tiny",
        # a trade no dictionary knows, right after the name, is no town
        "hi there, i'm dom, wheelwright. can you help me write an about page?",
        "hallo, ich bin jana, hufschmiedin. kannst du mir bei ner rechnung helfen?",
    ],
)
def test_no_town_where_the_items_say_something_else(text):
    assert not _homes(text)


def test_an_article_after_here_in_names_no_town():
    assert "place:the-smoke" not in _homes("we moved in together here in the Smoke in may")
