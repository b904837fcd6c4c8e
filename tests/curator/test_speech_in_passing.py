"""Facts said the way people talk rather than write: "me" for "my", a relative set in a place
without a verb, a lower-case employer or pet name that is also a word, a surname after the
first name, and a pet's food no word list knows."""

from __future__ import annotations

from datetime import datetime

import pytest

from curator.rules import Known, RuleCurator, Turn
from tests.curator.reading import AT, asserted_triples

ME = "person:me"


def entities(*texts: str) -> dict[str, tuple[str, list[str]]]:
    """``ref → (canonical name, aliases)`` of every entity the curator introduces."""
    turns = [
        Turn(id=f"m{n}", role="user", text=text, occurred_at=datetime.fromisoformat(AT))
        for n, text in enumerate(texts)
    ]
    return {
        o["id_hint"]: (o["canonical_name"], o["aliases"])
        for o in RuleCurator().propose(turns, Known())
        if o["op"] == "upsert_entity"
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("me sister's a nurse in galway", ("person:sister", "relation_to_user", "sister")),
        ("me little brother Ciaran is a plumber", ("person:ciaran", "works_as", "plumber")),
        ("me mam lives in Limerick", ("person:mam", "lives_in", "place:limerick")),
    ],
)
def test_me_before_a_relative_is_my(text, expected):
    assert expected in asserted_triples(text)


def test_me_after_a_verb_with_a_comma_is_the_speaker():
    assert not any(s != ME for s, _, _ in asserted_triples("tell me, mum, is it cold in Cork"))


@pytest.mark.parametrize(
    ("text", "subject", "place"),
    [
        ("mein onkel gerd in rostock", "person:gerd", "place:rostock"),
        ("Meine Cousine Ilka in Bremen hat ein Baby bekommen", "person:ilka", "place:bremen"),
        ("and my aunt Maureen in Belfast is 80 next week", "person:maureen", "place:belfast"),
    ],
)
def test_a_relative_set_in_a_place_lives_there(text, subject, place):
    assert (subject, "lives_in", place) in asserted_triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "ich treffe meine schwester in lübeck",
        "my brother in law is a nurse",
    ],
)
def test_meeting_someone_somewhere_or_an_in_law_is_no_home(text):
    assert not any(p == "lives_in" for _, p, _ in asserted_triples(text))


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("mein Sohn Jan wohnt gerade wieder bei uns in Erfurt", "place:erfurt"),
        ("meistens arbeite ich von zuhause, also bei mir in Potsdam", "place:potsdam"),
    ],
)
def test_at_my_place_in_a_town_is_the_speakers_home(text, place):
    assert (ME, "lives_in", place) in asserted_triples(text)


@pytest.mark.parametrize(
    ("text", "org"),
    [
        ("i work at northgate vets", "org:northgate-vets"),
        ("left the council in june, i'm at lidl now", "org:lidl"),
        ("started a new job at blue harbour logistics on monday", "org:blue-harbour-logistics"),
    ],
)
def test_a_lower_case_employer_after_a_work_frame(text, org):
    assert (ME, "works_at", org) in asserted_triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "i work at home on fridays",
        "i work at weekends mostly",
        "i'm at aldi now, which cheese is good for fondue?",
    ],
)
def test_work_at_home_or_shopping_names_no_employer(text):
    assert not any(p == "works_at" for _, p, _ in asserted_triples(text))


@pytest.mark.parametrize(
    ("text", "pet"),
    [
        ("pickle, our hamster, is two now", "pet:pickle"),
        ("sunny, my budgie, sings all morning", "pet:sunny"),
    ],
)
def test_a_lower_case_pet_name_that_is_also_a_word(text, pet):
    assert (ME, "owns", pet) in asserted_triples(text)


def test_a_sentence_adverb_before_an_aside_names_no_pet():
    assert not any(p == "owns" for _, p, _ in asserted_triples("honestly, our cat, she's mad"))


