"""The Known World State block for the next agent run (push, hot path).

No embedding, no LLM, a bounded number of queries. The build is a pipeline, one module a
step: the message is linked to the entities it names, then

- ``gather``: their current facts and relationships (one more hop only over
  ``inference_enabled`` predicates from trusted sources), the owner's own profile
  (``person:me``), every active policy, a few recent events with their causes, the coding
  slice of the repos in play;
- ``classify``: which section each fact belongs to;
- ``rank``: scope resolution (the most specific value per subject and predicate), the
  order within a section, the part of the owner's profile this message needs;
- ``fit``: the lines and the budget, which drops from the bottom but never policies or
  current facts of linked entities;
- ``render``: the block, as the English markdown agents parse or in the person's language.

Correction notices of the chat (a value curation changed or corrected) are appended once
and then never again. Memory never breaks a run: any error yields an empty block.
"""

from __future__ import annotations

import logging
import time

from django.db import transaction
from django.utils import timezone

from infra.metrics import context_build_observe
from infra.routers import APP_DB
from infra.tracing import span
from worldmemory import codemode, labels
from worldmemory.context.classify import classify
from worldmemory.context.fit import (
    coding_lines,
    event_lines,
    fact_lines,
    fit,
    policy_lines,
    preference_lines,
)
from worldmemory.context.gather import gather
from worldmemory.context.language import block_language
from worldmemory.context.rank import SELF_UNRELATED, resolve_scopes, self_facts_for
from worldmemory.context.render import AgentPhrasing, PersonPhrasing, Phrasing
from worldmemory.linker import link_message
from worldmemory.models import ResolvedRelationType
from worldmemory.notices import notices_block, notices_claim, notices_waiting
from worldmemory.reads.resolution import entities_by_refs
from worldmemory.reflection.escalation import reflection_context
from worldmemory.tenancy import OwnerScope

__all__ = ["OWNER_SELF", "SELF_UNRELATED", "build_context", "inference_predicates"]

log = logging.getLogger(__name__)

OWNER_SELF = "person:me"
AGENT = None  # ``language`` for the English markdown with refs and keys (seed 000 app. B)


def build_context(
    *,
    scope: OwnerScope,
    message: str,
    chat_id: str | None = None,
    budget_tokens: int = 1500,
    scope_refs: tuple[str, ...] = (),
    language: str | None = AGENT,
) -> dict:
    """The block and its data; never raises (an error yields an empty block).

    ``language``: ``None`` for the agents' English markdown (refs, keys, recording days),
    ``"de"``/``"en"`` for the block in that language with labels and valid time, ``"auto"``
    for the person's language (see ``worldmemory.context.language``)."""
    started = time.perf_counter()
    with span("context.build", budget_tokens=budget_tokens) as building:
        try:
            result = _build(
                scope=scope,
                message=message,
                budget_tokens=budget_tokens,
                scope_refs=scope_refs,
                language=language,
            )
            if chat_id:  # a session: the reflection tiers, only as deep as the message needs
                result = reflection_context(
                    scope=scope,
                    message=message,
                    chat_id=chat_id,
                    budget_tokens=budget_tokens,
                    base=result,
                )
        except Exception as error:  # memory must never break a run
            log.exception("context build failed for chat %s", chat_id)
            result = {"text": "", "data": {}, "error": f"{type(error).__name__}: {error}"}
        if "error" not in result:
            result = _with_notices(scope=scope, chat_id=chat_id, result=result)
        elapsed = time.perf_counter() - started
        context_build_observe(seconds=elapsed, failed="error" in result)
        result["elapsed_ms"] = round(elapsed * 1000, 2)
        data = result["data"]
        building.set(
            elapsed_ms=result["elapsed_ms"],
            linked_entities=len(data.get("linked", [])),
            tokens=int(data.get("tokens", 0)),
            failed="error" in result,
        )
    return result


def _with_notices(*, scope: OwnerScope, chat_id: str | None, result: dict) -> dict:
    """Carry the chat's undelivered correction notices (every chat's when none is named),
    each exactly once: claiming them records their delivery."""
    try:
        claimed = []
        if notices_waiting(scope=scope, chat_id=chat_id):
            with transaction.atomic(using=APP_DB):
                claimed = notices_claim(scope=scope, chat_id=chat_id, by="context")
    except Exception:  # a notice not delivered now is delivered next time
        log.exception("claiming the notices of chat %s failed", chat_id)
        return result
    result["data"]["notices"] = claimed
    if claimed:
        result["text"] = f"{result['text']}\n\n{notices_block(claimed)}"
    return result


