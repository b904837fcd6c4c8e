"""Words for registry keys in the pictures: the registry's label in the page's language
when it has one, else the key made readable (``feeding_time_evening`` → "Feeding time
evening"). The registries' ``label_de``/``label_en`` columns may be absent; the pictures
must read either way."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import get_language

from worldmemory.models import ResolvedEntityKind, ResolvedRelationType


def humanise(key: str) -> str:
    words = key.replace("_", " ").replace("-", " ").strip()
    return words[:1].upper() + words[1:] if words else key


def display_label(entry: object | None, *, key: str) -> str:
    """``entry``'s label in the active language (German first as the fallback language),
    or ``key`` humanised when the entry is missing or has no label columns yet."""
    language = (get_language() or "de")[:2]
    order = ("label_en", "label_de") if language == "en" else ("label_de", "label_en")
    for field in order:
        label = getattr(entry, field, "") if entry is not None else ""
        if label:
            return label
    return humanise(key)


def predicate_labels(keys: Iterable[str]) -> dict[str, str]:
    """``{predicate: label}`` from the owner's vocabulary (own, then core)."""
    wanted = set(keys)
    rows = ResolvedRelationType.objects.filter(predicate__in=wanted)
    found = {row.predicate: row for row in rows}
    return {key: display_label(found.get(key), key=key) for key in wanted}


def kind_labels(keys: Iterable[str]) -> dict[str, str]:
    """``{kind: label}`` from the owner's vocabulary (own, then core)."""
    wanted = set(keys)
    found = {row.key: row for row in ResolvedEntityKind.objects.filter(key__in=wanted)}
    return {key: display_label(found.get(key), key=key) for key in wanted}
