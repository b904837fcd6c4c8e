"""Wrong facts fresh chat speech used to make: a verb read as a name after a kinship or pet
noun, a joke taken back or a liking turned round by an upside-down face, and a spoken
subjunctive. Each rule is held to sentences of its own and to sentences it must leave
alone."""

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
