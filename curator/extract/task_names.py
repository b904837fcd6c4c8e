"""Whether a task's name says what is to be done, or points at it with a pronoun.

"book it in by friday", "renew it by the 20th at the latest", "call them back", "get that
done": the thing is named in an earlier clause or turn, so the task read from the words
alone ("book it in", "get that done") names nothing a reader could act on. Such a task is
left unread rather than stored under a name that points elsewhere.
"""

from __future__ import annotations

from curator.language.tagging import part_of_speech

# object pronouns that never stand as an article before a noun
OBJECT_PRONOUNS = frozenset({"it", "them", "es", "ihn", "ihm", "ihnen"})
# demonstratives, pronouns only when no noun follows them ("get that done", not "send that
# form")
DEMONSTRATIVES = frozenset({"that", "this", "das", "dies"})


# words between a recipient pronoun and the thing given ("send them my payslips")
DETERMINERS = frozenset({"my", "our", "the", "a", "an", "his", "her", "their", "mein", "meine",
                         "meinen", "den", "die", "das", "ein", "eine", "einen"})  # fmt: skip


def points_elsewhere(name: str, *, lang: str) -> bool:
    """Whether the task ``name`` holds a pronoun standing for the thing to be done: an object
    pronoun or a demonstrative no noun follows ("book it in", "get that done"); one a noun
    follows names the recipient or points at that noun ("send them my payslips", "send that
    form")."""
    words = [w.strip(".,:;!?") for w in name.split()]
    for number, word in enumerate(words):
        if word.lower() not in OBJECT_PRONOUNS | DEMONSTRATIVES:
            continue
        rest = [w for w in words[number + 1 :] if w.lower() not in DETERMINERS]
        if not rest or not _noun(rest[0], lang=lang):
            return True
    return False


def _noun(word: str, *, lang: str) -> bool:
    # (the German tagger knows a noun by its capital, which chat leaves out)
    form = word.capitalize() if lang == "de" else word
    return part_of_speech(form, lang=lang).startswith("N")
