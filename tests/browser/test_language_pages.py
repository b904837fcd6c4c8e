"""Every page a person reads, in Chromium at 1280 and 390 px: no registry key in snake_case
and no run id outside "Details", no console error, no browser confirm box; the search says
"kein Treffer" and puts the exact name first; the playground's message box stays in reach
on a phone. Screenshots of each page go to var/test-artifacts/screenshots/."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests import proposals as p
from tests.conftest import BOTH_DATABASES
from tests.worldmemory.pages.world import build_world, login
from worldmemory import sources
from worldmemory.committer import proposal_commit
from worldmemory.models import WorldEvent
from worldmemory.pages.playground import CHAT_ID
from worldmemory.tenancy import owner_scope

from .test_pages import _log_in

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES, transaction=True)

# a registry key (feeding_time, relation_to_user, state_change) or a run id
SNAKE_CASE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
RUN_ID = re.compile(r"\brun:")
WIDTHS = (1280, 390)


@pytest.fixture
def world():
    login("owner-a", "alice")
    with owner_scope("owner-a") as scope:
        built = build_world(scope)
        proposal_commit(
            scope=scope,
            proposal=p.parsed(
                p.entity("person:anna", "Anna"),
                p.fact("person:anna", "relation_to_user", "sister"),
                p.relationship("person:anna", "lives_in", "place:hamburg"),
                p.entity("place:hamburg", "Hamburg"),
                p.fact("person:me", "works_as", "Lehrerin"),
                p.entity("pet:luna-maus", "Luna Maus"),
            ),
        )
        now = timezone.now()
        WorldEvent.objects.create(
            owner_sub=scope.owner_sub,
            event_type_id="memory_commit",
            occurred_at=now - timedelta(hours=1),
            recorded_at=now - timedelta(hours=1),
            source="curator",
            target_entity=built.luna,
            run_id="curator:8107eb43",
            summary="Luna: Status gemerkt",
        )
        _chat(scope, 14)
        return built


def _chat(scope, turns: int) -> None:
    """A playground conversation long enough to push the message box down on a phone."""
    start = timezone.now() - timedelta(minutes=turns)
    sources.messages_ingest(
        scope=scope,
        messages=[
            sources.IncomingMessage(
                session_external_id=CHAT_ID,
                external_id=f"turn-{n}",
                role="user" if n % 2 == 0 else "assistant",
                speaker="user" if n % 2 == 0 else "assistant",
                text="Luna bekommt um 19 Uhr Futter und schläft gern auf dem Sofa."
                if n % 2 == 0
                else "Alles klar, ich merke mir das.",
                occurred_at=start + timedelta(minutes=n),
            )
            for n in range(turns)
        ],
        sessions=[sources.IncomingSession(external_id=CHAT_ID, title="Spielwiese", channel="ui")],
    )


@pytest.fixture
def watched(page):
    """The page, failing on any console error, uncaught error or browser dialog."""
    problems: list[str] = []

    def console(message) -> None:
        # a 422 is the answer to invalid input (shown inline): the browser logs the status
        if message.type == "error" and "status of 422" not in message.text:
            problems.append(f"console: {message.text}")

    page.on("console", console)
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("dialog", lambda dialog: problems.append(f"dialog: {dialog.message}"))
    page.problems = problems
    yield page
    # let the requests a last click started finish and close the live stream before the
    # database is emptied for the next test (a flush waits on, or deadlocks with, them)
    page.wait_for_load_state("networkidle")
    page.goto("about:blank")
    page.wait_for_timeout(1500)  # the stream notices its closed page at its next keepalive


def _readable(page) -> str:
    """What a person sees: innerText leaves out closed <details> (the "Details" toggles)."""
    page.wait_for_load_state("networkidle")
    return page.locator("main").inner_text()


def _check(page, name: str, shoot) -> None:
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900 if width > 400 else 844})
        page.reload()
        text = _readable(page)
        shoot(page, f"lang-{name}-{width}")
        keys = SNAKE_CASE.findall(text)
        assert not keys, f"{name} at {width}px shows keys {keys}:\n{text}"
        assert not RUN_ID.search(text), f"{name} at {width}px shows a run id:\n{text}"
    assert not page.problems, page.problems


PAGES = [
    ("overview", "/gedaechtnis/"),
    ("search", "/gedaechtnis/?q=Luna"),
    ("entity-luna", "/gedaechtnis/e/pet:luna"),
    ("entity-me", "/gedaechtnis/e/person:me"),
    ("entity-anna", "/gedaechtnis/e/person:anna"),
    ("entity-past", "/gedaechtnis/e/pet:luna?at=gestern+12+Uhr"),
    ("review", "/gedaechtnis/pruefen/"),
    ("log", "/gedaechtnis/logbuch/"),
    ("sources", "/gedaechtnis/quellen/?q=Futter"),
    ("playground", "/gedaechtnis/spielwiese/"),
    ("session", "/gedaechtnis/quellen/sitzung/spielwiese"),
    ("reflection", "/gedaechtnis/reflexion/"),
    ("graph-luna", "/gedaechtnis/graph/pet:luna"),
    ("graph-anna-depth-2", "/gedaechtnis/graph/person:anna?depth=2"),
    ("graph-explorer", "/gedaechtnis/graph/"),
    ("graph-explorer-persons", "/gedaechtnis/graph/?kind=person"),
    ("graph-explorer-lives-in", "/gedaechtnis/graph/?predicate=lives_in"),
]
GRAPHS = [(name, path) for name, path in PAGES if name.startswith("graph")]


def test_no_key_or_run_id_outside_details_and_no_console_error(watched, live_server, world, shoot):
    _log_in(watched, live_server.url)
    for name, path in PAGES:
        watched.goto(f"{live_server.url}{path}")
        _check(watched, name, shoot)
    # what happened reads as a word in a chip, not as code in a monospace box
    watched.goto(f"{live_server.url}/gedaechtnis/logbuch/")
    font = watched.locator(".etype").first.evaluate("el => getComputedStyle(el).fontFamily")
    assert "monospace" not in font, font
    # opened as a link, "Warum und Verlauf" is a styled page of its own
    watched.goto(f"{live_server.url}/gedaechtnis/e/pet:luna/f/{world.status_now.pk}")
    expect(watched.get_by_role("heading", name="Luna ist drinnen")).to_be_visible()
    expect(watched.locator("header.top")).to_be_visible()
    _check(watched, "provenance", shoot)


def test_the_graph_without_javascript_speaks_in_labels(browser, live_server, world, shoot):
    """Without JS the <noscript> drawing shows: its nodes, kinds and edges in words."""
    context = browser.new_context(
        viewport={"width": 1280, "height": 900}, locale="de-DE", java_script_enabled=False
    )
    page = context.new_page()
    try:
        _log_in(page, live_server.url)
        for name, path in GRAPHS:
            page.goto(f"{live_server.url}{path}")
            drawing = page.locator("main figure.graph svg")
            if name != "graph-explorer":  # the explorer draws nothing before a filter
                expect(drawing).to_be_visible()
            text = page.locator("main").inner_text()
            # inner_text leaves out SVG <title>s: the tooltips a pointer shows are read too
            text += " ".join(page.locator("main svg title").all_text_contents())
            shoot(page, f"lang-{name}-nojs-1280")
            keys = SNAKE_CASE.findall(text)
            assert not keys, f"{name} without JS shows keys {keys}:\n{text}"
            assert not re.search(r"\b(pet|person|place):[a-z]", text), f"{name} shows refs:\n{text}"
        page.goto(f"{live_server.url}/gedaechtnis/graph/person:anna")
        expect(page.locator("main figure.graph svg")).to_contain_text("wohnt in")
        expect(page.locator("main figure.graph svg")).to_contain_text("Person")
        # the list beside the drawing reads as sentences, a literal value included
        expect(page.locator(".graph-list")).to_contain_text("Anna ist deine Schwester")
        expect(page.locator(".graph-list")).to_contain_text("Anna wohnt in Hamburg")
    finally:
        context.close()


def test_a_fact_row_opens_and_the_details_hold_the_keys(watched, live_server, world, shoot):
    _log_in(watched, live_server.url)
    watched.goto(f"{live_server.url}/gedaechtnis/e/pet:luna")
    row = watched.locator('li.fact[data-predicate="status"]')
    expect(row.locator(".more")).to_have_text("mehr")  # the row says it opens
    row.locator("summary").first.click()
    expect(row.get_by_text("Warum es gilt")).to_be_visible()
    expect(row.get_by_text("du hast es im Chat gesagt").first).to_be_visible()
    assert not SNAKE_CASE.findall(row.inner_text())
    row.locator("details.tech > summary").first.click()
    expect(row.locator("details.tech code").first).to_have_text("status")
    shoot(watched, "lang-entity-fact-open-1280")
    assert not watched.problems, watched.problems


def test_end_asks_in_the_page_after_validation(watched, live_server, world, shoot):
    _log_in(watched, live_server.url)
    watched.goto(f"{live_server.url}/gedaechtnis/e/pet:luna")
    row = watched.locator('li.fact[data-predicate="status"]')
    row.locator("summary").first.click()
    row.get_by_label("Datum und Uhrzeit (leer: jetzt)").fill("irgendwann")
    row.get_by_role("button", name="Beenden").click()
    expect(watched.get_by_role("alert").first).to_contain_text("„irgendwann“")
    expect(watched.get_by_test_id("confirm")).to_have_count(0)  # first valid, then asked
    row = watched.locator('li.fact[data-predicate="status"]')
    row.get_by_label("Datum und Uhrzeit (leer: jetzt)").fill("heute")
    row.get_by_role("button", name="Beenden").click()
    confirm = watched.get_by_test_id("confirm")
    expect(confirm).to_contain_text("bleibt für diese Zeit wahr")
    shoot(watched, "lang-entity-confirm-end-1280")
    confirm.get_by_role("button", name="Ja, beenden").click()
    expect(watched.get_by_role("status")).to_be_visible()
    assert not watched.problems, watched.problems


def test_back_to_now_without_reload(watched, live_server, world):
    _log_in(watched, live_server.url)
    watched.goto(f"{live_server.url}/gedaechtnis/e/pet:luna")
    three_days_ago = timezone.localtime(timezone.now() - timedelta(days=3))
    watched.get_by_label("Datum und Uhrzeit").first.fill(three_days_ago.strftime("%d.%m.%Y %H:%M"))
    watched.get_by_role("button", name="Anzeigen").click()
    expect(watched.get_by_test_id("value-status")).to_have_text("Luna ist draußen")
    back = watched.get_by_role("link", name="zurück zu jetzt")
    expect(back).to_be_visible()  # appears with the swap, no reload
    back.click()
    expect(watched.get_by_test_id("value-status")).to_have_text("Luna ist drinnen")
    expect(back).to_have_count(0)
    assert not watched.problems, watched.problems


def test_search_says_no_hit_and_puts_the_exact_name_first(watched, live_server, world, shoot):
    _log_in(watched, live_server.url)
    watched.get_by_label("Im Gedächtnis suchen").fill("Zebra")
    watched.get_by_role("button", name="Suchen").click()
    expect(watched.get_by_test_id("no-hit")).to_contain_text("Kein Treffer")
    shoot(watched, "lang-search-no-hit-1280")
    watched.get_by_label("Im Gedächtnis suchen").fill("Luna")
    watched.get_by_role("button", name="Suchen").click()
    results = watched.get_by_test_id("entity-results").get_by_role("link")
    expect(results.first).to_have_text("Luna")  # the exact name before "Luna Maus"
    expect(results).to_have_count(2)
    expect(results.nth(1)).to_have_text("Luna Maus")
    watched.get_by_label("Im Gedächtnis suchen").fill("Katze")
    watched.get_by_role("button", name="Suchen").click()
    expect(watched.get_by_test_id("fact-results")).to_contain_text("Luna ist eine Katze")
    expect(watched.get_by_test_id("entity-results")).to_have_count(0)
    assert not watched.problems, watched.problems


def test_mobile_playground_keeps_the_message_box_in_reach(watched, live_server, world, shoot):
    _log_in(watched, live_server.url)
    watched.set_viewport_size({"width": 390, "height": 844})
    watched.goto(f"{live_server.url}/gedaechtnis/spielwiese/")
    box = watched.get_by_label("Deine Nachricht")
    expect(box).to_be_visible()
    history = watched.get_by_test_id("chat-history")
    height = history.evaluate("el => [el.scrollHeight, el.clientHeight]")
    assert height[0] > height[1], height  # the history scrolls inside its box
    top = box.bounding_box()["y"]
    assert top < 844 * 1.3, top  # not below the whole history
    # after a reload the card names what the conversation is about, not "(leer)"
    expect(watched.get_by_test_id("known-card")).to_contain_text("Luna")
    box.fill("Anna ist meine Schwester")
    watched.get_by_role("button", name="Senden").click()
    expect(watched.get_by_test_id("outcome")).to_be_visible()
    shoot(watched, "lang-playground-mobile-sent-390")
    assert not watched.problems, watched.problems


CONVERSATION = (
    "Luna ist meine Katze",
    "Luna bekommt um 19 Uhr Futter",
    "Eigentlich bekommt Luna um 18 Uhr Futter",
)
REF = re.compile(r"\b[a-z_]+:[a-z0-9][a-z0-9-]*\b")


def test_a_short_german_conversation_leaves_a_card_without_identifiers(watched, live_server, shoot):
    """Typed as a newcomer would: the card says what the agent believes and since when,
    in words; keys, refs and the agent's markdown wait behind "Details"."""
    login("owner-c", "carla")
    _log_in(watched, live_server.url, "carla")
    watched.goto(f"{live_server.url}/gedaechtnis/spielwiese/")
    for said in CONVERSATION:
        watched.get_by_label("Deine Nachricht").fill(said)
        watched.get_by_role("button", name="Senden").click()
        expect(watched.get_by_test_id("chat-history")).to_contain_text(said)
    card = watched.get_by_test_id("known-card")
    expect(card).to_contain_text("Fütterungszeit: 18:00")
    expect(card).to_contain_text("seit ")
    for width in WIDTHS:
        watched.set_viewport_size({"width": width, "height": 900 if width > 400 else 844})
        watched.reload()  # after a reload the card still says it (it once read "(leer)")
        text = card.inner_text()
        shoot(watched, f"lang-playground-conversation-{width}")
        assert "Fütterungszeit: 18:00" in text and "Tierart: Katze" in text, text
        assert not SNAKE_CASE.findall(text), text
        assert not RUN_ID.search(text) and not REF.search(text), text
        assert "Züge" not in text and "Known World State" not in text, text
        # after a reload the outcome of the last message is still said, and each line's
        # "Details" sits at the end of its sentence, not on a line of its own
        last = watched.get_by_test_id("outcome").locator("li").first
        expect(last).to_contain_text("Luna bekommt um 18:00 Futter")
        said = last.locator("a").last.bounding_box()  # the sentence's last line
        details = last.locator("details > summary").bounding_box()
        if width > 400:  # a phone's narrow column may wrap it, as any word
            assert details["y"] < said["y"] + said["height"], (said, details)
    expect(watched.get_by_test_id("context-block")).to_be_hidden()  # behind "Details"
    card.get_by_text("Details").click()
    expect(watched.get_by_test_id("context-block")).to_contain_text("feeding_time: 18:00")
    assert not watched.problems, watched.problems


def test_the_pages_speak_english_too(watched, live_server, world, shoot):
    _log_in(watched, live_server.url)
    watched.get_by_label("Sprache").select_option("en")
    watched.get_by_role("button", name="Wechseln").click()
    expect(watched.get_by_role("heading", name="Overview")).to_be_visible()
    watched.goto(f"{live_server.url}/gedaechtnis/e/pet:luna")
    expect(watched.get_by_test_id("value-species")).to_have_text("Luna is a cat")
    expect(watched.get_by_test_id("value-status")).to_have_text("Luna is inside")
    expect(watched.locator(".rels")).to_contain_text("You care for Luna")
    _check(watched, "entity-luna-en", shoot)
