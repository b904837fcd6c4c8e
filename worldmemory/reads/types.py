"""Typed read-side outputs: what the API answers and the agent tools carry as data.

Times are aware datetimes (UTC); ``value`` fields hold the stored JSON as it is. Models
of a tool's ``data`` allow further keys, so a field added to a tool reaches clients
before its type is written here."""

from __future__ import annotations

from datetime import datetime
from typing import Generic, Literal, TypeVar
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field, JsonValue

Lifecycle = Literal["active", "ended", "superseded", "invalidated"]
FactStatus = Literal["active", "superseded", "invalidated", "expired", "archived"]


class Out(BaseModel):
    """An output object: fixed keys, each described."""


class OpenOut(BaseModel):
    """An output object that may carry keys beyond the described ones."""

    model_config = ConfigDict(extra="allow")


class FactOut(Out):
    """One fact row (an attribute value or a relationship) with both time axes."""

    id: str = Field(description="The fact row's id.")
    subject_ref: str | None = Field(description="The subject entity's ref (kind:slug).")
    predicate: str = Field(description="The predicate id.")
    object_kind: Literal["literal", "entity"] = Field(
        description="literal: the value is in `value`; entity: a relationship to `object_ref`."
    )
    value: JsonValue = Field(description="The literal value as stored (JSON).")
    object_ref: str | None = Field(description="The object entity's ref for a relationship.")
    valid_from: datetime = Field(description="Valid time: since when it holds in the world.")
    valid_to: datetime | None = Field(description="Valid time: until when (open if null).")
    recorded_at: datetime = Field(description="System time: when the memory learnt it.")
    superseded_at: datetime | None = Field(
        description="System time: when the memory stopped believing this row (null: believed)."
    )
    status: FactStatus = Field(description="The row's status.")
    lifecycle: Lifecycle = Field(description="How the row stood at the read's system time.")
    source: str = Field(description="Who or what said it.")
    trust_tier: str = Field(description="The source's trust tier.")
    confidence: float = Field(description="Confidence between 0 and 1.")
    memory_type: str = Field(description="How it was learnt (statement, correction, …).")
    scope_ref: str | None = Field(description="The scope entity's ref, if scoped.")
    scope_kind: str | None = Field(description="The scope's kind, if scoped.")
    evidence: JsonValue = Field(description="The evidence (kind, text, ref) it rests on.")
    reason: str | None = Field(description="Why it was recorded, if said.")
    observed_at: datetime | None = Field(
        description="When it was observed, only where that differs from valid_from."
    )
    supersedes_fact_id: str | None = Field(description="The row this one replaced.")
    invalidated_by_fact_id: str | None = Field(
        description="The row that replaced or corrected this one."
    )
    priority: int = Field(description="Priority among competing values (higher first).")
    functional: bool = Field(description="Whether the predicate holds one value at a time.")


class ChainLinkOut(Out):
    """A neighbour in the supersede chain."""

    id: str = Field(description="The neighbouring fact row's id.")
    value: JsonValue = Field(description="Its value (a ref for a relationship).")


class FactHistoryOut(FactOut):
    """A fact row in an attribute's history, with its chain both ways."""

    closed_reason: str | None = Field(description="Why the row was invalidated, if it was.")
    replaces: ChainLinkOut | None = Field(description="The row this one replaced.")
    replaced_by: ChainLinkOut | None = Field(description="The row that replaced this one.")
    replaced_how: Literal["corrected", "superseded"] | None = Field(
        description="corrected: the old value never held; superseded: it held until then."
    )


class SubjectOut(Out):
    """The entity answering for a ref, with the refs merged into it."""

    ref: str = Field(description="kind:slug")
    id: str = Field(description="The entity's id.")
    kind: str = Field(description="The entity kind.")
    name: str = Field(description="The canonical name.")
    status: str = Field(description="active, merged, stale, …")
    merged: list[str] = Field(description="Refs of entities merged into this one.")


class EntityOut(Out):
    """An entity in a listing."""

    ref: str = Field(description="kind:slug")
    kind: str = Field(description="The entity kind.")
    canonical_name: str = Field(description="The canonical name.")
    status: str = Field(description="active, merged, stale, …")


class EventOut(OpenOut):
    """A world event in a causal chain."""

    id: str = Field(description="The event's id.")
    event_type: str = Field(description="The event type id.")
    occurred_at: datetime = Field(description="When it happened.")
    summary: str = Field(description="What happened, in a line.")
    run_id: str | None = Field(description="The agent run it belongs to.")
    caused_by_event_id: str | None = Field(description="The event that caused it.")
    intent: str | None = Field(description="What the agent meant to achieve, if an intent.")
    intent_outcome: str | None = Field(description="The intent's latest outcome.")
    causation_kind: str | None = Field(description="direct, trigger or inferred.")
    depth: int = Field(description="Steps from the event the chain starts at.")


