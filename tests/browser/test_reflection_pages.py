"""The reflection pages in a real browser: from the navigation to the list, filtered to
anchored threads, into a thread's detail with its state history and sources."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_language_pages import SNAKE_CASE
from tests.browser.test_pages import _log_in
from tests.conftest import BOTH_DATABASES
from tests.worldmemory.pages.reflection_world import build_meditation
from tests.worldmemory.pages.world import login

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES, transaction=True)


@pytest.fixture
def meditation():
    login("owner-a", "alice")
    return build_meditation("owner-a")


def _no_identifier(page, meditation: dict) -> None:
    """What a person reads names no ref and no registry key (those stay behind Details)."""
    page.wait_for_load_state("networkidle")
    text = page.locator("main").inner_text()
    assert not SNAKE_CASE.findall(text), (SNAKE_CASE.findall(text), text)
    refs = [ref for ref in meditation.values() if isinstance(ref, str) and ":" in ref]
    assert not [ref for ref in refs if ref in text], text


def test_reflection_list_filter_and_thread_detail(page, live_server, meditation, shoot):
    _log_in(page, live_server.url)
    page.get_by_role("navigation").get_by_role("link", name="Reflexion").click()
    expect(page.get_by_role("heading", name="Reflexion", exact=True)).to_be_visible()
    thread = page.get_by_test_id(f"state-{meditation['thread']}")
    expect(thread).to_have_text("verankert")
    expect(page.get_by_role("link", name="Meditationsreise")).to_be_visible()
    _no_identifier(page, meditation)

    # filtered over htmx: only anchored threads remain, and the URL keeps the filter
    page.get_by_label("Art").select_option("thread")
    page.get_by_label("Zustand").select_option("anchored")
    page.get_by_role("button", name="Anzeigen").click()
    expect(page.get_by_role("heading", name="Offene Fragen")).to_have_count(0)
    expect(page).to_have_url(f"{live_server.url}/gedaechtnis/reflexion/?kind=thread&state=anchored")
    expect(thread).to_be_visible()
    shoot(page, "20-reflection-list")

    page.get_by_role("link", name="Meditationsreise").click()
    expect(page.get_by_test_id("reflection-state")).to_have_text("verankert")
    history = page.get_by_test_id("state-history")
    expect(history).to_contain_text("eine Weile ruhen")
    expect(page.get_by_test_id("reflection-anchors")).to_contain_text("fällig")
    shoot(page, "21-reflection-thread")
    _no_identifier(page, meditation)

    # a source message leads to its place in the session
    page.get_by_test_id("reflection-sources").get_by_role("link").first.click()
    expect(page.locator("ol.chat").get_by_text("40 Minuten meditiert")).to_be_visible()
    # the session says what was formed from it; its time leads to the turn behind it
    formed = page.get_by_test_id("session-formed")
    expect(formed).to_contain_text("Aus diesem Gespräch")
    expect(formed.get_by_role("link", name="Meditationsreise")).to_be_visible()
    formed.locator("li", has_text="Meditationsreise").locator("a[href^='#msg-']").first.click()
    expect(page.locator("ol.chat li:target")).to_contain_text("40 Minuten meditiert")
