"""Whose a fact is, and what a request to forget reaches: someone else's named relative or
pet is theirs (and "he/sie" after it is them); a value said not to hold is no value; "das mit
den Tabletten muss nicht gespeichert werden" reaches the medication however the request is
phrased, "the bit about where X lives" only X's residence; who died is owned no longer; a
correction of one word of a value keeps the rest of it. The phrasings here are not those of
the evaluation set."""

from __future__ import annotations

import pytest
from django.utils import timezone

from curator.pipeline import curate_due
from curator.prefilter import classify
from tests.conftest import BOTH_DATABASES
from tests.curator.test_extract import facts, ops_of
from tests.curator.test_generalisation import _believed
from tests.curator.test_pipeline import LATER, Chat

ME = "person:me"


@pytest.mark.parametrize(
    ("text", "theirs", "not_mine"),
    [
        (
            "his daughter Mia lives in Leeds now",
            ("person:mia", "lives_in", "place:leeds"),
            (ME, "lives_in", "place:leeds"),
        ),
        (
            "Ihr Mann Tobias wohnt in Kiel",
            ("person:tobias", "lives_in", "place:kiel"),
            (ME, "lives_in", "place:kiel"),
        ),
        (
            "seine Katze Minka ist schon 12",
            ("pet:minka", "species", "cat"),
            (ME, "owns", "pet:minka"),
        ),
        (
            "my brother's dog Rex is a nightmare on walks",
            ("pet:rex", "species", "dog"),
            (ME, "owns", "pet:rex"),
        ),
    ],
)
def test_someone_elses_named_relative_or_pet_is_theirs(text, theirs, not_mine):
    found = facts(text)
    assert theirs in found
    assert not_mine not in found
    assert not any(f[1] == "relation_to_user" for f in found)


def test_a_pronoun_after_someone_elses_relative_is_that_relative():
    found = facts("my colleague Jo is lovely. her husband Raj cooks for everyone, he's from Pune")
    assert ("person:raj", "comes_from", "place:pune") in found
    assert (ME, "comes_from", "place:pune") not in found


@pytest.mark.parametrize(
    "text",
    [
        "Meine Schwester Jule ist übrigens nicht Ärztin wie alle immer denken, sie ist "
        "Notfallsanitäterin beim ASB",
        "Mein Cousin Ole ist übrigens nicht Koch wie alle meinen, er ist Konditor",
    ],
)
def test_a_value_said_not_to_hold_is_not_stored(text):
    assert not any(
        f[2] and f[2].split()[0].lower() in ("nicht", "not") for f in facts(text) if f[2]
    )


@pytest.mark.parametrize(
    "request_text",
    [
        "das mit dem Medikament muss nicht gespeichert werden",
        "das mit den Tabletten kannst du wieder streichen",
        "scratch the bit about the medication please",
    ],
)
def test_a_request_to_forget_reaches_the_topic_it_names(request_text):
    fact_id, known = _believed("takes_medication", value="Sertralin")
    made = ops_of(request_text, known=known)
    assert [o["target_fact_id"] for o in made if o["op"] == "invalidate_fact"] == [fact_id]


def test_where_someone_lives_is_forgotten_but_not_who_they_are():
    made = ops_of(
        "my cousin Ellen lives in Hove, we're really close",
        "actually scratch the bit about where Ellen lives, she's private about it",
    )
    stored = {(o["subject_ref"], o["predicate"]) for o in made if o["op"] == "assert_relationship"}
    values = {(o["subject_ref"], o["predicate"]) for o in made if o["op"] == "assert_fact"}
    assert ("person:ellen", "lives_in") not in stored
    assert ("person:ellen", "relation_to_user") in values


def test_a_pet_that_died_is_not_owned_now():
    found = facts("unser Hamster Fips ist gestern gestorben, die Kinder sind traurig")
    assert (ME, "owns", "pet:fips") not in found
    fact_id, known = _believed("owns", object_ref="pet:fips")
    made = ops_of("Fips ist heute Nacht gestorben 😢", known=known)
    assert [o["target_fact_id"] for o in made if o["op"] == "end_fact"] == [fact_id]


