import pytest
from django.test import Client

from tests.worldmemory.pages.world import build_world, login
from worldmemory.tenancy import owner_scope


@pytest.fixture
def world():
    with owner_scope("owner-a") as scope:
        return build_world(scope)


@pytest.fixture
def client_a() -> Client:
    client = Client()
    client.force_login(login("owner-a", "alice"))
    return client


@pytest.fixture
def client_b() -> Client:
    client = Client()
    client.force_login(login("owner-b", "bob"))
    return client


HTMX = {"HTTP_HX_REQUEST": "true"}


def htmx(target: str) -> dict:
    return {**HTMX, "HTTP_HX_TARGET": target}
