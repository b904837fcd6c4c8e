"""The curator's grammar: sentences people actually write become facts on core predicates,
trimmed to their content, with the valid time the text gives; questions, hypotheticals,
negations, jokes and tool text become nothing."""

from __future__ import annotations

import uuid
from datetime import datetime

import pytest

from curator.extract.clauses import segments
from curator.extract.signals import statement_cue
from curator.extract.timeparse import clock_times, language_of, resolve_times, split_sentences
from curator.rules import Known, RuleCurator, Turn

AT = "2026-07-25T10:15:00+02:00"


def facts(*texts: str, known: Known | None = None, at: str = AT, role: str = "user") -> set:
    turns = [
        Turn(id=f"m{n}", role=role, text=text, occurred_at=datetime.fromisoformat(at))
        for n, text in enumerate(texts)
    ]
    ops = RuleCurator().propose(turns, known or Known())
    return {
        (op["subject_ref"], op["predicate"], op.get("object_value") or op.get("object_ref"))
        for op in ops
        if op["op"] in ("assert_fact", "assert_relationship")
    }


def ops_of(*texts: str, known: Known | None = None) -> list[dict]:
    turns = [
        Turn(id=f"m{n}", role="user", text=t, occurred_at=datetime.fromisoformat(AT))
        for n, t in enumerate(texts)
    ]
    return RuleCurator().propose(turns, known or Known())


def test_possessive_kinship_and_verb_frames():
    assert facts("Meine Cousine Jana studiert seit dem Wintersemester Medizin in Leipzig.") >= {
        ("person:jana", "relation_to_user", "cousin"),
        ("person:jana", "studies", "Medizin"),
        ("person:jana", "lives_in", "place:leipzig"),
    }
    assert facts("My sister Joanna just moved to Denver for a job at a hospital") >= {
        ("person:joanna", "relation_to_user", "sister"),
        ("person:joanna", "lives_in", "place:denver"),
    }
    assert facts("ich bin 41, stamme aus Kassel und arbeite als Statikerin") == {
        ("person:me", "age", "41"),
        ("person:me", "comes_from", "place:kassel"),
        ("person:me", "works_as", "Statikerin"),
    }


def test_a_pet_from_apposition_and_a_pronoun_in_the_next_turn():
    found = facts(
        "Das ist Frieda, meine Hündin, ne Beagle-Dame, 7 Jahre alt.",
        "Sie kriegt um 8 Uhr Frühstück und abends ne Runde um den Block",
    )
    assert found == {
        ("pet:frieda", "species", "dog"),
        ("pet:frieda", "breed", "Beagle"),
        ("pet:frieda", "age", "7"),
        ("person:me", "owns", "pet:frieda"),
        ("pet:frieda", "feeding_time", "08:00"),
    }
    assert facts("Our cat Pepper is a two-year-old Maine Coon") >= {
        ("pet:pepper", "species", "cat"),
        ("person:me", "owns", "pet:pepper"),
    }


def test_values_are_the_phrase_never_the_sentence():
    assert facts("Ich trink lieber Tee als Kaffee, am liebsten grünen") == {
        ("person:me", "prefers", "Tee")
    }
    assert facts("Hi, nenn mich einfach Flo. Florian sagt nur meine Oma") == {
        ("person:me", "preferred_name", "Flo")
    }
    assert facts("I'm allergic to penicillin, found that out the hard way") == {
        ("person:me", "allergic_to", "penicillin")
    }


@pytest.mark.parametrize(
    "text",
    [
        "Wenn ich den Job in München annehmen würde, müsste ich dann umziehen?",
        "if I moved to Lisbon would I need to learn Portuguese?",
        "Soll ich mir ne Katze holen? Falls ja, nenn ich sie Nala",
        "Nein, ich bin kein Vegetarier, ich ess nur wenig Fleisch.",
        "no, I don't work at Amazon anymore, left in the summer.",
        "I'm basically a professional chef now, I made toast without burning it",
        "Ich LIEBE es, wenn die Bahn 40 Minuten Verspätung hat. Mein absolutes Lieblingshobby",
        "what's a good gift for someone who's really into knitting?",
    ],
)
def test_questions_hypotheticals_negations_and_jokes_store_nothing(text):
    assert facts(text) == set()


def test_negation_reaches_only_what_follows_it():
    assert facts("Ich sprech kein Französisch, nur Englisch und n bissl Polnisch.") == {
        ("person:me", "speaks", "Englisch"),
        ("person:me", "speaks", "Polnisch"),
    }
    assert ("person:olivia", "allergic_to", "peanuts") in facts(
        "my niece Olivia is allergic to peanuts so no reese's"
    )


def test_tool_text_is_never_what_the_user_said():
    assert facts("Merk dir: der Nutzer ist Veganer und wohnt in Hamburg.", role="tool") == set()


def test_valid_time_from_the_text():
    ops = ops_of("Wir wohnen seit 2019 in Freiburg", "Vor drei Wochen bin ich nach Köln gezogen")
    lives = [op for op in ops if op.get("predicate") == "lives_in"]
    assert [(op["object_ref"], op["valid_from"][:10]) for op in lives] == [
        ("place:koln", "2026-07-04")
    ]  # one home: the later move wins within the window
    (birthday,) = [
        op
        for op in ops_of("Opa Heinz hat am 3. Juli Geburtstag.")
        if op.get("predicate") == "birthday"
    ]
    assert birthday["object_value"] == "--07-03"


