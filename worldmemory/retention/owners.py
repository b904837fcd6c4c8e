"""Which owners a scheduled pass visits (owner ids live outside RLS in two places)."""

from __future__ import annotations

from curator.models import CuratorQueue
from worldmemory.models import OwnerAccount


def known_owners() -> list[str]:
    """Owners with a login or with chats the curator has seen."""
    logins = OwnerAccount.objects.values_list("owner_sub", flat=True)
    chats = CuratorQueue.objects.values_list("owner_sub", flat=True).distinct()
    return sorted(set(logins) | set(chats))
