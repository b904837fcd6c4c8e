"""Past one machine: the read replica for the read tools, and the Redis broker switch."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings
from datetime import UTC, datetime, timedelta

import pytest
from django.conf import settings
from django.db import DatabaseError, connections
from django.db.backends.postgresql.base import DatabaseWrapper
from django.test import Client, override_settings

from infra.database import django_databases, resolve_target
from infra.routers import APP_DB
from tests import proposals as p
from tests.conftest import BOTH_DATABASES
from worldmemory import tools
from worldmemory.committer import proposal_commit
from worldmemory.errors import NotFound
from worldmemory.models import Entity, Fact
from worldmemory.reads.replica import REPLICA_DB, owner_last_write, read_replica, replica_has_write
from worldmemory.tenancy import owner_scope
from worldmemory.tokens import token_create

# the replica is another connection: it sees only committed rows, as a standby would
committed = pytest.mark.django_db(databases=BOTH_DATABASES, transaction=True)

MOMENT = datetime(2026, 12, 2, 12, 0, tzinfo=UTC)


@pytest.fixture
def replica(request):
    """A replica alias on the test database: another connection of the application role,
    which sees only committed rows, as a standby would."""
    replica_settings = {
        **connections.settings[APP_DB],
        "ATOMIC_REQUESTS": False,
        **getattr(request, "param", {}),
    }
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "overriding DATABASES": only one alias is added
        overridden = override_settings(
            DATABASES={**settings.DATABASES, REPLICA_DB: replica_settings}
        )
        overridden.enable()
    try:
        connections[REPLICA_DB] = DatabaseWrapper(replica_settings, REPLICA_DB)
        yield
    finally:
        connections[REPLICA_DB].close()
        connections[REPLICA_DB].close_pool()  # pools are kept per alias: the next test's differs
        delattr(connections._connections, REPLICA_DB)
        overridden.disable()


def _commit(owner: str, subject: str, value: str) -> None:
    with owner_scope(owner) as scope:
        proposal_commit(scope=scope, proposal=p.parsed(p.fact(subject, "status", value)))


@pytest.mark.parametrize(
    ("state", "expected"),
    [
        ({"in_recovery": False, "replayed": None}, True),  # the "replica" is a primary
        ({"in_recovery": True, "replayed": None}, False),  # replayed nothing yet
        ({"in_recovery": True, "replayed": MOMENT + timedelta(seconds=1)}, False),  # within
        ({"in_recovery": True, "replayed": MOMENT + timedelta(seconds=2)}, True),
        ({"in_recovery": True, "replayed": MOMENT - timedelta(hours=1)}, False),  # lagging
    ],
)
def test_a_replica_serves_an_owner_only_once_it_has_the_owners_last_write(state, expected):
    assert replica_has_write(last_write=MOMENT, margin=2, **state) is expected


def test_an_owner_without_writes_can_read_from_any_replica_that_replays():
    assert replica_has_write(last_write=None, in_recovery=True, replayed=MOMENT, margin=2)


@pytest.mark.django_db(databases=BOTH_DATABASES)
def test_owner_last_write_is_the_latest_commit_of_that_owner_only():
    _commit("owner-a", "pet:luna", "at home")
    with owner_scope("owner-a") as scope:
        recorded = Fact.objects.get(predicate_id="status").recorded_at
        assert owner_last_write(scope=scope) == recorded
    with owner_scope("owner-b") as scope:
        assert owner_last_write(scope=scope) is None


@committed
def test_read_tools_run_on_the_replica_read_only_with_the_owner_set(replica):
    _commit("owner-a", "pet:luna", "at home")
    _commit("owner-b", "pet:rex", "asleep")
    with owner_scope("owner-a") as scope, read_replica(scope=scope) as alias:
        assert alias == REPLICA_DB and connections[APP_DB].alias == REPLICA_DB
        answer = tools.get_entity(scope=scope, ref="pet:luna")
        assert [f["value"] for f in answer["data"]["facts"]] == ["at home"]
        with pytest.raises(NotFound):
            tools.get_entity(scope=scope, ref="pet:rex")  # row-level security on the replica
        with pytest.raises(DatabaseError, match="read-only"):
            Entity.objects.create(owner_sub="owner-a", kind_id="pet", slug="x", canonical_name="X")
    assert connections[APP_DB].alias == APP_DB


@committed
def test_the_read_tool_api_reads_from_the_replica(replica):
    _commit("owner-a", "pet:luna", "at home")
    with owner_scope("owner-a") as scope:
        token = token_create(scope=scope, name="agent")
    statements: list[str] = []

    def record(execute, sql, params, many, context):
        statements.append(sql)
        return execute(sql, params, many, context)

    with connections[REPLICA_DB].execute_wrapper(record):
        response = Client().get(
            "/api/v1/tools/get_entity", {"ref": "pet:luna"}, HTTP_AUTHORIZATION=f"Bearer {token}"
        )
    assert response.status_code == 200
    assert "at home" in response.json()["text"]
    # the owner was set and the entity read on the replica connection
    assert any("set_config" in sql for sql in statements)
    assert any("FROM entities" in sql for sql in statements)


@committed
@pytest.mark.parametrize("replica", [{"HOST": "/nonexistent-socket-dir"}], indirect=True)
def test_an_unreachable_replica_leaves_the_reads_on_the_primary(replica):
    _commit("owner-a", "pet:luna", "at home")
    with owner_scope("owner-a") as scope, read_replica(scope=scope) as alias:
        assert alias == APP_DB
        assert tools.get_entity(scope=scope, ref="pet:luna")["data"]["facts"]


def test_database_replica_url_adds_a_replica_as_the_application_role(monkeypatch, tmp_path):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("DATABASE_REPLICA_URL", "postgresql://standby.internal:5433/gedaechtnis")
    databases = django_databases(resolve_target(tmp_path))
    assert databases["replica"]["HOST"] == "standby.internal"
    assert databases["replica"]["PORT"] == "5433"
    assert databases["replica"]["USER"] == databases["app"]["USER"]
    assert databases["replica"]["TEST"] == {"MIRROR": "default"}
    monkeypatch.delenv("DATABASE_REPLICA_URL")
    assert "replica" not in django_databases(resolve_target(tmp_path))


def _settings_with(env: dict) -> dict:
    script = (
        "import json, django; django.setup();"
        "from django.conf import settings; from django_q.conf import Conf;"
        "print(json.dumps({'cluster': settings.Q_CLUSTER, 'orm': Conf.ORM, 'redis': Conf.REDIS}))"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "gedaechtnis.settings", **env},
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_redis_url_switches_the_task_broker_to_redis():
    plain = _settings_with({"REDIS_URL": ""})
    assert plain["orm"] == "app" and "redis" not in plain["cluster"]
    switched = _settings_with({"REDIS_URL": "redis://queue.internal:6379/0"})
    assert switched["orm"] is None
    assert switched["redis"] == "redis://queue.internal:6379/0"
    assert switched["cluster"]["name"] == plain["cluster"]["name"]
