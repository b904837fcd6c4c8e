"""People catching the assistant up after weeks away: days said by a spelled ordinal ("am
zweiten hab i angfangen"), a season before the last, a subject of two after its verb ("seit
März wohnen meine Frau Silke und ich in …"), a pet's name after how it came ("einen Hund
bekommen, Balu"), a job started "als …", a newborn who is a niece, an age reached with the
speaker dropped, and what is no employer or no clock time. The sentences here are not those
of the evaluation set."""

from __future__ import annotations

from datetime import datetime

import pytest

from curator.language.dates import resolve_times
from curator.rules import Known, RuleCurator, Turn
from tests.curator.reading import AT
from tests.curator.reading import asserted_triples as _facts

ME = "person:me"
ANCHOR = datetime.fromisoformat(AT)  # Tuesday, 10 March 2026


def _dated(*texts: str) -> set[tuple[str, str, str, str]]:
    """``(subject, predicate, value, valid_from day)`` of every fact proposed from ``texts``."""
    turns = [Turn(id=f"m{n}", role="user", text=t, occurred_at=ANCHOR) for n, t in enumerate(texts)]
    return {
        (
            o["subject_ref"],
            o["predicate"],
            o.get("object_value") or o.get("object_ref"),
            (o.get("valid_from") or "")[:10],
        )
        for o in RuleCurator().propose(turns, Known())
        if o["op"] in ("assert_fact", "assert_relationship")
    }


def _days(text: str, lang: str) -> list[tuple[str, str]]:
    return [
        (t.text, t.valid_from.date().isoformat())
        for t in resolve_times(text, anchor=ANCHOR, lang=lang)
    ]


@pytest.mark.parametrize(
    ("text", "lang", "said", "day"),
    [
        ("am zweiten hab i bei da firma angfangen", "de", "am zweiten", "2026-03-02"),
        ("seit dem Ersten bin ich in Rente", "de", "seit dem Ersten", "2026-03-01"),
        ("she was born on the second", "en", "on the second", "2026-03-02"),
        ("spiel seit vorletztem Sommer Darts", "de", "seit vorletztem Sommer", "2024-06-01"),
        ("we moved the summer before last", "en", "the summer before last", "2024-06-01"),
    ],
)
def test_days_said_by_words(text, lang, said, day):
    assert (said, day) in _days(text, lang)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("am zweiten Tag war es besser", "de"),
        ("zum ersten Mal in Wien", "de"),
        ("on the first day it rained", "en"),
    ],
)
def test_an_ordinal_counting_something_is_no_day(text, lang):
    assert _days(text, lang) == []


def test_a_subject_of_two_after_its_verb_lives_there():
    facts = _dated("seit dem 1. märz wohnen meine frau silke und ich in lüneburg")
    assert (ME, "lives_in", "place:luneburg", "2026-03-01") in facts
    assert ("person:silke", "lives_in", "place:luneburg", "2026-03-01") in facts


@pytest.mark.parametrize(
    ("text", "homes"),
    [
        ("meine freundin ronja is kurz nach neujahr nach kassel gezogen", {"place:kassel"}),
        # (a town no list knows, typed in lower case, is not read at all)
        ("meine freundin ronja is kurz nach neujahr nach tromsø gezogen", set()),
    ],
)
def test_a_feast_a_move_is_dated_by_is_no_place(text, homes):
    facts = _facts(text)
    assert {v for s, p, v in facts if s == "person:ronja" and p == "lives_in"} == homes


@pytest.mark.parametrize(
    ("text", "pet", "since"),
    [
        ("Wir haben letzten Monat einen Hund bekommen, Balu.", "pet:balu", "2026-02-01"),
        ("wir haben uns vor zwei Wochen eine Katze geholt, Mimi", "pet:mimi", "2026-02-24"),
        ("and we adopted a retired greyhound on March 4, Juniper", "pet:juniper", "2026-03-04"),
    ],
)
def test_a_pet_named_after_how_and_when_it_came(text, pet, since):
    assert (ME, "owns", pet, since) in _dated(text)


@pytest.mark.parametrize(
    ("text", "clock"),
    [
        ("unser Wellensittich Burli kriegt sei futter immer um achte in da früh", "08:00"),
        ("unser kater brezn kriagt um sechse auf d'nacht sei futter", "18:00"),
    ],
)
def test_a_southern_hour_feeds_the_pet(text, clock):
    assert clock in {v for _, p, v in _facts(text) if p == "feeding_time"}


def test_words_holding_a_number_are_no_clock_time():
    facts = _facts("Wir haben letzten Monat einen Hund bekommen, er heißt Balu.")
    assert not {f for f in facts if f[1] == "feeding_time"}


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("hab vorgestern bei der Spedition Krull als Disponent angefangen", "Disponent"),
        ("hab letzte woche als disponent angefangen", "disponent"),
    ],
)
def test_a_job_started_as_a_noun_no_list_holds(text, job):
    assert (ME, "works_as", job) in _facts(text)


