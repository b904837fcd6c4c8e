"""Time expressions resolve to the period they name, in the speaker's offset."""

# ruff: noqa: E501 (tables read best one row a line)
from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from curator.language.clock import clock_times
from curator.language.dates import TimeExpression, resolve_times

BERLIN_SUMMER = timezone(timedelta(hours=2))
BERLIN_WINTER = timezone(timedelta(hours=1))
LONDON = UTC
AUSTIN = timezone(timedelta(hours=-5))

# A Thursday in German summer time.
SUMMER = datetime(2026, 7, 16, 10, 0, tzinfo=BERLIN_SUMMER)
# The Friday after New Year: "last week" and "last month" are in the year before.
NEW_YEAR = datetime(2026, 1, 2, 9, 0, tzinfo=BERLIN_WINTER)
# A Friday evening in London.
FRIDAY_EVENING = datetime(2026, 3, 13, 20, 15, tzinfo=LONDON)

# (anchor, lang, text, expression text, relation, valid_from as local "Y-m-d H:M",
#  granularity, future)
# fmt: off
TABLE = [
    # German, summer
    (SUMMER, "de", "Opa Heinz hat am 3. Juli Geburtstag", "am 3. Juli", "at", "2027-07-03 00:00", "day", True),
    (SUMMER, "de", "Wir sind seit dem 2. Mai verlobt", "seit dem 2. Mai", "since", "2026-05-02 00:00", "day", False),
    (SUMMER, "de", "Die Küche kommt angeblich im Oktober", "im Oktober", "at", "2026-10-01 00:00", "month", True),
    (SUMMER, "de", "Ich spiele seit 2019 Cello", "seit 2019", "since", "2019-01-01 00:00", "year", False),
    (SUMMER, "de", "Meine Oma hat am 14. Februar Geburtstag", "am 14. Februar", "at", "2027-02-14 00:00", "day", True),
    (SUMMER, "de", "Ich hatte am 14. Februar meine Prüfung", "am 14. Februar", "at", "2026-02-14 00:00", "day", False),
    (SUMMER, "de", "Anfang Mai war ich in Rom", "Anfang Mai", "at", "2026-05-01 00:00", "month", False),
    (SUMMER, "de", "Anfang Mai fahren wir nach Rom", "Anfang Mai", "at", "2027-05-01 00:00", "month", True),
    (SUMMER, "de", "Ich bin seit letztem Montag krank", "seit letztem Montag", "since", "2026-07-13 00:00", "day", False),
    (SUMMER, "de", "Vor drei Wochen bin ich nach Köln gezogen", "Vor drei Wochen", "ago", "2026-06-25 00:00", "day", False),
    (SUMMER, "de", "wohnen jetzt in Leipzig, seit dem 15. letzten monats", "seit dem 15. letzten monats", "since", "2026-06-15 00:00", "day", False),
    (SUMMER, "en", "since the 3rd of last month", "since the 3rd of last month", "since", "2026-06-03 00:00", "day", False),
    (SUMMER, "en", "so I gave up meat at new year", "at new year", "at", "2026-01-01 00:00", "day", False),
    (SUMMER, "de", "Wir haben vorgestern den Hund geholt", "vorgestern", "at", "2026-07-14 00:00", "day", False),
    (SUMMER, "de", "gestern Abend war Probe", "gestern Abend", "at", "2026-07-15 18:00", "hour", False),
    (SUMMER, "de", "Letzte Woche hatte ich Urlaub", "Letzte Woche", "at", "2026-07-06 00:00", "week", False),
    (SUMMER, "de", "Sie studiert seit dem Wintersemester Medizin", "seit dem Wintersemester", "since", "2025-10-01 00:00", "month", False),
    (SUMMER, "de", "seit dem Sommersemester wohne ich in Jena", "seit dem Sommersemester", "since", "2026-04-01 00:00", "month", False),
    (SUMMER, "de", "Ich fange im Wintersemester 2024/25 an", "im Wintersemester 2024/25", "at", "2024-10-01 00:00", "month", False),
    (SUMMER, "de", "Wir sehen uns nächsten Freitag", "nächsten Freitag", "at", "2026-07-17 00:00", "day", True),
    (SUMMER, "de", "Ich muss die Steuererklärung bis Freitag machen", "bis Freitag", "until", "2026-07-17 00:00", "day", True),
    (SUMMER, "de", "Ab morgen trinke ich keinen Kaffee", "Ab morgen", "from", "2026-07-17 00:00", "day", True),
    (SUMMER, "de", "So, ab jetzt nur noch Hafermilch", "ab jetzt", "from", "2026-07-16 10:00", "minute", False),
    (SUMMER, "de", "In zwei Wochen ist die Hochzeit", "In zwei Wochen", "at", "2026-07-30 00:00", "day", True),
    (SUMMER, "de", "Luna bekommt um 19 Uhr Futter", "um 19 Uhr", "at", "2026-07-16 19:00", "minute", True),
    (SUMMER, "de", "Wir essen um halb acht", "um halb acht", "at", "2026-07-16 07:30", "minute", False),
    (SUMMER, "de", "Training ist halb acht abends", "halb acht abends", "at", "2026-07-16 19:30", "minute", True),
    (SUMMER, "de", "Das Treffen war am 3.7.2025", "am 3.7.2025", "at", "2025-07-03 00:00", "day", False),
    (SUMMER, "de", "Ich bin seit dem 03.07. im Urlaub", "seit dem 03.07.", "since", "2026-07-03 00:00", "day", False),
    (SUMMER, "de", "Termin: 2025-07-03", "2025-07-03", "at", "2025-07-03 00:00", "day", False),
    (SUMMER, "de", "Carla und ich sind seit einem Jahr zusammen", "seit einem Jahr", "since", "2025-01-01 00:00", "year", False),
    (SUMMER, "de", "Seit letztem Monat arbeite ich Teilzeit", "Seit letztem Monat", "since", "2026-06-01 00:00", "month", False),
    (SUMMER, "de", "morgen um 19 Uhr ist Elternabend", "morgen um 19 Uhr", "at", "2026-07-17 19:00", "minute", True),
    (SUMMER, "de", "Der Umzug ist Ende August", "Ende August", "at", "2026-08-01 00:00", "month", True),
    (SUMMER, "de", "Letzten Sommer war ich in Italien", "Letzten Sommer", "at", "2025-06-01 00:00", "month", False),
    (SUMMER, "de", "Wir fahren über Weihnachten zu meinen Eltern", "über Weihnachten", "during", "2026-12-24 00:00", "day", True),
    (SUMMER, "de", "Ich hab vor zwei Jahren aufgehört zu rauchen", "vor zwei Jahren", "ago", "2024-01-01 00:00", "year", False),
    (SUMMER, "de", "Ich nehme seit drei Monaten Tabletten", "seit drei Monaten", "since", "2026-04-01 00:00", "month", False),
    (SUMMER, "de", "Am Samstag gehen wir in den Zoo", "Am Samstag", "at", "2026-07-18 00:00", "day", True),
    (SUMMER, "de", "Am Samstag waren wir im Zoo", "Am Samstag", "at", "2026-07-11 00:00", "day", False),
    (SUMMER, "de", "übernächste Woche habe ich frei", "übernächste Woche", "at", "2026-07-27 00:00", "week", True),
    (SUMMER, "de", "Heute Morgen hat es geregnet", "Heute Morgen", "at", "2026-07-16 06:00", "hour", False),
    (SUMMER, "de", "Wir sind am 15.08. in die neue Wohnung gezogen", "am 15.08.", "at", "2025-08-15 00:00", "day", False),
    (SUMMER, "de", "Am Wochenende fahren wir an die See", "Am Wochenende", "at", "2026-07-18 00:00", "day", True),
    (SUMMER, "de", "Die Miete läuft bis zum 31. Juli", "bis zum 31. Juli", "until", "2026-07-31 00:00", "day", True),
    (SUMMER, "de", "Ab dem 1. August wohne ich in Kiel", "Ab dem 1. August", "from", "2026-08-01 00:00", "day", True),
    (SUMMER, "de", "Im Oktober 2025 hab ich mit dem Bouldern angefangen", "Im Oktober 2025", "at", "2025-10-01 00:00", "month", False),
    (SUMMER, "de", "Ich arbeite seit dem 1. Oktober 2024 bei der Stadt", "seit dem 1. Oktober 2024", "since", "2024-10-01 00:00", "day", False),
    (SUMMER, "de", "Wir treffen uns um viertel nach sieben", "um viertel nach sieben", "at", "2026-07-16 07:15", "minute", False),
    (SUMMER, "de", "Am Sonntagabend ist Tatort", "Am Sonntagabend", "at", "2026-07-19 18:00", "hour", True),
    (SUMMER, "de", "Bin jetzt nach Dortmund gezogen, seit dem 1. Juli", "seit dem 1. Juli", "since", "2026-07-01 00:00", "day", False),
    (SUMMER, "de", "Vor einer Stunde hat sie angerufen", "Vor einer Stunde", "ago", "2026-07-16 09:00", "hour", False),
    (SUMMER, "de", "Ende nächsten Jahres ziehen wir um", "Ende nächsten Jahres", "at", "2027-01-01 00:00", "year", True),
    (SUMMER, "de", "Ich spare seit Anfang des Jahres", "seit Anfang des Jahres", "since", "2026-01-01 00:00", "year", False),
    (SUMMER, "de", "Treffen am Dienstag nächste Woche", "am Dienstag nächste Woche", "at", "2026-07-21 00:00", "day", True),
    (SUMMER, "de", "Wir sehen uns am 3. bei mir", "am 3.", "at", "2026-08-03 00:00", "day", True),
    (SUMMER, "de", "seit dem 1. bin ich arbeitslos", "seit dem 1.", "since", "2026-07-01 00:00", "day", False),
    (SUMMER, "de", "Die Party geht ab 19 Uhr am Freitag los", "ab 19 Uhr am Freitag", "from", "2026-07-17 19:00", "minute", True),
    (SUMMER, "de", "heute Abend um 8 kommt Lisa", "heute Abend um 8", "at", "2026-07-16 20:00", "minute", True),
    (SUMMER, "de", "Mo 23.11. 10:00 Zahnarzt", "23.11. 10:00", "at", "2026-11-23 10:00", "minute", True),
    (SUMMER, "de", "Urlaub vom 3. bis 17. August", "vom 3. bis 17. August", "during", "2026-08-03 00:00", "day", True),
    (SUMMER, "de", "3.-5. Mai war ich krank", "3.-5. Mai", "during", "2026-05-03 00:00", "day", False),
    (SUMMER, "de", "Ich hab vor einem halben Jahr gekündigt", "vor einem halben Jahr", "ago", "2026-01-01 00:00", "month", False),
    (SUMMER, "de", "Wir wohnen seit anderthalb Jahren hier", "seit anderthalb Jahren", "since", "2025-01-01 00:00", "month", False),
    # German, across the year boundary
    (NEW_YEAR, "de", "seit letztem Montag", "seit letztem Montag", "since", "2025-12-29 00:00", "day", False),
    (NEW_YEAR, "de", "letzte Woche war viel los", "letzte Woche", "at", "2025-12-22 00:00", "week", False),
    (NEW_YEAR, "de", "Im Dezember war ich krank", "Im Dezember", "at", "2025-12-01 00:00", "month", False),
    (NEW_YEAR, "de", "Im Dezember fliegen wir nach Rom", "Im Dezember", "at", "2026-12-01 00:00", "month", True),
    (NEW_YEAR, "de", "Letztes Jahr bin ich umgezogen", "Letztes Jahr", "at", "2025-01-01 00:00", "year", False),
    (NEW_YEAR, "de", "seit letztem Monat", "seit letztem Monat", "since", "2025-12-01 00:00", "month", False),
    (NEW_YEAR, "de", "Sie studiert seit dem Wintersemester", "seit dem Wintersemester", "since", "2025-10-01 00:00", "month", False),
    (NEW_YEAR, "de", "gestern war ich müde", "gestern", "at", "2026-01-01 00:00", "day", False),
    (NEW_YEAR, "de", "Vorgestern war die Party", "Vorgestern", "at", "2025-12-31 00:00", "day", False),
    (NEW_YEAR, "de", "Sie hat am 14. Februar Geburtstag", "am 14. Februar", "at", "2026-02-14 00:00", "day", True),
    (NEW_YEAR, "de", "Ich bin seit dem 28.12. erkältet", "seit dem 28.12.", "since", "2025-12-28 00:00", "day", False),
    (NEW_YEAR, "de", "vor drei Wochen", "vor drei Wochen", "ago", "2025-12-12 00:00", "day", False),
    (NEW_YEAR, "de", "Nächsten Monat fange ich an", "Nächsten Monat", "at", "2026-02-01 00:00", "month", True),
    (NEW_YEAR, "de", "Letzten Winter lag viel Schnee", "Letzten Winter", "at", "2024-12-01 00:00", "month", False),
    (NEW_YEAR, "de", "Diesen Winter fahre ich Ski", "Diesen Winter", "at", "2025-12-01 00:00", "month", False),
    # English
    (FRIDAY_EVENING, "en", "We adopted a kitten last Tuesday", "last Tuesday", "at", "2026-03-10 00:00", "day", False),
    (FRIDAY_EVENING, "en", "been at Canva since March", "since March", "since", "2026-03-01 00:00", "month", False),
    (FRIDAY_EVENING, "en", "moved to Clapham three weeks ago", "three weeks ago", "ago", "2026-02-20 00:00", "day", False),
    (FRIDAY_EVENING, "en", "My birthday is on February 14th", "on February 14th", "at", "2027-02-14 00:00", "day", True),
    (FRIDAY_EVENING, "en", "Her birthday's on the 23rd of March", "on the 23rd of March", "at", "2026-03-23 00:00", "day", True),
    (FRIDAY_EVENING, "en", "We met on 14 Feb 2024", "on 14 Feb 2024", "at", "2024-02-14 00:00", "day", False),
    (FRIDAY_EVENING, "en", "The move is in early May", "in early May", "at", "2026-05-01 00:00", "month", True),
    (FRIDAY_EVENING, "en", "I've been vegetarian since 2019", "since 2019", "since", "2019-01-01 00:00", "year", False),
    (FRIDAY_EVENING, "en", "Let's meet next Friday", "next Friday", "at", "2026-03-20 00:00", "day", True),
    (FRIDAY_EVENING, "en", "I need the report by Friday", "by Friday", "until", "2026-03-20 00:00", "day", True),
    (FRIDAY_EVENING, "en", "No coffee from tomorrow", "from tomorrow", "from", "2026-03-14 00:00", "day", True),
    (FRIDAY_EVENING, "en", "I go part-time starting next month", "starting next month", "from", "2026-04-01 00:00", "month", True),
    (FRIDAY_EVENING, "en", "yesterday evening we had a fight", "yesterday evening", "at", "2026-03-12 18:00", "hour", False),
    (FRIDAY_EVENING, "en", "I joined the club two years ago", "two years ago", "ago", "2024-01-01 00:00", "year", False),
    (FRIDAY_EVENING, "en", "I started at Deloitte on 6 January 2025", "on 6 January 2025", "at", "2025-01-06 00:00", "day", False),
    (FRIDAY_EVENING, "en", "my son Noah was born on July 14th 2019", "on July 14th 2019", "at", "2019-07-14 00:00", "day", False),
    (FRIDAY_EVENING, "en", "Dinner tomorrow at 7pm", "tomorrow at 7pm", "at", "2026-03-14 19:00", "minute", True),
    (FRIDAY_EVENING, "en", "She gets fed at 7pm", "at 7pm", "at", "2026-03-13 19:00", "minute", False),
    (FRIDAY_EVENING, "en", "Update: I moved to Chicago on the 1st!", "on the 1st", "at", "2026-03-01 00:00", "day", False),
    (FRIDAY_EVENING, "en", "I've been vegetarian for three years", "for three years", "since", "2023-01-01 00:00", "year", False),
    (FRIDAY_EVENING, "en", "Last week was rough", "Last week", "at", "2026-03-02 00:00", "week", False),
    (FRIDAY_EVENING, "en", "We're going camping this weekend", "this weekend", "at", "2026-03-14 00:00", "day", True),
    (FRIDAY_EVENING, "en", "The wedding is in two weeks", "in two weeks", "at", "2026-03-27 00:00", "day", True),
    (FRIDAY_EVENING, "en", "From now on I'm drinking decaf only", "From now on", "from", "2026-03-13 20:15", "minute", False),
    (FRIDAY_EVENING, "en", "The lease runs until the end of April", "until the end of April", "until", "2026-04-01 00:00", "month", True),
    (FRIDAY_EVENING, "en", "I've had a cold since last Monday", "since last Monday", "since", "2026-03-09 00:00", "day", False),
    (FRIDAY_EVENING, "en", "the day before yesterday I quit", "the day before yesterday", "at", "2026-03-11 00:00", "day", False),
    (FRIDAY_EVENING, "en", "We broke up a year ago", "a year ago", "ago", "2025-01-01 00:00", "year", False),
    (FRIDAY_EVENING, "en", "Last summer we were in Spain", "Last summer", "at", "2025-06-01 00:00", "month", False),
    (FRIDAY_EVENING, "en", "Starting 2025-07-03 I work remotely", "Starting 2025-07-03", "from", "2025-07-03 00:00", "day", False),
    (FRIDAY_EVENING, "en", "I need it by the end of the week", "by the end of the week", "until", "2026-03-09 00:00", "week", False),
    (FRIDAY_EVENING, "en", "We want to move early next year", "early next year", "at", "2027-01-01 00:00", "year", True),
    (FRIDAY_EVENING, "en", "The dentist is Tuesday next week", "Tuesday next week", "at", "2026-03-17 00:00", "day", True),
    (FRIDAY_EVENING, "en", "Dinner at 7pm on Sunday", "at 7pm on Sunday", "at", "2026-03-15 19:00", "minute", True),
    (FRIDAY_EVENING, "en", "We're out tonight at 8", "tonight at 8", "at", "2026-03-13 20:00", "minute", False),
    (FRIDAY_EVENING, "en", "We are booked for March 3rd", "for March 3rd", "at", "2027-03-03 00:00", "day", True),
    (FRIDAY_EVENING, "en", "We're in Rome from May 3 to May 5", "from May 3 to May 5", "during", "2026-05-03 00:00", "day", True),
    (FRIDAY_EVENING, "en", "I quit half a year ago", "half a year ago", "ago", "2025-09-01 00:00", "month", False),
    (FRIDAY_EVENING, "en", "Noah was born 7/14/2019", "7/14/2019", "at", "2019-07-14 00:00", "day", False),
    (FRIDAY_EVENING, "en", "The lease started on 3/7/2025", "on 3/7/2025", "at", "2025-07-03 00:00", "day", False),
    (FRIDAY_EVENING, "en", "The results come in a fortnight", "in a fortnight", "at", "2026-03-27 00:00", "day", True),
    (FRIDAY_EVENING, "en", "I just moved here on March 3rd", "on March 3rd", "at", "2026-03-03 00:00", "day", False),
    # English, across the year boundary and in another offset
    (NEW_YEAR, "en", "I changed jobs last month", "last month", "at", "2025-12-01 00:00", "month", False),
    (NEW_YEAR, "en", "I've been sober since December", "since December", "since", "2025-12-01 00:00", "month", False),
    (NEW_YEAR, "en", "We were at my parents' over Christmas", "over Christmas", "during", "2025-12-25 00:00", "day", False),
    (NEW_YEAR, "en", "She arrived three days ago", "three days ago", "ago", "2025-12-30 00:00", "day", False),
    (
        datetime(2026, 6, 30, 17, 0, tzinfo=AUSTIN),
        "en",
        "We moved to Austin in June 2023",
        "in June 2023",
        "at",
        "2023-06-01 00:00",
        "month",
        False,
    ),
]
# fmt: on


