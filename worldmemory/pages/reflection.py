"""Reflexion: threads, reflection spaces, open questions, experiences and insights.

The list page filters by kind and state; unfiltered, it shows what a week of conversation
formed: threads, spaces, open questions and the experiences that were not set aside as
unimportant. A space or a conversation nobody touched for a while says it rests. An
object's detail is the entity detail page,
which adds the reflection section built here (state and its history, links both ways,
source messages, resurfacing anchors). A session's working state is shown on its
session page.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from uuid import UUID

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

from worldmemory import temporal
from worldmemory.errors import NotFound
from worldmemory.models import Entity, Fact
from worldmemory.pages.access import owner_page
from worldmemory.pages.asof import AsOf
from worldmemory.reflection import continuity, selectors
from worldmemory.reflection.escalation import RESTING
from worldmemory.reflection.promotion import LIFECYCLE
from worldmemory.reflection.state_words import state_label
from worldmemory.reflection.threads import QUESTION_STATES, THREAD_STATES
from worldmemory.tenancy import OwnerScope

TEMPLATE = "gedaechtnis/reflection.html"
LISTED = ("thread", "reflection_space", "open_question", "experience", "insight")
DEFAULT_LISTED = ("thread", "reflection_space", "open_question", "experience")
# what the unfiltered overview leaves to the kind's own list: a moment the owner called
# unimportant is kept as a source, not shown among what mattered
OVERVIEW_HIDDEN = {"experience": frozenset({"transient"})}
OVERVIEW_SESSIONS = 20  # the newest conversations the overview shows with their summaries
STATES = {
    "thread": THREAD_STATES,
    "open_question": QUESTION_STATES,
}
KIND_LABELS = {
    "thread": gettext_lazy("Threads"),
    "reflection_space": gettext_lazy("Reflection spaces"),
    "open_question": gettext_lazy("Open questions"),
    "experience": gettext_lazy("Experiences"),
    "insight": gettext_lazy("Insights"),
    "resurfacing_anchor": gettext_lazy("Resurfacing anchors"),
    "session_summary": gettext_lazy("Session summaries"),
    "life_period": gettext_lazy("Life periods"),
}
# What an empty group says: what would be here, and where it comes from.
EMPTY_LABELS = {
    "thread": gettext_lazy(
        "No threads yet: the agent starts one when a topic runs through several conversations."
    ),
    "reflection_space": gettext_lazy(
        "No reflection spaces yet: the agent opens one to think about a topic over time."
    ),
    "open_question": gettext_lazy(
        "No open questions: the agent notes one when something stays unanswered."
    ),
    "experience": gettext_lazy(
        "No experiences yet: the agent notes one when you tell of something that happened to "
        "you and mattered."
    ),
    "insight": gettext_lazy(
        "No insights yet: they grow from experiences of yours that come up more than once."
    ),
}


# what the reflection layer records to keep an object going (its entries, its rank in
# memory, its summary, its span): not beliefs about the person, so its page folds them apart
BOOKKEEPING = frozenset(
    {
        "thread_entry",
        "lifecycle_state",
        "activity_state",
        "summary_sentences",
        "covers_span",
        "derivation",
        "drift_status",
        "significance_signal",
    }
)


def facts_apart(*, kind: str, facts: list[dict]) -> tuple[list[dict], list[dict]]:
    """A reflection object's facts as ``(believed, bookkeeping)``. Its state is left out of
    both: the reflection section says it once, in words, with its history."""
    if kind not in selectors.REFLECTION_KINDS:
        return facts, []
    state = selectors.state_predicate(kind)
    shown = [fact for fact in facts if fact["predicate"] != state]
    return (
        [fact for fact in shown if fact["predicate"] not in BOOKKEEPING],
        [fact for fact in shown if fact["predicate"] in BOOKKEEPING],
    )


def _sources_of(*, scope: OwnerScope, entity_ids: list) -> dict[UUID, list[UUID]]:
    """The messages each reflection object rests on: what its own believed facts cite and
    every turn one of its states rests on, past states too (each time a question was asked
    again); not the messages that only say why one of its links was made."""
    rows = Fact.objects.filter(
        temporal.believed_q(),
        owner_sub=scope.owner_sub,
        subject_entity_id__in=entity_ids,
        object_entity_id__isnull=True,
    ).values_list("subject_entity_id", "evidence", "object_value")
    cited: dict[UUID, list[UUID]] = {}
    for subject, evidence, value in rows:
        refs = [(evidence or {}).get("ref")]
        if isinstance(value, dict) and isinstance(value.get("sources"), list):
            refs += value["sources"]
        cited.setdefault(subject, []).extend(selectors.message_ids_of(refs))
    return {subject: list(dict.fromkeys(ids)) for subject, ids in cited.items()}


def states_of(kind: str) -> tuple[str, ...]:
    """The states a kind can be in: its own state machine, else the lifecycle."""
    return STATES.get(kind, LIFECYCLE)


def kind_of(ref: str | None) -> str:
    return (ref or "").split(":", 1)[0]


@require_GET
@owner_page
def reflection(request: HttpRequest, scope: OwnerScope) -> HttpResponse:
    """The list: threads, spaces, open questions and experiences (or one kind), filtered by
    state; what the enrichment path proposed is marked as such."""
    kind = request.GET.get("kind", "").strip()
    state = request.GET.get("state", "").strip()
    errors: list[str] = []
    if kind and kind not in LISTED:
        errors.append(
            _("Unknown kind: “%(kind)s”. Possible: %(kinds)s.")
            % {"kind": kind[:50], "kinds": ", ".join(str(KIND_LABELS[k]) for k in LISTED)}
        )
    kinds = (kind,) if kind in LISTED else DEFAULT_LISTED
    choices = list(dict.fromkeys(s for k in kinds for s in states_of(k)))
    if state and state not in choices:
        errors.append(
            _("Unknown state: “%(state)s”. Possible: %(states)s.")
            % {"state": state[:50], "states": ", ".join(state_label(s) for s in choices)}
        )
    groups = []
    if not errors:
        for listed in kinds:
            items = selectors.reflection_list(scope=scope, kind=listed, state=state or None)
            if not (kind or state):
                hidden = OVERVIEW_HIDDEN.get(listed, frozenset())
                items = [item for item in items if item["state"] not in hidden]
            for item in items:
                item["state_label"] = state_label(item["state"])
                if item["activity"] in RESTING:
                    item["activity_label"] = state_label(item["activity"])
            groups.append(
                {
                    "kind": listed,
                    "label": KIND_LABELS[listed],
                    "items": items,
                    "empty": EMPTY_LABELS[listed],
                }
            )
    # as many sources as each page lists: every time a question was asked counts
    listed_items = [item for group in groups for item in group["items"]]
    cited = _sources_of(scope=scope, entity_ids=[item["id"] for item in listed_items])
    for item in listed_items:
        item["sources"] = len(cited.get(UUID(item["id"]), ()))
    context = {
        "nav": "reflection",
        "filters": {"kind": kind, "state": state},
        "kinds": [(k, KIND_LABELS[k]) for k in LISTED],
        "states": [
            (s, state_label(s)) for s in dict.fromkeys(s for k in LISTED for s in states_of(k))
        ],
        "errors": errors,
        "groups": groups,
        # the conversations themselves, each with its summary, on the unfiltered overview
        "sessions": selectors.session_summaries(scope=scope, limit=OVERVIEW_SESSIONS)
        if not (kind or state or errors)
        else [],
    }
    partial = request.htmx and request.htmx.target == "reflection-list"
    return render(
        request,
        f"{TEMPLATE}#reflection-list" if partial else TEMPLATE,
        context,
        status=422 if errors else 200,
    )


def _history(detail: dict, sources: dict[str, dict]) -> list[dict]:
    """Each state change once, with its trigger and the messages behind it, newest first.

    Ending a state's validity closes its row and records a bounded copy (the bitemporal
    way), so rows of the same value and start are one change; it is believed when one of
    them still is. A change replaced at the same instant stays visible as superseded."""
    changes: dict[tuple, dict] = {}
    for row in detail["history"]:
        value = row["value"] if isinstance(row["value"], dict) else {"state": row["value"]}
        key = (repr(sorted(value.items())), row["valid_from"])
        believed = temporal.believed(row) and row["status"] == "active"
        if key in changes:
            if believed:
                changes[key].update(valid_to=row["valid_to"], believed=True, status=row["status"])
            continue
        refs = value.get("sources") or [row["evidence_ref"]]
        changes[key] = {
            **row,
            "state": value.get("state"),
            "state_label": state_label(value.get("state")),
            "trigger": value.get("trigger") or row["reason"] or "",
            "passages": [
                sources[str(pk)] for pk in selectors.message_ids_of(refs) if str(pk) in sources
            ],
            "believed": believed,
        }
    return list(changes.values())[::-1]


def _links(detail: dict) -> list[dict]:
    """Edges both ways, reflection kinds first (experiences, insights, threads, spaces)."""
    order = {kind: index for index, kind in enumerate(selectors.REFLECTION_KINDS)}
    links = [{**link, "direction": "out"} for link in detail["links_out"] if link["ref"]]
    links += [{**link, "direction": "in"} for link in detail["links_in"] if link["ref"]]
    for link in links:
        link["kind"] = kind_of(link["ref"])
        link["kind_label"] = KIND_LABELS.get(link["kind"], link["kind"])
    return sorted(links, key=lambda x: (order.get(x["kind"], 99), x["ref"], x["predicate"]))


def _summarised_in(*, scope: OwnerScope, refs: list[str | None]) -> set[str]:
    """The sessions of the session summaries among ``refs`` (those placed in a space)."""
    slugs = [ref.split(":", 1)[1] for ref in refs if ref and kind_of(ref) == "session_summary"]
    if not slugs:
        return set()
    entities = Entity.objects.filter(
        owner_sub=scope.owner_sub, kind_id="session_summary", slug__in=slugs, status="active"
    )
    current = selectors.current_by_entity(scope=scope, entity_ids=[e.pk for e in entities])
    spans = [selectors.value_of(rows, "covers_span") for rows in current.values()]
    return {span["session"] for span in spans if isinstance(span, dict) and span.get("session")}


def reflection_section(*, scope: OwnerScope, entity: Entity, asof: AsOf) -> dict | None:
    """What the entity page adds for a reflection object (``None`` for any other kind).

    The state, links and anchors at the page's point in time (on its axis); the state
    history lists every row ever recorded."""
    if entity.kind_id not in selectors.REFLECTION_KINDS:
        return None
    at = {
        "valid_time": asof.moment,
        "system_time": asof.moment if asof.system else None,
    }
    detail = selectors.reflection_detail(scope=scope, ref=entity.ref, **at)
    history_refs = [
        ref
        for row in detail["history"]
        if isinstance(row["value"], dict)
        for ref in row["value"].get("sources") or []
    ]
    history_refs += [row["evidence_ref"] for row in detail["history"]]
    message_ids = selectors.message_ids_of(history_refs)
    # an anchor is due once its day has come: by the page's day when it looks back
    today = timezone.localdate(asof.moment).isoformat()
    by_id = {p["message_id"]: p for p in selectors.passages(scope=scope, message_ids=message_ids)}
    # the messages the object itself rests on, apart from those that only say why one of its
    # links was made (a space's first message is no source of every experience placed in it)
    own = {str(pk) for pk in _sources_of(scope=scope, entity_ids=[entity.pk]).get(entity.pk, ())}
    sources = selectors.passages(scope=scope, message_ids=[UUID(pk) for pk in own])
    summary = next(
        (f["value"] for f in detail["facts"] if f["predicate"] == "summary_sentences"), None
    )
    # the conversations the object rests on or was linked from, each with its summary, so
    # the reader meets a session's summary where the session is named; summaries are read
    # as they are now, so a page looking back shows none rather than today's
    said_in: set[str] = set()
    if asof.is_now:
        said_in = {p["session_external_id"] for p in detail["sources"]}
        said_in |= _summarised_in(scope=scope, refs=[link["ref"] for link in detail["links_in"]])
    return {
        "kind_label": KIND_LABELS.get(entity.kind_id, entity.kind_id),
        "state": detail["state"],
        "state_label": state_label(detail["state"]),
        "history": _history(detail, by_id),
        "links": _links(detail),
        "sources": sources,
        "link_sources": [p for p in detail["sources"] if str(p["message_id"]) not in own],
        "summary": selectors.summary_sentences(summary),
        "sessions": selectors.session_summaries(scope=scope, external_ids=said_in)
        if said_in
        else [],
        "anchors": [
            {
                **anchor,
                "state_label": state_label(anchor["state"]),
                # ISO days compare as text; a pending anchor whose day has come is due
                "due": anchor["state"] == "pending"
                and bool(anchor["date"])
                and anchor["date"] <= today,
            }
            # the detail follows a merge: anchors point at the entity it answers for
            for anchor in selectors.anchors_of(scope=scope, entity_id=UUID(detail["id"]), **at)
        ],
    }


def session_working_state(*, scope: OwnerScope, chat_id: str) -> dict | None:
    """The session's working state, or ``None`` when no turn of it was noted yet."""
    try:
        return continuity.working_state_data(scope=scope, chat_id=chat_id)
    except NotFound:
        return None


