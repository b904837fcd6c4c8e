"""The prefilter decides deterministically, in German and English, and says why."""

from __future__ import annotations

import pytest

from curator.prefilter import classify

KNOWN = frozenset({"luna", "home-agent"})

TURNS = [
    # (text, expected trigger, immediate)
    ("danke", False, False),
    ("Danke dir!", False, False),
    ("ok", False, False),
    ("Okay", False, False),
    ("passt", False, False),
    ("super", False, False),
    ("haha", False, False),
    ("jaja", False, False),
    ("alles klar", False, False),
    ("👍", False, False),
    ("thx", False, False),
    ("thanks", False, False),
    ("Wie spät ist es?", False, False),
    ("Und dann?", False, False),
    ("Wann bekommt Luna ihr Futter?", False, False),
    ("What time is it in Tokyo?", False, False),
    ("Kannst du das kurz zusammenfassen?", False, False),
    ("Klingt gut", False, False),
    ("Merk dir: der Schlüssel liegt unter der Matte", True, True),
    ("merk's dir bitte, ich heiße Basti", True, True),
    ("Remember that my sister's birthday is in May", True, True),
    ("Vergiss das mit dem Zahnarzt", True, True),
    ("Please forget what I said about the car", True, True),
    ("Ab jetzt antwortest du auf Deutsch", True, False),
    ("Ab sofort nutze ich uv statt pip", True, False),
    ("Ich trinke nie Kaffee nach 16 Uhr", True, False),
    ("Eigentlich bekommt Luna um 18 Uhr Futter", True, False),
    ("Actually, the meeting is on Thursday", True, False),
    ("From now on, write tests first", True, False),
    ("I always use dark mode", True, False),
    ("Nicht Dienstag, sondern Mittwoch", True, False),
    ("Luna ist meine Katze", True, False),
    ("Mein Hund heißt Bello", True, False),
    ("Anna is my sister", True, False),
    ("Das Repo home-agent gehört zu Acme", True, False),
    ("Sie bekommt um 19 Uhr Futter", True, False),
    ("I prefer short answers", True, False),
    ("Bitte immer mit Quellen antworten", True, False),
    ("Ich muss noch die Steuer machen bis Freitag", True, False),
    ("Remind me to call Anna", True, False),
    ("Wir haben uns entschieden für Postgres", True, False),
    ("Luna schläft gerade auf dem Sofa im Wohnzimmer", True, False),
]


@pytest.mark.parametrize(("text", "trigger", "immediate"), TURNS)
def test_turn_decisions(text, trigger, immediate):
    decision = classify(text=text, known_aliases=KNOWN)
    assert (decision.trigger, decision.immediate) == (trigger, immediate), decision.reason
    assert decision.reason


def test_tool_calls_decide_by_kind():
    edit = classify(text="done", role="assistant", tool_calls=[{"name": "edit_file"}])
    assert edit.trigger and edit.reason == "consequential tool call"
    read = classify(
        text="Hier sind die Dateien im Ordner src",
        role="assistant",
        tool_calls=[{"name": "list_files"}, {"name": "read_file"}],
    )
    assert not read.trigger and read.reason == "only read-only tool calls"


def test_at_least_forty_turns_are_covered():
    assert len(TURNS) >= 40
    assert {t[1] for t in TURNS} == {True, False}


@pytest.mark.parametrize("text", ["Das ist gut so", "Hier sind drei Vorschläge", "It is fine"])
def test_sentence_starts_are_not_names(text):
    assert not classify(text=text, known_aliases=KNOWN).trigger


@pytest.mark.parametrize(
    "text",
    [
        "ach flocke ist ein meerschweinchen, kein hase, mein sohn würde mich killen 😂 gilt das?",
        "wait sorry, Dallas! not Austin. they're all the same to me lol",
    ],
)
def test_what_something_is_then_what_it_is_not_is_curated_even_in_a_question(text):
    assert classify(text=text).trigger
