"""Routines, health, likes and dislikes as people say them in passing: each reading is held
to phrasings of its own in both languages and to sentences it must leave alone (a false
memory is worse than a missed one)."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts

ME = "person:me"


def _of_me(found: set, predicate: str) -> set:
    return {value for subject, p, value in found if subject == ME and p == predicate}


# --- the health of a named other is theirs ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Luna hat Diabetes", ("person:luna", "health_condition", "Diabetes")),
        ("Bello hat seit dem Winter Arthrose", ("person:bello", "health_condition", "Arthrose")),
        ("Jonas hat ne Nussallergie", ("person:jonas", "allergic_to", "Nüsse")),
        ("Mia hat seit Jahren Migräne", ("person:mia", "health_condition", "Migräne")),
        ("Greta has asthma", ("person:greta", "health_condition", "asthma")),
    ],
)
def test_a_named_others_condition_is_never_the_speakers(text, fact):
    found = facts(text)
    assert fact in found
    assert not {f for f in found if f[0] == ME and f[1] in ("health_condition", "allergic_to")}


def test_the_speakers_own_condition_stays_the_speakers():
    assert (ME, "health_condition", "Asthma") in facts("ich hab Asthma")
    found = facts("Tom hat Asthma und ich wohne in Köln")
    assert (ME, "lives_in", "place:koln") in found
    assert not _of_me(found, "health_condition")


# --- conditions no list names ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "condition"),
    [
        ("ich hab seit Jahren Tendinitis im Knie", "Tendinitis im Knie"),
        ("nehm das wegen meinem Vorhofflimmern", "Vorhofflimmern"),
        ("ich hab ne Histaminunverträglichkeit", "Histaminunverträglichkeit"),
        ("I have bursitis in my shoulder", "bursitis in my shoulder"),
        ("diagnosed with sarcoidosis last year", "sarcoidosis"),
        ("i've got a fructose intolerance", "fructose intolerance"),
    ],
)
def test_a_condition_is_known_by_how_medicine_names_it(text, condition):
    assert condition in _of_me(facts(text), "health_condition")


@pytest.mark.parametrize(
    "text",
    [
        "mein Vater hat Vorhofflimmern",
        "my mum has bursitis",
        "was hilft gegen Tendinitis?",
        "wenn ich Tendinitis hätte, würde ich pausieren",
        "the diagnosis came back clear",
        "I read a book about the syndrome",
    ],
)
def test_a_condition_of_someone_else_asked_about_or_imagined_is_not_the_speakers(text):
    assert not _of_me(facts(text), "health_condition")


# --- likes and dislikes said in passing ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "disliked"),
    [
        ("can't stand olives, they're so salty", "olives"),
        ("honestly cannot stand jazz", "jazz"),
        ("lol not a fan of musicals", "musicals"),
        ("kann mit Techno nix anfangen", "Techno"),
        ("ich kann mit Opern echt nichts anfangen", "Opern"),
        ("Rap ist so gar nicht meins", "Rap"),
        ("Camping ist echt nicht mein Ding", "Camping"),
        ("reality tv isn't really my thing", "reality tv"),
        ("karaoke is a hard no", "karaoke"),
        ("musicals don't do it for me", "musicals"),
    ],
)
def test_a_dislike_without_i_or_with_the_thing_first(text, disliked):
    assert disliked in _of_me(facts(text), "dislikes")


@pytest.mark.parametrize(
    ("text", "liked"),
    [
        ("Kürbissuppe geht bei mir immer", "Kürbissuppe"),
        ("Krimis sind voll mein Ding", "Krimis"),
        ("board games are totally my thing", "board games"),
        ("true crime is right up my alley", "true crime"),
    ],
)
def test_a_like_said_as_the_speakers_thing(text, liked):
    assert liked in _of_me(facts(text), "prefers")


@pytest.mark.parametrize(
    ("text", "disliked"),
    [
        ("hold the onions pls, can't stand the stuff", "onions"),
        ("no mushrooms for me, can't stand them", "mushrooms"),
        ("Sellerie bitte weglassen, das ist nicht meins", "Sellerie"),
        ("ohne Rosinen, das ist so gar nicht mein Ding", "Rosinen"),
    ],
)
def test_a_verdict_pointing_back_is_on_the_thing_left_out(text, disliked):
    found = _of_me(facts(text), "dislikes")
    assert disliked in found
    assert not found & {"stuff", "them", "das"}


@pytest.mark.parametrize(
    "text",
    [
        "my dad can't stand coriander",
        "he can't stand jazz",
        "mein Mann kann mit Jazz nix anfangen",
        "Monday is a hard no",
        "Montag geht bei mir immer",
        "das Auto geht nicht",
        "Tom says karaoke is a hard no",
        "would you hate jazz?",
        "if it's a hard no for you, that's fine",
    ],
)
def test_others_tastes_days_and_questions_are_no_taste_of_the_speaker(text):
    found = facts(text)
    assert not _of_me(found, "dislikes") | _of_me(found, "prefers")


# --- routines said in many ways --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "routine"),
    [
        ("I've been doing pilates every Thursday for three years", "pilates every Thursday"),
        ("been doing parkrun most saturdays", "parkrun most saturdays"),
        ("most weekends I go hiking", "most weekends go hiking"),
        (
            "ich spiel Badminton, dienstags und freitags in der Halle",
            "spiel Badminton dienstags und freitags in Halle",
        ),
        (
            "mach jetzt Aquafitness, mittwochs und sonntags im Hallenbad",
            "Aquafitness mittwochs und sonntags im Hallenbad",
        ),
        (
            "I swim at the lido, mondays and thursdays before work",
            "swim at lido mondays and thursdays before work",
        ),
    ],
)
def test_a_routine_keeps_its_activity_and_its_days(text, routine):
    assert routine in _of_me(facts(text), "routine")


@pytest.mark.parametrize(
    "text",
    [
        "my sister swims, mondays and fridays at the lido",
        "mein Bruder spielt Fußball, dienstags und freitags im Verein",
        "mittwochs und sonntags im Südbad",
    ],
)
def test_days_after_someone_elses_activity_are_no_routine_of_the_speaker(text):
    assert not _of_me(facts(text), "routine")


@pytest.mark.parametrize(
    ("text", "routine"),
    [
        ("Sunday mornings are for the farmers market", "Sunday mornings for farmers market"),
        ("tuesdays are climbing nights", "tuesdays climbing nights"),
        ("Mondays are leg day", "Mondays leg day"),
        ("friday night is pizza night at ours", "friday night pizza night at ours"),
    ],
)
def test_days_said_to_be_given_to_something_are_a_routine(text, routine):
    assert routine in _of_me(facts(text), "routine")


@pytest.mark.parametrize(
    "text",
    [
        "sundays are busy at the shop",
        "this friday night is my birthday party",
        "her sundays are for church",
    ],
)
def test_busy_days_one_day_and_someone_elses_days_are_no_routine(text):
    assert not _of_me(facts(text), "routine")


# --- a guess about oneself is no fact --------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "maybe I'm lactose intolerant, not sure",
        "perhaps I'm allergic to cats",
        "ich hab vielleicht ne Laktoseintoleranz",
        "vllt bin ich ja allergisch gegen Katzen",
    ],
)
def test_a_guess_about_ones_health_is_not_stored(text):
    found = facts(text)
    assert not _of_me(found, "health_condition") | _of_me(found, "allergic_to")


def test_an_estimate_of_how_often_is_no_guess():
    found = facts("ich geh vielleicht zweimal die Woche schwimmen")
    assert "zweimal Woche schwimmen" in _of_me(found, "routine")
    found = facts("I get migraines maybe once a month and I take sumatriptan for them")
    assert "sumatriptan" in _of_me(found, "takes_medication")


def test_a_guess_silences_only_its_own_clause():
    found = facts("I live in Leeds, maybe I'll move to York")
    assert (ME, "lives_in", "place:leeds") in found
    assert (ME, "lives_in", "place:york") not in found
    found = facts("ich wohn in Kiel, vielleicht zieh ich nach Bonn")
    assert (ME, "lives_in", "place:kiel") in found
    assert (ME, "lives_in", "place:bonn") not in found


# --- a kin word said like a name is someone else ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Oma hat Demenz", ("person:oma", "health_condition", "Demenz")),
        ("opa hat parkinson", ("person:opa", "health_condition", "parkinson")),
        ("Mum has arthritis", ("person:mum", "health_condition", "arthritis")),
    ],
)
def test_a_kin_word_opening_the_clause_is_who_has_the_condition(text, fact):
    found = facts(text)
    assert fact in found
    assert not _of_me(found, "health_condition")


def test_into_is_a_word_of_its_own():
    assert not _of_me(facts("I'm intolerant to lactose"), "prefers")
    assert "bouldering" in _of_me(facts("I'm into bouldering"), "prefers")


# --- the true half of a negation -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("I'm not allergic to nuts, just to shellfish", ("allergic_to", "shellfish")),
        (
            "ich bin nicht gegen Nüsse allergisch, sondern gegen Erdnüsse",
            ("allergic_to", "Erdnüsse"),
        ),
        ("ich bin nicht allergisch auf Katzen, nur auf Hunde", ("allergic_to", "Hunde")),
        ("I'm not on metformin, just on insulin", ("takes_medication", "insulin")),
        ("ich steh nicht auf Techno, eher auf Jazz", ("prefers", "Jazz")),
    ],
)
def test_the_true_half_of_an_elliptical_negation_is_read_in_full(text, fact):
    predicate, value = fact
    found = _of_me(facts(text), predicate)
    assert value in found
    assert len(found) == 1  # the negated half is not stored


@pytest.mark.parametrize(
    "text",
    [
        "Tom is not allergic to cats but to dogs",
        "I'm not allergic to cats, maybe to dogs",
        "would I be allergic to cats, or just to dogs?",
        "I'm not allergic to anything",
    ],
)
def test_someone_elses_a_guessed_or_an_asked_true_half_is_not_the_speakers(text):
    assert not _of_me(facts(text), "allergic_to")


def test_a_kin_word_after_the_relative_was_named_is_that_relative():
    found = facts("Meine Oma Hilde wohnt in Husum", "Oma hat übrigens Demenz")
    assert ("person:hilde", "health_condition", "Demenz") in found
    found = facts("my mum Carol lives in Leeds", "Mum has arthritis")
    assert ("person:carol", "health_condition", "arthritis") in found
    assert not _of_me(found, "health_condition")
