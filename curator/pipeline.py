"""One curation: a due chat's uncurated turns → proposal → committer, watermark moved in
the same transaction (a failure leaves it; the retry reuses the window's run id)."""

from __future__ import annotations

import logging
import uuid
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, connections, transaction
from django.utils import timezone

from curator import trust
from curator.extract.reader import kin_relations
from curator.language import rx
from curator.llm import LLMCurator, OverBudget
from curator.models import CuratorQueue, CuratorState
from curator.rules import Known, RuleCurator, Turn
from curator.window import window_turns
from infra.metrics import counter_add
from infra.routers import APP_DB
from infra.tracing import span
from worldmemory import notices, temporal
from worldmemory.committer import CommitResult, proposal_commit
from worldmemory.contracts import MemoryMutationProposal
from worldmemory.errors import Conflict
from worldmemory.linker import link_message
from worldmemory.models import SourceMessage
from worldmemory.moments import speaker_time
from worldmemory.reads.entities import facts_data, holders_now
from worldmemory.reads.resolution import entities_by_refs
from worldmemory.tenancy import OwnerScope, activate_owner, owner_scope

log = logging.getLogger(__name__)
RETRY_AFTER = timedelta(minutes=1)
UNTRUSTED_RUN = ":untrusted"  # run id suffix of a window's untrusted part
DEFER_OVER_BUDGET = timedelta(minutes=5)


CONTEXT_TURNS = 6  # already curated turns read before the window, for reference only


def _context_turns(rows: list[SourceMessage]) -> list[Turn]:
    """The chat's last turns before the window (already curated): "Sie bekommt um 19 Uhr
    Futter" and "vergiss das" refer back to them."""
    return [
        Turn(
            id=str(r.pk),
            role=r.role,
            text=r.text,
            occurred_at=speaker_time(r),
            trust_tier=r.trust_tier,
            context=True,
        )
        for r in rows
    ]


def _known(scope: OwnerScope, turns: list[Turn]) -> Known:
    """Entities the window (and its context) names and their active facts (for pronouns,
    corrections and "vergiss …")."""
    # "Carol's birthday": the name without the English possessive links to Carol
    text = rx.sub(r"(\w)['’]s\b", r"\1", " ".join(t.text for t in turns if t.role == "user"))
    linking = link_message(scope=scope, message=text, scope_ids=[], now=timezone.now())
    aliases = dict(linking.spans)
    ids = [c.id for c in linking.linked]
    me = entities_by_refs(scope=scope, refs={"person:me"}).get("person:me")
    if me:
        ids.append(me.pk)
    # "meine Mutter" names nobody's alias, yet memory may know who the mother is
    relations = kin_relations(text)
    if relations:
        ids += holders_now(scope=scope, predicate="relation_to_user", values=relations)
    rows = temporal.facts_current(scope=scope, entity_ids=ids) if ids else []
    facts = [
        {
            "id": f["id"],
            "subject_ref": f["subject_ref"],
            "predicate": f["predicate"],
            "value": f["value"] if f["value"] is not None else f["object_ref"],
            "object_ref": f["object_ref"],
            # a correction that names only a wrong date finds what that date started
            "valid_from": f["valid_from"].isoformat() if f["valid_from"] else None,
        }
        for f in facts_data(rows, as_of=timezone.now())
    ]
    return Known(aliases=aliases, facts=facts)


def configured_curator():
    """The curator settings choose: ``rules`` (offline, default) or ``llm``."""
    if settings.GD_CURATOR == "llm":
        return LLMCurator()
    return RuleCurator()


_models_loaded = False


def load_models() -> None:
    """Load the rule curator's models (the embedding model with the nearest-example table,
    the word taggers) once per process, before a chat is claimed: loaded by the first
    window they would hold its queue row and the owner's commit lock for seconds. Every
    ``curate_due`` calls this; after the first time it costs nothing (the warm-up sentences
    cost a window's reading time each)."""
    global _models_loaded
    if settings.GD_CURATOR == "llm" or _models_loaded:
        return
    from curator.extract.nearest import example_table
    from curator.language.tagging import part_of_speech

    example_table()
    for lang in ("de", "en"):
        part_of_speech("Haus", lang=lang)
    # the reader's patterns compile when first used (0.7 s): a sentence in each language
    now = timezone.now()
    for text in ("Ich wohne seit 2019 in Leipzig.", "I've lived in Leeds since 2019."):
        RuleCurator().propose([Turn(id="load", role="user", text=text, occurred_at=now)], Known())
    _models_loaded = True


def curate_window(*, scope: OwnerScope, chat_id: str) -> CommitResult | None:
    """Curate the chat's window now (inside the caller's transaction)."""
    state = (
        CuratorState.objects.select_for_update()
        .filter(owner_sub=scope.owner_sub, chat_id=chat_id)
        .first()
    )
    if state is None:
        return None
    curator = configured_curator()
    # the rule curator reads the turns before the window too, in the same query
    before = CONTEXT_TURNS if isinstance(curator, RuleCurator) else 0
    rows, earlier = window_turns(scope=scope, state=state, before=before)
    turns = [
        Turn(
            id=str(r.pk),
            role=r.role,
            text=r.text,
            occurred_at=speaker_time(r),
            trust_tier=r.trust_tier,
            tool_calls=r.tool_calls,
        )
        for r in rows
    ]
    run_id = state.run_id or f"curator:{uuid.uuid4()}"
    ops = []
    if turns:
        with span("curator.analyze", curator=curator.name, turns=len(turns)) as analyzing:
            if isinstance(curator, RuleCurator):
                read = [*_context_turns(earlier), *turns]
                known = _known(scope, read)
                ops = curator.propose(read, known)
            else:
                known = _known(scope, turns)
                ops = curator.propose(turns, known, scope=scope, chat_id=chat_id, run_id=run_id)
            analyzing.set(operations=len(ops))
    result = None
    if ops:
        result = _commit_guarded(
            scope=scope, chat_id=chat_id, run_id=run_id, curator=curator, ops=ops, rows=rows
        )
    if rows:
        state.watermark_message_id = rows[-1].pk
    state.pending_turns, state.run_id, state.due_at = 0, "", None
    state.last_run_at = state.updated_at = timezone.now()
    state.save()
    return result


