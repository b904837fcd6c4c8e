"""Consolidation without evidence loss (seed 003): many observations → one derived insight.

Experiences cluster by similarity, not by a table of themes: by meaning (the embedding
model), by time (told within a few weeks of each other) and by the names they share.
Experiences recorded during periods of one type (the owner's holidays) cluster among
themselves; experiences in no period among themselves. A cluster with enough members across
enough periods (or sessions) becomes one insight that says exactly that and no more — "in
deinen bisherigen Urlauben", never "immer" — keeps the label "derived", links
``derived_from`` to every experience it rests on, records how many there are and which time
they cover, and its confidence never exceeds the weakest evidence. An experience the owner
called unimportant is no evidence. The evidence stays as it is. Derived patterns go to
review (validator).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import timedelta
from uuid import UUID

import numpy as np
from django.conf import settings
from django.utils import timezone

from worldmemory import temporal
from worldmemory.bilingual import language
from worldmemory.models import Entity, ProposalOp, SourceMessage
from worldmemory.reflection import language as lang
from worldmemory.reflection import selectors
from worldmemory.reflection.operations import (
    Provenance,
    op_edge,
    op_entity,
    op_fact,
    reflection_commit,
)
from worldmemory.tenancy import OwnerScope

MIN_EVIDENCE = 3
MIN_PERIODS = 2
CLUSTER_AT = 0.35  # mean similarity two groups need to become one
NEAR_IN_TIME = timedelta(days=21)
TIME_BONUS = 0.1
NAME_BONUS = 0.1  # per shared name, at most two
PERIOD_LABELS = {"holiday": "Urlauben", "urlaub": "Urlauben"}


@dataclass
class Observation:
    experience: Entity
    statement: str
    at: object
    confidence: float
    periods: list[UUID]
    sources: list[str]
    sessions: frozenset[str]


def _observations(scope: OwnerScope, period_type: str | None) -> tuple[list[Observation], dict]:
    """Experiences during periods of ``period_type`` (or in no period at all), with their
    statements and sources; none the owner called unimportant."""
    periods = selectors.reflection_entities(scope=scope, kind="life_period")
    facts = selectors.current_by_entity(scope=scope, entity_ids=[p.pk for p in periods])
    typed = {
        p.pk: p
        for p in periods
        if str(selectors.value_of(facts[p.pk], "period_type") or "").casefold() == period_type
    }
    edges = [
        r
        for r in temporal.incoming_current(scope=scope, entity_ids=[p.pk for p in periods])
        if r.predicate_id == "during"
    ]
    by_experience: dict[UUID, list[UUID]] = {}
    for edge in edges:
        by_experience.setdefault(edge.subject_entity_id, []).append(edge.object_entity_id)
    if period_type is None:
        experiences = [
            e
            for e in selectors.reflection_entities(scope=scope, kind="experience")
            if e.pk not in by_experience
        ]
    else:
        if not typed:
            return [], {}
        chosen = [pk for pk, during in by_experience.items() if set(during) & set(typed)]
        experiences = selectors.reflection_entities(scope=scope, kind="experience", ids=chosen)
    current = selectors.current_by_entity(scope=scope, entity_ids=[e.pk for e in experiences])
    found = []
    for experience in experiences:
        rows = current[experience.pk]
        statement_row = next((r for r in rows if r.predicate_id == "statement"), None)
        if statement_row is None:
            continue
        if selectors.value_of(rows, "user_significance") == "not_important":
            continue  # the owner's word: this one counts for nothing
        during = [r for r in rows if r.predicate_id == "during"]
        sources = selectors.message_ids_of(
            [(r.evidence or {}).get("ref") for r in rows if r.evidence]
        )
        sessions = SourceMessage.objects.filter(
            owner_sub=scope.owner_sub, pk__in=sources
        ).values_list("session_external_id", flat=True)
        found.append(
            Observation(
                experience=experience,
                statement=str(statement_row.object_value),
                at=statement_row.valid_from,
                # the weakest link: what was said, and that it was in such a period
                confidence=min([statement_row.confidence, *(r.confidence for r in during)]),
                periods=[p for p in by_experience.get(experience.pk, []) if p in typed],
                sources=sources,
                sessions=frozenset(sessions),
            )
        )
    return found, typed


def _names(text: str) -> set[str]:
    words = text.split()
    return {
        lang.fold(w.strip(".,;:!?()\"'„“”"))
        for i, w in enumerate(words)
        if i > 0 and w[:1].isupper() and len(w.strip(".,;:!?")) > 2
    }


def similarity_matrix(observations: list[Observation]) -> np.ndarray:
    """Meaning, plus a little for being told close in time and for shared names."""
    from worldmemory.embedding import configured_embedder

    count = len(observations)
    embedder = configured_embedder()
    texts = [o.statement for o in observations]
    if embedder is not None:
        matrix = np.asarray(embedder.embed(texts), dtype=np.float32)
        matrix /= np.maximum(np.linalg.norm(matrix, axis=1, keepdims=True), 1e-9)
        similar = matrix @ matrix.T
    else:
        terms = [set(lang.content_terms(t)) for t in texts]
        similar = np.array(
            [[len(a & b) / (len(a | b) or 1) for b in terms] for a in terms], dtype=np.float32
        )
    names = [_names(t) for t in texts]
    for i in range(count):
        for j in range(i + 1, count):
            bonus = NAME_BONUS * min(2, len(names[i] & names[j]))
            if abs(observations[i].at - observations[j].at) <= NEAR_IN_TIME:
                bonus += TIME_BONUS
            similar[i, j] += bonus
            similar[j, i] += bonus
    return similar


def clusters_of(similar: np.ndarray, *, threshold: float = CLUSTER_AT) -> list[list[int]]:
    """Average-link clustering: the two groups with the highest mean similarity merge
    while it reaches ``threshold`` (one far-off member cannot chain two meanings)."""
    groups = [[i] for i in range(len(similar))]
    while len(groups) > 1:
        best, pair = threshold, None
        for a in range(len(groups)):
            for b in range(a + 1, len(groups)):
                mean = float(similar[np.ix_(groups[a], groups[b])].mean())
                if mean >= best:
                    best, pair = mean, (a, b)
        if pair is None:
            break
        a, b = pair
        groups[a] = sorted(groups[a] + groups[b])
        del groups[b]
    return groups


def consolidation_run(
    *,
    scope: OwnerScope,
    period_type: str | None = "holiday",
    min_evidence: int = MIN_EVIDENCE,
    min_periods: int = MIN_PERIODS,
) -> list[dict]:
    """Propose one insight per cluster of similar experiences that has enough members in
    enough periods (``period_type``), or in enough sessions (``None``: experiences in no
    period).

    An insight whose evidence is already linked is left alone (idempotent); new evidence
    for it is proposed as additional ``derived_from`` edges with an updated derivation."""
    observations, periods = _observations(scope, period_type)
    if len(observations) < min_evidence:
        return []
    similar = similarity_matrix(observations)
    existing = selectors.reflection_entities(scope=scope, kind="insight")
    rows = selectors.current_by_entity(scope=scope, entity_ids=[e.pk for e in existing])
    linked = {e.pk: set(selectors.targets_of(rows[e.pk], "derived_from")) for e in existing}
    proposals = []
    for group in clusters_of(similar):
        matching = [observations[i] for i in group]
        spread = (
            {p for o in matching for p in o.periods}
            if period_type is not None
            else {s for o in matching for s in o.sessions}
        )
        if len(matching) < min_evidence or len(spread) < min_periods:
            continue
        members = {o.experience.pk for o in matching}
        # the insight these experiences already support, if any: it grows, none is doubled
        insight = next(
            (e for e in existing if len(linked[e.pk] & members) * 2 >= len(linked[e.pk])),
            None,
        )
        first_key = min(matching, key=lambda o: (o.at, o.experience.slug)).experience.slug
        ref = insight.ref if insight else f"insight:{period_type or 'experiences'}-{first_key}"
        new = [
            o
            for o in matching
            if o.experience.pk not in (linked.get(insight.pk, set()) if insight else set())
        ]
        awaiting = ProposalOp.objects.filter(
            owner_sub=scope.owner_sub, decision="pending", payload__subject_ref=ref
        ).exists()
        if not new or awaiting:  # nothing new, or the last proposal is still in review
            continue
        proposals.append(_propose(scope, ref, period_type, matching, new, periods))
    return proposals


def _shared_words(matching: list[Observation]) -> list[str]:
    """The words more than half of the evidence shares (as first said): the wording."""
    counts: Counter = Counter()
    surfaces: dict[str, str] = {}
    for observation in matching:
        terms = lang.content_terms(observation.statement)
        counts.update(terms.keys())
        for stem, surface in terms.items():
            surfaces.setdefault(stem, surface)
    most = max(2, len(matching) // 2 + 1)  # more than half: a word of the cluster, not a pair
    return [surfaces[stem] for stem, n in counts.most_common(3) if n >= most]


def _wording(
    matching: list[Observation], period_type: str | None, periods: int, sessions: int
) -> tuple[str, str]:
    """The insight's statement and name, in the language its evidence was told in: what
    recurs, in how many observations of how many periods (or conversations), and when."""
    first = min(o.at for o in matching)
    last = max(o.at for o in matching)
    words = _shared_words(matching)
    english = language(" ".join(o.statement for o in matching)) == "en"
    opening = lang.sentences(matching[0].statement)[0][:80]
    if english:
        what = ", ".join(f"“{w}”" for w in words) if words else f"“{opening}” and the like"
        if period_type is not None:
            return (
                f"In your holidays so far, {what} comes up again ({len(matching)} "
                f"observations from {periods} holidays, {first:%Y-%m} to {last:%Y-%m}).",
                f"{', '.join(words) or 'Similar'} in holidays",
            )
        return (
            f"Between {first:%Y-%m-%d} and {last:%Y-%m-%d}, {what} comes up again "
            f"({len(matching)} observations from {sessions} conversations).",
            f"{', '.join(words) or 'Similar experiences'} {first:%Y-%m}–{last:%Y-%m}",
        )
    what = "„" + "“, „".join(words) + "“" if words else f"„{opening}“ und Ähnliches"
    if period_type is not None:
        label = PERIOD_LABELS.get(period_type, period_type)
        return (
            f"In deinen bisherigen {label} kehrt {what} wieder "
            f"({len(matching)} Beobachtungen aus {periods} {label}, "
            f"{first:%Y-%m} bis {last:%Y-%m}).",
            f"{', '.join(words) or 'Ähnliches'} in {label}",
        )
    return (
        f"Zwischen {first:%Y-%m-%d} und {last:%Y-%m-%d} kehrt {what} wieder "
        f"({len(matching)} Beobachtungen aus {sessions} Gesprächen).",
        f"{', '.join(words) or 'Ähnliche Erlebnisse'} {first:%Y-%m}–{last:%Y-%m}",
    )


def _propose(scope, ref, period_type, matching, new, periods) -> dict:
    first = min(o.at for o in matching)
    last = max(o.at for o in matching)
    covered = sorted({periods[p].ref for o in matching for p in o.periods if p in periods})
    sessions = sorted({s for o in matching for s in o.sessions})
    words = _shared_words(matching)
    statement, name = _wording(matching, period_type, len(covered), len(sessions))
    if period_type is not None:
        scope_value = {"period_type": period_type, "periods": covered}
    else:
        scope_value = {"from": first.isoformat(), "to": last.isoformat(), "sessions": sessions}
    support = len(matching) / (len(matching) + 2)  # few observations, little certainty
    confidence = round(min(support, *(o.confidence for o in matching)), 2)
    sources = sorted({str(s) for o in matching for s in o.sources})
    derivation = {
        "label": "derived",
        "method": "similarity:meaning+time+names",
        "shared_words": words,
        "evidence_count": len(matching),
        "period": {"from": first.isoformat(), "to": last.isoformat()},
        # the scope the evidence supports, and no wider
        "scope": scope_value,
        "sources": sources,
    }
    how = Provenance.derived(what=statement, ref=None, confidence=confidence)
    ops = [
        op_entity(ref, name, how),
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
        "next_run": timezone.now() + timedelta(seconds=settings.GD_REFLECTION_CONSOLIDATE_SECONDS),
    }
    if not Schedule.objects.filter(name=name).update(**defaults):
        Schedule.objects.create(name=name, **defaults)
