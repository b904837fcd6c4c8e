"""What passage search reads beyond the words: the other language's everyday words, an
entity's other names, who said a turn, and a time the question names."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from django.utils import timezone

from tests import factories
from tests.conftest import BOTH_DATABASES
from worldmemory import embedding, sources
from worldmemory.bilingual import language, translations
from worldmemory.models import EntityAlias, SourceMessage
from worldmemory.reads import passages
from worldmemory.reads.timewindows import Window, time_windows
from worldmemory.refs import normalize_alias

ASKED = datetime(2026, 7, 28, 20, 15, tzinfo=UTC)


def test_everyday_words_are_translated_both_ways_and_names_are_not():
    assert {"sister", "live", "lives"} <= set(translations("Wo wohnt meine Schwester?"))
    assert {"kita", "kindergarten"} <= set(translations("Which nurseries did Kati apply to?"))
    assert "lake" not in translations("Did you see Anna?")  # "see" is a German word too
    assert translations("Ottilie Brandstetter") == []


def test_the_language_of_a_sentence_by_its_commonest_words():
    assert language("Wann hat Micha gesagt, dass er nicht kommt?") == "de"
    assert language("What did Micha say about the flat?") == "en"
    assert language("Rostock, Warnemünde") is None


def _from(since: tuple[int, int, int], until: tuple[int, int, int]) -> list[Window]:
    return [Window(date(*since), date(*until))]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Was war im März mit der Umzugsfirma los?", _from((2026, 3, 1), (2026, 4, 1))),
        # a month still to come this year is last year's
        ("Where did we play in December?", _from((2025, 12, 1), (2026, 1, 1))),
        ("What happened in May 2023?", _from((2023, 5, 1), (2023, 6, 1))),
        ("Was haben wir letzten Winter geplant?", _from((2025, 12, 1), (2026, 3, 1))),
        ("last summer", _from((2025, 6, 1), (2025, 9, 1))),
        ("Was war letzte Woche?", _from((2026, 7, 20), (2026, 7, 27))),
        ("Was hat Dr. Sommer gesagt?", []),
        ("You may want to plan the summer holiday", []),
    ],
)
def test_times_a_question_names(question, expected):
    assert time_windows(text=question, asked_at=ASKED) == expected


@pytest.fixture
def lexical_only(settings):
    """Without vectors the ranking is BM25's and the lifts alone: what these tests measure."""
    settings.GD_EMBEDDER = "none"
    embedding.configured_embedder.cache_clear()
    yield
    embedding.configured_embedder.cache_clear()


pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


def _turn(scope, session, text, *, speaker="user", role="user", at=None):
    return SourceMessage.objects.create(
        owner_sub=scope.owner_sub,
        session=session,
        session_external_id=session.external_id,
        external_id=f"{session.external_id}-{SourceMessage.objects.count() + 1}",
        role=role,
        speaker=speaker,
        text=text,
        occurred_at=at or ASKED,
    )


def _texts(scope, query, **kwargs) -> list[str]:
    return [hit["text"] for hit in sources.sources_search(scope=scope, query=query, **kwargs)]


def test_a_german_question_finds_an_english_turn_by_its_everyday_words(scope_a, lexical_only):
    session = factories.session(scope_a, external_id="leeds")
    _turn(scope_a, session, "my sister lives in Leeds now")
    _turn(scope_a, session, "the bus was late again")
    assert _texts(scope_a, "Wo wohnt meine Schwester?") == ["my sister lives in Leeds now"]


def test_a_name_finds_what_was_said_under_the_entitys_other_names(scope_a, lexical_only):
    michael = factories.entity(scope_a, kind="person", name="Michael Becker")
    for alias in ("Michael Becker", "Mischa"):
        EntityAlias.objects.create(
            owner_sub=scope_a.owner_sub,
            entity=michael,
            alias=alias,
            alias_norm=normalize_alias(alias),
        )
    session = factories.session(scope_a, external_id="anruf")
    _turn(scope_a, session, "Michael Becker hat wegen dem Auto angerufen")
    _turn(scope_a, session, "Die Katze schläft")
    assert _texts(scope_a, "Was wollte Mischa?") == ["Michael Becker hat wegen dem Auto angerufen"]
    # a name no longer believed widens nothing
    EntityAlias.objects.filter(alias="Mischa").update(superseded_at=timezone.now())
    assert _texts(scope_a, "Was wollte Mischa?") == []


def test_the_persons_own_words_come_before_the_assistants_restatement(scope_a, lexical_only):
    # apart, so no neighbour lends either anything; the newest would win a tie
    mine = _turn(scope_a, factories.session(scope_a), "Der Garten braucht Wasser")
    theirs = _turn(
        scope_a,
        factories.session(scope_a),
        "Der Garten braucht Wasser",
        role="assistant",
        speaker="assistant",
    )
    found = sources.sources_search(scope=scope_a, query="Was braucht der Garten?")
    assert [hit["id"] for hit in found] == [str(mine.pk), str(theirs.pk)]


def test_a_turn_by_someone_the_question_names_counts_more():
    said = {
        "anna": passages._Said("user", "Anna", ASKED, "de"),
        "ben": passages._Said("user", "Ben", ASKED, "de"),
        "assistant": passages._Said("assistant", "assistant", ASKED, "de"),
    }
    bonus = passages._context_bonus(said, "Was hat Anna über den Garten gesagt?", [])
    assert bonus["anna"] > bonus["ben"] > bonus["assistant"] == 0


def test_a_named_month_lifts_what_was_said_then(scope_a, lexical_only):
    session = factories.session(scope_a, external_id="umzug")
    may = _turn(
        scope_a, session, "Die Umzugsfirma hat abgesagt", at=datetime(2026, 5, 4, tzinfo=UTC)
    )
    march = _turn(
        scope_a, session, "Die Umzugsfirma hat abgesagt", at=datetime(2026, 3, 9, tzinfo=UTC)
    )
    found = sources.sources_search(
        scope=scope_a, query="Was war im März mit der Umzugsfirma?", asked_at=ASKED
    )
    assert [hit["id"] for hit in found] == [str(march.pk), str(may.pk)]
    found = sources.sources_search(
        scope=scope_a, query="Was war im Mai mit der Umzugsfirma?", asked_at=ASKED
    )
    assert [hit["id"] for hit in found] == [str(may.pk), str(march.pk)]


def test_a_turn_in_the_other_language_clears_a_lower_floor(settings):
    settings.GD_RELEVANCE_FLOOR = 0.30
    english = {"t": passages._Said("user", "user", ASKED, "en")}
    german = {"t": passages._Said("user", "user", ASKED, "de")}
    near = {"t": 0.27}
    assert passages._remembered("Wo wohnt meine Schwester?", near, english)
    assert not passages._remembered("Wo wohnt meine Schwester?", near, german)
    assert not passages._remembered("Wo wohnt meine Schwester?", {"t": 0.2}, english)
