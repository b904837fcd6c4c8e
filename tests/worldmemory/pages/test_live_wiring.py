"""The pages listen to the owner's live stream and refresh what a commit changed; without
the stream they fall back to a slow check."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests import proposals as p
from tests.conftest import BOTH_DATABASES
from tests.worldmemory.pages.conftest import htmx
from worldmemory.committer import proposal_commit
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

LIVE = "memory-committed from:body"


def test_a_logged_in_page_listens_and_the_login_page_does_not(client_a, world):
    page = client_a.get("/gedaechtnis/").content.decode()
    assert 'data-live-url="/api/v1/live"' in page
    assert "/static/js/live.js" in page
    login = Client().get("/gedaechtnis/anmelden/").content.decode()
    assert "data-live-url" not in login and "live.js" not in login


@pytest.mark.parametrize(
    "url, element",
    [
        ("/gedaechtnis/", 'id="overview-live"'),
        ("/gedaechtnis/", 'id="review-count"'),
        ("/gedaechtnis/e/pet:luna", 'id="facts"'),
        ("/gedaechtnis/pruefen/", 'id="queue"'),
        ("/gedaechtnis/logbuch/", 'id="log-body"'),
    ],
)
def test_changing_sections_refresh_on_a_live_commit(client_a, world, settings, url, element):
    settings.GD_LIVE_FALLBACK_SECONDS = 45
    page = client_a.get(url).content.decode()
    tag = page.split(element, 1)[1].split(">", 1)[0]
    # an event filter ("[…]") sits between the event and "from:", as htmx requires
    assert re.search(r"memory-committed(\[[^\]]*\])? from:body", tag), tag
    if element != 'id="log-body"':  # the log only follows the stream
        assert "every 45s" in tag, tag


def test_overview_refreshes_recent_and_counts_only(client_a, world):
    response = client_a.get("/gedaechtnis/", **htmx("overview-live"))
    page = response.content.decode()
    assert response.status_code == 200
    assert page.lstrip().startswith('<div class="grid" id="overview-live"')
    assert "Luna" in page and "<html" not in page and 'role="search"' not in page
    with owner_scope("owner-a") as scope:
        proposal_commit(scope=scope, proposal=p.parsed(p.entity("pet:mio", "Mio")))
    assert "Mio" in client_a.get("/gedaechtnis/", **htmx("overview-live")).content.decode()


def test_the_log_refresh_keeps_its_filters(client_a, world):
    page = client_a.get("/gedaechtnis/logbuch/", {"type": "tool_call"}).content.decode()
    tag = page.split('id="log-body"', 1)[1].split(">", 1)[0]
    assert 'hx-get="/gedaechtnis/logbuch/?type=tool_call"' in tag
