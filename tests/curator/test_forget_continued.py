"""A request to forget carried on into the next sentence without its verb ("vergiss das mit
X. und das mit Y auch", "forget X. and the bit about Y, …", "un dass ich Y och") forgets Y
too; the same words with no request before them forget nothing. The phrasings here are not
those of the evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples as _asserted

ME = "person:me"
SAID_DE = "ich hab seit letztem jahr rheuma. mittwochs geh ich immer kegeln. ich wohne in Gera"
SAID_EN = (
    "i've had migraines since uni. i go bouldering every monday and wednesday. i live in Leeds"
)


def _mine(found: set, predicate: str) -> set:
    return {v for s, p, v in found if s == ME and p == predicate}


@pytest.mark.parametrize(
    ("said", "asked"),
    [
        (SAID_DE, "vergiss das mit dem rheuma. und das mit dem kegeln auch, geht keinen was an"),
        (SAID_DE, "vergiss das mit dem rheuma. un dass ich kegeln geh och, des muss keener wissen"),
        (SAID_EN, "can you forget the migraine stuff please. and the bit about my bouldering, shh"),
    ],
)
def test_a_topic_added_to_a_request_to_forget_is_forgotten_too(said, asked):
    found = _asserted(said, asked)
    assert not _mine(found, "routine")
    assert not _mine(found, "health_condition")
    assert _mine(found, "lives_in")  # what no request named stays


def test_the_same_words_without_a_request_forget_nothing():
    found = _asserted(SAID_DE, "und das mit dem kegeln auch, das macht mir echt spaß")
    assert _mine(found, "routine")


def test_a_fronted_topic_to_strike_as_well_is_forgotten_too():
    said = "bis freitag muss ich noch die kfz-steuer überweisen. ich spiel dienstags squash"
    found = _asserted(
        said, "vergiss das mit dem squash bitte. und die kfz-steuer kannst du auch streichen"
    )
    assert not {s for s, _, _ in found if s.startswith("task:")}
    assert not _mine(found, "routine")


@pytest.mark.parametrize(
    ("said", "forget", "person"),
    [
        ("Opa Heinz hat am 3. Juli Geburtstag", "vergiss bitte Opas Geburtstag", "person:heinz"),
        (
            "my mum Janet lives in Leeds, her birthday is on 5 April",
            "actually forget my mum's birthday",
            "person:janet",
        ),
    ],
)
def test_a_relative_named_by_the_kin_word_loses_the_fact_forgotten(said, forget, person):
    facts = _asserted(said, forget)
    assert not {f for f in facts if f[0] == person and f[1] == "birthday"}
    assert {f for f in facts if f[0] == person and f[1] == "relation_to_user"}


def test_a_kin_word_without_a_possessive_names_no_relative():
    facts = _asserted(
        "meine Frau Anna wohnt in Kiel", "vergiss was ich über die Frau am Bahnhof gesagt hab"
    )
    assert ("person:anna", "lives_in", "place:kiel") in facts
