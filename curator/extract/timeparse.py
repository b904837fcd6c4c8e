"""Sentences and time expressions in German and English.

The interface is the one of ``curator.language`` (``split_sentences``, ``resolve_times``):
when that package is installed it is used; until then, and for what it does not cover, the
fallback here resolves the expressions people use in chat ("seit letztem Montag", "vor drei
Wochen", "am 14. Februar", "since March", "two years ago") against the message time.
Clock times ("um halb sieben abends", "at 6pm") are read here in any case.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta

MONTHS = {
    "januar": 1, "jänner": 1, "january": 1, "jan": 1, "februar": 2, "february": 2, "feb": 2,
    "märz": 3, "maerz": 3, "march": 3, "april": 4, "apr": 4, "mai": 5, "may": 5, "juni": 6,
    "june": 6, "juli": 7, "july": 7, "august": 8, "aug": 8, "september": 9, "sept": 9,
    "sep": 9, "oktober": 10, "october": 10, "oct": 10, "okt": 10, "november": 11, "nov": 11,
    "dezember": 12, "december": 12, "dec": 12, "dez": 12,
}  # fmt: skip
WEEKDAYS = {
    "montag": 0, "monday": 0, "dienstag": 1, "tuesday": 1, "mittwoch": 2, "wednesday": 2,
    "donnerstag": 3, "thursday": 3, "freitag": 4, "friday": 4, "samstag": 5, "sonnabend": 5,
    "saturday": 5, "sonntag": 6, "sunday": 6,
}  # fmt: skip
NUMBERS = {
    "ein": 1, "eine": 1, "einem": 1, "einer": 1, "einen": 1, "nem": 1, "ner": 1, "nen": 1,
    "a": 1, "an": 1, "one": 1, "zwei": 2, "two": 2, "couple of": 2, "drei": 3, "three": 3,
    "vier": 4, "four": 4, "fünf": 5, "five": 5, "sechs": 6, "six": 6, "sieben": 7,
    "seven": 7, "acht": 8, "eight": 8, "neun": 9, "nine": 9, "zehn": 10, "ten": 10,
    "elf": 11, "eleven": 11, "zwölf": 12, "twelve": 12,
}  # fmt: skip
UNITS = {
    "tag": "day", "tage": "day", "tagen": "day", "day": "day", "days": "day",
    "woche": "week", "wochen": "week", "week": "week", "weeks": "week",
    "monat": "month", "monate": "month", "monaten": "month", "monaten.": "month",
    "month": "month", "months": "month", "jahr": "year", "jahre": "year", "jahren": "year",
    "year": "year", "years": "year",
}  # fmt: skip
ABBREVIATIONS = (
    "z.b", "bzw", "ca", "usw", "dr", "st", "nr", "str", "mr", "mrs", "ms", "vs", "etc",
    "prof", "evtl", "ggf", "inkl", "ca", "bspw", "jan", "feb", "okt", "dez", "sept", "e.g",
    "i.e", "u.a", "d.h",
)  # fmt: skip


@dataclass(frozen=True)
class Sentence:
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class TimeExpression:
    start: int
    end: int
    text: str
    relation: str  # at | since | until | from | during | ago
    valid_from: date
    valid_to: date | None
    granularity: str  # day | month | year
    future: bool


def _fallback_split(text: str, *, lang: str) -> list[Sentence]:
    out: list[Sentence] = []
    start = 0
    for match in re.finditer(r"[.!?…]+(?=\s)|\n+", text):
        before = text[start : match.start()]
        if match.group(0) == ".":
            # "am 3. Juli", "15.08.", "St. Marien", "z.B." do not end a sentence
            last = re.search(r"(\S+)$", before)
            word = last.group(1).lower().rstrip(".") if last else ""
            following = text[match.end() :].lstrip()[:1]
            if re.fullmatch(r"\d{1,2}(\.\d{1,2})?", word) or word in ABBREVIATIONS:
                continue
            if following and following.islower() and len(word) <= 2:
                continue
        piece = text[start : match.end()]
        if piece.strip():
            lead = len(piece) - len(piece.lstrip())
            out.append(Sentence(start + lead, match.end(), piece.strip()))
        start = match.end()
    rest = text[start:]
    if rest.strip():
        lead = len(rest) - len(rest.lstrip())
        out.append(Sentence(start + lead, len(text), rest.strip()))
    return out


def _number(word: str) -> int | None:
    word = word.lower()
    if word.isdigit():
        return int(word)
    return NUMBERS.get(word)


def _shift(anchor: date, *, unit: str, amount: float) -> date:
    if unit == "day":
        return anchor - timedelta(days=amount)
    if unit == "week":
        return anchor - timedelta(weeks=amount)
    months = round(amount * (12 if unit == "year" else 1))
    year, month = divmod(anchor.year * 12 + anchor.month - 1 - months, 12)
    return date(year, month + 1, min(anchor.day, calendar.monthrange(year, month + 1)[1]))


def _month_date(anchor: date, month: int, *, past: bool) -> date:
    year = anchor.year
    if past and month > anchor.month:
        year -= 1
    return date(year, month, 1)


NUM = r"(?:\d{1,2}|ein|eine|einem|einer|einen|nem|ner|nen|a|an|one|zwei|two|drei|three|vier|four|fünf|five|sechs|six|sieben|seven|acht|eight|neun|nine|zehn|ten|elf|eleven|zwölf|twelve)"
UNIT = r"(?:tagen|tage|tag|days|day|wochen|woche|weeks|week|monaten|monate|monat|months|month|jahren|jahre|jahr|years|year)"
MONTH = r"(?:januar|jänner|january|februar|february|märz|maerz|march|april|mai|may|juni|june|juli|july|august|september|oktober|october|november|dezember|december)"
WEEKDAY = r"(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
PREP = r"(?:(?P<prep>seit dem|seit|since|ab dem|ab|from|starting|bis zum|bis|by|until|before|vor dem|am|on|im|in|zum|the|den|dem)\s+)?"
ORD = r"(?P<day>\d{1,2})(?:\.|st|nd|rd|th)?"

PATTERNS: list[tuple[str, str]] = [
    # 14. Februar 2025, 3rd of March, 6 January 2025, the 9th of May
    ("dmy", rf"{PREP}(?:the\s+)?{ORD}\s+(?:of\s+)?(?P<month>{MONTH})(?:,?\s+(?P<year>\d{{4}}))?\b"),
    # July 14th 2019, April 1st
    ("mdy", rf"{PREP}(?P<month>{MONTH})\s+{ORD}(?:,?\s+(?P<year>\d{{4}}))?\b"),
    # 15.08. / 15.08.2026
    ("numeric", rf"{PREP}(?P<day>\d{{1,2}})\.(?P<mon>\d{{1,2}})\.(?P<year>\d{{4}})?"),
    # Ende November, Anfang Mai, im Oktober 2025, since March, in June 2023
    ("month", rf"{PREP}(?:(?P<edge>anfang|ende|mitte|early|late|end of|beginning of)\s+)?(?P<month>{MONTH})(?:\s+(?P<year>\d{{4}}))?\b"),
    ("year", rf"{PREP}(?P<year>(?:19|20)\d{{2}})\b"),
    ("ago", rf"(?:vor\s+(?P<n1>{NUM})\s+(?P<u1>{UNIT})|(?P<n2>{NUM}|\d+)\s+(?P<u2>{UNIT})\s+ago)\b"),
    ("half_year", r"(?P<prep>seit|vor)\s+(?:einem|nem|einem)\s+halben\s+jahr\b"),
    ("duration", rf"(?P<prep>seit|for|since)\s+(?:über\s+|over\s+|fast\s+|about\s+)?(?P<n>{NUM}|\d+)\s+(?P<u>{UNIT})\b"),
    ("bare_duration", rf"(?<=\s)(?P<n>{NUM}|\d+)\s+(?P<u>years|jahre|jahren)\b(?!\s+(?:alt|old))"),
    ("last_weekday", rf"{PREP}(?:(?P<which>letzten|letztem|letzte|last|this|diesen|nächsten|nächste|next|kommenden)\s+)?(?P<weekday>{WEEKDAY})\b"),
    ("last_unit", rf"{PREP}(?P<which>letzten|letztem|letzte|letztes|last|nächsten|nächste|nächstes|next|diesen|dieses|this)\s+(?P<unit>woche|week|monat|month|jahr|year|autumn|herbst|spring|frühling|summer|sommer|winter)\b"),
    ("relative_day", r"(?P<prep>seit|ab|bis|since|from|by|until)?\s*(?P<word>vorgestern|gestern|heute|today|tonight|yesterday|morgen|tomorrow|übermorgen)\b"),
    ("day_only", r"(?P<prep>bis zum|bis|on the|by the|am)\s+(?P<day>\d{1,2})(?:\.|st|nd|rd|th)(?!\s*\d)"),
]  # fmt: skip
COMPILED = [(name, re.compile(p, re.I)) for name, p in PATTERNS]
RELATIONS = {
    "seit": "since", "seit dem": "since", "since": "since", "ab": "from", "ab dem": "from",
    "from": "from", "starting": "from", "bis": "until", "bis zum": "until", "by": "until",
    "until": "until", "before": "until", "by the": "until", "vor": "ago", "for": "since",
}  # fmt: skip


def _fallback_times(text: str, *, anchor: datetime, lang: str) -> list[TimeExpression]:
    day0 = anchor.date()
    found: list[TimeExpression] = []
    taken: list[tuple[int, int]] = []
    for name, pattern in COMPILED:
        for m in pattern.finditer(text):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            resolved = _resolve(name, m, day0, text)
            if resolved is None:
                continue
            when, until, granularity, relation = resolved
            taken.append((m.start(), m.end()))
            found.append(
                TimeExpression(
                    start=m.start(),
                    end=m.end(),
                    text=m.group(0),
                    relation=relation,
                    valid_from=when,
                    valid_to=until,
                    granularity=granularity,
                    future=when > day0,
                )
            )
    return sorted(found, key=lambda t: t.start)


def _relation(m: re.Match, default: str = "at") -> str:
    prep = (m.groupdict().get("prep") or "").lower().strip()
    return RELATIONS.get(prep, default)


def _resolve(name: str, m: re.Match, today: date, text: str):
    g = {k: (v.lower() if isinstance(v, str) else v) for k, v in m.groupdict().items()}
    relation = _relation(m)
    try:
        if name in ("dmy", "mdy", "numeric"):
            month = MONTHS[g["month"]] if g.get("month") else int(g["mon"])
            year = int(g["year"]) if g.get("year") else today.year
            when = date(year, month, int(g["day"]))
            return when, None, "day", relation
        if name == "month":
            month = MONTHS[g["month"]]
            if g.get("year"):
                when = date(int(g["year"]), month, 1)
            else:
                when = _month_date(today, month, past=relation == "since")
            edge = g.get("edge") or ""
            if edge in ("ende", "end of", "late") and relation == "until":
                last = calendar.monthrange(when.year, month)[1]
                return date(when.year, month, last), None, "day", relation
            return when, None, "month", relation
        if name == "year":
            return date(int(g["year"]), 1, 1), None, "year", relation
        if name in ("ago", "duration", "bare_duration"):
            amount = _number(g.get("n1") or g.get("n2") or g.get("n") or "")
            unit = UNITS.get(g.get("u1") or g.get("u2") or g.get("u") or "")
            if amount is None or unit is None:
                return None
            when = _shift(today, unit=unit, amount=amount)
            granularity = {"day": "day", "week": "day", "month": "month", "year": "year"}[unit]
            return when, None, granularity, "ago" if name == "ago" else "since"
        if name == "half_year":
            return _shift(today, unit="month", amount=6), None, "month", "since"
        if name == "last_weekday":
            weekday = WEEKDAYS[g["weekday"]]
            which = g.get("which") or ""
            if which in ("nächsten", "nächste", "next", "kommenden") or (
                relation == "until" and not which
            ):
                delta = (weekday - today.weekday()) % 7 or 7
                return today + timedelta(days=delta), None, "day", relation
            delta = (today.weekday() - weekday) % 7 or 7
            return today - timedelta(days=delta), None, "day", relation
        if name == "last_unit":
            which, unit = g["which"], g["unit"]
            sign = -1 if which in ("letzten", "letztem", "letzte", "letztes", "last") else 1
            if which in ("diesen", "dieses", "this"):
                sign = 0
            if unit in ("woche", "week"):
                return today + timedelta(weeks=sign), None, "day", relation
            if unit in ("monat", "month"):
                when = _shift(today, unit="month", amount=-sign)
                return date(when.year, when.month, 1), None, "month", relation
            if unit in ("jahr", "year"):
                return date(today.year + sign, 1, 1), None, "year", relation
            season = {"autumn": 9, "herbst": 9, "spring": 3, "frühling": 3, "summer": 6,
                      "sommer": 6, "winter": 12}[unit]  # fmt: skip
            return date(today.year + max(sign, 0), season, 1), None, "month", relation
        if name == "relative_day":
            offset = {"vorgestern": -2, "gestern": -1, "yesterday": -1, "heute": 0, "today": 0,
                      "tonight": 0, "morgen": 1, "tomorrow": 1, "übermorgen": 2}[g["word"]]  # fmt: skip
            if g["word"] == "morgen" and re.search(r"\bmorgen\s+früh|\bjeden\s+morgen", text, re.I):
                offset = 1
            return today + timedelta(days=offset), None, "day", relation
        if name == "day_only":
            day = int(g["day"])
            year, month = today.year, today.month
            if day < today.day and relation == "until":
                month += 1
                if month > 12:
                    year, month = year + 1, 1
            return date(year, month, day), None, "day", relation
    except (ValueError, KeyError):
        return None
    return None


try:  # the language package, once it is there
    from curator.language.dates import resolve_times as _resolve_times  # type: ignore
    from curator.language.sentences import split_sentences as _split_sentences  # type: ignore
except ImportError:  # pragma: no cover - depends on the installed tree
    _resolve_times = None
    _split_sentences = None


def split_sentences(text: str, *, lang: str) -> list[Sentence]:
    if _split_sentences is not None:
        return [Sentence(s.start, s.end, s.text) for s in _split_sentences(text, lang=lang)]
    return _fallback_split(text, lang=lang)


def _as_date(value) -> date | None:
    if value is None:
        return None
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value)[:10])
    except ValueError:
        return None


def resolve_times(text: str, *, anchor: datetime, lang: str) -> list[TimeExpression]:
    """Time expressions of ``text``: the language package's where it found one, the
    fallback's for the rest (whatever one of them misses, the other may read)."""
    ours = _fallback_times(text, anchor=anchor, lang=lang)
    if _resolve_times is None:
        return ours
    theirs = []
    for t in _resolve_times(text, anchor=anchor, lang=lang):
        when = _as_date(getattr(t, "valid_from", None))
        if when is None or getattr(t, "granularity", "day") not in ("day", "month", "year"):
            continue
        theirs.append(
            TimeExpression(
                start=t.start,
                end=t.end,
                text=t.text,
                relation=t.relation,
                valid_from=when,
                valid_to=_as_date(getattr(t, "valid_to", None)),
                granularity=t.granularity,
                future=bool(getattr(t, "future", when > anchor.date())),
            )
        )
    # overlapping readings: the longer one says more ("am 21. März", not "am 21.")
    kept: list[TimeExpression] = []
    for t in sorted([*theirs, *ours], key=lambda t: (t.start - t.end, t not in theirs)):
        if not any(t.start < k.end and k.start < t.end for k in kept):
            kept.append(t)
    return sorted(kept, key=lambda t: t.start)


