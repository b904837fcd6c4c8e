"""The pictures in a real browser, under the production Content-Security-Policy: the
interactive graph (pan, zoom, legend filter, click a node to open it) and the fact
timeline after a change and after a correction. Any console error fails the test."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from gedaechtnis.csp import DEFAULT_POLICY
from tests.browser.test_pages import _log_in
from tests.conftest import BOTH_DATABASES
from tests.worldmemory.pages.world import build_world, login
from worldmemory import corrections
from worldmemory.models import Fact
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES, transaction=True)


@pytest.fixture
def world():
    login("owner-a", "alice")
    with owner_scope("owner-a") as scope:
        return build_world(scope)


@pytest.fixture
def strict(page):
    """The page with production's CSP on every document, collecting console errors
    (a blocked inline style or script shows up there) and uncaught exceptions."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))

    def with_policy(route):
        if route.request.resource_type != "document":
            route.continue_()
            return
        response = route.fetch()
        headers = {**response.headers, "content-security-policy": DEFAULT_POLICY}
        route.fulfill(response=response, headers=headers)

    page.route(re.compile(r".*/gedaechtnis/.*"), with_policy)
    yield page
    assert errors == [], errors


NODE_IDS = (
    "() => document.querySelector('[data-testid=graph-canvas]').gdGraph.nodes().map(n => n.id())"
)


def _graph(page):
    box = page.get_by_test_id("graph-picture")
    expect(box).to_have_attribute("data-ready", "true")
    return box


def _node_point(page, node_id: str) -> tuple[float, float]:
    """Where ``node_id`` is drawn on the screen (cytoscape's rendered position), with the
    canvas scrolled into view and the scroll event delivered (cytoscape keeps the canvas
    offset until it hears of a scroll)."""
    page.get_by_test_id("graph-canvas").scroll_into_view_if_needed()
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    x, y = page.evaluate(
        """(id) => { const c = document.querySelector('[data-testid=graph-canvas]');
                     const p = c.gdGraph.getElementById(id).renderedPosition();
                     const r = c.getBoundingClientRect(); return [r.left + p.x, r.top + p.y]; }""",
        node_id,
    )
    page.mouse.move(x, y)
    return x, y


def test_neighbourhood_graph_pans_zooms_filters_and_opens_a_node(strict, live_server, world, shoot):
    page = strict
    _log_in(page, live_server.url)
    page.goto(f"{live_server.url}/gedaechtnis/graph/pet:luna")
    box = _graph(page)
    shoot(page, "20-graph-neighbourhood-1280")
    # Luna's values hang off her as leaves: a value is never invisible
    nodes = page.evaluate(
        "() => document.querySelector('[data-testid=graph-canvas]').gdGraph.nodes()"
        ".map(n => [n.id(), n.data('kind'), n.data('label')])"
    )
    assert ["person:me", "person", "Du"] in nodes  # the user, as on the entity page
    assert any(kind == "_value" and label == "drinnen" for _id, kind, label in nodes)
    edges = page.evaluate(
        "() => document.querySelector('[data-testid=graph-canvas]').gdGraph.edges()"
        ".map(e => e.data('label'))"
    )
    assert "kümmert sich um" in edges, edges

    # zoom: the wheel over the canvas changes cytoscape's zoom level
    zoom = float(box.get_attribute("data-zoom"))
    canvas = page.get_by_test_id("graph-canvas")
    area = canvas.bounding_box()
    page.mouse.move(area["x"] + 20, area["y"] + 20)
    page.mouse.wheel(0, -400)
    expect(box).not_to_have_attribute("data-zoom", f"{zoom:.3f}")
    page.get_by_role("button", name="Einpassen").click()
    # pan: dragging the empty background moves the picture
    pan = box.get_attribute("data-pan")
    page.mouse.move(area["x"] + 8, area["y"] + 8)
    page.mouse.down()
    page.mouse.move(area["x"] + 120, area["y"] + 90, steps=8)
    page.mouse.up()
    expect(box).not_to_have_attribute("data-pan", pan)

    # the legend filters: unticking "person" hides the person, not the pet
    page.get_by_role("button", name="Einpassen").click()
    box.locator('input[data-kind="person"]').uncheck()
    expect(box).to_have_attribute("data-hidden", "person")
    visible = page.evaluate(
        "() => document.querySelector('[data-testid=graph-canvas]').gdGraph"
        ".nodes().filter(n => n.style('display') !== 'none').map(n => n.id())"
    )
    assert "person:me" not in visible and "pet:luna" in visible
    box.locator('input[data-kind="person"]').check()
    page.get_by_role("button", name="Einpassen").click()

    # a click on a node opens its entity page
    x, y = _node_point(page, "person:me")
    page.mouse.click(x, y)
    expect(page).to_have_url(re.compile(r"/gedaechtnis/e/person:me$"))

    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/gedaechtnis/graph/pet:luna")
    _graph(page)
    shoot(page, "21-graph-neighbourhood-390")


