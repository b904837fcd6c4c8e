"""Two workers embedding one owner's turns at once: the second waits for the first and then
finds nothing left, instead of colliding with its vectors."""

from __future__ import annotations

import threading

import pytest
from django.db import connections

from tests import factories
from tests.conftest import BOTH_DATABASES
from worldmemory import vectorstore
from worldmemory.embedding import record_config
from worldmemory.models import WideEmbedding
from worldmemory.tenancy import owner_scope
from worldmemory.vectors import embed_pending

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES, transaction=True)

OWNER = "owner-embedding"


def test_a_second_run_for_the_same_owner_waits_and_embeds_nothing_twice(multilingual):
    vectorstore.ensure_dimension_index(dims=512, using="default")
    # the model is recorded already, as on every run but the first (recording it locks a row
    # that would serialise the two runs by accident)
    record_config(multilingual)
    with owner_scope(OWNER) as scope:
        chat = factories.session(scope, external_id="chat")
        for text in ("Die Tomaten sind reif", "Morgen kommt Oma", "Der Kater schläft"):
            factories.message(scope, in_session=chat, text=text)
    first_embedded = threading.Event()
    second_done = threading.Event()
    outcome: dict = {}

    def first() -> None:
        try:
            with owner_scope(OWNER) as scope:
                outcome["first"] = embed_pending(scope=scope)
                first_embedded.set()
                # hold the transaction open while the second run starts; with the lock it
                # cannot get past it before this one commits
                second_done.wait(timeout=2)
        finally:
            connections.close_all()

    def second() -> None:
        try:
            first_embedded.wait(timeout=30)
            with owner_scope(OWNER) as scope:
                outcome["second"] = embed_pending(scope=scope)
        except Exception as error:  # reported to the test, not swallowed
            outcome["second"] = error
        finally:
            second_done.set()
            connections.close_all()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert outcome["first"]["messages"] == 3
    assert outcome["second"] == {"entities": 0, "projections": 0, "messages": 0}
    with owner_scope(OWNER):
        assert WideEmbedding.objects.filter(item_kind="message").count() == 3
