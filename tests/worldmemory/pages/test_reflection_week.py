"""What Lena met walking the Reflexion pages after a week of conversation: an experience's
day in words (not "2026-10-14", not "day"), a thread's summary as its sentences (not the
stored list with message ids and turn ids), the working state by names, and a session page
that says what was formed from it, each linked to the turns it rests on.

Three sessions of the week (``tests/fixtures/week_de.json``) go through the ingest API and
the worker, as in ``tests/worldmemory/reflection/test_week.py``.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from django.test import override_settings
from django.utils import timezone, translation

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.pages.reflection_world import build_meditation
from worldmemory import labels
from worldmemory.benchmarks.reflection_quality import conversation_feed
from worldmemory.models import SourceMessage

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

WEEK = json.loads(
    (Path(__file__).resolve().parents[2] / "fixtures" / "week_de.json").read_text("utf-8")
)


def outside_details(page: str) -> str:
    """The page without its "Details" toggles (where refs and stored values may stand)."""
    return re.sub(r'<details class="tech.*?</details>', "", page, flags=re.S)


def visible_text(page: str) -> str:
    """What a reader sees: the text outside "Details", without tags (and their attributes,
    where the forms keep the stored values they send back)."""
    return re.sub(r"<[^>]+>", " ", outside_details(page))


@pytest.fixture
def neck_week():
    """Tuesday night to Wednesday night: the neck in three sessions, the doctor's visit."""
    week = {**WEEK, "sessions": [s for s in WEEK["sessions"] if s["id"] in {"s4", "s5", "s6"}]}
    with override_settings(GD_REFLECTION_ENRICH_SECONDS=0):
        assert conversation_feed(conversation=week, owner="owner-a") == []
    return {m.external_id: m for m in SourceMessage.objects.filter(owner_sub="owner-a")}


@pytest.mark.parametrize(
    ("value", "german", "english"),
    [
        (
            {"value": "2026-10-14", "granularity": "day", "cue": "heute"},
            "14. Oktober 2026 („heute“)",
            "October 14, 2026 (“heute”)",
        ),
        ({"value": "2026-W42", "granularity": "week"}, "42. Woche 2026", "week 42 of 2026"),
        ({"value": "2026-10", "granularity": "month", "cue": "im Oktober"}, "Oktober 2026", None),
        ({"value": "2026", "granularity": "year"}, "2026", "2026"),
    ],
)
def test_when_something_happened_reads_in_words(value, german, english):
    with translation.override("de"):
        assert labels.value_word(value).startswith(german)
        assert not re.search(r"\b(day|week|month|year)\b", labels.value_word(value))
    if english:
        with translation.override("en"):
            assert labels.value_word(value) == english


def test_a_summary_is_its_sentences_in_order():
    sentences = [
        {"text": "Mein Nacken bringt mich um.", "turn": "s4-t01", "message_id": "01a2-x"},
        {"text": "Termin bei Dr. Sommer.", "turn": "s4-t03", "message_id": "01a2-y"},
    ]
    assert labels.value_word(sentences) == "Mein Nacken bringt mich um. · Termin bei Dr. Sommer."


def test_the_experience_list_and_page_say_the_day_in_words(client_a, neck_week):
    listed = client_a.get("/gedaechtnis/reflexion/?kind=experience").content.decode()
    visible = outside_details(listed)
    assert "14. Oktober 2026" in visible
    assert "2026-10-14" not in visible
    [ref] = re.findall(r'data-ref="(experience:[^"]+)"', listed)[:1] or [None]
    page = visible_text(client_a.get(f"/gedaechtnis/e/{ref}").content.decode())
    assert "2026-10-1" not in page
    assert "Oktober 2026 („heute“)" in page
    assert not re.search(r"\bday\b", page)


def test_a_thread_page_shows_its_summary_without_ids(client_a, neck_week):
    listed = client_a.get("/gedaechtnis/reflexion/?kind=thread").content.decode()
    refs = re.findall(r'data-ref="(thread:[^"]+)"', listed)
    assert refs, "the neck across three sessions is a thread"
    for ref in refs:
        page = visible_text(client_a.get(f"/gedaechtnis/e/{ref}").content.decode())
        assert "message_id" not in page and "&quot;text&quot;" not in page
        assert not re.search(r"\bs\d-t\d\d\b", page), "turn ids of the client are not shown"


def test_a_session_page_lists_what_was_formed_from_it_with_links_to_its_turns(client_a, neck_week):
    page = client_a.get("/gedaechtnis/quellen/sitzung/week-de-lena%252Fs6").content.decode()
    formed = page.split('data-testid="session-formed"', 1)[1].split("</section>", 1)[0]
    assert "Aus diesem Gespräch" in page
    visit = neck_week["s6-t01"]
    # the doctor's visit that day, linked to its page and to the turn that tells it
    item = formed.split("heute Vormittag bei Dr. Sommer", 1)[1].split("</li>", 1)[0]
    assert f'href="#msg-{visit.pk}"' in item
    assert f'id="msg-{visit.pk}"' in page


def test_the_working_state_names_its_threads_and_spaces(client_a):
    world = build_meditation()
    page = client_a.get("/gedaechtnis/quellen/sitzung/s-now").content.decode()
    state = page.split('data-testid="working-state"', 1)[1].split("</section>", 1)[0]
    links = dict(re.findall(r'<a href="/gedaechtnis/e/([^"]+)">([^<]+)</a>', state))
    assert links[world["space"]] == "Meditation"
    assert all(":" not in text for text in links.values()), links


