"""BM25 over an owner's messages: rare words weigh more than common ones, compounds are
found by their first and last parts, filters and owners hold."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connections
from django.utils import timezone

from infra.routers import APP_DB
from tests import factories
from tests.conftest import BOTH_DATABASES
from worldmemory import temporal
from worldmemory.models import EntityAlias
from worldmemory.reads import lexical
from worldmemory.refs import normalize_alias
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


@pytest.fixture(autouse=True)
def fresh_stats():
    lexical._stats.clear()
    yield
    lexical._stats.clear()


def _store(scope, texts, *, session=None, speaker="user"):
    session = session or factories.session(scope)
    now = timezone.now()
    return [
        factories.message(
            scope,
            in_session=session,
            text=text,
            speaker=speaker,
            occurred_at=now - timedelta(minutes=len(texts) - index),
        )
        for index, text in enumerate(texts)
    ]


def test_a_rare_word_outweighs_a_common_one_repeated():
    with owner_scope("owner-bm25") as scope:
        messages = _store(
            scope,
            [
                "Luna hat Luna gejagt, Luna ist wild, Luna Luna",
                "Luna schläft auf dem Sofa",
                "Luna frisst Thunfisch",
                "Mit Luna im Garten gespielt",
                "Der Tierarzt war teuer",
            ],
        )
        ranked = lexical.messages_bm25(scope=scope, query="Luna Tierarzt", limit=5)
        assert ranked[0][0] == messages[4].pk
        assert {pk for pk, _ in ranked} == {m.pk for m in messages}


def test_a_compound_is_found_by_its_first_part_and_nothing_by_no_match():
    with owner_scope("owner-bm25-compound") as scope:
        messages = _store(scope, ["Mein Zahnarzttermin ist am Dienstag", "Einkaufen gehen"])
        ranked = lexical.messages_bm25(scope=scope, query="Wann muss ich zum Zahnarzt?", limit=5)
        assert [pk for pk, _ in ranked] == [messages[0].pk]
        assert lexical.messages_bm25(scope=scope, query="Zebra", limit=5) == []


def test_a_compound_is_found_by_its_last_part():
    with owner_scope("owner-bm25-head") as scope:
        messages = _store(scope, ["Die Tasche ist gepackt: Schlafanzug, Ladekabel", "Einkaufen"])
        ranked = lexical.messages_bm25(scope=scope, query="Was ist in der Kliniktasche?", limit=5)
        assert [pk for pk, _ in ranked] == [messages[0].pk]


def test_compound_heads_are_the_long_tails_of_long_words_outside_english():
    assert lexical.compound_heads("Was ist in der Kliniktasche?") == [
        "iktasche",
        "ktasche",
        "tasche",
        "asche",
    ]
    assert lexical.compound_heads("Wo wohnt mein Bruder?") == []  # too short to split
    assert lexical.compound_heads("When is the registration due?") == []


def test_a_pasted_token_is_no_compound_and_its_search_finds_nothing():
    """A word longer than any compound (a stuck key) is searched as it is: its thousands of
    tails would overflow PostgreSQL's tsquery."""
    assert lexical.compound_heads("x" * 2000) == []
    with owner_scope("owner-bm25-pasted") as scope:
        _store(scope, ["Die Kliniktasche ist gepackt"])
        assert lexical.messages_bm25(scope=scope, query="a" * 2000, limit=5) == []


def test_filters_and_other_owners_are_respected():
    with owner_scope("owner-bm25-other") as other:
        _store(other, ["Der Tierarzt sagt, alles ist gut"])
    with owner_scope("owner-bm25-filters") as scope:
        anna = _store(scope, ["Der Tierarzt hat angerufen"], speaker="Anna")
        _store(scope, ["Tierarzt um drei"], speaker="user")
        ranked = lexical.messages_bm25(
            scope=scope, query="Tierarzt", limit=5, filters={"speaker": "Anna"}
        )
        assert [pk for pk, _ in ranked] == [anna[0].pk]
        assert len(lexical.messages_bm25(scope=scope, query="Tierarzt", limit=5)) == 2


def test_each_term_once_matches_what_every_configuration_matches():
    # the query as the three configurations give it, repeats and their parentheses included
    every = (
        "(to_tsquery('german', %(q)s) || to_tsquery('english', %(q)s)"
        " || to_tsquery('simple', %(q)s))"
    )
    with owner_scope("owner-bm25-terms") as scope:
        _store(
            scope,
            [
                "Die Hochzeit meiner Schwester war wunderschön",
                "My sister's wedding dress was lovely",
                "Weddings are expensive",
                "Einkaufen gehen",
            ],
        )
        query = lexical.or_query("Hochzeit der Schwester sister wedding")
        with connections[APP_DB].cursor() as cursor:
            matched = {}
            for name, tsquery in (("every", every), ("once", lexical.MESSAGE_QUERY)):
                cursor.execute(
                    f"SELECT text FROM source_messages WHERE owner_sub = %(owner)s"
                    f" AND search_vector @@ {tsquery}",
                    {"owner": scope.owner_sub, "q": query},
                )
                matched[name] = {row[0] for row in cursor.fetchall()}
    assert len(matched["every"]) == 3
    assert matched["once"] == matched["every"]


def test_another_owners_aliases_widen_no_query():
    """The other names of an entity come from a database function that runs with the
    caller's rights: one owner's aliases widen only that owner's questions, even when the
    function is asked for another owner by name."""
    for owner in ("owner-names-a", "owner-names-b"):
        with owner_scope(owner) as scope:
            (said,) = _store(scope, ["Michael Becker hat wegen dem Auto angerufen"])
            if owner == "owner-names-b":
                michael = factories.entity(scope, kind="person", name="Michael Becker")
                for alias in ("Michael Becker", "Mischa"):
                    EntityAlias.objects.create(
                        owner_sub=owner,
                        entity=michael,
                        alias=alias,
                        alias_norm=normalize_alias(alias),
                    )
                ranked = lexical.messages_bm25(scope=scope, query="Was wollte Mischa?", limit=5)
                assert [pk for pk, _ in ranked] == [said.pk]
    with owner_scope("owner-names-a") as scope:
        assert lexical.messages_bm25(scope=scope, query="Was wollte Mischa?", limit=5) == []
        with connections[APP_DB].cursor() as cursor:
            cursor.execute(
                "SELECT * FROM gd_query_names(%s, 'mischa:*', ' mischa ', 3, '{}', now())",
                ["owner-names-b"],
            )
            assert cursor.fetchall() == []


def test_the_names_function_states_the_time_rules_of_temporal():
    """The migration wrote temporal's believed-now and valid-at conditions into
    ``gd_query_names``: should a rule of time change, this fails until a new migration
    writes the function again, so the search never reads names by an older rule."""
    with connections[APP_DB].cursor() as cursor:
        cursor.execute("SELECT prosrc FROM pg_proc WHERE proname = 'gd_query_names'")
        (body,) = cursor.fetchone()
    said = " ".join(body.split())
    for alias in ("a", "o", "f"):
        assert f"AND {temporal.ALIAS_BELIEVED_NOW_SQL.format(a=alias)}" in said
    valid_now = temporal.ALIAS_VALID_AT_SQL.format(a="f", v="now") % {"now": "p_now"}
    assert f"AND {valid_now}" in said
