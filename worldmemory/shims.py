"""The old flat memory interface on top of facts, and the review digest for the main chat."""

from __future__ import annotations

from django.utils import timezone

from worldmemory import temporal
from worldmemory.committer import proposal_commit
from worldmemory.context import OWNER_SELF
from worldmemory.contracts import own_proposal
from worldmemory.lookup import search_world_memory
from worldmemory.models import Fact
from worldmemory.notices import owner_language
from worldmemory.reads.entities import facts_data
from worldmemory.reads.review import pending_review
from worldmemory.tenancy import OwnerScope

# the digest is a message to the person, worded like the correction notices (``notices``)
DIGEST_WORDS = {
    "de": {
        "title": "Gedächtnis — bitte prüfen:",
        "conflict": "⚠ Widerspruch: ",
        "merge": "Zusammenführen?",
        "nothing": "Gedächtnis: nichts zu prüfen.",
        "reply": "Antwort: annehmen / ablehnen (mit Grund) / zusammenführen.",
    },
    "en": {
        "title": "Memory — please review:",
        "conflict": "⚠ Conflict: ",
        "merge": "Merge?",
        "nothing": "Memory: nothing to review.",
        "reply": "Reply: accept / reject (with a reason) / merge.",
    },
}


def remember(*, scope: OwnerScope, text: str, source: str = "user:chat") -> dict:
    """A remembered note becomes a ``note`` fact of the owner (an explicit user assertion)."""
    now = timezone.now()
    operation = {
        "op": "assert_fact",
        "subject_ref": OWNER_SELF,
        "predicate": "note",
        "object_value": text,
        "confidence": 1.0,
        "source": source,
        "memory_type": "user_assertion",
        "valid_from": now,
        "evidence": {"kind": "conversation_quote", "text": text},
    }
    proposal = own_proposal(run="remember", proposed_by="api:remember", operations=[operation])
    result = proposal_commit(scope=scope, proposal=proposal).results[0]
    return {"decision": result.decision, "reason": result.reason, "ids": result.ids}


def recall(*, scope: OwnerScope, query: str) -> dict:
    """Notes and facts that match ``query``: search finds them, values are read as current."""
    found = search_world_memory(scope=scope, query=query)
    fact_ids = [h["id"] for h in found["data"]["hits"] if h["kind"] == "fact"]
    facts = list(
        Fact.objects.filter(temporal.believed_q(), owner_sub=scope.owner_sub, pk__in=fact_ids)
    )
    data = facts_data(facts, as_of=timezone.now())
    notes = [f for f in data if f["predicate"] == "note"]
    lines = [f"- {f['value']}" for f in notes]
    lines += [
        f"- {f['subject_ref']}.{f['predicate']} = {f['value']}"
        for f in data
        if f["predicate"] != "note"
    ]
    text = "\n".join(lines) if lines else f"Nothing remembered about {query!r}."
    return {
        "text": text,
        "data": {"query": query, "notes": notes, "facts": data, "hits": found["data"]["hits"]},
    }


def review_digest(*, scope: OwnerScope) -> dict:
    """One bundled message for the main chat: what waits for a decision, nothing auto-committed.
    The person reads it, so it speaks the owner's language (their ``preferred_language``,
    else the site's), the identifiers the reply needs kept as they are."""
    data = pending_review(scope=scope)
    conflicts = set(data["conflicts"])
    words = DIGEST_WORDS[owner_language(scope)]
    lines = [words["title"]]
    for item in data["pending"]:
        payload = item["payload"]
        what = (
            f"{payload.get('subject_ref')} {payload.get('predicate')} = "
            f"{payload.get('object_value', payload.get('object_ref'))}"
            if "predicate" in payload
            else item["op"]
        )
        mark = words["conflict"] if item["id"] in conflicts else ""
        lines.append(f"- {mark}{what} — {item['reason']} [{item['id']}]")
    for item in data["merge_suggestions"]:
        lines.append(
            f"- {words['merge']} {item['entity_ref']} = {item['into_ref']}"
            f" ({item['similarity']:.0%}) [{item['id']}]"
        )
    if len(lines) == 1:
        lines = [words["nothing"]]
    else:
        lines.append(words["reply"])
    return {"text": "\n".join(lines), "data": data}
