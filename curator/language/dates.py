"""Time expressions in German and English, resolved against the message time.

`resolve_times` finds what a sentence says about time ("seit letztem Montag", "vor drei
Wochen", "am 14. Februar", "Anfang Mai", "since March", "two years ago", "um halb acht")
and turns it into the period it names, at the granularity the text gives.

Contract:

- `anchor` is the aware time the message was written; its UTC offset is the speaker's, and
  every resolved datetime carries that same offset. A naive anchor is refused.
- `valid_from` is the start of the named period and `valid_to` its end (exclusive): "im
  Oktober" → [1 Oct 00:00, 1 Nov 00:00), granularity month; "seit 2019" → [1 Jan 2019,
  1 Jan 2020), year, relation "since". The relation says how the statement relates to the
  period: "since"/"from" — it holds from `valid_from` on; "until" — up to `valid_to`;
  "ago"/"at"/"during" — it happened or holds within the period.
- Expressions that do not name a date ("vor ein paar Tagen", "a few weeks ago", "seit
  Jahren") are not returned.
- Incomplete dates take the nearest sensible year, month or week:
    * past when the statement looks back — relation "since"/"ago", a modifier "letzten"/
      "last", or a past-tense verb in the text ("hatte", "war", "bin … gezogen", "moved");
    * otherwise the coming one (plans, birthdays, "bis Freitag", "ab Montag"), where a
      period still under way counts as coming ("im Oktober", said in October, is this
      October).
  Weekdays: "letzten/last X" is the latest X before today, "nächsten/next X" the first X
  after today, "diesen/this X" the X of the current week (Monday to Sunday).
  Seasons are meteorological (spring 1 March, summer 1 June, autumn 1 September, winter
  1 December); the winter semester starts 1 October, the summer semester 1 April.
- Counts: "vor drei Wochen" / "three weeks ago" is that day (anchor minus 21 days,
  granularity day); months and years keep their own granularity ("vor zwei Jahren" → the
  year, "seit einem Jahr" → the year a year ago).
- Day ranges ("vom 3. bis 17. August", "May 3-5") are one period: relation "during",
  `valid_from` the first day, `valid_to` the day after the last.
- Numeric dates: "3.7.2025", "03.07.", "2025-07-03"; with slashes day/month, unless the
  second number cannot be a month ("7/14/2019" in English) or the speaker writes from the
  Americas (a UTC offset of -3 h or less: "8/12/2021" is 12 August). Two-digit years are
  this century's unless that lies more than ten years ahead ("30.11.91" is 1991).
- Spelled ordinal days before a month read as digits ("seit dem ersten Oktober", "the
  twenty-first of March", "zum ersten nächsten Monats"); "zum ersten Mal" is no date.
- Holidays, fixed and moveable (Easter-based, US weekday rules: "on labor day" is the first
  Monday of September), the nearest one as for other incomplete dates; a weekday, weekend or
  day next to one ("seit dem Dienstag nach Pfingsten", "the weekend before easter", "the
  day before labour day") is that day.
- "thursday week", "a week on monday", "Montag in zwei Wochen": the coming such weekday a
  week (a fortnight) on; "yesterday week" a week before yesterday; "the week after next".
- Habits name no date ("jeden Montag", "every Tuesday and Thursday").
- Clock times ("um 19 Uhr", "at 7pm") next to a day join it ("morgen um 19 Uhr", "at 7pm
  on Friday", minute); alone they take the anchor's date (relation "at", granularity
  minute). `curator.language.clock` says how twelve-hour readings are chosen.
- `future` is true when the period starts after the anchor.

`dateparser` 1.5 was measured (`python -m curator.language.benchmark`, 32 phrases of the
issue at a fixed anchor; the date counts as right at the phrase's granularity):
`search_dates` with a fixed language got 25 right preferring future dates and 19 preferring
past ones, against 32 here, at ~1.3 ms per phrase against ~35 µs. Its misses are the ones
that matter: it reads no German numeric dates ("am 3.7.2025", "am 03.07."), nothing for
"seit dem Wintersemester", drops "Anfang"/"early"/"Abend" and the prepositions, so it never
says "since" or "until", and past against coming is one global setting ("seit dem 2. Mai"
and "since March" come out a year late when birthdays come out right). It returns instants
without granularity ("im Oktober" → 16 Oct, "seit 2019" → 16 Jul 2019). Everything it does
read right is read here by a dozen regexes, so it is not used, not even as a fallback.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from typing import Literal

from curator.language import rx
from curator.language.clock import ClockTime, clock_times
from curator.language.numerals import number_pattern, number_value
from curator.language.tagging import part_of_speech

Relation = Literal["at", "since", "until", "from", "during", "ago"]
Granularity = Literal["minute", "hour", "day", "week", "month", "year"]
Direction = Literal["past", "future"]


@dataclass(frozen=True, slots=True)
class TimeExpression:
    start: int
    end: int
    text: str
    relation: Relation
    valid_from: datetime | None
    valid_to: datetime | None
    granularity: Granularity
    future: bool


# ---------------------------------------------------------------------------- vocabulary

_MONTHS = {
    "de": {
        "januar": 1,
        "jänner": 1,
        "jan": 1,
        "februar": 2,
        "feber": 2,
        "feb": 2,
        "märz": 3,
        "maerz": 3,
        "mär": 3,
        "mrz": 3,
        "april": 4,
        "apr": 4,
        "mai": 5,
        "juni": 6,
        "jun": 6,
        "juli": 7,
        "jul": 7,
        "august": 8,
        "aug": 8,
        "september": 9,
        "sept": 9,
        "sep": 9,
        "oktober": 10,
        "okt": 10,
        "november": 11,
        "nov": 11,
        "dezember": 12,
        "dez": 12,
    },
    "en": {
        "january": 1,
        "jan": 1,
        "february": 2,
        "feb": 2,
        "march": 3,
        "mar": 3,
        "april": 4,
        "apr": 4,
        "may": 5,
        "june": 6,
        "jun": 6,
        "july": 7,
        "jul": 7,
        "august": 8,
        "aug": 8,
        "september": 9,
        "sept": 9,
        "sep": 9,
        "october": 10,
        "oct": 10,
        "november": 11,
        "nov": 11,
        "december": 12,
        "dec": 12,
    },
}
_WEEKDAYS = {
    "de": {
        "montag": 0,
        "dienstag": 1,
        "mittwoch": 2,
        "donnerstag": 3,
        "freitag": 4,
        "samstag": 5,
        "sonnabend": 5,
        "sonntag": 6,
    },
    "en": {
        "monday": 0,
        "tuesday": 1,
        "wednesday": 2,
        "thursday": 3,
        "friday": 4,
        "saturday": 5,
        "sunday": 6,
    },
}
# Start hour of a part of the day ("gestern Abend" → yesterday 18:00, granularity hour).
_DAYPARTS = {
    "früh": 6,
    "morgen": 6,
    "vormittag": 9,
    "mittag": 12,
    "nachmittag": 14,
    "abend": 18,
    "nacht": 22,
    "morning": 6,
    "afternoon": 14,
    "evening": 18,
    "night": 22,
}
# Meteorological seasons: first month.
_SEASONS = {
    "frühling": 3,
    "frühjahr": 3,
    "sommer": 6,
    "herbst": 9,
    "winter": 12,
    "spring": 3,
    "summer": 6,
    "autumn": 9,
    "fall": 9,
}
_UNITS = {
    "minute": "minute",
    "minuten": "minute",
    "min": "minute",
    "stunde": "hour",
    "stunden": "hour",
    "std": "hour",
    "tag": "day",
    "tage": "day",
    "tagen": "day",
    "woche": "week",
    "wochen": "week",
    "monat": "month",
    "monate": "month",
    "monaten": "month",
    "jahr": "year",
    "jahre": "year",
    "jahren": "year",
    "jahres": "year",
    "jahrs": "year",
    "monats": "month",
    "fortnight": "fortnight",
    "fortnights": "fortnight",
    "minutes": "minute",
    "mins": "minute",
    "hour": "hour",
    "hours": "hour",
    "hrs": "hour",
    "yrs": "year",
    "yr": "year",
    "wks": "week",
    "wk": "week",
    "mths": "month",
    "day": "day",
    "days": "day",
    "week": "week",
    "weeks": "week",
    "month": "month",
    "months": "month",
    "year": "year",
    "years": "year",
}

_LAST = {"letzte", "letzten", "letztem", "letzter", "letztes", "vergangene", "vergangenen"}
_LAST |= {"vergangenem", "vergangener", "vergangenes", "vorige", "vorigen", "vorigem"}
_LAST |= {"voriger", "voriges", "last", "past", "previous"}
_NEXT = {"nächste", "nächsten", "nächstem", "nächster", "nächstes", "kommende", "kommenden"}
_NEXT |= {"kommendem", "kommender", "kommendes", "next", "coming"}
_MONTH_ABBREVIATIONS = {"jan", "feb", "mär", "mrz", "apr", "jun", "jul", "aug", "sep"}
_MONTH_ABBREVIATIONS |= {"sept", "okt", "nov", "dez", "mar", "oct", "dec"}
_THIS = {"diese", "diesen", "diesem", "dieser", "dieses", "this"}
# "vorletztes Jahr", "the year before last": two periods back
_BEFORE_LAST = {"vorletzte", "vorletzten", "vorletztem", "vorletzter", "vorletztes"}
_BEFORE_LAST |= {"before last"}
_AFTER_NEXT = {"übernächste", "übernächsten", "übernächstem", "übernächster", "übernächstes"}


def _words(names: dict[str, int] | set[str]) -> str:
    return "|".join(sorted(names, key=len, reverse=True))


_MOD = _words(_LAST | _NEXT | _THIS | _AFTER_NEXT)
# "vorletzten Sommer": the one before the last (a season only; "vorletzte Woche" is a period's)
_SEASON_MOD = _words(_LAST | _NEXT | _THIS | _AFTER_NEXT | (_BEFORE_LAST - {"before last"}))


def _month_pattern(lang: str) -> str:
    """Month names; only an abbreviation takes a full stop ("3. Jan." but "1. Juli.")."""
    names = set(_MONTHS[lang])
    full = _words(names - _MONTH_ABBREVIATIONS)
    short = _words(names & _MONTH_ABBREVIATIONS)
    return rf"(?:(?:{full})\b|(?:{short})\b\.?)"


_MONTH_DE = _month_pattern("de")
_MONTH_EN = _month_pattern("en")
# the month names of both languages, for constructions that date what they say
MONTH_NAMES = rf"(?:{_MONTH_DE}|{_MONTH_EN})"
_WEEKDAY_DE = _words(_WEEKDAYS["de"])
_WEEKDAY_EN = _words(_WEEKDAYS["en"])
_NUM_DE = number_pattern("de")
_NUM_EN = number_pattern("en")
_UNIT_DE = (
    r"(?:minuten|minute|stunden|stunde|tagen|tage|tag|wochen|woche|monaten|monate|monat"
    r"|jahren|jahre|jahr)"
)
_UNIT_EN = (
    r"(?:minutes|mins|hours|hour|hrs|days|day|weeks|week|wks|wk|fortnights|fortnight|months"
    r"|month|mths|years|year|yrs|yr)"
)
_YEAR = r"(?:19|20)\d{2}"
# after a day or a month, a year may be cut to its last two digits: "3rd of sept '22"
_YEAR_WRITTEN = _YEAR + r"|['’]\d{2}\b"

# Prepositions before a time; the relation they give. Matched at the end of the text
# before the core expression, longest first.
_PREFIXES: dict[str, list[tuple[str, Relation]]] = {
    "de": [
        (r"schon\s+seit(?:\s+(?:dem|der|den))?", "since"),
        (r"seit(?:\s+(?:dem|der|den|anfang|mitte|ende))?", "since"),
        (r"ab(?:\s+(?:dem|der|den))?", "from"),
        (r"beginnend(?:\s+(?:am|im|mit))?", "from"),
        (r"von\s+(?:jetzt|heute)\s+an", "from"),
        (r"(?:bis\s+)?spätestens(?:\s+(?:am|bis|zum|im))?", "until"),
        (r"bis(?:\s+(?:zum|zur|am|in\s+den|in\s+die|ende|anfang|mitte))?", "until"),
        (r"vor(?:\s+(?:dem|der|den))?", "until"),
        (r"während(?:\s+(?:des|der|dem))?", "during"),
        (r"im\s+laufe(?:\s+(?:des|der))?", "during"),
        (r"übers|über(?:\s+(?:das|die|den))?", "during"),
        (r"am|im|an|um|zum|zur|für|in|vom|von|zu", "at"),
    ],
    "en": [
        # (with the article a time of its own may lack: "since the thursday before last")
        (r"(?:ever\s+)?since(?:\s+the)?", "since"),
        (r"starting(?:\s+(?:on|in|from|at))?|beginning(?:\s+(?:on|in|at))?", "from"),
        (r"as\s+of|effective(?:\s+from)?|from(?:\s+the)?", "from"),
        (r"no\s+later\s+than|until|till|til|by|before", "until"),
        (r"during|throughout|over", "during"),
        (r"on|in|at|for|around", "at"),
    ],
}
# A hedge between the preposition and its time leaves the date as it is: "seit so ungefähr
# Januar", "vor genau fünf Wochen", "since like january", "for about a year".
_HEDGES = {
    "de": r"(?:so\s+)?(?:ungefähr|etwa|ca\.?|circa|knapp|fast|gut|genau|rund|so)",
    "en": r"(?:like|about|around|almost|nearly|roughly|approximately|exactly|just|only)"
    r"(?:\s+(?:about|around))?",
}
_PREFIX_RE = {
    lang: re.compile(
        r"(?:^|(?<=[\s(\"'„“,;:]))(?:"
        + "|".join(f"(?P<p{i}>{pattern})" for i, (pattern, _) in enumerate(prefixes))
        + r")(?:,?\s+"
        + _HEDGES[lang]
        + r",?)?\s+$",
        re.IGNORECASE,
    )
    for lang, prefixes in _PREFIXES.items()
}

_PAST_CUES = {
    "de": re.compile(
        r"(?i:\b(?:war|waren|warst|wart|hatte|hatten|hattest|wurde|wurden|gewesen|ging|gingen"
        r"|kam|kamen|zog|zogen|fing|begann|begannen|starb|heiratete|heirateten|damals|früher"
        r"|gestern|vorgestern|letzte[nmrs]?|vergangene[nmrs]?|geboren)\b)"
        # a perfect: an auxiliary, then a lowercase past participle ("bin … gezogen", "hab
        # … angefangen"), except participles that announce plans ("geplant", "eingeladen")
        # (within a bounded distance on the line, so a long text costs linear time; full
        # stops may lie between, as in "sind am 15.08. … gezogen"; the south drops the "e":
        # "hab i … angfangen", "is … gwesen")
        r"|(?i:\b(?:hab|habe|hast|hat|haben|habt|bin|bist|ist|sind|seid)\b)[^!?\n]{0,120}?"
        r"\b(?!vergessen|geplant|vorgenommen|eingeladen|angemeldet|gebucht|vereinbart"
        r"|ausgemacht|abgemacht|verabredet)[a-zäöü]*(?:ge|g(?=[fmswhlnrbdkpz]))[a-zäöüß]{2,}(?:t|en)\b"
        # a weak verb's participle with an inseparable prefix has no "ge" ("hab mir am Sonntag
        # das Handgelenk verstaucht", "hat sich verletzt"; not what is booked ahead), closing
        # its clause as a participle does ("hab ich schon erledigt drittens …, der wird am
        # Samstag 65" runs on into what is ahead)
        r"|(?i:\b(?:hab|habe|hast|hat|haben|habt|bin|bist|ist|sind|seid)\b)[^!?\n]{0,120}?"
        r"\b(?!bestellt|beantragt|verabredet|vereinbart|versprochen)"
        r"(?:be|ver|er|zer|ent|emp|miss)[a-zäöüß]{3,}t(?=\s*(?:[,.;:)]|$|(?:und|aber|weil)\b))",
    ),
    "en": re.compile(
        r"\b(?:was|were|had|did|went|got|came|began|became|left|met|bought|sold|quit|born"
        # irregular pasts of life events ("took up pottery in May", "won the cup in June")
        r"|took|gave|spent|won|drove|flew|wrote|grew|paid|built|caught|brought"
        r"|ago|yesterday|last|used\s+to|(?:'ve|’ve|have|has)\s+been"
        # "he's been at it for 5 years": 's before "been" is "has"
        r"|(?:he|she|it|who|that)['’]s\s+been"
        # "back in march", "back in 2019": a time told as past, whatever the tense
        r"|back\s+(?:in|on|at)"
        # a perfect: "i've lived in Bristol for ten years", "she has worked there"
        r"|(?:'ve|’ve|\bhave|\bhas)\s+(?:\w+\s+)?[a-z]{2,}ed"
        # life events told in the simple past, whatever the subject ("Priya started ...")
        r"|started|moved|joined|adopted|married|graduated|switched|changed|retired|finished"
        r"|stopped|divorced|enrolled|arrived|passed\s+away|died|turned"
        # an irregular past with its subject ("I gave up meat at new year")
        r"|(?:i|we|he|she|they)\s+(?:just\s+|finally\s+)?(?:gave|lost|broke|fell|found|ate|drank)"
        r")\b"
        # a person did something: "I moved", "we just adopted"; not "we are booked"
        r"|\b(?:i|we|he|she|they|you)\s+(?:(?!am\b|is\b|are\b|will\b|would\b|'ll\b)\w+\s+)?"
        r"(?!need|speed|feed|seed|proceed|exceed|succeed|indeed)[a-z]{2,}ed\b",
        re.IGNORECASE,
    ),
}


# "I've been there six years"; chat drops the subject and the auxiliary ("…, been there 6 yrs")
_ONGOING = re.compile(
    r"(?:'ve|’ve|\bhave|\bhas|\b(?:he|she|it|who|that)['’]s)\s+been\b"
    r"|(?:^|[,;.]\s*|\b(?:and|but)\s+)been\b(?!\s+to\b)",  # (not a visit: "been to Spain")
    re.IGNORECASE,
)

# Where one clause of a sentence ends and the next begins: punctuation and the conjunctions
# that join clauses. Each clause with a verb of its own has its own tense.
_CLAUSE_BREAK = re.compile(
    r"[,;:!?()–—]|\s-\s|\b(?:und|and|aber|but|sondern|denn|weil|because|cos|also|so)\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"[^\W\d_][\w'’-]*")


def _clause_span(text: str, start: int, end: int) -> tuple[int, int]:
    """The clause around ``text[start:end]``: from the last break before it to the next."""
    opening = max((m.end() for m in _CLAUSE_BREAK.finditer(text, 0, start)), default=0)
    closing = _CLAUSE_BREAK.search(text, end)
    return opening, closing.start() if closing else len(text)


def _has_full_verb(text: str, lang: str) -> bool:
    """Whether a clause holds a verb other than an auxiliary or a modal (STTS and CLAWS5 both
    tag full verbs VV…): "Malte zieht im Januar nach Wien" has its own tense, "Ich hab im
    März" waits for the participle a later clause brings."""
    return any(part_of_speech(w, lang=lang).startswith("VV") for w in _WORD.findall(text))


