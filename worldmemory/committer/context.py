"""The commit context: the owner's lock and clock, results, and the review queue."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from datetime import datetime
from uuid import UUID

from django.db import connections

from infra.routers import APP_DB
from worldmemory.committer.writer import FactWriter
from worldmemory.errors import ApplicationError
from worldmemory.models import (
    Entity,
    Proposal,
    ProposalOp,
    WorldEvent,
)
from worldmemory.tenancy import OwnerScope
from worldmemory.validator import REGISTRY_FINGERPRINT, Registry

Decision = ProposalOp.Decision


@dataclass
class OpResult:
    op_index: int
    op: str
    decision: str
    reason: str = ""
    ids: dict = field(default_factory=dict)
    notice: str | None = None


@dataclass
class CommitResult:
    proposal_id: UUID
    run_id: str
    replayed: bool
    results: list[OpResult]

    @property
    def notices(self) -> list[str]:
        return [r.notice for r in self.results if r.notice]

    def as_dict(self) -> dict:
        return {
            "proposal_id": str(self.proposal_id),
            "run_id": self.run_id,
            "replayed": self.replayed,
            "results": [asdict(r) for r in self.results],
            "notices": self.notices,
        }


class Refused(ApplicationError):
    """An operation that cannot be applied; its message becomes the rejection reason."""


def _lock_and_read(
    scope: OwnerScope, *, run_id: str | None
) -> tuple[datetime, str, set[tuple[str, str, str]], UUID | None]:
    """Take the owner's commit lock; then, in one round trip: a system time later than any
    recorded, the registry's fingerprint, the active suppressions and the proposal already
    stored under ``run_id`` (or None)."""
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(
            "SELECT pg_advisory_xact_lock(hashtextextended('gd-commit:' || %s, 0))",
            [scope.owner_sub],
        )
        # read under the lock (a statement of its own: a statement's snapshot is taken
        # before it waits): nothing of this owner can be recorded in between
        cursor.execute(
            "SELECT greatest(clock_timestamp(),"
            " (SELECT max(recorded_at) FROM facts WHERE owner_sub = %(o)s) + interval '1 us',"
            " (SELECT max(recorded_at) FROM world_events WHERE owner_sub = %(o)s)"
            " + interval '1 us'),"
            f" {REGISTRY_FINGERPRINT},"
            " (SELECT coalesce(json_agg(json_build_array(subject_ref, predicate, object_key)),"
            " '[]') FROM suppressions WHERE owner_sub = %(o)s AND lifted_at IS NULL),"
            " (SELECT id FROM proposals WHERE owner_sub = %(o)s AND run_id = %(r)s)",
            {"o": scope.owner_sub, "r": run_id},
        )
        now, fingerprint, suppressed, stored = cursor.fetchone()
    return now, fingerprint, {tuple(s) for s in suppressed}, stored


@dataclass
class Context:
    scope: OwnerScope
    now: datetime
    registry: Registry
    run_id: str | None = None
    chat_id: str | None = None
    actor: str = "agent:curator"
    cause: WorldEvent | None = None
    writer: FactWriter | None = None
    entities: dict[str, Entity] = field(default_factory=dict)  # resolved refs of this commit
    # an identity operation emptied ``entities``: resolve the remaining refs again
    refs_stale: bool = False
    # refs none of whose ``kind:slug`` readings names an entity (until this commit creates
    # one): only an alias can resolve them
    unresolved: set[str] = field(default_factory=set)
    suppressed: set[tuple[str, str, str]] = field(default_factory=set)
    # the proposal already committed under ``run_id`` (a replayed run), read with the clock
    stored_proposal_id: UUID | None = None
    # the retention of what this commit writes, when the writer decides it (a sync: windowed)
    retention_class: str | None = None
    # correlations whose intents may have new effects (an event inherits its cause's)
    correlations: set[str] = field(default_factory=set)
    _commit_event: WorldEvent | None = None

    @property
    def owner(self) -> str:
        return self.scope.owner_sub

    def event(
        self,
        event_type: str,
        *,
        target: Entity | None = None,
        caused_by: WorldEvent | None = None,
        payload: dict | None = None,
        summary: str = "",
        correlation_id: str | None = None,
    ) -> WorldEvent:
        return WorldEvent.objects.create(
            owner_sub=self.owner,
            org_id=self.scope.org_id,
            event_type_id=event_type,
            occurred_at=self.now,
            recorded_at=self.now,
            source=self.actor,
            target_entity=target,
            caused_by_event=caused_by,
            correlation_id=correlation_id or self.run_id,
            causation_kind="direct",
            run_id=self.run_id,
            chat_id=self.chat_id,
            payload=payload or {},
            summary=summary,
        )

    def follow(self, cause: WorldEvent) -> None:
        """What is committed from now on was caused by ``cause`` (its own commit event)."""
        self.cause = cause
        self._commit_event = None

    def commit_event(self) -> WorldEvent:
        """One ``memory_commit`` event per commit; the facts it writes point at it."""
        if self._commit_event is None:
            # facts that follow an action in the same proposal belong to its run
            self._commit_event = self.event(
                "memory_commit",
                caused_by=self.cause,
                payload={"run_id": self.run_id},
                correlation_id=self.cause.correlation_id if self.cause else self.run_id,
            )
        return self._commit_event


def notify(ctx: Context, proposal_id: UUID | None, *, decided: Iterable[UUID] = ()) -> None:
    """Tell listeners what changed (delivered at commit) and queue the embedding of it;
    ``decided`` names entities whose review items were decided without a write."""
    from worldmemory.live import commit_notify
    from worldmemory.vectors import schedule_embedding

    ctx.writer.flush()
    commit_notify(scope=ctx.scope, now=ctx.now, proposal_id=proposal_id, decided=decided)
    schedule_embedding(ctx.scope)


def open_context(scope: OwnerScope, **extra) -> Context:
    now, fingerprint, suppressed, stored = _lock_and_read(scope, run_id=extra.get("run_id"))
    return Context(
        scope=scope,
        now=now,
        registry=Registry.for_commit(fingerprint, owner_sub=scope.owner_sub),
        writer=FactWriter(scope, now),
        suppressed=suppressed,
        stored_proposal_id=stored,
        **extra,
    )


def queue_review(
    ctx: Context, *, proposal: Proposal | None, op: str, payload: dict, reason: str
) -> ProposalOp:
    """A review item that is not one of the proposal's own operations (a merge suggestion)."""
    if proposal is None:
        proposal = Proposal.objects.create(
            owner_sub=ctx.owner,
            org_id=ctx.scope.org_id,
            run_id=f"review:{ctx.now.isoformat()}:{op}:{payload.get('entity_ref', '')}",
            proposed_by="gedaechtnis:committer",
            proposed_at=ctx.now,
            payload={},
        )
    index = 10_000 + ProposalOp.objects.filter(owner_sub=ctx.owner, proposal=proposal).count()
    return ProposalOp.objects.create(
        owner_sub=ctx.owner,
        org_id=ctx.scope.org_id,
        proposal=proposal,
        run_id=proposal.run_id,
        op_index=index,
        op=op,
        payload=payload,
        decision=Decision.PENDING,
        reason=reason,
    )
