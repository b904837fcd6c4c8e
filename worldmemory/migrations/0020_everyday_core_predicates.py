"""Everyday core predicates: what people say about themselves, the people around them, their
pets, their health and their plans, so the curator can write "ich arbeite als Statikerin" as
``works_as = Statikerin`` instead of a note. Each carries a short English description an
embedding model can match free phrasing against. Predicates that already exist keep their
shape and only gain a description where they had none."""

from django.db import migrations

PEOPLE = ["person"]
LIVING = ["person", "pet"]
PLACES = ["place", "area"]

# predicate, cardinality, value_kind, subject_kinds, object_kinds, description
PREDICATES = [
    ("preferred_name", "functional", "literal", PEOPLE, [],
     "The name a person wants to be called by, a nickname: call me Max."),
    ("age", "functional", "literal", LIVING, [],
     "How old a person or animal is, in years."),
    ("birthday", "functional", "literal", LIVING, [],
     "The day of birth or birthday, as --MM-DD or YYYY-MM-DD."),
    ("works_as", "functional", "literal", PEOPLE, [],
     "A person's occupation, job title or profession."),
    ("works_at", "functional", "entity", PEOPLE, ["org"],
     "The employer, company or institution a person works for."),
    ("studies", "functional", "literal", PEOPLE, [],
     "The subject or field a person studies at university or school."),
    ("studies_at", "functional", "entity", PEOPLE, ["org"],
     "The university, college or school a person studies at."),
    ("comes_from", "functional", "entity", LIVING, PLACES,
     "The place a person originally comes from, where they grew up or were born."),
    ("relation_to_user", "functional", "literal", LIVING, [],
     "How a person is related to the user: sister, father, friend, colleague, neighbour."),
    ("breed", "functional", "literal", ["pet"], [],
     "The breed of a pet: Maine Coon, Labrador."),
    ("feeding_time", "functional", "literal", ["pet"], [],
     "The time of day a pet gets its food, as HH:MM."),
    ("dislikes", "set", "literal", PEOPLE, [],
     "Something a person does not like, cannot stand or avoids: food, music, things."),
    ("diet", "functional", "literal", PEOPLE, [],
     "A person's diet: vegetarian, vegan, pescetarian, gluten free, lactose free."),
    ("allergic_to", "set", "literal", LIVING, [],
     "Something a person or animal is allergic to: nuts, pollen, penicillin."),
    ("health_condition", "set", "literal", LIVING, [],
     "An illness, diagnosis or chronic health condition: asthma, diabetes, migraine."),
    ("takes_medication", "set", "literal", LIVING, [],
     "A medicine or drug a person takes regularly."),
    ("routine", "set", "literal", PEOPLE, [],
     "Something a person does regularly: every morning, on Tuesdays, every week."),
    ("hobby", "set", "literal", PEOPLE, [],
     "A hobby or leisure activity, a sport or instrument a person plays."),
    ("speaks", "set", "literal", PEOPLE, [],
     "A language a person speaks."),
    ("due", "functional", "literal", ["task", "project"], [],
     "The date by which a task has to be done, as YYYY-MM-DD."),
    ("plans", "set", "literal", PEOPLE, [],
     "Something a person plans or intends to do: a trip, a move, a course."),
]  # fmt: skip

# existing core predicates the curator writes: a description where there was none
DESCRIPTIONS = {
    "name": "The name of a person, animal, place or thing.",
    "species": "The species of a pet: cat, dog, rabbit, horse, bird.",
    "status": "The state of a task: open or done.",
    "prefers": "Something a person likes or prefers: food, drinks, music, seats.",
    "owns": "Something a person owns or has: a pet, a device.",
    "member_of": "A club, band, team, choir or association a person belongs to.",
    "lives_in": "The city, town or country where a person or animal lives.",
    "located_in": "The place where a place, organisation or thing is located.",
}


def seed(apps, schema_editor):
    db = schema_editor.connection.alias
    RelationType = apps.get_model("worldmemory", "RelationType")
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
    for predicate, description in DESCRIPTIONS.items():
        RelationType.objects.using(db).filter(predicate=predicate, description="").update(
            description=description
        )


def unseed(apps, schema_editor):
    db = schema_editor.connection.alias
    RelationType = apps.get_model("worldmemory", "RelationType")
    RelationType.objects.using(db).filter(
        predicate__in=[p[0] for p in PREDICATES], source="core"
    ).delete()
    RelationType.objects.using(db).filter(
        predicate__in=list(DESCRIPTIONS), description__in=list(DESCRIPTIONS.values())
    ).update(description="")


class Migration(migrations.Migration):
    dependencies = [("worldmemory", "0019_owner_scoped_vocabulary")]

    operations = [migrations.RunPython(seed, unseed)]
