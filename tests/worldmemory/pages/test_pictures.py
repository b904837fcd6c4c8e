"""The pictures' data: the fact timeline's bars on both time axes after a change and
after a correction, the fact changes in the entity's timeline, and the graph's elements
(values as leaves, a kind filter that keeps to its kind)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from tests import factories
from tests.conftest import BOTH_DATABASES
from worldmemory import committer, corrections
from worldmemory.models import Entity, Fact
from worldmemory.pages.display import display_label, humanise
from worldmemory.pages.fact_timeline import (
    CHAR_WIDTH,
    HELD,
    NEVER_HELD,
    PLOT_LEFT,
    WAS_BELIEVED,
    Bar,
    fact_changes,
    fact_timeline,
    place_text,
    place_texts,
)
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


def _bars(picture, predicate):
    return {(bar.state, bar.value): bar for bar in picture.bars if bar.predicate == predicate}


@pytest.fixture
def changed(world):
    """Luna's status changed to "oben" five hours ago (the form's "ändern ab …")."""
    since = timezone.now() - timedelta(hours=5)
    with owner_scope("owner-a") as scope:
        corrections.fact_change(
            scope=scope, fact_id=world.status_now.pk, value="oben", valid_from=since, actor="t"
        )
    return since


@pytest.fixture
def corrected(world):
    """Luna's species corrected: never a cat, a dog all along."""
    with owner_scope("owner-a") as scope:
        species = Fact.objects.get(subject_entity=world.luna, predicate_id="species")
        corrections.fact_correct(scope=scope, fact_id=species.pk, value="dog", actor="t")
        return Fact.objects.get(pk=species.pk)


def test_a_change_starts_a_new_bar_and_keeps_the_old_value_held(world, changed):
    with owner_scope("owner-a") as scope:
        picture = fact_timeline(scope=scope, ref="pet:luna")
    bars = _bars(picture, "status")
    old, new = bars[(HELD, "drinnen")], bars[(HELD, "oben")]
    # valid time: the old value held until the change, the new one from then on
    assert old.valid_from == world.status_now.valid_from and old.valid_to == changed
    assert new.valid_from == changed and new.valid_to is None
    assert old.x < new.x and old.x + old.width == pytest.approx(new.x, abs=0.2)
    # system time: the open-ended "drinnen" is an earlier belief, closed by the change
    earlier = bars[(WAS_BELIEVED, "drinnen")]
    assert earlier.valid_to is None
    assert earlier.recorded_at == world.status_now.recorded_at
    assert earlier.superseded_at == new.recorded_at
    assert not [b for b in picture.bars if b.predicate == "status" and b.state == NEVER_HELD]
    status = next(lane for lane in picture.lanes if lane.predicate == "status")
    assert [row.current for row in status.rows] == [True, False, False]
    assert earlier.y > new.y  # the earlier beliefs lie beneath what is believed now


def test_a_correction_marks_the_old_bar_as_never_held(world, corrected):
    with owner_scope("owner-a") as scope:
        picture = fact_timeline(scope=scope, ref="pet:luna")
    bars = _bars(picture, "species")
    # values as shown: the vocabulary in words ("dog" → "Hund")
    dog, cat = bars[(HELD, "Hund")], bars[(NEVER_HELD, "Katze")]
    # valid time: the right value over the whole period the wrong one claimed
    assert dog.valid_from == cat.valid_from and dog.valid_to is None
    assert dog.x == cat.x and dog.width == cat.width
    # system time: the wrong value was believed from its recording until the correction
    assert cat.recorded_at == corrected.recorded_at
    assert cat.superseded_at == corrected.superseded_at == dog.recorded_at
    assert cat.title.endswith("galt nie") and "galt seit" in dog.title  # the default: German
    assert (WAS_BELIEVED, "Katze") not in bars


def test_fact_changes_tell_asserted_changed_corrected_and_ended(world, changed, corrected):
    with owner_scope("owner-a") as scope:
        committer.fact_end(
            scope=scope,
            fact_id=Fact.objects.get(predicate_id="species", superseded_at__isnull=True).pk,
            valid_to=timezone.now() + timedelta(days=1),
            reason=None,
            actor="t",
        )
        changes = fact_changes(scope=scope, ref="pet:luna")
    told = [(c.kind, c.predicate, c.old, c.new) for c in changes]
    assert told[0][:3] == ("ended", "species", "Hund")
    assert ("corrected", "species", "Katze", "Hund") in told
    assert ("changed", "status", "drinnen", "oben") in told
    # the fixture's earlier change, written as rows without a chain link, reads the same
    assert ("changed", "status", "draußen", "drinnen") in told
    assert ("asserted", "species", "", "Katze") in told
    assert ("asserted", "status", "", "draußen") in told
    assert [c.at for c in changes] == sorted((c.at for c in changes), reverse=True)
    assert next(c for c in changes if c.kind == "changed").valid_from == changed


def test_entity_page_lists_fact_changes_instead_of_no_events(client_a):
    with owner_scope("owner-a") as scope:
        tom = Entity.objects.create(
            owner_sub=scope.owner_sub, kind_id="pet", slug="tom", canonical_name="Tom"
        )
        fact = factories.fact(scope, subject=tom, predicate="status", value="hungrig")
        corrections.fact_change(
            scope=scope, fact_id=fact.pk, value="satt", valid_from=None, actor="t"
        )
    page = client_a.get("/gedaechtnis/e/pet:tom").content.decode()
    assert "Keine Ereignisse" not in page
    assert 'data-kind="changed"' in page and "geändert" in page
    assert 'data-testid="fact-timeline"' in page
    assert 'data-state="was-believed" data-predicate="status" data-value="hungrig"' in page


