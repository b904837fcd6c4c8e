"""Jobs said the way people mention them in passing: by what they drive ("i drive the night
bus for the ttc"), as a German compound whose last word is the trade ("schiffskoch",
"Hochzeitsplanerin"), with "the" ("im the sexton at St Peter's"), and dated by a later
"I started here on …"; and what is no job: "funny thing is i cook for 300 kids", "Paul
spielt im TSV, Training ist dienstags", "ich bin Hobbykoch"."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from curator.rules import Known, RuleCurator, Turn

WINTER = datetime(2026, 2, 16, 9, 0, tzinfo=timezone(timedelta(hours=1)))
ME = "person:me"


def _ops(*texts: str) -> list[dict]:
    turns = [
        Turn(id=f"j{i}", role="user", text=text, occurred_at=WINTER + timedelta(minutes=i))
        for i, text in enumerate(texts)
    ]
    return RuleCurator().propose(turns, Known())


def _facts(*texts: str) -> set[tuple[str, str, str]]:
    return {
        (op["subject_ref"], op["predicate"], str(op.get("object_value") or op.get("object_ref")))
        for op in _ops(*texts)
        if op["op"] in ("assert_fact", "assert_relationship")
    }


def _jobs(*texts: str) -> dict[str, str]:
    return {s: v for s, p, v in _facts(*texts) if p == "works_as"}


@pytest.mark.parametrize(
    ("text", "subject", "job"),
    [
        ("i drive the night bus for the ttc, shifts are 11pm to 7am", ME, "night bus driver"),
        ("hi so i drive the mobile library for Mayo County Council", ME, "mobile library driver"),
        (
            "live with my fella Steve. Steve drives a taxi, nights mostly.",
            "person:steve",
            "taxi driver",
        ),
        ("i drive a van for DPD", ME, "van driver"),
    ],
)
def test_a_job_said_by_what_one_drives(text, subject, job):
    assert _jobs(text).get(subject) == job


@pytest.mark.parametrize(
    "text",
    ["i drive a truck, a ford f150", "I'll drive the bus to the match", "my dad drives a tractor"],
)
def test_driving_ones_own_vehicle_or_somewhere_is_no_job(text):
    assert _jobs(text) == {}


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("ich bin schiffskoch auf nem forschungsschiff", "schiffskoch"),
        ("ich bin gebärdensprachdolmetscherin", "Gebärdensprachdolmetscherin"),
        ("bin seit 2017 Hochzeitsplanerin in Düsseldorf", "Hochzeitsplanerin"),
        ("ich arbeite als Callcenter-Trainerin bei einer Krankenkasse", "Callcenter-Trainerin"),
        ("im a call centre trainer at an energy company", "call centre trainer"),
        ("im the sexton at St Peter's on Willis St in wellington", "sexton"),
    ],
)
def test_a_trade_the_lists_lack(text, job):
    assert _jobs(text).get(ME) == job


@pytest.mark.parametrize(
    "text",
    [
        "ich bin Hobbykoch",
        "Paul spielt Fußball im TSV, Training ist dienstags und donnerstags.",
    ],
)
def test_no_trade_is_read(text):
    assert ME not in _jobs(text)


def test_a_clause_after_a_copula_is_no_job():
    jobs = _jobs(
        "im the school cook at st brigid's primary and i start at 6.30",
        "funny thing is i cook for 300 kids",
    )
    assert jobs == {ME: "school cook"}


def test_a_german_subject_after_the_verb_is_no_part_of_the_job():
    assert _jobs("ich arbeite bei Bosch. seit 2019 bin ich Teamleiterin") == {ME: "Teamleiterin"}
    assert _jobs("mein Mann Tom ist toll. Seit 2020 ist er Lehrer.") == {"person:tom": "Lehrer"}


def test_the_day_one_started_here_dates_the_job_the_window_named():
    ops = _ops(
        "im the sexton at St Peter's on Willis St in wellington",
        "oh and I started here on the 1st of September 2019, they want me to do a little talk",
    )
    started = {
        op["predicate"]: op["valid_from"][:10]
        for op in ops
        if op.get("subject_ref") == ME and op.get("predicate") in ("works_as", "works_at")
    }
    assert started == {"works_as": "2019-09-01", "works_at": "2019-09-01"}


def test_a_job_said_as_left_is_not_dated_by_a_later_start():
    facts = _facts("I used to work at Tesco.", "I started here at Aldi in 2019")
    assert (ME, "works_at", "org:tesco") not in facts


def test_a_household_event_does_not_date_a_job_said_before_it():
    ops = _ops("my partner Dev is a chef, we moved in together last March.")
    job = next(op for op in ops if op.get("predicate") == "works_as")
    assert job["subject_ref"] == "person:dev"
    assert job["valid_from"].startswith("2026-02-16")


def test_a_role_applied_for_is_not_held():
    facts = _facts(
        "hey, ich schreib grad ne bewerbung als gebärdensprachdolmetscherin beim Landratsamt "
        "Ludwigslust-Parchim, kannst du nachher drüberlesen?"
    )
    assert not {f for f in facts if f[1] in ("works_as", "works_at")}


def test_the_job_pointed_back_to_is_dated_by_how_long():
    ops = _ops(
        "ich bin krematoriumstechniker im krematorium bielefeld.",
        "ich mach das seit 2019 vorher war ich heizungsbauer",
    )
    jobs = {
        op["object_value"]: op["valid_from"][:4] for op in ops if op.get("predicate") == "works_as"
    }
    assert jobs == {"krematoriumstechniker": "2019"}
    nurse = [
        op
        for op in _ops("I'm a nurse.", "been doing it for 6 years")
        if op.get("predicate") == "works_as"
    ]
    assert [op["valid_from"][:4] for op in nurse] == ["2020"]
