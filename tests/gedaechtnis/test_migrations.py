import pytest
from django.core.management import call_command
from django.db import connections, transaction
from django.db.migrations.executor import MigrationExecutor

from worldmemory.apps import _after_migrate as after_migrate
from worldmemory.tenancy import owner_scope


@pytest.mark.django_db(databases=["default", "app"])
def test_models_and_migrations_agree():
    # exits non-zero (SystemExit) when a model change has no migration
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)


# --- 0019: learned and integration vocabulary moves to its owners ----------------------------

VOCABULARY_BEFORE = """
INSERT INTO relation_types (predicate, name, description, privileged, source, trust_tier, state,
    inverse_predicate, cardinality, value_kind, subject_kinds, object_kinds, is_symmetric,
    is_transitive, is_hierarchical, inference_enabled) VALUES
 ('favourite_toy', '', '', false, 'learned', 'trusted', 'loaded', '', 'functional', 'literal',
  '{}', '{}', false, false, false, false),
 ('orphan_attr', '', '', false, 'learned', 'trusted', 'loaded', '', 'functional', 'literal',
  '{}', '{}', false, false, false, false),
 -- B's untrusted registration had overwritten A's: tier untrusted, cardinality set
 ('github:state', '', '', false, 'integration', 'untrusted', 'loaded', '', 'set', 'literal',
  '{}', '{}', false, false, false, false),
 ('gitlab:labels', '', '', false, 'integration', 'trusted', 'loaded', '', 'set', 'literal',
  '{}', '{}', false, false, false, false);
INSERT INTO entity_kinds (key, name, description, privileged, source, trust_tier, state,
    attribute_schema, rag, category) VALUES
 ('hamster', '', '', false, 'learned', 'trusted', 'loaded', '{}', false, ''),
 ('github:issue', '', '', false, 'integration', 'trusted', 'loaded', '{}', true, '');
INSERT INTO event_types (key, name, description, privileged, source, trust_tier, state,
    retention_class) VALUES
 ('github:push', '', '', false, 'integration', 'trusted', 'loaded', 'windowed');
INSERT INTO integration_domains (domain, installations) VALUES ('github', 2), ('gitlab', 0);
"""


def _as_owner(cursor, owner: str, statement: str, params: dict | None = None) -> None:
    cursor.execute("SELECT set_config('app.current_owner', %s, true)", [owner])
    cursor.execute(statement, params or {})


def _populate_before_0019() -> dict:
    """Rows as 0017 kept them: global learned and integration entries used by owners."""
    from worldmemory.models import uuid7

    ids = {"krümel": uuid7(), "issue": uuid7()}
    with transaction.atomic(using="default"), connections["default"].cursor() as cursor:
        cursor.execute(VOCABULARY_BEFORE)
        _as_owner(
            cursor,
            "owner-a",
            """INSERT INTO entities (id, owner_sub, created_at, kind, slug, canonical_name,
                   description, metadata, status, rag_pending, updated_at)
               VALUES (%(k)s, 'owner-a', now(), 'hamster', 'kruemel', 'Krümel', '', '{}',
                       'active', false, now()),
                      (%(i)s, 'owner-a', now(), 'github:issue', 'i7', '#7', '', '{}',
                       'active', false, now());
               INSERT INTO facts (id, owner_sub, created_at, subject_entity_id, predicate,
                   object_kind, object_value, object_key, is_functional, valid_from,
                   recorded_at, source, source_trust_tier, memory_type, confidence, status,
                   priority, retention_class, evidence)
               VALUES (%(f1)s, 'owner-a', now(), %(k)s, 'favourite_toy', 'literal', '"Rad"',
                       '', false, now(), now(), 'user:chat', 'trusted', 'user_assertion',
                       0.9, 'active', 0, 'permanent', '{}'),
                      (%(f2)s, 'owner-a', now(), %(i)s, 'github:state', 'literal', '"open"',
                       '', false, now(), now(), 'github:sync', 'trusted', 'observed_state',
                       1.0, 'active', 0, 'windowed', '{}');
               INSERT INTO world_events (id, owner_sub, created_at, event_type, occurred_at,
                   recorded_at, source, source_trust_tier, payload, summary, retention_class)
               VALUES (%(e)s, 'owner-a', now(), 'github:push', now(), now(), 'github:sync',
                       'trusted', '{}', '', 'windowed');
               INSERT INTO integrations (id, owner_sub, created_at, domain, name, trust_tier)
               VALUES (%(g)s, 'owner-a', now(), 'github', 'github', 'trusted');""",
            {
                "k": ids["krümel"],
                "i": ids["issue"],
                "f1": uuid7(),
                "f2": uuid7(),
                "e": uuid7(),
                "g": uuid7(),
            },
        )
        _as_owner(
            cursor,
            "owner-b",
            """INSERT INTO integrations (id, owner_sub, created_at, domain, name, trust_tier)
               VALUES (%(g)s, 'owner-b', now(), 'github', 'github', 'untrusted')""",
            {"g": uuid7()},
        )
        _as_owner(
            cursor,
            "owner-c",
            """INSERT INTO integrations (id, owner_sub, created_at, domain, name, trust_tier,
                   removed_at)
               VALUES (%(g)s, 'owner-c', now(), 'gitlab', 'gitlab', 'trusted', now())""",
            {"g": uuid7()},
        )
    return ids


