"""Trips: the moments of one span of days away from home, gathered in one space (seed 003:
"Urlaub Portugal 2026" holds the meditation experience beside the boat trip and the
swim).

A holiday's moments share no word — a sunrise on a mountain, a rainy day in the baths, an
evening in a wine tavern — so neither a recurring topic nor a shared name finds them.
What they share is the span of days and the owner saying they were away ("Grüße aus Dorf
Tirol", "Herbstferien", "the last day away", "wieder in Freiburg"). A trip is:

- at least two experiences told in sessions where the owner speaks of being away, dated
  within a few days of each other;
- joined by the moments of the same trip told afterwards: told in such a session within
  weeks of the trip, the telling itself saying it was away or naming a place the trip's
  turns named ("Am letzten Abend … über Lana").

Named by the part of life and the place: "Urlaub in Meran", "Trip to St Davids".
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from datetime import date, timedelta

from curator.language.tagging import is_proper_noun
from worldmemory.models import Entity, SourceMessage
from worldmemory.reflection import language as lang
from worldmemory.render import german_month

# the owner speaking of being away (folded, no umlauts) …
AWAY = re.compile(
    r"\b(urlaub\w*|\w*ferien|reise|verreist|ferienwohnung|ferienhaus|pension|hotel|"
    r"gru(ss|ß)e aus|holiday\w*|half term|trip|cottage|hostel|abroad|travel\w*|"
    r"(days|week|weekend|time) away|getaway|greetings from)\b"
)
# … or of being back from it: a session after the trip, where its moments may be told
# but where a moment of home ("yesterday I ordered coffee in Pontcanna") starts none
BACK = re.compile(
    r"\b(zuruck aus|seit (\w+ ){0,2}zuruck|wieder (zuruck|daheim|zu hause|in)|"
    r"last day away|back from|back home)\b"
)
# the latest day of a trip after which its moments are still told as that trip
TOLD_AFTER = timedelta(days=30)
GAP = timedelta(days=7)  # more days between two moments and they are two trips
SPAN = timedelta(days=28)  # a trip is at most four weeks
TRIP_MIN = 2
PLACE_WORD = re.compile(
    r"\b(?:in|im|nach|aus|uber|über|von|bei|auf|at|in|to|near|from|around)\s+"
    r"(?:der |dem |den |die |the )?([A-ZÄÖÜ][\w'’-]+(?:\s+[A-ZÄÖÜ][\w'’-]+)?)"
)


@dataclass(frozen=True)
class Told:
    experience: Entity
    turn: SourceMessage
    day: date | None


def _away(text: str) -> bool:
    return bool(AWAY.search(lang.fold(text)))


def _back(text: str) -> bool:
    return bool(BACK.search(lang.fold(text)))


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
        counted.update(found)
    return counted


def trips_find(*, told: list[Told], turns: list[SourceMessage]) -> list[list[Told]]:
    """The trips among the owner's experiences (see the module)."""
    owner = [t for t in turns if t.role == "user"]
    away_sessions = {t.session_external_id for t in owner if _away(t.text)}
    back_sessions = {t.session_external_id for t in owner if _back(t.text)}
    dated = sorted(
        (t for t in told if t.day is not None and t.turn.session_external_id in away_sessions),
        key=lambda t: t.day,
    )
    trips: list[list[Told]] = []
    for item in dated:
        current = trips[-1] if trips else None
        if current and item.day - current[-1].day <= GAP and item.day - current[0].day <= SPAN:
            current.append(item)
        else:
            trips.append([item])
    trips = [t for t in trips if len(t) >= TRIP_MIN]
    for trip in trips:
        first, last = trip[0].day, trip[-1].day
        sessions = {t.turn.session_external_id for t in trip}
        trip_texts = [t.text for t in turns if t.session_external_id in sessions]
        names = {lang.fold(n) for n in _places(trip_texts, _code(trip_texts))}
        for item in told:
            if item in trip or item.turn.session_external_id not in away_sessions | back_sessions:
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
    return trips


def _code(texts: list[str]) -> str:
    return lang.language(" ".join(texts)) or "de"


TRIP_NAME = re.compile(r"^(Urlaub (in|im) |Trip(,| to) )")


def is_trip_name(name: str) -> bool:
    """Whether a space is named as a trip is (see ``trip_name``)."""
    return bool(TRIP_NAME.match(name))


def trip_name(*, trip: list[Told], turns: list[SourceMessage]) -> str:
    """ "Urlaub in Meran" / "Trip to St Davids": the place the trip's sessions name most,
    else its month ("Urlaub im Oktober 2026")."""
    # the places its moments are told at first, then those of the sessions they were
    # told in ("Therme in Meran" before "interview in Newport" said the same evening)
    told_texts = [t.turn.text for t in trip]
    sessions = {t.turn.session_external_id for t in trip}
    texts = [t.text for t in turns if t.session_external_id in sessions and t.role == "user"]
    code = _code(texts)
    places = _places(told_texts, code) or _places(texts, code)
    first = min(t.day or t.turn.occurred_at.date() for t in trip)
    if places:
        place = sorted(places.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
        return f"Trip to {place}" if code == "en" else f"Urlaub in {place}"
    if code == "en":
        return f"Trip, {first:%B %Y}"
    return f"Urlaub im {german_month(first)}"