# what a conversation gave rise to, each by the turns it rests on: a thread by its entries,
# an experience or a question by the turn that tells or asks it (not by the turns behind
# its links, which may lie in other conversations)
FROM_SESSION = ("thread", "experience", "open_question")


def _cited_by(kind: str, rows: list) -> set[UUID]:
    if kind == "thread":
        return {
            UUID(value["message_id"])
            for value in selectors.values_of(rows, "thread_entry")
            if isinstance(value, dict) and value.get("message_id")
        }
    cited = [(r.evidence or {}).get("ref") for r in rows if r.predicate_id == "statement"]
    if kind == "open_question":
        # a question asked again cites each asking in its state
        state = selectors.value_of(rows, "question_state")
        cited += (state.get("sources") or []) if isinstance(state, dict) else []
    return set(selectors.message_ids_of(cited))


def session_reflection(
    *, scope: OwnerScope, said_at: dict[UUID, datetime], came_back: Collection[str] = ()
) -> list[dict]:
    """The threads, experiences and open questions that rest on turns of one session
    (``said_at``: its messages and when each was said), grouped by kind, each with the
    turns of this session it cites, in order, for the link to them; and the open questions
    of earlier sessions the session's working state took up again (``came_back``), with
    no turn of their own."""
    entities = [
        e for kind in FROM_SESSION for e in selectors.reflection_entities(scope=scope, kind=kind)
    ]
    current = selectors.current_by_entity(scope=scope, entity_ids=[e.pk for e in entities])
    groups = []
    for kind in FROM_SESSION:
        items = []
        for entity in (e for e in entities if e.kind_id == kind):
            cited = _cited_by(kind, current[entity.pk]) & said_at.keys()
            if cited or entity.ref in came_back:
                turns = [
                    {"id": str(pk), "at": said_at[pk]} for pk in sorted(cited, key=said_at.get)
                ]
                items.append({"ref": entity.ref, "name": entity.canonical_name, "turns": turns})
        if items:
            groups.append({"kind": kind, "label": KIND_LABELS[kind], "items": items})
    return groups


def session_summary_sentences(*, scope: OwnerScope, chat_id: str) -> list[dict]:
    """The sentences of the session's summaries, span after span, each with the message it
    was taken from, so a reader reaches the turn behind a sentence in one click. Empty
    when the summaries carry no cited sentences (an abstractive text alone)."""
    found = selectors.session_summaries(scope=scope, external_ids=[chat_id])
    return found[0]["sentences"] if found else []
