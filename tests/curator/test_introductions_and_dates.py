"""Self-introductions as people type them (a list after "kurz zu mir:", "rundown on me:"),
children counted and named in one breath, a pet's condition kept on the pet, residence in
casual lower case, and dates written short ("since '09", "2 yrs ago this month")."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from curator.extract.reader import corrects
from curator.language.dates import resolve_times
from curator.rules import Known, RuleCurator, Turn
from tests.conftest import BOTH_DATABASES
from tests.curator.test_extract import facts, ops_of
from tests.curator.test_newcomer_phrasing import Chat

AT = "2026-03-19T20:30:00+01:00"
ANCHOR = datetime.fromisoformat(AT)
US = "2026-02-20T12:05:00-05:00"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "kurz zu mir: Jana, 29, Erzieherin bei der Kita Regenbogen",
            {
                ("person:me", "name", "Jana"),
                ("person:me", "age", "29"),
                ("person:me", "works_as", "Erzieherin"),
                ("person:me", "works_at", "org:kita-regenbogen"),
            },
        ),
        (
            "ok a bit about me - Tom, 52, software developer at Atlassian, two dogs",
            {
                ("person:me", "name", "Tom"),
                ("person:me", "age", "52"),
                ("person:me", "works_as", "software developer"),
                ("person:me", "works_at", "org:atlassian"),
            },
        ),
        (
            "steckbrief: Sven (41), Busfahrer, wohnt in Kiel",
            {("person:me", "name", "Sven"), ("person:me", "age", "41")},
        ),
        (
            "quick intro: Priya, 33, nurse practitioner",
            {
                ("person:me", "name", "Priya"),
                ("person:me", "age", "33"),
                ("person:me", "works_as", "nurse practitioner"),
            },
        ),
    ],
)
def test_a_listed_self_introduction_names_the_speaker(text, expected):
    assert facts(text, at=AT) >= expected


def test_a_trained_occupation_in_the_list_is_no_current_job():
    found = facts("zu mir: Ali, 38, gelernter Bäcker, jetzt Fahrer bei DHL", at=AT)
    assert ("person:me", "works_as", "gelernter Bäcker") not in found
    assert ("person:me", "works_as", "Bäcker") not in found
    assert ("person:me", "works_as", "Fahrer") in found


@pytest.mark.parametrize(
    "text",
    [
        "Tom, 5, hat heute Fieber",  # no introduction: a child described
        "about the match: Leeds, 2, Chelsea, 1",  # a score, not a name and an age
        "Lena, 34, meine Kollegin, kommt morgen vorbei",
    ],
)
def test_a_name_and_a_number_without_an_introduction_is_not_the_speaker(text):
    found = facts(text, at=AT)
    assert not {f for f in found if f[0] == "person:me" and f[1] in ("name", "age")}


@pytest.mark.parametrize(
    ("text", "children"),
    [
        (
            "wir haben zwei Jungs, Emir (6) und Can (3)",
            {("emir", "son", "6"), ("can", "son", "3")},
        ),
        (
            "i've got two girls: Ava 7 and Mia 4",
            {("ava", "daughter", "7"), ("mia", "daughter", "4")},
        ),
        (
            "ich hab drei Kinder, Ole, Frida und Paul",
            {("ole", "son", None), ("frida", "daughter", None), ("paul", "son", None)},
        ),
        ("we have 2 sons - Jake (8) and Sam (5)", {("jake", "son", "8"), ("sam", "son", "5")}),
    ],
)
def test_children_counted_and_named_are_the_speakers(text, children):
    assert_children(facts(text, at=AT), children)


@pytest.mark.parametrize(
    "text",
    [
        "meine Schwester hat zwei Jungs, Ben und Max",  # her children
        "she has two boys, Leo and Finn",
        "wir haben zwei Jungs, Emir",  # the list breaks off: not the two
    ],
)
def test_children_counted_for_someone_else_or_broken_off_are_not_the_speakers(text):
    found = facts(text, at=AT)
    assert not {f for f in found if f[1] == "relation_to_user" and f[2] in ("son", "daughter")}


def test_a_pet_listed_in_an_introduction_is_owned_and_keeps_its_condition():
    found = facts(
        "steckbrief: Murat, 34, Meister im Autohaus Wendt. und dann noch der kater Paşa, "
        "12 jahre alt, hat seit letztem jahr diabetes",
        at=AT,
    )
    assert {
        ("person:me", "owns", "pet:pasa"),
        ("pet:pasa", "species", "cat"),
        ("pet:pasa", "age", "12"),
        ("pet:pasa", "health_condition", "diabetes"),
    } <= found
    assert ("person:me", "health_condition", "diabetes") not in found


def test_a_pet_with_its_article_outside_an_introduction_is_not_owned():
    found = facts("der Hund Bello von nebenan bellt die ganze Nacht", at=AT)
    assert ("person:me", "owns", "pet:bello") not in found


@pytest.mark.parametrize(
    ("text", "place", "since"),
    [
        ("been in atlanta since '09 but i love it", "place:atlanta", date(2009, 1, 1)),
        ("we've been in Leeds for six years now", "place:leeds", date(2020, 1, 1)),
        ("wir sind seit 2015 in Pankow und bleiben", "place:pankow", date(2015, 1, 1)),
        ("mein mann Deniz pendelt und wir wohnen seit 2015 in pankow", "place:pankow", None),
        ("bin ende letzten monats von göttingen nach kassel gezogen", "place:kassel", None),
    ],
)
def test_living_somewhere_as_typed(text, place, since):
    lived = {
        op["object_ref"]: op.get("valid_from")
        for op in ops_of(text)
        if op.get("predicate") == "lives_in" and op["subject_ref"] == "person:me"
    }
    assert place in lived
    if since is not None:
        assert lived[place][:10] == since.isoformat()


@pytest.mark.parametrize(
    "text",
    [
        "I've been in Rome twice",
        "was in Paris last week for work",
        "bin seit 2018 krankenpfleger bei Asklepios in Hamburg",
        "wir sind letztes jahr nach hause gezogen",
        "sind im märz nach oben gezogen",
    ],
)
def test_visits_employers_and_directions_are_no_residence(text):
    assert not {f for f in facts(text, at=AT) if f[1] == "lives_in"}


def test_a_casual_sentence_keeps_a_verb_after_a_pet_noun_a_verb():
    found = facts("ach und futter für Balu nich vergessen, unser hund frisst mehr als wir", at=AT)
    assert not {f for f in found if f[0] == "pet:frisst" or f[2] == "pet:frisst"}


@pytest.mark.parametrize(
    ("text", "lang", "start", "granularity"),
    [
        ("been in atlanta since '09", "en", date(2009, 1, 1), "year"),
        ("i've had him since ’99", "en", date(1999, 1, 1), "year"),
        ("seit '15 in Berlin", "de", date(2015, 1, 1), "year"),
        ("moved here 2 yrs ago", "en", date(2024, 1, 1), "year"),
        ("started 3 wks ago", "en", date(2026, 2, 26), "day"),
        ("moved to portland 2 yrs ago this month", "en", date(2024, 3, 1), "month"),
        ("we got married ten years ago today", "en", date(2016, 3, 19), "day"),
    ],
)
def test_short_written_times(text, lang, start, granularity):
    (found,) = resolve_times(text, anchor=ANCHOR, lang=lang)
    assert (found.valid_from.date(), found.granularity) == (start, granularity)


@pytest.mark.parametrize(
    ("text", "lang"),
    [("music from the '90s", "en"), ("the '09 vintage was great", "en"), ("rock 'n' roll", "en")],
)
def test_an_apostrophe_number_without_a_preposition_is_no_year(text, lang):
    assert resolve_times(text, anchor=ANCHOR, lang=lang) == []


@pytest.mark.parametrize(
    "text",
    [
        "i've been in therapy since may",
        "been in charge since 2020",
        "been in lockdown since monday",
    ],
)
def test_being_in_a_state_since_a_time_is_no_residence(text):
    assert not {f for f in facts(text, at=AT) if f[1] == "lives_in"}


def _tasks(text: str, *, at: str = AT) -> dict[str, str]:
    """Task name ref → due date of the tasks a text makes."""
    found = facts(text, at=at)
    return {s: v for s, p, v in found if s.startswith("task:") and p == "due"}


@pytest.mark.parametrize(
    ("text", "at", "task", "due"),
    [
        ("memory dump: dentist 3/12 at 9:15, and then lunch with my mom", US, "task:dentist",
         "2026-03-12"),
        ("vet appointment on wed the 14th, remind me pls", "2026-01-09T20:10:00+00:00",
         "task:vet-appointment", "2026-01-14"),
        ("dentist tmrw at 3, then the landlord", "2026-04-27T22:00:00-07:00", "task:dentist",
         "2026-04-28"),
        ("Zahnarzt am Dienstag um 10 und dann Einkaufen", AT, "task:zahnarzt", "2026-03-24"),
        ("hab am 26. nen termin beim hautarzt", AT, "task:termin-beim-hautarzt", "2026-03-26"),
    ],
)  # fmt: skip
def test_an_appointment_with_its_day_is_a_task_due_then(text, at, task, due):
    assert _tasks(text, at=at).get(task) == due


@pytest.mark.parametrize(
    "text",
    [
        "my sister has a dentist appointment tomorrow",  # hers
        "she's a dentist on mondays",  # an occupation
        "i was at the dentist yesterday",  # past
        "do i need a vet appointment tomorrow?",  # a question
        "arbeite als Tierärztin am Montag",
    ],
)
def test_an_occupation_a_past_visit_or_someone_elses_appointment_is_no_task(text):
    assert not _tasks(text)


@pytest.mark.parametrize(
    ("text", "at", "day"),
    [
        ("dentist 3/12 at 9:15", "2026-02-20T12:05:00-05:00", date(2026, 3, 12)),
        ("dentist 3/12 at 9:15", "2026-02-20T12:05:00+00:00", date(2026, 12, 3)),
        ("our anniversary is on 4/18", "2026-02-20T12:05:00-05:00", date(2026, 4, 18)),
        ("see you tmrw", AT, date(2026, 3, 20)),
    ],
)
def test_a_slashed_day_and_tmrw(text, at, day):
    (found,) = resolve_times(text, anchor=datetime.fromisoformat(at), lang="en")
    assert found.valid_from.date() == day


@pytest.mark.parametrize(
    "text", ["add 3/4 cup of flour", "open 24/7 at 5 stars", "scored 7/10 on the test"]
)
def test_a_fraction_or_a_score_is_no_day(text):
    assert resolve_times(text, anchor=ANCHOR, lang="en") == []


@pytest.mark.parametrize(
    ("text", "corrected"),
    [
        ("ugh wait, dentist is WEDNESDAY not tmrw", True),
        ("the party is on the 15th not the 12th", True),
        ("Abgabe ist Freitag nicht Donnerstag", True),
        ("ich kann nicht morgen", False),
        ("it is not 5 pm yet", False),
        ("heute nicht, morgen vielleicht", False),
    ],
)
def test_a_day_said_in_place_of_another_corrects(text, corrected):
    assert corrects(text) is corrected


@pytest.mark.parametrize(
    ("text", "children"),
    [
        (
            "unsere große Emma ist 16 und unser kleiner Finn 9",
            {("emma", "daughter", "16"), ("finn", "son", "9")},
        ),
        (
            "my boy Jayden's 9 and my girl Amara's 6, both hate camps",
            {("jayden", "son", "9"), ("amara", "daughter", "6")},
        ),
        ("meine Kleine, Lotta, ist 4 und liebt Pferde", {("lotta", "daughter", "4")}),
        ("my eldest, Sam, starts uni in september", {("sam", "son", None)}),
    ],
)
def test_a_child_called_by_rank_or_as_boy_or_girl(text, children):
    assert_children(facts(text, at=AT), children)


@pytest.mark.parametrize(
    "text",
    [
        "our girl Luna (a beagle) loves long walks",  # a pet called so
        "meine große Schwester Anna wohnt in Kiel",  # a sister
        "unser kleiner Garten ist voller Tomaten",  # no name
    ],
)
def test_a_pet_a_sibling_or_a_thing_called_by_rank_is_no_child(text):
    found = facts(text, at=AT)
    assert not {f for f in found if f[1] == "relation_to_user" and f[2] in ("son", "daughter")}


@pytest.mark.parametrize(
    ("text", "pets"),
    [
        ("have two cats, Tom and Jerry, both rescues", {("tom", "cat"), ("jerry", "cat")}),
        ("wir haben zwei Kaninchen, Flocke und Krümel",
         {("flocke", "rabbit"), ("krumel", "rabbit")}),
        ("i've got 2 guinea pigs called Salt and Pepper",
         {("salt", "guinea_pig"), ("pepper", "guinea_pig")}),
    ],
)  # fmt: skip
def test_pets_counted_and_named_are_the_speakers(text, pets):
    found = facts(text, at=AT)
    for name, species in pets:
        assert ("person:me", "owns", f"pet:{name}") in found
        assert (f"pet:{name}", "species", species) in found


@pytest.mark.parametrize(
    "text", ["meine Nachbarin hat zwei Katzen, Tom und Jerry", "their two dogs, Rex and Bo, bark"]
)
def test_someone_elses_counted_pets_are_not_owned(text):
    assert not {f for f in facts(text, at=AT) if f[1] == "owns"}


@pytest.mark.parametrize(
    ("text", "job", "employer"),
    [
        (
            "so i started a new job last week, junior ux designer at a studio called Foxglove",
            "junior ux designer",
            "org:foxglove",
        ),
        ("neuer job seit märz: kundenberaterin bei der Sparkasse", "kundenberaterin", None),
        ("ok new job: staff nurse at Guys from monday", "staff nurse", None),
    ],
)
def test_the_item_after_a_new_job_names_it(text, job, employer):
    found = facts(text, at=AT)
    assert ("person:me", "works_as", job) in found
    if employer:
        assert ("person:me", "works_at", employer) in found


@pytest.mark.parametrize(
    "text", ["the new job, honestly, is fine", "my new job: no idea yet, still looking"]
)
def test_a_new_job_without_an_occupation_names_none(text):
    assert not {f for f in facts(text, at=AT) if f[1] == "works_as"}


def test_an_employer_with_a_title_keeps_it():
    found = facts("seit Mai arbeite ich als Arzthelferin in der Praxis Dr. Hofmann", at=AT)
    assert ("person:me", "works_at", "org:praxis-dr-hofmann") in found


@pytest.mark.parametrize(
    ("text", "lang", "day"),
    [
        ("i started a new job a fortnight ago monday", "en", date(2026, 3, 2)),
        ("two weeks ago on friday we met", "en", date(2026, 3, 6)),
        ("monday a week ago", "en", date(2026, 3, 9)),
        ("hab vor zwei wochen am montag angefangen", "de", date(2026, 3, 2)),
        ("montag vor einer woche", "de", date(2026, 3, 9)),
    ],
)
def test_a_weekday_so_many_weeks_ago(text, lang, day):
    (found,) = resolve_times(text, anchor=ANCHOR, lang=lang)
    assert (found.valid_from.date(), found.granularity) == (day, "day")


@pytest.mark.parametrize(
    "text",
    [
        "my mate got me the interview. before this i was on tills at Tesco for ages",
        "i used to work at Aldi, long story",
        "davor war ich Lehrerin an der Gesamtschule Mitte",
        "ich arbeite bei Bosch, vorher war ich bei Siemens",
    ],
)
def test_a_job_said_to_lie_before_is_not_held_now(text):
    found = facts(text, at=AT)
    assert not {f for f in found if f[1] in ("works_at", "works_as") and "bosch" not in f[2]}


def test_a_job_said_now_still_is():
    assert ("person:me", "works_at", "org:tesco") in facts("i work at Tesco", at=AT)


@pytest.mark.parametrize(
    ("text", "who", "place"),
    [
        ("my nan Jean turned 90!! still lives on her own in Whitby", "person:jean", "place:whitby"),
        ("meine Schwester Carina ist schwanger! wohnt in Würzburg", "person:carina",
         "place:wurzburg"),
        ("my brother Tom got married. lives in Leeds with her now", "person:tom", "place:leeds"),
    ],
)  # fmt: skip
def test_a_third_person_verb_without_its_subject_goes_on_about_the_last_person(text, who, place):
    found = facts(text, at=AT)
    assert (who, "lives_in", place) in found
    assert ("person:me", "lives_in", place) not in found


@pytest.mark.parametrize(
    "text", ["lives in Leeds now, loving it", "wohnt in Köln, arbeitet bei Ford"]
)
def test_a_third_person_verb_with_nobody_to_go_on_about_is_nobodys(text):
    assert not {f for f in facts(text, at=AT) if f[1] == "lives_in"}


@pytest.mark.django_db(databases=BOTH_DATABASES)
@pytest.mark.parametrize(
    ("task", "later", "ref"),
    [
        ("ich muss die Steuererklärung bis 31. Juli abgeben", "STEUER IST RAUS 🎉",
         "task:steuererklarung-abgeben"),
        ("ich muss bis Freitag den Elterngeldantrag abschicken", "elterngeld is raus 🙌",
         "task:elterngeldantrag-abschicken"),
        ("ich muss noch die Nebenkostenabrechnung prüfen", "Nebenkosten sind raus, puh",
         "task:nebenkostenabrechnung-prufen"),
    ],
)  # fmt: skip
def test_a_task_sent_off_is_done(task, later, ref):
    chat = Chat()
    chat.say(task, at="2026-06-02T09:10:00+02:00")
    assert chat.current(ref)["status"] == "open"
    chat.say(later, at="2026-06-03T09:10:00+02:00")
    assert chat.current(ref)["status"] == "done"


@pytest.mark.django_db(databases=BOTH_DATABASES)
@pytest.mark.parametrize("later", ["der Müll muss noch raus", "die Katze ist raus, puh"])
def test_something_else_out_or_a_short_word_closes_no_task(later):
    chat = Chat()
    chat.say("ich muss den Reisepass bis Freitag verlängern", at="2026-06-02T09:10:00+02:00")
    chat.say(later, at="2026-06-03T09:10:00+02:00")
    assert chat.current("task:reisepass-verlangern")["status"] == "open"


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (
            ("my sister Fiona is visiting.", "technically fiona's my cousin not my sister btw"),
            ("person:fiona", "relation_to_user", "cousin"),
        ),
        (
            ("Meine Schwester Carina ist schwanger.", "carina wohnt in Schweinfurt, nich würzburg"),
            ("person:carina", "lives_in", "place:schweinfurt"),
        ),
        (
            ("My friend Priya is great.", "priya is 34 and a nurse"),
            ("person:priya", "age", "34"),
        ),
    ],
)
def test_a_name_the_window_knows_written_again_in_lower_case(texts, expected):
    assert expected in facts(*texts, at=AT)


@pytest.mark.parametrize(
    "texts",
    [
        ("My cat Bean is lovely.", "i grind every coffee bean myself"),
        ("My friend Will is here.", "i will move to Leeds someday maybe"),
    ],
)
def test_a_known_name_that_is_also_a_word_stays_a_word(texts):
    found = facts(*texts, at=AT)
    assert not {f for f in found if f[1] == "lives_in"}
    assert not {f for f in found if f[0] == "pet:bean" and f[1] != "species"}


@pytest.mark.parametrize(
    ("texts", "start"),
    [
        (("hab letzten Montag bei Brandt & Partner angefangen, bin jetzt Kauffrau",), "2026-03-16"),
        (("started my new job at Monzo on the 5th of march. i'm a backend developer there",),
         "2026-03-05"),
        (("ich hab am 2. märz bei Zalando angefangen. bin dort Verkäuferin",), "2026-03-02"),
    ],
)  # fmt: skip
def test_the_day_a_job_started_dates_both_employer_and_occupation(texts, start):
    dated = {
        op["predicate"]: op["valid_from"][:10]
        for op in ops_at(*texts, at=AT)
        if op.get("predicate") in ("works_at", "works_as")
    }
    assert dated == {"works_at": start, "works_as": start}


@pytest.mark.parametrize(
    ("text", "job_from"),
    [
        ("ich arbeite bei Bosch. seit 2019 bin ich Teamleiterin", "2019-01-01"),  # no start
        ("my sister started at Ocado on monday. i'm a nurse at Guys", AT[:10]),  # hers
    ],
)
def test_without_the_speakers_start_the_occupation_keeps_its_own_time(text, job_from):
    dated = {
        op["predicate"]: op["valid_from"][:10]
        for op in ops_at(text, at=AT)
        if op.get("predicate") == "works_as" and op["subject_ref"] == "person:me"
    }
    assert dated == {"works_as": job_from}


def ops_at(*texts: str, at: str) -> list[dict]:
    turns = [
        Turn(id=f"m{n}", role="user", text=t, occurred_at=datetime.fromisoformat(at))
        for n, t in enumerate(texts)
    ]
    return RuleCurator().propose(turns, Known())


@pytest.mark.parametrize(
    ("text", "expected", "taken_back"),
    [
        ("bin 31 – ne moment, 32, hatte ja letzte woche geburtstag", ("person:me", "age", "32"),
         ("person:me", "age", "31")),
        ("i'm 44, no wait, 45 since last week", ("person:me", "age", "45"),
         ("person:me", "age", "44")),
        ("ich wohne in Bonn, nee warte, in Köln", ("person:me", "lives_in", "place:koln"),
         ("person:me", "lives_in", "place:bonn")),
    ],
)  # fmt: skip
def test_a_word_taken_back_in_the_same_breath_gives_way(text, expected, taken_back):
    found = facts(text, at=AT)
    assert expected in found
    assert taken_back not in found


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("i'm 30. no wait, the party is at 8", ("person:me", "age", "30")),
        ("ich wohne in Bonn. oh warte, das Paket kommt", ("person:me", "lives_in", "place:bonn")),
    ],
)
def test_a_wait_after_a_full_stop_takes_nothing_back(text, kept):
    assert kept in facts(text, at=AT)


@pytest.mark.parametrize(
    ("text", "task"),
    [
        ("na, ich muss morgen zum amt", "task:amt"),
        ("ich muss morgen zum arzt", "task:arzt"),
        ("i need to get to the gym tomorrow", "task:get-to-gym"),
    ],
)
def test_a_short_place_after_zum_is_named_whole(text, task):
    assert task in _tasks(text)


@pytest.mark.parametrize(
    ("text", "task"),
    [
        ("ich muss bis freitag die unterlagen zum Amt bringen", "task:unterlagen-bringen"),
        ("i need to take the car to the garage by friday", "task:take-car-to-garage"),
    ],
)
def test_the_place_before_the_last_verb_still_drops_out(text, task):
    assert task in _tasks(text)


def assert_children(found: set, children: set) -> None:
    """Each (name, relation, age or None) is a child of the speaker's with that age."""
    for name, relation, age in children:
        assert (f"person:{name}", "relation_to_user", relation) in found
        if age:
            assert (f"person:{name}", "age", age) in found
