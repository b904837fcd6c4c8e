"""The base of every tenant table: owner-private rows and the manager that names the owner.

Tenant rows are private to ``owner_sub`` by row-level security (see
``migrations/0003_row_level_security_and_integrity``)."""

from __future__ import annotations

import uuid

import uuid_utils.compat
from django.db import models
from django.db.models.signals import class_prepared
from django.dispatch import receiver
from django.utils import timezone

from infra.routers import APP_DB
from worldmemory.tenancy import scoped_owner


def uuid7() -> uuid.UUID:
    return uuid_utils.compat.uuid7()


class OwnedManager(models.Manager):
    """Names the scope's owner in every query, beside row-level security.

    The policy alone keeps owners apart; the explicit ``owner_sub = %s`` lets the planner use
    the owner-led indexes directly and lets Citus route the query to the one shard holding
    that owner (docs/deploy.md, section 7). Outside an owner scope it adds nothing, and row
    security shows nothing."""

    def get_queryset(self) -> models.QuerySet:
        queryset = super().get_queryset()
        # db_manager(alias) says the alias here; a later .using() is not seen
        owner = scoped_owner(using=self._db or APP_DB)
        return queryset.filter(owner_sub=owner) if owner else queryset


@receiver(class_prepared)
def _owner_routed_base_manager(sender: type[models.Model], **kwargs) -> None:
    """A tenant model's saves and forward relations name the owner too: Django reads those
    through the base manager, a plain one unless the model says otherwise."""
    if issubclass(sender, OwnedModel) and not sender._meta.abstract:
        sender._meta.base_manager_name = "objects"


class OwnedModel(models.Model):
    """A tenant row: private to ``owner_sub`` by row-level security.

    In the database the primary key is ``(owner_sub, id)`` (migration 0024), the
    distribution key Citus needs, and the target of the same-owner composite foreign keys
    that are the only enforcement of references between tenant rows (hence
    ``db_constraint=False`` on the ORM's foreign keys). Django knows ``id`` alone as the
    primary key: it forbids foreign keys to composite-key models, and a UUIDv7 is unique.
    """

    id = models.UUIDField(primary_key=True, default=uuid7, editable=False)
    owner_sub = models.CharField(max_length=200)
    org_id = models.CharField(max_length=200, null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    objects = OwnedManager()

    class Meta:
        abstract = True
