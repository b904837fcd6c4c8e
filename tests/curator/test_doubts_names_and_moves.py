"""Doubt about a plan corrects nothing, a parent called by the kin word alone is named, a verb
after a kinship noun is no name, a genitive's role is no job, a fragment or one good morning
is no taste or habit, "forget" about something never kept forgets nothing, a routine said to
hold "from now on" replaces the one of the same activity, and whom one moved in with is a
partner. The phrasings here are not those they were found with."""

from __future__ import annotations

import pytest

from tests.conftest import BOTH_DATABASES
from tests.curator.test_changes_and_kin import _asserted, _known, _ops, _targets
from tests.curator.test_newcomer_phrasing import Chat

ME = "person:me"
DECEMBER = "2026-12-04T21:00:00+00:00"


@pytest.mark.parametrize(
    "text",
    [
        "might take dad to the pub for sunday dinner, not sure he'd manage though",
        "vielleicht hol ich oma zum weihnachtsessen ab, nicht sicher ob sie das schafft",
        "pizza for tea tonight, not sure the kids will eat it",
    ],
)
def test_doubt_about_a_plan_corrects_no_believed_routine(text):
    ids, known = _known((ME, "routine", "yoga mondays at the leisure centre"))
    ops = _ops(text, at=DECEMBER, known=known)
    assert not [o for o in ops if o.get("memory_type") == "correction"]
    assert not _targets(ops, "invalidate_fact")
    assert not [o for o in ops if o.get("predicate") == "routine"]


@pytest.mark.parametrize(
    ("text", "name", "relation", "fact"),
    [
        (
            "dad is peter, he lives in a nursing home in york",
            "person:peter",
            "father",
            ("lives_in", "place:york"),
        ),
        ("Mum is Ruth and she has dementia", "person:ruth", "mother", ("health_condition", None)),
        (
            "papa heißt rainer, er wohnt in ulm",
            "person:rainer",
            "father",
            ("lives_in", "place:ulm"),
        ),
    ],
)
def test_a_parent_called_by_the_kin_word_alone_is_named(text, name, relation, fact):
    asserted = _asserted(_ops(text, at=DECEMBER))
    assert (name, "relation_to_user", relation) in asserted
    predicate, value = fact
    assert any(s == name and p == predicate and value in (None, v) for s, p, v in asserted)


@pytest.mark.parametrize("text", ["mum is tired today", "dad is cooking tonight", "mum is away"])
def test_how_a_parent_is_names_nobody(text):
    assert not [o for o in _ops(text, at=DECEMBER) if o["op"] == "upsert_entity"]


@pytest.mark.django_db(databases=BOTH_DATABASES)
def test_what_is_said_after_naming_a_parent_is_not_the_pets():
    chat = Chat(owner="lotte")
    chat.say("our tabby mochi gets her food at 8, he's a rescue")
    chat.say("dad is peter, he lives in a nursing home in york", at="2026-03-14T09:14:00+01:00")
    assert chat.current("person:peter")["→lives_in"] == "place:york"
    assert "→lives_in" not in chat.current("pet:mochi")


@pytest.mark.parametrize(
    "text",
    [
        "my brother took us to the zoo",
        "more polish he says but his nan made it every easter",
        "seine Oma Erna backt jeden Sonntag",
        "Jonas' Tante Ilse wohnt in Ulm",
    ],
)
def test_a_verb_or_someone_elses_relative_is_no_relative_of_the_speaker(text):
    asserted = _asserted(_ops(text, at=DECEMBER))
    assert not [key for key in asserted if key[1] == "relation_to_user"]


def test_a_name_the_tagger_reads_as_a_past_form_is_still_a_name():
    asserted = _asserted(_ops("my sister rose lives in leeds", at=DECEMBER))
    assert ("person:rose", "relation_to_user", "sister") in asserted


@pytest.mark.parametrize(
    "text",
    [
        "Lena's maths teacher is my friend Eva, awkward",
        "tom's dentist is in leeds",
    ],
)
def test_someones_teacher_is_no_job_of_theirs(text):
    asserted = _asserted(_ops(text, at=DECEMBER))
    assert not [key for key in asserted if key[1] == "works_as"]


def test_a_job_after_a_contracted_is_stays_a_job():
    assert ("person:ben", "works_as", "plumber") in _asserted(_ops("Ben's a plumber"))


@pytest.mark.parametrize(
    "text",
    [
        "we need balloons. cake, candles, his aunt sue",
        "that was honestly the best evening i've had in years",
        "war echt der schönste abend seit langem",
    ],
)
def test_a_list_fragment_or_one_good_evening_is_no_taste_or_habit(text):
    asserted = _asserted(_ops(text, at=DECEMBER))
    assert not [k for k in asserted if k[1] in ("prefers", "routine", "hobby")]


