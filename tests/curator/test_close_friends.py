"""German "meine Freundin" names a partner when the two are together; said with "beste",
"alte" or "gute" it names a friend, even of someone the speaker does things together with.
The sentences here are not those of the evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts


@pytest.mark.parametrize(
    ("text", "ref"),
    [
        ("am samstag grill ich zusammen mit meiner besten freundin Lea", "person:lea"),
        ("mein alter freund Jonte und ich fahren zusammen an die ostsee", "person:jonte"),
    ],
)
def test_a_best_or_old_friend_is_a_friend_whatever_is_done_together(text, ref):
    assert (ref, "relation_to_user", "friend") in facts(text)


def test_a_friend_one_is_together_with_is_still_a_partner():
    found = facts("mein freund Hannes und ich sind seit drei jahren zusammen")
    assert ("person:hannes", "relation_to_user", "partner") in found
