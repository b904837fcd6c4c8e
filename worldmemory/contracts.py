"""The curator's output and the committer's input: ``MemoryMutationProposal``.

Frozen pydantic models. Entities are referenced by ``kind:slug`` refs or by
alias, never by UUID (only ``target_fact_id`` and event ids are ids).
"""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, timedelta
from enum import StrEnum
from typing import Annotated, Any, Literal
from uuid import UUID

from django.conf import settings
from django.utils.timezone import now as django_now
from pydantic import AfterValidator, AwareDatetime, BaseModel, ConfigDict, Field, model_validator

from worldmemory import temporal
from worldmemory.models import MemoryType, TrustTier  # one vocabulary for rows and contracts

# How deep a JSON value (object_value, payload, metadata, tool_calls) may nest: far more
# than any real value needs, far less than what makes serialising it fail.
MAX_JSON_DEPTH = 32


def storable_problem(value: Any, path: str = "", depth: int = 0) -> str | None:
    """Why ``value`` cannot be stored as PostgreSQL text/jsonb (NUL, lone surrogates, nesting
    deeper than ``MAX_JSON_DEPTH``), or None."""
    if isinstance(value, str):
        if "\x00" in value:
            return f"{path or 'value'} contains a NUL character"
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return f"{path or 'value'} contains an unpaired surrogate"
        return None
    if isinstance(value, dict | list | tuple) and depth >= MAX_JSON_DEPTH:
        return f"{path or 'value'} is nested deeper than {MAX_JSON_DEPTH} levels"
    if isinstance(value, dict):
        items = list(value.items())
        for key, item in items:
            problem = storable_problem(key, f"{path}.<key>", depth + 1) or storable_problem(
                item, f"{path}.{key}" if path else str(key), depth + 1
            )
            if problem:
                return problem
    if isinstance(value, list | tuple):
        for index, item in enumerate(value):
            problem = storable_problem(item, f"{path}.{index}" if path else str(index), depth + 1)
            if problem:
                return problem
    return None


def _storable(value: Any) -> Any:
    problem = storable_problem(value)
    if problem:
        raise ValueError(problem)
    return value


def time_range_problem(value: datetime) -> str | None:
    """Why an aware time is outside what the memory accepts, or None.

    The years ``GD_TIME_MIN_YEAR``..``GD_TIME_MAX_YEAR`` (1900..2200 by default) keep every
    stored time far from the calendar's ends, so reading it back in local time, or a
    window around it, can never overflow."""
    first, last = settings.GD_TIME_MIN_YEAR, settings.GD_TIME_MAX_YEAR
    try:
        year = value.astimezone(UTC).year
    except OverflowError:
        year = value.year
    if not first <= year <= last:
        return f"must lie in the years {first} to {last}"
    return None


def _utc(value: datetime) -> datetime:
    """Store and compare times in UTC (PostgreSQL refuses offsets beyond ±15:59)."""
    problem = time_range_problem(value)
    if problem:
        raise ValueError(f"time {problem}")
    return value.astimezone(UTC)


def _spoken(value: datetime) -> datetime:
    """A moment as the speaker wrote it: range-checked, its UTC offset kept (a chat turn's
    offset is the speaker's clock, which dates like "gestern" or "seit 2019" are read in)."""
    problem = time_range_problem(value)
    if problem:
        raise ValueError(f"time {problem}")
    offset = value.utcoffset()
    if offset is None or abs(offset) >= timedelta(hours=16):
        return value.astimezone(UTC)
    return value


def _day_in_range(value: date) -> date:
    first, last = settings.GD_TIME_MIN_YEAR, settings.GD_TIME_MAX_YEAR
    if not first <= value.year <= last:
        raise ValueError(f"date must lie in the years {first} to {last}")
    return value


class _NoNulInSchema:
    """Says in the JSON schema what ``_storable`` refuses of a string: a NUL character
    (an unpaired surrogate cannot be written in valid UTF-8 JSON at all)."""

    def __get_pydantic_json_schema__(self, core_schema, handler):
        schema = handler(core_schema)
        schema.setdefault("pattern", "^[^\\x00]*$")
        return schema


