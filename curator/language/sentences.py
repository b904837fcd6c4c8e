"""Sentence splitting for German and English chat text.

A full stop is the most overloaded character in German chat: it ends sentences, but also
ordinals and dates ("am 3. Juli", "14.02."), abbreviations ("z. B.", "bzw.", "Dr."),
decimals and clock times ("19.30 Uhr") and URLs. People in chats also end thoughts with
emojis, "!!", "?!" or "..." — or with nothing but a line break. The splitter looks at each
candidate boundary and the words on both sides of it; no model, a few precompiled regexes.

Offsets are into the original text, so callers can map a sentence back to its evidence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from curator.language import rx
from curator.language.tagging import part_of_speech


@dataclass(frozen=True, slots=True)
class Sentence:
    start: int
    end: int
    text: str


def _wordset(words: str) -> frozenset[str]:
    return frozenset(words.split())


_MONTHS_DE = _wordset(
    "januar jänner februar märz maerz april mai juni juli august september oktober "
    "november dezember jan feb mär mrz apr jun jul aug sep sept okt nov dez"
)

_MONTHS_EN = _wordset(
    "january february march april may june july august september october november december"
)

# Words that follow an ordinal ("im 3. Stock", "zum 2. Mal", "der 1. Advent").
_ORDINAL_NOUNS_DE = (
    _wordset(
        "stock klasse mal platz geburtstag jahrestag hochzeitstag jahrhundert jh semester "
        "liga woche tag monat jahr lebensjahr advent etage kind enkel runde quartal halbjahr "
        "kw kalenderwoche grad staffel folge teil band auflage ausgabe fassung versuch "
        "schuljahr ausbildungsjahr lehrjahr rang preis"
    )
    | _MONTHS_DE
)

_LOWERCASE_STARTERS = _wordset(
    "ich du er sie es wir ihr mein meine unser unsere dein deine i my our he she we they "
    "you im ive id "
    # a question after an emoji is a thought of its own ("bänderriss sagt der doc 🙄 wie
    # lang dauert des?"): it must not turn the statement before it into a question
    "wie wann warum wieso weshalb how when why "
    # ("am liebsten scharf 🌶️ was koch ich heute?", "spicy food 🌶️ what should i cook?")
    "was wo wer welche welcher welches kannst könntest what whats where which who can could "
    # chat German drops the "ich" of a new thought ("… für die insassen 😄 bin bibliothekar")
    "bin hab habe"
)
# Words that start a new German sentence after a number ("Er ist 3. Das ist ..."); other
# capitalised words after "3." are nouns following an ordinal.
_STARTERS_DE = _wordset(
    "ich du er sie es wir ihr das die der dies diese dieser dann danach und aber also "
    "doch jetzt heute morgen gestern was wie wann wo warum wer weshalb kannst könntest "
    "hast hat habe hab bin bist ist sind war waren mein meine unser unsere dein deine "
    "sein seine ihre ein eine kein keine na nee nein ja ok okay danke bitte außerdem "
    "übrigens leider zum trotzdem deshalb deswegen seitdem dort da hier man mir mich "
    "uns euch merk merke vergiss erinner erinnere sag weißt hmm oh ach achso lol haha "
    "wir"
)

_ABBREVIATIONS = {
    "de": _wordset(
        "z b bzw ca nr st dr prof hr hrn fr frl vgl ggf evtl inkl zzgl ggü bspw bsp "
        "str tel mio mrd std min sek abs jh jhd geb verh gest allg bzgl hbf bhf dipl "
        "ing med rer nat phil jur mag dt engl franz kl mind max tsd vllt eigtl kap abt "
        "fa co sog usf ebd insb bes urspr zt zb dh ua uä od u o s "
        "anm ref gem lt wg wg. jan feb mär mrz apr jun jul aug sep sept okt nov dez "
        "schr ehem ev kath gr orig ver"
    ),
    "en": _wordset(
        "mr mrs ms mx dr prof st jr sr vs approx appt dept est ltd co mt ave rd blvd "
        "jan feb mar apr jun jul aug sep sept oct nov dec min max hr hrs ft lb lbs oz "
        "tbsp tsp cf ca no nos vol fig gen gov sgt capt lt col rev hon pres mins secs "
        "wk wks mo mos yr yrs incl tel ext dist univ"
    ),
}
_TITLES = _wordset("dr prof st mr mrs ms")
_MONTH_ABBREVIATIONS = _wordset("jan feb mär mrz mar apr jun jul aug sep sept okt oct nov dez dec")
# These may close a sentence themselves ("Äpfel, Birnen usw. Dann ..."): split when a
# capitalised word follows.
_CLOSING_ABBREVIATIONS = _wordset("usw etc inc u.a a.m p.m ff")

# Words after which a line does not end a thought ("ich wohne in\nBerlin").
_CONTINUATIONS = _wordset(
    "und oder aber weil dass denn sondern sowie bzw wie als mit für von vom zu zum zur "
    "in im am an auf aus bei nach über unter der die das den dem des ein eine einen "
    "einem einer mein meine meinen meinem meiner and or but because that which who with "
    "for from of to in on at by the a an my our his her their is are was were"
)
_CONTINUING_LINE_END = re.compile(r"[,;:(\[/&+–—-]\s*$")

_URL = re.compile(
    r"(?:https?://|www\.)[^\s<>\"']+[^\s<>\"'.,;:!?)\]]|[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
    r"|\b[\w-]+(?:\.[\w-]+)*\.(?:de|com|org|net|io|eu|at|ch|uk|info|app|dev)\b(?:/\S*)?",
    re.IGNORECASE,
)
# The characters of emoji and pictographs (with skin tones, joiners and variation selectors).
EMOJI_CHARS = "\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff\ufe0f\u200d\U0001f3fb-\U0001f3ff"
_TERMINAL = re.compile(
    r"(?:[.!?…]+|(?<=\s)[:;]-?[)(DP](?=\s|$)|(?<=\s)["
    + EMOJI_CHARS
    + r"]+|(?<=\w)["
    + EMOJI_CHARS
    + r"]+)"
    r"(?:[\"'”“»«)\]]+)?"
    r"(?:[ \t]*[" + EMOJI_CHARS + r"]+|[ \t]*[:;]-?[)(DP]|[ \t]*\(\w+\))*"
)
_WORD_BEFORE = re.compile(r"(\S+)\s*$")
_WORD_AFTER = re.compile(r"\s*(\S+)")
_LETTERS = re.compile(r"[^\W\d_]+")
_DOTTED = re.compile(r"^(?:[^\W\d_]{1,3}\.)+[^\W\d_]{1,3}$")
_ALNUM = re.compile(r"\w")
_LOOKBACK = 80
_ORDINAL_END = re.compile(r"\b\d{1,2}\.$")
_LIST_MARKER_BEFORE = re.compile(r"(?:\A|[\n.!?:;])[ \t]*\Z")


def split_sentences(text: str, *, lang: str) -> list[Sentence]:
    """Split `text` into sentences; `lang` is "de" or "en" (anything else counts as "en").

    Offsets are into `text`; each sentence's text is `text[start:end]`, trimmed of
    surrounding whitespace. A piece without any letter or digit (an emoji line, "!!") is
    added to the sentence before it rather than standing alone.
    """
    lang = "de" if lang == "de" else "en"
    protected = [m.span() for m in _URL.finditer(text)]
    cuts = sorted(set(_punctuation_cuts(text, lang, protected) + _line_cuts(text)))

    sentences: list[Sentence] = []
    begin = 0
    for cut in [*cuts, len(text)]:
        if cut <= begin:
            continue
        _append(sentences, text, begin, cut)
        begin = cut
    return sentences


def _append(sentences: list[Sentence], text: str, begin: int, end: int) -> None:
    chunk = text[begin:end]
    stripped = chunk.strip()
    if not stripped:
        return
    start = begin + (len(chunk) - len(chunk.lstrip()))
    stop = start + len(stripped)
    if not _ALNUM.search(stripped) and sentences:
        last = sentences[-1]
        sentences[-1] = Sentence(last.start, stop, text[last.start : stop])
        return
    sentences.append(Sentence(start, stop, stripped))


def _word_before(text: str, end: int) -> str:
    """The whitespace-delimited word that ends at `end` (trailing whitespace skipped).

    A plain backwards walk over a few characters: a regex search from the start of a long
    document for every full stop would cost quadratic time.
    """
    stop = end
    while stop > 0 and text[stop - 1].isspace():
        stop -= 1
    begin = stop
    while begin > 0 and not text[begin - 1].isspace() and stop - begin < _LOOKBACK:
        begin -= 1
    return text[begin:stop]


def _inside(position: int, spans: list[tuple[int, int]]) -> bool:
    return any(start <= position < end for start, end in spans)


def _punctuation_cuts(text: str, lang: str, protected: list[tuple[int, int]]) -> list[int]:
    cuts = []
    for match in _TERMINAL.finditer(text):
        start, end = match.span()
        if _inside(start, protected):
            continue
        rest = text[end : end + 2]
        # "müde.Gute Nacht": a missing space still ends a sentence between words, but
        # never inside numbers, dotted abbreviations or file names.
        if (
            rest
            and not rest[0].isspace()
            and not (
                match.group() == "."
                and rest[0].isupper()
                and start >= 2
                and text[start - 2 : start].isalpha()
                and len(rest) > 1
                and rest[1].islower()
            )
        ):
            continue
        if _ends_sentence(text, start, end, match.group(), lang):
            cuts.append(end)
    return cuts


def _ends_sentence(text: str, start: int, end: int, mark: str, lang: str) -> bool:
    before = _word_before(text, start)
    after_match = _WORD_AFTER.match(text, end)
    after = after_match.group(1) if after_match else ""
    if not after:
        return True
    after_word = _LETTERS.match(after.lstrip("\"'„“”»«(["))
    next_word = after_word.group() if after_word else ""
    first = after.lstrip("\"'„“”»«([")[:1]

    core = mark.rstrip("\"'”“»«)]")
    if core.startswith(("...", "…")) or core == "..":
        # A trailing-off "..." continues when the next word is lowercase.
        return not first.islower()
    if not core.startswith("."):
        # "!", "?", "?!" and emoji end a thought, unless a quoted exclamation runs on
        # ("„Hallo!“ sagte sie").
        if mark != core and first.islower():
            return False
        if core[:1] in "!?":
            return True
        if core[:1] in ":;":
            return first.isupper()  # an emoticon ":)" before a capitalised word
        return _emoji_ends(next_word, first, lang)

    word = before.lstrip("\"'„“”»«([").rstrip(".")
    lower = word.lower()
    if word.isdigit() or rx.fullmatch(r"\d{1,2}\.\d{1,2}", word):
        return _number_ends(text, start, word, next_word, first, lang)
    if lower in _CLOSING_ABBREVIATIONS or (_DOTTED.match(word) and lower in {"u.a", "a.m", "p.m"}):
        return first.isupper() and bool(next_word)
    if _DOTTED.match(word):
        return False
    if lower.endswith("str") and first.isdigit():
        return False  # "Hauptstr. 5"
    if len(word) == 1 and word.isalpha():
        # Initials ("J. Smith") and German letter abbreviations ("z. B.", "d. h.").
        return False
    if lower in _ABBREVIATIONS[lang] or lower in _TITLES:
        return _abbreviation_ends(lower, first, next_word)
    return True


def _abbreviation_ends(lower: str, first: str, next_word: str = "") -> bool:
    # "Nr." and "No." only abbreviate before a number; "Jan." or "Mar." may be a name
    # closing a sentence ("Ich war bei Jan. Er ..."), and a month closes one before chat's
    # lower-case "i" ("back on the 2nd of feb. i'm a forensic accountant")
    if lower in {"no", "nr", "nos"}:
        return not first.isdigit()
    if lower in _MONTH_ABBREVIATIONS:
        return first.isupper() or next_word in _LOWER_I
    if lower in _UNIT_ABBREVIATIONS:
        # "so 5 min. ich mach das seit 2019": a unit closes a sentence before a subject
        return next_word.lower() in _SUBJECT_AFTER_NUMBER["de"] | _SUBJECT_AFTER_NUMBER["en"]
    return False


# units of measure, which close a sentence before a subject ("so 5 min. ich mach …")
_UNIT_ABBREVIATIONS = frozenset({"min", "mins", "std", "sek", "sec", "hrs", "km", "kg"})
_LOWER_I = {"i", "i'm", "i’m", "im", "i've", "i’ve", "i'll", "i’ll", "i'd", "i’d"}
# a lower-case English join and a subject of its own after a number and its full stop
_NEW_SUBJECT_JOINED = re.compile(
    r"\s+(?:and|but|so|also|plus)\s+(?:i|i['’]m|im|i['’]ve|ive|we|he|she|they|my|our)\b"
)
# lower-case subjects that open a sentence and never follow an ordinal ("am 3. ich" is no date)
_SUBJECT_AFTER_NUMBER = {
    "en": frozenset(_LOWER_I - {"im"} | {"we", "my", "our", "he", "she", "they"}),
    "de": frozenset({"ich", "wir", "du", "mein", "meine"}),
}


def _number_ends(text: str, start: int, word: str, next_word: str, first: str, lang: str) -> bool:
    if len(word) == 4 and word.isdigit():
        # A year ends a sentence ("seit 2019. Das ..."); German ordinals are short, and
        # so is a day and month ("bis 10.4. fahren wir").
        return True
    if _LIST_MARKER_BEFORE.search(text, max(0, start - len(word) - _LOOKBACK), start - len(word)):
        # "1. Term: 12 months" — a list item's number, not a sentence; but "Nr. 12." is
        # an abbreviation's number.
        token = _word_before(text, start - len(word)).rstrip(".").lower()
        if token not in _ABBREVIATIONS[lang] and token not in _TITLES:
            return False
    if first.islower() and next_word.lower() in _SUBJECT_AFTER_NUMBER[lang]:
        return True  # chat's lower case: "bereavement group tuesdays at 2. i take our dog …"
    if first.islower() and lang == "en" and _NEW_SUBJECT_JOINED.match(text, start + 1):
        # English has no ordinal "38." ("38th"): "im 38. and i live in leeds" is two thoughts
        # (not "i get up at 6. and walk the dog", whose subject runs on)
        return True
    if first.isdigit() or first.islower():
        return False
    if lang != "de":
        return True
    lower = next_word.lower()
    if lower in _ORDINAL_NOUNS_DE:
        return False
    if lower in _STARTERS_DE:
        return True
    # After an article or preposition the number is an ordinal ("am 3. Juli", "seit dem
    # 2. Mai", "beim 5. Versuch") and the capitalised word that follows is its noun.
    previous = _word_before(text, max(0, start - len(word))).lower()
    return previous not in {
        "am",
        "vom",
        "zum",
        "beim",
        "im",
        "dem",
        "den",
        "der",
        "die",
        "das",
        "des",
        "ab",
        "bis",
        "seit",
        "jeden",
        "jedem",
        "ihr",
        "ihren",
        "ihrem",
        "sein",
        "seinen",
        "seinem",
        "mein",
        "meinen",
        "meinem",
        "unser",
        "unseren",
        "unserem",
        "dein",
        "deinen",
        "deinem",
        "diesen",
        "diesem",
        "nächsten",
        "ins",
        "zur",
    }


def _emoji_ends(next_word: str, first: str, lang: str) -> bool:
    # An emoji between words ends the thought only before a new sentence's first word; in
    # German a capitalised noun may follow an emoji mid-sentence ("ich liebe 🍕 Pizza").
    # Lowercase chat starts a new thought after an emoji with a pronoun ("🙄 my sister").
    if not first.isupper():
        # "handed in my notice 😅 starting at Oakfield on monday": an English clause opening
        # with its verb's -ing form after an emoji is a new thought too
        word = next_word.lower()
        gerund = (
            lang == "en"
            and word.endswith("ing")
            and part_of_speech(word, lang="en") == "VVG"  # not "💍 wedding", "🍮 pudding"
        )
        return word in _LOWERCASE_STARTERS or gerund
    if lang == "de":
        return next_word.lower() in _STARTERS_DE
    return True


def _line_cuts(text: str) -> list[int]:
    """Line breaks end a thought unless the line visibly runs on."""
    cuts = []
    for match in rx.finditer(r"\n+", text):
        start, end = match.span()
        line_start = text.rfind("\n", 0, start) + 1
        line = text[line_start:start].rstrip()
        if not line:
            continue
        if match.group().count("\n") < 2:
            last = _WORD_BEFORE.search(line, max(0, len(line) - _LOOKBACK))
            last_word = last.group(1).lower() if last else ""
            if _CONTINUING_LINE_END.search(line) or last_word in _CONTINUATIONS:
                continue
            # "am 3.\nJuli": an ordinal date wrapped onto the next line
            following = _WORD_AFTER.match(text, end)
            if (
                _ORDINAL_END.search(line)
                and following
                and following.group(1).lower().rstrip(".,") in _MONTHS_DE | _MONTHS_EN
            ):
                continue
        cuts.append(end)
    return cuts
