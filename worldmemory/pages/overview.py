"""Überblick: search, recently changed entities, counts, what waits for review."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from worldmemory import lookup, selectors
from worldmemory.pages.access import owner_page
from worldmemory.tenancy import OwnerScope

MAX_QUERY = 2000


@require_GET
@owner_page
def overview(request: HttpRequest, scope: OwnerScope) -> HttpResponse:
    query = request.GET.get("q", "").strip()[:MAX_QUERY]
    context = {"nav": "overview", "q": query, "entities": [], "hits": []}
    if query:
        context["entities"] = lookup.find_entity(scope=scope, query=query)["data"]["entities"]
        found = {e["ref"] for e in context["entities"]}
        hits = lookup.search_world_memory(scope=scope, query=query)["data"]["hits"]
        context["hits"] = [h for h in hits if not (h["kind"] == "entity" and h["ref"] in found)]
    if request.htmx and request.htmx.target == "results":
        return render(request, "gedaechtnis/overview.html#results", context)
    context["recent"] = selectors.entities_recently_changed(scope=scope)
    context["counts"] = selectors.memory_counts(scope=scope)
    return render(request, "gedaechtnis/overview.html", context)
