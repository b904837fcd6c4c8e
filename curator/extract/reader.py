"""Reading a window of user turns into claims on core predicates.

Per sentence: its time expressions and segments (:mod:`curator.extract.clauses`), then the
constructions — possessive and kinship ("mein Bruder Lukas", "our corgi Biscuit"), copula and
apposition ("Ziggy is my rabbit", "Frieda, meine Hündin, 7 Jahre alt"), verb frames ("ich
arbeite als …", "wohnen seit … in …", "stamme aus …", "allergisch gegen …", "nehme … ein",
"jeden Morgen …", "ich muss … bis …"). A claim whose value sits in a silent segment is
dropped. Pronouns and sentence-initial demonstratives ("Die wohnt …") resolve to the most
recent compatible entity of the window. Turns given as context (already curated) are read
too, so pronouns, corrections and "vergiss das" can refer back to them, but their claims are
not proposed again.
"""

from __future__ import annotations

import calendar
import dataclasses
import functools
import itertools
import re
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta

from curator.extract import (
    animals,
    arrivals,
    carried_subject,
    compounds,
    couples,
    courses_ahead,
    denied_health,
    districts,
    employers_after_jobs,
    employers_said_lower,
    exclusions,
    flavours,
    going_ahead,
    greetings,
    homes_here,
    households,
    introduced_towns,
    lower_names,
    meat_free,
    moves_ahead,
    nearest,
    occupations,
    plurals,
    possessors,
    task_edges,
    task_names,
    todo_cues,
    todo_lists,
    verb_last_forgets,
)
from curator.extract import appointments as appt
from curator.extract import declines as declined
from curator.extract import introduction as intro
from curator.extract import lexicon as lx
from curator.extract import own_names as own
from curator.extract.allergen_lists import further_allergens
from curator.extract.broken_parts import injuries_told
from curator.extract.clauses import (
    ASKS_THE_ASSISTANT,
    NEGATORS,
    OPENS_SINCERE,
    USED_TO,
    Segment,
    segment_at,
    segments,
    silenced,
)
from curator.extract.compounds import AGENT_ENDINGS
from curator.extract.condition_course import said_with_its_course
from curator.extract.counted_days import days_instead_of_count, says_a_count
from curator.extract.diabetes_types import diabetes_types
from curator.extract.dialect import standard_possessives, standard_speech
from curator.extract.driven_trades import driven_trades
from curator.extract.feeding import (
    EVENING_MEALS,
    FED,
    FEED,
    GETS_OR_EATS,
    fed_without_food_word,
    feeding_clause,
    pets_named,
    said_as_former,
    said_of_several,
    the_speakers_meal,
)
from curator.extract.forget_continued import continued_topic
from curator.extract.fragments import (
    THING_PREDICATES,
    bare_value,
    is_fragment,
    only_points,
)
from curator.extract.fronted_allergens import fronted_allergens
from curator.extract.fronted_names import pronoun_first
from curator.extract.group_ages import group_ages
from curator.extract.jobs_said_as import NOT_HELD_AFTER, jobs_said_as
from curator.extract.kin_of_kin import relation_through
from curator.extract.named_wrong import NOT_TAKEN_BACK
from curator.extract.needed_things import needed_things
from curator.extract.prescribed_drugs import prescribed_drugs
from curator.extract.presupposed import GIVEN, presupposed
from curator.extract.provisos import without_proviso
from curator.extract.repairs import without_repaired
from curator.extract.routine_anchors import without_clause_before
from curator.extract.routine_company import without_company
from curator.extract.routine_objects import with_whom_named
from curator.extract.routine_scope import without_usual
from curator.extract.study_fields import whole_field
from curator.extract.tastes import tastes_said
from curator.extract.their_habits import their_doing, without_doer
from curator.extract.timeparse import (
    TimeExpression,
    clock_times,
    days_ahead,
    language_of,
    resolve_times,
    split_sentences,
    times_ahead,
)
from curator.extract.timescope import (
    CONJUNCTION,
    STARTING,
    conjuncts,
    dating_time,
    has_verb,
    starting_ahead,
    without_dating_times,
    without_time_words,
)
from curator.extract.told_days import PARTS_OF_DAYS, only_days
from curator.extract.true_half import true_halves
from curator.extract.vitamins import with_its_letter
from curator.language import rx
from curator.language.dates import MONTH_NAMES
from curator.language.tagging import (
    is_proper_noun,
    known_word,
    lemma,
    part_of_speech,
    sentence_tags,
)
from worldmemory.refs import slugify

UPPER = "A-ZÄÖÜ"
LOWER = "a-zäöüßéèáíóúñç"
NAME = rf"[{UPPER}](?:[^\W\d_]|['’-](?=[^\W\d_]))+"
NOT_NAMES = {
    "ich", "wir", "das", "die", "der", "den", "dem", "er", "sie", "es", "ihr", "du", "i", "the",
    "he", "she", "it", "we", "they", "and", "und", "hi", "hey", "hallo", "aber", "but", "so",
    "ok", "okay", "ja", "yes", "no", "nein", "heute", "today", "mein", "meine", "my", "our",
    "unser", "unsere", "this", "that", "dies", "also", "oh", "ach", "naja", "update", "seit",
    "since", "ab", "jetzt", "now", "bin", "hab", "wie", "was", "wo", "who", "what", "lol",
    "haha", "übrigens", "btw", "eigentlich", "actually", "sorry", "merk", "remember", "bitte",
    "please", "danke", "thanks", "am", "im", "in", "on", "at", "for", "mit", "with", "kein",
    "keine", "not", "nicht", "auch", "too", "von", "from", "aus", "zum", "zur", "ne",
    "nen", "ein", "eine", "einen", "a", "an", "wg", "uni", "ps", "pps", "fyi", "hm", "hmm",
    *lx.CALENDAR_WORDS, "wochenende", "weekend", "sommer", "summer", "winter", "herbst",
    "autumn", "frühling", "spring", "weihnachten", "christmas", "ostern", "easter",
    # a time after a noun is no name for it ("adopted a greyhound last saturday")
    "last", "next", "letzte", "letzten", "letzter", "nächste", "nächsten", "vorige", "vorigen",
    "yesterday", "gestern", "tomorrow", "morgen", "tonight",
    # regional "das" and "was" ("dat is mein dackel", "wat soll dat")
    "dat", "det", "dit", "wat", "wos",
    # what the day is, after the one whose it is ("am 3. Juli hat mein Bruder Geburtstag")
    "geburtstag", "namenstag", "jahrestag", "hochzeitstag", "birthday", "anniversary",
}  # fmt: skip
EVENING_WORDS = re.compile(r"(?i)\b(?:abends?|abend\w*|evenings?|tonight|nights?|nachts)\b")
MORNING = re.compile(
    r"(?i)\b(?:morgens|früh|frühstück|morning|mornings|breakfast|vormittags)\b|\d\s*a\.?m\b"
)
# a clause opening with its own subject, after a comma or a conjunction
NEW_CLAUSE = (
    r"(?i:(?:,|\b(?:and|und|but|aber|while|während))\s*(?:he|she|er|sie|i|ich|we|wir|they|"
    r"he's|she's|i'm|we're|they're)\b"
    # (German puts a subject of two after its verb: "seit März wohnen Silke und ich in
    # Lüneburg" goes on with the same clause)
    r"(?!\s+(?:in|im|seit|jetzt|zusammen|gemeinsam)\b))"
)
WORKS_AS = re.compile(
    r"(?i)\b(?:arbeite|arbeitet|arbeiten|work|works|working|job)\s+(?:\w+\s+)?(?:als|as)\b"
)
# (German inverts subject and verb after a fronted clause or time: "Nachdem …, arbeite ich jetzt
# als Rettungssanitäter", "seit März arbeite ich wieder als …")
JOB_AFTER_FRAME = re.compile(
    r"(?i)\b(?:arbeite|arbeitet|arbeiten|work|works|working)\s+(?:\w+\s+){0,3}?(?:als|as)\s+"
    r"(?:(?:a|an|ein|eine)\s+)?(?P<job>[\wäöüÄÖÜß-]+)\b(?!\s+(?:of|von|für|for)\b)"
)
# "I'm a luthier by trade", "Schreiner von Beruf": the words say the noun before is a job
BY_TRADE = re.compile(
    r"(?i)\b(?:a|an|ein|eine)?\s*(?!(?:bin|ist|sind|bist|am|is|are)\b)(?P<job>[\wäöüÄÖÜß-]+)"
    r"\s+(?:by\s+trade|von\s+beruf)\b"
)
# "bin ja Hebamme", "ich bin seit 2016 Hafenlotse", "i'm a glazier", "er is Bestatter": a
# copula before a bare noun (English with its article), the noun ending its phrase; whether
# the noun is a job the lexicon or the embedding model says (:mod:`.occupations`)
COPULA_JOB = re.compile(
    r"(?i)\b(?:(?:ich|er|sie)\s+(?:bin|ist|is)|bin|(?:i|he|she)\s+(?:am|is)|i['’]m|im|he['’]s|"
    r"she['’]s|(?:i|i['’]ve|he['’]s|she['’]s)\s+been|"
    # chat leaves the speaker out of a sentence opening on "been" ("been a bail bondsman
    # here since '09")
    r"(?:^|(?<=[.!?;]\s))been|"
    # someone else by name or by a pronoun of speech ("Resi is seit montag konrektorin",
    # "der is Bestatter", "er isch uhrmacher", "Callum's a sommelier", "he's become a foreman")
    r"(?-i:[A-ZÄÖÜ][a-zäöüß]+)(?:\s+(?:is|ist|isch)|['’]s)|(?:er|sie|der|die|dä|de)\s+(?:isch|is)|"
    # the pronoun after its verb ("dabei ist er nebenbei Bergführer")
    r"(?<=\w\s)(?:ist|is|isch)\s+(?:er|sie)|"
    r"(?:he|she|(?-i:[A-ZÄÖÜ][a-zäöüß]+))(?:['’]s|\s+has)\s+(?:just\s+)?become)"
    r"(?:\s+(?:ja|jetzt|jetz|nun|übrigens|eigentlich|auch|selber|selbst|hauptberuflich|"
    r"nebenbei|nebenberuflich|sogar|inzwischen|mittlerweile|"
    r"von\s+beruf|seit\s+(?:\S+\s+)?\d{4}|seit\s+\S+|now|just|only|actually|still|"
    r"currently|also|basically|no|noch|scho|schon))*"
    r"\s+(?P<article>(?:a|an)\s+)?"
    r"(?P<job>[^\W\d_][\w-]{2,}|\d{3}\s+[^\W\d_][\w-]{2,}|[^\W\d_][\w-]{2,}\s+[^\W\d_][\w-]{2,})"
    r"(?=\s*(?:[,.;:!?)]|$|\s+(?:at|for|with|in|on|and|so|but|here|wi|out|im|bei|beim|bi|an|am|"
    r"für|fer|und|aus|von|vun|seit|since)\b))"
)
# tags of words that never name a job after a copula: adjectives, verbs, pronouns, articles,
# particles, prepositions and conjunctions ("bin müde", "bin dabei", "I'm a bit")
NOT_JOB_TAGS = {
    "de": ("ADJ", "V", "P", "ART", "KO", "APPR", "APPO"),
    "en": ("AJ", "V", "AV", "PN", "DT", "PR", "CJ"),
}


# a noun naming a span of time ("Schuljahr", "Wintersemester", "Lehrjahr", "school year")
TIME_UNIT_HEAD = re.compile(
    r"(?i)(?:jahr|jahres|semester|monat|monate|woche|wochen|quartal|halbjahr|year|years|"
    r"semesters?|term|terms|month|months|week|weeks)$"
)


def _open_job(
    phrase: str, *, lang: str, article: bool | None = None, said_as: bool = False
) -> bool:
    """Whether a noun said after a copula ("bin Schlosserin", "I'm a glazier") or as an item
    of a self-introduction (``article`` None) is a job the lexicon lacks: after a copula
    English says a job with its article, German without one; the noun must not read as an
    adjective or verb, and the embedding model must place it among jobs."""
    if article is not None and article != (lang == "en"):
        return False
    words = phrase.split()
    if len(words) > 1 and (lang == "de" or words[-1][0].isupper()):
        return False  # German joins a job into one word; "Restaurant Elbkante" is a name
    head = words[-1].lower()
    if any(w.lower() in OCC_NEGATORS or w.lower() in NOT_NAMES for w in words):
        return False
    if head in lx.DIETS or head in lx.LANGUAGES or head in KIN_WORDS or head in lx.PETS:
        return False
    if head in lx.CONDITION_ADJECTIVES:
        return False  # "bin Diabetikerin": named for a condition, read as one
    if TIME_UNIT_HEAD.search(head):
        return False  # "ist seit diesem Schuljahr am Gymnasium": a span of time, no trade
    if (
        len(words) == 1
        and not said_as  # "als Disponent angefangen": nobody starts as a first name
        and phrase[:1].isupper()
        and not phrase.isupper()  # "CPA", "MTA": an abbreviation
        and not head.endswith(AGENT_ENDINGS)
        and not occupations.kind_of_person(phrase)
    ):
        return False  # "hi ich bin Mareike": the model places many first names among jobs
    tagged = words[-1]
    if said_as and lang == "de":
        tagged = tagged[:1].upper() + tagged[1:]  # "als disponent": a noun, typed in lower case
    if part_of_speech(tagged, lang=lang).startswith(NOT_JOB_TAGS[lang]):
        return False
    # chat German writes nouns in lower case; the tagger knows them by their capital
    if lang == "de" and part_of_speech(head.capitalize(), lang="de") not in ("NN", "NE", "FM"):
        return False
    return occupations.placed_among_jobs(phrase)


# "der is schlosser beim Schlüsseldienst Sicher & Schnell", "he's a sommelier at Noma": a
# person said to be a noun at a named employer is it by trade, whether a list knows the noun
# or not (a capital after the preposition: the employer's name, or a town's)
JOB_AT_EMPLOYER = re.compile(
    r"(?i)(?<![\w'’])(?:er|sie|he|she|der|die|dä|[A-ZÄÖÜ][\w-]+)(?:\s+(?:is|ist|isch|was|war)|['’]s)"
    r"(?:\s+(?:been|seit\s+\S+|jetzt|now|schon))*\s+(?:(?:a|an|ein|eine)\s+)?"
    r"(?P<job>[\wäöüÄÖÜß-]{3,}(?:\s+[\wäöüÄÖÜß-]{3,})?)\s+(?:bei|beim|bei\s+der|bei\s+den|bi|at|for|with|over\s+at|"
    r"in|in\s+der|im)\s+(?:(?:der|dem|den|dä|the)\s+)?(?:[\wäöüß-]+\s+)?(?-i:[A-ZÄÖÜ])"
)
# nouns that follow "work as" without naming a job ("as a team", "als Aushilfe" is one)
NOT_A_JOB = frozenset({
    "team", "teil", "part", "teilzeit", "vollzeit", "volunteer", "hobby",
    # what one is at a place without working there
    "patient", "patientin", "gast", "guest", "kunde", "kundin", "customer", "member",
    "mitglied", "fan", "regular", "stammgast", "visitor", "besucher", "besucherin", "resident",
})  # fmt: skip


# what makes a conditional a supposition rather than an idiom ("if i could eat pizza every day")
SUPPOSING = re.compile(r"(?i)\b(?:if|wenn|falls|angenommen|suppose|imagine|what if)\b")
FIRST_PLURAL = re.compile(r"(?i)(?:wir|we)$")


def _last_day_by(due: TimeExpression) -> datetime:
    """The last day a deadline given as a month leaves: "bis Ende November", "by june" its last
    day; "before june", "vor Juni" the last day of the month before."""
    start = due.valid_from
    if rx.match(r"(?i)(?:before|vor)\b", due.text):
        return start - timedelta(days=1)
    return start.replace(day=calendar.monthrange(start.year, start.month)[1])


def _a_job_noun(word: str) -> bool:
    """Whether the word after "arbeite als"/"work as" is a noun that can name a job."""
    if word.lower() in NOT_A_JOB or len(word) < 3:
        return False
    tags = {part_of_speech(word, lang=lang) for lang in ("de", "en")}
    return bool(tags & {"NN", "NE", "NN1", "NN0"})


WE_ENGAGED = re.compile(
    r"(?i)\b(?:we|wir)\s+(?:(?:just|finally|haben\s+uns|sind|are|have|got)\s+)*"
    r"(?:(?:letzte\w*|last|am|on|gestern|yesterday)\s+(?:\w+\s+)?)?(?:got\s+)?(?:engaged|verlobt)\b"
)
# "wir sind seit 2001 verheiratet", "wir haben 2019 geheiratet", "we've been married since
# 2010", "we got married in 2015", "we're together since may": the couple the window names
_COUPLE_FILL = r"(?:(?!\w+ing\b)[^\s.,;:!?]+\s+){0,5}?"
WE_A_COUPLE = re.compile(
    rf"(?i)\bwir\s+(?:sind|san)\s+{_COUPLE_FILL}(?:verheiratet|zusammen(?=\s*(?:$|[^\w\s]|"
    rf"und\b|seit\b)))|\bwir\s+haben\s+{_COUPLE_FILL}geheiratet"
    rf"|\bwe(?:['’]ve|\s+have)\s+been\s+{_COUPLE_FILL}(?:married|together)\b"
    rf"|\bwe(?:['’]re|\s+are)\s+{_COUPLE_FILL}(?:married|together)\b"
    rf"|\bwe\s+got\s+married\b"
)
WEDDED = re.compile(r"(?i)\b(?:verheiratet|geheiratet|married)\b")
# what the couple's time dates
PARTNERS = frozenset({"husband", "wife", "partner", "fiancee"})
# not having a thing says nothing of liking it ("I don't have a car", "hab kein Auto"); not
# having the patience or time for it does
NOT_HAVING = re.compile(
    r"(?i)\b(?:(?:don't|dont|do not|doesn't|didn't)\s+(?:\w+\s+)?(?:have|own)|haven't got|"
    r"(?:hab|habe|haben|hat|hast|besitze|besitzen)\s+(?:\w+\s+)?(?:kein|keine|keinen|nie))\b"
    r"(?!\s+(?:much|the|any)?\s*(?:patience|time|nerves?|nerv|geduld|zeit|lust)\b)"
)
# denying a dislike or the rest of a kind is no dislike: "hab nix gegen Sushi", "nothing
# against cats", "trink nix außer Wasser" (only water), "no problem with spicy food"
NOTHING_AGAINST = re.compile(
    r"(?i)\b(?:nichts|nix|nothing|kein\s+problem|no\s+problem)\s+"
    r"(?:gegen|against|mit|with|außer|ausser|but|except|als)\b"
)
# a game one plays but dislikes, does not play, or wishes to
NOT_A_PASTIME = re.compile(
    r"(?i)\b(?:hate|hates|hated|hasse|hasst|can't stand|don't|doesn't|never|nie|nicht|kein\w*|"
    r"forced|musste|want to|wants to|would like|möchte|will mal)\b"
)
RESCHEDULED = re.compile(
    r"(?i)\b(?:verschoben|verschieben|verlegt|verlegen|rescheduled|postponed|pushed|moved)\b"
)
# the speaker as a subject (possessives name what follows them, not who acts); "im" is a lazy
# "I'm" in English and the preposition in German ("im Oktober", "im Verein")
SPEAKER_WORDS = (
    "ich", "i", "i'm", "i've", "ive", "i'd", "bin", "hab", "habe", "wir", "we", "we're",
    "we've", "me", "mir", "mich",
)  # fmt: skip
POSSESSIVE_WORDS = (r"mein\w*", "mei", "my", r"unser\w*", r"unsr\w+", "our")


def _word_pattern(words) -> re.Pattern:
    return re.compile(r"(?i)\b(" + "|".join(words) + r")\b")


SPEAKER = _word_pattern(("im", *SPEAKER_WORDS))
SPEAKER_DE = _word_pattern(SPEAKER_WORDS)
PRONOUNS = {
    "er": "m", "ihn": "m", "ihm": "m", "he": "m", "him": "m", "der": "m", "sie": "f",
    "she": "f", "her": "f", "die": "f", "es": "", "it": "", "they": "", "them": "",
}  # fmt: skip
FIRST_PERSON = _word_pattern(("im", *SPEAKER_WORDS, *POSSESSIVE_WORDS))
FIRST_PERSON_DE = _word_pattern((*SPEAKER_WORDS, *POSSESSIVE_WORDS))


def first_person(text: str, *, lang: str | None = None) -> re.Pattern:
    """The first-person words of ``text``'s language (``lang`` when already known)."""
    return FIRST_PERSON_DE if (lang or language_of(text)) == "de" else FIRST_PERSON


def speaker_words(text: str) -> re.Pattern:
    """The words by which ``text``'s language makes the speaker the subject."""
    return SPEAKER_DE if language_of(text) == "de" else SPEAKER


# (Bavarian and Austrian "mei Tochter", spoken "unsre Katze")
POSS = (
    r"(?i:mein|meine|meinem|meinen|meiner|meines|mei|unser|unsere|unserem|unseren|unserer|"
    r"unsre|unsrem|unsren|unsrer|my|our)"
)
# (spoken "n Dackel", and a count in figures: "2 house rabbits")
INDEF = r"(?i:ne|nen|ner|n|eine|einen|einer|ein|a|an|zwei|zwee|zwoa|two|drei|three|[2-9])"
ADJ = (
    r"(?i:beste|bester|besten|best|neue|neuen|neuer|new|kleine|kleinen|kleiner|little|große|"
    r"großen|großer|big|older|younger|ältere|älteren|jüngere|jüngeren|liebe|lieber|zwei|two|"
    r"drei|three|twin|baby|ältester|älteste|jüngste|jüngster|"
    # modifiers of a pet or relative that are no names ("our rescue greyhound Biscuit",
    # "mein erstes Pferd", "my elderly neighbour")
    r"rescue|rescued|adopted|old|alte|alten|alter|sweet|süße|süßen|lovely|dear|first|erstes|"
    r"erste|ersten|elderly|eldest|oldest|youngest|tiny|lazy|crazy|verrückte|verrückten|"
    r"geliebte|geliebten|treue|treuen|kleines|großes|neues|"
    # ("my wee girl", "our young lad", "two house rabbits", "a grown up daughter")
    r"wee|young|house|indoor|outdoor|grown[\s-]up|erwachsene|erwachsenen)"
)


def _alternation(words) -> str:
    return _alternation_of(tuple(sorted(words)))


@functools.cache
def _alternation_of(words: tuple[str, ...]) -> str:
    """One regular-expression alternation per word list (longest first), built once."""
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


KIN_WORDS = {
    **plurals.KIN,
    **lx.KIN,
    "kinder": ("child", ""),
    "kids": ("child", ""),
    "children": ("child", ""),
    # (twins, and Scots "weans" and "bairns": children all the same)
    "twins": ("child", ""),
    "zwillinge": ("child", ""),
    "weans": ("child", ""),
    "bairns": ("child", ""),
}
# the nouns that name several, so the names listed after them are all theirs ("my kids Maisie
# and Alfie"); after a singular noun only the first name is ("my sister Kate and Tom": Tom is
# no sister)
SEVERAL = frozenset(
    {"kinder", "kids", "children", "kollegen", "arbeitskollegen", "nachbarn", "neffen"}
    | {"twins", "zwillinge", "weans", "bairns"}
    | {"wellensittiche", "budgies", "guinea pigs", "katzen", "hunde", "cats", "dogs", "rabbits"}
    | {"jungs", "boys"}
    | set(plurals.KIN)
    | set(plurals.PETS)
)
NOUNS = _alternation([*KIN_WORDS, *lx.PETS, *plurals.PETS, *lx.BREEDS, *lx.DEVICES])
NOUN = rf"(?i:{NOUNS})"
# the listed words for relatives and animals, as a relative's or pet's name is introduced by
KIN_PET_NOUNS = _alternation([*lx.KIN, *lx.PETS, *lx.BREEDS])
HONORIFIC = r"(?:Mr|Mrs|Ms|Miss|Dr|Herr|Frau|Prof)\.?"
# kin nouns that are titles too: a wife or husband only with a possessive ("meine Frau Kaya"),
# else the title before a surname ("an Frau Kaya") or any woman or man ("ne Frau namens Ute")
TITLE_KIN = frozenset({"frau", "mann"})
NAME_LIST = (
    rf"{NAME}(?:\s*\(\d{{1,3}}\))?(?:(?:\s*,\s*|\s+(?i:und|and|&)\s+){NAME}(?:\s*\(\d{{1,3}}\))?)*"
)

# an adjective the list above does not know, by its form ("a retired greyhound", "a fluffy
# cat", "eine getigerte Katze")
FORM_ADJ = (
    r"(?:[a-z]+(?:ed|y|ful|ish|ous|ble)|[a-zäöüß]+(?:ige|igen|iger|ene|enen|ener|te|ten|ter))"
)
# how a name is set beside the noun naming it: a space, a comma (with a regional article
# after it: "mei bruada, da Hias", "mei frau, d'Gudrun", "min nachbar, dä Herr Brunner"), a
# bracket or a dash ("meine Schwester (Anna)", "my sister – Priya –")
# when the one named came, said before the comma that sets the name off: "we got a dog last
# month, Biscuit", "got a rescue greyhound 3 weeks ago, Biscuit" (a time the reader blanks
# leaves its spaces before the comma); German closes the clause with how it came ("einen
# Hund bekommen, Balu", "eine Katze vor zwei Wochen adoptiert, Mimi")
# "on March 14", "on the 14th of March", "am 14. März", "on Saturday"
_CAME_DAY = (
    rf"{MONTH_NAMES}\s+\d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}}(?:st|nd|rd|th|\.)?(?:\s+of)?\s+"
    rf"{MONTH_NAMES}|(?:mon|tues|wednes|thurs|fri|satur|sun)day|\d{{1,2}}\.\s?\d{{1,2}}\.?"
)
CAME_WHEN = (
    r"(?i:(?:\s+(?:(?:\d+|a|an|one|two|three|four|five|six|a\s+few|a\s+couple\s+of)\s+"
    r"(?:days?|weeks?|months?|years?)\s+ago|last\s+(?:week|month|year|weekend|summer|winter|"
    r"spring|autumn|fall)|yesterday|vor\s+(?:\d+|einem|einer|zwei|drei|vier|fünf|ein\s+paar)\s+"
    r"(?:tagen?|wochen?|monaten?|jahren?)|letzte[nrs]?\s+(?:woche|monat|jahr|sommer|winter)|"
    r"gestern|(?:on|am)\s+(?:the\s+)?(?:" + _CAME_DAY + r")|(?:in|im)\s+" + MONTH_NAMES + r"))?"
    r"(?:\s+(?:bekommen|gekriegt|geholt|adoptiert|aufgenommen|angeschafft|zugelegt|"
    r"übernommen))?)"
)
APPOSED = (
    rf"(?:(?:{CAME_WHEN})?\s*,\s*(?:(?i:da|de|dä|dr|et)\s+|(?i:d)['’])?|\s*\(\s*|\s+[–—-]\s+|\s+)"
)
# "mein Bruder Lukas", "unser Kater Pepper", "meine Mitbewohnerin, die Hatice", "a collie named Bran"
INTRO = re.compile(
    rf"(?<![\w-])(?P<det>{POSS}|{INDEF})\s+(?:(?:{ADJ}|{FORM_ADJ})\s+)*(?P<noun>{NOUN})(?:\s+(?P<noun2>{NOUN}))?{APPOSED}"
    rf"(?:(?i:die|der|called|named|namens|heißt|heisst)\s+)?(?:{HONORIFIC}\s+)?(?P<names>{NAME_LIST})"
)
# "her mum Kate", "seine Freundin Gisela", "my sister's cat Mochi": someone's relative or pet,
# named, but no relative or pet of the speaker's
OTHERS = re.compile(
    rf"(?<![\w-])(?P<det>(?i:his|her|their|sein|seine|seinem|seinen|seiner|ihr|ihre|ihrem|"
    rf"ihren|ihrer)|{NAME}['’]s|(?:{POSS})\s+(?:{ADJ}\s+)*{NOUN}['’]s)\s+(?:{ADJ}\s+)*"
    rf"(?P<noun>{NOUN})(?:,\s*|\s+)(?:(?i:die|der|called|named|namens)\s+)?"
    rf"(?:{HONORIFIC}\s+)?(?P<names>{NAME_LIST})"
)
# what makes a relative the speaker's before a kin word: "my", "our", or nothing at all for
# a parent called by the kin word alone ("mum's 80th"; not "her mum's", "Tom's mum's")
OWN_KIN_BEFORE = re.compile(
    r"(?:(?<![\w'’-])(?i:my|our|mein\w*|mei|unser\w*|unsr\w+)\s+|^\W*|[,;:.!?]\s*|(?i:and|und|btw)\s+)$"
)
# a possessive of someone else's right before a title ("her Oma Gertrud", "Tom's Tante Ilse")
OTHERS_BEFORE = re.compile(
    rf"(?:(?<![\w'’-])(?i:his|her|their|sein|seine|seiner|ihr|ihre|ihrer)|{NAME}['’]s?)\s+$"
)
# "Tante Ilse", "Opa Heinz" (a title before a name, without a possessive)
TITLE = re.compile(
    rf"(?<![\w-])(?P<noun>(?i:{_alternation(lx.TITLES)}))(?:\s*\(\s*|\s+)(?P<names>{NAME})"
)
# "Frieda, meine Hündin", "Pickles my hamster", "das ist Krümel, unser Kaninchen", "Kira ist
# unsere Hovawart-Hündin" (a breed joined to the noun by a hyphen)
APPOSITION = re.compile(
    rf"(?<!\w)(?P<names>{NAME}),?\s+(?:(?i:ist|is|'s)\s+)?(?P<det>{POSS})\s+(?:{ADJ}\s+)*"
    rf"(?:[^\W\d_]{{3,}}-)?(?P<noun>{NOUN})(?![\w-])"
)
# "Bruno, n Berner Sennenhund", "Nala, a greyhound": a name set off before an animal said with
# an indefinite article is that animal, whoever keeps it
PET_APPOSED = re.compile(
    rf"(?<![\w-])(?P<names>{NAME}),\s+(?:(?i:is|ist|['’]s)\s+)?(?P<det>{INDEF})\s+"
    rf"(?:(?:{ADJ}|{FORM_ADJ})\s+)*(?P<noun>(?i:{_alternation([*lx.PETS, *lx.BREEDS])}))(?![\w-])"
)
# "Kevin the galah who says hello", "Rusty the kelpie is 6", "just me and Mabel (the cat)": an
# English name with "the" and an animal, that noun ending the phrase (not "Tom the dog walker")
PET_THE = re.compile(
    rf"(?<![\w-])(?P<names>{NAME})\s+\(?(?P<det>the)\s+(?:{ADJ}\s+)*"
    rf"(?P<noun>(?i:{_alternation([*lx.PETS, *lx.BREEDS])}))"
    r"(?=\s*(?:[,.;:!?)]|$)|\s+(?:who|which|that|is|was|has|had|and|gets|says|loves|likes|"
    r"needs|eats|sleeps|lives|can|will|does|goes)\b)"
)
# what a request asks for, said after it as an infinitive: "…, meine Woche zu planen", "…, to
# plan my week"
ASKED_FOR = re.compile(r"(?i)^\W*to\s+\w+|\bzu\s+\w+en\W*$")
# a place's preposition right before the word an apposition follows: where from, not who
PLACE_BEFORE = re.compile(r"(?i)\b(?:aus|from|nach|von|in|bei|near)\s+$")
# "Rufus, an old redbone coonhound", "de Mitzi, a Perserkatz": the same with a word no list
# holds, an animal only by its compound head (:func:`.animals.species_by_head`)
OPEN_APPOSED = re.compile(
    rf"(?<![\w-])(?P<names>{NAME}),\s+(?:(?i:is|ist|['’]s)\s+)?(?:{INDEF})\s+"
    rf"(?:(?:{ADJ}|{FORM_ADJ})\s+)*(?P<noun>[^\W\d_][\w-]{{2,}}(?:\s+[^\W\d_][\w-]{{2,}})?)"
    r"(?=\s*(?:[,.;!?)]|$))"
)
# "my sister is Morgan", "mein Hund heißt Balu", "Unser Saugroboter heißt übrigens Rudi",
# "our son's name is Theo",
# "mein Chef bei Petersen heißt Jan" (where the role is held may come between)
CALLED = re.compile(
    rf"(?P<det>{POSS})\s+(?:{ADJ}\s+)*(?P<noun>{NOUN})(?:\s+(?P<noun2>{NOUN}))?"
    rf"(?:\s+(?i:bei|beim|at|in|im)\s+(?:(?i:der|dem|the)\s+)?[\w-]+(?:\s+[\w-]+)?(?=\s+(?i:heißt|heisst|is\s+called|['’]s\s+called)))?"
    # ("my daughter's name is Chloe": the name said of the relative's name)
    rf"\s*(?i:heißt|heisst|is called|is named|['’]s\s+name\s+is|['’]s\s+name['’]s|"
    rf"['’]s called|['’]s named|(?P<copula>\s's|\sis|\sist|['’]s))\s+(?:(?i:übrigens|eigentlich|actually|btw)\s+)?(?P<names>{NAME})"
)
_OTHER_POSS = ("mein", "meine", "sein", "seine", "ihr", "ihre")
# a partner called by the English word alone, as chat drops "my" ("husband's called Mark")
SPOUSE_WORDS = (
    "partner",
    "husband",
    "wife",
    "hubby",
    "boyfriend",
    "girlfriend",
    "fiance",
    "fiancé",
)
_CLAUSE_CLOSING_NAME = rf"{NAME}(?:\s+{NAME})?\s*(?:$|[,.;:!?]|(?i:btw|by\s+the\s+way)\b)"
# "mum is Margaret", "Papa heißt Rainer", "dad's name is Pete", "nan's called Margaret": a
# parent or another relative called by the kin word alone, as by a name, is the speaker's
BARE_CALLED = re.compile(
    r"(?<![\w'’-])(?<!['’]s\s)"
    # (not someone else's mother: "her mum is Kate" — each possessive its own fixed width)
    + "".join(rf"(?<!(?i:{w})\s)" for w in ("my", "our", "his", "her", "their", *_OTHER_POSS))
    + rf"(?P<noun>(?i:{_alternation({*lx.TITLES, *SPOUSE_WORDS, 'mutti', 'vati', 'gaffer', 'boss'})}))"
    r"(?:(?i:\s+is\s+called|['’]s\s+called|\s+heißt|\s+heisst|['’]s\s+name\s+is|\s+is|\s+ist)\s+"
    r"(?:(?i:übrigens|eigentlich|actually|btw)\s+)?"
    # "mum's Carol btw", "partner's Sam, we …": the name closing its clause after "'s" (not
    # "dad's Honda is in the garage")
    rf"|['’]s\s+(?={_CLAUSE_CLOSING_NAME}))"
    rf"(?P<names>{NAME}(?:\s+{NAME}(?=\s*(?:$|[,.;:!?])))?)(?![\w'’-])"
)
# "meiner Labradorhündin Bella", "unser Perserkater Moritz": breed and species in one word
COMPOUND_HEADS = r"hündin|hund|katze|kater|kätzchen|welpe|kaninchen"
COMPOUND_PET = re.compile(
    rf"(?<![\w-])(?P<det>{POSS})\s+(?:{ADJ}\s+)*(?P<breed>[A-ZÄÖÜ][a-zäöüß]{{2,}}?)"
    rf"(?P<noun>{COMPOUND_HEADS})(?:,\s*|\s+)"
    rf"(?:(?i:die|der|namens)\s+)?(?P<names>{NAME_LIST})"
)
# "unsere Kaninchen heißen Flocke und Krümel", "our cats are called Tom and Jerry"
CALLED_MANY = re.compile(
    rf"(?P<det>{POSS})\s+(?:{ADJ}\s+)*(?P<noun>{NOUN})\s+(?:(?i:heißen|heissen|are called|are named)"
    # "my kids are Finn (10) and Isla (7)", "meine Kinder sind Finn und Isla"
    rf"|(?P<copula>(?i:are|sind)))"
    rf"\s+(?:(?i:übrigens|eigentlich|actually|btw)\s+)?(?P<names>{NAME_LIST})"
)
# "unsere Bartagame heißt Rocky", "my pet axolotl is named Gilly": a noun no list names, in a
# naming frame; a pet when "pet" says so or the noun reads as an animal (:mod:`.animals`)
OPEN_CALLED = re.compile(
    rf"(?<![\w-])(?P<det>{POSS})\s+(?P<pet>(?i:pet)\s+)?"
    r"(?P<noun>[^\W\d_][\w-]{2,}(?:\s+[^\W\d_][\w-]{2,})?)\s+"
    rf"(?i:heißt|heisst|is\s+called|is\s+named|['’]s\s+called|['’]s\s+named)\s+(?P<names>{NAME})"
)
# "my african grey Rocco", "we've got a bearded dragon called Bao": the same noun no list
# names, right before the name (or "called" it after "have"/"got" the speaker's own)
OPEN_INTRO = re.compile(
    rf"(?<![\w-])(?:(?P<det>{POSS})|(?i:\b(?:we|i)(?:['’]ve|\s+have)?\s+(?:got|have|adopted)|"
    rf"\b(?:wir|ich)\s+(?:haben|hab|habe|ham)\b)[^.,;!?]*?(?P<indef>{INDEF}))\s+"
    rf"(?:{ADJ}\s+)*(?P<pet>(?i:pet)\s+)?(?P<noun>[^\W\d_][\w-]{{2,}}(?:\s+[^\W\d_][\w-]{{2,}})?)"
    rf"(?:(?(det)(?:,\s*|\s+)(?:(?i:called|named|namens)\s+)?|\s+(?i:called|named|namens)\s+))"
    rf"(?P<names>{NAME})(?![\w-]|['’](?!s\b))"
)
# an unnamed pet, named later: "Wir haben seit März ne Katze … Sie heißt Mimi"
UNNAMED_PET = re.compile(
    rf"(?i:haben|hab|habe|ham|have|got|adopted|rescued|adoptiert|geholt|bekommen|gekauft)\b"
    rf"[^.,;]*?(?P<det>{INDEF}|{POSS})\s+"
    rf"(?:(?:{ADJ}|{FORM_ADJ})\s+)*(?P<noun>(?i:{_alternation([*lx.PETS, *lx.BREEDS])}))\b"
)
# an animal adopted under a word no pet list holds: "we adopted a retired racer called Biscuit"
ADOPTED_CALLED = re.compile(
    rf"(?i:adopted|rescued|adoptiert|took\s+in)\s+(?:{INDEF})\s+(?:[\w-]+\s+){{0,2}}?"
    rf"(?i:called|named|namens)\s+(?P<name>{NAME})"
)
# the words that give a name as a name ("ich heiße Bäcker" is one, "ich bin Bäckerin" a trade)
NAMING_VERB = re.compile(r"(?i)\b(?:heiße|heisse|heiß|name is|name's|called)\b")
# a sentence opening by saying the one named before is kin: "Das ist mein Nachbar", "that's
# my cousin" (not "that's my neighbour Arthur", which names the person itself)
POINTED_KIN = re.compile(
    rf"\W*(?i:das|that['’]?s|thats|er|sie|he['’]s|she['’]s)\s+(?:(?i:ist|is|isch)\s+)?"
    rf"(?i:mein|meine|my)\s+(?P<noun>(?i:{_alternation(lx.KIN)}))\b(?!\s+{NAME})"
)
# a demonstrative after a comma or a dash saying what the one just named is to the speaker
# ("…, das ist meine beste Freundin", "…, that's my cousin", "…, dat is mein dackel")
DEMONSTRATIVE_KIN = re.compile(
    rf"(?:,|\s[-–])\s*(?:(?i:das|dat|des|dit|det|this|dies)\s+(?i:is|ist|isch)|"
    rf"(?i:that|this)(?:['’]?s|\s+is))\s+"
    rf"(?:{POSS})\s+(?:{ADJ}\s+)*(?P<noun>{NOUN})(?![\w-])"
)
# an afterthought saying what the animal just named is: "…, she's our beagle"
PRONOUN_IS_PET = re.compile(
    rf"(?:[,;]\s*|\b(?i:and)\s+)(?i:she|he|it)['’]s\s+(?i:our|my)\s+(?:{ADJ}\s+)*"
    rf"(?P<noun>(?i:{_alternation([*lx.PETS, *lx.BREEDS])}))\b"
)
# any word for a kind of animal, in the turn before a name given without one
PET_WORD = re.compile(rf"(?i)\b(?:{_alternation([*lx.PETS, *lx.BREEDS])})\b")
NAMED_LATER = re.compile(
    rf"(?i:heißt|heisst|is called|is named|['’]s called|['’]s named|named (?:her|him|it)|called (?:her|him|it)|nannten (?:sie|ihn|es)|"
    rf"(?:her|his|its) name['’]s|(?:her|his|its) name is)\s+(?P<names>{NAME})"
    # "…, Pelle heißt er": the name fronted before the verb and its pronoun
    rf"|(?:^|(?<=[,;:.!?])\s*)(?P<fronted>{NAME})\s+(?i:heißt|heisst)\s+(?i:er|sie|es)\b"
)
# a day that starts or ends a span ("since christmas", "seit Ostern", "by the 14th", "bis
# 20. März"): the start of something or a deadline, never a birthday
SPAN_BOUNDS = frozenset({"since", "until", "from"})
# "verheiratet seit 1998 mit dem Hans-Peter", "married since 2010 to Ruth": the article says
# which of the two a German name is
MARRIED = re.compile(
    r"(?i:verheiratet(?:\s+seit\s+[^,.;!?]{1,30}?)?\s+mit|married(?:\s+(?:since|for)\s+"
    r"[^,.;!?]{1,30}?)?\s+to|husband is|wife is)\s+(?:(?P<article>dem|der)\s+)?"
    rf"(?P<names>{NAME})"
)
ENGAGED = re.compile(
    rf"(?i:engaged to|verlobt mit)\s+(?P<names>{NAME})|(?P<names2>{NAME})\s+(?i:hat mir)[^.]*?(?i:antrag)"
    # "ich bin seit dem 2. Mai mit Sven verlobt"
    rf"|(?i:\bmit)\s+(?P<names3>{NAME})\s+(?i:verlobt)\b"
    # "mein Freund Jonas und ich haben uns letzten Samstag verlobt", "Sam and I got engaged"
    # (only a time or "haben uns" between: not "Sam and I were there when Tom got engaged")
    rf"|(?P<names4>{NAME})\s+(?i:und ich|and i|and me)\s+(?i:haben uns\s+|have\s+|just\s+)?"
    rf"(?:(?i:letzte\w*|last|am|on|gestern|yesterday|vorgestern)\s+(?:\w+\s+)?)?"
    rf"(?i:verlobt|got engaged|are engaged)\b"
)
# "moved in with Anke", "bin mit Tom zusammengezogen", "wohne seit März mit Tom zusammen":
# the one the speaker set up home with, by name alone, is their partner
MOVED_IN_WITH = re.compile(
    rf"(?i:\b(?:moved|moving|move)\s+in\s+with|zusammengezogen\s+mit)\s+(?P<names>{NAME})(?![\w'’-])"
    rf"|(?i:\b(?:ich|bin|sind|wir)\b)[^.;!?]{{0,30}}?\b(?i:mit)\s+(?P<names2>{NAME})\s+"
    rf"(?:[^\s.;!?]+\s+){{0,3}}?(?i:zusammen)(?P<moved>\s*gezogen)?\b"
)
# (a bare "zusammen" sets up home only beside living: "wohne mit Tom zusammen", not "war mit
# Tom zusammen essen")
LIVING = re.compile(r"(?i)\b(?:wohn\w*|leb\w*|eingezogen|zieh\w*)\b")
TOGETHER = re.compile(r"(?i)\b(zusammen|together|dating|ein paar)\b")
# German says "mein Freund Malte", "meiner Freundin Carla" of a partner; a friend is "ein Freund",
# "mein bester Freund", "mein Kumpel", so only the bare singular possessive makes a partner
OWN_FREUND = re.compile(
    r"(?i)\b(?:mein|meine|meinem|meinen|meiner|mei)\s+(?:freund|freundin)\s*,?\s*$"
)
# "zusammen mit meiner besten Freundin Ines", "meine alte Freundin Tanja": a friend said with
# "beste", "alte" or "gute" is one, whatever is done together (an English "old girlfriend" is
# a former partner: not read here)
CLOSE_FRIEND = re.compile(
    r"(?i)\b(?:beste[nmrs]?|alte[nmrs]?|gute[nmrs]?)\s+(?:freund|freundin)\s*,?\s*$"
)

# "Praxis Dr. Hofmann": a title's full stop belongs to the name
# a name's own inner words: "am" before a place it is named for ("Hörwerk am See", "Schule
# am Elbdeich", "Hotel am Markt"; not a post: "bei Bosch am Empfang", nor "am Montag"), and
# "and" before two more names ("Forestry and Land Scotland"; not a person with a verb of their
# own: "at Tesco and Mark Jones is my boss")
TOPONYM_HEAD = (
    r"(?:[\wäöüß-]*(?i:see|deich|markt|dom|rhein|main|park|ring|hafen|berg|bach|wald|platz|tor|"
    r"strand|hang|garten|turm|kanal|ufer|feld|teich|brunnen|schloss|bahnhof|graben|tal|kreuz|"
    r"anger|wall|eck|steig))"
)
ORG_JOIN = (
    rf"am\s+(?=[{UPPER}]){TOPONYM_HEAD}(?![\w-])"
    rf"|and\s+{NAME}\s+{NAME}(?![\w'’-])(?!['’]s\b|\s+(?:is|was|has|had|says|said|will|did|who|[a-z]+s)\b)"
)
ORG = rf"(?:St\.|{NAME}|&|of|the|de|[A-Z]{{2,}}|\d+er)(?:\s+(?:St\.|Dr\.|Prof\.|{ORG_JOIN}|{NAME}|&|of|the|de|[A-Z]{{2,}}|[{UPPER}][\w-]*))*"
# travelling verbs of a trip ("wir fliegen nach", "fahr ich nach")
TRAVEL = r"(?:fahre|fahr|fahren|fliege|flieg|fliegen|reise|reisen)"
# the speaker and someone else as one subject: "my wife Aiko and I", "me and Jase", "mein
# Bruder Max und ich" (a name or a noun or two before "and I"; after "me and")
WITH_ME_EN = r"(?:[\w'’]+\s+and\s+I|\bme\s+and\s+(?:my\s+|our\s+)?[\w'’]+(?:\s+[A-Z][\w'’]+)?)"
WITH_ME_DE = r"(?:[\wäöüß]+\s+und\s+ich|\bich\s+und\s+(?:mein\w*\s+|unser\w*\s+)?[\wäöüß]+)"
# a favourite of someone named: "Miriams Lieblingsblume ist", "Omar's favourite band is", "die
# Lieblingsfarbe von Miriam ist"
NAMED_FAVOURITE = re.compile(
    rf"\b(?P<who>{NAME})(?<!['’])(?P<genitive>s|'s|’s|')\s+(?i:absolute[rs]?\s+)?"
    r"(?i:lieblings[\wäöüß-]+|favou?rite\s+[\w-]+|fave\s+[\w-]+)\s+(?i:ist|is|sind|are)\s+"
    rf"|(?i:\b(?:der|die|das)\s+lieblings[\wäöüß-]+\s+von\s+)(?P<of>{NAME})\s+(?i:ist|sind)\s+"
)
# someone else's dislike: "sie mag keinen Rosenkohl", "Omar hates olives", "he doesn't like
# jazz"
OTHERS_DISLIKE = re.compile(
    rf"\b(?P<who>{NAME}|(?i:er|sie))\s+(?i:mag)\s+(?i:keinen|keine|kein)\s+"
    rf"|\b(?P<who2>{NAME}|(?i:he|she))\s+(?i:(?:really\s+)?(?:doesn't|doesn’t|doesnt|does\s+not)"
    r"\s+like|hates|can't\s+stand|cannot\s+stand|dislikes)\s+"
)
# "mein Beruf ist Erzieherin", a form's "occupation is sound technician", creole "mi is a bus
# driver", "guess who's a trainee accountant now": the speaker's own job said by a third
# person's copula (the word for the job after "my" or opening its clause)
OWN_JOB_BEFORE = re.compile(
    r"(?i)(?:(?:^|[,.;:!?]\s*)|\b(?:mein|my)\s+)(?:beruf|job|profession|arbeit|occupation)\s*$"
    r"|\b(?:mi|me|i|ich|guess\s+who)\s*$"
)
# "übermorgen hat mama geburtstag", "hat meine oma am 3. geburtstag": whose day, after its verb
KIN_BEFORE_CUE = re.compile(
    rf"(?i)\b(?:hat|hatte|has|had)\s+(?:(?:mein|meine|unser|unsere|my|our)\s+)?"
    rf"(?P<kin>{_alternation(KIN_WORDS)})\s+(?:[^\W\d_]+\s+)?$"
)
# a clause opened by a third person's pronoun ("she turns 30 on …", "er wird am …"): the
# speaker is not its subject, whoever the pronoun stands for
THIRD_PERSON_OPENING = re.compile(
    r"(?i)^\W*(?:(?:and|und|but|aber|so|also)\s+)?(?:she|he|sie|er)\b"
)
DROPPED_SUBJECT_AGE = re.compile(
    r"(?i)(?:,\s*|\s+und\s+)(?:ist|is)\s+(?:(?:schon|jetzt|now|already|erst|only)\s+)?"
    r"(?P<n>\d{1,3})(?=\s*(?:[,.;!?]|$|\b(?:und|and)\b|jahre\s+alt\b|years\s+old\b))"
)
# "unsere Hündin, Labrador-Mix, …", "our dog, a collie cross.": a breed set off after the noun
BREED_SET_OFF = re.compile(
    rf"(?i)\b(?P<noun>{_alternation(lx.PETS)})\s*,\s*(?:(?:ein|eine|a|an)\s+)?"
    r"(?P<breed>[^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*)?)(?=\s*(?:[,.;!?)]|$))"
)
# a visit paid to the speaker: "is coming to visit", "will visit us", "kommt … zu Besuch"
VISIT = re.compile(
    r"(?i)\b(?:(?:is|'s|are|'re|will|'ll|will\s+be)\s+(?:coming|come|flying|driving|popping)\s+"
    r"(?:over\s+|up\s+|down\s+|round\s+)?(?:to\s+(?:visit|see\s+(?:us|me)|stay)|for\s+a\s+visit)"
    r"|(?:is|'s|will\s+be)\s+visiting\s+(?:us|me)|(?:visits|will\s+visit)\s+(?:us|me)"
    r"|(?:kommt|kommen)\b(?:[^.!?,;]|(?<=\d)\.){0,40}?\bzu\s+besuch|besucht\s+(?:uns|mich)"
    r"|zu\s+besuch\s+kommt)\b"
)
# (a saint's town keeps its abbreviation: "St. Gallen", "St. Pölten")
PLACE = rf"(?:St\.\s?)?{NAME}(?:\s+{NAME})?"


@dataclass
class Mention:
    ref: str
    name: str
    kind: str
    gender: str = ""
    order: int = 0
    aliases: list[str] = field(default_factory=list)  # "Herr Albers" beside "Albers"


def _named_in(mention: Mention, text: str) -> bool:
    """Whether ``text`` names ``mention`` by its name or an alias, as a whole word."""
    return any(
        rx.search(rf"(?i)(?<![\w'’]){re.escape(n)}(?![\w'’])", text)
        for n in (mention.name, *mention.aliases)
    )


@dataclass
class Claim:
    subject: str
    predicate: str
    value: str | None = None
    object_ref: str | None = None
    turn_index: int = 0
    sentence: str = ""
    when: date | None = None
    correction: bool = False
    change: bool = False
    position: int = 0


@dataclass
class Reading:
    """What a window says: entities it names, claims, forget requests and ends."""

    entities: dict[str, Mention] = field(default_factory=dict)
    claims: list[Claim] = field(default_factory=list)
    forgets: list[tuple[int, str, str]] = field(default_factory=list)  # turn, sentence, target
    ends: list[tuple[int, str, str]] = field(default_factory=list)  # turn, sentence, segment
    # what was declined or called off ("die Reise haben wir abgesagt"): turn, sentence, segment
    declines: list[tuple[int, str, str]] = field(default_factory=list)
    deaths: list[tuple[int, str, str]] = field(default_factory=list)  # turn, sentence, ref
    # a flatmate who moved out ("jess moved out last month"): turn, sentence, ref
    moved_out: list[tuple[int, str, str]] = field(default_factory=list)
    # a partnership the speaker says has ended: turn, sentence, the partner's ref or "" (unnamed)
    breakups: list[tuple[int, str, str]] = field(default_factory=list)
    # a parent held by the kin word alone ("Mum"), then named ("mum is Margaret"): ref → the
    # name and the turn that gave it
    named: dict[str, tuple[str, int]] = field(default_factory=dict)


def ref_for(name: str, kind: str) -> str:
    return f"{kind}:{slugify(name)}"


def _clean_name(name: str) -> str:
    return rx.sub(r"(?:'s|’s)$", "", name.strip())


def _names_a_breed(text: str, *, species: str) -> bool:
    """Whether ``text`` opens with a breed of ``species`` or a cross of one, in one or two
    words ("Labrador-Mix, 9 Jahre", "Britisch Kurzhaar, 12"), not a name."""
    words = rx.findall(r"[^\W\d_][\w-]*", rx.split(r"[,.;:!?()]", text, maxsplit=1)[0])
    return any(lx.breed_species(" ".join(words[:n])) == species for n in (1, 2) if len(words) >= n)


def _named_after(noun: str, det: str | None, names: str) -> list[tuple[str, int | None]]:
    """The names a kin noun introduces: every name of the list after a noun that names
    several ("meine Enkel Lena und Tim"), only the first after one that names one person."""
    found = _names(names)
    noun = noun.lower()
    several = noun in SEVERAL or (noun == "enkel" and (det or "").lower() in ("meine", "unsere"))
    if noun in KIN_WORDS and not several:
        return found[:1]
    return found


_LISTED_ITEM = r"[a-zäöüß]{3,}(?:\s*\(\d{1,3}\))?"
# a list of lower-case names after a noun that names several ("my kids maisie (12) and alfie
# (9)", "zwei katzen, pünktchen und anton", "two cats: pickles and mochi")
LISTED_AFTER_SEVERAL = re.compile(
    rf"(?i)\b(?:{_alternation(SEVERAL)})(?:\s*[,:]\s*|\s+)(?P<list>{_LISTED_ITEM}"
    rf"(?:(?:\s*,\s*|\s+(?:and|und|&)\s+){_LISTED_ITEM})+)"
)


def _capitalise_lists(text: str, *, lang: str) -> str:
    """ "my kids maisie (12) and alfie (9)" in a text without capitals: every name listed
    after a noun that names several is a name, not only the first."""

    def capitalised(m: re.Match) -> str:
        names = rx.sub(
            r"[a-zäöüß]{3,}",
            lambda w: (
                w.group(0).capitalize()
                if _name_word(w.group(0)) and lower_names.could_be_name(w.group(0), lang=lang)
                else w.group(0)
            ),
            m.group("list"),
        )
        return m.group(0)[: m.start("list") - m.start()] + names

    return LISTED_AFTER_SEVERAL.sub(capitalised, text)


def _animal_word(word: str) -> bool:
    """Whether ``word`` names a kind of animal ("Hund", "Beagle", "Nymphensittich"), as a
    German noun written large may stand where a name would."""
    low = word.lower()
    return low in lx.PETS or low in lx.BREEDS or animals.species_by_head(word) is not None


def _names(text: str) -> list[tuple[str, int | None]]:
    """ "Mia (12) und Tim (9)" → [("Mia", 12), ("Tim", 9)]."""
    out = []
    for m in rx.finditer(rf"({NAME})(?:\s*\((\d{{1,3}})\))?", text):
        name = _clean_name(m.group(1))
        if name.lower() in NOT_NAMES:
            continue
        out.append((name, int(m.group(2)) if m.group(2) else None))
    return out


def _when(t: TimeExpression | None, tz) -> date | None:
    return t.valid_from if t is not None else None


LOWER_WORDS = {
    "ist",
    "hat",
    "wird",
    "lässt",
    "macht",
    "kommt",
    "geht",
    "wohnt",
    "arbeitet",
    "sagt",
    "will",
    "kann",
    "muss",
    "war",
    "is",
    "has",
    "was",
    "and",
    "und",
    "aber",
    "but",
    "the",
    "der",
    "die",
    "das",
    "den",
    "dem",
    "mit",
    "with",
    "from",
    "von",
    "also",
    "auch",
    "hier",
    "there",
    "keeps",
    "takes",
    "needs",
    "just",
    "kind",
    "gets",
    "got",
    "says",
    "said",
    "lives",
    "works",
    "called",
    "named",
    "heisst",
    "heißt",
    # verbs and function words that follow a kinship noun in lower-case writing
    *[
        "have",
        "had",
        "are",
        "were",
        "does",
        "did",
        "will",
        "would",
        "can",
        "could",
        "should",
        "may",
        "might",
        "lives",
        "live",
        "loves",
        "likes",
        "hates",
        "plays",
        "goes",
        "went",
        "came",
        "comes",
        "started",
        "starts",
        "moved",
        "moves",
        "turned",
        "turns",
        "got",
        "gets",
        "needs",
        "wants",
        "thinks",
        "told",
        "tells",
        "asked",
        "asks",
        "keeps",
        "kept",
        "runs",
        "ran",
        "teaches",
        "drives",
        "hat",
        "hatte",
        "sind",
        "war",
        "wohnt",
        "lebt",
        "liebt",
        "mag",
        "spielt",
        "geht",
        "ging",
        "kam",
        "kommt",
        "fängt",
        "fing",
        "zieht",
        "zog",
        "wurde",
        "braucht",
        "will",
        "wollte",
        "denkt",
        "meint",
        "sagte",
        "fragt",
        "fährt",
        "arbeitet",
        "studiert",
        "ist",
        "isst",
        "trinkt",
        "schläft",
        "nimmt",
        "nahm",
        "kriegt",
        "bekommt",
        "heiratet",
    ],
}
# particles and adverbs after a pet or kinship noun in lower-case writing ("mit meinem hund raus")
LOWER_WORDS |= {
    # sentence adverbs after a kinship noun ("she's my wife obviously")
    "obviously", "actually", "basically", "honestly", "literally", "really", "probably",
    "apparently", "definitely", "seriously", "totally", "anyway", "though", "too",
    # German degree and modal particles ("hat sich mit unserer katze überhaupt nicht
    # verstanden", "mein hund total verrückt")
    "überhaupt", "gar", "total", "voll", "echt", "wirklich", "ziemlich", "eigentlich",
    "halt", "eben", "schon", "noch", "immer", "nie", "niemals", "wieder", "sowieso", "eh",
    "irgendwie", "bestimmt", "vielleicht", "natürlich", "sogar", "trotzdem", "dauernd",
    "ständig", "ganz", "sehr", "mega", "super", "nur", "bloß", "jetzt", "gerade", "grad",
    "auch", "leider", "zum", "quite", "pretty", "always", "never", "still", "again", "just",
    # "wohne mit meinem freund zusammen", "my partner and i live together"
    "zusammen", "together",
}  # fmt: skip
# chat fuses a preposition with a clipped article ("mein schwager ausm süden", "meine oma
# aufm land", "mein bruder mitm auto"): a preposition, never a name
LOWER_WORDS |= {
    preposition + article
    for preposition in (
        "aus", "auf", "mit", "über", "für", "durch", "unter", "vor", "nach", "hinter", "bei",
        "gegen",
    )
    for article in ("m", "n", "s", "r")
}  # fmt: skip
LOWER_WORDS |= {
    "raus",
    "rein",
    "hoch",
    "runter",
    "weg",
    "mit",
    "los",
    "spazieren",
    "gassi",
    "heim",
    "zurück",
    "schon",
    "noch",
    "auch",
    "immer",
    "nie",
    "oft",
    "jetzt",
    "heute",
    "gestern",
    "morgen",
    "gerade",
    "grad",
    "eh",
    "halt",
    "mal",
    "ja",
    "doch",
    "wieder",
    "out",
    "home",
    "back",
    "again",
    "too",
    "also",
    "today",
    "now",
    "still",
    "always",
    "never",
    "every",
    "since",
    "seit",
    "for",
    "from",
    "with",
    "who",
    "which",
    "that",
    "und",
    "oder",
    "aber",
    "dann",
    "zum",
    "zur",
    "beim",
    "vom",
    "ins",
    "ans",
    "aufs",
    "übers",
}
# the head of a compound a kinship or pet noun modifies ("a dog person", "cat hair", "ein
# Hundemensch"): no name follows
LOWER_WORDS |= {
    "person", "people", "guy", "girl", "gal", "type", "lover", "lovers", "owner", "owners",
    "mum", "mom", "dad", "food", "hair", "sitter", "walker", "walking", "friendly", "allergy",
    "typ", "mensch", "besitzer", "haare", "futter",
}  # fmt: skip
APPOSITION_BLOCKERS = {
    "aufm", "beim", "im", "am", "zum", "zur", "in", "at", "the", "der", "die", "das", "dem",
    "den", "von", "vom", "to", "of", "from", "with", "mit", "auf", "an", "bei", "nach", "für",
    "for", "visiting", "besuche", "besuch",
}  # fmt: skip


# where a clause's subject stands: at its start, after a comma or a joining word (also a
# joining word or a chat filler opening the sentence: "so my dad lives …", "ja meine Oma …")
CLAUSE_OPENING = (
    r"(?:^|[,;:–—-]\s*|(?:(?<=\s)|^\W*)(?i:and|und|but|aber|also|so|btw|übrigens|oh|ach|ja|"
    r"yeah|yes|ok|okay|well|anyway|jedenfalls|naja|hey|ah|ugh|lol|haha)\s+|^\W*)"
)
# several of the speaker's people said together ("my sisters live in Cork"): never the
# speaker, whom a clause names on its own ("my parents and I")
KIN_GROUPS = frozenset({
    "sisters", "schwestern", "brothers", "brüder", "siblings", "geschwister", "sons", "söhne",
    "daughters", "töchter", "grandkids", "grandchildren", "enkel", "enkelkinder", "cousins",
    "aunts", "tanten", "uncles", "in-laws", "schwiegereltern", "folks",
})  # fmt: skip
# the speaker and another opening a clause as its one subject ("me and the wife Jean moved",
# "ich und mein Freund sind …"; "my wife Jean and I" names the speaker last)
JOINT_WITH_SPEAKER = re.compile(
    r"^\W*(?:(?i:so|and|und|also|well|now\s+then|ja|naja)\W+)?(?i:me|ich)\s+(?i:and|und|&)\s+"
)
# a possessive relative or pet opening a clause: "my wife has …", "und meine Eltern wohnen …"
UNNAMED_SUBJECT = re.compile(
    rf"{CLAUSE_OPENING}"
    rf"(?P<det>{POSS})\s+(?:{ADJ}\s+)*(?P<noun>(?i:{_alternation([*lx.KIN, *lx.PETS, 'parents', 'eltern', 'kids', 'kinder', 'children', 'grandparents', 'großeltern', *KIN_GROUPS])}))(?:'s|’s)?(?![\w-])"
)

# the dislike of a relative the speaker names by kin alone: "my husband hates mushrooms",
# "meine Frau mag keinen Fisch"
UNNAMED_DISLIKE = re.compile(
    UNNAMED_SUBJECT.pattern
    + r"\s+(?P<verb>(?i:mag\s+(?:keinen|keine|kein)|hasst|(?:really\s+)?(?:doesn't|doesn’t|"
    r"doesnt|does\s+not)\s+like|hates|can't\s+stand|cannot\s+stand|dislikes))\s+"
)
# someone else's relative opening a clause: "Annas Mutter", "Tom's mum", "his dad", "die
# Mutter von Anna" (not "… hat sich von ihrem Mann getrennt": no subject)
OTHERS_KIN = re.compile(
    rf"{CLAUSE_OPENING}(?:(?:(?P<owner>{NAME})(?:['’]s|(?<=s)['’]?)|(?i:his|her|their|your|"
    rf"dein\w*|sein\w*|ihr\w*|euer|eure\w*))\s+(?:{ADJ}\s+)*(?i:{_alternation(lx.KIN)})(?![\w-])"
    rf"|(?i:der|die|das|the)\s+(?:{ADJ}\s+)*(?i:{_alternation(lx.KIN)})\s+(?i:von|vom|of)\s+"
    r"(?!(?i:mir|me|mine)\b))"
)

OCC_NEGATORS = {"not", "no", "never", "nicht", "kein", "keine", "keiner", "nie", "nimmer"}
# a possessive before a role noun names whose the person is, not what the subject works as
OWNED_BY = re.compile(
    r"(?i)mein\w*|mei|dein\w*|sein\w*|ihr\w*|unser\w*|unsr\w+|euer\w*|my|your|his|her|our|"
    r"their"
)
OCC_FILLERS = {
    "da", "dort", "there", "übrigens", "btw", "also", "actually", "eigentlich", "now", "jetzt",
    "schon", "noch", "auch", "halt", "ja", "jahren", "jahre", "years", "year", "monaten",
    "months", "wochen", "weeks", "a", "an", "ein", "eine", "einer", "the", "der", "die",
    "mittlerweile", "inzwischen", "nun", "still", "immer", "gelernte", "gelernter",
    "trained", "qualified", "fully", "voll", "gerade", "currently", "aktuell", "just",
    # chat spellings and the news of a new title ("bin jetz offiziell Tischlermeister")
    "jetz", "nu", "offiziell", "officially", "endlich", "finally",
    # "she's been head sommelier at Marlow's for 8 yrs": the perfect's auxiliary
    "been", "gewesen",
}  # fmt: skip


# a noun's compound form → the allergen ("Nussallergie" → Nüsse, "nut allergy" → nuts)
ALLERGENS = {
    "nuss": "Nüsse", "nut": "nuts", "erdnuss": "Erdnüsse", "peanut": "peanuts",
    "tierhaar": "Tierhaare", "katzenhaar": "Katzenhaare", "hausstaub": "Hausstaub",
    "hausstaubmilben": "Hausstaubmilben", "pollen": "Pollen", "gräser": "Gräser",
    "birken": "Birkenpollen", "penicillin": "Penicillin", "bienen": "Bienenstiche",
    "wespen": "Wespenstiche", "bee": "bee stings", "wasp": "wasp stings", "egg": "eggs",
    "ei": "Eier", "milch": "Milch", "milk": "milk", "soja": "Soja", "soy": "soy",
    "fisch": "Fisch", "fish": "fish", "shellfish": "shellfish", "weizen": "Weizen",
    "sesam": "Sesam", "sesame": "sesame", "latex": "Latex", "cat": "cats", "dog": "dogs",
}  # fmt: skip


NOT_OBJECTS = {
    "deswegen", "deshalb", "darum", "daher", "trotzdem", "dann", "sonst", "jetzt", "heute",
    "morgen", "gestern", "immer", "eigentlich", "ehrlich", "wirklich", "irgendwie", "halt",
    "leider", "echt", "auch", "noch", "schon", "so", "also", "aber", "und", "oder", "da",
    "hier", "dort", "es", "das", "die", "der", "den", "dem", "sowas", "sonntags", "montags",
    "dienstags", "mittwochs", "donnerstags", "freitags", "samstags", "morgens", "abends",
    "mittags", "nachts", "früher", "inzwischen", "mittlerweile", "manchmal", "oft", "nie",
}  # fmt: skip


def _object_noun(word: str, text: str) -> bool:
    """Whether an object put first ("Pilze mag ich nicht") is a noun: no adverb or pronoun,
    and capitalised where the writer capitalises German nouns."""
    low = word.lower()
    if low in NOT_NAMES or low in NOT_OBJECTS or low in PRONOUNS:
        return False
    capitalising = any(w[:1].isupper() for w in rx.findall(r"(?<=\s)[^\W\d_]+", text))
    return word[:1].isupper() or not capitalising


ROUTINE_FILLERS = {
    "tho", "though", "dann", "then", "früh", "got", "i've", "ive", "bin", "mostly",
    "meistens", "usually", "normalerweise", "without", "fail", "really", "echt", "ganz",
    "still", "noch", "literally", "basically", "pretty", "much", "quasi", "sozusagen",
    "deswegen", "deshalb", "daher", "trotzdem", "anyway", "anyways", "btw", "übrigens",
    "i'm", "doing", "too", "been", "stattdessen", "jetzt", "now", "vielleicht", "vllt",
    "maybe", "are",
    # modal particles and stance words say how the speaker feels about the habit, not what
    # or when it is ("eigentlich jede Woche bouldern", "ansonsten jeden Mittwoch …",
    # "honestly run every morning"), and an indefinite article names no part of it
    "eigentlich", "ansonsten", "sonst", "sowieso", "auch", "bloß", "einfach", "wirklich",
    "tatsächlich", "generell", "grundsätzlich", "gern", "gerne", "weiterhin", "immernoch",
    "actually", "honestly", "generally", "typically", "normally", "religiously", "kinda",
    "tbh", "ngl", "lowkey", "atm", "anyhow", "ein", "eine", "einen", "nen",
    # the speaker set against others ("ich selbst geh jeden Mittwoch schwimmen")
    "selbst", "selber", "myself",
    # a reason opening the clause the habit is said in ("… tho cos i meet my mum every friday")
    "cos", "coz", "cuz", "because", "weil",
}  # fmt: skip


VAGUE_PLAN_WORDS = {
    "ihn", "ihm", "ihr", "ihnen", "him", "her", "them", "was", "etwas", "something", "do",
    "thing", "sache", "sachen", "stuff", "zeug", "sie", "es", "uns", "euch", "dich", "mich",
    "it", "us", "you",
}  # fmt: skip
# "I'm Irish / Catholic / Vegan": a capitalised word after "I'm" that is no name
NOT_OWN_NAMES = {
    "irish", "english", "british", "scottish", "welsh", "american", "canadian", "australian",
    "german", "austrian", "swiss", "french", "italian", "spanish", "portuguese", "dutch",
    "polish", "greek", "turkish", "indian", "chinese", "japanese", "korean", "mexican",
    "brazilian", "jewish", "muslim", "christian", "catholic", "protestant", "hindu",
    "buddhist", "atheist", "vegan", "vegetarian", "gay", "bi", "trans", "back", "home",
    "fine", "good", "great", "okay", "ok", "sorry", "done", "here", "new", "tired", "sure",
}  # fmt: skip
# nouns a diet word describes the eater or the diet by ("a vegan diet", "vegetarian person")
DIET_NOUNS = frozenset({"diet", "ernährung", "lifestyle", "person", "mensch", "haha", "tbh"})
# a possessive of someone else right before what is named ("his arthritis", "ihr Asthma")
THEIR_OWN = re.compile(r"(?i)\b(?:his|her|their|sein|seine|seinen|seinem|seiner)\s+$")
# "ich bin Jonte, 29": the age said right after a name (no date, no clock time)
AGE_AFTER_NAME = lower_names.AGE_AFTER
# verbs of origin in the third person: whoever comes from there, it is not the speaker
THIRD_PERSON_ORIGIN = frozenset({"kommt", "stammt", "is", "'s", "’s", "shes", "hes"})
# a name, then a relative or demonstrative pronoun standing for it, right before the verb
POINTED_BACK = re.compile(
    rf"(?P<name>{NAME})\s*,\s*(?i:die|der|who|which|she|he)(?:['’]s|\s+is)?\s*$"
)
# the verbs a German demonstrative opens someone else's clause with ("die hat Diabetes")
DEMONSTRATIVE_VERBS = (
    r"ist|is|isch|war|arbeitet|schafft|wohnt|lebt|hat|hot|hod|isst|trinkt|mag|macht|fährt|"
    r"geht|spielt|kocht|raucht|studiert|heißt|nimmt|kriegt"
)
THIRD_PERSON = re.compile(
    r"(?i)\b(wohnt|lebt|arbeitet|studiert|heißt|heisst|stammt|lives|works|studies|he|she|er|"
    r"sie|he's|she's|they|they're|theyre)\b"
    # a demonstrative opening a clause before its verb: "die hat Diabetes", "der wohnt in Kiel"
    rf"|(?:^|[,.;:!?]\s*|\b(?:und|un|aber)\s+)(?:die|der|de)\s+(?:{DEMONSTRATIVE_VERBS})\b"
)


# a demonstrative opening the clause right before its verb ("…, die wohnt in bochum", "die
# isst kein fleisch"): the person last spoken of, never the speaker
POINTED_BEFORE_VERB = re.compile(r"(?i)(?:^|[,;:]\s*|\b(?:und|aber)\s+)(der|die)\s+$")


def _pointed_gender(head: str) -> str | None:
    """The gender ("m", "f") a demonstrative ending ``head`` says, or None without one."""
    pointed = POINTED_BEFORE_VERB.search(head)
    return None if pointed is None else {"der": "m", "die": "f"}[pointed.group(1).lower()]


# a clause opened by someone else's pronoun that no one named resolves
OTHERS_OPENING = re.compile(
    r"(?i)\s*(?:(?:and|but|so|und|aber)\s+)?(?:they|they['’]re|theyre|he|she|he['’]s|she['’]s)\b"
)


DIED = re.compile(
    r"(?i)\b(?:died|has died|passed away|was put down|were put down|put (?:him|her|it) down|"
    r"ist gestorben|sind gestorben|gestorben|verstorben|eingeschläfert|über die regenbogenbrücke|"
    r"crossed the rainbow bridge)\b"
)
# "meine schwester ist …" (a kin noun with no name after it) and "sie heißt übrigens Clara"
UNNAMED_KIN = re.compile(
    rf"(?<![\w-])(?P<det>{POSS})\s+(?:{ADJ}\s+)*(?P<noun>(?i:{_alternation(lx.KIN)}))"
    # ("my brother's getting married" is he; "my brother's dog" is not)
    rf"(?![\w-])(?!['’]s\s+(?:{NOUN})\b)(?!\s*,?\s*(?:(?i:die|der|called|named|namens)\s+)?(?:{HONORIFIC}\s+)?{NAME})"
)
# a parent or grandparent called by the kin word alone, as by a name ("mum's turning 65",
# "Oma hat Geburtstag")
BARE_KIN = re.compile(
    # not someone else's ("Her mum's turning 70", "Tom's dad is")
    r"(?<![\w-])(?<!(?i:my)\s)(?<!(?i:our)\s)(?<!(?i:his)\s)(?<!(?i:her)\s)(?<!(?i:their)\s)"
    r"(?<!(?i:sein)\s)(?<!(?i:ihr)\s)(?<!(?i:seine)\s)(?<!(?i:ihre)\s)(?<!['’]s\s)"
    r"(?P<bare>(?i:mum|mom|mam|dad|mama|papa|oma|opa|nan|grandma|"
    r"grandpa|mutti|vati))(?=['’]s\s|\s+(?i:is|ist|hat|has|wird|turns|lives|wohnt)\b)"
)
# someone who left the shared home: "jess moved out last month", "Lotte ist ausgezogen"
MOVED_OUT = re.compile(
    r"(?i)(?<![\w'’])(?P<who>[\wäöüß]+)\s+"
    # (a few words between, no other subject: "Lotte ist letzte Woche ausgezogen", not "Tom
    # hat geholfen, als ich ausgezogen bin")
    r"(?:(?!(?:ich|i|wir|we|er|sie|he|she|they)\b)[\wäöüß]+\s+){0,3}?"
    r"(?:moved\s+out|ausgezogen|zieht\s+aus)\b"
)
PRONOUN_NAMING = re.compile(
    # (a demonstrative too: "kennst du meine Schwester? die heißt Doro")
    r"(?<!\w)(?:(?P<pronoun>(?i:er|sie|der|die|he|she))(?:\s+(?i:heißt|heisst|is called)|['’]s called)"
    r"|(?P<owner>(?i:his|her|sein|ihr))\s+(?i:name\s+is|name['’]s|name\s+ist))"
    rf"\s+(?:(?i:übrigens|eigentlich|btw)\s+)?(?P<named>{NAME})"
)
# (also contracted: "haven't coffee" is what "i haven't had coffee since january" denies)
NEGATED_VALUE = re.compile(
    r"(?i)(?:nicht|nich|nichts|nix|kein|keine|keinen|not|nothing|never|nie|\w+n['’]t)\b"
)
# "she's a retired district nurse", "mein Vater ist pensionierter Lehrer", "an ex-firefighter":
# a trade once held, not held now
FORMER_TRADE = re.compile(
    r"(?i)^(?:retired|former|formerly|ex-?|ehemalige[rn]?|pensionierte[rn]?|frühere[rn]?|"
    r"früher)\b"
)
# "im only the driver, shes the talent", "merely a clerk": how little one makes of a trade is
# no part of it
TRADE_BELITTLED = re.compile(
    r"(?i)^(?:only|just|merely|nur|bloß|bloss|blos)\s+(?:(?:the|a|an|der|die|das|ein|eine|"
    r"ne|en|e)\s+)?(?=\w)"
)
# "I'm not vegetarian, my wife Anjali is", "ich bin nicht allergisch gegen Nüsse, das ist
# mein Mann Erik": what the speaker denies of themselves is said of the relative named instead
NOT_MINE = re.compile(
    r"(?i:\b(?:i'm|i am|im|ich bin|bin ich|bin)\s+(?:(?:also|actually|auch|eigentlich|ja)\s+)?"
    r"(?:not|nicht|nich|kein|keine|keiner)\s+)(?P<state>[^,.;!?–—]+?)\s*[,;–—]\s*"
    r"(?:(?i:but|aber|sondern|nope|nein|no)\s+)?"
    r"(?:(?P<pointer>(?i:that's|that is|thats|that'd be|that would be|das ist|das is|das wäre|"
    r"it's|its|es ist))\s+)?"
    rf"(?P<det>{POSS})\s+(?:{ADJ}\s+)*(?P<noun>(?i:{_alternation(lx.KIN)}))"
    rf"(?:\s+(?P<name>{NAME}))?(?:\s+(?P<copula>(?i:is|ist|is it|ist es|schon)))?"
    r"(?=\s*(?:[,.;!?)]|$))"
)
# what can be denied of oneself and be true of someone else
TRANSFERRED = frozenset(
    {"diet", "allergic_to", "health_condition", "takes_medication", "prefers", "dislikes",
     "works_as", "hobby"}
)  # fmt: skip


class Reader:
    def __init__(
        self, *, known_names: dict[str, str], known_relatives: dict[str, str] | None = None
    ) -> None:
        self.known_names = known_names  # normalised alias → ref
        # relation → the one person memory holds in it ("" when it holds more than one)
        self.known_relatives = known_relatives or {}
        self.reading = Reading()
        self.order = 0
        self.last: list[Mention] = []
        self.pending_pet: tuple[str, str, date | None, int] | None = None  # species, gender
        self.pending_breed: str | None = None  # "we adopted a greyhound": said before the name
        self.pending_kin: tuple[str, str, date | None] | None = None  # noun, det, when
        self.sentence_text = ""
        self.said = ""  # the sentence being read, as written
        self.correcting: int | None = None  # the turn a correction marker was read in
        # "meine Schwester … sie heißt übrigens Clara": kin nouns the window names later
        self.named_later: dict[str, tuple[str, str]] = {}  # noun → (name, det)
        self.lang = "de"  # of the sentence being read
        # the turn whose sentences list the speaker's own people and pets ("kurz zu mir: …")
        self.introducing: int | None = None
        # the turn and text of the sentence read last ("zwei Wellensittiche!! Pipo und Kiki")
        self.previous: tuple[int, str] | None = None
        # whom the sentence read last was about, when one person other than the speaker
        # ("Mein Onkel Horst wohnt in Kiel. Arbeitet da als Lotse."): a subjectless sentence
        # with a third-person verb goes on about them
        self.carried: str | None = None  # ("" when it was about several)
        self.turn_times: list[TimeExpression] = []
        # whether the window has told of the speaker's usual week ("every weekday", "a weekly
        # plan"): a verbless line under one weekday then reads as one more of its habits
        self.week_told = False
        # unnamed relatives read as people of their own: ref → their relation to the speaker
        self.relatives: dict[str, str] = {}
        # "divorced since 2019": the speaker's marriage ended (valid from then, if said), or
        # a separation (``married`` False)
        self.split: tuple[bool, date | None] | None = None
        # the number of the last item of a numbered list of things to do the sentence read
        # last ended on (0 if none): the splitter may cut such a list after a date
        self.listed_up_to = 0

    # --- entities ------------------------------------------------------------------------

    def mention(self, name: str, kind: str, gender: str = "", *, ref: str = "") -> Mention:
        town = (
            districts.town_of(name, lang=self.lang) or lx.TOWN_NICKNAMES.get(name.lower())
            if kind == "place" and not ref
            else None
        )
        if town is not None:
            # "wohn in mannheim-neckarau", "i'm in philly": the town, called as the speaker
            # said it too
            found = self.mention(town, kind, gender)
            if name not in found.aliases:
                found.aliases.append(name)
            return found
        ref = ref or self.known_names.get(name.lower()) or ref_for(name, kind)
        self.order += 1
        found = self.reading.entities.get(ref)
        if found is None:
            found = Mention(ref=ref, name=name, kind=ref.split(":")[0], gender=gender)
            self.reading.entities[ref] = found
        found.order = self.order
        if gender and not found.gender:
            found.gender = gender
        self.last.append(found)
        return found

    def _recent_as_written(self, text: str, *, since: int) -> None:
        """The entities a sentence mentioned (in the order its rules read them) are recent in
        the order the sentence names them: "zwei jungs, yunus und mert, und unser kater
        pascha … Der hat Diabetes" points at the cat named last, not at the boys a later
        rule read."""
        said = []
        for mention in self.reading.entities.values():
            if mention.order <= since:
                continue
            names = [mention.name, *mention.aliases]
            found = [
                m.start()
                for name in names
                for m in rx.finditer(rf"(?<!\w){re.escape(name)}(?!\w)", text, flags=re.I)
            ]
            said.append((max(found, default=-1), mention.order, mention))
        for number, (_, _, mention) in enumerate(sorted(said, key=lambda s: s[:2]), start=1):
            mention.order = since + number

    def resolve(
        self,
        word: str,
        *,
        later: frozenset[str] = frozenset(),
        kinds: tuple[str, ...] = ("person", "pet"),
    ) -> Mention | None:
        """A pronoun or a demonstrative → the most recent compatible entity of ``kinds`` (not
        one of ``later``, the names the sentence first says after the pronoun)."""
        gender = PRONOUNS.get(word.lower())
        if gender is None:
            return None
        for mention in sorted(self.reading.entities.values(), key=lambda m: -m.order):
            if mention.kind not in kinds or mention.name in later:
                continue
            if word.lower() in ("es", "it") and mention.kind != "pet":
                continue
            if not gender or not mention.gender or mention.gender == gender:
                if gender and mention.kind == "person" and not mention.gender:
                    # "my mate Declan … he's a tree surgeon, she's …": once called "he", the
                    # next "she" is someone else
                    mention.gender = gender
                return mention
        return None

    def _named_before(self, said: str, pronoun: str) -> Mention | None:
        """ "das stimmt nicht mit Jonas, er ist …": a person the sentence names before a
        pronoun that fits them is whom the pronoun stands for, whoever the window named
        last."""
        gender = PRONOUNS.get(pronoun.lower())
        if gender is None or pronoun.lower() in ("es", "it", "they", "them", "die", "der"):
            return None
        found: tuple[int, Mention] | None = None
        for mention in self.reading.entities.values():
            if mention.kind != "person" or mention.ref == "person:me":
                continue
            if gender and mention.gender and mention.gender != gender:
                continue
            for m in rx.finditer(rf"(?<![\w'’]){re.escape(mention.name)}(?![\w'’])", said):
                if found is None or m.start() > found[0]:
                    found = (m.start(), mention)
        return found[1] if found else None

    def subject_before(self, text: str, position: int, start: int) -> str | None:
        """Who the words before ``position`` (from ``start``) are about: the nearest name of
        a known entity, a pronoun, or the first person."""
        window = text[start:position]
        # "Finn, der Sohn von meinem Bruder Thore, studiert …": an apposition closing right
        # before the verb describes the subject, it is not who acts
        window = rx.sub(
            # "mein Freund Niklas, mit dem ich seit 3 Jahren zusammen bin, ist …": nor is a
            # relative clause, whatever preposition opens it
            r",\s*(?i:(?:mit|bei|von|zu|an|auf|für|über|with|for|from|to)\s+)?"
            r"(?i:der|die|das|dem|den|deren|dessen|the|who|whom|which|mein\w*|my|unser\w*|our)"
            # (the clause may go on to the position, as long as nobody else acts in it)
            r"\b[^,.;!?]*,(?:(?!(?i:\b(?:ich|i|er|sie|he|she|wir|we|und|and)\b))[^,.;!?])*$",
            lambda m: " " * len(m.group(0)),
            window,
        )
        if JOINT_WITH_SPEAKER.search(window):
            return "person:me"  # "me and the wife Jean moved …": the speaker is among them
        best: tuple[int, str] | None = None
        for mention in self.reading.entities.values():
            if mention.kind not in ("person", "pet"):
                continue  # places and organisations are not who a sentence is about
            for m in rx.finditer(rf"(?<!\w){re.escape(mention.name)}(?!\w)", window):
                if best is None or m.start() > best[0]:
                    best = (m.start(), mention.ref)
        # ("shes", "hes": the pronoun with its verb, the apostrophe left out)
        for m in rx.finditer(
            r"(?i)(?<!\w)(er|sie|he|she|die|der|it|es)(?='s|\b|(?<=he)s\b)", window
        ):
            if m.group(1).lower() in ("die", "der") and m.start() != 0:
                continue
            if m.group(1).isupper():
                continue  # "ER nurse", "IT consultant": an acronym, no pronoun
            if (
                m.group(1).lower() in ("sie", "die")
                and m.start() > 0
                and rx.search(r"(?i)\b(ich|wir)\s+$", window[: m.start()])
            ):
                continue
            # "she's 12, a ragdoll called Tilly, and my neighbour Bev could …": a pronoun
            # stands for someone said before it, not for a name the sentence says after it
            said = start + m.start()
            later = frozenset(
                e.name
                for e in self.reading.entities.values()
                if rx.search(rf"(?<!\w){re.escape(e.name)}(?!\w)", text[said:])
                and not rx.search(rf"(?<!\w){re.escape(e.name)}(?!\w)", text[:said])
            )
            resolved = self._named_before(text[:said], m.group(1)) or self.resolve(
                m.group(1), later=later
            )
            if resolved and (best is None or m.start() > best[0]):
                best = (m.start(), resolved.ref)
            elif (
                resolved is None
                and m.group(1).lower() in ("he", "she", "er")
                and (best is None or m.start() > best[0])
            ):
                best = (m.start(), "")  # "he lives in Tampa" about someone unnamed
        for m in speaker_words(text).finditer(window):
            if best is None or m.start() > best[0]:
                best = (m.start(), "person:me")
        # "my wife has MS", "Meine Mama ist Krankenschwester", "my parents live in Devon": an
        # unnamed relative or pet opening the clause is who it is about, never the speaker
        for m in UNNAMED_SUBJECT.finditer(window):
            if rx.match(rf"\s+(?:{HONORIFIC}\s+)?{NAME}", window[m.end() :]) and not rx.match(
                r"\s+(?:ist|is|hat|has|had|wohnt|lives|works|arbeitet|was|war)\b",
                window[m.end() :],
            ):
                continue  # "my sister Lucy …" names her, the named entity is found above
            if best is None or m.start() >= best[0]:
                noun = m.group("noun")
                said = window[m.start("det") :]
                best = (
                    m.start(),
                    "" if noun.lower() in KIN_GROUPS else self._unnamed(noun, said=said),
                )
        # "Annas Mutter ist Lehrerin", "die Mutter von Anna": someone else's relative is who
        # the clause is about, one the window does not name (not Anna, not the speaker)
        for m in OTHERS_KIN.finditer(window):
            owner = m.group("owner")
            if owner and not is_proper_noun(owner, lang=language_of(text)):
                continue  # "Als Mutter bin ich …": no name owns the relative
            if best is None or m.start() >= best[0]:
                best = (m.start(), "")
        return best[1] if best else None

    def foresee(self, texts: list[str]) -> None:
        """Kin the window mentions unnamed and names a little later with a pronoun ("Mein
        Papa hat im Oktober Geburtstag. Er heißt Rainer"): what is said of "mein Papa"
        before the name is said of Rainer."""
        # the kin said so far and not yet named, latest last ("my dad passed … so mum's on her
        # own … her name's Brigid": the pronoun's gender picks the mother)
        unnamed: list[tuple[str, str]] = []
        pattern = f"{UNNAMED_KIN.pattern}|{BARE_KIN.pattern}|{PRONOUN_NAMING.pattern}"
        for text in texts:
            if written_casually(text):  # "die heißt doro": read as the sentences will be
                text = truecase(text, only_places=capitalises_more_than_places(text))
            for m in rx.finditer(pattern, pronoun_first(text)):
                if m.group("noun") or m.group("bare"):
                    noun = (m.group("noun") or m.group("bare")).lower()
                    unnamed.append((noun, m.group("det") or "my"))
                    continue
                name = m.group("named")
                if name.lower() in NOT_NAMES or name.lower() in KIN_WORDS:
                    continue
                pronoun = (m.group("pronoun") or m.group("owner")).lower()
                said = {"his": "m", "sein": "m", "ihr": "f"}.get(pronoun, PRONOUNS.get(pronoun, ""))
                fitting = [
                    (noun, det)
                    for noun, det in unnamed
                    if noun not in self.named_later
                    and not (said and KIN_WORDS.get(noun, ("", ""))[1] not in ("", said))
                ]
                if fitting:
                    noun, det = fitting[-1]
                    self.named_later[noun] = (name, det)
                unnamed = []

    def _unnamed(self, noun: str, *, said: str = "", relate: bool = True) -> str:
        """The window's entity an unnamed "my wife" / "meine Katze" stands for (``said`` is the
        phrase from its possessive on); else, with ``relate``, a relative of their own (see
        :meth:`_relative`), or "" (someone the window does not name: what is said of them is
        not said of the speaker)."""
        noun = noun.lower()
        if noun in self.named_later and noun in KIN_WORDS:
            return self.mention(self.named_later[noun][0], "person", KIN_WORDS[noun][1]).ref
        if noun in KIN_WORDS:
            predicate, value = "relation_to_user", KIN_WORDS[noun][0]
        elif noun in lx.PETS:
            predicate, value = "species", lx.PETS[noun][0]
        else:
            return ""
        for claim in reversed(self.reading.claims):
            if claim.predicate == predicate and claim.value == value:
                return claim.subject
        if noun in KIN_WORDS and value in self.known_relatives:
            # "my mum" when memory knows who the mother is: her, not a newcomer called Mum
            held = self._held(noun, value, said=said)
            return (
                held and self.mention(noun.capitalize(), "person", KIN_WORDS[noun][1], ref=held).ref
            )
        return self._relative(noun) if relate and noun in KIN_WORDS else ""

    def _held(self, noun: str, relation: str, *, said: str) -> str:
        """The person memory holds in ``relation`` if ``said`` (the phrase from the possessive
        on) singles them out; "" when it may be another ("my younger sister", "my stepmum",
        "my grandma" of two sides)."""
        held = self.known_relatives[relation]
        before, _, after = said.lower().partition(noun)
        if SET_APART.search(before) or STEP_OR_HALF.match(noun):
            return ""
        if relation in ("grandmother", "grandfather") and not SIDE_SAID.match(after):
            return ""
        return held

    def _relative(self, noun: str) -> str:
        """A relative the window never names ("meine Mutter ist Krankenschwester", "my dad's
        a retired plumber"): a person of their own, called as the speaker calls them and
        known by the relation too; "" for whom "my …" does not single out (a friend)."""
        relation, gender = KIN_WORDS[noun]
        if relation not in SINGLED_OUT:
            return ""
        mention = self.mention(noun.capitalize(), "person", gender)
        if relation != noun and relation not in mention.aliases:
            mention.aliases.append(relation)
        self.relatives[mention.ref] = relation
        return mention.ref

    def _relate_relatives(self, claims: list[Claim]) -> None:
        """What is said of an unnamed relative says who they are to the speaker, once."""
        related = {c.subject for c in self.reading.claims if c.predicate == "relation_to_user"}
        for claim in list(claims):
            relation = self.relatives.get(claim.subject)
            if relation is None or claim.subject in related:
                continue
            related.add(claim.subject)
            self.reading.claims.append(
                replace(
                    claim,
                    predicate="relation_to_user",
                    value=relation,
                    object_ref=None,
                    when=None,
                    correction=False,
                    change=False,
                )
            )

    # --- reading -----------------------------------------------------------------------

    def read_turn(self, index: int, text: str, anchor: datetime, lang: str) -> None:
        before = len(self.reading.claims)
        # "i wohn seit 1. september in Linz. und i fahr seit dem tag für die ÖBB": what "seit
        # dem Tag" or "since then" in a later sentence of the turn points back to
        self.turn_times = []
        sentences = split_sentences(text, lang=lang)
        for number, sentence in enumerate(sentences):
            following = sentences[number + 1].text if number + 1 < len(sentences) else ""
            if NEGATED_AFTER.match(following):
                continue  # "… und geh vor der arbeit joggen. NICHT 😂": said to be taken back
            if OPENS_SINCERE.match(following):
                continue  # "klar, zieh nach köln. nee ernsthaft, …": the joke before it
            self.read_sentence(index, sentence.text, anchor, lang)
        self._date_job_by_its_start(self.reading.claims[before:])

    def _date_home_said_again(self, sentence: _Sentence, before: int) -> None:
        """ "die wg hier in bern … wohn da seit september", "this flat in glasgow … been
        renting here since 2022": a clause naming the speaker's home said before only by
        "da"/"here" dates that home, when nothing else did."""
        again = HOME_AGAIN.search(sentence.text)
        if again is None or any(c.predicate == "lives_in" for c in self.reading.claims[before:]):
            return
        home = next(
            (
                c
                for c in reversed(self.reading.claims[:before])
                if c.predicate == "lives_in" and c.subject == "person:me"
            ),
            None,
        )
        # "my sister has been living there since 2019" is not the speaker's home
        if home is not None and home.when is None and sentence.who(again.start()) == home.subject:
            home.when = sentence.time_for(again.start(), "lives_in")

    def _date_job_by_its_start(self, claims: list[Claim]) -> None:
        """ "hab letzten Montag bei Brandt angefangen, bin jetzt Rechtsanwaltsfachangestellte",
        "started at Monzo on the 5th of january … i'm a backend developer there": the day a
        turn says the speaker started at an employer or in a job dates the other of the two
        it names without a time of its own."""
        started = next(
            (
                c
                for c in claims
                if c.predicate in ("works_at", "works_as")
                and c.when is not None
                and STARTED_JOB.search(c.sentence)
            ),
            None,
        )
        if started is None:
            return
        for claim in claims:
            if (
                claim.predicate in ("works_at", "works_as")
                and claim.predicate != started.predicate
                and claim.subject == started.subject
                and claim.when is None
            ):
                claim.when = started.when

    def claim(self, claim: Claim, parts: list[Segment], position: int, *, allow=()) -> None:
        task = (
            self.reading.entities.get(claim.subject) if claim.subject.startswith("task:") else None
        )
        if task is not None and task_names.points_elsewhere(task.name, lang=self.lang):
            return  # "book it in by friday": what is to be done was named elsewhere
        if task is not None and is_fragment(predicate="name", value=task.name):
            return  # "muss ja bis zum 20. raus": a particle, no thing to be done
        if claim.value is not None and NEGATED_VALUE.match(claim.value):
            return  # "ist nicht Arzt": what a value is said not to be is no value of it
        if claim.predicate == "works_as" and claim.value and lx.is_condition(claim.value):
            return  # "bin krankgeschrieben, bandscheibenvorfall": a condition is no trade
        if claim.predicate == "works_as" and claim.value and FORMER_TRADE.match(claim.value):
            return
        if claim.predicate == "works_as" and claim.value:
            claim.value = lx.standard_job(TRADE_BELITTLED.sub("", claim.value))
        if claim.value is not None:
            claim.value = bare_value(claim.value)
            if claim.predicate in ("prefers", "dislikes"):
                # "am liebsten scharf": a flavour alone names the food of that flavour
                claim.value = flavours.food_of_flavour(claim.value) or claim.value
            if is_fragment(predicate=claim.predicate, value=claim.value):
                return
            if claim.predicate in THING_PREDICATES and only_points(claim.value, lang=self.lang):
                return  # "mag ich sogar", "des mog i": the thing is named elsewhere
        if claim.predicate in denied_health.HEALTH and denied_health.denied(
            text=self.sentence_text, position=position, value=claim.value or ""
        ):
            return  # "no seizures ever", "metformin — wait no that's my dad's": denied
        segment = segment_at(parts, position)
        if claim.predicate == "relation_to_user" and OF_RELATIVE.search(
            self.sentence_text[:position]
        ):
            return  # "der Freund von meiner Schwester, Jonas": Jonas is not the sister
        if (
            segment is not None
            and segment.silent not in allow
            and silenced(segment, self.sentence_text, position)
            and not self._given(claim, segment, position)
        ):
            return
        claim.position = position
        self.reading.claims.append(claim)

    def _given(self, claim: Claim, segment: Segment, position: int) -> bool:
        """Whether a question or supposition takes the claim as given: it is read inside a
        noun phrase the speaker's possessive opens (:mod:`.presupposed`)."""
        return (
            segment.silent in ("question", "hypothetical")
            and claim.predicate in GIVEN
            and presupposed(
                self.sentence_text[segment.start : segment.end],
                position - segment.start,
                lang=self.lang,
            )
        )

    def _moves_ahead_as_plans(
        self, before: int, *, text: str, parts: list[Segment], anchor: datetime
    ) -> None:
        """A home a move still ahead leads to is no home yet (:mod:`.moves_ahead`): the
        speaker's becomes a plan, another's own is dropped."""
        kept: list[Claim] = []
        for claim in self.reading.claims[before:]:
            clause = segment_at(parts, claim.position)
            ahead = (
                claim.predicate == "lives_in"
                and claim.object_ref is not None
                and moves_ahead.move_ahead(
                    text[clause.start if clause else 0 : claim.position],
                    when=claim.when,
                    said_on=anchor.date(),
                )
            )
            if not ahead:
                kept.append(claim)
            elif claim.subject != "person:me":
                # "ich zieh zu meiner schwester Nele nach Freiburg": the speaker's move says
                # where Nele lives, only another's own move is no home yet
                if moves_ahead.speaker_moves(text[clause.start if clause else 0 : claim.position]):
                    kept.append(claim)
            else:
                place = self.reading.entities[claim.object_ref].name
                plan = moves_ahead.plan_of_move(place, lang=self.lang)
                kept.append(
                    replace(claim, predicate="plans", value=plan, object_ref=None, when=None)
                )
        self.reading.claims[before:] = kept

    def read_sentence(self, index: int, text: str, anchor: datetime, lang: str) -> None:
        self.lang = lang
        # "i hob", "mei fraa", "isch wohn", "cannae": regional forms are read as the standard
        # words; a claim keeps the sentence as written and its position in it
        written = text
        spoken = standard_speech(text, lang=lang)
        text = spoken.text
        # "wohnt nicht in Leipzig, sondern in Halle": the rejected value is blanked, so every
        # construction reads "wohnt … in Halle" (same length: positions stay the writer's)
        # "am 12. – nee, am 14.": a word put right in the same breath is read as put right
        contrasted = without_repaired(without_rejected(standard_possessives(text)), lang=lang)
        parts = segments(contrasted)
        self.sentence_text = contrasted
        # a time whose last word is blanked was taken back ("by the 3rd, sorry, the 5th")
        times = [
            t
            for t in resolve_times(text, anchor=anchor, lang=lang)
            if contrasted[t.end - 1 : t.end].strip()
        ]
        before = len(self.reading.claims)
        # a writer without capitals: names and places are read as if capitalised (same
        # length, so positions and the quoted evidence stay the writer's own)
        # "wir wohnen seit dem 15.08.2023 in Oldenburg", "bin seit 2019 Lokführerin": what
        # dates a clause stands between verb and object, so the constructions read the
        # clause without it (blanked, same length); the time is attached afterwards
        undated = without_dating_times(contrasted, times=times)
        reading_text = undated
        if written_casually(text):
            reading_text = with_known_names(
                truecase(undated, only_places=capitalises_more_than_places(text)),
                names=[
                    *(
                        m.name
                        for m in self.reading.entities.values()
                        if m.kind in ("person", "pet")
                    ),
                    # "svenja hat am 3. august geburtstag" in a later chat: memory's names too
                    *(
                        alias.capitalize()
                        for alias, ref in self.known_names.items()
                        if ref.startswith(("person:", "pet:")) and ref != "person:me"
                    ),
                ],
            )
        # as said (in standard words), with the rejected half still in it (same length as
        # what is read)
        self.said = text
        sentence = _Sentence(self, index, reading_text, parts, times, anchor)
        order_before = self.order
        sentence.read()
        self._recent_as_written(reading_text, since=order_before)
        carried = carried_subject.sentence_subject(c.subject for c in self.reading.claims[before:])
        if carried is None and sentence.carries_on():
            carried = sentence.carried()  # a subjectless sentence hands on whom it went on about
        self.carried = carried
        self.previous = (index, text)
        # "sorry, I meant Morgan 🙄 my sister is Morgan": the correction covers the turn's rest
        correction = corrects(text) or self.correcting == index
        if corrects(text):
            self.correcting = index
        change = bool(CHANGE.search(text))
        # "ich hab meinen job als Lehrer gekündigt", "quit my job at the bank", "das
        # Pantoprazol hab ich abgesetzt": the clause that reads the job or the medicine says
        # it ended; it is no longer held
        self.reading.claims[before:] = [
            c
            for c in self.reading.claims[before:]
            if not (c.predicate in ENDABLE and _ended_in_clause(reading_text, parts, c, lang))
            # "den Job bei Zeiss abgelehnt", "turned down the flat in Leeds": what was
            # offered is not held
            and not _declined_in_clause(reading_text, parts, c, lang)
        ]
        claimed = tuple(c.position for c in self.reading.claims[before:])
        coming = times_ahead(text, anchor=anchor, lang=lang)
        for claim in self.reading.claims[before:]:
            claim.sentence = written
            claim.turn_index = index
            claim.correction = claim.correction or correction
            claim.change = change
            # a task is open and a plan held from when it is said, not from another
            # clause's time ("need to renew it before the 28th, last year i forgot") or the
            # plan's own ("im Sommer will ich …" is decided now)
            if claim.when is None and claim.predicate not in ("birthday", "due", "status", "plans"):
                claim.when = sentence.time_for(
                    claim.position, claim.predicate, claim.value, claimed=claimed
                )
            if claim.when is None and claim.predicate in STARTS_AHEAD:
                # "er fängt nächste Woche bei VW an", "I'm moving to Berlin in May": a state
                # a coming time dates begins then; believed now it would be a false memory
                ahead = starting_ahead(
                    coming,
                    parts=parts,
                    position=claim.position,
                    predicate=claim.predicate,
                    lang=lang,
                    text=reading_text,
                )
                claim.when = ahead.valid_from if ahead else None
            if claim.value is not None:
                claim.value = without_time_words(
                    claim.value, predicate=claim.predicate, times=[*times, *coming]
                )
        self._moves_ahead_as_plans(before, text=reading_text, parts=parts, anchor=anchor)
        self._date_home_said_again(sentence, before)
        self.turn_times += [
            t for t in times if t.relation in ("since", "ago", "at", "from") and not t.future
        ]
        self._relate_relatives(self.reading.claims[before:])
        # "scratch that, she's a birman": a forget cue followed by a new value in the same
        # sentence replaces what was said (a correction), it does not just erase it
        # (not "vergiss das mit dem Tinnitus, ich bin ja Musikerin": a forget naming its topic
        # erases that topic, and what follows is said beside it)
        cue = rx.search(
            r"(?i)\b(scratch that|vergiss das|forget that)\b"
            r"(?!\s+(?:mit|with|about|bit|part|thing|stuff|zeug)\b)"
            # "forget that I play football": "that" opens what is to be forgotten
            r"(?!\s+(?:i|i['’]\w+|we|we['’]\w+|my|our|he|she|they|mum|mom|dad)\b)",
            text,
        )
        made = self.reading.claims[before:]
        if (
            cue
            and self.reading.forgets
            and self.reading.forgets[-1][:2] == (index, text)
            and any(c.position > cue.end() for c in made)
        ):
            self.reading.forgets.pop()
            for claim in made:
                claim.correction = True
        for claim in made:
            claim.position = spoken.written_at(claim.position)


# a weekday and the date beside it: "friday the 13th", "Freitag, den 13.", "wed, march 14"
WEEKDAY_SAID = re.compile(
    r"(?i)\b(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\b|"
    r"\b(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)\b"
)
APPOSED_GAP = re.compile(r"(?i)\s*,?\s*(?:the|den|der|dem)?\s*")
# an obligation said again inside a list of things to do ("…, need to put the deposit down")
OBLIGATION_OPENING = re.compile(
    r"(?i)^(?:(?:i|ich)\s+)?(?:need to|have to|got to|gotta|must|muss(?:\s+noch)?|"
    r"remind me to)\s+"
)
# the finite copula of a clause that has its own subject ("my daughter's party is may 16th")
COPULAS = frozenset({"is", "are", "was", "were", "ist", "sind", "war", "waren", "is'"})


# a request to put something in a text being written: "schreib noch rein, dass …", "trag
# ein dass …", "put in that …", "add that …"
WRITE_IN_THAT = re.compile(
    r"(?i)^\W*(?:(?:und|and|also|oh|ok|jo|ja)\W+)*(?:schreib|trag|setz|pack|notier|put|add|"
    r"write|mention)\w*\s+(?:(?:mir|mal|noch|bitte|auch|please|pls|also|down|in)\s+)*"
    r"(?:(?:mit\s+)?rein|ein|dazu|auf)?\s*,?\s*(?:dass|daß|that)\s+"
    # (the request cut off at its comma: the clause after it opens on "dass")
    r"|^\W*(?:dass|daß)\s+"
)


# "renew the car insurance, it runs out on june 30", "das Abo kündigen, es verlängert sich
# am 1. Juni": a piece of a list opening with a pronoun for the thing before it says when or
# why of that thing; it is no other thing to do (items open with their verb or their thing)
AFTERTHOUGHT = re.compile(r"(?i)^(?:it|it['’]s|its|they|they['’]re|that['’]s|es|er|sie)\s+(\S+)")


def _with_afterthoughts(
    pieces: list[tuple[str, int]], text: str, *, lang: str
) -> list[tuple[str, int]]:
    """The pieces of a list of things to do, each afterthought joined to the piece before it
    (``text[start:]`` is where each piece stands)."""
    joined: list[tuple[str, int]] = []
    for piece, start in pieces:
        said = AFTERTHOUGHT.match(piece)
        # "Oma anrufen, sie abholen": a pronoun before an infinitive is its object
        if joined and said and not part_of_speech(said[1], lang=lang).startswith("VV(INF"):
            first = joined[-1][1]
            joined[-1] = (text[first : start + len(piece)], first)
        else:
            joined.append((piece, start))
    return joined


def _own_clause(piece: str, *, lang: str) -> bool:
    """Whether a piece of a list of things to do is a clause of its own: it opens with no verb
    (English says what is to be done with the verb first) and has a copula of its own."""
    words = [w.strip(".,:;!?") for w in piece.split()]
    if not words or part_of_speech(words[0], lang=lang).startswith("V"):
        return False
    return any(w.lower() in COPULAS for w in words[1:])


# "die Rechnung an den WDR hab ich gestern geschrieben, die kannst du streichen", "i sorted
# the council tax direct debit this morning, tick that off": a request to cross off what the
# speaker says they did makes it a thing to do, done
CROSS_OFF = re.compile(
    r"(?i)\b(?:streich\w*|abhak\w*|tick\w*\s+(?:that|it|this)\s+off|"
    r"cross\w*\s+(?:that|it|this)\s+off|tick\w*\s+off|cross\w*\s+off)\b"
)
# "hab die Rechnung gestern endlich bezahlt", "finally sent off the visa application": what
# was waiting to be done, done; "finally" alone goes with a verb that settles a matter
FINALLY = re.compile(r"(?i)\b(?:endlich|finally)\b")
SETTLED = re.compile(
    r"(?i)(?:bezahlt|überwiesen|\w*geschickt|abgegeben|eingereicht|erledigt|gebucht|gekündigt|"
    r"verlängert|beantragt|unterschrieben|paid|sent|submitted|booked|renewed|cancell?ed|"
    r"sorted|filed|signed|returned|handed)"
)
# what is said around the thing done: who did it, when, and how it stands
DONE_FILLERS = frozenset({
    "hab", "habe", "hab's", "ich", "i", "i've", "ive", "have", "has", "endlich", "finally",
    "just", "heute", "gestern", "morgen", "today", "yesterday", "this", "morning", "noch",
    "schon", "now", "already", "und", "and", "oh", "also", "ach", "so", "off", "ab", "jetzt",
    "eben", "gerade", "grad", "vorhin", "earlier", "last", "night", "abend", "früh", "mal",
    "die", "der", "das", "den", "the", "my", "mein", "meine", "meinen", "our", "a", "an",
})  # fmt: skip

# "remind me to feed Biscuit at 7 every morning": a habit to be reminded of, no task
RECURRING_TASK = re.compile(
    r"(?i)\b(?:every|each|jeden|jede|jedes|täglich|daily|weekly|wöchentlich|monthly|monatlich)\b"
)
# A German obligation in a subordinate clause puts "muss" last: "(merk dir,) dass ich bis zum
# 30. April die Kfz-Versicherung wechseln muss", "weil ich noch den Antrag abgeben muss".
VERB_FINAL_TASK = re.compile(
    r"(?i)\b(?:dass|das|weil)\s+ich\s+(?P<x>(?:[^.!?,;]|(?<=\d)\.)+?)\s+(?:noch\s+)?muss\b"
)
# what the speaker has on a day ahead: "in zwei Wochen hab ich ein Vorstellungsgespräch bei
# Siemens", "in three weeks I have my driving test", "am 15. hab ich ein casting in köln"
HAD_ON_A_DAY = re.compile(
    r"(?i)\b(?:(?:hab|habe|haben)\s+(?:ich|wir)|(?:ich|wir)\s+(?:hab|habe|haben)"
    r"|(?:i|we)(?:\s+have(?:\s+got)?|['’]ve(?:\s+got)?|\s+got|\s+am\s+having|['’]m\s+having"
    r"|\s+are\s+having|['’]re\s+having))"
    r"(?:\s+(?:noch|dann|da|auch|also|then|finally|actually))*"
    r"\s+(?:ein|eine|einen|n|ne|nen|mein|meine|meinen|unser|unsere|unseren|a|an|my|our)\s+"
    r"(?P<thing>[^.!?,;:—–()]+)"
)
# where or with whom the thing is belongs to its name ("bei Siemens", "in Köln")
HAD_WHERE = frozenset({"in", "bei", "beim", "at", "with", "mit", "im"})
ARTICLES = frozenset({"the", "der", "die", "das", "dem", "den", "meinem", "meiner", "my"})
# what one has on a day that is no thing to do: a state, a feeling, a lot of something
HAD_NOT_THINGS = frozenset({
    "lot", "bit", "cold", "headache", "feeling", "idea", "question", "problem", "chance",
    "day", "week", "weekend", "time", "break", "rest", "kater", "schnupfen", "gefühl", "idee",
    "frage", "ahnung", "tag", "woche", "wochenende", "zeit", "pause", "menge",
    "haufen", "birthday", "geburtstag", "new", "neuen", "neue", "neuer", "other", "andere",
    "anderen", "few", "paar", "couple",
})  # fmt: skip
# a thing said due on a day: "the rent is due on the 1st", "renewal's due 06/30", "the form's
# due back to HR by March 13th", "die Miete ist am 1. fällig", "die Umsatzsteuervoranmeldung
# ist bis zum 10. fällig"
DUE_SAID = re.compile(
    r"(?i)\b(?<!['’])(?P<thing>(?:[\w-]+(?:['’]s)?\s+){0,3}?[\w-]+?)(?:'s|’s|\s+is|\s+are)\s+due\b"
    r"(?P<gap>(?:\s+back)?(?:\s+(?:to|at|with)\s+(?:the\s+)?[\w-]+)?\s*(?:on|by|before)?\s*)"
    r"|\b(?P<ding>(?:[\w-]+\s+){0,3}?[\w-]+?)\s+(?:ist|is|sind|wird|werden)\s+"
    r"(?P<zeit>(?:[^.!?,;]|(?<=\d)\.){0,40}?)\s*\bfällig\b"
)
# what is said before the thing that is due, not of it
DUE_OPENERS = frozenset({
    "and", "oh", "so", "also", "btw", "plus", "but", "then", "the", "my", "our", "your", "his",
    "her", "their", "a", "an", "this", "that", "und", "aber", "ach", "dann", "die",
    "der", "das", "den", "meine", "mein", "unsere", "unser", "noch",
})  # fmt: skip
# who is due (a baby on its way, a person for a visit) is no thing to do
DUE_NOT_THINGS = frozenset({"baby", "babies", "twins", "she", "he", "they", "we", "i", "it"})
# what a request to forget names its topic by: "das mit dem Job", "die Sache mit Tom"
# German fronts the object of an obligation with its article ("den Antrag aufs Elterngeld
# muss ich bis Freitag abgeben", "die Steuer muss ich noch machen"): its noun names the task
FRONTED_OBJECT = re.compile(
    r"(?i)(?:^|[,.]\s*|\b(?:und|aber|also|ach)\s+)(?:die|der|das|den|dem|meinen|meine|mein|unseren|unsere)"
    r"\s+((?:[a-zäöüß-]{3,})(?:\s+(?:aufs|fürs|vom|zum|zur|für\s+die|für\s+den)\s+[a-zäöüß-]{3,})?)\s*$"
)
# (a particle may stand inside: "vergiss das bitte mit den panikattacken")
TOPIC_WITH = (
    r"(?:das|die\s+sache|die\s+geschichte|das\s+ding)"
    r"(?:\s+(?:bitte|mal|auch|ruhig|lieber|doch|einfach|wieder))*\s+mit"
)


def _request_by_topic(text: str) -> re.Match | None:
    """A German request to forget that names its topic first: "das mit dem Ibuprofen kannst
    du vergessen", "die Sache mit Tom bitte wieder raus", "nimm das mit dem Job raus" (not
    "das mit dem Hund ist weg": a particle or an imperative makes it a request)."""
    return (
        rx.search(
            rf"(?i)\b{TOPIC_WITH}\s+(?:dem|der|den)\s+(?P<x>[^,.!?]+?)\s+"
            r"(?:kannst|könntest|darfst)\s+du\s+(?:wieder\s+|ruhig\s+|auch\s+)?"
            r"(?:vergessen|streichen|löschen|rausnehmen|weglassen)\b",
            text,
        )
        or rx.search(
            rf"(?i)\b{TOPIC_WITH}\s+(?P<x>[^,.!?]+?)\s+(?:(?:bitte|wieder|ruhig|einfach)\s+)+"
            r"(?:raus|weg)(?:nehmen|lassen|streichen)?\b",
            text,
        )
        or rx.search(
            rf"(?i)\b(?:nimm|lass|streich)\s+{TOPIC_WITH}\s+(?P<x>[^,.!?]+?)\s+"
            r"(?:(?:bitte|wieder|ruhig|einfach|lieber)\s+)*(?:raus|weg)\b",
            text,
        )
    )


# The speaker's home named again by a pro-form: "wohn da seit September", "da wohnen wir
# seit 2019", "been renting here since 2022", "we've lived here two years"
HOME_AGAIN = re.compile(
    r"(?i)\b(?:wohn|wohne|wohnen|leb|lebe|leben)\s+(?:(?:ich|wir|i)\s+)?"
    r"(?:(?:schon|erst|jetzt|eh)\s+)?(?:da|hier|dort)\b"
    r"|\b(?:da|hier|dort)\s+(?:wohn|wohne|wohnen|leb|lebe|leben)\b"
    r"|\b(?:live|lived|living|renting|rented|been)\s+(?:(?:in|over|out)\s+)?(?:here|there)\b"
)
STARTED_JOB = re.compile(
    r"(?i)\b(angefangen|anfangen|begonnen|started|starting|began|joined|new\s+job|neuen\s+job)\b"
)
# A partnership ended: "Ben and I broke up", "wir haben uns getrennt", "she left me"
BROKE_UP = re.compile(
    r"(?i)\b(?:broke\s+up|split\s+up|(?:we|we've|we have)\s+(?:\w+\s+)?split|"
    r"(?:got|are|we're|getting)\s+divorced|(?:she|he)\s+(?:left|dumped)\s+me|"
    r"(?:uns|sich)\s+(?:\w+\s+)?getrennt|schluss\s+gemacht|(?:uns|sich)\s+scheiden\s+lassen|"
    # the main clause's order: "mein mann und ich lassen uns scheiden", "we're divorcing"
    r"(?:lassen|lässt)\s+(?:uns|sich)\s+(?:\w+\s+)?scheiden|(?:we['’]re|are)\s+divorcing|"
    r"getting\s+a\s+divorce|"
    r"(?:sind|bin)\s+(?:\w+\s+)?geschieden|not\s+together\s+any\s*more|"
    r"no\s+longer\s+together|(?:nicht|nich|ned|net)\s+mehr\s+zusammen|nimmer\s+zusammen)\b"
)
# what stays after a breakup: "sind aber noch befreundet", "we're still friends"
STILL_FRIENDS = re.compile(
    r"(?i)\b(?:noch|immer\s+noch|weiterhin|still)\s+(?:gut\s+|good\s+)?(?:befreundet|freunde|friends)\b"
)
# the speaker is one of the two who split: "Ben and I", "wir", "uns", "mit mir", "left me"
# who died, the word right before the verb ("Oma ist gestorben"), with its owner when someone's
# relative or pet died ("his grandma died", "Tom's dog died": no death of Tom's)
BEFORE_DEATH = re.compile(
    r"(?i)(?:\b(?P<owner>his|her|their|sein|seine|seinen|ihr|ihre|ihren|[\w-]+['’]s)\s+)?"
    r"(?P<who>[\w-]+)(?:\s+(?:ist|is|has|hat|just|gestern|yesterday|heute|today|"
    r"letzte\s+woche|last\s+week|leider|sadly))*\s*$"
)
BREAKUP_REACH = 30  # characters before the verb its subject is said in
SPEAKERS_OWN_BREAKUP = re.compile(
    r"(?i)\b(?:and\s+i|i\s+and|we|we've|we're|wir|und\s+ich|und\s+i|ich\s+und|uns|mit\s+mir|"
    r"with\s+me|left\s+me|dumped\s+me)\b"
)
# The relations "my …" names one person by: a mother, a brother, a wife (a friend, a colleague
# or a neighbour is one of many, and stays unnamed).
SINGLED_OUT = frozenset(
    {
        "sister", "brother", "mother", "father", "daughter", "son", "partner", "wife",
        "husband", "fiancee", "cousin", "grandmother", "grandfather", "aunt", "uncle", "niece",
        "nephew", "brother-in-law", "sister-in-law", "mother-in-law", "father-in-law",
        "son-in-law", "daughter-in-law",
    }
)  # fmt: skip
# The relations nobody stands in twice at once: "my mum" is the mother memory holds, while
# "my sister" may be another sister (a grandparent is one only by the side, see SIDE_SAID).
ONE_BY_NATURE = frozenset(
    {"mother", "father", "wife", "husband", "partner", "fiancee", "grandmother", "grandfather"}
)
# words beside a kin noun that set one relative apart from another of the same relation
# ("my new husband", "meine jüngere Schwester"); a step or half relative is another one too
SET_APART = re.compile(
    r"(?i)\b(?:new|neue[nrs]?|younger|older|old|alte[nr]?|little|kleine[nrs]?|big|große[nrs]?|"
    r"ältere[n]?|jüngere[n]?|älteste[r]?|jüngste[r]?|eldest|oldest|youngest|first|erste[ns]?|"
    r"twin|baby)\b"
)
STEP_OR_HALF = re.compile(r"(?i)^(?:step|stief|half|halb)")
# which grandparent: "Oma mütterlicherseits", "my grandma on my dad's side"
SIDE_SAID = re.compile(
    r"(?i)^\W*(?:mütterlicherseits|väterlicherseits|"
    r"on\s+(?:my\s+)?(?:mum|mom|mother|dad|father)['’]?s\s+side)\b"
)


def kin_relations(text: str) -> set[str]:
    """The relations that single one person out named by a kin word of ``text`` ("Mama",
    "my brother's" → mother, brother)."""
    words = rx.findall(r"[\w-]+", text.lower())
    return {KIN_WORDS[w][0] for w in words if w in KIN_WORDS and KIN_WORDS[w][0] in SINGLED_OUT}


# the particles of a phrasal verb ("sign up", "pick up") and of a German one ("abholen" said
# as "hol … ab")
VERB_PARTICLES = frozenset({
    "up", "out", "in", "off", "back", "down", "over", "on", "through", "around",
    "an", "ab", "auf", "aus", "ein", "mit", "zu", "weg", "los", "durch",
})  # fmt: skip


# Prepositions that open what is said around a task, not the task ("book the crew for the
# week after the cup", "den Gutschein für unsre kleine Malou beantragen")
ADJUNCT_PREPOSITIONS = {
    "en": {"for", "with", "after", "before", "from", "at", "in", "on", "about"},
    "de": {"für", "fürs", "mit", "bei", "beim", "nach", "wegen", "vom", "von", "über"},
}


POSSESSIVE_DE = re.compile(r"(?i)(?:mein|unser|unsr|dein|sein|ihr|euer|eur)\w*$")


def _without_adjunct(words: list[str], *, lang: str) -> list[str]:
    """A task's words without the phrase a preposition opens after its object: English ends
    there ("book crutching crew"), German keeps its closing verb ("Kita-Gutschein
    beantragen"). Unchanged when no such phrase follows the task's object."""
    opener = next(
        (
            n
            for n, w in enumerate(words)
            # (German puts the verb last, so one word before the phrase is the object, and
            # only a phrase for someone is told apart: "Termin für Reifenwechsel" is the task)
            if n >= (1 if lang == "de" else 2)
            and w.lower() in ADJUNCT_PREPOSITIONS[lang]
            and (
                lang != "de"
                or POSSESSIVE_DE.match(words[n + 1 : n + 2][0] if n + 1 < len(words) else "")
            )
        ),
        None,
    )
    if opener is None:
        return words
    if lang == "de":
        return [*words[:opener], words[-1]]
    return words[:opener]


def only_the_doing(name: str, *, first: str, lang: str) -> bool:
    """Whether a task's or plan's name is its verb alone ("bestellen", "RSVP", "sign up"):
    in English the word said first after "need to"/"gotta" (``first``: English puts the verb
    there), with at most a particle; in German words that are all verbs or particles (German
    puts the verb last: "muss ich Steuer machen" opens with the thing)."""
    words = name.split()
    if lang != "de":
        rest = [w for w in words[1:] if w.lower() not in VERB_PARTICLES]
        return bool(first) and words[0].lower() == first.strip(".,:;!?").lower() and not rest
    # German puts the verb last, so a lower-case word before it that is a noun when written
    # with its capital is the object ("miete überweisen", "pflanzen gieße"), not a verb form
    return all(
        w.lower() in VERB_PARTICLES
        or (
            part_of_speech(w, lang="de").startswith("V")
            and (n == len(words) - 1 or part_of_speech(w.capitalize(), lang="de") != "NN")
        )
        for n, w in enumerate(words)
    )


# What a clause can say has ended ("gekündigt", "quit", "aufgehört", "no longer").
ENDABLE = frozenset(
    {
        "works_as",
        "works_at",
        "member_of",
        "routine",
        "hobby",
        "studies",
        "prefers",
        "takes_medication",
    }
)
# a taste or habit weaned off: "Kaffee hab ich mir abgewöhnt", "cut out sugar", "kicked coffee"
WEANED = r"abgewöhnt|abgewöhnen|abgewöhne|cut\s+out|kicked|weaned\s+(?:myself\s+)?off"
ENDED = re.compile(
    rf"(?i)\b({WEANED}|gekündigt|hingeschmissen|aufgehört|quit|quitting|resigned|left\s+my\s+job|"
    # a pastime or habit given up: "Handball hab ich aufgegeben", "an den Nagel gehängt",
    # "gave up the choir", "stopped the gym on fridays"
    r"aufgegeben|aufgeben|an\W*(?:den|'n|n)?\s*nagel\s+gehängt|gave\s+up|given\s+up|"
    r"giving\s+up|stopped|"
    # a medicine stopped: "das Pantoprazol hab ich abgesetzt", "came off the sertraline" (the
    # past only: a separable present "setze … ab" or a tapering plan says it is still taken)
    r"abgesetzt|weggelassen|(?:came|come)\s+off|not\s+(?:on|taking)\b[^.!?]{0,40}\bany\s*more|"
    # chat and dialect: "nich mehr", Bavarian "ned mehr", Swabian "net mehr", "nimma"
    r"no\s+longer|not\s+anymore|nich(?:t)?\s+mehr|ned\s+mehr|net\s+mehr|nimmer|nimma|"
    # "before this i was on tills at Tesco", "used to work at …", "davor war ich bei Aldi"
    rf"before\s+(?:this|that)|{USED_TO}|previously|(?:früher|vorher|davor)\s+(?:war|hab|habe|hatte))\b"
)


def _clause_of(text: str, parts: list[Segment], claim: Claim, lang: str) -> str:
    """The clause the claim was read in: its conjunct of its segment."""
    segment = segment_at(parts, claim.position)
    if segment is None:
        return ""
    spans = conjuncts(segment, text=text, lang=lang)
    own = next((s for s in spans if s[0] <= claim.position < s[1]), spans[-1])
    return text[own[0] : own[1]]


def _ended_in_clause(text: str, parts: list[Segment], claim: Claim, lang: str) -> bool:
    segment = segment_at(parts, claim.position)
    if segment is not None and segment.silent == "hypothetical":
        return False  # "if i quit my job at Target …": a supposed end ends nothing
    return bool(ENDED.search(_clause_of(text, parts, claim, lang)))


def _declined_in_clause(text: str, parts: list[Segment], claim: Claim, lang: str) -> bool:
    if claim.predicate not in declined.NOT_HELD:
        return False
    clause = _clause_of(text, parts, claim, lang)
    # "den Job bei BMW doch nicht genommen": the particle "doch" cuts a segment as if it
    # were the conjunction, though the clause goes on to its verb
    after = next((p for p in parts if p.start > claim.position), None)
    if after is not None and rx.match(r"(?i)doch\s+nicht\b", after.text):
        clause = f"{clause} {after.text}"
    return declined.declines(clause)


# States that a time ahead of the message dates begin then (what holds by nature, a task's
# due date and a plan, decided when said, are dated otherwise).
STARTS_AHEAD = frozenset(
    {
        "works_as", "works_at", "studies", "studies_at", "lives_in", "member_of", "routine",
        "diet", "takes_medication", "owns", "hobby",
    }
)  # fmt: skip


DAY_WORD = (
    r"(?:tmrw|tomorrow|today|morgen|heute|monday|tuesday|wednesday|thursday|friday|saturday|"
    r"sunday|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|"
    r"\d{1,2}(?:st|nd|rd|th|\.)?)(?!\w)"
)
CORRECTION = re.compile(
    r"(?i)\b(sondern|ich meinte|i meant|meant|korrektur|correction|stimmt (so )?nicht|"
    r"not right|that's wrong|thats wrong|is wrong|zahlendreher|quatsch|verwechsel\w*|vertan|"
    r"vertippt|tippfehler|schreibfehler|typo|autocorrect|no wait|wait no|nee sorry|falsch|"
    r"ne moment|nee moment|nee warte|ne warte|"
    r"technically|genau genommen|"
    r"streng genommen|strictly speaking|wait,? sorry|sorry,? wait)\b"
    # "Fisch, nicht Hähnchen": a value taken back ("…, not sure she'd cope" doubts, "…, not
    # only …" adds)
    rf"|[,!]\s*(nicht|nich|ned|net|nit|nöd|not|kein|keine)\s+{NOT_TAKEN_BACK}\w+"
    # "i'm a healthcare assistant not a nurse": a value, then the one it replaces
    r"|\w\s+(?:not|nicht|kein|keine)\s+(?:a|an|ein|eine)\s+\w+\s*(?:[,.!?]|$)"
    # "dentist is WEDNESDAY not tmrw", "am 15. nicht am 12.": a day, then the one it replaces
    rf"|(?<!\w){DAY_WORD}\s+(?:not|nicht)\s+(?:(?:on|am|the|den)\s+)*{DAY_WORD}"
    # "not allergic to chicken but to fish": the rejected half, then the true one opened alike
    r"|(?:\bnot|n't|n’t)\s+(?:[a-z]+\s+){0,2}?(?P<open>to|in|at|from|for|with|on)\s+"
    r"[^,.;:!?]{1,40}?,?\s+but\s+(?:rather\s+)?(?P=open)\b"
    # "she's not 6 but 7"; "ich bin 43 nich 34": a number, then the one it replaces
    r"|\bnot\s+\d{1,3}\s*,?\s+but\s+\d"
    r"|\b\d{1,3}\s*,?\s+(?:nicht|nich|ned|net|not)\s+\d{1,3}\b"
)
# a correction says the earlier value never held; these cues say it held and then changed
# ("nicht mehr bei der Sparkasse, jetzt bei der Volksbank", "actually I've moved to York")
CHANGE_CUE = re.compile(
    r"(?i)\b(nich(?:t)? mehr|ned mehr|net mehr|nimmer|nimma|no longer|not anymore|anymore|"
    r"any more|ab jetzt|ab sofort|"
    r"from now on|umgezogen|gezogen|moved|moving|gewechselt|switched|changed|left|gekündigt|"
    r"quit|seit|since|jetzt|now|inzwischen|mittlerweile|these days|nowadays|neuerdings|"
    r"seit neuestem|new|neue[nmrs]?|started|angefangen)\b"
)
# cues that say the earlier value was a mistake, whatever else the sentence says
STRONG_CORRECTION = re.compile(
    r"(?i)\b(ich meinte|i meant|meant to say|not right(?!\s+(?:anymore|any more))|that's wrong|"
    r"thats wrong|is wrong|was wrong|zahlendreher|verwechsel\w*|vertan|vertippt|typo|tippfehler|"
    r"schreibfehler|"
    r"autocorrect|autokorrektur|falsch|korrektur|correction|mistake|misspoke|verschrieben|"
    r"no wait|wait no|nee warte|never (?:was|were|did)|war nie|scratch that|"
    r"mix(?:ed)? (?:\w+ ){0,2}up|durcheinander\w*|"
    # "stimmt gar nicht, …", "that's not true, …", "das ist so nicht richtig": what was said
    # is denied as a whole ("stimmt nicht mehr", "not true anymore" say it changed)
    r"stimmt (?:ja |doch |gar |überhaupt |so |auch )*nicht(?!\s+mehr)|"
    r"(?:das|that)(?:'s|’s| is| ist| war| was)? (?:ja |doch |gar |überhaupt |so |auch )*"
    r"(?:nicht|not) (?:richtig|wahr|korrekt|true|right|correct)"
    r"(?!\s+(?:mehr|anymore|any more)))\b"
)


# a place left: "moved out of my parents' place in Falkirk", "bin aus der WG in Jena
# ausgezogen" (not the way there: "moving out to Galway")
LEFT_PLACE = re.compile(
    r"(?i)\b(?:mov(?:ed|ing|es?)\s+out|moved\s+away|ausgezogen|ausziehen|zieh\w*\s+aus|"
    r"weggezogen)\b(?![^.;!?]*\b(?:to|into|nach|and|und|live|living|wohn\w*)\b)"
)
# a time of one day: what is done somewhere then is no home there
ONE_DAY = re.compile(
    r"(?i)\b(?:today|tonight|this\s+(?:morning|afternoon|evening)|tomorrow|tmrw|heute|"
    r"heut|heute\s+früh|morgen\s+früh)\b"
)
# the years spent in a home told as behind a move ("moved to Holmfirth after 46 years in the
# same house in Marsden", "nach zwanzig Jahren in der Wohnung in Erfurt")
YEARS_SPENT = re.compile(
    r"(?i)\b(?:after|nach)\s+(?:[\w-]+\s+){0,2}(?:years?|jahre[n]?|decades?|jahrzehnte[n]?)\s+"
    r"(?:in|im|at)\b[^.;!?]*$"
)
# moving into a place or living there makes "a flat in Leeds" a home
MOVED_INTO = re.compile(
    r"(?i)\b(?:into|in\s+(?:die|eine)|moved|moving|move|gezogen|umgezogen|live|living|wohn\w*|"
    r"bought|gekauft|rent\w*|gemietet)\b"
)
PLACE_FRAME = re.compile(
    r"(?i)\b(wohn\w*|leb\w*|live|lives|living|lived|moved|moving|move|gezogen|umgezogen|zieh\w*|"
    r"umzug|stamm\w*|komm\w*|come|comes|i'm|im|originally|grew up|aufgewachsen|based)\b"
    r"[^.,;!?]{0,100}"
)
# "meine schwester frauke in lübeck", "my nan in Cork is 90": a relative set in a place right
# after their noun or name, opening the clause, lives there (not "ich treffe meine schwester in
# lübeck": where someone is met is no home)
KIN_IN_PLACE = re.compile(
    rf"(?:^|[,;:–(]\s*|\b(?i:und|and|also|btw|übrigens|oh|ja|yeah|plus)\s+)"
    rf"(?P<det>{POSS})\s+(?:{ADJ}\s+)*(?P<noun>(?i:{_alternation(lx.KIN)}))"
    rf"(?:\s+(?P<name>{NAME}))?\s+(?i:in)\s+(?!(?i:law)\b)(?P<place>{PLACE})(?!['’-])"
)
# being in a town: "I'm in Leith", "bin ich in Nürnberg", "she's in Bristol", up to the end
# of the clause or what goes on about it ("so", "and", "ganz zufrieden")
NEAR_SPEAKER = (
    r"(?i:(?:just\s+|like\s+|only\s+)?(?:round|around)\s+the\s+corner|(?:just\s+|like\s+|only\s+)?"
    r"(?:\d+|ten|five|twenty|half\s+an\s+hour)\s*(?:min|mins|minutes|miles|hour|hours)?\s+away|"
    r"(?:just\s+)?(?:down|up)\s+the\s+road|down|up|out|over)"
)
BEING_IN = re.compile(
    rf"(?:(?i:\bi['’]m|\bi\s+am|\bwe['’]re|\bwe\s+are|\bich\s+bin|\bbin\s+ich|\bwir\s+sind|"
    rf"\bsind\s+wir)|(?P<other>(?i:\bhe['’]s|\bshe['’]s|\bhe\s+is|\bshe\s+is|\ber\s+ist|"
    rf"\bsie\s+ist|\bist\s+er|\bist\s+sie)))\s+"
    rf"(?:(?i:also|actually|still|eigentlich|ja|noch|auch|now|jetzt|based)\s+)?"
    # how near the speaker: "she's just round the corner in Gateshead", "she's like 10 min
    # away in Decatur", "he's down in Dunedin"
    rf"(?:{NEAR_SPEAKER}\s+)?(?i:in)\s+"
    rf"(?P<place>{PLACE})(?=\s*(?:[,.;?)]|$|(?i:so|and|und|but|aber|ganz|too|auch|now|"
    rf"jetzt|which|das|haha|lol)\b))"
)
# what makes being somewhere a stay: a trip, a time, a visit, work away
BEING_AWAY = re.compile(
    r"(?i)\b(?:holiday|holidays|vacation|urlaub|trip|reise|visit\w*|besuch\w*|conference|"
    r"konferenz|messe|weekend|wochenende|hotel|flight|flug|flying|fliege|week|woche|weeks|"
    r"wochen|days|tage|gerade|grad|right\s+now|atm|currently|for\s+work|dienstlich|"
    r"business|back|zurück|until|till|bis|layover|stopover|tour|festival|hospital|"
    r"krankenhaus|klinik|ward|station|tonight|heute|morgen|tomorrow|yesterday|gestern|"
    r"next|nächste\w*|last|letzte\w*)\b"
)
# a relative's noun and perhaps a name, then "in" and a lower-case word (see KIN_IN_PLACE)
KIN_THEN_IN = re.compile(
    rf"(?i:{POSS})\s+(?i:{_alternation(lx.KIN)})(?:\s+[{UPPER}][\w-]+)?\s+in\s+"
    r"(?!law\b)([a-zäöüß][a-zäöüß-]{2,})\b"
)
# a street by its last part ("Lendgasse", "Hauptstraße", "Mühlenweg", "Kastanienallee")
STREET = r"[A-ZÄÖÜ][a-zäöüß]*(?:gasse|straße|strasse|weg|allee|damm|ufer|chaussee)\b"
# where one lives, by the kind of home ("unsere bude in wuppertal", "this flat in glasgow",
# "a houseshare in Headingley") or by paying for it ("I rent in Manchester")
DWELLINGS = (
    r"flat|house|home|apartment|flatshare|houseshare|house\s+share|cottage|bungalow|"
    r"weatherboard|maisonette|wohnung|haus|wg|bude|rent|renting|miete|mieten|zur\s+miete|"
    # the kind of building said for the home: "altbau in Neukölln", "a semi in Hamilton",
    # "renting a cabin in Peshastin", "a condo in Burnaby"
    r"altbau|neubau|semi|terrace|townhouse|rowhouse|cabin|condo|duplex|hütte|reihenhaus"
)
# (lower case: "work from home in pittsburgh" and "here in comparison" name no home)
DWELLING_IN = re.compile(
    rf"(?i)\b(?!home\b)(?:{DWELLINGS})\s+(?:hier\s+|here\s+)?in\s+([a-zäöüß][a-zäöüß-]{{2,}})\b"
)
# what makes a dwelling somewhere a stay, not a home
STAY = re.compile(
    r"(?i)\b(?:holiday|holidays|vacation|urlaub|trip|reise|weekend|wochenende|hotel|airbnb|"
    r"stayed|staying|übernachtet\w*|nights?|nächte|ferien)\b"
)
# a commute and the town it starts from, a few words on: "pendel ich noch von Markdorf", "my
# commute in from Lewes", "pendelt täglich aus Hanau"
COMMUTE_FROM = re.compile(
    r"\b(?i:pendel\w*|pendl\w*|commut\w*)\b[^.,;:!?]{0,30}?\b(?i:von|vom|aus|from)\s+"
    rf"(?P<place>{PLACE}|[a-zäöüß][a-zäöüß-]{{2,}}\b)"
)
PLACE_AFTER = re.compile(r"\b(in|nach|aus|ausm|from|to)\s+([a-zäöüß][a-zäöüß-]{2,})\b")
FROM_PLACE = re.compile(
    r"\b(?:i['’]?m|i\s+am|s?he['’]?s|s?he\s+is|they['’]?re|they\s+are)\s+(?:originally\s+)?"
    r"from\s+([a-zäöüß][a-zäöüß-]{2,})\b"
)
# a birthday by its ordinal after whose it is: "mum's 80th is …", "her 40th birthday", "Papas
# 70. Geburtstag" (not a day of a month: "the 14th of march")
ROUND_BIRTHDAY = re.compile(
    r"(?i)(?:['’]s|s|\b(?:my|his|her|their|our|mein\w*|sein\w*|ihr\w*|unser\w*))\s+"
    r"(?P<n>\d{1,3})(?:(?:st|nd|rd|th)(?=\s+(?:birthday|is|was|will|'s|’s)\b)|\.(?=\s*geburtstag))"
)
# the speaker's own marriage or partnership ended: "divorced since 2019", "bin geschieden", "we
# separated" (not "my parents are divorced", "she's divorced")
SPEAKER_SPLIT = re.compile(
    r"(?i)(?:^|[,;.!?]\s*|\b(?:i|i'm|im|i\s+am|we|we're|we\s+are|we\s+got|got|ich|bin|wir|sind)\s+)"
    r"(?:(?:now|been|jetzt|seit\s+\S+|also|auch)\s+)*"
    r"(?:divorced|separated|geschieden|getrennt(?:\s+lebend)?)\b"
)
# the other parent of the speaker's children by name: "their mum is called claire", "the kids'
# dad is Mark", "die Mama meiner Kinder heißt Jana"
OTHER_PARENT = re.compile(
    r"(?:(?P<their>(?i:their))|(?i:the\s+kids['’]?|the\s+children['’]s|my\s+kids['’]?|"
    r"my\s+children['’]s|die|der))\s+"
    r"(?P<noun>(?i:mum|mom|mother|dad|father|mama|mutter|papa|vater))"
    r"(?:\s+(?i:meiner|von\s+meinen)\s+(?i:kinder|kindern|kids))?"
    r"(?i:\s+is\s+called|['’]s\s+called|\s+is\s+named|['’]s\s+name\s+is|\s+heißt|\s+heisst|\s+is)\s+"
    rf"(?P<name>{NAME})(?![\w'’-])"
)
LOWER_OTHER_PARENT = re.compile(
    r"\b(?:their|the\s+kids['’]?|the\s+children['’]s|my\s+kids['’]?|my\s+children['’]s)\s+"
    r"(?:mum|mom|mother|dad|father)\s+(?:is\s+called|['’]s\s+called|is\s+named|is)\s+"
    r"([a-z]{3,})\b"
)
# a home for the old or the ill and the town it is in: "a care home in bath", "im Pflegeheim in
# Kempten"
CARE_HOME = (
    r"(?i:(?:care|nursing|retirement|residential)\s+home|old\s+people['’]?s\s+home|hospice|"
    r"[a-zäöüß]*(?:pflegeheim|altenheim|altersheim|seniorenheim|seniorenresidenz|hospiz))"
    r"\s+(?i:in|im)\s+"
)
LOWER_CARE_HOME_PLACE = re.compile(rf"{CARE_HOME}([a-zäöüß][a-zäöüß-]{{2,}})\b")
# the German verb at the end: "bin letzten monat von göttingen nach kassel gezogen"
MOVED_BEFORE = re.compile(
    r"\bnach\s+([a-zäöüß][a-zäöüß-]{2,})\b(?=[^.,;:!?]{0,30}\b(?:gezogen|umgezogen)\b)"
)
PLACE_HEAD = re.compile(
    r"\s+(square|hill|heights|park|village|green|beach|bay|springs|falls|grove|gardens)\b"
)
# "in bad tölz", "in new york", "nach sankt augustin", "to san diego": a town named with a
# first word that names none alone, so the word after it is the town's too
TOWN_FIRST = frozenset(
    {"bad", "sankt", "new", "san", "santa", "los", "las", "fort", "port", "mount", "glen"}
)
TOWN_REST = re.compile(r"\s+([a-zäöüß][a-zäöüß-]{2,})\b")
NOT_DESTINATIONS = {"hause", "oben", "unten", "vorne", "hinten", "draußen", "drüben", "innen"}
NOT_PLACES = {
    "der", "die", "das", "dem", "den", "the", "einer", "einem", "einen", "nem", "ner", "ne",
    "nen", "my", "our", "their", "his", "her", "mein", "meine", "meinem", "meiner", "unser",
    "unsere", "unserem", "unserer", "ihrem", "ihrer", "seinem", "seiner", "wg", "bude",
    "wohnung", "haus", "flat", "house", "home", "town", "city", "stadt", "land", "country",
    "dorf", "village", "nähe", "near", "erdgeschoss", "keller", "küche", "kitchen", "zimmer",
    "room", "work", "arbeit", "uni", "school", "schule", "bed", "bett", "together", "zusammen",
    "here", "hier", "there", "dort", "da", "mit", "with", "this", "that", "diesem", "dieser",
    "letzten", "letzte", "nächsten", "last", "next", "and", "und", "aber", "but", "als",
    "jetzt", "now", "oder", "or", "gegend", "area", "studium", "heim", "altersheim",
    "pflegeheim", "care", "hospital", "krankenhaus", "bauernhaus", "altbau", "neubau",
    "apartment", "einzimmerwohnung", "rente", "elternzeit", "urlaub", "holiday",
    # feasts a move is dated by ("kurz nach Neujahr nach Tromsø gezogen")
    "neujahr", "weihnachten", "ostern", "pfingsten", "silvester", "fasching", "karneval",
    "christmas", "xmas", "easter", "thanksgiving",
}  # fmt: skip


# "nicht in Leipzig, sondern in Halle", "not in Leeds but in York", "not a nurse but a
# midwife": a negated value, then the one that holds. English "but" only contrasts when both
# sides open alike ("not sure but I think …" is no contrast).
REJECTED = re.compile(
    # (spoken negators too: "wohn nimmer in Innsbruck sondern in Linz", "ned in Graz sondern
    # …"; their "nich mehr bei Merck, sondern …" is a change the reader ends on its own)
    r"(?i)\b(?:nicht|nimmer|(?:nich|ned|net)(?!\s+mehr\b)|kein|keine|keinen|keiner)\s+"
    r"[^,.;:!?]{1,40}?,?\s+sondern\s+"
    # "kein Tennis, aber Squash", "keinen Kaffee, aber Tee schon": one word after "aber"
    # closing the clause is the true half ("kein Auto, aber mein Bruder hat eins" is not)
    r"|\b(?:nicht|kein|keine|keinen|keiner)\s+[^,.;:!?]{1,40}?,?\s+aber\s+"
    r"(?=[\wäöüß-]+(?:\s+(?:schon|ja|doch|gern|gerne|sehr))?\s*(?:[,.;:!?]|$))"
    r"|\bnot\s+(?P<open>in|at|a|an|the|from|for|with|to)\s+[^,.;:!?]{1,40}?,?\s+but\s+(?:rather\s+)?(?=(?P=open)\b)"
    # "she's not 6 but 7": a number, then the one that holds
    r"|\bnot\s+\d{1,3}\s*,?\s+but\s+(?=\d)"
)
# "I don't live in London but in Croydon": the verb stays, its rejected place goes
REJECTED_AFTER_VERB = re.compile(
    r"(?i)(?P<no>\b(?:don't|don’t|dont|doesn't|doesn’t|doesnt|do not|does not|not)\s+)"
    r"(?P<verb>(?:[a-z]+\s+){1,2}?)(?P<rejected>(?P<open>in|at|from|for|with|to)\s+"
    r"[^,.;:!?]{1,40}?,?\s+but\s+(?:rather\s+)?)(?=(?P=open)\b)"
)


# a sentence that is nothing but a negation takes back the one before it ("NOT!", "nicht 😂")
NEGATED_AFTER = re.compile(r"(?i)^\W*(?:(?:lol|haha\w*)\s+)?(?:not|nicht|nich|ned)\W*$")
# "bin 31 – ne moment, 32", "i'm 44, no wait, 45", "am dienstag, nee warte, mittwoch": a word
# taken back in the same breath, then the one that holds
TAKEN_BACK = re.compile(
    r"[\wäöüß'’-]+\s*[–—-]?\s*,?\s*(?i:ne|nee|nein|no)\s+(?i:moment|wait|warte)\b\s*[,:–—-]?\s*"
)


# "allergisch gegen Hähnchen, nee warte, gegen Fisch": the preposition said again goes with
# the word taken back
TAKEN_BACK_AFTER = re.compile(
    r"(?i)\b(?P<prep>gegen|auf|in|nach|bei|an|aus|von|mit|to|at|on|for|from|with)\s+"
    r"(?P<back>[\wäöüß'’-]+\s*[–—-]?\s*,?\s*(?:ne|nee|nein|no)\s+(?:moment|wait|warte)\b"
    r"\s*[,:–—-]?\s*(?P=prep)\s+)"
)


def without_rejected(text: str) -> str:
    """The sentence with each rejected alternative blanked out (kept at the same length)."""
    text = REJECTED.sub(lambda m: " " * len(m.group(0)), text)
    text = TAKEN_BACK_AFTER.sub(
        lambda m: m.group(0)[: m.start("back") - m.start()] + " " * len(m.group("back")), text
    )
    text = REJECTED_AFTER_VERB.sub(
        lambda m: " " * len(m.group("no")) + m.group("verb") + " " * len(m.group("rejected")),
        text,
    )
    return TAKEN_BACK.sub(lambda m: " " * len(m.group(0)), text)


# a participle or gerund after a pet or kinship noun is the verb, not a name ("mein erstes
# pferd gekauft", "my dog barking")
VERB_FORM = re.compile(r"ge[a-zäöüß]{2,}(?:t|en)|[a-z]{3,}ing")


def _past_tense(word: str) -> bool:
    """ "grandma passed away", "my dog died": a verb in the simple past is no name."""
    return word.endswith("ed") and part_of_speech(word, lang="en") in ("VVD", "VVN")


def _present_tense(word: str) -> bool:
    """ "unsere katze frisst alles": a German verb in the third person present is no name. The
    tagger must read it as a verb written small and capitalised alike (a name like "Lotte" or
    "Flocke" reads as a noun once capitalised), and the ending "-t" keeps the English "will"."""
    return (
        word.endswith("t")
        and part_of_speech(word, lang="de").startswith("V")
        and part_of_speech(word.capitalize(), lang="de").startswith("V")
    )


def _third_person(word: str) -> bool:
    """ "my son studies law": an English verb with its "-s", which out of context the tagger
    reads as a plural noun; after "she" it reads the verb. A name ending in "s" ("james",
    "agnes") reads as a name once capitalised."""
    return (
        rx.fullmatch(r"[a-z]+s", word) is not None
        and sentence_tags(["she", word], lang="en")[1][1] == "VVZ"
        and not is_proper_noun(word.capitalize(), lang="en")
    )


# what follows a verb and never a name: "her oma made it every sunday", "dad took us"
OBJECT_AFTER = re.compile(r"(?i)\s+(?:it|me|us|him|her|them|the|a|an|some|every|this|that)")


# English verbs in the plain present or a modal, as the tagger reads them in context
PLAIN_PRESENT = frozenset({"VVB", "VBB", "VHB", "VDB", "VM0"})
TOKEN = re.compile(r"[\w'’-]+")


def _verb_in_context(text: str, start: int, *, lang: str) -> bool:
    """Whether the word at ``start`` is the clause's verb when the whole sentence is tagged:
    "my kids love pizza", "meinen chef hass ich", "my sister adores horses". Out of context
    "love" reads as a noun and "hass" as a name once capitalised; after a plural subject, or
    before the subject pronoun of a fronted object, the sentence shows the verb. A word read
    as a name once capitalised stays one ("my sister rose lives in leeds": Rose, not "rose")."""
    tokens = list(TOKEN.finditer(text))
    index = next((n for n, t in enumerate(tokens) if t.start() == start), None)
    if index is None or is_proper_noun(tokens[index].group(0).capitalize(), lang=lang):
        return False
    word = tokens[index].group(0)
    if lang == "de" and word.endswith("e") and not known_word(word, lang="de"):
        # a word the lexicon never saw is read as a verb only by its ending, the first
        # person's "-e" ("mein hund kalle ist neun", "nele"): after the noun that is its
        # subject, a name ("meine frau sacht" stays a spoken "sagt")
        return False
    tags = sentence_tags([t.group(0) for t in tokens], lang=lang)
    # STTS "VV…/VM…/VA…" and CLAWS5 "VV…/VM…/VB…/VD…/VH…": every verb tag starts with V
    return tags[index][1].startswith("V")


def _verb_in_name_slot(word: str, after: str, *, noun: str = "") -> bool:
    """Whether the word after a kinship or pet noun is its verb ("hund frisst", "grandma
    passed away"); an irregular past counts with its object after it ("her oma made it", "my
    brother took us"), as Rose and Drew are names the tagger reads as past forms too."""
    if VERB_FORM.fullmatch(word) or _past_tense(word) or _present_tense(word):
        return True
    if _third_person(word):
        return True
    if noun and _plain_present_after(noun, word, after):
        return True
    return part_of_speech(word, lang="en") in ("VVD", "VVN") and bool(OBJECT_AFTER.fullmatch(after))


def _plain_present_after(noun: str, word: str, after: str) -> bool:
    """ "my kids love pizza", "the boys play footy": after a plural the verb has no "-s", and
    out of context the tagger takes "love" for a noun; in context it reads the verb. "my kids
    maisie and alfie" stay names."""
    if not noun.isascii() or not rx.fullmatch(r"[a-z]+", word):
        return False
    words = [noun, word, *after.split()[:1]]
    tags = sentence_tags(words, lang="en")
    return tags[1][1] in PLAIN_PRESENT


def _titled_after_kin(text: str, *, lang: str) -> str:
    """ "mein nachbar herr özdemir", "my neighbour mr patel": the title and the surname after a
    relation noun capitalised, so the surname is the name, never the title (same length)."""
    chars = list(text)
    for m in rx.finditer(
        rf"(?i)\b(?:{NOUNS})\s+(herr|frau|mr|mrs|ms|dr|doktor)\.?\s+([a-zäöüß][\wäöüß'’-]+)", text
    ):
        if _name_word(m.group(2)) and lower_names.could_be_name(m.group(2), lang=lang):
            chars[m.start(1)] = chars[m.start(1)].upper()
            chars[m.start(2)] = chars[m.start(2)].upper()
    return "".join(chars)


def truecase(text: str, *, only_places: bool = False) -> str:
    """An all-lower-case sentence with the name after a kinship or pet noun ("meine schwester
    marlene") and the place in a living or moving frame ("wohnt seit dem studium in rostock")
    capitalised; every other word as written. With ``only_places`` the places alone: a writer
    who capitalised a name elsewhere wrote the word after "hund" as a verb ("unser hund
    frisst") and "im homeoffice bei" as no employer."""
    lang = language_of(text)
    if not only_places:
        text = _titled_after_kin(text, lang=lang)
    text = (
        text
        if only_places
        else rx.sub(
            rf"(?i)\b({NOUNS})\s+([a-zäöü]{{3,}})\b(?=(\s+\w+)?)",
            lambda m: (
                m.group(1)
                + " "
                + (
                    m.group(2).capitalize()
                    if _name_word(m.group(2))
                    and not _verb_in_name_slot(m.group(2), m.group(3) or "", noun=m.group(1))
                    and not _verb_in_context(text, m.start(2), lang=lang)
                    # "mein chef bei petersen": a preposition is no name
                    and lower_names.could_be_name(m.group(2), lang=lang)
                    # "i'm a dog groomer", "a dog bed": the compound's head, no name
                    and not _compound_after_animal(m, lang=lang)
                    else m.group(2)
                )
            ),
            _capitalise_lists(text, lang=lang),
        )
    )

    chars = list(text)
    # "moin, wiebke hier aus oldenburg": a chat's opening names the writer and their town
    greeted = greetings.opening_self(text)
    if greeted is not None:
        chars[greeted.name_start] = chars[greeted.name_start].upper()
        if greeted.place_start is not None:
            chars[greeted.place_start] = chars[greeted.place_start].upper()
    if not only_places:
        # "meine frau heißt svenja", "kurt, unsere schildkröte", "hey i'm dave, 38"
        for start in lower_names.named_in_frames(text, lang=lang, nouns=NOUNS):
            end = rx.match(r"[\w'’-]+", text[start:])
            if end and _name_word(end.group(0)):
                chars[start] = chars[start].upper()
    # "meine schwester frauke in lübeck", "this flat in glasgow": the place after a relative
    # or the speaker's kind of home
    frames = [DWELLING_IN] if only_places else [KIN_THEN_IN, DWELLING_IN]
    for frame in frames:
        for m in frame.finditer(text):
            if _lower_place(m.group(1), lang=lang):
                chars[m.start(1)] = m.group(1)[0].upper()
    # "it's freezing here in brisbane", "ick bleib hier in kreuzberg": where the writer is
    for start in homes_here.places_here(text, lang=lang):
        chars[start] = chars[start].upper()
    for frame in PLACE_FRAME.finditer(text):
        for m in PLACE_AFTER.finditer(text, frame.start(), frame.end()):
            word = m.group(2)
            if (
                word in NOT_PLACES | NOT_DESTINATIONS
                or word in NOT_NAMES
                or word in lx.CALENDAR_WORDS
            ):
                continue
            chars[m.start(2)] = word[0].upper()
            # "in logan square", "in notting hill": a district named by its kind of place
            head = PLACE_HEAD.match(text, m.end(2))
            if head:
                chars[head.start(1)] = chars[head.start(1)].upper()
            rest = TOWN_REST.match(text, m.end(2)) if word in TOWN_FIRST else None
            if rest and rest.group(1) not in NOT_PLACES | NOT_NAMES:
                chars[rest.start(1)] = chars[rest.start(1)].upper()
            if m.group(1) in ("from", "aus", "ausm") and rx.match(
                r"\s+(?:to|nach)\s", text[m.end(2) :]
            ):
                continue  # "moved from toronto to halifax": where to is the place too
            break  # the first place of the frame
    # "shes from freiburg", "he's originally from leeds": where someone comes from
    for m in FROM_PLACE.finditer(text):
        word = m.group(1)
        if word not in NOT_PLACES | NOT_DESTINATIONS | NOT_NAMES | set(lx.CALENDAR_WORDS):
            chars[m.start(1)] = chars[m.start(1)].upper()
    # "their mum is nicola": the other parent's name
    for m in LOWER_OTHER_PARENT.finditer(text):
        word = m.group(1)
        if _name_word(word) and lower_names.could_be_name(word, lang=lang):
            chars[m.start(1)] = chars[m.start(1)].upper()
    for m in LOWER_CARE_HOME_PLACE.finditer(text):
        if m.group(1) not in NOT_PLACES | NOT_NAMES | set(lx.CALENDAR_WORDS):
            chars[m.start(1)] = chars[m.start(1)].upper()
    for m in MOVED_BEFORE.finditer(text):
        if m.group(1) not in NOT_PLACES | NOT_DESTINATIONS and m.group(1) not in lx.CALENDAR_WORDS:
            chars[m.start(1)] = chars[m.start(1)].upper()
    # "rechtspfleger am amtsgericht regensburg": an employer in lower case after the job,
    # also beside names the writer capitalised
    for start in employers_after_jobs.employer_words(text, lang=lang):
        chars[start] = chars[start].upper()
    # "ich arbeite bei siemens", "bei der vag arbeite ich": who one works at, in lower case
    for start in employers_said_lower.employer_starts(text, lang=lang):
        chars[start] = chars[start].upper()
    if only_places:
        return "".join(chars)
    # a named employer after its preposition, known by an institution word followed by its
    # name ("in der stadtbibliothek chemnitz"); a bare institution ("at the hospital", "im
    # krankenhaus") names no employer and stays as written
    for m in LOWER_ORG.finditer(text):
        rest = m.group("rest")
        if (
            not lx.ORG_HINTS.search(m.group("org"))
            or rest in LOWER_WORDS
            or rest in NOT_NAMES
            or rest in NOT_PLACES
            or rest in lx.CALENDAR_WORDS
            or VERB_FORM.fullmatch(rest)
            # "im kundenservice bei der sparkasse": a preposition opens the next phrase
            or part_of_speech(rest, lang="de").startswith("APPR")
        ):
            continue
        chars[m.start("org")] = chars[m.start("org")].upper()
        chars[m.start("rest")] = chars[m.start("rest")].upper()
        # "bei der werft jessen in flensburg": where the employer is
        where = rx.match(r"\s+in\s+([a-zäöü][a-zäöüß-]{2,})\b", text[m.end() :])
        if where and where.group(1) not in NOT_PLACES | NOT_NAMES | lx.CALENDAR_WORDS:
            chars[m.end() + where.start(1)] = chars[m.end() + where.start(1)].upper()
    for start, _end in _lower_employer(text):
        chars[start] = chars[start].upper()
    return "".join(chars)


# "im a chimney sweep, self employed, based in inverness", "we're based in Leeds": where the
# speaker works from (not "a startup that's based in Berlin": the firm's seat)
BASED_IN = re.compile(
    rf"(?i:\b(?:i['’]?m|i\s+am|we['’]?re|we\s+are)\b)"
    rf"(?:[^.;!?](?!(?i:that|which|is|are|['’]s)\b)){{0,60}}?"
    rf"(?i:\bbased\s+(?:out\s+)?in)\s+(?P<place>{PLACE})"
)
# "seit ich in Freiburg wohne", "weil meine Eltern in Kassel leben": a German subordinate
# clause puts its verb last, after the place (the frames above read the main-clause order)
VERB_FINAL_HOME = re.compile(
    rf"(?i:\b(?:seit|seitdem|weil|dass|daß|da|nachdem|obwohl|wo|als|sodass))\s+"
    rf"(?P<who>(?i:ich|wir|er|sie)|(?i:mein\w*|unser\w*)\s+\w+|{NAME})\s+"
    rf"(?:(?!(?i:nicht|nich|kein\w*|nie)\b)[\wäöüß.]+\s+){{0,4}}?(?i:in|im)\s+(?:(?i:der|dem)\s+)?"
    rf"(?P<place>{PLACE})\s+(?i:(?:ge)?wohn\w*|(?:ge)?leb\w*)(?=\s*(?:$|[,.;!?)]|(?i:und|and)\b))"
)


def _compound_after_animal(m: re.Match, *, lang: str) -> bool:
    """Whether the word a :func:`truecase` match finds after an animal noun heads a compound
    with it ("a dog groomer", "my horse trainer") instead of naming the animal."""
    noun = m.group(1).lower()
    if noun not in lx.PETS and noun not in plurals.PETS and noun not in lx.BREEDS:
        return False
    return compounds.heads_compound(m.group(2), before=m.string[: m.start(1)], lang=lang)


def _lower_place(word: str, *, lang: str) -> bool:
    """Whether a lower-case word in a place's slot may name a place: no word known never to,
    and no verb, adjective or adverb."""
    return not (
        word in NOT_PLACES | NOT_DESTINATIONS
        or word in NOT_NAMES
        or word in lx.CALENDAR_WORDS
        or not lower_names.could_be_name(word, lang=lang, strict=True)
    )


def _name_word(word: str) -> bool:
    """Whether a lower-case word is none of the words known never to name anyone."""
    return (
        word not in LOWER_WORDS
        and word not in NOT_NAMES
        and word not in KIN_WORDS
        and word not in lx.PETS
        and word not in NOT_OWN_NAMES
    )


def with_known_names(text: str, *, names: list[str]) -> str:
    """ "technically fiona's my cousin", "carina wohnt in Schweinfurt": a person or pet the
    window has named, written again in lower case, is read capitalised (same length)."""
    for name in names:
        low = name.lower()
        if (
            " " in name
            or len(name) < 3
            or name == low
            or low in LOWER_WORDS
            or low in NOT_NAMES
            or low in KIN_WORDS
            or low in lx.PETS
        ):
            continue
        text = rx.sub(rf"(?<![\w'’-]){re.escape(low)}(?![\w-])", name, text)
    return text


def capitalises_more_than_places(text: str) -> bool:
    """Whether a writer who opens in lower case capitalises a word past the first that no
    place preposition leads ("mein Bruder", "my brother Lukas"): such a writer capitalises
    names too, so a lower-case word after a kin noun is none ("unser hund frisst"). Places
    alone ("mein bruder lukas wohnt in Hamburg") are what a phone's autocorrect and many
    casual writers capitalise, and say nothing of the names."""
    for m in rx.finditer(r"(?<=\s)[A-ZÄÖÜ][^\W\d_]+", text):
        before = text[: m.start()].split()
        if not (before and before[-1].lower() in PLACE_PREPOSITIONS):
            return True
    return False


def written_casually(text: str) -> bool:
    """Whether a sentence is written without the capitals names would have: all in lower
    case, or opening in lower case ("mein mann Deniz pendelt … wir wohnen seit 2015 in
    pankow", "moved to portland 2 yrs ago"): such a writer's places are lower case too."""
    opening = rx.search(r"[^\W\d_]", text)
    return text == text.lower() or (opening is not None and opening.group(0).islower())


LOWER_ORG = re.compile(
    r"\b(?:bei|beim|im|in der|an der)\s+(?:(?:der|dem|den)\s+)?"
    r"(?P<org>[a-zäöü][a-zäöüß-]{2,})\s+(?P<rest>[a-zäöü][a-zäöüß-]{2,})"
)


# the German tagger's finite verbs and participles (the end of a verb-final clause)
GERMAN_FINITE_VERBS = frozenset({"VV(FIN)", "VA(FIN)", "VM(FIN)", "VV(PP)"})
# "i work at quayside marine", "my job at tesco", "i'm at tesco now": a lower-case employer
# after a work frame's "at"; up to three words, the last before "now", a clause word or a
# preposition
LOWER_EMPLOYER = re.compile(
    r"(?i)\b(?:(?P<work>work|works|working|worked|job|employed|started|starting)"
    r"|(?P<being>i['’]?m|i\s+am))\s+(?:(?:now|currently|still|part[- ]time|full[- ]time)\s+)?"
    r"at\s+(?P<org>[a-z][a-z'’&-]+(?:\s+[a-z][a-z'’&-]+){0,2})"
)
# the speaker starting at an employer, the subject left out or said ("…, starting at KPMG",
# "i'll be starting at"), not a film or a time starting ("the film is starting at the Odeon")
STARTING_AT = re.compile(
    r"(?i)(?:^|[,;:!–-]\s*|\b(?:i['’]m|i\s+am|and|now|so|then|i['’]ll\s+be|will\s+be)\s+)"
    r"starting\s+at\s+(?:the\s+)?$"
)
# a diet said as held before ("I was vegetarian for years", "war jahrelang Vegetarierin",
# "used to be vegan"): the copula's past right before it, in its own clause
FORMER_DIET = re.compile(
    r"(?i)\b(?:was|were|war|waren|used\s+to\s+be|früher|ehemals|ehemalige\w*|ex-?)"
    r"(?:\s+(?:a|an|ein\w*|ne|n|jahrelang|lange|years|long|mal|ja|auch|strict|strenge?r?))*\s*$"
)
# what English says after "at" without an article and is no employer ("work at home", "at
# night", "i'm at uni now")
AT_WITHOUT_ARTICLE = frozenset(
    {"home", "work", "night", "nights", "weekends", "weekend", "uni", "school", "college",
     "church", "lunch", "sea", "least", "last", "first", "times", "all", "once", "it", "this",
     "that", "my", "our", "his", "her", "their", "your", "the", "a", "an", "some", "one",
     "desk", "hospital", "office", "dinner", "breakfast", "peace", "risk", "present",
     "moment", "gym", "mine", "yours", "hers", "ours", "theirs", "full", "half", "about",
     "nite", "midnight", "noon", "dawn", "sunrise", "sunset", "ease", "war", "heart"}
)  # fmt: skip
EMPLOYER_STOPS = frozenset(
    {"now", "since", "as", "and", "but", "for", "in", "on", "at", "with", "so", "because",
     "cos", "part", "full", "atm", "rn", "tho", "though", "lol", "haha", "anyway", "too",
     "still", "again", "these", "those", "then", "there", "here", "which", "who", "where",
     "when", "while", "until", "till", "from", "to", "of", "by", "like", "right"}
)  # fmt: skip


def _lower_employer(text: str) -> list[tuple[int, int]]:
    """The spans of the words naming a lower-case employer after a work frame ("i work at
    quayside marine", "i'm at tesco now" — being somewhere is working there only with
    "now" after it or the sentence speaking of a job)."""
    spans: list[tuple[int, int]] = []
    for m in LOWER_EMPLOYER.finditer(text):
        if m.group("being") and (
            "?" in text
            or rx.search(r"(?i)\b(?:what|which|how|should|buy|get|shop\w*)\b", text)
            or not (
                rx.search(r"\bnow\b", text[m.end("being") :])
                or rx.search(r"(?i)\b(?:job|work|shifts?|left|quit|started)\b", text)
            )
        ):
            continue  # "i'm at tesco now, what wine goes with lamb": shopping there
        words = list(rx.finditer(r"[^\s]+", m.group("org")))
        taken: list[re.Match] = []
        for word in words:
            plain = word.group(0).lower()
            if plain in EMPLOYER_STOPS or plain in LOWER_WORDS or plain in NOT_NAMES:
                break
            if not lower_names.could_be_name(plain, lang="en"):
                break
            taken.append(word)
        if not taken or taken[0].group(0).lower() in AT_WITHOUT_ARTICLE:
            continue
        # "at tesco now" had "now" cut; "at quayside marine" is whole
        spans += [(m.start("org") + w.start(), m.start("org") + w.end()) for w in taken]
    return spans


def corrects(text: str) -> bool:
    """Whether a sentence corrects (the earlier value never held) rather than reports a
    change: a strong cue always corrects; a weak one ("…, nicht X", "quatsch") only when
    nothing in the sentence says the value changed."""
    if STRONG_CORRECTION.search(text):
        return True
    return bool(CORRECTION.search(text)) and not CHANGE_CUE.search(text)


CHANGE = re.compile(
    r"(?i)\b(ab jetzt|ab sofort|ab heute|from now on|as of today|starting today|seit|since|"
    r"jetzt|now|nur noch|gewechselt|switched|umgezogen|gezogen|moved|quit|update)\b"
)
# a home before "at": "unit 4 at Koondoola Court", "a flat at Park Royal"
DWELLING_BEFORE = re.compile(
    r"(?i)\b(?:unit|flat|apartment|apt|room|wohnung|zimmer|appartement)"
    r"(?:\s+(?:no\.?\s*)?\d+\w?)?\s+$"
)
# a German passive ("bin beeidigt worden", "bin operiert worden"): its "bin" is no copula
PASSIVE = re.compile(r"(?i)\b(?:worden|geworden)\b")
# a German clause whose subject is "die"/"sie" with a plural verb: theirs, not the speaker's
THEY_DO = re.compile(r"(?i)\b(?:die|sie)\s+(?:\w+\s+)?[a-zäöüß]{2,}en\b")
# the speaker's start at the job the window named: "I started here on the 1st of September
# 2019", "hab hier 2019 angefangen"
STARTED_HERE = re.compile(
    r"(?i)\b(?:started|began|joined)\s+(?:(?:working|work)\s+)?(?:here|there)\b"
    r"|\b(?:hab|habe|hab\s+ich|habe\s+ich)\s+(?:hier|da|dort)\s+(?:\S+\s+){0,4}?angefangen\b"
    # the job pointed back to: "been doing it for 6 years", "ich mach das seit 2019"
    r"|\b(?:been\s+)?doing\s+(?:it|this|that)\b|\b(?:mach|mache)\s+(?:ich\s+)?(?:das|des)\b"
)
# the field said after the school one studies at: "…, second year of law", "…, doing law",
# "…, Jura im 3. Semester"
FIELD_AFTER_SCHOOL = re.compile(
    r"\s*,?\s*(?:(?i:(?:(?:in|im)\s+)?(?:my\s+)?(?:first|second|third|fourth|final|last|"
    r"\d+(?:st|nd|rd|th))\s+year\s+(?:of\s+)?|doing\s+|reading\s+|studying\s+)"
    r"(?P<field>[^\W\d_]+)"
    r"|(?P<field_de>[A-ZÄÖÜ][^\W\d_]+)\s+im\s+\d+\.\s+(?i:semester))"
)
# a course of study in the clause before "at": "doing the foundation degree at …"
STUDY_BEFORE = re.compile(
    r"(?i)\b(?:degree|diploma|masters?|phd|studying|studium|studiere\w*|"
    r"apprenticeship|ausbildung)\b[^,.;!?]*$"
)
WORK_VERB = re.compile(
    r"(?i)\b(arbeite|arbeit|arbeitet|arbeiten|work|works|working|worked|schaff|schaffe|"
    r"job|angefangen|started|starting|joined|bin|i'm|im|i am|been|gewechselt|am)\b"
)


# a retirement said before a role: the role is the one left ("retired after 30 years as a
# midwife", "ist in Rente, war 40 Jahre als Lokführer unterwegs")
RETIRED_BEFORE = re.compile(r"(?i)\b(?:retired|retiring|in\s+rente|pensioniert|in\s+pension)\b")
# the kind of club right before the one named: "spiel im Verein beim DC Crange", "in the
# choir at St Mary's" (not a team: "arbeite im Team bei Siemens" names the employer)
CLUB_BEFORE = re.compile(
    r"(?i)\b(?:im|in\s+(?:the|a|einem|nem)|in\s+my|in\s+our)\s+"
    r"(?:verein|sportverein|club|klub|chor|orchester|choir|orchestra|ensemble|liga|league)\s+$"
)


# what makes the place after it no employer: a work left ("finally done with Bristol City
# Council", "fertig mit der Firma") or a course taken there ("a pottery course at Clay
# Hollow", "Yogakurs bei Anna"; a school's course is studies, read as such)
WORK_LEFT_BEFORE = re.compile(r"(?i)\b(?:done|finished|through|fertig)\s+$")
COURSE_BEFORE = re.compile(
    r"(?i)(?:\bcourse|\bclasses|\bclass|\blessons?|\bworkshop|kurs|kurse|unterricht)\s+$"
)


# having been somewhere: without a job said, a visit there ("waren im Museum Ludwig", "war
# heute im Klinikum Fulda"), no employer
BEEN_THERE = re.compile(r"(?i)\b(?:war|waren|warst|gewesen|was|were)\b")


# what one starts that is no pastime: work, training for a job, treatment, habits one quits
# what one "macht" without it being a practice: "seit gestern mach ich Pause/Urlaub"
NOT_PRACTICES = {
    "pause", "urlaub", "feierabend", "schluss", "ernst", "homeoffice", "überstunden",
    "stress", "sorgen", "gedanken", "witze", "quatsch", "platz", "krank",
}  # fmt: skip
NOT_HOBBIES = {
    "arbeit", "job", "ausbildung", "studium", "therapie", "rauchen", "diät", "schule",
    "training", "trainieren",  # "started training last week": for something, no pastime
    "praktikum", "working", "taking", "going", "feeling", "getting", "seeing", "dating",
    "using", "doing", "having", "making", "trying", "thinking", "looking", "living", "eating",
    "drinking", "smoking", "sleeping", "studying", "teaching", "coming", "wondering",
    "talking", "saying", "planning", "packing", "waiting", "crying", "laughing", "falling",
}  # fmt: skip
# a role named after a genitive that something is said of: "Maisie's teacher is my colleague"
POSSESSED_ROLE = re.compile(r"(?i)\s+(?:is|was|has|had|says|said|wants|thinks|ist|war|hat)\b")
# one experience rated against others, no habit: "one of the best mornings ive had in ages",
# "der schönste Abend seit Langem"
ONE_EXPERIENCE = re.compile(
    r"(?i)\b(?:best|worst|nicest|greatest|schönste\w*|beste[nmrs]?|schlimmste\w*|tollste\w*)\b"
    r"[^,.;!?]*\b(?:ever|in\s+(?:ages|years|months|a\s+long\s+time)|i['’]?ve\s+(?:ever\s+)?had|"
    r"i\s+have\s+(?:ever\s+)?had|seit\s+(?:langem|ewigkeiten|jahren|monaten)|je\s+erlebt|"
    r"erlebt|gehabt)\b"
)
# a resolution or a wish is no routine yet ("hab mir vorgenommen, jeden Tag …", "i want to
# start running every morning")
INTENDED = re.compile(
    r"(?i)\b(vorgenommen|vornehmen|(?:ich|i)\s+(?:will|möchte|würde\s+gern|want\s+to|wanna|"
    r"plan\s+to|am\s+going\s+to|'m\s+going\s+to|should|sollte)|new\s+year'?s\s+resolution|"
    r"neujahrsvorsatz|vorsatz"
    # what someone else wants the speaker to do: "she wants me to journal every night",
    # "mein Arzt meint, ich soll jeden Tag spazieren"
    r"|(?:wants|want|told|tells|asked|asks)\s+me\s+to|(?:will|möchte|meint|sagt),?\s+"
    r"(?:dass\s+ich|ich\s+(?:\w+\s+){0,4}?(?:soll|sollte|müsste)))\b"
)
# what "give me … any day" or "… geht immer" may name that is no thing liked
NOT_LIKED_THINGS = {
    "es", "it", "das", "that", "alles", "anything", "everything", "shout", "call", "ring",
    "text", "hand", "break", "minute", "sec", "second", "moment", "chance", "go", "try",
    "i", "i'm", "im", "ich", "we", "wir", "you", "du", "he", "she", "er", "sie", "they", "way",
    "problem", "worries", "idea", "ahnung", "plan", "doubt", "zweifel", "this", "one",
    "dieser", "diese", "dieses",
}  # fmt: skip
DOCTORS = (
    r"(?:arzt|ärztin|hausarzt|hausärztin|doc|doctor|gp|orthopäde|orthopädin|kardiologe|"
    r"kardiologin|neurologe|neurologin|consultant|specialist|physio|cardiologist|"
    r"rheumatologist|rheumatologe|rheumatologin|neurologist|dermatologist)"
)
# a doctor's finding about the speaker ("der Orthopäde sagt Bandscheibenvorfall",
# "got diagnosed with …", "mein Hausarzt meint, ich hab …")
DIAGNOSED = re.compile(
    rf"(?i)\b(diagnos\w*|festgestellt|befund|{DOCTORS}"
    r"\s+(?:sagt|meint|says|said|thinks|reckons|confirmed|bestätigt)"
    # said after the finding: "Bänderriss, sagt der Doc", "a torn ACL, the physio reckons"
    rf"|(?:sagt|meint|says|said|reckons|confirmed)\s+(?:der|die|the|my|mein|meine)\s+{DOCTORS})\b"
)
# a finding told as what "it" is ("it's lupus", "es ist Rheuma"), once the results are in
TOLD_FINDING = re.compile(
    r"(?i)^\W*(?:so\s+)?(?:it['’]?s|its|it\s+is|es\s+ist|is|isch)\s+"
    r"(?:(?:a|an|ne|eine?|definitely|actually|wohl|tatsächlich|doch)\s+)*$"
)
TEST_RESULTS = re.compile(
    r"(?i)\b(?:results?|tests?|bloods|scans?|biopsy|befund|ergebnis\w*|blutbild|blutwerte|mrt|"
    r"mri)\b"
)
# "the afib thing they found in the fall", "die Arthrose, die der Orthopäde gefunden hat":
# a condition the doctors found, said right after it
FOUND_AFTER = re.compile(
    rf"(?i)^\s*(?:thing\s+|sache\s+|,\s*)?(?:that\s+|die\s+|den\s+)?(?:they|(?:(?:the|my|der|die)\s+)?{DOCTORS}s?)"
    r"\s+(?:found|gefunden|festgestellt)\b"
)
# a dose between "take"/"nehme" and a word: the word is the drug
DOSED = re.compile(
    r"(?i)\b(?:nehm\w*|take|takes|taking|on)\s+(?:[\wäöü]+\s+){0,2}?\d+(?:[.,]\d+)?\s*"
    r"(?:mg|mcg|µg|ug|ml|ie|iu|milligramm|milligrams?)\s+(?:of\s+)?(?P<x>[a-zäöüß][\w-]{3,})"
)
# what may follow a dose without naming the drug ("20 mg daily", "5 mg Tabletten")
NOT_A_DRUG = {
    "daily", "täglich", "morgens", "abends", "every", "jeden", "jede", "twice", "once", "einmal",
    "zweimal", "tablets", "tabletten", "pills", "capsules", "kapseln", "tropfen", "drops",
    "each", "per", "pro", "mehr", "more", "less", "weniger", "weil", "because",
}  # fmt: skip
# words a fragment may open with before the medicine it names
MEDICATION_FILLERS = {
    "jetzt", "erstmal", "erst", "mal", "dann", "also", "noch", "nur", "zusätzlich", "now",
    "then", "plus", "and", "und", "just", "still",
}  # fmt: skip
# after a medicine: who prescribed it to the speaker ("Mometason, hat mir der HNO
# verschrieben", "amoxicillin, the gp gave me") or what it does to them ("the metformin
# makes my stomach do flips", "das Ramipril macht mir Husten")
PRESCRIBED_OR_FELT = re.compile(
    r"(?i)\W*(?:(?:hat|has|had)\s+(?:mir|me)\s+(?:[\w-]+\s+){0,4}?"
    r"(?:verschrieben|aufgeschrieben|prescribed|gegeben|given)\b"
    r"|(?:the\s+|der\s+|die\s+|mein\s+|my\s+)?(?:doc|doctor|gp|arzt|ärztin|hausarzt)\s+"
    r"(?:gave|prescribed)\s+me\b"
    r"|(?:makes|gives|macht|gibt)\s+(?:me|my|mir|mich)\b)"
)

# a reason opens a clause of its own ("… tho cos i meet my mum every friday")
REASON = re.compile(r"(?i)\s(?:weil|because|cos|coz|cause|'cause|bc)\s")
# a segment that only says how often ("every night", "jeden Abend", "twice a week")
ONLY_FREQUENCY = re.compile(
    r"(?i)\W*(?:(?:and|und|also|so|like|ca\.?)\s+)?(?:(?:jeden|jede|jedes|every|each)\s+"
    r"(?:tag|morgen|abend|nacht|woche|wochenende|day|morning|evening|night|week|weekend)|"
    r"(?:once|twice|\w+\s+times|\w*mal)\s+(?:a|per|die|pro|im|in der)\s+(?:day|week|month|woche|tag|monat)"
    r"|täglich|daily|nightly|weekly|wöchentlich)\W*"
)
# a run of weekdays said without "every" ("mon wed and fri", "tues + thurs", "Mo, Mi und Fr")
WEEKDAY = (
    r"(?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|montag|dienstag|"
    r"mittwoch|donnerstag|freitag|samstag|sonntag)s?|mon|tue|tues|wed|thu|thurs|fri|sat|sun|"
    r"mo|di|mi|do|fr|sa|so)"
)
WEEKDAY_RUN = re.compile(
    rf"(?i)\b(?:(?:on|am)\s+)?{WEEKDAY}(?:\s*(?:,|/|\+|&|\s|\band\b|\bund\b)\s*{WEEKDAY}\b)+"
)
# "freitags", "on fridays", "weekends": the days alone, standing before what is done on them
WEEKDAYS_ALONE = re.compile(
    r"(?i)\W*(?:(?:on|am)\s+)?(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|"
    r"sundays|weekends|montags|dienstags|mittwochs|donnerstags|freitags|samstags|sonntags|"
    r"wochenends|am wochenende)\W*"
)
# "saturdays it's parkrun": after the days, "it" is a dummy subject that points to nothing
DAYS_DUMMY_IT = re.compile(
    r"(?i)^(?P<days>\W*(?:on\s+)?(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|"
    r"sundays|weekends)\W*)it(?:['’]s|\s+is)\b"
)
# who does a habit when the speaker is not among them ("the kids are with their dad on
# fridays", "sie geht jeden Morgen joggen")
THEIR_SUBJECT = re.compile(
    r"(?i)\b(?:he|she|they|er|sie|he's|she's|they're)\b|\b(?:the|die|his|her|their|seine|ihre)"
    # (several people: "the month is choir practice" is no one's)
    r"\s+[\w-]+\s+(?:are|go|have|sind|gehen|haben)\b"
    # "die geht jeden Montag ins Kino", "der jeht eh immer": a demonstrative with its verb
    # in the third person, before what it does
    r"|(?:^|[,;:]\s*)\W*(?:die|der)\s+[a-zäöüß]+t\s+(?=(?:eh|immer|jeden|jede|jedes|auch|ja|"
    r"doch|dann|noch|am|im|ins|zum|zur|mit|nach|morgens|abends|\d)\b)"
)
# a relative or pet named by the speaker's possessive, then a verb in the third person
KIN_DOES = re.compile(UNNAMED_SUBJECT.pattern + r"\s+(?i:[a-z]{2,}s|[a-zäöüß]{2,}t)\b")
# an adverb before the verb of a clause whose subject an "and" left out ("… and still
# does the crossword", "… und backt jetzt jeden Sonntag Brot")
ADVERB_OPENING = re.compile(
    r"(?i)^\W*(?:still|also|now|usually|always|noch|jetzt|jetz|immer|auch|inzwischen)\s+"
)
# what opens the clause a frequency said first is about ("freitags, da hab ich Homeoffice")
POINTS_BACK = re.compile(r"(?i)^\W*(?:da|dann|then)\b\s*")


def _weekday_run(text: str) -> re.Match | None:
    """A run of two or more weekdays, not two words that are also German and English
    words ("do so", "so do")."""
    for m in WEEKDAY_RUN.finditer(text):
        days = rx.findall(rf"(?i)\b{WEEKDAY}\b", m.group(0))
        if sum(d.lower() not in ("do", "so", "sat", "sun", "mi") for d in days) >= 2:
            return m
    return None


# one weekday, not the days ("saturdays", "samstags") nor every one ("jeden Samstag"), with
# what it is said to be ("Saturday is the big day", "Samstagabend ist der große Abend")
ONE_WEEKDAY_SAID = re.compile(
    r"(?i)(?:(?P<en>monday|tuesday|wednesday|thursday|friday|saturday|sunday)|montag|"
    r"dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)(?:morgen|vormittag|mittag|"
    r"nachmittag|abend|nacht)?(?:\s+(?:morning|afternoon|evening|night))?\s+(?:is|ist)\s+"
    r"(?P<said>[\w-]+(?:\s+[\w-]+){0,2})"
)
# the day told by what is done on it each week: "the night we play poker", "the day I call
# mum"
DAY_OF_A_DOING = re.compile(
    r"(?i)\b(?:day|night|evening|morning|afternoon)\s+(?:i|we|you|he|she|they|when|that|where)\b"
)
HABITUAL = re.compile(
    r"(?i)\b(?:always|usually|every|each|immer|jede[nmrs]?|meistens|normalerweise)\b"
)


# a clause that opens on one weekday and its time of day, the way a week's plan is written
# line by line ("sunday mornin church", "tuesday night a dominoes down the community centre",
# "Dienstag Chor")
DAY_HEADED = re.compile(
    r"(?i)^\W*(?:(?:and|und|then|dann|oh|plus|also)\s+)*(?P<day>(?:monday|tuesday|wednesday|"
    r"thursday|friday|saturday|sunday)|(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|"
    r"sonntag)(?:morgen|vormittag|mittag|nachmittag|abend|nacht)?)"
    r"(?:\s+(?:morning|mornin|afternoon|arvo|evening|night|nite|morgen|vormittag|nachmittag|"
    r"abend|nacht))?\s+(?=[^\W\d])"
)
# what tells that the speaker speaks of a usual week rather than of the coming one
WEEK_TOLD = re.compile(
    r"(?i)\b(?:weekly|week\s+plan|wochen?plan|wochnplan|(?:typical|usual|normal|average)\s+week|"
    r"(?:typische|normale|übliche)n?\s+woche|routine|routinen)\b"
)


# a habit said, then its days taken back and said anew in the same breath ("wednesdays i do
# parkrun.. no wait that's saturdays", "dienstags geh ich klettern, nee quatsch, das ist
# donnerstags"): the habit holds on the days said last
SELF_CORRECTED_DAYS = re.compile(
    r"(?i)(?P<said>[^.!?]+?)[\s.,;:!-]+(?:no\s+wait|wait\s+no|no\s+sorry|sorry|nee\s+quatsch|"
    r"ne\s+quatsch|quatsch|nee\s+warte|ne\s+warte|nee\s+sorry)[\s.,;:!-]+(?:that's|thats|"
    r"that’s|it's|its|das\s+ist|des\s+is|das\s+is|dat\s+is)\s+(?P<days>(?:mondays|tuesdays|"
    r"wednesdays|thursdays|fridays|saturdays|sundays|weekends|montags|dienstags|mittwochs|"
    r"donnerstags|freitags|samstags|sonntags|wochenends))\W*$"
)


def _day_line(piece: str, *, lang: str) -> re.Match | None:
    """One weekday heading a clause that names a thing and has no verb at all: a line of
    a week's plan. Said alone it may be the coming day ("friday dinner with Tom"), so the
    caller takes it only where the usual week is being told."""
    found = DAY_HEADED.match(piece)
    if found is None:
        return None
    rest = rx.findall(r"[\w'’-]+", piece[found.end() :])
    if not 1 <= len(rest) <= 7:
        return None
    words = rx.findall(r"[\w'’-]+", piece)
    if any(tag.startswith("V") for _, tag in sentence_tags(words, lang=lang)):
        return None  # "tuesday I'm off", "Dienstag hab ich frei": a clause of its own kind
    return found


def _given_to_no_thing(found: re.Match, piece: str) -> bool:
    """Whether days said to be something ("saturdays are …") are said to be a state ("busy",
    "the worst", "me day off") rather than given to a thing done ("parkrun", "swimming")."""
    if not found.groupdict().get("given"):
        return False
    following = rx.match(r"[\w'’-]+", piece[found.end() :])
    return following is None or not part_of_speech(following.group(0), lang="en").startswith(
        ("NN", "VVG")
    )


def _one_occasion(found: re.Match) -> bool:
    """ "Saturday is the big day", "Monday is my first day", "Samstagabend ist der große
    Abend": one weekday said to be the day of an event, no habit ("Tuesday is leg day",
    "sundays are for the market" are). What the day is said to be is the one ("the", "der")
    or told by how it stands out (an adjective, an ordinal), not by what is done on it
    ("Thursday is the night we play poker") nor said to come back ("always", "immer")."""
    said = ONE_WEEKDAY_SAID.match(found.string, found.start())
    if said is None or HABITUAL.search(found.string):
        return False  # "Monday is always busy", "Friday is the day we always go swimming"
    words = said.group("said").lower().split()
    lang = "en" if said.group("en") else "de"
    if any(part_of_speech(word, lang=lang).startswith(("AJ", "ADJ", "ORD")) for word in words):
        return True  # "the big day we get married" stands out, whatever is done on it
    if DAY_OF_A_DOING.search(found.string, said.start("said")):
        return False
    return words[0] in ("the", "der", "die", "das")


# nouns and full verbs (STTS, CLAWS5), and the English loanwords German chat uses for them
# ("homeoffice", "crossfit", tagged FM): the words that can say what a habit does
ACTIVITY_TAGS = ("NN", "NE", "NP", "VV", "FM")


# eating or drinking denied: abstaining, which says nothing of taste by itself
ABSTAINING = re.compile(
    r"(?i)\b(?:don'?t|do\s+not|never|won'?t)\s+(?:\w+\s+)?(?:eat|drink)\b"
    r"|\b(?:ess|esse|trink|trinke)\s+(?:ich\s+)?(?:\w+\s+){0,3}?(?:kein\w*|nicht|nich|net|ned)\b"
)
# …unless the same sentence says the taste: "never have, the smell makes me gag", "eklig"
DISTASTE = re.compile(
    r"(?i)\b(?:like|likes|liked|mag|mochte|mog|gern|gerne|hate|hates|can'?t stand|gross|disgusting|gag|"
    r"yuck|vile|rank|minging|eklig|ekelhaft|widerlich|schmeckt|taste|smell|riech\w*)\b"
)
# a clause naming its doer first: "I play …", "we do …", "ich geh …"
SUBJECT_AND_VERB = re.compile(r"(?i)^\W*(?:\w+\s+){0,3}?(?:i|we|ich|wir)\s+[a-zäöüß]{2,}\b")
# a day after "und"/"and" goes on the list of days before it ("jeden dienstag und donnerstag
# nach der arbeit bouldern"), and an article opens a second thing the same verb governs
# ("gets his dinner at 5 and a run every sunday"): no clause starts there
DAY_WORD = (
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|montag|dienstag|mittwoch|"
    r"donnerstag|freitag|samstag|sonntag|weekend|wochenende)"
)
DAY_LISTED = re.compile(rf"(?i)\b{DAY_WORD}\w*\W*$")
DAY_JOINED = re.compile(rf"(?i)(?:(?:on|am|jeden|every|each)\s+)?{DAY_WORD}")
# a clause that opens on a word pointing back ("those i get once a month", "das mach ich
# jeden Tag") or holds one ("fahr jeden tag damit ins büro") names what is done only in the
# clause it points to
POINTS_TO_THE_OTHER = re.compile(
    r"(?i)^\W*(?:those|these|that|this|it|them|das|dies|diese|die|den|der)\b"
    r"|\b(?:damit|dafür|dabei|dorthin|dahin|darauf|davon|there)\b"
)


def _conjunct_at(piece: str, position: int, *, lang: str) -> tuple[int, str]:
    """The clause of ``piece`` holding ``position`` and where it starts, when "und"/"and"
    joins clauses that each have a verb; else the whole piece. Days joined by "and"
    ("Tuesdays and Thursdays I …") and a doing joined without a verb ("schwimmen und danach
    Sauna") stay one."""
    cuts = [
        (m.start(), m.end())
        for m in CONJUNCTION.finditer(piece)
        if not (
            (DAY_LISTED.search(piece[: m.start()]) and DAY_JOINED.match(piece, m.end()))
            or rx.match(r"(?i)(?:a|an|the|ein|eine|einen)\b", piece[m.end() :])
        )
    ]
    spans = [
        (a, b) for (_, a), (b, _) in itertools.pairwise([(0, 0), *cuts, (len(piece), len(piece))])
    ]
    # (out of context the tagger takes "work", "play" for nouns: after "I" it is the verb)
    if len(spans) < 2 or not all(
        has_verb(piece[a:b], lang=lang) or SUBJECT_AND_VERB.search(piece[a:b]) for a, b in spans
    ):
        return 0, piece
    a, b = next(((a, b) for a, b in spans if a <= position < b), (0, len(piece)))
    if POINTS_TO_THE_OTHER.search(piece[a:b]):
        return 0, piece
    return a, piece[a:b]


def _names_an_activity(value: str, *, frequency: re.Pattern, lang: str) -> bool:
    """Whether a routine's value names something done once its days and frequency are taken
    out: "jeden montag schwimmen" does, "sondern donnerstags", "jede woche" and "that's me
    every week" do not (the doing sits in another clause or was never said)."""
    rest = frequency.sub(" ", value)
    while run := _weekday_run(rest):
        rest = rest[: run.start()] + " " + rest[run.end() :]
    return any(
        part_of_speech(word, lang=lang).startswith(ACTIVITY_TAGS)
        for word in rx.findall(r"[^\W\d_]{3,}", rest)
        if word.lower() not in lx.CALENDAR_WORDS
    )


def _only_frequency(text: str) -> bool:
    """A segment that only says how often or on which days ("every night", "mon wed and
    fri", "freitags")."""
    if ONLY_FREQUENCY.fullmatch(text) or WEEKDAYS_ALONE.fullmatch(text) or only_days(text):
        return True
    run = _weekday_run(text)
    return run is not None and not rx.sub(r"\W", "", text[: run.start()] + text[run.end() :])


# where or around what a habit is done, said after its days ("im Südbad", "before work")
SETTING = re.compile(
    r"(?i)(?:\s*(?:im|in|am|at|vorm|vor|nach|nachm|beim|before|after)\b(?:\s+(?:the|my|dem|der|"
    r"den|die|das|meinem|meiner))?\s+[\wäöüß'’-]+){1,2}\W*"
)


def _frequency_and_setting(text: str) -> bool:
    """A segment that says only on which days and where ("mittwochs und sonntags im
    Südbad", "mon and thu at the pool"): the days of the activity the clause before names."""
    run = _weekday_run(text) or WEEKDAYS_ALONE.match(text)
    if run is None or rx.sub(r"\W", "", text[: run.start()]):
        return False
    return bool(SETTING.fullmatch(text[run.end() :]))


# words beside "ich"/"wir" that are no finite verb of the routine ("und ich", "da ich")
NOT_FINITE = {
    "und", "oder", "aber", "da", "dann", "wenn", "weil", "dass", "als", "wie", "ob", "so",
    "jetzt", "immer", "auch", "mal", "noch", "schon", "halt", "eben", "ja", "doch",
}  # fmt: skip
SEPARABLE_PARTICLES = {
    "auf", "ab", "an", "aus", "ein", "mit", "vor", "nach", "los", "weg", "zurück", "heim",
    "fern", "zusammen",
}  # fmt: skip
WEEKDAY_ABBREVIATIONS = {
    "mon": "Monday", "tue": "Tuesday", "tues": "Tuesday", "wed": "Wednesday",
    "thu": "Thursday", "thurs": "Thursday", "fri": "Friday", "sat": "Saturday",
    "sun": "Sunday", "mo": "Montag", "di": "Dienstag", "mi": "Mittwoch", "do": "Donnerstag",
    "fr": "Freitag", "sa": "Samstag", "so": "Sonntag",
}  # fmt: skip


def _word_at(text: str, position: int) -> str:
    """The whole word of ``text`` that the character at ``position`` belongs to."""
    start = position
    while start > 0 and text[start - 1].isalnum():
        start -= 1
    end = position
    while end < len(text) and text[end].isalnum():
        end += 1
    return text[start:end]


def _weekday_list(word: str) -> list[str]:
    """ "mon/wed/fri" → Monday Wednesday Friday; a word that is no such list stays as it is
    (a lone "do" or "so" is an ordinary word, so only a list of two or more is expanded)."""
    pieces = rx.split(r"[/&+,]", word)
    if len(pieces) < 2 or not all(p.lower() in WEEKDAY_ABBREVIATIONS for p in pieces):
        return [word]
    return [WEEKDAY_ABBREVIATIONS[p.lower()] for p in pieces]


def _weekday_names(words: list[str]) -> list[str]:
    """ "crossfit mon wed fri" → crossfit Monday Wednesday Friday: abbreviated weekdays in a
    row, written apart, are the days' names. Only the three-letter English forms count, and
    only two or more in a row ("sat" or "do so" alone are ordinary words)."""
    short = [len(w) >= 3 and w.lower() in WEEKDAY_ABBREVIATIONS for w in words]
    expanded = []
    for n, w in enumerate(words):
        in_run = short[n] and ((n > 0 and short[n - 1]) or (n + 1 < len(words) and short[n + 1]))
        expanded.append(WEEKDAY_ABBREVIATIONS[w.lower()] if in_run else w)
    return expanded


def _condition_complement(after: str, *, lang: str) -> str:
    """What right after a condition belongs to its name: the body part it sits in
    ("Bänderzerrung im linken Knie") or a bare noun joined by "mit"/"with" ("Migräne mit
    Aura"); a noun with an article or a pronoun ("asthma with my inhaler") is said about it."""
    place = rx.match(rf"(?i)\s+{lx.BODY_LOCATION}", after)
    if place:
        return place.group(0)
    joined = rx.match(r"(?i)\s+(?:mit|with)\s+([a-zäöüß][\wäöüß-]{2,})\b", after)
    if (
        joined
        and joined.group(1).lower() not in nearest.FUNCTION_WORDS | NOT_NAMES
        and not lx.MEDICINE.match(joined.group(1))
        and part_of_speech(joined.group(1), lang=lang).startswith("N")
    ):
        return joined.group(0)
    return ""


# "… hat meine Schwester Dörte": the one who has a condition said after it and its verb
OWNER_AFTER_CONDITION = re.compile(
    r"(?i)\s+(?:hat|hatte|has|had)\s+(?:meine?|mein|unsere?|my|our)\s+(?:[\wäöüß]+\s+)?"
    r"[\wäöüß]+"
)

PRO_FORM = re.compile(r"(?i)^(?:und\s+|das\s+)?(?:mach|mache)\s+ich\b")


@functools.cache
def _named_condition() -> re.Pattern:
    """A condition as a list or medicine's word forms name it."""
    conditions = _alternation([*lx.CONDITIONS, *lx.CONDITION_ADJECTIVES])
    return re.compile(
        # a medical adjective before the condition belongs to its name ("ulcerative
        # colitis", "rheumatoid arthritis", "atopic eczema")
        rf"(?i)(?<![\w-])(?P<c>(?:[a-z]{{3,}}(?:ative|oid|atic|opic)\s+)?"
        rf"(?:typ[- ]?\d[- ]diabetes|type\s?\d\s+diabet(?:es|ic)|{conditions}"
        rf"|{lx.CONDITION_FORM}|{_alternation(lx.CONDITION_SLANG)}))(?![\w-])"
    )


# a time said after a condition ("migraine yesterday", "hay fever spring") is no noun it
# modifies
TIME_NOUN = re.compile(
    r"(?i)^(?:yesterday|today|tonight|morning|evening|night|week|month|year|spring|summer|"
    r"autumn|winter|gestern|heute|morgen|abend|woche|monat|jahr|frühling|sommer|herbst)s?$"
)


def _calendar_word(word: str) -> bool:
    """Whether a word names a day or a month, in the plural too ("Mondays", "Montage")."""
    plain = word.lower()
    return any(
        form in lx.CALENDAR_WORDS
        for form in (plain, plain.removesuffix("s"), plain.removesuffix("e"))
    )


def _participle_infinitive(participle: str) -> str:
    """meditiert → meditieren, gejoggt → joggen: the regular participles a pro-form points to."""
    word = participle.lower()
    if word.endswith("iert"):
        return word[:-1] + "en"
    return word[2:-1] + "en"


def _infinitive(verb: str) -> str:
    """The infinitive of a first- or third-person present form: steh/stehe/steht → stehen,
    hol → holen, sammel → sammeln; a plural form is one already ("wir kochen")."""
    stem = verb.lower()
    if stem.endswith("en") and len(stem) > 4:
        return stem
    if stem.endswith("e") or (stem.endswith("t") and len(stem) >= 4):
        stem = stem[:-1]
    return stem + ("n" if stem.endswith(("el", "er")) else "en")


# a clause that opens on its verb has dropped its "I" ("can't stand olives", "love my job")
DROPPED_I = re.compile(
    r"(?i)^\W*(?:(?:just|really|honestly|also|totally|absolutely)\s+)*(?:can't|cant|cannot|"
    r"don't|dont|love|hate|prefer|never|always|usually|mostly|started|been|got|had|"
    r"go|do|take|play|drink|eat|need|switched|swapped)\b"
)
SUBJECT_WORD = re.compile(
    r"(?i)\b(he|she|they|it|you|er|sie|es|du|ihr|man|he's|she's|they're|it's|you're|gibt|gibts|"
    r"gibt's|there's|theres)\b"
)
# "und"/"and" before a verb or a first-person word opens a clause of its own ("hab nen
# Wellensittich und geh am liebsten bouldern"); before a noun it joins two of them
AND_CLAUSE = re.compile(r"(?i)\s+(?:und|and)\s+(?=(?P<next>[\w'’]+))")


# "der Freund von meiner Schwester, Jonas": a name set off after "of my …" names the head
# ("der Freund"), not the relative; "der Kater von meiner Mitbewohnerin Jule" names her
OF_RELATIVE = re.compile(rf"(?i)\b(?:von|vom|of)\s+{POSS}\s+(?:{ADJ}\s+)*[\wäöüß]+\s*,\s*$")
# "Callum's a firefighter", "Priya is a vet": a name opening the clause before its verb
NAMED_SUBJECT = re.compile(
    rf"^\W*(?:(?i:der|die|dä|de|et|the)\s+)?({NAME})(?:'s|’s|\s+(?:is|ist|isch|was|war|works|worked|"
    rf"lives|lived|studies|studied|arbeitet|arbeitete|wohnt|wohnte|lebt|lebte|studiert))\b"
    rf"(?!\s+(?:{NOUN}))"
)
# the same with the name in lower case, as chat writes it ("kavya is allergic to nuts")
LOWER_NAMED_SUBJECT = re.compile(
    r"^\W*(?:(?:und|and|but|aber|so|also)\s+)?([a-zäöüß][a-zäöüß'’-]+)\s+"
    r"(?:is|ist|isch|has|hat|was|war|works|worked|arbeitet|arbeitete)\b"
)
# where a clause of its own begins inside a sentence ("Ich wohne in Köln und Jonas wohnt …")
CLAUSE_JOIN = re.compile(
    r"(?i)(?:[,;]|\b(?:und|aber|oder|and|but|or|while|während)\b|\b(?=(?:dass|daß|weil)\b))\s*"
)
SUBORDINATE_NAME = re.compile(rf"(?i:dass|daß|weil)\s+({NAME})\b")
# a step only weighed: "I'm thinking about moving to Lisbon", "überlege, nach Wien zu ziehen"
WEIGHED = re.compile(
    r"(?i)\b(?:thinking about|thinking of|considering|toying with|überlege|überlegen|überlegt|"
    r"mit dem gedanken)\b"
)
# nothing but a particle before a verb at a clause's start: the subject chat drops is the
# speaker ("also turned 50 on the 2nd", "oh and just turned 30")
DROPPED_SPEAKER = re.compile(
    r"(?i)(?:^|[.!?;:]\s*)\W*(?:(?:also|and|oh|so|well|yeah|ok|okay|anyway|btw|und|ach|ja|"
    r"übrigens|hey|hi|lol|haha)\W+)*(?:just\s+|only\s+just\s+|finally\s+)?$"
)
# a relative clause saying the birthday just passed, up to its number ("who's just turned")
RELATIVE_TURNED = r"(?i:who(?:['’]s|\s+has)?\s+(?:just\s+|only\s+just\s+|recently\s+)?turned\s+)"
# words between a copula and an age ("sie ist übrigens schon 11", "he's only just 3")
AGE_FILLERS = (
    r"(?i:schon|jetzt|erst|bereits|inzwischen|mittlerweile|übrigens|auch|ja|eigentlich|now|"
    r"already|only|just|actually|btw|also)"
)
# a birth in the speaker's sibling's family: "my sister Niamh had her baby", "mein Bruder
# und seine Frau haben ein Baby bekommen"
SIBLING_HAD_BABY = re.compile(
    r"(?i)\b(?:my|meine?|mei)\s+(?:(?:big|little|older|younger|kleine|große|grosse)\s+)?"
    r"(?:sister|brother|sis|bro|schwester|bruder)\b[^.!?]{0,60}?\b(?:had|has\s+had|gave\s+birth|"
    r"hat|haben)\b[^.!?]{0,30}?\b(?:baby|babies|bub|kind|kleine[ns]?|daughter|son|tochter|sohn|"
    r"girl|boy|mädchen|jungen?)\b"
)
# someone else's baby: "her baby", "their first", "seine Tochter"
OTHERS_BABY = re.compile(
    r"(?i)\b(?:her|his|their|ihr|ihre|ihren|sein|seine|seinen)\s+(?:(?:first|second|erstes|"
    r"zweites|new|neues)\s+)?(?:baby|bub|kind|little\s+one)\b"
)
# a subject said before "born": the birth is theirs, whoever they are
BIRTH_PRONOUN = re.compile(r"(?i)\b(?:they|he|she|it|we|sie|er|es|wir)\b")
# who of the family can have been born these weeks
NEWBORN_RELATIONS = frozenset({
    "son", "daughter", "grandson", "granddaughter", "godchild", "niece", "nephew",
})  # fmt: skip
# "the guy downstairs, Kofi, is a nurse at …", "unsere Nachbarin, Frau Öztürk, arbeitet bei …"
# an age, as a birthday verb reaches it: "90", "achtzehn", "sixty", "forty-two", "zwölf"
AGE_REACHED = re.compile(
    r"(?i)\b(?:\d{1,3}|\w*(?:zig|ßig|zehn|ty|teen)(?:-\w+)?|eins|zwei|drei|vier|fünf|sechs|"
    r"sieben|acht|neun|elf|zwölf|one|two|three|four|five|six|seven|eight|nine|ten|eleven|"
    r"twelve)\b"
)
# the year of a birth said apart from the day, with no subject of its own: "my birthday is
# oct 4, born 1967", "Jahrgang 1963" ("my son was born 1995" is the son's)
BIRTH_YEAR = re.compile(
    r"(?i)(?:^|[,;(]\s*|\b(?:and|n|und|un)\s+)(?:born|geboren|jahrgang)\s+"
    r"(?:in\s+|im\s+jahr\s+)?(?P<year>(?:19|20)\d{2})\b"
)
_DEMONSTRATIVE_VERB = r"(?i:der|die)\s+(?i:ist|is|isch|war|arbeitet|schafft|wohnt|lebt)\b[^,.;!?]*$"
NAME_THEN_DEMONSTRATIVE = re.compile(
    rf"(?:\b(?P<before>[\w-]+)\s+)?(?P<name>{NAME}),\s*{_DEMONSTRATIVE_VERB}"
)
# what puts a firm or a town before the name: "bei Bosch", "nach Kladow"
PLACE_PREPOSITIONS = frozenset({
    "bei", "beim", "nach", "in", "im", "aus", "von", "vom", "auf", "an", "am", "zu", "zum",
    "zur", "at", "to", "from",
})  # fmt: skip
DEMONSTRATIVE_CLAUSE = re.compile(rf"(?:^|[,;:]\s*){_DEMONSTRATIVE_VERB}")
APPOSED_SUBJECT = re.compile(
    rf",\s*(?:{HONORIFIC}\s+)?({NAME})\s*,\s*(?i:is|ist|'s|was|war|works|arbeitet|lives|wohnt)\b"
    r"[^,.;!?]*$"
)
# an animal said to be someone else's: "is die von lukas", "gehört Tom"
OTHERS_ANIMAL = re.compile(
    r"(?i)\b(?:is|ist|isch)\s+(?:die|der|das)\s+von\s+(?P<owner>[^\W\d_]{2,})\b"
    r"|\bgehört\s+(?:der\s+|dem\s+)?(?P<owner2>[^\W\d_]{2,})\b"
)
# "my offsider Bev is …": a name after "my" and a word for what the person is to the speaker
ROLE_THEN_NAME = re.compile(
    rf"(?:^|[,;:.!?]\s*|\b(?i:and|und|also|so|btw)\s+)(?i:my|our)\s+(?P<role>[a-z]{{3,}})\s+"
    rf"(?P<name>{NAME})\s+(?i:is|has|'s|was)\s+[^,.;!?]*$"
)
# what a reply opens with before its clause ("ja svenja liest …", "yeah tom goes …")
REPLY_WORDS = re.compile(r"(?i)^\W*(?:(?:ja|jo|und|also|dann|naja|ach|and|so|yeah|yes|oh)\b\W*)+")
# a name and the word after it opening a clause ("Tom fängt im Februar … an", "Jonas wohnt …")
NAME_AND_WORD = re.compile(rf"^\W*({NAME})\s+([\wäöüß]+)")
KNOWN_AND_WORD = re.compile(r"^\W*([a-zäöüß]+)\s+([\wäöüß]+)")
# the third person singular of a verb: "fängt", "wohnt", "hat" and "starts", "moves"; the
# speaker's own verb ends otherwise ("fange", "wohne", "start")
THIRD_PERSON_ENDING = {"de": ("t",), "en": ("s",)}
# (HanTa writes the German finite auxiliaries and modals "VA(FIN)", "VM(FIN)": "Luna hat …")
FINITE_TAGS = frozenset({"VA(FIN)", "VM(FIN)", "VBZ", "VHZ", "VDZ"})


# "tom's a paramedic", "mum's a nurse": a word and its copula before an article open a
# description of that one (the speaker, "it", "that" or "there" are read elsewhere)
DESCRIBED = re.compile(
    r"(?i)^\W*(?:(?:and|but|so|also|oh)\s+)*(?!(?:it|that|there|here|what|who|he|she|this|"
    r"let|i)['’]s)[a-zäöüß]+['’]s\s+(?:a|an|the)\s"
)
# (German finite verbs of the third person singular; "hat", "ist" say nothing by themselves)
OPENING_VERB = re.compile(r"^\W*(?:(?:und|and|aber|but|dann|then)\s+)?([a-zäöüß]{3,})\b", re.I)


def _opens_on_verb(clause: str, *, lang: str) -> bool:
    """Whether a clause opens on a verb, its subject left to the clause it is joined to."""
    opening = OPENING_VERB.match(clause)
    return opening is not None and part_of_speech(opening.group(1), lang=lang).startswith("V")


def _opens_on_third_person_verb(clause: str, *, lang: str) -> bool:
    """Whether a clause without a subject opens on a full verb in the third person singular
    ("kriegt zweimal am Tag Insulin", "takes it with food"): chat drops the subject "ich"
    or "I" with the speaker's own verb form ("krieg", "take"), so that one is someone else's."""
    opening = OPENING_VERB.match(clause)
    if opening is None:
        return False
    verb = opening.group(1)
    tag = part_of_speech(verb, lang=lang)
    if lang == "de":
        return verb.endswith("t") and tag.startswith("VV(FIN)") and lemma(verb, lang=lang) != verb
    return verb.endswith("s") and tag in ("VVZ", "VHZ", "VDZ")


# words that stand for a thing, an animal or a person named elsewhere ("reit ihn", "do it",
# "des mach i", "fahr damit"), and those for a place only at the end ("bin ich da")
POINTING = frozenset({"it", "him", "them", "ihn", "des", "dit", "damit", "dafür", "dahin"})
POINTING_LAST = frozenset({"da", "dort", "there"})


def _points_elsewhere(value: str) -> bool:
    words = [w.lower() for w in rx.findall(r"[\wäöüß']+", value)]
    if words[:1] == ["it"]:
        words = words[1:]  # "it's bouldering now": the clause's dummy subject, no object
    return bool(set(words) & POINTING) or (bool(words) and words[-1] in POINTING_LAST)


def _named_actor(clause: str, *, lang: str, known: frozenset[str] = frozenset()) -> str | None:
    """The name a clause opens with when a verb in the third person singular follows it: the
    clause is about that person, never the speaker ("Lisa fängt nächste Woche als Lehrerin
    an"). A name the window already knows (``known``, lower case) counts as written in lower
    case too ("bea is pilotin bei Condor")."""
    opening = NAME_AND_WORD.match(clause) or KNOWN_AND_WORD.match(clause)
    if opening is None or opening.group(1).lower() in NOT_NAMES:
        return None
    name, verb = opening.groups()
    # "Oma hat Demenz", "Dad takes statins": a kin word said like a name is someone too
    named = name.lower() in known or name.lower() in KIN_WORDS or is_proper_noun(name, lang=lang)
    if not named:
        return None
    # chat mixes the two ("bea is pilotin"): the verb may be of either language
    for verb_lang, endings in THIRD_PERSON_ENDING.items():
        tag = part_of_speech(verb, lang=verb_lang)
        if verb.endswith(endings) and (tag.startswith("VV") or tag in FINITE_TAGS):
            return name
    return None


# a school subject taught for a living ("i teach history", "she teaches drama")
TAUGHT = re.compile(
    r"(?i)(?<!\w)teach(?:es)?\s+(?P<subject>history|maths|math|english|french|german|spanish|"
    r"italian|music|art|drama|science|biology|chemistry|physics|geography|pe|computing|"
    r"economics|latin|philosophy|psychology|sociology|re)\b"
)
ORG_KIND_AFTER = re.compile(
    r"\s+(hospital|hospice|clinic|school|academy|college|university|library|hotel|bakery|pharmacy|"
    r"garage|café|cafe|pub|salon|surgery|"
    r"klinik|klinikum|krankenhaus|schule|apotheke|bibliothek|bäckerei|praxis)\b"
)
EMPLOYER_PREPOSITIONS = frozenset({"with", "at", "for", "bei", "im", "in"})


def _a_modifier(word: str) -> bool:
    """Whether a word before a job noun can be part of the job: a noun, an adjective or an
    acronym ("data analyst", "senior developer", "ER nurse"), no verb or function word; "mein
    chef bei Petersen" names a person by their role, not a job."""
    if rx.fullmatch(POSS, word):
        return False
    if word.isupper() or _a_job_noun(word):
        return True
    return any(part_of_speech(word, lang=lang).startswith(("JJ", "ADJ")) for lang in ("de", "en"))


# the speaker's name, perhaps their age, or their age alone ("ich bin 38, Tierärztin"), then
# the next item of the introduction
NAME_THEN_ITEM = re.compile(
    r"(?i)(?<![\w'’])(?:ich\s+bin|bin|i['’]?m|i\s+am|hier\s+(?:ist|is)|this\s+is)\s+"
    r"(?:(?:(?:die|der|d['’])\s*)?(?-i:[A-ZÄÖÜa-zäöüß][\wäöüß-]+)(?:\s*,\s*\d{1,2})?|\d{1,2})"
    r"\s*,\s*"
    r"(?:(?:a|an|ein|eine)\s+)?(?P<item>[\wäöüÄÖÜß-]+(?:\s+[\wäöüÄÖÜß-]+)?)"
)


# a role applied for: "ne bewerbung als dolmetscherin", "my application as a nurse"
APPLIED_FOR = re.compile(
    r"(?i)\b(?:bewerbung|bewerbe|beworben|application|applying|applied|apply|interview|"
    r"vorstellungsgespräch)\b[^,.;:!?]{0,30}$"
)
# a pronoun opening what follows a copula starts a clause of its own ("the thing is i cook …")
SUBJECT_PRONOUNS = frozenset({"i", "we", "you", "he", "she", "they", "du"})
# what stands before "is" in a sentence about the speaker's own job ("my job is …", "what i
# do is …")
NOT_SUBJECT_NAMES = frozenset(
    {"job", "work", "beruf", "arbeit", "that", "this", "it", "what", "which", "who", "there",
     "das", "es", "was", "hier", "here", "now", "jetzt", "do", "mache", "mach"}
)  # fmt: skip


# what a verb's phrase opens with after one's age or name ("am 63, work nights at …")
DOING_VERBS = frozenset({"work", "works", "working", "do", "doing", "live", "living", "go"})


def _apposed_job(item: str, *, lang: str) -> str | None:
    """The job an introduction's item names: one noun or a two-word English one ("bus
    dispatcher", "call handler"), known to the occupation lexicon or placed among jobs."""
    words = item.split()
    for size in range(len(words), 0, -1):
        phrase = " ".join(words[:size])
        if size > 1 and (
            lang == "de"
            or not all(_a_modifier(w) or w.isalpha() for w in words[:size])
            # "i'm 63, work nights at …": a verb's phrase says what one does, not the job
            or words[0].lower() in DOING_VERBS
        ):
            continue
        if lx.is_occupation(phrase) or _open_job(phrase, lang=lang):
            return phrase
    return None


NAME_THEN_JOB = re.compile(
    r"[\wäöüß-]+(?:\s*,\s*\d{1,2})?\s*,\s*(?:(?:a|an|ein|eine)\s+)?"
    r"(?P<item>[\wäöüÄÖÜß-]+(?:\s+[\wäöüÄÖÜß-]+)?)",
    re.IGNORECASE,
)


def _name_before_job(text: str, position: int, *, lang: str) -> bool:
    """Whether the word at ``position`` is a name an item naming a job follows: "Carla,
    winzerin"; not a job itself ("polizeikommissarin, studium endlich durch")."""
    m = NAME_THEN_JOB.match(text, position)
    if m is None or _apposed_job(m.group("item"), lang=lang) is None:
        return False
    word = m.group(0).split(",")[0]
    return is_proper_noun(word.capitalize(), lang=lang)


def _unknown_first_name(word: str) -> bool:
    """A word the German tagger never saw that the model places nearer first names than
    kinds of people: "ich bin Mareike", not "ich bin Präparatorin"."""
    if word.lower().endswith(AGENT_ENDINGS):
        return False  # "ich bin Präparatorin": a woman by her trade
    return not known_word(word, lang="de") and not occupations.kind_of_person(word)


def _job_opening(segment: str) -> str | None:
    """The job a segment opens with when an employer's preposition follows it: "paramedic
    with …", "ER nurse at Rush", "data analyst for the council"; a longer phrase only when its
    words are no verbs or function words ("going in at 9" is no job)."""
    words = segment.split()
    # "Dennis, 44, bin fliesenleger bei …": the speaker's copula without its "ich" is no part
    # of the job
    if words and words[0].lower() == "bin":
        words = words[1:]
    for size in range(1, min(3, len(words) - 1) + 1):
        if words[size].lower() not in EMPLOYER_PREPOSITIONS:
            continue
        if size + 1 < len(words) and words[size + 1][:1].isdigit():
            return None  # "dentist at 4 tomorrow": an appointment's time
        phrase = words[:size]
        if not lx.is_occupation(" ".join(phrase)):
            return None
        if size > 1 and not all(_a_modifier(w) for w in phrase[:-1]):
            return None
        return " ".join(phrase)
    return None


def _content_words(text: str) -> set[str]:
    return {w[:5] for w in rx.findall(r"[\wäöüß]{4,}", text.lower())}


def _dropped_i(clause: str, *, lang: str) -> bool:
    """A clause that opens on a verb of the speaker's: "can't stand olives", "geh am
    liebsten bouldern", "arbeite als …" (a German first-person form: the clipped "geh",
    "mach" a tagger reads as an imperative, or one ending in -e)."""
    if DROPPED_I.match(clause):
        return True
    if lang != "de":
        return False
    first = rx.match(r"\W*([\wäöüß]+)", clause)
    if first is None:
        return False
    word = first.group(1).lower()
    tag = part_of_speech(word, lang="de")
    return tag == "VV(IMP)" or (tag.startswith("VV(FIN") and word.endswith("e"))


def _verbless(clause: str) -> bool:
    """A clause with neither a subject nor a verb of its own ("with oat milk and no sugar")
    continues the clause before it."""
    if SUBJECT_WORD.search(clause):
        return False
    lang = language_of(clause)
    return not any(
        part_of_speech(w, lang=lang).startswith("V") for w in rx.findall(r"[\w'’]+", clause)
    )


def _subclauses(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The segment's clauses: cut at "und"/"and" where a verb or first-person word follows."""
    spans: list[tuple[int, int]] = []
    opened = start
    for m in AND_CLAUSE.finditer(text, start, end):
        word = m.group("next")
        lang = language_of(text)
        if (
            first_person(text, lang=lang).fullmatch(word)
            or SUBJECT_WORD.fullmatch(word)
            or part_of_speech(word, lang=lang).startswith("V")
        ):
            spans.append((opened, m.start()))
            opened = m.end()
    spans.append((opened, end))
    return [(a, b) for a, b in spans if b > a]


# "Winston (17yo tabby cat)", "Motte (3, Beagle)": a pet said by what it is in parentheses
PET_IN_PARENTHESES = re.compile(
    rf"(?P<name>{NAME})\s*\(\s*(?:(?P<age>\d{{1,2}})\s*(?i:yo|y/o|yrs?|years?\s+old|"
    rf"jahre(?:\s+alt)?|j\.?)?\s*,?\s*)?(?:[\w-]+\s+){{0,2}}?"
    rf"(?P<noun>(?i:{_alternation([*lx.PETS, *lx.BREEDS])}))\s*\)"
)
KIN_BEFORE = re.compile(rf"(?i:{POSS})\s+(?:{ADJ}\s+)*(?i:{_alternation(lx.KIN)})\b")
# the colleague or neighbour named with a definite article ("den neuen Kollegen Markus")
ROLE_WITH_ARTICLE = re.compile(
    rf"(?<![\w-])(?i:den|die|der|dem|the)\s+(?:{ADJ}\s+)*(?P<noun>(?i:kollegen|kollege|kollegin|"
    rf"nachbarn|nachbar|nachbarin|colleague|neighbour|neighbor|chefin|chef|boss|mitbewohnerin|"
    rf"mitbewohner|flatmate))\s+(?:{HONORIFIC}\s+)?(?!{HONORIFIC}\s)(?P<name>{NAME})(?![\w'’-])"
    # "der Chef Tom von Anna" is Anna's
    r"(?!\s+(?i:von|vom|of)\b)"
)
# someone else's: "sie hat zwei Katzen", "their two dogs"
THEIRS = re.compile(r"(?i)\b(?:they|his|her|their|sein\w*|ihr\w*|er|sie|he|she)\b")
# what only a person has: a pronoun read as a pet's is someone's else for these
PEOPLES_OWN = frozenset({"works_as", "works_at", "studies", "studies_at", "speaks", "member_of"})


# the nouns a speaker labels themselves by the thing they like, with the emphasis after them
# ("a whiskey girl myself", "more of a beer guy tbh"); "person" is stripped where it is read
SELF_LABEL = re.compile(
    r"(?i)\s(?:guy|girl|gal|type|man|woman|lad|lass|kinda\s+guy|kinda\s+girl)"
    r"(?:\s+(?:myself|meself|tbh|honestly|lol|through and through))?$"
)


class _Sentence:
    def __init__(self, reader: Reader, index, text, parts, times, anchor) -> None:
        self.r, self.index, self.text, self.parts, self.times = reader, index, text, parts, times
        self.anchor = anchor
        self.used_times: set[int] = set()
        self.first_claim = len(reader.reading.claims)

    # --- helpers --------------------------------------------------------------------------

    def time_for(
        self, position: int, predicate: str, value: str | None = None, claimed: tuple = ()
    ) -> date | None:
        """The date of the time expression in the claim's own clause (see timescope)."""
        usable = [
            t
            for t in self.times
            if t.start not in self.used_times
            and t.relation in ("since", "ago", "at", "from")
            # a day ahead dates a fact only as its start ("starting at Oakfield on monday")
            and (not t.future or t.relation == "from")
        ]
        found = dating_time(
            usable,
            parts=self.parts,
            position=position,
            predicate=predicate,
            lang=self.r.lang,
            value=value,
            text=self.text,
            claimed=claimed,
            said_before=self.r.turn_times[-1] if self.r.turn_times else None,
        )
        if found is None:
            return None
        # an afterthought's past does not reach back into a clause dated ahead ("fängt im
        # März bei Bosch an, hat sich letztes Jahr beworben"), nor does an earlier clause's
        # past date a start ahead ("finished up at NAB on friday, starting at Canva on the
        # 16th"; but "seit Montag krankgeschrieben, Bandscheibenvorfall, übermorgen Termin")
        own = segment_at(self.parts, position)
        if (
            own is not None
            and found in self.times
            and not own.start <= found.start < own.end
            and any(own.start <= t.start < own.end and t.future for t in self.times)
            and (found.start >= own.end or STARTING.search(self.text[own.start : own.end]))
        ):
            return None
        return found.valid_from

    def who(self, position: int, default: str | None = "person:me") -> str | None:
        # "my offsider Bev is allergic to shellfish": a name after "my" and a role noun the
        # kin list lacks is whom the clause is about
        role = ROLE_THEN_NAME.search(self.text[:position])
        if (
            role
            and role.group("name").lower() not in NOT_NAMES
            # (a noun or an adjective: "my lovely Bev"; "offsider" is tagged as a comparative)
            and part_of_speech(role.group("role"), lang="en").startswith(("NN", "AJ"))
            and is_proper_noun(role.group("name"), lang=language_of(self.text))
        ):
            return self.r.mention(role.group("name"), "person").ref
        segment = segment_at(self.parts, position)
        # a claim read at its verb ("Tom lives in Leeds" at "lives") has its subject and verb
        # read together, so whose clause it is is decided with the verb in view
        reach = self._through_verb(position)
        actor = self._clause_actor(segment.start if segment else 0, reach)
        if actor is not None:
            return actor
        # "mit dem Hans-Peter, der is heizungsbauer": a demonstrative right after a name
        # (not a firm's or a town's: "arbeitet bei Bosch, der ist Ingenieur", "nach Kladow")
        pointed = NAME_THEN_DEMONSTRATIVE.search(self.text[:position])
        if (
            pointed
            and pointed.group("name").lower() not in NOT_NAMES
            and (pointed.group("before") or "").lower() not in PLACE_PREPOSITIONS
        ):
            name = pointed.group("name")
            kinds = {m.kind for m in self.r.reading.entities.values() if m.name == name}
            if kinds <= {"person"} and (is_proper_noun(name, lang="de") or kinds):
                return self.r.mention(name, "person").ref
        # "the guy downstairs, Kofi, is a nurse": a name set off by commas before the verb
        apposed = APPOSED_SUBJECT.search(self.text[:position])
        if apposed and apposed.group(1).lower() not in NOT_NAMES:
            name = apposed.group(1)
            if is_proper_noun(name, lang=language_of(self.text)):
                return self.r.mention(name, "person").ref
        start = 0
        found = self.r.subject_before(self.text, position, segment.start if segment else 0)
        if found is None and segment is not None:
            if OTHERS_OPENING.match(self.text[segment.start : position]):
                return None  # "we live in leeds, they live in york": not the speaker
            found = self.r.subject_before(self.text, position, start)
        if found == "":
            return None  # about someone the window does not name
        if found in (None, "person:me") and DEMONSTRATIVE_CLAUSE.search(self.text[:position]):
            return None  # "hab mit Paul gesprochen, der ist Arzt": never the speaker
        if found is None and default == "person:me":
            # nobody named: a dropped subject is the speaker ("wohne in Trier", "bin seit
            # Montag bei Edeka"), but a third-person verb or an unresolved "die/er/she" is
            # someone else ("die heißt doro und wohnt in trier")
            head = self.text[:position]
            carried = self.carried() if self.carries_on() else None
            if carried is not None:
                return carried or None  # ("": several were spoken of, so whose is unclear)
            # "Callum's a firefighter in Glasgow", "Tom worked as a plumber": a name opening
            # the clause is its subject, whether or not the window introduced it before
            opening = segment.start if segment else 0
            if OTHERS_OPENING.match(self.text[opening:position]):
                return None  # "they live in Edinburgh" of no one named: not the speaker
            named = NAMED_SUBJECT.match(self.text[opening:position])
            if named is None and reach > position:
                # (with the verb in view only a name is read: "Käsekuchen ist einfach Leben"
                # is still the speaker's taste)
                named = NAMED_SUBJECT.match(self.text[opening:reach])
                if named and not is_proper_noun(named.group(1), lang=language_of(self.text)):
                    named = None
            if named and named.group(1).lower() not in NOT_NAMES:
                name = named.group(1)
                if is_proper_noun(name, lang=language_of(self.text)) or name in {
                    m.name for m in self.r.reading.entities.values()
                }:
                    return self.r.mention(name, "person").ref
                return None  # "Today's a holiday", "Mum's a nurse": not the speaker either
            lower = LOWER_NAMED_SUBJECT.match(self.text[opening:reach])
            if lower and self._lower_name(lower.group(1)):
                # "kavya is allergic to nuts", "timo hat diabetes": a name written in lower
                # case opening the clause is its subject, the window's person if it knows one
                return self._person_written(lower.group(1))
            if THIRD_PERSON.search(head) and not first_person(self.text).search(head):
                return None
            clause = self.text[opening:position]
            if not first_person(self.text).search(clause) and (
                _opens_on_third_person_verb(clause, lang=language_of(self.text))
                or DESCRIBED.match(clause)
            ):
                # "kriegt zweimal am Tag Insulin", "tom's a paramedic": a clause whose verb
                # is another's, or that describes someone the window never named, is not
                # the speaker's
                return None
        return found or default

    def _lower_name(self, word: str) -> bool:
        """Whether a lower-case word opening a clause reads as a name rather than a common
        word ("kavya", "timo", "tom"; not "work", "käsekuchen", "today")."""
        if word in NOT_SUBJECT_NAMES or word in NOT_NAMES:
            return False
        lang = language_of(self.text)
        if not lower_names.could_be_name(word, lang=lang):
            return False
        if is_proper_noun(word, lang=lang):
            return True  # a name even in lower case ("tom", "jule")
        if known_word(word, lang=lang):
            return False
        # a word the lexicon never saw: a name, unless it reads as a noun once capitalised
        # ("käsekuchen", a compound) ("kavya", "timo")
        return not part_of_speech(word.capitalize(), lang=lang).startswith(("NN", "NC"))

    def _person_written(self, word: str) -> str | None:
        """The ref of the person the window or the memory knows as ``word`` in any case."""
        for mention in self.r.reading.entities.values():
            if mention.kind == "person" and mention.name.lower() == word:
                return mention.ref
        known = self.r.known_names.get(word, "")
        return known if known.startswith("person:") else None

    def _through_verb(self, position: int) -> int:
        """The end of the word at ``position`` when words of its clause come before it (its
        verb, if it is one, follows its subject), else ``position``."""
        segment = segment_at(self.parts, position)
        if not rx.search(r"\w\W+$", self.text[segment.start if segment else 0 : position]):
            return position  # ("verknackst, bänderriss sagt der doc": a new clause opens)
        return position + len(_word_at(self.text, position))

    def carries_on(self) -> bool:
        """Whether the sentence opens on a third-person verb with no subject ("Arbeitet da
        als Lotse.", "is a nurse"): it goes on about whom the sentence before was about."""
        return carried_subject.opening_person(self.text, lang=self.r.lang) == "third"

    def carried(self) -> str | None:
        """The person the sentence before in the same turn was about ("" when several,
        None when the speaker alone or nobody)."""
        same_turn = self.r.previous is not None and self.r.previous[0] == self.index
        return self.r.carried if same_turn else None

    def _weighed_before(self, position: int) -> bool:
        """Whether what is read at ``position`` is a step the speaker only weighs: a
        "thinking about"/"überlege" earlier in its clause ("we're thinking about moving to
        Manchester"); what the clause said before it stands ("together since 2022 and I'm
        thinking of proposing")."""
        weighed = list(WEIGHED.finditer(self.text, 0, position))
        if not weighed:
            return False
        between = self.text[weighed[-1].end() : position]
        return not rx.search(r"[.!?;]|\b(?:aber|but|und ich|and i)\b", between, re.I)

    def _clause_actor(self, opening: int, position: int) -> str | None:
        """The person a clause before ``position`` opens with ("… und Jonas wohnt in Bonn"),
        when a verb in the third person follows the name (``_named_actor``)."""
        joined = list(CLAUSE_JOIN.finditer(self.text, opening, position))
        clause = joined[-1].end() if joined else opening
        if clause >= position:
            return None
        # people and pets: "Luna bekommt um 19 Uhr Futter" is the cat's
        beings = [m for m in self.r.reading.entities.values() if m.kind in ("person", "pet")]
        known = frozenset(m.name.lower() for m in beings)
        lang = language_of(self.text)
        # "ich hab gehört, dass Paul nach Hamburg gezogen ist": the verb of a German
        # subordinate clause comes last, its subject right after the conjunction
        subordinate = SUBORDINATE_NAME.match(self.text, clause)
        if subordinate and is_proper_noun(subordinate.group(1), lang=lang):
            actor = subordinate.group(1)
        else:
            actor = _named_actor(self.text[clause:], lang=lang, known=known)
        if actor is None:
            return None
        # "Oma hat am 2. August Geburtstag" after "meine Oma Hilde": the grandmother named
        kin = self.r._unnamed(actor) if actor.lower() in KIN_WORDS else ""
        if kin:
            return kin
        same = [m for m in beings if m.name.lower() == actor.lower()]
        return same[0].ref if same else self.r.mention(actor, "person").ref

    def add(self, subject, predicate, position, *, value=None, obj=None, allow=(), when=None):
        if subject is not None and subject.startswith("pet:") and predicate in PEOPLES_OWN:
            subject = self._person_meant(position)
        if subject is None or self._weighed_before(position):
            return
        self.r.claim(
            Claim(subject=subject, predicate=predicate, value=value, object_ref=obj, when=when),
            self.parts,
            position,
            allow=allow,
        )

    def _relate_through(self, ref: str, *, det: str, noun: str, position: int) -> None:
        """ "her little brother Leo", "Ben's daughter Ella", "my sister's son Tom": someone
        else's relative is the speaker's when whose relative they are is the speaker's too
        (:mod:`.kin_of_kin`)."""
        owner = self._owner(det, position=position)
        relation = owner and self._relation_of(owner)
        related = relation and relation_through(relation, KIN_WORDS.get(noun, ("",))[0])
        if related:
            self.add(ref, "relation_to_user", position, value=related)

    def _owner(self, det: str, *, position: int) -> str | None:
        """Whose relative the words ``det`` at ``position`` say: a pronoun's person said
        before it, a named person's, or the speaker's relative ("my sister's") by a kin
        word alone (then the kin word, as ``kin:<noun>``)."""
        if " " in det:
            return "kin:" + rx.sub(r"['’]s$", "", det.split()[-1].lower())
        pronoun = {"his": "er", "her": "sie", "sein": "er", "ihr": "sie"}.get(
            rx.sub(r"(?<=^sein)\w+|(?<=^ihr)\w+", "", det.lower())
        )
        if pronoun is None:  # "Isla's brother": the person the window calls so
            name = rx.sub(r"['’]s?$", "", det).lower()
            owner = next(
                (
                    e
                    for e in self.r.reading.entities.values()
                    if e.kind == "person" and e.name.lower() == name
                ),
                None,
            )
        else:  # (a name the sentence says only after the pronoun is not whom it stands for)
            owner = self.r.resolve(pronoun, later=self._named_after(position), kinds=("person",))
        return owner.ref if owner is not None and owner.ref != "person:me" else None

    def _relation_of(self, owner: str) -> str | None:
        """What ``owner`` (a ref, or ``kin:<noun>``) is to the speaker, as the window or
        memory says it."""
        if owner.startswith("kin:"):
            return KIN_WORDS.get(owner[4:], ("",))[0] or None
        return next(
            (
                c.value
                for c in reversed(self.r.reading.claims)
                if c.subject == owner and c.predicate == "relation_to_user"
            ),
            self.r.relatives.get(owner)
            or next((r for r, held in self.r.known_relatives.items() if held == owner), None),
        )

    def _person_meant(self, position: int) -> str | None:
        """ "our corgi Noodle … he's a line cook": a job or a school is a person's, so the
        pronoun before it stands for the latest person named, not the latest pet."""
        segment = segment_at(self.parts, position)
        said = self.text[segment.start if segment else 0 : position]
        pronouns = list(rx.finditer(r"(?i)(?<!\w)(er|sie|he|she)(?='s|\b)", said))
        if not pronouns:
            return None
        person = self.r.resolve(pronouns[-1].group(1), kinds=("person",))
        return person.ref if person else None

    # --- constructions --------------------------------------------------------------------

    def read(self) -> None:
        self.people_and_pets()
        self._possessors_gender()
        self.roles_with_article()
        self.self_introduction()
        self.own_children_and_pets()
        self._divorced()
        self._childrens_other_parent()
        self.ages()
        self.work()
        self.started_here()
        self.residence()
        self.preferences()
        self.health()
        self.languages_and_hobbies()
        self.studies()
        self.membership()
        self.routines()
        self.tasks_and_plans()
        self.appointments()
        self.had_on_a_day()
        self.practitioners()
        self.feeding()
        self.dates()
        self.forget_and_end()
        self.titled_names()
        self.not_mine_but_theirs()
        self.true_halves()
        self.nearest_examples()

    def _possessors_gender(self) -> None:
        """ "my mate Dave and his wife", "Sam und ihr Mann": the person a possessive before a
        relative stands for takes its gender (:mod:`.possessors`), so a later pronoun of the
        other gender is someone else."""
        for pronoun, position in possessors.possessor_pronouns(self.text):
            self.r.resolve(pronoun, later=self._named_after(position), kinds=("person",))

    def _named_after(self, position: int) -> frozenset[str]:
        """The names the sentence says first after ``position``: a pronoun there does not
        stand for them."""
        return frozenset(
            e.name
            for e in self.r.reading.entities.values()
            if rx.search(rf"(?<!\w){re.escape(e.name)}(?!\w)", self.text[position:])
            and not rx.search(rf"(?<!\w){re.escape(e.name)}(?!\w)", self.text[:position])
        )

    def _divorced(self) -> None:
        """ "divorced since 2019 btw", "bin seit 2020 geschieden", "we separated last year":
        the speaker's own marriage or partnership ended, when a time is said then."""
        said = SPEAKER_SPLIT.search(self.text)
        if said is None:
            return
        segment = segment_at(self.parts, said.start())
        if segment is not None and segment.silent is not None:
            return  # "what if we separated?", "nicht geschieden"
        dated = next(
            (t for t in self.times if t.granularity in ("year", "month", "day") and not t.future),
            None,
        )
        married = bool(rx.search(r"(?i)divorc|geschieden|scheid", said.group(0)))
        self.r.split = (married, dated.valid_from if dated else None)

    def _childrens_other_parent(self) -> None:
        """ "my kids … | divorced since 2019, their mum is called claire": after the speaker
        said their marriage or partnership ended, the other parent of the speaker's children
        is the former partner (ex-wife, ex-husband, ex-partner), from the time it ended."""
        if self.r.split is None:
            return
        own_children = any(
            c.predicate == "relation_to_user" and c.value in ("son", "daughter")
            for c in self.r.reading.claims
        ) or any(r in self.r.known_relatives for r in ("son", "daughter"))
        for m in OTHER_PARENT.finditer(self.text):
            if m.group("their") and not own_children:
                continue  # "their mum" of someone else's children
            name = m.group("name")
            if name.lower() in NOT_NAMES or name.lower() in KIN_WORDS:
                continue
            mother = m.group("noun").lower() in ("mum", "mom", "mother", "mama", "mutter")
            married, since = self.r.split
            relation = ("ex-wife" if mother else "ex-husband") if married else "ex-partner"
            mention = self.r.mention(name, "person", "f" if mother else "m")
            self.add(mention.ref, "relation_to_user", m.start("name"), value=relation, when=since)

    def roles_with_article(self) -> None:
        """ "den neuen Kollegen Markus einarbeiten", "the new neighbour Kofi": who works or
        lives beside the speaker is named with the article too, and is theirs."""
        for m in ROLE_WITH_ARTICLE.finditer(self.text):
            name = m.group("name")
            known = {e.name for e in self.r.reading.entities.values()}
            if name.lower() in NOT_NAMES or name in known:
                continue
            # "der chef hört in 2 jahren auf": a word capitalised only by the reading is a
            # name when it reads as one
            written = self.r.said[m.start("name")]
            if not written.isupper() and not is_proper_noun(name, lang=self.r.lang):
                continue
            self.introduce(m.group("noun"), name, m.start("name"), None, None)

    def titled_names(self) -> None:
        """ "unser Nachbar Herr Albers", "Mrs Patel next door": the name with its title is
        how the speaker calls the person, an alias beside the bare name."""
        for mention in self.r.reading.entities.values():
            if mention.kind != "person":
                continue
            for m in rx.finditer(
                rf"(?<![\w-])(?i:{HONORIFIC})\s+{re.escape(mention.name)}(?![\w-])", self.text
            ):
                if rx.search(
                    r"(?i)\b(?:mein|dein|sein|ihr|unser|euer|my|his|her|our|your)\w*\s+$",
                    self.text[: m.start()],
                ):
                    continue  # "meine Frau Anna" is his wife, not "Frau Anna"
                titled = rx.sub(r"\s+", " ", m.group(0))
                titled = titled[0].upper() + titled[1:]
                if titled not in mention.aliases:
                    mention.aliases.append(titled)

    def not_mine_but_theirs(self) -> None:
        """What the speaker denies of themselves and points to a relative for ("I'm NOT
        gluten free, that's my colleague Aisha"): the denied state is that relative's."""
        for m in NOT_MINE.finditer(self.text):
            if not (m.group("pointer") or m.group("copula")):
                continue  # "I'm not vegetarian, my wife cooks meat": nothing points back
            if m.group("name"):
                name = _clean_name(m.group("name"))
                other = next(
                    (e.ref for e in self.r.reading.entities.values() if e.name == name), ""
                )
            else:
                other = self.r._unnamed(
                    m.group("noun"), said=m.group(0)[m.start("det") - m.start() :], relate=False
                )
            if not other or other == "person:me":
                continue
            state = rx.sub(
                r"(?i)^(?:the|der|die)\s+(\S+)\s+(?:one|person)$", r"\1", m.group("state")
            )
            for subject, predicate, value in self._said_of_me(state):
                if subject == "person:me" and predicate in TRANSFERRED:
                    self.add(other, predicate, m.start("state"), value=value, allow=("negated",))

    def _said_of_me(self, state: str) -> list[tuple[str, str, str]]:
        """The literal facts the constructions read in "ich bin <state>" / "I am <state>",
        read apart from the sentence and the window (nothing of it is kept)."""
        return self._read_alone(f"{'ich bin' if self.r.lang == 'de' else 'I am'} {state}")

    def true_halves(self) -> None:
        """ "I'm not allergic to nuts, just to shellfish": the true half of a negation said
        as an ellipsis is read said in full (:mod:`curator.extract.true_half`), of the
        speaker or of whom the sentence names ("Luna is not allergic to chicken but to
        fish")."""
        for half in true_halves(self.r.said, lang=self.r.lang):
            for subject, predicate, value in self._read_alone(half.said):
                if predicate in TRANSFERRED:
                    self.add(subject, predicate, half.start, value=value, allow=("negated",))

    def _read_alone(self, said: str) -> list[tuple[str, str, str]]:
        """The literal facts the constructions read in ``said`` of the speaker or of someone
        already mentioned, read apart from the sentence and the window (nothing of it is
        kept)."""
        claims, sentence_text = len(self.r.reading.claims), self.r.sentence_text
        entities, mentioned = dict(self.r.reading.entities), len(self.r.last)
        self.r.sentence_text = said
        alone = _Sentence(self.r, self.index, said, segments(said), [], self.anchor)
        alone.preferences()
        alone.health()
        alone.work()
        alone.languages_and_hobbies()
        found = self.r.reading.claims[claims:]
        del self.r.reading.claims[claims:]
        self.r.reading.entities, self.r.sentence_text = entities, sentence_text
        del self.r.last[mentioned:]
        return [
            (c.subject, c.predicate, c.value)
            for c in found
            if (c.subject == "person:me" or c.subject in entities) and c.value
        ]

    def nearest_examples(self) -> None:
        """The speaker's clauses no construction read, by their nearest labelled examples
        (:mod:`curator.extract.nearest`)."""
        read = [c.position for c in self.r.reading.claims[self.first_claim :]]
        if self.r.reading.forgets and self.r.reading.forgets[-1][:2] == (self.index, self.text):
            return  # "vergiss das mit dem Yoga" names what to forget, it states nothing
        names = [m.name.lower() for m in self.r.reading.entities.values()]
        candidates: list[tuple[int, str]] = []
        # (a fragment without function words is in the turn's language: "cake" is no
        # German verb)
        lang = language_of(self.text, unclear=self.r.lang)
        speaker = False  # whether the sentence's previous clause was about the speaker
        for part in self.parts:
            if part.silent not in (None, "negated"):
                speaker = False
                continue
            for start, end in _subclauses(self.text, part.start, part.end):
                clause = self.text[start:end]
                about_other = bool(
                    UNNAMED_SUBJECT.search(clause)
                    or THIRD_PERSON.search(clause)
                    or any(
                        rx.search(rf"(?<!\w){re.escape(n)}(?!\w)", clause.lower()) for n in names
                    )
                )
                # about the speaker: a first-person word, a dropped "I" ("can't stand
                # olives"), or no subject of its own after a clause about the speaker
                # ("i'm a tea person, with oat milk")
                first = bool(
                    first_person(clause, lang=lang).search(clause) or _dropped_i(clause, lang=lang)
                )
                mine = not about_other and (first or (speaker and _verbless(clause)))
                # "help me plan my week", "kannst du mir helfen, meine Woche zu planen": a
                # request and what it asks for tell no habit of the speaker
                if ASKS_THE_ASSISTANT.match(clause) or (
                    ASKS_THE_ASSISTANT.match(self.text) and ASKED_FOR.search(clause)
                ):
                    mine = False
                # "hab nen Wellensittich namens Pippo und geh …": still the speaker; "my
                # sister swims, mondays at the lido": the days are hers
                speaker = mine or (first and not about_other)
                if mine and not any(start <= p < end for p in read):
                    candidates.append((start, clause))
        if not candidates:
            return
        readings = nearest.read_clauses([clause for _, clause in candidates], lang=lang)
        # what a construction read in this sentence is read better than a neighbour's guess
        # ("da hol ich immer meine Nichte ab" again, beside the routine the frames read)
        constructed = [
            (c.predicate, _content_words(c.value or ""))
            for c in self.r.reading.claims[self.first_claim :]
        ]
        for (start, clause), reading in zip(candidates, readings, strict=True):
            if reading is None or any(
                predicate == reading.predicate and words & _content_words(reading.value)
                for predicate, words in constructed
            ):
                continue
            if reading.predicate != "dislikes" and nearest.negated(clause, lang=lang):
                continue  # "ich bin kein Vegetarier" states no fact, "mag keinen Fisch" does
            if reading.predicate == "health_condition" and _named_condition().search(clause):
                # a condition a list names is read by its construction, which knows whose it
                # is and whether it lasts ("a 5k for diabetes research", "heute Migräne")
                continue
            if reading.predicate == "dislikes" and (
                NOT_HAVING.search(clause) or NOTHING_AGAINST.search(clause)
            ):
                continue
            if (
                reading.predicate == "dislikes"
                and ABSTAINING.search(clause)
                and not DISTASTE.search(self.text)
            ):
                continue  # "I don't drink coffee", "alkohol trink ich keinen": abstaining
            if reading.predicate in ("routine", "hobby") and INTENDED.search(
                self.text[: start + len(clause)]
            ):
                continue  # "my physio told me to stretch every morning": not done yet
            if reading.predicate in ("routine", "hobby", "prefers") and ONE_EXPERIENCE.search(
                clause
            ):
                continue  # "one of the best mornings I've had in ages" was one morning
            if reading.predicate in ("routine", "hobby") and _points_elsewhere(clause):
                continue  # "ich reit ihn mittwochs": the activity's object is named elsewhere
            self.add("person:me", reading.predicate, start, value=reading.value, allow=("negated",))

    def _newborn_relation(self, relation: str) -> str | None:
        """Whose child "a little girl, Orla" is: the speaker's, unless the turn just said
        someone else had the baby ("my sister Niamh had her baby yesterday!!": a niece;
        "Tom and Ann had a baby": no relative of the speaker's)."""
        said = self.text
        if self.r.previous is not None and self.r.previous[0] == self.index:
            said = f"{self.r.previous[1]} {said}"
        if SIBLING_HAD_BABY.search(said):
            return {"son": "nephew", "daughter": "niece"}[relation]
        if OTHERS_BABY.search(said):
            return None
        return relation

    def _known_person(self, name: str) -> bool:
        """Whether the window has named a person ``name`` before."""
        return any(
            e.kind == "person" and e.name == name for e in self.r.reading.entities.values()
        ) or self.r.known_names.get(name.lower(), "").startswith("person:")

    def introduce(
        self,
        noun: str,
        name: str,
        position: int,
        det: str | None,
        age: int | None,
        *,
        noun2: str | None = None,
        when: date | None = None,
    ):
        if noun2 and noun2.lower() in lx.PETS and noun.lower() in lx.BREEDS:
            # "my betta fish": the breed, then the species noun
            mention = self.introduce(noun2, name, position, det, age, when=when)
            if mention is not None:
                self.add(mention.ref, "breed", position, value=noun)
            return mention
        noun_l = noun.lower()
        owned = det is not None and det.lower() in [
            "mein",
            "meine",
            "meinem",
            "meinen",
            "meiner",
            "meines",
            "unser",
            "unsere",
            "unserem",
            "unseren",
            "unserer",
            "mei",
            "unsre",
            "unsrem",
            "unsren",
            "unsrer",
            "my",
            "our",
        ]
        # "kannst du mir helfen, ein Geschenk für meine Tochter Mila zu finden?": a question
        # asks its verb, not who "my daughter Mila" is; the possessive introduces her in passing
        given = ("question",) if owned else ()
        if noun_l in KIN_WORDS:
            relation, gender = KIN_WORDS[noun_l]
            if relation == "child":
                relation = "daughter" if lx.female_name(name) else "son"
            if relation in ("son", "daughter") and det and rx.fullmatch(INDEF, det):
                relation = self._newborn_relation(relation)
            if (
                noun_l in lx.PARTNER_WHEN_TOGETHER
                and (TOGETHER.search(self.text) or OWN_FREUND.search(self.text[:position]))
                and not CLOSE_FRIEND.search(self.text[:position])
            ):
                relation = "partner"
            held = self._called_by_kin_word(relation, name)
            mention = self.r.mention(name, "person", gender, ref=held)
            if held:
                # (the kin word it was called by stays an alias: "Mum")
                if mention.name != name and mention.name not in mention.aliases:
                    mention.aliases.append(mention.name)
                mention.name = name
                self.r.reading.named[held] = (name, self.index)
            if relation:
                self.add(mention.ref, "relation_to_user", position, value=relation, allow=given)
        elif noun_l in lx.DEVICES:
            mention = self.r.mention(name, "device")
            if owned:
                self.add("person:me", "owns", position, obj=mention.ref, allow=given)
        else:
            species, gender = (
                lx.PETS.get(noun_l) or plurals.PETS.get(noun_l) or (lx.BREEDS.get(noun_l), "")
            )
            if species is None:
                return
            mention = self.r.mention(name, "pet", gender)
            self.add(mention.ref, "species", position, value=species, allow=given)
            if noun_l in lx.BREEDS:
                self.add(
                    mention.ref,
                    "breed",
                    position,
                    value=noun.title() if noun.islower() else noun,
                    allow=given,
                )
            having = rx.search(
                r"(?i)\b(hab|habe|haben|have|has|got|adopted|geholt|bekommen|gekauft|wir|we)\b",
                self.text[:position],
            )
            # "my sister has a dog called Rex", "our neighbours have a parrot": whose is
            # the having verb's subject
            if owned or (
                det is not None
                and having
                and (FIRST_PLURAL.match(having.group(1)) or self._speakers_having(having.start()))
            ):
                self.add("person:me", "owns", position, obj=mention.ref, when=when, allow=given)
        if age is not None:
            self.add(mention.ref, "age", position, value=str(age), allow=given)
        return mention

    def _breed_set_off(self, text: str) -> None:
        """ "Frieda ist unsere Hündin, Labrador-Mix, 9 Jahre": a breed (or a cross of one) set
        off after the species noun is the breed of the pet the sentence named before it."""
        for m in BREED_SET_OFF.finditer(text):
            species = lx.breed_species(m.group("breed"))
            if species is None or species != lx.PETS[m.group("noun").lower()][0]:
                continue
            named = [
                e
                for e in self.r.reading.entities.values()
                if e.kind == "pet"
                and rx.search(rf"(?<!\w){re.escape(e.name)}(?!\w)", text[: m.start()])
            ]
            if named:
                breed = m.group("breed")
                value = breed.title() if breed.islower() else breed
                self.add(named[-1].ref, "breed", m.start("breed"), value=value)

    def _speakers_having(self, position: int) -> bool:
        """Whether the having verb at ``position`` is the speaker's: no relative, name or
        third person opens its clause ("meine Schwester hat", "our neighbours have")."""
        segment = segment_at(self.parts, position)
        before = self.text[segment.start if segment else 0 : position]
        if rx.search(rf"(?i)\b(?:{POSS})\s+(?:{ADJ}\s+)*[\wäöüß-]+\s*$", before):
            return False  # (the words right before the verb are "our neighbours", not "I")
        return self.who(position) == "person:me"

    def _open_pet(self, m: re.Match, *, kind_said: bool = True) -> bool:
        """ "unser Frettchen heißt Krümel": a pet of a species no list names, the noun as said
        (the species slot takes any word); listed nouns are read by :data:`CALLED`. Without
        ``kind_said`` only the pet is kept: "my african grey Rocco" names a breed in words
        the lists cannot turn into a species."""
        # "Blue's 13 now": the name, not its contracted "is"
        noun, name = m.group("noun"), rx.sub(r"['’]s$", "", m.group("names"))
        words = noun.lower().split()
        if any(rx.fullmatch(NOUNS, w, flags=re.I) for w in words) or rx.fullmatch(
            NOUNS, noun, flags=re.I
        ):
            return False
        compound = rx.fullmatch(rf"(?P<breed>\w{{3,}}?)(?:{COMPOUND_HEADS})", words[-1])
        if noun.lower() in lx.BREEDS or (compound and compound.group("breed") in lx.BREEDS):
            return False  # "unsere Pudelhündin Lotte": a listed breed and species, read so
        if name.lower() in NOT_NAMES or name.lower() in KIN_WORDS or lx.is_occupation(name):
            return False
        # "my old lab Bruno": an adjective the lists know says which one, not what kind
        noun = rx.sub(rf"^(?:{ADJ}\s+)+", "", noun)
        # "mei Nymphensittich Pieps": the compound's head says the species, the whole the breed
        if animals.NOT_ALIVE.match(noun):
            return False  # "mein Steckenpferd", "mein Kuschelhase": a toy, a pastime, no pet
        by_head = animals.species_by_head(noun)
        placed = by_head or m.group("pet") or animals.is_animal(noun)
        if not (placed or animals.said_as_animal(noun, text=self.text)):
            return False
        mention = self.r.mention(name, "pet")
        if by_head:
            self.add(mention.ref, "species", m.start("names"), value=by_head)
            self.add(mention.ref, "breed", m.start("names"), value=noun)
        elif placed and kind_said:
            self.add(mention.ref, "species", m.start("names"), value=noun.lower())
        self.add("person:me", "owns", m.start("names"), obj=mention.ref)
        return True

    def _noun_inside_a_phrase(self, word: str, *, before: str) -> bool:
        """Whether a word set off before "my wife" is a common noun that ends a phrase begun
        before it ("grüß Gott, mei Mädle", "mehr Glück, meine Frau sagt", "about sheep, my
        grandson reckons"), not a name. A person's name in such an apposition opens its clause
        ("Finn, mein Sohn"; a pet may be called by a noun: "das ist Krümel, unser Kaninchen"),
        and names are never plural ("sheep" is a plural to the English lexicon; its singulars
        hold "grace" and "hope")."""
        if rx.search(rf"(?:{CLAUSE_OPENING}|[.!?]\s*)$", before):
            return False
        if self._known_person(word) or word.lower() in self.r.known_names:
            return False
        lang = "de" if self.r.lang == "de" else "en"
        nouns = ("NN",) if lang == "de" else ("NN0", "NN2")
        return known_word(word, lang=lang) and part_of_speech(word, lang=lang) in nouns

    def _common_noun(self, word: str) -> bool:
        """Whether a capitalised word after a copula is a German noun for a kind of person
        ("Rentner", "Pensionär", "Hausfrau"), not a name: German capitalises every noun."""
        return (
            self.r.lang == "de"
            and part_of_speech(word, lang="de").startswith("NN")
            and not self._known_person(word)
            and word.lower() not in self.r.known_names
            # (unknown words are nouns to the tagger, so are names it never saw: "Fiete")
            and occupations.kind_of_person(word)
        )

    def _surname(self, mention: Mention, *, after: int) -> None:
        """ "mein Chef heißt Jan Petersen", "my boss Mark Wells": a person's name followed by
        a surname is also known by the whole name (the first name stays how the chat calls
        them). A surname is a word the German lexicon knows as a name, as English capitals
        do not tell a name from a sentence's next word."""
        if mention.kind != "person" or len(mention.name.split()) > 1:
            return
        m = rx.match(rf"\s+({NAME})(?![\w'’-])", self.text[after:])
        if m is None:
            return
        surname = m.group(1)
        known = {e.name for e in self.r.reading.entities.values()}
        if (
            surname.lower() in NOT_NAMES
            or surname.lower() in lx.CALENDAR_WORDS
            or surname in known
            or part_of_speech(surname, lang="de") != "NE"
        ):
            return
        full = f"{mention.name} {surname}"
        if full not in mention.aliases:
            mention.aliases.append(full)

    def _called_by_kin_word(self, relation: str, name: str) -> str:
        """The parent the window or memory holds by the kin word alone ("mum's 80th is …"
        made "Mum"), whom "mum is Margaret" names: one mother, not a second one called
        Margaret; "" when there is none, or when the name is someone's already."""
        if relation not in ("mother", "father"):
            return ""
        if name.lower() in self.r.known_names or ref_for(name, "person") in self.r.reading.entities:
            return ""
        for claim in reversed(self.r.reading.claims):
            if claim.predicate == "relation_to_user" and claim.value == relation:
                mention = self.r.reading.entities.get(claim.subject)
                called = mention is not None and mention.name.lower() in KIN_WORDS
                return claim.subject if called else ""
        held = self.r.known_relatives.get(relation, "")
        names = {alias for alias, ref in self.r.known_names.items() if ref == held}
        # memory knows her only by kin words ("mum", "mother"), by no name of her own
        if held and names and all(alias in KIN_WORDS for alias in names):
            return held
        return ""

    def people_and_pets(self) -> None:
        text = self.text
        if text == text.lower():
            # a writer without capitals: the word after a kinship noun is the name
            text = rx.sub(
                rf"(?i)\b({NOUNS})\s+([a-zäöü]{{3,}})\b(?=(\s+\w+)?)",
                lambda m: (
                    m.group(1)
                    + " "
                    + (
                        m.group(2).capitalize()
                        if m.group(2) not in LOWER_WORDS
                        # "call mum about dad's 70th", "ring my gran after lunch"
                        and lower_names.could_be_name(m.group(2), lang=language_of(text))
                        and not _verb_in_name_slot(m.group(2), m.group(3) or "", noun=m.group(1))
                        and not _verb_in_context(self.text, m.start(2), lang=language_of(text))
                        and not _compound_after_animal(m, lang=language_of(text))
                        else m.group(2)
                    )
                ),
                text,
            )
        theirs: list[tuple[str, str, str, int]] = []
        for m in OTHERS.finditer(text):
            noun = m.group("noun").lower()
            for name, age in _named_after(noun, None, m.group("names")):
                if name.lower() in KIN_WORDS or name.lower() in lx.PETS:
                    continue
                if noun in lx.PETS:
                    species, gender = lx.PETS[noun]
                    mention = self.r.mention(name, "pet", gender)
                    self.add(mention.ref, "species", m.start("names"), value=species)
                else:
                    gender = KIN_WORDS.get(noun, ("", ""))[1]
                    mention = self.r.mention(name, "person", gender)
                    # (whose relative they are is known once the sentence's own are read)
                    theirs.append((mention.ref, m.group("det"), noun, m.start()))
                if age is not None:
                    self.add(mention.ref, "age", m.start("names"), value=str(age))
        named_here = False
        for m in COMPOUND_PET.finditer(text):
            breed = m.group("breed")
            if breed.lower() not in lx.BREEDS:
                continue  # "Nachbarshund" names no breed
            for name, age in _names(m.group("names")):
                mention = self.introduce(
                    m.group("noun"), name, m.start("names"), m.group("det"), age
                )
                if mention is not None:
                    self.add(mention.ref, "breed", m.start("breed"), value=breed)
        for m in (*PET_APPOSED.finditer(text), *PET_THE.finditer(text)):
            name = _clean_name(m.group("names"))
            known = self.r.reading.entities.get(self.r.known_names.get(name.lower(), ""))
            if (
                name.lower() in NOT_NAMES
                # "einen Hund, einen Beagle namens Bruno": the animal said twice, no name
                or _animal_word(name)
                or m.group("noun").lower() in lx.BREEDS_ALSO_PEOPLE
                or (known is not None and known.kind != "pet")
                # "nen hund aus spanien, nen galgo": where it came from, no name
                or PLACE_BEFORE.search(text, 0, m.start("names"))
            ):
                continue
            # (no owner: "hab diese Woche drei Gäste: Bruno, n Berner Sennenhund")
            named_here = (
                self.introduce(m.group("noun"), name, m.start("names"), None, None) or named_here
            )
        for m in OPEN_APPOSED.finditer(text):
            name, noun = _clean_name(m.group("names")), m.group("noun")
            species = animals.species_by_head(noun)
            known = self.r.reading.entities.get(self.r.known_names.get(name.lower(), ""))
            if species is None or name.lower() in NOT_NAMES or (known and known.kind != "pet"):
                continue
            if _animal_word(name) or PLACE_BEFORE.search(text, 0, m.start("names")):
                continue  # "einen Kater, einen Maine Coon namens Moritz"
            if rx.fullmatch(NOUNS, noun.split()[-1], flags=re.I):
                continue  # a listed word, read by PET_APPOSED
            mention = self.r.mention(name, "pet")
            self.add(mention.ref, "species", m.start("names"), value=species)
            self.add(mention.ref, "breed", m.start("names"), value=noun)
            named_here = True
        for pattern in (INTRO, APPOSITION, CALLED, CALLED_MANY, TITLE, BARE_CALLED):
            for m in pattern.finditer(text):
                det = m.groupdict().get("det")
                if pattern is TITLE:
                    det = None
                    if OTHERS_BEFORE.search(text[: m.start()]) or rx.search(
                        r"[\w-]['’]s\s+$", text[: m.start()]
                    ):
                        # "her oma Gertrud", "my wife's mom Carol": someone else's, read as
                        # theirs above
                        continue
                if pattern is BARE_CALLED:
                    det = "my"
                if pattern is APPOSITION:
                    before = rx.search(r"(\w+)\s*$", text[: m.start()])
                    # (southern German puts an article before a person named already: "der
                    # Lukas is mei Patenkind")
                    person_with_article = (
                        before is not None
                        and before.group(1).lower() in ("der", "die")
                        and self._known_person(m.group("names"))
                    )
                    # (and before a pet's name: "dann die Kira, unsere Katze, …")
                    pet_with_article = (
                        before is not None
                        and before.group(1).lower() in ("der", "die")
                        and m.group("noun").lower() in lx.PETS
                        and is_proper_noun(m.group("names"), lang="de")
                    )
                    if (
                        before
                        and before.group(1).lower() in APPOSITION_BLOCKERS
                        and not (person_with_article or pet_with_article)
                    ) or m.group("names").endswith("ing"):
                        continue
                    following = rx.match(rf"\s*,?\s*({NAME}(?:\s+{NAME})?)", text[m.end() :])
                    species = lx.PETS.get(m.group("noun").lower(), ("",))[0]
                    if following and not _names_a_breed(following.group(1), species=species):
                        continue  # "at the Red Lion, my wife Shanice": the name follows
                    if m.group("noun").lower() in KIN_WORDS and self._noun_inside_a_phrase(
                        m.group("names"), before=text[: m.start()]
                    ):
                        continue
                noun, noun2 = m.group("noun"), m.groupdict().get("noun2")
                if (
                    pattern is INTRO
                    and self.r.pending_pet
                    and det
                    and rx.fullmatch(INDEF, det)
                    and (noun.lower() in lx.PETS or noun.lower() in lx.BREEDS)
                ):
                    # "we've got a new puppy!! a border collie called Skye": the pet just
                    # said to be the speaker's
                    det = "our"
                    self.r.pending_pet = None
                if (
                    pattern is INTRO
                    and det
                    and rx.fullmatch(INDEF, det)
                    and noun.lower() in SEVERAL
                    and KIN_WORDS.get(noun.lower(), ("",))[0] in ("son", "daughter", "child")
                ):
                    continue  # counted children are whoever has them (:mod:`.introduction`)
                if noun.lower() in TITLE_KIN and not (det and rx.fullmatch(POSS, det)):
                    # "an Frau Kaya", "ne Frau namens Ute": a title or a woman, someone the
                    # window can point back to, but no wife
                    for name, _ in _names(m.group("names")):
                        self.r.mention(name, "person", "f" if noun.lower() == "frau" else "m")
                    continue
                for name, age in _named_after(noun, det, m.group("names")):
                    if name.lower() in KIN_WORDS or name.lower() in lx.PETS:
                        continue
                    if (
                        noun.lower() in lx.PETS
                        and "," in text[m.start("noun") : m.start("names")]
                        and _names_a_breed(
                            text[m.start("names") :], species=lx.PETS[noun.lower()][0]
                        )
                    ):
                        continue  # "unsere Hündin, Labrador-Mix": her breed, read below
                    if pattern in (CALLED, CALLED_MANY, BARE_CALLED) and (
                        lx.is_occupation(name) or name.lower() in lx.DIETS
                    ):
                        continue  # "Meine Mama ist Krankenschwester" names her job, not her
                    if (
                        pattern is CALLED_MANY
                        and m.groupdict().get("copula")
                        and age is None
                        and not is_proper_noun(name, lang=self.r.lang)
                    ):
                        # "my parents are British", "meine Eltern sind Rentner": a name is one
                        # the tagger knows as such or said with an age ("Finn (10)")
                        continue
                    if (
                        m.groupdict().get("copula")
                        and noun.lower() in KIN_WORDS
                        and self._common_noun(name)
                    ):
                        # "mein Vater ist Rentner": what he is, not what he is called (a pet
                        # may well be called by a noun: "unser Hund ist der Krümel")
                        continue
                    named_here = True
                    mention = self.introduce(noun, name, m.start("names"), det, age, noun2=noun2)
                    if pattern in (INTRO, CALLED) and mention is not None:
                        self._surname(mention, after=m.end("names"))
        for ref, det, noun, position in theirs:
            self._relate_through(ref, det=det, noun=noun, position=position)
        self._breed_set_off(text)
        for m in OPEN_CALLED.finditer(text):
            named_here = self._open_pet(m) or named_here
        for m in OPEN_INTRO.finditer(text):
            named_here = (
                self._open_pet(m, kind_said=len(m.group("noun").split()) == 1) or named_here
            )
        for m in PRONOUN_NAMING.finditer(pronoun_first(text)):
            for noun, (name, det) in self.r.named_later.items():
                if name == m.group("named"):
                    named_here = True
                    self.introduce(noun, name, m.start("named"), det, None)
        # "bei meinem Bruder. Jonas, der Ältere, …" / "… unseren Hund geholt! Rocky, ein …"
        pending = self.r.pending_kin
        opening = rx.match(
            # (after an emoji: "… adoptiert 🐕 Luzi, n mischling")
            rf"[^\w,.;:!?]*(?P<name>{NAME})(?=\s*[,.!]|\s+(?:ist|is|hat|has|wohnt|lives)\b)",
            text,
        )
        if (
            pending
            and opening
            and not named_here
            and opening.group("name").lower() not in NOT_NAMES
        ):
            noun, det, when = pending
            mention = self.introduce(
                noun, opening.group("name"), opening.start("name"), det, None, when=when
            )
            named_here = mention is not None
        self.r.pending_kin = None
        if not named_here:
            for m in rx.finditer(
                rf"(?P<det>{POSS}|{INDEF})\s+(?:{ADJ}\s+)*(?P<noun>{NOUN})\s*(?:[.!]|$)", text
            ):
                self.r.pending_kin = (
                    m.group("noun"),
                    m.group("det"),
                    self.time_for(m.start(), "owns"),
                )
        for m in UNNAMED_PET.finditer(text):
            noun = m.group("noun").lower()
            # "we adopted a greyhound": the breed says the species
            species, gender = lx.PETS.get(noun) or (lx.BREEDS[noun], "")
            self.r.pending_pet = (species, gender, self.time_for(m.start(), "owns"), self.index)
            self.r.pending_breed = None if noun in lx.PETS else m.group("noun")
            if not named_here:
                self.r.pending_kin = (
                    m.group("noun"),
                    m.group("det"),
                    self.time_for(m.start(), "owns"),
                )
        # "Kann Günter das machen? Das ist mein Nachbar.": the one named just before is kin
        pointed = POINTED_KIN.match(text)
        if pointed and not named_here and self.r.previous:
            named = self._named_in(self.r.previous[1])
            noun = pointed.group("noun").lower()
            if named and noun in KIN_WORDS and KIN_WORDS[noun][0] != "child":
                relation, gender = KIN_WORDS[noun]
                mention = self.r.mention(named, "person", gender)
                self.add(mention.ref, "relation_to_user", pointed.start("noun"), value=relation)
        # "walk Pickles round the block, she's our beagle": the animal named before the
        # afterthought that says what it is
        for m in PRONOUN_IS_PET.finditer(text):
            before = [
                n
                for n in rx.finditer(rf"(?<=\s)(?P<n>{NAME})\b", text[: m.start()])
                if n.group("n").lower() not in NOT_NAMES
                and self.r.reading.entities.get(f"person:{slugify(n.group('n'))}") is None
            ]
            if before and not named_here:
                self._own_animal(before[-1].group("n"), m.group("noun"), m.start("noun"))
        # "how much to feed a greyhound? we adopted a retired racer called Biscuit": an
        # animal named by another word after the turn spoke of its kind
        for m in ADOPTED_CALLED.finditer(text):
            kind = PET_WORD.search(f"{self.r.previous[1] if self.r.previous else ''} {text}")
            name = m.group("name")
            if not named_here and kind is not None and name.lower() not in NOT_NAMES:
                self._own_animal(name, kind.group(0), m.start("name"))
        if self.r.pending_pet:
            # "die katze auf unserem insta is die von lukas, heißt nudel": someone else's
            whose = OTHERS_ANIMAL.search(text)
            other = whose and (whose.group("owner") or whose.group("owner2"))
            owner = (
                self.r.mention(other.capitalize(), "person").ref
                if other and lower_names.could_be_name(other.lower(), lang=self.r.lang)
                else "person:me"
            )
            for m in NAMED_LATER.finditer(text):
                species, gender, when, _ = self.r.pending_pet
                group = "names" if m.group("names") else "fronted"
                for name, _age in _names(m.group(group)):
                    mention = self.r.mention(name, "pet", gender)
                    self.add(mention.ref, "species", m.start(group), value=species)
                    if self.r.pending_breed:
                        self.add(mention.ref, "breed", m.start(group), value=self.r.pending_breed)
                    self.add(owner, "owns", m.start(group), obj=mention.ref, when=when)
                self.r.pending_pet = self.r.pending_breed = None
        for m in MARRIED.finditer(text):
            for name, _ in _names(m.group("names")):
                article = (m.group("article") or "").lower()
                female = article == "der" or (article != "dem" and lx.female_name(name))
                mention = self.r.mention(name, "person", "f" if female else "m")
                self.add(
                    mention.ref,
                    "relation_to_user",
                    m.start(),
                    value="wife" if female else "husband",
                )
        for m in MOVED_IN_WITH.finditer(text):
            name = m.group("names") or m.group("names2")
            if name.lower() in NOT_NAMES or name.lower() in KIN_WORDS:
                continue
            if m.group("names2") and not m.group("moved") and not LIVING.search(text):
                continue
            mention = self.r.mention(name, "person")
            self.add(mention.ref, "relation_to_user", m.start(), value="partner")
        for m in ENGAGED.finditer(text):
            named = m.group("names") or m.group("names2") or m.group("names3") or m.group("names4")
            for name, _ in _names(named):
                mention = self.r.mention(name, "person")
                self.add(mention.ref, "relation_to_user", m.start(), value="fiancee")
        for couple in couples.couples(text):
            if couple.name.lower() in NOT_NAMES or couple.name.lower() in KIN_WORDS:
                continue
            mention = self.r.mention(couple.name, "person", couple.gender)
            # (a question after the couple asks of something else: "… zusammengekommen 🥰 was
            # schenk ich ihr?"; one before it is not read as a couple at all)
            self.add(
                mention.ref,
                "relation_to_user",
                couple.start,
                value=couple.relation,
                allow=("question",),
            )
        self._engaged_together()
        self._married_together()
        for m in rx.finditer(
            rf"(?i)(?<!\w)(?P<who>he|she|er|sie)(?:'s|\s+is|\s+ist)\s+(?:{POSS})\s+(?:{ADJ}\s+)*(?P<noun>{NOUN})(?![\w-])",
            text,
        ):
            mention = self.r.resolve(m.group("who"))
            noun = m.group("noun").lower()
            if mention is not None and mention.kind == "person" and noun in lx.KIN:
                self.add(mention.ref, "relation_to_user", m.start("noun"), value=lx.KIN[noun][0])
        # "hab mit Lena telefoniert, das ist meine beste Freundin", "I met Raj, that's my
        # cousin", "der erwin muss raus, dat is mein dackel": the demonstrative stands for
        # the name said just before it
        for m in DEMONSTRATIVE_KIN.finditer(text):
            noun = m.group("noun").lower()
            name = self._named_right_before(m.start()) or self._last_name_before(m.start(), text)
            if name is None:
                continue
            if noun in lx.KIN:
                mention = self.r.mention(name, "person", lx.KIN[noun][1])
                self.add(mention.ref, "relation_to_user", m.start("noun"), value=lx.KIN[noun][0])
            elif (noun in lx.PETS or noun in lx.BREEDS) and not named_here:
                self._own_animal(name, m.group("noun"), m.start("noun"))
        # a known name in the sentence keeps its entity recent for pronouns
        for m in rx.finditer(NAME, text):
            ref = self.r.known_names.get(m.group(0).lower())
            if ref and ref not in self.r.reading.entities:
                kind = ref.split(":")[0]
                self.r.mention(m.group(0), kind)
        # verb-second: "Eigentlich ist Flocke ein Meerschweinchen"
        for m in rx.finditer(
            rf"(?i:\bist|\bis)\s+(?P<who>{NAME})\s+(?:(?i:eigentlich|actually|auch|also)\s+)?(?i:ein|eine|ne|a|an)\s+(?P<noun>{NOUN})(?![\w-])",
            text,
        ):
            ref = self.r.known_names.get(m.group("who").lower())
            mention = self.r.reading.entities.get(ref or "") or next(
                (e for e in self.r.reading.entities.values() if e.name == m.group("who")), None
            )
            noun = m.group("noun").lower()
            if mention is None or mention.kind != "pet":
                continue
            species = (lx.PETS.get(noun) or (lx.BREEDS.get(noun), ""))[0]
            if species:
                self.add(mention.ref, "species", m.start("noun"), value=species)
        # "Pepper is a two-year-old Maine Coon", "Flocke ist ein Meerschweinchen"
        for m in rx.finditer(
            rf"(?P<who>{NAME}|(?i:er|sie|es|he|she|it|der|die))(?:\s+(?i:ist|is)|(?i:'s))\s+(?:(?i:eigentlich|actually|auch|also|übrigens)\s+)?"
            rf"(?:(?i:ein|eine|ne|a|an)\s+)(?:(?P<age>\d{{1,2}})[- ](?i:year|jahre?)[- ]?(?i:old|alt)?e?r?\s+)?(?P<noun>{NOUN})(?![\w-])",
            text,
        ):
            who = m.group("who")
            mention = self.r.resolve(who) if who.lower() in PRONOUNS else None
            if mention is None:
                ref = self.r.known_names.get(who.lower())
                ent = self.r.reading.entities.get(ref or "") if ref else None
                ent = ent or next(
                    (e for e in self.r.reading.entities.values() if e.name == who), None
                )
                mention = ent
            if mention is None or mention.kind != "pet":
                continue
            noun = m.group("noun")
            species = (lx.PETS.get(noun.lower()) or (lx.BREEDS.get(noun.lower()), ""))[0]
            if species:
                self.add(mention.ref, "species", m.start("noun"), value=species)
            if noun.lower() in lx.BREEDS:
                self.add(mention.ref, "breed", m.start("noun"), value=noun)
            if m.group("age"):
                self.add(mention.ref, "age", m.start("noun"), value=m.group("age"))
        # a breed named beside a pet of the sentence: "ne Beagle-Dame", "(Labrador, 5 Jahre)"
        pets = [
            e
            for e in self.r.last
            if e.kind == "pet" and rx.search(rf"\b{re.escape(e.name)}\b", text)
        ]
        if pets:
            pet = pets[-1]
            for m in rx.finditer(
                rf"(?i)(?<![\w-])({_alternation(lx.BREEDS)})(?![\w]|-mix|-mischling| mix)", text
            ):
                if self.r.reading.claims and any(
                    c.subject == pet.ref and c.predicate == "breed" for c in self.r.reading.claims
                ):
                    break
                if rx.match(
                    r"(?i)\s+(von|of|from)\s+(meiner|meinem|my|der|dem|the)\b", text[m.end() :]
                ):
                    continue
                breed = m.group(1)
                if breed.casefold() == pet.name.casefold():
                    continue  # "mein Hund Rex": a breed's word as the pet's name
                breed = breed if not breed.islower() else breed.title() if " " in breed else breed
                self.add(pet.ref, "breed", m.start(), value=breed)
                break

    def self_introduction(self) -> None:
        """ "kurz zu mir: Murat, 34, Meister im Autohaus Wendt", "rundown on me: Keisha, 41,
        nurse practitioner at Emory": name, age and the first item naming an occupation are
        the speaker's; in the rest of that turn a pet with its article ("der Kater Paşa") is
        the speaker's too. The item after a new job names the job too ("started a new job
        last week, junior ux designer at Foxglove")."""
        said = intro.introduction(self.text)
        if said is not None and said.name.lower() not in NOT_NAMES:
            self.r.introducing = self.index
            self.add("person:me", "name", said.name_start, value=said.name)
            self.add("person:me", "age", said.age_start, value=said.age)
            self._own_town(said.name_start + len(said.name))
            for start, item in said.items:
                if self._listed_occupation(start, item):
                    break
        # "name's Callum. 41, self-employed plumber, live in Dennistoun": once the speaker has
        # named themselves, a sentence opening with a bare age goes on about them
        aged = intro.aged_list(self.text)
        if aged is not None and self._named_self():
            self.add("person:me", "age", aged.age_start, value=aged.age)
            for start, item in aged.items:
                if self._listed_occupation(start, item):
                    break
        # "name's Callum but it's Cal to everyone", "quick intro: name's Sammy"
        named = own.own_name(self.text)
        if named is not None and named.value.lower() not in NOT_NAMES | NOT_OWN_NAMES:
            self.add("person:me", "name", named.start, value=named.value)
            self._after_own_name(named.end)
        form = intro.form_name(self.text)
        if form is not None:
            self.add("person:me", "name", form.start("name"), value=form.group("name"))
        # "moin, wiebke hier aus oldenburg", "its priya btw": the chat's opening names the
        # writer, and the town said with it is where they live
        greeted = greetings.opening_self(self.text)
        if greeted is not None and greeted.name.lower() not in NOT_NAMES | NOT_OWN_NAMES:
            self.add("person:me", "name", greeted.name_start, value=greeted.name)
            self._after_own_name(greeted.name_start + len(greeted.name))
            if greeted.place is not None and greeted.place_start is not None:
                where = self.r.mention(self._place(greeted.place), "place")
                self.add("person:me", "lives_in", greeted.place_start, obj=where.ref)
        for m in intro.NEW_JOB.finditer(self.text):
            if self.who(m.start()) == "person:me":  # not "my sister got a new job, …"
                self._listed_occupation(m.start("item"), m.group("item"))
        if self.r.introducing == self.index:
            for m in rx.finditer(
                rf"(?i:\b(?:der|die|das|the)\s+)(?P<noun>(?i:{_alternation(lx.PETS)}))\s+"
                rf"(?P<name>{NAME})",
                self.text,
            ):
                if m.group("name").lower() not in NOT_NAMES:
                    self.introduce(m.group("noun"), m.group("name"), m.start("name"), "my", None)

    def _listed_occupation(self, start: int, item: str) -> bool:
        """A list item naming the speaker's occupation ("nurse practitioner at Emory", "jetzt
        Fahrer bei DHL") → works_as, and works_at for a named employer; whether it did."""
        job = intro.occupation_item(item)
        if job is None or not (lx.is_occupation(job[0]) or _open_job(job[0], lang=self.r.lang)):
            return False
        words, employer = job[0].split(), job[1]
        if words[0].lower() in ("war", "was", "früher", "formerly"):
            return True  # "seit drei Jahren in Rente, war Grundschullehrerin": the job before
        while words[0].lower() in OCC_FILLERS:
            words.pop(0)  # "jetzt Fahrer bei DHL"
        self.add("person:me", "works_as", start, value=" ".join(words))
        if employer and employer.lower() not in NOT_NAMES:
            org = self.r.mention(employer, "org")
            self.add("person:me", "works_at", start + item.index(employer), obj=org.ref)
        return True

    def own_children_and_pets(self) -> None:
        """Children and pets the speaker names in a breath: counted ("zwei Jungs, Emir (6) und
        Can (3)", "hab jetzt zwei Wellensittiche!! Pipo und Kiki") after a first-person word or
        in an introduction, never after someone else's ("sie hat zwei Jungs"); or called by
        their rank ("unsere große Emma ist 16", "my boy Jayden's 9"), unless a pet is spoken
        of beside the name ("our girl Luna, a beagle")."""
        introducing = self.r.introducing == self.index
        for child in intro.counted_children(self.text):
            if introducing or self._speakers_own(child.counted_at):
                self._own_child(child.name, child.start, child.relation, child.age)
        for child in intro.listed_children(self.text):
            # "kinder: Tom (5) …" in the speaker's own note, not "Anna: kids are …"
            if self.who(child.counted_at, default=None) in (None, "person:me"):
                self._own_child(child.name, child.start, child.relation, child.age)
        pets = {e.name for e in self.r.reading.entities.values() if e.kind == "pet"}
        pet_word = re.compile(rf"(?i)(?<![\w-])(?:{_alternation([*lx.PETS, *lx.BREEDS])})(?![\w-])")
        for child in intro.ranked_children(self.text):
            name = child.name
            if (
                # "our girl Luna (a beagle)": a pet called so
                pet_word.search(rx.split(r"[.;!?]", self.text[child.start :])[0])
                or name in pets
                or name.lower() in KIN_WORDS
                or name.lower() in NOT_NAMES
                # a German noun after "unser kleiner" is a name only with its age or its form
                or (
                    self.r.lang == "de"
                    and child.age is None
                    and not is_proper_noun(name, lang="de")
                )
            ):
                continue
            self._own_child(name, child.start, child.relation, child.age)
        self._pets_counted_before()
        self._pet_in_parentheses()
        for pet in intro.counted_pets(self.text):
            if pet.name.lower() in NOT_NAMES or not (
                introducing or self._speakers_own(pet.counted_at)
            ):
                continue
            mention = self.r.mention(pet.name, "pet", pet.gender)
            self.add(mention.ref, "species", pet.start, value=pet.species)
            self.add("person:me", "owns", pet.start, obj=mention.ref)
            if pet.age is not None:
                self.add(mention.ref, "age", pet.start, value=str(pet.age))

    def _pets_counted_before(self) -> None:
        """ "hab jetzt zwei Wellensittiche!! Pipo und Kiki": the names opening this sentence
        are the pets the speaker's previous sentence counted."""
        if self.r.previous is None or self.r.previous[0] != self.index:
            return
        before, pets = intro.pets_named_next(self.r.previous[1], self.text)
        if not pets or THEIRS.search(before) or KIN_BEFORE.search(before):
            return  # "sie hat zwei Katzen!", "my sister has two dogs."
        if not (
            first_person(before).search(before) or _dropped_i(before.strip(), lang=self.r.lang)
        ):
            return
        for pet in pets:
            if pet.name.lower() in NOT_NAMES:
                continue
            mention = self.r.mention(pet.name, "pet", pet.gender)
            self.add(mention.ref, "species", pet.start, value=pet.species)
            self.add("person:me", "owns", pet.start, obj=mention.ref)
            if pet.age is not None:
                self.add(mention.ref, "age", pet.start, value=str(pet.age))

    def _pet_in_parentheses(self) -> None:
        """ "our old boy Winston (17yo tabby cat)", "unsere Motte (3, Beagle)": a name the
        parentheses after it say is a pet, the speaker's when a possessive comes shortly
        before the name."""
        for m in PET_IN_PARENTHESES.finditer(self.text):
            name = m.group("name")
            if name.lower() in NOT_NAMES or name.lower() in KIN_WORDS:
                continue
            owner = rx.search(rf"(?P<det>{POSS})(?:\s+[\w-]+){{0,2}}\s+$", self.text[: m.start()])
            age = int(m.group("age")) if m.group("age") else None
            self.introduce(
                m.group("noun"), name, m.start("name"), owner.group("det") if owner else None, age
            )

    def _own_child(self, name: str, position: int, relation: str | None, age: int | None) -> None:
        relation = relation or ("daughter" if lx.female_name(name) else "son")
        mention = self.r.mention(name, "person", "f" if relation == "daughter" else "m")
        self.add(mention.ref, "relation_to_user", position, value=relation)
        if age is not None:
            self.add(mention.ref, "age", position, value=str(age))

    def _speakers_own(self, position: int) -> bool:
        """Whether the clause up to ``position`` is the speaker's own ("ich hab", "we've got",
        "hab jetzt"), not someone else's ("sie hat", "meine Schwester hat", "her boys")."""
        segment = segment_at(self.parts, position)
        before = self.text[segment.start if segment else 0 : position]
        if rx.search(r"(?i)\b(?:they|his|her|their|sein\w*|ihr\w*)\b", before):
            return False
        who = self.who(position, default=None)
        if first_person(before).search(before):
            return who == "person:me"
        return who in (None, "person:me") and (
            _dropped_i(before.strip(), lang=self.r.lang)
            or bool(rx.match(r"(?i)(?:hab|habe|got|have)\b", before.strip()))
        )

    def ages(self) -> None:
        text = self.text
        for m in rx.finditer(
            r"(?i)\b(?:ich bin|bin|i'm|i am|im|like i'm|und bin)\s+(?:jetzt\s+|now\s+|schon\s+)?(\d{1,2})\b(?!\s*(?:uhr|%|km|min|stunden|hours|euro|€|\$|mg|kg|:|(?i:weeks?|wochen?|months?|monate?n?|days?|tage?n?|mal|times)\b))",
            text,
        ):
            if rx.search(r"(?i)\b(seit|since|um|at)\s*$", text[: m.start(1)]):
                continue
            if m.group(0).lower().startswith("im") and rx.match(r"\.\s*\w", text[m.end(1) :]):
                continue  # "im 5. Semester": "im" before an ordinal is "in dem", not "I'm"
            # in German a number with a full stop before a word is an ordinal ("im 5. semester",
            # where "im" is "in dem", "bin im 3. lehrjahr"), no age ("i'm 30. no wait" is one)
            if self.r.lang == "de" and rx.match(r"\.\s*[a-zäöü]", text[m.end(1) :]):
                continue
            self.add("person:me", "age", m.start(1), value=m.group(1))
        for m in rx.finditer(
            # "ich bin die Svenja, 29": a German name may carry its article
            rf"(?i)\b(?:ich bin|i'm|i am)\s+(?:(?i:übrigens|eigentlich|btw|actually)\s+)?"
            rf"(?:(?i:die|der)\s+)?{NAME},\s*(\d{{1,2}})\b",
            text,
        ):
            self.add("person:me", "age", m.start(1), value=m.group(1))
        for m in rx.finditer(
            # (chat and regional spellings of the years: "4 yrs old", "91 johr", "85 joar alt")
            r"(?i)\b(\d{1,3}|[a-z]+(?:-[a-z]+)?)[- ](?:(?:jahre|johr|joar|jahr)(?: alt)?|years old|"
            r"year old|year-old|yrs old|yo)\b",
            text,
        ):
            years = lx.number(m.group(1))
            if years is None or years > 120:
                continue
            bare = not rx.search(r"(?i)alt|old|yo", m.group(0))
            if (
                bare
                and not (
                    rx.search(r"[(,]\s*$", text[: m.start()])
                    and (
                        rx.match(r"\s*[,)]|\s*$", text[m.end() :])
                        # closing a list of short items: "unsere Katze, Britisch Kurzhaar, 12 Jahre."
                        or (
                            rx.match(r"\s*[.;!]", text[m.end() :])
                            and rx.search(r",\s*(?:[^\W\d_][\w-]*\s*){1,3},\s*$", text[: m.start()])
                        )
                    )
                )
            ):
                continue  # "drei Jahre gelebt" is a duration, "(Labrador, 5 Jahre)" an age
            if rx.search(r"(?i)\b(seit|since|vor|for|nach|after|in)\s+$", text[: m.start()]):
                continue
            if rx.search(
                r"(?i)(?:\band|\bund|,)\s+(?:a|an|ein|eine|einen|n)\s+$", text[: m.start()]
            ):
                continue  # "a bearded dragon called Bao and a 3 yo": one more, not named
            subject = self.r.subject_before(text, m.start(), 0)
            if subject and subject != "person:me":
                self.add(subject, "age", m.start(), value=str(years))
        for m in rx.finditer(
            rf"(?i)\b(?P<who>er|sie|he|she|who|der|die|{NAME})(?:'s|\s+is|\s+ist)\s+(?:{AGE_FILLERS}\s+){{0,2}}(?P<n>\d{{1,2}})\b(?!\s*(?:uhr|%|km|:|jahre|years|(?i:weeks?|wochen?|months?|monate?n?|days?|tage?n?|kg|cm|mal|times|min\w*|hours?|stunden?|miles?|meter\w*)\b))",
            text,
        ):
            who = m.group("who").lower()
            if who == "who":
                subject = self.r.subject_before(text, m.start(), 0)
            else:
                subject = self.r.subject_before(text, m.end("who"), m.start("who"))
            if subject and subject != "person:me":
                self.add(subject, "age", m.start("n"), value=m.group("n"))

        # "Anya who's 9", "Ben ist vorgestern 18 geworden", "he turned 40 last week": an age
        # said of someone named, as a relative clause or as the birthday just passed
        for m in rx.finditer(
            rf"(?P<who>{NAME})\s*,?\s+(?i:who's|who is|der ist|die ist)\s+(?:(?i:now|jetzt|grad|gerade)\s+)?(?P<n>\d{{1,3}})\b(?!\s*(?i:uhr|%|km|kg|cm|:))"
            rf"|(?P<who2>\b(?i:er|sie|he|she)\b|{NAME})\s+(?i:ist|is|has|hat)\s+(?:[\wäöü]+\s+){{0,3}}?(?P<n2>\d{{1,3}})\s+(?i:geworden|worn)\b"
            rf"|(?P<who3>\b(?i:er|sie|he|she)\b|{NAME})\s+(?:(?i:just|only just|has|has just)\s+)?(?i:turned)\s+(?P<n3>\d{{1,3}})\b"
            # "Isla who's just turned 6", "Ella, die gerade 9 geworden ist"
            rf"|(?P<who4>{NAME})\s*,?\s+(?:{RELATIVE_TURNED}(?P<n4>\d{{1,3}})\b"
            rf"|(?i:der|die)\s+(?:[\wäöü]+\s+){{0,2}}?(?P<n5>\d{{1,3}})\s+(?i:(?:jahre\s+(?:alt\s+)?)?geworden\s+ist)\b)",
            text,
        ):
            key = next(k for k in ("who", "who2", "who3", "who4") if m.group(k))
            numbers = {"who": "n", "who2": "n2", "who3": "n3"}
            number = m.group(numbers[key]) if key in numbers else m.group("n4") or m.group("n5")
            if m.group(key).lower() in NOT_NAMES - {"er", "sie", "he", "she"}:
                continue
            subject = self.r.subject_before(text, m.end(key), m.start(key))
            if subject and subject != "person:me" and int(number) <= 120:
                if key == "who":
                    self.add(subject, "age", m.start(key), value=number)
                else:
                    self._age_reached(subject, m.start(key), value=number)
        # "mein papa heißt walter, is 84 und …": an age in a clause whose subject a chat
        # drops after a comma or "und", the one the clause before is about
        for m in DROPPED_SUBJECT_AGE.finditer(text):
            subject = self.r.subject_before(text, m.start(), 0)
            if subject and subject.startswith("person:") and subject != "person:me":
                self.add(subject, "age", m.start("n"), value=m.group("n"))
        self._bare_ages()
        self._ages_in_parentheses()
        self._birthday_ages()
        self._ages_of_groups()
        self._ages_after_a_description()
        self._my_age_after_a_description()

    def _engaged_together(self) -> None:
        """ "we got engaged on august 15th", "wir haben uns verlobt": the partner the window
        names is now the fiancé(e)."""
        said = WE_ENGAGED.search(self.text)
        if said is None or NOT_A_PASTIME.search(self.text[: said.end()]):
            return  # "we never got engaged", "wir haben uns nicht verlobt"
        partner = self._partner_named(("partner", "friend", "husband", "wife"))
        if partner is not None:
            self.add(partner.subject, "relation_to_user", said.start(), value="fiancee")

    def _partner_named(self, relations: tuple[str, ...] | frozenset[str]) -> Claim | None:
        """The window's last claim that a person is the speaker's partner in one of
        ``relations``."""
        return next(
            (
                c
                for c in reversed(self.r.reading.claims)
                if c.predicate == "relation_to_user"
                and c.value in relations
                and c.subject.startswith("person:")
            ),
            None,
        )

    def _married_together(self) -> None:
        """ "Mein Mann heißt Hans-Peter. Wir sind seit 2001 verheiratet.": the spouse or
        partner the window names is the one the couple's time dates."""
        said = WE_A_COUPLE.search(self.text)
        if said is None or couples.UNSAID.search(self.text[: said.end()]):
            return  # "we were married", "wenn wir heiraten würden", "we're not together"
        partner = self._partner_named(PARTNERS)
        if partner is None:
            return
        value = partner.value
        mention = self.r.reading.entities.get(partner.subject)
        if value in ("partner", "fiancee") and WEDDED.search(said.group(0)) and mention:
            # "My boyfriend Sam … We got married in June": the partner is now the spouse
            value = {"f": "wife", "m": "husband"}.get(mention.gender, value)
        self.add(partner.subject, "relation_to_user", said.start(), value=value)

    def _bare_ages(self) -> None:
        """ "Mein Opa ist 92", "my mum's 70", "Unser Kater heißt Moritz und ist schon 14": a
        bare number the copula gives a relative or pet the clause is about, closing the clause
        (not "my mum is 5 minutes away", "ist 3 Tage weg")."""
        for m in rx.finditer(
            rf"(?i)(?:\b(?:{POSS})\s+(?:{ADJ}\s+)*(?:{NOUNS})|\b(?:und|and))"
            rf"(?:['’]s|\s+is|\s+ist)\s+(?:{AGE_FILLERS}\s+){{0,2}}(?P<n>\d{{1,3}})(?=\s*(?:$|[,.!;)]|(?:und|and|but|aber|now|jetzt)\b))",
            self.text,
        ):
            subject = self.r.subject_before(self.text, m.start("n"), 0)
            if subject is None or subject == "person:me" or not 1 <= int(m.group("n")) <= 120:
                continue
            if subject.split(":")[0] not in ("person", "pet") or any(
                c.subject == subject and c.predicate == "age"
                for c in self.r.reading.claims[self.first_claim :]
            ):
                continue
            self.add(subject, "age", m.start("n"), value=m.group("n"))

    def _ages_after_a_description(self) -> None:
        """ "she's a quarter horse, 14, usually chill", "sie ist ne siamkatze, schon 14, und
        hat …": a bare number set off by commas after what someone or a pet is, is their age
        (not "he's a driver, 5 days a week": a unit follows)."""
        for m in rx.finditer(
            rf"(?i)\b(?P<who>er|sie|he|she|{NAME})(?:['’]s|\s+is|\s+ist)\s+(?:a|an|ne|n|eine?|ein)\s+"
            rf"[^,.;:!?()]{{1,40}},\s*(?:{AGE_FILLERS}\s+)?(?P<n>\d{{1,2}})(?=\s*(?:[,.!?;]|$|(?:und|and)\b))",
            self.text,
        ):
            subject = self.r.subject_before(self.text, m.end("who"), m.start("who"))
            if subject and subject != "person:me" and subject.split(":")[0] in ("person", "pet"):
                self.add(subject, "age", m.start("n"), value=m.group("n"))

    def _my_age_after_a_description(self) -> None:
        """ "im a horticulturist at gardens by the bay, 33, still stay in bishan", "im a
        fencing contractor in gore, self employed, 44, got a wee dog": a bare number set off by
        commas after what the speaker is, one more description between at most, is their age
        (a grown-up's: "im a driver, 5, …" says no age)."""
        for m in rx.finditer(
            r"(?i)(?<![\w'’])(?:i['’]?m|i\s+am|ich\s+bin)\s+(?:a|an|ne|n|eine?|ein)\s+"
            rf"[^,.;:!?()]{{1,50}},\s*(?:[^,.;:!?()\d]{{1,25}},\s*)?(?:{AGE_FILLERS}\s+)?"
            r"(?P<n>\d{2})(?=\s*(?:[,.!?;]|$|(?:und|and|n)\b))",
            self.text,
        ):
            if int(m.group("n")) >= 16:
                self.add("person:me", "age", m.start("n"), value=m.group("n"))

    def _ages_of_groups(self) -> None:
        """An age said of two or more people or pets at once ("Erbse und Bohne (beide 2)",
        "they're both 6"; :mod:`.group_ages`), each of them that age."""
        known = {
            name.casefold(): e.ref
            for e in self.r.reading.entities.values()
            if e.kind in ("person", "pet") and e.ref != "person:me"
            for name in (e.name, *e.aliases)
        }
        before = self.r.previous[1] if self.r.previous is not None else ""
        for said in group_ages(self.text, known, before=before):
            for name in said.names:
                self.add(known[name.casefold()], "age", said.start, value=said.age)

    def _ages_in_parentheses(self) -> None:
        """ "Unser Kater Moritz (10, Britisch Kurzhaar)", "my son Ben (7)", "meine Tochter
        Lotte, 6, malt …", "Lotte ist meine Tochter, 6, …": a number opening a parenthesis or
        set off by commas right after a relative's or pet's name the sentence introduces by its
        kin or pet noun, before or after it, is its age (not "lunch with Tom (12) tomorrow": a
        name without its noun; not "my son Ben, 12 of us went": the number closes nothing)."""
        for m in rx.finditer(
            rf"(?P<who>{NAME})(?P<copula>(?:\s+(?:ist|is)|['’]s)\s+(?:{POSS})\s+(?:\w+\s+)?"
            rf"(?i:{KIN_PET_NOUNS}))?\s*(?:\(\s*(?P<p>\d{{1,2}})\s*[,)]|,\s*(?P<c>\d{{1,2}})"
            r"(?=\s*(?:[,.;!?)]|$|(?:und|and)\b)))",
            self.text,
        ):
            introduced = m.group("copula") or rx.search(
                rf"(?i)\b(?:{KIN_PET_NOUNS})\s+$", self.text[: m.start()]
            )
            mention = next(
                (
                    e
                    for e in self.r.reading.entities.values()
                    if e.kind in ("person", "pet") and e.name == m.group("who")
                ),
                None,
            )
            if introduced and mention is not None:
                key = "p" if m.group("p") else "c"
                self.add(mention.ref, "age", m.start(key), value=m.group(key))

    def _birthday_ages(self) -> None:
        """An age from a birthday verb: "just turned 7", "ist 90 geworden" say the age now;
        "wird morgen 8", "turning 60 on the 22nd", "werd 35" say it is one less until then."""
        text = self.text
        # what may follow the number: the end, a time, "Jahre (alt)" ("turned 70 last week",
        # "wird 8 morgen"; not "wird 40 Leute einladen", "turns 18 pages an hour")
        tail = (
            r"(?=\s*(?:$|[,.!?;)🎉]|(?i:and|und|on|am|im|in|next|nächst\w*|morgen|tomorrow|this|"
            r"diese\w*|years?|jahre|last|letzte\w*|gestern|vorgestern|yesterday|heute|today|"
            r"recently|kürzlich|neulich|geworden|worn)\b))"
        )
        # "ist gestern 90 geworden", "ist letzte Woche 90 Jahre alt geworden"
        german_past = r"(?:ist|is|bin)\s+(?:[\wäöüß.]+\s+){0,3}?(?=\d{1,3}\s+(?:jahre\s+(?:alt\s+)?)?geworden)"
        for m in rx.finditer(
            rf"(?i)\b(?:(?P<past>just turned|turned|has turned|{german_past})|(?P<future>turning|"
            rf"turns|wird|werd|werde))\s*(?:(?:morgen|tomorrow|bald|soon|next \w+|nächsten \w+|"
            rf"im \w+|in \w+ \w+|am \d{{1,2}}\.(?:\s*\w+)?|on the \w+)\s+)?(?P<n>\d{{1,3}})\b{tail}",
            text,
        ):
            years = int(m.group("n"))
            if not 1 <= years <= 120 or rx.search(rf"(?:{RELATIVE_TURNED})$", text[: m.start("n")]):
                continue  # "Isla who's just turned 6" is hers, read with its relative clause
            subject = self.who(m.start(), default=None)
            if subject is None and (
                rx.search(r"(?i)\b(werd|werde|bin)\b", m.group(0))
                # "also turned 50 on the 2nd": chat drops the speaker before the verb
                or (
                    m.group("past")
                    and DROPPED_SPEAKER.search(text, 0, m.start())
                    and not self._someone_just_named()
                )
            ):
                subject = "person:me"
            if subject is None or subject.split(":")[0] not in ("person", "pet"):
                continue
            if self.r.reading.claims and any(
                c.subject == subject and c.predicate == "age" for c in self.r.reading.claims
            ):
                continue
            if m.group("future"):
                # "hat am 22. Dezember Geburtstag, sie wird 70": one less until the day
                # ahead (the age moves on at the birthday); a day gone by says no age now
                if any(
                    t.granularity == "day"
                    and not t.future
                    and not rx.fullmatch(r"(?i)morgen|übermorgen|tomorrow|heute|today", t.text)
                    for t in self.times
                ):
                    continue
                # a pronoun across sentences may point at the wrong relative
                mention = self.r.reading.entities.get(subject)
                if subject != "person:me" and (
                    mention is None
                    or not (
                        rx.search(rf"(?i)(?<!\w){re.escape(mention.name)}(?!\w)", text)
                        or self._sole_one_just_named(mention)
                    )
                ):
                    continue
            if m.group("past"):
                self._age_reached(subject, m.start("n"), value=str(years))
            else:
                self.add(subject, "age", m.start("n"), value=str(years - 1))

    def _someone_just_named(self) -> bool:
        """Whether the turn's sentence before this one spoke of a relative or named someone
        ("Mum was at the party. turned 80 last week": a dropped subject may be hers)."""
        if self.r.previous is None or self.r.previous[0] != self.index:
            return False
        before = self.r.previous[1]
        if any(w in lx.KIN for w in rx.findall(r"[\wäöüß-]+", before.lower())):
            return True
        return any(
            _named_in(other, before)
            for other in self.r.reading.entities.values()
            if other.ref != "person:me" and other.kind in ("person", "pet")
        )

    def _sole_one_just_named(self, mention: Mention) -> bool:
        """Whether the turn's sentence before this one named ``mention`` and no other person
        or pet a pronoun could stand for ("… für meine Tochter Mila zu finden? Sie wird im
        August 9"): then the pronoun cannot point at the wrong one."""
        if self.r.previous is None or self.r.previous[0] != self.index:
            return False
        before = self.r.previous[1]
        relatives = [w for w in rx.findall(r"[\wäöüß-]+", before.lower()) if w in lx.KIN]
        return (
            _named_in(mention, before)
            and len(relatives) <= 1
            and not any(
                _named_in(other, before)
                for other in self.r.reading.entities.values()
                if other.ref not in (mention.ref, "person:me")
                and other.kind in ("person", "pet")
                and (not other.gender or not mention.gender or other.gender == mention.gender)
            )
        )

    def _age_reached(self, subject: str, position: int, *, value: str) -> None:
        """An age said as reached ("Bruno turned 3 last week", "ist gestern 90 geworden"):
        the past time of its clause dates the age (also when another construction of the
        sentence read it first), and no other fact of the sentence ("Our dog Bruno turned 3
        last week": he was not got last week)."""
        turned = self._turned_when(position)
        same = next(
            (
                c
                for c in self.r.reading.claims[self.first_claim :]
                if (c.subject, c.predicate, c.value) == (subject, "age", value) and c.when is None
            ),
            None,
        )
        if same is None:
            self.add(subject, "age", position, value=value, when=turned)
        elif turned is not None:
            same.when = turned

    def _turned_when(self, position: int) -> date | None:
        """The past time of the clause at ``position``, kept from dating the sentence's other
        facts."""
        segment = segment_at(self.parts, position)
        turned = next(
            (
                t
                for t in self.times
                if t.relation in ("ago", "at")
                and not t.future
                and (segment is None or segment.start <= t.start < segment.end)
            ),
            None,
        )
        if turned is None:
            return None
        self.used_times.add(turned.start)
        return turned.valid_from

    def _possessor(self, name: str, genitive: str) -> str | None:
        """Whose a thing is by the name before it ("Miriams", "Miriam's", "Jonas'"): a person
        or pet the window or memory knows by that name, else one the name introduces when
        it reads as a proper noun."""
        if name.lower() in NOT_NAMES or name.lower() in KIN_WORDS:
            return None
        known = {
            m.name.lower(): m.ref
            for m in self.r.reading.entities.values()
            if m.kind in ("person", "pet")
        }
        # "Jonas Lieblingsessen": a name ending in s said without its genitive
        for said in (f"{name}{genitive}", name) if genitive == "s" else (name,):
            ref = known.get(said.lower()) or self.r.known_names.get(said.lower(), "")
            if ref.startswith(("person:", "pet:")):
                # mentioned now, so a pronoun after it is this one ("…, und sie mag …")
                return self.r.mention(said, ref.split(":")[0], ref=ref).ref
        if not is_proper_noun(name, lang=self.r.lang):
            return None
        return self.r.mention(name, "person").ref

    def _org_after(self, text: str, start: int, *, preps: str) -> re.Match | None:
        return re.compile(
            rf"(?i:{preps})\s+(?:(?i:der|dem|den|die|the|ner|nem|einer|einem|a|an)\s+)?(?P<org>{ORG})"
        ).search(text, start)

    def _occupation(self, phrase: str) -> str | None:
        # "bin Verena, geologin …": a job phrase ends at a comma; what follows is another item
        words = phrase.split(",")[0].split()
        while words and words[-1].lower() in ("in", "bei", "at", "for", "with", "im", "an"):
            words.pop()
        if words and words[0].lower() in OCC_NEGATORS:
            return None  # "I'm not a student anymore", "bin kein Lehrer"
        if words and OWNED_BY.fullmatch(words[0]):
            return None  # "heut is mein Azubi Lukas", "that's her manager": a relation
        if words and words[0][0].isdigit():
            return None  # "my address is 12 Baker Street": a house number, no job
        if words and self.r.lang == "de" and words[0].lower() in ("ich", "er", "sie", "wir"):
            words.pop(0)  # "seit 2019 bin ich Teamleiterin": the subject after the verb
        elif words and words[0].lower() in SUBJECT_PRONOUNS:
            return None  # "funny thing is i cook for 300 kids": a clause, no job
        # fillers and the rest of a duration before the job: "da übrigens Ingenieurin",
        # "seit 20 Jahren Postbote", "now a team leader"
        while words and words[0].lower() in OCC_FILLERS:
            words.pop(0)
        for size in range(min(3, len(words)), 0, -1):
            candidate = " ".join(words[:size])
            if lx.is_occupation(candidate):
                return candidate
        # "arbeite als MTA", "I work as a PA": a job said by its abbreviation
        if words and rx.fullmatch(r"[A-ZÄÖÜ]{2,5}", words[0]) and WORKS_AS.search(self.text):
            return words[0]
        return None

    def _retired_before(self, position: int) -> bool:
        """Whether a retirement said before ``position`` makes the role there the one left
        ("retired — 30 yrs as a midwife"; not "retired, but now I work as a tutor")."""
        retired = next(reversed(list(RETIRED_BEFORE.finditer(self.text, 0, position))), None)
        return retired is not None and not rx.search(
            r"(?i)\b(?:now|jetzt|but|aber|nebenbei|still|noch)\b",
            self.text[retired.end() : position],
        )

    def work(self) -> None:
        text = self.text
        found_occ: list[tuple[str, int, str]] = []
        occ_pattern = re.compile(
            r"(?i)\b(?:(?P<who>ich|i|er|sie|he|she|[A-ZÄÖÜ][\w-]+)\s+)?(?P<verb>arbeite|arbeit|arbeitet|work|works|working|worked|bin|ich bin|bin ich|i'm|im|i am|i've been|been|is|ist|'s|started|starting|promoted to|became|become|becomes|wurde|als|as)"
            r"(?:\s+(?:von beruf|remote|selbstständig|selbständig|freiberuflich|nur noch|noch|jetzt|now|teilzeit|vollzeit|part-time|full-time|seit\s+\S+(?:\s+\d{4})?|since\s+\S+))*"
            r"\s+(?:als\s+|as\s+)?(?:(?:a|an|ein|eine|der|die)\s+)?(?P<occ>[\wäöüÄÖÜß-]+(?:\s+[\wäöüÄÖÜß-]+){0,2})"
        )
        als = re.compile(
            r"(?i)\b(?:als|as)\s+(?:(?:a|an|ein|eine)\s+)?(?P<occ>[\wäöüÄÖÜß-]+(?:\s+[\wäöüÄÖÜß-]+){0,2})"
        )
        for m in [*occ_pattern.finditer(text), *als.finditer(text)]:
            occ = self._occupation(m.group("occ"))
            if occ is None:
                continue
            if rx.search(r"(?i)\b(?:als|as)\s+(?:\w+\s+)?$", text[: m.start("occ")]) and (
                APPLIED_FOR.search(text, 0, m.start("occ"))
                # "ne stelle als bühnenmalerin ausgeschrieben": a role someone else offers
                or NOT_HELD_AFTER.match(text, m.start("occ") + len(occ))
            ):
                continue  # "ne bewerbung als dolmetscherin": a role applied for is not held
            if POSSESSED_ROLE.match(text, m.start("occ") + len(occ)) and rx.search(
                r"['’]s\s+$", text[m.start() : m.start("occ")]
            ):
                continue  # "Maisie's chemistry teacher is Sarah": whom she has, not her job
            if rx.search(r"(?i)\b(?:als|as)\s+(?:\w+\s+)?$", text[: m.start("occ")]) and (
                self._retired_before(m.start())
            ):
                continue  # "mum finally retired — 30 yrs as a midwife": the job she had
            # the text's own capitalisation of the occupation
            subject = self.who(m.start("occ"))
            inverted = rx.match(r"(?i)(er|sie)\s", m.group("occ")) if self.r.lang == "de" else None
            if inverted:
                # "heute is er grundschullehrer": the pronoun after the verb is the subject
                found = self.r.resolve(inverted.group(1).lower())
                subject = found.ref if found is not None else None
            if subject is None or any(p == m.start("occ") for _, p, _ in found_occ):
                continue
            if (
                subject == "person:me"
                and (m.groupdict().get("verb") or "").lower() in ("is", "ist", "'s")
                and not OWN_JOB_BEFORE.search(text[: m.start("verb")])
            ):
                continue  # "dev is a paralegal": a third person's copula, whoever dev is
            found_occ.append((subject, m.start("occ"), occ))
            self.add(subject, "works_as", m.start("occ"), value=occ)
        # "ich bin Verena, geologin beim Landesamt", "i'm alicia, bus dispatcher at …", "I'm
        # Priya, 34, a pharmacist": the item after the speaker's name says what they are
        for m in NAME_THEN_ITEM.finditer(text):
            if (
                self.r.lang == "de"
                and rx.match(r"(?i)im\s", m.group(0))
                and not rx.fullmatch(
                    r"(?i)\W*(?:(?:hey|hi|hallo|hello|moin|yo)\W*)?", text[: m.start()]
                )
            ):
                continue  # "Paul spielt im TSV, Training ist …": "im" mid-sentence is "in dem"
            job = _apposed_job(m.group("item"), lang=self.r.lang)
            if job is None or any(p == m.start("item") for _, p, _ in found_occ):
                continue
            found_occ.append(("person:me", m.start("item"), job))
            self.add("person:me", "works_as", m.start("item"), value=job)
        # "i drive the night bus for the ttc", "Steve drives a taxi", "ich fahr Bus bei der
        # Rheinbahn"
        for trade in driven_trades(text, lang=self.r.lang):
            subject = self.who(trade.start)
            if subject is None or any(who == subject for who, _, _ in found_occ):
                continue
            found_occ.append((subject, trade.start, trade.job))
            self.add(subject, "works_as", trade.start, value=trade.job)
        # "paramedic with the London Ambulance Service", "ER nurse at Rush", "data analyst for
        # the council" (a segment opening with the job)
        for part in self.parts:
            opening = _job_opening(part.text)
            if opening is None:
                continue
            position = part.start + self.text[part.start :].find(opening)
            subject = self.who(position) if len(opening.split()) > 1 else "person:me"
            if subject is not None and not any(p == position for _, p, _ in found_occ):
                found_occ.append((subject, position, opening))
                self.add(subject, "works_as", position, value=opening)
        # "ich arbeite als Texterin", "I work as a roofer", "a luthier by trade": the frame
        # says it is a job, so a noun the occupation lexicon lacks is one too
        for m in JOB_AT_EMPLOYER.finditer(text):
            job = m.group("job")
            head = job.split()[-1]
            if (
                any(p == m.start("job") for _, p, _ in found_occ)
                or head.lower() in NOT_A_JOB
                or head.lower() in KIN_WORDS
                or rx.fullmatch(NOUNS, head, flags=re.I)
                # a noun in the sentence's own language ("krank" is an English noun too)
                or part_of_speech(head, lang=self.r.lang) not in ("NN", "NN1", "NN0")
                # "a big kid at Christmas": a modifier that is an adjective says what kind of
                # person, not what trade ("head sommelier", "sous chef" do)
                or (
                    job != head
                    and part_of_speech(job.split()[0], lang=self.r.lang).startswith(("AJ", "ADJ"))
                )
            ):
                continue
            subject = self.who(m.start("job"))
            # the frame's subject is a third person: never the speaker
            if subject not in (None, "", "person:me"):
                found_occ.append((subject, m.start("job"), job))
                self.add(subject, "works_as", m.start("job"), value=job)
        for m in [*JOB_AFTER_FRAME.finditer(text), *BY_TRADE.finditer(text)]:
            job = m.group("job")
            whole = job
            if m.re is JOB_AFTER_FRAME:
                # "work as a dog walker": the compound is the job, its first noun no trade
                whole = compounds.whole_job(job, text[m.end("job") :], lang=self.r.lang)
            if any(p == m.start("job") for _, p, _ in found_occ) or not (
                # ("a dinner lady": a word no trade alone, with the head the compound names)
                _a_job_noun(job) or whole != job
            ):
                continue
            job = whole
            subject = self.who(m.start("job"))
            if subject is not None:
                found_occ.append((subject, m.start("job"), job))
                self.add(subject, "works_as", m.start("job"), value=job)
        # "bin ja Hebamme", "i'm a glazier": a noun no lexicon holds after a copula
        for m in COPULA_JOB.finditer(text):
            job = m.group("job")
            if self.r.lang == "de" and m.group(0).lower().startswith("im"):
                continue  # "im Restaurant": the German preposition, no lazy "I'm"
            if intro.NAME_AGE.match(text, m.start("job")):
                continue  # "ich bin Kerstin, 44": a name with the speaker's age
            if _name_before_job(text, m.start("job"), lang=self.r.lang):
                continue  # "ich bin Carla, winzerin": a name, the job follows it
            if any(p == m.start("job") for _, p, _ in found_occ) or not _open_job(
                job, lang=self.r.lang, article=bool(m.group("article"))
            ):
                continue
            subject = self.who(m.start("job"))
            if subject is not None:
                found_occ.append((subject, m.start("job"), job))
                self.add(subject, "works_as", m.start("job"), value=job)
        # "bei DHL als disponent angefangen", "a new gig as a lifeguard": a role said with
        # "als"/"as a" is a job when its noun reads as one (:mod:`.jobs_said_as`)
        for start, readings in jobs_said_as(text, lang=self.r.lang):
            job = next(
                (
                    r
                    for r in readings
                    if _open_job(r, lang=self.r.lang, article=self.r.lang == "en", said_as=True)
                ),
                None,
            )
            subject = self.who(start)
            if job is None or subject is None or any(p == start for _, p, _ in found_occ):
                continue
            if self._retired_before(start):
                continue  # "mum finally retired — 30 yrs as a midwife": the job she had
            found_occ.append((subject, start, job))
            self.add(subject, "works_as", start, value=job)
        for m in rx.finditer(r"(?i)\b(?:i|we)\s+(teach|nurse)\b", text):
            if TAUGHT.match(text, m.start(1)):
                continue  # read below with its subject
            found_occ.append(("person:me", m.start(1), lx.OCCUPATION_VERBS[m.group(1).lower()]))
            self.add(
                "person:me", "works_as", m.start(1), value=lx.OCCUPATION_VERBS[m.group(1).lower()]
            )
        # "i teach history at …", "she teaches drama": a teacher of that subject
        for m in TAUGHT.finditer(text):
            subject = self.who(m.start())
            if subject is not None and not rx.search(
                r"(?i)\b(?:taught|used to|want to|wanna|would|could)\s+$", text[: m.start()]
            ):
                job = f"{m.group('subject').lower()} teacher"
                found_occ.append((subject, m.start(), job))
                self.add(subject, "works_as", m.start(), value=job)
        # the employer: after bei/at/for/with when the sentence speaks of work
        if not (found_occ or WORK_VERB.search(text)):
            return
        for m in rx.finditer(
            # a capitalised "The" after the preposition belongs to the name ("sous chef at
            # The Wheatsheaf"); a lower-case one is the article ("at the Sparkasse")
            rf"(?i:\bbei|\bbeim|\bat|\bfor|\bwith|\bjoined|\bim|\bam|\ban der|\bin der|\bfür)\s+(?:(?:(?i:der|dem|den|die|ner|nem|einer|einem|a|an|new job at)|the)\s+)?(?P<org>{ORG})",
            text,
        ):
            org = self._org_name(m)
            if org is None:
                continue
            # "at the Mater hospital", "bei der Löwen apotheke": the kind of institution
            # written in lower case after the name is part of it
            kind = ORG_KIND_AFTER.match(text, m.end())
            if kind and org == m.group("org").strip():
                org = f"{org} {kind.group(1)}"
            prep = m.group(0).split()[0].lower()
            if prep == "beim" and part_of_speech(org, lang="de") == "NNI":
                continue  # "beim Skifahren", "beim Joggen": while doing it, no employer
            weak = prep in ("im", "am", "an", "in", "für")
            # "Krankenpflegerin im UKE", "Floristin im Blumenhaus Meyer": right after a job,
            # an acronym or a name of capitalised words is an institution's ("Floristin im
            # Krankenhaus" names none)
            named = rx.fullmatch(rf"[{UPPER}]{{2,6}}", org) or (
                len(org.split()) > 1 and all(w[0].isupper() for w in org.split())
            )
            after_job = any(not text[p + len(o) : m.start()].strip() for _, p, o in found_occ)
            if weak and not (lx.ORG_HINTS.search(org) or (named and after_job)):
                continue
            clause = segment_at(self.parts, m.start())
            if (
                weak
                and not found_occ
                and BEEN_THERE.search(text, clause.start if clause else 0, m.start())
            ):
                continue  # "wir waren gestern im Museum Ludwig": a visit, no employer
            named = self.r.known_names.get(org.lower()) or ref_for(org, "org")
            if weak and any(
                c.predicate == "works_at" and c.object_ref != named
                for c in self.r.reading.claims[self.first_claim :]
            ):
                continue  # "bei der Stadtverwaltung Jena im Bürgeramt": a part of the employer
            if lx.CLUB_WORDS.search(org) or CLUB_BEFORE.search(text, 0, m.start()):
                continue  # membership, read below ("im verein beim DC Crange")
            if WORK_LEFT_BEFORE.search(text, 0, m.start()):
                continue  # "finally done with Bristol City Council": the work left
            if DWELLING_BEFORE.search(text, 0, m.start()):
                continue  # "i'm in unit 4 at Koondoola Court": an address, no employer
            if not found_occ and PASSIVE.search(text):
                continue  # "bin beeidigt worden, beim OLG": "bin" makes a passive, not a job
            subject = self.who(m.start())
            if subject is None:
                continue
            if (
                prep in ("at", "for", "with")
                and not (
                    found_occ
                    or rx.search(r"(?i)\b(work|works|working|job|started|i'm|im|been|quit)\b", text)
                    # "handed in my notice, starting at KPMG in July": the speaker's start ahead
                    or STARTING_AT.search(text[: m.start("org")])
                )
            ):
                continue
            if prep in ("bei", "beim") and not (found_occ or WORK_VERB.search(text)):
                continue
            if prep == "joined" and not found_occ:
                continue  # "joined Strava", "joined the gym": an employer only beside a job
            if not found_occ and rx.search(
                r"(?i)\b(\w*termin\w*|appointment|besuch\w*|visit\w*|obsessed|fan)\b", text
            ):
                # "Termin beim Hautarzt", "Zahnarzttermin bei Dr. Lorenzen", "obsessed with
                # Taylor Swift": no employer
                continue
            if rx.match(
                r"(?i)(?:\s+(?:uni|university|college))?\s*,?\s*(?:\w+\s+)?(?:studying|studiere)\b",
                text[m.end("org") :],
            ):
                continue  # "I'm at Leeds Uni studying law": where one studies, read there
            # "I'm at Leeds uni doing law": the school's word in lower case after its town
            school = rx.match(r"\s+(uni|university|college)\b", text[m.end("org") :])
            if school:
                org = f"{org} {school.group(1).capitalize()}"
            mention = self.r.mention(org, "org")
            studying = rx.search(
                r"(?i)universit|\buni\b|college|hochschule|fachhochschule", org
            ) or STUDY_BEFORE.search(text, 0, m.start())
            if studying and not any(who == subject for who, _, _ in found_occ):
                self.add(subject, "studies_at", m.start("org"), obj=mention.ref)
                after = m.end("org") + (school.end() if school else 0)
                said = FIELD_AFTER_SCHOOL.match(text[after:])
                if said and said.group("field"):
                    field, _ = whole_field(
                        said.group("field"), text[after + said.end() :], lang=self.r.lang
                    )
                    self.add(subject, "studies", after, value=field)
                continue
            if COURSE_BEFORE.search(text, 0, m.start()):
                continue  # "a pottery course at Clay Hollow": taught there, not employed
            self.add(subject, "works_at", m.start("org"), obj=mention.ref)
            # "at The Wheatsheaf in Harrogate", or through a short apposition that says what
            # the employer is: "at The Wheatsheaf, a gastropub in Harrogate"
            place = rx.match(
                rf"(?:\s*,\s*(?i:a|an|ein|eine|ner|so ne)(?:\s+[\w-]+){{1,2}}?)?\s+(?i:in)\s+(?P<place>{PLACE})",
                text[m.end() :],
            )
            if place and self._place(place.group("place")).lower() not in NOT_NAMES:
                where = self.r.mention(self._place(place.group("place")), "place")
                self.add(mention.ref, "located_in", m.start("org"), obj=where.ref)
        for m in rx.finditer(
            rf"(?i:startup|start-up|company|firm|agency|firma|agentur|shop|café|cafe|fintech|bakery|bäckerei|restaurant|pub|brewery|brauerei|consultancy|practice|praxis|clinic|studio|kanzlei)\s+(?i:called|named|namens)\s+(?P<org>{ORG})|,\s*(?P<org2>{NAME})\s+(?i:heißt die|heißt sie|heisst die)",
            text,
        ):
            org = _clean_name(m.group("org") or m.group("org2"))
            mention = self.r.mention(org, "org")
            self.add("person:me", "works_at", m.start(), obj=mention.ref)
            # "bei ner kleinen Agentur in Leipzig, Pixelwerk heißt die": the place the
            # unnamed workplace was given is the named one's
            before = rx.search(rf"\s(?i:in)\s+(?P<place>{PLACE})\s*$", text[: m.start()])
            if m.group("org2") and before:
                name = self._place(before.group("place"))
                if name.lower() not in NOT_NAMES:
                    where = self.r.mention(name, "place")
                    self.add(mention.ref, "located_in", m.start(), obj=where.ref)
        # "ein Schreiner in Sheffield", "he's a PE teacher down in Dunedin": a job in a place
        # is where the person lives (a job the sentence said, whether or not a list holds it)
        for m in rx.finditer(
            rf"(?P<occ>[\w-]+)\s+(?:(?i:down|up|out|over)\s+)?(?i:in)\s+(?P<place>{PLACE})", text
        ):
            said = any(p + len(o) == m.end("occ") for _, p, o in found_occ)
            if not (said or lx.is_occupation(m.group("occ"))):
                continue
            if rx.search(r"(?i)\b(bei|beim|at|im)\s", text[: m.start()][-30:]):
                continue
            subject = self.who(m.start())
            if subject and subject != "person:me":
                where = self.r.mention(self._place(m.group("place")), "place")
                self.add(subject, "lives_in", m.start("place"), obj=where.ref)

    def _org_name(self, m: re.Match) -> str | None:
        # an organisation keeps its possessive: "at Sainsbury's", "St James's" name the shop
        # and the hospital, not their founders
        org = m.group("org").strip()
        words = org.split()
        # trailing function words and lower-case words are not part of the name
        while words and (words[-1] in ("of", "the", "de", "&") or words[-1].lower() in NOT_NAMES):
            words.pop()
        # "weil ich seit märz bei der sparkasse arbeite": a German subordinate clause ends on
        # its finite verb, which a writer without capitals leaves right after the employer
        # ("Autohaus Wendt" as written is a name whatever the tagger makes of "wendt")
        written = rx.findall(r"[\w-]+", self.r.said[m.start("org") : m.end("org")])
        while (
            len(words) > 1
            and self.r.lang == "de"
            and written
            and written[-1] == words[-1].lower()
            and part_of_speech(written[-1], lang="de") in GERMAN_FINITE_VERBS
        ):
            words.pop()
            written.pop()
        # "St." opens a saint's name ("St. James's", "St. Barbara"), alone it is no name
        while words and (words[0] in ("of", "the", "&") or words == ["St."]):
            words.pop(0)
        head = words[1] if len(words) > 1 and words[0] == "The" else words[0] if words else ""
        if not words or head.lower() in NOT_NAMES or head.lower() in lx.KIN:
            return None
        if rx.fullmatch(HONORIFIC, head):
            return None  # "bei Dr. Lorenzen", "with Mrs Patel": a person, no employer
        article = m.group(0).split()[1].lower() if len(m.group(0).split()) > 1 else ""
        # German dative: "bei den Stadtwerken Gießen" → Stadtwerke, "der Freiwilligen Feuerwehr"
        if words[0].endswith("en") and (
            (article in ("den", "der", "dem") and len(words) > 1) or article == "den"
        ):
            words[0] = words[0][:-1]
        return " ".join(words)

    def _place(self, name: str) -> str:
        name = _clean_name(name)
        words = name.split()
        if len(words) > 1 and (words[1].lower() in NOT_NAMES or not words[1][0].isupper()):
            words = words[:1]
        first = words[0]
        if "-" in first and len(words) == 1:
            head, tail = first.split("-", 1)
            if tail[:1].isupper() and len(head) > 2:
                return head
        return " ".join(words)

    def residence(self) -> None:
        text = self.text
        live = re.compile(
            rf"(?i:wohne|wohn|wohnen|wohnt|lebe|leben|lebt|live|lives|lived|living|zuhause|daheim)\b"
            # not into a clause with a subject of its own ("we don't live together, he's in
            # Bristol and I'm in Bath": where he is is not where we live)
            rf"(?:(?!{NEW_CLAUSE})[^.;:?!])*?(?i:\bin|\bim)\s+(?:(?i:der|dem|den)\s+)?"
            # the home or its street is no town: "in der Wohnung in der Lendgasse in Graz"
            rf"(?!(?i:{DWELLINGS})\b|{STREET})(?P<place>{PLACE})"
        )
        # (the place is read ahead, not taken: "kurz nach neujahr nach kassel gezogen" has
        # its place after the second "nach")
        moved = re.compile(
            rf"(?i:\bnach|\bto|\binto a new place in|\bin die neue wohnung in|\bin die wohnung in|\bin eine wohnung in)\s+(?=(?P<place>{PLACE}))"
        )
        # "I'm in Liverpool now", "bin jetzt in Köln": being somewhere is living there only
        # with a "now" (else a trip: "I'm in London for the weekend")
        for m in rx.finditer(
            rf"(?i:\bi'm|\bim|\bi am|\bwe're|\bich bin|\bbin|\bwir sind)\s+(?:(?i:now|jetzt|inzwischen|mittlerweile)\s+)?(?i:in)\s+(?P<place>{PLACE})(?=\s+(?i:now|jetzt)\b|[^.;!?]*\b(?i:moved|gezogen|umgezogen)\b)",
            text,
        ):
            self._lives(m, m.start(), subject="person:me")
        for m in rx.finditer(
            rf"(?i:\bi'm now|\bim now|\bi am now|\bwe're now|\bbin jetzt|\bbin inzwischen|\bbin mittlerweile|\bwir sind jetzt)\s+(?i:in)\s+(?P<place>{PLACE})",
            text,
        ):
            self._lives(m, m.start(), subject="person:me")
        here = re.compile(
            # (a compound says its kind of home last: "a rowhouse in Baltimore", "Reihenhaus")
            rf"(?i:\bhier in|\bhere in|(?:flat|house|home|apartment|wohnung|haus|wg)\s+(?:hier\s+|here\s+)?in|"
            rf"\b(?:{DWELLINGS})\s+(?:hier\s+|here\s+)?in|place in|we're in|wir sind in|we are in|wir wohnen in)\s+(?P<place>{PLACE})"
        )
        for m in VERB_FINAL_HOME.finditer(text):
            subject = self._subordinate_subject(m.group("who"))
            if subject:
                self._lives(m, m.end("place"), subject=subject)
        for m in live.finditer(text):
            if rx.match(r"(?i)(?:lives|wohnt|lebt)\b", m.group(0)):
                # "Jean turned 90!! still lives on her own in whitby": a third-person verb
                # without its subject goes on about the person last spoken of, not the speaker
                subject = self.who(m.start())
                head = text[: m.start()]
                # "…, die wohnt in bochum": a demonstrative is never the speaker
                pointed = _pointed_gender(head)
                if subject == "person:me" and (pointed or not first_person(head).search(head)):
                    subject = self._last_person(gender=pointed or "")
                    if subject is None:
                        continue
                self._lives(m, m.start(), subject=subject)
                continue
            self._lives(m, m.start())
        for m in BASED_IN.finditer(text):
            self._lives(m, m.start(), subject="person:me")
        self._been_in_since()
        self._relative_in_place()
        self._in_care_home()
        self._commutes_from()
        if rx.search(
            r"(?i)\b(gezogen|umgezogen|moved|moving|ziehe|zieh|zieht|ziehen|ziehn|relocated)\b",
            text,
        ):
            for m in moved.finditer(text):
                if rx.match(r"(?i)\s*(?:für|for)\s", text[m.end() :]):
                    pass
                self._lives(m, m.start())
        stated = any(
            c.predicate == "lives_in" and c.sentence == "" for c in self.r.reading.claims[-6:]
        )
        for m in here.finditer(text):
            if stated:
                break
            if rx.search(
                r"(?i)\b(?:at|bei)\s+(?:[\w'’]+\s+){0,2}$", text[: m.start()]
            ) and not rx.match(r"(?i)here|hier", m.group(0)):
                # "a barista at a little place in Shoreditch", "at her care home in …"; but
                # "a nurse at presbyterian here in albuquerque" is where the writer is
                continue
            if rx.search(
                r"(?i)\b(?:care|nursing|retirement|residential|people['’]?s)\s+$", text[: m.start()]
            ):
                continue  # a care home is its resident's home (see ``_in_care_home``)
            if YEARS_SPENT.search(text[: m.start()]):
                continue  # "after 46 years in the same house in Marsden": the home left
            clause = segment_at(self.parts, m.start())
            if (
                rx.search(
                    r"(?i)\b(?:a|an|ein|eine|einem|einer|einen)\s+(?:[\w'’]+\s+)?$",
                    text[: m.start()],
                )
                and ONE_DAY.search(clause.text if clause else text)
                and not MOVED_INTO.search(text[: m.start()])
            ):
                continue  # "rewiring a house in Hackney today": one day's work, not a home
            if STAY.search(clause.text if clause else text) and not rx.search(
                r"(?i)\b(?:live|living|wohn\w*|moved|gezogen|umgezogen)\b", text
            ):
                continue  # "we stayed in a cabin in Aviemore last weekend": a stay, no home
            first = rx.match(
                r"(?i)(hier in|here in|we're in|wir sind in|we are in|wir wohnen in)", m.group(0)
            ) or rx.search(r"(?i)\b(our|my|unser\w*|mein\w*)\s+\w*\s*$", text[: m.start()])
            self._lives(m, m.start(), subject="person:me" if first else None)
        self._being_in_a_place()
        # "wohnt seit Oktober bei uns in Köln", "im homeoffice bei mir in Heidelberg", "bei
        # uns um die ecke hier in Kiel": the place of the speaker's home
        for m in rx.finditer(
            rf"(?i:\bbei\s+(?:mir|uns))\s+(?:(?i:zuhause|daheim|zu\s+hause|um\s+die\s+ecke|"
            rf"gleich\s+nebenan|nebenan|hier)\s+)*(?i:in)\s+(?P<place>{PLACE})",
            text,
        ):
            self._lives(m, m.start(), subject="person:me")
        for m in rx.finditer(
            rf"(?i:stamme|stamm|stammt|komme ursprünglich|komm ursprünglich|komme|komm|kommt|originally|i'm|im|is|'s|shes|hes|grew up|aufgewachsen|zugezogen|hergezogen)\b[^.;?!]{{0,30}}?(?i:\baus|\bausm|\bfrom|\bin)\s+(?:(?i:dem|der|the)\s+)?(?P<place>{PLACE})",
            text,
        ):
            places = rx.findall(
                rf"(?i:\baus|\bausm|\bfrom|\bin)\s+(?:(?i:dem|der|the)\s+)?({PLACE})", m.group(0)
            )
            name = places[-1] if places else m.group("place")
            # "ausm Allgäu, aus Kempten": the narrower place follows
            rest = rx.match(rf",\s*(?i:aus|from)\s+({PLACE})", text[m.end() :])
            if rest:
                name = rest.group(1)
            verb = m.group(0).split()[0].lower()
            if verb in ("grew", "aufgewachsen") and "in" not in m.group(0).lower().split():
                continue
            if verb not in ("grew", "aufgewachsen") and not rx.search(
                r"(?i)\b(aus|ausm|from)\b", m.group(0)
            ):
                continue
            if verb in ("i'm", "im", "is", "'s", "shes", "hes") and not rx.search(
                r"(?i)(i'm|im|is|'s|shes|hes)\s+(?:originally\s+)?from\b", m.group(0)
            ):
                continue
            if self._place(name).lower() in NOT_NAMES:
                continue
            # "shes from freiburg": the pronoun is the match's own first word
            subject = self.who(m.start() + len(verb) - 1 if verb in ("shes", "hes") else m.start())
            if subject == "person:me" and verb in THIRD_PERSON_ORIGIN:
                subject = self._origin_of_other(m.start())
            where = self.r.mention(self._place(name), "place")
            self.add(subject, "comes_from", m.start("place"), obj=where.ref)
        for m in rx.finditer(rf"(?i:from)\s+(?P<place>{PLACE})\s+(?i:originally)", text):
            subject = self.who(m.start())
            where = self.r.mention(self._place(m.group("place")), "place")
            self.add(subject, "comes_from", m.start("place"), obj=where.ref)
        # the German verb last: "dass ich aus Rostock komm", "weil sie aus Graz stammt"
        for m in rx.finditer(
            rf"(?i:\baus|\bausm)\s+(?P<place>{PLACE})\s+(?i:komme|komm|kommt|kommst|stamme|stamm|stammt)\b",
            text,
        ):
            if self._place(m.group("place")).lower() in NOT_NAMES:
                continue
            subject = self.who(m.start())
            if subject == "person:me" and m.group(0).split()[-1].lower() in THIRD_PERSON_ORIGIN:
                subject = self._origin_of_other(m.start())
            where = self.r.mention(self._place(m.group("place")), "place")
            self.add(subject, "comes_from", m.start("place"), obj=where.ref)
        self._arriving_from()
        self._shared_home()

    def _arriving_from(self) -> None:
        """ "my cousin Ben is flying in from Toronto", "mum's coming from Pune on the 2nd":
        someone else on their way to the speaker lives where the journey starts (the
        speaker's own journeys are trips or moves, read elsewhere)."""
        for arrival in arrivals.arrivals(self.text):
            subject = self.who(arrival.start, default=None)
            if subject is None or subject == "person:me" or not subject.startswith("person:"):
                continue
            if self._place(arrival.place).lower() in NOT_PLACES | NOT_NAMES:
                continue
            where = self.r.mention(self._place(arrival.place), "place")
            self.add(subject, "lives_in", arrival.place_start, obj=where.ref)

    def _shared_home(self) -> None:
        """ "me and my husband Ravi live in Coventry", "wohn mit meinem Freund Deniz in
        Fürth": a home read for one of a household the clause names is each one's home (the
        named only when the window knows them as people)."""
        homes = [
            c
            for c in self.r.reading.claims[self.first_claim :]
            if c.predicate == "lives_in" and c.object_ref
        ]
        for home in homes:
            found = households.household(self._with_afterthoughts(home.position))
            if found is None:
                continue
            members = {
                e.ref
                for e in self.r.reading.entities.values()
                if e.kind == "person" and e.name in found.names
            }
            if found.speaker:
                members.add("person:me")
            elif home.subject.startswith("person:"):
                members.add(home.subject)
            if home.subject not in members:
                continue
            for member in sorted(members - {home.subject}):
                self.add(member, "lives_in", home.position, obj=home.object_ref, when=home.when)

    def _with_afterthoughts(self, position: int) -> str:
        """The clause at ``position`` with the verbless segments after it, which go on
        with it ("wohn in köln, in nippes, mit meiner frau Marita")."""
        clause = segment_at(self.parts, position)
        if clause is None:
            return self.text
        end = clause.end
        for part in self.parts:
            if part.start < end:
                continue
            if not _verbless(part.text):
                break
            end = part.end
        return self.text[clause.start : end]

    def _origin_of_other(self, position: int) -> str | None:
        """Whose origin a third-person verb tells when no subject was found: the name a
        relative pronoun points back to ("die Ayşe, die kommt aus Adana", "Nicole, who's from
        Düsseldorf"), else someone the window does not name ("his mam's from Cork"), never
        the speaker."""
        before = self.text[:position]
        back = POINTED_BACK.search(before)
        # "Tom's from Leeds": the name the verb is written onto
        own = rx.search(rf"(?<![\w'’-])(?P<name>{NAME})\s*$", before)
        if back is None and own is not None and is_proper_noun(own.group("name"), lang=self.r.lang):
            back = own
        if back is None or back.group("name").lower() in NOT_NAMES:
            return None
        return self.r.mention(back.group("name"), "person").ref

    def _being_in_a_place(self) -> None:
        """ "I'm in Toronto so the time difference is a pain", "he's in Bristol and I'm in
        Bath", "eigentlich bin ich in Nürnberg ganz zufrieden": being in a town, said with no
        time, trip or condition, is living there."""
        text = self.text
        if BEING_AWAY.search(text) or ONE_DAY.search(text):
            return
        for m in BEING_IN.finditer(text):
            if rx.search(
                r"(?i)\b(?:if|when|wenn|falls|would|würde|could|könnte)\b", text[: m.start()]
            ):
                continue  # "if I'm in London next month": supposed
            place = self._place(m.group("place"))
            if (
                place.lower() in NOT_PLACES
                or place.lower() in lx.CALENDAR_WORDS
                or not (
                    is_proper_noun(place.split()[0], lang="de")
                    or is_proper_noun(place.split()[0], lang="en")
                )
            ):
                continue  # "I'm in Love with this song"
            pronoun = m.group("other")
            if pronoun is None:
                subject = "person:me"
            else:
                found = self.r.resolve(rx.sub(r"['’]s$|\s.*$", "", pronoun))
                if found is None or found.kind != "person":
                    continue
                subject = found.ref
            self._lives(m, m.start("place"), subject=subject)

    def _relative_in_place(self) -> None:
        """ "meine schwester frauke in lübeck", "my brother in Leeds is getting married": the
        place said right after a relative opening a clause is where they live."""
        for m in KIN_IN_PLACE.finditer(self.text):
            if m.group("noun").lower() in ("frau", "mann") and not m.group("name"):
                continue  # "meine frau in …" may be on her way there
            if m.group("name"):
                name = _clean_name(m.group("name"))
                subject = next(
                    (e.ref for e in self.r.reading.entities.values() if e.name == name), None
                )
            else:
                subject = self.r._unnamed(m.group("noun"), said=m.group(0)) or None
            if subject is None or not subject.startswith("person:") or subject == "person:me":
                continue
            self._lives(m, m.start("place"), subject=subject)

    def _in_care_home(self) -> None:
        """ "she's in a care home in bath", "Oma ist seit März im Pflegeheim in Kempten": who
        is in a care home lives in its town; working at one or visiting it is no home ("I
        work at a care home in Leeds": "at" is not "in")."""
        for m in rx.finditer(
            r"(?P<verb>(?i:['’]s|\bis|\bist|\bshes|\bhes|\blives|\blebt|\bwohnt|\bliving))\s+"
            r"(?:(?i:now|jetzt|inzwischen|mittlerweile|still|noch|seit\s+\w+)\s+)?"
            r"(?i:in|im)\s+(?:(?i:a|an|the|her|his|ein|einem|einer|dem|der)\s+)?"
            rf"(?:[\w-]+\s+)?{CARE_HOME}(?:(?i:der|dem)\s+)?(?P<place>{PLACE})",
            self.text,
        ):
            # ("hes in a care home": the pronoun is the verb's own first letters)
            pronoun = m.group("verb").lower() in ("shes", "hes")
            subject = self.who(m.end("verb") - 1 if pronoun else m.start(), default=None)
            head = self.text[: m.start()]
            if subject == "person:me" and not first_person(head).search(head):
                continue  # "my gran is in …": a relative the lexicon lacks, not the speaker
            if subject is not None:
                self._lives(m, m.start(), subject=subject)

    def _commutes_from(self) -> None:
        """ "pendel ich noch von Markdorf", "my commute from evanston is brutal", "she
        commutes in from Kilrush": the place a daily commute starts is the commuter's home
        (where it ends is their work, and no home)."""
        for m in COMMUTE_FROM.finditer(self.text):
            place = m.group("place")
            if place.islower():
                # a casual writer's town in lower case, never a word ("from work", "from home")
                if place in NOT_NAMES | NOT_DESTINATIONS or not is_proper_noun(
                    place.capitalize(), lang=self.r.lang
                ):
                    continue
                place = place.capitalize()
            if self._place(place).lower() in NOT_PLACES:
                continue
            subject = self.who(m.start())
            if subject is not None and subject.startswith("person:"):
                where = self.r.mention(self._place(place), "place")
                self.add(subject, "lives_in", m.start("place"), obj=where.ref)

    def _last_person(self, *, gender: str = "") -> str | None:
        """The person other than the speaker the window spoke of last (when the last one is
        of the other ``gender`` than asked for, nobody)."""
        people = [
            m
            for m in self.r.reading.entities.values()
            if m.kind == "person" and m.ref != "person:me"
        ]
        if not people:
            return None
        last = max(people, key=lambda m: m.order)
        return None if gender and last.gender and last.gender != gender else last.ref

    def _been_in_since(self) -> None:
        """ "been in atlanta since '09", "we've been in Leeds for six years now", "sind seit
        2015 in Pankow": being somewhere since a time, or for a stretch up to now, is living
        there (not "I've been in Rome twice", "was in Paris last week", nor "bin seit 2018
        Pfleger bei Asklepios in Hamburg", where the place is the employer's)."""
        since = [t for t in self.times if t.relation == "since"]
        if not since:
            return
        for m in rx.finditer(
            rf"(?i:\b(?:i've|ive|i have|we've|we have|been|bin|sind)\s+(?:been\s+)?)"
            # a casual writer's place is in lower case ("been in atlanta since '09")
            rf"(?i:in)\s+(?P<place>{PLACE}|[a-zäöüß][a-zäöüß-]{{2,}}\b)",
            self.text,
        ):
            place = m.group("place")
            if place.islower() and (
                not written_casually(self.text)
                or place in NOT_NAMES | NOT_DESTINATIONS
                or place in lx.CALENDAR_WORDS
                or not is_proper_noun(place, lang=self.r.lang)
            ):
                continue  # "been in therapy since May", "in charge since 2020"
            clause = segment_at(self.parts, m.start())
            inside = [t for t in since if clause is None or clause.start <= t.start < clause.end]
            if not inside or self._place(place).lower() in NOT_PLACES:
                continue
            subject = self.who(m.start())
            if subject is not None and subject.startswith("person:"):
                where = self.r.mention(self._place(place[0].upper() + place[1:]), "place")
                self.add(subject, "lives_in", m.start("place"), obj=where.ref)

    def _subordinate_subject(self, who: str) -> str | None:
        """Who a German subordinate clause is about, by the subject right after its
        conjunction ("dass meine Eltern …" is not the speaker who says "ich freu mich")."""
        words = who.split()
        first = words[0].lower()
        if first in ("ich", "wir"):
            return "person:me"
        if first in ("er", "sie"):
            found = self.r.resolve(first, kinds=("person",))
            return found.ref if found else None
        if len(words) > 1:
            return self.r._unnamed(words[-1], said=who) or None
        if self._known_person(who) or is_proper_noun(who, lang="de"):
            return self.r.mention(who, "person").ref
        return None

    def _lives(self, m: re.Match, position: int, subject: str | None = None) -> None:
        place = self._place(m.group("place"))
        if place.lower() in NOT_NAMES or place.lower() in NOT_PLACES:
            return
        if lx.ORG_HINTS.search(place):
            return
        clause = segment_at(self.parts, m.start("place"))
        if clause is not None and LEFT_PLACE.search(clause.text):
            return  # "moved out of my parents' place in Falkirk": the home left behind
        subject = subject or self.who(position)
        where = self.r.mention(place, "place")
        self.add(subject, "lives_in", m.start("place"), obj=where.ref)

    # --- preferences, diet, health ---------------------------------------------------------

    def _phrase(self, text: str, *, words: int = 3) -> str | None:
        """The content phrase at the start of ``text``: up to a comma, a conjunction or a
        clause word; articles dropped."""
        cut = rx.split(
            r"(?i)[,.;:!?()]|\s(?:und|and|aber|but|so|also|weil|because|als|than|wenn|when|"
            r"am liebsten|please|bitte|mehr|anymore|at all|überhaupt|too|auch|tbh|ehrlich|"
            # a closing particle is no part of the thing: "doesn't like jazz though"
            r"though|tho|anyway|anyways|either|"
            r"for|für|with|mit|in|on|is|ist|das|that|die|which|the way|wie|"
            # when it holds is no part of what is liked: "into bouldering at the moment"
            r"at the moment|these days|right now|lately|recently|atm|im moment|gerade|"
            r"zurzeit|zur zeit|momentan|derzeit|in letzter zeit)\b",
            text,
        )[0]
        tokens = [
            t
            for t in cut.split()
            if t.lower()
            not in ("der", "die", "das", "den", "dem", "ein", "eine", "einen", "a", "an", "the",
                    "some", "etwas", "so", "echt", "really", "just", "nur", "only", "noch",
                    "gern", "gerne", "lieber", "eher", "more", "ne", "nen", "n", "keinen",
                    "keine", "kein", "no", "any", "mein", "meinen", "meine", "my", "eigentlich",
                    "actually", "immer", "always", "total", "wirklich", "voll", "mostly", "meistens")
        ]  # fmt: skip
        tokens = tokens[:words]
        if not tokens or not any(rx.search(r"\w", t) for t in tokens):
            return None
        if tokens[0].lower() in (
            "wenig",
            "weniger",
            "kaum",
            "little",
            "less",
            "rarely",
            "selten",
            "when",
            "wenn",
            "if",
            "that",
            "dass",
            "how",
            "wie",
            "it",
            "es",
            "what",
            "was",
            "because",
            "weil",
            "them",
            "sie",
            # "eher auf Jazz": the thing follows the preposition a verb elsewhere governs
            "auf",
            "into",
        ):
            return None
        phrase = " ".join(tokens).strip(" '\"")
        if phrase.lower() in NOT_NAMES or phrase.lower() in PRONOUNS or len(phrase) < 2:
            return None
        return phrase

    def _fronted_likes(self) -> None:
        """German puts what is liked first: "Thai-Curry lieb ich", "Oliven mag ich nicht",
        "Koriander geht bei mir gar nicht" (a capitalised noun opening the clause)."""
        text = self.text
        opening = r"(?:^|[.,;:!?]\s*|(?i:aber|und|doch)\s+)"
        for m in rx.finditer(
            rf"{opening}(?P<x>[{UPPER}{LOWER}][\wäöüß]+(?:-[{UPPER}][\wäöüß]+)?)\s+(?P<v>"
            r"(?i:lieb ich|liebe ich|mag ich|hass ich|hasse ich|geht bei mir gar nicht|"
            r"geht gar nicht|kann ich nicht ausstehen|mag ich nicht|mag ich gar nicht|"
            r"mag ich überhaupt nicht|find ich eklig|finde ich eklig))(?!\w)",
            text,
        ):
            thing = m.group("x")
            if thing.lower() in NOT_NAMES or thing.lower() in ("das", "den", "die", "es"):
                continue
            if thing.islower():
                # a writer without capitals ("koriander hass ich"): a noun all the same
                if not part_of_speech(thing.capitalize(), lang="de").startswith("NN"):
                    continue
                thing = thing.capitalize()
            rest = rx.match(r"[^.,;:!?]*", text[m.end() :]).group(0).split()
            if thing.lower().rstrip("s") in lx.CALENDAR_WORDS or any(
                w.endswith("en") for w in rest
            ):
                continue  # "Donnerstags mag ich nicht kochen": a time and an activity
            verb = m.group("v").lower()
            liked = verb in ("lieb ich", "liebe ich", "mag ich")
            # "Fenchel mag ich nich", "Pilze mag i ned": chat and regional negations too
            if liked and NEGATORS.search(" ".join(rest)):
                liked = None
            predicate = "prefers" if liked else "dislikes"
            self.add("person:me", predicate, m.start("x"), value=thing, allow=("negated",))

    def _tastes_in_passing(self) -> None:
        """Likes and dislikes said without "I like" (:mod:`curator.extract.tastes`): the
        speaker's, unless the clause is about someone else."""
        for taste in tastes_said(self.text):
            value = self._phrase(taste.thing)
            if value is None or not self._a_thing(value):
                continue
            people = {m.name.lower() for m in self.r.reading.entities.values()}
            if taste.own and any(w in people or w in lx.KIN for w in value.lower().split()):
                continue  # "my sister Maria is my fave": a favourite person is no taste
            if not taste.own and self.who(taste.said) != "person:me":
                continue
            stated = taste.verb_first and not self.text.rstrip().endswith("?")
            allow = ("negated", "question") if stated else ("negated",)
            if taste.conditional and not SUPPOSING.search(self.text, 0, taste.start):
                allow = (*allow, "hypothetical")
            self.add("person:me", taste.predicate, taste.start, value=value, allow=allow)

    def _a_thing(self, phrase: str) -> bool:
        """Whether a phrase a taste hangs on names a thing: not a pronoun, a person, a day
        or a clause of its own ("I think jazz"), and in German a noun."""
        words = phrase.lower().split()
        if len(words) > 3 or any(
            w in NOT_LIKED_THINGS or w in PRONOUNS or w.rstrip("s") in lx.CALENDAR_WORDS
            for w in words
        ):
            return False
        if first_person(phrase, lang=self.r.lang).search(phrase):
            return False
        last = phrase.split()[-1]
        return self.r.lang != "de" or _object_noun(last, self.text)

    def _kind_of_person(self) -> None:
        """ "i'm a tea person", "honestly I'm more of a dog guy", "ich bin eher so der
        Kaffeetyp", "ich bin ein Katzenmensch": what the speaker is a person of is liked ("not
        a coffee person" says nothing, nor does "sure, i'm such a morning person")."""
        text = self.text
        if rx.match(
            r"(?i)\W*(?:oh\s+)?(?:sure|yeah|of course|totally|ja klar|na klar|klar)\b", text
        ):
            return  # an agreement opening a self-label is ironic
        for m in rx.finditer(
            r"(?i)(?:\b(?:i'm|im|i am)\s+(?P<neg>not\s+)?(?:(?:more|really|very much|definitely|"
            r"totally|such|so|much|just|always|also)\s+)*(?:of\s+)?(?:a|an)\s+"
            # the "I'm" dropped: "tea person through and through", "always a dog guy"
            r"|(?:^|[.;:!?]\s*|,\s*(?=(?:more|always|definitely|totally)\b))"
            r"(?:(?:more|always|definitely|totally|just)\s+)*(?:of\s+)?(?:a\s+|an\s+)?"
            r"(?=[\w-]+\s+(?:person|guy|girl|gal)\s*(?:[.,;:!?]|$|(?:thru|through|all the way|"
            r"tbh|honestly|lol|here)\b)))"
            r"(?P<x>[a-z][\w-]+)\s+(?:person|guy|girl|gal|man|woman|type|kinda guy|kinda girl)\b",
            text,
        ):
            thing = m.group("x")
            if m.group("neg") or not part_of_speech(thing.lower(), lang="en").startswith("NN"):
                continue  # "I'm a lucky guy" names no liked thing
            if thing.lower() in ("family", "business", "company", "yes", "people"):
                continue  # "a family man", "a people person": what one is, no taste
            self.add("person:me", "prefers", m.start("x"), value=thing, allow=("negated",))
        for m in rx.finditer(
            # (the "ich" dropped: "bin eher der Teetrinker")
            # ("ich selber bin eher der Weißweintyp": the speaker set against someone before)
            r"(?i)(?:\bich\s+(?:(?:selber|selbst|persönlich)\s+)?|(?:^|[.,;:!?]\s*|\b(?:und|aber)\s+))"
            r"bin\s+(?P<neg>kein\w*\s+)?"
            r"(?:(?:eher|mehr|so|total|voll|halt|"
            r"einfach|ja)\s+)*(?:(?:der|die|ein|eine)\s+)?(?P<x>[a-zäöüß]{3,}?)-?"
            r"(?:typ|mensch|trinker|trinkerin)\b",
            text,
        ):
            thing = m.group("x").capitalize()
            if m.group("neg") or not part_of_speech(thing, lang="de").startswith("NN"):
                continue
            self.add("person:me", "prefers", m.start("x"), value=thing, allow=("negated",))

    def _judged_things(self) -> None:
        """A thing judged on its own, without an article: "cilantro is gross", "olives are
        the worst", "Rosenkohl geht gar nicht", "Oliven sind ekelhaft" (disliked); "nothing
        beats a good curry", "nichts geht über Sushi", "tea over coffee any day", "Sencha am
        liebsten", "anything but Ryanair" (the one liked or disliked). A judgement of one day
        ("the traffic is the worst today") is no taste."""
        text = self.text
        opening = r"(?:^|[,.;:!?]\s*|\b(?i:and|but|also|honestly|tbh|und|aber|nur|bloß|also)\s+)"
        if rx.search(r"(?i)\b(today|tonight|right now|this (?:morning|week)|heute|gerade)\b", text):
            return
        judged = [
            (
                rf"(?i){opening}(?P<x>[a-z][\w-]+(?:\s+(?:on|in)\s+[a-z]+)?)\s+(?:is|are)\s+"
                r"(?:(?:so|just|absolutely|literally|really|honestly)\s+)*"
                r"(?:gross|disgusting|vile|revolting|nasty|the worst|foul)\b",
                "en",
                "dislikes",
            ),
            (
                rf"{opening}(?P<x>[\wäöüß-]+)\s+(?:"
                r"(?:ist|sind)\s+(?:(?:echt|total|einfach|voll|so)\s+)*"
                r"(?:eklig|ekelhaft|widerlich|das letzte)(?!\w)|"
                # "geht gar nicht" closes the clause ("… ist gar nicht so schlecht" praises)
                r"(?:geht|gehen)\s+(?:(?:bei mir|für mich|echt|einfach)\s+)*(?:gar|überhaupt)\s+"
                r"nicht(?=\s*(?:[,.;:!?]|$|(?:da|die|das|der)\b)))",
                "de",
                "dislikes",
            ),
            (
                r"(?i)\b(?:nothing beats|can't live without)\s+(?:a\s+|an\s+|good\s+)*(?P<x>[a-z][\w-]+)",
                "en",
                "prefers",
            ),
            (
                r"(?i)\bnichts geht über\s+(?:(?:ein|eine|einen|guten|gute|gutes)\s+)*(?P<x>[\wäöüß-]+)",
                "de",
                "prefers",
            ),
            (
                rf"{opening}(?P<x>[a-z][\w-]+)\s+over\s+[a-z][\w-]+,?\s+(?:any day|every time)\b",
                "en",
                "prefers",
            ),
            (rf"{opening}(?P<x>[\wäöüß-]+)\s+am liebsten\s*(?:[,.;:!?]|$)", "de", "prefers"),
            (
                r"(?i)(?:^|[,.;:!?]\s*|\b(?:eat|drink|listen to|watch|fly|fly with|take|read)\s+)"
                r"anything but\s+(?P<x>[\w-]+)",
                "en",
                "dislikes",
            ),
            (
                r"(?i)\b(?:ess|esse|trink|trinke|hör|höre|schau|schaue|les|lese)\s+(?:ich\s+)?"
                r"alles(?:,)?\s+außer\s+(?P<x>[\wäöüß-]+)",
                "de",
                "dislikes",
            ),
        ]
        for pattern, lang, predicate in judged:
            for m in rx.finditer(pattern, text):
                thing = m.group("x")
                word = thing.split()[0]
                if word.lower() in NOT_NAMES or word.lower() in PRONOUNS:
                    continue
                if word.lower().rstrip("s") in lx.CALENDAR_WORDS:
                    continue  # "Dienstag geht gar nicht": a date that does not suit
                if lang == "en" and (
                    not part_of_speech(word.lower(), lang="en").startswith("NN")
                    or is_proper_noun(word, lang="en")
                    or self.r.resolve(word) is not None
                ):
                    continue  # "Tom is the worst" judges a person
                if lang == "de" and not _object_noun(word, text):
                    continue
                if lang == "de" and thing.islower():
                    if not part_of_speech(thing.capitalize(), lang="de").startswith(("NN", "NE")):
                        continue
                    thing = thing.capitalize()
                self.add("person:me", predicate, m.start("x"), value=thing, allow=("negated",))

    def own_name(self) -> None:
        """ "Ich heiße Mara", "my name's Mara", "Hi, I'm Mara", "hey, ich bin übrigens Mara,
        34": the user's name (a ``name`` fact of ``person:me``). "I'm X" and "ich bin X" name
        only at the start of an introduction and when X is no nationality or creed ("I'm
        Irish", "I'm Catholic"); in German X must read as a name, since every noun is written
        with a capital ("ich bin Erzieherin")."""
        text = self.text
        said = rx.search(
            rf"(?i:\bich heiße|\bich heisse|\bich heiß|\bmein name ist|\bmein name is|"
            rf"\bmy name is|\bmy name's|\bi'm called|\bi am called)\s+"
            # "ich heiß übrigens Dennis", "my name's actually Siobhan"
            rf"(?:(?i:übrigens|eigentlich|zwar|ja|btw|actually)\s+)?(?P<n>{NAME})(?:\s+(?P<sur>{NAME}))?",
            text,
        ) or rx.search(
            rf"(?i:^|^(?:hi|hey|hello|hallo|moin|servus|yeah|yes|yep)\W+|:\s*"
            rf"|{greetings.LEAD_UP})"
            rf"(?i:i'm|i am|im)\s+(?:(?i:btw|actually)\s+)?(?P<n>{NAME})(?:\s+(?P<sur>{NAME}))?"
            rf"(?=\s*(?:[,.!;:–-]|$|\s+(?i:and|here|btw)\b))",
            text,
        )
        if said is None:
            said = rx.search(
                # (after a colon: "kurz zu mir damit du mich kennst: ich bin Lotte, 35")
                rf"(?i:^|^(?:hi|hey|hallo|moin|servus|na)\W+|:\s*|{greetings.LEAD_UP})"
                # "hi! ich bin übrigens die Jana": a filler, then the name's article
                rf"(?i:ich bin)\s+(?:(?i:übrigens|eigentlich)\s+)?(?:(?i:die|der)\s+)?(?P<n>{NAME})"
                # "ich bin Gisela aus Bielefeld": the town follows the name
                rf"(?=\s*(?:[,.!;:–-]|$|\s+(?i:und|übrigens|aus|vom)\b))",
                text,
            )
            # "ich bin Jonte, 29": a name the tagger does not know, followed by an age
            aged = (
                said is not None
                and rx.match(AGE_AFTER_NAME, text[said.end() :])
                and not lx.is_occupation(said.group("n"))
            )
            if said is None or not (
                is_proper_noun(said.group("n"), lang="de")
                or aged
                or _unknown_first_name(said.group("n"))
            ):
                return
        name = _clean_name(said.group("n"))
        if name.lower() in NOT_NAMES or name.lower() in NOT_OWN_NAMES:
            return
        if name.lower() in lx.DIETS:
            return  # "im pescatarian": what one eats, however rare its word
        if not NAMING_VERB.search(said.group(0)) and lx.is_occupation(name):
            return  # "ich bin hufschmiedin": a trade the tagger does not know, no name
        surname = said.groupdict().get("sur")
        if (
            surname
            and is_proper_noun(surname, lang=self.r.lang)
            and surname.lower() not in NOT_NAMES
        ):
            # "My name is Margaret Hughes": the whole name, as a form would hold it
            name, end = f"{name} {_clean_name(surname)}", said.end("sur")
        else:
            end = said.end("n")
        self.add("person:me", "name", said.start("n"), value=name)
        self._after_own_name(end)

    def _named_self(self) -> bool:
        """Whether the speaker has named themselves and the last thing said before this
        sentence was about them (not "… my nan Edna. 84, still drives")."""
        before = self.r.reading.claims[: self.first_claim]
        return (
            bool(before)
            and before[-1].subject == "person:me"
            and any(c.subject == "person:me" and c.predicate == "name" for c in before)
        )

    def _after_own_name(self, end: int) -> None:
        """What the items after the speaker's own name (ending at ``end``) say of them."""
        self._own_age(end)
        self._own_town(end)

    def _own_town(self, end: int) -> None:
        """ "linh here, from sacramento", "ich bin Marco, 41, gebäudereiniger aus Kiel": the
        town an item after the speaker's own name gives is where they live, unless the
        sentence's greeting gave one already."""
        town = introduced_towns.town_after_name(self.text, end, lang=self.r.lang)
        if town is None or self._place(town.name).lower() in NOT_NAMES:
            return
        if any(
            c.predicate == "lives_in" and c.subject == "person:me"
            for c in self.r.reading.claims[self.first_claim :]
        ):
            return
        where = self.r.mention(self._place(town.name), "place")
        self.add("person:me", "lives_in", town.start, obj=where.ref)

    def _own_age(self, end: int) -> None:
        """ "i'm leah, 29, …", "ich heiß übrigens Dennis, 44": the age set off right after the
        speaker's own name is theirs."""
        aged = own.age_after(self.text, end)
        if aged is not None:
            self.add("person:me", "age", aged.start, value=aged.value)

    def preferences(self) -> None:
        text = self.text
        for m in rx.finditer(
            rf"(?i:nenn mich|nennt mich|call me|sag einfach|just call me|i go by|i'm going by|"
            rf"ich heiße jetzt|alle nennen mich|everyone calls me)\s+(?:(?i:einfach|just|bitte|please)\s+)?(?P<n>{NAME})"
            # the name closes the clause ("I go by Alex now"; not "I go by Tesco on my way")
            rf"(?=\s*(?:$|[,.;:!?)–—-]|(?i:now|jetzt|these days|instead|btw|übrigens|tbh|lol)\b))",
            text,
        ):
            self.add("person:me", "preferred_name", m.start("n"), value=_clean_name(m.group("n")))
        called = own.nickname(text)
        if called is not None:
            self.add("person:me", "preferred_name", called.start, value=called.value)
        self.own_name()
        self._fronted_likes()
        self._tastes_in_passing()
        self._kind_of_person()
        self._judged_things()
        for flavour in flavours.flavours_said(text):
            if self.who(flavour.start) not in ("person:me", None):
                continue  # "my dad wants nothing too spicy": his taste, not the speaker's
            self.add(
                "person:me",
                flavour.predicate,
                flavour.start,
                value=flavour.food,
                allow=("negated",),
            )
        likes = [
            r"(?i:trink|trinke|trinkt|ess|esse|isst|drink|eat|nehm|nehme|nimmt|hör|höre|hört)\s+(?:(?i:meinen|meine|my|seinen|seine|ihren|ihre)\s+\w+\s+)?(?i:lieber|eher|rather)\s+",
            r"(?i:ich bevorzuge|i prefer|i always prefer|i'd rather|bevorzuge ich|prefer)\s+",
            r"(?i:\bi love|\bi like|\bich mag|\bich liebe|\bmag ich|\bi'm into|\bi really like|\bi adore)\s+",
            # "am liebsten Sushi" (the fronted verb, "am liebsten esse ich …", is below)
            r"(?i:am liebsten(?!\s+[\wäöü]+\s+(?:ich|wir)\b)|\bmore of a)\s+",
            # "big fan of jazz", "I'm really into climbing", "ich steh total auf Sushi"
            r"(?i:\b(?:big|huge|massive|great|total|riesen|großer|grosser|riesiger)?\s*fan (?:of|von)|"
            r"\b(?:i'm|im|i am) (?:really |so |very |totally |big |super |mad |well |dead |hugely )?into\b|\bi enjoy|\bi quite like|"
            # "im obsessed with halloumi", "she's mad about italian food", "sie is verrückt
            # nach Keramik": said of oneself or of the one the clause is about
            r"\b(?:i['’]?m|i am|(?:s?he|they)['’]s|(?:s?he|they) (?:is|are)|(?:s?he|they)s)\s+"
            r"(?:(?:so|totally|absolutely|completely|just|really)\s+)?(?:obsessed|crazy|mad|nuts)"
            r"\s+(?:with|about)|can't get enough of|\bi'm partial to|"
            r"\b(?:ich bin|bin|(?:er|sie|der|die) (?:ist|is))\s+(?:(?:total|völlig|komplett|voll|"
            r"echt|ganz|so)\s+)?(?:verrückt|ganz wild|süchtig) (?:nach|auf)|"
            r"\bich steh(?:e)? (?:total |voll |echt |sehr |so |ja )?auf|\bich (?:liebe|mag) es,?|"
            r"\bich bin (?:ein |eine )?(?:großer |riesiger |riesen |totaler )?fan von|"
            r"(?:^|[.!,]\s*)(?:love|loving|adore) (?=(?:a |an |the |my )?\w))\s*",
            # "my favourite food is lasagne", "mein Lieblingsessen ist Lasagne"
            # "ich esse gerne thailändisch", "hör gern Hörbücher", "lieber Tee als Kaffee"
            r"(?i:\b(?:ich\s+)?(?:esse|ess|trinke|trink|höre|hör|lese|les|koche|koch|schaue|schau|"
            r"gucke|guck|backe|back|spiele|spiel|fahre|fahr)\s+(?:total |echt |sehr |so |voll |richtig |am )?"
            r"(?:gern|gerne|liebsten)\s+|(?:^|[,.!]\s*)lieber\s+(?=[\wäöü-]+\s+als\b))",
            # "ich hör eigentlich nur Jazz", "I mostly drink oat milk", "i'm a tea person"
            r"(?i:\b(?:hör|höre|trink|trinke|ess|esse|les|lese|schau|schaue|guck|gucke|listen to|"
            r"drink|eat|read|watch)\s+(?:eigentlich\s+|actually\s+|fast\s+|almost\s+)?"
            r"(?:nur|only|mostly|meistens|hauptsächlich)|\bi'm (?:a|an) (?=[\w-]+ person\b))\s+",
            r"(?i:\bmy (?:absolute |all-time )?(?:favourite|favorite|fave|fav) [\w-]+(?: [\w-]+)? (?:is|are)|"
            r"\bmein\w* (?:absolutes )?lieblings[\wäöüß-]+ (?:ist|is|sind)|\bam liebsten [\wäöü]+ (?:ich|wir))\s+",
            r"(?i:nur noch|ab jetzt nur|from now on i'm drinking|from now on i'm|i'm drinking|only drink|only)\s+",
            r"(?i:\bmusikmäßig eher|\beher)\s+",
        ]
        for pattern in likes:
            for m in rx.finditer(pattern, text):
                # ("ich mag nur keine Sessellifte": a focus word may stand before the denial)
                if rx.match(
                    r"(?i)\s*(?:(?:nur|bloß|halt|einfach|echt|wirklich|just|really|simply)\s+)?"
                    r"(kein\w*|nicht|not|no|never|nie|auch nicht)\b",
                    text[m.end() :],
                ):
                    continue
                phrase = self._phrase(text[m.end() :])
                # (chat's "nich" denies as "nicht" does: "ich mag die einfach nich"; "only beef
                # I don't take" denies the thing put first)
                if phrase is None or rx.search(
                    r"(?i)\b(nicht|nich|kein\w*|not|no|\w+n['’]t|dont)\b", phrase
                ):
                    continue
                if rx.match(r"(?i)(?:is|ist)\b", phrase):
                    continue  # "what i really like is …": the thing follows the copula (below)
                phrase = rx.sub(r"(?i)\s+(person|fan|only|tea person)$", "", phrase)
                # "more of a chai girl myself": the label and its emphasis are no part of the thing
                phrase = SELF_LABEL.sub("", phrase)
                if rx.search(r"(?i)[a-zäöüß]{3}-?(?:typ|mensch|trinker|trinkerin)$", phrase):
                    continue  # "eher der Kaffeetyp": the liked thing is read by its kind
                if (
                    " " not in phrase
                    and language_of(text) == "de"
                    and not _object_noun(phrase, text)
                ):
                    continue  # "am liebsten grünen": an adjective, the noun is elsewhere
                if (
                    m.group(0).lower().strip().endswith("eher")
                    and " " not in phrase
                    and part_of_speech(phrase, lang="de").startswith("ADJ")
                ):
                    continue  # "bin eigentlich eher sportlich": how one is, no thing liked
                if phrase.lower() in ("es", "it", "das", "that", "things", "sachen"):
                    continue
                if m.group(0).lower().strip().startswith(("only", "nur noch")) and not rx.search(
                    r"(?i)\b(trink|drink|ess|eat|kaffee|coffee|tee|tea|milch|milk|decaf)\w*", text
                ):
                    continue
                # "my dad is a big fan of the Beatles", "Anna isst am liebsten Sushi": a liking
                # said of someone else is theirs, or nobody's when the window does not name them
                said = m.group(0)
                mine = first_person(said, lang=self.r.lang).search(said)
                # ("she's mad about …" of no one named is no one's, never the speaker's)
                third = rx.match(r"(?i)\s*(?:s?he|they|sie|er|der|die)\b", said)
                whose = (
                    "person:me"
                    if mine
                    else self.who(m.start(), default=None if third else "person:me")
                )
                if whose is not None and whose.startswith(("person:", "pet:")):
                    self.add(whose, "prefers", m.end(), value=phrase)
        # someone else's favourite: "ihr Lieblingskuchen is Bienenstich", "his favourite band
        # is Blur" (the possessive says whose)
        for m in rx.finditer(
            r"(?i)\b(?P<poss>ihr|ihre|sein|seine|her|his)\s+(?:absolute[rs]?\s+)?"
            r"(?:lieblings[\wäöüß-]+|favou?rite\s+[\w-]+)\s+(?:ist|is|sind|are)\s+",
            text,
        ):
            phrase = self._phrase(text[m.end() :])
            male = m.group("poss").lower() in ("sein", "seine", "his")
            whose = self.r.resolve("er" if male else "sie")
            if phrase and whose is not None and whose.kind in ("person", "pet"):
                self.add(whose.ref, "prefers", m.end(), value=phrase)
        # a name's favourite: "Miriams Lieblingsblume ist die Tulpe", "Omar's favourite band is
        # Blur", "die Lieblingsfarbe von Miriam ist Blau"
        for m in NAMED_FAVOURITE.finditer(text):
            phrase = self._phrase(text[m.end() :])
            whose = self._possessor(m.group("who") or m.group("of"), m.group("genitive") or "")
            if phrase and whose is not None:
                self.add(whose, "prefers", m.end(), value=phrase)
        for m in rx.finditer(
            r"(?i)(?P<x>[\w' -]+?),?\s+(?:that's|thats|das ist)\s+(?:my|mein)\s+(?:usual|standard)",
            text,
        ):
            phrase = self._phrase(m.group("x").strip(), words=3)
            if phrase:
                phrase = rx.sub(r"(?i)\s*(please|bitte)$", "", phrase)
                self.add("person:me", "prefers", m.start("x"), value=phrase)
        # the liking put first and the thing after the copula: "what i really love is old
        # country", "was ich echt mag, is Rhabarber"
        for m in rx.finditer(
            r"(?i)\b(?:what i|was ich)\s+(?:(?:really|actually|truly|honestly|echt|wirklich|"
            r"eigentlich|total|so)\s+)?(?:like|love|enjoy|mag|liebe?)\s*,?\s+(?:is|ist)\s+",
            text,
        ):
            phrase = self._phrase(text[m.end() :])
            if phrase and phrase.lower() not in ("it", "es", "das", "that", "when", "wenn"):
                self.add("person:me", "prefers", m.end(), value=phrase)
        dislikes = [
            (
                r"(?i:ich mag keinen|ich mag keine|ich mag kein|mag ich kein\w*|"
                r"\bi (?:really |just |absolutely |honestly |truly |so )?(?:don't like|dont like|do not like|hate|can't stand|cannot stand|dislike|detest|loathe|can't bear)|"
                r"ich hasse|(?:i'm |im |i am )?not (?:a |much of a |really a |the biggest |a big |a huge )?fan of|i really don't like|ich kann (?:einfach |echt |überhaupt )?nicht mit|"
                r"can't get into|cannot get into)\s+",
                False,
            ),
        ]
        for pattern, _ in dislikes:
            for m in rx.finditer(pattern, text):
                phrase = self._phrase(text[m.end() :])
                if phrase and phrase.lower() not in ("them", "it", "sie", "es", "das"):
                    self.add("person:me", "dislikes", m.end(), value=phrase, allow=("negated",))
                elif phrase:
                    before = rx.search(
                        r"(?i)\b(?:no|ohne|keine|keinen|kein)\s+(\w+)", text[: m.start()]
                    )
                    if before:
                        self.add(
                            "person:me",
                            "dislikes",
                            before.start(1),
                            value=before.group(1),
                            allow=("negated",),
                        )
        # "bitte nix mit livemusik", "krimis bitte nich": a thing a request leaves out
        for left in exclusions.left_out(text):
            if _object_noun(left.thing.split()[0], text):
                self.add("person:me", "dislikes", left.start, value=left.thing, allow=("negated",))
        # someone else's dislike: "sie mag keinen Rosenkohl", "Omar hates olives"
        for m in OTHERS_DISLIKE.finditer(text):
            phrase = self._phrase(text[m.end() :])
            if not phrase or phrase.lower() in ("them", "it", "sie", "es", "das", "ihn"):
                continue
            who = m.group("who") or m.group("who2")
            if who.lower() in ("er", "sie", "he", "she"):
                found = self.r.resolve(who.lower())
                whose = found.ref if found is not None else None
            else:
                whose = self._possessor(who, "")
            if whose is not None and whose.startswith("person:") and whose != "person:me":
                self.add(whose, "dislikes", m.end(), value=phrase, allow=("negated",))
        for m in UNNAMED_DISLIKE.finditer(text):
            phrase = self._phrase(text[m.end() :])
            whose = self.who(m.start("verb"))
            if phrase and whose not in (None, "person:me") and whose.startswith("person:"):
                self.add(whose, "dislikes", m.end(), value=phrase, allow=("negated",))
        # object first: "Pilze mag ich auch nicht", "Schlager kann ich echt nicht ab", "X schmeckt mir nicht"
        for m in rx.finditer(
            r"(?i)(?:^|[,.;]\s*|\s)(?:(?:und|and|aber)\s+)?(?P<x>[\w-]+)\s+(?:mag ich|kann ich|vertrag ich|vertrage ich|schmeckt mir|schmecken mir)\s+(?:\w+\s+){0,2}?(?:nicht|kein|nie)\b",
            text,
        ):
            if not _object_noun(m.group("x"), text):
                continue
            self.add("person:me", "dislikes", m.start("x"), value=m.group("x"), allow=("negated",))
        # "ich kann koriander echt nicht ab", "mit Schlager kannst du mich jagen"
        for m in rx.finditer(
            r"(?i)\bich kann (?P<x>[\wäöüß-]+)\s+(?:\w+\s+){0,2}?(?:nicht|kein\w*)\s+(?:ab|ausstehen|leiden|riechen)\b"
            r"|\bmit (?P<y>[\wäöüß-]+)\s+(?:kannst du|kann man)\s+mich\s+jagen",
            text,
        ):
            word = m.group("x") or m.group("y")
            if _object_noun(word, text) or text == text.lower():
                at = m.start("x") if m.group("x") else m.start("y")
                self.add("person:me", "dislikes", at, value=word, allow=("negated",))
        for m in rx.finditer(
            r"(?i)(?:^|[,.;]\s*|\s)(?:(?:und|and|aber)\s+)?(?P<x>[\wäöüß-]+)\s+(?:find|finde)\s+ich\s+(?:\w+\s+)?(?:eklig|ekelhaft|furchtbar|schrecklich|widerlich|ätzend|grässlich|scheußlich|fürchterlich|abstoßend)\b",
            text,
        ):
            if not _object_noun(m.group("x"), text):
                continue
            self.add("person:me", "dislikes", m.start("x"), value=m.group("x"), allow=("negated",))
        # "OHNE Koriander, das zeug schmeckt nach seife", "keine Auberginen, die find ich
        # eklig", "nothing with mushrooms pls, i can't stand them": what is excluded, then
        # disliked in a clause of its own
        for m in rx.finditer(
            r"(?i)\b(?:ohne|no|keine?n?|nothing with|nix mit|nichts mit)\s+(?:(?:\w+\s+){0,1}?(?:mit|with)\s+)?"
            r"(?P<x>[\wäöüß-]+)(?:\s+(?:please|pls|bitte))?[^.!?]*?(?:schmeckt nach|can't stand|"
            r"cannot stand|hate|hasse|eklig|ekelhaft|disgusting|widerlich|gross|mag ich (?:\w+\s+)?nicht|"
            r"don't like|dont like)",
            text,
        ):
            if m.group("x").lower() in NOT_LIKED_THINGS or len(m.group("x")) < 3:
                continue  # "no i'm not allergic …, i just don't like mushrooms": no thing
            self.add("person:me", "dislikes", m.start("x"), value=m.group("x"), allow=("negated",))
        # "paprika geht immer", "give me a cheesy romcom any day", "I'd never say no to a good
        # espresso": a liking said as what is always welcome
        for m in rx.finditer(
            r"(?i)(?:^|[,.;!]\s*|\b(?:oh|ja|yes|and|und|aber|but)\s+)"
            # ("n kühles Bier geht immer": an article and praise before the thing)
            r"(?:(?:ein|eine|einen|n|ne|nen)\s+)?(?:[a-zäöüß]+(?:er|es|e)\s+)?"
            r"(?P<x>[\wäöüß-]+)\s+geht\s+immer\b"
            # ("give me a good horror movie any day": praise, then a compound)
            r"|\bgive me\s+(?:a\s+|an\s+|all the\s+|the\s+)?(?P<y>(?:[\w-]+\s+){0,2}?[\w-]+?)\s+(?:any day|all day|every time)\b"
            r"|\b(?:never|nie)\s+say\s+no\s+to\s+(?:a\s+|an\s+|some\s+)?(?P<z>(?:good\s+|nice\s+)?[\w-]+)"
            # "… 😂 90s britpop any day", "tea, any day": the thing alone, then "any day"
            r"|(?:^|(?<=[^\w\s'’-])\s*)(?!(?:give|gimme)\s)(?P<w>(?:[\w-]+\s+){0,2}?[\w-]+),?"
            r"\s+any\s+day\b"
            r"(?=\s*(?:[^\w\s'’-]|$))",
            text,
        ):
            key = next(k for k in ("x", "y", "z", "w") if m.group(k))
            value = rx.sub(r"(?i)^(?:good|nice|cheesy)\s+", "", m.group(key))
            if value.lower() in NOT_LIKED_THINGS:
                continue  # "give me a shout any day", "das geht immer": no thing liked
            if key == "w" and not (
                self._a_thing(value)
                and part_of_speech(value.split()[-1], lang="en").startswith(("N", "AJ0-NN"))
            ):
                continue  # "call me any day": no thing named
            if rx.search(r"(?i)\b(if|wenn|falls)\b", text[m.end() :]):
                continue  # "… say no to a promotion if my boss offered it": a hypothetical
            # "I'd never say no to …" is a habit of taste, not a hypothetical
            self.add(
                "person:me", "prefers", m.start(key), value=value, allow=("negated", "hypothetical")
            )
        for m in rx.finditer(rf"(?i)(?<![\w-])({_alternation(lx.DIETS)})(?![\w-])", text):
            if rx.search(
                r"(?i)\b(rezept|recipe|gericht|dish|restaurant|option|essen)\w*\s*$",
                text[max(0, m.start() - 15) : m.start()],
            ):
                continue
            following = rx.match(r"\s+([a-zäöüß]{3,})\b", text[m.end() :], re.I)
            if (
                following
                and following.group(1).lower()
                not in DIET_NOUNS | nearest.FUNCTION_WORDS | {"cos", "coz", "cuz"}
                and part_of_speech(following.group(1), lang=self.r.lang).startswith("N")
            ):
                continue  # "hunting gluten free spots": what food or a place is like
            if FORMER_DIET.search(text[max(0, m.start() - 40) : m.start()]):
                continue  # "I was vegetarian for years", "war jahrelang Vegetarierin"
            subject = self.who(m.start())
            if subject is None:
                continue
            self.add(subject, "diet", m.start(), value=lx.DIETS[m.group(1).lower()])

    def _finding_told(self, position: int) -> bool:
        """Whether the condition at ``position`` is a test's finding told as "it's …" right
        after the results ("got the results back. it's lupus", "Befund ist da. Es ist
        Rheuma")."""
        before = self.r.previous[1] if self.r.previous else ""
        if not TOLD_FINDING.match(self.text[:position]):
            return False
        if not TEST_RESULTS.search(f"{before} {self.text}"):
            return False
        # (whose results: "my mum got her results back" tells her finding, not the speaker's)
        others = (
            rx.search(r"(?i)\b(?:his|her|their|sein\w*|ihre[mnrs]?)\b", before)
            or UNNAMED_SUBJECT.search(before)
            or OTHERS_KIN.search(before)
            or any(
                rx.search(rf"(?<!\w){re.escape(e.name)}(?!\w)", before)
                for e in self.r.reading.entities.values()
                if e.kind in ("person", "pet")
            )
        )
        return not others

    def health(self) -> None:
        text = self.text
        # "ich vertrag keine Laktose", "I can't have gluten": what one cannot eat sets the diet
        for m in rx.finditer(
            r"(?i)\b(?:vertrag\w*|verträgt)\s+(?:ich\s+|er\s+|sie\s+)?(?:gar\s+|leider\s+)?"
            r"(?:keine?n?|nicht|kein)\s+(?P<x>laktose|gluten|milch|milchprodukte)\b"
            # "ich darf keine Laktose essen", "kann kein Gluten essen"
            r"|\b(?:darf|darfst|kann|könnte)\s+(?:ich\s+|er\s+|sie\s+)?(?:leider\s+|gar\s+)?"
            r"(?:keine?n?|kein)\s+(?P<z>laktose|gluten|milch|milchprodukte)\s+(?:essen|trinken|"
            r"haben|mehr)\b"
            r"|\b(?:can't|cannot|can not|don't|mustn't|shouldn't) (?:have|eat|tolerate|digest)\s+"
            r"(?:any\s+)?(?P<y>lactose|gluten|dairy)\b",
            text,
        ):
            food = (m.group("x") or m.group("y") or m.group("z")).lower()
            diet = "gluten_free" if food == "gluten" else "lactose_free"
            self.add(self.who(m.start()), "diet", m.start(), value=diet)
        self._meat_free()
        for m in _named_condition().finditer(text):
            value = m.group("c")
            value = rx.sub(r"(?i)diabetic$", "diabetes", value)
            if value.lower() in lx.CONDITION_ADJECTIVES:
                value = lx.CONDITION_ADJECTIVES[value.lower()]
            value = lx.CONDITION_SLANG.get(value.lower(), value)
            if rx.search(
                r"(?i)\b(for people with|für menschen mit|gegen|against)\s*$"
                # "ich koche für einen Diabetiker", "recipes for a diabetic friend"
                r"|\b(?:für|for)\s+(?:a|an|ein|eine|einen|einer)?\s*$",
                text[: m.start()],
            ):
                continue
            if self._condition_not_had(m, value):
                continue
            subject = self.who(m.start())
            owner = OWNER_AFTER_CONDITION.match(text, m.end())
            if owner:
                # "die Laktoseintoleranz hat meine Schwester Dörte, nicht ich": the condition
                # fronted, whose it is said after its verb
                subject = self.who(owner.end())
            if subject is None or THEIR_OWN.search(text[: m.start()]):
                # "his arthritis has been brutal": a condition said as someone else's
                continue
            diagnosed = (
                DIAGNOSED.search(text)
                or FOUND_AFTER.match(text[m.end() :])
                or self._finding_told(m.start())
            )
            if (
                subject == "person:me"
                and not first_person(text).search(text[: m.end()])
                and not rx.match(r"(?i)^\s*(hab|habe|hatte|got)\b", text)
                and not rx.search(r"(?i)\b(hab|habe|have|has|hat|diagnosed|leide|suffer)\b", text)
                and not diagnosed
                and not said_with_its_course(text, m.start(), m.end())
            ):
                # a condition named in passing, with nobody it belongs to
                continue
            # "coeliac disease", "Morbus …-Syndrom": the condition's head noun is its name's
            head = rx.match(r"(?i)\s+(disease|syndrome|disorder)\b", text[m.end() :])
            if head and not value.lower().endswith(head.group(1).lower()):
                value = f"{value} {head.group(1)}"
            if " " not in value:
                # a qualified name already says which one ("plantar fasciitis in my foot")
                value += _condition_complement(text[m.end() :], lang=self.r.lang)
            # "mein Hausarzt meint, ich hab ne Laktoseintoleranz": a doctor's finding is no
            # opinion the speaker reports
            self.add(
                subject,
                "health_condition",
                m.start(),
                value=value,
                allow=("reported",) if diagnosed else (),
            )
            diet = lx.CONDITION_DIETS.get(m.group("c").lower())
            if diet:
                self.add(subject, "diet", m.start(), value=diet)
        # "diagnosed w type 2 in feb", "type 1 since i was 9": diabetes named by its type
        for position, condition in diabetes_types(text, lang=self.r.lang):
            self.add(self.who(position), "health_condition", position, value=condition)
        # "der hat sich das Bein gebrochen", "she broke her wrist": an injury told by its verb
        for injury in injuries_told(text, lang=self.r.lang):
            subject = self.who(injury.start)
            if subject is not None:
                self.add(subject, "health_condition", injury.start, value=injury.value)
        for m in rx.finditer(
            # (also inside a compound: "Futtermittelallergie gegen Huhn" names the Huhn)
            r"(?i)(?:\ballergisch (?:gegen|auf)|\ballergic to|allergie gegen|\ballergy to)\s+(?P<x>[^,.;!?]+)",
            text,
        ):
            # (an emoji after the allergen is no part of it)
            phrase = self._phrase(rx.sub(r"[^\w\s'’-]", " ", m.group("x")))
            if phrase is None or phrase.lower() in ("anything", "nothing", "alles", "nichts"):
                continue
            # (laughter after the allergen, "peanuts haha", goes with all chatter: bare_value)
            phrase = bare_value(phrase)
            if any(_calendar_word(w) for w in phrase.split()):
                continue  # "allergic to Mondays": a day is no substance, the allergy a figure
            subject = self.who(m.start())
            self.add(subject, "allergic_to", m.start("x"), value=phrase)
            for position, item in further_allergens(text, m.start("x")):
                self.add(subject, "allergic_to", position, value=ALLERGENS.get(item.lower(), item))
        for m in rx.finditer(
            r"(?i)\b(?P<x>[a-zäöüß-]{3,}?)(?:-?allergie|\s+allergy)\b(?!\s+(?:gegen|auf|to)\s)"
            r"|\b(?:gegen|auf)\s+(?P<y>[\wäöüß-]+)\s+allergisch\b",
            text,
        ):
            word = m.group("x") or m.group("y")
            if word.lower() in (
                "eine",
                "einer",
                "keine",
                "schwere",
                "leichte",
                "severe",
                "mild",
                "bad",
                "food",
                "a",
                "the",
                "an",
                "my",
                "ne",
                "ner",
                "die",
                "der",
            ):
                continue
            word = ALLERGENS.get(word.lower(), word)
            subject = self.who(m.start())
            self.add(
                subject, "allergic_to", m.start("x") if m.group("x") else m.start("y"), value=word
            )
        # "keine Nüsse bitte, bin allergisch": the allergen said before a bare "allergic"
        for position, allergen in fronted_allergens(text, lang=self.r.lang):
            value = ALLERGENS.get(allergen.lower(), allergen)
            self.add(self.who(position), "allergic_to", position, value=value)
        for m in rx.finditer(r"(?i)(?<![\w-])([A-Za-zÄÖÜäöü][\w-]{2,})(?![\w-])", text):
            word = lx.MEDICINE_SLANG.get(m.group(1).lower(), m.group(1))
            if not lx.MEDICINE.match(word) or word.lower() in lx.CALENDAR_WORDS:
                continue  # "am 3. April" is no ACE inhibitor
            before = text[: m.start()]
            segment = segment_at(self.parts, m.start())
            # "jetzt erstmal Ibuprofen 600": a fragment that opens on the medicine
            opening = segment is not None and not [
                w
                for w in rx.findall(r"[\wäöüß]+", text[segment.start : m.start()])
                if w.lower() not in MEDICATION_FILLERS
            ]
            # "penicillin is my sister Jess": the medicine as a clause's subject is spoken of
            opening = opening and not rx.match(r"(?i)\s+(?:is|ist|was|war)\b", text[m.end() :])
            # "the cetirizine i take", "das Ramipril, das ich nehme"
            # German puts the object first and the verb before its subject: "ibu nehm ich
            # grad zusätzlich", "Cortison krieg ich seit Montag"
            taken_after = rx.match(
                r"(?i)\W*(?:(?:that|which|das|die|den)\s+)?(?:i|ich)\s+(?:take|nehme?|krieg\w*)\b"
                r"|\s+(?:nehm\w*|krieg\w*|bekomm\w*)\s+ich\b",
                text[m.end() :],
            ) or PRESCRIBED_OR_FELT.match(text[m.end() :])
            taking = rx.search(
                r"(?i)\b(nehm\w*|take|takes|taking|on|switched me to|switched to|bekomme|krieg\w*|spritz\w*|prescribed|verschrieben|verschreibt|put me on|started me on|mir)\s+(?:[\w-]+\s+){0,4}$",
                before,
            ) or rx.search(r"(?i)\b(?:my|mein|meine|meinem|meinen)\s+$", before)
            if not (opening or taking or taken_after):
                continue
            subject = self.who(m.start())
            value = with_its_letter(word, text[m.end() :])  # "Vitamin D", not "Vitamin"
            self.add(subject, "takes_medication", m.start(), value=value)
        # "I take 50mg of lamotrigine", "nehme 5 mg Bisoprolol": a dose says the word after it
        # is a drug, whatever its name
        for m in DOSED.finditer(text):
            word = m.group("x")
            if lx.MEDICINE.match(word) or word.lower() in NOT_A_DRUG:
                continue  # read above, or how often or in what form, not what
            if not part_of_speech(word, lang=self.r.lang).startswith(("NN", "NP", "NE")):
                continue  # "on 20mg since March": no noun after the dose
            self.add(self.who(m.start()), "takes_medication", m.start("x"), value=word)
        # "put me on eliquis", "muss er Blutverdünner nehmen": named by its giving or its class
        for position, drug in prescribed_drugs(text, lang=self.r.lang):
            if not lx.MEDICINE.match(drug):  # (a listed name is read above)
                self.add(self.who(position), "takes_medication", position, value=drug)
        # "put me on iron tablets", "nehme Eisentabletten": a preparation named by its form
        for m in rx.finditer(
            r"(?i)\b(?:nehm\w*|take|takes|taking|on|put me on|started me on|prescribed|"
            r"verschrieben|bekomme|krieg\w*|hab|habe|got)\s+"
            # how long or how often, between the verb and the preparation: "nehme seit Jahren
            # Blutdrucktabletten", "take daily blood pressure pills"
            r"(?:(?:seit|since|for)\s+(?:[\wäöü]+\s+){1,2}?(?=[\wäöüß-]*(?:tabletten|pills|tablets|meds))"
            r"|(?:täglich|daily|morgens|abends|regelmäßig|immer|noch|schon|still)\s+)*"
            r"(?:(?:some|die|the|my|meine)\s+)?"
            r"(?P<x>(?:[a-zäöüß-]{3,}\s+){0,2}?(?:tablets|pills|capsules|drops|inhaler|meds|"
            r"gel|salbe|creme|cream|ointment|"
            r"[a-zäöüß]*tabletten|[a-zäöüß]*kapseln|[a-zäöüß]*tropfen|[a-zäöüß]*spray))\b",
            text,
        ):
            phrase = m.group("x")
            if phrase.split()[0].lower() in ("the", "my", "some", "any", "his", "her", "no"):
                continue  # two words before the form reach back over its article
            # "nehme dafür Tabletten", "take also pills": an adverb between the verb and the
            # preparation says why or when, not which
            words = phrase.split()
            while len(words) > 1 and part_of_speech(words[0], lang=self.r.lang).startswith(
                ("ADV", "PROAV", "PAV", "AV")
            ):
                words.pop(0)
            phrase = " ".join(words)
            if phrase.lower() in (
                "tablets",
                "pills",
                "capsules",
                "drops",
                "tabletten",
                "tropfen",
                "meds",
                "gel",
                "salbe",
                "creme",
                "cream",
                "ointment",
            ):
                continue  # "take the pills": which ones, the text does not say
            subject = self.who(m.start())
            self.add(subject, "takes_medication", m.start("x"), value=phrase)

    def _condition_not_had(self, found: re.Match, value: str) -> bool:
        """Whether a condition word names no condition anyone is said to have: a modifier of
        the noun after it ("autistic kids", "a diabetes nurse"), the condition of a relative
        clause's antecedent ("meine Mutter, die Demenz hat"), or a passing state a moment
        gives ("that meeting gave me anxiety", "bin heute so ADHS")."""
        text = self.text
        after = rx.match(r"\s+([\w'’-]{3,})", text[found.end() :])
        if (
            after
            and " " not in value
            and not rx.match(r"(?i)(?:typ|type|disease|syndrome|disorder)$", after.group(1))
            and not rx.match(r"(?i)\s*(?:im|am|in|on)\b", text[found.end() :])
            and part_of_speech(after.group(1), lang=self.r.lang).startswith(("NN", "NP"))
            and not TIME_NOUN.match(after.group(1))
        ):
            return True
        segment = segment_at(self.parts, found.start())
        opening = text[segment.start if segment else 0 : found.start()]
        relative = rx.match(
            r"(?i)\s*(?:die|der|das|who|which|that)\s+([\w'’-]+)",
            text[segment.start if segment else 0 :],
        )
        if (
            relative
            and segment
            and text[: segment.start].rstrip().endswith(",")
            # "…, der hat Gicht": a German verb right after the pronoun makes it a
            # demonstrative opening a main clause (a relative clause puts its verb last)
            and not (
                self.r.lang == "de" and part_of_speech(relative.group(1), lang="de").startswith("V")
            )
        ):
            return True
        if rx.search(r"(?i)\b(?:gave|gives|give|giving)\s+me\s+(?:\w+\s+)?$", opening):
            return True
        lasting = rx.search(
            r"(?i)\b(?:seit|since|diagnos\w*|immer|always|every|jeden|jedes|jede|chronic\w*|"
            r"chronisch\w*)\b",
            text,
        )
        today = rx.search(r"(?i)\b(?:heute|today|tonight|right now)\b", opening)
        return bool(today) and not lasting

    def _meat_free(self) -> None:
        """ "I don't eat meat", "ich ess kein Fleisch (mehr)": vegetarian; with fish said to be
        eaten ("Fisch aber schon", "but I do eat fish", "except fish") pescetarian. Meat left
        out on some days ("on Fridays", "heute"), rarely ("not much meat") or on trial ("seit
        gestern, mal sehen") is no diet."""
        text = self.text
        m = meat_free.MEAT_REFUSED.search(text)
        if m is None or rx.search(
            r"(?i)\b(?:on|am|at)\s+\w+(?:days|tagen|tag|s)\b|\b(?:today|tonight|heute|this week|"
            r"diese woche|freitags|fridays|lent|fastenzeit|much|viel|oft|often|"
            # a trial just begun: "seit gestern, mal sehen", "trying not to"
            r"gestern|yesterday|mal sehen|we'll see|trying|try|versuch\w*|probier\w*)\b",
            text,
        ):
            return
        if meat_free.DIET_SAID.search(text):
            return  # "i dont eat meat, im pescatarian": the diet said in its own word decides
        diet = meat_free.meat_free_diet(text)
        subject = self.who(m.start())
        # "meine freundin leonie, die isst kein fleisch": never the speaker
        pointed = _pointed_gender(text[: m.start()])
        if pointed and subject == "person:me":
            subject = self._last_person(gender=pointed)
        if subject is not None:
            self.add(subject, "diet", m.start(), value=diet)

    def languages_and_hobbies(self) -> None:
        text = self.text
        if rx.search(r"(?i)\b(sprech\w*|sprich\w*|spricht|speak\w*|fluent|fließend)\b", text):
            verb = rx.search(r"(?i)\b(sprech\w*|sprich\w*|spricht|speak\w*)\b", text)
            for m in rx.finditer(rf"(?i)(?<![\w-])({_alternation(lx.LANGUAGES)})(?![\w-])", text):
                subject = self.who(verb.start() if verb else m.start())
                self.add(subject, "speaks", m.start(), value=m.group(1))
        for m in rx.finditer(
            # "Seit 2019 spiel ich Cello": a fronted time puts the subject after the verb
            rf"(?i)\b(?:spiel\w*|play\w*)\s+(?:(?:ich|i)\s+)?(?:(?:seit|since)\s+\S+\s+|(?:the|die|das|den)\s+)?(?P<x>{_alternation(lx.INSTRUMENTS)})\b",
            text,
        ):
            subject = self.who(m.start())
            self.add(subject, "hobby", m.start("x"), value=m.group("x"))
        # a game played as a habit: "ich spiel seit Jahren Handball", "he plays rugby on
        # Sundays"; a game played once ("we played tennis yesterday") is an event
        for m in rx.finditer(
            rf"(?i)\b(?:spiel|spiele|spielt|spielen|play|plays|playing)\s+(?:(?:ich|er|sie|i)\s+)?"
            rf"(?:(?:seit|since)\s+[\wäöü]+\s+|(?:schon|immer|noch|viel|gern|gerne|a lot of|"
            rf"lots of)\s+)*(?P<x>{_alternation(lx.GAMES)})\b",
            text,
        ):
            if any(t.relation != "since" and t.granularity == "day" for t in self.times):
                continue
            if NOT_A_PASTIME.search(text):
                continue  # "I hate playing golf", "plays football but hates it"
            self.add(self.who(m.start()), "hobby", m.start("x"), value=m.group("x"))
        # someone else's pastime: "she's really into birdwatching", "Sam's more into climbing"
        for m in rx.finditer(
            r"\b(?:(?i:he|she|er|sie)|[A-ZÄÖÜ]\w+)(?i:'s|’s|\s+is)\s+(?i:really\s+|very\s+|so\s+|"
            r"big\s+|totally\s+|super\s+|more\s+|mostly\s+)*(?i:into)\s+(?P<x>[a-z]{3,}ing)\b",
            text,
        ):
            subject = self.who(m.start("x"), default=None)
            known = subject is not None and subject.startswith("person:")
            if known and subject != "person:me" and m.group("x").lower() not in NOT_HOBBIES:
                self.add(subject, "hobby", m.start("x"), value=m.group("x"))
        # taking up an activity, dated by the text: "hab vor drei Wochen mit Kickboxen
        # angefangen", "I started bouldering on Tuesday", "took up pottery in May"
        for m in rx.finditer(
            r"(?i)\bmit (?:dem\s+|der\s+)?(?P<x>[a-zäöüß]\w+)\s+(?:angefangen|begonnen)"
            # a gerund before a noun modifies it ("started swimming lessons", "running shoes")
            r"|\b(?:started|began|(?:took|taken|taking)\s+up|picked up|got into)\s+(?P<y>[a-z]{3,}ing)\b"
            r"(?=\s*(?:[,.!;?)]|$|(?:on|at|in|with|and|last|this|again|recently|since|a|an|for|"
            r"about|because|but|so|yesterday|today|two|three|after|when|and)\b))"
            # "started pottery classes two months ago": the classes are the activity's
            r"|\b(?:started|began|took up|signed up for)\s+(?P<z>[a-z]{4,})\s+"
            r"(?:classes|lessons|course)\b"
            # "I've taken up woodcarving", "took up pottery in May": what is taken up is
            # the activity, a gerund or not
            r"|\b(?:took|taken|taking)\s+up\s+(?P<w>[a-z]{4,})\b"
            r"(?=\s*(?:[,.!;?)]|$|(?:on|in|at|last|this|again|recently|since|and|but|so|after|when|"
            r"lately|too)\b))",
            text,
        ):
            x = m.group("x") or m.group("y") or m.group("z") or m.group("w")
            # without an article only a nominalised verb or a sport is an activity ("mit
            # Kickboxen"), not whatever noun follows "mit"
            article = rx.match(r"(?i)mit (?:dem|der)\s", m.group(0))
            activity = (
                article
                or m.group("y")
                or m.group("z")
                or m.group("w")
                or rx.search(r"(?i)(?:en|ern|eln|sport|ball)$", x)
            )
            if x.lower() in NOT_HOBBIES or not activity:
                continue
            self.add(self.who(m.start()), "hobby", m.start(m.lastgroup), value=x)
        # "Seit letztem Montag mach ich Intervallfasten": a practice kept since a stated time
        # is a routine; only a capitalised noun closing the clause is what is done
        for m in rx.finditer(
            r"\b(?i:mach|mache)\s+(?i:ich)\s+(?P<x>[A-ZÄÖÜ][a-zäöüß]{3,})(?=\s*(?:[,.!;?]|$))",
            text,
        ):
            kept = any(
                t.relation == "since"
                and t.end <= m.start()
                and "\n" not in text[t.end : m.start()]
                and not rx.search(r"[,.;!?]", text[t.end : m.start()])
                for t in self.times
            )
            if kept and m.group("x").lower() not in NOT_HOBBIES | NOT_PRACTICES:
                self.add(self.who(m.start("x")), "routine", m.start("x"), value=m.group("x"))
        for m in rx.finditer(
            r"(?i)\b(?:my hobby is|mein hobby ist|hobby:)\s+(?P<x>[^,.;!?]+)", text
        ):
            phrase = self._phrase(m.group("x"))
            if phrase:
                self.add("person:me", "hobby", m.start("x"), value=phrase)

    def studies(self) -> None:
        text = self.text
        for m in rx.finditer(
            r"(?i)\b(?:studiert|studiere|studier|studieren|studies|studying|study|studied|"
            r"macht (?:ihren|seinen|den|nen|einen) (?:master|bachelor|doktor)|mache (?:meinen|den|nen) (?:master|bachelor)|"
            r"(?:doing|does|do) (?:a|her|his|my) (?:phd|master's|masters|degree|doctorate|bachelor's))"
            # the time between verb and field: "seit dem Wintersemester", "seit Oktober",
            # "seit dem 1. Oktober", "since last September"
            r"(?:\s+(?:seit|since)\s+(?:(?:dem|der|letztem|letzten|vorigem|last|the)\s+)?"
            r"(?:\d{1,2}\.\s+)?\S+(?:\s+\d{4})?)?"
            # "studiert dort Medizin", "studiert jetzt Jura": the adverb is not the field
            r"(?:\s+(?i:dort|da|there|jetzt|now|inzwischen|mittlerweile|auch|noch|also|"
            r"übrigens|eigentlich|actually))?"
            r"\s+(?:(?P<prep>in|im)\s+)?(?P<x>[\wäöüÄÖÜß-]+)",
            text,
        ):
            field = m.group("x")
            if field.lower() in ("at", "an"):
                self._school_after_study(m)
                continue
            if field.lower() in NOT_NAMES or field.lower() in (
                *("at", "an", "da", "there", "dort", "noch", "still", "immer", "gerade", "grad"),
                *("nebenbei", "part-time", "teilzeit", "fertig", "weiter", "halt", "eh"),
            ):  # "ich studier noch", "I'm still studying": no field is named
                continue
            if (m.group("prep") or "").lower() == "in" and (
                field[:1].isupper() or is_proper_noun(field.capitalize(), lang=self.r.lang)
            ):
                # "studiert in Leipzig", "studiert in wien": where, not what; "doing a phd in
                # trinity": a degree is done at a school
                subject = self.who(m.start())
                if (
                    rx.search(r"(?i)phd|master|degree|doctorate|bachelor|doktor", m.group(0))
                    and is_proper_noun(field.capitalize(), lang=self.r.lang)
                    and not rx.match(r"\s+(?i:at|an)\s", text[m.end() :])
                ):
                    school = self.r.mention(field[:1].upper() + field[1:], "org")
                    self.add(subject, "studies_at", m.start("x"), obj=school.ref)
                    continue
                if subject not in (None, "person:me") and field.lower() not in NOT_PLACES:
                    place = self._place(field[:1].upper() + field[1:])
                    where = self.r.mention(place, "place")
                    self.add(subject, "lives_in", m.start("x"), obj=where.ref)
                continue
            subject = self.who(m.start())
            field, taken = whole_field(field, text[m.end() :], lang=self.r.lang)
            self.add(subject, "studies", m.start("x"), value=field)
            place = rx.match(
                rf"\s+(?:(?P<an>(?i:an der|an))\s+|(?i:at the|at|in)\s+)(?P<org>{ORG})",
                text[m.end() + taken :],
            )
            # "my daughter Sofia is at UCLA studying nursing": the school before the studying
            before = rx.search(
                rf"(?i:\b(?:is|am|are)|['’][sm])\s+(?i:at|an\s+der)\s+(?:(?i:the)\s+)?(?P<org>{ORG})\s*,?\s*$",
                text[: m.start()],
            )
            if before and not place:
                mention = self.r.mention(_clean_name(before.group("org")), "org")
                self.add(subject, "studies_at", before.start("org"), obj=mention.ref)
            # "an der RWTH": one studies *at* a school, a town is "in"
            if place and (
                place.group("an")
                or rx.search(
                    r"(?i)uni|college|hochschule|school|schule|akademie|academy|institut",
                    place.group("org"),
                )
            ):
                org = _clean_name(place.group("org"))
                mention = self.r.mention(org, "org")
                self.add(subject, "studies_at", m.end(), obj=mention.ref)
            elif place and self._place(place.group("org")).lower() not in NOT_NAMES:
                where = self.r.mention(self._place(place.group("org")), "place")
                if subject != "person:me":
                    self.add(subject, "lives_in", m.end(), obj=where.ref)

    def _last_name_before(self, at: int, text: str) -> str | None:
        """The last name of ``text`` before ``at``: a proper noun or a name the window knows."""
        known = {e.name for e in self.r.reading.entities.values()}
        names = [
            n
            for n in rx.findall(NAME, text[:at])
            if n.lower() not in NOT_NAMES and (is_proper_noun(n, lang=self.r.lang) or n in known)
        ]
        return names[-1] if names else None

    def _named_right_before(self, position: int) -> str | None:
        """A name in lower case closing what comes before ``position``, after an article or a
        title ("der erwin, …", "an herrn pawlak, …"), as chat writes it; capitalised for the
        entity."""
        found = rx.search(
            r"(?i)\b(?:der|die|dem|den|the|herr|herrn|frau|unser\w*|our)\s+"
            r"(?P<name>[a-zäöüß][a-zäöüß'’-]+)\b[^,.;!?]*?$",
            self.text[:position],
        )
        if found is None:
            return None
        word = found.group("name")
        lang = self.r.lang
        if (
            word in NOT_NAMES
            or lx.is_occupation(word)  # ("der bäcker, das ist mein onkel": a trade, no name)
            or not lower_names.could_be_name(word, lang=lang, strict=True)
        ):
            return None
        return word.capitalize() if is_proper_noun(word.capitalize(), lang=lang) else None

    def _own_animal(self, name: str, kind: str, position: int) -> None:
        """The speaker owns the animal ``name``, of the species or breed the word ``kind``
        names."""
        noun = kind.lower()
        species, gender = lx.PETS.get(noun) or (lx.BREEDS[noun], "")
        mention = self.r.mention(name, "pet", gender)
        self.add(mention.ref, "species", position, value=species)
        if noun not in lx.PETS:
            self.add(mention.ref, "breed", position, value=kind)
        self.add("person:me", "owns", position, obj=mention.ref)

    def _named_in(self, sentence: str) -> str | None:
        """The one person a sentence names: a capitalised name past its first word, or a
        lower-case one after the article southern German puts before names ("der günter")."""
        names = {
            m.group(0)
            for m in rx.finditer(rf"(?<=\s){NAME}\b", sentence)
            if m.group(0).lower() not in NOT_NAMES and is_proper_noun(m.group(0), lang=self.r.lang)
        }
        names |= {
            m.group(1).capitalize()
            for m in rx.finditer(r"(?i)\b(?:der|die)\s+([a-zäöüß]{3,})\b", sentence)
            if m.group(1)[0].islower() and is_proper_noun(m.group(1).capitalize(), lang="de")
        }
        return names.pop() if len(names) == 1 else None

    def _medicine_in(self, value: str) -> bool:
        """Whether ``value`` names a medicine this sentence was read to take."""
        words = {w.lower() for w in value.split()}
        return any(
            c.predicate == "takes_medication" and (c.value or "").lower() in words
            for c in self.r.reading.claims[self.first_claim :]
        )

    def started_here(self) -> None:
        """ "oh and I started here on the 1st of September 2019", "hab da 2019 angefangen":
        the day the speaker began at the job the window named dates it."""
        m = STARTED_HERE.search(self.text)
        if m is None or not self.times or self.who(m.start()) != "person:me":
            return  # (the times are blanked in the text read; the sentence must have one)
        # the last job and employer said, unless said as left ("used to work at Tesco")
        named = {
            c.predicate: c
            for c in self.r.reading.claims[: self.first_claim]
            if c.subject == "person:me" and c.predicate in ("works_at", "works_as")
        }
        for claim in named.values():
            if ENDED.search(claim.sentence):
                continue
            self.add(
                "person:me", claim.predicate, m.start(), value=claim.value, obj=claim.object_ref
            )

    def _school_after_study(self, m: re.Match) -> None:
        """ "I study at Leeds University, second year of law", "ich studiere an der Uni Köln,
        Jura im 3. Semester", "she studies at Exeter": the school right after the verb (a
        name after "study at" names the school), and the field said after it."""
        place = rx.match(
            rf"(?:(?P<an>an der|an)|at the|at)\s+(?P<org>{ORG})", self.text[m.start("x") :]
        )
        if not place:
            return
        subject = self.who(m.start())
        org = _clean_name(place.group("org"))
        mention = self.r.mention(org, "org")
        self.add(subject, "studies_at", m.start("x") + place.start("org"), obj=mention.ref)
        after = self.text[m.start("x") + place.end() :]
        said = FIELD_AFTER_SCHOOL.match(after)
        if said is None:
            return
        field = said.group("field") or said.group("field_de")
        if part_of_speech(field, lang=self.r.lang).startswith("NN") or field[:1].isupper():
            end = said.end("field") if said.group("field") else said.end("field_de")
            field, _ = whole_field(field, after[end:], lang=self.r.lang)
            self.add(subject, "studies", m.start("x") + place.end(), value=field)

    def membership(self) -> None:
        text = self.text
        for m in rx.finditer(
            rf"(?i:\bim|\bin der|\bin|\bbei der|\bbeim|\bbei|\bfür den|\bfür die|\bwith the|\bin the|\bjoined the|\bjoined|\bfor the|\bfür)\s+(?:(?i:a|an|the|den|die|der|dem)\s+)?(?P<org>{ORG})",
            text,
        ):
            org = self._org_name(m)
            if org is None:
                continue
            tail = text[m.end() : m.end() + 25]
            club_after = rx.match(
                r"\s+(running club|club|band|choir|team|verein|chor)\b", tail, re.I
            )
            segment = segment_at(self.parts, m.start())
            # a club word ends a compound ("Posaunenchor", "Sportverein"), but not a kinship
            # word ("my husband Tom got a job offer in Manchester")
            club_before = segment is not None and any(
                _word_at(text, segment.start + c.start()).lower() not in KIN_WORDS
                for c in lx.CLUB_WORDS.finditer(text[segment.start : m.start()])
            )
            if not (lx.CLUB_WORDS.search(org) or club_after or club_before):
                continue
            if org.lower() in lx.GENERIC_CLUBS:
                continue  # "im Verein", "in the choir": which one is not said
            subject = self.who(m.start())
            mention = self.r.mention(org, "org")
            self.add(subject, "member_of", m.start("org"), obj=mention.ref)
        for m in rx.finditer(
            rf"(?i:band|club|choir|team|chor|verein|orchestra)\s+(?i:called|named|namens)\s+(?:(?i:the)\s+)?(?P<org>{ORG})",
            text,
        ):
            org = _clean_name(m.group("org"))
            subject = self.who(m.start())
            mention = self.r.mention(org, "org")
            self.add(subject, "member_of", m.start("org"), obj=mention.ref)

    def routines(self) -> None:
        frequency = re.compile(
            r"(?i)\b(jeden|jede|jedes|every|each)\s+(tag|morgen|abend|woche|monat|sonntag|montag|dienstag|mittwoch|donnerstag|freitag|samstag|day|morning|evening|night|week|month|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thurs|fri|sat|sun|afternoon|arvo|nachmittag|vormittag)\b"
            # "weekends i walk the dog", "fridays we do a quiz": the days, then who does it
            r"|\b(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekends)\b(?=\s*,?\s*(?:i|we)\b)"
            # "saturday mornings i coach …", "saturdays it's parkrun", "bereavement group
            # tuesdays at 2": a plural day (or part of one) is every such day when a doer, a
            # pointer to what is done or its hour follows ("i hate mondays" has none of them)
            r"|\b(?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s+"
            r"(?:mornings|evenings|nights|afternoons|arvos)|mondays|tuesdays|wednesdays|thursdays|"
            r"fridays|saturdays|sundays)\b(?=\s*,?\s*(?:i|we|it's|its|it\s+is)\b|\s+at\s+\d)"
            r"|\b(montags|dienstags|mittwochs|donnerstags|freitags|samstags|sonntags|wochenends|täglich|daily|weekly|wöchentlich)\b"
            # "a weekly plan", "daily schedule": the kind of plan asked for, not a habit
            r"(?!\s+(?:plan|planner|schedule|overview|rota|plans|schedules)\b)"
            # a weekday fused with a time of day: "jeden Mittwochabend", "dienstagmorgens"
            r"|\b(?:jeden\s+)?(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)(?:morgen|vormittag|mittag|nachmittag|abend|nacht)s?\b"
            # abbreviated weekday lists: "gym mon/wed/fri", "mo/mi/fr"
            r"|\b(?:mon|tue|tues|wed|thu|thurs|fri|sat|sun|mo|di|mi|do|fr|sa|so)(?:\s*[/&+,]\s*(?:mon|tue|tues|wed|thu|thurs|fri|sat|sun|mo|di|mi|do|fr|sa|so)\b)+"
            # "tues n thurs", "mon and wed": English short days joined by a word
            r"|\b(?:mon|tue|tues|wed|thu|thurs|fri|sat|sun)\s+(?:n|and|&)\s+(?:mon|tue|tues|wed|thu|thurs|fri|sat|sun)\b"
            # (closing the list: not "i sat and sun bathed")
            r"(?=\s*(?:$|[,.;:!?)]|too\b|at\b|before\b|after\b|(?:morning|evening|night)s?\b))"
            r"|\bon (mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekends)\b|\bunter der woche\b"
            # "… on saturday mornings", "coach tuesday and thursday afternoons": a day's part
            # in the plural is every such part of those days
            rf"|{PARTS_OF_DAYS}"
            # "three times a week", "dreimal die Woche", "every other day", "jeden zweiten
            # Sonntag", "most mornings", "every weekday", "morgens immer"
            r"|\b(?:once|twice|\w+ times|(?:ein|zwei|drei|vier|fünf|sechs|sieben)mal|\d+\s*(?:x|mal))\s+(?:a|per|die|pro|im|in der|am)\s+(?:day|week|month|woche|tag|monat)\b"
            r"|\b(?:every|jeden|jede|jedes)\s+(?:other|second|zweiten|zweite|zweites|dritten)\s+\w+"
            # "fortnightly i do a saturday shift", "alle zwei Wochen Chorprobe"
            r"|\b(?:fortnightly|biweekly|monthly|monatlich|vierzehntägig|14-tägig|"
            r"alle\s+(?:zwei|2|drei|3|vier|4)\s+wochen|alle\s+14\s+tage)\b"
            r"|\b(?:every|most|on)\s+(?:weekday|weekdays|weeknight|weeknights|mornings|evenings|nights|days|afternoons|arvos)\b"
            r"|\bmost\s+(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekends)\b"
            # "sundays are for the farmers market", "tuesdays are climbing nights", "friday
            # night is pizza night": the days said to be given to something
            r"|(?<!this )(?<!next )(?<!last )\b(?:(?:mondays|tuesdays|wednesdays|thursdays|fridays|"
            r"saturdays|sundays|weekends)|(?:monday|tuesday|wednesday|thursday|friday|saturday|"
            r"sunday)s?(?:\s+(?:mornings?|evenings?|nights?|afternoons?))?)\s+(?:are|is)\s+"
            r"(?:for\b|(?:[\w-]+\s+){1,2}?(?:nights?|days?|mornings?|evenings?|time)\b)"
            # "wednesdays is swimming at 7", "saturdays are parkrun": a plural day is every such
            # day, and the copula gives it to what follows (whether that is an activity, not
            # "saturdays are busy", the value's check decides)
            r"|(?<!this )(?<!next )(?<!last )\b(?P<given>(?:mondays|tuesdays|wednesdays|thursdays|"
            r"fridays|saturdays|sundays|(?:monday|tuesday|wednesday|thursday|friday|saturday|"
            r"sunday)\s+(?:mornings|evenings|nights|afternoons))\s+(?:are|is)\s+)(?=\w)"
            r"|\b(?:morgens|abends|mittags|nachts|vormittags|nachmittags|werktags|wochentags)\b(?=.*\b(?:immer|meistens|normalerweise|regelmäßig|jeden|jedes)\b)"
            r"|\b(?:immer|meistens|normalerweise)\b(?=.*\b(?:morgens|abends|mittags|nachts|zum frühstück)\b)"
            r"|\b(?:always|usually|normally)\b(?=.*\b(?:for breakfast|for lunch|for dinner|before work|after work|before bed|in the morning|in the evening)\b)"
        )
        pieces: list[tuple[int, str]] = []
        for number, part in enumerate(self.parts):
            if part.silent:
                continue
            # "… take the bus tho cos i meet my mum for lunch every friday": a reason is a
            # clause of its own, with its own frequency
            cuts = [0, *(m.start() for m in REASON.finditer(part.text)), len(part.text)]
            for a, b in itertools.pairwise(cuts):
                pieces.append((part.start + a, REASON.sub(" ", part.text[a:b], count=1).strip()))
            # "i read for an hour before bed, every night": a frequency standing alone says
            # how often the clause before it is done
            before = self.parts[number - 1] if number else None
            if (
                before is not None
                and not before.silent
                and (_only_frequency(part.text) or _frequency_and_setting(part.text))
            ):
                counted = (_weekday_run(part.text) or WEEKDAYS_ALONE.search(part.text)) and (
                    days_instead_of_count(before.text, part.text)
                )
                if counted:  # "zweimal die Woche schwimmen, montags und freitags": the days
                    # say when, so the clause with its count alone is no habit of its own
                    pieces = [p for p in pieces if not (p[1] in before.text and says_a_count(p[1]))]
                pieces.append((before.start, counted or f"{before.text} {part.text}"))
            # "freitags, da hab ich Homeoffice", "sundays, then we …": the days said first
            # and pointed back to from the clause after them
            after = self.parts[number + 1] if number + 1 < len(self.parts) else None
            pointer = POINTS_BACK.match(after.text) if after is not None else None
            if pointer and not after.silent and _only_frequency(part.text):
                pieces.append(
                    (part.start, f"{part.text.strip(' ,;:')} {after.text[pointer.end() :]}")
                )
        habitual = [
            m
            for _, piece in pieces
            for m in frequency.finditer(piece)
            if not _one_occasion(m) and not _given_to_no_thing(m, piece)
        ]
        self.r.week_told = self.r.week_told or bool(habitual or WEEK_TOLD.search(self.text))

        def habit_in(piece: str) -> re.Match | None:
            return (
                next(
                    (
                        m
                        for m in frequency.finditer(piece)
                        if not _one_occasion(m) and not _given_to_no_thing(m, piece)
                    ),
                    None,
                )
                or _weekday_run(piece)
                or (self.r.week_told and _day_line(piece, lang=self.r.lang))
                or None
            )

        for start, piece in pieces:
            found = habit_in(piece)
            if not found or _only_frequency(piece) or _frequency_and_setting(piece):
                continue
            if ASKS_THE_ASSISTANT.match(piece):
                continue  # "help me sort my weekly shopping": what is asked for, not done
            # whose habit it is, and whether it is intended rather than done, the whole piece
            # tells; what is done is only the clause the frequency stands in ("Ich arbeite in
            # Köln und gehe jeden Mittwoch klettern")
            whole = piece
            offset, clause = _conjunct_at(piece, found.start(), lang=self.r.lang)
            narrowed = habit_in(clause) if clause != piece else None
            if narrowed and not (_only_frequency(clause) or _frequency_and_setting(clause)):
                start, piece, found = start + offset, clause, narrowed
            if INTENDED.search(self.text[: start + len(piece)]):
                continue  # "hab mir vorgenommen, ab nächster Woche jeden Tag …": not yet done
            if self._others_habit(whole, piece, start + found.start()):
                shared = piece != whole and offset > 0  # a conjunct after "and"/"und"
                self._their_routine(start, piece, found, frequency=frequency, shared=shared)
                continue
            value = self._routine_value(piece)
            # "hab grad meditiert, mach ich jeden Morgen": "mach ich" stands for the activity
            # the previous clause did; the routine is that activity at the stated frequency
            earlier = self.text[:start]
            done = rx.search(r"(?i)\b(?:ge[a-zäöüß]{3,}t|[a-zäöüß]{3,}iert)\b(?=[^\w]*$)", earlier)
            if done and PRO_FORM.match(piece):
                value = f"{found.group(0)} {_participle_infinitive(done.group(0))}"
            if value:
                value = with_whom_named(value, name_of=self._named_for)
            if value and _points_elsewhere(value):
                continue  # "reit ihn mittwochs", "we do it every saturday": what is done is
                # named in another clause, so this one names no activity of its own
            if value and not _names_an_activity(value, frequency=frequency, lang=self.r.lang):
                continue  # "sondern donnerstags", "tues and thurs is fine": days, no doing
            if value and self._medicine_in(value):
                continue  # "i take thyroxine every morning": a medicine taken, read as one
            if self.r.lang == "de" and THEY_DO.search(piece, 0, found.start()):
                continue  # "käfig is groß die dürfen jeden tag freifliegen": the birds' habit
            if value:
                self.add("person:me", "routine", start, value=value)
        self._days_corrected(frequency)

    def _named_for(self, pronoun: str) -> str | None:
        """The name of the person or pet a pronoun stands for, as the window said it."""
        found = self.r.resolve(pronoun)
        return found.name if found is not None and found.ref != "person:me" else None

    def _others_habit(self, whole: str, piece: str, position: int) -> bool:
        """Whether the habit read at ``position`` is someone else's: its clause's subject is
        another person and no "I"/"we" shares it."""
        speaker = rx.search(r"(?i)\b(ich|i|wir|we)\b", whole)
        # "mein Mann Deniz pendelt täglich nach Mitte und wir wohnen in Pankow": the "wir" of
        # the other conjunct is not the subject of the one the frequency stands in, unless
        # this one opens on a verb and shares it ("I keep Duchess at a yard and ride her …")
        own_speaker = (
            speaker
            if piece == whole or _opens_on_verb(piece, lang=self.r.lang)
            else rx.search(r"(?i)\b(ich|i|wir|we)\b", piece)
        )
        if THEIR_SUBJECT.search(whole) and not (
            first_person(whole, lang=self.r.lang).search(whole)
            or _dropped_i(whole, lang=self.r.lang)
        ):
            return True
        if KIN_DOES.search(whole) and not speaker:
            return True  # "my coworker keeps bringing me lattes every morning": hers
        if (
            piece != whole
            and (KIN_DOES.search(piece) or THEIR_SUBJECT.search(piece))
            and not rx.search(r"(?i)\b(ich|i|wir|we)\b", piece)
        ):
            return True  # "… and my sister goes every friday": the other clause's "I" is not hers
        if self._named_does(piece) and not own_speaker:
            return True  # "ja svenja liest ihr jetzt jeden abend was vor": Svenja's
        return self.who(position) != "person:me" and not own_speaker

    def _their_routine(
        self, start: int, piece: str, found: re.Match, *, frequency: re.Pattern, shared: bool
    ) -> None:
        """Another person's habit ("kylie does reformer pilates tues n thurs", "he bakes
        every sunday w his kids") is theirs when the clause opens with them, by name or by a
        pronoun standing for them, or is joined to a clause that does (``shared``: "my nan
        Gwen is 92 and still does the crossword every morning"); a habit whose doer the
        clause leaves open stays unread."""
        owner = self.who(start + found.start(), default=None)
        mention = self.r.reading.entities.get(owner or "")
        if mention is None or mention.kind != "person" or owner == "person:me":
            return
        if owner in self.r.relatives:
            return  # "my sister goes to spin every friday": of someone the window never names
        doing = without_doer(piece, doer=mention.name)
        if doing is None and shared:
            doing = piece
        # the doing opens on their verb ("kylie does …", "der läuft …"), not on a job, a
        # place or a week said of them ("on nights all this week"); in either language, as
        # chat mixes them and a short clause is easily taken for the other one
        doing = ADVERB_OPENING.sub("", doing or "")
        if not any(_opens_on_third_person_verb(doing, lang=lang) for lang in ("de", "en")):
            return
        doing = their_doing(doing)
        value = self._routine_value(doing) if doing else None
        if (
            value
            and not _points_elsewhere(value)
            and _names_an_activity(value, frequency=frequency, lang=self.r.lang)
        ):
            self.add(owner, "routine", start, value=value)

    def _days_corrected(self, frequency: re.Pattern) -> None:
        """A habit whose days the speaker takes back and says anew ("… no wait that's
        saturdays"): the segmenter silences the sentence for its "no"/"quatsch", but the
        habit stands on the new days."""
        said = SELF_CORRECTED_DAYS.search(self.text)
        if said is None or THEIR_SUBJECT.search(said.group("said")):
            return
        days = frequency.search(said.group("said"))
        if days is None:
            return
        piece = said.group("said")
        piece = piece[: days.start()] + said.group("days") + piece[days.end() :]
        value = self._routine_value(piece)
        if value and _names_an_activity(value, frequency=frequency, lang=self.r.lang):
            self.add(
                "person:me", "routine", said.start(), value=value, allow=("negated", "sarcasm")
            )

    def _named_does(self, clause: str) -> bool:
        """Whether a clause opens, after a reply word, with a person or pet the window or
        memory knows and a verb in the third person ("ja Svenja liest …")."""
        known = frozenset(
            {m.name.lower() for m in self.r.reading.entities.values()} | set(self.r.known_names)
        )
        opening = REPLY_WORDS.sub("", clause)
        return _named_actor(opening, lang=self.r.lang, known=known) is not None

    def _routine_value(self, text: str) -> str | None:
        text = rx.split(
            r"(?i)\s(?:weil|because|bevor|when|wenn|damit|so that|but|aber|"
            # a remark on the habit is no part of it ("… every sunday evening, which is the
            # worst part of the job", "… at 9 while corrie's on")
            r"which|while|während|"
            # what the habit replaced is no part of it ("dienstags schwimmen statt joggen")
            r"statt|anstatt|instead of|rather than|"
            # a consequence is a clause of its own ("… every sat morning so hopefully that helps")
            r"so (?:hopefully|that's|thats|it|i|ich|das|es)"
            # what comes next is a clause of its own ("swimming at 7 then i take me mam …")
            r"|then (?:i|we))\b",
            without_clause_before(text),
        )[0]
        text = without_usual(text)  # "wie immer", "as usual": about the habit, not in it
        text = nearest.CHANGE_FROM_NOW.sub(" ", text)  # "from now on …": when, not what
        text = without_proviso(text)  # "… if me knees let me": what allows it, not what
        text = DAYS_DUMMY_IT.sub(r"\g<days>", text)
        # "schreib noch rein, dass ich mittwochs … bin", "put in that i coach …": what the
        # assistant is asked to write down is the routine, not the asking
        text = WRITE_IN_THAT.sub(" ", text, count=1)
        drop = {
            "ich", "i", "wir", "we", "geh", "gehe", "gehen", "mach", "mache", "machen", "do",
            "is", "ist", "bei",
            "uns", "immer", "always", "so", "like", "der", "die", "das", "the", "a", "an",
            "my", "mein", "meine", "meinen", "our", "unser", "lol", "haha", "just", "halt",
            "eh", "ja", "also", "without", "fail", "ne", "n", "hab", "habe", "grad", "'s",
        }  # fmt: skip
        # how long, said as an adverbial ("for 40 mins", "20 mins of yoga", "ne Stunde lang"),
        # goes; said as the activity's measure ("jeden Morgen 20 Minuten Yoga", "ne halbe
        # Stunde spazieren") it stays, only a hedge before it goes
        duration = r"(?:\d+|ne|eine|a|an|half an?|halbe?)\s*(?:mins?|minutes?|minuten|min|stunden?|hours?|hrs?|std)\b"
        text = rx.sub(
            rf"(?i)\b(?:for|für)\s+(?:like\s+|about\s+|around\s+)?{duration}|\b(?:like\s+)?{duration}\s+(?:of|lang)\b",
            " ",
            text,
        )
        text = rx.sub(
            rf"(?i)\b(?:like|so|ca\.?|about|around|ungefähr|etwa)\s+(?={duration})", " ", text
        )
        # "my partner Sam and i cook together every sunday": the company is told apart (the
        # partner), the routine is what is done
        together = rx.match(
            r"(?i)^\W*(?:\w+\s+){0,2}?(?:my|our|mein\w*|unser\w*)\s+(?:[\w-]+\s+){1,2}?"
            r"(?:and|und)\s+(?:i|ich)\b",
            text,
        )
        if together:
            text = text[together.end() :]
        # "da hol ich immer meine Nichte ab", "ich ruf jeden Sonntag Oma an": the verb whose
        # particle ends the clause stands beside its subject
        particle = rx.search(r"(?i)\s([a-zäöü]+)\W*$", text)
        finite = rx.search(r"\b([a-zäöüß]{2,})\s+(?:ich|wir)\b", text) or rx.search(
            r"(?i)\b(?:ich|wir)\s+([a-zäöüß]{2,})\b", text
        )
        separable = None
        if (
            particle
            and particle.group(1).lower() in SEPARABLE_PARTICLES
            and finite
            and finite.group(1).lower() not in NOT_FINITE
        ):
            separable = (finite.group(1), particle.group(1).lower() + _infinitive(finite.group(1)))
            text = text[: particle.start()]
        text = rx.sub(
            # (after an interjection: "oh and every other week …")
            r"(?i)^\s*(?:(?:oh|ah|ach|ok|okay|yeah|naja|na)\s+)*(?:and|und|then|dann|also|but|"
            r"aber|so|plus|deswegen|deshalb|daher|at\s+least|zumindest|wenigstens|da)\b",
            " ",
            text,
        )
        # "I like to go hiking on weekends": the liking is no part of what is done
        text = rx.sub(r"(?i)\b(?:like|love|prefer|tend|try)\s+to\s+", " ", text)
        words = [w.strip(".,!?'’") for w in text.split()]
        words = [w for w in words if w and w.lower() not in drop and not rx.match(r"^\W+$", w)]
        words = [w for w in words if w.lower() not in ROUTINE_FILLERS]
        while words and words[-1].lower() in (
            "for",
            "für",
            "of",
            "to",
            "zu",
            "at",
            "um",
            "with",
            "mit",
        ):
            words.pop()
        if any(
            (lx.MEDICINE.match(w) and w.lower() not in lx.CALENDAR_WORDS) or lx.DOSE.match(w)
            for w in words
        ):
            # "zweimal täglich Metformin", "half a tab twice a day": the medication, read
            # by health()
            return None
        words = without_company(words)
        # "at my mum's" keeps its possessive: it names the place ("Sunday roast at mum's")
        words = [
            w
            if n and words[n - 1].lower() in ("at", "to") and w.lower().endswith("'s")
            else rx.sub(r"(?i)'s$|s'$", "s" if w.endswith("s'") else "", w)
            for n, w in enumerate(words)
        ]
        words = [expanded for w in words for expanded in _weekday_list(w)]
        words = _weekday_names(words)
        words = [
            WEEKDAY_ABBREVIATIONS[w.lower()]
            if n
            and words[n - 1].lower() in ("every", "each", "on")
            and w.lower() in WEEKDAY_ABBREVIATIONS
            and len(w) >= 3
            else w
            for n, w in enumerate(words)
        ]
        if separable:
            verb, whole = separable
            words = [w for w in words if w != verb] + [whole]
        frequency = re.compile(
            r"(?i)^(jeden|jede|jedes|every|each|tag|morgen|abend|woche|day|morning|evening|week|"
            r"month|like|wie|on|unter|der|\w+s|around|about|gegen|um|at|ca|so|\d+(?:[:.]\d+)?|uhr)$"
        )
        # too long with its company ("… is book club with the Page Turners"): the company
        # is told apart (membership), the routine is what and when
        company = next(
            (n for n, w in enumerate(words) if w.lower() in ("with", "mit") and n >= 2), None
        )
        if (
            len(words) > 9
            and company is not None
            and words[company + 1 : company + 2]
            and all(w[:1].isupper() for w in words[company + 1 :])
        ):
            words = words[:company]
        # a sentence is no routine; its length is counted in words that carry something
        # ("every monday and wednesday … at 6:30" is not longer for its "and" and "at")
        carrying = [w for w in words if w.lower() not in ("and", "und", "at", "um", "on", "am")]
        if len(words) < 2 or len(carrying) > 9 or all(frequency.match(w) for w in words):
            return None
        # a German separable verb keeps its particle at the clause's end ("ich steh unter der
        # Woche um 5:30 auf"): the routine is named by the whole verb ("… aufstehen")
        if (
            len(words) >= 3
            and words[-1].lower() in SEPARABLE_PARTICLES
            and rx.fullmatch(rf"[{LOWER}]{{2,}}", words[0])
            and not frequency.match(words[0])
        ):
            words = [*words[1:-1], words[-1].lower() + _infinitive(words[0])]
        return " ".join(words)

    def tasks_and_plans(self) -> None:
        text = self.text
        self._rescheduled()
        self._done_said()
        # chat drops the subject of an obligation that opens the sentence ("muss bis zum
        # 15. Mai meinen Reisepass verlängern", "need to renew my car insurance"); a period
        # after a digit is an ordinal, since the splitter has already cut the sentences
        task = rx.search(
            # after a comma too: "wir wolln im november nach Usedom, muss noch ne
            # ferienwohnung buchen"; a thing that must be done by a day needs no person ("die
            # steuererklärung muss bis ende juli raus")
            r"(?i)(?:(?:^|(?<=[,;]\s))(?:muss noch|muss|need to|have to|got to)(?=[\s:])"
            r"|\bmuss(?=\s+(?:bis|spätestens|in\s+(?:\w+\s+)?(?:tagen?|wochen?|monaten?)|morgen|"
            r"übermorgen|nächste\w*|kommende\w*|diese\w*|am)\b)|\b(?:ich muss noch|ich muss|muss ich|gotta|i need to|i have to|i've got to|i gotta|i must|remind me to|erinner(?:e)? mich(?: bitte)?(?: daran| dran)?[,:]?(?: dass ich)?|to-?do(?: list)?:|don't let me forget to|nicht vergessen)):?\s+(?P<x>(?:[^.!?—–]|(?<=\d)\.)+)",
            text,
        ) or VERB_FINAL_TASK.search(text)
        task = task or todo_cues.search(
            text, lang=self.r.lang, times=[(t.start, t.end) for t in self.times]
        )
        # a numbered list of things to do is read item by item, not as one obligation
        listed = todo_lists.items(
            text, dates=[(t.start, t.end) for t in self.times], going_on=self.r.listed_up_to
        )
        self.r.listed_up_to = listed[-1].number if listed else 0
        for item in listed:
            self._task(
                item.text,
                item.start,
                prefix="",
                urgent=True,
                whole=False,
                verb_first=self.r.lang == "en",
                done=item.done,
            )
        if task and not listed:
            segment = segment_at(self.parts, task.start("x"))
            if not (segment and segment.silent in ("question", "hypothetical", "sarcasm")):
                head = text[: task.start()]
                subject_np = rx.search(
                    r"(?i)(?:^|[,.]\s*)(?:die|der|das|den|my|the)?\s*([A-ZÄÖÜ][\w-]+)\s*$", head
                ) or FRONTED_OBJECT.search(head)
                urgent = rx.search(
                    # ("still need to", "steht an", "on my list": a thing pending by name,
                    # and in the word before the cue: "i still gotta …")
                    r"(?i)\b(remind|erinner\w*|unbedingt|noch|dringend|deadline|nicht vergessen|"
                    r"forget|to-?do|still|steht|stehen|liste?)\b",
                    " ".join([*head.split()[-1:], task.group(0)]),
                )
                # "lass gut sein, muss noch bügeln": said in passing after a clause, an
                # obligation is a task only with its deadline
                in_passing = bool(
                    rx.match(r"(?i)(?:muss|need|have|got)\b", task.group(0))
                    and text[: task.start()].rstrip().endswith((",", ";"))
                    # (not after an interjection: "righto, need to …")
                    and len(text[: task.start()].split()) >= 3
                )
                prefix = subject_np.group(1) if subject_np else ""
                head_noun = prefix.split()[0].capitalize() if prefix else ""
                if prefix and not part_of_speech(head_noun, lang=self.r.lang).startswith("N"):
                    prefix = ""  # "Boah, ich muss …": an interjection names no task
                # "Lisa muss am Montag zum Arzt": what someone else must do is theirs
                someone_else = bool(
                    prefix
                    and rx.match(r"(?i)muss\b", task.group(0))
                    and (is_proper_noun(head_noun, lang=self.r.lang) or prefix.lower() in KIN_WORDS)
                )
                # "die Abrechnung prüfen und den Reifenwechsel machen lassen", "call the
                # plumber, pay the council tax by the 1st, and pick up the photos": a list of
                # things to do is one task each, each with its own deadline
                x = task.group("x")
                pieces, at = [], 0
                # a plain comma separates things to do only in a list closed by "and" or
                # opened by a colon ("need to: book the MOT by the 30th, send the tax return")
                cuts = (
                    r"\s*,\s*(?:(?:and|und)\s+)?|\s+(?:und|and)\s+"
                    if rx.search(r"(?i),\s*(?:and|und)\s", x)
                    # (not a request to remember, "erinner mich: Rambo, mein Kater, …")
                    or rx.search(
                        r"(?i)(?:need to|have to|got to|muss(?:\s+noch)?|to-?do(?:\s+list)?)\s*:",
                        text[task.start() : task.start("x")],
                    )
                    else r"\s+(?:und|and)\s+"
                )
                for cut in rx.finditer(cuts, x):
                    pieces.append((x[at : cut.start()], task.start("x") + at))
                    at = cut.end()
                pieces.append((x[at:], task.start("x") + at))
                pieces = _with_afterthoughts(pieces, text, lang=self.r.lang)
                # a list of things to do, one with a deadline: all of them are to do
                listed = len(pieces) > 1 and any(
                    t.relation in ("until", "at") and task.start("x") <= t.start for t in self.times
                )
                # "need to …", "remind me to …" go on with the verb; a list ("to-do: …")
                # and "nicht vergessen: …" with the thing
                verb_first = not rx.search(
                    r"(?i)to-?do|vergessen", task.group(0)[: task.start("x") - task.start()]
                )
                for number, (piece, start) in enumerate([] if someone_else else pieces):
                    # "gotta renew the rego, and my daughter's party is may 16th, need to
                    # put the deposit down": a later obligation of the list opens with its
                    # own cue, and a clause with its own subject says something, not a task
                    cue = OBLIGATION_OPENING.match(piece)
                    if cue:
                        piece, start = piece[cue.end() :], start + cue.end()
                    elif number and verb_first and _own_clause(piece, lang=self.r.lang):
                        continue
                    self._task(
                        piece,
                        start,
                        prefix=prefix if start == task.start("x") else "",
                        urgent=(bool(urgent) or listed) and not in_passing,
                        whole=len(pieces) == 1,
                        verb_first=verb_first,
                    )
        self._needed_by_a_day()
        self._due_said()
        plan = rx.search(
            # German puts the verb second after a fronted time ("im Sommer will ich …",
            # "im Oktober machen wir …"); an adverb may stand in the verb ("we're finally
            # doing"); "my big plan this year is …" names the plan
            r"(?i)\b(?:(?:we're|we are|i'm|i am)\s+(?:finally|actually|really|definitely|now)\s+(?:doing|going on)|"
            r"machen wir|"
            r"(?:my|our)\s+(?:big\s+|main\s+)?plan\s+(?:for\s+\w+\s+|this\s+year\s+|for\s+the\s+\w+\s+)?is(?:\s+to)?|"
            r"ich will|ich möchte|ich plane|wir planen|wir wollen|will ich|möchte ich|plane ich|planen wir|wollen wir|i'm planning to|we're planning to|i'm planning|we're planning|i am planning|we are planning|i plan to|we plan to|we're doing|we are doing|i'm doing|we're going on|i'm going on|wir machen|"
            # "my wife and I are planning …", "me and Jase are doing …", "Max und ich machen
            # im August …": the speaker with someone else says what "we" says
            rf"{WITH_ME_EN}\s+(?:are|'re)\s+(?:planning(?:\s+to)?|doing|going\s+on)|"
            rf"{WITH_ME_DE}\s+(?:planen|wollen|machen)|(?:geht's|gehts|geht es)\b[^.!?]*?(?=\s(?:zum|zur)\b))\s+(?P<x>(?:[^.!?,]|(?<=\d)\.)+)",
            text,
        )
        plan = (
            plan
            or going_ahead.search(text, times=self.times, today=self.anchor.date())
            or courses_ahead.search(text, lang=self.r.lang, times=self.times)
        )
        # a trip with a future date: "I'm going to Portugal in July", "we're off to Cornwall
        # next weekend", "Ich fahr im Juli nach Portugal", "wir fliegen im Mai nach Japan"
        # German puts the verb first after a fronted time ("Am 14. März fliegen wir nach
        # Lissabon"); English says a fixed trip in the simple present or future ("we fly to
        # Lisbon on the 14th", "we'll drive up to York")
        trip = rx.search(
            rf"(?i:\b(?:i'm|im|i am|we're|we are|were)\s+(?:going|off|heading|flying|travelling|traveling|driving)\s+(?:\w+\s+)?to|"
            rf"\b(?:i|we)\s+(?:'ll\s+|will\s+)?(?:fly|drive|travel|head)\s+(?:(?:out|up|down|over)\s+)?to|"
            rf"\b(?:(?:ich|wir)\s+{TRAVEL}|{TRAVEL}\s+(?:ich|wir))\b(?:[^.!?,]|(?<=\d)\.)*?\b(?P<to>nach|in die|an die|an den|auf die|zu))\s+(?:(?i:the)\s+)?(?P<place>{PLACE})",
            text,
        )
        if (
            trip
            and not plan
            and self._place(trip.group("place")).lower() not in NOT_NAMES
            and any(t.future for t in self.times)
        ):
            place = self._place(trip.group("place"))
            to = trip.group("to")
            value = f"Reise {to.lower()} {place}" if to else f"trip to {place}"
            self.add("person:me", "plans", trip.start("place"), value=value)
            self._dated_plan(trip.start("place"))
        # "des will ich auch nicht aufm Teller", "I'm doing nothing this weekend": a wish
        # denied right after its verb is no plan
        denied = plan is not None and rx.match(
            r"(?i)(?:(?:auch|eh|ja|halt|echt|wirklich|also|so|erst\s+mal|really|just)\s+)*"
            r"(?:nicht|nich|kein\w*|nie|niemals|not|never|nothing|no)\b",
            plan.group("x"),
        )
        if plan and not denied:
            value = self._plan_value(plan.group("x"))
            if value:
                self.add("person:me", "plans", plan.start("x"), value=value)
                self._dated_plan(plan.start("x"))
        self._visits()

    def _visits(self) -> None:
        """ "Jana is coming to visit on December 20", "Oma kommt am 2. Januar zu Besuch": a
        visit someone pays the speaker on a day ahead is the speaker's plan, dated like one
        (who visits is named in it; a visit without its day is no plan yet)."""
        said = VISIT.search(self.text)
        if said is None or not any(t.future for t in self.times):
            return
        visitor = self.who(said.start(), default=None)
        mention = self.r.reading.entities.get(visitor or "")
        if mention is None or mention.kind != "person" or mention.name.lower() in KIN_WORDS:
            return  # "my sister is coming to visit": which sister the plan cannot say
        value = (
            f"Besuch von {mention.name}" if self.r.lang == "de" else f"visit from {mention.name}"
        )
        # read where the visit is named: a negation before it ("kommt nicht … zu Besuch"),
        # a question or an "if" keeps it from being a plan
        position = said.end() - 1
        if silenced(segment_at(self.parts, position), self.text, position):
            return
        self.add("person:me", "plans", position, value=value)
        self._dated_plan(position)

    def _dated_plan(self, position: int) -> None:
        """A plan said with its day ("Am 14. März 2027 fliegen wir nach Lissabon", "Reise
        vom 14. bis 21. März"): the plan is held from now, and its day is the plan's, taken
        from the readings after it. A trip, a visit or a party is no task: nothing is to be
        done by that day, and a task named after the plan matched none of dev's tasks."""
        segment = segment_at(self.parts, position)
        day = next(
            (
                t
                for t in self.times
                if t.future
                and t.granularity == "day"
                and t.relation in ("at", "during")
                and t.start not in self.used_times
                and (segment is None or not silenced(segment, self.text, t.start))
            ),
            None,
        )
        if day is not None:
            self.used_times.add(day.start)

    def practitioners(self) -> None:
        """ "Mein Zahnarzt heißt Dr. Sommer", "my GP is Dr Patel": the practitioner the speaker
        names as theirs is a person, related to them by the role."""
        for said in appt.practitioners(self.text):
            if self.who(said.start, default="person:me") != "person:me":
                continue  # "Tom's dentist is Dr. Sommer" is not the speaker's
            mention = self.r.mention(said.name, "person")
            self.add(mention.ref, "relation_to_user", said.start, value=said.role)

    def appointments(self) -> None:
        """ "dentist 3/12 at 9:15", "vet appointment on wed the 14th", "my dog Ziggy has his
        shots on the 20th", "Zahnarzt am Dienstag um 10": an appointment of the speaker's (or
        of their pet's) with a day after today in its clause is a task, open, due that day;
        someone else's ("my sister has a dentist appointment tomorrow") is not."""
        said = appt.appointments(self.text)
        if not said:
            return
        days = days_ahead(self.text, anchor=self.anchor, lang=self.r.lang)
        named = appt.practitioners(self.text)
        # what the sentence already dates ("… von Montag auf Mittwoch verschoben") stays
        dated = [c for c in self.r.reading.claims[self.first_claim :] if c.predicate == "due"]
        dues = {c.value for c in dated} | {c.subject for c in dated}
        for appointment in said:
            if any(p.practice_start == appointment.start for p in named):
                continue  # "my GP is Dr Patel": who the practice is, no appointment
            segment = segment_at(self.parts, appointment.start)
            day = next(
                (t for t in days if segment is None or segment.start <= t.start < segment.end),
                None,
            )
            if day is None or day.valid_from.isoformat() in dues:
                continue
            whose = self.who(appointment.start, default="person:me")
            if whose is None or not (whose == "person:me" or whose.startswith("pet:")):
                continue
            name = appointment.name
            # "Mein Zahnarzt heißt Dr. Sommer, mein Termin ist am 10.": the practice named
            if named and whose == "person:me":
                name = appt.named_by_practice(name, practice=named[0].practice, lang=self.r.lang)
            owner = self.r.reading.entities.get(whose)
            if appointment.possessed and owner is not None and self.r.lang == "en":
                name = f"{owner.name}'s {name}"  # "his shots" of "my dog Ziggy"
            ref = ref_for(name, "task")[:70]
            if ref in dues:
                continue
            self.r.reading.entities.setdefault(ref, Mention(ref=ref, name=name, kind="task"))
            self.add(ref, "status", appointment.start, value="open")
            self.add(ref, "due", appointment.start, value=day.valid_from.isoformat())
            dues.add(day.valid_from.isoformat())

    def had_on_a_day(self) -> None:
        """ "in zwei Wochen hab ich ein Vorstellungsgespräch bei Siemens", "in three weeks I
        have my driving test": a thing the speaker has on a day ahead, beyond the appointment
        words, is a task of theirs, open, due that day, named by the thing and where it is."""
        said = HAD_ON_A_DAY.search(self.text)
        if said is None:
            return
        segment = segment_at(self.parts, said.start("thing"))
        day = next(
            (
                t
                for t in self.times
                if t.future
                and t.granularity == "day"
                and t.relation == "at"
                and (segment is None or segment.start <= t.start < segment.end)
            ),
            None,
        )
        # (a day the sentence already gives a thing to do: "vorher muss ich …" has its own)
        dues = {c.value for c in self.r.reading.claims[self.first_claim :] if c.predicate == "due"}
        if day is None or day.start in self.used_times or day.valid_from.isoformat() in dues:
            return
        if silenced(segment, self.text, said.start("thing")):
            return
        thing = self.text[said.start("thing") : said.end("thing")]
        if day.start >= said.start("thing"):
            thing = thing[: day.start - said.start("thing")]
        words = rx.split(
            r"(?i)\s+(?:und|and|but|aber|so|weil|because|dann|then|or|oder)\s+", thing
        )[0]
        name = self._had_name(words.split())
        if name is None:
            return
        ref = ref_for(name, "task")[:70]
        self.r.reading.entities.setdefault(ref, Mention(ref=ref, name=name, kind="task"))
        self.used_times.add(day.start)
        self.add(ref, "status", said.start("thing"), value="open")
        self.add(ref, "due", said.start("thing"), value=day.valid_from.isoformat())

    def _had_name(self, words: list[str]) -> str | None:
        """The thing had, by its words up to the first preposition, and one place or name after
        "in", "bei", "at" ("Vorstellungsgespräch bei Siemens", "casting in köln")."""
        lang = self.r.lang
        head: list[str] = []
        for i, word in enumerate(words):
            if word.lower() in HAD_WHERE and head and i + 1 < len(words):
                # ("mit dem Chef", "with the team": the article goes with its noun)
                where = (
                    words[i + 1 : i + 3]
                    if words[i + 1].lower() in ARTICLES
                    else words[i + 1 : i + 2]
                )
                head += [word, *where]
                break
            if not rx.fullmatch(r"[\w'-]+", word) or part_of_speech(word, lang=lang).startswith(
                ("AP", "APPR", "PRP", "KO", "CJ", "ART", "AT")
            ):
                break
            head.append(word)
        if not head or len(head) > 4 or head[0].lower() in HAD_NOT_THINGS:
            return None
        at = next((i for i, w in enumerate(head) if w.lower() in HAD_WHERE), len(head))
        last = head[at - 1]
        noun = last if lang == "en" else last.capitalize()
        if last.lower() in HAD_NOT_THINGS or not (
            part_of_speech(noun, lang=lang).startswith("N") or last.isupper()
        ):
            return None
        if any(e.name.lower() == last.lower() for e in self.r.reading.entities.values()):
            return None  # "I've got a dog named …": someone had is no thing to do
        return " ".join(head)

    def _rescheduled(self) -> None:
        """A known task moved to another day ("Zahnarzt hab ich auf den 2. März verschoben",
        "moved the dentist to Friday"): its deadline is the new day."""
        if not RESCHEDULED.search(self.text):
            return
        days = [t for t in self.times if t.granularity == "day" and t.future]
        # "von Montag auf Mittwoch verschoben", "moved from friday to monday": the new day is
        # the one said with auf/to/on, else the last one
        said_to = [
            t
            for t in days
            if rx.search(
                r"(?i)\b(?:auf|to|on|zum|zur)(?:\s+(?:den|dem|the))?\s*$", self.text[: t.start]
            )
            or rx.match(r"(?i)\s*(?:auf|to|on|zum|zur)\b", t.text)
        ]
        day = (said_to or days or [None])[0 if said_to else -1]
        if day is None:
            return
        for task in [e for e in self.r.reading.entities.values() if e.kind == "task"]:
            head = re.escape(task.name.split()[0])
            if rx.search(rf"(?i)(?<!\w){head}(?!\w)", self.text[: day.start]):
                self.used_times.add(day.start)
                self.add(task.ref, "due", day.start, value=day.valid_from.isoformat())

    def _task(
        self,
        piece: str,
        start: int,
        *,
        prefix: str,
        urgent: bool,
        whole: bool,
        verb_first: bool,
        done: bool = False,
        deadline: TimeExpression | None = None,
    ) -> None:
        """One thing to do: its name, open, and its deadline (``deadline`` when the caller
        found it, else one given in it). A name that is the doing alone ("bestellen", "RSVP",
        "sign up") says not what is to be done to what: no task."""
        if RECURRING_TASK.search(piece):
            return  # "remind me to feed Biscuit at 7 every morning": a habit, no task
        name = self._task_name(piece, prefix=prefix)
        verb = piece.split()[0] if verb_first and not prefix and piece.split() else ""
        if name and (
            only_the_doing(name, first=verb, lang=self.r.lang)
            or only_points(name, lang=self.r.lang, qualifiers=True)
        ):
            name = None
        end = start + len(piece)
        # a deadline said inside the task, then one said as a deadline ("bis zum 20. Mai"),
        # comes before another date of the sentence ("the wedding is june 20 so i gotta RSVP
        # by may 15")
        ordered = sorted(
            self.times, key=lambda t: (not start <= t.start < end, t.relation != "until")
        )
        due = deadline or next(
            (
                t
                for t in ordered
                if t.relation in ("until", "at")
                and (t.future or t.relation == "until")
                # "sometime next month" sets no deadline, "by the 15th" does
                and (t.relation == "until" or t.granularity == "day")
                and (whole or start <= t.start < end)
            ),
            None,
        )
        due = self._apposed_day(due)
        first = name.split()[0].lower() if name else ""
        named = name.lower().split() if name else []
        if (
            first in PRONOUNS
            # "da muss ich auch noch was besorgen", "need to get something"
            or (len(named) <= 2 and any(w in VAGUE_PLAN_WORDS for w in named))
            or first in ("es", "das", "that", "this", "ins", "mal")
            or any(first == e.name.lower() for e in self.r.reading.entities.values())
        ):
            name = None
        if due is not None and due.relation == "until" and due.granularity == "month":
            due = dataclasses.replace(due, valid_from=_last_day_by(due))
        if name and (due is not None or urgent):
            ref = ref_for(name, "task")[:70]
            self.r.reading.entities.setdefault(ref, Mention(ref=ref, name=name, kind="task"))
            self.add(ref, "status", start, value="done" if done else "open", allow=("negated",))
            if due is not None:
                self.used_times.add(due.start)
                self.add(ref, "due", start, value=due.valid_from.isoformat(), allow=("negated",))

    def _needed_by_a_day(self) -> None:
        """ "need my new passport by the 20th", "brauch ich nur noch die Bescheinigung, bis
        ende November": a thing the speaker needs by a deadline said right after it is a
        thing to do, open, due then, named by the thing."""
        for said in needed_things(self.text):
            if silenced(segment_at(self.parts, said.start), self.text, said.start):
                continue
            deadline = next(
                (
                    t
                    for t in self.times
                    if t.relation == "until"
                    and t.start > said.start
                    and t.start not in self.used_times
                    # (in the same clause, a comma at most between)
                    and not rx.search(r"[.!?;]|,.*,", self.text[said.start : t.start])
                ),
                None,
            )
            head = said.name.split()[-1]
            noun = head if self.r.lang == "en" else head.capitalize()
            if deadline is None or not (
                head.isupper() or part_of_speech(noun, lang=self.r.lang).startswith("N")
            ):
                continue
            self._task(
                said.name,
                said.start,
                prefix="",
                urgent=False,
                whole=True,
                verb_first=False,
                deadline=deadline,
            )

    def _due_said(self) -> None:
        """ "the rent is due on the 1st", "die Miete ist am 1. fällig": a thing said due on a
        day is a thing to do, open, due that day, named by the thing (a month alone, "the
        baby's due in October", sets no deadline)."""
        said = DUE_SAID.search(self.text)
        if said is None:
            return
        if said["thing"] is not None:
            words = said["thing"].split()
            # the day follows "due" ("due back to HR by March 13th")
            day = next(
                (t for t in self.times if said.start("gap") <= t.start <= said.end("gap")), None
            )
        else:
            words = said["ding"].split()
            day = next(
                (t for t in self.times if said.start("zeit") <= t.start < said.end("zeit") + 1),
                None,
            )
        if (
            day is None
            or day.start in self.used_times
            or not (day.relation == "until" or (day.future and day.granularity == "day"))
        ):
            return
        opened = [i for i, w in enumerate(words) if w.lower() in DUE_OPENERS]
        # "the car's MOT is due": the thing's owner names it too ("car MOT")
        words = [rx.sub(r"['’]s$", "", w) for w in (words[opened[-1] + 1 :] if opened else words)]
        if not words or words[-1].lower() in DUE_NOT_THINGS or words[-1].lower() in KIN_WORDS:
            return
        head = words[-1] if self.r.lang == "en" else words[-1].capitalize()
        # ("the MOT is due": an abbreviation names a thing too)
        noun = head.isupper() or part_of_speech(head, lang=self.r.lang).startswith("N")
        if (
            not noun
            or is_proper_noun(head, lang=self.r.lang)
            or any(
                e.kind in ("person", "pet") and e.name.lower() == words[-1].lower()
                for e in self.r.reading.entities.values()
            )
        ):
            return  # "Shazia's due on the 3rd": a person due is no thing to do
        if silenced(segment_at(self.parts, said.start()), self.text, said.start()):
            return
        name = " ".join(words)
        ref = ref_for(name, "task")[:70]
        self.r.reading.entities.setdefault(ref, Mention(ref=ref, name=name, kind="task"))
        self.used_times.add(day.start)
        self.add(ref, "status", said.start(), value="open")
        self.add(ref, "due", said.start(), value=day.valid_from.isoformat())

    def _done_said(self) -> None:
        """ "die Rechnung an die Pfarrei hab ich heute rausgeschickt, die kannst du streichen",
        "sorted the council tax direct debit, tick that off", "hab die Rechnung gestern endlich
        bezahlt": a thing the speaker says they did, asked to be crossed off or "finally"
        settled, is a task, done, named by what was done to what ("Rechnung bezahlen")."""
        crossed = CROSS_OFF.search(self.text)
        if crossed is None and not FINALLY.search(self.text):
            return
        lang = self.r.lang
        for part in self.parts:
            if part.silent in ("negated", "question", "hypothetical", "sarcasm"):
                continue
            end = part.end if crossed is None else min(part.end, crossed.start())
            if end <= part.start:
                break
            clause = self.text[part.start : end]
            if crossed is None and not FINALLY.search(clause):
                continue  # "will endlich den Jakobsweg laufen, hab Urlaub eingereicht"
            for t in self.times:
                clause = clause.replace(t.text.strip(), " ")
            words = [w.strip(".,:;!?") for w in clause.split()]
            words = [w for w in words if w]
            verbs = [
                i
                for i, w in enumerate(words)
                # ("renewed" reads as an adjective out of context)
                if (
                    part_of_speech(w, lang=lang) in ("VV(PP)", "VVN", "VVD") or SETTLED.fullmatch(w)
                )
                and (crossed is not None or SETTLED.fullmatch(w))
            ]
            if len(verbs) != 1 or not speaker_words(clause).search(clause) and verbs[0] > 1:
                continue
            verb = words[verbs[0]]
            thing = [w for i, w in enumerate(words) if i != verbs[0]]
            while thing and thing[0].lower() in DONE_FILLERS:
                thing = thing[1:]
            while thing and thing[-1].lower() in DONE_FILLERS:
                thing = thing[:-1]
            thing = [w for w in thing if w.lower() not in ("hab", "habe", "ich", "i", "have")]
            if not thing or len(thing) > 5:
                continue
            head = thing[0] if lang == "en" else thing[0].capitalize()
            if not part_of_speech(head, lang=lang).startswith(("N", "AJ", "ADJ")):
                continue  # "hab's endlich geschafft": no thing named
            if any(w.lower() in PRONOUNS or w.lower() in VAGUE_PLAN_WORDS for w in thing):
                continue
            doing = lemma(verb.lower(), lang=lang).lower()
            if lang == "en" and doing == verb.lower() and doing.endswith("ed"):
                # "renewed", "cancelled" read as adjectives: the verb without its ending
                doing = next(
                    (
                        stem
                        for stem in (doing[:-2], doing[:-3], doing[:-1])
                        if part_of_speech(stem, lang=lang).startswith("V")
                    ),
                    doing,
                )
            name = " ".join([doing, *thing] if lang == "en" else [*thing, doing])
            ref = ref_for(name, "task")[:70]
            self.r.reading.entities.setdefault(ref, Mention(ref=ref, name=name, kind="task"))
            self.add(ref, "status", part.start, value="done")

    def _apposed_day(self, said: TimeExpression | None) -> TimeExpression | None:
        """ "by friday the 13th", "bis Freitag, den 13.", "on wed, march 14": a weekday with
        the date set beside it names that date; the weekday alone would be the next one."""
        if said is None or not WEEKDAY_SAID.search(said.text):
            return said
        beside = next(
            (
                t
                for t in self.times
                if t.start >= said.end
                and t.granularity == "day"
                and APPOSED_GAP.fullmatch(self.text[said.end : t.start])
            ),
            None,
        )
        if beside is None:
            return said
        return dataclasses.replace(said, valid_from=beside.valid_from, future=beside.future)

    def _task_name(self, text: str, *, prefix: str = "") -> str | None:
        # "bis Freitag, 20. März die Miete …": a weekday and its date go as one, with the
        # comma between them
        for t, beside in itertools.pairwise(self.times):
            if APPOSED_GAP.fullmatch(self.text[t.end : beside.start]):
                text = text.replace(self.text[t.start : beside.end].strip(), " ")
        for t in self.times:
            text = text.replace(t.text.strip(), " ")
        # "bis Freitag, nee Donnerstag, die Steuer …": the comma after a deadline said first
        text = text.lstrip(" ,;")
        # "pay the arrears by friday or they're sending it to enforcement": "or" before a new
        # subject opens the consequence, not a second task
        text = rx.split(
            r"(?i)[,;]|\s(?:sonst|otherwise|because|cos|coz|cuz|bc|weil|we|wir|dann|then)\b"
            r"|\s(?:or|oder)\s+(?=(?:they|they're|sie|else|i|ich|we|wir|it|es|the|die|der)\b)",
            text,
        )[0]
        drop = {
            "bitte", "please", "noch", "unbedingt", "dringend", "endlich", "mal", "the", "a",
            "an", "my", "our", "die", "der", "das", "den", "dem", "nen", "ne", "einen", "eine",
            "meine", "meinen", "meinem", "do", "machen", "erledigen", "bis", "by", "before",
            "until", "zum", "ich", "i", "muss", "raus", "vor", "on", "at", "irgendwann",
            "sometime", "demnächst", "bald", "soon", "asap", "sofort", "lassen", "auch", "too",
            "also",
            # "am Montag hab ich Zahnarzt": an appointment had is named by what it is
            "hab", "habe", "have", "i've", "ive", "got",
            # "die Anmeldung muss bis Freitag da sein": what being done means names nothing
            "da", "sein", "fertig", "weg",
            # chat interjections said after the task ("… by friday lol") name nothing
            "lol", "haha", "hehe", "omg", "pls", "plz", "ugh", "tbh", "btw", "lmao", "tho",
        }  # fmt: skip
        text = rx.sub(
            # where a thing is taken ("zum Steuerberater bringen") is left out; what it is for
            # and to whom it goes ("Unterlagen für die Probezeit abgeben") say which thing
            # (a whole word before the last: not "zum a|mt" of "zum amt")
            r"(?i)\b(?:zur|zum|beim|bei|to the|at the)\s+(?:die|der|den|dem|das)?\s*[A-ZÄÖÜ][\w-]+\s+(?=\w+\s*$)",
            " ",
            text,
        )
        said = [w.strip(".,:!?") for w in text.split()]
        words = [w for w in said if w and w.lower() not in drop]
        if len(words) + bool(prefix) > 5:
            # too long with what is said around it ("für unsre kleine Malou")
            said = _without_adjunct(said, lang=self.r.lang)
            words = [w for w in said if w and w.lower() not in drop]
        words = task_edges.trimmed(words)
        if prefix and prefix.lower() not in NOT_NAMES:
            words = [prefix, *words]
        if not words or len(words) > 5:
            return None
        return " ".join(words)

    def _plan_value(self, text: str) -> str | None:
        for t in self.times:
            # the plan's words stop at a comma, its date may go on past it ("on January 17,
            # 2027")
            text = text.replace(t.text.strip(), " ").replace(t.text.split(",")[0].strip(), " ")
        text = rx.split(
            # a dash opens another thought: "ne Überraschungsparty machen – hast du Ideen"
            r"(?i)\s(?:probably|wahrscheinlich|vielleicht|maybe|because|weil|but|aber)\b|\s[–—]\s",
            text,
        )[0]
        drop = {
            "a", "an", "the", "my", "our", "meinen", "meine", "mein", "einen", "eine", "ein",
            "für", "zwei", "wochen", "two", "weeks", "zum", "zur", "mal", "endlich", "so",
            "nächstes", "jahr", "next", "year", "to", "ne", "nen", "ner", "nem", "den", "dem",
            "der", "die", "das", "des",
            # what the plan replaced is said elsewhere: "we're doing Edinburgh instead"
            "instead", "stattdessen",
        }  # fmt: skip
        words = [w.strip(".,:!?") for w in text.split()]
        if words and words[0].lower() in (
            "nicht",
            "not",
            "kein",
            "keine",
            "dass",
            "that",
            "no",
            "never",
            "nie",
        ):
            return None
        if words and words[0].lower() in ("to", "zu"):
            words = words[1:]
        words = [w for w in words if w and w.lower() not in drop or w.lower() == "to" and False]
        kept = [w for w in words if not rx.match(r"^[\W\d]+$", w)]
        if not kept or len(kept) > 5:
            return None
        # "ihn besuchen", "ihr was backen", "a little do for him": a plan about someone only
        # a pronoun names, or with a placeholder for what, says too little to keep
        if any(w.lower() in VAGUE_PLAN_WORDS for w in kept):
            return None
        # "die kfz-versicherung will ich wechseln": the verb alone names no plan
        if only_the_doing(" ".join(kept), first="", lang=self.r.lang):
            return None
        return " ".join(kept)

    def feeding(self) -> None:
        text = self.text
        food_said = bool(FEED.search(text))
        if not food_said and not GETS_OR_EATS.search(text):
            return
        # "jeden Abend um sieben", "at 7 every evening": an evening said anywhere, and no
        # morning, puts a small hour in the evening
        evening = EVENING_MEALS.search(text) or (
            EVENING_WORDS.search(text) and not MORNING.search(text)
        )
        times = clock_times(text, evening_hint=bool(evening))
        if not times:
            return
        fed: set[str] = set()
        # "she gets her seed at 7, boudreaux eats at 6 in the evening": a later time feeds
        # only a pet no earlier time of the sentence fed
        for start, end, clock in times:
            if said_as_former(text, start):
                continue  # "früher um 7 und um 18 Uhr, jetzt nur noch um 18": before, not now
            if not food_said and not self._pet_fed_there(start):
                return
            hour = int(clock[:2])
            # "kriegt ihr Futter um halb sechs", "gets fed at 6": nobody feeds a pet before
            # dawn, a small hour without a morning word is the afternoon's; "06:00" says which
            written = text[start:end]
            if 1 <= hour <= 6 and not MORNING.search(text) and not rx.search(r"\b0\d|:", written):
                clock = f"{hour + 12:02d}{clock[2:]}"
            subjects = self._fed(start)
            if fed and (not subjects or fed & set(subjects)):
                return
            for subject in subjects:
                self.add(subject, "feeding_time", start, value=clock)
            fed.update(subjects)

    def _pet_fed_there(self, position: int) -> bool:
        """Whether the clause of a clock time at ``position`` has a pet it names, or its
        subject, get or eat something that is no medicine, walk or visit."""
        opening, closing = feeding_clause(self.text, position)
        if not fed_without_food_word(self.text[opening:closing]):
            return False
        pets = {e.name.lower(): e.ref for e in self.r.reading.entities.values() if e.kind == "pet"}
        if pets_named(self.text[opening:closing], names=pets):
            return True
        subject = self.who(position, default=None)
        if subject is None:
            # "kriegt immer abends sein Mash": a dropped subject with the verb in the third
            # person is the animal the talk is about, not the speaker
            return _opens_on_third_person_verb(
                self.text[opening:closing].lstrip(" ,"), lang=self.r.lang
            )
        return subject.startswith("pet:")

    def _fed(self, position: int) -> list[str]:
        """The pets a feeding time at ``position`` is about (see ``feeding``)."""
        reading = self.r.reading
        pets = {e.name.lower(): e.ref for e in reading.entities.values() if e.kind == "pet"}
        if not pets:
            return []
        opening, closing = feeding_clause(self.text, position)
        # "she gets her seed at 7, boudreaux eats at 6", "kriegt er um halb sieben, die mia
        # erst abends": a pet named past a comma after the time is the next clause's subject
        comma = self.text.find(",", position, closing)
        named = pets_named(self.text[opening : closing if comma < 0 else comma], names=pets)
        if named:
            return named
        named_after = pets_named(self.text[opening:closing], names=pets)
        if said_of_several(self.text[opening:position]):
            owned = [
                c.object_ref
                for c in reading.claims
                if c.predicate == "owns" and c.subject == "person:me" and c.object_ref
            ]
            # "they have dinner at 6" of the children names no pet and feeds none; "they" of
            # one pet held is of animals the lists did not know ("two axolotls … they get fed")
            fed = FED.search(self.text[opening:closing])
            several = list(dict.fromkeys(owned))
            return pets_named(self.text, names=pets) or (
                several if fed and len(several) > 1 else []
            )
        subject = self.who(position, default=None)
        if subject is not None and subject.startswith("pet:"):
            return [subject]
        if named_after and subject is None:
            return named_after  # "gets fed at 7, our Luna": named after the time after all
        if subject not in (None, "person:me"):
            return []
        if subject == "person:me" and the_speakers_meal(self.text[opening:closing]):
            return []
        latest = max(
            (e for e in reading.entities.values() if e.kind == "pet"), key=lambda e: e.order
        )
        return [latest.ref]

    def dates(self) -> None:
        """Birthdays: "am 14. Februar Geburtstag", "turns 60 on the 9th of May", "born on …"
        (a birthday party's day is the party's, not the birthday: "a birthday party for Lea
        on January 17")."""
        text = self.text
        cue = rx.search(
            r"(?i)\b(geburtstag|birthday(?!\s+(?:party|parties|celebration|bash|dinner|lunch|"
            r"brunch|picnic|trip))|birthday's|turns|wird|born|geboren|geworden|turned|dob|"
            # chat's "my bday is 26 feb" (not "a bday gift", "fireworks bday every year")
            r"b-?day(?=\s+(?:is|was|on)\b)|"
            # ("turning 60 on the 22nd", not "turning the garden into a car park on the 3rd")
            r"turning(?=\s+\d))\b"
            # "mum's 80th is on the 14th of march": a round birthday by its ordinal
            r"|(?<=['’]s\s)\d{1,3}(?:st|nd|rd|th)\b(?=\s+(?:is|was|will\s+be)\b)",
            text,
        )
        if not cue:
            return
        if cue.group(0).lower() in ("geworden", "turned") and not AGE_REACHED.search(text):
            return  # "der ist echt teuer geworden", "she turned around": no age reached

        # (the day said in the cue's own clause, else nearest it, is the birthday's, not a
        # deadline earlier in a list or the party's day after it: "1) pass bis 15. juni …
        # 3) geschenk für papa, der hat am 9. mai geburtstag", "am 27.05. hab ich geburtstag,
        # am 30.05. steigt die party")
        def beside_cue(t) -> tuple[bool, int]:
            between = text[min(t.end, cue.start()) : max(t.start, cue.end())]
            return bool(rx.search(r"[,;]", between)), len(between)

        for t in sorted(self.times, key=beside_cue):
            if t.granularity != "day" or t.relation in SPAN_BOUNDS:
                continue
            born = rx.search(r"(?i)\b(born|geboren|dob)\b", text)
            explicit_year = rx.search(r"\b(19|20)\d{2}\b", t.text)
            # "born on Tuesday", "gestern geboren": a birth this year is a date with its year
            # (the birth's own day: "my birthday is march 2nd, my son was born 1999" is not)
            born_on = cue.group(0).lower() in ("born", "geboren", "dob")
            recent = born_on and 0 <= (self.anchor.date() - t.valid_from).days < 60
            # "my birthday is 4.10.1967": a past year beside a birthday is the year of birth
            past_year = explicit_year and t.valid_from.year < self.anchor.year
            value = (
                t.valid_from.isoformat()
                if ((born or past_year) and explicit_year) or recent
                else t.valid_from.strftime("--%m-%d")
            )
            # "my birthday is oct 4, born 1967": the year said apart
            birth_year = BIRTH_YEAR.search(text)
            if birth_year and not explicit_year:
                value = birth_year.group("year") + t.valid_from.strftime("-%m-%d")
            # "a baby girl, Ivy, born on Tuesday": the name the birth follows is whose it is
            named = rx.search(rf"(?P<name>{NAME}),?\s+(?i:born|geboren)\b", text)
            if born and intro.form_name(text) is not None:
                subject = "person:me"  # the speaker's own form: "name …, DOB …"
            elif cue.group(0).lower() == "dob" and not rx.search(
                r"(?i)(?:['’]s|\b(?:his|her|their|your))\s+$", text[: cue.start()]
            ):
                subject = "person:me"  # "DOB is 09/11/1991": a form's line, said of oneself
            elif born and named and named.group("name").lower() not in NOT_NAMES:
                subject = self.r.mention(named.group("name"), "person").ref
            elif born and not text[: cue.start()].strip():
                subject = "person:me"  # "geboren am 14.11.1963 in Völklingen": a form's line
            else:
                subject = self._celebrant(cue, t.start)
            if (
                recent
                and subject in (None, "person:me")
                and not BIRTH_PRONOUN.search(text, 0, cue.start())
            ):
                # "unser Sohn Theo ist da!! am zweiten geboren": a birth of these weeks told
                # without its subject is the newborn's the window spoke of, never the
                # speaker's own (not "they were born on the 5th": whoever "they" are)
                subject = self._newborn()
            if subject is None:
                continue
            if rx.search(r"(?i)\bwird\b", text) and not rx.search(
                r"(?i)\b(geburtstag|birthday|\d{2,3}\b)", text
            ):
                continue
            self.used_times.add(t.start)
            self.add(subject, "birthday", t.start, value=value)
            self._round_birthday_age(subject, t)
            break

    def _newborn(self) -> str | None:
        """The child of the family the window spoke of last (a son, a niece), if any."""
        children = {
            c.subject
            for c in self.r.reading.claims
            if c.predicate == "relation_to_user" and c.value in NEWBORN_RELATIONS
        }
        people = [m for m in self.r.reading.entities.values() if m.ref in children]
        return max(people, key=lambda m: m.order).ref if people else None

    def _round_birthday_age(self, subject: str, day) -> None:
        """ "mum's 80th is on the 14th of march", "Papas 70. Geburtstag ist am 2. Mai": the
        ordinal birthday on a day ahead says the age is one less until then (as "turning 80
        on …" does); one gone by says the age reached."""
        ordinal = ROUND_BIRTHDAY.search(self.text)
        if ordinal is None or any(
            c.subject == subject and c.predicate == "age" for c in self.r.reading.claims
        ):
            return
        years = int(ordinal.group("n"))
        if not 1 <= years <= 120:
            return
        if day.future:
            self.add(subject, "age", ordinal.start("n"), value=str(years - 1))
        else:
            self._age_reached(subject, ordinal.start("n"), value=str(years))

    def _celebrant(self, cue: re.Match, position: int) -> str | None:
        """Whose birthday: a possessive before the cue ("ihr Geburtstag", "his birthday"),
        else who the clause is about up to the later of cue and date ("am 3. Juli hat sie
        Geburtstag", "Die hat am …"). The speaker only when the sentence speaks in the first
        person: "Jana hat am 3. Juli Geburtstag" is never the user's birthday."""
        text = self.text
        # "my mum's birthday", "Lena's birthday": a genitive before the cue names whose it is;
        # a relative the window does not name leaves it unknown, never the speaker's
        genitive = rx.search(
            r"(?i)\b(?P<who>[^\W\d_][\w-]*)(?:'s|’s)\s+(?:(?:next|big)\s+)?$", text[: cue.start()]
        )
        if genitive:
            who = _clean_name(genitive.group("who"))
            if who.lower() in KIN_WORDS and OWN_KIN_BEFORE.search(text[: genitive.start()]):
                # "my mum's birthday", "mum's 80th": the speaker's own parent, named or not
                return self.r._unnamed(who.lower(), said=genitive.group(0)) or None
            if who.lower() in KIN_WORDS or who.lower() in NOT_NAMES or not who[0].isupper():
                return None
            return self.r.mention(who, "person").ref
        # "morgen hat mama geburtstag": a relative right before the cue, after its verb
        kin = KIN_BEFORE_CUE.search(text[: cue.start()])
        if kin and kin.group("kin").lower() in KIN_WORDS:
            return self.r._unnamed(kin.group("kin").lower(), said=kin.group(0)) or None
        owner = rx.search(
            rf"(?i)\b(?P<p>mein|meinen|my|ihr|ihren|her|sein|seinen|his|their)\s+"
            rf"(?:{'|'.join(('nächster', 'next', 'big', 'großer'))}\s+)?$",
            text[: cue.start()],
        )
        if owner:
            word = owner.group("p").lower()
            if word in ("mein", "meinen", "my"):
                return "person:me"
            pronoun = {"ihr": "sie", "ihren": "sie", "her": "she", "their": "they"}.get(word, "er")
            kin = self._kin_said_before(owner.start(), female=pronoun == "sie" or word == "her")
            if kin:
                return kin  # "my mum passed away last year, her birthday was 5 May"
            found = self.r.resolve(pronoun)
            return found.ref if found else None
        subject = self.who(max(position, cue.start()), default=None)
        if (
            subject is None
            and cue.group(0).lower() == "turned"
            and DROPPED_SPEAKER.search(text, 0, cue.start())
            and not self._someone_just_named()
        ):
            return "person:me"  # "also turned 50 on the 2nd": chat drops the speaker
        segment = segment_at(self.parts, cue.start())
        clause = text[segment.start if segment else 0 : cue.start()]
        if subject is None and THIRD_PERSON_OPENING.search(clause):
            return None  # "my friend jo, she turns 30 on …": hers, whoever she is
        if subject is None and first_person(text).search(text):
            subject = "person:me"
        if subject == "person:me" and not first_person(text).search(text):
            return None
        return subject

    def _kin_said_before(self, position: int, *, female: bool) -> str:
        """The speaker's relative an unnamed kin noun of this sentence before ``position``
        names, the last of the pronoun's gender ("meine Oma …, ihr Geburtstag"); "" when none
        is said."""
        gender = "f" if female else "m"
        for m in reversed(list(UNNAMED_KIN.finditer(self.text[:position]))):
            noun = m.group("noun").lower()
            if KIN_WORDS.get(noun, ("", ""))[1] == gender:
                return self.r._unnamed(noun, said=m.group(0))
        return ""

    def _broke_up(self) -> None:
        """ "Ben and I broke up", "wir haben uns getrennt": the speaker's partnership with the
        person the sentence names (else with the partner memory holds) has ended."""
        ended = BROKE_UP.search(self.text)
        if ended is None:
            return
        part = segment_at(self.parts, ended.start())
        # the speaker right beside the verb ("Ben and I broke up"; "we had dinner and my sister
        # told me she and her boyfriend split up" is the sister's)
        beside = self.text[max(0, ended.start() - BREAKUP_REACH) : ended.end()]
        if not SPEAKERS_OWN_BREAKUP.search(beside):
            return  # "my parents split up", "meine Schwester hat sich getrennt": not the speaker
        negative_by_nature = rx.search(r"(?i)\b(?:mehr|any\s*more|no\s+longer)\b", ended.group())
        if (
            part is not None
            and part.silent is not None
            and not (part.silent == "negated" and negative_by_nature)
        ):
            # "what if we broke up?", "wir haben uns nicht getrennt": nothing has ended
            return
        named = self._people_named(self.text)
        self.r.reading.breakups.append((self.index, self.text, named[-1] if named else ""))

    def _friends_after_breakup(self) -> None:
        """ "Pia und ich haben Schluss gemacht. Sind aber noch befreundet": the one the turn's
        breakup named stays a friend."""
        still = STILL_FRIENDS.search(self.text)
        if still is None:
            return
        ended = [ref for index, _, ref in self.r.reading.breakups if index == self.index and ref]
        if ended:
            self.add(ended[-1], "relation_to_user", still.start(), value="friend")

    def _died(self, position: int) -> str | None:
        """Who died at ``position`` (the verb): the sentence's subject, else the person a
        kin word or name right before it names ("Oma ist gestorben"), never the owner of
        what died ("Tom's dog died") nor one named earlier ("mit Tom auf der Beerdigung,
        seine Oma ist gestorben")."""
        before = BEFORE_DEATH.search(self.text[:position])
        if before is not None and before.group("owner"):
            return None
        who = self.who(position, default=None)
        if who is None and before is not None:
            found = self._people_named(before.group("who"))
            who = found[-1] if found else None
        return who

    def _people_named(self, text: str) -> list[str]:
        """The people ``text`` names by a name the window or memory knows, in order said."""
        found = sorted(
            (m.start(), ref)
            for name, ref in [
                *((m.name, m.ref) for m in self.r.reading.entities.values() if m.kind == "person"),
                *self.r.known_names.items(),
            ]
            if ref.startswith("person:") and ref != "person:me"
            for m in rx.finditer(rf"(?i)(?<!\w){re.escape(name)}(?!\w)", text)
        )
        return [ref for _, ref in found]

    def forget_and_end(self) -> None:
        text = self.text
        # "our goldfish Bubbles died this morning", "Opa ist letzte Woche gestorben": whoever
        # died is owned no longer (what was true of them stays in the past)
        died = DIED.search(text)
        if died:
            who = self._died(died.start())
            if who and who != "person:me":
                self.r.reading.deaths.append((self.index, text, who))
        for m in MOVED_OUT.finditer(text):
            # (the person named nearest the verb: "wait actually jess moved out")
            named = self._people_named(m.group(0))
            if named:
                self.r.reading.moved_out.append((self.index, text, named[-1]))
        self._broke_up()
        self._friends_after_breakup()
        # "Das mit dem Ibuprofen kannst du vergessen": what is named before the verb
        forget = _request_by_topic(text) or rx.search(
            r"(?i)\b(?:vergiss|vergesst|forget|scratch that|(?<!from )scratch(?! card)|lösch(?:e|en)?|delete|streich|"
            # "das mit dem Prädiabetes bitte wieder vergessen": the infinitive as a request
            r"(?:bitte|wieder)\s+(?:streichen|vergessen)|"
            r"erase|unlearn|disregard|ignore what i (?:said|told you)|entferne?\b|"
            r"raus(?:nehmen|streichen|löschen|werfen|schmei(?:ß|ss)en|kicken)|"
            r"(?:don't|dont|do not|no need to|(?:don't|dont|do not) need to|"
            # "I'd rather you didn't store that", "I don't want you to remember my address"
            r"rather you (?:didn't|did not|wouldn't|don't)|(?:don't|dont|do not) want you to) "
            r"(?:save|store|keep|remember|note|hold on to|hang on to)|"
            r"nicht (?:speichern|merken|aufschreiben)|"
            # "muss nicht gespeichert werden", "brauchst du dir nicht zu merken"
            r"nicht (?:zu )?(?:ge)?(?:speicher|merk|notier|aufschreib|aufgeschrieb)\w*|"
            # "ich möchte nicht, dass du dir das merkst"
            r"(?:will|möchte|mag)\s+(?:ich\s+)?(?:eigentlich\s+)?nicht,?\s+dass\s+du|"
            # "merk dir das mit dem Job lieber nicht", "das behalt bitte nicht" (not "merk dir,
            # dass ich nicht rauche" nor "merk dir ich rauche nicht": a clause is to be kept)
            r"(?:merk\w*\s+dir|behalt\w*(?=\s+(?:das|es|bitte|lieber|besser)\b))\s+"
            r"(?P<kept>(?:(?!dass\b|ich\b|wir\b)[^.!?,])*?)\bnicht\b|"
            # "remove the bit about my job from your memory", "take that out of your notes"
            r"(?:remove|take|get|wipe|clear|drop)\b(?P<removed>[^.!?]{0,40}?)\b(?:from|out of)\s+"
            r"(?:your\s+)?(?:memory|notes|records|list)|"
            # "please drop the bit about …", "leave out the part about …", "get rid of that"
            r"(?:drop|leave out|get rid of)(?=\s+(?:(?:the\s+)?(?:[\w'’-]+\s+){0,2}(?:bit|part|"
            r"thing|stuff|info|detail|note|entry)|everything)\b))"
            r"\b(?P<x>[^.!?]*)",
            text,
        )
        # "das mit den Tabletten muss nicht gespeichert werden", "scratch the bit about where
        # Hannah lives": the topic named before the verb or after "the bit about" is what goes
        named = rx.search(
            rf"(?i)\b(?:{TOPIC_WITH}|the (?:bit|part|thing|stuff) about)\s+(?P<x>[^,.!?]+?)"
            r"(?=\s+(?:kannst|könntest|darfst|muss|musst|brauchst|sollst|soll|bitte|please|"
            r"can|could|should|needs?|wieder|ruhig|einfach|raus|weg|from|out)\b|\s*[,.!?]|\s*$"
            # speech without marks goes on to a clause of its own: "… und dem sertralin das
            # war zu viel info"
            r"|\s+(?:das|dat|des|dies|that|it|this)\s+(?:war|ist|is|was|wär|wäre)\b)",
            text,
        )
        # the topic stands between the verb's parts in "merk dir X nicht", "remove X from
        # your memory"; after the verb otherwise
        parts = forget.groupdict() if forget else {}
        target = parts.get("kept") or parts.get("removed") or parts.get("x")
        if forget and named and (named.group("x") not in target or named.start() > forget.start()):
            # the topic "das mit …" names inside the request is the request's whole topic:
            # what speech without marks says after it is another clause ("vergiss das mit den
            # panikattacken das war zu viel info frodo kommt zu jonas")
            target = named.group("x")
        elif forget and not rx.search(r"\w", target):
            # German puts the verb last: "Sertralin bitte wieder rausnehmen"
            target = rx.split(r"[,;:.!?]", text[: forget.start()])[-1]
        elif forget:
            target = verb_last_forgets.topic_before(text, forget.start(), target) or target
        # "can you forget the medication thing? i'd rather you didn't keep that": a pointer
        # after a request of the same turn points at that request's topic
        pointer = forget and not rx.search(
            r"\w", rx.sub(r"(?i)\b(?:that|this|it|das|es|dies|please|bitte)\b", "", target)
        )
        repeated = pointer and any(i == self.index for i, _, _ in self.r.reading.forgets)
        # "vergiss das mit X. und das mit Y auch": Y is forgotten too
        same_turn = any(i == self.index for i, _, _ in self.r.reading.forgets)
        continued = continued_topic(text) if not forget and same_turn else None
        if continued:
            self.r.reading.forgets.append((self.index, text, continued))
        if (
            forget
            and not repeated
            and not rx.search(
                r"(?i)\b(nicht vergessen|don't forget|dont forget|never forget|nie vergessen|"
                r"(?:never|don't|dont|won't|wont) let (?:\w+ ){1,2}forget)\b",
                text,
            )
        ):
            self.r.reading.forgets.append((self.index, text, target))
        for part in self.parts:
            if rx.search(
                r"(?i)\b(nich(?:t)? mehr|ned mehr|net mehr|nimmer|nimma|no longer|not anymore|"
                rf"anymore|quit|gekündigt|aufgehört|stopped|gave up|given up|{WEANED})\b",
                part.text,
            ):
                self.r.reading.ends.append((self.index, text, part.text))
            elif declined.declines(part.text) and not part.silent:
                self.r.reading.declines.append((self.index, text, part.text))
