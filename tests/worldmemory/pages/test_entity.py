"""Entity detail: facts with provenance, as-of on both axes, actions through the committer."""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import unquote

import pytest
from django.utils import timezone

from tests import proposals
from tests.conftest import BOTH_DATABASES
from tests.worldmemory.pages.conftest import htmx
from worldmemory.committer import proposal_commit
from worldmemory.models import Entity, Fact
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

URL = "/gedaechtnis/e/pet:luna"


def _local(delta: timedelta) -> str:
    return timezone.localtime(timezone.now() - delta).strftime("%Y-%m-%dT%H:%M")


def test_login_required(client, world):
    response = client.get(URL)
    assert response.status_code == 302
    assert response["Location"].startswith("/gedaechtnis/anmelden/")


def test_detail_shows_value_provenance_relationships_and_causal_trace(client_a, world):
    response = client_a.get(URL)
    assert response.status_code == 200
    page = response.content.decode()
    assert 'data-testid="value-status">Luna ist drinnen<' in page
    assert 'data-testid="value-species">Luna ist eine Katze<' in page
    assert "Luna ist wieder drinnen" in page  # the evidence quote
    assert "🟢" in page and "●●●●●" in page
    assert "person:me" in page and "cares_for" in page  # incoming relationship
    assert "Luna kratzt an der Tür" in page
    # the effect is nested under its cause, with its intent
    cause_at, effect_at = page.index("Luna kratzt an der Tür"), page.index("Tür geöffnet")
    assert cause_at < effect_at
    assert "Luna hereinlassen" in page
    assert "htmx" in page and "X-CSRFToken" in page


def test_alias_ref_opens_the_same_entity(client_a, world):
    response = client_a.get("/gedaechtnis/e/Luna")
    assert response.status_code == 200
    assert 'data-testid="value-status">Luna ist drinnen<' in response.content.decode()


def test_valid_time_as_of_shows_the_old_value(client_a, world):
    response = client_a.get(URL, {"at": _local(timedelta(days=3))})
    page = response.content.decode()
    assert response.status_code == 200
    assert 'data-testid="value-status">Luna ist draußen<' in page
    assert "drinnen" not in page.split('id="facts"')[1].split("</section>")[0]


def test_system_time_as_of_shows_the_earlier_belief(client_a, world):
    at = _local(timedelta(hours=36))
    believed_now = client_a.get(URL, {"at": at}).content.decode()
    known_then = client_a.get(URL, {"at": at, "axis": "system"}).content.decode()
    assert 'data-testid="value-status">Luna ist drinnen<' in believed_now
    assert 'data-testid="value-status">Luna ist draußen<' in known_then
    assert 'value="system" checked' in known_then


def test_as_of_partial_for_htmx(client_a, world):
    response = client_a.get(URL, {"at": _local(timedelta(days=3))}, **htmx("entity-body"))
    page = response.content.decode()
    assert response.status_code == 200
    assert page.lstrip().startswith('<div id="entity-body">')
    assert "<html" not in page
    assert "draußen" in page
    # the bar's legend lives outside the swapped body: it comes along out of band
    assert '<span id="asof-legend" hx-swap-oob="true">Was galt am …</span>' in page
    system = {"at": _local(timedelta(days=3)), "axis": "system"}
    known = client_a.get(URL, system, **htmx("entity-body"))
    assert '<span id="asof-legend" hx-swap-oob="true">Was wusste der Agent am …</span>' in (
        known.content.decode()
    )
    full = client_a.get(URL, system).content.decode()
    assert full.count('id="asof-legend"') == 1 and "hx-swap-oob" not in full


def test_incoming_relationships_follow_the_as_of_choice(client_a, world):
    with owner_scope("owner-a") as scope:
        since_last_week = proposals.relationship(
            "person:anna", "cares_for", "pet:luna", timezone.now() - timedelta(days=10)
        )
        proposal_commit(
            scope=scope, proposal=proposals.parsed(proposals.entity("person:anna", "Anna"))
        )
        proposal_commit(scope=scope, proposal=proposals.parsed(since_last_week))
    three_days_ago = _local(timedelta(days=3))

    def incoming(query: dict) -> str:
        page = client_a.get(URL, query).content.decode()
        return page.split('id="rel-h"', 1)[1].split("</ul>", 1)[0]

    now = incoming({})
    assert "person:anna" in now and "person:me" in now
    held = incoming({"at": three_days_ago})  # Anna's care held then; mine began later
    assert "person:anna" in held and "person:me" not in held
    known = incoming({"at": three_days_ago, "axis": "system"})  # the agent learned it today
    assert "person:anna" not in known and "person:me" not in known


