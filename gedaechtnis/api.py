"""The one ``NinjaAPI``: routers per area, errors mapped in one place."""

from django.http import HttpRequest
from ninja import NinjaAPI

from worldmemory.api.auth import OwnerTokenAuth
from worldmemory.api.entities import router as entities_router
from worldmemory.errors import ApplicationError

api = NinjaAPI(
    title="Gedächtnis",
    version="1",
    description="World-state memory for a personal AI agent. Bearer token per owner.",
    auth=OwnerTokenAuth(),
    urls_namespace="api",
    docs_url="/docs",
)
api.add_router("/", entities_router)


@api.exception_handler(ApplicationError)
def application_error(request: HttpRequest, error: ApplicationError):
    return api.create_response(
        request, {"detail": error.message, **error.extra}, status=error.status_code
    )
