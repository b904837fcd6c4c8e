"""Sentences, time expressions and clock times as the curator's constructions need them.

Sentences and time expressions come from :mod:`curator.language`; here they are narrowed to
what dates a fact (a day, a month or a year, as a ``date``). Clock times ("um halb sieben
abends", "at 6pm") are read here, with the part of the day that follows them.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from curator.extract.dialect import SPOKEN_ENGLISH, SPOKEN_GERMAN
from curator.language import rx
from curator.language.dates import resolve_times as _resolve_times
from curator.language.sentences import Sentence
from curator.language.sentences import split_sentences as split_sentences
from curator.language.tagging import known_word

__all__ = [
    "Sentence",
    "TimeExpression",
    "clock_times",
    "language_of",
    "resolve_times",
    "split_sentences",
    "times_ahead",
]


@dataclass(frozen=True)
class TimeExpression:
    start: int
    end: int
    text: str
    relation: str  # at | since | until | from | during | ago
    valid_from: date
    valid_to: date | None
    granularity: str  # day | week | month | year
    future: bool


def _as_date(value) -> date | None:
    if value is None:
        return None
    if isinstance(value, datetime):
        return value.date()
    return value if isinstance(value, date) else None


def _dated(t, *, granularity: str) -> TimeExpression:
    """The resolver's expression with dates for its bounds."""
    return TimeExpression(
        start=t.start,
        end=t.end,
        text=t.text,
        relation=t.relation,
        valid_from=_as_date(t.valid_from),
        valid_to=_as_date(t.valid_to),
        granularity=granularity,
        future=bool(t.future),
    )


def resolve_times(text: str, *, anchor: datetime, lang: str) -> list[TimeExpression]:
    """The text's time expressions that date something: a day, a month or a year, and a
    week gone by, which dates from its first day ("seit letzter Woche", "since last week":
    not today) but names no day of its own (no birthday, no appointment)."""
    found = []
    for t in _resolve_times(text, anchor=anchor, lang=lang):
        if _as_date(t.valid_from) is None:
            continue
        if t.granularity in ("day", "month", "year") or _week_gone_by(t, anchor=anchor):
            found.append(_dated(t, granularity=t.granularity))
        elif _other_day_at_an_hour(t, anchor=anchor):
            found.append(_as_its_day(t))
    return found


def _other_day_at_an_hour(t, *, anchor: datetime) -> bool:
    """Whether ``t`` is a time of day on a day other than the anchor's ("morgen früh",
    "tomorrow morning", "Freitag nachmittag", "gestern abend"): it names that day too. A clock
    time or a part of today alone ("um 10", "heute abend") names no day of its own."""
    return t.granularity in ("hour", "minute") and _as_date(t.valid_from) != anchor.date()


def _as_its_day(t) -> TimeExpression:
    """A time of day as the whole day it falls on: a deadline or a date of a fact is a day."""
    day = _as_date(t.valid_from)
    return dataclasses.replace(
        _dated(t, granularity="day"), valid_from=day, valid_to=day + timedelta(days=1)
    )


def _week_gone_by(t, *, anchor: datetime) -> bool:
    """Whether ``t`` is a week that has begun before the message's own week."""
    return t.granularity == "week" and _as_date(t.valid_to) <= anchor.date()


def times_ahead(text: str, *, anchor: datetime, lang: str) -> list[TimeExpression]:
    """The text's time expressions that lie ahead of its anchor, a coming week included
    ("er fängt nächste Woche an", "starts next month", "ab nächster Woche"), each as the day
    it begins: what a clause dated by one says does not hold yet."""
    return [
        _dated(t, granularity="day" if t.granularity == "week" else t.granularity)
        for t in _resolve_times(text, anchor=anchor, lang=lang)
        if t.future
        and (when := _as_date(t.valid_from)) is not None
        and when > anchor.date()
        and t.granularity in ("day", "week", "month", "year")
    ]


def days_ahead(text: str, *, anchor: datetime, lang: str) -> list[TimeExpression]:
    """The days after today that the text names, with a clock time on them too ("tmrw at 3",
    "3/12 at 9:15", "Dienstag um 10"), each as its day: when an appointment is (a visit
    said today is mostly one just made: "war heute beim Tierarzt")."""
    return [
        _dated(t, granularity="day")
        for t in _resolve_times(text, anchor=anchor, lang=lang)
        if (when := _as_date(t.valid_from)) is not None
        and when > anchor.date()
        and t.relation in ("at", "from")
        and t.granularity in ("day", "hour", "minute")
    ]


# --- clock times ----------------------------------------------------------------------------

