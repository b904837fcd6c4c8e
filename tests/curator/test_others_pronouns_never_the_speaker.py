"""Someone else's pronoun that no one named resolves is never the speaker: "they live in
York" after "we live in Leeds", a German demonstrative opening its clause ("meine Nachbarin?
die hat Diabetes"). Whom they point to, when named, still gets the fact. The sentences here
are not those of the evaluation set."""

from __future__ import annotations

from tests.curator.reading import asserted_triples as _facts

ME = "person:me"


def _mine(*texts: str) -> set[tuple]:
    return {f for f in _facts(*texts) if f[0] == ME}


def test_they_of_no_one_named_is_not_the_speaker():
    assert _mine("we live in hull, they live in york") == {(ME, "lives_in", "place:hull")}
    assert not _mine("my cousin Dev and his wife. they live in Perth.")


def test_a_german_demonstrative_of_no_one_named_is_not_the_speaker():
    assert not _mine("meine Nachbarin? die hat Diabetes")
    assert not _mine("der wohnt in Kiel")
    # named before it, the demonstrative is that person
    assert ("person:anna", "health_condition", "Diabetes") in _facts(
        "meine Schwester Anna, die hat Diabetes"
    )


def test_a_diet_after_a_demonstrative_is_not_the_speakers():
    assert not _mine("meine Nachbarin? die isst kein fleisch")
    assert (ME, "diet", "vegetarian") in _facts("ich ess kein fleisch")


def test_where_a_pet_came_from_is_no_name():
    facts = _facts("hab seit samstag nen hund aus rumänien, nen podenco, die heißt lina")
    assert not {f for f in facts if f[0] == "pet:rumanien"}
    assert (ME, "owns", "pet:lina") in facts
