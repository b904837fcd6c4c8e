"""The Known World State block for the next agent run (push, hot path).

No embedding, no LLM, a bounded number of queries: link the message, read the
current facts and relationships of what it names (one more hop only over
``inference_enabled`` predicates from trusted sources), the owner's own profile
(``person:me``), every active policy and a few recent events with their causes.
Scope resolution keeps the most specific value per (subject, predicate); the
budget drops from the bottom but never policies or current facts of linked
entities. Correction notices of the chat (a value curation changed or corrected) are
appended once and then never again. Memory never breaks a run: any error yields an
empty block.
"""

from __future__ import annotations

import functools
import logging
import math
import re
import time
from dataclasses import dataclass
from datetime import timedelta
from uuid import UUID

from django.db import connections, transaction
from django.utils import timezone

from gedaechtnis.metrics import context_build_observe
from gedaechtnis.routers import APP_DB
from gedaechtnis.tracing import span
from worldmemory import codemode, render, temporal
from worldmemory.intent import LATEST_OUTCOME_SQL
from worldmemory.linker import link_message
from worldmemory.models import ResolvedRelationType
from worldmemory.notices import notices_block, notices_claim, notices_waiting
from worldmemory.reads.facts import fact_dicts
from worldmemory.reflection.escalation import reflection_context
from worldmemory.refs import normalize_alias
from worldmemory.resolution import entities_by_refs
from worldmemory.tenancy import OwnerScope

log = logging.getLogger(__name__)

OWNER_SELF = "person:me"
EVENT_LIMIT = 5
# bookkeeping, not news: an intent's outcome is shown on the intent's own line instead
HIDDEN_EVENTS = list(codemode.HIDDEN_EVENTS)
# device/task/session > chat > project/folder/repo > person > global (seed 000 §8)
SCOPE_RANK = {
    "device": 0,
    "task": 0,
    "session": 0,
    "chat": 1,
    "project": 2,
    "folder": 2,
    "repo": 2,
    "person": 3,
}
GLOBAL_RANK = 4


@dataclass
class Line:
    section: str
    text: str
    keep: bool  # policies and current facts of linked entities are never dropped
    order: tuple

    @property
    def tokens(self) -> int:
        return math.ceil(len(self.text) / 4)  # approximate, but the same for every line


def _scope_rank(fact: dict) -> int:
    if not fact["scope_ref"]:
        return GLOBAL_RANK
    return SCOPE_RANK.get(fact["scope_kind"] or "", GLOBAL_RANK - 1)


def resolve_scopes(facts: list[dict], scope_refs: set[str]) -> tuple[list[dict], set[str]]:
    """Keep facts of the current scope chain; per functional (subject, predicate) the most
    specific scope wins, then priority, then the newer. Returns the kept facts and the ids
    of functional slots that still hold several values (conflicts)."""
    applicable = [f for f in facts if not f["scope_ref"] or f["scope_ref"] in scope_refs]
    best: dict[tuple, list[dict]] = {}
    kept = []
    for fact in applicable:
        if not fact["functional"]:
            kept.append(fact)
            continue
        best.setdefault((fact["subject_ref"], fact["predicate"]), []).append(fact)
    conflicts = set()
    for rows in best.values():
        rows.sort(key=lambda f: (_scope_rank(f), -f["priority"], -f["recorded_at"].timestamp()))
        top = [r for r in rows if _scope_rank(r) == _scope_rank(rows[0])]
        values = {render.value_text(r) for r in top}
        kept.append(rows[0])
        if len(values) > 1:  # e.g. two merged entities that disagree
            conflicts.add(rows[0]["id"])
    return kept, conflicts


def _rank_key(fact: dict) -> tuple:
    return (
        _scope_rank(fact),
        -fact["priority"],
        -fact["confidence"],
        -fact["recorded_at"].timestamp(),
    )


_inference_cache: dict[str, tuple[float, frozenset[str]]] = {}
REGISTRY_TTL_SECONDS = 60
INFERENCE_CACHE_OWNERS = 1000


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


