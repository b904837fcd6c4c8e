"""Integrations: the owner creates and removes them; an integration (with its own token)
registers its descriptors and syncs its items."""

from __future__ import annotations

from typing import Annotated, Any

from django.http import HttpRequest
from ninja import Field, Router, Schema

from worldmemory.api.auth import IntegrationTokenAuth
from worldmemory.contracts import CleanStr
from worldmemory.integrations.clients import integration_create, integration_remove
from worldmemory.integrations.descriptors import Descriptors, descriptors_register
from worldmemory.integrations.sync import SyncIn, integration_sync
from worldmemory.models import TrustTier

router = Router(tags=["integrations"])

ERRORS = {404: dict, 409: dict, 422: dict}


class IntegrationIn(Schema):
    domain: Annotated[CleanStr, Field(min_length=1, max_length=50)]
    name: Annotated[CleanStr, Field(max_length=200)] = ""
    trust_tier: TrustTier = TrustTier.UNTRUSTED


class IntegrationOut(Schema):
    id: str
    domain: str
    trust_tier: str
    token: str


class RegisteredOut(Schema):
    registered: list[dict[str, Any]]


@router.post("/integrations", response={200: IntegrationOut, **ERRORS})
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
    response={200: RegisteredOut, **ERRORS},
)
def register_descriptors(request: HttpRequest, body: Descriptors):
    """Register the kinds, predicates and event types this integration brings (all or none)."""
    return {"registered": descriptors_register(client=request.auth, descriptors=body)}


@router.post(
    "/integrations/sync", auth=IntegrationTokenAuth(), response={200: dict[str, Any], **ERRORS}
)
def sync(request: HttpRequest, body: SyncIn):
    """Upsert items by (source_entry_id, kind, external_id); unchanged content writes nothing."""
    return integration_sync(client=request.auth, body=body)


# after the fixed paths: {domain} would match them too
@router.delete("/integrations/{domain}", response={200: dict[str, Any], **ERRORS})
def remove(request: HttpRequest, domain: str):
    """Remove an integration: its types deprecated, its entities stale, nothing deleted."""
    return integration_remove(
        scope=request.auth, domain=domain, actor=f"user:{request.auth.owner_sub}"
    )
