"""What the chat agent calls around a run: the context block, remember/recall, the digest."""

from __future__ import annotations

from typing import Annotated, Any

from django.http import HttpRequest
from ninja import Field, Router, Schema

from worldmemory import shims
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


class RememberIn(Schema):
    text: Annotated[CleanStr, Field(min_length=1, max_length=4000)]


class RememberOut(Schema):
    decision: str
    reason: str
    ids: dict[str, Any]


class TextOut(Schema):
    text: str
    data: dict[str, Any]


@router.post("/remember", response={200: RememberOut, 422: dict})
def remember(request: HttpRequest, body: RememberIn):
    """Remember a note (it becomes a ``note`` fact of ``person:me``)."""
    return shims.remember(scope=request.auth, text=body.text)


@router.get("/recall", response={200: TextOut, 422: dict})
def recall(request: HttpRequest, query: Annotated[CleanStr, Field(min_length=1, max_length=2000)]):
    """Notes and facts matching the query."""
    return shims.recall(scope=request.auth, query=query)


@router.get("/review/digest", response={200: TextOut})
def review_digest(request: HttpRequest):
    """One bundled review message for the main chat (pending, merge suggestions, conflicts)."""
    return shims.review_digest(scope=request.auth)
