"""Correction notices reach the chat: a value curation changed or corrected is said once, in
the next context block of the chat or in the ingest response when the window was curated at
once, in the language of the message, and never to another owner."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.utils import timezone

from curator.models import CuratorQueue
from curator.pipeline import curate_due
from tests import factories
from tests.conftest import BOTH_DATABASES
from tests.curator.scripted import op, use_scripted
from tests.curator.test_trust import Owner
from worldmemory.bilingual import language as language_of
from worldmemory.models import CuratorNotice, Fact
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

LATER = timedelta(seconds=31)
PLACES = {
    "Bremen": [
        op("upsert_entity", id_hint="place:bremen", kind="place", canonical_name="Bremen"),
        op("assert_relationship", subject_ref="person:me", predicate="lives_in",
           object_ref="place:bremen"),
    ],
    "Hamburg": [
        op("upsert_entity", id_hint="place:hamburg", kind="place", canonical_name="Hamburg"),
        op("assert_relationship", subject_ref="person:me", predicate="lives_in",
           object_ref="place:hamburg"),
    ],
}  # fmt: skip
GERMAN = "du sagtest früher Bremen, jetzt Hamburg — ich habe das aktualisiert."
ENGLISH = "you told me Bremen before, now Hamburg — I've updated it."


@pytest.fixture
def places(settings, monkeypatch):
    return use_scripted(settings, monkeypatch, PLACES)


def context(owner: Owner, chat: str | None = "chat-1", message: str = "Hallo") -> dict:
    query = {"message": message, **({"chat_id": chat} if chat else {})}
    response = Client().get("/api/v1/context", query, **owner.headers)
    assert response.status_code == 200, response.content
    return response.json()


def moved(owner: Owner, first: str, then: str) -> None:
    owner.say(first)
    assert curate_due(now=timezone.now() + LATER) == 1
    owner.say(then)
    assert curate_due(now=timezone.now() + LATER) == 1


@pytest.mark.parametrize(
    ("first", "then", "said"),
    [
        ("Merk dir: ich wohne in Bremen", "Merk dir: ich bin nach Hamburg gezogen", GERMAN),
        ("Remember: I live in Bremen", "Remember: I moved to Hamburg last month", ENGLISH),
    ],
)
def test_the_next_block_of_the_chat_carries_the_notice_once(places, first, then, said):
    alice = Owner()
    moved(alice, first, then)
    block = context(alice)
    assert block["text"].count(said) == 1, block["text"]
    [notice] = block["data"]["notices"]
    assert notice["kind"] == "change" and notice["text"].endswith(said)
    again = context(alice)
    assert said not in again["text"] and again["data"]["notices"] == []
    with owner_scope("alice"):
        assert CuratorNotice.objects.get().delivered_by == "context"


def test_a_correction_by_the_rule_curator_is_said_in_german():
    alice = Owner()
    moved(alice, "Luna ist meine Katze, sie bekommt um 19 Uhr Futter",
          "Eigentlich bekommt Luna um 18 Uhr Futter")  # fmt: skip
    block = context(alice, message="Wann bekommt Luna Futter?")
    said = "du sagtest früher 19:00, jetzt 18:00 — ich habe das aktualisiert."
    assert block["text"].count(said) == 1, block["text"]
    assert block["data"]["notices"][0]["kind"] == "correction"
    assert said not in context(alice, message="Luna")["text"]


def test_curating_at_once_answers_with_the_notice_and_the_block_does_not_repeat_it(places):
    alice = Owner()
    first = alice.say("Ich wohne in Bremen", curate="now")
    assert first["curation"] == [
        {"chat_id": "chat-1", "status": "curated", "committed": 2, "pending": 0, "rejected": 0,
         "duplicate": 0, "reason": ""}
    ]  # fmt: skip
    assert first["notices"] == []
    answer = alice.say("Jetzt wohne ich in Hamburg", curate="now")
    [notice] = answer["notices"]
    assert notice["text"].endswith(GERMAN) and notice["language"] == "de"
    assert not CuratorQueue.objects.exists()  # nothing left for the worker
    assert curate_due(now=timezone.now() + LATER) == 0
    assert GERMAN not in context(alice)["text"]


def test_the_normal_ingest_keeps_the_debounce(places):
    alice = Owner()
    answer = alice.say("Anna ist meine Schwester, sie wohnt in Bremen")
    assert answer["curation"] == [] and answer["notices"] == []
    with owner_scope("alice"):
        assert not Fact.objects.exists()
    assert CuratorQueue.objects.get().due_at > timezone.now()


def test_an_unknown_curate_flag_is_refused_and_nothing_is_stored(places):
    alice = Owner()
    alice.say("Ich wohne in Bremen", curate="sofort", expect=422)
    with owner_scope("alice"):
        assert not Fact.objects.exists()


def test_one_owners_notices_never_reach_another(places):
    alice, bob = Owner("alice"), Owner("bob")
    moved(alice, "Merk dir: ich wohne in Bremen", "Merk dir: jetzt wohne ich in Hamburg")
    assert context(bob)["data"]["notices"] == []  # the same chat id, another owner
    assert context(bob, chat=None)["data"]["notices"] == []
    with owner_scope("bob"):
        assert not CuratorNotice.objects.exists()
    assert context(alice)["text"].count(GERMAN) == 1


def test_a_notice_waits_for_its_own_chat_and_a_block_without_a_chat_takes_every_chat(places):
    alice = Owner(chat="kitchen")
    moved(alice, "Merk dir: ich wohne in Bremen", "Merk dir: jetzt wohne ich in Hamburg")
    assert context(alice, chat="other")["data"]["notices"] == []
    assert [n["chat_id"] for n in context(alice, chat=None)["data"]["notices"]] == ["kitchen"]
    assert context(alice, chat="kitchen")["data"]["notices"] == []


def test_a_restated_value_says_nothing(places):
    alice = Owner()
    moved(alice, "Merk dir: ich wohne in Bremen", "Merk dir: ich wohne noch in Bremen")
    assert context(alice)["data"]["notices"] == []


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Ich bin jetzt in Hamburg", "de"),
        ("I am in Hamburg now", "en"),
        ("Hamburg!", None),
        # chat German: "is" and "sorry" look English, "nich" and "nix" are German only
        ("das is nich so", "de"),
        ("nö, da is nix mit nem termin", "de"),
        # a tie is no language: the owner's own latest messages decide
        ("sorry, tim is 13 nich 12.", None),
    ],
)
def test_the_language_of_a_message(text, language):
    assert language_of(text) == language


def test_without_a_telling_message_the_sites_language_is_used(places, settings):
    settings.LANGUAGE_CODE = "en"
    alice = Owner()
    alice.say("Bremen.", curate="now")
    [notice] = alice.say("Hamburg.", curate="now")["notices"]
    assert notice["language"] == "en" and notice["text"].endswith(ENGLISH)


def test_a_notice_cannot_name_another_owners_fact():
    with owner_scope("bob") as scope:
        bobs = factories.fact(scope, subject=factories.entity(scope))
    with owner_scope("alice") as scope:
        alices = factories.fact(scope, subject=factories.entity(scope))
        with pytest.raises(IntegrityError), transaction.atomic(using="app"):
            CuratorNotice.objects.create(
                owner_sub="alice",
                chat_id="chat-1",
                kind="change",
                language="de",
                text="…",
                fact=alices,
                previous_fact_id=bobs.pk,
                run_id="r",
            )