# ---------------------------------------------------------------------------- candidates


class _Context:
    """What a rule may consult: the anchor, the language and two tense cues of the text —
    `past` (it looks back) and `ongoing` (a perfect reaching into the present, "I've
    been"). The cues are read only when a rule asks for them."""

    __slots__ = ("anchor", "lang", "_text", "_past", "_ongoing")

    def __init__(self, *, anchor: datetime, lang: str, text: str) -> None:
        self.anchor, self.lang, self._text = anchor, lang, text
        self._past: bool | None = None
        self._ongoing: bool | None = None

    @property
    def past(self) -> bool:
        if self._past is None:
            self._past = _PAST_CUES[self.lang].search(self._text) is not None
        return self._past

    @property
    def ongoing(self) -> bool:
        if self._ongoing is None:
            self._ongoing = _ONGOING.search(self._text) is not None
        return self._ongoing

    def within(self, start: int, end: int) -> _Context:
        """The context for a time said at ``text[start:end]``: its own clause's tense when the
        sentence looks back but that clause has a full verb of its own ("Malte zieht im
        Januar nach Wien, hat da nen Job gefunden": the move is the coming January), else
        the sentence's."""
        if not self.past:
            return self
        opening, closing = _clause_span(self._text, start, end)
        clause = self._text[opening:closing]
        if (opening, closing) == (0, len(self._text)) or not _has_full_verb(clause, self.lang):
            return self
        return _Context(anchor=self.anchor, lang=self.lang, text=clause)


@dataclass(frozen=True, slots=True)
class _Period:
    start: datetime
    granularity: Granularity
    last: datetime | None = None  # a range's last unit ("bis 5. Mai"); else the start's


@dataclass(frozen=True, slots=True)
class _Candidate:
    start: int
    end: int
    relation: Relation
    period: _Period
    rank: int  # lower wins among equally long overlapping candidates


# A rule reads one match: given the relation from its preposition (or None when there is
# none) it returns the period and the relation, or None when the match names no date.
_Resolved = tuple[_Period, Relation] | None
Rule = Callable[[re.Match[str], Relation | None, _Context], _Resolved]


