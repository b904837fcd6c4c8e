"""A request to forget that names a person and what was said of them forgets that, not the
person: "scratch what I said about Sam finishing in Leeds" keeps that Sam is the partner."""

from __future__ import annotations

import pytest

from curator.rules import Known
from tests.curator.test_extract import ops_of

SAM = [
    {"id": "partner", "subject_ref": "person:sam", "predicate": "relation_to_user",
     "value": "partner", "object_ref": None},
    {"id": "town", "subject_ref": "person:sam", "predicate": "lives_in",
     "value": None, "object_ref": "place:leeds"},
    {"id": "job", "subject_ref": "person:sam", "predicate": "works_as",
     "value": "Lehrerin", "object_ref": None},
]  # fmt: skip
KNOWN = Known(aliases={"sam": "person:sam", "leeds": "place:leeds"}, facts=SAM)


def _forgotten(text: str) -> set[str]:
    ops = ops_of(text, known=KNOWN)
    return {op["target_fact_id"] for op in ops if op["op"] == "invalidate_fact"}


@pytest.mark.parametrize(
    ("text", "forgotten"),
    [
        ("actually scratch what I said about Sam finishing in Leeds, she got an extension",
         {"town"}),
        ("forget what I told you about Sam living in Leeds", {"town"}),
        ("vergiss das mit Sam in Leeds bitte", {"town"}),
        ("forget what I said about Sam being a Lehrerin", {"job"}),
        # nothing said of Sam matches the detail: nothing of hers is forgotten
        ("scratch what I said about Sam finishing her thesis", set()),
    ],
)  # fmt: skip
def test_a_detail_after_the_name_narrows_what_is_forgotten(text, forgotten):
    assert _forgotten(text) == forgotten


@pytest.mark.parametrize(
    "text",
    [
        "forget everything about Sam",
        "vergiss was ich über Sam gesagt hab",
        "please forget about Sam, we broke up",
    ],
)
def test_a_name_alone_or_beginning_a_list_forgets_the_person(text):
    assert {"partner", "town", "job"} <= _forgotten(text)


MORITZ = [
    {"id": "species", "subject_ref": "pet:moritz", "predicate": "species",
     "value": "cat", "object_ref": None},
    {"id": "feeding", "subject_ref": "pet:moritz", "predicate": "feeding_time",
     "value": "18:00", "object_ref": None},
    {"id": "owned", "subject_ref": "person:me", "predicate": "owns",
     "value": None, "object_ref": "pet:moritz"},
]  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "vergiss des mit dem futter vom moritz, des war a schmarrn",
        "forget what I said about feeding Moritz",
        "das mit Moritz' Fressen kannst du wieder streichen",
    ],
)
def test_forgetting_a_pets_feeding_keeps_the_pet(text):
    ops = ops_of(text, known=Known(aliases={"moritz": "pet:moritz"}, facts=MORITZ))
    assert {op["target_fact_id"] for op in ops if op["op"] == "invalidate_fact"} == {"feeding"}
