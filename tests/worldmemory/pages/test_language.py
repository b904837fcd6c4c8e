"""The language layer: registry labels and sentences (core, learned, relabelled in the
admin), the user as "du", values of the lexicon translated, German dates in the as-of bar,
snippets that are escaped and cut at boundaries, and a search a person can trust."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.utils import timezone, translation

from tests import proposals as p
from tests.conftest import BOTH_DATABASES
from tests.worldmemory.pages.conftest import htmx
from worldmemory import labels
from worldmemory.accounts import account_ensure
from worldmemory.committer import entity_merge, proposal_commit
from worldmemory.errors import InvalidInput
from worldmemory.models import (
    Entity,
    EntityKind,
    EventType,
    OwnRelationType,
    RelationType,
    ResolvedRelationType,
)
from worldmemory.pages import finder
from worldmemory.pages.dates import parse_local
from worldmemory.pages.snippets import highlight
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)
BERLIN = ZoneInfo("Europe/Berlin")


def test_core_vocabulary_carries_labels_and_sentences():
    lives_in = RelationType.objects.get(predicate="lives_in")
    assert (lives_in.label_de, lives_in.label_en) == ("wohnt in", "lives in")
    assert lives_in.sentence_de == "{subject} wohnt in {object}"
    assert EntityKind.objects.get(key="pet").label_de == "Haustier"
    assert EventType.objects.get(key="state_change").label_en == "Change"
    # every core row has words in both languages
    for model in (EntityKind, RelationType, EventType):
        assert not model.objects.filter(label_de="").exists(), model
        assert not model.objects.filter(label_en="").exists(), model
    assert not RelationType.objects.filter(sentence_de="").exists()


def test_the_resolved_view_shows_the_labels():
    with owner_scope("owner-a"):
        row = ResolvedRelationType.objects.get(predicate="cares_for")
    assert row.sentence_de == "{subject} kümmert sich um {object}"
    assert row.label_en == "cares for"


@pytest.mark.parametrize(
    ("lang", "fact", "said"),
    [
        (
            "de",
            {"subject_ref": "pet:luna", "predicate": "species", "value": "cat"},
            "Luna ist eine Katze",
        ),
        (
            "en",
            {"subject_ref": "pet:luna", "predicate": "species", "value": "cat"},
            "Luna is a cat",
        ),
        (
            "de",
            {"subject_ref": "pet:bello", "predicate": "species", "value": "dog"},
            "Bello ist ein Hund",
        ),
        (
            "de",
            {"subject_ref": "pet:luna", "predicate": "feeding_time", "value": "19:00"},
            "Luna bekommt um 19:00 Futter",
        ),
        (
            "de",
            {"subject_ref": "person:anna", "predicate": "relation_to_user", "value": "sister"},
            "Anna ist deine Schwester",
        ),
        (
            "de",
            {"subject_ref": "person:tom", "predicate": "relation_to_user", "value": "brother"},
            "Tom ist dein Bruder",
        ),
        (
            "en",
            {"subject_ref": "person:me", "predicate": "works_as", "value": "Lehrerin"},
            "You work as Lehrerin",
        ),
        (
            "de",
            {"subject_ref": "person:me", "predicate": "works_as", "value": "Lehrerin"},
            "Du arbeitest als Lehrerin",
        ),
        (
            "de",
            {"subject_ref": "person:me", "predicate": "lives_in", "object_ref": "place:hamburg"},
            "Du wohnst in Hamburg",
        ),
        (
            "de",
            {"subject_ref": "person:anna", "predicate": "cares_for", "object_ref": "person:me"},
            "Anna kümmert sich um dich",
        ),
        (
            "de",
            {"subject_ref": "person:me", "predicate": "cares_for", "object_ref": "pet:luna"},
            "Du kümmerst dich um Luna",
        ),
        (
            "en",
            {"subject_ref": "person:me", "predicate": "studies", "value": "Physik"},
            "You study Physik",
        ),
        (
            "de",
            {"subject_ref": "person:me", "predicate": "birthday", "value": "3. Juli"},
            "Du hast am 3. Juli Geburtstag",
        ),
    ],
)
def test_a_fact_reads_as_a_sentence(lang, fact, said):
    with owner_scope("owner-a") as scope:
        for ref, name in (
            ("pet:luna", "Luna"),
            ("pet:bello", "Bello"),
            ("person:anna", "Anna"),
            ("person:tom", "Tom"),
            ("place:hamburg", "Hamburg"),
        ):
            kind, slug = ref.split(":")
            Entity.objects.create(
                owner_sub=scope.owner_sub, kind_id=kind, slug=slug, canonical_name=name
            )
        with translation.override(lang):
            assert labels.fact_sentence(fact) == said


def test_learned_vocabulary_reads_humanised_and_can_be_relabelled():
    user, _ = account_ensure(
        username="op", owner_sub="owner-a", password="a-long-password", superuser=True
    )
    client = Client()
    client.force_login(user)
    with owner_scope("owner-a") as scope:
        proposal_commit(
            scope=scope, proposal=p.parsed(p.fact("pet:luna", "feeding_time_evening", "19 Uhr"))
        )
        with translation.override("de"):
            assert labels.predicate_label("feeding_time_evening") == "Feeding time evening"
            fact = {
                "subject_ref": "pet:luna",
                "predicate": "feeding_time_evening",
                "value": "19 Uhr",
            }
            assert labels.fact_sentence(fact) == "Luna – Feeding time evening: 19 Uhr"
        learned = OwnRelationType.objects.get(predicate="feeding_time_evening")
    change = f"/admin/worldmemory/ownrelationtype/{learned.pk}/change/"
    response = client.post(
        change,
        {
            "label_de": "Abendfütterung",
            "label_en": "Evening feeding",
            "sentence_de": "{subject} bekommt abends um {value} Futter",
            "sentence_en": "{subject} is fed in the evening at {value}",
        },
    )
    assert response.status_code == 302, response.content.decode()[:1500]
    with owner_scope("owner-a"):
        row = OwnRelationType.objects.get(pk=learned.pk)
        assert row.cardinality == learned.cardinality  # only the words changed
        with translation.override("de"):
            assert labels.fact_sentence(fact) == "Luna bekommt abends um 19 Uhr Futter"
        with translation.override("en"):
            assert labels.predicate_label("feeding_time_evening") == "Evening feeding"
    # another owner keeps the humanised default: the relabelling is owner-a's own
    with owner_scope("owner-b"), translation.override("de"):
        assert labels.predicate_label("feeding_time_evening") == "Feeding time evening"


def test_a_core_label_changed_by_an_operator_shows_at_once():
    RelationType.objects.filter(predicate="owns").update(sentence_de="{subject} hat {object}")
    with owner_scope("owner-a") as scope:
        Entity.objects.create(
            owner_sub=scope.owner_sub, kind_id="device", slug="rad", canonical_name="Fahrrad"
        )
        with translation.override("de"):
            fact = {"subject_ref": "person:me", "predicate": "owns", "object_ref": "device:rad"}
            assert labels.fact_sentence(fact) == "Du hast Fahrrad"


def _local(**parts) -> datetime:
    return datetime(**parts, tzinfo=BERLIN)


def test_german_dates_are_read():
    now = timezone.now().astimezone(BERLIN)
    yesterday = now.date() - timedelta(days=1)
    assert parse_local("31.12.2025") == _local(year=2025, month=12, day=31)
    assert parse_local("31.12.2025 18:00") == _local(year=2025, month=12, day=31, hour=18)
    assert parse_local("31.12.25, 18.30 Uhr") == _local(
        year=2025, month=12, day=31, hour=18, minute=30
    )
    assert parse_local("gestern 18 Uhr") == _local(
        year=yesterday.year, month=yesterday.month, day=yesterday.day, hour=18
    )
    assert parse_local("Gestern um 18:15") == _local(
        year=yesterday.year, month=yesterday.month, day=yesterday.day, hour=18, minute=15
    )
    assert abs(parse_local("heute") - timezone.now()) < timedelta(minutes=2)
    assert parse_local("2025-12-31T18:00") == _local(year=2025, month=12, day=31, hour=18)
    for bad in ("31.02.2025", "gestern 25 Uhr", "vorvorgestern", "irgendwann", "31.12.2025 abends"):
        with pytest.raises(InvalidInput):
            parse_local(bad)


def test_the_asof_bar_takes_a_german_date_and_says_a_bad_one_once(client_a, world):
    page = client_a.get("/gedaechtnis/e/pet:luna", {"at": "gestern 12 Uhr"}).content.decode()
    assert 'data-testid="value-status">Luna ist drinnen<' in page
    response = client_a.get("/gedaechtnis/e/pet:luna", {"at": "Silvester"}, **htmx("entity-body"))
    assert response.status_code == 422
    body = response.content.decode()
    assert body.count("„Silvester“") == 1  # in the bar (swapped out of band), not twice
    assert 'id="asof-bar"' in body and 'hx-swap-oob="true"' in body
    assert "zurück zu jetzt" in body


def test_back_to_now_follows_the_swap(client_a, world):
    then = client_a.get(
        "/gedaechtnis/e/pet:luna", {"at": "31.12.2025"}, **htmx("entity-body")
    ).content.decode()
    assert "zurück zu jetzt" in then and 'value="31.12.2025 00:00"' in then
    now = client_a.get("/gedaechtnis/e/pet:luna", **htmx("entity-body")).content.decode()
    assert "zurück zu jetzt" not in now and 'id="asof-bar"' in now


def test_snippets_escape_then_mark_and_cut_at_boundaries():
    text = (
        "Gestern war ein langer Tag im Büro und danach noch Einkaufen. "
        "Ich trinke <b>morgens</b> immer Kaffee mit Hafermilch, abends lieber Tee. "
        "Am Wochenende fahren wir vielleicht nach Hamburg zu meiner Schwester Anna, "
        "die dort seit zwei Jahren wohnt und als Lehrerin arbeitet."
    )
    shown = str(highlight(text, "Kaffee"))
    assert "<mark>Kaffee</mark>" in shown
    assert "&lt;b&gt;morgens&lt;/b&gt;" in shown and "<b>" not in shown
    assert shown.startswith("… Ich trinke")  # the sentence the word stands in
    assert shown.endswith("…")
    plain = shown.replace("<mark>", "").replace("</mark>", "")
    words = plain.removeprefix("… ").removesuffix(" …").split()
    assert all(word in text.replace("<", "&lt;").replace(">", "&gt;") for word in words)


def test_search_exact_first_no_merged_no_duplicates_and_an_explicit_no_hit(client_a, world):
    with owner_scope("owner-a") as scope:
        proposal_commit(
            scope=scope,
            proposal=p.parsed(
                p.entity("person:anna", "Anna", aliases=("Anni",)),
                p.entity("person:anna-2", "Anna Schmidt"),
                p.fact("person:anna", "relation_to_user", "sister"),
                p.entity("pet:lunchen", "Lunchen"),
            ),
        )
        duplicate = Entity.objects.get(slug="anna-2")
        anna = Entity.objects.get(slug="anna")
        entity_merge(scope=scope, entity=duplicate, into=anna, actor="test")
        with translation.override("de"):
            found = finder.find(scope=scope, query="Anna")
            assert [e["ref"] for e in found.entities] == ["person:anna"]  # once, merged gone
            assert found.entities[0]["how"] == "exact"
            cat = finder.find(scope=scope, query="Katze")
            assert [f["subject_ref"] for f in cat.facts] == ["pet:luna"]
            assert not cat.entities  # no entity is named "Katze"
            assert finder.find(scope=scope, query="Zebra").nothing
    page = client_a.get("/gedaechtnis/", {"q": "Zebra"}).content.decode()
    assert "Kein Treffer für „Zebra“" in page
    page = client_a.get("/gedaechtnis/", {"q": "Katze"}).content.decode()
    assert "Luna ist eine Katze" in page


def test_event_summaries_read_in_words():
    with owner_scope("owner-a") as scope:
        Entity.objects.create(
            owner_sub=scope.owner_sub, kind_id="pet", slug="luni", canonical_name="Luni"
        )
        with translation.override("de"):
            assert labels.event_summary("status ended") == "„Zustand“ beendet"
            assert labels.event_summary("pet:luni split off again") == "Luni wieder getrennt"
            assert labels.event_summary("Luna kratzt an der Tür") == "Luna kratzt an der Tür"
            # the committer writes a literal as JSON and an object as its ref
            assert labels.event_summary('feeding_time corrected: "19:00" → "18:00"') == (
                "„Fütterungszeit“ korrigiert: 19:00 → 18:00"
            )
            assert labels.event_summary("lives_in corrected: place:hamburg → pet:luni") == (
                "„wohnt in“ korrigiert: Hamburg → Luni"
            )
        with translation.override("en"):
            assert labels.event_summary("species corrected: dog → cat") == (
                "“Species” corrected: dog → cat"
            )


def test_merge_asks_first_then_says_it_and_shows_each_relation_once(client_a, world):
    with owner_scope("owner-a") as scope:
        proposal_commit(
            scope=scope,
            proposal=p.parsed(
                p.entity("person:anna", "Anna"),
                p.fact("person:anna", "relation_to_user", "sister"),
                p.entity("person:anni", "Anni"),
                p.fact("person:anni", "relation_to_user", "sister"),
            ),
        )
    merge = "/gedaechtnis/e/person:anni/zusammenfuehren"
    asked = client_a.post(merge, {"into": "person:anna"}, **htmx("entity-body"))
    assert asked.status_code == 200
    question = asked.content.decode()
    assert 'data-testid="confirm"' in question and "„Anni“ und „Anna“ werden eins" in question
    with owner_scope("owner-a"):
        assert Entity.objects.get(slug="anni").status == "active"  # nothing written yet
    done = client_a.post(merge, {"into": "person:anna", "confirmed": "1"}, **htmx("entity-body"))
    assert done.status_code == 204
    page = client_a.get(done["HX-Redirect"]).content.decode()
    assert "Zusammengeführt: „Anni“ gehört jetzt zu „Anna“." in page
    facts = page.split('id="facts"')[1].split("</section>")[0]
    assert facts.count("Anna ist deine Schwester") == 1
