"""What the chat agent calls around a run: the context block, remember/recall, the digest."""

from __future__ import annotations

from typing import Annotated, Literal

from django.http import HttpRequest
from ninja import Field, Router, Schema
from pydantic import JsonValue

from worldmemory import shims
from worldmemory.api.schemas import BODY, answers
from worldmemory.context import build_context
from worldmemory.contracts import CleanStr
from worldmemory.reads.types import ContextData, DigestData, Out, RecallData, ToolAnswer

router = Router(tags=["agent"])


class ContextOut(Out):
    """The context block: text for the prompt, the same as data, and how long it took."""

    text: str = Field(description="The block to put into the prompt.")
    data: ContextData = Field(description="What the block was built from.")
    elapsed_ms: float = Field(description="Milliseconds spent building it.")
    error: str | None = Field(None, description="Why the block is empty, if it failed.")


@router.get("/context", response=answers(ContextOut, 422))
def context(
    request: HttpRequest,
    message: Annotated[CleanStr, Field(max_length=20_000)] = "",
    chat_id: Annotated[CleanStr, Field(max_length=200)] | None = None,
    budget_tokens: Annotated[int, Field(ge=50, le=20_000)] = 1500,
    scope: Annotated[CleanStr, Field(max_length=1000)] = "",
    lang: Literal["auto", "de", "en"] = "auto",
    style: Literal["agent", "person"] = "agent",
):
    """The "Known World State" block for the next run (no LLM, no embedding).

    ``scope`` is a comma-separated list of refs, most specific first
    (for example ``repo:home-agent,person:me``). By default (``style=agent``) the block is
    the English markdown agents are prompted with (refs, predicate keys, ISO times);
    ``style=person`` words it in the person's language (``lang=auto``: the owner's preferred
    language, else the message's, else the site's; or ``de``/``en``) with names, labels and
    since when each value holds."""
    scope_refs = tuple(ref.strip() for ref in scope.split(",") if ref.strip())
    return build_context(
        scope=request.auth,
        message=message,
        chat_id=chat_id,
        budget_tokens=budget_tokens,
        scope_refs=scope_refs,
        language=None if style == "agent" else lang,
    )


class RememberIn(Schema):
    text: Annotated[CleanStr, Field(min_length=1, max_length=4000)]


class RememberOut(Out):
    decision: str = Field(description="committed, duplicate, pending, rejected, …")
    reason: str = Field(description="Why it was decided so.")
    ids: dict[str, JsonValue] = Field(description="Ids of the rows written.")


@router.post("/remember", response=answers(RememberOut, *BODY))
def remember(request: HttpRequest, body: RememberIn):
    """Remember a note (it becomes a ``note`` fact of ``person:me``)."""
    return shims.remember(scope=request.auth, text=body.text)


@router.get("/recall", response=answers(ToolAnswer[RecallData], 422))
def recall(request: HttpRequest, query: Annotated[CleanStr, Field(min_length=1, max_length=2000)]):
    """Notes and facts matching the query."""
    return shims.recall(scope=request.auth, query=query)


@router.get("/review/digest", response=answers(ToolAnswer[DigestData]))
def review_digest(request: HttpRequest):
    """One bundled review message for the main chat (pending, merge suggestions, conflicts)."""
    return shims.review_digest(scope=request.auth)
