"""``gd_bench retrieval``: the harness loads a conversation once, asks every method and
scores it; the arithmetic of recall@k, the multi-hop share and MRR."""

from __future__ import annotations

import json

import pytest

from tests.conftest import BOTH_DATABASES
from worldmemory import embedding
from worldmemory.benchmarks import retrieval
from worldmemory.benchmarks.retrieval import Outcome, Question
from worldmemory.models import ApiToken, SourceMessage
from worldmemory.tenancy import owner_scope

TURNS = {
    "t1-s01": [
        ("user", "Our cat Luna sees Dr Brandt at the vet"),
        ("assistant", "Noted."),
        ("user", "My sister Steffi lives in Rostock"),
    ],
    "t1-s02": [
        ("user", "Steffi married Ben in May"),
        ("assistant", "Congratulations to them!"),
        ("user", "The boiler was serviced in March"),
    ],
}
QUESTIONS = [
    ("single", "Luna vet Brandt", ["t1-s01-t001"]),
    # the first turn is found, the assistant's answer shares no word with the question
    ("multi_hop", "Steffi married whom", ["t1-s02-t001", "t1-s02-t002"]),
    ("temporal", "When was the boiler serviced", ["t1-s02-t003"]),
    # both turns match one word each; the shorter one about Rostock ranks first
    ("single", "cat Rostock", ["t1-s01-t001"]),
    ("no_answer", "zebra giraffe", []),
]


def _write_set(root) -> None:
    sessions = [
        {
            "id": session_id,
            "title": session_id,
            "started_at": f"2026-0{index}-10T19:00:00+01:00",
            "turns": [
                {
                    "id": f"{session_id}-t{number:03d}",
                    "role": role,
                    "speaker": role,
                    "text": text,
                    "occurred_at": f"2026-0{index}-10T19:0{number}:00+01:00",
                }
                for number, (role, text) in enumerate(turns, start=1)
            ],
        }
        for index, (session_id, turns) in enumerate(TURNS.items(), start=1)
    ]
    conversation = {"id": "t1", "lang": "en", "split": "dev", "owner": "test", "sessions": sessions}
    (root / "conversations").mkdir()
    (root / "questions").mkdir()
    (root / "conversations" / "t1.json").write_text(json.dumps(conversation))
    lines = [
        json.dumps(
            {
                "id": f"t1-q{number:03d}",
                "conversation": "t1",
                "category": category,
                "lang": "en",
                "question": text,
                "asked_at": "2026-03-01T10:00:00+01:00",
                "evidence": evidence,
                "answer": None,
            }
        )
        for number, (category, text, evidence) in enumerate(QUESTIONS, start=1)
    ]
    (root / "questions" / "t1.jsonl").write_text("\n".join(lines) + "\n")


@pytest.fixture
def no_embedder(settings):
    settings.GD_EMBEDDER = "none"
    embedding.configured_embedder.cache_clear()
    yield
    embedding.configured_embedder.cache_clear()


def _question(category: str, evidence: list[str]) -> Question:
    return Question(
        id="q",
        conversation="c",
        category=category,
        lang="en",
        text="?",
        asked_at=None,
        evidence=tuple(evidence),
    )


def test_recall_counts_any_turn_for_one_turn_questions_and_the_share_for_multi_hop():
    ranked = ["a", "b", "c", "d", "e", "f", "g"]
    assert retrieval.recall_at(ranked=ranked, evidence=["f"], k=5, multi_hop=False) == 0.0
    assert retrieval.recall_at(ranked=ranked, evidence=["f"], k=10, multi_hop=False) == 1.0
    assert retrieval.recall_at(ranked=ranked, evidence=["f", "b"], k=5, multi_hop=False) == 1.0
    three = ["b", "f", "x"]
    assert retrieval.recall_at(ranked=ranked, evidence=three, k=5, multi_hop=True) == 1 / 3
    assert retrieval.recall_at(ranked=ranked, evidence=three, k=10, multi_hop=True) == 2 / 3
    assert retrieval.reciprocal_rank(ranked=ranked, evidence=["x", "c", "f"]) == 1 / 3
    assert retrieval.reciprocal_rank(ranked=ranked, evidence=["x"]) == 0.0


def test_summary_keeps_no_answer_questions_out_of_recall():
    outcomes = [
        Outcome(_question("single", ["a"]), ("b", "a")),
        Outcome(_question("multi_hop", ["a", "z"]), ("a",)),
        Outcome(_question("no_answer", []), ()),
        Outcome(_question("no_answer", []), ("a",)),
    ]
    summary = retrieval.summarise(outcomes=outcomes)
    assert summary.questions == 4
    assert summary.recall_5 == pytest.approx((1 + 0.5) / 2)
    assert summary.mrr == pytest.approx((0.5 + 1) / 2)
    assert summary.no_answer_accuracy == 0.5


