"""How people actually phrase what the curator reads least well: requests to forget, likes
and dislikes, health, routines, negated and hypothetical facts, and other people's facts. Each
rule is held to phrasings of its own (none from the evaluation set) and to sentences it must
leave alone, since a false memory is worse than a missed one."""

from __future__ import annotations

import pytest

from curator.prefilter import classify
from tests.curator.test_extract import facts, ops_of
from tests.curator.test_generalisation import _believed

ME = "person:me"


def _invalidated(text: str, *, predicate: str, value: str) -> bool:
    fact_id, known = _believed(predicate, value=value)
    return any(
        o["op"] == "invalidate_fact" and o["target_fact_id"] == fact_id
        for o in ops_of(text, known=known)
    )


# --- requests to forget ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "request_text",
    [
        "can you delete the medication info",
        "erase the part about sertraline",
        "please remove the sertraline from your memory",
        "I'd rather you didn't store my medication",
        "forget what I said about my meds",
        "das mit den Tabletten will ich nicht gespeichert haben",
        "Ich möchte nicht, dass du dir das mit dem Sertralin merkst",
        "merk dir das mit dem Sertralin lieber nicht",
        "Sertralin bitte wieder rausnehmen",
        "entferne das mit dem Sertralin",
    ],
)
def test_a_request_to_forget_reaches_the_medication_however_it_is_phrased(request_text):
    assert _invalidated(request_text, predicate="takes_medication", value="Sertralin")
    assert classify(text=request_text).trigger


def test_a_forgotten_fact_of_the_same_window_is_not_stored():
    found = facts("I take sertraline every morning. I live in Leeds", "erase the sertraline bit")
    assert (ME, "takes_medication", "sertraline") not in found
    assert (ME, "lives_in", "place:leeds") in found
    found = facts("Ich nehme Sertralin und wohne in Jena", "den Wohnort bitte löschen")
    assert (ME, "lives_in", "place:jena") not in found
    assert (ME, "takes_medication", "Sertralin") in found


@pytest.mark.parametrize(
    "text",
    [
        "Meine Praxis ist 10 km entfernt",
        "Ich muss am Wochenende die Küche streichen",
        "Den alten Job behalte ich nicht, ich kündige",
        "Das Haus behalten wir nicht, wir ziehen im Mai um",
        "I get my sertraline from the pharmacy",
    ],
)
def test_words_near_a_forget_request_forget_nothing(text):
    assert not _invalidated(text, predicate="takes_medication", value="Sertralin")


@pytest.mark.parametrize(
    ("said", "asked"),
    [
        (
            "I take sertraline. I go to choir on Tuesdays",
            "please forget the sertraline. I'd rather you didn't keep it",
        ),
        (
            "I take sertraline. I go to choir on Tuesdays",
            "scratch the medication bit. don't store that",
        ),
        (
            "Ich nehme Sertralin. Dienstags geh ich zum Chor",
            "vergiss das mit dem Sertralin. Bitte nicht speichern",
        ),
    ],
)
def test_a_pointer_after_a_named_topic_forgets_only_that_topic(said, asked):
    found = facts(said, asked)
    assert not any(f[1] == "takes_medication" for f in found)
    assert any(f[1] == "routine" for f in found)


# --- likes and dislikes ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("i'm a tea person not a coffee person", (ME, "prefers", "tea")),
        ("honestly I'm more of a dog guy", (ME, "prefers", "dog")),
        ("i'm a whisky kinda guy", (ME, "prefers", "whisky")),
        ("ich bin eher so der Kaffeetyp", (ME, "prefers", "Kaffee")),
        ("Ich bin ein Katzenmensch", (ME, "prefers", "Katzen")),
        ("ich bin halt der teetrinker", (ME, "prefers", "Tee")),
    ],
)
def test_the_kind_of_person_the_speaker_is_names_what_they_like(text, fact):
    found = facts(text)
    assert fact in found
    assert not any(f[0].startswith("pet:") for f in found)
    assert not any(f[1] == "prefers" and f[2].lower().endswith(("typ", "trinker")) for f in found)


