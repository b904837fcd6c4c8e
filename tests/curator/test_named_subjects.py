"""Who a clause is about: a name opening it ("Callum's a firefighter") is its subject, a
relative after "von meiner / of my" belongs to someone else, and "basically" is irony only
in a label the speaker gives themselves."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts

ME = "person:me"


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Callum's a firefighter in Glasgow", ("person:callum", "works_as", "firefighter")),
        ("Priya's a vet", ("person:priya", "works_as", "vet")),
    ],
)
def test_a_name_opening_the_clause_is_its_subject_not_the_speaker(text, fact):
    found = facts(text)
    assert fact in found
    assert not any(f[0] == ME and f[1] == "works_as" for f in found)


@pytest.mark.parametrize(
    "text",
    [
        "der freund von meiner schwester, Jonas, is polizist in hamburg",
        "the boyfriend of my sister, Jonas, is a cop",
    ],
)
def test_a_relative_after_of_my_is_not_the_named_persons_relation(text):
    assert not any(f[0] == "person:jonas" and f[1] == "relation_to_user" for f in facts(text))


def test_basically_in_a_sincere_sentence_does_not_silence_it():
    found = facts("i live in Cork with my partner Aoife, the house is basically theirs")
    assert (ME, "lives_in", "place:cork") in found
    assert not facts("I'm basically a professional chef now, I made toast")


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("das ist zimt, der kater von meiner mitbewohnerin jule", ("person:jule", "flatmate")),
        (
            "Finn, der Sohn von meinem Bruder Thore, studiert Informatik",
            ("person:thore", "brother"),
        ),
    ],
)
def test_a_name_right_after_of_my_relative_is_that_relative(text, fact):
    ref, relation = fact
    assert (ref, "relation_to_user", relation) in facts(text)
