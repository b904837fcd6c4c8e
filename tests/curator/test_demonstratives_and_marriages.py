"""German "der/die ist …" after a name is that person's ("mit dem Hans-Peter, der is
heizungsbauer"), and after no name it is never the speaker's; "verheiratet seit … mit dem X"
names the spouse, the article their side; "geworden"/"turned" without an age is no
birthday."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples

ME = "person:me"


def test_a_demonstrative_after_a_name_is_that_persons():
    triples = asserted_triples("verheiratet seit 2001 mit dem Jörg, der is schreiner")
    assert ("person:jorg", "relation_to_user", "husband") in triples
    assert ("person:jorg", "works_as", "schreiner") in triples
    assert not {t for t in triples if t[0] == ME and t[1] == "works_as"}


def test_the_article_says_which_spouse_a_name_is():
    triples = asserted_triples("bin seit 2012 verheiratet mit der Kim, die arbeitet als Ärztin")
    assert ("person:kim", "relation_to_user", "wife") in triples


def test_a_demonstrative_without_a_name_is_not_the_speaker():
    triples = asserted_triples("ich hab gestern mit Paul telefoniert, der ist Anwalt")
    assert not {t for t in triples if t[0] == ME and t[1] == "works_as"}


@pytest.mark.parametrize(
    "text",
    ["ich war gestern beim Bäcker, der ist echt teuer geworden", "he turned around yesterday"],
)
def test_becoming_something_without_an_age_is_no_birthday(text):
    assert not {t for t in asserted_triples(text) if t[1] == "birthday"}


def test_a_firm_or_town_before_the_demonstrative_is_not_whom_it_means():
    triples = asserted_triples("mein Nachbar Timo pendelt jetzt nach Kiel, der is Elektriker")
    assert not {t for t in triples if t[0] == "person:kiel"}
    assert ("person:timo", "works_as", "Elektriker") in triples
