"""What the chat agent calls around a run: the context block, remember/recall, the digest."""

from __future__ import annotations

from typing import Annotated, Any

from django.http import HttpRequest
from ninja import Field, Router, Schema

from worldmemory.context import build_context
from worldmemory.contracts import CleanStr

router = Router(tags=["agent"])


class ContextOut(Schema):
    text: str
    data: dict[str, Any]
    elapsed_ms: float
    error: str | None = None


@router.get("/context", response={200: ContextOut, 422: dict})
def context(
    request: HttpRequest,
    message: Annotated[CleanStr, Field(max_length=20_000)] = "",
    chat_id: Annotated[CleanStr, Field(max_length=200)] | None = None,
    budget_tokens: Annotated[int, Field(ge=50, le=20_000)] = 1500,
    scope: Annotated[CleanStr, Field(max_length=1000)] = "",
):
    """The "Known World State" block for the next run (no LLM, no embedding).

    ``scope`` is a comma-separated list of refs, most specific first
    (for example ``repo:home-agent,person:me``)."""
    scope_refs = tuple(ref.strip() for ref in scope.split(",") if ref.strip())
    return build_context(
        scope=request.auth,
        message=message,
        chat_id=chat_id,
        budget_tokens=budget_tokens,
        scope_refs=scope_refs,
    )