CleanStr = Annotated[str, AfterValidator(_storable), _NoNulInSchema()]


class _YearsInSchema:
    """Says in the JSON schema which years a time may have. The schema keeps to the years
    strictly inside GD_TIME_MIN_YEAR..MAX_YEAR (default 1901..2199), so that no time zone
    offset moves a time it allows out of the range the server accepts."""

    def __get_pydantic_json_schema__(self, core_schema, handler):
        schema = handler(core_schema)
        first, last = settings.GD_TIME_MIN_YEAR + 1, settings.GD_TIME_MAX_YEAR - 1
        schema["pattern"] = f"^(?:{years_pattern(first, last)})-"
        schema.setdefault("description", f"In the years {first} to {last}.")
        return schema


def years_pattern(first: int, last: int) -> str:
    """A compact regex alternation of the four-digit years ``first``..``last``."""
    parts = []
    for century in range(first // 100, last // 100 + 1):
        decades = []  # (decade digit, first year digit, last year digit)
        for decade in range(10):
            low = max(first, century * 100 + decade * 10)
            high = min(last, century * 100 + decade * 10 + 9)
            if low <= high:
                decades.append((decade, low % 10, high % 10))
        full = [d for d, low, high in decades if (low, high) == (0, 9)]
        if full:  # the full decades are consecutive: a part range cuts only the ends
            parts.append(f"{century}[{full[0]}-{full[-1]}][0-9]")
        parts += [
            f"{century}{d}[{low}-{high}]" for d, low, high in decades if (low, high) != (0, 9)
        ]
    return "|".join(parts)


Moment = Annotated[AwareDatetime, AfterValidator(_utc), _YearsInSchema()]
SpokenMoment = Annotated[AwareDatetime, AfterValidator(_spoken), _YearsInSchema()]
Day = Annotated[date, AfterValidator(_day_in_range), _YearsInSchema()]
CleanJson = Annotated[Any, AfterValidator(_storable)]
CleanDict = Annotated[dict[str, Any], AfterValidator(_storable)]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class EvidenceKind(StrEnum):
    CONVERSATION_QUOTE = "conversation_quote"
    TOOL_RESULT = "tool_result"
    OBSERVATION = "observation"


class ScopeKind(StrEnum):
    DEVICE = "device"
    TASK = "task"
    SESSION = "session"
    CHAT = "chat"
    PROJECT = "project"
    FOLDER = "folder"
    REPO = "repo"
    PERSON = "person"
    GLOBAL = "global"


class CausationKind(StrEnum):
    DIRECT = "direct"
    TRIGGER = "trigger"
    INFERRED = "inferred"


Text = Annotated[CleanStr, Field(min_length=1, max_length=2000)]
Ref = Annotated[CleanStr, Field(min_length=1, max_length=300)]


class Evidence(Frozen):
    kind: EvidenceKind
    text: Annotated[CleanStr, Field(min_length=1, max_length=4000)]
    ref: Annotated[CleanStr, Field(max_length=300)] | None = None


class OpBase(Frozen):
    """Provenance every operation must carry."""

    confidence: Annotated[float, Field(ge=0, le=1)]
    source: Text
    memory_type: MemoryType
    trust_tier: TrustTier = TrustTier.TRUSTED
    valid_from: Moment
    evidence: Evidence
    reason: Annotated[CleanStr, Field(max_length=2000)] | None = None
    scope_ref: Ref | None = None
    scope_kind: ScopeKind | None = None
    observed_at: Moment | None = None


class UpsertEntity(OpBase):
    op: Literal["upsert_entity"]
    id_hint: Annotated[
        CleanStr,
        Field(
            pattern=r"^[a-z][a-z0-9_]*(:[a-z0-9_]+)*:[^:\s]+$",
            max_length=300,
            # pydantic leaves a pattern out of the JSON schema behind a validator: say it
            # there too, NUL excluded as CleanStr refuses it
            json_schema_extra={"pattern": r"^[a-z][a-z0-9_]*(:[a-z0-9_]+)*:[^:\s\x00]+$"},
        ),
    ]
    kind: Annotated[CleanStr, Field(min_length=1, max_length=100)]
    canonical_name: Text
    aliases: tuple[Annotated[CleanStr, Field(min_length=1, max_length=300)], ...] = ()

    @model_validator(mode="after")
    def _hint_matches_kind(self) -> UpsertEntity:
        if not self.id_hint.startswith(f"{self.kind}:"):
            raise ValueError(f"id_hint {self.id_hint!r} must start with the kind {self.kind!r}:")
        return self


AliasText = Annotated[CleanStr, Field(min_length=1, max_length=300)]
Namespace = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=50)]