HOURS = {
    "eins": 1, "ein": 1, "one": 1, "zwei": 2, "two": 2, "drei": 3, "three": 3, "vier": 4,
    "four": 4, "fünf": 5, "fünfe": 5, "five": 5, "sechs": 6, "six": 6, "sieben": 7,
    "seven": 7, "siebne": 7, "acht": 8, "eight": 8, "neun": 9, "nine": 9, "zehn": 10, "ten": 10,
    "elf": 11, "eleven": 11, "zwölf": 12, "twelve": 12,
}  # fmt: skip
# a whole number or word: "letzten" holds no "ten", "einen" no "ein", "2026" no "20"; the
# south says the hour with an "e" ("um achte in da früh", "um sechse auf d'nacht")
HOUR = (
    r"(?<!\w)(?:\d{1,2}(?!\d)|(?:eins|ein|(?:zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|"
    r"zwölf)e?|siebne|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?![a-zäöüß]))"
)
CLOCK = re.compile(
    # "halb sieben" is 6:30; in British and Irish English "half five" and "half past five"
    # are 5:30 (after "at", so "half 5 kilos" stays no time)
    rf"(?:(?P<half>halb)\s+|(?<=\bat\s)(?P<half_past>half(?:\s+past)?)\s+|(?P<past>half\s+past)\s+)?"
    rf"(?P<hour>{HOUR})(?:[:.](?P<minute>\d{{2}}))?"
    r"(?:\s*(?P<suffix>uhr|h\b|am\b|pm\b|a\.m\.|p\.m\.|o'clock))?"
    r"(?:\s+(?P<part>morgens|früh|vormittags|mittags|nachmittags|abends|nachts|in the morning|in the evening|at night))?",
    re.I,
)
EVENING = ("abends", "nachmittags", "in the evening", "at night", "nachts")


def clock_times(text: str, *, evening_hint: bool = False) -> list[tuple[int, int, str]]:
    """``(start, end, "HH:MM")`` for the clock times of a text: "um 19 Uhr", "um halb
    sieben abends" (18:30), "at 6pm", "um 5:30"; a bare hour counts only after um/at/gegen."""
    out = []
    for m in CLOCK.finditer(text):
        before = text[max(0, m.start() - 8) : m.start()].lower()
        after_half = m["half_past"] or m["past"]
        explicit = bool(m["suffix"] or m["minute"] or m["half"] or after_half)
        if not explicit and not rx.search(r"\b(um|at|gegen|around|by)\s+$", before):
            continue
        bare = m["hour"].isdigit() and not (m["minute"] or m["suffix"] or m["half"] or after_half)
        if bare and rx.match(
            r"\s*(jahre|years|km|minuten|minutes|stunden|hours|%)", text[m.end() :], re.I
        ):
            continue
        word = m["hour"].lower()
        hour = int(word) if word.isdigit() else HOURS.get(word) or HOURS[word.removesuffix("e")]
        minute = int(m["minute"] or 0)
        if m["half"]:
            hour, minute = hour - 1, 30
        elif after_half:
            minute = 30
        suffix = (m["suffix"] or "").lower().replace(".", "")
        part = (m["part"] or "").lower()
        if (suffix == "pm" or part in EVENING or evening_hint) and hour < 12:
            hour += 12
        if suffix == "am" and hour == 12:
            hour = 0
        if 0 <= hour < 24 and 0 <= minute < 60:
            out.append((m.start(), m.end(), f"{hour:02d}:{minute:02d}"))
    return out


ENGLISH_IM = re.compile(
    r"(?i)\bim\s+(?:a|an|the|so|not|just|gonna|going|from|here|still|also|really|always|"
    r"never|only|on|at|off|out|too|very|pretty|currently|now|originally|based)\b"
)


# … or before a verb's "-ing" ("im moving to leeds", "im starting monday"), which German
# never says after "im" unless the word is a German noun too ("im Training", "im Meeting")
IM_BEFORE_ING = re.compile(r"(?i)\bim\s+([a-z]{2,}ing)\b")


def _english_ing(word: str) -> bool:
    """Whether a word in "-ing" after "im" is English: no German word either way."""
    return not known_word(word.capitalize(), lang="de") and not known_word(word, lang="de")


def language_of(text: str, *, unclear: str = "de") -> str:
    """German or English, by function words (and umlauts): the sentence splitter and the
    time resolver read "am 3. Juli" differently in each. ``unclear`` when no function word
    of either language is said ("cake, then cinema")."""
    german = len(
        rx.findall(
            r"(?i)\b(ich|und|nicht|ist|bin|hat|der|die|das|dem|den|ein|eine|mein|meine|wir|hab|"
            r"auch|mit|seit|von|zu|im|bei|für|aber|noch|schon|heute|mir|mich|er|sie|es)\b",
            text,
        )
    ) + 2 * len(rx.findall(r"[äöüßÄÖÜ]", text))
    # regional speech says "i" and "is" too ("i hob kaum zeit, mei bua is grad drei")
    german += len(SPOKEN_GERMAN.findall(text))
    english = len(
        rx.findall(
            r"(?i)\b(i|and|not|is|the|my|we|have|has|with|since|i'm|you|of|to|for|it's|"
            r"he|she|they|this|that|was|are|just|been|her|his|our|their|from|"
            # "guess who's a trainee now 😎 started at KPMG on monday": short chat English
            r"at|on|now|it|but|got|who's|what's|that's|there's)\b",
            text,
        )
    )
    english += len(SPOKEN_ENGLISH.findall(text))
    # a casual "im" before an article or an adverb is "I'm" ("im a zookeeper", "im not sure"):
    # German "im" ("in dem") is followed by a noun or an adjective, never by these
    said_im = len(ENGLISH_IM.findall(text)) + sum(
        1 for m in IM_BEFORE_ING.finditer(text) if _english_ing(m.group(1))
    )
    german -= said_im
    english += said_im
    if german == english == 0:
        return unclear
    return "de" if german >= english else "en"
