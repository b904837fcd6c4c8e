"""A sentence that opens on a finite verb with no subject goes on about whom the sentence
before was about when the verb is in the third person ("Meine Tante Uschi wohnt in Celle.
Arbeitet da als Hebamme.", "my cousin Niamh lives in Derry. is a midwife"); a first-person
verb ("bin", "arbeite") is the speaker's, and a third-person one after a sentence about
several people is no one's the window can tell."""

from __future__ import annotations

from tests.curator.reading import asserted_triples


def test_a_third_person_verb_goes_on_about_the_person_before():
    found = asserted_triples("Meine Tante Uschi wohnt in Celle. Arbeitet da als Hebamme.")
    assert ("person:uschi", "works_as", "Hebamme") in found, found
    found = asserted_triples("Mein Cousin Malte wohnt in Husum. Ist Tischler.")
    assert ("person:malte", "works_as", "Tischler") in found, found
    assert not any(s == "person:me" and p == "works_as" for s, p, _ in found), found
    found = asserted_triples("my cousin Niamh lives in Derry. is a midwife.")
    assert ("person:niamh", "works_as", "midwife") in found, found
    found = asserted_triples("my brother Cal lives in Hull. works as an electrician.")
    assert ("person:cal", "works_as", "electrician") in found, found


def test_a_first_person_verb_stays_the_speakers():
    found = asserted_triples("Mein Cousin Malte wohnt in Husum. Bin Tischlerin.")
    assert ("person:me", "works_as", "Tischlerin") in found, found
    assert not any(s == "person:malte" and p == "works_as" for s, p, _ in found), found


def test_a_third_person_verb_after_several_people_is_nobodys():
    found = asserted_triples("Mein Bruder Ole und ich wohnen in Kiel. Ist Lotse.")
    assert not any(p == "works_as" for _, p, _ in found), found
    found = asserted_triples("me and my sister Kez live in Hull. is a plasterer.")
    assert not any(p == "works_as" for _, p, _ in found), found


def test_a_dropped_it_after_the_speaker_leaves_the_speakers_home():
    found = asserted_triples("wohnungssuche vorbei! ist jetzt ne 2er-WG in Gießen")
    assert ("person:me", "lives_in", "place:giessen") in found, found