class AddAlias(OpBase):
    """The entity is called ``alias`` from ``valid_from`` on — until ``valid_to`` when the
    name is known to have stopped already ("früher hieß sie Anni")."""

    op: Literal["add_alias"]
    entity_ref: Ref
    alias: AliasText
    namespace: Namespace = "chat"
    valid_to: Moment | None = None

    @model_validator(mode="after")
    def _interval(self) -> AddAlias:
        if temporal.empty_interval(self.valid_from, self.valid_to):
            raise ValueError("valid_to must be after valid_from")
        return self


class EndAlias(OpBase):
    """The entity was called ``alias`` until ``valid_to``, not after (a renamed pet, a
    changed e-mail address): the name no longer resolves to it for later times."""

    op: Literal["end_alias"]
    entity_ref: Ref
    alias: AliasText
    namespace: Namespace = "chat"
    valid_to: Moment


def _named_by_corrections_only(schema: dict, model: type) -> None:
    """Says in the JSON schema what ``Corrects._only_for_corrections`` checks, so a client
    generating requests from the schema sends what the validator takes: the fields naming
    what a correction replaces stay empty in any other memory type."""
    fields = [name for name in schema.get("properties", {}) if name.startswith("corrects_")]
    schema["if"] = {
        "properties": {"memory_type": {"not": {"const": MemoryType.CORRECTION.value}}},
        "required": ["memory_type"],
    }
    schema["then"] = {"properties": {name: {"type": "null"} for name in fields}}


# A name holds something besides spaces: a blank one would name nothing (said in the
# schema too, NUL excluded as CleanStr refuses it).
NAMED = r"^[^\x00]*[^\x00\t\n\r ][^\x00]*$"


def _named(value: str) -> str:
    if not value.strip(" \t\n\r"):
        raise ValueError("the name is empty")
    return value


EntityName = Annotated[
    AliasText, AfterValidator(_named), Field(json_schema_extra={"pattern": NAMED})
]


class RenameEntity(OpBase):
    """The entity is called ``canonical_name`` from now on. Its former name stays an alias,
    so whatever knew it by that name still finds it; the new one is an alias too."""

    op: Literal["rename_entity"]
    entity_ref: Ref
    canonical_name: EntityName


class Corrects(OpBase):
    """What a correction (``memory_type = correction``: "that never held") replaces.

    ``corrects_fact_id`` names the row; without it a functional attribute corrects the
    believed row of its slot valid at ``valid_from`` (else the latest one), while a set
    attribute or a relationship must name the replaced value or object. A change ("from
    now on", "since Monday") is a plain assertion instead: it supersedes from
    ``valid_from``."""

    model_config = ConfigDict(json_schema_extra=_named_by_corrections_only)

    corrects_fact_id: UUID | None = None

    def _only_for_corrections(self, *names: str) -> None:
        given = [name for name in names if getattr(self, name) is not None]
        if given and self.memory_type != MemoryType.CORRECTION:
            raise ValueError(f"{', '.join(given)} belongs to memory_type correction only")


class AssertFact(Corrects):
    op: Literal["assert_fact"]
    subject_ref: Ref
    predicate: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*(:[a-z0-9_]+)?$", max_length=100)]
    object_value: CleanJson
    # the value a correction replaces (required for a set attribute without corrects_fact_id)
    corrects_value: CleanJson = None

    @model_validator(mode="after")
    def _value_present(self) -> AssertFact:
        if self.object_value is None:
            raise ValueError("object_value is required (end or invalidate a fact to remove it)")
        self._only_for_corrections("corrects_fact_id", "corrects_value")
        return self