# --- clock times ----------------------------------------------------------------------------

HOURS = {
    "eins": 1, "ein": 1, "one": 1, "zwei": 2, "two": 2, "drei": 3, "three": 3, "vier": 4,
    "four": 4, "fünf": 5, "fünfe": 5, "five": 5, "sechs": 6, "six": 6, "sieben": 7,
    "seven": 7, "acht": 8, "eight": 8, "neun": 9, "nine": 9, "zehn": 10, "ten": 10,
    "elf": 11, "eleven": 11, "zwölf": 12, "twelve": 12,
}  # fmt: skip
HOUR = r"(?:\d{1,2}|eins|ein|zwei|drei|vier|fünfe|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
CLOCK = re.compile(
    rf"(?:(?P<half>halb)\s+)?(?P<hour>{HOUR})(?:[:.](?P<minute>\d{{2}}))?"
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
        explicit = bool(m["suffix"] or m["minute"] or m["half"])
        if not explicit and not re.search(r"(um|at|gegen|around|by)\s+$", before):
            continue
        bare = m["hour"].isdigit() and not (m["minute"] or m["suffix"] or m["half"])
        if bare and re.match(
            r"\s*(jahre|years|km|minuten|minutes|stunden|hours|%)", text[m.end() :], re.I
        ):
            continue
        hour = int(m["hour"]) if m["hour"].isdigit() else HOURS[m["hour"].lower()]
        minute = int(m["minute"] or 0)
        if m["half"]:
            hour, minute = hour - 1, 30
        suffix = (m["suffix"] or "").lower().replace(".", "")
        part = (m["part"] or "").lower()
        if (suffix == "pm" or part in EVENING or evening_hint) and hour < 12:
            hour += 12
        if suffix == "am" and hour == 12:
            hour = 0
        if 0 <= hour < 24 and 0 <= minute < 60:
            out.append((m.start(), m.end(), f"{hour:02d}:{minute:02d}"))
    return out


def language_of(text: str) -> str:
    """German or English, by function words (and umlauts): the sentence splitter and the
    time resolver read "am 3. Juli" differently in each."""
    german = len(
        re.findall(
            r"(?i)\b(ich|und|nicht|ist|bin|hat|der|die|das|dem|den|ein|eine|mein|meine|wir|hab|"
            r"auch|mit|seit|von|zu|im|bei|für|aber|noch|schon|heute|mir|mich|er|sie|es)\b",
            text,
        )
    ) + 2 * len(re.findall(r"[äöüßÄÖÜ]", text))
    english = len(
        re.findall(
            r"(?i)\b(i|and|not|is|the|my|we|have|has|with|since|i'm|you|of|to|for|it's|"
            r"he|she|they|this|that|was|are|just|been)\b",
            text,
        )
    )
    return "de" if german >= english else "en"
