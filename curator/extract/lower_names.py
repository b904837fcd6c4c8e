"""Where a writer without capitals names someone: the frame says it, not the first letter.

"meine frau heißt svenja", "wir haben ne tochter, ella, die …", "kurt, unsere schildkröte",
"hey i'm dave, 38", "my boss is called mark wells": the word in the name's slot is a name
unless it reads as a word of another kind (a verb, an adjective, a pronoun, a preposition).
The reader capitalises what this module finds, so its constructions read the sentence as if
written with capitals (same length: positions and quoted evidence stay the writer's)."""

from __future__ import annotations

import re

from curator.language import rx
from curator.language.tagging import is_proper_noun, known_word, part_of_speech

WORD = r"[a-zäöüß][a-zäöüß'’-]+"
FILLER = r"(?:(?:übrigens|eigentlich|zwar|actually|btw|ja)\s+)"
POSS = r"(?:mein|meine|meinem|meinen|meiner|unser|unsere|unserem|unseren|unserer|my|our)"
INDEF = r"(?:ne|nen|eine|einen|ein|a|an)"
# "heißt svenja", "is called mark wells", "namens pipo": a name and perhaps its surname
NAMING = re.compile(
    rf"\b(?:heißt|heisst|heiße|heisse|heiß|heiss|hieß|hiess|namens|(?:is|are|was|['’]s)\s+called|"
    rf"named|mein\s+name\s+ist|my\s+name\s+is|my\s+name['’]s)\s+{FILLER}?"
    rf"(?P<name>{WORD})(?:\s+(?P<surname>{WORD})(?=\s*(?:[,.;!?)]|$)))?"
)
# "mum is margaret", "papa heißt rainer": a parent called by the kin word alone, then named
# (not "mum is tired", "dad is at work")
BARE_PARENT_NAMED = re.compile(
    r"(?:^|[,;:.!?]\s*|\b(?:and|und|btw|also)\s+)(?:mum|mom|mam|dad|mama|papa|mutti|vati)"
    rf"(?:['’]s\s+name\s+is|\s+is|\s+ist)\s+{FILLER}?(?P<name>{WORD})(?=\s*(?:[,.;!?]|$))"
)
# "moved in with anke", "mit tom zusammengezogen": whom one set up home with
MOVED_IN_WITH = re.compile(
    rf"\b(?:moved|moving|move)\s+in\s+with\s+(?P<name>{WORD})|\bmit\s+(?P<name2>{WORD})\s+"
    r"(?:\S+\s+){0,3}?zusammen(?:\s*gezogen)?\b"
)
# "hi! ich bin henrik, 41", "hey i'm dave, 38": the speaker's own name opening the sentence
# or said after a colon ("kurz zu mir: ich bin lotte, 35")
OWN = {
    "de": re.compile(
        rf"(?:^|:\s*)(?:(?:hi|hey|hallo|moin|servus|na)\W+)?ich\s+bin\s+{FILLER}?(?:(?:die|der)\s+)?"
        rf"(?P<name>{WORD})(?=\s*(?:[,.!;:–-]|$))"
    ),
    "en": re.compile(
        rf"(?:^|:\s*)(?:(?:hi|hey|hello|hiya)\W+)?(?:i['’]m|im|i\s+am)\s+{FILLER}?"
        rf"(?P<name>{WORD})(?=\s*(?:[,.!;:–-]|$))"
    ),
}
# "ich bin jonte, 29": an age right after the word, closing its item (not "krank, 3 tage",
# no date "14.3.", no clock time "9:30")
AGE_AFTER = (
    r"(?i)\s*,\s*\d{1,2}(?:\s*(?:jahre|j\.|years|yrs|yo))?(?![\d:]|\.\d)"
    r"(?=\s*(?:[,;.!)]|$|(?:und|and)\b))"
)
# "eine tochter, ella, die …", "a daughter, maisie, she …": a name set off after its noun
AFTER_NOUN = r"(?:^|\s){noun}\s*,\s*(?P<name>{word})(?=\s*(?:[,.;!?)]|$|\s+(?:und|and)\b))"
# "kurt, unsere schildkröte", "shelly, our tortoise": a name set off before its noun
BEFORE_NOUN = r"(?P<name>{word})\s*,\s*(?:{poss}|{indef})\s+(?:\w+\s+)?{noun}\b"
# "luna ist meine katze", "ok so tom is my big brother", "kira ist unsere hovawart-hündin": a
# name opening its clause, said by a copula to be the speaker's relative or animal
COPULA_BEFORE_NOUN = (
    r"(?:^|[,;:.!?(]\s*|\b(?:und|and|also|so|btw|ok)\s+)(?P<name>{word})\s+(?:ist|is|['’]s)\s+"
    r"{poss}\s+(?:\w+\s+)?(?:\w+-)?{noun}\b"
)
# "bruno unser beagle kriegt …", "anna meine schwester hat …", "kevin the galah", "mabel (the
# cat)": a name before its noun without the commas a dictating writer leaves out (a name by the
# tagger or no word it knows: "heute unser hund", "kriegt unser hund" have a word of another
# kind there); the possessive in the sentence's own language (a dialect's "ma" read as "my" is
# no apposition in "was schenkt ma da so?")
BESIDE_NOUN = r"(?:^|[,;:.!?(]\s*|\s)(?P<name>{word})\s+\(?(?:{poss})\s+(?:\w+\s+)?{noun}\b"
BESIDE_POSS = {
    "de": r"(?:mein|meine|meinem|meinen|meiner|unser|unsere|unserem|unseren|unserer)",
    "en": r"(?:my|our|the)",
}