def test_explorer_kind_filter_shows_that_kind_only(strict, live_server, world, shoot):
    page = strict
    _log_in(page, live_server.url)
    page.goto(f"{live_server.url}/gedaechtnis/graph/")
    expect(page.get_by_text("Wähle zuerst")).to_be_visible()
    page.get_by_label("Art", exact=True).select_option("pet")
    page.get_by_role("button", name="Zeichnen").click()
    _graph(page)
    ids = page.evaluate(NODE_IDS)
    assert ids == ["pet:luna"]  # the person caring for her is not of the kind asked for
    page.get_by_label("Art", exact=True).select_option("")
    page.get_by_label("Beziehung", exact=True).select_option("cares_for")
    page.get_by_role("button", name="Zeichnen").click()
    # the swapped-in picture is drawn (the previous one had a single node)
    page.wait_for_function(
        "() => document.querySelector('[data-testid=graph-canvas]').gdGraph?.nodes().length > 1"
    )
    ids = page.evaluate(NODE_IDS)
    assert sorted(ids) == ["person:me", "pet:luna"]
    shoot(page, "22-graph-explorer-1280")
    explorer = page.url
    x, y = _node_point(page, "pet:luna")
    page.mouse.click(x, y)
    expect(page).to_have_url(re.compile(r"/gedaechtnis/e/pet:luna$"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(explorer)
    _graph(page)
    shoot(page, "22-graph-explorer-390")


def test_fact_timeline_after_a_change_and_after_a_correction(strict, live_server, world, shoot):
    since = timezone.now() - timedelta(hours=20)
    with owner_scope("owner-a") as scope:
        corrections.fact_change(
            scope=scope, fact_id=world.status_now.pk, value="oben", valid_from=since, actor="t"
        )
        species = Fact.objects.get(subject_entity=world.luna, predicate_id="species")
        corrections.fact_correct(scope=scope, fact_id=species.pk, value="Hund", actor="t")
    page = strict
    _log_in(page, live_server.url)
    page.goto(f"{live_server.url}/gedaechtnis/e/pet:luna")
    timeline = page.get_by_test_id("fact-timeline")
    expect(timeline).to_be_visible()
    status = timeline.locator('[data-testid=fact-bar][data-predicate="status"]')
    species = timeline.locator('[data-testid=fact-bar][data-predicate="species"]')
    # the change: a new bar begins where the old value's bar now ends; nothing "never held"
    held = status.and_(page.locator('[data-state="held"]'))
    old, new = held.filter(has_text="drinnen"), held.filter(has_text="oben")
    old_box, new_box = old.locator("rect").bounding_box(), new.locator("rect").bounding_box()
    assert old_box["x"] + old_box["width"] == pytest.approx(new_box["x"], abs=2)  # ± stroke
    expect(status.and_(page.locator('[data-state="never-held"]'))).to_have_count(0)
    expect(status.and_(page.locator('[data-state="was-believed"]'))).to_have_count(2)
    # the correction: the old bar beneath, "believed until …, never held", over the same span
    wrong = species.and_(page.locator('[data-state="never-held"]'))
    right = species.and_(page.locator('[data-state="held"]'))
    expect(wrong).to_contain_text("Katze · galt nie")  # the stored "cat" in words
    expect(right).to_contain_text("Hund")
    assert wrong.locator("rect").bounding_box()["x"] == right.locator("rect").bounding_box()["x"]
    assert wrong.locator("rect").bounding_box()["y"] > right.locator("rect").bounding_box()["y"]
    expect(wrong.locator("title")).to_contain_text("galt nie")
    expect(timeline.locator(".row-label").first).to_contain_text("geglaubt bis")
    # the entity's timeline tells both writes, differently
    changes = page.get_by_test_id("fact-change")
    expect(changes.and_(page.locator('[data-kind="corrected"]'))).to_contain_text(
        "der alte Wert galt nie"
    )
    expect(changes.and_(page.locator('[data-kind="changed"]')).first).to_contain_text("oben")
    expect(page.get_by_text("Keine Ereignisse")).to_have_count(0)
    page.locator("#ft-h").scroll_into_view_if_needed()
    shoot(page, "23-entity-pictures-1280")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/gedaechtnis/e/pet:luna")
    expect(page.get_by_test_id("fact-timeline")).to_be_visible()
    # narrow: the picture scrolls sideways inside its box, the page does not
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    # it opens at its newest end (now), not at its oldest, empty one
    box = page.locator(".fact-timeline")
    expect(box).to_have_js_property(
        "scrollLeft", box.evaluate("b => b.scrollWidth - b.clientWidth")
    )
    assert box.evaluate("b => b.scrollWidth > b.clientWidth")
    page.locator("#ft-h").scroll_into_view_if_needed()
    shoot(page, "24-entity-pictures-390")


def test_quellen_and_the_graph_forms_fit_a_phone(strict, live_server, world, shoot):
    page = strict
    _log_in(page, live_server.url)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/gedaechtnis/spielwiese/")
    page.get_by_label(re.compile("Nachricht")).first.fill("Luna ist meine Katze")
    page.get_by_role("button", name=re.compile("Senden")).click()
    expect(page.get_by_test_id("outcome")).to_be_visible()
    page.goto(f"{live_server.url}/gedaechtnis/quellen/")
    expect(page.locator("table.sessions")).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    # every value of a session is on screen with its label, none cut off at the edge
    last = page.locator("table.sessions td[data-label]").last
    expect(last).to_be_visible()
    box = last.bounding_box()
    assert box["x"] + box["width"] <= 390, box
    assert not page.locator(".table-scroll").evaluate("b => b.scrollWidth > b.clientWidth")
    shoot(page, "25-quellen-390")
    page.goto(f"{live_server.url}/gedaechtnis/graph/")
    kind = page.get_by_label("Art", exact=True)
    expect(kind).to_be_visible()
    # the label sits on its field: directly above it, not apart
    label_box = page.locator("label[for=kind]").bounding_box()
    field_box = kind.bounding_box()
    assert 0 <= field_box["y"] - label_box["y"] <= 30
    page.get_by_label("Datum und Uhrzeit").fill("31.12.2025")
    page.get_by_role("button", name="Zeichnen").click()
    expect(page).to_have_url(re.compile(r"at=31\.12\.2025"))  # a German date is taken
    expect(page.locator("#graph-body .error")).to_have_count(0)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    shoot(page, "26-graph-explorer-390")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/gedaechtnis/graph/person:me")
    expect(page.locator("h1")).to_have_text("Deine Nachbarschaft")
    shoot(page, "27-graph-me-1280")


def test_entity_page_graph_opens_a_neighbour(strict, live_server, world, shoot):
    page = strict
    _log_in(page, live_server.url)
    page.goto(f"{live_server.url}/gedaechtnis/e/pet:luna")
    _graph(page)
    assert sorted(i for i in page.evaluate(NODE_IDS) if not i.startswith("value:")) == [
        "person:me",
        "pet:luna",
    ]
    # travelling in time swaps the page body; the picture is drawn again
    page.get_by_role("button", name="Anzeigen").click()
    expect(page).to_have_url(re.compile(r"[?&]axis="))
    _graph(page)
    x, y = _node_point(page, "person:me")
    page.mouse.click(x, y)
    expect(page).to_have_url(re.compile(r"/gedaechtnis/e/person:me$"))
