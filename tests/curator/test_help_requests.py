"""Facts said in passing while asking for help, often typed without capitals or commas: an age
set off by commas after a relative's name ("meine Tochter Lotte, 6, …"), a name before its
noun without commas ("bruno unser beagle kriegt …", "kevin the galah"), a name a tagger reads
as a verb ("lotte ist meine tochter"), breeds and kinds of pet people keep, an employer no
dictionary knows after a job ("cheesemaker at ballyrue farmhouse cheese"), and a job someone
else advertises, which is no job held. The sentences here are not those of the evaluation
set."""

from __future__ import annotations

from datetime import datetime

import pytest

from curator.language.dates import resolve_times
from tests.curator.reading import AT
from tests.curator.reading import asserted_triples as _facts

ME = "person:me"
ANCHOR = datetime.fromisoformat(AT)  # Tuesday, 10 March 2026


@pytest.mark.parametrize(
    ("text", "who", "age"),
    [
        ("für die karte: meine nichte Jule, 9, malt was drauf", "person:jule", "9"),
        ("my nephew Arlo, 11, wants a bike for christmas", "person:arlo", "11"),
        ("Hannes ist mein Sohn, 4, und liebt Bagger", "person:hannes", "4"),
        ("unser Kater Pelle (12) frisst nur noch Nassfutter", "pet:pelle", "12"),
    ],
)
def test_an_age_set_off_after_a_name_its_noun_introduces(text, who, age):
    assert (who, "age", age) in _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "my son Ben, 12 of us went to the match",
        # (a name without its kin or pet noun)
        "lunch with Tom, 12, tomorrow",
    ],
)
def test_a_number_after_a_name_that_closes_nothing_or_lacks_its_noun_is_no_age(text):
    assert not {f for f in _facts(text) if f[1] == "age"}


@pytest.mark.parametrize(
    ("text", "pet", "species"),
    [
        ("kannst du nen zettel schreiben frida unsere katze kriegt abends nassfutter", "pet:frida",
         "cat"),
        ("and max the hamster needs fresh water every day", "pet:max", "hamster"),
        ("no lodger, it's just me and charlie (the dog)", "pet:charlie", "dog"),
    ],
)  # fmt: skip
def test_a_name_before_its_noun_without_commas(text, pet, species):
    assert (pet, "species", species) in _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "heute unser hund war krank",
        "kriegt unser hund futter?",
        "walk the dog at 6",
        "Tom the dog walker comes at 8",
        # (a dialect's "ma" for "my" in a German question)
        "i soll a gschenk kaufa, was schenkt ma da so?",
    ],
)
def test_a_word_of_another_kind_before_the_noun_names_nothing(text):
    assert not {f for f in _facts(text) if f[1] in ("species", "relation_to_user")}


def test_a_name_the_tagger_reads_as_a_verb_is_named_by_the_copula():
    # HanTa reads "lotte" as a finite verb; no verb stands before "ist meine tochter"
    assert ("person:lotte", "relation_to_user", "daughter") in _facts(
        "ach und lotte ist meine tochter, die hilft beim backen"
    )


@pytest.mark.parametrize(
    ("text", "pet", "species", "breed"),
    [
        ("our dog Blue, a kelpie, loves the beach", "pet:blue", "dog", "Kelpie"),
        ("Unser Sittich Paule pfeift den ganzen Tag", "pet:paule", "bird", None),
        ("we have a galah called Cheeky", "pet:cheeky", "bird", "Galah"),
    ],
)
def test_breeds_and_kinds_people_keep(text, pet, species, breed):
    facts = _facts(text)
    assert (pet, "species", species) in facts
    if breed:
        assert (pet, "breed", breed) in facts


def test_a_canary_names_islands_too():
    facts = _facts("Rosa, a canary islands local, runs the cafe")
    assert not {f for f in facts if f[1] == "species"}


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("i'm a baker at quillbrook loaves in york", "org:quillbrook-loaves"),
        ("bin schreinerin, seit 2020 bei holzwerk brammertz in aachen", "org:holzwerk-brammertz"),
        ("bin 41, dachdecker bei bedachungen lorenz in siegen", "org:bedachungen-lorenz"),
    ],
)
def test_an_employer_no_dictionary_knows_after_the_job(text, employer):
    assert (ME, "works_at", employer) in _facts(text)


def test_an_employer_with_its_town_before_the_work_verb():
    assert (ME, "works_at", "org:backstube-renner") in _facts(
        "hab letzte woche bei der backstube renner in bad tölz angefangen"
    )


@pytest.mark.parametrize(
    "text",
    [
        "i'm already on omeprazole for reflux",
        "been promising them for yonks",
        "mein kumpel ist sprengmeister in nem steinbruch bei bad kreuznach",
        # (a firm left unnamed)
        "bin wirtschaftsprüferin bei ner kleineren kanzlei in regensburg",
    ],
)
def test_a_word_no_dictionary_knows_after_no_job_of_ones_own_is_no_employer(text):
    assert not {f for f in _facts(text) if f[1] == "works_at"}