# "der basti is schreiner", "die jana wohnt in kiel": southern German puts an article before
# a name opening its clause (a word the tagger knows as a name or does not know at all)
ARTICLE_BEFORE_NAME = re.compile(
    rf"(?:^|[,;:.!?]\s*|\b(?:und|aber|also|weil)\s+)(?:der|die)\s+(?P<name>{WORD})\s+"
    r"(?:is|ist|hat|wohnt|arbeitet|kommt|macht|fängt|geht|studiert)\b"
)
# "…, pelle heißt er": a name fronted before its naming verb and pronoun
FRONTED_NAMING = re.compile(
    rf"(?:^|[,;:.!?]\s*)(?P<name>{WORD})\s+(?:heißt|heisst)\s+(?:er|sie|es)\b"
)
# "mama (ingrid) mag lavendel", "my brother (sean) is …": a name in brackets after its noun
IN_BRACKETS = r"\b{noun}\s*\(\s*(?P<name>{word})\s*\)"
# "kids are ollie (7) and freya (4)", "kinder: tom (5) und ella (2)": children listed after
# the plural noun, each with an age in brackets
CHILD_AGED = rf"(?P<name>{WORD})\s*\(\s*\d{{1,2}}\s*\)"
CHILDREN_LISTED = re.compile(
    r"\b(?:kids|kinder|children|kiddos|jungs|söhne|boys|sons|mädels|töchter|girls|daughters)"
    rf"\s*(?::\s*|\s+(?:are|sind|san|heißen|heissen)\s+)(?P<list>{WORD}\s*\(\s*\d{{1,2}}\s*\)"
    rf"(?:\s*(?:,\s*(?:und\s+|and\s+)?|und\s+|and\s+|&\s*){WORD}\s*\(\s*\d{{1,2}}\s*\))*)"
)

# tags of words that never name anyone (STTS for German, CLAWS5 for English, as prefixes):
# articles, pronouns, prepositions, conjunctions, numbers, interjections
CLOSED_TAGS = {
    "de": ("AP", "ART", "KO", "P", "CARD", "ITJ"),
    "en": ("AT", "CJ", "DT", "PN", "PR", "TO", "CRD", "ORD", "EX", "XX", "ITJ"),
}
# German finite and imperative full verbs ("lotte", "mümmel" read as "ich lotte", "mümmel!")
FINITE_VERBS = ("VV(FIN)", "VV(IMP)")
# and, where the frame leaves room for a word of any kind ("ich bin müde, …", "genau, meine
# schwester …"), verbs, adjectives and adverbs
OPEN_TAGS = {"de": ("ADJ", "ADV", "V"), "en": ("AJ", "AV", "V")}
# what the tagger reads as a noun or a name but a chat uses as a word ("lol, my sister …")
CHAT_WORDS = frozenset(
    {"lol", "haha", "hehe", "omg", "ok", "okay", "ja", "jo", "nee", "nö", "yeah", "yep", "nope",
     "hi", "hey", "hallo", "moin", "na", "tja", "also", "btw", "übrigens", "ach", "oh", "und",
     "and", "aber", "but", "so", "dann", "then", "noch", "still", "auch", "too", "sorry",
     "sure", "fine", "cool", "great", "nice", "good", "right", "genau", "gut", "klar"}
)  # fmt: skip


