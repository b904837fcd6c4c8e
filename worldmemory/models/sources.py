"""What the agent's sources said: chat sessions and their messages (append-only), the
messages' vectors, and the audited tombstones of deleted message texts."""

from __future__ import annotations

from django.contrib.postgres.search import SearchVector, SearchVectorField
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from pgvector.django import HnswIndex, VectorField

from worldmemory.models.choices import TrustTier
from worldmemory.models.graph import EMBEDDING_DIMENSIONS
from worldmemory.models.owned import OwnedModel


class SourceSession(OwnedModel):
    external_id = models.CharField(max_length=300)
    title = models.TextField(blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    channel = models.CharField(max_length=100, blank=True)
    metadata = models.JSONField(default=dict, blank=True)

    class Meta:
        db_table = "source_sessions"
        constraints = [
            models.UniqueConstraint(
                fields=["owner_sub", "external_id"], name="source_sessions_owner_external_key"
            ),
        ]


class SourceMessage(OwnedModel):
    """One dialogue turn, kept forever (append-only); an edit is a new version."""

    session = models.ForeignKey(
        SourceSession,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        related_name="messages",
    )
    session_external_id = models.CharField(max_length=300)
    external_id = models.CharField(max_length=300)
    version = models.IntegerField(default=1)
    supersedes_message = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        related_name="+",
    )
    role = models.CharField(max_length=20)
    speaker = models.CharField(max_length=200, blank=True)
    text = models.TextField()
    occurred_at = models.DateTimeField()
    # The speaker's UTC offset as sent with occurred_at (PostgreSQL keeps the instant only):
    # "seit 2019" or "am 3. Juli" start at the speaker's local midnight, not UTC's.
    # NULL when the client sent none; the curator then reads the turn in TIME_ZONE.
    utc_offset_minutes = models.SmallIntegerField(null=True, blank=True)
    tool_calls = models.JSONField(null=True, blank=True)
    trust_tier = models.CharField(
        max_length=20, choices=TrustTier.choices, default=TrustTier.TRUSTED
    )
    metadata = models.JSONField(default=dict, blank=True)
    content_hash = models.CharField(max_length=64, blank=True)
    search_vector = models.GeneratedField(
        expression=(
            SearchVector("text", config="german")
            + SearchVector("text", config="english")
            + SearchVector("speaker", "text", config="simple")
        ),
        output_field=SearchVectorField(),
        db_persist=True,
    )

    class Meta:
        db_table = "source_messages"
        verbose_name = _("source message")
        verbose_name_plural = _("source messages")
        constraints = [
            models.UniqueConstraint(
                fields=["owner_sub", "session_external_id", "external_id", "version"],
                name="source_messages_owner_external_key",
            ),
        ]
        indexes = [
            models.Index(
                fields=["owner_sub", "session", "occurred_at"], name="messages_owner_session_idx"
            ),
            models.Index(fields=["owner_sub", "-occurred_at"], name="messages_owner_time_idx"),
        ]


class MessageEmbedding(OwnedModel):
    """A source message's vector (messages themselves never change)."""

    message = models.ForeignKey(
        SourceMessage,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        related_name="embeddings",
    )
    model = models.CharField(max_length=300)
    embedding = VectorField(dimensions=EMBEDDING_DIMENSIONS)

    class Meta:
        db_table = "message_embeddings"
        constraints = [
            models.UniqueConstraint(
                fields=["owner_sub", "message", "model"], name="message_embeddings_key"
            ),
        ]
        indexes = [
            HnswIndex(
                name="message_embeddings_hnsw",
                fields=["embedding"],
                m=16,
                ef_construction=64,
                opclasses=["vector_cosine_ops"],
            ),
        ]


class WideEmbedding(OwnedModel):
    """A vector from an embedder whose dimension is not the native 384 of the columns above.

    The column has no fixed dimension; each dimension in use gets its own partial HNSW
    index on ``embedding::vector(dims)`` (created by setup as the owner role), so vectors
    of a new model fill in beside the old ones, which stay until they are complete."""

    item_kind = models.CharField(max_length=20)  # projection | message
    item_id = models.UUIDField()
    model = models.CharField(max_length=300)
    dims = models.IntegerField()
    embedding = VectorField()

    class Meta:
        db_table = "wide_embeddings"
        constraints = [
            models.UniqueConstraint(
                fields=["owner_sub", "item_kind", "item_id", "model"], name="wide_embeddings_key"
            ),
            models.CheckConstraint(
                condition=Q(dims__gte=1) & Q(dims__lte=2000), name="wide_embeddings_dims_range"
            ),
        ]


class SourceDeletion(OwnedModel):
    """The audited tombstone of a message whose text its owner deleted (append-only)."""

    message = models.ForeignKey(
        SourceMessage,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        related_name="deletions",
    )
    deleted_by = models.CharField(max_length=200)
    reason = models.TextField()

    class Meta:
        db_table = "source_deletions"
        indexes = [models.Index(fields=["owner_sub", "message"], name="source_deletions_owner_idx")]