@pytest.mark.parametrize(
    ("anchor", "lang", "text", "span", "relation", "valid_from", "granularity", "future"), TABLE
)
def test_resolve_table(
    anchor: datetime,
    lang: str,
    text: str,
    span: str,
    relation: str,
    valid_from: str,
    granularity: str,
    future: bool,
) -> None:
    expressions = resolve_times(text, anchor=anchor, lang=lang)
    assert len(expressions) == 1, expressions
    found = expressions[0]
    expected_from = datetime.strptime(valid_from, "%Y-%m-%d %H:%M").replace(tzinfo=anchor.tzinfo)
    assert (found.text, found.relation, found.granularity, found.future) == (
        span,
        relation,
        granularity,
        future,
    )
    assert found.valid_from == expected_from
    assert found.valid_from.utcoffset() == anchor.utcoffset()
    assert text[found.start : found.end] == found.text


def test_table_covers_both_languages_and_every_relation() -> None:
    assert len(TABLE) >= 60
    assert {row[1] for row in TABLE} == {"de", "en"}
    assert {row[4] for row in TABLE} == {"at", "since", "until", "from", "during", "ago"}


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("de", "vor ein paar Tagen bin ich umgezogen"),
        ("de", "seit Jahren spiele ich Geige"),
        ("de", "Guten Morgen!"),
        ("de", "Mai ist ein schöner Monat"),
        ("de", "Ich schreibe an Jan"),
        ("de", "Er ist 2 Jahre alt"),
        ("de", "Ich bin die 1. und einzige"),
        ("de", "Das kostet 3.5 Euro"),
        ("en", "a couple of weeks ago we moved"),
        ("en", "a few days ago"),
        ("en", "I work from 9 to 5"),
        ("en", "it takes 3 to 5 days"),
        ("en", "This may be wrong"),
        ("en", "years ago I lived in Leeds"),
        ("en", "Our cat Pepper is a two-year-old Maine Coon"),
        ("en", "I'm 41 and live in Kassel"),
        ("de", "Ich gehe jeden Montag schwimmen"),
        ("de", "Wir trainieren jeden Dienstag und Donnerstag"),
        ("en", "I run every Tuesday and Thursday before work"),
        ("en", "first Wednesday of every month is book club"),
        ("en", "my in-laws offer me ham every christmas"),
    ],
)
def test_no_date_named(lang: str, text: str) -> None:
    assert resolve_times(text, anchor=SUMMER, lang=lang) == []


