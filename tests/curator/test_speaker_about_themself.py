"""What the speaker says of themself in passing: a job no list holds after a plain copula
("bin Schlosserin", "I'm a glazier"), placed among jobs by the embedding model; the same
copula before a kind of person, a mood or a place stores no job."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts

ME = "person:me"


def _jobs(text: str) -> set[tuple[str, str]]:
    return {(s, str(v).lower()) for s, p, v in facts(text) if p == "works_as"}


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("bin ja kranführerin, da oben is es windig", "kranführerin"),
        ("ich bin seit 2009 imker in der Heide", "imker"),
        ("Ich bin Tätowiererin und hab heut frei", "tätowiererin"),
        ("I'm a lifeguard at the lido so summers are mad", "lifeguard"),
        ("i'm a zookeeper, mostly the penguins", "zookeeper"),
        ("honestly i'm a forester, trees all day", "forester"),
        ("i've been a dispatcher for nine years", "dispatcher"),
    ],
)
def test_a_job_after_a_copula_is_the_speakers(text, job):
    assert (ME, job) in _jobs(text)


def test_the_workplace_after_an_open_job_is_the_employer():
    found = facts("bin rettungsschwimmerin beim Freibad Nord")
    assert (ME, "works_as", "rettungsschwimmerin") in found
    assert (ME, "works_at", "org:freibad-nord") in found


@pytest.mark.parametrize(
    "text",
    [
        "ich bin müde",
        "bin gleich da",
        "ich bin Frühaufsteherin",
        "bin ja Langschläfer",
        "i'm a night owl",
        "i'm a huge nerd about trains",
        "i'm a team player",
        "she's a machine, honestly",
        "he's a keen birdwatcher",
        "i'm a beginner at chess",
        "bin kein Koch",
        "bin im Restaurant Elbkante",
    ],
)
def test_a_kind_of_person_or_a_state_is_no_job(text):
    assert not _jobs(text)


def test_a_job_said_of_someone_else_is_theirs():
    found = facts("mein Onkel Bernd wohnt in Zittau. er is dachdecker")
    assert ("person:bernd", "works_as", "dachdecker") in found
    assert (ME, "works_as", "dachdecker") not in found


@pytest.mark.parametrize(
    ("text", "name", "age", "job"),
    [
        (
            "damit du weißt wer ich bin: ich bin Kerstin, 44, hufschmiedin und wohn in Soest",
            "Kerstin",
            "44",
            "hufschmiedin",
        ),
        (
            "bit about me since you asked: Ruairí, 35, zookeeper at Fota",
            "Ruairí",
            "35",
            "zookeeper",
        ),
        ("hiya, i'm Bronwen, 52, retired now but busy", "Bronwen", "52", None),
    ],
)
def test_a_name_and_age_after_the_speakers_copula_or_colon_introduce_them(text, name, age, job):
    found = facts(text)
    assert (ME, "name", name) in found
    assert (ME, "age", age) in found
    if job:
        assert (ME, "works_as", job) in {(s, p, str(v).lower()) for s, p, v in found}


def test_children_listed_after_a_colon_are_no_introduction():
    found = facts("our kids: Maisie, 7, and Alfie, 4")
    assert not [f for f in found if f[0] == ME and f[1] in ("name", "age")]


def test_a_saints_name_keeps_its_st_and_its_possessive():
    assert (ME, "works_at", "org:st-vincent-s") in facts("i'm a nurse at St. Vincent's")


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("im a welder, night shifts mostly", "welder"),
        ("ok so im a paramedic in the city", "paramedic"),
    ],
)
def test_a_casual_im_before_an_article_is_english(text, job):
    assert (ME, job) in _jobs(text)


@pytest.mark.parametrize(
    ("text", "name", "birthday"),
    [
        (
            "für die bewerbung, eckdaten: Milena Kovač, geboren am 2.3.1992 in Zadar",
            "Milena Kovač",
            "1992-03-02",
        ),
        (
            "filling in a form. name Grace Okafor, born on the 17th of june 1985",
            "Grace Okafor",
            "1985-06-17",
        ),
    ],
)
def test_a_form_filled_in_for_oneself_names_the_speaker(text, name, birthday):
    found = facts(text)
    assert (ME, "name", name) in found
    assert (ME, "birthday", birthday) in found


def test_a_name_born_after_a_kin_noun_is_no_form():
    found = facts("my niece Ivy Rose, born on 3 May 2024, is a handful")
    assert not {f for f in found if f[0] == ME and f[1] in ("name", "birthday")}


def test_a_bare_date_of_birth_is_the_speakers_and_anothers_is_theirs():
    assert (ME, "birthday", "1990-03-14") in facts("ugh this portal. DOB is 14.03.1990 anyway")
    assert not {f for f in facts("and her DOB is 14.03.1990") if f[0] == ME}