def _fact_rows(scope: OwnerScope, branches: list[str], params: dict) -> list[temporal.FactRow]:
    """Current facts (believed and valid now) matching any branch, in one query. A UNION
    rather than OR, so each branch uses its own index. Evidence is not read: the block
    shows provenance, not quotes."""
    current = (
        f"SELECT {temporal.FACT_COLUMNS_WITHOUT_EVIDENCE} FROM facts WHERE owner_sub = %(owner)s"
        f" AND {temporal.BELIEVED_NOW_SQL} AND {temporal.VALID_AT_SQL.format(v='now')}"
    )
    sql = " UNION ".join(f"{current} AND ({branch})" for branch in branches)
    return temporal.fetch_rows(sql, {"owner": scope.owner_sub, "now": timezone.now(), **params})


def _events(scope: OwnerScope, entity_ids: list[UUID]) -> list[dict]:
    """Recent events of the linked entities with their direct causes and effects."""
    if not entity_ids:
        return []
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(
            "WITH recent AS (SELECT id, caused_by_event_id FROM world_events"
            " WHERE owner_sub = %(o)s AND target_entity_id = ANY(%(ids)s)"
            " AND event_type <> ALL(%(hidden)s)"
            " ORDER BY occurred_at DESC LIMIT %(n)s)"
            f" SELECT e.id, e.event_type, e.occurred_at, e.summary, e.intent, {LATEST_OUTCOME_SQL},"
            " e.caused_by_event_id, e.run_id, e.id IN (SELECT id FROM recent) AS salient"
            " FROM world_events e WHERE e.owner_sub = %(o)s AND (e.id IN (SELECT id FROM recent)"
            " OR e.id IN (SELECT caused_by_event_id FROM recent)"
            " OR (e.caused_by_event_id IN (SELECT id FROM recent)"
            " AND e.event_type <> ALL(%(hidden)s)))"
            " ORDER BY e.occurred_at",
            {"o": scope.owner_sub, "ids": entity_ids, "n": EVENT_LIMIT, "hidden": HIDDEN_EVENTS},
        )
        columns = [c.name for c in cursor.description]
        return [dict(zip(columns, row, strict=True)) for row in cursor.fetchall()]


def _event_lines(events: list[dict]) -> list[Line]:
    by_id = {e["id"]: e for e in events}
    lines = []
    for event in (e for e in events if e["salient"]):
        text = f"- {render.day(event['occurred_at'])} {event['summary'] or event['event_type']}"
        cause = by_id.get(event["caused_by_event_id"])
        if cause:
            text = (
                f"- {render.day(cause['occurred_at'])} {cause['summary'] or cause['event_type']}"
                f" → {event['summary'] or event['event_type']}"
            )
        effects = [e for e in events if e["caused_by_event_id"] == event["id"]]
        if effects:
            text += " → " + ", ".join(e["summary"] or e["event_type"] for e in effects)
        if event["intent"]:
            text += f"   [Absicht: {event['intent']} · {event['intent_outcome'] or 'offen'}]"
        lines.append(Line("events", text, False, (-event["occurred_at"].timestamp(),)))
    return lines


def _fact_line(fact: dict, *, conflict: bool) -> str:
    mark = "⚠ " if conflict else ""
    if fact["object_ref"]:
        return f"- {mark}{fact['predicate']} → {fact['object_ref']}   {render.provenance(fact)}"
    return f"- {mark}{fact['predicate']}: {render.value_text(fact)}   {render.provenance(fact)}"


