"""Code-mode vocabulary (seed 000 §11): pull requests and issues as core kinds, the
predicates that tie work to a repo and hold conventions, and the events of a coding run
(test and build runs are windowed: transient state, never a lasting fact)."""

from django.db import migrations

KINDS = [
    # key, rag
    ("pull_request", True),
    ("issue", True),
]

# predicate, cardinality, value_kind, subject_kinds, object_kinds, description
PREDICATES = [
    (
        "in_repo",
        "functional",
        "entity",
        [],
        ["repo"],
        "The repo a file, task, pull request or issue belongs to.",
    ),
    (
        "convention",
        "set",
        "literal",
        [],
        [],
        'A coding convention; a value {"topic": …, "rule": …} lets a narrower scope '
        "override a wider one on the same topic.",
    ),
    (
        "decision",
        "set",
        "literal",
        [],
        [],
        "A decision and its rationale (a gotcha) about a project or repo.",
    ),
]

# blocked_by of 0002 knew only tasks and projects; pull requests and issues block too
WORK_ITEMS = ["task", "project", "pull_request", "issue"]

# key, retention class, description
EVENT_TYPES = [
    ("agent_action", "permanent", "A consequential agent action (a code edit) with its intent."),
    ("test_run", "windowed", "A test run and its result."),
    ("build_run", "windowed", "A build or CI run and its result."),
    ("integration_removed", "permanent", "An integration was removed; its types deprecated."),
]


def seed(apps, schema_editor):
    seed_code_mode(apps, schema_editor.connection.alias)


def seed_code_mode(apps, db: str) -> None:
    EntityKind = apps.get_model("worldmemory", "EntityKind")
    RelationType = apps.get_model("worldmemory", "RelationType")
    EventType = apps.get_model("worldmemory", "EventType")
    for key, rag in KINDS:
        EntityKind.objects.using(db).update_or_create(
            key=key,
            defaults={
                "name": key.replace("_", " "),
                "category": "work",
                "rag": rag,
                "source": "core",
            },
        )
    for predicate, cardinality, value_kind, subjects, objects, description in PREDICATES:
        RelationType.objects.using(db).update_or_create(
            predicate=predicate,
            defaults={
                "name": predicate.replace("_", " "),
                "description": description,
                "cardinality": cardinality,
                "value_kind": value_kind,
                "subject_kinds": subjects,
                "object_kinds": objects,
                "source": "core",
            },
        )
    RelationType.objects.using(db).filter(predicate="blocked_by").update(
        subject_kinds=WORK_ITEMS, object_kinds=WORK_ITEMS
    )
    for key, retention, description in EVENT_TYPES:
        EventType.objects.using(db).update_or_create(
            key=key,
            defaults={
                "name": key.replace("_", " "),
                "description": description,
                "retention_class": retention,
                "source": "core",
            },
        )


def unseed(apps, schema_editor):
    db = schema_editor.connection.alias
    apps.get_model("worldmemory", "RelationType").objects.using(db).filter(
        predicate="blocked_by"
    ).update(subject_kinds=["task", "project"], object_kinds=["task"])


class Migration(migrations.Migration):
    dependencies = [("worldmemory", "0010_integrations_and_code_mode")]

    operations = [migrations.RunPython(seed, unseed)]
