"""What passage search reads beyond the words: the other language's everyday words, an
entity's other names, who said a turn, and a time the question names."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.utils import timezone

from tests import factories
from tests import proposals as p
from tests.conftest import BOTH_DATABASES
from worldmemory import embedding, sources
from worldmemory.bilingual import language, translations
from worldmemory.committer import fact_end, proposal_commit
from worldmemory.models import EntityAlias, Fact, SourceMessage
from worldmemory.reads import passages
from worldmemory.refs import normalize_alias

ASKED = datetime(2026, 7, 28, 20, 15, tzinfo=UTC)


def test_everyday_words_are_translated_both_ways_and_names_are_not():
    assert {"sister", "live", "lives"} <= set(translations("Wo wohnt meine Schwester?"))
    assert {"kita", "kindergarten"} <= set(translations("Which nurseries did Kati apply to?"))
    assert "lake" not in translations("Did you see Anna?")  # "see" is a German word too
    assert translations("Ottilie Brandstetter") == []
    # "mein Mann" and "meine Frau" are how German says husband and wife
    assert "husband" in translations("Was arbeitet mein Mann?")
    assert {"frau", "ehefrau"} <= set(translations("What does my wife do?"))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Sie hat sich das Handgelenk verstaucht", {"wrist", "sprained"}),
        ("She sprained her wrist", {"handgelenk", "verstaucht"}),
        ("Im Flur ist Schimmel", {"hallway", "mould", "mold"}),
        ("There is mould in the hallway", {"flur", "schimmel"}),
        ("Mein Führerschein ist abgelaufen", {"driving licence", "driver's license"}),
        ("My driving licence expired", {"führerschein"}),
        ("Die Stromrechnung kam per Lastschrift", {"electricity bill", "direct debit"}),
        ("The plumber fixed the tap", {"klempner", "wasserhahn"}),
        ("Es gab ein Gewitter", {"thunderstorm"}),
        ("We had homework", {"hausaufgaben"}),
    ],
)
def test_everyday_words_of_each_topic_translate_both_ways(text, expected):
    assert expected <= set(translations(text))


def test_a_compound_of_two_listed_words_is_translated_by_its_parts():
    assert {"phone", "conference"} <= set(translations("Telefonkonferenzen mit Boston"))
    assert {"engagement", "ring"} <= set(translations("der Verlobungsring"))
    # both parts must have an entry: a word merely ending in a listed one is not a compound
    assert translations("bouldering") == []
    assert translations("Töpferscheibe") == []
    # English joins its words with a space
    assert translations("feedback") == []
    assert translations("Iceland") == []


def test_words_with_sharp_s_are_found_as_the_list_spells_them():
    # a text is looked up case-folded, which spells "ß" as "ss"
    assert {"street", "road"} <= set(translations("Welche Straße?"))
    assert {"grandma", "grandmother"} <= set(translations("Wo wohnt meine Großmutter?"))
    assert "straße" in translations("Which street?")
    assert language("heißt") == "de"


def test_words_common_in_the_other_language_or_in_surnames_are_not_translated():
    # "um 8 Uhr" is in every German time, "fest" means "firm", "till" means "until", and
    # "Müller" is a surname before it is rubbish
    assert translations("Um 8 Uhr steht es fest") == []
    assert translations("Wait till Friday") == ["freitag"]
    assert "rubbish" not in translations("Frau Müller kommt")
    assert translations("He has a hat") == []  # "hat" is German for "has"


def test_the_language_of_a_sentence_by_its_commonest_words():
    assert language("Wann hat Micha gesagt, dass er nicht kommt?") == "de"
    assert language("What did Micha say about the flat?") == "en"
    assert language("Rostock, Warnemünde") is None


def _from(since: tuple[int, int, int], until: tuple[int, int, int]) -> list[tuple]:
    return [(datetime(*since, tzinfo=UTC), datetime(*until, tzinfo=UTC))]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Was war im März mit der Umzugsfirma los?", _from((2026, 3, 1), (2026, 4, 1))),
        # a month still to come this year is last year's, with or without a past tense
        ("Where did we play in December?", _from((2025, 12, 1), (2026, 1, 1))),
        ("Was wollte Priya im Dezember?", _from((2025, 12, 1), (2026, 1, 1))),
        ("What happened in May 2023?", _from((2023, 5, 1), (2023, 6, 1))),
        # the shared reader gives a season its first month
        ("Was haben wir letzten Winter geplant?", _from((2025, 12, 1), (2026, 1, 1))),
        # no common word of either language: read in both
        ("last summer", _from((2025, 6, 1), (2025, 7, 1))),
        ("Was war letzte Woche?", _from((2026, 7, 20), (2026, 7, 27))),
        # a period still ahead holds no turn
        ("Welches Terminal soll nächstes Jahr dazukommen?", []),
        ("Was hat Dr. Sommer gesagt?", []),
        ("You may want to plan the summer holiday", []),
    ],
)
def test_times_a_question_names(question, expected):
    assert passages.asked_periods(query=question, asked_at=ASKED) == expected


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


def test_a_relative_named_by_the_relation_finds_what_was_said_under_their_name(
    scope_a, lexical_only
):
    """ "Wo lebt mein Bruder?" of an owner whose brother is Tim finds what was said of Tim,
    though it names neither; an ended relation names nobody any more."""
    proposal_commit(
        scope=scope_a,
        proposal=p.parsed(
            p.entity("person:tim", "Tim", ("Tim",)),
            p.fact("person:tim", "relation_to_user", "brother"),
        ),
    )
    session = factories.session(scope_a, external_id="umzug")
    _turn(scope_a, session, "Tim ist doch nach Bremen gezogen")
    _turn(scope_a, session, "Die Katze schläft")
    assert _texts(scope_a, "Wo lebt mein Bruder?") == ["Tim ist doch nach Bremen gezogen"]
    assert _texts(scope_a, "Where does my brother live?") == ["Tim ist doch nach Bremen gezogen"]
    assert _texts(scope_a, "Wo lebt meine Schwester?") == []
    brother = Fact.objects.get(predicate_id="relation_to_user", superseded_at__isnull=True)
    fact_end(scope=scope_a, fact_id=brother.pk, valid_to=timezone.now(), reason=None, actor="t")
    assert _texts(scope_a, "Wo lebt mein Bruder?") == []


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


@pytest.mark.parametrize(
    ("question", "speaker"),
    [
        ("What surname does Kati want?", "Katrin"),
        ("Was hat Tobi gesagt?", "Tobias"),
        ("Was wollte Micha?", "Michael"),
        ("Who is Jenny's boss?", "Jennifer"),
    ],
)
def test_a_person_named_by_a_short_form_of_their_name_counts_as_named(question, speaker):
    said = {"them": passages._Said("user", speaker, ASKED, "")}
    assert passages._named_speakers(said, question) == {speaker}


def test_a_word_that_only_begins_like_a_name_names_nobody():
    said = {
        "sam": passages._Said("user", "Sam", ASKED, ""),
        "andreas": passages._Said("user", "Andreas", ASKED, ""),
    }
    # "same" is longer than "Sam", "and" is a stopword, "Dan" is too short to be shortened
    assert passages._named_speakers(said, "Is it the same and Dan?") == set()


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
    english = {"t": passages._Said("user", "user", ASKED, "My sister lives in Rostock")}
    german = {"t": passages._Said("user", "user", ASKED, "Meine Schwester wohnt in Rostock")}
    near = {"t": 0.28}
    assert passages._remembered("Wo wohnt meine Schwester?", near, english)
    assert not passages._remembered("Wo wohnt meine Schwester?", near, german)
    assert not passages._remembered("Wo wohnt meine Schwester?", {"t": 0.2}, english)


def test_a_turn_of_a_few_words_is_no_evidence_against_the_floor(settings):
    settings.GD_RELEVANCE_FLOOR = 0.30
    said = {
        "short": passages._Said("user", "user", ASKED, "i did it!!!"),
        "long": passages._Said("user", "user", ASKED, "we ran the half marathon in Bath"),
    }
    question = "How high was my skydive over Namibia?"
    assert not passages._remembered(question, {"short": 0.38, "long": 0.2}, said)
    assert passages._remembered(question, {"short": 0.38, "long": 0.31}, said)


def test_a_question_for_an_amount_needs_a_number_near_its_best_turns(scope_a, lexical_only):
    session = factories.session(scope_a, external_id="haus")
    at = [datetime(2026, 5, 4, 10, minute, tzinfo=UTC) for minute in range(3)]
    _turn(scope_a, session, "die Katze schläft auf dem Sofa", at=at[0])
    _turn(scope_a, session, "der Boiler sah uralt aus", at=at[1])
    # the boiler was talked about, its price never
    assert _texts(scope_a, "Was hat der Boiler gekostet?") == []
    assert _texts(scope_a, "How much was the boiler?") == []
    assert _texts(scope_a, "Wie sah der Boiler aus?") == ["der Boiler sah uralt aus"]
    # a number in the turn after it answers: the sum often follows the thing
    _turn(scope_a, session, "der Einbau kostet 3.400 €", at=at[2])
    assert "der Boiler sah uralt aus" in _texts(scope_a, "Was hat der Boiler gekostet?")


def test_a_count_in_words_is_a_number():
    assert passages.NUMBER.search("ich hab drei Makrelen gefangen")
    assert passages.NUMBER.search("we caught twelve")
    assert not passages.NUMBER.search("eine Makrele, a fish, one day")
