"""Days said after the habit, in a segment of their own ("ich mach nen Töpferkurs an der VHS,
immer montags abends", "i do a sea swim at the forty foot, every tuesday and saturday",
"der Chor probt, jeden zweiten Sonntag um 17 Uhr"): the segment says only when, and how often,
the clause before it is done. Its words are all of the calendar's classes (days, parts of a
day, frequencies, clock times, ranges between them); a single day said without a frequency
("…, am Montag") is one occasion, not a habit."""

from __future__ import annotations

import re

from curator.language import rx

_DAY = (
    r"(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|monday|tuesday|wednesday|"
    r"thursday|friday|saturday|sunday)"
)
_PART = (
    r"(?:morgen|vormittag|mittag|nachmittag|abend|nacht|morning|afternoon|evening|night|arvo|"
    r"wochenende|weekend|weekday|weeknight|werktag|wochentag)"
)
# every day or part of one, said in the plural or adverbially: each of them is meant
# ("montags", "tuesday nights", "abends", "on weekends", "dienstagabends")
EVERY_SUCH = re.compile(
    rf"(?i)(?:{_DAY}(?:{_PART})?(?:s|en)|{_PART}s|wochenends|werktags|wochentags|"
    r"mon|tue|tues|wed|thu|thurs|fri|sat|sun)"
)
# a range of days ("monday to saturday", "Dienstag bis Samstag") is every day in it
RANGE = re.compile(rf"(?i)\b{_DAY}s?\s+(?:bis|to|till|through|thru|-|–)\s+{_DAY}s?\b")
# a weekday's part in the plural after "on" or a run of days ("on saturday mornings",
# "tuesday and thursday afternoons"): each such part of those days; without either it may be
# what is loved or hated ("i hate monday mornings"), not what is done
_WEEKDAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
PARTS_OF_DAYS = (
    rf"\b(?:on\s+{_WEEKDAY}(?:\s*(?:,|and|&|n)\s*{_WEEKDAY})*|"
    rf"{_WEEKDAY}(?:\s*(?:,|and|&|n)\s*{_WEEKDAY})+)"
    r"\s+(?:mornings|evenings|nights|afternoons|arvos)\b"
)
# one day or part of a day ("montag", "monday", "morgen"): a habit only beside a frequency
ONE_SUCH = re.compile(rf"(?i)(?:{_DAY}(?:{_PART})?|{_PART}|tag|day|woche|week|monat|month)")
# how often ("jeden", "every other", "immer", "twice a week"); a hedge ("immer", "usually")
# or a count ("twice") tells a habit only beside a day ("immer" or "once" alone is none)
FREQUENCY = re.compile(
    r"(?i)(?:jede[nmrs]?|every|each|immer|always|usually|normally|meistens|normalerweise|"
    r"regelmäßig|once|twice|(?:ein|zwei|drei|vier|fünf|sechs|sieben|\d+)\s*mal|\d+x|most|meist)"
)
# how often, said in one word ("täglich", "fortnightly")
EVERY_SO_OFTEN = re.compile(
    r"(?i)(?:täglich|daily|nightly|weekly|wöchentlich|monthly|monatlich|fortnightly|biweekly|"
    r"vierzehntägig|\d+-tägig)"
)
# what may stand between and around them: joins, ranges, articles, clock times and hours
# ("freitags bis sonntags", "monday to saturday", "sundays at 4", "um 17 uhr", "half six")
BESIDE = re.compile(
    r"(?i)(?:und|and|n|&|\+|/|oder|or|bis|to|till|until|through|thru|-|–|also|so|like|auch|too|"
    r"on|am|im|in|at|um|gegen|around|about|ca|ab|from|von|a|per|pro|die|der|dem|den|the|"
    r"other|second|zweite[nr]?|dritte[nr]?|erste[nr]?|first|third|times|"
    r"\d+(?:[:.]\d+)?(?:am|pm|h|uhr)?|uhr|halb|half|viertel|quarter|past|nach|vor|"
    r"eins|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|one|two|three|four|five|"
    r"six|seven|eight|nine|ten|eleven|twelve|fünfe|sechse|siebene)"
)


# the company the days are kept in ("…, immer mittwochs mit meinem Bruder Tobi", "…, sundays
# w my dad"): the routine's value tells it apart, the days are still all the segment says
COMPANY = re.compile(r"(?i)\s+(?:mit|with|w/?)\s+(?:[\w'’-]+\s*){1,4}\W*$")


def only_days(text: str) -> bool:
    """Whether a segment says only on which days, how often and at what hour ("immer
    dienstags", "jeden Montag", "every tuesday and saturday", "freitags bis sonntags",
    "sundays at 4"), with every such day meant: "am Montag" alone is one day."""
    text = COMPANY.sub("", text)
    words = [w.strip(".") for w in rx.findall(r"[\w:.&+/–-]+", text.lower())]
    words = [w for w in words if w]
    every = bool(RANGE.search(text)) or any(
        EVERY_SUCH.fullmatch(w) or EVERY_SO_OFTEN.fullmatch(w) for w in words
    )
    often = any(FREQUENCY.fullmatch(w) for w in words)
    one = any(ONE_SUCH.fullmatch(w) for w in words)
    if not (every or (often and one)):
        return False
    return all(
        EVERY_SUCH.fullmatch(w)
        or EVERY_SO_OFTEN.fullmatch(w)
        or FREQUENCY.fullmatch(w)
        or ONE_SUCH.fullmatch(w)
        or BESIDE.fullmatch(w)
        for w in words
    )
