"""Trust signals for the pages: source, confidence, lifecycle, evidence link (seed 000 §12)."""

from __future__ import annotations

import json
from datetime import datetime

from django import template
from django.template import defaultfilters
from django.urls import reverse
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from worldmemory import labels, render
from worldmemory.pages.graph_data import linked_names
from worldmemory.sources import EVIDENCE_PREFIX

register = template.Library()

LIFECYCLE_MARKS = {"active": "🟢", "pending": "🟡"}


@register.filter(expects_localtime=False)
def moment(value: datetime | None, arg: str | None = None) -> str:
    """Like ``date``, in local time, but never failing on a stored time too near the
    calendar's end to convert (it is shown in UTC instead)."""
    if isinstance(value, datetime) and value.tzinfo is not None:
        value = render.local_moment(value)
    return defaultfilters.date(value, arg)


DAY_ONLY = {"SHORT_DATETIME_FORMAT": "SHORT_DATE_FORMAT", "DATETIME_FORMAT": "DATE_FORMAT"}


@register.filter(expects_localtime=False)
def held_moment(value: datetime | None, arg: str = "SHORT_DATETIME_FORMAT") -> str:
    """A validity bound at the granularity it has: local midnight is a day (no clock time),
    midnight on 1 January a year ("seit 2019", not "01.01.2019 00:00")."""
    if not isinstance(value, datetime) or value.tzinfo is None:
        return moment(value, arg)
    local = render.local_moment(value)
    if (local.hour, local.minute, local.second, local.microsecond) != (0, 0, 0, 0):
        return moment(value, arg)
    if (local.month, local.day) == (1, 1):
        return str(local.year)
    return moment(value, DAY_ONLY.get(arg, arg))


@register.filter
def source_icon(fact: dict) -> str:
    """👤 the user said it, 🤖 the agent derived it, 🔌 <domain> an integration saw it."""
    return render.source_label(source=fact["source"], memory_type=fact["memory_type"])


@register.filter
def dots(confidence: float | None) -> str:
    return render.confidence_dots(confidence if confidence is not None else 0.0)


@register.filter
def lifecycle_mark(lifecycle: str) -> str:
    """🟢 active, 🟡 pending, ⚪ superseded, ended or invalidated."""
    return LIFECYCLE_MARKS.get(lifecycle, "⚪")


@register.filter
def lifecycle_label(lifecycle: str) -> str:
    labels = {
        "active": _("active"),
        "pending": _("pending"),
        "superseded": _("superseded"),
        "ended": _("ended"),
        "invalidated": _("invalidated"),
    }
    return labels.get(lifecycle, lifecycle)


@register.filter
def fact_value(fact: dict) -> str:
    return render.value_text(fact)


@register.filter
def evidence_message(evidence: dict | None) -> str:
    """The source message id an evidence ref points to, or ``""``."""
    ref = (evidence or {}).get("ref") or ""
    return ref.removeprefix(EVIDENCE_PREFIX) if ref.startswith(EVIDENCE_PREFIX) else ""


@register.filter
def pending_object(payload: dict) -> str:
    """The value or the entity a pending assertion names (a payload holds one of them)."""
    value = payload.get("object_ref") or payload.get("object_value")
    if value is None:
        return ""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


@register.filter
def payload_value(payload: dict) -> str:
    """What a pending item would say, in one line."""
    if "predicate" in payload:
        value = payload.get("object_ref") or payload.get("object_value")
        return f"{payload.get('subject_ref')} · {payload['predicate']} = {value}"
    if "canonical_name" in payload:
        return f"{payload.get('id_hint')} — {payload['canonical_name']}"
    return ", ".join(f"{k}={v}" for k, v in payload.items() if k != "evidence")


# --- the language layer (labels.py): words instead of keys ---------------------------------


@register.filter
def kind_label(key: str | None) -> str:
    return labels.kind_label(key)


@register.filter
def predicate_label(key: str | None) -> str:
    return labels.predicate_label(key)


@register.filter
def event_label(key: str | None) -> str:
    return labels.event_label(key)


@register.filter
def sentence(fact: dict, subject_name: str | None = None) -> str:
    """The fact as a sentence ("Luna bekommt um 19:00 Futter")."""
    return labels.fact_sentence(fact, subject_name=subject_name)


