"""The reflection layer's tables beyond the graph: a session's working state."""

from __future__ import annotations

from django.contrib.postgres.fields import ArrayField
from django.db import models
from django.utils import timezone

from worldmemory.models.graph import Entity
from worldmemory.models.owned import OwnedModel
from worldmemory.models.sources import SourceMessage


class SessionWorkingState(OwnedModel):
    """The reflection layer's working state of one session, updated turn by turn.

    Operational state like ``curator_state``, not memory: it points at reflection entities
    and messages, and losing it loses nothing (it is rebuilt from them on the next turn)."""

    chat_id = models.CharField(max_length=300)
    primary_space = models.ForeignKey(
        Entity,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        related_name="+",
    )
    related_spaces = ArrayField(models.UUIDField(), default=list, blank=True)
    active_threads = ArrayField(models.UUIDField(), default=list, blank=True)
    open_questions = ArrayField(models.UUIDField(), default=list, blank=True)
    memory_refs = models.JSONField(default=list, blank=True)  # recently used, newest last
    summary = models.TextField(blank=True)
    summarised_until = models.ForeignKey(
        SourceMessage,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        related_name="+",
    )
    fidelity = models.JSONField(default=dict, blank=True)
    turns = models.IntegerField(default=0)
    last_message_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "session_working_state"
        constraints = [
            models.UniqueConstraint(
                fields=["owner_sub", "chat_id"], name="session_working_state_chat_key"
            ),
        ]
        indexes = [
            models.Index(
                fields=["owner_sub", "closed_at", "last_message_at"],
                name="working_state_open_idx",
            )
        ]
