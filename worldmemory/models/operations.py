"""Operations: logins and their owners, API tokens and integrations, usage, counters,
heartbeats, rate limits, the retention policy and its runs, and the embedder in use.

Only ``Usage``, ``Integration``, ``ApiToken`` and ``RetentionRun`` are tenant rows; the
others hold no memory (ids, names and numbers) and have no row-level security."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import models
from django.db.models import Q
from django.utils import timezone

from worldmemory.models.choices import TrustTier
from worldmemory.models.owned import OwnedModel

# --- identity: not tenant data, but the map from a login to its owner ------------------------


class OwnerAccount(models.Model):
    user = models.OneToOneField(User, on_delete=models.CASCADE, related_name="owner_account")
    owner_sub = models.CharField(max_length=200, unique=True)
    org_id = models.CharField(max_length=200, blank=True)

    class Meta:
        db_table = "owner_accounts"

    def __str__(self) -> str:
        return self.owner_sub


class EmbeddingConfig(models.Model):
    """The embedder the stored vectors came from. A vector made by another model counts as
    missing, so changing the embedder re-embeds everything incrementally."""

    name = models.CharField(max_length=50, primary_key=True, default="current")
    provider = models.CharField(max_length=50)
    model = models.CharField(max_length=300)
    dimensions = models.IntegerField()
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "embedding_config"

    def __str__(self) -> str:
        return f"{self.provider}:{self.model} ({self.dimensions})"

    @property
    def model_id(self) -> str:
        return f"{self.provider}:{self.model}"


class WorkerHeartbeat(models.Model):
    name = models.CharField(max_length=100, primary_key=True)
    beat_at = models.DateTimeField()

    class Meta:
        db_table = "worker_heartbeats"


class RetentionPolicy(models.Model):
    """The hot window, readable by the database: the prune role's policies compare with it.

    One row, written by the owner role from ``GD_RETENTION_DAYS`` after every migrate;
    the application and prune roles may only read it."""

    id = models.SmallIntegerField(primary_key=True, default=1)
    hot_window_days = models.PositiveIntegerField(default=90)

    class Meta:
        db_table = "retention_policy"
        constraints = [models.CheckConstraint(condition=Q(id=1), name="retention_policy_one_row")]


class RateLimitBucket(models.Model):
    """A token bucket per API token (``worldmemory.ratelimit``). Not tenant memory: its key
    is a digest of the token, it holds a number and a time."""

    key = models.CharField(max_length=64, primary_key=True)
    tokens = models.FloatField()
    updated_at = models.DateTimeField()

    class Meta:
        db_table = "rate_limit_buckets"


class OperationsCounter(models.Model):
    """Counts for ``/metrics`` per UTC day: rows of increments written by triggers on the
    tables they count (migration 0015) and by the worker, folded every minute. Insert-only
    between folds, so concurrent commits never wait for each other here. Not tenant
    memory: names and numbers, no owner."""

    name = models.CharField(max_length=100)
    day = models.DateField()
    value = models.FloatField(default=0)

    class Meta:
        db_table = "ops_counters"


# --- tenant tables: owner-private by row-level security ----------------------------------


class Usage(OwnedModel):
    """One model call, attributed to its owner; the curator's quota is read from here."""

    kind = models.CharField(max_length=50)  # the trigger source, e.g. "curator"
    model = models.CharField(max_length=200, blank=True)
    run_id = models.CharField(max_length=200, null=True, blank=True)
    tokens_in = models.IntegerField(default=0)
    tokens_out = models.IntegerField(default=0)
    cost_micros = models.BigIntegerField(null=True, blank=True)  # when the provider says
    occurred_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "usage"
        indexes = [models.Index(fields=["owner_sub", "-occurred_at"], name="usage_owner_time_idx")]


class Integration(OwnedModel):
    """An API client that feeds this owner's memory (GitHub, a calendar, …).

    Its ``domain`` is the namespace of every type it registers (``github:issue``); its
    trust tier travels with everything it writes."""

    domain = models.CharField(max_length=50)
    name = models.CharField(max_length=200, blank=True)
    trust_tier = models.CharField(
        max_length=20, choices=TrustTier.choices, default=TrustTier.UNTRUSTED
    )
    removed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "integrations"
        constraints = [
            models.UniqueConstraint(
                fields=["owner_sub", "domain"],
                condition=Q(removed_at__isnull=True),
                name="integrations_owner_live_domain_key",
            ),
        ]

    def __str__(self) -> str:
        return self.domain


class ApiToken(OwnedModel):
    """A bearer token; only its SHA-256 is stored. An integration's token is of its own
    type: it reaches only the integration endpoints, never the owner's memory."""

    name = models.CharField(max_length=200)
    token_hash = models.CharField(max_length=64)
    integration = models.ForeignKey(
        Integration,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        db_index=False,
        db_constraint=False,
        related_name="tokens",
    )
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "api_tokens"
        constraints = [
            models.UniqueConstraint(fields=["owner_sub", "token_hash"], name="api_tokens_hash_key"),
        ]


class RetentionRun(OwnedModel):
    """One retention pass over an owner's windowed rows: what it rolled up and pruned.

    ``horizon`` is the cut: windowed rows that ended before it may be gone, so an
    as-of answer before the latest horizon with pruned rows comes from rollups."""

    ran_at = models.DateTimeField()
    horizon = models.DateTimeField()
    facts_pruned = models.IntegerField(default=0)
    events_pruned = models.IntegerField(default=0)
    rollups_written = models.IntegerField(default=0)

    class Meta:
        db_table = "retention_runs"
        indexes = [
            models.Index(fields=["owner_sub", "-horizon"], name="retention_owner_horizon_idx")
        ]