def _build(
    *,
    scope: OwnerScope,
    message: str,
    budget_tokens: int,
    scope_refs: tuple[str, ...],
    language: str | None,
) -> dict:
    now = timezone.now()
    known = entities_by_refs(scope=scope, refs={OWNER_SELF, *scope_refs})
    me = known.get(OWNER_SELF)
    scope_entities = [known[r] for r in scope_refs if r in known]
    linking = link_message(
        scope=scope, message=message, scope_ids=[e.pk for e in scope_entities], now=now
    )
    gathered = gather(
        scope=scope,
        linking=linking,
        me=me,
        scope_entities=scope_entities,
        expandable=inference_predicates(scope=scope),
        now=now,
    )
    me_ref = me.ref if me else None
    linked_refs = {c.ref for c in linking.linked}
    phrasing: Phrasing = AgentPhrasing()
    if language is not AGENT:
        chosen = block_language(
            requested=language, facts=gathered.facts, me_ref=me_ref, message=message
        )
        phrasing = PersonPhrasing(language=chosen, names=gathered.names)

    buckets = classify(gathered.facts, linked_refs=linked_refs, me_ref=me_ref)
    scope_chain = {e.ref for e in scope_entities}
    facts, conflicts = resolve_scopes(buckets.about_linked + buckets.further, scope_chain)
    preferences, _ = resolve_scopes(buckets.preferences, scope_chain)
    with labels.read_once(_label_registries(scope)) as registries, phrasing.speaking():
        preferences = self_facts_for(
            preferences,
            message=message,
            linked_refs=linked_refs,
            budget_tokens=budget_tokens,
            line_of=phrasing.fact_line,
        )
        if gathered.coding:  # conventions show once, resolved, in the coding slice
            preferences = [
                f for f in preferences if f["predicate"] not in codemode.CONVENTION_PREDICATES
            ]
        lines = [
            *fact_lines(facts, conflicts=conflicts, linked_refs=linked_refs, phrasing=phrasing),
            *preference_lines(preferences, phrasing=phrasing),
            *event_lines(gathered.events, phrasing=phrasing),
            *policy_lines(buckets.policies, phrasing=phrasing),
            *coding_lines(gathered.coding, phrasing=phrasing),
        ]
        kept, dropped = fit(lines, budget_tokens)
        linked = [c.ref for c in linking.linked]
        text = phrasing.block(kept, linked=linked, me=me_ref)
    _keep_label_registries(scope, registries)
    return {
        "text": text,
        "data": {
            "linked": [{"span": s, "ref": r} for s, r in linking.spans.items()],
            "unresolved": [{"span": s, "candidates": c} for s, c in linking.unresolved.items()],
            "facts": facts,
            "policies": buckets.policies,
            "preferences": preferences,
            "events": [e for e in gathered.events if e["salient"]],
            "coding": gathered.coding,
            "dropped": [line.text for line in dropped],
            "tokens": sum(line.tokens for line in kept),
            **({"language": phrasing.language} if isinstance(phrasing, PersonPhrasing) else {}),
        },
    }


_inference_cache: dict[str, tuple[float, frozenset[str]]] = {}
REGISTRY_TTL_SECONDS = 60
INFERENCE_CACHE_OWNERS = 1000
# the registries the labels of a block come from, per owner, like the inference predicates:
# re-read at most once a minute (a relabelling in the admin shows in the block within it)
LABEL_REGISTRIES = ("ResolvedRelationType", "ResolvedEventType")
_label_cache: dict[str, tuple[float, dict]] = {}


def _label_registries(scope: OwnerScope) -> dict:
    loaded_at, registries = _label_cache.get(scope.owner_sub, (0.0, {}))
    return registries if time.monotonic() - loaded_at <= REGISTRY_TTL_SECONDS else {}


def _keep_label_registries(scope: OwnerScope, cache: dict) -> None:
    registries = {name: cache[name] for name in LABEL_REGISTRIES if name in cache}
    held = _label_registries(scope)
    if all(held.get(name) is rows for name, rows in registries.items()):
        return  # nothing read afresh
    if len(_label_cache) >= INFERENCE_CACHE_OWNERS:
        _label_cache.clear()
    _label_cache[scope.owner_sub] = (time.monotonic(), registries)


def inference_predicates(*, scope: OwnerScope) -> frozenset[str]:
    """The owner's predicates (own, then core) with ``inference_enabled``, re-read at most
    once a minute per owner: vocabulary changes rarely, and the context path reads it on
    every build. Keyed by owner, so one owner's vocabulary never expands another's graph."""
    loaded_at, predicates = _inference_cache.get(scope.owner_sub, (0.0, frozenset()))
    if time.monotonic() - loaded_at > REGISTRY_TTL_SECONDS:
        predicates = frozenset(
            ResolvedRelationType.objects.filter(inference_enabled=True).values_list(
                "predicate", flat=True
            )
        )
        if len(_inference_cache) >= INFERENCE_CACHE_OWNERS:
            _inference_cache.clear()
        _inference_cache[scope.owner_sub] = (time.monotonic(), predicates)
    return predicates