def test_an_experience_cites_the_turn_that_tells_it_apart_from_why_it_is_linked(
    client_a, neck_week
):
    """The doctor's visit is placed in a space first named two sessions earlier; that earlier
    turn is why the link exists, not where the visit is told."""
    told = neck_week["s6-t01"]
    page = client_a.get(f"/gedaechtnis/e/experience:msg-{told.pk.hex}").content.decode()
    assert page.count("heute Vormittag bei Dr. Sommer") >= 1
    own = page.split('data-testid="reflection-sources"', 1)[1].split("</ul>", 1)[0]
    assert re.findall(r"/quellen/nachricht/([0-9a-f-]+)", own) == [str(told.pk)]
    linked = page.split('data-testid="reflection-link-sources"', 1)[1].split("</ul>", 1)[0]
    assert str(neck_week["s4-t03"].pk) in linked


def test_each_sentence_of_a_session_summary_links_to_its_turn(client_a, neck_week):
    page = client_a.get("/gedaechtnis/quellen/sitzung/week-de-lena%252Fs4").content.decode()
    summary = page.split('data-testid="working-state-summary"', 1)[1].split("</dd>", 1)[0]
    links = re.findall(r'<a href="#msg-([0-9a-f-]+)">([^<]+)</a>', summary)
    assert links, "the summary's sentences are links"
    session = {str(m.pk): m for m in neck_week.values() if m.external_id.startswith("s4-")}
    for message_id, sentence in links:
        # each link leads to a turn of this session that says the sentence
        assert message_id in session
        assert html.unescape(sentence) in session[message_id].text
        assert f'id="msg-{message_id}"' in page


def test_the_working_state_dates_the_session_by_its_last_turn(client_a, neck_week):
    """Fed weeks later, the session still reads as said on Wednesday evening, not as
    closed on the day it was fed in."""
    page = client_a.get("/gedaechtnis/quellen/sitzung/week-de-lena%252Fs6").content.decode()
    turns = page.split('data-testid="working-state-turns"', 1)[1].split("</dd>", 1)[0]
    assert "zuletzt am 14.10.2026 19:40" in turns
    assert timezone.localdate().strftime("%d.%m.%Y") not in turns


def test_a_thread_page_shows_its_summary_and_the_sessions_it_rests_on(client_a, neck_week):
    listed = client_a.get("/gedaechtnis/reflexion/?kind=thread").content.decode()
    ref = re.findall(r'data-ref="(thread:[^"]+)"', listed)[0]
    page = client_a.get(f"/gedaechtnis/e/{ref}").content.decode()
    summary = page.split('data-testid="reflection-summary"', 1)[1].split("</p>", 1)[0]
    cited = re.findall(r'href="/gedaechtnis/quellen/nachricht/([0-9a-f-]+)">([^<]+)</a>', summary)
    assert cited, "the thread's own summary, each sentence linked to its turn"
    by_id = {str(m.pk): m for m in neck_week.values()}
    assert all(html.unescape(text) in by_id[pk].text for pk, text in cited)
    sessions = page.split('data-testid="reflection-sessions"', 1)[1].split("</ul>", 1)[0]
    rests_on = {by_id[pk].session_external_id for pk, _text in cited}
    for external_id in rests_on:
        item = sessions.split(f'data-session="{external_id}"', 1)[1].split("</li>", 1)[0]
        assert "/gedaechtnis/quellen/sitzung/" in item
        assert 'class="summary"' in item, "each session with its own summary"


def test_a_thread_page_looking_back_shows_no_summaries_of_today(client_a, neck_week):
    listed = client_a.get("/gedaechtnis/reflexion/?kind=thread").content.decode()
    ref = re.findall(r'data-ref="(thread:[^"]+)"', listed)[0]
    now = client_a.get(f"/gedaechtnis/e/{ref}").content.decode()
    back = client_a.get(f"/gedaechtnis/e/{ref}?at=2026-11-01T12:00").content.decode()
    assert 'data-testid="reflection-sessions"' in now
    assert 'data-testid="reflection-sessions"' not in back


def test_the_reflection_overview_lists_the_conversations_with_their_summaries(client_a, neck_week):
    page = client_a.get("/gedaechtnis/reflexion/").content.decode()
    sessions = page.split('data-testid="reflection-sessions"', 1)[1].split("</ul>", 1)[0]
    found = re.findall(r'data-session="([^"]+)"', sessions)
    # newest first, by when they were said
    assert found == ["week-de-lena/s6", "week-de-lena/s5", "week-de-lena/s4"]
    assert "Gespräche" in page
    assert sessions.count('class="summary"') == 3
    # a filtered list is about its kind alone
    filtered = client_a.get("/gedaechtnis/reflexion/?kind=thread").content.decode()
    assert 'data-testid="reflection-sessions"' not in filtered


def test_a_space_page_names_the_conversations_behind_it_with_their_summaries(client_a, neck_week):
    listed = client_a.get("/gedaechtnis/reflexion/?kind=reflection_space").content.decode()
    refs = re.findall(r'data-ref="(reflection_space:[^"]+)"', listed)
    assert refs, "the neck and the flat hunt live in spaces"
    for ref in refs:
        page = client_a.get(f"/gedaechtnis/e/{ref}").content.decode()
        sessions = page.split('data-testid="reflection-sessions"', 1)[1].split("</ul>", 1)[0]
        assert re.findall(r'data-session="week-de-lena/s\d"', sessions)
        assert 'class="summary"' in sessions
