"""Tasks, routines and jobs as people write them in chat, posted over HTTP and curated on the
worker's path: deadlines with ordinals and dropped subjects, a task reported done by a pronoun,
clock times and separable verbs in routines, fused and abbreviated weekdays, trade
occupations and employers written in lower case or with "The" in their name."""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.conftest import BOTH_DATABASES
from tests.curator.test_newcomer_phrasing import Chat

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

AT = "2026-03-14T09:12:00+01:00"
LATER = "2026-03-16T18:30:00+01:00"


def test_a_deadline_with_an_ordinal_and_noch_is_a_task_ahead_not_the_past():
    chat = Chat()
    chat.say("Ich muss bis zum 20. April noch den Kitaantrag abgeben", at=AT)
    task = chat.current("task:kitaantrag-abgeben")
    assert (task["status"], task["due"]) == ("open", "2026-04-20")


def test_bis_noch_without_an_obligation_still_ends_in_the_past():
    chat = Chat()
    chat.say("Bis 2020 hab ich noch in Köln gewohnt", at=AT)
    assert "→lives_in" not in chat.current("person:me")


@pytest.mark.parametrize(
    ("text", "ref", "due"),
    [
        ("muss bis zum 2. april die stromrechnung bezahlen, sonst gibts mahnung",
         "task:stromrechnung-bezahlen", "2026-04-02"),
        ("need to book the MOT before the 30th, remind me", "task:book-mot", "2026-03-30"),
    ],
)  # fmt: skip
def test_an_obligation_without_its_subject_is_the_users_task(text, ref, due):
    chat = Chat()
    chat.say(text, at=AT)
    task = chat.current(ref)
    assert (task["status"], task["due"]) == ("open", due)


def test_the_consequence_after_or_is_not_part_of_the_task():
    chat = Chat()
    chat.say("i need to pay the parking fine by friday or they'll double it", at=AT)
    assert chat.current("task:pay-parking-fine")["status"] == "open"


@pytest.mark.parametrize(
    ("first", "ref", "later"),
    [
        ("i need to pay the parking fine by friday", "task:pay-parking-fine", "paid it!!"),
        ("muss bis zum 2. april die stromrechnung bezahlen", "task:stromrechnung-bezahlen",
         "stromrechnung ist erledigt ✅"),
    ],
)  # fmt: skip
def test_a_task_reported_done_by_pronoun_or_head_noun_is_done(first, ref, later):
    chat = Chat()
    chat.say(first, at=AT)
    assert chat.current(ref)["status"] == "open"
    chat.say(later, at=LATER)
    assert chat.current(ref)["status"] == "done"


def test_a_task_not_done_yet_stays_open():
    chat = Chat()
    chat.say("muss bis zum 2. april die stromrechnung bezahlen", at=AT)
    chat.say("die stromrechnung hab ich noch nicht erledigt, mach ich morgen", at=LATER)
    assert chat.current("task:stromrechnung-bezahlen")["status"] == "open"


def test_a_clock_time_is_kept_and_a_separable_verb_is_named_whole():
    chat = Chat()
    chat.say("Ich steh unter der Woche um 6:15 auf, sonst schaff ich den Zug nicht", at=AT)
    assert chat.current("person:me")["routine"] == "unter Woche um 6:15 aufstehen"


def test_a_weekday_fused_with_a_time_of_day_is_a_routine():
    chat = Chat()
    chat.say("Ich geh jeden Donnerstagabend klettern", at=AT)
    assert chat.current("person:me")["routine"] == "jeden Donnerstagabend klettern"


def test_abbreviated_weekdays_are_a_routine_and_written_out():
    chat = Chat(owner="nora-en")
    chat.say("i swim tue/thu at 7am before work", at=AT)
    assert chat.current("person:me")["routine"] == "swim Tuesday Thursday at 7am before work"


def test_a_range_of_days_is_no_weekday_list():
    chat = Chat(owner="nora-en")
    chat.say("i only do mon-wed now thank god", at=AT)
    assert "routine" not in chat.current("person:me")


@pytest.mark.parametrize(
    ("text", "job", "employer"),
    [
        ("Ich arbeite als Informatiker bei Siemens", "Informatiker", "org:siemens"),
        ("bin seit 2021 kfz-mechanikerin bei der firma brandt", "kfz-mechanikerin", None),
        ("I'm a bartender at The Crown in Bath", "bartender", "org:the-crown"),
        ("ich bin erzieherin in der kita sonnenschein", "erzieherin", "org:kita-sonnenschein"),
    ],
)
def test_jobs_and_employers_as_written(text, job, employer):
    chat = Chat()
    chat.say(text, at=AT)
    me = chat.current("person:me")
    assert me["works_as"] == job
    if employer:
        assert me["→works_at"] == employer