def could_be_name(word: str, *, lang: str, strict: bool = False) -> bool:
    """Whether a lower-case word may be a name: no chat word and not read as a word of a
    class names never belong to; ``strict`` where a verb, adjective or adverb fits the frame
    as well as a name."""
    if word in CHAT_WORDS or len(word) < 2:
        return False
    if lang != "de" and word.endswith("ly") and _sentence_adverb(word, lang="en"):
        return False  # "she's made a friend finally": an adverb made from an adjective
    if lang != "de" and _dropped_g(word):
        return False  # "a msg to me gaffer askin for friday off": "asking" as it is spoken
    if lang == "de" and part_of_speech(word, lang="de") == "ADV" == part_of_speech(
        word.capitalize(), lang="de"
    ):
        return False  # "dass jonas seine oma weiter besuchen kann": an adverb either way
    if lang == "de" and part_of_speech(word, lang="de") == "ADJ(D)" and known_word(word, lang="de"):
        return False  # "mitm corsa von meiner omma lang": an adverb made of an adjective
    key = "de" if lang == "de" else "en"
    tag = part_of_speech(word, lang=lang)
    if tag.startswith(("CARD", "CRD")) and is_proper_noun(word.capitalize(), lang=lang):
        # the tagger's guess for a lower-case word it never saw ("theo", "luca", "mert"),
        # which it reads as a name once capitalised; a number word stays a number ("drei")
        return True
    return not tag.startswith(CLOSED_TAGS[key] + (OPEN_TAGS[key] if strict else ()))


def _dropped_g(word: str) -> bool:
    """Whether an English word is an "-ing" form written as spoken ("askin", "walkin",
    "talkin"): the lexicon knows it with a "g" and not without ("robin" is a word, "kevin"
    none with a "g")."""
    return (
        len(word) > 4
        and word.endswith("in")
        and not known_word(word, lang="en")
        and known_word(word + "g", lang="en")
        and part_of_speech(word + "g", lang="en").startswith("VVG")
    )


