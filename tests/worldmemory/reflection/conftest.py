"""Fixtures of the reflection tests: an owner scope and dialogue turns stored as sources."""

from __future__ import annotations

import itertools
from datetime import datetime

import pytest
from django.utils import timezone

from worldmemory.models import SourceMessage
from worldmemory.sources import IncomingMessage, messages_ingest
from worldmemory.tenancy import owner_scope

_turns = itertools.count(1)


@pytest.fixture
def scope():
    with owner_scope("owner-reflect") as scope:
        yield scope


def say(
    scope,
    text: str,
    *,
    session: str = "s-1",
    at: datetime | None = None,
    role: str = "user",
    metadata: dict | None = None,
) -> SourceMessage:
    """Store one turn through the source layer and return its row."""
    turn = next(_turns)
    ingested = messages_ingest(
        scope=scope,
        messages=[
            IncomingMessage(
                session_external_id=session,
                external_id=f"m-{turn}",
                role=role,
                speaker="user" if role == "user" else "assistant",
                text=text,
                occurred_at=at or timezone.now(),
                metadata=metadata,
            )
        ],
    )
    return ingested.new[0]
