"""Northern English, Scots and Bavarian chat, German trades named by a compound, and drugs
named by their stem: "am 58, joiner in hexham" (a clause's "am" is "I'm"), "ma pal Moiras
boy Callum" (a name's "'s" without its apostrophe, and "boy" for a son), "mei schwester die
wiebke" (a name said with its article beside a relative or a pet), "i nimm ramipril"
(the first person with the imperative's vowel), "i bin korbmacher" (a compound whose last
word names the trade), "nehme jetzt Pregabalin" (a stem international drug names are built
on). The sentences here are not those of the evaluation set."""

from __future__ import annotations

import pytest

from curator.extract import lexicon as lx
from curator.extract.dialect import standard_speech
from tests.curator.reading import asserted_triples as _facts

ME = "person:me"


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("am 58, joiner in hexham", "I'm 58, joiner in hexham"),
        ("off work today so am bored", "off work today so I'm bored"),
        ("aye. am no sure", "aye. I'm not sure"),
        # a question's "am i", and "am" after a time or a subject, stay
        ("am i allowed cheese on a low fodmap diet", "am i allowed cheese on a low fodmap diet"),
        ("the bus goes at 7 am every day", "the bus goes at 7 am every day"),
        ("i am 58", "i am 58"),
    ],
)
def test_an_english_clause_opened_by_am_is_the_speaker(written, read):
    assert standard_speech(written, lang="en").text == read


def test_the_speakers_age_and_job_after_a_clause_opening_am():
    facts = _facts("need a hand wi a birthday card, am 58, joiner in hexham")
    assert (ME, "age", "58") in facts
    assert (ME, "works_as", "joiner") in facts


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("ma pal Moiras boy Callum", "my pal Moira's son Callum"),
        ("my aunt Bernadettes birthday is on friday", "my aunt Bernadette's birthday is on friday"),
        # a name that ends in "s" itself, and a word the lexicon knows, stay
        ("my nephew Jonas birthday is on friday", "my nephew Jonas birthday is on friday"),
        ("Thanks man, that helps", "Thanks man, that helps"),
        ("my boy scout days", "my boy scout days"),
    ],
)
def test_a_names_possessive_without_its_apostrophe(written, read):
    assert standard_speech(written, lang="en").text == read


def test_a_relative_named_by_someone_elses_possessive_is_theirs():
    facts = _facts("my aunt Bernadettes birthday is on the 14th of may")
    assert ("person:bernadette", "relation_to_user", "aunt") in facts
    assert not {f for f in facts if f[0] == "person:bernadettes"}
    assert ("person:callum", "works_as", "electrician") in _facts(
        "ma pal Moiras boy Callum is an electrician"
    )
    assert ("person:ewan", "relation_to_user", "son") in _facts("my boy Ewan is 12")


@pytest.mark.parametrize(
    "trade",
    ["Korbmacher", "Maschinenführerin", "Kioskbetreiberin", "Schriftsetzerin", "Kunstschlosser"],
)
def test_a_german_compound_naming_a_trade_by_its_last_word(trade):
    assert lx.is_occupation(trade.lower())
    assert (ME, "works_as", trade) in _facts(f"ich bin {trade} und wohne in Erfurt")


def test_a_pastime_compound_and_a_leader_are_no_trade():
    assert not lx.is_occupation("hobbymaschinenführer")
    assert not lx.is_occupation("anführer")


def test_a_bavarian_first_person_said_with_the_imperatives_vowel():
    assert standard_speech("i nimm grad ramipril", lang="de").text == "ich nehme grad ramipril"
    assert (ME, "takes_medication", "Ramipril") in _facts("i nimm grad Ramipril, in da fruah")
    # the imperative itself is no one's
    assert not _facts("nimm doch a Ibuprofen")


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("ich nehme jetzt Pregabalin gegen die Nervenschmerzen", "Pregabalin"),
        ("i take omeprazole every morning before breakfast", "omeprazole"),
        ("seit dem Infarkt nehm ich Apixaban", "Apixaban"),
        ("im on nifedipine for my blood pressure", "nifedipine"),
    ],
)
def test_a_drug_named_by_a_stem_of_international_drug_names(text, drug):
    assert (ME, "takes_medication", drug) in _facts(text)


