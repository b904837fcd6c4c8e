"""A German task is named as the speaker would write it on a list: without the adverbs of
haste and repetition before it ("nochmal", "schnell"), the preposition of a visit ("zur"), and
the auxiliary of a perfect infinitive after it ("gemacht haben"). The phrasings here are not
those of the evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.reading import my_tasks


@pytest.mark.parametrize(
    ("text", "task"),
    [
        ("muss bis freitag nochmal die akten sortieren", "task:akten-sortieren"),
        ("muss am donnerstag schnell die übergabe vorbereiten", "task:ubergabe-vorbereiten"),
        (
            "bis zum 30.6. muss ich den erste-hilfe-kurs gemacht haben",
            "task:erste-hilfe-kurs-gemacht",
        ),
        (
            "bis ende mai muss ich die zwischenprüfung bestanden haben",
            "task:zwischenprufung-bestanden",
        ),
        ("muss bis zum 20. juni noch zur wurmkur", "task:wurmkur"),
    ],
)
def test_a_task_is_named_without_the_words_at_its_edges(text, task):
    assert task in my_tasks(text)