class RollupOut(OpenOut):
    id: str | int = Field(description="The rollup's id.")
    text: str = Field(description="What the rollup says.")
    valid_from: datetime | None = Field(description="Start of the period it covers.")
    valid_to: datetime | None = Field(description="End of the period it covers.")
    details: JsonValue = Field(description="The rollup's figures.")


class RetentionOut(OpenOut):
    """Before the hot window, windowed observations survive only as rollups."""

    horizon: datetime = Field(description="Before this moment single values were pruned.")
    from_rollup: bool = Field(description="Always true: the answer draws on rollups.")
    rollups: list[RollupOut] = Field(description="The rollups standing in for pruned rows.")


DataT = TypeVar("DataT")


class ToolAnswer(Out, Generic[DataT]):
    """A read tool's answer: German text for the agent, and the same as data."""

    text: str = Field(description="The answer as text for the agent.")
    data: DataT = Field(description="The answer as data.")


# -- the agent tools' data -------------------------------------------------------------


class EntityData(OpenOut):
    entity: SubjectOut = Field(description="The entity and its merged refs.")
    facts: list[FactOut] = Field(description="Current attribute values.")
    outgoing: list[FactOut] = Field(description="Current relationships from the entity.")
    incoming: list[FactOut] = Field(description="Current relationships to the entity.")


class StateAtData(OpenOut):
    entity: SubjectOut = Field(description="The entity and its merged refs.")
    valid_time: datetime = Field(description="The moment in the world read.")
    facts: list[FactOut] = Field(description="What held then, as believed now.")
    retention: RetentionOut | None = Field(description="Rollups standing in for pruned rows.")


class StateKnownData(OpenOut):
    entity: SubjectOut = Field(description="The entity and its merged refs.")
    system_time: datetime = Field(description="The moment of belief read.")
    valid_time: datetime = Field(description="The moment in the world read.")
    facts: list[FactOut] = Field(description="What was believed then about valid_time.")
    retention: RetentionOut | None = Field(description="Rollups standing in for pruned rows.")


class HistoryData(OpenOut):
    entity: SubjectOut = Field(description="The entity and its merged refs.")
    predicate: str = Field(description="The predicate whose history this is.")
    history: list[FactHistoryOut] = Field(description="Every value, oldest first.")


class FoundEntityOut(OpenOut):
    ref: str = Field(description="kind:slug")
    kind: str = Field(description="The entity kind.")
    name: str = Field(description="The canonical name.")
    aliases: list[str] = Field(description="Its aliases.")


class FindEntityData(OpenOut):
    query: str = Field(description="The name, alias or ref looked up.")
    entities: list[FoundEntityOut] = Field(description="The entities it points to.")


class RecallFactsData(OpenOut):
    entity: SubjectOut | None = Field(description="The entity found, or null.")
    facts: list[FactOut] = Field(description="Its current values (filtered).")


class NeighborsData(OpenOut):
    entity: SubjectOut = Field(description="The entity and its merged refs.")
    depth: int = Field(description="How many steps were followed.")
    edges: list[FactOut] = Field(description="The relationships found.")
    truncated: bool = Field(description="Whether the node limit cut the walk short.")


class SearchHitOut(OpenOut):
    kind: str = Field(description="entity, fact or passage.")
    id: str = Field(description="The hit's id.")
    ref: str | None = Field(description="The entity's ref, if any.")
    text: str = Field(description="The matched text.")
    score: float = Field(description="Fused relevance.")
    sources: list[str] = Field(description="Which searches found it.")


class SearchData(OpenOut):
    query: str = Field(description="The query.")
    hits: list[SearchHitOut] = Field(description="Ranked candidates.")


class EffectsData(OpenOut):
    events: list[EventOut] = Field(description="The events reached, by depth.")
    facts: list[FactOut] = Field(description="The facts those events caused.")


class ExplainData(OpenOut):
    """Either ``fact`` with its causes and neighbours, or ``event`` with its causes."""

    fact: FactOut | None = Field(None, description="The fact explained.")
    event: EventOut | None = Field(None, description="The event explained.")
    causes: list[EventOut] = Field(description="The causing events, nearest first.")
    previous: list[FactOut] | None = Field(None, description="The values before the fact.")
    next: list[FactOut] | None = Field(None, description="The values after the fact.")


class PassageOut(OpenOut):
    """A source message as a passage: session, time and text (empty when deleted)."""

    message_id: str = Field(description="The source message's id.")
    session_external_id: str = Field(description="The session's external id.")
    external_id: str | None = Field(None, description="The message's external id.")
    occurred_at: datetime = Field(description="When it was said.")
    role: str | None = Field(None, description="user, assistant, tool or system.")
    speaker: str | None = Field(None, description="Who spoke.")
    text: str = Field(description="The text.")
    deleted: bool | None = Field(None, description="Whether the owner deleted it.")


