"""The LLM curator: pydantic-ai with the curator context as the prompt and the
proposal's operations as structured output. The envelope of the proposal (run id,
chat, times) is the system's, never the model's. Secrets are scrubbed from the
context; every call writes a usage row; over its hourly token budget an owner's
curation is deferred, never the chat."""

from __future__ import annotations

import json
import os
import urllib.request
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.db.models import Q, Sum
from django.utils import timezone
from pydantic import BaseModel, ConfigDict

from curator.rules import Known, Turn
from curator.scrub import scrub
from worldmemory.contracts import MemoryMutationOp
from worldmemory.models import (
    ResolvedEntityKind,
    ResolvedRelationType,
    Suppression,
    Usage,
)
from worldmemory.tenancy import OwnerScope

PROMPT = (Path(__file__).parent / "prompts" / "curator.md").read_text()
SLICE_TURNS = 20  # turns sent in full; older uncurated turns are summarised
SUMMARY_CHARS = 2000
PREDICATES_SHOWN = 300


class CuratorOutput(BaseModel):
    model_config = ConfigDict(frozen=True)

    operations: tuple[MemoryMutationOp, ...] = ()


class OverBudget(Exception):
    """The owner's curator budget for the hour is spent; try again later."""


OUTPUT_MODES = ("tool", "native", "prompted")


def model_from_settings():
    """The pydantic-ai model the settings name. With ``GD_CURATOR_URL`` it is the model
    ``GD_CURATOR_MODEL`` of that OpenAI-compatible server (Ollama, llama.cpp's server, vLLM,
    a hosted API), with ``GD_CURATOR_API_KEY`` (else ``OPENAI_API_KEY``; a local server
    takes any); without it ``GD_CURATOR_MODEL`` is a pydantic-ai model name such as
    ``openai:gpt-4o-mini``, whose provider reads its own environment."""
    name = settings.GD_CURATOR_MODEL
    if not settings.GD_CURATOR_URL:
        from pydantic_ai.models import infer_model

        return infer_model(name)
    from pydantic_ai.models.openai import OpenAIChatModel
    from pydantic_ai.providers.openai import OpenAIProvider

    key = settings.GD_CURATOR_API_KEY or os.environ.get("OPENAI_API_KEY") or "none"
    provider = OpenAIProvider(base_url=settings.GD_CURATOR_URL, api_key=key)
    return OpenAIChatModel(name.removeprefix("openai:"), provider=provider)


def model_problem() -> str | None:
    """Why the LLM curator cannot run as configured, in one sentence (``None``: it can).
    Only the configuration and, for a server, whether it answers; no model is asked."""
    if not settings.GD_CURATOR_MODEL:
        return (
            "The LLM curator has no endpoint: set GD_CURATOR_MODEL (and GD_CURATOR_URL for an "
            "OpenAI-compatible server such as Ollama or llama.cpp's) — see README, settings."
        )
    if settings.GD_CURATOR_OUTPUT not in OUTPUT_MODES:
        return f"GD_CURATOR_OUTPUT must be one of {', '.join(OUTPUT_MODES)}."
    try:
        model_from_settings()
    except Exception as error:  # a missing key or an unknown provider, as pydantic-ai says it
        first = str(error).split(". ")[0].rstrip(".")
        return f"The LLM curator's model {settings.GD_CURATOR_MODEL!r} cannot be used: {first}."
    if settings.GD_CURATOR_URL:
        url = settings.GD_CURATOR_URL.rstrip("/") + "/models"  # every such server lists them
        try:
            with urllib.request.urlopen(
                urllib.request.Request(url, headers=_auth_header()), timeout=5
            ):
                pass
        except (OSError, ValueError) as error:  # refused, unknown host, 4xx/5xx, bad URL
            return f"Nothing usable answers at GD_CURATOR_URL ({url}): {error}."
    return None


def _auth_header() -> dict[str, str]:
    key = settings.GD_CURATOR_API_KEY or os.environ.get("OPENAI_API_KEY")
    return {"Authorization": f"Bearer {key}"} if key else {}


