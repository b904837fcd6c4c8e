"""Entity detail: facts with provenance, relationships, the causal timeline, as-of time
travel, and the corrections (each through the committer)."""

from __future__ import annotations

from uuid import UUID

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from worldmemory import committer, corrections, labels, renaming
from worldmemory import messages as service_messages
from worldmemory.errors import ApplicationError, InvalidInput, NotFound
from worldmemory.models import ProposalOp
from worldmemory.pages import forms, questions
from worldmemory.pages.access import owner_page
from worldmemory.pages.asof import AsOf, asof_parse
from worldmemory.pages.fact_timeline import fact_changes, fact_timeline, timeline_with_changes
from worldmemory.pages.graph import neighbourhood_picture
from worldmemory.pages.log import undoings_apart
from worldmemory.pages.reflection import facts_apart, reflection_section
from worldmemory.reads import causality, entities, selectors
from worldmemory.reads.resolution import entities_by_refs, entity_by_ref, entity_require
from worldmemory.refs import looks_like_ref
from worldmemory.tenancy import OwnerScope

TEMPLATE = "gedaechtnis/entity.html"
PARTIALS = {"entity-body", "facts"}


def _actor(scope: OwnerScope) -> str:
    return f"user:{scope.owner_sub}"


def entity_context(scope: OwnerScope, ref: str, asof: AsOf) -> dict:
    """Everything the page shows about ``ref`` at the chosen time."""
    own = entity_by_ref(scope=scope, ref=ref, follow=False)
    if own is None:
        raise NotFound(service_messages.NO_ENTITY, params={"ref": ref})
    if asof.is_now:
        answer = entities.entity_now(scope=scope, ref=own.ref)
        rows, incoming = answer["facts"] + answer["outgoing"], answer["incoming"]
    elif asof.system:
        answer = entities.state_as_known_at(scope=scope, ref=own.ref, system_time=asof.moment)
        rows = answer["facts"]
        incoming = entities.incoming_at(
            scope=scope, ref=own.ref, valid_time=asof.moment, system_time=asof.moment
        )
    else:
        answer = entities.state_at(scope=scope, ref=own.ref, valid_time=asof.moment).data
        rows = answer["facts"]
        incoming = entities.incoming_at(scope=scope, ref=own.ref, valid_time=asof.moment)
    head = answer["entity"]
    rows, incoming = _distinct(rows), _distinct(incoming)
    outgoing = [f for f in rows if f["object_kind"] == "entity"]
    subject = entities.subject_of(scope, own.ref)
    pending = selectors.pending_about(scope=scope, refs=list(subject.refs.values()))
    facts, bookkeeping = facts_apart(
        kind=own.kind_id, facts=[f for f in rows if f["object_kind"] != "entity"]
    )
    return {
        "entity": head,
        "own": own,
        "facts": facts,
        "bookkeeping": bookkeeping,
        "outgoing": outgoing,
        "incoming": incoming,
        # what a relationship may name instead, per kind of its object (only with controls)
        "choices": SimpleLazyObject(lambda: _choices(scope, outgoing + incoming)),
        "pending": pending,
        "timeline": (
            timeline := undoings_apart(
                causality.event_timeline(scope=scope, entity_ids=subject.family, limit=30)
            )
        ),
        # the pictures: read only when a template shows them (not on the facts poll)
        "timeline_entries": SimpleLazyObject(
            lambda: timeline_with_changes(timeline, fact_changes(scope=scope, ref=own.ref))
        ),
        "fact_picture": SimpleLazyObject(lambda: fact_timeline(scope=scope, ref=own.ref)),
        "neighbourhood": SimpleLazyObject(
            lambda: {"picture": neighbourhood_picture(scope=scope, ref=own.ref, asof=asof)}
        ),
        "people": _people(scope, own.ref, asof),
        "members": sorted(r for pk, r in subject.refs.items() if pk != subject.head.pk),
        "marker": _marker(scope, subject, pending),
        "asof": asof,
        # read only when a template shows it: the 5 s poll of the facts section does not
        "reflection": SimpleLazyObject(
            lambda: reflection_section(scope=scope, entity=own, asof=asof)
        ),
    }


def _choices(scope: OwnerScope, relationships: list[dict]) -> dict:
    """``{"kinds": {object_ref: kind}, "names": {kind: names}}``: the known entities of
    the kind each relationship's object has, offered when the person names another."""
    found = entities_by_refs(scope=scope, refs={row["object_ref"] for row in relationships})
    kinds = {ref: entity.kind_id for ref, entity in found.items()}
    names = selectors.entity_names_by_kind(scope=scope, kinds=set(kinds.values()))
    return {"kinds": kinds, "names": names}


