"""How many statements a passage search sends: each is a round trip to the database on the
path of every question (but the nearest vectors' search width, sent with them), so the ranking
reads who said a turn and when in the same statements that find it (BM25 and the nearest
vectors), not in reads of their own."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from django.db import connections

from infra.routers import APP_DB
from tests import factories
from tests.conftest import BOTH_DATABASES
from worldmemory import sources, vectorstore
from worldmemory.models import SourceMessage
from worldmemory.reads import answerable, lexical, passages
from worldmemory.reads.turns import turn_windows, turn_windows_of
from worldmemory.tenancy import owner_scope
from worldmemory.vectors import embed_pending

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
# more turns than a retrieval's pool, so that the nearest vectors fill it in one read
SUBJECTS = [
    "den Garten",
    "das Fahrrad",
    "die Steuererklärung",
    "den Umzug",
    "die Katze Luna",
    "das Auto",
    "den Urlaub in Portugal",
    "die Küche",
    "den Chor",
    "das Laufen am Kanal",
    "die Arbeit im Büro",
    "den Geburtstag von Oma",
]
DOINGS = [
    "geredet",
    "nachgedacht",
    "geschrieben",
    "gestritten",
    "gelacht",
    "geplant",
    "telefoniert",
    "gesprochen",
    "diskutiert",
]
# the one turn the question asks about, and the one beside it that names the sum
ANSWER = "Der Zahnarzt hat gesagt, die Krone muss neu gemacht werden."
ANSWER_COST = "Die neue Krone hat am Ende 480 Euro gekostet."


@pytest.fixture
def conversation(multilingual):
    with owner_scope("owner-round-trips") as scope:
        session = factories.session(scope, external_id="s-long")
        other = factories.session(scope, external_id="s-other")
        moment = START
        for index in range(len(SUBJECTS) * len(DOINGS)):
            subject = SUBJECTS[index % len(SUBJECTS)]
            doing = DOINGS[index // len(SUBJECTS)]
            text = f"Heute habe ich mit Anna über {subject} {doing}, Teil {index}."
            factories.message(scope, in_session=session, text=text, occurred_at=moment)
            moment += timedelta(minutes=7)
        factories.message(scope, in_session=other, text=ANSWER, occurred_at=moment)
        factories.message(
            scope, in_session=other, text=ANSWER_COST, occurred_at=moment + timedelta(minutes=1)
        )
        assert embed_pending(scope=scope)["messages"] == len(SUBJECTS) * len(DOINGS) + 2
        # the owner's term statistics and dialogue partners are cached a minute: read them
        # before counting
        lexical.owner_stats(scope)
        answerable._dialogue_partners(scope)
        yield scope


def test_a_search_sends_four_statements(conversation, django_assert_max_num_queries):
    # BM25 with who said each turn; the nearest vectors' search width and the nearest vectors
    # with who said them (two statements in one round trip); the snippets of the results
    with django_assert_max_num_queries(4, connection=connections[APP_DB]):
        found = sources.sources_search(
            scope=conversation, query="Was hat der Zahnarzt über die Krone gesagt?", k=5
        )
    assert found[0]["text"] == ANSWER


def test_a_question_for_an_amount_reads_the_turns_around_in_one_more(
    conversation, django_assert_max_num_queries
):
    with django_assert_max_num_queries(5, connection=connections[APP_DB]):
        found = sources.sources_search(
            scope=conversation, query="Wie viel hat die neue Krone gekostet?", k=5
        )
    assert {ANSWER, ANSWER_COST} & {hit["text"] for hit in found}


def test_a_best_turn_that_names_a_sum_needs_no_read_of_the_turns_around(
    conversation, django_assert_num_queries
):
    cost, answer = (SourceMessage.objects.get(text=text).pk for text in (ANSWER_COST, ANSWER))
    said = passages._said(conversation, [cost, answer], [cost, answer])
    with django_assert_num_queries(0, connection=connections[APP_DB]):
        assert passages._names_an_amount(conversation, [cost], said)
    # an opening cut at its length may end inside a word ("zwei" of "zweite"): the turns
    # around are read
    cut = {answer: replace(said[answer], opening="x" * (passages.LANGUAGE_CHARS - 4) + "zwei")}
    with django_assert_num_queries(1, connection=connections[APP_DB]):
        assert passages._names_an_amount(conversation, [answer], cut)  # its neighbour: 480


def test_the_windows_of_turns_by_id_are_those_of_the_turns(conversation):
    ids = [hit["id"] for hit in sources.sources_search(scope=conversation, query="Krone", k=3)]
    messages = [SourceMessage.objects.get(pk=pk) for pk in ids]
    assert len(messages) == 2
    windows = turn_windows_of(scope=conversation, message_ids=[m.pk for m in messages])
    assert windows == turn_windows(scope=conversation, messages=messages)
    assert any(ANSWER in window and ANSWER_COST in window for window in windows)


def test_what_the_retrievals_did_not_bring_along_is_read_afterwards(conversation):
    # with a filter, a nearest turn beyond the first ones read arrives without its opening
    # words, and a turn neither retrieval returned arrives not at all
    ids = list(SourceMessage.objects.order_by("occurred_at").values_list("pk", flat=True)[:6])
    opened = ids[:3]
    complete = passages._said(conversation, ids, opened)
    assert all(complete[pk].opening for pk in opened)
    partial = {pk: replace(complete[pk], opening="") for pk in ids[:4]}
    assert passages._with_missing(conversation, partial, ids, opened) == complete


def test_a_filtered_search_keeps_the_turns_of_its_session(conversation):
    ranked = passages.passages_rank(
        scope=conversation,
        query="Was hat der Zahnarzt über die Krone gesagt?",
        k=3,
        filters={"session_external_id": "s-other"},
    )
    texts = [SourceMessage.objects.get(pk=pk).text for pk, _ in ranked]
    assert texts[0] == ANSWER
    assert set(texts) == {ANSWER, ANSWER_COST}


def test_the_nearest_vectors_are_read_with_their_search_width(conversation):
    # the settings travel in one round trip with the scan: they hold for it and after it
    vector, space = passages.query_vector_soon("Was hat der Zahnarzt gesagt?").result()
    near = vectorstore.nearest_messages_said(
        scope=conversation,
        space=vectorstore.message_space(space),
        vector=vector,
        limit=passages.POOL,
        opened=3,
        opening_chars=40,
    )
    assert len(near) == passages.POOL
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(
            "SELECT current_setting('hnsw.ef_search'), current_setting('hnsw.iterative_scan')"
        )
        assert cursor.fetchone() == (str(vectorstore.EF_SEARCH), "strict_order")


def test_the_retrievals_read_who_said_a_turn_and_when_as_stored(conversation):
    # both statements return binary rows: the same values as the model reads
    stored = {m.pk: m for m in SourceMessage.objects.all()}
    for pk, score, role, speaker, at in lexical.messages_bm25_said(
        scope=conversation, query="Zahnarzt Krone", limit=5
    ):
        assert (role, speaker, at) == (stored[pk].role, stored[pk].speaker, stored[pk].occurred_at)
        assert isinstance(score, float) and score > 0
    vector, space = passages.query_vector_soon("Krone").result()
    near = vectorstore.nearest_messages_said(
        scope=conversation,
        space=vectorstore.message_space(space),
        vector=vector,
        limit=5,
        opened=2,
        opening_chars=10,
    )
    for rank, (pk, role, speaker, at, opening, similarity) in enumerate(near):
        assert (role, speaker, at) == (stored[pk].role, stored[pk].speaker, stored[pk].occurred_at)
        assert opening == (stored[pk].text[:10] if rank < 2 else "")
        assert -1.0 <= similarity <= 1.0
