"""Regional forms that stand for a standard word the constructions read.

People write to an assistant the way they speak: Hessian "isch hab", Bavarian "i hob", "mei
fraa", Berlin "ick", Ruhr and Low German "dat", Swabian "mir hen", Swiss "ich bi … gsi", Scots
"cannae", "ma brother", Geordie "wor lass", US "fixin' to". The constructions know the
standard words, so a sentence is read with each regional form replaced by its standard one
(``standard_speech``), and what is read is mapped back to the writer's own positions
(``Standard.written_at``), so the quoted evidence stays the writer's.

Only forms that cannot be a standard word where they stand are replaced: "mir" only where it
is a subject before a plural verb ("mir hen", not "bei mir wohnen"), "isch" as "ist" after a
subject ("des isch") and as "ich" elsewhere ("hab isch"), a short word capitalised inside a
sentence never ("Mia", "die EM"). The demonstratives "des", "dat", "dit" stay: the reader
knows them as pointing to what is done ("des mach i dienstags"). Swabian "scht" and the
infinitive's "-a" are read as "st" and "-en" only where the lexicon knows the standard word
and not the written one ("herbscht", "macha"; "Fleischtomate" stays).

Irish, Northern English and Scottish speech says "me" for "my" before what one has ("me
brother lives in cork", "me mam's a nurse", "with me dog"). Read as written, "me" is an
object pronoun and the relative is no one's; read as "my" (same length, so positions and
the quoted evidence stay the writer's) it is the speaker's."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass

from curator.extract import animals
from curator.extract import lexicon as lx
from curator.language import numerals, rx, tagging

_HELD = "|".join(
    sorted((re.escape(w) for w in (*lx.KIN, *lx.PETS) if w.isascii()), key=len, reverse=True)
)
# an adjective may come between ("me little sister", "me auld da"), not a comma ("tell me,
# mum"): that is someone addressed
ME_AS_MY = re.compile(
    rf"(?i)(?<![\w'’])(me)\s+(?=(?:(?:little|big|wee|older|younger|auld|old|oul|eldest|"
    rf"youngest)\s+)?(?:{_HELD})(?:['’]s)?\b)"
)


# "just me cockatiel Mango", "me old kelpie Blue's 13": before a noun no list holds, "me" is
# "my" when a name follows the noun (an object "me" is followed by a verb's complement:
# "tell me about Tom", "let me ask Tom", "give me back Tom's keys")
ME_BEFORE_NAMED = re.compile(
    r"(?<![\w'’])(me)\s+(?=(?:(?:little|big|wee|older|younger|auld|old|oul|eldest|youngest)\s+)?"
    r"(?P<noun>[a-z]{3,})\s+[A-Z][a-z]+(?:['’]s)?\b)"
)


def _my(found: re.Match) -> str:
    return ("My" if found.group(1)[0] == "M" else "my") + found.group(0)[2:]


def _my_before_noun(found: re.Match) -> str:
    noun = found.group("noun")
    # (the tagger takes a word alone for a verb or a number as often as not: "ferret", "gecko")
    a_noun = tagging.part_of_speech(noun, lang="en").startswith("NN") or animals.is_animal(noun)
    return _my(found) if a_noun else found.group(0)


def standard_possessives(text: str) -> str:
    """``text`` with "me" before a relative or pet, or before a noun and a name, read as "my"
    (German has no such "me", and a short lower-case chat line is often taken for German)."""
    return ME_BEFORE_NAMED.sub(_my_before_noun, ME_AS_MY.sub(_my, text))


# --- a sentence read in standard words, and the way back ----------------------------------


@dataclass(frozen=True)
class Standard:
    """A sentence in standard words and, per replaced word, where it stands in each text:
    ``(read_start, read_end, written_start, written_end)``, in order."""

    text: str
    edits: tuple[tuple[int, int, int, int], ...] = ()

    def written_at(self, position: int) -> int:
        """The writer's position of a position in ``text`` (inside a replaced word: the same
        offset into the written word, at most its end)."""
        at = bisect_right([e[0] for e in self.edits], position) - 1
        if at < 0:
            return position
        read_start, read_end, written_start, written_end = self.edits[at]
        if position < read_end:
            return written_start + min(position - read_start, written_end - written_start)
        return position - read_end + written_end


# A rule: the regional form (group "w"), found with its context, and its standard word; a
# function of the match and the sentence when the context decides (or None: left as written)
Choice = Callable[[re.Match, str], "str | None"]


@dataclass(frozen=True)
class _Rule:
    pattern: re.Pattern
    standard: str | Choice


def _words(*forms: str) -> str:
    return "|".join(sorted(forms, key=len, reverse=True))


def _rule(form: str, standard: str | Choice, *, after: str = "", ahead: str = "") -> _Rule:
    """``form`` as a whole word (case-insensitive), with optional words before it and a
    lookahead after it."""
    before = rf"(?:(?<![\w'’])(?:{after})\s+)" if after else r"(?<![\w'’])"
    return _Rule(re.compile(rf"(?i){before}(?P<w>{form})(?![\w'’]){ahead}"), standard)


def _cased(written: str, standard: str) -> str:
    return standard[0].upper() + standard[1:] if written[0].isupper() else standard


def _named(word: str, text: str, start: int) -> bool:
    """A short word in capitals ("die EM", "in KA") or capitalised inside a sentence ("Mia",
    "Mo", "Em") is an abbreviation or a name, not a regional form."""
    if len(word) > 1 and word.isupper():
        return True
    opening = not text[:start].strip() or text[:start].rstrip()[-1] in '.!?:;"„“('
    return len(word) <= 3 and word[0].isupper() and not opening


def _standardised(text: str, rules: list[_Rule]) -> Standard:
    taken: list[tuple[int, int, str]] = []
    for rule in rules:
        for m in rule.pattern.finditer(text):
            start, end = m.span("w")
            if any(s < end and start < e for s, e, _ in taken) or _named(m["w"], text, start):
                continue
            standard = rule.standard if isinstance(rule.standard, str) else rule.standard(m, text)
            if standard is not None and standard.lower() != m["w"].lower():
                taken.append((start, end, _cased(m["w"], standard)))
    pieces, edits, shift, last = [], [], 0, 0
    for start, end, standard in sorted(taken):
        pieces += [text[last:start], standard]
        edits.append((start + shift, start + shift + len(standard), start, end))
        shift += len(standard) - (end - start)
        last = end
    pieces.append(text[last:])
    return Standard("".join(pieces), tuple(edits))


# --- German ---------------------------------------------------------------------------------

# a plural verb after which, or before which, "mir", "mia", "mer" is "wir" ("mir hen",
# "mia san", "dann sin mer umgezoge"): a dative "mir" stands before no plural verb
PLURAL_VERB = _words(
    "sin", "sind", "san", "senn", "hen", "hend", "händ", "hän", "hawwe", "hamm", "ham", "hom",
    "hobn", "hann", "han", "habbe", "haben", "hebben", "ware", "waret", "wared", "warn",
    "waren", "wohne", "wohnen", "wohnet", "wohned", "wohnan", "wohna", "ziehe", "ziehen",
    "ziagn", "fahre", "fahren", "fahrn", "heirate", "heiraten", "hätte", "hätten", "hättet",
    "wäret", "miassn", "müsse", "müssen", "müend", "wolle", "wollen", "wend", "wellet", "woin",
    "kenna", "könne", "können", "kriege", "kriagn", "griagn", "bleibn", "kumme", "kemma",
)  # fmt: skip
# the same, only as dialect says them: after them "mir" is the subject ("dann sin mir
# umgezoge"), while after "sind" it is a dative ("die sind mir zu klein")
PLURAL_VERB_SPOKEN = _words(
    "sin", "san", "senn", "hen", "hend", "händ", "hän", "hawwe", "hamm", "ham", "hom", "hobn",
    "hann", "habbe", "ware", "waret", "wared", "warn", "wohnet", "wohned", "wohnan", "fahrn",
    "ziagn", "miassn", "müend", "wend", "wellet", "woin", "kenna", "kriagn", "griagn",
)  # fmt: skip
# what a dative "mir" follows: "bei mir wohnen zwei katzen" is no "wir"
DATIVE_BEFORE = re.compile(
    r"(?i)\b(?:bei|bi|mit|zu|von|vun|vo|an|für|fer|fia|nach|aus|hinter|neben|vor|gegen|"
    r"wegen|gib|gibt|gebt|sag|sagt|zeig|zeigt|hilf|hilft|fehlt|fehle|gehört|gefällt|"
    r"gfallt|passt|schmeckt|tut|tun|is|ist|sind)\s*$"
)
# after which "isch" is the copula of Swabian, Alemannic and Swiss ("des isch", "er isch",
# "mei schwester isch"), not the Hessian and Rhenish "ich"
COPULA_SUBJECT = re.compile(
    r"(?i)(?:^|[^\w'’])(?:er|sie|es|si|är|äs|he|des|dees|das|dat|det|dit|s|d|ds|dr|der|die|"
    r"dem|wo|was|wer|wie|mis|min|mi|dis|din|sis|sin|jetz|jetzt|etz|hier|dort|dört|do|da|"
    r"alles|ois|nix|nüt|nichts|schwester|bruder|frau|mann|chef|chefin|muetter|mueter|"
    r"vatter|tochter|sohn|bueb|oma|opa|hund|katz|büro|wohnung|arbet|arbeit|schaffe)['’]?\s+$"
)
# Alemannic and Swabian in the same sentence ("i han", "mir händ", "nöd", "gsi"): there
# "isch" is always the copula
ALEMANNIC = re.compile(
    r"(?i)(?<![\w'’])(?:(?:i|ech)\s+(?:bi|han|ha|hei|schaff|wohn|hab)|händ|hend|hen|gsi|gsii|"
    r"nöd|nüd|nid|bisch|hesch|hosch|gell|hald|hald|chunnt|chum|hüt)(?![\w'’])"
)
# a verb or conjunction the speaker follows: "hab isch", "wenn isch", "un isch"
ICH_BEFORE = re.compile(
    r"(?i)(?:^|[^\w'’])(?:hab|hob|han|hann|hätt|hätte|bin|war|wär|geh|gehe|will|muss|kann|"
    r"konnt|mach|mache|wollt|sollt|derf|darf|mag|mog|wohn|wohne|schaff|schaffe|arbeit|"
    r"arbeite|fahr|fahre|komm|kumm|glaab|glaub|denk|find|hol|krieg|und|un|dass|wenn|weil|"
    r"ob|als|aber|awwer|dann|heut|heit|seit|so|ja|jo|nee|also|oder|sag|saach|kenn|"
    r"brauch|lieb|hass|weiß|waaß|muss|soll|heirat|zieh|ess|trink|back|koch|lauf|laaf|"
    r"sitz|steh|lern|spiel)\s+$"
)
# after the copula "isch" come a participle, an adjective or a particle ("isch gsi",
# "isch schön", "isch halt so")
AFTER_COPULA = re.compile(
    r"(?i)\s+(?:gsi|gsii|gwesn|gewesen|nöd|nüd|nid|sehr|gar|echt|eifach|ganz|voll|mega|"
    r"super|guet|schön|schee|toll|klar)(?![\w'’])"
)


def _isch(m: re.Match, text: str) -> str:
    """Hessian, Palatinate and Rhenish "isch" is "ich" ("hab isch", "isch geh"); Swabian,
    Alemannic and Swiss "isch" is "ist" ("des isch", "er isch gsi")."""
    before, after = text[: m.start("w")], text[m.end("w") :]
    if ICH_BEFORE.search(before):
        return "ich"
    if (
        COPULA_SUBJECT.search(before)
        or ALEMANNIC.search(text)
        or (AFTER_COPULA.match(after) and rx.search(r"\w", before))
    ):
        return "ist"
    return "ich"


def _subject_wir(m: re.Match, text: str) -> str | None:
    """ "mir"/"mia"/"mer" before a plural verb is "wir", unless a preposition or a verb that
    takes a dative stands before it."""
    if m["w"].lower() != "mer" and DATIVE_BEFORE.search(text[: m.start("w")]):
        return None
    return "wir"


def _han(m: re.Match, text: str) -> str:
    """ "han" is "hab" after "i"/"ich", "haben" after a plural subject ("mer han")."""
    if rx.search(r"(?i)\b(?:mer|mir|wir|mia|die|se|sie)\s+$", text[: m.start("w")]):
        return "haben"
    return "hab"


FEMININE = _words(
    "frau", "fraa", "freundin", "freindin", "frendin", "mutter", "mudder", "muader", "mueter",
    "muatta", "mutta", "mudda", "mama", "mamme", "schwester", "schwesda", "schweschter",
    "schwöster", "schwesder", "süster", "tochter", "dochder", "dochter", "dochda", "tochta",
    "oma", "omma", "tante", "nichte", "cousine", "kusine", "chefin", "kollegin", "katze",
    "katz", "schwiegermutter", "schwiegermudder", "schwägerin", "enkelin", "partnerin",
    "verlobte", "familie", "wohnung", "arbeit", "arwet", "firma", "stadt", "praxis",
)  # fmt: skip


# a verb in the third person singular, standard or regional, that a pronoun "de" opens
THIRD_PERSON_VERB = _words(
    "wohnt", "woont", "lebt", "leevt", "is", "ist", "isch", "hett", "hat", "hod", "arbeitet",
    "arbeit", "schafft", "warkt", "studiert", "studeert", "kommt", "kummt", "fährt", "föhrt",
    "heißt", "heet", "hoaßt", "wird", "warrt",
)  # fmt: skip


def _pronoun(m: re.Match, text: str) -> str:
    """ "de" as a pronoun: "die" after a feminine noun said before it, "der" otherwise."""
    before = text[: m.start("w")]
    nouns = list(rx.finditer(rf"(?i)(?<![\w'’])(?:{FEMININE}|{_HELD})(?![\w'’])", before))
    return "die" if nouns and rx.fullmatch(FEMININE, nouns[-1].group(0), re.I) else "der"


def _possessive(stem: str) -> Choice:
    """ "mei"/"dei" before a noun: "meine" before a feminine one, "mein" before another."""

    def choose(m: re.Match, text: str) -> str:
        feminine = rx.match(rf"(?i)\s+(?:\w+\s+)?(?:{FEMININE})(?![\w'’])", text[m.end("w") :])
        return f"{stem}e" if feminine else stem

    return choose


# kin said in dialect: the noun the constructions know ("mei bruada", "unser dochder")
KIN_DE = {
    "bruder": ("bruada", "bruader", "brüeder", "brueder", "bruadr", "broder", "brudder", "broer"),
    "schwester": ("schwesda", "schweschter", "schwöster", "schwesder", "süster"),
    "vater": ("vadda", "vadder", "vatter", "vaddr", "vadr", "vata", "vadder"),
    "mutter": ("mudder", "muader", "mueter", "muatta", "mutta", "mudda", "muddr"),
    "tochter": ("dochder", "dochter", "dochda", "tochta", "dochdr"),
    "kinder": ("kinner", "kender", "kendr"),
    "oma": ("omma",),
    "opa": ("oppa",),
    "papa": ("babba", "babbe", "bappa"),
    "mama": ("mamme",),
    "frau": ("fraa",),
    "freundin": ("freindin", "frendin", "fründin"),
    "freund": ("freind", "frend", "fründ"),
    "kollege": ("kollesch", "kolleesch"),
    "chef": ("scheff",),
    "hund": ("hond",),
}
POSS_DE = r"mei|mein|meine|meim|meinem|meinen|meiner|dei|dein|deine|unser|unsere|unsa|insa|ihr|ihre|sei|sein|seine|mien|mis|mini|min|sini|sis|ihri|dini"

AT_HOME = _words(
    "dahoam", "dahoim", "drhoim", "dehääm", "dehäm", "dehem", "dehemm", "dehoam", "daham",
    "dahaam", "deheem", "dahem", "dihei", "dohom", "dohem", "dahoom",
)  # fmt: skip
YESTERDAY = _words(
    "geschtern", "geschter", "gester", "gestan", "geschdern", "gesdan", "jestern", "jestan",
    "geschder",
)  # fmt: skip

# before a relative or pet noun, either language: "mien broer", "mini frau"
BEFORE_KIN = (
    rf"(?=\s+(?:{_HELD}|{_words(*(f for forms in KIN_DE.values() for f in forms))})(?![\w'’]))"
)

# Saxon, Franconian, Bavarian and Austrian speech soften p, t and k to b, d and g and drop a
# final "e" ("mei schildgröde", "sei körnerfudder", "a perserkatz"); Bavarian says "ua" for
# "u" and "-a" for "-er" ("ihr fuatta"). An animal or feed word so written is read as the word
# the animal reader knows; a compound by its head ("körnerfudder" is "körnerfutter"). Only
# softening counts, never hardening: "togs" is no "dogs", "wider" no "widder".
_SOFTENED = {"b": "p", "d": "t", "g": "k"}


def _spoken_form(word: str) -> str:
    form = rx.sub(r"ua", "u", word.lower())
    return rx.sub(r"a$", "er", form).removesuffix("e")


def _dropped_g(m: re.Match, text: str) -> str | None:
    """A word in "-in" as the "-ing" word it is spoken for ("writin" → "writing"), or None."""
    word = m["w"]
    if not tagging.known_word(word + "g", lang="en"):
        return None
    tag = tagging.part_of_speech(word + "g", lang="en")
    if not tag.startswith(("VVG", "AJ0", "PNI", "NN1")):
        return None
    # (the lexicon knows some spoken forms, "anythin", "comin", as the word they stand for;
    # a noun of its own, "robin", "cabin", is another word)
    if tagging.known_word(word, lang="en") and tagging.part_of_speech(word, lang="en") not in (
        tag,
        "AJ0",
        "VVG",
        "PNI",
    ):
        return None
    return word + "g"


def _swabian_in(m: re.Match, text: str) -> str:
    """Swabian "en" is "in" before an article or a name ("en dr werkstatt", "en stuttgart")
    and "ein" before any other word ("en tinnitus")."""
    following = rx.match(r"\s+([\wäöüß'’-]+)", text[m.end("w") :])
    if following is None:
        return "in"
    word = following.group(1)
    if rx.fullmatch(r"(?i)dr|der|die|de|dem|em|d['’]\w*", word) or TOWN_ENDING.search(word):
        return "in"
    # (a town the lexicon knows; a word it never saw is guessed a name: "en tinnitus")
    known_town = tagging.known_word(word.capitalize(), lang="de") and tagging.is_proper_noun(
        word.capitalize(), lang="de"
    )
    return "in" if known_town else "ein"


SEASONS_AND_MONTHS = _words(
    "herbst", "herbscht", "winter", "sommer", "summer", "frühling", "frühjahr", "januar",
    "februar", "märz", "april", "mai", "juni", "juli", "august", "september", "oktober",
    "november", "dezember",
)  # fmt: skip
# how the names of towns end, standard or Swabian ("metzinga", "böblingen", "esslingen")
TOWN_ENDING = re.compile(
    r"(?i)(?:inga|ingen|heim|hausen|dorf|burg|berg|stadt|feld|bach|furt|weiler|hofen)$"
)


def _standard_form(written: str, standard: str) -> str | None:
    """``standard`` where the written word is none the lexicon knows and ``standard`` is
    ("herbscht" → "herbst"; "fleischtomate" is left as written)."""
    if tagging.known_word(written, lang="de") or tagging.known_word(
        written.capitalize(), lang="de"
    ):
        return None
    if tagging.known_word(standard, lang="de") or tagging.known_word(
        standard.capitalize(), lang="de"
    ):
        return standard
    return None


def _st(m: re.Match, text: str) -> str | None:
    """Swabian and Alemannic "scht" for "st" inside a word ("herbscht", "erschter",
    "organischtin")."""
    word = m["w"]
    return _standard_form(word, word[:1] + word[1:].replace("scht", "st"))


def _infinitive_a(m: re.Match, text: str) -> str | None:
    """Swabian "-a" for the infinitive's "-en" ("macha", "schreiba", "eikaufa"), where the
    word with "-en" is a verb."""
    word = m["w"]
    standard = _standard_form(word, word[:-1] + "en")
    if standard and tagging.part_of_speech(standard, lang="de").startswith("VV"):
        return standard
    return None


_ANIMAL_WORDS = frozenset(w for w in (*lx.PETS, *lx.BREEDS, "futter") if " " not in w)
_HEADS = frozenset(w for w in (*lx.PETS, "futter") if " " not in w)


def _by_length(words: frozenset[str]) -> dict[int, list[tuple[str, str]]]:
    """Words of at least four letters by the length of their spoken form (the form of a
    shorter word says too little: "Hase" would be "has")."""
    table: dict[int, list[tuple[str, str]]] = {}
    for word in sorted(words):
        form = _spoken_form(word)
        if len(form) >= 4:
            table.setdefault(len(form), []).append((form, word))
    return table


_ANIMAL_FORMS, _HEAD_FORMS = _by_length(_ANIMAL_WORDS), _by_length(_HEADS)


def _softened(written: str, table: dict[int, list[tuple[str, str]]]) -> str | None:
    form = _spoken_form(written)
    for standard_form, standard in table.get(len(form), ()):
        if written.lower().startswith(standard):
            return None  # the standard word inflected ("Pferde")
        if all(w == s or _SOFTENED.get(w) == s for w, s in zip(form, standard_form, strict=True)):
            return standard
    return None


def _animal_word(m: re.Match, text: str) -> str | None:
    """The standard animal or feed word a softened spelling stands for, or ``None``."""
    word = m["w"]
    if word.lower() in _ANIMAL_WORDS:
        return None
    whole = _softened(word, _ANIMAL_FORMS)
    if whole is not None:
        return whole
    for split in range(3, len(word) - 3):
        if word[split:].lower() in _HEADS:
            return None  # a standard compound ("Hundefutter")
        head = _softened(word[split:], _HEAD_FORMS)
        if head is not None:
            return word[:split] + head
    return None


SOFTENED_ANIMAL = _rule(r"[a-zäöüß]{4,}", _animal_word)


# a relative or an animal, then an article before its name: "mei mann da ferdl", "meine
# tochter, die svenja", "an dackel den waldi" (southern and spoken German name people with
# the article); read without it, the name stands beside the noun it names
_APPOSED_AFTER = _words(
    *(w for w in (*lx.KIN, *lx.PETS, *lx.BREEDS) if " " not in w),
    "mädle", "madl", "bua", "bub", "enkele", "freind", "freindin",
)  # fmt: skip
APPOSED_ARTICLE = re.compile(
    rf"(?i)(?<![\w'’])(?:{_APPOSED_AFTER})(?P<w>\s*,?\s*(?:der|die|den|dem|das|da|de)\s+)"
    r"(?=(?P<name>[a-zäöüß]{3,})(?![\w'’-]))"
)
NOT_A_NAME = ("V", "ADJ", "ADV", "AP", "ART", "KO", "PP", "PR", "PT", "PW", "PD", "PI", "CARD")


def _article_before_name(m: re.Match, text: str) -> str | None:
    """A space for the article when a name follows it. None before anything else ("meine
    tochter, die jetzt in hof wohnt"; "mei mo, der hod …": a regional word standing for a
    known one) and in a relative clause ("meinen Onkel, der Parkinson hat": after a comma the
    name closes its clause, as in "einen kater, den felix, der …")."""
    name, after = m["name"], text[m.end("name") :]
    if "," in m["w"] and not rx.match(r"\s*(?:[,.;:!?)]|$)", after):
        return None
    verb_last = rx.match(r"\s+(?P<v>[\wäöüß]+)\s*(?:[,.;:!?)]|$)", after)
    if verb_last and tagging.part_of_speech(verb_last["v"], lang="de").startswith("V"):
        return None
    said = _standardised(name.lower(), [r for r in GERMAN if r.pattern is not APPOSED_ARTICLE])
    if said.text != name.lower() or tagging.part_of_speech(name.lower(), lang="de").startswith(
        NOT_A_NAME
    ):
        return None
    named = tagging.is_proper_noun(name.capitalize(), lang="de") or tagging.part_of_speech(
        name.lower(), lang="de"
    ).startswith(("NE", "FM"))
    return " " if named or not tagging.known_word(name.lower(), lang="de") else None


# Learners leave out the article before what they have ("I have dog", "wir haben auch Katze,
# Mochi"): the pet nouns read with it, as a native speaker says them
PET_WITHOUT_ARTICLE = {
    "en": ("dog", "cat", "puppy", "kitten", "rabbit", "bunny", "horse", "pony", "bird",
           "budgie", "parrot", "goldfish", "hamster", "guinea pig", "tortoise", "turtle"),
    "de": ("hund", "katze", "kater", "hase", "kaninchen", "pferd", "vogel", "wellensittich",
           "papagei", "hamster", "meerschweinchen", "schildkröte", "hündin"),
}  # fmt: skip
HAVING = {
    "en": r"(?:have|has|got)(?:\s+(?:also|too|still))?",
    "de": r"(?:habe|hab|haben|hat)(?:\s+(?:auch|noch|jetzt))?",
}


def _with_article(lang: str) -> Choice:
    def article(found: re.Match, _text: str) -> str:
        noun = found["w"]
        if lang == "en":
            return f"{'an' if noun[0].lower() in 'aeiou' else 'a'} {noun}"
        gender = lx.PETS.get(noun.lower(), ("", ""))[1]
        return f"{'eine' if gender == 'f' else 'einen' if gender == 'm' else 'ein'} {noun}"

    return article


def _pet_without_article(lang: str) -> _Rule:
    return _rule(
        _words(*PET_WITHOUT_ARTICLE[lang]),
        _with_article(lang),
        after=HAVING[lang],
        ahead=r"(?=\s*(?:[,.;:!?]|$|\s+(?:named|called|his|her|heißt|namens|die|der)\b))",
    )


def _spoken_counts(lang: str) -> re.Pattern:
    """A count said in words, as dictation writes it down ("ich bin achtundsiebzig", "she's
    forty-three"), read as its digits like a count typed."""
    return re.compile(rf"(?i)(?<![\w'’-])(?P<w>{numerals.spoken_count_pattern(lang)})(?![\w'’-])")


def _count_digits(lang: str) -> Choice:
    def digits(found: re.Match, _text: str) -> str | None:
        value = numerals.spoken_count(found["w"], lang=lang)
        return None if value is None else str(value)

    return digits


GERMAN: list[_Rule] = [
    _Rule(APPOSED_ARTICLE, _article_before_name),
    # the speaker: Berlin "ick", Low German "ik", Luxembourgish and Swiss "ech", Bavarian and
    # Swabian "i" (never a German word), Hessian "isch" (or the Swabian copula, see _isch)
    _rule(_words("ick", "icke", "ik", "ech"), "ich"),
    _Rule(re.compile(r"(?<![\w'’.-])(?P<w>i)(?=\s+[a-zäöüß])"), "ich"),
    _Rule(re.compile(r"(?:^|(?<=[.!?]\s))(?P<w>I)(?=\s+[a-zäöüß])"), "ich"),
    _rule("isch", _isch),
    _rule(_words("misch"), "mich", after=r"\w+"),
    _rule(_words("disch"), "dich"),
    # "mir hen", "mia san", "mer hawwe"; inverted: "dann sin mer", "hamma", "samma"
    _rule(_words("mir", "mia", "mer"), _subject_wir, ahead=rf"(?=\s+(?:{PLURAL_VERB})(?![\w'’]))"),
    _rule(_words("mir", "mia", "mer"), "wir", after=PLURAL_VERB_SPOKEN),
    _rule("hamma", "haben wir"),
    _rule("samma", "sind wir"),
    _rule("simmer", "sind wir"),
    _rule("gemma", "gehen wir"),
    # possessives: "mei fraa", "meim bruder", Low German "mien", Swiss "mini frau" (before kin)
    _rule("mei", _possessive("mein"), ahead=r"(?=\s+[\wäöüß])"),
    _rule("dei", _possessive("dein"), ahead=r"(?=\s+[\wäöüß])"),
    _rule("meim", "meinem"),
    _rule(_words("ihrm", "ihram"), "ihrem"),
    _rule("seim", "seinem"),
    _rule("deim", "deinem"),
    _rule(_words("unsa", "insa"), "unser"),
    # ("mit unserm wellensittich Burli", "bei insam hund")
    _rule(_words("unserm", "unsam", "insam", "unsrm"), "unserem"),
    _rule(
        _words("mien", "mis", "min"),
        _possessive("mein"),
        ahead=BEFORE_KIN,
    ),
    _rule(
        "mini",
        "meine",
        ahead=BEFORE_KIN,
    ),
    # Swiss "sini fründin", "ihri schwöschter", "dini muetter": another's relative, not the
    # speaker's (read as written, the relative is no one's and the clause the speaker's)
    _rule("sini", "seine", ahead=BEFORE_KIN),
    _rule("sis", "sein", ahead=BEFORE_KIN),
    _rule("ihri", "ihre", ahead=BEFORE_KIN),
    _rule("dini", "deine", ahead=BEFORE_KIN),
    # articles: Bavarian and Swiss "d'kita", Hessian "mit em", "e schlafplan"
    _Rule(re.compile(r"(?<![\w'’])(?P<w>d['’])(?=[a-zäöü])"), "die "),
    # (Swabian "em" before a season or a month is "im": "em herbscht")
    _rule("em", "im", ahead=rf"(?=\s+(?:{SEASONS_AND_MONTHS})(?![\w'’]))"),
    _rule("em", "dem", ahead=r"(?=\s+[a-zäöü])"),
    # Hessian, Rhenish and Palatinate "de" after a preposition: "bei de Stadtwerke", "in de
    # neie firma" (no German word; the dative feminine is the commonest)
    _rule(
        "de",
        "der",
        after=r"bei|bi|in|an|uff|auf|mit|vun|von|vo|zu|aus|vor|nach|noch|über|iwwer|unter|"
        r"hinter|neben|für|fer",
        ahead=r"(?=\s+[\wäöüß])",
    ),
    _Rule(re.compile(r"(?<![\w'’.-])(?P<w>e)(?=\s+[a-zäöüß]{3,})"), "ein"),
    # Low German and Austrian "de" as the pronoun after a name: "mien broer Enno, de wohnt in
    # Emden" (read as no word, the clause would be the speaker's)
    _Rule(
        re.compile(
            rf"(?i)(?:^|(?<=,\s)|(?<=[.!?]\s)|(?<=\bund\s)|(?<=\bun\s)|(?<=\baber\s))"
            rf"(?P<w>de)(?=\s+(?:{THIRD_PERSON_VERB})(?![\w'’]))"
        ),
        _pronoun,
    ),
    # copula and auxiliaries
    _rule("is", "ist"),
    _rule(_words("sin", "san"), "sind"),
    _rule("bisch", "bist"),
    _rule(_words("hosch", "hesch", "hoscht"), "hast"),
    _rule(_words("hod", "hät"), "hat"),
    _rule("hot", "hat", ahead=r"(?!\s+dog)"),
    _rule(_words("hoaßt", "hoasst", "haaßt", "hääßt", "haasst", "heest"), "heißt"),
    _rule(_words("hoaß", "haaß", "hääß"), "heiß"),
    _rule(_words("hob", "hann", "hon", "hebb", "heff"), "hab"),
    _rule("han", _han),
    _rule(_words("hend", "händ", "hen", "hawwe", "hom", "hobn", "habbe", "hebben"), "haben"),
    _rule("ham", "haben", ahead=r"(?!\s*[,.!?]|$)"),
    _rule(
        "bi",
        "bei",
        ahead=r"(?=\s+(?:de|dr|der|die|dem|den|mir|üs|eus|ihm|ihr|ihne|em|ere|minere|mim|d['’]))",
    ),
    _rule("bi", "bin", after=r"i|ich|ech"),
    # a form's "geb." before the day or the verb ("geb. am 14.11.1963", "geb. bin ich am …");
    # before a name it is a maiden name ("Müller geb. Schmidt")
    _Rule(re.compile(r"(?i)(?<![\w'’])(?P<w>geb\.)(?=\s*(?:am|bin|in|\d))"), "geboren"),
    # Bavarian and Austrian "i nimm", "i gib": the first person said with the imperative's
    # vowel ("i nimm jetzt allopurinol")
    _rule("nimm", "nehme", after=r"i|ich"),
    _rule("gib", "gebe", after=r"i|ich"),
    _rule("bi", "bin", ahead=r"(?=\s+(?:i|ich|ech)(?![\w'’]))"),
    _rule("bün", "bin"),
    _rule(_words("gsi", "gsii", "gwen", "gwesn", "gwest"), "gewesen"),
    _rule("woar", "war"),
    _rule("warn", "waren"),
    _rule(_words("wui", "wuill"), "will"),
    _rule("mog", "mag"),
    _rule(_words("muaß", "muass"), "muss"),
    _rule("kumm", "komm"),
    _rule("jeht", "geht"),
    _rule(
        _words("schaff", "schaffe"),
        "arbeite",
        ahead=r"(?=\s+(?:bei|beim|bim|bi|im|in|en|als|fer|für|uff|auf|seit|da|do|dort|jetzt|jetz|etz))",
    ),
    _rule(
        _words("schafft", "schaffet"),
        "arbeitet",
        ahead=r"(?=\s+(?:bei|beim|bim|bi|im|in|en|als|fer|für|uff|auf|seit|da|do|dort|jetzt|jetz|etz))",
    ),
    # participles: Hessian and Palatinate drop the final "n" ("umgezoge", "angefange"),
    # Bavarian the "e" ("zogn", "gheirat")
    _Rule(
        re.compile(
            r"(?i)(?<![\w'’])(?P<w>\w*ge(?:zog|fang|gang|word|fund|bor|komm|fahr|storb|blieb|"
            r"schrieb|heirat|nomm|geb|les|seh|treff|wachs)e)(?![\w'’])"
        ),
        lambda m, text: m["w"] + ("t" if m["w"].lower().endswith("heirate") else "n"),
    ),
    _rule(_words("zogn", "zong"), "gezogen"),
    _rule(_words("umzogn", "umzong"), "umgezogen"),
    _rule(_words("gheirat", "gheirat"), "geheiratet"),
    _rule(_words("angfangt", "ogfangt", "agfange", "agfangt", "ogfangen"), "angefangen"),
    _rule("gmacht", "gemacht"),
    _rule(_words("gfundn", "gfunden"), "gefunden"),
    _rule(_words("gstorbn", "gstorben"), "gestorben"),
    _rule(_words("gebn", "gebm"), "geben"),
    # Berlin "je-" for "ge-": "jeboren", "jearbeitet", "jeheiratet"
    _Rule(
        re.compile(
            r"(?i)(?<![\w'’])(?P<w>je)(?=(?:boren|arbeitet|macht|sagt|fahren|fahrn|heiratet|"
            r"kauft|zogen|wohnt|kommen|trennt|wesen|habt|funden|startet|wechselt|kriegt|"
            r"gangen|nau|fällt)(?![\w'’]))"
        ),
        "ge",
    ),
    # negation: Bavarian "ned", Swabian and Hessian "net", "nit", Swiss "nöd", Saxon "ni"
    # (northern "nich" and "ned mehr", "net mehr", "nimma": the reader knows them as said)
    _rule(_words("ned", "nedd", "net"), "nicht", ahead=r"(?!\s+mehr(?![\w'’]))"),
    _rule(_words("nit", "nid", "nöd", "nüd", "ni"), "nicht"),
    _rule(_words("nimmi", "nümme", "nümmi"), "nicht mehr"),
    # Bavarian "no" for "noch" before what it stresses ("wohnt no allweil alloa", "no ned")
    _rule(
        "no",
        "noch",
        ahead=r"(?=\s+(?:immer|allweil|oiwei|ganz|amal|oamal|nia|ned|net|nicht|nich|koa|kein|"
        r"mal|bis|jung|fit|gut|da|do|nix|gar)(?![\w'’]))",
    ),
    _rule(_words("nischt", "nüscht", "nüt"), "nichts"),
    _rule(_words("koa", "koi", "kee", "ka", "kei"), "kein", ahead=r"(?=\s+[\wäöüß])"),
    # Swiss "kei meh", "nid meh": no more
    _rule("meh", "mehr", after=r"kei|kein|keins|nid|nöd|nüd|nit|nicht|nimmi"),
    _rule(_words("koane", "koine", "keene"), "keine"),
    _rule(_words("koan", "koin", "keen"), "keinen", ahead=r"(?=\s+[\wäöüß])"),
    # Ruhr, Rhenish and Low German "wat", Bavarian "wos" (the demonstratives "dat", "det",
    # "dit", "des" stay: before a verb of doing they point to what is done, "des mach i
    # dienstags", and the reader knows them so)
    _rule(_words("wat", "wos"), "was"),
    _rule("wia", "wie"),
    _rule(_words("ois", "alls"), "alles"),
    # towns by the name their own people give them ("aus Kölle", "in Minga")
    _rule("kölle", "köln"),
    _rule("zwigge", "zwickau"),
    _rule("minga", "münchen"),
    _rule("mannem", "mannheim"),
    _rule(_words("hamborch", "hambuich"), "hamburg"),
    _rule(_words("stuagert", "schtuagert", "stuergert"), "stuttgart"),
    # Swabian "-a" for "-en" after "-ing": towns ("Tübinga", "in reutlinga") and verbs
    # ("singa", "bringa") alike
    _Rule(
        re.compile(r"(?<![\w'’])(?P<w>[^\W\d_]{2,}inga)(?![\w'’])"), lambda m, _: m["w"][:-1] + "en"
    ),
    # Swabian "en" (in, ein), "dr" (der), "ond" (und), "kimmt" (kommt); "scht" for "st" and
    # "-a" for "-en" inside words the lexicon knows only in their standard form
    _rule("en", _swabian_in, ahead=r"(?=\s+[\wäöüß'’])"),
    _rule("dr", "der", ahead=r"(?=\s+[a-zäöüß])"),
    _rule("ond", "und"),
    _rule(_words("kimmt", "kummt"), "kommt"),
    _rule(r"[a-zäöüß]+scht[a-zäöüß]*", _st),
    _rule(r"[a-zäöüß]{3,}[^aeiouäöü\W]a", _infinitive_a),
    # weekdays: Swabian "samschdig", "donnerschdig", Ruhr and Berlin "samstach", "freitach"
    _rule(_words("mendig", "mäntig", "montach"), "montag"),
    _rule(_words("zischdig", "zeischdig", "dienstach"), "dienstag"),
    _rule(_words("mittwoch", "mittwuch", "mickwoch"), "mittwoch"),
    _rule(_words("donnerschdig", "dunnerschdig", "donnerstach"), "donnerstag"),
    _rule(_words("freidig", "friddig", "freitach"), "freitag"),
    _rule(_words("samschdig", "samschtig", "samstich", "samstach", "sonnamd"), "samstag"),
    _rule(_words("sonndig", "sunndig", "sonntach"), "sonntag"),
    # Ruhr "inne" (in der), "vonne" (von der), "anne" (an der)
    _rule("inne", "in der", ahead=r"(?=\s+[a-zäöüß])"),
    _rule("vonne", "von der", ahead=r"(?=\s+[a-zäöüß])"),
    _rule("anne", "an der", ahead=r"(?=\s+[a-zäöüß])"),
    # conjunctions and particles
    _rule("un", "und"),
    _rule(_words("awwer", "awer", "aba", "abba"), "aber"),
    _rule(_words("oda", "odda"), "oder"),
    _rule(_words("aa", "aach", "ooch"), "auch"),
    _rule(_words("scho", "schunn", "schoo"), "schon"),
    _rule(_words("jetz", "getz", "etz", "jetze", "jetzat", "jetzad"), "jetzt"),
    _rule(_words("oiwei", "oiwai", "allweil", "allaweil", "ollawei", "imma"), "immer"),
    _rule(_words("alloa", "alloans", "alloi", "alleene", "alleen"), "allein"),
    _rule(_words("fer", "fia", "fir", "fiar"), "für"),
    _rule(_words("vun", "vunn", "vo"), "von"),
    _rule("uff", "auf", ahead=r"(?=\s+[\wäöüß])"),
    _rule("uffm", "aufm"),
    _rule(_words("iwwer", "iber"), "über"),
    _rule(_words("mim", "mitm"), "mit dem"),
    _rule("nachm", "nach dem"),
    # Bavarian, Swabian and Swiss "g" for "ge" before s and f: "gschäft", "gsund", "gsagt",
    # "gschwister", "gfreut" (no German word begins so)
    _Rule(
        re.compile(r"(?<![\w'’])(?P<w>g)(?=(?:sch|s[aeiouäöü]|f[aeiouäöür])[a-zäöüß]{2,})"), "ge"
    ),
    _rule("bim", "beim"),
    _rule(_words("zam", "zamm", "zamma", "zsamm", "zsamma", "zamme", "zsamme"), "zusammen"),
    # home and time
    _rule(AT_HOME, "daheim"),
    _rule(_words("hoam", "haam", "heem", "hemm", "hääm"), "heim"),
    _rule(_words("heit", "hüt"), "heute"),
    _rule(YESTERDAY, "gestern"),
    _rule(_words("übermorje", "iwwermorje", "iebermorje", "übermorga", "übermorgn"), "übermorgen"),
    _rule(_words("morje", "morjen", "morsche", "morga", "morgn"), "morgen"),
    _rule(_words("morjens", "morschens", "morgns"), "morgens"),
    _rule("woch", "woche"),
    _rule(_words("letschde", "letschte", "letzschde", "ledschde", "letschd"), "letzte"),
    _rule(_words("nägschde", "nägschte", "näkschte", "nächschte"), "nächste"),
    # Austrian and Bavarian "seit 30 joa": after a number "joa" is years, elsewhere a "yes"
    _rule("joa", "jahren", after=r"\d+"),
    _rule(_words("johr", "joar"), "jahr"),
    _rule(_words("johre", "joahre"), "jahre"),
    _rule(_words("obends", "owends", "obnds"), "abends"),
    _rule(_words("obend", "owend", "obnd"), "abend"),
    _rule(_words("arwet", "arweit", "ärbet", "orbeit", "oarbeit"), "arbeit"),
    # kin: "mei mo", "mei bua" after a possessive; the rest wherever said
    _rule("mo", "mann", after=POSS_DE),
    _rule(_words("bua", "bub", "bube", "bueb"), "sohn", after=POSS_DE),
    _rule(_words("mädle", "madl", "madel", "maidle", "meitli"), "tochter", after=POSS_DE),
    # "mei mann hat an zucker", "i hab zucker": the old people's word for diabetes (sugar
    # bought or in the coffee is followed by more than the clause's end)
    _rule(
        "zucker",
        "Diabetes",
        after=r"(?:hat|hab|habe|hot|hod|haben|hom)(?:\s+(?:an|a|den|einen|ein|n|auch|a\s+no))?",
        ahead=r"(?=\s*(?:[,.;:!?)]|$|und|un|aber|drum|deshalb|seit|schon|auch))",
    ),
    _rule("buam", "söhne", after=POSS_DE),
    *(
        _Rule(
            re.compile(
                rf"(?i)(?<![\w'’])(?:schwieger|stief|groß|gross|ur)?(?P<w>{_words(*forms)})(?![\w'’])"
            ),
            standard,
        )
        for standard, forms in KIN_DE.items()
    ),
    SOFTENED_ANIMAL,
    _Rule(_spoken_counts("de"), _count_digits("de")),
    _pet_without_article("de"),
]

# --- English --------------------------------------------------------------------------------

_KIN_EN = {"dad": ("da", "daddy", "pappy"),
           "mum": ("mammy", "mammie", "maw", "mummy"), "mom": ("momma", "mommy"),
           "nan": ("nanna", "nana"), "grandma": ("gran",), "grandad": ("granda", "grandda")}  # fmt: skip
_POSS_EN = r"my|me|ma|mi|mah|our|wor|his|her|yer|your|their"
_HELD_EN = _words(*(f for forms in _KIN_EN.values() for f in forms))

CREOLE_VERB = _words(
    "is", "a", "nuh", "neva", "cyaan", "cyan", "can", "did", "finish", "stop", "start", "sing",
    "play", "have", "haffi", "live", "work", "go", "get", "got", "tek", "take", "need", "want",
    "like", "love", "hate", "stay", "was", "will", "just", "still", "also", "drive", "teach",
    "run", "cook", "gone", "come", "help", "know",
)  # fmt: skip

# what follows "nan's" or "mum's" said for "nan has" or "mum is" (a plural "nans" is followed
# by a verb of its own: "my nans live in cork")
DROPPED_APOSTROPHE_AFTER = _words(
    "got", "a", "an", "been", "gonna", "getting", "not", "just", "always", "never", "still",
    "also", "really", "so", "moving", "having", "going", "in", "at", "on", "off", "from",
    "retired", "pregnant", "allergic", "diabetic", "vegan", "vegetarian", "sick", "ill",
)  # fmt: skip

# what a name's "'s" without its apostrophe stands before ("ma neighbour Sengas boy Darren",
# "my mum Leannes birthday", "Kayleighs little un Ruby"): a relative, a partner, a birthday
NAME_POSSESSED = _words(
    *_HELD.split("|"), "boy", "girl", "lad", "lass", "man", "fella", "bloke", "hubby",
    "missus", "partner", "boyfriend", "girlfriend", "bf", "gf", "kid", "kids", "bairn",
    "bairns", "wean", "weans", "little", "wee", "new", "birthday", "bday", "funeral",
)  # fmt: skip
# first names ending in "s" that the English lexicon does not hold ("James", "Thomas",
# "Chris" it knows): "Jonas birthday" is Jonas's
S_NAMES = frozenset({
    "jonas", "lukas", "niklas", "tobias", "elias", "matthias", "mathias", "andreas", "markus",
    "klaus", "lars", "nils", "jens", "mats", "mathis", "linus", "magnus", "silas", "angus",
    "ines", "janis", "marius", "cornelius", "tess", "wes", "travis", "jules", "mercedes",
    "mavis", "lois", "rhys", "idris", "anais", "nikos", "yannis", "kostas", "matias", "ruiz",
})  # fmt: skip


# "bath is where i live", "Leith, thats where we live": the speaker's home said before the verb
WHERE_LIVED = re.compile(
    r"(?i)(?<![\w'’])(?P<w>(?P<place>[a-zäöü][\w-]{2,})(?:\s+is|,\s*(?:that|which)['’]?s|"
    r",\s*thats)\s+where\s+(?P<who>i|we)\s+(?P<verb>live|lived|stay))"
    r"(?![\w'’])"
)
NOT_PLACES = frozenset({"here", "there", "home", "this", "that", "it", "which", "what", "who"})


def _where_lived(found: re.Match, _text: str) -> str | None:
    if found["place"].lower() in NOT_PLACES:
        return None
    return f"{found['who']} {found['verb']} in {found['place']}"


def _stay_as_live(found: re.Match, _text: str) -> str | None:
    """ "live" where a place's name follows ("i stay in govan"), not a thing ("i stay in bed")."""
    place = found["place"]
    tag = tagging.part_of_speech(place, lang="en")
    return "live" if tag.startswith("NP") or not tagging.known_word(place, lang="en") else None


def _name_possessive(found: re.Match, _text: str) -> str | None:
    word = found["w"]
    if word.lower() in S_NAMES or tagging.known_word(word, lang="en"):
        return None
    return word[:-1] + "'s"


ENGLISH: list[_Rule] = [
    # "the missus", "the wife", "the hubby": the speaker's own spouse (not "the wife of …")
    _Rule(
        re.compile(
            r"(?i)(?<![\w'’])(?P<w>the)(?=\s+(?:missus|missis|mrs|wife|hubby|other\s+half)"
            r"(?!\w)(?!\s+of\b))"
        ),
        "my",
    ),
    # Jamaican and London Creole "mi" before a verb is the speaker ("mi is a caretaker", "mi
    # finish at 3"); its bare "stop" is past ("mi stop di gym")
    _rule("mi", "I", ahead=rf"(?=\s+(?:{CREOLE_VERB})(?![\w'’]))"),
    _rule("stop", "stopped", after="mi"),
    # Geordie and Yorkshire "wor lass", "our lass": the speaker's wife
    _Rule(re.compile(r"(?i)(?<![\w'’])(?P<w>(?:wor|our)\s+lass)(?![\w'’])"), "my wife"),
    # Scots "ma", Northern "mi", Southern US "mah" for "my"; Geordie "wor" for "our", before
    # what one has
    _rule(
        _words("ma", "mi", "mah"),
        "my",
        ahead=rf"(?=\s+(?:(?:little|big|wee|older|younger|auld|old|oul|eldest|youngest)\s+)?"
        rf"(?:{_HELD}|{_HELD_EN})(?:['’]s)?(?![\w'’]))",
    ),
    _rule(
        "wor",
        "our",
        ahead=rf"(?=\s+(?:(?:little|big|wee|older|younger|auld|old)\s+)?"
        rf"(?:{_HELD}|{_HELD_EN}|lass|kid)(?:['’]s)?(?![\w'’]))",
    ),
    *(
        _rule(
            _words(*forms),
            standard,
            after=rf"(?:{_POSS_EN})(?:\s+(?:little|wee|auld|old|oul))?",
        )
        for standard, forms in _KIN_EN.items()
        if standard != "mom"
    ),
    _rule(_words("momma", "mommy"), "mom", after=_POSS_EN),
    # a possessive's apostrophe left out: "me nans got type 2", "my mums a nurse" (the
    # relative has it, not the speaker)
    _rule(
        rf"(?:{_HELD})s",
        lambda found, _: found["w"][:-1] + "'s",
        after=_POSS_EN,
        ahead=rf"(?=\s+(?:{DROPPED_APOSTROPHE_AFTER})(?![\w'’]))",
    ),
    # a name's possessive without its apostrophe, before a relative or a birthday: a word
    # the lexicon does not know, so "Thanks man", "Parents day" stay
    _Rule(
        re.compile(rf"(?<![\w'’])(?P<w>[A-Z][a-z]{{2,}}s)(?=\s+(?:{NAME_POSSESSED})(?![\w'’]))"),
        _name_possessive,
    ),
    # "my boy", "her lad", "Senga's boy": a son
    _rule(
        _words("boy", "lad", "laddie"),
        "son",
        after=rf"{_POSS_EN}|[A-Z][a-z]+['’]?s",
        ahead=r"(?!\s+(?:friend|scout|band)(?![\w'’]))",
    ),
    # Geordie, Scots and Northern "am" opening a clause is "I'm" ("am 38, welder at a fab
    # yard", "so am off the drink"); a question's "am i" and "am" after a time stay
    _Rule(
        re.compile(
            r"(?i)(?:^|(?<=[,.;:!?])\s*|(?<![\w'’])(?:and|n|but|so|cos|coz|bc)\s+)"
            r"(?P<w>am)(?=\s+(?!i(?![\w'’]))[\w])"
        ),
        "I'm",
    ),
    _Rule(WHERE_LIVED, _where_lived),
    # "my niece Lorraine is 50 on the 30th": an age reached on a day ahead is turned then
    _rule(
        "is",
        "turns",
        ahead=r"(?=\s+\d{1,3}\s+(?:on\s+(?:the\s+\d|\d|mon|tue|wed|thu|fri|sat|sun)|next\s))",
    ),
    # Scottish, Irish and Singapore "i stay in govan": where one lives ("staying", "stayed"
    # say a visit)
    _rule(
        "stay",
        _stay_as_live,
        after=r"(?:i|ah|we)(?:\s+(?:still|now|currently|also|jus|just))?",
        ahead=r"(?=\s+(?:in|near|by|over|down|up|out)\s+(?P<place>[A-Za-z]+))",
    ),
    # a pronoun's "'s" without its apostrophe ("shes moving out to lanzarote", "hes a
    # gamekeeper"): the words the constructions know
    _rule("shes", "she's", ahead=r"(?=\s+[a-z])"),
    _rule("hes", "he's", ahead=r"(?=\s+[a-z])"),
    # Scots and Geordie negation
    _rule("cannae", "cannot"),
    _rule(_words("dinnae", "dinny", "divvent", "divvn't", "divint"), "don't"),
    _rule(_words("didnae", "didny"), "didn't"),
    _rule(_words("isnae", "isny"), "isn't"),
    _rule(_words("wasnae", "wisnae", "wasny"), "wasn't"),
    _rule(_words("wouldnae", "widnae"), "wouldn't"),
    _rule(_words("couldnae", "couldny"), "couldn't"),
    _rule("shouldnae", "shouldn't"),
    _rule(_words("havenae", "havnae", "hivnae", "huvnae"), "haven't"),
    _rule("hasnae", "hasn't"),
    _rule(_words("doesnae", "disnae", "doesny"), "doesn't"),
    _rule(_words("willnae", "wullnae", "winnae"), "won't"),
    _rule(_words("arenae", "urnae"), "aren't"),
    _rule("nae", "no", ahead=r"(?=\s+[a-z])"),
    # Scots "i'm no sure", "it's no a date", "i'm no vegetarian": "not" after a copula
    # ("no longer", "no idea" stay)
    _rule(
        "no",
        "not",
        after=r"i['’]m|i\s+am|it['’]s|he['’]s|she['’]s|that['’]s|we['’]re|you['’]re|"
        r"they['’]re|am|is|are|was|were",
        ahead=r"(?=\s+(?!(?:longer|more|one|doubt|way|idea|problem|wonder|big|fun|joke|time|"
        r"use|matter|need|clue|sooner|less|thanks|worries|bother)(?![\w'’]))[a-z])",
    ),
    # Scots "ah'm", "ah wis", "fae glasgow", "tae", "wi", "hame"
    _rule(_words("ah['’]m"), "i'm"),
    _rule(_words("ah['’]ve"), "i've"),
    _rule(
        "ah",
        "i",
        ahead=r"(?=\s+(?:wis|was|have|had|got|live|work|stay|moved|started|reckon|think|"
        r"cannae|dinnae|didnae|am|need|want|love|hate|go|went)(?![\w'’]))",
    ),
    _rule("wis", "was"),
    _rule(_words("fae", "frae"), "from"),
    _rule("tae", "to"),
    _rule("wi", "with", ahead=r"(?=\s+[A-Za-z])"),
    _rule(_words("hame", "yem", "hyem"), "home"),
    _rule("hoose", "house"),
    _rule("aboot", "about"),
    _rule("gannin", "going"),
    # Southern US "i cain't stand okra", "cain't"
    _rule(_words("cain['’]t", "caint"), "can't"),
    # Southern US "fixin' to", "finna"; Australian "arvo"
    _Rule(re.compile(r"(?i)(?<![\w'’])(?P<w>fixin['’]?|fixing)(?=\s+to\b)"), "going"),
    _rule("finna", "going to"),
    _rule("arvo", "afternoon"),
    # spoken "-in'" for "-ing" ("writin a card", "anythin spicy", "finishin up"), where the
    # lexicon knows the word only with its "g" ("robin", "cousin" stay)
    _Rule(
        re.compile(r"(?i)(?<![\w'’])(?P<w>[a-z]{3,}in)(?:['’](?![\w'’])|(?![\w'’]))"), _dropped_g
    ),
    _Rule(_spoken_counts("en"), _count_digits("en")),
    _pet_without_article("en"),
]


def standard_speech(text: str, *, lang: str) -> Standard:
    """``text`` with the regional forms of its language read as the standard words, and the
    way back to the writer's positions."""
    return _standardised(text, GERMAN if lang == "de" else ENGLISH)


# Words only English speech, regional or chat, says: "ah'm fae glasgow" is English
SPOKEN_ENGLISH = re.compile(
    r"(?i)(?<![\w'’])(?:cannae|dinnae|didnae|isnae|wasnae|wouldnae|couldnae|ah['’]m|fae|frae|"
    r"wee|aye|y['’]all|yer|ain['’]t|gonna|wanna|gotta|fixin['’]?|wor|mam|mum|hame|tae|"
    r"wis|aboot|arvo|reckon|innit|summat|nowt|owt|bairn|bairns|wean|weans|me|yous|youse|"
    r"wi|alreet|howay|marra|masel|mysel|whit|ower|noo|awfy|oot)(?![\w'’])"
)
# Words only German speech, regional or chat, says: a line that says them is German even
# when it says "i" and "is" too ("i hob ja kaum zeit, mei bua is grad drei")
SPOKEN_GERMAN = re.compile(
    r"(?i)(?<![\w'’])(?:isch|ick|icke|hob|hann|mei|meim|mia|ned|nöd|nüd|nit|nich|nischt|"
    r"nüscht|dat|wat|det|dit|wos|koa|koane|oiwei|allweil|gsi|händ|hend|hawwe|bisch|hosch|"
    r"fraa|woch|morje|jetz|getz|etz|gell|hald|scho|ooch|jut|jeht|un|des|bissl|mer|halt|"
    r"grad|nix|daheim|dahoam|heit|geschtern|nimm|fruah|gsagt|ghabt|gnua)(?![\w'’])"
)
