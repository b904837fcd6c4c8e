"""Wrong facts fresh chat speech used to make: a verb or a fused preposition read as a name
after a kinship or pet noun, a joke taken back or a liking turned round by an upside-down
face, a spoken subjunctive, a routine that names days but nothing done on them, a German
denial closing its clause, "nix"/"nothing" denials and an ordinal read as an age. Each rule is
held to sentences of its own and to sentences it must leave alone."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts

ME = "person:me"


# --- the verb after a kinship or pet noun, written in lower case ----------------------------


@pytest.mark.parametrize(
    "text",
    [
        "my kids adore the zoo",
        "my twins hate broccoli",
        "my cats love the sunny window",
        "meine jungs lieben fußball",
        "meine schwiegermutter hasse ich",
        "meinen hund liebe ich abgöttisch",
    ],
)
def test_a_verb_after_a_kin_or_pet_noun_is_nobodys_name(text):
    found = facts(text)
    named = {f[0] for f in found} | {f[2] for f in found if isinstance(f[2], str)}
    verb = text.split()[2]
    assert not any(ref.endswith(f":{verb}") for ref in named), found


@pytest.mark.parametrize(
    ("text", "ref"),
    [
        ("my sister rose lives in bristol", "person:rose"),
        ("my son max adores dinosaurs", "person:max"),
        ("meine tochter frieda liebt pferde", "person:frieda"),
        ("my dog luna hates the vacuum", "pet:luna"),
    ],
)
def test_a_name_before_the_verb_is_still_a_name(text, ref):
    assert any(f[0] == ref or f[2] == ref for f in facts(text))


@pytest.mark.parametrize(
    "text",
    ["meine tante aufm dorf hält ziegen", "mein cousin ausm norden ist zu besuch"],
)
def test_a_fused_preposition_after_a_kin_noun_is_no_name(text):
    assert not any(f[0].endswith(("aufm", "ausm")) for f in facts(text)), facts(text)


# --- a joke taken back, a liking turned round -----------------------------------------------


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        (
            "mein lieblingsgetränk is übrigens warmes leitungswasser 😂 nee spaß, cola",
            "leitungswasser",
        ),
        ("my favourite food is cold beans lol jk", "beans"),
        ("ich bin astronautin haha nee quatsch, ich bin bürokauffrau", "astronautin"),
    ],
)
def test_what_is_said_before_a_joke_is_taken_back_is_no_fact(text, wrong):
    assert not any(wrong in str(f[2]).lower() for f in facts(text))


@pytest.mark.parametrize(
    "text",
    [
        "ich liebe meinen arbeitsweg durch den stau 🙃",
        "my favourite thing is the monday commute 🙃",
    ],
)
def test_a_liking_with_an_upside_down_face_is_ironic(text):
    assert not any(f[1] in ("prefers", "hobby") for f in facts(text))


def test_a_liking_beside_an_eye_roll_stays_sincere():
    found = facts("meine kollegin sagt ich trinke zu viel kaffee 🙄 aber ich liebe kaffee")
    assert (ME, "prefers", "kaffee") in found


def test_no_kidding_takes_nothing_back():
    assert (ME, "works_as", "nurse") in facts("no kidding, i'm a nurse and i work nights")


# --- a spoken subjunctive and a supposition ---------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "ich könnt jeden abend lasagne essen",
        "ich chönnt jede morge zopf ässe",
        "und say i moved to porto next year, what about taxes?",
    ],
)
def test_a_spoken_subjunctive_or_supposition_states_nothing(text):
    found = facts(text)
    assert not any(f[1] in ("routine", "lives_in") for f in found), found


def test_an_indicative_habit_is_still_a_routine():
    assert any(f[1] == "routine" for f in facts("ich geh jeden freitag klettern"))


def test_a_polite_subjunctive_beside_a_fact_keeps_the_fact():
    found = facts("bin altenpfleger und würd gern mal blut spenden")
    assert (ME, "works_as", "altenpfleger") in found


# --- a routine must name something done -------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "nich mehr dienstags zum töpfern sondern mittwochs",
        "mon and wed are fine, that's me every week",
    ],
)
def test_days_without_a_doing_are_no_routine(text):
    assert not any(f[1] == "routine" and "töpfern" not in f[2] for f in facts(text)), facts(text)


@pytest.mark.parametrize(
    "text", ["i do pilates every wednesday", "dienstags mach ich immer crossfit"]
)
def test_days_with_a_doing_are_a_routine(text):
    # ("crossfit": an English loanword the German tagger calls foreign material)
    assert any(f[1] == "routine" for f in facts(text)), facts(text)


# --- a German denial closing its clause, a focus word before a denial -------------------------


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("ne, veganerin bin ich nich, ich wohn halt mit einer zusammen", "vegan"),
        ("glutenfrei ess ich nicht, das war meine mitbewohnerin", "gluten_free"),
    ],
)
def test_a_word_fronted_before_a_closing_denial_is_denied(text, wrong):
    assert not any(f[2] == wrong for f in facts(text)), facts(text)


def test_a_closing_denial_reaches_only_its_own_clause():
    assert (ME, "diet", "vegetarian") in facts("ich bin vegetarierin und wurst ess ich nicht")


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("i like just no horror films", "horror films"),
        ("ich mag halt keine achterbahnen", "achterbahnen"),
    ],
)
def test_a_focus_word_before_a_denial_keeps_the_liking_denied(text, thing):
    assert (ME, "prefers", thing) not in facts(text)


# --- "nix", "nichts", "nothing": denials of their own ------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["ich will nix überstürzen", "ich möchte nichts anbrennen lassen"],
)
def test_a_plan_to_do_nothing_is_no_plan(text):
    assert not any(f[1] == "plans" for f in facts(text)), facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "ich hab echt nix gegen rosenkohl",
        "i've got nothing against spicy curries",
        "ich ess nichts außer nudeln momentan",
    ],
)
def test_nothing_against_or_nothing_but_is_no_dislike(text):
    assert not any(f[1] == "dislikes" for f in facts(text)), facts(text)


def test_a_plain_dislike_stays():
    assert (ME, "dislikes", "rosenkohl") in facts("ich mag keinen rosenkohl")


# --- an ordinal is no age ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["ich mach grad mein praktikum im 7. semester", "bin im 2. ausbildungsjahr"]
)
def test_an_ordinal_is_no_age(text):
    assert not any(f[1] == "age" for f in facts(text)), facts(text)


def test_a_plain_age_stays():
    assert (ME, "age", "29") in facts("im 29, living in leeds")
