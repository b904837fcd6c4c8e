"""An introduction names the speaker and then, after a comma, what they do: "ich bin Verena,
geologin beim Landesamt". The item after the name is the job, in lower case too, and the
name is never taken for one."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts

ME = "person:me"


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("hallo, ich bin Sabine, zahnärztin, und hab ne eigene Praxis in Celle", "zahnärztin"),
        ("ich bin Henrik, 47, elektriker beim Netzbetreiber", "elektriker"),
        ("hey im marcus, a plumber in Swindon", "plumber"),
        ("I'm Leah, 29, paramedic, mostly nights", "paramedic"),
        ("ich bin Ole, tischler mit eigener Werkstatt", "tischler"),
        ("hi i'm dan, software developer at a startup", "software developer"),
    ],
)  # fmt: skip
def test_the_item_after_the_speakers_name_is_their_job(text, job):
    jobs = {f[2] for f in facts(text) if f[:2] == (ME, "works_as")}
    assert jobs == {job}


@pytest.mark.parametrize(
    "text",
    [
        "ich bin Tanja, 35, und wohne in Kiel",
        "hi I'm Jonas, nice to meet you",
        "ich bin Lea, mutter von zwei kindern",
    ],
)
def test_an_item_that_names_no_job_gives_none(text):
    assert not [f for f in facts(text) if f[1] == "works_as"]


def test_a_job_before_a_comma_is_no_name():
    assert ("person:jule", "works_as", "tierärztin") in facts(
        "meine cousine jule is seit april tierärztin, prüfung endlich bestanden"
    )


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("kurz zu mir: ich bin 44, Schreinerin, wohne in Olpe", "Schreinerin"),
        ("i'm 31, paramedic, on nights this month", "paramedic"),
        ("bin 52, dachdecker, seit 30 jahren auf dem bau", "dachdecker"),
    ],
)
def test_the_item_after_the_speakers_age_is_their_job(text, job):
    jobs = {f[2] for f in facts(text) if f[:2] == (ME, "works_as")}
    assert jobs == {job}


@pytest.mark.parametrize(
    "text",
    [
        "ich bin 40, verheiratet, zwei Kinder",
        "i'm 29, single, no kids",
        "ich bin 36, Mama von Zwillingen",
    ],
)
def test_an_item_after_the_age_that_names_no_job_gives_none(text):
    assert not [f for f in facts(text) if f[1] == "works_as"]
