"""Review: the curator's proposals and their operations, the suppressions a rejection
leaves, and the notices that tell the chat what curation changed.

``CuratorNotice`` stays here, not in the curator's app: the context block reads and
delivers notices (``worldmemory/notices.py``), and the context builder sits beside the
curator, not above it, so it must not import the curator's models.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from worldmemory.models.graph import Fact
from worldmemory.models.owned import OwnedModel


class Proposal(OwnedModel):
    class Status(models.TextChoices):
        OPEN = "open"
        DECIDED = "decided"

    run_id = models.CharField(max_length=200)
    chat_id = models.CharField(max_length=200, null=True, blank=True)
    proposed_by = models.CharField(max_length=200)
    proposed_at = models.DateTimeField()
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.OPEN)
    payload = models.JSONField()

    class Meta:
        db_table = "proposals"
        constraints = [
            models.UniqueConstraint(fields=["owner_sub", "run_id"], name="proposals_owner_run_key"),
        ]
        indexes = [
            models.Index(fields=["owner_sub", "status", "-created_at"], name="proposals_owner_idx")
        ]


class ProposalOp(OwnedModel):
    class Decision(models.TextChoices):
        COMMITTED = "committed"
        PENDING = "pending"
        REJECTED = "rejected"
        DUPLICATE = "duplicate"

    proposal = models.ForeignKey(
        Proposal, on_delete=models.PROTECT, db_index=False, db_constraint=False, related_name="ops"
    )
    run_id = models.CharField(max_length=200)
    op_index = models.IntegerField()
    op = models.CharField(max_length=30)
    # a pending operation (or review item) to run on acceptance; decided operations are
    # read from their proposal's payload
    payload = models.JSONField()
    decision = models.CharField(max_length=20, choices=Decision.choices)
    reason = models.TextField(blank=True)
    result = models.JSONField(default=dict, blank=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.CharField(max_length=200, blank=True)

    class Meta:
        db_table = "proposal_ops"
        verbose_name = _("proposed operation")
        verbose_name_plural = _("proposed operations")
        constraints = [
            models.UniqueConstraint(
                fields=["owner_sub", "run_id", "op_index"], name="proposal_ops_owner_run_op_key"
            ),
        ]
        indexes = [
            models.Index(
                fields=["owner_sub", "decision", "-created_at"], name="proposal_ops_owner_idx"
            ),
            models.Index(fields=["owner_sub", "proposal"], name="proposal_ops_proposal_idx"),
        ]


class Suppression(OwnedModel):
    subject_ref = models.CharField(max_length=300)
    predicate = models.CharField(max_length=100)
    object_key = models.CharField(max_length=64)
    reason = models.TextField()
    proposal_op = models.ForeignKey(
        ProposalOp,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        related_name="+",
    )
    lifted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "suppressions"
        indexes = [
            models.Index(
                fields=["owner_sub", "subject_ref", "predicate"], name="suppressions_owner_idx"
            )
        ]


# not the curator's table: the context block reads and delivers notices (see above)
class CuratorNotice(OwnedModel):
    """A value the agent believed that curation changed or corrected, to be said once in
    the chat ("du sagtest früher X, jetzt Y — ich habe das aktualisiert"). Delivered by the
    next context block of the chat, or by the ingest response when the window was curated
    synchronously; ``delivered_at`` makes sure it is said only once."""

    class Kind(models.TextChoices):
        CHANGE = "change"
        CORRECTION = "correction"

    chat_id = models.CharField(max_length=200)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    language = models.CharField(max_length=8)
    text = models.TextField()
    fact = models.ForeignKey(
        Fact, on_delete=models.PROTECT, db_index=False, db_constraint=False, related_name="+"
    )
    previous_fact = models.ForeignKey(
        Fact, on_delete=models.PROTECT, db_index=False, db_constraint=False, related_name="+"
    )
    run_id = models.CharField(max_length=200)
    delivered_at = models.DateTimeField(null=True, blank=True)
    delivered_by = models.CharField(max_length=20, blank=True)  # context · ingest · playground

    class Meta:
        db_table = "curator_notices"
        constraints = [
            models.UniqueConstraint(
                fields=["owner_sub", "fact"], name="curator_notices_one_per_fact_key"
            ),
        ]
        indexes = [
            models.Index(
                fields=["owner_sub", "chat_id", "created_at"],
                condition=Q(delivered_at__isnull=True),
                name="curator_notices_open_idx",
            )
        ]
