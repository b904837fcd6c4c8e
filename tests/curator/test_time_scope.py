"""A time word dates the clause it stands in, posted turn by turn through the API and curated on
the worker's path: one clause's "seit 2019" does not date a name, an age or a job said beside
it, an afterthought ("…, seit dem 1. Juli") dates the sentence, and a correction of a value
keeps the time the wrong value was said to hold from."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from curator.evaluation.bench import read_zone
from tests.conftest import BOTH_DATABASES
from tests.curator.test_newcomer_phrasing import Chat

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


def since(chat: Chat, ref: str, predicate: str, *, at: str) -> list[date]:
    """The local days the active values of a slot hold from, on the turn's clock."""
    zone = read_zone(datetime.fromisoformat(at))
    return [
        h["valid_from"].astimezone(zone).date()
        for h in chat.history(ref, predicate)
        if h["lifecycle"] == "active"
    ]


def test_each_conjunct_keeps_its_own_time_and_the_name_beside_it_none():
    at = "2026-04-22T18:20:00+02:00"  # a Wednesday
    chat = Chat(owner="scope-de")
    chat.say(
        "Ich heiße Anna und bin seit 2021 Physiotherapeutin und seit letztem Montag bei der "
        "Praxis Kern angestellt",
        at=at,
    )
    assert since(chat, "person:me", "works_as", at=at) == [date(2021, 1, 1)]
    assert since(chat, "person:me", "works_at", at=at) == [date(2026, 4, 20)]
    assert since(chat, "person:me", "name", at=at) == [date(2026, 4, 22)]


def test_an_english_sentence_with_two_times_and_one_since_then():
    at = "2026-03-19T08:30:00+00:00"
    chat = Chat(owner="scope-en")
    chat.say(
        "I've been a nurse since 2016 and I started at St Mary's Hospital two weeks ago", at=at
    )
    assert since(chat, "person:me", "works_as", at=at) == [date(2016, 1, 1)]
    assert since(chat, "person:me", "works_at", at=at) == [date(2026, 3, 5)]
    chat.say(
        "I was diagnosed with type 2 diabetes in November and I've been on metformin since then",
        at="2026-03-19T08:32:00+00:00",
    )
    assert since(chat, "person:me", "takes_medication", at=at) == [date(2025, 11, 1)]


def test_an_afterthought_dates_the_sentence_and_a_new_subject_stays_undated():
    at = "2026-07-04T17:30:00+02:00"
    chat = Chat(owner="scope-after")
    chat.say("bin jetzt nach Dortmund gezogen, seit dem 1. Juli.", at=at)
    assert since(chat, "person:me", "lives_in", at=at) == [date(2026, 7, 1)]
    chat.say(
        "ich bin bibliothekarin in der stadtbibliothek chemnitz, seit 2019 schon, und mein "
        "kollege jörg redet echt den ganzen tag",
        at="2026-07-04T17:31:00+02:00",
    )
    assert since(chat, "person:me", "works_at", at=at) == [date(2019, 1, 1)]
    assert since(chat, "person:jorg", "relation_to_user", at=at) == [date(2026, 7, 4)]


def test_a_fragment_takes_its_clauses_time_but_not_what_holds_by_nature():
    at = "2026-02-25T20:00:00+01:00"
    chat = Chat(owner="scope-pet")
    chat.say("Meine Hündin Frida, ein Labrador, hab ich seit vorletztem Jahr", at=at)
    assert chat.current("person:me")["→owns"] == "pet:frida"
    assert since(chat, "person:me", "owns", at=at) == [date(2024, 1, 1)]
    assert since(chat, "pet:frida", "breed", at=at) == [date(2026, 2, 25)]
    chat.say("My daughter Ellie started at Leeds Uni in September", at="2026-02-25T20:01:00+01:00")
    assert since(chat, "person:ellie", "relation_to_user", at=at) == [date(2026, 2, 25)]


def test_a_time_word_is_no_part_of_the_routine():
    at = "2026-05-14T07:30:00+02:00"  # a Thursday
    chat = Chat(owner="scope-routine")
    chat.say("Seit letztem Montag mach ich jeden Morgen Yoga", at=at)
    assert chat.current("person:me")["routine"] == "jeden Morgen Yoga"
    assert since(chat, "person:me", "routine", at=at) == [date(2026, 5, 11)]


def test_a_corrected_field_of_study_holds_from_when_the_wrong_one_did():
    at = "2026-01-20T21:10:00+01:00"
    chat = Chat(owner="scope-correct")
    chat.say("Mein Sohn Paul studiert seit Oktober Informatik an der RWTH", at=at)
    assert chat.current("person:paul")["studies"] == "Informatik"
    assert chat.current("person:paul")["→studies_at"] == "org:rwth"
    chat.say("Ach nee, ich meinte Maschinenbau, nicht Informatik", at="2026-01-20T21:11:15+01:00")
    assert chat.current("person:paul")["studies"] == "Maschinenbau"
    assert since(chat, "person:paul", "studies", at=at) == [date(2025, 10, 1)]
    rows = chat.history("person:paul", "studies")
    assert all(r["lifecycle"] != "active" for r in rows if r["value"] == "Informatik")


