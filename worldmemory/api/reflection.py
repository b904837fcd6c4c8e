"""The reflection layer over HTTP: objects, promotion, threads, recall and re-grounding.

Thin: each operation parses its input and calls one service of ``worldmemory.reflection``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal
from uuid import UUID

from django.http import HttpRequest
from ninja import Field, Router, Schema

from worldmemory.api.schemas import ToolOut
from worldmemory.api.tools import parse_moment
from worldmemory.contracts import CleanStr, Day
from worldmemory.reflection import consolidation, continuity, promotion, recall, selectors, threads
from worldmemory.reflection import reground as reground_service
from worldmemory.reflection.promotion import owner_message

router = Router(tags=["reflection"])

ERRORS = {404: dict, 409: dict, 422: dict}
Ref = Annotated[CleanStr, Field(min_length=1, max_length=300)]
Name = Annotated[CleanStr, Field(min_length=1, max_length=300)]
Trigger = Annotated[CleanStr, Field(min_length=1, max_length=2000)]
LISTED = {
    "threads": "thread",
    "spaces": "reflection_space",
    "questions": "open_question",
    "experiences": "experience",
    "insights": "insight",
    "anchors": "resurfacing_anchor",
    "summaries": "session_summary",
}


class ExperienceIn(Schema):
    message_id: UUID
    statement: Annotated[CleanStr, Field(min_length=1, max_length=2000)] | None = None
    periods: list[Ref] = []
    spaces: list[Ref] = []
    threads: list[Ref] = []


class MessageIn(Schema):
    message_id: UUID


class PlaceIn(Schema):
    message_id: UUID
    topic: Name
    space: Ref | None = None


class SpaceIn(Schema):
    name: Name
    message_id: UUID | None = None


class StateIn(Schema):
    state: Annotated[CleanStr, Field(min_length=1, max_length=50)]
    trigger: Trigger
    message_id: UUID | None = None


class QuestionIn(Schema):
    message_id: UUID
    question: Annotated[CleanStr, Field(min_length=1, max_length=2000)]
    thread: Ref | None = None
    space: Ref | None = None


class QuestionStateIn(Schema):
    state: Literal["open", "answered", "dropped"]
    trigger: Trigger
    message_id: UUID | None = None


class AnchorIn(Schema):
    target: Ref
    due: Day | None = None
    condition: Annotated[CleanStr, Field(max_length=500)] | None = None
    message_id: UUID | None = None


def _message(request: HttpRequest, message_id: UUID | None):
    return owner_message(scope=request.auth, message_id=message_id) if message_id else None


@router.get("/reflection/{listing}", response={200: list[dict[str, Any]], 404: dict, 422: dict})
def reflection_list(
    request: HttpRequest,
    listing: Literal[
        "threads", "spaces", "questions", "experiences", "insights", "anchors", "summaries"
    ],
    state: Annotated[CleanStr, Field(max_length=50)] | None = None,
):
    """Reflection objects of one kind with their current state (``state`` filters)."""
    return selectors.reflection_list(scope=request.auth, kind=LISTED[listing], state=state)


@router.get("/reflection/objects/{ref}", response={200: dict[str, Any], **ERRORS})
def reflection_detail(
    request: HttpRequest,
    ref: Ref,
    valid_time: CleanStr | None = None,
    system_time: CleanStr | None = None,
):
    """One object: state, state history, links both ways, linked experiences and sources.

    Now by default; ``valid_time`` reads the state and links as they held then (as
    believed now), ``system_time`` as the agent knew them then (about ``valid_time``,
    default the same moment)."""
    known = parse_moment(system_time, name="system_time") if system_time else None
    valid = parse_moment(valid_time, name="valid_time") if valid_time else known
    return selectors.reflection_detail(
        scope=request.auth, ref=ref, valid_time=valid, system_time=known
    )


@router.post("/reflection/experiences/record", response={200: dict[str, Any], **ERRORS})
def experience_record(request: HttpRequest, body: ExperienceIn):
    """An experience from one of the owner's messages, with its signals and links."""
    return promotion.experience_record(
        scope=request.auth,
        message_id=body.message_id,
        statement=body.statement,
        periods=tuple(body.periods),
        spaces=tuple(body.spaces),
        threads=tuple(body.threads),
    )


@router.post("/reflection/objects/{ref}/significance", response={200: dict[str, Any], **ERRORS})
def significance_mark(request: HttpRequest, ref: Ref, body: MessageIn):
    """The owner's explicit word on significance; it overrides any score."""
    return promotion.significance_user_mark(scope=request.auth, ref=ref, message_id=body.message_id)


