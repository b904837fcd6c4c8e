"""Core vocabulary: entity kinds, predicates and event types (source = core)."""

from django.db import migrations

# key, category, rag, privileged
KINDS = [
    ("person", "world", True, False),
    ("pet", "world", True, False),
    ("place", "world", True, False),
    ("org", "world", True, False),
    ("area", "world", False, False),
    ("device", "world", False, False),
    ("project", "work", True, False),
    ("repo", "work", True, False),
    ("file", "work", False, False),
    ("task", "work", True, False),
    ("preference", "profile", False, False),
    ("policy", "profile", False, True),
    ("intent", "causality", False, False),
    ("session", "reflection", False, False),
    ("thread", "reflection", True, False),
    ("reflection_space", "reflection", True, False),
    ("open_question", "reflection", True, False),
    ("experience", "reflection", True, False),
    ("insight", "reflection", True, False),
    ("resurfacing_anchor", "reflection", False, False),
]

REFLECTION = [
    "session",
    "thread",
    "reflection_space",
    "open_question",
    "experience",
    "insight",
    "resurfacing_anchor",
]

# predicate, cardinality, value_kind, subject_kinds, object_kinds, extra flags
PREDICATES = [
    ("name", "functional", "literal", [], [], {}),
    ("species", "functional", "literal", ["pet"], [], {}),
    ("status", "functional", "literal", [], [], {}),
    ("default_branch", "functional", "literal", ["repo"], [], {}),
    ("prefers", "set", "literal", ["person"], [], {}),
    ("lifecycle_state", "functional", "literal", [], [], {}),
    ("thread_state", "functional", "literal", ["thread"], [], {}),
    ("cares_for", "set", "entity", ["person"], ["pet", "person", "place", "area", "device"], {}),
    ("owns", "set", "entity", ["person", "org"], [], {}),
    ("member_of", "set", "entity", ["person", "org"], ["org", "project", "area"], {}),
    ("lives_in", "functional", "entity", ["person", "pet"], ["place", "area"], {}),
    (
        "located_in",
        "functional",
        "entity",
        [],
        ["place", "area"],
        {
            "is_transitive": True,
            "is_hierarchical": True,
            "inference_enabled": True,
            "inverse_predicate": "contains",
        },
    ),
    (
        "contains",
        "set",
        "entity",
        [],
        [],
        {"is_transitive": True, "is_hierarchical": True, "inverse_predicate": "located_in"},
    ),
    ("works_on", "set", "entity", ["person"], ["project", "repo", "task"], {}),
    ("blocked_by", "set", "entity", ["task", "project"], ["task"], {}),
    ("belongs_to", "functional", "entity", [], [], {}),
    (
        "part_of",
        "set",
        "entity",
        [],
        [],
        {"is_transitive": True, "is_hierarchical": True, "inference_enabled": True},
    ),
    ("in_space", "set", "entity", REFLECTION, ["reflection_space"], {}),
    ("evolved_from", "set", "entity", REFLECTION, REFLECTION, {}),
    ("followed_by", "set", "entity", REFLECTION, REFLECTION, {}),
    ("based_on", "set", "entity", [], [], {}),
    ("derived_from", "set", "entity", [], [], {}),
    ("promoted_to", "set", "entity", REFLECTION, [], {}),
    ("originated_from", "set", "entity", REFLECTION, [], {}),
    (
        "controls",
        "set",
        "entity",
        ["person", "org"],
        ["device", "area", "repo"],
        {"privileged": True},
    ),
    (
        "can_control",
        "set",
        "entity",
        ["person", "org"],
        ["device", "area", "repo"],
        {"privileged": True},
    ),
]

EVENT_TYPES = [
    "user_message",
    "tool_call",
    "state_change",
    "automation_fire",
    "integration_sync",
    "memory_commit",
    "merge",
    "split",
    "invalidate",
    "intent_outcome",
]


def seed_vocabulary(apps, db: str) -> None:
    EntityKind = apps.get_model("worldmemory", "EntityKind")
    RelationType = apps.get_model("worldmemory", "RelationType")
    EventType = apps.get_model("worldmemory", "EventType")
    for key, category, rag, privileged in KINDS:
        EntityKind.objects.using(db).update_or_create(
            key=key,
            defaults={
                "name": key.replace("_", " "),
                "category": category,
                "rag": rag,
                "privileged": privileged,
                "source": "core",
            },
        )
    for predicate, cardinality, value_kind, subjects, objects, extra in PREDICATES:
        RelationType.objects.using(db).update_or_create(
            predicate=predicate,
            defaults={
                "name": predicate.replace("_", " "),
                "cardinality": cardinality,
                "value_kind": value_kind,
                "subject_kinds": subjects,
                "object_kinds": objects,
                "source": "core",
                **extra,
            },
        )
    for key in EVENT_TYPES:
        EventType.objects.using(db).update_or_create(
            key=key, defaults={"name": key.replace("_", " "), "source": "core"}
        )


def seed(apps, schema_editor):
    seed_vocabulary(apps, schema_editor.connection.alias)


class Migration(migrations.Migration):
    dependencies = [("worldmemory", "0001_registries_and_tenant_tables")]

    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
