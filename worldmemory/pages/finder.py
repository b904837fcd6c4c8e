"""The search of the overview: what a person can trust. Exact names and aliases first, then
entities whose name contains the words, then facts that say them, then the conversation
passages that clear the relevance floor (``passages``); each entity once (a merged one as
the entity it became), and an explicit "no hit" when nothing clears."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.utils import timezone

from worldmemory import labels, sources, temporal, vocabulary_labels
from worldmemory.models import Entity, EntityAlias, Fact
from worldmemory.reads import search
from worldmemory.reads.entities import facts_data
from worldmemory.reads.resolution import entity_by_ref, follow_merges
from worldmemory.refs import normalize_alias
from worldmemory.tenancy import OwnerScope

MAX_ENTITIES = 10
MAX_FACTS = 10
MAX_PASSAGES = 5


@dataclass
class Found:
    entities: list[dict] = field(default_factory=list)
    facts: list[dict] = field(default_factory=list)
    passages: list[dict] = field(default_factory=list)

    @property
    def nothing(self) -> bool:
        return not (self.entities or self.facts or self.passages)


def _with_vocabulary(query: str) -> str:
    """The query plus the stored words for vocabulary it names in another language
    ("Katze" also looks for "cat", the word a fact stores)."""
    words = {w.casefold() for w in re.findall(r"\w+", query)}
    extra = [
        stored
        for stored, spoken in vocabulary_labels.VALUE_LEXICON.items()
        if any(word.casefold() in words for word in spoken) and stored not in words
    ]
    return " ".join([query, *extra])


def _entity_row(entity: Entity, how: str) -> dict:
    return {
        "ref": entity.ref,
        "name": labels.entity_name(entity.ref)
        if entity.ref == labels.ME
        else entity.canonical_name,
        "kind": entity.kind_id,
        "how": how,
    }


def find(*, scope: OwnerScope, query: str) -> Found:
    found = Found()
    seen: set = set()

    def add(entity: Entity | None, how: str) -> None:
        if entity is None:
            return
        head = follow_merges(entity)
        if head.pk not in seen and len(found.entities) < MAX_ENTITIES:
            seen.add(head.pk)
            found.entities.append(_entity_row(head, how))

    exact = EntityAlias.objects.filter(
        temporal.alias_at_q(), owner_sub=scope.owner_sub, alias_norm=normalize_alias(query)
    ).select_related("entity")
    for alias in exact:
        add(alias.entity, "exact")
    if ":" in query:
        add(entity_by_ref(scope=scope, ref=query), "exact")
    hits = search.search(scope=scope, query=_with_vocabulary(query), limit=30)
    # an entity counts when its name says the words; an entity's whole rendering (every
    # fact about it) matching is no reason to list it
    named = [h.entity_id for h in hits if h.kind == "entity" and "names" in h.sources]
    by_id = Entity.objects.in_bulk(named)
    for entity_id in named:
        add(by_id.get(entity_id), "name")
    fact_ids = [h.id for h in hits if h.kind == "fact"]
    rows = list(
        Fact.objects.filter(owner_sub=scope.owner_sub, pk__in=fact_ids).select_related(
            "subject_entity"
        )
    )
    order = {pk: rank for rank, pk in enumerate(fact_ids)}
    said: set = set()
    for row, fact in sorted(
        zip(rows, facts_data(rows, as_of=timezone.now()), strict=True),
        key=lambda pair: order[pair[0].pk],
    ):
        if fact["lifecycle"] != "active":
            continue
        head = follow_merges(row.subject_entity)
        key = (head.pk, fact["predicate"], fact["object_ref"] or repr(fact["value"]))
        if key in said or len(found.facts) >= MAX_FACTS:
            continue
        said.add(key)
        found.facts.append({**fact, "subject_ref": head.ref, "head_ref": head.ref})
    found.passages = sources.sources_search(scope=scope, query=query, k=MAX_PASSAGES)
    return found