def _day(ctx: _Context, value: date, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(value.year, value.month, value.day, hour, minute, tzinfo=ctx.anchor.tzinfo)


def _direction(relation: Relation | None, ctx: _Context) -> Direction:
    if relation in {"since", "ago"}:
        return "past"
    if relation in {"from", "until"}:
        return "future"
    return "past" if ctx.past else "future"


def _safe_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _year(text: str | None, ctx: _Context | None = None) -> int | None:
    """A written year; two digits are this century's unless that lies more than ten years
    ahead of the speaker ("geboren 30.11.91" is 1991, "bis 31.12.27" is 2027)."""
    if not text:
        return None
    value = int(text.lstrip("'’"))
    if value >= 100:
        return value
    if ctx is not None and value + 2000 > ctx.anchor.year + 10:
        return value + 1900
    return value + 2000


def _nearest_day(month: int, day: int, direction: Direction, ctx: _Context) -> date | None:
    """The latest such day up to today, or the first from today on (29 Feb: within 8 years)."""
    today = ctx.anchor.date()
    step = -1 if direction == "past" else 1
    for offset in range(9):
        candidate = _safe_date(today.year + step * offset, month, day)
        if candidate is None:
            continue
        if (candidate <= today) if direction == "past" else (candidate >= today):
            return candidate
    return None


def _nearest_month(month: int, direction: Direction, ctx: _Context) -> int:
    """The year of the nearest `month`: the latest started one, or the current/coming one."""
    today = ctx.anchor.date()
    if direction == "past":
        return today.year if month <= today.month else today.year - 1
    return today.year if month >= today.month else today.year + 1


def _weekday(target: int, modifier: str, direction: Direction, ctx: _Context) -> date:
    today = ctx.anchor.date()
    if modifier in _THIS:
        return today - timedelta(days=today.weekday()) + timedelta(days=target)
    if modifier in _BEFORE_LAST:
        # "vorletzten Donnerstag", "the tuesday before last": a week before the last one
        return _weekday(target, "letzten", direction, ctx) - timedelta(days=7)
    if modifier in _LAST or (not modifier and direction == "past"):
        return today - timedelta(days=(today.weekday() - target - 1) % 7 + 1)
    ahead = today + timedelta(days=(target - today.weekday() - 1) % 7 + 1)
    return ahead + timedelta(days=7) if modifier in _AFTER_NEXT else ahead


def _shift_months(value: date, months: int) -> date:
    index = value.year * 12 + value.month - 1 + months
    return date(index // 12, index % 12 + 1, 1)


def _period_start(value: date, unit: str) -> date:
    if unit == "week":
        return value - timedelta(days=value.weekday())
    if unit == "month":
        return value.replace(day=1)
    if unit == "year":
        return value.replace(month=1, day=1)
    return value


# ---------------------------------------------------------------------------- rules


def _rule_iso(m: re.Match[str], relation: Relation | None, ctx: _Context) -> _Resolved:
    value = _safe_date(int(m["y"]), int(m["mo"]), int(m["d"]))
    return None if value is None else (_Period(_day(ctx, value), "day"), relation or "at")


def _american(ctx: _Context) -> bool:
    """Whether the speaker writes from the Americas (by the message's UTC offset), where a
    slashed date puts the month first."""
    offset = ctx.anchor.utcoffset()
    return offset is not None and offset <= timedelta(hours=-3)


def _rule_numeric(m: re.Match[str], relation: Relation | None, ctx: _Context) -> _Resolved:
    day, month = int(m["d"]), int(m["mo"])
    # "8/12/2021" is 12 August in Tulsa and 8 December in Leeds; "7/19/2015" only the former
    if m["sep"] == "/" and (month > 12 >= day or (day <= 12 and _american(ctx))):
        day, month = month, day
    year = _year(m["y"], ctx)
    if year is not None:
        value = _safe_date(year, month, day)
    else:
        value = _nearest_day(month, day, _direction(relation, ctx), ctx)
    return None if value is None else (_Period(_day(ctx, value), "day"), relation or "at")


def _rule_slashed_day(m: re.Match[str], relation: Relation | None, ctx: _Context) -> _Resolved:
    """ "dentist 3/12 at 9:15", "by 4/18": a day and month with one slash and no year is a
    date only with a preposition or a clock time beside it (not "3/4 cup", "24/7"); written
    in the Americas the month comes first. "due 6/30" says a date too, and a pair that is a
    date only one way round ("06/30") is read that way."""
    due = rx.search(r"(?i)\bdue\s*$", m.string[: m.start()])
    if relation is None and m["clock"] is None and due is None:
        return None
    first, second = int(m["a"]), int(m["b"])
    month, day = (first, second) if _american(ctx) else (second, first)
    if month > 12 >= day:
        month, day = day, month
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return None
    value = _nearest_day(month, day, _direction(relation, ctx), ctx)
    return None if value is None else (_Period(_day(ctx, value), "day"), relation or "at")


def _year_named_after(m: re.Match[str], ctx: _Context) -> int | None:
    """The year "letzten Jahres"/"last year" after a day or a month names, if any."""
    modifier = (m.groupdict().get("ymod") or "").lower()
    if not modifier:
        return None
    return ctx.anchor.year + (-1 if modifier in _LAST else 1 if modifier in _NEXT else 0)


def _rule_day_month(m: re.Match[str], relation: Relation | None, ctx: _Context) -> _Resolved:
    month = _MONTHS[ctx.lang][m["mon"].lower().rstrip(".")]
    day = int(m["d"])
    year = _year(m["y"], ctx) or _year_named_after(m, ctx)
    if year is not None:
        value = _safe_date(year, month, day)
    else:
        value = _nearest_day(month, day, _direction(relation, ctx), ctx)
    return None if value is None else (_Period(_day(ctx, value), "day"), relation or "at")


def _rule_day_of_month(m: re.Match[str], relation: Relation | None, ctx: _Context) -> _Resolved:
    # "on the 1st": this month's, or the neighbouring month's when that one is meant.
    day = int(m["d"])
    today = ctx.anchor.date()
    direction = _direction(relation, ctx)
    base = today.replace(day=1)
    for shift in (0, -1, 1) if direction == "past" else (0, 1, -1):
        month_start = _shift_months(base, shift)
        value = _safe_date(month_start.year, month_start.month, day)
        if value is None:
            continue
        if (direction == "past" and value <= today) or (direction == "future" and value >= today):
            return _Period(_day(ctx, value), "day"), relation or "at"
    return None


def _rule_bare_day_of_month(
    m: re.Match[str], relation: Relation | None, ctx: _Context
) -> _Resolved:
    # "am 3." / "seit dem 1." without a month: only after a preposition.
    if relation is None:
        return None
    return _rule_day_of_month(m, relation, ctx)


def _rule_day_of_relative_month(
    m: re.Match[str], relation: Relation | None, ctx: _Context
) -> _Resolved:
    # "seit dem 15. letzten Monats", "on the 3rd of next month": that day of the month named
    modifier = m["mod"].lower()
    shift = -1 if modifier in _LAST else 1 if modifier in _NEXT else 0
    month_start = _shift_months(ctx.anchor.date().replace(day=1), shift)
    value = _safe_date(month_start.year, month_start.month, int(m["d"]))
    if value is None:
        return None
    return _Period(_day(ctx, value), "day"), relation or "at"


def _rule_month(m: re.Match[str], relation: Relation | None, ctx: _Context) -> _Resolved:
    if relation is None and not m["y"] and not m["mod"]:
        return None  # a bare "Mai"/"August" is too often a name or a word
    month = _MONTHS[ctx.lang][m["mon"].lower().rstrip(".")]
    if m["mon"] == "may" and relation is None:
        return None  # "this may be", "you may"
    # "an Jan", "mit Aug" are names; written lower case after "since/seit" a month ("been
    # there since jan") is what chat writes
    abbreviated = m["mon"].lower().rstrip(".") in _MONTH_ABBREVIATIONS and not m["y"]
    if abbreviated and (relation is None or not m["mon"].islower()):
        return None
    year = _year(m["y"], ctx) or _year_named_after(m, ctx)
    if year is None:
        modifier = (m["mod"] or "").lower()
        if modifier in _LAST:
            year = ctx.anchor.year if month < ctx.anchor.month else ctx.anchor.year - 1
        elif modifier in _NEXT:
            year = ctx.anchor.year if month > ctx.anchor.month else ctx.anchor.year + 1
        else:
            year = _nearest_month(month, _direction(relation, ctx), ctx)
    return _Period(_day(ctx, date(year, month, 1)), "month"), relation or "at"


def _rule_year(m: re.Match[str], relation: Relation | None, ctx: _Context) -> _Resolved:
    # a bare number could be anything, but not before a participle ("2019 diagnostiziert",
    # "2021 übernommen"): that says when it happened
    participle = m.groupdict().get("pp")
    dated = participle is not None and part_of_speech(participle, lang=ctx.lang) == "VV(PP)"
    if relation is None and not m["lead"] and not dated and not _year_of_a_perfect(m, ctx):
        return None
    return _Period(_day(ctx, date(int(m["y"]), 1, 1)), "year"), relation or "at"


# the most words between a year and the participle closing its German clause
PERFECT_REACH = 6


def _year_of_a_perfect(m: re.Match[str], ctx: _Context) -> bool:
    """Whether a German clause closed by a past participle says the year is when it happened
    ("wir sind 2020 nach Lindau gezogen", "2019 haben wir in Kiel geheiratet"); not a
    count of something ("hab 2020 Euro bezahlt": a noun right after the number)."""
    if ctx.lang != "de":
        return False
    clause = re.match(r"[^,.;:!?()]*", m.string[m.end() :]).group(0)
    clause = re.split(r"(?i)\b(?:und|aber|oder|denn|weil|dass|sondern)\b", clause)[0]
    words = re.findall(r"[^\W\d_]+", clause)
    if not words or len(words) > PERFECT_REACH + 1:
        return False
    if part_of_speech(words[0], lang="de").startswith("NN"):
        return False
    return part_of_speech(words[-1], lang="de") == "VV(PP)"


def _rule_short_year(m: re.Match[str], relation: Relation | None, ctx: _Context) -> _Resolved:
    """ "since '09", "seit '15": a year written with its last two digits, in the century that
    keeps it from lying ahead of the speaker."""
    if relation is None:
        return None  # "'09" alone may be anything ("the '90s", a score)
    year = 2000 + int(m["yy"])
    if year > ctx.anchor.year:
        year -= 100
    return _Period(_day(ctx, date(year, 1, 1)), "year"), relation


def _rule_weekday(m: re.Match[str], relation: Relation | None, ctx: _Context) -> _Resolved:
    target = _WEEKDAYS[ctx.lang][m["wd"].lower()]
    modifier = (m["mod"] or m.groupdict().get("before") or "").lower()
    modifier = " ".join(modifier.split())
    further = " ".join((m.groupdict().get("before") or "").lower().split())
    if further == "after next" or further == "but one" and modifier in _NEXT:
        modifier = "übernächsten"
    elif further == "but one" and modifier in _LAST:
        modifier = "vorletzten"
    value = _weekday(target, modifier, _direction(relation, ctx), ctx)
    part = (m["part"] or "").lower()
    if part:
        return _Period(_day(ctx, value, _DAYPARTS[part]), "hour"), relation or "at"
    return _Period(_day(ctx, value), "day"), relation or "at"


def _rule_weekend(m: re.Match[str], relation: Relation | None, ctx: _Context) -> _Resolved:
    modifier = (m["mod"] or "").lower()
    if not modifier and relation is None:
        return None
    today = ctx.anchor.date()
    saturday = today - timedelta(days=today.weekday()) + timedelta(days=5)
    weekend_now = today.weekday() >= 5
    looking_back = not modifier and _direction(relation, ctx) == "past" and not weekend_now
    if modifier in _LAST or looking_back:
        saturday -= timedelta(days=7)
    elif modifier in _NEXT and weekend_now or modifier in _AFTER_NEXT:
        saturday += timedelta(days=7)
    return _Period(_day(ctx, saturday), "day"), relation or "at"


_RELATIVE_DAYS = {
    "vorgestern": -2,
    "gestern": -1,
    "heute": 0,
    "heut": 0,
    "morgen": 1,
    "übermorgen": 2,
    "the day before yesterday": -2,
    "yesterday": -1,
    "today": 0,
    "tonight": 0,
    "tomorrow": 1,
    "tmrw": 1,
    "tmr": 1,
    "the day after tomorrow": 2,
    "last night": -1,
    "letzte nacht": -1,
}


def _rule_relative_day(m: re.Match[str], relation: Relation | None, ctx: _Context) -> _Resolved:
    word = " ".join(m["rel"].lower().split())
    value = ctx.anchor.date() + timedelta(days=_RELATIVE_DAYS[word])
    part = (m["part"] or "").lower()
    if word == "tonight":
        part = "evening"
    elif word in {"last night", "letzte nacht"}:
        part = "night"
    if part:
        return _Period(_day(ctx, value, _DAYPARTS[part]), "hour"), relation or "at"
    return _Period(_day(ctx, value), "day"), relation or "at"


def _rule_this_daypart(m: re.Match[str], relation: Relation | None, ctx: _Context) -> _Resolved:
    hour = _DAYPARTS[m["part"].lower()]
    return _Period(_day(ctx, ctx.anchor.date(), hour), "hour"), relation or "at"


def _rule_now(m: re.Match[str], relation: Relation | None, ctx: _Context) -> _Resolved:
    start = ctx.anchor.replace(second=0, microsecond=0)
    return _Period(start, "minute"), "from"


def _rule_relative_period(m: re.Match[str], relation: Relation | None, ctx: _Context) -> _Resolved:
    modifier = " ".join(m["mod"].lower().split())
    unit = _UNITS[m["unit"].lower()]
    step = -1 if modifier in _LAST else 2 if modifier in _AFTER_NEXT else 1
    if modifier in _BEFORE_LAST:
        step = -2
    if modifier in _THIS:
        step = 0
    today = ctx.anchor.date()
    if unit == "week":
        value = _period_start(today, "week") + timedelta(weeks=step)
    elif unit == "month":
        value = _shift_months(today, step)
    else:
        value = date(today.year + step, 1, 1)
    return _Period(_day(ctx, value), unit), relation or "at"


def _week_start(modifier: str, ctx: _Context) -> date:
    step = -1 if modifier in _LAST else 2 if modifier in _AFTER_NEXT else 1
    if not modifier or modifier in _THIS:
        step = 0
    return _period_start(ctx.anchor.date(), "week") + timedelta(weeks=step)


def _rule_weekday_of_week(m: re.Match[str], relation: Relation | None, ctx: _Context) -> _Resolved:
    # "Dienstag nächste Woche", "next week Tuesday": that week's day.
    target = _WEEKDAYS[ctx.lang][(m["wd"] or m["wd2"]).lower()]
    value = _week_start((m["mod"] or m["mod2"]).lower(), ctx) + timedelta(days=target)
    return _Period(_day(ctx, value), "day"), relation or "at"


def _rule_period_part(m: re.Match[str], relation: Relation | None, ctx: _Context) -> _Resolved:
    # "Ende des Jahres", "Anfang nächster Woche", "by the end of the month", "early next
    # year": the period itself, at its own granularity (as "Anfang Mai" is May).
    unit = _UNITS[m["unit"].lower()]
    modifier = (m["mod"] or "").lower()
    today = ctx.anchor.date()
    step = -1 if modifier in _LAST else 2 if modifier in _AFTER_NEXT else 1 if modifier else 0
    if modifier in _THIS:
        step = 0
    if unit == "week":
        value = _week_start(modifier, ctx)
    elif unit == "month":
        value = _shift_months(today, step)
    else:
        value = date(today.year + step, 1, 1)
    return _Period(_day(ctx, value), unit), relation or "at"


def _rule_day_range(m: re.Match[str], relation: Relation | None, ctx: _Context) -> _Resolved:
    # "vom 3. bis 5. Mai", "3.-5. Mai", "May 3-5", "from 3 to 5 May": one period spanning
    # both days, relation "during"; the month of the first day follows the second's unless
    # it names its own ("vom 28. April bis 3. Mai").
    groups = m.groupdict()
    names = [groups.get(key) for key in ("mon", "mon2", "mon1")]
    last_name = next((name for name in names if name), None)
    if last_name is None:
        return None  # "from 9 to 5", "3-5 days"
    month = _MONTHS[ctx.lang][last_name.lower().rstrip(".")]
    first_month = _MONTHS[ctx.lang][m["mon1"].lower().rstrip(".")] if m["mon1"] else month
    first_day, last_day = int(m["d1"]), int(m["d"])
    year = _year(m["y"], ctx)
    if year is None:
        first = _nearest_day(first_month, first_day, _direction(relation, ctx), ctx)
        year = first.year if first else None
    if year is None:
        return None
    first = _safe_date(year, first_month, first_day)
    last = _safe_date(year + (1 if month < first_month else 0), month, last_day)
    if first is None or last is None or last < first:
        return None
    return _Period(_day(ctx, first), "day", _day(ctx, last)), "during"


def _rule_fraction_of_year(m: re.Match[str], relation: Relation | None, ctx: _Context) -> _Resolved:
    # "vor einem halben Jahr", "seit anderthalb Jahren", "half a year ago": months.
    lead = (m["lead"] or "").lower()
    months = 18 if m["half"] is None else 6
    if m["ago"] or lead == "vor":
        sign, final = -1, "ago"
    elif lead in {"seit", "since", "for"}:
        sign, final = -1, "since"
    elif lead == "in":
        sign, final = 1, "at"
    else:
        return None
    value = _shift_months(ctx.anchor.date(), sign * months)
    return _Period(_day(ctx, value), "month"), final


def _rule_duration(m: re.Match[str], relation: Relation | None, ctx: _Context) -> _Resolved:
    count = number_value(m["n"], lang=ctx.lang)
    if count is None or count > 200:
        return None
    unit = _UNITS[m["unit"].lower()]
    lead = (m["lead"] or "").lower()
    if m["ago"] or lead == "vor":
        sign, relation = -1, "ago"
    elif (
        lead in {"seit", "since"}
        or relation == "since"
        or (lead == "for" and (ctx.past or ctx.ongoing))
        or (not lead and relation is None and unit in {"week", "month", "year"} and ctx.ongoing)
    ):
        # "I've been at Ocado three years": a perfect with a bare count says since when, as
        # does chat's "…, been doing it for 6 years" without its subject and auxiliary.
        sign, relation = -1, "since"
    elif lead == "in" or m["later"]:
        sign, relation = 1, "at"
    else:
        return None
    if unit in {"month", "year"}:
        months = count * (12 if unit == "year" else 1) * sign
        value = _shift_months(ctx.anchor.date(), months)
        return _Period(_day(ctx, _period_start(value, unit)), unit), relation
    delta = {
        "minute": timedelta(minutes=1),
        "hour": timedelta(hours=1),
        "week": timedelta(weeks=1),
        "fortnight": timedelta(weeks=2),
    }.get(unit, timedelta(days=1))
    moment = ctx.anchor + sign * count * delta
    if unit == "minute":
        return _Period(moment.replace(second=0, microsecond=0), "minute"), relation
    if unit == "hour":
        return _Period(moment.replace(minute=0, second=0, microsecond=0), "hour"), relation
    return _Period(_day(ctx, moment.date()), "day"), relation


def _rule_ago_this(m: re.Match[str], relation: Relation | None, ctx: _Context) -> _Resolved:
    """ "2 yrs ago this month", "a year ago today": the same month or day, years back."""
    count = number_value(m["n"], lang=ctx.lang)
    if count is None or count > 100:
        return None
    today = ctx.anchor.date()
    if m["this"].lower() == "today":
        day = _safe_date(today.year - count, today.month, today.day)
        return (_Period(_day(ctx, day), "day"), "ago") if day else None
    return _Period(_day(ctx, _shift_months(today, -12 * count)), "month"), "ago"


def _rule_weekday_weeks_ago(
    m: re.Match[str], relation: Relation | None, ctx: _Context
) -> _Resolved:
    """ "a fortnight ago monday", "two weeks ago on friday", "vor zwei Wochen am Montag",
    "Montag vor einer Woche": that weekday in the week so many weeks back."""
    said = (m["n"] or "a").lower()
    count = 1 if said in ("a", "one", "einer") else number_value(said, lang=ctx.lang)
    if count is None or count > 52:
        return None
    weeks = count * (2 if "fortnight" in m.group(0).lower() else 1)
    week = _period_start(ctx.anchor.date() - timedelta(weeks=weeks), "week")
    day = week + timedelta(days=_WEEKDAYS[ctx.lang][(m["wd"] or m["wd2"]).lower()])
    return _Period(_day(ctx, day), "day"), "ago"


def _rule_weekdays_ago(m: re.Match[str], relation: Relation | None, ctx: _Context) -> _Resolved:
    """ "two Fridays ago", "vor zwei Freitagen": the weekday counted back from the last one
    before today."""
    said = m["n"].lower()
    count = 1 if said in ("a", "one", "einem") else number_value(said, lang=ctx.lang)
    if count is None or not 1 <= count <= 10:
        return None
    today = ctx.anchor.date()
    target = _WEEKDAYS[ctx.lang][m["wd"].lower()]
    last = today - timedelta(days=(today.weekday() - target) % 7 or 7)
    return _Period(_day(ctx, last - timedelta(weeks=count - 1)), "day"), "ago"


def _recurring_period(
    first: int, months: int, modifier: str, relation: Relation | None, ctx: _Context
) -> date:
    """Start of a yearly period (season, semester) beginning in month `first`.

    The latest one started is the reference; "letzten/last" is the one before it when it is
    still under way, "nächsten/next" the one after it, "diesen/this" the one in this
    calendar year (or the one under way); without a modifier a period under way is meant,
    otherwise the latest (looking back) or the coming one.
    """
    today = ctx.anchor.date()
    started = date(today.year if today.month >= first else today.year - 1, first, 1)
    ongoing = _shift_months(started, months) > today
    following = _shift_months(started, 12)
    if modifier in _LAST:
        return _shift_months(started, -12) if ongoing else started
    if modifier in _BEFORE_LAST:
        return _shift_months(started, -24 if ongoing else -12)
    if modifier in _NEXT or modifier in _AFTER_NEXT:
        return following
    if modifier in _THIS:
        return started if ongoing or started.year == today.year else following
    if ongoing or _direction(relation, ctx) == "past":
        return started
    return following


def _rule_season(m: re.Match[str], relation: Relation | None, ctx: _Context) -> _Resolved:
    # "the summer before last" says its modifier after the season
    modifier = "before last" if m.groupdict().get("before") else (m["mod"] or "").lower()
    if relation is None and not modifier and not m["y"]:
        return None
    first = _SEASONS[m["season"].lower()]
    if m["y"]:
        value = date(int(m["y"]), first, 1)
    else:
        value = _recurring_period(first, 3, modifier, relation, ctx)
    return _Period(_day(ctx, value), "month"), relation or "at"


def _rule_semester(m: re.Match[str], relation: Relation | None, ctx: _Context) -> _Resolved:
    first = 10 if m["kind"].lower().startswith("wi") else 4
    if m["y"]:
        value = date(_year(m["y"]) or 0, first, 1)
    else:
        value = _recurring_period(first, 6, (m["mod"] or "").lower(), relation, ctx)
    return _Period(_day(ctx, value), "month"), relation or "at"


def _easter(year: int) -> date:
    # Anonymous Gregorian algorithm (Meeus/Jones/Butcher).
    a, b, c = year % 19, year // 100, year % 100
    d, e = b // 4, b % 4
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    l_ = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * l_) // 451
    month = (h + l_ - 7 * m + 114) // 31
    return date(year, month, (h + l_ - 7 * m + 114) % 31 + 1)


def _nth_weekday(year: int, month: int, weekday: int, n: int) -> date:
    """The `n`-th `weekday` of a month (Monday 0); `n` = -1 is the last one."""
    if n > 0:
        first = date(year, month, 1)
        return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))
    following = _shift_months(date(year, month, 1), 1)
    last = following - timedelta(days=1)
    return last - timedelta(days=(last.weekday() - weekday) % 7)


