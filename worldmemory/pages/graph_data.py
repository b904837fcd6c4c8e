"""The graph as data for the interactive picture: nodes coloured by kind, labelled edges,
and an entity's literal values as leaf nodes (a sister stored as the text "Anna" is a
relation too, and must not vanish because no entity stands behind it). A person's
relation to the owner ("Lea: daughter") is stored as a value of that person, but it is a
tie between two people: it is drawn as an edge to the owner ("Du"), labelled "Tochter"."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from worldmemory import labels
from worldmemory.pages.display import kind_labels, predicate_labels
from worldmemory.reads.entities import RELATION_TO_USER

# Okabe–Ito and Tol colours: distinguishable for the common colour-vision deficiencies
PALETTE = [
    "#0072b2",
    "#e69f00",
    "#009e73",
    "#cc79a7",
    "#d55e00",
    "#56b4e9",
    "#882255",
    "#117733",
    "#999933",
    "#aa4499",
    "#44aa99",
    "#332288",
]
VALUE_KIND = "_value"
VALUE_COLOUR = "#8a8a8a"
VALUE_LABEL_CHARS = 40


@dataclass(frozen=True)
class Leaf:
    """A literal value of ``subject_ref``: drawn as a leaf hanging off its entity."""

    fact_id: str
    subject_ref: str
    predicate: str
    value: str


@dataclass(frozen=True)
class Tie:
    """``person_ref`` is the owner's ``value`` ("daughter"): drawn as an edge to the owner."""

    fact_id: str
    person_ref: str
    value: object


def _value_text(value: object) -> str:
    text = labels.value_word(value)  # "cat" → "Katze", "--02-14" → "14. Februar"
    return text if len(text) <= VALUE_LABEL_CHARS else text[: VALUE_LABEL_CHARS - 1] + "…"


def leaves_of(facts: Iterable[dict]) -> list[Leaf]:
    """The literal facts among ``facts`` (``facts_data`` rows) as leaves, but for a
    person's relation to the owner: that is a tie."""
    return [
        Leaf(
            fact_id=f["id"],
            subject_ref=f["subject_ref"],
            predicate=f["predicate"],
            value=_value_text(f["value"]),
        )
        for f in facts
        if f["object_kind"] == "literal" and f["subject_ref"] and f["predicate"] != RELATION_TO_USER
    ]


def ties_of(facts: Iterable[dict]) -> list[Tie]:
    """The people's relations to the owner among ``facts`` (``facts_data`` rows)."""
    return [
        Tie(fact_id=f["id"], person_ref=f["subject_ref"], value=f["value"])
        for f in facts
        if f["predicate"] == RELATION_TO_USER and f["subject_ref"] and f["subject_ref"] != labels.ME
    ]


def linked_names(text: str, links: list[tuple[str, str]]) -> SafeString:
    """``text`` escaped, the first whole-word occurrence of each ``(name, url)`` a link."""
    html, rest = [], text
    for name, url in links:
        # a sentence starts with a capital: "du" is "Du" there
        found = re.search(
            rf"\b(?:{re.escape(name)}|{re.escape(name[:1].upper() + name[1:])})\b", rest
        )
        if not found:
            continue
        html.append(format_html('{}<a href="{}">{}</a>', rest[: found.start()], url, found[0]))
        rest = rest[found.end() :]
    html.append(format_html("{}", rest))
    return mark_safe("".join(html))  # noqa: S308 - every piece went through format_html


def _sentence(predicate: str, source: dict, target: dict, tie: Tie | None = None) -> SafeString:
    """The edge as the registry's sentence ("Anna wohnt in Hamburg", "Anna ist deine
    Schwester"), its entities linked: the list and the page without JS read as prose."""
    fact = {"subject_ref": source["id"], "predicate": predicate}
    if tie is not None:
        fact["value"] = tie.value
    elif target["url"]:
        fact["object_ref"] = target["id"]
    else:
        fact["value"] = target["label"]
    links = [
        (labels.entity_name(node["id"]), node["url"]) for node in (source, target) if node["url"]
    ]
    return linked_names(labels.fact_sentence(fact), links)


