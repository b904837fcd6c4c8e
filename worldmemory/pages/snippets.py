"""Snippets of a message around the words searched for: cut at a sentence or word boundary,
the text escaped first and only then the matches marked (never a literal ``<b>``)."""

from __future__ import annotations

import re

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from worldmemory.reads.search import STOPWORDS
from worldmemory.refs import normalize_alias

WIDTH = 180
SENTENCE_END = re.compile(r"[.!?…]\s+|\n")


def _terms(query: str) -> list[str]:
    words = [w for w in re.findall(r"\w+", query.casefold()) if len(w) > 1]
    return [w for w in words if normalize_alias(w) not in STOPWORDS] or words


def _pattern(query: str) -> re.Pattern | None:
    terms = _terms(query)
    if not terms:
        return None
    # a word and what grows from it ("Katze" finds "Katzen")
    return re.compile(r"\b(?:" + "|".join(re.escape(t) for t in terms) + r")\w*", re.IGNORECASE)


def _window(text: str, at: int) -> tuple[int, int]:
    """A stretch of about ``WIDTH`` characters around ``at``, starting at a sentence (or
    else a word) and ending at one."""
    if len(text) <= WIDTH:
        return 0, len(text)
    start = max(0, at - WIDTH // 3)
    if start:
        sentence = [m.end() for m in SENTENCE_END.finditer(text, max(0, start - 60), at)]
        if sentence:
            start = sentence[-1]
        else:
            space = text.find(" ", start, at)
            start = space + 1 if space != -1 else start
    end = min(len(text), start + WIDTH)
    if end < len(text):
        closing = SENTENCE_END.search(text, max(at, end - 50), min(len(text), end + 40))
        if closing:
            end = closing.start() + 1
        else:
            space = text.rfind(" ", at, end)
            end = space if space > at else end
    return start, end


def highlight(text: str, query: str) -> SafeString:
    """The part of ``text`` that matches ``query``, escaped, with ``<mark>`` on the words."""
    pattern = _pattern(query)
    first = pattern.search(text) if pattern else None
    start, end = _window(text, first.start() if first else 0)
    part = text[start:end].strip()
    out, last = [], 0
    for found in pattern.finditer(part) if pattern else []:
        out.append(escape(part[last : found.start()]))
        out.append(f"<mark>{escape(found.group())}</mark>")
        last = found.end()
    out.append(escape(part[last:]))
    prefix = "… " if start > 0 else ""
    suffix = " …" if end < len(text) else ""
    return mark_safe(prefix + "".join(out) + suffix)  # noqa: S308 — every piece escaped
