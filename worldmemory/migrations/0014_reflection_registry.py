"""The reflection pack's vocabulary (DESIGN §9): kinds, predicates and event types.

The reflection kinds themselves were seeded in 0002; this adds what the reflection
layer writes about them. Rows are core vocabulary, updated in place when re-run.
"""

from django.db import migrations

REFLECTION = [
    "session",
    "thread",
    "reflection_space",
    "open_question",
    "experience",
    "insight",
    "resurfacing_anchor",
    "session_summary",
]

# key, category, rag
KINDS = [
    # a stretch of life an experience belongs to: a holiday, a year under review
    ("life_period", "reflection", True),
    # a derived summary of an exact message span (the messages stay authoritative)
    ("session_summary", "reflection", False),
    # a note in the owner's Markdown vault that a reflection object was promoted to
    ("vault_note", "export", False),
]

# predicate, cardinality, value_kind, subject_kinds, object_kinds, description
PREDICATES = [
    (
        "statement",
        "functional",
        "literal",
        REFLECTION,
        [],
        "what it says, in the owner's words or derived",
    ),
    (
        "significance_signal",
        "set",
        "literal",
        ["experience", "thread", "insight"],
        [],
        "one significance signal with its kind and weight; the evidence names its source",
    ),
    (
        "user_significance",
        "functional",
        "literal",
        ["experience", "thread", "insight"],
        [],
        "the owner's explicit word on significance; overrides any score",
    ),
    (
        "landmark",
        "functional",
        "literal",
        ["experience"],
        [],
        "an exceptional, biographically defining experience",
    ),
    ("question_state", "functional", "literal", ["open_question"], [], "open, answered or dropped"),
    (
        "anchor_due",
        "functional",
        "literal",
        ["resurfacing_anchor"],
        [],
        "a date and/or a condition at which the target comes back",
    ),
    (
        "anchor_state",
        "functional",
        "literal",
        ["resurfacing_anchor"],
        [],
        "pending, surfaced or dismissed",
    ),
    (
        "thread_entry",
        "set",
        "literal",
        ["thread", "reflection_space"],
        [],
        "a message that continued the thread (a reference, not a copy)",
    ),
    (
        "derivation",
        "functional",
        "literal",
        ["insight", "session_summary"],
        [],
        "label, evidence count, period and scope of a derived object",
    ),
    (
        "covers_span",
        "functional",
        "literal",
        ["session_summary"],
        [],
        "the exact message span a summary summarises",
    ),
    (
        "drift_status",
        "functional",
        "literal",
        ["insight", "session_summary", "experience"],
        [],
        "whether the sources still support a derived object",
    ),
    ("period_type", "functional", "literal", ["life_period"], [], "holiday, year, …"),
    (
        "period_range",
        "functional",
        "literal",
        ["life_period"],
        [],
        "first and last day of the period",
    ),
    ("vault_path", "functional", "literal", ["vault_note"], [], "the note's path inside the vault"),
    (
        "export_hash",
        "functional",
        "literal",
        ["vault_note"],
        [],
        "sha256 of the note as last written",
    ),
    (
        "resurfaces",
        "set",
        "entity",
        ["resurfacing_anchor"],
        ["thread", "open_question", "experience", "insight", "reflection_space"],
        "what an anchor brings back",
    ),
    ("during", "set", "entity", REFLECTION, ["life_period"], "the period it happened in"),
    ("related_to", "set", "entity", REFLECTION, [], "semantically connected (never a merge)"),
]

# existing predicates whose subjects the reflection layer widens
WIDEN = {
    "originated_from": ["vault_note"],
    "in_space": ["session_summary"],
}


def forwards(apps, schema_editor):
    seed_reflection(apps, schema_editor.connection.alias)


def seed_reflection(apps, db: str) -> None:
    EntityKind = apps.get_model("worldmemory", "EntityKind")
    RelationType = apps.get_model("worldmemory", "RelationType")
    for key, category, rag in KINDS:
        EntityKind.objects.using(db).update_or_create(
            key=key,
            defaults={
                "name": key.replace("_", " "),
                "category": category,
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
    for predicate, extra in WIDEN.items():
        row = RelationType.objects.using(db).filter(predicate=predicate).first()
        if row is not None and row.subject_kinds:
            row.subject_kinds = sorted(set(row.subject_kinds) | set(extra))
            row.save(using=db)


class Migration(migrations.Migration):
    dependencies = [("worldmemory", "0013_session_working_state")]

    # Reversing keeps the vocabulary: facts may use it, and row-level security hides them
    # from a migration, so it cannot tell which rows are safe to remove.
    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
