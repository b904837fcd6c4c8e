"""Recurring topics among the owner's turns: how German compounds and English names that
keep company come together into one topic."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.reflection.conftest import say
from worldmemory.reflection import language
from worldmemory.reflection.enrichment import topic_title, topics_find

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


def _turns(scope, sessions: list[list[str]]):
    start = timezone.now() - timedelta(days=30)
    turns = []
    for number, texts in enumerate(sessions, start=1):
        for offset, text in enumerate(texts):
            at = start + timedelta(days=7 * number, minutes=offset)
            turns.append(say(scope, text, session=f"s-{number}", at=at))
    return turns


def test_a_hobby_told_by_different_compounds_is_one_topic(scope):
    # "Fotokurs", "Fotoclub" and "Fotografie" share no five first letters
    turns = _turns(
        scope,
        [
            ["Heute war ich wieder beim Fotokurs, zwei Stunden lang.", "Das Wetter war grau."],
            ["Im Fotoclub haben wir heute Abzüge gemacht, sehr schön.", "Bruno schläft."],
            ["Ob ich mit der Fotografie nach dem Umzug weitermache, weiß ich nicht."],
        ],
    )
    [topic] = topics_find(turns=turns, vectors=None)
    assert topic.turns == {0, 2, 4}
    assert "Foto" in topic_title(topic)


def test_a_verb_is_not_split_like_a_compound():
    # out of context the word model reads "meditiere" as "Medi" + "Tier"
    assert "medi" not in language.compound_terms("Ich meditiere jetzt jeden Morgen.")
    assert set(language.compound_terms("Die Wohnungssuche in Leipzig nervt.")) >= {"wohnu"}


def test_words_sharing_only_their_first_letters_stay_apart_without_a_compound(scope):
    turns = _turns(
        scope,
        [
            ["Die Medizin vom Arzt hilft mir kaum.", "Das Wetter war grau."],
            ["Ich meditiere jetzt jeden Morgen zehn Minuten."],
            ["Mein Meditationskissen ist endlich angekommen, ganz weich."],
        ],
    )
    for topic in topics_find(turns=turns, vectors=None):
        assert 0 not in topic.turns
