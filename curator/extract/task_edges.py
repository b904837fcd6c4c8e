"""The words at the edges of a German task's name that say how or when, not what is to be done.

A to-do is written on a list as the thing and its verb: "Steuerunterlagen sortieren". Said in
chat it comes with adverbs of haste and repetition before it ("nochmal", "kurz", "schnell"), a
preposition of where one goes ("zur Tollwutimpfung"), and the auxiliary of a perfect infinitive
after it ("… gemacht haben", "… bestanden haben"). These stand at the name's edges only; inside
it they may belong to the thing ("Haare kurz schneiden"). (English edge words, "just",
"quickly", "first", cost matches on fresh dialogues and are left in.)
"""

from __future__ import annotations

# adverbs of haste and repetition, and the prepositions of a visit ("zur Impfung")
LEADING = frozenset({
    "nochmal", "nochmals", "wieder", "kurz", "schnell", "eben", "gleich", "zur", "zum", "beim",
})  # fmt: skip
# the auxiliary of a perfect infinitive ("abgeschlossen haben") and afterthoughts of haste
TRAILING = frozenset({
    "haben", "sein", "werden", "nochmal", "wieder", "kurz", "schnell", "eben", "gleich",
})  # fmt: skip


def trimmed(words: list[str]) -> list[str]:
    """``words`` of a task's name without the adverbs and auxiliaries at its edges
    ("nochmal Steuerunterlagen sortieren", "Erste-Hilfe-Kurs gemacht haben")."""
    start, end = 0, len(words)
    while start < end and words[start].lower() in LEADING:
        start += 1
    while end > start and words[end - 1].lower() in TRAILING:
        end -= 1
    return words[start:end]
