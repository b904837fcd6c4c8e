"""A habit said with how many times a week and then with its days ("zweimal die Woche
schwimmen, montags und freitags vorm Frühstück im Hallenbad", "i run three times a week,
tues thurs and sat before work"): the days say when, the count only how many of them there
are, so a person writes down the doing and the days ("montags und freitags schwimmen").

The days' segment may also say around what and where; a habit's value keeps one of them:
the time it is done around ("vorm Frühstück", "before work") when it is said, else the
place ("mittwochs und sonntags im Südbad")."""

from __future__ import annotations

import re

# how many times in a week or a fortnight: the count a list of days makes redundant
COUNT_PER_WEEK = re.compile(
    r"(?i)(?:\b(?:so|like|about|around|ca\.?|ungefähr|etwa)\s+)?"
    r"\b(?:once|twice|\w+\s+times|(?:ein|zwei|drei|vier|fünf|sechs|sieben)mal|\d+\s*(?:x|mal))"
    r"\s+(?:a|per|die|pro|in\s+der|the)\s+(?:week|woche)\b[\s,]*"
)
# what the habit is done around: a meal, work, a shift, school
AROUND = re.compile(r"(?i)\b(?:vorm|vor|nach|nachm|before|after)\s+(?:\w+\s+)?\w+")
# where it is done: "im Hallenbad", "at the leisure centre", "in d kletterhalle"
VENUE = re.compile(
    r"(?i)\s*\b(?:im|in|beim|at|ins)\s+(?:(?:the|my|dem|der|den|die|das|d|meinem|meiner)\s+)?"
    r"[\w'’-]+(?:\s+(?:centre|center|pool|gym|park|hall|halle))?"
)


def days_instead_of_count(clause: str, days: str) -> str | None:
    """The habit of ``clause`` on the ``days`` said right after it, without the count per
    week the days make redundant; None when ``clause`` says no such count."""
    count = COUNT_PER_WEEK.search(clause)
    if count is None:
        return None
    doing = f"{clause[: count.start()]} {clause[count.end() :]}".strip(" ,;:")
    if not doing:
        return None
    days = days.strip(" ,;:.!")
    if AROUND.search(days):
        days = VENUE.sub("", days).strip()
    return f"{doing} {days}"


def says_a_count(clause: str) -> bool:
    """Whether ``clause`` says how many times a week its habit is done."""
    return COUNT_PER_WEEK.search(clause) is not None
