"""A bare number set off by commas after what someone or a pet is ("she's a quarter horse, 14,
usually chill", "sie ist ne siamkatze, schon 14, und hat …") is their age; a number with a unit
after it ("he's a driver, 5 days a week") is none."""

from __future__ import annotations

from tests.curator.reading import asserted_triples


def test_a_number_after_a_description_is_the_age():
    found = asserted_triples("my gelding Rusty had his jabs", "he's a welsh cob, 19, still sound")
    assert ("pet:rusty", "age", "19") in found, found
    found = asserted_triples(
        "unsere katze Mimi frisst schlecht", "sie ist ne perserin, schon 13, und hat zahnweh"
    )
    assert ("pet:mimi", "age", "13") in found, found
    found = asserted_triples("my uncle Des is a legend, he's a retired docker, 81, and still swims")
    assert ("person:des", "age", "81") in found, found


def test_a_number_with_a_unit_after_a_description_is_no_age():
    found = asserted_triples("my brother Sid is a cabbie", "he's a driver, 5 days a week")
    assert not {t for t in found if t[1] == "age"}, found