class WindowOut(OpenOut):
    start: datetime = Field(description="Where the window starts.")
    end: datetime = Field(description="Where it ends.")
    text: str = Field(description="The words that named it.")
    messages: int = Field(description="Messages in the window.")
    matching: int = Field(description="Of them, matching the terms.")


class RecallSourcesData(OpenOut):
    windows: list[WindowOut] = Field(description="The time windows the question named.")
    terms: list[str] = Field(description="The terms searched for.")
    own_turns_only: bool = Field(description="Whether only the owner's turns were read.")
    passages: list[PassageOut] = Field(description="The passages found.")
    from_: Literal["sources"] = Field(alias="from", description="Always the source layer.")

    model_config = ConfigDict(extra="allow", populate_by_name=True, serialize_by_alias=True)


class RegroundData(OpenOut):
    ref: str = Field(description="The derived object.")
    kind: str = Field(description="Its kind.")
    derived: bool = Field(description="Whether it is derived (not said directly).")
    derivation: JsonValue = Field(description="How it was derived.")
    statement: JsonValue = Field(description="Its statement.")
    evidence: list[str] = Field(description="Refs of the objects it was derived from.")
    passages: list[PassageOut] = Field(description="The original passages.")


class RawEventOut(OpenOut):
    """A world event as the context block and the coding slice read it."""

    id: UUID = Field(description="The event's id.")
    event_type: str = Field(description="The event type id.")
    occurred_at: datetime = Field(description="When it happened.")
    summary: str = Field(description="What happened, in a line.")
    intent: str | None = Field(description="What the agent meant to achieve, if an intent.")
    intent_outcome: str | None = Field(description="The intent's latest outcome.")
    caused_by_event_id: UUID | None = Field(description="The event that caused it.")
    run_id: str | None = Field(description="The agent run it belongs to.")


class ConventionFactOut(FactOut):
    """A convention fact, resolved: the level it applies from and its rule as text."""

    model_config = ConfigDict(extra="allow")

    level: str = Field(description="repo, project, folder or global.")
    rule: str = Field(description="The rule as text.")


class OpenItemOut(OpenOut):
    ref: str = Field(description="The work item's ref.")
    status: str | None = Field(description="Its status, if known.")
    blocked_by: list[str | None] = Field(description="Refs of what blocks it.")


class CodingSliceOut(OpenOut):
    """A repo's coding slice: its container chain, conventions, open items, events."""

    repo: str = Field(description="The repo's ref.")
    chain: dict[str, str] = Field(description="Ref → level (repo, project, folder).")
    conventions: list[ConventionFactOut] = Field(description="Conventions, resolved.")
    items: list[OpenItemOut] = Field(description="Open work items in the repo.")
    events: list[RawEventOut] = Field(description="Recent events with causes and effects.")


class ConventionsData(CodingSliceOut):
    """The conventions that apply in a repo, as its coding slice."""


class ConventionOut(OpenOut):
    rule: str = Field(description="The convention.")
    predicate: str = Field(description="Its predicate.")
    level: str = Field(description="repo, project/folder or global.")
    scope_ref: str | None = Field(description="Where it applies.")
    fact_id: str = Field(description="The convention's fact row.")


class AgentsMdData(OpenOut):
    repo: str = Field(description="The repo's ref.")
    conventions: list[ConventionOut] = Field(description="The conventions rendered.")


class RecallData(OpenOut):
    query: str = Field(description="The query.")
    notes: list[FactOut] = Field(description="Matching notes.")
    facts: list[FactOut] = Field(description="Matching facts.")
    hits: list[SearchHitOut] = Field(description="The search hits behind them.")


class PendingOut(OpenOut):
    id: str = Field(description="The pending item's id (accept/reject it by this id).")
    proposal_id: str = Field(description="Its proposal.")
    op: str = Field(description="The operation.")
    payload: JsonValue = Field(description="The operation as proposed.")
    reason: str = Field(description="Why it waits.")


class DigestData(OpenOut):
    pending: list[PendingOut] = Field(description="Items waiting for a decision.")
    merge_suggestions: list[JsonValue] = Field(description="Suggested merges.")
    conflicts: list[str] = Field(description="Ids of pending items that contradict a value.")


class ContextFactOut(FactOut):
    """A fact in the context block (ranking may add keys)."""

    model_config = ConfigDict(extra="allow")


class LinkedSpanOut(OpenOut):
    span: str = Field(description="The words of the message.")
    ref: str = Field(description="The entity they name.")


class UnresolvedSpanOut(OpenOut):
    span: str = Field(description="The words of the message.")
    candidates: list[str] = Field(description="The entities they might name.")


