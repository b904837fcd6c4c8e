"""Wrong facts the rule curator made from English compounds and from a joke taken back by
the next sentence: the trade after an animal noun ("a horse breeder", "my cat sitter") read as
the animal's name, a compound job ("work as a wedding planner") cut to its first noun, and a
joke followed by "nee ernsthaft"/"jokes aside" kept as what the speaker plans. The sentences
here are not those of the evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts

ME = "person:me"


def _pets(found: set[tuple]) -> set[str]:
    return {s for s, *_ in found if s.startswith("pet:")} | {
        v for *_, v in found if isinstance(v, str) and v.startswith("pet:")
    }


# --- the head of a compound after an animal noun is no name ---------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "he's a horse breeder near york",
        "my brother is a cat sitter",
        "i'm a professional dog handler",
        "my horse trainer wants him rested for a week",
        "we bought a dog crate on sunday",
    ],
)
def test_the_head_of_a_compound_after_an_animal_noun_is_no_pet(text):
    assert not _pets(facts(text))


@pytest.mark.parametrize(
    ("text", "pet"),
    [
        ("my dog pepper hates the hoover", "pet:pepper"),
        ("our cat tucker is 6", "pet:tucker"),
        ("unser hund bello ist 5", "pet:bello"),
    ],
)
def test_a_name_after_a_possessive_and_an_animal_noun_is_still_a_pet(text, pet):
    assert pet in _pets(facts(text))


# --- "work as a dog walker": the compound is the job ----------------------------------------


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("i work as a wedding planner", "wedding planner"),
        ("i work as a cat sitter these days", "cat sitter"),
        ("i work as a cleaner part time", "cleaner"),
        ("i work as a nurse in leeds", "nurse"),
    ],
)
def test_a_compound_job_after_work_as_is_kept_whole(text, job):
    assert {v for s, p, v in facts(text) if s == ME and p == "works_as"} == {job}


# --- a joke the next sentence takes back ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("klar, nächsten monat zieh ich nach rio. nee im ernst, ich bin bäckerin",
         ("works_as", "bäckerin")),
        ("sure, i'm moving to monaco next year. nah seriously, i live in hull",
         ("lives_in", "place:hull")),
        ("ich zieh nächstes jahr nach sylt. spaß beiseite, ich wohn in gera",
         ("lives_in", "place:gera")),
    ],
)  # fmt: skip
def test_a_sentence_turning_sincere_takes_back_the_joke_before_it(text, kept):
    found = facts(text)
    assert not {v for s, p, v in found if s == ME and p == "plans"}, found
    assert (ME, *kept) in found


def test_but_seriously_alone_takes_nothing_back():
    found = facts("i'm moving to leeds in may. but seriously, the rents there are mad")
    assert {v for s, p, v in found if s == ME and p == "plans"}


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("i'll retire to a castle 😂 nah seriously i'm a welder at Harland Steel",
         ("works_as", "welder")),
        ("ich kauf mir ne yacht lol jk ich wohn in Gotha", ("lives_in", "place:gotha")),
    ],
)  # fmt: skip
def test_what_follows_the_turn_to_sincerity_in_the_same_clause_is_kept(text, kept):
    assert (ME, *kept) in facts(text)
