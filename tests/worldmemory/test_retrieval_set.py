"""The retrieval evaluation set is well formed: every conversation and question file present."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[2] / "worldmemory/benchmarks/retrieval_data"
CATEGORIES = {"single", "multi_hop", "temporal", "cross_lingual", "paraphrase", "no_answer"}
CONVERSATIONS = sorted((DATA / "conversations").glob("*.json"))
QUESTIONS = sorted((DATA / "questions").glob("*.jsonl"))


def _conversation(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _questions(path: Path) -> list[dict]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def _timestamp(value: str) -> datetime:
    moment = datetime.fromisoformat(value)
    assert moment.tzinfo is not None, f"{value} has no offset"
    return moment


def test_the_set_is_there():
    assert CONVERSATIONS
    assert {p.stem for p in QUESTIONS} == {p.stem for p in CONVERSATIONS}


@pytest.mark.parametrize("path", CONVERSATIONS, ids=lambda p: p.stem)
def test_conversation(path):
    conversation = _conversation(path)
    assert conversation["id"] == path.stem
    assert conversation["split"] in {"dev", "holdout"}
    assert conversation["lang"] in {"de", "en", "mixed"}
    sessions = conversation["sessions"]
    turns = [t for s in sessions for t in s["turns"]]
    session_ids = [s["id"] for s in sessions]
    turn_ids = [t["id"] for t in turns]
    assert len(set(session_ids)) == len(session_ids)
    assert len(set(turn_ids)) == len(turn_ids)
    for session in sessions:
        _timestamp(session["started_at"])
        assert all(t["id"].startswith(session["id"] + "-") for t in session["turns"])
    for turn in turns:
        assert turn["role"] in {"user", "assistant"}
        assert turn["speaker"] and turn["text"].strip()
        _timestamp(turn["occurred_at"])
    moments = [_timestamp(t["occurred_at"]) for t in turns]
    assert len(turns) >= 300
    assert len(sessions) >= 8
    assert (max(moments) - min(moments)).days >= 120


@pytest.mark.parametrize("path", QUESTIONS, ids=lambda p: p.stem)
def test_questions(path):
    conversation = _conversation(DATA / "conversations" / f"{path.stem}.json")
    turns = {t["id"]: t for s in conversation["sessions"] for t in s["turns"]}
    last_turn = max(_timestamp(t["occurred_at"]) for t in turns.values())
    questions = _questions(path)
    ids = [q["id"] for q in questions]
    assert len(set(ids)) == len(ids)
    assert len(questions) >= 85
    for question in questions:
        assert question["conversation"] == conversation["id"], question["id"]
        assert question["category"] in CATEGORIES, question["id"]
        assert question["lang"] in {"de", "en"}, question["id"]
        assert question["question"].strip(), question["id"]
        asked = _timestamp(question["asked_at"])
        evidence = question["evidence"]
        assert len(set(evidence)) == len(evidence), question["id"]
        assert set(evidence) <= set(turns), (question["id"], set(evidence) - set(turns))
        if question["category"] == "no_answer":
            assert evidence == [] and question["answer"] is None, question["id"]
        else:
            assert evidence, question["id"]
            assert asked > max(_timestamp(turns[e]["occurred_at"]) for e in evidence)
        if question["category"] == "multi_hop":
            assert len(evidence) >= 2, question["id"]
        if question["category"] != "temporal":
            assert asked > last_turn, question["id"]


def test_ids_are_unique_across_the_set():
    turn_ids = [
        t["id"]
        for path in CONVERSATIONS
        for s in _conversation(path)["sessions"]
        for t in s["turns"]
    ]
    question_ids = [q["id"] for path in QUESTIONS for q in _questions(path)]
    assert len(set(turn_ids)) == len(turn_ids)
    assert len(set(question_ids)) == len(question_ids)