@pytest.mark.django_db(databases=BOTH_DATABASES)
@pytest.mark.parametrize(
    ("said", "forget"),
    [
        ("Mein Cousin Paul ist Bäcker", "vergiss das mit kassel"),
        ("My cousin Paul is a baker", "forget the thing about leeds"),
    ],
)
def test_forgetting_what_was_never_kept_forgets_nothing(said, forget):
    chat = Chat(owner="forget-" + forget.split()[-1])
    chat.say(said)
    before = chat.current("person:paul")
    assert before["works_as"]
    chat.say(forget, at="2026-03-14T09:14:00+01:00")
    assert chat.current("person:paul") == before


@pytest.mark.parametrize(
    ("text", "believed", "new"),
    [
        (
            "from now on my gym sessions are mon and fri",
            "gym sessions tues and thurs at 7am",
            "gym sessions mon and fri",
        ),
        (
            "from now on i go swimming on wednesdays and fridays",
            "swim sessions tues and thurs at 6am",
            "go swimming on wednesdays and fridays",
        ),
        (
            "ab sofort geh ich mittwochs joggen",
            "dienstags joggen im park",
            "mittwochs joggen",
        ),
    ],
)
def test_a_routine_from_now_on_ends_the_believed_one_of_the_same_activity(text, believed, new):
    ids, known = _known((ME, "routine", believed))
    ops = _ops(text, at=DECEMBER, known=known)
    assert (ME, "routine", new) in _asserted(ops)
    assert _targets(ops, "end_fact") == ids


def test_a_routine_from_now_on_leaves_another_activity():
    ids, known = _known((ME, "routine", "walk the dog every morning"))
    ops = _ops("from now on my gym sessions are mon and fri", at=DECEMBER, known=known)
    assert not _targets(ops, "end_fact")


def test_switched_to_is_what_is_drunk_now():
    ids, known = _known((ME, "prefers", "coke"))
    ops = _ops("i've stopped drinking coke, switched to sparkling water", at=DECEMBER, known=known)
    assert (ME, "prefers", "sparkling water") in _asserted(ops)
    assert _targets(ops, "end_fact") == ids


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("just moved in with jonah, hes from leeds", "person:jonah"),
        ("I moved in with Priya in the spring", "person:priya"),
        ("bin im sommer mit lea zusammengezogen", "person:lea"),
        ("seit märz wohne ich mit finn in kiel zusammen", "person:finn"),
    ],
)
def test_whom_one_moved_in_with_is_a_partner(text, name):
    assert (name, "relation_to_user", "partner") in _asserted(_ops(text, at=DECEMBER))


@pytest.mark.parametrize(
    "text",
    [
        "we moved in with friends",
        "moved in with my mum for a bit",
        "war gestern mit tom zusammen essen",
        "ich wohne mit meinem freund zusammen",
    ],
)
def test_moving_in_with_no_one_named_makes_no_partner(text):
    asserted = _asserted(_ops(text, at=DECEMBER))
    assert not [k for k in asserted if k[1:] == ("relation_to_user", "partner")]


@pytest.mark.parametrize(
    ("text", "relation", "day"),
    [
        ("dad's 70th is on the 3rd of may", "father", "--05-03"),
        ("my mum's birthday is on the 9th of october", "mother", "--10-09"),
    ],
)
def test_a_parents_birthday_by_the_kin_word_is_theirs(text, relation, day):
    asserted = _asserted(_ops(text, at=DECEMBER))
    who = next(s for s, p, v in asserted if p == "relation_to_user" and v == relation)
    assert (who, "birthday", day) in asserted
    assert not [k for k in asserted if k[0] == ME]


def test_someone_elses_mothers_birthday_is_not_the_speakers_mothers():
    asserted = _asserted(_ops("her mum's birthday is on the 14th of march", at=DECEMBER))
    assert not [k for k in asserted if k[1] in ("birthday", "relation_to_user")]


@pytest.mark.parametrize(
    ("texts", "who", "job"),
    [
        (
            (
                "meine schwester lina ist bäckerin in jena",
                "mein kumpel ole wohnt in kiel",
                "das stimmt nicht mit lina, sie ist nicht bäckerin sondern konditorin",
            ),
            "person:lina",
            "konditorin",
        ),
        (
            (
                "my brother Sam is a joiner in Hull",
                "my mate Olly lives in Leeds",
                "that's wrong about Sam, he is not a joiner but a carpenter",
            ),
            "person:sam",
            "carpenter",
        ),
    ],
)
def test_a_pronoun_after_a_name_in_its_sentence_is_that_person(texts, who, job):
    asserted = _asserted(_ops(*texts, at=DECEMBER))
    assert (who, "works_as", job) in asserted
    assert not [k for k in asserted if k[1] == "works_as" and k[0] != who]
