"""A demonstrative after a name saying what the named one is to the speaker, as chat says it:
"Erwin, das ist mein Dackel", "…, thats my dachshund", in Ruhr speech "dat is mein chef" after
a name in lower case behind its article or title ("der erwin", "an herrn pawlak"). The regional
"dat" and "wat" are never names, and a trade behind an article is no name either ("der
bäcker, das ist mein onkel", "ich bin hufschmiedin")."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples as _facts

ME = "person:me"


@pytest.mark.parametrize(
    ("text", "pet", "species"),
    [
        ("Erwin, das ist mein Dackel.", "pet:erwin", "dog"),
        ("walked Erwin in the rain, thats my dachshund", "pet:erwin", "dog"),
        ("der moritz muss zum tierarzt, dat is mein kater", "pet:moritz", "cat"),
    ],
)
def test_a_pet_named_before_a_demonstrative_is_the_speakers(text, pet, species):
    facts = _facts(text)
    assert (pet, "species", species) in facts
    assert (ME, "owns", pet) in facts


@pytest.mark.parametrize(
    ("text", "person", "relation"),
    [
        ("schreib an herrn pawlak, dat is mein chef.", "person:pawlak", "boss"),
        ("hab mit der jolanda telefoniert, das ist meine cousine", "person:jolanda", "cousin"),
        ("I met Raj, that's my cousin", "person:raj", "cousin"),
    ],
)
def test_a_person_named_before_a_demonstrative_is_kin(text, person, relation):
    assert (person, "relation_to_user", relation) in _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "der bäcker, das ist mein onkel",  # a trade behind its article
        "wat soll dat, dat is mein dackel",
        "Schön ist, dass meine Tochter in Jena wohnt.",  # "dass" points back to no one
    ],
)
def test_no_name_is_made_of_a_trade_or_a_regional_word(text):
    facts = _facts(text)
    assert not {f for f in facts if f[0] in ("person:dat", "pet:dat", "person:backer")}
    assert not {f for f in facts if f[0] == "person:schon"}


def test_a_trade_after_ich_bin_is_no_name_even_one_the_tagger_never_saw():
    facts = _facts("ich bin hufschmiedin")
    assert (ME, "works_as", "Hufschmiedin") in facts
    assert not {f for f in facts if f[1] == "name"}
    # a name given as a name stays one
    assert (ME, "name", "Bäcker") in _facts("ich heiße Bäcker")
