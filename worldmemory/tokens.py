"""API tokens: ``gd.<owner>.<secret>``; only the SHA-256 of the whole token is stored.

The owner part only says *where to look*: authentication sets that owner for the
current transaction and then requires a live token row with the same hash
under row-level security, so a forged owner part finds nothing.

An integration's token is a type of its own: it authenticates only as that
integration (``integration_authenticate``), never as the owner.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import secrets
from dataclasses import dataclass
from pathlib import Path
from uuid import UUID

from django.utils import timezone

from worldmemory.models import ApiToken, Integration
from worldmemory.tenancy import OwnerScope, activate_owner

TOKEN_PREFIX = "gd"
MAX_OWNER_LENGTH = 200  # as long as an owner_sub column; longer owner parts are not ours


def _hash(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


def _encode_owner(owner_sub: str) -> str:
    return base64.urlsafe_b64encode(owner_sub.encode()).decode().rstrip("=")


def _decode_owner(part: str) -> str | None:
    """The owner a token names, or ``None`` for anything no token of ours could carry:
    bad base64, bytes that are not UTF-8, control characters (a NUL would fail the
    database query instead of the authentication)."""
    try:
        owner = base64.urlsafe_b64decode(part.encode("ascii") + b"=" * (-len(part) % 4))
        decoded = owner.decode()
    except (binascii.Error, UnicodeError, ValueError):
        return None
    return decoded if decoded.isprintable() and len(decoded) <= MAX_OWNER_LENGTH else None


@dataclass(frozen=True)
class IntegrationClient:
    """An authenticated integration: whose memory it feeds, its namespace and trust tier."""

    scope: OwnerScope
    integration_id: UUID
    domain: str
    trust_tier: str


def token_create(*, scope: OwnerScope, name: str, integration: Integration | None = None) -> str:
    """Create a token for the scope's owner (or one of its integrations) and return it;
    it is never shown again."""
    raw = f"{TOKEN_PREFIX}.{_encode_owner(scope.owner_sub)}.{secrets.token_urlsafe(32)}"
    ApiToken.objects.create(
        owner_sub=scope.owner_sub,
        org_id=scope.org_id,
        name=name,
        token_hash=_hash(raw),
        integration=integration,
    )
    return raw


def token_revoke(*, scope: OwnerScope, name: str) -> int:
    """Revoke every live token of this owner with ``name``; return how many."""
    return ApiToken.objects.filter(
        owner_sub=scope.owner_sub, name=name, revoked_at__isnull=True
    ).update(revoked_at=timezone.now())


def token_kept(*, scope: OwnerScope, name: str, kept: Path) -> str:
    """The owner's live token ``name`` as kept in the file ``kept``, so an agent configured
    with it keeps working across restarts; a new one (any other of that name revoked) when
    the file is missing or its token was revoked. The file is the one place the raw token
    rests, readable by its owner only, like the local login's password beside it."""
    raw = kept.read_text().strip() if kept.exists() else ""
    if (
        raw
        and ApiToken.objects.filter(
            owner_sub=scope.owner_sub, name=name, token_hash=_hash(raw), revoked_at__isnull=True
        ).exists()
    ):
        return raw
    token_revoke(scope=scope, name=name)
    raw = token_create(scope=scope, name=name)
    kept.parent.mkdir(parents=True, exist_ok=True)
    kept.touch(mode=0o600)
    kept.chmod(0o600)
    kept.write_text(raw)
    return raw


def _live_token(raw: str) -> ApiToken | None:
    """The live token row (its owner set for the transaction), else ``None`` (owner unset)."""
    prefix, _, rest = raw.partition(".")
    owner_part, _, secret = rest.partition(".")
    owner_sub = _decode_owner(owner_part) if prefix == TOKEN_PREFIX and secret else None
    if not owner_sub:
        return None
    activate_owner(owner_sub)
    digest = _hash(raw)
    token = (
        ApiToken.objects.filter(owner_sub=owner_sub, token_hash=digest, revoked_at__isnull=True)
        .only("id", "token_hash", "org_id", "owner_sub", "integration_id")
        .first()
    )
    if token is None or not hmac.compare_digest(token.token_hash, digest):
        activate_owner("")
        return None
    return token


def token_authenticate(raw: str) -> OwnerScope | None:
    """Inside the request transaction: the owner of a live owner token, else ``None``."""
    token = _live_token(raw)
    if token is None or token.integration_id is not None:
        activate_owner("")
        return None
    return OwnerScope(owner_sub=token.owner_sub, org_id=token.org_id)


def integration_authenticate(raw: str) -> IntegrationClient | None:
    """Inside the request transaction: the live integration a token belongs to, else ``None``."""
    token = _live_token(raw)
    integration = (
        Integration.objects.filter(
            owner_sub=token.owner_sub, pk=token.integration_id, removed_at__isnull=True
        ).first()
        if token is not None and token.integration_id is not None
        else None
    )
    if integration is None:
        activate_owner("")
        return None
    scope = OwnerScope(owner_sub=token.owner_sub, org_id=token.org_id)
    return IntegrationClient(scope, integration.pk, integration.domain, integration.trust_tier)
