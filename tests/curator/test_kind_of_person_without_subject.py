"""What the speaker calls themself a person of is liked, also when chat drops the "I'm" /
"ich": "cat person through and through", "bin eher der Kaffeetyp". A negated label and a
person doing a job ("the delivery guy") say nothing of a taste."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts

ME = "person:me"


def _liked(*texts: str) -> set[str]:
    return {value for subject, p, value in facts(*texts) if subject == ME and p == "prefers"}


@pytest.mark.parametrize(
    ("text", "liked"),
    [
        ("never got the hype around coffee. tea person through and through", "tea"),
        ("definitely a dog person, cats scare me", "dog"),
        ("bin eher der Weintrinker, Bier schmeckt mir nicht", "Wein"),
        ("Ich trink selten Tee, bin halt der Kaffeetyp", "Kaffee"),
    ],
)
def test_a_self_label_without_its_subject_names_a_liked_thing(text, liked):
    assert liked in _liked(text)


@pytest.mark.parametrize(
    "text",
    [
        "the pizza guy rang twice",
        "I'm not a beach person",
        "bin kein Frühaufsteher-Typ",
        "the insurance person called back",
    ],
)
def test_a_person_doing_a_job_or_a_denied_label_is_no_taste(text):
    assert not _liked(text)
