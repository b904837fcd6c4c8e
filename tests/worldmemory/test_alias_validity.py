"""Aliases have validity in time: "früher hieß sie Anni" resolves as of V on either axis,
and no name resolves or links through an alias that was not valid then."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from pydantic import ValidationError

from tests import proposals as p
from tests.conftest import BOTH_DATABASES
from tests.worldmemory.test_api import Api, _token
from worldmemory import lookup, tools
from worldmemory.committer import proposal_commit
from worldmemory.errors import NotFound
from worldmemory.linker import link_message
from worldmemory.models import EntityAlias
from worldmemory.reads.resolution import entity_by_ref
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


@pytest.fixture
def renamed():
    """The cat was called Anni until three days ago, Mimi since."""
    with owner_scope("owner-a") as scope:
        named = timezone.now() - timedelta(days=10)
        renamed_at = timezone.now() - timedelta(days=3)
        proposal_commit(
            scope=scope,
            proposal=p.parsed(
                p.entity("pet:cat", "Anni", valid_from=named),
                p.fact("pet:cat", "species", "cat", named),
            ),
        )
        before_rename = EntityAlias.objects.get(alias="Anni").recorded_at
        result = proposal_commit(
            scope=scope,
            proposal=p.parsed(
                p.end_alias("pet:cat", "Anni", renamed_at), p.alias("pet:cat", "Mimi", renamed_at)
            ),
        )
        assert [r.decision for r in result.results] == ["committed", "committed"], result
        yield scope, renamed_at, before_rename


def ref_of(entity) -> str | None:
    return entity.ref if entity is not None else None


def test_a_former_name_resolves_only_while_it_held(renamed):
    scope, renamed_at, _ = renamed
    assert ref_of(entity_by_ref(scope=scope, ref="Anni")) is None
    before = renamed_at - timedelta(days=1)
    assert ref_of(entity_by_ref(scope=scope, ref="Anni", valid_time=before)) == "pet:cat"
    assert ref_of(entity_by_ref(scope=scope, ref="Mimi")) == "pet:cat"
    # the current name still identifies her for earlier times; the former never for later
    assert ref_of(entity_by_ref(scope=scope, ref="Mimi", valid_time=before)) == "pet:cat"


def test_as_known_before_the_rename_the_old_name_still_held(renamed):
    scope, _, before_rename = renamed
    now = timezone.now()
    assert (
        ref_of(entity_by_ref(scope=scope, ref="Anni", valid_time=now, system_time=before_rename))
        == "pet:cat"
    )
    # nothing was known by that name before it was recorded
    earlier = before_rename - timedelta(seconds=1)
    assert entity_by_ref(scope=scope, ref="Anni", valid_time=now, system_time=earlier) is None


def test_find_entity_and_the_read_tools_follow_the_time(renamed):
    scope, renamed_at, before_rename = renamed
    now_answer = lookup.find_entity(scope=scope, query="Anni")
    assert now_answer["data"]["entities"] == []
    assert "a former name" in now_answer["text"]
    then = lookup.find_entity(scope=scope, query="Anni", valid_time=renamed_at - timedelta(days=1))
    assert [e["ref"] for e in then["data"]["entities"]] == ["pet:cat"]
    assert then["data"]["entities"][0]["aliases"] == ["Anni", "cat"]  # the slug names her too
    assert lookup.find_entity(scope=scope, query="Mimi")["data"]["entities"][0]["aliases"] == [
        "Mimi",
        "cat",
    ]

    past = tools.state_at(scope=scope, ref="Anni", valid_time=renamed_at - timedelta(days=1))
    assert [f["value"] for f in past["data"]["facts"]] == ["cat"]
    with pytest.raises(NotFound):
        tools.state_at(scope=scope, ref="Anni", valid_time=timezone.now())
    known = tools.state_as_known_at(scope=scope, ref="Anni", system_time=before_rename)
    assert [f["value"] for f in known["data"]["facts"]] == ["cat"]


def test_the_linker_never_links_through_a_name_not_valid_now(renamed):
    scope, _, _ = renamed
    now = timezone.now()
    assert link_message(scope=scope, message="Anni miaut", scope_ids=[], now=now).linked == []
    linked = link_message(scope=scope, message="Mimi miaut", scope_ids=[], now=now).linked
    assert [c.ref for c in linked] == ["pet:cat"]
    earlier = now - timedelta(days=5)
    then = link_message(scope=scope, message="Anni miaut", scope_ids=[], now=earlier).linked
    assert [c.ref for c in then] == ["pet:cat"]


def test_ending_an_alias_twice_or_an_unknown_one(renamed):
    scope, renamed_at, _ = renamed
    again = proposal_commit(
        scope=scope, proposal=p.parsed(p.end_alias("pet:cat", "Anni", renamed_at))
    )
    assert again.results[0].decision == "duplicate"
    unknown = proposal_commit(
        scope=scope, proposal=p.parsed(p.end_alias("pet:cat", "Minka", renamed_at))
    )
    assert unknown.results[0].decision == "rejected"
    assert "no alias 'Minka'" in unknown.results[0].reason


def test_an_alias_may_be_added_as_already_ended():
    with owner_scope("owner-a") as scope:
        since = timezone.now() - timedelta(days=30)
        until = timezone.now() - timedelta(days=20)
        proposal_commit(
            scope=scope,
            proposal=p.parsed(
                p.entity("pet:cat", "Mimi"),
                p.alias("pet:cat", "Minka", since, valid_to=until.isoformat()),
            ),
        )
        assert entity_by_ref(scope=scope, ref="Minka") is None
        during = since + timedelta(days=1)
        assert ref_of(entity_by_ref(scope=scope, ref="Minka", valid_time=during)) == "pet:cat"
    with pytest.raises(ValidationError, match="valid_to must be after valid_from"):
        p.parsed(p.alias("pet:cat", "Minka", until, valid_to=since.isoformat()))


def test_find_entity_over_http_takes_the_time(renamed):
    _, renamed_at, _ = renamed
    api = Api(_token("owner-a"))
    now = api.get("/tools/find_entity", query="Anni").json()
    assert now["data"]["entities"] == []
    then = api.get(
        "/tools/find_entity",
        query="Anni",
        valid_time=(renamed_at - timedelta(days=1)).isoformat(),
    ).json()
    assert [e["ref"] for e in then["data"]["entities"]] == ["pet:cat"]
