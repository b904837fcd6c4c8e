"""Trips: the moments of one span of days away from home, gathered in one space (seed 003:
"Urlaub Portugal 2026" holds the meditation experience beside the boat trip and the
swim).

A holiday's moments share no word — a sunrise on a mountain, a rainy day in the baths, an
evening in a wine tavern — so neither a recurring topic nor a shared name finds them.
What they share is the span of days and the owner saying they were away ("Grüße aus Dorf
Tirol", "Herbstferien", "the last day away", "wieder in Freiburg"). A trip is:

- at least two experiences told in sessions where the owner speaks of being away or
  writes from another time zone (a phone abroad carries its offset; an hour's difference
  counts when the sessions on both sides share another), dated within a few days of each
  other;
- or, where no such session tells them, moments of the days before a session where the
  owner says they are back ("wieder da.", "home since Monday"), with any told while away
  that made no trip alone: a trip told only afterwards;
- joined by the moments of the same trip told afterwards: told in such a session within
  weeks of the trip, the telling itself saying it was away or naming a place the trip's
  turns named ("Am letzten Abend … über Lana").

Named by the part of life and the place: "Urlaub in Meran", "Trip to St Davids"; a German
trip its turns never call a holiday ("mit dem chor nach riga", "mit den landfrauen") is a
"Reise", not an "Urlaub".
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from datetime import date, timedelta
from itertools import groupby

from curator.extract.greetings import reads_as_place
from curator.language.tagging import is_proper_noun, known_word, part_of_speech
from worldmemory.models import Entity, SourceMessage
from worldmemory.reflection import language as lang
from worldmemory.render import german_month

# the owner speaking of being away (folded, no umlauts) …
AWAY = re.compile(
    r"\b(urlaub\w*|\w*ferien|reise|verreist|ferienwohnung|ferienhaus|pension|hotel|"
    r"gru(ss|ß)e aus|holiday\w*|half term|trip|cottage|hostel|abroad|travel\w*|"
    r"(days|week|weekend|time) away|getaway|greetings from)\b"
)
# … or of being back from it: a session after the trip, where its moments may be told,
# and where only the days before the telling may start one (see ``trips_find``)
BACK = re.compile(
    r"\b(zuruck aus|seit (\w+ ){0,2}zuruck|wieder (zuruck|daheim|zu hause|in|da)|"
    r"last day away|back from|back home|home (again|since))\b"
    # a turn opening on being home ("home. sore, sunburnt …"), not home as a place of the
    # day ("came home and put the kettle on")
    r"|^\W*(home|daheim|zuhause)\b"
    # … or on the owner saying they are back ("we're back. two nights up in …"), not back
    # at something ("I'm back at work")
    r"|^\W*(we'?re|we are|i'?m|i am|sind|bin) (wieder )?(back|zuruck)\b"
    r"(?!\s+(at|to|in|on|bei|im)\b)"
)
# a phone abroad: the owner's words carry a UTC offset this far from the one they are
# usually written in (a summer time's hour is no journey)
AWAY_OFFSET = 120  # minutes
# … or an hour off from the sessions on both sides, written within weeks of it at one
# offset: summer time moves the clock once, a journey there and back twice
ASIDE_WITHIN = timedelta(days=28)
# the latest day of a trip after which its moments are still told as that trip
TOLD_AFTER = timedelta(days=30)
GAP = timedelta(days=7)  # more days between two moments and they are two trips
SPAN = timedelta(days=28)  # a trip is at most four weeks
TRIP_MIN = 2
PLACE_WORD = re.compile(
    r"\b(?:in|im|nach|aus|uber|über|von|bei|auf|at|in|to|near|from|around)\s+"
    r"(?:der |dem |den |die |the )?([A-ZÄÖÜ][\w'’-]+(?:\s+[A-ZÄÖÜ][\w'’-]+)?)"
)

# the same in a chat's lower case ("uff der karlsbrücke", "in doolin"): one word, read as a
# place by the curator's place cue (see ``place_in_lower_case``)
LOWER_PLACE_WORD = re.compile(
    r"\b(?:in|im|nach|aus|uber|über|von|bei|auf|uff|at|to|near|from|around)\s+"
    r"(?:der |dem |den |die |the )?([a-zäöüß][\w'’-]+)"
)
COMMON_NOUN = ("NN", "NN0", "NN1", "NN2")


@dataclass(frozen=True)
class Told:
    experience: Entity
    turn: SourceMessage
    day: date | None


def _away(text: str) -> bool:
    return bool(AWAY.search(lang.fold(text)))


def _back(text: str) -> bool:
    return bool(BACK.search(lang.fold(text)))


def tells_days_away(text: str) -> bool:
    """Whether the owner says in a turn that they are away or back from days away."""
    return _away(text) or _back(text)


def _abroad_sessions(owner: list[SourceMessage]) -> set[str]:
    """The sessions the owner wrote in another time zone than their usual one."""
    offsets = Counter(t.utc_offset_minutes for t in owner if t.utc_offset_minutes is not None)
    if not offsets:
        return set()
    home = offsets.most_common(1)[0][0]
    far = {
        t.session_external_id
        for t in owner
        if t.utc_offset_minutes is not None and abs(t.utc_offset_minutes - home) >= AWAY_OFFSET
    }
    return far | _sessions_aside(owner)


def _sessions_aside(owner: list[SourceMessage]) -> set[str]:
    """The sessions written at another offset than the sessions before and after them,
    which share one offset and lie within ``ASIDE_WITHIN`` of them: an hour's difference
    there and back again is a journey, where summer time changes the offset only once."""
    sessions: dict[str, SourceMessage] = {}
    for turn in sorted(owner, key=lambda t: t.occurred_at):
        if turn.utc_offset_minutes is not None:
            sessions.setdefault(turn.session_external_id, turn)
    runs = [list(run) for _, run in groupby(sessions.values(), key=lambda t: t.utc_offset_minutes)]
    aside: set[str] = set()
    for before, run, after in zip(runs, runs[1:], runs[2:], strict=False):
        if (
            before[-1].utc_offset_minutes == after[0].utc_offset_minutes
            and run[0].occurred_at - before[-1].occurred_at <= ASIDE_WITHIN
            and after[0].occurred_at - run[-1].occurred_at <= ASIDE_WITHIN
        ):
            aside |= {t.session_external_id for t in run}
    return aside


def _places(texts: list[str], code: str) -> Counter:
    """Names of places the texts say after a preposition ("in Meran", "near St Davids"),
    counted once per text; a common noun ("in der Therme") or a weekday is none."""
    counted: Counter = Counter()
    for text in texts:
        found = set()
        for match in PLACE_WORD.finditer(text):
            name = match.group(1)
            if lang.PLACE.search(f"in {name}") is None:
                continue  # a weekday or a month ("on Sunday")
            if all(is_proper_noun(word, lang=code) for word in name.split()):
                found.add(name)
        found |= places_in_lower_case(text, code=code)
        counted.update(found)
    return counted


def place_in_lower_case(word: str, *, code: str) -> bool:
    """Whether a word a chat writes in lower case after a preposition names a place ("in
    doolin", "auf der karlsbrücke"): a town to the curator's place cue, and no word of the
    language ("im garten", "in the van") — a name to its tagger, or unknown to it."""
    written = word.capitalize() if code == "de" else word
    if known_word(written, lang=code) and part_of_speech(written, lang=code) in COMMON_NOUN:
        return False
    return reads_as_place(word) and (
        not known_word(word, lang=code) or is_proper_noun(word.capitalize(), lang=code)
    )


def places_in_lower_case(text: str, *, code: str) -> set[str]:
    """The places a lower-case text names after a preposition, capitalised ("Doolin")."""
    return {
        match.group(1).capitalize()
        for match in LOWER_PLACE_WORD.finditer(text)
        if place_in_lower_case(match.group(1), code=code)
    }


def _spans(dated: list[Told], *, least: int = TRIP_MIN) -> list[list[Told]]:
    """The moments grouped into spans of days, each of at least ``least``."""
    spans: list[list[Told]] = []
    for item in sorted(dated, key=lambda t: t.day):
        current = spans[-1] if spans else None
        if current and item.day - current[-1].day <= GAP and item.day - current[0].day <= SPAN:
            current.append(item)
        else:
            spans.append([item])
    return [span for span in spans if len(span) >= least]


def trips_find(*, told: list[Told], turns: list[SourceMessage]) -> list[list[Told]]:
    """The trips among the owner's experiences (see the module)."""
    owner = [t for t in turns if t.role == "user"]
    away_sessions = {t.session_external_id for t in owner if _away(t.text)}
    away_sessions |= _abroad_sessions(owner)
    back_sessions = {t.session_external_id for t in owner if _back(t.text)}
    dated = [t for t in told if t.day is not None]
    trips = _spans([t for t in dated if t.turn.session_external_id in away_sessions])
    for trip in trips:
        _join_told_after(trip, told, turns, away_sessions | back_sessions)
    # a trip told only once back ("wieder da. samstagabend sind wir noch rüber zum
    # weststrand"): moments of the days before the telling that no trip told while away
    # holds ("Driving home on the Wednesday" beside "yesterday I ordered coffee in
    # Pontcanna" is no trip of its own), with a moment told while away that made no trip
    # alone (the rehearsal dinner written from Split, the toast told once home); a span of
    # one moment is a trip when the telling once back holds another of it ("wieder da …
    # die oper war übrigens n reinfall")
    taken = {id(t) for trip in trips for t in trip}
    afterwards = [
        t
        for t in dated
        if id(t) not in taken
        and (
            t.turn.session_external_id in away_sessions
            or (t.turn.session_external_id in back_sessions and t.day < t.turn.occurred_at.date())
        )
    ]
    for trip in _spans(afterwards, least=1):
        if any(id(t) in taken for t in trip):
            continue  # joined to a trip told before it
        left = [t for t in told if id(t) not in taken]
        _join_told_after(trip, left, turns, away_sessions | back_sessions)
        if len(trip) >= TRIP_MIN:
            trips.append(trip)
            taken |= {id(t) for t in trip}
    return trips


def _join_told_after(
    trip: list[Told], told: list[Told], turns: list[SourceMessage], sessions_away: set[str]
) -> None:
    """Add to ``trip`` the moments of it told in another session while away or once back:
    dated within its days, or saying it was away or naming a place its sessions named."""
    first, last = trip[0].day, trip[-1].day
    sessions = {t.turn.session_external_id for t in trip}
    trip_texts = [t.text for t in turns if t.session_external_id in sessions]
    names = {lang.fold(n) for n in _places(trip_texts, _code(trip_texts))}
    for item in told:
        if item in trip or item.turn.session_external_id not in sessions_away:
            continue
        said = item.turn.occurred_at.date()
        if not (first <= said <= last + TOLD_AFTER):
            continue
        if item.day is not None and first <= item.day <= last:
            trip.append(item)  # a moment of those days, told in another session
            continue
        own = {lang.fold(n) for n in _places([item.turn.text], _code([item.turn.text]))}
        if _away(item.turn.text) or _back(item.turn.text) or own & names:
            trip.append(item)


def _code(texts: list[str]) -> str:
    return lang.language(" ".join(texts)) or "de"


TRIP_NAME = re.compile(r"^(Urlaub (in|im) |Reise (nach|im) |Trip(,| to) )")
# the owner calling the days away a holiday (folded): "Urlaub", "Herbstferien", a
# postcard's "Grüße aus Carvoeiro"
HOLIDAY = re.compile(r"(urlaub|ferien|gru(ss|ß)e aus)")


def is_trip_name(name: str) -> bool:
    """Whether a space is named as a trip is (see ``trip_name``)."""
    return bool(TRIP_NAME.match(name))


def trip_name(*, trip: list[Told], turns: list[SourceMessage]) -> str:
    """ "Urlaub in Meran" / "Trip to St Davids": the place the trip's sessions name most,
    else its month ("Urlaub im Oktober 2026"). In German a holiday only where the trip's
    sessions call it one; other days away (a choir's concert abroad, a club's outing) are
    a "Reise" ("Reise nach Riga", "Reise im Oktober 2026")."""
    # the places its moments are told at first, then those of the sessions they were
    # told in ("Therme in Meran" before "interview in Newport" said the same evening)
    told_texts = [t.turn.text for t in trip]
    sessions = {t.turn.session_external_id for t in trip}
    texts = [t.text for t in turns if t.session_external_id in sessions and t.role == "user"]
    code = _code(texts)
    places = _places(told_texts, code) or _places(texts, code)
    first = min(t.day or t.turn.occurred_at.date() for t in trip)
    holiday = any(HOLIDAY.search(lang.fold(text)) for text in texts)
    if places:
        place = sorted(places.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
        if code == "en":
            return f"Trip to {place}"
        return f"Urlaub in {place}" if holiday else f"Reise nach {place}"
    if code == "en":
        return f"Trip, {first:%B %Y}"
    return f"Urlaub im {german_month(first)}" if holiday else f"Reise im {german_month(first)}"
