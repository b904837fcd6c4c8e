"""Nothing stored that nobody said: another's relative said in regional speech is not the
speaker, a habit given up or a medicine no longer taken is not held, a request to write
something down is not part of the routine, and an address, a passive or a course is no
employer. Each case has a sentence that must keep storing what it says."""

from __future__ import annotations

from tests.curator.reading import asserted_triples

ME = "person:me"


def _of(triples: set[tuple], predicate: str) -> set[tuple]:
    return {t for t in triples if t[1] == predicate}


def test_a_swiss_third_person_possessive_makes_the_relative_someone_elses():
    said = asserted_triples("sini fründin Mara schaffet als goldschmiedin z Bern")
    assert (ME, "works_as", "goldschmiedin") not in said
    assert ("person:mara", "works_as", "goldschmiedin") in said


def test_the_missus_is_the_speakers_wife_not_the_speaker():
    said = asserted_triples("the missus Orla's a pharmacist over in Ennis")
    assert ("person:orla", "relation_to_user", "wife") in said
    assert (ME, "works_as", "pharmacist") not in said


def test_a_low_german_pronoun_after_a_name_is_that_person():
    said = asserted_triples("ik bün bi mien süster Tomke, de wohnt in Aurich")
    assert ("person:tomke", "lives_in", "place:aurich") in said
    assert (ME, "lives_in", "place:aurich") not in said


def test_creole_mi_before_a_verb_is_the_speaker():
    said = asserted_triples("mi cousin Jerome come by. mi is a bus driver fi Arriva")
    assert (ME, "works_as", "bus driver") in said
    assert ("person:jerome", "works_as", "bus driver") not in said


def test_a_medicine_no_longer_taken_is_not_held():
    assert not _of(
        asserted_triples("Diclofenac nimm i kei meh, das vertrag i nöd"), "takes_medication"
    )
    assert not _of(
        asserted_triples("Paracetamol nehm ich keins mehr, das hilft eh nicht"),
        "takes_medication",
    )
    assert (ME, "takes_medication", "Paracetamol") in asserted_triples(
        "ich nehme jeden Morgen Paracetamol"
    )


def test_a_pastime_given_up_is_no_hobby_or_routine():
    assert not _of(asserted_triples("Volleyball hab ich aufgegeben"), "hobby")
    assert not _of(asserted_triples("I gave up rugby last spring"), "hobby")
    said = asserted_triples("i stopped the pilates on mondays, now i swim on thursdays")
    assert not any("pilates" in str(t[2]).lower() for t in _of(said, "routine"))
    assert any("swim" in str(t[2]) for t in _of(said, "routine"))


def test_a_request_to_write_something_in_is_not_part_of_the_routine():
    said = _of(
        asserted_triples("und trag noch ein dass ich donnerstags abends immer beim Chor bin"),
        "routine",
    )
    assert said
    assert not any(v.lower().startswith(("trag", "dass")) for _, _, v in said)
    said = _of(asserted_triples("also put in that i play darts every tuesday night"), "routine")
    assert said
    assert not any(v.lower().startswith(("put", "that")) for _, _, v in said)


def test_an_address_a_passive_or_a_course_is_no_employer():
    assert not _of(
        asserted_triples("i'm in flat 9 at Harbour View in Fremantle, been here 3 years"),
        "works_at",
    )
    assert not _of(
        asserted_triples("letztes jahr bin ich vereidigt worden, beim Amtsgericht"), "works_at"
    )
    said = asserted_triples("i'm doing a masters in nursing at Keele, part time")
    assert not _of(said, "works_at")
    assert (ME, "studies_at", "org:keele") in said
    assert (ME, "works_at", "org:edeka") in asserted_triples("bin seit montag bei Edeka")
