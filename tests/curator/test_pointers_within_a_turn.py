"""A request to forget that points back ("streich das", "forget that") after other sentences
of the same turn points at those sentences, not at everything the turn before said."""

from __future__ import annotations

from tests.curator.reading import my_routines
from tests.curator.test_extract import facts


def test_a_pointer_after_an_ended_habit_leaves_the_turn_before_alone():
    found = my_routines(
        "dienstags spiel ich immer tischtennis",
        "radfahren hatte ich früher auch mal, aber das mach ich nicht mehr. "
        "wenn du das noch gespeichert hast, lösch das",
    )
    assert any("tischtennis" in v for v in found), found


def test_a_pointer_takes_back_what_its_own_turn_said_first():
    found = facts("we got a hamster called Pip last week. actually forget that")
    assert not any("pip" in str(value).lower() for _, _, value in found), found


def test_a_pointer_alone_in_its_turn_still_takes_back_the_turn_before():
    assert not my_routines("ich geh jeden donnerstag zum chor", "vergiss das")


def test_a_topic_named_before_the_pointer_is_the_one_said_in_the_turn_before():
    found = facts(
        "i've got migraines and take sumatriptan for them",
        "thanks. i also teach piano on mondays. and the migraine and sumatriptan bit, "
        "forget that, it's private",
    )
    assert not any(p in ("health_condition", "takes_medication") for _, p, _ in found), found
