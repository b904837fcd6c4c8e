"""References to entities: ``kind:slug`` refs and alias normalisation."""

from __future__ import annotations

import re
import unicodedata

_NON_SLUG = re.compile(r"[^a-z0-9]+")
STRONG_NAMESPACES = ("email", "phone", "github", "external")


def normalize_alias(text: str) -> str:
    """Case- and accent-insensitive form used to match aliases ("Müller" == "muller")."""
    decomposed = unicodedata.normalize("NFKD", text.replace("ß", "ss"))
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(stripped.casefold().split())


def normalize_identity(namespace: str, value: str) -> str:
    """Strong identities compare exactly, except for case in e-mail and handles."""
    if namespace == "phone":
        return re.sub(r"[^\d+]", "", value)
    return value.strip().casefold()


def slugify(text: str) -> str:
    return _NON_SLUG.sub("-", normalize_alias(text)).strip("-") or "entity"


def split_ref(ref: str, known_kinds: set[str]) -> tuple[str, str] | None:
    """``"github:issue:42"`` → ``("github:issue", "42")`` when that kind exists, else ``None``.

    The longest registered kind prefix wins, so namespaced kinds work.
    """
    parts = ref.split(":")
    for cut in range(len(parts) - 1, 0, -1):
        kind, slug = ":".join(parts[:cut]), ":".join(parts[cut:])
        if kind in known_kinds and slug:
            return kind, slug
    return None


def looks_like_ref(ref: str) -> bool:
    head, sep, tail = ref.partition(":")
    return bool(sep and tail and re.fullmatch(r"[a-z][a-z0-9_]*", head))
