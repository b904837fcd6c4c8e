"""How people say things in a chat, read through the rule curator: a state that begins at a
time ahead is not held yet, a job said to have ended is not stored, a relative's birthday is
not the speaker's, a reply particle does not negate the clause after it."""

from __future__ import annotations

from datetime import datetime

import pytest

from curator.rules import Known, RuleCurator, Turn
from tests.curator.test_extract import facts

ME = "person:me"
AT = "2026-10-07T17:00:00+02:00"


def asserted(*texts: str, at: str = AT) -> list[dict]:
    turns = [
        Turn(id=f"m{n}", role="user", text=t, occurred_at=datetime.fromisoformat(at))
        for n, t in enumerate(texts)
    ]
    return [
        op
        for op in RuleCurator().propose(turns, Known())
        if op["op"] in ("assert_fact", "assert_relationship")
    ]


def starts(ops: list[dict], predicate: str) -> str | None:
    found = [o for o in ops if o["predicate"] == predicate]
    return str(found[0]["valid_from"])[:10] if found else None


@pytest.mark.parametrize(
    ("texts", "predicate", "day"),
    [
        (
            (
                "mein neffe Ben ist 18",
                "er fängt nächste woche ne ausbildung als mechatroniker bei VW an",
            ),
            "works_at",
            "2026-10-12",
        ),
    ],
)
def test_a_state_a_coming_time_dates_begins_then(texts, predicate, day):
    assert starts(asserted(*texts), predicate) == day


@pytest.mark.parametrize(
    "text",
    [
        "i do my big food shop on sunday evenings, it's the only time the shop isn't rammed",
        "Mein Bruder Felix wohnt in Basel und ich besuch ihn am Wochenende",
        "She plays violin in an orchestra, and she's coming to stay with us next week",
    ],
)
def test_an_occasion_ahead_or_another_clauses_time_does_not_postpone_a_state(text):
    ops = asserted("My cousin Aisha is a nurse.", text)
    assert ops and all(str(o["valid_from"])[:10] <= AT[:10] for o in ops)


def test_a_past_told_month_is_not_the_coming_one():
    ops = asserted(
        "been on metformin 500 twice a day since my type 2 diagnosis back in march",
        at="2026-06-20T09:30:00+01:00",
    )
    assert starts(ops, "takes_medication") == "2026-03-01"


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        (
            "ich hab meinen job als Lehrer gekündigt und mach ab Januar ne Umschulung",
            (ME, "works_as", "Lehrer"),
        ),
        ("ich hab bei Bosch gekündigt und arbeite jetzt bei Zeiss", (ME, "works_at", "org:bosch")),
    ],
)
def test_a_job_the_clause_says_ended_is_not_stored(text, ended):
    found = facts(text)
    assert ended not in found
    if "Zeiss" in text:
        assert (ME, "works_at", "org:zeiss") in found


def test_a_relatives_birthday_is_not_the_speakers():
    found = facts("oh and my mum's birthday is on the 2nd of march, can you remind me")
    assert (ME, "birthday", "--03-02") not in found
    assert ("person:mum", "birthday", "--03-02") in found
    assert (ME, "birthday", "--05-03") in facts("my birthday is on the 3rd of may")
    assert ("person:lena", "birthday", "--06-04") in facts("Lena's birthday is on the 4th of June")


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("lol no i'm an accountant, cooking is not my thing", (ME, "works_as", "accountant")),
        ("nee, ich bin Lehrerin", (ME, "works_as", "Lehrerin")),
    ],
)
def test_a_reply_particle_does_not_negate_the_clause_after_it(text, fact):
    assert fact in facts(text)
    assert (ME, "works_as", "Lehrerin") not in facts("ich bin keine Lehrerin")


@pytest.mark.parametrize(
    ("text", "predicate"),
    [
        ("und sonntags geh ich morgens immer ne runde laufen, so 5 km", "routine"),
        ("mega, ich bin noch am auspacken", "hobby"),
        ("love it. i live in Bath", "prefers"),
    ],
)
def test_a_quantity_a_moment_or_a_liking_verb_is_no_value(text, predicate):
    values = {f[2] for f in facts(text) if f[1] == predicate}
    assert not values & {"5 km", "auspacken", "love"}


def test_a_club_word_inside_a_kinship_word_makes_no_club():
    found = facts("so my husband Tom just got a job offer in Manchester")
    assert not any(f[1] == "member_of" for f in found)
    assert (ME, "member_of", "org:posaunenchor-harmonie") in facts(
        "ich spiele im Posaunenchor Harmonie"
    )


@pytest.mark.parametrize(
    ("text", "routine"),
    [
        (
            "jeden sonntag abend ruf ich meine oma an, das is so unser ritual",
            "jeden sonntag abend oma anrufen",
        ),
        (
            "und mittwochs hol ich die kinder immer vom kindergarten ab",
            "mittwochs kinder vom kindergarten abholen",
        ),
        (
            "Seit letztem Montag mach ich jeden Morgen 20 Minuten Yoga",
            "jeden Morgen 20 Minuten Yoga",
        ),
        (
            "seit pfingsten geh ich deswegen jeden abend ne halbe stunde spazieren",
            "jeden abend halbe stunde spazieren",
        ),
        (
            "every morning before work i walk the dog for 40 mins",
            "every morning before work walk dog",
        ),
        (
            "my partner Sam and i also cook together every sunday night",
            "cook together every sunday night",
        ),
        ("mein Mann und ich gehen jeden Sonntag wandern", "jeden Sonntag wandern"),
    ],
)
def test_a_routine_is_what_is_done_how_often_and_how_long(text, routine):
    assert (ME, "routine", routine) in facts(text)


