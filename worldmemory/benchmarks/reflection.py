"""``gd_bench reflection``: the context block with the reflection tiers, and source recall.

One owner gets 20 spaces, 200 threads and a year of dialogue (one session a day, six
turns each, an experience per day), written through the services as in real use.
Measured in the process: the block for a session with a plain present-tense message
(session → space) and with a question about a past day (down to the sources), and
``recall_sources`` for that question.
"""

from __future__ import annotations

import statistics
import time
from datetime import UTC, datetime, timedelta

from worldmemory.context import build_context
from worldmemory.models import Entity
from worldmemory.reflection import continuity, promotion, threads
from worldmemory.reflection.recall import sources_recall
from worldmemory.sources import IncomingMessage, messages_ingest
from worldmemory.tenancy import owner_scope

OWNER = "bench-reflect"
DAYS, TURNS, SPACES, THREADS = 365, 6, 20, 200
START = datetime(2025, 1, 1, 8, tzinfo=UTC)
TOPICS = ["Meditation", "Schreiben", "Laufen", "Familie", "Arbeit"]


def _percentiles(samples: list[float]) -> str:
    cut = statistics.quantiles(sorted(samples), n=100, method="inclusive")
    return f"p50 {cut[49]:6.1f} ms   p95 {cut[94]:6.1f} ms   p99 {cut[98]:6.1f} ms"


def _load(write) -> None:
    with owner_scope(OWNER) as scope:
        if Entity.objects.filter(owner_sub=OWNER, kind_id="experience").exists():
            return
        started = time.perf_counter()
        first = messages_ingest(
            scope=scope,
            messages=[
                IncomingMessage("seed", "seed", "user", "user", "Anfang.", START - timedelta(1))
            ],
        ).new[0]
        spaces = [
            threads.space_resolve(scope=scope, name=f"{TOPICS[i % 5]} {i}", message=first)[0]
            for i in range(SPACES)
        ]
        names = [f"{TOPICS[i % 5]}faden {i}" for i in range(THREADS)]
        for index, name in enumerate(names):
            threads.thread_place(
                scope=scope, message_id=first.pk, topic=name, space_ref=spaces[index % SPACES]
            )
        for day in range(DAYS):
            moment = START + timedelta(days=day)
            topic = TOPICS[day % 5]
            batch = [
                IncomingMessage(
                    f"day-{day}",
                    f"t-{turn}",
                    "user" if turn % 2 == 0 else "assistant",
                    "user",
                    f"{topic} am Tag {day}: Gedanke {turn} über {names[day % THREADS]}.",
                    moment + timedelta(minutes=turn),
                )
                for turn in range(TURNS)
            ]
            stored = messages_ingest(scope=scope, messages=batch).new
            continuity.working_state_note(scope=scope, messages=stored)
            promotion.experience_record(
                scope=scope, message_id=stored[0].pk, spaces=(spaces[day % SPACES],)
            )
        write(f"loaded {DAYS} sessions in {time.perf_counter() - started:.0f} s")


def _measure(call, samples: int) -> list[float]:
    timings = []
    for _ in range(samples):
        started = time.perf_counter()
        call()
        timings.append((time.perf_counter() - started) * 1000)
    return timings


def run(*, samples: int, write) -> None:
    _load(write)
    day = START + timedelta(days=200)
    question = f"Was habe ich am {day:%d.%m.%Y} über Meditation gesagt?"
    with owner_scope(OWNER) as scope:
        chat = "day-364"
        cases = {
            "context, present tense  ": lambda: build_context(
                scope=scope, message="Ich sitze gerade und atme.", chat_id=chat
            ),
            "context, past day       ": lambda: build_context(
                scope=scope, message=question, chat_id=chat
            ),
            "recall_sources, past day": lambda: sources_recall(
                scope=scope, query=question, now=START + timedelta(days=400)
            ),
        }
        tiers = build_context(scope=scope, message=question, chat_id=chat)["data"]["reflection"]
        write(f"tiers for the past day: {[t['tier'] for t in tiers['tiers']]}")
        for name, call in cases.items():
            call()  # warm up
            write(f"{name}  {_percentiles(_measure(call, samples))}")
