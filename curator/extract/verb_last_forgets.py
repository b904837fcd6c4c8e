"""A German request to forget puts its verb last ("bitte alles über den rausschmeißen, will
nix mehr von dem lesen", "das Sertralin bitte rausnehmen, nehm ich nicht mehr"): its topic
stands before the verb, and a clause after the verb's comma only says why."""

from __future__ import annotations

import re

# the infinitive that ends a German request (not "streich das", where the topic follows)
INFINITIVE = re.compile(
    r"(?i)(?:raus|weg)(?:nehmen|streichen|löschen|werfen|schmei(?:ß|ss)en|kicken|lassen)\b"
    r"|(?:streichen|vergessen|löschen|entfernen)\b"
)


def topic_before(text: str, verb_start: int, after: str) -> str | None:
    """The topic of a request whose verb-last infinitive starts at ``verb_start``, when the
    words after it open a new clause (``after`` starts on a comma); None otherwise."""
    if not INFINITIVE.match(text, verb_start) or not re.match(r"\s*[,;]", after):
        return None
    before = re.split(r"[,;:.!?]", text[:verb_start])[-1]
    return before if re.search(r"\w", before) else None
