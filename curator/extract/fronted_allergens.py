"""An allergy whose allergen is said before the word "allergic", as chat says it when it turns
something down: "keine Nüsse bitte, bin allergisch", "erdnüsse bitte nich, da bin ich
allergisch", "can't have ibuprofen btw, i'm allergic", "shrimp? i'm allergic", "Gegen
Katzenhaare bin ich allergisch", "shellfish i'm allergic to", "it's codeine i'm allergic
to". The allergen is the thing the
clause before refuses, or the object fronted before the copula; "allergic" with its own
complement ("allergic to X") is read elsewhere."""

from __future__ import annotations

import re

from curator.language.tagging import known_word, part_of_speech

# "allergisch"/"allergic" followed by nothing that names the allergen: the end of the clause,
# a pronoun pointing back ("allergic to them", "da bin ich allergisch gegen"), or a time
ALLERGIC = re.compile(
    r"(?i)\b(?:allergisch|allergic)\b(?=\s*(?:$|[,.;:!?)\-–—]|\W*\s*(?:to\s+(?:it|them|that|those|"
    r"this|these)\b|gegen\s*(?:$|[,.;!?])|dagegen|drauf|darauf|seit|since|btw|lol|haha|"
    r"to\s*(?:$|[,.;:!?])|to\s+not\b|leider|unfortunately|sadly|tho|though|auch|too|as well|so|"
    # a clause run on after it ("… allergisch falls das wichtig ist")
    r"und|and|aber|but|weil|falls|if|wenn|"
    r"because|cos|cuz|eyes|da\b|[^\w\s])))"
)
# the copula before "allergic", with a reason word and intensifiers ("da bin ich total",
# "cos i'm severely", "she's"): what comes before it is the clause that names the allergen
COPULA = re.compile(
    r"(?i)(?:\b(?:da|denn|weil|because|cos|coz|cuz|as|since|und|and)\s+)?"
    r"\b(?:bin\s+ich|ich\s+bin|bin|i'?m|i\s+am|ist\s+(?:er|sie)|(?:er|sie)\s+ist|"
    r"(?:he|she)(?:'s|\s+is)|"
    # a relative or a named person: "meine Tochter ist", "my son's", "Lena is"
    r"(?:mein\w*|my|our|unser\w*)\s+[\wäöüß-]+(?:\s+[A-ZÄÖÜ][\wäöüß-]+)?(?:'s|\s+is|\s+ist)|[A-ZÄÖÜ][\wäöüß-]+(?:'s|\s+is|\s+ist))\s+(?:(?:leider|total|voll|echt|so|stark|schwer|hochgradig|"
    r"nämlich|halt|auch|da|dagegen|really|very|super|severely|deathly|badly|seriously|also)\s+)*$"
)
# "Gegen Katzenhaare bin ich allergisch", "auf Birke bin ich seit Jahren allergisch"
FRONTED_OBJECT = re.compile(
    # (also run on without a comma: "… fällt übrigens raus gegen arnika bin ich allergisch")
    r"(?i)(?:^|[,.;:!?]\s*|\s)(?:gegen|auf)\s+(?:die\s+|den\s+|das\s+)?"
    r"(?P<x>[\wäöüß-]{3,}(?:\s+[\wäöüß-]{3,})?)\s+(?:bin\s+ich|ist\s+(?:er|sie))\s+"
    r"(?:[\wäöüß]+\s+){0,3}$"
)
# a refusal naming the thing: "keine Nüsse", "no peanuts", "can't have ibuprofen", "ohne
# Sellerie", "hold the prawns", "nothing with shrimp"
REFUSED = re.compile(
    r"(?i)^(?:keine?n?|kein|no|not|ohne|without|nothing\s+with|hold\s+the|skip\s+the|"
    r"(?:can'?t|cannot|can\s+not|darf|kann)(?:\s+(?:have|eat|take|keine?n?|kein))?)\s+"
    r"(?:(?:more|mehr|any|the|die|das|den)\s+)?(?P<x>[\wäöüß-]{3,})\s*(?P<rest>.*)$"
)
# the thing first, then the refusal: "erdnüsse bitte nich", "nuts please no", "Sellerie
# lieber nicht"; or the thing asked about alone: "Nüsse?", "shrimp?"
REFUSED_AFTER = re.compile(
    r"(?i)^(?:(?:die|das|den|the)\s+)?(?P<x>[\wäöüß-]{3,})\s*(?P<rest>(?:(?:bitte|please|pls|"
    r"lieber|besser|auf\s+keinen\s+fall|bloß|gar|eher)\s+)*(?:nich|nicht|net|no|not|nope|"
    r"keine?|nö|weglassen|weg|raus|rauslassen|leave\s+(?:it\s+)?out|leave\s+off)\b(?P<tail>.*)"
    r"|\?\s*)$"
)
# what may follow the thing in its clause without being part of it, and where it is not to
# go ("in den Salat", "on my pizza")
AFTERWORDS = re.compile(
    r"(?i)^(?:(?:btw|bitte|please|pls|for me|für mich|thanks|danke|in it|drin|rein|on it|"
    r"drauf|lol|haha|though|tho|either|auch|too|mehr|anymore|any more|at all|überhaupt|"
    r"nich|nicht|net|no|not|nope|nö|lieber|besser|gar|bloß|eher|auf keinen fall|"
    r"(?:in|into|on|im|ins|aufs?|an|für|for)\s+(?:(?:den|die|das|dem|der|the|my|mein\w*|a|an|"
    r"ein\w*)\s+)?[\wäöüß-]+)\b[\s,]*)*$"
)
# after an English fronted object the preposition is left at the end: "shellfish i'm allergic to"
# (or before the value it corrects: "it's codeine im allergic to not penicillin")
STRANDED_TO = re.compile(r"(?i)\s*to\s*(?:$|[,.;:!?]|not\b)")
# a cleft puts the allergen after "it's": "it's codeine i'm allergic to"
CLEFT = re.compile(r"(?i)^(?:it['’]?s|it\s+is|its)\s+")
# words a refusal may name that are no substance
NOT_ALLERGENS = frozenset({
    "idea", "ahnung", "problem", "problems", "probleme", "way", "chance", "wonder", "thanks",
    "danke", "worries", "sorry", "joke", "witz", "sure", "really", "wirklich", "doubt",
    "need", "time", "zeit", "lust", "bock", "plan", "clue", "more", "mehr", "longer",
    "thing", "things", "sache", "sachen", "one", "einer", "eine", "anything", "nothing",
    "alles", "nichts", "something", "etwas", "was", "what", "that", "this", "das", "dies",
    "it", "es", "them", "those", "sie", "me", "mich", "mir", "you", "dich", "dir", "just",
    "only", "nur", "even", "sogar", "also", "auch", "too", "yet", "noch", "gonna",
    "going", "wanna", "allowed", "erlaubt", "possible", "möglich",
})  # fmt: skip