def _commit(
    *, scope: OwnerScope, chat_id: str, run_id: str, curator, ops: list[dict]
) -> CommitResult:
    proposal = MemoryMutationProposal.model_validate(
        {
            "run_id": run_id,
            "chat_id": chat_id,
            "proposed_by": f"agent:curator-{curator.name}",
            "created_at": timezone.now(),
            "operations": ops,
        }
    )
    with span("curator.commit", operations=len(ops)) as committing:
        # any error ends the window's transaction (curate_due retries the window whole)
        result = proposal_commit(scope=scope, proposal=proposal, savepoint=False)
        decisions = Counter(str(r.decision) for r in result.results)
        committing.set(replayed=result.replayed, **dict(decisions))
    # a value the agent believed that changed is said once in the chat
    replaced = notices.replaced_values(ops=ops, results=result.results)
    notices.notices_record(scope=scope, chat_id=chat_id, run_id=run_id, replaced=replaced)
    return result


def _commit_guarded(
    *, scope: OwnerScope, chat_id: str, run_id: str, curator, ops: list[dict], rows: list
) -> CommitResult:
    """Commit what the curator proposed with the trust its sources earn: what derives from
    untrusted content (or from content that addresses the memory) becomes its own proposal
    under ``<run id>:untrusted``, which the validator sends to review whole."""
    cited = [trust.Cited(str(r.pk), r.role, r.trust_tier, r.text) for r in rows]
    guarded = trust.guard(ops=ops, turns=cited, whole_window=curator.name == "llm")
    trusted, untrusted = trust.partition(guarded)
    results = [
        _commit(scope=scope, chat_id=chat_id, run_id=run, curator=curator, ops=part)
        for part, run in ((trusted, run_id), (untrusted, f"{run_id}{UNTRUSTED_RUN}"))
        if part
    ]
    if len(results) == 1:
        return results[0]
    first, second = results
    offset = len(trusted)
    shifted = [replace(r, op_index=r.op_index + offset) for r in second.results]
    return replace(first, results=[*first.results, *shifted])


@contextmanager
def _scoped(owner_sub: str, *, outermost: bool) -> Iterator[OwnerScope]:
    """The claimed chat's owner for its curation. In a transaction of its own (a worker's)
    the owner is set once and ends with the transaction; a nested scope saves and restores
    the caller's owner (four more round trips per window)."""
    if outermost:
        yield activate_owner(owner_sub)
        return
    with owner_scope(owner_sub) as scope:
        yield scope


def _claim(moment: datetime) -> CuratorQueue | None:
    """Take the chat due first that no other worker holds (``FOR UPDATE SKIP LOCKED``) off
    the queue, in one statement: a failing curation rolls the removal back with the rest of
    its transaction, and the row stays locked until then."""
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(
            "DELETE FROM curator_queue WHERE id = (SELECT id FROM curator_queue"
            " WHERE due_at <= %s ORDER BY due_at LIMIT 1 FOR UPDATE SKIP LOCKED)"
            " RETURNING id, owner_sub, chat_id, due_at",
            [moment],
        )
        row = cursor.fetchone()
    if row is None:
        return None
    pk, owner_sub, chat_id, due_at = row
    return CuratorQueue(pk=pk, owner_sub=owner_sub, chat_id=chat_id, due_at=due_at)


def curate_due(*, limit: int = 20, now: datetime | None = None) -> int:
    """Claim due chats one by one (``FOR UPDATE SKIP LOCKED``) and curate each in its own
    transaction; return how many were curated. Several workers never take the same chat;
    a failing chat is retried a minute later with its watermark and run id unchanged."""
    load_models()
    done = 0
    for _ in range(limit):
        moment = now or timezone.now()
        claimed = None
        try:
            outermost = not connections[APP_DB].in_atomic_block
            with transaction.atomic(using=APP_DB):
                claimed = _claim(moment)
                if claimed is None:
                    break
                with _scoped(claimed.owner_sub, outermost=outermost) as scope:
                    curate_window(scope=scope, chat_id=claimed.chat_id)
                counter_add(name="curator_runs")
                done += 1
        except Exception as error:
            if claimed is None:
                raise
            if isinstance(error, OverBudget):  # deferred, not failed: the watermark stays
                log.info("curation of %s deferred: %s", claimed.chat_id, error)
                delay = DEFER_OVER_BUDGET
            elif isinstance(error, Conflict | IntegrityError):
                # another commit of the owner changed the same rows: the retry sees them
                log.info("curation of %s met a concurrent commit: %s", claimed.chat_id, error)
                counter_add(name="curator_runs")
                counter_add(name="commit_conflicts_retried")
                delay = RETRY_AFTER
            else:
                counter_add(name="curator_runs")
                counter_add(name="curator_errors")
                log.exception("curating chat %s of %s failed", claimed.chat_id, claimed.owner_sub)
                delay = RETRY_AFTER
            CuratorQueue.objects.filter(pk=claimed.pk).update(due_at=moment + delay)
    return done
