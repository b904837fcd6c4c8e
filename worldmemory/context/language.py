"""Which language the block speaks when the caller leaves it to us (``auto``).

In this order: the owner's ``preferred_language`` fact (what the person asked for; it is
among the facts already gathered, so it costs no query), then the language of the message
being answered (what the person writes now), then the site's language. The request's
Accept-Language is not used: on this endpoint it is the agent runtime's HTTP client
speaking, not the person; a caller who knows better names ``de`` or ``en``.
"""

from __future__ import annotations

from worldmemory.bilingual import language as language_of
from worldmemory.notices import language_named, site_language

LANGUAGES = ("de", "en")
PREFERRED = "preferred_language"


def block_language(*, requested: str, facts: list[dict], me_ref: str | None, message: str) -> str:
    if requested in LANGUAGES:
        return requested
    stated = [
        f for f in facts if me_ref and f["subject_ref"] == me_ref and f["predicate"] == PREFERRED
    ]
    stated.sort(key=lambda f: f["recorded_at"], reverse=True)
    for fact in stated:
        named = language_named(fact["value"])
        if named:
            return named
    return language_of(message) or site_language()
