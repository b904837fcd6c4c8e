"""A model for the LLM curator that replays fixed answers: for each turn of the transcript
slice whose text contains a key, the operations written for it, citing that turn."""

from __future__ import annotations

import json
from collections.abc import Callable

from pydantic_ai.messages import ModelResponse, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel


def op(operation: str, **fields) -> dict:
    """An operation as a careful model writes it (provenance filled in per turn)."""
    return {"op": operation, **fields}


def _cite(template: dict, turn: dict) -> dict:
    by_user = turn["role"] == "user"
    return {
        "confidence": 0.9,
        "source": "user:chat" if by_user else f"{turn['role']}:chat",
        "memory_type": "user_assertion" if by_user else "observed_state",
        "trust_tier": "trusted",  # what a model says about trust does not count
        "valid_from": turn["occurred_at"],
        "evidence": {
            "kind": "conversation_quote" if by_user else "tool_result",
            "text": turn["text"][:200],
            "ref": f"source_message:{turn['message_id']}",
        },
        **template,
    }


def scripted_model(answers: dict[str, list[dict]], prompts: list[str] | None = None):
    """A ``FunctionModel`` answering each window with the operations of its turns."""

    def answer(messages, info: AgentInfo) -> ModelResponse:
        prompt = messages[-1].parts[-1].content
        if prompts is not None:
            prompts.append(prompt)
        operations = [
            _cite(template, turn)
            for turn in json.loads(prompt)["transcript_slice"]
            for key, templates in answers.items()
            if key in turn["text"]
            for template in templates
        ]
        return ModelResponse(
            parts=[ToolCallPart(info.output_tools[0].name, {"operations": operations})]
        )

    return FunctionModel(answer)


def use_scripted(settings, monkeypatch, answers: dict[str, list[dict]]) -> list[str]:
    """Make the configured curator the LLM curator on ``scripted_model(answers)``."""
    from curator import llm

    settings.GD_CURATOR, settings.GD_CURATOR_MODEL = "llm", "function"
    prompts: list[str] = []
    model: Callable = lambda: scripted_model(answers, prompts)  # noqa: E731
    monkeypatch.setattr(llm, "model_from_settings", model)
    return prompts
