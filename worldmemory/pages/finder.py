"""The search of the overview: what a person can trust. Exact names and aliases first, then
entities whose name contains the words, then facts that say them (in the words the person
would use: "Wo wohne ich?" finds "Du wohnst in Dresden"), then the conversation passages
that clear the relevance floor (``passages``) and the summaries of the conversations that
say the words, each once; each entity once (a merged one as the entity it became), and an
explicit "no hit" when nothing clears. Summaries and the reflection layer's own records are
no facts about the person's world: they never fill the facts.

A word the question shares with a text is no reason to list it: a fact, a summary or a
record of the reflection layer is listed only when it is about the question, naming most of
what it asks about (``answerable.speaks_of``: "Svenja" alone does not answer what she got
for the wedding anniversary) or, for summaries and records, near it in meaning past the
relevance floor. A fact about an entity the question names by its name stays: a searched
name lists that person and their ties."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.utils import timezone, translation

from worldmemory import labels, sources, temporal, vocabulary_labels
from worldmemory.models import Entity, EntityAlias, Fact
from worldmemory.reads import search, selectors
from worldmemory.reads.answerable import asked_things, speaks_of
from worldmemory.reads.entities import facts_data
from worldmemory.reads.predicate_words import predicates_named, query_terms
from worldmemory.reads.resolution import entity_by_ref, follow_merges
from worldmemory.refs import normalize_alias
from worldmemory.tenancy import OwnerScope

MAX_ENTITIES = 10
MAX_FACTS = 10
MAX_PASSAGES = 5
MAX_SUMMARIES = 3
# facts read per way of finding them, before they are ranked
CANDIDATES = 50
SUMMARY_KIND = "session_summary"
# words by which a question asks about the person themself ("Wo wohne ich?")
FIRST_PERSON = frozenset(
    ["ich", "mein", "meine", "meinen", "meinem", "meiner", "mir", "mich", "i", "my", "me", "mine"]
)


@dataclass
class Found:
    entities: list[dict] = field(default_factory=list)
    facts: list[dict] = field(default_factory=list)
    passages: list[dict] = field(default_factory=list)
    summaries: list[dict] = field(default_factory=list)

    @property
    def nothing(self) -> bool:
        return not (self.entities or self.facts or self.passages or self.summaries)


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
        "name": labels.name_of(entity),
        "kind": entity.kind_id,
        "how": how,
    }


def _current(**filters) -> list[Fact]:
    """Facts believed and valid now, newest first."""
    return list(
        Fact.objects.filter(temporal.believed_q(), temporal.valid_at_q(timezone.now()), **filters)
        .select_related("subject_entity", "object_entity")
        .order_by("-recorded_at")[:CANDIDATES]
    )


def _summaries(
    *, scope: OwnerScope, subject_ids: list, asked: list[set[str]], near: set
) -> list[dict]:
    """Each summary about the question once (its statement, not also its sentences), in the
    order found; ``near``: the entities whose meaning clears the relevance floor."""
    rows = Fact.objects.filter(
        temporal.believed_q(),
        owner_sub=scope.owner_sub,
        subject_entity_id__in=subject_ids,
        predicate_id="statement",
    ).select_related("subject_entity")
    by_subject = {row.subject_entity_id: row for row in rows}
    found = []
    for subject_id in dict.fromkeys(subject_ids):
        row = by_subject.get(subject_id)
        if row is None or len(found) >= MAX_SUMMARIES:
            continue
        text = labels.value_word(row.object_value)
        if subject_id in near or speaks_of(asked=asked, text=text):
            found.append(
                {
                    "ref": row.subject_entity.ref,
                    "name": labels.entity_name(row.subject_entity.ref),
                    "text": text,
                }
            )
    return found


def _says(value: object, terms: list[str]) -> bool:
    """Whether ``value``, as stored or in words ("sister", "Schwester"), says a term."""
    text = f"{value} {labels.value_word(value)}" if value else ""
    words = re.findall(r"\w+", text.casefold())
    return any(word.startswith(term) for word in words for term in terms)


def _fact_words(fact: dict, *, described: str) -> str:
    """What a fact says in either language: its sentences, its predicate's names, and the
    words that describe its subject ("sister" for Jana's home)."""
    said = [described]
    for lang in ("de", "en"):
        with translation.override(lang):
            said += [labels.fact_sentence(fact), labels.predicate_label(fact["predicate"])]
    return " ".join(said)


def _said_facts(
    *, scope: OwnerScope, query: str, hits: list, named: set, reflection: frozenset[str]
) -> tuple[list[Fact], dict, dict]:
    """The candidate facts, their scores and the words that describe their subjects: a point
    per query word their predicate says, one for saying the words in a value, one for being
    about an entity the query names, one for being about an entity a found value describes
    ("my sister": Jana)."""
    terms = query_terms(query)
    predicates = predicates_named(terms=terms)
    lexical = [h.id for h in hits if h.kind == "fact"]
    rows = {
        row.pk: row
        for row in Fact.objects.filter(owner_sub=scope.owner_sub, pk__in=lexical)
        .exclude(subject_entity__kind_id__in=reflection)
        .select_related("subject_entity", "object_entity")
    }
    # a value saying the words describes its subject ("sister": Jana); that ranks Jana's
    # facts the question asks for first, but lists none of her others ("Katze" is no
    # question about all of Luna). A predicate's words ("lives in") describe nobody.
    described: dict = {}
    for row in rows.values():
        if _says(row.object_value, terms):
            words = f"{row.object_value} {labels.value_word(row.object_value)}"
            described[row.subject_entity_id] = f"{described.get(row.subject_entity_id, '')} {words}"
    world = {"owner_sub": scope.owner_sub}
    candidates = [
        *(rows[pk] for pk in lexical if pk in rows),
        *_current(**world, predicate_id__in=list(predicates)),
        *_current(**world, subject_entity_id__in=list(named)),
        *_current(**world, object_entity_id__in=list(named)),
    ]
    unique = [
        row
        for row in {row.pk: row for row in candidates}.values()
        if row.subject_entity.kind_id not in reflection
    ]
    about_me = bool(FIRST_PERSON & set(re.findall(r"\w+", query.casefold())))
    scores = {
        row.pk: (
            predicates.get(row.predicate_id, 0)
            + (row.pk in rows)
            + (row.subject_entity_id in named or row.object_entity_id in named)
            + (row.subject_entity_id in described),
            about_me
            and labels.ME in (row.subject_entity.ref, getattr(row.object_entity, "ref", None)),
        )
        for row in unique
    }
    return unique, scores, described


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
    # what clears the relevance floor by its meaning is about the question whatever its words
    near = {h.entity_id for h in hits if "vectors" in h.sources}
    asked = asked_things(query=query)
    reflection = selectors.reflection_kinds()
    by_id = Entity.objects.in_bulk(named)
    for entity_id in named:
        entity = by_id.get(entity_id)
        # a record of the reflection layer is named by a sentence, which shares words with
        # many a question it has nothing to say to
        if (
            entity is not None
            and entity.kind_id in reflection
            and entity_id not in near
            and not speaks_of(asked=asked, text=labels.name_of(entity))
        ):
            continue
        add(entity, "name")
    rows, scores, described = _said_facts(
        scope=scope, query=_with_vocabulary(query), hits=hits, named=seen, reflection=reflection
    )
    ranked = sorted(rows, key=lambda row: scores[row.pk], reverse=True)
    # the names the sentences say came with the facts: no read of its own for each
    labels.known_names(
        {
            entity.ref: entity.canonical_name
            for row in ranked
            for entity in (row.subject_entity, row.object_entity)
            if entity is not None
            and entity.kind_id not in (labels.SESSION_KIND, labels.SUMMARY_KIND)
        }
    )
    said: set = set()
    for row, fact in zip(ranked, facts_data(ranked, as_of=timezone.now()), strict=True):
        if fact["lifecycle"] != "active":
            continue
        tie = row.subject_entity_id in seen or row.object_entity_id in seen
        words = _fact_words(fact, described=described.get(row.subject_entity_id, ""))
        if not tie and not speaks_of(asked=asked, text=words):
            continue
        head = follow_merges(row.subject_entity)
        key = (head.pk, fact["predicate"], fact["object_ref"] or repr(fact["value"]))
        if key in said or len(found.facts) >= MAX_FACTS:
            continue
        said.add(key)
        found.facts.append({**fact, "subject_ref": head.ref, "head_ref": head.ref})
    found.passages = sources.sources_search(scope=scope, query=query, k=MAX_PASSAGES)
    summary_ids = Entity.objects.filter(
        pk__in=[h.entity_id for h in hits if h.entity_id], kind_id=SUMMARY_KIND
    ).values_list("pk", flat=True)
    order = [h.entity_id for h in hits if h.entity_id in set(summary_ids)]
    found.summaries = _summaries(scope=scope, subject_ids=order, asked=asked, near=near)
    return found
