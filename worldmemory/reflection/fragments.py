"""Fragments of a thread: threads an earlier pass made for a topic that a later pass
merges or folds into another ("Tafel" into the move to Leipzig, a colleague into the
matter she plays a part in). Threads are built after each session and never rebuilt, so
without folding the early thread would stay beside the one that now holds its turns.

A fragment is merged into the thread that continues its topic through the committer:
reads of that thread answer for both, nothing is deleted, and a split undoes it. A thread
the owner named, placed or linked something to in their own words is theirs and stays.
"""

from __future__ import annotations

from worldmemory import temporal
from worldmemory.committer import entity_merge
from worldmemory.models import Entity
from worldmemory.reflection import selectors
from worldmemory.reflection.operations import SYSTEM_SOURCE
from worldmemory.tenancy import OwnerScope


def _rules_only(scope: OwnerScope, thread: Entity) -> bool:
    """Whether everything said of or pointing at ``thread`` came from the reflection rules."""
    rows = selectors.current_by_entity(scope=scope, entity_ids=[thread.pk])[thread.pk]
    rows += temporal.incoming_current(scope=scope, entity_ids=[thread.pk])
    return all(row.source == SYSTEM_SOURCE for row in rows)


def thread_fragments_fold(*, scope: OwnerScope, into: Entity, fragments: list[Entity]) -> list[str]:
    """Merge each of ``fragments`` the rules alone made into the thread ``into``; the refs
    of those merged."""
    folded = []
    for fragment in fragments:
        if fragment.pk == into.pk or fragment.status != Entity.Status.ACTIVE:
            continue
        if fragment.kind_id != "thread" or not _rules_only(scope, fragment):
            continue
        entity_merge(scope=scope, entity=fragment, into=into, actor=SYSTEM_SOURCE)
        folded.append(fragment.ref)
    return folded
