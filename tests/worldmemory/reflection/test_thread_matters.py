"""Threads are named by the matter a person keeps coming back to, fed only through
``POST /sources/messages`` and the worker: a colleague named in turns about different
things is someone in the person's life, not a thread; a German participle ("geschüttet",
"geschämt") does not join a noun that only begins like it ("Geschichte")."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.test import override_settings

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.reflection.test_fresh_phrasing import Dialogue
from worldmemory.reflection import language

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)
LONDON = ZoneInfo("Europe/London")


def _titles(chat: Dialogue) -> list[str]:
    return [thread["name"] for thread in chat.objects("thread")]


@override_settings(GD_REFLECTION_ENRICH_SECONDS=0)
def test_a_colleague_named_beside_different_matters_is_no_thread_but_the_matter_is():
    chat = Dialogue("owner-matters-helen")
    start = datetime(2026, 2, 2, 20, 0, tzinfo=LONDON)
    said = [
        [
            "Helen from finance asked me about the quarterly figures before the audit.",
            "Not much else going on, lots of rain all week.",
            "My allotment plot is finally dug over, the soil looks good.",
        ],
        [
            "Helen brought cake for the whole floor because it was her birthday.",
            "Slept badly on Tuesday, the neighbours had a party.",
            "I sowed radishes on the plot today, two long rows.",
        ],
        [
            "Helen is moving to Leeds in spring, her husband got a job there.",
            "Finished the crossword on the bus for once.",
            "The radishes on my plot are coming up nicely after the rain.",
        ],
    ]
    for number, texts in enumerate(said):
        turns = []
        for text in texts:
            turns += [("user", text), ("assistant", "Good to hear.")]
        chat.session(f"s{number + 1}", start + timedelta(days=7 * number), turns)
    titles = _titles(chat)
    assert not any(title == "Helen" for title in titles), titles
    assert any("plot" in title.lower() or "radish" in title.lower() for title in titles), titles


def test_a_participle_does_not_join_a_noun_by_its_ge():
    nouns = language.topic_terms("Die Geschichte mit dem Brennofen war lustig.")
    verbs = language.topic_terms("Ich hab den Kaffee über den Tisch geschüttet.")
    assert "gesch" in nouns
    assert not set(nouns) & set(verbs)
