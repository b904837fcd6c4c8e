"""The source layer over HTTP: ingest, sessions, search and the owner's deletion."""

from __future__ import annotations

from typing import Annotated, Any, Literal
from uuid import UUID

from django.http import HttpRequest
from ninja import Field, Query, Router, Schema, Status

from curator.synchronous import curate_now
from worldmemory import sources
from worldmemory.api.tools import parse_moment
from worldmemory.contracts import CleanDict, CleanJson, CleanStr, Moment
from worldmemory.intake import turns_accept
from worldmemory.models import TrustTier

router = Router(tags=["sources"])

Id = Annotated[CleanStr, Field(min_length=1, max_length=300)]


class SessionIn(Schema):
    external_id: Id
    title: Annotated[CleanStr, Field(max_length=500)] = ""
    started_at: Moment | None = None
    channel: Annotated[CleanStr, Field(max_length=100)] = ""


class MessageIn(Schema):
    session_external_id: Id
    external_id: Id
    role: Literal["user", "assistant", "tool", "document", "system"]
    speaker: Annotated[CleanStr, Field(max_length=200)] = ""
    text: Annotated[CleanStr, Field(max_length=100_000)]
    occurred_at: Moment
    tool_calls: CleanJson | None = None
    trust_tier: TrustTier | None = Field(
        None,
        description="Not given: untrusted for a tool or document turn unless its integration "
        "is registered as trusted; trusted otherwise.",
    )
    metadata: CleanDict | None = None
    integration: Annotated[CleanStr, Field(min_length=1, max_length=50)] | None = Field(
        None,
        description="The domain of the owner's integration the turn came from; its trust "
        "tier caps the turn's.",
    )


class BatchIn(Schema):
    messages: list[MessageIn]
    sessions: list[SessionIn] = []
    curate: Literal["debounced", "now"] = Field(
        "debounced",
        description='"now": curate the batch\'s chats before answering (no debounce); the '
        "answer then carries what was curated and the correction notices.",
    )


class StoredOut(Schema):
    id: str
    external_id: str
    version: int
    stored: bool


class CurationOut(Schema):
    chat_id: str
    status: Literal["curated", "deferred"]
    committed: int = 0
    pending: int = 0
    rejected: int = 0
    duplicate: int = 0
    reason: str = ""


class NoticeOut(Schema):
    chat_id: str
    kind: Literal["change", "correction"]
    language: str
    text: str


class BatchOut(Schema):
    messages: list[StoredOut]
    curation: list[CurationOut] = []
    notices: list[NoticeOut] = []


class DeleteIn(Schema):
    reason: Annotated[CleanStr, Field(min_length=1, max_length=2000)]


class DeleteOut(Schema):
    tombstone_id: str | None
    flagged: int
    already_deleted: bool


class Hit(Schema):
    id: str
    external_id: str
    session_external_id: str
    occurred_at: Any
    speaker: str
    score: float
    snippet: str
    text: str


@router.post("/sources/messages", response={200: BatchOut, 413: dict, 422: dict})
def ingest(request: HttpRequest, batch: BatchIn):
    """Store dialogue turns; sending the same batch again stores nothing and answers the same
    ids. A changed text under the same ids becomes a new version.

    A tool or document turn without ``trust_tier`` is untrusted unless ``integration`` names
    one of the owner's integrations registered as trusted (an integration caps the tier at
    its own; an unknown one is a 422). The curator reads the turns after its debounce;
    ``"curate": "now"`` curates the batch's chats before answering and carries what was
    curated and any correction notices (then they are not repeated in the context block)."""
    if len(batch.messages) > sources.MAX_BATCH:
        detail = f"at most {sources.MAX_BATCH} messages per request"
        return Status(413, {"detail": detail, "limit": sources.MAX_BATCH})
    ingested = turns_accept(
        scope=request.auth,
        messages=[sources.IncomingMessage(**m.dict()) for m in batch.messages],
        sessions=[sources.IncomingSession(**s.dict()) for s in batch.sessions],
    )
    if batch.curate != "now":
        return {"messages": ingested.answers}
    curated = curate_now(
        scope=request.auth,
        chat_ids=[m.session_external_id for m in batch.messages],
        delivered_by="ingest",
    )
    return {
        "messages": ingested.answers,
        "curation": curated.summary(),
        "notices": curated.notices,
    }


@router.delete("/sources/messages/{message_id}", response={200: DeleteOut, 404: dict, 422: dict})
def delete_message(request: HttpRequest, message_id: UUID, body: DeleteIn):
    """Delete a message's text (an audited tombstone stays); what cited it goes to review."""
    return sources.message_delete(
        scope=request.auth,
        message_id=message_id,
        actor=f"user:{request.auth.owner_sub}",
        reason=body.reason,
    )


@router.get("/sources/sessions/{external_id}", response={200: dict, 404: dict})
def session(request: HttpRequest, external_id: Id):
    """A session's messages in order."""
    return sources.session_messages(scope=request.auth, external_id=external_id)


@router.get("/sources/search", response={200: list[Hit], 422: dict})
def search(
    request: HttpRequest,
    q: Annotated[CleanStr, Field(min_length=1, max_length=2000)],
    k: Annotated[int, Field(ge=1, le=100)] = 10,
    session: Id | None = None,
    speaker: Annotated[CleanStr, Field(max_length=200)] | None = None,
    since: CleanStr | None = Query(None, alias="from"),
    until: CleanStr | None = Query(None, alias="to"),
):
    """Messages ranked by full-text relevance, with a snippet and the whole text."""
    return sources.sources_search(
        scope=request.auth,
        query=q,
        k=k,
        session=session,
        speaker=speaker,
        since=parse_moment(since, name="from") if since else None,
        until=parse_moment(until, name="to") if until else None,
    )
