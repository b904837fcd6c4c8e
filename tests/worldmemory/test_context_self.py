"""The situational personal model: of the owner's own facts, the block carries those the
message needs, within its budget, and policies always."""

from __future__ import annotations

import pytest

from tests import proposals as p
from tests.conftest import BOTH_DATABASES
from tests.worldmemory.test_context import accept_all, commit
from worldmemory.context import SELF_UNRELATED, build_context
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


@pytest.fixture
def me():
    with owner_scope("owner-ctx-self") as scope:
        commit(scope, p.entity("person:me", "Jana", ("ich",)), p.entity("pet:luna", "Luna"))
        for index in range(SELF_UNRELATED + 8):
            commit(scope, p.fact("person:me", f"hobby_{index}", f"sammelt Dinge {index}"))
        commit(scope, p.fact("person:me", "coffee_order", "Flat White mit Hafermilch"))
        commit(scope, p.relationship("person:me", "cares_for", "pet:luna"))
        policy = commit(
            scope,
            p.fact("person:me", "rule", "nie ohne Rückfrage löschen", memory_type="policy"),
        )
        accept_all(scope, policy)
        yield scope


def test_the_block_carries_the_owners_facts_the_message_needs_and_no_more(me):
    result = build_context(scope=me, message="Bestell mir bitte einen Coffee wie immer")
    text = result["text"]
    assert "coffee_order: Flat White mit Hafermilch" in text  # the predicate it speaks of
    assert "🛡 nie ohne Rückfrage löschen" in text  # policies always
    carried = [f["predicate"] for f in result["data"]["preferences"]]
    assert carried[0] == "coffee_order"
    # the rest of the profile is capped, though the budget would hold all of it
    assert len(carried) == 1 + SELF_UNRELATED


def test_a_named_entity_brings_the_owners_link_to_it(me):
    text = build_context(scope=me, message="Hat Luna schon gefressen?")["text"]
    assert "- ← cares_for — person:me" in text
    assert "🛡 nie ohne Rückfrage löschen" in text


def test_a_small_budget_keeps_the_relevant_fact_before_the_rest(me):
    result = build_context(scope=me, message="coffee?", budget_tokens=120)
    carried = [f["predicate"] for f in result["data"]["preferences"]]
    assert carried[0] == "coffee_order"
    assert "coffee_order" in result["text"]
    assert "🛡 nie ohne Rückfrage löschen" in result["text"]
