"""How a deadline's words set its day and name its task: "before June" leaves May, "by June"
and "bis Ende Juni" the whole of June; "the car's MOT is due" names the car's MOT, not "s MOT"."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples


@pytest.mark.parametrize(
    ("text", "due"),
    [
        ("gotta get the visa sorted before june", "2026-05-31"),
        ("die Bewerbung muss ich vor Juli abschicken", "2026-06-30"),
        ("i have to finish the quilt by june", "2026-06-30"),
        ("die Garage muss ich bis Ende April ausräumen", "2026-04-30"),
    ],
)
def test_a_months_deadline_leaves_the_days_its_words_give(text, due):
    dues = {value for _, predicate, value in asserted_triples(text) if predicate == "due"}
    assert dues == {due}


def test_a_thing_due_is_named_with_its_owner():
    triples = asserted_triples("oh and the van's service is due on the 20th")
    assert ("task:van-service", "due", "2026-03-20") in triples
