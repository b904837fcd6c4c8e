"""Whether a free-text value names a thing at all, or is a piece of the clause around it.

Regional and casual speech breaks the phrase boundaries the readers cut values at: Kölsch
"ick liebe et" leaves the pronoun "et", "den mag ich eh am liebsten" the particle "eh",
"beef I don't take" a clause. Such a piece stored as a liking, a job or a condition is a
false memory, so a value must hold a content word of its own."""

from __future__ import annotations

import re

from curator.extract.nearest import FUNCTION_WORDS
from curator.language import rx
from curator.language.sentences import EMOJI_CHARS
from curator.language.tagging import part_of_speech

# Function words of regional and casual speech the standard lists do not hold: pronouns
# (Kölsch/Berlin "et", "det", "ick"; Creole "mi", "di"), particles ("eh", "ned"), and
# English contractions and quantifier pronouns ("gotta", "one").
SPOKEN_FUNCTION_WORDS = frozenset(
    {
        "et", "det", "dat", "wat", "ick", "icke", "i", "mi", "di", "ma", "mer", "mir",
        "eh", "ehh", "nich", "ned", "net", "nimmer", "nit", "nix", "einfach", "eher",
        "one", "ones", "gotta", "gonna", "wanna", "much", "lot", "so", "sooo", "too",
        "thing", "things", "sache", "sachen", "everything", "anything", "something",
    }
)  # fmt: skip
# A value that is only the word for its own predicate says nothing: "echt mein Hobby"
# read as the hobby "Hobby".
PREDICATE_NOUNS = {
    "hobby": {"hobby", "hobbys", "hobbies", "pastime", "freizeit"},
    "prefers": {"favourite", "favorite", "lieblings", "liebling"},
    "works_as": {"job", "beruf", "work", "arbeit"},
}
# A liking, a condition or a job opens on what it is, never on a preposition the verb
# outside it governs: "von den weißen" (of the whites), "für Blasebälge", "aufm Teller".
OPENING_PREPOSITIONS = frozenset(
    {
        "von", "vom", "für", "fürs", "aufm", "auf", "zum", "zur", "mit", "bei", "beim", "nach",
        "of", "for", "with", "to", "about", "at",
    }
)  # fmt: skip
THING_PREDICATES = frozenset(
    {"prefers", "dislikes", "hobby", "health_condition", "takes_medication", "allergic_to",
     "works_as", "diet"}
)  # fmt: skip
# A negation or a subject with its auxiliary inside the value: the clause went on past the
# thing ("beef I don't", "auch nicht aufm Teller", "einfach nich").
CLAUSE_INSIDE = re.compile(
    r"(?i)(?:^|\s)(?:nicht|nich|ned|net|not|never|nie|i|ich|ick|\w+n['’]t)(?:\s|$)"
)
WORD = re.compile(r"[\wäöüß'’-]+")


def _plain(word: str) -> str:
    # "soooo", "sooo much": a stretched word is the word
    return rx.sub(r"(\w)\1{2,}", r"\1\1", word.lower()).strip("'’-")


LEADING_SUBJECT = re.compile(r"(?i)^(?:ich|i|ick|icke)\s+(?=\S)")


# what chat says after the thing and is no part of it ("allergic to penicillin btw", "Nüsse
# übrigens", "coriander honestly")
TRAILING_CHATTER = re.compile(
    r"(?i)(?:\s+(?:btw|by\s+the\s+way|übrigens|uebrigens|lol|lmao|rofl|xd|ha(?:ha)+\w*|"
    r"he(?:he)+|tbh|ngl|honestly|ehrlich(?:\s+gesagt)?|fyi|tho|though|actually|eigentlich|"
    r"innit|gell?|gö|oder|halt|jedenfalls|anyway))+$"
)


# emoji and pictographs (with skin tones, joiners and variation selectors): how a thing is
# felt about, never part of it ("scharf 🌶️", "spicy food 🔥")
EMOJI = re.compile(f"[{EMOJI_CHARS}]+")


# a clause a thing is said on condition of or for ("allergic to penicillin if that matters",
# "penicillin falls das wichtig ist"): speech without commas runs the value into it
SUBORDINATE = re.compile(r"(?i)\s+(?:if|falls|wenn|weil|because|cause|cos|in\s+case|sofern)\b.*$")


def bare_value(value: str) -> str:
    """A claim's value without what the chat wrapped it in: the dialect subject after the verb
    ("bin i straßenbahnfahrer"), the chatter after the thing ("penicillin btw"), a clause
    run on after it ("penicillin if that matters") and emoji."""
    value = " ".join(EMOJI.sub(" ", value).split()) or value
    value = SUBORDINATE.sub("", value) or value
    return TRAILING_CHATTER.sub("", LEADING_SUBJECT.sub("", value))


def is_fragment(*, predicate: str, value: str) -> bool:
    """True when ``value`` holds no thing of its own for ``predicate``: no content word,
    only the predicate's own noun, an opening preposition or a clause inside it."""
    words = [_plain(w) for w in WORD.findall(value)]
    if not words:
        return True
    content = [w for w in words if w not in FUNCTION_WORDS and w not in SPOKEN_FUNCTION_WORDS]
    if not content:
        return True
    if predicate not in THING_PREDICATES:
        return False
    if set(content) <= PREDICATE_NOUNS.get(predicate, set()):
        return True
    if words[0] in OPENING_PREPOSITIONS:
        return True
    return bool(CLAUSE_INSIDE.search(value))


# Tags (STTS for German, CLAWS5 for English) of a word that only points at what another
# clause names or stands in for it: pronominal adverbs ("dran", "dafür"), adverbs ("sogar",
# "drin"), pronouns and articles ("es", dialect "des" for "das", "it"), a separated verb
# particle ("locker" of "lockerlassen"). Adjectives stay: "asiatisch", "deftig" are tastes.
POINTING_TAGS = {
    "de": ("PROAV", "ADV", "PPER", "PDS", "ART", "PTKVZ"),
    "en": ("PNP", "EX0", "DT0"),
}
# How a thing to do is qualified, not named: "erinner mich rechtzeitig", "remind me later"
QUALIFYING_TAGS = {"de": ("ADJ(D)",), "en": ("AV0",)}


def only_points(value: str, *, lang: str, qualifiers: bool = False) -> bool:
    """Whether ``value`` is one word that only points at something said elsewhere
    ("erinner mich dran", "mag ich sogar", "des mog i"), or, with ``qualifiers``, says
    how or when rather than what ("rechtzeitig", "later")."""
    words = value.split()
    if len(words) != 1:
        return False
    tags = POINTING_TAGS.get(lang, ()) + (QUALIFYING_TAGS.get(lang, ()) if qualifiers else ())
    # the German tagger takes a noun it does not know written small for an adverb
    # ("koriander", "glaserin"): capitalised, a noun shows as one, a pointing word does not
    forms = {words[0], words[0].capitalize()} if lang == "de" else {words[0]}
    return all(part_of_speech(form, lang=lang).startswith(tags) for form in forms)
