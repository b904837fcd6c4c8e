"""Playwright (sync API) driving Debian's chromium against pytest-django's live server.

The sync API runs an event loop in this thread, so Django would refuse ORM calls here
as "async unsafe"; the test thread only prepares rows and never shares a connection
with the server thread, so the check is switched off for these tests only.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connections

from infra.routers import APP_DB

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = Path(settings.BASE_DIR) / "var" / "test-artifacts" / "screenshots"


@pytest.fixture(scope="module", autouse=True)
def _allow_orm_beside_playwright():
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    yield
    if previous is None:
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    else:
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture(scope="session", autouse=True)
def _short_live_keepalive():
    """Each page listens to /api/v1/live; a stream notices its closed page only when it next
    writes, so keep that short: no listening connection outlives its test by much."""
    from worldmemory import live

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(live, "KEEPALIVE_SECONDS", 0.5)
        yield


@pytest.fixture(scope="module")
def browser(_allow_orm_beside_playwright):
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium")
    from playwright.sync_api import expect, sync_playwright

    # generous waits: the first search may load the embedding model; nothing is timed
    expect.set_options(timeout=30_000)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE")
    context.set_default_timeout(30_000)
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())  # the confirmations of hx-confirm
    yield page
    context.close()
    _requests_ended()


# how long a request the closed page left in flight may still run
REQUESTS_END_SECONDS = 30.0


def _requests_ended() -> None:
    """Wait until no other session of the test database is busy. A request the closed page
    still had in flight (the htmx refresh a live notice triggers) runs on in the live server
    and holds its locks; the database flush after the test would deadlock with it."""
    deadline = time.monotonic() + REQUESTS_END_SECONDS
    with connections[APP_DB].cursor() as cursor:
        while time.monotonic() < deadline:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                " AND pid <> pg_backend_pid() AND backend_type = 'client backend'"
                " AND state <> 'idle'"
            )
            if cursor.fetchone()[0] == 0:
                return
            time.sleep(0.05)


@pytest.fixture
def shoot():
    """``shoot(page, "name")`` saves a full-page screenshot under var/test-artifacts."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def save(page, name: str) -> Path:
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return save