def test_a_correction_of_one_word_keeps_the_rest_of_the_value():
    found = facts("our dog Pip is a yorkshire terrier", "border actually, not yorkshire")
    assert ("pet:pip", "breed", "border terrier") in found
    assert ("pet:pip", "breed", "yorkshire terrier") not in found


@pytest.mark.django_db(databases=BOTH_DATABASES)
def test_a_forget_request_without_a_forget_verb_reaches_memory_end_to_end():
    chat = Chat()
    chat.say("Ich wohne in Jena und nehme jeden Abend Metformin")
    curate_due(now=timezone.now() + LATER)
    assert chat.current(ME)["takes_medication"] == "Metformin"
    chat.say("hm, das mit den Tabletten muss nicht gespeichert werden")
    curate_due(now=timezone.now() + LATER)
    current = chat.current(ME)
    assert "takes_medication" not in current
    assert current["→lives_in"] == "place:jena"


@pytest.mark.parametrize(
    ("texts", "fact", "wrong"),
    [
        (
            ("meine Tante ist letztes Jahr nach Graz gezogen. Sie heißt übrigens Waltraud",),
            ("person:waltraud", "lives_in", "place:graz"),
            (ME, "lives_in", "place:graz"),
        ),
        (
            ("My grandad turns 80 on the 4th of June. He's called Arthur and lives in Hull",),
            ("person:arthur", "relation_to_user", "grandfather"),
            (ME, "birthday", "--06-04"),
        ),
    ],
)
def test_kin_named_after_a_pronoun_is_that_person_from_the_first_mention(texts, fact, wrong):
    found = facts(*texts)
    assert fact in found
    assert wrong not in found


def test_a_relative_clause_between_a_name_and_its_verb_is_not_the_subject():
    found = facts("meine Nachbarin Ute, mit der ich oft koche, ist Tierärztin in Celle")
    assert ("person:ute", "works_as", "Tierärztin") in found
    assert (ME, "works_as", "Tierärztin") not in found


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("I'm a waiter at a little place in Camden", (ME, "lives_in", "place:camden")),
        ("wir feiern bei ihrem Heim in Soest", (ME, "lives_in", "place:soest")),
        ("ich studier noch, deshalb hab ich wenig zeit", (ME, "studies", "noch")),
        ("unser hase hat sich mit dem hund gar nicht vertragen", (ME, "owns", "pet:gar")),
    ],
)
def test_no_residence_study_or_pet_from_words_that_name_none(text, wrong):
    assert wrong not in facts(text)


def test_a_list_of_things_to_do_is_one_task_each_with_its_own_deadline():
    found = facts("ich muss bis Mittwoch noch den Antrag abschicken und die Winterreifen wechseln")
    tasks = {f[0] for f in found if f[1] == "status" and f[2] == "open"}
    assert len(tasks) == 2
    dues = {f[0] for f in found if f[1] == "due"}
    assert len(dues) == 1 and "antrag" in next(iter(dues))


def test_done_in_one_clause_closes_only_the_task_it_names():
    made = facts(
        "I have to pay the gas bill by friday, and book the dentist",
        "paid the gas bill already, the dentist is still to do",
    )
    done = {f[0] for f in made if f[1] == "status" and f[2] == "done"}
    assert len(done) == 1 and "gas" in next(iter(done))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "our rabbits are called Bill and Ben",
            {(ME, "owns", "pet:bill"), (ME, "owns", "pet:ben"), ("pet:ben", "species", "rabbit")},
        ),
        (
            "we rescued a scruffy terrier called Pip last year",
            {(ME, "owns", "pet:pip"), ("pet:pip", "species", "dog")},
        ),
        (
            "wir haben seit gestern eine getigerte Katze namens Motte",
            {(ME, "owns", "pet:motte"), ("pet:motte", "species", "cat")},
        ),
    ],
)
def test_pets_named_together_or_after_an_unlisted_adjective_are_the_speakers(text, expected):
    assert expected <= facts(text)


