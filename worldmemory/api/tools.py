"""The temporal read tools over HTTP: ``GET /api/v1/tools/<name>``."""

from __future__ import annotations

from datetime import UTC, datetime, time
from typing import Annotated
from zoneinfo import ZoneInfo

from django.conf import settings
from django.http import HttpRequest
from django.utils.dateparse import parse_date, parse_datetime
from ninja import Field, Router

from worldmemory import tools
from worldmemory.api.schemas import ToolOut
from worldmemory.contracts import CleanStr
from worldmemory.errors import InvalidInput

router = Router(tags=["tools"])

RefParam = Annotated[CleanStr, Field(min_length=1, max_length=300)]
ERRORS = {404: dict, 422: dict}


def parse_moment(text: str, *, name: str) -> datetime:
    """An ISO date or date-time; without a zone it is read in the display time zone."""
    try:
        moment = parse_datetime(text)
        if moment is None and (day := parse_date(text)) is not None:
            moment = datetime.combine(day, time.min)
    except ValueError:
        moment = None
    if moment is None:
        raise InvalidInput(f"{name} must be an ISO date or date-time, not {text!r}")
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=ZoneInfo(settings.TIME_ZONE))
    try:
        return moment.astimezone(UTC)
    except OverflowError:
        raise InvalidInput(f"{name} is out of range: {text!r}") from None


@router.get("/get_entity", response={200: ToolOut, **ERRORS})
def get_entity(request: HttpRequest, ref: RefParam):
    """The full current view of an entity: facts and relationships in and out."""
    return tools.get_entity(scope=request.auth, ref=ref)


@router.get("/state_at", response={200: ToolOut, **ERRORS})
def state_at(request: HttpRequest, ref: RefParam, valid_time: CleanStr):
    """Valid-time as-of: what held in the world then, as believed now."""
    moment = parse_moment(valid_time, name="valid_time")
    return tools.state_at(scope=request.auth, ref=ref, valid_time=moment)


@router.get("/state_as_known_at", response={200: ToolOut, **ERRORS})
def state_as_known_at(
    request: HttpRequest, ref: RefParam, system_time: CleanStr, valid_time: CleanStr | None = None
):
    """System-time as-of: what the agent believed then (about ``valid_time``, default the same)."""
    known = parse_moment(system_time, name="system_time")
    valid = parse_moment(valid_time, name="valid_time") if valid_time else None
    return tools.state_as_known_at(scope=request.auth, ref=ref, system_time=known, valid_time=valid)


@router.get("/get_fact_history", response={200: ToolOut, **ERRORS})
def get_fact_history(
    request: HttpRequest,
    ref: RefParam,
    predicate: Annotated[CleanStr, Field(min_length=1, max_length=100)],
):
    """Every value a predicate had, with valid and system times."""
    return tools.get_fact_history(scope=request.auth, ref=ref, predicate=predicate)
