"""The reflection layer over HTTP: objects, promotion, threads, recall and re-grounding.

Thin: each operation parses its input and calls one service of ``worldmemory.reflection``.
"""

from __future__ import annotations

from typing import Annotated, Literal
from uuid import UUID

from django.http import HttpRequest
from ninja import Field, Router, Schema
from pydantic import AfterValidator, JsonValue, WithJsonSchema
from pydantic_core import PydanticCustomError

from worldmemory.api.schemas import BODY, OptionalMomentParam, answers
from worldmemory.contracts import CleanStr, Day
from worldmemory.moments import parse_moment
from worldmemory.reads.types import (
    OpenOut,
    Out,
    RecallSourcesData,
    ReflectionDetailOut,
    ReflectionItemOut,
    RegroundData,
    ToolAnswer,
    WorkingStateOut,
)
from worldmemory.reflection import consolidation, continuity, promotion, recall, selectors, threads
from worldmemory.reflection import reground as reground_service
from worldmemory.reflection.promotion import owner_message
from worldmemory.reflection.threads import ANCHOR_STATES, QUESTION_STATES, THREAD_STATES

router = Router(tags=["reflection"])

Ref = Annotated[CleanStr, Field(min_length=1, max_length=300)]
Name = Annotated[CleanStr, Field(min_length=1, max_length=300)]
Trigger = Annotated[CleanStr, Field(min_length=1, max_length=2000)]
# every state a listed object can be in: a filter none can match is a mistake (422 naming
# them), not an empty list
ALL_STATES = tuple(
    dict.fromkeys((*THREAD_STATES, *QUESTION_STATES, *ANCHOR_STATES, *promotion.LIFECYCLE))
)


def _known_state(state: str) -> str:
    if state not in ALL_STATES:
        # pydantic's own shape for a value outside a Literal: type "enum", no "Value error,"
        raise PydanticCustomError(
            "enum",
            "Input should be one of: {expected}",
            {"expected": ", ".join(repr(s) for s in ALL_STATES)},
        )
    return state


StateFilter = Annotated[
    CleanStr,
    AfterValidator(_known_state),
    WithJsonSchema({"type": "string", "enum": list(ALL_STATES)}),
]
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


class MessageRefIn(Schema):
    message_id: UUID


class PlaceIn(Schema):
    message_id: UUID
    topic: Name
    space: Ref | None = None


class SpaceIn(Schema):
    name: Name
    message_id: UUID | None = None


class StateIn(Schema):
    # the service names the allowed states when refused; the schema lists them
    state: Annotated[CleanStr, WithJsonSchema({"type": "string", "enum": list(THREAD_STATES)})]
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
    """A day, a condition (with more than blanks), or both."""

    model_config = {
        "json_schema_extra": {
            "anyOf": [
                {"required": ["due"], "properties": {"due": {"type": "string"}}},
                {
                    "required": ["condition"],
                    "properties": {"condition": {"type": "string", "pattern": "\\S"}},
                },
            ]
        }
    }

    target: Ref
    due: Day | None = None
    condition: Annotated[CleanStr, Field(max_length=500)] | None = None
    message_id: UUID | None = None


class ExperienceOut(Out):
    ref: str = Field(description="The experience's ref.")
    state: str | None = Field(description="Its lifecycle state (candidate, established, …).")
    score: float = Field(description="Its significance score.")
    signals: list[str | None] = Field(description="The significance signals found.")
    user_word: JsonValue = Field(description="The owner's own word on its significance.")
    landmark: bool = Field(description="Whether it is a landmark.")
    source: str | None = Field(description="The evidence ref (the source message).")


class SignificanceOut(Out):
    ref: str = Field(description="The object's ref.")
    state: str | None = Field(description="Its lifecycle state now.")
    user_word: JsonValue = Field(description="The owner's word as understood.")


class SpaceOut(Out):
    ref: str = Field(description="The space's ref.")
    created: bool = Field(description="Whether it was created now.")


class StateChangeOut(Out):
    from_: str | None = Field(alias="from", description="The state before.")
    to: str = Field(description="The state now.")
    trigger: str = Field(description="What moved it.")

    model_config = {"populate_by_name": True, "serialize_by_alias": True}


