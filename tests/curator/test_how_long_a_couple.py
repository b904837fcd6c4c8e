"""How long a couple has been one ("wir sind seit 2001 verheiratet", "we got married in June")
dates the spouse or partner the window names, also when the name was said in a sentence
before; it never dates the job or home said beside it, and a wish or a denial dates nothing.
A double name written in lower case is a name in each of its parts ("Hans-Peter")."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from curator.rules import Known, RuleCurator, Turn

SUMMER = datetime(2026, 7, 16, 10, 0, tzinfo=timezone(timedelta(hours=2)))


def _facts(*texts: str) -> dict[tuple[str, str], tuple[str, str]]:
    turns = [
        Turn(id=f"c{i}", role="user", text=text, occurred_at=SUMMER + timedelta(minutes=i))
        for i, text in enumerate(texts)
    ]
    return {
        (op["subject_ref"], op["predicate"]): (
            str(op.get("object_value") or op.get("object_ref")),
            op["valid_from"][:10],
        )
        for op in RuleCurator().propose(turns, Known())
        if op["op"] in ("assert_fact", "assert_relationship")
    }


@pytest.mark.parametrize(
    ("texts", "who", "relation", "since"),
    [
        (
            ["Mein Mann heißt Hans-Peter. Wir sind seit 2001 verheiratet."],
            "person:hans-peter",
            "husband",
            "2001-01-01",
        ),
        (
            ["My wife is called Claire.", "We've been married since 2010."],
            "person:claire",
            "wife",
            "2010-01-01",
        ),
        (
            ["Meine Freundin Kübra wohnt in Essen. Wir sind seit März zusammen."],
            "person:kubra",
            "partner",
            "2026-03-01",
        ),
        # marrying makes the partner the spouse
        (
            ["My boyfriend Sam is a nurse. We got married in June."],
            "person:sam",
            "husband",
            "2026-06-01",
        ),
        (
            ["Meine Verlobte Anna. Wir haben im Mai geheiratet."],
            "person:anna",
            "wife",
            "2026-05-01",
        ),
    ],
)
def test_the_couples_time_dates_the_partner_named_before(texts, who, relation, since):
    assert _facts(*texts)[(who, "relation_to_user")] == (relation, since)


@pytest.mark.parametrize(
    "text",
    [
        "My girlfriend Jo is lovely, but we're not married.",
        "Meine Freundin Jo. Wenn wir 2027 heiraten würden, wäre das schön.",
        "My girlfriend Jo. We were together in 2019.",
    ],
)
def test_a_denied_wished_or_past_couple_dates_nothing(text):
    assert _facts(text)[("person:jo", "relation_to_user")] == ("partner", "2026-07-16")


@pytest.mark.parametrize(
    ("text", "who", "job", "relation", "married"),
    [
        (
            "mein mann hans-peter ist heizungsbauer, wir sind seit 2001 verheiratet",
            "person:hans-peter",
            "heizungsbauer",
            "husband",
            "2001-01-01",
        ),
        (
            "My wife Claire is a teacher, we've been married since 2010.",
            "person:claire",
            "teacher",
            "wife",
            "2010-01-01",
        ),
    ],
)
def test_the_time_of_the_marriage_does_not_date_the_job_beside_it(
    text, who, job, relation, married
):
    facts = _facts(text)
    assert facts[(who, "relation_to_user")] == (relation, married)
    assert facts[(who, "works_as")] == (job, "2026-07-16")


def test_the_time_of_a_clause_still_reaches_the_next_one_when_it_is_no_marriage():
    facts = _facts("Ich wohne seit 2019 in Köln und arbeite bei Ford.")
    assert facts[("person:me", "works_at")] == ("org:ford", "2019-01-01")


def test_a_double_name_in_lower_case_is_capitalised_in_each_part():
    turn = Turn(
        id="n0", role="user", text="mein mann hans-peter ist heizungsbauer", occurred_at=SUMMER
    )
    [entity] = [op for op in RuleCurator().propose([turn], Known()) if op["op"] == "upsert_entity"]
    assert entity["canonical_name"] == "Hans-Peter"


def test_a_grandchilds_wedding_does_not_date_the_kinship():
    facts = _facts("My granddaughter Emily is getting married on 14 September, I must buy a hat!")
    assert facts[("person:emily", "relation_to_user")] == ("granddaughter", "2026-07-16")