def test_an_age_in_weeks_is_no_age_in_years():
    found = facts("my kitten Nala is 10 weeks old")
    assert ("pet:nala", "age", "10") not in found


def test_a_corrected_year_re_dates_the_believed_value():
    fact_id, known = _believed("works_at", object_ref="org:lidl")
    made = ops_of("I've been at Lidl since 2020", "2018 sorry, not 2020", known=known)
    (op,) = [o for o in made if o["op"] == "assert_relationship" and o.get("corrects_fact_id")]
    assert op["object_ref"] == "org:lidl" and op["valid_from"].startswith("2018-01-01")
    assert op["corrects_fact_id"] == fact_id


@pytest.mark.parametrize(
    ("text", "trigger"),
    [
        ("2016 sorry, not 2018. long week", True),
        ("Dortmund natürlich, nicht Bochum", True),
        ("ok, not sure", False),
        ("haha, nicht schlecht!", False),
    ],
)
def test_an_elliptical_correction_wakes_the_curator(text, trigger):
    assert classify(text=text).trigger is trigger


def test_his_name_is_names_the_kin_just_mentioned():
    found = facts("my cousin's moving to Perth next year, his name's Callum btw")
    assert ("person:callum", "relation_to_user", "cousin") in found


def test_someone_elses_named_pet_wakes_the_curator():
    assert classify(text="her cat Mochi sleeps on my bed all day").trigger


def test_a_compound_of_breed_and_species_and_an_allergy_named_inside_a_compound():
    found = facts(
        "Mein Dackelrüde? Nee, unsere Pudelhündin Lotte hat eine Weizenallergie gegen Dinkel"
    )
    assert {
        (ME, "owns", "pet:lotte"),
        ("pet:lotte", "species", "dog"),
        ("pet:lotte", "breed", "Pudel"),
        ("pet:lotte", "allergic_to", "Dinkel"),
    } <= found


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("seit der kur vertrag ich kein gluten mehr", (ME, "diet", "gluten_free")),
        ("I can't have dairy, it wrecks me", (ME, "diet", "lactose_free")),
        ("rosenkohl hass ich wie die pest", (ME, "dislikes", "Rosenkohl")),
    ],
)
def test_what_one_cannot_eat_or_hates_in_chat_phrasing(text, fact):
    assert fact in facts(text)


@pytest.mark.parametrize(
    ("text", "plan"),
    [
        ("im Mai machen wir endlich die Radtour an der Donau", "Radtour Donau"),
        ("we're finally doing the Iceland trip next spring", "Iceland trip"),
        ("my main plan for 2027 is to learn sailing", "learn sailing"),
    ],
)
def test_a_plan_said_with_the_verb_inverted_an_adverb_or_my_plan_is(text, plan):
    plans = [f[2] for f in facts(text) if f[1] == "plans"]
    assert plans and all(w in plans[0] for w in plan.split())


def test_a_birth_this_week_is_a_full_date_of_the_named_baby():
    found = facts(
        "my neighbour Ana had a little boy, Mateo, born on Monday!",
        at="2026-03-12T10:00:00+00:00",
    )
    assert ("person:mateo", "birthday", "2026-03-09") in found
    assert ("person:ana", "birthday", "--03-09") not in found


def test_that_is_my_friend_after_a_name_is_that_person():
    found = facts("war gestern mit Pia im Kino, das ist meine beste Freundin. die wohnt in Gera")
    assert ("person:pia", "lives_in", "place:gera") in found
    assert (ME, "lives_in", "place:gera") not in found
    assert ("person:raj", "relation_to_user", "cousin") in facts(
        "I met Raj at the gym, that's my cousin"
    )
