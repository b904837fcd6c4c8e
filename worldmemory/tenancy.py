"""Owner scoping: the only way code reaches tenant rows.

Row-level security compares ``owner_sub`` with ``app.current_owner``, a
transaction-local setting. ``owner_scope`` opens a transaction (or savepoint) on
the application-role connection and sets it from an identity the caller has
already authenticated — never from a request parameter, never session-wide, so a
pooled connection cannot carry one owner's scope into the next request.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.db import connections, transaction

from infra.routers import APP_DB

OWNER_SETTING = "app.current_owner"


@dataclass(frozen=True)
class OwnerScope:
    """An authenticated owner; every owner-scoped service takes one explicitly."""

    owner_sub: str
    org_id: str | None = None


def current_owner(*, using: str = APP_DB) -> str | None:
    with connections[using].cursor() as cursor:
        cursor.execute("SELECT nullif(current_setting(%s, true), '')", [OWNER_SETTING])
        return cursor.fetchone()[0]


def _set_owner(value: str, *, using: str) -> None:
    with connections[using].cursor() as cursor:
        cursor.execute("SELECT set_config(%s, %s, true)", [OWNER_SETTING, value])
    _remember_owner(value, using=using)


def _remember_owner(value: str, *, using: str) -> None:
    # What ``scoped_owner`` answers without a round trip. A stale value is harmless: once
    # the transaction ends the setting is empty, and row-level security shows nothing.
    connections[using].gd_owner = value


def scoped_owner(*, using: str = APP_DB) -> str | None:
    """The owner this connection's transaction is scoped to, as last set through here."""
    return getattr(connections[using], "gd_owner", None) or None


@contextmanager
def owner_scope(
    owner_sub: str, *, org_id: str | None = None, using: str = APP_DB
) -> Iterator[OwnerScope]:
    """Run the block in a transaction whose rows are those of ``owner_sub`` only.

    Nested scopes (another owner inside a request transaction, or tests) restore
    the outer owner on exit; on an exception the savepoint rollback does it.
    """
    if not owner_sub or not owner_sub.strip():
        raise ValueError("owner_scope needs a non-empty owner_sub")
    with transaction.atomic(using=using):
        previous = current_owner(using=using) or ""
        _set_owner(owner_sub, using=using)
        try:
            yield OwnerScope(owner_sub=owner_sub, org_id=org_id)
        finally:
            _remember_owner(previous, using=using)  # a rollback restores the setting itself
        if not connections[using].needs_rollback:
            _set_owner(previous, using=using)


def activate_owner(owner_sub: str, *, using: str = APP_DB) -> OwnerScope:
    """Set the owner for the rest of the current transaction (request authentication).

    Only valid inside a transaction: the setting is transaction-local and ends
    with it, whether it commits or rolls back.
    """
    if not connections[using].in_atomic_block:
        raise RuntimeError("activate_owner must run inside a transaction")
    _set_owner(owner_sub, using=using)
    return OwnerScope(owner_sub=owner_sub)