def _owned(owner: str) -> dict[str, tuple]:
    from worldmemory.models import OwnEntityKind, OwnEventType, OwnRelationType

    with owner_scope(owner):
        rows = {
            r.predicate: (r.source, r.trust_tier, r.state, r.cardinality)
            for r in OwnRelationType.objects.all()
        }
        rows |= {k.key: (k.source, k.trust_tier, k.state) for k in OwnEntityKind.objects.all()}
        rows |= {e.key: (e.source, e.state, e.retention_class) for e in OwnEventType.objects.all()}
    return rows


@pytest.mark.django_db(databases=["default", "app"], transaction=True)
def test_learned_and_integration_vocabulary_moves_to_its_owners():
    from worldmemory.models import EntityKind, Fact, RelationType

    executor = MigrationExecutor(connections["default"])
    # every app's latest: going back to 0017 also unapplies the curator's, which depends on it
    latest = executor.loader.graph.leaf_nodes()
    executor.migrate([("worldmemory", "0017_projections_newest_first_index")])
    try:
        _populate_before_0019()
    finally:
        executor = MigrationExecutor(connections["default"])
        executor.migrate(latest)
        after_migrate(sender=None, using="default")  # grants on the recreated tables

    assert _owned("owner-a") == {
        "favourite_toy": ("learned", "trusted", "loaded", "functional"),
        # A's live integration is trusted: B's overwrite of the tier does not carry over
        "github:state": ("integration", "trusted", "loaded", "set"),
        "hamster": ("learned", "trusted", "loaded"),
        "github:issue": ("integration", "trusted", "loaded"),
        "github:push": ("integration", "loaded", "windowed"),
    }
    assert _owned("owner-b") == {
        "github:state": ("integration", "untrusted", "loaded", "set"),
        "github:issue": ("integration", "untrusted", "loaded"),
        "github:push": ("integration", "loaded", "windowed"),
    }
    # C's integration was removed: its types are its own and deprecated
    assert _owned("owner-c") == {"gitlab:labels": ("integration", "trusted", "deprecated", "set")}
    # what nobody used is gone; the core registries hold core entries only
    assert not RelationType.objects.exclude(source="core").exists()
    assert not EntityKind.objects.exclude(source="core").exists()
    assert not _owned("owner-d")
    with owner_scope("owner-a"):
        assert Fact.objects.filter(predicate_id="favourite_toy").count() == 1
        assert Fact.objects.count() == 2