def named_in_frames(text: str, *, lang: str, nouns: str) -> list[int]:
    """The start of every word of ``text`` (all lower case) a frame marks as a name;
    ``nouns`` is the alternation of kinship and pet nouns."""
    starts: list[int] = []
    for m in NAMING.finditer(text):
        if could_be_name(m.group("name"), lang=lang):
            starts.append(m.start("name"))
            if m.group("surname") and could_be_name(m.group("surname"), lang=lang):
                starts.append(m.start("surname"))
    for m in BARE_PARENT_NAMED.finditer(text):
        # ("mum is tired", "dad is working" say how they are; "dad is peter" names him, a
        # name the tagger may read as a verb's plain form)
        word = m.group("name")
        if could_be_name(word, lang=lang, strict=True) or (
            could_be_name(word, lang=lang) and part_of_speech(word, lang=lang) in ("VVI", "VVB")
        ):
            starts.append(m.start("name"))
    for m in ARTICLE_BEFORE_NAME.finditer(text) if lang == "de" else ():
        name = m.group("name")
        if (part_of_speech(name, lang="de") == "NE" or not known_word(name, lang="de")) and (
            could_be_name(name, lang=lang, strict=True)
        ):
            starts.append(m.start("name"))
    for m in FRONTED_NAMING.finditer(text):
        if could_be_name(m.group("name"), lang=lang, strict=True):
            starts.append(m.start("name"))
    for m in rx.finditer(IN_BRACKETS.format(noun=f"(?:{nouns})", word=WORD), text):
        if could_be_name(m.group("name"), lang=lang):
            starts.append(m.start("name"))
    for m in CHILDREN_LISTED.finditer(text):
        for child in rx.finditer(CHILD_AGED, m.group("list")):
            if could_be_name(child.group("name"), lang=lang):
                starts.append(m.start("list") + child.start("name"))
    for m in MOVED_IN_WITH.finditer(text):
        group = "name" if m.group("name") else "name2"
        # (not "moved in with friends", "mit meinem freund zusammengezogen")
        if m.group("name2") and not rx.search(r"(?:wohn|leb|gezogen|zieh)", text):
            continue  # "war mit tom zusammen essen": no home set up
        if could_be_name(m.group(group), lang=lang, strict=True) and not part_of_speech(
            m.group(group), lang=lang
        ).startswith(("NN2", "PPOS", "PRP")):
            starts.append(m.start(group))
    own = OWN["de" if lang == "de" else "en"].search(text)
    # "ich bin müde, …" is no name; with the age after it the word is one
    aged = own is not None and rx.match(AGE_AFTER, text[own.end() :]) is not None
    if own and could_be_name(own.group("name"), lang=lang, strict=not aged):
        starts.append(own.start("name"))
    after = AFTER_NOUN.format(noun=f"(?:{nouns})", word=WORD)
    before = BEFORE_NOUN.format(word=WORD, poss=POSS, indef=INDEF, noun=f"(?:{nouns})")
    copula = COPULA_BEFORE_NOUN.format(word=WORD, poss=POSS, noun=f"(?:{nouns})")
    for m in rx.finditer(copula, text):
        # ("das ist meine katze", "he's my brother", "here is my dog" name nobody; no verb
        # stands before "ist meine tochter", so "lotte", which the tagger reads as one, names)
        name = m.group("name")
        if could_be_name(name, lang=lang, strict=True) or (
            could_be_name(name, lang=lang) and part_of_speech(name, lang=lang) in FINITE_VERBS
        ):
            starts.append(m.start("name"))
    poss = BESIDE_POSS["de" if lang == "de" else "en"]
    beside = BESIDE_NOUN.format(word=WORD, poss=poss, noun=f"(?:{nouns})")
    for m in rx.finditer(beside, text):
        name = m.group("name")
        # (German tags a name as one or does not know it; English reads a lower-case name as
        # a noun, and a word it does not know as a name once capitalised, "schenkt" too)
        tag = part_of_speech(name, lang=lang)
        said_as_name = (
            tag == "NE" or not known_word(name, lang="de")
            if lang == "de"
            else tag == "NP0"
            or (known_word(name, lang="en") and is_proper_noun(name.capitalize(), lang="en"))
        )
        if said_as_name and could_be_name(name, lang=lang, strict=True):
            starts.append(m.start("name"))
    for m in rx.finditer(after, text):
        if could_be_name(m.group("name"), lang=lang):
            starts.append(m.start("name"))
    for m in rx.finditer(before, text):
        name = m.group("name")
        # "shelly, our tortoise, is 40": an apposition closed after its noun sets a name
        # off, whatever else the word may be; "genau, meine schwester hat …" opens a clause
        closed = rx.match(r"\s*(?:[,.;!?)]|$)", text[m.end() :]) is not None
        if could_be_name(name, lang=lang, strict=not closed) and not (
            closed and _sentence_adverb(name, lang=lang)
        ):
            starts.append(m.start("name"))
    return starts


def _sentence_adverb(word: str, *, lang: str) -> bool:
    """Whether a word opening an aside comments on the sentence ("ehrlich, meine schwester,
    …", "honestly, my dog, …"): an adverb, unless an English -ly word not made from an
    adjective ("shelly", "polly")."""
    tag = part_of_speech(word, lang=lang)
    if not tag.startswith(("ADV", "AV")):
        return False
    if lang == "de" or not word.endswith("ly"):
        return True
    # "honestly" → "honest", "basically" → "basic", "happily" → "happy", "probably" → "probable"
    stem = rx.sub(r"(?:(?<=ic)al)?ly$", "", word)
    stem = rx.sub(r"i$", "y", stem)
    stem = rx.sub(r"(?<=b)$", "le", stem)
    return part_of_speech(stem, lang=lang).startswith("AJ")
