"""Spielwiese: type as the user of a chat; the turn is ingested as a source, the curator
runs at once (no debounce), and the page shows what was committed or waits, the
correction notices the chat would hear, and the Known World State block the agent would
get for the next message."""

from __future__ import annotations

import re
import uuid
from types import SimpleNamespace

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from curator import window
from curator.synchronous import curate_now
from worldmemory import labels, sources
from worldmemory.context import build_context
from worldmemory.errors import NotFound
from worldmemory.models import Fact, ProposalOp
from worldmemory.pages import forms
from worldmemory.pages.access import owner_page
from worldmemory.reads.entities import facts_data
from worldmemory.tenancy import OwnerScope
from worldmemory.vectors import schedule_embedding

CHAT_ID = "spielwiese"
RECENT_TURNS = 3
TEMPLATE = "gedaechtnis/playground.html"


def _conversation(scope: OwnerScope) -> list[dict]:
    try:
        return sources.session_messages(scope=scope, external_id=CHAT_ID)["messages"]
    except NotFound:
        return []


def playground_say(*, scope: OwnerScope, text: str) -> dict:
    """Ingest ``text`` as the user's next turn and curate the playground chat now."""
    ingested = sources.messages_ingest(
        scope=scope,
        messages=[
            sources.IncomingMessage(
                session_external_id=CHAT_ID,
                external_id=f"ui-{uuid.uuid4()}",
                role="user",
                speaker="user",
                text=text,
                # in the app's time zone: "seit März 2021" starts at the person's midnight,
                # not at UTC's (which read "01.03.2021 01:00" on every page)
                occurred_at=timezone.localtime(),
            )
        ],
        sessions=[sources.IncomingSession(external_id=CHAT_ID, title="Spielwiese", channel="ui")],
    )
    window.note_turns(scope=scope, messages=ingested.new)
    schedule_embedding(scope)
    curated = curate_now(scope=scope, chat_ids=[CHAT_ID], delivered_by="playground")
    result = curated.results.get(CHAT_ID)
    notices = [n["text"] for n in curated.notices]
    if result is None:
        return {"results": [], "notices": notices, "deferred": curated.deferred.get(CHAT_ID)}
    return {"results": outcome_rows(scope=scope, results=result.results), "notices": notices}


def last_outcome(*, scope: OwnerScope, conversation: list[dict]) -> dict | None:
    """What the curator did with the last message, read back from its stored proposals: a
    reloaded page still says it (the notices were said once and are not repeated)."""
    said = [m for m in conversation if m["role"] == "user"]
    if not said:
        return None
    since = said[-1]["occurred_at"]
    ops = ProposalOp.objects.filter(
        owner_sub=scope.owner_sub, proposal__chat_id=CHAT_ID, proposal__proposed_at__gte=since
    ).order_by("proposal__proposed_at", "run_id", "op_index")
    results = [
        SimpleNamespace(
            op=row.op, decision=row.decision, reason=row.reason, ids=row.result.get("ids") or {}
        )
        for row in ops
    ]
    if not results:
        return None
    return {"results": outcome_rows(scope=scope, results=results), "notices": []}


def outcome_rows(*, scope: OwnerScope, results: list) -> list[dict]:
    """Each operation's outcome with the fact it wrote said as a sentence, and the value it
    replaced (a change) or showed wrong (a correction)."""
    fact_ids = [r.ids[key] for r in results for key in ("fact_id", *BEFORE) if r.ids.get(key)]
    rows = list(Fact.objects.filter(owner_sub=scope.owner_sub, pk__in=fact_ids))
    facts = {f["id"]: f for f in facts_data(rows, as_of=timezone.now())}
    rows_out = []
    for r in results:
        before = next((facts[r.ids[k]] for k in BEFORE if r.ids.get(k) in facts), None)
        rows_out.append(
            {
                "op": r.op,
                "decision": r.decision,
                "reason": r.reason,
                "ids": r.ids,
                "fact": facts.get(r.ids.get("fact_id")),
                "before": before,
                "did": outcome_word(op=r.op, decision=r.decision, ids=r.ids),
            }
        )
    return _once(rows_out)