def test_a_bare_institution_in_lower_case_is_no_employer():
    chat = Chat()
    chat.say("ich bin pflegerin im krankenhaus und mag meinen job", at=AT)
    me = chat.current("person:me")
    assert me["works_as"] == "pflegerin"
    assert "→works_at" not in me


def test_a_workplace_called_by_name_is_the_employer():
    chat = Chat(owner="nora-en")
    chat.say("I work at a bakery called Krume", at=AT)
    assert chat.current("person:me")["→works_at"] == "org:krume"


def test_an_acronym_right_after_the_job_is_the_employer_and_elsewhere_is_not():
    chat = Chat()
    chat.say("Ich arbeite als Krankenpflegerin im UKE", at=AT)
    assert chat.current("person:me")["→works_at"] == "org:uke"
    other = Chat(owner="nora-2")
    other.say("Ich bin Lehrerin und saß heute drei Stunden im ICE nach Köln", at=AT)
    assert "→works_at" not in other.current("person:me")


@pytest.mark.parametrize(
    ("text", "hobby", "since"),
    [
        ("hab vor zwei wochen mit bogenschießen angefangen, macht voll spaß",
         "bogenschießen", "2026-02-28"),
        ("I started fencing on Monday and everything hurts", "fencing", "2026-03-09"),
    ],
)  # fmt: skip
def test_taking_up_an_activity_is_a_hobby_from_the_time_the_text_gives(text, hobby, since):
    chat = Chat()
    chat.say(text, at=AT)
    assert chat.current("person:me")["hobby"] == hobby
    history = chat.history("person:me", "hobby")
    speaker = datetime.fromisoformat(AT).tzinfo
    assert [h["valid_from"].astimezone(speaker).date().isoformat() for h in history] == [since]


@pytest.mark.parametrize(
    "text",
    [
        "Ich hab letzte Woche mit der Arbeit angefangen",
        "she's started swimming lessons on thursdays",
        "I started working at Lidl on Tuesday",
    ],
)
def test_starting_work_or_a_gerund_before_a_noun_is_no_hobby(text):
    chat = Chat()
    chat.say(text, at=AT)
    assert "hobby" not in chat.current("person:me")


@pytest.mark.parametrize(
    ("text", "plan"),
    [
        ("und im herbst will ich endlich mal den rennsteig wandern", "rennsteig wandern"),
        ("Im Mai gehts für eine Woche zum Tauchen nach Malta!!", "Tauchen nach Malta"),
    ],
)
def test_a_plan_after_a_fronted_time_is_held_from_now(text, plan):
    chat = Chat()
    chat.say(text, at=AT)
    assert chat.current("person:me")["plans"] == plan
    speaker = datetime.fromisoformat(AT).tzinfo
    history = chat.history("person:me", "plans")
    assert [h["valid_from"].astimezone(speaker).date().isoformat() for h in history] == [
        "2026-03-14"
    ]


def test_a_plan_about_someone_only_a_pronoun_names_is_not_kept():
    chat = Chat()
    chat.say("Meine Freundin Carla hat bald Geburtstag, morgen will ich sie überraschen", at=AT)
    assert "plans" not in chat.current("person:me")


def test_mach_ich_stands_for_the_activity_just_done():
    chat = Chat()
    chat.say("bin grad gejoggt, mach ich jeden Dienstag vor der Arbeit", at=AT)
    assert chat.current("person:me")["routine"] == "jeden Dienstag joggen"


def test_an_over_long_routine_leaves_its_named_company_to_membership():
    chat = Chat(owner="nora-en")
    chat.say("every second Sunday of the month is choir practice with the Harmony Singers", at=AT)
    me = chat.current("person:me")
    assert me["routine"] == "every second Sunday of month choir practice"
    assert me["→member_of"] == "org:harmony-singers"


@pytest.mark.parametrize(
    ("text", "org", "place"),
    [
        ("I'm a bartender at The Swan, a pub in Whitby, and I love it", "org:the-swan",
         "place:whitby"),
        ("ich arbeite als Grafikerin bei ner kleinen Firma in Jena, Bildwerk heißt die.",
         "org:bildwerk", "place:jena"),
    ],
)  # fmt: skip
def test_an_employer_described_or_named_after_the_fact_is_located(text, org, place):
    chat = Chat()
    chat.say(text, at=AT)
    assert chat.current("person:me")["→works_at"] == org
    assert chat.current(org)["→located_in"] == place


def test_a_lower_case_month_abbreviation_after_since_dates_the_job():
    chat = Chat(owner="nora-en")
    chat.say("i'm a nurse at a clinic called Medwell, been there since feb", at=AT)
    assert chat.current("person:me")["→works_at"] == "org:medwell"
    speaker = datetime.fromisoformat(AT).tzinfo
    history = chat.history("person:me", "works_at")
    assert [h["valid_from"].astimezone(speaker).date().isoformat() for h in history] == [
        "2026-02-01"
    ]