def test_a_word_ending_like_a_drug_stem_but_no_drug():
    assert not {f for f in _facts("my cholesterol is a bit high") if f[1] == "takes_medication"}


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("mei schwester die wiebke wohnt in passau", "meine schwester wiebke wohnt in passau"),
        ("ich hab einen kater, den felix", "ich hab einen kater felix"),
        ("unser hund de bruno buddelt alles um", "unser hund bruno buddelt alles um"),
        # a relative clause, and a regional verb after the article, stay
        (
            "meine schwester, die jetzt in passau wohnt",
            "meine schwester, die jetzt in passau wohnt",
        ),
        ("meine schwester, die ärztin ist", "meine schwester, die ärztin ist"),
        ("mei mo, der hod a neis auto", "mein mann, der hat a neis auto"),
    ],
)
def test_a_german_name_said_with_its_article_beside_a_relative_or_pet(written, read):
    assert standard_speech(written, lang="de").text == read


def test_the_relative_and_the_pet_named_with_an_article_are_read():
    facts = _facts("mei schwester die wiebke wohnt in passau")
    assert ("person:wiebke", "relation_to_user", "sister") in facts
    assert ("person:wiebke", "lives_in", "place:passau") in facts
    assert not {f for f in facts if f[0] == "person:schwester"}
    assert (ME, "owns", "pet:felix") in _facts("ich hab einen kater, den felix")


def test_sugar_had_is_diabetes_and_a_girl_of_ones_own_a_daughter():
    facts = _facts("mei mann der sepp hat an zucker, drum koch i gsund")
    assert ("person:sepp", "health_condition", "Diabetes") in facts
    # sugar bought or stirred in is followed by more than the clause's end
    assert not {f for f in _facts("ich hab zucker gekauft") if f[1] == "health_condition"}
    assert ("person:vroni", "relation_to_user", "daughter") in _facts(
        "mei madl die vroni wohnt in rosenheim"
    )


def test_a_scottish_stay_is_where_one_lives():
    assert (ME, "lives_in", "place:paisley") in _facts("i stay in paisley wi ma da")
    # a thing stayed in is no home
    assert not {f for f in _facts("i stay in bed on sundays") if f[1] == "lives_in"}


def test_a_bday_is_a_birthday():
    assert (ME, "birthday", "--07-19") in _facts("my bday is 19 july, any ideas for dinner")
    # a gift or a habit named by it says no day: the birthday is the one turned
    facts = _facts("need a bday gift for her, my niece Ana is turning 9 on the 14th of may")
    assert {f for f in facts if f[1] == "birthday"} == {("person:ana", "birthday", "--05-14")}


def test_a_bavarian_de_opening_a_clause_is_the_woman_just_named():
    facts = _facts("mei tante vroni is 88, und de wohnt no allweil alloa in ihrm haisl in passau")
    assert ("person:vroni", "lives_in", "place:passau") in facts
    assert not {f for f in facts if f[2] == "place:ihrm"}


def test_the_speakers_home_said_before_where_they_live():
    assert (ME, "lives_in", "place:frome") in _facts("frome is where i live, so not far")
    assert (ME, "lives_in", "place:leith") in _facts("Leith, thats where we live")
    assert not {f for f in _facts("here is where i live") if f[1] == "lives_in"}


def test_a_liking_said_as_being_mad_about_something_is_whose_clause_it_is():
    assert (ME, "prefers", "halloumi") in _facts("im obsessed with halloumi")
    assert (ME, "prefers", "salzlakritz") in _facts("ich bin total verrückt nach salzlakritz")
    facts = _facts("my niece Nadia is great, she's mad about italian food.")
    assert ("person:nadia", "prefers", "italian food") in facts
    # of no one named, no one's: never the speaker's
    assert not {f for f in _facts("she's mad about italian food") if f[1] == "prefers"}


def test_what_one_does_after_ones_age_is_no_job():
    facts = _facts("am 63, work nights at the bakery on the pasty line")
    assert (ME, "age", "63") in facts
    assert not {f for f in facts if f[1] == "works_as"}
