"""Überblick: search, recently changed entities, counts, what waits for review; the last
three refresh on every live commit."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from worldmemory.pages import finder
from worldmemory.pages.access import owner_page
from worldmemory.reads import selectors
from worldmemory.tenancy import OwnerScope

MAX_QUERY = 2000
REFLECTION_LISTED = 8


@require_GET
@owner_page
def overview(request: HttpRequest, scope: OwnerScope) -> HttpResponse:
    target = request.htmx.target if request.htmx else None
    if target == "overview-live":  # a live refresh of what changed, not of the search
        return render(request, "gedaechtnis/overview.html#overview-live", _summary(scope))
    query = request.GET.get("q", "").strip()[:MAX_QUERY]
    context = {"nav": "overview", "q": query, "found": None}
    if query:
        context["found"] = finder.find(scope=scope, query=query)
    if target == "results":
        return render(request, "gedaechtnis/overview.html#results", context)
    return render(request, "gedaechtnis/overview.html", {**context, **_summary(scope)})


def _summary(scope: OwnerScope) -> dict:
    return {
        # the person's world first; what the reflection layer noted (threads, questions
        # named by whole sentences) folded beneath, so it never pushes people out
        "recent": selectors.entities_recently_changed(scope=scope),
        "recent_reflection": selectors.entities_recently_changed(
            scope=scope, limit=REFLECTION_LISTED, reflection=True
        ),
        "counts": selectors.memory_counts(scope=scope),
    }
