"""The curator's own tables: which chat is due (``curator_queue``) and each chat's window
(``curator_state``).

They lived in ``worldmemory`` until migration ``0025``; the move changed Django's state
only, so the table names, constraints, indexes, row-level security and grants are those
the ``worldmemory`` migrations created.
"""

from __future__ import annotations

from django.db import models
from django.utils import timezone

from worldmemory.models import OwnedModel, SourceMessage


class CuratorQueue(models.Model):
    """Which owner's chat is due for curation, and when.

    Not tenant memory: it holds ids only, so that a worker can find due chats before
    it knows the owner (everything it then reads runs in that owner's scope)."""

    owner_sub = models.CharField(max_length=200)
    chat_id = models.CharField(max_length=200)
    due_at = models.DateTimeField()

    class Meta:
        db_table = "curator_queue"
        constraints = [
            models.UniqueConstraint(fields=["owner_sub", "chat_id"], name="curator_queue_chat_key")
        ]
        indexes = [models.Index(fields=["due_at"], name="curator_queue_due_idx")]

    def __str__(self) -> str:
        return f"{self.owner_sub}/{self.chat_id}"


class CuratorState(OwnedModel):
    chat_id = models.CharField(max_length=200)
    watermark_message = models.ForeignKey(
        SourceMessage,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        related_name="+",
    )
    pending_turns = models.IntegerField(default=0)
    due_at = models.DateTimeField(null=True, blank=True)
    last_run_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(default=timezone.now)
    # fixed per window, so a retried curation commits idempotently
    run_id = models.CharField(max_length=200, blank=True)
    # the prefilter's recent decisions with their reasons (newest last, capped)
    decisions = models.JSONField(default=list, blank=True)

    class Meta:
        db_table = "curator_state"
        constraints = [
            models.UniqueConstraint(fields=["owner_sub", "chat_id"], name="curator_state_chat_key"),
        ]
        indexes = [models.Index(fields=["owner_sub", "due_at"], name="curator_state_due_idx")]