@router.post("/reflection/spaces/resolve", response={200: dict[str, Any], **ERRORS})
def space_resolve(request: HttpRequest, body: SpaceIn):
    """The space of that name, created only if none exists."""
    ref, created = threads.space_resolve(
        scope=request.auth, name=body.name, message=_message(request, body.message_id)
    )
    return {"ref": ref, "created": created}


@router.post("/reflection/threads/place", response={200: dict[str, Any], **ERRORS})
def thread_place(request: HttpRequest, body: PlaceIn):
    """Enrich the thread a statement continues, or start a thread candidate."""
    return threads.thread_place(
        scope=request.auth, message_id=body.message_id, topic=body.topic, space_ref=body.space
    )


@router.post("/reflection/threads/{ref}/state", response={200: dict[str, Any], **ERRORS})
def thread_state(request: HttpRequest, ref: Ref, body: StateIn):
    """Change a thread's state (with its trigger); an unchanged state answers ``changed: false``."""
    changed = threads.thread_state_change(
        scope=request.auth,
        ref=ref,
        state=body.state,
        trigger=body.trigger,
        message=_message(request, body.message_id),
    )
    return {"changed": changed is not None, **(changed or {})}


@router.post("/reflection/questions/open", response={200: dict[str, Any], **ERRORS})
def question_open(request: HttpRequest, body: QuestionIn):
    return threads.question_open(
        scope=request.auth,
        message_id=body.message_id,
        question=body.question,
        thread_ref=body.thread,
        space_ref=body.space,
    )


@router.post("/reflection/questions/{ref}/state", response={200: dict[str, Any], **ERRORS})
def question_state(request: HttpRequest, ref: Ref, body: QuestionStateIn):
    changed = threads.question_close(
        scope=request.auth,
        ref=ref,
        state=body.state,
        trigger=body.trigger,
        message=_message(request, body.message_id),
    )
    return {"changed": changed is not None, **(changed or {})}


@router.post("/reflection/anchors/set", response={200: dict[str, Any], **ERRORS})
def anchor_set(request: HttpRequest, body: AnchorIn):
    """A resurfacing anchor: a day and/or a condition at which the target comes back."""
    return threads.anchor_set(
        scope=request.auth,
        target_ref=body.target,
        due=body.due,
        condition=body.condition,
        message=_message(request, body.message_id),
    )


@router.get("/tools/recall_sources", response={200: ToolOut, 422: dict})
def recall_sources(
    request: HttpRequest,
    query: Annotated[CleanStr, Field(min_length=1, max_length=2000)],
    now: CleanStr | None = None,
    k: Annotated[int, Field(ge=1, le=100)] = 20,
):
    """The original passages a question about the past points at ("am 19. August",
    "last week"), with their session and time — never summaries. ``now`` anchors relative
    expressions (default: the present)."""
    moment = parse_moment(now, name="now") if now else None
    return recall.sources_recall(scope=request.auth, query=query, now=moment, k=k)


@router.get("/tools/reground", response={200: ToolOut, **ERRORS})
def reground(request: HttpRequest, ref: Ref):
    """The original source passages behind a derived object (insight, summary, experience)."""
    return reground_service.reground(scope=request.auth, ref=ref)


@router.post("/reflection/objects/{ref}/drift_check", response={200: dict[str, Any], **ERRORS})
def drift_check(request: HttpRequest, ref: Ref):
    """Flag the object for review if its sources now contradict it (or clear the flag)."""
    return reground_service.drift_check(scope=request.auth, ref=ref)


class ConsolidateIn(Schema):
    period_type: Annotated[CleanStr, Field(min_length=1, max_length=50)] = "holiday"


@router.post("/reflection/consolidation/run", response={200: list[dict[str, Any]], **ERRORS})
def consolidate(request: HttpRequest, body: ConsolidateIn):
    """Run the rule-based consolidation now; insights arrive as review items."""
    return consolidation.consolidation_run(scope=request.auth, period_type=body.period_type)


@router.post("/sources/sessions/{external_id}/close", response={200: dict[str, Any], **ERRORS})
def session_close(request: HttpRequest, external_id: Name):
    """The session-end checkpoint: writes only what actually changed."""
    return continuity.session_close(scope=request.auth, external_id=external_id)


@router.get("/reflection/sessions/{external_id}/state", response={200: dict[str, Any], **ERRORS})
def working_state(request: HttpRequest, external_id: Name):
    """The session's working state: spaces, threads, questions, summary, fidelity."""
    return continuity.working_state_data(scope=request.auth, chat_id=external_id)
