"""Which turns a window reads: those after the watermark, and the curated ones before them."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from curator.models import CuratorState
from curator.window import window_turns
from tests import factories
from tests.conftest import BOTH_DATABASES
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


@pytest.fixture
def chat():
    """Four turns of one chat, the middle two at one instant, and a turn of another chat
    at that instant too."""
    start = timezone.now() - timedelta(minutes=5)
    with owner_scope("alice") as scope:
        here = factories.session(scope, external_id="chat-1")
        elsewhere = factories.session(scope, external_id="chat-2")
        times = [start, start + timedelta(minutes=1), start + timedelta(minutes=1)]
        turns = [
            factories.message(scope, in_session=here, text=f"t{n}", occurred_at=moment)
            for n, moment in enumerate([*times, start + timedelta(minutes=2)], start=1)
        ]
        factories.message(scope, in_session=elsewhere, text="other", occurred_at=times[1])
    return turns


def _read(*, watermark, cap: int = 200, before: int = 0) -> tuple[list[str], list[str]]:
    with owner_scope("alice") as scope:
        state = CuratorState(owner_sub="alice", chat_id="chat-1", watermark_message_id=watermark)
        rows, earlier = window_turns(scope=scope, state=state, cap=cap, before=before)
    return [r.text for r in rows], [r.text for r in earlier]


def test_a_window_starts_after_the_watermark_even_within_its_instant(chat):
    # t2 and t3 were said at one instant: the one after the watermark is still new
    assert _read(watermark=chat[1].pk, before=6) == (["t3", "t4"], ["t1", "t2"])


def test_the_turns_before_the_window_are_the_latest_few_of_its_chat(chat):
    assert _read(watermark=chat[1].pk, before=1) == (["t3", "t4"], ["t2"])
    assert _read(watermark=chat[1].pk) == (["t3", "t4"], [])


def test_a_chat_never_curated_is_read_from_its_first_turn(chat):
    assert _read(watermark=None, before=6) == (["t1", "t2", "t3", "t4"], [])


def test_a_capped_window_keeps_the_newest_turns_and_reads_the_rest_as_context(chat):
    assert _read(watermark=None, cap=2, before=6) == (["t3", "t4"], ["t1", "t2"])


def test_nothing_new_reads_no_context(chat):
    assert _read(watermark=chat[3].pk, before=6) == ([], [])


def test_another_owner_reads_nothing_of_the_chat(chat):
    with owner_scope("mallory") as scope:
        state = CuratorState(owner_sub="mallory", chat_id="chat-1")
        assert window_turns(scope=scope, state=state, before=6) == ([], [])
