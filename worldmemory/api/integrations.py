"""Integrations: the owner creates and removes them; an integration (with its own token)
registers its descriptors and syncs its items."""

from __future__ import annotations

from typing import Annotated, Literal

from django.http import HttpRequest
from ninja import Field, Router, Schema
from pydantic import JsonValue, WithJsonSchema

from worldmemory.api.auth import IntegrationTokenAuth
from worldmemory.api.schemas import BODY, answers
from worldmemory.contracts import CleanStr
from worldmemory.integrations.clients import DOMAIN, integration_create, integration_remove
from worldmemory.integrations.descriptors import Descriptors, descriptors_register
from worldmemory.integrations.sync import SyncIn, integration_sync
from worldmemory.models import TrustTier
from worldmemory.reads.types import Out
from worldmemory.registries import RESERVED_NAMESPACES

router = Router(tags=["integrations"])


# what ``integration_create`` accepts as a domain, said in the schema
DOMAIN_PATTERN = (
    f"^(?!(?:{'|'.join(sorted(RESERVED_NAMESPACES))})$){DOMAIN.pattern.removeprefix('^')}"
)


class IntegrationIn(Schema):
    domain: Annotated[
        CleanStr,
        WithJsonSchema({"type": "string", "pattern": DOMAIN_PATTERN, "maxLength": 50}),
    ]
    name: Annotated[CleanStr, Field(max_length=200)] = ""
    trust_tier: TrustTier = TrustTier.UNTRUSTED


class RegisteredTypeOut(Out):
    registry: str = Field(description="entity_kind, predicate or event_type.")
    key: str = Field(description="The type's key.")
    action: Literal["created", "updated", "unchanged"] = Field(description="What was done.")
    clamped: JsonValue = Field(description="Settings lowered to what the integration may set.")


class SyncFactOut(Out):
    predicate: str = Field(description="The predicate.")
    decision: str = Field(description="What became of the value.")
    reason: str = Field(description="Why.")


class SyncItemOut(Out):
    kind: str = Field(description="The item's entity kind.")
    external_id: str = Field(description="The item's id in the integration.")
    entity_ref: str = Field(description="The entity it is stored as.")
    outcome: Literal["created", "updated", "unchanged"] = Field(description="What was done.")
    event_id: str | None = Field(description="The change event written, if any.")
    inferred_cause_event_id: str | None = Field(description="The event inferred as its cause.")
    facts: list[SyncFactOut] = Field(description="Per value, what became of it.")


class SyncOut(Out):
    run_id: str = Field(description="The sync's run id.")
    source_entry_id: str | None = Field(description="The source entry of this sync.")
    created: int = Field(description="Items created.")
    updated: int = Field(description="Items changed.")
    unchanged: int = Field(description="Items unchanged (nothing written).")
    items: list[SyncItemOut] = Field(description="Per item, what was done.")


class RemovedOut(Out):
    domain: str = Field(description="The integration removed.")
    stale_entities: int = Field(description="Its entities, now stale.")
    deprecated_types: int = Field(description="Its types, now deprecated.")


class IntegrationOut(Out):
    id: str = Field(description="The integration's id.")
    domain: str = Field(description="Its domain (the prefix of its types).")
    trust_tier: str = Field(description="How far its items are trusted.")
    token: str = Field(description="Its token, shown this once.")


class RegisteredOut(Out):
    registered: list[RegisteredTypeOut] = Field(description="The types registered.")


@router.post("/integrations", response=answers(IntegrationOut, 409, *BODY))
def create(request: HttpRequest, body: IntegrationIn):
    """Create an integration of this owner; its token (shown once) is an integration token."""
    integration, token = integration_create(
        scope=request.auth, domain=body.domain, name=body.name, trust_tier=body.trust_tier
    )
    return {
        "id": str(integration.pk),
        "domain": integration.domain,
        "trust_tier": integration.trust_tier,
        "token": token,
    }


@router.post(
    "/integrations/descriptors",
    auth=IntegrationTokenAuth(),
    response=answers(RegisteredOut, 409, *BODY),
)
def register_descriptors(request: HttpRequest, body: Descriptors):
    """Register the kinds, predicates and event types this integration brings (all or none)."""
    return {"registered": descriptors_register(client=request.auth, descriptors=body)}


@router.post(
    "/integrations/sync", auth=IntegrationTokenAuth(), response=answers(SyncOut, 404, 409, *BODY)
)
def sync(request: HttpRequest, body: SyncIn):
    """Upsert items by (source_entry_id, kind, external_id); unchanged content writes nothing."""
    return integration_sync(client=request.auth, body=body)


# after the fixed paths: {domain} would match them too
@router.delete("/integrations/{domain}", response=answers(RemovedOut, 404, 422))
def remove(request: HttpRequest, domain: Annotated[CleanStr, Field(min_length=1, max_length=50)]):
    """Remove an integration: its types deprecated, its entities stale, nothing deleted."""
    return integration_remove(
        scope=request.auth, domain=domain, actor=f"user:{request.auth.owner_sub}"
    )
