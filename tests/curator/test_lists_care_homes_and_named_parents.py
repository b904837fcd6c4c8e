"""Names listed after a noun that names several are all introduced, each with its age; after a
singular kin noun only the first name is that relative; who is in a care home lives in its
town; a parent held by the kin word alone is the one a later naming names. The phrasings
here are not those they were found with."""

from __future__ import annotations

import pytest

from tests.conftest import BOTH_DATABASES
from tests.curator.test_changes_and_kin import _asserted, _ops
from tests.curator.test_newcomer_phrasing import Chat
from worldmemory import tools
from worldmemory.tenancy import owner_scope

ME = "person:me"
DECEMBER = "2026-12-04T21:00:00+00:00"


@pytest.mark.parametrize(
    ("text", "children"),
    [
        (
            "my kids poppy (14) and reuben (8) stay with me on tuesdays",
            {"person:poppy": ("daughter", "14"), "person:reuben": ("son", "8")},
        ),
        (
            "meine kinder lotta (6) und henri (3) sind heute bei oma",
            {"person:lotta": ("daughter", "6"), "person:henri": ("son", "3")},
        ),
        (
            "My children Grace (10) and Oscar (7) love the beach",
            {"person:grace": ("daughter", "10"), "person:oscar": ("son", "7")},
        ),
    ],
)
def test_every_child_listed_after_a_plural_noun_gets_relation_and_age(text, children):
    asserted = _asserted(_ops(text, at=DECEMBER))
    for ref, (relation, age) in children.items():
        assert (ref, "relation_to_user", relation) in asserted
        assert (ref, "age", age) in asserted


@pytest.mark.parametrize(
    ("text", "relative", "other"),
    [
        ("my brother Jamie and Priya came for dinner", "person:jamie", "person:priya"),
        ("meine Schwester Jana und Tim waren gestern da", "person:jana", "person:tim"),
        ("my sister kate and tom came round", "person:kate", "person:tom"),
    ],
)
def test_a_name_joined_after_a_singular_kin_noun_is_no_such_relative(text, relative, other):
    asserted = _asserted(_ops(text, at=DECEMBER))
    assert any(k[0] == relative and k[1] == "relation_to_user" for k in asserted)
    assert not [k for k in asserted if k[0] == other and k[1] == "relation_to_user"]


def test_a_plural_noun_in_a_sentence_lists_no_words_that_are_not_names():
    asserted = _asserted(_ops("my kids are with me and the dog this weekend", at=DECEMBER))
    assert not [k for k in asserted if k[1] == "relation_to_user"]


@pytest.mark.parametrize(
    ("text", "who", "place"),
    [
        ("my nan's in a care home in whitby now", "person:nan", "place:whitby"),
        ("meine oma ist seit märz im pflegeheim in kempten", "person:oma", "place:kempten"),
        ("grandad is in a nursing home in Truro", "person:grandad", "place:truro"),
    ],
)
def test_who_is_in_a_care_home_lives_in_its_town(text, who, place):
    asserted = _asserted(_ops(text, at=DECEMBER))
    assert (who, "lives_in", place) in asserted
    assert (ME, "lives_in", place) not in asserted


@pytest.mark.parametrize(
    "text",
    [
        "i work at a care home in leeds",
        "visited my gran at her nursing home in Leeds today",
        "my gran is in a nursing home in Leeds",
    ],
)
def test_working_at_or_visiting_a_care_home_is_no_home(text):
    asserted = _asserted(_ops(text, at=DECEMBER))
    assert (ME, "lives_in", "place:leeds") not in asserted


@pytest.mark.parametrize(
    ("texts", "who", "fact"),
    [
        (
            ("my sister rosa moved in with us", "shes from porto originally"),
            "person:rosa",
            ("comes_from", "place:porto"),
        ),
        (
            ("my brother ned is staying over", "hes in a care home in hull usually"),
            "person:ned",
            ("lives_in", "place:hull"),
        ),
    ],
)
def test_hes_and_shes_without_apostrophe_are_pronouns(texts, who, fact):
    asserted = _asserted(_ops(*texts, at=DECEMBER))
    assert (who, *fact) in asserted
    assert (ME, *fact) not in asserted