def _after_easter(days: int) -> Callable[[int], date]:
    return lambda y: _easter(y) + timedelta(days=days)


def _fixed(month: int, day: int) -> Callable[[int], date]:
    return lambda y: date(y, month, day)


# A holiday's day in a given year. Moveable feasts hang on Easter; the US days on a weekday of
# their month ("on labor day" is the first Monday of September).
_HOLIDAYS: dict[str, Callable[[int], date]] = {
    "heiligabend": _fixed(12, 24),
    "weihnachten": _fixed(12, 24),
    "silvester": _fixed(12, 31),
    "neujahr": _fixed(1, 1),
    "valentinstag": _fixed(2, 14),
    "ostern": _easter,
    "ostersonntag": _easter,
    "ostermontag": _after_easter(1),
    "karfreitag": _after_easter(-2),
    "gründonnerstag": _after_easter(-3),
    "pfingsten": _after_easter(49),
    "pfingstsonntag": _after_easter(49),
    "pfingstmontag": _after_easter(50),
    "himmelfahrt": _after_easter(39),
    "christi himmelfahrt": _after_easter(39),
    "vatertag": _after_easter(39),
    "fronleichnam": _after_easter(60),
    "weiberfastnacht": _after_easter(-52),
    "rosenmontag": _after_easter(-48),
    "faschingsdienstag": _after_easter(-47),
    # the carnival itself, by its regional names ("seit Fasching", "seit fasnet"): it ends
    # on Shrove Tuesday, the day a time since then is counted from
    "fasching": _after_easter(-47),
    "fastnacht": _after_easter(-47),
    "fasnacht": _after_easter(-47),
    "fassenacht": _after_easter(-47),
    "fasnet": _after_easter(-47),
    "karneval": _after_easter(-47),
    "aschermittwoch": _after_easter(-46),
    "allerheiligen": _fixed(11, 1),
    "allerseelen": _fixed(11, 2),
    "reformationstag": _fixed(10, 31),
    "tag der deutschen einheit": _fixed(10, 3),
    "nikolaustag": _fixed(12, 6),
    "maifeiertag": _fixed(5, 1),
    "christmas eve": _fixed(12, 24),
    "christmas": _fixed(12, 25),
    "christmas day": _fixed(12, 25),
    "boxing day": _fixed(12, 26),
    "st stephen's day": _fixed(12, 26),
    "new year's eve": _fixed(12, 31),
    "hogmanay": _fixed(12, 31),
    "new year's day": _fixed(1, 1),
    "new year": _fixed(1, 1),
    "new years": _fixed(1, 1),
    "new year's": _fixed(1, 1),
    "valentine's day": _fixed(2, 14),
    "easter": _easter,
    "easter sunday": _easter,
    "easter monday": _after_easter(1),
    "good friday": _after_easter(-2),
    "maundy thursday": _after_easter(-3),
    "shrove tuesday": _after_easter(-47),
    "pancake day": _after_easter(-47),
    "ash wednesday": _after_easter(-46),
    "whitsun": _after_easter(49),
    "pentecost": _after_easter(49),
    "ascension day": _after_easter(39),
    "halloween": _fixed(10, 31),
    "st patrick's day": _fixed(3, 17),
    "paddy's day": _fixed(3, 17),
    "anzac day": _fixed(4, 25),
    "australia day": _fixed(1, 26),
    "canada day": _fixed(7, 1),
    "bonfire night": _fixed(11, 5),
    "guy fawkes night": _fixed(11, 5),
    "burns night": _fixed(1, 25),
    "remembrance day": _fixed(11, 11),
    "veterans day": _fixed(11, 11),
    "independence day": _fixed(7, 4),
    "fourth of july": _fixed(7, 4),
    "labor day": lambda y: _nth_weekday(y, 9, 0, 1),
    "labour day": lambda y: _nth_weekday(y, 9, 0, 1),
    "memorial day": lambda y: _nth_weekday(y, 5, 0, -1),
    "thanksgiving": lambda y: _nth_weekday(y, 11, 3, 4),
    "mother's day": lambda y: _nth_weekday(y, 5, 6, 2),
    "father's day": lambda y: _nth_weekday(y, 6, 6, 3),
    "muttertag": lambda y: _nth_weekday(y, 5, 6, 2),
    "mothering sunday": _after_easter(-21),
    "martin luther king day": lambda y: _nth_weekday(y, 1, 0, 3),
    "presidents day": lambda y: _nth_weekday(y, 2, 0, 3),
    "columbus day": lambda y: _nth_weekday(y, 10, 0, 2),
    "juneteenth": _fixed(6, 19),
    "st david's day": _fixed(3, 1),
    "st andrew's day": _fixed(11, 30),
    "waitangi day": _fixed(2, 6),
    # the UK's bank holidays: May's first and last Mondays, August's last
    "early may bank holiday": lambda y: _nth_weekday(y, 5, 0, 1),
    "may day bank holiday": lambda y: _nth_weekday(y, 5, 0, 1),
    "spring bank holiday": lambda y: _nth_weekday(y, 5, 0, -1),
    "late may bank holiday": lambda y: _nth_weekday(y, 5, 0, -1),
    "whitsun bank holiday": lambda y: _nth_weekday(y, 5, 0, -1),
    "august bank holiday": lambda y: _nth_weekday(y, 8, 0, -1),
    "summer bank holiday": lambda y: _nth_weekday(y, 8, 0, -1),
    # Canada's Victoria Day: the Monday before 25 May
    "victoria day": lambda y: date(y, 5, 24) - timedelta(days=date(y, 5, 24).weekday()),
}
_GERMAN_HOLIDAYS = {
    "heiligabend", "weihnachten", "silvester", "neujahr", "valentinstag", "ostern",
    "ostersonntag", "ostermontag", "karfreitag", "gründonnerstag", "pfingsten",
    "pfingstsonntag", "pfingstmontag", "himmelfahrt", "christi himmelfahrt", "vatertag",
    "fronleichnam", "weiberfastnacht", "rosenmontag", "faschingsdienstag", "aschermittwoch",
    "allerheiligen", "allerseelen", "reformationstag", "tag der deutschen einheit",
    "nikolaustag", "maifeiertag", "fasching", "fastnacht", "fasnacht", "fassenacht", "fasnet",
    "karneval", "muttertag",
}  # fmt: skip
# Other spellings of a holiday's name: "st. patrick's", "saint patricks day"
_HOLIDAY_SPELLINGS = {
    "st. patrick's day": "st patrick's day",
    "saint patrick's day": "st patrick's day",
    "st patricks day": "st patrick's day",
    "paddys day": "paddy's day",
    "st. stephen's day": "st stephen's day",
    "veterans' day": "veterans day",
    "veteran's day": "veterans day",
    "the fourth of july": "fourth of july",
    "4th of july": "fourth of july",
    "thanksgiving day": "thanksgiving",
    "mothers day": "mother's day",
    "fathers day": "father's day",
    "mlk day": "martin luther king day",
    "martin luther king jr day": "martin luther king day",
    "presidents' day": "presidents day",
    "president's day": "presidents day",
    "the may bank holiday": "early may bank holiday",
    "spring bank hol": "spring bank holiday",
    "august bank hol": "august bank holiday",
}


