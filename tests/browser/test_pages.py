"""The pages in a real browser: log in, find Luna, travel in time, review, forget, graph,
playground, and a change committed in the background showing up without a reload."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.pages.world import PASSWORD, build_world, login
from worldmemory import committer
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES, transaction=True)


@pytest.fixture
def world():
    login("owner-a", "alice")
    with owner_scope("owner-a") as scope:
        return build_world(scope)


def _local(delta: timedelta) -> str:
    return timezone.localtime(timezone.now() - delta).strftime("%Y-%m-%dT%H:%M")


def _log_in(page, base: str, username: str = "alice") -> None:
    page.goto(f"{base}/gedaechtnis/")
    expect(page.get_by_role("heading", name="Anmelden")).to_be_visible()
    page.get_by_label("Benutzername").fill(username)
    page.get_by_label("Passwort").fill(PASSWORD)
    page.get_by_role("button", name="Anmelden").click()
    expect(page.get_by_role("heading", name="Überblick")).to_be_visible()


def test_find_luna_and_travel_in_time(page, live_server, world, shoot):
    page.goto(f"{live_server.url}/gedaechtnis/")
    shoot(page, "01-login")
    _log_in(page, live_server.url)
    page.get_by_label("Im Gedächtnis suchen").fill("Luna")
    page.get_by_role("button", name="Suchen").click()
    result = page.get_by_test_id("entity-results").get_by_role("link", name="Luna", exact=True)
    expect(result).to_be_visible()
    shoot(page, "02-overview-search")
    result.click()
    status = page.get_by_test_id("value-status")
    expect(status).to_have_text("Luna ist drinnen")
    shoot(page, "03-entity")

    # valid time: three days ago she was still outside
    page.get_by_label("Datum und Uhrzeit").first.fill(_local(timedelta(days=3)))
    page.get_by_role("button", name="Anzeigen").click()
    expect(status).to_have_text("Luna ist draußen")
    expect(page).to_have_url(re.compile(r"[?&]at="))
    shoot(page, "04-entity-valid-time")

    # 36 hours ago she was inside — but the agent only learned that a day ago
    page.get_by_label("Datum und Uhrzeit").first.fill(_local(timedelta(hours=36)))
    page.get_by_role("button", name="Anzeigen").click()
    expect(status).to_have_text("Luna ist drinnen")
    page.get_by_label("Experte: Systemzeit").check()
    page.get_by_role("button", name="Anzeigen").click()
    expect(status).to_have_text("Luna ist draußen")
    expect(page.get_by_test_id("asof-heading")).to_contain_text("Was der Agent am")
    # the bar above the swapped body names the axis it now shows
    expect(page.locator("#asof-legend")).to_have_text("Was wusste der Agent am …")
    shoot(page, "05-entity-system-time")

    # the URL carries the choice: a reload shows the same
    page.reload()
    expect(page.get_by_test_id("value-status")).to_have_text("Luna ist draußen")

    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/gedaechtnis/e/pet:luna")
    shoot(page, "06-entity-narrow")


def test_accept_a_pending_proposal(page, live_server, world, shoot):
    _log_in(page, live_server.url)
    expect(page.locator("#review-count .badge")).to_have_text("1")
    page.get_by_role("link", name="Prüfen").click()
    item = page.get_by_test_id("pending-item")
    expect(item).to_contain_text("Tee am Abend")
    shoot(page, "07-review")
    item.get_by_role("button", name="Annehmen").click()
    expect(page.get_by_role("status")).to_contain_text("Angenommen")
    expect(page.get_by_test_id("pending-item")).to_have_count(0)
    expect(page.locator("#review-count .badge")).to_have_count(0)
    page.goto(f"{live_server.url}/gedaechtnis/e/person:me")
    expect(page.get_by_test_id("value-prefers")).to_have_text("Du magst Tee am Abend")
    expect(page.locator('[data-predicate="prefers"] summary').first).to_contain_text("🟢")


def test_invalidate_a_fact_with_a_reason(page, live_server, world, shoot):
    _log_in(page, live_server.url)
    page.goto(f"{live_server.url}/gedaechtnis/e/pet:luna")
    fact = page.locator('[data-predicate="status"]')
    fact.locator("summary").first.click()
    expect(fact.get_by_text("Warum es gilt")).to_be_visible()  # provenance loaded on expand
    fact.get_by_role("button", name="Vergessen").click()
    expect(page.get_by_role("alert")).to_contain_text("Bitte einen Grund angeben.")
    fact = page.locator('[data-predicate="status"]')
    fact.get_by_label("Grund", exact=True).fill("Luna war nie draußen")
    shoot(page, "08-entity-forget")
    fact.get_by_role("button", name="Vergessen").click()
    # asked in the page, after validation: what forgetting does to the past
    confirm = page.get_by_test_id("confirm")
    expect(confirm).to_contain_text("war nie wahr")
    confirm.get_by_role("button", name="Ja, vergessen").click()
    expect(page.get_by_role("status")).to_contain_text("Vergessen")
    expect(page.get_by_test_id("value-status")).to_have_count(0)


@pytest.fixture
def no_fallback_poll(settings):
    """An hour between fallback checks: whatever shows up in a test came by the live stream."""
    settings.GD_LIVE_FALLBACK_SECONDS = 3600


def test_background_commit_shows_without_reload(page, live_server, world, no_fallback_poll):
    _log_in(page, live_server.url)
    page.goto(f"{live_server.url}/gedaechtnis/e/pet:luna")
    expect(page.get_by_test_id("value-status")).to_have_text("Luna ist drinnen")
    with owner_scope("owner-a") as scope:
        committer.fact_invalidate(
            scope=scope, fact_id=world.status_now.pk, reason="im Hintergrund", actor="test"
        )
    # pg_notify → /api/v1/live → htmx refresh of the facts section; no reload here
    expect(page.get_by_test_id("value-status")).to_have_count(0)


def test_review_count_follows_background_decisions(page, live_server, world, no_fallback_poll):
    _log_in(page, live_server.url)
    page.goto(f"{live_server.url}/gedaechtnis/e/person:me")
    expect(page.locator("#review-count .badge")).to_have_text("1")
    expect(page.locator(".fact.lc-pending")).to_contain_text("Tee am Abend")
    with owner_scope("owner-a") as scope:
        committer.proposal_reject(
            scope=scope, item_id=world.pending_id, reason="im Hintergrund", actor="test"
        )
    # a rejection writes no fact, yet it is announced: the badge and the pending mark go
    expect(page.locator("#review-count .badge")).to_have_count(0)
    expect(page.locator(".fact.lc-pending")).to_have_count(0)
    expect(page.get_by_test_id("value-prefers")).to_have_count(0)


def test_graph_neighbourhood_and_explorer(page, live_server, world, shoot):
    _log_in(page, live_server.url)
    page.goto(f"{live_server.url}/gedaechtnis/e/pet:luna")
    page.get_by_role("link", name="Nachbarschaftsgraph zeigen").click()
    picture = page.get_by_test_id("graph-picture")
    expect(picture).to_have_attribute("data-ready", "true")
    # beside the picture, the same relationships as a list of links (the user is "Du")
    expect(page.locator(".graph-list").get_by_role("link", name="Du")).to_be_visible()
    shoot(page, "09-graph-neighbourhood")
    page.get_by_role("link", name="globaler Explorer").click()
    expect(page.get_by_text("Wähle zuerst")).to_be_visible()
    page.get_by_label("Beziehung", exact=True).select_option("cares_for")
    page.get_by_role("button", name="Zeichnen").click()
    expect(page.get_by_test_id("graph-picture")).to_have_attribute("data-ready", "true")
    expect(page.locator(".graph-list li")).to_have_count(1)
    shoot(page, "10-graph-explorer")
    page.locator(".graph-list").get_by_role("link", name="Du").click()
    expect(page).to_have_url(re.compile(r"/gedaechtnis/e/person:me$"))


def test_log_and_sources(page, live_server, world, shoot):
    _log_in(page, live_server.url)
    page.get_by_role("link", name="Logbuch").click()
    expect(page.locator("#log-body")).to_contain_text("Tür geöffnet")
    shoot(page, "11-log")
    page.get_by_role("link", name="Quellen").click()
    expect(page.get_by_role("heading", name="Sitzungen")).to_be_visible()
    shoot(page, "12-sources")


def test_playground_turns_a_sentence_into_an_entity(page, live_server, shoot):
    login("owner-c", "carla")
    _log_in(page, live_server.url, "carla")
    page.get_by_role("link", name="Spielwiese").click()
    page.get_by_label("Deine Nachricht").fill("Luna ist meine Katze")
    page.get_by_role("button", name="Senden").click()
    link = page.get_by_test_id("outcome").get_by_role("link", name="Luna ist eine Katze")
    expect(link).to_be_visible()
    expect(page.get_by_test_id("known-card")).to_contain_text("Tierart: Katze")
    expect(page.get_by_test_id("context-block")).to_contain_text("species: cat")
    shoot(page, "13-playground")
    link.click()
    expect(page.get_by_test_id("value-species")).to_have_text("Luna ist eine Katze")


def test_the_persons_messages_keep_to_one_side(page, live_server):
    """A long message wraps within its bubble instead of filling the chat, so it sits on
    the same side as a short one."""
    login("owner-c", "carla")
    _log_in(page, live_server.url, "carla")
    page.get_by_role("link", name="Spielwiese").click()
    for text in ("ok", "Luna ist meine Katze und sie schläft am liebsten " * 4):
        page.get_by_label("Deine Nachricht").fill(text)
        page.get_by_role("button", name="Senden").click()
        expect(page.get_by_test_id("chat-history")).to_contain_text(text.strip())
    chat = page.get_by_test_id("chat-history").bounding_box()
    own = [m.bounding_box() for m in page.locator("li.msg.role-user").all()]
    assert len(own) == 2
    for box in own:
        assert box["x"] > chat["x"] + chat["width"] * 0.1, (box, chat)  # off the left side
        assert abs((box["x"] + box["width"]) - (own[0]["x"] + own[0]["width"])) < 2


def test_the_message_box_waits_while_a_message_is_curated(page, live_server):
    """A second message typed while the first is curated would be wiped by the answer's
    swap: the box is closed until the answer is in."""
    login("owner-c", "carla")
    _log_in(page, live_server.url, "carla")
    page.get_by_role("link", name="Spielwiese").click()
    held = []
    page.route("**/spielwiese/", lambda route: held.append(route))
    box = page.get_by_label("Deine Nachricht")
    box.fill("Luna ist meine Katze")
    page.get_by_role("button", name="Senden").click()
    expect(box).to_be_disabled()
    expect(page.get_by_role("button", name="Senden")).to_be_disabled()
    # the box closes as the request leaves; the route sees it a moment later
    for _ in range(200):
        if held:
            break
        page.wait_for_timeout(50)
    held[0].continue_()
    page.unroute("**/spielwiese/")
    expect(page.get_by_test_id("outcome")).to_contain_text("Luna ist eine Katze")
    expect(page.get_by_label("Deine Nachricht")).to_be_enabled()


def test_a_long_search_stays_within_the_page(page, live_server):
    """A word longer than the page (a pasted token, a stuck key) wraps instead of widening
    the page sideways."""
    login("owner-c", "carla")
    _log_in(page, live_server.url, "carla")
    page.goto(f"{live_server.url}/gedaechtnis/?q={'a' * 2000}")
    expect(page.get_by_test_id("no-hit")).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert width <= 0, width