def elements(
    *,
    edges: list[tuple[str, str, str]],
    names: dict[str, tuple[str, str]],
    nodes: Iterable[str] = (),
    leaves: Iterable[Leaf] = (),
    ties: Iterable[Tie] = (),
    center: str | None = None,
) -> dict:
    """Nodes and edges for the picture and its legend.

    ``edges`` are ``(subject_ref, predicate, object_ref)``; ``names`` maps a ref to its
    ``(name, kind)``; ``nodes`` are refs drawn even without an edge; ``ties`` join people
    to the owner."""
    ties = list(ties)
    tied = [r for tie in ties for r in (tie.person_ref, labels.ME)]
    refs = list(dict.fromkeys([*nodes, *(r for s, _p, o in edges for r in (s, o)), *tied]))
    if center is not None and center not in refs:
        refs.insert(0, center)
    leaves = [leaf for leaf in leaves if leaf.subject_ref in refs]
    kind_of = {ref: names.get(ref, (ref, ref.split(":", 1)[0]))[1] for ref in refs}
    kinds = sorted(set(kind_of.values()))
    colours = {kind: PALETTE[index % len(PALETTE)] for index, kind in enumerate(kinds)}
    kind_words = kind_labels(kinds)
    predicate_words = predicate_labels({p for _s, p, _o in edges} | {x.predicate for x in leaves})
    legend = [{"key": k, "label": kind_words[k], "colour": colours[k]} for k in kinds]
    if leaves:
        legend.append({"key": VALUE_KIND, "label": _("Value (no entity)"), "colour": VALUE_COLOUR})
    drawn_nodes = [
        {
            "id": ref,
            "label": names.get(ref, (ref, ""))[0],
            "kind": kind_of[ref],
            "kind_label": kind_words[kind_of[ref]],
            "colour": colours[kind_of[ref]],
            "url": reverse("gedaechtnis:entity", args=[ref]),
            "center": ref == center,
        }
        for ref in refs
    ]
    drawn_nodes += [
        {
            "id": f"value:{leaf.fact_id}",
            "label": leaf.value,
            "kind": VALUE_KIND,
            "kind_label": _("Value (no entity)"),
            "colour": VALUE_COLOUR,
            "url": "",
            "center": False,
        }
        for leaf in leaves
    ]
    drawn_edges = [
        {
            "id": f"edge:{index}",
            "source": s,
            "target": o,
            "predicate": p,
            "label": predicate_words[p],
        }
        for index, (s, p, o) in enumerate(dict.fromkeys(edges))
    ]
    drawn_edges += [
        {
            "id": f"edge:value:{leaf.fact_id}",
            "source": leaf.subject_ref,
            "target": f"value:{leaf.fact_id}",
            "predicate": leaf.predicate,
            "label": predicate_words[leaf.predicate],
        }
        for leaf in leaves
    ]
    drawn_edges += [
        {
            "id": f"edge:tie:{tie.fact_id}",
            "source": tie.person_ref,
            "target": labels.ME,
            "predicate": RELATION_TO_USER,
            "label": _value_text(tie.value),
        }
        for tie in ties
    ]
    ties_by_edge = {f"edge:tie:{tie.fact_id}": tie for tie in ties}
    by_id = {node["id"]: node for node in drawn_nodes}
    for edge in drawn_edges:  # for the list beside the picture (and without JS)
        edge["source_label"], edge["source_url"] = (
            by_id[edge["source"]]["label"],
            by_id[edge["source"]]["url"],
        )
        edge["target_label"], edge["target_url"] = (
            by_id[edge["target"]]["label"],
            by_id[edge["target"]]["url"],
        )
    for edge in drawn_edges:
        edge["sentence"] = _sentence(
            edge["predicate"],
            by_id[edge["source"]],
            by_id[edge["target"]],
            ties_by_edge.get(edge["id"]),
        )
    linked = {r for edge in drawn_edges for r in (edge["source"], edge["target"])}
    return {
        "lone": [node for node in drawn_nodes if node["id"] not in linked],
        "nodes": drawn_nodes,
        "edges": drawn_edges,
        "legend": legend,
        # a neighbourhood of the entity alone is empty; an explorer's lone entities are not
        "shown": bool(drawn_edges) or (center is None and bool(drawn_nodes)),
    }
