"""Shared fixtures. The ORM runs as the application role, so RLS is in force in every test."""

from __future__ import annotations

import psycopg
import pytest
from django.conf import settings
from django.db import connections
from django.utils import translation
from hypothesis import settings as hypothesis_settings

from worldmemory.live import close_connections as close_live_connections
from worldmemory.ratelimit import close_connections as close_rate_limit_connections
from worldmemory.tenancy import OwnerScope, owner_scope

BOTH_DATABASES = ["default", "app"]


def pytest_terminal_summary(terminalreporter) -> None:
    from tests.worldmemory import test_temporal_state_machine as machine

    steps = next(machine.STEPS)
    if steps > 1:
        terminalreporter.write_line(f"temporal state machine: {steps - 1} operations")


def pytest_sessionstart(session) -> None:
    """Plain ``pytest`` works too: bring the embedded server up as ``make test`` does."""
    from django.conf import settings

    from infra.bootstrap import prepare

    if settings.DATABASE_TARGET.embedded:
        prepare(settings.DATABASE_TARGET)


# `make test` explores the same examples every run; the long profile explores anew.
hypothesis_settings.register_profile(
    "default",
    max_examples=20,
    stateful_step_count=20,
    deadline=None,
    derandomize=True,
    database=None,
)
# `make test-long`: well over 10 000 state-machine operations in all.
hypothesis_settings.register_profile(
    "long", max_examples=300, stateful_step_count=50, deadline=None
)
hypothesis_settings.load_profile("default")


def check_deferred_keys() -> None:
    """The supersede chain's same-owner key is checked at commit; tests never commit, so
    check it now (and defer it again: the setting lasts for the rest of the transaction)."""
    key = "facts_invalidated_by_fact_id_same_owner"
    with connections["app"].cursor() as cursor:
        cursor.execute(f"SET CONSTRAINTS {key} IMMEDIATE")
        cursor.execute(f"SET CONSTRAINTS {key} DEFERRED")


def app_role_connection() -> psycopg.Connection:
    """A fresh connection of the application role to the test database, outside Django."""
    params = connections["app"].settings_dict
    return psycopg.connect(
        dbname=params["NAME"],
        user=params["USER"],
        password=params["PASSWORD"] or None,
        host=params["HOST"] or None,
        port=params["PORT"] or None,
        autocommit=True,
    )


@pytest.fixture(scope="session", autouse=True)
def _close_connections_before_teardown(django_db_setup, django_db_blocker):
    """The application-role connection would otherwise keep the test database busy."""
    yield
    with django_db_blocker.unblock():
        connections.close_all()
        for alias in connections:
            connections[alias].close_pool()
    close_rate_limit_connections()
    close_live_connections()


@pytest.fixture
def scope_a():
    with owner_scope("owner-a") as scope:
        yield scope


def in_scope(owner_sub: str):
    """``with in_scope("owner-b") as scope:`` — a nested owner scope, for readability."""
    return owner_scope(owner_sub)


__all__ = ["BOTH_DATABASES", "OwnerScope", "app_role_connection", "in_scope"]


@pytest.fixture
def multilingual(settings):
    """The default multilingual embedding model, configured afresh for the test."""
    from worldmemory import embedding

    settings.GD_EMBEDDER = "local"
    settings.GD_EMBEDDING_MODEL = embedding.MULTILINGUAL_MODEL
    embedding.configured_embedder.cache_clear()
    yield embedding.configured_embedder()
    embedding.configured_embedder.cache_clear()


@pytest.fixture(autouse=True)
def _default_language_after_each_test():
    """A request in English leaves English active in the thread (the locale middleware
    activates, nothing deactivates): code a later test calls directly would speak it."""
    yield
    translation.activate(settings.LANGUAGE_CODE)