@pytest.mark.parametrize(
    ("text", "routine"),
    [
        (
            "anyway every monday and wednesday i do a spin class at 6:30 before work",
            "every monday and wednesday spin class at 6:30 before work",
        ),
        (
            "on fridays i still take the bus tho cos i meet my mum for lunch in town every friday",
            "meet mum for lunch in town every friday",
        ),
        ("i read for an hour before bed, every night, no phones", "read before bed every night"),
    ],
)
def test_a_routine_is_read_in_its_own_clause_with_a_frequency_said_after_it(text, routine):
    assert (ME, "routine", routine) in facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "ich hab mir vorgenommen, ab nächster woche jeden tag 10.000 schritte zu gehen",
        "i want to start running every morning",
    ],
)
def test_a_resolution_is_no_routine_yet(text):
    assert not any(f[1] == "routine" for f in facts(text))


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        (
            "der orthopäde sagt bandscheibenvorfall, LWS",
            (ME, "health_condition", "bandscheibenvorfall"),
        ),
        (
            "mein hausarzt meint ich hab ne laktoseintoleranz",
            (ME, "health_condition", "laktoseintoleranz"),
        ),
        (
            "got diagnosed with coeliac disease on the 2nd",
            (ME, "health_condition", "coeliac disease"),
        ),
        ("jetzt erstmal ibuprofen 600 und physio", (ME, "takes_medication", "ibuprofen")),
        (
            "my gp also put me on iron tablets cos my levels were low",
            (ME, "takes_medication", "iron tablets"),
        ),
        (
            "the cetirizine i take isn't doing much this year",
            (ME, "takes_medication", "cetirizine"),
        ),
    ],
)
def test_a_diagnosis_or_a_medicine_said_in_passing_is_the_speakers(text, fact):
    assert fact in facts(text)


def test_an_opinion_that_one_has_a_condition_is_no_diagnosis():
    assert not any(f[1] == "health_condition" for f in facts("meine Mutter meint, ich hätte ADHS"))


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        (
            "oh ja paprika geht immer! nur bitte keine auberginen, die find ich eklig",
            (ME, "prefers", "paprika"),
        ),
        (
            "oh ja paprika geht immer! nur bitte keine auberginen, die find ich eklig",
            (ME, "dislikes", "auberginen"),
        ),
        ("nothing with mushrooms pls, i can't stand them", (ME, "dislikes", "mushrooms")),
        ("can't stand horror films, give me a cheesy romcom any day", (ME, "prefers", "romcom")),
        (
            "honestly I can't stand olives, but I'd never say no to a good espresso",
            (ME, "prefers", "espresso"),
        ),
    ],
)
def test_a_taste_said_as_what_is_excluded_or_always_welcome(text, fact):
    assert fact in facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "no worries, give me a shout any day",
        "I'd never say no to a promotion if my boss offered it",
        "no i'm not allergic to anything",
    ],
)
def test_an_idiom_or_a_hypothetical_is_no_taste(text):
    assert not any(f[1] in ("prefers", "dislikes") for f in facts(text))


def test_an_introduction_with_an_article_before_the_name_gives_the_age():
    found = facts("also kurz zu mir: ich bin die Svenja, 29, komm ursprünglich aus Rostock")
    assert {(ME, "age", "29"), (ME, "comes_from", "place:rostock")} <= found


@pytest.mark.parametrize(
    ("text", "predicate", "day"),
    [
        ("i've lived in Bristol for about ten years", "lives_in", "2016-01-01"),
        ("wir wohnen seit ungefähr zwei jahren in Kiel", "lives_in", "2024-01-01"),
        ("i've been vegetarian since new year", "diet", "2026-01-01"),
    ],
)
def test_a_hedged_count_or_new_year_still_dates(text, predicate, day):
    assert starts(asserted(text, at="2026-06-03T20:00:00+01:00"), predicate) == day


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("our two kids, Anya who's 9 and Dev who's 6", {("person:anya", "age", "9")}),
        (
            "mein neffe Ben ist vorgestern 18 geworden",
            {("person:ben", "age", "18"), ("person:ben", "birthday", "--10-05")},
        ),
        (
            "my brother Tom turned 40 on Saturday",
            {("person:tom", "age", "40"), ("person:tom", "birthday", "--10-03")},
        ),
    ],
)
def test_an_age_said_of_someone_as_a_clause_or_a_birthday_just_passed(text, expected):
    assert expected <= facts(text, at=AT)


def test_a_filler_and_an_article_before_the_own_name():
    found = facts("hi! ich bin übrigens die Jana, 34, und arbeite als Physiotherapeutin")
    assert {(ME, "name", "Jana"), (ME, "age", "34")} <= found
