"""Promotion: transient → candidate → established, with signals, sources and history.

The lifecycle is a ``lifecycle_state`` fact whose value names the state, the trigger,
the origin (rules or the owner) and the sources; each change supersedes the previous
row, so the history stays readable with ``get_fact_history``. Significance signals are
``significance_signal`` facts whose evidence names the message that supports them. The
owner's explicit word (``user_significance``) overrides any score, both ways.
"""

from __future__ import annotations

from datetime import timedelta
from uuid import UUID

from worldmemory import temporal
from worldmemory.errors import InvalidInput, NotFound
from worldmemory.models import Entity, SourceMessage
from worldmemory.reads.resolution import entity_by_ref
from worldmemory.reflection import selectors
from worldmemory.reflection.operations import (
    Provenance,
    message_key,
    message_ref,
    op_edge,
    op_entity,
    op_fact,
    reflection_commit,
)
from worldmemory.reflection.significance import (
    ESTABLISHED_AT,
    WEIGHTS,
    Assessment,
    Signal,
    lifecycle_for,
    significance_assess,
)
from worldmemory.tenancy import OwnerScope

LIFECYCLE = ("transient", "candidate", "established")
CONNECTED_AT = 3  # distinct reflection links before connectivity counts as a signal
# a link this long after the experience: its meaning showed only later
RETROACTIVE_AFTER = timedelta(days=30)


def owner_message(*, scope: OwnerScope, message_id: UUID) -> SourceMessage:
    message = SourceMessage.objects.filter(owner_sub=scope.owner_sub, pk=message_id).first()
    if message is None:
        raise NotFound(f"no message {message_id}")
    if message.role != "user":
        raise InvalidInput(f"message {message_id} is not the owner's own ({message.role})")
    return message


def _first_sentence(text: str) -> str:
    text = " ".join(text.split())
    for end in (". ", "! ", "? "):
        if end in text:
            text = text.split(end, 1)[0] + end.strip()
            break
    return text[:240]


def lifecycle_value(*, state: str, trigger: str, origin: str, sources: list[str]) -> dict:
    if state not in LIFECYCLE:
        raise InvalidInput(f"lifecycle state must be one of {', '.join(LIFECYCLE)}")
    return {"state": state, "trigger": trigger, "origin": origin, "sources": sorted(set(sources))}


def experience_record(
    *,
    scope: OwnerScope,
    message_id: UUID,
    statement: str | None = None,
    name: str | None = None,
    periods: tuple[str, ...] = (),
    spaces: tuple[str, ...] = (),
    threads: tuple[str, ...] = (),
    follow_up: UUID | None = None,
    chat_id: str | None = None,
) -> dict:
    """An experience from one of the owner's messages: its signals, lifecycle and links.
    ``follow_up`` is the owner's next turn saying what the moment meant ("einer der
    schönsten Momente"): its words count towards the significance and it is their
    evidence.

    One identity however many contexts: the experience is one entity with an edge to each
    period, space and thread, and the message is referenced from its evidence, never
    copied. Recording the same message again adds nothing. ``name`` is what the pages
    call it (the sentence that tells the moment), ``statement`` what was said."""
    message = owner_message(scope=scope, message_id=message_id)
    later = owner_message(scope=scope, message_id=follow_up) if follow_up else None
    own = significance_assess(text=message.text)
    after = significance_assess(text=later.text) if later is not None else None
    assessment = own if after is None else _with_follow_up(own, after)
    ref = f"experience:msg-{message_key(message)}"
    said = Provenance.said(message)
    source = message_ref(message)
    existing = entity_by_ref(scope=scope, ref=ref)
    if existing is not None:
        return _experience_enrich(
            scope, existing, said, periods=periods, spaces=spaces, threads=threads, chat_id=chat_id
        )
    state = lifecycle_for(score=assessment.score, user_word=assessment.user_word)
    ops = [
        op_entity(ref, name or statement or _first_sentence(message.text), said),
        op_fact(ref, "statement", statement or _first_sentence(message.text), said),
    ]
    own_signals = {f.signal for f in own.signals}
    for found in assessment.signals:
        value = {"signal": found.signal.value, "weight": found.weight, "cue": found.cue}
        # a signal the moment's own turn does not carry was said in the follow-up
        where = message if later is None or found.signal in own_signals else later
        how = Provenance.observed(
            what=found.cue, ref=message_ref(where), valid_from=where.occurred_at
        )
        ops.append(op_fact(ref, "significance_signal", value, how))
    worded = said
    if after is not None and after.user_word:
        worded = Provenance.said(later)  # the owner's word on it came in the next turn
    if assessment.user_word:
        ops.append(op_fact(ref, "user_significance", assessment.user_word, worded))
        trigger, origin, how = f"the owner said it was {assessment.user_word}", "user", worded
    else:
        names = ", ".join(f.signal.value for f in assessment.signals) or "no signal"
        trigger, origin = f"significance {assessment.score}: {names}", "rules"
        how = Provenance.observed(what=trigger, ref=source, valid_from=message.occurred_at)
    ops.append(
        op_fact(
            ref,
            "lifecycle_state",
            lifecycle_value(state=state, trigger=trigger, origin=origin, sources=[source]),
            how,
        )
    )
    if assessment.landmark_cue and state == "established":
        ops.append(
            op_fact(ref, "landmark", {"landmark": True, "cue": assessment.landmark_cue}, said)
        )
    for predicate, targets in (("during", periods), ("in_space", spaces), ("part_of", threads)):
        for target in targets:
            ops.append(op_edge(ref, predicate, target, said))
    reflection_commit(scope=scope, ops=ops, purpose="experience", chat_id=chat_id)
    if periods:  # a new observation in a period: consolidation may have something to do
        from worldmemory.reflection.consolidation import consolidation_schedule

        consolidation_schedule(scope=scope)
    return {
        "ref": ref,
        "state": state,
        "score": assessment.score,
        "signals": [f.signal.value for f in assessment.signals],
        "user_word": assessment.user_word,
        "landmark": bool(assessment.landmark_cue and state == "established"),
        "source": source,
    }