def _people(scope: OwnerScope, ref: str, asof: AsOf) -> list[dict]:
    """On the owner's own page: the people in their life at the chosen time, by name."""
    if ref != labels.ME:
        return []
    ties = entities.ties_to_user(
        scope=scope,
        valid_time=asof.moment,
        system_time=asof.moment if asof.system else None,
    )
    others = [tie for tie in ties if tie["subject_ref"] != labels.ME]
    return sorted(others, key=lambda tie: labels.entity_name(tie["subject_ref"]).casefold())


def _distinct(rows: list[dict]) -> list[dict]:
    """One row per statement: after a merge the merged entity's copy of a relationship
    ("Anna ist deine Schwester") would otherwise show beside the head's own."""
    seen, kept = set(), []
    for row in rows:
        value = row["object_ref"] or repr(row["value"])
        key = (row["subject_ref"], row["predicate"], value, row.get("scope_ref"))
        if key not in seen:
            seen.add(key)
            kept.append(row)
    return kept


def _marker(scope: OwnerScope, subject: entities.Subject, pending: list) -> str:
    """Differs after any commit touching the entity or a decision on its review items."""
    changed = selectors.change_marker(scope=scope, entity_ids=subject.family)
    return f"{changed}|{','.join(str(item.pk) for item in pending)}"


def _page(
    request: HttpRequest, scope: OwnerScope, ref: str, asof: AsOf, *, status: int = 200, **extra
) -> HttpResponse:
    context = {**entity_context(scope, ref, asof), **extra}
    target = request.htmx.target if request.htmx else None
    template = f"{TEMPLATE}#{target}" if target in PARTIALS else TEMPLATE
    return render(request, template, context, status=422 if asof.error else status)


@require_GET
@owner_page
def entity_detail(request: HttpRequest, scope: OwnerScope, ref: str) -> HttpResponse:
    return _page(request, scope, ref, asof_parse(request.GET))


@require_GET
@owner_page
def entity_facts_marker(request: HttpRequest, scope: OwnerScope, ref: str) -> HttpResponse:
    """The check on every live commit (and the fallback poll): 204 while nothing of this
    entity changed, else the fresh facts section."""
    asof = asof_parse(request.GET)
    own = entity_by_ref(scope=scope, ref=ref, follow=False)
    if own is None:
        raise Http404
    subject = entities.subject_of(scope, own.ref)
    pending = selectors.pending_about(scope=scope, refs=list(subject.refs.values()))
    if request.GET.get("marker") == _marker(scope, subject, pending):
        return HttpResponse(status=204)
    context = entity_context(scope, ref, asof)
    return render(request, f"{TEMPLATE}#facts", context)


@require_GET
@owner_page
def fact_provenance(request: HttpRequest, scope: OwnerScope, ref: str, fact_id: UUID):
    """The expanded provenance of one fact: why it holds and the supersede chain."""
    why = causality.fact_causes(scope=scope, fact_id=fact_id)
    fact = why["fact"]
    history = entities.fact_history(
        scope=scope, ref=fact["subject_ref"], predicate=fact["predicate"]
    )
    context = {"why": why, "fact": fact, "history": history["history"], "ref": ref}
    # opened in place (htmx) it is a fragment; opened as a link it is a page of its own
    template = "gedaechtnis/provenance.html" if request.htmx else "gedaechtnis/provenance_page.html"
    return render(request, template, context)


def _after_action(
    request: HttpRequest,
    scope: OwnerScope,
    ref: str,
    *,
    notice: str = "",
    error: dict | None = None,
    confirm: dict | None = None,
) -> HttpResponse:
    """htmx: the re-rendered body (422 with the error inline, or the question to confirm);
    otherwise back to the page."""
    asof = asof_parse(request.GET)
    extra = {"notice": notice, "action_error": error, "confirm": confirm}
    if request.htmx:
        context = {**entity_context(scope, ref, asof), **extra}
        response = render(request, f"{TEMPLATE}#entity-body", context, status=422 if error else 200)
        if not confirm:
            response["HX-Trigger"] = "memory-changed"
        return response
    if error or confirm:
        return _page(request, scope, ref, asof, status=422 if error else 200, **extra)
    url = reverse("gedaechtnis:entity", args=[ref])
    return redirect(f"{url}?{asof.query()}" if asof.query() else url)


