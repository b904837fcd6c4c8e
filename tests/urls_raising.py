"""The real URLs plus one view that fails midway after authenticating its owner."""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from gedaechtnis.urls import urlpatterns as real_urlpatterns
from tests import factories
from worldmemory.tokens import token_authenticate


def fail_midway(request: HttpRequest) -> HttpResponse:
    scope = token_authenticate(request.headers["Authorization"].removeprefix("Bearer "))
    assert scope is not None
    factories.entity(scope, name="Half-written")
    raise RuntimeError("boom after writing")


urlpatterns = [*real_urlpatterns, path("fail-midway", fail_midway)]
