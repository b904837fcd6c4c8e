from django.http import HttpRequest
from ninja.security import HttpBearer

from worldmemory.tenancy import OwnerScope
from worldmemory.tokens import token_authenticate


class OwnerTokenAuth(HttpBearer):
    """Bearer token → ``OwnerScope``, set inside the request's transaction."""

    def authenticate(self, request: HttpRequest, token: str) -> OwnerScope | None:
        return token_authenticate(token)