def _output_type():
    """Structured output as the endpoint can give it: ``tool`` (function calling, the
    default), ``native`` (a JSON schema response format) or ``prompted`` (the schema in the
    prompt, for servers that support neither)."""
    from pydantic_ai import NativeOutput, PromptedOutput

    mode = settings.GD_CURATOR_OUTPUT
    if mode == "native":
        return NativeOutput(CuratorOutput)
    if mode == "prompted":
        return PromptedOutput(CuratorOutput)
    return CuratorOutput


def tokens_this_hour(scope: OwnerScope) -> int:
    since = timezone.now() - timedelta(hours=1)
    totals = Usage.objects.filter(
        owner_sub=scope.owner_sub, kind="curator", occurred_at__gte=since
    ).aggregate(i=Sum("tokens_in"), o=Sum("tokens_out"))
    return (totals["i"] or 0) + (totals["o"] or 0)


def curator_context(scope: OwnerScope, turns: list[Turn], known: Known, chat_id: str) -> str:
    """Appendix E: the uncurated slice, known entities with their facts, the owner profile,
    the registry subset for those kinds, and suppressions; scrubbed."""
    kinds = sorted({ref.split(":", 1)[0] for ref in known.aliases.values()} | {"person"})
    predicates = sorted({f["predicate"] for f in known.facts})
    older, recent = turns[:-SLICE_TURNS], turns[-SLICE_TURNS:]
    summary = " / ".join(f"{t.role}: {t.text[:120]}" for t in older)
    context = {
        "chat_id": chat_id,
        "earlier_turns_summary": summary[:SUMMARY_CHARS],
        "transcript_slice": [
            {
                "message_id": t.id,
                "role": t.role,
                "trust_tier": t.trust_tier,
                "occurred_at": t.occurred_at.isoformat(),
                "text": t.text,
                "tool_calls": t.tool_calls,
            }
            for t in recent
        ],
        "known_entities": sorted(set(known.aliases.values())),
        "known_facts": [f for f in known.facts if f["subject_ref"] != "person:me"],
        "owner_profile": [f for f in known.facts if f["subject_ref"] == "person:me"],
        "registry_subset": {
            "kinds": list(
                ResolvedEntityKind.objects.filter(key__in=kinds).values("key", "description")
            ),
            # every predicate it may use (the known facts' and the loaded, unprivileged
            # vocabulary), so that a fact is written in the registry's words, not as a note
            "predicates": list(
                ResolvedRelationType.objects.filter(
                    Q(predicate__in=predicates) | Q(state="loaded", privileged=False)
                )
                .order_by("predicate")
                .values(
                    "predicate",
                    "cardinality",
                    "value_kind",
                    "subject_kinds",
                    "object_kinds",
                    "description",
                )[:PREDICATES_SHOWN]
            ),
        },
        "suppressions": list(
            Suppression.objects.filter(owner_sub=scope.owner_sub, lifted_at__isnull=True).values(
                "subject_ref", "predicate", "object_key"
            )[:50]
        ),
    }
    return scrub(json.dumps(context, ensure_ascii=False, default=str))


class LLMCurator:
    name = "llm"

    def __init__(self, model=None) -> None:
        from pydantic_ai import Agent

        self.model = model or model_from_settings()
        self.agent = Agent(
            self.model,
            output_type=_output_type(),
            instructions=PROMPT,
            model_settings={"timeout": settings.GD_CURATOR_TIMEOUT_SECONDS},
        )

    def propose(
        self, turns: list[Turn], known: Known, *, scope: OwnerScope, chat_id: str, run_id: str
    ) -> list[dict]:
        budget = settings.GD_CURATOR_TOKENS_PER_HOUR
        if tokens_this_hour(scope) >= budget:
            raise OverBudget(f"{scope.owner_sub} used its {budget} curator tokens this hour")
        result = self.agent.run_sync(curator_context(scope, turns, known, chat_id))
        usage = result.usage
        Usage.objects.create(
            owner_sub=scope.owner_sub,
            org_id=scope.org_id,
            kind="curator",
            model=str(getattr(self.model, "model_name", self.model)),
            run_id=run_id,
            tokens_in=usage.input_tokens or 0,
            tokens_out=usage.output_tokens or 0,
        )
        return [op.model_dump(mode="json") for op in result.output.operations]