def build_context(
    *,
    scope: OwnerScope,
    message: str,
    chat_id: str | None = None,
    budget_tokens: int = 1500,
    scope_refs: tuple[str, ...] = (),
) -> dict:
    """The block and its data; never raises (an error yields an empty block)."""
    started = time.perf_counter()
    with span("context.build", budget_tokens=budget_tokens) as building:
        try:
            result = _build(
                scope=scope, message=message, budget_tokens=budget_tokens, scope_refs=scope_refs
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
    *, scope: OwnerScope, message: str, budget_tokens: int, scope_refs: tuple[str, ...]
) -> dict:
    now = timezone.now()
    known = entities_by_refs(scope=scope, refs={OWNER_SELF, *scope_refs})
    me = known.get(OWNER_SELF)
    scope_entities = [known[r] for r in scope_refs if r in known]
    linking = link_message(
        scope=scope, message=message, scope_ids=[e.pk for e in scope_entities], now=now
    )
    linked_ids = [c.id for c in linking.linked]
    refs = {c.id: c.ref for c in linking.linked}
    if me:
        refs[me.pk] = me.ref

    # one read: the linked entities' facts and edges, one hop further over trusted
    # inference-enabled edges, the owner's own profile and every active policy
    current = _fact_rows(
        scope,
        [
            "subject_entity_id = ANY(%(ids)s)",
            "object_entity_id = ANY(%(ids)s)",
            "subject_entity_id = %(me)s",
            "memory_type = 'policy'",
            "subject_entity_id IN (SELECT id FROM entities WHERE owner_sub = %(owner)s"
            " AND kind = 'policy')",
        ],
        {"ids": linked_ids, "me": me.pk if me else None},
    )
    # one hop further, only over trusted edges whose predicate allows inference
    expandable = inference_predicates(scope=scope)
    hop = {
        row.object_entity_id
        for row in current
        if row.subject_entity_id in refs
        and row.predicate_id in expandable
        and row.source_trust_tier == "trusted"
        and row.object_entity_id
    }
    if hop:
        current += _fact_rows(
            scope,
            ["subject_entity_id = ANY(%(hop)s) AND predicate = ANY(%(expandable)s)"],
            {"hop": list(hop), "expandable": list(expandable)},
        )
    scope_chain = {e.ref for e in scope_entities}
    data = fact_dicts(current, as_of=now, known=refs)
    linked_refs = {c.ref for c in linking.linked}
    about_linked = [
        f for f in data if f["subject_ref"] in linked_refs or f["object_ref"] in linked_refs
    ]
    policies = [
        f
        for f in data
        if f["memory_type"] == "policy" or (f["subject_ref"] or "").startswith("policy:")
    ]
    preferences = [
        f
        for f in data
        if me and f["subject_ref"] == me.ref and f not in policies and f not in about_linked
    ]
    further = [
        f for f in data if f not in about_linked and f not in policies and f not in preferences
    ]
    facts, conflicts = resolve_scopes(about_linked + further, scope_chain)
    preferences, _ = resolve_scopes(preferences, scope_chain)
    preferences = self_facts_for(
        preferences, message=message, linked_refs=linked_refs, budget_tokens=budget_tokens
    )

    lines: list[Line] = []
    # within a section: attributes, then outgoing, then incoming edges, each in rank order
    for fact in sorted(facts, key=lambda f: (f["object_kind"] != "literal", _rank_key(f))):
        if fact["subject_ref"] in linked_refs:
            text = _fact_line(fact, conflict=fact["id"] in conflicts)
            current = fact["object_kind"] == "literal"
            lines.append(Line(fact["subject_ref"], text, current, _rank_key(fact)))
    for fact in sorted(facts, key=_rank_key):
        if fact["subject_ref"] in linked_refs:
            continue
        if fact["object_ref"] in linked_refs:
            text = f"- ← {fact['predicate']} — {fact['subject_ref']}"
            lines.append(Line(fact["object_ref"], text, False, _rank_key(fact)))
        else:  # one hop further over an inference-enabled predicate
            text = f"- {fact['subject_ref']} {fact['predicate']} → {fact['object_ref']}"
            lines.append(Line("related", text, False, _rank_key(fact)))
    coding = _coding_lines(scope, scope_entities, linking.linked)
    if coding["slices"]:  # conventions show once, resolved, in the coding slice
        preferences = [
            f for f in preferences if f["predicate"] not in codemode.CONVENTION_PREDICATES
        ]
    for fact in sorted(preferences, key=_rank_key):
        lines.append(Line("user", _fact_line(fact, conflict=False), False, _rank_key(fact)))
    events = _events(scope, linked_ids)
    lines += _event_lines(events)
    for fact in sorted(policies, key=_rank_key):
        text = f"- 🛡 {render.value_text(fact)}   {render.provenance(fact)}"
        lines.append(Line("policies", text, True, _rank_key(fact)))

    lines += coding["lines"]

    kept, dropped = _fit(lines, budget_tokens)
    text = render.context_text(
        kept, linked=[c.ref for c in linking.linked], me=me.ref if me else None
    )
    return {
        "text": text,
        "data": {
            "linked": [{"span": s, "ref": r} for s, r in linking.spans.items()],
            "unresolved": [{"span": s, "candidates": c} for s, c in linking.unresolved.items()],
            "facts": facts,
            "policies": policies,
            "preferences": preferences,
            "events": [e for e in events if e["salient"]],
            "coding": coding["slices"],
            "dropped": [line.text for line in dropped],
            "tokens": sum(line.tokens for line in kept),
        },
    }


