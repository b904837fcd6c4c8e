"""Whom a clause is about when chat opens it on someone else: a name written in lower case
("kavya is allergic to nuts", "timo hat diabetes": never the speaker, and the window's person
when it named them before), several relatives said together ("my sisters live in Cork",
"meine Schwestern wohnen in Köln": never the speaker, and no one person either), and the
gender of a child named by rank alone ("our youngest Kaylynn"); and a home a move leaves
after years in it ("after 46 years in the same house in Marsden"), which is no home now; and
the speaker with another as one subject ("me and the wife Jean moved …"), the speaker's; a
finding told as what "it" is once the results are in ("got the results back. it's lupus"),
the speaker's condition and no name."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples as _facts

ME = "person:me"


def _mine(*texts: str) -> set[tuple]:
    return {f for f in _facts(*texts) if f[0] == ME}


@pytest.mark.parametrize(
    "text",
    [
        "kavya is allergic to nuts",
        "kavya is vegetarian",
        "kavya has asthma",
        "timo hat diabetes",
        "und timo hat seit märz diabetes",
    ],
)
def test_a_name_in_lower_case_opening_the_clause_is_not_the_speaker(text):
    assert _mine(text) == set()


def test_a_lower_case_name_the_window_knows_is_that_person():
    facts = _facts("my friend Kavya came over for dinner", "kavya is allergic to nuts")
    assert ("person:kavya", "allergic_to", "nuts") in facts
    assert not {f for f in facts if f[0] == ME}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        # a common word opening the clause leaves the speaker's own words theirs
        ("käsekuchen ist einfach leben", (ME, "prefers", "käsekuchen")),
        ("today is my birthday", (ME, "birthday", "--03-10")),
        ("work is stressful, i'm vegetarian now", (ME, "diet", "vegetarian")),
    ],
)
def test_a_common_word_opening_the_clause_is_no_name(text, fact):
    assert fact in _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "my sisters live in cork",
        "meine schwestern wohnen in köln",
        "my brothers both work at tesco",
        "meine brüder arbeiten beide bei bosch",
    ],
)
def test_several_relatives_opening_the_clause_are_not_the_speaker(text):
    facts = _facts(text)
    assert not {f for f in facts if f[0] == ME}
    # nor one person called "Sisters"
    assert not {f for f in facts if f[1] == "relation_to_user"}


def test_the_speaker_beside_several_relatives_is_still_the_speaker():
    assert (ME, "lives_in", "place:cork") in _facts("my sisters and i live in cork")
    assert ("person:sister", "lives_in", "place:cork") in _facts("my sister lives in cork")


def test_a_child_named_by_rank_alone_takes_the_names_gender():
    facts = _facts("our youngest Kaylynn started school in august")
    assert ("person:kaylynn", "relation_to_user", "daughter") in facts


@pytest.mark.parametrize(
    ("text", "home", "left"),
    [
        (
            "we moved into a bungalow in holmfirth last month after 46 year in the same house "
            "in marsden",
            "place:holmfirth",
            "place:marsden",
        ),
        (
            "wir sind letzten monat in ein haus in jena gezogen, nach 20 jahren in der wohnung "
            "in erfurt",
            "place:jena",
            "place:erfurt",
        ),
    ],
)
def test_the_home_a_move_leaves_after_years_is_no_home(text, home, left):
    homes = {obj for _, predicate, obj in _facts(text) if predicate == "lives_in"}
    assert home in homes
    assert left not in homes


def test_years_of_something_else_before_a_home_leave_it_a_home():
    assert (ME, "lives_in", "place:leeds") in _facts(
        "after two years of renting we bought a house in leeds"
    )


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("me and the wife moved to holmfirth last year", "place:holmfirth"),
        ("me and my wife Jean moved to holmfirth last year", "place:holmfirth"),
        ("ich und mein freund sind letztes jahr nach jena gezogen", "place:jena"),
    ],
)
def test_the_speaker_and_another_as_one_subject_is_the_speakers_move(text, place):
    facts = _facts(text)
    assert (ME, "lives_in", place) in facts
    assert not {f for f in facts if f[1] == "lives_in" and f[0] != ME}


def test_the_speaker_and_a_relative_working_somewhere_is_the_speakers_employer():
    facts = _facts("me and my brother both work at tesco")
    assert (ME, "works_at", "org:tesco") in facts


@pytest.mark.parametrize(
    ("texts", "condition"),
    [
        (("got the results back", "it's lupus"), "lupus"),
        (("befund ist da", "es ist rheuma"), "rheuma"),
        (("finally got my bloods back", "its coeliac"), "coeliac disease"),
    ],
)
def test_a_finding_told_as_what_it_is_after_the_results_is_the_speakers(texts, condition):
    facts = _facts(*texts)
    assert (ME, "health_condition", condition) in facts
    assert not {f for f in facts if f[1] == "name"}  # "it's lupus" names no one


@pytest.mark.parametrize(
    "texts",
    [
        ("my mum got her results back", "it's lupus"),
        ("mein Papa hat seine Ergebnisse", "es ist Diabetes"),
        # without results a condition named in passing belongs to nobody
        ("it's lupus",),
    ],
)
def test_a_finding_of_someone_elses_results_or_none_is_not_the_speakers(texts):
    assert not {f for f in _facts(*texts) if f[0] == ME}
