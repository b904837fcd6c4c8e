"""``POST /integrations/sync``: what an integration sends, and how it becomes entities.

Each item is keyed by ``(source_entry_id, kind, external_id)``; its content hash (sent,
or computed from everything but the observation time) decides whether anything is
written. Facts are ``observed_state``, backdated to ``changed_at``, windowed unless the
integration says ``permanent``.
"""

from __future__ import annotations

import hashlib
import json
from typing import Annotated, Any

from django.utils import timezone
from pydantic import Field, model_validator

from worldmemory.committer.sync import SyncFact, SyncItem, SyncSource, sync_apply
from worldmemory.contracts import CleanDict, CleanJson, CleanStr, Frozen, Moment
from worldmemory.integrations.causation import action_for_change
from worldmemory.models import RetentionClass, uuid7
from worldmemory.tokens import IntegrationClient

Key = Annotated[CleanStr, Field(min_length=1, max_length=100)]
ExternalId = Annotated[CleanStr, Field(min_length=1, max_length=300)]
DEFAULT_SOURCE_ENTRY = "default"


class ItemRef(Frozen):
    kind: Key
    external_id: ExternalId


class BackingRef(Frozen):
    """The domain row an entity stands for (seed 000 §2: graph-backed via adapter)."""

    table: Annotated[CleanStr, Field(min_length=1, max_length=100)]
    id: Annotated[CleanStr, Field(min_length=1, max_length=200)] | int


class FactIn(Frozen):
    predicate: Key
    value: CleanJson = None
    object: ItemRef | None = None
    valid_from: Moment | None = None
    retention_class: RetentionClass = RetentionClass.WINDOWED

    @model_validator(mode="after")
    def _one_object(self) -> FactIn:
        if (self.value is None) == (self.object is None):
            raise ValueError("give exactly one of value or object")
        return self


class ItemIn(Frozen):
    kind: Key
    external_id: ExternalId
    name: Annotated[CleanStr, Field(min_length=1, max_length=500)]
    backing_ref: BackingRef | None = None
    aliases: tuple[Annotated[CleanStr, Field(min_length=1, max_length=300)], ...] = ()
    facts: tuple[FactIn, ...] = Field(default=(), max_length=100)
    metadata: CleanDict = Field(default_factory=dict)
    # when the change happened at the source (the facts' valid_from); default observed_at
    changed_at: Moment | None = None
    observed_at: Moment | None = None
    content_hash: Annotated[CleanStr, Field(min_length=1, max_length=64)] | None = None


class SyncIn(Frozen):
    source_entry_id: Annotated[CleanStr, Field(min_length=1, max_length=150)] = DEFAULT_SOURCE_ENTRY
    observed_at: Moment | None = None
    items: tuple[ItemIn, ...] = Field(min_length=1, max_length=500)

    @model_validator(mode="after")
    def _distinct(self) -> SyncIn:
        keys = [(item.kind, item.external_id) for item in self.items]
        if len(keys) != len(set(keys)):
            raise ValueError("each (kind, external_id) may appear once per sync")
        return self


def content_hash(item: ItemIn) -> str:
    """The item's content, without when it was observed: the same content seen again
    hashes the same."""
    content = item.model_dump(mode="json", exclude={"observed_at", "content_hash"})
    text = json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _item(item: ItemIn, observed_at) -> SyncItem:
    return SyncItem(
        kind=item.kind,
        external_id=item.external_id,
        name=item.name,
        content_hash=item.content_hash or content_hash(item),
        observed_at=item.observed_at or observed_at,
        changed_at=item.changed_at,
        backing_ref=item.backing_ref.model_dump() if item.backing_ref else None,
        aliases=item.aliases,
        facts=tuple(
            SyncFact(
                predicate=f.predicate,
                value=f.value,
                target=(f.object.kind, f.object.external_id) if f.object else None,
                valid_from=f.valid_from,
                retention_class=f.retention_class,
            )
            for f in item.facts
        ),
        metadata=item.metadata,
    )


def integration_sync(*, client: IntegrationClient, body: SyncIn) -> dict[str, Any]:
    """Upsert the items for the integration's owner; report what changed."""
    observed_at = body.observed_at or timezone.now()
    # the domain prefix keeps integrations apart and finds their entities on removal
    source = SyncSource(
        domain=client.domain,
        trust_tier=client.trust_tier,
        source_entry_id=f"{client.domain}:{body.source_entry_id}",
    )
    run_id = f"sync:{client.domain}:{uuid7()}"

    def find_cause(entity, external_id, changed_at):
        return action_for_change(
            scope=client.scope, entity=entity, external_id=external_id, changed_at=changed_at
        )

    results = sync_apply(
        scope=client.scope,
        source=source,
        items=[_item(item, observed_at) for item in body.items],
        run_id=run_id,
        find_cause=find_cause,
    )
    items = [
        {
            "kind": r["key"][0],
            "external_id": r["key"][1],
            "entity_ref": r["entity"].ref,
            "outcome": r["outcome"],
            "event_id": str(r["event"].pk) if r.get("event") else None,
            "inferred_cause_event_id": str(r["cause"].pk) if r.get("cause") else None,
            "facts": [
                {"predicate": predicate, "decision": decision, "reason": reason}
                for predicate, decision, reason in r.get("facts", [])
            ],
        }
        for r in results
    ]
    counts = {
        outcome: sum(1 for i in items if i["outcome"] == outcome)
        for outcome in ("created", "updated", "unchanged")
    }
    return {"run_id": run_id, "source_entry_id": source.source_entry_id, **counts, "items": items}