class PlacedOut(Out):
    thread: str | None = Field(description="The thread enriched or started (null: ambiguous).")
    action: Literal["enriched", "created", "ambiguous"] = Field(description="What was done.")
    state_change: StateChangeOut | None = Field(None, description="A thread taken up again.")
    candidates: list[str] | None = Field(None, description="When ambiguous: the candidates.")
    space: str | None = Field(None, description="When ambiguous: the space noted in.")


class ChangedOut(Out):
    """A state change, or ``changed: false`` when the object was already there."""

    changed: bool = Field(description="Whether the state changed.")
    ref: str | None = Field(None, description="The object's ref.")
    from_: str | None = Field(None, alias="from", description="The state before.")
    to: str | None = Field(None, description="The state now.")
    trigger: str | None = Field(None, description="What moved it.")

    model_config = {"populate_by_name": True, "serialize_by_alias": True}


class QuestionOut(Out):
    question: str = Field(description="The question's ref.")
    created: bool = Field(description="Whether it was opened now (false: already open).")


class DueOut(Out):
    date: str | None = Field(description="The day it comes back (ISO), if any.")
    condition: str = Field(description="The condition it comes back at, if any.")


class AnchorOut(Out):
    anchor: str = Field(description="The anchor's ref.")
    target: str = Field(description="The object it brings back.")
    due: DueOut = Field(description="When it comes back.")


class DriftOut(Out):
    ref: str = Field(description="The object's ref.")
    state: Literal["ok", "flagged"] = Field(description="flagged: its sources contradict it.")
    reasons: list[str] = Field(description="Why it is flagged.")
    changed: bool = Field(description="Whether the verdict changed (and was written).")
    review_proposal_id: str | None = Field(None, description="The review item queued, if any.")


class InsightOut(Out):
    ref: str = Field(description="The insight's ref.")
    statement: str = Field(description="What it says.")
    confidence: float = Field(description="Its confidence.")
    evidence: list[str] = Field(description="The experiences it rests on.")
    proposal_id: str = Field(description="The proposal it was committed by.")
    decisions: list[str] = Field(description="What became of its operations.")


class SurfacedOut(Out):
    anchor: str = Field(description="The anchor's ref.")
    targets: list[str] = Field(description="What came back.")


class CheckpointChangeOut(Out):
    """One change of a session-end checkpoint: a summary, a surfaced anchor or a drift."""

    summary: str | None = Field(None, description="The session summary written.")
    messages: int | None = Field(None, description="Messages the summary covers.")
    anchor_surfaced: SurfacedOut | None = Field(None, description="An anchor that came up.")
    drift: DriftOut | None = Field(None, description="A derived object whose verdict changed.")


class SourceCountOut(Out):
    messages: int = Field(description="Messages of the session.")
    deleted: int = Field(description="Of them, deleted.")


class CheckpointOut(OpenOut):
    session: str = Field(description="The session's external id.")
    reason: str = Field(description="Why the checkpoint ran.")
    sources: SourceCountOut = Field(description="The session's messages.")
    changes: list[CheckpointChangeOut] = Field(description="What was written.")
    regrounding: JsonValue = Field(None, description="Set when the summary needs re-grounding.")
    changed: bool = Field(description="Whether anything was written.")


def _message(request: HttpRequest, message_id: UUID | None):
    return owner_message(scope=request.auth, message_id=message_id) if message_id else None


@router.get("/reflection/{listing}", response=answers(list[ReflectionItemOut], 422))
def reflection_list(
    request: HttpRequest,
    listing: Literal[
        "threads", "spaces", "questions", "experiences", "insights", "anchors", "summaries"
    ],
    state: StateFilter | None = None,
):
    """Reflection objects of one kind with their current state (``state`` filters)."""
    # a state of another kind ("answered" for threads) lists nothing: the schema can name only
    # one set of states for all listings, and what it allows is answered
    return selectors.reflection_list(scope=request.auth, kind=LISTED[listing], state=state)


