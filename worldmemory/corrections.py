"""Corrections the person makes in the pages, as proposals the committer validates.

A corrected value is an explicit user statement (``memory_type=correction``): the
committer supersedes the old row from ``valid_from`` on, exactly as if the user
had said it in the chat.
"""

from __future__ import annotations

import json
import uuid
from datetime import datetime
from uuid import UUID

from django.utils import timezone

from worldmemory.committer import CommitResult, proposal_commit
from worldmemory.contracts import MemoryMutationProposal
from worldmemory.errors import InvalidInput, NotFound
from worldmemory.models import Fact
from worldmemory.tenancy import OwnerScope
from worldmemory.tools import facts_data


def _typed(text: str, like: object) -> object:
    """Keep the old value's type when the new text reads as one (``3`` for a number)."""
    if isinstance(like, str) or like is None:
        return text
    try:
        value = json.loads(text)
    except ValueError:
        return text
    return value if type(value) is type(like) else text


def fact_correct(
    *, scope: OwnerScope, fact_id: UUID, value: str, valid_from: datetime | None, actor: str
) -> CommitResult:
    """Assert ``value`` for the fact's subject and predicate from ``valid_from`` (default
    now) on; the committer closes the old row. Only current literal facts can be corrected."""
    fact = Fact.objects.filter(
        owner_sub=scope.owner_sub, pk=fact_id, superseded_at__isnull=True
    ).first()
    if fact is None:
        raise NotFound(f"no current fact {fact_id}")
    if fact.object_kind != "literal":
        raise InvalidInput("only values can be corrected; end or forget a relationship instead")
    text = value.strip()
    if not text:
        raise InvalidInput("the new value is empty")
    (data,) = facts_data([fact], as_of=timezone.now())
    now = timezone.now()
    proposal = MemoryMutationProposal.model_validate(
        {
            "run_id": f"correction:{uuid.uuid4()}",
            "proposed_by": actor,
            "created_at": now,
            "operations": [
                {
                    "op": "assert_fact",
                    "subject_ref": data["subject_ref"],
                    "predicate": fact.predicate_id,
                    "object_value": _typed(text, fact.object_value),
                    "confidence": 1.0,
                    "source": actor,
                    "memory_type": "correction",
                    "valid_from": valid_from or now,
                    "evidence": {
                        "kind": "observation",
                        "text": f"{data['subject_ref']}.{fact.predicate_id} = {text}",
                    },
                    "scope_ref": data["scope_ref"],
                    "scope_kind": fact.scope_kind,
                }
            ],
        }
    )
    return proposal_commit(scope=scope, proposal=proposal)
