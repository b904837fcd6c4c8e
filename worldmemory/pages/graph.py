"""Graph: an entity's neighbourhood (depth 1–2) and a filter-first global explorer."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from worldmemory import labels, temporal
from worldmemory.models import Entity, ResolvedEntityKind, ResolvedRelationType
from worldmemory.pages.access import owner_page
from worldmemory.pages.asof import AsOf, asof_parse
from worldmemory.pages.display import kind_labels, predicate_labels
from worldmemory.pages.graph_data import Tie, elements, leaves_of, ties_of
from worldmemory.pages.layout import Drawing, draw
from worldmemory.reads import entities
from worldmemory.reads.entities import facts_data
from worldmemory.reads.resolution import entities_by_refs
from worldmemory.tenancy import OwnerScope

NODE_LIMIT = 200


def _drawing(
    edges: list[tuple[str, str, str]],
    names: dict[str, tuple[str, str]],
    *,
    ties: list[Tie],
    center: str | None = None,
) -> Drawing:
    """The drawing without JS (the <noscript> fallback): it shows what it carries, so its
    kinds and edges are the registry's labels, never the keys; a tie says the relation."""
    kind_words = kind_labels({kind for _name, kind in names.values()})
    predicate_words = predicate_labels({predicate for _s, predicate, _o in edges})
    worded = {ref: (name, kind_words[kind]) for ref, (name, kind) in names.items()}
    lines = [(s, predicate_words[p], o) for s, p, o in edges]
    lines += [(tie.person_ref, labels.value_word(tie.value), labels.ME) for tie in ties]
    return draw(lines, worded, center=center)


TEMPLATE = "gedaechtnis/graph.html"


def _labels(scope: OwnerScope, refs: set[str]) -> dict[str, tuple[str, str]]:
    """``{ref: (name, kind)}``: the user is "Du"/"You" as on the entity page, not the
    stored name ("Me")."""
    found = entities_by_refs(scope=scope, refs=refs)
    return {ref: (person_name(ref, e.canonical_name), e.kind_id) for ref, e in found.items()}


def person_name(ref: str, stored: str) -> str:
    return labels.entity_name(ref).capitalize() if ref == labels.ME else stored


def _respond(request: HttpRequest, context: dict, *, status: int = 200) -> HttpResponse:
    partial = request.htmx and request.htmx.target == "graph-body"
    return render(
        request, f"{TEMPLATE}#graph-body" if partial else TEMPLATE, context, status=status
    )


def _values_of(scope: OwnerScope, ref: str, asof: AsOf) -> list[dict]:
    """The entity's literal facts at the chosen time: its values, drawn as leaves."""
    system_time = asof.moment if asof.system else None
    subject = entities.subject_of(scope, ref, system_time)
    moment = asof.moment or timezone.now()
    rows = temporal.facts_at(
        scope=scope, entity_ids=subject.family, valid_time=moment, system_time=system_time
    )
    literal = [row for row in rows if row.object_kind == "literal"]
    data = facts_data(literal, as_of=moment, known=subject.refs)
    for row in data:  # a merged member's values hang off the entity it answers for
        row["subject_ref"] = subject.head.ref
    return data


def _ties_at(scope: OwnerScope, asof: AsOf) -> list[Tie]:
    """Every person's relation to the owner at the chosen time."""
    return ties_of(
        entities.ties_to_user(
            scope=scope, valid_time=asof.moment, system_time=asof.moment if asof.system else None
        )
    )


def _kinds_in_use(scope: OwnerScope) -> set[str]:
    active = Entity.objects.filter(owner_sub=scope.owner_sub, status=Entity.Status.ACTIVE)
    return set(active.values_list("kind_id", flat=True).distinct())


def neighbourhood_data(
    *, scope: OwnerScope, ref: str, asof: AsOf, depth: int = 1
) -> tuple[dict, list[tuple[str, str, str]], dict, bool]:
    """The entity's relationships at the chosen time: its head, the edges, the names of
    the entities on them and whether the node limit cut the walk short."""
    answer = entities.neighbours(
        scope=scope,
        ref=ref,
        depth=depth,
        valid_time=asof.moment,
        system_time=asof.moment if asof.system else None,
    )
    edges = [(e["subject_ref"], e["predicate"], e["object_ref"]) for e in answer["edges"]]
    head = answer["entity"]["ref"]
    names = _labels(scope, {head} | {r for s, _, o in edges for r in (s, o)})
    return answer["entity"], edges, names, answer["truncated"]


def _around(
    scope: OwnerScope, head: str, asof: AsOf, names: dict[str, tuple[str, str]]
) -> tuple[list, list[Tie]]:
    """The entity's values as leaves and its ties: the owner is tied to every person in
    their life, a person to the owner. ``names`` gains the people on the ties."""
    values = _values_of(scope, head, asof)
    ties = _ties_at(scope, asof) if head == labels.ME else ties_of(values)
    people = {ref for tie in ties for ref in (tie.person_ref, labels.ME)}
    names.update(_labels(scope, people - names.keys()))
    return leaves_of(values), ties


