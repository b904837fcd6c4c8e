"""Logbuch: world events over time, filterable, each with its causal chain; the reflection
layer's own bookkeeping folded away unless the person asks for it."""

from __future__ import annotations

from datetime import datetime

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from worldmemory import labels
from worldmemory.models import Fact, ResolvedEventType, WorldEvent
from worldmemory.pages.access import owner_page
from worldmemory.pages.forms import MomentField
from worldmemory.reads import causality, selectors
from worldmemory.reads.entities import facts_data
from worldmemory.tenancy import OwnerScope

TEMPLATE = "gedaechtnis/log.html"
COMMIT = "memory_commit"
# what a commit undoes: shown beside "Gemerkt", never nested under it as if remembered
UNDOING = {"invalidate", "state_change"}


def _shallower(event: dict, by: int) -> dict:
    return {
        **event,
        "depth": max(0, event["depth"] - by),
        "effects": [_shallower(e, by) for e in event.get("effects", [])],
    }


def undoings_apart(events: list[dict]) -> list[dict]:
    """A commit's forgets and ends lifted out beside it; a commit left with nothing it
    remembered is not listed at all ("Gemerkt" over a forget read as if it was kept)."""
    kept: list[dict] = []
    for event in events:
        if event["event_type"] != COMMIT:
            kept.append({**event, "effects": undoings_apart(event.get("effects", []))})
            continue
        lifted = [e for e in event.get("effects", []) if e["event_type"] in UNDOING]
        rest = [e for e in event.get("effects", []) if e["event_type"] not in UNDOING]
        kept += [{**_shallower(e, 1), "cause": event.get("cause")} for e in undoings_apart(lifted)]
        if event.get("facts") or rest:
            kept.append({**event, "effects": undoings_apart(rest)})
    return kept


def _walk(events: list[dict]):
    for event in events:
        yield event
        yield from _walk(event.get("effects", []))


def with_undone_facts(*, scope: OwnerScope, events: list[dict]) -> list[dict]:
    """Each forget or correction names the statement it took back ("Du arbeitest bei
    Grundschule"), not only its predicate: "„arbeitet bei“ vergessen" said nothing of whom;
    and a correction is called one."""
    undoing = {e["id"]: e for e in _walk(events) if e["event_type"] == "invalidate"}
    payloads = WorldEvent.objects.filter(owner_sub=scope.owner_sub, pk__in=list(undoing))
    payload_of = {str(pk): data or {} for pk, data in payloads.values_list("pk", "payload")}
    fact_of = {event_id: data.get("fact_id") for event_id, data in payload_of.items()}
    rows = Fact.objects.filter(owner_sub=scope.owner_sub, pk__in=[f for f in fact_of.values() if f])
    facts = {f["id"]: f for f in facts_data(list(rows), as_of=timezone.now())}
    for event_id, event in undoing.items():
        event["undone"] = facts.get(fact_of.get(event_id))
        # a correction takes a value back too, but "Vergessen" over it told the wrong story
        event["corrected"] = bool(payload_of.get(event_id, {}).get("corrected_by_fact_id"))
    return events


def _kind(ref: str | None) -> str:
    return (ref or "").split(":", 1)[0]


def bookkeeping_apart(events: list[dict], *, kinds: frozenset[str]) -> tuple[list[dict], int]:
    """The events that changed the person's world, and how many were only the reflection
    layer's bookkeeping (a thread went on, a session is active, a summary was written): a
    commit of nothing but such records, and a forget of one, is folded away; a commit that
    also changed the world keeps only what it changed there."""
    kept: list[dict] = []
    folded = 0
    for event in events:
        facts = [f for f in event.get("facts", []) if _kind(f["subject_ref"]) not in kinds]
        effects, below = bookkeeping_apart(event.get("effects", []), kinds=kinds)
        folded += below
        undone = event.get("undone")
        if undone is not None and _kind(undone["subject_ref"]) in kinds:
            folded += 1
            continue
        if event["event_type"] == COMMIT and event.get("facts") and not facts and not effects:
            folded += 1
            continue
        kept.append({**event, "facts": facts, "effects": effects})
    return kept, folded


def moment_param(params, name: str, errors: list[str]):
    try:
        return MomentField(required=False).clean(params.get(name, ""))
    except ValidationError as failure:
        errors.extend(failure.messages)
        return None


def span_params(params, errors: list[str]) -> tuple[datetime | None, datetime | None]:
    """The ``from``–``to`` filter; a span that ends before it begins is said to be one
    (a silent "no hit" hid the mistake)."""
    since, until = moment_param(params, "from", errors), moment_param(params, "to", errors)
    if since and until and until < since:
        errors.append(
            _("“to” (%(to)s) lies before “from” (%(from)s): swap the two.")
            % {"to": params.get("to"), "from": params.get("from")}
        )
    return since, until


@require_GET
@owner_page
def log(request: HttpRequest, scope: OwnerScope) -> HttpResponse:
    params = request.GET
    errors: list[str] = []
    since, until = span_params(params, errors)
    event_type = params.get("type", "").strip()
    # the owner's event types (own, then core): never another owner's
    types = list(ResolvedEventType.objects.order_by("key").values_list("key", flat=True))
    if event_type and event_type not in types:
        errors.append(
            _("Unknown event type: “%(type)s”. Possible: %(types)s.")
            % {"type": event_type[:50], "types": ", ".join(labels.event_label(t) for t in types)}
        )
    text = params.get("q", "").strip()[:500]
    # the person's world first; the reflection layer's bookkeeping only when asked for
    bookkeeping = params.get("reflexion") == "1"
    events = (
        []
        if errors
        else with_undone_facts(
            scope=scope,
            events=undoings_apart(
                causality.event_timeline(
                    scope=scope,
                    event_type=event_type or None,
                    since=since,
                    until=until,
                    text=text or None,
                    limit=100,
                )
            ),
        )
    )
    folded = 0
    if not bookkeeping:
        events, folded = bookkeeping_apart(events, kinds=selectors.reflection_kinds())
    context = {
        "nav": "log",
        "types": types,
        "filters": {
            "type": event_type,
            "from": params.get("from", ""),
            "to": params.get("to", ""),
            "q": text,
            "reflexion": bookkeeping,
        },
        "errors": errors,
        "events": events,
        "folded": folded,
    }
    partial = request.htmx and request.htmx.target == "log-body"
    return render(
        request,
        f"{TEMPLATE}#log-body" if partial else TEMPLATE,
        context,
        status=422 if errors else 200,
    )
