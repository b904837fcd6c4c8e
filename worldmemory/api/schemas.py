"""Input and output schemas of the JSON API."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from ninja import Field, Schema

from worldmemory.contracts import CleanStr, Moment


class Reason(Schema):
    reason: Annotated[CleanStr, Field(min_length=1, max_length=2000)]


class EndIn(Schema):
    valid_to: Moment
    reason: Annotated[CleanStr, Field(max_length=2000)] | None = None


class ValueIn(Schema):
    """A new value for a fact: from ``valid_from`` on (a change), or over the fact's whole
    valid period, reaching back to ``valid_from`` when that is earlier (a correction)."""

    value: Annotated[CleanStr, Field(min_length=1, max_length=4000)]
    valid_from: Moment | None = None


class MergeIn(Schema):
    into: Annotated[CleanStr, Field(min_length=1, max_length=300)]


class OpResultOut(Schema):
    op_index: int
    op: str
    decision: str
    reason: str
    ids: dict[str, Any]
    notice: str | None


class CommitOut(Schema):
    proposal_id: str
    run_id: str
    replayed: bool
    results: list[OpResultOut]
    notices: list[str]


class DecisionOut(Schema):
    results: list[OpResultOut]


class CountOut(Schema):
    rejected: int


class FactRef(Schema):
    fact_id: str
    status: str
    superseded_at: datetime | None


class EntityRefOut(Schema):
    ref: str
    status: str
    merged_into: str | None


class ToolOut(Schema):
    text: str
    data: dict[str, Any]
