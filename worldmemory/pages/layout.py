"""Server-side graph drawing: concentric rings, laid out once per request as inline SVG.

Rings keep a neighbourhood readable without a client library: the entity in the
middle, its direct neighbours on the first ring, theirs on the second. The global
explorer orders nodes by degree, so hubs sit in the middle.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

RING_GAP = 130
NODE_RADIUS = 22
MARGIN = 90


@dataclass(frozen=True)
class Node:
    ref: str
    label: str
    kind: str
    x: float
    y: float
    center: bool = False


@dataclass(frozen=True)
class Edge:
    source: Node
    target: Node
    predicate: str

    @property
    def mid_x(self) -> float:
        return (self.source.x + self.target.x) / 2

    @property
    def mid_y(self) -> float:
        return (self.source.y + self.target.y) / 2


@dataclass(frozen=True)
class Drawing:
    nodes: list[Node]
    edges: list[Edge]
    size: int


def _rings_by_level(levels: dict[str, int]) -> list[list[str]]:
    rings: list[list[str]] = []
    for ref, level in sorted(levels.items(), key=lambda item: (item[1], item[0])):
        while len(rings) <= level:
            rings.append([])
        rings[level].append(ref)
    return rings


def _rings_by_degree(degree: dict[str, int]) -> list[list[str]]:
    ordered = sorted(degree, key=lambda ref: (-degree[ref], ref))
    rings, start, ring = [], 0, 0
    while start < len(ordered):
        capacity = 1 if ring == 0 else 8 * ring
        rings.append(ordered[start : start + capacity])
        start += capacity
        ring += 1
    return rings


def draw(
    edges: list[tuple[str, str, str]],
    labels: dict[str, tuple[str, str]],
    *,
    center: str | None = None,
) -> Drawing:
    """Place ``(subject_ref, predicate, object_ref)`` edges; ``labels`` maps a ref to its
    ``(name, kind)``. With ``center``, rings are breadth-first levels from it."""
    degree: dict[str, int] = {}
    for subject, _, obj in edges:
        degree[subject] = degree.get(subject, 0) + 1
        degree[obj] = degree.get(obj, 0) + 1
    if center is not None:
        degree.setdefault(center, 0)
        levels = {center: 0}
        frontier = [center]
        while frontier:
            following = []
            for ref in frontier:
                for subject, _, obj in edges:
                    for near, far in ((subject, obj), (obj, subject)):
                        if near == ref and far not in levels:
                            levels[far] = levels[ref] + 1
                            following.append(far)
            frontier = following
        for ref in degree:
            levels.setdefault(ref, max(levels.values()) + 1)
        rings = _rings_by_level(levels)
    else:
        rings = _rings_by_degree(degree)
    # a ring needs room for its nodes: at least ~2.6 node diameters of arc per node
    radii, radius = [], 0.0
    for index, ring in enumerate(rings):
        if index:
            needed = len(ring) * NODE_RADIUS * 2.6 / (2 * math.pi)
            radius = max(radius + RING_GAP, needed)
        radii.append(radius)
    half = (radii[-1] if radii else 0) + MARGIN
    placed: dict[str, Node] = {}
    for ring, radius in zip(rings, radii, strict=True):
        for position, ref in enumerate(ring):
            angle = 2 * math.pi * position / max(len(ring), 1) - math.pi / 2
            name, kind = labels.get(ref, (ref, ref.split(":", 1)[0]))
            placed[ref] = Node(
                ref=ref,
                label=name,
                kind=kind,
                x=round(half + radius * math.cos(angle), 1),
                y=round(half + radius * math.sin(angle), 1),
                center=ref == center,
            )
    lines = [Edge(placed[s], placed[o], p) for s, p, o in edges if s in placed and o in placed]
    return Drawing(nodes=list(placed.values()), edges=lines, size=int(2 * half))
