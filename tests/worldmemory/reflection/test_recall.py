"""Source-oriented recall with German and English date expressions."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.reflection.conftest import say
from worldmemory.reflection import promotion, threads
from worldmemory.reflection.dates import date_windows
from worldmemory.reflection.recall import sources_recall
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)
NOW = datetime(2026, 12, 2, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "first", "last"),
    [
        ("Was habe ich am 19. August 2026 gesagt?", "2026-08-19", "2026-08-20"),
        ("am 19.08.2026", "2026-08-19", "2026-08-20"),
        ("on August 19th, 2026", "2026-08-19", "2026-08-20"),
        ("the 19th of August 2026", "2026-08-19", "2026-08-20"),
        ("2026-08-19", "2026-08-19", "2026-08-20"),
        ("am 19. August", "2026-08-19", "2026-08-20"),
        ("gestern", "2026-12-01", "2026-12-02"),
        ("yesterday", "2026-12-01", "2026-12-02"),
        ("letzte Woche", "2026-11-23", "2026-11-30"),
        ("last week", "2026-11-23", "2026-11-30"),
        ("letzten Sommer", "2026-06-01", "2026-09-01"),
        ("last summer", "2026-06-01", "2026-09-01"),
        ("im August", "2026-08-01", "2026-09-01"),
        ("vor 3 Tagen", "2026-11-29", "2026-11-30"),
        ("two days ago", "2026-11-30", "2026-12-01"),
        ("letzten Montag", "2026-11-30", "2026-12-01"),
        ("letzten Winter", "2025-12-01", "2026-03-01"),
    ],
)
def test_date_expressions(text, first, last):
    (window,) = date_windows(text=text, now=NOW)
    assert window.start.date().isoformat() == first
    assert window.end.date().isoformat() == last


def test_present_tense_has_no_date():
    assert date_windows(text="Ich meditiere gerade und fühle mich ruhig.", now=NOW) == []


def test_recall_answers_from_the_sources_of_that_day_not_from_summaries(scope):
    day = datetime(2026, 8, 19, 8, 30, tzinfo=UTC)
    said = say(scope, "Heute früh habe ich 40 Minuten meditiert, sehr klar.", session="s-a", at=day)
    say(scope, "Schön, erzähl mehr über deine Meditation.", session="s-a", at=day, role="assistant")
    say(scope, "At noon I went swimming.", session="s-a", at=day.replace(hour=12))
    other_day = say(
        scope, "Meditation fiel mir schwer.", session="s-b", at=datetime(2026, 8, 20, tzinfo=UTC)
    )
    # a derived object about meditation must not be the answer
    space, _ = threads.space_resolve(scope=scope, name="Meditation", message=said)
    promotion.experience_record(scope=scope, message_id=said.pk, spaces=(space,))

    answer = sources_recall(
        scope=scope, query="Was habe ich am 19. August 2026 über meine Meditation gesagt?", now=NOW
    )
    data = answer["data"]
    assert data["own_turns_only"] is True
    assert data["terms"] == ["meditation"]
    assert [p["message_id"] for p in data["passages"]] == [str(said.pk)]
    passage = data["passages"][0]
    assert passage["session_external_id"] == "s-a"
    assert passage["occurred_at"] == day
    assert data["windows"][0]["messages"] == 2  # the owner's two turns of that day
    assert "session s-a" in answer["text"]
    assert str(other_day.pk) not in {p["message_id"] for p in data["passages"]}

    english = sources_recall(
        scope=scope, query="What did I say about swimming on August 19, 2026?", now=NOW
    )
    assert [p["text"] for p in english["data"]["passages"]] == ["At noon I went swimming."]


def test_recall_sees_only_the_owners_sources(scope):
    say(scope, "Meditation am Morgen.", at=datetime(2026, 8, 19, 7, tzinfo=UTC))
    with owner_scope("other-owner") as other:
        answer = sources_recall(scope=other, query="Was habe ich am 19.08.2026 gesagt?", now=NOW)
    assert answer["data"]["passages"] == []


def test_an_edited_message_is_recalled_as_it_reads_now(scope):
    from worldmemory.sources import IncomingMessage, messages_ingest

    at = datetime(2026, 8, 19, 7, tzinfo=UTC)

    def ingest(text):
        messages_ingest(
            scope=scope,
            messages=[
                IncomingMessage(
                    session_external_id="s-e",
                    external_id="m-e",
                    role="user",
                    speaker="user",
                    text=text,
                    occurred_at=at,
                )
            ],
        )

    ingest("Meditation am See.")
    ingest("Yoga am See.")
    answer = sources_recall(scope=scope, query="Was habe ich am 19.08.2026 gesagt?", now=NOW)
    assert [p["text"] for p in answer["data"]["passages"]] == ["Yoga am See."]
    about = sources_recall(scope=scope, query="am 19.08.2026 über Meditation", now=NOW)
    assert about["data"]["passages"] == []
