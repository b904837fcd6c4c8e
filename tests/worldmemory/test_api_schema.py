"""Schemathesis over the OpenAPI schema: no server error, no response breaking the schema."""

from __future__ import annotations

import json

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

from gedaechtnis.api import api
from gedaechtnis.wsgi import application
from tests import proposals as p
from tests.conftest import BOTH_DATABASES
from worldmemory.committer import proposal_commit
from worldmemory.tenancy import owner_scope
from worldmemory.tokens import token_create

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

# Built from the API object itself: loading it over WSGI would need the database at import.
SCHEMA = schemathesis.openapi.from_dict(json.loads(json.dumps(api.get_openapi_schema())))
SCHEMA.app = application
OPERATIONS = [result.ok() for result in SCHEMA.get_all_operations()]


@pytest.fixture(autouse=True)
def _keep_the_test_connection():
    """Like Django's test client: requests must not close the test's transaction."""
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    yield
    for signal in (request_started, request_finished):
        signal.connect(close_old_connections)


@pytest.fixture
def token() -> str:
    with owner_scope("fuzz") as scope:
        proposal_commit(
            scope=scope,
            proposal=p.parsed(p.entity("pet:luna", "Luna"), p.fact("pet:luna", "species", "cat")),
        )
        return token_create(scope=scope, name="fuzz")


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda op: op.label)
def test_api_operation_never_errors_or_breaks_its_schema(operation, token):
    @given(case=operation.as_strategy())
    @settings(
        max_examples=25, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
    )
    def run(case):
        case.call_and_validate(
            headers={"Authorization": f"Bearer {token}"},
            checks=[not_a_server_error, response_schema_conformance],
        )

    run()
