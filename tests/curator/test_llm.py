"""The LLM curator through pydantic-ai's function model: scrubbed context in, validated
operations out, usage recorded, and curation deferred over budget."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.utils import timezone
from pydantic_ai.messages import ModelResponse, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

from curator import llm, pipeline
from curator.models import CuratorQueue, CuratorState
from curator.pipeline import curate_due
from curator.scrub import scrub
from tests.conftest import BOTH_DATABASES
from tests.curator.test_pipeline import LATER, Chat
from worldmemory.models import Fact, Usage
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


@pytest.fixture
def seen(settings, monkeypatch):
    """Use the LLM curator with a function model that answers like a careful model would."""
    settings.GD_CURATOR, settings.GD_CURATOR_MODEL = "llm", "function"
    prompts: list[str] = []

    def answer(messages, info: AgentInfo) -> ModelResponse:
        prompt = messages[-1].parts[-1].content
        prompts.append(prompt)
        turn = json.loads(prompt)["transcript_slice"][-1]
        operations = [
            {
                "op": "assert_fact",
                "subject_ref": "person:me",
                "predicate": "preferred_language",
                "object_value": "de",
                "confidence": 0.8,
                "source": "user:chat",
                "memory_type": "user_assertion",
                "trust_tier": "trusted",
                "valid_from": turn["occurred_at"],
                "evidence": {
                    "kind": "conversation_quote",
                    "text": turn["text"][:50],
                    "ref": f"source_message:{turn['message_id']}",
                },
            }
        ]
        return ModelResponse(
            parts=[ToolCallPart(info.output_tools[0].name, {"operations": operations})]
        )

    monkeypatch.setattr(llm, "model_from_settings", lambda: FunctionModel(answer))
    return prompts


def test_llm_proposals_are_committed_and_usage_recorded(seen):
    chat = Chat()
    chat.say("Ab jetzt bitte auf Deutsch. Mein API key ist sk-abcdefghijklmnopqrstuvwx")
    assert curate_due(now=timezone.now() + LATER) == 1
    with owner_scope("alice"):
        fact = Fact.objects.get(predicate_id="preferred_language")
        assert fact.object_value == "de" and fact.superseded_at is None
        usage = Usage.objects.get()
        assert usage.kind == "curator" and usage.tokens_in > 0
        assert usage.run_id.startswith("curator:")
    assert "sk-abcdefghijklmnopqrstuvwx" not in seen[0] and "[redacted]" in seen[0]


def test_over_budget_defers_and_keeps_the_watermark(seen, settings):
    settings.GD_CURATOR_TOKENS_PER_HOUR = 10
    chat = Chat()
    with owner_scope("alice") as scope:
        Usage.objects.create(owner_sub=scope.owner_sub, kind="curator", tokens_in=50)
    chat.say("Ab jetzt bitte auf Deutsch")
    moment = timezone.now() + LATER
    assert curate_due(now=moment) == 0
    assert seen == []  # no model call
    assert CuratorQueue.objects.get().due_at >= moment + pipeline.DEFER_OVER_BUDGET
    with owner_scope("alice"):
        assert CuratorState.objects.get().watermark_message_id is None


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("token=ghp_abcdefghijklmnopqrstuvwxyz0123", "ghp_abcdefghijklmnopqrstuvwxyz0123"),
        ("mein Passwort ist hunter2", "hunter2"),
        ("AKIAABCDEFGHIJKLMNOP", "AKIAABCDEFGHIJKLMNOP"),
        ("Authorization: Bearer abcdefghijklmnopqrstuvwxyz", "abcdefghijklmnopqrstuvwxyz"),
    ],
)
def test_scrub_removes_secrets(text, secret):
    assert secret not in scrub(text)


def test_pipeline_window_timing_is_unchanged_by_the_curator_choice(seen):
    chat = Chat()
    chat.say("Ab jetzt bitte auf Deutsch")
    assert curate_due(now=timezone.now() + timedelta(seconds=5)) == 0
