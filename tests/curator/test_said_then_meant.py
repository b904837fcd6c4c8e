"""A correction naming the wrong word first and the meant one after it ("i said X, i meant
Y", "ich hab X geschrieben, ich meinte Y") replaces the value said before, a relation by the
kin word meant; words after "i meant" that are no value of the slot replace nothing. The
phrasings here are not those of the evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples as _asserted


def _values(found: set, subject: str, predicate: str) -> set:
    return {str(v).lower() for s, p, v in found if s == subject and p == predicate}


@pytest.mark.parametrize(
    ("said", "put_right", "subject", "predicate", "meant"),
    [
        (
            "my girlfriend Priya is joining us for dinner",
            "ugh i said girlfriend, i meant wife, we got married in june",
            "person:priya",
            "relation_to_user",
            "wife",
        ),
        (
            "mein Verlobter Timo kommt auch mit",
            "ich hab verlobter geschrieben, ich meinte mann, wir haben im mai geheiratet",
            "person:timo",
            "relation_to_user",
            "husband",
        ),
        (
            "ich spreche türkisch und englisch",
            "ich hab vorhin türkisch geschrieben, ich meinte griechisch 🙈",
            "person:me",
            "speaks",
            "griechisch",
        ),
    ],
)
def test_the_meant_value_replaces_the_one_said(said, put_right, subject, predicate, meant):
    found = _values(_asserted(said, put_right), subject, predicate)
    assert meant in found
    assert len(found - {"englisch"}) == 1


def test_a_meant_word_of_no_kin_keeps_the_relation():
    found = _asserted("my sister Megan is visiting", "i said sister, i meant the weekend after")
    assert _values(found, "person:megan", "relation_to_user") == {"sister"}