def _fact_action(request, scope, ref, fact_id, action, form_class, run, *, asked=None):
    """Validate, then ask in the page what the action does to the past, then do it.
    ``asked`` words the question from the form's data (``(action, data)`` it is about)."""
    form = form_class(request.POST)
    if not form.is_valid():
        error = {"fact": str(fact_id), "action": action, "message": forms.first_error(form)}
        return _after_action(request, scope, ref, error=error)
    if request.POST.get("confirmed") != "1":
        fact = _current_fact(scope, ref, fact_id)
        about, data = asked(form.cleaned_data) if asked else (action, form.cleaned_data)
        confirm = {
            "fact": str(fact_id),
            "action": action,
            "url": request.path,
            "fields": [(name, request.POST.get(name, "")) for name in form.fields],
            **questions.confirmation(action=about, fact=fact, data=data),
        }
        return _after_action(request, scope, ref, confirm=confirm)
    try:
        notice = run(form.cleaned_data)
    except NotFound:
        raise  # another owner's or a missing fact: a 404, not an inline error
    except ApplicationError as failure:
        error = {"fact": str(fact_id), "action": action, "message": labels.said(failure)}
        return _after_action(request, scope, ref, error=error)
    return _after_action(request, scope, ref, notice=notice)


def _current_fact(scope: OwnerScope, ref: str, fact_id: UUID) -> dict:
    """The believed fact the action is about, the entity's own or a relationship pointing
    at it (another owner's or a missing one: 404)."""
    entity = entity_by_ref(scope=scope, ref=ref, follow=False)
    if entity is None:
        raise NotFound(service_messages.NO_ENTITY, params={"ref": ref})
    answer = entities.entity_now(scope=scope, ref=entity.ref)
    for fact in answer["facts"] + answer["outgoing"] + answer["incoming"]:
        if fact["id"] == str(fact_id):
            return fact
    raise NotFound(service_messages.NO_FACT, params={"fact_id": fact_id})


def _is_relationship(scope: OwnerScope, ref: str, fact_id: UUID) -> bool:
    """Whether the fact's value is another entity ("arbeitet bei Zeiss")."""
    return _current_fact(scope, ref, fact_id)["object_kind"] == "entity"


def _named(data: dict) -> dict:
    """The form's data with a relationship's new object as a person names it ("Zeiss",
    not ``org:zeiss``) for the question before the change."""
    value = data.get("value") or ""
    return {**data, "value": labels.entity_name(value) if looks_like_ref(value) else value}


def _committed(result) -> None:
    """Every operation written (a new entity a relationship names comes first)."""
    for outcome in result.results:
        if outcome.decision not in {"committed", "duplicate"}:
            raise ApplicationError(outcome.reason or outcome.decision)


@require_POST
@owner_page
def fact_change(request: HttpRequest, scope: OwnerScope, ref: str, fact_id: UUID):
    """ "ändern ab …": the new value (or, for a relationship, the other entity it names)
    from a date on; the old one held until then."""

    def run(data):
        _committed(
            corrections.fact_change(
                scope=scope,
                fact_id=fact_id,
                value=data["value"],
                valid_from=data["valid_from"],
                actor=_actor(scope),
            )
        )
        return _("Value changed; before that the old value held.")

    if not _is_relationship(scope, ref, fact_id):
        return _fact_action(request, scope, ref, fact_id, "change", forms.ValueForm, run)

    def asked(data):
        return "change", _named(data)

    return _fact_action(request, scope, ref, fact_id, "change", forms.ValueForm, run, asked=asked)


@require_POST
@owner_page
def fact_correct(request: HttpRequest, scope: OwnerScope, ref: str, fact_id: UUID):
    """ "korrigieren (war nie so)": the old value never held; the new one held all along.
    A relationship may have had no right object at all: left empty, it never held."""
    relationship = _is_relationship(scope, ref, fact_id)

    def run(data):
        if relationship and not data["value"]:
            committer.fact_invalidate(scope=scope, fact_id=fact_id, reason="", actor=_actor(scope))
            return _("Corrected: it never held.")
        _committed(
            corrections.fact_correct(
                scope=scope,
                fact_id=fact_id,
                value=data["value"],
                valid_from=data["valid_from"],
                actor=_actor(scope),
            )
        )
        return _("Value corrected: the old value never held.")

    if not relationship:
        return _fact_action(request, scope, ref, fact_id, "correct", forms.ValueForm, run)

    def asked(data):
        return ("correct", _named(data)) if data["value"] else ("invalidate", data)

    return _fact_action(
        request, scope, ref, fact_id, "correct", forms.ObjectCorrectForm, run, asked=asked
    )