def _holiday_key(name: str) -> str:
    return " ".join(name.lower().replace("’", "").replace("'", "").replace(".", "").split())


_HOLIDAY_KEYS = {_holiday_key(n): n for n in _HOLIDAYS} | {
    _holiday_key(n): k for n, k in _HOLIDAY_SPELLINGS.items()
}


def _holiday_names(lang: str) -> str:
    """The holidays' names as a pattern, longest first, with or without the apostrophe."""
    names = (set(_HOLIDAYS) | set(_HOLIDAY_SPELLINGS)) - _GERMAN_HOLIDAYS
    if lang == "de":
        names = _GERMAN_HOLIDAYS | {"halloween"}
    parts = []
    for name in sorted(names, key=len, reverse=True):
        pattern = re.escape(name).replace("'", "['’]?").replace(r"\ ", r"\s+")
        parts.append(pattern.replace(r"\.", r"\.?"))
    return "|".join(parts)


def _holiday_day(name: str, year: int) -> date:
    return _HOLIDAYS[_HOLIDAY_KEYS[_holiday_key(name)]](year)


def _nearest_holiday(name: str, modifier: str, direction: Direction, ctx: _Context) -> date:
    """The holiday nearest the anchor: the latest one up to today when looking back (or said
    with "letzten"/"last"), else the coming one; "nächsten/next" is never today's."""
    today = ctx.anchor.date()
    past = modifier in _LAST or (not modifier and direction == "past")
    value = _holiday_day(name, today.year)
    if past and value > today:
        value = _holiday_day(name, today.year - 1)
    elif not past and value < today:
        value = _holiday_day(name, today.year + 1)
    if modifier in _NEXT and value <= today:
        value = _holiday_day(name, value.year + 1)
    return value


def _rule_holiday(m: re.Match[str], relation: Relation | None, ctx: _Context) -> _Resolved:
    if m["y"]:
        value = _holiday_day(m["h"], int(m["y"]))
    else:
        modifier = (m["mod"] or "").lower()
        value = _nearest_holiday(m["h"], modifier, _direction(relation, ctx), ctx)
    return _Period(_day(ctx, value), "day"), relation or "at"


def _rule_day_by_holiday(m: re.Match[str], relation: Relation | None, ctx: _Context) -> _Resolved:
    """ "seit dem Dienstag nach Pfingsten", "the monday after easter", "the weekend before
    easter", "the day before labour day": the weekday, weekend or day next to the nearest
    such holiday. A weekend before or
    after a holiday on a weekend is the neighbouring one, not its own."""
    holiday = _nearest_holiday(m["h"], "", _direction(relation, ctx), ctx)
    after = m["dir"].lower() in ("nach", "after")
    if m["day"]:
        value = holiday + timedelta(days=1 if after else -1)
    elif m["wd"]:
        target = _WEEKDAYS[ctx.lang][m["wd"].lower()]
        step = (target - holiday.weekday()) % 7 or 7
        value = holiday + timedelta(days=step if after else step - 7)
    else:
        saturday = holiday - timedelta(
            days=(holiday.weekday() - 5) % 7
        )  # its weekend's, or the one before
        on_weekend = holiday.weekday() >= 5
        if after:
            value = saturday + timedelta(days=7)
        else:
            value = saturday - timedelta(days=7) if on_weekend else saturday
    return _Period(_day(ctx, value), "day"), relation or "at"


def _rule_weekday_a_week_on(
    m: re.Match[str], relation: Relation | None, ctx: _Context
) -> _Resolved:
    """ "thursday week", "a week on friday", "monday fortnight", "Donnerstag in einer Woche":
    the coming such weekday (today's, said on that day) a week or a fortnight later."""
    target = _WEEKDAYS[ctx.lang][(m["wd"] or m["wd2"]).lower()]
    today = ctx.anchor.date()
    said = (m["n"] or "").lower()
    count = 1 if said in ("", "a", "one", "einer") else number_value(said, lang=ctx.lang)
    if count is None or count > 8:
        return None
    unit = (m["unit"] or m["unit2"] or "week").lower()
    weeks = count * (2 if unit.startswith("fortnight") else 1)
    value = today + timedelta(days=(target - today.weekday()) % 7, weeks=weeks)
    return _Period(_day(ctx, value), "day"), relation or "at"


def _rule_day_a_week_off(m: re.Match[str], relation: Relation | None, ctx: _Context) -> _Resolved:
    """ "yesterday week", "a week yesterday" (a week before yesterday), "tomorrow week", "a
    week tomorrow" (a week after tomorrow), "a week today"."""
    word = (m["rel"] or m["rel2"]).lower()
    days = -8 if word == "yesterday" else 8 if word == "tomorrow" else 7
    value = ctx.anchor.date() + timedelta(days=days)
    return _Period(_day(ctx, value), "day"), "ago" if days < 0 else relation or "at"


def _rule_after_next(m: re.Match[str], relation: Relation | None, ctx: _Context) -> _Resolved:
    """ "the week after next", "the weekend after next": two weeks on."""
    today = ctx.anchor.date()
    if m["unit"].lower() == "weekend":
        saturday = today - timedelta(days=today.weekday()) + timedelta(days=5)
        value = saturday + timedelta(days=14 if today.weekday() >= 5 else 7)
        return _Period(_day(ctx, value), "day"), relation or "at"
    value = _period_start(today, "week") + timedelta(weeks=2)
    return _Period(_day(ctx, value), "week"), relation or "at"


def _rule_weekday_abbreviation(
    m: re.Match[str], relation: Relation | None, ctx: _Context
) -> _Resolved:
    """ "last fri", "next tues", "on sat": a shortened weekday with a word that says it is one
    (alone, "sat" and "wed" are verbs and "sun" a noun)."""
    if not m["mod"] and relation is None:
        return None
    target = _WEEKDAY_ABBREVIATIONS[m["wd"].lower().rstrip(".")]
    value = _weekday(target, (m["mod"] or "").lower(), _direction(relation, ctx), ctx)
    return _Period(_day(ctx, value), "day"), relation or "at"


_WEEKDAY_ABBREVIATIONS = {
    "mon": 0, "tue": 1, "tues": 1, "wed": 2, "weds": 2, "thu": 3, "thur": 3, "thurs": 3,
    "fri": 4, "sat": 5, "sun": 6,
}  # fmt: skip


# ---------------------------------------------------------------------------- patterns

