"""Prüfen: pending proposals, merge suggestions and conflicts, decided inline."""

from __future__ import annotations

from uuid import UUID

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from worldmemory import committer, labels
from worldmemory.errors import Conflict
from worldmemory.models import ProposalOp
from worldmemory.pages import forms, questions
from worldmemory.pages.access import owner_page
from worldmemory.reads import selectors
from worldmemory.reads.review import pending_review
from worldmemory.tenancy import OwnerScope

TEMPLATE = "gedaechtnis/review.html"


def review_context(scope: OwnerScope) -> dict:
    digest = pending_review(scope=scope)
    conflicts = set(digest["conflicts"])
    for item in digest["pending"]:
        item["conflict"] = item["id"] in conflicts
    return {"nav": "review", **digest}


def _list(request: HttpRequest, scope: OwnerScope, *, status: int = 200, **extra) -> HttpResponse:
    """The re-rendered queue plus the navigation count, swapped out of band."""
    context = {**review_context(scope), **extra}
    if not request.htmx:
        if status != 200:
            return render(request, TEMPLATE, context, status=status)
        return redirect("gedaechtnis:review")
    body = render_to_string(f"{TEMPLATE}#queue", context, request=request)
    count = render_to_string(
        "gedaechtnis/review_count.html",
        {"review_count": selectors.pending_count(scope=scope), "oob": True},
        request=request,
    )
    return HttpResponse(body + count, status=status)


@require_GET
@owner_page
def review(request: HttpRequest, scope: OwnerScope) -> HttpResponse:
    template = f"{TEMPLATE}#queue" if request.htmx and request.htmx.target == "queue" else TEMPLATE
    return render(request, template, review_context(scope))


@require_GET
@owner_page
def review_count(request: HttpRequest, scope: OwnerScope) -> HttpResponse:
    count = selectors.pending_count(scope=scope)
    return render(request, "gedaechtnis/review_count.html", {"review_count": count})


@require_POST
@owner_page
def review_accept(request: HttpRequest, scope: OwnerScope, item_id: UUID) -> HttpResponse:
    item = ProposalOp.objects.filter(owner_sub=scope.owner_sub, pk=item_id).first()
    try:
        results = committer.proposal_accept(
            scope=scope, item_id=item_id, actor=f"user:{scope.owner_sub}"
        )
    except Conflict:
        return _list(request, scope, status=409, error={"message": _("Already decided.")})
    refused = [r for r in results if r.decision not in {"committed", "duplicate"}]
    if refused:
        notice = _("Not committed: %(reason)s") % {"reason": questions.say(refused[0].reason)}
    elif item is not None and item.op == "merge_entities":
        notice = _("Merged: “%(entity)s” is now part of “%(into)s”.") % {
            "entity": labels.entity_name(item.payload.get("entity_ref")),
            "into": labels.entity_name(item.payload.get("into_ref")),
        }
    else:
        notice = _("Accepted and committed.")
    return _list(request, scope, notice=notice)


@require_POST
@owner_page
def review_reject(request: HttpRequest, scope: OwnerScope, item_id: UUID) -> HttpResponse:
    form = forms.ReasonForm(request.POST)
    if not form.is_valid():
        error = {"item": str(item_id), "message": forms.first_error(form)}
        return _list(request, scope, status=422, error=error)
    try:
        committer.proposal_reject(
            scope=scope,
            item_id=item_id,
            reason=form.cleaned_data["reason"],
            actor=f"user:{scope.owner_sub}",
        )
    except Conflict:
        return _list(request, scope, status=409, error={"message": _("Already decided.")})
    return _list(request, scope, notice=_("Rejected; it will not be proposed again."))
