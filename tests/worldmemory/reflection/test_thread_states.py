"""Thread states set by the dialogue alone: resolved by the owner's words, dormant after a
silence, active again when mentioned — fed through ``POST /sources/messages`` and the
worker, the states read back from the store with their triggers and evidence."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.test import override_settings
from django.utils import translation

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.reflection.test_enrichment import Dialogue
from worldmemory import labels
from worldmemory.benchmarks.reflection_quality import worker_drain

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)
BERLIN = ZoneInfo("Europe/Berlin")
LONDON = ZoneInfo("Europe/London")


def _thread(chat: Dialogue, word: str) -> dict:
    [found] = [t for t in chat.objects("thread") if word.casefold() in t["name"].casefold()]
    return found


def _state(thread: dict) -> dict:
    [state] = thread["facts"]["thread_state"]
    return state


def _talk(chat: Dialogue, chat_id: str, at: datetime, said: list[str]) -> None:
    turns = []
    for text in said:
        turns += [("user", text), ("assistant", "Erzähl ruhig weiter.")]
    chat.session(chat_id, at, turns)
    assert worker_drain() == []


@override_settings(GD_REFLECTION_ENRICH_SECONDS=0, GD_REFLECTION_THREAD_DORMANT_DAYS=60)
def test_a_thread_falls_dormant_after_a_silence_and_is_resolved_by_the_owners_words():
    chat = Dialogue("owner-thread-states")
    march = datetime(2026, 3, 2, 20, 0, tzinfo=BERLIN)
    _talk(
        chat,
        "foto-1",
        march,
        [
            "Im Fotokurs haben wir heute Porträts im Studio geübt, mit richtigem Licht.",
            "Der Fotokurs macht mir Spaß, nächste Woche lernen wir die Dunkelkammer kennen.",
        ],
    )
    _talk(
        chat,
        "foto-2",
        march + timedelta(days=7),
        ["Im Fotokurs habe ich meinen ersten Film in der Dunkelkammer entwickelt."],
    )
    foto = _thread(chat, "Fotokurs")
    assert _state(foto)["state"] == "active"

    may = datetime(2026, 5, 20, 20, 0, tzinfo=BERLIN)
    for week, said in enumerate(
        [
            [
                "Ich suche eine Wohnung in Gohlis, die Besichtigung am Freitag war voll.",
                "Eine Wohnung mit Balkon für Bruno und mich, das wäre schön.",
            ],
            ["Die Wohnung in Gohlis mit Balkon wäre perfekt, ich warte auf die Zusage."],
        ]
    ):
        _talk(chat, f"wohnung-{week + 1}", may + timedelta(days=7 * week), said)
    # eleven weeks without a word about the course, while the owner went on talking
    foto = _thread(chat, "Fotokurs")
    assert _state(foto)["state"] == "dormant"
    assert _state(foto)["trigger"] == "not mentioned since 2026-03-09"
    with translation.override("de"):  # what the pages say of it
        assert labels.say(_state(foto)["trigger"]) == "seit 9. März 2026 nicht mehr erwähnt"
    wohnung = _thread(chat, "Wohnung")
    assert _state(wohnung)["state"] == "active"

    _talk(
        chat,
        "wohnung-3",
        may + timedelta(days=14),
        ["Die Wohnungssache hat sich erledigt: gestern den Mietvertrag für Gohlis unterschrieben."],
    )
    wohnung = _thread(chat, "Wohnung")
    resolved = _state(wohnung)
    assert resolved["state"] == "resolved"
    assert resolved["trigger"] == "settled in session wohnung-3"
    assert len(resolved["sources"]) == 1  # the turn that settled it is its evidence
    assert "wohnung-3-t01" in wohnung["turns"]

    # the course comes up again: the thread wakes, the settled flat stays settled
    _talk(
        chat,
        "foto-3",
        may + timedelta(days=21),
        ["In Leipzig habe ich eine Dunkelkammer gefunden, der Fotokurs geht weiter."],
    )
    assert _state(_thread(chat, "Fotokurs"))["state"] == "active"
    assert _state(_thread(chat, "Wohnung"))["state"] == "resolved"


# the rest of each evening, so that the band is not all the owner ever talks about
ASIDES = [
    "The client meeting at the studio ran long, the new logo needs another round.",
    "Made a big pot of lentil soup, enough for the whole week.",
    "My cousin in Leeds is getting married in September.",
    "The boiler broke again, the landlord says someone comes on Monday.",
    "Finished that crime novel about the lighthouse keeper, great ending.",
    "Tried the new bakery on the corner, their sourdough is excellent.",
]


def _evening(chat: Dialogue, chat_id: str, at: datetime, said: str, aside: str) -> None:
    reply = "Only you can weigh that."
    chat.session(chat_id, at, [("user", said), ("assistant", reply), ("user", aside)])
    assert worker_drain() == []


@override_settings(GD_REFLECTION_ENRICH_SECONDS=0)
def test_only_the_owners_own_settling_resolves_a_thread_and_a_new_doubt_reopens_it():
    chat = Dialogue("owner-thread-resolve-en")
    start = datetime(2026, 2, 10, 19, 0, tzinfo=LONDON)
    said = [
        "Band practice ran late again, the band argued about the setlist for an hour.",
        "I'm seriously considering quitting the band after the gig in April.",
        "The band played well at practice tonight, but I still haven't worked it out.",
    ]
    for week, text in enumerate(said):
        _evening(chat, f"band-{week + 1}", start + timedelta(days=7 * week), text, ASIDES[week])
    band = _thread(chat, "band")
    assert _state(band)["state"] == "active"

    # someone else's decision settles nothing of the owner's
    decided = "Jess has decided the band needs a new drummer."
    _evening(chat, "band-4", start + timedelta(days=28), decided, ASIDES[3])
    assert _state(_thread(chat, "band"))["state"] == "active"

    settled = "Talked to Jess about the band. We've sorted it out: I'm staying."
    _evening(chat, "band-5", start + timedelta(days=35), settled, ASIDES[4])
    band = _thread(chat, "band")
    assert _state(band)["state"] == "resolved"
    assert _state(band)["trigger"] == "settled in session band-5"

    doubt = "Not sure the band is right for me after all, practice was awful again."
    _evening(chat, "band-6", start + timedelta(days=42), doubt, ASIDES[5])
    band = _thread(chat, "band")
    assert _state(band)["state"] == "reopened"
    assert _state(band)["trigger"] == "raised again in session band-6"
