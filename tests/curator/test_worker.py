"""A real django-q2 worker process picks up a due chat and curates it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from django.conf import settings
from django.db import connections

from curator.tasks import ensure_schedule
from tests.conftest import BOTH_DATABASES
from tests.curator.test_pipeline import Chat
from worldmemory.models import Fact
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES, transaction=True)


def _url(alias: str) -> str:
    params = connections[alias].settings_dict
    return f"postgresql://{params['USER']}@/{params['NAME']}?host={params['HOST']}"


def test_qcluster_curates_a_due_chat():
    if not settings.DATABASE_TARGET.embedded:
        pytest.skip("points the worker at the embedded test database")
    ensure_schedule()
    Chat("worker-owner").say("Merk dir: die Ersatzbrille liegt im Handschuhfach")
    env = {**os.environ, "DATABASE_URL": _url("default"), "APP_DATABASE_URL": _url("app")}
    worker = subprocess.Popen(
        [sys.executable, str(settings.BASE_DIR / "manage.py"), "qcluster"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 90
        note = None
        while note is None and time.monotonic() < deadline and worker.poll() is None:
            time.sleep(1)
            with owner_scope("worker-owner"):
                note = Fact.objects.filter(predicate_id="note").first()
    finally:
        worker.send_signal(signal.SIGTERM)
        try:
            worker.wait(timeout=30)
        except subprocess.TimeoutExpired:
            worker.kill()
    assert note is not None, "the worker did not curate the due chat"
    assert note.object_value == "die Ersatzbrille liegt im Handschuhfach"


def test_a_worker_transaction_sets_the_owner_once_and_it_ends_with_the_window():
    from django.test.utils import CaptureQueriesContext

    from curator.pipeline import curate_due
    from worldmemory.tenancy import current_owner

    Chat("sweep-owner").say("Merk dir: der Ersatzschlüssel hängt im Flur")
    Chat("other-owner").say("Merk dir: das Fahrrad steht im Keller")
    with CaptureQueriesContext(connections["app"]) as queries:
        assert curate_due() == 2
    sql = [q["sql"] for q in queries]
    # no savepoint to save and restore a caller's owner around each window
    assert sum("set_config" in s for s in sql) == 2
    assert not any("current_setting" in s or "SAVEPOINT" in s for s in sql[:3])
    assert current_owner() is None  # the setting ended with each window's transaction
    for owner, value in (
        ("sweep-owner", "der Ersatzschlüssel hängt im Flur"),
        ("other-owner", "das Fahrrad steht im Keller"),
    ):
        with owner_scope(owner):
            notes = list(Fact.objects.filter(predicate_id="note").values_list("object_value"))
        assert notes == [(value,)]
