"""What a newcomer met typing a German conversation into the playground: dates in words,
a forget that reads as one, the user as "Du" in the pictures, vocabulary translated."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.pages.conftest import htmx
from worldmemory import labels

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

PLAY = "/gedaechtnis/spielwiese/"


def outside_details(page: str) -> str:
    """The page without its "Details" toggles (where refs and stored values may stand)."""
    return re.sub(r'<details class="tech.*?</details>', "", page, flags=re.S)


def say(client, text: str) -> str:
    response = client.post(PLAY, {"text": text}, **htmx("play-body"))
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize(
    ("stored", "german", "english"),
    [
        ("--02-14", "14. Februar", "February 14"),
        ("--02-29", "29. Februar", "February 29"),
        ("2026-02-14", "14. Februar 2026", "February 14, 2026"),
        ("--02-30", "--02-30", "--02-30"),  # no real day: as written
        ("2026-13-01", "2026-13-01", "2026-13-01"),
    ],
)
def test_a_date_value_reads_in_words(stored, german, english):
    with translation.override("de"):
        assert labels.value_word(stored) == german
    with translation.override("en"):
        assert labels.value_word(stored) == english


def test_a_birthday_shows_in_words_on_every_page(client_a):
    played = say(client_a, "Ich habe am 14. Februar Geburtstag.")
    assert "--02-14" not in played.split("<details")[0]
    assert "14. Februar" in played
    entity = client_a.get("/gedaechtnis/e/person:me").content.decode()
    assert "14. Februar" in entity
    shown = outside_details(entity).replace('name="stored" value="--02-14"', "")
    assert "--02-14" not in shown
    log = client_a.get("/gedaechtnis/logbuch/").content.decode()
    assert "14. Februar" in log and "--02-14" not in log
    graph = client_a.get("/gedaechtnis/graph/person:me").content.decode()
    assert "14. Februar" in graph and '"label": "--02-14"' not in graph


def test_a_forget_reads_as_forgotten_not_remembered(client_a):
    say(client_a, "Ich arbeite seit 2019 als Krankenpflegerin im Klinikum Fulda.")
    played = say(client_a, "Vergiss das mit dem Klinikum bitte.")
    outcome = played.split('data-testid="outcome"')[1].split("</ul>")[0]
    assert "Vergessen:" in outcome
    assert "Gemerkt: <a" not in outcome.replace("\n", "")
    log = client_a.get("/gedaechtnis/logbuch/").content.decode()
    # the forget is listed by itself, not nested under a commit ("Gemerkt")
    log = log.split('id="log-body"')[1]
    forget = log.index('class="etype">Vergessen<')
    nested_at = log.rfind('class="event depth-', 0, forget)
    assert log[nested_at:].startswith('class="event depth-0')


def test_the_user_is_du_in_the_graph(client_a):
    say(client_a, "Ich arbeite als Krankenpflegerin im Klinikum Fulda.")
    page = client_a.get("/gedaechtnis/graph/person:me").content.decode()
    heading = page.split("<h1>")[1].split("</h1>")[0]
    assert heading == "Deine Nachbarschaft"
    assert "person:me" not in heading and "Me" not in heading
    assert '"label": "Me"' not in page and ">Me<" not in page
    assert "person:me" in page  # behind Details
    clinic = client_a.get("/gedaechtnis/graph/org:klinikum-fulda").content.decode()
    assert '"label": "Du"' in clinic and '"label": "Me"' not in clinic


def test_vocabulary_values_are_translated_in_pictures_and_edit_fields(client_a):
    say(client_a, "Luna ist meine Katze")
    page = client_a.get("/gedaechtnis/e/pet:luna").content.decode()
    shown = outside_details(page).replace('name="stored" value="cat"', "")
    assert ">cat<" not in shown and '"label": "cat"' not in shown
    assert 'name="value" value="Katze"' in page  # the edit field shows the word
    assert 'name="stored" value="cat"' in page  # and keeps what is stored
    graph = client_a.get("/gedaechtnis/graph/pet:luna").content.decode()
    assert '"label": "Katze"' in graph and '"label": "cat"' not in graph


def test_an_unchanged_translated_value_means_the_stored_one():
    from worldmemory.pages.forms import ValueForm

    kept = ValueForm({"value": "Katze", "shown": "Katze", "stored": "cat"})
    assert kept.is_valid() and kept.cleaned_data["value"] == "cat"
    typed = ValueForm({"value": "Hund", "shown": "Katze", "stored": "cat"})
    assert typed.is_valid() and typed.cleaned_data["value"] == "Hund"
    plain = ValueForm({"value": "Katze"})
    assert plain.is_valid() and plain.cleaned_data["value"] == "Katze"


def test_a_validity_bound_shows_at_the_granularity_it_has(client_a):
    """Local midnight is a day, midnight on 1 January a year: "seit 2019", no clock time."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from django.conf import settings

    from tests import factories
    from worldmemory.models import Entity
    from worldmemory.templatetags.gedaechtnis import held_moment
    from worldmemory.tenancy import owner_scope

    zone = ZoneInfo(settings.TIME_ZONE)
    year = datetime(2019, 1, 1, tzinfo=zone)
    day = datetime(2025, 3, 5, tzinfo=zone)
    clock = datetime(2025, 3, 5, 18, 30, tzinfo=zone)
    with translation.override("de"):
        assert held_moment(year) == "2019"
        assert held_moment(day) == "05.03.2025"
        assert held_moment(clock) == "05.03.2025 18:30"
    with owner_scope("owner-a") as scope:
        luna = Entity.objects.create(
            owner_sub=scope.owner_sub, kind_id="pet", slug="luna", canonical_name="Luna"
        )
        factories.fact(scope, subject=luna, predicate="status", value="drinnen", valid_from=year)
    page = outside_details(client_a.get("/gedaechtnis/e/pet:luna").content.decode())
    assert "seit 2019" in page
    assert "01.01.2019" not in page and "1. Januar 2019 00:00" not in page


