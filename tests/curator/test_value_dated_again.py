"""A value said first without a time and later in the same window with its start ("ich bin
die Marlies aus Neuss … seit 2004 wohnen wir hier in Neuss") holds from that start; the
undated first mention does not hide it."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import ops_of


def _since(ops: list[dict], predicate: str, value: str) -> list[str]:
    return [
        (op.get("valid_from") or "")[:10]
        for op in ops
        if op.get("predicate") == predicate
        and (op.get("object_value") or op.get("object_ref")) == value
    ]


@pytest.mark.parametrize(
    ("turns", "predicate", "value", "since"),
    [
        (
            ("moin, Hauke aus Husum hier.", "seit 2011 wohn ich jetzt schon in Husum"),
            "lives_in",
            "place:husum",
            "2011-01-01",
        ),
        (
            ("i'm a paramedic", "been a paramedic since 2015 actually, best job ever"),
            "works_as",
            "paramedic",
            "2015-01-01",
        ),
    ],
)
def test_a_value_said_again_with_its_start_holds_from_it(turns, predicate, value, since):
    assert _since(ops_of(*turns), predicate, value) == [since]