def test_a_practice_kept_since_a_day_and_an_instrument_after_a_fronted_year():
    at = "2026-04-16T20:00:00+02:00"  # a Thursday
    chat = Chat(owner="scope-practice")
    chat.say("Seit letztem Montag mach ich Intervallfasten, 16:8", at=at)
    assert chat.current("person:me")["routine"] == "Intervallfasten"
    assert since(chat, "person:me", "routine", at=at) == [date(2026, 4, 13)]
    chat.say(
        "Seit 2019 spiel ich Cello, seit Oktober auch im Stadtorchester Bamberg",
        at="2026-04-16T20:01:00+02:00",
    )
    assert since(chat, "person:me", "hobby", at=at) == [date(2019, 1, 1)]
    assert since(chat, "person:me", "member_of", at=at) == [date(2025, 10, 1)]


def test_das_mit_dem_x_kannst_du_vergessen_forgets_x():
    at = "2026-02-17T10:00:00+01:00"
    chat = Chat(owner="scope-forget")
    chat.say("Ich nehm seit drei Tagen Ibuprofen wegen dem Knie", at=at)
    assert chat.current("person:me")["takes_medication"] == "Ibuprofen"
    chat.say("Das mit dem Ibuprofen kannst du vergessen", at="2026-02-17T10:02:00+01:00")
    assert "takes_medication" not in chat.current("person:me")


def test_from_now_on_only_one_value_ends_the_others_as_a_change():
    chat = Chat(owner="scope-only")
    chat.say("I prefer double espresso", at="2026-03-14T09:14:00+01:00")
    assert "double espresso" in str(chat.history("person:me", "prefers"))
    chat.say("From now on I'm drinking decaf only", at="2026-03-20T08:00:00+01:00")
    rows = {r["value"]: r["lifecycle"] for r in chat.history("person:me", "prefers")}
    assert rows["decaf"] == "active"
    # a change, not a correction: the old preference held until now
    assert rows["double espresso"] in ("ended", "superseded")


def test_i_meant_a_name_corrects_the_entity_said_last_and_since_corrects_the_time():
    at = "2026-03-10T10:00:00+00:00"
    chat = Chat(owner="scope-meant")
    chat.say("I live in Bristol", at=at)
    assert chat.current("person:me")["→lives_in"] == "place:bristol"
    chat.say("actually I meant Bath", at="2026-03-10T10:01:00+00:00")
    assert chat.current("person:me")["→lives_in"] == "place:bath"
    rows = {r["object_ref"]: r["lifecycle"] for r in chat.history("person:me", "lives_in")}
    assert rows["place:bristol"] == "invalidated"  # a correction: Bristol never held


def test_a_correction_of_only_the_time_redates_the_value_said_in_the_same_window():
    from curator.rules import Known, RuleCurator, Turn

    at = datetime.fromisoformat("2026-03-10T10:00:00+00:00")
    turns = [
        Turn(id="m0", role="user", text="I've been at Google since 2020", occurred_at=at),
        Turn(id="m1", role="user", text="wait no, since 2021", occurred_at=at),
    ]
    ops = [o for o in RuleCurator().propose(turns, Known()) if o.get("predicate") == "works_at"]
    assert [(o["object_ref"], str(o["valid_from"])[:10]) for o in ops] == [
        ("org:google", "2021-01-01")
    ]


def test_a_time_between_verb_and_object_does_not_hide_the_fact():
    at = "2026-03-10T10:00:00+01:00"
    chat = Chat(owner="scope-between")
    chat.say("wir wohnen seit dem 15.08.2023 in oldenburg und ich find keinen hausarzt", at=at)
    assert chat.current("person:me")["→lives_in"] == "place:oldenburg"
    assert since(chat, "person:me", "lives_in", at=at) == [date(2023, 8, 15)]
    chat.say(
        "bin seit dem 12. märz 2024 lokführerin, echt stressig", at="2026-03-10T10:01:00+01:00"
    )
    assert chat.current("person:me")["works_as"].lower() == "lokführerin"
    assert since(chat, "person:me", "works_as", at=at) == [date(2024, 3, 12)]


def test_a_relation_is_dated_only_where_the_sentence_says_how_it_began():
    at = "2026-09-09T20:30:00+02:00"
    chat = Chat(owner="scope-relation")
    chat.say("mein kumpel dennis ist vor zwei wochen nach linz gezogen", at=at)
    assert since(chat, "person:dennis", "relation_to_user", at=at) == [date(2026, 9, 9)]
    chat.say("und ich bin seit dem 2. Mai mit Sven verlobt", at="2026-09-09T20:31:00+02:00")
    assert chat.current("person:sven")["relation_to_user"] == "fiancee"
    assert since(chat, "person:sven", "relation_to_user", at=at) == [date(2026, 5, 2)]
    chat.say("and my flatmate Priya moved in three weeks ago", at="2026-09-09T20:32:00+02:00")
    assert since(chat, "person:priya", "relation_to_user", at=at) == [date(2026, 8, 19)]