def test_period_bounds_follow_the_granularity() -> None:
    (october,) = resolve_times("im Oktober", anchor=SUMMER, lang="de")
    assert october.valid_to == datetime(2026, 11, 1, tzinfo=BERLIN_SUMMER)
    (year,) = resolve_times("seit 2019", anchor=SUMMER, lang="de")
    assert year.valid_to == datetime(2020, 1, 1, tzinfo=BERLIN_SUMMER)
    (week,) = resolve_times("letzte Woche", anchor=NEW_YEAR, lang="de")
    assert week.valid_to == datetime(2025, 12, 29, tzinfo=BERLIN_WINTER)
    (clock,) = resolve_times("um 19 Uhr", anchor=SUMMER, lang="de")
    assert clock.valid_to - clock.valid_from == timedelta(minutes=1)


def test_several_expressions_left_to_right() -> None:
    found = resolve_times(
        "Seit 2019 wohne ich in Kiel, und ab nächstem Montag arbeite ich um 8 Uhr",
        anchor=SUMMER,
        lang="de",
    )
    assert [(e.text, e.relation) for e in found] == [
        ("Seit 2019", "since"),
        ("ab nächstem Montag", "from"),
        ("um 8 Uhr", "at"),
    ]
    assert found[1].valid_from == datetime(2026, 7, 20, tzinfo=BERLIN_SUMMER)


