"""Deterministic entity linking: spans of a message against the owner's aliases.

Case- and accent-insensitive, longest span first; a name's possessive links it too
("biscuit's paw", "Ankes Geburtstag", "Jonas' Frau"). A name the owner writes with a
capital but the message writes in lower case (or only capitalises at a sentence start)
links, if it is a person's, a pet's or a place's, unless the word reads as a word of
another kind there: one names never belong to (a verb, an adjective, a pronoun: "made" is
no grandmother "Made") or a noun after an article or possessive ("a bath" is no city
"Bath"; a name takes none: "moving to bath"). Phone-style chat writes names in lower case,
so case alone cannot decide.

A span naming several entities ("Luna" the cat and "luna" the branch) is not guessed: the
current scope decides (a candidate related to a scope entity), then recency (only one
candidate changed in the last day), else it is reported as unresolved.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from uuid import UUID

from django.db import connections

from curator.language.tagging import part_of_speech
from infra.routers import APP_DB
from worldmemory import temporal
from worldmemory.bilingual import language as language_of
from worldmemory.notices import site_language
from worldmemory.refs import normalize_alias
from worldmemory.tenancy import OwnerScope

MAX_SPAN_WORDS = 4
RECENT = timedelta(days=1)
PUNCTUATION = ".,;:!?()[]{}\"'„“”‚‘’«»"
SENTENCE_ENDS = ".!?"
# the English possessive (and German written the English way: "Anke's")
POSSESSIVE = ("'s", "’s")
# what a common noun takes and a name does not ("the bath", "a biscuit", "die Made", "im Bad")
DETERMINER_TEXT = (
    "a an the my your his her its our their this that these those some any no every each "
    "another der die das den dem des ein eine einen einem einer eines mein meine meinen "
    "meinem meiner meines dein deine deinen deinem deiner deines sein seine seinen seinem "
    "seiner seines ihr ihre ihren ihrem ihrer ihres unser unsere unseren unserem unserer "
    "euer eure euren eurem eurer kein keine keinen keinem keiner keines im am vom zum zur "
    "beim ins ne nen"
)
DETERMINERS = frozenset(DETERMINER_TEXT.split())
# HanTa tags (STTS, CLAWS5 prefixes) of words no name is: articles, pronouns, prepositions,
# conjunctions, numbers, interjections, verbs, adjectives, adverbs
NOT_NAME_TAGS = {
    "de": ("AP", "ART", "KO", "P", "CARD", "ITJ", "ADJ", "ADV", "V"),
    "en": ("AT", "CJ", "DT", "PN", "PR", "TO", "CRD", "ORD", "EX", "XX", "ITJ", "AJ", "AV", "V"),
}
ADJECTIVE_TAGS = {"de": ("ADJ",), "en": ("AJ",)}
# kinds whose entities carry proper names; a device, an area or a task is named by what it is
# and spoken of with an article ("die lamp", "im Wohnzimmer")
PROPER_NAMED_KINDS = ("person:", "pet:", "place:")


@dataclass(frozen=True)
class Candidate:
    id: UUID
    ref: str
    name: str


@dataclass
class Linking:
    linked: list[Candidate] = field(default_factory=list)
    spans: dict[str, str] = field(default_factory=dict)  # span → ref
    unresolved: dict[str, list[str]] = field(default_factory=dict)  # span → candidate refs


@dataclass(frozen=True)
class Word:
    norm: str  # as aliases are matched
    written: str  # as the message writes it
    sentence_start: bool
    # the name a possessive or genitive is of ("biscuit's" → "biscuit", "Ankes" → "anke")
    owner: str | None

    @property
    def bare(self) -> str:
        """The word in lower case, without its possessive, for the tagger."""
        word = self.written.casefold()
        return word[: -(len(self.norm) - len(self.owner))] if self.owner else word


def _owner(written: str, *, german: bool) -> str | None:
    norm = normalize_alias(written)
    if norm.endswith(POSSESSIVE):
        return norm[:-2] or None
    # the German genitive of a name has a bare -s ("Ankes", "Biscuits Pfote"); in English
    # that is a plural ("biscuits"), so only where the writer capitalised it or writes German
    if norm.endswith("s") and len(norm) > 3 and (german or written[:1].isupper()):
        return norm[:-1]
    return None


def _words(message: str, *, german: bool = False) -> list[Word]:
    words = []
    start = True
    for raw in message.split():
        written = raw.strip(PUNCTUATION)
        if written:
            norm = normalize_alias(written)
            words.append(Word(norm, written, start, _owner(written, german=german)))
        start = raw.rstrip("\"')]»“”’").endswith(tuple(SENTENCE_ENDS)) or (start and not written)
    return words


def _span_forms(words: list[Word], start: int, size: int) -> list[str]:
    """The span as written, then with its last word's possessive taken off."""
    head = [w.norm for w in words[start : start + size - 1]]
    last = words[start + size - 1]
    forms = [" ".join([*head, last.norm])]
    if last.owner:
        forms.append(" ".join([*head, last.owner]))
    return forms


def _spans(words: list[Word]) -> set[str]:
    return {
        form
        for size in range(1, MAX_SPAN_WORDS + 1)
        for start in range(len(words) - size + 1)
        for form in _span_forms(words, start, size)
    }