@pytest.mark.parametrize(
    ("first", "naming", "name", "relation"),
    [
        (
            "dad's 70th is on the 2nd of february",
            "dad is clive, he's in a care home in bath",
            "Clive",
            "father",
        ),
        (
            "Mama hat am 14. März Geburtstag",
            "Mama heißt Renate, sie ist im Pflegeheim in Kassel",
            "Renate",
            "mother",
        ),
    ],
)
def test_naming_a_parent_the_window_holds_by_the_kin_word_names_that_parent(
    first, naming, name, relation
):
    ops = _ops(first, naming, at=DECEMBER)
    parents = {
        o["subject_ref"]
        for o in ops
        if o.get("predicate") == "relation_to_user" and o.get("object_value") == relation
    }
    assert len(parents) == 1
    (parent,) = parents
    upsert = next(o for o in ops if o["op"] == "upsert_entity" and o["id_hint"] == parent)
    assert upsert["canonical_name"] == name
    said = {(o["subject_ref"], o["predicate"]) for o in ops if "predicate" in o}
    assert {(parent, "birthday"), (parent, "lives_in")} <= said


@pytest.mark.django_db(databases=BOTH_DATABASES)
def test_naming_a_parent_memory_holds_by_the_kin_word_renames_that_parent():
    chat = Chat("tom", session="week-1")
    chat.say("mum's 80th is on the 2nd of may")
    chat.say("mum is margaret, shes in a care home in bath", at="2026-03-14T09:14:00+01:00")
    mother = chat.current("person:mum")
    assert mother["relation_to_user"] == "mother"
    assert mother["birthday"] == "--05-02"
    assert mother["→lives_in"] == "place:bath"
    # the 80th on a day ahead: 79 until then
    assert mother["age"] == "79"
    assert chat.current("person:margaret") == {}
    with owner_scope("tom") as scope:
        assert tools.get_entity(scope=scope, ref="person:mum")["data"]["entity"]["name"] == (
            "Margaret"
        )


@pytest.mark.parametrize(
    ("text", "who", "age"),
    [
        ("dad's 70th is on the 3rd of may", "person:dad", "69"),
        ("my sister's 40th was on the 2nd of november", "person:sister", "40"),
    ],
)
def test_an_ordinal_birthday_gives_the_age_before_or_after_its_day(text, who, age):
    asserted = _asserted(_ops(text, at=DECEMBER))
    assert (who, "age", age) in asserted


@pytest.mark.parametrize(
    ("texts", "who", "relation", "year"),
    [
        (
            (
                "my kids Jake and Sam are with me this week",
                "divorced since 2018, their mum is nicola",
            ),
            "person:nicola",
            "ex-wife",
            "2018",
        ),
        (
            (
                "meine Kinder Lotta und Henri sind bei mir",
                "bin seit 2020 geschieden, die Mama meiner Kinder heißt Jana",
            ),
            "person:jana",
            "ex-wife",
            "2020",
        ),
        (
            ("my daughter Ivy is 6", "we separated in 2023, the kids' dad is called Mark"),
            "person:mark",
            "ex-partner",
            "2023",
        ),
    ],
)
def test_the_other_parent_after_a_divorce_is_the_former_partner(texts, who, relation, year):
    asserted = _asserted(_ops(*texts, at=DECEMBER))
    assert (who, "relation_to_user", relation) in asserted
    assert asserted[(who, "relation_to_user", relation)]["valid_from"].startswith(year)


@pytest.mark.parametrize(
    "texts",
    [
        ("my parents are divorced, their dad is called Mark",),
        ("my kids Ava and Leo are at school", "their mum is called Kim"),
        ("divorced since 2019", "my friends Ana and Bo have twins, their mum is Ana"),
    ],
)
def test_no_former_partner_without_the_speakers_divorce_and_children(texts):
    asserted = _asserted(_ops(*texts, at=DECEMBER))
    assert not [k for k in asserted if k[1] == "relation_to_user" and k[2].startswith("ex-")]
