"""Quellen: sessions and their messages, and source-oriented search."""

from __future__ import annotations

from datetime import datetime
from uuid import UUID

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from worldmemory import sources as source_layer
from worldmemory.pages.access import owner_page
from worldmemory.pages.log import span_params
from worldmemory.pages.reflection import (
    session_reflection,
    session_summary_sentences,
    session_working_state,
)
from worldmemory.reads import selectors
from worldmemory.reflection.activity import session_activity
from worldmemory.reflection.escalation import RESTING
from worldmemory.reflection.state_words import state_label
from worldmemory.tenancy import OwnerScope

TEMPLATE = "gedaechtnis/sources.html"


# The words the page shows for the two sides of a chat ("du", "Agent"), as a person types
# them into the speaker filter, and the speakers they stand for.
SPEAKER_WORDS = {
    "du": "user",
    "you": "user",
    "ich": "user",
    "me": "user",
    "agent": "assistant",
    "assistent": "assistant",
}


def speaker_key(word: str) -> str:
    """The stored speaker a typed word names: "du" → "user", "Agent" → "assistant";
    any other name (someone in a group chat) as typed."""
    return SPEAKER_WORDS.get(word.casefold(), word)


@require_GET
@owner_page
def sources(request: HttpRequest, scope: OwnerScope) -> HttpResponse:
    params = request.GET
    errors: list[str] = []
    query = params.get("q", "").strip()[:2000]
    speaker = params.get("speaker", "").strip()[:200]
    since, until = span_params(params, errors)
    if (since or until or speaker) and not query:
        errors.append(_("Please enter words to search for."))
    hits = None
    if query and not errors:
        hits = source_layer.sources_search(
            scope=scope,
            query=query,
            k=30,
            speaker=speaker_key(speaker) or None,
            since=since,
            until=until,
        )
    context = {
        "nav": "sources",
        "filters": {
            "q": query,
            "speaker": speaker,
            "from": params.get("from", ""),
            "to": params.get("to", ""),
        },
        "errors": errors,
        "hits": hits,
        "sessions": selectors.session_list(scope=scope),
    }
    partial = request.htmx and request.htmx.target == "source-results"
    return render(
        request,
        f"{TEMPLATE}#source-results" if partial else TEMPLATE,
        context,
        status=422 if errors else 200,
    )


@require_GET
@owner_page
def session(request: HttpRequest, scope: OwnerScope, external_id: str) -> HttpResponse:
    found = source_layer.session_messages(scope=scope, external_id=external_id)
    working_state = session_working_state(scope=scope, chat_id=external_id)
    context = {
        "nav": "sources",
        **found,
        "working_state": working_state,
        "resting": _resting(scope, external_id),
        "summary_sentences": session_summary_sentences(scope=scope, chat_id=external_id),
        "formed": session_reflection(
            scope=scope,
            said_at={UUID(m["id"]): m["occurred_at"] for m in found["messages"]},
            came_back=working_state["open_questions"] if working_state else [],
        ),
    }
    return render(request, "gedaechtnis/session.html", context)


def _resting(scope: OwnerScope, external_id: str) -> dict | None:
    """How a conversation nobody came back to for a while rests (dormant, archived), with
    its last activity; ``None`` while it is in use or was never judged."""
    activity = session_activity(scope=scope, external_id=external_id)
    if not activity or activity.get("state") not in RESTING:
        return None
    last = activity.get("last_activity")
    return {
        "state": activity["state"],
        "label": state_label(activity["state"]),
        "since": datetime.fromisoformat(last) if last else None,
    }


@require_GET
@owner_page
def message(request: HttpRequest, scope: OwnerScope, message_id: UUID) -> HttpResponse:
    """A message's place in its session (evidence links point here)."""
    external_id = selectors.message_session(scope=scope, message_id=message_id)
    if external_id is None:
        raise Http404
    url = reverse("gedaechtnis:session", args=[external_id])
    return redirect(f"{url}#msg-{message_id}")
