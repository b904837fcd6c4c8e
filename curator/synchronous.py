"""Curation at once, for a caller that waits for it: the playground, and an agent that posts
its turns with ``"curate": "now"``. The API's normal ingest keeps the debounce."""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass, field

from django.db import transaction

from curator.models import CuratorQueue
from curator.pipeline import curate_window
from infra.routers import APP_DB
from worldmemory.committer import CommitResult
from worldmemory.notices import notices_claim
from worldmemory.tenancy import OwnerScope

log = logging.getLogger(__name__)


@dataclass
class Curated:
    """What curating the chats at once did, and the notices the caller now carries."""

    results: dict[str, CommitResult | None] = field(default_factory=dict)
    deferred: dict[str, str] = field(default_factory=dict)  # chat → why it waits for the worker
    notices: list[dict] = field(default_factory=list)

    def summary(self) -> list[dict]:
        rows = []
        for chat_id, result in self.results.items():
            counts = Counter(str(r.decision) for r in (result.results if result else []))
            rows.append({"chat_id": chat_id, "status": "curated", **counts})
        for chat_id, reason in self.deferred.items():
            rows.append({"chat_id": chat_id, "status": "deferred", "reason": reason})
        return rows


def curate_now(*, scope: OwnerScope, chat_ids: list[str], delivered_by: str) -> Curated:
    """Curate each chat's uncurated turns now, inside the caller's transaction, each in a
    savepoint: a curation that fails (or is over the owner's model budget) leaves its window
    queued for the worker and never undoes the stored turns. The notices of the curated
    chats are claimed for the caller, so the next context block does not repeat them."""
    curated = Curated()
    for chat_id in dict.fromkeys(chat_ids):
        try:
            with transaction.atomic(using=APP_DB):
                result = curate_window(scope=scope, chat_id=chat_id)
                # done: the worker has nothing left to do for this window
                CuratorQueue.objects.filter(owner_sub=scope.owner_sub, chat_id=chat_id).delete()
        except Exception as error:  # the worker retries it; ingest never fails for memory
            log.warning("curating chat %s at once failed, the worker takes it: %s", chat_id, error)
            curated.deferred[chat_id] = f"{type(error).__name__}: {error}"
            continue
        curated.results[chat_id] = result
        curated.notices += notices_claim(scope=scope, chat_id=chat_id, by=delivered_by)
    return curated
