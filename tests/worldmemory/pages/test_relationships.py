"""Relationships on the entity page read and are corrected like any fact; the owner's page
and the graphs show the people in the owner's life."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from tests import proposals
from tests.conftest import BOTH_DATABASES
from tests.worldmemory.pages.conftest import htmx
from worldmemory.committer import proposal_commit
from worldmemory.models import Entity, Fact
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

ME = "/gedaechtnis/e/person:me"


@pytest.fixture
def family() -> dict:
    """Jonas works at Zeiss since ten days (he said so), Sparkasse is known too; Lea is
    his daughter, Tim his grandson, who lives in Halle. A relation of his own ("Ich bin
    ihr Sohn" read as his relation to himself) ties him to nobody."""
    since = timezone.now() - timedelta(days=10)
    with owner_scope("owner-a") as scope:
        proposal_commit(
            scope=scope,
            proposal=proposals.parsed(
                proposals.entity("person:me", "Ich"),
                proposals.entity("org:zeiss", "Zeiss", ("Zeiss",)),
                proposals.entity("org:sparkasse", "Sparkasse", ("Sparkasse",)),
                proposals.entity("person:lea", "Lea", ("Lea",)),
                proposals.entity("person:tim", "Tim", ("Tim",)),
                proposals.entity("place:halle", "Halle", ("Halle",)),
                proposals.relationship("person:me", "works_at", "org:zeiss", since),
                proposals.relationship("person:tim", "lives_in", "place:halle", since),
                proposals.fact("person:lea", "relation_to_user", "daughter", since),
                proposals.fact("person:tim", "relation_to_user", "grandson", since),
                proposals.fact("person:me", "relation_to_user", "son", since),
            ),
        )
        works_at = Fact.objects.get(predicate_id="works_at", superseded_at__isnull=True)
    return {"works_at": works_at, "since": since}


def _row(page: str, fact: Fact) -> str:
    """The page's line of ``fact``, from its <li> to the next."""
    start = page.rindex("<li", 0, page.index(f"/f/{fact.pk}"))
    return page[start : page.index("</li>", start)]


def test_a_relationship_reads_like_a_fact_with_its_controls(client_a, family):
    page = client_a.get(ME).content.decode()
    row = _row(page, family["works_at"])
    assert 'Du arbeitest bei <a href="/gedaechtnis/e/org:zeiss">Zeiss</a>' in row
    since = timezone.localtime(family["since"]).strftime("%-d.")
    assert "seit " + since in row  # "seit 25. November 2026"
    assert "du hast es im Chat gesagt" in row  # provenance in words
    assert "(test)" in row  # the evidence it rests on
    for action in ("aendern", "korrigieren", "beenden", "vergessen"):
        assert f"{ME}/f/{family['works_at'].pk}/{action}" in row
    assert '<option value="Sparkasse">' in row  # another organisation to pick


def test_the_relationships_history_names_the_entities(client_a, family):
    url = f"{ME}/f/{family['works_at'].pk}/korrigieren"
    client_a.post(url, {"confirmed": "1", "value": "Sparkasse"}, **htmx("entity-body"))
    with owner_scope("owner-a"):
        right = Fact.objects.get(predicate_id="works_at", superseded_at__isnull=True)
    chain = client_a.get(f"{ME}/f/{right.pk}", **htmx("chain")).content.decode()
    assert "ersetzt <strong>Zeiss</strong>" in chain
    assert "korrigiert zu <strong>Sparkasse</strong>" in chain


def test_a_relationship_that_never_held_is_corrected_without_a_replacement(client_a, family):
    url = f"{ME}/f/{family['works_at'].pk}/korrigieren"
    asked = client_a.post(url, {"value": ""}, **htmx("entity-body")).content.decode()
    assert "„Du arbeitest bei Zeiss“ war nie wahr, auch nicht in der Vergangenheit" in asked
    response = client_a.post(url, {"confirmed": "1", "value": ""}, **htmx("entity-body"))
    assert response.status_code == 200, response.content
    page = response.content.decode()
    assert "Korrigiert: Das galt nie." in page
    assert "arbeitest bei" not in page.split('id="rel-h"', 1)[1].split("</section>", 1)[0]
    with owner_scope("owner-a"):
        wrong = Fact.objects.get(pk=family["works_at"].pk)
        assert wrong.status == "invalidated"
        assert not Fact.objects.filter(predicate_id="works_at", superseded_at__isnull=True)


def test_a_relationship_is_corrected_to_another_known_entity_all_along(client_a, family):
    url = f"{ME}/f/{family['works_at'].pk}/korrigieren"
    asked = client_a.post(url, {"value": "Sparkasse"}, **htmx("entity-body")).content.decode()
    # the question names the entity, not its ref
    assert "„Du arbeitest bei Zeiss“ war nie richtig: „Sparkasse“ gilt stattdessen" in asked
    response = client_a.post(url, {"confirmed": "1", "value": "Sparkasse"}, **htmx("entity-body"))
    assert response.status_code == 200, response.content
    with owner_scope("owner-a"):
        wrong = Fact.objects.get(pk=family["works_at"].pk)
        right = Fact.objects.get(predicate_id="works_at", superseded_at__isnull=True)
        sparkasse = Entity.objects.get(slug="sparkasse")
    assert wrong.status == "invalidated" and right.supersedes_fact_id == wrong.pk
    assert right.object_entity_id == sparkasse.pk and right.memory_type == "correction"
    assert right.valid_from == wrong.valid_from  # it held all along
    assert 'Du arbeitest bei <a href="/gedaechtnis/e/org:sparkasse">Sparkasse</a>' in (
        response.content.decode()
    )


def test_a_relationship_changes_to_a_new_entity_from_a_date_on(client_a, family):
    url = f"{ME}/f/{family['works_at'].pk}/aendern"
    moment = timezone.localtime(timezone.now() - timedelta(days=2)).strftime("%Y-%m-%dT%H:%M")
    form = {"confirmed": "1", "value": "Bosch", "valid_from": moment}
    response = client_a.post(url, form, **htmx("entity-body"))
    assert response.status_code == 200, response.content
    with owner_scope("owner-a"):
        bosch = Entity.objects.get(kind_id="org", slug="bosch")
        now = Fact.objects.get(predicate_id="works_at", superseded_at__isnull=True, valid_to=None)
        before = Fact.objects.get(
            predicate_id="works_at", superseded_at__isnull=True, valid_to__isnull=False
        )
    assert bosch.canonical_name == "Bosch" and now.object_entity_id == bosch.pk
    assert before.object_entity_id == family["works_at"].object_entity_id  # Zeiss until then
    assert before.valid_to == now.valid_from
    assert Fact.objects.get(pk=family["works_at"].pk).status == "superseded"


def test_the_owners_page_lists_the_people_in_their_life(client_a, family):
    page = client_a.get(ME).content.decode()
    people = page.split('data-testid="people"', 1)[1].split("</ul>", 1)[0]
    assert '<a href="/gedaechtnis/e/person:lea">Lea</a> — deine Tochter' in people
    assert '<a href="/gedaechtnis/e/person:tim">Tim</a> — dein Enkel' in people
    assert people.count("<li>") == 2
    english = client_a.get(ME, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Lea</a> — your daughter" in english
    assert 'data-testid="people"' not in client_a.get("/gedaechtnis/e/person:lea").content.decode()


def test_the_people_follow_the_chosen_time(client_a, family):
    def at(days: int, **axis) -> str:
        moment = timezone.localtime(timezone.now() - timedelta(days=days))
        return client_a.get(ME, {"at": moment.strftime("%Y-%m-%dT%H:%M"), **axis}).content.decode()

    assert "deine Tochter" in at(5)
    assert 'data-testid="people"' not in at(20)  # before Lea was his daughter
    # what the agent knew a year ago: nobody yet
    assert "deine Tochter" not in at(365, axis="system")


def _picture(page: str) -> dict:
    data = page.split('id="graph-data" type="application/json">', 1)[1].split("</script>", 1)[0]
    return json.loads(data)


def test_the_graph_around_you_draws_your_people(client_a, family):
    page = client_a.get("/gedaechtnis/graph/person:me").content.decode()
    edges = {(e["source"], e["target"], e["label"]) for e in _picture(page)["edges"]}
    assert ("person:lea", "person:me", "Tochter") in edges
    assert ("person:tim", "person:me", "Enkel") in edges
    assert not any(source == target for source, target, _label in edges)
    assert '<a href="/gedaechtnis/e/person:lea">Lea</a> ist deine Tochter' in page


def test_a_persons_relation_to_you_is_a_tie_not_a_loose_value(client_a, family):
    page = client_a.get("/gedaechtnis/graph/person:lea").content.decode()
    picture = _picture(page)
    assert ("person:lea", "person:me", "Tochter") in {
        (e["source"], e["target"], e["label"]) for e in picture["edges"]
    }
    assert not any(node["label"] == "Tochter" for node in picture["nodes"])


def test_a_second_step_goes_past_the_ties(client_a, family):
    def edges(ref: str, depth: str) -> set:
        page = client_a.get(f"/gedaechtnis/graph/{ref}", {"depth": depth}).content.decode()
        return {(e["source"], e["target"], e["predicate"]) for e in _picture(page)["edges"]}

    halle = ("person:tim", "place:halle", "lives_in")
    assert halle not in edges("person:me", "1")
    assert halle in edges("person:me", "2")  # where your grandson lives
    around_lea = edges("person:lea", "2")
    assert ("person:tim", "person:me", "relation_to_user") in around_lea  # her family
    assert ("person:me", "org:zeiss", "works_at") in around_lea


def test_the_person_explorer_draws_the_family(client_a, family):
    page = client_a.get("/gedaechtnis/graph/", {"kind": "person"}).content.decode()
    assert "keine Beziehung gezeigt" not in page
    assert "Lea</a> ist deine Tochter" in page and "Tim</a> ist dein Enkel" in page
    # a relationship chosen: the ties are not among its edges
    chosen = client_a.get("/gedaechtnis/graph/", {"kind": "person", "predicate": "works_at"})
    assert "ist deine Tochter" not in chosen.content.decode()


def test_naming_an_entity_of_the_wrong_kind_is_an_inline_error(client_a, family):
    url = f"{ME}/f/{family['works_at'].pk}/aendern"
    response = client_a.post(url, {"confirmed": "1", "value": "Lea"}, **htmx("entity-body"))
    assert response.status_code == 422
    row = _row(response.content.decode(), family["works_at"])
    assert "„arbeitet bei“ kann nicht auf „Person“ zeigen, nur auf: Organisation" in row
    with owner_scope("owner-a"):
        assert Fact.objects.get(pk=family["works_at"].pk).superseded_at is None
