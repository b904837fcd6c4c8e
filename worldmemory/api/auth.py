from django.http import HttpRequest
from ninja.security import HttpBearer

from worldmemory.tenancy import OwnerScope
from worldmemory.tokens import IntegrationClient, integration_authenticate, token_authenticate


class OwnerTokenAuth(HttpBearer):
    """Bearer token → ``OwnerScope``, set inside the request's transaction."""

    def authenticate(self, request: HttpRequest, token: str) -> OwnerScope | None:
        return token_authenticate(token)


class IntegrationTokenAuth(HttpBearer):
    """An integration's bearer token → ``IntegrationClient`` (owner tokens do not pass)."""

    def authenticate(self, request: HttpRequest, token: str) -> IntegrationClient | None:
        return integration_authenticate(token)
