"""The practitioner a speaker names as theirs ("Mein Zahnarzt heißt Dr. Sommer") is a person
related to them by the role, and names a bare "Termin"/"appointment" of the sentence; a
practice said of someone else, without a name, or with a word that is no name is nothing."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts


@pytest.mark.parametrize(
    ("text", "person", "role"),
    [
        ("Meine Zahnärztin heißt Dr. Brandt.", "person:dr-brandt", "dentist"),
        ("Unser Tierarzt ist Dr. Olsen, total nett.", "person:dr-olsen", "vet"),
        ("my GP is Dr Okafor", "person:dr-okafor", "doctor"),
        ("our vet is called Hannah Reed", "person:hannah-reed", "vet"),
    ],
)
def test_a_named_practitioner_of_the_speaker_is_a_person_of_theirs(text, person, role):
    assert (person, "relation_to_user", role) in facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "Mein Hausarzt sagt, ich soll mehr trinken.",
        "my doctor is German",
        "Jonas' Zahnarzt heißt Dr. Brandt.",
        "my sister's dentist is Dr. Brandt",
    ],
)
def test_an_unnamed_or_someone_elses_practitioner_is_no_person_of_the_speakers(text):
    assert not [f for f in facts(text) if f[1] == "relation_to_user" and f[2] != "sister"]


@pytest.mark.parametrize(
    ("text", "task"),
    [
        (
            "Meine Zahnärztin heißt Dr. Brandt, mein Termin ist am 3. August.",
            "task:termin-bei-der-zahnarztin",
        ),
        ("Mein Hausarzt ist Dr. Vogt, der Termin ist am 3. August", "task:termin-beim-hausarzt"),
        ("My dentist is Dr. Brandt, my appointment is on August 3.", "task:dentist-appointment"),
    ],
)
def test_a_bare_appointment_is_named_by_the_practice_with_its_day(text, task):
    found = facts(text)
    assert (task, "due", "2026-08-03") in found
    assert (task, "status", "open") in found
