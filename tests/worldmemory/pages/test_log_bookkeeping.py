"""The log shows what changed in the person's world first; the reflection layer's
bookkeeping is folded away, and one filter brings it back."""

from __future__ import annotations

import pytest

from tests import proposals
from tests.conftest import BOTH_DATABASES
from worldmemory import committer
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

THREAD = "thread:jobangebot"


@pytest.fixture
def kept_books(world):
    with owner_scope("owner-a") as scope:
        committer.proposal_commit(
            scope=scope,
            proposal=proposals.parsed(
                proposals.entity(THREAD, "Jobangebot", memory_type="observed_state"),
                proposals.fact(THREAD, "statement", "Ein Jobangebot", memory_type="observed_state"),
            ),
        )


def test_the_log_folds_the_bookkeeping_away(client_a, kept_books):
    page = client_a.get("/gedaechtnis/logbuch/").content.decode()
    assert "Jobangebot" not in page
    assert "Luna" in page  # the world's changes stay
    assert 'data-testid="folded"' in page and "eingeklappt" in page


def test_the_filter_shows_the_bookkeeping(client_a, kept_books):
    page = client_a.get("/gedaechtnis/logbuch/", {"reflexion": "1"}).content.decode()
    assert "Jobangebot" in page
    assert 'data-testid="folded"' not in page
    assert 'name="reflexion" value="1" checked' in page