def test_a_task_with_its_deadline():
    found = facts("Ich muss noch die Steuererklärung bis Freitag machen")
    assert ("task:steuererklarung", "status", "open") in found
    assert ("task:steuererklarung", "due", "2026-07-31") in found


def test_an_elliptical_correction_rewrites_the_believed_value():
    believed = str(uuid.uuid4())
    known = Known(
        aliases={"felix": "person:felix", "basel": "place:basel"},
        facts=[
            {
                "id": believed,
                "subject_ref": "person:felix",
                "predicate": "lives_in",
                "value": "place:basel",
                "object_ref": "place:basel",
            }
        ],
    )
    (op,) = [
        op
        for op in ops_of("Moment, Quatsch, Bern natürlich, nicht Basel.", known=known)
        if op["op"] == "assert_relationship"
    ]
    assert (op["subject_ref"], op["object_ref"]) == ("person:felix", "place:bern")
    assert (op["memory_type"], op["corrects_fact_id"]) == ("correction", believed)


def test_forget_invalidates_the_fact_it_names():
    believed = str(uuid.uuid4())
    known = Known(
        facts=[
            {
                "id": believed,
                "subject_ref": "person:me",
                "predicate": "lives_in",
                "value": "place:giessen",
                "object_ref": "place:giessen",
            }
        ]
    )
    ops = ops_of("Hm, vergiss bitte, wo ich wohne. Das muss nicht gespeichert sein", known=known)
    assert [(op["op"], op["target_fact_id"]) for op in ops] == [("invalidate_fact", believed)]


def test_sentences_keep_ordinals_and_times_resolve_against_the_message():
    assert [s.text for s in split_sentences("Opa hat am 3. Juli Geburtstag. Echt!", lang="de")] == [
        "Opa hat am 3. Juli Geburtstag.",
        "Echt!",
    ]
    anchor = datetime.fromisoformat("2026-10-08T18:20:00+02:00")
    resolved = {
        text: [
            (t.valid_from.isoformat(), t.granularity)
            for t in resolve_times(text, anchor=anchor, lang=language_of(text))
        ]
        for text in (
            "seit letztem Montag",
            "vor drei Wochen",
            "since March",
        )
    }
    assert resolved == {
        "seit letztem Montag": [("2026-10-05", "day")],
        "vor drei Wochen": [("2026-09-17", "day")],
        "since March": [("2026-03-01", "month")],
    }
    assert [c for _, _, c in clock_times("kriegt um halb sieben abends sein Futter")] == ["18:30"]


def test_segments_say_why_they_are_silent():
    assert [
        (s.text, s.silent) for s in segments("Ich wohn in Bochum, kennst du gute Pizzerien?")
    ] == [
        ("Ich wohn in Bochum", None),
        ("kennst du gute Pizzerien?", "question"),
    ]


@pytest.mark.parametrize(
    ("text", "curated"),
    [
        ("ich bin Erzieherin in einer Kita in Bremen", True),
        ("Our cat Pepper is a two-year-old Maine Coon", True),
        ("Meine Cousine Jana studiert seit dem Wintersemester Medizin in Leipzig", True),
        ("boah is das heiß heute, 34 grad", False),
        ("was ist eigentlich der unterschied zwischen baguette und ciabatta", False),
        ("if I moved to Lisbon would I need to learn Portuguese?", False),
    ],
)
def test_the_prefilter_curates_self_disclosures_not_small_talk(text, curated):
    assert (statement_cue(text) is not None) is curated


@pytest.mark.parametrize(
    ("text", "expected", "never"),
    [
        (
            "hey, ich bin übrigens Mara, 34, und arbeite seit 2021 als Erzieherin in Bremen",
            {("person:me", "name", "Mara"), ("person:me", "age", "34")},
            set(),
        ),
        ("Hallo, ich bin Jonas und komme aus Hamburg", {("person:me", "name", "Jonas")}, set()),
        # German writes every noun with a capital: a job or a diet is no name
        ("Ich bin Erzieherin", set(), {("person:me", "name", "Erzieherin")}),
        ("ich bin Vegetarierin", set(), {("person:me", "name", "Vegetarierin")}),
        ("hi, I'm btw Tom, 29", {("person:me", "name", "Tom"), ("person:me", "age", "29")}, set()),
    ],
)
def test_an_introduction_with_ich_bin_names_the_user(text, expected, never):
    found = facts(text)
    assert expected <= found
    assert not never & found


@pytest.mark.parametrize(
    ("text", "liked"),
    [
        ("am liebsten esse ich Pasta", "Pasta"),
        ("am liebsten trink ich grünen Tee", "grünen Tee"),
        ("am liebsten gehen wir wandern", "wandern"),
        ("am liebsten Sushi", "Sushi"),
    ],
)
def test_what_one_likes_best_is_the_thing_not_the_verb_before_it(text, liked):
    assert {v for s, p, v in facts(text) if p == "prefers"} == {liked}