def test_bad_as_of_date_is_an_inline_error(client_a, world):
    response = client_a.get(URL, {"at": "2026-13-45"})
    assert response.status_code == 422
    page = response.content.decode()
    assert "2026-13-45" in page and 'role="alert"' in page
    assert 'data-testid="value-status">Luna ist drinnen<' in page  # shows now instead


def test_another_owners_ref_is_404(client_b, world):
    assert client_b.get(URL).status_code == 404
    fact_url = f"{URL}/f/{world.status_now.pk}"
    assert client_b.get(fact_url).status_code == 404
    response = client_b.post(f"{fact_url}/vergessen", {"confirmed": "1", "reason": "x"})
    assert response.status_code == 404
    with owner_scope("owner-a"):
        assert Fact.objects.get(pk=world.status_now.pk).superseded_at is None


def test_fact_provenance_partial_has_the_supersede_chain(client_a, world):
    response = client_a.get(f"{URL}/f/{world.status_now.pk}", **htmx("x"))
    page = response.content.decode()
    assert response.status_code == 200
    assert "drinnen" in page and "draußen" in page
    assert "<html" not in page


def test_invalidate_with_reason_through_the_committer(client_a, world):
    url = f"{URL}/f/{world.status_now.pk}/vergessen"
    form = {"confirmed": "1", "reason": "stimmt nicht"}
    response = client_a.post(url, form, **htmx("entity-body"))
    assert response.status_code == 200
    assert response["HX-Trigger"] == "memory-changed"
    assert 'data-testid="value-status"' not in response.content.decode()
    with owner_scope("owner-a"):
        fact = Fact.objects.get(pk=world.status_now.pk)
        assert fact.status == "invalidated" and fact.superseded_at is not None


def test_invalidate_without_reason_writes_nothing(client_a, world):
    url = f"{URL}/f/{world.status_now.pk}/vergessen"
    response = client_a.post(url, {"confirmed": "1", "reason": "  "}, **htmx("entity-body"))
    assert response.status_code == 422
    assert "Bitte einen Grund angeben." in response.content.decode()
    with owner_scope("owner-a"):
        assert Fact.objects.get(pk=world.status_now.pk).superseded_at is None


def test_invalidate_without_htmx_redirects_back(client_a, world):
    url = f"{URL}/f/{world.status_now.pk}/vergessen"
    response = client_a.post(url, {"confirmed": "1", "reason": "falsch"})
    assert response.status_code == 302
    assert response["Location"] == URL


def test_the_page_names_a_change_and_a_correction_apart(client_a, world):
    page = client_a.get(URL).content.decode()
    assert f"{URL}/f/{world.status_now.pk}/aendern" in page
    assert f"{URL}/f/{world.status_now.pk}/korrigieren" in page
    assert "Es hat sich geändert" in page and "Es war nie so (korrigieren)" in page


def test_correct_a_value_rewrites_the_past_but_not_what_was_believed(client_a, world):
    url = f"{URL}/f/{world.status_now.pk}/korrigieren"
    response = client_a.post(url, {"confirmed": "1", "value": "im Garten"}, **htmx("entity-body"))
    assert response.status_code == 200, response.content
    assert 'data-testid="value-status">Luna ist im Garten<' in response.content.decode()
    with owner_scope("owner-a"):
        wrong = Fact.objects.get(pk=world.status_now.pk)
        right = Fact.objects.get(predicate_id="status", object_value="im Garten")
    assert wrong.status == "invalidated" and wrong.invalidated_by_fact_id == right.pk
    assert right.supersedes_fact_id == wrong.pk
    assert right.valid_from == world.status_now.valid_from and right.valid_to is None
    # valid time: "im Garten" held all along since she came in two days ago
    then = client_a.get(URL, {"at": _local(timedelta(hours=36))}).content.decode()
    assert 'data-testid="value-status">Luna ist im Garten<' in then
    # system time: half a day ago the agent believed "drinnen", and that stays on record
    known = client_a.get(URL, {"at": _local(timedelta(hours=12)), "axis": "system"})
    assert 'data-testid="value-status">Luna ist drinnen<' in known.content.decode()
    # before she came in, "draußen" is untouched
    earlier = client_a.get(URL, {"at": _local(timedelta(days=3))}).content.decode()
    assert 'data-testid="value-status">Luna ist draußen<' in earlier


