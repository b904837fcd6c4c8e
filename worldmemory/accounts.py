"""Login accounts and the owner each one maps to."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction

from worldmemory.models import OwnerAccount


@transaction.atomic(using="app")
def account_ensure(
    *, username: str, owner_sub: str, password: str, superuser: bool = False
) -> tuple[User, bool]:
    """Create the login ``username`` for ``owner_sub`` unless it exists; return it and whether new.

    An existing account keeps its password: the person may have changed it.
    """
    user = User.objects.filter(username=username).first()
    created = user is None
    if created:
        user = User(username=username, is_staff=superuser, is_superuser=superuser)
        user.set_password(password)
        user.save()
    OwnerAccount.objects.get_or_create(user=user, defaults={"owner_sub": owner_sub})
    return user, created


def account_owner_sub(*, user: User) -> str | None:
    account = OwnerAccount.objects.filter(user=user).only("owner_sub").first()
    return account.owner_sub if account else None
