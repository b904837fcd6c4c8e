"""Integrations as API clients of one owner: created with a token of their own type,
removed without deleting anything (their types deprecated, their instances stale).

The types an integration registers are the owner's own rows, so removing it deprecates
that owner's types of the domain and nobody else's."""

from __future__ import annotations

import re

from django.db import transaction

from infra.routers import APP_DB
from worldmemory.committer import entities_mark_stale
from worldmemory.errors import Conflict, InvalidInput, NotFound
from worldmemory.integrations.descriptors import descriptors_deprecate
from worldmemory.models import ApiToken, Integration, TrustTier
from worldmemory.registries import RESERVED_NAMESPACES
from worldmemory.tenancy import OwnerScope
from worldmemory.tokens import token_create

DOMAIN = re.compile(r"^[a-z][a-z0-9_]{0,49}$")


def integration_create(
    *, scope: OwnerScope, domain: str, name: str, trust_tier: str
) -> tuple[Integration, str]:
    """Create an integration and its token (returned once, never shown again)."""
    if not DOMAIN.match(domain) or domain in RESERVED_NAMESPACES:
        raise InvalidInput(
            f"domain must be lowercase letters, digits and _ and not one of "
            f"{', '.join(sorted(RESERVED_NAMESPACES))}; {domain!r} is not"
        )
    with transaction.atomic(using=APP_DB):
        if Integration.objects.filter(
            owner_sub=scope.owner_sub, domain=domain, removed_at__isnull=True
        ).exists():
            raise Conflict(f"an integration {domain!r} exists already; remove it first")
        integration = Integration.objects.create(
            owner_sub=scope.owner_sub,
            org_id=scope.org_id,
            domain=domain,
            name=name or domain,
            trust_tier=TrustTier(trust_tier),
        )
        token = token_create(scope=scope, name=f"integration:{domain}", integration=integration)
        return integration, token


def integration_remove(*, scope: OwnerScope, domain: str, actor: str) -> dict:
    """Remove the owner's integration: revoke its tokens, mark the entities it fed stale,
    and deprecate the types it registered for this owner (one live integration per domain)."""
    with transaction.atomic(using=APP_DB):
        integration = (
            Integration.objects.select_for_update()
            .filter(owner_sub=scope.owner_sub, domain=domain, removed_at__isnull=True)
            .first()
        )
        if integration is None:
            raise NotFound(f"no integration {domain!r}")
        stale = entities_mark_stale(scope=scope, domain=domain, actor=actor)
        Integration.objects.filter(pk=integration.pk).update(removed_at=stale["at"])
        ApiToken.objects.filter(
            owner_sub=scope.owner_sub, integration=integration, revoked_at__isnull=True
        ).update(revoked_at=stale["at"])
        deprecated = descriptors_deprecate(scope=scope, domain=domain)
        return {"domain": domain, "stale_entities": stale["count"], "deprecated_types": deprecated}
