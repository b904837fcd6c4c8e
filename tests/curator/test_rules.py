"""The rule curator tells a correction ("war nie so") from a change ("ab …"): "eigentlich"
and "actually" correct only a value memory already believes."""

from __future__ import annotations

import uuid

import pytest
from django.utils import timezone

from curator.rules import Known, RuleCurator, Turn

BELIEVED = str(uuid.uuid4())


def feeding_ops(text: str, role: str = "user", *, believed: bool = True) -> list[dict]:
    turn = Turn(id="m1", role=role, text=text, occurred_at=timezone.now())
    facts = (
        [{"id": BELIEVED, "subject_ref": "pet:luna", "predicate": "feeding_time", "value": "19:00"}]
        if believed
        else []
    )
    ops = RuleCurator().propose([turn], Known(aliases={"luna": "pet:luna"}, facts=facts))
    return [op for op in ops if op.get("predicate") == "feeding_time"]


@pytest.mark.parametrize(
    "text",
    [
        "Eigentlich bekommt Luna um 18 Uhr Futter",
        "Nicht um 19 Uhr, sondern Luna bekommt um 18 Uhr Futter",
        "Actually Luna gets her food at 6 pm",
    ],
)
def test_a_correction_says_the_old_value_never_held(text):
    (op,) = feeding_ops(text)
    assert op["memory_type"] == "correction"
    assert op["corrects_fact_id"] == BELIEVED
    assert op["object_value"] == "18:00"


@pytest.mark.parametrize(
    "text", ["Seit Montag bekommt Luna um 18 Uhr Futter", "Luna bekommt um 18 Uhr Futter"]
)
def test_a_change_or_a_plain_statement_is_an_assertion(text):
    (op,) = feeding_ops(text)
    assert op["memory_type"] == "user_assertion"


def test_eigentlich_without_an_earlier_belief_is_a_plain_statement():
    (op,) = feeding_ops("Eigentlich bekommt Luna um 18 Uhr Futter", believed=False)
    assert op["memory_type"] == "user_assertion"


def test_only_the_user_is_read():
    assert feeding_ops("Eigentlich bekommt Luna um 18 Uhr Futter", role="assistant") == []
    assert feeding_ops("Luna bekommt um 18 Uhr Futter", role="tool") == []