_ORD = r"(?:st|nd|rd|th)"
_HOLIDAY_DE = _holiday_names("de")
_HOLIDAY_EN = _holiday_names("en")
# "am 3. März letzten Jahres", "on march 3rd last year": the year named after the day or month
_YEAR_AFTER_DE = (
    r"(?:,?\s+(?P<ymod>letzte[ns]?|vergangene[ns]?|diese[ns]?|nächste[ns]?|kommende[ns]?)"
    r"\s+jahr(?:es|s)?\b)?"
)
_YEAR_AFTER_EN = r"(?:,?\s+(?P<ymod>last|this|next)\s+year\b)?"
_HOLIDAY_EN_OTHER = "|".join(name for name in _HOLIDAY_EN.split("|") if not name.startswith("new"))
_RULES: dict[str, list[tuple[str, Rule]]] = {
    "de": [
        (r"\b(?P<y>\d{4})-(?P<mo>\d{1,2})-(?P<d>\d{1,2})\b", _rule_iso),
        (
            r"\b(?P<d>\d{1,2})(?P<sep>[./])(?P<mo>\d{1,2})(?:\.|/)(?P<y>\d{4}|\d{2})?(?![\d.]\d)",
            _rule_numeric,
        ),
        (
            r"\b(?P<d>\d{1,2})\.?\s*(?P<mon>" + _MONTH_DE + r")(?:\s+(?P<y>" + _YEAR + r"|"
            # "seit dem 1. Oktober 24 in Baunatal": a year of two digits ends the date
            # ("wird am 12. September 80, wir feiern …" is an age)
            r"\d{2}(?=\s+(?:in|im|nach|bei|auf|bis|als|hab|habe|bin|sind|war|waren|haben|ham)"
            r"\b)))?" + _YEAR_AFTER_DE,
            _rule_day_month,
        ),
        (
            r"\b(?:(?P<mod>anfang|mitte|ende|" + _MOD + r")\s+)?(?P<mon>" + _MONTH_DE + r")"
            r"(?:\s+(?P<y>" + _YEAR + r"))?" + _YEAR_AFTER_DE,
            _rule_month,
        ),
        (
            r"\b(?:(?P<lead>anfang|mitte|ende|jahr|jahre)\s+)?(?P<y>" + _YEAR + r")\b"
            r"(?:(?=\s+(?P<pp>[a-zäöüß]{4,})\b))?",
            _rule_year,
        ),
        (r"(?<![\w'’])['’](?P<yy>\d{2})\b(?!['’]?s\b)", _rule_short_year),
        (
            r"\b(?:(?P<mod>" + _MOD + r"|vorletzte[nmrs]?)\s+)?(?P<wd>" + _WEEKDAY_DE + r")"
            r"(?:\s*(?P<part>morgen|vormittag|mittag|nachmittag|abend|nacht)\b)?\b",
            _rule_weekday,
        ),
        (r"\b(?:(?P<mod>" + _MOD + r")\s+|(?P<art>das|dem)\s+)?wochenende\b", _rule_weekend),
        (
            r"(?<!guten\s)\b(?P<rel>vorgestern|gestern|heute|heut|übermorgen|morgen"
            r"|letzte\s+nacht)\b(?:\s+(?P<part>früh|morgen|vormittag|mittag|nachmittag|abend"
            r"|nacht)\b)?",
            _rule_relative_day,
        ),
        (r"\b(?:ab\s+(?:jetzt|sofort)|von\s+jetzt\s+an|ab\s+sofort)\b", _rule_now),
        (
            r"\b(?P<d>\d{1,2})\.\s+(?:des\s+)?(?P<mod>" + _MOD + r")\s+monats\b",
            _rule_day_of_relative_month,
        ),
        (
            r"\b(?P<d>\d{1,2})\.(?=\s*$|\s*[,;!?)–—]|(?-i:\s+[a-zäöüß]))",
            _rule_bare_day_of_month,
        ),
        (
            r"\b(?P<wd>"
            + _WEEKDAY_DE
            + r")\b,?\s+(?:in\s+der\s+)?(?P<mod>"
            + _MOD
            + r")\s+woche\b|\b(?P<mod2>"
            + _MOD
            + r")\s+woche,?\s+(?:am\s+)?(?P<wd2>"
            + _WEEKDAY_DE
            + r")\b",
            _rule_weekday_of_week,
        ),
        (
            r"\b(?:vom\s+)?(?P<d1>\d{1,2})\.\s*(?:(?P<mon1>" + _MONTH_DE + r")\s*)?"
            r"(?:bis(?:\s+zum)?|-|–)\s*(?P<d>\d{1,2})\.\s*(?P<mon>" + _MONTH_DE + r")"
            r"(?:\s+(?P<y>" + _YEAR + r"))?",
            _rule_day_range,
        ),
        (
            r"\b(?P<lead>vor|seit|in)\s+(?:(?P<half>einem\s+halben|einer\s+halben|ein\s+halbes)"
            r"\s+jahr|(?:anderthalb|eineinhalb)\s+jahren?)\b(?P<ago>\s+her\b)?",
            _rule_fraction_of_year,
        ),
        (
            r"\b(?P<part>anfang|mitte|ende)\s+(?:(?:des|der|dieses|dieser|diesen)\s+|(?P<mod>"
            + _MOD
            + r")\s+)?(?P<unit>jahres|jahrs|monats|woche)\b",
            _rule_period_part,
        ),
        (
            r"\b(?P<mod>vorletzte[nmrs]?)\s+(?P<unit>woche|monat|jahr|jahres|monats)\b",
            _rule_relative_period,
        ),
        (
            r"\b(?P<mod>" + _MOD + r")\s+(?P<unit>woche|monat|jahr|jahres|monats)\b",
            _rule_relative_period,
        ),
        (
            r"\bvor\s+(?P<n>" + _NUM_DE + r")\s+(?P<wd>" + _WEEKDAY_DE + r")en\b",
            _rule_weekdays_ago,
        ),
        (
            r"\bvor\s+(?P<n>einer|" + _NUM_DE + r")\s+(?P<unit>wochen?)\s+(?:am\s+)?"
            r"(?P<wd>" + _WEEKDAY_DE + r")\b|\b(?:am\s+)?(?P<wd2>" + _WEEKDAY_DE + r")\s+vor\s+"
            r"(?:einer|" + _NUM_DE + r")\s+wochen?\b",
            _rule_weekday_weeks_ago,
        ),
        (
            # "seit ungefähr zwei Jahren": a hedge on the count still dates at its unit
            r"\b(?:(?P<lead>vor|seit|in)\s+)?(?:" + _HEDGES["de"] + r"\s+)?"
            r"(?P<n>"
            + _NUM_DE
            + r")\s+(?P<unit>"
            + _UNIT_DE
            + r")\b(?P<ago>\s+her\b)?(?P<later>\s+später\b)?",
            _rule_duration,
        ),
        (
            r"\b(?:(?P<mod>" + _SEASON_MOD + r")\s+)?"
            r"(?P<season>frühling|frühjahr|sommer|herbst|winter)"
            r"\b(?!semester)(?:\s+(?P<y>" + _YEAR + r"))?",
            _rule_season,
        ),
        (
            r"\b(?:(?P<mod>" + _MOD + r")\s+)?(?P<kind>wintersemesters?|sommersemesters?|wise|sose"
            r"|ws(?=\s+\d)|ss(?=\s+\d))\b(?:\s+(?P<y>" + _YEAR + r"|\d{2})(?:/\d{2,4})?)?",
            _rule_semester,
        ),
        (
            r"\b(?:(?P<mod>" + _MOD + r")\s+)?(?P<h>" + _HOLIDAY_DE + r")\b"
            r"(?:\s+(?P<y>" + _YEAR + r"))?",
            _rule_holiday,
        ),
        (
            r"\b(?:(?P<wd>" + _WEEKDAY_DE + r")|(?P<we>wochenende)|(?P<day>tag))\s+"
            r"(?P<dir>nach|vor)\s+"
            r"(?:dem\s+|den\s+)?(?P<h>" + _HOLIDAY_DE + r")\b",
            _rule_day_by_holiday,
        ),
        (
            r"\b(?P<wd>" + _WEEKDAY_DE + r")\s+in\s+(?P<n>einer|" + _NUM_DE + r")\s+"
            r"(?P<unit>wochen?)\b",
            _rule_weekday_a_week_on,
        ),
    ],
    "en": [
        (r"\b(?P<y>\d{4})-(?P<mo>\d{1,2})-(?P<d>\d{1,2})\b", _rule_iso),
        (
            r"\b(?P<d>\d{1,2})(?P<sep>[./])(?P<mo>\d{1,2})(?:\.|/)(?P<y>\d{4}|\d{2})?(?![\d.]\d)",
            _rule_numeric,
        ),
        (
            # not "24/7", the idiom
            r"(?<![\d/.])\b(?!24/7\b)(?P<a>\d{1,2})/(?P<b>\d{1,2})\b(?![/\d]|\.\d)"
            r"(?P<clock>(?=\s+(?:at|@)\s+\d))?",
            _rule_slashed_day,
        ),
        (
            r"\b(?:the\s+)?(?P<d>\d{1,2})"
            + _ORD
            + r"?(?:\s+of)?\s+(?P<mon>"
            + _MONTH_EN
            + r")(?:,?\s+(?P<y>"
            + _YEAR_WRITTEN
            + r"))?"
            + _YEAR_AFTER_EN,
            _rule_day_month,
        ),
        (
            r"\b(?P<mon>"
            + _MONTH_EN
            + r")\s*(?:the\s+)?(?P<d>\d{1,2})"
            + _ORD
            + r"?\b(?:,?\s+(?P<y>"
            + _YEAR_WRITTEN
            + r"))?"
            + _YEAR_AFTER_EN,
            _rule_day_month,
        ),
        (
            r"\bthe\s+(?P<d>\d{1,2})" + _ORD + r"?\s+of\s+(?P<mod>" + _MOD + r")\s+month\b",
            _rule_day_of_relative_month,
        ),
        (r"\bthe\s+(?P<d>\d{1,2})" + _ORD + r"\b(?!\s+of\b)", _rule_day_of_month),
        (
            r"\b(?:(?P<mod>early|mid|late|the\s+(?:beginning|start|middle|end)\s+of|"
            + _MOD
            + r")[\s-]+)?(?P<mon>"
            + _MONTH_EN
            + r")(?:,?\s+(?P<y>"
            + _YEAR_WRITTEN
            + r"))?"
            + _YEAR_AFTER_EN,
            _rule_month,
        ),
        (
            r"\b(?:(?P<lead>early|mid|late|the\s+year|(?:the\s+)?(?:beginning|start|middle|end)"
            r"\s+of)[\s-]+)?(?P<y>" + _YEAR + r")\b",
            _rule_year,
        ),
        (r"(?<![\w'’])['’](?P<yy>\d{2})\b(?!['’]?s\b)", _rule_short_year),
        (
            r"\b(?:(?P<mod>" + _MOD + r")\s+)?(?P<wd>" + _WEEKDAY_EN + r")\b"
            r"(?:\s+(?P<part>morning|afternoon|evening|night)\b)?"
            # "the monday after next", "last friday but one": a week further than said
            r"(?:\s+(?P<before>before\s+last|after\s+next|but\s+one)\b)?",
            _rule_weekday,
        ),
        (r"\b(?:(?P<mod>" + _MOD + r")\s+|(?P<art>the)\s+)?weekend\b", _rule_weekend),
        (
            r"\b(?P<rel>the\s+day\s+before\s+yesterday|the\s+day\s+after\s+tomorrow|yesterday"
            r"|today|tonight|tomorrow|tmrw|tmr|last\s+night)\b(?:\s+(?P<part>morning|afternoon|evening"
            r"|night)\b)?",
            _rule_relative_day,
        ),
        (r"\bthis\s+(?P<part>morning|afternoon|evening)\b", _rule_this_daypart),
        (
            r"\b(?P<wd>"
            + _WEEKDAY_EN
            + r")\b,?\s+(?P<mod>"
            + _MOD
            + r")\s+week\b|\b(?P<mod2>"
            + _MOD
            + r")\s+week,?\s+(?:on\s+)?(?P<wd2>"
            + _WEEKDAY_EN
            + r")\b",
            _rule_weekday_of_week,
        ),
        (
            r"\b(?:from\s+|between\s+)?(?:(?P<mon1>"
            + _MONTH_EN
            + r")\s*)?(?P<d1>\d{1,2})"
            + _ORD
            + r"?\s*(?:to|until|till|through|and|-|–)\s*(?:(?P<mon>"
            + _MONTH_EN
            + r")\s*)?(?P<d>\d{1,2})"
            + _ORD
            + r"?(?:\s+(?:of\s+)?(?P<mon2>"
            + _MONTH_EN
            + r"))?(?:,?\s+(?P<y>"
            + _YEAR_WRITTEN
            + r"))?",
            _rule_day_range,
        ),
        (
            r"\b(?:(?P<lead>in|for|since)\s+)?(?:(?P<half>half\s+a)\s+year|a\s+year\s+and\s+a"
            r"\s+half|one\s+and\s+a\s+half\s+years)\b(?P<ago>\s+ago\b)?",
            _rule_fraction_of_year,
        ),
        (
            r"\b(?:(?:the\s+)?(?P<part>beginning|start|middle|end)\s+of|(?P<part2>early|mid|late))"
            r"[\s-]+(?:(?:the|this)\s+|(?P<mod>" + _MOD + r")\s+)?(?P<unit>year|month|week)\b",
            _rule_period_part,
        ),
        (
            r"\b(?:from\s+now\s+on|as\s+of\s+now|starting\s+now|from\s+here\s+on(?:\s+out)?)\b",
            _rule_now,
        ),
        (
            r"\b(?:the\s+)?(?P<unit>week|month|year)\s+(?P<mod>before\s+last)\b",
            _rule_relative_period,
        ),
        (r"\b(?P<mod>" + _MOD + r")\s+(?P<unit>week|month|year)\b", _rule_relative_period),
        (
            r"\b(?P<n>one|" + _NUM_EN + r")\s+(?P<wd>" + _WEEKDAY_EN + r")s\s+ago\b",
            _rule_weekdays_ago,
        ),
        (
            r"\b(?P<n>a|one|" + _NUM_EN + r")\s+(?P<unit>weeks?|fortnights?|wks?)\s+ago\s+"
            r"(?:on\s+|last\s+)?(?P<wd>" + _WEEKDAY_EN + r")\b|\b(?P<wd2>" + _WEEKDAY_EN + r")"
            r"\s+(?:a|one|" + _NUM_EN + r")\s+(?:weeks?|fortnights?)\s+ago\b",
            _rule_weekday_weeks_ago,
        ),
        (
            # "moved in three weeks ago": "in" there is the verb's particle, not a lead
            r"\b(?:(?P<lead>in|for|since)\s+(?!\S+\s+\S+\s+ago\b)(?:the\s+(?:past|last)\s+)?)?"
            # "for about ten years", "for like 5 years"
            r"(?:" + _HEDGES["en"] + r"\s+)?"
            r"(?P<n>"
            + _NUM_EN
            + r")\s+(?P<unit>"
            + _UNIT_EN
            + r")\b(?P<ago>\s+ago\b)?(?P<later>\s+(?:from\s+now"
            r"|later)\b)?",
            _rule_duration,
        ),
        (
            r"\b(?P<n>" + _NUM_EN + r")\s+(?:years?|yrs?)\s+ago\s+(?P<this>this\s+month|today)\b",
            _rule_ago_this,
        ),
        (
            r"\b(?:(?P<mod>" + _MOD + r")\s+|the\s+)?(?P<season>spring|summer|autumn|fall|winter)"
            r"(?P<before>\s+before\s+last)?"
            r"\b(?!\s+(?:semester|term))(?:\s+(?P<y>" + _YEAR + r"))?",
            _rule_season,
        ),
        (
            r"\b(?:the\s+)?(?:(?P<mod>" + _MOD + r")\s+)?(?P<h>new\s+year['’]s"
            r"\s+eve|new\s+year['’]s\s+day|new\s+year(?!['’]s\s+eve)['’]?s?"
            # not the noun: "my new year resolution", "a new year of school"
            r"(?!\s+(?:resolutions?|of)\b)|" + _HOLIDAY_EN_OTHER + r")\b"
            r"(?:\s+(?P<y>" + _YEAR + r"))?",
            _rule_holiday,
        ),
        (
            r"\b(?:the\s+)?(?:(?P<wd>" + _WEEKDAY_EN + r")|(?P<we>weekend)|(?P<day>day))\s+"
            r"(?P<dir>after|before)"
            r"\s+(?:the\s+)?(?P<h>" + _HOLIDAY_EN + r")\b",
            _rule_day_by_holiday,
        ),
        (
            r"\b(?P<wd>" + _WEEKDAY_EN + r")\s+(?P<unit>week|fortnight)\b(?!['’])"
            r"|\b(?P<n>a|one|" + _NUM_EN + r")\s+(?P<unit2>weeks?|fortnights?)\s+on\s+"
            r"(?P<wd2>" + _WEEKDAY_EN + r")\b",
            _rule_weekday_a_week_on,
        ),
        (
            r"\b(?P<rel>yesterday|tomorrow)\s+week\b|\ba\s+week\s+(?P<rel2>yesterday|tomorrow"
            r"|today)\b",
            _rule_day_a_week_off,
        ),
        (r"\b(?:the\s+)?(?P<unit>week|weekend)\s+after\s+next\b", _rule_after_next),
        (
            r"\b(?:(?P<mod>" + _MOD + r")\s+)?(?P<wd>mon|tues|tue|weds|wed|thurs|thur|thu|fri"
            r"|sat|sun)\b\.?",
            _rule_weekday_abbreviation,
        ),
    ],
}
# a holiday is gated by the first word of its name ("tag der deutschen einheit" by "tag")
_HOLIDAY_GATE = {
    "de": tuple(sorted({n.split()[0] for n in _GERMAN_HOLIDAYS | {"halloween"}})),
    "en": tuple(
        sorted({_holiday_key(n).split()[0] for n in set(_HOLIDAYS) | set(_HOLIDAY_SPELLINGS)})
    ),
}
# Most sentences name no time at all; a rule runs only when its words (as substrings of the
# lowercased text) or, for numeric rules, a digit occur. This keeps a sentence well under a
# millisecond. `None` means the rule needs a digit.
_GATES: dict[Rule, dict[str, tuple[str, ...] | None]] = {
    _rule_iso: {"de": None, "en": None},
    _rule_numeric: {"de": None, "en": None},
    _rule_slashed_day: {"de": None, "en": None},
    _rule_day_month: {"de": None, "en": None},
    _rule_day_of_month: {"de": None, "en": None},
    _rule_year: {"de": None, "en": None},
    _rule_short_year: {"de": None, "en": None},
    _rule_ago_this: {"de": ("ago",), "en": ("ago",)},
    _rule_weekday_weeks_ago: {"de": ("woche",), "en": ("ago",)},
    _rule_weekdays_ago: {"de": ("tagen",), "en": ("ago",)},
    _rule_month: {"de": tuple(_MONTHS["de"]), "en": tuple(_MONTHS["en"])},
    _rule_weekday: {"de": tuple(_WEEKDAYS["de"]), "en": tuple(_WEEKDAYS["en"])},
    _rule_weekend: {"de": ("wochenende",), "en": ("weekend",)},
    _rule_relative_day: {
        "de": ("gestern", "heut", "morgen", "nacht"),
        "en": ("yesterday", "today", "tonight", "tomorrow", "tmr", "night"),
    },
    _rule_this_daypart: {"de": ("this",), "en": ("this",)},
    _rule_now: {"de": ("jetzt", "sofort"), "en": ("now", "here on")},
    _rule_relative_period: {"de": ("woche", "monat", "jahr"), "en": ("week", "month", "year")},
    _rule_bare_day_of_month: {"de": None, "en": None},
    _rule_day_of_relative_month: {"de": ("monat",), "en": ("month",)},
    _rule_weekday_of_week: {"de": ("woche",), "en": ("week",)},
    _rule_day_range: {"de": None, "en": None},
    _rule_fraction_of_year: {"de": ("halb",), "en": ("half",)},
    _rule_period_part: {"de": ("woche", "monat", "jahr"), "en": ("week", "month", "year")},
    _rule_duration: {
        "de": ("minute", "stunde", "tag", "woche", "monat", "jahr"),
        "en": ("min", "hour", "hr", "day", "week", "wk", "fortnight", "month", "mth", "year", "yr"),
    },
    _rule_season: {
        "de": ("frühling", "frühjahr", "sommer", "herbst", "winter"),
        "en": ("spring", "summer", "autumn", "fall", "winter"),
    },
    _rule_semester: {"de": ("semester", "wise", "sose", "ws ", "ss "), "en": ("semester",)},
    _rule_holiday: {"de": _HOLIDAY_GATE["de"], "en": _HOLIDAY_GATE["en"]},
    _rule_day_by_holiday: {"de": _HOLIDAY_GATE["de"], "en": _HOLIDAY_GATE["en"]},
    _rule_weekday_a_week_on: {"de": ("woche",), "en": ("week", "fortnight")},
    _rule_day_a_week_off: {"de": ("week",), "en": ("week",)},
    _rule_after_next: {"de": ("after next",), "en": ("after next",)},
    _rule_weekday_abbreviation: {
        "de": ("\0",),
        "en": ("mon", "tue", "wed", "thu", "fri", "sat", "sun"),
    },
}
_DIGIT = re.compile(r"\d")