class AssertRelationship(Corrects):
    op: Literal["assert_relationship"]
    subject_ref: Ref
    predicate: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*(:[a-z0-9_]+)?$", max_length=100)]
    object_ref: Ref
    # the object a correction replaces ("not Anna but Berta": corrects_object_ref = Anna)
    corrects_object_ref: Ref | None = None

    @model_validator(mode="after")
    def _correction_names_what_it_replaces(self) -> AssertRelationship:
        self._only_for_corrections("corrects_fact_id", "corrects_object_ref")
        if (
            self.memory_type == MemoryType.CORRECTION
            and self.corrects_fact_id is None
            and self.corrects_object_ref is None
        ):
            raise ValueError(
                "a correction of a relationship must name what it replaces:"
                " corrects_object_ref (the wrong object) or corrects_fact_id (the wrong row)"
            )
        return self


class InvalidateFact(OpBase):
    op: Literal["invalidate_fact"]
    target_fact_id: UUID


class EndFact(OpBase):
    op: Literal["end_fact"]
    target_fact_id: UUID
    valid_to: Moment


class RecordEvent(OpBase):
    op: Literal["record_event"]
    event_type: Annotated[CleanStr, Field(min_length=1, max_length=100)]
    occurred_at: Moment | None = None
    summary: Annotated[CleanStr, Field(max_length=2000)] = ""
    actor_ref: Ref | None = None
    target_ref: Ref | None = None
    caused_by_event_id: UUID | None = None
    correlation_id: Annotated[CleanStr, Field(max_length=200)] | None = None
    causation_kind: CausationKind | None = None
    intent: Annotated[CleanStr, Field(max_length=2000)] | None = None
    expected_effect: CleanDict | None = None
    goal_ref: Ref | None = None
    tool_call_id: Annotated[CleanStr, Field(max_length=200)] | None = None
    automation_id: Annotated[CleanStr, Field(max_length=200)] | None = None
    payload: CleanDict = Field(default_factory=dict)


class DeriveProjection(OpBase):
    op: Literal["derive_projection"]
    source_kind: Literal["fact", "event", "summary", "rollup", "insight"]
    text: Annotated[CleanStr, Field(min_length=1, max_length=8000)]
    entity_refs: tuple[Ref, ...] = ()
    importance: Annotated[float, Field(ge=0, le=1)] = 0.5


MemoryMutationOp = Annotated[
    UpsertEntity
    | AddAlias
    | EndAlias
    | RenameEntity
    | AssertFact
    | AssertRelationship
    | InvalidateFact
    | EndFact
    | RecordEvent
    | DeriveProjection,
    Field(discriminator="op"),
]


class MemoryMutationProposal(Frozen):
    run_id: Annotated[CleanStr, Field(min_length=1, max_length=200)]
    chat_id: Annotated[CleanStr, Field(max_length=200)] | None = None
    proposed_by: Annotated[CleanStr, Field(min_length=1, max_length=200)] = "agent:curator"
    created_at: Moment
    operations: Annotated[tuple[MemoryMutationOp, ...], Field(min_length=1, max_length=500)]


def own_proposal(
    *, run: str, proposed_by: str, operations: list[dict], chat_id: str | None = None
) -> MemoryMutationProposal:
    """A proposal the memory makes itself (a page, the API, the reflection engine), under a
    fresh run id ``run:<uuid>``: the committer tells its runs apart by that id."""
    return MemoryMutationProposal.model_validate(
        {
            "run_id": f"{run}:{uuid.uuid4()}",
            "chat_id": chat_id,
            "proposed_by": proposed_by,
            "created_at": django_now(),
            "operations": operations,
        }
    )


def parse_op(payload: dict) -> MemoryMutationOp:
    """Rebuild a stored operation (a pending review item) as its contract model."""
    from pydantic import TypeAdapter

    return TypeAdapter(MemoryMutationOp).validate_python(payload)


__all__ = [
    "AddAlias",
    "AssertFact",
    "AssertRelationship",
    "DeriveProjection",
    "EndAlias",
    "EndFact",
    "Evidence",
    "InvalidateFact",
    "MemoryMutationOp",
    "MemoryMutationProposal",
    "RecordEvent",
    "RenameEntity",
    "UpsertEntity",
    "own_proposal",
    "parse_op",
]