def test_a_swiss_mami_is_a_mother():
    assert ("person:vreni", "relation_to_user", "mother") in _facts(
        "Mein Mami Vreni kommt jeden Donnerstag zum Hüten."
    )


def test_a_birth_of_these_days_is_the_newborns_not_the_speakers():
    facts = _dated("unser zweiter sohn theo ist da!! am zweiten geboren, 3450 g.")
    assert ("person:theo", "birthday", "2026-03-02", "2026-03-10") in facts
    assert not {f for f in facts if f[0] == ME and f[1] == "birthday"}


@pytest.mark.parametrize(
    ("text", "child", "relation"),
    [
        ("OH and my sister Mairead had her baby!! a little girl, Aoife", "aoife", "niece"),
        ("my brother had a baby. a little boy, Cian", "cian", "nephew"),
        ("we had a little girl, Aoife", "aoife", "daughter"),
    ],
)
def test_whose_newborn_a_little_girl_is(text, child, relation):
    facts = _facts(text)
    assert {v for s, p, v in facts if s == f"person:{child}" and p == "relation_to_user"} == {
        relation
    }


def test_someone_elses_baby_is_no_child_of_the_speaker():
    facts = _facts("Anna had her baby, a little girl, Mia")
    assert not {f for f in facts if f[0] == "person:mia" and f[1] == "relation_to_user"}


@pytest.mark.parametrize(
    "text",
    [
        "spiel seit letztem Jahr im verein beim DC Wanne",
        "finally done with Leeds City Council, such a relief",
        "a fortnight ago i started a pottery course at Kiln Yard studio",
    ],
)
def test_a_club_a_job_left_or_a_course_is_no_employer(text):
    assert not {f for f in _facts(text) if f[1] == "works_at"}


def test_the_club_named_after_its_kind_is_a_membership():
    assert (ME, "member_of", "org:dc-wanne") in _facts(
        "spiel seit letztem Jahr im verein beim DC Wanne"
    )


def test_an_age_reached_with_the_speaker_dropped():
    facts = _dated("Hi there! Also turned 50 on the 2nd, ugh")
    assert (ME, "age", "50", "2026-03-02") in facts
    assert (ME, "birthday", "--03-02", "2026-03-10") in facts


def test_a_dropped_subject_after_someone_named_is_not_the_speaker():
    facts = _facts("Mum was at the party. turned 80 last week")
    assert (ME, "age", "80") not in facts


@pytest.mark.parametrize(
    ("text", "lang", "said", "day"),
    [
        ("guess who got a kitten two Fridays ago", "en", "two Fridays ago", "2026-02-27"),
        ("three mondays ago i started", "en", "three mondays ago", "2026-02-23"),
        ("vor zwei Freitagen hab ich ihn geholt", "de", "vor zwei Freitagen", "2026-02-27"),
    ],
)
def test_a_weekday_counted_back(text, lang, said, day):
    assert (said, day) in _days(text, lang)


@pytest.mark.parametrize(
    ("text", "hobby", "since"),
    [
        ("I've taken up woodcarving", "woodcarving", "2026-03-10"),
        ("I took up pottery in January", "pottery", "2026-01-01"),
    ],
)
def test_an_activity_taken_up(text, hobby, since):
    assert (ME, "hobby", hobby, since) in _dated(text)


def test_taking_up_an_offer_is_no_hobby():
    assert not {f for f in _facts("I took up the offer, so that's that") if f[1] == "hobby"}


def test_a_birth_with_its_subject_said_is_not_the_newborns():
    facts = _facts(
        "our son Cian is home!! and my twins Ava and Noah turn 7 on the 4th of july",
        "omg wait, it's the 5th actually, they were born just after midnight",
    )
    assert not {f for f in facts if f[0] == "person:cian" and f[1] == "birthday"}


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("ich wohne seit Januar in St. Gallen", "place:st-gallen"),
        ("we moved to St. Louis in January", "place:st-louis"),
    ],
)
def test_a_saints_town_keeps_its_abbreviation(text, place):
    assert {v for s, p, v in _facts(text) if p == "lives_in"} == {place}


@pytest.mark.parametrize(
    "text",
    [
        "and mum finally retired — 30 yrs as a midwife at Ballarat Base, she's already bored",
        "bin in Rente, hab 40 Jahre als Lokführer gearbeitet",
    ],
)
def test_a_role_before_a_retirement_is_no_job_now(text):
    assert not {f for f in _facts(text) if f[1] == "works_as"}


def test_a_role_taken_up_after_retiring_is_a_job():
    assert (ME, "works_as", "tutor") in _facts("I'm retired, but now I work as a tutor")


def test_a_birth_day_corrected_by_words_keeps_its_year():
    facts = _facts(
        "unser zweiter sohn theo ist da!! am zweiten geboren, 3450 g.",
        "sorry, quatsch, nicht am zweiten, am dritten – es war kurz nach mitternacht",
    )
    assert ("person:theo", "birthday", "2026-03-03") in facts
    assert ("person:theo", "birthday", "2026-03-02") not in facts
