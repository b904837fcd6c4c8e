"""How chat names employers and subjects without capitals or full stops: a German employer in
lower case beside a work verb ("ich arbeite bei siemens", "bei hansen sonnenschutz
angefangen") or after a job and "bei" ("busfahrer bei der üstra"), a name in lower case before
a job's "is" ("kavya is teacher": never the speaker's), a relative's "'s" without its
apostrophe ("me nans got type 2": the nan's), a spoken "-in" for "-ing" after a kin word ("me
gaffer askin": no name), a number's full stop before "and" and a subject ("im 38. and i live
in leeds"), an English clause of the speaker's own run on after a denial ("no im not retiring
im 38"), a diet said in its own word ("im pescatarian": no name, and it outweighs "i dont eat
meat"), and an emoji ending a denial's clause as a comma would."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples as _facts

ME = "person:me"


def _employers(*texts: str) -> set[str]:
    return {obj for subject, predicate, obj in _facts(*texts) if predicate == "works_at"}


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("ich arbeite bei siemens als ingenieur", "org:siemens"),
        ("ich schaff beim daimler", "org:daimler"),
        ("bei der vag arbeite ich seit 2010", "org:vag"),
        ("weil ich seit märz bei der post arbeite", "org:post"),
        ("ich arbeite bei der stadtentwässerung leipzig", "org:stadtentwasserung-leipzig"),
        (
            "ich bin rollladenbauer und hab vor zwei wochen bei hansen sonnenschutz angefangen",
            "org:hansen-sonnenschutz",
        ),
    ],
)
def test_a_german_employer_in_lower_case_beside_a_work_verb(text, employer):
    assert _employers(text) == {employer}


@pytest.mark.parametrize(
    "text",
    [
        "bei der hitze arbeite ich nicht gern",
        "ich arbeite bei meinem onkel in der werkstatt",
        "ich arbeite bei einer firma in köln",
        "bei uns arbeitet keiner gern am wochenende",
    ],
)
def test_what_the_work_is_done_in_or_for_is_no_employer(text):
    assert _employers(text) == set()


def test_a_job_after_a_lower_case_name_and_is_is_not_the_speakers():
    facts = _facts("wife name Kavya. kavya is teacher in a school at tambaram")
    assert not {f for f in facts if f[0] == ME and f[1] == "works_as"}
    assert not {f for f in _facts("jule is erzieherin") if f[0] == ME}
    # the speaker's own job said with "is" stays theirs
    assert (ME, "works_as", "nurse") in _facts("my job is nurse")


def test_a_spoken_ing_after_a_kin_word_is_no_name():
    facts = _facts("need help writin a msg to me gaffer askin for friday off")
    assert not {f for f in facts if f[1] == "relation_to_user"}
    # a name that is a word without a "g" stays a name
    assert ("person:robin", "relation_to_user", "brother") in _facts(
        "my brother robin lives in york"
    )


def test_a_number_closes_its_sentence_before_and_in_english_chat():
    facts = _facts("im 38. and i live in Leeds")
    assert (ME, "age", "38") in facts
    assert (ME, "lives_in", "place:leeds") in facts


def test_the_speakers_own_clause_run_on_after_an_english_denial():
    assert (ME, "age", "38") in _facts("no im not retiring im 38")
    assert (ME, "age", "38") in _facts("no im not a student im 38")
    # German "im" is "in the": what follows it stays denied
    assert not {f for f in _facts("ich wohn nicht mehr im 3. stock in köln") if f[0] == ME}


def test_a_diet_said_in_its_own_word_is_no_name_and_outweighs_meat_refused():
    facts = _facts("i dont eat meat, im pescatarian")
    assert {f for f in facts if f[1] == "diet"} == {(ME, "diet", "pescetarian")}
    assert not {f for f in _facts("hi im Tia, im pescatarian") if f[2] == "Pescatarian"}
    assert (ME, "diet", "vegetarian") in _facts("i dont eat meat")


def test_a_relatives_possessive_without_its_apostrophe_is_theirs():
    facts = _facts("i live with me nan Pauline. me nans got type 2 diabetes")
    assert ("person:pauline", "health_condition", "type 2 diabetes") in facts
    assert not {f for f in facts if f[0] == ME and f[1] == "health_condition"}
    assert ("person:mum", "works_as", "nurse") in _facts("my mums a nurse")


def test_an_emoji_ends_a_denials_clause_as_a_comma_would():
    facts = _facts(
        "bin podologin, da is nix mit frühstück später 😅 und handschuhe muss ich nitril "
        "nehmen wegen meiner latexallergie"
    )
    assert (ME, "allergic_to", "latex") in {(s, p, o.lower()) for s, p, o in facts}


def test_a_firm_by_its_name_after_a_german_job_and_bei():
    facts = _facts("mein mann jörg is busfahrer bei der üstra")
    assert ("person:jorg", "works_at", "org:ustra") in facts
    assert _employers("ich bin kassiererin bei rewe") == {"org:rewe"}
    assert _employers("ich bin krankenschwester bei uns im dorf") == set()
    assert _employers("ich bin verkäuferin beim metzger") == set()