def fronted_allergens(text: str, *, lang: str) -> list[tuple[int, str]]:
    """Each ``(position of "allergic", allergen)`` where the allergen is said before an
    "allergic" that has no complement of its own."""
    found: list[tuple[int, str]] = []
    for m in ALLERGIC.finditer(text):
        allergen = _said_before(text[: m.start()], text[m.end() :], lang=lang)
        if allergen is not None:
            found.append((m.start(), allergen))
    return found


def _said_before(before: str, after: str, *, lang: str) -> str | None:
    fronted = FRONTED_OBJECT.search(before)
    if fronted:
        return _substance(fronted.group("x"), lang=lang)
    copula = COPULA.search(before)
    if copula is None:
        return None
    # the refusing clause ends where the copula's clause opens, at a comma, a question mark
    # or a dash ("keine Nüsse, bin allergisch", "shrimp? i'm allergic")
    head = before[: copula.start()].rstrip()
    ender = re.search(r"[,;:?!–—-]$|\.{3}$", head)
    stranded = STRANDED_TO.match(after) and not ender
    if not ender and not stranded:
        return None
    clause = re.split(r"[.;!\n]|\?(?=.)", head[: ender.start() if ender else len(head)])[-1]
    clause = clause.strip(" ,-–—")
    asked = bool(ender) and ender.group(0) == "?"
    if stranded:
        # "shellfish i'm allergic to": the object is the clause's one word before the copula
        words = CLEFT.sub("", clause).split()
        return _substance(words[-1], lang=lang) if len(words) == 1 else None
    return _refused_thing(clause + ("?" if asked else ""), lang=lang)


def _refused_thing(clause: str, *, lang: str) -> str | None:
    words = clause.split()
    refused = None
    for start in range(len(words)):
        m = REFUSED.match(" ".join(words[start:]))
        if m and AFTERWORDS.match(m.group("rest").strip(" ,?")):
            refused = m
            break
    if refused is None:
        refused = REFUSED_AFTER.match(clause.strip())
        if refused is None:
            return None
        tail = refused.group("tail")
        if tail is not None and not AFTERWORDS.match(tail.strip(" ,")):
            return None
    return _substance(refused.group("x"), lang=lang)


def _substance(phrase: str, *, lang: str) -> str | None:
    """The phrase as an allergen: a noun that names a thing, not a pronoun or filler."""
    words = phrase.split()
    head = words[-1]
    if head.lower() in NOT_ALLERGENS or any(w.lower() in NOT_ALLERGENS for w in words):
        return None
    # (a drug or a food the tagger does not know is guessed at by its letters: "ibuprofen"
    # as an adjective, so only a known word is held to its class)
    if known_word(head, lang=lang) and not part_of_speech(head, lang=lang).startswith("N"):
        return None
    return phrase
