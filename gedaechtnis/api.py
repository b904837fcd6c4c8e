"""The one ``NinjaAPI``: routers per area, errors mapped in one place."""

import re

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.db import connections, transaction
from django.http import HttpRequest, HttpResponse
from ninja import NinjaAPI
from ninja.errors import HttpError, ValidationError
from ninja.parser import Parser

from worldmemory import labels
from worldmemory.api.agent import router as agent_router
from worldmemory.api.auth import OwnerTokenAuth
from worldmemory.api.code import router as code_router
from worldmemory.api.entities import router as entities_router
from worldmemory.api.governance import router as governance_router
from worldmemory.api.integrations import router as integrations_router
from worldmemory.api.reflection import router as reflection_router
from worldmemory.api.schemas import QUERY_RULE
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


class BodyNotAnObject(ValueError):
    """A JSON body that is not an object: every body of the API is one."""


class ObjectBodyParser(Parser):
    """Refuses a body that is JSON but no object (``false``, ``""``, ``[]``): read as a
    schema whose fields all have defaults, such a body would otherwise pass as ``{}``."""

    def parse_body(self, request: HttpRequest) -> dict:
        data = super().parse_body(request)
        if not isinstance(data, dict):
            raise BodyNotAnObject(f"the body must be a JSON object, not {type(data).__name__}")
        return data


def _without_null(schema: dict) -> dict:
    """A query parameter is absent or a string, never null: drop the null branch."""
    branches = [b for b in schema.get("anyOf", []) if b != {"type": "null"}]
    if len(branches) == 1 and len(schema["anyOf"]) == 2:
        rest = {k: v for k, v in schema.items() if k != "anyOf"}
        return branches[0] | rest
    return schema


def _group_query(operation: dict, rule: dict) -> None:
    """Replace the operation's query parameters by one form-exploded object parameter that
    carries ``rule`` (see ``worldmemory.api.schemas.query_rule``)."""
    query = [p for p in operation.get("parameters", []) if p["in"] == "query"]
    grouped = {
        "type": "object",
        "properties": {
            p["name"]: _without_null(p["schema"])
            | ({"description": p["description"]} if "description" in p else {})
            for p in query
        },
        **rule,
    }
    operation["parameters"] = [p for p in operation["parameters"] if p["in"] != "query"] + [
        {
            "in": "query",
            "name": "query",
            "style": "form",
            "explode": True,
            "required": True,
            "schema": grouped,
            "description": "The query parameters; valid only together as the schema says.",
        }
    ]


class GedaechtnisAPI(NinjaAPI):
    """Every response of the API passes here; a 5xx one rolls the request back."""

    def get_openapi_schema(self, *, path_prefix=None, path_params=None):
        schema = super().get_openapi_schema(path_prefix=path_prefix, path_params=path_params)
        for path_item in schema["paths"].values():
            for operation in path_item.values():
                rule = operation.pop(QUERY_RULE, None)
                if rule:
                    _group_query(operation, rule)
        return schema

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
    parser=ObjectBodyParser(),
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


NAMED_LANGUAGE = re.compile(r"(^|,)\s*(de|en)\b", re.IGNORECASE)


@api.exception_handler(ApplicationError)
def application_error(request: HttpRequest, error: ApplicationError):
    # English for agents; a caller that names one of our languages (a browser, a page's
    # script) reads the problem in it, as LocaleMiddleware chose it. "*" (Node's fetch)
    # names none.
    asked = bool(NAMED_LANGUAGE.search(request.headers.get("Accept-Language", "")))
    detail = labels.said(error) if asked else error.message
    response = api.create_response(
        request, {"detail": detail, **error.extra}, status=error.status_code
    )
    if isinstance(error, RateLimited):
        response["Retry-After"] = str(error.retry_after)
    return response


@api.exception_handler(RequestDataTooBig)
def body_too_large(request: HttpRequest, error: RequestDataTooBig):
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    detail = f"the request body is larger than {limit} bytes (GD_MAX_REQUEST_BYTES)"
    return api.create_response(request, {"detail": detail, "limit": limit}, status=413)


def _problem(error: dict) -> dict:
    """One validation problem as a caller reads it: where in the body it is, without the
    view's parameter name ("body.batch.messages.0.text" is "body.messages.0.text"), and a
    text's length in characters (pydantic says "items" of a string it checked as a value)."""
    loc = list(error.get("loc", ()))
    if len(loc) > 2 and loc[0] == "body":
        loc = [loc[0], *loc[2:]]
    ctx = error.get("ctx") or {}
    msg = error.get("msg", "")
    if error.get("type") in ("too_long", "too_short") and ctx.get("field_type") == "Value":
        bound = "at most" if error["type"] == "too_long" else "at least"
        limit = ctx.get("max_length", ctx.get("min_length"))
        msg = f"Text should have {bound} {limit} characters, not {ctx.get('actual_length')}"
        if error["type"] == "too_short" and limit == 1:
            msg = "Text should not be empty"
    return {**error, "loc": loc, "msg": msg}


@api.exception_handler(ValidationError)
def validation_error(request: HttpRequest, error: ValidationError):
    return api.create_response(request, {"detail": [_problem(e) for e in error.errors]}, status=422)


@api.exception_handler(HttpError)
def http_error(request: HttpRequest, error: HttpError):
    # A body that is not JSON, or no JSON object, is invalid input like any other: 422,
    # nothing written.
    if error.status_code == 400 and str(error).startswith("Cannot parse request body"):
        cause = error.__cause__
        if isinstance(cause, BodyNotAnObject):
            message, kind = str(cause), "model_type"
        elif isinstance(cause, RecursionError):
            message, kind = "JSON nested too deeply", "json_invalid"
        else:
            message, kind = "malformed JSON", "json_invalid"
        detail = [{"loc": ["body"], "msg": message, "type": kind}]
        return api.create_response(request, {"detail": detail}, status=422)
    return api.create_response(request, {"detail": str(error)}, status=error.status_code)
