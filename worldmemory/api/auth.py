from django.http import HttpRequest
from ninja.security import HttpBearer

from worldmemory.ratelimit import token_rate_limit
from worldmemory.tenancy import OwnerScope
from worldmemory.tokens import IntegrationClient, integration_authenticate, token_authenticate


class OwnerTokenAuth(HttpBearer):
    """Bearer token → ``OwnerScope``, set inside the request's transaction; then one
    request is counted against the token's rate limit (429 past it)."""

    def authenticate(self, request: HttpRequest, token: str) -> OwnerScope | None:
        scope = token_authenticate(token)
        if scope is not None:
            token_rate_limit(raw_token=token)
        return scope


class IntegrationTokenAuth(HttpBearer):
    """An integration's bearer token → ``IntegrationClient`` (owner tokens do not pass);
    integrations are rate-limited per token like everyone else."""

    def authenticate(self, request: HttpRequest, token: str) -> IntegrationClient | None:
        client = integration_authenticate(token)
        if client is not None:
            token_rate_limit(raw_token=token)
        return client
