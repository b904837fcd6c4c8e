"""Graph: an entity's neighbourhood (depth 1–2) and a filter-first global explorer."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from worldmemory import lookup, temporal
from worldmemory.models import ResolvedEntityKind, ResolvedRelationType
from worldmemory.pages.access import owner_page
from worldmemory.pages.asof import asof_parse
from worldmemory.pages.layout import draw
from worldmemory.resolution import entities_by_refs
from worldmemory.tenancy import OwnerScope
from worldmemory.tools import facts_data

NODE_LIMIT = 200
TEMPLATE = "gedaechtnis/graph.html"


def _labels(scope: OwnerScope, refs: set[str]) -> dict[str, tuple[str, str]]:
    found = entities_by_refs(scope=scope, refs=refs)
    return {ref: (e.canonical_name, e.kind_id) for ref, e in found.items()}


def _respond(request: HttpRequest, context: dict, *, status: int = 200) -> HttpResponse:
    partial = request.htmx and request.htmx.target == "graph-body"
    return render(
        request, f"{TEMPLATE}#graph-body" if partial else TEMPLATE, context, status=status
    )


@require_GET
@owner_page
def neighbourhood(request: HttpRequest, scope: OwnerScope, ref: str) -> HttpResponse:
    asof = asof_parse(request.GET)
    depth = 2 if request.GET.get("depth") == "2" else 1
    answer = lookup.get_neighbors(
        scope=scope,
        ref=ref,
        depth=depth,
        valid_time=asof.moment,
        system_time=asof.moment if asof.system else None,
    )["data"]
    edges = [(e["subject_ref"], e["predicate"], e["object_ref"]) for e in answer["edges"]]
    head = answer["entity"]["ref"]
    refs = {head} | {r for s, _, o in edges for r in (s, o)}
    context = {
        "nav": "graph",
        "entity": answer["entity"],
        "ref": ref,
        "depth": depth,
        "asof": asof,
        "drawing": draw(edges, _labels(scope, refs), center=head),
        "truncated": answer["truncated"],
        "mode": "neighbourhood",
    }
    return _respond(request, context, status=422 if asof.error else 200)


@require_GET
@owner_page
def explorer(request: HttpRequest, scope: OwnerScope) -> HttpResponse:
    """Nothing is drawn until a filter is chosen; more than ``NODE_LIMIT`` nodes are refused."""
    asof = asof_parse(request.GET)
    kind = request.GET.get("kind", "").strip()
    predicate = request.GET.get("predicate", "").strip()
    context = {
        "nav": "graph",
        "asof": asof,
        "kind": kind,
        "predicate": predicate,
        # the owner's vocabulary (own, then core): never another owner's
        "kinds": list(ResolvedEntityKind.objects.order_by("key").values_list("key", flat=True)),
        "predicates": list(
            ResolvedRelationType.objects.filter(value_kind="entity")
            .order_by("predicate")
            .values_list("predicate", flat=True)
        ),
        "mode": "explorer",
        "node_limit": NODE_LIMIT,
    }
    errors = []
    if kind and kind not in context["kinds"]:
        errors.append(_("Unknown kind: %(kind)s") % {"kind": kind})
    if predicate and predicate not in context["predicates"]:
        errors.append(_("Unknown relationship: %(predicate)s") % {"predicate": predicate})
    if asof.error:
        errors.append(asof.error)
    context["errors"] = errors
    if errors:
        return _respond(request, context, status=422)
    if not (kind or predicate or request.GET.get("at")):
        context["ask"] = True
        return _respond(request, context)
    rows = temporal.relationships_at(
        scope=scope,
        valid_time=asof.moment or timezone.now(),
        system_time=asof.moment if asof.system else None,
        predicates=[predicate] if predicate else None,
        kinds=[kind] if kind else None,
        limit=NODE_LIMIT * 4 + 1,
    )
    edges_data = facts_data(rows, as_of=asof.moment or timezone.now())
    edges = [(e["subject_ref"], e["predicate"], e["object_ref"]) for e in edges_data]
    refs = {r for s, _, o in edges for r in (s, o)}
    if len(refs) > NODE_LIMIT or len(rows) > NODE_LIMIT * 4:
        context["too_many"] = len(refs)
        return _respond(request, context)
    context["drawing"] = draw(edges, _labels(scope, refs))
    return _respond(request, context)