@router.get("/reflection/objects/{ref}", response=answers(ReflectionDetailOut, 404, 422))
def reflection_detail(
    request: HttpRequest,
    ref: Ref,
    valid_time: OptionalMomentParam | None = None,
    system_time: OptionalMomentParam | None = None,
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


@router.post("/reflection/experiences/record", response=answers(ExperienceOut, 404, 409, *BODY))
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


@router.post(
    "/reflection/objects/{ref}/significance",
    response=answers(SignificanceOut, 404, 409, *BODY),
)
def significance_mark(request: HttpRequest, ref: Ref, body: MessageRefIn):
    """The owner's explicit word on significance; it overrides any score."""
    return promotion.significance_user_mark(scope=request.auth, ref=ref, message_id=body.message_id)


@router.post("/reflection/spaces/resolve", response=answers(SpaceOut, 404, 409, *BODY))
def space_resolve(request: HttpRequest, body: SpaceIn):
    """The space of that name, created only if none exists."""
    ref, created = threads.space_resolve(
        scope=request.auth, name=body.name, message=_message(request, body.message_id)
    )
    return {"ref": ref, "created": created}


@router.post("/reflection/threads/place", response=answers(PlacedOut, 404, 409, *BODY))
def thread_place(request: HttpRequest, body: PlaceIn):
    """Enrich the thread a statement continues, or start a thread candidate."""
    return threads.thread_place(
        scope=request.auth, message_id=body.message_id, topic=body.topic, space_ref=body.space
    )


@router.post("/reflection/threads/{ref}/state", response=answers(ChangedOut, 404, 409, *BODY))
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


@router.post("/reflection/questions/open", response=answers(QuestionOut, 404, 409, *BODY))
def question_open(request: HttpRequest, body: QuestionIn):
    return threads.question_open(
        scope=request.auth,
        message_id=body.message_id,
        question=body.question,
        thread_ref=body.thread,
        space_ref=body.space,
    )


@router.post("/reflection/questions/{ref}/state", response=answers(ChangedOut, 404, 409, *BODY))
def question_state(request: HttpRequest, ref: Ref, body: QuestionStateIn):
    changed = threads.question_close(
        scope=request.auth,
        ref=ref,
        state=body.state,
        trigger=body.trigger,
        message=_message(request, body.message_id),
    )
    return {"changed": changed is not None, **(changed or {})}


@router.post("/reflection/anchors/set", response=answers(AnchorOut, 404, 409, *BODY))
def anchor_set(request: HttpRequest, body: AnchorIn):
    """A resurfacing anchor: a day and/or a condition at which the target comes back."""
    return threads.anchor_set(
        scope=request.auth,
        target_ref=body.target,
        due=body.due,
        condition=body.condition,
        message=_message(request, body.message_id),
    )


@router.get("/tools/recall_sources", response=answers(ToolAnswer[RecallSourcesData], 422))
def recall_sources(
    request: HttpRequest,
    query: Annotated[CleanStr, Field(min_length=1, max_length=2000)],
    now: OptionalMomentParam | None = None,
    k: Annotated[int, Field(ge=1, le=100)] = 20,
):
    """The original passages a question about the past points at ("am 19. August",
    "last week"), with their session and time — never summaries. ``now`` anchors relative
    expressions (default: the present)."""
    moment = parse_moment(now, name="now") if now else None
    return recall.sources_recall(scope=request.auth, query=query, now=moment, k=k)


@router.get("/tools/reground", response=answers(ToolAnswer[RegroundData], 404, 422))
def reground(request: HttpRequest, ref: Ref):
    """The original source passages behind a derived object (insight, summary, experience)."""
    return reground_service.reground(scope=request.auth, ref=ref)


@router.post("/reflection/objects/{ref}/drift_check", response=answers(DriftOut, 404, 409, 422))
def drift_check(request: HttpRequest, ref: Ref):
    """Flag the object for review if its sources now contradict it (or clear the flag)."""
    return reground_service.drift_check(scope=request.auth, ref=ref)


class ConsolidateIn(Schema):
    period_type: Annotated[CleanStr, Field(min_length=1, max_length=50)] = "holiday"


@router.post("/reflection/consolidation/run", response=answers(list[InsightOut], 404, 409, *BODY))
def consolidate(request: HttpRequest, body: ConsolidateIn):
    """Run the rule-based consolidation now; insights arrive as review items."""
    return consolidation.consolidation_run(scope=request.auth, period_type=body.period_type)


@router.post(
    "/sources/sessions/{external_id}/close", response=answers(CheckpointOut, 404, 409, 422)
)
def session_close(request: HttpRequest, external_id: Name):
    """The session-end checkpoint: writes only what actually changed."""
    return continuity.session_close(scope=request.auth, external_id=external_id)


@router.get("/reflection/sessions/{external_id}/state", response=answers(WorkingStateOut, 404, 422))
def working_state(request: HttpRequest, external_id: Name):
    """The session's working state: spaces, threads, questions, summary, fidelity."""
    return continuity.working_state_data(scope=request.auth, chat_id=external_id)