def test_bm25_ranks_rare_terms_and_short_turns_first():
    bm25 = retrieval.Bm25(
        documents=[("long", "the cat and the dog and the bird"), ("short", "the cat"), ("x", "a")]
    )
    assert bm25.ranked("Cat?") == ["short", "long"]
    assert bm25.ranked("zebra") == []
    fused = retrieval.rrf_fuse(ranked_lists=[["a", "b"], ["b", "c"]])
    assert fused == ["b", "a", "c"]


@pytest.mark.django_db(databases=BOTH_DATABASES)
def test_the_harness_loads_once_asks_every_question_and_scores_it(tmp_path, no_embedder):
    _write_set(tmp_path)
    (tmp_path / "off_topic.txt").write_text("zebra giraffe\n\nsubmarine Cat\n", encoding="utf-8")
    lines: list[str] = []
    report = retrieval.run(
        split="dev", methods=["product", "bm25"], write=lines.append, data=tmp_path
    )
    with owner_scope("bench-ret-t1"):
        stored = SourceMessage.objects.filter(owner_sub="bench-ret-t1")
        assert sorted(stored.values_list("external_id", flat=True)) == [
            f"{s}-t{n:03d}" for s in TURNS for n in (1, 2, 3)
        ]
    assert any(line.startswith("bench-ret-t1: stored 6 turns") for line in lines)

    bm25 = {o.question.id: list(o.ranked) for o in report.outcomes["bm25"]}
    assert bm25["t1-q001"][0] == "t1-s01-t001"
    assert bm25["t1-q002"] == ["t1-s02-t001", "t1-s01-t003"]
    assert bm25["t1-q004"] == ["t1-s01-t003", "t1-s01-t001"]
    assert bm25["t1-q005"] == []
    asked = [o for o in report.outcomes["bm25"] if o.question.category != "off_topic"]
    overall = retrieval.summarise(outcomes=asked)
    assert overall.recall_5 == pytest.approx((1 + 0.5 + 1 + 1) / 4)
    assert overall.mrr == pytest.approx((1 + 1 + 1 + 0.5) / 4)
    assert overall.no_answer_accuracy == 1.0
    multi_hop = [o for o in report.outcomes["bm25"] if o.question.category == "multi_hop"]
    assert retrieval.summarise(outcomes=multi_hop).recall_10 == 0.5

    # the product's full-text search finds the one turn naming Luna; nothing for the zebra
    product = {o.question.id: list(o.ranked) for o in report.outcomes["product"]}
    assert product["t1-q001"] == ["t1-s01-t001"]
    assert product["t1-q005"] == []
    assert len(report.latencies_ms) == len(report.http_ms) == len(QUESTIONS)
    assert any(line.startswith("the same over HTTP, GET /api/v1/sources/search") for line in lines)
    with owner_scope("bench-ret-t1"):  # the API token lives only for the run
        assert not ApiToken.objects.filter(owner_sub="bench-ret-t1", revoked_at=None).exists()
    assert any(line.startswith("no_answer") and "acc  1.000" in line for line in lines)
    assert any(line.startswith("multi_hop") and "0.500" in line for line in lines)
    # the questions about nothing are asked of the owner, scored apart and not timed
    off_topic = [o for o in report.outcomes["bm25"] if o.question.category == "off_topic"]
    assert [(o.question.id, o.question.text) for o in off_topic] == [
        ("t1-x001", "zebra giraffe"),
        ("t1-x002", "submarine Cat"),
    ]
    assert [list(o.ranked) for o in off_topic] == [[], ["t1-s01-t001"]]
    assert any(line.startswith("about nothing") and "acc  0.500" in line for line in lines)
    assert any("5 questions and 2 about nothing" in line for line in lines)

    # a second run finds the messages and loads nothing
    again: list[str] = []
    retrieval.run(split="all", methods=["product"], write=again.append, data=tmp_path)
    assert not any("stored" in line for line in again)
    with owner_scope("bench-ret-t1"):
        assert SourceMessage.objects.filter(owner_sub="bench-ret-t1").count() == 6
    # the holdout split of this set is empty
    assert retrieval.run(
        split="holdout", methods=["bm25"], write=[].append, data=tmp_path
    ).outcomes == {"bm25": []}