class ContextEventOut(RawEventOut):
    salient: bool = Field(description="Whether it is one of the linked entities' recent ones.")


class NoticeOut(Out):
    """A correction notice: memory now believes another value than the agent told before."""

    id: str = Field(description="The notice's id.")
    chat_id: str = Field(description="The chat whose words changed the memory.")
    kind: Literal["change", "correction"] = Field(
        description="change: it holds from now on; correction: the old value never held."
    )
    language: str = Field(description="The language of the text (de or en).")
    text: str = Field(description="The notice, to tell the person once.")


class ContextData(OpenOut):
    linked: list[LinkedSpanOut] | None = Field(None, description="Spans linked to refs.")
    unresolved: list[UnresolvedSpanOut] | None = Field(
        None, description="Spans with several candidates."
    )
    facts: list[ContextFactOut] | None = Field(None, description="The facts in the block.")
    policies: list[ContextFactOut] | None = Field(None, description="Policies in force.")
    preferences: list[ContextFactOut] | None = Field(None, description="Preferences in force.")
    events: list[ContextEventOut] | None = Field(None, description="Salient recent events.")
    coding: list[CodingSliceOut] | None = Field(None, description="The coding slices.")
    dropped: list[str] | None = Field(None, description="Lines the budget left out.")
    tokens: int | None = Field(None, description="Tokens of the block.")
    notices: list[NoticeOut] | None = Field(
        None, description="Correction notices carried once, in the text too."
    )
    language: str | None = Field(
        None, description="The language of the text (de, en); absent for style=agent."
    )


# -- the reflection layer ----------------------------------------------------------------


class ReflectionItemOut(Out):
    """A reflection object in a listing, with its current state."""

    ref: str = Field(description="kind:slug")
    id: str = Field(description="The entity's id.")
    kind: str = Field(description="thread, reflection_space, open_question, …")
    name: str = Field(description="The canonical name.")
    state: str | None = Field(description="The current state's name.")
    state_detail: JsonValue = Field(description="The state with its trigger and sources.")
    statement: JsonValue = Field(description="The statement, if any.")
    spaces: int = Field(description="How many spaces it is in.")


class ReflectionFactOut(Out):
    fact_id: str = Field(description="The fact row's id.")
    predicate: str = Field(description="The predicate id.")
    value: JsonValue = Field(description="The value as stored.")
    object_ref: str | None = Field(description="The object's ref for a relationship.")
    valid_from: datetime = Field(description="Valid from.")
    valid_to: datetime | None = Field(description="Valid to (open if null).")
    recorded_at: datetime = Field(description="Recorded at (system time).")
    superseded_at: datetime | None = Field(description="Superseded at (system time).")
    status: str = Field(description="The row's status.")
    memory_type: str = Field(description="How it was learnt.")
    confidence: float = Field(description="Confidence between 0 and 1.")
    reason: str | None = Field(description="Why, if said.")
    evidence_ref: str | None = Field(description="The evidence's ref (a source message).")


class LinkOut(Out):
    predicate: str = Field(description="The link's predicate.")
    ref: str | None = Field(description="The linked object's ref.")
    fact_id: str = Field(description="The link's fact row.")


class ReflectionDetailOut(Out):
    """One reflection object: state, history, links both ways and sources."""

    ref: str = Field(description="kind:slug")
    id: str = Field(description="The entity's id.")
    kind: str = Field(description="The kind.")
    name: str = Field(description="The canonical name.")
    state: str | None = Field(description="The state's name at the moment read.")
    facts: list[ReflectionFactOut] = Field(description="Its attribute values then.")
    links_out: list[LinkOut] = Field(description="Links from it.")
    links_in: list[LinkOut] = Field(description="Links to it.")
    linked_experiences: list[str] = Field(description="Refs of linked experiences.")
    history: list[ReflectionFactOut] = Field(description="Every state row ever recorded.")
    sources: list[PassageOut] = Field(description="The source passages behind it.")


class WorkingStateOut(OpenOut):
    """A session's working state."""

    chat_id: str = Field(description="The session's external id.")
    primary_space: str | None = Field(description="The main space's ref.")
    related_spaces: list[str] = Field(description="Other spaces' refs.")
    active_threads: list[str] = Field(description="Active threads' refs.")
    open_questions: list[str] = Field(description="Open questions' refs.")
    memory_refs: list[str] = Field(description="Refs the session touched.")
    summary: JsonValue = Field(description="The rolling summary.")
    summarised_until: str | None = Field(description="The last message summarised.")
    fidelity: JsonValue = Field(description="Whether the summary still holds.")
    turns: int = Field(description="Turns so far.")
    last_message_at: datetime | None = Field(description="The last message's time.")
    closed_at: datetime | None = Field(description="When the session was closed.")
