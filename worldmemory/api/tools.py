"""The temporal read tools over HTTP: ``GET /api/v1/tools/<name>``.

They only read: with a replica configured they run there (``worldmemory.reads.replica``),
except search, whose ranking reads embeddings the worker writes after a commit."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated
from uuid import UUID

from django.http import HttpRequest
from ninja import Field, Router

from worldmemory import causality, lookup, tools
from worldmemory.api.schemas import MomentParam, OptionalMomentParam, answers, query_rule
from worldmemory.contracts import CleanStr
from worldmemory.moments import parse_moment
from worldmemory.reads.replica import on_replica
from worldmemory.reads.types import (
    EffectsData,
    EntityData,
    ExplainData,
    FindEntityData,
    HistoryData,
    NeighborsData,
    RecallFactsData,
    SearchData,
    StateAtData,
    StateKnownData,
    ToolAnswer,
)

router = Router(tags=["tools"])

RefParam = Annotated[CleanStr, Field(min_length=1, max_length=300)]


@router.get("/get_entity", response=answers(ToolAnswer[EntityData], 404, 422))
@on_replica
def get_entity(request: HttpRequest, ref: RefParam):
    """The full current view of an entity: facts and relationships in and out."""
    return tools.get_entity(scope=request.auth, ref=ref)


@router.get("/state_at", response=answers(ToolAnswer[StateAtData], 404, 422))
@on_replica
def state_at(request: HttpRequest, ref: RefParam, valid_time: MomentParam):
    """Valid-time as-of: what held in the world then, as believed now."""
    moment = parse_moment(valid_time, name="valid_time")
    return tools.state_at(scope=request.auth, ref=ref, valid_time=moment)


@router.get("/state_as_known_at", response=answers(ToolAnswer[StateKnownData], 404, 422))
@on_replica
def state_as_known_at(
    request: HttpRequest,
    ref: RefParam,
    system_time: MomentParam,
    valid_time: OptionalMomentParam | None = None,
):
    """System-time as-of: what the agent believed then (about ``valid_time``, default the same)."""
    known = parse_moment(system_time, name="system_time")
    valid = parse_moment(valid_time, name="valid_time") if valid_time else None
    return tools.state_as_known_at(scope=request.auth, ref=ref, system_time=known, valid_time=valid)


@router.get("/get_fact_history", response=answers(ToolAnswer[HistoryData], 404, 422))
@on_replica
def get_fact_history(
    request: HttpRequest,
    ref: RefParam,
    predicate: Annotated[CleanStr, Field(min_length=1, max_length=100)],
):
    """Every value a predicate had, with valid and system times."""
    return tools.get_fact_history(scope=request.auth, ref=ref, predicate=predicate)


@router.get("/find_entity", response=answers(ToolAnswer[FindEntityData], 404, 422))
@on_replica
def find_entity(
    request: HttpRequest,
    query: RefParam,
    kind: Annotated[CleanStr, Field(max_length=100)] = "",
    valid_time: OptionalMomentParam | None = None,
    system_time: OptionalMomentParam | None = None,
):
    """Entities a name, alias or ref points to — by the names valid at ``valid_time``
    (default now), as known at ``system_time`` (default: as believed now)."""
    return lookup.find_entity(
        scope=request.auth,
        query=query,
        kind=kind or None,
        valid_time=parse_moment(valid_time, name="valid_time") if valid_time else None,
        system_time=parse_moment(system_time, name="system_time") if system_time else None,
    )


@router.get("/recall_facts_about", response=answers(ToolAnswer[RecallFactsData], 404, 422))
@on_replica
def recall_facts_about(
    request: HttpRequest,
    ref_or_query: RefParam,
    predicate: Annotated[CleanStr, Field(max_length=100)] = "",
    scope: Annotated[CleanStr, Field(max_length=300)] = "",
):
    """Current values of an entity; ``predicate`` may be a glob such as ``preferred_*``."""
    return lookup.recall_facts_about(
        scope=request.auth,
        ref_or_query=ref_or_query,
        predicate=predicate or None,
        scope_ref=scope or None,
    )


@router.get("/get_neighbors", response=answers(ToolAnswer[NeighborsData], 404, 422))
@on_replica
def get_neighbors(
    request: HttpRequest,
    ref: RefParam,
    depth: Annotated[int, Field(ge=1, le=3)] = 1,
    predicates: Annotated[CleanStr, Field(max_length=1000)] = "",
):
    """Relationships in and out up to ``depth``; ``predicates`` is a comma-separated filter."""
    chosen = [p.strip() for p in predicates.split(",") if p.strip()] or None
    return lookup.get_neighbors(scope=request.auth, ref=ref, depth=depth, predicates=chosen)


@router.get(
    "/effects_of",
    response=answers(ToolAnswer[EffectsData], 404, 422),
    openapi_extra=query_rule(one_of=[{"required": ["event_id"]}, {"required": ["run_id"]}]),
)
@on_replica
def effects_of(
    request: HttpRequest,
    event_id: UUID | None = None,
    run_id: Annotated[CleanStr, Field(max_length=200)] | None = None,
):
    """What an event or a run caused (forward over causes and correlation)."""
    return causality.effects_of(scope=request.auth, event_id=event_id, run_id=run_id)


@router.get(
    "/explain_change",
    response=answers(ToolAnswer[ExplainData], 404, 422),
    openapi_extra=query_rule(
        any_of=[
            {"required": ["event_id"]},
            {"required": ["fact_id"]},
            {
                "required": ["ref", "predicate"],
                "properties": {"ref": {"minLength": 1}, "predicate": {"minLength": 1}},
            },
        ]
    ),
)
@on_replica
def explain_change(
    request: HttpRequest,
    fact_id: UUID | None = None,
    ref: Annotated[CleanStr, Field(max_length=300)] | None = None,
    predicate: Annotated[CleanStr, Field(max_length=100)] | None = None,
    event_id: UUID | None = None,
):
    """Why a fact holds (or an event happened): evidence, causing events, intent and outcome."""
    return causality.explain_change(
        scope=request.auth, fact_id=fact_id, ref=ref, predicate=predicate, event_id=event_id
    )


@router.get("/search_world_memory", response=answers(ToolAnswer[SearchData], 404, 422))
def search_world_memory(
    request: HttpRequest,
    query: Annotated[CleanStr, Field(min_length=1, max_length=2000)],
    kind: Annotated[CleanStr, Field(max_length=100)] = "",
    valid_from: OptionalMomentParam | None = None,
    valid_to: OptionalMomentParam | None = None,
):
    """Ranked candidates; read current values with get_entity or recall_facts_about."""
    window = None
    if valid_from or valid_to:
        window = (
            parse_moment(valid_from, name="valid_from")
            if valid_from
            else datetime.min.replace(tzinfo=UTC),
            parse_moment(valid_to, name="valid_to")
            if valid_to
            else datetime.max.replace(tzinfo=UTC),
        )
    return lookup.search_world_memory(
        scope=request.auth, query=query, kind=kind or None, valid_between=window
    )
