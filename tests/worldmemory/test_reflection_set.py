"""The reflection evaluation set is well formed: every id it names exists, every date parses.

The set (``worldmemory/benchmarks/reflection_data``) is read by ``gd_bench reflection`` to
score thread, experience and open-question candidates and session summaries. A reference to
a turn that does not exist would silently score as a miss, so every reference is checked
here, together with the shape the README documents. No database is needed.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[2] / "worldmemory/benchmarks/reflection_data"
FILES = sorted((DATA / "conversations").glob("*.json"))

SPLITS = {"dev", "holdout"}
LANGS = {"de", "en"}
THREAD_STATES = {"active", "open", "anchored", "dormant", "resolved", "reopened"}
SIGNIFICANCE = {"important", "unimportant", "unmarked"}
NOT_EXPERIENCE_REASONS = {"plan", "hypothetical", "other_person", "routine"}
GRANULARITY = {
    "day": re.compile(r"^\d{4}-\d{2}-\d{2}$"),
    "week": re.compile(r"^\d{4}-W\d{2}$"),
    "month": re.compile(r"^\d{4}-\d{2}$"),
    "year": re.compile(r"^\d{4}$"),
}


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _aware(value: str) -> datetime:
    moment = datetime.fromisoformat(value)
    assert moment.tzinfo is not None, f"{value} has no UTC offset"
    return moment


def _period_start(value: str, granularity: str) -> date:
    """First day of the period an experience date names, so it can be compared with sessions."""
    assert GRANULARITY[granularity].match(value), f"{value} is not a {granularity}"
    if granularity == "day":
        return date.fromisoformat(value)
    if granularity == "week":
        year, week = value.split("-W")
        return date.fromisocalendar(int(year), int(week), 1)
    if granularity == "month":
        return date.fromisoformat(f"{value}-01")
    return date(int(value), 1, 1)


def _turn_refs(expect: dict):
    """Every (where, turn id) pair the expectations point at."""
    for kind in ("threads", "not_threads"):
        for item in expect[kind]:
            for turn in item["turns"]:
                yield f"{kind}:{item.get('id', item.get('topic'))}", turn
    for item in expect["experiences"]:
        for turn in [item["turn"], *item.get("also_turns", [])]:
            yield f"experience:{item['id']}", turn
    for item in expect["not_experiences"]:
        yield "not_experience", item["turn"]
    for item in expect["open_questions"]:
        yield f"open_question:{item['id']}", item["turn"]
        for turn in [item["resolved_by"], *item.get("resolved_also_ok", [])]:
            if turn is not None:
                yield f"open_question:{item['id']}", turn
    for item in expect["not_open_questions"]:
        yield "not_open_question", item["turn"]
        yield "not_open_question", item["answered_by"]
    for session_id, summary in expect["summaries"].items():
        for decision in summary["decisions"]:
            yield f"summary:{session_id}", decision["turn"]
    for item in expect.get("insights", []):
        for turn in item["based_on_turns"]:
            yield f"insight:{item['id']}", turn


def test_the_set_has_eighteen_dev_and_three_holdout_conversations_per_language():
    docs = [_load(path) for path in FILES]
    counts = Counter((doc["lang"], doc["split"]) for doc in docs)
    expected = {("de", "dev"): 18, ("de", "holdout"): 3, ("en", "dev"): 18, ("en", "holdout"): 3}
    assert counts == expected
    ids = [doc["id"] for doc in docs]
    assert len(ids) == len(set(ids))
    assert {path.stem for path in FILES} == set(ids), "a file is named after its conversation id"


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_conversation_is_well_formed(path: Path):
    doc = _load(path)
    assert set(doc) >= {"id", "lang", "split", "owner", "sessions", "expect"}
    assert doc["lang"] in LANGS and doc["split"] in SPLITS
    speaker = doc["owner"]["speaker"]

    # Sessions and turns: unique ids, in time order, 6–15 sessions and 40–120 turns.
    sessions = doc["sessions"]
    assert 6 <= len(sessions) <= 15
    session_ids = [session["id"] for session in sessions]
    assert len(session_ids) == len(set(session_ids))
    turns: dict[str, dict] = {}
    session_of: dict[str, str] = {}
    last = None
    for session in sessions:
        started = _aware(session["started_at"])
        assert last is None or started > last, f"{session['id']} starts before the one before it"
        assert session["title"]
        for turn in session["turns"]:
            assert turn["id"] not in turns, f"turn id {turn['id']} twice"
            assert turn["role"] in {"user", "assistant"}
            assert turn["speaker"] == (speaker if turn["role"] == "user" else "assistant")
            assert turn["text"].strip()
            moment = _aware(turn["occurred_at"])
            assert moment >= started and (last is None or moment >= last)
            last = moment
            turns[turn["id"]] = turn
            session_of[turn["id"]] = session["id"]
    assert 40 <= len(turns) <= 120
    span = _aware(sessions[-1]["started_at"]) - _aware(sessions[0]["started_at"])
    assert timedelta(days=7) <= span <= timedelta(days=92)

    expect = doc["expect"]
    # Every referenced turn exists.
    for where, turn in _turn_refs(expect):
        assert turn in turns, f"{where} names turn {turn!r}, which is not in the conversation"

    # Expectation ids are unique across all kinds, and cross-references resolve.
    own_ids = [
        item["id"]
        for kind in ("threads", "experiences", "open_questions", "spaces", "insights")
        for item in expect.get(kind, [])
    ]
    assert len(own_ids) == len(set(own_ids)), "expectation ids are unique in a conversation"
    thread_ids = {item["id"] for item in expect["threads"]}
    experience_ids = {item["id"] for item in expect["experiences"]}
    space_ids = {item["id"] for item in expect["spaces"]}

    for thread in expect["threads"]:
        assert thread["keywords"] and thread["title"]
        assert thread["state_at_end"] in THREAD_STATES
        assert set(thread["state_also_ok"]) <= THREAD_STATES
        assert thread["space"] in space_ids
        assert thread["starts_in"] == session_of[thread["turns"][0]]
        assert len({session_of[turn] for turn in thread["turns"]}) >= 2, (
            f"thread {thread['id']} recurs across at least two sessions"
        )
    for item in expect["not_threads"]:
        assert item["topic"] and item["keywords"] and item["why"]

    for experience in expect["experiences"]:
        assert turns[experience["turn"]]["role"] == "user"
        assert experience["significance"] in SIGNIFICANCE
        assert experience["granularity"] in GRANULARITY
        happened = _period_start(experience["occurred"], experience["granularity"])
        told = _aware(turns[experience["turn"]]["occurred_at"]).date()
        assert happened <= told, f"{experience['id']} happened after it was told"
        assert experience["place"] and experience["keywords"] and experience["markers"]
    for item in expect["not_experiences"]:
        assert item["why"] in NOT_EXPERIENCE_REASONS
        assert item["turn"] not in {experience["turn"] for experience in expect["experiences"]}

    for question in expect["open_questions"]:
        assert turns[question["turn"]]["role"] == "user"
        assert question["text"] and question["keywords"]
        resolved = question["resolved_by"]
        if resolved is not None:
            assert session_of[resolved] != session_of[question["turn"]], (
                f"{question['id']} is answered in the session it was asked: not open"
            )
            assert _aware(turns[resolved]["occurred_at"]) > _aware(
                turns[question["turn"]]["occurred_at"]
            )
    for item in expect["not_open_questions"]:
        assert session_of[item["answered_by"]] == session_of[item["turn"]]

    for space in expect["spaces"]:
        assert space["name"] and space["keywords"]
        assert set(space["threads"]) <= thread_ids
        assert set(space["experiences"]) <= experience_ids

    # One summary expectation per session; what it must mention is in that session's text.
    assert set(expect["summaries"]) == set(session_ids)
    for session in sessions:
        text = " ".join(turn["text"] for turn in session["turns"]).casefold()
        summary = expect["summaries"][session["id"]]
        for name in summary["must_mention"]:
            assert name.casefold() in text, f"{session['id']}: {name!r} is not in the session"
        for decision in summary["decisions"]:
            assert session_of[decision["turn"]] == session["id"] and decision["text"]

    for insight in expect.get("insights", []):
        assert set(insight["based_on"]) <= experience_ids
        assert insight["statement"] and insight["keywords"]
    for item in expect.get("not_insights", []):
        assert item["statement"] and item["why"]


def test_scoring_names_what_was_missed_and_what_was_formed_unasked():
    from worldmemory.benchmarks.reflection_quality import Formed, conversation_score

    conversation = {
        "id": "xx01",
        "expect": {
            "threads": [
                {
                    "id": "th-chor",
                    "title": "Der Chor",
                    "keywords": ["Chor"],
                    "turns": ["s1-t01", "s2-t01"],
                    "state_at_end": "active",
                }
            ],
            "experiences": [],
            "open_questions": [],
            "spaces": [],
        },
    }
    formed = {
        "thread": [Formed("thread:topic-dienst", "Dienst", {"s1-t03", "s2-t03"}, "active")],
        "experience": [],
        "open_question": [],
        "reflection_space": [],
        "insight": [],
        "session_summary": [],
    }
    scores = conversation_score(conversation=conversation, formed=formed)
    assert scores["threads"].missed == ["th-chor 'Der Chor' s1-t01,s2-t01"]
    assert scores["threads"].spurious == ["'Dienst' s1-t03,s2-t03"]


def test_an_insight_counts_when_it_rests_on_two_of_its_turns_and_names_its_matter():
    from worldmemory.benchmarks.reflection_quality import (
        Formed,
        conversation_score,
        established_only,
    )

    sea = {
        "id": "in-meer",
        "statement": "Im Urlaub tut dir das Meer gut",
        "keywords": ["Meer", "Schwimmen"],
        "based_on": ["ex-a", "ex-b", "ex-c"],
        "based_on_turns": ["s1-t01", "s2-t01", "s3-t01"],
    }
    conversation = {
        "id": "xx02",
        "expect": {
            "threads": [],
            "experiences": [],
            "open_questions": [],
            "spaces": [],
            "insights": [sea],
        },
    }
    said = "In deinen bisherigen Urlauben kehrt „Meer“ wieder (2 Beobachtungen)."

    def insight(ref: str, turns: set[str], text: str, lifecycle: str) -> Formed:
        return Formed(ref, text[:20], turns, extra={"text": text}, lifecycle=lifecycle)

    formed = {
        "thread": [],
        "experience": [],
        "open_question": [],
        "reflection_space": [],
        "session_summary": [],
        "insight": [
            insight("insight:one-turn", {"s1-t01", "s9-t04"}, said, "established"),
            insight(
                "insight:other-matter", {"s1-t01", "s2-t01"}, "Berge kehren wieder.", "established"
            ),
            insight("insight:sea", {"s1-t01", "s2-t01"}, said, "candidate"),
        ],
    }
    scores = conversation_score(conversation=conversation, formed=formed)["insights"]
    assert (scores.matched, scores.candidates, scores.expected) == (1, 3, 1)
    assert scores.spurious == [
        f"{said[:20]!r} s1-t01,s9-t04",
        "'Berge kehren wieder.' s1-t01,s2-t01",
    ]
    # the one that matches is still a candidate: the established ones alone find nothing
    alone = conversation_score(conversation=conversation, formed=established_only(formed))
    assert (alone["insights"].matched, alone["insights"].candidates) == (0, 2)
