"""Correction notices: when curation changes or corrects a value the agent believed, the
chat hears it once ("du sagtest früher X, jetzt Y — ich habe das aktualisiert").

A notice is written in the committing transaction of the curation that caused it, in the
language of the message that said the new value (the owner's preferred language when the
message does not tell). It is delivered exactly once: by the ingest response when the
window was curated synchronously, otherwise by the next context block of its chat. The
claim is one ``UPDATE … RETURNING`` on rows still undelivered, so two concurrent context
builds never both carry it; row-level security keeps every owner's notices its own.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass

from django.conf import settings
from django.db import connections
from django.utils import timezone, translation

from infra.routers import APP_DB
from worldmemory import labels, temporal
from worldmemory.bilingual import language as said_language
from worldmemory.models import CuratorNotice, Entity, Fact, SourceMessage
from worldmemory.reads.resolution import entities_by_refs
from worldmemory.sources import EVIDENCE_PREFIX
from worldmemory.tenancy import OwnerScope

OWNER_SELF = "person:me"
MAX_DELIVERED = 10  # a block carries at most this many; the rest wait for the next one
TEMPLATES = {
    "de": "{what}du sagtest früher {old}, jetzt {new} — ich habe das aktualisiert.",
    "en": "{what}you told me {old} before, now {new} — I've updated it.",
}
HEADINGS = {
    "de": "Gerade aktualisiert (sag es dem Nutzer einmal)",
    "en": "Just updated (tell the user once)",
}


# how many of the owner's latest own messages tell the language they write in
WRITTEN_SAMPLE = 20


def owner_language(scope: OwnerScope) -> str:
    """The owner's ``preferred_language`` fact if it names one, else the language of their own
    latest messages (an English owner who never said so is not answered in the site's German),
    else the site's language."""
    return stated_language(scope) or written_language(scope) or site_language()


def written_language(scope: OwnerScope) -> str | None:
    """The language most of the owner's latest own messages are in, if one leads."""
    texts = SourceMessage.objects.filter(owner_sub=scope.owner_sub, role="user").order_by(
        "-occurred_at"
    )[:WRITTEN_SAMPLE]
    said = [said_language(text) for text in texts.values_list("text", flat=True)]
    german, english = said.count("de"), said.count("en")
    if german == english:
        return None
    return "de" if german > english else "en"


def stated_language(scope: OwnerScope) -> str | None:
    """``de`` or ``en`` when the owner's ``preferred_language`` fact names one."""
    me = entities_by_refs(scope=scope, refs={OWNER_SELF}).get(OWNER_SELF)
    fact = (
        Fact.objects.filter(
            temporal.fact_believed_open_q(),
            owner_sub=scope.owner_sub,
            subject_entity_id=me.pk,
            predicate_id="preferred_language",
        )
        .order_by("-recorded_at")
        .first()
        if me
        else None
    )
    return language_named(fact.object_value if fact else None)


def language_named(value: object) -> str | None:
    """``de`` or ``en`` for a ``preferred_language`` value ("de", "Deutsch", "english"…)."""
    value = str(value or "").casefold()
    if value.startswith("de") or value in {"german", "deutsch"}:
        return "de"
    if value.startswith("en") or value in {"englisch"}:
        return "en"
    return None


def site_language() -> str:
    site = settings.LANGUAGE_CODE[:2]
    return site if site in TEMPLATES else "de"


def _shown(fact: Fact) -> str:
    if fact.object_entity_id:
        return Entity.objects.get(pk=fact.object_entity_id).canonical_name
    value = fact.object_value
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def notice_text(*, language: str, subject: Entity, predicate: str, old: str, new: str) -> str:
    with translation.override(language):  # the notice's language, not the request's
        label = labels.predicate_label(predicate)
    what = f"{label}: " if subject.ref == OWNER_SELF else f"{subject.canonical_name}, {label}: "
    return TEMPLATES[language].format(what=what, old=old, new=new)


@dataclass(frozen=True, kw_only=True)
class Replaced:
    """One committed operation that replaced a believed value, and what it cited."""

    fact_id: str
    previous_fact_id: str
    kind: str  # change · correction
    evidence_ref: str | None


def replaced_values(*, ops: list[dict], results: Iterable) -> list[Replaced]:
    """The committed operations of a curation that changed or corrected a believed value."""
    found = []
    for result in results:
        ids = result.ids or {}
        previous = ids.get("corrected_fact_id") or ids.get("superseded_fact_id")
        if str(result.decision) != "committed" or not ids.get("fact_id") or not previous:
            continue
        op = ops[result.op_index] if result.op_index < len(ops) else {}
        found.append(
            Replaced(
                fact_id=ids["fact_id"],
                previous_fact_id=previous,
                kind="correction" if "corrected_fact_id" in ids else "change",
                evidence_ref=(op.get("evidence") or {}).get("ref"),
            )
        )
    return found


def notices_record(
    *, scope: OwnerScope, chat_id: str, run_id: str, replaced: list[Replaced]
) -> list[CuratorNotice]:
    """Write a notice for each replaced value that really differs (inside the curation's
    transaction); a value restated, or one the agent never believed, says nothing."""
    if not replaced:
        return []
    facts = {
        str(f.pk): f
        for f in Fact.objects.filter(
            owner_sub=scope.owner_sub,
            pk__in=[r.fact_id for r in replaced] + [r.previous_fact_id for r in replaced],
        )
    }
    message_ids = [
        r.evidence_ref.removeprefix(EVIDENCE_PREFIX)
        for r in replaced
        if r.evidence_ref and r.evidence_ref.startswith(EVIDENCE_PREFIX)
    ]
    texts = dict(
        SourceMessage.objects.filter(
            owner_sub=scope.owner_sub, pk__in=[m for m in message_ids if _is_uuid(m)]
        ).values_list("id", "text")
    )
    texts = {str(k): v for k, v in texts.items()}
    preferred: str | None = None
    written = []
    for item in replaced:
        new, old = facts.get(item.fact_id), facts.get(item.previous_fact_id)
        if new is None or old is None:
            continue
        new_shown, old_shown = _shown(new), _shown(old)
        if new_shown == old_shown:
            continue
        said = texts.get((item.evidence_ref or "").removeprefix(EVIDENCE_PREFIX), "")
        language = said_language(said)
        if language is None:
            preferred = preferred or owner_language(scope)
            language = preferred
        subject = Entity.objects.get(pk=new.subject_entity_id)
        notice, created = CuratorNotice.objects.get_or_create(
            owner_sub=scope.owner_sub,
            fact_id=new.pk,
            defaults={
                "org_id": scope.org_id,
                "chat_id": chat_id,
                "kind": item.kind,
                "language": language,
                "text": notice_text(
                    language=language,
                    subject=subject,
                    predicate=new.predicate_id,
                    old=old_shown,
                    new=new_shown,
                ),
                "previous_fact_id": old.pk,
                "run_id": run_id,
            },
        )
        if created:
            written.append(notice)
    return written


def _is_uuid(text: str) -> bool:
    return re.fullmatch(r"[0-9a-fA-F-]{36}", text) is not None


def notices_waiting(*, scope: OwnerScope, chat_id: str | None) -> bool:
    """Whether the chat (any chat when none is named) has an undelivered notice: an
    index-only probe of the partial index on undelivered rows, so the context block claims
    (an UPDATE in a savepoint, three round trips) only when there is something to claim."""
    sql = (
        "SELECT EXISTS (SELECT 1 FROM curator_notices WHERE owner_sub = %(owner)s"
        " AND delivered_at IS NULL" + (" AND chat_id = %(chat)s" if chat_id else "") + ")"
    )
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(sql, {"owner": scope.owner_sub, "chat": chat_id})
        return cursor.fetchone()[0]


def notices_claim(
    *, scope: OwnerScope, chat_id: str | None, by: str, ids: list | None = None
) -> list[dict]:
    """Mark undelivered notices delivered and return them, oldest first: the chat's (every
    chat's when no chat is named), or exactly ``ids``. A notice is claimed once, ever."""
    conditions = ["owner_sub = %(owner)s", "delivered_at IS NULL"]
    params: dict = {"owner": scope.owner_sub, "by": by, "now": timezone.now()}
    if ids is not None:
        if not ids:
            return []
        conditions.append("id = ANY(%(ids)s)")
        params["ids"] = list(ids)
    elif chat_id:
        conditions.append("chat_id = %(chat)s")
        params["chat"] = chat_id
    params["limit"] = MAX_DELIVERED
    sql = (
        "UPDATE curator_notices SET delivered_at = %(now)s, delivered_by = %(by)s"
        " WHERE id IN (SELECT id FROM curator_notices WHERE "
        + " AND ".join(conditions)
        + " ORDER BY created_at, id LIMIT %(limit)s FOR UPDATE SKIP LOCKED)"
        " RETURNING id, chat_id, kind, language, text, created_at"
    )
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    rows.sort(key=lambda r: (r[5], str(r[0])))
    return [
        {
            "id": str(row[0]),
            "chat_id": row[1],
            "kind": row[2],
            "language": row[3],
            "text": row[4],
        }
        for row in rows
    ]


def notices_block(notices: list[dict]) -> str:
    """The block's section that carries the notices (in the first notice's language)."""
    if not notices:
        return ""
    heading = HEADINGS.get(notices[0]["language"], HEADINGS["de"])
    return "\n".join([f"### {heading}", *(f"- {n['text']}" for n in notices)])
