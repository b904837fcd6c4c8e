"""Prüfen: accept, reject with a reason, merge suggestions; the navigation count follows."""

from __future__ import annotations

import pytest

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.pages.conftest import htmx
from worldmemory.models import Entity, Fact, ProposalOp
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


def test_review_lists_the_pending_item(client_a, world):
    response = client_a.get("/gedaechtnis/pruefen/")
    page = response.content.decode()
    assert response.status_code == 200
    assert "Tee am Abend" in page and f"item-{world.pending_id}" in page
    partial = client_a.get("/gedaechtnis/pruefen/", **htmx("queue")).content.decode()
    assert partial.lstrip().startswith('<div id="queue"') and "Tee am Abend" in partial


def test_review_count_partial(client_a, world):
    response = client_a.get("/gedaechtnis/pruefen/anzahl", **htmx("review-count"))
    assert response.status_code == 200
    assert '<span class="badge"' in response.content.decode()
    assert ">1</span>" in response.content.decode()


def test_accept_commits_the_fact_and_updates_the_count(client_a, world):
    url = f"/gedaechtnis/pruefen/{world.pending_id}/annehmen"
    response = client_a.post(url, **htmx("queue"))
    page = response.content.decode()
    assert response.status_code == 200
    assert "Angenommen und übernommen." in page
    assert "Tee am Abend" not in page
    assert 'id="review-count"' in page and 'hx-swap-oob="true"' in page
    assert '<span class="badge"' not in page
    with owner_scope("owner-a"):
        fact = Fact.objects.get(predicate_id="prefers", superseded_at__isnull=True)
        assert fact.object_value == "Tee am Abend"


def test_reject_needs_a_reason(client_a, world):
    url = f"/gedaechtnis/pruefen/{world.pending_id}/ablehnen"
    response = client_a.post(url, {"reason": ""}, **htmx("queue"))
    assert response.status_code == 422
    assert "Bitte einen Grund angeben." in response.content.decode()
    with owner_scope("owner-a"):
        assert ProposalOp.objects.get(pk=world.pending_id).decision == "pending"


def test_reject_with_reason(client_a, world):
    url = f"/gedaechtnis/pruefen/{world.pending_id}/ablehnen"
    response = client_a.post(url, {"reason": "mag keinen Tee"}, **htmx("queue"))
    assert response.status_code == 200
    with owner_scope("owner-a"):
        item = ProposalOp.objects.get(pk=world.pending_id)
        assert item.decision == "rejected" and item.reason == "mag keinen Tee"


def test_deciding_twice_is_a_conflict_shown_inline(client_a, world):
    url = f"/gedaechtnis/pruefen/{world.pending_id}/annehmen"
    client_a.post(url, **htmx("queue"))
    response = client_a.post(url, **htmx("queue"))
    assert response.status_code == 409
    assert 'role="alert"' in response.content.decode()


def test_another_owners_item_is_404(client_b, world):
    response = client_b.post(f"/gedaechtnis/pruefen/{world.pending_id}/annehmen")
    assert response.status_code == 404
    with owner_scope("owner-a"):
        assert ProposalOp.objects.get(pk=world.pending_id).decision == "pending"


def test_merge_suggestion_is_merged_on_accept(client_a, world):
    with owner_scope("owner-a") as scope:
        luni = Entity.objects.create(
            owner_sub=scope.owner_sub, kind_id="pet", slug="luni", canonical_name="Luni"
        )
        from worldmemory.committer.context import open_context, queue_review

        ctx = open_context(scope, actor="test")
        item = queue_review(
            ctx,
            proposal=None,
            op="merge_entities",
            payload={"entity_ref": "pet:luni", "into_ref": "pet:luna", "similarity": 0.8},
            reason="similar names",
        )
    page = client_a.get("/gedaechtnis/pruefen/").content.decode()
    assert 'data-testid="merge-item"' in page and "pet:luni" in page
    response = client_a.post(f"/gedaechtnis/pruefen/{item.pk}/annehmen", **htmx("queue"))
    assert response.status_code == 200
    with owner_scope("owner-a"):
        assert Entity.objects.get(pk=luni.pk).status == "merged"