def test_the_graph_pages_take_german_dates_like_every_as_of_bar(client_a, world):
    for url in ("/gedaechtnis/graph/pet:luna", "/gedaechtnis/graph/"):
        page = client_a.get(url, {"at": "31.12.2025"}).content.decode()
        assert 'type="datetime-local"' not in page
        assert 'name="at" type="text"' in page and 'value="31.12.2025 00:00"' in page
    wrong = client_a.get("/gedaechtnis/graph/pet:luna", {"at": "31.13.2025"})
    assert wrong.status_code == 422
    assert "Kein Datum" in wrong.content.decode() or "31.13.2025" in wrong.content.decode()


def test_timeline_axis_names_a_day_once_within_a_few_days():
    """Six "04.12.2026 03:39" labels 136 px apart overlapped on a phone."""
    from datetime import datetime, timedelta
    from zoneinfo import ZoneInfo

    from django.conf import settings

    from worldmemory.pages.fact_timeline import _ticks

    start = datetime(2026, 12, 4, 3, 0, tzinfo=ZoneInfo(settings.TIME_ZONE))
    with translation.override("de"):
        labels_ = [t.label for t in _ticks(start, start + timedelta(hours=1), lambda m: 0)]
        assert labels_[0] == "04.12.2026 03:00"
        assert labels_[1:] == ["03:12", "03:24", "03:36", "03:48", "04:00"]
        over_midnight = _ticks(start, start + timedelta(days=1), lambda m: 0)
        assert [t.label for t in over_midnight][-1] == "05.12.2026 03:00"


def test_the_sessions_table_scrolls_in_its_own_box(client_a):
    say(client_a, "Luna ist meine Katze")
    page = client_a.get("/gedaechtnis/quellen/").content.decode()
    box = page.index('class="table-scroll"')
    assert box < page.index('<table class="sessions">') < page.index("</div>", box)