def _candidates(
    scope: OwnerScope, spans: set[str], now: datetime
) -> tuple[dict[str, dict[UUID, Candidate]], dict[tuple[str, UUID], set[str]]]:
    """span → candidates, merged entities replaced by the entity they were merged into; a
    name links only through an alias valid at ``now`` (a former name links nothing). Also
    how the owner writes each candidate's name for the span (``(span, id)`` → aliases)."""
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(
            "SELECT a.alias_norm, a.alias, coalesce(h.id, e.id), coalesce(h.kind, e.kind),"
            " coalesce(h.slug, e.slug), coalesce(h.canonical_name, e.canonical_name)"
            " FROM entity_aliases a"
            " JOIN entities e ON e.owner_sub = a.owner_sub AND e.id = a.entity_id"
            " LEFT JOIN entities h ON h.owner_sub = e.owner_sub AND h.id = e.merged_into_id"
            f" WHERE a.owner_sub = %(o)s AND {temporal.alias_at_sql('a', valid='now')}"
            " AND a.alias_norm = ANY(%(spans)s)",
            {"o": scope.owner_sub, "spans": list(spans), "now": now},
        )
        rows = cursor.fetchall()
    found: dict[str, dict[UUID, Candidate]] = {}
    written: dict[tuple[str, UUID], set[str]] = {}
    for span, alias, entity_id, kind, slug, name in rows:
        found.setdefault(span, {})[entity_id] = Candidate(entity_id, f"{kind}:{slug}", name)
        written.setdefault((span, entity_id), set()).add(alias)
    return found, written


def _reads_as_name(words: list[Word], position: int, *, lang: str) -> bool:
    """Whether a word written without the capital its name has is that name here: not read
    as a word of a class names never belong to, and not a noun after an article or a
    possessive (over adjectives between: "a long hot bath")."""
    if part_of_speech(words[position].bare, lang=lang).startswith(NOT_NAME_TAGS[lang]):
        return False
    before = position - 1
    while before >= 0 and part_of_speech(words[before].bare, lang=lang).startswith(
        ADJECTIVE_TAGS[lang]
    ):
        before -= 1
    return before < 0 or words[before].norm not in DETERMINERS


def _case_says_name(word: Word, aliases: set[str]) -> bool:
    """Whether the writing alone names the entity: the owner writes the name in lower case
    (a "mum", a branch "luna"), or the message capitalises it where a capital means
    something (not the first word of a sentence)."""
    if any(not alias[:1].isupper() for alias in aliases):
        return True
    return word.written[:1].isupper() and not word.sentence_start


def _decide(
    scope: OwnerScope, ambiguous: dict[str, list[Candidate]], scope_ids: list[UUID], now: datetime
) -> dict[str, Candidate]:
    """Pick a candidate per ambiguous span where scope or recency decides (one query)."""
    ids = [c.id for cs in ambiguous.values() for c in cs]
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(
            "SELECT subject_entity_id, object_entity_id, recorded_at FROM facts"
            f" WHERE owner_sub = %(o)s AND {temporal.BELIEVED_NOW_SQL}"
            " AND (subject_entity_id = ANY(%(ids)s) OR object_entity_id = ANY(%(ids)s))",
            {"o": scope.owner_sub, "ids": ids},
        )
        rows = cursor.fetchall()
    related, latest = set(), {}
    for subject, obj, recorded in rows:
        if obj in scope_ids:
            related.add(subject)
        if subject in scope_ids:
            related.add(obj)
        latest[subject] = max(latest.get(subject, recorded), recorded)
    decided = {}
    for span, candidates in ambiguous.items():
        in_scope = [c for c in candidates if c.id in related or c.id in scope_ids]
        recent = [c for c in candidates if now - latest.get(c.id, now - 2 * RECENT) < RECENT]
        if len(in_scope) == 1:
            decided[span] = in_scope[0]
        elif len(recent) == 1:
            decided[span] = recent[0]
    return decided


def link_message(
    *, scope: OwnerScope, message: str, scope_ids: list[UUID], now: datetime
) -> Linking:
    lang = language_of(message) or site_language()
    words = _words(message, german=lang == "de")
    found, written = _candidates(scope, _spans(words), now) if words else ({}, {})
    result = Linking()
    chosen: list[tuple[str, list[Candidate]]] = []
    position = 0
    while position < len(words):
        for size in range(min(MAX_SPAN_WORDS, len(words) - position), 0, -1):
            span = next((f for f in _span_forms(words, position, size) if f in found), None)
            if span is None:
                continue
            candidates = list(found[span].values())
            if size == 1:  # a longer span is a name by its length ("temple meads")
                candidates = [
                    c
                    for c in candidates
                    if not c.ref.startswith(PROPER_NAMED_KINDS)
                    or _case_says_name(words[position], written[(span, c.id)])
                    or _reads_as_name(words, position, lang=lang)
                ]
            if candidates:
                chosen.append((span, candidates))
                position += size
                break
        else:
            position += 1
    ambiguous = {span: cs for span, cs in chosen if len(cs) > 1}
    decided = _decide(scope, ambiguous, scope_ids, now) if ambiguous else {}
    seen: set[UUID] = set()
    for span, candidates in chosen:
        pick = candidates[0] if len(candidates) == 1 else decided.get(span)
        if pick is None:
            result.unresolved[span] = sorted(c.ref for c in candidates)
            continue
        result.spans[span] = pick.ref
        if pick.id not in seen:
            seen.add(pick.id)
            result.linked.append(pick)
    return result