@require_POST
@owner_page
def fact_end(request: HttpRequest, scope: OwnerScope, ref: str, fact_id: UUID):
    def run(data):
        committer.fact_end(
            scope=scope,
            fact_id=fact_id,
            valid_to=data["valid_to"] or timezone.now(),
            reason=data["reason"] or None,
            actor=_actor(scope),
        )
        return _("Fact ended.")

    return _fact_action(request, scope, ref, fact_id, "end", forms.EndForm, run)


@require_POST
@owner_page
def fact_invalidate(request: HttpRequest, scope: OwnerScope, ref: str, fact_id: UUID):
    def run(data):
        committer.fact_invalidate(
            scope=scope, fact_id=fact_id, reason=data["reason"], actor=_actor(scope)
        )
        return _("Forgotten: the fact is no longer believed; its history keeps it.")

    return _fact_action(request, scope, ref, fact_id, "invalidate", forms.ReasonForm, run)


@require_POST
@owner_page
def entity_merge(request: HttpRequest, scope: OwnerScope, ref: str):
    form = forms.MergeForm(request.POST)
    entity = entity_by_ref(scope=scope, ref=ref, follow=False)
    if entity is None:
        raise Http404
    if not form.is_valid():
        error = {"action": "merge", "message": forms.first_error(form)}
        return _after_action(request, scope, ref, error=error)
    try:
        into = entity_require(scope=scope, ref=form.cleaned_data["into"])
        if into.pk == entity.pk or into.pk == entities.subject_of(scope, entity.ref).head.pk:
            raise InvalidInput(service_messages.MERGE_ITSELF)
        if request.POST.get("confirmed") != "1":
            confirm = {
                "action": "merge",
                "into": form.cleaned_data["into"],
                "message": questions.merge_question(entity=entity, into=into),
            }
            return _after_action(request, scope, ref, confirm=confirm)
        committer.entity_merge(scope=scope, entity=entity, into=into, actor=_actor(scope))
    except ApplicationError as failure:
        return _after_action(
            request,
            scope,
            ref,
            error={"action": "merge", "message": labels.said(failure)},
        )
    messages.success(request, questions.merged_notice(entity=entity, into=into))
    if request.htmx:
        response = HttpResponse(status=204)
        response["HX-Redirect"] = reverse("gedaechtnis:entity", args=[into.ref])
        return response
    return redirect("gedaechtnis:entity", ref=into.ref)


@require_POST
@owner_page
def entity_rename(request: HttpRequest, scope: OwnerScope, ref: str):
    """Call the entity by the person's own name; the former one stays an alias."""
    form = forms.RenameForm(request.POST)
    if not form.is_valid():
        error = {"action": "rename", "message": forms.first_error(form)}
        return _after_action(request, scope, ref, error=error)
    name = form.cleaned_data["name"]
    try:
        result = renaming.entity_rename(
            scope=scope, ref=ref, name=name, reason=None, actor=_actor(scope)
        )
    except NotFound:
        raise  # another owner's or a missing entity: a 404 like any unknown page
    except ApplicationError as failure:
        return _after_action(
            request, scope, ref, error={"action": "rename", "message": labels.said(failure)}
        )
    if result.results[0].decision == ProposalOp.Decision.DUPLICATE:
        notice = _("It is already called %(name)s.") % {"name": name}
    else:
        notice = _("Renamed: now called %(name)s; the former name still finds it.") % {"name": name}
    return _after_action(request, scope, ref, notice=notice)


@require_POST
@owner_page
def entity_split(request: HttpRequest, scope: OwnerScope, ref: str):
    form = forms.SplitForm(request.POST)
    if not form.is_valid():
        return _after_action(
            request, scope, ref, error={"action": "split", "message": forms.first_error(form)}
        )
    member = entity_by_ref(scope=scope, ref=form.cleaned_data["member"], follow=False)
    if member is None:
        raise Http404
    try:
        committer.entity_split(scope=scope, entity=member, actor=_actor(scope))
    except ApplicationError as failure:
        return _after_action(
            request,
            scope,
            ref,
            error={"action": "split", "message": labels.said(failure)},
        )
    return _after_action(
        request,
        scope,
        ref,
        notice=_("Split: %(ref)s answers for itself again.") % {"ref": member.ref},
    )
