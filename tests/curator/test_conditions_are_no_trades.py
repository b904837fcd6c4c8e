"""A condition said after being signed off sick ("bin krankgeschrieben, ischias") is read
as the condition, never as the speaker's job. The sentences here are not those of the
evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts

ME = "person:me"


@pytest.mark.parametrize(
    "text",
    [
        "bin seit donnerstag krankgeschrieben, ischias 😣",
        "ich bin diese woche krankgeschrieben, bandscheibenvorfall an der hws",
        "bin seit gestern krankgeschrieben, gastritis",
    ],
)
def test_a_condition_after_sick_leave_is_no_job(text):
    assert not {v for s, p, v in facts(text) if s == ME and p == "works_as"}


def test_a_job_is_still_a_job():
    assert (ME, "works_as", "Krankenpflegerin") in facts("ich bin Krankenpflegerin")
