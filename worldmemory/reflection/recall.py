"""Source-oriented recall: "Was habe ich am 19. August 2026 über meine Meditation gesagt?"

Answered from the source messages of the named time — never from summaries, threads
or insights, which are derived. The date expressions (German and English) give the
windows; the rest of the question, without stopwords, gives the topic; a first-person
question ("habe ich", "did I") asks for the owner's own turns. Topic words match by
their first letters as written, so "Meditation" finds "meditiert" too.
"""

from __future__ import annotations

import re
from datetime import datetime

from django.db import connections
from django.utils import timezone

from infra.routers import APP_DB
from worldmemory import render
from worldmemory.reads.search import STOPWORDS
from worldmemory.reflection.dates import Window, date_spans_removed, date_windows
from worldmemory.refs import normalize_alias
from worldmemory.sources import sources_search
from worldmemory.tenancy import OwnerScope

PREFIX = 5  # letters a topic word is matched by ("medit" → Meditation, meditiert)
WINDOW_CAP = 500  # matching messages read per window at most
# "habe ich", "ich habe", "did I", "I said" all contain the pronoun itself
FIRST_PERSON = re.compile(r"\b(ich|i)\b")
QUESTION_TEXT = (
    "gesagt sagte erzahlt erwahnt geschrieben uber about said told mention mentioned wrote "
    "write say tell talk talked sprach gesprochen habe hab hatte hast gemeint dazu"
)
QUESTION_WORDS = frozenset(QUESTION_TEXT.split())


def topic_terms(text: str) -> list[str]:
    """The words a question is about: no stopwords, no question verbs, no dates."""
    words = re.findall(r"\w+", text.casefold())
    return list(
        dict.fromkeys(
            w
            for w in words
            if len(w) > 2
            and not w.isdigit()
            and normalize_alias(w) not in STOPWORDS
            and normalize_alias(w) not in QUESTION_WORDS
        )
    )


def _prefix_query(terms: list[str]) -> str | None:
    """A tsquery matching each term by its first letters, as written and without accents."""
    parts = []
    for term in terms:
        for form in dict.fromkeys([term, normalize_alias(term)]):
            clean = re.sub(r"[^\w]", "", form)
            if clean:
                parts.append(f"{clean[:PREFIX]}:*")
    return " | ".join(dict.fromkeys(parts)) or None


def _in_window(
    scope: OwnerScope, window: Window, terms: list[str], own_only: bool
) -> tuple[list[dict], int]:
    """The matching messages of one window (oldest first) and how many it holds in all."""
    tsquery = _prefix_query(terms)
    role = "AND role = 'user'" if own_only else "AND role IN ('user', 'assistant')"
    where = (
        "WHERE owner_sub = %(owner)s AND occurred_at >= %(start)s AND occurred_at < %(end)s"
        f" AND text <> '' {role}"
        # only the latest version of an edited message
        " AND NOT EXISTS (SELECT 1 FROM source_messages newer WHERE newer.owner_sub = %(owner)s"
        " AND newer.supersedes_message_id = source_messages.id)"
    )
    match = "AND search_vector @@ to_tsquery('simple', %(q)s)" if tsquery else ""
    params = {
        "owner": scope.owner_sub,
        "start": window.start,
        "end": window.end,
        "q": tsquery,
        "cap": WINDOW_CAP,
    }
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(
            "SELECT id, session_external_id, external_id, occurred_at, role, speaker, text"
            f" FROM source_messages {where} {match}"
            " ORDER BY occurred_at, external_id, version LIMIT %(cap)s",
            params,
        )
        columns = [c.name for c in cursor.description]
        rows = [dict(zip(columns, row, strict=True)) for row in cursor.fetchall()]
        cursor.execute(
            f"SELECT count(*) FROM source_messages {where}",
            params,
        )
        total = cursor.fetchone()[0]
    hits = [
        {
            "message_id": str(r["id"]),
            "session_external_id": r["session_external_id"],
            "external_id": r["external_id"],
            "occurred_at": r["occurred_at"],
            "role": r["role"],
            "speaker": r["speaker"],
            "text": r["text"],
            "window": window.text,
        }
        for r in rows
    ]
    return hits, total


def sources_recall(
    *, scope: OwnerScope, query: str, now: datetime | None = None, k: int = 20
) -> dict:
    """The source passages a question about the past points at, with session and time."""
    now = now or timezone.now()
    windows = date_windows(text=query, now=now)
    rest = date_spans_removed(text=query, windows=windows) if windows else query
    terms = topic_terms(rest)
    own_only = bool(FIRST_PERSON.search(normalize_alias(query)))
    found: list[dict] = []
    looked_at = []
    for window in windows:
        hits, total = _in_window(scope, window, terms, own_only)
        found += hits
        looked_at.append({**window.as_dict(), "messages": total, "matching": len(hits)})
    if not windows:
        # no time named: full-text recall over all sources, still from the originals
        for hit in sources_search(scope=scope, query=rest or query, k=k):
            found.append(
                {
                    "message_id": hit["id"],
                    "session_external_id": hit["session_external_id"],
                    "external_id": hit["external_id"],
                    "occurred_at": hit["occurred_at"],
                    "role": None,
                    "speaker": hit["speaker"],
                    "text": hit["text"],
                    "window": None,
                }
            )
    found = found[:k]
    return {
        "text": _text(query, looked_at, terms, found),
        "data": {
            "windows": looked_at,
            "terms": terms,
            "own_turns_only": own_only,
            "passages": found,
            "from": "sources",
        },
    }


def _text(query: str, windows: list[dict], terms: list[str], found: list[dict]) -> str:
    lines = [f"Sources for: {query}"]
    for window in windows:
        lines.append(
            f"- period {render.day(window['start'])} – {render.day(window['end'])}"
            f" ({window['text']}): {window['messages']} messages, {window['matching']} about"
            f" {', '.join(terms) or 'anything'}"
        )
    for passage in found:
        lines.append(
            f"[{render.day(passage['occurred_at'])} · session {passage['session_external_id']}]"
            f" {passage['text']}"
        )
    if not found:
        lines.append("(no matching source)")
    return "\n".join(lines)
