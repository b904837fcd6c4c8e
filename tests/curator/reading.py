"""What the rule curator asserts from a few plain user turns, for tests that read sentences."""

from __future__ import annotations

from datetime import datetime

from curator.rules import Known, RuleCurator, Turn
from tests.curator.test_extract import facts

AT = "2026-03-10T19:00:00+01:00"


def asserted_triples(*texts: str, at: str = AT) -> set[tuple]:
    """``(subject, predicate, value or object ref)`` of every fact and relationship the
    curator proposes from ``texts``, said one after the other at ``at``."""
    turns = [
        Turn(id=f"m{n}", role="user", text=text, occurred_at=datetime.fromisoformat(at))
        for n, text in enumerate(texts)
    ]
    return {
        (o["subject_ref"], o["predicate"], o.get("object_value") or o.get("object_ref"))
        for o in RuleCurator().propose(turns, Known())
        if o["op"] in ("assert_fact", "assert_relationship")
    }


def my_routines(*texts: str) -> set[str]:
    """The routines the curator proposes for the speaker from ``texts``."""
    return {
        value for subject, p, value in facts(*texts) if subject == "person:me" and p == "routine"
    }


def my_tasks(*texts: str) -> dict[str, dict[str, str]]:
    """Each task the curator proposes from ``texts``: its ref → predicate → value."""
    out: dict[str, dict[str, str]] = {}
    for subject, predicate, value in asserted_triples(*texts):
        if subject.startswith("task:"):
            out.setdefault(subject, {})[predicate] = value
    return out
