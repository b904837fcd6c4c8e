"""Schemathesis over the OpenAPI schema with every check it has (``--checks all``): no server
error, no undeclared status, no response breaking its schema, schema-valid requests accepted,
schema-invalid ones refused — for valid and invalid data alike."""

from __future__ import annotations

import json

import jsonschema_rs
import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import CHECKS, load_all_checks

from gedaechtnis.api import api
from gedaechtnis.wsgi import application
from tests import proposals as p
from tests.conftest import BOTH_DATABASES
from worldmemory.committer import proposal_commit
from worldmemory.contracts import AssertFact, AssertRelationship
from worldmemory.tenancy import owner_scope
from worldmemory.tokens import token_create

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

# Built from the API object itself: loading it over WSGI would need the database at import.
SCHEMA = schemathesis.openapi.from_dict(json.loads(json.dumps(api.get_openapi_schema())))
SCHEMA.app = application
OPERATIONS = [result.ok() for result in SCHEMA.get_all_operations()]


@SCHEMA.hook
def map_case(context, case):
    """A rule JSON Schema cannot state: an entity's id_hint starts with its kind (a valid
    proposal takes its kind from its id_hint; invalid data is left as generated)."""
    if case.operation.path.endswith("/proposals") and case.meta.generation.mode.is_positive:
        for op in (case.body or {}).get("operations", []):
            if op.get("op") == "upsert_entity":
                op["kind"] = op["id_hint"].rsplit(":", 1)[0]
    return case


def _negatable(operation) -> bool:
    """Invalid data needs a body or a query to go into: a path segment that breaks its
    schema cannot be sent at all, so path-only operations have no negative cases."""
    return any(
        getattr(param.location, "value", param.location) in {"query", "body"}
        for param in operation.iter_parameters()
    ) or bool(list(operation.body))


# Every check schemathesis registers (what ``--checks all`` runs), none switched off.
load_all_checks()
ALL_CHECKS = CHECKS.get_all()
EXAMPLES = {GenerationMode.POSITIVE: 10, GenerationMode.NEGATIVE: 6}


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


def test_every_check_of_schemathesis_runs():
    names = {check.__name__ for check in ALL_CHECKS}
    assert {
        "not_a_server_error",
        "status_code_conformance",
        "content_type_conformance",
        "response_headers_conformance",
        "response_schema_conformance",
        "negative_data_rejection",
        "positive_data_acceptance",
        "ignored_auth",
    } <= names
    assert names == set(CHECKS.get_all_names())


CASES = [
    pytest.param(operation, mode, id=f"{operation.label}-{mode.value}")
    for operation in OPERATIONS
    for mode in EXAMPLES
    if mode is GenerationMode.POSITIVE or _negatable(operation)
]


@pytest.mark.parametrize(("operation", "mode"), CASES)
def test_api_operation_keeps_its_schema_under_every_check(operation, mode, token):
    # the token is the caller's, not generated: invalid data lies in the request itself
    auth = {"Authorization": f"Bearer {token}"}

    @given(case=operation.as_strategy(generation_mode=mode, headers=auth))
    @settings(
        max_examples=EXAMPLES[mode],
        deadline=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    def run(case):
        case.call_and_validate(checks=ALL_CHECKS)

    run()


def _reachable(schema: dict, components: dict, seen: set[str]) -> list[dict]:
    """Every schema object under ``schema``, following component references once."""
    found = [schema]
    ref = schema.get("$ref")
    if ref:
        name = ref.rsplit("/", 1)[-1]
        if name not in seen:
            seen.add(name)
            found += _reachable(components[name], components, seen)
    for key, value in schema.items():
        if key == "properties":
            for sub in value.values():
                found += _reachable(sub, components, seen)
        elif isinstance(value, dict):
            found += _reachable(value, components, seen)
        elif isinstance(value, list):
            found += [
                s
                for item in value
                if isinstance(item, dict)
                for s in _reachable(item, components, seen)
            ]
    return found


OPENAPI = json.loads(json.dumps(api.get_openapi_schema()))
OPERATION_SPECS = [
    pytest.param(method, operation, id=f"{method.upper()} {path}")
    for path, item in OPENAPI["paths"].items()
    for method, operation in item.items()
]


@pytest.mark.parametrize(("method", "operation"), OPERATION_SPECS)
def test_every_operation_declares_a_typed_answer_and_its_errors(method, operation):
    components = OPENAPI["components"]["schemas"]
    responses = operation["responses"]
    # every request carries a (rate-limited) token; a body can be too large or invalid
    assert {"200", "401", "429"} <= set(responses)
    if "requestBody" in operation:
        assert {"413", "422"} <= set(responses)
    for status, response in responses.items():
        schema = response["content"]["application/json"]["schema"]
        top = schema.get("items", schema)
        assert "$ref" in top, (status, schema)  # a named, documented schema
        for sub in _reachable(schema, components, set()):
            # no untyped object: each has its properties (or a typed value for every key)
            if sub.get("type") == "object":
                assert "properties" in sub or isinstance(sub.get("additionalProperties"), dict), sub
            for name, field in sub.get("properties", {}).items():
                if status == "200":
                    assert field.get("description"), (name, sub.get("title"))


@pytest.mark.parametrize(
    ("model", "field", "value"),
    [
        (AssertRelationship, "corrects_object_ref", "person:anna"),
        (AssertRelationship, "corrects_fact_id", "01a244de-0000-7000-8000-000000000000"),
        (AssertFact, "corrects_value", "Halle"),
    ],
)
def test_the_schema_says_what_only_a_correction_may_name(model, field, value):
    """Generated from the schema, a request must pass the validator: what a correction
    replaces is schema-valid only with ``memory_type = correction``, as the validator has it."""
    op = (
        p.relationship("person:me", "knows", "person:berta")
        if model is AssertRelationship
        else (p.fact("person:me", "lives_in_city", "Leipzig"))
    )
    op = {**op, field: value}
    validator = jsonschema_rs.validator_for(model.model_json_schema())
    for memory_type, valid in (("user_assertion", False), ("correction", True)):
        instance = json.loads(json.dumps({**op, "memory_type": memory_type}, default=str))
        assert validator.is_valid(instance) is valid, memory_type
        try:
            model.model_validate(instance)
            accepted = True
        except ValueError:
            accepted = False
        assert accepted is valid, memory_type
