"""An employer's name with inner words of its own is kept whole: "am" before the place it is
named for, "and" before two more names; a post at the employer or a weekday is no part of it."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts

ME = "person:me"


def _employers(text: str) -> set[str]:
    return {str(v) for s, p, v in facts(text) if s == ME and p == "works_at"}


@pytest.mark.parametrize(
    ("text", "org"),
    [
        ("ich koch im Gasthaus am Marktplatz, seit drei jahren", "org:gasthaus-am-marktplatz"),
        ("bin pflegerin in der Klinik am Rosengarten", "org:klinik-am-rosengarten"),
        ("i'm a ranger with Parks and Wildlife Service", "org:parks-and-wildlife-service"),
    ],
)
def test_an_employer_named_with_inner_words_is_kept_whole(text, org):
    assert org in _employers(text)


@pytest.mark.parametrize(
    ("text", "org"),
    [
        ("ich arbeite bei Edeka am Empfang", "org:edeka"),
        ("ich arbeite bei Zeiss am Freitag nur halbtags", "org:zeiss"),
        ("i work at Asda and Kevin Moore is my manager", "org:asda"),
    ],
)
def test_a_post_a_day_or_a_person_after_the_name_is_no_part_of_it(text, org):
    assert _employers(text) == {org}


@pytest.mark.parametrize(
    ("text", "org"),
    [
        ("i'm a porter at St Bartholomew's, mostly nights", "org:st-bartholomew-s"),
        ("i work at morrison's on the tills, two years now", "org:morrison-s"),
        ("i'm the cook at St Anne's hospice in Derby", "org:st-anne-s-hospice"),
        ("i work at Baxter's garage, mostly tyres and brakes", "org:baxter-s-garage"),
    ],
)
def test_an_employer_keeps_its_possessive_and_the_kind_after_it(text, org):
    assert _employers(text) == {org}