CORRECTED = "corrected_fact_id"
SUPERSEDED = "superseded_fact_id"
BEFORE = (CORRECTED, SUPERSEDED)


def outcome_word(*, op: str, decision: str, ids: dict) -> str:
    """What a committed operation did, in a word: a forget reads "forgotten", not
    "remembered"; anything not committed says its decision."""
    if decision != "committed":
        return labels.decision_label(decision)
    if op == "invalidate_fact":
        return _("forgotten")
    if op == "end_fact":
        return _("ended")
    if ids.get(CORRECTED):
        return _("corrected")
    if ids.get(SUPERSEDED):
        return _("changed")
    return labels.decision_label(decision)


def _once(results: list[dict]) -> list[dict]:
    """Each outcome once: the window curates earlier turns again, and "already known" for
    the same statement six times tells nothing more than once."""
    seen, kept = set(), []
    for r in results:
        fact = r["fact"] or {}
        said = (fact.get("subject_ref"), fact.get("predicate"), repr(fact.get("value")))
        key = (r["decision"], r["op"], r["ids"].get("entity_ref"), said, fact.get("object_ref"))
        if key not in seen:
            seen.add(key)
            kept.append(r)
    return kept


ENTITY_HEADING = re.compile(r"^(?P<name>.+) \((?P<ref>[a-z_]+:[^\s()]+)\)$")


def known_card(text: str) -> list[dict]:
    """The person's block (``build_context(language=…)``) as a card: one section per
    heading, the entity's ref taken out of the heading into a link, each line split into
    what is known and since when/how sure (the block separates them by three spaces)."""
    sections: list[dict] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("## "):
            continue  # the block's title is the card's own heading
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
            named = ENTITY_HEADING.match(heading)
            sections.append(
                {
                    "title": named["name"] if named else heading,
                    "ref": named["ref"] if named else "",
                    "sub": line.startswith("####"),
                    "lines": [],
                }
            )
            continue
        if not sections:
            continue  # only the empty block's "(nothing known yet)": the card says it
        said, _gap, how = line.removeprefix("- ").partition("   ")
        sections[-1]["lines"].append({"text": said, "how": how.strip()})
    return [s for s in sections if s["lines"] or not s["sub"]]


def curator_word() -> str:
    """How the configured curator works, in words (the setting's value is a key)."""
    words = {"rules": _("rule-based"), "llm": _("with a language model")}
    return words.get(settings.GD_CURATOR, settings.GD_CURATOR)


@require_http_methods(["GET", "POST"])
@owner_page
def playground(request: HttpRequest, scope: OwnerScope) -> HttpResponse:
    form = forms.MessageForm(request.POST or None)
    context: dict = {"nav": "playground", "form": form, "curator": curator_word()}
    status = 200
    if request.method == "POST":
        if form.is_valid():
            context["outcome"] = playground_say(scope=scope, text=form.cleaned_data["text"])
            form = forms.MessageForm()
            context["form"] = form
        else:
            context["error"] = forms.first_error(form)
            status = 422
    conversation = _conversation(scope)
    if "outcome" not in context:  # a reload, or a message refused: the last one's outcome
        context["outcome"] = last_outcome(scope=scope, conversation=conversation)
    # the last few turns, not only the last: after a reload the block still names what the
    # conversation is about
    recent = [m["text"] for m in conversation if m["role"] == "user"][-RECENT_TURNS:]
    context["conversation"] = conversation
    message = "\n".join(recent)
    # the block as the agent gets it (behind Details), and the same block said for the
    # person in the page's language
    # not ``block``: inside a template's {% block %} that name is the block itself, and a
    # reloaded page showed "(empty)" though memory was full
    context["agent_block"] = build_context(scope=scope, message=message, chat_id=CHAT_ID)
    person = build_context(
        scope=scope, message=message, chat_id=CHAT_ID, language=labels.language()
    )
    context["card"] = known_card(person["text"])
    partial = request.htmx and request.htmx.target == "play-body"
    template = f"{TEMPLATE}#play-body" if partial else TEMPLATE
    response = render(request, template, context, status=status)
    if request.method == "POST" and status == 200:
        response["HX-Trigger"] = "memory-changed"
    return response
