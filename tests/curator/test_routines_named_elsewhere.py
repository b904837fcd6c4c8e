"""A habit whose activity is named in another clause ("reit ihn mittwochs", "we do it every
saturday", "des mach i freitags", "3x die woche bin ich da") names no routine of its own:
stored, it would be a pronoun with a frequency (a pronoun for someone named is that name:
``test_their_habits_and_whom``). The phrasings here are not those of the
evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.test_unseen_people_and_work import _facts, _values

ME = "person:me"


@pytest.mark.parametrize(
    "text",
    [
        "the kids love the allotment, we water it every evening",
        "des mach i sonst imma dienstags",
        "hab jetzt ne gartenparzelle, zweimal die woche bin ich dort",
        "our neighbour's cat is sweet, i feed him every friday",
    ],
)
def test_a_habit_whose_activity_is_named_elsewhere_is_no_routine(text):
    assert not _values(_facts(text), ME, "routine")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("ich geh jeden dienstag schwimmen", {"dienstag", "schwimmen"}),
        ("i walk the dog every morning before work", {"walk", "dog", "morning"}),
        ("i go climbing every thursday, love it", {"climbing", "thursday"}),
        ("quit the gym, it's swimming mon and wed at the lido now", {"swimming", "lido"}),
    ],
)
def test_a_habit_naming_its_activity_stays(text, words):
    values = _values(_facts(text), ME, "routine")
    assert any(words <= set(v.lower().split()) for v in values)