def test_change_a_value_from_a_date_keeps_the_old_one_before(client_a, world):
    url = f"{URL}/f/{world.status_now.pk}/aendern"
    response = client_a.post(
        url,
        {"confirmed": "1", "value": "im Garten", "valid_from": _local(timedelta(hours=6))},
        **htmx("entity-body"),
    )
    assert response.status_code == 200, response.content
    assert 'data-testid="value-status">Luna ist im Garten<' in response.content.decode()
    with owner_scope("owner-a"):
        old = Fact.objects.get(pk=world.status_now.pk)
        new = Fact.objects.get(predicate_id="status", object_value="im Garten")
    assert old.status == "superseded" and old.invalidated_by_fact_id == new.pk
    then = client_a.get(URL, {"at": _local(timedelta(hours=12))}).content.decode()
    assert 'data-testid="value-status">Luna ist drinnen<' in then


def test_the_provenance_shows_the_correction_chain_both_ways(client_a, world):
    client_a.post(
        f"{URL}/f/{world.status_now.pk}/korrigieren", {"confirmed": "1", "value": "im Garten"}
    )
    with owner_scope("owner-a"):
        right = Fact.objects.get(predicate_id="status", object_value="im Garten")
    chain = client_a.get(f"{URL}/f/{right.pk}", **htmx("chain")).content.decode()
    assert "korrigiert zu <strong>im Garten</strong>" in chain  # drinnen → im Garten
    assert "ersetzt <strong>drinnen</strong>" in chain  # im Garten ← drinnen
    # why the wrong row closed, in the page's language (stored in English for the agent)
    assert "Grund: war nie drinnen, sondern im Garten" in chain
    english = client_a.get(f"{URL}/f/{right.pk}", HTTP_ACCEPT_LANGUAGE="en", **htmx("chain"))
    assert "reason: was never inside, but im Garten" in english.content.decode()


def test_correct_with_a_bad_date_writes_nothing(client_a, world):
    url = f"{URL}/f/{world.status_now.pk}/korrigieren"
    form = {"confirmed": "1", "value": "x", "valid_from": "vorvorgestern"}
    response = client_a.post(url, form, **htmx("entity-body"))
    assert response.status_code == 422
    assert "vorvorgestern" in response.content.decode()
    with owner_scope("owner-a"):
        assert Fact.objects.get(pk=world.status_now.pk).superseded_at is None


def test_end_a_fact(client_a, world):
    url = f"{URL}/f/{world.status_now.pk}/beenden"
    form = {"confirmed": "1", "valid_to": _local(timedelta(hours=1))}
    response = client_a.post(url, form, **htmx("entity-body"))
    assert response.status_code == 200, response.content
    with owner_scope("owner-a"):
        assert Fact.objects.get(pk=world.status_now.pk).status == "superseded"
        ended = Fact.objects.get(
            predicate_id="status",
            superseded_at__isnull=True,
            valid_to__gt=timezone.now() - timedelta(hours=2),
        )
        assert ended.object_value == "drinnen"


def test_merge_into_itself_is_refused(client_a, world):
    response = client_a.post(
        f"{URL}/zusammenfuehren", {"confirmed": "1", "into": "Luna"}, **htmx("entity-body")
    )
    assert response.status_code == 422
    assert "nicht mit sich selbst" in response.content.decode()
    with owner_scope("owner-a"):
        assert Entity.objects.get(pk=world.luna.pk).status == "active"


def test_merge_and_split(client_a, world):
    with owner_scope("owner-a") as scope:
        Entity.objects.create(
            owner_sub=scope.owner_sub, kind_id="pet", slug="luni", canonical_name="Luni"
        )
    response = client_a.post(
        "/gedaechtnis/e/pet:luni/zusammenfuehren",
        {"confirmed": "1", "into": "pet:luna"},
        **htmx("entity-body"),
    )
    assert response.status_code == 204
    assert response["HX-Redirect"] == URL
    page = client_a.get(URL).content.decode()
    assert "pet:luni" in page  # offered for a split
    response = client_a.post(
        f"{URL}/trennen", {"confirmed": "1", "member": "pet:luni"}, **htmx("entity-body")
    )
    assert response.status_code == 200
    with owner_scope("owner-a"):
        assert Entity.objects.get(slug="luni").status == "active"


