"""An age said right after a name: a relative clause of a birthday just passed ("my daughter
Ruby, who's just turned 9", "unser Sohn Lukas, der gerade 12 geworden ist") is the named one's,
not the one said before; a counted child's bare age may close the sentence with its full stop
("two boys, Sam 8 and Joe 5."); the years in chat or regional spelling ("86 yrs old", "88 johr
alt") say an age as "years old" does."""

from __future__ import annotations

from tests.curator.reading import asserted_triples


def test_a_birthday_just_passed_in_a_relative_clause_is_the_named_ones():
    found = asserted_triples(
        "me, my husband Karl and our kids, Lara who's 12 and Nico who's just turned 4."
    )
    assert ("person:karl", "age", "4") not in found, found
    found = asserted_triples("meine frau Anja und unser sohn Lukas, der gerade 12 geworden ist")
    assert ("person:lukas", "age", "12") in found, found


def test_a_counted_childs_age_may_close_the_sentence():
    found = asserted_triples("we've got two girls, Esme 9 and Ada 6. they love swimming")
    assert {("person:esme", "age", "9"), ("person:ada", "age", "6")} <= found, found


def test_years_in_chat_and_regional_spelling_say_an_age():
    found = asserted_triples("my grandad Stan, 86 yrs old, still does his own garden")
    assert ("person:stan", "age", "86") in found, found
    found = asserted_triples("mei opa Xaver, 88 johr alt, wohnt no in Straubing")
    assert ("person:xaver", "age", "88") in found, found
