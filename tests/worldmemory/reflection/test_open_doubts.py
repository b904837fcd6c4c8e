"""A doubt the owner voices is an open question whatever the reply; voiced again in a later
session it is the same question coming back; the owner's settling words close it — fed
through ``POST /sources/messages`` and the worker only."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.test import override_settings

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.reflection.test_enrichment import Dialogue
from worldmemory.benchmarks.reflection_quality import worker_drain
from worldmemory.reflection import enrichment

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)
BERLIN = ZoneInfo("Europe/Berlin")


@override_settings(GD_REFLECTION_ENRICH_SECONDS=0)
def test_a_voiced_doubt_is_one_open_question_until_the_owner_settles_it():
    chat = Dialogue("owner-open-doubt")
    start = datetime(2026, 3, 28, 19, 45, tzinfo=BERLIN)
    chat.session(
        "tafel-1",
        start,
        [
            ("user", "Die Tafel in Grünau sucht jemanden für die Koordination der Ausgabe."),
            ("assistant", "Das klingt nach einer verantwortungsvollen Aufgabe."),
            ("user", "Ich bin hin- und hergerissen, ob ich mir die Tafel neben dem Job zutraue."),
            # the reply does not hand it back, yet the owner's own words leave it open
            ("assistant", "Die Ausgabe ist dienstags und samstags."),
            ("user", "Und die Wohnung? Immer noch nichts."),
            ("assistant", "Soll ich dir Portale für Zwischenmieten heraussuchen?"),
        ],
    )
    assert worker_drain() == []
    [question] = chat.objects("open_question")
    assert question["turns"] == {"tafel-1-t03"}  # "Und die Wohnung?" opens a topic only
    assert question["name"].startswith("Ich bin hin- und hergerissen")
    assert question["facts"]["question_state"][0]["state"] == "open"

    chat.session(
        "tafel-2",
        start + timedelta(days=14),
        [("user", "Bei der Tafel weiß ich immer noch nicht recht, ob ich das schaffe.")],
    )
    assert worker_drain() == []
    assert [q["ref"] for q in chat.objects("open_question")] == [question["ref"]]

    chat.session(
        "tafel-3",
        start + timedelta(days=42),
        [("user", "Wegen der Tafel: Ich hab zugesagt, aber nur für die Dienstagsausgabe.")],
    )
    assert worker_drain() == []
    [question] = chat.objects("open_question")
    closed = question["facts"]["question_state"][0]
    assert closed["state"] == "answered"
    assert closed["trigger"] == "decided in session tafel-3"


@pytest.mark.parametrize(
    "sentence",
    [
        "Ich glaub, ich weiß jetzt, warum mich Tobias so aufregt.",
        "Jetzt weiß ich, woran es lag: die Heizung war falsch eingestellt.",
        "Beim Arzt hat sich herausgestellt, dass es nur eine Zerrung ist.",
        "Turned out it was the gutter all along, not rising damp.",
        "Now I know why the band felt so heavy: it was never the music.",
        "I found out the course runs on Thursdays, so that's that.",
        "Ich hab rausgefunden, warum der Kessel tropft: das Ventil.",
        "It turned out that the roofer had the wrong flashing.",
        "The damp turned out to be condensation.",
        "Turns out, the course runs on Thursdays.",
    ],
)
def test_a_finding_out_settles_a_doubt(sentence):
    assert enrichment._decision_sentence(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Ich weiß nicht, ob ich das wirklich will.",
        "Ob das jetzt reicht, weiß ich nicht.",
        "I don't know yet whether the course is worth it.",
        "I'm trying to find out whether the flat is still free.",
        "ich weiß jetzt nicht mehr weiter.",
        "ich weiß es jetzt nicht genau.",
        "Jetzt weiß ich auch nicht, ob das reicht.",
        "I haven't found out yet why the boiler leaks.",
        "I haven’t found out why the boiler leaks.",
        "ich hab noch nicht rausgefunden warum.",
        "the party turned out great.",
        "I turned out the lights and went to bed.",
    ],
)
def test_not_knowing_yet_settles_nothing(sentence):
    assert not enrichment._decision_sentence(sentence)
