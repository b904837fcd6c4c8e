"""Input and output schemas of the JSON API."""

from __future__ import annotations

import calendar
from datetime import datetime
from typing import Annotated, Any

from django.conf import settings
from ninja import Field, Schema
from pydantic import JsonValue, WithJsonSchema

from worldmemory.contracts import CleanStr, EntityName, Moment, years_pattern
from worldmemory.reads.types import OpenOut, Out

# An ISO date or date-time as ``parse_moment`` reads it, with the years the memory accepts
# (strictly inside GD_TIME_MIN_YEAR..MAX_YEAR, so no offset carries a moment out of them)
# and only days the calendar has: a request this pattern allows is never refused.
_FIRST, _LAST = settings.GD_TIME_MIN_YEAR + 1, settings.GD_TIME_MAX_YEAR - 1
_LEAP_YEARS = [y for y in range(_FIRST, _LAST + 1) if calendar.isleap(y)]
_DAY = (
    f"(?:{years_pattern(_FIRST, _LAST)})-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])"
    "|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))"
    f"|(?:{'|'.join(map(str, _LEAP_YEARS))})-02-29"
)
_TIME = "[T ](?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9](?:\\.[0-9]{1,6})?)?"
_ZONE = "(?:Z|[+-](?:[01][0-9]|2[0-3])(?::?[0-5][0-9])?)"
MOMENT_PATTERN = f"^(?:{_DAY})(?:{_TIME}{_ZONE}?)?$"


def _moment_param(*, pattern: str, description: str):
    return Annotated[
        CleanStr,
        WithJsonSchema(
            {
                "type": "string",
                "pattern": pattern,
                "description": description,
                "examples": ["2026-03-01", "2026-03-01T18:00:00+01:00"],
            }
        ),
    ]


MomentParam = _moment_param(
    pattern=MOMENT_PATTERN,
    description="An ISO date or date-time; without a zone, in the display time zone.",
)
# an optional moment left empty (``?valid_time=``) means its default, as if not given
OptionalMomentParam = _moment_param(
    pattern=f"^(?:{MOMENT_PATTERN[1:-1]})?$",
    description="An ISO date or date-time (empty: the default); without a zone, in the"
    " display time zone.",
)

QUERY_RULE = "x-query-rule"


def query_rule(*, one_of: list[dict] | None = None, any_of: list[dict] | None = None) -> dict:
    """``openapi_extra`` of an operation whose query parameters are valid only together in
    one (``one_of``) or at least one (``any_of``) of these ways, each a JSON schema over the
    parameters such as ``{"required": ["event_id"]}``. The OpenAPI then describes them as
    one form-exploded object (the same ``?a=…&b=…`` on the wire) that carries the rule."""
    return {QUERY_RULE: {"oneOf": one_of} if one_of else {"anyOf": any_of}}


# -- errors: the shapes ``gedaechtnis.api``'s error map answers ---------------------------


class ErrorOut(OpenOut):
    """An application error: what is wrong, in a sentence; some carry further keys."""

    detail: str = Field(description="What is wrong.")


class UnauthorizedOut(ErrorOut):
    """No valid bearer token (an owner token, or an integration token where asked)."""


class NotFoundOut(ErrorOut):
    """Missing — and, identically, another owner's."""


class ConflictOut(ErrorOut):
    """The request contradicts the memory's state (a merge into itself, a refused step)."""


class TooLargeOut(ErrorOut):
    """The request is larger than allowed; nothing was written."""

    limit: int = Field(description="The limit exceeded (bytes, or messages per batch).")


class RateLimitedOut(ErrorOut):
    """Too many requests with this token; the ``Retry-After`` header says the same."""

    retry_after: int = Field(description="Seconds until the next request is allowed.")


class ValidationIssue(OpenOut):
    """One problem of the input, pydantic's way."""

    loc: list[str | int] = Field(description="Where: body, query or path, then the field.")
    msg: str = Field(description="What is wrong.")
    type: str = Field(description="The kind of problem.")


class InvalidOut(OpenOut):
    """Invalid input, nothing written: a sentence, or the list of problems per field."""

    detail: str | list[ValidationIssue] = Field(description="What is wrong.")


ERROR_SCHEMAS: dict[int, type] = {
    401: UnauthorizedOut,
    404: NotFoundOut,
    409: ConflictOut,
    413: TooLargeOut,
    422: InvalidOut,
    429: RateLimitedOut,
}


def answers(success: Any, *errors: int) -> dict[int, Any]:
    """An operation's responses: ``success`` with 200, 401 and 429 (every request carries a
    rate-limited token), and the further ``errors`` it can give."""
    codes = sorted({401, 429, *errors})
    return {200: success, **{code: ERROR_SCHEMAS[code] for code in codes}}


# A request body can always be too large (GD_MAX_REQUEST_BYTES) or invalid.
BODY = (413, 422)


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


# A ref in a path: no line break, which no URL pattern matches (nothing would answer in JSON)
PathRef = Annotated[
    CleanStr, Field(min_length=1, max_length=300, json_schema_extra={"pattern": r"^[^\x00\n]*$"})
]


class MergeIn(Schema):
    into: Annotated[CleanStr, Field(min_length=1, max_length=300)]


class RenameIn(Schema):
    """The entity's new name; the former one stays an alias."""

    canonical_name: EntityName
    reason: Annotated[CleanStr, Field(max_length=2000)] | None = None


class OpResultOut(Out):
    """What became of one operation of a proposal."""

    op_index: int = Field(description="The operation's index in the proposal.")
    op: str = Field(description="The operation (assert_fact, upsert_entity, …).")
    decision: str = Field(description="committed, duplicate, pending, rejected, …")
    reason: str = Field(description="Why it was decided so.")
    ids: dict[str, JsonValue] = Field(description="Ids of the rows written (fact_id, …).")
    notice: str | None = Field(description="A notice for the owner, if any.")


class CommitOut(Out):
    """A committed proposal."""

    proposal_id: str = Field(description="The proposal's id.")
    run_id: str = Field(description="The run id (a replay of it changes nothing).")
    replayed: bool = Field(description="Whether this run id had been committed before.")
    results: list[OpResultOut] = Field(description="Per operation, what became of it.")
    notices: list[str] = Field(description="Notices for the owner.")


class DecisionOut(Out):
    results: list[OpResultOut] = Field(description="Per committed item, what became of it.")


class CountOut(Out):
    rejected: int = Field(description="How many pending items were rejected.")


class FactRef(Out):
    fact_id: str = Field(description="The fact row's id.")
    status: str = Field(description="Its status now.")
    superseded_at: datetime | None = Field(description="When it stopped being believed.")


class EntityRefOut(Out):
    ref: str = Field(description="The entity's ref.")
    status: str = Field(description="Its status now.")
    merged_into: str | None = Field(description="The entity answering for it, if merged.")
