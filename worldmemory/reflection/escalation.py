"""Staged context escalation: only as deep as needed (seed 003, "Gestufte Retrieval-Eskalation").

current session → primary reflection space → active threads and open questions →
relevant long-term memory → original sources. The session's working state gives the
first three; deeper tiers open only for a reason the answer names: an explicit
historical reference ("am 19. August", "letzten Sommer", "last week"), a resumed thread,
a contradiction, low confidence or unclear provenance. Semantic similarity alone opens
nothing — this module uses no embedding at all. Stored ≠ active ≠ relevant: lines are
added tier by tier until the budget is spent, so the deepest tiers give way first.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from datetime import datetime, time
from uuid import UUID

from django.utils import timezone
from django.utils.translation import gettext_noop

from worldmemory import temporal
from worldmemory.models import Entity, SessionWorkingState
from worldmemory.reflection import selectors
from worldmemory.reflection.dates import Window, date_windows
from worldmemory.reflection.recall import sources_recall
from worldmemory.reflection.recognition import reflection_named
from worldmemory.reflection.threads import anchors_due
from worldmemory.reflection.wording import AgentWords, PersonWords, Words
from worldmemory.refs import normalize_alias
from worldmemory.tenancy import OwnerScope

TIERS = ("session", "space", "threads", "long_term", "sources")
RESUMABLE = {"dormant", "resolved", "anchored", "open"}
# a space nobody touched for a while (``activity``): latent memory, loaded on concrete need
RESTING = frozenset({"dormant", "archived"})
LOW_CONFIDENCE = 0.5
MIN_SHARE = 4  # the reflection tiers get at least a quarter of the budget
LONG_TERM_KINDS = ("experience", "insight")
SOURCE_PASSAGES = 5
CONTRADICTION = [
    r"\bstimmt (doch |so |gar )?nicht\b",
    r"\bdas (ist|war) (doch )?falsch\b",
    r"\bnein, (das|so)\b",
    r"\beigentlich (war|ist|habe|hatte) (es|das|ich)\b",
    r"\bkorrigier\w*",
    r"\bwiderspr\w*",
    r"\bactually,? (it|that|i)\b",
    r"\bthat'?s (not true|wrong)\b",
    r"\bnot true\b",
    r"\bi was wrong\b",
]


@dataclass
class Activation:
    tier: str
    reasons: list[str] = field(default_factory=list)
    # each reason as its template and values, for the person's block to say it in words
    said: list[tuple[str, dict]] = field(default_factory=list)


@dataclass
class Plan:
    activations: dict[str, Activation] = field(default_factory=dict)

    def open(self, tier: str, template: str, **params: object) -> None:
        """``template`` is English (the agents' block and the data), marked for translation
        so the person's block says the same reason in their language."""
        activation = self.activations.setdefault(tier, Activation(tier))
        reason = template % params
        if reason not in activation.reasons:
            activation.reasons.append(reason)
            activation.said.append((template, params))

    @property
    def tiers(self) -> list[str]:
        return [t for t in TIERS if t in self.activations]

    def as_list(self) -> list[dict]:
        return [
            {"tier": t, "reasons": self.activations[t].reasons}
            for t in TIERS
            if t in self.activations
        ]


def contradiction_cue(text: str) -> str | None:
    folded = normalize_alias(text)
    for pattern in CONTRADICTION:
        match = re.search(pattern, folded)
        if match:
            return match.group(0)
    return None


@dataclass
class Situation:
    """What the plan is made from: the working state and the message's signals."""

    state: SessionWorkingState | None
    windows: list[Window]
    named: list
    anchors: list[dict]
    entities: dict[UUID, Entity]
    current: dict[UUID, list]
    base_facts: list[dict]


def _read(scope: OwnerScope, message: str, chat_id: str, now: datetime, base: dict) -> Situation:
    state = SessionWorkingState.objects.filter(owner_sub=scope.owner_sub, chat_id=chat_id).first()
    named = reflection_named(scope=scope, text=message)
    anchors = anchors_due(scope=scope, text=message, now=now)
    ids: set[UUID] = {n.id for n in named}
    ids |= {pk for a in anchors for pk in a["target_ids"]}
    if state is not None:
        ids |= set(state.active_threads) | set(state.open_questions) | set(state.related_spaces)
        if state.primary_space_id:
            ids.add(state.primary_space_id)
    entities = {e.pk: e for e in Entity.objects.filter(owner_sub=scope.owner_sub, pk__in=ids)}
    current = selectors.current_by_entity(scope=scope, entity_ids=list(entities))
    # "heute" names a time, but not a past one: only windows reaching before today count
    today = datetime.combine(timezone.localdate(now), time.min, timezone.get_current_timezone())
    past = [w for w in date_windows(text=message, now=now) if w.start < today]
    return Situation(
        state=state,
        windows=past,
        named=named,
        anchors=anchors,
        entities=entities,
        current=current,
        base_facts=(base.get("data") or {}).get("facts", []),
    )


def _state_of(situation: Situation, pk: UUID) -> str | None:
    entity = situation.entities.get(pk)
    if entity is None:
        return None
    predicate = selectors.state_predicate(entity.kind_id)
    return selectors.state_name(selectors.value_of(situation.current.get(pk, []), predicate))


def escalation_plan(*, situation: Situation, message: str) -> tuple[Plan, list[UUID]]:
    """Which tiers to open and why; also the threads the message resumes."""
    plan = Plan()
    state = situation.state
    plan.open("session", gettext_noop("current session"))
    if state is not None and state.primary_space_id:
        space = situation.entities.get(state.primary_space_id)
        name = space.canonical_name if space else "?"
        plan.open("space", gettext_noop("primary space %(name)s"), name=name)
    for named in situation.named:
        if named.kind == "reflection_space":
            plan.open("space", gettext_noop("space named: %(name)s"), name=named.name)
    if state is not None and (state.active_threads or state.open_questions):
        plan.open("threads", gettext_noop("active threads and open questions of the session"))
    for anchor in situation.anchors:
        plan.open(
            "threads", gettext_noop("resurfacing anchor: %(reason)s"), reason=anchor["reason"]
        )
    resumed = []
    active = set(state.active_threads) if state is not None else set()
    for named in situation.named:
        if named.kind != "thread" or named.id in active:
            continue
        thread_state = _state_of(situation, named.id)
        if thread_state in RESUMABLE:
            resumed.append(named.id)
            plan.open(
                "threads",
                gettext_noop("resumed thread %(name)s (%(state)s)"),
                name=named.name,
                state=thread_state,
            )
            plan.open("long_term", gettext_noop("resumed thread %(name)s"), name=named.name)
    for window in situation.windows:
        reason = gettext_noop("explicit historical reference: %(when)s")
        plan.open("long_term", reason, when=window.text)
        plan.open("sources", reason, when=window.text)
    cue = contradiction_cue(message)
    if cue:
        plan.open("sources", gettext_noop("contradiction: %(cue)s"), cue=cue)
    for fact in situation.base_facts:
        if fact.get("confidence", 1) < LOW_CONFIDENCE:
            plan.open(
                "sources",
                gettext_noop("low confidence: %(subject)s %(predicate)s"),
                subject=fact.get("subject_ref"),
                predicate=fact.get("predicate"),
            )
    drifted = [
        situation.entities[pk].canonical_name
        for pk, rows in situation.current.items()
        if (selectors.value_of(rows, "drift_status") or {}).get("state") == "flagged"
    ]
    for name in drifted:
        plan.open(
            "sources",
            gettext_noop("unclear provenance: %(name)s drifted from its sources"),
            name=name,
        )
    if state is not None and (state.fidelity or {}).get("status") == "needs_regrounding":
        reason = state.fidelity.get("reason", "session")
        plan.open("sources", gettext_noop("unclear provenance: %(reason)s"), reason=reason)
    return plan, resumed


def _resting(situation: Situation, pk: UUID) -> bool:
    """Whether the space has rested long enough to be dormant or archived."""
    value = selectors.value_of(situation.current.get(pk, []), "activity_state")
    return selectors.state_name(value) in RESTING


def _name_state(situation: Situation, pk: UUID) -> tuple[str, str | None]:
    return situation.entities[pk].canonical_name, _state_of(situation, pk)


def _long_term(
    scope: OwnerScope, situation: Situation, resumed: list[UUID], words: Words
) -> tuple[list[str], list[str]]:
    """Experiences and insights tied to a resumed thread or begun in a named time."""
    found: dict[UUID, str] = {}
    if resumed:
        for row in temporal.incoming_current(scope=scope, entity_ids=resumed):
            found.setdefault(row.subject_entity_id, "thread")
    for window in situation.windows:
        for row in temporal.facts_begun_between(
            scope=scope, predicate="statement", start=window.start, end=window.end
        ):
            found.setdefault(row.subject_entity_id, window.text)
    if not found:
        return [], []
    entities = Entity.objects.filter(
        owner_sub=scope.owner_sub, pk__in=list(found), kind_id__in=LONG_TERM_KINDS
    )
    entities = {e.pk: e for e in entities}
    current = selectors.current_by_entity(scope=scope, entity_ids=list(entities))
    lines, refs = [], []
    for pk, entity in entities.items():
        lifecycle = selectors.state_name(selectors.value_of(current[pk], "lifecycle_state"))
        if lifecycle == "transient":
            continue  # kept as a source, not active memory
        statement = selectors.value_of(current[pk], "statement") or entity.canonical_name
        lines.append(words.long_term(entity.kind_id, lifecycle, statement))
        refs.append(entity.ref)
    return lines, refs


def _source_lines(
    scope: OwnerScope, situation: Situation, message: str, now: datetime, words: Words
) -> tuple[list[str], list[dict]]:
    if situation.windows:
        passages = sources_recall(scope=scope, query=message, now=now, k=SOURCE_PASSAGES)
        found = passages["data"]["passages"]
    else:  # re-grounding: the messages behind what is in context
        refs = [(r.evidence or {}).get("ref") for rows in situation.current.values() for r in rows]
        ids = selectors.message_ids_of(refs)[:SOURCE_PASSAGES]
        found = selectors.passages(scope=scope, message_ids=ids)
    return [words.passage(p) for p in found], found


def _tokens(text: str) -> int:
    return math.ceil(len(text) / 4)


def reflection_context(
    *, scope: OwnerScope, message: str, chat_id: str, budget_tokens: int, base: dict
) -> dict:
    """Add the reflection tiers to a built context block (``base``), as deep as needed,
    in the block's language: the person's when ``base`` was built in one."""
    now = timezone.now()
    situation = _read(scope, message, chat_id, now, base)
    plan, resumed = escalation_plan(situation=situation, message=message)
    language = (base.get("data") or {}).get("language")
    words: Words = PersonWords(language=language) if language else AgentWords()
    with words.speaking():
        return _with_tiers(
            scope=scope,
            situation=situation,
            plan=plan,
            resumed=resumed,
            message=message,
            now=now,
            budget_tokens=budget_tokens,
            base=base,
            words=words,
        )


def _with_tiers(
    *,
    scope: OwnerScope,
    situation: Situation,
    plan: Plan,
    resumed: list[UUID],
    message: str,
    now: datetime,
    budget_tokens: int,
    base: dict,
    words: Words,
) -> dict:
    state = situation.state
    sections: list[tuple[str, list[str]]] = []
    summary = state.summary if state is not None else ""
    turns = state.turns if state is not None else 0
    sections.append(("session", words.session(turns, summary)))
    if "space" in plan.activations:
        ids = [state.primary_space_id] if state is not None and state.primary_space_id else []
        ids += [n.id for n in situation.named if n.kind == "reflection_space"]
        if state is not None:
            # a related space that rests stays latent unless the message names it or the
            # session is in it (seed 003: long kept is not always active)
            ids += [pk for pk in state.related_spaces if not _resting(situation, pk)]
        seen = list(dict.fromkeys(pk for pk in ids if pk in situation.entities))
        sections.append(("space", [words.space(*_name_state(situation, pk)) for pk in seen]))
    if "threads" in plan.activations:
        lines = []
        ids = list(state.active_threads) if state is not None else []
        for pk in dict.fromkeys([*ids, *resumed]):
            if pk in situation.entities:
                lines.append(words.thread(*_name_state(situation, pk)))
        for pk in state.open_questions if state is not None else []:
            if pk in situation.entities:
                lines.append(words.question(situation.entities[pk].canonical_name))
        for anchor in situation.anchors:
            targets = ", ".join(
                situation.entities[pk].canonical_name
                for pk in anchor["target_ids"]
                if pk in situation.entities
            )
            lines.append(words.anchor(targets, anchor["reason"]))
        sections.append(("threads", lines))
    long_term_refs: list[str] = []
    if "long_term" in plan.activations:
        lines, long_term_refs = _long_term(scope, situation, resumed, words)
        sections.append(("long_term", lines))
    passages: list[dict] = []
    if "sources" in plan.activations:
        lines, passages = _source_lines(scope, situation, message, now, words)
        sections.append(("sources", lines))

    base_tokens = (base.get("data") or {}).get("tokens", 0)
    budget = max(budget_tokens - base_tokens, budget_tokens // MIN_SHARE)
    used, kept, dropped = 0, [], 0
    for tier, lines in sections:
        if isinstance(words, PersonWords) and not lines:
            continue  # a person reads what is there, not a heading over nothing
        header = words.header(tier, plan.activations[tier].said)
        if used + _tokens(header) > budget:
            dropped += len(lines)
            continue
        kept.append(header)
        used += _tokens(header)
        for line in lines:
            if used + _tokens(line) <= budget:
                kept.append(line)
                used += _tokens(line)
            else:
                dropped += 1
    block = words.title(plan.tiers) + "\n" + "\n".join(kept)
    if kept or not isinstance(words, PersonWords):
        base["text"] = f"{base['text']}\n\n{block}" if base.get("text") else block
    base.setdefault("data", {})["reflection"] = {
        "tiers": plan.as_list(),
        "resumed_threads": [situation.entities[pk].ref for pk in resumed],
        "anchors_due": [a["anchor"] for a in situation.anchors],
        "long_term": long_term_refs,
        "passages": passages,
        "tokens": used,
        "dropped": dropped,
    }
    return base
