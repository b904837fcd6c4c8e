"""The source layer over HTTP: ingest, sessions, search and the owner's deletion."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal
from uuid import UUID

from django.http import HttpRequest
from ninja import Field, Query, Router, Schema, Status
from pydantic import model_validator

from curator.synchronous import curate_now
from worldmemory import sources
from worldmemory.api.schemas import BODY, OptionalMomentParam, answers
from worldmemory.contracts import CleanDict, CleanJson, CleanStr, Moment, SpokenMoment
from worldmemory.intake import turns_accept
from worldmemory.models import TrustTier
from worldmemory.moments import parse_moment
from worldmemory.reads.types import NoticeOut, Out

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
    occurred_at: SpokenMoment
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

    @model_validator(mode="after")
    def _says_something(self) -> MessageIn:
        # only a turn that calls tools may have no words: an empty message is a client's slip
        if not self.text.strip() and not self.tool_calls:
            raise ValueError("text is empty: a message needs words unless it calls tools")
        return self


class BatchIn(Schema):
    messages: list[MessageIn]
    sessions: list[SessionIn] = []
    curate: Literal["debounced", "now"] = Field(
        "debounced",
        description='"now": curate the batch\'s chats before answering (no debounce); the '
        "answer then carries what was curated and the correction notices.",
    )


class StoredOut(Out):
    id: str = Field(description="The stored message's id.")
    external_id: str = Field(description="The message's external id.")
    version: int = Field(description="Its version (a changed text is a new version).")
    stored: bool = Field(description="Whether this request stored it (false: already known).")


class CurationOut(Out):
    chat_id: str = Field(description="The chat that was curated (or will be).")
    status: Literal["curated", "deferred"] = Field(
        description="curated: done now; deferred: the worker curates it after its debounce."
    )
    committed: int = Field(0, description="Operations committed.")
    pending: int = Field(0, description="Operations waiting in the review queue.")
    rejected: int = Field(0, description="Operations the validator refused.")
    duplicate: int = Field(0, description="Operations that changed nothing.")
    reason: str = Field("", description="Why it was deferred.")


class BatchOut(Out):
    messages: list[StoredOut] = Field(description="Per message, in the order sent.")
    curation: list[CurationOut] = Field(
        [], description='With "curate": "now": what curating each chat did.'
    )
    notices: list[NoticeOut] = Field(
        [], description="Correction notices of the chats curated now (said once)."
    )


class DeleteIn(Schema):
    reason: Annotated[CleanStr, Field(min_length=1, max_length=2000)]


class DeleteOut(Out):
    tombstone_id: str | None = Field(description="The audited tombstone (null if deleted before).")
    flagged: int = Field(description="How many things citing it went to review.")
    already_deleted: bool = Field(description="Whether it had been deleted before.")


class Hit(Out):
    id: str = Field(description="The message's id.")
    external_id: str = Field(description="The message's external id.")
    session_external_id: str = Field(description="Its session.")
    occurred_at: datetime = Field(description="When it was said.")
    speaker: str = Field(description="Who spoke.")
    score: float = Field(description="Relevance.")
    snippet: str = Field(description="The matching part.")
    text: str = Field(description="The whole text.")


class SessionInfoOut(Out):
    external_id: str = Field(description="The session's external id.")
    title: str = Field(description="Its title.")
    channel: str = Field(description="Its channel.")
    started_at: datetime | None = Field(description="When it started.")


class SessionMessageOut(Out):
    id: str = Field(description="The message's id.")
    external_id: str = Field(description="The message's external id.")
    session_external_id: str = Field(description="Its session.")
    version: int = Field(description="The latest version.")
    role: str = Field(description="user, assistant, tool or system.")
    speaker: str = Field(description="Who spoke.")
    text: str = Field(description="The text (empty when deleted).")
    occurred_at: datetime = Field(description="When it was said.")
    trust_tier: str = Field(description="How far it is trusted.")
    deleted: bool = Field(description="Whether the owner deleted it.")


class SessionOut(Out):
    session: SessionInfoOut = Field(description="The session.")
    messages: list[SessionMessageOut] = Field(description="The latest version of each, in order.")


@router.post("/sources/messages", response=answers(BatchOut, *BODY))
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


@router.delete("/sources/messages/{message_id}", response=answers(DeleteOut, 404, *BODY))
def delete_message(request: HttpRequest, message_id: UUID, body: DeleteIn):
    """Delete a message's text (an audited tombstone stays); what cited it goes to review."""
    return sources.message_delete(
        scope=request.auth,
        message_id=message_id,
        actor=f"user:{request.auth.owner_sub}",
        reason=body.reason,
    )


@router.get("/sources/sessions/{external_id}", response=answers(SessionOut, 404, 422))
def session(request: HttpRequest, external_id: Id):
    """A session's messages in order."""
    return sources.session_messages(scope=request.auth, external_id=external_id)


@router.get("/sources/search", response=answers(list[Hit], 422))
def search(
    request: HttpRequest,
    q: Annotated[CleanStr, Field(min_length=1, max_length=2000)],
    k: Annotated[int, Field(ge=1, le=100)] = 10,
    session: Id | None = None,
    speaker: Annotated[CleanStr, Field(max_length=200)] | None = None,
    since: OptionalMomentParam | None = Query(None, alias="from"),
    until: OptionalMomentParam | None = Query(None, alias="to"),
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