def _coding_lines(scope: OwnerScope, scope_entities: list, linked: list) -> dict:
    """Code mode: the coding slice of each repo the chat names or the request is scoped to
    (no query at all when there is none)."""
    repos = {e.pk: e.ref for e in scope_entities if e.kind_id == codemode.REPO_KIND}
    repos.update({c.id: c.ref for c in linked if c.ref.startswith(f"{codemode.REPO_KIND}:")})
    slices = codemode.coding_slice(scope=scope, repos=repos)
    lines = [
        Line(f"coding {coding['repo']}", text, False, (1, index))
        for coding in slices
        for index, text in enumerate(codemode.slice_lines(coding))
    ]
    return {"lines": lines, "slices": slices}


SELF_UNRELATED = 12  # facts about the owner that the message does not touch, at most
SELF_SHARE = 0.4  # of the budget the owner's own profile may take
SELF_RECENT = timedelta(days=30)
WORD = re.compile(r"[a-z0-9]{3,}")


@functools.lru_cache(maxsize=4096)
def _words(text: str) -> frozenset[str]:
    """The words of a predicate or value (the same few recur on every build)."""
    return frozenset(WORD.findall(normalize_alias(text)))


def self_facts_for(
    facts: list[dict], *, message: str, linked_refs: set[str], budget_tokens: int
) -> list[dict]:
    """The situational personal model: of the owner's own facts, those the message needs
    first — linked to an entity it names, a predicate or value it speaks of, recently
    said — then the rest in rank order, up to a few and a share of the budget. (Policies
    are not among them: they are always kept.)"""
    said = _words(message)
    now = timezone.now()

    def relevance(fact: dict) -> float:
        score = 0.0
        if fact.get("object_ref") in linked_refs:
            score += 3
        words = _words(fact["predicate"].replace("_", " ")) | _words(str(fact.get("value") or ""))
        score += 2 * len(words & said)
        if temporal.recorded_within(fact, now=now, window=SELF_RECENT):
            score += 0.5
        return score

    # each fact's relevance once: it orders them and then decides what is "related"
    scored = sorted(((relevance(f), f) for f in facts), key=lambda s: (-s[0], _rank_key(s[1])))
    room = budget_tokens * SELF_SHARE
    chosen, unrelated = [], 0
    for score, fact in scored:
        related = score >= 2
        if not related and unrelated >= SELF_UNRELATED:
            continue
        cost = len(_fact_line(fact, conflict=False)) / 4
        if chosen and cost > room:
            continue
        chosen.append(fact)
        room -= cost
        unrelated += not related
    return chosen


def _fit(lines: list[Line], budget: int) -> tuple[list[Line], list[Line]]:
    """Keep what must stay; fill the rest of the budget in rank order, drop the overflow."""
    must = [line for line in lines if line.keep]
    used = sum(line.tokens for line in must)
    optional = sorted((line for line in lines if not line.keep), key=lambda line: line.order)
    kept, dropped = list(must), []
    for line in optional:
        if used + line.tokens <= budget:
            kept.append(line)
            used += line.tokens
        else:
            dropped.append(line)
    order = {id(line): index for index, line in enumerate(lines)}
    return sorted(kept, key=lambda line: order[id(line)]), dropped