def test_full_stop_after_a_month_name_ends_the_sentence_not_the_date() -> None:
    (found,) = resolve_times("Ich bin seit dem 1. Juli.", anchor=SUMMER, lang="de")
    assert found.text == "seit dem 1. Juli"
    (found,) = resolve_times("reminder on 25 September.", anchor=SUMMER, lang="en")
    assert found.text == "on 25 September"
    (found,) = resolve_times("am 3. Jan. 2027", anchor=SUMMER, lang="de")
    assert (found.text, found.valid_from.date().isoformat()) == ("am 3. Jan. 2027", "2027-01-03")


def test_participle_without_auxiliary_does_not_look_back() -> None:
    # "geteilten" is an adjective here; with "hab … gesehen" the Friday is the last one.
    (plain,) = resolve_times(
        "Am Freitag steht eine Notiz im geteilten Kalender", anchor=SUMMER, lang="de"
    )
    (perfect,) = resolve_times("Am Freitag hab ich sie gesehen", anchor=SUMMER, lang="de")
    assert plain.valid_from.date().isoformat() == "2026-07-17"
    assert perfect.valid_from.date().isoformat() == "2026-07-10"


def test_a_range_spans_both_days() -> None:
    (found,) = resolve_times("vom 30. Dezember bis 2. Januar", anchor=SUMMER, lang="de")
    assert (found.valid_from, found.valid_to) == (
        datetime(2026, 12, 30, tzinfo=BERLIN_SUMMER),
        datetime(2027, 1, 3, tzinfo=BERLIN_SUMMER),
    )
    (found,) = resolve_times("between 3 and 5 May 2024", anchor=SUMMER, lang="en")
    assert (found.relation, found.valid_to) == (
        "during",
        datetime(2024, 5, 6, tzinfo=BERLIN_SUMMER),
    )


