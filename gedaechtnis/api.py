"""The one ``NinjaAPI``: routers per area, errors mapped in one place."""

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.db import connections, transaction
from django.http import HttpRequest, HttpResponse
from ninja import NinjaAPI
from ninja.errors import HttpError

from worldmemory.api.agent import router as agent_router
from worldmemory.api.auth import OwnerTokenAuth
from worldmemory.api.code import router as code_router
from worldmemory.api.entities import router as entities_router
from worldmemory.api.governance import router as governance_router
from worldmemory.api.integrations import router as integrations_router
from worldmemory.api.reflection import router as reflection_router
from worldmemory.api.sources import router as sources_router
from worldmemory.api.tools import router as tools_router
from worldmemory.errors import ApplicationError, RateLimited


def _roll_back_request(response: HttpResponse) -> HttpResponse:
    """A server error writes nothing: mark the request's transactions for rollback.

    django-ninja answers an exception with a response (a traceback with ``DEBUG`` on)
    instead of letting it leave the view, so ``ATOMIC_REQUESTS`` alone would commit
    whatever the request wrote before it failed."""
    if response.status_code >= 500:
        for connection in connections.all(initialized_only=True):
            if connection.settings_dict.get("ATOMIC_REQUESTS") and connection.in_atomic_block:
                transaction.set_rollback(True, using=connection.alias)
    return response


class GedaechtnisAPI(NinjaAPI):
    """Every response of the API passes here; a 5xx one rolls the request back."""

    def create_response(self, request: HttpRequest, data, **kwargs) -> HttpResponse:
        return _roll_back_request(super().create_response(request, data, **kwargs))

    def on_exception(self, request: HttpRequest, exc: Exception) -> HttpResponse:
        # an exception that leaves here leaves the atomic block too, which rolls back
        return _roll_back_request(super().on_exception(request, exc))


api = GedaechtnisAPI(
    title="Gedächtnis",
    version="1",
    description="World-state memory for a personal AI agent. Bearer token per owner.",
    auth=OwnerTokenAuth(),
    urls_namespace="api",
    docs_url="/docs",
)
api.add_router("/", agent_router)
api.add_router("/", entities_router)
api.add_router("/", governance_router)
api.add_router("/", sources_router)
api.add_router("/", reflection_router)
api.add_router("/tools", tools_router)
api.add_router("/", integrations_router)
api.add_router("/code", code_router)


@api.exception_handler(ApplicationError)
def application_error(request: HttpRequest, error: ApplicationError):
    response = api.create_response(
        request, {"detail": error.message, **error.extra}, status=error.status_code
    )
    if isinstance(error, RateLimited):
        response["Retry-After"] = str(error.retry_after)
    return response


@api.exception_handler(RequestDataTooBig)
def body_too_large(request: HttpRequest, error: RequestDataTooBig):
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    detail = f"the request body is larger than {limit} bytes (GD_MAX_REQUEST_BYTES)"
    return api.create_response(request, {"detail": detail, "limit": limit}, status=413)


@api.exception_handler(HttpError)
def http_error(request: HttpRequest, error: HttpError):
    # A body that is not JSON at all is invalid input like any other: 422, nothing written.
    if error.status_code == 400 and str(error).startswith("Cannot parse request body"):
        too_deep = isinstance(error.__cause__, RecursionError)
        message = "JSON nested too deeply" if too_deep else "malformed JSON"
        detail = [{"loc": ["body"], "msg": message, "type": "json_invalid"}]
        return api.create_response(request, {"detail": detail}, status=422)
    return api.create_response(request, {"detail": str(error)}, status=error.status_code)