def _with_follow_up(first: Assessment, later: Assessment) -> Assessment:
    """The moment's own words and the next turn's about it, as one assessment: each
    signal once, the owner's dismissal in either winning over importance."""
    seen = {f.signal for f in first.signals}
    signals = first.signals + tuple(f for f in later.signals if f.signal not in seen)
    words = {first.user_word, later.user_word}
    user_word = (
        "not_important" if "not_important" in words else (first.user_word or later.user_word)
    )
    if user_word == "not_important":
        signals = tuple(f for f in signals if f.signal != Signal.EXPLICIT_IMPORTANCE)
    landmark = None if user_word == "not_important" else (first.landmark_cue or later.landmark_cue)
    return Assessment(signals, user_word, landmark)


def _experience_enrich(
    scope: OwnerScope,
    experience: Entity,
    said: Provenance,
    *,
    periods: tuple[str, ...],
    spaces: tuple[str, ...],
    threads: tuple[str, ...],
    chat_id: str | None,
) -> dict:
    """The same message again: new contexts become new edges of the one experience; its
    signals and lifecycle stay as they have become (perhaps by the owner's later word)."""
    rows = selectors.current_by_entity(scope=scope, entity_ids=[experience.pk])[experience.pk]
    ops = []
    for predicate, targets in (("during", periods), ("in_space", spaces), ("part_of", threads)):
        for target in targets:
            ops.append(op_edge(experience.ref, predicate, target, said))
    reflection_commit(scope=scope, ops=ops, purpose="experience", chat_id=chat_id)
    if periods:
        from worldmemory.reflection.consolidation import consolidation_schedule

        consolidation_schedule(scope=scope)
    lifecycle = selectors.value_of(rows, "lifecycle_state") or {}
    return {
        "ref": experience.ref,
        "state": selectors.state_name(lifecycle),
        "score": round(
            sum(v.get("weight", 0) for v in selectors.values_of(rows, "significance_signal")), 2
        ),
        "signals": sorted(
            v.get("signal") for v in selectors.values_of(rows, "significance_signal")
        ),
        "user_word": selectors.value_of(rows, "user_significance"),
        "landmark": bool((selectors.value_of(rows, "landmark") or {}).get("landmark")),
        "source": said.evidence["ref"],
    }


def _entity(scope: OwnerScope, ref: str, kinds: tuple[str, ...]) -> Entity:
    entity = entity_by_ref(scope=scope, ref=ref)
    if entity is None or entity.kind_id not in kinds:
        raise NotFound(f"no {' or '.join(kinds)} {ref!r}")
    return entity


def lifecycle_set(
    *,
    scope: OwnerScope,
    ref: str,
    state: str,
    trigger: str,
    sources: list[str],
    by_owner: SourceMessage | None = None,
) -> dict | None:
    """Move an object to ``state`` (a fact with trigger and sources); ``None`` if it is
    already there — an unchanged state writes nothing."""
    entity = _entity(scope, ref, ("experience", "insight", "thread", "reflection_space"))
    rows = selectors.current_by_entity(scope=scope, entity_ids=[entity.pk])[entity.pk]
    current = selectors.state_name(selectors.value_of(rows, "lifecycle_state"))
    if current == state:
        return None
    origin = "user" if by_owner else "rules"
    how = (
        Provenance.said(by_owner)
        if by_owner
        else Provenance.observed(what=trigger, ref=sources[0] if sources else None)
    )
    value = lifecycle_value(state=state, trigger=trigger, origin=origin, sources=sources)
    reflection_commit(
        scope=scope, ops=[op_fact(entity.ref, "lifecycle_state", value, how)], purpose="lifecycle"
    )
    return {"ref": entity.ref, "from": current, "to": state, "trigger": trigger}