def _gate(words: tuple[str, ...] | None) -> re.Pattern[str]:
    return _DIGIT if words is None else re.compile("|".join(map(re.escape, words)))


_COMPILED: dict[str, list[tuple[re.Pattern[str], Rule, re.Pattern[str]]]] = {
    lang: [
        (re.compile(pattern, re.IGNORECASE), rule, _gate(_GATES[rule][lang]))
        for pattern, rule in rules
    ]
    for lang, rules in _RULES.items()
}
_RECURRING = {
    "de": re.compile(
        r"\b(?:jede[nmrs]?|alle)\s+(?:(?:zweite[nmrs]?|dritte[nmrs]?|andere[nmrs]?)\s+)?"
        r"(?:\w+\s*(?:,|und|oder|bzw\.?)\s*)*$"
        # "zweimal im Monat", "3x die Woche": a frequency, not a date
        r"|\b(?:\w+mal|\d+\s*(?:x|mal))\s+(?:die|pro|im|in\s+der|am|in)?\s*$",
        re.IGNORECASE,
    ),
    "en": re.compile(
        r"\b(?:every|each)\s+(?:(?:other|second|third)\s+)?(?:\w+\s*(?:,|and|or|&)\s*)*$"
        # "twice a week", "three times a month": a frequency, not "a week" ago
        r"|\b(?:once|twice|thrice|\w+\s+times|\d+\s*x)\s+(?:a|an|per|each|every)?\s*$",
        re.IGNORECASE,
    ),
}
_RECURRING_AFTER = {
    "de": re.compile(r"\s+(?:jede[nmrs]?\s+monats|im\s+monat)\b", re.IGNORECASE),
    "en": re.compile(r"\s+of\s+(?:every|each|the)\s+month\b", re.IGNORECASE),
}
_CLOCK_JOIN = re.compile(r"\s*,?\s*(?:um|gegen|at|around|@)?\s*$", re.IGNORECASE)
_CLOCK_BEFORE = re.compile(r"\s*,?\s*")
_NEXT_DAY = {"minute": timedelta(minutes=1), "hour": timedelta(hours=1), "day": timedelta(1)}


# ---------------------------------------------------------------------------- ordinals

