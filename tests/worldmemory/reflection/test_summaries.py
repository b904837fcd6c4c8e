"""A session's extractive summary holds what was told, not the assistant's questions, and a
club or a doctor written in lower case stays one sentence."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.reflection.conftest import say
from worldmemory.reflection import language
from worldmemory.reflection.summaries import _asked_back, extractive_summary

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


def _session(scope, turns: list[tuple[str, str]]):
    start = timezone.now() - timedelta(hours=1)
    return [
        say(scope, text, role=role, at=start + timedelta(minutes=n))
        for n, (role, text) in enumerate(turns)
    ]


@pytest.mark.parametrize(
    "turns",
    [
        [
            ("user", "n'abend."),
            ("assistant", "Guten Abend! Wie war dein Tag?"),
            ("user", "jo. war bei papa im heim in vegesack, er hat nach mama gefragt."),
            ("assistant", "Das klingt schwer. Wie ging es dir damit?"),
            ("user", "boah. ich ruf morgen sabine an, die soll auch mal hinfahren."),
            ("user", "ok danke."),
        ],
        [
            ("user", "hey"),
            ("assistant", "Hi! What's up?"),
            ("user", "lol. my landlord finally fixed the boiler after three weeks."),
            ("assistant", "Finally! How cold did it get?"),
            ("user", "ugh. we're moving out in march anyway, found a flat in leith."),
            ("user", "thx"),
        ],
    ],
)
def test_a_summary_leaves_out_the_assistants_questions(scope, turns):
    summary = extractive_summary(messages=_session(scope, turns))
    said = [s["text"] for s in summary]
    assert said, "something was told"
    assert not [s for s in said if s.endswith("?")]


@pytest.mark.parametrize(
    ("sentence", "role", "asked"),
    [
        ("Und wie fühlt sich das an?", "assistant", True),
        ("How did that go?", "assistant", True),
        ("Soll ich dich am 14. Mai an den Termin bei Dr. Sommer erinnern?", "assistant", False),
        ("Wie heißt die Tierärztin?", "user", False),  # the owner's question is told
        ("Pine then", "user", False),
    ],
)
def test_only_the_assistants_bare_questions_are_left_out(sentence, role, asked):
    assert _asked_back(sentence, role) is asked


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("am samstag spielt st. pauli gegen bremen. ich geh hin.", 2),
        ("war heute bei dr. sommer wegen dem knie. alles gut.", 2),
        ("mrs. patel next door lent us her ladder. so kind.", 2),
    ],
)
def test_a_title_in_lower_case_ends_no_sentence(text, count):
    assert len(language.sentences(text)) == count
