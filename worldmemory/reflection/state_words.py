"""The states of reflection objects (threads, questions, experiences, insights, anchors)
in words: the pages and the person's context block name a state, never its key."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

STATE_LABELS = {
    "active": gettext_lazy("active"),
    "open": gettext_lazy("open"),
    "anchored": gettext_lazy("anchored"),
    "dormant": gettext_lazy("dormant"),
    "archived": gettext_lazy("archived"),
    "resolved": gettext_lazy("resolved"),
    "reopened": gettext_lazy("reopened"),
    "answered": gettext_lazy("answered"),
    "dropped": gettext_lazy("dropped"),
    "transient": gettext_lazy("transient"),
    "candidate": gettext_lazy("candidate"),
    "established": gettext_lazy("established"),
    "pending": gettext_lazy("waiting"),
    "surfaced": gettext_lazy("surfaced"),
}


def state_label(state: str | None) -> str:
    return str(STATE_LABELS.get(state, state or "—"))
