"""An employer after "im"/"am" is known by the head of its compound ("im Sägewerk Huber",
"am Landgericht Gera", "beim Finanzamt Kiel", "im Weingut Knipser", "am Museum Folkwang"),
when a job or a verb of work is said; a visit there ("waren im Museum Ludwig") names none."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts

ME = "person:me"


def _employers(text: str) -> set[str]:
    return {str(o) for s, p, o in facts(text) if s == ME and p == "works_at"}


@pytest.mark.parametrize(
    ("text", "org"),
    [
        ("ich schaff seit zehn jahren im Sägewerk Huber", "org:sagewerk-huber"),
        ("bin Justizwachtmeisterin am Landgericht Gera", "org:landgericht-gera"),
        ("ich arbeite seit 2019 im Weingut Knipser", "org:weingut-knipser"),
        ("bin Restauratorin am Museum Folkwang", "org:museum-folkwang"),
    ],
)
def test_an_employer_known_by_the_head_of_its_compound(text, org):
    assert org in _employers(text)


@pytest.mark.parametrize(
    "text",
    [
        "wir waren gestern im Museum Ludwig, war toll",
        "war heute im Klinikum Fulda zur Untersuchung",
        "ich arbeite im Handwerk, seit der Lehre",
    ],
)
def test_a_visit_or_a_trade_names_no_employer(text):
    assert not _employers(text)


@pytest.mark.parametrize(
    ("text", "org"),
    [
        ("ich arbeite bei der Kreisverwaltung Gotha im Ordnungsamt", "org:kreisverwaltung-gotha"),
        ("bin pfleger im Klinikum Fulda und gestern war die hölle los", "org:klinikum-fulda"),
    ],
)
def test_a_department_after_the_employer_or_a_later_was_keeps_the_employer(text, org):
    assert _employers(text) == {org}
