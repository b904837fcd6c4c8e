"""The closed value sets the tables share: where a row came from, how far it is trusted,
how a predicate behaves and how long a row lives."""

from __future__ import annotations

from django.db import models


class Source(models.TextChoices):
    CORE = "core"
    INTEGRATION = "integration"
    LEARNED = "learned"


class TrustTier(models.TextChoices):
    TRUSTED = "trusted"
    UNTRUSTED = "untrusted"


class RegistryState(models.TextChoices):
    LOADED = "loaded"
    DEPRECATED = "deprecated"


class Cardinality(models.TextChoices):
    FUNCTIONAL = "functional"
    SET = "set"


class ValueKind(models.TextChoices):
    LITERAL = "literal"
    ENTITY = "entity"


class RetentionClass(models.TextChoices):
    """Permanent rows live forever; windowed rows are rolled up and pruned after the hot window."""

    PERMANENT = "permanent"
    WINDOWED = "windowed"


class MemoryType(models.TextChoices):
    USER_ASSERTION = "user_assertion"
    OBSERVED_STATE = "observed_state"
    AGENT_ACTION = "agent_action"
    DERIVED_PREFERENCE = "derived_preference"
    DERIVED_PATTERN = "derived_pattern"
    POLICY = "policy"
    CORRECTION = "correction"
    HYPOTHESIS = "hypothesis"
