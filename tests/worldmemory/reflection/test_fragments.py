"""Fragments of a thread: a thread an earlier pass made for a person or a side of a
matter is folded into the matter's thread once a later pass folds its topic into it;
a thread the owner continued in their own words stays."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.reflection.conftest import say
from tests.worldmemory.reflection.test_topics import ROLE, STELLE
from worldmemory.reads.resolution import entity_by_ref
from worldmemory.reflection import enrichment, selectors, threads
from worldmemory.reflection.enrichment import Topic, threads_propose

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

# the matter's turns and the person's among the first three sessions of ROLE and STELLE
CASES = [
    (ROLE, ["role"], {"role": 4}, ["priya"], {"Priya": 3}),
    (STELLE, ["stell"], {"Stelle": 4}, ["katri"], {"Katrin": 3}),
]
MATTER = {0, 2, 4, 5}
PERSON = {1, 3, 5}


def _told(scope, sessions):
    start = timezone.now() - timedelta(days=30)
    told = []
    for number, texts in enumerate(sessions[:3], start=1):
        for offset, text in enumerate(texts[:2]):
            at = start + timedelta(days=7 * number, minutes=offset)
            told.append(say(scope, text, session=f"s-{number}", at=at))
    return told


def _pass(scope, monkeypatch, topics: list[Topic], until) -> None:
    """One run of the thread rules over the turns, with the topics a pass found."""
    monkeypatch.setattr(enrichment, "topics_find", lambda **_: topics)
    monkeypatch.setattr(enrichment, "spaces_propose", lambda **_: [])
    threads_propose(scope=scope, until=until, chat_id="c-1")


def _thread_names(scope) -> list[str]:
    return sorted(
        t.canonical_name for t in selectors.reflection_entities(scope=scope, kind="thread")
    )


@pytest.mark.parametrize(("sessions", "seeds", "said", "person", "named"), CASES)
def test_a_persons_earlier_thread_is_folded_into_the_matter_they_joined(
    scope, monkeypatch, sessions, seeds, said, person, named
):
    told = _told(scope, sessions)
    until = told[-1].occurred_at
    # an earlier pass: the person recurs on their own and gets a thread
    _pass(scope, monkeypatch, [Topic(list(person), set(PERSON), dict(named))], until)
    _pass(scope, monkeypatch, [Topic(list(seeds), set(MATTER), dict(said))], until)
    assert len(_thread_names(scope)) == 2
    # a later pass folds the person into the matter
    matter = Topic(list(seeds), MATTER | PERSON, dict(said), folded=list(person))
    _pass(scope, monkeypatch, [matter], until)
    [thread] = selectors.reflection_entities(scope=scope, kind="thread")
    assert thread.canonical_name == next(iter(said))
    fragment = entity_by_ref(scope=scope, ref=f"thread:topic-{person[0]}")
    assert fragment.pk == thread.pk  # the person's ref now reads as the matter's thread
    rows = selectors.current_by_entity(scope=scope, entity_ids=[thread.pk])[thread.pk]
    entered = {v["message_id"] for v in selectors.values_of(rows, "thread_entry")}
    assert {str(told[i].pk) for i in PERSON} <= entered


@pytest.mark.parametrize(("sessions", "seeds", "said", "person", "named"), CASES)
def test_a_thread_the_owner_continued_stays_when_its_topic_is_folded(
    scope, monkeypatch, sessions, seeds, said, person, named
):
    told = _told(scope, sessions)
    until = told[-1].occurred_at
    _pass(scope, monkeypatch, [Topic(list(person), set(PERSON), dict(named))], until)
    _pass(scope, monkeypatch, [Topic(list(seeds), set(MATTER), dict(said))], until)
    name = next(iter(named))
    # the owner puts a turn into the person's thread in their own words
    later = say(scope, f"{name}: noch ein Gedanke dazu.", session="s-4", at=until)
    placed = threads.thread_place(scope=scope, message_id=later.pk, topic=name)
    assert placed["thread"] == f"thread:topic-{person[0]}"
    matter = Topic(list(seeds), MATTER | PERSON, dict(said), folded=list(person))
    _pass(scope, monkeypatch, [matter], until)
    assert _thread_names(scope) == sorted([name, next(iter(said))])
    assert entity_by_ref(scope=scope, ref=placed["thread"], follow=False).status == "active"