def significance_user_mark(*, scope: OwnerScope, ref: str, message_id: UUID) -> dict:
    """The owner's later word on an experience ("war nicht wichtig" / "einer der wichtigsten
    Momente") — recorded as said, and the lifecycle follows it whatever the score."""
    entity = _entity(scope, ref, ("experience", "insight", "thread"))
    message = owner_message(scope=scope, message_id=message_id)
    assessment = significance_assess(text=message.text)
    if assessment.user_word is None:
        raise InvalidInput("the message says neither that it was important nor that it was not")
    said = Provenance.said(message)
    state = lifecycle_for(score=0, user_word=assessment.user_word)
    ops = [op_fact(entity.ref, "user_significance", assessment.user_word, said)]
    if entity.kind_id == "experience":
        landmark = bool(assessment.landmark_cue) and assessment.user_word == "important"
        ops.append(
            op_fact(
                entity.ref, "landmark", {"landmark": landmark, "cue": assessment.landmark_cue}, said
            )
        )
    value = lifecycle_value(
        state=state,
        trigger=f"the owner said it was {assessment.user_word}",
        origin="user",
        sources=[message_ref(message)],
    )
    ops.append(op_fact(entity.ref, "lifecycle_state", value, said))
    reflection_commit(scope=scope, ops=ops, purpose="significance")
    return {"ref": entity.ref, "state": state, "user_word": assessment.user_word}


def significance_reassess(*, scope: OwnerScope, ref: str) -> dict:
    """Add the graph's signals (later reflection effect, connectivity, retroactive
    significance) and promote when the evidence now carries it. The owner's word stays."""
    entity = _entity(scope, ref, ("experience",))
    rows = selectors.current_by_entity(scope=scope, entity_ids=[entity.pk])[entity.pk]
    if selectors.value_of(rows, "user_significance") is not None:
        return {"ref": entity.ref, "changed": False, "reason": "the owner has decided"}
    recorded = {v.get("signal") for v in selectors.values_of(rows, "significance_signal")}
    weights = [v.get("weight", 0) for v in selectors.values_of(rows, "significance_signal")]
    incoming = temporal.incoming_current(scope=scope, entity_ids=[entity.pk])
    outgoing = [r for r in rows if r.object_entity_id]
    # a link recorded after the experience itself: it was taken up again later
    later = [r for r in incoming if temporal.recorded_after(r, entity.created_at)]
    new: list[tuple[Signal, str, str | None]] = []
    if later and Signal.REFLECTION_EFFECT not in recorded:
        cause = later[0]
        new.append((Signal.REFLECTION_EFFECT, f"taken up again ({cause.predicate_id})", None))
    said = next((r.valid_from for r in rows if r.predicate_id == "statement"), None)
    late = [r for r in later if said is not None and r.recorded_at - said >= RETROACTIVE_AFTER]
    if late and Signal.RETROACTIVE not in recorded:
        days = (late[0].recorded_at - said).days
        new.append((Signal.RETROACTIVE, f"linked {days} days after it happened", None))
    links = {(r.predicate_id, r.object_entity_id) for r in outgoing} | {
        (r.predicate_id, r.subject_entity_id) for r in incoming
    }
    if len(links) >= CONNECTED_AT and Signal.CONNECTIVITY not in recorded:
        new.append((Signal.CONNECTIVITY, f"{len(links)} links", None))
    ops = []
    for signal, cue, source in new:
        value = {"signal": signal.value, "weight": WEIGHTS[signal], "cue": cue}
        ops.append(
            op_fact(
                entity.ref, "significance_signal", value, Provenance.observed(what=cue, ref=source)
            )
        )
        weights.append(WEIGHTS[signal])
    score = round(sum(weights), 2)
    current = selectors.state_name(selectors.value_of(rows, "lifecycle_state")) or "transient"
    target = lifecycle_for(score=score, user_word=None)
    # promotion only: a score never demotes what was promoted before
    promoted = LIFECYCLE.index(target) > LIFECYCLE.index(current)
    if promoted:
        lifecycle = selectors.value_of(rows, "lifecycle_state") or {}
        sources = lifecycle.get("sources", []) if isinstance(lifecycle, dict) else []
        trigger = (
            f"significance {score} ≥ {ESTABLISHED_AT if target == 'established' else 'candidate'}"
        )
        how = Provenance.observed(what=trigger, ref=sources[0] if sources else None)
        ops.append(
            op_fact(
                entity.ref,
                "lifecycle_state",
                lifecycle_value(state=target, trigger=trigger, origin="rules", sources=sources),
                how,
            )
        )
    reflection_commit(scope=scope, ops=ops, purpose="reassess")
    return {
        "ref": entity.ref,
        "changed": bool(ops),
        "added": [s.value for s, _, _ in new],
        "score": score,
        "state": target if promoted else current,
    }