@register.filter
def linked_sentence(fact: dict, own_ref: str) -> SafeString:
    """A relationship as a sentence, the entity at its other end (not ``own_ref``, the
    page's) linked: "Du arbeitest bei <a>Zeiss</a>"."""
    other = fact["subject_ref"] if fact["object_ref"] == own_ref else fact["object_ref"]
    url = reverse("gedaechtnis:entity", args=[other])
    return linked_names(labels.fact_sentence(fact), [(labels.entity_name(other), url)])


@register.filter
def names_like(choices: dict, ref: str) -> list[str]:
    """The known entities of the kind ``ref`` has (``choices`` of the entity page)."""
    return choices["names"].get(choices["kinds"].get(ref), [])


@register.filter
def entity_name(ref: str | None) -> str:
    return labels.entity_name(ref)


@register.filter
def name_of(entity) -> str:
    return labels.name_of(entity)


@register.filter
def session_word(session) -> str:
    """A source session (row or dict) as the person calls it: title, else its day."""
    field = session.get if isinstance(session, dict) else lambda name: getattr(session, name, None)
    return labels.session_words(
        title=field("title") or "",
        started_at=field("started_at") or field("first"),
        external_id=field("external_id"),
    )


@register.filter
def value_word(value) -> str:
    return labels.value_word(value)


@register.filter
def said_how(fact: dict) -> str:
    """Provenance in words ("du hast es im Chat gesagt")."""
    return labels.provenance_words(fact)


@register.filter
def relation_words(value) -> str:
    """ "daughter" → "deine Tochter": how a person in the owner's life is related to them."""
    return labels.relation_to_you(value)


@register.filter
def memory_type_label(memory_type: str) -> str:
    return labels.memory_type_label(memory_type)


@register.filter
def trust_label(trust_tier: str) -> str:
    return labels.trust_label(trust_tier)


@register.filter
def decision_label(decision: str) -> str:
    return labels.decision_label(decision)


@register.filter
def operation_label(op: str) -> str:
    return labels.operation_label(op)


@register.filter
def proposal_sentence(item) -> str:
    """What a pending item (a digest dict or a ``ProposalOp``) would say, as a sentence."""
    if isinstance(item, dict):
        return labels.payload_sentence(item.get("op", ""), item.get("payload") or {})
    return labels.payload_sentence(item.op, item.payload or {})


@register.filter
def highlight(text: str, query: str):
    """A snippet of ``text`` around ``query``'s words, escaped, the words marked."""
    from worldmemory.pages.snippets import highlight as snippet

    return snippet(text or "", query or "")


@register.filter
def speaker_word(message: dict) -> str:
    """Who said it: "du" for the user, "Agent" for the assistant, else the name."""
    role = message.get("role") or ""
    speaker = message.get("speaker") or ""
    if role == "user" or speaker in {"user", "me"}:
        return _("you")
    if role == "assistant" or speaker in {"assistant", "agent"}:
        return _("Agent")
    return speaker or labels.humanise(role)


@register.filter
def channel_word(channel: str) -> str:
    words = {"ui": _("playground"), "chat": _("chat"), "api": _("API")}
    return words.get(channel, labels.humanise(channel or ""))


@register.filter
def kind_of(ref: str | None) -> str:
    return (ref or "").split(":", 1)[0]


@register.filter
def flash_messages(request) -> list:
    """The notices stored for the next page (a merge says what it did); read here, not
    through the ``messages`` variable, which a page may use for its own list."""
    from django.contrib import messages

    return list(messages.get_messages(request)) if request is not None else []


@register.filter
def event_summary(summary: str) -> str:
    return labels.event_summary(summary)


@register.filter
def said(message: str) -> str:
    """A service's stored English message (a review reason) in the person's language;
    empty for text outside the catalogue, which stays behind "Details"."""
    return (labels.say_known(message) or "") if message else ""


@register.filter
def say(message: str) -> str:
    """A stored English text of the services (a reflection state's trigger) in the
    person's language when the catalogue knows it, else as written."""
    return labels.say(message) if message else ""