def test_correction_event_is_told_once(client_a, world, corrected):
    page = client_a.get("/gedaechtnis/e/pet:luna").content.decode()
    assert page.count('data-kind="corrected"') == 1
    assert "species corrected" not in page  # the invalidate event says the same


def test_display_label_prefers_registry_labels():
    class Entry:
        label_de, label_en = "Fütterungszeit abends", "Evening feeding time"

    assert humanise("feeding_time_evening") == "Feeding time evening"
    assert display_label(None, key="feeding_time_evening") == "Feeding time evening"
    assert display_label(object(), key="species") == "Species"
    assert display_label(Entry(), key="feeding_time_evening") == "Fütterungszeit abends"


def _picture(page: str) -> dict:
    start = page.index('<script id="graph-data" type="application/json">') + 48
    return json.loads(page[start : page.index("</script>", start)])


def test_neighbourhood_picture_hangs_values_off_the_entity(client_a, world):
    page = client_a.get("/gedaechtnis/graph/pet:luna").content.decode()
    picture = _picture(page)
    nodes = {node["id"]: node for node in picture["nodes"]}
    assert nodes["pet:luna"]["center"] and nodes["person:me"]["kind"] == "person"
    values = {n["label"] for n in picture["nodes"] if n["kind"] == "_value"}
    assert values == {"drinnen", "Katze"}  # "cat" in words
    edges = {(e["source"], e["label"], e["target_label"]) for e in picture["edges"]}
    assert ("person:me", "kümmert sich um", "Luna") in edges
    assert ("pet:luna", "Zustand", "drinnen") in edges
    assert {kind["key"] for kind in picture["legend"]} == {"person", "pet", "_value"}
    assert "<noscript>" in page  # the drawing without JS stays


def test_explorer_kind_filter_keeps_to_its_kind(client_a, world):
    with owner_scope("owner-a") as scope:
        Entity.objects.create(
            owner_sub=scope.owner_sub, kind_id="person", slug="anna", canonical_name="Anna"
        )
    page = client_a.get("/gedaechtnis/graph/", {"kind": "person"}).content.decode()
    ids = {node["id"] for node in _picture(page)["nodes"]}
    # the pet Ich cares for is not a person; Anna has no relationship yet and still shows
    assert ids == {"person:me", "person:anna"}
    # the filter offers the kinds the owner has, in words
    assert '<option value="pet" >Pet</option>' in page or 'value="pet"' in page


def test_a_fact_held_for_years_does_not_flatten_the_recent_ones(world):
    """Luna's statuses of the last days keep their width beside a fact held since 2015: the
    axis starts after the long gap, and the old bar begins at its edge saying since when."""
    with owner_scope("owner-a") as scope:
        since_2015 = datetime(2015, 1, 1, tzinfo=ZoneInfo("Europe/Berlin"))
        factories.fact(
            scope, subject=world.luna, predicate="hobby", value="Mäuse", valid_from=since_2015
        )
        picture = fact_timeline(scope=scope, ref="pet:luna")
    assert picture.cut and picture.start > since_2015
    old = next(bar for bar in picture.bars if bar.predicate == "hobby")
    assert old.cut and old.x == PLOT_LEFT and old.text == "seit 2015 · Mäuse"
    recent = [bar for bar in picture.bars if bar.predicate == "status" and bar.state == HELD]
    assert min(bar.width for bar in recent) > 40  # not a sliver


def test_a_recent_span_keeps_its_whole_axis(world):
    with owner_scope("owner-a") as scope:
        picture = fact_timeline(scope=scope, ref="pet:luna")
    assert not picture.cut and not any(bar.cut for bar in picture.bars)


def test_a_long_value_stays_off_the_lane_labels():
    """A summary's sentence over a wide bar from the axis's start: its first words inside
    the bar, never the whole sentence drawn leftwards over the lane labels."""
    start = datetime(2026, 11, 20, tzinfo=UTC)
    bar = Bar(
        fact_id="f",
        predicate="summary_sentences",
        value="Übrigens: Ich habe ein Jobangebot von Zeiss in Jena bekommen. " * 3,
        state=HELD,
        valid_from=start,
        valid_to=None,
        recorded_at=start,
        superseded_at=None,
    )
    bar.text, bar.x, bar.width = bar.value, PLOT_LEFT + 30, 700.0
    place_text(bar)
    assert bar.text_inside and bar.text_anchor == "start" and bar.text_x == bar.x + 5
    assert len(bar.text) * CHAR_WIDTH + 10 <= bar.width and bar.text.endswith("…")


def test_two_values_side_by_side_in_one_row_keep_their_words_apart():
    """ "Bootsbauer" held a moment, "mein Chef" since: the first bar is too short for its
    word, which may not be drawn over the second bar's."""
    start = datetime(2026, 12, 5, tzinfo=UTC)

    def bar(value: str, x: float, width: float) -> Bar:
        made = Bar(
            fact_id=value,
            predicate="works_as",
            value=value,
            state=HELD,
            valid_from=start,
            valid_to=None,
            recorded_at=start,
            superseded_at=None,
        )
        made.text, made.x, made.width = value, x, width
        return made

    first, second = bar("bootsbauer", 900.0, 3.0), bar("mein chef", 903.0, 60.0)
    place_texts([first, second])
    extents = []
    for placed in (first, second):
        width = len(placed.text) * CHAR_WIDTH
        left = placed.text_x - width if placed.text_anchor == "end" else placed.text_x
        extents.append((left, left + width))
    assert extents[0][1] <= extents[1][0]
