"""How people actually phrase what the curator reads least well: requests to forget, likes
and dislikes, health, routines, negated and hypothetical facts, and other people's facts. Each
rule is held to phrasings of its own (none from the evaluation set) and to sentences it must
leave alone, since a false memory is worse than a missed one."""

from __future__ import annotations

import pytest

from curator.prefilter import classify
from tests.curator.test_extract import facts, ops_of
from tests.curator.test_generalisation import _believed

ME = "person:me"


def _invalidated(text: str, *, predicate: str, value: str) -> bool:
    fact_id, known = _believed(predicate, value=value)
    return any(
        o["op"] == "invalidate_fact" and o["target_fact_id"] == fact_id
        for o in ops_of(text, known=known)
    )


# --- requests to forget ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "request_text",
    [
        "can you delete the medication info",
        "erase the part about sertraline",
        "please remove the sertraline from your memory",
        "I'd rather you didn't store my medication",
        "forget what I said about my meds",
        "das mit den Tabletten will ich nicht gespeichert haben",
        "Ich möchte nicht, dass du dir das mit dem Sertralin merkst",
        "merk dir das mit dem Sertralin lieber nicht",
        "Sertralin bitte wieder rausnehmen",
        "entferne das mit dem Sertralin",
    ],
)
def test_a_request_to_forget_reaches_the_medication_however_it_is_phrased(request_text):
    assert _invalidated(request_text, predicate="takes_medication", value="Sertralin")
    assert classify(text=request_text).trigger


def test_a_forgotten_fact_of_the_same_window_is_not_stored():
    found = facts("I take sertraline every morning. I live in Leeds", "erase the sertraline bit")
    assert (ME, "takes_medication", "sertraline") not in found
    assert (ME, "lives_in", "place:leeds") in found
    found = facts("Ich nehme Sertralin und wohne in Jena", "den Wohnort bitte löschen")
    assert (ME, "lives_in", "place:jena") not in found
    assert (ME, "takes_medication", "Sertralin") in found


@pytest.mark.parametrize(
    "text",
    [
        "Meine Praxis ist 10 km entfernt",
        "Ich muss am Wochenende die Küche streichen",
        "Den alten Job behalte ich nicht, ich kündige",
        "Das Haus behalten wir nicht, wir ziehen im Mai um",
        "I get my sertraline from the pharmacy",
    ],
)
def test_words_near_a_forget_request_forget_nothing(text):
    assert not _invalidated(text, predicate="takes_medication", value="Sertralin")


@pytest.mark.parametrize(
    ("said", "asked"),
    [
        (
            "I take sertraline. I go to choir on Tuesdays",
            "please forget the sertraline. I'd rather you didn't keep it",
        ),
        (
            "I take sertraline. I go to choir on Tuesdays",
            "scratch the medication bit. don't store that",
        ),
        (
            "Ich nehme Sertralin. Dienstags geh ich zum Chor",
            "vergiss das mit dem Sertralin. Bitte nicht speichern",
        ),
    ],
)
def test_a_pointer_after_a_named_topic_forgets_only_that_topic(said, asked):
    found = facts(said, asked)
    assert not any(f[1] == "takes_medication" for f in found)
    assert any(f[1] == "routine" for f in found)