def test_rename_keeps_the_former_name_as_a_way_to_find_it(client_a, world):
    page = client_a.get(URL).content.decode()
    assert 'name="name" maxlength="300" value="Luna"' in page  # the form starts at the name
    response = client_a.post(f"{URL}/umbenennen", {"name": "Luna Maus"}, **htmx("entity-body"))
    assert response.status_code == 200
    assert "jetzt heißt es Luna Maus" in response.content.decode()
    with owner_scope("owner-a"):
        assert Entity.objects.get(pk=world.luna.pk).canonical_name == "Luna Maus"
    assert "Luna Maus" in client_a.get("/gedaechtnis/e/Luna").content.decode()
    again = client_a.post(f"{URL}/umbenennen", {"name": "Luna Maus"})
    assert again.status_code == 302  # a name it already has changes nothing, says so inline
    said = client_a.post(f"{URL}/umbenennen", {"name": "Luna Maus"}, **htmx("entity-body"))
    assert "heißt schon Luna Maus" in said.content.decode()


def test_rename_refuses_an_empty_or_too_long_name_and_another_owners_entity(
    client_a, client_b, world
):
    for name, said in (("  ", "neuen Namen"), ("x" * 301, "höchstens 300")):
        response = client_a.post(f"{URL}/umbenennen", {"name": name}, **htmx("entity-body"))
        assert response.status_code == 422
        assert said in response.content.decode()
    assert client_b.post(f"{URL}/umbenennen", {"name": "Mieze"}).status_code == 404
    with owner_scope("owner-a"):
        assert Entity.objects.get(pk=world.luna.pk).canonical_name == "Luna"


def test_poll_answers_204_until_something_changes(client_a, world):
    page = client_a.get(URL).content.decode()
    marker = page.split("marker=")[1].split("&amp;")[0]
    poll = f"{URL}/aktuell"
    assert client_a.get(poll, {"marker": unquote(marker)}, **htmx("facts")).status_code == 204
    client_a.post(f"{URL}/f/{world.status_now.pk}/vergessen", {"confirmed": "1", "reason": "weg"})
    response = client_a.get(poll, {"marker": unquote(marker)}, **htmx("facts"))
    assert response.status_code == 200
    assert response.content.decode().lstrip().startswith('<section id="facts"')


def test_pending_items_show_on_their_subject_and_their_decision_refreshes(client_a, world):
    url = "/gedaechtnis/e/person:me"
    page = client_a.get(url).content.decode()
    assert 'class="fact lc-pending"' in page and "Tee am Abend" in page
    marker = unquote(page.split("marker=")[1].split("&amp;")[0])
    poll = f"{url}/aktuell"
    assert client_a.get(poll, {"marker": marker}, **htmx("facts")).status_code == 204
    # a rejection writes no fact, but the pending mark must go
    reject = f"/gedaechtnis/pruefen/{world.pending_id}/ablehnen"
    rejected = client_a.post(reject, {"confirmed": "1", "reason": "nein"})
    assert rejected.status_code in {200, 302}
    response = client_a.get(poll, {"marker": marker}, **htmx("facts"))
    assert response.status_code == 200
    assert "lc-pending" not in response.content.decode()


def test_policies_are_shielded_and_hypotheses_dimmed(client_a, world):
    with owner_scope("owner-a") as scope:
        for predicate, memory_type in (("name", "policy"), ("lifecycle_state", "hypothesis")):
            Fact.objects.create(
                owner_sub=scope.owner_sub,
                subject_entity=world.luna,
                predicate_id=predicate,
                object_kind="literal",
                object_value=memory_type,
                valid_from=world.luna.created_at,
                recorded_at=timezone.now(),
                source="agent:curator",
                memory_type=memory_type,
                confidence=0.4,
            )
    page = client_a.get(URL).content.decode()
    policy = page.split('data-predicate="name"')[1].split("</summary>")[0]
    hypothesis = page.split('data-predicate="lifecycle_state"')[0].rsplit("<li", 1)[1]
    assert "🛡" in policy and "🤖" in policy and "●●○○○" in policy
    assert "hypothesis" in hypothesis  # the class that dims it
