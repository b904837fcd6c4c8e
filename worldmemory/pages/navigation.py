"""Template context for every page: the review count in the navigation and how often a
page checks for changes when the live stream is not there."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest

from worldmemory.reads.selectors import pending_count


def navigation(request: HttpRequest) -> dict:
    scope = getattr(request, "owner_scope", None)  # set by ``owner_page`` for this request
    return {
        "review_count": pending_count(scope=scope) if scope else 0,
        "live_fallback_seconds": settings.GD_LIVE_FALLBACK_SECONDS,
    }