_ORDINAL_STEMS_DE = [
    "erst", "zweit", "dritt", "viert", "fünft", "sechst", "siebt", "acht", "neunt", "zehnt",
    "elft", "zwölft", "dreizehnt", "vierzehnt", "fünfzehnt", "sechzehnt", "siebzehnt",
    "achtzehnt", "neunzehnt", "zwanzigst",
]  # fmt: skip
_ORDINALS_EN = [
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
    "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
    "seventeenth", "eighteenth", "nineteenth", "twentieth",
]  # fmt: skip
_UNITS_FOR_TENS_DE = ["ein", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun"]


def _ordinal_words() -> dict[str, dict[str, int]]:
    german = {stem: n for n, stem in enumerate(_ORDINAL_STEMS_DE, start=1)}
    german |= {f"{u}undzwanzigst": 21 + n for n, u in enumerate(_UNITS_FOR_TENS_DE)}
    german |= {"dreißigst": 30, "einunddreißigst": 31, "siebent": 7}
    english = {word: n for n, word in enumerate(_ORDINALS_EN, start=1)}
    english |= {f"twenty{sep}{w}": 21 + n for n, w in enumerate(_ORDINALS_EN[:9]) for sep in "- "}
    english |= {"thirtieth": 30, "thirty-first": 31, "thirty first": 31}
    return {"de": german, "en": english}


_ORDINAL_WORDS = _ordinal_words()
# A spelled ordinal is a day only before a month ("am ersten Oktober", "zum ersten nächsten
# Monats", "the first of May"): "zum ersten Mal", "the first time" are no dates.
_ORDINAL_DAY = {
    "de": re.compile(
        r"\b(?P<o>(?:"
        + _words(set(_ORDINAL_WORDS["de"]))
        + r")e[nmrs]?)\b(?=\s+(?:(?:"
        + _MONTH_DE
        + r")|(?:des\s+)?(?:"
        + _MOD
        + r")\s+monats\b))",
        re.IGNORECASE,
    ),
    "en": re.compile(
        r"\b(?P<o>"
        + _words(set(_ORDINAL_WORDS["en"])).replace(" ", r"\s")
        + r")\b(?=\s+(?:of\s+)?(?:(?:"
        + _MONTH_EN
        + r")|(?:the\s+|this\s+|next\s+|last\s+)month\b))",
        re.IGNORECASE,
    ),
}


# … or after "am", "vom", "seit dem", "on the" with no month, where what follows is no noun it
# counts ("am zweiten hab i angfangen", "born on the second"; not "am zweiten Tag", "on the
# first day")
_NOT_COUNTED_DE = (
    r"tag|tage|tages|mal|platz|stock|stockwerk|advent|versuch|anlauf|kind|jahr|monat|woche|"
    r"weihnachtstag|feiertag|hälfte|teil|halbjahr|quartal|semester|klasse|gang|"
    r"[a-zäöüß]*(?:tag|mal|jahr|woche)"
)
_ORDINAL_BARE_DAY = {
    "de": re.compile(
        r"(?:(?<=\bam\s)|(?<=\bvom\s)|(?<=\bdem\s))(?P<o>(?:"
        + _words(set(_ORDINAL_WORDS["de"]))
        + r")e[nm]?)\b(?=\s*$|\s*[,;.!?)–—]|\s+(?!(?:"
        + _NOT_COUNTED_DE
        + r")\b)[a-zäöüß])",
        re.IGNORECASE,
    ),
    "en": re.compile(
        r"(?:(?<=\bon\sthe\s)|(?<=\bsince\sthe\s))(?P<o>"
        + _words(set(_ORDINAL_WORDS["en"])).replace(" ", r"\s")
        + r")\b(?=\s*$|\s*[,;.!?)–—]|\s+(?:and|but|so|i|we|he|she|they|at|when)\b)",
        re.IGNORECASE,
    ),
}


def _ordinals_as_digits(text: str, lang: str) -> str:
    """The text with each spelled ordinal day before a month written in digits ("1." in
    German, "1st" in English), padded to the word's length so positions do not move."""

    def digits(match: re.Match[str]) -> str:
        word = " ".join(match["o"].lower().split())
        stem = rx.sub(r"e[nmrs]?$", "", word) if lang == "de" else word
        number = _ORDINAL_WORDS[lang].get(stem)
        if number is None:
            return match.group(0)
        said = f"{number}." if lang == "de" else f"{number}th"
        return said.ljust(len(match.group(0)))

    def bare_digits(match: re.Match[str]) -> str:
        # padded before the digits, so the day's match spans the word ("am zweiten")
        return digits(match).strip().rjust(len(match.group(0)))

    if not _ORDINAL_GATE[lang].search(text):
        return text
    return _ORDINAL_BARE_DAY[lang].sub(bare_digits, _ORDINAL_DAY[lang].sub(digits, text))


_ORDINAL_GATE = {
    "de": re.compile(r"(?i)(?:st|t)e[nmrs]?\b"),
    "en": re.compile(r"(?i)(?:st|nd|rd|th)\b"),
}


# ---------------------------------------------------------------------------- entry point


def resolve_times(text: str, *, anchor: datetime, lang: str) -> list[TimeExpression]:
    """Time expressions in `text`, resolved against `anchor` (see the module docstring).

    Left to right, without overlaps; where two readings overlap the longer one wins.
    """
    if anchor.tzinfo is None or anchor.utcoffset() is None:
        raise ValueError("anchor must be timezone-aware: its offset is the speaker's")
    lang = "de" if lang == "de" else "en"
    # The speaker's offset at the time of the message holds for every resolved time, even
    # when the anchor carries a zone whose offset changes ("im Dezember" said in July).
    anchor = anchor.astimezone(timezone(anchor.utcoffset()))
    ctx = _Context(anchor=anchor, lang=lang, text=text)

    candidates: list[_Candidate] = []
    # the patterns read a spelled ordinal day as its digits ("am ersten Oktober" as "am 1.
    # Oktober"); positions stay the writer's, so what is returned quotes the text
    scanned = _ordinals_as_digits(text, lang)
    lowered = scanned.lower()
    for rank, (pattern, rule, gate) in enumerate(_COMPILED[lang]):
        if gate.search(lowered) is None:
            continue
        for match in pattern.finditer(scanned):
            if _RECURRING[lang].search(
                text, max(0, match.start() - 40), match.start()
            ) or _RECURRING_AFTER[lang].match(text, match.end()):
                continue  # "every Tuesday", "jeden Montag": a habit, not a date
            # (read on the scanned text: a spelled day is padded before its digits)
            begin, relation = _prefix(scanned, match.start(), lang)
            if text[begin : match.start()].strip().lower() == "in" and rx.search(
                r"(?i)\bago\b", match.group()
            ):
                begin, relation = match.start(), None  # "moved in three weeks ago"
            resolved = rule(match, relation, ctx.within(begin, match.end()))
            if resolved:
                period, final = resolved
                candidates.append(_Candidate(begin, match.end(), final, period, rank))
    chosen = _without_overlaps(candidates)

    clocks = [c for c in clock_times(text, lang=lang) if not _overlaps(c, chosen)]
    results = []
    for candidate in chosen:
        clock = _clock_after(text, candidate, clocks) or _clock_before(text, candidate, clocks)
        if clock is not None:
            clocks.remove(clock)
            candidate = _with_clock(text, candidate, clock, lang)
        results.append(_expression(text, candidate, ctx))
    for clock in clocks:
        begin, relation = _prefix(text, clock.start, lang)
        start = _day(ctx, anchor.date(), clock.hour, clock.minute)
        candidate = _Candidate(
            begin, clock.end, _clock_relation(relation), _Period(start, "minute"), 0
        )
        results.append(_expression(text, candidate, ctx))
    results.sort(key=lambda expression: expression.start)
    return results


def _prefix(text: str, start: int, lang: str) -> tuple[int, Relation | None]:
    window_start = max(0, start - 40)
    match = _PREFIX_RE[lang].search(text, window_start, start)
    if match is None or match.end() != start:
        return start, _since_event(text, start, lang)
    for index, (_, relation) in enumerate(_PREFIXES[lang]):
        if match.group(f"p{index}") is not None:
            begin = match.start(f"p{index}")
            if relation == "at":
                relation = _since_event(text, begin, lang) or relation
            return begin, relation
    return start, None


# "seit meinem Kreuzbandriss im Januar", "since the accident in March": the time dates an
# event that something holds since; it lies behind the speaker, and the statement holds from it
_SINCE_EVENT = {
    "de": re.compile(
        r"(?i)\bseit\s+(?:dem|der|den|meinem|meiner|meinen|deinem|deiner|seinem|seiner|ihrem"
        r"|ihrer|unserem|unserer|nem|ner)\s+(?:[^\W\d_][\w-]*\s+){1,2}$"
    ),
    "en": re.compile(
        r"(?i)\bsince\s+(?:the|my|our|his|her|their|your|that)\s+(?:[^\W\d_][\w'’-]*\s+){1,2}$"
    ),
}


def _since_event(text: str, start: int, lang: str) -> Relation | None:
    return "since" if _SINCE_EVENT[lang].search(text, max(0, start - 60), start) else None


def _without_overlaps(candidates: list[_Candidate]) -> list[_Candidate]:
    ordered = sorted(candidates, key=lambda c: (-(c.end - c.start), c.rank, c.start))
    chosen: list[_Candidate] = []
    for candidate in ordered:
        if all(candidate.end <= other.start or candidate.start >= other.end for other in chosen):
            chosen.append(candidate)
    return sorted(chosen, key=lambda c: c.start)


def _overlaps(clock: ClockTime, chosen: list[_Candidate]) -> bool:
    return any(clock.start < c.end and clock.end > c.start for c in chosen)


def _clock_after(text: str, candidate: _Candidate, clocks: list[ClockTime]) -> ClockTime | None:
    if candidate.period.granularity not in {"day", "hour"}:
        return None
    for clock in clocks:
        between = text[candidate.end : clock.start]
        if clock.start >= candidate.end and _CLOCK_JOIN.fullmatch(between):
            return clock
    return None


def _clock_before(text: str, candidate: _Candidate, clocks: list[ClockTime]) -> ClockTime | None:
    # "um 19 Uhr am Freitag", "at 7pm tomorrow"
    if candidate.period.granularity not in {"day", "hour"}:
        return None
    for clock in clocks:
        if clock.end <= candidate.start and _CLOCK_BEFORE.fullmatch(
            text[clock.end : candidate.start]
        ):
            return clock
    return None


def _with_clock(text: str, candidate: _Candidate, clock: ClockTime, lang: str) -> _Candidate:
    day_start = candidate.period.start
    hour = clock.hour
    # "morgen Abend um 8": the day part says which 8.
    if candidate.period.granularity == "hour" and day_start.hour >= 14 and hour < 12:
        hour += 12
    start = day_start.replace(hour=hour, minute=clock.minute)
    if clock.start >= candidate.end:
        begin, end, relation = candidate.start, clock.end, candidate.relation
    else:
        begin, prefix_relation = _prefix(text, clock.start, lang)
        end = candidate.end
        relation = candidate.relation
        if relation == "at" and prefix_relation is not None:
            relation = _clock_relation(prefix_relation)
    return _Candidate(begin, end, relation, _Period(start, "minute"), candidate.rank)


def _clock_relation(relation: Relation | None) -> Relation:
    return relation if relation in {"from", "until", "since"} else "at"


def _period_end(period: _Period) -> datetime:
    start = period.last or period.start
    if period.granularity == "week":
        return start + timedelta(weeks=1)
    if period.granularity == "month":
        following = _shift_months(start.date(), 1)
        return start.replace(year=following.year, month=following.month, day=1)
    if period.granularity == "year":
        return start.replace(year=start.year + 1)
    return start + _NEXT_DAY[period.granularity]


def _expression(text: str, candidate: _Candidate, ctx: _Context) -> TimeExpression:
    period = candidate.period
    return TimeExpression(
        start=candidate.start,
        end=candidate.end,
        text=text[candidate.start : candidate.end],
        relation=candidate.relation,
        valid_from=period.start,
        valid_to=_period_end(period),
        granularity=period.granularity,
        future=period.start > ctx.anchor,
    )
