"""The rule-based curator tells a correction ("war nie so") from a change ("ab …")."""

from __future__ import annotations

import pytest
from django.utils import timezone

from curator.rules import Known, RuleCurator, Turn


def feeding_ops(text: str, role: str = "user") -> list[dict]:
    turn = Turn(id="m1", role=role, text=text, occurred_at=timezone.now())
    ops = RuleCurator().propose([turn], Known(aliases={"luna": "pet:luna"}))
    return [op for op in ops if op.get("predicate", "").startswith("feeding_time")]


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


@pytest.mark.parametrize(
    "text", ["Seit Montag bekommt Luna um 18 Uhr Futter", "Luna bekommt um 18 Uhr Futter"]
)
def test_a_change_or_a_plain_statement_is_an_assertion(text):
    (op,) = feeding_ops(text)
    assert op["memory_type"] == "user_assertion"


def test_only_the_user_corrects():
    (op,) = feeding_ops("Eigentlich bekommt Luna um 18 Uhr Futter", role="assistant")
    assert op["memory_type"] != "correction"
