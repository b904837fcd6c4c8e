"""Consolidation without evidence loss (seed 003): many observations → one derived insight.

Rule-based and deterministic: experiences recorded during periods of one type (the
owner's holidays) whose statements share a theme (physical activity, meditation, …)
become one insight once there are enough of them across enough periods. The insight
says exactly that and no more — "in deinen bisherigen Urlauben", never "immer" — keeps
the label "derived", links ``derived_from`` to every piece of evidence, records how many
there are and which time they cover, and its confidence never exceeds the weakest
evidence. The evidence stays as it is. Derived patterns go to review (validator).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta
from uuid import UUID

from django.utils import timezone

from worldmemory import temporal
from worldmemory.models import Entity, ProposalOp
from worldmemory.reflection import selectors
from worldmemory.reflection.operations import (
    Provenance,
    op_edge,
    op_entity,
    op_fact,
    reflection_commit,
)
from worldmemory.refs import normalize_alias
from worldmemory.tenancy import OwnerScope

MIN_EVIDENCE = 3
MIN_PERIODS = 2


@dataclass(frozen=True)
class Theme:
    key: str
    label: str  # as it appears in the insight
    stems: tuple[str, ...]  # word beginnings, accent-folded


THEMES = (
    Theme(
        "physical-activity",
        "körperliche Aktivität",
        (
            "schwimm", "geschwomm", "wander", "gewander", "spazier", "jogg", "lauf", "gelauf",
            "radfahr", "radtour", "fahrrad", "kletter", "geklettert", "surf", "tauch", "getaucht",
            "ski", "yoga", "tennis", "paddel", "segel", "rudern", "swim", "hik", "walk", "run",
            "cycl", "bike", "climb", "div", "kayak", "sail", "row",
        ),
    ),
    Theme("meditation", "Meditation", ("meditier", "meditat", "achtsam", "mindful")),
    Theme("reading", "Lesen", ("lese", "gelesen", "buch", "roman", "read", "book", "novel")),
)  # fmt: skip
PERIOD_LABELS = {"holiday": "Urlauben", "urlaub": "Urlauben"}


def theme_of(text: str) -> list[Theme]:
    words = re.findall(r"[a-z]+", normalize_alias(text))
    return [t for t in THEMES if any(w.startswith(t.stems) for w in words)]


@dataclass
class Observation:
    experience: Entity
    statement: str
    at: object
    confidence: float
    periods: list[UUID]
    sources: list[str]


def _observations(scope: OwnerScope, period_type: str) -> tuple[list[Observation], dict]:
    """Experiences during periods of ``period_type``, with their statements and sources."""
    periods = selectors.reflection_entities(scope=scope, kind="life_period")
    facts = selectors.current_by_entity(scope=scope, entity_ids=[p.pk for p in periods])
    chosen = {
        p.pk: p
        for p in periods
        if str(selectors.value_of(facts[p.pk], "period_type") or "").casefold() == period_type
    }
    if not chosen:
        return [], {}
    edges = [
        r
        for r in temporal.incoming_current(scope=scope, entity_ids=list(chosen))
        if r.predicate_id == "during"
    ]
    by_experience: dict[UUID, list[UUID]] = {}
    for edge in edges:
        by_experience.setdefault(edge.subject_entity_id, []).append(edge.object_entity_id)
    experiences = selectors.reflection_entities(
        scope=scope, kind="experience", ids=list(by_experience)
    )
    current = selectors.current_by_entity(scope=scope, entity_ids=[e.pk for e in experiences])
    found = []
    for experience in experiences:
        rows = current[experience.pk]
        statement_row = next((r for r in rows if r.predicate_id == "statement"), None)
        if statement_row is None:
            continue
        during = [r for r in rows if r.predicate_id == "during"]
        found.append(
            Observation(
                experience=experience,
                statement=str(statement_row.object_value),
                at=statement_row.valid_from,
                # the weakest link: what was said, and that it was in such a period
                confidence=min([statement_row.confidence, *(r.confidence for r in during)]),
                periods=by_experience[experience.pk],
                sources=selectors.message_ids_of(
                    [(r.evidence or {}).get("ref") for r in rows if r.evidence]
                ),
            )
        )
    return found, chosen


def consolidation_run(
    *,
    scope: OwnerScope,
    period_type: str = "holiday",
    min_evidence: int = MIN_EVIDENCE,
    min_periods: int = MIN_PERIODS,
) -> list[dict]:
    """Propose one insight per theme that enough observations in enough periods share.

    An insight whose evidence is already linked is left alone (idempotent); new evidence
    for it is proposed as additional ``derived_from`` edges with an updated derivation."""
    observations, periods = _observations(scope, period_type)
    proposals = []
    for theme in THEMES:
        matching = [o for o in observations if theme in theme_of(o.statement)]
        covered = {p for o in matching for p in o.periods}
        if len(matching) < min_evidence or len(covered) < min_periods:
            continue
        ref = f"insight:{period_type}-{theme.key}"
        existing = Entity.objects.filter(
            owner_sub=scope.owner_sub, kind_id="insight", slug=ref.split(":", 1)[1]
        ).first()
        linked: set[UUID] = set()
        if existing is not None:
            rows = selectors.current_by_entity(scope=scope, entity_ids=[existing.pk])
            linked = set(selectors.targets_of(rows[existing.pk], "derived_from"))
        new = [o for o in matching if o.experience.pk not in linked]
        awaiting = ProposalOp.objects.filter(
            owner_sub=scope.owner_sub, decision="pending", payload__subject_ref=ref
        ).exists()
        if not new or awaiting:  # nothing new, or the last proposal is still in review
            continue
        proposals.append(_propose(scope, ref, theme, period_type, matching, new, periods))
    return proposals


def _propose(scope, ref, theme, period_type, matching, new, periods) -> dict:
    first = min(o.at for o in matching)
    last = max(o.at for o in matching)
    covered = sorted({periods[p].ref for o in matching for p in o.periods if p in periods})
    label = PERIOD_LABELS.get(period_type, period_type)
    statement = (
        f"In deinen bisherigen {label} spielt {theme.label} häufig eine Rolle "
        f"({len(matching)} Beobachtungen aus {len(covered)} {label}, "
        f"{first:%Y-%m} bis {last:%Y-%m})."
    )
    support = len(matching) / (len(matching) + 2)  # few observations, little certainty
    confidence = round(min(support, *(o.confidence for o in matching)), 2)
    sources = sorted({str(s) for o in matching for s in o.sources})
    derivation = {
        "label": "derived",
        "method": "rules:theme-in-period",
        "theme": theme.key,
        "evidence_count": len(matching),
        "period": {"from": first.isoformat(), "to": last.isoformat()},
        # the scope the evidence supports, and no wider
        "scope": {"period_type": period_type, "periods": covered},
        "sources": sources,
    }
    how = Provenance.derived(what=statement, ref=None, confidence=confidence)
    ops = [
        op_entity(ref, f"{theme.label} in {label}", how),
        op_fact(ref, "statement", statement, how),
        op_fact(ref, "derivation", derivation, how),
        op_fact(
            ref,
            "lifecycle_state",
            {
                "state": "candidate",
                "trigger": f"consolidated from {len(matching)} observations",
                "origin": "rules",
                "sources": [f"source_message:{s}" for s in sources],
            },
            how,
        ),
    ]
    for observation in new:
        edge = Provenance.derived(
            what=observation.statement,
            ref=f"entity:{observation.experience.ref}",
            confidence=confidence,
        )
        ops.append(op_edge(ref, "derived_from", observation.experience.ref, edge))
    result = reflection_commit(scope=scope, ops=ops, purpose="consolidation")
    return {
        "ref": ref,
        "statement": statement,
        "confidence": confidence,
        "evidence": sorted(o.experience.ref for o in matching),
        "proposal_id": str(result.proposal_id),
        "decisions": sorted({r.decision for r in result.results}),
    }


CONSOLIDATION_SCHEDULE = "gd-consolidate:{owner}"
CONSOLIDATION_DELAY = timedelta(minutes=10)


def consolidation_schedule(*, scope: OwnerScope) -> None:
    """Run the consolidation a while after the last new observation (one pending run per
    owner, pushed back by each observation: ids only, like the curator queue)."""
    from django_q.models import Schedule

    name = CONSOLIDATION_SCHEDULE.format(owner=scope.owner_sub)[:100]
    defaults = {
        "func": "worldmemory.reflection.tasks.consolidate",
        "args": repr((scope.owner_sub,)),
        "schedule_type": Schedule.ONCE,
        "repeats": 1,
        "next_run": timezone.now() + CONSOLIDATION_DELAY,
    }
    if not Schedule.objects.filter(name=name).update(**defaults):
        Schedule.objects.create(name=name, **defaults)
