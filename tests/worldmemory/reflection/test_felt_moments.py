"""A moment told with its feeling in words no list holds, read by the meaning of its
clauses; a chat's dropped "I" before a verb in the past; "vorhin" and "this afternoon" as
the time of a moment. And what stays no moment: a plain account, a plan looking forward
to something, someone else's feeling.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from tests.conftest import BOTH_DATABASES
from worldmemory.reflection import language as lang
from worldmemory.reflection.enrichment import experience_cue

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)
SAID_AT = datetime(2026, 5, 20, 20, 0, tzinfo=ZoneInfo("Europe/Berlin"))  # a Wednesday


@pytest.mark.parametrize(
    "text",
    [
        "Heute im Supermarkt hat mich eine alte Schulfreundin erkannt, ich war total baff.",
        "Wir sind am Samstag auf den Brocken gewandert, oben war alles im Nebel, aber es war "
        "wunderschön.",
        "Die Prüfung heute lief besser als gedacht, ich bin so froh.",
        "On Sunday I sat by the lake for an hour, it was nice to just be there.",
    ],
)
def test_a_feeling_in_words_no_list_holds_makes_a_moment_an_experience(multilingual, text):
    cue = experience_cue(text=text, said_at=SAID_AT)
    assert cue is not None
    assert "feeling" in cue.reasons


@pytest.mark.parametrize(
    "text",
    [
        "Had my first driving lesson today. Stalled four times at the roundabout, mortified.",
        "Finished the marathon today. Legs destroyed, heart full.",
    ],
)
def test_a_chat_that_drops_the_i_before_a_past_verb_tells_the_owners_moment(multilingual, text):
    cue = experience_cue(text=text, said_at=SAID_AT)
    assert cue is not None
    assert "first person" in cue.reasons


@pytest.mark.parametrize(
    ("text", "day"),
    [
        (
            "Bin vorhin zum ersten Mal die ganzen zehn Kilometer durchgelaufen. Ich kann es "
            "kaum glauben.",
            "2026-05-20",
        ),
        (
            "We finally got the keys to the new place this afternoon! Stood in the empty "
            "living room and just grinned.",
            "2026-05-20",
        ),
    ],
)
def test_vorhin_and_this_afternoon_date_a_moment_to_the_day_it_is_told(multilingual, text, day):
    cue = experience_cue(text=text, said_at=SAID_AT)
    assert cue is not None
    assert cue.when["value"] == day


@pytest.mark.parametrize(
    "text",
    [
        # plain accounts: a time, a place, the owner, and nothing felt
        "Am Montag war ich beim Zahnarzt in der Innenstadt.",
        "Yesterday I sent the forms off at the post office.",
        # the feeling is someone else's
        "Yesterday I picked Tom up from school, he seemed so much happier.",
        # looking forward is a plan, however glad
        "Morgen fahre ich nach Hamburg, ich freu mich so.",
        "Next Saturday we are driving to the coast, I can hardly wait.",
        # a routine told in the past
        "Went to the gym yesterday as usual.",
    ],
)
def test_plain_accounts_plans_and_others_feelings_stay_no_experience(multilingual, text):
    assert experience_cue(text=text, said_at=SAID_AT) is None


@pytest.mark.parametrize(
    ("sentence", "dropped"),
    [
        ("Ran my first 5k this morning.", True),
        ("Just got back from the hospital.", True),
        ("Did my 20 miler yesterday!", True),
        # the dropped subject of "was" is the thing, not the speaker
        ("Was great.", False),
        ("I ran my first 5k this morning.", False),
        ("Lief eigentlich gut.", False),
    ],
)
def test_a_sentence_opening_with_a_past_verb_has_the_speaker_as_its_subject(sentence, dropped):
    assert lang.opens_with_past_verb(sentence) is dropped
