"""Clock times in German and English: "um 19 Uhr", "19:30", "halb acht abends", "at 7pm".

A clock time is a time of day without a date; `curator.language.dates` puts a date to it.
Twelve-hour readings follow what people mean in chat:

- a day part or am/pm decides ("halb acht abends" → 19:30, "7:30 am" → 07:30);
- "Uhr", "o'clock" and "HH:MM" are read as written ("um 7 Uhr" → 07:00);
- a bare small number after "um"/"at" ("um 5", "at five") is an afternoon hour when it is
  1-6, since nobody says "at five" for 05:00 without saying "morning";
- "halb", "viertel", "half past" and "quarter to" are read as written ("halb acht" → 07:30).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from curator.language.numerals import NUMBER_WORDS


@dataclass(frozen=True, slots=True)
class ClockTime:
    start: int
    end: int
    text: str
    hour: int
    minute: int

    @property
    def value(self) -> str:
        """The time as "HH:MM"."""
        return f"{self.hour:02d}:{self.minute:02d}"


# Hours only: "ein"/"eine"/"a"/"an" would read "um ein paar" or "at a time" as clocks.
_HOUR_WORDS = {
    lang: {word: value for word, value in words.items() if 0 < value <= 24 and " " not in word}
    for lang, words in NUMBER_WORDS.items()
}
for _words in _HOUR_WORDS.values():
    for _article in ("ein", "eine", "einem", "einen", "einer", "a", "an"):
        _words.pop(_article, None)


def _alternation(words: dict[str, int]) -> str:
    return "|".join(sorted(words, key=len, reverse=True))


_H_DE = r"(?:[01]?\d|2[0-4]|" + _alternation(_HOUR_WORDS["de"]) + ")"
# English speaks twelve-hour time: "at 19" is an age, not a clock.
_H_EN_12 = (
    r"(?:1[0-2]|0?[1-9]|"
    + _alternation({w: v for w, v in _HOUR_WORDS["en"].items() if v <= 12})
    + ")"
)
_H_EN = r"(?:[01]?\d|2[0-4]|" + _alternation(_HOUR_WORDS["en"]) + ")"

_DAYPART_DE = (
    r"(?P<part>morgens|früh|in\s+der\s+früh|vormittags|mittags|nachmittags|abends|nachts|"
    r"am\s+morgen|am\s+vormittag|am\s+nachmittag|am\s+abend|in\s+der\s+nacht)"
)
_DAYPART_EN = (
    r"(?P<part>in\s+the\s+morning|in\s+the\s+afternoon|in\s+the\s+evening|at\s+night|"
    r"tonight|this\s+morning|this\s+afternoon|this\s+evening)"
)
_AMPM = r"(?P<ampm>a\.?\s?m\.?|p\.?\s?m\.?)(?![a-z])"

_PATTERNS = {
    "de": [
        # "um 19 Uhr", "19:30 Uhr", "19.30 Uhr", "um 7 Uhr abends"
        (
            "written",
            r"(?:\b(?:um|gegen)\s+)?\b(?P<h>[01]?\d|2[0-4])(?:[:.](?P<m>[0-5]\d))?\s*uhr\b"
            r"(?:\s+" + _DAYPART_DE + r")?",
        ),
        (
            "written",
            r"(?:\b(?:um|gegen)\s+)?\b(?P<hw>" + _alternation(_HOUR_WORDS["de"]) + r")\s+uhr\b"
            r"(?:\s+" + _DAYPART_DE + r")?",
        ),
        # "19:30", "um 19.30"
        (
            "written",
            r"(?:\b(?:um|gegen)\s+)?\b(?P<h>[01]?\d|2[0-3]):(?P<m>[0-5]\d)\b"
            r"(?:\s+" + _DAYPART_DE + r")?",
        ),
        (
            "written",
            r"\b(?:um|gegen)\s+(?P<h>[01]?\d|2[0-3])\.(?P<m>[0-5]\d)\b(?!\.\d)"
            r"(?:\s+" + _DAYPART_DE + r")?",
        ),
        # "halb acht", "viertel nach sieben", "viertel vor acht", "dreiviertel acht"
        (
            "fraction",
            r"(?:\b(?:um|gegen)\s+)?\b(?P<frac>halb|viertel\s+nach|viertel\s+vor|dreiviertel"
            r"|viertel)\s+(?P<hw>" + _H_DE + r")\b(?:\s+uhr)?(?:\s+" + _DAYPART_DE + r")?",
        ),
        # "zehn nach acht", "fünf vor sieben"
        (
            "fraction",
            r"(?:\b(?:um|gegen)\s+)?\b(?P<frac>(?P<mins>\d{1,2}|fünf|zehn|zwanzig)\s+(?:minuten\s+)?"
            r"(?P<dir>nach|vor))\s+(?P<hw>" + _H_DE + r")\b(?:\s+uhr)?(?:\s+" + _DAYPART_DE + r")?",
        ),
        # "um sieben", "um 5 abends"; a capitalised word after the number is a noun
        # ("um 5 Kilo"), so only a lowercase word, a day part or the end may follow.
        (
            "bare",
            r"\b(?:um|gegen)\s+(?P<hw>" + _H_DE + r")\b(?![:.,]\d)"
            r"(?:\s+"
            + _DAYPART_DE
            + r"|(?=\s*$|\s*[,.!?;)]|\s+(?:rum|herum)\b|(?-i:\s+[a-zäöüß])))",
        ),
        ("noon", r"\b(?:um|gegen)\s+(?P<noon>mitternacht|mittag)\b"),
    ],
    "en": [
        # "7pm", "at 7:30 am"
        (
            "written",
            r"(?:\b(?:at|around|by)\s+)?\b(?P<h>1[0-2]|0?[1-9])(?::(?P<m>[0-5]\d))?\s*" + _AMPM,
        ),
        (
            "written",
            r"(?:\b(?:at|around|by)\s+)?\b(?P<hw>"
            + _alternation(_HOUR_WORDS["en"])
            + r")\s*"
            + _AMPM,
        ),
        (
            "written",
            r"(?:\b(?:at|around|by)\s+)?\b(?P<h>[01]?\d|2[0-3]):(?P<m>[0-5]\d)\b"
            r"(?:\s*" + _AMPM + r")?(?:\s+" + _DAYPART_EN + r")?",
        ),
        # "seven o'clock", "at 7 in the evening"
        (
            "written",
            r"(?:\b(?:at|around|by)\s+)?\b(?P<hw>" + _H_EN + r")\s+o['’]?clock\b"
            r"(?:\s+" + _DAYPART_EN + r")?",
        ),
        # "half past seven", "quarter to eight", "ten past six"
        (
            "fraction",
            r"(?:\b(?:at|around|by)\s+)?\b(?P<frac>half\s+past|quarter\s+past|quarter\s+to"
            r"|(?P<mins>\d{1,2}|five|ten|twenty|twenty-five|twenty\s+five)\s+(?:minutes\s+)?"
            r"(?P<dir>past|to))\s+(?P<hw>" + _H_EN + r")\b(?:\s+" + _DAYPART_EN + r")?",
        ),
        # "at seven", "at 5 tonight"; only before the end, a day part or a word that
        # cannot start a unit ("at seven years old" is an age).
        (
            "bare",
            r"\b(?:at|around)\s+(?P<hw>" + _H_EN_12 + r")\b(?![:.,]\d)"
            r"(?:\s+" + _DAYPART_EN + r"|(?=\s*$|\s*[,.!?;)]|\s+(?:sharp|today|tomorrow|on|"
            r"every|and|then|so|for|with|again|tonight)\b))",
        ),
        ("noon", r"\b(?:at|around|by)\s+(?P<noon>midnight|noon|midday)\b"),
    ],
}
_COMPILED = {
    lang: [(kind, re.compile(pattern, re.IGNORECASE)) for kind, pattern in patterns]
    for lang, patterns in _PATTERNS.items()
}
# Cheap substring tests before the patterns run: most sentences hold no clock time.
_GATE = {
    "de": re.compile(r"\d|uhr|halb|viertel|\bum\s|\bgegen\s", re.IGNORECASE),
    "en": re.compile(r"\d|o['’]?clock|\bat\s|\baround\s|\bby\s|past\s|\bto\s", re.IGNORECASE),
}
_EVENING = re.compile(
    r"abend|nachmittag|nacht|p\.?\s?m|afternoon|evening|night|tonight", re.IGNORECASE
)
_MORNING = re.compile(r"morgen|früh|vormittag|a\.?\s?m|morning", re.IGNORECASE)


def clock_times(text: str, *, lang: str) -> list[ClockTime]:
    """Clock times in `text` ("de" or "en"), left to right, without overlaps."""
    lang = "de" if lang == "de" else "en"
    if not _GATE[lang].search(text):
        return []
    found: list[ClockTime] = []
    for kind, pattern in _COMPILED[lang]:
        for match in pattern.finditer(text):
            value = _read(match, kind, lang)
            if value is None:
                continue
            hour, minute = value
            found.append(ClockTime(match.start(), match.end(), match.group(), hour, minute))
    found.sort(key=lambda clock: (clock.start, -(clock.end - clock.start)))
    chosen: list[ClockTime] = []
    for clock in found:
        if chosen and clock.start < chosen[-1].end:
            continue
        chosen.append(clock)
    return chosen


def _hour(match: re.Match[str], lang: str) -> int | None:
    groups = match.groupdict()
    if groups.get("h"):
        return int(groups["h"])
    word = (groups.get("hw") or "").lower()
    if word.isdigit():
        return int(word)
    return _HOUR_WORDS[lang].get(word)


def _read(match: re.Match[str], kind: str, lang: str) -> tuple[int, int] | None:
    groups = match.groupdict()
    if kind == "noon":
        return (
            (0, 0)
            if groups["noon"].lower() == "mitternacht" or groups["noon"].lower() == "midnight"
            else (12, 0)
        )
    hour = _hour(match, lang)
    if hour is None:
        return None
    minute = int(groups["m"]) if groups.get("m") else 0
    marker = (groups.get("ampm") or "") + " " + (groups.get("part") or "")
    if kind == "fraction":
        hour, minute = _fraction(groups, hour, lang)
    if hour == 24:
        hour = 0
    if _EVENING.search(marker):
        if hour < 12 and not (("nacht" in marker.lower() or "night" in marker) and hour <= 4):
            hour += 12
    elif _MORNING.search(marker):
        if hour == 12:
            hour = 0
    elif kind == "bare" and 1 <= hour <= 6:
        hour += 12
    if not (0 <= hour < 24 and 0 <= minute < 60):
        return None
    return hour, minute


def _fraction(groups: dict[str, str | None], hour: int, lang: str) -> tuple[int, int]:
    fraction = " ".join((groups.get("frac") or "").lower().split())
    if fraction == "halb":
        return hour - 1, 30
    if fraction in {"viertel vor", "dreiviertel", "quarter to"}:
        return hour - 1, 45
    if fraction in {"viertel nach", "viertel", "quarter past"}:
        return hour, 15
    if fraction == "half past":
        return hour, 30
    minutes_word = (groups.get("mins") or "").lower()
    minutes = (
        int(minutes_word)
        if minutes_word.isdigit()
        else NUMBER_WORDS[lang].get(" ".join(minutes_word.replace("-", " ").split()), 0)
    )
    if (groups.get("dir") or "").lower() in {"to", "vor"}:
        return hour - 1, 60 - minutes
    return hour, minutes