def test_a_zone_anchor_keeps_the_offset_of_the_message() -> None:
    anchor = datetime(2026, 7, 16, 10, 0, tzinfo=ZoneInfo("Europe/Berlin"))
    (found,) = resolve_times("im Dezember", anchor=anchor, lang="de")
    assert found.valid_from == datetime(2026, 12, 1, tzinfo=BERLIN_SUMMER)
    assert found.valid_from.utcoffset() == timedelta(hours=2)


def test_naive_anchor_is_refused() -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        resolve_times("gestern", anchor=datetime(2026, 1, 1), lang="de")


def test_expression_is_frozen() -> None:
    (found,) = resolve_times("gestern", anchor=SUMMER, lang="de")
    assert isinstance(found, TimeExpression)
    with pytest.raises(AttributeError):
        found.relation = "since"  # type: ignore[misc]


CLOCKS = [
    ("de", "Luna bekommt um 19 Uhr Futter", "19:00"),
    ("de", "Treffen 19:30 am Bahnhof", "19:30"),
    ("de", "um 19.30 Uhr", "19:30"),
    ("de", "halb acht abends", "19:30"),
    ("de", "um halb acht", "07:30"),
    ("de", "um 7 Uhr", "07:00"),
    ("de", "um 5 abends", "17:00"),
    ("de", "wir treffen uns um 5", "17:00"),
    ("de", "um viertel vor acht", "07:45"),
    ("de", "um dreiviertel acht", "07:45"),
    ("de", "um zehn nach acht", "08:10"),
    ("de", "zehn nach acht", "08:10"),
    ("de", "um 10 nach 8", "08:10"),
    ("de", "um Mitternacht", "00:00"),
    ("de", "um 11 Uhr nachts", "23:00"),
    ("de", "um sieben gehen wir", "07:00"),
    ("en", "dinner at 7pm", "19:00"),
    ("en", "7:30 am", "07:30"),
    ("en", "at seven", "07:00"),
    ("en", "at 7 p.m.", "19:00"),
    ("en", "12 am", "00:00"),
    ("en", "at 12pm", "12:00"),
    ("en", "at noon", "12:00"),
    ("en", "half past seven", "07:30"),
    ("en", "quarter to eight", "07:45"),
    ("en", "ten past six in the evening", "18:10"),
    ("en", "20 minutes to 8", "07:40"),
    ("en", "at eleven at night", "23:00"),
    ("en", "at five tonight", "17:00"),
    ("en", "seven o'clock", "07:00"),
]


@pytest.mark.parametrize(("lang", "text", "value"), CLOCKS)
def test_clock_times(lang: str, text: str, value: str) -> None:
    found = clock_times(text, lang=lang)
    assert [clock.value for clock in found] == [value]
    assert text[found[0].start : found[0].end] == found[0].text


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("de", "Ich habe um 5 Kilo abgenommen"),
        ("de", "um ein paar Tage verschoben"),
        ("de", "Das kostet 3.5 Euro"),
        ("de", "am 3.7.2025"),
        ("en", "she is at seven years old"),
        ("en", "at a party"),
        ("en", "rate at 2.5 percent"),
        ("en", "found that out the hard way at 19."),
        ("en", "I work from 9 to 5"),
        ("de", "Es ist 5 vor 12"),
    ],
)
def test_no_clock_time(lang: str, text: str) -> None:
    assert clock_times(text, lang=lang) == []