def _past_ties(
    scope: OwnerScope, head: str, ties: list[Tie], asof: AsOf, names: dict[str, tuple[str, str]]
) -> tuple[list[tuple[str, str, str]], list[Tie]]:
    """The second step past the ties: the relationships of the people around the owner
    (Jana wohnt in Halle), and from a person on, the owner's own and their other people.
    ``names`` gains the entities on them."""
    ends = {end for tie in ties for end in (tie.person_ref, labels.ME)} - {head}
    if not ends:
        return [], []
    found = entities_by_refs(scope=scope, refs=ends)
    moment = asof.moment or timezone.now()
    rows = temporal.relationships_at(
        scope=scope,
        entity_ids=[entity.pk for entity in found.values()],
        valid_time=moment,
        system_time=asof.moment if asof.system else None,
    )
    edges = [
        (e["subject_ref"], e["predicate"], e["object_ref"]) for e in facts_data(rows, as_of=moment)
    ]
    more_ties = _ties_at(scope, asof) if labels.ME in ends else []
    refs = {r for s, _p, o in edges for r in (s, o)} | {t.person_ref for t in more_ties}
    names.update(_labels(scope, refs - names.keys()))
    return edges, more_ties


def neighbourhood_picture(*, scope: OwnerScope, ref: str, asof: AsOf) -> dict:
    """The interactive picture of the entity's direct neighbourhood (the entity page's)."""
    entity, edges, names, _cut = neighbourhood_data(scope=scope, ref=ref, asof=asof)
    leaves, ties = _around(scope, entity["ref"], asof, names)
    return elements(edges=edges, names=names, leaves=leaves, ties=ties, center=entity["ref"])


@require_GET
@owner_page
def neighbourhood(request: HttpRequest, scope: OwnerScope, ref: str) -> HttpResponse:
    asof = asof_parse(request.GET)
    depth = 2 if request.GET.get("depth") == "2" else 1
    entity, edges, names, truncated = neighbourhood_data(
        scope=scope, ref=ref, asof=asof, depth=depth
    )
    head = entity["ref"]
    leaves, ties = _around(scope, head, asof, names)
    if depth == 2:
        further, more_ties = _past_ties(scope, head, ties, asof, names)
        edges = list(dict.fromkeys(edges + further))
        ties = list({tie.fact_id: tie for tie in ties + more_ties}.values())
    context = {
        "nav": "graph",
        "entity": entity,
        "ref": ref,
        "depth": depth,
        "asof": asof,
        "drawing": _drawing(edges, names, ties=ties, center=head),
        "picture": elements(edges=edges, names=names, leaves=leaves, ties=ties, center=head),
        "truncated": truncated,
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
    # the owner's vocabulary (own, then core): never another owner's
    known_kinds = set(ResolvedEntityKind.objects.values_list("key", flat=True))
    known_predicates = set(
        ResolvedRelationType.objects.filter(value_kind="entity").values_list("predicate", flat=True)
    )
    # offered: the kinds the owner's entities have (not every kind the registry knows)
    offered = (_kinds_in_use(scope) | ({kind} if kind else set())) & known_kinds
    kind_words, predicate_words = kind_labels(offered), predicate_labels(known_predicates)
    context = {
        "nav": "graph",
        "asof": asof,
        "kind": kind,
        "predicate": predicate,
        "kinds": sorted(kind_words.items(), key=lambda item: item[1].casefold()),
        "predicates": sorted(predicate_words.items(), key=lambda item: item[1].casefold()),
        "mode": "explorer",
        "node_limit": NODE_LIMIT,
    }
    errors = []
    if kind and kind not in known_kinds:
        errors.append(_("Unknown kind: %(kind)s") % {"kind": kind})
    if predicate and predicate not in known_predicates:
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
    # a person's relation to the owner is no relationship of the registry's: drawn
    # whenever no relationship is chosen
    ties = [] if predicate else _ties_at(scope, asof)
    lone: list[str] = []
    if kind:
        edges, ties, lone = _of_kind_only(scope, kind, edges, ties, with_lone=not predicate)
    tied = {r for tie in ties for r in (tie.person_ref, labels.ME)}
    refs = {r for s, _, o in edges for r in (s, o)} | tied | set(lone)
    if len(refs) > NODE_LIMIT or len(rows) > NODE_LIMIT * 4:
        context["too_many"] = len(refs)
        return _respond(request, context)
    names = _labels(scope, refs)
    context["drawing"] = _drawing(edges, names, ties=ties)
    context["picture"] = elements(edges=edges, names=names, nodes=sorted(lone), ties=ties)
    return _respond(request, context)


def _of_kind_only(
    scope: OwnerScope,
    kind: str,
    edges: list[tuple[str, str, str]],
    ties: list[Tie],
    *,
    with_lone: bool,
) -> tuple[list[tuple[str, str, str]], list[Tie], list[str]]:
    """A kind filter shows entities of that kind only: edges and ties between two of them,
    and (without a relationship filter) the ones without such an edge on their own."""
    refs = {r for s, _, o in edges for r in (s, o)}
    refs |= {r for tie in ties for r in (tie.person_ref, labels.ME)}
    names = _labels(scope, refs)

    def of_kind(*ends: str) -> bool:
        return all(names.get(r, ("", ""))[1] == kind for r in ends)

    kept = [e for e in edges if of_kind(e[0], e[2])]
    ties = [tie for tie in ties if of_kind(tie.person_ref, labels.ME)]
    if not with_lone:
        return kept, ties, []
    entities = Entity.objects.filter(
        owner_sub=scope.owner_sub, kind_id=kind, status=Entity.Status.ACTIVE
    ).order_by("canonical_name")[: NODE_LIMIT + 1]
    return kept, ties, [entity.ref for entity in entities]