@pytest.mark.parametrize(
    "text",
    [
        "I'm a lucky guy",
        "I'm not a morning person",
        "Ich bin kein Kaffeetyp",
        "i'm a dog person",
    ],
)
def test_no_pet_and_no_like_from_a_kind_of_person_that_is_not_one(text):
    found = facts(text)
    assert not any(f[0].startswith("pet:") for f in found)
    assert not any(
        f[1] == "prefers" and f[2].lower() in ("lucky", "morning", "kaffee") for f in found
    )


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("cilantro is gross", (ME, "dislikes", "cilantro")),
        ("honestly olives are the worst", (ME, "dislikes", "olives")),
        ("Mushrooms are just gross.", (ME, "dislikes", "Mushrooms")),
        ("oliven sind ekelhaft", (ME, "dislikes", "Oliven")),
        ("nur rosenkohl geht gar nicht", (ME, "dislikes", "Rosenkohl")),
        ("Pilze gehen überhaupt nicht", (ME, "dislikes", "Pilze")),
        ("fly with anything but ryanair", (ME, "dislikes", "ryanair")),
        ("ich ess alles außer Pilze", (ME, "dislikes", "Pilze")),
        ("nothing beats a good curry", (ME, "prefers", "curry")),
        ("Nichts geht über guten Kaffee", (ME, "prefers", "Kaffee")),
        ("tea over coffee any day", (ME, "prefers", "tea")),
        ("ok. sencha am liebsten", (ME, "prefers", "Sencha")),
    ],
)
def test_a_thing_judged_on_its_own_is_liked_or_disliked(text, fact):
    assert fact in facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "the traffic is the worst today",
        "he is the worst",
        "my colleague Tom is the worst",
        "Tom is the worst",
        "everything is gross",
        "Dienstag geht gar nicht, aber Freitag",
        "Das geht gar nicht",
        "it was anything but easy",
        "Was magst du am liebsten?",
        "Heute ist das Essen echt eklig",
        "Kaffee ist gar nicht so schlecht",
        "Jena ist überhaupt nicht weit",
    ],
)
def test_a_judgement_of_a_moment_a_person_or_a_date_is_no_taste(text):
    assert not any(f[1] in ("prefers", "dislikes") for f in facts(text))


@pytest.mark.parametrize(
    "text",
    [
        "sure, i'm such a morning person",
        "yeah i'm a real gym person lol",
        "Klar, ich bin total der Sporttyp",
    ],
)
def test_an_ironic_self_label_is_no_like(text):
    assert not any(f[1] == "prefers" for f in facts(text))


# --- health ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("I'm diabetic", (ME, "health_condition", "diabetes")),
        ("Ich bin Diabetikerin", (ME, "health_condition", "Diabetes")),
        ("ich bin asthmatiker seit ich klein bin", (ME, "health_condition", "Asthma")),
        (
            "ich nehme seit Jahren Blutdrucktabletten",
            (ME, "takes_medication", "Blutdrucktabletten"),
        ),
        (
            "I take blood pressure pills every morning",
            (ME, "takes_medication", "blood pressure pills"),
        ),
        ("i'm on my blood pressure meds again", (ME, "takes_medication", "blood pressure meds")),
    ],
)
def test_a_condition_named_by_its_bearer_and_a_preparation_named_by_its_form(text, fact):
    assert fact in facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "Ich koche morgen für einen Diabetiker",
        "any recipes for a diabetic friend?",
        "my dad takes heart tablets",
    ],
)
def test_a_condition_or_medicine_of_someone_unnamed_is_not_the_speakers(text):
    assert not any(
        f[0] == ME and f[1] in ("health_condition", "takes_medication") for f in facts(text)
    )
    assert not any(f[0] == "person:takes" for f in facts(text))


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("I don't eat meat", (ME, "diet", "vegetarian")),
        ("I don't eat meat or fish", (ME, "diet", "vegetarian")),
        ("i don't eat meat but i do eat fish", (ME, "diet", "pescetarian")),
        ("Ich esse kein Fleisch", (ME, "diet", "vegetarian")),
        ("ich esse seit zwei Jahren kein Fleisch und keinen Fisch", (ME, "diet", "vegetarian")),
        ("Fleisch? ich ess kein fleisch, außer fisch", (ME, "diet", "pescetarian")),
        ("my sister Ana doesn't eat meat", ("person:ana", "diet", "vegetarian")),
    ],
)
def test_meat_left_out_is_a_diet(text, fact):
    assert fact in facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "I don't eat meat on Fridays",
        "Heute esse ich kein Fleisch",
        "I don't eat much meat",
        "ess halt nur selten fleisch",
        "Should I stop eating meat?",
        "trying to not eat meat this month, we'll see",
    ],
)
def test_meat_left_out_on_a_day_or_rarely_is_no_diet(text):
    assert not any(f[1] == "diet" for f in facts(text))


def test_a_condition_treated_for_the_speaker_stays_theirs():
    assert (ME, "health_condition", "asthma") in facts("I use an inhaler for my asthma")
    assert (ME, "health_condition", "Migräne") in facts("Ich nehm Sumatriptan für meine Migräne")