@pytest.mark.parametrize(
    ("text", "ref", "full"),
    [
        ("meine nachbarin heißt greta hansen", "person:greta", "Greta Hansen"),
        ("My manager Priya Sharma is leaving", "person:priya", "Priya Sharma"),
    ],
)
def test_a_surname_after_the_first_name(text, ref, full):
    found = entities(text)
    assert ref in found
    name, aliases = found[ref]
    assert full == name or full in aliases


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("unsere schildkröte frieda bekommt um 9 ihren salat", ("pet:frieda", "09:00")),
        ("Our cat Mochi gets her sardines at 6pm", ("pet:mochi", "18:00")),
    ],
)
def test_a_pet_getting_any_food_at_a_time_is_fed_then(text, expected):
    subject, clock = expected
    assert (subject, "feeding_time", clock) in asserted_triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "our dog Rex gets his insulin at 8",
        "unser Hund Bello kriegt um 10 Besuch vom Tierarzt",
        "my son Tom gets the bus at 7",
    ],
)
def test_medicine_visits_and_people_are_no_feeding(text):
    assert not any(p == "feeding_time" for _, p, _ in asserted_triples(text))


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("we can't meet often, I'm in Glasgow so it's a long way", "place:glasgow"),
        ("ach, eigentlich bin ich in Kassel ganz glücklich", "place:kassel"),
    ],
)
def test_being_in_a_town_without_a_trip_is_living_there(text, place):
    assert (ME, "lives_in", place) in asserted_triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm in Madrid for a conference this week",
        "bin grad in Hamburg bei meiner Tante",
        "if I'm in Leeds next month we should meet",
        "I'm in Rome!",
    ],
)
def test_a_stay_somewhere_is_no_home(text):
    assert not any(p == "lives_in" for _, p, _ in asserted_triples(text))


def corrections_of(believed: str, text: str) -> list[tuple[str, str | None]]:
    """``(new value, corrected fact id)`` of every routine proposed from ``text`` when memory
    believes the routine ``believed`` (fact ``r1``)."""
    known = Known(
        facts=[{"id": "r1", "subject_ref": ME, "predicate": "routine", "value": believed}]
    )
    turn = Turn(id="m0", role="user", text=text, occurred_at=datetime.fromisoformat(AT))
    return [
        (o["object_value"], o.get("corrects_fact_id"))
        for o in RuleCurator().propose([turn], known)
        if o["op"] == "assert_fact" and o["predicate"] == "routine"
    ]


@pytest.mark.parametrize(
    ("believed", "text"),
    [
        # the part named wrong, the rest said again
        ("mittwochs laufen", "sorry, ich geh donnerstags laufen, nicht mittwochs"),
        ("yoga on tuesdays", "oops, i do yoga on thursdays, not tuesdays"),
        # nothing named wrong, one word of the believed routine replaced
        ("jeden Freitag klettern", "Korrektur: ich geh jeden Samstag klettern"),
    ],
)
def test_a_later_correction_of_one_routine_of_several(believed, text):
    found = corrections_of(believed, text)
    assert found and all(fact == "r1" for _, fact in found)


def test_another_routine_said_later_corrects_nothing():
    found = corrections_of("jeden Freitag klettern", "und jeden Sonntag geh ich schwimmen")
    assert found and not any(fact for _, fact in found)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("der vermieter von unserer bude in giessen antwortet nie", "place:giessen"),
        ("honestly this flat in leeds is freezing", "place:leeds"),
        ("we share a houseshare in Clifton, six of us", "place:clifton"),
        ("I rent in Salford, is a dog allowed?", "place:salford"),
    ],
)
def test_the_speakers_home_by_its_kind_is_where_they_live(text, place):
    assert (ME, "lives_in", place) in asserted_triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "my parents' house in Falkirk is up for sale",
        "we're viewing a flat in Leith tomorrow",
    ],
)
def test_someone_elses_home_or_a_viewing_is_not_the_speakers(text):
    assert (ME, "lives_in", "place:falkirk") not in asserted_triples(text)
    assert (ME, "lives_in", "place:leith") not in asserted_triples(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("rosenkohl hass ich", ("dislikes", "rosenkohl")),
        ("auberginen krieg ich echt nicht runter", ("dislikes", "auberginen")),
        ("rote bete kann ich nicht ab", ("dislikes", "rote bete")),
        ("pizza ok, aber ananas geht bei mir null", ("dislikes", "ananas")),
        ("mango lieb ich", ("prefers", "mango")),
    ],
)
def test_a_german_taste_with_the_thing_first(text, expected):
    predicate, thing = expected
    assert any(
        s == ME and p == predicate and v.lower() == thing for s, p, v in asserted_triples(text)
    )


@pytest.mark.parametrize("text", ["mittwoch geht bei mir nicht", "der termin geht gar nicht"])
def test_a_day_that_does_not_suit_is_no_dislike(text):
    assert not any(p == "dislikes" for _, p, _ in asserted_triples(text))


def test_what_i_said_taken_back_by_what_it_actually_is():
    found = asserted_triples(
        "we've rented our flat in hull for a year now",
        "sorry i said hull, it's actually york",
    )
    assert (ME, "lives_in", "place:york") in found
    assert (ME, "lives_in", "place:hull") not in found
