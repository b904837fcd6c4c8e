"""Which fact a date belongs to: a correction that restates only the date ("seit 2016, nicht
2015", "since june not may") re-dates what the wrong date dated, the clause it names and no
other; "seit dem Tag"/"since that day" points back to the time an earlier sentence of the turn
said; each conjunct of "i'm … since 2012 and i've lived … since 2019" keeps its own time. The
phrasings here are not those of the evaluation set."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from curator.rules import Known, RuleCurator, Turn

CET = timezone(timedelta(hours=1))
# A Thursday in winter.
THURSDAY = datetime(2026, 2, 26, 18, 0, tzinfo=CET)
ME = "person:me"


def _dated(*texts: str, at: datetime = THURSDAY) -> dict[tuple, str]:
    """``(subject, predicate, value or object ref)`` → the day each proposed fact holds from."""
    turns = [
        Turn(id=f"m{n}", role="user", text=text, occurred_at=at + timedelta(minutes=n))
        for n, text in enumerate(texts)
    ]
    return {
        (o["subject_ref"], o["predicate"], o.get("object_value") or o.get("object_ref")): o[
            "valid_from"
        ][:10]
        for o in RuleCurator().propose(turns, Known())
        if o["op"] in ("assert_fact", "assert_relationship")
    }


@pytest.mark.parametrize(
    ("said", "corrected", "fact", "right", "other"),
    [
        (
            "ich bin seit 2015 Mechatronikerin bei Bosch in Bamberg",
            "oh, Mechatronikerin bin ich seit 2016, nicht 2015",
            (ME, "works_at", "org:bosch"),
            "2016-01-01",
            None,
        ),
        (
            "ich wohne seit 2015 in Gera, mein Hund heißt Anton",
            "sorry, seit 2017 nich 2015",
            (ME, "lives_in", "place:gera"),
            "2017-01-01",
            None,
        ),
        (
            "I've been at Tesco since september",
            "oops, I started in october not september",
            (ME, "works_at", "org:tesco"),
            "2025-10-01",
            None,
        ),
        (
            "i'm a paramedic since 2012 and i've lived in Hull since 2019",
            "actually the paramedic thing is since 2013 not 2012",
            (ME, "works_as", "paramedic"),
            "2013-01-01",
            ((ME, "lives_in", "place:hull"), "2019-01-01"),
        ),
    ],
)
def test_a_correction_restating_the_date_redates_what_the_wrong_date_dated(
    said, corrected, fact, right, other
):
    dated = _dated(said, corrected)
    assert dated[fact] == right
    if other is not None:
        assert dated[other[0]] == other[1]


def test_a_wrong_word_that_is_no_time_redates_nothing():
    dated = _dated("ich wohne seit 2015 in Gera", "nein, in Jena, nicht Gera")
    assert (ME, "lives_in", "place:gera") not in dated


@pytest.mark.parametrize(
    ("texts", "fact", "day"),
    [
        (
            ("ich bin am 2. Februar nach Gera gezogen. Seit dem Tag arbeite ich bei Zeiss",),
            (ME, "works_at", "org:zeiss"),
            "2026-02-02",
        ),
        (
            (
                "we moved to Bristol on the 2nd of february. "
                "since that day i've been working at Aardman",
            ),
            (ME, "works_at", "org:aardman"),
            "2026-02-02",
        ),
    ],
)
def test_since_that_day_points_back_to_the_time_said_before(texts, fact, day):
    assert _dated(*texts)[fact] == day


def test_since_that_day_without_a_time_before_dates_nothing():
    assert _dated("Seit dem Tag arbeite ich bei Zeiss")[(ME, "works_at", "org:zeiss")] == (
        THURSDAY.date().isoformat()
    )


def test_each_conjunct_after_a_contracted_verb_keeps_its_own_time():
    dated = _dated("i'm a welder since 2012 and i've lived in Hull since 2019")
    assert dated[(ME, "works_as", "welder")] == "2012-01-01"
    assert dated[(ME, "lives_in", "place:hull")] == "2019-01-01"


def test_short_chat_english_is_read_as_english():
    dated = _dated("guess who's a nurse now 😎 started at Airedale on monday")
    assert dated[(ME, "works_at", "org:airedale")] == "2026-02-23"


@pytest.mark.parametrize(
    ("texts", "fact", "day"),
    [
        (
            ("unsere WG in Gera ist echt laut. Ich wohn da seit Oktober",),
            (ME, "lives_in", "place:gera"),
            "2025-10-01",
        ),
        (
            (
                "this damp flat in Hull is killing me",
                "been living here since 2021 and nothing works",
            ),
            (ME, "lives_in", "place:hull"),
            "2021-01-01",
        ),
    ],
)
def test_the_home_said_again_by_there_or_here_takes_that_clauses_time(texts, fact, day):
    assert _dated(*texts)[fact] == day


def test_someone_else_living_there_does_not_date_the_speakers_home():
    dated = _dated("I live in Leeds", "my brother has been living there since 2019")
    assert dated[(ME, "lives_in", "place:leeds")] == THURSDAY.date().isoformat()
