"""Where one studies and what, said the way students say it ("I study at Leeds University,
second year of law", "ich studiere an der Uni Köln, Jura im 3. Semester", "I'm at Leeds uni
doing law"); a relative's verb with its "-s" is no name ("my son studies at Exeter"); and the
dislike of a relative named by kin alone ("my husband hates mushrooms")."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from curator.rules import Known, RuleCurator, Turn

AUTUMN = datetime(2026, 10, 12, 18, 0, tzinfo=timezone(timedelta(hours=2)))
ME = "person:me"


def _facts(*texts: str) -> set[tuple[str, str, str]]:
    turns = [
        Turn(id=f"s{i}", role="user", text=text, occurred_at=AUTUMN + timedelta(minutes=i))
        for i, text in enumerate(texts)
    ]
    return {
        (op["subject_ref"], op["predicate"], str(op.get("object_value") or op.get("object_ref")))
        for op in RuleCurator().propose(turns, Known())
        if op["op"] in ("assert_fact", "assert_relationship")
    }


@pytest.mark.parametrize(
    ("text", "school", "field"),
    [
        ("I study at Leeds University, second year of law.", "org:leeds-university", "law"),
        ("ich studiere an der Uni Köln, Jura im 3. Semester", "org:uni-koln", "Jura"),
        ("I'm at Leeds uni doing law", "org:leeds-uni", "law"),
        ("I'm at Durham University, final year of history", "org:durham-university", "history"),
    ],
)
def test_the_school_after_the_verb_and_the_field_after_the_school(text, school, field):
    facts = _facts(text)
    assert (ME, "studies_at", school) in facts
    assert (ME, "studies", field) in facts
    assert not {f for f in facts if f[1] == "works_at"}


def test_a_school_named_alone_after_study_at():
    facts = _facts("ich studier an der TU München")
    assert (ME, "studies_at", "org:tu-munchen") in facts
    assert not {f for f in facts if f[1] == "studies"}


def test_a_relatives_verb_with_its_s_is_no_name():
    facts = _facts("my son studies at Exeter")
    assert ("person:son", "relation_to_user", "son") in facts
    assert ("person:son", "studies_at", "org:exeter") in facts
    assert ("person:sister", "relation_to_user", "sister") in _facts(
        "my sister studies medicine in graz"
    )
    # a name ending in "s" stays a name
    assert ("person:james", "relation_to_user", "son") in _facts("my son james lives in york")


def test_a_town_in_lower_case_after_studying_in_is_where_not_what():
    facts = _facts("meine tochter studiert in wien")
    assert ("person:tochter", "lives_in", "place:wien") in facts
    assert not {f for f in facts if f[1] == "studies"}
    # a field in lower case after "in" stays the field
    assert ("person:oona", "studies", "marine biology") in _facts(
        "my friend Oona is doing her PhD in marine biology"
    )


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("my husband hates mushrooms", ("person:husband", "dislikes", "mushrooms")),
        ("Meine Frau mag keinen Fisch.", ("person:frau", "dislikes", "Fisch")),
        ("my mum can't stand dogs", ("person:mum", "dislikes", "dogs")),
    ],
)
def test_a_relative_named_by_kin_alone_dislikes_things(text, fact):
    facts = _facts(text)
    assert fact in facts
    assert not {f for f in facts if f[0] == ME and f[1] == "dislikes"}


def test_a_degree_done_in_a_named_place_is_done_at_its_school():
    facts = _facts("the other one, Ciara, is doing a phd in trinity.")
    assert ("person:ciara", "studies_at", "org:trinity") in facts
    assert not {f for f in facts if f[1] in ("lives_in", "studies")}