def test_a_name_ends_at_its_last_noun():
    facts = _facts("bin eismeister inne eissporthalle herne seit 2014 schon und mag das")
    assert not {f for f in facts if f[1] == "works_at" and "schon" in f[2]}


@pytest.mark.parametrize(
    "text",
    [
        "beim Theater Lindenhof ist ne Stelle als Bühnenmalerin ausgeschrieben",
        "there's a job as a sous chef advertised at the Crown",
        "ich bewerbe mich auf die Stelle als Disponentin bei Krull",
    ],
)
def test_a_job_someone_else_offers_is_no_job_held(text):
    assert not {f for f in _facts(text) if f[0] == ME and f[1] == "works_as"}


@pytest.mark.parametrize(
    ("text", "who", "condition"),
    [
        ("mein Schwager Udo hat sich beim Fußball den Arm gebrochen", "person:udo",
         "gebrochener Arm"),
        ("ich hab mir gestern den Knöchel verstaucht", ME, "verstauchter Knöchel"),
        ("my sister Jo broke her wrist on the ice", "person:jo", "broken wrist"),
    ],
)  # fmt: skip
def test_an_injury_told_by_its_verb(text, who, condition):
    assert (who, "health_condition", condition) in _facts(text)


@pytest.mark.parametrize(
    "text", ["the glass broke on the floor", "das Eis ist gebrochen", "he broke my heart"]
)
def test_what_breaks_but_no_body_part_is_no_injury(text):
    assert not {f for f in _facts(text) if f[1] == "health_condition"}


def test_beim_and_a_doing_is_no_employer():
    facts = _facts("Ich bin Lehrerin und hab mir beim Joggen das Knie verdreht")
    assert not {f for f in facts if f[1] == "works_at"}


@pytest.mark.parametrize(
    ("text", "who", "job"),
    [
        ("Meine Schwester Ina. Seit März ist sie Filialleiterin.", "person:ina", "Filialleiterin"),
        ("mein schwager ole. dabei ist er nebenbei sogar imker", "person:ole", "imker"),
        ("Ich bin mittlerweile Schichtleiterin.", ME, "Schichtleiterin"),
    ],
)
def test_a_job_after_the_pronoun_its_verb_comes_before_or_after_fillers(text, who, job):
    assert (who, "works_as", job) in _facts(text)


@pytest.mark.parametrize(
    ("text", "home"),
    [
        ("we moved from leeds to york back in may", "place:york"),
        ("bin im märz von kassel nach fulda gezogen", "place:fulda"),
    ],
)
def test_a_move_from_one_town_to_another_in_lower_case_lives_in_the_second(text, home):
    homes = {v for s, p, v in _facts(text) if s == ME and p == "lives_in"}
    assert homes == {home}


def test_a_condition_fronted_is_whose_its_verb_says():
    facts = _facts("die Laktoseintoleranz hat meine Schwester Dörte, nicht ich")
    assert ("person:dorte", "health_condition", "Laktoseintoleranz") in facts
    assert not {f for f in facts if f[0] == ME and f[1] in ("health_condition", "diet")}


@pytest.mark.parametrize(
    "text",
    [
        "ich wohne seit August 2024 in der Lindengasse in Graz",
        "ich wohn mit meiner freundin seit märz in der wohnung in der mühlenstraße in graz",
    ],
)
def test_the_home_and_its_street_are_no_town(text):
    homes = {v for s, p, v in _facts(text) if s == ME and p == "lives_in"}
    assert homes == {"place:graz"}


def test_an_injury_told_as_healed_is_no_condition_now():
    facts = _facts("I broke my wrist in May, the cast came off in July and it's fine")
    assert not {f for f in facts if f[1] == "health_condition"}


@pytest.mark.parametrize(
    ("text", "lang", "day"),
    [
        # a participle without "ge" (an inseparable prefix) tells a past
        ("hab mir am sonntag das handgelenk verstaucht", "de", "2026-03-08"),
        ("er hat sich am Montag verletzt", "de", "2026-03-09"),
        # a table booked is ahead, whatever the tense
        ("ich hab am Samstag nen Tisch bestellt", "de", "2026-03-14"),
        # a participle closes its clause; dictated on, what follows may look ahead
        ("hab ich schon erledigt drittens papa wird am samstag 65", "de", "2026-03-14"),
    ],
)
def test_a_perfect_without_ge_is_past(text, lang, day):
    times = resolve_times(text, anchor=ANCHOR, lang=lang)
    assert [t.valid_from.date().isoformat() for t in times] == [day]
